/* aiperf-requests-loader.c — reads profile_export.jsonl into the requests tables.
 *
 * The file is mapped, cut at newlines into chunks of a few MiB, and parsed
 * by two threads (the caller and one helper) that take chunks in turn; each
 * chunk fills its own partial tables, which are appended in file order at
 * the end. Pages already parsed are handed back to the kernel so a 300 MB
 * file does not stay resident.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-requests-private.h"

#define CHUNK_BYTES   (4u << 20)
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
  const char   *data;
  gsize         length;
  Chunk        *chunks;
  guint         n_chunks;
  gint          next_chunk;    /* atomic */
  gint          abort;         /* atomic */
  gsize         bytes_done;    /* atomic, for progress */
  GCancellable *cancellable;
} Job;

static void
release_pages (const char *begin,
               const char *end)
{
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  guintptr a = ((guintptr) begin + page - 1) & ~(guintptr) (page - 1);
  guintptr b = (guintptr) end & ~(guintptr) (page - 1);

  /* A read-only private mapping: the pages stay in the page cache. */
  if (b > a)
    madvise ((void *) a, b - a, MADV_DONTNEED);
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
  release_pages (chunk->begin, chunk->end);
  /* a chunk holds ~700 long lines: report per chunk too */
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

  for (;;)
    {
      gint i = g_atomic_int_add (&job->next_chunk, 1);

      if (g_cancellable_is_cancelled (job->cancellable))
        g_atomic_int_set (&job->abort, 1);
      if (i >= (gint) job->n_chunks || g_atomic_int_get (&job->abort))
        break;
      parse_chunk (job, &job->chunks[i], parser, report, progress, progress_data);
    }
  aiperf_requests_parser_free (parser);
}

static gpointer
worker_thread (gpointer data)
{
  run_worker (data, FALSE, NULL, NULL);
  return NULL;
}

static void
split_chunks (Job *job)
{
  GArray *chunks = g_array_new (FALSE, TRUE, sizeof (Chunk));
  const char *p = job->data, *end = job->data + job->length;

  while (p < end)
    {
      Chunk chunk = { 0 };
      const char *cut = (gsize) (end - p) > CHUNK_BYTES ? p + CHUNK_BYTES : end;

      if (cut < end)
        {
          const char *nl = memchr (cut, '\n', (gsize) (end - cut));
          cut = nl != NULL ? nl + 1 : end;
        }
      chunk.begin = p;
      chunk.end = cut;
      g_array_append_val (chunks, chunk);
      p = cut;
    }
  job->n_chunks = chunks->len;
  job->chunks = (Chunk *) (void *) g_array_free (chunks, FALSE);
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

  for (guint i = 0; i < job->n_chunks; i++)
    {
      AiperfRequestsPart *part = G_STRUCT_MEMBER_P (&job->chunks[i], offset);

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

  for (guint i = 0; i < job->n_chunks; i++)
    {
      Chunk *c = &job->chunks[i];

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

gboolean
aiperf_load_requests_jsonl (AiperfRun          *run,
                            const char         *path,
                            GCancellable       *cancellable,
                            AiperfProgressFunc  progress,
                            gpointer            progress_data,
                            GError            **error)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(AiperfTable) profiling = NULL;
  g_autoptr(AiperfTable) warmup = NULL;
  g_autofree guint *line_offsets = NULL;
  GThread *helper = NULL;
  Job job = { 0 };
  gint64 origin = G_MININT64;
  gboolean cancelled;

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
  job.length = g_mapped_file_get_length (file);
  job.data = job.length > 0 ? g_mapped_file_get_contents (file) : "";
  job.cancellable = cancellable;
  split_chunks (&job);

  if (progress != NULL)
    progress (0.0, _("Reading requests"), progress_data);
  if (job.n_chunks > 1)
    helper = g_thread_new ("aiperf-jsonl", worker_thread, &job);
  run_worker (&job, TRUE, progress, progress_data);
  if (helper != NULL)
    g_thread_join (helper);

  cancelled = g_atomic_int_get (&job.abort) || g_cancellable_is_cancelled (cancellable);
  if (!cancelled)
    {
      guint offset = 0;

      line_offsets = g_new0 (guint, MAX (job.n_chunks, 1));
      for (guint i = 0; i < job.n_chunks; i++)
        {
          line_offsets[i] = offset;
          offset_lines (&job.chunks[i].profiling, offset);
          offset_lines (&job.chunks[i].warmup, offset);
          offset += job.chunks[i].n_lines;
        }
      profiling = merge_phase (&job, G_STRUCT_OFFSET (Chunk, profiling), &origin);
      warmup = merge_phase (&job, G_STRUCT_OFFSET (Chunk, warmup), &origin);
      aiperf_run_set_requests (run, profiling);
      if (aiperf_table_get_n_rows (warmup) > 0)
        aiperf_run_set_warmup_requests (run, warmup);
      report_bad_lines (run, path, &job, line_offsets);
      aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_REQUESTS);
    }

  for (guint i = 0; i < job.n_chunks; i++)
    {
      if (job.chunks[i].profiling.table != NULL)
        aiperf_requests_part_clear (&job.chunks[i].profiling);
      if (job.chunks[i].warmup.table != NULL)
        aiperf_requests_part_clear (&job.chunks[i].warmup);
    }
  g_free (job.chunks);

  if (cancelled)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("%s: loading was cancelled"), path);
      return FALSE;
    }
  if (progress != NULL)
    progress (1.0, _("Reading requests"), progress_data);
  return TRUE;
}
