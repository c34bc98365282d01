/* aiperf-json-scan-private.h — what the scanner's files share: the byte
 * tests under string scanning (aiperf-json-scan.c) and skipping
 * (aiperf-json-skip.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-json-scan.h"

G_BEGIN_DECLS

#define AIPERF_JSON_MAX_DEPTH 64

/* Length of a valid UTF-8 sequence at @p (lead byte >= 0x80), or 0. */
static inline gsize
aiperf_json_utf8_sequence (const guchar *p,
               const guchar *end)
{
  guint32 c;
  gsize n, i;

  if (p[0] >= 0xc2 && p[0] <= 0xdf)
    n = 2, c = p[0] & 0x1f;
  else if (p[0] >= 0xe0 && p[0] <= 0xef)
    n = 3, c = p[0] & 0x0f;
  else if (p[0] >= 0xf0 && p[0] <= 0xf4)
    n = 4, c = p[0] & 0x07;
  else
    return 0;
  if ((gsize) (end - p) < n)
    return 0;
  for (i = 1; i < n; i++)
    {
      if ((p[i] & 0xc0) != 0x80)
        return 0;
      c = (c << 6) | (p[i] & 0x3f);
    }
  /* Overlong forms, surrogates and values past U+10FFFF. */
  if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff))
      || (c >= 0xd800 && c <= 0xdfff))
    return 0;
  return n;
}

/* How many of the eight bytes at @p come before the first '"', '\\',
 * byte below 0x20 or above 0x7f (8: none is). A zero byte of v ^ c marks c;
 * the borrow that can flag bytes after a marked one never flags one before,
 * so the lowest flag is exact. */
static inline guint
aiperf_json_plain_prefix (const guchar *p)
{
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  const guint64 highs = ones * 0x80;
  guint64 v, quote, slash, flags;

  memcpy (&v, p, sizeof v);
  quote = v ^ (ones * '"');
  slash = v ^ (ones * '\\');
  flags = (((quote - ones) & ~quote) | ((slash - ones) & ~slash) | (v - ones * 0x20) | v) & highs;
  if (flags == 0)
    return 8;
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  return (guint) __builtin_ctzll (flags) >> 3;
#else
  return 0;
#endif
}

G_END_DECLS
