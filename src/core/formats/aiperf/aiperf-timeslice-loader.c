/* aiperf-timeslice-loader.c — per-slice statistics from the time-slice exports.
 *
 * The JSON export carries full precision and is preferred; the CSV (values
 * rounded to two decimals, metrics by display name) is the fallback.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-json-scan.h"
#include "aiperf-loaders-private.h"
#include "aiperf-metric-registry.h"
#include "aiperf-summary-private.h"

static double
duration_from_parameters (AiperfRun *run)
{
  const char *keys[] = { "output.slice_duration", "artifacts.slice_duration" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *text = aiperf_run_get_parameter (run, keys[i]);
      char *end = NULL;
      double v;

      if (text == NULL)
        continue;
      v = g_ascii_strtod (text, &end);
      if (end != text && isfinite (v) && v > 0)
        return v;
    }
  return NAN;
}

/* Every metric keeps an array up to its last slice, so a few hostile bytes
 * naming slice 999,999 of many metrics would take gigabytes. The cells kept
 * (metrics × slices) are bounded by the values read: a real export has about
 * a dozen per cell, so four per cell plus some slack is never in its way. */
#define CELLS_PER_VALUE 4
#define FREE_CELLS      65536

static gboolean
cells_in_budget (guint64 n_metrics,
                 guint64 n_slices,
                 guint64 n_values)
{
  return n_metrics * n_slices <= CELLS_PER_VALUE * n_values + FREE_CELLS;
}

static void
set_too_sparse_error (GError    **error,
                      const char *base,
                      guint       index)
{
  g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
               _("%s: time slice %u is far beyond the data in the file; is it damaged?"),
               base, index);
}

/* ---- the JSON export, streamed ----
 *
 * 16 000 slices make a JSON file of ~50 MB; a json-glib tree of it took
 * seconds and several hundred MB. The scanner walks the mapped file once,
 * keeps one slice's metrics at a time, and hands the pages it has read
 * back to the kernel as it goes. */

#define RELEASE_BYTES (8u << 20)

typedef struct {
  char        tag[128];
  char       *unit;
  AiperfStats stats;
  gboolean    any;
} SliceMetric;

typedef struct {
  AiperfJsonScan    scan;
  AiperfTimeslices *ts;
  GArray           *metrics;     /* SliceMetric of the slice being read */
  const char       *released;    /* pages before this are given back */
  double            duration[2]; /* output, artifacts */
  GHashTable       *tags;        /* distinct metrics kept, for the cell budget */
  guint64           n_values;
  guint64           n_slices;
  gboolean          too_sparse;  /* stopped: see cells_in_budget () */
  guint             sparse_index;
} Reader;

static void
release_read_pages (Reader *r)
{
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  guintptr a = ((guintptr) r->released + page - 1) & ~(guintptr) (page - 1);
  guintptr b = (guintptr) r->scan.p & ~(guintptr) (page - 1);

  if (b <= a || b - a < RELEASE_BYTES)
    return;
  /* a read-only private mapping: the pages stay in the page cache */
  madvise ((void *) a, b - a, MADV_DONTNEED);
  r->released = (const char *) b;
}

/* A key as a NUL-terminated string in @buf; FALSE when it does not fit. */
static gboolean
key_text (const char *key,
          gsize       length,
          char       *buf,
          gsize       size)
{
  if (memchr (key, '\\', length) != NULL)
    {
      g_autofree char *decoded = aiperf_json_decode_string (key, length);

      return g_strlcpy (buf, decoded, size) < size;
    }
  if (length >= size)
    return FALSE;
  memcpy (buf, key, length);
  buf[length] = '\0';
  return TRUE;
}

/* A number or a boolean, as json_node_get_double () reads them; NaN
 * (consumed) for anything else. FALSE on a syntax error. */
static gboolean
scan_value_as_double (AiperfJsonScan *scan,
                      double         *out)
{
  AiperfJsonNumber n;
  gboolean b;

  *out = NAN;
  switch (aiperf_json_scan_peek (scan))
    {
    case AIPERF_JSON_NUMBER:
      if (!aiperf_json_scan_number (scan, &n))
        return FALSE;
      *out = n.is_int ? (double) n.i : n.d;
      return TRUE;
    case AIPERF_JSON_BOOL:
      if (!aiperf_json_scan_bool (scan, &b))
        return FALSE;
      *out = b ? 1 : 0;
      return TRUE;
    default:
      return aiperf_json_scan_skip (scan);
    }
}

/* {"unit": "ms", "avg": …, "p50": …}: unknown members are skipped. */
static gboolean
read_metric (Reader      *r,
             SliceMetric *m)
{
  const char *key;
  gsize length;
  guint count = 0;

  aiperf_stats_init_nan (&m->stats);
  m->unit = NULL;
  m->any = FALSE;
  aiperf_json_scan_begin_object (&r->scan);
  while (aiperf_json_scan_next_key (&r->scan, &count, &key, &length))
    {
      char name[32];
      AiperfStat stat;
      double v;

      if (aiperf_json_key_is (key, length, "unit") &&
          aiperf_json_scan_peek (&r->scan) == AIPERF_JSON_STRING)
        {
          g_free (m->unit);
          if (!aiperf_json_scan_string_or_null (&r->scan, &m->unit))
            return FALSE;
          continue;
        }
      if (!key_text (key, length, name, sizeof name) || !aiperf_stat_from_string (name, &stat))
        {
          if (!aiperf_json_scan_skip (&r->scan))
            return FALSE;
          continue;
        }
      if (!scan_value_as_double (&r->scan, &v))
        return FALSE;
      /* null and strings are not numbers: the stat stays NaN */
      if (!isnan (v))
        {
          m->stats.v[stat] = v;
          m->any = TRUE;
        }
    }
  return r->scan.error == NULL;
}

static void
clear_metrics (GArray *metrics)
{
  for (guint i = 0; i < metrics->len; i++)
    g_free (g_array_index (metrics, SliceMetric, i).unit);
  g_array_set_size (metrics, 0);
}

static gboolean
read_slice (Reader *r,
            guint   position)
{
  const char *key;
  gsize length;
  guint count = 0, index = position;

  clear_metrics (r->metrics);
  aiperf_json_scan_begin_object (&r->scan);
  while (aiperf_json_scan_next_key (&r->scan, &count, &key, &length))
    {
      AiperfJsonType type = aiperf_json_scan_peek (&r->scan);

      if (aiperf_json_key_is (key, length, "timeslice_index") &&
          (type == AIPERF_JSON_NUMBER || type == AIPERF_JSON_BOOL))
        {
          double v;

          if (!scan_value_as_double (&r->scan, &v))
            return FALSE;
          index = position;
          /* json_node_get_int () truncates a fraction */
          if (v >= 0 && v < 1000000)
            index = (guint) v;
        }
      else if (type == AIPERF_JSON_OBJECT)
        {
          SliceMetric m = { { 0 } };

          if (!key_text (key, length, m.tag, sizeof m.tag))
            {
              if (!aiperf_json_scan_skip (&r->scan))
                return FALSE;
              continue;
            }
          if (!read_metric (r, &m))
            {
              g_free (m.unit);
              return FALSE;
            }
          g_array_append_val (r->metrics, m);
        }
      else if (!aiperf_json_scan_skip (&r->scan))
        return FALSE;
    }
  if (r->scan.error != NULL)
    return FALSE;
  for (guint i = 0; i < r->metrics->len; i++)
    {
      SliceMetric *m = &g_array_index (r->metrics, SliceMetric, i);

      const char *tag;

      if (!m->any)
        continue;
      tag = aiperf_metric_registry_canonical_tag (m->tag);
      for (guint s = 0; s < AIPERF_N_STATS; s++)
        r->n_values += !isnan (m->stats.v[s]);
      r->n_slices = MAX (r->n_slices, (guint64) index + 1);
      if (!g_hash_table_contains (r->tags, tag))
        g_hash_table_add (r->tags, g_strdup (tag));
      if (!cells_in_budget (g_hash_table_size (r->tags), r->n_slices, r->n_values))
        {
          r->too_sparse = TRUE;
          r->sparse_index = index;
          return FALSE;
        }
      aiperf_timeslices_set_stats (r->ts, tag, m->unit, index, &m->stats);
    }
  return TRUE;
}

static gboolean
read_slices (Reader *r)
{
  guint count = 0;

  aiperf_json_scan_begin_array (&r->scan);
  while (aiperf_json_scan_next_element (&r->scan, &count))
    {
      gboolean ok = aiperf_json_scan_peek (&r->scan) == AIPERF_JSON_OBJECT
                    ? read_slice (r, count - 1)
                    : aiperf_json_scan_skip (&r->scan);

      if (!ok)
        return FALSE;
      release_read_pages (r);
    }
  return r->scan.error == NULL;
}

/* input_config: {"output" or "artifacts": {"slice_duration": seconds}} */
static gboolean
read_config (Reader *r)
{
  const char *key;
  gsize length;
  guint count = 0;

  aiperf_json_scan_begin_object (&r->scan);
  while (aiperf_json_scan_next_key (&r->scan, &count, &key, &length))
    {
      int section = aiperf_json_key_is (key, length, "output") ? 0
                    : aiperf_json_key_is (key, length, "artifacts") ? 1 : -1;
      guint inner = 0;

      if (section < 0 || aiperf_json_scan_peek (&r->scan) != AIPERF_JSON_OBJECT)
        {
          if (!aiperf_json_scan_skip (&r->scan))
            return FALSE;
          continue;
        }
      r->duration[section] = NAN;
      aiperf_json_scan_begin_object (&r->scan);
      while (aiperf_json_scan_next_key (&r->scan, &inner, &key, &length))
        {
          gboolean ok = aiperf_json_key_is (key, length, "slice_duration")
                        ? scan_value_as_double (&r->scan, &r->duration[section])
                        : aiperf_json_scan_skip (&r->scan);

          if (!ok)
            return FALSE;
        }
      if (r->scan.error != NULL)
        return FALSE;
    }
  return r->scan.error == NULL;
}

static guint
line_of (const char *start,
         const char *at)
{
  guint line = 1;

  for (const char *p = start; p < at; p++)
    line += *p == '\n';
  return line;
}

static gboolean
load_json (AiperfTimeslices *ts,
           const char       *path,
           GError          **error)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *base = g_path_get_basename (path);
  Reader r = { { 0 } };
  const char *text;
  const char *key;
  gsize length, key_length;
  guint count = 0;
  gboolean have_slices = FALSE, ok = TRUE;

  file = g_mapped_file_new (path, FALSE, &local_error);
  if (file == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: %s"), base, local_error->message);
      return FALSE;
    }
  length = g_mapped_file_get_length (file);
  text = length > 0 ? g_mapped_file_get_contents (file) : "";
  if (length > 0)
    madvise ((void *) ((guintptr) text & ~(guintptr) (sysconf (_SC_PAGESIZE) - 1)),
             length, MADV_SEQUENTIAL);
  aiperf_json_scan_init (&r.scan, text, length);
  /* An empty or blank file is no export at all, not a broken one. */
  if (aiperf_json_scan_at_end (&r.scan))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected an object with a \"timeslices\" list"), base);
      return FALSE;
    }
  r.ts = ts;
  r.metrics = g_array_new (FALSE, FALSE, sizeof (SliceMetric));
  r.released = text;
  r.duration[0] = r.duration[1] = NAN;
  r.tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (aiperf_json_scan_peek (&r.scan) == AIPERF_JSON_OBJECT)
    {
      aiperf_json_scan_begin_object (&r.scan);
      while (ok && aiperf_json_scan_next_key (&r.scan, &count, &key, &key_length))
        {
          AiperfJsonType type = aiperf_json_scan_peek (&r.scan);

          if (aiperf_json_key_is (key, key_length, "timeslices") && type == AIPERF_JSON_ARRAY)
            {
              ok = read_slices (&r);
              have_slices = TRUE;
            }
          else if (aiperf_json_key_is (key, key_length, "input_config") && type == AIPERF_JSON_OBJECT)
            ok = read_config (&r);
          else
            {
              /* a "timeslices" that is not a list is no time-slice export */
              if (aiperf_json_key_is (key, key_length, "timeslices"))
                have_slices = FALSE;
              ok = aiperf_json_scan_skip (&r.scan);
            }
        }
    }
  else
    aiperf_json_scan_skip (&r.scan);
  clear_metrics (r.metrics);
  g_array_unref (r.metrics);
  g_hash_table_unref (r.tags);

  if (r.too_sparse)
    {
      set_too_sparse_error (error, base, r.sparse_index);
      return FALSE;
    }
  if (r.scan.error != NULL || !aiperf_json_scan_at_end (&r.scan))
    {
      const char *at = r.scan.error_at != NULL ? r.scan.error_at : r.scan.p;

      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: line %u: %s"), base,
                   line_of (text, MIN (at, text + length)),
                   r.scan.error != NULL ? r.scan.error : "unexpected text after the JSON value");
      return FALSE;
    }
  if (!have_slices)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected an object with a \"timeslices\" list"), base);
      return FALSE;
    }
  aiperf_timeslices_set_slice_duration (ts, !isnan (r.duration[0]) ? r.duration[0] : r.duration[1]);
  aiperf_timeslices_set_full_precision (ts, TRUE);
  return TRUE;
}

static gboolean
load_csv (AiperfTimeslices *ts,
          const char       *path,
          GError          **error)
{
  g_autofree char *text = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) acc = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 n_values = 0, n_slices = 0;
  gsize length;
  GHashTableIter iter;
  gpointer key, value;

  if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: %s"), base, local_error->message);
      return FALSE;
    }
  /* Metric names and units end up in labels: GTK and Pango take UTF-8 only. */
  if (!g_utf8_validate_len (text, length, NULL))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                   _("%s: the text is not valid UTF-8"), base);
      return FALSE;
    }
  rows = aiperf_csv_parse (text, length, base, error);
  if (rows == NULL)
    return FALSE;
  for (guint i = 1; i < rows->len; i++)
    {
      AiperfCsvRow *row = g_ptr_array_index (rows, i);
      const AiperfMetricInfo *info;
      AiperfStat stat;
      char *end = NULL;
      gint64 index;
      double v;
      char *k;
      AiperfStats *stats;

      if (row->n_fields < 5)
        continue;
      index = g_ascii_strtoll (row->fields[0], &end, 10);
      if (end == row->fields[0] || index < 0 || index >= 1000000)
        continue;
      v = g_ascii_strtod (row->fields[4], &end);
      if (end == row->fields[4] || !aiperf_stat_from_string (row->fields[3], &stat))
        continue;
      info = aiperf_metric_registry_lookup_display_name (row->fields[1]);
      /* key: index \x1f tag \x1f unit, so one metric's stats of one slice meet */
      k = g_strdup_printf ("%" G_GINT64_FORMAT "\x1f%s\x1f%s", index,
                           info != NULL ? info->tag : row->fields[1], row->fields[2]);
      stats = g_hash_table_lookup (acc, k);
      if (stats == NULL)
        {
          stats = g_new (AiperfStats, 1);
          aiperf_stats_init_nan (stats);
          g_hash_table_insert (acc, k, stats);
        }
      else
        g_free (k);
      stats->v[stat] = v;
      n_values++;
      n_slices = MAX (n_slices, (guint64) index + 1);
      if (!g_hash_table_contains (tags, info != NULL ? info->tag : row->fields[1]))
        g_hash_table_add (tags, g_strdup (info != NULL ? info->tag : row->fields[1]));
      if (!cells_in_budget (g_hash_table_size (tags), n_slices, n_values))
        {
          set_too_sparse_error (error, base, (guint) index);
          return FALSE;
        }
    }
  g_hash_table_iter_init (&iter, acc);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_auto(GStrv) parts = g_strsplit (key, "\x1f", 3);

      aiperf_timeslices_set_stats (ts, parts[1], parts[2], (guint) g_ascii_strtoull (parts[0], NULL, 10),
                                   value);
    }
  aiperf_timeslices_set_full_precision (ts, FALSE);
  return TRUE;
}

AiperfTimeslices *
aiperf_timeslices_load_file (const char *directory,
                             GError    **error)
{
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  g_autoptr(AiperfTimeslices) ts = NULL;
  gboolean ok;

  g_return_val_if_fail (directory != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  json = g_build_filename (directory, AIPERF_FILE_TIMESLICES_JSON, NULL);
  csv = g_build_filename (directory, AIPERF_FILE_TIMESLICES_CSV, NULL);
  ts = aiperf_timeslices_new ();
  if (g_file_test (json, G_FILE_TEST_IS_REGULAR))
    ok = load_json (ts, json, error);
  else if (g_file_test (csv, G_FILE_TEST_IS_REGULAR))
    ok = load_csv (ts, csv, error);
  else
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND,
                   _("%s: no time-slice export"), directory);
      return NULL;
    }
  return ok ? g_steal_pointer (&ts) : NULL;
}

gboolean
aiperf_load_timeslices (AiperfRun  *run,
                        const char *directory,
                        GError    **error)
{
  g_autoptr(AiperfTimeslices) ts = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);
  g_return_val_if_fail (directory != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ts = aiperf_timeslices_load_file (directory, error);
  if (ts == NULL)
    return FALSE;
  aiperf_timeslices_apply (run, ts);
  return TRUE;
}

void
aiperf_timeslices_apply (AiperfRun        *run,
                         AiperfTimeslices *ts)
{
  g_return_if_fail (AIPERF_IS_RUN (run));
  g_return_if_fail (ts != NULL);

  if (isnan (aiperf_timeslices_get_slice_duration (ts)))
    aiperf_timeslices_set_slice_duration (ts, duration_from_parameters (run));
  aiperf_run_set_timeslices (run, ts);
  aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_TIMESLICES);
}
