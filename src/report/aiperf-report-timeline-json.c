/* aiperf-report-timeline-json.c — what report.html embeds of a trace's
 * timeline: per lane and nesting depth its slices (start, end, colour key,
 * name), per counter lane its samples, the keys' colours and names.
 *
 * Times are integer ns from the trace's start, exactly as the trace store
 * holds them. Up to MAX_SLICES every slice is embedded and the page merges
 * those shorter than a pixel itself, at whatever zoom; a larger trace is
 * embedded as the track model answers for a grid of pixel columns finer
 * than the page (slices shorter than a column merged into one mark per
 * column and row), and the note says so. Such a trace also gets a finer
 * level, in a <script> of its own the page reads only when the reader
 * zooms in past the grid: every slice when the report's FINE_MARKS allow,
 * else the finest grid that fits them; compact (base64 integers: starts as
 * differences, durations, keys, names).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-report-private.h"
#include "aiperf-timeline.h"
#include "aiperf-trace-store.h"

#define MAX_SLICES  60000
/* The coarsest grid a large trace is embedded at: 4× a wide page's pixels. */
#define MIN_COLUMNS 8000
/* The finer levels' marks in all of a report's traces (about 15 bytes
 * each: 3 MB). */
#define FINE_MARKS  200000

typedef struct {
  GArray *start, *end;   /* gint64 */
  GArray *key, *name;    /* guint; name -1: merged slices */
  GArray *count;         /* guint: slices in the mark */
} Row;

typedef struct {
  GPtrArray  *rows;      /* Row*, by depth */
  GHashTable *names;     /* const char* (the model's) → index + 1 */
  GPtrArray  *name_list; /* const char* */
  guint       n;         /* marks emitted */
  guint       limit;     /* marks kept at most */
} Lane;

static void
row_free (Row *row)
{
  g_array_unref (row->start);
  g_array_unref (row->end);
  g_array_unref (row->key);
  g_array_unref (row->name);
  g_array_unref (row->count);
  g_free (row);
}

static void
collect_slice (gint64      start,
               gint64      end,
               guint       depth,
               guint       key,
               const char *name,
               guint       count,
               guint       n_matched,
               gpointer    user_data)
{
  Lane *lane = user_data;
  Row *row;
  int index = -1;

  (void) n_matched;
  lane->n++;
  if (lane->n > lane->limit)
    return;
  while (lane->rows->len <= depth)
    {
      row = g_new0 (Row, 1);
      row->start = g_array_new (FALSE, FALSE, sizeof (gint64));
      row->end = g_array_new (FALSE, FALSE, sizeof (gint64));
      row->key = g_array_new (FALSE, FALSE, sizeof (guint));
      row->name = g_array_new (FALSE, FALSE, sizeof (int));
      row->count = g_array_new (FALSE, FALSE, sizeof (guint));
      g_ptr_array_add (lane->rows, row);
    }
  row = g_ptr_array_index (lane->rows, depth);
  if (name != NULL)
    {
      index = GPOINTER_TO_INT (g_hash_table_lookup (lane->names, name)) - 1;
      if (index < 0)
        {
          index = (int) lane->name_list->len;
          g_ptr_array_add (lane->name_list, (gpointer) name);
          g_hash_table_insert (lane->names, (gpointer) name, GINT_TO_POINTER (index + 1));
        }
    }
  g_array_append_val (row->start, start);
  g_array_append_val (row->end, end);
  g_array_append_val (row->key, key);
  g_array_append_val (row->name, index);
  g_array_append_val (row->count, count);
}

typedef struct {
  GArray *t;                /* gint64 */
  GArray *v, *lo, *hi;      /* double */
} Samples;

static void
collect_sample (gint64   start,
                double   last,
                double   min,
                double   max,
                gpointer user_data)
{
  Samples *s = user_data;

  g_array_append_val (s->t, start);
  g_array_append_val (s->v, last);
  g_array_append_val (s->lo, min);
  g_array_append_val (s->hi, max);
}

static void
json_ints (GString    *out,
           const char *key,
           GArray     *values,
           gboolean    wide)
{
  g_string_append_printf (out, "\"%s\":[", key);
  for (guint i = 0; i < values->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      if (wide)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, g_array_index (values, gint64, i));
      else
        g_string_append_printf (out, "%d", g_array_index (values, int, i));
    }
  g_string_append_c (out, ']');
}

static void
json_doubles (GString    *out,
              const char *key,
              GArray     *values)
{
  aiperf_report_json_key (out, key);
  aiperf_report_json_numbers (out, (const double *) values->data, values->len, 1);
}

static void
json_rgba (GString    *out,
           AiperfRGBA  c)
{
  g_string_append_printf (out, "\"#%02x%02x%02x\"", (int) lround (CLAMP (c.r, 0, 1) * 255),
                          (int) lround (CLAMP (c.g, 0, 1) * 255), (int) lround (CLAMP (c.b, 0, 1) * 255));
}

/* Queries every lane of @model at @npp into @lanes; the marks it took. */
static guint
query_all (const AiperfTrackModel *model,
           gint64                  t0,
           gint64                  t1,
           gint64                  npp,
           Lane                   *shared,
           GPtrArray              *lanes)
{
  const AiperfTrackModelVTable *vt = model->vtable;
  guint n = 0;

  g_ptr_array_set_size (lanes, 0);
  shared->n = 0;
  for (guint l = 0; l < vt->n_lanes (model->self); l++)
    {
      GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
      double lo, hi;

      g_ptr_array_add (lanes, rows);
      if (vt->counter_range != NULL && vt->counter_range (model->self, l, &lo, &hi))
        continue;
      shared->rows = rows;
      vt->query (model->self, l, t0, t1 + 1, npp, NULL, collect_slice, shared);
    }
  n = shared->n;
  return n;
}

/* @values (non-negative integers below 2^53) in base64 as little-endian
 * integers of the fewest bytes that hold them all (1, 2 or 4), else as
 * 8-byte floats: ,"KEY8" / "KEY16" / "KEY32" / "KEYf64":"…". */
static void
json_base64_ints (GString      *out,
                  const char   *key,
                  const gint64 *values,
                  guint         n)
{
  gint64 lo = 0, hi = 0;
  guint width;
  g_autofree guchar *bytes = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < n; i++)
    {
      lo = MIN (lo, values[i]);
      hi = MAX (hi, values[i]);
    }
  width = lo < 0 || hi > G_MAXUINT32 ? 8 : hi > G_MAXUINT16 ? 4 : hi > G_MAXUINT8 ? 2 : 1;
  bytes = g_malloc (MAX ((gsize) n * width, 1));
  for (guint i = 0; i < n; i++)
    {
      guint64 le;

      if (width == 8)
        {
          union { double d; guint64 u; } w = { .d = (double) values[i] };

          le = GUINT64_TO_LE (w.u);
        }
      else
        le = GUINT64_TO_LE ((guint64) values[i]);
      /* the low bytes of a little-endian integer are its first */
      memcpy (bytes + (gsize) i * width, &le, width);
    }
  text = g_base64_encode (bytes, (gsize) n * width);
  g_string_append_printf (out, ",\"%s%s\":\"%s\"", key,
                          width == 8 ? "f64" : width == 4 ? "32" : width == 2 ? "16" : "8", text);
}

/* A row of a finer level: starts as differences from the one before,
 * durations, keys, names + 1 (0: a merged mark) and, on a grid, how many
 * slices each mark merges. */
static void
json_fine_row (GString *out,
               Row     *row,
               gboolean counts)
{
  guint n = row->start->len;
  g_autofree gint64 *v = g_new (gint64, MAX (n, 1));
  gint64 before = 0;

  g_string_append_printf (out, "{\"n\":%u", n);
  for (guint i = 0; i < n; i++)
    {
      v[i] = g_array_index (row->start, gint64, i) - before;
      before = g_array_index (row->start, gint64, i);
    }
  json_base64_ints (out, "start", v, n);
  for (guint i = 0; i < n; i++)
    v[i] = g_array_index (row->end, gint64, i) - g_array_index (row->start, gint64, i);
  json_base64_ints (out, "dur", v, n);
  for (guint i = 0; i < n; i++)
    v[i] = g_array_index (row->key, guint, i);
  json_base64_ints (out, "key", v, n);
  for (guint i = 0; i < n; i++)
    v[i] = g_array_index (row->name, int, i) + 1;
  json_base64_ints (out, "name", v, n);
  if (counts)
    {
      for (guint i = 0; i < n; i++)
        v[i] = g_array_index (row->count, guint, i);
      json_base64_ints (out, "count", v, n);
    }
  g_string_append_c (out, '}');
}

/* The finer level of a timeline embedded on a grid: its slice lanes' rows
 * (a counter lane: null), queried at @npp, into @fine_out as
 * <script type="application/json" id="@ref">. */
static void
json_fine_level (GString    *fine_out,
                 const char *ref,
                 GPtrArray  *lanes,
                 gint64      npp)
{
  g_string_append_printf (fine_out, "<script type=\"application/json\" id=\"%s\">{\"lanes\":[", ref);
  for (guint l = 0; l < lanes->len; l++)
    {
      GPtrArray *rows = g_ptr_array_index (lanes, l);

      if (l > 0)
        g_string_append_c (fine_out, ',');
      if (rows->len == 0)
        {
          g_string_append (fine_out, "null");
          continue;
        }
      g_string_append (fine_out, "{\"rows\":[");
      for (guint d = 0; d < rows->len; d++)
        {
          if (d > 0)
            g_string_append_c (fine_out, ',');
          json_fine_row (fine_out, g_ptr_array_index (rows, d), npp > 1);
        }
      g_string_append (fine_out, "]}");
    }
  g_string_append (fine_out, "]}</script>\n");
}

/* The finest grid, from 1 ns (every slice) up, whose marks @budget holds;
 * 0 when only one as coarse as @coarse would (the grid embedded is all
 * there is). @lanes holds its marks. */
static gint64
fine_columns (const AiperfTrackModel *model,
              gint64                  t0,
              gint64                  t1,
              gint64                  coarse,
              guint                   budget,
              Lane                   *shared,
              GPtrArray              *lanes)
{
  gint64 npp = 1;

  while (npp < coarse && query_all (model, t0, t1, npp, shared, lanes) > budget)
    npp *= 2;
  return npp < coarse ? npp : 0;
}

static void
json_timeline (GString                    *out,
               GString                    *fine_out,
               guint                      *fine_budget,
               AiperfReport               *report,
               const AiperfReportTimeline *timeline)
{
  const AiperfTrackModel *model = &timeline->model;
  const AiperfTrackModelVTable *vt = model->vtable;
  AiperfTraceStore *store = aiperf_run_get_dataset (timeline->run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  g_autoptr(GPtrArray) lanes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) fine_lanes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) names = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GPtrArray) name_list = g_ptr_array_new ();
  g_autofree char *fine_ref = NULL;
  Lane shared = { NULL, names, name_list, 0, MAX_SLICES };
  guint total = aiperf_trace_store_get_n_slices (store), embedded, fine_marks = 0;
  gint64 t0, t1, npp, fine_npp = 0;

  vt->extent (model->self, &t0, &t1);
  /* every slice, else the finest grid of pixel columns that keeps it
   * small: doubled from a page's pixels until it fits, then halved while
   * it still does */
  embedded = query_all (model, t0, t1, 1, &shared, lanes);
  npp = 1;
  if (embedded > MAX_SLICES)
    {
      gint64 fits;

      for (fits = MAX (2, (t1 - t0) / MIN_COLUMNS); query_all (model, t0, t1, fits, &shared, lanes) > MAX_SLICES;)
        fits *= 2;
      while (fits > 1 && query_all (model, t0, t1, fits / 2, &shared, lanes) <= MAX_SLICES)
        fits /= 2;
      npp = fits;
      /* the finer level's names first: the grid's named marks are slices
       * it holds too, so both share one list */
      shared.limit = *fine_budget;
      if (fine_out != NULL)
        fine_npp = fine_columns (model, t0, t1, npp, *fine_budget, &shared, fine_lanes);
      g_hash_table_remove_all (names);
      g_ptr_array_set_size (name_list, 0);
      if (fine_npp > 0)
        {
          fine_marks = query_all (model, t0, t1, fine_npp, &shared, fine_lanes);
          *fine_budget -= fine_marks;
          fine_ref = g_strdup_printf ("%s-fine", timeline->id);
          json_fine_level (fine_out, fine_ref, fine_lanes, fine_npp);
        }
      shared.limit = MAX_SLICES;
      embedded = query_all (model, t0, t1, npp, &shared, lanes);
    }

  g_string_append (out, "{\"id\":");
  aiperf_report_json_string (out, timeline->id);
  g_string_append (out, ",\"title\":");
  aiperf_report_json_string (out, timeline->title);
  for (guint r = 0; r < aiperf_run_set_get_n_runs (report->runs); r++)
    if (aiperf_run_set_get_run (report->runs, r) == timeline->run)
      g_string_append_printf (out, ",\"run\":%u", r);
  g_string_append_printf (out, ",\"extent\":[%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT "],\"slices\":%u,"
                               "\"embedded\":%u,\"ns_per_column\":%" G_GINT64_FORMAT,
                          t0, t1, total, embedded, npp);
  if (fine_ref != NULL)
    g_string_append_printf (out, ",\"fine\":{\"ref\":\"%s\",\"marks\":%u,\"ns_per_column\":%" G_GINT64_FORMAT "}",
                            fine_ref, fine_marks, fine_npp);
  if (npp > 1)
    {
      g_autofree char *note = NULL;

      if (fine_npp == 1)
        /* Translators: a thinned timeline whose every slice shows zoomed in; %u: slices, %.3g: µs */
        note = g_strdup_printf (_("%u slices, drawn as %u marks until zoomed in: slices shorter than %.3g µs "
                                  "merged into one mark per %.3g µs column. Zoomed in further, every slice."),
                                total, embedded, npp / 1000.0, npp / 1000.0);
      else if (fine_npp > 1)
        /* Translators: a thinned timeline with a finer level; %u: slices, %.3g: µs */
        note = g_strdup_printf (_("%u slices, embedded as %u marks: slices shorter than %.3g µs merged into one "
                                  "mark per %.3g µs column, zoomed in per %.3g µs. The window and timeline.png "
                                  "draw every slice."),
                                total, embedded, npp / 1000.0, npp / 1000.0, fine_npp / 1000.0);
      else
        /* Translators: a thinned timeline; %u: slices, %s: the column width ("2.5 µs") */
        note = g_strdup_printf (_("%u slices, embedded as %u marks: slices shorter than %.3g µs "
                                  "merged into one mark per %.3g µs column. The window and "
                                  "timeline.png draw every slice."),
                                total, embedded, npp / 1000.0, npp / 1000.0);
      g_string_append (out, ",\"note\":");
      aiperf_report_json_string (out, note);
    }
  g_string_append (out, ",\"keys\":[");
  for (guint k = 0; k < vt->n_keys (model->self); k++)
    {
      g_string_append (out, k > 0 ? ",{\"name\":" : "{\"name\":");
      aiperf_report_json_string (out, vt->key_name (model->self, k));
      g_string_append (out, ",\"color\":");
      json_rgba (out, aiperf_timeline_key_rgba (model, k));
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\"names\":[");
  for (guint i = 0; i < name_list->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      aiperf_report_json_string (out, g_ptr_array_index (name_list, i));
    }
  g_string_append (out, "],\"lanes\":[");
  for (guint l = 0; l < lanes->len; l++)
    {
      GPtrArray *rows = g_ptr_array_index (lanes, l);
      double lo, hi;

      g_string_append (out, l > 0 ? ",{\"name\":" : "{\"name\":");
      aiperf_report_json_string (out, vt->lane_name (model->self, l));
      if (vt->counter_range != NULL && vt->counter_range (model->self, l, &lo, &hi))
        {
          Samples s = { g_array_new (FALSE, FALSE, sizeof (gint64)), g_array_new (FALSE, FALSE, sizeof (double)),
                        g_array_new (FALSE, FALSE, sizeof (double)), g_array_new (FALSE, FALSE, sizeof (double)) };

          vt->counter_query (model->self, l, t0, t1, npp, collect_sample, &s);
          g_string_append (out, ",\"counter\":{\"min\":");
          aiperf_report_json_number (out, lo);
          g_string_append (out, ",\"max\":");
          aiperf_report_json_number (out, hi);
          g_string_append (out, ",\"color\":");
          json_rgba (out, aiperf_timeline_counter_rgba (&report->style, l));
          g_string_append_c (out, ',');
          json_ints (out, "t", s.t, TRUE);
          g_string_append_c (out, ',');
          json_doubles (out, "v", s.v);
          g_string_append_c (out, ',');
          json_doubles (out, "lo", s.lo);
          g_string_append_c (out, ',');
          json_doubles (out, "hi", s.hi);
          g_string_append (out, "}}");
          g_array_unref (s.t);
          g_array_unref (s.v);
          g_array_unref (s.lo);
          g_array_unref (s.hi);
          continue;
        }
      g_string_append (out, ",\"rows\":[");
      for (guint d = 0; d < rows->len; d++)
        {
          Row *row = g_ptr_array_index (rows, d);

          g_string_append (out, d > 0 ? ",{" : "{");
          json_ints (out, "start", row->start, TRUE);
          g_string_append_c (out, ',');
          json_ints (out, "end", row->end, TRUE);
          g_string_append_c (out, ',');
          json_ints (out, "key", row->key, FALSE);
          g_string_append_c (out, ',');
          json_ints (out, "name", row->name, FALSE);
          g_string_append_c (out, ',');
          json_ints (out, "count", row->count, FALSE);
          g_string_append_c (out, '}');
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "]}");
}

void
aiperf_report_json_timelines (GString      *out,
                              GString      *fine_out,
                              AiperfReport *report)
{
  guint fine_budget = FINE_MARKS;

  g_return_if_fail (out != NULL && report != NULL);

  g_string_append (out, ",\"timelines\":[");
  for (guint i = 0; i < report->timelines->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      json_timeline (out, fine_out, &fine_budget, report, g_ptr_array_index (report->timelines, i));
    }
  g_string_append_c (out, ']');
}
