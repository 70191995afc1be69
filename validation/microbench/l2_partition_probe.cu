// L2 partition probe: where is a line another SM brought into the L2, seen from SM 0?
// The H100's L2 is two partitions; a chase by one SM over 20 MiB takes about 250 cycles per
// load and over 40 MiB about 450 (a hit in the far partition). Kernels whose data many SMs read
// (a GEMM's operands, overlapping tiles) see hits slower than a one-SM chase, which is what this
// probe sorts out: after the L2 is flushed, the block on SM `warm` walks a ring of `lines`
// 128-byte lines once (bringing them in), then the block on SM `chase` walks the ring twice,
// one load at a time (ld.global.cg: past the L1), timing each pass with clock64. A pass whose
// loads find the line in SM `chase`'s own partition takes the near latency, in the other the
// far one; the second pass tells whether the first made a near copy. `warm` = -1: nobody warms
// (DRAM); `warm` = `chase`: the SM warms its own lines. A third mode warms from two SMs.
//   l2_partition_probe <out.csv> [lines]
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <random>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

__device__ int smid() {
  int s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  return s;
}

__device__ unsigned long long walk(const unsigned* ring, unsigned start, int steps, unsigned* sink) {
  unsigned p = start;
  long long t0 = clock64();
  for (int i = 0; i < steps; i++) p = __ldcg(ring + p);
  long long t1 = clock64();
  *sink = p;
  return (unsigned long long)(t1 - t0);
}

// One block per SM (each asks for most of the shared memory); only the named SMs' thread 0 works.
__global__ void warm(const unsigned* ring, int steps, int smA, int smB, unsigned* sink) {
  extern __shared__ char hold[];
  int s = smid();
  if (threadIdx.x != 0 || (s != smA && s != smB)) return;
  walk(ring, 0, steps, sink + s);
  if (hold[0] == 123) sink[0] = 1;
}

__global__ void chase(const unsigned* ring, int steps, int sm, unsigned* sink, unsigned long long* cycles) {
  extern __shared__ char hold[];
  if (threadIdx.x != 0 || smid() != sm) return;
  cycles[0] = walk(ring, 0, steps, sink);
  cycles[1] = walk(ring, 0, steps, sink);
  if (hold[0] == 123) sink[0] = 1;
}

int main(int argc, char** argv) {
  const char* outPath = argc > 1 ? argv[1] : "l2_partition.csv";
  int lines = argc > 2 ? atoi(argv[2]) : 8192;  // 8,192 lines: 1 MiB, far below either half
  int sms, smemMax;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaDeviceGetAttribute(&smemMax, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  const int hold = smemMax - 1024;
  CK(cudaFuncSetAttribute(warm, cudaFuncAttributeMaxDynamicSharedMemorySize, hold));
  CK(cudaFuncSetAttribute(chase, cudaFuncAttributeMaxDynamicSharedMemorySize, hold));
  // The ring: line i's first word holds the next line's first word index, in a random order
  // (no stride a prefetcher could follow), one load per 128-byte line.
  const int words = lines * 32;
  std::vector<unsigned> h(words, 0);
  std::vector<int> order(lines);
  for (int i = 0; i < lines; i++) order[i] = i;
  std::mt19937 rng(1);
  std::shuffle(order.begin() + 1, order.end(), rng);
  for (int i = 0; i < lines; i++) h[order[i] * 32] = order[(i + 1) % lines] * 32;
  unsigned *ring, *sink;
  unsigned long long* cycles;
  char* flush;
  const size_t FLUSH = (size_t)256 << 20;
  CK(cudaMalloc(&ring, words * 4));
  CK(cudaMalloc(&sink, 4096));
  CK(cudaMalloc(&cycles, 16));
  CK(cudaMalloc(&flush, FLUSH));
  CK(cudaMemcpy(ring, h.data(), words * 4, cudaMemcpyHostToDevice));
  FILE* out = fopen(outPath, "w");
  fprintf(out, "warm_a,warm_b,chase,lines,first_pass_cycles_per_load,second_pass_cycles_per_load\n");
  auto run = [&](int a, int b, int c) {
    // Flush: write 256 MiB (five times the L2), then read it, so none of the ring stays.
    CK(cudaMemset(flush, a & 0xff, FLUSH));
    CK(cudaDeviceSynchronize());
    if (a >= 0) warm<<<sms, 32, hold>>>(ring, lines, a, b, sink);
    CK(cudaGetLastError());
    chase<<<sms, 32, hold>>>(ring, lines, c, sink, cycles);
    CK(cudaGetLastError());
    unsigned long long t[2];
    CK(cudaMemcpy(t, cycles, 16, cudaMemcpyDeviceToHost));
    fprintf(out, "%d,%d,%d,%d,%.1f,%.1f\n", a, b, c, lines, (double)t[0] / lines, (double)t[1] / lines);
    fflush(out);
  };
  for (int rep = 0; rep < 2; rep++) {
    run(-1, -1, 0);  // cold: DRAM
    run(0, 0, 0);    // SM 0 warms its own lines
    for (int j = 1; j < sms; j++) run(j, j, 0);
  }
  // Two warmers: an SM of each kind (found from the table above by the reader) is not known
  // here, so pair SM 0's neighbours in %smid order with far ones: 1 and 2 with every 8th SM.
  for (int j = 1; j < sms; j += 8) run(1, j, 0), run(2, j, 0);
  // Chasing from another SM too, to see the halves from its side.
  for (int j = 0; j < sms; j++) run(j, j, 1);
  fclose(out);
  return 0;
}
