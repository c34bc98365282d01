/* aiperf-handler-gemm-heatmap.c — GEMM heatmaps: batch size (or M) by
 * layer shape, coloured by achieved TFLOP/s or % of attainable, one panel
 * per dtype (or one chart when the preset is split per dtype).
 *
 * Keys: rows (auto | batch_size | M; auto is batch_size when the rows
 * have one), color (auto | tflops | efficiency; auto is efficiency when a
 * GPU is known), max_categories (40).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-gemm-private.h"
#include "aiperf-number.h"

#define DEFAULT_MAX_CATEGORIES 40
#define MAX_ANNOTATED_CELLS    300

typedef struct {
  char   *name;
  double  order;   /* sort key: the row value, or N·K for a shape */
  guint   count;
  int     index;   /* position on the axis, -1 when not shown */
} Category;

static void
category_free (gpointer p)
{
  Category *c = p;

  g_free (c->name);
  g_free (c);
}

static int
by_order (gconstpointer a,
          gconstpointer b)
{
  const Category *ca = *(Category * const *) a, *cb = *(Category * const *) b;

  if (ca->order != cb->order)
    return ca->order < cb->order ? -1 : 1;
  return strcmp (ca->name, cb->name);
}

static int
by_count (gconstpointer a,
          gconstpointer b)
{
  const Category *ca = *(Category * const *) a, *cb = *(Category * const *) b;

  return ca->count != cb->count ? (ca->count > cb->count ? -1 : 1) : by_order (a, b);
}

/* The layer shape of a row: its layer tag, else N×K (the weight's shape),
 * into @buf (no allocation: it runs once per row). */
static const char *
shape_of (const AiperfGemmPoint *p,
          char                  *buf,
          gsize                  size)
{
  if (p->layer != NULL)
    return p->layer;
  /* %g, not a cast to an integer: a file can give sizes past gint64. */
  g_snprintf (buf, size, "%.15g×%.15g", p->N, p->K);
  return buf;
}

static const char *
row_name (double  r,
          char   *buf,
          gsize   size)
{
  if (r == floor (r) && fabs (r) < 1e15)
    g_snprintf (buf, size, "%" G_GINT64_FORMAT, (gint64) r);
  else
    g_ascii_formatd (buf, size, "%g", r);
  return buf;
}

static double
row_value (const AiperfGemmPoint *p,
           gboolean               by_batch_size)
{
  return by_batch_size ? p->batch_size : p->M;
}

/* Distinct categories: the @max most frequent, then in their natural
 * order; each gets its axis position (the table keeps owning them). */
static GPtrArray *
categories (GHashTable *table,
            guint       max,
            guint      *out_total)
{
  GPtrArray *list = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (list, value);
  *out_total = list->len;
  if (list->len > max)
    {
      g_ptr_array_sort (list, by_count);
      g_ptr_array_set_size (list, max);
    }
  g_ptr_array_sort (list, by_order);
  for (guint i = 0; i < list->len; i++)
    ((Category *) g_ptr_array_index (list, i))->index = (int) i;
  return list;
}

static void
count (GHashTable *table,
       const char *name,
       double      order)
{
  Category *c = g_hash_table_lookup (table, name);

  if (c == NULL)
    {
      c = g_new0 (Category, 1);
      c->name = g_strdup (name);
      c->order = order;
      c->index = -1;
      g_hash_table_insert (table, c->name, c);
    }
  c->count++;
}

static int
index_of (GHashTable *table,
          const char *name)
{
  Category *c = g_hash_table_lookup (table, name);

  return c != NULL ? c->index : -1;
}

/* Whether the rows of @dtype come from more than one input (TraceLens's
 * GEMM sheets of an H100 and an MI300 run): a cell must not be the mean
 * of two GPUs' measurements. */
static gboolean
several_inputs (AiperfGemmData *data,
                const char     *dtype,
                gboolean        by_batch_size)
{
  int first = -1;

  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);

      if ((dtype != NULL && g_strcmp0 (p->dtype, dtype) != 0) || !isfinite (row_value (p, by_batch_size)))
        continue;
      if (first < 0)
        first = p->run;
      else if (p->run != first)
        return TRUE;
    }
  return FALSE;
}

/* A heatmap row: "8944", or "8944 · h100" with the input's label when
 * rows of several inputs are in one heatmap (each input its own row,
 * ordered by value, then by input). */
static const char *
row_key (AiperfGemmData        *data,
         const AiperfGemmPoint *p,
         double                 r,
         gboolean               by_input,
         char                  *buf,
         gsize                  size,
         double                *out_order)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  row_name (r, number, sizeof number);
  *out_order = by_input ? r + 1e-3 * p->run / (data->run_labels->len + 1) : r;
  if (!by_input)
    g_strlcpy (buf, number, size);
  else
    g_snprintf (buf, size, "%s · %s", number, (const char *) g_ptr_array_index (data->run_labels, p->run));
  return buf;
}

/* One heatmap of the rows of @dtype (NULL: all). */
static AiperfChart *
heatmap (AiperfGemmData *data,
         const char     *title,
         const char     *dtype,
         gboolean        by_batch_size,
         gboolean        efficiency,
         guint           max_categories,
         GString        *trimmed,
         gboolean       *top_noted,
         guint          *out_no_row,
         guint          *out_mean,
         guint          *out_mixed)
{
  g_autoptr(GHashTable) shapes_seen = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, category_free);
  g_autoptr(GHashTable) rows_seen = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, category_free);
  char shape_buf[64], row_buf[G_ASCII_DTOSTR_BUF_SIZE + 256];
  gboolean by_input = several_inputs (data, dtype, by_batch_size);
  double order;
  g_autoptr(GPtrArray) shapes = NULL, rows = NULL, shape_names = NULL, row_names = NULL;
  g_autofree double *sum = NULL;
  g_autofree guint *n = NULL;
  g_autofree const char **model = NULL;
  g_autofree gboolean *mixed = NULL;
  AiperfChart *chart;
  AiperfLayer *cells, *hover, *text = NULL;
  guint n_shapes, n_rows, n_filled = 0, n_no_row = 0;

  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);
      double r = row_value (p, by_batch_size);

      if (dtype != NULL && g_strcmp0 (p->dtype, dtype) != 0)
        continue;
      if (!isfinite (r))
        {
          n_no_row++;
          continue;
        }
      count (shapes_seen, shape_of (p, shape_buf, sizeof shape_buf), p->N * p->K);
      row_key (data, p, r, by_input, row_buf, sizeof row_buf, &order);
      count (rows_seen, row_buf, order);
    }
  *out_no_row += n_no_row;
  shapes = categories (shapes_seen, max_categories, &n_shapes);
  rows = categories (rows_seen, max_categories, &n_rows);
  if (shapes->len == 0 || rows->len == 0)
    return NULL;
  /* once for all panels: a flag, as the note may be translated */
  if ((n_shapes > shapes->len || n_rows > rows->len) && !*top_noted)
    {
      *top_noted = TRUE;
      g_string_append_printf (trimmed, _("%sthe %u most frequent shapes and %u most frequent rows are shown"),
                              trimmed->len > 0 ? " · " : "", shapes->len, rows->len);
    }

  sum = g_new0 (double, shapes->len * rows->len);
  n = g_new0 (guint, shapes->len * rows->len);
  model = g_new0 (const char *, shapes->len * rows->len);
  mixed = g_new0 (gboolean, shapes->len * rows->len);
  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);
      double r = row_value (p, by_batch_size);
      double v = efficiency ? 100 * p->efficiency : p->tflops;
      int x, y;

      if ((dtype != NULL && g_strcmp0 (p->dtype, dtype) != 0) || !isfinite (r) || !isfinite (v))
        continue;
      x = index_of (shapes_seen, shape_of (p, shape_buf, sizeof shape_buf));
      y = index_of (rows_seen, row_key (data, p, r, by_input, row_buf, sizeof row_buf, &order));
      if (x < 0 || y < 0)
        continue;
      sum[y * shapes->len + x] += v;
      /* rows of two models in one cell: said in the note */
      if (n[y * shapes->len + x]++ == 0)
        model[y * shapes->len + x] = p->model;
      else if (g_strcmp0 (model[y * shapes->len + x], p->model) != 0)
        mixed[y * shapes->len + x] = TRUE;
    }

  chart = aiperf_chart_new (title);
  shape_names = g_ptr_array_new ();
  row_names = g_ptr_array_new ();
  for (guint i = 0; i < shapes->len; i++)
    g_ptr_array_add (shape_names, ((Category *) g_ptr_array_index (shapes, i))->name);
  for (guint i = 0; i < rows->len; i++)
    g_ptr_array_add (row_names, ((Category *) g_ptr_array_index (rows, i))->name);
  aiperf_axis_set_categories (&chart->x, (const char * const *) shape_names->pdata, shape_names->len);
  aiperf_axis_set_categories (&chart->y, (const char * const *) row_names->pdata, row_names->len);
  aiperf_axis_set_label (&chart->x, _("Layer shape (N×K)"), NULL);
  aiperf_axis_set_label (&chart->y, by_batch_size ? _("Batch size") : "M", NULL);
  chart->has_color_scale = TRUE;
  if (efficiency)
    {
      aiperf_axis_set_label (&chart->color_axis, _("Efficiency"),
                             /* xgettext:no-c-format */
                             _("% of attainable"));
      aiperf_axis_set_range (&chart->color_axis, 0, 100);
    }
  else
    aiperf_axis_set_label (&chart->color_axis, _("Achieved"), "TFLOP/s");
  cells = aiperf_chart_add_layer (chart, AIPERF_LAYER_CELLS, -1);
  /* Cells are not picked: an invisible point at each centre says what the
   * cell holds when hovered. */
  hover = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, -1);
  hover->pickable = TRUE;
  hover->hover_labels = TRUE;
  hover->opacity = 0;
  hover->marker_size = 1;
  if (shapes->len * rows->len <= MAX_ANNOTATED_CELLS)
    {
      text = aiperf_chart_add_layer (chart, AIPERF_LAYER_TEXT, -1);
      text->color = aiperf_color_role (AIPERF_ROLE_FOREGROUND);
    }
  for (guint y = 0; y < rows->len; y++)
    for (guint x = 0; x < shapes->len; x++)
      {
        guint k = y * shapes->len + x;
        double v;

        if (n[k] == 0)
          continue;
        v = sum[k] / n[k];
        aiperf_layer_append_cell (cells, x - 0.5, x + 0.5, y - 0.5, y + 0.5, v);
        n_filled++;
        *out_mean += n[k] > 1;
        *out_mixed += mixed[k];
        {
          g_autofree char *number = aiperf_number_format (v, 4);
          g_autofree char *what = efficiency
            ? g_strdup_printf (ngettext ("%s · %s %s: %.1f%% of attainable (%u row)",
                                         "%s · %s %s: %.1f%% of attainable (mean of %u rows)", n[k]),
                               (const char *) g_ptr_array_index (shape_names, x),
                               by_batch_size ? _("batch size") : "M",
                               (const char *) g_ptr_array_index (row_names, y), v, n[k])
            : g_strdup_printf (ngettext ("%s · %s %s: %s TFLOP/s (%u row)",
                                         "%s · %s %s: %s TFLOP/s (mean of %u rows)", n[k]),
                               (const char *) g_ptr_array_index (shape_names, x),
                               by_batch_size ? _("batch size") : "M",
                               (const char *) g_ptr_array_index (row_names, y), number, n[k]);

          aiperf_layer_append_labeled (hover, x, y, -1, what);
        }
        if (text != NULL)
          {
            /* a mean of several rows is marked on the cell itself */
            const char *mark = n[k] > 1 ? "*" : "";
            g_autofree char *number = aiperf_number_format (v, 3);
            g_autofree char *label = efficiency ? g_strdup_printf ("%.0f%%%s", v, mark)
                                                : g_strdup_printf ("%s%s", number, mark);

            aiperf_layer_append_labeled (text, x, y, -1, label);
          }
      }
  if (n_filled == 0)
    {
      aiperf_chart_free (chart);
      return NULL;
    }
  return chart;
}

AiperfChart *
aiperf_handler_gemm_heatmap (const AiperfPlotSpec       *spec,
                             AiperfRunSet               *runs,
                             const AiperfClassification *classification,
                             AiperfPlotColors           *colors,
                             GError                    **error)
{
  g_autoptr(AiperfGemmData) data = aiperf_gemm_data_for_spec (spec, runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GString) trimmed = g_string_new (NULL);
  const char *rows = aiperf_plot_spec_get_extra (spec, "rows");
  const char *color = aiperf_plot_spec_get_extra (spec, "color");
  const char *max_text = aiperf_plot_spec_get_extra (spec, "max_categories");
  const char *split_value = aiperf_plot_spec_get_extra (spec, AIPERF_GEMM_OPTION_SPLIT_VALUE);
  guint max_categories = max_text != NULL ? (guint) g_ascii_strtoull (max_text, NULL, 10) : DEFAULT_MAX_CATEGORIES;
  gboolean by_batch_size = FALSE, efficiency;
  g_autofree char *title = NULL;
  guint n_no_row = 0, n_mean = 0, n_mixed = 0;
  gboolean top_noted = FALSE;

  (void) classification;
  (void) colors;
  if (data == NULL)
    return NULL;
  if (data->points->len == 0)
    return aiperf_plot_no_data (error, _("no GEMM row matches the filter %s"), data->filter);
  if (rows == NULL || g_str_equal (rows, "auto") || g_str_equal (rows, "batch_size"))
    for (guint i = 0; i < data->points->len && !by_batch_size; i++)
      by_batch_size = isfinite (g_array_index (data->points, AiperfGemmPoint, i).batch_size);
  if (rows != NULL && g_str_equal (rows, "batch_size") && !by_batch_size)
    g_string_append (trimmed, _("no row has a batch size: rows are M"));
  efficiency = color != NULL && g_str_equal (color, "efficiency");
  if (color == NULL || g_str_equal (color, "auto"))
    efficiency = data->gpu != NULL;
  if (efficiency && data->gpu == NULL)
    return aiperf_plot_no_data (error, "%s", data->gpu_problem);
  max_categories = MAX (max_categories, 1);

  title = spec->title != NULL ? g_strdup (spec->title)
          : efficiency ? g_strdup (_("GEMM Efficiency by Shape")) : g_strdup (_("GEMM TFLOP/s by Shape"));
  if (split_value != NULL || data->dtypes->len <= 1)
    {
      const char *dtype = data->dtypes->len > 0 ? g_ptr_array_index (data->dtypes, 0) : NULL;
      g_autofree char *full = dtype != NULL ? g_strdup_printf ("%s — %s", title, dtype) : g_strdup (title);

      chart = heatmap (data, full, NULL, by_batch_size, efficiency, max_categories, trimmed, &top_noted,
                       &n_no_row, &n_mean, &n_mixed);
    }
  else
    {
      chart = aiperf_chart_new (title);
      for (guint d = 0; d < data->dtypes->len; d++)
        {
          const char *dtype = g_ptr_array_index (data->dtypes, d);
          AiperfChart *panel = heatmap (data, dtype, dtype, by_batch_size, efficiency, max_categories, trimmed,
                                        &top_noted, &n_no_row, &n_mean, &n_mixed);

          if (panel != NULL)
            aiperf_chart_add_panel (chart, panel);
        }
      if (chart->panels == NULL)
        g_clear_pointer (&chart, aiperf_chart_free);
    }
  if (n_no_row > 0)
    g_string_append_printf (trimmed, ngettext ("%s%u row without a batch size is not shown",
                                               "%s%u rows without a batch size are not shown", n_no_row),
                            trimmed->len > 0 ? " · " : "", n_no_row);
  if (n_mean > 0)
    g_string_append_printf (trimmed, ngettext ("%s%u cell (marked *) is the mean of several rows",
                                               "%s%u cells (marked *) are the mean of several rows", n_mean),
                            trimmed->len > 0 ? " · " : "", n_mean);
  if (n_mixed > 0)
    g_string_append_printf (trimmed, ngettext (", %u of them of several models (--filter model=… shows one)",
                                               ", %u of them of several models (--filter model=… shows one)",
                                               n_mixed), n_mixed);
  if (chart == NULL)
    return aiperf_plot_no_data (error, by_batch_size ? _("no GEMM row has a batch size and a value")
                                                     : _("no GEMM row has a value to show"));
  {
    g_autoptr(GString) note = g_string_new (NULL);
    g_autofree char *sources = aiperf_gemm_data_sources (data);

    if (data->gpu_problem != NULL && !efficiency)
      g_string_append (note, data->gpu_problem);
    if (data->filter != NULL)
      g_string_append_printf (note, "%s%s %s", note->len > 0 ? " · " : "", _("Filter:"), data->filter);
    if (efficiency)
      g_string_append_printf (note, "%s%s %s", note->len > 0 ? " · " : "", _("Attainable on"), data->gpu->name);
    if (sources != NULL)
      g_string_append_printf (note, "%s%s", note->len > 0 ? " · " : "", sources);
    if (trimmed->len > 0)
      g_string_append_printf (note, "%s%s", note->len > 0 ? " · " : "", trimmed->str);
    chart->note = aiperf_gemm_note_text (note);
  }
  return g_steal_pointer (&chart);
}
