/* aiperf-run-edit.c — the setters the loaders use to fill an AiperfRun.
 *
 * They change the run in place, its snapshot too: a run is filled before
 * anyone else sees it (see aiperf-run-builder.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-metric-registry.h"
#include "aiperf-run-builder.h"
#include "aiperf-run-struct-private.h"

static void
replace_string (char       **field,
                const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

void
aiperf_run_set_model (AiperfRun  *self,
                      const char *model)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  replace_string (&self->model, model);
}

void
aiperf_run_set_concurrency (AiperfRun *self,
                            double     concurrency)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->concurrency = concurrency;
}

void
aiperf_run_set_request_rate (AiperfRun *self,
                             double     rate)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->request_rate = rate;
}

void
aiperf_run_set_endpoint_type (AiperfRun  *self,
                              const char *type)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  replace_string (&self->endpoint_type, type);
}

void
aiperf_run_set_streaming (AiperfRun *self,
                          gboolean   streaming)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->streaming = !!streaming;
}

void
aiperf_run_set_times (AiperfRun  *self,
                      const char *start,
                      const char *end)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  replace_string (&self->start_time, start);
  replace_string (&self->end_time, end);
}

void
aiperf_run_set_versions (AiperfRun  *self,
                         const char *aiperf_version,
                         const char *schema_version)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  replace_string (&self->aiperf_version, aiperf_version);
  replace_string (&self->schema_version, schema_version);
}

void
aiperf_run_set_variation_label (AiperfRun  *self,
                                const char *label)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (label != NULL);
  replace_string (&self->variation_label, label);
}

void
aiperf_run_add_artifacts (AiperfRun *self,
                          guint      flags)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->artifacts |= flags;
}

void
aiperf_run_set_parameter (AiperfRun  *self,
                          const char *key,
                          const char *value)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (key != NULL);

  if (value == NULL)
    g_hash_table_remove (self->parameters, key);
  else
    g_hash_table_replace (self->parameters, g_strdup (key), g_strdup (value));
}

void
aiperf_run_set_metric (AiperfRun         *self,
                       const char        *tag,
                       const char        *unit,
                       const AiperfStats *stats)
{
  RunMetric *m;

  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (tag != NULL);
  g_return_if_fail (stats != NULL);

  m = g_new0 (RunMetric, 1);
  m->unit = g_strdup (unit != NULL ? unit : "");
  m->stats = *stats;
  g_hash_table_replace (self->metrics,
                        g_strdup (aiperf_metric_registry_canonical_tag (tag)), m);
}

void
aiperf_run_set_request_counts (AiperfRun *self,
                               gint64     ok,
                               gint64     errors)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->request_count = ok;
  self->error_count = errors;
}

void
aiperf_run_add_error_entry (AiperfRun        *self,
                            AiperfErrorEntry *entry)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (entry != NULL);
  g_ptr_array_add (self->errors, entry);
}

int
aiperf_run_find_gpu (AiperfRun  *self,
                     const char *uuid)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), -1);
  g_return_val_if_fail (uuid != NULL, -1);

  for (guint i = 0; i < self->snapshot->gpus->len; i++)
    {
      AiperfGpu *gpu = g_ptr_array_index (self->snapshot->gpus, i);

      if (g_strcmp0 (gpu->uuid, uuid) == 0)
        return (int) i;
    }
  return -1;
}

static void
gpu_add_endpoint (AiperfGpu  *gpu,
                  const char *endpoint)
{
  guint n;

  if (endpoint == NULL)
    return;
  if (gpu->endpoints != NULL && g_strv_contains ((const char * const *) gpu->endpoints, endpoint))
    return;
  n = gpu->endpoints != NULL ? g_strv_length (gpu->endpoints) : 0;
  gpu->endpoints = g_renew (char *, gpu->endpoints, n + 2);
  gpu->endpoints[n] = g_strdup (endpoint);
  gpu->endpoints[n + 1] = NULL;
}

/* Exports anonymised for publication (aiperf's own test fixtures) carry
 * "GPU-00000000-0000-0000-0000-000000000000" in the summary while the
 * telemetry JSONL has the real UUID: both describe the same GPU. */
static gboolean
uuid_is_placeholder (const char *uuid)
{
  if (uuid == NULL || !g_str_has_prefix (uuid, "GPU-"))
    return FALSE;
  for (const char *p = uuid + 4; *p != '\0'; p++)
    if (*p != '0' && *p != '-')
      return FALSE;
  return TRUE;
}

/* Slot of a GPU with the same index where one side's UUID is a placeholder. */
static int
find_placeholder_match (AiperfRun  *self,
                        const char *uuid,
                        int         index)
{
  gboolean new_is_placeholder = uuid_is_placeholder (uuid);

  for (guint i = 0; i < self->snapshot->gpus->len; i++)
    {
      AiperfGpu *gpu = g_ptr_array_index (self->snapshot->gpus, i);

      if (gpu->index == index &&
          (new_is_placeholder || uuid_is_placeholder (gpu->uuid)))
        return (int) i;
    }
  return -1;
}

void
aiperf_run_add_gpu (AiperfRun  *self,
                    const char *uuid,
                    int         index,
                    const char *name,
                    const char *hostname,
                    const char *endpoint)
{
  g_autofree char *key = NULL;
  AiperfGpu *gpu;
  int slot;

  g_return_if_fail (AIPERF_IS_RUN (self));

  /* Without a UUID the best identity left is host and index. */
  if (uuid != NULL && *uuid != '\0')
    key = g_strdup (uuid);
  else
    key = g_strdup_printf ("%s/%d", hostname != NULL ? hostname : (endpoint != NULL ? endpoint : ""), index);

  slot = aiperf_run_find_gpu (self, key);
  if (slot < 0)
    slot = find_placeholder_match (self, key, index);
  if (slot >= 0)
    {
      gpu = g_ptr_array_index (self->snapshot->gpus, slot);
      /* The real UUID wins over an anonymised one. */
      if (uuid_is_placeholder (gpu->uuid) && !uuid_is_placeholder (key))
        {
          g_free (gpu->uuid);
          gpu->uuid = g_steal_pointer (&key);
        }
      if (gpu->name == NULL && name != NULL)
        gpu->name = g_strdup (name);
      if (gpu->hostname == NULL && hostname != NULL)
        gpu->hostname = g_strdup (hostname);
      gpu_add_endpoint (gpu, endpoint);
      return;
    }

  gpu = g_new0 (AiperfGpu, 1);
  gpu->uuid = g_steal_pointer (&key);
  gpu->index = index;
  gpu->name = g_strdup (name);
  gpu->hostname = g_strdup (hostname);
  gpu->endpoints = g_new0 (char *, 1);
  gpu_add_endpoint (gpu, endpoint);
  g_ptr_array_add (self->snapshot->gpus, gpu);
}

void
aiperf_run_add_warning (AiperfRun  *self,
                        const char *format,
                        ...)
{
  va_list args;
  char *text;

  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (format != NULL);

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  g_ptr_array_add (self->snapshot->warnings, text);
}

void
aiperf_run_add_bad_lines (AiperfRun *self,
                          guint      n)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->snapshot->n_bad_lines += n;
}
