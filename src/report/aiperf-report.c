/* aiperf-report.c — a report of what is open: the charts of every kind,
 * drawn once and written as HTML and/or PDF.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-error.h"
#include "aiperf-plot-spec.h"
#include "aiperf-report-private.h"

static void
report_chart_free (AiperfReportChart *chart)
{
  g_free (chart->id);
  g_free (chart->name);
  g_free (chart->caption);
  g_clear_pointer (&chart->chart, aiperf_chart_free);
  g_free (chart);
}

/* Every chart of the plan, in order (group colours are assigned the same
 * way as in the image export). One that cannot be drawn is named. */
static void
build_charts (AiperfReport *report)
{
  AiperfPlotColors *colors = aiperf_session_get_colors (report->input->session);
  GPtrArray *plan = report->input->plan;

  for (guint k = 0; k < plan->len; k++)
    {
      const AiperfKindCharts *charts = g_ptr_array_index (plan, k);

      for (guint i = 0; i < charts->specs->len; i++)
        {
          const AiperfPlotSpec *spec = g_ptr_array_index (charts->specs, i);
          g_autoptr(GError) error = NULL;
          AiperfChart *chart = aiperf_kind_charts_build (charts, spec, report->input->config, colors, &error);
          AiperfReportChart *item;

          if (chart == NULL)
            {
              g_ptr_array_add (report->not_drawn, g_strdup_printf ("%s: %s", spec->name, error->message));
              continue;
            }
          item = g_new0 (AiperfReportChart, 1);
          item->id = g_strdup_printf ("c%u", report->charts->len + 1);
          item->name = g_strdup (spec->name);
          item->chart = chart;
          item->spec = spec;
          item->plan = charts;
          if (spec->description != NULL && spec->description[0] != '\0')
            item->caption = g_strdup (spec->description);
          else
            item->caption = g_strdup (chart->title != NULL ? chart->title : spec->name);
          g_ptr_array_add (report->charts, item);
        }
    }
}

static char *
report_title (AiperfSession *session)
{
  g_autofree char *what = aiperf_session_describe_roots (session);

  /* Translators: the title of a report; %s is what was opened ("qwen-sweep"). */
  return what != NULL ? g_strdup_printf (_("%s — AIPerf Plot report"), what)
                      : g_strdup (_("AIPerf Plot report"));
}

gboolean
aiperf_report_write (const AiperfReportInput *input,
                     guint                    formats,
                     const char              *directory,
                     GPtrArray               *files,
                     GError                 **error)
{
  AiperfReport report = { 0 };
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GError) first_error = NULL;

  g_return_val_if_fail (input != NULL && AIPERF_IS_SESSION (input->session), FALSE);
  g_return_val_if_fail (input->config != NULL && input->plan != NULL, FALSE);
  g_return_val_if_fail (directory != NULL, FALSE);
  g_return_val_if_fail (files != NULL, FALSE);

  report.input = input;
  aiperf_style_init (&report.style, input->theme);
  report.style.scale = 1.0;
  report.runs = aiperf_session_get_runs (input->session);
  report.charts = g_ptr_array_new_with_free_func ((GDestroyNotify) report_chart_free);
  report.not_drawn = g_ptr_array_new_with_free_func (g_free);
  report.tables = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_report_table_free);
  report.facts = g_ptr_array_new_with_free_func (g_free);
  report.timelines = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_report_timeline_free);
  report.title = report_title (input->session);
  report.generated = g_date_time_format (now, "%Y-%m-%d %H:%M UTC");

  build_charts (&report);
  aiperf_report_collect_facts (&report);
  aiperf_report_collect_tables (&report);
  aiperf_report_collect_timelines (&report);

  if (formats & AIPERF_REPORT_HTML)
    {
      g_autofree char *path = g_build_filename (directory, "report.html", NULL);
      g_autoptr(GError) local_error = NULL;

      if (aiperf_report_write_html (&report, path, &local_error))
        g_ptr_array_add (files, g_steal_pointer (&path));
      else
        first_error = g_steal_pointer (&local_error);
    }
  if (formats & AIPERF_REPORT_PDF)
    {
      g_autofree char *path = g_build_filename (directory, "report.pdf", NULL);
      g_autoptr(GError) local_error = NULL;

      if (aiperf_report_write_pdf (&report, path, &local_error))
        g_ptr_array_add (files, g_steal_pointer (&path));
      else if (first_error == NULL)
        first_error = g_steal_pointer (&local_error);
    }

  g_ptr_array_unref (report.charts);
  g_ptr_array_unref (report.not_drawn);
  g_ptr_array_unref (report.tables);
  g_ptr_array_unref (report.facts);
  g_ptr_array_unref (report.timelines);
  g_free (report.title);
  g_free (report.generated);
  aiperf_style_clear (&report.style);

  if (first_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return FALSE;
    }
  return TRUE;
}
