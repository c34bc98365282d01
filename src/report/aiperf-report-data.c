/* aiperf-report-data.c — the data an HTML report embeds for its scripts:
 * each chart as drawn (axes, series, layers at their level of detail),
 * with the runs and requests of aiperf-report-runs-json.c.
 *
 * Written by hand rather than with JsonGenerator: numbers get 6
 * significant digits (a 100-run sweep stays small), NaN becomes null, and
 * "<" is escaped everywhere so "</script>" in a run name cannot end the
 * <script> element that holds the data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-plot-names.h"
#include "aiperf-preset-writer.h"
#include "aiperf-report-private.h"
#include "aiperf-session-plot.h"

void
aiperf_report_json_string (GString    *out,
                           const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        /* HTML-significant: the JSON sits inside <script>. */
        case '<': g_string_append (out, "\\u003c"); break;
        case '>': g_string_append (out, "\\u003e"); break;
        case '&': g_string_append (out, "\\u0026"); break;
        default:
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

void
aiperf_report_json_number (GString *out,
                           double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    g_string_append (out, "null");
  else
    g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.6g", value));
}

void
aiperf_report_json_key (GString    *out,
                        const char *key)
{
  aiperf_report_json_string (out, key);
  g_string_append_c (out, ':');
}

/* "[1,2,null]" of @values[0], [stride], … */
void
aiperf_report_json_numbers (GString      *out,
                            const double *values,
                            guint         n,
                            guint         stride)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i += stride)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      aiperf_report_json_number (out, values[i]);
    }
  g_string_append_c (out, ']');
}

static void
json_color (GString           *out,
            const AiperfStyle *style,
            AiperfColor        color,
            double             fade)
{
  AiperfRGBA c = aiperf_style_resolve (style, color);

  if (fade > 0)
    c = aiperf_style_fade (style, c, fade);

  /* "#rrggbbaa": no decimal mark, whatever the locale */
  g_string_append_printf (out, "\"#%02x%02x%02x%02x\"", (int) lround (CLAMP (c.r, 0, 1) * 255),
                          (int) lround (CLAMP (c.g, 0, 1) * 255), (int) lround (CLAMP (c.b, 0, 1) * 255),
                          (int) lround (CLAMP (c.a, 0, 1) * 255));
}

static void
json_axis (GString          *out,
           const AiperfAxis *axis)
{
  g_string_append_c (out, '{');
  aiperf_report_json_key (out, "title");
  aiperf_report_json_string (out, axis->title);
  g_string_append_c (out, ',');
  aiperf_report_json_key (out, "unit");
  aiperf_report_json_string (out, axis->unit);
  g_string_append_printf (out, ",\"log\":%s,\"zero\":%s,\"integer\":%s",
                          axis->scale == AIPERF_SCALE_LOG ? "true" : "false",
                          axis->include_zero ? "true" : "false",
                          axis->integer_ticks ? "true" : "false");
  if (axis->fixed_range)
    {
      g_string_append (out, ",\"range\":[");
      aiperf_report_json_number (out, axis->min);
      g_string_append_c (out, ',');
      aiperf_report_json_number (out, axis->max);
      g_string_append_c (out, ']');
    }
  if (axis->tick_positions != NULL && axis->tick_labels != NULL)
    {
      g_string_append (out, ",\"ticks\":[");
      for (guint i = 0; i < axis->tick_positions->len && i < axis->tick_labels->len; i++)
        {
          g_string_append (out, i > 0 ? ",[" : "[");
          aiperf_report_json_number (out, g_array_index (axis->tick_positions, double, i));
          g_string_append_c (out, ',');
          aiperf_report_json_string (out, g_ptr_array_index (axis->tick_labels, i));
          g_string_append_c (out, ']');
        }
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, '}');
}

static const char * const layer_kinds[] = {
  [AIPERF_LAYER_POINTS] = "points",
  [AIPERF_LAYER_LINE] = "line",
  [AIPERF_LAYER_STEP] = "step",
  [AIPERF_LAYER_AREA] = "area",
  [AIPERF_LAYER_SEGMENTS] = "segments",
  [AIPERF_LAYER_ERROR_BARS] = "errors",
  [AIPERF_LAYER_BAND] = "band",
  [AIPERF_LAYER_BARS] = "bars",
  [AIPERF_LAYER_BOXES] = "boxes",
  [AIPERF_LAYER_CELLS] = "cells",
  [AIPERF_LAYER_ELLIPSES] = "ellipses",
  [AIPERF_LAYER_HLINE] = "hline",
  [AIPERF_LAYER_TEXT] = "text",
  [AIPERF_LAYER_HBARS] = "hbars",
  [AIPERF_LAYER_VLINE] = "vline",
};

/* ",\"name\":[…]" of @values at @rows (guint; NULL: every row). */
static void
json_array_field (GString    *out,
                  const char *name,
                  GArray     *values,
                  GArray     *rows)
{
  guint n;

  if (values == NULL)
    return;
  n = rows != NULL ? rows->len : values->len;
  g_string_append_printf (out, ",\"%s\":[", name);
  for (guint k = 0; k < n; k++)
    {
      guint i = rows != NULL ? g_array_index (rows, guint, k) : k;

      if (k > 0)
        g_string_append_c (out, ',');
      aiperf_report_json_number (out, i < values->len ? g_array_index (values, double, i) : NAN);
    }
  g_string_append_c (out, ']');
}

/* The finer levels of a report: past this many items in all (about
 * 11 bytes each), further thinned layers have none and the page zooms in on
 * the grid it was given; a bigger layer has none either. */
#define FINE_BUDGET    150000
#define FINE_MAX_ITEMS 100000

/* Where the finer levels go: beside the page's data, each in a <script>
 * of its own that the page parses only when the reader zooms in. */
typedef struct {
  GString *out;
  guint    next;     /* ids: "fine-1", … */
  guint    budget;   /* items left */
} FineLevels;

/* @values as little-endian floats in base64: 4-byte ones when they keep
 * a ten-thousandth of their span (times from a run's start, latencies),
 * else 8-byte ones (epoch seconds). */
static void
json_base64_values (GString    *out,
                    const char *key,
                    GArray     *values)
{
  double lo = INFINITY, hi = -INFINITY, big = 0;
  gboolean wide;
  gsize size;
  g_autofree guchar *bytes = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < values->len; i++)
    {
      double v = g_array_index (values, double, i);

      if (!isfinite (v))
        continue;
      lo = MIN (lo, v);
      hi = MAX (hi, v);
      big = MAX (big, fabs (v));
    }
  /* a float's 24 bits: 6e-8 of its magnitude */
  wide = hi > lo && big * 6e-8 > (hi - lo) * 1e-4;
  size = values->len * (wide ? 8 : 4);
  bytes = g_malloc (MAX (size, 1));
  for (guint i = 0; i < values->len; i++)
    {
      double v = g_array_index (values, double, i);

      if (wide)
        {
          union { double d; guint64 u; } w = { .d = v };
          guint64 le = GUINT64_TO_LE (w.u);

          memcpy (bytes + 8 * (gsize) i, &le, 8);
        }
      else
        {
          union { float f; guint32 u; } w = { .f = (float) v };
          guint32 le = GUINT32_TO_LE (w.u);

          memcpy (bytes + 4 * (gsize) i, &le, 4);
        }
    }
  text = g_base64_encode (bytes, size);
  g_string_append_printf (out, ",\"%s%s\":\"%s\"", key, wide ? "64" : "32", text);
}

/* The finer level of a thinned layer of one run's data (a 20,000-request
 * run's requests, its GPU telemetry): every item, in base64, for the page
 * to draw where the reader zooms in beyond the grid embedded. Layers of
 * runs (hidden by the run checkboxes) and labelled ones keep the grid. */
static void
json_fine_level (GString           *out,
                 FineLevels        *fine,
                 const AiperfLayer *layer,
                 GArray            *ids,
                 GArray            *run_of)
{
  guint n = aiperf_layer_get_n (layer);

  if (fine == NULL || run_of != NULL || layer->labels != NULL || n > FINE_MAX_ITEMS || n > fine->budget ||
      layer->x == NULL || layer->y == NULL ||
      (layer->kind != AIPERF_LAYER_LINE && layer->kind != AIPERF_LAYER_STEP && layer->kind != AIPERF_LAYER_AREA &&
       layer->kind != AIPERF_LAYER_POINTS && layer->kind != AIPERF_LAYER_SEGMENTS) ||
      (layer->kind == AIPERF_LAYER_SEGMENTS && layer->x2 == NULL))
    return;
  fine->budget -= n;
  fine->next++;
  /* the grid embedded: columns across the layer's x (aiperf-report-lod.c) */
  g_string_append_printf (out, ",\"fine\":{\"n\":%u,\"columns\":%u,\"ref\":\"fine-%u\"}", n,
                          layer->kind == AIPERF_LAYER_POINTS || layer->kind == AIPERF_LAYER_SEGMENTS
                            ? AIPERF_REPORT_LOD_COLUMNS / 2 : AIPERF_REPORT_LOD_COLUMNS,
                          fine->next);
  g_string_append_printf (fine->out, "<script type=\"application/json\" id=\"fine-%u\">{\"n\":%u", fine->next, n);
  out = fine->out;
  json_base64_values (out, "x", layer->x);
  json_base64_values (out, "y", layer->y);
  if (layer->kind == AIPERF_LAYER_SEGMENTS)
    json_base64_values (out, "x2", layer->x2);
  /* ids that are the items' positions (a run's requests) go without saying */
  for (guint i = 0; ids != NULL && i < ids->len && g_array_index (ids, int, i) == (int) i; i++)
    if (i + 1 == ids->len)
      ids = NULL;
  if (ids != NULL && ids->len == n)
    {
      g_autoptr(GArray) as_double = g_array_sized_new (FALSE, FALSE, sizeof (double), n);

      for (guint i = 0; i < n; i++)
        {
          double v = g_array_index (ids, int, i);

          g_array_append_val (as_double, v);
        }
      json_base64_values (out, "ids", as_double);
    }
  g_string_append (out, "}</script>\n");
}

/* An embedded layer. Its items carry their own ids (a request, a kernel,
 * an expert, a GEMM row: whatever the chart's id_kind says) and, only when
 * @run_of is given (the ids are run positions in the chart's runs), the
 * report's run each item belongs to, so hiding a run hides exactly its
 * items and nothing else. @ids: the layer's, or borrowed (error bars at
 * their run's markers). "n" is how many items the renderer draws of the
 * whole layer; "lod" how many of them are embedded when it was thinned.
 * Returns TRUE when it was. */
static gboolean
json_layer (GString           *out,
            FineLevels        *fine,
            const AiperfStyle *style,
            const AiperfLayer *layer,
            GArray            *ids,
            gboolean           log_x,
            gboolean           log_y,
            GArray            *run_of)
{
  g_autoptr(GArray) rows = aiperf_report_layer_lod (layer, log_x, log_y);
  guint n = rows != NULL ? rows->len : aiperf_layer_get_n (layer);

  g_string_append (out, "{\"kind\":");
  aiperf_report_json_string (out, layer->kind < G_N_ELEMENTS (layer_kinds) ? layer_kinds[layer->kind] : "other");
  g_string_append_printf (out, ",\"series\":%d,\"y2\":%s,\"pick\":%s,\"dashed\":%s,\"step\":%s,"
                               "\"hover_labels\":%s,\"group\":%u,\"groups\":%u,\"n\":%u,",
                          layer->series, layer->on_y2 ? "true" : "false", layer->pickable ? "true" : "false",
                          layer->dashed ? "true" : "false", layer->step ? "true" : "false",
                          layer->hover_labels ? "true" : "false", layer->group, layer->n_groups,
                          aiperf_report_layer_count_drawable (layer));
  if (rows != NULL)
    {
      guint kept = 0;

      for (guint k = 0; k < rows->len; k++)
        kept += aiperf_report_item_drawable (layer, g_array_index (rows, guint, k));
      g_string_append_printf (out, "\"lod\":%u,", kept);
    }
  g_string_append (out, "\"width\":");
  aiperf_report_json_number (out, layer->line_width);
  g_string_append (out, ",\"size\":");
  aiperf_report_json_number (out, layer->marker_size);
  g_string_append (out, ",\"opacity\":");
  aiperf_report_json_number (out, layer->opacity);
  g_string_append (out, ",\"fill\":");
  aiperf_report_json_number (out, layer->fill_opacity);
  g_string_append (out, ",\"color\":");
  json_color (out, style, layer->color, layer->fade);
  json_array_field (out, "x", layer->x, rows);
  json_array_field (out, "y", layer->y, rows);
  json_array_field (out, "x2", layer->x2, rows);
  json_array_field (out, "lo", layer->lo, rows);
  json_array_field (out, "hi", layer->hi, rows);
  json_array_field (out, "xlo", layer->xlo, rows);
  json_array_field (out, "xhi", layer->xhi, rows);
  json_array_field (out, "value", layer->value, rows);
  if (ids != NULL)
    {
      g_string_append (out, ",\"ids\":[");
      for (guint k = 0; k < n; k++)
        {
          guint i = rows != NULL ? g_array_index (rows, guint, k) : k;

          g_string_append_printf (out, "%s%d", k > 0 ? "," : "",
                                  i < ids->len ? g_array_index (ids, int, i) : -1);
        }
      g_string_append_c (out, ']');
      if (run_of != NULL)
        {
          g_string_append (out, ",\"runs\":[");
          for (guint k = 0; k < n; k++)
            {
              guint i = rows != NULL ? g_array_index (rows, guint, k) : k;
              int id = i < ids->len ? g_array_index (ids, int, i) : -1;

              g_string_append_printf (out, "%s%d", k > 0 ? "," : "",
                                      id >= 0 && (guint) id < run_of->len ? g_array_index (run_of, int, id) : -1);
            }
          g_string_append_c (out, ']');
        }
    }
  if (rows != NULL)
    json_fine_level (out, fine, layer, ids, run_of);
  if (layer->labels != NULL)
    {
      g_string_append (out, ",\"labels\":[");
      for (guint k = 0; k < n; k++)
        {
          guint i = rows != NULL ? g_array_index (rows, guint, k) : k;
          const char *label = i < layer->labels->len ? g_ptr_array_index (layer->labels, i) : NULL;

          if (k > 0)
            g_string_append_c (out, ',');
          if (label != NULL)
            aiperf_report_json_string (out, label);
          else
            g_string_append (out, "null");
        }
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, '}');
  return rows != NULL;
}

/* A layer without ids (none, or all -1) in a chart of runs (a sweep's
 * error bars) whose items sit on the markers of a layer of the same series
 * that has them: those ids, so hiding a run hides its error bars too.
 * NULL otherwise. */
static GArray *
borrowed_ids (const AiperfChart *chart,
              const AiperfLayer *layer)
{
  guint n = aiperf_layer_get_n (layer);
  GArray *ids = NULL;

  if (layer->series < 0 || n == 0)
    return NULL;
  for (guint i = 0; layer->ids != NULL && i < layer->ids->len; i++)
    if (g_array_index (layer->ids, int, i) >= 0)
      return NULL;
  for (guint l = 0; l < chart->layers->len && ids == NULL; l++)
    {
      const AiperfLayer *marks = g_ptr_array_index (chart->layers, l);
      guint m = aiperf_layer_get_n (marks);
      guint found = 0;

      if (marks == layer || marks->ids == NULL || marks->series != layer->series ||
          marks->kind != AIPERF_LAYER_POINTS || (gsize) n * m > 1000000)
        continue;
      ids = g_array_sized_new (FALSE, FALSE, sizeof (int), n);
      for (guint i = 0; i < n; i++)
        {
          int id = -1;

          for (guint j = 0; j < m && id < 0; j++)
            if (aiperf_layer_x (marks, j) == aiperf_layer_x (layer, i) &&
                aiperf_layer_y (marks, j) == aiperf_layer_y (layer, i))
              id = g_array_index (marks->ids, int, j);
          found += id >= 0;
          g_array_append_val (ids, id);
        }
      /* every item on a marker, or this is not that layer's */
      if (found < n)
        g_clear_pointer (&ids, g_array_unref);
    }
  return ids;
}

/* "GPU Utilization: 464,844 points kept as 15,992" */
static void
append_thinned (GString           *notes,
                const AiperfChart *chart,
                const AiperfLayer *layer,
                GArray            *rows)
{
  const AiperfSeries *series = layer->series >= 0 && (guint) layer->series < chart->series->len
                               ? g_ptr_array_index (chart->series, layer->series) : NULL;
  gboolean line = layer->kind == AIPERF_LAYER_LINE || layer->kind == AIPERF_LAYER_STEP ||
                  layer->kind == AIPERF_LAYER_AREA || layer->kind == AIPERF_LAYER_BAND;

  if (notes->len > 0)
    g_string_append (notes, "; ");
  g_string_append_printf (notes,
                          /* Translators: "GPU Utilization: 464844 of its 464844 points kept …" */
                          line ? _("%s: %u of %u points kept (the first, lowest, highest and last of each of %u columns)")
                               : _("%s: %u of %u items kept (one per cell of a %u × %u grid)"),
                          series != NULL && series->name != NULL ? series->name : layer_kinds[layer->kind],
                          rows->len, aiperf_layer_get_n (layer), line ? AIPERF_REPORT_LOD_COLUMNS : AIPERF_REPORT_LOD_COLUMNS / 2,
                          AIPERF_REPORT_LOD_ROWS);
}

/* @run_of (int, nullable): for a chart whose ids are positions in its
 * kind's runs, the report's index of each. */
static void
json_chart_body (GString           *out,
                 FineLevels        *fine,
                 const AiperfStyle *style,
                 const AiperfChart *chart,
                 GArray            *run_of)
{
  g_autoptr(GString) thinned = g_string_new (NULL);
  gboolean log_x = chart->x.scale == AIPERF_SCALE_LOG;

  aiperf_report_json_key (out, "title");
  aiperf_report_json_string (out, chart->title);
  g_string_append (out, ",\"x\":");
  json_axis (out, &chart->x);
  g_string_append (out, ",\"y\":");
  json_axis (out, &chart->y);
  if (chart->has_y2)
    {
      g_string_append (out, ",\"y2\":");
      json_axis (out, &chart->y2);
    }
  if (chart->has_color_scale)
    {
      g_string_append (out, ",\"color_axis\":");
      json_axis (out, &chart->color_axis);
    }
  g_string_append (out, ",\"label_title\":");
  aiperf_report_json_string (out, chart->label_title);
  g_string_append (out, ",\"id_kind\":");
  aiperf_report_json_string (out, chart->id_kind);
  g_string_append (out, ",\"series\":[");
  for (guint i = 0; i < chart->series->len; i++)
    {
      const AiperfSeries *s = g_ptr_array_index (chart->series, i);

      g_string_append (out, i > 0 ? ",{\"name\":" : "{\"name\":");
      aiperf_report_json_string (out, s->name);
      g_string_append (out, ",\"color\":");
      json_color (out, style, s->color, 0);
      g_string_append_printf (out, ",\"legend\":%s}", s->in_legend ? "true" : "false");
    }
  g_string_append (out, "],\"layers\":[");
  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);
      const AiperfAxis *y = layer->on_y2 && chart->has_y2 ? &chart->y2 : &chart->y;
      g_autoptr(GArray) borrowed = run_of != NULL ? borrowed_ids (chart, layer) : NULL;

      if (i > 0)
        g_string_append_c (out, ',');
      if (json_layer (out, fine, style, layer, borrowed != NULL ? borrowed : layer->ids, log_x,
                      y->scale == AIPERF_SCALE_LOG, run_of))
        {
          g_autoptr(GArray) rows = aiperf_report_layer_lod (layer, log_x, y->scale == AIPERF_SCALE_LOG);

          append_thinned (thinned, chart, layer, rows);
        }
    }
  g_string_append_c (out, ']');
  if (chart->note != NULL || thinned->len > 0)
    {
      g_autoptr(GString) note = g_string_new (chart->note);

      if (thinned->len > 0)
        {
          if (note->len > 0)
            g_string_append (note, "\n");
          /* Translators: %s lists the thinned layers. */
          g_string_append_printf (note, _("Thinned for this page (zoom in for detail): %s. The SVG and the images "
                                          "draw every point."), thinned->str);
        }
      g_string_append (out, ",\"note\":");
      aiperf_report_json_string (out, note->str);
    }
}

/* For a chart whose ids are run positions in its kind's runs: the index of
 * each of those runs in the report's runs. */
static GArray *
run_map (AiperfRunSet *all,
         AiperfRunSet *kind_runs)
{
  GArray *map = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < aiperf_run_set_get_n_runs (kind_runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (kind_runs, i);
      int index = -1;

      for (guint j = 0; j < aiperf_run_set_get_n_runs (all) && index < 0; j++)
        if (aiperf_run_set_get_run (all, j) == run)
          index = (int) j;
      g_array_append_val (map, index);
    }
  return map;
}

/* An uncertainty point is the mean of its configuration's runs, and only
 * a point of one run (no interval drawn at it) is that run's: the others
 * keep no run in @run_of, since hiding one of their runs would move the
 * mean rather than hide the point (the window and --config then draw it
 * from the runs left). */
static void
keep_lone_trials (const AiperfChart *chart,
                  GArray            *run_of)
{
  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *points = g_ptr_array_index (chart->layers, i);

      if (points->kind != AIPERF_LAYER_POINTS || points->ids == NULL)
        continue;
      for (guint k = 0; k < points->ids->len; k++)
        {
          int id = g_array_index (points->ids, int, k);
          double x = g_array_index (points->x, double, k), y = g_array_index (points->y, double, k);

          for (guint j = 0; j < chart->layers->len; j++)
            {
              const AiperfLayer *bars = g_ptr_array_index (chart->layers, j);

              if (bars->kind != AIPERF_LAYER_ERROR_BARS || bars->series != points->series)
                continue;
              for (guint b = 0; b < aiperf_layer_get_n (bars); b++)
                if (g_array_index (bars->x, double, b) == x && g_array_index (bars->y, double, b) == y &&
                    id >= 0 && (guint) id < run_of->len)
                  g_array_index (run_of, int, id) = -1;
            }
        }
    }
}

static void
json_chart (GString                 *out,
            FineLevels              *fine,
            AiperfReport            *report,
            const AiperfReportChart *item)
{
  const AiperfPlotSpec *spec = item->spec;
  const AiperfChart *chart = item->chart;
  g_autoptr(GArray) run_of = NULL;

  g_string_append (out, "{\"id\":");
  aiperf_report_json_string (out, item->id);
  g_string_append (out, ",\"name\":");
  aiperf_report_json_string (out, item->name);
  g_string_append (out, ",\"kind\":");
  aiperf_report_json_string (out, item->plan->kind);
  g_string_append_printf (out, ",\"multi\":%s,", item->plan->mode == AIPERF_MODE_MULTI_RUN ? "true" : "false");
  /* Comparison points are runs, as in the window: the hover names each and
   * the run checkboxes hide them (an uncertainty point only when it is of
   * one run); the ids of other charts are their own items (kernels,
   * experts, GEMM rows, …), which no run checkbox hides. */
  if (item->plan->mode == AIPERF_MODE_MULTI_RUN && g_strcmp0 (chart->id_kind, "run") == 0)
    {
      run_of = run_map (report->runs, item->plan->runs);
      if (spec->handler->trial_means)
        keep_lone_trials (chart, run_of);
    }
  json_chart_body (out, fine, &report->style, chart, run_of);
  /* What the chart's axes read, so the page can redraw it from the runs
   * with another statistic or metric. */
  g_string_append (out, ",\"spec\":{\"x\":");
  aiperf_report_json_string (out, spec->x.metric != NULL ? aiperf_plot_resolve_tag (spec->x.metric) : NULL);
  g_string_append (out, ",\"xs\":");
  aiperf_report_json_string (out, spec->x.has_stat ? aiperf_stat_to_string (spec->x.stat) : "avg");
  g_string_append (out, ",\"y\":");
  aiperf_report_json_string (out, spec->y.metric != NULL ? aiperf_plot_resolve_tag (spec->y.metric) : NULL);
  g_string_append (out, ",\"ys\":");
  aiperf_report_json_string (out, spec->has_stat ? aiperf_stat_to_string (spec->stat)
                                  : spec->y.has_stat ? aiperf_stat_to_string (spec->y.stat) : "avg");
  g_string_append (out, ",\"group\":");
  aiperf_report_json_string (out, spec->group_by);
  g_string_append (out, ",\"label\":");
  aiperf_report_json_string (out, aiperf_plot_spec_label_by (spec));
  /* a type the reader picked in a saved view ("bar"): the chart opens so */
  g_string_append (out, ",\"view_type\":");
  aiperf_report_json_string (out, aiperf_plot_spec_get_extra (spec, "view_type"));
  /* the preset file's section it goes back into: aiperf's for its own
   * types, the kind's (<kind>_plots) for the others */
  g_string_append (out, "},\"section\":");
  aiperf_report_json_string (out, aiperf_preset_section (spec));
  g_string_append (out, ",\"preset\":");
  /* the preset, for the view written back as a preset file */
  aiperf_report_json_preset (out, spec);
  if (chart->panels != NULL && chart->panels->len > 0)
    {
      g_string_append (out, ",\"panels\":[");
      for (guint i = 0; i < chart->panels->len; i++)
        {
          g_string_append (out, i > 0 ? ",{" : "{");
          const AiperfChart *panel = g_ptr_array_index (chart->panels, i);
          g_autoptr(GArray) panel_run_of = NULL;

          if (run_of != NULL && (panel->id_kind == NULL || g_str_equal (panel->id_kind, "run")))
            panel_run_of = g_array_ref (run_of);
          json_chart_body (out, fine, &report->style, panel, panel_run_of);
          g_string_append_c (out, '}');
        }
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, '}');
}

char *
aiperf_report_data_json (AiperfReport *report,
                         GString      *fine_out)
{
  FineLevels fine = { fine_out, 0, FINE_BUDGET };

  g_autoptr(GHashTable) metric_tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GString *out = g_string_new ("{\"title\":");

  g_return_val_if_fail (report != NULL, NULL);

  aiperf_report_json_string (out, report->title);
  g_string_append_printf (out, ",\"theme\":\"%s\",", report->style.theme == AIPERF_THEME_DARK ? "dark" : "light");
  g_string_append (out, "\"stats\":[");
  for (guint s = 0; s < AIPERF_N_STATS; s++)
    g_string_append_printf (out, "%s\"%s\"", s > 0 ? "," : "", aiperf_stat_to_string (s));
  g_string_append (out, "],");
  aiperf_report_json_runs (out, report, metric_tags);
  aiperf_report_json_view (out, report);
  aiperf_report_json_metrics (out, metric_tags);
  aiperf_report_json_requests (out, report);
  aiperf_report_json_timelines (out, fine_out, report);
  g_string_append (out, ",\"charts\":[");
  for (guint i = 0; i < report->charts->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      json_chart (out, fine_out != NULL ? &fine : NULL, report, g_ptr_array_index (report->charts, i));
    }
  g_string_append (out, "]}");
  return g_string_free (out, FALSE);
}
