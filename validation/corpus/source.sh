#!/usr/bin/env bash
# Nsight Compute's Source page for chosen corpus kernels: per SASS instruction, the instructions
# executed and the warp-state samples (every 2^5 cycles), for `warpsim compare --source`. The
# same kernels.cu and launches as capture.sh; only the kernels named are profiled (the others
# still run, so each profiled launch sees the data capture.sh's did).
#
#   bash validation/corpus/source.sh OUT_DIR kernel [kernel ...]
#
# Writes OUT_DIR/source/source-<kernel>.csv (`ncu --page source --csv --print-source sass`),
# OUT_DIR/source/raw.csv (the report's raw page), versions.txt and a check that the listing is the
# committed one; OUT_DIR/source.tar.gz holds the folder (the device tool brings back few files).
# The launches are capture.sh's (data/*/manifest.txt): ncu's own output breaks into the program's
# MANIFEST lines here.
set -u
cd "$(dirname "$0")"
R=$1; O=$R/source; shift
B=/tmp/corpus_source_bin
. ../exec/build.sh
names=$(IFS='|'; echo "$*")
timeout 500 "$NCU" --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 \
  -k "regex:^($names)" -f -o "$B/source" "$B/kernels" > /dev/null 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
for k in "$@"; do
  timeout 60 "$NCU" -i "$B/source.ncu-rep" -k "regex:^$k" --page source --csv --print-source sass > "$O/source-$k.csv" 2> "$O/source-$k.err"
  echo "$k: $(wc -l < "$O/source-$k.csv") lines"; head -c 300 "$O/source-$k.err"
done
timeout 120 "$NCU" -i "$B/source.ncu-rep" --csv --page raw > "$O/raw.csv"
cmp -s "$O/kernels.sass" kernels.sass && echo "kernels.sass: same as committed" || echo "kernels.sass: DIFFERS from committed"
rm -f "$O/kernels.sass"
tail -3 "$O/ncu_stderr.txt"
tar -czf "$R/source.tar.gz" -C "$R" source && rm -r "$O"
