/* aiperf-report-timeline.c — the traces of a report: each run whose kind
 * brings a timeline, with its track model, and its whole timeline drawn
 * (the PDF's page, the HTML's picture without JavaScript).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-kinds.h"
#include "aiperf-report-private.h"
#include "aiperf-timeline.h"
#include "aiperf-trace-store.h"

void
aiperf_report_timeline_free (AiperfReportTimeline *timeline)
{
  g_free (timeline->id);
  g_free (timeline->title);
  g_free (timeline->caption);
  g_free (timeline);
}

void
aiperf_report_collect_timelines (AiperfReport *report)
{
  g_return_if_fail (report != NULL);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (report->runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (report->runs, i);
      AiperfTraceStore *store;
      AiperfReportTimeline *timeline;
      g_autofree char *where = NULL;

      if (!(aiperf_kinds_get_views (aiperf_run_get_kind (run)) & AIPERF_KIND_VIEW_TIMELINE))
        continue;
      store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
      if (store == NULL || aiperf_trace_store_get_n_slices (store) == 0)
        continue;
      timeline = g_new0 (AiperfReportTimeline, 1);
      timeline->run = run;
      aiperf_trace_store_get_model (store, &timeline->model);
      timeline->id = g_strdup_printf ("t%u", report->timelines->len + 1);
      /* Translators: %s is the trace's name */
      timeline->title = g_strdup_printf (_("Timeline of %s"), aiperf_run_get_name (run));
      where = aiperf_report_relative_path (report, aiperf_run_get_locator (run));
      timeline->caption = where != NULL ? g_strdup_printf ("%s (%s)", timeline->title, where)
                                        : g_strdup (timeline->title);
      g_ptr_array_add (report->timelines, timeline);
    }
}

double
aiperf_report_timeline_height (const AiperfReportTimeline *timeline,
                               double                      max_height)
{
  const AiperfTrackModel *model = &timeline->model;
  guint rows = 0;

  /* its rows at the window's 18 units each, below the title and legend and
   * above the time axis; @max_height at most (rows shrink) */
  for (guint l = 0; l < model->vtable->n_lanes (model->self); l++)
    rows += model->vtable->lane_depth (model->self, l);
  return MIN (max_height, 140 + 18.0 * MAX (rows, 4));
}

void
aiperf_report_draw_timeline (cairo_t                    *cr,
                             const AiperfReportTimeline *timeline,
                             const AiperfStyle          *style,
                             double                      width,
                             double                      height)
{
  gint64 t0, t1;
  AiperfTimelineState state;

  g_return_if_fail (cr != NULL && timeline != NULL && style != NULL);

  timeline->model.vtable->extent (timeline->model.self, &t0, &t1);
  state = AIPERF_TIMELINE_STATE_INIT (t0, t1);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  aiperf_timeline_draw (cr, &timeline->model, &state, style, width, height, timeline->title);
  cairo_restore (cr);
}
