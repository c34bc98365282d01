/* test-compare-groups.c — runs grouped by folder (what the sidebar heads
 * and Compare with Baseline… guesses by): exact groups for a baseline and
 * a candidate folder, runs in one folder, runs nested in a run, one run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-compare-groups.h"
#include "aiperf-run-builder.h"

/* The groups of runs in @dirs (NULL-terminated), checked against @expected. */
static void
check_groups (const char * const *dirs,
              const char * const *expected,
              guint               n_groups)
{
  g_autoptr(AiperfRunSet) runs = aiperf_run_set_new ();
  g_autoptr(GPtrArray) groups = NULL;

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autoptr(AiperfRun) run = aiperf_run_new (dirs[i]);

      aiperf_run_set_add (runs, run);
    }
  groups = aiperf_compare_folder_groups (runs);
  g_assert_cmpuint (groups->len, ==, g_strv_length ((char **) dirs));
  /* The set keeps its own order: each run's group by its folder. */
  for (guint r = 0; r < groups->len; r++)
    {
      g_autofree char *dir = g_canonicalize_filename (aiperf_run_get_directory (aiperf_run_set_get_run (runs, r)), NULL);
      gboolean found = FALSE;

      for (guint i = 0; dirs[i] != NULL; i++)
        {
          g_autofree char *want = g_canonicalize_filename (dirs[i], NULL);

          if (g_str_equal (dir, want))
            {
              g_assert_cmpstr (g_ptr_array_index (groups, r), ==, expected[i]);
              found = TRUE;
            }
        }
      g_assert_true (found);
    }
  g_assert_cmpuint (aiperf_compare_count_groups (groups), ==, n_groups);
}

static void
test_base_and_candidate (void)
{
  const char *dirs[] = { "/data/ab/base/run-c4", "/data/ab/cand/run-c4", "/data/ab/cand/run-c8",
                         "/data/ab/cand/../base/run-c8", NULL };
  const char *expected[] = { "/data/ab/base", "/data/ab/cand", "/data/ab/cand", "/data/ab/base" };

  check_groups (dirs, expected, 2);
}

static void
test_deeper (void)
{
  /* Nightly folders of sweeps: the first folder below the shared one. */
  const char *dirs[] = { "/n/2026-01-01/sweep/c1", "/n/2026-01-01/sweep/c2", "/n/2026-01-02/sweep/c1", NULL };
  const char *expected[] = { "/n/2026-01-01", "/n/2026-01-01", "/n/2026-01-02" };

  check_groups (dirs, expected, 2);
}

static void
test_one_folder (void)
{
  /* Runs side by side: each its own group. */
  const char *dirs[] = { "/sweep/c1", "/sweep/c2", "/sweep/c4", NULL };
  const char *expected[] = { "/sweep/c1", "/sweep/c2", "/sweep/c4" };

  check_groups (dirs, expected, 3);
}

static void
test_nested_runs (void)
{
  /* data/examples/qwen-sweep: concurrency 4 lies inside concurrency 2's
   * run folder, which groups nothing. */
  const char *dirs[] = { "/q/qwen_concurrency1", "/q/qwen_concurrency2", "/q/qwen_concurrency2/qwen_concurrency4",
                         NULL };
  const char *expected[] = { "/q/qwen_concurrency1", "/q/qwen_concurrency2",
                             "/q/qwen_concurrency2/qwen_concurrency4" };

  check_groups (dirs, expected, 3);
}

static void
test_one_run (void)
{
  const char *dirs[] = { "/only/run", NULL };
  const char *expected[] = { "/only/run" };

  check_groups (dirs, expected, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/compare/groups/base-and-candidate", test_base_and_candidate);
  g_test_add_func ("/aiperf/compare/groups/deeper", test_deeper);
  g_test_add_func ("/aiperf/compare/groups/one-folder", test_one_folder);
  g_test_add_func ("/aiperf/compare/groups/nested-runs", test_nested_runs);
  g_test_add_func ("/aiperf/compare/groups/one-run", test_one_run);
  return g_test_run ();
}
