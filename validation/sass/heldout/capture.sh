#!/usr/bin/env bash
# The held-out kernels' H100 counters, as validation/sass/capture.sh (warm caches: application
# replay). Run on the GPU machine: bash validation/sass/heldout/capture.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/heldout}}
mkdir -p "$O"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -arch=sm_90 -O3 -o /tmp/heldout heldout.cu > "$O/nvcc.txt" 2>&1 || { cat "$O/nvcc.txt"; exit 1; }
cuobjdump -sass /tmp/heldout > "$O/heldout.sass"
REASONS="barrier branch_resolving dispatch_stall drain gmma imc_miss lg_throttle long_scoreboard math_pipe_throttle membar mio_throttle misc no_instruction not_selected selected short_scoreboard sleeping tex_throttle wait"
M="sm__cycles_active.avg,smsp__cycles_active.sum,smsp__inst_executed.sum,smsp__issue_active.sum,smsp__warps_active.sum,smsp__warps_eligible.sum,lts__t_sector_hit_rate.pct,l1tex__t_sector_hit_rate.pct,l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct,lts__t_sector_op_read_hit_rate.pct,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,launch__registers_per_thread,launch__shared_mem_per_block_static,dram__bytes_read.sum"
for r in $REASONS; do M="$M,smsp__warps_issue_stalled_$r.sum"; done
timeout 500 "$NCU" --metrics "$M" --cache-control none --replay-mode application -f -o /tmp/heldout_rep /tmp/heldout > "$O/manifest.txt" 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
"$NCU" -i /tmp/heldout_rep.ncu-rep --csv --page raw --print-units base > "$O/ncu_raw.csv"
grep -c MANIFEST "$O/manifest.txt"; wc -l "$O/ncu_raw.csv"; tail -2 "$O/ncu_stderr.txt"
