#!/usr/bin/env bash
# Runs store_rewrite_probe.cu under ncu on the GPU machine: stores that rewrite lines the L2
# holds (global and local) against streams of new lines (seconds of GPU time).
#   bash validation/microbench/store_rewrite_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/store_rewrite_probe}}
B=/tmp/store_rewrite_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" store_rewrite_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/manifest.txt" || exit 1
M=sm__cycles_active.avg,gpu__time_duration.sum,smsp__inst_executed.sum,lts__t_sectors_op_write.sum,lts__t_sectors_op_read.sum
M=$M,dram__bytes_write.sum,dram__bytes_read.sum,l1tex__m_l1tex2xbar_write_sectors.sum,l1tex__m_xbar2l1tex_read_sectors.sum
M=$M,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_ld_lookup_hit.sum
M=$M,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio
M=$M,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_drain_per_issue_active.ratio
M=$M,smsp__issue_active.avg.per_cycle_active
# Only the metrics this ncu knows (one unknown name fails the whole run).
"$NCU" --query-metrics --chip gh100 > "$B/known.txt" 2>&1
K=""
for m in ${M//,/ }; do
  base=${m%%.*}
  if [[ $m == smsp__average* ]] || grep -q "^ *$base\b" "$B/known.txt"; then K="$K,$m"; else echo "not known: $m" >&2; fi
done
M=${K#,}
"$NCU" --metrics "$M" -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import csv, sys
num = lambda s: float(s.replace(",", "")) if s not in ("", "n/a", None) else float("nan")
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
launches = [l.strip().split(",") for l in open(sys.argv[2]) if l.startswith("MANIFEST")]
g = lambda r, k: num(r.get(k, ""))
print("kernel,blocks_per_sm,rounds,cycles,l1_write_sectors_per_sm,store_bytes_per_sm_cycle,lts_write_sectors,dram_write_MiB,"
      "local_st_sectors,local_ld_sectors,local_ld_hit,issue_active,lg_throttle,long_scoreboard,drain")
for r, m in zip(rows, launches):
    cyc = g(r, "sm__cycles_active.avg")
    w = g(r, "l1tex__m_l1tex2xbar_write_sectors.sum") / 132
    lds = g(r, "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum")
    hit = g(r, "l1tex__t_sectors_pipe_lsu_mem_local_op_ld_lookup_hit.sum")
    st = lambda k: g(r, f"smsp__average_warps_issue_stalled_{k}_per_issue_active.ratio")
    print(f"{m[2]},{m[3]},{m[4]},{cyc:.0f},{w:.0f},{w * 32 / cyc:.2f},{g(r, 'lts__t_sectors_op_write.sum'):.0f},{g(r, 'dram__bytes_write.sum') / 2**20:.2f},"
          f"{g(r, 'l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum'):.0f},{lds:.0f},{(hit / lds) if lds > 0 else float('nan'):.3f},"
          f"{g(r, 'smsp__issue_active.avg.per_cycle_active'):.3f},{st('lg_throttle'):.2f},{st('long_scoreboard'):.2f},{st('drain'):.2f}")
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
