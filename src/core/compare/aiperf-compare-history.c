/* aiperf-compare-history.c — series over time per configuration and
 * metric, and where they shifted.
 *
 * A run's time is its own (AIPerf start_time, a vLLM date, …); a run that
 * says none is placed at its folder's modification time, and the series
 * says so. Points are run-level values (the summary's), so a series needs
 * no per-request data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-compare-history.h"
#include "aiperf-metric-registry.h"

AiperfHistorySeries *
aiperf_history_series_new (const char  *configuration,
                           const char  *metric,
                           const char  *label,
                           const char  *stat,
                           const char  *unit,
                           AiperfBetter better)
{
  AiperfHistorySeries *series = g_new0 (AiperfHistorySeries, 1);

  series->configuration = g_strdup (configuration);
  series->metric = g_strdup (metric);
  series->label = g_strdup (label != NULL ? label : metric);
  series->stat = g_strdup (stat);
  series->unit = g_strdup (unit != NULL ? unit : "");
  series->better = better;
  series->times = g_array_new (FALSE, FALSE, sizeof (double));
  series->values = g_array_new (FALSE, FALSE, sizeof (double));
  series->runs = g_ptr_array_new_with_free_func (g_free);
  series->from_mtime = g_array_new (FALSE, FALSE, sizeof (gboolean));
  series->changed = g_ptr_array_new_with_free_func (g_free);
  series->changes = g_array_new (FALSE, FALSE, sizeof (AiperfHistoryChange));
  series->noise = NAN;
  return series;
}

void
aiperf_history_series_free (AiperfHistorySeries *series)
{
  if (series == NULL)
    return;
  for (guint i = 0; i < series->changes->len; i++)
    g_free (g_array_index (series->changes, AiperfHistoryChange, i).what_changed);
  g_free (series->configuration);
  g_free (series->metric);
  g_free (series->label);
  g_free (series->stat);
  g_free (series->unit);
  g_array_unref (series->times);
  g_array_unref (series->values);
  g_ptr_array_unref (series->runs);
  g_array_unref (series->from_mtime);
  g_ptr_array_unref (series->changed);
  g_array_unref (series->changes);
  g_free (series);
}

static double
segment_mean (const double *x,
              guint         from,
              guint         to)
{
  double sum = 0;

  for (guint i = from; i < to; i++)
    sum += x[i];
  return sum / (to - from);
}

void
aiperf_history_series_analyse (AiperfHistorySeries *series,
                               double               min_effect,
                               double               alpha,
                               guint                n_perm,
                               guint64              seed)
{
  const double *x = (const double *) series->values->data;
  guint n = series->values->len;
  g_autoptr(GArray) found = NULL;
  g_autoptr(GArray) bounds = g_array_new (FALSE, FALSE, sizeof (guint));
  double ss = 0, level = 0;
  guint zero = 0;

  g_return_if_fail (series != NULL);

  g_array_set_size (series->changes, 0);
  found = aiperf_compare_change_points (x, n, n >= 12 ? 3 : 2, alpha, n_perm, seed);
  /* A significant split smaller than the minimal effect is no change. */
  g_array_append_val (bounds, zero);
  for (guint c = 0; c < found->len; c++)
    {
      const AiperfChangePoint *point = &g_array_index (found, AiperfChangePoint, c);
      guint from = g_array_index (bounds, guint, bounds->len - 1);
      guint to = c + 1 < found->len ? g_array_index (found, AiperfChangePoint, c + 1).index : n;
      double before = segment_mean (x, from, point->index), after = segment_mean (x, point->index, to);
      AiperfHistoryChange change = { point->index, point->p, before, after, after / before - 1, NAN, NAN, NULL };
      AiperfWelch welch;

      if (!(fabs (change.change) >= min_effect))
        continue;
      if (aiperf_compare_welch (x + from, point->index - from, x + point->index, to - point->index, 0.95, &welch))
        {
          change.ci_lo = welch.ci_lo / fabs (before);
          change.ci_hi = welch.ci_hi / fabs (before);
        }
      g_array_append_val (series->changes, change);
      g_array_append_val (bounds, point->index);
    }
  /* The noise band: spread around each segment's own level. */
  for (guint b = 0; b < bounds->len; b++)
    {
      guint from = g_array_index (bounds, guint, b);
      guint to = b + 1 < bounds->len ? g_array_index (bounds, guint, b + 1) : n;
      double mean = segment_mean (x, from, to);

      for (guint i = from; i < to; i++)
        ss += (x[i] - mean) * (x[i] - mean);
      level += mean * (to - from);
    }
  if (n > bounds->len)
    series->noise = sqrt (ss / (n - bounds->len)) / fabs (level / n);
}

/* Seconds since 1970 of @run: its own start time, else its folder's mtime. */
static double
run_time (AiperfRun *run,
          gboolean  *out_from_mtime)
{
  const char *text = aiperf_run_get_start_time (run);
  GStatBuf st;

  *out_from_mtime = FALSE;
  if (text != NULL)
    {
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
      g_autoptr(GDateTime) when = g_date_time_new_from_iso8601 (text, utc);

      if (when != NULL)
        return g_date_time_to_unix (when) + g_date_time_get_microsecond (when) / 1e6;
    }
  *out_from_mtime = TRUE;
  if (g_stat (aiperf_run_get_directory (run), &st) == 0)
    return (double) st.st_mtime;
  return NAN;
}

/* Parameters that differ between two runs, as "key a → b; …". */
static char *
what_changed (AiperfRun *a,
              AiperfRun *b)
{
  static const char * const ignored[] = { "time", "seed", "artifact", "url", "cli_command", "output",
                                          "directory", "date", "uuid", "_id", NULL };
  g_autoptr(GPtrArray) keys = aiperf_run_list_parameters (b);
  GString *out = g_string_new (NULL);
  guint n = 0;

  if (g_strcmp0 (aiperf_run_get_aiperf_version (a), aiperf_run_get_aiperf_version (b)) != 0)
    g_string_append_printf (out, "version %s → %s", aiperf_run_get_aiperf_version (a),
                            aiperf_run_get_aiperf_version (b));
  for (guint k = 0; k < keys->len && n < 6; k++)
    {
      const char *key = g_ptr_array_index (keys, k);
      gboolean skip = FALSE;

      for (guint i = 0; ignored[i] != NULL && !skip; i++)
        skip = strstr (key, ignored[i]) != NULL;
      if (skip || g_strcmp0 (aiperf_run_get_parameter (a, key), aiperf_run_get_parameter (b, key)) == 0)
        continue;
      g_string_append_printf (out, "%s%s %s → %s", out->len > 0 ? "; " : "", key,
                              aiperf_run_get_parameter (a, key), aiperf_run_get_parameter (b, key));
      n++;
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

typedef struct {
  AiperfRun *run;
  double     time;
  gboolean   from_mtime;
} Point;

static int
compare_points (const void *a,
                const void *b)
{
  const Point *pa = a, *pb = b;

  if (pa->time != pb->time)
    return pa->time < pb->time ? -1 : 1;
  return g_strcmp0 (aiperf_run_get_locator (pa->run), aiperf_run_get_locator (pb->run));
}

static const struct {
  const char *tag;
  AiperfStat  stat;
} serving_metrics[] = {
  { "time_to_first_token", AIPERF_STAT_AVG }, { "time_to_first_token", AIPERF_STAT_P99 },
  { "inter_token_latency", AIPERF_STAT_AVG }, { "inter_token_latency", AIPERF_STAT_P99 },
  { "request_latency", AIPERF_STAT_AVG }, { "request_latency", AIPERF_STAT_P99 },
  { "output_token_throughput", AIPERF_STAT_AVG }, { "request_throughput", AIPERF_STAT_AVG },
  { "goodput", AIPERF_STAT_AVG },
};

static void
add_series (GPtrArray   *out,
            const char  *configuration,
            Point       *points,
            guint        n,
            const char  *tag,
            AiperfStat   stat,
            double       min_effect,
            guint64      seed)
{
  const AiperfMetricInfo *info = aiperf_metric_registry_lookup (tag);
  AiperfHistorySeries *series = NULL;
  AiperfRun *previous = NULL;

  for (guint i = 0; i < n; i++)
    {
      double v;

      if (!aiperf_run_get_metric (points[i].run, tag, stat, &v) || !isfinite (v))
        continue;
      if (series == NULL)
        series = aiperf_history_series_new (configuration, tag, info != NULL ? info->display_name : tag,
                                            aiperf_stat_to_string (stat),
                                            aiperf_run_get_metric_unit (points[i].run, tag),
                                            aiperf_metric_registry_larger_is_better (tag)
                                            ? AIPERF_BETTER_HIGHER : AIPERF_BETTER_LOWER);
      g_array_append_val (series->times, points[i].time);
      g_array_append_val (series->values, v);
      g_array_append_val (series->from_mtime, points[i].from_mtime);
      g_ptr_array_add (series->runs, g_strdup (aiperf_run_get_name (points[i].run)));
      g_ptr_array_add (series->changed, previous != NULL ? what_changed (previous, points[i].run) : NULL);
      previous = points[i].run;
    }
  if (series == NULL)
    return;
  if (series->values->len < 3)
    {
      aiperf_history_series_free (series);
      return;
    }
  aiperf_history_series_analyse (series, min_effect, 0.01, 499,
                                 aiperf_compare_seed_for (seed, configuration) ^ g_str_hash (tag) ^ stat);
  /* A change point says what changed on the run it starts at. */
  for (guint c = 0; c < series->changes->len; c++)
    {
      AiperfHistoryChange *change = &g_array_index (series->changes, AiperfHistoryChange, c);

      change->what_changed = g_strdup (g_ptr_array_index (series->changed, change->index));
    }
  g_ptr_array_add (out, series);
}

GPtrArray *
aiperf_history_build (AiperfRunSet *runs,
                      double        min_effect,
                      guint64       seed,
                      GPtrArray    *notes)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_history_series_free);
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  guint from_mtime = 0;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), out);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      char *key = aiperf_compare_configuration (run);
      GArray *points = g_hash_table_lookup (groups, key);
      Point point = { run, 0, FALSE };

      point.time = run_time (run, &point.from_mtime);
      from_mtime += point.from_mtime;
      if (points == NULL)
        {
          points = g_array_new (FALSE, FALSE, sizeof (Point));
          g_hash_table_insert (groups, key, points);
          g_ptr_array_add (order, key);
        }
      else
        g_free (key);
      g_array_append_val (points, point);
    }
  if (from_mtime > 0 && notes != NULL)
    g_ptr_array_add (notes, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "%u run has no time of its own: placed at its folder's modification time",
                                                          "%u runs have no time of their own: placed at their folders' modification times",
                                                          from_mtime), from_mtime));
  for (guint g = 0; g < order->len; g++)
    {
      const char *configuration = g_ptr_array_index (order, g);
      GArray *points = g_hash_table_lookup (groups, configuration);
      Point *p = (Point *) points->data;

      qsort (p, points->len, sizeof (Point), compare_points);
      if (g_strcmp0 (aiperf_run_get_kind (p[0].run), "serving") == 0)
        {
          for (guint m = 0; m < G_N_ELEMENTS (serving_metrics); m++)
            add_series (out, configuration, p, points->len, serving_metrics[m].tag,
                        serving_metrics[m].stat, min_effect, seed);
        }
      else
        {
          g_autoptr(GPtrArray) tags = aiperf_run_list_metrics (p[0].run);

          for (guint t = 0; t < tags->len; t++)
            add_series (out, configuration, p, points->len, g_ptr_array_index (tags, t),
                        AIPERF_STAT_AVG, min_effect, seed);
        }
    }
  return out;
}
