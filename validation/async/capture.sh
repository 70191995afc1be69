#!/usr/bin/env bash
# The asynchronous Hopper fixtures and their H100 counters (issue "Asynchronous Hopper"). Run on
# the GPU machine:   bash validation/async/capture.sh [out_dir]   (default: $OUT)
#
# 1. nvcc for sm_90a (wgmma and setmaxnreg need the "a" target), cuobjdump -sass (kernels.sass,
#    what warpsim reads) and -res-usage.
# 2. The probes (PROBE lines: clock64 cycles per iteration on the waiting warp): probes.txt;
#    every SM streaming bulk copies from the L2 and from DRAM (bytes per SM cycle): streams.txt.
# 3. The GEMMs (and the TMA-fed streaming kernels, "f": manifest-feeds.txt, ncu_raw_feeds.csv) once without ncu (their time and TFLOP/s: manifest.txt, one MANIFEST line per
#    configuration, each launched twice), then under ncu with the SASS fixtures' metrics
#    (validation/sass/metrics.sh), caches flushed before each launch: ncu_raw.csv.
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/async_capture}}
B=/tmp/async_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
CUOBJDUMP=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
nvcc --version | tail -2 > "$O/versions.txt"; "$NCU" --version | tail -1 >> "$O/versions.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >> "$O/versions.txt"
nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o "$B/kernels" kernels.cu -lcuda 2> "$O/nvcc.txt" || { cat "$O/nvcc.txt"; exit 1; }
"$CUOBJDUMP" -sass "$B/kernels" > "$O/kernels.sass"
"$CUOBJDUMP" -res-usage "$B/kernels" > "$O/res-usage.txt"
"$B/kernels" p > "$O/probes.txt" 2>&1; echo "probes rc=$?"
"$B/kernels" s > "$O/streams.txt" 2>&1; echo "streams rc=$?"
"$B/kernels" g > "$O/run.txt" 2>&1; echo "gemms rc=$?"
grep MANIFEST "$O/run.txt" > "$O/manifest.txt"
"$B/kernels" f > "$O/run-feeds.txt" 2>&1; echo "feeds rc=$?"
grep MANIFEST "$O/run-feeds.txt" > "$O/manifest-feeds.txt"
. ../sass/metrics.sh
M="$M,launch__shared_mem_per_block_dynamic,launch__occupancy_limit_shared_mem,launch__occupancy_limit_registers,sm__warps_active.avg.per_cycle_active,lts__t_sectors_op_read.sum,dram__bytes_write.sum"
timeout 300 "$NCU" --metrics "$M" --cache-control all --replay-mode kernel -f -o "$B/cold" "$B/kernels" g > /dev/null 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
"$NCU" -i "$B/cold.ncu-rep" --csv --page raw --print-units base > "$O/ncu_raw.csv" 2>> "$O/ncu_stderr.txt"
timeout 200 "$NCU" --metrics "$M" --cache-control all --replay-mode kernel -f -o "$B/feeds" "$B/kernels" f > /dev/null 2>> "$O/ncu_stderr.txt"
echo "ncu feeds rc=$?"
"$NCU" -i "$B/feeds.ncu-rep" --csv --page raw --print-units base > "$O/ncu_raw_feeds.csv" 2>> "$O/ncu_stderr.txt"
wc -l "$O"/*.csv "$O/manifest.txt"; cat "$O/probes.txt" "$O/manifest.txt"; tail -3 "$O/ncu_stderr.txt"
