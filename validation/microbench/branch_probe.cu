// Branch probe (issue 12, mechanism 6): what a loop's taken branch costs right after a barrier,
// against the same loop without the barrier. One block per SM (grid = number of SMs), each
// thread running `iters` trips, not unrolled, of
//   a = fmaf(a, 1.0001f, 0.5f);  __syncthreads();   (bar_branch)
//   a = fmaf(a, 1.0001f, 0.5f);                      (plain_branch)
// timed with clock64 by thread 0 around the loop: cycles per trip = (t1 - t0) / iters.
//   branch_probe <out.csv>     block sizes 32 .. 1024 threads
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

template <bool BAR>
__global__ void branch_loop(float* out, int iters, long long* cycles) {
  float a = threadIdx.x * 0.001f;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < iters; i++) {
    a = fmaf(a, 1.0001f, 0.5f);
    if (BAR) __syncthreads();
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
  out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}

template <bool BAR>
double run(int threads, int iters, int sms) {
  float* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(float) * sms * threads);
  cudaMalloc(&cyc, sizeof(long long) * sms);
  branch_loop<BAR><<<sms, threads>>>(out, 10, cyc);  // warm-up
  branch_loop<BAR><<<sms, threads>>>(out, iters, cyc);
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
  fprintf(o, "barrier,threads_per_block,warps_per_block,cycles_per_trip\n");
  const int iters = 20000;
  for (int threads = 32; threads <= 1024; threads *= 2) {
    fprintf(o, "0,%d,%d,%.3f\n", threads, threads / 32, run<false>(threads, iters, sms));
    fprintf(o, "1,%d,%d,%.3f\n", threads, threads / 32, run<true>(threads, iters, sms));
  }
  if (o != stdout) fclose(o);
  return 0;
}
