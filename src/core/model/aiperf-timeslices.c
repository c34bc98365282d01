/* aiperf-timeslices.c — per-time-slice statistics of a run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-timeslices.h"

typedef struct {
  char     *unit;
  GArray   *stats;    /* AiperfStats per slice index */
  GArray   *present;  /* gboolean per slice index */
} TsMetric;

struct _AiperfTimeslices {
  gatomicrefcount  ref_count;
  double           slice_duration;
  guint            n_slices;
  gboolean         full_precision;
  GHashTable      *metrics;   /* tag → TsMetric* */
};

G_DEFINE_BOXED_TYPE (AiperfTimeslices, aiperf_timeslices,
                     aiperf_timeslices_ref, aiperf_timeslices_unref)

static void
ts_metric_free (gpointer data)
{
  TsMetric *m = data;

  g_free (m->unit);
  g_array_unref (m->stats);
  g_array_unref (m->present);
  g_free (m);
}

AiperfTimeslices *
aiperf_timeslices_new (void)
{
  AiperfTimeslices *ts = g_new0 (AiperfTimeslices, 1);

  g_atomic_ref_count_init (&ts->ref_count);
  ts->slice_duration = NAN;
  ts->metrics = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, ts_metric_free);
  return ts;
}

AiperfTimeslices *
aiperf_timeslices_ref (AiperfTimeslices *ts)
{
  g_return_val_if_fail (ts != NULL, NULL);

  g_atomic_ref_count_inc (&ts->ref_count);
  return ts;
}

void
aiperf_timeslices_unref (AiperfTimeslices *ts)
{
  g_return_if_fail (ts != NULL);

  if (g_atomic_ref_count_dec (&ts->ref_count))
    {
      g_hash_table_unref (ts->metrics);
      g_free (ts);
    }
}

double
aiperf_timeslices_get_slice_duration (const AiperfTimeslices *ts)
{
  g_return_val_if_fail (ts != NULL, NAN);
  return ts->slice_duration;
}

void
aiperf_timeslices_set_slice_duration (AiperfTimeslices *ts,
                                      double            seconds)
{
  g_return_if_fail (ts != NULL);
  ts->slice_duration = seconds;
}

guint
aiperf_timeslices_get_n_slices (const AiperfTimeslices *ts)
{
  g_return_val_if_fail (ts != NULL, 0);
  return ts->n_slices;
}

gboolean
aiperf_timeslices_is_full_precision (const AiperfTimeslices *ts)
{
  g_return_val_if_fail (ts != NULL, FALSE);
  return ts->full_precision;
}

void
aiperf_timeslices_set_full_precision (AiperfTimeslices *ts,
                                      gboolean          full)
{
  g_return_if_fail (ts != NULL);
  ts->full_precision = !!full;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
aiperf_timeslices_list_metrics (const AiperfTimeslices *ts)
{
  GPtrArray *tags;
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (ts != NULL, NULL);

  tags = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, ts->metrics);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (tags, key);
  g_ptr_array_sort (tags, compare_strings);
  return tags;
}

const char *
aiperf_timeslices_get_unit (const AiperfTimeslices *ts,
                            const char             *tag)
{
  TsMetric *m;

  g_return_val_if_fail (ts != NULL, NULL);
  g_return_val_if_fail (tag != NULL, NULL);

  m = g_hash_table_lookup (ts->metrics, tag);
  return m != NULL ? m->unit : NULL;
}

const AiperfStats *
aiperf_timeslices_get_stats (const AiperfTimeslices *ts,
                             const char             *tag,
                             guint                   index)
{
  TsMetric *m;

  g_return_val_if_fail (ts != NULL, NULL);
  g_return_val_if_fail (tag != NULL, NULL);

  m = g_hash_table_lookup (ts->metrics, tag);
  if (m == NULL || index >= m->stats->len)
    return NULL;
  if (!g_array_index (m->present, gboolean, index))
    return NULL;
  return &g_array_index (m->stats, AiperfStats, index);
}

void
aiperf_timeslices_set_stats (AiperfTimeslices  *ts,
                             const char        *tag,
                             const char        *unit,
                             guint              index,
                             const AiperfStats *stats)
{
  TsMetric *m;
  gboolean yes = TRUE;

  g_return_if_fail (ts != NULL);
  g_return_if_fail (tag != NULL);
  g_return_if_fail (stats != NULL);
  g_return_if_fail (index < G_MAXINT);

  m = g_hash_table_lookup (ts->metrics, tag);
  if (m == NULL)
    {
      m = g_new0 (TsMetric, 1);
      m->unit = g_strdup (unit != NULL ? unit : "");
      m->stats = g_array_new (FALSE, FALSE, sizeof (AiperfStats));
      m->present = g_array_new (FALSE, TRUE, sizeof (gboolean));
      g_hash_table_insert (ts->metrics, g_strdup (tag), m);
    }
  else if (*m->unit == '\0' && unit != NULL && *unit != '\0')
    {
      g_free (m->unit);
      m->unit = g_strdup (unit);
    }

  while (m->stats->len <= index)
    {
      AiperfStats empty;

      aiperf_stats_init_nan (&empty);
      g_array_append_val (m->stats, empty);
      g_array_set_size (m->present, m->stats->len);
    }
  g_array_index (m->stats, AiperfStats, index) = *stats;
  g_array_index (m->present, gboolean, index) = yes;
  ts->n_slices = MAX (ts->n_slices, index + 1);
}
