// Does a scattered load's L1 hit line cost the L2 path when the same request also misses? The
// l1_bank_probe times 32 lines that all hit (10.4 cycles a request: the L1's tag banks) and 32
// that all miss (45.5-46.8: 1.45 a line on the way to the L2); real gathers (gather_idx, spmv,
// hash tables) mix the two in one request. Here lane k of a warp reads word k of a pseudo-random
// line: the first HOT lanes from a 32 KiB table every warp reads (it stays in the L1), the others
// from a 16 MiB table only the L2 holds. ACCESSES independent requests a trip; one block of 1,024
// threads per SM (8 warps per sub-partition), 64 trips.
//   mixed_gather_probe    (prints one MANIFEST line per launch: index,hot_lanes,iters)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int ACCESSES = 8;

extern "C" __global__ void mixed_gather(const float* __restrict__ hot, const float* __restrict__ cold, float* __restrict__ out, int iters, unsigned hotLanes) {
  unsigned lane = threadIdx.x & 31;
  unsigned h = (blockIdx.x * 1024u + threadIdx.x) * 0x9E3779B1u + 12345u;
  const float* table = lane < hotLanes ? hot : cold;
  unsigned lineMask = lane < hotLanes ? (32u << 10) / 128 - 1 : (16u << 20) / 128 - 1;
  float acc = 0.f;
  for (int it = 0; it < iters; ++it) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
#pragma unroll
    for (int k = 0; k < ACCESSES; ++k) acc += table[(size_t)((h + 97u * k) & lineMask) * 32 + lane];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  float *hot, *cold, *out;
  CK(cudaMalloc(&hot, 32 << 10));
  CK(cudaMalloc(&cold, 16 << 20));
  CK(cudaMalloc(&out, (size_t)sms * 1024 * 4));
  CK(cudaMemset(hot, 0, 32 << 10));
  CK(cudaMemset(cold, 0, 16 << 20));
  const int iters = 64;
  const unsigned hotLanes[] = {0, 4, 8, 16, 24, 28, 31, 32};
  int launch = 0;
  for (unsigned k : hotLanes) {
    mixed_gather<<<sms, 1024>>>(hot, cold, out, iters, k);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,%u,%d\n", launch++, k, iters);
  }
  return 0;
}
