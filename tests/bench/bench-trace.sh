#!/bin/sh
# bench-trace.sh — the trace summary as a user runs it, against Python.
#
# usage: tests/bench/bench-trace.sh AIPERF-PLOT [SIZE_MB]   (default 1000)
#
# Generates a PyTorch-shaped trace of SIZE_MB (gen-trace.py), then times,
# wall and peak RSS (/usr/bin/time):
#   - aiperf-plot --headless TRACE -o OUT: kernel_summary.csv, the
#     categories and the charts (target < 4 s for 1 GB, RSS <= half the file);
#   - Python: json.load of the file and a loop summing kernel durations;
# and prints the ratio.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

exe=${1:?usage: $0 AIPERF-PLOT [SIZE_MB]}
size=${2:-1000}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/aiperf-trace-bench-XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM

python3 "$here/gen-trace.py" "$size" "$dir/trace.json"
bytes=$(stat -c %s "$dir/trace.json")
echo "trace: $((bytes / 1000000)) MB"

measure () {
  name=$1; shift
  /usr/bin/time -f "%e %M" -o "$dir/time" "$@" > /dev/null 2>&1 || { echo "$name failed"; exit 1; }
  read -r wall kb < "$dir/time"
  echo "$name: wall $wall s, peak RSS $((kb / 1024)) MB"
  eval "${name}_wall=$wall"
}

measure aiperf "$exe" --headless "$dir/trace.json" -o "$dir/out"
test -s "$dir/out/kernel_summary.csv"
cat > "$dir/sum.py" <<'PY'
import json, sys
total = 0.0
for e in json.load(open(sys.argv[1]))["traceEvents"]:
    if e.get("cat") == "kernel":
        total += e.get("dur", 0)
print(total)
PY
measure python python3 "$dir/sum.py" "$dir/trace.json"
python3 -c "print('aiperf-plot is %.1fx faster than json.load + loop' % ($python_wall / max($aiperf_wall, 0.001)))"
