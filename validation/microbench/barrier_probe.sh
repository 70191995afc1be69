#!/usr/bin/env bash
# Runs barrier_probe.cu on the GPU machine: cycles per trip of a __syncthreads() loop by block
# size and FFMAs per trip, its SASS (cuobjdump), and ncu's stall reasons per issue at K = 1 for
# 1 and 32 warps per block.   bash validation/microbench/barrier_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/barrier_probe}}
B=/tmp/barrier_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/barrier_probe" barrier_probe.cu || exit 1
cuobjdump -sass "$B/barrier_probe" > "$O/sass.txt"
"$B/barrier_probe" "$O/cycles.csv"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
# Launch order per block size: K=0 warm-up, K=0, K=1 warm-up, K=1, K=4 warm-up, K=4 (6 launches).
for spec in "32 3" "1024 33"; do
  set -- $spec
  "$NCU" --section WarpStateStats --section SchedulerStats --launch-skip "$2" --launch-count 1 -k regex:bar_loop \
    --csv --page raw "$B/barrier_probe" /dev/null > "$O/ncu_k1_$1.csv" 2> "$O/ncu_stderr_$1.txt"
done
cat "$O/cycles.csv"
