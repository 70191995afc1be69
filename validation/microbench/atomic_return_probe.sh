#!/usr/bin/env bash
# Runs atomic_return_probe.cu under ncu on the GPU machine: integer atomicAdds with and without
# their old value used, one lane or 32, into 1, 8 or 256 words (a few seconds of GPU time).
#   bash validation/microbench/atomic_return_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
. lib/probe.sh
probe_build atomic_return_probe "${1:-${OUT:-/tmp/atomic_return_probe}}" || exit 1
probe_ncu sm__cycles_active.avg,smsp__inst_executed.sum,lts__t_requests_srcunit_tex_op_atom.sum,lts__t_requests_srcunit_tex_op_red.sum,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_drain_per_issue_active.ratio
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import sys
sys.path.insert(0, "lib")
from ncu_rows import launches
print("op,lanes,words,stride,cycles,warp_atomics,cycles_per_warp_atomic_gpu,l2_atom_requests,l2_red_requests,long_scoreboard,lg_throttle,drain")
for g, m in launches(sys.argv[1], sys.argv[2]):
    op, lanes, words, stride = m[2], m[3], m[4], m[5]
    cyc = g("sm__cycles_active.avg")
    warp_atomics = 132 * 8 * 8 * 16  # blocks x warps a block x ITERS
    s = lambda k: g(f"smsp__average_warps_issue_stalled_{k}_per_issue_active.ratio")
    print(f"{op},{lanes},{words},{stride},{cyc:.0f},{warp_atomics},{cyc / warp_atomics:.3f},{g('lts__t_requests_srcunit_tex_op_atom.sum'):.0f},{g('lts__t_requests_srcunit_tex_op_red.sum'):.0f},{s('long_scoreboard'):.2f},{s('lg_throttle'):.2f},{s('drain'):.2f}")
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
