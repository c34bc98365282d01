/* aiperf-renderer-labels.c — point labels that do not pile on each other.
 *
 * aiperf prints every label above its point, so "1 1", "4 4" overlap and a
 * label repeated at the same place prints twice. Here each label tries a
 * few places around its point and takes the first one free of other
 * labels, every drawn marker and data lines (failing that, the first free
 * of labels and markers). When every place beside its point is taken, it
 * goes to the nearest free place a little further out, joined to its
 * point by a thin leader line that crosses no other label or marker;
 * only when there is none of those either is it left out, and the chart's
 * note counts it ("3 point labels hidden: no room") instead of losing it
 * silently. A label that would repeat the same text of the same series at
 * the same place is left out. Sliding text (a roofline ceiling's label) is placed first,
 * along its row, by the same rules, and is never left out.
 *
 * A label is written in its series' colour (made readable on the plot
 * background), so a label next to another series' line is not misread.
 * Its halo is painted before the data layers and its text after them: the
 * halo hides the grid behind the text but never a data line, and a line
 * that must cross a label stays whole.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>
#include <string.h>

#define MAX_LABELS 2000

/* Data lines longer than this are not obstacles (too costly to test, and
 * a chart that dense has no room for labels anyway). */
#define MAX_LINE_VERTICES 5000

/* Past this many drawn markers, labels keep clear of their own layers'
 * markers only (each label tests every obstacle). */
#define MAX_MARKER_OBSTACLES 5000

/* Leader lines: tried only on charts with at most this many labels (each
 * tries up to LEADER_RINGS × LEADER_ANGLES places), out to this many rings
 * of half a label's height beyond the places next to the point. */
#define MAX_LEADER_LABELS 300
#define LEADER_RINGS 12
#define LEADER_ANGLES 16

typedef struct {
  double x0, y0, x1, y1;
} Segment;

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

/* Liang–Barsky: does the segment enter the rectangle? */
static gboolean
segment_hits (const Segment    *sg,
              const AiperfRect *r)
{
  double dx = sg->x1 - sg->x0, dy = sg->y1 - sg->y0;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { sg->x0 - r->x, r->x + r->width - sg->x0,
                  sg->y0 - r->y, r->y + r->height - sg->y0 };
  double t0 = 0, t1 = 1;

  for (int k = 0; k < 4; k++)
    {
      if (p[k] == 0)
        {
          if (q[k] < 0)
            return FALSE;
          continue;
        }
      {
        double t = q[k] / p[k];

        if (p[k] < 0)
          t0 = MAX (t0, t);
        else
          t1 = MIN (t1, t);
      }
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

static void
add_segment (GArray *segments,
             double  x0,
             double  y0,
             double  x1,
             double  y1)
{
  Segment sg = { x0, y0, x1, y1 };

  if (isfinite (x0) && isfinite (y0) && isfinite (x1) && isfinite (y1))
    g_array_append_val (segments, sg);
}

/* The drawn data lines (lines, steps, area tops, reference lines), in pixels. */
static GArray *
collect_lines (AiperfRenderer *self)
{
  const AiperfChart *chart = self->chart;
  GArray *segments = g_array_new (FALSE, FALSE, sizeof (Segment));

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfAxisMap *ym = aiperf_renderer_y_map (self, layer->on_y2);
      guint n = aiperf_layer_get_n (layer);
      gboolean step = layer->kind == AIPERF_LAYER_STEP ||
                      (layer->kind == AIPERF_LAYER_AREA && layer->step);

      if (!aiperf_renderer_layer_visible (chart, layer) || n > MAX_LINE_VERTICES)
        continue;
      if (layer->kind == AIPERF_LAYER_HLINE)
        {
          for (guint i = 0; i < n; i++)
            {
              double py = aiperf_axis_map_to_px (ym, g_array_index (layer->y, double, i));

              add_segment (segments, self->area.x, py, self->area.x + self->area.width, py);
            }
          continue;
        }
      if (layer->kind != AIPERF_LAYER_LINE && layer->kind != AIPERF_LAYER_STEP &&
          layer->kind != AIPERF_LAYER_AREA)
        continue;
      for (guint i = 1; i < n; i++)
        {
          double x0 = aiperf_axis_map_to_px (&self->mx, g_array_index (layer->x, double, i - 1));
          double y0 = aiperf_axis_map_to_px (ym, g_array_index (layer->y, double, i - 1));
          double x1 = aiperf_axis_map_to_px (&self->mx, g_array_index (layer->x, double, i));
          double y1 = aiperf_axis_map_to_px (ym, g_array_index (layer->y, double, i));

          if (step)
            {
              add_segment (segments, x0, y0, x1, y0);
              add_segment (segments, x1, y0, x1, y1);
            }
          else
            add_segment (segments, x0, y0, x1, y1);
        }
    }
  return segments;
}

/* A layer whose markers are drawn (and so must not be written over). */
static gboolean
draws_markers (const AiperfChart *chart,
               const AiperfLayer *layer)
{
  return layer->kind == AIPERF_LAYER_POINTS && layer->opacity > 0 && layer->marker_size > 0 &&
         aiperf_renderer_layer_visible (chart, layer);
}

static gboolean
labels_drawn (const AiperfChart *chart,
              const AiperfLayer *layer)
{
  return layer->labels != NULL && aiperf_renderer_layer_visible (chart, layer) &&
         ((layer->kind == AIPERF_LAYER_POINTS && !layer->hover_labels) ||
          (layer->kind == AIPERF_LAYER_TEXT && layer->text_slides));
}

/* The boxes of the markers labels keep clear of: every drawn one, or only
 * the labelled layers' when there are too many to test. */
static GArray *
collect_markers (AiperfRenderer *self)
{
  const AiperfChart *chart = self->chart;
  GArray *markers = g_array_new (FALSE, FALSE, sizeof (AiperfRect));
  guint total = 0;
  gboolean all;

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (draws_markers (chart, layer))
        total += aiperf_layer_get_n (layer);
    }
  all = total <= MAX_MARKER_OBSTACLES;
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfAxisMap *ym = aiperf_renderer_y_map (self, layer->on_y2);
      double r = layer->marker_size * self->s / 2;

      if (!draws_markers (chart, layer) || (!all && !labels_drawn (chart, layer)))
        continue;
      for (guint i = 0; i < aiperf_layer_get_n (layer); i++)
        {
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
  return markers;
}

/* Whether @r is inside the plot and clear of placed labels, markers and,
 * when @lines is not NULL, data lines. */
static gboolean
spot_free (AiperfRenderer   *self,
           const AiperfRect *r,
           GArray           *markers,
           GArray           *lines)
{
  GArray *placed = self->labels;

  if (!inside (&self->area, r))
    return FALSE;
  for (guint k = 0; k < placed->len; k++)
    if (overlaps (&g_array_index (placed, AiperfPlacedLabel, k).rect, r))
      return FALSE;
  for (guint k = 0; k < markers->len; k++)
    if (overlaps (&g_array_index (markers, AiperfRect, k), r))
      return FALSE;
  for (guint k = 0; lines != NULL && k < lines->len; k++)
    if (segment_hits (&g_array_index (lines, Segment, k), r))
      return FALSE;
  return TRUE;
}

/* Whether the leader line from (x0, y0) to (x1, y1) crosses a placed label
 * or a marker other than the one it starts at. */
static gboolean
leader_free (AiperfRenderer *self,
             const Segment  *leader,
             GArray         *markers)
{
  GArray *placed = self->labels;

  for (guint k = 0; k < placed->len; k++)
    if (segment_hits (leader, &g_array_index (placed, AiperfPlacedLabel, k).rect))
      return FALSE;
  for (guint k = 0; k < markers->len; k++)
    {
      const AiperfRect *m = &g_array_index (markers, AiperfRect, k);

      /* its own point's marker (and any drawn on the same spot) */
      if (leader->x0 >= m->x - 0.5 && leader->x0 <= m->x + m->width + 0.5 &&
          leader->y0 >= m->y - 0.5 && leader->y0 <= m->y + m->height + 0.5)
        continue;
      if (segment_hits (leader, m))
        return FALSE;
    }
  return TRUE;
}

/* The nearest free place further from (px, py) than the places beside it,
 * joined by a leader line from the marker's edge (@r_marker) to the label's
 * nearest point; FALSE when there is none within LEADER_RINGS rings. */
static gboolean
place_with_leader (AiperfRenderer    *self,
                   AiperfPlacedLabel *p,
                   double             r,
                   double             r_marker,
                   GArray            *markers,
                   GArray            *lines)
{
  double px = p->px, py = p->py, w = p->rect.width, h = p->rect.height;

  for (int pass = 0; pass < 2; pass++)
    for (guint ring = 1; ring <= LEADER_RINGS; ring++)
      for (guint a = 0; a < LEADER_ANGLES; a++)
        {
          /* Round the clock from the upper right, as the places beside it. */
          double angle = -G_PI / 4 + 2 * G_PI * a / LEADER_ANGLES;
          double c = cos (angle), sn = sin (angle);
          double d = r + ring * h / 2;
          double nx, ny, len;
          Segment leader;

          p->rect.x = px + c * (d + w / 2) - w / 2;
          p->rect.y = py + sn * (d + h / 2) - h / 2;
          if (!spot_free (self, &p->rect, markers, pass == 0 ? lines : NULL))
            continue;
          nx = CLAMP (px, p->rect.x, p->rect.x + p->rect.width);
          ny = CLAMP (py, p->rect.y, p->rect.y + p->rect.height);
          len = hypot (nx - px, ny - py);
          if (!(len > r_marker))
            continue;
          leader = (Segment) { px + (nx - px) * r_marker / len, py + (ny - py) * r_marker / len,
                               /* stop short of the text, which it must not cross */
                               nx - (nx - px) / len, ny - (ny - py) / len };
          if (!leader_free (self, &leader, markers))
            continue;
          p->leader = TRUE;
          return TRUE;
        }
  return FALSE;
}

/* Sliding text: where the chart put it when that is free, else the nearest
 * free place along its row (a ceiling's label slides along the ceiling),
 * else a row above or below. First clear of lines too; then lines may
 * cross it; failing both, where the chart put it. */
static void
place_sliding_text (AiperfRenderer    *self,
                    const AiperfLayer *layer,
                    GArray            *markers,
                    GArray            *lines)
{
  const AiperfRect *area = &self->area;
  const AiperfAxisMap *ym = aiperf_renderer_y_map (self, layer->on_y2);
  AiperfRGBA color = aiperf_style_readable (self->style, aiperf_style_resolve (self->style, layer->color), 4.5);

  for (guint i = 0; i < aiperf_layer_get_n (layer) && i < layer->labels->len; i++)
    {
      const char *text = g_ptr_array_index (layer->labels, i);
      double px = aiperf_axis_map_to_px (&self->mx, g_array_index (layer->x, double, i));
      double py = aiperf_axis_map_to_px (ym, g_array_index (layer->y, double, i));
      AiperfPlacedLabel p = { { 0, 0, 0, 0 }, text, px, py, color, FALSE };
      double w, h;
      gboolean done = FALSE;
      guint n_steps;

      if (text == NULL || text[0] == '\0' || !isfinite (px) || !isfinite (py))
        continue;
      aiperf_renderer_text_size (self, text, &w, &h);
      p.rect.width = w;
      p.rect.height = h;
      n_steps = (guint) MIN (ceil (area->width / MAX (h / 2, 1.0)), 4000.0);
      for (int pass = 0; pass < 2 && !done; pass++)
        for (int row = 0; row < 3 && !done; row++)
          for (guint k = 0; k <= n_steps && !done; k++)
            for (int side = -1; side <= 1 && !done; side += 2)
              {
                if (k == 0 && side > 0)
                  continue;
                /* rows: its own, then one above, then one below */
                p.rect.y = py - h / 2 + (row == 0 ? 0 : row == 1 ? -1.2 * h : 1.2 * h);
                p.rect.x = px - w / 2 + side * (double) k * h / 2;
                done = spot_free (self, &p.rect, markers, pass == 0 ? lines : NULL);
              }
      if (!done)
        {
          p.rect.x = px - w / 2;
          p.rect.y = py - h / 2;
        }
      g_array_append_val (self->labels, p);
    }
}

void
aiperf_renderer_place_labels (AiperfRenderer *self)
{
  const AiperfChart *chart = self->chart;
  const AiperfRect *area = &self->area;
  GArray *placed = self->labels;
  g_autoptr(GArray) markers = NULL;
  g_autoptr(GArray) lines = NULL;
  double s = self->s;
  guint total = 0;

  g_array_set_size (placed, 0);
  g_array_set_size (self->rule_labels, 0);
  self->hidden_labels = 0;
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (labels_drawn (chart, layer))
        total += aiperf_layer_get_n (layer);
    }
  if (total == 0 || total > MAX_LABELS)
    return;
  markers = collect_markers (self);
  lines = collect_lines (self);

  aiperf_renderer_set_font (self, self->style->font_size * s, FALSE);
  /* Notes on the chart first: a ceiling's label matters more than a point's name. */
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind == AIPERF_LAYER_TEXT && labels_drawn (chart, layer))
        place_sliding_text (self, layer, markers, lines);
    }
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfAxisMap *ym = aiperf_renderer_y_map (self, layer->on_y2);
      AiperfRGBA color;

      if (layer->kind != AIPERF_LAYER_POINTS || !labels_drawn (chart, layer))
        continue;
      /* The series' own colour, unfaded: de-emphasised points keep
       * readable labels. */
      color = aiperf_style_readable (self->style, aiperf_style_resolve (self->style, layer->color),
                                     4.5);
      for (guint i = 0; i < aiperf_layer_get_n (layer) && i < layer->labels->len; i++)
        {
          const char *text = g_ptr_array_index (layer->labels, i);
          double px = aiperf_axis_map_to_px (&self->mx, g_array_index (layer->x, double, i));
          double py = aiperf_axis_map_to_px (ym, g_array_index (layer->y, double, i));
          double r = layer->marker_size * s / 2 + 2 * s;
          double w, h;
          gboolean duplicate = FALSE, done = FALSE;
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
              const AiperfPlacedLabel *p = &g_array_index (placed, AiperfPlacedLabel, k);

              /* A repeat says the same of the same series: another
               * series' "fireworks" beside this one is not one. */
              duplicate = strcmp (p->text, text) == 0 &&
                          p->color.r == color.r && p->color.g == color.g && p->color.b == color.b &&
                          fabs (p->px - px) < w && fabs (p->py - py) < h;
            }
          if (duplicate)
            continue;
          /* First pass: clear of lines too; second: lines may cross it. */
          for (int pass = 0; pass < 2 && !done; pass++)
            for (guint d = 0; d < G_N_ELEMENTS (dirs) && !done; d++)
              {
                AiperfPlacedLabel p = { { 0, 0, w, h }, text, px, py, color, FALSE };

                p.rect.x = dirs[d][0] == 0 ? px - w / 2 : dirs[d][0] > 0 ? px + r : px - r - w;
                p.rect.y = dirs[d][1] == 0 ? py - h / 2 : dirs[d][1] > 0 ? py + r : py - r - h;
                /* Diagonal spots hug the point: half the offset each way. */
                if (dirs[d][0] != 0 && dirs[d][1] != 0)
                  p.rect.y += dirs[d][1] > 0 ? -r / 2 : r / 2;
                if (!spot_free (self, &p.rect, markers, pass == 0 ? lines : NULL))
                  continue;
                g_array_append_val (placed, p);
                done = TRUE;
              }
          if (!done)
            {
              AiperfPlacedLabel p = { { 0, 0, w, h }, text, px, py, color, FALSE };

              if (total <= MAX_LEADER_LABELS &&
                  place_with_leader (self, &p, r, layer->marker_size * s / 2, markers, lines))
                g_array_append_val (placed, p);
              else
                self->hidden_labels++;
            }
        }
    }
}

void
aiperf_renderer_draw_label_halos (AiperfRenderer *self,
                                  cairo_t        *cr)
{
  GArray *placed = self->labels;
  double s = self->s;

  if (placed->len == 0)
    return;
  /* The halos, under the data layers still to come. */
  aiperf_renderer_set_font (self, self->style->font_size * s, FALSE);
  cairo_save (cr);
  aiperf_set_rgba (cr, self->style->plot_background, 0.85);
  cairo_set_line_width (cr, 3 * s);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint k = 0; k < placed->len; k++)
    {
      const AiperfPlacedLabel *p = &g_array_index (placed, AiperfPlacedLabel, k);

      pango_layout_set_text (self->layout, p->text, -1);
      cairo_move_to (cr, p->rect.x, p->rect.y);
      pango_cairo_layout_path (cr, self->layout);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
aiperf_renderer_draw_labels (AiperfRenderer *self,
                             cairo_t        *cr)
{
  GArray *placed = self->labels;

  if (placed->len == 0)
    return;
  cairo_save (cr);
  /* Leader lines first, thin and in the label's colour: the text ends them. */
  cairo_set_line_width (cr, self->s);
  for (guint k = 0; k < placed->len; k++)
    {
      const AiperfPlacedLabel *p = &g_array_index (placed, AiperfPlacedLabel, k);
      double nx, ny, len, r;

      if (!p->leader)
        continue;
      nx = CLAMP (p->px, p->rect.x, p->rect.x + p->rect.width);
      ny = CLAMP (p->py, p->rect.y, p->rect.y + p->rect.height);
      len = hypot (nx - p->px, ny - p->py);
      /* from the edge of a marker of the usual size */
      r = MIN (4 * self->s, len / 2);
      aiperf_set_rgba (cr, p->color, 0.7);
      cairo_move_to (cr, p->px + (nx - p->px) * r / len, p->py + (ny - p->py) * r / len);
      cairo_line_to (cr, nx, ny);
      cairo_stroke (cr);
      self->primitives++;
    }
  aiperf_renderer_set_font (self, self->style->font_size * self->s, FALSE);
  for (guint k = 0; k < placed->len; k++)
    {
      const AiperfPlacedLabel *p = &g_array_index (placed, AiperfPlacedLabel, k);

      pango_layout_set_text (self->layout, p->text, -1);
      aiperf_set_rgba (cr, p->color, 1.0);
      cairo_move_to (cr, p->rect.x, p->rect.y);
      pango_cairo_show_layout (cr, self->layout);
      self->primitives++;
    }
  cairo_restore (cr);
}

GArray *
aiperf_renderer_get_placed_labels (AiperfRenderer *self)
{
  GArray *out;

  g_return_val_if_fail (self != NULL, NULL);
  out = g_array_sized_new (FALSE, FALSE, sizeof (AiperfLabelBox), self->label_boxes->len);
  g_array_append_vals (out, self->label_boxes->data, self->label_boxes->len);
  return out;
}
