// Does a warp wait for its reductions before it exits? Every warp of a full GPU (132 x 4 blocks of
// 256 threads, 32 warps per SM) issues `k` RED.E.ADDs, each of its 32 lanes adding 1 to its own
// word of one 128-byte line (warp w into line w % lines), then exits: a histogram's or a
// reduction's final atomics. ncu measures the SM cycles and how long warps wait in `drain`
// (red_tail_probe.sh); were the REDs posted without limit, the SMs would finish long before the
// L2's atomic units have performed them, and drain would stay near zero as k grows.
#include <cstdio>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)

extern "C" __global__ void red_tail(unsigned* __restrict__ bins, int lines, int k) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
  unsigned* line = bins + 32 * (warp % lines);
  for (int i = 0; i < k; ++i) atomicAdd(&line[lane], 1u);
}

int main() {
  int nsm = 0;
  CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  unsigned* bins;
  CK(cudaMalloc(&bins, 4 << 20));
  CK(cudaMemset(bins, 0, 4 << 20));
  for (int lines : {8, 1024})
    for (int k : {1, 2, 4, 8, 16, 32, 64}) {
      red_tail<<<4 * nsm, 256>>>(bins, lines, k);
      CK(cudaGetLastError());
      printf("MANIFEST red_tail %d 256 ptr:4MiB,i32:%d,i32:%d\n", 4 * nsm, lines, k);
    }
  CK(cudaDeviceSynchronize());
  return 0;
}
