// The loaded latency and rate of bulk copies (issue "Asynchronous Hopper"): how long a copy
// takes when every SM streams copies from the L2, as a function of the bytes each SM has in
// flight. Inline PTX only:
//
//   nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o copy_probe copy_probe.cu -lcuda && ./copy_probe
//
// copy_stream (`grid` blocks of one thread, one per SM): each thread keeps `stages` bulk copies
// (cp.async.bulk into shared memory, mbarrier complete_tx) of `bytes` in flight, reissuing a
// stage as soon as its copy has landed, `iters` copies in all, from a 16 MiB region the L2 keeps
// (each block its own 128 KiB of it). It records clock64 at each copy's issue and when its wait
// succeeds: the mean of the difference is the copy's loaded latency (the thread always waits,
// so the wait ends when the copy lands, plus the try_wait's wake-up), and iters x bytes over the
// loop's cycles is the SM's rate. `tma` = 1: the copies are TMA loads of a box of 64 halves by
// bytes / 128 rows (cp.async.bulk.tensor.2d, 128-byte swizzle, as the GEMMs' are) instead.
// `from_dram` = 1: every fourth copy (bulk) reads the block's own slice of a 1 GiB buffer the L2
// cannot keep, so it misses; 2: every copy does. Whether the misses share the L2's rate for
// hits (then the mix draws at most the hits' rate) or come on top of it at DRAM's rate (then
// the hits' rate / (3/4)) is what the mixed rows tell. Each line printed is PROBE ...; copy_probe.sh also runs it
// under ncu, whose locked clock is the one validate's counters use.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cuda.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s (line %d)\n", #x, cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

__device__ __forceinline__ uint32_t smem(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(uint64_t* b, int count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(b)), "r"(count));
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(b)), "r"(bytes));
}
__device__ __forceinline__ void mbar_wait(uint64_t* b, int parity) {
  asm volatile(
      "{\n.reg .pred p;\nWAIT_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "@!p bra WAIT_%=;\n}\n" ::"r"(smem(b)), "r"(parity));
}
__device__ __forceinline__ void bulk_copy(void* dst, const void* src, uint32_t bytes, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               ::"r"(smem(dst)), "l"(src), "r"(bytes), "r"(smem(bar)) : "memory");
}

__device__ __forceinline__ void tma_2d(void* dst, const CUtensorMap* map, uint64_t* bar, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
               ::"r"(smem(dst)), "l"(map), "r"(smem(bar)), "r"(c0), "r"(c1) : "memory");
}

constexpr int MAX_STAGES = 8;
constexpr long long WINDOW = 128 << 10;

__global__ void copy_stream(const __grid_constant__ CUtensorMap map, const unsigned char* src, int bytes, int stages, int iters, int tma, const unsigned char* far, int from_dram, long long* out) {
  extern __shared__ __align__(1024) unsigned char raw[];
  unsigned char* ring = raw + ((1024 - (smem(raw) & 1023)) & 1023);
  __shared__ __align__(8) uint64_t bars[MAX_STAGES];
  __shared__ long long issued[MAX_STAGES];
  if (threadIdx.x != 0) return;
  for (int i = 0; i < stages; ++i) mbar_init(&bars[i], 1);
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  const unsigned char* base = src + (long long)(blockIdx.x % 128) * WINDOW;
  long long latency = 0;
  const long long t0 = clock64();
  for (int it = 0; it < iters + stages; ++it) {
    const int st = it % stages;
    if (it >= stages) {
      mbar_wait(&bars[st], ((it / stages) - 1) & 1);
      latency += clock64() - issued[st];
    }
    if (it < iters) {
      mbar_expect_tx(&bars[st], bytes);
      issued[st] = clock64();
      const long long off = ((long long)it * bytes) % WINDOW;
      if (tma) tma_2d(ring + st * bytes, &map, &bars[st], 0, (int)((base - src + off) / 128));
      else if (from_dram == 2 || (from_dram == 1 && (it & 3) == 3))
        bulk_copy(ring + st * bytes, far + (long long)blockIdx.x * (8 << 20) + (long long)(from_dram == 1 ? it >> 2 : it) * bytes % (8 << 20), bytes, &bars[st]);
      else bulk_copy(ring + st * bytes, base + off, bytes, &bars[st]);
    }
  }
  out[2 * blockIdx.x] = clock64() - t0;
  out[2 * blockIdx.x + 1] = latency;
}

int main() {
  unsigned char* buf;
  CK(cudaMalloc(&buf, 16 << 20));
  CK(cudaMemset(buf, 1, 16 << 20));
  unsigned char* far;
  CK(cudaMalloc(&far, 132LL * (8 << 20)));
  CK(cudaMemset(far, 1, 132LL * (8 << 20)));
  long long* out;
  CK(cudaMalloc(&out, 2 * 132 * sizeof(long long)));
  CK(cudaFuncSetAttribute(copy_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, 6 * 32768 + 1024));
  // The region as 131,072 rows of 64 halves (128 bytes): one map per box height.
  CUtensorMap maps[4];
  for (int k = 0; k < 4; ++k) {
    cuuint64_t dims[2] = {64, 131072};
    cuuint64_t strides[1] = {128};
    cuuint32_t box[2] = {64, (cuuint32_t)(32 << k)};
    cuuint32_t es[2] = {1, 1};
    CUresult r = cuTensorMapEncodeTiled(&maps[k], CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, buf, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                        CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) { fprintf(stderr, "cuTensorMapEncodeTiled failed (%d)\n", (int)r); exit(1); }
  }
  struct Config { int grid, bytes, stages; };
  const Config configs[] = {
      {1, 16384, 1}, {1, 16384, 4}, {1, 32768, 1}, {1, 32768, 4},
      {132, 4096, 1}, {132, 4096, 2}, {132, 4096, 4}, {132, 4096, 6},
      {132, 8192, 1}, {132, 8192, 2}, {132, 8192, 4}, {132, 8192, 6},
      {132, 16384, 1}, {132, 16384, 2}, {132, 16384, 4}, {132, 16384, 6},
      {132, 32768, 1}, {132, 32768, 2}, {132, 32768, 4}, {132, 32768, 6},
  };
  for (int tma = 0; tma < 2; ++tma)
  for (const Config& c : configs) {
    const int iters = 1000;
    const CUtensorMap& map = maps[c.bytes == 4096 ? 0 : c.bytes == 8192 ? 1 : c.bytes == 16384 ? 2 : 3];
    // Twice: the first launch brings the region into the L2; the second is the one reported (ncu sees both).
    for (int rep = 0; rep < 2; ++rep) copy_stream<<<c.grid, 32, c.stages * c.bytes + 1024>>>(map, buf, c.bytes, c.stages, iters, tma, far, 0, out);
    CK(cudaDeviceSynchronize());
    long long h[2 * 132];
    CK(cudaMemcpy(h, out, 2 * c.grid * sizeof(long long), cudaMemcpyDeviceToHost));
    double cycles = 0, latency = 0;
    for (int b = 0; b < c.grid; ++b) { cycles += h[2 * b]; latency += h[2 * b + 1]; }
    cycles /= c.grid;
    latency /= (double)c.grid * iters;
    printf("PROBE copy_stream kind=%s grid=%d bytes=%d stages=%d iters=%d cycles=%.0f bytes_per_sm_cycle=%.2f latency=%.1f\n", tma ? "tma" : "bulk", c.grid, c.bytes, c.stages, iters, cycles,
           (double)iters * c.bytes / cycles, latency);
  }
  // Copies a quarter from DRAM, three quarters from the L2 (and all from DRAM), bulk, 6 in
  // flight. The buffer's 8 MiB per block hold 512 copies of 16 KiB, 256 of 32 KiB: no copy
  // reads DRAM bytes read before in the launch (the 1 GiB the first launch read do not stay in
  // the 50 MB L2).
  for (int from_dram = 1; from_dram <= 2; ++from_dram)
    for (int bytes : {16384, 32768}) {
      const int iters = (from_dram == 1 ? 4 : 1) * ((8 << 20) / bytes);
      for (int rep = 0; rep < 2; ++rep) copy_stream<<<132, 32, 6 * bytes + 1024>>>(maps[0], buf, bytes, 6, iters, 0, far, from_dram, out);
      CK(cudaDeviceSynchronize());
      long long h[2 * 132];
      CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
      double cycles = 0, latency = 0;
      for (int b = 0; b < 132; ++b) { cycles += h[2 * b]; latency += h[2 * b + 1]; }
      cycles /= 132;
      latency /= 132.0 * iters;
      printf("PROBE copy_mixed from_dram=%s grid=132 bytes=%d stages=6 iters=%d cycles=%.0f bytes_per_sm_cycle=%.2f latency=%.1f\n", from_dram == 1 ? "quarter" : "all", bytes, iters,
             cycles, (double)iters * bytes / cycles, latency);
    }
  return 0;
}
