/* aiperf-server-metrics-spec.c — preset metric specs for server metrics:
 * parsing "name[endpoint]{k=v}", the name heuristic, series selection and
 * short legend labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-server-metrics.h"

static char *
unquote (const char *start,
         const char *end)
{
  while (start < end && g_ascii_isspace (*start))
    start++;
  while (end > start && g_ascii_isspace (end[-1]))
    end--;
  if (end - start >= 2 && (*start == '"' || *start == '\'') && end[-1] == *start)
    {
      start++;
      end--;
    }
  return g_strndup (start, end - start);
}

/* "k=v, k2=\"v,2\"" → table; FALSE on a part without "=". */
static gboolean
parse_labels (const char *start,
              const char *end,
              GHashTable *labels)
{
  const char *p = start;

  while (p < end)
    {
      const char *eq, *stop;
      char quote = 0;

      while (p < end && (g_ascii_isspace (*p) || *p == ','))
        p++;
      if (p >= end)
        break;
      eq = memchr (p, '=', end - p);
      if (eq == NULL)
        return FALSE;
      stop = eq + 1;
      while (stop < end && g_ascii_isspace (*stop))
        stop++;
      if (stop < end && (*stop == '"' || *stop == '\''))
        {
          quote = *stop;
          stop = memchr (stop + 1, quote, end - stop - 1);
          if (stop == NULL)
            return FALSE;
          stop++;
        }
      while (stop < end && *stop != ',')
        stop++;
      g_hash_table_replace (labels, unquote (p, eq), unquote (eq + 1, stop));
      p = stop;
    }
  return TRUE;
}

gboolean
aiperf_server_metric_spec_parse (const char  *spec,
                                 char       **out_name,
                                 char       **out_endpoint,
                                 GHashTable **out_labels)
{
  const char *bracket, *brace, *end, *name_end;
  g_autofree char *endpoint = NULL;
  g_autoptr(GHashTable) labels = NULL;

  g_return_val_if_fail (spec != NULL, FALSE);

  end = spec + strlen (spec);
  bracket = strchr (spec, '[');
  brace = strchr (spec, '{');
  name_end = end;
  if (bracket != NULL && (brace == NULL || bracket < brace))
    {
      const char *close = strchr (bracket, ']');

      if (close == NULL)
        return FALSE;
      name_end = bracket;
      endpoint = unquote (bracket + 1, close);
      brace = strchr (close, '{');
      if (brace == NULL && close[1] != '\0' && !g_ascii_isspace (close[1]))
        return FALSE;
    }
  if (brace != NULL)
    {
      const char *close = strrchr (brace, '}');

      if (close == NULL)
        return FALSE;
      if (name_end == end)
        name_end = brace;
      labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      if (!parse_labels (brace + 1, close, labels))
        return FALSE;
      /* aiperf also accepts the endpoint after the labels. */
      if (endpoint == NULL && close[1] == '[')
        {
          const char *close2 = strchr (close, ']');

          if (close2 == NULL)
            return FALSE;
          endpoint = unquote (close + 2, close2);
        }
    }
  if (out_name != NULL)
    *out_name = unquote (spec, name_end);
  if (out_endpoint != NULL)
    *out_endpoint = endpoint != NULL && *endpoint != '\0' ? g_steal_pointer (&endpoint) : NULL;
  if (out_labels != NULL)
    *out_labels = g_steal_pointer (&labels);
  return TRUE;
}

static const char * const server_prefixes[] = {
  "vllm_", "sglang_", "trtllm_", "nv_", "http_", "dynamo_", "nvidia_", "dcgm_", "gpu_",
  "process_", "node_", "container_",
};

static const char * const server_suffixes[] = {
  "_total", "_count", "_sum", "_bucket", "_seconds", "_ms", "_us", "_ns", "_bytes",
};

gboolean
aiperf_server_metric_name_looks_like (const char *name)
{
  g_autofree char *base = NULL;

  g_return_val_if_fail (name != NULL, FALSE);

  if (!aiperf_server_metric_spec_parse (name, &base, NULL, NULL))
    return FALSE;
  if (strchr (base, ':') != NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (server_prefixes); i++)
    if (g_str_has_prefix (base, server_prefixes[i]))
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (server_suffixes); i++)
    if (g_str_has_suffix (base, server_suffixes[i]))
      return TRUE;
  return FALSE;
}

static gboolean
endpoint_matches (const char *want,
                  const char *have)
{
  if (want == NULL)
    return TRUE;
  if (have == NULL)
    return FALSE;
  /* "localhost:8000" selects "http://localhost:8000/metrics". */
  return strcmp (want, have) == 0 || strstr (have, want) != NULL;
}

void
aiperf_server_metric_select (const AiperfServerMetric *metric,
                             const char               *endpoint,
                             GHashTable               *labels,
                             GPtrArray                *out)
{
  g_return_if_fail (metric != NULL);
  g_return_if_fail (out != NULL);

  for (guint i = 0; i < metric->series->len; i++)
    {
      AiperfServerSeries *series = g_ptr_array_index (metric->series, i);
      gboolean ok = endpoint_matches (endpoint, series->endpoint_url);

      if (ok && labels != NULL)
        {
          GHashTableIter iter;
          gpointer key, value;

          g_hash_table_iter_init (&iter, labels);
          while (ok && g_hash_table_iter_next (&iter, &key, &value))
            ok = g_strcmp0 (g_hash_table_lookup (series->labels, key), value) == 0;
        }
      if (ok)
        g_ptr_array_add (out, series);
    }
}

/* "http://host:8000/metrics" → "host:8000". */
static char *
short_endpoint (const char *url)
{
  const char *start = strstr (url, "://");
  const char *end;

  start = start != NULL ? start + 3 : url;
  end = strchr (start, '/');
  return end != NULL ? g_strndup (start, end - start) : g_strdup (start);
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

char **
aiperf_server_series_legend_labels (GPtrArray *series)
{
  g_autoptr(GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) varying = g_ptr_array_new ();
  gboolean endpoints_vary = FALSE;
  GHashTableIter iter;
  gpointer key;
  char **labels;

  g_return_val_if_fail (series != NULL, NULL);

  for (guint i = 0; i < series->len; i++)
    {
      AiperfServerSeries *s = g_ptr_array_index (series, i);
      AiperfServerSeries *first = g_ptr_array_index (series, 0);

      if (g_strcmp0 (s->endpoint_url, first->endpoint_url) != 0)
        endpoints_vary = TRUE;
      g_hash_table_iter_init (&iter, s->labels);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_hash_table_add (keys, key);
    }
  /* A label matters only when its value differs between series. */
  g_hash_table_iter_init (&iter, keys);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      AiperfServerSeries *first = g_ptr_array_index (series, 0);
      const char *value = g_hash_table_lookup (first->labels, key);

      for (guint i = 1; i < series->len; i++)
        {
          AiperfServerSeries *s = g_ptr_array_index (series, i);

          if (g_strcmp0 (g_hash_table_lookup (s->labels, key), value) != 0)
            {
              g_ptr_array_add (varying, key);
              break;
            }
        }
    }
  g_ptr_array_sort (varying, compare_keys);

  labels = g_new0 (char *, series->len + 1);
  for (guint i = 0; i < series->len; i++)
    {
      AiperfServerSeries *s = g_ptr_array_index (series, i);
      GString *text = g_string_new (NULL);

      if (endpoints_vary && s->endpoint_url != NULL)
        {
          g_autofree char *host = short_endpoint (s->endpoint_url);

          g_string_append (text, host);
        }
      for (guint k = 0; k < varying->len; k++)
        {
          const char *value = g_hash_table_lookup (s->labels, varying->pdata[k]);

          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append_printf (text, "%s=%s", (const char *) varying->pdata[k],
                                  value != NULL ? value : "");
        }
      labels[i] = g_string_free (text, FALSE);
    }
  return labels;
}
