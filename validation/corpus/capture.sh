#!/usr/bin/env bash
# The corpus's H100 counters (validate family `corpus`). Run on the GPU machine from anywhere:
#
#   bash validation/corpus/capture.sh [out_dir]   (default: $OUT, else /tmp/corpus_capture)
#
# nvcc -arch=sm_90 -O3 kernels.cu; cuobjdump -sass (kernels.sass, what warpsim reads) and
# -res-usage; ncu with the memory fixtures' metrics (validation/sass/metrics.sh and the memory
# system's), caches flushed before each launch (ncu's default, kernel replay): data/ncu_raw.csv.
# The program prints one MANIFEST line per launch, which joins the ncu rows in launch order
# (merge.mjs).
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/corpus_capture}}
B=/tmp/corpus_bin
# The tools, their versions, this folder's kernels.cu built and its listing (validation/exec's build).
. ../exec/build.sh
"$CUOBJDUMP" -res-usage "$B/kernels" > "$O/res-usage.txt"
. ../sass/metrics.sh
M="$M,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,launch__shared_mem_config_size,launch__shared_mem_per_block_static,launch__waves_per_multiprocessor,lts__t_sector_op_write_hit_rate.pct"
"$B/kernels" > "$O/manifest_plain.txt" || exit 1
grep MANIFEST "$O/manifest_plain.txt" > "$O/manifest.txt"
timeout 400 "$NCU" --metrics "$M" --cache-control all --replay-mode kernel -f -o "$B/cold" "$B/kernels" > /dev/null 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
"$NCU" -i "$B/cold.ncu-rep" --csv --page raw --print-units base > "$O/ncu_raw.csv" 2>> "$O/ncu_stderr.txt"
wc -l "$O"/*.csv "$O/manifest.txt"; tail -3 "$O/ncu_stderr.txt"
