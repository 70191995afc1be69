#!/usr/bin/env bash
# Loaded latency and rate of bulk and TMA copies on the H100 (copy_probe.cu). Run on the GPU machine:
#   bash validation/async/copy_probe.sh [out_dir]     (default: $OUT; about a minute of GPU time)
# Writes copy-probe.txt (the probe at the GPU's own clock); copy-probe-ncu.txt (the same under
# ncu, whose locked clock validate's counters use); ncu_copy.csv (sm__cycles_active, the L2's
# read hit rate and DRAM bytes per launch; committed with the launch, kernel and grid columns
# and those three only); copy_probe.sass (what warpsim reads).
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/copy_probe}}
B=/tmp/copy_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o "$B/copy_probe" copy_probe.cu -lcuda 2> "$O/nvcc.txt" || { cat "$O/nvcc.txt"; exit 1; }
"$B/copy_probe" > "$O/copy-probe.txt" 2>&1; echo "probe rc=$?"
# --cache-control none: the second launch of each configuration finds the region in the L2.
timeout 300 "$NCU" --metrics sm__cycles_active.avg,lts__t_sector_op_read_hit_rate.pct,dram__bytes_read.sum --cache-control none --log-file "$O/ncu_log.txt" -f -o "$B/copy" "$B/copy_probe" > "$O/copy-probe-ncu.txt" 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
"$NCU" -i "$B/copy.ncu-rep" --csv --page raw --print-units base > "$O/ncu_copy.csv" 2>> "$O/ncu_stderr.txt"
"${CUOBJDUMP:-cuobjdump}" -sass "$B/copy_probe" > "$O/copy_probe.sass"
cat "$O/copy-probe.txt"; grep PROBE "$O/copy-probe-ncu.txt"; tail -3 "$O/ncu_stderr.txt"
