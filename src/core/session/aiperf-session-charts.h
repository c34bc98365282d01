/* aiperf-session-charts.h — the default charts of what is open, kind by
 * kind: which presets apply, in which mode, to which runs. Shared by the
 * headless export (PNG/SVG/PDF files) and the reports (HTML, PDF).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-chart.h"
#include "aiperf-plot.h"
#include "aiperf-presets.h"
#include "aiperf-session.h"

G_BEGIN_DECLS

/* The charts of one kind of runs. */
typedef struct {
  char         *kind;   /* "serving", "cutile", … */
  AiperfRunSet *runs;   /* the open runs of that kind */
  /* AIPERF_MODE_SINGLE_RUN: single-run plots of the first run; else
   * comparisons of @runs. */
  AiperfMode    mode;
  GPtrArray    *specs;  /* AiperfPlotSpec* (copies, analysis options applied), in order */
  /* Nullable: AiperfChart* already drawn, one per spec (the window's tabs,
   * with their settings); aiperf_kind_charts_build () copies them. */
  GPtrArray    *charts;
} AiperfKindCharts;

/* What the planning has to say: @warning FALSE for information, TRUE for
 * something skipped. */
typedef void (*AiperfChartsNoteFunc) (gboolean    warning,
                                      const char *message,
                                      gpointer    user_data);

/* The kinds of @session's runs (serving first, then by name) with their
 * default charts, or the presets named in @only (nullable). A single
 * serving run's per-request data is read here, since whether it has any
 * decides the mode. Returns AiperfKindCharts*. */
GPtrArray   *aiperf_session_plan_charts (AiperfSession          *session,
                                         const AiperfPlotConfig *config,
                                         const char * const     *only,
                                         AiperfChartsNoteFunc    note,
                                         gpointer                user_data);
/* Builds @spec (one of @charts' specs) for @charts' runs, or copies its
 * chart when @charts holds them. */
AiperfChart *aiperf_kind_charts_build   (const AiperfKindCharts *charts,
                                         const AiperfPlotSpec   *spec,
                                         const AiperfPlotConfig *config,
                                         AiperfPlotColors       *colors,
                                         GError                **error);
void         aiperf_kind_charts_free    (AiperfKindCharts       *charts);
/* The section @kind adds to summary.txt and to a report for @runs (its
 * summary with the session's analysis options when it has one), or NULL. */
char        *aiperf_session_kind_section (AiperfSession         *session,
                                          const char            *kind,
                                          AiperfRunSet          *runs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfKindCharts, aiperf_kind_charts_free)

G_END_DECLS
