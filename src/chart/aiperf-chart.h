/* aiperf-chart.h — a plain description of what to draw.
 *
 * Plot handlers (in core, which know the data) build an AiperfChart; the
 * renderer (which knows cairo, not the data) draws it. It is its own small
 * library so that render depends on it and not on core's loaders.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _AiperfChart AiperfChart;

typedef enum {
  AIPERF_SCALE_LINEAR,
  AIPERF_SCALE_LOG,
} AiperfScale;

typedef enum {
  AIPERF_COLOR_PALETTE,  /* index into the theme's series palette */
  AIPERF_COLOR_ROLE,     /* a theme role, resolved per theme */
  AIPERF_COLOR_RGBA,     /* fixed colour */
} AiperfColorKind;

typedef enum {
  AIPERF_ROLE_FOREGROUND,  /* text colour */
  AIPERF_ROLE_MUTED,       /* reference lines: #555555 light / #999999 dark */
  AIPERF_ROLE_SECONDARY,   /* de-emphasised points (aiperf's "secondary") */
  AIPERF_ROLE_ACCENT,      /* NVIDIA green #76B900 */
  AIPERF_ROLE_ALERT,       /* outliers, red */
  AIPERF_ROLE_BAND,        /* ±1σ band, gold */
  AIPERF_ROLE_BASELINE,    /* baseline runs, grey #999999 */
} AiperfColorRole;

typedef struct {
  AiperfColorKind kind;
  guint           index;       /* palette index or AiperfColorRole */
  double          r, g, b, a;  /* AIPERF_COLOR_RGBA only */
} AiperfColor;

AiperfColor aiperf_color_palette (guint           index);
AiperfColor aiperf_color_role    (AiperfColorRole role);
AiperfColor aiperf_color_rgba    (double r, double g, double b, double a);
/* "#76B900" or "#76B900CC"; FALSE when @text is not such a colour. */
gboolean    aiperf_color_parse   (const char *text, AiperfColor *out);

typedef enum {
  AIPERF_MARKER_CIRCLE,
  AIPERF_MARKER_DIAMOND,
  AIPERF_MARKER_SQUARE,
  AIPERF_MARKER_TRIANGLE,
  AIPERF_MARKER_CROSS,
} AiperfMarker;

typedef struct {
  char        *title;         /* "Time to First Token" (no unit) */
  char        *unit;          /* "ms"; the renderer shows "Title (ms)" */
  AiperfScale  scale;
  gboolean     include_zero;  /* aiperf's rangemode "tozero" (the default) */
  gboolean     fixed_range;   /* use min..max as given (e.g. 0..100 for %) */
  gboolean     integer_ticks; /* counts (request number): no 2.5 or 0.5 ticks */
  double       min, max;
  /* Category ticks (time-slice "0-10", …): positions in data space with
   * their labels; NULL for automatic nice ticks. */
  GArray      *tick_positions;  /* double */
  GPtrArray   *tick_labels;     /* char* */
} AiperfAxis;

typedef enum {
  AIPERF_LAYER_POINTS,      /* markers at x,y; optional labels */
  AIPERF_LAYER_LINE,        /* polyline through x,y; NaN breaks it */
  AIPERF_LAYER_STEP,        /* step line, value held until the next x (Plotly "hv") */
  AIPERF_LAYER_AREA,        /* filled down to y=0 with a line on top; step when layer->step */
  AIPERF_LAYER_SEGMENTS,    /* horizontal segments x..x2 at y */
  AIPERF_LAYER_ERROR_BARS,  /* vertical lo..hi at x; horizontal xlo..xhi when set */
  AIPERF_LAYER_BAND,        /* shaded area between lo and hi along x */
  AIPERF_LAYER_BARS,        /* bars centred at x, width x2, from 0 to y; error lo..hi when set */
  AIPERF_LAYER_BOXES,       /* box at x (width x2): whiskers xlo=min..xhi=max, box lo..hi, line y=median */
  AIPERF_LAYER_CELLS,       /* heatmap cells x..x2 × lo..hi coloured by value */
  AIPERF_LAYER_ELLIPSES,    /* axis-aligned ellipse centre x,y, semi-axes xlo (rx), lo (ry) */
  AIPERF_LAYER_HLINE,       /* horizontal line across the plot at each y */
  AIPERF_LAYER_TEXT,        /* text labels at x,y */
  AIPERF_LAYER_HBARS,       /* horizontal bars centred at y, thickness x2, from 0 to x;
                             * error xlo..xhi when set */
  AIPERF_LAYER_VLINE,       /* vertical reference line down the plot at each x, labelled */
} AiperfLayerKind;

typedef struct {
  AiperfLayerKind kind;
  int          series;       /* index into chart->series, or -1 (not in legend, never hidden) */
  AiperfColor  color;
  gboolean     on_y2;        /* plotted against the right axis */
  /* style, in device-independent pixels at a 1600x800 layout */
  double       line_width;
  double       marker_size;  /* diameter */
  AiperfMarker marker;
  double       opacity;      /* lines and markers */
  double       fill_opacity; /* areas, bands, bars, cells, ellipses */
  /* 0..1: drawn opaque in a colour this far toward the plot background in
   * lightness (de-emphasised points whose hue must stay readable) */
  double       fade;
  gboolean     dashed;
  gboolean     step;         /* AREA drawn as a step shape */
  gboolean     pickable;     /* hover reports its points */
  /* data; an array is NULL when the kind does not use it. All have n rows. */
  GArray      *x, *y;        /* double */
  GArray      *x2;           /* double: SEGMENTS/CELLS end x, BARS/BOXES width */
  GArray      *lo, *hi;      /* double: y range (ERROR_BARS, BAND, BOXES q1/q3, CELLS) */
  GArray      *xlo, *xhi;    /* double: x range (ERROR_BARS), whiskers (BOXES), rx (ELLIPSES) */
  GArray      *value;        /* double: CELLS colour value */
  GPtrArray   *labels;       /* char*: POINTS/TEXT labels, NULL entries allowed */
  GArray      *ids;          /* int: source row (request row, run position, …) */
  /* Grouped BARS/HBARS: this layer is slot @group of @n_groups side by side
   * within each bar's width (n_groups 0 or 1: the whole width). The
   * renderer places the bars and their error bars in the slot. */
  guint        group, n_groups;
  /* POINTS: the labels are for hover and tables only, never drawn beside
   * the markers (too many points to label, or labels too long). */
  gboolean     hover_labels;
  /* TEXT: each label is a note on the chart (a ceiling's peak), not a
   * cell's value: x,y is where it would like to be, and the renderer slides
   * it along its row to a place clear of markers, lines and other labels. */
  gboolean     text_slides;
  /* POINTS: one value per step along x, in x order (a run's time slices):
   * where there are more of them than markers side by side have room
   * for, the renderer draws them as a line through each pixel column's
   * lowest and highest value instead of markers heaped into a block. */
  gboolean     dense_as_line;
} AiperfLayer;

typedef struct {
  char            *name;      /* legend text */
  AiperfColor      color;
  AiperfLayerKind  swatch;    /* how the legend draws it */
  AiperfMarker     marker;
  gboolean         dashed;
  gboolean         visible;   /* a hidden series' layers are not drawn */
  gboolean         in_legend;
} AiperfSeries;

struct _AiperfChart {
  char        *title;
  char        *note;          /* warning shown under the title, or NULL */
  AiperfAxis   x, y, y2;
  gboolean     has_y2;
  GPtrArray   *series;        /* AiperfSeries* */
  GPtrArray   *layers;        /* AiperfLayer*, drawn in order */
  /* Heatmaps: the colour scale of CELLS layers. */
  gboolean     has_color_scale;
  AiperfAxis   color_axis;
  /* What the point labels mean ("concurrency"), for hover text. */
  char        *label_title;
  /* Free-form key of what the ids of pickable layers refer to ("run", "request"). */
  char        *id_kind;
  /* Small multiples: when not empty, the chart is its title, note and these
   * panels (AiperfChart*, each with its own axes, layers and legend) laid
   * out in a grid of @panel_columns columns (0: chosen by the renderer). */
  GPtrArray   *panels;
  guint        panel_columns;
};

AiperfChart *aiperf_chart_new              (const char        *title);
void         aiperf_chart_free             (AiperfChart       *chart);
AiperfChart *aiperf_chart_copy             (const AiperfChart *chart);
void         aiperf_axis_set_label         (AiperfAxis        *axis,
                                            const char        *title,
                                            const char        *unit);
void         aiperf_axis_set_range         (AiperfAxis        *axis,
                                            double             min,
                                            double             max);
void         aiperf_axis_add_tick          (AiperfAxis        *axis,
                                            double             position,
                                            const char        *label);
/* A category axis: @labels at 0, 1, …, n-1 and the range -0.5..n-0.5
 * (wider around them for fewer than three, so a lone bar is not a wall). */
void         aiperf_axis_set_categories    (AiperfAxis        *axis,
                                            const char * const *labels,
                                            guint              n);
/* Appends @panel (taking ownership) to the small multiples of @chart. */
void         aiperf_chart_add_panel        (AiperfChart       *chart,
                                            AiperfChart       *panel);
/* Returns the new series index. */
int          aiperf_chart_add_series       (AiperfChart       *chart,
                                            const char        *name,
                                            AiperfColor        color,
                                            AiperfLayerKind    swatch);
/* Index of the series named @name, or -1. */
int          aiperf_chart_find_series      (const AiperfChart *chart,
                                            const char        *name);
void         aiperf_chart_set_series_visible (AiperfChart     *chart,
                                            int                series,
                                            gboolean           visible);
/* A new empty layer (colour taken from @series when >= 0), appended to the chart. */
AiperfLayer *aiperf_chart_add_layer        (AiperfChart       *chart,
                                            AiperfLayerKind    kind,
                                            int                series);
guint        aiperf_layer_get_n            (const AiperfLayer *layer);
double       aiperf_layer_x                (const AiperfLayer *layer, guint i);
double       aiperf_layer_y                (const AiperfLayer *layer, guint i);
void         aiperf_layer_append_point     (AiperfLayer *layer, double x, double y, int id);
void         aiperf_layer_append_labeled   (AiperfLayer *layer, double x, double y, int id,
                                            const char *label);
void         aiperf_layer_append_segment   (AiperfLayer *layer, double x0, double x1, double y,
                                            int id);
void         aiperf_layer_append_error     (AiperfLayer *layer, double x, double y,
                                            double y_lo, double y_hi, double x_lo, double x_hi);
void         aiperf_layer_append_band      (AiperfLayer *layer, double x, double lo, double hi);
void         aiperf_layer_append_bar       (AiperfLayer *layer, double x, double width, double y,
                                            int id);
/* A vertical bar with an error bar from @lo to @hi (NaN: none). */
void         aiperf_layer_append_bar_error (AiperfLayer *layer, double x, double width, double y,
                                            double lo, double hi, int id);
/* A horizontal bar at @y, @thickness tall, from 0 to @x, error @lo..@hi on x. */
void         aiperf_layer_append_hbar      (AiperfLayer *layer, double y, double thickness,
                                            double x, double lo, double hi, int id);
/* A reference line: at y = @value on an HLINE layer, x = @value on a VLINE one. */
void         aiperf_layer_append_rule      (AiperfLayer *layer, double value, const char *label);
/* Puts a BARS/HBARS layer in slot @group of @n_groups (grouped bars). */
void         aiperf_layer_set_group        (AiperfLayer *layer, guint group, guint n_groups);
void         aiperf_layer_append_box       (AiperfLayer *layer, double x, double width,
                                            double min, double q1, double median, double q3,
                                            double max, int id);
void         aiperf_layer_append_cell      (AiperfLayer *layer, double x0, double x1,
                                            double y0, double y1, double value);
void         aiperf_layer_append_ellipse   (AiperfLayer *layer, double cx, double cy,
                                            double rx, double ry, int id);
/* Data extent of visible layers on an axis: 'x', 'y' or '2' (y2). Includes
 * error bars, bands, segment ends and ellipses. FALSE when there is no data.
 * With @positive_only, values <= 0 are ignored (for log axes). */
gboolean     aiperf_chart_get_data_bounds  (const AiperfChart *chart,
                                            char               axis,
                                            gboolean           positive_only,
                                            double            *out_min,
                                            double            *out_max);
/* Number of visible data points over all layers (for tests and hover). */
guint        aiperf_chart_count_points     (const AiperfChart *chart,
                                            AiperfLayerKind    kind);

/* The numbers of @chart's legend, and those of its point labels, each
 * written with one count of decimals ("0.5", "2.0", "16.0"; see
 * aiperf_number_align()), its panels' with its own. Every chart builder
 * calls it once, so the window, the images and the reports show the same
 * text. */
void         aiperf_chart_align_numbers    (AiperfChart       *chart);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfChart, aiperf_chart_free)

G_END_DECLS
