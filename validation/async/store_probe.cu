// TMA and bulk stores (issue "Asynchronous Hopper", item 3): what a store from shared memory to
// global memory costs the thread that issues it and waits, and the rate every SM draws storing
// through it. Inline PTX only:
//
//   nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o store_probe store_probe.cu -lcuda && ./store_probe
//
// probe_store (one thread, one SM; clock64 per iteration): a bulk store (cp.async.bulk.global.
// shared::cta.bulk_group, UBLKCP's store direction) of 128 B to 32 KiB, or a TMA store of a
// 64 x 64 box of halves (8 KiB, cp.async.bulk.tensor.2d.global.shared::cta.bulk_group), then
// commit_group and wait_group 0 (the writes done) or wait_group.read 0 (shared memory read).
// stream_store (132 blocks of one thread): each SM stores its own slice of a 4 GiB buffer with
// bulk stores of `bytes`, up to 4 groups in flight: bytes per SM cycle to DRAM.
// Each line printed is PROBE ...; store_probe.sh runs it with cuobjdump and ncu.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cuda.h>
#include <cuda_fp16.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s (line %d)\n", #x, cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

__device__ __forceinline__ uint32_t smem(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void bulk_store(void* dst, const void* src, uint32_t bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(smem(src)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void tma_store_2d(const CUtensorMap* map, const void* src, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];" ::"l"(map), "r"(smem(src)), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void tma_prefetch_2d(const CUtensorMap* map, int c0, int c1) {
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global [%0, {%1, %2}];" ::"l"(map), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
template <int N> __device__ __forceinline__ void wait_done() { asm volatile("cp.async.bulk.wait_group %0;" ::"n"(N) : "memory"); }
template <int N> __device__ __forceinline__ void wait_read() { asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(N) : "memory"); }
__device__ __forceinline__ void fence_async_shared() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }

// mode 1: bulk store, wait done; 2: bulk store, wait read; 3: TMA store, wait done; 4: TMA
// store, wait read; 5: TMA prefetch of the box into the L2 (no wait exists).
__global__ void probe_store(unsigned char* dst, int bytes, int iters, int mode, const __grid_constant__ CUtensorMap map, long long* out) {
  extern __shared__ __align__(1024) unsigned char buf[];
  for (int i = threadIdx.x; i < 32768; i += blockDim.x) buf[i] = (unsigned char)i;
  fence_async_shared();
  __syncthreads();
  if (threadIdx.x != 0) return;
  // Once before timing (the tensor map's descriptor, the lines' first touch).
  if (mode <= 2) bulk_store(dst, buf, bytes); else if (mode <= 4) tma_store_2d(&map, buf, 0, 0); else tma_prefetch_2d(&map, 0, 0);
  commit();
  wait_done<0>();
  long long t0 = clock64();
  for (int it = 0; it < iters; ++it) {
    if (mode == 1) { bulk_store(dst, buf, bytes); commit(); wait_done<0>(); }
    else if (mode == 2) { bulk_store(dst, buf, bytes); commit(); wait_read<0>(); }
    else if (mode == 3) { tma_store_2d(&map, buf, 0, 0); commit(); wait_done<0>(); }
    else if (mode == 4) { tma_store_2d(&map, buf, 0, 0); commit(); wait_read<0>(); }
    else tma_prefetch_2d(&map, (it & 63) * 64, 0);
  }
  wait_done<0>();
  long long t1 = clock64();
  out[0] = t1 - t0;
}

__global__ void stream_store(unsigned char* dst, int bytes, int iters, long long* out) {
  extern __shared__ __align__(1024) unsigned char buf[];
  for (int i = threadIdx.x; i < bytes; i += blockDim.x) buf[i] = (unsigned char)i;
  fence_async_shared();
  __syncthreads();
  if (threadIdx.x != 0) return;
  unsigned char* base = dst + (long long)blockIdx.x * iters * bytes;
  long long t0 = clock64();
  for (int it = 0; it < iters; ++it) {
    bulk_store(base + (long long)it * bytes, buf, bytes);
    commit();
    wait_read<3>();
  }
  wait_done<0>();
  long long t1 = clock64();
  out[blockIdx.x] = t1 - t0;
}

static CUtensorMap make_map(void* p, int rows, int cols, int boxRows = 64) {
  CUtensorMap m;
  cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
  cuuint64_t strides[1] = {(cuuint64_t)cols * 2};
  cuuint32_t box[2] = {64, (cuuint32_t)boxRows};
  cuuint32_t es[2] = {1, 1};
  CUresult r = cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, p, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                      CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) { fprintf(stderr, "cuTensorMapEncodeTiled failed (%d)\n", (int)r); exit(1); }
  return m;
}

int main() {
  const size_t big = (size_t)4 << 30;
  unsigned char* d; CK(cudaMalloc(&d, big));
  long long* out; CK(cudaMalloc(&out, 132 * sizeof(long long)));
  CUtensorMap map = make_map(d, 4096, 4096);
  CK(cudaFuncSetAttribute(probe_store, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536));
  CK(cudaFuncSetAttribute(stream_store, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536));
  const int iters = 200;
  const char* names[] = {"", "bulk_done", "bulk_read", "tma_done", "tma_read", "tma_prefetch"};
  for (int mode = 1; mode <= 5; ++mode)
    for (int bytes : {128, 1024, 4096, 8192, 16384, 32768}) {
      if (mode >= 3 && bytes != 8192) continue;
      probe_store<<<1, 32, 65536>>>(d, bytes, iters, mode, map, out);
      CK(cudaDeviceSynchronize());
      long long h; CK(cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost));
      printf("PROBE store mode=%s bytes=%d cycles_per_iter=%.1f\n", names[mode], bytes, (double)h / iters);
      printf("MANIFEST probe_store 1 32 65536 %d %d %d\n", bytes, iters, mode);
    }
  // TMA stores of 64 x R boxes of halves (R = 16 .. 256: 2 to 32 KiB), then wait_group 0.
  for (int rows : {16, 32, 64, 128, 256}) {
    CUtensorMap m = make_map(d, 4096, 4096, rows);
    probe_store<<<1, 32, 65536>>>(d, rows * 128, iters, 3, m, out);
    CK(cudaDeviceSynchronize());
    long long h; CK(cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost));
    printf("PROBE store mode=tma_box bytes=%d cycles_per_iter=%.1f\n", rows * 128, (double)h / iters);
    printf("MANIFEST probe_store 1 32 65536 %d %d 3 box=64x%d\n", rows * 128, iters, rows);
  }
  for (int bytes : {4096, 16384}) {
    const int iters = (int)(big / 132 / bytes);
    for (int rep = 0; rep < 2; ++rep) stream_store<<<132, 32, bytes>>>(d, bytes, iters, out);
    CK(cudaDeviceSynchronize());
    long long h[132]; CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    double mean = 0; for (int i = 0; i < 132; ++i) mean += h[i]; mean /= 132;
    printf("PROBE stream_store bytes=%d iters=%d bytes_per_sm_cycle=%.2f\n", bytes, iters, (double)iters * bytes / mean);
    printf("MANIFEST stream_store 132 32 %d %d %d\n", bytes, bytes, iters);
  }
  return 0;
}
