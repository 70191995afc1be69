#!/usr/bin/env bash
# Runs l1_gather_probe.cu under ncu on the GPU machine: SM cycles of gathers whose lanes touch 32
# or 8 lines a request, from tables the L1 holds or only the L2 (a few seconds of GPU time).
#   bash validation/microbench/l1_gather_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/l1_gather_probe}}
B=/tmp/l1_gather_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" l1_gather_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/manifest.txt" || exit 1
M=sm__cycles_active.avg,smsp__inst_executed.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum,l1tex__data_pipe_lsu_wavefronts.sum,l1tex__m_xbar2l1tex_read_sectors.sum,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
"$NCU" --metrics "$M" -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import csv, sys
num = lambda s: float(s.replace(",", "")) if s not in ("", "n/a", None) else float("nan")  # ncu groups thousands with commas
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
launches = [l.strip().split(",") for l in open(sys.argv[2]) if l.startswith("MANIFEST")]
print("table_bytes,lines,loads,iters,cycles,requests_per_sm,cycles_per_request_per_sm,sectors_per_request,hit_sector_share,output_wavefronts_per_request,data_wavefronts_per_request,l2_sectors_per_request,lg_throttle,long_scoreboard")
for r, m in zip(rows, launches):
    size, lines, loads, it = int(m[2]), int(m[3]), int(m[4]), int(m[5])
    cyc = num(r["sm__cycles_active.avg"])
    req = num(r["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"])
    sec = num(r["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"])
    hit = num(r.get("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum"))
    ow = num(r.get("l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum"))
    dw = num(r.get("l1tex__data_pipe_lsu_wavefronts.sum"))
    x = num(r.get("l1tex__m_xbar2l1tex_read_sectors.sum"))
    per_sm = req / 132
    print(f'{size},{lines},{loads},{it},{cyc:.0f},{per_sm:.0f},{cyc / per_sm:.2f},{sec / req:.1f},{hit / sec:.3f},{ow / req:.2f},{dw / req:.2f},{x / req:.2f},'
          f'{num(r["smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio"]):.2f},{num(r["smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"]):.2f}')
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
