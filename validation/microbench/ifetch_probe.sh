#!/usr/bin/env bash
# Runs ifetch_probe.cu on the GPU machine: per-warp clock64 start/end of straight-line and looped
# FFMA code, cold (first launch) and warm; its SASS; ncu's SM cycles and stall reasons of every
# launch with caches flushed before each pass (ncu's default) and not flushed.
#   bash validation/microbench/ifetch_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/ifetch_probe}}
B=/tmp/ifetch_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/ifetch_probe" ifetch_probe.cu || exit 1
# The listing of the kernels warpsim runs (bodies of 64 to 1,024 FFMAs; the larger ones are 2.8 MB).
cuobjdump -sass "$B/ifetch_probe" | awk '/Function :/ { seen = 1; keep = ($0 ~ /ILi(64|256|1024)E/) } !seen || keep' > "$O/sass.txt"
"$B/ifetch_probe" "$O/cycles.csv" || exit 1
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=sm__cycles_active.max,smsp__inst_executed.sum,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_branch_resolving_per_issue_active.ratio,smsp__issue_active.avg.per_cycle_active,smsp__warps_active.avg.per_cycle_active
for cc in all none; do
  "$NCU" --cache-control $cc --metrics $M --csv --page raw "$B/ifetch_probe" /dev/null > "$O/ncu_$cc.csv" 2>> "$O/ncu_stderr.txt"
done
wc -l "$O"/*.csv; grep -c Function "$O/sass.txt"
