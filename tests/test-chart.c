/* test-chart.c — the plain chart description: layers, bounds, copies.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "aiperf-chart.h"
#include "aiperf-number.h"

static void
test_bounds (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("b");
  int a = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  int b = aiperf_chart_add_series (chart, "b", aiperf_color_palette (1), AIPERF_LAYER_POINTS);
  AiperfLayer *errors = aiperf_chart_add_layer (chart, AIPERF_LAYER_ERROR_BARS, a);
  AiperfLayer *segments = aiperf_chart_add_layer (chart, AIPERF_LAYER_SEGMENTS, b);
  AiperfLayer *right = aiperf_chart_add_layer (chart, AIPERF_LAYER_AREA, -1);
  double lo, hi;

  aiperf_layer_append_error (errors, 5, 10, 8, 14, 4, 7);
  aiperf_layer_append_segment (segments, 1, 20, 3, 0);
  right->on_y2 = TRUE;
  aiperf_layer_append_point (right, 2, 90, -1);

  g_assert_true (aiperf_chart_get_data_bounds (chart, 'x', FALSE, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 1);
  g_assert_cmpfloat (hi, ==, 20);
  g_assert_true (aiperf_chart_get_data_bounds (chart, 'y', FALSE, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 3);
  g_assert_cmpfloat (hi, ==, 14);
  /* Areas reach down to zero. */
  g_assert_true (aiperf_chart_get_data_bounds (chart, '2', FALSE, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 90);

  /* A hidden series no longer counts. */
  aiperf_chart_set_series_visible (chart, b, FALSE);
  g_assert_true (aiperf_chart_get_data_bounds (chart, 'x', FALSE, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 2);   /* the y2 area, which belongs to no series */
  g_assert_cmpfloat (hi, ==, 7);
  g_assert_cmpuint (aiperf_chart_count_points (chart, AIPERF_LAYER_SEGMENTS), ==, 0);

  /* Log axes ignore values <= 0. */
  aiperf_chart_set_series_visible (chart, a, FALSE);
  g_assert_true (aiperf_chart_get_data_bounds (chart, '2', TRUE, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 90);
}

static void
test_labels_and_copy (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("c");
  g_autoptr(AiperfChart) copy = NULL;
  int s = aiperf_chart_add_series (chart, "run", aiperf_color_palette (2), AIPERF_LAYER_POINTS);
  AiperfLayer *points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  AiperfLayer *copied;

  aiperf_layer_append_point (points, 1, 1, 7);
  aiperf_layer_append_labeled (points, 2, 4, 8, "4");
  aiperf_axis_add_tick (&chart->x, 5, "0-10");
  g_assert_cmpuint (points->labels->len, ==, 2);
  g_assert_null (g_ptr_array_index (points->labels, 0));

  copy = aiperf_chart_copy (chart);
  copied = g_ptr_array_index (copy->layers, 0);
  g_assert_cmpuint (aiperf_layer_get_n (copied), ==, 2);
  g_assert_cmpfloat (aiperf_layer_y (copied, 1), ==, 4);
  g_assert_cmpint (g_array_index (copied->ids, int, 1), ==, 8);
  g_assert_cmpstr (g_ptr_array_index (copied->labels, 1), ==, "4");
  g_assert_cmpstr (g_ptr_array_index (copy->x.tick_labels, 0), ==, "0-10");
  /* Deep: changing the original leaves the copy alone. */
  aiperf_chart_set_series_visible (chart, s, FALSE);
  g_assert_true (((AiperfSeries *) g_ptr_array_index (copy->series, 0))->visible);
  g_assert_cmpint (aiperf_chart_find_series (copy, "run"), ==, 0);
  g_assert_cmpint (aiperf_chart_find_series (copy, "nope"), ==, -1);
}

static void
test_colors (void)
{
  AiperfColor c;

  g_assert_true (aiperf_color_parse ("#76B900", &c));
  g_assert_cmpint (c.kind, ==, AIPERF_COLOR_RGBA);
  g_assert_cmpfloat_with_epsilon (c.g, 185 / 255.0, 1e-12);
  g_assert_cmpfloat (c.a, ==, 1.0);
  g_assert_true (aiperf_color_parse ("#00000080", &c));
  g_assert_cmpfloat_with_epsilon (c.a, 128 / 255.0, 1e-12);
  g_assert_false (aiperf_color_parse ("76B900", &c));
  g_assert_false (aiperf_color_parse ("#76B9", &c));
  g_assert_false (aiperf_color_parse ("#GGGGGG", &c));
}

/* Numbers in labels: as many digits as asked, no exponent, the axes' SI
 * multiplier from 10,000 on (the expert-load rule said "1.261e+04 tokens"
 * beside an axis reading "12.6k"). */
static void
test_number_format (void)
{
  const struct { double value; int digits; const char *text; } cases[] = {
    { 12610, 4, "12.61k" },
    { 12610, 3, "12.6k" },
    { 989, 4, "989" },
    { 1979, 3, "1979" },        /* %.3g: "1.98e+03" */
    { 1234.6, 3, "1235" },
    { 3.35, 3, "3.35" },
    { 66.9, 4, "66.9" },
    { 295.22, 3, "295" },
    { 0.0102, 3, "0.0102" },
    { 0.000123456, 4, "0.0001235" },  /* %.4g: "0.0001235", 1e-05 below */
    { 0.00001, 4, "0.00001" },
    { 25, 3, "25" },
    { 1.5e6, 4, "1.5M" },
    { -20000, 3, "-20k" },
    { 2.5e9, 2, "2.5G" },
    { -0.00001, 1, "-0.00001" },
    { 0, 4, "0" },
    { 1e-20, 3, "1e-20" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = aiperf_number_format (cases[i].value, cases[i].digits);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
  {
    g_autofree char *text = aiperf_number_format (NAN, 3);

    g_assert_cmpstr (text, ==, "nan");
  }
}

/* Aligns @in (NULL-terminated) and checks the result against @out. */
static void
assert_aligned (const char * const *in,
                const char * const *out)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  guint n = g_strv_length ((char **) in);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (texts, g_strdup (in[i]));
  aiperf_number_align (texts);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (g_ptr_array_index (texts, i), ==, out[i]);
}

/* A legend's numbers share their decimals, as an axis's ticks do; names
 * that hold digits are left alone. */
static void
test_number_align (void)
{
  /* request-rate groups as folder names write them */
  assert_aligned ((const char *[]) { "0.5", "2", "16", NULL }, (const char *[]) { "0.5", "2.0", "16.0" });
  /* whole numbers stay whole; two decimals are kept by all */
  assert_aligned ((const char *[]) { "1", "4", "16", "64", NULL }, (const char *[]) { "1", "4", "16", "64" });
  assert_aligned ((const char *[]) { "0.25", "1.5", "10", NULL }, (const char *[]) { "0.25", "1.50", "10.00" });
  /* point labels with words: the words are the family */
  assert_aligned ((const char *[]) { "0.5 req/s", "2 req/s", "inf", "8 req/s", NULL },
                  (const char *[]) { "0.5 req/s", "2.0 req/s", "inf", "8.0 req/s" });
  /* an axis multiplier is part of the family: "1.5k" and "12k" align, not "3" */
  assert_aligned ((const char *[]) { "1.5k", "12k", "3", NULL }, (const char *[]) { "1.5k", "12.0k", "3" });
  /* names with digits in them, a lone number and folder-name noise */
  assert_aligned ((const char *[]) { "qwen2.5", "qwen3", "7B", "1.5B", "Llama 3.1", "Llama 3", NULL },
                  (const char *[]) { "qwen2.5", "qwen3", "7B", "1.5B", "Llama 3.1", "Llama 3" });
  assert_aligned ((const char *[]) { "0.3333333", "2", NULL }, (const char *[]) { "0.3333333", "2" });
  assert_aligned ((const char *[]) { "-2.5", "4", "Unknown", NULL }, (const char *[]) { "-2.5", "4.0", "Unknown" });
}

/* A chart's legend and its point labels, panels included. */
static void
test_chart_align_numbers (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Rates");
  AiperfChart *panel = aiperf_chart_new ("Panel");
  AiperfLayer *layer;
  const AiperfSeries *series;

  aiperf_chart_add_series (chart, "0.5", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  aiperf_chart_add_series (chart, "16", aiperf_color_palette (1), AIPERF_LAYER_POINTS);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, 0);
  aiperf_layer_append_labeled (layer, 1, 1, 0, "1 req/s");
  aiperf_layer_append_labeled (layer, 2, 2, 1, NULL);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, 1);
  aiperf_layer_append_labeled (layer, 3, 3, 2, "2.5 req/s");
  aiperf_chart_add_series (panel, "2", aiperf_color_palette (2), AIPERF_LAYER_POINTS);
  aiperf_chart_add_panel (chart, panel);

  aiperf_chart_align_numbers (chart);
  series = g_ptr_array_index (chart->series, 0);
  g_assert_cmpstr (series->name, ==, "0.5");
  series = g_ptr_array_index (chart->series, 1);
  g_assert_cmpstr (series->name, ==, "16.0");
  series = g_ptr_array_index (panel->series, 0);
  g_assert_cmpstr (series->name, ==, "2.0");
  layer = g_ptr_array_index (chart->layers, 0);
  g_assert_cmpstr (g_ptr_array_index (layer->labels, 0), ==, "1.0 req/s");
  g_assert_null (g_ptr_array_index (layer->labels, 1));
  layer = g_ptr_array_index (chart->layers, 1);
  g_assert_cmpstr (g_ptr_array_index (layer->labels, 0), ==, "2.5 req/s");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/chart/bounds", test_bounds);
  g_test_add_func ("/aiperf/chart/labels-and-copy", test_labels_and_copy);
  g_test_add_func ("/aiperf/chart/colors", test_colors);
  g_test_add_func ("/aiperf/chart/number-format", test_number_format);
  g_test_add_func ("/aiperf/chart/number-align", test_number_align);
  g_test_add_func ("/aiperf/chart/align-numbers", test_chart_align_numbers);
  return g_test_run ();
}
