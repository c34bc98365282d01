/* aiperf-renderer-legend.c — the legend: measured, placed off the data, clickable.
 *
 * aiperf puts single-run legends inside the plot where they hide points.
 * Here the legend goes outside on the right; only when that would squeeze
 * the plot (narrow windows) does it go inside, in the corner that covers
 * the fewest points; when the chart is too narrow for either, it goes below
 * the plot in rows. Hidden series stay listed, greyed, so they can be
 * clicked back on. More entries than fit end in "+N more" rather than
 * being cut at the edge.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>
#include <string.h>

#include "aiperf-short-names.h"

#define SWATCH_W 28.0
#define PAD 8.0

static gboolean
in_legend (const AiperfSeries *series)
{
  return series->in_legend && series->name != NULL && series->name[0] != '\0';
}

static double
row_height (AiperfRenderer *self)
{
  double h;

  aiperf_renderer_text_size (self, "Ag", NULL, &h);
  return MAX (h, 14 * self->s) + 4 * self->s;
}

static void
legend_font (AiperfRenderer *self)
{
  aiperf_renderer_set_font (self, self->style->font_size * self->s, FALSE);
  pango_layout_set_width (self->layout, (int) (self->legend_name_max * PANGO_SCALE));
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_END);
}

static void
legend_font_done (AiperfRenderer *self)
{
  pango_layout_set_width (self->layout, -1);
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_NONE);
}

typedef struct {
  int    series;   /* -1: the "+N more" entry */
  double x, y, w;  /* relative to the legend box */
} Entry;

/* The name @series' entry shows: its own, or, when the legend is short of
 * room, what it does not share with the other entries. */
static const char *
entry_name (AiperfRenderer *self,
            guint           series)
{
  const AiperfSeries *s = g_ptr_array_index (self->chart->series, series);

  if (self->legend_distinct && self->legend_names != NULL && series < self->legend_names->len &&
      g_ptr_array_index (self->legend_names, series) != NULL)
    return g_ptr_array_index (self->legend_names, series);
  return s->name;
}

/* The entries' names without the words they all share ("vllmEP4
 * defaultall2all_8_8192" of a ccl-bench run's "mistralai/Mixtral-8x7B-v0.1
 * (vLLM: Mixtral8x7B-vllmEP4-Perlmutter[defaultall2all_8_8192]-group12)"),
 * worked out once a draw. Whether any came out shorter. */
gboolean
aiperf_renderer_legend_can_shorten (AiperfRenderer *self)
{
  const AiperfChart *chart = self->chart;

  if (self->legend_names == NULL)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      self->legend_names = g_ptr_array_new_with_free_func (g_free);
      self->legend_shorter = FALSE;
      for (guint i = 0; i < chart->series->len; i++)
        if (in_legend (g_ptr_array_index (chart->series, i)))
          g_ptr_array_add (names, ((AiperfSeries *) g_ptr_array_index (chart->series, i))->name);
      for (guint i = 0; i < chart->series->len; i++)
        {
          const AiperfSeries *series = g_ptr_array_index (chart->series, i);
          char *name = NULL;

          if (in_legend (series) && names->len > 1)
            {
              name = aiperf_distinct_run_label (series->name, (const char * const *) names->pdata, names->len);
              if (name[0] == '\0' || strlen (name) >= strlen (series->name))
                g_clear_pointer (&name, g_free);
            }
          self->legend_shorter = self->legend_shorter || name != NULL;
          g_ptr_array_add (self->legend_names, name);
        }
    }
  return self->legend_shorter;
}

const char *
aiperf_renderer_get_legend_short_name (AiperfRenderer *self,
                                       int             series)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (!self->valid || !self->legend_distinct || self->legend_names == NULL || series < 0 ||
      (guint) series >= self->legend_names->len)
    return NULL;
  return g_ptr_array_index (self->legend_names, series);
}

void
aiperf_renderer_legend_forget_names (AiperfRenderer *self)
{
  g_clear_pointer (&self->legend_names, g_ptr_array_unref);
  self->legend_distinct = FALSE;
}

static double
entry_width (AiperfRenderer *self,
             const char     *text)
{
  double tw;

  aiperf_renderer_text_size (self, text, &tw, NULL);
  return (SWATCH_W + 6) * self->s + tw;
}

/* Width of @n entries of widths @w laid in columns of @rows, top to bottom
 * then left to right, each column as wide as its widest entry. */
static double
grid_width (const double *w,
            guint         n,
            guint         rows,
            double        gap)
{
  double total = 0;

  for (guint first = 0; first < n; first += rows)
    {
      double column = 0;

      for (guint i = first; i < MIN (n, first + rows); i++)
        column = MAX (column, w[i]);
      total += (first > 0 ? gap : 0) + column;
    }
  return total;
}

/* Where each entry goes, and the box size. Entries fill columns top to
 * bottom: beside the plot (right or inside) as few columns as hold them
 * all, below it as few rows. What the room cannot hold is summed up in a
 * last "+N more", after as many entries as the room holds. Returns how
 * many that stands for. Call between legend_font () and legend_font_done (). */
static guint
lay_out (AiperfRenderer *self,
         GArray         *entries,
         double         *out_w,
         double         *out_h)
{
  const AiperfChart *chart = self->chart;
  double s = self->s, rh = row_height (self), gap = 16 * s;
  double max_w = self->legend_max_w > 0 ? self->legend_max_w - 2 * PAD * s : G_MAXDOUBLE;
  double max_h = self->legend_max_h > 0 ? self->legend_max_h : G_MAXDOUBLE;
  g_autoptr(GArray) index = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) width = g_array_new (FALSE, FALSE, sizeof (double));
  guint total, placed, max_rows, rows = 0, more = 0;
  double w = 0;

  *out_w = *out_h = 0;
  g_array_set_size (entries, 0);
  for (guint i = 0; i < chart->series->len; i++)
    if (in_legend (g_ptr_array_index (chart->series, i)))
      {
        double ew = entry_width (self, entry_name (self, i));

        g_array_append_val (index, i);
        g_array_append_val (width, ew);
      }
  total = index->len;
  self->legend_more = 0;
  if (total == 0)
    return 0;
  /* No bound given (G_MAXDOUBLE) is as many rows as there are entries: the
   * quotient itself does not fit a guint. */
  max_rows = (guint) CLAMP ((max_h - 2 * PAD * s) / rh, 1.0, (double) total);

  /* All of them: beside the plot the fewest columns (a first one however
   * wide, so the caller sees it is too wide), below it the fewest rows. */
  for (guint cols = 1; cols <= total; cols++)
    {
      guint r = (total + cols - 1) / cols;
      double gw;

      if (r > max_rows)
        continue;
      gw = grid_width ((double *) width->data, total, r, gap);
      if (cols > 1 && gw > max_w)
        break;
      if (rows == 0 || r < rows)
        rows = r, w = gw;
      if (!self->legend_below || r == 1)
        break;
    }
  placed = total;
  if (rows == 0)
    {
      /* Not all: full columns of max_rows, as many as fit, the last slot
       * saying "+N more". */
      char more_text[48];
      double more_w;
      guint cols;

      rows = max_rows;
      g_snprintf (more_text, sizeof more_text, "+%u more", total);
      more_w = entry_width (self, more_text);
      for (cols = 1; cols * rows <= total; cols++)
        {
          guint n = cols * rows - 1;
          double *ws = g_newa (double, n + 1);

          memcpy (ws, width->data, n * sizeof (double));
          ws[n] = more_w;
          if (cols > 1 && grid_width (ws, n + 1, rows, gap) > max_w)
            break;
          placed = n;
          w = grid_width (ws, n + 1, rows, gap);
        }
      more = total - placed;
    }

  {
    double x = 0, column = 0;

    for (guint k = 0; k < placed + (more > 0); k++)
      {
        Entry e = { k < placed ? (int) g_array_index (index, guint, k) : -1, 0, 0, 0 };

        if (k > 0 && k % rows == 0)
          x += column + gap, column = 0;
        if (k < placed)
          e.w = g_array_index (width, double, k);
        else
          {
            char more_text[48];

            g_snprintf (more_text, sizeof more_text, "+%u more", more);
            e.w = entry_width (self, more_text);
          }
        e.x = x;
        e.y = (k % rows) * rh;
        column = MAX (column, e.w);
        g_array_append_val (entries, e);
      }
    w = x + column;
  }
  *out_w = 2 * PAD * s + w;
  *out_h = 2 * PAD * s + MIN (rows, placed + (more > 0)) * rh;
  self->legend_more = more;
  return more;
}

guint
aiperf_renderer_legend_measure (AiperfRenderer *self,
                                double         *w,
                                double         *h)
{
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  guint more;

  legend_font (self);
  more = lay_out (self, entries, w, h);
  legend_font_done (self);
  return more;
}

/* Points of visible layers inside @r: how much data a legend there would hide. */
static guint
points_under (AiperfRenderer   *self,
              const AiperfRect *r)
{
  const AiperfChart *chart = self->chart;
  guint count = 0;

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfAxisMap *ym = aiperf_renderer_y_map (self, layer->on_y2);
      guint n = aiperf_layer_get_n (layer);
      guint stride = MAX (1u, n / 5000);

      if (!aiperf_renderer_layer_visible (chart, layer) || layer->y == NULL ||
          layer->kind == AIPERF_LAYER_HLINE)
        continue;
      for (guint i = 0; i < n; i += stride)
        {
          double px = aiperf_axis_map_to_px (&self->mx, g_array_index (layer->x, double, i));
          double py = aiperf_axis_map_to_px (ym, g_array_index (layer->y, double, i));

          if (px >= r->x && px <= r->x + r->width && py >= r->y && py <= r->y + r->height)
            count += stride;
        }
    }
  return count;
}

static AiperfRect
place (AiperfRenderer *self)
{
  const AiperfRect *a = &self->area;
  double s = self->s, inset = 8 * s;
  AiperfRect r = { 0, a->y, self->legend_w, self->legend_h };

  if (self->legend_below)
    {
      /* under the plot's left edge, as far left as a wide one needs */
      r.x = MAX (14 * s, MIN (a->x, self->width - 14 * s - self->legend_w));
      r.y = self->height - 14 * s - self->legend_h;
      return r;
    }
  if (!self->legend_inside)
    {
      r.x = self->width - 14 * s - self->legend_w;
      return r;
    }
  {
    /* top-right, top-left, bottom-right, bottom-left: fewest points wins */
    AiperfRect best = r;
    guint best_count = G_MAXUINT;

    for (guint corner = 0; corner < 4; corner++)
      {
        AiperfRect c = r;

        c.x = corner % 2 == 0 ? a->x + a->width - r.width - inset : a->x + inset;
        c.y = corner < 2 ? a->y + inset : a->y + a->height - r.height - inset;
        {
          guint count = points_under (self, &c);

          if (count < best_count)
            {
              best_count = count;
              best = c;
            }
        }
      }
    return best;
  }
}

static void
draw_swatch (AiperfRenderer     *self,
             cairo_t            *cr,
             guint               index,
             double              x,
             double              y,
             double              alpha)
{
  const AiperfSeries *series = g_ptr_array_index (self->chart->series, index);
  AiperfRGBA c = aiperf_style_resolve (self->style, series->color);
  double s = self->s, w = SWATCH_W * s, cy = y;
  /* Markers too dense to draw, drawn as a line: the swatch is that line. */
  gboolean as_line = index < self->drawn_as_line->len && self->drawn_as_line->data[index];

  cairo_save (cr);
  cairo_new_path (cr);
  if (series->dashed)
    {
      double dash[2] = { 5 * s, 3 * s };

      cairo_set_dash (cr, dash, 2, 0);
    }
  switch (as_line ? AIPERF_LAYER_LINE : series->swatch)
    {
    case AIPERF_LAYER_POINTS:
      aiperf_renderer_draw_marker_path (cr, series->marker, x + w / 2, cy, 9 * s);
      aiperf_set_rgba (cr, c, alpha);
      cairo_fill (cr);
      break;
    case AIPERF_LAYER_AREA:
    case AIPERF_LAYER_BAND:
    case AIPERF_LAYER_BARS:
    case AIPERF_LAYER_HBARS:
    case AIPERF_LAYER_BOXES:
    case AIPERF_LAYER_CELLS:
    case AIPERF_LAYER_ELLIPSES:
      cairo_rectangle (cr, x + 2 * s, cy - 5 * s, w - 4 * s, 10 * s);
      aiperf_set_rgba (cr, c, alpha * 0.45);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1.5 * s);
      aiperf_set_rgba (cr, c, alpha);
      cairo_stroke (cr);
      break;
    case AIPERF_LAYER_ERROR_BARS:
      cairo_move_to (cr, x + w / 2, cy - 6 * s);
      cairo_line_to (cr, x + w / 2, cy + 6 * s);
      cairo_move_to (cr, x + w / 2 - 4 * s, cy - 6 * s);
      cairo_line_to (cr, x + w / 2 + 4 * s, cy - 6 * s);
      cairo_move_to (cr, x + w / 2 - 4 * s, cy + 6 * s);
      cairo_line_to (cr, x + w / 2 + 4 * s, cy + 6 * s);
      cairo_set_line_width (cr, 1.5 * s);
      aiperf_set_rgba (cr, c, alpha);
      cairo_stroke (cr);
      break;
    case AIPERF_LAYER_SEGMENTS:
      cairo_move_to (cr, x + 2 * s, cy);
      cairo_line_to (cr, x + w - 2 * s, cy);
      cairo_set_line_width (cr, 6 * s);
      aiperf_set_rgba (cr, c, alpha);
      cairo_stroke (cr);
      break;
    default:
      cairo_move_to (cr, x + 2 * s, cy);
      cairo_line_to (cr, x + w - 2 * s, cy);
      cairo_set_line_width (cr, 2.5 * s);
      aiperf_set_rgba (cr, c, alpha);
      cairo_stroke (cr);
      /* A line series that also has markers shows one, like the plot. */
      if (!as_line && (series->swatch == AIPERF_LAYER_LINE || series->swatch == AIPERF_LAYER_STEP))
        for (guint l = 0; l < self->chart->layers->len; l++)
          {
            const AiperfLayer *layer = g_ptr_array_index (self->chart->layers, l);

            if (layer->kind == AIPERF_LAYER_POINTS && layer->series >= 0 &&
                g_ptr_array_index (self->chart->series, layer->series) == series)
              {
                cairo_set_dash (cr, NULL, 0, 0);
                aiperf_renderer_draw_marker_path (cr, layer->marker, x + w / 2, cy, 8 * s);
                cairo_fill (cr);
                break;
              }
          }
      break;
    }
  cairo_restore (cr);
}

gboolean
aiperf_renderer_legend_covers_data (AiperfRenderer *self)
{
  return self->legend_w > 0 && points_under (self, &self->legend_box) > 0;
}

void
aiperf_renderer_legend_place (AiperfRenderer *self)
{
  AiperfRect none = { 0, 0, 0, 0 };

  self->legend_box = self->legend_w > 0 ? place (self) : none;
}

void
aiperf_renderer_draw_legend (AiperfRenderer *self,
                             cairo_t        *cr)
{
  const AiperfChart *chart = self->chart;
  double s = self->s, rh, w, h;
  g_autoptr(GArray) entries = NULL;
  guint more;
  gboolean one_column;
  AiperfRect box;

  g_array_set_size (self->legend_hits, 0);
  if (self->legend_w <= 0)
    return;
  box = self->legend_box;

  cairo_save (cr);
  cairo_rectangle (cr, box.x, box.y, box.width, box.height);
  aiperf_set_rgba (cr, self->style->background, self->legend_inside ? 0.88 : 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.0, s));
  aiperf_set_rgba (cr, self->style->grid, 1.0);
  cairo_stroke (cr);

  legend_font (self);
  rh = row_height (self);
  entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  more = lay_out (self, entries, &w, &h);
  /* In one column a click anywhere across the box hits the entry. */
  one_column = entries->len > 0 && g_array_index (entries, Entry, entries->len - 1).x == 0;
  for (guint k = 0; k < entries->len; k++)
    {
      const Entry *e = &g_array_index (entries, Entry, k);
      double ex = box.x + PAD * s + e->x, ey = box.y + PAD * s + e->y;
      const AiperfSeries *series;
      const char *name;
      double alpha;
      AiperfLegendHit hit;

      hit.rect.x = one_column ? box.x : ex;
      hit.rect.y = ey;
      hit.rect.width = one_column ? box.width : e->w;
      hit.rect.height = rh;

      if (e->series < 0)
        {
          char text[48];

          /* The window lists every entry when it is clicked. */
          g_snprintf (text, sizeof text, "+%u more", more);
          aiperf_set_rgba (cr, self->style->foreground, 0.7);
          aiperf_renderer_show_text (self, cr, text, ex + (SWATCH_W + 6) * s, ey + rh / 2, 0, 0.5, 0);
          hit.series = AIPERF_LEGEND_MORE;
          g_array_append_val (self->legend_hits, hit);
          continue;
        }
      series = g_ptr_array_index (chart->series, e->series);
      alpha = series->visible ? 1.0 : 0.3;
      draw_swatch (self, cr, (guint) e->series, ex, ey + rh / 2, alpha);
      aiperf_set_rgba (cr, self->style->foreground, series->visible ? 1.0 : 0.45);
      name = entry_name (self, (guint) e->series);
      aiperf_renderer_show_text (self, cr, name, ex + (SWATCH_W + 6) * s, ey + rh / 2, 0, 0.5, 0);
      if (!series->visible)
        {
          /* Struck through as well as greyed: readable without colour. */
          double tw;

          aiperf_renderer_text_size (self, name, &tw, NULL);
          cairo_move_to (cr, ex + (SWATCH_W + 6) * s, ey + rh / 2);
          cairo_rel_line_to (cr, tw, 0);
          cairo_set_line_width (cr, MAX (1.0, s));
          cairo_stroke (cr);
        }
      hit.series = e->series;
      g_array_append_val (self->legend_hits, hit);
    }
  legend_font_done (self);
  cairo_restore (cr);
}
