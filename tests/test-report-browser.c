/* test-report-browser.c — report.html in headless Chromium, as a user
 * would open it: networking off, the page's own check run by the
 * #selftest fragment (draw every chart, change an axis, uncheck a run,
 * hover a point, make a PNG, add a chart), its result read from the DOM.
 *
 * Exit status 77 (skipped) only when no Chromium is installed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "aiperf-test-util.h"
#include "cli-test-util.h"
#include "gen-ab.h"

static char *tmp_root;
static char *chromium;

/* Opens @report at @fragment and returns the JSON the page writes into
 * its <pre id="@result">. */
static JsonObject *
open_page (const char *report,
           const char *fragment,
           const char *result,
           JsonParser *parser,
           char      **out_log)
{
  g_autofree char *uri = g_filename_to_uri (report, NULL, NULL);
  g_autofree char *target = g_strconcat (uri, fragment, NULL);
  g_autofree char *marker = g_strdup_printf ("<pre id=\"%s\">", result);
  g_autofree char *profile = g_build_filename (tmp_root, result, NULL);
  g_autofree char *user_dir = g_strconcat ("--user-data-dir=", profile, NULL);
  const char *argv[] = {
    chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    /* no network at all: every connection goes to a closed port, no name resolves */
    "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
    "--enable-logging=stderr", "--v=0", user_dir,
    "--virtual-time-budget=10000", "--window-size=1280,1024", "--dump-dom", target, NULL
  };
  g_autofree char *dom = NULL, *log = NULL, *json = NULL;
  g_autoptr(GError) error = NULL;
  const char *start, *end;
  int status = 0;

  g_test_message ("opening %s", target);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &dom, &log, &status, &error);
  g_assert_no_error (error);
  g_test_message ("chromium log:\n%s", log);
  start = strstr (dom, marker);
  if (start == NULL)
    g_error ("The page did not finish its check; DOM:\n%.2000s\nlog:\n%s", dom, log);
  start += strlen (marker);
  end = strstr (start, "</pre>");
  g_assert_nonnull (end);
  /* the DOM dump escapes the text of the <pre> */
  {
    GString *s = g_string_new_len (start, end - start);

    g_string_replace (s, "&quot;", "\"", 0);
    g_string_replace (s, "&lt;", "<", 0);
    g_string_replace (s, "&gt;", ">", 0);
    g_string_replace (s, "&amp;", "&", 0);
    json = g_string_free (s, FALSE);
  }
  g_test_message ("self-test: %s", json);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  *out_log = g_steal_pointer (&log);
  return json_node_get_object (json_parser_get_root (parser));
}

static JsonObject *
run_page (const char *report,
          JsonParser *parser,
          char      **out_log)
{
  return open_page (report, "#selftest", "selftest-result", parser, out_log);
}

/* Console errors Chromium logs for the page ("CONSOLE" lines of error
 * level, uncaught exceptions, refused requests). */
static void
assert_clean_console (const char *log)
{
  g_auto(GStrv) lines = g_strsplit (log, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "CONSOLE") != NULL &&
        (strstr (lines[i], "Uncaught") != NULL || strstr (lines[i], ":ERROR:") != NULL ||
         strstr (lines[i], "Refused") != NULL || strstr (lines[i], "Failed to load") != NULL))
      g_error ("console error: %s", lines[i]);
}

/* The view the self-test left (another axis, a run unchecked and checked,
 * types switched, log y, a zoom and a pan, a chart added) reopens from its
 * link the same: every chart's view, items drawn and ranges, the runs
 * checked. */
static void
assert_link_reopens (const char *report,
                     JsonObject *result)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *fragment = g_strconcat (json_object_get_string_member (result, "link"), "&check", NULL);
  g_autofree char *log = NULL, *before = NULL, *after = NULL;
  JsonObject *reopened;
  JsonNode *node;

  g_assert_true (g_str_has_prefix (fragment, "#view="));
  reopened = open_page (report, fragment, "view-result", parser, &log);
  node = json_object_get_member (result, "view");
  json_generator_set_root (gen, node);
  before = json_generator_to_data (gen, NULL);
  json_generator_set_root (gen, json_object_get_member (reopened, "view"));
  after = json_generator_to_data (gen, NULL);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (node)), >, 1);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (reopened, "problems")), ==, 0);
  g_assert_cmpstr (after, ==, before);
}

static void
test_multi_run (void)
{
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit", "plot",
                                                  "fixtures", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "multi", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *log = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *result, *axis, *toggle, *hover, *added;
  Result r;

  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);

  result = run_page (report, parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  /* every chart is live, and its SVG is still in the page */
  g_assert_cmpint (json_object_get_int_member (result, "charts"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (result, "cards"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (result, "canvases"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (result, "svgs"), ==, 4);
  /* runs with metrics: each chart's pickers, the range filter, "Add chart" */
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (result, "page_controls"), "range"));
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (result, "page_controls"), "add"));
  g_assert_true (json_array_get_boolean_element (json_array_get_array_element (json_object_get_array_member (result,
                                                                                                           "toolbars"), 0), 1));
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (result, "titles"), 2), ==,
                   "TTFT vs Throughput");

  /* another y metric: the axis follows, the three runs stay */
  axis = json_object_get_object_member (result, "axis");
  g_assert_cmpstr (json_object_get_string_member (axis, "before"), ==, "Output Token Throughput Per GPU");
  g_assert_cmpstr (json_object_get_string_member (axis, "after"), !=, "Output Token Throughput Per GPU");
  g_assert_cmpint (json_object_get_int_member (axis, "points"), ==, 3);

  /* unchecking qwen_concurrency1 removes its point, checking it brings it back */
  toggle = json_object_get_object_member (result, "toggle");
  g_assert_cmpint (json_object_get_int_member (toggle, "before"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (toggle, "after"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (toggle, "restored"), ==, 3);

  /* hover: the window's tooltip lines (series, x, y, label, run) */
  hover = json_object_get_object_member (result, "hover");
  g_assert_true (json_object_get_boolean_member (hover, "visible"));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (hover, "text"), "Qwen/Qwen3-0.6B\n"));
  g_assert_nonnull (strstr (json_object_get_string_member (hover, "text"), "\nConcurrency: 1\nRun: qwen_concurrency1"));
  g_assert_cmpint (json_object_get_int_member (result, "png"), >, 5000);

  /* the type switch: 3 runs as 3 bars, as one box (one group), back as drawn */
  {
    JsonObject *types = json_object_get_object_member (result, "types");

    g_assert_cmpstr (json_object_get_string_member (types, "bar"), ==, "bars:3");
    g_assert_cmpstr (json_object_get_string_member (types, "box"), ==, "boxes:1");
    g_assert_cmpstr (json_object_get_string_member (types, "line"), ==, "line:3 points:3");
  }
  /* log y, and a wheel step zooms in at the pointer */
  {
    JsonObject *zoom = json_object_get_object_member (result, "zoom");

    g_assert_true (json_object_get_boolean_member (zoom, "log"));
    g_assert_cmpfloat (json_object_get_double_member (zoom, "after"), <, json_object_get_double_member (zoom, "before"));
  }
  /* Shift+drag pans: 100 px of data, the zoom kept */
  {
    JsonObject *pan = json_object_get_object_member (result, "pan");
    JsonObject *zoom = json_object_get_object_member (result, "zoom");

    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (pan, "shift"), 100, 1);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (pan, "width"),
                                    json_object_get_double_member (zoom, "after"), 1e-6);
  }

  added = json_object_get_object_member (result, "added");
  g_assert_cmpint (json_object_get_int_member (added, "points"), ==, 3);

  assert_link_reopens (report, result);
}

static void
test_single_run (void)
{
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "examples", "artifacts",
                                                  "run1", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "single", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *log = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *result, *hover;
  Result r;

  cli_run (&r, h, "--html", "--theme", "dark", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);

  result = run_page (report, parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  g_assert_cmpint (json_object_get_int_member (result, "cards"), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (result, "titles"), 0), ==,
                   "TTFT Per Request Over Time");
  hover = json_object_get_object_member (result, "hover");
  g_assert_true (json_object_get_boolean_member (hover, "visible"));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (hover, "text"), "run1\nRequest Number: "));
  /* a chart added from the run's requests has one point per request */
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (result, "added"), "points"), >, 50);
}

/* Other kinds, generically: GEMM tables (roofline, heatmaps, horizontal
 * bars) and Nsight kernel summaries, every chart live without an error. */
static void
test_other_kinds (void)
{
  g_autofree char *gemm = g_test_build_filename (G_TEST_DIST, "data", "gemm", NULL);
  g_autofree char *nsight = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "kinds", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *log = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *result;
  JsonArray *titles;
  gboolean roofline = FALSE, kernels = FALSE;
  Result r;

  cli_run (&r, h, "--html", "-o", out, gemm, nsight, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);

  result = run_page (report, parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  g_assert_cmpint (json_object_get_int_member (result, "charts"), >=, 8);
  g_assert_cmpint (json_object_get_int_member (result, "canvases"), ==, json_object_get_int_member (result, "cards"));
  titles = json_object_get_array_member (result, "titles");
  for (guint i = 0; i < json_array_get_length (titles); i++)
    {
      const char *title = json_array_get_string_element (titles, i);

      roofline |= g_str_has_prefix (title, "Roofline");
      kernels |= g_str_equal (title, "Top Kernels by Total Time");
    }
  g_assert_true (roofline);
  g_assert_true (kernels);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (result, "hover"), "visible"));
}

/* The sum of what a card's live chart draws (what) over its layers of
 * @kind (NULL: all): counts[].layers are [kind, drawn live, drawn by
 * aiperf-plot]. */
static gint64
card_items (JsonObject *card,
            const char *kind,
            guint       what)
{
  JsonArray *layers = json_object_get_array_member (card, "layers");
  gint64 n = 0;

  for (guint i = 0; i < json_array_get_length (layers); i++)
    {
      JsonArray *layer = json_array_get_array_element (layers, i);

      if (kind == NULL || g_str_equal (json_array_get_string_element (layer, 0), kind))
        n += json_array_get_int_element (layer, what);
    }
  return n;
}

static JsonObject *
card_titled (JsonArray  *counts,
             const char *title,
             guint       nth)
{
  for (guint i = 0; i < json_array_get_length (counts); i++)
    {
      JsonObject *card = json_array_get_object_element (counts, i);

      if (g_str_equal (json_object_get_string_member (card, "title"), title) && nth-- == 0)
        return card;
    }
  g_error ("no live chart titled %s", title);
  return NULL;
}

/* Every kind in one report (issue 21): each live chart draws, layer by
 * layer, exactly the items aiperf-plot drew in its SVG; with every run
 * unchecked only items that belong to a run go (a GEMM row, a kernel
 * category, an expert, an iteration or a counter sample is not a run). */
static void
test_every_kind (void)
{
  g_autofree char *serving = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit", "plot",
                                                    "fixtures", NULL);
  g_autofree char *vllm = g_test_build_filename (G_TEST_DIST, "data", "formats", "vllm", "ccl", NULL);
  g_autofree char *cutile = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", "real", NULL);
  g_autofree char *gemm = g_test_build_filename (G_TEST_DIST, "data", "gemm", "tracelens", "h100", NULL);
  g_autofree char *nsight = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", NULL);
  g_autofree char *gates = g_test_build_filename (G_TEST_DIST, "data", "gate-logs", "ccl", NULL);
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "report", "steps_counters.pt.trace.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "every-kind", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *log = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *result;
  JsonArray *counts, *hidden, *restored;
  Result r;

  cli_run (&r, h, "--html", "-o", out, serving, vllm, cutile, gemm, nsight, gates, trace, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);

  result = run_page (report, parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  g_assert_cmpint (json_object_get_int_member (result, "canvases"), ==, json_object_get_int_member (result, "cards"));

  /* layer by layer, the live chart draws what the SVG draws */
  counts = json_object_get_array_member (result, "counts");
  g_assert_cmpuint (json_array_get_length (counts), >=, 30);
  for (guint i = 0; i < json_array_get_length (counts); i++)
    {
      JsonObject *card = json_array_get_object_element (counts, i);
      JsonArray *layers = json_object_get_array_member (card, "layers");

      for (guint l = 0; l < json_array_get_length (layers); l++)
        {
          JsonArray *layer = json_array_get_array_element (layers, l);

          if (json_array_get_int_element (layer, 1) != json_array_get_int_element (layer, 2))
            g_error ("%s (%s), layer %u (%s): %" G_GINT64_FORMAT " drawn live, %" G_GINT64_FORMAT " in the SVG",
                     json_object_get_string_member (card, "name"), json_object_get_string_member (card, "title"), l,
                     json_array_get_string_element (layer, 0), json_array_get_int_element (layer, 1),
                     json_array_get_int_element (layer, 2));
        }
    }
  /* what each fixture holds: 5 GEMM measurements (1 fp32, 4 bf16), each
   * ringed; 6 kernel categories in each of two Nsight summaries; 4
   * experts in each of two gate-log runs over 5 steps; 20 ProfilerStep
   * iterations and 40 counter samples in the trace */
  g_assert_cmpint (card_items (card_titled (counts, "Roofline", 0), "points", 1), ==, 10);
  g_assert_cmpint (card_items (card_titled (counts, "Kernel Time by Category", 0), "bars", 1), ==, 12);
  g_assert_cmpint (card_items (card_titled (counts, "Tokens per Expert", 0), "bars", 1), ==, 8);
  g_assert_cmpint (card_items (card_titled (counts, "Per-Step Coefficient of Variation", 0), "line", 1), ==, 10);
  g_assert_cmpint (card_items (card_titled (counts, "Elapsed Time per Iteration", 0), "bars", 1), ==, 20);
  g_assert_cmpint (card_items (card_titled (counts, "Counters", 0), "step", 1), ==, 40);
  g_assert_cmpint (card_items (card_titled (counts, "Kernel Time by Category", 1), "bars", 1), ==, 4);

  /* a vLLM sweep moves its points a little aside on x (8 drawn at 7.9):
   * the hover says what the run says, max_num_seqs 8 */
  {
    JsonArray *hovers = json_object_get_array_member (result, "hovers");
    gboolean seen = FALSE;

    for (guint i = 0; i < json_array_get_length (counts); i++)
      if (g_str_equal (json_object_get_string_member (json_array_get_object_element (counts, i), "name"),
                       "ttft_vs_max_num_seqs"))
        {
          g_assert_true (g_str_has_prefix (json_array_get_string_element (hovers, i), "Baseline\nMax Num Seqs: 8\n"));
          /* its error bars are its runs' too: with every run unchecked,
           * nothing of it is left */
          g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (
                             json_object_get_array_member (result, "hidden"), i), 0), ==, 0);
          seen = TRUE;
        }
    g_assert_true (seen);
  }

  /* every run unchecked: a chart of runs empties, a chart of other items
   * keeps every one; checked again, all come back */
  hidden = json_object_get_array_member (result, "hidden");
  restored = json_object_get_array_member (result, "restored");
  g_assert_cmpuint (json_array_get_length (hidden), ==, json_array_get_length (counts));
  for (guint i = 0; i < json_array_get_length (counts); i++)
    {
      JsonObject *card = json_array_get_object_element (counts, i);
      JsonArray *pair = json_array_get_array_element (hidden, i);
      gint64 all = card_items (card, NULL, 1);

      g_assert_cmpint (json_array_get_int_element (pair, 0), ==, json_array_get_int_element (pair, 1));
      if (!g_str_equal (json_object_get_string_member (card, "id_kind"), "run"))
        g_assert_cmpint (json_array_get_int_element (pair, 0), ==, all);
      g_assert_cmpint (json_array_get_int_element (restored, i), ==, all);
    }
  g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (hidden, 0), 0), ==, 0);

  assert_link_reopens (report, result);
}

/* A trace's timeline, live (issue 21, item 6): HTA's simple_add trace;
 * its first event hovered names it with its lane, start and duration; a
 * search finds the 7 slices whose names hold "PyTorch" and dims the rest;
 * the wheel zooms in at the pointer and a drag pans by what it dragged. */
static void
test_timeline (void)
{
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "data", "trace", "simple_add_trace.json.gz", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "timeline", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *log = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *result, *timeline, *first, *search, *zoom, *pan, *drawn;
  Result r;

  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);

  result = run_page (report, parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "timelines")), ==, 1);
  /* a trace has no run metrics: no metric pickers, no metric-range filter,
   * no "Add chart"; log scales only on axes of numbers (the kernel names
   * of the horizontal bars are on y) */
  g_assert_false (json_object_get_boolean_member (json_object_get_object_member (result, "page_controls"), "range"));
  g_assert_false (json_object_get_boolean_member (json_object_get_object_member (result, "page_controls"), "add"));
  {
    JsonArray *toolbars = json_object_get_array_member (result, "toolbars");
    gboolean top_kernels = FALSE;

    g_assert_cmpuint (json_array_get_length (toolbars), >, 0);
    for (guint i = 0; i < json_array_get_length (toolbars); i++)
      {
        JsonArray *t = json_array_get_array_element (toolbars, i);

        g_assert_false (json_array_get_boolean_element (t, 1));
        if (g_str_equal (json_array_get_string_element (t, 0), "Top Kernels by Total Time"))
          {
            top_kernels = TRUE;
            g_assert_true (json_array_get_boolean_element (t, 2));
            g_assert_false (json_array_get_boolean_element (t, 3));
          }
      }
    g_assert_true (top_kernels);
  }
  timeline = json_array_get_object_element (json_object_get_array_member (result, "timelines"), 0);
  g_assert_cmpint (json_object_get_int_member (timeline, "slices"), ==, 840);
  g_assert_cmpint (json_object_get_int_member (timeline, "lanes"), ==, 7);
  /* the whole trace drawn: boxes for slices of a pixel or more, a mark
   * per pixel column for the rest, names in the boxes wide enough */
  drawn = json_object_get_object_member (timeline, "drawn");
  g_assert_cmpint (json_object_get_int_member (drawn, "boxes"), >, 10);
  g_assert_cmpint (json_object_get_int_member (drawn, "merged"), >, 10);
  g_assert_cmpint (json_object_get_int_member (drawn, "labels"), >, 5);
  /* its first event: ts 1694039968933321 µs, dur 41602354 µs */
  first = json_object_get_object_member (timeline, "first");
  g_assert_cmpstr (json_object_get_string_member (first, "name"), ==, "PyTorch Profiler (0)");
  g_assert_cmpint (json_object_get_int_member (first, "start"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (first, "dur"), ==, 41602354000);
  g_assert_cmpstr (json_object_get_string_member (timeline, "hover"), ==,
                   "PyTorch Profiler (0)\nLane: Spans · PyTorch Profiler\nStart: 0\nDuration: 41.6 s");
  g_assert_true (json_object_get_boolean_member (timeline, "tip"));
  search = json_object_get_object_member (timeline, "search");
  g_assert_cmpstr (json_object_get_string_member (search, "text"), ==, "PyTorch");
  g_assert_cmpint (json_object_get_int_member (search, "matches"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (search, "dimmed"), >, 50);
  /* a wheel step up: 0.8 of the span */
  zoom = json_object_get_object_member (timeline, "zoom");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (zoom, "after") /
                                  json_object_get_double_member (zoom, "before"), 0.8, 1e-6);
  /* dragged 100 px left: later by 100 px of time, the span kept */
  pan = json_object_get_object_member (timeline, "pan");
  g_assert_cmpfloat (json_object_get_double_member (pan, "shift"), >, 0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (pan, "width"),
                                  json_object_get_double_member (zoom, "after"), 1);
}

/* @chart (an element of a #charts / #view=…&yaml summary) as text,
 * without its card's key (an added chart is "added" in one page, "c5"
 * in the page of its preset). */
static char *
chart_text (JsonArray *charts,
            guint      i)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) copy = json_node_copy (json_array_get_element (charts, i));

  json_object_remove_member (json_node_get_object (copy), "key");
  json_generator_set_root (gen, copy);
  return json_generator_to_data (gen, NULL);
}

/* The view saved as a preset file (issue 21, item 5): a zoom, another y
 * metric and statistic with log y, another plot type and an added chart
 * (log x) go into view.yaml; aiperf-plot --config view.yaml makes a
 * report whose charts show the same — titles, axes, scales, ranges,
 * series and every point. */
static void
test_preset_round_trip (void)
{
  const char *view = "{\"v\":1,\"hidden\":[],\"params\":{},\"ranges\":[],\"cards\":{"
                     "\"c1\":{\"zoom\":[3640,3760,40,210]},\"c2\":{\"type\":\"bar\"},"
                     "\"c3\":{\"mode\":\"data\",\"type\":\"drawn\",\"x\":\"time_to_first_token\",\"xs\":\"avg\","
                     "\"y\":\"request_latency\",\"ys\":\"p90\",\"logx\":false,\"logy\":true}},"
                     "\"added\":[{\"mode\":\"data\",\"type\":\"scatter\",\"x\":\"request_latency\",\"xs\":\"avg\","
                     "\"y\":\"request_throughput\",\"ys\":\"avg\",\"logx\":true,\"logy\":false}]}";
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit", "plot",
                                                  "fixtures", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "preset-view", NULL);
  g_autofree char *out2 = g_build_filename (tmp_root, "preset-reopened", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *report2 = g_build_filename (out2, "report.html", NULL);
  g_autofree char *yaml_path = g_build_filename (tmp_root, "view.yaml", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *escaped = g_uri_escape_string (view, NULL, FALSE);
  g_autofree char *fragment = g_strconcat ("#view=", escaped, "&yaml", NULL);
  g_autofree char *log = NULL, *log2 = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  JsonObject *saved, *reopened;
  JsonArray *before, *after;
  const char *yaml;
  Result r;

  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  saved = open_page (report, fragment, "yaml-result", parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (saved, "problems")), ==, 0);
  yaml = json_object_get_string_member (saved, "yaml");
  /* aiperf's schema, the reader's picks in it, the view keys of ours */
  g_assert_nonnull (strstr (yaml, "\nvisualization:\n  multi_run_defaults:\n    - \"pareto_curve_throughput_per_gpu_vs_latency\"\n"));
  g_assert_nonnull (strstr (yaml, "    ttft_vs_throughput:\n      type: \"scatter_line\"\n      x:\n        metric: "
                                  "\"time_to_first_token\"\n        stat: \"avg\"\n      y:\n        metric: "
                                  "\"request_latency\"\n        stat: \"p90\"\n"));
  g_assert_nonnull (strstr (yaml, "      log_y: true\n"));
  g_assert_nonnull (strstr (yaml, "      x_range: [3640, 3760]\n      y_range: [40, 210]\n"));
  g_assert_nonnull (strstr (yaml, "      view_type: \"bar\"\n"));
  g_assert_nonnull (strstr (yaml, "    chart_1:\n      type: \"scatter_line\"\n"));
  g_assert_nonnull (strstr (yaml, "  single_run_plots: {}\n"));
  g_assert_true (g_file_set_contents (yaml_path, yaml, -1, NULL));

  /* our presets reader takes it, and the charts come out the same */
  cli_run (&r, h, "--html", "--config", yaml_path, "-o", out2, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  reopened = open_page (report2, "#charts", "charts-result", parser2, &log2);
  assert_clean_console (log2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (reopened, "problems")), ==, 0);
  before = json_object_get_array_member (saved, "charts");
  after = json_object_get_array_member (reopened, "charts");
  g_assert_cmpuint (json_array_get_length (before), ==, 5);
  g_assert_cmpuint (json_array_get_length (after), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *a = chart_text (before, i), *b = chart_text (after, i);

      g_assert_cmpstr (b, ==, a);
    }
  /* what those are: the zoom kept, p90 latency on log y, 3 bars, 3 points */
  {
    JsonObject *zoomed = json_array_get_object_element (after, 0);
    JsonObject *picked = json_array_get_object_element (after, 2);
    JsonArray *range = json_object_get_array_member (zoomed, "range");

    g_assert_cmpstr (json_array_get_string_element (range, 0), ==, "3640.00");
    g_assert_cmpstr (json_array_get_string_element (range, 3), ==, "210.000");
    g_assert_cmpstr (json_object_get_string_member (picked, "y"), ==, "p90 Request Latency (ms)");
    g_assert_true (json_array_get_boolean_element (json_object_get_array_member (picked, "log"), 1));
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (picked, "points")), ==, 3);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                        json_array_get_object_element (after, 1), "points")), ==, 3);
    g_assert_true (json_array_get_boolean_element (json_object_get_array_member (
                     json_array_get_object_element (after, 4), "log"), 0));
  }
}

static int
compare_texts (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The embedded chart @name of the report.html at @path: its points
 * (x, y of every marker layer) as "x,y" text, sorted. */
static GPtrArray *
embedded_points (const char *path,
                 const char *name)
{
  g_autofree char *html = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  GPtrArray *points = g_ptr_array_new_with_free_func (g_free);
  const char *marker = "<script type=\"application/json\" id=\"report-data\">";
  const char *start, *end;
  JsonArray *charts;
  GString *json;

  g_assert_true (g_file_get_contents (path, &html, NULL, NULL));
  start = strstr (html, marker);
  g_assert_nonnull (start);
  start += strlen (marker);
  end = strstr (start, "</script>");
  json = g_string_new_len (start, end - start);
  g_string_replace (json, "<\\/", "</", 0);
  json_parser_load_from_data (parser, json->str, -1, &error);
  g_string_free (json, TRUE);
  g_assert_no_error (error);
  charts = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "charts");
  for (guint c = 0; c < json_array_get_length (charts); c++)
    {
      JsonObject *chart = json_array_get_object_element (charts, c);
      JsonArray *layers = json_object_get_array_member (chart, "layers");

      if (g_strcmp0 (json_object_get_string_member (chart, "name"), name) != 0)
        continue;
      for (guint l = 0; l < json_array_get_length (layers); l++)
        {
          JsonObject *layer = json_array_get_object_element (layers, l);
          JsonArray *x, *y;

          if (g_strcmp0 (json_object_get_string_member (layer, "kind"), "points") != 0)
            continue;
          x = json_object_get_array_member (layer, "x");
          y = json_object_get_array_member (layer, "y");
          for (guint i = 0; i < json_array_get_length (x); i++)
            g_ptr_array_add (points, g_strdup_printf ("%.6g,%.6g", json_array_get_double_element (x, i),
                                                      json_array_get_double_element (y, i)));
        }
    }
  g_ptr_array_sort (points, compare_texts);
  return points;
}

/* A saved view with a run unchecked and a parameter filter (issue 21,
 * item 5): the run goes into view.yaml's runs: block by its path, the
 * filter by the values drawn; the report that --config view.yaml writes
 * opens with the same run unchecked and the same filter, its charts
 * drawn from the one run left, as the link showed them; the embedded
 * chart data holds that run's point only. */
static void
test_preset_runs_round_trip (void)
{
  /* qwen_concurrency4 unchecked, concurrency 1 filtered out */
  const char *view = "{\"v\":1,\"hidden\":[2],\"params\":{\"concurrency\":[\"2\",\"4\"]},\"ranges\":[],"
                     "\"cards\":{},\"added\":[]}";
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit", "plot",
                                                  "fixtures", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "runs-view", NULL);
  g_autofree char *out2 = g_build_filename (tmp_root, "runs-reopened", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *report2 = g_build_filename (out2, "report.html", NULL);
  g_autofree char *yaml_path = g_build_filename (tmp_root, "runs-view.yaml", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *escaped = g_uri_escape_string (view, NULL, FALSE);
  g_autofree char *fragment = g_strconcat ("#view=", escaped, "&yaml", NULL);
  g_autofree char *log = NULL, *log2 = NULL, *aiperf_log = NULL, *log_path = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  g_autoptr(GPtrArray) all_points = NULL, view_points = NULL;
  JsonObject *saved, *reopened, *shown;
  JsonArray *before, *after;
  const char *yaml;
  Result r;

  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  saved = open_page (report, fragment, "yaml-result", parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (saved, "problems")), ==, 0);
  shown = json_object_get_object_member (saved, "shown");
  g_assert_cmpstr (json_object_get_string_member (shown, "runs"), ==, "110");
  g_assert_cmpstr (json_object_get_string_member (shown, "params"), ==, "011");
  yaml = json_object_get_string_member (saved, "yaml");
  g_assert_nonnull (strstr (yaml, "\nruns:\n  hidden: [\"fixtures/qwen_concurrency2/qwen_concurrency4\"]\n"
                                  "  parameters:\n    concurrency: [\"2\", \"4\"]\n"));
  g_assert_true (g_file_set_contents (yaml_path, yaml, -1, NULL));

  /* headless --config: the charts of the one run left, the view in the page */
  cli_run (&r, h, "--html", "--config", yaml_path, "-o", out2, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  log_path = g_build_filename (out2, "aiperf_plot.log", NULL);
  g_assert_true (g_file_get_contents (log_path, &aiperf_log, NULL, NULL));
  g_assert_nonnull (strstr (aiperf_log, "2 of 3 run(s) hidden or filtered out by the view"));
  all_points = embedded_points (report, "pareto_curve_throughput_per_gpu_vs_latency");
  view_points = embedded_points (report2, "pareto_curve_throughput_per_gpu_vs_latency");
  g_assert_cmpuint (all_points->len, ==, 3);
  g_assert_cmpuint (view_points->len, ==, 1);
  /* the one left is qwen_concurrency2's point of the full report */
  g_assert_true (g_ptr_array_find_with_equal_func (all_points, g_ptr_array_index (view_points, 0), g_str_equal, NULL));

  reopened = open_page (report2, "#charts", "charts-result", parser2, &log2);
  assert_clean_console (log2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (reopened, "problems")), ==, 0);
  shown = json_object_get_object_member (reopened, "shown");
  g_assert_cmpstr (json_object_get_string_member (shown, "runs"), ==, "110");
  g_assert_cmpstr (json_object_get_string_member (shown, "params"), ==, "011");
  before = json_object_get_array_member (saved, "charts");
  after = json_object_get_array_member (reopened, "charts");
  g_assert_cmpuint (json_array_get_length (after), ==, json_array_get_length (before));
  for (guint i = 0; i < json_array_get_length (before); i++)
    {
      g_autofree char *a = chart_text (before, i), *b = chart_text (after, i);

      g_assert_cmpstr (b, ==, a);
    }
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_array_get_object_element (after, 0), "points")), ==, 1);
}

/* Zoomed into a run of 12,000 requests (issue 21, item 2): the
 * per-request layers are embedded on a grid, with every request as their
 * finer level; in a range of 300 requests the chart draws all 300 from it
 * (the grid held fewer), and a point's hover is that request's. */
static void
test_zoom_detail (void)
{
  g_autofree char *run_dir = g_build_filename (tmp_root, "gen-12k", "run-c8", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "zoom-detail", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *log = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  GenAbParams p;
  GenAbRun run = { 0 };
  JsonObject *result;
  JsonArray *charts;
  gboolean seen = FALSE;
  Result r;

  gen_ab_params_init (&p);
  p.n_requests = 12000;
  gen_ab_run (&p, FALSE, 0, &run);
  gen_ab_write_run (&run, run_dir, 8, "2026-01-01T00:00:00", NULL, &error);
  g_assert_no_error (error);
  gen_ab_run_clear (&run);
  cli_run (&r, h, "--html", "-o", out, run_dir, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);

  result = open_page (report, "#fine=6000,6299", "fine-result", parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  charts = json_object_get_array_member (result, "charts");
  g_assert_cmpuint (json_array_get_length (charts), >, 0);
  for (guint c = 0; c < json_array_get_length (charts); c++)
    {
      JsonObject *chart = json_array_get_object_element (charts, c);
      JsonArray *layer;

      if (g_strcmp0 (json_object_get_string_member (chart, "name"), "ttft_over_time") != 0)
        continue;
      seen = TRUE;
      /* [kind, grid items in range, items from the finer level, painted] */
      layer = json_array_get_array_element (json_object_get_array_member (chart, "layers"), 0);
      g_assert_cmpstr (json_array_get_string_element (layer, 0), ==, "points");
      g_assert_cmpint (json_array_get_int_element (layer, 1), <, 300);
      g_assert_cmpint (json_array_get_int_element (layer, 2), ==, 300);
      g_assert_cmpint (json_array_get_int_element (layer, 3), >, json_array_get_int_element (layer, 1));
      g_assert_nonnull (strstr (json_object_get_string_member (chart, "hover"), "Request Number: 61"));
    }
  g_assert_true (seen);
}

/* A trace of 90,000 one-µs kernels, 3 µs apart (issue 21): more slices
 * than report.html embeds as they are, so they go on a grid of columns of
 * several µs, with every slice as a finer level. Zoomed to the 300 slices
 * of 135.0–135.9 ms, the page draws all 300 as boxes from it (the grid has
 * fewer marks there, each merging several) and slice 45151 hovers with its
 * name and duration; zoomed out to 80 ms, the grid is drawn. */
static void
test_timeline_zoom_detail (void)
{
  g_autofree char *dir = g_build_filename (tmp_root, "big-trace", NULL);
  g_autofree char *input = g_build_filename (dir, "big.pt.trace.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "big-trace-out", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *log = NULL, *log2 = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  g_autoptr(GString) trace = g_string_new ("{\"traceEvents\": [\n");
  JsonObject *result, *timeline, *drawn;
  Result r;

  for (guint i = 0; i < 90000; i++)
    g_string_append_printf (trace, "%s{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k%u\", \"pid\": 0, "
                                   "\"tid\": 7, \"ts\": %u, \"dur\": 1}\n",
                            i > 0 ? "," : "", i % 7, 1000 + i * 3);
  g_string_append (trace, "]}\n");
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (input, trace->str, trace->len, NULL));
  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);

  /* slice i: [3i, 3i + 1) µs from the trace's start; 45151 is "k1" */
  result = open_page (report, "#timeline=135000000,135900000,135453500", "timeline-result", parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  timeline = json_array_get_object_element (json_object_get_array_member (result, "timelines"), 0);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (timeline, "fine"), "marks"), ==, 90000);
  g_assert_cmpint (json_object_get_int_member (timeline, "grid"), <, 300);
  drawn = json_object_get_object_member (timeline, "drawn");
  g_assert_true (json_object_get_boolean_member (drawn, "fine"));
  g_assert_cmpint (json_object_get_int_member (drawn, "boxes"), ==, 300);
  g_assert_cmpint (json_object_get_int_member (drawn, "merged"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (timeline, "hover"), ==,
                   "k1\nLane: 0 · 7\nStart: 135 ms\nDuration: 1.00 µs");

  /* 80 ms in view: the grid's merged marks, a pixel's slices counted */
  result = open_page (report, "#timeline=100000000,180000000,135453500", "timeline-result", parser2, &log2);
  timeline = json_array_get_object_element (json_object_get_array_member (result, "timelines"), 0);
  drawn = json_object_get_object_member (timeline, "drawn");
  g_assert_false (json_object_get_boolean_member (drawn, "fine"));
  g_assert_cmpint (json_object_get_int_member (drawn, "boxes"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (drawn, "merged"), >, 500);
  g_assert_true (g_str_has_suffix (strstr (json_object_get_string_member (timeline, "hover"), " slices in this pixel"),
                                   "\nFrom: 135 ms"));
}

/* Point labels the page leaves out for want of room are said under the
 * title, as the SVG, PNG and PDF say them: 17 LLMPerf runs on two spots
 * of each chart, most of their labels ("anyscale", "together") with no
 * room there. */
static void
test_hidden_labels (void)
{
  g_autofree char *input = g_build_filename (tmp_root, "crowded", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "crowded-out", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *log = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *result;
  JsonArray *notes;
  Result r;

  write_llmperf_copies (input, 17);
  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);

  result = run_page (report, parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  notes = json_object_get_array_member (result, "notes");
  g_assert_cmpuint (json_array_get_length (notes), ==, 4);
  for (guint i = 0; i < json_array_get_length (notes); i++)
    {
      JsonObject *card = json_array_get_object_element (notes, i);
      gint64 hidden = json_object_get_int_member (card, "hidden_labels");
      g_autofree char *line = g_strdup_printf ("%" G_GINT64_FORMAT " point labels hidden: no room", hidden);
      const char *note = json_object_get_string_member (card, "note");

      /* every run's point is in view and labelled; some labels had no room */
      g_assert_cmpint (json_object_get_int_member (card, "labelled"), ==, 17);
      g_assert_cmpint (hidden, >, 1);
      g_assert_true (g_str_has_suffix (note, line));
      /* on a line of its own, after the chart's own note */
      g_assert_true (note == strstr (note, line) || strstr (note, line)[-1] == '\n');
    }
}

/* The parameter filters of AIPerf's real runs (4 runs, 14 parameters
 * that vary): one row for the concurrency and one for the model, which
 * stands for the 12 parameters that split the runs as it does (token
 * counts, request count, …: before, 14 rows of "(none)" and values); run
 * counts where a value has several; a link's filter on one of those 12
 * (request count 64) opens as the model's (Qwen only) and is saved so. */
static void
test_parameter_filters (void)
{
  const char *view = "{\"v\":1,\"hidden\":[],\"params\":{\"loadgen.request_count\":[\"64\"]},\"ranges\":[],"
                     "\"cards\":{},\"added\":[]}";
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "filters", NULL);
  g_autofree char *report = g_build_filename (out, "report.html", NULL);
  g_autofree char *h = g_build_filename (tmp_root, "home", NULL);
  g_autofree char *escaped = g_uri_escape_string (view, NULL, FALSE);
  g_autofree char *fragment = g_strconcat ("#view=", escaped, "&yaml", NULL);
  g_autofree char *log = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *result, *concurrency, *model;
  JsonArray *rows, *values;
  Result r;

  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  result = open_page (report, fragment, "yaml-result", parser, &log);
  assert_clean_console (log);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "problems")), ==, 0);
  rows = json_object_get_array_member (result, "filters");
  g_assert_cmpuint (json_array_get_length (rows), ==, 2);
  concurrency = json_array_get_object_element (rows, 0);
  g_assert_cmpstr (json_object_get_string_member (concurrency, "param"), ==, "concurrency");
  g_assert_cmpstr (json_object_get_string_member (concurrency, "name"), ==, "Concurrency");
  values = json_object_get_array_member (concurrency, "values");
  g_assert_cmpuint (json_array_get_length (values), ==, 4);
  /* in numeric order, no counts: each value is one run */
  g_assert_cmpstr (json_array_get_string_element (values, 0), ==, "1");
  g_assert_cmpstr (json_array_get_string_element (values, 3), ==, "100");
  g_assert_cmpstr (json_object_get_string_member (concurrency, "also"), ==, "");
  model = json_array_get_object_element (rows, 1);
  g_assert_cmpstr (json_object_get_string_member (model, "param"), ==, "model");
  values = json_object_get_array_member (model, "values");
  g_assert_cmpuint (json_array_get_length (values), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (values, 0), ==, "openai/gpt-oss-20b1 run");
  g_assert_cmpstr (json_array_get_string_element (values, 1), ==, "Qwen/Qwen3-0.6B3 runs");
  g_assert_cmpstr (json_object_get_string_member (model, "also"), ==, "also Endpoint Path, Dataset Sampling and 10 more");
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      const char *text = json_object_get_string_member (json_array_get_object_element (rows, i), "text");

      g_assert_null (strstr (text, "(none)"));
      g_assert_null (strstr (text, "not set"));
    }
  /* request count 64: the three Qwen runs, as the model's filter */
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (result, "shown"), "params"), ==,
                   "111101");
  g_assert_nonnull (strstr (json_object_get_string_member (result, "yaml"),
                            "  parameters:\n    model: [\"Qwen/Qwen3-0.6B\"]\n"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  chromium = g_find_program_in_path ("chromium");
  if (chromium == NULL)
    chromium = g_find_program_in_path ("chromium-browser");
  if (chromium == NULL)
    {
      g_printerr ("chromium is not installed: skipping the browser test\n");
      return 77;
    }
  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-report-browser-XXXXXX", NULL);

  g_test_add_func ("/aiperf/cli/report/browser/multi-run", test_multi_run);
  g_test_add_func ("/aiperf/cli/report/browser/single-run", test_single_run);
  g_test_add_func ("/aiperf/cli/report/browser/other-kinds", test_other_kinds);
  g_test_add_func ("/aiperf/cli/report/browser/every-kind", test_every_kind);
  g_test_add_func ("/aiperf/cli/report/browser/timeline", test_timeline);
  g_test_add_func ("/aiperf/cli/report/browser/preset-round-trip", test_preset_round_trip);
  g_test_add_func ("/aiperf/cli/report/browser/preset-runs-round-trip", test_preset_runs_round_trip);
  g_test_add_func ("/aiperf/cli/report/browser/zoom-detail", test_zoom_detail);
  g_test_add_func ("/aiperf/cli/report/browser/timeline-zoom-detail", test_timeline_zoom_detail);
  g_test_add_func ("/aiperf/cli/report/browser/hidden-labels", test_hidden_labels);
  g_test_add_func ("/aiperf/cli/report/browser/parameter-filters", test_parameter_filters);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (tmp_root);
  g_free (chromium);
  return status;
}
