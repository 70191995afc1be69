// Register-bank probe (issue 30, item 4): how many cycles an FFMA takes by the registers it reads.
//
// The kernel `probe` runs 128 independent FFMAs per trip into 8 accumulators. regbank_patch.mjs
// rewrites the cubin: every unguarded register-register FFMA of the kernel keeps its destination
// but reads the source registers a variant names (values do not matter: fixed-latency results are
// not checked by the hardware, only timed), with the variant's reuse flags and stall count in the
// control code. This host program loads each patched cubin with the driver API, launches one block
// of 32 * W threads per SM (W warps per sub-partition after division by 4) and prints the cycles
// per FFMA that warp 0 measured with clock64 around the loop.
//   nvcc -O3 -arch=sm_90 -cubin -o probe.cubin regbank_probe.cu            (the kernel)
//   nvcc -O3 -arch=sm_90 -DHOST -o host regbank_probe.cu -lcuda            (the loader)
//   ./host variant.cubin warps_per_block iters
#ifndef HOST
extern "C" __global__ void probe(float* out, long long* clk, int iters, float s) {
  float a[8], c[8];
#pragma unroll
  for (int j = 0; j < 8; j++) { a[j] = s * (threadIdx.x + j); c[j] = s + j; }
  long long t0 = clock64();
  for (int i = 0; i < iters; i++) {
#pragma unroll
    for (int j = 0; j < 128; j++) a[j % 8] = fmaf(a[j % 8], c[(j / 8) % 8], a[(j + 3) % 8]);
  }
  long long t1 = clock64();
  float sum = 0;
#pragma unroll
  for (int j = 0; j < 8; j++) sum += a[j];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
  if (threadIdx.x % 32 == 0) clk[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = t1 - t0;
}
#else
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#define CK(x) do { CUresult r = (x); if (r != CUDA_SUCCESS) { const char* s; cuGetErrorString(r, &s); fprintf(stderr, "%s: %s\n", #x, s); exit(1); } } while (0)
int main(int argc, char** argv) {
  if (argc < 4) { fprintf(stderr, "usage: host variant.cubin threads_per_block iters\n"); return 2; }
  int threads = atoi(argv[2]), iters = atoi(argv[3]);
  CK(cuInit(0)); CUdevice d; CK(cuDeviceGet(&d, 0)); CUcontext ctx; CK(cuDevicePrimaryCtxRetain(&ctx, d)); CK(cuCtxSetCurrent(ctx));
  CUmodule m; CK(cuModuleLoad(&m, argv[1])); CUfunction f; CK(cuModuleGetFunction(&f, m, "probe"));
  int sms; CK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, d));
  int warps = threads / 32;
  CUdeviceptr out, clk; CK(cuMemAlloc(&out, (size_t)sms * threads * 4)); CK(cuMemAlloc(&clk, (size_t)sms * warps * 8));
  float s = 1.0f;
  void* args[] = { &out, &clk, &iters, &s };
  for (int rep = 0; rep < 2; rep++) {  // the first launch warms the instruction caches
    CK(cuLaunchKernel(f, sms, 1, 1, threads, 1, 1, 0, 0, args, 0));
    CK(cuCtxSynchronize());
  }
  std::vector<long long> h(sms * warps); CK(cuMemcpyDtoH(h.data(), clk, h.size() * 8));
  double mean = 0; for (long long v : h) mean += v; mean /= h.size();
  // Per sub-partition: warps / 4 of them share it; 128 FFMAs a trip.
  printf("%.4f\n", mean / iters / 128.0);
  return 0;
}
#endif
