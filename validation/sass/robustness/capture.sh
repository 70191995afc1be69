#!/usr/bin/env bash
# Compiles kernels.cu and complex.cu for sm_75, sm_80, sm_86, sm_90, sm_100 and sm_120 (CUDA 13 has no sm_70) and dumps each build's SASS with
# cuobjdump (the listings test/sass/robustness.test.ts reads). Run on the GPU machine:
#   bash validation/sass/robustness/capture.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-.}}
mkdir -p "$O"
for a in 75 80 86 90 100 120; do
  nvcc -arch=sm_$a -O3 -cubin -o /tmp/robust_$a.cubin kernels.cu || exit 1
  cuobjdump -sass /tmp/robust_$a.cubin > "$O/sm_$a.sass"
  nvcc -arch=sm_$a -O3 -cubin -o /tmp/complex_$a.cubin complex.cu || exit 1
  cuobjdump -sass /tmp/complex_$a.cubin > "$O/complex_sm_$a.sass"
done
wc -l "$O"/*.sass
