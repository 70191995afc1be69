// Integer pipe probe (issue 12, FP32/INT contention): which pipe sm_90 runs the integer
// opcodes ptxas emits most in loops on. Each kernel runs 4 independent chains of a pair of
// instructions per step (inline PTX, so ptxas cannot fold them), 8 steps per trip, one block of
// 32 warps per SM; ncu's per-pipe instruction counts (viadd_probe.sh's metric list) attribute
// each opcode of the SASS to a pipe:
//   shl   r = (r << 1) ^ s          SHF or IMAD.SHL, and LOP3
//   sel   p = r < s; r = p ? r : t  ISETP and SEL
//   min   r = min(r, s) ^ t         VIMNMX / IMNMX, and LOP3
//   lea   r = r * 4 + s             LEA or IMAD
//   prmt  r = prmt(r, s, 0x3210) ^ t PRMT and LOP3
//   mov   r = s' (mov from a register written each step) ^ r   MOV / IMAD.MOV and LOP3
//   int_pipe_probe <out.csv>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

template <int V>
__device__ __forceinline__ void step(unsigned& r, unsigned s, unsigned t) {
  if (V == 0) asm volatile("shl.b32 %0, %0, 1;\n\txor.b32 %0, %0, %1;" : "+r"(r) : "r"(s));
  if (V == 1) asm volatile("{ .reg .pred p; setp.lt.u32 p, %0, %1;\n\tselp.b32 %0, %0, %2, p; }" : "+r"(r) : "r"(s), "r"(t));
  if (V == 2) asm volatile("min.u32 %0, %0, %1;\n\txor.b32 %0, %0, %2;" : "+r"(r) : "r"(s), "r"(t));
  if (V == 3) asm volatile("mad.lo.u32 %0, %0, 4, %1;" : "+r"(r) : "r"(s));
  if (V == 4) asm volatile("prmt.b32 %0, %0, %1, 0x3210;\n\txor.b32 %0, %0, %2;" : "+r"(r) : "r"(s), "r"(t));
  if (V == 5) asm volatile("{ .reg .b32 m; mov.b32 m, %0;\n\txor.b32 %0, m, %1; }" : "+r"(r) : "r"(s));
}

template <int V>
__global__ void int_loop(unsigned* out, int iters, long long* cycles) {
  unsigned r0 = threadIdx.x, r1 = r0 + 1, r2 = r0 + 2, r3 = r0 + 3, s = blockIdx.x | 0x55, t = 0x7fffffff;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < iters; i++) {
#pragma unroll
    for (int k = 0; k < 8; k++) {
      step<V>(r0, s, t);
      step<V>(r1, s, t);
      step<V>(r2, s, t);
      step<V>(r3, s, t);
    }
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
  out[blockIdx.x * blockDim.x + threadIdx.x] = r0 + r1 + r2 + r3;
}

template <int V>
double run(int threads, int iters, int sms) {
  unsigned* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(unsigned) * sms * threads);
  cudaMalloc(&cyc, sizeof(long long) * sms);
  int_loop<V><<<sms, threads>>>(out, 10, cyc);  // warm-up
  int_loop<V><<<sms, threads>>>(out, iters, cyc);
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
  const int iters = 2000, threads = 1024;
  const char* names[] = {"shl", "sel", "min", "lea", "prmt", "mov"};
  fprintf(o, "%s,%d,%d,%.3f\n", names[0], threads, threads / 32, run<0>(threads, iters, sms));
  fprintf(o, "%s,%d,%d,%.3f\n", names[1], threads, threads / 32, run<1>(threads, iters, sms));
  fprintf(o, "%s,%d,%d,%.3f\n", names[2], threads, threads / 32, run<2>(threads, iters, sms));
  fprintf(o, "%s,%d,%d,%.3f\n", names[3], threads, threads / 32, run<3>(threads, iters, sms));
  fprintf(o, "%s,%d,%d,%.3f\n", names[4], threads, threads / 32, run<4>(threads, iters, sms));
  fprintf(o, "%s,%d,%d,%.3f\n", names[5], threads, threads / 32, run<5>(threads, iters, sms));
  if (o != stdout) fclose(o);
  return 0;
}
