#!/usr/bin/env bash
# Profiles of the execution fixtures as users make them, for `warpsim compare --sass` and the
# -res-usage reader: the same kernels.cu and launches as capture.sh, under ncu with the sections
# people open (launch, occupancy, scheduler and warp-state statistics, speed of light),
# exported with `--csv --page raw`; and `cuobjdump -res-usage` of the same binary.
#
#   bash validation/exec/profile.sh [out_dir]   (default: $OUT, else /tmp/exec_profile)
#
# Writes profile.raw.csv, res-usage.txt, kernels.sass (to check it is the committed listing),
# manifest.txt and versions.txt.
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/exec_profile}}
B=/tmp/exec_profile_bin
. ./build.sh
"$CUOBJDUMP" -res-usage "$B/kernels" > "$O/res-usage.txt"
SECTIONS="--section LaunchStats --section Occupancy --section SchedulerStats --section WarpStateStats --section SpeedOfLight"
"$NCU" $SECTIONS -f -o "$B/profile" "$B/kernels" > "$O/manifest_raw.txt" 2> "$O/ncu_stderr.txt"
echo "ncu rc=$?"
grep MANIFEST "$O/manifest_raw.txt" > "$O/manifest.txt"
"$NCU" -i "$B/profile.ncu-rep" --csv --page raw > "$O/profile.raw.csv"
cmp -s "$O/kernels.sass" kernels.sass && echo "kernels.sass: same as committed" || echo "kernels.sass: DIFFERS from committed"
wc -l "$O"/*.csv "$O/res-usage.txt"; tail -3 "$O/ncu_stderr.txt"
