#!/usr/bin/env bash
# Runs branch_probe.cu on the GPU machine: cycles per trip of a one-FFMA loop with and without
# a __syncthreads() before its branch, by block size; its SASS (cuobjdump); ncu's stall reasons
# per issue of the barrier loop at 1 and 32 warps per block.
#   bash validation/microbench/branch_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/branch_probe}}
B=/tmp/branch_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/branch_probe" branch_probe.cu || exit 1
cuobjdump -sass "$B/branch_probe" > "$O/sass.txt"
"$B/branch_probe" "$O/cycles.csv"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
# Launch order per block size: plain warm-up, plain, bar warm-up, bar (4 launches per size);
# the barrier loop's measured launch at 32 threads is the 4th (skip 3), at 1024 the 24th.
for spec in "32 3 bar" "1024 23 bar" "32 1 plain" "1024 21 plain"; do
  set -- $spec
  "$NCU" --section WarpStateStats --section SchedulerStats --launch-skip "$2" --launch-count 1 -k regex:branch_loop \
    --csv --page raw "$B/branch_probe" /dev/null > "$O/ncu_$3_$1.csv" 2>> "$O/ncu_stderr.txt"
done
cat "$O/cycles.csv"
