// Reader robustness, second set: kernels shaped like library code (a tiled tensor-core GEMM
// with cp.async and ldmatrix, a softmax row reduction, a shared-memory histogram, a bitonic
// sort step loop, a 2D stencil with halos, a block scan). Compiled by capture.sh for the same
// architectures as kernels.cu; not timed.
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

extern "C" __global__ void gemm_tc(const half* A, const half* B, float* C, int M, int N, int K) {
  __shared__ __align__(32) half As[2][64 * 32];
  __shared__ __align__(32) half Bs[2][32 * 64];
  int warp = threadIdx.x / 32, wm = warp / 2, wn = warp % 2;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
  for (int i = 0; i < 2; ++i) for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.f);
  int bm = blockIdx.y * 64, bn = blockIdx.x * 64;
  for (int k0 = 0, s = 0; k0 < K; k0 += 32, s ^= 1) {
    for (int t = threadIdx.x; t < 64 * 32 / 8; t += blockDim.x) {
      int r = t / 4, c = (t % 4) * 8;      // A tile: 64 rows of 32 halves
      int rb = t / 8, cb = (t % 8) * 8;    // B tile: 32 rows of 64 halves
      __pipeline_memcpy_async(&As[s][r * 32 + c], &A[(bm + r) * K + k0 + c], 16);
      __pipeline_memcpy_async(&Bs[s][rb * 64 + cb], &B[(k0 + rb) * N + bn + cb], 16);
    }
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    for (int kk = 0; kk < 32; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[2];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
      for (int i = 0; i < 2; ++i) wmma::load_matrix_sync(a[i], &As[s][(wm * 32 + i * 16) * 32 + kk], 32);
      for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(b[j], &Bs[s][kk * 64 + wn * 32 + j * 16], 64);
      for (int i = 0; i < 2; ++i) for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
  for (int i = 0; i < 2; ++i) for (int j = 0; j < 2; ++j)
    wmma::store_matrix_sync(&C[(bm + wm * 32 + i * 16) * N + bn + wn * 32 + j * 16], acc[i][j], N, wmma::mem_row_major);
}

extern "C" __global__ void softmax_rows(const float* x, float* y, int cols) {
  __shared__ float red[32];
  const float* row = x + (size_t)blockIdx.x * cols;
  float m = -1e30f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, row[c]);
  for (int o = 16; o; o >>= 1) m = fmaxf(m, __shfl_xor_sync(~0u, m, o));
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = m;
  __syncthreads();
  m = red[0];
  for (int w = 1; w < blockDim.x / 32; ++w) m = fmaxf(m, red[w]);
  __syncthreads();
  float s = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(row[c] - m);
  for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = s;
  __syncthreads();
  s = 0.f;
  for (int w = 0; w < blockDim.x / 32; ++w) s += red[w];
  for (int c = threadIdx.x; c < cols; c += blockDim.x) y[(size_t)blockIdx.x * cols + c] = __expf(row[c] - m) / s;
}

extern "C" __global__ void histogram_smem(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned local[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&bins[i], local[i]);
}

extern "C" __global__ void bitonic_block(float* v) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[t] = v[blockIdx.x * 1024 + t];
  __syncthreads();
  for (int k = 2; k <= 1024; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
      int p = t ^ j;
      if (p > t) {
        float a = s[t], b = s[p];
        bool up = (t & k) == 0;
        if ((a > b) == up) { s[t] = b; s[p] = a; }
      }
      __syncthreads();
    }
  v[blockIdx.x * 1024 + t] = s[t];
}

extern "C" __global__ void stencil2d(const float* in, float* out, int w, int h) {
  __shared__ float tile[18][18];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  auto at = [&](int xx, int yy) { xx = min(max(xx, 0), w - 1); yy = min(max(yy, 0), h - 1); return in[yy * w + xx]; };
  tile[ty][tx] = at(x, y);
  if (threadIdx.x == 0) tile[ty][0] = at(x - 1, y);
  if (threadIdx.x == 15) tile[ty][17] = at(x + 1, y);
  if (threadIdx.y == 0) tile[0][tx] = at(x, y - 1);
  if (threadIdx.y == 15) tile[17][tx] = at(x, y + 1);
  __syncthreads();
  if (x < w && y < h) out[y * w + x] = 0.2f * (tile[ty][tx] + tile[ty - 1][tx] + tile[ty + 1][tx] + tile[ty][tx - 1] + tile[ty][tx + 1]);
}

extern "C" __global__ void block_scan(const int* in, int* out) {
  __shared__ int s[1024];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int o = 1; o < blockDim.x; o <<= 1) {
    int v = t >= o ? s[t - o] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = s[t];
}
#ifndef HELDOUT
int main() { return 0; }
#endif
