/* aiperf-report-timeline-json.c — what report.html embeds of a trace's
 * timeline: per lane and nesting depth its slices (start, end, colour key,
 * name), per counter lane its samples, the keys' colours and names.
 *
 * Times are integer ns from the trace's start, exactly as the trace store
 * holds them. Up to MAX_SLICES every slice is embedded and the page merges
 * those shorter than a pixel itself, at whatever zoom; a larger trace is
 * embedded as the track model answers for a grid of pixel columns finer
 * than the page (slices shorter than a column merged into one mark per
 * column and row), and the note says so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-report-private.h"
#include "aiperf-timeline.h"
#include "aiperf-trace-store.h"

#define MAX_SLICES  60000
/* The coarsest grid a large trace is embedded at: 4× a wide page's pixels. */
#define MIN_COLUMNS 8000

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
  if (lane->n > MAX_SLICES)
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

static void
json_timeline (GString                    *out,
               AiperfReport               *report,
               const AiperfReportTimeline *timeline)
{
  const AiperfTrackModel *model = &timeline->model;
  const AiperfTrackModelVTable *vt = model->vtable;
  AiperfTraceStore *store = aiperf_run_get_dataset (timeline->run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  g_autoptr(GPtrArray) lanes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) names = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GPtrArray) name_list = g_ptr_array_new ();
  Lane shared = { NULL, names, name_list, 0 };
  guint total = aiperf_trace_store_get_n_slices (store), embedded;
  gint64 t0, t1, npp;

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
      g_hash_table_remove_all (names);
      g_ptr_array_set_size (name_list, 0);
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
  if (npp > 1)
    {
      /* Translators: a thinned timeline; %u: slices, %s: the column width ("2.5 µs") */
      g_autofree char *note = g_strdup_printf (_("%u slices, embedded as %u marks: slices shorter than %.3g µs "
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
                              AiperfReport *report)
{
  g_return_if_fail (out != NULL && report != NULL);

  g_string_append (out, ",\"timelines\":[");
  for (guint i = 0; i < report->timelines->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      json_timeline (out, report, g_ptr_array_index (report->timelines, i));
    }
  g_string_append_c (out, ']');
}
