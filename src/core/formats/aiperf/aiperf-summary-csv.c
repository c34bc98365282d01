/* aiperf-summary-csv.c — profile_export_aiperf.csv, read when a run has no
 * JSON summary: metrics are mapped back to tags through display names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-metric-registry.h"
#include "aiperf-summary-private.h"

/* "Time to First Token (ms)" → tag and unit. The unit is omitted for counts,
 * and some display names end in parentheses themselves ("HTTP Waiting
 * (TTFB)"), so the whole name is tried first. */
static char *
resolve_metric_name (const char  *name,
                     char       **out_unit)
{
  const AiperfMetricInfo *info;
  g_autofree char *base = NULL;
  const char *open;
  gsize len = strlen (name);

  *out_unit = NULL;
  info = aiperf_metric_registry_lookup_display_name (name);
  if (info != NULL)
    {
      *out_unit = g_strdup (info->unit);
      return g_strdup (info->tag);
    }

  open = strrchr (name, '(');
  if (open != NULL && len > 0 && name[len - 1] == ')')
    {
      base = g_strstrip (g_strndup (name, open - name));
      *out_unit = g_strndup (open + 1, name + len - 1 - (open + 1));
    }
  else
    base = g_strdup (name);

  info = aiperf_metric_registry_lookup_display_name (base);
  if (info != NULL)
    return g_strdup (info->tag);

  /* Not a metric we know: keep it under a tag made from its name. */
  {
    GString *tag = g_string_new (NULL);

    for (const char *p = base; *p != '\0'; p++)
      {
        if (g_ascii_isalnum (*p))
          g_string_append_c (tag, g_ascii_tolower (*p));
        else if (tag->len > 0 && tag->str[tag->len - 1] != '_')
          g_string_append_c (tag, '_');
      }
    while (tag->len > 0 && tag->str[tag->len - 1] == '_')
      g_string_truncate (tag, tag->len - 1);
    if (tag->len == 0)
      {
        g_string_free (tag, TRUE);
        return NULL;
      }
    return g_string_free (tag, FALSE);
  }
}

typedef enum {
  SECTION_NONE,
  SECTION_STATS,
  SECTION_VALUES,
  SECTION_GPUS,
} Section;

typedef struct {
  Section     section;
  AiperfStat  columns[64];   /* stat of each column; -1 when unknown */
  guint       n_columns;
  int         col_endpoint, col_index, col_name, col_uuid, col_hostname;
} CsvState;

static void
read_header (CsvState     *state,
             AiperfCsvRow *row)
{
  state->n_columns = MIN (row->n_fields, G_N_ELEMENTS (state->columns));
  state->col_endpoint = state->col_index = state->col_name = -1;
  state->col_uuid = state->col_hostname = -1;

  if (g_str_equal (row->fields[0], "Endpoint"))
    {
      state->section = SECTION_GPUS;
      for (guint i = 0; i < state->n_columns; i++)
        {
          const char *f = row->fields[i];

          if (g_str_equal (f, "Endpoint")) state->col_endpoint = i;
          else if (g_str_equal (f, "GPU_Index")) state->col_index = i;
          else if (g_str_equal (f, "GPU_Name")) state->col_name = i;
          else if (g_str_equal (f, "GPU_UUID")) state->col_uuid = i;
          else if (g_str_equal (f, "Hostname")) state->col_hostname = i;
        }
      return;
    }
  if (row->n_fields == 2 && g_str_equal (row->fields[1], "Value"))
    {
      state->section = SECTION_VALUES;
      return;
    }
  state->section = SECTION_STATS;
  for (guint i = 0; i < state->n_columns; i++)
    {
      AiperfStat stat;

      state->columns[i] = aiperf_stat_from_string (row->fields[i], &stat) ? stat : (AiperfStat) -1;
    }
}

static void
read_metric_row (AiperfRun    *run,
                 CsvState     *state,
                 AiperfCsvRow *row,
                 const char   *path,
                 guint        *n_bad)
{
  g_autofree char *unit = NULL;
  g_autofree char *tag = resolve_metric_name (row->fields[0], &unit);
  AiperfStats stats;
  double number;

  if (tag == NULL)
    return;
  aiperf_stats_init_nan (&stats);
  if (state->section == SECTION_VALUES)
    {
      if (row->n_fields >= 2 && aiperf_text_get_number (row->fields[1], &number))
        stats.v[AIPERF_STAT_AVG] = number;
      else
        (*n_bad)++;
    }
  else
    {
      for (guint i = 1; i < row->n_fields && i < state->n_columns; i++)
        {
          if ((int) state->columns[i] < 0 || *row->fields[i] == '\0')
            continue;
          if (aiperf_text_get_number (row->fields[i], &number))
            stats.v[state->columns[i]] = number;
          else
            (*n_bad)++;
        }
    }
  aiperf_run_set_metric (run, tag, unit, &stats);
}

static void
read_gpu_row (AiperfRun    *run,
              CsvState     *state,
              AiperfCsvRow *row)
{
#define FIELD(col) ((col) >= 0 && (guint) (col) < row->n_fields ? row->fields[col] : NULL)
  double index = -1;

  if (!aiperf_text_get_number (FIELD (state->col_index), &index) || index < 0 || index > G_MAXINT)
    index = -1;
  aiperf_run_add_gpu (run, FIELD (state->col_uuid), (int) index, FIELD (state->col_name),
                      FIELD (state->col_hostname), FIELD (state->col_endpoint));
#undef FIELD
}

gboolean
aiperf_load_summary_csv (AiperfRun   *run,
                         const char  *path,
                         GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  CsvState state = { SECTION_NONE, };
  gsize length = 0;
  guint n_bad = 0, n_metrics = 0;
  double ok = NAN, bad = NAN;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* The CSV records no configuration: the load is unknown unless the
   * folder's name says it (applied later), not AIPerf's default of one. */
  aiperf_run_set_concurrency (run, NAN);
  text = aiperf_summary_read_text (path, &length, error);
  if (text == NULL)
    return FALSE;
  rows = aiperf_csv_parse (text, length, path, error);
  if (rows == NULL)
    return FALSE;

  for (guint i = 0; i < rows->len; i++)
    {
      AiperfCsvRow *row = g_ptr_array_index (rows, i);

      if (row->n_fields == 0)
        {
          state.section = SECTION_NONE;   /* sections are separated by blank lines */
          continue;
        }
      if (state.section == SECTION_NONE)
        {
          if (!g_str_equal (row->fields[0], "Metric") && !g_str_equal (row->fields[0], "Endpoint"))
            {
              g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                           _("%s, line %u: expected a header starting with “Metric” or “Endpoint”"),
                           path, row->line);
              return FALSE;
            }
          read_header (&state, row);
          continue;
        }
      if (state.section == SECTION_GPUS)
        read_gpu_row (run, &state, row);
      else
        {
          read_metric_row (run, &state, row, path, &n_bad);
          n_metrics++;
        }
    }

  if (n_metrics == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: no metric rows found"), path);
      return FALSE;
    }
  if (n_bad > 0)
    aiperf_run_add_warning (run, _("%s: %u value(s) are not numbers; they were ignored"), path, n_bad);

  aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_SUMMARY_CSV);
  aiperf_run_get_metric (run, "request_count", AIPERF_STAT_AVG, &ok);
  aiperf_run_get_metric (run, "error_request_count", AIPERF_STAT_AVG, &bad);
  aiperf_run_set_request_counts (run,
                                 isnan (ok) || ok < 0 || ok > 9e18 ? -1 : (gint64) llround (ok),
                                 isnan (bad) || bad < 0 || bad > 9e18 ? (isnan (ok) ? -1 : 0)
                                                                      : (gint64) llround (bad));
  return TRUE;
}
