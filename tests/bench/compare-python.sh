#!/bin/sh
# compare-python.sh — aiperf-plot against Python on the same machine.
#
# usage: tests/bench/compare-python.sh BUILD-DIR sweep [RUNS]
#        tests/bench/compare-python.sh BUILD-DIR single [REQUESTS]
#        tests/bench/compare-python.sh BUILD-DIR [REQUESTS] [extra aiperf-gen options]
#
# sweep:  RUNS (100) copies of a real summary (concurrency 1..RUNS, four
#         models); both tools write the default multi-run PNGs.
# single: one run of REQUESTS (50000) requests with inter-chunk lists, a
#         ~245 MB GPU telemetry file and 16 000 time slices (issue 8's case);
#         both tools write the default single-run PNGs.
#         The Python side is reference-plot.py: aiperf plot's PNG mode with
#         pandas and matplotlib (Debian: python3-pandas python3-matplotlib).
#         Each command is timed whole (wall, peak RSS), best of three for
#         aiperf-plot, one run for Python, and the ratio printed.
# REQUESTS alone: only loading profile_export.jsonl, aiperf-plot's loader
#         against Python's json module line by line.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

build=${1:?usage: $0 BUILD-DIR sweep|single|REQUESTS}
mode=${2:-50000}
here=$(cd "$(dirname "$0")" && pwd)
python=/usr/bin/python3
dir=$(mktemp -d "${TMPDIR:-/tmp}/aiperf-compare-XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM

# measure NAME COMMAND…: prints "NAME wall SECONDS peak MB"
measure() {
  name=$1
  shift
  /usr/bin/time -f "$name %e %M" -o "$dir/time.txt" "$@" > /dev/null 2>&1
  awk '{ printf "%s wall %.2f s, peak %.0f MB\n", $1, $2, $3 / 1024 }' "$dir/time.txt"
}

best_of_three() {
  name=$1
  shift
  for i in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$dir/t$i.txt" "$@" > /dev/null 2>&1
  done
  cat "$dir/t1.txt" "$dir/t2.txt" "$dir/t3.txt" | sort -n | head -1 |
    awk -v n="$name" '{ printf "%s wall %.2f s, peak %.0f MB (best of 3)\n", n, $1, $2 / 1024 }'
}

whole_commands() {
  data=$1
  # a warm page cache for both
  cat "$data"/* "$data"/*/* > /dev/null 2>&1 || true
  env -u DISPLAY -u WAYLAND_DISPLAY HOME="$dir" "$build/src/aiperf-plot" --headless "$data" -o "$dir/ours" > /dev/null
  ours=$(best_of_three aiperf-plot env -u DISPLAY -u WAYLAND_DISPLAY HOME="$dir" \
           "$build/src/aiperf-plot" --headless "$data" -o "$dir/ours")
  theirs=$(measure python "$python" "$here/reference-plot.py" "$data" "$dir/python")
  echo "$ours"
  echo "$theirs"
  ours_s=$(echo "$ours" | awk '{ print $3 }')
  theirs_s=$(echo "$theirs" | awk '{ print $3 }')
  awk -v a="$ours_s" -v b="$theirs_s" 'BEGIN { printf "ratio (python / aiperf-plot, wall): %.1fx\n", b / a }'
}

case "$mode" in
  sweep)
    runs=${3:-100}
    "$python" - "$here/../data/aiperf-real/tests/unit/plot/fixtures/qwen_concurrency1/profile_export_aiperf.json" \
      "$dir/sweep" "$runs" <<'EOF'
import os, sys
text = open(sys.argv[1]).read()
for i in range(int(sys.argv[3])):
    d = os.path.join(sys.argv[2], "model%d-concurrency%03d" % (i % 4, i + 1))
    os.makedirs(d)
    copy = text.replace('"concurrency": 1,', '"concurrency": %d,' % (i + 1), 1)
    copy = copy.replace('"model_names": [\n        "Qwen/Qwen3-0.6B"', '"model_names": [\n        "model-%d"' % (i % 4), 1)
    open(os.path.join(d, "profile_export_aiperf.json"), "w").write(copy)
EOF
    echo "sweep: $runs summaries"
    whole_commands "$dir/sweep"
    ;;
  single)
    requests=${3:-50000}
    "$build/tests/bench/aiperf-gen" --requests "$requests" --gpus 4 --scrape-ms 342 --timeslices 16000 \
      --out "$dir/run"
    du -m "$dir/run"/* | awk '{ printf "  %s MiB  %s\n", $1, $2 }'
    whole_commands "$dir/run"
    ;;
  *)
    requests=$mode
    shift; [ $# -gt 0 ] && shift
    "$build/tests/bench/aiperf-gen" --requests "$requests" --out "$dir" "$@"
    file="$dir/profile_export.jsonl"
    echo "file: $file ($(du -m "$file" | cut -f1) MB, $(wc -l < "$file") lines)"
    # Both readers get a warm page cache.
    cat "$file" > /dev/null
    echo "python3 json, line by line:"
    measure python "$python" -c '
import json, sys
with open(sys.argv[1]) as f:
    for line in f:
        json.loads(line)
' "$file"
    echo "aiperf-plot loader (2 threads):"
    measure aiperf-plot "$build/tests/bench/bench-load-requests" "$dir"
    ;;
esac
