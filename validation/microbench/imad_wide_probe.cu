// IMAD.WIDE throughput probe: how often one sub-partition issues IMAD.WIDE.U32 when nothing
// else competes. Each thread runs 8 independent chains of mad.wide.u32 whose multiplicand is the
// chain's own last result (so ptxas keeps an IMAD.WIDE.U32 per step, with a LOP3 for the xor),
// `iters` trips; one block per SM of 1..32 warps; clock64 around the loop by thread 0.
//   imad_wide_probe <out.csv>
// cycles_per_wide_per_smsp: SM cycles per IMAD.WIDE per sub-partition (trip cycles x 4 / (warps x 8)).
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

__global__ void wide_loop(unsigned long long* out, int iters, unsigned b, long long* cycles) {
  unsigned long long x[8];
  unsigned a[8];
#pragma unroll
  for (int k = 0; k < 8; k++) { x[k] = threadIdx.x + k; a[k] = threadIdx.x * 3 + k; }
  long long t0 = clock64();
  for (int i = 0; i < iters; i++) {
#pragma unroll
    for (int k = 0; k < 8; k++) asm volatile("mad.wide.u32 %0, %1, %2, %3;" : "=l"(x[k]) : "r"(static_cast<unsigned>(x[k]) ^ a[k]), "r"(b), "l"(x[k]));
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
  unsigned long long s = 0;
#pragma unroll
  for (int k = 0; k < 8; k++) s += x[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  unsigned long long* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(unsigned long long) * sms * 1024);
  cudaMalloc(&cyc, sizeof(long long) * sms);
  fprintf(o, "warps,cycles_per_trip,cycles_per_wide_per_smsp\n");
  const int iters = 2000;
  for (int warps : {1, 2, 4, 8, 16, 32}) {
    wide_loop<<<sms, warps * 32>>>(out, 10, 7, cyc);
    wide_loop<<<sms, warps * 32>>>(out, iters, 7, cyc);
    cudaDeviceSynchronize();
    std::vector<long long> h(sms);
    cudaMemcpy(h.data(), cyc, sizeof(long long) * sms, cudaMemcpyDeviceToHost);
    std::sort(h.begin(), h.end());
    double trip = double(h[sms / 2]) / iters;
    double per = trip * (warps < 4 ? warps : 4) / (warps * 8.0);
    fprintf(o, "%d,%.3f,%.3f\n", warps, trip, per);
  }
  if (o != stdout) fclose(o);
  return 0;
}
