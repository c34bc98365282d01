/* aiperf-gemm-comparison.c — GEMM benchmarks: TFLOP/s per shape (M × N × K,
 * dtype, library and kernel). Rows of one shape on a side are its
 * repeats; a shape measured once a side has no spread to test against.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare-measure.h"
#include "aiperf-gemm-private.h"

typedef struct {
  char   *key;
  GArray *values[2];   /* double TFLOP/s: baseline, candidate */
} Shape;

static void
shape_free (gpointer data)
{
  Shape *shape = data;

  g_free (shape->key);
  g_array_unref (shape->values[0]);
  g_array_unref (shape->values[1]);
  g_free (shape);
}

static gboolean
collect (GPtrArray  *runs,
         guint       side,
         GHashTable *by_key,
         GPtrArray  *shapes)
{
  g_autoptr(AiperfRunSet) set = aiperf_run_set_new ();
  g_autoptr(GError) error = NULL;
  AiperfGemmData *data;

  for (guint r = 0; r < runs->len; r++)
    aiperf_run_set_add (set, g_ptr_array_index (runs, r));
  data = aiperf_gemm_data_new (set, NULL, &error);
  if (data == NULL)
    return FALSE;
  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *point = &g_array_index (data->points, AiperfGemmPoint, i);
      g_autofree char *key = NULL;
      Shape *shape;

      if (!isfinite (point->tflops))
        continue;
      {
        GString *text = g_string_new (NULL);

        g_string_append_printf (text, "%g×%g×%g", point->M, point->N, point->K);
        if (isfinite (point->batch) && point->batch != 1)
          g_string_append_printf (text, " ×%g", point->batch);
        if (isfinite (point->batch_size))
          g_string_append_printf (text, " bs %g", point->batch_size);
        if (point->dtype != NULL)
          g_string_append_printf (text, " %s", point->dtype);
        if (point->library != NULL)
          g_string_append_printf (text, " %s", point->library);
        if (point->kernel != NULL && g_strcmp0 (point->kernel, point->library) != 0)
          g_string_append_printf (text, " %s", point->kernel);
        if (point->layer != NULL)
          g_string_append_printf (text, " %s", point->layer);
        key = g_string_free (text, FALSE);
      }
      shape = g_hash_table_lookup (by_key, key);
      if (shape == NULL)
        {
          shape = g_new0 (Shape, 1);
          shape->key = g_steal_pointer (&key);
          shape->values[0] = g_array_new (FALSE, FALSE, sizeof (double));
          shape->values[1] = g_array_new (FALSE, FALSE, sizeof (double));
          g_hash_table_insert (by_key, shape->key, shape);
          g_ptr_array_add (shapes, shape);
        }
      g_array_append_val (shape->values[side], point->tflops);
    }
  aiperf_gemm_data_free (data);
  return TRUE;
}

void
aiperf_compare_gemm (AiperfComparison *comparison,
                     const char       *configuration,
                     GPtrArray        *baseline,
                     GPtrArray        *candidate,
                     GCancellable     *cancellable)
{
  g_autoptr(GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) shapes = g_ptr_array_new_with_free_func (shape_free);
  static const AiperfEstimator mean = { AIPERF_ESTIMATOR_MEAN, 0 };

  if (!collect (baseline, 0, by_key, shapes) || !collect (candidate, 1, by_key, shapes))
    {
      aiperf_compare_summaries (comparison, configuration, baseline, candidate, cancellable);
      return;
    }
  for (guint s = 0; s < shapes->len; s++)
    {
      Shape *shape = g_ptr_array_index (shapes, s);
      AiperfCompareRecord *record = aiperf_comparison_add_record (comparison, configuration, "gemm", shape->key,
                                                                  shape->key, "tflops", "TFLOP/s",
                                                                  AIPERF_BETTER_HIGHER);
      /* Each row a run-level value: repeats when a shape has several. */
      AiperfCompareSide base = { shape->values[0]->len, NULL, (const double *) shape->values[0]->data, 0 };
      AiperfCompareSide cand = { shape->values[1]->len, NULL, (const double *) shape->values[1]->data, 0 };

      aiperf_compare_measure (comparison, &record, &mean, 1, &base, &cand);
      if (record->reason != NULL && shape->values[0]->len == 1 && shape->values[1]->len == 1)
        {
          g_free (record->reason);
          record->reason = g_strdup (_("one measurement of the shape a side: no spread to test against"));
        }
    }
}
