// How fast the L2 performs global atomics as the addresses crowd onto fewer lines: every thread
// of a full GPU (132 x 4 blocks of 256 threads, 32 warps per SM) adds 1 into a hashed word among
// `words` (8 words: one sector; 32: one 128-byte line; up to 2^20), `iters` times, as RED.E.ADD.
// Each launch prints a MANIFEST line with warpsim's --args; ncu measures the cycles
// (atomic_lines_probe.sh). The hash is computed from the thread's index, so warpsim runs the
// kernel from its listing and these arguments.
#include <cstdio>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)

extern "C" __global__ void red_lines(unsigned* __restrict__ bins, int words, int iters) {
  unsigned h = (blockIdx.x * blockDim.x + threadIdx.x) * 2654435761u;
  for (int k = 0; k < iters; ++k) {
    h = h * 1664525u + 1013904223u;
    atomicAdd(&bins[(h >> 8) & (words - 1)], 1u);
  }
}

int main() {
  int nsm = 0;
  CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  unsigned* bins;
  CK(cudaMalloc(&bins, 4 << 20));
  CK(cudaMemset(bins, 0, 4 << 20));
  const int words[] = {8, 32, 64, 128, 256, 512, 1024, 4096, 16384, 65536, 1 << 20};
  for (int w : words) {
    // Fewer trips where the atomics crowd (each launch a few milliseconds).
    int iters = w <= 32 ? 8 : w <= 256 ? 32 : 64;
    red_lines<<<4 * nsm, 256>>>(bins, w, iters);
    CK(cudaGetLastError());
    printf("MANIFEST red_lines %d 256 ptr:4MiB,i32:%d,i32:%d\n", 4 * nsm, w, iters);
  }
  CK(cudaDeviceSynchronize());
  return 0;
}
