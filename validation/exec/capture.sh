#!/usr/bin/env bash
# Execution fixtures (docs/execution.md): compile, dump SASS, count instructions with ncu.
# Run on the GPU machine: bash validation/exec/capture.sh [out_dir]  (default $OUT)
# Writes kernels.sass (cuobjdump -sass), manifest.txt (one MANIFEST line per launch: kernel,
# grid, block, arguments as --args writes them) and counts.csv (ncu: kernel name,
# smsp__inst_executed.sum, launch__grid_size, launch__block_size), plus versions.txt.
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/exec_capture}}
B=/tmp/exec_bin
. ./build.sh
"$NCU" --metrics smsp__inst_executed.sum,launch__grid_size,launch__block_size --csv --print-units base "$B/kernels" > "$O/ncu.csv" 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
grep MANIFEST "$O/ncu.csv" > "$O/manifest.txt"
grep -v MANIFEST "$O/ncu.csv" | grep '^"' > "$O/counts.csv"
wc -l "$O/manifest.txt" "$O/counts.csv"; tail -3 "$O/ncu_stderr.txt"
