/* test-core-model.c — stats, columnar table, time slices, metric registry
 * and the CSV reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-metric-registry.h"
#include "aiperf-stats.h"
#include "aiperf-table.h"
#include "aiperf-timeslices.h"

static void
test_stats_compute (void)
{
  /* numpy: np.percentile([1,2,3,4,NaN-dropped,10], 90) == 7.6 */
  double values[] = { 10, 2, NAN, 4, 1, 3 };
  AiperfStats stats;

  aiperf_stats_compute (values, G_N_ELEMENTS (values), &stats);
  g_assert_cmpfloat (stats.v[AIPERF_STAT_COUNT], ==, 5);
  g_assert_cmpfloat (stats.v[AIPERF_STAT_AVG], ==, 4);
  g_assert_cmpfloat (stats.v[AIPERF_STAT_SUM], ==, 20);
  g_assert_cmpfloat (stats.v[AIPERF_STAT_MIN], ==, 1);
  g_assert_cmpfloat (stats.v[AIPERF_STAT_MAX], ==, 10);
  g_assert_cmpfloat (stats.v[AIPERF_STAT_P50], ==, 3);
  g_assert_cmpfloat_with_epsilon (stats.v[AIPERF_STAT_P90], 7.6, 1e-12);
  g_assert_cmpfloat_with_epsilon (stats.v[AIPERF_STAT_P25], 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (stats.v[AIPERF_STAT_STD], sqrt (10.0), 1e-12);

  aiperf_stats_compute (NULL, 0, &stats);
  g_assert_cmpfloat (stats.v[AIPERF_STAT_COUNT], ==, 0);
  g_assert_false (aiperf_stats_has (&stats, AIPERF_STAT_AVG));
}

static void
test_stat_names (void)
{
  AiperfStat stat;

  for (guint i = 0; i < AIPERF_N_STATS; i++)
    {
      g_assert_true (aiperf_stat_from_string (aiperf_stat_to_string (i), &stat));
      g_assert_cmpint (stat, ==, i);
    }
  g_assert_true (aiperf_stat_from_string ("mean", &stat));
  g_assert_cmpint (stat, ==, AIPERF_STAT_AVG);
  g_assert_true (aiperf_stat_from_string ("median", &stat));
  g_assert_cmpint (stat, ==, AIPERF_STAT_P50);
  g_assert_false (aiperf_stat_from_string ("p67", &stat));
  g_assert_null (aiperf_stat_to_string (AIPERF_N_STATS));
}

static void
test_table (void)
{
  g_autoptr(AiperfTable) table = aiperf_table_new ();
  g_autoptr(AiperfTable) other = aiperf_table_new ();
  g_autofree guint *order = NULL;
  guint a, b, c;

  a = aiperf_table_ensure_column (table, "a", "ms");
  for (guint i = 0; i < 100; i++)
    aiperf_table_set (table, a, aiperf_table_append_row (table), 100 - i);
  /* a column added later is NaN for the earlier rows */
  b = aiperf_table_ensure_column (table, "b", NULL);
  g_assert_cmpuint (aiperf_table_ensure_column (table, "a", NULL), ==, a);
  g_assert_cmpuint (aiperf_table_get_n_rows (table), ==, 100);
  g_assert_cmpuint (aiperf_table_get_n_columns (table), ==, 2);
  g_assert_true (isnan (aiperf_table_get (table, b, 99)));
  aiperf_table_set (table, b, 5, 7.0);
  g_assert_cmpstr (aiperf_table_get_column_unit (table, a), ==, "ms");
  g_assert_cmpstr (aiperf_table_get_column_unit (table, b), ==, "");
  g_assert_cmpint (aiperf_table_find_column (table, "zzz"), ==, -1);
  g_assert_null (aiperf_table_get_column (table, "zzz"));

  order = aiperf_table_sort_order (table, b);
  /* the only value first, then NaNs in their old order */
  g_assert_cmpuint (order[0], ==, 5);
  g_assert_cmpuint (order[1], ==, 0);
  g_assert_cmpuint (order[99], ==, 99);
  g_clear_pointer (&order, g_free);
  order = aiperf_table_sort_order (table, a);
  aiperf_table_permute_rows (table, order);
  g_assert_cmpfloat (aiperf_table_get (table, a, 0), ==, 1);
  g_assert_cmpfloat (aiperf_table_get (table, a, 99), ==, 100);
  g_assert_cmpfloat (aiperf_table_get (table, b, 100 - 5 - 1), ==, 7.0);

  c = aiperf_table_ensure_column (other, "c", "tokens");
  aiperf_table_set (other, c, aiperf_table_append_row (other), 42);
  aiperf_table_append_table (table, other);
  g_assert_cmpuint (aiperf_table_get_n_rows (table), ==, 101);
  g_assert_true (isnan (aiperf_table_get (table, a, 100)));
  g_assert_cmpfloat (aiperf_table_get_column (table, "c")[100], ==, 42);
  g_assert_true (isnan (aiperf_table_get_column (table, "c")[0]));
}

static void
test_timeslices (void)
{
  g_autoptr(AiperfTimeslices) ts = aiperf_timeslices_new ();
  g_autoptr(GPtrArray) tags = NULL;
  AiperfStats stats;

  g_assert_true (isnan (aiperf_timeslices_get_slice_duration (ts)));
  aiperf_timeslices_set_slice_duration (ts, 10);
  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_AVG] = 12.5;
  aiperf_timeslices_set_stats (ts, "time_to_first_token", "ms", 2, &stats);
  aiperf_timeslices_set_stats (ts, "request_latency", "ms", 0, &stats);
  g_assert_cmpuint (aiperf_timeslices_get_n_slices (ts), ==, 3);
  g_assert_null (aiperf_timeslices_get_stats (ts, "time_to_first_token", 0));
  g_assert_null (aiperf_timeslices_get_stats (ts, "time_to_first_token", 7));
  g_assert_null (aiperf_timeslices_get_stats (ts, "nope", 0));
  g_assert_cmpfloat (aiperf_timeslices_get_stats (ts, "time_to_first_token", 2)->v[AIPERF_STAT_AVG], ==, 12.5);
  g_assert_cmpstr (aiperf_timeslices_get_unit (ts, "request_latency"), ==, "ms");
  tags = aiperf_timeslices_list_metrics (ts);
  g_assert_cmpuint (tags->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (tags, 0), ==, "request_latency");
}

static void
test_registry (void)
{
  const AiperfMetricInfo *info, *all;
  guint n = 0;
  g_autofree char *label1 = NULL, *label2 = NULL, *label3 = NULL, *label4 = NULL;

  all = aiperf_metric_registry_get_all (&n);
  g_assert_cmpuint (n, >=, 100);
  for (guint i = 0; i < n; i++)
    {
      /* every display name maps back to its own tag */
      g_assert_true (aiperf_metric_registry_lookup_display_name (all[i].display_name) == &all[i]);
      g_assert_true (aiperf_metric_registry_lookup (all[i].tag) == &all[i]);
    }

  info = aiperf_metric_registry_lookup ("ttft");
  g_assert_nonnull (info);
  g_assert_cmpstr (info->tag, ==, "time_to_first_token");
  g_assert_cmpstr (info->unit, ==, "ms");
  g_assert_cmpstr (aiperf_metric_registry_canonical_tag ("ttst"), ==, "time_to_second_token");
  g_assert_cmpstr (aiperf_metric_registry_canonical_tag ("prefill_throughput"), ==, "prefill_throughput_per_user");
  g_assert_cmpstr (aiperf_metric_registry_canonical_tag ("request_latency"), ==, "request_latency");
  g_assert_null (aiperf_metric_registry_lookup ("no_such_metric"));

  g_assert_true (aiperf_metric_registry_larger_is_better ("output_token_throughput_per_gpu"));
  g_assert_true (aiperf_metric_registry_larger_is_better ("output_token_throughput_per_user"));
  g_assert_true (aiperf_metric_registry_larger_is_better ("request_throughput"));
  g_assert_false (aiperf_metric_registry_larger_is_better ("request_latency"));
  g_assert_false (aiperf_metric_registry_larger_is_better ("time_to_first_token"));

  info = aiperf_metric_registry_lookup ("energy_consumption");
  g_assert_cmpint (info->kind, ==, AIPERF_METRIC_KIND_GPU);
  g_assert_true (info->flags & AIPERF_METRIC_FLAG_COUNTER);
  g_assert_cmpstr (info->unit, ==, "MJ");
  g_assert_false (aiperf_metric_registry_lookup ("gpu_utilization")->flags & AIPERF_METRIC_FLAG_COUNTER);
  g_assert_true (aiperf_metric_registry_lookup ("amd_ecc_uncorrectable")->flags & AIPERF_METRIC_FLAG_COUNTER);

  info = aiperf_metric_registry_lookup_display_name ("Time to First Token");
  g_assert_cmpstr (info->tag, ==, "time_to_first_token");
  info = aiperf_metric_registry_lookup_display_name ("inter token latency");
  g_assert_cmpstr (info->tag, ==, "inter_token_latency");
  info = aiperf_metric_registry_lookup_display_name ("GPU Utilization");
  g_assert_cmpstr (info->tag, ==, "gpu_utilization");
  info = aiperf_metric_registry_lookup_display_name ("Prefill Throughput");
  g_assert_cmpstr (info->tag, ==, "prefill_throughput_per_user");

  g_assert_cmpstr (aiperf_metric_registry_suggest ("request_latncy"), ==, "request_latency");
  g_assert_cmpstr (aiperf_metric_registry_suggest ("time_to_frist_token"), ==, "time_to_first_token");
  g_assert_cmpstr (aiperf_metric_registry_suggest ("tft"), ==, "time_to_first_token");
  g_assert_null (aiperf_metric_registry_suggest ("completely_unrelated_words"));

  label1 = aiperf_metric_registry_axis_label ("time_to_first_token", NULL);
  g_assert_cmpstr (label1, ==, "Time to First Token (ms)");
  label2 = aiperf_metric_registry_axis_label ("output_token_throughput_per_gpu", NULL);
  g_assert_cmpstr (label2, ==, "Output Token Throughput Per GPU (tokens/sec/gpu)");
  label3 = aiperf_metric_registry_axis_label ("my_custom_metric", "s");
  g_assert_cmpstr (label3, ==, "My Custom Metric (s)");
  label4 = aiperf_metric_registry_axis_label ("vllm_thing", NULL);
  g_assert_cmpstr (label4, ==, "Vllm Thing");
}

static void
test_csv (void)
{
  const char *text = "\xEF\xBB\xBFMetric,\"Va,lue\"\r\n\"Say \"\"hi\"\"\",1.5\r\n\r\n"
                     "\"multi\nline\",x\nlast,row";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = aiperf_csv_parse (text, strlen (text), "t.csv", &error);
  AiperfCsvRow *row;

  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 5);
  row = g_ptr_array_index (rows, 0);
  g_assert_cmpuint (row->n_fields, ==, 2);
  g_assert_cmpstr (row->fields[0], ==, "Metric");
  g_assert_cmpstr (row->fields[1], ==, "Va,lue");
  row = g_ptr_array_index (rows, 1);
  g_assert_cmpstr (row->fields[0], ==, "Say \"hi\"");
  g_assert_cmpuint (row->line, ==, 2);
  row = g_ptr_array_index (rows, 2);
  g_assert_cmpuint (row->n_fields, ==, 0);
  row = g_ptr_array_index (rows, 3);
  g_assert_cmpstr (row->fields[0], ==, "multi\nline");
  g_assert_cmpuint (row->line, ==, 4);
  row = g_ptr_array_index (rows, 4);
  g_assert_cmpuint (row->line, ==, 6);
  g_assert_cmpstr (row->fields[1], ==, "row");
  g_assert_null (row->fields[2]);

  g_clear_pointer (&rows, g_ptr_array_unref);
  rows = aiperf_csv_parse ("a,b\n\"open,", 10, "bad.csv", &error);
  g_assert_null (rows);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "bad.csv, line 2"));
  g_clear_error (&error);

  rows = aiperf_csv_parse ("", 0, "empty.csv", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 0);
}

/* Repeated texts are stored once; appending re-codes into the target. */
static void
test_table_strings (void)
{
  g_autoptr(AiperfTable) a = aiperf_table_new ();
  g_autoptr(AiperfTable) b = aiperf_table_new ();
  guint name_a, name_b, time_b;

  name_a = aiperf_table_ensure_string_column (a, "name");
  for (guint i = 0; i < 4; i++)
    aiperf_table_append_row (a);
  aiperf_table_set_string (a, name_a, 0, "gemm");
  aiperf_table_set_string (a, name_a, 1, "nccl");
  aiperf_table_set_string (a, name_a, 2, "gemm");
  g_assert_true (aiperf_table_column_is_string (a, name_a));
  g_assert_cmpuint (aiperf_table_get_n_distinct (a, name_a), ==, 2);
  g_assert_cmpstr (aiperf_table_get_string (a, name_a, 2), ==, "gemm");
  g_assert_null (aiperf_table_get_string (a, name_a, 3));
  g_assert_cmpfloat (aiperf_table_get (a, name_a, 1), ==, 1.0);

  /* b has its own dictionary in another order. */
  name_b = aiperf_table_ensure_string_column (b, "name");
  time_b = aiperf_table_ensure_column (b, "dur_ns", "ns");
  aiperf_table_append_row (b);
  aiperf_table_append_row (b);
  aiperf_table_set_string (b, name_b, 0, "attn");
  aiperf_table_set_string (b, name_b, 1, "nccl");
  aiperf_table_set (b, time_b, 1, 42);
  aiperf_table_append_table (a, b);
  g_assert_cmpuint (aiperf_table_get_n_rows (a), ==, 6);
  g_assert_cmpstr (aiperf_table_get_string (a, name_a, 4), ==, "attn");
  g_assert_cmpstr (aiperf_table_get_string (a, name_a, 5), ==, "nccl");
  g_assert_cmpuint (aiperf_table_get_n_distinct (a, name_a), ==, 3);
  g_assert_cmpstr (aiperf_table_get_distinct (a, name_a, 2), ==, "attn");
  g_assert_cmpfloat (aiperf_table_get (a, (guint) aiperf_table_find_column (a, "dur_ns"), 5), ==, 42);
  g_assert_false (aiperf_table_column_is_string (a, (guint) aiperf_table_find_column (a, "dur_ns")));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/model/table/strings", test_table_strings);
  g_test_add_func ("/aiperf/stats/compute", test_stats_compute);
  g_test_add_func ("/aiperf/stats/names", test_stat_names);
  g_test_add_func ("/aiperf/table/basics", test_table);
  g_test_add_func ("/aiperf/timeslices/basics", test_timeslices);
  g_test_add_func ("/aiperf/registry/metrics", test_registry);
  g_test_add_func ("/aiperf/csv/parse", test_csv);
  return g_test_run ();
}
