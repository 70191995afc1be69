# Steps every microbenchmark script shares, sourced by a probe's .sh on the GPU machine:
#   probe_build NAME OUT   compiles NAME.cu for sm_90, writes its SASS to OUT/sass.txt and runs it
#                          (its MANIFEST lines to OUT/manifest.txt); sets O, B and NCU
#   probe_ncu METRICS      profiles the same binary under ncu (the comma-separated metrics; raw
#                          page, base units) into OUT/ncu_raw.csv, ncu's own messages to OUT/ncu_stderr.txt
# Summaries read those two files with lib/ncu_rows.py.
probe_build() {
  O=$2
  B=/tmp/$1_bin
  mkdir -p "$O" "$B"
  NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
  nvcc -O3 -arch=sm_90 -o "$B/probe" "$1.cu" || return 1
  cuobjdump -sass "$B/probe" > "$O/sass.txt"
  "$B/probe" > "$O/manifest.txt" || return 1
}

probe_ncu() {
  "$NCU" --metrics "$1" -f --csv --page raw --print-units base "$B/probe" 2> "$O/ncu_stderr.txt" | sed -n '/^"ID"/,$p' > "$O/ncu_raw.csv"
}
