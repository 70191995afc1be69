// Store burst probe: how fast can one SM's global stores reach the L2 when k of the GPU's SMs
// store at once? warpsim's store rate (sm_90 l2WriteBytesPerCycle, 9.4 bytes per SM cycle) comes
// from kernels where every SM stores all the time; a GEMM's epilogue stores its tile while the
// other SMs are mostly computing. k blocks (one per SM: each asks for most of the shared memory),
// 256 threads each, every thread storing float4s coalesced into its block's own region for
// `rounds` rounds, then a fence; each block times this with clock64 (the SM's clock) and
// globaltimer, and reads %smid.
//   store_burst_probe <out.csv>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

__device__ long long globalNs() {
  long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void store_burst(float4* out, int rounds, long long* cycles, long long* ns, int* smid) {
  extern __shared__ char hold[];  // only to keep one block per SM
  float4 v = make_float4(threadIdx.x, 1.f, 2.f, 3.f);
  float4* mine = out + (size_t)blockIdx.x * rounds * blockDim.x;
  __syncthreads();
  long long n0 = globalNs();
  long long t0 = clock64();
  for (int r = 0; r < rounds; r++) {
    v.y += 1.f;
    mine[(size_t)r * blockDim.x + threadIdx.x] = v;
  }
  // Timed until the stores are visible at the GPU (a fence waits for them), not just issued:
  // 64 KiB fit the SM's queues. The fence's own round trip (about 520 cycles) is in each time.
  __threadfence();
  __syncthreads();
  long long t1 = clock64();
  long long n1 = globalNs();
  if (threadIdx.x == 0) {
    cycles[blockIdx.x] = t1 - t0;
    ns[blockIdx.x] = n1 - n0;
    int s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    smid[blockIdx.x] = s;
  }
  if (hold[0] == 123) out[0] = v;  // never true; keeps `hold`
}

int main(int argc, char** argv) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int smemMax;
  cudaDeviceGetAttribute(&smemMax, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  const int shared = smemMax;  // one block per SM
  cudaFuncSetAttribute(store_burst, cudaFuncAttributeMaxDynamicSharedMemorySize, shared);
  FILE* o = argc > 1 ? fopen(argv[1], "w") : stdout;
  // bytes per ns (the L2's rate is fixed in time) and the SM clock the run went at (cycles / ns).
  fprintf(o, "blocks,bytes_per_block,median_cycles,min_cycles,max_cycles,median_bytes_per_cycle,median_bytes_per_ns,sm_ghz,distinct_sms\n");
  const int threads = 256;
  for (int bytesK : {64, 4096}) {
    const int rounds = bytesK * 1024 / (threads * 16);
    for (int k : {1, 2, 4, 8, 16, 33, 66, 132}) {
      if (k > sms) continue;
      float4* out;
      long long* cyc;
      long long* nsd;
      int* sm;
      cudaMalloc(&out, (size_t)k * rounds * threads * sizeof(float4));
      cudaMalloc(&cyc, sizeof(long long) * k);
      cudaMalloc(&nsd, sizeof(long long) * k);
      cudaMalloc(&sm, sizeof(int) * k);
      store_burst<<<k, threads, shared>>>(out, rounds, cyc, nsd, sm);  // warm-up (and the pages)
      store_burst<<<k, threads, shared>>>(out, rounds, cyc, nsd, sm);
      cudaDeviceSynchronize();
      std::vector<long long> h(k);
      std::vector<long long> t(k);
      std::vector<int> s(k);
      cudaMemcpy(h.data(), cyc, sizeof(long long) * k, cudaMemcpyDeviceToHost);
      cudaMemcpy(t.data(), nsd, sizeof(long long) * k, cudaMemcpyDeviceToHost);
      cudaMemcpy(s.data(), sm, sizeof(int) * k, cudaMemcpyDeviceToHost);
      std::vector<long long> sorted = t;
      std::sort(sorted.begin(), sorted.end());
      const double medNs = double(sorted[k / 2]);
      std::sort(h.begin(), h.end());
      std::sort(s.begin(), s.end());
      const int distinct = int(std::unique(s.begin(), s.end()) - s.begin());
      const double med = double(h[k / 2]);
      fprintf(o, "%d,%d,%.0f,%lld,%lld,%.3f,%.3f,%.3f,%d\n", k, bytesK * 1024, med, h[0], h[k - 1], bytesK * 1024.0 / med, bytesK * 1024.0 / medNs, med / medNs, distinct);
      cudaFree(out);
      cudaFree(cyc);
      cudaFree(nsd);
      cudaFree(sm);
    }
  }
  if (cudaGetLastError() != cudaSuccess) fprintf(stderr, "CUDA error\n");
  if (o != stdout) fclose(o);
  return 0;
}
