/* test-window-titles.c — tabs and sidebar rows that tell things apart:
 * short tab titles, never two alike for different charts, the whole title
 * on hover; run names cut to the part that differs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-short-names.h"

static void
test_short_title (void)
{
  g_autofree char *same = aiperf_short_title ("TTFT vs Throughput", 30);
  g_autofree char *cut = aiperf_short_title ("Pareto Curve: Token Throughput per GPU vs Latency", 30);
  g_autofree char *words = aiperf_short_title ("TTFT Per Request Over Time", 22);

  g_assert_cmpstr (same, ==, "TTFT vs Throughput");
  g_assert_cmpuint (g_utf8_strlen (cut, -1), <=, 30);
  g_assert_true (g_str_has_prefix (cut, "Pareto"));
  g_assert_true (g_str_has_suffix (cut, "vs Latency"));
  g_assert_nonnull (strstr (cut, "…"));
  /* a first word kept whole, a little past the room */
  {
    g_autofree char *kernel = aiperf_short_title ("Kernel Time by Category", 18);

    g_assert_cmpstr (kernel, ==, "Kernel…by Category");
  }
  /* cut between words */
  g_assert_cmpstr (words, ==, "TTFT…Request Over Time");
}

/* Two titles alike at both ends get more room until they differ. */
static void
test_short_titles_distinct (void)
{
  const char *titles[] = {
    "TTFT vs Max Num Seqs at Tensor Parallel 2 (vLLM)",
    "TTFT vs Max Num Seqs at Tensor Parallel 4 (vLLM)",
    "TTFT vs Max Num Seqs at Tensor Parallel 4 (vLLM)",
    "Short",
    NULL,
  };
  g_auto(GStrv) shorts = aiperf_short_titles (titles, 24);

  g_assert_cmpstr (shorts[0], !=, shorts[1]);
  /* the same title twice may read the same */
  g_assert_cmpstr (shorts[1], ==, shorts[2]);
  g_assert_cmpstr (shorts[3], ==, "Short");
}

static void
test_distinct_name (void)
{
  const char *names[] = {
    "Mixtral8x7B-vllm_tp2_bs8_8192-group12",
    "Mixtral8x7B-vllm_tp4_bs8_8192-group12",
    "Mixtral8x7B-vllm_tp8_bs16_8192-group12",
  };
  const char *short_names[] = { "run1", "run2" };
  const char *ccl[] = {
    "Mixtral8x7B-vllmEP4-Perlmutter[defaultall2all_8_8192]-group12",
    "Mixtral8x7B-vllmEP4-Perlmutter[pplx_64_8192]-group12",
    "Mixtral8x7B-vllmTP4-Perlmutter[baseline_32_16384]-group12",
  };
  const char *sweep[] = { "qwen_concurrency1", "qwen_concurrency32" };
  g_autofree char *a = aiperf_distinct_name (names[0], names, 3);
  g_autofree char *row = aiperf_distinct_name (ccl[0], ccl, 3);
  g_autofree char *tab = aiperf_distinct_run_label (ccl[0], ccl, 3);
  g_autofree char *value = aiperf_distinct_run_label (sweep[1], sweep, 2);
  g_autofree char *b = aiperf_distinct_name (names[2], names, 3);
  g_autofree char *lone = aiperf_distinct_name (names[0], names, 1);
  g_autofree char *tiny = aiperf_distinct_name ("run1", short_names, 2);

  g_assert_cmpstr (a, ==, "…tp2_bs8…");
  g_assert_cmpstr (b, ==, "…tp8_bs16…");
  g_assert_cmpstr (lone, ==, names[0]);
  g_assert_cmpstr (tiny, ==, "run1");
  /* words every name has are cut inside the name too */
  g_assert_cmpstr (row, ==, "…vllmEP4…defaultall2all_8_8192…");
  g_assert_cmpstr (tab, ==, "vllmEP4 defaultall2all_8_8192");
  /* a drill-down's run: the parameter, then its value */
  g_assert_cmpstr (value, ==, "concurrency 32");
}

/* What tells a family of titles apart: the words they share go first. */
static void
test_short_titles_differences (void)
{
  const char *titles[] = {
    "TTFT vs Throughput",
    "TTFT vs Max Num Seqs",
    "TPOT (Inter Token Latency) vs Max Num Seqs",
    "TTFT vs Max Num Batched Tokens",
    "Pareto Curve: Token Throughput per GPU vs Latency",
    "Pareto Curve: Token Throughput per GPU vs Interactivity",
    NULL,
  };
  g_auto(GStrv) shorts = aiperf_short_titles (titles, 18);

  g_assert_cmpstr (shorts[0], ==, "TTFT vs Throughput");
  g_assert_cmpstr (shorts[1], ==, "TTFT vs Num Seqs");
  g_assert_cmpstr (shorts[2], ==, "TPOT vs Num Seqs");
  /* "Batched" is its own: it stays, and the middle is cut */
  g_assert_cmpstr (shorts[3], ==, "TTFT…Batched Tokens");
  g_assert_cmpstr (shorts[4], ==, "Pareto vs Latency");
  for (guint i = 0; shorts[i] != NULL; i++)
    for (guint j = i + 1; shorts[j] != NULL; j++)
      g_assert_cmpstr (shorts[i], !=, shorts[j]);
}

/* Finds the tab widget of the tab bar that is selected. */
static GtkWidget *
selected_tab_widget (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_str_equal (gtk_widget_get_css_name (child), "tab") && gtk_widget_get_mapped (child)
          && (gtk_widget_get_state_flags (child) & GTK_STATE_FLAG_SELECTED))
        return child;
      found = selected_tab_widget (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
settle (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* A ccl-bench collection: only the charts that have data, short titles
 * that all differ, and the selected (first) tab in view once the History
 * tab has come in behind it. */
static void
test_collection_tabs (void)
{
  g_autofree char *ccl = g_test_build_filename (G_TEST_DIST, "data", "formats", "vllm", "ccl", NULL);
  const char *paths[] = { ccl, NULL };
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  AiperfWindow *window;
  AdwTabView *view;
  GtkWidget *tab;
  graphene_rect_t bounds;
  guint n_charts = 0;

  if (!display_available ())
    return;
  window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  view = aiperf_window_get_tab_view (window);
  /* the History tab, found in a worker thread, and the bar's scrolling */
  settle (1500);
  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (view, i);
      AiperfPlotPage *plot = page_at (window, i);
      const char *title = adw_tab_page_get_title (page);

      g_assert_false (g_hash_table_contains (seen, title));
      g_hash_table_add (seen, (gpointer) title);
      if (plot == NULL)
        continue;
      n_charts++;
      /* no "Nothing to Plot" among the default tabs */
      g_assert_null (aiperf_plot_page_get_problem (plot));
      g_assert_nonnull (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (plot)));
      /* (a whole first and last word may run a little past the room:
       * "TTFT…Throughput") */
      g_assert_cmpuint (g_utf8_strlen (title, -1), <=, window->tab_title_room + 5);
      g_assert_cmpstr (adw_tab_page_get_tooltip (page), ==, aiperf_plot_page_get_title (plot));
    }
  /* TTFT vs Throughput and ccl-bench's eight sweeps; the per-GPU charts
   * (no GPU count) are left out */
  g_assert_cmpuint (n_charts, ==, 9);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), >, n_charts);
  g_assert_cmpint (adw_tab_view_get_page_position (view, adw_tab_view_get_selected_page (view)), ==, 0);
  tab = selected_tab_widget (GTK_WIDGET (window->tab_bar));
  g_assert_nonnull (tab);
  g_assert_true (gtk_widget_compute_bounds (tab, GTK_WIDGET (window->tab_bar), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window->tab_bar)));
  destroy_window (window);
}

/* The sweep's default tabs: short, all different, the whole title on hover. */
static void
test_tab_titles (void)
{
  AiperfWindow *window;
  AdwTabView *view;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_cut = 0;

  if (!display_available ())
    return;
  window = open_sweep ();
  view = aiperf_window_get_tab_view (window);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), >, 2);
  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (view, i);
      AiperfPlotPage *page = page_at (window, i);
      const char *title = adw_tab_page_get_title (tab);

      g_assert_nonnull (page);
      g_assert_cmpuint (g_utf8_strlen (title, -1), <=, window->tab_title_room + 3);
      g_assert_false (g_hash_table_contains (seen, title));
      g_hash_table_add (seen, (gpointer) title);
      g_assert_cmpstr (adw_tab_page_get_tooltip (tab), ==, aiperf_plot_page_get_title (page));
      if (!g_str_equal (title, aiperf_plot_page_get_title (page)))
        n_cut++;
    }
  /* the sweep's Pareto titles are longer than a tab */
  g_assert_cmpuint (n_cut, >, 0);
  destroy_window (window);
}

static AdwStatusPage *
find_status_page (GtkWidget *widget)
{
  if (ADW_IS_STATUS_PAGE (widget) && gtk_widget_get_child_visible (widget))
    return ADW_STATUS_PAGE (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwStatusPage *found = find_status_page (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A chart with nothing to show says why in a sentence: one cutileGPT
 * profile has no speedup, and the handler's lower-case reason is shown
 * with a capital and a full stop. */
static void
test_problem_sentence (void)
{
  g_autofree char *profile = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", "minGPT", NULL);
  const char *paths[] = { profile, NULL };
  AiperfWindow *window;
  AiperfPlotPage *page;
  AdwStatusPage *status;
  const char *text;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  {
    const AiperfPlotHandler *type;

    type = aiperf_plot_handler_find ("speedup");
    g_assert_nonnull (type);
    page = aiperf_window_add_page (window, aiperf_plot_page_new (aiperf_plot_spec_new ("speedup", type),
                                                                 aiperf_window_get_run_set (window), NULL),
                                   TRUE);
  }
  g_assert_true (page == aiperf_window_get_current_page (window));
  g_assert_nonnull (aiperf_plot_page_get_problem (page));
  status = find_status_page (GTK_WIDGET (page));
  g_assert_nonnull (status);
  text = adw_status_page_get_description (status);
  g_assert_nonnull (text);
  g_assert_true (g_unichar_isupper (g_utf8_get_char (text)));
  g_assert_true (g_str_has_suffix (text, ".") || g_str_has_suffix (text, ")"));
  /* about the window, no command-line flag */
  g_assert_null (strstr (text, "--"));
  g_assert_nonnull (strstr (text, "open the other one too"));
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/titles/short-title", test_short_title);
  g_test_add_func ("/aiperf/window/titles/short-titles-distinct", test_short_titles_distinct);
  g_test_add_func ("/aiperf/window/titles/distinct-name", test_distinct_name);
  g_test_add_func ("/aiperf/window/titles/tabs", test_tab_titles);
  g_test_add_func ("/aiperf/window/titles/short-titles-differences", test_short_titles_differences);
  g_test_add_func ("/aiperf/window/titles/collection-tabs", test_collection_tabs);
  g_test_add_func ("/aiperf/window/titles/problem-sentence", test_problem_sentence);
  return g_test_run ();
}
