#!/usr/bin/env bash
# Runs viadd_probe.cu on the GPU machine: cycles per trip of five integer / FP32 loops at 4 and
# 32 warps, their SASS, and ncu's pipe counters of every measured launch (one CSV).
#   bash validation/microbench/viadd_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/viadd_probe}}
B=/tmp/viadd_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/viadd_probe" viadd_probe.cu || exit 1
cuobjdump -sass "$B/viadd_probe" > "$O/sass.txt"
"$B/viadd_probe" "$O/cycles.csv"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=smsp__inst_executed.sum,smsp__cycles_active.avg,smsp__issue_active.avg.per_cycle_active
M=$M,smsp__inst_executed_pipe_alu.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed_pipe_fmaheavy.sum,smsp__inst_executed_pipe_fmalite.sum
M=$M,smsp__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,smsp__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active
M=$M,smsp__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,smsp__pipe_fmalite_cycles_active.avg.pct_of_peak_sustained_active
M=$M,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio
# Every second launch is a measured one (the others are warm-ups).
"$NCU" --metrics "$M" -k regex:pipe_loop --csv --page raw "$B/viadd_probe" /dev/null > "$O/ncu.csv" 2> "$O/ncu_stderr.txt"
cat "$O/cycles.csv"
grep -E "VIADD|IADD3|LOP3|FFMA" "$O/sass.txt" | sed 's/^ *//' | awk '{print $2}' | sort | uniq -c
