/*
 * lean-floor.mjs in C, line for line: the same algorithm compiled ahead of time, to measure what a
 * compiled core (native here, WebAssembly by the same source) would cost per warp-instruction.
 * One difference: the random load latency comes from xorshift32, not seedrandom's ARC4, so
 * loads-8w's cycles differ a little from the JavaScript floor's (the same work otherwise).
 *
 *   gcc -O2 -o /tmp/lean-floor bench/experiments/lean-floor.c && /tmp/lean-floor loads-8w
 *   clang -O2 --target=wasm32 -nostdlib -Wl,--no-entry -Wl,--export-all -DWASM \
 *     -o /tmp/lean-floor.wasm bench/experiments/lean-floor.c && node bench/experiments/lean-floor-wasm.mjs loads-8w
 *
 * (bench/experiments/lean-floor.sh runs all three builds.)
 */
#ifndef WASM
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#else
/* No C library in the WebAssembly build: the compiler turns the clearing loops into memset. */
void *memset(void *to, int c, unsigned long n) {
  unsigned char *p = to;
  while (n--) *p++ = (unsigned char)c;
  return to;
}
#endif

#define SUBPARTITIONS 4
#define MAX_PER 16
#define MAX_WARPS (SUBPARTITIONS * MAX_PER)
#define STRIDE 8
#define REGS 32
#define HEAP 4096
enum { MATH, LOAD, BRANCH, EXIT };
enum { FP32, LSU, ALU };
enum { NONE, SELECTED, NOT_SELECTED, LONG_SCOREBOARD, WAIT, THROTTLE, BRANCH_STATE };

static int program[64 * STRIDE];
static int programLength;
static int PER, TRIPS, WARPS;
static double readyAt[MAX_WARPS * REGS];
static unsigned char reason[MAX_WARPS * REGS];
static int pc[MAX_WARPS], trip[MAX_WARPS], candidates[MAX_WARPS], position[MAX_WARPS];
static unsigned char candidateClass[MAX_WARPS], state[MAX_WARPS];
static double lastIssue[MAX_WARPS], age[MAX_WARPS], blockAge[MAX_WARPS], since[MAX_WARPS];
static double unitFree[SUBPARTITIONS * 4], nextWake[SUBPARTITIONS];
static int candidateCount[SUBPARTITIONS], lastChosen[SUBPARTITIONS], eligible[MAX_PER];
static double warpCycles[SUBPARTITIONS * 8], histogram[SUBPARTITIONS * (MAX_PER + 1)];
static double instructions;
static double heapCycle[HEAP], heapSeq[HEAP];
static int heapWarp[HEAP], heapSize;
static double nextSeq;
static unsigned int rngState = 2463534242u;
static const double INF = 1.0 / 0.0;

static double random01(void) {
  rngState ^= rngState << 13;
  rngState ^= rngState >> 17;
  rngState ^= rngState << 5;
  return rngState / 4294967296.0;
}

static void push(double cycle, int warp) {
  int i = heapSize++;
  double seq = nextSeq++;
  while (i > 0) {
    int p = (i - 1) >> 1;
    if (heapCycle[p] < cycle || (heapCycle[p] == cycle && heapSeq[p] < seq)) break;
    heapCycle[i] = heapCycle[p]; heapSeq[i] = heapSeq[p]; heapWarp[i] = heapWarp[p];
    i = p;
  }
  heapCycle[i] = cycle; heapSeq[i] = seq; heapWarp[i] = warp;
}

static void pop(void) {
  int last = --heapSize;
  double c = heapCycle[last], s = heapSeq[last];
  int w = heapWarp[last], i = 0;
  for (;;) {
    int l = 2 * i + 1;
    if (l >= last) break;
    int child = l;
    if (l + 1 < last && (heapCycle[l + 1] < heapCycle[l] || (heapCycle[l + 1] == heapCycle[l] && heapSeq[l + 1] < heapSeq[l]))) child = l + 1;
    if (c < heapCycle[child] || (c == heapCycle[child] && s < heapSeq[child])) break;
    heapCycle[i] = heapCycle[child]; heapSeq[i] = heapSeq[child]; heapWarp[i] = heapWarp[child];
    i = child;
  }
  heapCycle[i] = c; heapSeq[i] = s; heapWarp[i] = w;
}

static void enter(int w, int next, double cycle) {
  int old = state[w];
  if (old == next) return;
  warpCycles[(w % SUBPARTITIONS) * 8 + old] += cycle - since[w];
  state[w] = next;
  since[w] = cycle;
}

static void removeCandidate(int w) {
  int i = position[w];
  if (i < 0) return;
  int s = w % SUBPARTITIONS;
  int lastIndex = s * PER + --candidateCount[s];
  int last = candidates[lastIndex];
  candidates[i] = last;
  candidateClass[i] = candidateClass[lastIndex];
  position[last] = i;
  position[w] = -1;
}

static void wake(int w, double cycle) {
  int s = w % SUBPARTITIONS, r = pc[w] * STRIDE, base = w * REGS;
  double latest = 0;
  int why = WAIT;
  for (int k = 4; k < 8; k++) {
    int reg = program[r + k];
    if (reg < 0) continue;
    double t = readyAt[base + reg];
    if (t > latest) { latest = t; why = reason[base + reg]; }
  }
  if (latest <= cycle) {
    int i = position[w];
    if (i < 0) { i = position[w] = s * PER + candidateCount[s]++; candidates[i] = w; }
    candidateClass[i] = program[r + 3];
    if (cycle < nextWake[s]) nextWake[s] = cycle;
  } else {
    removeCandidate(w);
    enter(w, why, cycle);
    push(latest, w);
  }
}

static int selectWarp(int s, double now) {
  int u = s * 4;
  double fp32Free = unitFree[u] < unitFree[u + 1] ? unitFree[u] : unitFree[u + 1];
  double lsuFree = unitFree[u + 2], aluFree = unitFree[u + 3];
  int count = 0;
  double earliest = INF;
  int end = s * PER + candidateCount[s];
  for (int i = s * PER; i < end; i++) {
    int w = candidates[i], c = candidateClass[i];
    double free = c == FP32 ? fp32Free : c == ALU ? aluFree : lsuFree;
    if (free <= now) {
      eligible[count++] = w;
      if (state[w] != NOT_SELECTED) enter(w, NOT_SELECTED, now);
    } else {
      if (free < earliest) earliest = free;
      if (state[w] != THROTTLE) enter(w, THROTTLE, now);
    }
  }
  if (count == 0) { nextWake[s] = earliest; return -1; }
  int last = lastChosen[s];
  int best = eligible[0], lastEligible = best == last;
  double bestBlock = blockAge[best], bestIssue = lastIssue[best];
  for (int i = 1; i < count; i++) {
    int w = eligible[i];
    if (w == last) lastEligible = 1;
    double block = blockAge[w];
    if (block > bestBlock) continue;
    double issued = lastIssue[w];
    if (block < bestBlock || issued < bestIssue || (issued == bestIssue && age[w] < age[best])) { best = w; bestBlock = block; bestIssue = issued; }
  }
  int chosen = lastEligible && blockAge[last] == bestBlock ? last : best;
  histogram[s * (MAX_PER + 1) + count]++;
  enter(chosen, SELECTED, now);
  lastChosen[s] = chosen;
  instructions++;
  nextWake[s] = now + 1;
  return chosen;
}

static void issue(int w, double now) {
  int s = w % SUBPARTITIONS, r = pc[w] * STRIDE, kind = program[r], u = s * 4, dst = w * REGS + program[r + 4];
  lastIssue[w] = now;
  if (kind == MATH) {
    int cls = program[r + 3];
    int unit = cls == ALU ? u + 3 : unitFree[u + 1] <= now ? u + 1 : u;
    unitFree[unit] = now + program[r + 2];
    readyAt[dst] = now + program[r + 1];
    reason[dst] = WAIT;
  } else if (kind == LOAD) {
    unitFree[u + 2] = now + program[r + 2];
    readyAt[dst] = now + 400 + (int)(random01() * 401);
    reason[dst] = LONG_SCOREBOARD;
  } else if (kind == BRANCH) {
    int taken = ++trip[w] < TRIPS;
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

static void add(int kind, int latency, int issueCycles, int cls, int dst, int s0, int s1, int s2) {
  int *r = &program[programLength++ * STRIDE];
  r[0] = kind; r[1] = latency; r[2] = issueCycles; r[3] = cls; r[4] = dst; r[5] = s0; r[6] = s1; r[7] = s2;
}

/* caseId: 0 loads-8w, 1 warps-1, 16 warps-16. Returns cycles; instructions in `instructions`. */
double run(int caseId, double scale) {
  programLength = 0;
  heapSize = 0;
  nextSeq = 0;
  instructions = 0;
  int blocksBySlot;
  if (caseId == 0) {
    PER = 8; TRIPS = (int)(8000 * scale + 0.5); blocksBySlot = 0;
    for (int k = 0; k < 4; k++) add(LOAD, 0, 1, LSU, 8 + k, 2, -1, -1);
    for (int j = 0; j < 8; j++) for (int k = 0; k < 4; k++) add(MATH, 4, 2, FP32, 12 + k, 12 + k, 8 + k, 4);
  } else {
    PER = caseId; TRIPS = (int)((int)(38400.0 / caseId + 0.5) * scale + 0.5); blocksBySlot = 1;
    for (int i = 0; i < 32; i++) {
      if (i % 4 == 3) add(MATH, 4, 2, ALU, 20 + (i % 8), 20 + (i % 8), -1, -1);
      else add(MATH, 4, 2, FP32, 10 + (i % 4), 10 + (i % 4), 4, 5);
    }
  }
  add(BRANCH, 6, 1, FP32, -1, -1, -1, -1);
  add(EXIT, 0, 1, FP32, -1, -1, -1, -1);
  WARPS = SUBPARTITIONS * PER;
  for (int i = 0; i < MAX_WARPS * REGS; i++) { readyAt[i] = 0; reason[i] = 0; }
  for (int w = 0; w < MAX_WARPS; w++) { pc[w] = 0; trip[w] = 0; lastIssue[w] = -1; position[w] = -1; state[w] = NONE; since[w] = 0; }
  for (int i = 0; i < SUBPARTITIONS * 4; i++) unitFree[i] = 0;
  for (int s = 0; s < SUBPARTITIONS; s++) { nextWake[s] = INF; candidateCount[s] = 0; lastChosen[s] = -1; }
  for (int w = 0; w < WARPS; w++) {
    age[w] = w;
    blockAge[w] = blocksBySlot ? w / SUBPARTITIONS : 0;
    state[w] = NOT_SELECTED;
    wake(w, 0);
  }
  int live = WARPS;
  double now = 0;
  for (;;) {
    while (heapSize > 0 && heapCycle[0] <= now) {
      int w = heapWarp[0];
      pop();
      if (w < 0) { enter(-1 - w, NONE, now); live--; } else wake(w, now);
    }
    for (int s = 0; s < SUBPARTITIONS; s++) {
      if (nextWake[s] > now) continue;
      int w = selectWarp(s, now);
      if (w >= 0) issue(w, now);
      if (candidateCount[s] == 0) nextWake[s] = INF;
    }
    double next = heapSize > 0 ? heapCycle[0] : INF;
    for (int s = 0; s < SUBPARTITIONS; s++) if (nextWake[s] < next) next = nextWake[s];
    if (next == INF) break;
    now = next;
  }
  return live == 0 ? now : -1;
}

double executed(void) { return instructions; }

#ifndef WASM
int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : "loads-8w";
  double scale = argc > 2 ? atof(argv[2]) : 1;
  int caseId = strcmp(name, "loads-8w") == 0 ? 0 : strcmp(name, "warps-16") == 0 ? 16 : 1;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  double cycles = run(caseId, scale);
  clock_gettime(CLOCK_MONOTONIC, &b);
  double seconds = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
  printf("{\"name\":\"%s\",\"build\":\"native\",\"seconds\":%.6f,\"instructions\":%.0f,\"cycles\":%.0f,\"nsPerInstruction\":%.2f}\n", name, seconds, instructions, cycles, seconds * 1e9 / instructions);
  return cycles < 0;
}
#endif
