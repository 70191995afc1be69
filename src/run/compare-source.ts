import { ConfigError } from "../errors.js";
import type { SourcePage } from "../ncu/read-source-page.js";
import type { InstructionRow } from "../stats/per-instruction.js";
import { WARP_STATE_NAMES, type WarpStateName } from "../stats/warp-state.js";

/** One instruction of the listing, measured (ncu's Source page) beside simulated (run --per-instruction). */
export interface SourceComparisonRow {
  /** The program's instruction; -1 for one the page has and the program leaves out. */
  readonly pc: number;
  /** Bytes from the kernel's first instruction (the listing's /*0050*\/). */
  readonly offset: number;
  readonly text: string;
  /**
   * Issues per warp: the instruction's executions over the kernel's first instruction's, which
   * every warp issues once (so the grid's total and the simulated SM's need no warp count).
   */
  readonly measuredPerWarp: number;
  readonly simulatedPerWarp: number;
  /** The instruction's share of all warp-state samples (measured) and of all warp-cycles (simulated). */
  readonly measuredShare: number;
  readonly simulatedShare: number;
  /** Within the instruction: each state's share of its samples and of its warp-cycles. */
  readonly measuredStates: Readonly<Partial<Record<WarpStateName, number>>>;
  readonly simulatedStates: Readonly<Partial<Record<WarpStateName, number>>>;
}

export interface SourceComparison {
  readonly kernel: string;
  readonly samples: number;
  /** The largest disagreement (|simulated share - measured share|) first. */
  readonly rows: readonly SourceComparisonRow[];
  /** Each state's share of the whole kernel, measured and simulated, the largest disagreement first. */
  readonly states: readonly { readonly state: WarpStateName; readonly measured: number; readonly simulated: number }[];
}

/**
 * Puts ncu's Source page beside the simulated per-instruction account. Instructions are matched
 * by their offset in the kernel (the page's addresses are run-time ones, so each is taken from
 * the page's first); an opcode that differs at the same offset means the listing is not the
 * profiled kernel's, and is refused. ncu charges an exited warp's `drain` to the instruction
 * after its EXIT (where its program counter stopped; usually the trap `BRA` the listing ends
 * with), warpsim to the EXIT: the comparison moves the simulated drain there too.
 */
export function compareSource(page: SourcePage, simulated: readonly InstructionRow[], programLength: number, textOf: (pc: number) => string, file: string): SourceComparison {
  const offsetOf = (pc: number): number => listingOffset(textOf(pc)) ?? 16 * pc;
  const pcOf = new Map<number, number>();
  for (let pc = 0; pc < programLength; pc++) pcOf.set(offsetOf(pc), pc);
  const measured = new Map(page.instructions.map((i) => [i.offset, i]));
  const samples = page.instructions.reduce((a, i) => a + sum(i.samples), 0);
  const sim = simulatedByOffset(simulated, offsetOf);
  const warpCycles = simulated.reduce((a, r) => a + r.warpCycles, 0);
  const measuredFirst = page.instructions[0]?.executed ?? 0;
  const simulatedFirst = sim.get(0)?.executed ?? 0;
  const offsets = new Set<number>(sim.keys());
  for (const i of page.instructions) if (i.executed > 0 || sum(i.samples) > 0) offsets.add(i.offset);
  const rows: SourceComparisonRow[] = [];
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    const pc = pcOf.get(offset) ?? -1;
    const m = measured.get(offset);
    const s = sim.get(offset);
    const text = pc < 0 ? "" : textOf(pc);
    if (m !== undefined && text !== "" && opcodeOf(m.text) !== opcodeOf(text)) {
      throw new ConfigError(`${file}: kernel ${page.kernel}: at offset 0x${offset.toString(16)} the Source page has "${m.text}" where the listing has "${text.replace(/^\/\*[0-9a-f]+\*\/\s*/i, "")}": the listing is not the profiled kernel's (compile both from the same build).`);
    }
    const mSamples = m === undefined ? 0 : sum(m.samples);
    const sCycles = s === undefined ? 0 : sum(s.states);
    rows.push({
      pc,
      offset,
      text: text === "" ? (m?.text ?? "") : text,
      measuredPerWarp: measuredFirst === 0 ? 0 : (m?.executed ?? 0) / measuredFirst,
      simulatedPerWarp: simulatedFirst === 0 ? 0 : (s?.executed ?? 0) / simulatedFirst,
      measuredShare: samples === 0 ? 0 : mSamples / samples,
      simulatedShare: warpCycles === 0 ? 0 : sCycles / warpCycles,
      measuredStates: m === undefined ? {} : shares(m.samples as Partial<Record<WarpStateName, number>>, mSamples),
      simulatedStates: s === undefined ? {} : shares(s.states, sCycles),
    });
  }
  rows.sort((a, b) => Math.abs(b.simulatedShare - b.measuredShare) - Math.abs(a.simulatedShare - a.measuredShare) || a.offset - b.offset);
  const states = WARP_STATE_NAMES.map((state) => ({
    state,
    measured: samples === 0 ? 0 : page.instructions.reduce((a, i) => a + (Object.hasOwn(i.samples, state) ? i.samples[state] : 0), 0) / samples,
    simulated: warpCycles === 0 ? 0 : simulated.reduce((a, r) => a + r.states[state], 0) / warpCycles,
  }))
    .filter((x) => x.measured > 0 || x.simulated > 0)
    .sort((a, b) => Math.abs(b.simulated - b.measured) - Math.abs(a.simulated - a.measured));
  return { kernel: page.kernel, samples, rows, states };
}

interface SimulatedAt {
  executed: number;
  states: Partial<Record<WarpStateName, number>>;
}

/** The simulated rows by offset, each EXIT's drain moved to the instruction after it (as ncu charges it). */
function simulatedByOffset(simulated: readonly InstructionRow[], offsetOf: (pc: number) => number): Map<number, SimulatedAt> {
  const out = new Map<number, SimulatedAt>();
  const at = (offset: number): SimulatedAt => {
    let s = out.get(offset);
    if (s === undefined) out.set(offset, (s = { executed: 0, states: {} }));
    return s;
  };
  for (const r of simulated) {
    const offset = offsetOf(r.pc);
    const here = at(offset);
    here.executed += r.executed;
    for (const [state, c] of Object.entries(r.states) as [WarpStateName, number][]) {
      if (c === 0) continue;
      const to = state === "drain" && opcodeOf(r.text) === "EXIT" ? at(offset + 16) : here;
      to.states[state] = (to.states[state] ?? 0) + c;
    }
  }
  return out;
}

function sum(samples: Readonly<Partial<Record<string, number>>>): number {
  let t = 0;
  for (const v of Object.values(samples)) t += v ?? 0;
  return t;
}

function shares(counts: Readonly<Partial<Record<WarpStateName, number>>>, total: number): Partial<Record<WarpStateName, number>> {
  const out: Partial<Record<WarpStateName, number>> = {};
  if (total === 0) return out;
  for (const [k, v] of Object.entries(counts) as [WarpStateName, number][]) if (v > 0) out[k] = v / total;
  return out;
}

/** The offset a listing's instruction text starts with (`/*0050*\/ ULDC ...` is 0x50). */
function listingOffset(text: string): number | undefined {
  const m = /^\/\*([0-9a-f]+)\*\//i.exec(text);
  return m === null ? undefined : parseInt(m[1], 16);
}

/** The opcode's name without modifiers, guard or address (`@!P0 BRA 0x7f..` and `/*0100*\/ @!P0 BRA 0x1d0` both give BRA). */
function opcodeOf(text: string): string {
  const t = text.replace(/^\/\*[0-9a-f]+\*\/\s*/i, "").replace(/^@!?U?P[0-9T]\s+/, "");
  return (t.split(/[\s.;]/)[0] ?? "").toUpperCase();
}
