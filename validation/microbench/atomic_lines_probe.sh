#!/usr/bin/env bash
# Runs atomic_lines_probe.cu on the GPU machine under ncu: per launch (one per number of words
# the atomics hash into), the SM cycles and the L2's atomic sectors and requests; its SASS.
#   bash validation/microbench/atomic_lines_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/atomic_lines_probe}}
B=/tmp/atomic_lines_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/probe" atomic_lines_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
"$NCU" --query-metrics --chip gh100 2>/dev/null | grep -E "^lts__t_(sectors|requests)_op_(red|atom)" > "$O/red_metrics.txt"
M=sm__cycles_active.avg,sm__cycles_active.max,gpc__cycles_elapsed.max,smsp__inst_executed.sum
EXTRA=$(awk '{print $1".sum"}' "$O/red_metrics.txt" | grep -E "lts__t_(sectors|requests)_op_red\.sum" | paste -sd, -)
"$NCU" --metrics "$M${EXTRA:+,$EXTRA}" --csv --page raw "$B/probe" > "$O/ncu_raw.csv" 2> "$O/ncu_stderr.txt"
grep MANIFEST "$O/ncu_raw.csv" > "$O/manifest.txt"
sed -i '/^MANIFEST/d;/^==PROF==/d' "$O/ncu_raw.csv"
echo "metrics: $M,$EXTRA"; cat "$O/manifest.txt"; tail -2 "$O/ncu_stderr.txt"; wc -l "$O/ncu_raw.csv"
