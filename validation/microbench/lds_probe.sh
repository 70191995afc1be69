#!/usr/bin/env bash
# Runs lds_probe.cu on the GPU machine: cycles per trip of K shared-memory pointer chains by
# warps per block, its SASS, and ncu's stall reasons at K = 4 for 4 and 32 warps per block.
#   bash validation/microbench/lds_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/lds_probe}}
B=/tmp/lds_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/lds_probe" lds_probe.cu || exit 1
cuobjdump -sass "$B/lds_probe" > "$O/sass.txt"
"$B/lds_probe" "$O/cycles.csv"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
# Launch order per warp count: K=1 warm-up, K=1, K=4 warm-up, K=4 (4 launches); warps 1, 2, 4, ...
for spec in "4 11" "32 23"; do
  set -- $spec
  "$NCU" --section WarpStateStats --section SchedulerStats --launch-skip "$2" --launch-count 1 -k regex:lds_loop \
    --csv --page raw "$B/lds_probe" /dev/null > "$O/ncu_k4_w$1.csv" 2> "$O/ncu_stderr_$1.txt"
done
cat "$O/cycles.csv"
