/* aiperf-style.c — themes: colours, palette and fonts of a chart.
 *
 * The colours follow aiperf plot (Plotly's plotly_white / plotly_dark
 * templates, seaborn palettes) so exported images look familiar.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-style.h"

#include <math.h>
#include <string.h>

static AiperfRGBA
hex (guint32 rgb)
{
  AiperfRGBA c = { ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                   (rgb & 0xff) / 255.0, 1.0 };
  return c;
}

/* seaborn "deep" */
static const guint32 light_palette[] = {
  0x4c72b0, 0xdd8452, 0x55a868, 0xc44e52, 0x8172b3,
  0x937860, 0xda8bc3, 0x8c8c8c, 0xccb974, 0x64b5cd,
};

/* NVIDIA green and cream first, then the hues of seaborn "bright", each
 * lightened until it reads at 4.5:1 (WCAG AA) on both dark backgrounds:
 * "bright" blue #023eff was 2.3:1, its purple and brown under 2.6:1. */
static const guint32 dark_palette[] = {
  0x76b900, 0xf4e5c3, 0x6a94ff, 0xff7c00, 0x1ac938,
  0xff5a5f, 0xb07cff, 0xc49a6c, 0xf25ccb, 0xa3a3a3,
};

void
aiperf_style_init (AiperfStyle *style,
                   AiperfTheme  theme)
{
  const guint32 *palette;

  g_return_if_fail (style != NULL);

  memset (style, 0, sizeof *style);
  style->theme = theme;
  if (theme == AIPERF_THEME_DARK)
    {
      style->background = hex (0x252525);
      style->plot_background = hex (0x1a1a1a);
      style->foreground = hex (0xe0e0e0);
      style->grid = hex (0x333333);
      style->roles[AIPERF_ROLE_MUTED] = hex (0x999999);
      style->roles[AIPERF_ROLE_SECONDARY] = hex (0x8c8c8c);
      style->roles[AIPERF_ROLE_BAND] = hex (0xd4a017);
      style->roles[AIPERF_ROLE_ALERT] = hex (0xff4d4d);
      palette = dark_palette;
    }
  else
    {
      style->background = hex (0xffffff);
      style->plot_background = hex (0xffffff);
      style->foreground = hex (0x0a0a0a);
      style->grid = hex (0xcccccc);
      style->roles[AIPERF_ROLE_MUTED] = hex (0x555555);
      style->roles[AIPERF_ROLE_SECONDARY] = hex (0x7f7f7f);
      style->roles[AIPERF_ROLE_BAND] = hex (0xdaa520);
      style->roles[AIPERF_ROLE_ALERT] = hex (0xd62728);
      palette = light_palette;
    }
  style->roles[AIPERF_ROLE_FOREGROUND] = style->foreground;
  style->roles[AIPERF_ROLE_ACCENT] = hex (0x76b900);
  style->roles[AIPERF_ROLE_BASELINE] = hex (0x999999);
  style->n_palette = G_N_ELEMENTS (light_palette);
  for (guint i = 0; i < style->n_palette; i++)
    style->palette[i] = hex (palette[i]);
  style->font_family = g_strdup ("Cantarell, DejaVu Sans, Helvetica, Arial, sans-serif");
  style->font_size = 11.0;
  style->title_size = 18.0;
  style->scale = 1.0;
}

void
aiperf_style_clear (AiperfStyle *style)
{
  g_return_if_fail (style != NULL);

  g_clear_pointer (&style->font_family, g_free);
}

AiperfRGBA
aiperf_style_resolve (const AiperfStyle *style,
                      AiperfColor        color)
{
  AiperfRGBA rgba = { 0, 0, 0, 1 };

  g_return_val_if_fail (style != NULL, rgba);

  switch (color.kind)
    {
    case AIPERF_COLOR_PALETTE:
      return style->palette[color.index % style->n_palette];
    case AIPERF_COLOR_ROLE:
      if (color.index < G_N_ELEMENTS (style->roles))
        return style->roles[color.index];
      return style->foreground;
    case AIPERF_COLOR_RGBA:
    default:
      rgba.r = color.r;
      rgba.g = color.g;
      rgba.b = color.b;
      rgba.a = color.a;
      return rgba;
    }
}

/* OKLab (Björn Ottosson, 2020): lightness there is what the eye sees, so
 * moving it alone keeps a colour's hue and saturation. */
static double
to_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
from_linear (double c)
{
  return c <= 0.0031308 ? 12.92 * c : 1.055 * pow (c, 1 / 2.4) - 0.055;
}

static void
rgb_to_oklab (AiperfRGBA  c,
              double     *lab)
{
  double r = to_linear (c.r), g = to_linear (c.g), b = to_linear (c.b);
  double l = cbrt (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  double m = cbrt (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  double s = cbrt (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);

  lab[0] = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s;
  lab[1] = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s;
  lab[2] = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s;
}

/* FALSE when @lab is outside sRGB (then *out is clamped). */
static gboolean
oklab_to_rgb (const double *lab,
              AiperfRGBA   *out)
{
  double l = lab[0] + 0.3963377774 * lab[1] + 0.2158037573 * lab[2];
  double m = lab[0] - 0.1055613458 * lab[1] - 0.0638541728 * lab[2];
  double s = lab[0] - 0.0894841775 * lab[1] - 1.2914855480 * lab[2];
  double rgb[3];
  gboolean inside = TRUE;

  l = l * l * l;
  m = m * m * m;
  s = s * s * s;
  rgb[0] = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
  rgb[1] = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
  rgb[2] = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s;
  for (int k = 0; k < 3; k++)
    {
      if (rgb[k] < -1e-4 || rgb[k] > 1 + 1e-4)
        inside = FALSE;
      rgb[k] = from_linear (CLAMP (rgb[k], 0.0, 1.0));
    }
  out->r = rgb[0];
  out->g = rgb[1];
  out->b = rgb[2];
  out->a = 1.0;
  return inside;
}

double
aiperf_rgba_contrast (AiperfRGBA a,
                      AiperfRGBA b)
{
  double la = 0.2126 * to_linear (a.r) + 0.7152 * to_linear (a.g) + 0.0722 * to_linear (a.b);
  double lb = 0.2126 * to_linear (b.r) + 0.7152 * to_linear (b.g) + 0.0722 * to_linear (b.b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* @color at OKLab lightness @l, hue kept, chroma cut to what sRGB has. */
static AiperfRGBA
with_lightness (AiperfRGBA color,
                double     l)
{
  double lab[3], out[3];
  double lo = 0, hi = 1;
  AiperfRGBA rgb;

  rgb_to_oklab (color, lab);
  out[0] = l;
  out[1] = lab[1];
  out[2] = lab[2];
  if (oklab_to_rgb (out, &rgb))
    return rgb;
  /* Where sRGB has no such colour, the most saturated one it has. */
  for (int i = 0; i < 24; i++)
    {
      double k = (lo + hi) / 2;

      out[1] = lab[1] * k;
      out[2] = lab[2] * k;
      if (oklab_to_rgb (out, &rgb))
        lo = k;
      else
        hi = k;
    }
  out[1] = lab[1] * lo;
  out[2] = lab[2] * lo;
  oklab_to_rgb (out, &rgb);
  return rgb;
}

AiperfRGBA
aiperf_style_readable (const AiperfStyle *style,
                       AiperfRGBA         color,
                       double             min_contrast)
{
  double lab[3], fg[3];
  double lo = 0, hi = 1;

  g_return_val_if_fail (style != NULL, color);

  color.a = 1.0;
  if (aiperf_rgba_contrast (color, style->plot_background) >= min_contrast)
    return color;
  rgb_to_oklab (color, lab);
  rgb_to_oklab (style->foreground, fg);
  /* The least move toward the text colour's lightness that reads. */
  for (int i = 0; i < 24; i++)
    {
      double t = (lo + hi) / 2;
      AiperfRGBA c = with_lightness (color, lab[0] + t * (fg[0] - lab[0]));

      if (aiperf_rgba_contrast (c, style->plot_background) >= min_contrast)
        hi = t;
      else
        lo = t;
    }
  return with_lightness (color, lab[0] + hi * (fg[0] - lab[0]));
}

AiperfRGBA
aiperf_style_fade (const AiperfStyle *style,
                   AiperfRGBA         color,
                   double             amount)
{
  double lab[3], bg[3];

  g_return_val_if_fail (style != NULL, color);

  if (!(amount > 0))
    return color;
  rgb_to_oklab (color, lab);
  rgb_to_oklab (style->plot_background, bg);
  return with_lightness (color, lab[0] + MIN (amount, 1.0) * (bg[0] - lab[0]));
}

gboolean
aiperf_theme_from_string (const char  *text,
                          AiperfTheme *out_theme)
{
  g_return_val_if_fail (out_theme != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (text, "light") == 0)
    *out_theme = AIPERF_THEME_LIGHT;
  else if (g_ascii_strcasecmp (text, "dark") == 0)
    *out_theme = AIPERF_THEME_DARK;
  else
    return FALSE;
  return TRUE;
}
