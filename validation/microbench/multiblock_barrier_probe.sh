#!/usr/bin/env bash
# Runs multiblock_barrier_probe.cu on the GPU machine: cycles per barrier of the K = 1
# __syncthreads() loop with 1, 2, 4 or 8 blocks per SM of 1, 4 or 8 warps, and its SASS.
#   bash validation/microbench/multiblock_barrier_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/multiblock_barrier_probe}}
B=/tmp/multiblock_barrier_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/probe" multiblock_barrier_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" "$O/cycles.csv"
cat "$O/cycles.csv"
