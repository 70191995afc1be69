#!/usr/bin/env bash
# Runs the register-bank probe (regbank_probe.cu, regbank_patch.py) on the GPU machine: cycles per
# FFMA by the source registers' banks, reuse flags and stall count (regbank-probe/):
#   variants.csv  what each variant reads
#   cycles.csv    clock64 per FFMA of each warp, at 1 and 2 warps per sub-partition
#   summary.csv   ncu at 8 warps per sub-partition (132 blocks of 1,024 threads): active cycles
#                 per instruction issued, issue active, dispatch_stall per issue
#   sass.txt      every variant's listing, its kernel renamed probe_<variant>
#   bash validation/microbench/regbank_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/regbank_probe}}
B=/tmp/regbank_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -cubin -o "$B/probe.cubin" regbank_probe.cu || exit 1
nvcc -O3 -arch=sm_90 -DHOST -o "$B/host" regbank_probe.cu -lcuda || exit 1
python3 regbank_patch.py "$B/probe.cubin" "$B/v" > /dev/null || exit 1
cp "$B/v/variants.csv" "$O/"
ITERS=2000
# (a variant that faults must not hold the machine: each launch has 60 s)
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
M=smsp__cycles_active.sum,smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio
echo "variant,warps_per_subpartition,cycles_per_ffma_per_warp" > "$O/cycles.csv"
: > "$O/sass.txt"
for v in $(tail -n +2 "$B/v/variants.csv" | cut -d, -f1); do
  cuobjdump -sass "$B/v/$v.cubin" | sed "s/Function : probe\$/Function : probe_$v/" >> "$O/sass.txt"
  for w in 1 2; do
    echo "$v,$w,$(timeout 60 "$B/host" "$B/v/$v.cubin" $((128 * w)) $ITERS)" >> "$O/cycles.csv"
  done
  timeout 120 "$NCU" --metrics "$M" --launch-skip 1 --launch-count 1 --csv --page raw "$B/host" "$B/v/$v.cubin" 1024 $ITERS > "$B/ncu_$v.csv" 2>&1
done
cat "$O/cycles.csv"
python3 - "$B" "$O/summary.csv" $(tail -n +2 "$B/v/variants.csv" | cut -d, -f1) <<'PY'
import csv, sys
b, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = ["variant,cycles_per_instruction,issue_active,dispatch_stall_per_issue,math_pipe_throttle_per_issue,not_selected_per_issue"]
for n in names:
    r = [x for x in csv.reader(open(f"{b}/ncu_{n}.csv")) if len(x) > 10]
    d = dict(zip(r[0], r[2]))
    f = lambda k: float(d[k].replace(",", ""))
    s = "smsp__average_warps_issue_stalled_%s_per_issue_active.ratio"
    rows.append("%s,%.4f,%.4f,%.3f,%.3f,%.3f" % (n, f("smsp__cycles_active.sum") / f("smsp__inst_executed.sum"), f("smsp__issue_active.avg.per_cycle_active"),
                f(s % "dispatch_stall"), f(s % "math_pipe_throttle"), f(s % "not_selected")))
open(out, "w").write("\n".join(rows) + "\n")
print("\n".join(rows))
PY
