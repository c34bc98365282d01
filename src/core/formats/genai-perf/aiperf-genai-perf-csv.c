/* aiperf-genai-perf-csv.c — profile_export_genai_perf.csv: tables separated
 * by blank lines, each with a "Metric,…" header: the distributions
 * (Metric,avg,min,max,p99,…), the single values (Metric,Value) and, with
 * telemetry, per-GPU tables (Metric,GPU,avg,…). Numbers of 1000 and more
 * carry thousands separators and are quoted ("5,919.16").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-genai-perf-private.h"
#include "aiperf-number-cast.h"
#include "aiperf-peer-json.h"

/* "Time To First Token (ms)" → "time_to_first_token", unit "ms". */
static char *
row_tag (const char  *label,
         char       **out_unit)
{
  g_autofree char *name = g_strstrip (g_strdup (label));
  char *open = strrchr (name, '(');
  GString *tag = g_string_new (NULL);

  *out_unit = NULL;
  if (open != NULL && g_str_has_suffix (name, ")") && open > name)
    {
      *out_unit = g_strndup (open + 1, strlen (open + 1) - 1);
      *open = '\0';
      g_strstrip (name);
    }
  for (const char *p = name; *p != '\0'; p++)
    g_string_append_c (tag, *p == ' ' || *p == '-' ? '_' : g_ascii_tolower (*p));
  return g_string_free (tag, FALSE);
}

/* The slot of a header column, or -1 for columns that are not statistics. */
static int
column_stat (const char *header)
{
  AiperfStat stat;

  if (g_ascii_strcasecmp (header, "Value") == 0)
    return AIPERF_STAT_AVG;
  if (aiperf_stat_from_string (header, &stat))
    return stat;
  return -1;
}

gboolean
aiperf_genai_perf_read_csv (AiperfRun   *run,
                            const char  *path,
                            GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree int *columns = NULL;
  guint n_columns = 0, n_metrics = 0;
  int gpu_column = -1;
  gboolean in_table = FALSE;
  gsize length = 0;

  if (!g_file_get_contents (path, &text, &length, &local))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  rows = aiperf_csv_parse (text, length, path, error);
  if (rows == NULL)
    return FALSE;

  for (guint r = 0; r < rows->len; r++)
    {
      AiperfCsvRow *row = g_ptr_array_index (rows, r);
      g_autofree char *tag = NULL;
      g_autofree char *unit = NULL;
      AiperfStats stats;
      gboolean any = FALSE;
      const char *canonical;

      if (row->n_fields == 0 || (row->n_fields == 1 && *g_strstrip (row->fields[0]) == '\0'))
        {
          in_table = FALSE;
          continue;
        }
      if (!in_table)
        {
          /* A header: which column holds which statistic. */
          if (g_ascii_strcasecmp (row->fields[0], "Metric") != 0)
            {
              g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                           _("%s:%u: expected a “Metric,…” header"), path, row->line);
              return FALSE;
            }
          g_free (columns);
          n_columns = row->n_fields;
          columns = g_new (int, n_columns);
          gpu_column = -1;
          for (guint c = 0; c < n_columns; c++)
            {
              columns[c] = c == 0 ? -1 : column_stat (row->fields[c]);
              if (g_ascii_strcasecmp (row->fields[c], "GPU") == 0)
                gpu_column = (int) c;
            }
          in_table = TRUE;
          continue;
        }

      if (gpu_column >= 0)
        {
          /* Telemetry: only which GPUs there were. */
          if ((guint) gpu_column < row->n_fields)
            {
              const char *gpu = row->fields[gpu_column];
              const char *digits = gpu;
              g_autofree char *uuid = g_strconcat ("genai-perf:", gpu, NULL);

              while (*digits != '\0' && !g_ascii_isdigit (*digits))
                digits++;
              aiperf_run_add_gpu (run, uuid, *digits != '\0' ? atoi (digits) : 0, NULL, NULL, NULL);
            }
          continue;
        }

      aiperf_stats_init_nan (&stats);
      for (guint c = 1; c < row->n_fields && c < n_columns; c++)
        {
          double value;

          if (columns[c] >= 0 && aiperf_peer_parse_number (row->fields[c], &value))
            {
              stats.v[columns[c]] = value;
              any = TRUE;
            }
        }
      if (!any)
        continue;
      tag = row_tag (row->fields[0], &unit);
      canonical = aiperf_genai_perf_set_metric (run, tag, unit, &stats);
      if (g_str_equal (canonical, "request_count"))
        aiperf_run_set_request_counts (run, aiperf_count_from_double (stats.v[AIPERF_STAT_AVG]), -1);
      n_metrics++;
    }
  if (n_metrics == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: no GenAI-Perf metrics (a “Metric,avg,…” table)"), path);
      return FALSE;
    }
  return TRUE;
}
