/* aiperf-handler-tracelens-ops.c — a TraceLens report's kernel time per op
 * (ops_summary.csv): the ops whose own kernels took the most time, a bar
 * per report.
 *
 * TraceLens counts an op's direct kernel time: the kernels it launched
 * itself, not those of the ops it called, so the bars add up to the
 * report's kernel time without counting a kernel twice.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-kernels-private.h"
#include "aiperf-number.h"
#include "aiperf-tracelens.h"

#define BAR_WIDTH 0.8
#define DEFAULT_TOP 15

/* The runs of @runs with an ops sheet, in the run set's order. */
static GPtrArray *
ops_runs (AiperfRunSet *runs)
{
  GPtrArray *found = g_ptr_array_new ();

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    if (aiperf_run_get_table (aiperf_run_set_get_run (runs, i), AIPERF_TRACELENS_DATASET_OPS) != NULL)
      g_ptr_array_add (found, aiperf_run_set_get_run (runs, i));
  return found;
}

gboolean
aiperf_handler_tracelens_ops_applies (const AiperfPlotSpec *spec,
                                      AiperfRunSet         *runs)
{
  g_autoptr(GPtrArray) found = ops_runs (runs);

  (void) spec;
  return found->len > 0;
}

/* The row of @op in @ops, or -1. */
static int
find_op (AiperfTable *ops,
         int          name,
         const char  *op)
{
  for (guint r = 0; r < aiperf_table_get_n_rows (ops); r++)
    if (g_strcmp0 (aiperf_table_get_string (ops, name, r), op) == 0)
      return (int) r;
  return -1;
}

typedef struct {
  const char *op;
  double      largest;  /* ms, over the reports */
} Ranked;

static int
by_largest (gconstpointer a,
            gconstpointer b)
{
  const Ranked *ra = a, *rb = b;

  return ra->largest < rb->largest ? 1 : ra->largest > rb->largest ? -1 : 0;
}

/* Every op of the reports, the one with the most time in any report first. */
static GArray *
ranked_ops (GPtrArray *found)
{
  GArray *ranked = g_array_new (FALSE, FALSE, sizeof (Ranked));
  g_autoptr(GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint s = 0; s < found->len; s++)
    {
      AiperfTable *ops = aiperf_run_get_table (g_ptr_array_index (found, s), AIPERF_TRACELENS_DATASET_OPS);
      int name = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_NAME);
      int ms = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_MS);

      for (guint r = 0; name >= 0 && ms >= 0 && r < aiperf_table_get_n_rows (ops); r++)
        {
          const char *op = aiperf_table_get_string (ops, name, r);
          double value = aiperf_table_get (ops, ms, r);
          gpointer at;

          if (op == NULL || !isfinite (value))
            continue;
          if (g_hash_table_lookup_extended (index, op, NULL, &at))
            {
              Ranked *known = &g_array_index (ranked, Ranked, GPOINTER_TO_UINT (at));

              known->largest = MAX (known->largest, value);
              continue;
            }
          g_hash_table_insert (index, (gpointer) op, GUINT_TO_POINTER (ranked->len));
          g_array_append_val (ranked, ((Ranked) { op, value }));
        }
    }
  g_array_sort (ranked, by_largest);
  return ranked;
}

AiperfChart *
aiperf_handler_tracelens_ops (const AiperfPlotSpec       *spec,
                              AiperfRunSet               *runs,
                              const AiperfClassification *classification,
                              AiperfPlotColors           *colors,
                              GError                    **error)
{
  g_autoptr(GPtrArray) found = ops_runs (runs);
  g_autoptr(GArray) ranked = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(AiperfChart) chart = NULL;
  const char *top_text = aiperf_plot_spec_get_extra (spec, "top");
  guint64 top = DEFAULT_TOP;
  guint shown;

  (void) classification;
  if (found->len == 0)
    return aiperf_plot_no_data (error, _("no TraceLens ops summary (ops_summary.csv)"));
  if (top_text != NULL && !g_ascii_string_to_unsigned (top_text, 10, 1, 200, &top, NULL))
    top = DEFAULT_TOP;
  ranked = ranked_ops (found);
  shown = MIN (ranked->len, (guint) top);
  /* The largest op at the top: category 0 is the bottom row. */
  for (guint i = shown; i-- > 0;)
    g_ptr_array_add (labels, (gpointer) g_array_index (ranked, Ranked, i).op);

  chart = aiperf_plot_chart_new (spec, _("Kernel Time by Op"));
  aiperf_axis_set_categories (&chart->y, (const char * const *) labels->pdata, labels->len);
  aiperf_axis_set_label (&chart->x, _("Direct kernel time"), "ms");
  chart->x.include_zero = TRUE;
  chart->label_title = g_strdup (_("op"));
  chart->note = g_strdup_printf (_("TraceLens ops_summary.csv: the time of the kernels each op launched itself, "
                                   "not those of the ops it called; the %u ops with the most time of %u."),
                                 shown, ranked->len);
  for (guint s = 0; s < found->len; s++)
    {
      AiperfRun *run = g_ptr_array_index (found, s);
      AiperfTable *ops = aiperf_run_get_table (run, AIPERF_TRACELENS_DATASET_OPS);
      int name = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_NAME);
      int ms = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_MS);
      int count = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_COUNT);
      int percent = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_PERCENT);
      int categories = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_CATEGORIES);
      const char *label = aiperf_run_get_name (run);
      AiperfColor color = aiperf_color_palette (colors != NULL ? aiperf_plot_colors_get (colors, label) : s);
      int series = aiperf_chart_add_series (chart, label, color, AIPERF_LAYER_BARS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_HBARS, series);

      if (found->len < 2)
        ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend = FALSE;
      layer->pickable = TRUE;
      layer->fill_opacity = 0.85;
      layer->labels = g_ptr_array_new_with_free_func (g_free);
      /* Slot 0 is the bottom of a row: the first report reads first, on top. */
      aiperf_layer_set_group (layer, found->len - 1 - s, found->len);
      for (guint i = 0; i < shown; i++)
        {
          int r = find_op (ops, name, g_array_index (ranked, Ranked, i).op);
          double value = r >= 0 ? aiperf_table_get (ops, ms, (guint) r) : NAN;
          g_autofree char *time = NULL;

          if (!isfinite (value))
            continue;
          aiperf_layer_append_hbar (layer, shown - 1 - i, BAR_WIDTH, value, NAN, NAN, (int) i);
          time = aiperf_number_format (value, 4);
          g_ptr_array_add (layer->labels,
                           g_strdup_printf (_("%s\n%s ms · %.0f calls · %.2f%% of kernel time · %s"),
                                            g_array_index (ranked, Ranked, i).op, time,
                                            count >= 0 ? aiperf_table_get (ops, count, (guint) r) : NAN,
                                            percent >= 0 ? aiperf_table_get (ops, percent, (guint) r) : NAN,
                                            categories >= 0 && aiperf_table_get_string (ops, categories, (guint) r) != NULL
                                              ? aiperf_table_get_string (ops, categories, (guint) r) : ""));
        }
    }
  return g_steal_pointer (&chart);
}
