// Launch probe: when do the blocks and warps of one launch start on an SM? Every warp reads
// clock64 as its first instruction (before any constant-bank read), with its SM id; each block
// then spins ~20,000 cycles so that all k blocks per SM are resident together.
//   launch_probe <out.csv>     rows: warps_per_block, blocks_per_sm, smid, block, warp, start
// start: clock64 of the SM at the warp's first instruction, relative to the earliest warp of
// that launch on that SM.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

__global__ void launch_probe(long long* t, int* sm) {
  long long c;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c));
  unsigned s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  if (threadIdx.x % 32 == 0) {
    int w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    t[w] = c;
    sm[w] = s;
  }
  while (clock64() - c < 20000) {
  }
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  fprintf(o, "warps_per_block,blocks_per_sm,smid,block,warp,start\n");
  long long* t;
  int* sm;
  cudaMalloc(&t, sizeof(long long) * 64 * 132 * 16);
  cudaMalloc(&sm, sizeof(int) * 64 * 132 * 16);
  launch_probe<<<sms, 32>>>(t, sm);  // warm-up
  cudaDeviceSynchronize();
  for (int wpb : {1, 4, 8, 16, 32}) {
    for (int k : {1, 2, 4, 8}) {
      if (wpb * k > 64) continue;
      int per;
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, launch_probe, wpb * 32, 0);
      if (per < k) continue;
      int blocks = sms * k, warps = blocks * wpb;
      launch_probe<<<blocks, wpb * 32>>>(t, sm);
      cudaDeviceSynchronize();
      std::vector<long long> ht(warps);
      std::vector<int> hs(warps);
      cudaMemcpy(ht.data(), t, sizeof(long long) * warps, cudaMemcpyDeviceToHost);
      cudaMemcpy(hs.data(), sm, sizeof(int) * warps, cudaMemcpyDeviceToHost);
      std::vector<long long> first(sms, -1);
      for (int w = 0; w < warps; w++)
        if (first[hs[w]] < 0 || ht[w] < first[hs[w]]) first[hs[w]] = ht[w];
      for (int w = 0; w < warps; w++)
        fprintf(o, "%d,%d,%d,%d,%d,%lld\n", wpb, k, hs[w], w / wpb, w % wpb, ht[w] - first[hs[w]]);
    }
  }
  if (o != stdout) fclose(o);
  return 0;
}
