/* aiperf-report-svg.c — a chart as an inline <svg> element.
 *
 * cairo 1.16 numbers the ids of an SVG file from 1 in every file (glyph0-1,
 * clip1, surface5, …), so two charts inlined in one page would clash: every
 * id and every reference to one gets the chart's prefix.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-renderer.h"
#include "aiperf-report-private.h"

static cairo_status_t
append_to_string (void                *closure,
                  const unsigned char *data,
                  unsigned int         length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

void
aiperf_report_draw_chart (cairo_t           *cr,
                          const AiperfChart *chart,
                          const AiperfStyle *style,
                          double             width,
                          double             height)
{
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();

  g_return_if_fail (cr != NULL && chart != NULL && style != NULL);

  /* a page or a picture: no "+N more" to click open */
  aiperf_renderer_set_whole_legend (renderer, TRUE);

  cairo_save (cr);
  /* The renderer paints its background over the whole clip. */
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  aiperf_renderer_draw (renderer, cr, chart, NULL, style, width, height);
  cairo_restore (cr);
}

double
aiperf_report_chart_height (const AiperfChart *chart,
                            const AiperfStyle *style,
                            double             width,
                            double             height)
{
  g_autoptr(AiperfRenderer) renderer = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint named = 0;
  double clickable, whole;

  g_return_val_if_fail (chart != NULL && style != NULL, height);

  for (guint i = 0; i < chart->series->len; i++)
    {
      const AiperfSeries *series = g_ptr_array_index (chart->series, i);

      named += series->in_legend && series->name != NULL && series->name[0] != '\0';
    }
  /* three entries always fit (in three rows below at worst) */
  if (named <= 3)
    return height;
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (surface);
  renderer = aiperf_renderer_new ();
  aiperf_renderer_draw (renderer, cr, chart, NULL, style, width, height);
  clickable = aiperf_renderer_get_plot_area (renderer).height;
  /* every entry listed already: the whole legend is this one */
  if (aiperf_renderer_get_legend_more (renderer) == 0)
    {
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      return height;
    }
  aiperf_renderer_set_whole_legend (renderer, TRUE);
  /* taller by what the plot lost to the rows below it: exact, unless the
   * plot was squeezed to its least (10 px), which gives back less */
  for (guint tries = 0; tries < 4; tries++)
    {
      aiperf_renderer_draw (renderer, cr, chart, NULL, style, width, height);
      whole = aiperf_renderer_get_plot_area (renderer).height;
      if (whole >= clickable - 0.5)
        break;
      height += clickable - whole;
      if (whole > 10.5)
        break;
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return height;
}

/* The id references cairo writes: id="x", href="#x" (xlink:href too) and
 * url(#x). */
static const char * const id_markers[] = { "id=\"", "href=\"#", "url(#" };

static void
paint_chart (cairo_t           *cr,
             gconstpointer      data,
             const AiperfStyle *style,
             double             width,
             double             height)
{
  aiperf_report_draw_chart (cr, data, style, width, height);
}

char *
aiperf_report_chart_svg (const AiperfChart *chart,
                         const AiperfStyle *style,
                         const char        *prefix,
                         GError           **error)
{
  g_return_val_if_fail (chart != NULL && style != NULL && prefix != NULL, NULL);

  return aiperf_report_svg (paint_chart, chart, style, AIPERF_REPORT_CHART_WIDTH,
                            aiperf_report_chart_height (chart, style, AIPERF_REPORT_CHART_WIDTH,
                                                        AIPERF_REPORT_CHART_HEIGHT),
                            chart->title, prefix, error);
}

char *
aiperf_report_svg (AiperfReportPaint  paint,
                   gconstpointer      data,
                   const AiperfStyle *style,
                   double             width,
                   double             height,
                   const char        *what,
                   const char        *prefix,
                   GError           **error)
{
  g_autoptr(GString) svg = g_string_new (NULL);
  GString *out;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  const char *p, *start;
  const char *hits[G_N_ELEMENTS (id_markers)];

  g_return_val_if_fail (paint != NULL && style != NULL && prefix != NULL, NULL);

  surface = cairo_svg_surface_create_for_stream (append_to_string, svg, width, height);
  cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
  cr = cairo_create (surface);
  paint (cr, data, style, width, height);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("Could not draw “%s”: %s"),
                   what != NULL ? what : "", cairo_status_to_string (status));
      return NULL;
    }

  /* Inline SVG needs no XML declaration; the <svg> element is the chart. */
  start = strstr (svg->str, "<svg");
  if (start == NULL)
    start = svg->str;
  out = g_string_sized_new (svg->len + 4096);
  p = start;
  /* each marker's next place, looked for again only once passed (looking
   * for all three from every reference made a tall chart's SVG cost
   * seconds) */
  for (guint m = 0; m < G_N_ELEMENTS (id_markers); m++)
    hits[m] = strstr (p, id_markers[m]);
  while (*p != '\0')
    {
      const char *next = NULL;
      gsize marker_len = 0;

      for (guint m = 0; m < G_N_ELEMENTS (id_markers); m++)
        {
          if (hits[m] != NULL && hits[m] < p)
            hits[m] = strstr (p, id_markers[m]);
          if (hits[m] != NULL && (next == NULL || hits[m] < next))
            {
              next = hits[m];
              marker_len = strlen (id_markers[m]);
            }
        }
      if (next == NULL)
        {
          g_string_append (out, p);
          break;
        }
      g_string_append_len (out, p, next - p + marker_len);
      g_string_append (out, prefix);
      p = next + marker_len;
    }
  return g_string_free (out, FALSE);
}
