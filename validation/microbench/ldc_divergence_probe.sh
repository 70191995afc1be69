#!/usr/bin/env bash
# Runs ldc_divergence_probe.cu under ncu on the GPU machine: SM cycles of constant-bank loads
# whose lanes ask for 1 to 32 distinct addresses (a few seconds of GPU time).
#   bash validation/microbench/ldc_divergence_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/ldc_divergence_probe}}
B=/tmp/ldc_divergence_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" ldc_divergence_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/manifest.txt" || exit 1
# ncu prints the program's own lines (MANIFEST) before its CSV: keep the CSV from its header on.
"$NCU" --metrics sm__cycles_active.avg,smsp__inst_executed.sum,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import csv, sys
num = lambda s: float(s.replace(",", ""))  # ncu groups thousands with commas
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
launches = [l.strip().split(",") for l in open(sys.argv[2]) if l.startswith("MANIFEST")]
print("K,stride,threads,iters,cycles,instructions_per_sm,cycles_per_ldc_per_smsp,mio_throttle,short_scoreboard")
for r, m in zip(rows, launches):
    k, s, t, it = (int(x) for x in m[2:6])
    cyc = num(r["sm__cycles_active.avg"])
    ldcs = (t // 32) / 4 * it  # LDCs one sub-partition issues
    print(f'{k},{s},{t},{it},{cyc:.0f},{num(r["smsp__inst_executed.sum"]) / 132:.0f},{cyc / ldcs:.2f},'
          f'{num(r["smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio"]):.2f},{num(r["smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio"]):.2f}')
PY
cat "$O/summary.csv"
