/* aiperf-requests-loader.c — reads profile_export.jsonl into the requests tables.
 *
 * Two threads (the caller and one helper) take turns reading the next
 * chunk of about 1 MiB, cut after its last newline, into a buffer of their
 * own, and parse it while the other reads; each chunk fills its own partial
 * tables, which are appended in file order at the end. read () rather than
 * a mapping: the page faults of mapping a 300 MB file cost three times the
 * copy (in a VM), and nothing of the file stays resident.
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
#include "aiperf-loaders-private.h"
#include "aiperf-requests-private.h"

#define CHUNK_BYTES   (1u << 20)
#define CHECK_LINES   2048
#define N_FIRST_BAD   3

typedef struct {
  const char        *begin, *end;
  AiperfRequestsPart profiling, warmup;
  guint              n_lines;
  guint              n_bad;
  guint              first_bad[N_FIRST_BAD];  /* chunk-relative, 1-based */
  const char        *first_message;
} Chunk;

typedef struct {
  int           fd;
  gsize         length;        /* of the file, for progress */
  GMutex        lock;          /* guards offset, chunks, read_errno */
  goffset       offset;        /* of the next chunk */
  GPtrArray    *chunks;        /* Chunk*, in file order */
  int           read_errno;
  gint          abort;         /* atomic */
  gsize         bytes_done;    /* atomic, for progress */
  GCancellable *cancellable;
} Job;

static const char *
last_newline (const char *text,
              gsize       length)
{
  /* memrchr is a GNU extension; a line is a few kB */
  for (const char *p = text + length; p > text; p--)
    if (p[-1] == '\n')
      return p - 1;
  return NULL;
}

/* Reads the next chunk into *buf (grown as needed), cut after its last
 * newline. Returns the chunk, or NULL at the end of the file or on error. */
static Chunk *
read_chunk (Job     *job,
            char   **buf,
            gsize   *cap,
            gsize   *length)
{
  Chunk *chunk = NULL;
  gsize have = 0;

  g_mutex_lock (&job->lock);
  while (job->read_errno == 0)
    {
      gssize n = pread (job->fd, *buf + have, *cap - have, job->offset + (goffset) have);
      const char *nl;

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          job->read_errno = errno;
          break;
        }
      have += (gsize) n;
      if (n == 0 || have < *cap)
        {
          /* the end of the file: the last line needs no newline */
          if (have == 0)
            break;
          *length = have;
        }
      else if ((nl = last_newline (*buf, have)) != NULL)
        *length = (gsize) (nl - *buf) + 1;
      else
        {
          /* one line longer than the buffer */
          *buf = g_realloc (*buf, *cap *= 2);
          continue;
        }
      chunk = g_new0 (Chunk, 1);
      g_ptr_array_add (job->chunks, chunk);
      job->offset += (goffset) *length;
      break;
    }
  g_mutex_unlock (&job->lock);
  return chunk;
}

static void
parse_chunk (Job                  *job,
             Chunk                *chunk,
             AiperfRequestsParser *parser,
             gboolean              report,
             AiperfProgressFunc    progress,
             gpointer              progress_data)
{
  const char *p = chunk->begin, *last_report = chunk->begin;

  aiperf_requests_part_init (&chunk->profiling);
  aiperf_requests_part_init (&chunk->warmup);
  while (p < chunk->end)
    {
      const char *nl = memchr (p, '\n', (gsize) (chunk->end - p));
      const char *line_end = nl != NULL ? nl : chunk->end;
      const char *message = NULL;

      chunk->n_lines++;
      if (!aiperf_requests_parse_line (parser, p, (gsize) (line_end - p),
                                       (double) chunk->n_lines,
                                       &chunk->profiling, &chunk->warmup, &message))
        {
          if (chunk->n_bad < N_FIRST_BAD)
            chunk->first_bad[chunk->n_bad] = chunk->n_lines;
          if (chunk->first_message == NULL)
            chunk->first_message = message;
          chunk->n_bad++;
        }
      p = nl != NULL ? nl + 1 : chunk->end;

      if (chunk->n_lines % CHECK_LINES == 0)
        {
          g_atomic_pointer_add (&job->bytes_done, (gssize) (p - last_report));
          last_report = p;
          if (g_cancellable_is_cancelled (job->cancellable))
            g_atomic_int_set (&job->abort, 1);
          if (g_atomic_int_get (&job->abort))
            return;
          if (report && progress != NULL)
            progress ((double) g_atomic_pointer_get (&job->bytes_done) / (double) job->length,
                      _("Reading requests"), progress_data);
        }
    }
  g_atomic_pointer_add (&job->bytes_done, (gssize) (p - last_report));
  /* a chunk holds ~150 long lines: report per chunk too */
  if (report && progress != NULL)
    progress ((double) g_atomic_pointer_get (&job->bytes_done) / (double) job->length,
              _("Reading requests"), progress_data);
}

static void
run_worker (Job               *job,
            gboolean           report,
            AiperfProgressFunc progress,
            gpointer           progress_data)
{
  AiperfRequestsParser *parser = aiperf_requests_parser_new ();
  gsize cap = CHUNK_BYTES, length = 0;
  char *buf = g_malloc (cap);

  for (;;)
    {
      Chunk *chunk;

      if (g_cancellable_is_cancelled (job->cancellable))
        g_atomic_int_set (&job->abort, 1);
      if (g_atomic_int_get (&job->abort) || (chunk = read_chunk (job, &buf, &cap, &length)) == NULL)
        break;
      chunk->begin = buf;
      chunk->end = buf + length;
      parse_chunk (job, chunk, parser, report, progress, progress_data);
      chunk->begin = chunk->end = NULL;
    }
  g_free (buf);
  aiperf_requests_parser_free (parser);
}

static gpointer
worker_thread (gpointer data)
{
  run_worker (data, FALSE, NULL, NULL);
  return NULL;
}

typedef struct {
  const gint64 *start;
  const double *line;
} SortData;

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const SortData *d = user_data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  gint64 si = d->start[i], sj = d->start[j];

  /* unknown start times (G_MININT64) go last */
  if (si != sj)
    {
      if (si == G_MININT64)
        return 1;
      if (sj == G_MININT64)
        return -1;
      return si < sj ? -1 : 1;
    }
  return d->line[i] < d->line[j] ? -1 : d->line[i] > d->line[j];
}

/* Appends the chunks' parts of one phase in file order, then sorts the rows
 * by start time. Returns the table and the first start (G_MININT64 when none). */
static AiperfTable *
merge_phase (Job    *job,
             gsize   offset,
             gint64 *first_start)
{
  AiperfTable *table = aiperf_table_new ();
  g_autoptr(GArray) start = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) end = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree guint *order = NULL;
  guint n, c_start, c_end, c_num, c_ts, c_s, c_e;
  SortData sd;

  for (guint i = 0; i < job->chunks->len; i++)
    {
      AiperfRequestsPart *part = G_STRUCT_MEMBER_P (g_ptr_array_index (job->chunks, i), offset);

      aiperf_table_append_table (table, part->table);
      g_array_append_vals (start, part->start_ns->data, part->start_ns->len);
      g_array_append_vals (end, part->end_ns->data, part->end_ns->len);
    }
  n = aiperf_table_get_n_rows (table);
  order = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    order[i] = i;
  sd.start = (const gint64 *) (void *) start->data;
  sd.line = aiperf_table_get_column (table, "file_line");
  if (n > 0)
    {
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      g_qsort_with_data (order, (gint) n, sizeof (guint), compare_rows, &sd);
      G_GNUC_END_IGNORE_DEPRECATIONS
      aiperf_table_permute_rows (table, order);
    }

  c_start = aiperf_table_ensure_column (table, "request_start_ns", "ns");
  c_end = aiperf_table_ensure_column (table, "request_end_ns", "ns");
  aiperf_table_ensure_column (table, "request_ack_ns", "ns");
  aiperf_table_ensure_column (table, "file_line", "");
  aiperf_table_ensure_column (table, "error_code", "");
  aiperf_table_ensure_column (table, "was_cancelled", "");
  c_num = aiperf_table_ensure_column (table, "request_number", "");
  c_ts = aiperf_table_ensure_column (table, "timestamp_s", "s");
  c_s = aiperf_table_ensure_column (table, "start_s", "s");
  c_e = aiperf_table_ensure_column (table, "end_s", "s");
  (void) c_start;
  (void) c_end;

  if (*first_start == G_MININT64 && n > 0)
    *first_start = g_array_index (start, gint64, order[0]);
  for (guint r = 0; r < n; r++)
    {
      gint64 s = g_array_index (start, gint64, order[r]);
      gint64 e = g_array_index (end, gint64, order[r]);

      aiperf_table_set (table, c_num, r, r);
      if (*first_start != G_MININT64 && s != G_MININT64)
        aiperf_table_set (table, c_s, r, aiperf_ns_diff_s (s, *first_start));
      if (*first_start != G_MININT64 && e != G_MININT64)
        {
          aiperf_table_set (table, c_e, r, aiperf_ns_diff_s (e, *first_start));
          aiperf_table_set (table, c_ts, r, aiperf_ns_diff_s (e, *first_start));
        }
    }
  return table;
}

static void
report_bad_lines (AiperfRun  *run,
                  const char *path,
                  Job        *job,
                  guint      *line_offsets)
{
  g_autoptr(GString) first = g_string_new (NULL);
  const char *message = NULL;
  guint n_bad = 0, n_listed = 0;
  g_autofree char *base = g_path_get_basename (path);

  for (guint i = 0; i < job->chunks->len; i++)
    {
      Chunk *c = g_ptr_array_index (job->chunks, i);

      for (guint k = 0; k < MIN (c->n_bad, N_FIRST_BAD) && n_listed < N_FIRST_BAD; k++, n_listed++)
        g_string_append_printf (first, "%s%u", n_listed > 0 ? ", " : "",
                                c->first_bad[k] + line_offsets[i]);
      if (message == NULL)
        message = c->first_message;
      n_bad += c->n_bad;
    }
  if (n_bad == 0)
    return;
  aiperf_run_add_bad_lines (run, n_bad);
  aiperf_run_add_warning (run,
                          g_dngettext (GETTEXT_PACKAGE,
                                       "%s: skipped %u malformed line (first: %s): %s",
                                       "%s: skipped %u malformed lines (first: %s): %s",
                                       n_bad),
                          base, n_bad, first->str, message);
}

static void
offset_lines (AiperfRequestsPart *part,
              guint               offset)
{
  int col = aiperf_table_find_column (part->table, "file_line");
  guint n = aiperf_table_get_n_rows (part->table);

  if (col < 0 || offset == 0)
    return;
  for (guint r = 0; r < n; r++)
    aiperf_table_set (part->table, (guint) col, r,
                      aiperf_table_get (part->table, (guint) col, r) + offset);
}

static void
chunk_free (gpointer data)
{
  Chunk *chunk = data;

  if (chunk->profiling.table != NULL)
    aiperf_requests_part_clear (&chunk->profiling);
  if (chunk->warmup.table != NULL)
    aiperf_requests_part_clear (&chunk->warmup);
  g_free (chunk);
}

gboolean
aiperf_load_requests_jsonl (AiperfRun          *run,
                            const char         *path,
                            GCancellable       *cancellable,
                            AiperfProgressFunc  progress,
                            gpointer            progress_data,
                            GError            **error)
{
  g_autoptr(AiperfTable) profiling = NULL;
  g_autoptr(AiperfTable) warmup = NULL;
  g_autofree guint *line_offsets = NULL;
  GThread *helper = NULL;
  Job job = { 0 };
  GStatBuf info;
  gint64 origin = G_MININT64;
  gboolean cancelled;
  int read_errno;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  job.fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (job.fd < 0 || fstat (job.fd, &info) != 0)
    {
      int saved = errno;

      if (job.fd >= 0)
        close (job.fd);
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                   _("%s: cannot read: %s"), path, g_strerror (saved));
      return FALSE;
    }
  posix_fadvise (job.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  job.length = MAX ((gsize) info.st_size, 1);
  job.cancellable = cancellable;
  job.chunks = g_ptr_array_new_with_free_func (chunk_free);
  g_mutex_init (&job.lock);

  if (progress != NULL)
    progress (0.0, _("Reading requests"), progress_data);
  if ((gsize) info.st_size > CHUNK_BYTES)
    helper = g_thread_new ("aiperf-jsonl", worker_thread, &job);
  run_worker (&job, TRUE, progress, progress_data);
  if (helper != NULL)
    g_thread_join (helper);
  close (job.fd);
  g_mutex_clear (&job.lock);
  read_errno = job.read_errno;

  cancelled = g_atomic_int_get (&job.abort) || g_cancellable_is_cancelled (cancellable);
  if (!cancelled && read_errno == 0)
    {
      guint offset = 0;

      line_offsets = g_new0 (guint, MAX (job.chunks->len, 1));
      for (guint i = 0; i < job.chunks->len; i++)
        {
          Chunk *chunk = g_ptr_array_index (job.chunks, i);

          line_offsets[i] = offset;
          offset_lines (&chunk->profiling, offset);
          offset_lines (&chunk->warmup, offset);
          offset += chunk->n_lines;
        }
      profiling = merge_phase (&job, G_STRUCT_OFFSET (Chunk, profiling), &origin);
      warmup = merge_phase (&job, G_STRUCT_OFFSET (Chunk, warmup), &origin);
      aiperf_run_set_requests (run, profiling);
      if (aiperf_table_get_n_rows (warmup) > 0)
        aiperf_run_set_warmup_requests (run, warmup);
      report_bad_lines (run, path, &job, line_offsets);
      aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_REQUESTS);
    }
  g_ptr_array_unref (job.chunks);

  if (cancelled)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("%s: loading was cancelled"), path);
      return FALSE;
    }
  if (read_errno != 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                   _("%s: cannot read: %s"), path, g_strerror (read_errno));
      return FALSE;
    }
  if (progress != NULL)
    progress (1.0, _("Reading requests"), progress_data);
  return TRUE;
}
