#!/usr/bin/env bash
# The L1's data-stage work of the memory fixtures (kernels.cu): how many wavefronts global
# accesses take and how busy that made the L1 (what limits sgemm_naive at 8 blocks per SM?).
# Same build and launches as capture.sh, ncu with caches flushed.
#
#   bash validation/memory/wavefronts.sh [out_dir]   (default: $OUT, else /tmp/memory_wavefronts)
#
# Writes wavefronts.csv (ncu raw page), manifest.txt, and what validation/exec/build.sh writes.
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/memory_wavefronts}}
B=/tmp/memory_bin
. ../exec/build.sh
M="l1tex__data_pipe_lsu_wavefronts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts.avg.pct_of_peak_sustained_elapsed,l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__lsuin_requests.sum,l1tex__lsuin_requests.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_active,lts__t_sectors_op_write.sum,lts__t_requests_op_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__cycles_active.avg,smsp__warps_issue_stalled_lg_throttle.sum,smsp__issue_active.sum"
"$B/kernels" | grep MANIFEST > "$O/manifest.txt"
timeout 280 "$NCU" --metrics "$M" --cache-control all --replay-mode kernel -f -o "$B/wf" "$B/kernels" > /dev/null 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
"$NCU" -i "$B/wf.ncu-rep" --csv --page raw --print-units base > "$O/wavefronts.csv" 2>> "$O/ncu_stderr.txt"
wc -l "$O/wavefronts.csv"; tail -3 "$O/ncu_stderr.txt"
