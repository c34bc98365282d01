/* aiperf-run-details.c — one run's configuration, errors and GPUs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "aiperf-run-details.h"
#include "aiperf-kinds.h"

struct _AiperfRunDetails
{
  AdwBin               parent_instance;

  AdwPreferencesPage  *page;
  AdwPreferencesGroup *run_group;
  AdwPreferencesGroup *errors_group;
  AdwPreferencesGroup *gpus_group;
  AdwPreferencesGroup *notes_group;
  AdwPreferencesGroup *config_group;

  AiperfRun           *run;
  GPtrArray           *rows;  /* (row, group) pairs added, for refresh */
};

G_DEFINE_FINAL_TYPE (AiperfRunDetails, aiperf_run_details, ADW_TYPE_BIN)

static void
add_row (AiperfRunDetails    *self,
         AdwPreferencesGroup *group,
         const char          *title,
         const char          *value)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value && *value ? value : "—");
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 2);
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->rows, row);
  g_ptr_array_add (self->rows, group);
}

static void
clear_rows (AiperfRunDetails *self)
{
  for (guint i = 0; i + 1 < self->rows->len; i += 2)
    adw_preferences_group_remove (g_ptr_array_index (self->rows, i + 1),
                                  g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
}

static char *
format_number (double v)
{
  if (isnan (v))
    return NULL;
  return g_strdup_printf ("%g", v);
}

/* An AIPerf-like run: its load, requests, errors and GPUs. */
static void
add_serving_rows (AiperfRunDetails *self,
                  AiperfRun        *run)
{
  g_autofree char *conc = NULL, *rate = NULL, *reqs = NULL, *errs = NULL;
  g_autoptr(GPtrArray) gpus = NULL;
  GPtrArray *errors;

  add_row (self, self->run_group, _("Model"), aiperf_run_get_model (run));
  add_row (self, self->run_group, _("Endpoint"), aiperf_run_get_endpoint_type (run));
  add_row (self, self->run_group, _("Streaming"), aiperf_run_get_streaming (run) ? _("Yes") : _("No"));
  conc = format_number (aiperf_run_get_concurrency (run));
  add_row (self, self->run_group, _("Concurrency"), conc);
  rate = format_number (aiperf_run_get_request_rate (run));
  if (rate != NULL)
    add_row (self, self->run_group, _("Request Rate (req/s)"), rate);
  if (aiperf_run_get_request_count (run) >= 0)
    reqs = g_strdup_printf ("%" G_GINT64_FORMAT, aiperf_run_get_request_count (run));
  add_row (self, self->run_group, _("Requests"), reqs);
  if (aiperf_run_get_error_count (run) >= 0)
    errs = g_strdup_printf ("%" G_GINT64_FORMAT, aiperf_run_get_error_count (run));
  add_row (self, self->run_group, _("Failed Requests"), errs ? errs : "0");
  add_row (self, self->run_group, _("Started"), aiperf_run_get_start_time (run));
  add_row (self, self->run_group, _("Ended"), aiperf_run_get_end_time (run));
  add_row (self, self->run_group, _("AIPerf Version"), aiperf_run_get_aiperf_version (run));

  errors = aiperf_run_get_errors (run);
  gtk_widget_set_visible (GTK_WIDGET (self->errors_group), errors != NULL && errors->len > 0);
  for (guint i = 0; errors != NULL && i < errors->len; i++)
    {
      AiperfErrorEntry *e = g_ptr_array_index (errors, i);
      g_autofree char *title = NULL;

      if (e->code != 0)
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (code %d) — %" PRIu64 " time",
                                              "%s (code %d) — %" PRIu64 " times", e->count),
                                 e->type ? e->type : _("Error"), e->code, (uint64_t) e->count);
      else
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s — %" PRIu64 " time",
                                              "%s — %" PRIu64 " times", e->count),
                                 e->type ? e->type : _("Error"), (uint64_t) e->count);
      add_row (self, self->errors_group, title, e->message);
    }

  gpus = aiperf_run_dup_gpus (run);
  gtk_widget_set_visible (GTK_WIDGET (self->gpus_group), gpus != NULL && gpus->len > 0);
  for (guint i = 0; gpus != NULL && i < gpus->len; i++)
    {
      AiperfGpu *gpu = g_ptr_array_index (gpus, i);
      g_autofree char *title = g_strdup_printf (_("GPU %d: %s"), gpu->index, gpu->name ? gpu->name : "");
      g_autofree char *endpoints = gpu->endpoints ? g_strjoinv (", ", gpu->endpoints) : NULL;
      g_autofree char *subtitle = g_strdup_printf ("%s · %s · %s", gpu->hostname ? gpu->hostname : "—",
                                                   gpu->uuid ? gpu->uuid : "—",
                                                   endpoints ? endpoints : "—");
      add_row (self, self->gpus_group, title, subtitle);
    }
}

void
aiperf_run_details_refresh (AiperfRunDetails *self)
{
  AiperfRun *run;
  g_autoptr(GPtrArray) keys = NULL;
  g_autoptr(GPtrArray) warnings = NULL;

  g_return_if_fail (AIPERF_IS_RUN_DETAILS (self));

  run = self->run;
  clear_rows (self);
  adw_preferences_group_set_description (self->run_group, aiperf_run_get_locator (run));
  add_row (self, self->run_group, _("Name"), aiperf_run_get_name (run));
  /* Other kinds of results (cutileGPT profiles, …) have no requests,
   * endpoint or concurrency: their tool, then their parameters, which hold
   * their configuration and system information ("system.gpu_name"). */
  if (!(aiperf_kinds_get_views (aiperf_run_get_kind (run)) & AIPERF_KIND_VIEW_RUNS))
    {
      add_row (self, self->run_group, _("Tool"), aiperf_run_get_tool (run));
      add_row (self, self->run_group, _("Started"), aiperf_run_get_start_time (run));
      gtk_widget_set_visible (GTK_WIDGET (self->errors_group), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->gpus_group), FALSE);
    }
  else
    add_serving_rows (self, run);

  warnings = aiperf_run_dup_warnings (run);
  gtk_widget_set_visible (GTK_WIDGET (self->notes_group), warnings != NULL && warnings->len > 0);
  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    add_row (self, self->notes_group, g_ptr_array_index (warnings, i), NULL);

  keys = aiperf_run_list_parameters (run);
  for (guint i = 0; keys != NULL && i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);
      add_row (self, self->config_group, key, aiperf_run_get_parameter (run, key));
    }
}

AiperfRun *
aiperf_run_details_get_run (AiperfRunDetails *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_DETAILS (self), NULL);
  return self->run;
}

static void
aiperf_run_details_dispose (GObject *object)
{
  AiperfRunDetails *self = AIPERF_RUN_DETAILS (object);

  g_clear_object (&self->run);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (aiperf_run_details_parent_class)->dispose (object);
}

static void
aiperf_run_details_class_init (AiperfRunDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = aiperf_run_details_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/aiperf/Plot/aiperf-run-details.ui");
  gtk_widget_class_bind_template_child (widget_class, AiperfRunDetails, page);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunDetails, run_group);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunDetails, errors_group);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunDetails, gpus_group);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunDetails, notes_group);
  gtk_widget_class_bind_template_child (widget_class, AiperfRunDetails, config_group);
}

static void
aiperf_run_details_init (AiperfRunDetails *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
}

GtkWidget *
aiperf_run_details_new (AiperfRun *run)
{
  AiperfRunDetails *self;

  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);

  self = g_object_new (AIPERF_TYPE_RUN_DETAILS, NULL);
  self->run = g_object_ref (run);
  aiperf_run_details_refresh (self);
  return GTK_WIDGET (self);
}
