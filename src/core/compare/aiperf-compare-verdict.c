/* aiperf-compare-verdict.c — from p-values to verdicts: the false
 * discovery rate over every record, the minimal effect, the direction that
 * is better; and the names of verdicts and tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare.h"

void
aiperf_comparison_finish (AiperfComparison *comparison)
{
  guint n;
  g_autofree double *p = NULL;
  g_autofree double *q = NULL;

  g_return_if_fail (comparison != NULL);

  n = comparison->records->len;
  p = g_new (double, MAX (n, 1));
  q = g_new (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const AiperfCompareRecord *record = g_ptr_array_index (comparison->records, i);

      p[i] = record->p;
    }
  /* Checking forty numbers must not flag noise: Benjamini–Hochberg. */
  aiperf_compare_bh_adjust (p, n, q);
  for (guint i = 0; i < n; i++)
    {
      AiperfCompareRecord *record = g_ptr_array_index (comparison->records, i);
      gboolean worse;

      record->q = q[i];
      if (isnan (record->q) || !isfinite (record->change))
        {
          record->verdict = AIPERF_VERDICT_NOT_ENOUGH_DATA;
          if (record->reason == NULL)
            record->reason = g_strdup (_("no test could be made"));
          continue;
        }
      if (record->q >= comparison->settings.alpha)
        {
          record->verdict = AIPERF_VERDICT_NO_CHANGE;
          continue;
        }
      /* However small its p, a change below the minimal effect is none. */
      if (fabs (record->change) < comparison->settings.min_effect)
        {
          record->verdict = AIPERF_VERDICT_NO_CHANGE;
          g_free (record->reason);
          record->reason = g_strdup_printf (_("significant but smaller than the minimal effect (%g %%)"),
                                            comparison->settings.min_effect * 100);
          continue;
        }
      worse = record->better == AIPERF_BETTER_LOWER ? record->change > 0 : record->change < 0;
      record->verdict = worse ? AIPERF_VERDICT_REGRESSION : AIPERF_VERDICT_IMPROVEMENT;
    }
}

guint
aiperf_comparison_count (const AiperfComparison *comparison,
                         AiperfVerdict           verdict,
                         double                  min_change)
{
  guint n = 0;

  g_return_val_if_fail (comparison != NULL, 0);

  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *record = g_ptr_array_index (comparison->records, i);

      if (record->verdict != verdict)
        continue;
      if (min_change > 0 && !(fabs (record->change) > min_change))
        continue;
      n++;
    }
  return n;
}

const char *
aiperf_verdict_to_string (AiperfVerdict verdict)
{
  switch (verdict)
    {
    case AIPERF_VERDICT_REGRESSION:
      return "regression";
    case AIPERF_VERDICT_IMPROVEMENT:
      return "improvement";
    case AIPERF_VERDICT_NO_CHANGE:
      return "no_significant_change";
    case AIPERF_VERDICT_NOT_ENOUGH_DATA:
    default:
      return "not_enough_data";
    }
}

const char *
aiperf_verdict_label (AiperfVerdict verdict)
{
  switch (verdict)
    {
    case AIPERF_VERDICT_REGRESSION:
      return _("Regression");
    case AIPERF_VERDICT_IMPROVEMENT:
      return _("Improvement");
    case AIPERF_VERDICT_NO_CHANGE:
      return _("No significant change");
    case AIPERF_VERDICT_NOT_ENOUGH_DATA:
    default:
      return _("Not enough data");
    }
}

const char *
aiperf_compare_test_to_string (AiperfCompareTest test)
{
  switch (test)
    {
    case AIPERF_TEST_BLOCK_BOOTSTRAP:
      return "block-bootstrap";
    case AIPERF_TEST_WELCH:
      return "welch";
    case AIPERF_TEST_PERMUTATION:
      return "permutation";
    case AIPERF_TEST_WELCH_SUMMARY:
      return "welch-from-summary";
    case AIPERF_TEST_NONE:
    default:
      return "none";
    }
}
