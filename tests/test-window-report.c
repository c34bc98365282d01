/* test-window-report.c — "Export Report…" in the window: the report of
 * what is open as the tabs show it (one chart per tab, log axes and
 * hidden runs as set), written as HTML and PDF.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "aiperf-report.h"
#include "aiperf-test-util.h"
#include "window-test-util.h"

static guint
count (const char *text,
       const char *needle)
{
  guint n = 0;

  for (const char *p = text; (p = strstr (p, needle)) != NULL; p++)
    n++;
  return n;
}

static void
test_report_of_tabs (void)
{
  g_autofree char *sweep = sweep_path ();
  const char *paths[] = { sweep, NULL };
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-report-XXXXXX", NULL);
  g_autofree char *html_path = g_build_filename (dir, "report.html", NULL);
  g_autofree char *pdf_path = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *html = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  AdwTabView *view;
  AiperfWindow *window;
  AiperfPlotPage *first;
  AiperfRun *hidden;
  guint n_charts = 0;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  view = aiperf_window_get_tab_view (window);

  /* the first tab on a log y axis, the first run unchecked */
  first = page_at (window, 0);
  g_assert_nonnull (first);
  aiperf_plot_page_set_log (first, FALSE, TRUE);
  hidden = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0);
  aiperf_window_set_run_visible (window, hidden, FALSE);
  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      if (page != NULL)
        {
          aiperf_plot_page_redraw (page);
          n_charts += aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page)) != NULL;
        }
    }
  g_assert_cmpuint (n_charts, >, 0);

  g_assert_true (aiperf_window_write_report (window, dir, AIPERF_REPORT_HTML | AIPERF_REPORT_PDF, files, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (files->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (files, 0), ==, html_path);
  g_assert_cmpstr (g_ptr_array_index (files, 1), ==, pdf_path);
  g_assert_true (g_file_get_contents (html_path, &html, NULL, NULL));

  /* one chart per tab that shows one */
  g_assert_cmpuint (count (html, "<figure class=\"chart\""), ==, n_charts);
  /* the first tab's log y axis came along */
  g_assert_nonnull (strstr (html, "\"y\":{\"title\":\"Output Token Throughput Per GPU\",\"unit\":\"tokens/sec/gpu\",\"log\":true"));
  /* the hidden run is not a point of the first chart: its points belong
   * to the two others */
  g_assert_nonnull (strstr (html, "\"runs\":[1,2]"));
  g_assert_null (strstr (html, "\"runs\":[0,"));
  /* every run is still in the header's table */
  g_assert_nonnull (strstr (html, aiperf_run_get_name (hidden)));
  g_assert_true (g_file_test (pdf_path, G_FILE_TEST_IS_REGULAR));

  aiperf_test_remove_tree (dir);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/report/tabs", test_report_of_tabs);
  return g_test_run ();
}
