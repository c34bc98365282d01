/* test-report-svg.c — the pieces of report.html that must be exact: a
 * chart's inline SVG with every id and reference prefixed, and JSON text
 * that cannot end the <script> element holding it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-report-private.h"

static AiperfChart *
small_chart (void)
{
  AiperfChart *chart = aiperf_chart_new ("Latency");
  int s = aiperf_chart_add_series (chart, "run </script>", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);

  aiperf_axis_set_label (&chart->x, "Concurrency", NULL);
  aiperf_axis_set_label (&chart->y, "Request Latency", "ms");
  for (int i = 1; i <= 4; i++)
    aiperf_layer_append_point (layer, i, 100.0 * i, i - 1);
  return chart;
}

static void
test_svg_prefix (void)
{
  g_autoptr(AiperfChart) chart = small_chart ();
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = NULL;
  AiperfStyle style;
  guint ids = 0, refs = 0;
  const char *p;

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  svg = aiperf_report_chart_svg (chart, &style, "c7-", &error);
  aiperf_style_clear (&style);
  g_assert_no_error (error);

  /* an element, not a document */
  g_assert_true (g_str_has_prefix (svg, "<svg"));
  g_assert_null (strstr (svg, "<?xml"));
  /* cairo's glyphs are there, each id and reference with the prefix */
  for (p = svg; (p = strstr (p, "id=\"")) != NULL; p += 4, ids++)
    g_assert_true (g_str_has_prefix (p + 4, "c7-"));
  for (p = svg; (p = strstr (p, "href=\"#")) != NULL; p += 7, refs++)
    g_assert_true (g_str_has_prefix (p + 7, "c7-"));
  for (p = svg; (p = strstr (p, "url(#")) != NULL; p += 5)
    g_assert_true (g_str_has_prefix (p + 5, "c7-"));
  g_assert_cmpuint (ids, >, 5);
  g_assert_cmpuint (refs, >, 5);
  g_assert_nonnull (strstr (svg, "id=\"c7-glyph0-1\""));
  /* the text is glyphs: the series name cannot break out of the page */
  g_assert_null (strstr (svg, "</script>"));
}

static void
test_json_string (void)
{
  g_autoptr(GString) out = g_string_new (NULL);

  aiperf_report_json_string (out, "a</script><!-- & \"q\" \\ \n\t\x01 µs");
  g_assert_cmpstr (out->str, ==,
                   "\"a\\u003c/script\\u003e\\u003c!-- \\u0026 \\\"q\\\" \\\\ \\n\\t\\u0001 µs\"");
  g_string_truncate (out, 0);
  aiperf_report_json_string (out, NULL);
  g_assert_cmpstr (out->str, ==, "\"\"");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/report/svg-prefix", test_svg_prefix);
  g_test_add_func ("/aiperf/report/json-string", test_json_string);
  return g_test_run ();
}
