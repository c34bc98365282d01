/* aiperf-handler-counters.c — a trace's counters (C events: memory, queue
 * depths, …) as line charts over the trace's time, one series per counter
 * of each trace.
 *
 * A counter can hold millions of samples: each is read through the track
 * model's per-pixel query, at about two thousand columns over the whole
 * trace, as the value in force (a step line) with the range each column
 * covered shaded behind it, so no peak is lost between two points.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

#define COLUMNS 2000

typedef struct {
  AiperfLayer *step, *band;
} CounterLayers;

static void
add_column (gint64   start,
            double   last,
            double   min,
            double   max,
            gpointer user_data)
{
  CounterLayers *layers = user_data;
  double ms = start / 1e6;

  aiperf_layer_append_point (layers->step, ms, last, (int) aiperf_layer_get_n (layers->step));
  aiperf_layer_append_band (layers->band, ms, min, max);
}

/* The counter lanes of @store's model (their number). */
static guint
count_counters (AiperfTrackModel *model)
{
  guint n = 0;
  double lo, hi;

  for (guint l = 0; l < model->vtable->n_lanes (model->self); l++)
    n += model->vtable->counter_range (model->self, l, &lo, &hi);
  return n;
}

/* How many traces of @runs have counters. */
static guint
count_traces_with_counters (AiperfRunSet *runs)
{
  guint n = 0;

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfTraceStore *store = aiperf_run_get_dataset (aiperf_run_set_get_run (runs, i), AIPERF_DATASET_EVENTS,
                                                        AIPERF_TYPE_TRACE_STORE);
      AiperfTrackModel model;

      if (store == NULL)
        continue;
      aiperf_trace_store_get_model (store, &model);
      n += count_counters (&model) > 0;
    }
  return n;
}

/* Most traces have no counters: the default chart is then left out. */
gboolean
aiperf_handler_counters_applies (const AiperfPlotSpec *spec,
                                 AiperfRunSet         *runs)
{
  (void) spec;
  return count_traces_with_counters (runs) > 0;
}

AiperfChart *
aiperf_handler_counters (const AiperfPlotSpec       *spec,
                         AiperfRunSet               *runs,
                         const AiperfClassification *classification,
                         AiperfPlotColors           *colors,
                         GError                    **error)
{
  g_autoptr(AiperfChart) chart = NULL;
  g_autofree char *only = NULL;
  guint n_traces = count_traces_with_counters (runs), n_series = 0;

  (void) classification;
  if (n_traces == 0)
    return aiperf_plot_no_data (error, _("no trace has counters (C events)"));
  chart = aiperf_plot_chart_new (spec, _("Counters"));
  aiperf_axis_set_label (&chart->x, _("Time since the trace's start"), "ms");
  aiperf_axis_set_label (&chart->y, _("Value"), NULL);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
      AiperfTrackModel model;
      gint64 t0, t1;
      double lo, hi;

      if (store == NULL)
        continue;
      aiperf_trace_store_get_model (store, &model);
      model.vtable->extent (model.self, &t0, &t1);
      for (guint l = 0; l < model.vtable->n_lanes (model.self); l++)
        {
          /* Several traces: each series says whose it is. */
          g_autofree char *name = n_traces > 1 ? g_strdup_printf ("%s · %s", aiperf_run_get_name (run),
                                                                  model.vtable->lane_name (model.self, l))
                                               : g_strdup (model.vtable->lane_name (model.self, l));
          AiperfColor color;
          CounterLayers layers;
          int series;

          if (!model.vtable->counter_range (model.self, l, &lo, &hi))
            continue;
          color = aiperf_color_palette (aiperf_plot_colors_get (colors, name));
          series = aiperf_chart_add_series (chart, name, color, AIPERF_LAYER_STEP);
          layers.band = aiperf_chart_add_layer (chart, AIPERF_LAYER_BAND, series);
          layers.band->fill_opacity = 0.25;
          layers.step = aiperf_chart_add_layer (chart, AIPERF_LAYER_STEP, series);
          layers.step->pickable = TRUE;
          model.vtable->counter_query (model.self, l, t0, t1, MAX ((t1 - t0) / COLUMNS, 1), add_column, &layers);
          if (n_series++ == 0)
            only = g_strdup (name);
        }
    }
  /* One counter: named on its axis, without a legend. */
  if (n_series == 1)
    {
      ((AiperfSeries *) g_ptr_array_index (chart->series, 0))->in_legend = FALSE;
      aiperf_axis_set_label (&chart->y, only, NULL);
    }
  return g_steal_pointer (&chart);
}
