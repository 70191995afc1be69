// Do warp shuffles share the L1's data pipe with global loads? One block of 512 threads per SM
// (16 warps): the even warps run a chain of `iters` x 8 dependent SHFL.BFLY + FADD (a warp sum's
// step) and time it with clock64; the odd warps, when `loads` is 1, stream float4 loads from a
// 64 KiB buffer the L1 keeps (each warp-load 512 bytes: 4 lines of the data pipe), else exit.
// Printed: the even warps' mean cycles per shuffle step. Were shuffles queued behind the loads'
// wavefronts (warpsim's model before), the steps would slow by the loads' share of the pipe.
//   nvcc -arch=sm_90 -O3 -o shfl_probe shfl_probe.cu && ./shfl_probe
#include <cstdio>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)

extern "C" __global__ void shfl_vs_loads(const float4* __restrict__ buf, float* __restrict__ out, long long* __restrict__ cycles, int iters, int loads) {
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  float v = lane;
  if ((warp & 1) == 0) {
    long long t0 = clock64();
    for (int i = 0; i < iters; ++i) {
#pragma unroll
      for (int k = 0; k < 8; ++k) v += __shfl_xor_sync(0xffffffffu, v, 1 << (k % 5));
    }
    long long t1 = clock64();
    if (lane == 0) cycles[blockIdx.x * 16 + warp] = t1 - t0;
  } else if (loads) {
    float4 a = make_float4(0, 0, 0, 0);
    // 8 independent float4 loads per trip, the buffer's 4,096 float4s cycled through.
    for (int i = 0; i < iters * 4; ++i) {
#pragma unroll
      for (int k = 0; k < 8; ++k) {
        float4 q = buf[((i * 8 + k) * 32 + lane) & 4095];
        a.x += q.x; a.y += q.y; a.z += q.z; a.w += q.w;
      }
    }
    v = a.x + a.y + a.z + a.w;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main() {
  int nsm = 0;
  CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  float4* buf; float* out; long long* cycles;
  CK(cudaMalloc(&buf, 65536)); CK(cudaMalloc(&out, nsm * 512 * 4)); CK(cudaMalloc(&cycles, nsm * 16 * 8));
  CK(cudaMemset(buf, 0, 65536));
  const int iters = 256;
  for (int loads = 0; loads <= 1; ++loads) {
    shfl_vs_loads<<<nsm, 512>>>(buf, out, cycles, iters, loads);
    CK(cudaDeviceSynchronize());
    long long h[132 * 16];
    CK(cudaMemcpy(h, cycles, nsm * 16 * 8, cudaMemcpyDeviceToHost));
    double sum = 0; int n = 0;
    for (int b = 0; b < nsm; ++b) for (int w = 0; w < 16; w += 2) { sum += h[b * 16 + w]; n++; }
    printf("MANIFEST shfl_vs_loads %d 512 ptr:64KiB,ptr:%dKiB,ptr:%dKiB,i32:%d,i32:%d\n", nsm, nsm * 2, (nsm * 16 * 8 + 1023) / 1024, iters, loads);
    printf("PROBE loads=%d cycles_per_shuffle_step=%.2f\n", loads, sum / n / (iters * 8.0));
  }
  return 0;
}
