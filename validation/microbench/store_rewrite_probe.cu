// Store rewrite probe: how fast do the SMs' stores reach the L2 when they rewrite lines the L2
// already holds (a thread's local array, a call's stack frame, a small output rewritten), against
// streams of new lines? warpsim's store rate (sm_90 l2WriteBytesPerCycle, 9.4 bytes per SM cycle)
// was read off copies and transposes; the corpus's local_hist wrote its local array through to
// the L2 at 18.4. Every SM runs `blocks` blocks of 256 threads:
//   global_stream  each thread stores a float4 per round to a new row (its block's rows in turn);
//   global_rewrite the same stores into the block's 4 rows (16 KiB), over and over;
//   local_store    a 64-float local array indexed at run time: one STL (a line per warp) per round;
//   local_update   the same array: a[i] += 1, LDL + FADD + STL per round.
// One MANIFEST line per launch (index,kernel,blocks_per_sm,rounds,bytes_stored_per_block).
//   store_rewrite_probe
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

extern "C" __global__ void global_stream(float4* __restrict__ out, int rounds) {
  float4* mine = out + (size_t)blockIdx.x * rounds * blockDim.x;
  float4 v = make_float4(threadIdx.x, 1.f, 2.f, 3.f);
  for (int r = 0; r < rounds; r++) {
    v.y += 1.f;
    mine[(size_t)r * blockDim.x + threadIdx.x] = v;
  }
}

extern "C" __global__ void global_rewrite(float4* __restrict__ out, int rounds) {
  float4* mine = out + (size_t)blockIdx.x * 4 * blockDim.x;
  float4 v = make_float4(threadIdx.x, 1.f, 2.f, 3.f);
  for (int r = 0; r < rounds; r++) {
    v.y += 1.f;
    mine[(size_t)(r & 3) * blockDim.x + threadIdx.x] = v;
  }
}

extern "C" __global__ void local_store(float* __restrict__ out, int rounds, int step) {
  float a[64];
#pragma unroll
  for (int j = 0; j < 64; j++) a[j] = (float)j;
  for (int r = 0; r < rounds; r++) a[(r * step) & 63] = (float)r;
  float s = 0.f;
#pragma unroll
  for (int j = 0; j < 64; j++) s += a[j];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

extern "C" __global__ void local_update(float* __restrict__ out, int rounds, int step) {
  float a[64];
#pragma unroll
  for (int j = 0; j < 64; j++) a[j] = (float)j;
  for (int r = 0; r < rounds; r++) a[(r * step) & 63] += 1.f;
  float s = 0.f;
#pragma unroll
  for (int j = 0; j < 64; j++) s += a[j];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

int main() {
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int threads = 256;
  float4* buf;
  CK(cudaMalloc(&buf, (size_t)256 << 20));
  int n = 0;
  for (int b : {1, 4, 8}) {
    const int grid = sms * b;
    // Streams of new rows: 16 MiB in all (the L2 keeps it) and 128 MiB (it cannot).
    for (int mib : {16, 128}) {
      const int rounds = (int)(((size_t)mib << 20) / ((size_t)grid * threads * 16));
      global_stream<<<grid, threads>>>(buf, rounds);
      printf("MANIFEST,%d,global_stream,%d,%d,%d\n", n++, b, rounds, rounds * threads * 16);
    }
    global_rewrite<<<grid, threads>>>(buf, 1024);
    printf("MANIFEST,%d,global_rewrite,%d,%d,%d\n", n++, b, 1024, 1024 * threads * 16);
    local_store<<<grid, threads>>>((float*)buf, 1024, 5);
    printf("MANIFEST,%d,local_store,%d,%d,%d\n", n++, b, 1024, 1024 * threads * 4);
    local_update<<<grid, threads>>>((float*)buf, 1024, 5);
    printf("MANIFEST,%d,local_update,%d,%d,%d\n", n++, b, 1024, 1024 * threads * 4);
  }
  CK(cudaDeviceSynchronize());
  return 0;
}
