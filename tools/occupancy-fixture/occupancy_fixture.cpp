// Generates the golden occupancy fixture from NVIDIA's own calculator, cuda_occupancy.h (CUDA
// toolkit), for warpsim's presets. The header is only #included, never copied into warpsim.
//
//   usage: occupancy_fixture props.csv > fixture.csv
//
// props.csv (written by export-props.mjs from warpsim's presets) has one row per preset:
//   name,major,minor,maxThreadsPerBlock,maxThreadsPerSm,regsPerBlock,regsPerSm,smemPerBlock,
//   smemPerSm,numSms,smemPerBlockOptin,reservedSmemPerBlock
// For each preset it samples configurations (block size, registers, static and dynamic shared
// memory, carveout) with a fixed-seed generator, so the fixture is reproducible.
#include <cuda_occupancy.h>
#include <climits>
#include <cstdio>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint32_t next_u32() {  // xorshift64*
  state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
  return (uint32_t)((state * 0x2545F4914F6CDD1Dull) >> 32);
}
template <typename T> static T pick(const std::vector<T>& v) { return v[next_u32() % v.size()]; }

int main(int argc, char** argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s props.csv\n", argv[0]); return 2; }
  std::ifstream in(argv[1]);
  std::string line;
  std::getline(in, line);  // header
  const int perArch = 3500;
  const std::vector<int> threadMenu = {1, 17, 31, 32, 33, 63, 64, 65, 96, 100, 127, 128, 129, 160, 192, 200, 224, 255, 256,
                                       257, 288, 320, 352, 384, 416, 448, 480, 500, 512, 513, 576, 640, 672, 704, 768, 800,
                                       832, 896, 960, 992, 1000, 1023, 1024, 1025, 1536, 2048};
  const std::vector<int> regMenu = {0, 1, 8, 14, 16, 24, 30, 32, 33, 36, 40, 48, 56, 63, 64, 65, 72, 80, 96, 100, 104, 120,
                                    128, 152, 168, 192, 200, 232, 255};
  const std::vector<int> smemMenu = {0, 1, 100, 1024, 2048, 4000, 4096, 8192, 12288, 16384, 24576, 30000, 32768, 40960,
                                     48128, 49152, 49153, 65536, 81920, 98304, 100000, 101376, 102400, 131072, 150000,
                                     163840, 166912, 167936, 196608, 200000, 232448, 233472, 240000};
  const std::vector<int> staticMenu = {0, 0, 0, 16, 1024, 4096, 12000, 49152};
  const std::vector<int> carveMenu = {-1, -1, -1, 0, 10, 25, 33, 50, 66, 75, 90, 100};

  printf("arch,threads,regs,static_smem,dyn_smem,carveout,status,blocks,limit_warps,limit_regs,limit_smem,"
         "limit_blocks,limit_barriers,limiting,alloc_regs,alloc_smem\n");
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::stringstream ss(line);
    std::string name, f;
    std::getline(ss, name, ',');
    std::vector<long> v;
    while (std::getline(ss, f, ',')) v.push_back(std::stol(f));
    cudaOccDeviceProp prop;
    prop.computeMajor = (int)v[0];
    prop.computeMinor = (int)v[1];
    prop.maxThreadsPerBlock = (int)v[2];
    prop.maxThreadsPerMultiprocessor = (int)v[3];
    prop.regsPerBlock = (int)v[4];
    prop.regsPerMultiprocessor = (int)v[5];
    prop.warpSize = 32;
    prop.sharedMemPerBlock = (size_t)v[6];
    prop.sharedMemPerMultiprocessor = (size_t)v[7];
    prop.numSms = (int)v[8];
    prop.sharedMemPerBlockOptin = (size_t)v[9];
    prop.reservedSharedMemPerBlock = (size_t)v[10];

    for (int i = 0; i < perArch; i++) {
      int threads = (next_u32() % 4 == 0) ? 1 + (int)(next_u32() % 1024) : pick(threadMenu);
      int regs = (next_u32() % 4 == 0) ? (int)(next_u32() % 256) : pick(regMenu);
      int staticSmem = pick(staticMenu);
      // Mostly launches that fit (shared memory within the opt-in limit), some that do not.
      const int room = (int)prop.sharedMemPerBlockOptin - staticSmem;
      int dynSmem;
      do {
        const uint32_t how = next_u32() % 10;
        dynSmem = how < 4 ? (room > 0 ? (int)(next_u32() % (uint32_t)(room + 1)) : 0)
                : how < 9 ? pick(smemMenu) : (int)(next_u32() % 240001);
      } while (next_u32() % 10 != 0 && dynSmem + staticSmem > (int)prop.sharedMemPerBlockOptin);
      if (next_u32() % 8 != 0 && threads > 1024) threads = pick(threadMenu) % 1024 + 1;
      int carveout = pick(carveMenu);

      cudaOccFuncAttributes attr;
      attr.maxThreadsPerBlock = INT_MAX;
      attr.numRegs = regs;
      attr.sharedSizeBytes = (size_t)staticSmem;
      attr.partitionedGCConfig = PARTITIONED_GC_OFF;
      attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;  // as the runtime converts cudaFuncAttributes
      attr.maxDynamicSharedSizeBytes = (size_t)dynSmem;  // set to the launch's, as in groundtruth dataset A
      attr.numBlockBarriers = 1;                         // the runtime's default
      attr.virtualResourceCount = 0;
      cudaOccDeviceState state;
      state.carveoutConfig = carveout;
      cudaOccResult r;
      cudaOccError err = cudaOccMaxActiveBlocksPerMultiprocessor(&r, &prop, &attr, &state, threads, (size_t)dynSmem);
      if (err != CUDA_OCC_SUCCESS) {
        printf("%s,%d,%d,%d,%d,%d,error,0,,,,,,,,\n", name.c_str(), threads, regs, staticSmem, dynSmem, carveout);
        continue;
      }
      printf("%s,%d,%d,%d,%d,%d,ok,%d,%d,%d,%d,%d,%d,%u,%d,%zu\n", name.c_str(), threads, regs, staticSmem, dynSmem,
             carveout, r.activeBlocksPerMultiprocessor, r.blockLimitWarps, r.blockLimitRegs, r.blockLimitSharedMem,
             r.blockLimitBlocks, r.blockLimitBarriers, r.limitingFactors, r.allocatedRegistersPerBlock,
             r.allocatedSharedMemPerBlock);
    }
  }
  return 0;
}
