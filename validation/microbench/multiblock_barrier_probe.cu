// Multi-block barrier probe (issue 12): do the BARs of different blocks on one SM queue for one
// barrier unit? k blocks per SM (grid = k x number of SMs; small blocks, so all co-reside), each
// thread running `iters` trips of
//   a = fmaf(a, 1.0001f, 0.5f);  __syncthreads();     (the barrier probe's K = 1 loop)
// timed with clock64 by each block's thread 0. If the unit is per SM, a barrier costs about
// 2 cycles per warp of all k blocks; if per block, 2 per warp of one block.
//   multiblock_barrier_probe <out.csv>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

__global__ void bar_loop(float* out, int iters, long long* cycles) {
  float a = threadIdx.x * 0.001f;
  long long t0 = clock64();
  for (int i = 0; i < iters; i++) {
    a = fmaf(a, 1.0001f, 0.5f);
    __syncthreads();
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
  out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}

double run(int blocksPerSm, int threads, int iters, int sms) {
  const int blocks = blocksPerSm * sms;
  float* out;
  long long* cyc;
  cudaMalloc(&out, sizeof(float) * blocks * threads);
  cudaMalloc(&cyc, sizeof(long long) * blocks);
  bar_loop<<<blocks, threads>>>(out, 10, cyc);  // warm-up
  bar_loop<<<blocks, threads>>>(out, iters, cyc);
  cudaDeviceSynchronize();
  std::vector<long long> h(blocks);
  cudaMemcpy(h.data(), cyc, sizeof(long long) * blocks, cudaMemcpyDeviceToHost);
  cudaFree(out);
  cudaFree(cyc);
  std::sort(h.begin(), h.end());
  return double(h[blocks / 2]) / iters;  // median over blocks
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  fprintf(o, "blocks_per_sm,threads_per_block,warps_per_block,warps_per_sm,cycles_per_trip\n");
  const int iters = 20000;
  for (int threads : {32, 128, 256}) {
    for (int k : {1, 2, 4, 8}) {
      if (k * threads > 2048) continue;
      fprintf(o, "%d,%d,%d,%d,%.3f\n", k, threads, threads / 32, k * threads / 32, run(k, threads, iters, sms));
    }
  }
  if (o != stdout) fclose(o);
  return 0;
}
