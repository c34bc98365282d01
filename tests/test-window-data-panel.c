/* test-window-data-panel.c — the one data panel shows each kind's table:
 * a kernel summary, a gate log and a GEMM result each open a data tab whose
 * columns, rows, first values and status line are those of the file; its
 * width never depends on what it shows (a shorter GPU name unfolded the
 * sidebar); the table goes beside the chart only where both fit, its
 * columns are never scrolled out of sight at first, and neither pane can
 * be dragged away.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-data-panel-private.h"

static AiperfWindow *
open_one (const char *first,
          ...)
{
  va_list args;
  g_autofree char *path = NULL;
  const char *paths[2] = { NULL, NULL };
  AiperfWindow *window;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  va_start (args, first);
  for (const char *p = first; p != NULL; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  path = g_build_filenamev ((char **) parts->pdata);
  paths[0] = path;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  return window;
}

static char *
data_path (const char *what)
{
  return g_test_build_filename (G_TEST_DIST, "data", what, NULL);
}

/* The titles of @panel's columns that show (a column no row fills is
 * hidden), joined by "|". */
static char *
shown_columns (AiperfDataPanel *panel)
{
  GListModel *columns = gtk_column_view_get_columns (aiperf_data_panel_get_column_view (panel));
  GString *s = g_string_new (NULL);

  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (gtk_column_view_column_get_visible (column))
        g_string_append_printf (s, "%s%s", s->len > 0 ? "|" : "", gtk_column_view_column_get_title (column));
    }
  return g_string_free (s, FALSE);
}

/* The texts of row @row of @panel's table, joined by "|" ("—" for none). */
static char *
row_texts (AiperfDataPanel *panel,
           guint            row)
{
  AiperfDataTable *table = aiperf_data_panel_get_table (panel);
  GString *s = g_string_new (NULL);

  for (guint c = 0; c < aiperf_data_table_get_n_columns (table); c++)
    {
      const char *text = aiperf_data_table_get_text (table, row, c);

      g_string_append_printf (s, "%s%s", c > 0 ? "|" : "", text != NULL ? text : "—");
    }
  return g_string_free (s, FALSE);
}

static int
natural_width (AiperfDataPanel *panel)
{
  int min = 0, nat = 0;

  gtk_widget_measure (GTK_WIDGET (panel), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  return nat;
}

/* An Nsight kernel summary: a row per kernel, largest first, the name
 * column taking the room, the whole name on hover. */
static void
test_kernel_summary (void)
{
  g_autofree char *csv = data_path ("nsight");
  AiperfWindow *window;
  AiperfDataPanel *panel;
  g_autofree char *columns = NULL, *first = NULL;
  GListModel *view_columns;

  if (!display_available ())
    return;
  window = open_one (csv, "eplb", "EPLBOFF.csv", NULL);
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  columns = shown_columns (panel);
  /* one summary: no Source column */
  g_assert_cmpstr (columns, ==, "Kernel|Category|Calls|Total (ms)|Share|Avg (µs)|Min (µs)|Max (µs)");
  g_assert_cmpuint (g_list_model_get_n_items (data_panel_rows (panel)), ==, 7);
  /* 40.00%,2.000 s,20000,100.000 μs,98.000 μs,50.000 μs,200.000 μs, fused_moe_kernel */
  first = row_texts (panel, 0);
  g_assert_cmpstr (first, ==, "fused_moe_kernel|moe|20000|2000|40.0%|100|50|200");
  g_assert_cmpstr (aiperf_data_table_get_tooltip (aiperf_data_panel_get_table (panel), 0, 0), ==,
                   "void fused_moe_kernel<__nv_bfloat16, 128>(const T*, int, int)");
  g_assert_cmpfloat (aiperf_data_table_get_number (aiperf_data_panel_get_table (panel), 0, 3), ==, 2000);
  g_assert_cmpstr (aiperf_data_panel_get_status (panel), ==, "7 kernels in 1 source · kernel time: EPLBOFF 5 s");
  /* the name column alone takes the width the numbers leave */
  view_columns = gtk_column_view_get_columns (aiperf_data_panel_get_column_view (panel));
  for (guint c = 0; c < g_list_model_get_n_items (view_columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (view_columns, c);

      g_assert_cmpint (gtk_column_view_column_get_expand (column), ==, c == 0);
    }
  destroy_window (window);
}

/* ccl-bench gate logs: a row per expert of each set, the sets' numbers as
 * the status. */
static void
test_gate_log (void)
{
  g_autofree char *logs = data_path ("gate-logs");
  AiperfWindow *window;
  AiperfDataPanel *panel;
  g_autofree char *columns = NULL, *first = NULL, *last = NULL;
  g_auto(GStrv) lines = NULL;

  if (!display_available ())
    return;
  window = open_one (logs, "ccl", NULL);
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  columns = shown_columns (panel);
  g_assert_cmpstr (columns, ==, "Set|Expert|Tokens|Share|× Uniform");
  g_assert_cmpuint (g_list_model_get_n_items (data_panel_rows (panel)), ==, 8);
  /* baseline: 4055 of its 4300 tokens on expert 0 */
  first = row_texts (panel, 0);
  g_assert_cmpstr (first, ==, "baseline_gates_logs|0|4055|94.30%|3.772");
  /* all2all: 145 of its 420 on expert 1 */
  last = row_texts (panel, 5);
  g_assert_cmpstr (last, ==, "default_all2all_gates_logs|1|145|34.52%|1.381");
  lines = g_strsplit (aiperf_data_panel_get_status (panel), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_cmpstr (lines[0], ==, "baseline_gates_logs: 4 experts, 5 steps · entropy 0.405 bits (0.202 of the "
                                 "maximum) · CV of the totals 1.601 · mean per-step CV 0.594 · max ÷ min 57.9");
  g_assert_cmpstr (lines[1], ==, "default_all2all_gates_logs: 4 experts, 5 steps · entropy 1.959 bits (0.979 of "
                                 "the maximum) · CV of the totals 0.243 · mean per-step CV 0.556 · max ÷ min 1.93");
  /* and what loading skipped, a step and a whole file */
  g_assert_true (g_str_has_suffix (lines[2], "gates_logs_0/gate_logs_1.json:3:3: step 1 has 3 experts where the "
                                             "steps before it have 4 (ragged “expert_loads”); step skipped"));
  g_assert_true (g_str_has_suffix (lines[3], "gates_logs_1/gate_logs_0.json:1:1: empty gate log (the file holds "
                                             "no JSON); file skipped"));
  destroy_window (window);
}

/* A TraceLens GEMM sheet: its measurements, the columns it fills; without
 * a GPU the status says to pick one (no flag), and picking H100 in the
 * drop-down fills attainable and efficiency without changing how wide the
 * panel asks to be. */
static void
test_gemm_result (void)
{
  g_autofree char *gemm = data_path ("gemm");
  AiperfWindow *window;
  AiperfDataPanel *panel;
  g_autofree char *columns = NULL, *first = NULL, *with_gpu = NULL, *columns_gpu = NULL;
  GtkDropDown *gpu;
  GListModel *names;
  guint h100 = 0;
  int width;

  if (!display_available ())
    return;
  window = open_one (gemm, "tracelens", "h100", "GEMM.csv", NULL);
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  /* no model or batch size in the file: those columns are not shown */
  columns = shown_columns (panel);
  g_assert_cmpstr (columns, ==, "Kernel|dtype|M|N|K|TFLOP/s|FLOP/B|Time (µs)|Library");
  g_assert_cmpuint (g_list_model_get_n_items (data_panel_rows (panel)), ==, 5);
  /* aten::mm 8944×2816×1024: 610.67 TFLOP/s, 692.77 FLOP/B */
  first = row_texts (panel, 0);
  g_assert_cmpstr (first, ==, "aten::mm|—|—|bf16|8944|2816|1024|610.7|692.8|—|—|84.48|cublas");
  g_assert_cmpstr (aiperf_data_panel_get_status (panel), ==,
                   "5 of 5 measurements · the input names no known GPU: pick one under GPU for its ceilings, "
                   "attainable TFLOP/s and efficiency");
  g_assert_null (strstr (aiperf_data_panel_get_status (panel), "--gpu"));

  width = natural_width (panel);
  gpu = GTK_DROP_DOWN (find_descendant (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN));
  names = gtk_drop_down_get_model (gpu);
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (names), i), "H100 SXM"))
      h100 = i;
  g_assert_cmpuint (h100, >, 0);
  gtk_drop_down_set_selected (gpu, h100);
  g_assert_cmpstr (g_hash_table_lookup (aiperf_session_get_options (window->session), "gpu"), ==, "H100 SXM");
  g_assert_cmpstr (aiperf_data_panel_get_status (panel), ==, "5 of 5 measurements · ceilings of the H100 SXM");
  columns_gpu = shown_columns (panel);
  g_assert_cmpstr (columns_gpu, ==, "Kernel|dtype|M|N|K|TFLOP/s|FLOP/B|Attainable|Efficiency|Time (µs)|Library");
  /* bf16 989 TFLOP/s and 3.35 TB/s: the ridge is past 692.8 FLOP/B */
  with_gpu = row_texts (panel, 0);
  g_assert_true (g_str_has_prefix (with_gpu, "aten::mm|—|—|bf16|8944|2816|1024|610.7|692.8|"));
  g_assert_cmpfloat_with_epsilon (aiperf_data_table_get_number (aiperf_data_panel_get_table (panel), 0, 9),
                                  MIN (989.0, 692.7688414567059 * 3.35), 1.0);
  /* a shorter choice and status leave the panel's natural width alone */
  g_assert_cmpint (natural_width (panel), ==, width);
  destroy_window (window);
}

/* A GEMM file with rows that could not be read: the two that could, and
 * under them what loading left out. */
static void
test_gemm_skipped_rows (void)
{
  g_autofree char *gemm = data_path ("gemm");
  AiperfWindow *window;
  AiperfDataPanel *panel;
  g_auto(GStrv) lines = NULL;

  if (!display_available ())
    return;
  window = open_one (gemm, "bad-rows.csv", NULL);
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  g_assert_cmpuint (g_list_model_get_n_items (data_panel_rows (panel)), ==, 2);
  lines = g_strsplit (aiperf_data_panel_get_status (panel), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_true (g_str_has_prefix (lines[0], "2 of 2 measurements · "));
  g_assert_true (g_str_has_suffix (lines[2], "bad-rows.csv:3:5: “x” in column K is not a number; row skipped"));
  /* seven notes in all: "… 5:6: no time …", "… 6:6: …" twice, "3 rows skipped" */
  g_assert_cmpstr (lines[4], ==, "… and 4 more notes in the runs' details");
  destroy_window (window);
}

/* Lets the window lay itself out and draw until @done holds (10 s at
 * most), or a few frames when @done is NULL. */
static void
settle_until (gboolean (*done) (AiperfDataPanel *panel),
              AiperfDataPanel *panel)
{
  gint64 deadline = g_get_monotonic_time () + (done != NULL ? 10 : 0) * G_USEC_PER_SEC;

  do
    {
      for (int i = 0; i < 10; i++)
        {
          g_usleep (5000);
          while (g_main_context_iteration (NULL, FALSE))
            ;
        }
    }
  while (done != NULL && !done (panel) && g_get_monotonic_time () < deadline);
}

static gboolean
is_beside (AiperfDataPanel *panel)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (panel->paned)) == GTK_ORIENTATION_HORIZONTAL &&
         gtk_widget_get_width (GTK_WIDGET (panel->chart_view)) > 0;
}

static gboolean
is_above (AiperfDataPanel *panel)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (panel->paned)) == GTK_ORIENTATION_VERTICAL &&
         gtk_widget_get_height (GTK_WIDGET (panel->chart_view)) > 0;
}

/* Every column of the table in view: nothing to scroll sideways. */
static void
assert_columns_in_view (AiperfDataPanel *panel)
{
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (panel->scroller);

  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h) + 0.5);
}

static int
column_width (AiperfDataPanel *panel,
              const char      *title)
{
  GListModel *columns = gtk_column_view_get_columns (panel->view);

  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);
      GtkWidget *header = NULL;

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) != 0)
        continue;
      /* the column's header cell: its allocated width is the column's */
      for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (panel->view)); w != NULL && header == NULL;
           w = gtk_widget_get_next_sibling (w))
        for (GtkWidget *t = gtk_widget_get_first_child (w); t != NULL; t = gtk_widget_get_next_sibling (t))
          if (g_str_equal (G_OBJECT_TYPE_NAME (t), "GtkColumnViewTitle") && c-- == 0)
            {
              header = t;
              break;
            }
      g_assert_nonnull (header);
      return gtk_widget_get_width (header);
    }
  g_assert_not_reached ();
}

/* The width column @title asks for. */
static int
natural_of (AiperfDataPanel *panel,
            const char      *title)
{
  GListModel *columns = gtk_column_view_get_columns (panel->view);

  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (column), "aiperf-natural-width"));
    }
  g_assert_not_reached ();
}

/* The EPLB pair's kernels (nine columns, names up to 41 characters) in a
 * 1400 × 900 window (or as wide as the screen allows): beside a chart they
 * would leave it no room, so the table goes above it at the panel's whole
 * width — every column in view, the kernel column with all the width the
 * numbers leave — and the chart keeps the rest. In a 900 px window the
 * names give way (shortened, whole on hover), the numbers do not. */
static void
test_layout (void)
{
  g_autofree char *off = data_path ("nsight/eplb/EPLBOFF.csv");
  g_autofree char *on = data_path ("nsight/eplb/EPLBON.csv");
  const char *paths[] = { off, on, NULL };
  AiperfWindow *window;
  AiperfDataPanel *panel;
  AdwTabView *tabs;
  int natural, kernel, others;

  if (!display_available ())
    return;
  window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  tabs = aiperf_window_get_tab_view (window);
  adw_tab_view_set_selected_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (panel)));
  natural = aiperf_data_columns_natural_width (panel->view);
  kernel = natural_of (panel, "Kernel");
  others = natural - kernel;
  /* the longest name measured whole, more than the sixteen digits kept */
  g_assert_cmpint (kernel, >, 250);
  g_assert_cmpint (others, >, 450);

  settle_until (is_above, panel);
  g_assert_true (is_above (panel));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (panel->paned)), <, natural + 16 + 520);
  assert_columns_in_view (panel);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (panel->scroller)), ==,
                   gtk_widget_get_width (GTK_WIDGET (panel->paned)));
  /* the name column takes what the numbers leave, up to the longest name */
  g_assert_cmpint (column_width (panel, "Kernel"), >=,
                   MIN (kernel, gtk_widget_get_width (GTK_WIDGET (panel->scroller)) - others - 20));
  /* the 14 rows up to half the panel, the chart the rest */
  g_assert_cmpint (gtk_paned_get_position (panel->paned), <=, gtk_widget_get_height (GTK_WIDGET (panel->paned)) / 2);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel->chart_view)), >=,
                   gtk_widget_get_height (GTK_WIDGET (panel->paned)) / 2 - 10);

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 900);
  settle_until (is_above, panel);
  g_assert_true (is_above (panel));
  assert_columns_in_view (panel);
  /* shortened names, at least sixteen digits wide */
  g_assert_cmpint (column_width (panel, "Kernel"), <, kernel);
  g_assert_cmpint (column_width (panel, "Kernel"), >=, 100);
  destroy_window (window);
}

/* Neither pane can be dragged away: beside, the table keeps 280 px and
 * the chart 320 px (it was dragged down to 5 px, its legend over its
 * labels); above, the table keeps 120 px and the chart 240 px. A
 * dragged divider stays where it was left. */
static void
test_divider_minimum (void)
{
  g_autofree char *logs = data_path ("gate-logs");
  g_autofree char *ccl = g_build_filename (logs, "ccl", NULL);
  const char *paths[] = { ccl, NULL };
  AiperfWindow *window;
  AiperfDataPanel *panel;
  AdwTabView *tabs;

  if (!display_available ())
    return;
  window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  tabs = aiperf_window_get_tab_view (window);
  adw_tab_view_set_selected_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (panel)));
  /* five short columns: beside the chart, as wide as they ask */
  settle_until (is_beside, panel);
  g_assert_true (is_beside (panel));
  assert_columns_in_view (panel);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (panel->scroller)), >=,
                   aiperf_data_columns_natural_width (panel->view));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (panel->chart_view)), >=, 520);

  gtk_paned_set_position (panel->paned, 5);
  settle_until (NULL, panel);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (panel->scroller)), >=, 280);
  gtk_paned_set_position (panel->paned, 100000);
  settle_until (NULL, panel);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (panel->chart_view)), >=, 320);
  /* dragged: left where it is when the window changes */
  g_assert_true (panel->divider_dragged);

  gtk_window_set_default_size (GTK_WINDOW (window), 640, 900);
  settle_until (is_above, panel);
  g_assert_true (is_above (panel));
  gtk_paned_set_position (panel->paned, 5);
  settle_until (NULL, panel);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel->scroller)), >=, 120);
  gtk_paned_set_position (panel->paned, 100000);
  settle_until (NULL, panel);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel->chart_view)), >=, 240);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/data-panel/kernel-summary", test_kernel_summary);
  g_test_add_func ("/aiperf/window/data-panel/gate-log", test_gate_log);
  g_test_add_func ("/aiperf/window/data-panel/gemm", test_gemm_result);
  g_test_add_func ("/aiperf/window/data-panel/gemm-skipped-rows", test_gemm_skipped_rows);
  g_test_add_func ("/aiperf/window/data-panel/layout", test_layout);
  g_test_add_func ("/aiperf/window/data-panel/divider-minimum", test_divider_minimum);
  return g_test_run ();
}
