/* aiperf-renderer-layout.c — where the plot area, ticks and legend go.
 *
 * Margins come from measured text (pango), not fixed numbers, so long tick
 * labels, axis titles with units, a right axis, a colour bar and an
 * outside legend all fit without clipping at any size and scale.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>
#include "aiperf-ticks.h"

void
aiperf_tick_set_clear (AiperfTickSet *t)
{
  g_clear_pointer (&t->values, g_array_unref);
  g_clear_pointer (&t->labels, g_ptr_array_unref);
  t->max_w = t->max_h = 0;
  t->rotated = FALSE;
}

static void
tick_add (AiperfTickSet *t,
          double         value,
          char          *label)
{
  g_array_append_val (t->values, value);
  g_ptr_array_add (t->labels, label);
}

/* Log ticks that always give at least two labels: decades (every
 * @stride-th, aligned on multiples so they read 1, 1k, 1M), with 2 and 5
 * in between when there is room; linear ticks inside a single decade. */
static GArray *
log_ticks (double    min,
           double    max,
           guint     target,
           gboolean *out_linear)
{
  GArray *ticks = aiperf_ticks_log (min, max, target);

  *out_linear = FALSE;
  if (ticks->len >= 2)
    return ticks;
  g_array_unref (ticks);
  *out_linear = TRUE;
  return aiperf_ticks_linear (min, max, MAX (target, 2u));
}

typedef struct {
  double value;
  guint  index;
} Category;

static int
category_compare (gconstpointer a,
                  gconstpointer b)
{
  const Category *ca = a, *cb = b;

  if (ca->value != cb->value)
    return ca->value < cb->value ? -1 : 1;
  return (ca->index > cb->index) - (ca->index < cb->index);
}

/* Category ticks in view, at least @min_px apart along @length_px: 16,000
 * time slices give a few dozen ticks to measure and draw, not 16,000. */
static void
add_category_ticks (AiperfTickSet    *t,
                    const AiperfAxis *axis,
                    AiperfScale       scale,
                    double            min,
                    double            max,
                    double            length_px,
                    double            min_px)
{
  g_autoptr(GArray) cats = g_array_new (FALSE, FALSE, sizeof (Category));
  gboolean log_axis = scale == AIPERF_SCALE_LOG;
  double lo = log_axis ? log10 (min) : min, hi = log_axis ? log10 (max) : max;
  double per_px = hi > lo && length_px > 0 ? (hi - lo) / length_px : 0;
  double last = -INFINITY;

  for (guint i = 0; i < axis->tick_positions->len; i++)
    {
      Category cat = { g_array_index (axis->tick_positions, double, i), i };

      if (cat.value >= min && cat.value <= max && (!log_axis || cat.value > 0))
        g_array_append_val (cats, cat);
    }
  g_array_sort (cats, category_compare);
  for (guint i = 0; i < cats->len; i++)
    {
      const Category *cat = &g_array_index (cats, Category, i);
      double at = log_axis ? log10 (cat->value) : cat->value;

      if (per_px > 0 && at - last < min_px * per_px)
        continue;
      last = at;
      tick_add (t, cat->value, g_strdup (g_ptr_array_index (axis->tick_labels, cat->index)));
    }
}

static void
make_ticks (AiperfRenderer   *self,
            AiperfTickSet    *t,
            const AiperfAxis *axis,
            AiperfScale       scale,
            double            min,
            double            max,
            guint             target,
            double            length_px)
{
  aiperf_tick_set_clear (t);
  t->values = g_array_new (FALSE, FALSE, sizeof (double));
  t->labels = g_ptr_array_new_with_free_func (g_free);

  if (axis != NULL && axis->tick_positions != NULL && axis->tick_positions->len > 0)
    add_category_ticks (t, axis, scale, min, max, length_px,
                        1.2 * self->style->font_size * self->s);
  else
    {
      gboolean linear = TRUE;
      g_autoptr(GArray) values = scale == AIPERF_SCALE_LOG
        ? log_ticks (min, max, target, &linear)
        : axis != NULL && axis->integer_ticks ? aiperf_ticks_integer (min, max, target)
        : aiperf_ticks_linear (min, max, target);

      g_array_append_vals (t->values, values->data, values->len);
      g_ptr_array_extend_and_steal (t->labels, aiperf_ticks_format_axis (values, !linear));
    }

  for (guint i = 0; i < t->labels->len; i++)
    {
      double w, h;

      aiperf_renderer_text_size (self, g_ptr_array_index (t->labels, i), &w, &h);
      t->max_w = MAX (t->max_w, w);
      t->max_h = MAX (t->max_h, h);
    }
}

char **
aiperf_renderer_get_tick_labels (AiperfRenderer *self,
                                 char            axis)
{
  const AiperfTickSet *t;
  GPtrArray *out;

  g_return_val_if_fail (self != NULL, NULL);
  t = axis == 'x' ? &self->xt : axis == 'y' ? &self->yt : axis == '2' ? &self->y2t
    : axis == 'c' ? &self->ct : NULL;
  g_return_val_if_fail (t != NULL, NULL);
  out = g_ptr_array_new ();
  for (guint i = 0; t->labels != NULL && i < t->labels->len; i++)
    {
      const char *label = g_ptr_array_index (t->labels, i);

      if (label[0] != '\0')
        g_ptr_array_add (out, g_strdup (label));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* TRUE when neighbouring x labels (centred on their ticks) overlap. */
static gboolean
x_labels_collide (AiperfRenderer      *self,
                  const AiperfTickSet *t,
                  const AiperfAxisMap *m)
{
  double prev_right = -INFINITY;
  double gap = 6 * self->s;

  for (guint i = 0; i < t->values->len; i++)
    {
      double w;
      double p = aiperf_axis_map_to_px (m, g_array_index (t->values, double, i));

      aiperf_renderer_text_size (self, g_ptr_array_index (t->labels, i), &w, NULL);
      if (p - w / 2 < prev_right + gap)
        return TRUE;
      prev_right = p + w / 2;
    }
  return FALSE;
}

/* Blanks labels of a vertical axis until neighbours do not touch: on a
 * log axis the 2s and 5s go first, then every other label. */
static void
thin_vertical (AiperfTickSet       *t,
               const AiperfAxisMap *m)
{
  double need = t->max_h * 1.05;
  guint n = t->values->len, keep = 1;

  if (n < 2)
    return;
  for (int pass = 0; pass < 2; pass++)
    {
      double min_gap = INFINITY, prev = NAN;

      for (guint i = 0; i < n; i++)
        {
          double p;

          if (((const char *) g_ptr_array_index (t->labels, i))[0] == '\0')
            continue;
          p = aiperf_axis_map_to_px (m, g_array_index (t->values, double, i));
          if (isfinite (prev))
            min_gap = MIN (min_gap, fabs (p - prev));
          prev = p;
        }
      if (min_gap >= need)
        return;
      if (pass == 0 && m->scale == AIPERF_SCALE_LOG)
        {
          for (guint i = 0; i < n; i++)
            {
              double v = g_array_index (t->values, double, i);
              double mant = v / pow (10.0, floor (log10 (v) + 1e-9));

              if (fabs (mant - 1.0) > 1e-6)
                {
                  g_free (g_ptr_array_index (t->labels, i));
                  g_ptr_array_index (t->labels, i) = g_strdup ("");
                }
            }
          continue;
        }
      keep = (guint) ceil (need / MAX (min_gap, 1e-3));
      break;
    }
  if (keep <= 1)
    return;
  for (guint i = 0; i < n; i++)
    if (i % keep != 0)
      {
        g_free (g_ptr_array_index (t->labels, i));
        g_ptr_array_index (t->labels, i) = g_strdup ("");
      }
}

/* Blanks labels until turned ones have room: a label is kept when it is
 * far enough from the last kept one (even or uneven spacing alike). */
static void
thin_rotated (AiperfRenderer      *self,
              AiperfTickSet       *t,
              const AiperfAxisMap *m)
{
  double need = t->max_h * 1.2 / 0.7071, last = -INFINITY;

  (void) self;
  for (guint i = 0; i < t->values->len; i++)
    {
      double p = aiperf_axis_map_to_px (m, g_array_index (t->values, double, i));

      if (fabs (p - last) >= need)
        {
          last = p;
          continue;
        }
      g_free (g_ptr_array_index (t->labels, i));
      g_ptr_array_index (t->labels, i) = g_strdup ("");
    }
}

static void
set_map (AiperfAxisMap *m,
         AiperfScale    scale,
         double         min,
         double         max,
         double         p0,
         double         p1)
{
  m->scale = scale;
  m->lo = scale == AIPERF_SCALE_LOG ? log10 (min) : min;
  m->hi = scale == AIPERF_SCALE_LOG ? log10 (max) : max;
  if (!(m->hi > m->lo))
    m->hi = m->lo + 1;
  m->p0 = p0;
  m->p1 = p1;
}

char *
aiperf_axis_title_text (const AiperfAxis *axis)
{
  gboolean has_title = axis->title != NULL && axis->title[0] != '\0';
  gboolean has_unit = axis->unit != NULL && axis->unit[0] != '\0';

  if (has_title && has_unit)
    return g_strdup_printf ("%s (%s)", axis->title, axis->unit);
  if (has_title)
    return g_strdup (axis->title);
  if (has_unit)
    return g_strdup (axis->unit);
  return NULL;
}

static double
axis_title_height (AiperfRenderer   *self,
                   const AiperfAxis *axis)
{
  g_autofree char *text = aiperf_axis_title_text (axis);
  double h = 0;

  if (text == NULL)
    return 0;
  aiperf_renderer_set_font (self, (self->style->font_size + 1) * self->s, FALSE);
  aiperf_renderer_text_size (self, text, NULL, &h);
  return h;
}

static void
color_range (AiperfRenderer *self)
{
  const AiperfChart *chart = self->chart;
  double lo = INFINITY, hi = -INFINITY;

  if (chart->color_axis.fixed_range && chart->color_axis.max > chart->color_axis.min)
    {
      self->c_min = chart->color_axis.min;
      self->c_max = chart->color_axis.max;
      return;
    }
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind != AIPERF_LAYER_CELLS || layer->value == NULL)
        continue;
      for (guint i = 0; i < layer->value->len; i++)
        {
          double v = g_array_index (layer->value, double, i);

          if (isfinite (v))
            {
              lo = MIN (lo, v);
              hi = MAX (hi, v);
            }
        }
    }
  if (lo > hi)
    lo = 0, hi = 1;
  if (hi == lo)
    hi = lo + 1;
  self->c_min = lo;
  self->c_max = hi;
}

/* Measures the legend right of the plot (in columns up to a third of the
 * width), inside it (over a corner) or below it (in rows, up to 30 % of
 * the height, or as many as it takes for a whole legend). Returns how many entries it has no room for; *fits is
 * whether the box stays in that room. */
typedef enum { LEGEND_RIGHT, LEGEND_INSIDE, LEGEND_BELOW } LegendPlace;

static guint
measure_legend (AiperfRenderer *self,
                LegendPlace     where,
                double          top,
                double          pad,
                gboolean       *fits)
{
  double s = self->s;
  double est_w = self->width - 100 * s, est_h = self->height - top - 60 * s;
  guint more;

  self->legend_inside = where == LEGEND_INSIDE;
  self->legend_below = where == LEGEND_BELOW;
  self->legend_name_max = MAX (self->width - 2 * pad - 60 * s, 20 * s);
  switch (where)
    {
    case LEGEND_RIGHT:
      self->legend_max_w = self->width * 0.32;
      self->legend_max_h = self->height - top - pad;
      break;
    case LEGEND_INSIDE:
      self->legend_max_w = est_w * 0.6;
      self->legend_max_h = est_h * 0.5;
      break;
    case LEGEND_BELOW:
    default:
      self->legend_max_w = self->width - 2 * pad;
      /* (a whole legend: in as many rows as it takes) */
      self->legend_max_h = self->legend_whole ? 0 : MAX ((self->height - top) * 0.3, 40 * s);
      break;
    }
  more = aiperf_renderer_legend_measure (self, &self->legend_w, &self->legend_h);
  *fits = self->legend_w <= self->legend_max_w && (self->legend_max_h <= 0 || self->legend_h <= self->legend_max_h);
  if (where == LEGEND_INSIDE)
    *fits = *fits && !self->legend_not_inside;
  return more;
}

/* Where the legend goes, every entry shown if any place can: outside on
 * the right unless it would squeeze the plot, inside when it covers at
 * most a corner of the plot, else below the plot. The entries' whole
 * names first, then, short of room, what they do not share. "+N more"
 * only when no place holds every entry: right of the plot or below it,
 * wherever shows the most. */
static void
place_legend (AiperfRenderer *self,
              double          top,
              double          pad)
{
  const LegendPlace order[] = { LEGEND_RIGHT, LEGEND_INSIDE, LEGEND_BELOW };
  guint right_more, below_more;
  gboolean fits, right_fits, can_shorten = FALSE;

  for (int distinct = 0; distinct < 2; distinct++)
    {
      if (distinct && !(can_shorten = aiperf_renderer_legend_can_shorten (self)))
        break;
      self->legend_distinct = distinct;
      for (guint k = 0; k < G_N_ELEMENTS (order); k++)
        {
          guint more = measure_legend (self, order[k], top, pad, &fits);

          if (self->legend_w <= 0 || (more == 0 && fits))
            return;
        }
    }
  self->legend_distinct = can_shorten;
  right_more = measure_legend (self, LEGEND_RIGHT, top, pad, &right_fits);
  below_more = measure_legend (self, LEGEND_BELOW, top, pad, &fits);
  if (right_fits && right_more <= below_more)
    measure_legend (self, LEGEND_RIGHT, top, pad, &fits);
}

void
aiperf_renderer_layout (AiperfRenderer *self,
                        cairo_t        *cr)
{
  const AiperfChart *chart = self->chart;
  const AiperfStyle *style = self->style;
  double s = self->s;
  double pad = 14 * s, gap = 6 * s, tick_len = 5 * s;
  double fs = style->font_size * s;
  double top = pad, right = pad, left, bottom;
  double x_title_h = axis_title_height (self, &chart->x);
  double y_title_h = axis_title_height (self, &chart->y);
  double y2_title_h = chart->has_y2 ? axis_title_height (self, &chart->y2) : 0;
  double right_extra = 0, bottom_extra = 0;
  AiperfRect a;

  (void) cr;
  if (chart->title != NULL && chart->title[0] != '\0')
    {
      double h;

      aiperf_renderer_set_font (self, style->title_size * s, TRUE);
      aiperf_renderer_text_size (self, chart->title, NULL, &h);
      top += h + 2 * s;
    }
  if (aiperf_renderer_note (self) != NULL)
    {
      double h;

      aiperf_renderer_set_font (self, fs, FALSE);
      aiperf_renderer_text_size (self, aiperf_renderer_note (self), NULL, &h);
      top += h + 2 * s;
    }
  top += 10 * s;

  place_legend (self, top, pad);
  if (self->legend_w > 0 && !self->legend_inside && !self->legend_below)
    right_extra += self->legend_w + 2 * gap;
  if (self->legend_below)
    bottom_extra = self->legend_h + gap;

  /* CELLS are coloured by value even when no colour bar is shown. */
  color_range (self);
  if (chart->has_color_scale)
    {
      aiperf_renderer_set_font (self, fs, FALSE);
      make_ticks (self, &self->ct, NULL, AIPERF_SCALE_LINEAR, self->c_min, self->c_max, 6, 0);
      right_extra += 3 * gap + 16 * s + tick_len + self->ct.max_w +
                     axis_title_height (self, &chart->color_axis) + gap;
    }
  else
    aiperf_tick_set_clear (&self->ct);

  a.y = top;
  a.x = pad + 40 * s;
  a.width = self->width - a.x - right - right_extra;
  a.height = self->height - top - pad - 40 * s - bottom_extra;

  /* Tick text decides the margins, which decide the ticks: two rounds settle it. */
  for (int round = 0; round < 3; round++)
    {
      double y2_w = 0;
      guint ytarget = MAX (2u, (guint) (MAX (a.height, 1) / (70 * s)));
      guint xtarget = MAX (2u, (guint) (MAX (a.width, 1) / (140 * s)));
      double x_label_h;

      aiperf_renderer_set_font (self, fs, FALSE);
      make_ticks (self, &self->yt, &chart->y, self->vp.y_scale,
                  self->vp.y_min, self->vp.y_max, ytarget, a.height);
      if (chart->has_y2)
        {
          make_ticks (self, &self->y2t, &chart->y2, self->vp.y2_scale,
                      self->vp.y2_min, self->vp.y2_max, ytarget, a.height);
          y2_w = tick_len + gap + self->y2t.max_w + (y2_title_h > 0 ? gap + y2_title_h : 0);
        }
      else
        aiperf_tick_set_clear (&self->y2t);

      left = pad + (y_title_h > 0 ? y_title_h + gap : 0) + self->yt.max_w + gap + tick_len;
      a.x = left;
      a.width = self->width - left - right - right_extra - y2_w;

      set_map (&self->mx, self->vp.x_scale, self->vp.x_min, self->vp.x_max,
               a.x, a.x + MAX (a.width, 1));
      for (int attempt = 0; attempt < 4; attempt++)
        {
          make_ticks (self, &self->xt, &chart->x, self->vp.x_scale,
                      self->vp.x_min, self->vp.x_max, xtarget, a.width);
          if (!x_labels_collide (self, &self->xt, &self->mx))
            break;
          if (chart->x.tick_positions != NULL || xtarget <= 2)
            {
              self->xt.rotated = TRUE;
              thin_rotated (self, &self->xt, &self->mx);
              break;
            }
          xtarget = MAX (2u, xtarget / 2);
        }
      x_label_h = self->xt.rotated
        ? (self->xt.max_w + self->xt.max_h) * 0.7071
        : self->xt.max_h;
      /* Half of the last x label may stick out to the right. */
      if (!self->xt.rotated && right_extra + y2_w < self->xt.max_w / 2)
        {
          a.width -= self->xt.max_w / 2 - right_extra - y2_w;
        }
      bottom = pad + (x_title_h > 0 ? x_title_h + gap : 0) + x_label_h + gap + tick_len + bottom_extra;
      a.height = self->height - top - bottom;
    }

  a.width = MAX (a.width, 10);
  a.height = MAX (a.height, 10);
  self->area = a;
  set_map (&self->mx, self->vp.x_scale, self->vp.x_min, self->vp.x_max, a.x, a.x + a.width);
  set_map (&self->my, self->vp.y_scale, self->vp.y_min, self->vp.y_max,
           a.y + a.height, a.y);
  set_map (&self->my2, self->vp.y2_scale, self->vp.y2_min, self->vp.y2_max,
           a.y + a.height, a.y);
  thin_vertical (&self->yt, &self->my);
  if (chart->has_y2)
    thin_vertical (&self->y2t, &self->my2);

  /* The colour bar sits right of the plot (and of the right axis). */
  if (chart->has_color_scale)
    {
      double y2_w = chart->has_y2
        ? tick_len + gap + self->y2t.max_w + (y2_title_h > 0 ? gap + y2_title_h : 0) : 0;

      self->color_bar.x = a.x + a.width + y2_w + 3 * gap;
      self->color_bar.y = a.y;
      self->color_bar.width = 16 * s;
      self->color_bar.height = a.height;
    }
}
