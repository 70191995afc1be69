#!/usr/bin/env bash
# Runs mixed_gather_probe.cu under ncu on the GPU machine: scattered loads whose lanes split
# between lines the L1 holds and lines only the L2 holds (seconds of GPU time).
#   bash validation/microbench/mixed_gather_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/mixed_gather_probe}}
B=/tmp/mixed_gather_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" mixed_gather_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/manifest.txt" || exit 1
M=sm__cycles_active.avg,smsp__inst_executed.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,l1tex__data_pipe_lsu_wavefronts_mem_lg.sum,l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum,l1tex__m_xbar2l1tex_read_sectors.sum,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,launch__shared_mem_config_size
"$NCU" --metrics "$M" -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import csv, sys
num = lambda s: float(s.replace(",", "")) if s not in ("", "n/a", None) else float("nan")  # ncu groups thousands with commas
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
launches = [l.strip().split(",") for l in open(sys.argv[2]) if l.startswith("MANIFEST")]
g = lambda r, k: num(r.get(k, ""))
print("hot_lanes,cold_bytes,iters,dyn_smem,shared_mem_config,cycles,requests_per_sm,cycles_per_request_per_sm,sectors_per_request,hit_sector_share,tag_wavefronts_per_request,data_wavefronts_per_request,l2_sectors_per_request,lg_throttle,long_scoreboard")
for r, m in zip(rows, launches):
    cyc = g(r, "sm__cycles_active.avg")
    req = g(r, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")
    sec = g(r, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")
    hit = g(r, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum")
    st = lambda k: g(r, f"smsp__average_warps_issue_stalled_{k}_per_issue_active.ratio")
    print(f"{m[2]},{m[3]},{m[4]},{m[5]},{g(r, 'launch__shared_mem_config_size'):.0f},{cyc:.0f},{req / 132:.0f},{cyc / (req / 132):.2f},{sec / req:.2f},{hit / sec:.3f},"
          f"{g(r, 'l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum') / req:.2f},{g(r, 'l1tex__data_pipe_lsu_wavefronts_mem_lg.sum') / req:.2f},"
          f"{g(r, 'l1tex__m_xbar2l1tex_read_sectors.sum') / req:.2f},{st('lg_throttle'):.2f},{st('long_scoreboard'):.2f}")
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
