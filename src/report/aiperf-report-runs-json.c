/* aiperf-report-runs-json.c — what report.html embeds of the runs: each
 * run's name, relative locator, parameters and every summary statistic,
 * the metrics' labels and units, and a single run's per-request columns
 * (thinned evenly past MAX_REQUEST_ROWS), for the charts the reader makes
 * from them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-kinds.h"
#include "aiperf-plot-names.h"
#include "aiperf-report-private.h"
#include "aiperf-run-rules.h"
#include "aiperf-session-plot.h"

/* Per request column: more rows than a page needs to hover and zoom. */
#define MAX_REQUEST_ROWS 4000

void
aiperf_report_json_runs (GString      *out,
                         AiperfReport *report,
                         GHashTable   *metric_tags)
{
  AiperfRunSet *runs = report->runs;
  g_autoptr(GPtrArray) swept = aiperf_run_set_get_swept_parameters (runs);

  g_string_append (out, "\"params\":{");
  for (guint i = 0; i < swept->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      aiperf_report_json_key (out, g_ptr_array_index (swept, i));
      aiperf_report_json_string (out, aiperf_plot_parameter_label (g_ptr_array_index (swept, i)));
    }
  g_string_append (out, "},\"runs\":[");
  for (guint r = 0; r < aiperf_run_set_get_n_runs (runs); r++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, r);
      g_autoptr(GPtrArray) tags = aiperf_run_list_metrics (run);
      gboolean first = TRUE;
      char *locator;

      g_string_append (out, r > 0 ? ",{\"name\":" : "{\"name\":");
      aiperf_report_json_string (out, aiperf_run_get_name (run));
      g_string_append (out, ",\"locator\":");
      locator = aiperf_report_relative_path (report, aiperf_run_get_locator (run));
      aiperf_report_json_string (out, locator);
      g_clear_pointer (&locator, g_free);
      g_string_append (out, ",\"kind\":");
      aiperf_report_json_string (out, aiperf_run_get_kind (run));
      g_string_append (out, ",\"tool\":");
      aiperf_report_json_string (out, aiperf_run_get_tool (run));
      g_string_append (out, ",\"model\":");
      aiperf_report_json_string (out, aiperf_run_get_model (run));
      g_string_append (out, ",\"params\":{");
      for (guint i = 0; i < swept->len; i++)
        {
          g_autofree char *text = aiperf_plot_run_text (run, g_ptr_array_index (swept, i));

          if (text == NULL)
            continue;
          if (!first)
            g_string_append_c (out, ',');
          first = FALSE;
          aiperf_report_json_key (out, g_ptr_array_index (swept, i));
          aiperf_report_json_string (out, text);
        }
      g_string_append (out, "},\"metrics\":{");
      for (guint t = 0; t < tags->len; t++)
        {
          const char *tag = g_ptr_array_index (tags, t);
          gboolean first_stat = TRUE;

          if (t > 0)
            g_string_append_c (out, ',');
          aiperf_report_json_key (out, tag);
          g_string_append_c (out, '{');
          for (guint s = 0; s < AIPERF_N_STATS; s++)
            {
              double value;

              if (!aiperf_run_get_metric (run, tag, s, &value) || !isfinite (value))
                continue;
              if (!first_stat)
                g_string_append_c (out, ',');
              first_stat = FALSE;
              aiperf_report_json_key (out, aiperf_stat_to_string (s));
              aiperf_report_json_number (out, value);
            }
          g_string_append_c (out, '}');
          if (!g_hash_table_contains (metric_tags, tag))
            g_hash_table_insert (metric_tags, g_strdup (tag), g_strdup (aiperf_run_get_metric_unit (run, tag)));
        }
      g_string_append (out, "}}");
    }
  g_string_append_c (out, ']');
}

/* The view the page opens with: the runs hidden in what the report is of
 * (the window's unchecked runs, a saved view's hidden runs) and the saved
 * view's parameter filters and metric ranges, as the page's own state. */
void
aiperf_report_json_view (GString      *out,
                         AiperfReport *report)
{
  const AiperfRunRules *rules = report->input->config->runs;
  gboolean first = TRUE;

  g_string_append (out, ",\"view\":{\"hidden\":[");
  for (guint r = 0; r < aiperf_run_set_get_n_runs (report->runs); r++)
    {
      AiperfRun *run = aiperf_run_set_get_run (report->runs, r);

      /* a run a filter leaves out is the filter's, not unchecked */
      if (aiperf_run_rules_hides (rules, run) ||
          (!aiperf_session_is_run_visible (report->input->session, run) && !aiperf_run_rules_filters (rules, run)))
        {
          g_string_append_printf (out, first ? "%u" : ",%u", r);
          first = FALSE;
        }
    }
  g_string_append (out, "],\"params\":{");
  if (rules != NULL)
    {
      g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (rules->parameters), (GCompareFunc) g_strcmp0);

      for (GList *l = keys; l != NULL; l = l->next)
        {
          GPtrArray *values = g_hash_table_lookup (rules->parameters, l->data);

          if (l != keys)
            g_string_append_c (out, ',');
          aiperf_report_json_key (out, l->data);
          g_string_append_c (out, '[');
          for (guint i = 0; i < values->len; i++)
            {
              if (i > 0)
                g_string_append_c (out, ',');
              aiperf_report_json_string (out, g_ptr_array_index (values, i));
            }
          g_string_append_c (out, ']');
        }
    }
  g_string_append (out, "},\"ranges\":[");
  for (guint i = 0; rules != NULL && i < rules->ranges->len; i++)
    {
      const AiperfRunRange *range = g_ptr_array_index (rules->ranges, i);

      g_string_append (out, i > 0 ? ",{\"tag\":" : "{\"tag\":");
      aiperf_report_json_string (out, aiperf_plot_resolve_tag (range->metric));
      g_string_append (out, ",\"stat\":");
      aiperf_report_json_string (out, aiperf_stat_to_string (range->stat));
      /* the bounds as written: a run at the edge stays on its side */
      for (guint b = 0; b < 2; b++)
        {
          double v = b == 0 ? range->min : range->max;
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          g_string_append (out, b == 0 ? ",\"min\":" : ",\"max\":");
          g_string_append (out, isfinite (v) ? g_ascii_dtostr (buf, sizeof buf, v) : "null");
        }
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}");
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

void
aiperf_report_json_metrics (GString    *out,
                            GHashTable *metric_tags)
{
  g_autoptr(GPtrArray) tags = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;
  gboolean first = TRUE;

  g_hash_table_iter_init (&iter, metric_tags);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (tags, key);

  g_ptr_array_sort (tags, compare_strings);
  g_string_append (out, ",\"metrics\":{");
  for (guint i = 0; i < tags->len; i++)
    {
      const char *tag = g_ptr_array_index (tags, i);
      g_autofree char *label = aiperf_plot_display_name (tag);

      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      aiperf_report_json_key (out, tag);
      g_string_append (out, "{\"label\":");
      aiperf_report_json_string (out, label);
      g_string_append (out, ",\"unit\":");
      aiperf_report_json_string (out, g_hash_table_lookup (metric_tags, tag));
      /* whether an axis of it names a statistic, as the charts' axes do */
      g_string_append_printf (out, ",\"stats\":%s}", aiperf_plot_metric_has_stats (tag) ? "true" : "false");
    }
  g_string_append_c (out, '}');
}

/* A single run shown in detail: its per-request columns, thinned evenly
 * past MAX_REQUEST_ROWS. */
void
aiperf_report_json_requests (GString      *out,
                             AiperfReport *report)
{
  GPtrArray *plan = report->input->plan;
  const AiperfKindCharts *charts = NULL;
  AiperfRun *run;
  AiperfTable *table;
  guint n, stride, kept;
  gboolean first = TRUE;

  for (guint k = 0; k < plan->len && charts == NULL; k++)
    if (((AiperfKindCharts *) g_ptr_array_index (plan, k))->mode == AIPERF_MODE_SINGLE_RUN)
      charts = g_ptr_array_index (plan, k);
  if (charts == NULL)
    return;
  run = aiperf_run_set_get_run (charts->runs, 0);
  table = aiperf_run_get_requests (run);
  if (table == NULL || aiperf_table_get_n_rows (table) == 0)
    return;
  n = aiperf_table_get_n_rows (table);
  stride = (n + MAX_REQUEST_ROWS - 1) / MAX_REQUEST_ROWS;
  kept = (n + stride - 1) / stride;

  g_string_append (out, ",\"requests\":{\"run\":");
  for (guint j = 0; j < aiperf_run_set_get_n_runs (report->runs); j++)
    if (aiperf_run_set_get_run (report->runs, j) == run)
      g_string_append_printf (out, "%u", j);
  g_string_append_printf (out, ",\"total\":%u,\"kept\":%u", n, kept);
  if (stride > 1)
    {
      g_autofree char *note = g_strdup_printf (_("Per-request data thinned for this page: %u of %u requests kept "
                                                 "(one in %u); the summary statistics are of all of them."),
                                               kept, n, stride);

      g_string_append (out, ",\"note\":");
      aiperf_report_json_string (out, note);
    }
  g_string_append (out, ",\"columns\":{");
  for (guint c = 0; c < aiperf_table_get_n_columns (table); c++)
    {
      const char *name = aiperf_table_get_column_name (table, c);
      const char *unit = aiperf_table_get_column_unit (table, c);
      g_autofree char *title = NULL;

      if (aiperf_table_column_is_string (table, c) || aiperf_plot_request_tag_hidden (name))
        continue;
      title = aiperf_plot_quantity_title (name, unit, &unit);
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      aiperf_report_json_key (out, name);
      g_string_append (out, "{\"label\":");
      aiperf_report_json_string (out, title);
      g_string_append (out, ",\"unit\":");
      aiperf_report_json_string (out, unit);
      g_string_append (out, ",\"values\":");
      aiperf_report_json_numbers (out, aiperf_table_get_column_values (table, c), n, stride);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "}}");
}
