// What a scattered global access costs the L1: the lines it touches, or the words that fall in one
// of the L1's 32 data banks? l1_gather_probe and l1_stride_probe cannot tell: in both, the lanes'
// words sit at one offset of their lines, so a request's lines and its worst bank's words are the
// same number. Here they vary apart: each lane reads (or writes) word
//   (line of its group) * 32 + (lane * wordMul + random) & wordMask
// of a table, where a group of 2^groupShift lanes shares a pseudo-random line (groupShift 5 with
// wordMask all ones is an array of structures: lane k at k * wordMul words past the warp's line).
// ACCESSES independent accesses a trip, lines 97 apart; one block of 1,024 threads per SM
// (8 warps per sub-partition), 64 trips; tables of 32 KiB (L1 hits) or 16 MiB (the L2).
//   l1_bank_probe    (prints one MANIFEST line per launch: index,op,table_bytes,groupShift,wordMul,wordMask,random,iters)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int ACCESSES = 8;

__device__ __forceinline__ unsigned wordOf(unsigned lane, unsigned h, unsigned wordMul, unsigned wordMask, unsigned random) {
  return (lane * wordMul + (random ? h >> 24 : 0u)) & wordMask;
}

extern "C" __global__ void bank_gather(const float* __restrict__ table, float* __restrict__ out, int iters, unsigned lineMask,
                                       unsigned groupShift, unsigned wordMul, unsigned wordMask, unsigned random) {
  unsigned lane = threadIdx.x & 31, group = lane >> groupShift;
  unsigned h = (blockIdx.x * 1024u + threadIdx.x / 32 * 32 + group) * 0x9E3779B1u + 12345u;
  float acc = 0.f;
  for (int it = 0; it < iters; ++it) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
    unsigned word = wordOf(lane, h, wordMul, wordMask, random);
#pragma unroll
    for (int k = 0; k < ACCESSES; ++k) acc += table[(size_t)((h + 97u * k) & lineMask) * 32 + word];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

extern "C" __global__ void bank_scatter(float* __restrict__ table, int iters, unsigned lineMask,
                                        unsigned groupShift, unsigned wordMul, unsigned wordMask, unsigned random) {
  unsigned lane = threadIdx.x & 31, group = lane >> groupShift;
  unsigned h = (blockIdx.x * 1024u + threadIdx.x / 32 * 32 + group) * 0x9E3779B1u + 12345u;
  for (int it = 0; it < iters; ++it) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
    unsigned word = wordOf(lane, h, wordMul, wordMask, random);
#pragma unroll
    for (int k = 0; k < ACCESSES; ++k) table[(size_t)((h + 97u * k) & lineMask) * 32 + word] = (float)it;
  }
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  float *table, *out;
  const size_t big = (size_t)16 << 20, pad = 64 << 10;  // an array of structures reaches past its line
  CK(cudaMalloc(&table, big + pad));
  CK(cudaMalloc(&out, (size_t)sms * 1024 * 4));
  CK(cudaMemset(table, 0, big + pad));
  const int iters = 64;
  // groupShift, wordMul, wordMask, random: the lines a request touches / its busiest bank's words.
  const unsigned shapes[][4] = {
      {0, 0, 31, 0},           // 32 lines, every lane word 0: 32 / 32 (the gather probe's)
      {0, 1, 31, 0},           // 32 lines, lane k word k: 32 / 1
      {0, 1, 15, 0},           // 32 / 2
      {0, 1, 7, 0},            // 32 / 4
      {0, 1, 3, 0},            // 32 / 8
      {0, 0, 31, 1},           // 32 lines, a random word each (cubic_interp's neighbours)
      {2, 1, 31, 0},           // 8 lines of 4 lanes, lane k word k: 8 / 1
      {2, 0, 31, 0},           // 8 lines, 4 lanes on one word: 8 / 8
      {5, 3, 0xffffffffu, 0},  // structures of 12 bytes: 3 lines / 1
      {5, 9, 0xffffffffu, 0},  // 36 bytes: 9 lines / 1
      {5, 12, 0xffffffffu, 0}, // 48 bytes (mat3_vec): 12 lines / 4
      {5, 16, 0xffffffffu, 0}, // 64 bytes (inv4x4): 16 lines / 16
  };
  const size_t sizes[] = {32 << 10, big};
  int launch = 0;
  for (int op = 0; op < 2; ++op)
    for (size_t bytes : sizes)
      for (auto& s : shapes) {
        unsigned lineMask = (unsigned)(bytes / 128) - 1;
        if (op == 0) bank_gather<<<sms, 1024>>>(table, out, iters, lineMask, s[0], s[1], s[2], s[3]);
        else bank_scatter<<<sms, 1024>>>(table, iters, lineMask, s[0], s[1], s[2], s[3]);
        CK(cudaDeviceSynchronize());
        printf("MANIFEST,%d,%s,%zu,%u,%u,%u,%u,%d\n", launch++, op == 0 ? "load" : "store", bytes, s[0], s[1], s[2], s[3], iters);
      }
  return 0;
}
