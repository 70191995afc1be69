// How long an SM takes from a block's end to its next block's start on the H100 (block retire +
// dispatch + launch), for blocks of 32, 256 and 1024 threads: one block per SM (dynamic shared
// memory forces it) and as many as fit. Thread 0 of each block records clock64 at its first
// instruction and after a barrier (the block's end, less its last store and exit) with %smid;
// per SM, the k-th block to start is matched with the slot that freed for it (the (k - R)-th
// end, R resident blocks) and the gap between them is the turnaround. Run by block_turnaround_probe.sh.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

__global__ void probe(long long* t, int* sm, int spin) {
  long long t0 = clock64();
  // A little work so that every warp lives a while (spin cycles).
  while (clock64() - t0 < spin) {}
  __syncthreads();
  if (threadIdx.x == 0) {
    long long t1 = clock64();
    int id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    t[2 * blockIdx.x] = t0;
    t[2 * blockIdx.x + 1] = t1;
    sm[blockIdx.x] = id;
  }
}

// The same block with no store at its end: thread 0 stores its start and SM first, and every
// warp spins until `spin` cycles after its start; the block's end is then its start + spin (+ the
// barrier and exit), so the gap leaves out the drain of a last store.
__global__ void quiet(long long* t, int* sm, int spin) {
  long long t0 = clock64();
  if (threadIdx.x == 0) {
    int id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    t[2 * blockIdx.x] = t0;
    t[2 * blockIdx.x + 1] = t0 + spin;
    sm[blockIdx.x] = id;
  }
  while (clock64() - t0 < spin) {}
  __syncthreads();
}

template <typename K>
static void run(K kernel, const char* name, int threads, int dyn, int spin, int nsm) {
  int perSm = 0;
  CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, threads, dyn));
  int blocks = nsm * perSm * 24;
  long long* t; int* sm;
  CK(cudaMalloc(&t, 2 * blocks * sizeof(long long))); CK(cudaMalloc(&sm, blocks * sizeof(int)));
  kernel<<<blocks, threads, dyn>>>(t, sm, spin); // warm-up (code, clocks)
  CK(cudaDeviceSynchronize());
  kernel<<<blocks, threads, dyn>>>(t, sm, spin);
  CK(cudaDeviceSynchronize());
  std::vector<long long> ht(2 * blocks); std::vector<int> hs(blocks);
  CK(cudaMemcpy(ht.data(), t, ht.size() * 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hs.data(), sm, hs.size() * 4, cudaMemcpyDeviceToHost));
  std::vector<double> gaps, lives;
  for (int s = 0; s < nsm; ++s) {
    std::vector<long long> starts, ends;
    for (int b = 0; b < blocks; ++b) if (hs[b] == s) { starts.push_back(ht[2 * b]); ends.push_back(ht[2 * b + 1]); lives.push_back(ht[2 * b + 1] - ht[2 * b]); }
    std::sort(starts.begin(), starts.end()); std::sort(ends.begin(), ends.end());
    for (size_t k = perSm; k < starts.size(); ++k) gaps.push_back(starts[k] - ends[k - perSm]);
  }
  std::sort(gaps.begin(), gaps.end()); std::sort(lives.begin(), lives.end());
  double mean = 0; for (double g : gaps) mean += g; mean /= gaps.size();
  printf("PROBE,kernel=%s,threads=%d,dyn=%d,spin=%d,blocks_per_sm=%d,blocks=%d,gap_median=%.0f,gap_mean=%.1f,gap_p10=%.0f,gap_p90=%.0f,life_median=%.0f\n", name, threads, dyn, spin, perSm, blocks,
         gaps[gaps.size() / 2], mean, gaps[gaps.size() / 10], gaps[gaps.size() * 9 / 10], lives[lives.size() / 2]);
  CK(cudaFree(t)); CK(cudaFree(sm));
}

int main() {
  int nsm; CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  for (int spin : {0, 2000})
    for (int threads : {32, 256, 1024}) {
      run(probe, "probe", threads, 150 * 1024, spin, nsm); // one block per SM
      run(probe, "probe", threads, 0, spin, nsm);          // as many as fit
    }
  for (int spin : {1000, 3000})
    for (int threads : {32, 256, 1024}) {
      run(quiet, "quiet", threads, 150 * 1024, spin, nsm);
      run(quiet, "quiet", threads, 0, spin, nsm);
    }
  return 0;
}
