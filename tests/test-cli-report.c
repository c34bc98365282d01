/* test-cli-report.c — aiperf-plot --headless --html / --report html,pdf:
 * where the reports go, that the page asks the network for nothing, that
 * its inline SVG ids do not clash, that its data parses and holds the
 * runs' values (escaped), failed runs in the header, and the PDF's pages.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "aiperf-test-util.h"
#include "cli-test-util.h"

static char *tmp_root;

static char *
fixture (const char *sub)
{
  return g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit", "plot", "fixtures", sub, NULL);
}

static char *
home (void)
{
  return g_build_filename (tmp_root, "home", NULL);
}

static char *
read_file (const char *path)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return g_steal_pointer (&text);
}

/* The JSON of <script type="application/json" id="report-data">. */
static JsonNode *
report_data (const char *html)
{
  const char *open = "<script type=\"application/json\" id=\"report-data\">";
  const char *start = strstr (html, open), *end;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (start);
  start += strlen (open);
  end = strstr (start, "</script>");
  g_assert_nonnull (end);
  json_parser_load_from_data (parser, start, end - start, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* A run folder with the summary of qwen_concurrency1, its model renamed. */
static void
make_run (const char *dir,
          const char *model)
{
  g_autofree char *src = fixture ("qwen_concurrency1/profile_export_aiperf.json");
  g_autofree char *text = read_file (src);
  g_autofree char *dest = g_build_filename (dir, "profile_export_aiperf.json", NULL);
  g_autofree char *escaped = g_strescape (model, NULL);
  g_auto(GStrv) parts = g_strsplit (text, "\"Qwen/Qwen3-0.6B\"", -1);
  g_autofree char *quoted = g_strdup_printf ("\"%s\"", escaped);
  g_autofree char *changed = g_strjoinv (quoted, parts);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (dest, changed, -1, NULL));
}

static void
test_paths (void)
{
  g_autofree char *h = home ();
  g_autofree char *sweep = g_build_filename (tmp_root, "paths", NULL);
  g_autofree char *run1 = g_build_filename (sweep, "c1", NULL);
  g_autofree char *run2 = g_build_filename (sweep, "c2", NULL);
  g_autofree char *vis = g_build_filename (sweep, "visualizations", NULL);
  g_autofree char *plots = g_build_filename (sweep, "plots", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "paths-out", NULL);
  g_autofree char *both = g_build_filename (tmp_root, "paths-both", NULL);
  g_autofree char *listing = NULL;
  Result r;

  make_run (run1, "m");
  make_run (run2, "m");

  /* --html alone: <first path>/visualizations/report.html, no images */
  cli_run (&r, h, "--html", sweep, NULL);
  g_assert_cmpint (r.status, ==, 0);
  listing = aiperf_test_list_dir (vis);
  g_assert_cmpstr (listing, ==, "aiperf_plot.log report.html");
  g_assert_false (g_file_test (plots, G_FILE_TEST_EXISTS));
  g_assert_nonnull (strstr (r.out, "report.html"));
  result_clear (&r);
  g_clear_pointer (&listing, g_free);

  /* -o DIR --report html,pdf: both in DIR, nothing else */
  cli_run (&r, h, "--report", "html,pdf", "-o", out, sweep, NULL);
  g_assert_cmpint (r.status, ==, 0);
  listing = aiperf_test_list_dir (out);
  g_assert_cmpstr (listing, ==, "aiperf_plot.log report.html report.pdf");
  result_clear (&r);
  g_clear_pointer (&listing, g_free);

  /* --html with --format: the images too, beside the report */
  cli_run (&r, h, "--html", "--format", "svg", "--plot", "ttft_vs_throughput", "-o", both, sweep, NULL);
  g_assert_cmpint (r.status, ==, 0);
  listing = aiperf_test_list_dir (both);
  g_assert_cmpstr (listing, ==, "aiperf_plot.log report.html summary.txt ttft_vs_throughput.svg");
  result_clear (&r);

  /* a bad --report value is a usage error */
  cli_run (&r, h, "--report", "docx", "-o", out, sweep, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "docx"));
  result_clear (&r);
}

/* Every id="…" of the page, with how often it occurs. */
static GHashTable *
collect_ids (const char *html)
{
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *p = html;

  while ((p = strstr (p, " id=\"")) != NULL)
    {
      const char *end;
      char *id;

      p += 5;
      end = strchr (p, '"');
      g_assert_nonnull (end);
      id = g_strndup (p, end - p);
      g_hash_table_insert (ids, id, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (ids, id)) + 1));
    }
  return ids;
}

static void
test_page (void)
{
  g_autofree char *h = home ();
  g_autofree char *input = fixture (NULL);
  g_autofree char *out = g_build_filename (tmp_root, "page", NULL);
  g_autofree char *path = g_build_filename (out, "report.html", NULL);
  g_autofree char *html = NULL;
  g_autoptr(GHashTable) ids = NULL;
  g_autoptr(JsonNode) data = NULL;
  GHashTableIter iter;
  gpointer key, count;
  JsonArray *runs, *charts;
  guint n_svg = 0, n_chart_ids = 0;
  const char *p;
  Result r;

  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  html = read_file (path);

  /* nothing from the network, nothing from another file */
  g_assert_null (strstr (html, "src=\"http"));
  g_assert_null (strstr (html, "href=\"http"));
  g_assert_null (strstr (html, "@import"));
  g_assert_null (strstr (html, "url(http"));
  g_assert_null (strstr (html, "<link"));
  g_assert_null (strstr (html, "<script src"));
  g_assert_nonnull (strstr (html, "Content-Security-Policy\" content=\"default-src 'none'"));
  /* uPlot is inline */
  g_assert_nonnull (strstr (html, "var uPlot="));

  /* one inline SVG per chart, and no id twice in the page */
  for (p = html; (p = strstr (p, "<svg")) != NULL; p++)
    n_svg++;
  g_assert_cmpuint (n_svg, ==, 4);
  /* each chart also as text (the SVG's letters are outlines): its title,
   * axes and items, with or without JavaScript */
  g_assert_nonnull (strstr (html, "<summary>Chart as text</summary><p>TTFT vs Throughput. x: Average Time to First "
                                  "Token (ms); y: Request Throughput (requests/sec).</p>"));
  g_assert_nonnull (strstr (html, "<tr><td>Qwen/Qwen3-0.6B</td><td>30.81</td><td>0.2504</td><td>1</td></tr>"));
  ids = collect_ids (html);
  g_hash_table_iter_init (&iter, ids);
  while (g_hash_table_iter_next (&iter, &key, &count))
    {
      if (GPOINTER_TO_UINT (count) != 1)
        g_error ("id “%s” occurs %u times", (const char *) key, GPOINTER_TO_UINT (count));
      if (g_str_has_prefix (key, "c") && strchr (key, '-') != NULL)
        n_chart_ids++;
    }
  /* cairo's ids carry the chart prefix: two charts' glyph0-1 differ */
  g_assert_true (g_hash_table_contains (ids, "c1-glyph0-1"));
  g_assert_true (g_hash_table_contains (ids, "c2-glyph0-1"));
  g_assert_false (g_hash_table_contains (ids, "glyph0-1"));
  g_assert_cmpuint (n_chart_ids, >, 20);
  /* every reference points at an id of the page */
  for (p = html; (p = strstr (p, "href=\"#")) != NULL; )
    {
      const char *end;
      g_autofree char *ref = NULL;

      p += 7;
      end = strchr (p, '"');
      ref = g_strndup (p, end - p);
      g_assert_true (g_hash_table_contains (ids, ref));
    }

  /* the embedded data: the runs with their values */
  data = report_data (html);
  runs = json_object_get_array_member (json_node_get_object (data), "runs");
  charts = json_object_get_array_member (json_node_get_object (data), "charts");
  g_assert_cmpuint (json_array_get_length (runs), ==, 3);
  g_assert_cmpuint (json_array_get_length (charts), ==, 4);
  {
    JsonObject *run = json_array_get_object_element (runs, 0);
    JsonObject *metrics = json_object_get_object_member (run, "metrics");
    JsonObject *tput = json_object_get_object_member (metrics, "request_throughput");
    JsonObject *params = json_object_get_object_member (run, "params");

    g_assert_cmpstr (json_object_get_string_member (run, "name"), ==, "qwen_concurrency1");
    g_assert_cmpstr (json_object_get_string_member (run, "model"), ==, "Qwen/Qwen3-0.6B");
    /* profile_export_aiperf.json: 0.2504302580624667, kept to 6 digits */
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (tput, "avg"), 0.250430, 1e-9);
    g_assert_cmpstr (json_object_get_string_member (params, "concurrency"), ==, "1");
  }
  {
    JsonObject *chart = json_array_get_object_element (charts, 0);

    g_assert_cmpstr (json_object_get_string_member (chart, "name"), ==, "pareto_curve_throughput_per_gpu_vs_latency");
    g_assert_cmpstr (json_object_get_string_member (chart, "title"), ==,
                     "Pareto Curve: Token Throughput per GPU vs Latency");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (chart, "layers")), >, 0);
  }
  /* the header and the summary table */
  g_assert_nonnull (strstr (html, "<dt>Parameters</dt><dd>Concurrency: 1, 2, 4</dd>"));
  g_assert_nonnull (strstr (html, "<td>qwen_concurrency4</td>"));
  g_assert_nonnull (strstr (html, "<td class=\"num\">0.2504</td>"));
}

static void
test_escaping_and_failures (void)
{
  const char *evil = "evil</script><img src=x onerror=alert(1)>&amp;\"";
  g_autofree char *h = home ();
  g_autofree char *sweep = g_build_filename (tmp_root, "evil", NULL);
  g_autofree char *run1 = g_build_filename (sweep, "c1", NULL);
  g_autofree char *run2 = g_build_filename (sweep, "c2", NULL);
  g_autofree char *broken = g_build_filename (sweep, "broken", NULL);
  g_autofree char *broken_file = g_build_filename (broken, "profile_export_aiperf.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "evil-out", NULL);
  g_autofree char *path = g_build_filename (out, "report.html", NULL);
  g_autofree char *html = NULL;
  g_autoptr(JsonNode) data = NULL;
  JsonArray *runs;
  const char *failed;
  gboolean found = FALSE;
  Result r;

  make_run (run1, evil);
  make_run (run2, "plain");
  g_assert_cmpint (g_mkdir_with_parents (broken, 0755), ==, 0);
  g_assert_true (g_file_set_contents (broken_file, "{\"request_throughput\": {\"avg\": ", -1, NULL));

  cli_run (&r, h, "--report", "html,pdf", "-o", out, sweep, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  html = read_file (path);

  /* the name never closes an element: only the page's own </script>s */
  g_assert_null (strstr (html, "evil</script>"));
  g_assert_null (strstr (html, "<img"));
  g_assert_nonnull (strstr (html, "evil&lt;/script&gt;&lt;img"));
  data = report_data (html);
  runs = json_object_get_array_member (json_node_get_object (data), "runs");
  for (guint i = 0; i < json_array_get_length (runs); i++)
    found |= g_strcmp0 (json_object_get_string_member (json_array_get_object_element (runs, i), "model"), evil) == 0;
  g_assert_true (found);

  /* the broken run is in the header, with its file and reason; the file
   * named by where it is in what was opened, not on this machine */
  failed = strstr (html, "<div class=\"failure\"><dt>Failed to load</dt><dd>");
  g_assert_nonnull (failed);
  {
    g_autofree char *dd = g_strndup (failed, strstr (failed, "</dd>") - failed);
    g_autofree char *parent = g_path_get_dirname (sweep);

    g_assert_true (g_str_has_prefix (broken_file, parent));
    g_assert_nonnull (strstr (dd, broken_file + strlen (parent) + 1));
    g_assert_null (strstr (dd, broken_file));
  }
}

/* Nothing loads: exit 1, and the report still says what was opened and why. */
static void
test_nothing_loaded (void)
{
  g_autofree char *h = home ();
  g_autofree char *run = g_build_filename (tmp_root, "only-broken", "run", NULL);
  g_autofree char *file = g_build_filename (run, "profile_export_aiperf.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "only-broken-out", NULL);
  g_autofree char *path = g_build_filename (out, "report.html", NULL);
  g_autofree char *html = NULL;
  g_autofree char *expected = NULL;
  Result r;

  g_assert_cmpint (g_mkdir_with_parents (run, 0755), ==, 0);
  g_assert_true (g_file_set_contents (file, "{\"request_latency\": {\"avg\": ", -1, NULL));
  cli_run (&r, h, "--html", "-o", out, run, NULL);
  g_assert_cmpint (r.status, ==, 1);
  result_clear (&r);
  html = read_file (path);
  g_assert_nonnull (strstr (html, "<dt>Runs</dt><dd>0</dd>"));
  /* the file named from the folder opened (run/…), not from / */
  expected = g_strdup_printf ("<div class=\"failure\"><dt>Failed to load</dt><dd>The run could not be loaded: "
                              "run%sprofile_export_aiperf.json, line 1,", G_DIR_SEPARATOR_S);
  g_assert_nonnull (strstr (html, expected));
  g_assert_nonnull (strstr (html, "No chart could be drawn from what was opened."));
}

/* cutileGPT: each config is in the AS-IS (minGPT) and the TO-BE
 * (cutileGPT) profile; the runs table says which side a row is (issue 21,
 * item 7), the model every run leaves unnamed is no column, and the
 * kind's summary names its files by what was opened. */
static void
test_cutile_sides (void)
{
  g_autofree char *h = home ();
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", "real", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "cutile", NULL);
  g_autofree char *path = g_build_filename (out, "report.html", NULL);
  g_autofree char *html = NULL;
  g_autofree char *parent = g_path_get_dirname (input);
  const char *table;
  Result r;

  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  html = read_file (path);
  table = strstr (html, "<h3>cutile: 18 runs</h3>");
  g_assert_nonnull (table);
  g_assert_true (g_str_has_prefix (strstr (table, "<thead>"), "<thead><tr><th>Run</th><th>Profile</th><th>n_embd</th>"));
  /* comparison_data.json's mean forward latency of micro: 1.5553 ms (minGPT) */
  g_assert_nonnull (strstr (table, "<tr><td>micro</td><td>minGPT</td><td class=\"num\">128</td><td class=\"num\">4</td>"
                                   "<td class=\"num\">4</td><td class=\"num\">2026-01-26T14:41:46.710894</td>"
                                   "<td class=\"num\">1.555</td>"));
  g_assert_nonnull (strstr (table, "<tr><td>micro</td><td>cutileGPT</td>"));
  g_assert_nonnull (strstr (table, "<tr><td>gpt_micro</td><td>real</td>"));
  g_assert_null (strstr (table, "<th>Model</th>"));
  g_assert_nonnull (strstr (table, "The same in every run: Tool: cutileGPT; batch_size: 4;"));
  /* the summary section: "minGPT (real/comparison_data.json#mingpt)", no folder of this machine */
  g_assert_nonnull (strstr (html, "  minGPT (real/comparison_data.json#mingpt)\n"));
  g_assert_null (strstr (html, parent));
}

static guint
count_pdf_pages (const char *pdf,
                 gsize       len)
{
  guint n = 0;

  /* cairo writes one "/Type /Page" dictionary per page, uncompressed;
   * the file has binary streams, so no string functions */
  for (gsize i = 0; i + 12 <= len; i++)
    if (memcmp (pdf + i, "/Type /Page", 11) == 0 && pdf[i + 11] != 's')
      n++;
  return n;
}

/* "P" or "L" per page, in order, from the pages' media boxes (cairo
 * writes them uncompressed). */
static char *
page_sizes (const char *pdf,
            gsize       len)
{
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i + 40 <= len; i++)
    if (memcmp (pdf + i, "/MediaBox [ 0 0 ", 16) == 0)
      g_string_append_c (out, g_ascii_strtod (pdf + i + 16, NULL) > 600 ? 'L' : 'P');
  return g_string_free (out, FALSE);
}

static void
test_pdf (void)
{
  g_autofree char *h = home ();
  g_autofree char *input = fixture (NULL);
  g_autofree char *out = g_build_filename (tmp_root, "pdf", NULL);
  g_autofree char *path = g_build_filename (out, "report.pdf", NULL);
  g_autofree char *html_path = g_build_filename (out, "report.html", NULL);
  g_autofree char *pdf = NULL, *pdftotext = g_find_program_in_path ("pdftotext");
  gsize len = 0;
  Result r;

  cli_run (&r, h, "--report", "pdf", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  g_assert_false (g_file_test (html_path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (path, &pdf, &len, NULL));
  g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
  /* a portrait title page with the runs table, and the 4 default
   * multi-run charts two to a portrait page */
  g_assert_cmpuint (count_pdf_pages (pdf, len), ==, 3);
  {
    g_autofree char *sizes = page_sizes (pdf, len);

    g_assert_cmpstr (sizes, ==, "PPP");
  }

  if (pdftotext != NULL)
    {
      const char *argv[] = { pdftotext, "-layout", path, "-", NULL };
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;
      int status = 0;

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &text, NULL, &status, &error);
      g_assert_no_error (error);
      /* searchable text: the header, the runs, each chart's caption and axes */
      g_assert_nonnull (strstr (text, "fixtures — AIPerf Plot report"));
      g_assert_nonnull (strstr (text, "qwen_concurrency2"));
      g_assert_nonnull (strstr (text, "Concurrency: 1, 2, 4"));
      g_assert_nonnull (strstr (text, "(pareto_curve_throughput_per_gpu_vs_latency, serving)"));
      g_assert_nonnull (strstr (text, "Pareto Curve: Token Throughput per GPU vs Latency"));
      g_assert_nonnull (strstr (text, "Average Request Latency (ms)"));
      /* pdftotext ends each page with a form feed */
      {
        guint feeds = 0;

        for (const char *p = text; *p != '\0'; p++)
          feeds += *p == '\f';
        g_assert_cmpuint (feeds, ==, 3);
      }
    }
  else
    g_test_message ("pdftotext is not installed: the PDF's text is not checked");
}

/* A chart of @n runs in the PDF names every one in its legend (a page
 * cannot be clicked open to list the rest): the @n models of @n LLMPerf
 * summaries (two real ones, each copied with other model names) are all
 * in the text of the page of their Pareto chart, none summed up as "+N
 * more". */
static void
assert_pdf_names_every_run (guint n)
{
  g_autofree char *h = home ();
  g_autofree char *name = g_strdup_printf ("llmperf-%u", n);
  g_autofree char *out_name = g_strdup_printf ("llmperf-%u-out", n);
  g_autofree char *out = g_build_filename (tmp_root, out_name, NULL);
  g_autofree char *input = g_build_filename (tmp_root, name, NULL);
  g_autofree char *path = g_build_filename (out, "report.pdf", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) pages = NULL;
  gboolean seen = FALSE;
  Result r;

  write_llmperf_copies (input, n);
  cli_run (&r, h, "--report", "pdf", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  text = pdf_text (path);
  if (text == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  pages = g_strsplit (text, "\f", -1);
  for (guint p = 0; pages[p] != NULL; p++)
    {
      /* LLMPerf records no GPU count: the title says no "per GPU" */
      if (strstr (pages[p], "Pareto Curve: Token Throughput vs Interactivity") == NULL)
        continue;
      seen = TRUE;
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *model = g_strdup_printf ("org-%02u/serving-model-%02u-instruct", i, i);

          g_assert_nonnull (strstr (pages[p], model));
        }
      g_assert_null (strstr (pages[p], " more"));
      /* the chart whole above its legend */
      g_assert_nonnull (strstr (pages[p], "Average E2E Output Token Throughput"));
    }
  g_assert_true (seen);
}

static void
test_pdf_whole_legend (void)
{
  assert_pdf_names_every_run (17);
}

/* 80 runs: the legend's 40 rows below the plot, the chart made as much
 * taller and scaled to fit its page */
static void
test_pdf_long_legend (void)
{
  assert_pdf_names_every_run (80);
}

/* Every kind in one PDF (issue 21, item 9): the kinds' summaries, wide
 * tables on landscape pages with the parameters that do not fit in an
 * appendix, charts two to a portrait page or alone on a landscape one,
 * and the trace's timeline on a landscape page. */
static void
test_pdf_kinds (void)
{
  g_autofree char *h = home ();
  g_autofree char *serving = fixture (NULL);
  g_autofree char *vllm = g_test_build_filename (G_TEST_DIST, "data", "formats", "vllm", "ccl", NULL);
  g_autofree char *cutile = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", "real", NULL);
  g_autofree char *gemm = g_test_build_filename (G_TEST_DIST, "data", "gemm", "tracelens", "h100", NULL);
  g_autofree char *nsight = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", NULL);
  g_autofree char *gates = g_test_build_filename (G_TEST_DIST, "data", "gate-logs", "ccl", NULL);
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "report", "steps_counters.pt.trace.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "pdf-kinds", NULL);
  g_autofree char *path = g_build_filename (out, "report.pdf", NULL);
  g_autofree char *pdf = NULL, *sizes = NULL, *text = NULL;
  gsize len = 0;
  guint pages;
  Result r;

  cli_run (&r, h, "--report", "pdf", "-o", out, serving, vllm, cutile, gemm, nsight, gates, trace, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  g_assert_true (g_file_get_contents (path, &pdf, &len, NULL));
  pages = count_pdf_pages (pdf, len);
  sizes = page_sizes (pdf, len);
  g_assert_cmpuint (strlen (sizes), ==, pages);
  /* the title page is portrait; the appendix, last, is landscape */
  g_assert_cmpint (sizes[0], ==, 'P');
  g_assert_cmpint (sizes[pages - 1], ==, 'L');
  text = pdf_text (path);
  if (text == NULL)
    {
      g_test_message ("pdftotext is not installed: the PDF's text is not checked");
      return;
    }
  /* 19 serving runs in 16 columns: landscape, three parameters in the appendix */
  g_assert_cmpint (sizes[page_of (text, "serving: 19 runs")], ==, 'L');
  g_assert_nonnull (strstr (text, "3 further columns of this table are in the appendix."));
  g_assert_cmpint (page_of (text, "Appendix: further columns of the runs tables"), ==, (int) pages - 1);
  g_assert_cmpint (page_of (text, "serving: 19 runs, continued"), ==, (int) pages - 1);
  /* the appendix: each run's parameters that did not fit, by its name */
  g_assert_true (g_regex_match_simple ("Mixtral8x7B-vllmEP4-Perlmutter\\[pplx_64_8192\\]-group12 +64 +pplx +pplx",
                                          text, 0, 0));
  /* no number split over two lines: the cutileGPT table's throughput whole */
  g_assert_true (g_regex_match_simple ("gpt_micro +real +128 +4 +4 +2026-01-26T14:56:21.406610 +1.139 +4 +64 +– +224820.7",
                                          text, 0, 0));
  /* each kind's summary, its files named by what was opened */
  g_assert_nonnull (strstr (text, "cutileGPT Profiling Summary"));
  g_assert_nonnull (strstr (text, "minGPT (real/comparison_data.json#mingpt)"));
  g_assert_nonnull (strstr (text, "MoE Expert Load (gate logs)"));
  g_assert_nonnull (strstr (text, "GEMM kernel benchmarks"));
  g_assert_nonnull (strstr (text, "EPLBON against EPLBOFF (the baseline, opened first):"));
  g_assert_nonnull (strstr (text, "20 iterations (CPU-side ProfilerStep spans): mean 0.900 ms, median 0.900 ms"));
  g_assert_null (strstr (text, serving));
  /* the trace's timeline: a landscape page of its own, after the charts */
  g_assert_cmpint (sizes[page_of (text, "Timeline of steps_counters (steps_counters.pt.trace.json)")], ==, 'L');
  g_assert_cmpint (page_of (text, "Timeline of steps_counters (steps_counters.pt.trace.json)"), >,
                   page_of (text, "(ttft_vs_throughput, serving)"));
  g_assert_nonnull (strstr (text, "Time since the trace's start (ms)"));
  /* two serving charts share a portrait page */
  g_assert_cmpint (page_of (text, "(pareto_curve_throughput_per_gpu_vs_latency, serving)"), ==,
                   page_of (text, "(pareto_curve_throughput_per_gpu_vs_interactivity, serving)"));
  g_assert_cmpint (sizes[page_of (text, "(ttft_vs_throughput, serving)")], ==, 'P');
}

/* The embedded timeline of lane @name, or NULL. */
static JsonObject *
timeline_lane (JsonObject *timeline,
               const char *name)
{
  JsonArray *lanes = json_object_get_array_member (timeline, "lanes");

  for (guint i = 0; i < json_array_get_length (lanes); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (lanes, i), "name"), name))
      return json_array_get_object_element (lanes, i);
  return NULL;
}

/* How many slices the marks of every row of @timeline stand for. */
static gint64
timeline_count (JsonObject *timeline)
{
  JsonArray *lanes = json_object_get_array_member (timeline, "lanes");
  gint64 n = 0;

  for (guint l = 0; l < json_array_get_length (lanes); l++)
    {
      JsonObject *lane = json_array_get_object_element (lanes, l);
      JsonArray *rows = json_object_has_member (lane, "rows") ? json_object_get_array_member (lane, "rows") : NULL;

      for (guint r = 0; rows != NULL && r < json_array_get_length (rows); r++)
        {
          JsonArray *count = json_object_get_array_member (json_array_get_object_element (rows, r), "count");

          for (guint i = 0; i < json_array_get_length (count); i++)
            n += json_array_get_int_element (count, i);
        }
    }
  return n;
}

/* A trace's timeline in report.html (issue 21, item 6): HTA's
 * simple_add trace (838 complete events and 2 instants) embedded whole,
 * in exact ns from its first event, with its picture for readers without
 * JavaScript. */
static void
test_timeline_data (void)
{
  g_autofree char *h = home ();
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "data", "trace", "simple_add_trace.json.gz", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "timeline", NULL);
  g_autofree char *path = g_build_filename (out, "report.html", NULL);
  g_autofree char *html = NULL;
  g_autoptr(JsonNode) data = NULL;
  JsonArray *timelines, *names, *rows;
  JsonObject *timeline, *spans, *row, *stream;
  Result r;

  cli_run (&r, h, "--html", "-o", out, input, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  html = read_file (path);
  g_assert_nonnull (strstr (html, "<section id=\"timelines\">\n<h2>Timelines</h2>\n<figure class=\"chart timeline\" "
                                  "id=\"t1\" data-timeline=\"t1\">\n<figcaption>Timeline of simple_add_trace "
                                  "(simple_add_trace.json.gz)</figcaption>\n<div class=\"static\"><noscript><svg"));
  data = report_data (html);
  timelines = json_object_get_array_member (json_node_get_object (data), "timelines");
  g_assert_cmpuint (json_array_get_length (timelines), ==, 1);
  timeline = json_array_get_object_element (timelines, 0);
  g_assert_cmpstr (json_object_get_string_member (timeline, "title"), ==, "Timeline of simple_add_trace");
  g_assert_cmpint (json_object_get_int_member (timeline, "slices"), ==, 840);
  /* every slice is there (instants of one ns share a mark) and unthinned */
  g_assert_cmpint (timeline_count (timeline), ==, 840);
  g_assert_cmpint (json_object_get_int_member (timeline, "ns_per_column"), ==, 1);
  g_assert_false (json_object_has_member (timeline, "note"));
  /* the trace runs from its first event (ts 1694039968933321 µs) to the
   * end of its last (ts 1694040010535675 µs) */
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (timeline, "extent"), 0), ==, 0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (timeline, "extent"), 1), ==,
                   41602740000);
  /* the first event: "PyTorch Profiler (0)", ts 1694039968933321, dur 41602354 µs */
  names = json_object_get_array_member (timeline, "names");
  spans = timeline_lane (timeline, "Spans · PyTorch Profiler");
  g_assert_nonnull (spans);
  row = json_array_get_object_element (json_object_get_array_member (spans, "rows"), 0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (row, "start"), 0), ==, 0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (row, "end"), 0), ==, 41602354000);
  g_assert_cmpstr (json_array_get_string_element (names, json_array_get_int_element (
                     json_object_get_array_member (row, "name"), 0)), ==, "PyTorch Profiler (0)");
  /* a GPU stream: its first event a pageable HtoD memcpy at ts 1694039994071305, 11 µs */
  stream = timeline_lane (timeline, "GPU 0 · stream 7");
  g_assert_nonnull (stream);
  rows = json_object_get_array_member (stream, "rows");
  row = json_array_get_object_element (rows, 0);
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (row, "start")), ==, 108);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (row, "start"), 0), ==, 25137984000);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (row, "end"), 0), ==, 25137995000);
  g_assert_cmpstr (json_array_get_string_element (names, json_array_get_int_element (
                     json_object_get_array_member (row, "name"), 0)), ==, "Memcpy HtoD (Pageable -> Device)");
}

/* A trace of 90,000 one-µs kernels is embedded as marks on a grid of
 * pixel columns (each standing for the slices it merges, every slice
 * counted once) with a note that says so, and every slice as its finer
 * level. */
static void
test_timeline_thinned (void)
{
  g_autofree char *h = home ();
  g_autofree char *dir = g_build_filename (tmp_root, "big-trace", NULL);
  g_autofree char *input = g_build_filename (dir, "big.pt.trace.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "big-trace-out", NULL);
  g_autofree char *path = g_build_filename (out, "report.html", NULL);
  g_autofree char *html = NULL;
  g_autoptr(JsonNode) data = NULL;
  g_autoptr(GString) trace = g_string_new ("{\"traceEvents\": [\n");
  JsonObject *timeline, *fine;
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
  html = read_file (path);
  data = report_data (html);
  timeline = json_array_get_object_element (json_object_get_array_member (json_node_get_object (data), "timelines"), 0);
  g_assert_cmpint (json_object_get_int_member (timeline, "slices"), ==, 90000);
  g_assert_cmpint (json_object_get_int_member (timeline, "embedded"), <=, 60000);
  g_assert_cmpint (json_object_get_int_member (timeline, "ns_per_column"), >, 1);
  g_assert_cmpint (timeline_count (timeline), ==, 90000);
  g_assert_nonnull (strstr (json_object_get_string_member (timeline, "note"), "90000 slices, drawn as "));
  g_assert_nonnull (strstr (json_object_get_string_member (timeline, "note"), "Zoomed in further, every slice."));
  /* and every slice as its finer level, in a script of its own */
  fine = json_object_get_object_member (timeline, "fine");
  g_assert_cmpint (json_object_get_int_member (fine, "marks"), ==, 90000);
  g_assert_cmpint (json_object_get_int_member (fine, "ns_per_column"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (fine, "ref"), ==, "t1-fine");
  g_assert_nonnull (strstr (html, "<script type=\"application/json\" id=\"t1-fine\">{\"lanes\":[{\"rows\":[{\"n\":90000,"));
  /* 270 ms of trace: its extent in ns, exactly */
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (timeline, "extent"), 1), ==,
                   (89999 * 3 + 1) * 1000);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-cli-report-XXXXXX", NULL);

  g_test_add_func ("/aiperf/cli/report/paths", test_paths);
  g_test_add_func ("/aiperf/cli/report/page", test_page);
  g_test_add_func ("/aiperf/cli/report/escaping-and-failures", test_escaping_and_failures);
  g_test_add_func ("/aiperf/cli/report/nothing-loaded", test_nothing_loaded);
  g_test_add_func ("/aiperf/cli/report/pdf", test_pdf);
  g_test_add_func ("/aiperf/cli/report/cutile-sides", test_cutile_sides);
  g_test_add_func ("/aiperf/cli/report/pdf-kinds", test_pdf_kinds);
  g_test_add_func ("/aiperf/cli/report/pdf-whole-legend", test_pdf_whole_legend);
  g_test_add_func ("/aiperf/cli/report/pdf-long-legend", test_pdf_long_legend);
  g_test_add_func ("/aiperf/cli/report/timeline-data", test_timeline_data);
  g_test_add_func ("/aiperf/cli/report/timeline-thinned", test_timeline_thinned);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (tmp_root);
  return status;
}
