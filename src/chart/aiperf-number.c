/* aiperf-number.c — a number in a chart's text, written the way the axes
 * write theirs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-number.h"

#include <math.h>
#include <string.h>

char *
aiperf_number_format (double value,
                      int    digits)
{
  /* The multipliers of the axes' tick labels (aiperf-ticks.c). */
  static const struct { double factor; const char *suffix; } si[] = {
    { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" },
  };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char format[16];
  const char *suffix = "";
  double magnitude;
  int decimals;
  char *dot;

  if (isnan (value))
    return g_strdup ("nan");
  if (isinf (value))
    return g_strdup (value > 0 ? "inf" : "-inf");
  if (value == 0)
    return g_strdup ("0");
  magnitude = fabs (value);
  if (magnitude >= 1e4)
    for (guint i = 0; i < G_N_ELEMENTS (si); i++)
      if (magnitude >= si[i].factor)
        {
          value /= si[i].factor;
          magnitude /= si[i].factor;
          suffix = si[i].suffix;
          break;
        }
  decimals = MAX (MAX (digits, 1) - 1 - (int) floor (log10 (magnitude)), 0);
  /* Past what a label can hold (1e-16, 1e20 after "T"): the exponent it is. */
  if (decimals > 15 || magnitude >= 1e15)
    {
      g_snprintf (format, sizeof format, "%%.%dg", MAX (digits, 1));
      return g_strdup (g_ascii_formatd (buffer, sizeof buffer, format, value));
    }
  g_snprintf (format, sizeof format, "%%.%df", decimals);
  g_ascii_formatd (buffer, sizeof buffer, format, value);
  dot = strchr (buffer, '.');
  if (dot != NULL)
    {
      char *end = buffer + strlen (buffer) - 1;

      while (end > dot && *end == '0')
        *end-- = '\0';
      if (end == dot)
        *end = '\0';
    }
  /* Rounded to nothing ("-0"): zero has no sign. */
  if (strcmp (buffer, "-0") == 0)
    return g_strdup ("0");
  return g_strconcat (buffer, suffix, NULL);
}

/* A text aiperf_number_align() takes part in: "-12.50k req/s" is the number
 * "-12.50", its decimals (2) and its family "k req/s" (the multiplier and the
 * words after the space, which must match for two numbers to be aligned). */
typedef struct {
  guint  index;
  gsize  number_end;  /* where the digits end */
  int    decimals;
  const char *family;
} AlignedNumber;

static gboolean
parse_aligned (const char    *text,
               AlignedNumber *out)
{
  const char *p = text;
  int decimals = -1;

  if (*p == '-')
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  if (*p == '.')
    {
      p++;
      decimals = 0;
      while (g_ascii_isdigit (*p))
        {
          p++;
          decimals++;
        }
      if (decimals == 0)
        return FALSE;
    }
  out->number_end = p - text;
  out->decimals = MAX (decimals, 0);
  out->family = p;
  if (*p == 'k' || *p == 'M' || *p == 'G' || *p == 'T')
    p++;
  /* The number alone, or before words: "7B" and "v2.5-rc" are names. */
  return *p == '\0' || (*p == ' ' && p[1] != '\0');
}

typedef struct {
  int   decimals;  /* the most of any member */
  guint members;
} AlignedFamily;

gboolean
aiperf_number_align (GPtrArray *texts)
{
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (AlignedNumber));
  g_autoptr(GHashTable) families = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  gboolean changed = FALSE;

  g_return_val_if_fail (texts != NULL, FALSE);

  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = g_ptr_array_index (texts, i);
      AlignedNumber n = { i, 0, 0, NULL };
      AlignedFamily *family;

      if (text == NULL || !parse_aligned (text, &n))
        continue;
      g_array_append_val (numbers, n);
      family = g_hash_table_lookup (families, n.family);
      if (family == NULL)
        {
          family = g_new0 (AlignedFamily, 1);
          g_hash_table_insert (families, g_strdup (n.family), family);
        }
      family->decimals = MAX (family->decimals, n.decimals);
      family->members++;
    }
  for (guint i = 0; i < numbers->len; i++)
    {
      const AlignedNumber *n = &g_array_index (numbers, AlignedNumber, i);
      const AlignedFamily *family = g_hash_table_lookup (families, n->family);
      char *text = g_ptr_array_index (texts, n->index);
      GString *padded;

      /* Past four decimals the text was no label's ("0.3333333" from a
       * folder name): padding "2" to that would help no one. */
      if (family->members < 2 || family->decimals > 4 || n->decimals == family->decimals)
        continue;
      padded = g_string_new_len (text, n->number_end);
      if (n->decimals == 0)
        g_string_append_c (padded, '.');
      for (int d = n->decimals; d < family->decimals; d++)
        g_string_append_c (padded, '0');
      g_string_append (padded, n->family);
      g_ptr_array_index (texts, n->index) = g_string_free (padded, FALSE);
      g_free (text);
      changed = TRUE;
    }
  return changed;
}
