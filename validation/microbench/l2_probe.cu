// Why the SASS fixtures' L2 hits are slow (docs/validation.md, "Kernels from their SASS"):
// the latency of an L2-hit global load by load path (LDG.E against LDG.E.CONSTANT, the
// read-only path `const __restrict__` gives) and by sharing (every SM reading the same lines at
// about the same time, as ldg_imad and smem_tile do, against each SM in its own lines).
//
//   nvcc -arch=sm_90 -O3 -o l2_probe l2_probe.cu && ./l2_probe > cycles.csv
//
// chase: one warp on one SM, each lane following its own pointer chain through a buffer of
//   `bytes` (16 MiB: L2-resident after a warm-up pass; 32 KiB: L1), one load per step, 4096
//   steps: cycles per step = the dependent load's latency (plus one IADD).
// window: ldg_imad's loop (a coalesced load, then a dependent hash) on every SM with W warps,
//   `shared` 1: the SMs' windows overlap as in the fixture (SM b reads t + it*4099 with t =
//   b*blockDim + lane, so SM b + 4 reads next trip what SM b read this one); 0: each SM reads
//   its own 128 KiB window of the 16 MiB buffer (no two SMs share a line; L1 may hold it). Cycles per trip per warp = the load's latency plus ~40.
#include <cstdio>
#include <algorithm>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

template <bool NC>
__global__ void chase(const unsigned* next, int steps, unsigned* out, long long* cycles) {
  unsigned p = threadIdx.x * 97;
  for (int i = 0; i < 64; ++i) p = NC ? __ldg(&next[p]) : next[p];  // warm the path
  __syncwarp();
  long long t0 = clock64();
  for (int i = 0; i < steps; ++i) p = NC ? __ldg(&next[p]) : next[p];
  long long t1 = clock64();
  out[threadIdx.x] = p;
  if (threadIdx.x == 0) *cycles = t1 - t0;
}

template <bool NC>
__global__ void window(const unsigned* __restrict__ x, unsigned* out, int iters, unsigned mask, int shared, long long* span) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = threadIdx.x;
  __syncthreads();
  long long t0 = clock64();
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    unsigned idx = shared ? ((t + it * 4099u) & mask) : ((blockIdx.x * 32768u + ((threadIdx.x + it * 4099u) & 32767u)) & ((1u << 22) - 1));
    unsigned v = NC ? __ldg(&x[idx]) : *(volatile const unsigned*)&x[idx];
    h = h * 0x9E3779B1u + v;
    h ^= h >> 16;
  }
  long long t1 = clock64();
  out[blockIdx.x * blockDim.x + threadIdx.x] = h;
  if (threadIdx.x == 0) { span[2 * blockIdx.x] = t0; span[2 * blockIdx.x + 1] = t1; }
}

int main() {
  int nsm; CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  const size_t big = 16u << 20;  // bytes
  unsigned *buf, *out; long long *cyc, *span;
  CK(cudaMalloc(&buf, big)); CK(cudaMalloc(&out, 1 << 24)); CK(cudaMalloc(&cyc, 8)); CK(cudaMalloc(&span, nsm * 16));
  printf("probe,path,param,warps_per_sm,cycles_per_unit,unit\n");
  for (size_t bytes : {(size_t)32 << 10, big}) {
    size_t n = bytes / 4;
    // A random cyclic permutation with a stride of at least a line: each step a new line.
    std::vector<unsigned> next(n);
    size_t lines = n / 32;
    std::vector<unsigned> order(lines);
    for (size_t i = 0; i < lines; ++i) order[i] = (unsigned)i;
    unsigned s = 12345;
    for (size_t i = lines - 1; i > 0; --i) { s = s * 1664525u + 1013904223u; size_t j = s % (i + 1); unsigned tmp = order[i]; order[i] = order[j]; order[j] = tmp; }
    for (size_t i = 0; i < lines; ++i)
      for (unsigned l = 0; l < 32; ++l) next[order[i] * 32 + l] = order[(i + 1) % lines] * 32 + l;
    CK(cudaMemcpy(buf, next.data(), bytes, cudaMemcpyHostToDevice));
    for (int nc = 0; nc < 2; ++nc) {
      long long c = 0;
      for (int rep = 0; rep < 2; ++rep) {  // the first pass warms L2 (and L1 for 32 KiB)
        if (nc) chase<true><<<1, 32>>>(buf, 4096, out, cyc); else chase<false><<<1, 32>>>(buf, 4096, out, cyc);
        CK(cudaDeviceSynchronize());
      }
      CK(cudaMemcpy(&c, cyc, 8, cudaMemcpyDeviceToHost));
      printf("chase,%s,%zu,1,%.1f,cycles per dependent load (buffer bytes)\n", nc ? "LDG.E.CONSTANT" : "LDG.E", bytes, c / 4096.0);
    }
  }
  const unsigned mask = (1u << 20) - 1;  // 4 MiB of words, as the fixture
  CK(cudaMemset(buf, 1, big));
  for (int shared = 0; shared < 2; ++shared)
    for (int nc = 0; nc < 2; ++nc)
      for (int W : {4, 32}) {
        std::vector<long long> h(2 * nsm);
        for (int rep = 0; rep < 2; ++rep) {
          if (nc) window<true><<<nsm, 32 * W>>>(buf, out, 256, mask, shared, span); else window<false><<<nsm, 32 * W>>>(buf, out, 256, mask, shared, span);
          CK(cudaDeviceSynchronize());
        }
        CK(cudaMemcpy(h.data(), span, nsm * 16, cudaMemcpyDeviceToHost));
        std::vector<long long> c(nsm);
        for (int b = 0; b < nsm; ++b) c[b] = h[2 * b + 1] - h[2 * b];
        std::sort(c.begin(), c.end());
        printf("window,%s,%s,%d,%.1f,cycles per trip per warp (median SM)\n", nc ? "LDG.E.CONSTANT" : "LDG.E", shared ? "shared" : "own", W, c[nsm / 2] / 256.0);
      }
  return 0;
}
