#!/usr/bin/env bash
# Real Nsight Compute exports, as users make them, for `warpsim compare` and its tests: the
# ground truth's benchmark (validation/h100/method/src/bench.cu, the groundtruth's own source) under
# ncu with the sections people open (launch, occupancy, scheduler and warp-state statistics,
# speed of light), exported with `--csv --page raw` and `--csv --page details` and ncu's
# default units and separators.
#
#   bash validation/ncu-compare/capture.sh [out_dir]   (default: $OUT, else /tmp/ncu_compare)
#
# Three launches: fma_chain K=4 W=16 (issue-bound), ld_chain dram K=4 F=16 W=32 and ld_chain l2
# K=1 F=0 W=8 (latency-bound). Method as validation/h100/method/run.sh: --launch-skip 1 (the
# warm-up launch), caches flushed with kernel replay for fma and dram, application replay and
# no cache control for l2 (its buffer is warmed before each launch).
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/ncu_compare}}
B=/tmp/ncu_compare_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/bench" ../h100/method/src/bench.cu || exit 1
"$NCU" --version > "$O/ncu_version.txt"
SECTIONS="--section LaunchStats --section Occupancy --section SchedulerStats --section WarpStateStats --section SpeedOfLight"
cap() {  # cap <name> <cache> <replay> <bench prof args...>
  local name=$1 cache=$2 replay=$3; shift 3
  "$NCU" $SECTIONS --cache-control "$cache" --replay-mode "$replay" --launch-skip 1 \
    -k regex:'fma_chain|ld_chain' -f -o "$B/$name" "$B/bench" prof "$@" \
    > "$O/manifest_$name.txt" 2> "$O/stderr_$name.txt"
  echo "$name rc=$?"
  "$NCU" -i "$B/$name.ncu-rep" --csv --page raw > "$O/$name.raw.csv"
  "$NCU" -i "$B/$name.ncu-rep" --csv --page details > "$O/$name.details.csv"
}
cap fma_k4_w16 all kernel fma 4 0 16
cap dram_k4_f16_w32 all kernel dram 4 16 32
cap l2_k1_f0_w8 none application l2 1 0 8
wc -l "$O"/*.csv
