#!/usr/bin/env bash
# Runs l2_footprint_probe.cu under ncu on the GPU machine: scattered .cg loads and partial-line
# stores into 1,024 to 131,072 lines, contiguous or spread over 16 MiB, from all SMs, fewer SMs
# and fewer warps (about 15 s of GPU time).
#   bash validation/microbench/l2_footprint_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
. lib/probe.sh
probe_build l2_footprint_probe "${1:-${OUT:-/tmp/l2_footprint_probe}}" || exit 1
probe_ncu sm__cycles_active.avg,gpc__cycles_elapsed.max,smsp__inst_executed.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__m_xbar2l1tex_read_sectors.sum,l1tex__m_l1tex2xbar_write_sectors.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_requests_srcunit_tex.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_drain_per_issue_active.ratio
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import sys
sys.path.insert(0, "lib")
from ncu_rows import launches
print("op,lines,spread,blocks,threads,cycles,requests_per_sm,cycles_per_request_per_sm,sectors_per_request,l2_sectors_per_request,l2_read_hit_share,lts_requests_per_request,lg_throttle,long_scoreboard,drain")
for g, m in launches(sys.argv[1], sys.argv[2]):
    op, lines, spread, blocks, threads = m[2], m[3], m[4], int(m[5]), m[6]
    st = op == "store"
    cyc = g("sm__cycles_active.avg")
    req = g(f"l1tex__t_requests_pipe_lsu_mem_global_op_{'st' if st else 'ld'}.sum")
    sec = g(f"l1tex__t_sectors_pipe_lsu_mem_global_op_{'st' if st else 'ld'}.sum")
    xbar = g("l1tex__m_l1tex2xbar_write_sectors.sum" if st else "l1tex__m_xbar2l1tex_read_sectors.sum")
    rd = g("lts__t_sectors_srcunit_tex_op_read.sum")
    hit = g("lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum") / rd if rd > 0 else float("nan")
    s = lambda k: g(f"smsp__average_warps_issue_stalled_{k}_per_issue_active.ratio")
    # Cycles of an SM that ran a block (sm__cycles_active.avg averages over all 132 SMs).
    busy = cyc * 132 / min(blocks, 132)
    per_sm = req / min(blocks, 132)
    print(f"{op},{lines},{spread},{blocks},{threads},{busy:.0f},{per_sm:.0f},{busy / per_sm:.2f},{sec / req:.2f},{xbar / req:.2f},{hit:.3f},"
          f"{g('lts__t_requests_srcunit_tex.sum') / req:.2f},{s('lg_throttle'):.2f},{s('long_scoreboard'):.2f},{s('drain'):.2f}")
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
