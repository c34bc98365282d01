/* aiperf-kernels-analysis.c — the numbers people compute from Nsight
 * kernel summaries (ccl-bench's analyzeEPLB.py): kernel_analysis.json and
 * the kernels section of summary.txt.
 *
 * fused_moe is every kernel whose name holds "fused_moe_kernel" (several
 * rows combine: instances and totals added, min and max over the rows,
 * avg = total ÷ instances, std pooled, the median that of the largest
 * row); NCCL time is every kernel named "nccl…"; alltoall, sendrecv and
 * allreduce match those words in any case; attention is the classifier's
 * category; comm_compute_ratio = NCCL time ÷ the other kernels' time.
 * Deltas are each later summary minus the first (the baseline: the first
 * path opened), and name both. A TraceLens report's GPU timeline and op
 * categories follow the kernel summaries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE 1  /* strcasestr */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "aiperf-kernel-classes.h"
#include "aiperf-kernels-private.h"
#include "aiperf-tracelens.h"

/* The flat numbers of one summary, in kernel_analysis.json's order. */
typedef enum {
  M_TOTAL, M_MOE, M_FUSED_INSTANCES, M_FUSED_AVG, M_FUSED_MED, M_FUSED_MIN, M_FUSED_MAX,
  M_FUSED_STD, M_FUSED_CV, M_FUSED_RATIO, M_NCCL, M_A2A_TOTAL, M_A2A_INSTANCES, M_A2A_AVG,
  M_A2A_MAX, M_SR_TOTAL, M_SR_INSTANCES, M_AR_TOTAL, M_AR_INSTANCES, M_ATTENTION, M_RATIO, N_METRICS
} Metric;

static const char * const metric_keys[N_METRICS] = {
  "total_kernel_ns", "moe_total_ns", "fused_moe.instances", "fused_moe.avg_ns", "fused_moe.med_ns",
  "fused_moe.min_ns", "fused_moe.max_ns", "fused_moe.std_ns", "fused_moe.cv", "fused_moe.max_min_ratio",
  "nccl_total_ns", "alltoall.total_ns", "alltoall.instances", "alltoall.avg_ns", "alltoall.max_ns",
  "sendrecv.total_ns", "sendrecv.instances", "allreduce.total_ns", "allreduce.instances",
  "attention_ns", "comm_compute_ratio",
};

/* Whether @name holds @word, in any case. */
static gboolean
name_has (const char *name,
          const char *word)
{
  return strcasestr (name, word) != NULL;
}

/* The kernels of @source whose (lower-case) name holds @word, combined. */
static AiperfKernelStat
combined (const AiperfKernelSource *source,
          const char               *word)
{
  AiperfKernelStat all = { NULL, NULL, NULL, 0, 0, NAN, NAN, NAN, NAN, NAN, 0, NAN };
  gboolean any = FALSE;

  for (guint k = 0; k < source->kernels->len; k++)
    {
      const AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);

      if (!name_has (stat->name, word))
        continue;
      if (!any)
        {
          all = *stat;
          all.name = NULL;
          any = TRUE;
        }
      else
        aiperf_kernel_stat_combine (&all, stat);
    }
  return all;
}

static void
compute (const AiperfKernelSource *source,
         double                    m[N_METRICS])
{
  AiperfKernelStat fused = combined (source, "fused_moe_kernel");
  AiperfKernelStat nccl = combined (source, "nccl");
  AiperfKernelStat a2a = combined (source, "alltoall");
  AiperfKernelStat sr = combined (source, "sendrecv");
  AiperfKernelStat ar = combined (source, "allreduce");

  m[M_TOTAL] = source->total;
  m[M_MOE] = aiperf_kernel_source_category_total (source, "moe", NULL);
  m[M_FUSED_INSTANCES] = fused.calls;
  m[M_FUSED_AVG] = fused.avg;
  m[M_FUSED_MED] = fused.med;
  m[M_FUSED_MIN] = fused.min;
  m[M_FUSED_MAX] = fused.max;
  m[M_FUSED_STD] = fused.std;
  m[M_FUSED_CV] = fused.avg > 0 ? fused.std / fused.avg : NAN;
  m[M_FUSED_RATIO] = fused.min > 0 ? fused.max / fused.min : NAN;
  m[M_NCCL] = nccl.total;
  m[M_A2A_TOTAL] = a2a.total;
  m[M_A2A_INSTANCES] = a2a.calls;
  m[M_A2A_AVG] = a2a.avg;
  m[M_A2A_MAX] = a2a.max;
  m[M_SR_TOTAL] = sr.total;
  m[M_SR_INSTANCES] = sr.calls;
  m[M_AR_TOTAL] = ar.total;
  m[M_AR_INSTANCES] = ar.calls;
  m[M_ATTENTION] = aiperf_kernel_source_category_total (source, "attention", NULL);
  m[M_RATIO] = source->total - nccl.total > 0 ? nccl.total / (source->total - nccl.total) : NAN;
}

/* Integral values as integers; NaN (nothing to measure) as null. */
static void
add_number (JsonBuilder *builder,
            double       value)
{
  if (!isfinite (value))
    json_builder_add_null_value (builder);
  else if (value == floor (value) && fabs (value) < 9007199254740992.0)
    json_builder_add_int_value (builder, (gint64) value);
  else
    json_builder_add_double_value (builder, value);
}

static void
add_member (JsonBuilder *builder,
            const char  *key,
            double       value)
{
  json_builder_set_member_name (builder, key);
  add_number (builder, value);
}

/* Writes the metrics from @first to @last (all "group.key") as "group": {…}. */
static void
add_group (JsonBuilder  *builder,
           const double  m[N_METRICS],
           Metric        first,
           Metric        last)
{
  g_autofree char *group = g_strndup (metric_keys[first], strchr (metric_keys[first], '.') - metric_keys[first]);

  json_builder_set_member_name (builder, group);
  json_builder_begin_object (builder);
  for (Metric i = first; i <= last; i++)
    add_member (builder, strchr (metric_keys[i], '.') + 1, m[i]);
  json_builder_end_object (builder);
}

static void
add_summary (JsonBuilder              *builder,
             const AiperfKernelSource *source)
{
  double m[N_METRICS];

  compute (source, m);
  json_builder_begin_object (builder);
  add_member (builder, "total_kernel_ns", m[M_TOTAL]);
  add_member (builder, "moe_total_ns", m[M_MOE]);
  if (m[M_FUSED_INSTANCES] > 0)
    add_group (builder, m, M_FUSED_INSTANCES, M_FUSED_RATIO);
  else
    {
      json_builder_set_member_name (builder, "fused_moe");
      json_builder_add_null_value (builder);
    }
  add_member (builder, "nccl_total_ns", m[M_NCCL]);
  add_group (builder, m, M_A2A_TOTAL, M_A2A_MAX);
  add_group (builder, m, M_SR_TOTAL, M_SR_INSTANCES);
  add_group (builder, m, M_AR_TOTAL, M_AR_INSTANCES);
  add_member (builder, "attention_ns", m[M_ATTENTION]);
  add_member (builder, "comm_compute_ratio", m[M_RATIO]);
  json_builder_set_member_name (builder, "top_kernels");
  json_builder_begin_array (builder);
  for (guint k = 0; k < MIN (5u, source->kernels->len); k++)
    {
      const AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, stat->name);
      add_member (builder, "total_ns", stat->total);
      add_member (builder, "instances", stat->calls);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static double
zero_if_nan (double value)
{
  return isnan (value) ? 0.0 : value;
}

static void
add_deltas (JsonBuilder              *builder,
            const AiperfKernelSource *first,
            const AiperfKernelSource *other)
{
  double a[N_METRICS], b[N_METRICS];

  compute (first, a);
  compute (other, b);
  json_builder_begin_object (builder);
  /* Which two: the baseline is the summary opened first. */
  json_builder_set_member_name (builder, "baseline");
  json_builder_add_string_value (builder, first->label);
  json_builder_set_member_name (builder, "compared");
  json_builder_add_string_value (builder, other->label);
  for (Metric i = 0; i < N_METRICS; i++)
    {
      /* Counts and sums of nothing are 0; averages of nothing stay unknown. */
      gboolean additive = g_str_has_suffix (metric_keys[i], "total_ns") || g_str_has_suffix (metric_keys[i], "instances") ||
                          i == M_ATTENTION || i == M_MOE || i == M_NCCL;
      double x = additive ? zero_if_nan (a[i]) : a[i];
      double y = additive ? zero_if_nan (b[i]) : b[i];

      json_builder_set_member_name (builder, metric_keys[i]);
      json_builder_begin_object (builder);
      add_member (builder, "abs", y - x);
      add_member (builder, "pct", x != 0 ? 100.0 * (y - x) / x : NAN);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
}

char *
aiperf_kernels_analysis_json (AiperfRunSet *runs)
{
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (runs);
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  if (data == NULL)
    return NULL;
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "inputs");
  json_builder_begin_array (builder);
  for (guint s = 0; s < data->sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (data->sources, s);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "label");
      json_builder_add_string_value (builder, source->label);
      json_builder_set_member_name (builder, "path");
      json_builder_add_string_value (builder, aiperf_run_get_locator (source->run));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "summaries");
  json_builder_begin_array (builder);
  for (guint s = 0; s < data->sources->len; s++)
    add_summary (builder, g_ptr_array_index (data->sources, s));
  json_builder_end_array (builder);
  if (data->sources->len > 1)
    {
      json_builder_set_member_name (builder, "deltas");
      json_builder_begin_array (builder);
      for (guint s = 1; s < data->sources->len; s++)
        add_deltas (builder, g_ptr_array_index (data->sources, 0), g_ptr_array_index (data->sources, s));
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

gboolean
aiperf_kernels_write_files (AiperfRunSet *runs,
                            GHashTable   *options,
                            const char   *directory,
                            GPtrArray    *files,
                            GError      **error)
{
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (runs);
  g_autofree char *json = aiperf_kernels_analysis_json (runs);
  g_autofree char *path = NULL;

  (void) options;
  if (json == NULL)
    return TRUE;
  path = g_build_filename (directory, "kernel_analysis.json", NULL);
  if (!g_file_set_contents (path, json, -1, error))
    return FALSE;
  g_ptr_array_add (files, g_strdup ("kernel_analysis.json"));
  /* A report's breakdown is its own window: no option chooses it. */
  return data == NULL || aiperf_kernels_write_diffs (data, TRUE, directory, files, error);
}

/* --- TraceLens perf reports: their GPU time breakdown (gpu_timeline.csv)
 * with TraceLens's definitions, and kernel time by op category, summed
 * from the kernel summary by parent op category and as its own
 * ops_summary_by_category.csv states it --- */

static void
append_timeline (GString     *s,
                 AiperfTable *timeline)
{
  int type = aiperf_table_find_column (timeline, AIPERF_TRACELENS_TIMELINE_TYPE);
  int ms = aiperf_table_find_column (timeline, AIPERF_TRACELENS_TIMELINE_MS);
  int percent = aiperf_table_find_column (timeline, AIPERF_TRACELENS_TIMELINE_PERCENT);

  if (type < 0 || ms < 0)
    return;
  g_string_append (s, _("  GPU timeline (TraceLens gpu_timeline.csv): computation = kernels and memsets, "
                        "communication = NCCL/RCCL kernels, exposed = not overlapped by computation, "
                        "busy = the union of everything on the GPU, total = the profiled window\n"));
  for (guint r = 0; r < aiperf_table_get_n_rows (timeline); r++)
    {
      const char *name = aiperf_table_get_string (timeline, type, r);
      double pct = percent >= 0 ? aiperf_table_get (timeline, percent, r) : NAN;

      g_string_append_printf (s, "    %-22s %12.6f ms", name != NULL ? name : "?", aiperf_table_get (timeline, ms, r));
      if (isfinite (pct))
        g_string_append_printf (s, "  %7.3f%%", pct);
      g_string_append_c (s, '\n');
    }
}

/* Kernel time of the kernels table by its parent op category, in the
 * order categories first appear (TraceLens writes the largest first). */
static void
append_parent_categories (GString     *s,
                          AiperfTable *kernels)
{
  int category = aiperf_table_find_column (kernels, AIPERF_TRACELENS_OP_CATEGORY);
  int total = aiperf_table_find_column (kernels, AIPERF_KERNELS_TOTAL_NS);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) sums = g_array_new (FALSE, TRUE, sizeof (double));
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (guint));
  double all = 0;

  if (category < 0 || total < 0)
    return;
  for (guint r = 0; r < aiperf_table_get_n_rows (kernels); r++)
    {
      const char *name = aiperf_table_get_string (kernels, category, r);
      double value = aiperf_table_get (kernels, total, r);
      guint i;

      if (name == NULL || *name == '\0')
        name = _("(no parent op)");
      if (isnan (value))
        continue;
      for (i = 0; i < names->len && !g_str_equal (g_ptr_array_index (names, i), name); i++)
        ;
      if (i == names->len)
        {
          double zero = 0;
          guint none = 0;

          g_ptr_array_add (names, (gpointer) name);
          g_array_append_val (sums, zero);
          g_array_append_val (rows, none);
        }
      g_array_index (sums, double, i) += value;
      g_array_index (rows, guint, i)++;
      all += value;
    }
  if (names->len == 0)
    return;
  g_string_append (s, _("  Kernel time by parent op category (TraceLens kernel_summary.csv):\n"));
  for (guint i = 0; i < names->len; i++)
    {
      guint n = g_array_index (rows, guint, i);

      g_string_append_printf (s, "    %-22s %12.6f ms  %7.3f%%  ", (const char *) g_ptr_array_index (names, i),
                              g_array_index (sums, double, i) / 1e6,
                              all > 0 ? 100.0 * g_array_index (sums, double, i) / all : NAN);
      g_string_append_printf (s, ngettext ("%u kernel row\n", "%u kernel rows\n", n), n);
    }
}

static void
append_categories (GString     *s,
                   AiperfTable *categories)
{
  int name = aiperf_table_find_column (categories, AIPERF_TRACELENS_CATEGORY_NAME);
  int count = aiperf_table_find_column (categories, AIPERF_TRACELENS_CATEGORY_COUNT);
  int ms = aiperf_table_find_column (categories, AIPERF_TRACELENS_CATEGORY_MS);
  int percent = aiperf_table_find_column (categories, AIPERF_TRACELENS_CATEGORY_PERCENT);

  if (name < 0 || ms < 0)
    return;
  g_string_append (s, _("  Direct kernel time by op category (TraceLens ops_summary_by_category.csv):\n"));
  for (guint r = 0; r < aiperf_table_get_n_rows (categories); r++)
    {
      const char *text = aiperf_table_get_string (categories, name, r);
      double n = count >= 0 ? aiperf_table_get (categories, count, r) : NAN;
      double pct = percent >= 0 ? aiperf_table_get (categories, percent, r) : NAN;

      g_string_append_printf (s, "    %-22s %12.6f ms", text != NULL ? text : "?", aiperf_table_get (categories, ms, r));
      if (isfinite (pct))
        g_string_append_printf (s, "  %7.3f%%", pct);
      if (isfinite (n))
        g_string_append_printf (s, _("  %.0f ops"), n);
      g_string_append_c (s, '\n');
    }
}

/* The ops of ops_summary.csv, as TraceLens orders them (most time first):
 * the first 15, and what the rest add up to. */
static void
append_ops (GString     *s,
            AiperfTable *ops)
{
  int name = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_NAME);
  int count = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_COUNT);
  int ms = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_MS);
  int percent = aiperf_table_find_column (ops, AIPERF_TRACELENS_OP_PERCENT);
  guint n = aiperf_table_get_n_rows (ops);
  double rest = 0;

  if (name < 0 || ms < 0)
    return;
  g_string_append (s, _("  Direct kernel time by op (TraceLens ops_summary.csv):\n"));
  for (guint r = 0; r < n; r++)
    {
      const char *text = aiperf_table_get_string (ops, name, r);
      double calls = count >= 0 ? aiperf_table_get (ops, count, r) : NAN;
      double pct = percent >= 0 ? aiperf_table_get (ops, percent, r) : NAN;

      if (r >= 15)
        {
          rest += aiperf_table_get (ops, ms, r);
          continue;
        }
      g_string_append_printf (s, "    %-30s %12.6f ms", text != NULL ? text : "?", aiperf_table_get (ops, ms, r));
      if (isfinite (pct))
        g_string_append_printf (s, "  %7.3f%%", pct);
      if (isfinite (calls))
        g_string_append_printf (s, _("  %.0f calls"), calls);
      g_string_append_c (s, '\n');
    }
  if (n > 15)
    g_string_append_printf (s, ngettext ("    %u more op: %.6f ms\n", "    %u more ops: %.6f ms\n", n - 15), n - 15,
                            rest);
}

/* The sheets of a report folder that are not read, by what they hold:
 * said on stderr as it opens, and here so the summary alone tells what
 * the report's figures above leave out. */
static void
append_unread (GString   *s,
               AiperfRun *run)
{
  const char *folder = aiperf_run_get_locator (run);
  guint n = 0;
  g_autofree char *unread = g_file_test (folder, G_FILE_TEST_IS_DIR) ? aiperf_tracelens_unread_sheets (folder, &n)
                                                                     : NULL;

  if (unread != NULL)
    g_string_append_printf (s, ngettext ("  %u sheet of the report is not read: %s. Of a report, kernel_summary.csv, "
                                         "gpu_timeline.csv, ops_summary.csv, ops_summary_by_category.csv and "
                                         "GEMM.csv are read.\n",
                                         "  %u sheets of the report are not read: %s. Of a report, kernel_summary.csv, "
                                         "gpu_timeline.csv, ops_summary.csv, ops_summary_by_category.csv and "
                                         "GEMM.csv are read.\n", n), n, unread);
}

char *
aiperf_kernels_tracelens_section (AiperfRunSet *runs)
{
  GString *s = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *timeline = aiperf_run_get_table (run, AIPERF_TRACELENS_DATASET_TIMELINE);
      AiperfTable *categories = aiperf_run_get_table (run, AIPERF_TRACELENS_DATASET_CATEGORIES);
      AiperfTable *ops = aiperf_run_get_table (run, AIPERF_TRACELENS_DATASET_OPS);
      AiperfTable *kernels = aiperf_run_get_table (run, AIPERF_DATASET_KERNELS);
      gboolean parents = kernels != NULL && aiperf_table_find_column (kernels, AIPERF_TRACELENS_OP_CATEGORY) >= 0;

      if (g_strcmp0 (aiperf_run_get_kind (run), AIPERF_KIND_KERNELS) != 0 ||
          (timeline == NULL && categories == NULL && ops == NULL && !parents))
        continue;
      if (s == NULL)
        s = g_string_new (_("\nTraceLens reports\n-----------------\n"));
      g_string_append_printf (s, "\n%s (%s)\n", aiperf_run_get_name (run), aiperf_run_get_locator (run));
      if (timeline != NULL)
        append_timeline (s, timeline);
      if (parents)
        append_parent_categories (s, kernels);
      if (categories != NULL)
        append_categories (s, categories);
      if (ops != NULL)
        append_ops (s, ops);
      append_unread (s, run);
    }
  return s != NULL ? g_string_free (s, FALSE) : NULL;
}

/* @ns in the unit that suits @unit_of, right-aligned in @width: the
 * times of one input share its total's unit, so they line up and a zero
 * reads "0.000 ms" beside them, not "0.000 ns". */
static void
append_time_in (GString *s,
                double   ns,
                double   unit_of,
                int      width)
{
  double scale;
  const char *unit = aiperf_kernel_time_unit (unit_of, &scale);

  if (isnan (ns))
    g_string_append_printf (s, "%*s", width, "-");
  else
    g_string_append_printf (s, "%*.3f %s", width, ns / scale, unit);
}

static void
append_time (GString *s,
             double   ns)
{
  append_time_in (s, ns, ns, 0);
}

char *
aiperf_kernels_summary_section (AiperfRunSet *runs)
{
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (runs);
  g_autofree char *tracelens = aiperf_kernels_tracelens_section (runs);
  gboolean fused_combined = FALSE;
  GString *s;

  if (data == NULL)
    return g_steal_pointer (&tracelens);
  s = g_string_new (_("Kernel summaries\n================\n"));
  for (guint i = 0; i < data->sources->len; i++)
    {
      AiperfKernelSource *source = g_ptr_array_index (data->sources, i);
      double m[N_METRICS];

      compute (source, m);
      fused_combined = fused_combined || combined (source, "fused_moe_kernel").n_rows > 1;
      g_string_append_printf (s, "\n%s (%s)\n", source->label, aiperf_run_get_locator (source->run));
      g_string_append (s, _("  Total kernel time: "));
      append_time (s, source->total);
      g_string_append (s, "\n");
      for (guint c = 0; c < data->categories->len; c++)
        {
          double calls, total = aiperf_kernel_source_category_total (source, g_ptr_array_index (data->categories, c), &calls);

          if (total <= 0)
            continue;
          g_string_append_printf (s, "  %-15s ", (const char *) g_ptr_array_index (data->categories, c));
          append_time_in (s, total, source->total, 10);
          g_string_append_printf (s, _("  %5.1f%%  %.0f calls\n"), 100.0 * total / source->total, calls);
        }
      if (m[M_FUSED_INSTANCES] > 0)
        {
          g_string_append_printf (s, _("  fused_moe: %.0f instances, avg "), m[M_FUSED_INSTANCES]);
          append_time (s, m[M_FUSED_AVG]);
          g_string_append_printf (s, _(", CV %.3f, max/min %.2f\n"), m[M_FUSED_CV], m[M_FUSED_RATIO]);
        }
      g_string_append (s, _("  NCCL time: "));
      append_time_in (s, m[M_NCCL], source->total, 0);
      g_string_append_printf (s, _(", communication ÷ computation %.3f\n"), m[M_RATIO]);
    }
  for (guint i = 1; i < data->sources->len; i++)
    {
      AiperfKernelSource *first = g_ptr_array_index (data->sources, 0);
      AiperfKernelSource *other = g_ptr_array_index (data->sources, i);
      double a[N_METRICS], b[N_METRICS];

      compute (first, a);
      compute (other, b);
      g_string_append_printf (s, _("\n%s against %s (the baseline, opened first):\n"), other->label, first->label);
      for (Metric k = 0; k < N_METRICS; k++)
        {
          double d = b[k] - a[k], pct = a[k] != 0 ? 100.0 * d / a[k] : NAN;

          if (!isfinite (a[k]) || !isfinite (b[k]) || d == 0)
            continue;
          /* a time in the unit of the values compared ("-2.371 ms"), not "-2.37066e+06" (ns) */
          if (g_str_has_suffix (metric_keys[k], "_ns"))
            {
              g_autofree char *key = g_strndup (metric_keys[k], strlen (metric_keys[k]) - strlen ("_ns"));

              g_string_append_printf (s, "  %-24s %s", key, d < 0 ? "-" : "+");
              append_time_in (s, fabs (d), MAX (fabs (a[k]), fabs (b[k])), 0);
              g_string_append_printf (s, " (%+.1f%%)\n", pct);
            }
          else
            g_string_append_printf (s, "  %-24s %+.6g (%+.1f%%)\n", metric_keys[k], d, pct);
        }
    }
  if (tracelens != NULL)
    g_string_append (s, tracelens);
  g_string_append (s, _("\nKernel times add up over all streams and GPUs, so they can exceed the wall time. "
                        "NCCL all-to-all often runs as SendRecv kernels, and expert-parallel MoE often "
                        "uses non-NCCL all-to-all kernels (DeepEP, pplx): a zero alltoall time does not "
                        "mean there was none."));
  /* Only when it happened: the note explains numbers the file does not have. */
  if (fused_combined)
    g_string_append (s, _(" Several fused_moe rows are combined: instances and times added, std pooled, "
                          "the median that of the row with the most time."));
  g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}
