// Loaded-latency probe (issue 12, memory contention): how DRAM latency grows with the DRAM
// traffic of the whole GPU. One block per SM (grid = number of SMs): warp 0 chases pointers
// through 256 MiB (one hop per 128-byte line, a random cycle, so every hop misses L1 and L2)
// while B background warps stream coalesced 128-byte loads (8 in flight per warp, ld.global.cg)
// through another 1 GiB buffer for a fixed number of rounds that outlasts the chase. Per B: the
// chase's cycles per hop, and the DRAM bytes the background warps read per SM cycle.
//   loaded_latency_probe <out.csv>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

__global__ void probe(const unsigned* chain, const int4* stream, size_t streamLines, int hops, int rounds,
                      long long* chaseCycles, unsigned long long* bytes, long long* span, unsigned* sink) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {
    unsigned p = (blockIdx.x * 7919u) % (256u << 20 >> 7) * 32;  // start at a line of this block
    long long t0 = clock64();
    for (int i = 0; i < hops; i++) p = __ldcg(&chain[p]);
    long long t1 = clock64();
    if (lane == 0) {
      chaseCycles[blockIdx.x] = t1 - t0;
      sink[blockIdx.x] = p;
    }
    return;
  }
  // Background: warp w streams lines w, w + W, ... of its block's share, 4 loads in flight.
  const size_t lanes = streamLines * 8;  // int4 per line: 8
  size_t i = ((size_t)blockIdx.x * 1024 + (warp - 1) * 8) * 8 + lane % 8;
  int4 acc = make_int4(0, 0, 0, 0);
  unsigned long long loaded = 0;
  long long t0 = clock64();
  for (int round = 0; round < rounds; round++) {
    int4 v[8];
#pragma unroll
    for (int k = 0; k < 8; k++) v[k] = __ldcg(&stream[(i + k * 8) % lanes]);
#pragma unroll
    for (int k = 0; k < 8; k++) acc.x ^= v[k].x, acc.y ^= v[k].y;
    i += (size_t)gridDim.x * 1024 * 8 + 64;
    loaded += 8 * 128;
  }
  long long t1 = clock64();
  if (lane == 0) {
    atomicAdd(&bytes[blockIdx.x], loaded);
    atomicMax((unsigned long long*)&span[blockIdx.x], (unsigned long long)(t1 - t0));
  }
  if (acc.x == 0x12345678) sink[blockIdx.x] = acc.y;
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const size_t chainWords = (256u << 20) / 4, lines = chainWords / 32;
  std::vector<unsigned> order(lines), chain(chainWords, 0);
  for (size_t i = 0; i < lines; i++) order[i] = (unsigned)i;
  srand(12345);
  for (size_t i = lines - 1; i > 0; i--) std::swap(order[i], order[(size_t)rand() % (i + 1)]);
  for (size_t i = 0; i < lines; i++) chain[(size_t)order[i] * 32] = order[(i + 1) % lines] * 32;
  unsigned* dChain;
  int4* dStream;
  const size_t streamBytes = (size_t)1 << 30;
  cudaMalloc(&dChain, chainWords * 4);
  cudaMemcpy(dChain, chain.data(), chainWords * 4, cudaMemcpyHostToDevice);
  cudaMalloc(&dStream, streamBytes);
  cudaMemset(dStream, 1, streamBytes);
  long long *chase, *span;
  unsigned long long* bytes;
  unsigned* sink;
  cudaMalloc(&chase, 8 * sms);
  cudaMalloc(&span, 8 * sms);
  cudaMalloc(&bytes, 8 * sms);
  cudaMalloc(&sink, 4 * sms);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  fprintf(o, "background_warps,cycles_per_hop,dram_bytes_per_sm_cycle\n");
  const int hops = 4000;
  for (int B : {0, 1, 2, 4, 8, 12, 16, 24, 31}) {
    for (int rep = 0; rep < 2; rep++) {
      cudaMemset(bytes, 0, 8 * sms);
      cudaMemset(span, 0, 8 * sms);
      probe<<<sms, 32 * (B + 1)>>>(dChain, dStream, streamBytes / 128, hops, 3000, chase, bytes, span, sink);
      cudaDeviceSynchronize();
    }
    std::vector<long long> c(sms), s(sms);
    std::vector<unsigned long long> b(sms);
    cudaMemcpy(c.data(), chase, 8 * sms, cudaMemcpyDeviceToHost);
    cudaMemcpy(s.data(), span, 8 * sms, cudaMemcpyDeviceToHost);
    cudaMemcpy(b.data(), bytes, 8 * sms, cudaMemcpyDeviceToHost);
    std::vector<double> lat(sms), bw(sms);
    for (int i = 0; i < sms; i++) {
      lat[i] = double(c[i]) / hops;
      bw[i] = s[i] > 0 ? double(b[i]) / s[i] : 0;
    }
    std::sort(lat.begin(), lat.end());
    std::sort(bw.begin(), bw.end());
    fprintf(o, "%d,%.1f,%.2f\n", B, lat[sms / 2], bw[sms / 2]);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e));
  if (o != stdout) fclose(o);
  return e != cudaSuccess;
}
