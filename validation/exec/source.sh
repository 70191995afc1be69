#!/usr/bin/env bash
# Nsight Compute's Source page for the execution fixtures, as a user exports it: per SASS
# instruction, the instructions executed and the warp-state samples (warp-state sampling at its
# shortest interval, 2^5 cycles, since the fixtures are short), for `warpsim compare
# --source`. The same kernels.cu and launches as capture.sh and profile.sh.
#
#   bash validation/exec/source.sh [out_dir]   (default: $OUT, else /tmp/exec_source)
#
# Writes source-<kernel>.csv (one per fixture, `ncu --page source --csv --print-source sass`),
# source.raw.csv (the same report's raw page: the sampled smsp__pcsamp_* counts beside the
# counted warp-state ratios), kernels.sass (to check it is the committed listing), manifest.txt
# and versions.txt.
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/exec_source}}
B=/tmp/exec_source_bin
. ./build.sh
"$NCU" --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 -f -o "$B/source" "$B/kernels" > "$O/manifest_raw.txt" 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
grep MANIFEST "$O/manifest_raw.txt" > "$O/manifest.txt"
for k in $(awk '{print $2}' "$O/manifest.txt"); do
  "$NCU" -i "$B/source.ncu-rep" --kernel-name "$k" --page source --csv --print-source sass > "$O/source-$k.csv" 2> "$O/source-$k.err"
  echo "$k: $(wc -l < "$O/source-$k.csv") lines"; head -c 300 "$O/source-$k.err"
done
"$NCU" -i "$B/source.ncu-rep" --csv --page raw > "$O/source.raw.csv"
cmp -s "$O/kernels.sass" kernels.sass && echo "kernels.sass: same as committed" || echo "kernels.sass: DIFFERS from committed"
tail -3 "$O/ncu_stderr.txt"; head -3 "$O/source-div_index.csv" | cut -c1-1500
