/* aiperf-compare-pair.c — pairing the runs of a baseline and its
 * candidates by configuration (kind, model, load, prompt lengths), and
 * handing each pair to its kind's measuring. Several runs of one
 * configuration on a side are its repeats; a configuration on one side
 * only is listed as unpaired, never dropped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-compare-measure.h"

typedef struct {
  char      *configuration;
  char      *kind;
  GPtrArray *baseline;   /* AiperfRun* (not owned: the run sets keep them) */
  GPtrArray *candidate;
} Group;

static void
group_free (gpointer data)
{
  Group *group = data;

  g_free (group->configuration);
  g_free (group->kind);
  g_ptr_array_unref (group->baseline);
  g_ptr_array_unref (group->candidate);
  g_free (group);
}

char *
aiperf_compare_configuration (AiperfRun *run)
{
  GString *key = g_string_new (NULL);
  const char *kind, *model, *endpoint, *isl, *osl;
  double rate, concurrency;

  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);

  kind = aiperf_run_get_kind (run);
  model = aiperf_run_get_model (run);
  if (g_strcmp0 (kind, "serving") != 0)
    g_string_append (key, kind != NULL ? kind : "unknown");
  if (model != NULL && g_strcmp0 (model, "Unknown") != 0)
    g_string_append_printf (key, "%s%s", key->len > 0 ? " · " : "", model);
  if (g_strcmp0 (kind, "serving") == 0)
    {
      rate = aiperf_run_get_request_rate (run);
      concurrency = aiperf_run_get_concurrency (run);
      if (isfinite (rate))
        g_string_append_printf (key, " · request rate %g", rate);
      else if (isfinite (concurrency))
        g_string_append_printf (key, " · concurrency %g", concurrency);
      isl = aiperf_run_get_parameter (run, "input.prompt.input_tokens.mean");
      osl = aiperf_run_get_parameter (run, "input.prompt.output_tokens.mean");
      if (isl != NULL || osl != NULL)
        g_string_append_printf (key, " · ISL %s / OSL %s", isl != NULL ? isl : "?", osl != NULL ? osl : "?");
      endpoint = aiperf_run_get_endpoint_type (run);
      if (endpoint != NULL && g_strcmp0 (endpoint, "chat") != 0)
        g_string_append_printf (key, " · %s", endpoint);
    }
  else if (strchr (aiperf_run_get_locator (run), '#') != NULL)
    {
      /* One of several results in a file (a cutileGPT configuration):
       * its key there names it the same in the baseline's file and the
       * candidate's. A file of its own (an Nsight summary) is named by its
       * kind and model only, so EPLBOFF.csv pairs with EPLBON.csv. */
      g_string_append_printf (key, " · %s", strchr (aiperf_run_get_locator (run), '#') + 1);
    }
  /* A serving run of no known model starts with its load. */
  if (g_str_has_prefix (key->str, " · "))
    g_string_erase (key, 0, strlen (" · "));
  if (key->len == 0)
    g_string_append (key, "serving");
  return g_string_free (key, FALSE);
}

static void
collect (AiperfRunSet *runs,
         gboolean      baseline,
         GHashTable   *by_key,
         GPtrArray    *groups)
{
  for (guint i = 0; runs != NULL && i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      g_autofree char *key = aiperf_compare_configuration (run);
      Group *group = g_hash_table_lookup (by_key, key);

      if (group == NULL)
        {
          group = g_new0 (Group, 1);
          group->configuration = g_strdup (key);
          group->kind = g_strdup (aiperf_run_get_kind (run));
          group->baseline = g_ptr_array_new ();
          group->candidate = g_ptr_array_new ();
          g_hash_table_insert (by_key, group->configuration, group);
          g_ptr_array_add (groups, group);
        }
      g_ptr_array_add (baseline ? group->baseline : group->candidate, run);
    }
}

static void
add_unpaired (AiperfComparison *comparison,
              Group            *group)
{
  AiperfCompareUnpaired *unpaired = g_new0 (AiperfCompareUnpaired, 1);
  GPtrArray *runs = group->baseline->len > 0 ? group->baseline : group->candidate;

  unpaired->configuration = g_strdup (group->configuration);
  unpaired->kind = g_strdup (group->kind);
  unpaired->in_baseline = group->baseline->len > 0;
  unpaired->runs = g_ptr_array_new_with_free_func (g_free);
  for (guint r = 0; r < runs->len; r++)
    g_ptr_array_add (unpaired->runs, g_strdup (aiperf_run_get_name (g_ptr_array_index (runs, r))));
  g_ptr_array_add (comparison->unpaired, unpaired);
}

AiperfComparison *
aiperf_comparison_pair (AiperfRunSet                *baseline,
                        AiperfRunSet                *candidate,
                        const AiperfCompareSettings *settings,
                        AiperfCompareMeasureOf       measure_of,
                        GCancellable                *cancellable)
{
  AiperfComparison *comparison = aiperf_comparison_new (settings);
  g_autoptr(GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (group_free);

  g_return_val_if_fail (measure_of != NULL, comparison);

  collect (baseline, TRUE, by_key, groups);
  collect (candidate, FALSE, by_key, groups);
  for (guint g = 0; g < groups->len; g++)
    {
      Group *group = g_ptr_array_index (groups, g);

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (group->baseline->len == 0 || group->candidate->len == 0)
        {
          add_unpaired (comparison, group);
          continue;
        }
      measure_of (group->kind) (comparison, group->configuration, group->baseline, group->candidate,
                                cancellable);
    }
  aiperf_comparison_finish (comparison);
  return comparison;
}
