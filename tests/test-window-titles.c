/* test-window-titles.c — tabs and sidebar rows that tell things apart:
 * short tab titles, never two alike for different charts, the whole title
 * on hover; run names cut to the part that differs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-chart-view-private.h"
#include "aiperf-short-names.h"

/* One title alone at @room characters. */
static char *
short_title (const char *title,
             int         room)
{
  const char *titles[] = { title, NULL };
  g_auto(GStrv) shorts = aiperf_short_titles (titles, aiperf_text_chars, NULL, room);

  return g_strdup (shorts[0]);
}

static void
test_short_title (void)
{
  g_autofree char *same = short_title ("TTFT vs Throughput", 30);
  g_autofree char *cut = short_title ("Pareto Curve: Token Throughput per GPU vs Latency", 30);
  g_autofree char *words = short_title ("TTFT Per Request Over Time", 22);

  g_assert_cmpstr (same, ==, "TTFT vs Throughput");
  /* a metric by its short name, the middle left out */
  g_assert_cmpstr (cut, ==, "Pareto…Tok/s/GPU vs Latency");
  /* cut between words, never wider than the room */
  {
    g_autofree char *kernel = short_title ("Kernel Time by Category", 18);

    g_assert_cmpstr (kernel, ==, "Kernel…by Category");
  }
  /* never a word cut inside: "Req/s…Seqs", not "Re…Seqs"; then less */
  {
    g_autofree char *request = short_title ("Request Throughput vs Max Num Seqs", 10);
    g_autofree char *narrow = short_title ("Request Throughput vs Max Num Seqs", 7);
    g_autofree char *tiny = short_title ("Request Throughput vs Max Num Seqs", 3);

    g_assert_cmpstr (request, ==, "Req/s…Seqs");
    g_assert_cmpstr (narrow, ==, "Req/s…");
    /* nothing whole fits: the start, cut, and "…" */
    g_assert_cmpstr (tiny, ==, "Re…");
  }
  g_assert_cmpstr (words, ==, "TTFT…Request Over Time");
  /* a text cut at its end where it must */
  {
    g_autofree char *fit = aiperf_fit_text ("concurrency 32", aiperf_text_chars, NULL, 8);
    g_autofree char *whole = aiperf_fit_text ("concurrency 32", aiperf_text_chars, NULL, 14);

    g_assert_cmpstr (fit, ==, "concurr…");
    g_assert_cmpstr (whole, ==, "concurrency 32");
  }
}

/* Two titles alike at both ends: one takes another form of its own. */
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
  g_auto(GStrv) shorts = aiperf_short_titles (titles, aiperf_text_chars, NULL, 24);

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
  /* a bracket the short name opens, closed as in the name */
  {
    const char *llmperf[] = {
      "meta-llama/Llama-2-7b-chat-hf (LLMPerf: anyscale)",
      "accounts/fireworks/models/llama-v2-7b-chat (LLMPerf: fireworks)",
      "meta-llama/Llama-3.3-70B-Instruct (vLLM)",
    };
    g_autofree char *anyscale = aiperf_distinct_run_label (llmperf[0], llmperf, 3);
    g_autofree char *vllm = aiperf_distinct_name (llmperf[2], llmperf, 3);

    g_assert_cmpstr (anyscale, ==, "meta Llama-2-7b-chat-hf (LLMPerf: anyscale)");
    g_assert_cmpstr (vllm, ==, "meta…Llama-3.3-70B-Instruct (vLLM)");
  }
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
  g_auto(GStrv) shorts = aiperf_short_titles (titles, aiperf_text_chars, NULL, 18);

  g_assert_cmpstr (shorts[0], ==, "TTFT vs Throughput");
  g_assert_cmpstr (shorts[1], ==, "TTFT vs Num Seqs");
  g_assert_cmpstr (shorts[2], ==, "TPOT vs Num Seqs");
  /* a parameter known by a shorter name */
  g_assert_cmpstr (shorts[3], ==, "TTFT vs Batched");
  g_assert_cmpstr (shorts[4], ==, "Pareto vs Latency");
  for (guint i = 0; shorts[i] != NULL; i++)
    for (guint j = i + 1; shorts[j] != NULL; j++)
      g_assert_cmpstr (shorts[i], !=, shorts[j]);
}

/* The ccl-bench collection's charts (and a drill-down's) in tabs of 14 to
 * 22 characters (a tab of libadwaita's narrowest holds about 15): whole
 * words (a metric by its short name, "Req/s"), never "Req…vs Seqs", never
 * wider than the room. */
static void
test_short_titles_readable (void)
{
  const char *titles[] = {
    "TTFT vs Throughput",
    "TTFT vs Max Num Seqs",
    "TPOT (Inter Token Latency) vs Max Num Seqs",
    "Request Throughput vs Max Num Seqs",
    "Output Token Throughput vs Max Num Seqs",
    "TTFT vs Max Num Batched Tokens",
    "TPOT (Inter Token Latency) vs Max Num Batched Tokens",
    "Request Throughput vs Max Num Batched Tokens",
    "Output Throughput vs Max Num Batched Tokens",
    "Request Timeline: TTFT Phases Over Time",
    "TTFT Per Request Over Time",
    NULL,
  };
  const char *known[] = { "Req/s", "Tok/s", NULL };

  for (int room = 14; room <= 22; room += 4)
    {
      g_auto(GStrv) shorts = aiperf_short_titles (titles, aiperf_text_chars, NULL, room);

      for (guint i = 0; shorts[i] != NULL; i++)
        {
          g_auto(GStrv) cut = g_strsplit (shorts[i], "…", -1);
          g_autofree char *joined = g_strjoinv (" ", cut);
          g_auto(GStrv) words = g_strsplit (joined, " ", -1);
          g_autofree char *padded = g_strdup_printf (" %s ", titles[i]);

          g_test_message ("room %d: %s → %s", room, titles[i], shorts[i]);
          /* whole words of the title, or a metric's short name */
          for (guint w = 0; words[w] != NULL; w++)
            {
              g_autofree char *word = g_strdup_printf (" %s ", words[w]);

              if (*words[w] == '\0' || g_strv_contains (known, words[w]))
                continue;
              g_assert_nonnull (strstr (padded, word));
            }
          g_assert_cmpint (g_utf8_strlen (shorts[i], -1), <=, room);
        }
      /* what the request throughput is: its short name, and its parameter */
      g_assert_true (g_str_has_prefix (shorts[3], "Req/s"));
      g_assert_true (g_str_has_suffix (shorts[3], "Seqs"));
      g_assert_true (g_str_has_prefix (shorts[8], "Tok/s"));
      /* a preposition is not left to link nothing ("TTFT Per Over Time") */
      g_assert_null (strstr (shorts[10], "Per Over"));
      g_assert_true (g_str_has_suffix (shorts[10], "Over Time"));
      for (guint i = 0; shorts[i] != NULL; i++)
        for (guint j = i + 1; shorts[j] != NULL; j++)
          g_assert_cmpstr (shorts[i], !=, shorts[j]);
    }
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

      g_test_message ("tab %d: %s (%s)", i, title, adw_tab_page_get_tooltip (page));
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
      g_assert_true (tab_title_fits (window, title));
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

static gboolean
is_tab (GtkWidget *widget)
{
  return g_str_equal (gtk_widget_get_css_name (widget), "tab");
}

static void
collect_tabs (GtkWidget *widget,
              GPtrArray *tabs)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (is_tab (child))
      g_ptr_array_add (tabs, child);
    else
      collect_tabs (child, tabs);
}

/* Many tabs of every kind (the ccl-bench collection, cutileGPT profiles,
 * Nsight summaries, a trace's timeline) at 1400 × 900: every tab's label
 * drawn whole in the room its tab gives it, never cut by the tab (nor
 * faded); titles of different charts all different, the whole title on
 * hover. */
static void
test_tab_labels_whole (void)
{
  g_autofree char *ccl = g_test_build_filename (G_TEST_DIST, "data", "formats", "vllm", "ccl", NULL);
  g_autofree char *cutile = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", NULL);
  g_autofree char *eplb = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", NULL);
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "trace", "simple_add_trace.json.gz", NULL);
  const char *paths[] = { ccl, cutile, eplb, trace, NULL };
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) tabs = g_ptr_array_new ();
  AiperfWindow *window;
  AdwTabView *view;
  guint n_cut = 0, n_checked = 0;

  if (!display_available ())
    return;
  window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  /* the History tab, tabs opening, the bar's scrolling */
  settle (1500);
  view = aiperf_window_get_tab_view (window);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), >=, 20);
  /* titles: all different where the charts differ, the whole on hover */
  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (view, i);
      const char *title = adw_tab_page_get_title (page);
      const char *tooltip = adw_tab_page_get_tooltip (page);
      const char *before = g_hash_table_lookup (seen, title);

      g_test_message ("tab %d: %s [%s]", i, title, tooltip);
      g_assert_true (before == NULL || g_str_equal (before, tooltip));
      g_hash_table_insert (seen, (gpointer) title, (gpointer) tooltip);
      g_assert_true (tab_title_fits (window, title));
      if (page_at (window, i) != NULL)
        {
          g_assert_cmpstr (tooltip, ==, aiperf_plot_page_get_title (page_at (window, i)));
          n_cut += !g_str_equal (title, tooltip);
        }
    }
  /* (the collection's long titles are shortened) */
  g_assert_cmpuint (n_cut, >, 3);
  /* the tab widgets as laid out: each label whole in its title's room */
  collect_tabs (GTK_WIDGET (window->tab_bar), tabs);
  for (guint i = 0; i < tabs->len; i++)
    {
      GtkWidget *tab = g_ptr_array_index (tabs, i);
      GtkWidget *label = find_descendant (tab, GTK_TYPE_LABEL);
      GtkWidget *title = label != NULL ? gtk_widget_get_parent (label) : NULL;
      int natural;

      if (gtk_widget_has_css_class (tab, "pinned") || gtk_widget_get_width (tab) == 0 || title == NULL)
        continue;
      gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      g_test_message ("tab widget %u: \"%s\" %d px in %d px", i, gtk_label_get_text (GTK_LABEL (label)),
                      natural, gtk_widget_get_width (title));
      g_assert_cmpint (natural, <=, gtk_widget_get_width (title));
      n_checked++;
    }
  g_assert_cmpuint (n_checked, ==, (guint) adw_tab_view_get_n_pages (view));
  destroy_window (window);
}

/* The selected tab of @window: its title's natural width laid out, and
 * none of it under the tab's close button. */
static void
assert_selected_tab_whole (AiperfWindow *window)
{
  GtkWidget *tab = selected_tab_widget (GTK_WIDGET (window->tab_bar));
  GtkWidget *label, *close = NULL;
  graphene_rect_t text, button;
  int natural;

  g_assert_nonnull (tab);
  label = find_descendant (tab, GTK_TYPE_LABEL);
  for (GtkWidget *w = gtk_widget_get_first_child (tab); w != NULL; w = gtk_widget_get_next_sibling (w))
    if (gtk_widget_has_css_class (w, "tab-close-button"))
      close = w;
  g_assert_nonnull (label);
  g_assert_nonnull (close);
  g_assert_true (gtk_widget_get_visible (close));
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_assert_true (gtk_widget_compute_bounds (label, tab, &text));
  g_assert_true (gtk_widget_compute_bounds (close, tab, &button));
  g_test_message ("selected tab: \"%s\" %d px at %g–%g, close button from %g", gtk_label_get_text (GTK_LABEL (label)),
                  natural, text.origin.x, text.origin.x + text.size.width, button.origin.x);
  g_assert_cmpfloat (text.size.width, >=, natural);
  g_assert_cmpfloat (text.origin.x + natural, <=, button.origin.x);
}

/* The sweep at 1400 × 900 (four tabs, wide) and then a run's drill-down
 * (its wider tabs): the selected tab's title whole and clear of its close
 * button, as every other tab's. */
static void
test_selected_tab_whole (void)
{
  g_autofree char *path = sweep_path ();
  const char *paths[] = { path, NULL };
  AiperfWindow *window;
  AiperfRun *run;

  if (!display_available ())
    return;
  window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  settle (1500);
  assert_selected_tab_whole (window);
  /* a drill-down: "concurrency 4 · TTFT Over Time" */
  run = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 2);
  aiperf_window_open_run_details (window, run);
  wait_details (run);
  settle (1500);
  g_assert_nonnull (aiperf_plot_page_get_single_run (aiperf_window_get_current_page (window)));
  g_assert_true (g_str_has_prefix (adw_tab_page_get_title (adw_tab_view_get_selected_page (aiperf_window_get_tab_view (window))),
                                   "concurrency 4 · "));
  assert_selected_tab_whole (window);
  destroy_window (window);
}

/* The chart view as drawn, through cairo (not the window's GL renderer). */
static cairo_surface_t *
draw_view (GtkWidget *view)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int w = gtk_widget_get_width (view), h = gtk_widget_get_height (view);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);

  GTK_WIDGET_GET_CLASS (view)->snapshot (view, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel_at (cairo_surface_t *surface,
          double           x,
          double           y)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return *(const guint32 *) (data + (gsize) floor (y) * stride + (gsize) floor (x) * 4) & 0xffffff;
}

static gboolean
near_colour (guint32 a,
             guint32 b)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 30)
      return FALSE;
  return TRUE;
}

/* The ccl-bench collection's 16 runs in the legend of its first chart, at
 * 1400 × 900 and at 800 × 600: every entry shown (no "+N more"), named by
 * what it does not share with the others, right of the plot, clear of
 * every point; each swatch in its series' colour (the colour of its point
 * on the chart); the whole name on hover. */
static void
test_collection_legend (void)
{
  g_autofree char *ccl = g_test_build_filename (G_TEST_DIST, "data", "formats", "vllm", "ccl", NULL);
  const char *paths[] = { ccl, NULL };
  const int sizes[][2] = { { 1400, 900 }, { 800, 600 } };

  if (!display_available ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      AiperfWindow *window = new_window ();
      AiperfChartView *view;
      AiperfRenderer *renderer;
      const AiperfChart *chart;
      cairo_surface_t *surface;
      AiperfRect area;
      int w, h;
      guint n_legend = 0, n_found = 0;
      gboolean more = FALSE;

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[k][0], sizes[k][1]);
      aiperf_window_load_paths_internal (window, paths, FALSE);
      wait_loaded (window);
      settle (800);
      view = aiperf_plot_page_get_chart_view (page_at (window, first_drawn_tab (window)));
      chart = aiperf_chart_view_get_chart (view);
      renderer = aiperf_chart_view_get_renderer (view);
      w = gtk_widget_get_width (GTK_WIDGET (view));
      h = gtk_widget_get_height (GTK_WIDGET (view));
      g_test_message ("window %dx%d: chart %dx%d", sizes[k][0], sizes[k][1], w, h);
      area = aiperf_renderer_get_plot_area (renderer);
      surface = draw_view (GTK_WIDGET (view));
      g_assert_cmpint (cairo_image_surface_get_width (surface), ==, w);
      for (int y = 0; y < h; y += 2)
        for (int x = 0; x < w; x += 2)
          more = more || aiperf_renderer_pick_legend (renderer, x, y) == AIPERF_LEGEND_MORE;
      g_assert_false (more);
      for (guint i = 0; i < chart->series->len; i++)
        {
          const AiperfSeries *series = g_ptr_array_index (chart->series, i);
          double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, y1 = -1;

          if (!series->in_legend)
            continue;
          n_legend++;
          for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x += 2)
              if (aiperf_renderer_pick_legend (renderer, x, y) == (int) i)
                x0 = MIN (x0, x), y0 = MIN (y0, y), y1 = MAX (y1, y);
          if (y1 < 0)
            continue;
          n_found++;
          /* beside the plot, inside the view */
          g_assert_cmpfloat (x0, >=, area.x + area.width);
          g_assert_cmpfloat (y1, <, h);
          /* the run's own words of its name */
          {
            const char *short_name = aiperf_renderer_get_legend_short_name (renderer, (int) i);
            g_auto(GStrv) words = NULL;

            g_assert_nonnull (short_name);
            g_assert_cmpuint (strlen (short_name), <, strlen (series->name) / 2);
            words = g_strsplit (short_name, " ", -1);
            for (guint k2 = 0; words[k2] != NULL; k2++)
              g_assert_nonnull (strstr (series->name, words[k2]));
          }
          /* the swatch (8 px padding, a marker centred in 28 px) in the
           * colour of the series' point */
          for (guint l = 0; l < chart->layers->len; l++)
            {
              const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
              double px, py;

              if (layer->series != (int) i || layer->kind != AIPERF_LAYER_POINTS || aiperf_layer_get_n (layer) == 0)
                continue;
              g_assert_true (aiperf_renderer_data_to_pixel (renderer, g_array_index (layer->x, double, 0),
                                                            g_array_index (layer->y, double, 0), FALSE, &px, &py));
              g_assert_true (near_colour (pixel_at (surface, x0 + 8 + 14, (y0 + y1) / 2.0), pixel_at (surface, px, py)));
              break;
            }
        }
      g_assert_cmpuint (n_legend, ==, 16);
      g_assert_cmpuint (n_found, ==, 16);
      g_assert_cmpstr (aiperf_renderer_get_legend_short_name (renderer, 0), ==, "vllmEP4 defaultall2all_8_8192");
      /* the legend hides no point */
      for (guint l = 0; l < chart->layers->len; l++)
        {
          const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

          for (guint i = 0; layer->kind == AIPERF_LAYER_POINTS && i < aiperf_layer_get_n (layer); i++)
            {
              double px, py;

              g_assert_true (aiperf_renderer_data_to_pixel (renderer, g_array_index (layer->x, double, i),
                                                            g_array_index (layer->y, double, i), FALSE, &px, &py));
              g_assert_cmpint (aiperf_renderer_pick_legend (renderer, px, py), ==, -1);
            }
        }
      cairo_surface_destroy (surface);
      destroy_window (window);
    }
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
      g_assert_true (tab_title_fits (window, title));
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
  g_test_add_func ("/aiperf/window/titles/short-titles-readable", test_short_titles_readable);
  g_test_add_func ("/aiperf/window/titles/collection-tabs", test_collection_tabs);
  g_test_add_func ("/aiperf/window/titles/tab-labels-whole", test_tab_labels_whole);
  g_test_add_func ("/aiperf/window/titles/selected-tab-whole", test_selected_tab_whole);
  g_test_add_func ("/aiperf/window/titles/problem-sentence", test_problem_sentence);
  g_test_add_func ("/aiperf/window/titles/collection-legend", test_collection_legend);
  return g_test_run ();
}
