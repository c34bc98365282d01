/* aiperf-session-charts.c — the default charts of what is open, kind by kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-error.h"
#include "aiperf-kinds.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-plot-spec.h"
#include "aiperf-run-rules.h"
#include "aiperf-session-charts.h"

G_GNUC_PRINTF (4, 5)
static void
say (AiperfChartsNoteFunc  note,
     gpointer              user_data,
     gboolean              warning,
     const char           *format,
     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (note == NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  note (warning, message, user_data);
}

/* aiperf plot's defaults of @mode that apply to @runs, or the --plot names
 * found in that mode (a name of the other mode is skipped with a note). */
static void
serving_presets (const AiperfPlotConfig *config,
                 AiperfMode              mode,
                 AiperfRunSet           *runs,
                 const char * const     *only,
                 AiperfChartsNoteFunc    note,
                 gpointer                user_data,
                 GPtrArray              *specs)
{
  if (only == NULL)
    {
      GPtrArray *names = aiperf_plot_config_get_defaults (config, mode);

      for (guint i = 0; i < names->len; i++)
        {
          const AiperfPlotSpec *spec = aiperf_plot_config_find (config, mode, g_ptr_array_index (names, i));

          /* A sweep over max_num_seqs is not about runs that have none. */
          if (spec != NULL && aiperf_plot_spec_applies (spec, runs))
            g_ptr_array_add (specs, aiperf_plot_spec_copy (spec));
        }
      return;
    }
  for (guint i = 0; only[i] != NULL; i++)
    {
      const AiperfPlotSpec *spec = aiperf_plot_config_find (config, mode, only[i]);

      if (spec != NULL)
        g_ptr_array_add (specs, aiperf_plot_spec_copy (spec));
      else if (mode == AIPERF_MODE_MULTI_RUN)
        say (note, user_data, TRUE, _("Skipping %s: it shows one run, and several runs were found"), only[i]);
      else
        say (note, user_data, TRUE, _("Skipping %s: it compares runs, and only one run was found"), only[i]);
    }
}

/* The presets a kind other than serving benchmarks draws for @runs: names
 * of @only found in its section, else its defaults that apply to @runs (a
 * default the data cannot have, the changes between summaries when one is
 * open, is left out without a word: only a chart the user named is said to
 * be skipped); a preset the kind expands (a heatmap per dtype) is its
 * charts. */
static void
kind_presets (const AiperfPlotConfig *config,
              const char             *kind,
              AiperfRunSet           *runs,
              const char * const     *only,
              GHashTable             *options,
              GPtrArray              *specs)
{
  const AiperfKind *kind_info = aiperf_kinds_find (kind);
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, kind);
  GPtrArray *names = aiperf_plot_config_get_kind_defaults (config, kind);

  for (guint i = 0; plots != NULL && i < plots->len; i++)
    {
      AiperfPlotSpec *spec = g_ptr_array_index (plots, i);
      gboolean wanted = only != NULL
                          ? g_strv_contains (only, spec->name)
                          : (names != NULL && g_ptr_array_find_with_equal_func (names, spec->name,
                                                                                g_str_equal, NULL));

      if (wanted && only == NULL && !aiperf_plot_spec_applies (spec, runs))
        wanted = FALSE;
      if (wanted)
        {
          AiperfPlotSpec *copy = aiperf_plot_spec_copy (spec);
          GPtrArray *expanded;

          /* Analysis options (--gpu, --filter, …) override the presets' keys. */
          aiperf_plot_spec_apply_options (copy, options);
          expanded = kind_info != NULL && kind_info->expand_preset != NULL
                       ? kind_info->expand_preset (copy, runs) : NULL;
          if (expanded == NULL)
            {
              g_ptr_array_add (specs, copy);
              continue;
            }
          for (guint e = 0; e < expanded->len; e++)
            g_ptr_array_add (specs, aiperf_plot_spec_copy (g_ptr_array_index (expanded, e)));
          g_ptr_array_unref (expanded);
          aiperf_plot_spec_free (copy);
        }
    }
}

/* AIPerf and its peers: aiperf plot's modes; one run is shown in detail. */
static AiperfMode
serving_mode (AiperfRunSet         *runs,
              AiperfChartsNoteFunc  note,
              gpointer              user_data)
{
  AiperfMode mode = aiperf_run_set_get_mode (runs);
  AiperfRun *run;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;

  /* Two whole sentences, not a "%s mode" fragment, so both can be translated. */
  say (note, user_data, FALSE,
       mode == AIPERF_MODE_MULTI_RUN ? _("Multi-run mode: %u run(s) loaded")
                                     : _("Single-run mode: %u run(s) loaded"),
       aiperf_run_set_get_n_runs (runs));
  if (mode != AIPERF_MODE_SINGLE_RUN)
    return mode;

  /* Comparisons need only the summaries. */
  run = aiperf_run_set_get_run (runs, 0);
  if (!aiperf_run_load_details (run, NULL, NULL, NULL, &error))
    say (note, user_data, TRUE, _("Cannot load the details of %s: %s"), aiperf_run_get_name (run), error->message);
  warnings = aiperf_run_dup_warnings (run);
  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    say (note, user_data, TRUE, "%s", (const char *) g_ptr_array_index (warnings, i));
  /* A lone run of another tool with nothing over time: its summary is a
   * point on the comparison charts rather than no chart at all. */
  if (!aiperf_run_can_load_details (run))
    {
      say (note, user_data, FALSE,
           _("%s (%s) has no per-request data: drawing its summary on the comparison charts"),
           aiperf_run_get_name (run), aiperf_run_get_tool (run));
      return AIPERF_MODE_MULTI_RUN;
    }
  return mode;
}

/* The runs of @open that are drawn: not hidden in @session, and shown by
 * @config's runs: block (a saved view). NULL, with a note, when none is. */
static AiperfRunSet *
shown_runs (AiperfSession          *session,
            const AiperfPlotConfig *config,
            AiperfRunSet           *open,
            AiperfChartsNoteFunc    note,
            gpointer                user_data)
{
  AiperfRunSet *shown = aiperf_run_set_new ();
  guint n = aiperf_run_set_get_n_runs (open);

  for (guint i = 0; i < n; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (open, i);

      if (aiperf_session_is_run_visible (session, run) && aiperf_run_rules_shows (config->runs, run))
        aiperf_run_set_add (shown, run);
    }
  if (aiperf_run_set_get_n_runs (shown) < n)
    say (note, user_data, FALSE, _("%u of %u run(s) hidden or filtered out by the view"),
         n - aiperf_run_set_get_n_runs (shown), n);
  if (aiperf_run_set_get_n_runs (shown) == 0)
    g_clear_object (&shown);
  return shown;
}

GPtrArray *
aiperf_session_plan_charts (AiperfSession          *session,
                            const AiperfPlotConfig *config,
                            const char * const     *only,
                            AiperfChartsNoteFunc    note,
                            gpointer                user_data)
{
  g_autoptr(GPtrArray) kinds = NULL;
  g_autoptr(GHashTable) sets = NULL;
  GPtrArray *plan;

  g_return_val_if_fail (AIPERF_IS_SESSION (session), NULL);
  g_return_val_if_fail (config != NULL, NULL);

  plan = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_kind_charts_free);
  kinds = aiperf_kinds_split (aiperf_session_get_runs (session), &sets);
  for (guint k = 0; k < kinds->len; k++)
    {
      const char *kind = g_ptr_array_index (kinds, k);
      AiperfRunSet *open = g_hash_table_lookup (sets, kind);
      g_autoptr(AiperfRunSet) shown = shown_runs (session, config, open, note, user_data);
      AiperfKindCharts *charts;

      if (shown == NULL)
        continue;
      charts = g_new0 (AiperfKindCharts, 1);
      charts->kind = g_strdup (kind);
      charts->runs = g_steal_pointer (&shown);
      charts->specs = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_plot_spec_free);
      if (g_str_equal (charts->kind, AIPERF_KIND_SERVING))
        {
          /* The mode is that of what is open: a view that hides all runs
           * but one still compares runs. */
          charts->mode = serving_mode (open, note, user_data);
          serving_presets (config, charts->mode, charts->runs, only, note, user_data, charts->specs);
        }
      else
        {
          charts->mode = AIPERF_MODE_MULTI_RUN;
          kind_presets (config, charts->kind, charts->runs, only, aiperf_session_get_options (session),
                        charts->specs);
        }
      g_ptr_array_add (plan, charts);
    }
  return plan;
}

AiperfChart *
aiperf_kind_charts_build (const AiperfKindCharts *charts,
                          const AiperfPlotSpec   *spec,
                          const AiperfPlotConfig *config,
                          AiperfPlotColors       *colors,
                          GError                **error)
{
  g_return_val_if_fail (charts != NULL, NULL);
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (config != NULL, NULL);

  if (charts->charts != NULL)
    {
      guint index;

      if (!g_ptr_array_find (charts->specs, spec, &index) || index >= charts->charts->len)
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA, "%s", spec->name);
          return NULL;
        }
      return aiperf_chart_copy (g_ptr_array_index (charts->charts, index));
    }
  if (charts->mode == AIPERF_MODE_MULTI_RUN)
    return aiperf_plot_build_multi_run (spec, charts->runs, config->classification, colors, error);
  return aiperf_plot_build_single_run (spec, aiperf_run_set_get_run (charts->runs, 0), colors, error);
}

char *
aiperf_session_kind_section (AiperfSession *session,
                             const char    *kind,
                             AiperfRunSet  *runs)
{
  const AiperfKind *info;

  g_return_val_if_fail (AIPERF_IS_SESSION (session), NULL);
  g_return_val_if_fail (kind != NULL && AIPERF_IS_RUN_SET (runs), NULL);

  info = aiperf_kinds_find (kind);
  if (info != NULL && info->summary_with_options != NULL)
    return info->summary_with_options (runs, aiperf_session_get_options (session));
  if (info != NULL && info->summary_section != NULL)
    return info->summary_section (runs);
  return NULL;
}

void
aiperf_kind_charts_free (AiperfKindCharts *charts)
{
  if (charts == NULL)
    return;
  g_free (charts->kind);
  g_clear_object (&charts->runs);
  g_clear_pointer (&charts->specs, g_ptr_array_unref);
  g_clear_pointer (&charts->charts, g_ptr_array_unref);
  g_free (charts);
}
