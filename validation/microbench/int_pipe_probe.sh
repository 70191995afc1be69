#!/usr/bin/env bash
# Runs int_pipe_probe.cu on the GPU machine: cycles per trip of six integer loops at 32 warps,
# their SASS, and ncu's per-pipe instruction counts of every measured launch (one CSV).
#   bash validation/microbench/int_pipe_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/int_pipe_probe}}
B=/tmp/int_pipe_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/int_pipe_probe" int_pipe_probe.cu || exit 1
cuobjdump -sass "$B/int_pipe_probe" > "$O/sass.txt"
"$B/int_pipe_probe" "$O/cycles.csv"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=smsp__inst_executed.sum,smsp__cycles_active.avg
for p in alu fma fmaheavy fmalite fp16 xu uniform lsu cbu adu; do M=$M,smsp__inst_executed_pipe_$p.sum; done
# Every second launch is a measured one (the others are warm-ups).
"$NCU" --metrics "$M" -k regex:int_loop --csv --page raw "$B/int_pipe_probe" /dev/null > "$O/ncu.csv" 2> "$O/ncu_stderr.txt"
cat "$O/cycles.csv"
