/* aiperf-chart-view-paint.c — the chart view's cached data layer and the
 * overlay drawn on top of it (hover ring, tooltip, rubber band).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-chart-view-private.h"
#include "aiperf-focus-ring.h"

#define TOOLTIP_PAD     8.0
#define TOOLTIP_OFFSET 14.0
#define RING_RADIUS     7.0

GdkTexture *
aiperf_chart_view_paint_layer (AiperfRenderer       *renderer,
                               const AiperfChart    *chart,
                               const AiperfViewport *viewport,
                               const AiperfStyle    *style,
                               int                   width,
                               int                   height,
                               int                   scale)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(GBytes) bytes = NULL;
  int stride;

  g_return_val_if_fail (renderer != NULL, NULL);
  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, NULL);

  /* Device pixels at the surface scale, user units in widget pixels: the
   * renderer's layout and pick geometry stay in widget coordinates and
   * HiDPI output stays crisp. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        width * scale, height * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  aiperf_renderer_draw (renderer, cr, chart, viewport, style, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* The texture borrows the pixels; the surface lives as long as it does.
   * Cairo's ARGB32 is GDK_MEMORY_DEFAULT (premultiplied, native endian). */
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height * scale,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      surface);
  return gdk_memory_texture_new (width * scale, height * scale,
                                 GDK_MEMORY_DEFAULT, bytes, stride);
}

char *
aiperf_chart_view_format_value (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  int decimals;
  char *s, *dot;

  if (!isfinite (value))
    return g_strdup ("–");
  if (value == 0)
    return g_strdup ("0");
  if (fabs (value) >= 1e9 || fabs (value) < 1e-6)
    return g_strdup_printf ("%.4g", value);

  decimals = 3 - (int) floor (log10 (fabs (value)));
  decimals = CLAMP (decimals, 0, 9);
  g_snprintf (buf, sizeof buf, "%.*f", decimals, value);
  s = g_strdup (buf);
  /* Trailing zeros say nothing; the decimal mark depends on the locale. */
  dot = strpbrk (s, ".,");
  if (dot != NULL)
    {
      char *end = s + strlen (s) - 1;

      while (end > dot && *end == '0')
        *end-- = '\0';
      if (end == dot)
        *end = '\0';
    }
  return s;
}

/* A category axis shows its tick label rather than the position. */
static char *
format_axis_value (const AiperfAxis *axis,
                   double            value)
{
  g_autofree char *number = NULL;

  if (axis->tick_positions != NULL && axis->tick_labels != NULL)
    {
      for (guint i = 0; i < axis->tick_positions->len && i < axis->tick_labels->len; i++)
        if (fabs (g_array_index (axis->tick_positions, double, i) - value) < 1e-9)
          return g_strdup (g_ptr_array_index (axis->tick_labels, i));
    }

  number = aiperf_chart_view_format_value (value);
  if (axis->unit != NULL && axis->unit[0] != '\0')
    return g_strdup_printf ("%s %s", number, axis->unit);
  return g_steal_pointer (&number);
}

static void
append_axis_line (GString          *text,
                  const AiperfAxis *axis,
                  double            value,
                  const char       *fallback_title)
{
  g_autofree char *formatted = format_axis_value (axis, value);
  g_autofree char *line = NULL;
  const char *title = axis->title != NULL && axis->title[0] != '\0'
                      ? axis->title : fallback_title;

  line = g_markup_printf_escaped ("\n%s: %s", title, formatted);
  g_string_append (text, line);
}

/* A span of the x axis as a duration: seconds under one as milliseconds. */
static char *
format_duration (const AiperfAxis *axis,
                 double            span)
{
  g_autofree char *number = NULL;

  if (g_strcmp0 (axis->unit, "s") == 0 && fabs (span) < 1)
    {
      number = aiperf_chart_view_format_value (span * 1e3);
      return g_strdup_printf ("%s ms", number);
    }
  number = aiperf_chart_view_format_value (span);
  return axis->unit != NULL && axis->unit[0] != '\0' ? g_strdup_printf ("%s %s", number, axis->unit)
                                                    : g_steal_pointer (&number);
}

typedef struct {
  double x0;
  char  *line;
} Phase;

static int
phase_cmp (gconstpointer a,
           gconstpointer b)
{
  double x = ((const Phase *) a)->x0, y = ((const Phase *) b)->x0;

  return (x > y) - (x < y);
}

static void
phase_clear (gpointer p)
{
  g_free (((Phase *) p)->line);
}

/* Segments that share an id are the phases of one item (a request's
 * prefill and decode): hovering any of them names the item, then each
 * phase in time order with its duration (the hovered one in bold), their
 * total, the start and the height. */
static char *
format_phases (const AiperfChart *chart,
               const AiperfPick  *pick)
{
  GString *text = g_string_new (NULL);
  const AiperfLayer *hovered = g_ptr_array_index (chart->layers, pick->layer);
  g_autoptr(GArray) phases = g_array_new (FALSE, FALSE, sizeof (Phase));
  double first = INFINITY, last = -INFINITY;

  g_array_set_clear_func (phases, phase_clear);
  if (g_strcmp0 (chart->id_kind, "request") == 0)
    /* TRANSLATORS: the request's number, counted from 0 as the
     * "Request Number" axis of the per-request charts counts */
    g_string_append_printf (text, _("<b>Request %d</b>"), pick->id);
  else
    g_string_append_printf (text, "<b>#%d</b>", pick->id);
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      guint n;

      if (layer->kind != AIPERF_LAYER_SEGMENTS || layer->ids == NULL || layer->x2 == NULL)
        continue;
      n = MIN (layer->ids->len, aiperf_layer_get_n (layer));
      for (guint i = 0; i < n; i++)
        {
          double x0, x1;
          const char *name;
          g_autofree char *duration = NULL;
          Phase phase;

          if (g_array_index (layer->ids, int, i) != pick->id)
            continue;
          x0 = g_array_index (layer->x, double, i);
          x1 = g_array_index (layer->x2, double, i);
          name = layer->series >= 0 && (guint) layer->series < chart->series->len
                 ? ((AiperfSeries *) g_ptr_array_index (chart->series, layer->series))->name : NULL;
          duration = format_duration (&chart->x, x1 - x0);
          phase.x0 = MIN (x0, x1);
          phase.line = g_markup_printf_escaped (layer == hovered ? "\n<b>%s: %s</b>" : "\n%s: %s",
                                                name != NULL ? name : "", duration);
          g_array_append_val (phases, phase);
          first = MIN (first, MIN (x0, x1));
          last = MAX (last, MAX (x0, x1));
          break;
        }
    }
  g_array_sort (phases, phase_cmp);
  for (guint i = 0; i < phases->len; i++)
    g_string_append (text, g_array_index (phases, Phase, i).line);
  if (phases->len > 1)
    {
      g_autofree char *total = format_duration (&chart->x, last - first);

      /* TRANSLATORS: the whole request, all its phases */
      g_string_append_printf (text, _("\nTotal: %s"), total);
    }
  append_axis_line (text, &chart->x, first, "x");
  append_axis_line (text, hovered->on_y2 && chart->has_y2 ? &chart->y2 : &chart->y, pick->y, "y");
  return g_string_free (text, FALSE);
}

char *
aiperf_chart_view_format_pick (const AiperfChart *chart,
                               const AiperfPick  *pick)
{
  const AiperfLayer *layer = NULL;
  GString *text;

  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (pick != NULL, NULL);

  /* Small multiples: the layer and series are those of the panel. */
  if (pick->panel >= 0 && chart->panels != NULL && (guint) pick->panel < chart->panels->len)
    chart = g_ptr_array_index (chart->panels, pick->panel);
  if (pick->layer < chart->layers->len)
    layer = g_ptr_array_index (chart->layers, pick->layer);
  if (layer != NULL && layer->kind == AIPERF_LAYER_SEGMENTS && pick->id >= 0)
    return format_phases (chart, pick);
  text = g_string_new (NULL);

  if (pick->series >= 0 && (guint) pick->series < chart->series->len)
    {
      const AiperfSeries *s = g_ptr_array_index (chart->series, pick->series);
      g_autofree char *name = g_markup_printf_escaped ("<b>%s</b>", s->name ? s->name : "");

      g_string_append (text, name);
    }
  else if (chart->title != NULL)
    {
      g_autofree char *name = g_markup_printf_escaped ("<b>%s</b>", chart->title);

      g_string_append (text, name);
    }

  append_axis_line (text, &chart->x, pick->x, "x");
  append_axis_line (text, layer != NULL && layer->on_y2 && chart->has_y2 ? &chart->y2 : &chart->y,
                    pick->y, "y");

  if (layer != NULL && layer->labels != NULL && pick->index < layer->labels->len)
    {
      const char *label = g_ptr_array_index (layer->labels, pick->index);

      if (label != NULL && label[0] != '\0')
        {
          g_autofree char *line = NULL;

          if (chart->label_title != NULL && chart->label_title[0] != '\0')
            line = g_markup_printf_escaped ("\n%s: %s", chart->label_title, label);
          else
            line = g_markup_printf_escaped ("\n%s", label);
          g_string_append (text, line);
        }
    }

  if (text->len > 0 && text->str[0] == '\n')
    g_string_erase (text, 0, 1);
  return g_string_free (text, FALSE);
}

char *
aiperf_chart_view_hover_text (AiperfChartView *self)
{
  char *text;
  const char *name;

  g_return_val_if_fail (AIPERF_IS_CHART_VIEW (self), NULL);

  if (!self->has_hover || self->chart == NULL)
    return NULL;
  text = aiperf_chart_view_format_pick (self->chart, &self->hover);
  /* Grouped by model, four replicates at one concurrency look alike:
   * the hover names the run itself. */
  if (self->id_names != NULL && self->hover.id >= 0 && (guint) self->hover.id < self->id_names->len
      && (name = g_ptr_array_index (self->id_names, self->hover.id)) != NULL)
    {
      g_autofree char *line = g_markup_printf_escaped ("\nRun: %s", name);
      char *joined = g_strconcat (text, line, NULL);

      g_free (text);
      text = joined;
    }
  return text;
}

static void
set_source_rgba (cairo_t          *cr,
                 const AiperfRGBA *c,
                 double            alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
snapshot_ring (AiperfChartView *self,
               GtkSnapshot     *snapshot)
{
  const AiperfLayer *layer = NULL;
  AiperfRGBA color = self->style.foreground;
  double r = RING_RADIUS;
  cairo_t *cr;

  if (self->hover.layer < self->chart->layers->len)
    layer = g_ptr_array_index (self->chart->layers, self->hover.layer);
  if (layer != NULL)
    {
      color = aiperf_style_resolve (&self->style, layer->color);
      r = MAX (r, layer->marker_size / 2.0 + 4.0);
    }

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (self->hover.px - r - 3,
                                                       self->hover.py - r - 3,
                                                       2 * r + 6, 2 * r + 6));
  /* A background-coloured halo keeps the ring readable on dense data. */
  cairo_arc (cr, self->hover.px, self->hover.py, r, 0, 2 * G_PI);
  set_source_rgba (cr, &self->style.plot_background, 0.9);
  cairo_set_line_width (cr, 4.0);
  cairo_stroke_preserve (cr);
  set_source_rgba (cr, &color, 1.0);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
snapshot_tooltip (AiperfChartView *self,
                  GtkSnapshot     *snapshot,
                  int              width,
                  int              height)
{
  g_autofree char *markup = aiperf_chart_view_hover_text (self);
  g_autoptr(PangoLayout) layout = NULL;
  int tw, th;
  double bw, bh, bx, by;
  cairo_t *cr;

  if (markup == NULL || markup[0] == '\0')
    return;

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  pango_layout_set_markup (layout, markup, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  bw = tw + 2 * TOOLTIP_PAD + 2;
  bh = th + 2 * TOOLTIP_PAD;

  /* Below right of the point; flipped when it would leave the widget. */
  bx = self->hover.px + TOOLTIP_OFFSET;
  by = self->hover.py + TOOLTIP_OFFSET;
  if (bx + bw > width)
    bx = self->hover.px - TOOLTIP_OFFSET - bw;
  if (by + bh > height)
    by = self->hover.py - TOOLTIP_OFFSET - bh;
  bx = CLAMP (bx, 0, MAX (0, width - bw));
  by = CLAMP (by, 0, MAX (0, height - bh));
  bx = round (bx);
  by = round (by);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (bx, by, bw, bh));
  rounded_rect (cr, bx + 0.5, by + 0.5, bw - 1, bh - 1, 5.0);
  set_source_rgba (cr, &self->style.background, 0.94);
  cairo_fill_preserve (cr);
  set_source_rgba (cr, &self->style.foreground, 0.35);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  /* The series colour ties the box to its point. */
  if (self->hover.layer < self->chart->layers->len)
    {
      const AiperfLayer *layer = g_ptr_array_index (self->chart->layers, self->hover.layer);
      AiperfRGBA color = aiperf_style_resolve (&self->style, layer->color);

      cairo_save (cr);
      rounded_rect (cr, bx + 0.5, by + 0.5, bw - 1, bh - 1, 5.0);
      cairo_clip (cr);
      cairo_rectangle (cr, bx, by, 4, bh);
      set_source_rgba (cr, &color, 1.0);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  set_source_rgba (cr, &self->style.foreground, 1.0);
  cairo_move_to (cr, bx + TOOLTIP_PAD + 2, by + TOOLTIP_PAD);
  pango_cairo_show_layout (cr, layout);
  cairo_destroy (cr);
}

gboolean
aiperf_chart_view_get_rubber_band (AiperfChartView *self,
                                   graphene_rect_t *out_rect)
{
  AiperfRect area = aiperf_renderer_get_plot_area (self->renderer);
  double x0 = self->drag_x0, y0 = self->drag_y0;
  double x1 = x0 + self->drag_dx, y1 = y0 + self->drag_dy;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  /* Only the plot area can be zoomed into. A flat box zooms one axis: it
   * spans the whole plot in the other. */
  x0 = CLAMP (x0, area.x, area.x + area.width);
  x1 = CLAMP (x1, area.x, area.x + area.width);
  y0 = CLAMP (y0, area.y, area.y + area.height);
  y1 = CLAMP (y1, area.y, area.y + area.height);
  if (fabs (x1 - x0) < AIPERF_CHART_VIEW_DRAG_THRESHOLD
      && fabs (y1 - y0) < AIPERF_CHART_VIEW_DRAG_THRESHOLD)
    return FALSE;
  if (fabs (y1 - y0) < AIPERF_CHART_VIEW_DRAG_THRESHOLD)
    {
      y0 = area.y;
      y1 = area.y + area.height;
    }
  else if (fabs (x1 - x0) < AIPERF_CHART_VIEW_DRAG_THRESHOLD)
    {
      x0 = area.x;
      x1 = area.x + area.width;
    }
  graphene_rect_init (out_rect, MIN (x0, x1), MIN (y0, y1), fabs (x1 - x0), fabs (y1 - y0));
  return TRUE;
}

static void
snapshot_rubber_band (AiperfChartView *self,
                      GtkSnapshot     *snapshot)
{
  const AiperfRGBA *a = &self->style.roles[AIPERF_ROLE_ACCENT];
  GdkRGBA fill = { a->r, a->g, a->b, 0.15 };
  GdkRGBA edge = { a->r, a->g, a->b, 0.9 };
  GdkRGBA edges[4] = { edge, edge, edge, edge };
  float widths[4] = { 1, 1, 1, 1 };
  graphene_rect_t rect;
  GskRoundedRect outline;

  if (!aiperf_chart_view_get_rubber_band (self, &rect))
    return;

  gtk_snapshot_append_color (snapshot, &fill, &rect);
  gsk_rounded_rect_init_from_rect (&outline, &rect, 0);
  gtk_snapshot_append_border (snapshot, &outline, widths, edges);
}

void
aiperf_chart_view_snapshot_overlay (AiperfChartView *self,
                                    GtkSnapshot     *snapshot,
                                    int              width,
                                    int              height)
{
  g_assert (AIPERF_IS_CHART_VIEW (self));

  if (self->chart == NULL)
    return;

  /* Keyboard focus shows, as GTK's focus rings do: arrows act on this chart. */
  aiperf_focus_ring_snapshot (GTK_WIDGET (self), snapshot);

  if (self->drag_mode == AIPERF_DRAG_RUBBER_BAND && self->drag_started)
    snapshot_rubber_band (self, snapshot);

  if (self->has_hover && self->drag_mode == AIPERF_DRAG_NONE)
    {
      snapshot_ring (self, snapshot);
      snapshot_tooltip (self, snapshot, width, height);
    }
}
