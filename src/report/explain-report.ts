import type { Explanation } from "../run/explain.js";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** `warpsim explain` for people: the reading in plain words, the bounds, the next knob. */
export function formatExplanation(e: Explanation): string {
  const out: string[] = [`warpsim explain: ${e.scenario}`, ""];
  out.push(`simulated    issue active ${pct(e.simulated.issueActive)} per scheduler, ${e.simulated.warpsPerScheduler.toFixed(2)} warps per scheduler on average, ${e.simulated.cycles} cycles`);
  if ("error" in e.loneWarp) {
    out.push(`one warp     ${e.loneWarp.error}`);
  } else {
    const lone = e.loneWarp;
    out.push(`one warp     issues every ${lone.cyclesPerInstruction.toFixed(2)} cycles (${pct(lone.issueRate)} of a scheduler); per instruction it spends:`);
    for (const l of lone.latencies) out.push(`               ${l.cyclesPerInstruction.toFixed(2).padStart(8)} cycles  ${l.state.padEnd(17)} ${l.cause}`);
  }
  out.push("", "upper bounds on issue active (Little's law), smallest first");
  for (const b of e.bounds) out.push(`  ${b.term.padEnd(13)} ${pct(Math.min(1, b.issueActive)).padStart(7)}   ${b.reading}`);
  if (e.copies !== undefined) out.push("", ...copiesLines(e.copies));
  out.push("", `predicted    ${pct(e.predicted)}, limited by ${describeLimiter(e.limiter)}`);
  if (e.shortfall) out.push(`shortfall    ${e.shortfall}`);
  if (e.knob?.helps) {
    out.push(`next knob    ${e.knob.change}: predicted ${pct(e.knob.predicted)}, simulated ${pct(e.knob.simulated)}`);
    out.push(`             (warpsim run with ${Object.entries(e.knob.fields).map(([k, v]) => `${k}=${v}`).join(", ")}; the prediction is Little's law, linear in warps: it leaves out waves, the tail and the scheduler's queueing)`);
  } else if (e.knob) {
    out.push(`next knob    none helps: the best checked, ${e.knob.change}, simulates ${pct(e.knob.simulated)} against ${pct(e.simulated.issueActive)} now (predicted ${pct(e.knob.predicted)}: the prediction leaves out waves, the tail and the scheduler's queueing)`);
  } else if (e.limiter === "issue") {
    out.push("next knob    none: the schedulers issue every cycle; only fewer instructions help");
  } else if (e.limiter === "shared-memory") {
    out.push("next knob    fewer shared-memory wavefronts: remove bank conflicts (pad the tile, swizzle, or read wider), or reuse what is read; more warps do not help");
  } else if (e.limiter.startsWith("pipe:")) {
    out.push(`next knob    fewer instructions on the ${e.limiter.slice(5)} pipe, or a faster one (arch.pipes.${e.limiter.slice(5)}.lanes); more warps do not help`);
  } else if (e.limiter === "dram") {
    out.push("next knob    fewer DRAM bytes: reuse what is read (tile through shared memory, keep it in L1 or L2), or store less; more warps do not help");
  } else if (e.limiter === "l2-reads") {
    out.push("next knob    fewer L1 misses: coalesce the accesses (fewer sectors per request) or reuse lines while the L1 holds them; more warps do not help");
  } else if (e.limiter === "copies" && e.copies !== undefined && !e.copies.shareBinds) {
    out.push(`next knob    more copies in flight: another stage, since the copies draw ${pct(e.copies.rate / e.copies.share)} of their share and wait out their latency; past the share, fewer bytes copied per multiply-add (a larger tile, or TMA multicast)`);
  } else if (e.limiter === "copies") {
    out.push("next knob    fewer bytes copied per multiply-add: a larger tile (BN 256 reads each tile of A once for twice the work), or TMA multicast to a cluster's blocks; more stages or warps do not help");
  } else if (e.limiter === "l2-writes") {
    out.push("next knob    fewer stored sectors: coalesce the stores (a transposed write through shared memory), or store less; more warps do not help");
  } else if (e.limiter !== "latency") {
    out.push("next knob    fewer bytes per load (wider or reused accesses); more warps do not help");
  }
  return out.join("\n") + "\n";
}

function describeLimiter(limiter: string): string {
  if (limiter === "latency") return "latency (too few warps x ILP in flight)";
  if (limiter === "issue") return "issue (one instruction per cycle)";
  if (limiter.startsWith("pipe:")) return `the ${limiter.slice(5)} pipe's throughput`;
  if (limiter === "bandwidth") return "memory bandwidth";
  if (limiter === "dram") return "DRAM bandwidth (the SM's share)";
  if (limiter === "l2-reads") return "the L2's bandwidth for the L1's misses";
  if (limiter === "l2-writes") return "the L2's write rate for the stores";
  if (limiter === "copies") return "the L2's rate for TMA and bulk copies";
  if (limiter === "shared-memory") return "the shared-memory pipe's wavefronts (bank conflicts included)";
  return "loads in flight";
}

/** A pipelined kernel's copies in flight against what their share of the L2 needs (memory-bounds.ts). */
function copiesLines(c: NonNullable<Explanation["copies"]>): string[] {
  const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  return [
    `copies       ${c.copies} of ${kib(c.bytesPerCopy)} land ${c.latency.toFixed(0)} cycles after issue on average: ${kib(c.bytesInFlight)} in flight (${c.rate.toFixed(1)} B/cycle x ${c.latency.toFixed(0)} cycles);`,
    `             the copies' share of the L2, ${c.share.toFixed(1)} B/cycle, takes ${kib(c.bytesNeeded)} in flight at that latency: ` +
      (c.shareBinds
        ? `the copies draw ${pct(c.rate / c.share)} of it, so the share binds; more stages only wait longer`
        : `more stages (bytes in flight) can draw up to ${(c.share / c.rate).toFixed(2)}x the rate, until the share or another bound holds`),
  ];
}
