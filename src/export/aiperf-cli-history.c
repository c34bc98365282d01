/* aiperf-cli-history.c — aiperf-plot --headless --history PATH…: each
 * configuration's runs over time, their change points, history.json and
 * one history-METRIC-STAT.png per metric.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-cli-compare.h"
#include "aiperf-cli-open.h"
#include "aiperf-compare-chart.h"
#include "aiperf-export.h"
#include "aiperf-writer.h"

static char *
iso_time (double seconds)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc ((gint64) seconds);

  return when != NULL ? g_date_time_format_iso8601 (when) : NULL;
}

static char *
history_json (GPtrArray *series,
              GPtrArray *notes)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "series");
  json_builder_begin_array (builder);
  for (guint s = 0; s < series->len; s++)
    {
      const AiperfHistorySeries *one = g_ptr_array_index (series, s);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "configuration");
      json_builder_add_string_value (builder, one->configuration);
      json_builder_set_member_name (builder, "metric");
      json_builder_add_string_value (builder, one->metric);
      json_builder_set_member_name (builder, "stat");
      json_builder_add_string_value (builder, one->stat);
      json_builder_set_member_name (builder, "unit");
      json_builder_add_string_value (builder, one->unit);
      json_builder_set_member_name (builder, "better");
      json_builder_add_string_value (builder, one->better == AIPERF_BETTER_HIGHER ? "higher" : "lower");
      aiperf_compare_json_add_number (builder, "noise", one->noise);
      json_builder_set_member_name (builder, "points");
      json_builder_begin_array (builder);
      for (guint i = 0; i < one->values->len; i++)
        {
          g_autofree char *when = iso_time (g_array_index (one->times, double, i));

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "run");
          json_builder_add_string_value (builder, g_ptr_array_index (one->runs, i));
          json_builder_set_member_name (builder, "time");
          json_builder_add_string_value (builder, when);
          json_builder_set_member_name (builder, "time_from");
          json_builder_add_string_value (builder, g_array_index (one->from_mtime, gboolean, i)
                                                  ? "folder modification time" : "run");
          aiperf_compare_json_add_number (builder, "value", g_array_index (one->values, double, i));
          json_builder_set_member_name (builder, "what_changed");
          if (i < one->changed->len && g_ptr_array_index (one->changed, i) != NULL)
            json_builder_add_string_value (builder, g_ptr_array_index (one->changed, i));
          else
            json_builder_add_null_value (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "change_points");
      json_builder_begin_array (builder);
      for (guint c = 0; c < one->changes->len; c++)
        {
          const AiperfHistoryChange *change = &g_array_index (one->changes, AiperfHistoryChange, c);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "index");
          json_builder_add_int_value (builder, change->index);
          json_builder_set_member_name (builder, "first_run_after");
          json_builder_add_string_value (builder, g_ptr_array_index (one->runs, change->index));
          aiperf_compare_json_add_number (builder, "p_value", change->p);
          aiperf_compare_json_add_number (builder, "before", change->before);
          aiperf_compare_json_add_number (builder, "after", change->after);
          aiperf_compare_json_add_number (builder, "change", change->change);
          aiperf_compare_json_add_number (builder, "ci_low", change->ci_lo);
          aiperf_compare_json_add_number (builder, "ci_high", change->ci_hi);
          json_builder_set_member_name (builder, "what_changed");
          if (change->what_changed != NULL)
            json_builder_add_string_value (builder, change->what_changed);
          else
            json_builder_add_null_value (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "method");
  json_builder_add_string_value (builder, "e-divisive means (alpha 1), permutation p < 0.01, minimal effect");
  json_builder_set_member_name (builder, "notes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < notes->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (notes, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

int
aiperf_cli_history (const char * const *paths,
                    const char         *output,
                    const char         *theme_name,
                    double              min_effect,
                    GRegex             *param_pattern)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfSession) session = aiperf_cli_open (paths, param_pattern, &error);
  AiperfRunSet *runs = session != NULL ? aiperf_session_get_runs (session) : NULL;
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) series = NULL;
  g_autoptr(GHashTable) drawn = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *dir = NULL, *json = NULL, *json_path = NULL;
  AiperfTheme theme = AIPERF_THEME_LIGHT;
  AiperfStyle style;
  guint n_changes = 0;

  if (runs == NULL)
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      return AIPERF_EXIT_EMPTY;
    }
  if (theme_name != NULL)
    aiperf_theme_from_string (theme_name, &theme);
  series = aiperf_history_build (runs, min_effect, AIPERF_HISTORY_SEED, notes);
  dir = output != NULL ? g_strdup (output) : g_build_filename (paths[0], "plots", NULL);
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_printerr ("aiperf-plot: ");
      g_printerr (_("Cannot create the output folder %s: %s"), dir, g_strerror (errno));
      g_printerr ("\n");
      return AIPERF_EXIT_EMPTY;
    }
  json = history_json (series, notes);
  json_path = g_build_filename (dir, "history.json", NULL);
  if (!aiperf_write_file_atomically (json_path, json, strlen (json), &error))
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      return AIPERF_EXIT_EMPTY;
    }
  g_print (_("Saved: %s\n"), json_path);

  aiperf_style_init (&style, theme);
  style.scale = 2400 / 1600.0;
  for (guint s = 0; s < series->len; s++)
    {
      const AiperfHistorySeries *one = g_ptr_array_index (series, s);
      g_autofree char *key = g_strdup_printf ("%s-%s", one->metric, one->stat);
      g_autofree char *name = NULL, *path = NULL;
      g_autoptr(AiperfChart) chart = NULL;

      for (guint c = 0; c < one->changes->len; c++)
        {
          const AiperfHistoryChange *change = &g_array_index (one->changes, AiperfHistoryChange, c);

          n_changes++;
          g_print (_("Change point: %s, %s %s from run %s: %.4g → %.4g %s (%+.1f %%, 95 %% CI %+.1f to %+.1f %%, p %.3g)%s%s\n"),
                   one->configuration, one->label, one->stat,
                   (const char *) g_ptr_array_index (one->runs, change->index), change->before, change->after,
                   one->unit, change->change * 100, change->ci_lo * 100, change->ci_hi * 100, change->p,
                   change->what_changed != NULL ? "; " : "",
                   change->what_changed != NULL ? change->what_changed : "");
        }
      if (!g_hash_table_add (drawn, g_strdup (key)))
        continue;
      chart = aiperf_history_chart (series, one->metric, one->stat);
      if (chart == NULL)
        continue;
      g_strdelimit (key, "/\\:", '_');
      name = g_strdup_printf ("history-%s.png", key);
      path = g_build_filename (dir, name, NULL);
      if (!aiperf_write_chart (chart, NULL, &style, AIPERF_FORMAT_PNG, 2400, 1200, path, &error))
        {
          g_printerr ("aiperf-plot: %s\n", error->message);
          g_clear_error (&error);
          continue;
        }
      g_print (_("Saved: %s\n"), path);
    }
  aiperf_style_clear (&style);
  for (guint i = 0; i < notes->len; i++)
    g_print ("%s\n", (const char *) g_ptr_array_index (notes, i));
  g_print (g_dngettext (GETTEXT_PACKAGE, "%u series, %u change point\n", "%u series, %u change points\n", n_changes),
           series->len, n_changes);
  return series->len > 0 ? AIPERF_EXIT_OK : AIPERF_EXIT_EMPTY;
}
