/* aiperf-chart-view-export.c — the chart view's current view to a file or
 * to the clipboard.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-chart-view-private.h"
#include "aiperf-error.h"

static void
init_export_style (AiperfChartView *self,
                   AiperfStyle     *style,
                   int              width,
                   int              height)
{
  aiperf_style_init (style, self->style.theme);
  /* The style's lengths are for a 1600x800 layout; grow them for larger
   * images (aiperf's 2400x1200 gets 1.5), never shrink below the screen's. */
  style->scale = MAX (1.0, MIN (width / 1600.0, height / 800.0));
}

gboolean
aiperf_chart_view_export (AiperfChartView   *self,
                          const char        *path,
                          AiperfImageFormat  format,
                          int                width,
                          int                height,
                          GError           **error)
{
  AiperfStyle style;
  gboolean ok;

  g_return_val_if_fail (AIPERF_IS_CHART_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->chart == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA,
                   _("Cannot write %s: there is no chart to export"), path);
      return FALSE;
    }

  init_export_style (self, &style, width, height);
  ok = aiperf_write_chart (self->chart, &self->viewport, &style, format,
                           width, height, path, error);
  aiperf_style_clear (&style);
  return ok;
}

void
aiperf_chart_view_copy_to_clipboard (AiperfChartView *self)
{
  g_autoptr(AiperfRenderer) renderer = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width, height;

  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  if (self->chart == NULL)
    return;

  width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), 320);
  height = MAX (gtk_widget_get_height (GTK_WIDGET (self)), 200);
  /* A renderer of its own: the widget's keeps the on-screen geometry for
   * hover. Twice the pixels so the pasted image stays sharp. */
  renderer = aiperf_renderer_new ();
  texture = aiperf_chart_view_paint_layer (renderer, self->chart, &self->viewport,
                                           &self->style, width, height,
                                           MAX (2, gtk_widget_get_scale_factor (GTK_WIDGET (self))));
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (self)), texture);
}
