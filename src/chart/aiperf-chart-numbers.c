/* aiperf-chart-numbers.c — a chart's legend and point labels, each with
 * one number format.
 *
 * Group names come from folder names and parameters as written ("0.5",
 * "2", "16"); side by side in a legend they read as three formats, where
 * an axis would write "0.5", "2.0", "16.0".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-chart.h"
#include "aiperf-number.h"

static void
collect (AiperfChart *chart,
         GPtrArray   *names,
         GPtrArray   *names_of,
         GPtrArray   *labels,
         GPtrArray   *labels_of)
{
  for (guint i = 0; i < chart->series->len; i++)
    {
      AiperfSeries *series = g_ptr_array_index (chart->series, i);

      g_ptr_array_add (names, series->name);
      g_ptr_array_add (names_of, &series->name);
    }
  for (guint i = 0; i < chart->layers->len; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind != AIPERF_LAYER_POINTS || layer->labels == NULL)
        continue;
      for (guint k = 0; k < layer->labels->len; k++)
        {
          g_ptr_array_add (labels, g_ptr_array_index (layer->labels, k));
          g_ptr_array_add (labels_of, &g_ptr_array_index (layer->labels, k));
        }
    }
  if (chart->panels != NULL)
    for (guint i = 0; i < chart->panels->len; i++)
      collect (g_ptr_array_index (chart->panels, i), names, names_of, labels, labels_of);
}

/* Aligns @texts and puts each back where it came from (@places). */
static void
align_in_place (GPtrArray *texts,
                GPtrArray *places)
{
  if (!aiperf_number_align (texts))
    return;
  for (guint i = 0; i < texts->len; i++)
    *(char **) g_ptr_array_index (places, i) = g_ptr_array_index (texts, i);
}

void
aiperf_chart_align_numbers (AiperfChart *chart)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) names_of = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels_of = g_ptr_array_new ();

  g_return_if_fail (chart != NULL);

  collect (chart, names, names_of, labels, labels_of);
  align_in_place (names, names_of);
  align_in_place (labels, labels_of);
}
