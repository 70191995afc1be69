#!/usr/bin/env bash
# Steady-state probe: the ground truth's own benchmark (validation/h100/method/src/bench.cu, the
# groundtruth's source unchanged) profiled twice, with the loop trip count as shipped and doubled
# (ld_chain l2: 128 and 256 trips; dram: 64 and 96, which keeps every chain inside its own
# stretch of the 1 GiB buffer at W = 64, K = 8; fma_chain: 512 and 1024). The difference of two
# runs' raw sums is what the extra trips cost, free of the prologue, the epilogue, the launch
# ramp and the tail: the loop's steady state, to check a simulator's loop model on its own.
#
#   bash validation/microbench/steady_probe.sh [out_dir]   (default: $OUT, else /tmp/steady_probe)
#
# Only K in {1, 4, 8} and F in {0, 16} are run (the ground truth's K = 2 / F = 4 rows are held
# back for blind checks). Writes sass_bench.txt (cuobjdump -sass of the shipped build), and per
# group and trip count ncu_<group>_<n>.csv (ncu --csv --page raw) and manifest_<group>_<n>.txt.
# Method as groundtruth/run.sh: ncu's default clock control (SM locked near 1590 MHz), --launch-skip 1,
# l2 with application replay and no cache control (the buffer is warmed before each launch),
# dram and fma with kernel replay and caches flushed.
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/steady_probe}}
B=/tmp/steady_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
METS=$(paste -sd, bench_metrics.txt)

build() {  # build <name> <N_OUTER> <ITERS_DRAM> <ITERS_L2>
  sed -e "s/N_OUTER = 512;/N_OUTER = $2;/" -e "s/ITERS_DRAM = 64;/ITERS_DRAM = $3;/" \
      -e "s/ITERS_L2 = 128;/ITERS_L2 = $4;/" ../h100/method/src/bench.cu > "$B/$1.cu"
  nvcc -O3 -arch=sm_90 -lineinfo -o "$B/$1" "$B/$1.cu" || exit 1
}
build base 512 64 128
build long 1024 96 256
cuobjdump -sass "$B/base" > "$O/sass_bench.txt"

group() {  # group <name> <cache> <replay> <bench prof args...>
  local name=$1 cache=$2 replay=$3; shift 3
  for bin in base long; do
    "$NCU" --metrics "$METS" --cache-control "$cache" --replay-mode "$replay" --launch-skip 1 \
      -k regex:'fma_chain|ld_chain' -f -o "$B/rep_${name}_$bin" "$B/$bin" prof "$@" \
      > "$O/manifest_${name}_$bin.txt" 2> "$O/ncu_stderr_${name}_$bin.txt"
    echo "$name $bin rc=$?"
    "$NCU" -i "$B/rep_${name}_$bin.ncu-rep" --csv --page raw --print-units base > "$O/ncu_${name}_$bin.csv"
  done
}
group l2 none application l2 1,4,8 0,16 16,32,64
group dram all kernel dram 1,4,8 0,16 16,32,64
group fma all kernel fma 1,4,8 0 16,32,64
wc -l "$O"/ncu_*.csv
