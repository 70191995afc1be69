// L2 write-back probe: how much of what a kernel stores reaches DRAM while it runs? A kernel
// that only writes W MiB (float4 stores, every line once), one that reads W/2 and writes W/2
// elsewhere (a copy), and one that updates W MiB in place (read, then write the same line),
// for W from 8 to 128 MiB, under ncu with the caches flushed before each launch (the
// validation captures' setting): dram__bytes_write.sum against the bytes stored. The share
// written back while the kernel runs is what of the stored data the L2 could not keep dirty
// until the end (src/exec/executed-paths.ts: the write-back share).
//   l2_writeback_probe        (prints one MANIFEST line per launch: index,kind,MiB)
#include <cuda_runtime.h>
#include <cstdio>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void write_only(float4* __restrict__ y, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) y[i] = make_float4(1.f, 2.f, 3.f, (float)i);
}

__global__ void copy(const float4* __restrict__ x, float4* __restrict__ y, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) y[i] = x[i];
}

__global__ void update(float4* __restrict__ y, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 v = y[i];
    y[i] = make_float4(v.x + 1.f, v.y, v.z, v.w);
  }
}

int main() {
  const size_t MAX = (size_t)128 << 20;
  float4 *x, *y;
  CK(cudaMalloc(&x, MAX));
  CK(cudaMalloc(&y, MAX));
  CK(cudaMemset(x, 0, MAX));
  CK(cudaMemset(y, 0, MAX));
  int launch = 0;
  for (int mib : {8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 128}) {
    int n4 = (int)(((size_t)mib << 20) / 16);
    write_only<<<(n4 + 255) / 256, 256>>>(y, n4);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,write_only,%d\n", launch++, mib);
    copy<<<(n4 / 2 + 255) / 256, 256>>>(x, y, n4 / 2);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,copy,%d\n", launch++, mib);
    update<<<(n4 + 255) / 256, 256>>>(y, n4);
    CK(cudaDeviceSynchronize());
    printf("MANIFEST,%d,update,%d\n", launch++, mib);
  }
  return 0;
}
