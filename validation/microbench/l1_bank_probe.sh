#!/usr/bin/env bash
# Runs l1_bank_probe.cu under ncu on the GPU machine: scattered loads and stores whose lines and
# busiest data bank vary apart, from tables the L1 holds or only the L2 (seconds of GPU time).
#   bash validation/microbench/l1_bank_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/l1_bank_probe}}
B=/tmp/l1_bank_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" l1_bank_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/manifest.txt" || exit 1
# Only the metrics this ncu knows (one unknown name fails the whole run).
"$NCU" --query-metrics --chip gh100 > "$B/known.txt" 2>&1
M=""
for m in sm__cycles_active.avg smsp__inst_executed.sum \
  l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum \
  l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum l1tex__t_requests_pipe_lsu_mem_global_op_st.sum \
  l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum l1tex__data_pipe_lsu_wavefronts.sum \
  l1tex__data_pipe_lsu_wavefronts_mem_lg.sum l1tex__data_bank_conflicts_pipe_lsu_mem_global.sum \
  l1tex__data_bank_conflicts_pipe_lsu_mem_global_op_ld.sum l1tex__data_bank_conflicts_pipe_lsu_mem_global_op_st.sum \
  l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum l1tex__m_xbar2l1tex_read_sectors.sum \
  l1tex__m_l1tex2xbar_write_sectors.sum l1tex__lsu_writeback_active.sum \
  smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio \
  smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio \
  smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio \
  smsp__average_warps_issue_stalled_drain_per_issue_active.ratio; do
  base=${m%.*}
  if grep -q "^ *$base\b" "$B/known.txt" || grep -q "^ *${base%_per_issue_active}\b" "$B/known.txt" || [[ $m == smsp__average* ]]; then M="$M,$m"; else echo "not known: $m" >&2; fi
done
M=${M#,}
"$NCU" --metrics "$M" -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import csv, sys
num = lambda s: float(s.replace(",", "")) if s not in ("", "n/a", None) else float("nan")  # ncu groups thousands with commas
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
launches = [l.strip().split(",") for l in open(sys.argv[2]) if l.startswith("MANIFEST")]
g = lambda r, k: num(r.get(k, ""))
print("op,table_bytes,group_shift,word_mul,word_mask,random,iters,cycles,requests_per_sm,cycles_per_request_per_sm,sectors_per_request,"
      "hit_sector_share,data_wavefronts_per_request,bank_conflicts_per_request,l2_read_sectors_per_request,l2_write_sectors_per_request,lg_throttle,long_scoreboard,mio_throttle")
for r, m in zip(rows, launches):
    op = m[2]
    cyc = g(r, "sm__cycles_active.avg")
    req = g(r, f"l1tex__t_requests_pipe_lsu_mem_global_op_{'ld' if op == 'load' else 'st'}.sum")
    sec = g(r, f"l1tex__t_sectors_pipe_lsu_mem_global_op_{'ld' if op == 'load' else 'st'}.sum")
    hit = g(r, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum")
    dw = g(r, "l1tex__data_pipe_lsu_wavefronts.sum")
    bc = g(r, f"l1tex__data_bank_conflicts_pipe_lsu_mem_global_op_{'ld' if op == 'load' else 'st'}.sum")
    if bc != bc: bc = g(r, "l1tex__data_bank_conflicts_pipe_lsu_mem_global.sum")
    rd = g(r, "l1tex__m_xbar2l1tex_read_sectors.sum")
    wr = g(r, "l1tex__m_l1tex2xbar_write_sectors.sum")
    per_sm = req / 132
    st = lambda k: g(r, f"smsp__average_warps_issue_stalled_{k}_per_issue_active.ratio")
    print(f"{op},{m[3]},{m[4]},{m[5]},{int(m[6]) & 0xffffffff},{m[7]},{m[8]},{cyc:.0f},{per_sm:.0f},{cyc / per_sm:.2f},{sec / req:.2f},"
          f"{(hit / sec) if op == 'load' else float('nan'):.3f},{dw / req:.2f},{bc / req:.2f},{rd / req:.2f},{wr / req:.2f},{st('lg_throttle'):.2f},{st('long_scoreboard'):.2f},{st('mio_throttle'):.2f}")
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
