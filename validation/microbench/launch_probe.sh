#!/usr/bin/env bash
# Runs launch_probe.cu on the GPU machine: per-warp start cycles of launches of 1..8 blocks per
# SM (launch-probe/starts.csv, about 53,000 rows; launch_summary.py
# summarizes it and keeps SMs 0-7 as launch-probe/starts-sm0-7.csv) and its SASS.
#   bash validation/microbench/launch_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/launch_probe}}
B=/tmp/launch_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/launch_probe" launch_probe.cu || exit 1
cuobjdump -sass "$B/launch_probe" > "$O/sass.txt"
"$B/launch_probe" "$O/starts.csv"
wc -l "$O/starts.csv"
