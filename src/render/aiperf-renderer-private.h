/* aiperf-renderer-private.h — shared state of the renderer's parts.
 *
 * The renderer is split by job (layout, axes, layers, legend, labels,
 * decimation and picking); they share the geometry of the current draw.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>
#include "aiperf-renderer.h"

G_BEGIN_DECLS

/* One axis' data → pixel map, in axis space (log10 on log axes). */
typedef struct {
  AiperfScale scale;
  double      lo, hi;   /* axis space */
  double      p0, p1;   /* pixels of lo and hi */
} AiperfAxisMap;

typedef struct {
  GArray    *values;    /* double */
  GPtrArray *labels;    /* char* */
  double     max_w, max_h;
  gboolean   rotated;
} AiperfTickSet;

typedef struct {
  AiperfRect rect;
  int        series;
} AiperfLegendHit;

typedef struct {
  AiperfRect  rect;
  const char *text;    /* the chart's, valid during the draw */
  double      px, py;  /* the point it names */
  AiperfRGBA  color;
  gboolean    leader;  /* away from its point, joined to it by a line */
} AiperfPlacedLabel;

typedef struct {
  guint  layer, index;
  int    series, id;
  double x, y;
  float  px, py;
} AiperfPickEntry;

/* A drawn bar (or the bars merged into one pixel column): hover anywhere
 * on it picks the tallest of them. A drawn segment (a request's phase)
 * too: hover anywhere along it picks it. */
typedef struct {
  AiperfRect      rect;
  AiperfPickEntry entry;
} AiperfBarHit;

typedef struct {
  GArray *entries;      /* AiperfPickEntry, sorted by cell */
  guint  *cell_start;   /* cols*rows + 1 */
  guint   cols, rows;
  double  cell;
  double  x0, y0;
} AiperfPickGrid;

struct _AiperfRenderer {
  gboolean        valid;
  AiperfViewport  vp;
  AiperfRect      area;
  AiperfRect      clip;        /* of the layer being drawn */
  double          width, height;
  double          s;           /* style scale */
  AiperfAxisMap   mx, my, my2;
  AiperfTickSet   xt, yt, y2t, ct;
  guint64         primitives;
  GArray         *legend_hits; /* AiperfLegendHit */
  AiperfRect      legend_box;
  gboolean        legend_inside;
  AiperfRect      color_bar;
  double          c_min, c_max;
  double          legend_w, legend_h, legend_name_max;
  /* Room the legend may take; beyond it the last entry says "+N more". */
  double          legend_max_w, legend_max_h;
  gboolean        legend_below; /* in rows under the plot (narrow charts) */
  gboolean        legend_not_inside; /* inside, every corner covered data */
  /* every entry, for a page that cannot be clicked open: below the plot in
   * as many rows as it takes when no other place holds them */
  gboolean        legend_whole;
  guint           legend_more;  /* entries the last layout left to "+N more" */
  /* Short of room, the entries say what their names do not share:
   * legend_names holds those (per series, NULL where the name stays). */
  gboolean        legend_distinct;
  gboolean        legend_shorter;
  GPtrArray      *legend_names;
  /* per series of the draw in progress: whether its markers were too
   * dense and drawn as a line instead (its legend swatch is a line too) */
  GByteArray     *drawn_as_line;
  AiperfPickGrid  grid;
  GArray         *bar_hits;    /* AiperfBarHit of the last draw */
  /* AiperfBarHit of the segments of the last draw, sorted by top edge
   * once drawn (100,000 requests: found by a binary search on y) */
  GArray         *segment_hits;
  double          segment_thick;  /* the thickest of them */
  /* small multiples of the last draw: a renderer and a cell per panel */
  GPtrArray      *panels;      /* AiperfRenderer* */
  GArray         *panel_rects; /* AiperfRect */
  guint           n_panels;
  GArray         *labels;      /* AiperfPlacedLabel of the draw in progress */
  GArray         *rule_labels; /* AiperfPlacedLabel: reference lines' labels of the draw in progress */
  GArray         *label_boxes; /* AiperfLabelBox of the last draw, texts in label_texts */
  GStringChunk   *label_texts;
  guint           hidden_labels; /* point labels the last draw found no room for */
  char           *note;        /* the note the draw writes: the chart's, and the labels it hid */
  /* the draw in progress (valid only inside aiperf_renderer_draw) */
  const AiperfChart *chart;
  const AiperfStyle *style;
  PangoLayout    *layout;
};

/* mapping */
double   aiperf_axis_map_to_px   (const AiperfAxisMap *m, double v);
double   aiperf_axis_map_from_px (const AiperfAxisMap *m, double p);
const AiperfAxisMap *aiperf_renderer_y_map (AiperfRenderer *self, gboolean on_y2);

/* text */
void     aiperf_renderer_set_font   (AiperfRenderer *self, double px, gboolean bold);
void     aiperf_renderer_text_size  (AiperfRenderer *self, const char *text,
                                     double *w, double *h);
/* Draws @text with its (ax, ay) anchor (0..1 of its box) at (x, y). */
void     aiperf_renderer_show_text  (AiperfRenderer *self, cairo_t *cr, const char *text,
                                     double x, double y, double ax, double ay,
                                     double angle);
void     aiperf_set_rgba            (cairo_t *cr, AiperfRGBA c, double alpha);
/* Snaps a coordinate so a line of @width user units is crisp on the device. */
double   aiperf_snap                (cairo_t *cr, double v, double width, gboolean vertical);

/* layout and axes (aiperf-renderer-layout.c, aiperf-renderer-axes.c) */
void     aiperf_tick_set_clear      (AiperfTickSet *t);
char    *aiperf_axis_title_text     (const AiperfAxis *axis);
void     aiperf_renderer_layout     (AiperfRenderer *self, cairo_t *cr);
void     aiperf_renderer_draw_axes  (AiperfRenderer *self, cairo_t *cr);
void     aiperf_renderer_draw_grid  (AiperfRenderer *self, cairo_t *cr);
void     aiperf_renderer_draw_color_bar (AiperfRenderer *self, cairo_t *cr);
AiperfRGBA aiperf_color_scale_at    (double t);

/* layers (aiperf-renderer-layers.c, aiperf-renderer-shapes.c) */
void     aiperf_renderer_draw_layer (AiperfRenderer *self, cairo_t *cr,
                                     const AiperfLayer *layer, guint index);
/* The marker moved from (x0, y0) to (x1, y1): what a chain of markers
 * between them covers (aiperf-renderer-stamp.c). */
void     aiperf_renderer_sweep_marker_path (cairo_t *cr, AiperfMarker marker, double size,
                                     double x0, double y0, double x1, double y1);
/* Widest gap between markers of one pixel column for which the swept
 * shape is their union to within a quarter pixel; 0 when not convex. */
double   aiperf_marker_chain_gap    (AiperfMarker marker, double size);

/* The layer being drawn, shared by the painters. */
typedef struct {
  AiperfRenderer      *self;
  cairo_t             *cr;
  const AiperfLayer   *layer;
  const AiperfAxisMap *ym;
  AiperfRGBA           color;
  double               lw;
  guint                index;   /* of the layer in the chart */
} AiperfLayerCtx;

static inline double
aiperf_layer_ctx_px (AiperfLayerCtx *c, double v)
{
  return aiperf_axis_map_to_px (&c->self->mx, v);
}

static inline double
aiperf_layer_ctx_py (AiperfLayerCtx *c, double v)
{
  return aiperf_axis_map_to_px (c->ym, v);
}

void     aiperf_layer_ctx_set_line  (AiperfLayerCtx *c, double width);
double   aiperf_layer_ctx_baseline  (AiperfLayerCtx *c);
void     aiperf_layer_ctx_fill_and_outline (AiperfLayerCtx *c);
void     aiperf_renderer_draw_error_bars (AiperfLayerCtx *c);
void     aiperf_renderer_draw_boxes      (AiperfLayerCtx *c);
void     aiperf_renderer_draw_cells      (AiperfLayerCtx *c);
void     aiperf_renderer_draw_ellipses   (AiperfLayerCtx *c);
void     aiperf_renderer_draw_text       (AiperfLayerCtx *c);

/* bars and reference lines (aiperf-renderer-bars.c) */
void     aiperf_renderer_draw_bars   (AiperfRenderer *self, cairo_t *cr,
                                      const AiperfLayer *layer, guint index);
/* HLINE and VLINE: at most one line per pixel row (column), labels on a plate */
void     aiperf_renderer_draw_rules  (AiperfRenderer *self, cairo_t *cr,
                                      const AiperfLayer *layer);
/* Once a draw is done: the segment hits in the order their pick searches. */
void     aiperf_renderer_sort_segment_hits (AiperfRenderer *self);
/* The bar or segment nearest (px, py) within @radius, the topmost on a tie. */
gboolean aiperf_renderer_pick_bars   (AiperfRenderer *self, double px, double py,
                                      double radius, AiperfPick *out);

/* small multiples (aiperf-renderer-panels.c) */
void     aiperf_renderer_draw_panels (AiperfRenderer *self, cairo_t *cr);
gboolean aiperf_renderer_pick_panels (AiperfRenderer *self, double px, double py,
                                      double radius, AiperfPick *out);
void     aiperf_renderer_panels_free (AiperfRenderer *self);

/* legend (aiperf-renderer-legend.c) */
/* The legend's size in the room legend_max_w × legend_max_h; returns how
 * many entries its "+N more" stands for (0: all shown). */
guint    aiperf_renderer_legend_measure (AiperfRenderer *self, double *w, double *h);
/* Whether the entries have shorter names to show (legend_distinct). */
gboolean aiperf_renderer_legend_can_shorten (AiperfRenderer *self);
/* A new draw: the names are worked out again when needed. */
void     aiperf_renderer_legend_forget_names (AiperfRenderer *self);
/* Decides where the legend goes (after layout, before labels avoid it). */
void     aiperf_renderer_legend_place (AiperfRenderer *self);
/* Whether the placed legend lies over a data point. */
gboolean aiperf_renderer_legend_covers_data (AiperfRenderer *self);
void     aiperf_renderer_draw_legend (AiperfRenderer *self, cairo_t *cr);

/* point labels (aiperf-renderer-labels.c): placed once the plot is laid
 * out, haloed before the data layers, written (with their leader lines)
 * after them; self->hidden_labels counts those with no room */
void     aiperf_renderer_place_labels (AiperfRenderer *self);
void     aiperf_renderer_draw_label_halos (AiperfRenderer *self, cairo_t *cr);
void     aiperf_renderer_draw_labels (AiperfRenderer *self, cairo_t *cr);
/* The note under the title: the chart's, and what the draw adds to it
 * (labels it had no room for); NULL when there is none. Set when a draw
 * starts. */
const char *aiperf_renderer_note  (AiperfRenderer *self);

/* decimation and picking (aiperf-decimate.c) */
typedef struct {
  cairo_t *cr;
  double   col_x;       /* current pixel column */
  gboolean have_col, pen_down;
  double   first_y, last_y, min_y, max_y;
  double   first_x, last_x;
  guint64  emitted;
  /* > 0: stroke every @chunk vertices (opaque solid lines only: cairo's
   * stroker is superlinear in one long self-overlapping path) */
  guint    chunk, in_chunk;
  double   pen_x, pen_y;
  /* the last vertex, held back until the next shows it is not on a
   * straight run */
  gboolean have_pending;
  double   pending_x, pending_y;
} AiperfLineDecimator;

void     aiperf_line_decimator_init  (AiperfLineDecimator *d, cairo_t *cr);
void     aiperf_line_decimator_add   (AiperfLineDecimator *d, double px, double py);
/* Ends the current column but keeps the pen down (a polygon turning back). */
void     aiperf_line_decimator_flush (AiperfLineDecimator *d);
void     aiperf_line_decimator_break (AiperfLineDecimator *d);
guint64  aiperf_line_decimator_end   (AiperfLineDecimator *d);

/* One bit per pixel of the plot area: FALSE when (px, py) was already taken. */
typedef struct {
  guint32 *bits;
  int      w, h;
  double   x0, y0;
} AiperfPixelMask;

void     aiperf_pixel_mask_init  (AiperfPixelMask *m, const AiperfRect *area);
gboolean aiperf_pixel_mask_claim (AiperfPixelMask *m, double px, double py);
void     aiperf_pixel_mask_clear (AiperfPixelMask *m);

/* Spans along pixel lanes (a lane is one pixel row for horizontal spans,
 * one pixel column for vertical ones). Merging sorts by (lane, lo) and
 * joins a span to the current run only when it is in the same lane and
 * starts within @gap of where the run ends, so the union of the merged
 * runs is the union of the spans: nothing is lost, nothing is added
 * beyond @gap. @at_lo/@at_hi are the exact across coordinates of the
 * spans that reach lo and hi (runs are drawn there, within the lane). */
typedef struct {
  gint64 lane;
  double lo, hi;
  double at_lo, at_hi;
  guint  count;
} AiperfSpan;

void     aiperf_spans_add   (GArray *spans, double across, double lo, double hi);
void     aiperf_spans_merge (GArray *spans, double gap);

void     aiperf_pick_grid_clear  (AiperfPickGrid *g);
void     aiperf_pick_grid_build  (AiperfRenderer *self);
gboolean aiperf_pick_grid_find   (const AiperfPickGrid *g, double px, double py,
                                  double radius, AiperfPick *out);

/* markers blended straight into an image surface (aiperf-renderer-stamp.c) */
typedef struct {
  cairo_t         *cr;
  cairo_surface_t *stamp, *target;
  int              n;
  int              cx0, cy0, cx1, cy1;
  double           dox, doy, dsx, dsy;
} AiperfStamp;

gboolean aiperf_stamp_begin (AiperfStamp *st, cairo_t *cr, const AiperfRect *clip,
                             AiperfMarker marker, double size, AiperfRGBA color, double alpha);
void     aiperf_stamp_put   (AiperfStamp *st, double ux, double uy);
void     aiperf_stamp_end   (AiperfStamp *st);

gboolean aiperf_renderer_layer_visible (const AiperfChart *chart, const AiperfLayer *layer);
double   aiperf_layer_col (GArray *a, guint i);

G_END_DECLS
