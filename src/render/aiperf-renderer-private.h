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
  guint  layer, index;
  int    series, id;
  double x, y;
  float  px, py;
} AiperfPickEntry;

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
  AiperfPickGrid  grid;
  GArray         *label_rects; /* AiperfRect of placed point labels */
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

/* layers (aiperf-renderer-layers.c) */
void     aiperf_renderer_draw_layer (AiperfRenderer *self, cairo_t *cr,
                                     const AiperfLayer *layer, guint index);
void     aiperf_renderer_draw_marker_path (cairo_t *cr, AiperfMarker marker,
                                     double x, double y, double size);

/* legend (aiperf-renderer-legend.c) */
void     aiperf_renderer_legend_measure (AiperfRenderer *self, double *w, double *h);
/* Decides where the legend goes (after layout, before labels avoid it). */
void     aiperf_renderer_legend_place (AiperfRenderer *self);
void     aiperf_renderer_draw_legend (AiperfRenderer *self, cairo_t *cr);

/* point labels (aiperf-renderer-labels.c) */
void     aiperf_renderer_draw_labels (AiperfRenderer *self, cairo_t *cr);

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
} AiperfLineDecimator;

void     aiperf_line_decimator_init  (AiperfLineDecimator *d, cairo_t *cr);
void     aiperf_line_decimator_add   (AiperfLineDecimator *d, double px, double py);
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
