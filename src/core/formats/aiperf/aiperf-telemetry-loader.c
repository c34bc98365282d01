/* aiperf-telemetry-loader.c — reads gpu_telemetry_export.jsonl.
 *
 * One sample per GPU per scrape. Both layouts are read: the source URL under
 * "dcgm_url" (0.4–0.11, second key) or "telemetry_source_url" (later, last
 * key). Every field of telemetry_data becomes a column; counters such as
 * energy_consumption stay raw (cumulative), deltas are the plots' business.
 *
 * A long run's file is a few hundred MB: it is read through one 256 kB
 * buffer, strings stay views into the line (a GPU's names are copied once,
 * when it is first seen), a field finds its column through the previous
 * line's order, and the table is sized from the first line's length.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aiperf-error.h"
#include "aiperf-json-scan.h"
#include "aiperf-derived.h"
#include "aiperf-loaders-private.h"
#include "aiperf-metric-registry.h"
#include "aiperf-number-cast.h"

#define N_FIRST_BAD   3
#define READ_BYTES    (256u << 10)

/* A string member as a view into the line; absent or null: text NULL. */
typedef struct {
  const char *text;
  gsize       length;
  gboolean    escapes;
} View;

typedef struct {
  gint64  timestamp_ns;
  double  gpu_index;
  View    uuid, name, hostname, endpoint;
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
  s->uuid = s->name = s->hostname = s->endpoint = (View) { NULL, 0, FALSE };
  g_array_set_size (s->fields, 0);
}

static gboolean
scan_view (AiperfJsonScan *scan,
           View           *view)
{
  memset (view, 0, sizeof *view);
  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NULL)
    return aiperf_json_scan_null (scan);
  return aiperf_json_scan_string_view (scan, &view->text, &view->length, &view->escapes);
}

/* The decoded string in @buf when it fits, else newly allocated in *owned;
 * NULL for an absent or null member. */
static const char *
view_string (const View *view,
             char       *buf,
             gsize       size,
             char      **owned)
{
  if (view->text == NULL)
    return NULL;
  if (view->escapes || view->length >= size)
    return *owned = view->escapes ? aiperf_json_decode_string (view->text, view->length)
                                  : g_strndup (view->text, view->length);
  memcpy (buf, view->text, view->length);
  buf[view->length] = '\0';
  return buf;
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
        ok = scan_view (&scan, &s->uuid);
      else if (aiperf_json_key_is (key, len, "gpu_model_name"))
        ok = scan_view (&scan, &s->name);
      else if (aiperf_json_key_is (key, len, "hostname"))
        ok = scan_view (&scan, &s->hostname);
      else if (aiperf_json_key_is (key, len, "dcgm_url")
               || aiperf_json_key_is (key, len, "telemetry_source_url"))
        ok = scan_view (&scan, &s->endpoint);
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
  if (!have_ts || s->uuid.text == NULL)
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

/* Field k of a line is usually field k of the line before: its key is
 * compared with that one's before the hash table is asked. */
typedef struct {
  const char *key;      /* owned by the columns table */
  gsize       length;
  guint       column;
} CachedField;

static guint
field_column (AiperfTable *table,
              GHashTable  *columns,
              GArray      *cache,
              guint        k,
              const Field *f)
{
  CachedField *c;
  char buf[256];
  gpointer name, v;
  const AiperfMetricInfo *info;

  if (k >= cache->len)
    g_array_set_size (cache, k + 1);
  c = &g_array_index (cache, CachedField, k);
  if (c->key != NULL && c->length == f->length && memcmp (c->key, f->key, f->length) == 0)
    return c->column;
  if (f->length >= sizeof buf)
    return G_MAXUINT;
  memcpy (buf, f->key, f->length);
  buf[f->length] = '\0';
  if (!g_hash_table_lookup_extended (columns, buf, &name, &v))
    {
      info = aiperf_metric_registry_lookup (buf);
      v = GUINT_TO_POINTER (aiperf_table_ensure_column (table, buf, info != NULL ? info->unit : NULL));
      name = g_strdup (buf);
      g_hash_table_insert (columns, name, v);
    }
  *c = (CachedField) { name, f->length, GPOINTER_TO_UINT (v) };
  return c->column;
}

/* Rows the file will give, from its size and the first line's length,
 * plus a little. */
static guint
estimate_rows (gsize       file_size,
               const char *p,
               const char *end)
{
  const char *nl = memchr (p, '\n', (gsize) (end - p));
  gsize first = nl != NULL ? (gsize) (nl - p) + 1 : (gsize) (end - p);

  return (guint) MIN (file_size / MAX (first, 64) * 21 / 20 + 16, G_MAXUINT / 2);
}

/* A GPU as a line names it; rows refer to these by number until apply. */
typedef struct {
  char    *uuid, *endpoint, *name, *hostname;
  int      index;
  gboolean add;   /* FALSE when the GPU came with an equal pair before */
} Pair;

static void
pair_free (gpointer data)
{
  Pair *pair = data;

  g_free (pair->uuid);
  g_free (pair->endpoint);
  g_free (pair->name);
  g_free (pair->hostname);
  g_free (pair);
}

struct _AiperfTelemetryParse {
  char        *base;
  AiperfTable *table;     /* gpu_slot holds a pair number until apply */
  GArray      *stamps;    /* gint64 per row */
  GPtrArray   *pairs;     /* Pair, in the order first seen */
  guint        n_bad;
  GString     *first_bad;
  const char  *message;   /* static, of the first bad line */
};

void
aiperf_telemetry_parse_free (AiperfTelemetryParse *parse)
{
  if (parse == NULL)
    return;
  g_free (parse->base);
  g_clear_pointer (&parse->table, aiperf_table_unref);
  g_array_unref (parse->stamps);
  g_ptr_array_unref (parse->pairs);
  g_string_free (parse->first_bad, TRUE);
  g_free (parse);
}

static char *
view_dup (const View *view)
{
  if (view->text == NULL)
    return NULL;
  return view->escapes ? aiperf_json_decode_string (view->text, view->length)
                       : g_strndup (view->text, view->length);
}

/* The pair number of the line's (uuid, endpoint), added when new. A null
 * endpoint gets its own pair (its endpoint slot is -1) but names the GPU
 * only if no pair with an empty endpoint did: both count as "" there. */
static guint
line_pair (AiperfTelemetryParse *parse,
           GHashTable           *pairs,
           GHashTable           *gpus,
           GString              *key,
           const Sample         *s)
{
  char uuid_buf[128], ep_buf[256];
  g_autofree char *uuid_owned = NULL, *ep_owned = NULL;
  const char *uuid = view_string (&s->uuid, uuid_buf, sizeof uuid_buf, &uuid_owned);
  const char *endpoint = view_string (&s->endpoint, ep_buf, sizeof ep_buf, &ep_owned);
  gpointer found;
  Pair *pair;

  g_string_assign (key, uuid);
  g_string_append_c (key, '\x1f');
  g_string_append (key, endpoint != NULL ? endpoint : "");
  g_string_append_c (key, endpoint != NULL ? '+' : '-');
  if (g_hash_table_lookup_extended (pairs, key->str, NULL, &found))
    return GPOINTER_TO_UINT (found);
  g_hash_table_insert (pairs, g_strdup (key->str), GUINT_TO_POINTER (parse->pairs->len));
  pair = g_new0 (Pair, 1);
  pair->uuid = g_strdup (uuid);
  pair->endpoint = g_strdup (endpoint);
  pair->name = view_dup (&s->name);
  pair->hostname = view_dup (&s->hostname);
  /* NaN and out-of-range indexes are unknown; casting them is undefined. */
  pair->index = s->gpu_index >= 0 && s->gpu_index <= G_MAXINT ? (int) s->gpu_index : -1;
  g_string_truncate (key, key->len - 1);
  pair->add = g_hash_table_add (gpus, g_strdup (key->str));
  g_ptr_array_add (parse->pairs, pair);
  return parse->pairs->len - 1;
}

typedef struct {
  guint       line;
  guint       c_ts_ns, c_index, c_gpu;
  Sample      sample;
  GHashTable *columns;   /* field name → column */
  GHashTable *pairs;     /* uuid \x1f endpoint ± → pair number */
  GHashTable *gpus;      /* uuid \x1f endpoint → present */
  GArray     *cache;     /* CachedField per field position */
  GString    *key;
} LineState;

/* One line (without its newline) into @parse. */
static void
parse_line (AiperfTelemetryParse *parse,
            LineState            *st,
            const char           *p,
            const char           *line_end)
{
  AiperfJsonScan blank;
  const char *why = NULL;
  Sample *s = &st->sample;

  st->line++;
  aiperf_json_scan_init (&blank, p, (gsize) (line_end - p));
  if (aiperf_json_scan_at_end (&blank))
    return;
  s->timestamp_ns = 0;
  s->gpu_index = NAN;
  if (parse_sample (p, (gsize) (line_end - p), s, &why))
    {
      guint row = aiperf_table_append_row (parse->table);

      aiperf_table_set (parse->table, st->c_ts_ns, row, (double) s->timestamp_ns);
      aiperf_table_set (parse->table, st->c_index, row, s->gpu_index);
      aiperf_table_set (parse->table, st->c_gpu, row, line_pair (parse, st->pairs, st->gpus, st->key, s));
      for (guint i = 0; i < s->fields->len; i++)
        {
          const Field *f = &g_array_index (s->fields, Field, i);
          guint col = field_column (parse->table, st->columns, st->cache, i, f);

          if (col != G_MAXUINT)
            aiperf_table_set (parse->table, col, row, f->value);
        }
      g_array_append_val (parse->stamps, s->timestamp_ns);
    }
  else
    {
      if (parse->n_bad < N_FIRST_BAD)
        g_string_append_printf (parse->first_bad, "%s%u", parse->n_bad > 0 ? ", " : "", st->line);
      if (parse->message == NULL)
        parse->message = why;
      parse->n_bad++;
    }
  sample_clear (s);
}

static void
line_state_clear (LineState *st)
{
  g_hash_table_unref (st->columns);
  g_hash_table_unref (st->pairs);
  g_hash_table_unref (st->gpus);
  g_array_unref (st->cache);
  g_string_free (st->key, TRUE);
  g_array_unref (st->sample.fields);
}

AiperfTelemetryParse *
aiperf_telemetry_parse (const char    *path,
                        GCancellable  *cancellable,
                        GError       **error)
{
  AiperfTelemetryParse *parse;
  LineState st = { 0 };
  GStatBuf info;
  g_autofree char *buf = NULL;
  gsize cap = READ_BYTES, have = 0;
  gboolean eof = FALSE, reserved = FALSE;
  int fd, saved;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* read () into one small buffer, not a mapping: in a VM the page faults
   * of a mapping cost three times the copy, and nothing stays resident */
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0 || fstat (fd, &info) != 0)
    {
      saved = errno;
      if (fd >= 0)
        close (fd);
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                   _("%s: cannot read: %s"), path, g_strerror (saved));
      return NULL;
    }
  posix_fadvise (fd, 0, 0, POSIX_FADV_SEQUENTIAL);

  parse = g_new0 (AiperfTelemetryParse, 1);
  parse->base = g_path_get_basename (path);
  parse->table = aiperf_table_new ();
  parse->stamps = g_array_new (FALSE, FALSE, sizeof (gint64));
  parse->pairs = g_ptr_array_new_with_free_func (pair_free);
  parse->first_bad = g_string_new (NULL);
  st.c_ts_ns = aiperf_table_ensure_column (parse->table, "timestamp_ns", "ns");
  aiperf_table_ensure_column (parse->table, "timestamp_s", "s");
  st.c_index = aiperf_table_ensure_column (parse->table, "gpu_index", "");
  st.c_gpu = aiperf_table_ensure_column (parse->table, "gpu_slot", "");
  aiperf_table_ensure_column (parse->table, "endpoint_slot", "");
  st.columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st.pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st.gpus = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st.cache = g_array_new (FALSE, TRUE, sizeof (CachedField));
  st.key = g_string_new (NULL);
  st.sample.fields = g_array_new (FALSE, FALSE, sizeof (Field));
  buf = g_malloc (cap);

  while (!eof)
    {
      gssize n = read (fd, buf + have, cap - have);
      const char *p = buf, *end;

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          saved = errno;
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                       _("%s: cannot read: %s"), path, g_strerror (saved));
          goto fail;
        }
      eof = n == 0;
      have += (gsize) n;
      end = buf + have;
      if (!reserved && (have > 0 || eof))
        {
          aiperf_table_reserve (parse->table, estimate_rows ((gsize) info.st_size, buf, end));
          reserved = TRUE;
        }
      while (p < end)
        {
          const char *nl = memchr (p, '\n', (gsize) (end - p));

          if (nl == NULL && !eof)
            break;   /* the rest of this line is still in the file */
          parse_line (parse, &st, p, nl != NULL ? nl : end);
          p = nl != NULL ? nl + 1 : end;
        }
      have = (gsize) (end - p);
      memmove (buf, p, have);
      if (have == cap)
        buf = g_realloc (buf, cap *= 2);   /* a line longer than the buffer */
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto fail;
    }
  close (fd);
  line_state_clear (&st);
  aiperf_table_trim (parse->table);
  return parse;

fail:
  close (fd);
  line_state_clear (&st);
  aiperf_telemetry_parse_free (parse);
  return NULL;
}

void
aiperf_telemetry_parse_apply (AiperfTelemetryParse *parse,
                              AiperfRun            *run)
{
  g_autofree int *slots = NULL, *endpoints = NULL;
  guint n_rows, c_ts_s, c_gpu, c_ep;
  double *gpu_col;
  gint64 origin;
  double req_origin;

  g_return_if_fail (parse != NULL && parse->table != NULL);
  g_return_if_fail (AIPERF_IS_RUN (run));

  /* GPUs in the order the file names them first, as line by line would */
  slots = g_new (int, MAX (parse->pairs->len, 1));
  endpoints = g_new (int, MAX (parse->pairs->len, 1));
  for (guint i = 0; i < parse->pairs->len; i++)
    {
      Pair *pair = g_ptr_array_index (parse->pairs, i);

      if (pair->add)
        aiperf_run_add_gpu (run, pair->uuid, pair->index, pair->name, pair->hostname, pair->endpoint);
    }
  for (guint i = 0; i < parse->pairs->len; i++)
    {
      Pair *pair = g_ptr_array_index (parse->pairs, i);

      slots[i] = aiperf_run_find_gpu (run, pair->uuid);
      endpoints[i] = endpoint_slot (run, slots[i], pair->endpoint);
    }

  n_rows = aiperf_table_get_n_rows (parse->table);
  c_ts_s = aiperf_table_ensure_column (parse->table, "timestamp_s", "s");
  c_gpu = aiperf_table_ensure_column (parse->table, "gpu_slot", "");
  c_ep = aiperf_table_ensure_column (parse->table, "endpoint_slot", "");
  gpu_col = (double *) aiperf_table_get_column (parse->table, "gpu_slot");
  for (guint r = 0; r < n_rows; r++)
    {
      guint pair = (guint) gpu_col[r];

      aiperf_table_set (parse->table, c_gpu, r, slots[pair]);
      aiperf_table_set (parse->table, c_ep, r, endpoints[pair]);
    }

  req_origin = aiperf_requests_origin (aiperf_run_get_requests (run));
  if (!aiperf_double_to_int64 (req_origin, &origin))
    {
      origin = G_MAXINT64;
      req_origin = NAN;
    }
  if (isnan (req_origin))
    for (guint i = 0; i < parse->stamps->len; i++)
      origin = MIN (origin, g_array_index (parse->stamps, gint64, i));
  for (guint i = 0; i < parse->stamps->len; i++)
    {
      gint64 stamp = g_array_index (parse->stamps, gint64, i);
      gint64 delta;

      /* Exact in integers; stamps 2^63 apart would overflow, so those go
       * through doubles. */
      if (__builtin_sub_overflow (stamp, origin, &delta))
        aiperf_table_set (parse->table, c_ts_s, i, ((double) stamp - (double) origin) / 1e9);
      else
        aiperf_table_set (parse->table, c_ts_s, i, (double) delta / 1e9);
    }

  if (parse->n_bad > 0)
    {
      aiperf_run_add_bad_lines (run, parse->n_bad);
      aiperf_run_add_warning (run,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%s: skipped %u malformed line (first: %s): %s",
                                           "%s: skipped %u malformed lines (first: %s): %s",
                                           parse->n_bad),
                              parse->base, parse->n_bad, parse->first_bad->str, parse->message);
    }
  aiperf_run_set_gpu_telemetry (run, parse->table);
  aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_TELEMETRY);
}

gboolean
aiperf_load_telemetry_jsonl (AiperfRun    *run,
                             const char   *path,
                             GCancellable *cancellable,
                             GError      **error)
{
  AiperfTelemetryParse *parse;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  parse = aiperf_telemetry_parse (path, cancellable, error);
  if (parse == NULL)
    return FALSE;
  aiperf_telemetry_parse_apply (parse, run);
  aiperf_telemetry_parse_free (parse);
  return TRUE;
}
