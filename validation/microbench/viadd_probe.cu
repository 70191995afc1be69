// VIADD probe (issue 12, FP32/INT contention): which pipe sm_90's VIADD uses and at what rate,
// beside IADD3 / LOP3 (ALU) and FFMA (FP32). One block of W warps per SM, loops not unrolled,
// 4 independent chains per thread so that issue, not latency, limits at 8 warps per scheduler:
//   viadd  r = (r + 1) ^ s  (add.s32 with an immediate, then xor: VIADD + LOP3, which ptxas
//                           cannot fold into one add as it does with consecutive adds)
//   iadd3  r = r + s + t    (three-input add: IADD3)
//   lop3   r = (r ^ s) & t  (LOP3)
//   ffma   a = a * b + c    (FFMA, the reference)
//   mix    r = (r + 1) ^ s and an FFMA alternating (VIADD, LOP3, FFMA)
// Cycles per trip from clock64; ncu's pipe counters tell the pipe.   viadd_probe <out.csv>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

#define ADD1(r, s) asm volatile("add.s32 %0, %0, 1;\n\txor.b32 %0, %0, %1;" : "+r"(r) : "r"(s))
#define ADD3(r, s, t) asm volatile("add.s32 %0, %0, %1;\n\tadd.s32 %0, %0, %2;" : "+r"(r) : "r"(s), "r"(t))
#define LOP(r, s, t) asm volatile("xor.b32 %0, %0, %1;\n\tand.b32 %0, %0, %2;" : "+r"(r) : "r"(s), "r"(t))
#define FMA(a, b, c) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(a) : "f"(b), "f"(c))

template <int V>
__global__ void pipe_loop(int* out, int iters, long long* cycles) {
  int r0 = threadIdx.x, r1 = r0 + 1, r2 = r0 + 2, r3 = r0 + 3, s = blockIdx.x | 1, t = 0x7fffffff;
  float a0 = r0, a1 = r1, a2 = r2, a3 = r3, b = 1.0001f, c = 0.5f;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < iters; i++) {
#pragma unroll
    for (int k = 0; k < 8; k++) {
      if (V == 0) { ADD1(r0, s); ADD1(r1, s); ADD1(r2, s); ADD1(r3, s); }
      if (V == 1) { ADD3(r0, s, t); ADD3(r1, s, t); ADD3(r2, s, t); ADD3(r3, s, t); }
      if (V == 2) { LOP(r0, s, t); LOP(r1, s, t); LOP(r2, s, t); LOP(r3, s, t); }
      if (V == 3) { FMA(a0, b, c); FMA(a1, b, c); FMA(a2, b, c); FMA(a3, b, c); }
      if (V == 4) { ADD1(r0, s); FMA(a0, b, c); ADD1(r1, s); FMA(a1, b, c); }
    }
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
  out[blockIdx.x * blockDim.x + threadIdx.x] = r0 + r1 + r2 + r3 + int(a0 + a1 + a2 + a3);
}

template <int V>
double run(int threads, int iters, int sms) {
  int* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(int) * sms * threads);
  cudaMalloc(&cyc, sizeof(long long) * sms);
  pipe_loop<V><<<sms, threads>>>(out, 10, cyc);  // warm-up
  pipe_loop<V><<<sms, threads>>>(out, iters, cyc);
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
  fprintf(o, "variant,threads_per_block,warps_per_block,cycles_per_trip\n");
  const int iters = 4000;
  const char* names[] = {"viadd", "iadd3", "lop3", "ffma", "mix"};
  for (int threads : {128, 1024}) {
    fprintf(o, "%s,%d,%d,%.3f\n", names[0], threads, threads / 32, run<0>(threads, iters, sms));
    fprintf(o, "%s,%d,%d,%.3f\n", names[1], threads, threads / 32, run<1>(threads, iters, sms));
    fprintf(o, "%s,%d,%d,%.3f\n", names[2], threads, threads / 32, run<2>(threads, iters, sms));
    fprintf(o, "%s,%d,%d,%.3f\n", names[3], threads, threads / 32, run<3>(threads, iters, sms));
    fprintf(o, "%s,%d,%d,%.3f\n", names[4], threads, threads / 32, run<4>(threads, iters, sms));
  }
  if (o != stdout) fclose(o);
  return 0;
}
