/* aiperf-compare-dialog.c — choosing the baseline and the candidates among
 * the open runs: a row per run with its side, a first guess from the
 * folders they lie in (or the group the user named), and the minimal
 * effect.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include "aiperf-compare-dialog.h"
#include "aiperf-compare-groups.h"

typedef enum { SIDE_BASELINE, SIDE_CANDIDATE, SIDE_LEFT_OUT } Side;

struct _AiperfCompareDialog
{
  AdwWindow       parent_instance;

  AiperfRunSet   *runs;
  GPtrArray      *groups;      /* char*: each run's folder group (aiperf-compare-groups.h) */
  GPtrArray      *rows;        /* AdwComboRow*, one per run, in @runs' order */
  GtkSpinButton  *min_effect;
  GtkWidget      *compare_button;
};

G_DEFINE_FINAL_TYPE (AiperfCompareDialog, aiperf_compare_dialog, ADW_TYPE_WINDOW)

enum { SIGNAL_COMPARE, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_side (AiperfCompareDialog *self,
          guint                i,
          Side                 side)
{
  adw_combo_row_set_selected (g_ptr_array_index (self->rows, i), side);
}

/* The first guess: @hint's group is the baseline (when every run is in
 * one group, @hint alone), else the first group; the others candidates. */
static void
guess_sides (AiperfCompareDialog *self,
             AiperfRun           *hint)
{
  guint n = aiperf_run_set_get_n_runs (self->runs);
  const char *base_group = NULL;
  gboolean one_group = aiperf_compare_count_groups (self->groups) <= 1;

  for (guint i = 0; hint != NULL && i < n; i++)
    if (aiperf_run_set_get_run (self->runs, i) == hint)
      base_group = g_ptr_array_index (self->groups, i);
  if (base_group == NULL && !one_group && n > 0)
    base_group = g_ptr_array_index (self->groups, 0);
  for (guint i = 0; i < n; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (self->runs, i);
      gboolean baseline;

      if (hint != NULL && one_group)
        baseline = run == hint;
      else if (base_group != NULL)
        baseline = g_str_equal (g_ptr_array_index (self->groups, i), base_group);
      else
        baseline = i == 0;
      set_side (self, i, baseline ? SIDE_BASELINE : SIDE_CANDIDATE);
    }
}

void
aiperf_compare_dialog_choose_group (AiperfCompareDialog *self,
                                    const char          *group,
                                    gboolean             as_baseline)
{
  const char *other = NULL;

  g_return_if_fail (AIPERF_IS_COMPARE_DIALOG (self));
  g_return_if_fail (group != NULL);

  /* As the candidate: measured against the first other group. */
  for (guint i = 0; i < self->groups->len && other == NULL; i++)
    if (!g_str_equal (g_ptr_array_index (self->groups, i), group))
      other = g_ptr_array_index (self->groups, i);
  for (guint i = 0; i < self->groups->len; i++)
    {
      const char *own = g_ptr_array_index (self->groups, i);

      if (g_str_equal (own, group))
        set_side (self, i, as_baseline ? SIDE_BASELINE : SIDE_CANDIDATE);
      else if (as_baseline)
        set_side (self, i, SIDE_CANDIDATE);
      else
        set_side (self, i, g_strcmp0 (own, other) == 0 ? SIDE_BASELINE : SIDE_LEFT_OUT);
    }
}

static void
update_button (AiperfCompareDialog *self)
{
  guint sides[3] = { 0 };

  for (guint i = 0; i < self->rows->len; i++)
    {
      guint side = adw_combo_row_get_selected (g_ptr_array_index (self->rows, i));

      if (side < G_N_ELEMENTS (sides))
        sides[side]++;
    }
  gtk_widget_set_sensitive (self->compare_button, sides[SIDE_BASELINE] > 0 && sides[SIDE_CANDIDATE] > 0);
}

void
aiperf_compare_dialog_get_choice (AiperfCompareDialog *self,
                                  AiperfRunSet       **out_baseline,
                                  AiperfRunSet       **out_candidate,
                                  double              *out_min_effect)
{
  g_return_if_fail (AIPERF_IS_COMPARE_DIALOG (self));

  if (out_baseline != NULL)
    *out_baseline = aiperf_run_set_new ();
  if (out_candidate != NULL)
    *out_candidate = aiperf_run_set_new ();
  for (guint i = 0; i < self->rows->len; i++)
    {
      guint side = adw_combo_row_get_selected (g_ptr_array_index (self->rows, i));
      AiperfRun *run = aiperf_run_set_get_run (self->runs, i);

      if (side == SIDE_BASELINE && out_baseline != NULL)
        aiperf_run_set_add (*out_baseline, run);
      else if (side == SIDE_CANDIDATE && out_candidate != NULL)
        aiperf_run_set_add (*out_candidate, run);
    }
  if (out_min_effect != NULL)
    *out_min_effect = gtk_spin_button_get_value (self->min_effect) / 100;
}

void
aiperf_compare_dialog_accept (AiperfCompareDialog *self)
{
  g_return_if_fail (AIPERF_IS_COMPARE_DIALOG (self));

  if (!gtk_widget_get_sensitive (self->compare_button))
    return;
  g_signal_emit (self, signals[SIGNAL_COMPARE], 0);
  gtk_window_close (GTK_WINDOW (self));
}

static void
aiperf_compare_dialog_dispose (GObject *object)
{
  AiperfCompareDialog *self = AIPERF_COMPARE_DIALOG (object);

  g_clear_object (&self->runs);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  G_OBJECT_CLASS (aiperf_compare_dialog_parent_class)->dispose (object);
}

static void
aiperf_compare_dialog_class_init (AiperfCompareDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = aiperf_compare_dialog_dispose;
  signals[SIGNAL_COMPARE] = g_signal_new ("compare", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
aiperf_compare_dialog_init (AiperfCompareDialog *self)
{
  self->rows = g_ptr_array_new ();
}

static GtkWidget *
side_row (AiperfRun *run)
{
  const char *sides[] = { N_("Baseline"), N_("Candidate"), N_("Left Out"), NULL };
  const char *labels[G_N_ELEMENTS (sides)];
  g_autoptr(GtkStringList) model = NULL;
  GtkWidget *row = adw_combo_row_new ();

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    labels[i] = sides[i] != NULL ? _(sides[i]) : NULL;
  model = gtk_string_list_new (labels);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), aiperf_run_get_name (run));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), aiperf_run_get_locator (run));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  return row;
}

GtkWidget *
aiperf_compare_dialog_new (GtkWindow          *parent,
                           AiperfRunSet       *runs,
                           AiperfRun          *baseline)
{
  AiperfCompareDialog *self;
  GtkWidget *box, *header, *cancel, *page, *settings, *effect_row, *group;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  self = g_object_new (AIPERF_TYPE_COMPARE_DIALOG, "modal", TRUE, "default-width", 640, "default-height", 620,
                       "title", _("Compare with Baseline"), NULL);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  self->runs = g_object_ref (runs);
  self->groups = aiperf_compare_folder_groups (runs);

  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  self->compare_button = gtk_button_new_with_mnemonic (_("_Compare"));
  gtk_widget_add_css_class (self->compare_button, "suggested-action");
  g_signal_connect_swapped (self->compare_button, "clicked", G_CALLBACK (aiperf_compare_dialog_accept), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->compare_button);

  page = adw_preferences_page_new ();
  settings = adw_preferences_group_new ();
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (settings),
                                         _("Runs of the same configuration (kind, model, load) are paired; "
                                           "several of one configuration on a side are its repeats."));
  effect_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (effect_row), _("Minimal Effect (%)"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (effect_row),
                               _("A smaller change is never a regression or an improvement"));
  self->min_effect = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 100, 0.5));
  gtk_spin_button_set_digits (self->min_effect, 1);
  gtk_spin_button_set_value (self->min_effect, 2);
  gtk_widget_set_valign (GTK_WIDGET (self->min_effect), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (effect_row), GTK_WIDGET (self->min_effect));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (settings), effect_row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (settings));

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Runs"));
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      GtkWidget *row = side_row (aiperf_run_set_get_run (runs, i));

      g_ptr_array_add (self->rows, row);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (update_button), self);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  guess_sides (self, baseline);
  update_button (self);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), header);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->compare_button);
  /* Enter compares: the guess is most often right. */
  gtk_window_set_focus (GTK_WINDOW (self), self->compare_button);
  return GTK_WIDGET (self);
}
