/* aiperf-handler-peers.c — what comparison charts do when runs come from
 * several tools (AIPerf, GenAI-Perf, GuideLLM, inference-perf, LLMPerf, …):
 * series named after their tool, points labelled by the load each tool
 * sweeps, and a stated stand-in where a tool records no GPU count or no
 * per-user throughput, so its runs are drawn instead of dropped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-handler-peers-private.h"
#include "aiperf-serving-handlers.h"

struct _AiperfPeerGroups {
  /* "model\x1ftool" → set of the sweeps (variation labels) of that tool */
  GHashTable *sweeps;
};

static gboolean
is_aiperf (AiperfRun *run)
{
  return g_str_equal (aiperf_run_get_source (run), "aiperf");
}

static char *
model_tool_key (AiperfRun *run)
{
  return g_strconcat (aiperf_run_get_model (run), "\x1f", aiperf_run_get_tool (run), NULL);
}

AiperfPeerGroups *
aiperf_peer_groups_new (AiperfRunSet *runs)
{
  AiperfPeerGroups *groups = NULL;
  guint n = aiperf_run_set_get_n_runs (runs);

  for (guint i = 0; i < n; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      const char *sweep = aiperf_run_get_variation_label (run);
      GHashTable *set;
      char *key;

      if (is_aiperf (run))
        continue;
      if (groups == NULL)
        {
          groups = g_new0 (AiperfPeerGroups, 1);
          groups->sweeps = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                  (GDestroyNotify) g_hash_table_unref);
        }
      key = model_tool_key (run);
      set = g_hash_table_lookup (groups->sweeps, key);
      if (set == NULL)
        {
          set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          g_hash_table_insert (groups->sweeps, key, set);
        }
      else
        g_free (key);
      g_hash_table_add (set, g_strdup (sweep != NULL ? sweep : ""));
    }
  return groups;
}

void
aiperf_peer_groups_free (AiperfPeerGroups *groups)
{
  if (groups == NULL)
    return;
  g_hash_table_unref (groups->sweeps);
  g_free (groups);
}

char *
aiperf_peer_groups_label (AiperfPeerGroups *groups,
                          AiperfRun        *run)
{
  g_autofree char *key = model_tool_key (run);
  GHashTable *set = g_hash_table_lookup (groups->sweeps, key);
  const char *sweep = aiperf_run_get_variation_label (run);
  const char *provider = aiperf_run_get_parameter (run, "provider");

  /* A run served by a named provider (LLMPerf's leaderboard): runs of
   * one model at two providers are two series, and the legend says whose. */
  if (!is_aiperf (run) && provider != NULL && *provider != '\0')
    /* TRANSLATORS: legend entry: model, tool and the provider that served
     * it, e.g. "meta-llama/Llama-2-7b-chat-hf (LLMPerf: anyscale)" */
    return g_strdup_printf (_("%s (%s: %s)"), aiperf_run_get_model (run), aiperf_run_get_tool (run), provider);
  /* An AIPerf sweep's runs each have their own label: one series per
   * model, as aiperf draws it. Another tool's sweep is one series. */
  if (!is_aiperf (run) && set != NULL && g_hash_table_size (set) > 1 && sweep != NULL)
    /* TRANSLATORS: legend entry: model, tool and the tool's sweep, e.g.
     * "meta-llama/Llama-3-8B (inference-perf: vllm)" */
    return g_strdup_printf (_("%s (%s: %s)"), aiperf_run_get_model (run), aiperf_run_get_tool (run), sweep);
  /* TRANSLATORS: legend entry: model and tool, e.g. "Qwen/Qwen3-0.6B (GuideLLM)" */
  return g_strdup_printf (_("%s (%s)"), aiperf_run_get_model (run), aiperf_run_get_tool (run));
}

char *
aiperf_peer_point_label (AiperfRun  *run,
                         const char *label_by)
{
  g_autofree char *value = NULL;
  double rate;

  if (g_strcmp0 (label_by, "concurrency") != 0 ||
      !g_str_equal (aiperf_run_get_load_parameter (run), "request_rate"))
    return NULL;
  rate = aiperf_run_get_request_rate (run);
  if (isnan (rate))
    return NULL;
  value = aiperf_plot_format_value (rate);
  /* TRANSLATORS: a point's label: the request rate its run was driven at */
  return g_strdup_printf (_("%s req/s"), value);
}

const char *
aiperf_peer_substitute (AiperfRun  *run,
                        const char *tag)
{
  if (is_aiperf (run))
    return NULL;
  if (g_str_equal (tag, "output_token_throughput_per_gpu") && aiperf_run_get_gpu_count (run) == 0)
    return "output_token_throughput";
  /* LLMPerf times tokens per request from its start: TTFT included. */
  if (g_str_equal (tag, "output_token_throughput_per_user"))
    return "e2e_output_token_throughput";
  return NULL;
}

void
aiperf_peer_axis_init (AiperfPeerAxis *axis,
                       const char     *tag)
{
  axis->tag = tag;
  axis->substitute = NULL;
  axis->n_points = 0;
  axis->n_substituted = 0;
  axis->tools = g_ptr_array_new ();
}

void
aiperf_peer_axis_clear (AiperfPeerAxis *axis)
{
  g_clear_pointer (&axis->tools, g_ptr_array_unref);
}

void
aiperf_peer_axis_count (AiperfPeerAxis *axis,
                        AiperfRun      *run,
                        gboolean        substituted)
{
  const char *tool = aiperf_run_get_tool (run);

  axis->n_points++;
  if (!substituted)
    return;
  axis->n_substituted++;
  axis->substitute = aiperf_peer_substitute (run, axis->tag);
  for (guint i = 0; i < axis->tools->len; i++)
    if (g_str_equal (g_ptr_array_index (axis->tools, i), tool))
      return;
  /* The strings are the runs' own; the runs outlive the chart's build. */
  g_ptr_array_add (axis->tools, (gpointer) tool);
}

char *
aiperf_peer_axis_note (const AiperfPeerAxis *axis)
{
  g_autoptr(GString) tools = g_string_new (NULL);
  guint n;

  if (axis->n_substituted == 0 || axis->substitute == NULL)
    return NULL;
  for (guint i = 0; i < axis->tools->len; i++)
    {
      if (i > 0)
        g_string_append (tools, i + 1 == axis->tools->len ? _(" and ") : ", ");
      g_string_append (tools, g_ptr_array_index (axis->tools, i));
    }
  n = axis->n_substituted;
  if (g_str_equal (axis->tag, "output_token_throughput_per_gpu") && n == axis->n_points)
    /* TRANSLATORS: chart note; %s names tools, e.g. "GuideLLM and inference-perf" */
    return g_strdup_printf (_("No GPU count recorded (%s): the total output token throughput "
                              "is shown, not per GPU"), tools->str);
  if (g_str_equal (axis->tag, "output_token_throughput_per_gpu"))
    /* TRANSLATORS: chart note; %u counts runs, %s names their tools, e.g. "GuideLLM and inference-perf" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "No GPU count recorded for %u run (%s): it shows the total "
                                         "output token throughput, not per GPU",
                                         "No GPU count recorded for %u runs (%s): they show the total "
                                         "output token throughput, not per GPU", n), n, tools->str);
  /* TRANSLATORS: chart note; %u counts runs, %s names their tools, e.g. "LLMPerf" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "No per-user throughput (1 ÷ inter-token latency) recorded for "
                                       "%u run (%s): it shows output tokens ÷ request latency",
                                       "No per-user throughput (1 ÷ inter-token latency) recorded for "
                                       "%u runs (%s): they show output tokens ÷ request latency", n),
                          n, tools->str);
}
