// Shared-memory probe: LDS throughput and latency under load. One block per SM; each thread
// follows K independent pointer chains through shared memory (conflict-free: lane i reads word
// i of a 32-word row), `iters` trips, timed with clock64 by thread 0.
//   lds_probe <out.csv>    K = 1, 4; warps per block 1 .. 32
// cycles_per_trip: clock64 cycles per loop trip (each warp does K LDS per trip);
// lds_per_cycle: LDS warp-instructions per SM cycle (warps x K / cycles_per_trip).
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

constexpr int WORDS = 32 * 64;  // 64 rows of 32 words

template <int K>
__global__ void lds_loop(unsigned* out, int iters, long long* cycles) {
  __shared__ unsigned smem[WORDS];
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) smem[i] = (i + 32) % WORDS;  // next row, same lane
  __syncthreads();
  unsigned p[K];
#pragma unroll
  for (int k = 0; k < K; k++) p[k] = (threadIdx.x % 32) + 32 * ((k * 7 + threadIdx.x / 32) % 64);
  long long t0 = clock64();
  for (int i = 0; i < iters; i++) {
#pragma unroll
    for (int k = 0; k < K; k++) p[k] = smem[p[k]];
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < K; k++) s += p[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

template <int K>
double run(int threads, int iters, int sms) {
  unsigned* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(unsigned) * sms * threads);
  cudaMalloc(&cyc, sizeof(long long) * sms);
  lds_loop<K><<<sms, threads>>>(out, 10, cyc);
  lds_loop<K><<<sms, threads>>>(out, iters, cyc);
  cudaDeviceSynchronize();
  std::vector<long long> h(sms);
  cudaMemcpy(h.data(), cyc, sizeof(long long) * sms, cudaMemcpyDeviceToHost);
  cudaFree(out);
  cudaFree(cyc);
  std::sort(h.begin(), h.end());
  return double(h[sms / 2]) / iters;
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  fprintf(o, "K,warps_per_block,cycles_per_trip,lds_per_cycle\n");
  const int iters = 4000;
  for (int warps = 1; warps <= 32; warps *= 2) {
    double c1 = run<1>(warps * 32, iters, sms);
    fprintf(o, "1,%d,%.3f,%.4f\n", warps, c1, warps * 1 / c1);
    double c4 = run<4>(warps * 32, iters, sms);
    fprintf(o, "4,%d,%.3f,%.4f\n", warps, c4, warps * 4 / c4);
  }
  if (o != stdout) fclose(o);
  return 0;
}
