#!/usr/bin/env bash
# Runs the MIO probe (mio_probe.cu) on the GPU machine (mio-probe/):
#   cycles.csv    clock64 cycles per trip of 4 operations per warp, by operation and warps per block
#   manifest.txt  the timed launches (ncu's rows, in order)
#   ncu_raw.csv   ncu on the timed launches: active cycles, instructions, issue active, the stalls
#   sass.txt      the listing
#   bash validation/microbench/mio_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/mio_probe}}
B=/tmp/mio_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/mio_probe" mio_probe.cu || exit 1
cuobjdump -sass "$B/mio_probe" > "$O/sass.txt"
timeout 120 "$B/mio_probe" "$O/cycles.csv" > "$O/manifest.txt" || exit 1
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=sm__cycles_active.avg,smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active
for s in mio_throttle short_scoreboard not_selected dispatch_stall math_pipe_throttle wait lg_throttle; do
  M="$M,smsp__average_warps_issue_stalled_${s}_per_issue_active.ratio"
done
timeout 400 "$NCU" --metrics "$M" -k regex:mio_loop --csv --page raw "$B/mio_probe" /dev/null > "$O/ncu_all.csv" 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
# keep the timed launches only (odd launch indices; the even ones are warm-ups)
python3 - "$O/ncu_all.csv" "$O/ncu_raw.csv" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
w = csv.writer(open(sys.argv[2], "w"))
w.writerow(rows[0]); w.writerow(rows[1])
for i, r in enumerate(rows[2:]):
    if i % 2 == 1: w.writerow(r)
PY
rm -f "$O/ncu_all.csv"
cat "$O/cycles.csv"
