/* aiperf-report-facts.c — the header of a report: what was opened, the
 * system it ran on, what failed to load, and a table of runs per kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-kinds.h"
#include "aiperf-plot-names.h"
#include "aiperf-report-private.h"
#include "aiperf-session-plot.h"

/* The metrics a serving table shows when the runs have them: aiperf's
 * headline numbers. Other kinds show their first metrics. */
static const char * const serving_metrics[] = {
  "request_throughput",
  "output_token_throughput",
  "time_to_first_token",
  "inter_token_latency",
  "request_latency",
};
#define MAX_KIND_METRICS 6

static void
add_fact (AiperfReport *report,
          const char   *label,
          char         *value)
{
  if (value == NULL || value[0] == '\0')
    {
      g_free (value);
      return;
    }
  g_ptr_array_add (report->facts, g_strdup (label));
  g_ptr_array_add (report->facts, value);
}

/* Distinct non-empty texts in first-seen order, joined with ", ". */
typedef struct {
  GHashTable *seen;
  GString    *text;
} Distinct;

static void
distinct_add (Distinct   *d,
              const char *value)
{
  if (value == NULL || value[0] == '\0' || g_hash_table_contains (d->seen, value))
    return;
  g_hash_table_add (d->seen, g_strdup (value));
  if (d->text->len > 0)
    g_string_append (d->text, ", ");
  g_string_append (d->text, value);
}

static Distinct
distinct_new (void)
{
  Distinct d = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL), g_string_new (NULL) };

  return d;
}

static char *
distinct_free (Distinct *d)
{
  g_hash_table_unref (d->seen);
  return g_string_free (d->text, d->text->len == 0);
}

/* "NVIDIA H100 80GB HBM3 ×8 (node-1)" per distinct GPU model and host. */
static char *
describe_gpus (AiperfRunSet *runs)
{
  g_autoptr(GHashTable) counted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) uuids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  for (guint r = 0; r < aiperf_run_set_get_n_runs (runs); r++)
    {
      g_autoptr(GPtrArray) gpus = aiperf_run_dup_gpus (aiperf_run_set_get_run (runs, r));

      for (guint i = 0; gpus != NULL && i < gpus->len; i++)
        {
          const AiperfGpu *gpu = g_ptr_array_index (gpus, i);
          g_autofree char *key = g_strdup_printf ("%s (%s)", gpu->name != NULL ? gpu->name : "GPU",
                                                  gpu->hostname != NULL ? gpu->hostname : "?");
          char *stored;

          /* The same GPU in every run of a sweep is one GPU. */
          if (gpu->uuid != NULL && !g_hash_table_add (uuids, g_strdup (gpu->uuid)))
            continue;
          if (!g_hash_table_lookup_extended (counted, key, (gpointer *) &stored, NULL))
            {
              stored = g_strdup (key);
              g_hash_table_insert (counted, stored, GUINT_TO_POINTER (0));
              g_ptr_array_add (order, stored);
            }
          g_hash_table_insert (counted, g_strdup (key),
                               GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counted, key)) + 1));
        }
    }
  for (guint i = 0; i < order->len; i++)
    {
      const char *key = g_ptr_array_index (order, i);

      g_string_append_printf (text, "%s%u × %s", i > 0 ? "; " : "",
                              GPOINTER_TO_UINT (g_hash_table_lookup (counted, key)), key);
    }
  return g_string_free (text, text->len == 0);
}

char *
aiperf_report_relative_path (AiperfReport *report,
                             const char   *path)
{
  GPtrArray *roots;

  g_return_val_if_fail (report != NULL, NULL);

  if (path == NULL)
    return NULL;
  roots = aiperf_session_get_roots (report->input->session);
  for (guint i = 0; roots != NULL && i < roots->len; i++)
    {
      g_autofree char *root = g_canonicalize_filename (g_ptr_array_index (roots, i), NULL);
      g_autofree char *parent = g_path_get_dirname (root);
      gsize len = strlen (parent);

      if (g_str_has_prefix (path, parent) && G_IS_DIR_SEPARATOR (path[len]) && path[len + 1] != '\0')
        return g_strdup (path + len + 1);
    }
  return g_strdup (path);
}

char *
aiperf_report_relative_text (AiperfReport *report,
                             const char   *text)
{
  GPtrArray *roots;
  GString *out;

  g_return_val_if_fail (report != NULL, NULL);

  if (text == NULL)
    return NULL;
  roots = aiperf_session_get_roots (report->input->session);
  out = g_string_new (text);
  for (guint r = 0; roots != NULL && r < roots->len; r++)
    {
      g_autofree char *root = g_canonicalize_filename (g_ptr_array_index (roots, r), NULL);
      g_autofree char *parent = g_path_get_dirname (root);
      g_autofree char *prefix = g_strconcat (parent, G_DIR_SEPARATOR_S, NULL);

      if (strlen (parent) > 1)
        g_string_replace (out, prefix, "", 0);
    }
  return g_string_free (out, FALSE);
}

void
aiperf_report_collect_facts (AiperfReport *report)
{
  AiperfSession *session = report->input->session;
  AiperfRunSet *runs = report->runs;
  GPtrArray *roots = aiperf_session_get_roots (session);
  GPtrArray *errors = aiperf_session_get_errors (session);
  g_autoptr(GPtrArray) swept = aiperf_run_set_get_swept_parameters (runs);
  Distinct tools = distinct_new (), models = distinct_new (), versions = distinct_new (),
           endpoints = distinct_new (), opened = distinct_new ();
  GString *params = g_string_new (NULL);

  /* a report is meant to be shared: what was opened by its name, not
   * where it sat on this machine */
  for (guint i = 0; i < roots->len; i++)
    {
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (roots, i));

      distinct_add (&opened, name);
    }
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);

      distinct_add (&tools, aiperf_run_get_tool (run));
      if (g_strcmp0 (aiperf_run_get_model (run), "Unknown") != 0)
        distinct_add (&models, aiperf_run_get_model (run));
      distinct_add (&versions, aiperf_run_get_aiperf_version (run));
      distinct_add (&endpoints, aiperf_run_get_endpoint_type (run));
    }
  for (guint i = 0; i < swept->len; i++)
    {
      const char *key = g_ptr_array_index (swept, i);
      g_autoptr(GPtrArray) values = aiperf_session_parameter_values (runs, key);
      guint n_set = 0;

      /* the values some runs set: a parameter one value takes everywhere
       * it is set is no sweep */
      for (guint v = 0; v < values->len; v++)
        n_set += ((const char *) g_ptr_array_index (values, v))[0] != '\0';
      if (n_set < 2)
        continue;
      g_string_append_printf (params, "%s%s: ", params->len > 0 ? "; " : "", aiperf_plot_parameter_label (key));
      n_set = 0;
      for (guint v = 0; v < values->len; v++)
        {
          const char *value = g_ptr_array_index (values, v);

          if (value[0] != '\0')
            g_string_append_printf (params, "%s%s", n_set++ > 0 ? ", " : "", value);
        }
    }

  add_fact (report, _("Opened"), distinct_free (&opened));
  add_fact (report, _("Runs"), g_strdup_printf ("%u", aiperf_run_set_get_n_runs (runs)));
  add_fact (report, _("Tools"), distinct_free (&tools));
  add_fact (report, _("Models"), distinct_free (&models));
  add_fact (report, _("Parameters"), g_string_free (params, params->len == 0));
  add_fact (report, _("GPUs"), describe_gpus (runs));
  add_fact (report, _("AIPerf versions"), distinct_free (&versions));
  add_fact (report, _("Endpoints"), distinct_free (&endpoints));
  /* TRANSLATORS: "2026-11-27 20:54 UTC by aiperf-plot 0.1.0" */
  add_fact (report, _("Generated"), g_strdup_printf (_("%s by aiperf-plot %s"), report->generated, PACKAGE_VERSION));
  /* the messages name files by where they are here: by what was opened */
  for (guint i = 0; i < errors->len; i++)
    add_fact (report, _("Failed to load"), aiperf_report_relative_text (report, g_ptr_array_index (errors, i)));
  for (guint i = 0; i < report->not_drawn->len; i++)
    add_fact (report, _("Not drawn"), g_strdup (g_ptr_array_index (report->not_drawn, i)));
}

void
aiperf_report_table_free (AiperfReportTable *table)
{
  g_free (table->title);
  g_ptr_array_unref (table->columns);
  g_array_unref (table->roles);
  g_ptr_array_unref (table->rows);
  g_free (table->section);
  g_free (table->constant);
  g_free (table);
}

/* The value of @tag's avg (p50, then the first stat it has, for metrics
 * that are one number), formatted, or NULL. */
static char *
metric_text (AiperfRun  *run,
             const char *tag)
{
  const AiperfStats *stats = aiperf_run_get_metric_stats (run, tag);
  double value;

  if (stats == NULL)
    return NULL;
  if (!aiperf_run_get_metric (run, tag, AIPERF_STAT_AVG, &value) &&
      !aiperf_run_get_metric (run, tag, AIPERF_STAT_P50, &value))
    {
      guint s;

      for (s = 0; s < AIPERF_N_STATS; s++)
        if (aiperf_run_get_metric (run, tag, s, &value))
          break;
      if (s == AIPERF_N_STATS)
        return NULL;
    }
  return aiperf_plot_format_value (value);
}

static GPtrArray *
table_metrics (AiperfRunSet *runs,
               const char   *kind)
{
  g_autoptr(GPtrArray) all = aiperf_session_list_metrics (runs);
  GPtrArray *chosen = g_ptr_array_new_with_free_func (g_free);

  if (aiperf_kinds_get_views (kind) & AIPERF_KIND_VIEW_RUNS)
    {
      for (guint i = 0; i < G_N_ELEMENTS (serving_metrics); i++)
        if (g_ptr_array_find_with_equal_func (all, serving_metrics[i], g_str_equal, NULL))
          g_ptr_array_add (chosen, g_strdup (serving_metrics[i]));
      if (chosen->len > 0)
        return chosen;
    }
  for (guint i = 0; i < all->len && chosen->len < MAX_KIND_METRICS; i++)
    g_ptr_array_add (chosen, g_strdup (g_ptr_array_index (all, i)));
  return chosen;
}

/* A parameter column of a runs table: one label, the keys that mean it
 * (endpoint.type and endpoint_type are both "Endpoint Type"). */
typedef struct {
  char      *label;
  GPtrArray *keys;  /* char*, borrowed from the swept list */
} ParamColumn;

static void
param_column_free (ParamColumn *column)
{
  g_free (column->label);
  g_ptr_array_unref (column->keys);
  g_free (column);
}

/* @run's value of @column: its first key the run sets, or NULL. */
static char *
param_text (AiperfRun   *run,
            ParamColumn *column)
{
  for (guint k = 0; k < column->keys->len; k++)
    {
      char *text = aiperf_plot_run_text (run, g_ptr_array_index (column->keys, k));

      if (text != NULL && text[0] != '\0')
        return text;
      g_free (text);
    }
  return NULL;
}

/* The columns of the parameters that differ between @runs, one per label.
 * A parameter with one value in every run that sets it is no column: it
 * goes into *@constant ("Streaming: true; …"), said once under the table. */
static GPtrArray *
parameter_columns (AiperfRunSet *runs,
                   GPtrArray    *swept,
                   char        **constant)
{
  GPtrArray *columns = g_ptr_array_new_with_free_func ((GDestroyNotify) param_column_free);
  g_autoptr(GString) same = g_string_new (NULL);

  for (guint i = 0; i < swept->len; i++)
    {
      const char *key = g_ptr_array_index (swept, i);
      const char *label = aiperf_plot_parameter_label (key);
      ParamColumn *column = NULL;

      if (g_str_equal (key, "model"))
        continue;
      for (guint c = 0; c < columns->len && column == NULL; c++)
        if (g_str_equal (((ParamColumn *) g_ptr_array_index (columns, c))->label, label))
          column = g_ptr_array_index (columns, c);
      if (column == NULL)
        {
          column = g_new0 (ParamColumn, 1);
          column->label = g_strdup (label);
          column->keys = g_ptr_array_new ();
          g_ptr_array_add (columns, column);
        }
      g_ptr_array_add (column->keys, (gpointer) key);
    }
  for (guint c = 0; c < columns->len; )
    {
      ParamColumn *column = g_ptr_array_index (columns, c);
      g_autofree char *first = NULL;
      gboolean varies = FALSE;

      for (guint r = 0; r < aiperf_run_set_get_n_runs (runs) && !varies; r++)
        {
          g_autofree char *text = param_text (aiperf_run_set_get_run (runs, r), column);

          if (text == NULL)
            continue;
          if (first == NULL)
            first = g_steal_pointer (&text);
          else
            varies = !g_str_equal (first, text);
        }
      if (varies)
        {
          c++;
          continue;
        }
      if (first != NULL)
        g_string_append_printf (same, "%s%s: %s", same->len > 0 ? "; " : "", column->label, first);
      g_ptr_array_remove_index (columns, c);
    }
  *constant = same->len > 0 ? g_strdup (same->str) : NULL;
  return columns;
}

static void
add_column (AiperfReportTable     *table,
            char                  *title,
            AiperfReportColumnRole role)
{
  g_ptr_array_add (table->columns, title);
  g_array_append_val (table->roles, role);
}

/* @texts (one per run, NULL allowed) hold at least two different values. */
static gboolean
texts_vary (GPtrArray *texts)
{
  const char *first = NULL;

  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = g_ptr_array_index (texts, i);

      if (text == NULL)
        continue;
      if (first == NULL)
        first = text;
      else if (!g_str_equal (first, text))
        return TRUE;
    }
  return FALSE;
}

/* A column of @texts when they differ between runs; otherwise their one
 * value joins @same ("Tool: AIPerf"), said once under the table. */
static gboolean
vary_or_same (GPtrArray  *texts,
              const char *label,
              GString    *same)
{
  if (texts_vary (texts))
    return TRUE;
  for (guint i = 0; i < texts->len; i++)
    if (g_ptr_array_index (texts, i) != NULL)
      {
        g_string_append_printf (same, "%s%s: %s", same->len > 0 ? "; " : "", label,
                                (const char *) g_ptr_array_index (texts, i));
        break;
      }
  return FALSE;
}

void
aiperf_report_collect_tables (AiperfReport *report)
{
  g_autoptr(GHashTable) sets = NULL;
  g_autoptr(GPtrArray) kinds = aiperf_kinds_split (report->runs, &sets);

  /* Every open run, kind by kind, whatever the charts show. */
  for (guint k = 0; k < kinds->len; k++)
    {
      const char *kind_id = g_ptr_array_index (kinds, k);
      const AiperfKind *kind = aiperf_kinds_find (kind_id);
      AiperfRunSet *runs = g_hash_table_lookup (sets, kind_id);
      guint n = aiperf_run_set_get_n_runs (runs);
      g_autoptr(GPtrArray) swept = aiperf_run_set_get_swept_parameters (runs);
      g_autoptr(GPtrArray) metrics = table_metrics (runs, kind_id);
      g_autoptr(GPtrArray) params = NULL;
      g_autoptr(GPtrArray) tools = g_ptr_array_new ();
      g_autoptr(GPtrArray) models = g_ptr_array_new ();
      g_autoptr(GPtrArray) sides = kind != NULL && kind->run_sides != NULL ? kind->run_sides (runs) : NULL;
      g_autoptr(GString) same = g_string_new (NULL);
      gboolean show_tool, show_model, show_side;
      char *constant = NULL;
      AiperfReportTable *table = g_new0 (AiperfReportTable, 1);

      for (guint r = 0; r < n; r++)
        {
          AiperfRun *run = aiperf_run_set_get_run (runs, r);
          const char *model = aiperf_run_get_model (run);

          g_ptr_array_add (tools, (gpointer) aiperf_run_get_tool (run));
          /* a run that names no model says nothing about one */
          g_ptr_array_add (models, g_strcmp0 (model, "Unknown") != 0 ? (gpointer) model : NULL);
        }
      table->title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u run", "%s: %u runs", n),
                                      kind_id, n);
      table->columns = g_ptr_array_new_with_free_func (g_free);
      table->roles = g_array_new (FALSE, FALSE, sizeof (AiperfReportColumnRole));
      table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      /* the side a run is on, when a name alone does not tell two runs apart */
      show_side = sides != NULL && texts_vary (sides);
      show_tool = vary_or_same (tools, _("Tool"), same);
      show_model = vary_or_same (models, _("Model"), same);
      add_column (table, g_strdup (_("Run")), AIPERF_REPORT_COLUMN_RUN);
      if (show_side)
        add_column (table, g_strdup (g_dgettext (GETTEXT_PACKAGE, kind->side_title)), AIPERF_REPORT_COLUMN_SIDE);
      if (show_tool)
        add_column (table, g_strdup (_("Tool")), AIPERF_REPORT_COLUMN_TEXT);
      if (show_model)
        add_column (table, g_strdup (_("Model")), AIPERF_REPORT_COLUMN_TEXT);
      params = parameter_columns (runs, swept, &constant);
      for (guint i = 0; i < params->len; i++)
        add_column (table, g_strdup (((ParamColumn *) g_ptr_array_index (params, i))->label),
                    AIPERF_REPORT_COLUMN_PARAMETER);
      for (guint i = 0; i < metrics->len; i++)
        add_column (table, aiperf_session_metric_label (runs, g_ptr_array_index (metrics, i)),
                    AIPERF_REPORT_COLUMN_METRIC);

      for (guint r = 0; r < n; r++)
        {
          AiperfRun *run = aiperf_run_set_get_run (runs, r);
          GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

          g_ptr_array_add (row, g_strdup (aiperf_run_get_name (run)));
          if (show_side)
            g_ptr_array_add (row, g_strdup (g_ptr_array_index (sides, r)));
          if (show_tool)
            g_ptr_array_add (row, g_strdup (g_ptr_array_index (tools, r)));
          if (show_model)
            g_ptr_array_add (row, g_strdup (g_ptr_array_index (models, r)));
          for (guint i = 0; i < params->len; i++)
            g_ptr_array_add (row, param_text (run, g_ptr_array_index (params, i)));
          for (guint i = 0; i < metrics->len; i++)
            g_ptr_array_add (row, metric_text (run, g_ptr_array_index (metrics, i)));
          g_ptr_array_add (table->rows, row);
        }
      if (constant != NULL)
        g_string_append_printf (same, "%s%s", same->len > 0 ? "; " : "", constant);
      g_free (constant);
      table->constant = same->len > 0 ? g_strdup (same->str) : NULL;
      {
        g_autofree char *section = aiperf_session_kind_section (report->input->session, kind_id, runs);

        /* the section names its files: by what was opened, not where it sat here */
        table->section = aiperf_report_relative_text (report, section);
      }
      g_ptr_array_add (report->tables, table);
    }
}
