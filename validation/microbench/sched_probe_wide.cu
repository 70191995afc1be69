// Wide scheduler probe (issue 12, fairness): how do 8 warps that share a scheduler take turns?
// sched_probe.cu stops at 4 warps per scheduler; the ground truth's timelines show a block's
// warps finishing far apart at 8-16 per scheduler in issue-bound loops. Same fma_chain<4>-like
// loop (32 FFMAs over 4 accumulators per trip), TRIPS trips, W = 16-32 warps in one block on one
// SM; lane 0 of each warp records clock() at the start of every trip in shared memory.
//   nvcc -O3 -arch=sm_90 -o sched_probe_wide sched_probe_wide.cu && ./sched_probe_wide > wide.csv
// Output columns: W, warp, warpslot, trip, clock (relative to the block's first clock).
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

#define TRIPS 256
#define MAXW 32

__global__ void probe(float* out, unsigned* stamps, unsigned* slots, float a, float b) {
  __shared__ unsigned ts[MAXW * TRIPS];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  float x0 = threadIdx.x, x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;
#pragma unroll 1
  for (int t = 0; t < TRIPS; t++) {
    unsigned c = (unsigned)clock();
    if (lane == 0) ts[warp * TRIPS + t] = c;
#pragma unroll
    for (int i = 0; i < 8; i++) {
      x0 = fmaf(x0, a, b);
      x1 = fmaf(x1, a, b);
      x2 = fmaf(x2, a, b);
      x3 = fmaf(x3, a, b);
    }
  }
  unsigned end = (unsigned)clock();
  out[blockIdx.x * blockDim.x + threadIdx.x] = x0 + x1 + x2 + x3;
  __syncthreads();
  for (int i = threadIdx.x; i < (blockDim.x / 32) * TRIPS; i += blockDim.x) stamps[i] = ts[i];
  if (lane == 0) {
    unsigned s;
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(s));
    slots[warp] = s;
    stamps[MAXW * TRIPS + warp] = end;
  }
}

int main() {
  float* out;
  unsigned *stamps, *slots;
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMalloc(&stamps, (MAXW * TRIPS + MAXW) * sizeof(unsigned));
  cudaMalloc(&slots, MAXW * sizeof(unsigned));
  printf("W,warp,warpslot,trip,clock\n");
  for (int W : {16, 20, 24, 28, 32}) {
    for (int rep = 0; rep < 2; rep++) probe<<<1, W * 32>>>(out, stamps, slots, 0.999f, 0.5f);  // warm up, then measure
    cudaDeviceSynchronize();
    std::vector<unsigned> h(MAXW * TRIPS + MAXW), s(W);
    cudaMemcpy(h.data(), stamps, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(s.data(), slots, s.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned t0 = h[0];
    for (int w = 0; w < W; w++) t0 = std::min(t0, h[w * TRIPS]);
    for (int w = 0; w < W; w++) {
      for (int t = 0; t < TRIPS; t++) printf("%d,%d,%u,%d,%u\n", W, w, s[w], t, h[w * TRIPS + t] - t0);
      printf("%d,%d,%u,%d,%u\n", W, w, s[w], TRIPS, h[MAXW * TRIPS + w] - t0);  // trip TRIPS: the loop's end
    }
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
