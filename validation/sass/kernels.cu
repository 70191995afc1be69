// Fixture kernels for `warpsim run --sass` (issue 11): nine kernels of different kinds, compiled
// for sm_90 with CUDA 13 and profiled on one H100 with Nsight Compute at four occupancy levels.
//
//   nvcc -arch=sm_90 -O3 -lineinfo -Xptxas -v -o kernels kernels.cu
//   cuobjdump -sass kernels > kernels.sass
//   ./kernels <W list> <iters scale>      (prints one MANIFEST line per launch)
//
// Residency as in the ground truth (validation/h100/method): one block of 32*W threads per SM
// (grid = number of SMs, 120 KiB of dynamic shared memory as padding so no second block fits),
// W in {4, 8, 16, 32} warps per SM. Every loop but grid_stride_sum's has `#pragma unroll 1`, so
// its trip count is the `iters` argument; grid_stride_sum keeps the compiler's unrolling (a
// main loop of four trips at a time and a remainder loop), the shape real grid-stride code has.
// Names are extern "C" so cuobjdump prints them plainly.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <mma.h>
#include <cuda_fp16.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s (line %d)\n", #x, cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

// 1. Streaming: y = a*x + y over a grid-stride loop, `iters` elements per thread (DRAM).
extern "C" __global__ void stream_saxpy(const float* __restrict__ x, float* __restrict__ y, float a, int n) {
  int stride = gridDim.x * blockDim.x;
#pragma unroll 1
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] = a * x[i] + y[i];
}

// 2. Grid-stride reduction with the compiler's own unrolling (main loop + remainder loop).
extern "C" __global__ void grid_stride_sum(const float* __restrict__ x, float* __restrict__ out, int n) {
  float acc = 0.f;
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) acc += x[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// 3. Shared-memory tiling with barriers: each trip stages one element per thread from an
// L2-resident buffer into shared memory, then every thread reads eight neighbours' values.
extern "C" __global__ void smem_tile(const float* __restrict__ x, float* __restrict__ out, int iters, int mask) {
  __shared__ float tile[1024];
  int t = threadIdx.x, b = blockDim.x;
  float acc = 0.f;
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    tile[t] = x[(it * b + t + blockIdx.x * 64) & mask];
    __syncthreads();
#pragma unroll
    for (int k = 1; k <= 8; ++k) acc += tile[(t + 33 * k) & (b - 1)];
    __syncthreads();
  }
  out[blockIdx.x * b + t] = acc;
}

// 4. Warp-shuffle reduction every trip (SHFL.BFLY through the MIO), no memory in the loop.
extern "C" __global__ void shuffle_reduce(float* __restrict__ out, int iters) {
  float acc = threadIdx.x * 0.001f;
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    float v = acc * 0.999f + 1.0f;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    acc += v * 0.0001f;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// 5. Global atomics: a hashed histogram of 4,096 bins (RED.E.ADD), integer hashing between.
extern "C" __global__ void atomic_hist(unsigned* __restrict__ bins, int iters) {
  unsigned h = (blockIdx.x * blockDim.x + threadIdx.x) * 2654435761u;
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    atomicAdd(&bins[h & 4095u], 1u);
  }
}

// 6. FP64: four independent DFMA chains of four each per trip.
extern "C" __global__ void dfma_chain(double* __restrict__ out, int iters, double a, double b) {
  double r0 = threadIdx.x, r1 = r0 + 1, r2 = r0 + 2, r3 = r0 + 3;
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      r0 = fma(r0, a, b); r1 = fma(r1, a, b); r2 = fma(r2, a, b); r3 = fma(r3, a, b);
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = r0 + r1 + r2 + r3;
}

// 7. Transcendentals: sine, exponential and reciprocal square root (MUFU) with FP32 between.
extern "C" __global__ void mufu_mix(float* __restrict__ out, int iters) {
  float u = threadIdx.x * 1e-3f, v = 0.5f;
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    u = __sinf(u) * 0.9f + 0.05f;
    v = __expf(-v) * 0.5f + rsqrtf(v + 1.0f);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = u + v;
}

// 8. Tensor cores: two independent 16x16x16 half-precision WMMA accumulations per trip.
using namespace nvcuda;
extern "C" __global__ void mma_loop(const half* __restrict__ a, const half* __restrict__ b, float* __restrict__ out, int iters) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c0, c1;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::fill_fragment(c0, 0.f);
  wmma::fill_fragment(c1, 1.f);
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    wmma::mma_sync(c0, fa, fb, c0);
    wmma::mma_sync(c1, fa, fb, c1);
  }
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  for (int i = 0; i < c0.num_elements; ++i) c0.x[i] += c1.x[i];
  wmma::store_matrix_sync(out + (size_t)warp * 256, c0, 16, wmma::mem_row_major);
}

// 9. Loads feeding integer math (IMAD/LOP3/SHF), L2-resident buffer: the FP32/INT contention case.
extern "C" __global__ void ldg_imad(const unsigned* __restrict__ x, unsigned* __restrict__ out, int iters, int mask) {
  unsigned h = threadIdx.x, t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    unsigned v = x[(t + it * 4099u) & mask];
    h = h * 0x9E3779B1u + v;
    h ^= h >> 16;
    h = h * 0x85EBCA6Bu + (v << 3);
    h ^= h >> 13;
  }
  out[t] = h;
}

struct Launch { const char* kernel; int W; int iters; };

int main(int argc, char** argv) {
  std::vector<int> Ws = {4, 8, 16, 32};
  if (argc > 1) { Ws.clear(); for (char* s = strtok(argv[1], ","); s; s = strtok(nullptr, ",")) Ws.push_back(atoi(s)); }
  int scale = argc > 2 ? atoi(argv[2]) : 1;
  int nsm; CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  const size_t N = (size_t)64 << 20;  // 64 Mi elements per buffer
  float *x, *y, *out; unsigned* bins; half *ha, *hb;
  CK(cudaMalloc(&x, N * 4)); CK(cudaMalloc(&y, N * 4)); CK(cudaMalloc(&out, N * 4));
  CK(cudaMalloc(&bins, 4096 * 4)); CK(cudaMalloc(&ha, 256 * 2)); CK(cudaMalloc(&hb, 256 * 2));
  CK(cudaMemset(x, 0, N * 4)); CK(cudaMemset(y, 0, N * 4)); CK(cudaMemset(bins, 0, 4096 * 4));
  CK(cudaMemset(ha, 0, 512)); CK(cudaMemset(hb, 0, 512));
  const int dyn = 120 * 1024;
  const void* fns[] = {(const void*)stream_saxpy, (const void*)grid_stride_sum, (const void*)smem_tile, (const void*)shuffle_reduce,
                       (const void*)atomic_hist, (const void*)dfma_chain, (const void*)mufu_mix, (const void*)mma_loop, (const void*)ldg_imad};
  for (const void* f : fns) CK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, dyn));
  const int L2MASK = (1 << 20) - 1;  // 4 MiB of floats: stays in the 50 MB L2
  int i = 0;
  const char* names[] = {"stream_saxpy", "grid_stride_sum", "smem_tile", "shuffle_reduce", "atomic_hist", "dfma_chain", "mufu_mix", "mma_loop", "ldg_imad"};
  const int baseIters[] = {64, 64, 256, 512, 256, 256, 512, 512, 256};
  for (int k = 0; k < 9; ++k) {
    for (int W : Ws) {
      int threads = 32 * W, blocks = nsm, iters = baseIters[k] * scale;
      int n = blocks * threads * iters;
      switch (k) {
        case 0: stream_saxpy<<<blocks, threads, dyn>>>(x, y, 1.5f, n); break;
        case 1: grid_stride_sum<<<blocks, threads, dyn>>>(x, out, n); break;
        case 2: smem_tile<<<blocks, threads, dyn>>>(x, out, iters, L2MASK); break;
        case 3: shuffle_reduce<<<blocks, threads, dyn>>>(out, iters); break;
        case 4: atomic_hist<<<blocks, threads, dyn>>>(bins, iters); break;
        case 5: dfma_chain<<<blocks, threads, dyn>>>((double*)out, iters, 0.999, 0.001); break;
        case 6: mufu_mix<<<blocks, threads, dyn>>>(out, iters); break;
        case 7: mma_loop<<<blocks, threads, dyn>>>(ha, hb, out, iters); break;
        case 8: ldg_imad<<<blocks, threads, dyn>>>((const unsigned*)x, (unsigned*)out, iters, L2MASK); break;
      }
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      int perSm = 0;
      CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, fns[k], threads, dyn));
      printf("MANIFEST,%d,%s,%d,%d,%d,%d,%d,%d\n", i++, names[k], W, threads, blocks, dyn, iters, perSm);
    }
  }
  return 0;
}
