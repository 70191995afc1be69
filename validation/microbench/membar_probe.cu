// What a memory fence costs a warp on the H100 (__threadfence() is MEMBAR.SC.GPU on sm_90),
// alone and behind the warp's own stores and atomics, at one warp and with every SM busy:
// clock64 around a loop of `iters` steps, cycles per step. Run by membar_probe.sh.
//
// MODE 0: a store per step, no fence (the baseline)
//      1: a fence per step, nothing stored
//      2: a store, then __threadfence()
//      3: a store, then __threadfence_block()
//      4: a store, then __threadfence_system()
//      5: an atomicAdd whose result is unused (RED), then __threadfence()
#include <cstdio>
#include <cstdlib>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

template <int MODE>
__global__ void fence_loop(int* buf, int iters, long long* cycles) {
  int lane = threadIdx.x & 31;
  int* mine = buf + (blockIdx.x * blockDim.x + (threadIdx.x & ~31)) * 8;
  long long t0 = clock64();
  for (int i = 0; i < iters; ++i) {
    if (MODE == 5) atomicAdd(&mine[lane + (i & 7) * 32], 1);
    else if (MODE != 1) mine[lane + (i & 7) * 32] = i;
    if (MODE == 1 || MODE == 2 || MODE == 5) __threadfence();
    if (MODE == 3) __threadfence_block();
    if (MODE == 4) __threadfence_system();
  }
  long long t1 = clock64();
  if (lane == 0) cycles[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = t1 - t0;
}

template <int MODE>
static void run(int* buf, long long* cycles, int blocks, int threads, int iters) {
  fence_loop<MODE><<<blocks, threads>>>(buf, iters, cycles);
  CK(cudaDeviceSynchronize());
  int warps = blocks * threads / 32;
  long long* h = (long long*)malloc(warps * sizeof(long long));
  CK(cudaMemcpy(h, cycles, warps * sizeof(long long), cudaMemcpyDeviceToHost));
  double sum = 0;
  long long lo = h[0], hi = h[0];
  for (int w = 0; w < warps; ++w) { sum += h[w]; lo = h[w] < lo ? h[w] : lo; hi = h[w] > hi ? h[w] : hi; }
  printf("PROBE,mode=%d,blocks=%d,threads=%d,iters=%d,cycles_per_step_mean=%.1f,min=%.1f,max=%.1f\n", MODE, blocks, threads, iters,
         sum / warps / iters, (double)lo / iters, (double)hi / iters);
  free(h);
}

int main() {
  int nsm; CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  int* buf; long long* cycles;
  CK(cudaMalloc(&buf, 64 << 20)); CK(cudaMalloc(&cycles, 1 << 20));
  CK(cudaMemset(buf, 0, 64 << 20));
  const int iters = 2000;
  // One warp on one SM; then 4 warps on every SM (one per sub-partition); then 32 per SM.
  const int shapes[3][2] = {{1, 32}, {nsm, 128}, {nsm, 1024}};
  for (auto& s : shapes) {
    run<0>(buf, cycles, s[0], s[1], iters);
    run<1>(buf, cycles, s[0], s[1], iters);
    run<2>(buf, cycles, s[0], s[1], iters);
    run<3>(buf, cycles, s[0], s[1], iters);
    run<4>(buf, cycles, s[0], s[1], iters);
    run<5>(buf, cycles, s[0], s[1], iters);
  }
  return 0;
}
