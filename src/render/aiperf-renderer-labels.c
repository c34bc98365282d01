/* aiperf-renderer-labels.c — point labels that do not pile on each other.
 *
 * aiperf prints every label above its point, so "1 1", "4 4" overlap and a
 * label repeated at the same place prints twice. Here each label tries a
 * few places around its point and takes the first free one; a label that
 * would repeat the same text at the same place, or that finds no free
 * place, is left out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>
#include <string.h>

#define MAX_LABELS 2000

typedef struct {
  AiperfRect  rect;
  const char *text;
  double      px, py;
} Placed;

static gboolean
overlaps (const AiperfRect *a,
          const AiperfRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

static gboolean
inside (const AiperfRect *outer,
        const AiperfRect *r)
{
  return r->x >= outer->x && r->y >= outer->y &&
         r->x + r->width <= outer->x + outer->width &&
         r->y + r->height <= outer->y + outer->height;
}

void
aiperf_renderer_draw_labels (AiperfRenderer *self,
                             cairo_t        *cr)
{
  const AiperfChart *chart = self->chart;
  const AiperfRect *area = &self->area;
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (Placed));
  g_autoptr(GArray) markers = g_array_new (FALSE, FALSE, sizeof (AiperfRect));
  double s = self->s;
  guint total = 0;

  g_array_set_size (self->label_rects, 0);
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind == AIPERF_LAYER_POINTS && layer->labels != NULL &&
          aiperf_renderer_layer_visible (chart, layer))
        total += aiperf_layer_get_n (layer);
    }
  if (total == 0 || total > MAX_LABELS)
    return;

  /* Markers are obstacles too: a label never covers a labelled point. */
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfAxisMap *ym = aiperf_renderer_y_map (self, layer->on_y2);

      if (layer->kind != AIPERF_LAYER_POINTS || layer->labels == NULL ||
          !aiperf_renderer_layer_visible (chart, layer))
        continue;
      for (guint i = 0; i < aiperf_layer_get_n (layer); i++)
        {
          double r = layer->marker_size * s / 2;
          AiperfRect m = { aiperf_axis_map_to_px (&self->mx, g_array_index (layer->x, double, i)) - r,
                           aiperf_axis_map_to_px (ym, g_array_index (layer->y, double, i)) - r,
                           2 * r, 2 * r };

          if (isfinite (m.x) && isfinite (m.y))
            g_array_append_val (markers, m);
        }
    }

  /* A legend inside the plot is an obstacle like any marker. */
  if (self->legend_inside && self->legend_w > 0)
    g_array_append_val (markers, self->legend_box);

  cairo_save (cr);
  aiperf_renderer_set_font (self, self->style->font_size * s, FALSE);
  aiperf_set_rgba (cr, self->style->foreground, 0.9);
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfAxisMap *ym = aiperf_renderer_y_map (self, layer->on_y2);

      if (layer->kind != AIPERF_LAYER_POINTS || layer->labels == NULL ||
          !aiperf_renderer_layer_visible (chart, layer))
        continue;
      for (guint i = 0; i < aiperf_layer_get_n (layer) && i < layer->labels->len; i++)
        {
          const char *text = g_ptr_array_index (layer->labels, i);
          double px = aiperf_axis_map_to_px (&self->mx, g_array_index (layer->x, double, i));
          double py = aiperf_axis_map_to_px (ym, g_array_index (layer->y, double, i));
          double r = layer->marker_size * s / 2 + 2 * s;
          double w, h;
          gboolean duplicate = FALSE;
          /* Upper right first: off the point's own vertical (error bars,
           * step risers) and off a rising line; then around the clock. */
          const double dirs[][2] = { { 1, -1 }, { 0, -1 }, { 1, 0 }, { -1, -1 },
                                     { 0, 1 }, { -1, 0 }, { 1, 1 }, { -1, 1 } };

          if (text == NULL || text[0] == '\0' || !isfinite (px) || !isfinite (py) ||
              px < area->x || px > area->x + area->width ||
              py < area->y || py > area->y + area->height)
            continue;
          aiperf_renderer_text_size (self, text, &w, &h);
          for (guint k = 0; k < placed->len && !duplicate; k++)
            {
              const Placed *p = &g_array_index (placed, Placed, k);

              duplicate = strcmp (p->text, text) == 0 &&
                          fabs (p->px - px) < w && fabs (p->py - py) < h;
            }
          if (duplicate)
            continue;
          for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
            {
              AiperfRect rect;
              gboolean free_spot = TRUE;

              rect.width = w;
              rect.height = h;
              rect.x = dirs[d][0] == 0 ? px - w / 2 : dirs[d][0] > 0 ? px + r : px - r - w;
              rect.y = dirs[d][1] == 0 ? py - h / 2 : dirs[d][1] > 0 ? py + r : py - r - h;
              /* Diagonal spots hug the point: half the offset each way. */
              if (dirs[d][0] != 0 && dirs[d][1] != 0)
                rect.y += dirs[d][1] > 0 ? -r / 2 : r / 2;
              if (!inside (area, &rect))
                continue;
              for (guint k = 0; k < placed->len && free_spot; k++)
                free_spot = !overlaps (&g_array_index (placed, Placed, k).rect, &rect);
              for (guint k = 0; k < markers->len && free_spot; k++)
                free_spot = !overlaps (&g_array_index (markers, AiperfRect, k), &rect);
              if (!free_spot)
                continue;
              {
                Placed p = { rect, text, px, py };

                g_array_append_val (placed, p);
                g_array_append_val (self->label_rects, rect);
              }
              /* A halo of the background keeps the label readable over lines. */
              cairo_move_to (cr, rect.x, rect.y);
              pango_cairo_layout_path (cr, self->layout);
              aiperf_set_rgba (cr, self->style->plot_background, 0.85);
              cairo_set_line_width (cr, 3 * s);
              cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
              cairo_stroke (cr);
              aiperf_set_rgba (cr, self->style->foreground, 0.9);
              cairo_move_to (cr, rect.x, rect.y);
              pango_cairo_show_layout (cr, self->layout);
              self->primitives++;
              break;
            }
        }
    }
  cairo_restore (cr);
}
