/* bench-timeline.c — the timeline of a big trace as the window paints it.
 *
 * usage: bench-timeline TRACE [WIDTH HEIGHT]
 *
 * Times, wall clock: opening the trace (the whole load a user waits for)
 * plus the first paint of the whole trace (target < 5 s for 1 GB); then
 * redraws as zoom, pan and hover make them (every level from the whole
 * trace to 10 µs, pans at each, a hover hit each): the median and the
 * worst (target <= 16 ms). Painted with cairo into an image of the
 * window's size, as the widget's snapshot does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "aiperf-run-set-load.h"
#include "aiperf-run-set.h"
#include "aiperf-style.h"
#include "aiperf-timeline.h"
#include "aiperf-trace-store.h"

/* A redraw: its time, and the view it drew. */
typedef struct {
  double ms, span_ns;
} Redraw;

static int
compare_redraws (const void *a,
                 const void *b)
{
  double x = ((const Redraw *) a)->ms, y = ((const Redraw *) b)->ms;

  return x < y ? -1 : x > y;
}

static double
paint (cairo_t                *cr,
       const AiperfTrackModel *model,
       const AiperfStyle      *style,
       gint64                  t0,
       gint64                  t1,
       int                     width,
       int                     height)
{
  AiperfTimelineState state = AIPERF_TIMELINE_STATE_INIT (t0, t1);
  AiperfTimelineHit hit;
  gint64 start = g_get_monotonic_time ();

  aiperf_timeline_draw (cr, model, &state, style, width, height, "bench");
  /* A hover in the middle of the plot, as the pointer rests there. */
  aiperf_timeline_hit (model, &state, style, width, height, width * 0.6, height * 0.5, &hit);
  aiperf_timeline_hit_clear (&hit);
  return (g_get_monotonic_time () - start) / 1000.0;
}

int
main (int   argc,
      char *argv[])
{
  const char *paths[2] = { NULL, NULL };
  int width = argc > 3 ? atoi (argv[2]) : 1920, height = argc > 3 ? atoi (argv[3]) : 1080;
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (Redraw));
  AiperfTraceStore *store;
  AiperfTrackModel model;
  AiperfStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;
  gint64 start, t0, t1;
  double first;

  if (argc < 2)
    {
      g_printerr ("usage: %s TRACE [WIDTH HEIGHT]\n", argv[0]);
      return 2;
    }
  paths[0] = argv[1];
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  aiperf_style_init (&style, AIPERF_THEME_LIGHT);

  start = g_get_monotonic_time ();
  set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  if (set == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  store = aiperf_run_get_dataset (aiperf_run_set_get_run (set, 0), AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  if (store == NULL)
    {
      g_printerr ("%s: no timeline\n", argv[1]);
      return 1;
    }
  aiperf_trace_store_get_model (store, &model);
  model.vtable->extent (model.self, &t0, &t1);
  paint (cr, &model, &style, t0, t1, width, height);
  first = (g_get_monotonic_time () - start) / 1e6;
  g_print ("%u slices in %u lanes\n", aiperf_trace_store_get_n_slices (store), model.vtable->n_lanes (model.self));
  g_print ("open + first paint: %.2f s (target < 5 s for 1 GB)\n", first);

  /* Zoom in by 1.25 from the whole trace to 10 µs wide, panning a tenth
   * of the view at every level, centred at 40 % of the trace. */
  for (double span = (double) (t1 - t0); span >= 10000; span /= 1.25)
    for (int pan = 0; pan < 3; pan++)
      {
        gint64 a = t0 + (gint64) ((t1 - t0) * 0.4 - span / 2 + pan * span / 10);
        Redraw redraw = { paint (cr, &model, &style, a, a + (gint64) span, width, height), span };

        g_array_append_val (times, redraw);
      }
  g_array_sort (times, compare_redraws);
  g_print ("%u redraws (zoom, pan, hover): median %.2f ms, 95th %.2f ms, worst %.2f ms (target <= 16 ms)\n",
           times->len, g_array_index (times, Redraw, times->len / 2).ms,
           g_array_index (times, Redraw, times->len * 95 / 100).ms, g_array_index (times, Redraw, times->len - 1).ms);
  for (guint i = times->len - MIN (times->len, 3); i < times->len; i++)
    g_print ("  slow: %.2f ms with %.6g ms in view\n", g_array_index (times, Redraw, i).ms,
             g_array_index (times, Redraw, i).span_ns / 1e6);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  aiperf_style_clear (&style);
  return 0;
}
