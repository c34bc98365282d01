/* aiperf-cli-compare.c — aiperf-plot --headless --baseline BASE CANDIDATE…:
 * loads both sides, compares them, writes comparison.json, .csv, .xml
 * (JUnit), .png (forest plot) and a section of summary.txt, prints the
 * section, and with --fail-on-regression[=PCT] exits with status 3 when a
 * metric regressed significantly by more than PCT.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "aiperf-cli-compare.h"
#include "aiperf-cli-open.h"
#include "aiperf-compare-chart.h"
#include "aiperf-kind-compare.h"
#include "aiperf-export.h"
#include "aiperf-report.h"
#include "aiperf-session-charts.h"
#include "aiperf-writer.h"

#define SECTION_MARK "Comparison with the baseline "

static gboolean
on_fail_on_regression (const char *option_name,
                       const char *value,
                       gpointer    data,
                       GError    **error)
{
  AiperfCompareCliOptions *options = data;

  options->fail_on_regression = TRUE;
  g_free (options->fail_pct);
  options->fail_pct = g_strdup (value);
  return TRUE;
}

GOptionGroup *
aiperf_cli_compare_option_group (AiperfCompareCliOptions *options)
{
  const GOptionEntry entries[] = {
    { "baseline", 0, 0, G_OPTION_ARG_FILENAME, &options->baseline,
      N_("Compare the runs given (the candidates) with this run or folder of runs: "
         "comparison.json, .csv, .xml (JUnit), .png and a section of summary.txt (and of the report "
         "with --html or --report)"), N_("PATH") },
    { "min-effect", 0, 0, G_OPTION_ARG_STRING, &options->min_effect,
      N_("Smallest change, in percent, that can be a regression or an improvement (default 2)"), N_("PCT") },
    { "fail-on-regression", 0, G_OPTION_FLAG_OPTIONAL_ARG, G_OPTION_ARG_CALLBACK, on_fail_on_regression,
      N_("Exit with status 3 when a metric regresses significantly (by more than PCT percent)"), N_("PCT") },
    { "history", 0, 0, G_OPTION_ARG_NONE, &options->history,
      N_("Runs of each configuration over time: change points, history.json and history-METRIC.png"), NULL },
    { NULL }
  };
  GOptionGroup *group = g_option_group_new ("compare", _("Comparison and history:"),
                                            _("Show the comparison and history options"), options, NULL);

  g_option_group_add_entries (group, entries);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  return group;
}

void
aiperf_cli_compare_options_clear (AiperfCompareCliOptions *options)
{
  g_clear_pointer (&options->baseline, g_free);
  g_clear_pointer (&options->min_effect, g_free);
  g_clear_pointer (&options->fail_pct, g_free);
}

gboolean
aiperf_cli_compare_requested (const AiperfCompareCliOptions *options)
{
  return options->baseline != NULL || options->history;
}

/* "2", "2%", "2.5 %" → 0.02…; FALSE when not a percentage >= 0. */
static gboolean
parse_percent (const char *text,
               double     *out)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  if (end == text)
    return FALSE;
  while (*end == ' ')
    end++;
  if (*end == '%')
    end++;
  if (*end != '\0' || !(value >= 0) || !isfinite (value) || value > 1000)
    return FALSE;
  *out = value / 100;
  return TRUE;
}

static AiperfRunSet *
load_side (const char * const *paths,
           GRegex             *param_pattern,
           const char         *what)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfSession) session = aiperf_cli_open (paths, param_pattern, &error);
  GPtrArray *errors;

  if (session == NULL)
    {
      g_printerr ("aiperf-plot: %s: %s\n", what, error->message);
      return NULL;
    }
  errors = aiperf_session_get_errors (session);
  for (guint i = 0; i < errors->len; i++)
    g_printerr ("aiperf-plot: %s: %s\n", what, (const char *) g_ptr_array_index (errors, i));
  return g_object_ref (aiperf_session_get_runs (session));
}

/* summary.txt keeps what is there (an export's summary) and gets the
 * comparison's section, replacing the previous comparison's. */
static gboolean
write_summary (const char *dir,
               const char *section,
               GError    **error)
{
  g_autofree char *path = g_build_filename (dir, "summary.txt", NULL);
  g_autofree char *old = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (g_file_get_contents (path, &old, NULL, NULL))
    {
      char *mark = strstr (old, SECTION_MARK);

      /* Only a section start at a line's beginning is ours. */
      while (mark != NULL && mark != old && mark[-1] != '\n')
        mark = strstr (mark + 1, SECTION_MARK);
      if (mark != NULL)
        *mark = '\0';
      g_string_append (text, old);
      if (text->len > 0 && text->str[text->len - 1] != '\n')
        g_string_append_c (text, '\n');
      if (text->len > 0 && mark == NULL)
        g_string_append_c (text, '\n');
    }
  g_string_append (text, section);
  return aiperf_write_file_atomically (path, text->str, text->len, error);
}

static gboolean
write_text (const char *dir,
            const char *name,
            const char *contents,
            GPtrArray  *written,
            GError    **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  if (!aiperf_write_file_atomically (path, contents, strlen (contents), error))
    return FALSE;
  g_ptr_array_add (written, g_steal_pointer (&path));
  return TRUE;
}

static gboolean
write_forest (const AiperfComparison *comparison,
              const char             *dir,
              AiperfTheme             theme,
              GPtrArray              *written,
              GError                **error)
{
  g_autoptr(AiperfChart) chart = aiperf_compare_forest_chart (comparison);
  g_autofree char *path = g_build_filename (dir, "comparison.png", NULL);
  AiperfStyle style;
  guint most_rows = 0, panels;
  int width = 2400, height;
  gboolean ok;

  if (chart == NULL)
    return TRUE;
  panels = chart->panels->len;
  for (guint p = 0; p < panels; p++)
    {
      AiperfChart *panel = g_ptr_array_index (chart->panels, p);

      most_rows = MAX (most_rows, panel->y.tick_labels != NULL ? panel->y.tick_labels->len : 0);
    }
  /* Room for every row's label: about 44 px a row at this width. */
  height = CLAMP (260 + (int) ((panels + chart->panel_columns - 1) / chart->panel_columns) * (140 + 44 * (int) most_rows),
                  1000, 20000);
  aiperf_style_init (&style, theme);
  style.scale = width / 1600.0;
  ok = aiperf_write_chart (chart, NULL, &style, AIPERF_FORMAT_PNG, width, height, path, error);
  aiperf_style_clear (&style);
  if (ok)
    g_ptr_array_add (written, g_steal_pointer (&path));
  return ok;
}

/* report.html / .pdf of every run of both sides, with the comparison's
 * section; the runs are opened as the export opens them. */
static gboolean
write_report (const AiperfCompareCliOptions *options,
              const AiperfComparison        *comparison,
              const char * const            *paths,
              const char                    *dir,
              AiperfTheme                    theme,
              GPtrArray                     *written,
              GError                       **error)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  g_autoptr(GPtrArray) plan = NULL;
  AiperfPlotConfig *config;
  AiperfReportInput input = { 0 };

  g_ptr_array_add (all, options->baseline);
  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (all, (gpointer) paths[i]);
  g_ptr_array_add (all, NULL);
  if (!aiperf_session_open_sync (session, (const char * const *) all->pdata, dir, error))
    return FALSE;
  config = aiperf_session_get_presets (session);
  plan = aiperf_session_plan_charts (session, config, NULL, NULL, NULL);
  input.session = session;
  input.config = config;
  input.plan = plan;
  input.theme = theme;
  input.comparison = comparison;
  return aiperf_report_write (&input, options->reports, dir, written, error);
}

int
aiperf_cli_compare (const AiperfCompareCliOptions *options,
                    const char * const            *paths,
                    const char                    *output,
                    const char                    *theme_name,
                    GRegex                        *param_pattern)
{
  AiperfCompareSettings settings;
  AiperfTheme theme = AIPERF_THEME_LIGHT;
  double fail_pct = 0;
  const char *base_paths[2] = { options->baseline, NULL };
  g_autoptr(AiperfRunSet) baseline = NULL;
  g_autoptr(AiperfRunSet) candidate = NULL;
  g_autoptr(AiperfComparison) comparison = NULL;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *json = NULL, *csv = NULL, *xml = NULL, *text = NULL;
  gboolean ok;

  aiperf_compare_settings_init (&settings);
  if (options->min_effect != NULL && !parse_percent (options->min_effect, &settings.min_effect))
    {
      g_printerr ("aiperf-plot: ");
      g_printerr (_("Bad --min-effect “%s” (expected a percentage, e.g. 2 or 2.5%%)"), options->min_effect);
      g_printerr ("\n");
      return AIPERF_EXIT_USAGE;
    }
  if (options->fail_pct != NULL && !parse_percent (options->fail_pct, &fail_pct))
    {
      g_printerr ("aiperf-plot: ");
      g_printerr (_("Bad --fail-on-regression=%s (expected a percentage, e.g. 5)"), options->fail_pct);
      g_printerr ("\n");
      return AIPERF_EXIT_USAGE;
    }
  if (theme_name != NULL && !aiperf_theme_from_string (theme_name, &theme))
    {
      g_printerr ("aiperf-plot: ");
      g_printerr (_("Unknown theme “%s” (expected light or dark)"), theme_name);
      g_printerr ("\n");
      return AIPERF_EXIT_USAGE;
    }
  if (options->history && options->baseline != NULL)
    {
      g_printerr ("aiperf-plot: %s\n", _("--history and --baseline cannot be combined"));
      return AIPERF_EXIT_USAGE;
    }
  if (options->history)
    return aiperf_cli_history (paths, output, theme_name, settings.min_effect, param_pattern);

  baseline = load_side (base_paths, param_pattern, _("baseline"));
  candidate = load_side (paths, param_pattern, _("candidate"));
  if (baseline == NULL || candidate == NULL)
    return AIPERF_EXIT_EMPTY;

  comparison = aiperf_comparison_run (baseline, candidate, &settings, NULL);
  dir = output != NULL ? g_strdup (output) : g_build_filename (paths[0], "plots", NULL);
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_printerr ("aiperf-plot: ");
      g_printerr (_("Cannot create the output folder %s: %s"), dir, g_strerror (errno));
      g_printerr ("\n");
      return AIPERF_EXIT_EMPTY;
    }
  json = aiperf_compare_to_json (comparison, options->baseline, paths);
  csv = aiperf_compare_to_csv (comparison);
  xml = aiperf_compare_to_junit (comparison);
  text = aiperf_compare_to_text (comparison, options->baseline);
  ok = write_text (dir, "comparison.json", json, written, &error) &&
       write_text (dir, "comparison.csv", csv, written, &error) &&
       write_text (dir, "comparison.xml", xml, written, &error) &&
       write_forest (comparison, dir, theme, written, &error) &&
       write_summary (dir, text, &error);
  if (ok)
    g_ptr_array_add (written, g_build_filename (dir, "summary.txt", NULL));
  if (ok && options->reports != 0)
    ok = write_report (options, comparison, paths, dir, theme, written, &error);
  if (!ok)
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      return AIPERF_EXIT_EMPTY;
    }
  g_print ("%s", text);
  for (guint i = 0; i < written->len; i++)
    g_print (_("Saved: %s\n"), (const char *) g_ptr_array_index (written, i));

  if (comparison->records->len == 0)
    return AIPERF_EXIT_EMPTY;
  if (options->fail_on_regression &&
      aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, fail_pct) > 0)
    {
      g_printerr ("aiperf-plot: ");
      g_printerr (_("%u metrics regressed by more than %g %%"),
                  aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, fail_pct), fail_pct * 100);
      g_printerr ("\n");
      return AIPERF_EXIT_REGRESSION;
    }
  return AIPERF_EXIT_OK;
}
