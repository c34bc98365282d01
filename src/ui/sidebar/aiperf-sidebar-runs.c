/* aiperf-sidebar-runs.c — the sidebar's run list: search, order, checks,
 * Show All / Hide All, the colour dots, the folder groups' heads, and the
 * Runs / Plot views.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-compare-groups.h"
#include "aiperf-run-group-header.h"
#include "aiperf-run-row.h"
#include "aiperf-short-names.h"
#include "aiperf-sidebar-private.h"

static void
on_row_toggled (AiperfSidebar *self,
                gboolean       checked,
                AiperfRunRow  *row)
{
  g_signal_emit (self, aiperf_sidebar_signals[AIPERF_SIDEBAR_RUN_TOGGLED], 0, aiperf_run_row_get_run (row), checked);
}

static void
on_row_activated (AiperfSidebar *self,
                  GtkListBoxRow *row)
{
  g_signal_emit (self, aiperf_sidebar_signals[AIPERF_SIDEBAR_RUN_ACTIVATED], 0, aiperf_run_row_get_run (AIPERF_RUN_ROW (row)));
}

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       user_data)
{
  AiperfSidebar *self = user_data;

  return aiperf_run_row_matches (AIPERF_RUN_ROW (row), self->search_text);
}

/* Natural order ("concurrency2" before "concurrency16"), which path order is not. */
static int
sort_rows (GtkListBoxRow *a,
           GtkListBoxRow *b,
           gpointer       user_data)
{
  const char *ka = g_object_get_data (G_OBJECT (a), "sort-key");
  const char *kb = g_object_get_data (G_OBJECT (b), "sort-key");

  return g_strcmp0 (ka, kb);
}

/* A folder group's first row (of those the search shows) carries its
 * head; the rows of a group are together, the sort key starting with it. */
static void
header_row (GtkListBoxRow *row,
            GtkListBoxRow *before,
            gpointer       user_data)
{
  const char *group = g_object_get_data (G_OBJECT (row), "run-group");
  GtkWidget *header = gtk_list_box_row_get_header (row);

  if (group == NULL ||
      (before != NULL && g_strcmp0 (g_object_get_data (G_OBJECT (before), "run-group"), group) == 0))
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  if (header != NULL && AIPERF_IS_RUN_GROUP_HEADER (header) &&
      g_str_equal (aiperf_run_group_header_get_group (AIPERF_RUN_GROUP_HEADER (header)), group))
    return;
  gtk_list_box_row_set_header (row, aiperf_run_group_header_new (group, GPOINTER_TO_UINT (
                                   g_object_get_data (G_OBJECT (row), "run-group-size"))));
}

static void
update_no_match (AiperfSidebar *self)
{
  gboolean any = FALSE, rows = FALSE;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->run_list));
       child != NULL && !any; child = gtk_widget_get_next_sibling (child))
    if (AIPERF_IS_RUN_ROW (child))
      {
        rows = TRUE;
        any = aiperf_run_row_matches (AIPERF_RUN_ROW (child), self->search_text);
      }
  /* A search that matches nothing says so, instead of an empty sliver. */
  gtk_stack_set_visible_child_name (self->runs_stack, any || !rows ? "list" : "no-match");
}

static void
on_search_changed (AiperfSidebar *self)
{
  g_free (self->search_text);
  self->search_text = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), -1);
  gtk_list_box_invalidate_filter (self->run_list);
  gtk_list_box_invalidate_headers (self->run_list);
  update_no_match (self);
}

/* Show All / Hide All act on the runs the search lists. */
static void
select_runs (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AiperfSidebar *self = AIPERF_SIDEBAR (widget);
  gboolean visible = g_str_equal (action_name, "sidebar.select-all");
  g_autoptr(GPtrArray) runs = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->run_list));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (AIPERF_IS_RUN_ROW (child) && aiperf_run_row_matches (AIPERF_RUN_ROW (child), self->search_text))
      g_ptr_array_add (runs, aiperf_run_row_get_run (AIPERF_RUN_ROW (child)));
  if (runs->len > 0)
    g_signal_emit (self, aiperf_sidebar_signals[AIPERF_SIDEBAR_RUNS_TOGGLED], 0, runs, visible);
}

void
aiperf_sidebar_set_view (AiperfSidebar *self,
                         const char    *name)
{
  g_return_if_fail (AIPERF_IS_SIDEBAR (self));
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

const char *
aiperf_sidebar_get_view (AiperfSidebar *self)
{
  g_return_val_if_fail (AIPERF_IS_SIDEBAR (self), NULL);
  return adw_view_stack_get_visible_child_name (self->view_stack);
}

GtkWidget *
aiperf_sidebar_get_row (AiperfSidebar *self,
                        AiperfRun     *run)
{
  g_return_val_if_fail (AIPERF_IS_SIDEBAR (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->run_list));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (AIPERF_IS_RUN_ROW (child) && aiperf_run_row_get_run (AIPERF_RUN_ROW (child)) == run)
      return child;
  return NULL;
}

void
aiperf_sidebar_set_run_marks (AiperfSidebar *self,
                              GHashTable    *marks)
{
  g_return_if_fail (AIPERF_IS_SIDEBAR (self));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->run_list));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      AiperfRun *run;

      if (!AIPERF_IS_RUN_ROW (child))
        continue;
      run = aiperf_run_row_get_run (AIPERF_RUN_ROW (child));
      aiperf_run_row_set_mark (AIPERF_RUN_ROW (child),
                               marks ? g_hash_table_lookup (marks, aiperf_run_get_locator (run)) : NULL);
    }
}

void
aiperf_sidebar_fill_run_list (AiperfSidebar *self)
{
  AiperfRunSet *runs = self->runs;
  GtkWidget *child;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) groups = aiperf_compare_folder_groups (runs);
  g_autoptr(GHashTable) sizes = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_groups = aiperf_compare_count_groups (groups);
  /* Heads when the runs lie in a few folders, not one each. */
  gboolean grouped = n_groups >= 2 && n_groups < groups->len;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->run_list))) != NULL)
    gtk_list_box_remove (self->run_list, child);
  for (guint i = 0; runs != NULL && i < aiperf_run_set_get_n_runs (runs); i++)
    {
      g_ptr_array_add (names, (gpointer) aiperf_run_get_name (aiperf_run_set_get_run (runs, i)));
      g_hash_table_insert (sizes, g_ptr_array_index (groups, i),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (sizes, g_ptr_array_index (groups, i))) + 1));
    }
  for (guint i = 0; runs != NULL && i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      GtkWidget *row = aiperf_run_row_new (run);
      /* Long names alike at both ends ("Mixtral8x7B-vllm_…-group12"):
       * the part that differs, the whole name on hover. */
      g_autofree char *title = g_utf8_strlen (aiperf_run_get_name (run), -1) > 28
                                 ? aiperf_distinct_name (aiperf_run_get_name (run),
                                                         (const char * const *) names->pdata, names->len)
                                 : g_strdup (aiperf_run_get_name (run));

      aiperf_run_row_set_title (AIPERF_RUN_ROW (row), title);

      aiperf_run_row_set_checked (AIPERF_RUN_ROW (row),
                                  self->hidden == NULL
                                  || !g_hash_table_contains (self->hidden, aiperf_run_get_locator (run)));
      aiperf_run_row_set_check_visible (AIPERF_RUN_ROW (row), aiperf_run_set_get_n_runs (runs) > 1);
      if (grouped)
        {
          const char *group = g_ptr_array_index (groups, i);
          g_autofree char *group_key = g_utf8_collate_key_for_filename (group, -1);
          g_autofree char *run_key = g_utf8_collate_key_for_filename (aiperf_run_get_locator (run), -1);

          g_object_set_data_full (G_OBJECT (row), "run-group", g_strdup (group), g_free);
          g_object_set_data (G_OBJECT (row), "run-group-size", g_hash_table_lookup (sizes, group));
          g_object_set_data_full (G_OBJECT (row), "sort-key", g_strconcat (group_key, "\001", run_key, NULL), g_free);
        }
      else
        g_object_set_data_full (G_OBJECT (row), "sort-key",
                                g_utf8_collate_key_for_filename (aiperf_run_get_locator (run), -1), g_free);
      g_signal_connect_swapped (row, "toggled", G_CALLBACK (on_row_toggled), self);
      gtk_list_box_append (self->run_list, row);
    }
  update_no_match (self);
}

void
aiperf_sidebar_focus_search (AiperfSidebar *self)
{
  g_return_if_fail (AIPERF_IS_SIDEBAR (self));
  adw_view_stack_set_visible_child_name (self->view_stack, "runs");
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

void
aiperf_sidebar_init_runs (AiperfSidebar *self)
{
  gtk_list_box_set_filter_func (self->run_list, filter_row, self, NULL);
  gtk_list_box_set_sort_func (self->run_list, sort_rows, NULL, NULL);
  gtk_list_box_set_header_func (self->run_list, header_row, NULL, NULL);
  g_signal_connect_swapped (self->run_list, "row-activated", G_CALLBACK (on_row_activated), self);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (on_search_changed), self);
}

void
aiperf_sidebar_class_init_runs (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "sidebar.select-all", NULL, select_runs);
  gtk_widget_class_install_action (widget_class, "sidebar.select-none", NULL, select_runs);
}
