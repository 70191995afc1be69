#!/usr/bin/env bash
# Runs bank_conflict_probe.cu on the GPU machine: cycles per shared-memory instruction by access
# pattern, its SASS, and ncu's shared-memory wavefront counts of every launch; then the same
# counts for the held-out kernels (validation/sass/heldout), to check the wavefronts warpsim
# derives from their listings (src/sass/bank-conflicts.ts).
#   bash validation/microbench/bank_conflict_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/bank_conflict_probe}}
B=/tmp/bank_conflict_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/probe" bank_conflict_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" "$O/cycles.csv" 2000
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_ldsm.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,sm__cycles_elapsed.avg
# Every launch (warm-up and measured alike, 200 trips): the counts per instruction do not depend on trips.
"$NCU" --metrics "$M" --csv --page raw "$B/probe" /dev/null 200 > "$O/ncu_probe.csv" 2> "$O/ncu_probe_stderr.txt"
nvcc -O3 -arch=sm_90 -lineinfo -o "$B/heldout" ../sass/heldout/heldout.cu || exit 1
# One launch of each held-out kernel (its first: one block per SM).
"$NCU" --metrics "$M" -k regex:'gemm_tc|stencil2d|block_scan' --launch-skip 0 --launch-count 9 --csv --page raw "$B/heldout" > "$O/ncu_heldout.csv" 2> "$O/ncu_heldout_stderr.txt"
cat "$O/cycles.csv"
