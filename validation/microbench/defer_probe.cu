// Deferred-barrier probe (issue 12): where does a warp wait after BAR.SYNC.DEFER_BLOCKING (what
// __syncthreads() compiles to on sm_90)? One block per SM (grid = number of SMs), loops not
// unrolled, cycles per trip from clock64 by thread 0:
//   ffma8     a = 8 dependent FFMAs                        (no barrier: the reference)
//   bar_ffma8 __syncthreads(); 8 dependent FFMAs           (math after the BAR)
//   lds       s = sh[(i + tid) & 255]; a = a * s + 0.5     (no barrier)
//   bar_lds   __syncthreads(); the same shared-memory read (a load right after the BAR)
// If a warp only waits at the next memory access, branch or BAR, bar_ffma8 at one warp costs
// what ffma8 costs (the FFMAs run while the barrier resolves) and bar_lds more than lds.
//   defer_probe <out.csv>     block sizes 32 .. 1024 threads
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

template <int V>
__global__ void defer_loop(float* out, int iters, long long* cycles) {
  __shared__ float sh[256];
  if (threadIdx.x < 256) sh[threadIdx.x] = 1.0f + threadIdx.x * 1e-6f;
  __syncthreads();
  float a = threadIdx.x * 0.001f;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < iters; i++) {
    if (V == 1 || V == 3) __syncthreads();
    if (V <= 1) {
#pragma unroll
      for (int k = 0; k < 8; k++) a = fmaf(a, 1.0001f, 0.5f);
    } else {
      a = fmaf(a, sh[(i + threadIdx.x) & 255], 0.5f);
    }
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
  out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}

template <int V>
double run(int threads, int iters, int sms) {
  float* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(float) * sms * threads);
  cudaMalloc(&cyc, sizeof(long long) * sms);
  defer_loop<V><<<sms, threads>>>(out, 10, cyc);  // warm-up
  defer_loop<V><<<sms, threads>>>(out, iters, cyc);
  cudaDeviceSynchronize();
  std::vector<long long> h(sms);
  cudaMemcpy(h.data(), cyc, sizeof(long long) * sms, cudaMemcpyDeviceToHost);
  cudaFree(out);
  cudaFree(cyc);
  std::sort(h.begin(), h.end());
  return double(h[sms / 2]) / iters;  // median over SMs
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  fprintf(o, "variant,threads_per_block,warps_per_block,cycles_per_trip\n");
  const int iters = 20000;
  const char* names[] = {"ffma8", "bar_ffma8", "lds", "bar_lds"};
  for (int threads = 32; threads <= 1024; threads *= 2) {
    fprintf(o, "%s,%d,%d,%.3f\n", names[0], threads, threads / 32, run<0>(threads, iters, sms));
    fprintf(o, "%s,%d,%d,%.3f\n", names[1], threads, threads / 32, run<1>(threads, iters, sms));
    fprintf(o, "%s,%d,%d,%.3f\n", names[2], threads, threads / 32, run<2>(threads, iters, sms));
    fprintf(o, "%s,%d,%d,%.3f\n", names[3], threads, threads / 32, run<3>(threads, iters, sms));
  }
  if (o != stdout) fclose(o);
  return 0;
}
