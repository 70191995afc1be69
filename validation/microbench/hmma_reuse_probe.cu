// HMMA operand probe (issue 12): does the issue rate of HMMA.16816.F32 depend on its operands?
// mma_red_probe.cu (every mma_sync on the same A and B fragments) saturates at 8.0-8.4 cycles per
// HMMA per sub-partition; the SASS fixture mma_loop (one A, two B fragments, two accumulators,
// A marked .reuse in the control codes) at 6.4. One block of W warps per SM, loops not unrolled,
// timed from the block's first warp's start to its last warp's end (clock64), median over SMs:
//   same  4 accumulators, each c[k] = A * B0 + c[k]            (the probe's pattern)
//   two_b 4 accumulators, c[k] = A * (k even ? B0 : B1) + c[k] (mma_loop's pattern)
//   hmma_reuse_probe <out.csv>
#include <cuda_runtime.h>
#include <mma.h>
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace nvcuda;

template <int V>
__global__ void mma_loop(const half* a, float* out, int trips, long long* cycles) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb0, fb1;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c[4];
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb0, a + 256, 16);
  wmma::load_matrix_sync(fb1, a + 512, 16);
  for (int k = 0; k < 4; ++k) wmma::fill_fragment(c[k], (float)k);
  long long t0 = clock64();
#pragma unroll 1
  for (int t = 0; t < trips; ++t) {
#pragma unroll
    for (int k = 0; k < 4; ++k) wmma::mma_sync(c[k], fa, (V == 1 && (k & 1)) ? fb1 : fb0, c[k]);
  }
  long long t1 = clock64();
  // The block's span: from its first warp's start to its last warp's end (warps of one
  // scheduler need not progress alike).
  if (threadIdx.x % 32 == 0) {
    atomicMin((unsigned long long*)&cycles[2 * blockIdx.x], (unsigned long long)t0);
    atomicMax((unsigned long long*)&cycles[2 * blockIdx.x + 1], (unsigned long long)t1);
  }
  for (int k = 1; k < 4; ++k)
    for (int i = 0; i < c[0].num_elements; ++i) c[0].x[i] += c[k].x[i];
  wmma::store_matrix_sync(out + (size_t)(blockIdx.x * blockDim.x / 32 + threadIdx.x / 32) * 256, c[0], 16, wmma::mem_row_major);
}

template <int V>
double run(int warps, int trips, int sms, const half* a, float* out, long long* cyc) {
  std::vector<long long> init(2 * sms);
  for (int b = 0; b < sms; ++b) init[2 * b] = 0x7fffffffffffffffLL, init[2 * b + 1] = 0;
  mma_loop<V><<<sms, warps * 32>>>(a, out, 10, cyc);  // warm-up
  cudaMemcpy(cyc, init.data(), sizeof(long long) * 2 * sms, cudaMemcpyHostToDevice);
  mma_loop<V><<<sms, warps * 32>>>(a, out, trips, cyc);
  cudaDeviceSynchronize();
  std::vector<long long> span(2 * sms), h(sms);
  cudaMemcpy(span.data(), cyc, sizeof(long long) * 2 * sms, cudaMemcpyDeviceToHost);
  for (int b = 0; b < sms; ++b) h[b] = span[2 * b + 1] - span[2 * b];
  std::sort(h.begin(), h.end());
  // 4 mma_sync of 2 HMMA each per trip per warp, warps / 4 warps per sub-partition.
  return double(h[sms / 2]) / (trips * 8.0 * (warps / 4.0));
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  half* a;
  float* out;
  long long* cyc;
  cudaMalloc(&a, sizeof(half) * 768);
  cudaMemset(a, 0, sizeof(half) * 768);
  cudaMalloc(&out, sizeof(float) * 256 * 32 * sms);
  cudaMalloc(&cyc, sizeof(long long) * 2 * sms);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  fprintf(o, "variant,warps_per_block,cycles_per_hmma_per_subpartition\n");
  const int trips = 2048;
  for (int W : {4, 8, 16, 32}) {
    fprintf(o, "same,%d,%.3f\n", W, run<0>(W, trips, sms, a, out, cyc));
    fprintf(o, "two_b,%d,%.3f\n", W, run<1>(W, trips, sms, a, out, cyc));
  }
  if (o != stdout) fclose(o);
  return 0;
}
