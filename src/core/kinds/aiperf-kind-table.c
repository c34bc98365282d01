/* aiperf-kind-table.c — what a surface needs to show a kind's table beside
 * its chart and keep the kind's charts on its options, asked of the kind
 * descriptor instead of naming a kind or a plot type.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-kinds.h"

AiperfPlotSpec *
aiperf_kind_table_chart (const AiperfKind       *kind,
                         const AiperfPlotConfig *config)
{
  const AiperfPlotHandler *handler;
  GPtrArray *plots;
  AiperfPlotSpec *spec;

  g_return_val_if_fail (kind != NULL && kind->table != NULL, NULL);

  handler = aiperf_plot_handler_find (kind->table->chart);
  g_return_val_if_fail (handler != NULL, NULL);
  plots = config != NULL ? aiperf_plot_config_get_kind_plots (config, kind->id) : NULL;
  for (guint i = 0; plots != NULL && i < plots->len; i++)
    if (((AiperfPlotSpec *) g_ptr_array_index (plots, i))->handler == handler)
      return aiperf_plot_spec_copy (g_ptr_array_index (plots, i));
  /* A kind that draws another kind's chart (traces' top kernels) */
  spec = aiperf_plot_spec_new (kind->table->chart, handler);
  g_free (spec->kind);
  spec->kind = g_strdup (kind->id);
  return spec;
}

gboolean
aiperf_kind_table_links (const AiperfKind     *kind,
                         const AiperfPlotSpec *spec)
{
  g_return_val_if_fail (kind != NULL && spec != NULL, FALSE);

  return kind->table != NULL && aiperf_kinds_find (spec->kind) == kind &&
         spec->handler == aiperf_plot_handler_find (kind->table->chart);
}

gboolean
aiperf_kind_apply_options (const AiperfKind *kind,
                           AiperfPlotSpec   *spec,
                           GHashTable       *options)
{
  g_return_val_if_fail (kind != NULL && spec != NULL, FALSE);

  if (aiperf_kinds_find (spec->kind) != kind)
    return FALSE;
  for (guint i = 0; kind->options != NULL && kind->options[i].name != NULL; i++)
    {
      g_autofree char *key = aiperf_kind_option_key (&kind->options[i]);
      const char *value = options != NULL ? g_hash_table_lookup (options, key) : NULL;

      /* "" overrides the preset's own key: the option was taken back */
      aiperf_plot_spec_set_extra (spec, key, value != NULL ? value : "");
    }
  return TRUE;
}

gboolean
aiperf_kind_has_option (const AiperfKind *kind,
                        const char       *key)
{
  g_return_val_if_fail (kind != NULL && key != NULL, FALSE);

  for (guint i = 0; kind->options != NULL && kind->options[i].name != NULL; i++)
    {
      g_autofree char *own = aiperf_kind_option_key (&kind->options[i]);

      if (g_str_equal (own, key))
        return TRUE;
    }
  return FALSE;
}
