#!/usr/bin/env bash
# Runs mixed_gather_probe.cu under ncu on the GPU machine: scattered loads whose lanes split
# between lines the L1 holds and lines only the L2 holds, tables around the L1's size, and
# carveouts moved by unused shared memory (about 12 s of GPU time).
#   bash validation/microbench/mixed_gather_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
. lib/probe.sh
probe_build mixed_gather_probe "${1:-${OUT:-/tmp/mixed_gather_probe}}" || exit 1
probe_ncu sm__cycles_active.avg,smsp__inst_executed.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,l1tex__data_pipe_lsu_wavefronts_mem_lg.sum,l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum,l1tex__m_xbar2l1tex_read_sectors.sum,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,launch__shared_mem_config_size,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__m_l1tex2xbar_write_sectors.sum
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import sys
sys.path.insert(0, "lib")
from ncu_rows import launches
print("hot_lanes,cold_bytes,iters,dyn_smem,shared_mem_config,cycles,requests_per_sm,cycles_per_request_per_sm,sectors_per_request,hit_sector_share,tag_wavefronts_per_request,data_wavefronts_per_request,l2_sectors_per_request,lg_throttle,long_scoreboard")
for g, m in launches(sys.argv[1], sys.argv[2]):
    cyc = g("sm__cycles_active.avg")
    # A scatter row (hot_lanes -1) counts its store requests; its L2 sectors are those written.
    store = m[2] == "-1"
    req = g(f"l1tex__t_requests_pipe_lsu_mem_global_op_{'st' if store else 'ld'}.sum")
    sec = g(f"l1tex__t_sectors_pipe_lsu_mem_global_op_{'st' if store else 'ld'}.sum")
    hit = g("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum") if not store else float("nan")
    st = lambda k: g(f"smsp__average_warps_issue_stalled_{k}_per_issue_active.ratio")
    print(f"{m[2]},{m[3]},{m[4]},{m[5]},{g('launch__shared_mem_config_size'):.0f},{cyc:.0f},{req / 132:.0f},{cyc / (req / 132):.2f},{sec / req:.2f},{hit / sec:.3f},"
          f"{g('l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum') / req:.2f},{g('l1tex__data_pipe_lsu_wavefronts_mem_lg.sum') / req:.2f},"
          f"{g('l1tex__m_l1tex2xbar_write_sectors.sum' if store else 'l1tex__m_xbar2l1tex_read_sectors.sum') / req:.2f},{st('lg_throttle'):.2f},{st('long_scoreboard'):.2f}")
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
