#!/usr/bin/env bash
# The SASS of the ground truth's own benchmark (validation/h100/method/src/bench.cu, unchanged),
# built as groundtruth/run.sh and steady_probe.sh build it (nvcc -O3 -arch=sm_90 -lineinfo), as
# cuobjdump -sass prints it: the listing the micro family runs from (docs/validation.md).
#
#   bash validation/microbench/bench_sass.sh [out_dir]   (default: $OUT, else /tmp/bench_sass)
set -eu
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/bench_sass}}
B=/tmp/bench_sass_bin
mkdir -p "$O" "$B"
nvcc --version | tail -2 > "$O/nvcc_version.txt"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/bench" ../h100/method/src/bench.cu
cuobjdump -sass "$B/bench" > "$O/sass_bench.txt"
