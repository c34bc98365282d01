/* aiperf-expert-load-data.c — the statistics of MoE gate-log sets.
 *
 * The numbers are those of ccl-bench's tokenToExpertAssignment scripts:
 * tokens per expert summed over the steps, their shares, the entropy of
 * the shares in bits and normalised by log2 E, the population coefficient
 * of variation of the totals, max ÷ smallest non-zero total; and the other
 * number people call CV: σ/μ of each step's loads, averaged over the steps.
 * Warm-up steps above a token limit can be dropped first, as the second
 * script does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "aiperf-expert-load-private.h"

double
aiperf_expert_load_parse_limit (const char *text)
{
  char *end = NULL;
  double value;

  if (text == NULL)
    return NAN;
  value = g_ascii_strtod (text, &end);
  while (end != NULL && g_ascii_isspace (*end))
    end++;
  if (end == text || end == NULL || *end != '\0' || !isfinite (value) || value < 0)
    return NAN;
  return value;
}

static void
set_free (AiperfExpertLoadSet *set)
{
  g_free (set->rows);
  g_free (set->totals);
  g_free (set->step_cv);
  g_free ((gpointer) set->experts);
  g_free (set);
}

void
aiperf_expert_load_data_free (AiperfExpertLoadData *data)
{
  if (data == NULL)
    return;
  g_ptr_array_unref (data->sets);
  g_free (data);
}

double
aiperf_expert_load_set_get (const AiperfExpertLoadSet *set,
                            guint                      s,
                            guint                      e)
{
  g_return_val_if_fail (set != NULL && s < set->n_steps && e < set->n_experts, NAN);
  return set->experts[e][set->rows[s]];
}

double
aiperf_expert_load_step_tokens (const AiperfExpertLoadSet *set,
                                guint                      row)
{
  double sum = 0;

  g_return_val_if_fail (set != NULL, NAN);

  if (set->num_tokens != NULL && isfinite (set->num_tokens[row]))
    return set->num_tokens[row];
  for (guint e = 0; e < set->n_experts; e++)
    sum += set->experts[e][row];
  return sum;
}

/* Population σ/μ of @n values; NaN when their mean is 0. */
static double
coefficient_of_variation (const double *values,
                          guint         n,
                          gsize         stride)
{
  double sum = 0, sq = 0, mean;

  for (guint i = 0; i < n; i++)
    sum += values[i * stride];
  mean = sum / n;
  if (n == 0 || !(mean > 0))
    return NAN;
  for (guint i = 0; i < n; i++)
    {
      double d = values[i * stride] - mean;

      sq += d * d;
    }
  return sqrt (sq / n) / mean;
}

static void
compute_summary (AiperfExpertLoadSet *set)
{
  double max = 0, min_nonzero = INFINITY, cv_sum = 0;
  guint n_cv = 0;
  g_autofree double *row = g_new (double, set->n_experts);

  set->total_tokens = 0;
  for (guint e = 0; e < set->n_experts; e++)
    {
      set->total_tokens += set->totals[e];
      max = MAX (max, set->totals[e]);
      if (set->totals[e] > 0)
        min_nonzero = MIN (min_nonzero, set->totals[e]);
    }
  set->entropy = 0;
  for (guint e = 0; e < set->n_experts && set->total_tokens > 0; e++)
    {
      double p = set->totals[e] / set->total_tokens;

      if (p > 0)
        set->entropy -= p * log2 (p);
    }
  set->normalized_entropy = set->n_experts > 1 ? set->entropy / log2 (set->n_experts) : NAN;
  set->cv = coefficient_of_variation (set->totals, set->n_experts, 1);
  set->max_min_ratio = isfinite (min_nonzero) ? max / min_nonzero : NAN;

  for (guint s = 0; s < set->n_steps; s++)
    {
      /* the columns directly: this runs over every value of the set */
      for (guint e = 0; e < set->n_experts; e++)
        row[e] = set->experts[e][set->rows[s]];
      set->step_cv[s] = coefficient_of_variation (row, set->n_experts, 1);
      if (isfinite (set->step_cv[s]))
        {
          cv_sum += set->step_cv[s];
          n_cv++;
        }
    }
  set->mean_step_cv = n_cv > 0 ? cv_sum / n_cv : NAN;
}

static AiperfExpertLoadSet *
set_new (AiperfRun   *run,
         int          id,
         AiperfTable *table,
         double       max_step_tokens)
{
  AiperfExpertLoadSet *set = g_new0 (AiperfExpertLoadSet, 1);
  guint n_rows = aiperf_table_get_n_rows (table);
  const double **experts;

  set->run = run;
  set->id = id;
  set->label = aiperf_run_get_variation_label (run) != NULL ? aiperf_run_get_variation_label (run)
                                                            : aiperf_run_get_name (run);
  set->table = table;
  /* The expert columns are expert_0, expert_1, … up to the first gap. */
  experts = g_new0 (const double *, aiperf_table_get_n_columns (table) + 1);
  for (guint e = 0;; e++)
    {
      g_autofree char *name = g_strdup_printf (AIPERF_EXPERT_LOADS_EXPERT_FMT, e);
      const double *column = aiperf_table_get_column (table, name);

      if (column == NULL)
        break;
      experts[e] = column;
      set->n_experts = e + 1;
    }
  set->experts = experts;
  set->num_tokens = aiperf_table_get_column (table, AIPERF_EXPERT_LOADS_NUM_TOKENS);
  set->rows = g_new (guint, MAX (n_rows, 1));
  set->totals = g_new0 (double, MAX (set->n_experts, 1));
  for (guint r = 0; r < n_rows; r++)
    {
      if (isfinite (max_step_tokens) && aiperf_expert_load_step_tokens (set, r) > max_step_tokens)
        {
          set->n_dropped++;
          continue;
        }
      set->rows[set->n_steps++] = r;
      for (guint e = 0; e < set->n_experts; e++)
        set->totals[e] += experts[e][r];
    }
  set->step_cv = g_new (double, MAX (set->n_steps, 1));
  compute_summary (set);
  return set;
}

AiperfExpertLoadData *
aiperf_expert_load_data_new (AiperfRunSet *runs,
                             double        max_step_tokens)
{
  AiperfExpertLoadData *data;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  data = g_new0 (AiperfExpertLoadData, 1);
  data->sets = g_ptr_array_new_with_free_func ((GDestroyNotify) set_free);
  data->max_step_tokens = max_step_tokens;
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *table = aiperf_run_get_table (run, AIPERF_EXPERT_LOADS);
      AiperfExpertLoadSet *set;

      if (table == NULL)
        continue;
      set = set_new (run, (int) i, table, max_step_tokens);
      if (set->n_experts == 0)
        {
          set_free (set);
          continue;
        }
      g_ptr_array_add (data->sets, set);
    }
  if (data->sets->len == 0)
    {
      aiperf_expert_load_data_free (data);
      return NULL;
    }
  return data;
}
