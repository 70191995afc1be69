// Same-word atomic probe: how fast does the L2 perform atomic adds that all land on the same
// few words? Every thread of a full GPU (132 x 4 blocks of 256 threads) adds into word
// (its global index mod `words`) `k` times, with the result unused (RED), for 32-bit integer
// and float adds, then (appended later) half2 and double adds. One word: every add of the GPU serialized on one word; 32 words: one line,
// each lane of a warp its own word. Profiled with ncu (sm__cycles_active.avg, the L2's atomic
// counters) as the validation captures are, one launch per (type, words).
//   same_word_atomic_probe        (prints one MANIFEST line per launch: index,type,words,k,adds)
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

template <typename T>
__global__ void same_word(T* out, int words, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  T* w = out + i % words;
  for (int j = 0; j < k; ++j) atomicAdd(w, (T)1);
}

__global__ void same_word_half2(__half2* out, int words, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half2* w = out + i % words;
  for (int j = 0; j < k; ++j) atomicAdd(w, __floats2half2_rn(1.f, 1.f));
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  void* buf;
  CK(cudaMalloc(&buf, 1 << 20));
  const int blocks = 4 * sms, threads = 256, k = 4;
  int launch = 0;
  for (int words : {1, 8, 32, 1024, 65536}) {
    CK(cudaMemset(buf, 0, 1 << 20));
    same_word<int><<<blocks, threads>>>((int*)buf, words, k);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,int,%d,%d,%lld\n", launch++, words, k, (long long)blocks * threads * k);
    CK(cudaMemset(buf, 0, 1 << 20));
    same_word<float><<<blocks, threads>>>((float*)buf, words, k);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,float,%d,%d,%lld\n", launch++, words, k, (long long)blocks * threads * k);
  }
  // Appended: __half2 and double adds, the same words (kept after the first ten launches, whose
  // order the committed data follows).
  for (int words : {1, 8, 32, 1024, 65536}) {
    CK(cudaMemset(buf, 0, 1 << 20));
    same_word_half2<<<blocks, threads>>>((__half2*)buf, words, k);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,half2,%d,%d,%lld\n", launch++, words, k, (long long)blocks * threads * k);
    CK(cudaMemset(buf, 0, 1 << 20));
    same_word<double><<<blocks, threads>>>((double*)buf, words, k);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,double,%d,%d,%lld\n", launch++, words, k, (long long)blocks * threads * k);
  }
  return 0;
}
