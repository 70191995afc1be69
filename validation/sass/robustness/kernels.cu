// Reader robustness (not timed): kernels whose SASS has what ordinary code brings along:
// division and square-root slow paths (CALL/RET), printf, a switch (a jump table), a CAS loop,
// cooperative-groups reductions (REDUX, VOTE, MATCH), half precision, cp.async, doubles,
// integer division, clusters and TMA-free sm_90 shared-memory forms.
// Compiled for sm_75 .. sm_120 by capture.sh beside it.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

extern "C" __global__ void divide(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] / b[i] + sqrtf(a[i]) + rsqrtf(b[i]) + expf(a[i]) + logf(b[i]);
}
extern "C" __global__ void ddivide(const double* a, const double* b, double* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] / b[i] + sqrt(a[i]) + exp(b[i]);
}
extern "C" __global__ void idivide(const int* a, const int* b, int* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] / b[i] + a[i] % 7 + (unsigned)a[i] / 13u;
}
extern "C" __global__ void print(int n) {
  if (threadIdx.x == 0) printf("block %d of %d\n", blockIdx.x, n);
}
extern "C" __global__ void jump_table(const int* op, float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  switch (op[i]) {
    case 0: v += 1.f; break;
    case 1: v *= 2.f; break;
    case 2: v = sinf(v); break;
    case 3: v = -v; break;
    case 4: v = v * v; break;
    case 5: v = fabsf(v); break;
    case 6: v = floorf(v); break;
    default: v = 0.f;
  }
  x[i] = v;
}
extern "C" __global__ void cas_loop(float* sum, const float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned* p = (unsigned*)sum;
    unsigned old = *p, assumed;
    do {
      assumed = old;
      old = atomicCAS(p, assumed, __float_as_uint(__uint_as_float(assumed) + x[i]));
    } while (assumed != old);
  }
}
extern "C" __global__ void groups(const int* x, int* out, int n) {
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? x[i] : 0;
  int s = cg::reduce(warp, v, cg::plus<int>());
  unsigned ballot = __ballot_sync(0xffffffffu, v > 0);
  unsigned match = __match_any_sync(0xffffffffu, v & 7);
  if (warp.thread_rank() == 0) atomicAdd(out, s + __popc(ballot) + __popc(match));
}
extern "C" __global__ void halves(const __half2* a, const __half2* b, __half2* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = __hfma2(a[i], b[i], __hmul2(a[i], a[i]));
}
extern "C" __global__ void async_copy(const float* x, float* out, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __pipeline_memcpy_async(&tile[threadIdx.x], &x[i], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
  }
  __syncthreads();
  if (i < n) out[i] = tile[(threadIdx.x + 1) % blockDim.x];
}
extern "C" __global__ void nested(const float* x, float* out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float acc = 0.f;
  for (int j = 0; j < cols; ++j)
    for (int k = 0; k < 4; ++k) acc += x[(r * cols + j) * 4 + k] * (k + 1);
  out[r] = acc;
}
int main() { return 0; }
