/* test-chart-view.c — the chart widget in a real window: zoom actions,
 * reset, legend toggling, hover, double-click, export (display suite).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-chart-view-private.h"

static gboolean have_display;

typedef struct {
  GtkWindow       *window;
  AiperfChartView *view;
} Fixture;

#define SKIP_WITHOUT_DISPLAY()                              \
  G_STMT_START {                                            \
    if (!have_display)                                      \
      {                                                     \
        g_test_skip ("no display (run under xvfb-run)");    \
        return;                                             \
      }                                                     \
  } G_STMT_END

/* Two runs, three concurrencies each: a comparison chart as the handlers
 * build it. Series 0 is "run-a" (layer 0), series 1 "run-b" (layer 1). */
static AiperfChart *
make_chart (const char *x_title)
{
  static const double xa[] = { 10.0, 20.0, 30.8 }, ya[] = { 100.0, 200.0, 400.0 };
  static const double xb[] = { 15.0, 25.0, 40.0 }, yb[] = { 150.0, 260.0, 300.0 };
  static const char *labels[] = { "1", "2", "4" };
  AiperfChart *chart = aiperf_chart_new ("Throughput vs latency");
  int a, b;
  AiperfLayer *layer;

  aiperf_axis_set_label (&chart->x, x_title, "ms");
  aiperf_axis_set_label (&chart->y, "Output Token Throughput", "tokens/s");
  chart->label_title = g_strdup ("concurrency");
  chart->id_kind = g_strdup ("run");
  a = aiperf_chart_add_series (chart, "run-a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  b = aiperf_chart_add_series (chart, "run-b", aiperf_color_palette (1), AIPERF_LAYER_POINTS);

  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, a);
  layer->pickable = TRUE;
  layer->marker_size = 10;
  for (guint i = 0; i < 3; i++)
    aiperf_layer_append_labeled (layer, xa[i], ya[i], 0, labels[i]);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, b);
  layer->pickable = TRUE;
  layer->marker_size = 10;
  for (guint i = 0; i < 3; i++)
    aiperf_layer_append_labeled (layer, xb[i], yb[i], 1, labels[i]);
  return chart;
}

static void
wait_until_drawn (Fixture *f)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_widget_queue_draw (GTK_WIDGET (f->view));
  while (!(f->view->layer_valid && f->view->layer != NULL))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the chart view was not drawn within 10 s");
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  if (!have_display)
    return;
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_decorated (f->window, FALSE);
  gtk_window_set_default_size (f->window, 800, 500);
  f->view = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  gtk_window_set_child (f->window, GTK_WIDGET (f->view));
  aiperf_chart_view_set_theme (f->view, AIPERF_THEME_LIGHT);
  aiperf_chart_view_set_chart (f->view, make_chart ("Time to First Token"));
  gtk_window_present (f->window);
  wait_until_drawn (f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window != NULL)
    gtk_window_destroy (f->window);
}

static void
assert_close (double a,
              double b)
{
  double tol = 1e-9 * MAX (1.0, MAX (fabs (a), fabs (b)));

  if (fabs (a - b) > tol)
    g_error ("%.17g != %.17g", a, b);
}

static void
test_size (Fixture *f, gconstpointer data)
{
  SKIP_WITHOUT_DISPLAY ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->view)), ==, 800);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (f->view)), ==, 500);
  g_assert_cmpuint (aiperf_chart_view_get_layer_renders (f->view), ==, 1);
  /* Device pixels: crisp on HiDPI (GDK_SCALE=2). */
  g_assert_cmpint (gdk_texture_get_width (f->view->layer), ==,
                   800 * gtk_widget_get_scale_factor (GTK_WIDGET (f->view)));
}

static void
test_zoom_in_action (Fixture *f, gconstpointer data)
{
  AiperfViewport before, after;

  SKIP_WITHOUT_DISPLAY ();
  before = *aiperf_chart_view_get_viewport (f->view);
  g_assert_false (aiperf_chart_view_get_zoomed (f->view));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "chart.zoom-in", NULL));
  after = *aiperf_chart_view_get_viewport (f->view);
  assert_close (after.x_max - after.x_min, (before.x_max - before.x_min) / AIPERF_CHART_VIEW_ZOOM_STEP);
  assert_close (after.y_max - after.y_min, (before.y_max - before.y_min) / AIPERF_CHART_VIEW_ZOOM_STEP);
  assert_close ((after.x_max + after.x_min) / 2, (before.x_max + before.x_min) / 2);
  assert_close ((after.y_max + after.y_min) / 2, (before.y_max + before.y_min) / 2);
  g_assert_true (aiperf_chart_view_get_zoomed (f->view));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "chart.zoom-out", NULL));
  after = *aiperf_chart_view_get_viewport (f->view);
  assert_close (after.x_max - after.x_min, before.x_max - before.x_min);
  assert_close (after.y_min, before.y_min);
}

static void
test_reset (Fixture *f, gconstpointer data)
{
  AiperfViewport automatic;
  const AiperfViewport *vp;

  SKIP_WITHOUT_DISPLAY ();
  aiperf_viewport_init_from_chart (&automatic, aiperf_chart_view_get_chart (f->view));
  g_assert_true (aiperf_viewport_equal (&automatic, aiperf_chart_view_get_viewport (f->view)));

  aiperf_chart_view_zoom_in (f->view);
  wait_until_drawn (f);
  aiperf_chart_view_pan_pixels (f->view, aiperf_chart_view_get_viewport (f->view), 40, -25);
  vp = aiperf_chart_view_get_viewport (f->view);
  g_assert_false (aiperf_viewport_equal (&automatic, vp));
  g_assert_true (aiperf_chart_view_get_zoomed (f->view));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "chart.reset-zoom", NULL));
  g_assert_true (aiperf_viewport_equal (&automatic, aiperf_chart_view_get_viewport (f->view)));
  g_assert_false (aiperf_chart_view_get_zoomed (f->view));
}

static void
test_pan_direction (Fixture *f, gconstpointer data)
{
  AiperfViewport before, after;
  AiperfRect area;

  SKIP_WITHOUT_DISPLAY ();
  before = *aiperf_chart_view_get_viewport (f->view);
  area = aiperf_renderer_get_plot_area (aiperf_chart_view_get_renderer (f->view));
  /* Dragging the content right by a tenth of the plot shows what was left of it. */
  aiperf_chart_view_pan_pixels (f->view, &before, area.width / 10, 0);
  after = *aiperf_chart_view_get_viewport (f->view);
  assert_close (after.x_min, before.x_min - (before.x_max - before.x_min) / 10);
  assert_close (after.y_min, before.y_min);
  /* Dragging it down shows what was above. */
  aiperf_chart_view_pan_pixels (f->view, &before, 0, area.height / 10);
  after = *aiperf_chart_view_get_viewport (f->view);
  assert_close (after.y_min, before.y_min + (before.y_max - before.y_min) / 10);
}

static void
test_rubber_band (Fixture *f, gconstpointer data)
{
  AiperfRenderer *r;
  double x0, y0, x1, y1;
  const AiperfViewport *vp;

  SKIP_WITHOUT_DISPLAY ();
  r = aiperf_chart_view_get_renderer (f->view);
  g_assert_true (aiperf_renderer_data_to_pixel (r, 12.0, 120.0, FALSE, &x0, &y0));
  g_assert_true (aiperf_renderer_data_to_pixel (r, 28.0, 350.0, FALSE, &x1, &y1));
  aiperf_chart_view_zoom_to_pixel_rect (f->view, x1, y0, x0, y1);
  vp = aiperf_chart_view_get_viewport (f->view);
  g_assert_cmpfloat_with_epsilon (vp->x_min, 12.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (vp->x_max, 28.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (vp->y_min, 120.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (vp->y_max, 350.0, 1e-6);
  g_assert_true (aiperf_chart_view_get_zoomed (f->view));
}

static void
on_series_toggled (AiperfChartView *view,
                   int              series,
                   gboolean         visible,
                   int             *out)
{
  out[0] = series;
  out[1] = visible;
  out[2]++;
}

static gboolean
find_legend_entry (AiperfChartView *view,
                   int              series,
                   double          *out_x,
                   double          *out_y)
{
  AiperfRenderer *r = aiperf_chart_view_get_renderer (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view));
  int h = gtk_widget_get_height (GTK_WIDGET (view));

  for (int y = 0; y < h; y += 2)
    for (int x = 0; x < w; x += 2)
      if (aiperf_renderer_pick_legend (r, x, y) == series)
        {
          *out_x = x;
          *out_y = y;
          return TRUE;
        }
  return FALSE;
}

static void
test_legend_toggle (Fixture *f, gconstpointer data)
{
  const AiperfSeries *s;
  double x, y;
  int got[3] = { -1, -1, 0 };

  SKIP_WITHOUT_DISPLAY ();
  g_signal_connect (f->view, "series-toggled", G_CALLBACK (on_series_toggled), got);
  g_assert_true (find_legend_entry (f->view, 1, &x, &y));

  aiperf_chart_view_click_at (f->view, 1, x, y);
  s = g_ptr_array_index (aiperf_chart_view_get_chart (f->view)->series, 1);
  g_assert_false (s->visible);
  g_assert_cmpint (got[0], ==, 1);
  g_assert_cmpint (got[1], ==, FALSE);
  g_assert_cmpint (got[2], ==, 1);
  g_assert_cmpuint (aiperf_chart_count_points (aiperf_chart_view_get_chart (f->view),
                                               AIPERF_LAYER_POINTS), ==, 3);

  /* Hidden entries stay in the legend so they can be shown again. */
  wait_until_drawn (f);
  g_assert_true (find_legend_entry (f->view, 1, &x, &y));
  aiperf_chart_view_click_at (f->view, 1, x, y);
  g_assert_true (s->visible);
  g_assert_cmpint (got[1], ==, TRUE);
  g_assert_cmpint (got[2], ==, 2);
}

/* Two hundred runs: more than the legend has room for beside or below an
 * 800 × 500 chart, even in columns. Its "+N more" opens a list of all of
 * them, each a check that shows or hides its run. */
static void
test_legend_more (Fixture *f, gconstpointer data)
{
  AiperfChart *chart = aiperf_chart_new ("Two hundred runs");
  GPtrArray *checks = g_ptr_array_new ();
  const AiperfSeries *s;
  double x, y;

  SKIP_WITHOUT_DISPLAY ();
  for (int i = 0; i < 200; i++)
    {
      g_autofree char *name = g_strdup_printf ("run-%03d", i);
      int series = aiperf_chart_add_series (chart, name, aiperf_color_palette ((guint) i), AIPERF_LAYER_POINTS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);

      aiperf_layer_append_point (layer, i, i * i, i);
    }
  aiperf_chart_view_set_chart (f->view, chart);
  wait_until_drawn (f);
  /* Entry 40 fits now, in a column; 199 did not, "+N more" stands for it. */
  g_assert_true (find_legend_entry (f->view, 40, &x, &y));
  g_assert_false (find_legend_entry (f->view, 199, &x, &y));
  g_assert_true (find_legend_entry (f->view, AIPERF_LEGEND_MORE, &x, &y));

  aiperf_chart_view_click_at (f->view, 1, x, y);
  g_assert_nonnull (f->view->legend_popover);
  for (GtkWidget *w = f->view->legend_popover; w != NULL;)
    {
      /* depth first through the popover's one box of checks */
      if (GTK_IS_CHECK_BUTTON (w))
        g_ptr_array_add (checks, w);
      if (gtk_widget_get_first_child (w) != NULL && !GTK_IS_CHECK_BUTTON (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && gtk_widget_get_next_sibling (w) == NULL && w != f->view->legend_popover)
            w = gtk_widget_get_parent (w);
          w = w == NULL || w == f->view->legend_popover ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  g_assert_cmpuint (checks->len, ==, 200);
  g_assert_cmpstr (gtk_check_button_get_label (g_ptr_array_index (checks, 199)), ==, "run-199");
  g_assert_true (gtk_check_button_get_active (g_ptr_array_index (checks, 199)));

  /* Unchecked, run-199 leaves the chart; checked, it is back. */
  s = g_ptr_array_index (aiperf_chart_view_get_chart (f->view)->series, 199);
  gtk_check_button_set_active (g_ptr_array_index (checks, 199), FALSE);
  g_assert_false (s->visible);
  gtk_check_button_set_active (g_ptr_array_index (checks, 199), TRUE);
  g_assert_true (s->visible);

  /* Another chart closes the list: its entries are another chart's. */
  aiperf_chart_view_set_chart (f->view, make_chart ("Time to First Token"));
  g_assert_null (f->view->legend_popover);
  g_ptr_array_unref (checks);
}

static void
test_hover (Fixture *f, gconstpointer data)
{
  AiperfRenderer *r;
  AiperfPick pick;
  double px, py;
  guint renders;
  g_autofree char *text = NULL;

  SKIP_WITHOUT_DISPLAY ();
  r = aiperf_chart_view_get_renderer (f->view);
  g_assert_true (aiperf_renderer_data_to_pixel (r, 30.8, 400.0, FALSE, &px, &py));
  renders = aiperf_chart_view_get_layer_renders (f->view);

  aiperf_chart_view_hover_at (f->view, px + 3, py - 2);
  g_assert_true (aiperf_chart_view_get_hover (f->view, &pick));
  g_assert_cmpuint (pick.layer, ==, 0);
  g_assert_cmpuint (pick.index, ==, 2);
  g_assert_cmpint (pick.series, ==, 0);
  g_assert_cmpfloat (pick.x, ==, 30.8);
  g_assert_cmpfloat (pick.y, ==, 400.0);
  g_assert_cmpfloat_with_epsilon (pick.px, px, 0.5);

  text = aiperf_chart_view_format_pick (aiperf_chart_view_get_chart (f->view), &pick);
  g_assert_cmpstr (text, ==, "<b>run-a</b>\nTime to First Token: 30.8 ms\n"
                             "Output Token Throughput: 400 tokens/s\nconcurrency: 4");

  /* Hover redraws the overlay only, never the data layer. */
  wait_until_drawn (f);
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (aiperf_chart_view_get_layer_renders (f->view), ==, renders);

  /* Far from every point: nothing. */
  aiperf_chart_view_hover_at (f->view, 2, 2);
  g_assert_false (aiperf_chart_view_get_hover (f->view, NULL));
}

static void
on_point_activated (AiperfChartView *view,
                    int              series,
                    int              id,
                    int             *out)
{
  out[0] = series;
  out[1] = id;
}

static void
test_double_click (Fixture *f, gconstpointer data)
{
  AiperfRenderer *r;
  double px, py;
  int got[2] = { -1, -1 };
  AiperfViewport automatic;

  SKIP_WITHOUT_DISPLAY ();
  r = aiperf_chart_view_get_renderer (f->view);
  g_signal_connect (f->view, "point-activated", G_CALLBACK (on_point_activated), got);
  g_assert_true (aiperf_renderer_data_to_pixel (r, 25.0, 260.0, FALSE, &px, &py));
  aiperf_chart_view_click_at (f->view, 2, px, py);
  g_assert_cmpint (got[0], ==, 1);
  g_assert_cmpint (got[1], ==, 1);

  /* On empty space it resets the zoom. */
  automatic = *aiperf_chart_view_get_viewport (f->view);
  aiperf_chart_view_zoom_in (f->view);
  wait_until_drawn (f);
  r = aiperf_chart_view_get_renderer (f->view);
  g_assert_true (aiperf_renderer_data_to_pixel (r, 22.0, 330.0, FALSE, &px, &py));
  aiperf_chart_view_click_at (f->view, 2, px, py);
  g_assert_true (aiperf_viewport_equal (&automatic, aiperf_chart_view_get_viewport (f->view)));
}

static void
test_keep_zoom (Fixture *f, gconstpointer data)
{
  AiperfViewport zoomed;

  SKIP_WITHOUT_DISPLAY ();
  aiperf_chart_view_zoom_in (f->view);
  zoomed = *aiperf_chart_view_get_viewport (f->view);

  /* Same axes (a reload): the zoom stays. */
  aiperf_chart_view_set_chart (f->view, make_chart ("Time to First Token"));
  g_assert_true (aiperf_viewport_equal (&zoomed, aiperf_chart_view_get_viewport (f->view)));
  g_assert_true (aiperf_chart_view_get_zoomed (f->view));

  /* Another metric: the automatic view. */
  aiperf_chart_view_set_chart (f->view, make_chart ("Request Latency"));
  g_assert_false (aiperf_viewport_equal (&zoomed, aiperf_chart_view_get_viewport (f->view)));
  g_assert_false (aiperf_chart_view_get_zoomed (f->view));
}

static void
test_export (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  cairo_surface_t *png;

  SKIP_WITHOUT_DISPLAY ();
  dir = g_dir_make_tmp ("aiperf-chart-view-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "view.png", NULL);

  aiperf_chart_view_zoom_in (f->view);
  g_assert_true (aiperf_chart_view_export (f->view, path, AIPERF_FORMAT_PNG, 640, 360, &error));
  g_assert_no_error (error);

  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 640);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 360);
  cairo_surface_destroy (png);
  g_unlink (path);

  /* Nothing to export: an error naming the file, and no file. */
  aiperf_chart_view_set_chart (f->view, NULL);
  g_assert_false (aiperf_chart_view_export (f->view, path, AIPERF_FORMAT_PNG, 640, 360, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

static void
test_clipboard (Fixture *f, gconstpointer data)
{
  GdkClipboard *clipboard;
  GdkContentProvider *content;
  GValue value = G_VALUE_INIT;
  g_autoptr(GError) error = NULL;
  GdkTexture *texture;

  SKIP_WITHOUT_DISPLAY ();
  clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "chart.copy", NULL));
  content = gdk_clipboard_get_content (clipboard);
  g_assert_nonnull (content);
  g_value_init (&value, GDK_TYPE_TEXTURE);
  g_assert_true (gdk_content_provider_get_value (content, &value, &error));
  g_assert_no_error (error);
  texture = g_value_get_object (&value);
  /* Twice the widget's pixels, so the pasted picture stays sharp. */
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 1600);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 1000);
  g_value_unset (&value);
}

static void
test_theme (Fixture *f, gconstpointer data)
{
  guint renders;

  SKIP_WITHOUT_DISPLAY ();
  renders = aiperf_chart_view_get_layer_renders (f->view);
  aiperf_chart_view_set_theme (f->view, AIPERF_THEME_DARK);
  g_assert_cmpint (f->view->style.theme, ==, AIPERF_THEME_DARK);
  wait_until_drawn (f);
  g_assert_cmpuint (aiperf_chart_view_get_layer_renders (f->view), ==, renders + 1);

  /* Forced: the system switching to light changes nothing. */
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_cmpint (f->view->style.theme, ==, AIPERF_THEME_DARK);

  /* Following the system again. */
  aiperf_chart_view_unset_theme (f->view);
  g_assert_cmpint (f->view->style.theme, ==, AIPERF_THEME_LIGHT);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_cmpint (f->view->style.theme, ==, AIPERF_THEME_DARK);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
}

static gboolean
has_shortcut (GtkWidget  *widget,
              const char *accel,
              const char *action)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) want = gtk_shortcut_trigger_parse_string (accel);

  /* The class bindings live in a shortcut controller of the instance. */
  for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, c);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (controller)); i++)
        {
          g_autoptr(GtkShortcut) s = g_list_model_get_item (G_LIST_MODEL (controller), i);
          GtkShortcutAction *a = gtk_shortcut_get_action (s);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (s), want)
              && GTK_IS_NAMED_ACTION (a)
              && g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (a)), action))
            return TRUE;
        }
    }
  return FALSE;
}

static void
test_shortcuts (Fixture *f, gconstpointer data)
{
  GtkWidget *w;

  SKIP_WITHOUT_DISPLAY ();
  w = GTK_WIDGET (f->view);
  g_assert_true (has_shortcut (w, "<Control>plus", "chart.zoom-in"));
  g_assert_true (has_shortcut (w, "<Control>equal", "chart.zoom-in"));
  g_assert_true (has_shortcut (w, "<Control>minus", "chart.zoom-out"));
  g_assert_true (has_shortcut (w, "<Control>0", "chart.reset-zoom"));
}

/* Small multiples: hover text names the panel's series and axes. */
static void
test_format_pick_panel (void)
{
  const char *configs[] = { "gpt_nano", "gpt_micro" };
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Model Architecture");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 900, 400);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *text = NULL;
  AiperfStyle style;
  AiperfPick pick = { 0 };
  gboolean found = FALSE;

  for (guint p = 0; p < 2; p++)
    {
      AiperfChart *panel = aiperf_chart_new (p == 0 ? "Layers" : "Heads");
      int s = aiperf_chart_add_series (panel, "cutileGPT", aiperf_color_palette (1), AIPERF_LAYER_BARS);
      AiperfLayer *bars = aiperf_chart_add_layer (panel, AIPERF_LAYER_BARS, s);

      aiperf_axis_set_categories (&panel->x, configs, 2);
      aiperf_axis_set_label (&panel->x, "Model Configuration", NULL);
      aiperf_axis_set_label (&panel->y, p == 0 ? "Layers" : "Heads", NULL);
      bars->pickable = TRUE;
      aiperf_layer_append_bar (bars, 0, 0.8, p == 0 ? 3 : 4, 0);
      aiperf_layer_append_bar (bars, 1, 0.8, p == 0 ? 6 : 8, 1);
      aiperf_chart_add_panel (chart, panel);
    }
  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, 900, 400);
  aiperf_style_clear (&style);
  /* the first bar of the right-hand panel, low down inside it */
  for (double x = 460; x < 900 && !found; x += 2)
    found = aiperf_renderer_pick (renderer, x, 340, 0, &pick);
  g_assert_true (found);
  g_assert_cmpint (pick.panel, ==, 1);
  text = aiperf_chart_view_format_pick (chart, &pick);
  g_assert_cmpstr (text, ==, "<b>cutileGPT</b>\nModel Configuration: gpt_nano\nHeads: 4");
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_format_value (void)
{
  static const struct { double v; const char *s; } cases[] = {
    { 30.8, "30.8" }, { 1234.6, "1235" }, { 0.000123, "0.000123" },
    { 400.0, "400" }, { 0, "0" }, { -2.5, "-2.5" }, { 99.99999, "100" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = aiperf_chart_view_format_value (cases[i].v);

      g_assert_cmpstr (s, ==, cases[i].s);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  /* No accessibility bus: nothing here reads it, and it slows start-up. */
  g_setenv ("GTK_A11Y", "none", FALSE);
  have_display = gtk_init_check ();
  if (have_display)
    adw_init ();

  g_test_add_func ("/aiperf/chart-view/format-value", test_format_value);
  g_test_add_func ("/aiperf/chart-view/format-pick-panel", test_format_pick_panel);
#define ADD(path, fn) \
  g_test_add ("/aiperf/chart-view/" path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("size", test_size);
  ADD ("zoom-in-action", test_zoom_in_action);
  ADD ("reset", test_reset);
  ADD ("pan-direction", test_pan_direction);
  ADD ("rubber-band", test_rubber_band);
  ADD ("legend-toggle", test_legend_toggle);
  ADD ("legend-more", test_legend_more);
  ADD ("hover", test_hover);
  ADD ("double-click", test_double_click);
  ADD ("keep-zoom", test_keep_zoom);
  ADD ("export", test_export);
  ADD ("clipboard", test_clipboard);
  ADD ("theme", test_theme);
  ADD ("shortcuts", test_shortcuts);
#undef ADD

  return g_test_run ();
}
