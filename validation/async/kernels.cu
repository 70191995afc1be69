// Asynchronous Hopper fixtures (issue "Asynchronous Hopper"): probes of the latencies warpsim
// models (HGMMA by N, a TMA / bulk copy over a plain load, an mbarrier's round trip) and a
// warp-specialized GEMM (one producer warp issuing TMA copies into a ring of shared-memory
// stages guarded by mbarriers, 1 or 2 consumer warpgroups running HGMMA, setmaxnreg between
// the roles) at 2 to 5 stages. Inline PTX only: nothing outside CUDA is needed.
//
//   nvcc -arch=sm_90a -O3 -o kernels kernels.cu -lcuda && ./kernels
//
// The probes print PROBE lines (cycles from clock64 on the warp that waits); each GEMM launch
// prints one MANIFEST line, which joins ncu's rows in launch order (capture.sh).
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cuda.h>
#include <cuda_fp16.h>
#include "wgmma.cuh"

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s (line %d)\n", #x, cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

// ---------------------------------------------------------------- PTX wrappers
__device__ __forceinline__ uint32_t smem(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(uint64_t* b, int count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(b)), "r"(count));
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(b)), "r"(bytes));
}
__device__ __forceinline__ void mbar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(b)));
}
__device__ __forceinline__ void mbar_wait(uint64_t* b, int parity) {
  asm volatile(
      "{\n.reg .pred p;\nWAIT_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "@!p bra WAIT_%=;\n}\n" ::"r"(smem(b)), "r"(parity));
}
__device__ __forceinline__ void tma_2d(void* dst, const CUtensorMap* map, uint64_t* bar, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
               ::"r"(smem(dst)), "l"(map), "r"(smem(bar)), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void bulk_copy(void* dst, const void* src, uint32_t bytes, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               ::"r"(smem(dst)), "l"(src), "r"(bytes), "r"(smem(bar)) : "memory");
}
__device__ __forceinline__ void wg_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wg_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N> __device__ __forceinline__ void wg_wait() { asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory"); }
template <int R> __device__ __forceinline__ void reg_dealloc() { asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(R)); }
template <int R> __device__ __forceinline__ void reg_alloc() { asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(R)); }

// A shared-memory matrix descriptor for a K-major tile whose rows are 128 bytes (64 halves)
// with the 128-byte swizzle TMA writes: 8-row groups 1024 bytes apart.
__device__ __forceinline__ uint64_t desc_sw128(const void* p) {
  uint64_t d = (uint64_t)((smem(p) & 0x3FFFF) >> 4);
  d |= (uint64_t)1 << 16;           // leading byte offset (unused by the swizzled K-major layout)
  d |= (uint64_t)(1024 >> 4) << 32; // stride byte offset: 8 rows of 128 bytes
  d |= (uint64_t)1 << 62;           // 128-byte swizzle
  return d;
}

// ---------------------------------------------------------------- probes
// HGMMA latency: one warpgroup, `iters` times fence, one m64nNk16, commit, wait for it.
// HGMMA throughput: the same with `chain` HGMMAs on one accumulator before the commit.
template <int N, int CHAIN>
__global__ void __launch_bounds__(128) probe_hgmma(long long* out, int iters) {
  __shared__ __align__(1024) __half a[64 * 64];
  __shared__ __align__(1024) __half b[256 * 64];
  float d[N / 2];
  for (int i = 0; i < N / 2; ++i) d[i] = 0.f;
  uint64_t da = desc_sw128(a), db = desc_sw128(b);
  __syncthreads();
  long long t0 = clock64();
  for (int it = 0; it < iters; ++it) {
    wg_fence();
#pragma unroll
    for (int c = 0; c < CHAIN; ++c) wgmma_ss<N>(d, da + 2 * c, db + 2 * c);
    wg_commit();
    wg_wait<0>();
  }
  long long t1 = clock64();
  float s = 0.f;
  for (int i = 0; i < N / 2; ++i) s += d[i];
  if (threadIdx.x == 0) { out[0] = t1 - t0; out[1] = (long long)s; }
}

// A bulk copy of `bytes` into shared memory, completing an mbarrier, waited for by the issuing
// thread, `iters` times from the same source (L2 hits after the first); `plain` = 1 times a
// dependent chain of plain 4-byte loads over the same buffer instead.
__global__ void probe_copy(const int* src, int bytes, int iters, int mode, const __grid_constant__ CUtensorMap map, long long* out) {
  extern __shared__ __align__(1024) unsigned char buf[];
  __shared__ __align__(8) uint64_t bar;
  if (threadIdx.x != 0) return;
  mbar_init(&bar, 1);
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  int x = 0;
  // Warm the L2 (and the tensor map's descriptor) once.
  mbar_expect_tx(&bar, bytes);
  if (mode == 2) tma_2d(buf, &map, &bar, 0, 0); else bulk_copy(buf, src, bytes, &bar);
  mbar_wait(&bar, 0);
  long long t0 = clock64();
  for (int it = 0; it < iters; ++it) {
    if (mode == 0) {
      x = __ldcg(src + (x & 0xFFFF));
    } else {
      mbar_expect_tx(&bar, bytes);
      if (mode == 2) tma_2d(buf, &map, &bar, 0, 0); else bulk_copy(buf, src, bytes, &bar);
      mbar_wait(&bar, (it + 1) & 1);
    }
  }
  long long t1 = clock64();
  out[0] = t1 - t0;
  out[1] = x + buf[5];
}

// Every SM streams copies of `bytes` through a ring of 4 stages (one thread per block, one
// block per SM), `iters` copies: from a 16 MiB region that stays in the L2 (span = 16 MiB), or
// each block from its own slice of a buffer far larger than the L2 (span = 0): the rate the L2
// or DRAM delivers to TMA when every SM asks (out[block] = the block's clock64 cycles).
__global__ void probe_stream(const unsigned char* src, int bytes, int iters, long long span, long long* out) {
  extern __shared__ __align__(1024) unsigned char ring[];
  __shared__ __align__(8) uint64_t bars[4];
  if (threadIdx.x != 0) return;
  for (int i = 0; i < 4; ++i) mbar_init(&bars[i], 1);
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  const long long slice = (long long)iters * bytes;
  const unsigned char* base = span > 0 ? src + ((long long)blockIdx.x * 65536) % span : src + blockIdx.x * slice;
  long long t0 = clock64();
  for (int it = 0; it < iters; ++it) {
    int st = it & 3;
    if (it >= 4) mbar_wait(&bars[st], ((it >> 2) - 1) & 1);
    long long off = span > 0 ? ((long long)it * bytes) % (span - 65536 * 132 % span) : (long long)it * bytes;
    mbar_expect_tx(&bars[st], bytes);
    bulk_copy(ring + st * bytes, base + off, bytes, &bars[st]);
  }
  for (int it = iters - 4; it < iters; ++it) mbar_wait(&bars[it & 3], (it >> 2) & 1);
  out[blockIdx.x] = clock64() - t0;
}

// A TMA-fed streaming kernel: each block sums its slice of a large buffer, one warp: its first
// lane copies CHUNK-byte pieces with bulk copies into a ring of STAGES buffers, all 32 lanes add
// up each piece from shared memory once it has landed (mbarrier), then the stage goes back.
template <int STAGES, int CHUNK>
__global__ void __launch_bounds__(32) stream_sum(const float* __restrict__ src, long long perBlock, float* out) {
  extern __shared__ __align__(128) unsigned char ring[];
  __shared__ __align__(8) uint64_t full[STAGES];
  const int lane = threadIdx.x;
  const char* base = (const char*)src + blockIdx.x * perBlock;
  const int pieces = (int)(perBlock / CHUNK);
  if (lane == 0) {
    for (int i = 0; i < STAGES; ++i) mbar_init(&full[i], 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    for (int p = 0; p < STAGES && p < pieces; ++p) {
      mbar_expect_tx(&full[p], CHUNK);
      bulk_copy(ring + p * CHUNK, base + (long long)p * CHUNK, CHUNK, &full[p]);
    }
  }
  __syncwarp();
  float acc = 0.f;
  for (int p = 0; p < pieces; ++p) {
    const int st = p % STAGES;
    mbar_wait(&full[st], (p / STAGES) & 1);
    const float4* v = (const float4*)(ring + st * CHUNK);
#pragma unroll 4
    for (int i = lane; i < CHUNK / 16; i += 32) { float4 x = v[i]; acc += x.x + x.y + x.z + x.w; }
    __syncwarp();
    if (lane == 0 && p + STAGES < pieces) {
      mbar_expect_tx(&full[st], CHUNK);
      bulk_copy(ring + st * CHUNK, base + (long long)(p + STAGES) * CHUNK, CHUNK, &full[st]);
    }
  }
  out[blockIdx.x * 32 + lane] = acc;
}

// ---------------------------------------------------------------- the GEMM
// C (M x N, f32) = A (M x K) * B^T (B is N x K), f16, both K-major. A block computes a
// BM x BN tile, BM = 64 x CONSUMERS (cooperative: each consumer warpgroup 64 rows). Warpgroup 0
// is the producer (its first thread issues the copies); warpgroups 1..CONSUMERS consume.
constexpr int BK = 64;

template <int BN, int STAGES, int CONSUMERS>
struct Smem {
  static constexpr int BM = 64 * CONSUMERS;
  __half a[STAGES][BM * BK];
  __half b[STAGES][BN * BK];
  uint64_t full[STAGES], empty[STAGES];
};

template <int BN, int STAGES, int CONSUMERS>
__global__ void __launch_bounds__(128 * (CONSUMERS + 1), 1)
gemm_ws(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB, float* __restrict__ C, int M, int N, int K) {
  using S = Smem<BN, STAGES, CONSUMERS>;
  constexpr int BM = S::BM;
  extern __shared__ __align__(1024) unsigned char raw[];
  S& s = *reinterpret_cast<S*>(raw + ((1024 - (smem(raw) & 1023)) & 1023));
  const int wg = threadIdx.x / 128, t = threadIdx.x % 128;
  const int tilesN = N / BN;
  const int m0 = (blockIdx.x / tilesN) * BM, n0 = (blockIdx.x % tilesN) * BN;
  const int ktiles = K / BK;
  if (threadIdx.x == 0) {
    for (int i = 0; i < STAGES; ++i) { mbar_init(&s.full[i], 1); mbar_init(&s.empty[i], CONSUMERS); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (wg == 0) {
    reg_dealloc<40>();
    if (t == 0) {
      for (int kt = 0; kt < ktiles; ++kt) {
        int st = kt % STAGES;
        if (kt >= STAGES) mbar_wait(&s.empty[st], ((kt / STAGES) - 1) & 1);
        mbar_expect_tx(&s.full[st], (BM + BN) * BK * 2);
        tma_2d(s.a[st], &mapA, &s.full[st], kt * BK, m0);
        tma_2d(s.b[st], &mapB, &s.full[st], kt * BK, n0);
      }
    }
  } else {
    reg_alloc<CONSUMERS == 1 ? 160 : 232>();
    float d[BN / 2];
#pragma unroll
    for (int i = 0; i < BN / 2; ++i) d[i] = 0.f;
    const int row0 = (wg - 1) * 64;
    for (int kt = 0; kt < ktiles; ++kt) {
      int st = kt % STAGES;
      mbar_wait(&s.full[st], (kt / STAGES) & 1);
      wg_fence();
#pragma unroll
      for (int k = 0; k < BK / 16; ++k) wgmma_ss<BN>(d, desc_sw128(&s.a[st][row0 * BK]) + 2 * k, desc_sw128(&s.b[st][0]) + 2 * k);
      wg_commit();
      wg_wait<1>();
      // The previous stage's HGMMAs are done: give its buffers back to the producer.
      if (kt > 0 && t == 0) mbar_arrive(&s.empty[(kt - 1) % STAGES]);
    }
    wg_wait<0>();
    if (t == 0) mbar_arrive(&s.empty[(ktiles - 1) % STAGES]);
    // The accumulator layout of m64nNk16: warp w holds rows 16w..16w+15.
    const int w = t / 32, l = t % 32;
#pragma unroll
    for (int i = 0; i < BN / 2; ++i) {
      int row = m0 + row0 + 16 * w + l / 4 + 8 * ((i >> 1) & 1);
      int col = n0 + 8 * (i / 4) + 2 * (l % 4) + (i & 1);
      C[(size_t)row * N + col] = d[i];
    }
  }
}

// ---------------------------------------------------------------- host
static CUtensorMap make_map(const __half* p, int rows, int cols, int boxRows) {
  CUtensorMap m;
  cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
  cuuint64_t strides[1] = {(cuuint64_t)cols * 2};
  cuuint32_t box[2] = {64, (cuuint32_t)boxRows};
  cuuint32_t es[2] = {1, 1};
  CUresult r = cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, (void*)p, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                      CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) { fprintf(stderr, "cuTensorMapEncodeTiled failed (%d)\n", (int)r); exit(1); }
  return m;
}

template <int N, int CHAIN>
static void hgmma(long long* out) {
  const int iters = 256;
  probe_hgmma<N, CHAIN><<<1, 128>>>(out, iters);
  CK(cudaDeviceSynchronize());
  long long h[2];
  CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  printf("PROBE hgmma n=%d chain=%d cycles_per_iter=%.1f\n", N, CHAIN, (double)h[0] / iters);
}

template <int BN, int STAGES, int CONSUMERS>
static void gemm(const __half* A, const __half* B, float* C, int M, int N, int K) {
  using S = Smem<BN, STAGES, CONSUMERS>;
  const int bytes = (int)sizeof(S) + 1024;
  auto k = gemm_ws<BN, STAGES, CONSUMERS>;
  CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
  CUtensorMap mA = make_map(A, M, K, S::BM), mB = make_map(B, N, K, BN);
  const int grid = (M / S::BM) * (N / BN), block = 128 * (CONSUMERS + 1);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0); cudaEventCreate(&e1);
  k<<<grid, block, bytes>>>(mA, mB, C, M, N, K);
  cudaEventRecord(e0);
  k<<<grid, block, bytes>>>(mA, mB, C, M, N, K);
  cudaEventRecord(e1);
  CK(cudaDeviceSynchronize());
  float ms; cudaEventElapsedTime(&ms, e0, e1);
  printf("MANIFEST gemm_ws bn=%d stages=%d consumers=%d M=%d N=%d K=%d grid=%d block=%d smem=%d ms=%.4f tflops=%.1f (launched twice: ncu sees both)\n",
         BN, STAGES, CONSUMERS, M, N, K, grid, block, bytes, ms, 2.0 * M * N * K / ms / 1e9);
}

template <int STAGES, int CHUNK>
static void stream(const float* src, float* out, long long bytes, int grid) {
  auto k = stream_sum<STAGES, CHUNK>;
  const int smem = STAGES * CHUNK;
  CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  const long long perBlock = bytes / grid;
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0); cudaEventCreate(&e1);
  k<<<grid, 32, smem>>>(src, perBlock, out);
  cudaEventRecord(e0);
  k<<<grid, 32, smem>>>(src, perBlock, out);
  cudaEventRecord(e1);
  CK(cudaDeviceSynchronize());
  float ms; cudaEventElapsedTime(&ms, e0, e1);
  printf("MANIFEST stream_sum stages=%d chunk=%d grid=%d block=32 smem=%d bytes=%lld ms=%.4f gbps=%.1f (launched twice: ncu sees both)\n", STAGES, CHUNK, grid, smem, bytes, ms, bytes / ms / 1e6);
}

int main(int argc, char** argv) {
  const bool probes = argc < 2 || argv[1][0] == 'p';
  const bool gemms = argc < 2 || argv[1][0] == 'g';
  const bool streams = argc < 2 || argv[1][0] == 's';
  const bool feeds = argc >= 2 && argv[1][0] == 'f';
  long long* out; CK(cudaMalloc(&out, 64));
  const int M = 4096, N = 4096, K = 4096;
  __half *A, *B; float* C;
  CK(cudaMalloc(&A, (size_t)M * K * 2)); CK(cudaMalloc(&B, (size_t)N * K * 2)); CK(cudaMalloc(&C, (size_t)M * N * 4));
  CK(cudaMemset(A, 0x3c, (size_t)M * K * 2)); CK(cudaMemset(B, 0x3c, (size_t)N * K * 2));
  if (probes && !streams) {
    hgmma<16, 1>(out); hgmma<32, 1>(out); hgmma<64, 1>(out); hgmma<128, 1>(out); hgmma<256, 1>(out);
    hgmma<16, 4>(out); hgmma<32, 4>(out); hgmma<64, 4>(out); hgmma<128, 4>(out); hgmma<256, 4>(out);
    CUtensorMap map = make_map(A, M, K, 64);
    CK(cudaFuncSetAttribute(probe_copy, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536));
    const int iters = 200;
    for (int mode = 0; mode < 3; ++mode)
      for (int bytes : {128, 1024, 4096, 8192, 16384, 32768}) {
        if (mode == 0 && bytes != 128) continue;
        if (mode == 2 && bytes != 8192) continue; // the tensor map's box: 64 x 64 halves
        probe_copy<<<1, 32, 65536>>>((const int*)A, bytes, iters, mode, map, out);
        CK(cudaDeviceSynchronize());
        long long h[2];
        CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
        printf("PROBE copy mode=%s bytes=%d cycles_per_iter=%.1f\n", mode == 0 ? "ldcg_chain" : mode == 1 ? "bulk" : "tma_2d", bytes, (double)h[0] / iters);
      }
  }
  if (streams) {
    const size_t big = (size_t)4 << 30;
    unsigned char* buf; CK(cudaMalloc(&buf, big));
    CK(cudaMemset(buf, 1, big));
    long long* cyc; CK(cudaMalloc(&cyc, 132 * sizeof(long long)));
    CK(cudaFuncSetAttribute(probe_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 * 32768));
    for (int bytes : {4096, 8192, 16384, 32768})
      for (int l2 = 1; l2 >= 0; --l2) {
        const int iters = l2 ? 2000 : (int)(big / 132 / bytes);
        for (int rep = 0; rep < 2; ++rep) probe_stream<<<132, 32, 4 * bytes>>>(buf, bytes, iters, l2 ? (16LL << 20) : 0, cyc);
        CK(cudaDeviceSynchronize());
        long long h[132]; CK(cudaMemcpy(h, cyc, sizeof h, cudaMemcpyDeviceToHost));
        double mean = 0; for (int i = 0; i < 132; ++i) mean += h[i]; mean /= 132;
        printf("PROBE stream from=%s bytes=%d iters=%d bytes_per_sm_cycle=%.2f\n", l2 ? "l2" : "dram", bytes, iters, (double)iters * bytes / mean);
      }
  }
  if (feeds) {
    // 256 MiB streamed by 264 blocks (two per SM), stages x chunk from 2 x 4 KiB to 8 x 16 KiB.
    const long long bytes = 256LL << 20;
    float *src, *out;
    CK(cudaMalloc(&src, bytes)); CK(cudaMalloc(&out, 264 * 32 * 4));
    CK(cudaMemset(src, 0, bytes));
    stream<2, 4096>(src, out, bytes, 264); stream<4, 4096>(src, out, bytes, 264); stream<8, 4096>(src, out, bytes, 264);
    stream<2, 16384>(src, out, bytes, 264); stream<4, 16384>(src, out, bytes, 264); stream<8, 16384>(src, out, bytes, 264);
  }
  if (gemms) {
    gemm<128, 2, 1>(A, B, C, M, N, K); gemm<128, 3, 1>(A, B, C, M, N, K); gemm<128, 4, 1>(A, B, C, M, N, K); gemm<128, 5, 1>(A, B, C, M, N, K);
    gemm<128, 2, 2>(A, B, C, M, N, K); gemm<128, 3, 2>(A, B, C, M, N, K); gemm<128, 4, 2>(A, B, C, M, N, K); gemm<128, 5, 2>(A, B, C, M, N, K);
    gemm<256, 2, 2>(A, B, C, M, N, K); gemm<256, 3, 2>(A, B, C, M, N, K); gemm<256, 4, 2>(A, B, C, M, N, K);
  }
  return 0;
}
