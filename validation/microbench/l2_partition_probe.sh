#!/usr/bin/env bash
# Runs l2_partition_probe.cu on the GPU machine: SM 0's (and SM 1's) chase latency over lines
# that another SM brought into the L2, for every other SM, first and second pass; a few seconds
# of GPU time.
#   bash validation/microbench/l2_partition_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/l2_partition_probe}}
B=/tmp/l2_partition_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/probe" l2_partition_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" "$O/partition.csv" 8192
"$B/probe" "$O/partition_16mib.csv" 131072
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv > "$O/clocks.txt" 2>&1
head -5 "$O/partition.csv"
