/* test-window-keyboard.c — the window with only a keyboard: Tab stops
 * once on each run row (Space shows or hides the run), reaches the chart
 * and draws a focus ring there the moment it lands, the arrows then act
 * on the chart; a trace's timeline takes focus too and pans and zooms
 * with keys; the shortcuts window lists the timeline's gestures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-timeline-view.h"
#include "aiperf-chart-view-private.h"

/* Lets frames be drawn: what the window shows is then in the widgets'
 * cached drawings, as on screen. */
static void
settle (void)
{
  for (int i = 0; i < 30; i++)
    {
      g_usleep (5000);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

static GtkWidget *
tab_once (AiperfWindow *window)
{
  gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
  return gtk_root_get_focus (GTK_ROOT (window));
}

static GtkWidget *
ancestor_of_type (GtkWidget *widget,
                  GType      type)
{
  return widget != NULL ? gtk_widget_get_ancestor (widget, type) : NULL;
}

/* Tabs until @type has the focus; how many presses that took, -1 never. */
static int
tab_to (AiperfWindow *window,
        GType         type)
{
  for (int i = 1; i <= 60; i++)
    if (G_TYPE_CHECK_INSTANCE_TYPE (tab_once (window), type))
      return i;
  return -1;
}

/* The window as last drawn, read back as ARGB32 pixels. Drawn with
 * cairo, not the window's renderer: GSK's GL renderer caches drawings by
 * node address, so a new node at a freed one's address can come back
 * with the old pixels. */
static guchar *
window_pixels (AiperfWindow *window,
               int          *out_width,
               int          *out_stride)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int w = gtk_widget_get_width (GTK_WIDGET (window)), h = gtk_widget_get_height (GTK_WIDGET (window));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  guchar *data;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      static int n;
      g_autofree char *name = g_strdup_printf ("keyboard-%d.png", n++);
      g_autofree char *file = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), name, NULL);

      g_assert_cmpint (cairo_surface_write_to_png (surface, file), ==, CAIRO_STATUS_SUCCESS);
    }
  *out_width = w;
  *out_stride = cairo_image_surface_get_stride (surface);
  data = g_memdup2 (cairo_image_surface_get_data (surface), (gsize) *out_stride * h);
  cairo_surface_destroy (surface);
  return data;
}

/* Whether the pixels round 2 px inside @widget's left edge, half-way down,
 * hold the accent blue of a focus ring (not the chart's white or grey).
 * A few pixels either side: the drawing and the widget's coordinates may
 * differ by the window's frame. */
static gboolean
ring_at_left_edge (AiperfWindow *window,
                   GtkWidget    *widget)
{
  graphene_point_t p;
  int width, stride;
  g_autofree guchar *pixels = NULL;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (2, gtk_widget_get_height (widget) / 2.0), &p));
  pixels = window_pixels (window, &width, &stride);
  for (int x = MAX ((int) p.x - 4, 0); x <= (int) p.x + 4 && x < width; x++)
    {
      const guchar *px = pixels + (gsize) ((int) p.y) * stride + (gsize) x * 4;   /* B G R A */

      if (px[0] > px[2] + 80 && px[0] > 180)
        return TRUE;
    }
  return FALSE;
}

static void
test_tab_order (void)
{
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  g_autoptr(GPtrArray) stops = g_ptr_array_new ();
  GHashTable *seen_rows;
  GtkWidget *first, *focus;
  AiperfChartView *chart;
  guint n_chart = 0, n_check = 0;

  if (!display_available ())
    return;
  window = open_sweep ();
  sidebar = aiperf_window_get_sidebar (window);
  chart = aiperf_plot_page_get_chart_view (aiperf_window_get_current_page (window));
  seen_rows = g_hash_table_new (NULL, NULL);

  /* One full round of Tab presses, back to where it started. */
  first = tab_once (window);
  g_assert_nonnull (first);
  focus = first;
  do
    {
      GtkWidget *row = ancestor_of_type (focus, AIPERF_TYPE_RUN_ROW);

      g_ptr_array_add (stops, focus);
      /* No invisible stop: each is on screen and has a size. */
      g_assert_true (gtk_widget_get_mapped (focus));
      g_assert_cmpint (gtk_widget_get_width (focus), >, 0);
      if (row != NULL)
        {
          /* The row itself, never its check: one stop per run. */
          g_assert_true (focus == row);
          g_assert_false (g_hash_table_contains (seen_rows, row));
          g_hash_table_add (seen_rows, row);
        }
      if (GTK_IS_CHECK_BUTTON (focus))
        n_check++;
      if (focus == GTK_WIDGET (chart))
        n_chart++;
      focus = tab_once (window);
    }
  while (focus != first && stops->len < 100);
  g_assert_true (focus == first);
  g_assert_cmpuint (g_hash_table_size (seen_rows), ==, 3);
  g_assert_cmpuint (n_check, ==, 0);
  g_assert_cmpuint (n_chart, ==, 1);
  /* The three rows are consecutive stops, in the list's order. */
  for (guint i = 0; i < stops->len; i++)
    if (AIPERF_IS_RUN_ROW (g_ptr_array_index (stops, i)))
      {
        g_assert_cmpuint (i + 2, <, stops->len);
        g_assert_cmpstr (aiperf_run_get_name (aiperf_run_row_get_run (g_ptr_array_index (stops, i))), ==, "qwen_concurrency1");
        g_assert_cmpstr (aiperf_run_get_name (aiperf_run_row_get_run (g_ptr_array_index (stops, i + 1))), ==, "qwen_concurrency2");
        g_assert_cmpstr (aiperf_run_get_name (aiperf_run_row_get_run (g_ptr_array_index (stops, i + 2))), ==, "qwen_concurrency4");
        break;
      }
  g_assert_true (sidebar != NULL);
  g_hash_table_unref (seen_rows);
  destroy_window (window);
}

static void
test_space_toggles_run (void)
{
  AiperfWindow *window;
  GtkWidget *focus;
  AiperfRun *run;

  if (!display_available ())
    return;
  window = open_sweep ();
  g_assert_cmpint (tab_to (window, AIPERF_TYPE_RUN_ROW), >, 0);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  run = aiperf_run_row_get_run (AIPERF_RUN_ROW (focus));
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "qwen_concurrency1");
  g_assert_true (aiperf_run_row_get_checked (AIPERF_RUN_ROW (focus)));

  /* Space, bound on the row: the run leaves the charts and comes back. */
  g_assert_true (gtk_widget_activate_action (focus, "row.toggle-check", NULL));
  g_assert_false (aiperf_run_row_get_checked (AIPERF_RUN_ROW (focus)));
  g_assert_true (g_hash_table_contains (aiperf_session_get_hidden (window->session), aiperf_run_get_locator (run)));
  g_assert_true (gtk_widget_activate_action (focus, "row.toggle-check", NULL));
  g_assert_true (aiperf_run_row_get_checked (AIPERF_RUN_ROW (focus)));
  g_assert_false (g_hash_table_contains (aiperf_session_get_hidden (window->session), aiperf_run_get_locator (run)));
  destroy_window (window);
}

static void
test_chart_ring_and_arrows (void)
{
  AiperfWindow *window;
  AiperfChartView *chart;
  GtkWidget *focus;
  AiperfPick pick;

  if (!display_available ())
    return;
  window = open_sweep ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  settle ();
  chart = aiperf_plot_page_get_chart_view (aiperf_window_get_current_page (window));
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  g_assert_false (ring_at_left_edge (window, GTK_WIDGET (chart)));

  /* Tab lands on the chart: the ring shows at once, without any other redraw. */
  g_assert_cmpint (tab_to (window, AIPERF_TYPE_CHART_VIEW), >, 0);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (chart));
  settle ();
  g_assert_true (gtk_widget_has_visible_focus (GTK_WIDGET (chart)));
  g_assert_true (ring_at_left_edge (window, GTK_WIDGET (chart)));

  /* The arrows act on it as after a click: Right steps from point to point. */
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_false (aiperf_chart_view_get_hover (chart, &pick));
  {
    /* The dominated concurrency-2 point, then the frontier's 1 and 4, which is the last. */
    const int ids[] = { 1, 0, 2, 2 };
    const double ys[] = { 100.651, 50.0821, 194.506, 194.506 };

    for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
      {
        g_assert_true (gtk_widget_activate_action (focus, "chart.step", "i", 1));
        g_assert_true (aiperf_chart_view_get_hover (chart, &pick));
        g_assert_cmpint (pick.id, ==, ids[i]);
        g_assert_cmpfloat_with_epsilon (pick.y, ys[i], 1e-3);
      }
    g_assert_true (gtk_widget_activate_action (focus, "chart.step", "i", -1));
    g_assert_true (aiperf_chart_view_get_hover (chart, &pick));
    g_assert_cmpint (pick.id, ==, 0);
  }

  /* Tab on: the ring goes with the focus. */
  tab_once (window);
  settle ();
  g_assert_false (ring_at_left_edge (window, GTK_WIDGET (chart)));
  destroy_window (window);
}

static AiperfTimelineView *
find_timeline (AiperfWindow *window)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (view, i));
      AiperfTimelineView *timeline = aiperf_timeline_page_get_view (child);

      if (timeline != NULL)
        {
          adw_tab_view_set_selected_page (view, adw_tab_view_get_nth_page (view, i));
          return timeline;
        }
    }
  return NULL;
}

static void
test_timeline_keys (void)
{
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "trace", "simple_add_trace.json.gz", NULL);
  const char *paths[] = { trace, NULL };
  AiperfWindow *window;
  AiperfTimelineView *timeline;
  GtkWidget *focus;
  gint64 t0, t1, full0, full1;

  if (!display_available ())
    return;
  window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  timeline = find_timeline (window);
  g_assert_nonnull (timeline);
  settle ();
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);

  g_assert_cmpint (tab_to (window, AIPERF_TYPE_TIMELINE_VIEW), >, 0);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == GTK_WIDGET (timeline));
  settle ();
  g_assert_true (ring_at_left_edge (window, focus));

  aiperf_timeline_view_get_range (timeline, &full0, &full1);
  /* minus at the whole trace: nothing wider to show */
  g_assert_true (gtk_widget_activate_action (focus, "timeline.zoom", "i", -1));
  aiperf_timeline_view_get_range (timeline, &t0, &t1);
  g_assert_cmpint (t0, ==, full0);
  g_assert_cmpint (t1, ==, full1);
  /* plus: four fifths of the span, about its middle */
  g_assert_true (gtk_widget_activate_action (focus, "timeline.zoom", "i", 1));
  aiperf_timeline_view_get_range (timeline, &t0, &t1);
  g_assert_cmpfloat_with_epsilon ((double) (t1 - t0) / (double) (full1 - full0), 0.8, 1e-6);
  g_assert_cmpfloat_with_epsilon ((double) (t0 + t1) / 2, (double) (full0 + full1) / 2, 2);
  /* Left: a tenth of the view earlier */
  {
    gint64 z0 = t0, span = t1 - t0;

    g_assert_true (gtk_widget_activate_action (focus, "timeline.pan", "i", -1));
    aiperf_timeline_view_get_range (timeline, &t0, &t1);
    g_assert_cmpint (t0, ==, z0 - (gint64) (0.1 * (double) span));
    g_assert_cmpint (t1 - t0, ==, span);
  }
  /* Home: the whole trace again */
  g_assert_true (gtk_widget_activate_action (focus, "timeline.reset", NULL));
  aiperf_timeline_view_get_range (timeline, &t0, &t1);
  g_assert_cmpint (t0, ==, full0);
  g_assert_cmpint (t1, ==, full1);
  destroy_window (window);
}

/* The titles of the shortcuts window's group @title, in order. */
static GPtrArray *
shortcut_titles (const char *title)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/org/aiperf/Plot/gtk/help-overlay.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, overlay);
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autofree char *group = NULL;

      if (GTK_IS_SHORTCUTS_GROUP (w))
        {
          g_object_get (w, "title", &group, NULL);
          if (g_strcmp0 (group, title) == 0)
            for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
              if (GTK_IS_SHORTCUTS_SHORTCUT (c))
                {
                  char *t = NULL, *sub = NULL;

                  g_object_get (c, "title", &t, "subtitle", &sub, NULL);
                  g_ptr_array_add (titles, g_strdup_printf ("%s|%s", t, sub ? sub : ""));
                  g_free (t);
                  g_free (sub);
                }
          continue;
        }
      for (GtkWidget *c = gtk_widget_get_last_child (w); c != NULL; c = gtk_widget_get_prev_sibling (c))
        g_ptr_array_add (stack, c);
    }
  gtk_window_destroy (GTK_WINDOW (overlay));
  return titles;
}

static void
test_shortcuts_timeline (void)
{
  g_autoptr(GPtrArray) titles = NULL;
  const char *expected[] = {
    "Pan|", "Zoom in or out|", "Show the whole trace|",
    "Next match of the slice search|", "Previous match of the slice search|",
    "Zoom at the pointer|Ctrl+scroll", "Pan|Drag", "Zoom into a time range|Shift+drag across it",
    "Show the whole trace|Double-click", "Select a slice and see its launch|Click the slice",
    "Fold or unfold a lane|Click the lane’s name",
  };

  if (!display_available ())
    return;
  titles = shortcut_titles ("Trace Timeline");
  g_assert_cmpuint (titles->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < titles->len; i++)
    g_assert_cmpstr (g_ptr_array_index (titles, i), ==, expected[i]);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/keyboard/tab-order", test_tab_order);
  g_test_add_func ("/aiperf/window/keyboard/space-toggles-run", test_space_toggles_run);
  g_test_add_func ("/aiperf/window/keyboard/chart-ring-and-arrows", test_chart_ring_and_arrows);
  g_test_add_func ("/aiperf/window/keyboard/timeline", test_timeline_keys);
  g_test_add_func ("/aiperf/window/keyboard/shortcuts-timeline", test_shortcuts_timeline);
  return g_test_run ();
}
