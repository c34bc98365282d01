/* test-trace-split.c — the split reader (worker threads, a span of the
 * events array each) hands over exactly what one serial pass does: the same
 * events in the same order, the same skipped count, the same damage at the
 * same byte. Spans are made tiny so that every guess of where an event
 * starts is tried, the wrong ones too ("},{" inside strings, an event
 * larger than a span, elements that are not objects), on the real HTA
 * traces and on crafted text cut short at many places.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <zlib.h>

#include "aiperf-trace-private.h"

static const char *
or_dash (const char *text)
{
  return text != NULL ? text : "-";
}

static void
digest_event (const AiperfTraceEvent *e,
              gpointer                user_data)
{
  GString *out = user_data;

  g_string_append_printf (out, "%c|%s|%s|%" G_GINT64_FORMAT "|%" G_GINT64_FORMAT "|%.17g|%.17g|%s|%s|%s|%s|%"
                          G_GINT64_FORMAT "|%" G_GOFFSET_FORMAT "|%" G_GSIZE_FORMAT "|%" G_GINT64_FORMAT "|%s|%d|",
                          e->ph, or_dash (e->name), or_dash (e->cat), e->ts_ns, e->dur_ns, e->ts_us, e->dur_us,
                          or_dash (e->pid), or_dash (e->tid), or_dash (e->arg_name), or_dash (e->arg_labels),
                          e->sort_index, e->args_offset, e->args_len, e->correlation, or_dash (e->id),
                          e->bind_enclosing);
  /* Counters' args are read while loading: the split reader keeps them. */
  if (e->ph == 'C' && e->args != NULL)
    g_string_append_len (out, e->args, (gssize) e->args_len);
  g_string_append_c (out, '\n');
}

/* Everything a read of @path hands over and reports, as text. */
static char *
digest_read (const char *path,
             gsize       span)
{
  GString *out = g_string_new (NULL);
  AiperfTraceTotals totals;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  aiperf_trace_set_span_size (span);
  ok = aiperf_trace_read (path, digest_event, out, &totals, &error);
  aiperf_trace_set_span_size (0);
  g_string_append_printf (out, "ok %d skipped %u base %" G_GINT64_FORMAT " bytes %" G_GOFFSET_FORMAT " error %s\n",
                          ok, totals.n_skipped, totals.base_time_ns, totals.bytes,
                          error != NULL ? error->message : "-");
  aiperf_trace_source_free (totals.source);
  return g_string_free (out, FALSE);
}

/* The serial read of @path (spans larger than it) against split reads. */
static void
assert_same_as_serial (const char  *path,
                       const gsize *spans,
                       guint        n_spans)
{
  g_autofree char *serial = digest_read (path, G_MAXSIZE / 4);

  for (guint i = 0; i < n_spans; i++)
    {
      g_autofree char *split = digest_read (path, spans[i]);

      if (g_strcmp0 (serial, split) != 0)
        g_error ("%s with spans of %" G_GSIZE_FORMAT " bytes differs from the serial read", path, spans[i]);
    }
}

static char *
write_temp (const char *dir,
            const char *name,
            const char *text,
            gsize       length)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, (gssize) length, NULL));
  return path;
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = strchr (text, '\n'); p != NULL; p = strchr (p + 1, '\n'))
    n++;
  return n;
}

/* The real HTA traces, inflated: 1,348 and 71 events in spans of 401 and 4096 bytes. */
static void
test_real_traces (void)
{
  const char *files[] = { "simple_add_trace.json.gz", "triton_example.json.gz" };
  const guint n_events[] = { 1348, 71 };
  const gsize spans[] = { 401, 4096 };
  g_autofree char *dir = g_dir_make_tmp ("aiperf-split-XXXXXX", NULL);

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *gz = g_test_build_filename (G_TEST_DIST, "data", "trace", files[f], NULL);
      gzFile in = gzopen (gz, "rb");
      GString *text = g_string_new (NULL);
      g_autofree char *path = NULL;
      g_autofree char *digest = NULL;
      char buf[65536];
      int n;

      g_assert_nonnull (in);
      while ((n = gzread (in, buf, sizeof buf)) > 0)
        g_string_append_len (text, buf, n);
      gzclose (in);
      path = write_temp (dir, "real.json", text->str, text->len);
      assert_same_as_serial (path, spans, G_N_ELEMENTS (spans));
      /* Not vacuous: every event (as json.load counts them), and a line of totals. */
      digest = digest_read (path, 401);
      g_assert_cmpuint (count_lines (digest), ==, n_events[f] + 1);
      g_unlink (path);
      g_string_free (text, TRUE);
    }
  g_rmdir (dir);
}

/* Text where the "}," "{" guesses go wrong: inside names and args, in an
 * event larger than a span, after elements that are not objects. */
static GString *
tricky_trace (void)
{
  GString *text = g_string_new ("{\"schemaVersion\": 1, \"traceEvents\": [\n");

  for (guint i = 0; i < 40; i++)
    {
      g_string_append_printf (text,
                              "{\"ph\": \"X\", \"name\": \"op},{%u\", \"cat\": \"cpu_op\", \"pid\": 1, \"tid\": 1, "
                              "\"ts\": %u.5, \"dur\": 2, \"args\": {\"s\": \"}, {\\\"ph\\\": \\\"X\\\"}\", "
                              "\"correlation\": %u}},\n",
                              i, 10 * i, i);
      g_string_append_printf (text, "  {\"ph\": \"C\", \"name\": \"mem\", \"pid\": 1, \"ts\": %u, "
                                    "\"args\": {\"used\": %u, \"free\": 2.5}}  ,  ", 10 * i + 1, i);
      if (i % 7 == 3)
        {
          g_string_append (text, "7, \"},{\", [1, {\"a\": 2}],\n{\"ph\": \"B\", \"name\": \"big\", \"pid\": 1, \"tid\": 2, "
                                 "\"ts\": 1, \"args\": {\"blob\": \"");
          for (guint k = 0; k < 60; k++)
            g_string_append (text, "}, {\\\"ph\\\": 1},{");
          g_string_append (text, "\"}},\n");
        }
      g_string_append_printf (text, "{\"ph\": \"E\", \"pid\": \"1\", \"tid\": 2, \"ts\": %u}%s\n",
                              10 * i + 5, i + 1 < 40 ? "," : "");
    }
  g_string_append (text, "], \"traceName\": \"],[\", \"baseTimeNanoseconds\": 1700000000000000000}\n");
  return text;
}

static void
test_tricky_text (void)
{
  const gsize spans[] = { 1, 2, 7, 64, 333 };
  g_autofree char *dir = g_dir_make_tmp ("aiperf-split-XXXXXX", NULL);
  GString *text = tricky_trace ();
  g_autofree char *path = write_temp (dir, "tricky.json", text->str, text->len);
  g_autofree char *digest = digest_read (path, 7);

  assert_same_as_serial (path, spans, G_N_ELEMENTS (spans));
  /* Not vacuous: 40 X, 40 C, 6 B, 40 E; 18 elements that are not events;
   * the base time after the array. */
  g_assert_nonnull (strstr (digest, "X|op},{39|cpu_op|390500|"));
  g_assert_nonnull (strstr (digest, "{\"used\": 39, \"free\": 2.5}"));
  g_assert_nonnull (strstr (digest, "ok 1 skipped 18 base 1700000000000000000"));
  g_unlink (path);
  g_string_free (text, TRUE);
  g_rmdir (dir);
}

/* The same text cut short at 60 places, and damaged at 30 (a ':' made a
 * ';'): the same events before the damage, the same message and offset. */
static void
test_damaged_text (void)
{
  const gsize spans[] = { 7, 64 };
  g_autofree char *dir = g_dir_make_tmp ("aiperf-split-XXXXXX", NULL);
  GString *text = tricky_trace ();
  guint n_errors = 0;

  for (guint cut = 1; cut <= 60; cut++)
    {
      g_autofree char *path = write_temp (dir, "cut.json", text->str, text->len * cut / 61);
      g_autofree char *digest = digest_read (path, 64);

      assert_same_as_serial (path, spans, G_N_ELEMENTS (spans));
      n_errors += strstr (digest, "error -") == NULL;
      g_unlink (path);
    }
  for (guint k = 1; k <= 30; k++)
    {
      g_autofree char *damaged = g_strndup (text->str, text->len);
      char *colon = strchr (damaged + text->len * k / 31, ':');
      g_autofree char *path = NULL;

      if (colon == NULL)
        continue;
      *colon = ';';
      path = write_temp (dir, "damaged.json", damaged, text->len);
      assert_same_as_serial (path, spans, G_N_ELEMENTS (spans));
      g_unlink (path);
    }
  /* Most cuts end inside an event (the rest between events: an open array). */
  g_assert_cmpuint (n_errors, >, 30);
  g_string_free (text, TRUE);
  g_rmdir (dir);
}

/* A bare array whose closing bracket is missing (a tracer that crashed). */
static void
test_bare_open_array (void)
{
  const gsize spans[] = { 1, 5, 40 };
  g_autofree char *dir = g_dir_make_tmp ("aiperf-split-XXXXXX", NULL);
  GString *text = g_string_new ("[");
  g_autofree char *path = NULL;
  g_autofree char *digest = NULL;

  for (guint i = 0; i < 50; i++)
    g_string_append_printf (text, "{\"ph\": \"X\", \"name\": \"k%u\", \"cat\": \"kernel\", \"pid\": 0, \"tid\": 7, "
                                  "\"ts\": %u, \"dur\": 3},\n", i, 4 * i);
  path = write_temp (dir, "open.json", text->str, text->len);
  assert_same_as_serial (path, spans, G_N_ELEMENTS (spans));
  digest = digest_read (path, 5);
  g_assert_nonnull (strstr (digest, "X|k49|kernel|196000|3000|"));
  g_assert_nonnull (strstr (digest, "ok 1 skipped 0"));
  g_unlink (path);
  g_string_free (text, TRUE);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-split/real-traces", test_real_traces);
  g_test_add_func ("/trace-split/tricky-text", test_tricky_text);
  g_test_add_func ("/trace-split/damaged-text", test_damaged_text);
  g_test_add_func ("/trace-split/bare-open-array", test_bare_open_array);
  return g_test_run ();
}
