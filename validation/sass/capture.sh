#!/usr/bin/env bash
# The SASS fixtures and their H100 counters (issue 11). Run on the GPU machine from anywhere:
#
#   bash validation/sass/capture.sh [out_dir]   (default: $OUT, else /tmp/sass_capture)
#
# 1. nvcc -arch=sm_90 -O3 kernels.cu (ptxas -v report kept), cuobjdump -sass of the binary:
#    kernels.sass is what `warpsim run --sass` reads, committed as it came out.
# 2. Every kernel at W = 4, 8, 16, 32 warps per SM under ncu: the counters of the ground truth's
#    dataset B (same names, same method: kernel replay, caches flushed before each pass), one
#    launch per configuration, exported with --page raw --print-units base; the program prints
#    one MANIFEST line per launch (index, kernel, W, threads, blocks, dynamic shared memory,
#    iters, blocks per SM from the occupancy API), which join the ncu rows in launch order.
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/sass_capture}}
B=/tmp/sass_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
CUOBJDUMP=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
nvcc --version | tail -2 > "$O/versions.txt"; "$NCU" --version | tail -1 >> "$O/versions.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >> "$O/versions.txt"
nvcc -arch=sm_90 -O3 -lineinfo -Xptxas -v -o "$B/kernels" kernels.cu > "$O/ptxas.txt" 2>&1 || { cat "$O/ptxas.txt"; exit 1; }
"$CUOBJDUMP" -sass "$B/kernels" > "$O/kernels.sass"
. ./metrics.sh
# CACHE=all (default): caches flushed before each pass, kernel replay. CACHE=none: warm caches,
# application replay (each pass reruns the program, so data a kernel reuses stays in L2, as the
# ground truth's L2 groups).
if [ "${CACHE:-all}" = none ]; then REPLAY="--cache-control none --replay-mode application"; else REPLAY="--cache-control all --replay-mode kernel"; fi
timeout 500 "$NCU" --metrics "$M" $REPLAY -f -o "$B/rep" "$B/kernels" "${W_LIST:-4,8,16,32}" > "$O/manifest.txt" 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
"$NCU" -i "$B/rep.ncu-rep" --csv --page raw --print-units base > "$O/ncu_raw.csv" 2>> "$O/ncu_stderr.txt"
grep -c MANIFEST "$O/manifest.txt"; wc -l "$O/ncu_raw.csv"; tail -3 "$O/ncu_stderr.txt"
