// L1 cost of a warp's scattered 4-byte accesses: each lane reads (or writes) 16 consecutive
// words of its own row, rows `STRIDE` bytes apart (a per-thread struct, AoS), every access an
// L1 hit after the first pass (each block re-reads its own 32 x STRIDE bytes). One block of
// 1,024 threads per SM (8 warps per sub-partition). For stride 4 a warp's word k is one line;
// for stride 64 its 32 lanes touch 32 sectors in 16 lines; for 128, 32 lines. Profiled with
// ncu: SM cycles, L1 sectors and requests, the data stage's wavefronts.
//   l1_stride_probe        (prints one MANIFEST line per launch: index,op,stride,iters)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

template <int STRIDE>
__global__ void stride_load(const float* __restrict__ x, float* __restrict__ out, int iters) {
  int lane = threadIdx.x & 31;
  const float* row = x + (size_t)blockIdx.x * 32 * (STRIDE / 4) + lane * (STRIDE / 4);
  float acc = 0.f;
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int k = 0; k < 16; ++k) acc += row[(k + it) & 15];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

template <int STRIDE>
__global__ void stride_store(float* __restrict__ y, int iters) {
  int lane = threadIdx.x & 31;
  float* row = y + (size_t)blockIdx.x * 32 * (STRIDE / 4) + lane * (STRIDE / 4);
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    // asm volatile: every store is kept (plain st.global, a weak store as a struct's fields get).
    for (int k = 0; k < 16; ++k) asm volatile("st.global.f32 [%0], %1;" ::"l"(row + k), "f"((float)(it + k)) : "memory");
  }
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  float *x, *y;
  CK(cudaMalloc(&x, (size_t)sms * 32 * 128 * 4));
  CK(cudaMalloc(&y, (size_t)sms * 32 * 128 * 4));
  CK(cudaMemset(x, 0, (size_t)sms * 32 * 128 * 4));
  const int iters = 256;
  int launch = 0;
#define RUN(S)                                                                        \
  stride_load<S><<<sms, 1024>>>(x, y, iters);                                         \
  CK(cudaDeviceSynchronize());                                                        \
  printf("MANIFEST,%d,load,%d,%d\n", launch++, S, iters);                              \
  stride_store<S><<<sms, 1024>>>(y, iters);                                           \
  CK(cudaDeviceSynchronize());                                                        \
  printf("MANIFEST,%d,store,%d,%d\n", launch++, S, iters);
  RUN(4) RUN(8) RUN(16) RUN(32) RUN(64) RUN(128)
  return 0;
}
