/* aiperf-run-identity.c — where a run came from: format, tool, kind,
 * locator, load parameter, and the spread of results averaged into it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-metric-registry.h"
#include "aiperf-run-builder.h"
#include "aiperf-run-struct-private.h"

void
aiperf_run_init_identity (AiperfRun *self)
{
  self->source = g_strdup ("aiperf");
  self->tool = g_strdup ("AIPerf");
  self->kind = g_strdup ("serving");
  self->load_parameter = g_strdup ("concurrency");
  self->n_repeats = 1;
  self->spreads = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

void
aiperf_run_clear_identity (AiperfRun *self)
{
  g_clear_pointer (&self->locator, g_free);
  g_clear_pointer (&self->source, g_free);
  g_clear_pointer (&self->tool, g_free);
  g_clear_pointer (&self->kind, g_free);
  g_clear_pointer (&self->load_parameter, g_free);
  g_clear_pointer (&self->spreads, g_hash_table_unref);
}

const char *
aiperf_run_get_locator (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->locator;
}

const char *
aiperf_run_get_source (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->source;
}

const char *
aiperf_run_get_tool (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->tool;
}

const char *
aiperf_run_get_kind (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->kind;
}

guint
aiperf_run_get_open_order (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), 0);
  return self->open_order;
}

void
aiperf_run_set_open_order (AiperfRun *self,
                           guint      order)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->open_order = order;
}

const char *
aiperf_run_get_load_parameter (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->load_parameter;
}

guint
aiperf_run_get_n_repeats (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), 1);
  return self->n_repeats;
}

gboolean
aiperf_run_get_metric_spread (AiperfRun  *self,
                              const char *tag,
                              AiperfStat  stat,
                              double     *out_value)
{
  const AiperfStats *spread;
  const char *canonical;

  g_return_val_if_fail (AIPERF_IS_RUN (self), FALSE);
  g_return_val_if_fail (tag != NULL, FALSE);
  g_return_val_if_fail (stat < AIPERF_N_STATS, FALSE);

  canonical = aiperf_metric_registry_canonical_tag (tag);
  spread = g_hash_table_lookup (self->spreads, canonical != NULL ? canonical : tag);
  if (spread == NULL || isnan (spread->v[stat]))
    return FALSE;
  if (out_value != NULL)
    *out_value = spread->v[stat];
  return TRUE;
}

void
aiperf_run_set_source (AiperfRun  *self,
                       const char *format_id,
                       const char *tool,
                       const char *kind)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (format_id != NULL && tool != NULL && kind != NULL);

  g_free (self->source);
  g_free (self->tool);
  g_free (self->kind);
  self->source = g_strdup (format_id);
  self->tool = g_strdup (tool);
  self->kind = g_strdup (kind);
}

void
aiperf_run_set_name (AiperfRun  *self,
                     const char *name)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (name != NULL);

  g_free (self->name);
  self->name = g_strdup (name);
}

void
aiperf_run_set_load_parameter (AiperfRun  *self,
                               const char *parameter)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (parameter != NULL);

  g_free (self->load_parameter);
  self->load_parameter = g_strdup (parameter);
}

void
aiperf_run_set_n_repeats (AiperfRun *self,
                          guint      n)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->n_repeats = MAX (n, 1);
}

void
aiperf_run_set_metric_spread (AiperfRun         *self,
                              const char        *tag,
                              const AiperfStats *spread)
{
  const char *canonical;

  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (tag != NULL && spread != NULL);

  canonical = aiperf_metric_registry_canonical_tag (tag);
  g_hash_table_insert (self->spreads, g_strdup (canonical != NULL ? canonical : tag),
                       g_memdup2 (spread, sizeof *spread));
}
