#!/usr/bin/env bash
# The held-out kernels' H100 counters, as validation/sass/capture.sh (warm caches: application
# replay). Run on the GPU machine: bash validation/sass/heldout/capture.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/heldout}}
mkdir -p "$O"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -arch=sm_90 -O3 -o /tmp/heldout heldout.cu > "$O/nvcc.txt" 2>&1 || { cat "$O/nvcc.txt"; exit 1; }
cuobjdump -sass /tmp/heldout > "$O/heldout.sass"
. ../metrics.sh
# The blocks run several to an SM here: their static shared memory decides the residency.
M="$M,launch__shared_mem_per_block_static"
timeout 500 "$NCU" --metrics "$M" --cache-control none --replay-mode application -f -o /tmp/heldout_rep /tmp/heldout > "$O/manifest.txt" 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
"$NCU" -i /tmp/heldout_rep.ncu-rep --csv --page raw --print-units base > "$O/ncu_raw.csv"
grep -c MANIFEST "$O/manifest.txt"; wc -l "$O/ncu_raw.csv"; tail -2 "$O/ncu_stderr.txt"
