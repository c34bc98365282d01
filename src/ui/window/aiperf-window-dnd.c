/* aiperf-window-dnd.c — dropping run or sweep folders onto the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-window-private.h"

gboolean
aiperf_window_handle_drop (AiperfWindow *self,
                           GSList       *files)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (AIPERF_IS_WINDOW (self), FALSE);

  /* What a folder or file holds is the formats' business: they sniff it
   * by content, and their error names what was looked for. */
  for (GSList *l = files; l != NULL; l = l->next)
    {
      GFile *file = l->data;
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        g_ptr_array_add (paths, g_steal_pointer (&path));
      else
        {
          g_autofree char *uri = g_file_get_uri (file);
          g_autofree char *msg = g_strdup_printf (_("“%s” is not a local file"), uri);

          aiperf_window_show_toast (self, msg, FALSE);
        }
    }
  if (paths->len == 0)
    return FALSE;
  g_ptr_array_add (paths, NULL);
  aiperf_window_load_paths_internal (self, (const char * const *) paths->pdata, FALSE);
  return TRUE;
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         AiperfWindow  *self)
{
  gtk_widget_set_visible (self->drop_overlay, FALSE);
  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  return aiperf_window_handle_drop (self, gdk_file_list_get_files (g_value_get_boxed (value)));
}

static GdkDragAction
on_enter (GtkDropTarget *target,
          double         x,
          double         y,
          AiperfWindow  *self)
{
  gtk_widget_set_visible (self->drop_overlay, TRUE);
  return GDK_ACTION_COPY;
}

static void
on_leave (GtkDropTarget *target,
          AiperfWindow  *self)
{
  gtk_widget_set_visible (self->drop_overlay, FALSE);
}

void
aiperf_window_init_dnd (AiperfWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  g_signal_connect (target, "enter", G_CALLBACK (on_enter), self);
  g_signal_connect (target, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->toast_overlay), GTK_EVENT_CONTROLLER (target));
}
