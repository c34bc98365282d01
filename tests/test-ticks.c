/* test-ticks.c — nice tick values and their labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <math.h>

#include "aiperf-ticks.h"

static void
assert_ticks (GArray       *ticks,
              const double *expected,
              guint         n)
{
  g_assert_cmpuint (ticks->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (g_array_index (ticks, double, i), expected[i],
                                    fabs (expected[i]) * 1e-12 + 1e-15);
  g_array_unref (ticks);
}

static void
test_linear (void)
{
  const double a[] = { 0, 100, 200, 300, 400, 500, 600, 700, 800 };
  const double b[] = { 3600, 3700, 3800, 3900, 4000, 4100, 4200 };
  const double c[] = { 0, 0.5, 1, 1.5, 2, 2.5, 3 };
  const double d[] = { -10, -5, 0, 5, 10 };
  const double e[] = { 0, 2.5, 5, 7.5, 10 };
  const double f[] = { 0.1, 0.2, 0.3, 0.4 };

  assert_ticks (aiperf_ticks_linear (-30, 830, 8), a, G_N_ELEMENTS (a));
  assert_ticks (aiperf_ticks_linear (3600, 4280, 7), b, G_N_ELEMENTS (b));
  assert_ticks (aiperf_ticks_linear (0, 3.2, 6), c, G_N_ELEMENTS (c));
  assert_ticks (aiperf_ticks_linear (-12, 12, 5), d, G_N_ELEMENTS (d));
  assert_ticks (aiperf_ticks_linear (0, 10, 4), e, G_N_ELEMENTS (e));
  /* No 0.30000000000000004 */
  assert_ticks (aiperf_ticks_linear (0.05, 0.45, 4), f, G_N_ELEMENTS (f));
}

static void
test_log (void)
{
  const double wide[] = { 1, 10, 100, 1000, 10000 };
  const double narrow[] = { 10, 20, 50, 100, 200, 500 };

  assert_ticks (aiperf_ticks_log (0.9, 12000, 8), wide, G_N_ELEMENTS (wide));
  assert_ticks (aiperf_ticks_log (9, 600, 8), narrow, G_N_ELEMENTS (narrow));
  g_array_unref (aiperf_ticks_log (-1, 10, 5));
}

static void
test_integer (void)
{
  const double small[] = { 0, 2, 4, 6, 8, 10 };
  const double quarter[] = { 0, 20, 40, 60 };
  const double plain[] = { 0, 100, 200, 300, 400, 500 };

  /* aiperf_ticks_linear would give 0, 2.5, 5, 7.5, 10 */
  assert_ticks (aiperf_ticks_integer (0, 10, 4), small, G_N_ELEMENTS (small));
  assert_ticks (aiperf_ticks_integer (0, 64, 3), quarter, G_N_ELEMENTS (quarter));
  assert_ticks (aiperf_ticks_integer (0, 500, 5), plain, G_N_ELEMENTS (plain));
}

static void
test_degenerate (void)
{
  GArray *t = aiperf_ticks_linear (5, 5, 5);

  g_assert_cmpuint (t->len, ==, 1);
  g_array_unref (t);
  t = aiperf_ticks_linear (NAN, 5, 5);
  g_assert_cmpuint (t->len, ==, 0);
  g_array_unref (t);
}

static void
test_format (void)
{
  const struct { double value, step; const char *text; } cases[] = {
    { 0, 100, "0" },
    { 200, 100, "200" },
    { 2.5, 2.5, "2.5" },
    { 0.5, 0.5, "0.5" },
    { 0.25, 0.25, "0.25" },
    { 0.001, 0.001, "0.001" },
    { 12000, 2000, "12k" },
    { 1500000, 500000, "1.5M" },
    { 1000000, 1000000, "1M" },
    { 2.5e9, 5e8, "2.5G" },
    { -1e-17, 0.1, "0.0" },
    { 0, 2.5, "0.0" },
    { 3644.08, 0, "3644" },
    { 30.814987, 0, "30.81" },
    { 0.0123456, 0, "0.01235" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = aiperf_ticks_format (cases[i].value, cases[i].step);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
assert_axis_labels (GArray            *values,
                    gboolean           log_decades,
                    const char * const *expected)
{
  g_autoptr(GPtrArray) labels = aiperf_ticks_format_axis (values, log_decades);

  g_assert_cmpuint (labels->len, ==, g_strv_length ((char **) expected));
  for (guint i = 0; i < labels->len; i++)
    g_assert_cmpstr (g_ptr_array_index (labels, i), ==, expected[i]);
  g_array_unref (values);
}

/* One format per axis: zero has the decimals of its neighbours, one SI
 * multiplier for the whole axis; log decades one by one. */
static void
test_format_axis (void)
{
  const char *quarters[] = { "0.0", "2.5", "5.0", "7.5", "10.0", NULL };
  const char *thousands[] = { "0.0", "2.5k", "5.0k", "7.5k", "10.0k", NULL };
  const char *counts[] = { "0", "5k", "10k", "15k", "20k", NULL };
  const char *halves[] = { "-1.0", "-0.5", "0.0", "0.5", "1.0", NULL };
  const char *decades[] = { "0.001", "0.01", "0.1", "1", "10", "100", "1k", "10k", NULL };
  const char *millions[] = { "1.0M", "1.5M", "2.0M", NULL };

  assert_axis_labels (aiperf_ticks_linear (0, 10, 4), FALSE, quarters);
  assert_axis_labels (aiperf_ticks_linear (0, 10000, 4), FALSE, thousands);
  assert_axis_labels (aiperf_ticks_linear (0, 20000, 4), FALSE, counts);
  assert_axis_labels (aiperf_ticks_linear (-1, 1, 4), FALSE, halves);
  assert_axis_labels (aiperf_ticks_log (1e-3, 1e4, 8), TRUE, decades);
  assert_axis_labels (aiperf_ticks_linear (1e6, 2e6, 2), FALSE, millions);
}

int
main (int    argc,
      char **argv)
{
  /* Labels must not depend on the user's locale (no "2,5"). */
  setlocale (LC_ALL, "de_DE.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/ticks/linear", test_linear);
  g_test_add_func ("/aiperf/render/ticks/log", test_log);
  g_test_add_func ("/aiperf/render/ticks/integer", test_integer);
  g_test_add_func ("/aiperf/render/ticks/degenerate", test_degenerate);
  g_test_add_func ("/aiperf/render/ticks/format", test_format);
  g_test_add_func ("/aiperf/render/ticks/format-axis", test_format_axis);
  return g_test_run ();
}
