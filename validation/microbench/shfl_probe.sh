#!/usr/bin/env bash
# Runs shfl_probe.cu on the GPU machine: clock64 per shuffle step of the even warps, with and
# without the odd warps' float4 loads from the L1; ncu's SM cycles and stalls; its SASS.
#   bash validation/microbench/shfl_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/shfl_probe}}
B=/tmp/shfl_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/probe" shfl_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/probe.txt"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=sm__cycles_active.avg,smsp__inst_executed.sum,smsp__issue_active.sum,smsp__warps_issue_stalled_short_scoreboard.sum,smsp__warps_issue_stalled_mio_throttle.sum,smsp__warps_issue_stalled_long_scoreboard.sum,l1tex__data_pipe_lsu_wavefronts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
"$NCU" --metrics "$M" --csv --page raw "$B/probe" > "$O/ncu_raw.csv" 2> "$O/ncu_stderr.txt"
sed -i '/^MANIFEST/d;/^PROBE/d;/^==PROF==/d' "$O/ncu_raw.csv"
cat "$O/probe.txt"; tail -2 "$O/ncu_stderr.txt"; wc -l "$O/ncu_raw.csv"
