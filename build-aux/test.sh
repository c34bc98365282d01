#!/bin/bash
# test.sh — sets up Debian 12, builds aiperf-plot and runs every test suite.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: bash build-aux/test.sh
# 1. build/: the suites unit, render and cli, then display under Xvfb and a
#    private session bus;
# 2. build-asan/ (AddressSanitizer + UBSan, with the window): unit, render
#    and cli, then display under Xvfb, leaks checked in both.
# 3. build-fuzz/ (clang, libFuzzer): build-aux/fuzz.sh replays the fuzz corpora
#    and past crashes, then fuzzes every parser for a fixed number of runs.
# Every step runs even when an earlier one failed; the exit status is non-zero
# if any failed. AIPERF_BUILD_DIR and AIPERF_ASAN_BUILD_DIR rename the build
# directories; AIPERF_SKIP_ASAN=1 skips step 2, AIPERF_SKIP_FUZZ=1 step 3.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source build-aux/setup-common.sh

build=${AIPERF_BUILD_DIR:-build}
asan_build=${AIPERF_ASAN_BUILD_DIR:-build-asan}
failed=()

# step NAME COMMAND…: runs a step, records its failure and carries on.
step () {
  local name=$1
  shift
  aiperf_log "$name"
  if "$@"; then
    return 0
  fi
  aiperf_log "FAILED: $name"
  failed+=("$name")
  return 1
}

aiperf_install_packages

# Tests never touch the user's dconf database, and need no accessibility bus
# (without at-spi2-core GTK warns about it, and test warnings are fatal).
export GSETTINGS_BACKEND=memory
export GTK_A11Y=none NO_AT_BRIDGE=1

if step "configure $build" aiperf_configure "$build" -Dtests=true -Dui=true &&
   step "build $build" aiperf_build "$build"; then
  step "test $build: unit, render, cli" \
    meson test -C "$build" --no-rebuild --print-errorlogs \
      --suite unit --suite render --suite cli || true
  step "test $build: display (Xvfb)" \
    env GSETTINGS_SCHEMA_DIR="$PWD/$build/data" \
    xvfb-run -a -s '-screen 0 1920x1080x24' dbus-run-session -- \
      meson test -C "$build" --no-rebuild --print-errorlogs --suite display \
        --logbase testlog-display || true
fi

if [[ ${AIPERF_SKIP_ASAN:-0} != 1 ]]; then
  if step "configure $asan_build" aiperf_configure "$asan_build" \
        -Db_sanitize=address,undefined -Dui=true -Dtests=true &&
     step "build $asan_build" aiperf_build "$asan_build"; then
    # GSlice (GLib 2.74) keeps freed blocks in magazines, which LeakSanitizer
    # would report; the process-lifetime caches of GTK's stack (fontconfig,
    # Mesa, GType, …) are suppressed in lsan.supp, never our own code.
    # The GL renderer under Xvfb is Mesa's llvmpipe: slow under ASan and full
    # of its own allocations; the cairo renderer shows the same widgets, and
    # with GL off GDK does not even probe Mesa (whose driver, unloaded at
    # exit, leaks a block LeakSanitizer cannot name on some installs).
    asan_env=(
      ASAN_OPTIONS=detect_leaks=1
      UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
      LSAN_OPTIONS="suppressions=$PWD/build-aux/lsan.supp:print_suppressions=0"
      G_SLICE=always-malloc
    )
    step "test $asan_build (ASan, UBSan): unit, render, cli" \
      env "${asan_env[@]}" \
        meson test -C "$asan_build" --no-rebuild --print-errorlogs \
          --timeout-multiplier 3 --suite unit --suite render --suite cli || true
    step "test $asan_build (ASan, UBSan): display (Xvfb)" \
      env "${asan_env[@]}" GSK_RENDERER=cairo GDK_DEBUG=gl-disable GSETTINGS_SCHEMA_DIR="$PWD/$asan_build/data" \
      xvfb-run -a -s '-screen 0 1920x1080x24' dbus-run-session -- \
        meson test -C "$asan_build" --no-rebuild --print-errorlogs \
          --timeout-multiplier 3 --suite display --logbase testlog-display || true
  fi
fi

if [[ ${AIPERF_SKIP_FUZZ:-0} != 1 ]]; then
  step "fuzz (clang, libFuzzer): replay and bounded runs" bash build-aux/fuzz.sh || true
fi

# One closing line over every suite run, from meson's JSON test logs.
python3 - "$build" "$asan_build" "${AIPERF_FUZZ_BUILD_DIR:-build-fuzz}" <<'PY' || true
import json, os, sys
passed = failed = skipped = 0
for build in sys.argv[1:]:
    logs = os.path.join(build, "meson-logs")
    names = [n for n in os.listdir(logs) if n.startswith("testlog") and n.endswith(".json")] \
        if os.path.isdir(logs) else []
    for line in (l for n in names for l in open(os.path.join(logs, n))):
        result = json.loads(line).get("result")
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
        else:
            failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY

if [[ ${#failed[@]} -gt 0 ]]; then
  aiperf_log "${#failed[@]} step(s) failed:"
  printf '    %s\n' "${failed[@]}"
  exit 1
fi
aiperf_log "All steps passed"
