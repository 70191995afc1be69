// Does a scattered load's L1 hit line cost the L2 path when the same request also misses? The
// l1_bank_probe times 32 lines that all hit (10.4 cycles a request: the L1's tag banks) and 32
// that all miss (45.5-46.8: 1.45 a line on the way to the L2); real gathers (gather_idx, spmv,
// hash tables) mix the two in one request. Here lane k of a warp reads word k of a pseudo-random
// line: the first HOT lanes from a 32 KiB table every warp reads (it stays in the L1), the others
// from a 16 MiB table only the L2 holds. ACCESSES independent requests a trip; one block of 1,024
// threads per SM (8 warps per sub-partition), 64 trips. A second series has every lane on the
// cold table and shrinks it from 4 MiB to 128 KiB (every SM on the same few thousand lines, as a
// gather into a small vector, x[col[k]], is; around the L1's size, the hit rate maps its capacity).
// A third series asks for dynamic shared memory the kernel never touches (0 to 96 KiB a block),
// which moves the driver's carveout and so the L1 that is left: each table's hit rate shows it.
// A fourth series stores instead (mixed_scatter: lane k writes word k of a random line, the
// whole table's lines written in part), tables of 128 KiB to 16 MiB: does the L2's cost per line
// grow on a small footprint for stores as for loads? (Its rows: hot_lanes -1.)
//   mixed_gather_probe    (prints one MANIFEST line per launch: index,hot_lanes,cold_bytes,iters,dyn_smem)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int ACCESSES = 8;

extern "C" __global__ void mixed_gather(const float* __restrict__ hot, const float* __restrict__ cold, float* __restrict__ out, int iters, unsigned hotLanes, unsigned coldLines) {
  unsigned lane = threadIdx.x & 31;
  unsigned h = (blockIdx.x * 1024u + threadIdx.x) * 0x9E3779B1u + 12345u;
  const float* table = lane < hotLanes ? hot : cold;
  unsigned lines = lane < hotLanes ? (32u << 10) / 128 : coldLines;
  float acc = 0.f;
  for (int it = 0; it < iters; ++it) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
#pragma unroll
    for (int k = 0; k < ACCESSES; ++k) acc += table[(size_t)((h + 97u * k) % lines) * 32 + lane];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

extern "C" __global__ void mixed_scatter(float* __restrict__ table, int iters, unsigned lines) {
  unsigned lane = threadIdx.x & 31;
  unsigned h = (blockIdx.x * 1024u + threadIdx.x) * 0x9E3779B1u + 12345u;
  for (int it = 0; it < iters; ++it) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
#pragma unroll
    for (int k = 0; k < ACCESSES; ++k) table[(size_t)((h + 97u * k) % lines) * 32 + lane] = (float)it;
  }
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
    mixed_gather<<<sms, 1024>>>(hot, cold, out, iters, k, (16u << 20) / 128);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,%u,%u,%d,0\n", launch++, k, 16u << 20, iters);
  }
  const unsigned coldBytes[] = {128u << 10, 192u << 10, 208u << 10, 224u << 10, 240u << 10, 256u << 10, 320u << 10, 384u << 10, 512u << 10, 1u << 20, 4u << 20};
  for (unsigned bytes : coldBytes) {
    mixed_gather<<<sms, 1024>>>(hot, cold, out, iters, 0, bytes / 128);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,0,%u,%d,0\n", launch++, bytes, iters);
  }
  CK(cudaFuncSetAttribute(mixed_gather, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 << 10));
  const unsigned smemBytes[] = {1u << 10, 8u << 10, 24u << 10, 48u << 10, 96u << 10};
  const unsigned tables[] = {128u << 10, 192u << 10, 256u << 10, 320u << 10};
  for (unsigned smem : smemBytes)
    for (unsigned bytes : tables) {
      mixed_gather<<<sms, 1024, smem>>>(hot, cold, out, iters, 0, bytes / 128);
      CK(cudaDeviceSynchronize());
      printf("MANIFEST,%d,0,%u,%d,%u\n", launch++, bytes, iters, smem);
    }
  const unsigned scatterBytes[] = {128u << 10, 256u << 10, 512u << 10, 1u << 20, 4u << 20, 16u << 20};
  for (unsigned bytes : scatterBytes) {
    mixed_scatter<<<sms, 1024>>>(cold, iters, bytes / 128);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,-1,%u,%d,0\n", launch++, bytes, iters);
  }
  return 0;
}
