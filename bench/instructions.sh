#!/usr/bin/env bash
# Machine instructions per simulated warp-instruction, counted by valgrind (callgrind), not timed:
# on a shared, noisy machine a wall-clock median moves by 10% from run to run, an instruction
# count by well under 1%, so an optimization of a few percent shows. Start-up cancels: the case
# runs at two scales of its loop trips and the count is the difference over the difference in
# warp-instructions. Every cycle is simulated (--no-fast-forward). About a minute per case.
#
#   bash bench/instructions.sh CASE [CASE ...]          (cases: bench/cases.mjs)
#   WARPSIM_ROOT=/path/to/other/checkout bash bench/instructions.sh CASE   (to set two builds side by side)
#   bash bench/instructions.sh --script bench/experiments/lean-floor.mjs warps-16   (a floor instead of warpsim)
#
# Needs valgrind and a build (npm run build). V8 compiles on the main thread here
# (--no-concurrent-recompilation) so that the count does not depend on when a background
# compile lands.
set -euo pipefail
root=${WARPSIM_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
command -v valgrind >/dev/null || { echo "bench/instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
script=bench/case.mjs
if [ "${1:-}" = --script ]; then script=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: bash bench/instructions.sh [--script FILE] CASE [CASE ...]" >&2; exit 1; }

count() { # case scale -> "machine-instructions warp-instructions"
  local out
  out=$(cd "$root" && valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    node --no-concurrent-recompilation "$script" "$1" --no-fast-forward --scale "$2" 2>&1)
  local ir warp
  ir=$(echo "$out" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  warp=$(echo "$out" | sed -n 's/.*"instructions":\([0-9]*\).*/\1/p')
  [ -n "$ir" ] && [ -n "$warp" ] || { echo "bench/instructions.sh: case $1 did not run:" >&2; echo "$out" | tail -5 >&2; exit 1; }
  echo "$ir $warp"
}

for name in "$@"; do
  read -r ir1 w1 < <(count "$name" 0.5)
  read -r ir2 w2 < <(count "$name" 0.25)
  awk -v n="$name" -v a="$ir1" -v b="$ir2" -v x="$w1" -v y="$w2" \
    'BEGIN { printf "%s: %.0f machine instructions per warp-instruction (%d and %d warp-instructions)\n", n, (a - b) / (x - y), x, y }'
done
