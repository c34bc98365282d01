/* aiperf-style.c — themes: colours, palette and fonts of a chart.
 *
 * The colours follow aiperf plot (Plotly's plotly_white / plotly_dark
 * templates, seaborn palettes) so exported images look familiar.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-style.h"

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

/* NVIDIA green and cream first, then seaborn "bright" */
static const guint32 dark_palette[] = {
  0x76b900, 0xf4e5c3, 0x023eff, 0xff7c00, 0x1ac938,
  0xe8000b, 0x8b2be2, 0x9f4800, 0xf14cc1, 0xa3a3a3,
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
