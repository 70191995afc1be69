#!/usr/bin/env bash
# Builds and runs pipe_probe.cu on the GPU machine: SASS dump, a run without a profiler, and one
# Nsight Compute pass over every kernel and W with the pipe and stall-reason counters.
#
#   bash validation/microbench/pipe_probe.sh [out_dir]      (default: $OUT, else /tmp/pipe_probe)
#
# Writes: sass.txt (cuobjdump -sass), plain.csv (clock64 timings at the free-running clock),
# ncu.csv (one row per launch, ncu --csv --page raw), metrics.txt (what was requested) and
# metric_names.txt (the pipe/dispatch/bank-related names this ncu knows).
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/pipe_probe}}
mkdir -p "$O"
B=/tmp/pipe_probe_bin
mkdir -p "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
WS=${PROBE_WS:-4,8,16,32,64}

nvcc -O3 -arch=sm_90 -lineinfo -o "$B/pipe_probe" pipe_probe.cu || exit 1
cuobjdump -sass "$B/pipe_probe" > "$O/sass.txt"
KS=${PROBE_KERNELS:-all}
"$B/pipe_probe" "$KS" "$WS" > "$O/plain.csv" || exit 1
cat "$O/plain.csv"

"$NCU" --query-metrics --chip gh100 > "$B/query.txt" 2>&1
grep -E "pipe_fma|fmaheavy|fmalite|dispatch|bank|reg_|operand|inst_executed_pipe" "$B/query.txt" > "$O/metric_names.txt"
python3 - "$B/query.txt" > "$O/metrics.txt" <<'EOF'
import re, sys
names = {m.group(1) for l in open(sys.argv[1], errors="replace") if (m := re.match(r"^([a-z0-9_]+__[a-z0-9_]+)\s", l))}
want = ["sm__cycles_elapsed.avg.per_second", "smsp__cycles_active.avg", "smsp__cycles_active.sum",
        "smsp__inst_executed.sum", "smsp__inst_issued.sum", "smsp__issue_active.sum",
        "smsp__issue_active.avg.per_cycle_active", "smsp__warps_active.avg.per_cycle_active",
        "smsp__warps_eligible.avg.per_cycle_active", "smsp__warps_launched.sum"]
for n in sorted(names):
    if re.match(r"smsp__inst_executed_pipe_(fma|fmaheavy|fmalite|alu|lsu|uniform|cbu|adu|fp16)$", n):
        want.append(n + ".sum")
    if re.match(r"smsp__pipe_(fma|fmaheavy|fmalite|alu|shared|fp16)_cycles_active$", n):
        want += [n + ".sum", n + ".avg.pct_of_peak_sustained_active"]
    if n.startswith("smsp__average_warps_issue_stalled_") and n.endswith("_per_issue_active"):
        want.append(n + ".ratio")
print(",".join(w for w in want if w.split(".")[0] in names or not names))
EOF
echo "metrics: $(tr ',' '\n' < "$O/metrics.txt" | wc -l)"

"$NCU" --metrics "$(cat "$O/metrics.txt")" --replay-mode application --cache-control none --launch-skip 1 \
  -k regex:'ffma_probe|mix_probe|ld_chain|wide_probe' -f -o "$B/rep" "$B/pipe_probe" "$KS" "$WS" > "$B/ncu_log.txt" 2>&1
tail -5 "$B/ncu_log.txt"
"$NCU" -i "$B/rep.ncu-rep" --csv --page raw --print-units base > "$O/ncu.csv"
wc -l "$O/ncu.csv"
