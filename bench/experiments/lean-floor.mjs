// The floor of warpsim's algorithm in JavaScript (issue 13): the same cycle-by-cycle scheme as the
// engine, reduced to the few mechanisms three bench cases use and written as one module over
// local typed arrays (no objects, hooks, counters beyond the histogram, SASS mechanisms or
// fast-forward). It visits only cycles with work, wakes warps from a binary heap, keeps each
// scheduler's candidates in a swap-remove list, scans them for a free pipe class and picks
// oldest-block greedy, and books warp states lazily: what src/sm does per instruction.
//
//   node bench/experiments/lean-floor.mjs loads-8w | warps-1 | warps-16 [--bursts] [--scale F]
//
// Prints its instructions and cycles (to set beside `node bench/case.mjs CASE --no-fast-forward`:
// the same work when they match) and its time. --bursts lets a scheduler with one candidate issue
// it again in the next cycles at once, while no event comes first: not exact (a load's random
// draw can move ahead of another scheduler's), measured only to see what skipping visits buys.
import seedrandom from "seedrandom";

const CASE = process.argv[2] ?? "loads-8w";
const BURSTS = process.argv.includes("--bursts");
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
const candidates = new Int32Array(WARPS);
const candidateClass = new Uint8Array(WARPS);
const position = new Int32Array(WARPS).fill(-1);
const candidateCount = new Int32Array(SUBPARTITIONS);
const eligible = new Int32Array(PER);
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

function removeCandidate(w) {
  const i = position[w];
  if (i < 0) return;
  const s = w % SUBPARTITIONS;
  const lastIndex = s * PER + --candidateCount[s];
  const last = candidates[lastIndex];
  candidates[i] = last;
  candidateClass[i] = candidateClass[lastIndex];
  position[last] = i;
  position[w] = -1;
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
    let i = position[w];
    if (i < 0) { i = position[w] = s * PER + candidateCount[s]++; candidates[i] = w; }
    candidateClass[i] = program[r + 3];
    if (cycle < nextWake[s]) nextWake[s] = cycle;
  } else {
    removeCandidate(w);
    enter(w, why, cycle);
    push(latest, w);
  }
}

function select(s, now) {
  const u = s * 4;
  const fp32Free = Math.min(unitFree[u], unitFree[u + 1]), lsuFree = unitFree[u + 2], aluFree = unitFree[u + 3];
  let count = 0, earliest = Infinity;
  const end = s * PER + candidateCount[s];
  for (let i = s * PER; i < end; i++) {
    const w = candidates[i], c = candidateClass[i];
    const free = c === FP32 ? fp32Free : c === ALU ? aluFree : lsuFree;
    if (free <= now) {
      eligible[count++] = w;
      if (state[w] !== NOT_SELECTED) enter(w, NOT_SELECTED, now);
    } else {
      if (free < earliest) earliest = free;
      if (state[w] !== THROTTLE) enter(w, THROTTLE, now);
    }
  }
  if (count === 0) { nextWake[s] = earliest; return -1; }
  // Oldest block first, greedy, then least recently issued (src/sm/schedulers/oldest-block.ts).
  const last = lastChosen[s];
  let best = eligible[0], bestBlock = blockAge[best], bestIssue = lastIssue[best], lastEligible = best === last;
  for (let i = 1; i < count; i++) {
    const w = eligible[i];
    if (w === last) lastEligible = true;
    const block = blockAge[w];
    if (block > bestBlock) continue;
    const issued = lastIssue[w];
    if (block < bestBlock || issued < bestIssue || (issued === bestIssue && age[w] < age[best])) { best = w; bestBlock = block; bestIssue = issued; }
  }
  const chosen = lastEligible && blockAge[last] === bestBlock ? last : best;
  histogram[s * (PER + 1) + count]++;
  enter(chosen, SELECTED, now);
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
    removeCandidate(w);
    enter(w, BRANCH_STATE, now + 1);
    push(now + (taken ? 11 : 9), w);
    return;
  } else {
    removeCandidate(w);
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
    for (let t = now + 1; BURSTS && candidateCount[s] === 1 && nextWake[s] === t && (heapSize === 0 || heapCycle[0] > t); t++) {
      const again = select(s, t);
      if (again < 0) break;
      issue(again, t);
    }
    if (candidateCount[s] === 0) nextWake[s] = Infinity;
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
