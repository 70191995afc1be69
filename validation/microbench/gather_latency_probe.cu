// How long one scattered load takes, alone: one warp per SM chases its own loads (each trip's
// addresses depend on the word the trip before read), its 32 lanes spread over 1 to 32 lines
// (lane k reads word k of its group's line: one word a data bank), or 32 lines at one offset
// (every word in one data bank), from a table of 32 KiB (the warp reads it all first, so the L1
// holds it) or 4 MiB (the L2 holds it: a warm-up kernel reads it first; ncu runs with
// --cache-control none).
// SM cycles per trip = ncu's sm__cycles_active.avg / trips.
//   gather_latency_probe    (prints one MANIFEST line per chase launch: index,table_bytes,lines,offset,trips)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

extern "C" __global__ void warm(const float* __restrict__ table, float* __restrict__ out, size_t words) {
  float acc = 0.f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x) acc += table[i];
  if (acc == 1.f) out[0] = acc;
}

// lanesPerLine: 32 / lines; sameOffset: every lane reads word 0 of its line.
extern "C" __global__ void chase(const float* __restrict__ table, float* __restrict__ out, int trips, unsigned lineMask,
                                 unsigned lanesPerLine, unsigned sameOffset, unsigned warmWords) {
  unsigned lane = threadIdx.x & 31, group = lane / lanesPerLine;
  float acc = 0.f;
  for (unsigned i = lane; i < warmWords; i += 32) acc += table[i];  // into the L1 before the chase
  unsigned word = sameOffset ? 0u : lane;
  unsigned h = blockIdx.x * 0x9E3779B1u + 12345u;
  for (int t = 0; t < trips; ++t) {
    h ^= h << 13; h ^= h >> 17; h ^= h << 5;
    unsigned line = (h + group * 0x9E3779B1u) & lineMask;
    float v = table[(size_t)line * 32 + word];
    acc += v;
    h += __float_as_uint(v);  // the next trip's lines wait for this one's word (the table holds zeros)
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  float *table, *out;
  const size_t big = (size_t)16 << 20, l2table = (size_t)4 << 20;
  CK(cudaMalloc(&table, big));
  CK(cudaMalloc(&out, (size_t)sms * 1024 * 4));
  CK(cudaMemset(table, 0, big));
  const int trips = 1024;
  const size_t sizes[] = {32 << 10, l2table};
  const unsigned lines[] = {1, 2, 4, 8, 16, 32};
  int launch = 0;
  for (size_t bytes : sizes) {
    auto run = [&](unsigned l, unsigned same) -> int {
      warm<<<sms * 4, 256>>>(table, out, l2table / 4);
      chase<<<sms, 32>>>(table, out, trips, (unsigned)(bytes / 128) - 1, 32 / l, same, bytes <= (64u << 10) ? (unsigned)(bytes / 4) : 0u);
      CK(cudaDeviceSynchronize());
      printf("MANIFEST,%d,%zu,%u,%s,%d\n", launch++, bytes, l, same ? "one" : "spread", trips);
      return 0;
    };
    for (unsigned l : lines) if (run(l, 0)) return 1;
    for (unsigned l : {8u, 16u, 32u}) if (run(l, 1)) return 1;
  }
  return 0;
}
