// L1 cost of gathers: each warp request reads one word per lane at pseudo-random places of a
// table, its lanes spread over 32 lines (every lane its own line) or 8 (4 lanes a line), from a
// table the L1 holds (32 KiB), one only the L2 holds (16 MiB), or one in between (512 KiB). LOADS = 4
// reads the 4 words of each lane's 16-byte slot one after another (as cubic_interp's neighbours:
// the first misses, the next three find the line filling). One block of 1,024 threads per SM (8
// warps per sub-partition), 256 trips. Profiled with ncu: SM cycles, L1 requests, sectors, hits.
//   l1_gather_probe        (prints one MANIFEST line per launch: index,table_bytes,lines,loads,iters)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

template <int LINES, int LOADS>
__global__ void gather(const float* __restrict__ table, float* __restrict__ out, int iters, unsigned slots) {
  int lane = threadIdx.x & 31;
  // A line per lane (LINES = 32) or per 4 lanes (LINES = 8): lanes of a line read its 4 slots.
  unsigned group = LINES == 32 ? lane : lane >> 2, within = LINES == 32 ? 0 : lane & 3;
  unsigned h = (blockIdx.x * 1024u + threadIdx.x / 32 * 32 + group) * 0x9E3779B1u + 12345u;
  float acc = 0.f;
  for (int it = 0; it < iters; ++it) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
    unsigned line = h % slots;  // a 128-byte line of the table
    const float* p = table + (size_t)line * 32 + within * 4;
#pragma unroll
    for (int k = 0; k < LOADS; ++k) acc += p[k];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  float *table, *out;
  const size_t big = (size_t)16 << 20;
  CK(cudaMalloc(&table, big));
  CK(cudaMalloc(&out, (size_t)sms * 1024 * 4));
  CK(cudaMemset(table, 0, big));
  const int iters = 256;
  int launch = 0;
  const size_t sizes[] = {32 << 10, 512 << 10, big};
#define RUN(L, N)                                                                                        \
  for (size_t bytes : sizes) {                                                                           \
    gather<L, N><<<sms, 1024>>>(table, out, iters, (unsigned)(bytes / 128));                             \
    CK(cudaDeviceSynchronize());                                                                         \
    printf("MANIFEST,%d,%zu,%d,%d,%d\n", launch++, bytes, L, N, iters);                                 \
  }
  RUN(32, 1) RUN(32, 4) RUN(8, 1) RUN(8, 4)
  return 0;
}
