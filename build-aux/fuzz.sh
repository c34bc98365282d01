#!/bin/bash
# fuzz.sh — builds the libFuzzer targets of tests/fuzz with clang and runs
# them deterministically, as CI does.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: bash build-aux/fuzz.sh [TARGET…]      (default: every tests/fuzz/fuzz-*.c)
#   1. builds build-fuzz/ (CC=clang, -Dfuzzing=true: ASan, UBSan, libFuzzer);
#   2. replays each target's seed corpus tests/fuzz/corpus/NAME/ and every
#      input that once crashed it, tests/fuzz/crashes/NAME/ (meson test --suite fuzz);
#   3. fuzzes each target with a fixed seed (-seed=1) for a bounded number of
#      runs (AIPERF_FUZZ_RUNS, default below), starting from the seed corpus, so
#      every run of this script does the same work and gives the same answer.
# New inputs go to a scratch corpus under build-fuzz/fuzz/, never into the
# source tree. A crash, leak, UBSan report, critical or timeout fails the
# script and leaves the input in build-fuzz/fuzz/NAME/artifacts/.
# AIPERF_FUZZ_BUILD_DIR renames build-fuzz.
#
# Longer random runs are a developer's tool, not CI. After step 1:
#   mkdir -p /tmp/corpus-requests
#   build-fuzz/tests/fuzz/fuzz-requests -max_total_time=600 -timeout=10 \
#     -dict=tests/fuzz/json.dict -fork=2 -ignore_crashes=1 \
#     /tmp/corpus-requests tests/fuzz/corpus/requests
# (any target; the first folder collects new inputs, libFuzzer writes a
# crashing input to ./crash-*, leak-* or timeout-*). Reproduce one with
#   build-fuzz/tests/fuzz/fuzz-requests crash-…
# fix the parser (with a unit test), then keep the input as a regression in
# tests/fuzz/crashes/requests/ under a name that says what it broke.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source build-aux/setup-common.sh

build=${AIPERF_FUZZ_BUILD_DIR:-build-fuzz}
# About 10 s per target on a busy 2-core machine (200–600 inputs/s).
runs=${AIPERF_FUZZ_RUNS:-4000}

if [[ $# -gt 0 ]]; then
  targets=("$@")
else
  targets=()
  for src in tests/fuzz/fuzz-*.c; do
    name=${src#tests/fuzz/fuzz-}
    name=${name%.c}
    [[ $name == common ]] || targets+=("$name")
  done
fi

# GLib keeps freed blocks in GSlice magazines, hiding leaks and use-after-free;
# every sanitizer report is fatal.
export G_SLICE=always-malloc
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

aiperf_install_packages
CC=clang aiperf_configure "$build" -Dfuzzing=true -Dui=false -Dtests=false
aiperf_log "Building the fuzz targets in $build"
meson compile -C "$build" fuzz

# The targets write each input to a scratch folder, which a crash leaves behind.
export TMPDIR=$PWD/$build/fuzz/tmp
mkdir -p "$TMPDIR"

aiperf_log "Replaying the seed corpora and past crashes"
replay=()
for name in "${targets[@]}"; do
  replay+=("fuzz-$name")
done
failed=()
if ! meson test -C "$build" --no-rebuild --print-errorlogs --suite fuzz "${replay[@]}"; then
  aiperf_log "FAILED: replay (see $build/meson-logs/testlog.txt)"
  failed+=(replay)
fi

# dict_for NAME: the libFuzzer dictionary of a target (syntax and key names).
dict_for () {
  case $1 in
    *-csv) echo tests/fuzz/csv.dict ;;
    presets) echo tests/fuzz/yaml.dict ;;
    *) echo tests/fuzz/json.dict ;;
  esac
}

# Without address randomisation where the system allows it: some code
# branches on addresses (page alignment, pointer-keyed hash tables), which
# would make runs differ.
norandom=()
if setarch "$(uname -m)" -R true 2>/dev/null; then
  norandom=(setarch "$(uname -m)" -R)
fi

for name in "${targets[@]}"; do
  work=$build/fuzz/$name
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/artifacts"
  aiperf_log "Fuzzing $name: $runs runs, seed 1"
  # The scratch corpus comes first: libFuzzer adds new inputs to the first
  # folder. -max_len is fixed so the mutations do not depend on the corpus.
  # A fixed (relative) scratch folder: its path shows in what the loaders
  # compare, so a random one would make each run different.
  # A fixed environment too: with fixed addresses, its size still moves the
  # stack. -reload=0: libFuzzer would re-read its corpus folder every second,
  # on the clock.
  if env -i PATH=/usr/bin:/bin LANG=C.UTF-8 G_SLICE=always-malloc \
       ASAN_OPTIONS="$ASAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" \
       AIPERF_FUZZ_SCRATCH="$work/scratch" "${norandom[@]}" \
     "$build/tests/fuzz/fuzz-$name" -seed=1 -runs="$runs" -max_len=32768 \
       -dict="$(dict_for "$name")" \
       -timeout=10 -rss_limit_mb=2048 -reload=0 -print_final_stats=1 \
       -artifact_prefix="$work/artifacts/" \
       "$work/corpus" "tests/fuzz/corpus/$name" >"$work/log.txt" 2>&1; then
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)' \
      "$work/log.txt" | tr '\n' ' ' | sed 's/stat:://g'
    echo
  else
    tail -n 40 "$work/log.txt"
    aiperf_log "FAILED: fuzz-$name (input in $work/artifacts/)"
    failed+=("$name")
  fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
  aiperf_log "${#failed[@]} fuzz step(s) failed: ${failed[*]}"
  exit 1
fi
aiperf_log "All ${#targets[@]} fuzz targets passed"
