/* aiperf-expert-load-table.c — every expert of every gate-log set as a
 * data table (tokens, share, × uniform), linked to the tokens-per-expert
 * chart by set and expert, with each set's statistics as the status.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-expert-load-private.h"

/* One line per set: what ccl-bench's extract.py prints. */
static char *
status_text (const AiperfExpertLoadData *data)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < data->sets->len; i++)
    {
      const AiperfExpertLoadSet *set = g_ptr_array_index (data->sets, i);

      if (i > 0)
        g_string_append_c (s, '\n');
      g_string_append_printf (s, _("%s: %u experts, %u steps"), set->label, set->n_experts, set->n_steps);
      if (isfinite (data->max_step_tokens))
        g_string_append_printf (s, _(" (%u dropped)"), set->n_dropped);
      g_string_append_printf (s, _(" · entropy %.3f bits (%.3f of the maximum) · CV of the totals %.3f · "
                                   "mean per-step CV %.3f · max ÷ min %.3g"),
                              set->entropy, set->normalized_entropy, set->cv, set->mean_step_cv,
                              set->max_min_ratio);
    }
  return g_string_free (s, FALSE);
}

static void
set_number (AiperfDataTable *table,
            guint            row,
            guint            column,
            double           value,
            const char      *format)
{
  g_autofree char *text = NULL;

  if (isfinite (value))
    text = g_strdup_printf (format, value);
  aiperf_data_table_set_cell (table, row, column, text, value, NULL);
}

AiperfDataTable *
aiperf_expert_load_data_table (AiperfRunSet *runs,
                               GHashTable   *options)
{
  const char *limit = options != NULL ? g_hash_table_lookup (options, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS) : NULL;
  g_autoptr(AiperfExpertLoadData) data = NULL;
  AiperfDataTable *table = aiperf_data_table_new ();
  g_autofree char *status = NULL;
  guint c_set, c_expert, c_tokens, c_share, c_uniform;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  data = aiperf_expert_load_data_new (runs, aiperf_expert_load_parse_limit (limit));
  if (data == NULL)
    {
      aiperf_data_table_set_status (table, _("No MoE gate log is open"));
      return table;
    }
  /* Sets in their chart order, not by name. */
  c_set = aiperf_data_table_add_column (table, _("Set"), AIPERF_DATA_COLUMN_NAME | AIPERF_DATA_COLUMN_ORDERED, 24,
                                        NULL);
  c_expert = aiperf_data_table_add_column (table, _("Expert"), AIPERF_DATA_COLUMN_NUMBER, 7, NULL);
  c_tokens = aiperf_data_table_add_column (table, _("Tokens"), AIPERF_DATA_COLUMN_NUMBER, 10, NULL);
  c_share = aiperf_data_table_add_column (table, _("Share"), AIPERF_DATA_COLUMN_NUMBER, 8, NULL);
  /* share ÷ 1/E: above 1, the expert is overloaded */
  c_uniform = aiperf_data_table_add_column (table, _("× Uniform"), AIPERF_DATA_COLUMN_NUMBER, 9, NULL);
  for (guint i = 0; i < data->sets->len; i++)
    {
      const AiperfExpertLoadSet *set = g_ptr_array_index (data->sets, i);

      for (guint e = 0; e < set->n_experts; e++)
        {
          g_autofree char *key = g_strdup_printf ("%u\n%s\n%u", i, set->label, e);
          g_autofree char *expert = g_strdup_printf ("%u", e);
          double total = set->total_tokens;
          guint row = aiperf_data_table_add_row (table, key, (int) i, (int) e);

          aiperf_data_table_add_highlight (table, row, AIPERF_EXPERT_LOAD_HIGHLIGHT_SET, set->label);
          aiperf_data_table_add_highlight (table, row, AIPERF_EXPERT_LOAD_HIGHLIGHT_EXPERT, expert);
          aiperf_data_table_set_cell (table, row, c_set, set->label, i, set->label);
          aiperf_data_table_set_cell (table, row, c_expert, expert, e, NULL);
          set_number (table, row, c_tokens, set->totals[e], "%.0f");
          set_number (table, row, c_share, total > 0 ? 100 * set->totals[e] / total : NAN, "%.2f%%");
          set_number (table, row, c_uniform, total > 0 ? set->totals[e] * set->n_experts / total : NAN, "%.3f");
        }
    }
  status = status_text (data);
  aiperf_data_table_set_status (table, status);
  return table;
}
