#!/bin/sh
# compare-python.sh — load time and peak memory of profile_export.jsonl:
# aiperf-plot's loader against Python's json module reading line by line.
#
# usage: tests/bench/compare-python.sh BUILD-DIR [REQUESTS] [extra aiperf-gen options]
# e.g.   tests/bench/compare-python.sh build 50000
#        tests/bench/compare-python.sh build 50000 --precise
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

build=${1:?usage: $0 BUILD-DIR [REQUESTS] [aiperf-gen options]}
requests=${2:-50000}
shift; [ $# -gt 0 ] && shift
dir=$(mktemp -d "${TMPDIR:-/tmp}/aiperf-compare-XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM

"$build/tests/bench/aiperf-gen" --requests "$requests" --out "$dir" "$@"
file="$dir/profile_export.jsonl"
echo "file: $file ($(du -m "$file" | cut -f1) MB, $(wc -l < "$file") lines)"
# Both readers get a warm page cache.
cat "$file" > /dev/null

timer() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "  wall %e s, peak RSS %M KB" "$@"
  else
    start=$(date +%s.%N); "$@"; end=$(date +%s.%N)
    echo "  wall $(echo "$end - $start" | bc) s (install 'time' for peak RSS)"
  fi
}

echo "python3 json, line by line:"
timer python3 -c '
import json, sys
with open(sys.argv[1]) as f:
    for line in f:
        json.loads(line)
' "$file"

echo "aiperf-plot loader (2 threads):"
timer "$build/tests/bench/bench-load-requests" "$dir"
