// Held-out check: three kernels of robustness/complex.cu that no model parameter was fitted to
// (block_scan, stencil2d, gemm_tc), launched with k blocks per SM on every SM and profiled
// like the fixtures (capture.sh beside this file). Prints one MANIFEST line per launch:
// index, kernel, warps per SM, threads per block, grid blocks, dynamic shared memory, 0,
// blocks per SM allowed by the occupancy API, k.
#define HELDOUT
#include "../robustness/complex.cu"
#include <cstdio>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

int main() {
  int nsm; CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  int *in, *out; float *fin, *fout; half *A, *B; float* C;
  const int K = 512, N = 64 * nsm;
  CK(cudaMalloc(&in, nsm * 8 * 256 * 4)); CK(cudaMalloc(&out, nsm * 8 * 256 * 4));
  CK(cudaMalloc(&fin, (size_t)16 * nsm * 16 * 8 * 4)); CK(cudaMalloc(&fout, (size_t)16 * nsm * 16 * 8 * 4));
  CK(cudaMalloc(&A, (size_t)64 * 8 * K * 2)); CK(cudaMalloc(&B, (size_t)K * N * 2)); CK(cudaMalloc(&C, (size_t)64 * 8 * N * 4));
  CK(cudaMemset(in, 0, nsm * 8 * 256 * 4)); CK(cudaMemset(fin, 0, (size_t)16 * nsm * 16 * 8 * 4));
  CK(cudaMemset(A, 0, (size_t)64 * 8 * K * 2)); CK(cudaMemset(B, 0, (size_t)K * N * 2));
  int i = 0, per;
  for (int k : {1, 2, 4}) {
    block_scan<<<nsm * k, 256>>>(in, out);
    CK(cudaDeviceSynchronize());
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, block_scan, 256, 0));
    printf("MANIFEST,%d,block_scan,%d,256,%d,0,0,%d,%d\n", i++, 8 * k, nsm * k, per, k);
  }
  for (int k : {1, 2, 4}) {
    stencil2d<<<dim3(nsm, k), dim3(16, 16)>>>(fin, fout, 16 * nsm, 16 * k);
    CK(cudaDeviceSynchronize());
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, stencil2d, 256, 0));
    printf("MANIFEST,%d,stencil2d,%d,256,%d,0,0,%d,%d\n", i++, 8 * k, nsm * k, per, k);
  }
  for (int k : {1, 2, 4, 8}) {
    gemm_tc<<<dim3(nsm, k), 128>>>(A, B, C, 64 * k, N, K);
    CK(cudaDeviceSynchronize());
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, gemm_tc, 128, 0));
    printf("MANIFEST,%d,gemm_tc,%d,128,%d,0,0,%d,%d\n", i++, 4 * k, nsm * k, per, k);
  }
  return 0;
}
