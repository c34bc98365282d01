/* test-cli-trace-diff.c — two traces (two paths, or two ranks of one
 * merged trace) compared as HTA's trace diff and TraceLens's compare
 * report do: kernel_diff.csv, category_diff.csv, gpu_timeline_diff.csv
 * and the kernel_deltas chart, on TraceLens's real H100 traces of BERT and
 * Qwen, every number checked against TraceLens's own sheets for them; and
 * TraceLens's H100 and MI300 perf reports of Qwen, against the numbers of
 * TraceLens's own compare report of the two (compare_h100_mi300_qwen_csvs/
 * kernel_summary.csv, whose rows are per parent op: a kernel's difference
 * here is the sum of its rows' there).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "aiperf-test-util.h"
#include "cli-test-util.h"

/* One CSV line's fields (quotes as RFC 4180). */
static GPtrArray *
split_line (const char **cursor)
{
  GPtrArray *fields = g_ptr_array_new_with_free_func (g_free);
  GString *field = g_string_new (NULL);
  const char *p = *cursor;
  gboolean quoted = FALSE;

  for (; *p != '\0'; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            g_string_append_c (field, *p++);
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (field, *p);
        }
      else if (*p == '"')
        quoted = TRUE;
      else if (*p == ',')
        {
          g_ptr_array_add (fields, g_string_free (field, FALSE));
          field = g_string_new (NULL);
        }
      else if (*p == '\n')
        {
          p++;
          break;
        }
      else
        g_string_append_c (field, *p);
    }
  g_ptr_array_add (fields, g_string_free (field, FALSE));
  *cursor = p;
  return fields;
}

typedef struct {
  GPtrArray *header;
  GPtrArray *rows; /* GPtrArray* of fields */
} Csv;

static void
csv_load (Csv        *csv,
          const char *dir,
          const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  const char *cursor;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  cursor = text;
  csv->header = split_line (&cursor);
  csv->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  while (*cursor != '\0')
    g_ptr_array_add (csv->rows, split_line (&cursor));
}

static void
csv_clear (Csv *csv)
{
  g_ptr_array_unref (csv->header);
  g_ptr_array_unref (csv->rows);
}

static guint
column (const Csv  *csv,
        const char *name)
{
  guint i;

  g_assert_true (g_ptr_array_find_with_equal_func (csv->header, name, g_str_equal, &i));
  return i;
}

/* The row whose @key column holds @value (or, with @contains, contains it). */
static GPtrArray *
find_row (const Csv  *csv,
          const char *key,
          const char *value,
          gboolean    contains)
{
  guint k = column (csv, key);
  GPtrArray *found = NULL;

  for (guint r = 0; r < csv->rows->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (csv->rows, r);
      const char *text = g_ptr_array_index (row, k);

      if (contains ? strstr (text, value) != NULL : g_str_equal (text, value))
        {
          g_assert_null (found); /* one row only */
          found = row;
        }
    }
  g_assert_nonnull (found);
  return found;
}

static double
number (const Csv  *csv,
        GPtrArray  *row,
        const char *name)
{
  return g_ascii_strtod (g_ptr_array_index (row, column (csv, name)), NULL);
}

static const char *
text (const Csv  *csv,
      GPtrArray  *row,
      const char *name)
{
  return g_ptr_array_index (row, column (csv, name));
}

static char *
trace (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "trace", name, NULL);
}

/* TraceLens's gpu_timeline.csv of BERT and of Qwen on H100, their rows in
 * ms: the breakdown differences are these two sheets' differences. */
static const struct {
  const char *type;
  double      bert, qwen;
} sheets[] = {
  { "computation_time", 0.30719775390625, 31.903115234375 },
  { "exposed_comm_time", 0.0, 0.0 },
  { "exposed_memcpy_time", 0.002239990234375, 0.002367919921875 },
  { "busy_time", 0.309437744140625, 31.905483154296874 },
  { "idle_time", 3.59838720703125, 2.986935791015625 },
  { "total_time", 3.907824951171875, 34.8924189453125 },
  { "total_comm_time", 0.0, 0.0 },
  { "total_memcpy_time", 0.002239990234375, 0.002367919921875 },
};

static void
check_breakdown (const char *out)
{
  Csv csv;

  csv_load (&csv, out, "gpu_timeline_diff.csv");
  g_assert_cmpuint (csv.rows->len, ==, G_N_ELEMENTS (sheets));
  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      GPtrArray *row = find_row (&csv, "type", sheets[i].type, FALSE);

      /* Six decimals in the file: TraceLens's numbers to the ns (our
       * window ends are Kineto's µs, TraceLens's its float ms). */
      g_assert_cmpfloat_with_epsilon (number (&csv, row, "baseline_ms"), sheets[i].bert, 3e-6);
      g_assert_cmpfloat_with_epsilon (number (&csv, row, "candidate_ms"), sheets[i].qwen, 3e-6);
      g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_ms"), sheets[i].qwen - sheets[i].bert, 5e-6);
    }
  /* TraceLens's percent column: busy 7.918 % of BERT's window, 91.440 % of Qwen's. */
  g_assert_cmpfloat_with_epsilon (number (&csv, find_row (&csv, "type", "busy_time", FALSE), "baseline_percent"),
                                  7.918413644598668, 1e-3);
  g_assert_cmpfloat_with_epsilon (number (&csv, find_row (&csv, "type", "busy_time", FALSE), "candidate_percent"),
                                  91.4395852127733, 1e-3);
  csv_clear (&csv);
}

/* Kernels as TraceLens's kernel_summary.csv of each trace counts them
 * (its rows of one name summed): the GEMM Qwen runs 241 times for
 * 12789.918 µs (96 + 73 + 72 rows: 6588.415 + 3935.211 + 2266.292), BERT
 * never; the layer norm BERT runs 10 times for 30.912 µs, Qwen never. */
static void
check_kernels (const char *out)
{
  Csv csv;
  GPtrArray *row;

  csv_load (&csv, out, "kernel_diff.csv");
  /* 33 names in the two sheets together, the largest change first. */
  g_assert_cmpuint (csv.rows->len, ==, 33);
  row = g_ptr_array_index (csv.rows, 0);
  g_assert_cmpstr (text (&csv, row, "name"), ==,
                   "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_"
                   "kernel__5x_cublas");
  g_assert_cmpfloat (number (&csv, row, "baseline_count"), ==, 0);
  g_assert_cmpfloat (number (&csv, row, "candidate_count"), ==, 241);
  g_assert_cmpfloat (number (&csv, row, "diff_count"), ==, 241);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "candidate_total_us"), 12789.918, 1e-9);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_total_us"), 12789.918, 1e-9);
  g_assert_cmpstr (text (&csv, row, "status"), ==, "added");
  g_assert_cmpstr (text (&csv, row, "category"), ==, "gemm");
  row = find_row (&csv, "name", "vectorized_layer_norm_kernel", TRUE);
  g_assert_cmpfloat (number (&csv, row, "baseline_count"), ==, 10);
  g_assert_cmpfloat (number (&csv, row, "diff_count"), ==, -10);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_total_us"), -30.912, 1e-9);
  g_assert_cmpstr (text (&csv, row, "status"), ==, "deleted");
  /* In both: the bool and-reduce, 3.648 µs once in BERT, 4.128 µs once in Qwen. */
  row = find_row (&csv, "name", "and_kernel_cuda", TRUE);
  g_assert_cmpfloat (number (&csv, row, "diff_count"), ==, 0);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_total_us"), 0.48, 1e-9);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_percent"), 13.16, 1e-9);
  g_assert_cmpstr (text (&csv, row, "status"), ==, "unchanged");
  csv_clear (&csv);

  /* Categories (the shared classifier's) add up their kernels: GEMMs
   * 26 → 242 calls, 197.598 → 12793.438 µs. */
  csv_load (&csv, out, "category_diff.csv");
  row = find_row (&csv, "category", "gemm", FALSE);
  g_assert_cmpfloat (number (&csv, row, "baseline_count"), ==, 26);
  g_assert_cmpfloat (number (&csv, row, "candidate_count"), ==, 242);
  g_assert_cmpfloat (number (&csv, row, "diff_count"), ==, 216);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_total_us"), 12595.84, 1e-9);
  row = find_row (&csv, "category", "normalization", FALSE);
  g_assert_cmpstr (text (&csv, row, "status"), ==, "deleted");
  csv_clear (&csv);
}

static gboolean
exists (const char *dir,
        const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* Two paths: BERT (opened first, the baseline) and Qwen. */
static void
test_two_traces (void)
{
  g_autofree char *bert = trace ("gaunernst_bert-small-uncased__1016001.json.gz");
  g_autofree char *qwen = trace ("Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz");
  g_autofree char *out = g_dir_make_tmp ("aiperf-trace-diff-XXXXXX", NULL);
  Csv csv;
  Result r;

  cli_run (&r, out, bert, qwen, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  g_assert_true (exists (out, "kernel_deltas.png"));
  check_breakdown (out);
  check_kernels (out);
  csv_load (&csv, out, "kernel_diff.csv");
  g_assert_cmpstr (text (&csv, g_ptr_array_index (csv.rows, 0), "baseline"), ==,
                   "gaunernst_bert-small-uncased__1016001");
  g_assert_cmpstr (text (&csv, g_ptr_array_index (csv.rows, 0), "candidate"), ==, "Qwen_Qwen1.5-0.5B-Chat__1016005");
  csv_clear (&csv);
  g_assert_true (aiperf_test_remove_tree (out));
}

/* Two ranks of one merged trace (a comma list): the same differences,
 * each rank's breakdown its own GPU's. */
static void
test_two_ranks (void)
{
  g_autofree char *bert = trace ("gaunernst_bert-small-uncased__1016001.json.gz");
  g_autofree char *qwen = trace ("Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz");
  g_autofree char *both = g_strdup_printf ("%s,%s", bert, qwen);
  g_autofree char *out = g_dir_make_tmp ("aiperf-trace-diff-XXXXXX", NULL);
  Csv csv;
  Result r;

  cli_run (&r, out, both, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  g_assert_true (exists (out, "kernel_deltas.png"));
  check_breakdown (out);
  check_kernels (out);
  csv_load (&csv, out, "gpu_timeline_diff.csv");
  g_assert_true (g_str_has_suffix (text (&csv, g_ptr_array_index (csv.rows, 0), "baseline"),
                                   "gaunernst_bert-small-uncased__1016001 · GPU 0"));
  csv_clear (&csv);
  g_assert_true (aiperf_test_remove_tree (out));
}

/* TraceLens's H100 and MI300 perf reports of Qwen: its compare report
 * has the CatArrayBatchedCopy (OpaqueType<2u>) rows −664.588 µs (count
 * +0) and −257.178 µs (count +1), the pow rows −372.713 and −136.446 µs
 * (+0, +1), the bfloat16 copy rows −216.841 and −99.067 µs (+0, +0); the
 * GEMMs are different kernels on the two GPUs. */
static void
test_tracelens_reports (void)
{
  g_autofree char *h100 = g_test_build_filename (G_TEST_DIST, "data", "tracelens", "h100", NULL);
  g_autofree char *mi300 = g_test_build_filename (G_TEST_DIST, "data", "tracelens", "mi300", NULL);
  g_autofree char *out = g_dir_make_tmp ("aiperf-trace-diff-XXXXXX", NULL);
  Csv csv;
  GPtrArray *row;
  Result r;

  cli_run (&r, out, h100, mi300, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  g_assert_true (exists (out, "kernel_deltas.png"));
  csv_load (&csv, out, "kernel_diff.csv");
  row = find_row (&csv, "name", "CatArrayBatchedCopy<at::native::(anonymous namespace)::OpaqueType<2u>", TRUE);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_total_us"), -664.588 - 257.178, 1e-9);
  g_assert_cmpfloat (number (&csv, row, "diff_count"), ==, 1);
  g_assert_cmpstr (text (&csv, row, "status"), ==, "increased");
  row = find_row (&csv, "name", "pow_tensor_scalar_kernel_impl", TRUE);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_total_us"), -372.713 - 136.446, 1e-9);
  g_assert_cmpfloat (number (&csv, row, "diff_count"), ==, 1);
  row = find_row (&csv, "name", "bfloat16_copy_kernel_cuda", TRUE);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_total_us"), -216.841 - 99.067, 1e-9);
  g_assert_cmpfloat (number (&csv, row, "diff_count"), ==, 0);
  g_assert_cmpstr (text (&csv, row, "status"), ==, "unchanged");
  row = find_row (&csv, "name", "sm90_xmma_gemm_bf16bf16", TRUE);
  g_assert_cmpstr (text (&csv, row, "status"), ==, "deleted");
  csv_clear (&csv);
  /* The two gpu_timeline.csv sheets, row by row. */
  csv_load (&csv, out, "gpu_timeline_diff.csv");
  row = find_row (&csv, "type", "busy_time", FALSE);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "baseline_ms"), 31.905483154296874, 1e-6);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "candidate_ms"), 29.743927734375, 1e-6);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_ms"), 29.743927734375 - 31.905483154296874, 1e-6);
  row = find_row (&csv, "type", "idle_time", FALSE);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_ms"), 3.38740576171875 - 2.986935791015625, 1e-6);
  g_assert_cmpfloat_with_epsilon (number (&csv, row, "diff_percent_points"), 10.224175740219245 - 8.56041478722671,
                                  1e-4);
  csv_clear (&csv);
  g_assert_true (aiperf_test_remove_tree (out));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/cli/trace-diff/two-traces", test_two_traces);
  g_test_add_func ("/aiperf/cli/trace-diff/two-ranks", test_two_ranks);
  g_test_add_func ("/aiperf/cli/trace-diff/tracelens-reports", test_tracelens_reports);
  return g_test_run ();
}
