#!/bin/bash
# run.sh — sets up Debian 12, builds aiperf-plot and opens the bundled examples.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: bash build-aux/run.sh
# With a display (DISPLAY or WAYLAND_DISPLAY) the window opens on
# data/examples/qwen-sweep; without one the examples are exported to PNG with
# aiperf-plot --headless. AIPERF_BUILD_DIR picks the build directory (build).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source build-aux/setup-common.sh

build=${AIPERF_BUILD_DIR:-build}
examples=data/examples/qwen-sweep

aiperf_install_packages
aiperf_configure "$build"
aiperf_build "$build"

exe=$build/src/aiperf-plot
# Uninstalled, the window finds its settings schema in the build tree.
export GSETTINGS_SCHEMA_DIR=$PWD/$build/data

if [[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]]; then
  aiperf_log "Opening $examples"
  exec "$exe" "$examples"
fi

# No display: the same plots, written as files.
out=$build/example-plots
status=0
aiperf_log "No display: exporting the examples to $out"
rm -rf "$out"
mkdir -p "$out"
"$exe" --headless --list "$examples" || status=$?
"$exe" --headless "$examples" --output "$out/multi-run" || status=$?
"$exe" --headless "$examples/qwen_concurrency1" --output "$out/single-run" || status=$?

mapfile -t pngs < <(find "$out" -name '*.png' | sort)
if [[ ${#pngs[@]} -gt 0 ]]; then
  aiperf_log "${#pngs[@]} PNG file(s) in $PWD/$out:"
  printf '    %s\n' "${pngs[@]#"$out/"}"
else
  aiperf_log "No PNG was written to $PWD/$out"
  if [[ $status -eq 0 ]]; then
    status=1
  fi
fi
exit "$status"
