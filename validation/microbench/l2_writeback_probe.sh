#!/usr/bin/env bash
# Runs l2_writeback_probe.cu under ncu on the GPU machine, caches flushed before each launch (as
# the validation captures): DRAM bytes written while each kernel runs against the bytes it stores.
#   bash validation/microbench/l2_writeback_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/l2_writeback_probe}}
B=/tmp/l2_writeback_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" l2_writeback_probe.cu || exit 1
"$B/probe" > "$O/manifest.txt" || exit 1
# ncu prints the program's own lines (MANIFEST) before its CSV: keep the CSV from its header on.
"$NCU" --metrics dram__bytes_write.sum,dram__bytes_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_op_read.sum,sm__cycles_active.avg --cache-control all -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import csv, sys
num = lambda s: float(s.replace(",", ""))  # ncu groups thousands with commas
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
launches = [l.strip().split(",") for l in open(sys.argv[2]) if l.startswith("MANIFEST")]
# Bytes the kernel stores: W (write_only, update) or W / 2 (copy); the L2's write sectors are
# listed beside them (ncu counts 1.5 per stored sector on sm_90, as the corpus's streams show).
print("kind,MiB,stored_MiB,lts_write_MiB,dram_write_MiB,write_back_share,dram_read_MiB,cycles")
for r, m in zip(rows, launches):
    stored = int(m[3]) / (2 if m[2] == "copy" else 1)
    lts = num(r["lts__t_sectors_op_write.sum"]) * 32 / 2**20
    wb = num(r["dram__bytes_write.sum"]) / 2**20
    print(f'{m[2]},{m[3]},{stored:g},{lts:.1f},{wb:.2f},{wb / stored:.3f},{num(r["dram__bytes_read.sum"]) / 2**20:.2f},{num(r["sm__cycles_active.avg"]):.0f}')
PY
cat "$O/summary.csv"
