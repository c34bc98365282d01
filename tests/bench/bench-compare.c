/* bench-compare.c — how often the comparison finds a true effect and how
 * often it flags noise, on generated pairs (tests/gen-ab.h): single runs
 * with per-request data (block bootstrap) and five repeats a side (Welch on
 * run-level values), at true effects 0, 2, 5 and 10 %. Rates are reported,
 * not asserted (test-compare-detect asserts them).
 *
 * bench-compare [SEEDS]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "gen-ab-compare.h"

static void
scenario (const char *name,
          double      effect,
          guint       n_runs,
          double      run_sd,
          guint       seeds)
{
  static const char * const groups[] = { "avg", "p50", "p90", "p99", "throughput", NULL };
  guint flagged[G_N_ELEMENTS (groups)] = { 0 }, total[G_N_ELEMENTS (groups)] = { 0 };
  gint64 start = g_get_monotonic_time ();

  for (guint s = 0; s < seeds; s++)
    {
      GenAbParams p;
      g_autoptr(AiperfComparison) comparison = NULL;

      gen_ab_params_init (&p);
      p.effect = effect;
      p.run_sd = run_sd;
      p.seed = 1000 + s;
      comparison = gen_ab_compare (&p, n_runs, 1000);
      for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
        gen_ab_count (comparison, groups[g], &flagged[g], &total[g]);
    }
  g_print ("%-34s effect %4.1f %%  flagged:", name, effect * 100);
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    g_print ("  %s %5.1f %%", groups[g] != NULL ? groups[g] : "all", 100.0 * flagged[g] / MAX (total[g], 1));
  g_print ("  (%u seeds, %.1f ms a pair)\n", seeds, (g_get_monotonic_time () - start) / 1000.0 / seeds);
}

int
main (int    argc,
      char **argv)
{
  guint seeds = argc > 1 ? (guint) atoi (argv[1]) : 40;
  const double effects[] = { 0, 0.02, 0.05, 0.10 };

  g_print ("Detection rates on generated pairs (1000 requests a run, concurrency 4, warm-up 30 %%, drift 3 %%,\n"
           "AR(1) 0.5, per-request sd 15 %% on TTFT); minimal effect 2 %%, FDR 5 %%. Flagged = regression or improvement.\n");
  for (guint i = 0; i < G_N_ELEMENTS (effects); i++)
    scenario ("1 run a side (run sd 0.5 %)", effects[i], 1, 0.005, seeds);
  for (guint i = 0; i < G_N_ELEMENTS (effects); i++)
    scenario ("5 repeats a side (run sd 2 %)", effects[i], 5, 0.02, seeds);
  for (guint i = 0; i < G_N_ELEMENTS (effects); i++)
    scenario ("3 repeats a side (run sd 2 %)", effects[i], 3, 0.02, seeds);
  return 0;
}
