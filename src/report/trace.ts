import { closeSync, openSync, writeSync } from "node:fs";
import { OutputError } from "../errors.js";
import type { Hooks } from "../stats/hooks.js";
import { WARP_STATE_NAMES, type WarpState } from "../stats/warp-state.js";

/** Cycles [start, end) the trace keeps; the default keeps everything. */
export interface TraceWindow {
  readonly start: number;
  readonly end: number;
}

const FLUSH_BYTES = 1 << 20;

/**
 * Streams a Chrome/Perfetto trace (JSON object format) while a simulation runs: one track
 * per warp slot, grouped by sub-partition (a "process" per SMSP), with a slice per state
 * interval named as Nsight Compute names the state; and counter tracks per sub-partition for
 * eligible warps and issue. Each slice's args name its instruction, pc and block. Timestamps
 * are cycles (shown as microseconds). Output is written
 * in 1 MiB chunks, so memory stays bounded however long the run.
 */
export class TraceWriter {
  private readonly fd: number;
  private chunks: string[] = [];
  private bytes = 0;
  private first = true;
  private readonly since = new Map<number, number>();
  private readonly state = new Map<number, number>();
  private readonly pc = new Map<number, number>();
  private readonly block = new Map<number, number>();
  private readonly smspOf = new Map<number, number>();
  private readonly named = new Set<number>();
  private readonly lastEligible: number[] = [];
  private readonly lastIssued: number[] = [];
  private readonly lastScan: number[] = [];

  constructor(
    private readonly path: string,
    private readonly subpartitions: number,
    private readonly window: TraceWindow = { start: 0, end: Infinity },
    /** The text of the instruction at a pc, for the slices' args. */
    private readonly instructionAt: (pc: number) => string = () => "",
  ) {
    this.fd = openSync(path, "w");
    // Timestamps are in microseconds by the format; one microsecond is one SM cycle, so the
    // viewers' default microsecond display reads as cycles (no displayTimeUnit override).
    this.write('{"otherData":{"timeUnit":"1 us = 1 SM cycle"},"traceEvents":[\n');
    for (let s = 0; s < subpartitions; s++) {
      this.event({ name: "process_name", ph: "M", pid: s, tid: 0, args: { name: `SM.SMSP[${s}]` } });
      this.event({ name: "process_sort_index", ph: "M", pid: s, tid: 0, args: { sort_index: s } });
      this.lastEligible.push(-1);
      this.lastIssued.push(-1);
      this.lastScan.push(-Infinity);
    }
  }

  /** The hooks to pass to simulate(). */
  hooks(): Hooks {
    return {
      issue: [],
      stateChange: [(cycle, smsp, warp, state, pc, block) => this.onStateChange(cycle, smsp, warp, state, pc, block)],
      schedule: [(cycle, smsp, eligible, issued) => this.onSchedule(cycle, smsp, eligible, issued)],
    };
  }

  /** Closes open slices and counters at `endCycle` and the file. */
  finish(endCycle: number): void {
    for (const [warp, since] of this.since) this.slice(warp, this.state.get(warp)!, since, endCycle);
    this.since.clear();
    for (let s = 0; s < this.subpartitions; s++) this.counters(s, this.lastScan[s] + 1, 0, 0);
    this.write("\n]}\n");
    this.flush();
    closeSync(this.fd);
  }

  private onStateChange(cycle: number, smsp: number, warp: number, state: WarpState | -1, pc: number, block: number): void {
    const since = this.since.get(warp);
    if (since !== undefined) this.slice(warp, this.state.get(warp)!, since, cycle);
    if (state === -1) {
      this.since.delete(warp);
      return;
    }
    if (!this.named.has(warp) || this.smspOf.get(warp) !== smsp) {
      this.named.add(warp);
      this.smspOf.set(warp, smsp);
      this.event({ name: "thread_name", ph: "M", pid: smsp, tid: warp, args: { name: `warp slot ${warp}` } });
    }
    this.smspOf.set(warp, smsp);
    this.since.set(warp, cycle);
    this.state.set(warp, state);
    this.pc.set(warp, pc);
    this.block.set(warp, block);
  }

  private onSchedule(cycle: number, smsp: number, eligible: number, issued: boolean): void {
    // Cycles the scheduler skipped had no eligible warp and no issue.
    if (this.lastScan[smsp] < cycle - 1) this.counters(smsp, this.lastScan[smsp] + 1, 0, 0);
    this.counters(smsp, cycle, eligible, issued ? 1 : 0);
    this.lastScan[smsp] = cycle;
  }

  private counters(smsp: number, cycle: number, eligible: number, issued: number): void {
    if (cycle < this.window.start || cycle >= this.window.end || !Number.isFinite(cycle)) return;
    if (eligible !== this.lastEligible[smsp]) {
      this.event({ name: "eligible warps", ph: "C", pid: smsp, tid: 0, ts: cycle, args: { eligible } });
      this.lastEligible[smsp] = eligible;
    }
    if (issued !== this.lastIssued[smsp]) {
      this.event({ name: "issue", ph: "C", pid: smsp, tid: 0, ts: cycle, args: { issued } });
      this.lastIssued[smsp] = issued;
    }
  }

  private slice(warp: number, state: number, from: number, to: number): void {
    const start = Math.max(from, this.window.start);
    const end = Math.min(to, this.window.end);
    if (end <= start) return;
    const pc = this.pc.get(warp) ?? 0;
    const args = { instruction: this.instructionAt(pc), pc, block: this.block.get(warp) ?? 0 };
    this.event({ name: WARP_STATE_NAMES[state], cat: "warp", ph: "X", pid: this.smspOf.get(warp)!, tid: warp, ts: start, dur: end - start, args });
  }

  private event(e: Record<string, unknown>): void {
    this.write((this.first ? "" : ",\n") + JSON.stringify(e));
    this.first = false;
  }

  private write(text: string): void {
    this.chunks.push(text);
    this.bytes += text.length;
    if (this.bytes >= FLUSH_BYTES) this.flush();
  }

  private flush(): void {
    try {
      writeSync(this.fd, this.chunks.join(""));
    } catch (e) {
      // A full disk (or /dev/full) mid-run: one line naming the file, not a stack trace.
      throw new OutputError(`cannot write ${this.path}: ${(e as Error).message.replace(/^[A-Z]+: /, "")}.`);
    }
    this.chunks = [];
    this.bytes = 0;
  }
}

/** "START:END" (cycles; either side may be empty) → a window. */
export function parseTraceWindow(text: string): TraceWindow | undefined {
  const m = /^\s*(\d*)\s*:\s*(\d*)\s*$/.exec(text);
  if (!m) return undefined;
  const start = m[1] === "" ? 0 : Number(m[1]);
  const end = m[2] === "" ? Infinity : Number(m[2]);
  return end > start ? { start, end } : undefined;
}
