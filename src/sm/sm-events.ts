/**
 * Kinds of the SM's events (StreamingMultiprocessor's event queue; the argument is a warp slot):
 * a warp may issue again (`ready`), leaves (`exit`), arrives on its sub-partition (`arrive`), or
 * its stall count stops showing as a pending deferred barrier (`unbar`, Barriers.enterWait); or
 * an asynchronous copy lands (`copyLanded`, whose argument is the copy's index in
 * async/async-unit.ts, not a warp).
 */
export const SmEvent = { ready: 0, exit: 1, arrive: 2, unbar: 3, copyLanded: 4 } as const;
