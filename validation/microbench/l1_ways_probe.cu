// Is the L1 fully associative, or do lines that share address bits compete for a few ways? The
// mixed gather probe's random tables cannot tell (every policy and geometry looks alike to
// random addresses); rows read at power-of-two strides can (rmsnorm_f4 rereads eight 16 KiB rows
// and a 16 KiB weight vector: 144 KiB, well inside the L1, yet half its second reads miss). One
// warp per SM reads N lines STRIDE bytes apart (every lane the same word: a sector a request; every SM the same lines, each in its own L1),
// all N in turn, REPEATS times; ncu counts the L1's sector hits. Fully associative LRU: every
// repeat after the first hits up to ~1,700 lines whatever the stride.
//   l1_ways_probe    (prints one MANIFEST line per launch: index,stride_bytes,lines,repeats)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

// `zero` is 0 at run time: the compiler cannot keep a repeat's loads in registers.
extern "C" __global__ void stride_lines(const float* __restrict__ table, float* __restrict__ out, unsigned strideWords, int lines, int repeats, int zero) {
  float acc = 0.f;
  for (int r = 0; r < repeats; ++r)
    for (int k = 0; k < lines; ++k) acc += table[(size_t)k * strideWords + (r & zero)];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const size_t bytes = (size_t)64 << 20;
  float *table, *out;
  CK(cudaMalloc(&table, bytes));
  CK(cudaMalloc(&out, (size_t)sms * 32 * 4));
  CK(cudaMemset(table, 0, bytes));
  const unsigned strides[] = {128, 1u << 10, 4u << 10, 8u << 10, 16u << 10, 32u << 10, 64u << 10};
  const int counts[] = {4, 8, 12, 16, 24, 32, 48, 64, 96, 128};
  const int repeats = 16;
  int launch = 0;
  for (unsigned s : strides)
    for (int n : counts) {
      if ((size_t)s * n > bytes) continue;
      stride_lines<<<sms, 32>>>(table, out, s / 4, n, repeats, 0);
      CK(cudaDeviceSynchronize());
      printf("MANIFEST,%d,%u,%d,%d\n", launch++, s, n, repeats);
    }
  return 0;
}
