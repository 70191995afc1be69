#!/usr/bin/env bash
# Runs membar_probe.cu on the GPU machine: cycles per step of a store/atomic + fence loop at
# 1 warp, 4 warps per SM and 32 warps per SM; ncu's membar and drain stalls at one warp; SASS.
#   bash validation/microbench/membar_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/membar_probe}}
B=/tmp/membar_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/probe" membar_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/probe.txt"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=sm__cycles_active.avg,smsp__inst_executed.sum,smsp__warps_issue_stalled_membar.sum,smsp__warps_issue_stalled_drain.sum,smsp__warps_issue_stalled_lg_throttle.sum,smsp__warps_issue_stalled_long_scoreboard.sum
"$NCU" --metrics "$M" --csv --page raw "$B/probe" > "$O/ncu_raw.csv" 2> "$O/ncu_stderr.txt"
sed -i '/^PROBE/d;/^==PROF==/d' "$O/ncu_raw.csv"
cat "$O/probe.txt"; tail -2 "$O/ncu_stderr.txt"; wc -l "$O/ncu_raw.csv"
