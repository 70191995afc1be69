#!/usr/bin/env bash
# Runs block_turnaround_probe.cu on the GPU machine: the cycles from a block's end to the next
# block's start on the same SM, with its SASS; then ncu's SM cycles of an elementwise kernel.
#   bash validation/microbench/block_turnaround_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/block_turnaround_probe}}
B=/tmp/block_turnaround_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/probe" block_turnaround_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/probe.txt"
cat "$O/probe.txt"
