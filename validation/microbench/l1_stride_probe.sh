#!/usr/bin/env bash
# Runs l1_stride_probe.cu under ncu on the GPU machine: SM cycles of 4-byte loads and stores whose
# lanes are 4 to 128 bytes apart, L1 hits (a few seconds of GPU time).
#   bash validation/microbench/l1_stride_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/l1_stride_probe}}
B=/tmp/l1_stride_probe_bin
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
nvcc -O3 -arch=sm_90 -o "$B/probe" l1_stride_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" > "$O/manifest.txt" || exit 1
M=sm__cycles_active.avg,smsp__inst_executed.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_global.sum,l1tex__data_pipe_lsu_wavefronts.sum,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,lts__t_sectors_op_write.sum
# ncu prints the program's own lines (MANIFEST) before its CSV: keep the CSV from its header on.
"$NCU" --metrics "$M" -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
python3 - "$O/ncu_raw.csv" "$O/manifest.txt" > "$O/summary.csv" <<'PY'
import csv, sys
num = lambda s: float(s.replace(",", "")) if s not in ("", "n/a") else float("nan")  # ncu groups thousands with commas
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("ID", "").isdigit()]
launches = [l.strip().split(",") for l in open(sys.argv[2]) if l.startswith("MANIFEST")]
print("op,stride,iters,cycles,accesses_per_smsp,cycles_per_access_per_smsp,sectors_per_request,wavefronts_per_request,l2_write_sectors_per_request,lg_throttle")
for r, m in zip(rows, launches):
    op, stride, it = m[2], int(m[3]), int(m[4])
    cyc = num(r["sm__cycles_active.avg"])
    acc = 8 * 16 * it  # 8 warps per sub-partition, 16 accesses a trip
    kind = "ld" if op == "load" else "st"
    req = num(r[f"l1tex__t_requests_pipe_lsu_mem_global_op_{kind}.sum"])
    sec = num(r[f"l1tex__t_sectors_pipe_lsu_mem_global_op_{kind}.sum"])
    wf = num(r.get("l1tex__data_pipe_lsu_wavefronts_mem_global.sum", "nan"))
    l2w = num(r["lts__t_sectors_op_write.sum"])
    print(f'{op},{stride},{it},{cyc:.0f},{acc},{cyc / acc:.2f},{sec / req:.1f},{wf / req:.2f},{l2w / req:.2f},{num(r["smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio"]):.2f}')
PY
cat "$O/summary.csv"; tail -3 "$O/ncu_stderr.txt"
