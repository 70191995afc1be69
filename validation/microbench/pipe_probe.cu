// Pipe probe: what caps the issue rate of ld_chain<K, 16> near 0.82 on the H100?
//
// In the bundled H100 data, ld_chain with F = 16 and L2-resident loads (W >= 32) issues only
// 0.77-0.83 instructions per cycle per scheduler, with math_pipe_throttle (~2 per issue) and
// dispatch_stall (~1 per issue), while fma_chain saturates at 0.99 with almost neither. The two
// loops differ in the form of their FFMAs and in their other instructions:
//   fma_chain : FFMA Racc, Racc, URa, Rb          (one register read per FFMA after reuse)
//   ld_chain  : FFMA Racc, Rv, Racc, URc          (two register reads, no reuse across FFMAs;
//               Rv holds a loaded index, i.e. a denormal float)
//               plus per chain one IMAD.WIDE.U32, one LDG and one LOP3 per trip.
// Each kernel below changes one of those things; all run K = 8 chains with 16 rounds of 8
// FFMAs per trip (128 FFMAs) plus the loop's UIADD3, ISETP and BRA, 512 trips.
//
//   ffma_ur      fma_chain's form: acc = fma(acc, a, b), a and b kernel parameters
//   ffma_rr      ld_chain's form: acc = fma(acc, x, c), x a per-thread register (normal float)
//   ffma_rr_dn   as ffma_rr with x a denormal (the bit pattern of a small integer, as ld_chain)
//   mix_wide     ld_chain's loop without its loads: per chain an IMAD.WIDE.U32 (inline PTX
//                mad.wide.u32) whose halves are xor-ed (one LOP3) in place of the LDG, then the
//                FFMAs on it and ld_chain's LOP3 for the next index
//   mix_narrow   as mix_wide with a 32-bit multiply-add in place of the IMAD.WIDE
//   ld_l2_8      ld_chain<8,16> exactly as in the ground truth (16 MiB buffer, warmed into L2
//                before the launch, __ldcg), 128 iterations
//   ld_l2_4      ld_chain<4,16> likewise
//   ld_l1_8      ld_chain<8,16> on a 64 KiB buffer read with __ldca (L1 hits)
//   wide_only    8 independent chains of IMAD.WIDE.U32 (inline PTX mad.wide.u32), no other work
//   wide_lop3    each IMAD.WIDE followed by an independent LOP3: does the LOP3 wait for the
//                IMAD.WIDE's whole time on the heavy half, or only for the port they share?
//   imad_lop3    the same with 32-bit IMAD (mad.lo.u32)
//
// Residency as in the ground truth: W <= 32 one block of 32 W threads per SM (120 KiB of
// dynamic shared memory padding), W = 64 two blocks of 1024 (80 KiB padding).
//
// Build:  nvcc -O3 -arch=sm_90 -lineinfo -o pipe_probe pipe_probe.cu
// Run:    ./pipe_probe <kernels,comma-separated|all> <W list, e.g. 4,16,32,64>
//         (one warm-up launch of the first configuration, then one launch per configuration;
//          profile with ncu --launch-skip 1 -k regex:'ffma_|mix_|ld_chain', application replay
//          so that the L2 warm-up precedes every pass; pipe_probe.sh does all of it)
// Without ncu each launch prints: kernel, W, instructions per warp (from the code), median
// cycles per warp (clock64 of lane 0 around the loop) and the implied issue rate per scheduler.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

static const int TRIPS = 512;
static const int LD_ITERS = 128;
static const int L2_BITS = 17;  // 2^17 lines of 128 B = 16 MiB
static const int L1_BITS = 9;   // 2^9 lines = 64 KiB

__device__ __forceinline__ void stamp(long long* cyc, int which) {
  if ((threadIdx.x & 31) == 0) cyc[2 * (blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) + which] = clock64();
}

// MODE 0: fma(acc, a, b); 1: fma(acc, x, c) with x normal; 2: x denormal
template <int MODE>
__global__ void __launch_bounds__(1024, 2) ffma_probe(float* out, long long* cyc, int trips, float a, float b) {
  float acc[8], x[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    acc[k] = (float)threadIdx.x * 1e-3f + (float)k;
    x[k] = MODE == 2 ? __uint_as_float(((threadIdx.x * 8u + k) << 5) | 7u) : 0.999f - (float)(threadIdx.x * 8 + k) * 1e-7f;
  }
  stamp(cyc, 0);
#pragma unroll 1
  for (int t = 0; t < trips; ++t) {
#pragma unroll
    for (int u = 0; u < 16; ++u) {
#pragma unroll
      for (int k = 0; k < 8; ++k) acc[k] = MODE == 0 ? fmaf(acc[k], a, b) : fmaf(acc[k], x[k], b);
    }
  }
  stamp(cyc, 1);
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < 8; ++k) s += acc[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// ld_chain<8,16>'s data flow with the loads replaced by an integer multiply-add on the index
template <bool WIDE>
__global__ void __launch_bounds__(1024, 2) mix_probe(const unsigned* base, unsigned* out, long long* cyc, int trips,
                                                     float c, unsigned zmask) {
  unsigned idx[8];
  float acc[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    idx[k] = (threadIdx.x * 8u + k) << 5;
    acc[k] = 1.0f;
  }
  stamp(cyc, 0);
#pragma unroll 1
  for (int t = 0; t < trips; ++t) {
    unsigned v[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if (WIDE) {
        unsigned long long p;
        asm("mad.wide.u32 %0, %1, 4, %2;" : "=l"(p) : "r"(idx[k]), "l"((unsigned long long)base));
        v[k] = (unsigned)p ^ (unsigned)(p >> 32);
      } else {
        v[k] = idx[k] * 4u + (unsigned)(unsigned long long)base;
      }
    }
#pragma unroll
    for (int f = 0; f < 16; ++f) {
#pragma unroll
      for (int k = 0; k < 8; ++k) acc[k] = fmaf(acc[k], __uint_as_float(v[k]), c);
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) idx[k] = v[k] | (__float_as_uint(acc[k]) & zmask);
  }
  stamp(cyc, 1);
  unsigned x = 0;
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    x ^= idx[k];
    s += acc[k];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = x ^ __float_as_uint(s);
}

// MODE 0: 8 chains of IMAD.WIDE.U32 (p = x * m + p, 64-bit); 1: each followed by an independent
// LOP3 chain (y = (y & a) | b); 2: 32-bit IMAD chains each followed by a LOP3. 64 rounds per trip.
// Does ALU work wait for all of an IMAD.WIDE's heavy-half cycles, or only for its first two?
template <int MODE>
__global__ void __launch_bounds__(1024, 2) wide_probe(unsigned* out, long long* cyc, int trips, unsigned m, unsigned a,
                                                      unsigned b) {
  unsigned long long p[8];
  unsigned x[8], y[8], q[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    x[k] = threadIdx.x * 8u + k;
    p[k] = x[k];
    y[k] = x[k] ^ 0x5555u;
    q[k] = x[k] + 7u;
  }
  stamp(cyc, 0);
#pragma unroll 1
  for (int t = 0; t < trips; ++t) {
#pragma unroll
    for (int u = 0; u < 8; ++u) {
#pragma unroll
      for (int k = 0; k < 8; ++k) {
        if (MODE == 2) {
          asm volatile("mad.lo.u32 %0, %1, %2, %0;" : "+r"(q[k]) : "r"(x[k]), "r"(m));
        } else {
          asm volatile("mad.wide.u32 %0, %1, %2, %0;" : "+l"(p[k]) : "r"(x[k]), "r"(m));
        }
        if (MODE >= 1) asm volatile("lop3.b32 %0, %0, %1, %2, 0xf8;" : "+r"(y[k]) : "r"(a), "r"(b));
      }
    }
  }
  stamp(cyc, 1);
  unsigned r = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k) r ^= (unsigned)p[k] ^ (unsigned)(p[k] >> 32) ^ y[k] ^ q[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

// bijection on [0, 2^n), as in the ground truth's bench.cu
__host__ __device__ __forceinline__ unsigned hperm(unsigned x, unsigned n) {
  unsigned m = (n >= 32) ? 0xffffffffu : ((1u << n) - 1u);
  x = (x * 0x9E3779B1u) & m;
  x ^= x >> ((n + 1) / 2);
  x = (x * 0x85EBCA6Bu) & m;
  x ^= x >> ((n + 2) / 3);
  x = (x * 0xC2B2AE35u) & m;
  return x;
}

// the ground truth's ld_chain<K, F> (bench.cu), with __ldca in place of __ldcg when CA
template <int K, int F, bool CA>
__global__ void __launch_bounds__(1024, 2) ld_chain(const unsigned* __restrict__ buf, unsigned* __restrict__ out,
                                                    long long* cyc, int iters, unsigned nbits, unsigned stride,
                                                    float c, unsigned zmask) {
  const unsigned lane = threadIdx.x & 31;
  const unsigned gw = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  const unsigned pmask = (1u << nbits) - 1u;
  unsigned idx[K];
  float acc[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    unsigned pos = ((gw * K + k) * stride) & pmask;
    idx[k] = (hperm(pos, nbits) << 5) | lane;
    acc[k] = 1.0f;
  }
  stamp(cyc, 0);
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
    unsigned v[K];
#pragma unroll
    for (int k = 0; k < K; ++k) v[k] = CA ? __ldca(buf + idx[k]) : __ldcg(buf + idx[k]);
#pragma unroll
    for (int f = 0; f < F; ++f) {
#pragma unroll
      for (int k = 0; k < K; ++k) acc[k] = fmaf(acc[k], __uint_as_float(v[k]), c);
    }
#pragma unroll
    for (int k = 0; k < K; ++k) idx[k] = (F > 0) ? (v[k] | (__float_as_uint(acc[k]) & zmask)) : v[k];
  }
  stamp(cyc, 1);
  unsigned x = 0;
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < K; ++k) {
    x ^= idx[k];
    s += acc[k];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = x ^ __float_as_uint(s);
}

__global__ void init_chain(unsigned* buf, unsigned nbits) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  size_t n = (size_t)1 << nbits;
  if (i >= n * 32) return;
  unsigned p = (unsigned)(i >> 5), lane = (unsigned)(i & 31);
  unsigned line = hperm(p, nbits), next = hperm((unsigned)((p + 1) & (n - 1)), nbits);
  buf[((size_t)line << 5) | lane] = (next << 5) | lane;
}

__global__ void l2_touch(const uint4* __restrict__ p, size_t n, unsigned* sink) {
  unsigned acc = 0;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    uint4 v = __ldcg(p + i);
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x12345678u) *sink = acc;
}

struct Kern {
  const char* name;
  const void* fn;
  int inst_loop;  // instructions per trip, from the SASS (checked in pipe_probe.sh's dump)
  int kind;       // 0 ffma, 1 mix, 2 ld
};

static const Kern KERNS[] = {
    {"ffma_ur", (const void*)ffma_probe<0>, 131, 0},
    {"ffma_rr", (const void*)ffma_probe<1>, 131, 0},
    {"ffma_rr_dn", (const void*)ffma_probe<2>, 131, 0},
    {"mix_wide", (const void*)mix_probe<true>, 0, 1},
    {"mix_narrow", (const void*)mix_probe<false>, 0, 1},
    {"ld_l2_8", (const void*)ld_chain<8, 16, false>, 156, 2},
    {"ld_l2_4", (const void*)ld_chain<4, 16, false>, 79, 2},
    {"ld_l1_8", (const void*)ld_chain<8, 16, true>, 156, 2},
    {"wide_only", (const void*)wide_probe<0>, 0, 3},
    {"wide_lop3", (const void*)wide_probe<1>, 0, 3},
    {"imad_lop3", (const void*)wide_probe<2>, 0, 3},
};

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: pipe_probe <kernels|all> <W list>\n");
    return 2;
  }
  std::vector<const Kern*> ks;
  std::string list = argv[1];
  for (const Kern& k : KERNS)
    if (list == "all" || ("," + list + ",").find(std::string(",") + k.name + ",") != std::string::npos) ks.push_back(&k);
  std::vector<int> Ws;
  for (char* t = strtok(argv[2], ","); t; t = strtok(nullptr, ",")) Ws.push_back(atoi(t));
  int nsm;
  CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  for (const Kern& k : KERNS) CK(cudaFuncSetAttribute(k.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, 120 * 1024));

  unsigned *l2buf, *l1buf, *out, *sink;
  long long* cyc;
  CK(cudaMalloc(&l2buf, ((size_t)1 << L2_BITS) * 128));
  CK(cudaMalloc(&l1buf, ((size_t)1 << L1_BITS) * 128));
  CK(cudaMalloc(&out, (size_t)nsm * 2048 * 4));
  CK(cudaMalloc(&sink, 4));
  CK(cudaMalloc(&cyc, (size_t)nsm * 64 * 2 * sizeof(long long)));
  init_chain<<<((1 << L2_BITS) * 32 + 255) / 256, 256>>>(l2buf, L2_BITS);
  init_chain<<<((1 << L1_BITS) * 32 + 255) / 256, 256>>>(l1buf, L1_BITS);
  CK(cudaDeviceSynchronize());

  printf("kernel,W,blocks,threads,cycles_median,cycles_max,inst_loop,trips,issue_per_smsp_est\n");
  bool first = true;
  for (const Kern* k : ks)
    for (int W : Ws) {
      int threads = W <= 32 ? 32 * W : 1024, bps = W <= 32 ? 1 : 2, dyn = W <= 32 ? 120 * 1024 : 80 * 1024;
      int blocks = nsm * bps;
      for (int rep = first ? 2 : 1; rep > 0; --rep) {  // first configuration: one unprofiled warm-up launch
        if (k->kind == 2 && strstr(k->name, "l2"))
          l2_touch<<<nsm * 4, 512>>>((const uint4*)l2buf, ((size_t)1 << L2_BITS) * 8, sink);
        unsigned nbits = strstr(k->name, "l1") ? L1_BITS : L2_BITS;
        const unsigned* b = strstr(k->name, "l1") ? l1buf : l2buf;
        int K = strstr(k->name, "_4") ? 4 : 8;
        unsigned chains = (unsigned)blocks * (threads / 32) * K;
        unsigned stride = std::max(1u, (1u << nbits) / chains);
        if (k->kind == 0)
          ((void (*)(float*, long long*, int, float, float))k->fn)<<<blocks, threads, dyn>>>((float*)out, cyc, TRIPS,
                                                                                             0.9999f, 0.0001f);
        else if (k->kind == 1)
          ((void (*)(const unsigned*, unsigned*, long long*, int, float, unsigned))k->fn)<<<blocks, threads, dyn>>>(
              l2buf, out, cyc, TRIPS, 0.5f, 0u);
        else if (k->kind == 3)
          ((void (*)(unsigned*, long long*, int, unsigned, unsigned, unsigned))k->fn)<<<blocks, threads, dyn>>>(
              out, cyc, TRIPS / 4, 0x9E3779B1u, 0xff00ff00u, 0x1u);
        else
          ((void (*)(const unsigned*, unsigned*, long long*, int, unsigned, unsigned, float, unsigned))k->fn)<<<
              blocks, threads, dyn>>>(b, out, cyc, LD_ITERS, nbits, stride, 0.5f, 0u);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
      }
      first = false;
      int nw = blocks * threads / 32;
      std::vector<long long> h(2 * nw), d(nw);
      CK(cudaMemcpy(h.data(), cyc, h.size() * sizeof(long long), cudaMemcpyDeviceToHost));
      for (int i = 0; i < nw; ++i) d[i] = h[2 * i + 1] - h[2 * i];
      std::sort(d.begin(), d.end());
      int trips = k->kind == 2 ? LD_ITERS : k->kind == 3 ? TRIPS / 4 : TRIPS;
      double warps_per_smsp = W / 4.0 < 1 ? 1 : W / 4.0;
      double est = k->inst_loop ? (double)k->inst_loop * trips * warps_per_smsp / d[nw - 1] : 0;
      printf("%s,%d,%d,%d,%lld,%lld,%d,%d,%.3f\n", k->name, W, blocks, threads, d[nw / 2], d[nw - 1], k->inst_loop,
             trips, est);
      fflush(stdout);
    }
  return 0;
}
