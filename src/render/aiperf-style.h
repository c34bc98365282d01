/* aiperf-style.h — themes: colours, palette and fonts of a chart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-chart.h"

G_BEGIN_DECLS

typedef enum {
  AIPERF_THEME_LIGHT,   /* plotly_white, seaborn "deep" palette */
  AIPERF_THEME_DARK,    /* plotly_dark, NVIDIA green first */
} AiperfTheme;

typedef struct {
  double r, g, b, a;
} AiperfRGBA;

typedef struct {
  AiperfTheme theme;
  AiperfRGBA  background;     /* paper */
  AiperfRGBA  plot_background;
  AiperfRGBA  foreground;     /* text, axis lines */
  AiperfRGBA  grid;
  AiperfRGBA  roles[7];       /* indexed by AiperfColorRole */
  AiperfRGBA  palette[10];
  guint       n_palette;
  char       *font_family;    /* pango family list */
  double      font_size;      /* base size in px at scale 1 */
  double      title_size;
  /* Multiplies every length (text, lines, markers, margins). The exporters
   * use 1.5 for a 2400x1200 image of a 1600x800 layout, like aiperf. */
  double      scale;
} AiperfStyle;

void         aiperf_style_init        (AiperfStyle       *style,
                                       AiperfTheme        theme);
void         aiperf_style_clear       (AiperfStyle       *style);
AiperfRGBA   aiperf_style_resolve     (const AiperfStyle *style,
                                       AiperfColor        color);
/* @color moved @amount (0..1) of the way to the plot background in
 * lightness (OKLab), hue and chroma kept where sRGB allows; opaque. */
AiperfRGBA   aiperf_style_fade        (const AiperfStyle *style,
                                       AiperfRGBA         color,
                                       double             amount);
/* @color, lighter or darker (toward the foreground) until it reads at
 * @min_contrast on the plot background; opaque. For text in a series'
 * colour. */
AiperfRGBA   aiperf_style_readable    (const AiperfStyle *style,
                                       AiperfRGBA         color,
                                       double             min_contrast);
/* WCAG 2 contrast ratio of two opaque colours (1 to 21). */
double       aiperf_rgba_contrast     (AiperfRGBA         a,
                                       AiperfRGBA         b);
/* "light"/"dark" (case-insensitive) */
gboolean     aiperf_theme_from_string (const char        *text,
                                       AiperfTheme       *out_theme);

G_END_DECLS
