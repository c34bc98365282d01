/* aiperf-server-metrics.c — the server-metrics model, histogram quantiles,
 * metric specs and display names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-server-metrics.h"

struct _AiperfServerMetrics {
  gatomicrefcount  ref_count;
  GHashTable      *metrics;   /* name → AiperfServerMetric* */
  guint            n_skipped;
};

AiperfServerMetrics *
aiperf_server_metrics_new (void)
{
  AiperfServerMetrics *self = g_new0 (AiperfServerMetrics, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->metrics = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                         (GDestroyNotify) aiperf_server_metric_free);
  return self;
}

AiperfServerMetrics *
aiperf_server_metrics_ref (AiperfServerMetrics *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
aiperf_server_metrics_unref (AiperfServerMetrics *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_hash_table_unref (self->metrics);
  g_free (self);
}

G_DEFINE_BOXED_TYPE (AiperfServerMetrics, aiperf_server_metrics,
                     aiperf_server_metrics_ref, aiperf_server_metrics_unref)

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
aiperf_server_metrics_list (AiperfServerMetrics *self)
{
  GPtrArray *names;
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (self != NULL, NULL);

  names = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, self->metrics);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, key);
  g_ptr_array_sort (names, compare_names);
  return names;
}

guint
aiperf_server_metrics_get_n_metrics (AiperfServerMetrics *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return g_hash_table_size (self->metrics);
}

const AiperfServerMetric *
aiperf_server_metrics_lookup (AiperfServerMetrics *self,
                              const char          *name)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  return g_hash_table_lookup (self->metrics, name);
}

void
aiperf_server_metrics_add (AiperfServerMetrics *self,
                           AiperfServerMetric  *metric)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (metric != NULL && metric->name != NULL);
  g_hash_table_replace (self->metrics, metric->name, metric);
}

guint
aiperf_server_metrics_get_n_skipped (AiperfServerMetrics *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_skipped;
}

void
aiperf_server_metrics_add_skipped (AiperfServerMetrics *self,
                                   guint                n)
{
  g_return_if_fail (self != NULL);
  self->n_skipped += n;
}

AiperfServerMetric *
aiperf_server_metric_new (const char             *name,
                          AiperfServerMetricType  type)
{
  AiperfServerMetric *metric;

  g_return_val_if_fail (name != NULL, NULL);

  metric = g_new0 (AiperfServerMetric, 1);
  metric->name = g_strdup (name);
  metric->type = type;
  metric->series = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_server_series_free);
  return metric;
}

void
aiperf_server_metric_free (AiperfServerMetric *metric)
{
  if (metric == NULL)
    return;
  g_free (metric->name);
  g_free (metric->description);
  g_free (metric->unit);
  g_ptr_array_unref (metric->series);
  g_free (metric);
}

static void
clear_slice (gpointer data)
{
  AiperfServerSlice *slice = data;

  g_clear_pointer (&slice->buckets, g_array_unref);
}

AiperfServerSeries *
aiperf_server_series_new (const char *endpoint_url)
{
  AiperfServerSeries *series = g_new0 (AiperfServerSeries, 1);

  series->endpoint_url = g_strdup (endpoint_url);
  series->labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  series->stats = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  series->slices = g_array_new (FALSE, TRUE, sizeof (AiperfServerSlice));
  g_array_set_clear_func (series->slices, clear_slice);
  return series;
}

void
aiperf_server_series_free (AiperfServerSeries *series)
{
  if (series == NULL)
    return;
  g_free (series->endpoint_url);
  g_hash_table_unref (series->labels);
  g_hash_table_unref (series->stats);
  g_clear_pointer (&series->buckets, g_array_unref);
  g_array_unref (series->slices);
  g_free (series);
}

double
aiperf_server_series_get_stat (const AiperfServerSeries *series,
                               const char               *stat)
{
  const double *value;

  g_return_val_if_fail (series != NULL, NAN);
  g_return_val_if_fail (stat != NULL, NAN);

  value = g_hash_table_lookup (series->stats, stat);
  return value != NULL ? *value : NAN;
}

static const char * const type_names[] = { "unknown", "gauge", "counter", "histogram" };

const char *
aiperf_server_metric_type_to_string (AiperfServerMetricType type)
{
  g_return_val_if_fail ((guint) type < G_N_ELEMENTS (type_names), "unknown");
  return type_names[type];
}

AiperfServerMetricType
aiperf_server_metric_type_from_string (const char *text)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (type_names); i++)
    if (strcmp (text, type_names[i]) == 0)
      return (AiperfServerMetricType) i;
  return AIPERF_SERVER_METRIC_UNKNOWN;
}

double
aiperf_histogram_quantile (double                    q,
                           const AiperfServerBucket *buckets,
                           guint                     n_buckets)
{
  double total, rank, prev_count = 0, prev_le = 0, running = 0;
  guint last;

  if (buckets == NULL || n_buckets == 0 || isnan (q))
    return NAN;
  q = CLAMP (q, 0.0, 1.0);
  /* Counts must not fall with le; scrapes that raced a reset can make them
   * do so, and Prometheus evens them out the same way. */
  last = n_buckets - 1;
  for (guint i = 0; i < n_buckets; i++)
    running = MAX (running, isnan (buckets[i].count) ? 0 : buckets[i].count);
  total = running;
  if (total <= 0)
    return NAN;
  rank = q * total;
  running = 0;
  for (guint i = 0; i < n_buckets; i++)
    {
      double count = MAX (running, isnan (buckets[i].count) ? 0 : buckets[i].count);
      double le = buckets[i].le;

      running = count;
      if (count < rank && i < last)
        {
          prev_count = count;
          prev_le = le;
          continue;
        }
      if (isinf (le))
        return i == 0 ? NAN : buckets[i - 1].le;
      if (i == 0 && le <= 0)
        return le;
      if (count == prev_count)
        return le;
      return prev_le + (le - prev_le) * (rank - prev_count) / (count - prev_count);
    }
  return NAN;
}

/* Words aiperf spells out in display names. */
static const struct { const char *word, *pretty; } pretty_words[] = {
  { "vllm", "vLLM" }, { "sglang", "SGLang" }, { "trtllm", "TRT-LLM" }, { "kv", "KV" },
  { "gpu", "GPU" }, { "cpu", "CPU" }, { "http", "HTTP" }, { "nv", "NV" }, { "dcgm", "DCGM" },
  { "ttft", "TTFT" }, { "itl", "ITL" }, { "tpot", "TPOT" }, { "e2e", "E2E" },
};

/* Trailing words that only repeat the unit or the metric type. */
static const char * const dropped_suffixes[] = {
  "perc", "percent", "total", "seconds", "ms", "bytes", "ratio", "count",
};

/* Joining words stay lower case inside a name: "Time to First Token". */
static const char * const small_words[] = { "to", "of", "per", "in", "by", "for", "and", "on" };

static gboolean
word_is (const char *word,
         gsize       len,
         const char *other)
{
  return strlen (other) == len && g_ascii_strncasecmp (word, other, len) == 0;
}

static void
append_word (GString    *out,
             const char *word,
             gsize       len,
             gboolean    first)
{
  if (out->len > 0 && out->str[out->len - 1] != ' ')
    g_string_append_c (out, ' ');
  for (guint i = 0; i < G_N_ELEMENTS (pretty_words); i++)
    if (word_is (word, len, pretty_words[i].word))
      {
        g_string_append (out, pretty_words[i].pretty);
        return;
      }
  for (guint i = 0; !first && i < G_N_ELEMENTS (small_words); i++)
    if (word_is (word, len, small_words[i]))
      {
        g_string_append_len (out, word, len);
        return;
      }
  g_string_append_c (out, g_ascii_toupper (word[0]));
  g_string_append_len (out, word + 1, len - 1);
}

static void
append_words (GString    *out,
              const char *text,
              gboolean    drop_suffixes)
{
  g_auto(GStrv) words = g_strsplit_set (text, "_.", -1);
  guint n = g_strv_length (words);
  gboolean first = TRUE;

  /* Keep at least one word: "vllm:total" stays "vLLM: Total". */
  while (drop_suffixes && n > 1)
    {
      gboolean dropped = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (dropped_suffixes); i++)
        if (g_ascii_strcasecmp (words[n - 1], dropped_suffixes[i]) == 0)
          dropped = TRUE;
      if (!dropped && *words[n - 1] != '\0')
        break;
      n--;
    }
  for (guint i = 0; i < n; i++)
    if (*words[i] != '\0')
      {
        append_word (out, words[i], strlen (words[i]), first);
        first = FALSE;
      }
}

char *
aiperf_server_metric_display_name (const char *name)
{
  GString *out;
  const char *colon;

  g_return_val_if_fail (name != NULL, NULL);

  out = g_string_new (NULL);
  colon = strchr (name, ':');
  if (colon != NULL)
    {
      g_autofree char *prefix = g_strndup (name, colon - name);

      append_words (out, prefix, FALSE);
      g_string_append (out, ": ");
      append_words (out, colon + 1, TRUE);
    }
  else
    append_words (out, name, TRUE);
  if (out->len == 0)
    g_string_append (out, name);
  return g_string_free (out, FALSE);
}
