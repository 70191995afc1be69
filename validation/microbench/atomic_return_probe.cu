// Do integer atomics into one word cost the L2 more when they return their value (ATOMG) than
// when they do not (RED)? The corpus's `compact` (one lane a warp adds into one counter and uses
// the old value) takes the H100 1.18 cycles per atomic over the GPU, where the atomic-lines probe
// (REDs hashed into one sector) measured about one round a cycle. Here every warp of a full GPU
// (132 x 8 blocks of 256 threads) does ITERS atomicAdds of 1, from lane 0 only or from all 32
// lanes, into one word, into 8 words of a sector (warp w on word w % 8) or into 256 words a line
// apart, with the old value used (summed and stored: ATOMG) or not (RED).
//   atomic_return_probe   (prints one MANIFEST line per launch: index,op,lanes,words)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int ITERS = 16;

template <bool RETURN>
__global__ void atomics(unsigned* __restrict__ counters, unsigned* __restrict__ out, unsigned lanes, unsigned words, unsigned stride) {
  unsigned lane = threadIdx.x & 31;
  unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  unsigned* word = counters + (size_t)(warp % words) * stride;
  unsigned s = 0;
  if (lane < lanes) {
#pragma unroll
    for (int k = 0; k < ITERS; ++k) {
      if (RETURN) s += atomicAdd(word, 1u);
      else atomicAdd(word, 1u);
    }
  }
  if (RETURN) out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  unsigned *counters, *out;
  CK(cudaMalloc(&counters, 1 << 20));
  CK(cudaMalloc(&out, (size_t)sms * 8 * 256 * 4));
  CK(cudaMemset(counters, 0, 1 << 20));
  int launch = 0;
  const unsigned cases[][3] = {{1, 1, 1}, {32, 1, 1}, {1, 8, 1}, {32, 8, 1}, {1, 256, 32}};
  for (int ret = 1; ret >= 0; --ret)
    for (auto& c : cases) {
      if (ret) atomics<true><<<sms * 8, 256>>>(counters, out, c[0], c[1], c[2]);
      else atomics<false><<<sms * 8, 256>>>(counters, out, c[0], c[1], c[2]);
      CK(cudaDeviceSynchronize());
      printf("MANIFEST,%d,%s,%u,%u,%u\n", launch++, ret ? "atom" : "red", c[0], c[1], c[2]);
    }
  return 0;
}
