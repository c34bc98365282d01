/* aiperf-run-row.c — one run in the sidebar: colour, name, key facts, a check.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "aiperf-run-row.h"
#include "aiperf-kinds.h"
#include "aiperf-renderer.h"

struct _AiperfRunRow
{
  GtkListBoxRow   parent_instance;

  GtkCheckButton *check;
  GtkDrawingArea *swatch;
  GtkLabel       *name_label;
  GtkLabel       *model_label;
  GtkLabel       *facts_label;
  GtkImage       *missing_icon;
  GtkButton      *remove_button;

  AiperfRun      *run;
  AiperfRunMark   mark;
  gboolean        has_mark;
  gboolean        updating;
  gboolean        missing;
  char           *haystack;  /* case-folded searchable text */
  GtkWidget      *menu;      /* the context menu, made when first shown */
};

G_DEFINE_FINAL_TYPE (AiperfRunRow, aiperf_run_row, GTK_TYPE_LIST_BOX_ROW)

enum { TOGGLED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The run as the chart draws it, so it can be found there from here. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  AiperfRunRow *self = user_data;
  double size = MIN (width, height);

  if (!self->has_mark)
    {
      /* Not drawn: an outline in the text colour, so the row still lines up. */
      GdkRGBA fg;

      cairo_arc (cr, width / 2.0, height / 2.0, size / 2 - 0.5, 0, 2 * G_PI);
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
      G_GNUC_END_IGNORE_DEPRECATIONS
      fg.alpha *= 0.4;
      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      return;
    }
  if (self->mark.block)
    {
      /* A bar or box: filled lightly and outlined, as in the legend. */
      GdkRGBA light = self->mark.color;

      light.alpha *= 0.45;
      cairo_rectangle (cr, 1.5, 1.5, width - 3, height - 3);
      gdk_cairo_set_source_rgba (cr, &light);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, &self->mark.color);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      return;
    }
  /* A diamond's and a triangle's corners reach past a circle's edge:
   * smaller, to fit the same box. */
  aiperf_renderer_draw_marker_path (cr, self->mark.marker, width / 2.0, height / 2.0,
                                    (size - 1) * (self->mark.marker == AIPERF_MARKER_DIAMOND
                                                  || self->mark.marker == AIPERF_MARKER_TRIANGLE ? 0.8 : 1.0));
  gdk_cairo_set_source_rgba (cr, &self->mark.color);
  cairo_fill (cr);
}

static void
on_check_toggled (AiperfRunRow *self)
{
  if (!self->updating)
    g_signal_emit (self, signals[TOGGLED], 0, gtk_check_button_get_active (self->check));
}

gboolean
aiperf_run_row_get_mark (AiperfRunRow  *self,
                         AiperfRunMark *out_mark)
{
  g_return_val_if_fail (AIPERF_IS_RUN_ROW (self), FALSE);

  if (self->has_mark && out_mark != NULL)
    *out_mark = self->mark;
  return self->has_mark;
}

void
aiperf_run_row_set_mark (AiperfRunRow        *self,
                         const AiperfRunMark *mark)
{
  g_return_if_fail (AIPERF_IS_RUN_ROW (self));

  self->has_mark = mark != NULL;
  if (mark != NULL)
    self->mark = *mark;
  gtk_widget_queue_draw (GTK_WIDGET (self->swatch));
}

void
aiperf_run_row_set_checked (AiperfRunRow *self,
                            gboolean      checked)
{
  g_return_if_fail (AIPERF_IS_RUN_ROW (self));

  self->updating = TRUE;
  gtk_check_button_set_active (self->check, checked);
  self->updating = FALSE;
}

gboolean
aiperf_run_row_get_checked (AiperfRunRow *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_ROW (self), FALSE);
  return gtk_check_button_get_active (self->check);
}

void
aiperf_run_row_set_check_visible (AiperfRunRow *self,
                                  gboolean      visible)
{
  g_return_if_fail (AIPERF_IS_RUN_ROW (self));
  gtk_widget_set_visible (GTK_WIDGET (self->check), visible);
  /* Its swatch would match nothing either: single-run charts colour by series. */
  gtk_widget_set_visible (GTK_WIDGET (self->swatch), visible);
}

AiperfRun *
aiperf_run_row_get_run (AiperfRunRow *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_ROW (self), NULL);
  return self->run;
}

gboolean
aiperf_run_row_matches (AiperfRunRow *self,
                        const char   *casefolded_text)
{
  g_return_val_if_fail (AIPERF_IS_RUN_ROW (self), FALSE);

  if (casefolded_text == NULL || *casefolded_text == '\0')
    return TRUE;
  return strstr (self->haystack, casefolded_text) != NULL;
}

/* Space on the focused row: the check, which takes no Tab stop of its own
 * (Enter opens the run's details). */
static void
toggle_check (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  AiperfRunRow *self = AIPERF_RUN_ROW (widget);

  if (gtk_widget_get_visible (GTK_WIDGET (self->check)))
    gtk_check_button_set_active (self->check, !gtk_check_button_get_active (self->check));
}

/* The run's context menu (secondary click, Menu, Shift+F10): what is done
 * with this run — compare the others against it. */
static void
show_menu (AiperfRunRow *self,
           double        x,
           double        y)
{
  if (self->menu == NULL)
    {
      g_autoptr(GMenu) model = g_menu_new ();
      g_autoptr(GMenuItem) item = g_menu_item_new (_("Compare with This Run as _Baseline…"), NULL);

      g_autoptr(GMenuItem) remove = g_menu_item_new (_("_Remove"), NULL);

      g_menu_item_set_action_and_target (item, "win.compare-baseline", "s", aiperf_run_get_locator (self->run));
      g_menu_append_item (model, item);
      /* Closes the run (a deleted one, or one not wanted any more). */
      g_menu_item_set_action_and_target (remove, "win.remove-run", "s", aiperf_run_get_locator (self->run));
      g_menu_append_item (model, remove);
      self->menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (model));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
      gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
    }
  if (x >= 0)
    gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  else
    gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), NULL);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
on_secondary_click (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    AiperfRunRow    *self)
{
  if (self->run != NULL)
    show_menu (self, x, y);
}

static void
menu_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AiperfRunRow *self = AIPERF_RUN_ROW (widget);

  if (self->run != NULL)
    show_menu (self, -1, -1);
}

static void
aiperf_run_row_dispose (GObject *object)
{
  AiperfRunRow *self = AIPERF_RUN_ROW (object);

  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_object (&self->run);
  g_clear_pointer (&self->haystack, g_free);
  G_OBJECT_CLASS (aiperf_run_row_parent_class)->dispose (object);
}

static void
aiperf_run_row_class_init (AiperfRunRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = aiperf_run_row_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/aiperf/Plot/aiperf-run-row.ui");
  gtk_widget_class_bind_template_child (widget_class, AiperfRunRow, check);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunRow, swatch);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunRow, model_label);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunRow, facts_label);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunRow, missing_icon);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunRow, remove_button);

  gtk_widget_class_install_action (widget_class, "row.toggle-check", NULL, toggle_check);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "row.toggle-check", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Space, 0, "row.toggle-check", NULL);
  gtk_widget_class_install_action (widget_class, "row.menu", NULL, menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "row.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "row.menu", NULL);

  signals[TOGGLED] = g_signal_new ("toggled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
aiperf_run_row_init (AiperfRunRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->swatch, draw_swatch, self, NULL);
  g_signal_connect_swapped (self->check, "toggled", G_CALLBACK (on_check_toggled), self);
  {
    GtkGesture *secondary = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
    g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary_click), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
  }
}

/* Concurrency or rate (whichever the tool swept), requests. */
static void
append_load_facts (GString   *facts,
                   AiperfRun *run)
{
  double rate = aiperf_run_get_request_rate (run);
  gint64 requests = aiperf_run_get_request_count (run);

  g_string_append (facts, " · ");
  if (g_str_equal (aiperf_run_get_load_parameter (run), "request_rate") && !isnan (rate))
    /* TRANSLATORS: request rate, e.g. "2.5 req/s" */
    g_string_append_printf (facts, _("%g req/s"), rate);
  else
    {
      /* TRANSLATORS: concurrency of a benchmark run, e.g. "Concurrency 4" */
      g_string_append_printf (facts, _("Concurrency %g"), aiperf_run_get_concurrency (run));
      /* An unlimited rate (vLLM's "inf": all requests at once) says nothing
       * the concurrency does not. */
      if (!isnan (rate) && !isinf (rate))
        {
          g_string_append (facts, " · ");
          g_string_append_printf (facts, _("%g req/s"), rate);
        }
    }
  if (requests >= 0)
    {
      g_string_append (facts, " · ");
      g_string_append_printf (facts, g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " request",
                                                  "%" PRId64 " requests", requests),
                              (int64_t) requests);
    }
}

/* Other kinds: a few of the run's own parameters. */
static void
append_parameters (GString   *facts,
                   AiperfRun *run)
{
  g_autoptr(GPtrArray) keys = aiperf_run_list_parameters (run);
  guint shown = 0;

  for (guint i = 0; keys != NULL && i < keys->len && shown < 3; i++)
    {
      const char *key = g_ptr_array_index (keys, i);
      const char *value = aiperf_run_get_parameter (run, key);

      if (value == NULL || strchr (key, '.') != NULL)
        continue;
      g_string_append_printf (facts, " · %s %s", key, value);
      shown++;
    }
}

void
aiperf_run_row_set_missing (AiperfRunRow *self,
                            gboolean      missing)
{
  g_autofree char *tooltip = NULL;

  g_return_if_fail (AIPERF_IS_RUN_ROW (self));

  self->missing = missing;
  gtk_widget_set_visible (GTK_WIDGET (self->missing_icon), missing);
  gtk_widget_set_visible (GTK_WIDGET (self->remove_button), missing);
  if (missing)
    gtk_widget_add_css_class (GTK_WIDGET (self), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "dim-label");
  /* TRANSLATORS: the tooltip of a run whose folder was deleted while open */
  tooltip = missing ? g_strdup_printf (_("%s\nMissing: %s no longer exists. Its charts show what was read "
                                         "before; remove it with the button or the menu."),
                                       aiperf_run_get_name (self->run), aiperf_run_get_locator (self->run))
                    : g_strdup_printf ("%s\n%s", aiperf_run_get_name (self->run), aiperf_run_get_locator (self->run));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), tooltip);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->missing_icon), tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->missing_icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Missing"), -1);
}

gboolean
aiperf_run_row_get_missing (AiperfRunRow *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_ROW (self), FALSE);
  return self->missing;
}

void
aiperf_run_row_set_title (AiperfRunRow *self,
                          const char   *title)
{
  g_return_if_fail (AIPERF_IS_RUN_ROW (self));
  g_return_if_fail (title != NULL);

  gtk_label_set_label (self->name_label, title);
}

GtkWidget *
aiperf_run_row_new (AiperfRun *run)
{
  AiperfRunRow *self;
  g_autoptr(GString) facts = g_string_new (NULL);
  g_autoptr(GString) hay = g_string_new (NULL);
  g_autoptr(GPtrArray) keys = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);

  self = g_object_new (AIPERF_TYPE_RUN_ROW, NULL);
  self->run = g_object_ref (run);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->remove_button), "win.remove-run");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->remove_button), "s", aiperf_run_get_locator (run));
  gtk_label_set_label (self->name_label, aiperf_run_get_name (run));
  /* Other kinds rarely name a model: their source (the file's label) tells
   * two runs of the same name apart. */
  if (!(aiperf_kinds_get_views (aiperf_run_get_kind (run)) & AIPERF_KIND_VIEW_RUNS) &&
      aiperf_run_get_variation_label (run) != NULL &&
      g_str_equal (aiperf_run_get_model (run), "Unknown"))
    gtk_label_set_label (self->model_label, aiperf_run_get_variation_label (run));
  else
    gtk_label_set_label (self->model_label, aiperf_run_get_model (run));
  {
    g_autofree char *tooltip = g_strdup_printf ("%s\n%s", aiperf_run_get_name (run), aiperf_run_get_locator (run));

    gtk_widget_set_tooltip_text (GTK_WIDGET (self), tooltip);
  }

  /* The tool first: runs of several tools are compared side by side. */
  g_string_append (facts, aiperf_run_get_tool (run));
  if (aiperf_kinds_get_views (aiperf_run_get_kind (run)) & AIPERF_KIND_VIEW_RUNS)
    append_load_facts (facts, run);
  else
    append_parameters (facts, run);
  gtk_label_set_label (self->facts_label, facts->str);

  g_string_append_printf (hay, "%s\n%s\n%s\n%s\n", aiperf_run_get_name (run),
                          aiperf_run_get_model (run), facts->str, aiperf_run_get_locator (run));
  keys = aiperf_run_list_parameters (run);
  for (guint i = 0; keys != NULL && i < keys->len; i++)
    {
      const char *v = aiperf_run_get_parameter (run, g_ptr_array_index (keys, i));
      if (v != NULL)
        g_string_append_printf (hay, "%s\n", v);
    }
  self->haystack = g_utf8_casefold (hay->str, -1);
  return GTK_WIDGET (self);
}
