#!/usr/bin/env bash
# Runs store_burst_probe.cu on the GPU machine: one SM's rate of global stores to the L2 when 1
# to 132 SMs store at once (64 KiB, a GEMM tile's epilogue, and 4 MiB per block), at the GPU's
# own clock, with bytes per ns (globaltimer) to convert to the clock ncu locks.
#   bash validation/microbench/store_burst_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/store_burst_probe}}
B=/tmp/store_burst_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/probe" store_burst_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" "$O/bursts.csv"
cat "$O/bursts.csv"
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv > "$O/clocks.txt" 2>&1
