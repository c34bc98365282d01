/* aiperf-telemetry-loader.c — reads gpu_telemetry_export.jsonl.
 *
 * One sample per GPU per scrape. Both layouts are read: the source URL under
 * "dcgm_url" (0.4–0.11, second key) or "telemetry_source_url" (later, last
 * key). Every field of telemetry_data becomes a column; counters such as
 * energy_consumption stay raw (cumulative), deltas are the plots' business.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-json-scan.h"
#include "aiperf-loaders-private.h"
#include "aiperf-metric-registry.h"

#define N_FIRST_BAD 3

typedef struct {
  gint64  timestamp_ns;
  double  gpu_index;
  char   *uuid, *name, *hostname, *endpoint;
  GArray *fields;  /* Field */
} Sample;

typedef struct {
  const char *key;   /* view into the line */
  gsize       length;
  double      value;
} Field;

static void
sample_clear (Sample *s)
{
  g_clear_pointer (&s->uuid, g_free);
  g_clear_pointer (&s->name, g_free);
  g_clear_pointer (&s->hostname, g_free);
  g_clear_pointer (&s->endpoint, g_free);
  g_array_set_size (s->fields, 0);
}

static gboolean
parse_fields (AiperfJsonScan *scan,
              Sample         *s)
{
  const char *key;
  gsize len;
  guint count = 0;

  if (!aiperf_json_scan_begin_object (scan))
    return aiperf_json_scan_fail (scan, "expected \"telemetry_data\" to be an object");
  while (aiperf_json_scan_next_key (scan, &count, &key, &len))
    {
      Field f = { key, len, NAN };

      if (!aiperf_json_scan_number_or_null (scan, &f.value))
        return aiperf_json_scan_fail (scan, "expected a telemetry value to be a number");
      g_array_append_val (s->fields, f);
    }
  return scan->error == NULL;
}

static gboolean
parse_sample (const char *line,
              gsize       length,
              Sample     *s,
              const char **error)
{
  AiperfJsonScan scan;
  const char *key;
  gsize len;
  guint count = 0;
  gboolean have_ts = FALSE;

  aiperf_json_scan_init (&scan, line, length);
  if (!aiperf_json_scan_begin_object (&scan))
    goto fail;
  while (aiperf_json_scan_next_key (&scan, &count, &key, &len))
    {
      gboolean ok;

      if (aiperf_json_key_is (key, len, "timestamp_ns"))
        {
          AiperfJsonNumber n;

          ok = aiperf_json_scan_number (&scan, &n);
          /* 2^63 ns is the year 2262: anything beyond is garbage, and
           * casting it would be undefined. */
          if (ok && !n.is_int && !(n.d >= -9.2e18 && n.d <= 9.2e18))
            ok = aiperf_json_scan_fail (&scan, "timestamp out of range");
          if (ok)
            s->timestamp_ns = n.is_int ? n.i : (gint64) n.d;
          have_ts = ok;
        }
      else if (aiperf_json_key_is (key, len, "gpu_index"))
        ok = aiperf_json_scan_number_or_null (&scan, &s->gpu_index);
      else if (aiperf_json_key_is (key, len, "gpu_uuid"))
        {
          g_free (s->uuid);
          ok = aiperf_json_scan_string_or_null (&scan, &s->uuid);
        }
      else if (aiperf_json_key_is (key, len, "gpu_model_name"))
        {
          g_free (s->name);
          ok = aiperf_json_scan_string_or_null (&scan, &s->name);
        }
      else if (aiperf_json_key_is (key, len, "hostname"))
        {
          g_free (s->hostname);
          ok = aiperf_json_scan_string_or_null (&scan, &s->hostname);
        }
      else if (aiperf_json_key_is (key, len, "dcgm_url")
               || aiperf_json_key_is (key, len, "telemetry_source_url"))
        {
          g_free (s->endpoint);
          ok = aiperf_json_scan_string_or_null (&scan, &s->endpoint);
        }
      else if (aiperf_json_key_is (key, len, "telemetry_data"))
        ok = parse_fields (&scan, s);
      else
        ok = aiperf_json_scan_skip (&scan);
      if (!ok)
        goto fail;
    }
  if (scan.error != NULL)
    goto fail;
  if (!aiperf_json_scan_at_end (&scan))
    {
      aiperf_json_scan_fail (&scan, "expected the line to end after the sample");
      goto fail;
    }
  if (!have_ts || s->uuid == NULL)
    {
      aiperf_json_scan_fail (&scan, "expected \"timestamp_ns\" and \"gpu_uuid\"");
      goto fail;
    }
  return TRUE;

fail:
  *error = scan.error;
  return FALSE;
}

static int
endpoint_slot (AiperfRun  *run,
               int         gpu_slot,
               const char *endpoint)
{
  GPtrArray *gpus = aiperf_run_get_gpus (run);
  const AiperfGpu *gpu;

  if (gpu_slot < 0 || endpoint == NULL || (guint) gpu_slot >= gpus->len)
    return -1;
  gpu = g_ptr_array_index (gpus, gpu_slot);
  for (int i = 0; gpu->endpoints != NULL && gpu->endpoints[i] != NULL; i++)
    if (g_strcmp0 (gpu->endpoints[i], endpoint) == 0)
      return i;
  return -1;
}

static double
requests_origin (AiperfRun *run)
{
  AiperfTable *requests = aiperf_run_get_requests (run);
  const double *start;
  double origin = NAN;
  guint n;

  if (requests == NULL || (start = aiperf_table_get_column (requests, "request_start_ns")) == NULL)
    return NAN;
  n = aiperf_table_get_n_rows (requests);
  for (guint i = 0; i < n; i++)
    if (!isnan (start[i]) && (isnan (origin) || start[i] < origin))
      origin = start[i];
  return origin;
}

static guint
field_column (AiperfTable *table,
              GHashTable  *columns,
              const Field *f)
{
  char buf[256];
  gpointer v;
  guint col;
  const AiperfMetricInfo *info;

  if (f->length >= sizeof buf)
    return G_MAXUINT;
  memcpy (buf, f->key, f->length);
  buf[f->length] = '\0';
  if (g_hash_table_lookup_extended (columns, buf, NULL, &v))
    return GPOINTER_TO_UINT (v);
  info = aiperf_metric_registry_lookup (buf);
  col = aiperf_table_ensure_column (table, buf, info != NULL ? info->unit : NULL);
  g_hash_table_insert (columns, g_strdup (buf), GUINT_TO_POINTER (col));
  return col;
}

gboolean
aiperf_load_telemetry_jsonl (AiperfRun    *run,
                             const char   *path,
                             GCancellable *cancellable,
                             GError      **error)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(AiperfTable) table = NULL;
  g_autoptr(GHashTable) columns = NULL;
  g_autoptr(GHashTable) seen = NULL;
  g_autoptr(GArray) stamps = NULL;
  g_autoptr(GString) first_bad = NULL;
  g_autofree char *base = NULL;
  const char *p, *end, *message = NULL;
  Sample s = { 0 };
  guint line = 0, n_bad = 0, c_ts_ns, c_ts_s, c_index, c_gpu, c_ep;
  gint64 origin;
  double req_origin;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  file = g_mapped_file_new (path, FALSE, &local_error);
  if (file == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                   _("%s: cannot read: %s"), path, local_error->message);
      return FALSE;
    }
  p = g_mapped_file_get_length (file) > 0 ? g_mapped_file_get_contents (file) : "";
  end = p + g_mapped_file_get_length (file);
  base = g_path_get_basename (path);

  table = aiperf_table_new ();
  c_ts_ns = aiperf_table_ensure_column (table, "timestamp_ns", "ns");
  c_ts_s = aiperf_table_ensure_column (table, "timestamp_s", "s");
  c_index = aiperf_table_ensure_column (table, "gpu_index", "");
  c_gpu = aiperf_table_ensure_column (table, "gpu_slot", "");
  c_ep = aiperf_table_ensure_column (table, "endpoint_slot", "");
  columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  stamps = g_array_new (FALSE, FALSE, sizeof (gint64));
  first_bad = g_string_new (NULL);
  s.fields = g_array_new (FALSE, FALSE, sizeof (Field));

  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      const char *line_end = nl != NULL ? nl : end;
      AiperfJsonScan blank;
      const char *why = NULL;

      line++;
      aiperf_json_scan_init (&blank, p, (gsize) (line_end - p));
      if (line % 4096 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          sample_clear (&s);
          g_array_unref (s.fields);
          return FALSE;
        }
      if (!aiperf_json_scan_at_end (&blank))
        {
          s.timestamp_ns = 0;
          s.gpu_index = NAN;
          if (parse_sample (p, (gsize) (line_end - p), &s, &why))
            {
              guint row = aiperf_table_append_row (table);
              g_autofree char *pair = g_strconcat (s.uuid, "\x1f", s.endpoint ? s.endpoint : "", NULL);
              int slot;

              if (!g_hash_table_contains (seen, pair))
                {
                  /* NaN and out-of-range indexes are unknown; casting them is undefined. */
                  aiperf_run_add_gpu (run, s.uuid,
                                      s.gpu_index >= 0 && s.gpu_index <= G_MAXINT ? (int) s.gpu_index : -1,
                                      s.name, s.hostname, s.endpoint);
                  g_hash_table_add (seen, g_steal_pointer (&pair));
                }
              slot = aiperf_run_find_gpu (run, s.uuid);
              aiperf_table_set (table, c_ts_ns, row, (double) s.timestamp_ns);
              aiperf_table_set (table, c_index, row, s.gpu_index);
              aiperf_table_set (table, c_gpu, row, slot);
              aiperf_table_set (table, c_ep, row, endpoint_slot (run, slot, s.endpoint));
              for (guint i = 0; i < s.fields->len; i++)
                {
                  const Field *f = &g_array_index (s.fields, Field, i);
                  guint col = field_column (table, columns, f);

                  if (col != G_MAXUINT)
                    aiperf_table_set (table, col, row, f->value);
                }
              g_array_append_val (stamps, s.timestamp_ns);
            }
          else
            {
              if (n_bad < N_FIRST_BAD)
                g_string_append_printf (first_bad, "%s%u", n_bad > 0 ? ", " : "", line);
              if (message == NULL)
                message = why;
              n_bad++;
            }
          sample_clear (&s);
        }
      p = nl != NULL ? nl + 1 : end;
    }
  g_array_unref (s.fields);

  req_origin = requests_origin (run);
  origin = !isnan (req_origin) ? (gint64) req_origin : G_MAXINT64;
  if (isnan (req_origin))
    for (guint i = 0; i < stamps->len; i++)
      origin = MIN (origin, g_array_index (stamps, gint64, i));
  for (guint i = 0; i < stamps->len; i++)
    aiperf_table_set (table, c_ts_s, i, aiperf_ns_diff_s (g_array_index (stamps, gint64, i), origin));

  if (n_bad > 0)
    {
      aiperf_run_add_bad_lines (run, n_bad);
      aiperf_run_add_warning (run,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%s: skipped %u malformed line (first: %s): %s",
                                           "%s: skipped %u malformed lines (first: %s): %s",
                                           n_bad),
                              base, n_bad, first_bad->str, message);
    }
  aiperf_run_set_gpu_telemetry (run, table);
  aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_TELEMETRY);
  return TRUE;
}
