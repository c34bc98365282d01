/* aiperf-handler-kernels.c — the charts of kernels datasets (Nsight kernel
 * summaries, traces): the top kernels, time by category and, with two or
 * more sources, what changed against the first.
 *
 * They read any run with a `kernels` table (columns in
 * aiperf-kernels-private.h). Several runs (EPLB off / on) are drawn side by
 * side, a colour each; one run whose kernels have groups (ranks, GPUs) is
 * drawn per group.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-kernels-private.h"
#include "aiperf-tracelens.h"
#include "aiperf-number.h"

#define BAR_WIDTH 0.8
#define NAME_CHARS 48

static AiperfKernelData *
load_data (AiperfRunSet  *runs,
           GError       **error)
{
  AiperfKernelData *data = aiperf_kernel_data_new (runs);

  if (data == NULL)
    aiperf_plot_no_data (error, _("no kernel summary or trace with kernels is open"));
  return data;
}

#define compared_sources aiperf_kernel_data_compared

static const char *
caveat (void)
{
  return _("Kernel times add up over all streams and GPUs: they can exceed the wall time.");
}

static guint
spec_count (const AiperfPlotSpec *spec,
            const char           *key,
            guint                 fallback)
{
  const char *text = aiperf_plot_spec_get_extra (spec, key);
  guint64 n;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, 200, &n, NULL))
    return fallback;
  return (guint) n;
}

static void
set_hover (AiperfLayer *layer,
           guint        row,
           char        *text)
{
  if (layer->labels == NULL)
    {
      layer->labels = g_ptr_array_new_full (row + 1, g_free);
      for (guint i = 0; i < aiperf_layer_get_n (layer); i++)
        g_ptr_array_add (layer->labels, NULL);
    }
  g_free (g_ptr_array_index (layer->labels, row));
  g_ptr_array_index (layer->labels, row) = text;
}

static char *
format_time (double ns)
{
  double scale;
  const char *unit = aiperf_kernel_time_unit (ns, &scale);
  g_autofree char *number = aiperf_number_format (ns / scale, 4);

  return g_strdup_printf ("%s %s", number, unit);
}

/* One series per source when there are several, coloured by its label. */
static int
source_series (AiperfChart        *chart,
               AiperfKernelSource *source,
               guint               n_sources,
               AiperfPlotColors   *colors,
               AiperfLayerKind     swatch)
{
  AiperfColor color = aiperf_color_palette (aiperf_plot_colors_get (colors, source->label));
  int series = aiperf_chart_add_series (chart, source->label, color, swatch);

  if (n_sources < 2)
    ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend = FALSE;
  return series;
}

/* Names on a category axis must differ: "name", "name (2)", … */
static GPtrArray *
unique_short_names (GPtrArray *names)
{
  GPtrArray *shorts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *base = aiperf_kernel_short_name (g_ptr_array_index (names, i), NAME_CHARS);
      char *name = g_strdup (base);

      for (guint k = 2; g_hash_table_contains (seen, name); k++)
        {
          g_free (name);
          name = g_strdup_printf ("%s (%u)", base, k);
        }
      g_hash_table_add (seen, name);
      g_ptr_array_add (shorts, name);
    }
  return shorts;
}

/* A pale band behind the row of the kernel the table has selected. */
static void
add_highlight (AiperfChart *chart,
               GPtrArray   *names,
               GPtrArray   *sources,
               const char  *wanted,
               double       scale)
{
  AiperfLayer *band;
  double longest = 0;
  guint row;

  if (wanted == NULL || !g_ptr_array_find_with_equal_func (names, wanted, g_str_equal, &row))
    return;
  for (guint s = 0; s < sources->len; s++)
    {
      AiperfKernelStat *stat = aiperf_kernel_source_find (g_ptr_array_index (sources, s), wanted);

      if (stat != NULL)
        longest = MAX (longest, stat->total / scale);
    }
  band = aiperf_chart_add_layer (chart, AIPERF_LAYER_HBARS, -1);
  band->color = aiperf_color_role (AIPERF_ROLE_ACCENT);
  band->fill_opacity = 0.3;
  aiperf_layer_append_hbar (band, names->len - 1 - row, 1.0, longest, NAN, NAN, (int) row);
}

AiperfChart *
aiperf_handler_top_kernels (const AiperfPlotSpec       *spec,
                            AiperfRunSet               *runs,
                            const AiperfClassification *classification,
                            AiperfPlotColors           *colors,
                            GError                    **error)
{
  g_autoptr(AiperfKernelData) data = load_data (runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GPtrArray) shorts = NULL;
  g_autoptr(GPtrArray) axis_labels = g_ptr_array_new ();
  GPtrArray *sources;
  double largest = 0, scale;
  const char *unit;
  int extra_rank = -1;

  (void) classification;
  if (data == NULL)
    return NULL;
  sources = compared_sources (data);
  /* The first of the ranked names: a kernel's id is its rank. */
  names = g_ptr_array_copy (aiperf_kernel_data_ranked_names (data), NULL, NULL);
  if (names->len > spec_count (spec, "top", 15))
    {
      const char *wanted = aiperf_plot_spec_get_extra (spec, AIPERF_KERNELS_OPTION_HIGHLIGHT);
      guint rank;

      g_ptr_array_set_size (names, spec_count (spec, "top", 15));
      /* The kernel the table selected is shown below the top ones when it
       * is not among them, with its rank as id like the others. */
      if (wanted != NULL && !g_ptr_array_find_with_equal_func (names, wanted, g_str_equal, NULL) &&
          g_ptr_array_find_with_equal_func (aiperf_kernel_data_ranked_names (data), wanted, g_str_equal, &rank))
        {
          g_ptr_array_add (names, g_ptr_array_index (aiperf_kernel_data_ranked_names (data), rank));
          extra_rank = (int) rank;
        }
    }
  shorts = unique_short_names (names);
  /* The largest kernel at the top: category 0 is the bottom row. */
  for (guint i = names->len; i-- > 0;)
    g_ptr_array_add (axis_labels, g_ptr_array_index (shorts, i));
  for (guint s = 0; s < sources->len; s++)
    for (guint i = 0; i < names->len; i++)
      {
        AiperfKernelStat *stat = aiperf_kernel_source_find (g_ptr_array_index (sources, s), g_ptr_array_index (names, i));

        if (stat != NULL && stat->total > largest)
          largest = stat->total;
      }
  unit = aiperf_kernel_time_unit (largest, &scale);

  chart = aiperf_plot_chart_new (spec, _("Top Kernels by Total Time"));
  chart->note = g_strdup (caveat ());
  aiperf_axis_set_categories (&chart->y, (const char * const *) axis_labels->pdata, axis_labels->len);
  aiperf_axis_set_label (&chart->x, _("Total Time"), unit);
  chart->x.include_zero = TRUE;
  chart->label_title = g_strdup (_("kernel"));
  chart->id_kind = g_strdup ("kernel");
  add_highlight (chart, names, sources, aiperf_plot_spec_get_extra (spec, AIPERF_KERNELS_OPTION_HIGHLIGHT), scale);
  for (guint s = 0; s < sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (sources, s);
      int series = source_series (chart, source, sources->len, colors, AIPERF_LAYER_BARS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_HBARS, series);

      layer->pickable = TRUE;
      layer->fill_opacity = 0.85;
      /* Slot 0 is the bottom of a row: the first source reads first, on top. */
      aiperf_layer_set_group (layer, sources->len - 1 - s, sources->len);
      for (guint i = 0; i < names->len; i++)
        {
          AiperfKernelStat *stat = aiperf_kernel_source_find (source, g_ptr_array_index (names, i));
          g_autofree char *avg = NULL;

          if (stat == NULL)
            continue;
          aiperf_layer_append_hbar (layer, names->len - 1 - i, BAR_WIDTH, stat->total / scale, NAN, NAN,
                                    extra_rank >= 0 && i + 1 == names->len ? extra_rank : (int) i);
          avg = format_time (stat->avg);
          set_hover (layer, aiperf_layer_get_n (layer) - 1,
                     g_strdup_printf (_("%s\n%.0f calls · %s on average · %.1f%% of kernel time"),
                                      stat->name, stat->calls, avg,
                                      source->total > 0 ? 100.0 * stat->total / source->total : NAN));
        }
    }
  return g_steal_pointer (&chart);
}

AiperfChart *
aiperf_handler_kernel_categories (const AiperfPlotSpec       *spec,
                                  AiperfRunSet               *runs,
                                  const AiperfClassification *classification,
                                  AiperfPlotColors           *colors,
                                  GError                    **error)
{
  g_autoptr(AiperfKernelData) data = load_data (runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  GPtrArray *sources;
  double largest = 0, scale;
  const char *unit;

  (void) classification;
  if (data == NULL)
    return NULL;
  sources = compared_sources (data);
  /* Only the categories some source spends time in, in the classifier's order. */
  for (guint c = 0; c < data->categories->len; c++)
    for (guint s = 0; s < sources->len; s++)
      {
        double total = aiperf_kernel_source_category_total (g_ptr_array_index (sources, s),
                                                            g_ptr_array_index (data->categories, c), NULL);

        largest = MAX (largest, total);
        if (total > 0)
          {
            g_ptr_array_add (shown, g_ptr_array_index (data->categories, c));
            break;
          }
      }
  unit = aiperf_kernel_time_unit (largest, &scale);

  chart = aiperf_plot_chart_new (spec, _("Kernel Time by Category"));
  chart->note = g_strdup (caveat ());
  aiperf_axis_set_categories (&chart->x, (const char * const *) shown->pdata, shown->len);
  aiperf_axis_set_label (&chart->x, _("Category"), NULL);
  aiperf_axis_set_label (&chart->y, _("Total Time"), unit);
  chart->label_title = g_strdup (_("share of kernel time"));
  for (guint s = 0; s < sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (sources, s);
      int series = source_series (chart, source, sources->len, colors, AIPERF_LAYER_BARS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);

      layer->pickable = TRUE;
      layer->fill_opacity = 0.85;
      aiperf_layer_set_group (layer, s, sources->len);
      for (guint c = 0; c < shown->len; c++)
        {
          double calls;
          double total = aiperf_kernel_source_category_total (source, g_ptr_array_index (shown, c), &calls);

          aiperf_layer_append_bar (layer, c, BAR_WIDTH, total / scale, (int) c);
          set_hover (layer, aiperf_layer_get_n (layer) - 1,
                     g_strdup_printf (_("%.1f%% · %.0f calls"),
                                      source->total > 0 ? 100.0 * total / source->total : 0.0, calls));
        }
    }
  return g_steal_pointer (&chart);
}

gboolean
aiperf_handler_kernels_applies (const AiperfPlotSpec *spec,
                                AiperfRunSet         *runs)
{
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (runs);

  (void) spec;
  return data != NULL;
}

gboolean
aiperf_handler_kernel_deltas_applies (const AiperfPlotSpec *spec,
                                      AiperfRunSet         *runs)
{
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (runs);

  (void) spec;
  return data != NULL && compared_sources (data)->len >= 2;
}

/* Bars of (source − first source) per item; @items are categories when
 * @by_category, else kernel names. */
static AiperfChart *
delta_panel (const char       *title,
             GPtrArray        *sources,
             GPtrArray        *items,
             GPtrArray        *labels,
             gboolean          by_category,
             AiperfPlotColors *colors)
{
  AiperfChart *panel = aiperf_chart_new (title);
  AiperfKernelSource *first = g_ptr_array_index (sources, 0);
  double largest = 0, scale;
  const char *unit;
  AiperfLayer *zero;

  for (guint s = 1; s < sources->len; s++)
    for (guint i = 0; i < items->len; i++)
      {
        AiperfKernelSource *source = g_ptr_array_index (sources, s);
        const char *item = g_ptr_array_index (items, i);
        AiperfKernelStat *a, *b;
        double delta;

        if (by_category)
          delta = aiperf_kernel_source_category_total (source, item, NULL) -
                  aiperf_kernel_source_category_total (first, item, NULL);
        else
          {
            a = aiperf_kernel_source_find (first, item);
            b = aiperf_kernel_source_find (source, item);
            delta = (b != NULL ? b->total : 0) - (a != NULL ? a->total : 0);
          }
        largest = MAX (largest, fabs (delta));
      }
  unit = aiperf_kernel_time_unit (largest, &scale);
  if (by_category)
    {
      aiperf_axis_set_categories (&panel->x, (const char * const *) labels->pdata, labels->len);
      aiperf_axis_set_label (&panel->y, _("Change in Total Time"), unit);
    }
  else
    {
      aiperf_axis_set_categories (&panel->y, (const char * const *) labels->pdata, labels->len);
      aiperf_axis_set_label (&panel->x, _("Change in Total Time"), unit);
    }
  for (guint s = 1; s < sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (sources, s);
      int series = source_series (panel, source, sources->len - 1, colors, AIPERF_LAYER_BARS);
      AiperfLayer *layer = aiperf_chart_add_layer (panel, by_category ? AIPERF_LAYER_BARS : AIPERF_LAYER_HBARS, series);

      ((AiperfSeries *) g_ptr_array_index (panel->series, series))->in_legend = FALSE;
      layer->pickable = TRUE;
      layer->fill_opacity = 0.85;
      aiperf_layer_set_group (layer, by_category ? s - 1 : sources->len - 1 - s, sources->len - 1);
      for (guint i = 0; i < items->len; i++)
        {
          const char *item = g_ptr_array_index (items, i);
          double before, after, calls_before = 0, calls_after = 0;

          if (by_category)
            {
              before = aiperf_kernel_source_category_total (first, item, NULL);
              after = aiperf_kernel_source_category_total (source, item, NULL);
              aiperf_layer_append_bar (layer, i, BAR_WIDTH, (after - before) / scale, (int) i);
            }
          else
            {
              AiperfKernelStat *a = aiperf_kernel_source_find (first, item);
              AiperfKernelStat *b = aiperf_kernel_source_find (source, item);

              before = a != NULL ? a->total : 0;
              after = b != NULL ? b->total : 0;
              aiperf_layer_append_hbar (layer, items->len - 1 - i, BAR_WIDTH, (after - before) / scale,
                                        NAN, NAN, (int) i);
            }
          if (by_category)
            {
              aiperf_kernel_source_category_total (first, item, &calls_before);
              aiperf_kernel_source_category_total (source, item, &calls_after);
            }
          else
            {
              AiperfKernelStat *a = aiperf_kernel_source_find (first, item);
              AiperfKernelStat *b = aiperf_kernel_source_find (source, item);

              calls_before = a != NULL ? a->calls : 0;
              calls_after = b != NULL ? b->calls : 0;
            }
          calls_before = isnan (calls_before) ? 0 : calls_before;
          calls_after = isnan (calls_after) ? 0 : calls_after;
          set_hover (layer, aiperf_layer_get_n (layer) - 1,
                     g_strdup_printf (_("%s: %+.1f%% against %s · %.0f → %.0f calls (%+.0f)"), item,
                                      before > 0 ? 100.0 * (after - before) / before : NAN, first->label,
                                      calls_before, calls_after, calls_after - calls_before));
        }
    }
  /* No change is the line to read the bars against. */
  zero = aiperf_chart_add_layer (panel, by_category ? AIPERF_LAYER_HLINE : AIPERF_LAYER_VLINE, -1);
  aiperf_layer_append_rule (zero, 0.0, NULL);
  return panel;
}

/* The parts of the GPU time breakdown a delta bar is drawn for (indices
 * into aiperf_kernel_breakdown_types): the window's total is left out,
 * its parts add up to it. */
static const struct {
  guint       part;
  const char *label;
} breakdown_bars[] = {
  { 0, N_("Computation") },
  { 1, N_("Exposed comm.") },
  { 2, N_("Exposed memcpy") },
  { 3, N_("Busy") },
  { 4, N_("Idle") },
};

/* Bars of (source − first source) per part of the GPU time breakdown
 * (TraceLens's gpu_timeline rows); NULL unless every source has one. */
static AiperfChart *
breakdown_panel (GPtrArray        *sources,
                 AiperfPlotColors *colors)
{
  /* Its definition in its title: the chart's caption is the kernels'. */
  g_autoptr(AiperfChart) panel = aiperf_chart_new (_("GPU Time (TraceLens's gpu_timeline, GPU-side steps)"));
  g_autofree double *ms = g_new (double, sources->len * AIPERF_KERNEL_N_BREAKDOWN);
  const char *labels[G_N_ELEMENTS (breakdown_bars)];
  double largest = 0, scale = 1;
  const char *unit = "ms";
  AiperfLayer *zero;

  for (guint s = 0; s < sources->len; s++)
    if (!aiperf_kernel_source_breakdown (g_ptr_array_index (sources, s), TRUE, ms + s * AIPERF_KERNEL_N_BREAKDOWN))
      return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (breakdown_bars); i++)
    {
      labels[i] = _(breakdown_bars[i].label);
      for (guint s = 1; s < sources->len; s++)
        largest = MAX (largest, fabs (ms[s * AIPERF_KERNEL_N_BREAKDOWN + breakdown_bars[i].part] -
                                      ms[breakdown_bars[i].part]));
    }
  /* In the kernels' units: ns per unit, from ms. */
  unit = aiperf_kernel_time_unit (largest * 1e6, &scale);
  scale /= 1e6;
  aiperf_axis_set_categories (&panel->x, labels, G_N_ELEMENTS (labels));
  aiperf_axis_set_label (&panel->y, _("Change in Time"), unit);
  for (guint s = 1; s < sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (sources, s);
      int series = source_series (panel, source, sources->len - 1, colors, AIPERF_LAYER_BARS);
      AiperfLayer *layer = aiperf_chart_add_layer (panel, AIPERF_LAYER_BARS, series);

      ((AiperfSeries *) g_ptr_array_index (panel->series, series))->in_legend = FALSE;
      layer->pickable = TRUE;
      layer->fill_opacity = 0.85;
      aiperf_layer_set_group (layer, s - 1, sources->len - 1);
      for (guint i = 0; i < G_N_ELEMENTS (breakdown_bars); i++)
        {
          double before = ms[breakdown_bars[i].part], after = ms[s * AIPERF_KERNEL_N_BREAKDOWN + breakdown_bars[i].part];

          aiperf_layer_append_bar (layer, i, BAR_WIDTH, (after - before) / scale, (int) i);
          set_hover (layer, aiperf_layer_get_n (layer) - 1,
                     g_strdup_printf (_("%s: %.3f → %.3f ms (%+.3f ms) against %s"), labels[i], before, after,
                                      after - before, ((AiperfKernelSource *) g_ptr_array_index (sources, 0))->label));
        }
    }
  zero = aiperf_chart_add_layer (panel, AIPERF_LAYER_HLINE, -1);
  aiperf_layer_append_rule (zero, 0.0, NULL);
  return g_steal_pointer (&panel);
}

/* The @n kernels whose total changed most against the first source. */
static GPtrArray *
most_changed (AiperfKernelData *data,
              GPtrArray        *sources,
              guint             n)
{
  AiperfKernelSource *first = g_ptr_array_index (sources, 0);
  GPtrArray *all = aiperf_kernel_data_ranked_names (data);
  g_autoptr(GArray) ranked = g_array_new (FALSE, FALSE, sizeof (AiperfKernelRank));

  for (guint i = 0; i < all->len; i++)
    {
      const char *name = g_ptr_array_index (all, i);
      AiperfKernelStat *a = aiperf_kernel_source_find (first, name);
      AiperfKernelRank r = { name, 0 };

      for (guint s = 1; s < sources->len; s++)
        {
          AiperfKernelStat *b = aiperf_kernel_source_find (g_ptr_array_index (sources, s), name);

          r.value = MAX (r.value, fabs ((b != NULL ? b->total : 0) - (a != NULL ? a->total : 0)));
        }
      if (r.value > 0)
        g_array_append_val (ranked, r);
    }
  return aiperf_kernel_sorted_names (ranked, n);
}

AiperfChart *
aiperf_handler_kernel_deltas (const AiperfPlotSpec       *spec,
                              AiperfRunSet               *runs,
                              const AiperfClassification *classification,
                              AiperfPlotColors           *colors,
                              GError                    **error)
{
  g_autoptr(AiperfKernelData) data = load_data (runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GPtrArray) categories = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GPtrArray) shorts = NULL;
  g_autoptr(GPtrArray) reversed = g_ptr_array_new ();
  GPtrArray *sources;
  AiperfKernelSource *first;
  AiperfChart *breakdown;
  g_autofree char *note = NULL;

  (void) classification;
  if (data == NULL)
    return NULL;
  sources = compared_sources (data);
  if (sources->len < 2)
    return aiperf_plot_no_data (error, _("the changes need two or more kernel summaries"));
  first = g_ptr_array_index (sources, 0);
  for (guint c = 0; c < data->categories->len; c++)
    for (guint s = 0; s < sources->len; s++)
      if (aiperf_kernel_source_category_total (g_ptr_array_index (sources, s),
                                               g_ptr_array_index (data->categories, c), NULL) > 0)
        {
          g_ptr_array_add (categories, g_ptr_array_index (data->categories, c));
          break;
        }
  names = most_changed (data, sources, spec_count (spec, "top", 10));
  shorts = unique_short_names (names);
  for (guint i = shorts->len; i-- > 0;)
    g_ptr_array_add (reversed, g_ptr_array_index (shorts, i));

  chart = aiperf_plot_chart_new (spec, _("Kernel Time Changes"));
  note = sources->len == 2
           ? g_strdup_printf (_("%s minus %s (the baseline: opened first). %s"),
                              ((AiperfKernelSource *) g_ptr_array_index (sources, 1))->label, first->label, caveat ())
           : g_strdup_printf (_("Each summary minus %s (the baseline: opened first). %s"), first->label, caveat ());
  chart->note = g_steal_pointer (&note);
  for (guint s = 1; s < sources->len; s++)
    source_series (chart, g_ptr_array_index (sources, s), sources->len - 1, colors, AIPERF_LAYER_BARS);
  aiperf_chart_add_panel (chart, delta_panel (_("By Category"), sources, categories, categories, TRUE, colors));
  if (names->len > 0)
    aiperf_chart_add_panel (chart, delta_panel (_("Kernels That Changed Most"), sources, names, reversed, FALSE, colors));
  breakdown = breakdown_panel (sources, colors);
  if (breakdown != NULL)
    aiperf_chart_add_panel (chart, breakdown);
  chart->panel_columns = 2;
  return g_steal_pointer (&chart);
}

/* --- gpu_timeline: a TraceLens report's GPU time breakdown --- */

/* The parts gpu_timeline.csv splits the window into (they add up to
 * total_time): what each bar is. */
static const struct {
  const char *type;
  const char *label;
} timeline_parts[] = {
  { "computation_time", N_("Computation") },
  { "exposed_comm_time", N_("Exposed communication") },
  { "exposed_memcpy_time", N_("Exposed memcpy") },
  { "idle_time", N_("Idle") },
};

/* The runs of @runs (in open order) with a GPU timeline. */
static GPtrArray *
timeline_sources (AiperfRunSet *runs)
{
  GPtrArray *sources = g_ptr_array_new ();

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    if (aiperf_run_get_table (aiperf_run_set_get_run (runs, i), AIPERF_TRACELENS_DATASET_TIMELINE) != NULL)
      g_ptr_array_add (sources, aiperf_run_set_get_run (runs, i));
  /* insertion sort: stable, by open order (unknown last) */
  for (guint a = 1; a < sources->len; a++)
    for (guint b = a; b > 0; b--)
      {
        gpointer here = g_ptr_array_index (sources, b), before = g_ptr_array_index (sources, b - 1);
        guint ob = aiperf_run_get_open_order (here), oa = aiperf_run_get_open_order (before);

        if (ob == 0 || (oa != 0 && oa <= ob))
          break;
        sources->pdata[b] = before;
        sources->pdata[b - 1] = here;
      }
  return sources;
}

/* The time (ms) and percent of @type in @timeline; FALSE when absent. */
static gboolean
timeline_value (AiperfTable *timeline,
                const char  *type,
                double      *ms,
                double      *percent)
{
  int t = aiperf_table_find_column (timeline, AIPERF_TRACELENS_TIMELINE_TYPE);
  int m = aiperf_table_find_column (timeline, AIPERF_TRACELENS_TIMELINE_MS);
  int p = aiperf_table_find_column (timeline, AIPERF_TRACELENS_TIMELINE_PERCENT);

  for (guint r = 0; t >= 0 && m >= 0 && r < aiperf_table_get_n_rows (timeline); r++)
    if (g_strcmp0 (aiperf_table_get_string (timeline, t, r), type) == 0)
      {
        *ms = aiperf_table_get (timeline, m, r);
        *percent = p >= 0 ? aiperf_table_get (timeline, p, r) : NAN;
        return isfinite (*ms);
      }
  return FALSE;
}

gboolean
aiperf_handler_gpu_timeline_applies (const AiperfPlotSpec *spec,
                                     AiperfRunSet         *runs)
{
  g_autoptr(GPtrArray) sources = timeline_sources (runs);

  (void) spec;
  return sources->len > 0;
}

/* Bars of the window's parts, in % of it, one per report. */
AiperfChart *
aiperf_handler_gpu_timeline (const AiperfPlotSpec       *spec,
                             AiperfRunSet               *runs,
                             const AiperfClassification *classification,
                             AiperfPlotColors           *colors,
                             GError                    **error)
{
  g_autoptr(GPtrArray) sources = timeline_sources (runs);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GString) windows = g_string_new (NULL);
  const char *labels[G_N_ELEMENTS (timeline_parts)];

  (void) classification;
  if (sources->len == 0)
    return aiperf_plot_no_data (error, _("no TraceLens GPU timeline (gpu_timeline.csv)"));
  for (guint i = 0; i < G_N_ELEMENTS (timeline_parts); i++)
    labels[i] = _(timeline_parts[i].label);
  chart = aiperf_plot_chart_new (spec, _("GPU Time Breakdown"));
  aiperf_axis_set_categories (&chart->x, labels, G_N_ELEMENTS (labels));
  aiperf_axis_set_label (&chart->x, _("Part of the profiled window"), NULL);
  aiperf_axis_set_label (&chart->y, _("Share of the window"), "%");
  chart->y.include_zero = TRUE;
  for (guint s = 0; s < sources->len; s++)
    {
      AiperfRun *run = g_ptr_array_index (sources, s);
      AiperfTable *timeline = aiperf_run_get_table (run, AIPERF_TRACELENS_DATASET_TIMELINE);
      const char *name = aiperf_run_get_name (run);
      AiperfColor color = aiperf_color_palette (colors != NULL ? aiperf_plot_colors_get (colors, name) : s);
      int series = aiperf_chart_add_series (chart, name, color, AIPERF_LAYER_BARS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);
      double total_ms, total_pct;

      if (sources->len < 2)
        ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend = FALSE;
      layer->pickable = TRUE;
      layer->fill_opacity = 0.85;
      aiperf_layer_set_group (layer, s, sources->len);
      if (!timeline_value (timeline, "total_time", &total_ms, &total_pct) || !(total_ms > 0))
        continue;
      {
        g_autofree char *total = aiperf_number_format (total_ms, 6);

        g_string_append_printf (windows, "%s%s %s ms", windows->len > 0 ? ", " : "", name, total);
      }
      for (guint i = 0; i < G_N_ELEMENTS (timeline_parts); i++)
        {
          double ms, pct;

          if (!timeline_value (timeline, timeline_parts[i].type, &ms, &pct))
            continue;
          /* the file's percent when it has one, else the share of total_time */
          if (!isfinite (pct))
            pct = 100.0 * ms / total_ms;
          aiperf_layer_append_bar (layer, i, BAR_WIDTH, pct, (int) i);
          {
            g_autofree char *part = aiperf_number_format (ms, 6);
            g_autofree char *total = aiperf_number_format (total_ms, 6);

            set_hover (layer, aiperf_layer_get_n (layer) - 1, g_strdup_printf (_("%s ms of %s ms"), part, total));
          }
        }
    }
  chart->note = g_strdup_printf (_("TraceLens gpu_timeline.csv: computation = kernels and memsets; communication = "
                                   "NCCL/RCCL kernels; exposed = not overlapped by computation; idle = the rest "
                                   "of the window (%s). The parts add up to the window."), windows->str);
  return g_steal_pointer (&chart);
}
