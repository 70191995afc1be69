#!/usr/bin/env bash
# Runs defer_probe.cu on the GPU machine: cycles per trip of four loops (8 FFMAs or a shared-memory
# read, with and without a __syncthreads() before them) by block size, its SASS, and ncu's stall
# reasons of the two barrier loops at 1 warp.   bash validation/microbench/defer_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/defer_probe}}
B=/tmp/defer_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/defer_probe" defer_probe.cu || exit 1
cuobjdump -sass "$B/defer_probe" > "$O/sass.txt"
"$B/defer_probe" "$O/cycles.csv"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
# Launch order at 32 threads: (warm-up, measured) for ffma8, bar_ffma8, lds, bar_lds.
for spec in "3 bar_ffma8" "7 bar_lds"; do
  set -- $spec
  "$NCU" --section WarpStateStats --section SchedulerStats --launch-skip "$1" --launch-count 1 -k regex:defer_loop \
    --csv --page raw "$B/defer_probe" /dev/null > "$O/ncu_$2_32.csv" 2>> "$O/ncu_stderr.txt"
done
cat "$O/cycles.csv"
