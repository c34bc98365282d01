/* test-run-snapshot.c — a run's details appear all at once: a thread that
 * reads the run while another loads its details sees the run either as
 * it was or with all of its details, never half of them, and what it took
 * a reference to does not change under it. Meant for the sanitizers too
 * (-Db_sanitize=address,undefined and thread).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "aiperf-artifacts.h"
#include "aiperf-test-util.h"
#include "aiperf-run.h"

#define FIXTURE "data", "aiperf-real", "tests", "unit", "plot", "fixtures", "qwen_concurrency1"
#define N_ROUNDS 150

/* The summary names the GPU by an anonymised UUID; the telemetry, read
 * with the details, by its real one (which wins). */
#define SUMMARY_UUID   "GPU-00000000-0000-0000-0000-000000000000"
#define TELEMETRY_UUID "GPU-ef6ef310-f8e2-cef9-036e-8f12d59b5ffc"
#define N_REQUESTS     10   /* the 10 lines of the fixture; the appended bad one is skipped */
#define N_DATASETS     3    /* gpu_telemetry, requests, throughput */

/* The qwen_concurrency1 run folder with one malformed line appended to its
 * per-request JSONL, so that the details add a note and a bad line. */
static char *
make_run_folder (void)
{
  static const char * const names[] = {
    "profile_export_aiperf.json", "profile_export.jsonl", "gpu_telemetry_export.jsonl",
  };
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("aiperf-snapshot-XXXXXX", &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_test_build_filename (G_TEST_DIST, FIXTURE, names[i], NULL);
      g_autofree char *to = g_build_filename (dir, names[i], NULL);
      g_autofree char *text = NULL;
      g_autofree char *written = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (from, &text, &length, &error));
      g_assert_no_error (error);
      written = g_strconcat (text, g_str_equal (names[i], "profile_export.jsonl") ? "{not json\n" : "", NULL);
      g_assert_true (g_file_set_contents (to, written, -1, &error));
      g_assert_no_error (error);
    }
  return dir;
}

typedef struct {
  AiperfRun *run;
  gint       done;   /* atomic: the load has returned */
} Load;

static gpointer
load_details_thread (gpointer data)
{
  Load *load = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (aiperf_run_load_details (load->run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_atomic_int_set (&load->done, TRUE);
  return NULL;
}

static void
assert_gpus (GPtrArray  *gpus,
             const char *uuid)
{
  const AiperfGpu *gpu;

  g_assert_cmpuint (gpus->len, ==, 1);
  gpu = g_ptr_array_index (gpus, 0);
  g_assert_cmpstr (gpu->uuid, ==, uuid);
  g_assert_cmpint (gpu->index, ==, 0);
  g_assert_cmpstr (gpu->name, ==, "NVIDIA RTX 6000 Ada Generation");
}

typedef struct {
  guint before;   /* reads that saw the run without its details */
  guint after;    /* reads that saw all of them */
} Seen;

/* One read of the whole run, in the order a panel would read it. Details
 * are installed in one step, so once a read sees any of them, every read
 * after it (later in this function too) sees all of them. */
static gboolean
read_run (AiperfRun   *run,
          GPtrArray   *summary_warnings,
          AiperfTable *requests_seen,
          Seen        *seen)
{
  gboolean loaded = aiperf_run_has_details (run);
  AiperfTable *requests = aiperf_run_get_requests (run);
  g_autoptr(GPtrArray) names = aiperf_run_list_datasets (run);
  g_autoptr(GPtrArray) gpus = aiperf_run_dup_gpus (run);
  g_autoptr(GPtrArray) warnings = aiperf_run_dup_warnings (run);
  guint n_bad = aiperf_run_get_n_bad_lines (run);
  guint n_gpus = aiperf_run_get_gpu_count (run);

  if (loaded)
    g_assert_nonnull (requests);
  if (requests == NULL)
    {
      seen->before++;
      return FALSE;
    }

  seen->after++;
  /* A dataset, once there, is never replaced. */
  g_assert_true (requests_seen == NULL || requests == requests_seen);
  g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, N_REQUESTS);
  g_assert_cmpfloat (aiperf_table_get_column (requests, "request_number")[N_REQUESTS - 1], ==, N_REQUESTS - 1);
  g_assert_cmpuint (names->len, ==, N_DATASETS);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, AIPERF_DATASET_GPU_TELEMETRY);
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, AIPERF_DATASET_REQUESTS);
  g_assert_cmpstr (g_ptr_array_index (names, 2), ==, AIPERF_DATASET_THROUGHPUT);
  g_assert_nonnull (aiperf_run_get_gpu_telemetry (run));
  assert_gpus (gpus, TELEMETRY_UUID);
  g_assert_cmpuint (n_gpus, ==, 1);
  g_assert_cmpuint (n_bad, ==, 1);
  g_assert_cmpuint (warnings->len, ==, summary_warnings->len + 1);
  for (guint i = 0; i < summary_warnings->len; i++)
    g_assert_cmpstr (g_ptr_array_index (warnings, i), ==, g_ptr_array_index (summary_warnings, i));
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, summary_warnings->len), "skipped 1 malformed line"));
  return TRUE;
}

static void
test_read_while_loading (void)
{
  g_autofree char *dir = make_run_folder ();
  Seen seen = { 0, 0 };

  for (guint round = 0; round < N_ROUNDS; round++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AiperfRun) run = aiperf_run_load_summary (dir, &error);
      g_autoptr(GPtrArray) summary_gpus = NULL;
      g_autoptr(GPtrArray) summary_warnings = NULL;
      AiperfTable *requests_seen = NULL;
      Load load = { run, FALSE };
      GThread *loader;

      g_assert_no_error (error);
      summary_gpus = aiperf_run_dup_gpus (run);
      summary_warnings = aiperf_run_dup_warnings (run);
      assert_gpus (summary_gpus, SUMMARY_UUID);
      g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), ==, 0);

      loader = g_thread_new ("details", load_details_thread, &load);
      while (!g_atomic_int_get (&load.done))
        {
          if (read_run (run, summary_warnings, requests_seen, &seen))
            requests_seen = aiperf_run_get_requests (run);
          g_thread_yield ();  /* two cores, shared: let the loader run */
        }
      g_thread_join (loader);
      g_assert_true (read_run (run, summary_warnings, requests_seen, &seen));

      /* What was taken before the load is as it was. */
      assert_gpus (summary_gpus, SUMMARY_UUID);
      g_assert_true (summary_gpus != aiperf_run_get_gpus (run));
      g_assert_true (summary_warnings != aiperf_run_get_warnings (run));
    }
  g_test_message ("%u reads before the details, %u with them", seen.before, seen.after);
  g_assert_cmpuint (seen.before, >, 0);
  aiperf_test_remove_tree (dir);
}

/* A second load, even from many threads at once, installs nothing more. */
static void
test_loads_take_turns (void)
{
  g_autofree char *dir = make_run_folder ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = aiperf_run_load_summary (dir, &error);
  g_autoptr(GPtrArray) summary_warnings = NULL;
  Load load = { run, FALSE };
  GThread *loaders[4];

  g_assert_no_error (error);
  summary_warnings = aiperf_run_dup_warnings (run);
  for (guint i = 0; i < G_N_ELEMENTS (loaders); i++)
    loaders[i] = g_thread_new ("details", load_details_thread, &load);
  for (guint i = 0; i < G_N_ELEMENTS (loaders); i++)
    g_thread_join (loaders[i]);
  g_assert_true (aiperf_run_has_details (run));
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), ==, 1);
  g_assert_cmpuint (aiperf_run_get_warnings (run)->len, ==, summary_warnings->len + 1);
  aiperf_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/run/snapshot/read-while-loading", test_read_while_loading);
  g_test_add_func ("/aiperf/run/snapshot/loads-take-turns", test_loads_take_turns);
  return g_test_run ();
}
