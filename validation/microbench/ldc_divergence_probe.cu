// Constant-bank loads with a per-lane index (LDC R, c[0x3][R+off]): how long does one take when
// the 32 lanes of a warp ask for K distinct addresses? Each thread sums kTab[(base + i) & 4095]
// over `iters` steps, base = (lane % K) * STRIDE: K distinct words in a warp, STRIDE 1 (within
// a 64-byte line or a few) or 16 (each in a line of its own); one block of 256 or 1024 threads
// per SM. Profiled with ncu (sm__cycles_active.avg, instructions), one launch per (K, STRIDE, warps).
//   ldc_divergence_probe        (prints one MANIFEST line per launch: index,K,stride,threads,iters)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

__constant__ float kTab[4096];

template <int K, int STRIDE>
__global__ void ldc_div(float* out, int iters) {
  int lane = threadIdx.x & 31;
  int base = (lane % K) * STRIDE;
  float acc = 0.f;
  for (int i = 0; i < iters; ++i) acc += kTab[(base + 4 * i) & 4095];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  static float h[4096];
  for (int i = 0; i < 4096; ++i) h[i] = 0.001f * i;
  CK(cudaMemcpyToSymbol(kTab, h, sizeof h));
  float* out;
  CK(cudaMalloc(&out, (size_t)sms * 1024 * 4));
  const int iters = 1024;
  int launch = 0;
#define RUN(K, S)                                                                  \
  for (int threads : {256, 1024}) {                                                \
    ldc_div<K, S><<<sms, threads>>>(out, iters);                                   \
    CK(cudaDeviceSynchronize());                                                   \
    printf("MANIFEST,%d,%d,%d,%d,%d\n", launch++, K, S, threads, iters);            \
  }
  RUN(1, 1) RUN(2, 1) RUN(4, 1) RUN(8, 1) RUN(16, 1) RUN(32, 1)
  RUN(2, 16) RUN(4, 16) RUN(8, 16) RUN(16, 16) RUN(32, 16)
  return 0;
}
