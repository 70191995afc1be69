// Tensor-core and global-atomic probes for the sm_90 preset (issue 11/12), timed with clock64
// (no profiler): one block of 32*W threads per SM on every SM, as the ground truth.
//
//   nvcc -arch=sm_90 -O3 -o mma_red_probe mma_red_probe.cu && ./mma_red_probe > cycles.csv
//
// hmma: each warp runs `chains` independent wmma 16x16x16 (f16 in, f32 accumulate)
//   accumulations per trip; each mma_sync is two HMMA.16816.F32 (cuobjdump). Cycles per HMMA
//   per sub-partition = cycles / (trips * chains * 2 * warps per sub-partition): the issue
//   interval when saturated, the dependent latency with one warp and one chain.
// red: every thread does `trips` atomicAdd(+1) with no result (RED.E.ADD) to
//   pattern 0: one of 4096 hashed bins (as the atomic_hist fixture),
//   pattern 1: its own word (no two threads share an address; a warp's 32 words are one line),
//   pattern 2: one of 1M hashed words (different lines, rare sharing).
//   Warp-REDs per SM cycle = W * trips / cycles.
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

__device__ void record(long long t0, long long* span) {
  long long t1 = clock64();
  __syncthreads();
  if (threadIdx.x % 32 == 0) { atomicMin((unsigned long long*)&span[2 * blockIdx.x], (unsigned long long)t0); atomicMax((unsigned long long*)&span[2 * blockIdx.x + 1], (unsigned long long)t1); }
}

template <int CHAINS>
__global__ void hmma(const half* a, float* out, int trips, long long* span) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c[CHAINS];
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, a, 16);
#pragma unroll
  for (int k = 0; k < CHAINS; ++k) wmma::fill_fragment(c[k], (float)k);
  __syncthreads();
  long long t0 = clock64();
#pragma unroll 1
  for (int it = 0; it < trips; ++it) {
#pragma unroll
    for (int k = 0; k < CHAINS; ++k) wmma::mma_sync(c[k], fa, fb, c[k]);
  }
  record(t0, span);
#pragma unroll
  for (int k = 1; k < CHAINS; ++k)
    for (int i = 0; i < c[0].num_elements; ++i) c[0].x[i] += c[k].x[i];
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  wmma::store_matrix_sync(out + (size_t)warp * 256, c[0], 16, wmma::mem_row_major);
}

__global__ void red(unsigned* bins, int trips, int pattern, long long* span) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x, h = t * 2654435761u;
  __syncthreads();
  long long t0 = clock64();
#pragma unroll 1
  for (int it = 0; it < trips; ++it) {
    h ^= h >> 13; h *= 0x5bd1e995u; h ^= h >> 15;
    unsigned i = pattern == 0 ? (h & 4095u) : pattern == 1 ? t : (h & ((1u << 20) - 1));
    atomicAdd(&bins[i], 1u);
  }
  record(t0, span);
}

int main() {
  int nsm; CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  half* a; float* out; unsigned* bins; long long* span;
  CK(cudaMalloc(&a, 512)); CK(cudaMemset(a, 0, 512));
  CK(cudaMalloc(&out, (size_t)nsm * 32 * 256 * 4));
  CK(cudaMalloc(&bins, 64 << 20)); CK(cudaMemset(bins, 0, 64 << 20));
  CK(cudaMalloc(&span, nsm * 16));
  const int dyn = 120 * 1024;
  CK(cudaFuncSetAttribute(hmma<1>, cudaFuncAttributeMaxDynamicSharedMemorySize, dyn));
  CK(cudaFuncSetAttribute(hmma<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, dyn));
  CK(cudaFuncSetAttribute(red, cudaFuncAttributeMaxDynamicSharedMemorySize, dyn));
  printf("probe,param,warps_per_sm,trips,cycles_median_sm,cycles_max_sm,per_unit,unit\n");
  long long host[2 * 256];
  auto measure = [&](auto launch, const char* probe, int param, int W, int trips, double units) {
    for (int rep = 0; rep < 2; ++rep) {  // the first launch warms up; the second is kept
      for (int b = 0; b < nsm; ++b) { host[2 * b] = 0x7fffffffffffffffLL; host[2 * b + 1] = 0; }
      cudaMemcpy(span, host, nsm * 16, cudaMemcpyHostToDevice);
      launch();
      cudaDeviceSynchronize();
    }
    cudaMemcpy(host, span, nsm * 16, cudaMemcpyDeviceToHost);
    long long c[256], mx = 0;
    for (int b = 0; b < nsm; ++b) { c[b] = host[2 * b + 1] - host[2 * b]; if (c[b] > mx) mx = c[b]; }
    for (int i = 0; i < nsm; ++i) for (int j = i + 1; j < nsm; ++j) if (c[j] < c[i]) { long long t = c[i]; c[i] = c[j]; c[j] = t; }
    long long med = c[nsm / 2];
    printf("%s,%d,%d,%d,%lld,%lld,%.3f,%s\n", probe, param, W, trips, med, mx, med / units, probe[0] == 'h' ? "cycles per HMMA per sub-partition" : "cycles per warp-RED per SM");
  };
  const int trips = 2048;
  for (int W : {1, 4, 8, 16, 32}) {
    double perSp = W < 4 ? 1.0 : W / 4.0;
    measure([&] { hmma<1><<<nsm, 32 * W, dyn>>>(a, out, trips, span); }, "hmma", 1, W, trips, trips * 1 * 2 * perSp);
    measure([&] { hmma<4><<<nsm, 32 * W, dyn>>>(a, out, trips, span); }, "hmma", 4, W, trips, trips * 4 * 2 * perSp);
  }
  for (int pattern : {0, 1, 2})
    for (int W : {1, 4, 8, 32})
      measure([&] { red<<<nsm, 32 * W, dyn>>>(bins, 256, pattern, span); }, "red", pattern, W, 256, 256.0 * W);
  CK(cudaGetLastError());
  return 0;
}
