#!/usr/bin/env bash
# Runs gather_latency_probe.cu under ncu on the GPU machine: one warp per SM chasing loads that
# touch 1 to 32 lines, from the L1 or the L2 (4 MiB; seconds of GPU time).
#   bash validation/microbench/gather_latency_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/gather_latency_probe}}
B=/tmp/gather_latency_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" gather_latency_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/manifest.txt" || exit 1
M=sm__cycles_active.avg,smsp__inst_executed.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,lts__t_sector_op_read_hit_rate.pct,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
"$NCU" -k regex:chase --cache-control none --metrics "$M" -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import csv, sys
num = lambda s: float(s.replace(",", "")) if s not in ("", "n/a", None) else float("nan")
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
launches = [l.strip().split(",") for l in open(sys.argv[2]) if l.startswith("MANIFEST")]
print("table_bytes,lines,offset,trips,cycles,cycles_per_trip,sectors_per_request,l1_hit_share,l2_read_hit_pct,long_scoreboard")
for r, m in zip(rows, launches):
    trips = int(m[5])
    cyc = num(r["sm__cycles_active.avg"])
    req = num(r["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"])
    sec = num(r["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"])
    hit = num(r["l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum"])
    print(f'{m[2]},{m[3]},{m[4]},{trips},{cyc:.0f},{cyc / trips:.2f},{sec / req:.2f},{hit / sec:.3f},{num(r["lts__t_sector_op_read_hit_rate.pct"]):.1f},'
          f'{num(r["smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"]):.2f}')
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
