// Barrier probe: what a BAR.SYNC costs after the last warp of a block arrives, as the block
// grows. One block per SM (grid = number of SMs), each thread running `iters` trips of
//   a = fmaf(a, 1.0001f, 0.5f);   // K dependent FFMAs (K = 0, 1, 4)
//   __syncthreads();
// timed with clock64 by thread 0 around the loop. cycles per trip = (t1 - t0) / iters.
//   barrier_probe <out.csv>     block sizes 32 .. 1024 threads, K = 0, 1, 4
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

template <int K>
__global__ void bar_loop(float* out, int iters, long long* cycles) {
  float a = threadIdx.x * 0.001f;
  long long t0 = clock64();
  for (int i = 0; i < iters; i++) {
#pragma unroll
    for (int k = 0; k < K; k++) a = fmaf(a, 1.0001f, 0.5f);
    __syncthreads();
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
  out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}

template <int K>
double run(int threads, int iters, int sms) {
  float* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(float) * sms * threads);
  cudaMalloc(&cyc, sizeof(long long) * sms);
  bar_loop<K><<<sms, threads>>>(out, 10, cyc);  // warm-up
  bar_loop<K><<<sms, threads>>>(out, iters, cyc);
  cudaDeviceSynchronize();
  std::vector<long long> h(sms);
  cudaMemcpy(h.data(), cyc, sizeof(long long) * sms, cudaMemcpyDeviceToHost);
  cudaFree(out);
  cudaFree(cyc);
  std::vector<long long> s = h;
  std::sort(s.begin(), s.end());
  return double(s[sms / 2]) / iters;  // median over SMs
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  fprintf(o, "K,threads_per_block,warps_per_block,cycles_per_trip\n");
  const int iters = 20000;
  for (int threads = 32; threads <= 1024; threads *= 2) {
    fprintf(o, "0,%d,%d,%.3f\n", threads, threads / 32, run<0>(threads, iters, sms));
    fprintf(o, "1,%d,%d,%.3f\n", threads, threads / 32, run<1>(threads, iters, sms));
    fprintf(o, "4,%d,%d,%.3f\n", threads, threads / 32, run<4>(threads, iters, sms));
  }
  if (o != stdout) fclose(o);
  return 0;
}
