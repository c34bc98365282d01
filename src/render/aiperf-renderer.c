/* aiperf-renderer.c — draws an AiperfChart with cairo and pango.
 *
 * This file runs a draw (layout, grid, layers, axes, labels, legend) and
 * answers questions about the last one (conversions, pick). The parts live
 * in aiperf-renderer-*.c and aiperf-decimate.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-renderer-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* The plot's place: the layout, and the legend's, which goes below the plot
 * (laid out again) when even its emptiest corner inside would cover a
 * point: a legend never hides data. */
static void
lay_out (AiperfRenderer *self,
         cairo_t        *cr)
{
  aiperf_renderer_layout (self, cr);
  aiperf_renderer_legend_place (self);
  if (self->legend_inside && !self->legend_not_inside && aiperf_renderer_legend_covers_data (self))
    {
      self->legend_not_inside = TRUE;
      aiperf_renderer_layout (self, cr);
      aiperf_renderer_legend_place (self);
    }
}

/* The chart's note with a line saying how many point labels had no room. */
static char *
hidden_labels_note (const char *chart_note,
                    guint       hidden)
{
  g_autofree char *line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "%u point label hidden: no room",
                                                        "%u point labels hidden: no room", hidden),
                                           hidden);

  if (chart_note == NULL || chart_note[0] == '\0')
    return g_steal_pointer (&line);
  return g_strconcat (chart_note, "\n", line, NULL);
}

const char *
aiperf_renderer_note (AiperfRenderer *self)
{
  return self->note != NULL && self->note[0] != '\0' ? self->note : NULL;
}

const char *
aiperf_renderer_get_note (AiperfRenderer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return aiperf_renderer_note (self);
}

guint
aiperf_renderer_get_hidden_labels (AiperfRenderer *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->hidden_labels;
}

AiperfRenderer *
aiperf_renderer_new (void)
{
  AiperfRenderer *self = g_new0 (AiperfRenderer, 1);

  self->legend_hits = g_array_new (FALSE, FALSE, sizeof (AiperfLegendHit));
  self->drawn_as_line = g_byte_array_new ();
  self->bar_hits = g_array_new (FALSE, FALSE, sizeof (AiperfBarHit));
  self->segment_hits = g_array_new (FALSE, FALSE, sizeof (AiperfBarHit));
  self->labels = g_array_new (FALSE, FALSE, sizeof (AiperfPlacedLabel));
  self->rule_labels = g_array_new (FALSE, FALSE, sizeof (AiperfPlacedLabel));
  self->label_boxes = g_array_new (FALSE, FALSE, sizeof (AiperfLabelBox));
  self->label_texts = g_string_chunk_new (256);
  return self;
}

guint
aiperf_renderer_get_legend_more (AiperfRenderer *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->legend_more;
}

void
aiperf_renderer_set_whole_legend (AiperfRenderer *self,
                                  gboolean        whole)
{
  g_return_if_fail (self != NULL);

  self->legend_whole = whole;
}

void
aiperf_renderer_free (AiperfRenderer *self)
{
  if (self == NULL)
    return;
  aiperf_tick_set_clear (&self->xt);
  aiperf_tick_set_clear (&self->yt);
  aiperf_tick_set_clear (&self->y2t);
  aiperf_tick_set_clear (&self->ct);
  aiperf_pick_grid_clear (&self->grid);
  g_array_unref (self->legend_hits);
  g_byte_array_unref (self->drawn_as_line);
  aiperf_renderer_legend_forget_names (self);
  g_array_unref (self->bar_hits);
  g_array_unref (self->segment_hits);
  aiperf_renderer_panels_free (self);
  g_array_unref (self->labels);
  g_array_unref (self->rule_labels);
  g_array_unref (self->label_boxes);
  g_string_chunk_free (self->label_texts);
  g_free (self->note);
  g_free (self);
}

double
aiperf_axis_map_to_px (const AiperfAxisMap *m,
                       double               v)
{
  double t;

  if (m->scale == AIPERF_SCALE_LOG)
    {
      if (!(v > 0))
        return NAN;
      v = log10 (v);
    }
  t = (v - m->lo) / (m->hi - m->lo);
  return m->p0 + t * (m->p1 - m->p0);
}

double
aiperf_axis_map_from_px (const AiperfAxisMap *m,
                         double               p)
{
  double v = m->lo + (p - m->p0) / (m->p1 - m->p0) * (m->hi - m->lo);

  return m->scale == AIPERF_SCALE_LOG ? pow (10.0, v) : v;
}

const AiperfAxisMap *
aiperf_renderer_y_map (AiperfRenderer *self,
                       gboolean        on_y2)
{
  return on_y2 && self->vp.has_y2 ? &self->my2 : &self->my;
}

void
aiperf_set_rgba (cairo_t    *cr,
                 AiperfRGBA  c,
                 double      alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, c.a * alpha);
}

double
aiperf_snap (cairo_t  *cr,
             double    v,
             double    width,
             gboolean  vertical)
{
  double dx = vertical ? v : 0, dy = vertical ? 0 : v;
  double dw = width, dh = width;
  double device, device_width;

  /* A line is crisp when its edges fall on device pixel edges. */
  cairo_user_to_device (cr, &dx, &dy);
  cairo_user_to_device_distance (cr, &dw, &dh);
  device = vertical ? dx : dy;
  device_width = MAX (1.0, round (fabs (vertical ? dw : dh)));
  if (((int) device_width) % 2 == 1)
    device = floor (device) + 0.5;
  else
    device = round (device);
  dx = vertical ? device : 0;
  dy = vertical ? 0 : device;
  cairo_device_to_user (cr, &dx, &dy);
  return vertical ? dx : dy;
}

void
aiperf_renderer_set_font (AiperfRenderer *self,
                          double          px,
                          gboolean        bold)
{
  PangoFontDescription *desc = pango_font_description_from_string (self->style->font_family);

  pango_font_description_set_absolute_size (desc, px * PANGO_SCALE);
  pango_font_description_set_weight (desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (self->layout, desc);
  pango_font_description_free (desc);
}

void
aiperf_renderer_text_size (AiperfRenderer *self,
                           const char     *text,
                           double         *w,
                           double         *h)
{
  PangoRectangle logical;

  pango_layout_set_text (self->layout, text != NULL ? text : "", -1);
  pango_layout_get_extents (self->layout, NULL, &logical);
  if (w != NULL)
    *w = (double) logical.width / PANGO_SCALE;
  if (h != NULL)
    *h = (double) logical.height / PANGO_SCALE;
}

void
aiperf_renderer_show_text (AiperfRenderer *self,
                           cairo_t        *cr,
                           const char     *text,
                           double          x,
                           double          y,
                           double          ax,
                           double          ay,
                           double          angle)
{
  double w, h;

  aiperf_renderer_text_size (self, text, &w, &h);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (angle != 0)
    cairo_rotate (cr, angle);
  cairo_move_to (cr, -ax * w, -ay * h);
  pango_cairo_show_layout (cr, self->layout);
  cairo_restore (cr);
}

gboolean
aiperf_renderer_layer_visible (const AiperfChart *chart,
                               const AiperfLayer *layer)
{
  if (layer->series < 0 || (guint) layer->series >= chart->series->len)
    return TRUE;
  return ((AiperfSeries *) g_ptr_array_index (chart->series, layer->series))->visible;
}

double
aiperf_layer_col (GArray *a,
                  guint   i)
{
  return a != NULL && i < a->len ? g_array_index (a, double, i) : NAN;
}

void
aiperf_renderer_draw (AiperfRenderer       *self,
                      cairo_t              *cr,
                      const AiperfChart    *chart,
                      const AiperfViewport *viewport,
                      const AiperfStyle    *style,
                      double                width,
                      double                height)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (chart != NULL);
  g_return_if_fail (style != NULL);

  self->chart = chart;
  g_byte_array_set_size (self->drawn_as_line, 0);
  g_byte_array_set_size (self->drawn_as_line, chart->series->len);
  /* A chart of no series has no bytes (data may be NULL then). */
  if (chart->series->len > 0)
    memset (self->drawn_as_line->data, 0, chart->series->len);
  self->style = style;
  self->width = width;
  self->height = height;
  self->s = style->scale > 0 ? style->scale : 1.0;
  self->primitives = 0;
  if (viewport != NULL)
    self->vp = *viewport;
  else
    aiperf_viewport_init_from_chart (&self->vp, chart);
  self->layout = pango_cairo_create_layout (cr);
  {
    /* Metrics hinting would make text widths depend on the device scale. */
    cairo_font_options_t *options = cairo_font_options_create ();

    cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options (pango_layout_get_context (self->layout), options);
    pango_layout_context_changed (self->layout);
    cairo_font_options_destroy (options);
  }

  g_array_set_size (self->bar_hits, 0);
  g_array_set_size (self->segment_hits, 0);
  g_free (self->note);
  self->note = g_strdup (chart->note);
  self->hidden_labels = 0;
  self->segment_thick = 0;
  self->n_panels = 0;
  if (chart->panels != NULL && chart->panels->len > 0)
    {
      aiperf_renderer_draw_panels (self, cr);
      aiperf_pick_grid_clear (&self->grid);
      g_clear_object (&self->layout);
      self->chart = NULL;
      self->style = NULL;
      return;
    }

  cairo_save (cr);
  aiperf_set_rgba (cr, style->background, 1.0);
  cairo_paint (cr);

  self->legend_not_inside = FALSE;
  aiperf_renderer_legend_forget_names (self);
  lay_out (self, cr);
  aiperf_renderer_place_labels (self);
  /* Labels with no room are said under the title: the plot is laid out
   * again one line lower, and the labels placed again in it. */
  if (self->hidden_labels > 0)
    {
      g_free (self->note);
      self->note = hidden_labels_note (chart->note, self->hidden_labels);
      lay_out (self, cr);
      aiperf_renderer_place_labels (self);
      g_free (self->note);
      /* (the lower plot has room for them all, now and then: the line it
       * was given stays empty) */
      self->note = self->hidden_labels > 0 ? hidden_labels_note (chart->note, self->hidden_labels)
                                           : g_strdup (chart->note);
    }
  self->valid = TRUE;

  aiperf_set_rgba (cr, style->plot_background, 1.0);
  cairo_rectangle (cr, self->area.x, self->area.y, self->area.width, self->area.height);
  cairo_fill (cr);
  aiperf_renderer_draw_grid (self, cr);
  cairo_save (cr);
  cairo_rectangle (cr, self->area.x, self->area.y, self->area.width, self->area.height);
  cairo_clip (cr);
  aiperf_renderer_draw_label_halos (self, cr);
  cairo_restore (cr);

  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);
      /* Data stays inside the plot: zoomed in, points at the edge must not
       * spill over the axes. The automatic ranges leave room for markers
       * at zero (aiperf-viewport.c). */
      double grow = 0;

      if (!aiperf_renderer_layer_visible (chart, layer))
        continue;
      self->clip.x = self->area.x - grow;
      self->clip.y = self->area.y - grow;
      self->clip.width = self->area.width + 2 * grow;
      self->clip.height = self->area.height + 2 * grow;
      cairo_save (cr);
      cairo_rectangle (cr, self->clip.x, self->clip.y, self->clip.width, self->clip.height);
      cairo_clip (cr);
      aiperf_renderer_draw_layer (self, cr, layer, i);
      cairo_restore (cr);
    }
  cairo_save (cr);
  cairo_rectangle (cr, self->area.x, self->area.y, self->area.width, self->area.height);
  cairo_clip (cr);
  aiperf_renderer_draw_labels (self, cr);
  cairo_restore (cr);

  aiperf_renderer_draw_axes (self, cr);
  aiperf_renderer_draw_color_bar (self, cr);
  aiperf_renderer_draw_legend (self, cr);
  cairo_restore (cr);
  /* Their texts belong to the chart: what tests and tools may ask for later
   * is kept with texts of its own. */
  g_array_set_size (self->label_boxes, 0);
  g_string_chunk_clear (self->label_texts);
  for (guint k = 0; k < self->labels->len + self->rule_labels->len; k++)
    {
      const AiperfPlacedLabel *p = k < self->labels->len
        ? &g_array_index (self->labels, AiperfPlacedLabel, k)
        : &g_array_index (self->rule_labels, AiperfPlacedLabel, k - self->labels->len);
      AiperfLabelBox box = { p->rect, g_string_chunk_insert (self->label_texts, p->text),
                             p->px, p->py, p->leader };

      g_array_append_val (self->label_boxes, box);
    }
  g_array_set_size (self->labels, 0);
  g_array_set_size (self->rule_labels, 0);

  aiperf_pick_grid_build (self);
  aiperf_renderer_sort_segment_hits (self);

  g_clear_object (&self->layout);
  self->chart = NULL;
  self->style = NULL;
}

AiperfRect
aiperf_renderer_get_plot_area (AiperfRenderer *self)
{
  AiperfRect none = { 0, 0, 0, 0 };

  g_return_val_if_fail (self != NULL, none);

  return self->valid ? self->area : none;
}

const AiperfViewport *
aiperf_renderer_get_viewport (AiperfRenderer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->valid ? &self->vp : NULL;
}

gboolean
aiperf_renderer_data_to_pixel (AiperfRenderer *self,
                               double          x,
                               double          y,
                               gboolean        on_y2,
                               double         *out_px,
                               double         *out_py)
{
  double px, py;

  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->valid)
    return FALSE;
  px = aiperf_axis_map_to_px (&self->mx, x);
  py = aiperf_axis_map_to_px (aiperf_renderer_y_map (self, on_y2), y);
  if (out_px != NULL)
    *out_px = px;
  if (out_py != NULL)
    *out_py = py;
  return isfinite (px) && isfinite (py);
}

gboolean
aiperf_renderer_pixel_to_data (AiperfRenderer *self,
                               double          px,
                               double          py,
                               double         *out_x,
                               double         *out_y)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->valid)
    return FALSE;
  if (out_x != NULL)
    *out_x = aiperf_axis_map_from_px (&self->mx, px);
  if (out_y != NULL)
    *out_y = aiperf_axis_map_from_px (&self->my, py);
  return TRUE;
}

gboolean
aiperf_renderer_pick (AiperfRenderer *self,
                      double          px,
                      double          py,
                      double          radius,
                      AiperfPick     *out_pick)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->valid)
    return FALSE;
  if (self->n_panels > 0)
    return aiperf_renderer_pick_panels (self, px, py, radius, out_pick);
  {
    AiperfPick point, bar;
    gboolean have_point = aiperf_pick_grid_find (&self->grid, px, py, radius, &point);
    gboolean have_bar = aiperf_renderer_pick_bars (self, px, py, radius, &bar);

    /* A marker drawn over a bar wins a tie: it is on top. */
    if (have_bar && (!have_point || bar.distance < point.distance))
      point = bar;
    else if (!have_point)
      return FALSE;
    point.panel = -1;
    if (out_pick != NULL)
      *out_pick = point;
    return TRUE;
  }
}

int
aiperf_renderer_pick_legend (AiperfRenderer *self,
                             double          px,
                             double          py)
{
  g_return_val_if_fail (self != NULL, -1);

  if (!self->valid)
    return -1;
  for (guint i = 0; i < self->legend_hits->len; i++)
    {
      const AiperfLegendHit *hit = &g_array_index (self->legend_hits, AiperfLegendHit, i);

      if (px >= hit->rect.x && px <= hit->rect.x + hit->rect.width &&
          py >= hit->rect.y && py <= hit->rect.y + hit->rect.height)
        return hit->series;
    }
  return -1;
}

guint64
aiperf_renderer_get_primitive_count (AiperfRenderer *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->primitives;
}
