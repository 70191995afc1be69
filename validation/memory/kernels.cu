// Memory-system fixtures (issue "A memory system from addresses"): ordinary kernels whose
// cost is where their accesses go. Each runs at three occupancy levels (dynamic shared memory
// as padding limits the blocks per SM) and is profiled by capture.sh with ncu, caches flushed
// (ncu's default) and warm. warpsim runs each from this listing, the arguments and the launch
// alone (validate family `memory`), and must find the hit rates and DRAM bytes itself.
//
//   nvcc -arch=sm_90 -O3 -o kernels kernels.cu && ./kernels     (one MANIFEST line per launch)
//
// MANIFEST,<i>,<kernel>,<grid x,y>,<block x,y>,<dynamic shared bytes>,<warpsim --args>,<blocks per SM>
#include <cstdio>
#include <cstdlib>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s (line %d)\n", #x, cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

// 1-3. Streaming copies over a grid-stride loop: 4, 8 and 16 bytes per lane.
extern "C" __global__ void copy_f1(const float* __restrict__ x, float* __restrict__ y, int n) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] = x[i];
}
extern "C" __global__ void copy_f2(const float2* __restrict__ x, float2* __restrict__ y, int n) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] = x[i];
}
extern "C" __global__ void copy_f4(const float4* __restrict__ x, float4* __restrict__ y, int n) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] = x[i];
}
// 4. Loads only: a float4 sum, one store per thread at the end.
extern "C" __global__ void read_f4(const float4* __restrict__ x, float* __restrict__ out, int n) {
  int stride = gridDim.x * blockDim.x;
  float s = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) { float4 v = x[i]; s += v.x + v.y + v.z + v.w; }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
// 5. Naive SGEMM, one output per thread, 16x16 blocks: A's row is a broadcast, B's row coalesced.
extern "C" __global__ void sgemm_naive(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n) {
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float acc = 0.f;
  for (int k = 0; k < n; ++k) acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}
// 6. Shared-memory tiled SGEMM, 16x16 tiles.
extern "C" __global__ void sgemm_tiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n) {
  __shared__ float As[16][16], Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.f;
  for (int t = 0; t < n; t += 16) {
    As[ty][tx] = A[row * n + t + tx];
    Bs[ty][tx] = B[(t + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 16; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
// 7. Five-point 2-D stencil, 32x8 blocks: neighbours' loads hit lines other warps fetched.
extern "C" __global__ void stencil5(const float* __restrict__ in, float* __restrict__ out, int w, int h) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
  int i = y * w + x;
  out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}
// 8-10. Transpose of a w x w matrix in 32x32 tiles, 32x8 threads, 4 rows each (the CUDA
// samples' layout): naive (strided stores), through shared memory, and padded against conflicts.
extern "C" __global__ void transpose_naive(const float* __restrict__ in, float* __restrict__ out, int w) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[x * w + y + j] = in[(y + j) * w + x];
}
extern "C" __global__ void transpose_smem(const float* __restrict__ in, float* __restrict__ out, int w) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[(y + j) * w + x] = tile[threadIdx.x][threadIdx.y + j];
}
extern "C" __global__ void transpose_pad(const float* __restrict__ in, float* __restrict__ out, int w) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[(y + j) * w + x] = tile[threadIdx.x][threadIdx.y + j];
}

// 11. A histogram with global atomics: each element's bin is a hash of its index (so the
// executor knows every address); 256 bins (every SM contends for the same lines) or 65,536.
extern "C" __global__ void hist_atomic(unsigned* __restrict__ bins, int n, int nbins) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) atomicAdd(&bins[(i * 2654435761u >> 7) & (nbins - 1)], 1u);
}
// 12. Register spills: a per-thread array indexed at run time lives in local memory (LDL/STL).
extern "C" __global__ void spill_local(const float* __restrict__ x, float* __restrict__ y, int n, int k) {
  float a[32];
#pragma unroll
  for (int j = 0; j < 32; ++j) a[j] = j;
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
#pragma unroll 1
    for (int j = 0; j < k; ++j) a[(i + j * 7) & 31] += x[i];
  }
  float s = 0.f;
#pragma unroll
  for (int j = 0; j < 32; ++j) s += a[j];
  y[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

static int launchNo = 0;
template <typename F>
static void manifest(const char* name, F f, dim3 g, dim3 b, int dyn, const char* args) {
  int perSm = 0;
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, f, b.x * b.y, dyn));
  printf("MANIFEST,%d,%s,%d,%d,%d,%d,%d,%s,%d\n", launchNo++, name, g.x, g.y, b.x, b.y, dyn, args, perSm);
}

int main() {
  int nsm; CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  const size_t BYTES = (size_t)64 << 20;
  float *x, *y, *z;
  CK(cudaMalloc(&x, BYTES)); CK(cudaMalloc(&y, BYTES)); CK(cudaMalloc(&z, BYTES));
  CK(cudaMemset(x, 0, BYTES)); CK(cudaMemset(y, 0, BYTES)); CK(cudaMemset(z, 0, BYTES));
  // Padding that leaves 1, 3 and all blocks per SM the other limits allow (228 KiB per SM, 1 KiB reserved per block).
  const int pads[3] = {120 * 1024, 60 * 1024, 0};
  const void* fns[] = {(const void*)copy_f1, (const void*)copy_f2, (const void*)copy_f4, (const void*)read_f4, (const void*)sgemm_naive,
                       (const void*)sgemm_tiled, (const void*)stencil5, (const void*)transpose_naive, (const void*)transpose_smem, (const void*)transpose_pad,
                       (const void*)hist_atomic, (const void*)spill_local};
  for (const void* f : fns) CK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, 120 * 1024));
  char args[256];
  for (int p = 0; p < 3; ++p) {
    int dyn = pads[p];
    // Streaming: a grid of 4 blocks per SM of 256 threads, 8 Mi elements of each width's type.
    int gs = 4 * nsm, n = 8 << 20;
    snprintf(args, sizeof args, "ptr:64MiB,ptr:64MiB,i32:%d", n);
    copy_f1<<<gs, 256, dyn>>>(x, y, n); manifest("copy_f1", copy_f1, dim3(gs), dim3(256), dyn, args);
    snprintf(args, sizeof args, "ptr:64MiB,ptr:64MiB,i32:%d", n / 2);
    copy_f2<<<gs, 256, dyn>>>((const float2*)x, (float2*)y, n / 2); manifest("copy_f2", copy_f2, dim3(gs), dim3(256), dyn, args);
    snprintf(args, sizeof args, "ptr:64MiB,ptr:64MiB,i32:%d", n / 4);
    copy_f4<<<gs, 256, dyn>>>((const float4*)x, (float4*)y, n / 4); manifest("copy_f4", copy_f4, dim3(gs), dim3(256), dyn, args);
    read_f4<<<gs, 256, dyn>>>((const float4*)x, z, n / 4); manifest("read_f4", read_f4, dim3(gs), dim3(256), dyn, args);
    // SGEMM, n = 512: 32 x 32 blocks of 16 x 16.
    int m = 512;
    snprintf(args, sizeof args, "ptr:1MiB,ptr:1MiB,ptr:1MiB,i32:%d", m);
    sgemm_naive<<<dim3(m / 16, m / 16), dim3(16, 16), dyn>>>(x, y, z, m); manifest("sgemm_naive", sgemm_naive, dim3(m / 16, m / 16), dim3(16, 16), dyn, args);
    sgemm_tiled<<<dim3(m / 16, m / 16), dim3(16, 16), dyn>>>(x, y, z, m); manifest("sgemm_tiled", sgemm_tiled, dim3(m / 16, m / 16), dim3(16, 16), dyn, args);
    // Stencil and transposes on 2048 x 2048 floats (16 MiB).
    int w = 2048;
    snprintf(args, sizeof args, "ptr:16MiB,ptr:16MiB,i32:%d,i32:%d", w, w);
    stencil5<<<dim3(w / 32, w / 8), dim3(32, 8), dyn>>>(x, y, w, w); manifest("stencil5", stencil5, dim3(w / 32, w / 8), dim3(32, 8), dyn, args);
    snprintf(args, sizeof args, "ptr:16MiB,ptr:16MiB,i32:%d", w);
    transpose_naive<<<dim3(w / 32, w / 32), dim3(32, 8), dyn>>>(x, y, w); manifest("transpose_naive", transpose_naive, dim3(w / 32, w / 32), dim3(32, 8), dyn, args);
    transpose_smem<<<dim3(w / 32, w / 32), dim3(32, 8), dyn>>>(x, y, w); manifest("transpose_smem", transpose_smem, dim3(w / 32, w / 32), dim3(32, 8), dyn, args);
    transpose_pad<<<dim3(w / 32, w / 32), dim3(32, 8), dyn>>>(x, y, w); manifest("transpose_pad", transpose_pad, dim3(w / 32, w / 32), dim3(32, 8), dyn, args);
    // Atomics into 256 and 65,536 bins, 2 Mi elements; spills over 1 Mi elements, 8 updates each.
    int ha = 2 << 20;
    for (int bins : {256, 65536}) {
      snprintf(args, sizeof args, "ptr:64MiB,i32:%d,i32:%d", ha, bins);
      hist_atomic<<<gs, 256, dyn>>>((unsigned*)z, ha, bins); manifest("hist_atomic", hist_atomic, dim3(gs), dim3(256), dyn, args);
    }
    snprintf(args, sizeof args, "ptr:64MiB,ptr:64MiB,i32:%d,i32:8", 1 << 20);
    spill_local<<<gs, 256, dyn>>>(x, y, 1 << 20, 8); manifest("spill_local", spill_local, dim3(gs), dim3(256), dyn, args);
  }
  CK(cudaDeviceSynchronize());
  return 0;
}
