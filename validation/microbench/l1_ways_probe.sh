#!/usr/bin/env bash
# Runs l1_ways_probe.cu under ncu on the GPU machine: one warp per SM rereading N lines at a
# power-of-two stride, for the L1's sets and ways (seconds of GPU time).
#   bash validation/microbench/l1_ways_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
. lib/probe.sh
probe_build l1_ways_probe "${1:-${OUT:-/tmp/l1_ways_probe}}" || exit 1
probe_ncu sm__cycles_active.avg,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,launch__shared_mem_config_size
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import sys
sys.path.insert(0, "lib")
from ncu_rows import launches
print("stride_bytes,lines,repeats,shared_mem_config,requests_per_sm,hit_sector_share,hits_after_first_repeat")
for g, m in launches(sys.argv[1], sys.argv[2]):
    lines, repeats = int(m[3]), int(m[4])
    sec = g("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")
    hit = g("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum")
    # The first repeat misses every line (a cold L1): the share of the later reads that hit.
    later = sec * (repeats - 1) / repeats
    print(f"{m[2]},{lines},{repeats},{g('launch__shared_mem_config_size'):.0f},{g('l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum') / 132:.0f},{hit / sec:.3f},{hit / later:.3f}")
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
