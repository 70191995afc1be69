// Kernels for checking that running a kernel's own arithmetic (docs/execution.md) issues the
// instructions ncu counts when control flow differs between lanes, warps and blocks (issue
// "Run the kernel itself", Checks). Each is launched once; capture.sh records ncu's
// smsp__inst_executed.sum and the launch, and warpsim must issue exactly that many from the
// listing and the arguments (test/exec/exec-fixtures.test.ts).
//
//   nvcc -arch=sm_90 -O3 -o kernels kernels.cu && ./kernels
#include <cstdio>
#include <cstdlib>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s (line %d)\n", #x, cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

// 1. A grid-stride loop whose trip count differs by one between warps, and between the lanes
//    of one warp at the end (n is not a multiple of the stride, nor of 32).
extern "C" __global__ void tail_stride(float* __restrict__ x, int n) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) x[i] = x[i] * 2.0f + 1.0f;
}

// 2. A tile loop whose trips differ between blocks: block b takes tiles b, b + grid, ... of
//    `tiles` (some blocks one more than others), 256 floats a tile.
extern "C" __global__ void tile_blocks(const float* __restrict__ a, float* __restrict__ out, int tiles) {
  float acc = 0.f;
  for (int t = blockIdx.x; t < tiles; t += gridDim.x) acc += a[t * 256 + threadIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// 3. Index math with an integer division and remainder by a runtime divisor.
extern "C" __global__ void div_index(int* __restrict__ out, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int q = i / d, r = i % d;
  int s = 0;
  for (int k = 0; k < q % 7; ++k) s += k * r;
  out[i] = s;
}

// 4. An if/else inside a warp: odd and even lanes run loops of different lengths, then meet.
extern "C" __global__ void divergent_ifelse(float* __restrict__ out, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  if (threadIdx.x & 1) {
    for (int k = 0; k < m; ++k) v += k * 0.5f;
  } else {
    for (int k = 0; k < 2 * m + 3; ++k) v -= k * 0.25f;
  }
  out[i] = v;
}

// 5. A warp reduction under a bounds check: in the last warp only some lanes take part, so the
//    shuffles run with a partial mask (the compiler's warp-synchronous fallback).
extern "C" __global__ void shuffle_tail(float* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned mask = __ballot_sync(0xffffffffu, i < n);
    float v = (float)i;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(mask, v, o);
    if ((threadIdx.x & 31) == 0) out[i / 32] = v;
  }
}

// 6. An early-exit bounds check: the grid covers more threads than n.
extern "C" __global__ void early_exit(const float* __restrict__ x, float* __restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = x[i] * 3.0f;
}

int main() {
  const int N = 1 << 20;
  float *x, *y;
  int* o;
  CK(cudaMalloc(&x, N * 4));
  CK(cudaMalloc(&y, N * 4));
  CK(cudaMalloc(&o, N * 4));
  CK(cudaMemset(x, 0, N * 4));
  // kernel, grid, block, and the arguments as warpsim's --args writes them.
  tail_stride<<<264, 256>>>(x, 200003);
  printf("MANIFEST tail_stride 264 256 ptr:4MiB,i32:200003\n");
  tile_blocks<<<132, 256>>>(x, y, 1000);
  printf("MANIFEST tile_blocks 132 256 ptr:4MiB,ptr:4MiB,i32:1000\n");
  div_index<<<300, 128>>>(o, 38000, 13);
  printf("MANIFEST div_index 300 128 ptr:4MiB,i32:38000,i32:13\n");
  divergent_ifelse<<<132, 128>>>(y, 9);
  printf("MANIFEST divergent_ifelse 132 128 ptr:4MiB,i32:9\n");
  shuffle_tail<<<40, 256>>>(y, 10000);
  printf("MANIFEST shuffle_tail 40 256 ptr:4MiB,i32:10000\n");
  early_exit<<<200, 256>>>(x, y, 50001);
  printf("MANIFEST early_exit 200 256 ptr:4MiB,ptr:4MiB,i32:50001\n");
  CK(cudaDeviceSynchronize());
  return 0;
}
