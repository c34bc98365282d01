/* aiperf-kinds.c — the kinds of results and splitting a run set by kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-cutile-private.h"
#include "aiperf-gemm-private.h"
#include "aiperf-kernels-private.h"
#include "aiperf-trace-private-plots.h"
#include "aiperf-expert-load-private.h"
#include "aiperf-gpu-peaks.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-kinds.h"

static const char * const cutile_aliases[] = {
  "latency", AIPERF_CUTILE_LATENCY,
  "throughput", AIPERF_CUTILE_THROUGHPUT,
  NULL,
};

static gboolean
check_gpu (const char *value,
           GError    **error)
{
  g_autofree char *known = NULL;

  if (aiperf_gpu_peaks_lookup (aiperf_gpu_peaks_get_default (), value) != NULL)
    return TRUE;
  known = aiperf_gpu_peaks_describe (aiperf_gpu_peaks_get_default ());
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Unknown GPU “%s” for --gpu (known: %s)"), value, known);
  return FALSE;
}

static gboolean
check_filter (const char *value,
              GError    **error)
{
  if (strchr (value, '=') != NULL && value[0] != '=')
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--filter %s: expected KEY=VALUE"), value);
  return FALSE;
}

static const AiperfKindOption gemm_options[] = {
  { "gpu", G_OPTION_ARG_STRING,
    N_("GPU whose peaks draw the GEMM roofline's ceilings: h100, h200, a100, mi300x, b200, … "
       "(presets in gpu-peaks.yaml, extended by ~/.config/aiperf-plot/gpus.yaml)"), N_("NAME"),
    check_gpu },
  { "filter", G_OPTION_ARG_STRING_ARRAY,
    N_("Only the GEMM rows with this value (repeatable; keys batch_size, dtype, model, library, kernel, "
       "layer, M, N, K)"), N_("KEY=VALUE"), check_filter },
  { NULL }
};

/* Kernels are sorted into categories as they load: the rules are installed
 * as soon as they are read. */
static gboolean
install_kernel_classes (const char *value,
                        GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  AiperfKernelClasses *classes = aiperf_kernel_classes_new_from_file (value, &local_error);

  if (classes == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Bad --kernel-classes: %s"), local_error->message);
      return FALSE;
    }
  aiperf_kernel_classes_set_default (classes);
  return TRUE;
}

static const AiperfKindOption kernels_options[] = {
  { "kernel-classes", G_OPTION_ARG_FILENAME,
    N_("Rules that sort kernels into categories (YAML, as data/kernels/kernel-classes.yaml); "
       "default ~/.config/aiperf-plot/kernel-classes.yaml, else the built-in ones"), N_("FILE"),
    install_kernel_classes },
  { NULL }
};

static gboolean
check_token_count (const char *value,
                   GError    **error)
{
  char *end = NULL;
  double limit = g_ascii_strtod (value, &end);

  if (end != value && *end == '\0' && limit >= 0 && isfinite (limit))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Bad --max-step-tokens “%s” (expected a number of tokens, 0 or more)"), value);
  return FALSE;
}

static const AiperfKindOption expert_load_options[] = {
  { "max-step-tokens", G_OPTION_ARG_STRING,
    N_("MoE gate logs: leave out warm-up steps of more than N tokens "
       "(their num_tokens, else their summed expert loads)"), N_("N"), check_token_count },
  { NULL }
};

static gboolean
check_trace_window (const char *value,
                    GError    **error)
{
  if (g_ascii_strcasecmp (value, "steps") == 0 || g_ascii_strcasecmp (value, "all") == 0)
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Bad --trace-window “%s” (expected steps or all)"), value);
  return FALSE;
}

static const AiperfKindOption trace_options[] = {
  { "trace-window", G_OPTION_ARG_STRING,
    N_("Traces: the window of the GPU time breakdown (gpu_timeline.csv): steps (the GPU-side ProfilerStep "
       "spans when the trace has them, as TraceLens; the default) or all (first to last GPU event)"), N_("WINDOW"),
    check_trace_window },
  { NULL }
};

/* The tables beside a chart of their kind. */
static const AiperfKindTable gemm_table = {
  N_("GEMM Kernels"), N_("The GEMM measurements with their roofline, GPU and filters"), "roofline",
  aiperf_gemm_data_table,
};

static const AiperfKindTable kernels_table = {
  N_("Kernels"), N_("Every kernel of the open summaries, sortable, beside the top kernels"), "top_kernels",
  aiperf_kernels_data_table,
};

static const AiperfKindTable expert_load_table = {
  N_("Expert Load"), N_("Every expert's tokens in a table beside the chart, and the warm-up step limit"),
  "expert_load", aiperf_expert_load_data_table,
};

static const AiperfKind kinds[] = {
  { .id = AIPERF_KIND_SERVING, .views = AIPERF_KIND_VIEW_RUNS },
  { .id = AIPERF_KIND_CUTILE, .summary_section = aiperf_cutile_summary_section,
    .metric_aliases = cutile_aliases, .run_sides = aiperf_cutile_run_sides,
    /* Translators: the runs table's column of which profile (AS-IS or TO-BE) a cutileGPT run is from */
    .side_title = N_("Profile") },
  { .id = AIPERF_KIND_GEMM, .write_files = aiperf_gemm_write_files,
    .summary_with_options = aiperf_gemm_summary_section, .expand_preset = aiperf_gemm_expand_preset,
    .options = gemm_options, .table = &gemm_table },
  { .id = AIPERF_KIND_KERNELS, .summary_section = aiperf_kernels_summary_section,
    .write_files = aiperf_kernels_write_files, .options = kernels_options, .table = &kernels_table },
  { .id = AIPERF_KIND_TRACE, .summary_section = aiperf_trace_summary_section,
    .write_files = aiperf_trace_write_files, .summary_with_options = aiperf_trace_summary_with_options,
    .options = trace_options, .views = AIPERF_KIND_VIEW_TIMELINE, .table = &kernels_table },
  { .id = AIPERF_KIND_EXPERT_LOAD, .write_files = aiperf_expert_load_write_files,
    .summary_with_options = aiperf_expert_load_summary_section, .options = expert_load_options,
    .table = &expert_load_table },
};

const AiperfKind *
aiperf_kinds_get (guint index)
{
  return index < G_N_ELEMENTS (kinds) ? &kinds[index] : NULL;
}

AiperfKindViews
aiperf_kinds_get_views (const char *id)
{
  const AiperfKind *kind;

  g_return_val_if_fail (id != NULL, 0);

  kind = aiperf_kinds_find (id);
  return kind != NULL ? kind->views : 0;
}

const AiperfKind *
aiperf_kinds_find (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_equal (kinds[i].id, id))
      return &kinds[i];
  return NULL;
}

const char *
aiperf_kinds_resolve_metric (AiperfRunSet *runs,
                             const char   *name)
{
  const AiperfKind *kind = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      const char *id = aiperf_run_get_kind (aiperf_run_set_get_run (runs, i));

      if (kind == NULL)
        kind = aiperf_kinds_find (id);
      if (kind == NULL || !g_str_equal (kind->id, id))
        return NULL;
    }
  for (guint i = 0; kind != NULL && kind->metric_aliases != NULL && kind->metric_aliases[i] != NULL; i += 2)
    if (g_str_equal (kind->metric_aliases[i], name))
      return kind->metric_aliases[i + 1];
  return NULL;
}

static int
compare_kinds (gconstpointer a,
               gconstpointer b)
{
  const char *ka = *(const char * const *) a;
  const char *kb = *(const char * const *) b;

  if (g_str_equal (ka, kb))
    return 0;
  if (g_str_equal (ka, AIPERF_KIND_SERVING))
    return -1;
  if (g_str_equal (kb, AIPERF_KIND_SERVING))
    return 1;
  return strcmp (ka, kb);
}

GPtrArray *
aiperf_kinds_split (AiperfRunSet *runs,
                    GHashTable  **out_sets)
{
  GHashTable *sets;
  GPtrArray *ids;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);
  g_return_val_if_fail (out_sets != NULL, NULL);

  sets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      const char *kind = aiperf_run_get_kind (run);
      AiperfRunSet *set = g_hash_table_lookup (sets, kind);

      if (set == NULL)
        {
          set = aiperf_run_set_new ();
          g_hash_table_insert (sets, g_strdup (kind), set);
          g_ptr_array_add (ids, g_strdup (kind));
        }
      aiperf_run_set_add (set, run);
    }
  g_ptr_array_sort (ids, compare_kinds);
  *out_sets = sets;
  return ids;
}
