#!/usr/bin/env bash
# TMA and bulk stores on the H100 (store_probe.cu). Run on the GPU machine:
#   bash validation/async/store_probe.sh [out_dir]     (default: $OUT; about 30 s of GPU time)
# Writes store-probe.txt (PROBE and MANIFEST lines), store_probe.sass (cuobjdump -sass: what
# warpsim reads) and ncu_store.csv (the streaming stores' DRAM bytes and cycles, ncu raw page).
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/store_probe}}
B=/tmp/store_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
CUOBJDUMP=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o "$B/store_probe" store_probe.cu -lcuda 2> "$O/nvcc.txt" || { cat "$O/nvcc.txt"; exit 1; }
"$CUOBJDUMP" -sass "$B/store_probe" > "$O/store_probe.sass"
"$B/store_probe" > "$O/store-probe.txt" 2>&1; echo "probe rc=$?"
timeout 200 "$NCU" --metrics sm__cycles_active.avg,dram__bytes_write.sum,lts__t_sectors_op_write.sum,smsp__inst_executed.sum --kernel-name stream_store -f -o "$B/store" "$B/store_probe" > /dev/null 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
"$NCU" -i "$B/store.ncu-rep" --csv --page raw --print-units base > "$O/ncu_store.csv" 2>> "$O/ncu_stderr.txt"
cat "$O/store-probe.txt"; grep -n "UTMA\|UBLK\|DEPBAR\|SYNCS\|BMOV\|UTMACMD\|FENCE" "$O/store_probe.sass" | head -40; tail -3 "$O/ncu_stderr.txt"
