/* aiperf-folder-params.c — parameters that benchmark tools write into
 * folder names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-folder-params.h"

GHashTable *
aiperf_folder_params_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static void
put (GHashTable *params,
     const char *key,
     const char *value)
{
  g_hash_table_replace (params, g_strdup (key), g_strdup (value));
}

/* words[from..to) joined with @sep. */
static char *
join_range (char       **words,
            guint        from,
            guint        to,
            const char  *sep)
{
  GString *out = g_string_new (NULL);

  for (guint i = from; i < to; i++)
    {
      if (i > from)
        g_string_append (out, sep);
      g_string_append (out, words[i]);
    }
  return g_string_free (out, FALSE);
}

static gboolean
all_digits (const char *text)
{
  if (text == NULL || *text == '\0')
    return FALSE;
  for (; *text != '\0'; text++)
    if (!g_ascii_isdigit (*text))
      return FALSE;
  return TRUE;
}

/* "DefaultAll2All" and "default_all2all" name the same variant. */
static char *
squash (const char *text)
{
  GString *out = g_string_new (NULL);

  for (; *text != '\0'; text++)
    if (g_ascii_isalnum (*text))
      g_string_append_c (out, g_ascii_tolower (*text));
  return g_string_free (out, FALSE);
}

/* ccl-bench's group_12 plots label runs by the framework part of the name. */
static const char *
ccl_framework_label (const char *framework)
{
  if (framework == NULL)
    return NULL;
  if (g_ascii_strncasecmp (framework, "vllmTP", 6) == 0)
    return "Baseline";
  if (g_ascii_strncasecmp (framework, "vllmEP", 6) == 0)
    return "DefaultAll2All";
  return NULL;
}

gboolean
aiperf_folder_params_ccl_bench (const char *name,
                                GHashTable *params)
{
  const char *open, *close;
  g_autofree char *inner = NULL, *prefix = NULL, *lower = NULL;
  g_auto(GStrv) parts = NULL;
  g_auto(GStrv) tokens = NULL;
  const char *framework = NULL, *label;
  guint n_parts, n_tokens, i;

  g_return_val_if_fail (name != NULL && params != NULL, FALSE);

  open = strchr (name, '[');
  close = open != NULL ? strchr (open, ']') : NULL;
  if (close == NULL)
    return FALSE;
  inner = g_strndup (open + 1, close - open - 1);
  parts = g_strsplit (inner, "_", -1);
  n_parts = g_strv_length (parts);
  /* The first two consecutive integers are max_num_seqs and
   * max_num_batched_tokens; words before them are the variant. */
  for (i = 0; i + 1 < n_parts; i++)
    if (all_digits (parts[i]) && all_digits (parts[i + 1]))
      break;
  if (i + 1 >= n_parts)
    return FALSE;

  put (params, "max_num_seqs", parts[i]);
  put (params, "max_num_batched_tokens", parts[i + 1]);
  {
    g_autofree char *tag = join_range (parts, 0, i, "_");

    if (*tag != '\0')
      put (params, "variant_tag", tag);
  }

  /* "Model-framework-Cluster[": the model may itself contain dashes. */
  prefix = g_strndup (name, open - name);
  tokens = g_strsplit (prefix, "-", -1);
  n_tokens = g_strv_length (tokens);
  if (n_tokens >= 3)
    {
      framework = tokens[n_tokens - 2];
      put (params, "framework", framework);
      if (*tokens[n_tokens - 1] != '\0')
        put (params, "cluster", tokens[n_tokens - 1]);
    }

  label = ccl_framework_label (framework);
  {
    const char *tag = g_hash_table_lookup (params, "variant_tag");
    g_autofree char *a = tag != NULL ? squash (tag) : NULL;
    g_autofree char *b = label != NULL ? squash (label) : NULL;

    /* A bracket word that contradicts the framework label is a variant of
     * its own (ccl-bench would lump it in with the framework's). */
    if (label != NULL && (a == NULL || *a == '\0' || g_str_equal (a, b)))
      put (params, "variant", label);
    else if (tag != NULL)
      put (params, "variant", tag);
    else if (framework != NULL)
      put (params, "variant", framework);
  }

  lower = g_ascii_strdown (name, -1);
  if (strstr (lower, "_eplboff") != NULL || strstr (lower, "_eplbon") != NULL)
    {
      put (params, "eplb", strstr (lower, "_eplboff") != NULL ? "off" : "on");
      put (params, "excluded_from_sweep", "eplb");
    }
  return TRUE;
}

static gboolean
token_is_word (const char *token)
{
  return token[0] != '\0' && (g_ascii_isalpha (token[0]) || token[0] == '_');
}

/* Splits "k=v-k2=v2" into pairs. The value of one pair and the key of the
 * next are separated by the last '-' (or, when keys are spelled with
 * dashes, by the dash before the trailing run of words). */
static void
parse_pairs (const char *text,
             const char *side,
             GHashTable *params)
{
  g_auto(GStrv) segments = NULL;
  g_autofree char *key = NULL;
  gboolean dashed_keys;
  guint n;

  if (strchr (text, '=') == NULL)
    {
      if (*text != '\0')
        put (params, side, text);
      return;
    }
  segments = g_strsplit (text, "=", -1);
  n = g_strv_length (segments);
  key = g_strdup (segments[0]);
  dashed_keys = strchr (key, '-') != NULL;
  for (guint s = 1; s < n; s++)
    {
      g_autofree char *value = NULL;
      char *next_key = NULL;

      if (s + 1 == n)
        value = g_strdup (segments[s]);
      else
        {
          g_auto(GStrv) words = g_strsplit (segments[s], "-", -1);
          guint n_words = g_strv_length (words), first = n_words;

          if (n_words < 2)
            break;  /* "a=b=c": not a k=v name */
          first = n_words - 1;
          if (dashed_keys)
            while (first > 1 && token_is_word (words[first - 1]))
              first--;
          if (!token_is_word (words[first]))
            break;
          next_key = join_range (words, first, n_words, "-");
          value = join_range (words, 0, first, "-");
        }
      if (*key != '\0')
        put (params, key, value);
      g_free (key);
      key = next_key;
      if (key == NULL)
        break;
    }
}

gboolean
aiperf_folder_params_vllm_sweep (const char *name,
                                 GHashTable *params)
{
  const char *serve = NULL, *bench = NULL;

  g_return_val_if_fail (name != NULL && params != NULL, FALSE);

  if (g_str_has_prefix (name, "SERVE--"))
    {
      serve = name + strlen ("SERVE--");
      bench = strstr (serve, "-BENCH--");
      if (bench != NULL)
        bench += strlen ("-BENCH--");
    }
  else if (g_str_has_prefix (name, "BENCH--"))
    bench = name + strlen ("BENCH--");
  else
    return FALSE;

  if (serve != NULL)
    {
      g_autofree char *text = bench != NULL ? g_strndup (serve, bench - strlen ("-BENCH--") - serve)
                                            : g_strdup (serve);
      parse_pairs (text, "serve", params);
    }
  if (bench != NULL)
    parse_pairs (bench, "bench", params);
  return TRUE;
}

gboolean
aiperf_folder_params_genai_perf (const char *name,
                                 GHashTable *params)
{
  static const char * const loads[] = { "concurrency", "request_rate" };
  const char *dash;

  g_return_val_if_fail (name != NULL && params != NULL, FALSE);

  dash = strrchr (name, '-');
  if (dash == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (loads); i++)
    {
      const char *value = dash + 1 + strlen (loads[i]);
      char *end = NULL;

      if (strncmp (dash + 1, loads[i], strlen (loads[i])) != 0 || !g_ascii_isdigit (*value))
        continue;
      g_ascii_strtod (value, &end);
      if (end == NULL || *end != '\0')
        continue;
      put (params, loads[i], value);
      return TRUE;
    }
  return FALSE;
}

gboolean
aiperf_folder_params_parse (const char *name,
                            GHashTable *params)
{
  gboolean any = FALSE;

  g_return_val_if_fail (name != NULL && params != NULL, FALSE);

  any |= aiperf_folder_params_ccl_bench (name, params);
  any |= aiperf_folder_params_vllm_sweep (name, params);
  any |= aiperf_folder_params_genai_perf (name, params);
  return any;
}
