/* aiperf-cli-list.c — aiperf-plot --headless --list and --metric: the runs
 * found under the given paths, and one metric of each. Never touches GTK.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aiperf-cli-open.h"
#include "aiperf-error.h"
#include "aiperf-export.h"
#include "aiperf-kinds.h"
#include "aiperf-metric-registry.h"
#include "aiperf-run-set.h"

/* The runs @paths open, their discovery notes and load errors said on
 * stderr first; NULL when nothing could be loaded. */
static AiperfRunSet *
load_or_report (const char * const *paths,
                GRegex             *param_pattern,
                int                *out_status)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfSession) session = aiperf_cli_open (paths, param_pattern, &error);
  GPtrArray *notes, *errors;

  if (session == NULL)
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      *out_status = AIPERF_EXIT_EMPTY;
      return NULL;
    }
  notes = aiperf_session_get_notes (session);
  errors = aiperf_session_get_errors (session);
  for (guint i = 0; i < notes->len; i++)
    g_printerr ("aiperf-plot: %s\n", (const char *) g_ptr_array_index (notes, i));
  for (guint i = 0; i < errors->len; i++)
    g_printerr ("aiperf-plot: %s\n", (const char *) g_ptr_array_index (errors, i));
  *out_status = AIPERF_EXIT_OK;
  return g_object_ref (aiperf_session_get_runs (session));
}

/* The parameters read from folder levels (path_N), with their values:
 * what tells runs apart that their files do not. */
static void
print_path_parameters (AiperfRunSet *set)
{
  g_autoptr(GHashTable) values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();

  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (set, i);
      g_autoptr(GPtrArray) names = aiperf_run_list_parameters (run);

      for (guint k = 0; k < names->len; k++)
        {
          const char *key = g_ptr_array_index (names, k);
          const char *value = aiperf_run_get_parameter (run, key);
          GPtrArray *seen;

          if (!g_str_has_prefix (key, "path_"))
            continue;
          seen = g_hash_table_lookup (values, key);
          if (seen == NULL)
            {
              char *stored = g_strdup (key);

              seen = g_ptr_array_new_with_free_func (g_free);
              g_hash_table_insert (values, stored, seen);
              g_ptr_array_add (keys, stored);
            }
          if (!g_ptr_array_find_with_equal_func (seen, value, g_str_equal, NULL))
            g_ptr_array_add (seen, g_strdup (value));
        }
    }
  for (guint k = 0; k < keys->len; k++)
    {
      GPtrArray *seen = g_hash_table_lookup (values, g_ptr_array_index (keys, k));
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint v = 0; v < seen->len; v++)
        g_string_append_printf (text, "%s%s", v > 0 ? "|" : "", (const char *) g_ptr_array_index (seen, v));
      /* TRANSLATORS: --list; a parameter read from folder names, e.g.
       * "from folder names: path_1=ray|vllm" */
      g_print (_("from folder names: %s=%s\n"), (const char *) g_ptr_array_index (keys, k), text->str);
    }
}

static char *
format_number (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* Unknown (a run whose files do not say its load), as for counts. */
  if (isnan (value))
    return g_strdup ("?");
  /* The shortest text that reads back as the same double, like Python's
   * repr, so values can be compared with the JSON by eye. */
  for (int digits = 15; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  return g_strdup (buf);
}

static char *
format_count (gint64 count)
{
  return count < 0 ? g_strdup ("?") : g_strdup_printf ("%" G_GINT64_FORMAT, count);
}

/* Runs of kinds other than serving benchmarks: their own parameters. */
static void
print_parameters (AiperfRun *run)
{
  g_autoptr(GPtrArray) keys = aiperf_run_list_parameters (run);
  g_autoptr(GString) line = g_string_new (NULL);

  g_string_append_printf (line, "%s\t%s", aiperf_run_get_locator (run), aiperf_run_get_source (run));
  for (guint i = 0; i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);

      g_string_append_printf (line, "\t%s=%s", key, aiperf_run_get_parameter (run, key));
    }
  g_print ("%s\n", line->str);
}

int
aiperf_cli_list (const char * const *paths,
                 GRegex             *param_pattern)
{
  g_autoptr(AiperfRunSet) set = NULL;
  guint n;
  int status;

  g_return_val_if_fail (paths != NULL, AIPERF_EXIT_USAGE);

  set = load_or_report (paths, param_pattern, &status);
  if (set == NULL)
    return status;

  n = aiperf_run_set_get_n_runs (set);
  for (guint i = 0; i < n; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (set, i);
      gboolean by_rate = g_strcmp0 (aiperf_run_get_load_parameter (run), "request_rate") == 0;
      g_autofree char *load = format_number (by_rate ? aiperf_run_get_request_rate (run)
                                                     : aiperf_run_get_concurrency (run));
      g_autofree char *ok = format_count (aiperf_run_get_request_count (run));
      g_autofree char *bad = format_count (aiperf_run_get_error_count (run));
      const char *excluded = aiperf_run_get_parameter (run, "excluded_from_sweep");

      if (!(aiperf_kinds_get_views (aiperf_run_get_kind (run)) & AIPERF_KIND_VIEW_RUNS))
        {
          print_parameters (run);
          continue;
        }
      /* A rate-driven run (vLLM without --max-concurrency) has no concurrency. */
      g_print ("%s\t%s\t%s\t%s=%s\trequests=%s\terrors=%s\tgpus=%u",
               aiperf_run_get_locator (run), aiperf_run_get_source (run),
               aiperf_run_get_model (run), by_rate ? "request_rate" : "concurrency", load, ok, bad,
               aiperf_run_get_gpu_count (run));
      if (excluded != NULL)
        {
          g_print ("\t");
          /* TRANSLATORS: --list; %s is the reason's parameter, e.g. "eplb" */
          g_print (_("excluded from sweep plots (%s)"), excluded);
        }
      g_print ("\n");
    }
  print_path_parameters (set);
  if (aiperf_run_set_get_mode (set) == AIPERF_MODE_MULTI_RUN)
    g_print ("mode: multi-run (%u runs)\n", n);
  else
    g_print ("mode: single-run\n");
  return AIPERF_EXIT_OK;
}

/* "tag" or "tag:stat"; the tag keeps any alias for the error message. */
static gboolean
parse_spec (const char  *spec,
            char       **out_tag,
            AiperfStat  *out_stat)
{
  const char *colon = strrchr (spec, ':');

  *out_stat = AIPERF_STAT_AVG;
  if (colon == NULL)
    {
      *out_tag = g_strstrip (g_strdup (spec));
    }
  else
    {
      g_autofree char *stat = g_strstrip (g_strdup (colon + 1));

      if (!aiperf_stat_from_string (stat, out_stat))
        {
          g_printerr ("aiperf-plot: ");
          g_printerr (_("Unknown statistic “%s” in --metric (expected avg, min, max, sum, count, "
                        "p1, p5, p10, p25, p50, p75, p90, p95, p99 or std)"), stat);
          g_printerr ("\n");
          return FALSE;
        }
      *out_tag = g_strstrip (g_strndup (spec, colon - spec));
    }
  if (**out_tag == '\0')
    {
      g_printerr ("aiperf-plot: %s\n", _("--metric needs a metric tag, e.g. request_latency:p50"));
      g_clear_pointer (out_tag, g_free);
      return FALSE;
    }
  return TRUE;
}

static gboolean
any_run_has_metric (AiperfRunSet *set,
                    const char   *tag)
{
  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    if (aiperf_run_get_metric_stats (aiperf_run_set_get_run (set, i), tag) != NULL)
      return TRUE;
  return FALSE;
}

int
aiperf_cli_metric (const char * const *paths,
                   const char         *spec,
                   GRegex             *param_pattern)
{
  g_autoptr(AiperfRunSet) set = NULL;
  g_autofree char *tag = NULL;
  const char *canonical;
  AiperfStat stat;
  guint n_values = 0;
  int status;

  g_return_val_if_fail (paths != NULL, AIPERF_EXIT_USAGE);
  g_return_val_if_fail (spec != NULL, AIPERF_EXIT_USAGE);

  if (!parse_spec (spec, &tag, &stat))
    return AIPERF_EXIT_USAGE;
  canonical = aiperf_metric_registry_canonical_tag (tag);

  set = load_or_report (paths, param_pattern, &status);
  if (set == NULL)
    return status;
  /* Short names a kind gives its metrics ("latency" for cutileGPT's
   * forward_latency), when only runs of that kind are open. */
  if (aiperf_kinds_resolve_metric (set, tag) != NULL)
    canonical = aiperf_kinds_resolve_metric (set, tag);

  /* Runs may carry metrics we do not know (newer aiperf); only a tag that
   * is neither known nor present is a usage error. */
  if (aiperf_metric_registry_lookup (canonical) == NULL && !any_run_has_metric (set, canonical))
    {
      const char *suggestion = aiperf_metric_registry_suggest (tag);

      g_printerr ("aiperf-plot: ");
      if (suggestion != NULL)
        g_printerr (_("Unknown metric “%s”; did you mean “%s”?"), tag, suggestion);
      else
        g_printerr (_("Unknown metric “%s”"), tag);
      g_printerr ("\n");
      return AIPERF_EXIT_USAGE;
    }

  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (set, i);
      double value;

      if (aiperf_run_get_metric (run, canonical, stat, &value))
        {
          g_autofree char *text = format_number (value);

          g_print ("%s\t%s\n", aiperf_run_get_locator (run), text);
          n_values++;
        }
      else
        {
          g_printerr ("aiperf-plot: ");
          g_printerr (_("%s: no value for %s:%s"), aiperf_run_get_locator (run),
                      canonical, aiperf_stat_to_string (stat));
          g_printerr ("\n");
        }
    }
  return n_values > 0 ? AIPERF_EXIT_OK : AIPERF_EXIT_EMPTY;
}
