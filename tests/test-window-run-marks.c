/* test-window-run-marks.c — each run's dot in the sidebar is drawn as
 * the current chart draws the run: the Pareto curve's dominated run
 * faded, cutileGPT's configurations as orange diamonds beside minGPT's
 * blue circles, bars as blocks; a run the chart leaves out as an outline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"

static AiperfPlotPage *
select_preset (AiperfWindow *window,
               const char   *preset)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      if (page != NULL && g_str_equal (aiperf_plot_page_get_spec (page)->name, preset))
        {
          adw_tab_view_set_selected_page (view, adw_tab_view_get_nth_page (view, i));
          while (g_main_context_pending (NULL))
            g_main_context_iteration (NULL, FALSE);
          return page;
        }
    }
  g_assert_not_reached ();
}

static AiperfRunRow *
row_of (AiperfWindow *window,
        const char   *name,
        const char   *tool_dir)
{
  AiperfRunSet *runs = aiperf_window_get_run_set (window);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);

      if (g_str_equal (aiperf_run_get_name (run), name)
          && (tool_dir == NULL || strstr (aiperf_run_get_locator (run), tool_dir) != NULL))
        return AIPERF_RUN_ROW (aiperf_sidebar_get_row (aiperf_window_get_sidebar (window), run));
    }
  g_assert_not_reached ();
}

static AiperfRunMark
mark_of (AiperfRunRow *row)
{
  AiperfRunMark mark;

  g_assert_true (aiperf_run_row_get_mark (row, &mark));
  return mark;
}

/* The row's swatch as drawn, 12 × 12 ARGB32 (B G R A). */
static guchar *
swatch_pixels (AiperfRunRow *row,
               int          *out_size)
{
  GtkWidget *swatch = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  guchar *data;
  int w, h;

  /* The one drawing area of the row. */
  g_ptr_array_add (stack, row);
  while (stack->len > 0 && swatch == NULL)
    {
      GtkWidget *w0 = g_ptr_array_steal_index (stack, stack->len - 1);

      if (GTK_IS_DRAWING_AREA (w0))
        swatch = w0;
      for (GtkWidget *c = gtk_widget_get_first_child (w0); c != NULL; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (stack, c);
    }
  g_assert_nonnull (swatch);
  w = gtk_widget_get_width (swatch);
  h = gtk_widget_get_height (swatch);
  g_assert_cmpint (w, ==, 12);
  g_assert_cmpint (h, ==, 12);
  /* On white, as the list's rows are in the light theme. */
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 1 }, &GRAPHENE_RECT_INIT (0, 0, w, h));
  GTK_WIDGET_GET_CLASS (swatch)->snapshot (swatch, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  /* Drawn with cairo, not the window's renderer: GSK's GL renderer
   * caches by node address, and a new node at a freed one's address
   * came back with the old row's pixels. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_assert_cmpint (cairo_image_surface_get_stride (surface), ==, w * 4);
  data = g_memdup2 (cairo_image_surface_get_data (surface), (gsize) w * h * 4);
  cairo_surface_destroy (surface);
  *out_size = w;
  return data;
}

static gboolean
white (const guchar *px)
{
  return px[0] > 240 && px[1] > 240 && px[2] > 240;
}

/* Centre filled in the mark's colour; the shape told by a point 3.5 px
 * right and down of the centre: inside a circle of 11 px, outside a
 * diamond of the same box. */
static void
assert_swatch (AiperfRunRow *row,
               AiperfMarker  marker)
{
  int size;
  g_autofree guchar *px = swatch_pixels (row, &size);
  AiperfRunMark mark = mark_of (row);
  const guchar *centre = px + (size / 2 * size + size / 2) * 4;
  const guchar *off = px + ((size / 2 + 3) * size + size / 2 + 3) * 4;

  g_assert_cmpint (abs (centre[2] - (int) (mark.color.red * 255 * mark.color.alpha + 255 * (1 - mark.color.alpha))), <=, 3);
  g_assert_cmpint (abs (centre[0] - (int) (mark.color.blue * 255 * mark.color.alpha + 255 * (1 - mark.color.alpha))), <=, 3);
  if (marker == AIPERF_MARKER_DIAMOND)
    g_assert_true (white (off));
  else
    g_assert_false (white (off));
}

static double
lightness (const GdkRGBA *c)
{
  return (MAX (c->red, MAX (c->green, c->blue)) + MIN (c->red, MIN (c->green, c->blue))) / 2;
}

static void
test_pareto_faded (void)
{
  AiperfWindow *window;
  AiperfRunMark one, two, four;

  if (!display_available ())
    return;
  window = open_sweep ();
  select_preset (window, "pareto_curve_throughput_per_gpu_vs_latency");

  one = mark_of (row_of (window, "qwen_concurrency1", NULL));
  two = mark_of (row_of (window, "qwen_concurrency2", NULL));
  four = mark_of (row_of (window, "qwen_concurrency4", NULL));
  /* 1 and 4 are on the frontier, drawn in the series' colour; 2 is
   * dominated, drawn lighter in the same hue. */
  g_assert_true (gdk_rgba_equal (&one.color, &four.color));
  g_assert_false (one.block);
  g_assert_cmpint (one.marker, ==, AIPERF_MARKER_CIRCLE);
  g_assert_cmpint (two.marker, ==, AIPERF_MARKER_CIRCLE);
  g_assert_cmpfloat (lightness (&two.color), >, lightness (&one.color) + 0.15);
  g_assert_cmpfloat (one.color.blue, >, one.color.red + 0.2);
  g_assert_cmpfloat (two.color.blue, >, two.color.red + 0.1);
  assert_swatch (row_of (window, "qwen_concurrency1", NULL), AIPERF_MARKER_CIRCLE);
  assert_swatch (row_of (window, "qwen_concurrency2", NULL), AIPERF_MARKER_CIRCLE);

  /* A hidden run is not in the chart: an outline, no mark. */
  aiperf_window_set_run_visible (window, aiperf_run_row_get_run (row_of (window, "qwen_concurrency2", NULL)), FALSE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (aiperf_run_row_get_mark (row_of (window, "qwen_concurrency2", NULL), NULL));
  destroy_window (window);
}

static void
test_cutile_shapes (void)
{
  g_autofree char *before = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", "minGPT", NULL);
  g_autofree char *after = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", "cutileGPT", NULL);
  const char *paths[] = { before, after, NULL };
  const char *configs[] = { "gpt_nano", "gpt_micro", "gpt_mini" };
  AiperfWindow *window;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);

  /* The efficiency chart: minGPT circles, cutileGPT diamonds. */
  select_preset (window, "efficiency");
  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      AiperfRunRow *min_row = row_of (window, configs[i], "minGPT");
      AiperfRunRow *cut_row = row_of (window, configs[i], "cutileGPT");
      AiperfRunMark min = mark_of (min_row), cut = mark_of (cut_row);

      g_assert_cmpint (min.marker, ==, AIPERF_MARKER_CIRCLE);
      g_assert_cmpint (cut.marker, ==, AIPERF_MARKER_DIAMOND);
      g_assert_false (min.block || cut.block);
      g_assert_cmpfloat (min.color.blue, >, min.color.red);   /* the first palette colour, blue */
      g_assert_cmpfloat (cut.color.red, >, cut.color.blue);   /* the second, orange */
      assert_swatch (min_row, AIPERF_MARKER_CIRCLE);
      assert_swatch (cut_row, AIPERF_MARKER_DIAMOND);
    }

  /* The forward-latency bars: blocks in the same two colours. */
  select_preset (window, "forward_latency");
  {
    AiperfRunMark min = mark_of (row_of (window, "gpt_nano", "minGPT"));
    AiperfRunMark cut = mark_of (row_of (window, "gpt_nano", "cutileGPT"));

    g_assert_true (min.block && cut.block);
    g_assert_cmpfloat (min.color.blue, >, min.color.red);
    g_assert_cmpfloat (cut.color.red, >, cut.color.blue);
  }
  destroy_window (window);
}

/* Nsight summaries' kernel bars (their ids are kernels, not runs): each
 * source a block in its own series' colour, EPLBOFF blue, EPLBON orange
 * (both read blue, the first layer's, before). */
static void
test_kernel_bars (void)
{
  g_autofree char *eplb = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", NULL);
  const char *paths[] = { eplb, NULL };
  AiperfWindow *window;
  AiperfPlotPage *page;
  AiperfRunMark off, on;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  page = page_at (window, first_drawn_tab (window));
  g_assert_cmpstr (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page))->id_kind, ==, "kernel");
  adw_tab_view_set_selected_page (aiperf_window_get_tab_view (window),
                                  adw_tab_view_get_page (aiperf_window_get_tab_view (window), GTK_WIDGET (page)));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  off = mark_of (row_of (window, "EPLBOFF", NULL));
  on = mark_of (row_of (window, "EPLBON", NULL));
  g_assert_true (off.block && on.block);
  g_assert_cmpfloat (off.color.blue, >, off.color.red);   /* the first palette colour, blue */
  g_assert_cmpfloat (on.color.red, >, on.color.blue);     /* the second, orange */
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/run-marks/pareto-faded", test_pareto_faded);
  g_test_add_func ("/aiperf/window/run-marks/cutile-shapes", test_cutile_shapes);
  g_test_add_func ("/aiperf/window/run-marks/kernel-bars", test_kernel_bars);
  return g_test_run ();
}
