#!/bin/bash
# setup-common.sh — Debian 12 packages and meson set-up shared by run.sh and test.sh.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Sourced, not run. Defines:
#   aiperf_install_packages   installs what is missing (as root, with apt-get)
#   aiperf_configure DIR ARGS configures DIR idempotently
#   aiperf_build DIR          builds DIR

# What building, running and testing need on Debian 12, and nothing else.
AIPERF_PACKAGES=(
  # toolchain and build system
  gcc libc6-dev meson ninja-build pkg-config
  # libraries (the -dev packages pull in the runtime libraries);
  # libgtk-4-bin has gtk4-update-icon-cache, which gnome.post_install needs,
  # and gtk4-broadwayd, which aiperf-plot --host runs (and tests)
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libgtk-4-bin libadwaita-1-dev
  libjson-glib-dev libyaml-dev libcairo2-dev libpango1.0-dev
  # translations and data validation
  gettext desktop-file-utils appstream
  # SVG icons in the window
  librsvg2-common
  # tests: a display for the display suite, a session bus, fixed fonts,
  # image comparison, and the de_DE locale the parsers are tested under
  xvfb xauth dbus dbus-x11 fonts-cantarell fonts-dejavu-core imagemagick locales
  # the reports: page text of report.pdf, report.html in a headless browser
  # (which also shows the --host window in the tests)
  poppler-utils chromium
  # fuzzing (build-aux/fuzz.sh): clang, and its libFuzzer and sanitizer
  # runtimes, which clang only recommends
  clang libclang-rt-dev
)

aiperf_log () {
  if [[ -t 1 ]]; then
    printf '\033[1m==> %s\033[0m\n' "$*"
  else
    printf '==> %s\n' "$*"
  fi
}

aiperf_missing_packages () {
  local pkg status
  for pkg in "${AIPERF_PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    if [[ $status != "install ok installed" ]]; then
      printf '%s\n' "$pkg"
    fi
  done
}

# Generates de_DE.UTF-8 if the system has the locales package but not that locale.
aiperf_ensure_locale () {
  if locale -a 2>/dev/null | grep -qiE '^de_DE\.utf-?8$'; then
    return 0
  fi
  if [[ $(id -u) -ne 0 ]] || [[ ! -f /etc/locale.gen ]] || ! command -v locale-gen >/dev/null; then
    aiperf_log "de_DE.UTF-8 is not available; locale tests run in the C locale"
    return 0
  fi
  aiperf_log "Generating the de_DE.UTF-8 locale"
  if ! grep -qE '^de_DE\.UTF-8 UTF-8' /etc/locale.gen; then
    if grep -qE '^# *de_DE\.UTF-8 UTF-8' /etc/locale.gen; then
      sed -i -E 's/^# *(de_DE\.UTF-8 UTF-8)/\1/' /etc/locale.gen
    else
      echo 'de_DE.UTF-8 UTF-8' >> /etc/locale.gen
    fi
  fi
  locale-gen >/dev/null
}

aiperf_install_packages () {
  local -a missing
  if ! command -v dpkg-query >/dev/null; then
    aiperf_log "Not a Debian system: skipping package installation"
    return 0
  fi
  mapfile -t missing < <(aiperf_missing_packages)
  if [[ ${#missing[@]} -eq 0 ]]; then
    aiperf_log "All ${#AIPERF_PACKAGES[@]} Debian packages are installed"
  elif [[ $(id -u) -ne 0 ]]; then
    aiperf_log "Not root: cannot install ${missing[*]}"
    echo "    Run as root, or: sudo apt-get install ${missing[*]}" >&2
  else
    aiperf_log "Installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
  aiperf_ensure_locale
}

# aiperf_configure DIR [MESON OPTIONS…]: sets DIR up, or re-applies the options
# to an existing DIR, so running a script twice is cheap and safe.
aiperf_configure () {
  local dir=$1
  shift
  if [[ -f $dir/meson-private/coredata.dat ]]; then
    aiperf_log "Reconfiguring $dir"
    if ! meson setup --reconfigure "$dir" "$@"; then
      aiperf_log "Reconfiguring failed; setting $dir up afresh"
      meson setup --wipe "$dir" "$@"
    fi
  else
    aiperf_log "Configuring $dir"
    meson setup "$dir" "$@"
  fi
}

aiperf_build () {
  aiperf_log "Building $1"
  meson compile -C "$1"
}
