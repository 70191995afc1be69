// Branch stall probe: what a loop's taken branch costs as a function of the stall count ptxas
// gives it. Each kernel is a loop (not unrolled) whose body is a dependent chain of one kind of
// fixed-latency instruction; the chain's next link at the top of the loop reads the last link of
// the trip before, so ptxas sets the closing BRA's stall count to cover what is left of that
// latency (short for FFMA and IMAD, longer for DFMA and HMMA). One warp per SM (grid = number of
// SMs, 32 threads), thread 0 timing the loop with clock64: cycles per trip = (t1 - t0) / iters.
//   branch_stall_probe <out.csv>
// The SASS (cuobjdump) gives each loop's stall counts; warpsim runs the same listing
// (docs/validation.md, "A taken branch's stall count").
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <vector>
#include <algorithm>

#define TIMED_LOOP(BODY)                                   \
  long long t0 = clock64();                                \
  _Pragma("unroll 1") for (int i = 0; i < iters; i++) {    \
    BODY                                                   \
  }                                                        \
  long long t1 = clock64();                                \
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;

__global__ void ffma1(float* out, int iters, long long* cycles, float x, float y) {
  float a = threadIdx.x * 0.001f;
  TIMED_LOOP(a = fmaf(a, x, y);)
  out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}

__global__ void ffma4(float* out, int iters, long long* cycles, float x, float y) {
  float a = threadIdx.x * 0.001f;
  TIMED_LOOP(a = fmaf(a, x, y); a = fmaf(a, x, y); a = fmaf(a, x, y); a = fmaf(a, x, y);)
  out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}

__global__ void imad2(float* out, int iters, long long* cycles, float x, float y) {
  unsigned u = threadIdx.x, k = __float_as_uint(x) | 1u, c = __float_as_uint(y);
  TIMED_LOOP(u = u * k + c; u = u * k + c;)
  out[blockIdx.x * blockDim.x + threadIdx.x] = __uint_as_float(u);
}

__global__ void dfma1(float* out, int iters, long long* cycles, float x, float y) {
  double d = threadIdx.x * 0.001, dx = x, dy = y;
  TIMED_LOOP(d = fma(d, dx, dy);)
  out[blockIdx.x * blockDim.x + threadIdx.x] = (float)d;
}

__global__ void dfma2(float* out, int iters, long long* cycles, float x, float y) {
  double d = threadIdx.x * 0.001, dx = x, dy = y;
  TIMED_LOOP(d = fma(d, dx, dy); d = fma(d, dx, dy);)
  out[blockIdx.x * blockDim.x + threadIdx.x] = (float)d;
}

__global__ void dmul2(float* out, int iters, long long* cycles, float x, float y) {
  double d = threadIdx.x * 0.001 + 1.0, dx = x;
  TIMED_LOOP(d = d * dx; d = d * dx;)
  out[blockIdx.x * blockDim.x + threadIdx.x] = (float)d + y;
}

// One HMMA.16816.F32 per trip, its accumulators chained from trip to trip.
__global__ void hmma1(float* out, int iters, long long* cycles, float x, float y) {
  unsigned a0 = __float_as_uint(x), a1 = a0, a2 = a0, a3 = a0, b0 = __float_as_uint(y), b1 = b0;
  float c0 = threadIdx.x * 0.001f, c1 = 0.f, c2 = 0.f, c3 = 0.f;
  TIMED_LOOP(asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
      : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));)
  out[blockIdx.x * blockDim.x + threadIdx.x] = c0 + c1 + c2 + c3;
}

// Two HMMAs per trip on one accumulator chain.
__global__ void hmma2(float* out, int iters, long long* cycles, float x, float y) {
  unsigned a0 = __float_as_uint(x), a1 = a0, a2 = a0, a3 = a0, b0 = __float_as_uint(y), b1 = b0;
  float c0 = threadIdx.x * 0.001f, c1 = 0.f, c2 = 0.f, c3 = 0.f;
  TIMED_LOOP(
      asm volatile(
          "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
          : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
          : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
      asm volatile(
          "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
          : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
          : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));)
  out[blockIdx.x * blockDim.x + threadIdx.x] = c0 + c1 + c2 + c3;
}

typedef void (*Kernel)(float*, int, long long*, float, float);

double run(Kernel k, int iters, int sms) {
  float* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(float) * sms * 32);
  cudaMalloc(&cyc, sizeof(long long) * sms);
  k<<<sms, 32>>>(out, 10, cyc, 1.0001f, 0.5f);  // warm-up
  k<<<sms, 32>>>(out, iters, cyc, 1.0001f, 0.5f);
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
  const char* names[] = {"ffma1", "ffma4", "imad2", "dfma1", "dfma2", "dmul2", "hmma1", "hmma2"};
  Kernel kernels[] = {ffma1, ffma4, imad2, dfma1, dfma2, dmul2, hmma1, hmma2};
  fprintf(o, "kernel,iters,cycles_per_trip\n");
  const int iters = 20000;
  for (int k = 0; k < 8; k++) fprintf(o, "%s,%d,%.3f\n", names[k], iters, run(kernels[k], iters, sms));
  if (o != stdout) fclose(o);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e)); return 1; }
  return 0;
}
