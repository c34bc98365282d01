#!/bin/bash
# check-potfiles.sh — lists translatable files missing from po/POTFILES.in,
# and entries of POTFILES.in that no longer exist.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: build-aux/check-potfiles.sh [--update] [SOURCE_ROOT]. Exits 1 when
# something is missing, so a forgotten file fails the "potfiles" test instead
# of silently shipping untranslated strings. --update rewrites POTFILES.in
# instead: its leading comment, then every translatable file, sorted.
set -euo pipefail

update=0
if [[ ${1:-} == --update ]]; then
  update=1
  shift
fi
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root"
potfiles=po/POTFILES.in

if [[ ! -f $potfiles ]]; then
  echo "check-potfiles: $root/$potfiles does not exist" >&2
  exit 1
fi

listed=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$potfiles" | sort -u)

# Files that hold strings for gettext:
#  - C sources calling _(), N_(), C_(), NC_() or one of the ngettext family;
#  - GtkBuilder files with translatable="yes";
#  - the desktop file, metainfo and GSettings schemas.
candidates=$(
  {
    grep -rlE --include='*.c' --include='*.h' \
      '(^|[^[:alnum:]_])((N|C|NC)?_|g_dngettext|ngettext)[[:space:]]*\(' src 2>/dev/null || true
    grep -rl --include='*.ui' 'translatable="yes"' src data 2>/dev/null || true
    find data -maxdepth 1 \( -name '*.desktop.in' -o -name '*.metainfo.xml.in' \
                            -o -name '*.gschema.xml' \) 2>/dev/null || true
  } | sed 's|^\./||' | sort -u
)

if [[ $update -eq 1 ]]; then
  {
    sed -n '/^#/!q; p' "$potfiles"
    { printf '%s\n' "$candidates"
      for f in $listed; do if [[ -f $f ]]; then printf '%s\n' "$f"; fi; done
    } | sed '/^$/d' | LC_ALL=C sort -u
  } > "$potfiles.tmp"
  mv "$potfiles.tmp" "$potfiles"
  echo "Rewrote $potfiles: $(grep -cv '^#' "$potfiles") files"
  exit 0
fi

status=0
missing=$(comm -23 <(printf '%s\n' "$candidates" | sed '/^$/d') \
                   <(printf '%s\n' "$listed"))
if [[ -n $missing ]]; then
  echo "Files with translatable strings missing from $potfiles:"
  sed 's/^/  /' <<< "$missing"
  status=1
fi

for f in $listed; do
  if [[ ! -f $f ]]; then
    echo "$potfiles lists $f, which does not exist"
    status=1
  fi
done

if [[ $status -eq 0 ]]; then
  echo "$potfiles lists all $(printf '%s\n' "$listed" | wc -l) translatable files"
fi
exit $status
