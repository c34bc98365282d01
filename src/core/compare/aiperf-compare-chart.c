/* aiperf-compare-chart.c — the forest plot of a comparison: for each
 * configuration a panel, for each metric and stat a row with the relative
 * change of the candidate against the baseline and its 95 % interval,
 * coloured by verdict, against no change and the minimal effect.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare-chart.h"
#include "aiperf-plot-helpers.h"

static const AiperfVerdict verdict_order[] = {
  AIPERF_VERDICT_REGRESSION,
  AIPERF_VERDICT_IMPROVEMENT,
  AIPERF_VERDICT_NO_CHANGE,
  AIPERF_VERDICT_NOT_ENOUGH_DATA,
};

static AiperfColor
verdict_color (AiperfVerdict verdict)
{
  switch (verdict)
    {
    case AIPERF_VERDICT_REGRESSION:
      return aiperf_color_role (AIPERF_ROLE_ALERT);
    case AIPERF_VERDICT_IMPROVEMENT:
      return aiperf_color_role (AIPERF_ROLE_ACCENT);
    case AIPERF_VERDICT_NO_CHANGE:
      return aiperf_color_role (AIPERF_ROLE_MUTED);
    case AIPERF_VERDICT_NOT_ENOUGH_DATA:
    default:
      return aiperf_color_role (AIPERF_ROLE_BAND);
    }
}

static AiperfMarker
verdict_marker (AiperfVerdict verdict)
{
  return verdict == AIPERF_VERDICT_NOT_ENOUGH_DATA ? AIPERF_MARKER_CROSS : AIPERF_MARKER_DIAMOND;
}

static void
add_verdict_series (AiperfChart *chart,
                    gboolean     in_legend)
{
  for (guint v = 0; v < G_N_ELEMENTS (verdict_order); v++)
    {
      int series = aiperf_chart_add_series (chart, aiperf_verdict_label (verdict_order[v]),
                                            verdict_color (verdict_order[v]), AIPERF_LAYER_POINTS);

      AiperfSeries *entry = g_ptr_array_index (chart->series, series);

      entry->in_legend = in_legend;
      /* The legend shows the marks the rows have. */
      entry->marker = verdict_marker (verdict_order[v]);
    }
}

static gboolean
shown (const AiperfCompareRecord *record)
{
  return isfinite (record->change);
}

static AiperfChart *
configuration_panel (const AiperfComparison *comparison,
                     const char             *configuration,
                     gboolean                with_legend)
{
  AiperfChart *panel = aiperf_chart_new (configuration);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  AiperfLayer *bars[G_N_ELEMENTS (verdict_order)], *points[G_N_ELEMENTS (verdict_order)];
  AiperfLayer *zero, *effect, *band;
  double effect_pct = comparison->settings.min_effect * 100;

  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *record = g_ptr_array_index (comparison->records, i);

      if (g_str_equal (record->configuration, configuration) && shown (record))
        g_ptr_array_add (rows, (gpointer) record);
    }
  /* The first record on top: categories count up from the bottom. */
  for (guint i = rows->len; i-- > 0;)
    {
      const AiperfCompareRecord *record = g_ptr_array_index (rows, i);

      g_ptr_array_add (labels, g_strdup_printf ("%s %s", record->label, record->stat));
    }
  aiperf_axis_set_categories (&panel->y, (const char * const *) labels->pdata, labels->len);
  aiperf_axis_set_label (&panel->x, _("Change against the Baseline"), "%");
  panel->x.include_zero = TRUE;
  add_verdict_series (panel, with_legend);

  /* No change, and the minimal effect either side of it: a shaded band
   * (a change inside it is never a verdict) edged by dashed rules. */
  band = aiperf_chart_add_layer (panel, AIPERF_LAYER_BAND, -1);
  band->color = aiperf_color_role (AIPERF_ROLE_MUTED);
  band->fill_opacity = 0.12;
  aiperf_layer_append_band (band, -effect_pct, -0.5, MAX (rows->len, 1) - 0.5);
  aiperf_layer_append_band (band, effect_pct, -0.5, MAX (rows->len, 1) - 0.5);
  zero = aiperf_chart_add_layer (panel, AIPERF_LAYER_VLINE, -1);
  zero->color = aiperf_color_role (AIPERF_ROLE_FOREGROUND);
  aiperf_layer_append_rule (zero, 0.0, NULL);
  effect = aiperf_chart_add_layer (panel, AIPERF_LAYER_VLINE, -1);
  effect->color = aiperf_color_role (AIPERF_ROLE_MUTED);
  effect->dashed = TRUE;
  aiperf_layer_append_rule (effect, -effect_pct, NULL);
  aiperf_layer_append_rule (effect, effect_pct, NULL);

  for (guint v = 0; v < G_N_ELEMENTS (verdict_order); v++)
    {
      bars[v] = aiperf_chart_add_layer (panel, AIPERF_LAYER_ERROR_BARS, (int) v);
      bars[v]->line_width = 2.5;
      points[v] = aiperf_chart_add_layer (panel, AIPERF_LAYER_POINTS, (int) v);
      points[v]->marker = verdict_marker (verdict_order[v]);
      points[v]->marker_size = 11;
      points[v]->pickable = TRUE;
      points[v]->hover_labels = TRUE;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const AiperfCompareRecord *record = g_ptr_array_index (rows, i);
      double y = rows->len - 1 - i;
      guint v = 0;
      g_autofree char *hover = NULL;

      while (v + 1 < G_N_ELEMENTS (verdict_order) && verdict_order[v] != record->verdict)
        v++;
      if (isfinite (record->ci_lo) && isfinite (record->ci_hi))
        aiperf_layer_append_error (bars[v], record->change * 100, y, NAN, NAN,
                                   record->ci_lo * 100, record->ci_hi * 100);
      hover = g_strdup_printf ("%s %s: %+.2f %% [%+.2f, %+.2f], q %.3g, %s",
                               record->label, record->stat, record->change * 100,
                               record->ci_lo * 100, record->ci_hi * 100, record->q,
                               aiperf_compare_test_to_string (record->test));
      guint position = 0;

      /* A mark's id is its record's position in the comparison: the
       * window selects that row when the mark is double-clicked. */
      g_ptr_array_find (comparison->records, record, &position);
      aiperf_layer_append_labeled (points[v], record->change * 100, y, (int) position, hover);
    }
  panel->id_kind = g_strdup ("record");
  return panel;
}

AiperfChart *
aiperf_compare_forest_chart (const AiperfComparison *comparison)
{
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GPtrArray) configurations = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (comparison != NULL, NULL);

  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *record = g_ptr_array_index (comparison->records, i);

      if (shown (record) && g_hash_table_add (seen, record->configuration))
        g_ptr_array_add (configurations, record->configuration);
    }
  if (configurations->len == 0)
    return NULL;
  chart = aiperf_chart_new (_("Comparison with the Baseline"));
  chart->note = g_strdup_printf (_("Candidate against baseline: change with its %g %% interval; "
                                   "verdicts at a %g %% false discovery rate (Benjamini–Hochberg), "
                                   "minimal effect ±%g %% (shaded)."),
                                 comparison->settings.level * 100, comparison->settings.alpha * 100,
                                 comparison->settings.min_effect * 100);
  /* The verdicts' legend once, in the first panel. */
  for (guint c = 0; c < configurations->len; c++)
    aiperf_chart_add_panel (chart, configuration_panel (comparison, g_ptr_array_index (configurations, c), c == 0));
  chart->panel_columns = configurations->len > 1 ? 2 : 1;
  return g_steal_pointer (&chart);
}

AiperfChart *
aiperf_history_chart (GPtrArray  *series,
                      const char *metric,
                      const char *stat)
{
  g_autoptr(AiperfChart) chart = NULL;
  double first = INFINITY;
  const AiperfHistorySeries *any = NULL;
  AiperfLayer *rules = NULL;
  g_autoptr(GDateTime) start = NULL;
  g_autofree char *start_text = NULL, *x_title = NULL, *title = NULL;
  guint index = 0, n_guessed = 0;

  g_return_val_if_fail (series != NULL && metric != NULL && stat != NULL, NULL);

  for (guint s = 0; s < series->len; s++)
    {
      const AiperfHistorySeries *one = g_ptr_array_index (series, s);

      if (g_str_equal (one->metric, metric) && g_str_equal (one->stat, stat))
        {
          any = one;
          first = MIN (first, g_array_index (one->times, double, 0));
        }
    }
  if (any == NULL || !isfinite (first))
    return NULL;
  title = g_strdup_printf ("%s %s", any->label, any->stat);
  chart = aiperf_chart_new (title);
  start = g_date_time_new_from_unix_utc ((gint64) first);
  start_text = start != NULL ? g_date_time_format (start, "%Y-%m-%d %H:%M UTC") : g_strdup ("?");
  x_title = g_strdup_printf (_("Days since %s"), start_text);
  aiperf_axis_set_label (&chart->x, x_title, NULL);
  aiperf_axis_set_label (&chart->y, title, any->unit);
  chart->y.include_zero = FALSE;
  chart->note = g_strdup (_("Each line one configuration; band: its level ± 2σ of the noise; "
                            "dashed: change points (E-divisive, p < 0.01, at least the minimal effect)."));
  for (guint s = 0; s < series->len; s++)
    {
      const AiperfHistorySeries *one = g_ptr_array_index (series, s);
      const double *t = (const double *) one->times->data, *v = (const double *) one->values->data;
      guint n = one->values->len, c = 0, from = 0;
      int id;
      AiperfLayer *line, *markers;

      if (!g_str_equal (one->metric, metric) || !g_str_equal (one->stat, stat))
        continue;
      id = aiperf_chart_add_series (chart, one->configuration, aiperf_color_palette (index++), AIPERF_LAYER_LINE);
      /* The band follows each segment's level between change points. */
      while (from < n)
        {
          guint to = c < one->changes->len ? g_array_index (one->changes, AiperfHistoryChange, c).index : n;
          double level = 0, half;
          AiperfLayer *band = aiperf_chart_add_layer (chart, AIPERF_LAYER_BAND, id);

          band->fill_opacity = 0.18;

          for (guint i = from; i < to; i++)
            level += v[i];
          level /= MAX (to - from, 1);
          half = isfinite (one->noise) ? 2 * one->noise * fabs (level) : 0;
          for (guint i = from; i < to; i++)
            aiperf_layer_append_band (band, (t[i] - first) / 86400, level - half, level + half);
          from = to;
          c++;
        }
      line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, id);
      line->pickable = FALSE;
      markers = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, id);
      markers->marker_size = 9;
      markers->pickable = TRUE;
      markers->hover_labels = TRUE;
      for (guint i = 0; i < n; i++)
        {
          const char *changed = i < one->changed->len ? g_ptr_array_index (one->changed, i) : NULL;
          gboolean guessed = i < one->from_mtime->len && g_array_index (one->from_mtime, gboolean, i);
          /* A point says what changed since the one before, and when its
           * time is only its folder's. */
          g_autofree char *label = g_strdup_printf ("%s%s%s%s", (const char *) g_ptr_array_index (one->runs, i),
                                                    changed != NULL ? "\n" : "", changed != NULL ? changed : "",
                                                    guessed ? _("\n(time: the folder’s modification time)") : "");

          n_guessed += guessed;
          aiperf_layer_append_point (line, (t[i] - first) / 86400, v[i], (int) i);
          aiperf_layer_append_labeled (markers, (t[i] - first) / 86400, v[i], (int) i, label);
        }
      for (guint k = 0; k < one->changes->len; k++)
        {
          const AiperfHistoryChange *change = &g_array_index (one->changes, AiperfHistoryChange, k);
          g_autofree char *label = g_strdup_printf ("%+.1f %%", change->change * 100);

          if (rules == NULL)
            {
              rules = aiperf_chart_add_layer (chart, AIPERF_LAYER_VLINE, -1);
              rules->color = aiperf_color_role (AIPERF_ROLE_ALERT);
              rules->dashed = TRUE;
            }
          aiperf_layer_append_rule (rules, (t[change->index] - first) / 86400, label);
        }
    }
  if (n_guessed > 0)
    {
      char *note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "%s %u point has no time of its own: placed at its folder’s "
                                                 "modification time.",
                                                 "%s %u points have no time of their own: placed at their folders’ "
                                                 "modification times.", n_guessed),
                                    chart->note, n_guessed);

      g_free (chart->note);
      chart->note = note;
    }
  return g_steal_pointer (&chart);
}
