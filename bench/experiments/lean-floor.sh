#!/usr/bin/env bash
# The lean floor of warpsim's algorithm in three builds, beside the engine: JavaScript
# (lean-floor.mjs), C compiled natively (gcc -O2) and the same C as WebAssembly in Node
# (clang --target=wasm32; Node's optimizing tier from the start, --no-liftoff, as a long-lived
# core would run), for warps-1, warps-16 and loads-8w; RUNS runs each (default 5), medians of
# ns per warp-instruction. A build whose compiler is missing is left out.
#   bash bench/experiments/lean-floor.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
builds=(engine js)
if command -v gcc >/dev/null; then gcc -O2 -o "$tmp/lean-floor" bench/experiments/lean-floor.c && builds+=(native); fi
if command -v clang >/dev/null && command -v wasm-ld >/dev/null; then
  clang -O2 --target=wasm32 -nostdlib -Wl,--no-entry -Wl,--export-all -DWASM -o "$tmp/lean-floor.wasm" bench/experiments/lean-floor.c && builds+=(wasm)
fi
for name in warps-1 warps-16 loads-8w; do
  for ((i = 0; i < runs; i++)); do
    for b in "${builds[@]}"; do
      case $b in
        engine) out=$(node bench/case.mjs "$name" --no-fast-forward) ;;
        js) out=$(node bench/experiments/lean-floor.mjs "$name") ;;
        native) out=$("$tmp/lean-floor" "$name") ;;
        wasm) out=$(node --no-liftoff bench/experiments/lean-floor-wasm.mjs "$tmp/lean-floor.wasm" "$name") ;;
      esac
      echo "$b $out"
    done
  done
done | node -e '
const rows = require("fs").readFileSync(0, "utf8").trim().split("\n").map((l) => {
  const at = l.indexOf(" ");
  return { build: l.slice(0, at), ...JSON.parse(l.slice(at + 1)) };
});
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const builds = [...new Set(rows.map((r) => r.build))];
console.log(`| case | ${builds.map((b) => `${b}: ns per warp-inst. (M/s), cycles`).join(" | ")} |`);
console.log(`| --- | ${builds.map(() => "---").join(" | ")} |`);
for (const name of [...new Set(rows.map((r) => r.name))]) {
  const cells = builds.map((b) => {
    const mine = rows.filter((r) => r.name === name && r.build === b);
    const ns = median(mine.map((r) => (r.seconds * 1e9) / r.instructions));
    return `${ns.toFixed(1)} (${(1e3 / ns).toFixed(1)}), ${mine[0].cycles}`;
  });
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}'
