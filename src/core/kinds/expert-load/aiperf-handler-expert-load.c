/* aiperf-handler-expert-load.c — the charts of MoE gate-log sets.
 *
 * Tokens per expert as bars against the uniform share (several sets: each
 * set's share of its tokens side by side, so sets of different sizes
 * compare), the steps × experts heatmap (a panel per set, one colour scale;
 * long runs averaged into bins so a chart never holds more cells than a
 * screen has pixels) and the per-step coefficient of variation along the
 * steps, a line per set with its mean.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "aiperf-expert-load-private.h"
#include "aiperf-number.h"

#define BAR_WIDTH        0.8
/* Category labels up to this many experts; a numbered axis beyond. */
#define MAX_LABELLED     32
/* Heatmap bins: a 2400-pixel-wide export has fewer plot pixels. */
#define MAX_STEP_BINS    600
#define MAX_EXPERT_BINS  256

static AiperfExpertLoadData *
load_data (const AiperfPlotSpec  *spec,
           AiperfRunSet          *runs,
           GError               **error)
{
  const char *limit = aiperf_plot_spec_get_extra (spec, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS);
  AiperfExpertLoadData *data = aiperf_expert_load_data_new (runs, aiperf_expert_load_parse_limit (limit));

  if (data == NULL)
    aiperf_plot_no_data (error, _("no MoE gate log is open"));
  return data;
}

static AiperfExpertLoadSet *
get_set (AiperfExpertLoadData *data,
         guint                 i)
{
  return g_ptr_array_index (data->sets, i);
}

static guint
spec_uint (const AiperfPlotSpec *spec,
           const char           *key,
           guint                 fallback)
{
  const char *text = aiperf_plot_spec_get_extra (spec, key);
  guint64 v = text != NULL ? g_ascii_strtoull (text, NULL, 10) : 0;

  return v > 0 && v < G_MAXUINT ? (guint) v : fallback;
}

static int
add_set_series (AiperfChart               *chart,
                const AiperfExpertLoadSet *set,
                AiperfPlotColors          *colors,
                AiperfLayerKind            swatch)
{
  return aiperf_chart_add_series (chart, set->label,
                                  aiperf_color_palette (aiperf_plot_colors_get (colors, set->label)), swatch);
}

/* "2 warm-up steps above 1000 tokens dropped (baseline: 1, …)", or NULL. */
static char *
dropped_note (AiperfExpertLoadData *data)
{
  g_autoptr(GString) per_set = g_string_new (NULL);
  guint total = 0;

  if (!isfinite (data->max_step_tokens))
    return NULL;
  for (guint i = 0; i < data->sets->len; i++)
    {
      AiperfExpertLoadSet *set = get_set (data, i);

      total += set->n_dropped;
      g_string_append_printf (per_set, "%s%s: %u", i > 0 ? ", " : "", set->label, set->n_dropped);
    }
  if (data->sets->len == 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step above %g tokens dropped",
                                         "%u steps above %g tokens dropped", total),
                            total, data->max_step_tokens);
  return g_strdup_printf (_("Steps above %g tokens dropped: %s"), data->max_step_tokens, per_set->str);
}

static void
set_expert_axis (AiperfAxis *axis,
                 guint       n_experts)
{
  if (n_experts <= MAX_LABELLED)
    {
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

      for (guint e = 0; e < n_experts; e++)
        g_ptr_array_add (labels, g_strdup_printf ("%u", e));
      aiperf_axis_set_categories (axis, (const char * const *) labels->pdata, n_experts);
    }
  else
    {
      aiperf_axis_set_range (axis, -0.5, n_experts - 0.5);
      axis->integer_ticks = TRUE;
    }
  aiperf_axis_set_label (axis, _("Expert"), NULL);
}

static void
add_rule (AiperfChart *chart,
          int          series,
          double       value,
          const char  *label)
{
  AiperfLayer *rule = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, series);

  if (series < 0)
    rule->color = aiperf_color_role (AIPERF_ROLE_MUTED);
  rule->dashed = TRUE;
  rule->line_width = 1.5;
  aiperf_layer_append_rule (rule, value, label);
}

/* values: tokens (the default for one set) or share (for several);
 * highlight_set and highlight_expert: the bar the window's table selected. */
AiperfChart *
aiperf_handler_expert_load (const AiperfPlotSpec       *spec,
                            AiperfRunSet               *runs,
                            const AiperfClassification *classification,
                            AiperfPlotColors           *colors,
                            GError                    **error)
{
  g_autoptr(AiperfExpertLoadData) data = load_data (spec, runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  const char *values = aiperf_plot_spec_get_extra (spec, "values");
  const char *highlight_set = aiperf_plot_spec_get_extra (spec, AIPERF_EXPERT_LOAD_HIGHLIGHT_SET);
  const char *highlight_text = aiperf_plot_spec_get_extra (spec, AIPERF_EXPERT_LOAD_HIGHLIGHT_EXPERT);
  guint64 highlight_expert = G_MAXUINT64;
  guint n_sets, n_experts = 0;
  gboolean share, same_experts = TRUE;
  g_autofree char *note = NULL;

  (void) classification;
  if (data == NULL)
    return NULL;
  if (highlight_text == NULL || *highlight_text == '\0' ||
      !g_ascii_string_to_unsigned (highlight_text, 10, 0, G_MAXUINT, &highlight_expert, NULL))
    highlight_expert = G_MAXUINT64;
  n_sets = data->sets->len;
  share = values != NULL ? g_str_equal (values, "share") : n_sets > 1;
  for (guint i = 0; i < n_sets; i++)
    {
      same_experts &= i == 0 || get_set (data, i)->n_experts == n_experts;
      n_experts = MAX (n_experts, get_set (data, i)->n_experts);
    }
  chart = aiperf_plot_chart_new (spec, _("Tokens per Expert"));
  set_expert_axis (&chart->x, n_experts);
  if (share)
    aiperf_axis_set_label (&chart->y, _("Share of Tokens"), "%");
  else
    aiperf_axis_set_label (&chart->y, _("Tokens"), NULL);
  chart->label_title = g_strdup (_("expert"));
  chart->id_kind = g_strdup ("expert");

  for (guint i = 0; i < n_sets; i++)
    {
      AiperfExpertLoadSet *set = get_set (data, i);
      int series = add_set_series (chart, set, colors, AIPERF_LAYER_BARS);
      AiperfLayer *bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);
      double scale = share ? (set->total_tokens > 0 ? 100.0 / set->total_tokens : NAN) : 1.0;

      bars->pickable = TRUE;
      aiperf_layer_set_group (bars, i, n_sets);
      for (guint e = 0; e < set->n_experts && isfinite (scale); e++)
        aiperf_layer_append_bar (bars, e, BAR_WIDTH, set->totals[e] * scale, (int) e);
      /* The selected bar again, on top, in the accent colour. */
      if (g_strcmp0 (highlight_set, set->label) == 0 && highlight_expert < set->n_experts && isfinite (scale))
        {
          AiperfLayer *ring = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, -1);

          ring->color = aiperf_color_role (AIPERF_ROLE_ACCENT);
          ring->fill_opacity = 0.9;
          aiperf_layer_set_group (ring, i, n_sets);
          aiperf_layer_append_bar (ring, (double) highlight_expert, BAR_WIDTH,
                                   set->totals[highlight_expert] * scale, (int) highlight_expert);
        }
      /* The uniform share: one line when every set has it at one height. */
      if (set->n_experts > 0 && isfinite (scale) && (i == 0 || !(share && same_experts)))
        {
          double uniform = set->total_tokens / set->n_experts * scale;
          g_autofree char *label = NULL;
          /* as the axis writes it: "12.61k", never "1.261e+04" */
          g_autofree char *number = aiperf_number_format (uniform, share ? 3 : 4);

          if (share)
            label = same_experts ? g_strdup_printf (_("uniform share 1/%u = %s%%"), set->n_experts, number)
                                 : g_strdup_printf (_("%s: uniform 1/%u"), set->label, set->n_experts);
          else if (n_sets > 1)
            label = g_strdup_printf (_("%s: uniform share %s tokens per expert"), set->label, number);
          else
            label = g_strdup_printf (_("uniform share: %s tokens per expert"), number);
          add_rule (chart, share && same_experts ? -1 : (n_sets > 1 ? series : -1), uniform, label);
        }
    }
  if (aiperf_chart_count_points (chart, AIPERF_LAYER_BARS) == 0)
    return aiperf_plot_no_data (error, _("the gate logs route no token"));
  note = dropped_note (data);
  if (share && n_sets > 1)
    chart->note = g_strdup_printf (_("Each set's tokens per expert as a share of its own total%s%s"),
                                   note != NULL ? "; " : "", note != NULL ? note : "");
  else
    chart->note = g_steal_pointer (&note);
  return g_steal_pointer (&chart);
}

/* One heatmap panel of @set: x the steps (binned), y the experts. */
static AiperfChart *
heatmap_panel (const AiperfPlotSpec      *spec,
               const AiperfExpertLoadSet *set,
               const char                *title,
               double                     c_max,
               guint                      step_bin,
               guint                      expert_bin)
{
  AiperfChart *panel = aiperf_chart_new (title);
  AiperfLayer *cells = aiperf_chart_add_layer (panel, AIPERF_LAYER_CELLS, -1);
  const double *step = aiperf_table_get_column (set->table, AIPERF_EXPERT_LOADS_STEP);

  (void) spec;
  aiperf_axis_set_label (&panel->x, _("Step"), NULL);
  panel->x.integer_ticks = TRUE;
  /* The set's own step numbers: a dropped step is a gap. */
  aiperf_axis_set_range (&panel->x, -0.5, step[aiperf_table_get_n_rows (set->table) - 1] + 0.5);
  panel->y.integer_ticks = TRUE;
  if (expert_bin == 1 && set->n_experts <= MAX_LABELLED)
    set_expert_axis (&panel->y, set->n_experts);
  else
    {
      aiperf_axis_set_range (&panel->y, -0.5, set->n_experts - 0.5);
      aiperf_axis_set_label (&panel->y, _("Expert"), NULL);
    }
  panel->has_color_scale = TRUE;
  aiperf_axis_set_label (&panel->color_axis, step_bin > 1 ? _("Mean Tokens per Step") : _("Tokens"), NULL);
  aiperf_axis_set_range (&panel->color_axis, 0, c_max > 0 ? c_max : 1);
  cells->fill_opacity = 1.0;
  for (guint s0 = 0; s0 < set->n_steps; s0 += step_bin)
    {
      guint s1 = MIN (s0 + step_bin, set->n_steps);

      for (guint e0 = 0; e0 < set->n_experts; e0 += expert_bin)
        {
          guint e1 = MIN (e0 + expert_bin, set->n_experts);
          double sum = 0;

          for (guint s = s0; s < s1; s++)
            for (guint e = e0; e < e1; e++)
              sum += set->experts[e][set->rows[s]];
          /* Mean per step and per expert in the bin: a bin of experts
           * reads as one expert's load. */
          aiperf_layer_append_cell (cells, step[set->rows[s0]] - 0.5, step[set->rows[s1 - 1]] + 0.5,
                                    e0 - 0.5, e1 - 0.5,
                                    sum / ((double) (s1 - s0) * (e1 - e0)));
        }
    }
  return panel;
}

/* "baseline: step 2 has 2000 tokens, 40× the median step" when one kept
 * step is far above the others (a warm-up or profiling batch, which
 * washes out every other cell's colour), else NULL. */
static char *
outlier_hint (const AiperfExpertLoadSet *set)
{
  g_autofree double *tokens = NULL;
  double median, max = 0;
  guint at = 0;

  if (set->n_steps < 3)
    return NULL;
  tokens = g_new (double, set->n_steps);
  for (guint s = 0; s < set->n_steps; s++)
    {
      tokens[s] = aiperf_expert_load_step_tokens (set, set->rows[s]);
      if (tokens[s] > max)
        {
          max = tokens[s];
          at = s;
        }
    }
  qsort (tokens, set->n_steps, sizeof (double), (GCompareFunc) aiperf_compare_doubles);
  median = tokens[set->n_steps / 2];
  if (!(median > 0) || max < 10 * median)
    return NULL;
  return g_strdup_printf (_("%s: step %.0f has %.0f tokens, %.0f× the median step"), set->label,
                          aiperf_table_get_column (set->table, AIPERF_EXPERT_LOADS_STEP)[set->rows[at]],
                          max, max / median);
}

static guint
bin_size (guint n,
          guint max_bins)
{
  return n <= max_bins ? 1 : (n + max_bins - 1) / max_bins;
}

/* max_steps / max_experts: the most bins along each axis. */
AiperfChart *
aiperf_handler_expert_load_heatmap (const AiperfPlotSpec       *spec,
                                    AiperfRunSet               *runs,
                                    const AiperfClassification *classification,
                                    AiperfPlotColors           *colors,
                                    GError                    **error)
{
  g_autoptr(AiperfExpertLoadData) data = load_data (spec, runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GString) note = g_string_new (NULL);
  g_autoptr(GString) outliers = g_string_new (NULL);
  g_autofree char *dropped = NULL;
  guint max_steps = spec_uint (spec, "max_steps", MAX_STEP_BINS);
  guint max_experts = spec_uint (spec, "max_experts", MAX_EXPERT_BINS);
  guint *step_bins, *expert_bins;
  double c_max = 0;
  guint n_drawn = 0;

  (void) classification;
  (void) colors;
  if (data == NULL)
    return NULL;
  step_bins = g_newa (guint, data->sets->len);
  expert_bins = g_newa (guint, data->sets->len);
  /* One colour scale for every panel: the highest binned value. */
  for (guint i = 0; i < data->sets->len; i++)
    {
      AiperfExpertLoadSet *set = get_set (data, i);

      step_bins[i] = bin_size (set->n_steps, max_steps);
      expert_bins[i] = bin_size (set->n_experts, max_experts);
      for (guint s0 = 0; s0 < set->n_steps; s0 += step_bins[i])
        for (guint e0 = 0; e0 < set->n_experts; e0 += expert_bins[i])
          {
            guint s1 = MIN (s0 + step_bins[i], set->n_steps), e1 = MIN (e0 + expert_bins[i], set->n_experts);
            double sum = 0;

            for (guint s = s0; s < s1; s++)
              for (guint e = e0; e < e1; e++)
                sum += set->experts[e][set->rows[s]];
            c_max = MAX (c_max, sum / ((double) (s1 - s0) * (e1 - e0)));
          }
      if (step_bins[i] > 1 && expert_bins[i] > 1)
        g_string_append_printf (note, _("%s%s: mean of %u steps × %u experts per cell"),
                                note->len > 0 ? "; " : "", set->label, step_bins[i], expert_bins[i]);
      else if (step_bins[i] > 1)
        g_string_append_printf (note, _("%s%s: mean of %u steps per cell"), note->len > 0 ? "; " : "",
                                set->label, step_bins[i]);
      else if (expert_bins[i] > 1)
        g_string_append_printf (note, _("%s%s: mean of %u experts per cell"), note->len > 0 ? "; " : "",
                                set->label, expert_bins[i]);
      n_drawn += set->n_steps > 0;
      {
        g_autofree char *hint = outlier_hint (set);

        if (hint != NULL)
          g_string_append_printf (outliers, "%s%s", outliers->len > 0 ? "; " : "", hint);
      }
    }
  if (n_drawn == 0)
    return aiperf_plot_no_data (error, _("every step of the gate logs was dropped"));
  dropped = dropped_note (data);
  if (dropped != NULL)
    g_string_append_printf (note, "%s%s", note->len > 0 ? "; " : "", dropped);
  if (outliers->len > 0)
    g_string_append_printf (note, _("%s%s (warm-up? --max-step-tokens leaves such steps out)"),
                            note->len > 0 ? "; " : "", outliers->str);
  if (data->sets->len > 1)
    g_string_append_printf (note, "%s%s", note->len > 0 ? "; " : "", _("one colour scale for all panels"));

  if (data->sets->len == 1)
    {
      AiperfExpertLoadSet *set = get_set (data, 0);
      g_autofree char *title = g_strdup_printf ("%s: %s", spec->title != NULL ? spec->title
                                                                              : _("Expert Load per Step"),
                                                set->label);

      chart = heatmap_panel (spec, set, title, c_max, step_bins[0], expert_bins[0]);
    }
  else
    {
      chart = aiperf_plot_chart_new (spec, _("Expert Load per Step"));
      chart->panel_columns = 1;
      for (guint i = 0; i < data->sets->len; i++)
        {
          AiperfExpertLoadSet *set = get_set (data, i);

          if (set->n_steps > 0)
            aiperf_chart_add_panel (chart, heatmap_panel (spec, set, set->label, c_max, step_bins[i],
                                                          expert_bins[i]));
        }
    }
  if (note->len > 0)
    chart->note = g_strdup (note->str);
  return g_steal_pointer (&chart);
}

/* σ/μ of each step's expert loads along the steps, a line per set. */
AiperfChart *
aiperf_handler_expert_step_cv (const AiperfPlotSpec       *spec,
                               AiperfRunSet               *runs,
                               const AiperfClassification *classification,
                               AiperfPlotColors           *colors,
                               GError                    **error)
{
  g_autoptr(AiperfExpertLoadData) data = load_data (spec, runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autofree char *dropped = NULL;

  (void) classification;
  if (data == NULL)
    return NULL;
  chart = aiperf_plot_chart_new (spec, _("Per-Step Coefficient of Variation of Expert Load"));
  aiperf_axis_set_label (&chart->x, _("Step"), NULL);
  chart->x.integer_ticks = TRUE;
  chart->x.include_zero = TRUE;
  aiperf_axis_set_label (&chart->y, _("Coefficient of Variation (σ/μ)"), NULL);
  chart->id_kind = g_strdup ("step");
  for (guint i = 0; i < data->sets->len; i++)
    {
      AiperfExpertLoadSet *set = get_set (data, i);
      const double *step = aiperf_table_get_column (set->table, AIPERF_EXPERT_LOADS_STEP);
      int series = add_set_series (chart, set, colors, AIPERF_LAYER_LINE);
      AiperfLayer *line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, series);
      g_autofree char *label = NULL;

      line->line_width = AIPERF_PLOT_LINE_WIDTH;
      line->pickable = TRUE;
      /* The set's own step numbers: dropped steps leave gaps on x. */
      for (guint s = 0; s < set->n_steps; s++)
        {
          double x = step != NULL ? step[set->rows[s]] : s;

          /* A NaN point breaks the line across dropped steps. */
          if (s > 0 && set->rows[s] != set->rows[s - 1] + 1)
            aiperf_layer_append_point (line, x - 0.5, NAN, -1);
          aiperf_layer_append_point (line, x, set->step_cv[s], (int) set->rows[s]);
        }
      if (!isfinite (set->mean_step_cv))
        continue;
      label = data->sets->len > 1 ? g_strdup_printf (_("%s mean %.3f"), set->label, set->mean_step_cv)
                                  : g_strdup_printf (_("mean %.3f"), set->mean_step_cv);
      add_rule (chart, series, set->mean_step_cv, label);
    }
  if (aiperf_chart_count_points (chart, AIPERF_LAYER_LINE) == 0)
    return aiperf_plot_no_data (error, _("no step of the gate logs routes a token"));
  dropped = dropped_note (data);
  chart->note = dropped != NULL
    ? g_strdup_printf (_("σ/μ of the experts' loads in each step; dashed: the mean over steps. %s"), dropped)
    : g_strdup (_("σ/μ of the experts' loads in each step; dashed: the mean over steps"));
  return g_steal_pointer (&chart);
}
