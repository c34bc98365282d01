/* aiperf-expert-load-summary.c — the summary.txt section of gate-log sets
 * and expert_load.json, the numbers of ccl-bench's extract.py.
 *
 * expert_load.json has exactly extract.py's keys ({"totals", "normalized",
 * "summary": {"entropy", "normalized_entropy", "coefficient_of_variation",
 * "max_min_ratio", "total_tokens", "num_experts", "total_steps"}}) plus
 * summary.mean_step_coefficient_of_variation and, when --max-step-tokens
 * is given, summary.dropped_steps. Several sets: {"sets": [{"label", …}]}.
 * A number that does not exist (the max/min of a set without tokens) is
 * null.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-error.h"
#include "aiperf-expert-load-private.h"

#define JSON_FILE "expert_load.json"

/* Integers as integers, other numbers as the shortest text that reads
 * back the same, NaN as null. */
static void
append_number (GString *s,
               double   v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (v))
    {
      g_string_append (s, "null");
      return;
    }
  if (v == floor (v) && fabs (v) < 9007199254740992.0)
    {
      g_string_append_printf (s, "%.0f", v);
      return;
    }
  for (int digits = 15; digits <= 17; digits++)
    {
      g_ascii_formatd (buf, sizeof buf, digits == 15 ? "%.15g" : digits == 16 ? "%.16g" : "%.17g", v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  g_string_append (s, buf);
}

static void
append_string (GString    *s,
               const char *text)
{
  g_string_append_c (s, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (s, "\\%c", *p);
      else if ((guchar) *p < 0x20)
        g_string_append_printf (s, "\\u%04x", (guchar) *p);
      else
        g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

static void
append_list (GString      *s,
             const double *values,
             guint         n,
             double        divisor)
{
  g_string_append_c (s, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      append_number (s, divisor > 0 ? values[i] / divisor : divisor == 1 ? values[i] : 0);
    }
  g_string_append_c (s, ']');
}

static void
append_key (GString    *s,
            const char *indent,
            const char *key)
{
  g_string_append_printf (s, "%s\"%s\": ", indent, key);
}

/* The members of one set's object, at @indent. */
static void
append_set (GString                    *s,
            const AiperfExpertLoadData *data,
            const AiperfExpertLoadSet  *set,
            const char                 *indent)
{
  g_autofree char *inner = g_strconcat (indent, "  ", NULL);
  struct { const char *key; double value; } summary[] = {
    { "entropy", set->entropy },
    { "normalized_entropy", set->normalized_entropy },
    { "coefficient_of_variation", set->cv },
    { "max_min_ratio", set->max_min_ratio },
    { "total_tokens", set->total_tokens },
    { "num_experts", set->n_experts },
    { "total_steps", set->n_steps },
    { "mean_step_coefficient_of_variation", set->mean_step_cv },
    { "dropped_steps", set->n_dropped },
  };
  guint n_summary = G_N_ELEMENTS (summary) - (isfinite (data->max_step_tokens) ? 0 : 1);

  append_key (s, indent, "totals");
  append_list (s, set->totals, set->n_experts, 1);
  g_string_append (s, ",\n");
  append_key (s, indent, "normalized");
  append_list (s, set->totals, set->n_experts, set->total_tokens);
  g_string_append (s, ",\n");
  append_key (s, indent, "summary");
  g_string_append (s, "{\n");
  for (guint i = 0; i < n_summary; i++)
    {
      append_key (s, inner, summary[i].key);
      append_number (s, summary[i].value);
      g_string_append (s, i + 1 < n_summary ? ",\n" : "\n");
    }
  g_string_append_printf (s, "%s}\n", indent);
}

char *
aiperf_expert_load_json (const AiperfExpertLoadData *data)
{
  GString *s;

  g_return_val_if_fail (data != NULL && data->sets->len > 0, NULL);

  s = g_string_new ("{\n");
  if (data->sets->len == 1)
    append_set (s, data, g_ptr_array_index (data->sets, 0), "  ");
  else
    {
      g_string_append (s, "  \"sets\": [\n");
      for (guint i = 0; i < data->sets->len; i++)
        {
          const AiperfExpertLoadSet *set = g_ptr_array_index (data->sets, i);

          g_string_append (s, "    {\n      \"label\": ");
          append_string (s, set->label);
          g_string_append (s, ",\n");
          append_set (s, data, set, "      ");
          g_string_append (s, i + 1 < data->sets->len ? "    },\n" : "    }\n");
        }
      g_string_append (s, "  ]\n");
    }
  g_string_append (s, "}\n");
  return g_string_free (s, FALSE);
}

static double
options_limit (GHashTable *options)
{
  return aiperf_expert_load_parse_limit (options != NULL ? g_hash_table_lookup (options, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS)
                                                         : NULL);
}

gboolean
aiperf_expert_load_write_files (AiperfRunSet *runs,
                                GHashTable   *options,
                                const char   *directory,
                                GPtrArray    *files,
                                GError      **error)
{
  g_autoptr(AiperfExpertLoadData) data = NULL;
  g_autofree char *text = NULL, *path = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), FALSE);
  g_return_val_if_fail (directory != NULL && files != NULL, FALSE);

  data = aiperf_expert_load_data_new (runs, options_limit (options));
  if (data == NULL)
    return TRUE;
  text = aiperf_expert_load_json (data);
  path = g_build_filename (directory, JSON_FILE, NULL);
  /* g_file_set_contents writes a temporary file and renames it. */
  if (!g_file_set_contents (path, text, -1, error))
    return FALSE;
  g_ptr_array_add (files, g_strdup (JSON_FILE));
  return TRUE;
}

static void
append_value (GString    *s,
              const char *title,
              double      value,
              const char *format)
{
  /* Padded by characters: "÷" and "σ" are two bytes. */
  g_string_append_printf (s, "    %s", title);
  for (glong n = g_utf8_strlen (title, -1); n < 34; n++)
    g_string_append_c (s, ' ');
  g_string_append_c (s, ' ');
  if (isfinite (value))
    g_string_append_printf (s, format, value);
  else
    g_string_append (s, "—");
  g_string_append_c (s, '\n');
}

char *
aiperf_expert_load_summary_section (AiperfRunSet *runs,
                                    GHashTable   *options)
{
  g_autoptr(AiperfExpertLoadData) data = NULL;
  GString *s;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  data = aiperf_expert_load_data_new (runs, options_limit (options));
  if (data == NULL)
    return NULL;
  s = g_string_new (_("MoE Expert Load (gate logs)\n"));
  for (guint i = 0; i < 50; i++)
    g_string_append_c (s, '=');
  g_string_append_c (s, '\n');
  for (guint i = 0; i < data->sets->len; i++)
    {
      const AiperfExpertLoadSet *set = g_ptr_array_index (data->sets, i);
      g_autoptr(GPtrArray) warnings = NULL;

      g_string_append_printf (s, "\n  %s (%s)\n", set->label, aiperf_run_get_locator (set->run));
      append_value (s, _("Experts"), set->n_experts, "%.0f");
      append_value (s, _("Steps"), set->n_steps, "%.0f");
      if (isfinite (data->max_step_tokens))
        {
          g_autofree char *title = g_strdup_printf (_("Dropped (> %g tokens)"), data->max_step_tokens);

          append_value (s, title, set->n_dropped, "%.0f");
        }
      append_value (s, _("Tokens routed"), set->total_tokens, "%.0f");
      append_value (s, _("Entropy (bits)"), set->entropy, "%.4f");
      append_value (s, _("Normalized entropy (÷ log2 E)"), set->normalized_entropy, "%.4f");
      append_value (s, _("CV of expert totals"), set->cv, "%.4f");
      append_value (s, _("Mean per-step CV"), set->mean_step_cv, "%.4f");
      append_value (s, _("Max ÷ min non-zero total"), set->max_min_ratio, "%.3f");
      warnings = aiperf_run_dup_warnings (set->run);
      if (warnings != NULL && warnings->len > 0)
        {
          g_string_append (s, _("    Not read:\n"));
          for (guint w = 0; w < warnings->len; w++)
            g_string_append_printf (s, "      %s\n", (const char *) g_ptr_array_index (warnings, w));
        }
    }
  g_string_append (s, _("\nCV of expert totals: population σ/μ of the tokens each expert received over all steps "
                        "(ccl-bench's coefficient_of_variation). Mean per-step CV: σ/μ of the experts' loads "
                        "in each step, averaged over the steps (steps without tokens left out).\n"));
  if (isfinite (data->max_step_tokens))
    g_string_append_printf (s, _("Steps whose num_tokens (or, without it, summed expert loads) exceed %g "
                                 "were dropped as warm-up or profiling steps.\n"),
                            data->max_step_tokens);
  return g_string_free (s, FALSE);
}
