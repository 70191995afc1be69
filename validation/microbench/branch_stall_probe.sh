#!/usr/bin/env bash
# Runs branch_stall_probe.cu on the GPU machine: cycles per trip of one-warp loops whose closing
# branch gets different stall counts from ptxas; their SASS (cuobjdump); ncu's stall reasons per
# issue of each loop's measured launch.
#   bash validation/microbench/branch_stall_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/branch_stall_probe}}
B=/tmp/branch_stall_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/branch_stall_probe" branch_stall_probe.cu || exit 1
cuobjdump -sass "$B/branch_stall_probe" > "$O/sass.txt"
"$B/branch_stall_probe" "$O/cycles.csv" || exit 1
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
# Each kernel runs a warm-up launch, then the measured one.
for k in ffma1 ffma4 imad2 dfma1 dfma2 dmul2 hmma1 hmma2; do
  "$NCU" --section WarpStateStats --section SchedulerStats --launch-skip 1 --launch-count 1 -k "regex:$k" \
    --csv --page raw "$B/branch_stall_probe" /dev/null > "$O/ncu_$k.csv" 2>> "$O/ncu_stderr.txt"
done
cat "$O/cycles.csv"
