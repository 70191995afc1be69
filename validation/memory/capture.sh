#!/usr/bin/env bash
# The memory fixtures and their H100 counters (issue "A memory system from addresses"). Run on
# the GPU machine from anywhere:
#
#   bash validation/memory/capture.sh [out_dir]   (default: $OUT, else /tmp/memory_capture)
#
# 1. nvcc -arch=sm_90 -O3 kernels.cu; cuobjdump -sass (kernels.sass, what warpsim reads) and
#    -res-usage (registers and static shared memory of each kernel).
# 2. ncu with the SASS fixtures' metrics (validation/sass/metrics.sh) plus the memory system's
#    (sectors and requests of loads and stores, DRAM bytes both ways, the shared-memory carveout
#    the driver picked), twice: caches flushed before each launch (ncu's default, kernel replay:
#    data/ncu_raw.csv) and warm (--cache-control none, application replay: data/ncu_raw_warm.csv).
#    The program prints one MANIFEST line per launch, which joins the ncu rows in launch order.
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/memory_capture}}
B=/tmp/memory_bin
# The tools, their versions, this folder's kernels.cu built and its listing (validation/exec's build).
. ../exec/build.sh
"$CUOBJDUMP" -res-usage "$B/kernels" > "$O/res-usage.txt"
. ../sass/metrics.sh
M="$M,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__shared_mem_config_size,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,launch__occupancy_limit_shared_mem,launch__waves_per_multiprocessor,sm__warps_active.avg.per_cycle_active,lts__t_sector_op_write_hit_rate.pct"
"$B/kernels" > "$O/manifest_plain.txt" || exit 1
grep MANIFEST "$O/manifest_plain.txt" > "$O/manifest.txt"
timeout 280 "$NCU" --metrics "$M" --cache-control all --replay-mode kernel -f -o "$B/cold" "$B/kernels" > /dev/null 2> "$O/ncu_stderr.txt"
echo "ncu cold rc=$?"
"$NCU" -i "$B/cold.ncu-rep" --csv --page raw --print-units base > "$O/ncu_raw.csv" 2>> "$O/ncu_stderr.txt"
timeout 250 "$NCU" --metrics "$M" --cache-control none --replay-mode application -f -o "$B/warm" "$B/kernels" > /dev/null 2>> "$O/ncu_stderr.txt"
echo "ncu warm rc=$?"
"$NCU" -i "$B/warm.ncu-rep" --csv --page raw --print-units base > "$O/ncu_raw_warm.csv" 2>> "$O/ncu_stderr.txt"
wc -l "$O"/*.csv "$O/manifest.txt"; tail -3 "$O/ncu_stderr.txt"
