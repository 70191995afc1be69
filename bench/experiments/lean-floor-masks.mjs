// lean-floor.mjs with the scan taken out (issue 13, "what it would take"): each scheduler keeps
// bit masks of its candidates per pipe class, the eligible warps are an OR of the free classes'
// masks, the oldest-block greedy pick is bit arithmetic (warps' local slots are in age order in
// these cases), and the candidates' warp states are accounted per scheduler in aggregate (how
// many are selected, not selected, throttled since the last look) instead of warp by warp.
// Same cycles and the same warp-cycles per state as lean-floor.mjs (it prints both).
//
//   node bench/experiments/lean-floor-masks.mjs loads-8w | warps-1 | warps-16 [--scale F]
import seedrandom from "seedrandom";

const CASE = process.argv[2] ?? "loads-8w";
const BURSTS = false;
// Loop trips times F, as bench/case.mjs --scale (bench/instructions.sh-style counts at two scales).
const scaleAt = process.argv.indexOf("--scale");
const SCALE = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;
const SUBPARTITIONS = 4;

// Instruction records, 8 numbers each: kind, latency, issue cycles, pipe class, destination,
// three sources (-1: none).
const MATH = 0, LOAD = 1, BRANCH = 2, EXIT = 3;
const FP32 = 0, LSU = 1, ALU = 2;
const STRIDE = 8;

/** The bench cases (bench/cases.mjs) this floor reproduces: warps per scheduler, trips, the loop. */
function benchCase(name) {
  const loop = [];
  if (name === "loads-8w") {
    // load-compute, ilp 4, 8 FFMAs per load: R8.. values, R12.. accumulators, R4 the constant.
    for (let k = 0; k < 4; k++) loop.push([LOAD, 0, 1, LSU, 8 + k, 2, -1, -1]);
    for (let j = 0; j < 8; j++) for (let k = 0; k < 4; k++) loop.push([MATH, 4, 2, FP32, 12 + k, 12 + k, 8 + k, 4]);
    return { warpsPerScheduler: 8, blocksOf: () => 0, trips: Math.round(8000 * SCALE), loop };
  }
  const w = name === "warps-16" ? 16 : 1;
  // sameWork: 32 instructions, every fourth an IADD3 (the 16-lane ALU, 2 cycles), the rest FFMA.
  for (let i = 0; i < 32; i++) {
    loop.push(i % 4 === 3 ? [MATH, 4, 2, ALU, 20 + (i % 8), 20 + (i % 8), -1, -1] : [MATH, 4, 2, FP32, 10 + (i % 4), 10 + (i % 4), 4, 5]);
  }
  // One block of 4 warps (one per scheduler) per `w`: warp slot s belongs to block floor(s / 4).
  return { warpsPerScheduler: w, blocksOf: (slot) => Math.floor(slot / SUBPARTITIONS), trips: Math.round(Math.round(38400 / w) * SCALE), loop };
}

const { warpsPerScheduler: PER, blocksOf, trips: TRIPS, loop } = benchCase(CASE);
const records = [...loop, [BRANCH, 6, 1, FP32, -1, -1, -1, -1], [EXIT, 0, 1, FP32, -1, -1, -1, -1]];
const program = new Int32Array(records.length * STRIDE);
records.forEach((r, i) => program.set(r, i * STRIDE));
const WARPS = SUBPARTITIONS * PER;

const REGS = 32;
const readyAt = new Float64Array(WARPS * REGS);
const reason = new Uint8Array(WARPS * REGS);
const pc = new Int32Array(WARPS);
const trip = new Int32Array(WARPS);
const lastIssue = new Float64Array(WARPS).fill(-1);
const age = new Float64Array(WARPS);
const blockAge = new Float64Array(WARPS);
const unitFree = new Float64Array(SUBPARTITIONS * 4); // FP32 heavy, FP32 lite, LSU, ALU
// Per scheduler: candidates by pipe class as bit masks of local slots (slot w is local w / 4).
const classMask = new Int32Array(SUBPARTITIONS * 3);
const candidateMask = new Int32Array(SUBPARTITIONS);
const candidateClass = new Uint8Array(WARPS);
// Candidates that joined since the scheduler last looked: their own warp state runs until it does.
const joinMask = new Int32Array(SUBPARTITIONS);
// What the scheduler's last look made of its candidates, accounted together from lastLook on.
const notSelectedMask = new Int32Array(SUBPARTITIONS);
const throttledMask = new Int32Array(SUBPARTITIONS);
const selectedWarp = new Int32Array(SUBPARTITIONS).fill(-1);
const lastLook = new Float64Array(SUBPARTITIONS);
const bit = (w) => 1 << ((w / SUBPARTITIONS) | 0);
const slotOf = (s, local) => local * SUBPARTITIONS + s;
function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
const nextWake = new Float64Array(SUBPARTITIONS).fill(Infinity);
const lastChosen = new Int32Array(SUBPARTITIONS).fill(-1);
const state = new Uint8Array(WARPS);
const since = new Float64Array(WARPS);
const warpCycles = new Float64Array(SUBPARTITIONS * 8);
const histogram = new Float64Array(SUBPARTITIONS * (PER + 1));
const SELECTED = 1, NOT_SELECTED = 2, LONG_SCOREBOARD = 3, WAIT = 4, THROTTLE = 5, BRANCH_STATE = 6;
let instructions = 0;

// Binary heap of wake-ups (cycle, insertion order, warp; a negative warp is an exit).
let heapCycle = new Float64Array(1024), heapSeq = new Float64Array(1024), heapWarp = new Int32Array(1024);
let heapSize = 0, nextSeq = 0;
function push(cycle, warp) {
  let i = heapSize++;
  const seq = nextSeq++;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (heapCycle[p] < cycle || (heapCycle[p] === cycle && heapSeq[p] < seq)) break;
    heapCycle[i] = heapCycle[p]; heapSeq[i] = heapSeq[p]; heapWarp[i] = heapWarp[p];
    i = p;
  }
  heapCycle[i] = cycle; heapSeq[i] = seq; heapWarp[i] = warp;
}
function pop() {
  const last = --heapSize;
  const c = heapCycle[last], s = heapSeq[last], w = heapWarp[last];
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= last) break;
    let child = l;
    if (l + 1 < last && (heapCycle[l + 1] < heapCycle[l] || (heapCycle[l + 1] === heapCycle[l] && heapSeq[l + 1] < heapSeq[l]))) child = l + 1;
    if (c < heapCycle[child] || (c === heapCycle[child] && s < heapSeq[child])) break;
    heapCycle[i] = heapCycle[child]; heapSeq[i] = heapSeq[child]; heapWarp[i] = heapWarp[child];
    i = child;
  }
  heapCycle[i] = c; heapSeq[i] = s; heapWarp[i] = w;
}

function enter(w, next, cycle) {
  const old = state[w];
  if (old === next) return;
  warpCycles[(w % SUBPARTITIONS) * 8 + old] += cycle - since[w];
  state[w] = next;
  since[w] = cycle;
}

const random = seedrandom("1:loads");

/** The warp stops being a candidate at `cycle` and waits in `why` from then on. */
function leave(w, why, cycle) {
  const s = w % SUBPARTITIONS, b = bit(w);
  if ((candidateMask[s] & b) === 0) return enter(w, why, cycle);
  classMask[s * 3 + candidateClass[w]] &= ~b;
  candidateMask[s] &= ~b;
  if ((joinMask[s] & b) !== 0) {
    joinMask[s] &= ~b;
    return enter(w, why, cycle);
  }
  // It was in the scheduler's aggregate: its share from the last look is its own.
  let was;
  if (selectedWarp[s] === w) { was = SELECTED; selectedWarp[s] = -1; }
  else if ((notSelectedMask[s] & b) !== 0) { was = NOT_SELECTED; notSelectedMask[s] &= ~b; }
  else { was = THROTTLE; throttledMask[s] &= ~b; }
  warpCycles[s * 8 + was] += cycle - lastLook[s];
  state[w] = why;
  since[w] = cycle;
}

function wake(w, cycle) {
  const s = w % SUBPARTITIONS, r = pc[w] * STRIDE, base = w * REGS;
  let latest = 0, why = WAIT;
  for (let k = 4; k < 8; k++) {
    const reg = program[r + k];
    if (reg < 0) continue;
    const t = readyAt[base + reg];
    if (t > latest) { latest = t; why = reason[base + reg]; }
  }
  if (latest <= cycle) {
    const b = bit(w), c = program[r + 3];
    if ((candidateMask[s] & b) === 0) {
      candidateMask[s] |= b;
      joinMask[s] |= b;
    } else {
      classMask[s * 3 + candidateClass[w]] &= ~b;
    }
    classMask[s * 3 + c] |= b;
    candidateClass[w] = c;
    if (cycle < nextWake[s]) nextWake[s] = cycle;
  } else {
    leave(w, why, cycle);
    push(latest, w);
  }
}

function select(s, now) {
  // The last look's states ran until now; joiners' own states end now.
  const span = now - lastLook[s];
  warpCycles[s * 8 + NOT_SELECTED] += popcount(notSelectedMask[s]) * span;
  warpCycles[s * 8 + THROTTLE] += popcount(throttledMask[s]) * span;
  if (selectedWarp[s] >= 0) warpCycles[s * 8 + SELECTED] += span;
  lastLook[s] = now;
  for (let m = joinMask[s]; m !== 0; m &= m - 1) {
    const w = slotOf(s, 31 - Math.clz32(m & -m));
    warpCycles[s * 8 + state[w]] += now - since[w];
  }
  joinMask[s] = 0;
  const u = s * 4;
  const fp32Free = Math.min(unitFree[u], unitFree[u + 1]), lsuFree = unitFree[u + 2], aluFree = unitFree[u + 3];
  let eligibleMask = 0, earliest = Infinity;
  const m0 = classMask[s * 3 + FP32], m1 = classMask[s * 3 + LSU], m2 = classMask[s * 3 + ALU];
  if (m0 !== 0) { if (fp32Free <= now) eligibleMask |= m0; else if (fp32Free < earliest) earliest = fp32Free; }
  if (m1 !== 0) { if (lsuFree <= now) eligibleMask |= m1; else if (lsuFree < earliest) earliest = lsuFree; }
  if (m2 !== 0) { if (aluFree <= now) eligibleMask |= m2; else if (aluFree < earliest) earliest = aluFree; }
  throttledMask[s] = candidateMask[s] & ~eligibleMask;
  if (eligibleMask === 0) {
    notSelectedMask[s] = 0;
    selectedWarp[s] = -1;
    nextWake[s] = earliest;
    return -1;
  }
  // Oldest block first, greedy, then least recently issued: local slots are in age order and
  // blocks in slot order, so the oldest block's eligible warps are the low bits.
  const first = slotOf(s, 31 - Math.clz32(eligibleMask & -eligibleMask));
  const bestBlock = blockAge[first];
  const last = lastChosen[s];
  let chosen;
  if (last >= 0 && (eligibleMask & bit(last)) !== 0 && blockAge[last] === bestBlock) {
    chosen = last;
  } else {
    chosen = first;
    for (let m = eligibleMask & (eligibleMask - 1); m !== 0; m &= m - 1) {
      const w = slotOf(s, 31 - Math.clz32(m & -m));
      if (blockAge[w] !== bestBlock) break;
      if (lastIssue[w] < lastIssue[chosen]) chosen = w;
    }
  }
  notSelectedMask[s] = eligibleMask & ~bit(chosen);
  selectedWarp[s] = chosen;
  histogram[s * (PER + 1) + popcount(eligibleMask)]++;
  lastChosen[s] = chosen;
  instructions++;
  nextWake[s] = now + 1;
  return chosen;
}

function issue(w, now) {
  const s = w % SUBPARTITIONS, r = pc[w] * STRIDE, kind = program[r], u = s * 4, dst = w * REGS + program[r + 4];
  lastIssue[w] = now;
  if (kind === MATH) {
    const cls = program[r + 3];
    const unit = cls === ALU ? u + 3 : unitFree[u + 1] <= now ? u + 1 : u;
    unitFree[unit] = now + program[r + 2];
    readyAt[dst] = now + program[r + 1];
    reason[dst] = WAIT;
  } else if (kind === LOAD) {
    unitFree[u + 2] = now + program[r + 2];
    readyAt[dst] = now + 400 + Math.floor(random() * 401);
    reason[dst] = LONG_SCOREBOARD;
  } else if (kind === BRANCH) {
    const taken = ++trip[w] < TRIPS;
    if (!taken) trip[w] = 0;
    pc[w] = taken ? 0 : pc[w] + 1;
    leave(w, BRANCH_STATE, now + 1);
    push(now + (taken ? 11 : 9), w);
    return;
  } else {
    leave(w, SELECTED, now);
    push(now + 1, -1 - w);
    return;
  }
  pc[w]++;
  wake(w, now + 1);
}

let live = WARPS;
for (let w = 0; w < WARPS; w++) {
  age[w] = w;
  blockAge[w] = blocksOf(w);
  state[w] = NOT_SELECTED;
  wake(w, 0);
}
const start = performance.now();
let now = 0;
for (;;) {
  while (heapSize > 0 && heapCycle[0] <= now) {
    const w = heapWarp[0];
    pop();
    if (w < 0) { enter(-1 - w, 0, now); live--; } else wake(w, now);
  }
  for (let s = 0; s < SUBPARTITIONS; s++) {
    if (nextWake[s] > now) continue;
    const w = select(s, now);
    if (w >= 0) issue(w, now);
    if (candidateMask[s] === 0) nextWake[s] = Infinity;
  }
  let next = heapSize > 0 ? heapCycle[0] : Infinity;
  for (let s = 0; s < SUBPARTITIONS; s++) if (nextWake[s] < next) next = nextWake[s];
  if (next === Infinity) break;
  now = next;
}
const seconds = (performance.now() - start) / 1000;
if (live !== 0) throw new Error(`${live} warps did not finish`);
// Warp-cycles by state over the schedulers (none, selected, not_selected, long_scoreboard, wait, throttle, branch).
const states = Array.from({ length: 7 }, (_, st) => warpCycles.filter((_, i) => i % 8 === st).reduce((a, b) => a + b, 0));
console.log(JSON.stringify({ name: CASE, bursts: BURSTS, seconds, instructions, cycles: now, nsPerInstruction: (seconds * 1e9) / instructions, states }));
