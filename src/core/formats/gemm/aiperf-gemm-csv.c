/* aiperf-gemm-csv.c — the CSV reader of GEMM tables: long tables
 * (TraceLens GEMM.csv, sweeps with kernel, model, batch_size, dtype, M, N,
 * K, time_us, …) and triton perf_report wide tables (the x columns, then
 * one column per provider), melted into one row per measurement.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-gemm-read-private.h"

static gboolean
read_wide (GemmBuilder      *b,
           GPtrArray        *rows,
           const GemmColumn *columns,
           guint             n_x)
{
  AiperfCsvRow *header = g_ptr_array_index (rows, 0);
  gboolean unit_guessed = FALSE;

  for (guint i = 1; i < rows->len; i++)
    {
      AiperfCsvRow *row = g_ptr_array_index (rows, i);

      if (row->n_fields == 0)
        continue;
      for (guint p = n_x; p < header->n_fields; p++)
        {
          g_autofree char *provider = gemm_provider_name (header->fields[p]);
          GemmRow r;
          double scale;
          GemmRole metric = gemm_provider_metric (header->fields[p], &scale);

          if (p >= row->n_fields || *row->fields[p] == '\0')
            continue;
          gemm_row_init (&r, row->line);
          for (guint x = 0; x < n_x && x < row->n_fields; x++)
            {
              r.text[columns[x].role] = row->fields[x];
              r.column[columns[x].role] = x + 1;
            }
          if (metric == GEMM_ROLE_NONE)
            {
              metric = GEMM_ROLE_TFLOPS;
              unit_guessed = TRUE;
            }
          r.text[metric] = row->fields[p];
          r.column[metric] = p + 1;
          /* The scale rides on the number: the builder reads text as is. */
          if (scale != 1)
            {
              char *end = NULL;
              double v = g_ascii_strtod (row->fields[p], &end);

              if (end != row->fields[p] && *end == '\0')
                {
                  r.number[metric] = v * scale;
                  r.text[metric] = NULL;
                }
            }
          r.text[GEMM_ROLE_KERNEL] = provider;
          r.text[GEMM_ROLE_LIBRARY] = provider;
          gemm_builder_add (b, &r);
        }
    }
  if (unit_guessed)
    g_ptr_array_add (b->notes,
                     g_strdup_printf (_("%s: the provider columns name no unit; their values are read as TFLOP/s "
                                        "(what triton's matmul benchmarks report). Name them like “Triton (ms)” "
                                        "for times"), b->path));
  return TRUE;
}

static gboolean
read_long (GemmBuilder      *b,
           GPtrArray        *rows,
           const GemmColumn *columns,
           guint             n_columns,
           const int        *by_role)
{
  for (guint i = 1; i < rows->len; i++)
    {
      AiperfCsvRow *row = g_ptr_array_index (rows, i);
      GemmRow r;

      if (row->n_fields == 0 || (row->n_fields == 1 && *row->fields[0] == '\0'))
        continue;
      gemm_row_init (&r, row->line);
      for (guint role = 1; role < GEMM_N_ROLES; role++)
        if (by_role[role] >= 0 && (guint) by_role[role] < row->n_fields)
          {
            guint c = (guint) by_role[role];

            r.column[role] = c + 1;
            if (columns[c].scale != 1 && *row->fields[c] != '\0')
              {
                char *end = NULL;
                double v = g_ascii_strtod (row->fields[c], &end);

                if (end != row->fields[c] && *end == '\0')
                  {
                    r.number[role] = v * columns[c].scale;
                    continue;
                  }
              }
            r.text[role] = row->fields[c];
          }
      if (row->n_fields != n_columns)
        gemm_builder_warn (b, row->line, MIN (row->n_fields, n_columns) + 1,
                           _("the row has %u fields, the header %u"), row->n_fields, n_columns);
      gemm_builder_add (b, &r);
    }
  return TRUE;
}

gboolean
gemm_read_csv (GemmBuilder *b,
               const char  *text,
               gsize        length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = aiperf_csv_parse (text, length, b->path, &error);
  AiperfCsvRow *header;
  GemmColumn *columns;
  int by_role[GEMM_N_ROLES];
  guint n_x;
  gboolean ok = TRUE;

  if (rows == NULL)
    {
      aiperf_load_result_add_error (b->result, error->code, "%s", error->message);
      return FALSE;
    }
  if (rows->len == 0)
    {
      aiperf_load_result_add_error (b->result, AIPERF_ERROR_INVALID_DATA, _("%s: the file is empty"), b->path);
      return FALSE;
    }
  header = g_ptr_array_index (rows, 0);
  columns = g_new0 (GemmColumn, header->n_fields);
  for (guint c = 0; c < header->n_fields; c++)
    {
      g_autofree char *effective = gemm_header_for_side (header->fields[c], b->side);

      gemm_column_classify (effective, &columns[c]);
      if (columns[c].error != NULL)
        gemm_builder_warn (b, header->line, c + 1, "%s", columns[c].error);
    }
  gemm_columns_pick (columns, header->n_fields, by_role);
  n_x = gemm_wide_x_columns (columns, header->n_fields);
  if (n_x > 0)
    {
      g_autoptr(GString) unknown = g_string_new (NULL);

      for (guint r = GEMM_ROLE_M; r <= GEMM_ROLE_K; r++)
        if (by_role[r] < 0)
          g_string_append_printf (unknown, "%s%s", unknown->len > 0 ? _(" and ") : "", gemm_role_name (r));
      /* one message for all: "M,cuBLAS,Triton" is a sweep over M alone */
      if (unknown->len > 0)
        {
          aiperf_load_result_add_error (b->result, AIPERF_ERROR_INVALID_DATA,
                                        _("%s:%u: a triton perf_report table whose x columns do not give the "
                                          "GEMM shape: %s unknown, so its FLOPs, arithmetic intensity and "
                                          "roofline cannot be computed (name the sweep's x columns M, N and "
                                          "K, or add the fixed ones as columns)"),
                                        b->path, header->line, unknown->str);
          ok = FALSE;
        }
      if (ok)
        ok = read_wide (b, rows, columns, n_x);
    }
  else
    {
      for (guint r = GEMM_ROLE_M; r <= GEMM_ROLE_K; r++)
        if (by_role[r] < 0)
          {
            aiperf_load_result_add_error (b->result, AIPERF_ERROR_INVALID_DATA,
                                          _("%s:%u: missing column “%s” (a GEMM table needs M, N and K)"),
                                          b->path, header->line, gemm_role_name (r));
            ok = FALSE;
          }
      if (ok && by_role[GEMM_ROLE_TIME] < 0 && by_role[GEMM_ROLE_TFLOPS] < 0)
        {
          aiperf_load_result_add_error (b->result, AIPERF_ERROR_INVALID_DATA,
                                        _("%s:%u: missing column: a time (time_us, time_ms, latency_us, …) "
                                          "or a TFLOP/s column"), b->path, header->line);
          ok = FALSE;
        }
      if (ok)
        ok = read_long (b, rows, columns, header->n_fields, by_role);
    }
  for (guint c = 0; c < header->n_fields; c++)
    gemm_column_clear (&columns[c]);
  g_free (columns);
  return ok;
}
