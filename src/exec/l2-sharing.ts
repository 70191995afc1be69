import seedrandom from "seedrandom";
import { blockIndex, type Launch } from "./launch.js";
import { runBlock } from "./run-block.js";
import type { ExecutableKernel, WarpAccesses } from "./run-warp.js";
import { ProbeSectors } from "./probe-sectors.js";
import { SampledPairs } from "./sampled-pairs.js";
import { BlockSharedMemory } from "./shared-memory.js";
import { sectorKey } from "../sm/memory/sector-key.js";
import { linesTouched } from "../sm/memory/hot-lines.js";

/**
 * How much of what one SM asks of the L2 another SM brought there first. The other SMs run the
 * same kernel on their own blocks, and the L2 is the whole GPU's: a sector that n blocks of the
 * grid read misses once (in a cold L2, as ncu leaves it before each launch) and hits n - 1
 * times, so the SM's first read of it misses with probability 1/n.
 *
 * n is estimated from one of the SM's blocks (the probe) and the blocks that share with it: its
 * neighbours in the grid (x +- 1, y +- 1, z +- 1: a stencil's halo rows, a tile's edges) each
 * counted exactly, and a seeded sample of the rest standing for all of them (a GEMM's row and
 * column of blocks). The sample's count is pooled per instruction, since a sector one of 1,000
 * blocks shares is seen by a sample of 16 too rarely to count per sector.
 */
export interface L2Sharing {
  /** Per kernel instruction: the share of its first-touched sectors that miss in the L2. */
  readonly missShare: Float64Array;
  /**
   * Bytes of L2 the whole grid's data takes, estimated from the probe: the sectors it reads
   * and those it writes, scaled by their miss share (what is new to the L2), the read ones
   * twice (both L2 partitions keep a line that is read), times the grid's blocks.
   */
  readonly footprintBytes: number;
  /**
   * The grid's bytes as the write-back share needs them (l2-write-back.ts): the distinct bytes
   * it stores, and those it reads without storing to them (in-place updates count as stores).
   */
  readonly storedBytes: number;
  readonly readOnlyBytes: number;
  /** Per kernel instruction: the distinct 128-byte lines its accesses touch in the probe, and the lines from its lowest to its highest (memory/hot-lines.ts). */
  readonly blockLines: Float64Array;
  readonly spanLines: Float64Array;
  /** Blocks run for the estimate besides the probe: neighbours counted exactly, others sampled. */
  readonly neighbours: number;
  readonly sampled: number;
}

/** Opcodes that write global or local memory without reading it back. */
const STORES: ReadonlySet<string> = new Set(["STG", "ST", "STL", "RED", "REDG", "UTMASTG"]);

/** Whether an instruction only writes global memory: a store, a reduction, a TMA store or a bulk store (UBLKCP.G.S). */
function writesOnly(ins: { opcode: string; modifiers: readonly string[] }): boolean {
  return STORES.has(ins.opcode) || (ins.opcode === "UBLKCP" && ins.modifiers[0] === "G");
}
/** Global atomics: the blocks that share their lines contend for the L2's atomic units. */
const ATOMICS: ReadonlySet<string> = new Set(["RED", "REDG", "ATOM", "ATOMG"]);

/** Estimates already made in this process, by kernel, launch and seed (a sweep over occupancy asks again). */
const MEMO = new Map<string, L2Sharing>();
const MEMO_ENTRIES = 32;
/**
 * When the grid's data does not fit the L2, a sector stays there only while the blocks that read
 * it run at about the same time: the blocks the GPU runs at once (`blocks`), handed out in order
 * of their index, so a block d places away overlaps the probe for 1 - d / blocks of its life.
 */
export interface SharingWindow {
  readonly blocks: number;
  readonly l2Bytes: number;
}

/** `maxInstructions`: the warp-instructions the other blocks' runs may take in all. */
/**
 * `hotSpanLines`: the most lines a pool may span and still be hot (memory/hot-lines.ts: the
 * architecture's table's last count); a kernel that only stores runs other blocks only for a
 * store whose lines span no more (a scatter into a small table), since a stream's stores share
 * nothing the model uses.
 */
export function estimateL2Sharing(exe: ExecutableKernel, launch: Launch, probe: number, seed: string, maxInstructions: number, window?: SharingWindow, hotSpanLines = 0): L2Sharing {
  const key = [exe.kernel.name, exe.kernel.instructions.length, launch.grid.join(","), launch.block.join(","), probe, seed, maxInstructions, window?.blocks, window?.l2Bytes, hotSpanLines, Array.from(launch.bank0).join(",")].join("|");
  const known = MEMO.get(key);
  if (known !== undefined) return known;
  let sharing = estimate(exe, launch, probe, seed, maxInstructions, hotSpanLines);
  // A warp-specialized GEMM of 4096^3 reads 64 MiB, past the L2: each wave of blocks reads B
  // anew (validation/async: DRAM reads 9 times the matrices), so sharing counts within the wave.
  // A grid the GPU runs in one wave has every block running at once: all share.
  const gridBlocks = launch.grid[0] * launch.grid[1] * launch.grid[2];
  if (window !== undefined && sharing.footprintBytes > window.l2Bytes && gridBlocks > window.blocks) {
    const { footprintBytes, storedBytes, readOnlyBytes, blockLines, spanLines } = sharing;
    sharing = { ...estimateInWindow(exe, launch, probe, seed, maxInstructions, window.blocks, hotSpanLines), footprintBytes, storedBytes, readOnlyBytes, blockLines, spanLines };
  }
  if (MEMO.size >= MEMO_ENTRIES) MEMO.delete(MEMO.keys().next().value as string);
  MEMO.set(key, sharing);
  return sharing;
}

function estimate(exe: ExecutableKernel, launch: Launch, probe: number, seed: string, maxInstructions: number, hotSpanLines: number): L2Sharing {
  const count = exe.decoded.length;
  const gridBlocks = launch.grid[0] * launch.grid[1] * launch.grid[2];
  const full = blockAccesses(exe, launch, probe);
  const limit = prefixLimit(full, maxInstructions);
  const own = limit === Infinity ? full : blockAccesses(exe, launch, probe, undefined, limit);
  // Each instruction's distinct sectors in the probe block (in the prefix the others run, if one).
  const mine: Set<number>[] = Array.from({ length: count }, () => new Set<number>());
  for (const a of own.warps) forEachSector(a, (i, s) => mine[i].add(s));
  const lines = linesTouched(mine);
  let budget = shares(exe, mine, lines.spanLines, hotSpanLines) ? Math.floor(maxInstructions / Math.max(1, own.instructions)) : 0;
  const neighbours = neighboursOf(probe, launch).slice(0, budget);
  budget -= neighbours.length;
  // Sharers counted exactly, per sector.
  const exact: Map<number, number>[] = mine.map(() => new Map<number, number>());
  const probeSectors = new ProbeSectors(mine);
  for (const b of neighbours) probeSectors.forEachShared(blockAccesses(exe, launch, b, undefined, limit).warps, (i, s) => exact[i].set(s, (exact[i].get(s) ?? 0) + 1));
  // Sharers further away, per instruction: each group's sample mean scaled to the group. A
  // sampled block runs only its first and last warps, so that a sample costs a fraction of a
  // block, and what they share with the probe is scaled up by how much of the probe's own
  // sectors its same two warps cover (a GEMM's warps each read their own rows of A, 1/4 of the
  // block's for two of eight warps, but all read the same row of B).
  const warps = own.warps.length;
  const sampleWarps = warps === 1 ? [0] : [0, warps - 1];
  const covered: Set<number>[] = Array.from({ length: count }, () => new Set<number>());
  for (const w of sampleWarps) forEachSector(own.warps[w], (i, s) => covered[i].add(s));
  const scale = mine.map((set, i) => (covered[i].size === 0 ? 0 : set.size / covered[i].size));
  const far = new Float64Array(count);
  let sampled = 0;
  const samples = budget <= 0 ? 0 : Math.floor((budget * warps) / sampleWarps.length);
  for (const group of farGroups(probe, neighbours, launch, seed, samples)) {
    const { rate, taken } = sampleGroup(exe, launch, group, probeSectors, scale, sampleWarps, limit);
    sampled += taken;
    mine.forEach((set, i) => set.size > 0 && taken > 0 && (far[i] += (group.population * rate[i]) / set.size));
  }
  const missShare = new Float64Array(count).fill(1);
  let unique = 0;
  mine.forEach((set, i) => {
    if (set.size === 0) return;
    let sum = 0;
    set.forEach((s) => (sum += 1 / (1 + (exact[i].get(s) ?? 0) + far[i])));
    missShare[i] = sum / set.size;
    // A line the SMs read is kept by both L2 partitions (each holds what its own SMs read, as
    // NVIDIA's A100 and H100 whitepapers describe the partitioned L2): it counts twice.
    unique += set.size * (writesOnly(exe.decoded[i].ins) ? 1 : 2) * missShare[i];
  });
  // A prefix saw a share of the block's data: the rest comes at the same rate.
  const toGrid = 32 * gridBlocks * (full.instructions / own.instructions);
  const { stored, readOnly } = storedAndReadOnly(exe, mine, missShare);
  return { missShare, footprintBytes: unique * toGrid, storedBytes: stored * toGrid, readOnlyBytes: readOnly * toGrid, ...lines, neighbours: neighbours.length, sampled };
}

/**
 * The probe block's distinct sectors it stores to, and those it only reads, each weighted by
 * its instruction's miss share (the share no other block touches first: what the grid adds to
 * the L2, as the footprint's; a scatter_idx block's 256 stores fall in a 256 KiB vector every
 * block writes, 32 MiB over the grid unweighted).
 */
function storedAndReadOnly(exe: ExecutableKernel, mine: readonly Set<number>[], missShare: Float64Array): { stored: number; readOnly: number } {
  const stored = new Set<number>();
  let storedShare = 0;
  mine.forEach(
    (set, i) =>
      writesOnly(exe.decoded[i].ins) &&
      set.forEach((s) => {
        if (stored.has(s)) return;
        stored.add(s);
        storedShare += missShare[i];
      }),
  );
  const read = new Set<number>();
  let readOnly = 0;
  mine.forEach((set, i) => {
    if (writesOnly(exe.decoded[i].ins)) return;
    set.forEach((s) => {
      if (stored.has(s) || read.has(s)) return;
      read.add(s);
      readOnly += missShare[i];
    });
  });
  return { stored: storedShare, readOnly };
}

/**
 * Whether other blocks' accesses matter to the probe's: its loads' misses and atomics'
 * contention depend on them, and so do plain stores' hot lines (memory/hot-lines.ts) where their
 * lines span no more than `hotSpanLines`. A kernel that only streams stores out (bulk, TMA or
 * plain over many lines) has nothing to share that the model uses: no other block need run.
 */
function shares(exe: ExecutableKernel, mine: readonly Set<number>[], spanLines: Float64Array, hotSpanLines: number): boolean {
  return mine.some((set, i) => {
    if (set.size === 0) return false;
    const ins = exe.decoded[i].ins;
    if (!writesOnly(ins) || ATOMICS.has(ins.opcode)) return true;
    return !BULK_STORES.has(ins.opcode) && spanLines[i] <= hotSpanLines;
  });
}
const BULK_STORES: ReadonlySet<string> = new Set(["UBLKCP", "UTMASTG"]);

/** Whole blocks the estimate wants to run besides the probe; fewer fit the budget, and it compares prefixes. */
const WHOLE_BLOCKS = 16;

/**
 * How many issues of each warp the estimate follows: all (Infinity) when the budget runs
 * WHOLE_BLOCKS blocks like the probe, else the prefix that lets it run that many. An n-body
 * block (16,384 bodies) issues 2.2 million warp-instructions, past the budget alone, yet every
 * block reads the same bodies in the same order: a prefix of each shows it (per instruction,
 * the share of the probe's sectors others read first holds for the whole run).
 */
function prefixLimit(probe: { instructions: number; longest: number }, maxInstructions: number): number {
  if (probe.instructions * WHOLE_BLOCKS <= maxInstructions) return Infinity;
  return Math.max(1, Math.floor((probe.longest * maxInstructions) / (probe.instructions * WHOLE_BLOCKS)));
}

/** Blocks sampled from the probe's window (the blocks that run while it does). */
const WINDOW_SAMPLE = 128;

/**
 * The miss shares when only the blocks running at the same time as the probe share its sectors
 * (SharingWindow): each sharer counts for the share of the probe's life it overlaps, 1 - d / w
 * for a block d places away when w run at once; the neighbours exactly, the rest of the window
 * from a seeded sample (without early stops: in a 1-D grid of GEMM tiles one block in 30
 * shares a given tile).
 */
function estimateInWindow(exe: ExecutableKernel, launch: Launch, probe: number, seed: string, maxInstructions: number, w: number, hotSpanLines: number): Omit<L2Sharing, "footprintBytes" | "storedBytes" | "readOnlyBytes" | "blockLines" | "spanLines"> {
  const count = exe.decoded.length;
  const gridBlocks = launch.grid[0] * launch.grid[1] * launch.grid[2];
  const overlap = (b: number) => Math.max(0, 1 - Math.abs(b - probe) / w);
  const full = blockAccesses(exe, launch, probe);
  const limit = prefixLimit(full, maxInstructions);
  const own = limit === Infinity ? full : blockAccesses(exe, launch, probe, undefined, limit);
  const mine: Set<number>[] = Array.from({ length: count }, () => new Set<number>());
  for (const a of own.warps) forEachSector(a, (i, s) => mine[i].add(s));
  let budget = shares(exe, mine, linesTouched(mine).spanLines, hotSpanLines) ? Math.floor(maxInstructions / Math.max(1, own.instructions)) : 0;
  const neighbours = neighboursOf(probe, launch).filter((b) => overlap(b) > 0).slice(0, budget);
  budget -= neighbours.length;
  const exact: Map<number, number>[] = mine.map(() => new Map<number, number>());
  const probeSectors = new ProbeSectors(mine);
  for (const b of neighbours) probeSectors.forEachShared(blockAccesses(exe, launch, b, undefined, limit).warps, (i, s) => exact[i].set(s, (exact[i].get(s) ?? 0) + overlap(b)));
  // The window's other blocks, sampled as farGroups' are: first and last warps, scaled by coverage.
  const warps = own.warps.length;
  const sampleWarps = warps === 1 ? [0] : [0, warps - 1];
  const covered: Set<number>[] = Array.from({ length: count }, () => new Set<number>());
  for (const v of sampleWarps) forEachSector(own.warps[v], (i, s) => covered[i].add(s));
  const scale = mine.map((set, i) => (covered[i].size === 0 ? 0 : set.size / covered[i].size));
  const taken = new Set([probe, ...neighbours]);
  const population: number[] = [];
  for (let b = Math.max(0, probe - w + 1); b < Math.min(gridBlocks, probe + w); b++) if (!taken.has(b)) population.push(b);
  const sample = pick(population, Math.min(WINDOW_SAMPLE, Math.floor((budget * warps) / sampleWarps.length)), seedrandom(`${seed}:l2-window`));
  const hits = new Float64Array(count);
  for (const b of sample) probeSectors.forEachShared(blockAccesses(exe, launch, b, sampleWarps, limit).warps, (i) => (hits[i] += scale[i] * overlap(b)));
  const missShare = new Float64Array(count).fill(1);
  mine.forEach((set, i) => {
    if (set.size === 0) return;
    const far = sample.length === 0 ? 0 : (population.length * hits[i]) / sample.length / set.size;
    let sum = 0;
    set.forEach((s) => (sum += 1 / (1 + (exact[i].get(s) ?? 0) + far)));
    missShare[i] = sum / set.size;
  });
  return { missShare, neighbours: neighbours.length, sampled: sample.length };
}

/**
 * One group's sample (farGroups): per instruction, the probe's sectors a sampled block reads on
 * average (`rate`, scaled by coverage as above), and the blocks sampled. The sample stops once
 * ENOUGH_SHARERS blocks have shared with the probe, or after 16 where nothing is shared at all.
 *
 * On a line of the grid where few sampled blocks share with the probe (fewer than
 * ENOUGH_SHARERS / 2), each pair of sampled blocks counts as well: the blocks of a line are
 * alike, so block a reading block b's sectors says as much as a block reading the probe's. A
 * gather at random indices (`x[col[k]]`, 16 of 8,192 sectors per block) shares with the probe
 * in about 1 block of 30, too rarely for 32 samples to say how often, yet 8,192 blocks read each
 * sector about 16 times; the pairs of 32 samples are 496 draws more. A pair's sectors are two
 * sampled warps' against two, so as a random gather scales they count scale^2 times (a block
 * of 8 warps reads 4 times the sectors, each 4 times as likely another block's).
 */
function sampleGroup(
  exe: ExecutableKernel,
  launch: Launch,
  group: { sample: readonly number[]; line: boolean },
  probe: ProbeSectors,
  scale: readonly number[],
  sampleWarps: readonly number[],
  limit: number,
): { rate: Float64Array; taken: number } {
  const count = scale.length;
  const hits = new Float64Array(count);
  // Per instruction: the shared sectors of pairs of sampled blocks, and how many sampled blocks
  // read each sector (a new block's pairs with all before it at once, in a pass over its own).
  const pairShared = new Float64Array(count);
  const sampledPairs = new SampledPairs(count);
  const added = new Float64Array(count);
  let taken = 0;
  let sharers = 0;
  let pairs = 0;
  let pairsShared = false;
  for (const b of group.sample) {
    // Enough: a handful of blocks that share fixes the mean to within about 40%, and a group
    // where none of the first 16 shares anything shares (next to) nothing.
    if (sharers >= ENOUGH_SHARERS || (taken >= 16 && sharers === 0 && !pairsShared)) break;
    const warps = blockAccesses(exe, launch, b, sampleWarps, limit).warps;
    let shared = false;
    probe.forEachSharedBySameInstruction(warps, (i) => {
      hits[i] += scale[i];
      shared = true;
    });
    // Pairs count only while few share with the probe (below), so they are compared only then.
    if (group.line && sharers < ENOUGH_SHARERS / 2) {
      // Two sampled neighbours share their halo: the probe's neighbours are counted apart, so theirs are not drawn.
      added.fill(0);
      pairs += sampledPairs.add(b, warps, new Set(neighboursOf(b, launch)), added);
      for (let i = 0; i < count; i++) {
        pairShared[i] += added[i];
        if (added[i] > 0) pairsShared = true;
      }
    }
    taken++;
    if (shared) sharers++;
  }
  const draws = group.line && sharers < ENOUGH_SHARERS / 2 ? pairs : 0;
  // A pair's sectors are two sampled warps' against two: scale^2 (above).
  return { rate: hits.map((h, i) => (taken > 0 ? (h + (draws > 0 ? pairShared[i] * scale[i] * scale[i] : 0)) / (taken + draws) : 0)), taken };
}

/** Sampled blocks that shared something, after which a group's sample stops. */
const ENOUGH_SHARERS = 8;

/** Blocks sampled from each line of the grid through the probe, and from the rest of the grid (at most). */
const LINE_SAMPLE = 32;
const REST_SAMPLE = 32;

/**
 * The blocks beyond the neighbours, in groups whose members share alike: each line of the grid
 * through the probe (x, y, z: a GEMM's blocks of one row read the same rows of A, of one
 * column the same columns of B), and the rest of the grid; from each a seeded sample.
 */
function farGroups(probe: number, neighbours: readonly number[], launch: Launch, seed: string, budget: number): { sample: number[]; population: number; line: boolean }[] {
  const [gx, gy, gz] = launch.grid;
  const at = [blockIndex(probe, launch.grid, 0), blockIndex(probe, launch.grid, 1), blockIndex(probe, launch.grid, 2)];
  const taken = new Set([probe, ...neighbours]);
  const rng = seedrandom(`${seed}:l2-sample`);
  const groups: { sample: number[]; population: number; line: boolean }[] = [];
  const linear = (c: number[]) => c[0] + gx * (c[1] + gy * c[2]);
  const lines: number[][] = [];
  [gx, gy, gz].forEach((size, axis) => {
    if (size <= 1) return;
    const line: number[] = [];
    for (let v = 0; v < size; v++) {
      const c = [...at];
      c[axis] = v;
      const b = linear(c);
      if (!taken.has(b)) line.push(b);
    }
    lines.push(line);
  });
  const onLines = new Set(lines.flat());
  const gridBlocks = gx * gy * gz;
  const population = gridBlocks - taken.size - onLines.size;
  // The budget shared evenly between the groups (a GEMM needs its row and its column alike).
  const share = Math.floor(budget / (lines.length + (population > 0 ? 1 : 0)));
  for (const line of lines) {
    const sample = pick(line, Math.min(LINE_SAMPLE, share), rng);
    if (sample.length > 0) groups.push({ sample, population: line.length, line: true });
  }
  // The rest of the grid, drawn without listing it (grids can be large).
  const n = Math.min(REST_SAMPLE, share, population);
  if (n > 0) {
    const sample: number[] = [];
    const chosen = new Set<number>();
    while (sample.length < n) {
      const b = Math.floor(rng() * gridBlocks);
      if (taken.has(b) || onLines.has(b) || chosen.has(b)) continue;
      chosen.add(b);
      sample.push(b);
    }
    groups.push({ sample: sample.sort((a, b) => a - b), population, line: false });
  }
  return groups;
}

/** `n` members of `from`, drawn with `rng` (all of them when there are no more). */
function pick(from: readonly number[], n: number, rng: () => number): number[] {
  if (n <= 0) return [];
  if (from.length <= n) return [...from];
  const pool = [...from];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n).sort((a, b) => a - b);
}

/** The shared memory blockAccesses runs blocks with (runBlock clears it for each), made at first use. */
let shared: BlockSharedMemory | undefined;

/** The accesses of a block's warps (`only` some), each followed for at most `limit` issues. */
function blockAccesses(exe: ExecutableKernel, launch: Launch, block: number, only?: readonly number[], limit = 10_000_000): { warps: WarpAccesses[]; instructions: number; longest: number } {
  const warps: WarpAccesses[] = [];
  let instructions = 0;
  let longest = 0;
  for (const run of runBlock(exe, launch, block, Math.min(limit, 10_000_000), true, (shared ??= new BlockSharedMemory()), only)) {
    warps.push(run.path!.accesses);
    instructions += run.instructions;
    longest = Math.max(longest, run.instructions);
  }
  return { warps, instructions, longest };
}

/** Calls `f` with each sector the warp reads (its sectorKey: the sets and maps here hold small integers) and the instruction that reads it. */
function forEachSector(a: WarpAccesses, f: (instruction: number, sector: number) => void): void {
  for (let i = 0; i < a.at.length; i++) for (let k = a.start[i]; k < a.start[i + 1]; k++) f(a.instruction[i], sectorKey(a.sectors[k]));
}



/**
 * The blocks next to `block` in the grid, face to face (x +- 1, y +- 1, z +- 1: up to six): a
 * stencil's halo and a tile's edges. Diagonal blocks share only a corner, so the few sectors
 * they share are left to the samples.
 */
export function neighboursOf(block: number, launch: Launch): number[] {
  const [gx, gy] = launch.grid;
  const at = [blockIndex(block, launch.grid, 0), blockIndex(block, launch.grid, 1), blockIndex(block, launch.grid, 2)];
  const out: number[] = [];
  launch.grid.forEach((size, axis) => {
    for (const d of [-1, 1]) {
      const c = [...at];
      c[axis] += d;
      if (c[axis] >= 0 && c[axis] < size) out.push(c[0] + gx * (c[1] + gy * c[2]));
    }
  });
  return out;
}
