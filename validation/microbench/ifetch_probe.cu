// Instruction fetch probe: what a cold instruction cache costs. Each kernel is straight-line
// code (no loop) of N independent FFMAs in 8 chains, so one warp issues about one per cycle and
// any extra time is fetch; the loop kernels repeat a body of B such FFMAs 8 times, so the
// first trip fetches cold and the later ones show whether the body stays cached (capacity:
// bodies of 2,048 to 4,096 FFMAs, 32 to 64 KiB of code).
// One block on one SM, 32 to 1024 threads; every warp records clock64 at its start and end.
// Each launch is made three times: the first finds the code cold, the later ones warm.
//   ifetch_probe <out.csv>
// Rows: kernel,n,trips,threads,launch,warp,start,end (start relative to the launch's earliest).
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

#define FMA8                                                                                   \
  asm volatile("fma.rn.f32 %0, %0, %8, %9;\n\tfma.rn.f32 %1, %1, %8, %9;\n\t"                   \
               "fma.rn.f32 %2, %2, %8, %9;\n\tfma.rn.f32 %3, %3, %8, %9;\n\t"                   \
               "fma.rn.f32 %4, %4, %8, %9;\n\tfma.rn.f32 %5, %5, %8, %9;\n\t"                   \
               "fma.rn.f32 %6, %6, %8, %9;\n\tfma.rn.f32 %7, %7, %8, %9;"                       \
               : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7) \
               : "f"(x), "f"(y));

template <int N, int TRIPS>
__global__ void body(float* out, long long* clocks, float x, float y) {
  long long t0 = clock64();
  float a0 = threadIdx.x, a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3, a4 = a0 + 4, a5 = a0 + 5,
        a6 = a0 + 6, a7 = a0 + 7;
#pragma unroll 1
  for (int t = 0; t < TRIPS; t++) {
#pragma unroll
    for (int i = 0; i < N / 8; i++) { FMA8 }
  }
  long long t1 = clock64();
  out[blockIdx.x * blockDim.x + threadIdx.x] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
  if ((threadIdx.x & 31) == 0) {
    clocks[(threadIdx.x >> 5) * 2] = t0;
    clocks[(threadIdx.x >> 5) * 2 + 1] = t1;
  }
}

typedef void (*Kernel)(float*, long long*, float, float);
struct Case { const char* name; int n, trips; Kernel k; };

int main(int argc, char** argv) {
  FILE* f = fopen(argc > 1 ? argv[1] : "cycles.csv", "w");
  if (!f) return 1;
  Case cases[] = {
      {"straight64", 64, 1, body<64, 1>},       {"straight256", 256, 1, body<256, 1>},
      {"straight1024", 1024, 1, body<1024, 1>}, {"straight4096", 4096, 1, body<4096, 1>},
      {"loop256", 256, 8, body<256, 8>},        {"loop1024", 1024, 8, body<1024, 8>},
      {"loop2048", 2048, 8, body<2048, 8>},     {"loop2304", 2304, 8, body<2304, 8>},
      {"loop2560", 2560, 8, body<2560, 8>},     {"loop3072", 3072, 8, body<3072, 8>},
      {"loop3584", 3584, 8, body<3584, 8>},     {"loop4096", 4096, 8, body<4096, 8>},
  };
  int threads[] = {32, 128, 256, 1024};
  float* out; long long* clocks;
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMalloc(&clocks, 64 * sizeof(long long));
  fprintf(f, "kernel,n,trips,threads,launch,warp,start,end\n");
  for (Case& c : cases)
    for (int t : threads)
      for (int launch = 0; launch < 3; launch++) {
        c.k<<<1, t>>>(out, clocks, 1.0001f, 0.5f);
        if (cudaDeviceSynchronize() != cudaSuccess) { fprintf(stderr, "launch failed\n"); return 1; }
        std::vector<long long> h(64);
        cudaMemcpy(h.data(), clocks, 64 * sizeof(long long), cudaMemcpyDeviceToHost);
        int warps = t / 32;
        long long base = h[0];
        for (int w = 0; w < warps; w++) base = std::min(base, h[w * 2]);
        for (int w = 0; w < warps; w++)
          fprintf(f, "%s,%d,%d,%d,%d,%d,%lld,%lld\n", c.name, c.n, c.trips, t, launch, w,
                  h[w * 2] - base, h[w * 2 + 1] - base);
      }
  fclose(f);
  return 0;
}
