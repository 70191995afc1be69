// Scheduler probe: how do warps that share a scheduler interleave?
//
// fma_chain<4>-like loop (32 FFMAs over 4 accumulators per trip, 512 trips) run by W warps in
// one block on one SM. Lane 0 of each warp records clock() at the start of every trip in shared
// memory, so the host can compare the trip start times of the warps of one sub-partition
// (hardware warp slot mod 4): are they in step (offsets of a cycle or two) or apart (offsets
// of a sizeable part of a trip)? The clock read and the guarded store add 3 instructions per
// trip; they are the same for every warp.
//
// Build and run:  nvcc -O3 -arch=sm_90 -o sched_probe sched_probe.cu && ./sched_probe > probe.csv
// Output columns: W, warp, warpslot, trip, clock (relative to the block's first clock).
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#define TRIPS 512
#define MAXW 16

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
  out[blockIdx.x * blockDim.x + threadIdx.x] = x0 + x1 + x2 + x3;
  __syncthreads();
  for (int i = threadIdx.x; i < (blockDim.x / 32) * TRIPS; i += blockDim.x) stamps[i] = ts[i];
  if (lane == 0) {
    unsigned s;
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(s));
    slots[warp] = s;
  }
}

int main() {
  float* out;
  unsigned *stamps, *slots;
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMalloc(&stamps, MAXW * TRIPS * sizeof(unsigned));
  cudaMalloc(&slots, MAXW * sizeof(unsigned));
  printf("W,warp,warpslot,trip,clock\n");
  for (int W : {4, 8, 16}) {
    for (int rep = 0; rep < 2; rep++) probe<<<1, W * 32>>>(out, stamps, slots, 0.999f, 0.5f);  // warm up, then measure
    cudaDeviceSynchronize();
    std::vector<unsigned> h(W * TRIPS), s(W);
    cudaMemcpy(h.data(), stamps, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(s.data(), slots, s.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned t0 = h[0];
    for (int w = 0; w < W; w++) t0 = std::min(t0, h[w * TRIPS]);
    for (int w = 0; w < W; w++)
      for (int t = 0; t < TRIPS; t++) printf("%d,%d,%u,%d,%u\n", W, w, s[w], t, h[w * TRIPS + t] - t0);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
