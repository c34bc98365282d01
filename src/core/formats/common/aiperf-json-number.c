/* aiperf-json-number.c — JSON number text → double: fast, exact, locale-independent.
 *
 * Most numbers in AIPerf exports are short decimals or 17-digit Python
 * reprs. Up to 19 significant digits are accumulated in an integer and
 * scaled by an exact power of ten, which rounds once (Clinger's fast path
 * with doubles, or x87 extended precision with a check for the rare
 * halfway cases); anything else goes to strtod_l() in the C locale.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE 1
#include "config.h"

#include "aiperf-json-scan.h"

#include <errno.h>
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>

/* Powers of ten exactly representable as doubles (Clinger's fast path). */
static const double exact_pow10[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

#if defined(__x86_64__) || defined(__i386__)
/* x87 extended precision: a 64-bit significand holds every 19-digit
 * mantissa and 10^k up to k = 27 exactly, so one division rounds once. */
#define HAVE_X87_LONG_DOUBLE 1
static const long double exact_pow10_ld[] = {
  1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L, 1e11L,
  1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L,
  1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L,
};
#endif

#ifdef HAVE_X87_LONG_DOUBLE
/* Emulators (valgrind) may compute long double with a 53-bit significand,
 * which would break the one-rounding argument: check once. */
static gboolean
have_extended_precision (void)
{
  static gsize once = 0;
  static gboolean ok;

  if (g_once_init_enter (&once))
    {
      volatile long double x = 1.0L;

      x += 0x1p-60L;
      ok = x != 1.0L;
      g_once_init_leave (&once, 1);
    }
  return ok;
}
#endif

static locale_t
c_locale (void)
{
  static gsize once = 0;
  static locale_t loc;

  if (g_once_init_enter (&once))
    {
      loc = newlocale (LC_ALL_MASK, "C", (locale_t) 0);
      g_once_init_leave (&once, 1);
    }
  return loc;
}

static double
slow_strtod (const char *text,
             gsize       length,
             gboolean   *ok)
{
  char buf[128];
  g_autofree char *heap = NULL;
  const char *s = buf;
  char *endp = NULL;
  double d;

  /* The input is not NUL-terminated (it is an mmap'ed file). */
  if (length < sizeof buf)
    {
      memcpy (buf, text, length);
      buf[length] = '\0';
    }
  else
    s = heap = g_strndup (text, length);

  errno = 0;
  d = strtod_l (s, &endp, c_locale ());
  *ok = (endp == s + length) && isfinite (d);
  return d;
}

#ifdef HAVE_X87_LONG_DOUBLE
/* Rounds @x to double unless it sits (within its own rounding error) on a
 * halfway point between two doubles, where double rounding could be off. */
static gboolean
ld_to_double_exact (long double x,
                    double     *out)
{
  union { long double ld; struct { guint64 sig; guint16 se; } p; } u;
  guint low;

  if (!(x >= (long double) DBL_MIN && x <= (long double) DBL_MAX))
    return FALSE;
  u.ld = x;
  low = (guint) (u.p.sig & 0x7ff);
  if (low >= 0x3ff && low <= 0x401)
    return FALSE;
  *out = (double) x;
  return TRUE;
}
#endif

/* Inlined into the list loop, the hottest code of a load. */
static inline G_ALWAYS_INLINE const char *
parse_number (const char       *text,
              const char       *end,
              AiperfJsonNumber *out)
{
  const char *p = text;
  gboolean neg = FALSE, is_int = TRUE, truncated = FALSE;
  guint64 mant = 0;
  int n_sig = 0, exp10 = 0;
  double d;

  if (p < end && *p == '-')
    {
      neg = TRUE;
      p++;
    }
  if (p >= end || !g_ascii_isdigit (*p))
    return NULL;
  if (*p == '0')
    p++;
  else
    {
      for (; p < end && g_ascii_isdigit (*p); p++)
        {
          if (n_sig < 19)
            {
              mant = mant * 10 + (guint64) (*p - '0');
              n_sig++;
            }
          else
            {
              exp10++;
              if (*p != '0')
                truncated = TRUE;
            }
        }
    }
  if (p < end && *p == '.')
    {
      p++;
      is_int = FALSE;
      if (p >= end || !g_ascii_isdigit (*p))
        return NULL;
      for (; p < end && g_ascii_isdigit (*p); p++)
        {
          if (mant == 0 && *p == '0')
            exp10--;
          else if (n_sig < 19)
            {
              mant = mant * 10 + (guint64) (*p - '0');
              n_sig++;
              exp10--;
            }
          else if (*p != '0')
            truncated = TRUE;
        }
    }
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      gboolean eneg = FALSE;
      int e = 0;

      p++;
      is_int = FALSE;
      if (p < end && (*p == '+' || *p == '-'))
        eneg = (*p++ == '-');
      if (p >= end || !g_ascii_isdigit (*p))
        return NULL;
      for (; p < end && g_ascii_isdigit (*p); p++)
        if (e < 100000)
          e = e * 10 + (*p - '0');
      exp10 += eneg ? -e : e;
    }

  out->is_int = FALSE;
  out->i = 0;
  if (is_int && !truncated && n_sig <= 19 && exp10 == 0
      && (mant <= (guint64) G_MAXINT64 || (neg && mant == (guint64) G_MAXINT64 + 1)))
    {
      out->is_int = TRUE;
      out->i = !neg ? (gint64) mant : mant > (guint64) G_MAXINT64 ? G_MININT64 : -(gint64) mant;
    }

  if (!truncated && mant == 0)
    {
      out->d = neg ? -0.0 : 0.0;
      return p;
    }
  if (!truncated && mant <= (G_GUINT64_CONSTANT (1) << 53)
      && exp10 >= -22 && exp10 <= 22)
    {
      d = (double) mant;
      d = exp10 < 0 ? d / exact_pow10[-exp10] : d * exact_pow10[exp10];
      out->d = neg ? -d : d;
      return p;
    }
#ifdef HAVE_X87_LONG_DOUBLE
  if (!truncated && exp10 >= -27 && exp10 <= 27 && have_extended_precision ())
    {
      long double x = (long double) mant;

      x = exp10 < 0 ? x / exact_pow10_ld[-exp10] : x * exact_pow10_ld[exp10];
      if (ld_to_double_exact (x, &d))
        {
          out->d = neg ? -d : d;
          return p;
        }
    }
#endif
  {
    gboolean ok;

    d = slow_strtod (text, (gsize) (p - text), &ok);
    if (!ok)
      return NULL;
    out->d = d;
  }
  return p;
}

const char *
aiperf_json_parse_number (const char       *text,
                          const char       *end,
                          AiperfJsonNumber *out)
{
  g_return_val_if_fail (text != NULL && end != NULL && out != NULL, NULL);
  return parse_number (text, end, out);
}
