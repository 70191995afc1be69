#!/usr/bin/env bash
# Runs red_tail_probe.cu on the GPU machine under ncu: per launch (lines x REDs per warp) the SM
# cycles, the instructions and the warps' drain and lg_throttle stalls; and its SASS.
#   bash validation/microbench/red_tail_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/red_tail_probe}}
B=/tmp/red_tail_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/probe" red_tail_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=sm__cycles_active.avg,sm__cycles_active.max,gpc__cycles_elapsed.max,smsp__inst_executed.sum,smsp__issue_active.sum,smsp__warps_issue_stalled_drain.sum,smsp__warps_issue_stalled_lg_throttle.sum,smsp__warps_issue_stalled_long_scoreboard.sum,lts__t_requests_op_red.sum
"$NCU" --metrics "$M" --csv --page raw "$B/probe" > "$O/ncu_raw.csv" 2> "$O/ncu_stderr.txt"
grep MANIFEST "$O/ncu_raw.csv" > "$O/manifest.txt"
sed -i '/^MANIFEST/d;/^==PROF==/d' "$O/ncu_raw.csv"
cat "$O/manifest.txt"; tail -2 "$O/ncu_stderr.txt"; wc -l "$O/ncu_raw.csv"
