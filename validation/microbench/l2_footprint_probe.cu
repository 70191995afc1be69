// Why do scattered accesses into a small table cost the L2 path more per line? The mixed gather
// probe found every SM's gather of 32 random lines costs 1.83-1.85 cycles a missed line from
// tables of 128-256 KiB against 1.45-1.47 from 1 MiB up, and a scatter of 32 lines written in
// part 176 cycles a request from 128 KiB against 97-98. Two causes fit: (a) the few lines of a
// small table are each wanted by several SMs at once and queue at their L2 slice; (b) a small
// contiguous table maps onto fewer L2 slices (the address hash spreads low bits less). Here the
// same number of lines (1 to 131,072) is either contiguous or spread over a 16 MiB table by a bijective hash
// (line i -> i * 0x9E3779B1 mod 2^17): (a) predicts the same cost, (b) the large table's. Loads
// are .cg (ld.global.cg: no L1, every request goes to the L2). Further series: fewer SMs (grids
// of 33 and 66 blocks of 1,024 threads) and fewer warps (blocks of 256 threads) on the smallest
// table, which lower the rate of requests each line receives.
//   l2_footprint_probe   (prints one MANIFEST line per launch: index,op,lines,spread,blocks,threads)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int ACCESSES = 8;
constexpr unsigned TABLE_LINES = (16u << 20) / 128;

__device__ __forceinline__ unsigned lineOf(unsigned i, bool spread) { return spread ? (i * 0x9E3779B1u) & (TABLE_LINES - 1) : i; }

template <bool SPREAD>
__global__ void footprint_gather(const float* __restrict__ table, float* __restrict__ out, int iters, unsigned lines) {
  unsigned lane = threadIdx.x & 31;
  unsigned h = (blockIdx.x * 1024u + threadIdx.x) * 0x9E3779B1u + 12345u;
  float acc = 0.f;
  for (int it = 0; it < iters; ++it) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
#pragma unroll
    for (int k = 0; k < ACCESSES; ++k) acc += __ldcg(&table[(size_t)lineOf((h + 97u * k) % lines, SPREAD) * 32 + lane]);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

template <bool SPREAD>
__global__ void footprint_scatter(float* __restrict__ table, int iters, unsigned lines) {
  unsigned lane = threadIdx.x & 31;
  unsigned h = (blockIdx.x * 1024u + threadIdx.x) * 0x9E3779B1u + 12345u;
  for (int it = 0; it < iters; ++it) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
#pragma unroll
    for (int k = 0; k < ACCESSES; ++k) table[(size_t)lineOf((h + 97u * k) % lines, SPREAD) * 32 + lane] = (float)it;
  }
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  float *table, *out;
  CK(cudaMalloc(&table, 16 << 20));
  CK(cudaMalloc(&out, (size_t)sms * 1024 * 4));
  CK(cudaMemset(table, 0, 16 << 20));
  const int iters = 64;
  int launch = 0;
  auto run = [&](int op, unsigned lines, int spread, int blocks, int threads) -> int {
    if (op == 0) {
      if (spread) footprint_gather<true><<<blocks, threads>>>(table, out, iters, lines);
      else footprint_gather<false><<<blocks, threads>>>(table, out, iters, lines);
    } else {
      if (spread) footprint_scatter<true><<<blocks, threads>>>(table, iters, lines);
      else footprint_scatter<false><<<blocks, threads>>>(table, iters, lines);
    }
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,%s,%u,%d,%d,%d\n", launch++, op == 0 ? "load" : "store", lines, spread, blocks, threads);
    return 0;
  };
  const unsigned contiguous[] = {1, 4, 16, 24, 32, 48, 64, 96, 128, 256, 512, 1024, 2048, 4096, 8192, 32768, TABLE_LINES};
  const unsigned spreadLines[] = {1024, 2048, 4096, 8192};
  for (int op = 0; op < 2; ++op) {
    for (unsigned n : contiguous) if (run(op, n, 0, sms, 1024)) return 1;
    for (unsigned n : spreadLines) if (run(op, n, 1, sms, 1024)) return 1;
    for (int blocks : {sms / 4, sms / 2}) if (run(op, 1024, 0, blocks, 1024)) return 1;
    for (unsigned n : {1024u, TABLE_LINES}) if (run(op, n, 0, sms, 256)) return 1;
  }
  return 0;
}
