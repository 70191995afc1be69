#!/usr/bin/env bash
# Runs same_word_atomic_probe.cu under ncu on the GPU machine: SM cycles of every SM adding into
# 1 to 65,536 words, integer and float (a few seconds of GPU time).
#   bash validation/microbench/same_word_atomic_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/same_word_atomic_probe}}
B=/tmp/same_word_atomic_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" same_word_atomic_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/manifest.txt" || exit 1
# ncu prints the program's own lines (MANIFEST) before its CSV: keep the CSV from its header on.
"$NCU" --metrics sm__cycles_active.avg,sm__cycles_elapsed.max,gpu__time_duration.sum,lts__t_requests_op_red.sum,lts__t_sectors_op_red.sum -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
cat "$O/manifest.txt"
python3 - "$O/ncu_raw.csv" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
for r in rows:
    print(r["Kernel Name"][:40], r["sm__cycles_active.avg"], r["sm__cycles_elapsed.max"], r["gpu__time_duration.sum"], r["lts__t_requests_op_red.sum"], r["lts__t_sectors_op_red.sum"])
PY
