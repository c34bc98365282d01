/* aiperf-plot-helpers.c — what every plot handler shares: colours per
 * group, experiment classification, axes from metrics, steps, columns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fnmatch.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-plot-helpers.h"
#include "aiperf-plot-names.h"

struct _AiperfPlotColors {
  GHashTable *indices;  /* group → GUINT_TO_POINTER (index + 1) */
  guint       next;
};

AiperfPlotColors *
aiperf_plot_colors_new (void)
{
  AiperfPlotColors *colors = g_new0 (AiperfPlotColors, 1);

  colors->indices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return colors;
}

void
aiperf_plot_colors_free (AiperfPlotColors *colors)
{
  if (colors == NULL)
    return;
  g_hash_table_unref (colors->indices);
  g_free (colors);
}

guint
aiperf_plot_colors_get (AiperfPlotColors *colors,
                        const char       *group)
{
  gpointer value;

  g_return_val_if_fail (colors != NULL, 0);
  g_return_val_if_fail (group != NULL, 0);

  value = g_hash_table_lookup (colors->indices, group);
  if (value != NULL)
    return GPOINTER_TO_UINT (value) - 1;
  g_hash_table_insert (colors->indices, g_strdup (group), GUINT_TO_POINTER (colors->next + 1));
  return colors->next++;
}

static gboolean
matches_any (char       **globs,
             const char  *name,
             const char  *path)
{
  for (guint i = 0; globs != NULL && globs[i] != NULL; i++)
    if (fnmatch (globs[i], name, 0) == 0 || (path != NULL && fnmatch (globs[i], path, 0) == 0))
      return TRUE;
  return FALSE;
}

gboolean
aiperf_plot_classify_run (const AiperfClassification *classification,
                          AiperfRun                  *run,
                          char                      **out_group)
{
  const char *name, *path, *label;
  g_autofree char *parent = NULL;
  gboolean baseline;

  g_return_val_if_fail (classification != NULL, FALSE);
  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  name = aiperf_run_get_name (run);
  path = aiperf_run_get_directory (run);
  if (matches_any (classification->baselines, name, path))
    baseline = TRUE;
  else if (matches_any (classification->treatments, name, path))
    baseline = FALSE;
  else
    baseline = classification->default_is_baseline;

  if (out_group != NULL)
    {
      /* aiperf's documented rule (baseline_x/concurrency_1 → baseline_x),
       * which 0.11 shadows by the variation label; the label still names
       * aggregate cells whose parent matches nothing. */
      if (path != NULL)
        {
          g_autofree char *dir = g_path_get_dirname (path);

          parent = g_path_get_basename (dir);
        }
      label = aiperf_run_get_variation_label (run);
      if (parent != NULL && (matches_any (classification->baselines, parent, NULL) ||
                             matches_any (classification->treatments, parent, NULL)))
        *out_group = g_strdup (parent);
      else if (label != NULL && *label != '\0')
        *out_group = g_strdup (label);
      else
        *out_group = g_strdup (name);
    }
  return baseline;
}

gpointer
aiperf_plot_no_data (GError    **error,
                     const char *format,
                     ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA, message);
  return NULL;
}

/* Axis titles are chart text, English by design like the metric names
 * they hold (see README): a translated statistic word beside an English
 * metric name read as "Request Latency, Mittelwert". */
static char *
stat_title (AiperfStat  stat,
            const char *name)
{
  switch (stat)
    {
    case AIPERF_STAT_AVG: return g_strdup_printf ("Average %s", name);
    case AIPERF_STAT_P50: return g_strdup_printf ("Median %s", name);
    case AIPERF_STAT_MIN: return g_strdup_printf ("Minimum %s", name);
    case AIPERF_STAT_MAX: return g_strdup_printf ("Maximum %s", name);
    case AIPERF_STAT_STD: return g_strdup_printf ("Std. Dev. of %s", name);
    case AIPERF_STAT_SUM: return g_strdup_printf ("Total %s", name);
    case AIPERF_STAT_COUNT: return g_strdup_printf ("Count of %s", name);
    default: return g_strdup_printf ("%s %s", aiperf_stat_to_string (stat), name);
    }
}

void
aiperf_plot_set_metric_axis (AiperfAxis *axis,
                             const char *tag,
                             gboolean    show_stat,
                             AiperfStat  stat,
                             const char *fallback_unit,
                             const char *override)
{
  const AiperfMetricInfo *info;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  const char *unit;

  if (override != NULL)
    {
      aiperf_axis_set_label (axis, override, NULL);
      return;
    }
  info = aiperf_metric_registry_lookup (tag);
  name = aiperf_plot_display_name (tag);
  unit = info != NULL && info->unit != NULL && *info->unit != '\0' ? info->unit : fallback_unit;
  /* A stat only means something for per-request distributions; derived
   * throughputs and server metrics have a single value. */
  if (show_stat && aiperf_plot_metric_has_stats (tag))
    title = stat_title (stat, name);
  else
    title = g_strdup (name);
  aiperf_axis_set_label (axis, title, unit != NULL && *unit != '\0' ? unit : NULL);
}

AiperfChart *
aiperf_plot_chart_new (const AiperfPlotSpec *spec,
                       const char           *fallback_title)
{
  g_autofree char *said = NULL;
  AiperfChart *chart;

  /* Without the preset's title, a chart of two metrics says both: the
   * preset id would be a lie once the axes were changed. */
  if (spec->title == NULL && spec->x.metric != NULL && spec->y.metric != NULL)
    said = aiperf_plot_spec_axes_title (spec);
  chart = aiperf_chart_new (spec->title != NULL ? spec->title : said != NULL ? said : fallback_title);

  /* Comparison charts put runs side by side at latencies far from zero
   * (aiperf's own pareto plots do not start x at 0 either); forcing zero in
   * would squeeze every point against the right edge. */
  chart->x.include_zero = !spec->multi_run && (spec->autoscale & AIPERF_AUTOSCALE_X) == 0;
  chart->y.include_zero = (spec->autoscale & AIPERF_AUTOSCALE_Y) == 0;
  chart->y2.include_zero = chart->y.include_zero;
  return chart;
}

AiperfChart *
aiperf_plot_chart_new_over_time (const AiperfPlotSpec *spec,
                                 const char           *y_title)
{
  AiperfChart *chart = aiperf_plot_chart_new (spec, y_title);

  if (spec->title == NULL)
    {
      g_free (chart->title);
      chart->title = g_strdup (y_title);
    }
  return chart;
}

const double *
aiperf_plot_request_column (AiperfRun   *run,
                            const char  *name,
                            const char **out_tag,
                            const char **out_unit,
                            GError     **error)
{
  AiperfTable *requests = aiperf_run_get_requests (run);
  const AiperfMetricInfo *info;
  const char *tag;
  int column;

  if (requests == NULL)
    return aiperf_plot_no_data (error, _("Run “%s” has no per-request data (no profile_export.jsonl)."),
                                aiperf_run_get_name (run));
  if (g_strcmp0 (name, "timestamp") == 0)
    tag = "timestamp_s";
  else
    tag = aiperf_plot_resolve_tag (name);
  column = aiperf_table_find_column (requests, tag);
  info = aiperf_metric_registry_lookup (tag);
  if (column < 0 || aiperf_table_get_n_rows (requests) == 0)
    {
      if (info != NULL && (info->flags & AIPERF_METRIC_FLAG_STREAMING_ONLY) &&
          !aiperf_run_get_streaming (run))
        return aiperf_plot_no_data (error, _("%s is only measured in streaming runs, and run “%s” was not streaming."),
                                    info->display_name, aiperf_run_get_name (run));
      return aiperf_plot_no_data (error, _("Run “%s” has no per-request “%s” values."),
                                  aiperf_run_get_name (run), tag);
    }
  if (out_tag != NULL)
    *out_tag = tag;
  if (out_unit != NULL)
    *out_unit = aiperf_table_get_column_unit (requests, column);
  return aiperf_table_get_column_values (requests, column);
}

void
aiperf_plot_set_time_axis (AiperfAxis *axis,
                           const char *tag,
                           const char *override)
{
  if (override != NULL)
    aiperf_axis_set_label (axis, override, NULL);
  else
    {
      /* The sidebar lists the column under the same name. */
      const char *unit = NULL;
      g_autofree char *title = aiperf_plot_quantity_title (tag, NULL, &unit);

      aiperf_axis_set_label (axis, title, unit);
      axis->integer_ticks = g_strcmp0 (aiperf_plot_request_tag (tag), "request_number") == 0;
    }
}

int
aiperf_compare_doubles (const double *a,
                        const double *b)
{
  return *a < *b ? -1 : *a > *b ? 1 : 0;
}

/* Appends a step function (value @ys[i] held from @xs[i] to @xs[i+1]) to
 * @layer. With many more events than pixels it is resampled to @max_bins
 * time-weighted means, the exact average over each window, instead of
 * thousands of steps per pixel that read as a solid block. Returns the
 * window width, or 0 when the events were kept as they are. */
double
aiperf_plot_append_step (AiperfLayer  *layer,
                         const double *xs,
                         const double *ys,
                         guint         n,
                         guint         max_bins)
{
  double t0 = NAN, t1 = NAN, width, prev_x = -INFINITY;
  g_autofree double *area = NULL;
  guint first = G_MAXUINT, last = 0;

  for (guint i = 0; i < n; i++)
    {
      if (isnan (xs[i]) || isnan (ys[i]))
        continue;
      if (xs[i] < prev_x)
        max_bins = G_MAXUINT;  /* not time-ordered: keep as is */
      prev_x = xs[i];
      first = MIN (first, i);
      last = i;
    }
  if (first == G_MAXUINT)
    return 0;
  if (n <= 2 * (gsize) max_bins)
    {
      for (guint i = 0; i < n; i++)
        if (!isnan (xs[i]) && !isnan (ys[i]))
          aiperf_layer_append_point (layer, xs[i], ys[i], (int) i);
      return 0;
    }
  t0 = xs[first];
  t1 = xs[last];
  width = (t1 - t0) / max_bins;
  if (!(width > 0))
    return 0;
  area = g_new0 (double, max_bins);
  for (guint i = first; i < last; i++)
    {
      double a = xs[i], b = xs[i + 1];
      guint k0, k1;

      if (isnan (a) || isnan (ys[i]) || isnan (b) || b <= a)
        continue;
      k0 = MIN ((guint) ((a - t0) / width), max_bins - 1);
      k1 = MIN ((guint) ((b - t0) / width), max_bins - 1);
      for (guint k = k0; k <= k1; k++)
        {
          double lo = MAX (a, t0 + k * width);
          double hi = k == max_bins - 1 ? b : MIN (b, t0 + (k + 1) * width);

          if (hi > lo)
            area[k] += ys[i] * (hi - lo);
        }
    }
  for (guint bin = 0; bin < max_bins; bin++)
    aiperf_layer_append_point (layer, t0 + bin * width, area[bin] / width, -1);
  /* Close the last step at the end of the run. */
  aiperf_layer_append_point (layer, t1, ys[last], (int) last);
  return width;
}
