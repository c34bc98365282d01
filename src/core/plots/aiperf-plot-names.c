/* aiperf-plot-names.c — one name per quantity, run parameter and plot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-metric-registry.h"
#include "aiperf-plot-names.h"
#include "aiperf-number.h"

typedef struct {
  const char *key;
  const char *name;
} Name;

/* Keys of aiperf's input_config (flattened with dots) and the columns the
 * runs carry themselves. A key also matches with any prefix before a dot
 * ("input_config.loadgen.concurrency"), as layouts nest it differently. */
static const Name parameter_names[] = {
  { "run_name", N_("Run") },
  { "model", N_("Model") },
  { "concurrency", N_("Concurrency") },
  { "request_rate", N_("Request Rate") },
  { "experiment_group", N_("Experiment Group") },
  { "variation_label", N_("Experiment Group") },
  { "endpoint_type", N_("Endpoint Type") },
  { "loadgen.concurrency", N_("Concurrency") },
  { "loadgen.request_rate", N_("Request Rate") },
  { "loadgen.request_rate_mode", N_("Request Rate Mode") },
  { "loadgen.arrival_pattern", N_("Arrival Pattern") },
  { "loadgen.request_count", N_("Request Count") },
  { "loadgen.warmup_request_count", N_("Warm-up Requests") },
  { "loadgen.benchmark_duration", N_("Benchmark Duration") },
  { "loadgen.benchmark_grace_period", N_("Grace Period") },
  { "artifacts.slice_duration", N_("Time Slice Duration") },
  { "phases.name", N_("Phase") },
  { "phases.type", N_("Phase Type") },
  { "endpoint.type", N_("Endpoint Type") },
  { "endpoint.streaming", N_("Streaming") },
  { "endpoint.custom_endpoint", N_("Endpoint Path") },
  { "endpoint.timeout_seconds", N_("Request Timeout") },
  { "input.prompt.input_tokens.mean", N_("Input Tokens (mean)") },
  { "input.prompt.input_tokens.stddev", N_("Input Tokens (std. dev.)") },
  { "input.prompt.output_tokens.mean", N_("Output Tokens (mean)") },
  { "input.prompt.output_tokens.stddev", N_("Output Tokens (std. dev.)") },
  { "input.prompt.batch_size", N_("Prompt Batch Size") },
  { "input.prompt.prefix_prompt.length", N_("Prefix Prompt Length") },
  { "input.prompt.prefix_prompt.pool_size", N_("Prefix Prompt Pool") },
  { "input.conversation.num", N_("Conversations") },
  { "input.conversation.turn.mean", N_("Turns per Conversation") },
  { "input.dataset_sampling_strategy", N_("Dataset Sampling") },
  { "input.custom_dataset_type", N_("Dataset Type") },
  { "input.file", N_("Input File") },
  { "tokenizer.name", N_("Tokenizer") },
};

const char *
aiperf_plot_parameter_name (const char *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (parameter_names); i++)
    {
      const char *known = parameter_names[i].key;
      gsize kl = strlen (key), nl = strlen (known);

      if (g_str_equal (key, known)
          || (kl > nl && key[kl - nl - 1] == '.' && g_str_equal (key + kl - nl, known)))
        return parameter_names[i].name;
    }
  return NULL;
}

const char *
aiperf_plot_parameter_label (const char *key)
{
  const char *name;

  g_return_val_if_fail (key != NULL, "");

  name = aiperf_plot_parameter_name (key);
  return name != NULL ? name : key;
}

const char *
aiperf_plot_request_tag (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  if (g_str_equal (name, "timestamp") || g_str_equal (name, "request_end_ns")
      || g_str_equal (name, "end_s"))
    return "timestamp_s";
  if (g_str_equal (name, "request_start_ns"))
    return "start_s";
  return aiperf_plot_resolve_tag (name);
}

gboolean
aiperf_plot_request_tag_hidden (const char *tag)
{
  static const char * const hidden[] = {
    "file_line", "request_start_ns", "request_end_ns", "request_ack_ns", "end_s",
    "was_cancelled",
  };

  g_return_val_if_fail (tag != NULL, TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (hidden); i++)
    if (g_str_equal (tag, hidden[i]))
      return TRUE;
  return FALSE;
}

char *
aiperf_plot_quantity_title (const char  *tag,
                            const char  *fallback_unit,
                            const char **out_unit)
{
  const AiperfMetricInfo *info;
  const char *unit = fallback_unit;
  char *title;

  g_return_val_if_fail (tag != NULL, NULL);

  tag = aiperf_plot_request_tag (tag);
  if (g_str_equal (tag, "request_number"))
    {
      title = g_strdup ("Request Number");
      unit = NULL;
    }
  else if (g_str_equal (tag, "timestamp_s"))
    {
      title = g_strdup ("Time since the first request");
      unit = "s";
    }
  else if (g_str_equal (tag, "start_s"))
    {
      title = g_strdup ("Request start since the first request");
      unit = "s";
    }
  else
    {
      info = aiperf_metric_registry_lookup (tag);
      if (info != NULL && info->unit != NULL && *info->unit != '\0')
        unit = info->unit;
      title = aiperf_plot_display_name (tag);
    }
  if (out_unit != NULL)
    *out_unit = unit != NULL && *unit != '\0' ? unit : NULL;
  return title;
}

char *
aiperf_plot_quantity_label (const char *tag,
                            const char *fallback_unit)
{
  const char *unit = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (tag != NULL, NULL);

  title = aiperf_plot_quantity_title (tag, fallback_unit, &unit);
  if (unit == NULL)
    return g_steal_pointer (&title);
  return g_strdup_printf ("%s (%s)", title, unit);
}

char *
aiperf_plot_spec_axes_title (const AiperfPlotSpec *spec)
{
  g_autofree char *x = NULL, *y = NULL;

  g_return_val_if_fail (spec != NULL, NULL);

  if (spec->title != NULL && *spec->title != '\0')
    return g_strdup (spec->title);
  if (spec->y.metric != NULL)
    y = aiperf_plot_quantity_title (spec->y.metric, NULL, NULL);
  if (spec->x.metric != NULL)
    x = aiperf_plot_quantity_title (spec->x.metric, NULL, NULL);
  if (y != NULL && x != NULL)
    return g_strdup_printf ("%s vs %s", y, x);
  return g_steal_pointer (&y);
}

const char *
aiperf_plot_spec_label_by (const AiperfPlotSpec *spec)
{
  g_return_val_if_fail (spec != NULL, "");

  if (spec->label_by != NULL)
    return spec->label_by;
  return "concurrency";
}

char *
aiperf_plot_run_text (AiperfRun  *run,
                      const char *column)
{
  const char *text;

  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);

  if (column == NULL || strcmp (column, "run_name") == 0)
    return g_strdup (aiperf_run_get_name (run));
  /* Rate-driven runs (vLLM without --max-concurrency) are labelled by the
   * load they were given, not "Unknown". */
  if (strcmp (column, "concurrency") == 0 && isnan (aiperf_run_get_concurrency (run)) &&
      g_strcmp0 (aiperf_run_get_load_parameter (run), "request_rate") == 0 &&
      !isnan (aiperf_run_get_request_rate (run)))
    {
      g_autofree char *rate = isinf (aiperf_run_get_request_rate (run))
                                ? g_strdup ("∞") : aiperf_plot_format_value (aiperf_run_get_request_rate (run));

      /* TRANSLATORS: a point label: a request rate, "2 req/s" or "∞ req/s" */
      return g_strdup_printf (_("%s req/s"), rate);
    }
  if (strcmp (column, "model") == 0)
    return g_strdup (aiperf_run_get_model (run));
  if (strcmp (column, "endpoint_type") == 0)
    return g_strdup (aiperf_run_get_endpoint_type (run) ? aiperf_run_get_endpoint_type (run) : "");
  if (strcmp (column, "experiment_group") == 0 || strcmp (column, "variation_label") == 0)
    return g_strdup (aiperf_run_get_variation_label (run) ? aiperf_run_get_variation_label (run)
                                                          : aiperf_run_get_name (run));
  text = aiperf_run_get_parameter (run, column);
  if (text != NULL)
    return g_strdup (text);
  if (strcmp (column, "concurrency") == 0 && !isnan (aiperf_run_get_concurrency (run)))
    return aiperf_plot_format_value (aiperf_run_get_concurrency (run));
  if (strcmp (column, "request_rate") == 0 && !isnan (aiperf_run_get_request_rate (run)))
    return aiperf_plot_format_value (aiperf_run_get_request_rate (run));
  return NULL;
}

const char *
aiperf_plot_resolve_tag (const char *name)
{
  const AiperfMetricInfo *info;

  g_return_val_if_fail (name != NULL, NULL);

  info = aiperf_metric_registry_lookup (name);
  if (info == NULL)
    info = aiperf_metric_registry_lookup_display_name (name);
  return info != NULL ? info->tag : name;
}

gboolean
aiperf_plot_metric_has_stats (const char *tag)
{
  const AiperfMetricInfo *info;

  g_return_val_if_fail (tag != NULL, FALSE);

  info = aiperf_metric_registry_lookup (tag);
  /* an unknown metric is taken for a distribution, unless it is a server
   * metric ("vllm:…"), whose one value per run is a rate or a mean */
  if (info == NULL)
    return strchr (tag, ':') == NULL;
  return info->kind == AIPERF_METRIC_KIND_RECORD || info->kind == AIPERF_METRIC_KIND_GPU;
}

char *
aiperf_plot_display_name (const char *tag)
{
  const AiperfMetricInfo *info = aiperf_metric_registry_lookup (tag);
  GString *s;
  gboolean start = TRUE;

  if (info != NULL)
    return g_strdup (info->display_name);
  if (g_strcmp0 (tag, "request_number") == 0 || g_strcmp0 (tag, "timestamp_s") == 0
      || g_strcmp0 (tag, "start_s") == 0)
    return aiperf_plot_quantity_title (tag, NULL, NULL);
  if (g_strcmp0 (tag, "throughput_tokens_per_sec") == 0)
    return g_strdup ("Output Token Throughput");
  /* Server metrics ("vllm:kv_cache_usage_perc[…]") as aiperf prettifies them. */
  if (strchr (tag, ':') != NULL)
    {
      g_autofree char *base = NULL;

      if (aiperf_server_metric_spec_parse (tag, &base, NULL, NULL))
        return aiperf_server_metric_display_name (base);
    }
  s = g_string_new (NULL);
  for (const char *p = tag; *p != '\0'; p++)
    {
      if (*p == '_' || *p == '.')
        {
          g_string_append_c (s, ' ');
          start = TRUE;
          continue;
        }
      g_string_append_c (s, start ? g_ascii_toupper (*p) : *p);
      start = FALSE;
    }
  return g_string_free (s, FALSE);
}

char *
aiperf_plot_format_value (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isnan (value))
    return g_strdup ("");
  if (value == floor (value) && fabs (value) < 1e15)
    return g_strdup_printf ("%.0f", value);
  if (fabs (value) >= 100)
    return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.1f", value));
  /* "0.00001", not "1e-05" */
  return aiperf_number_format (value, 4);
}
