/* test-trace-timeline.c — the trace store's track model (nesting, the
 * visible range, per-pixel merging) and the timeline painter's pixels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo.h>
#include <math.h>

#include "aiperf-kernel-classes.h"
#include "aiperf-timeline.h"
#include "aiperf-timeline-private.h"
#include "aiperf-trace-store.h"

typedef struct {
  gint64 start, end;
  guint  depth, key, count;
  char  *name;
} Emitted;

static void
collect (gint64      start,
         gint64      end,
         guint       depth,
         guint       key,
         const char *name,
         guint       count,
         guint       n_matched,
         gpointer    user_data)
{
  Emitted e = { start, end, depth, key, count, g_strdup (name) };

  g_array_append_val ((GArray *) user_data, e);
}

static void
emitted_clear (gpointer data)
{
  g_free (((Emitted *) data)->name);
}

/* A GPU lane (one kernel of 1 ms at 10 ms) and a CPU lane: a 50 ms step
 * holding an op, and 1000 slices of 1 µs from 20 ms. */
static AiperfTraceStore *
make_store (void)
{
  AiperfTraceStore *store = aiperf_trace_store_new ();
  const gint64 t = 1700000000000000000;   /* absolute ns */
  guint gpu, cpu;

  gpu = aiperf_trace_store_track (store, "0", "7");
  cpu = aiperf_trace_store_track (store, "100", "100");
  aiperf_trace_store_set_process (store, "0", "GPU 0", TRUE);
  aiperf_trace_store_set_process (store, "100", "python3", FALSE);
  aiperf_trace_store_set_process_sort (store, "100", 1);
  aiperf_trace_store_set_process_sort (store, "0", 2);
  aiperf_trace_store_add_slice (store, gpu, t + 10000000, 1000000, "sm90_xmma_gemm", "kernel", "gemm", 0, 0);
  aiperf_trace_store_add_slice (store, cpu, t, 50000000, "ProfilerStep#1", "user_annotation", NULL, 0, 0);
  aiperf_trace_store_add_slice (store, cpu, t + 5000000, 2000000, "aten::mm", "cpu_op", NULL, 0, 0);
  for (int i = 0; i < 1000; i++)
    aiperf_trace_store_add_slice (store, cpu, t + 20000000 + i * 1000, 1000, "tiny", "cpu_op", NULL, 0, 0);
  aiperf_trace_store_finish (store);
  return store;
}

static void
test_model (void)
{
  g_autoptr(AiperfTraceStore) store = make_store ();
  g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (Emitted));
  AiperfTrackModel model;
  gint64 t0, t1;
  guint tiny = 0;

  g_array_set_clear_func (got, emitted_clear);
  aiperf_trace_store_get_model (store, &model);
  g_assert_cmpuint (model.vtable->n_lanes (model.self), ==, 2);
  /* The sort indices put the CPU first. */
  g_assert_cmpstr (model.vtable->lane_name (model.self, 0), ==, "python3 · 100");
  g_assert_cmpstr (model.vtable->lane_name (model.self, 1), ==, "GPU 0 · 7");
  g_assert_cmpuint (model.vtable->lane_depth (model.self, 0), ==, 2);
  model.vtable->extent (model.self, &t0, &t1);
  g_assert_cmpint (t0, ==, 0);
  g_assert_cmpint (t1, ==, 50000000);

  /* 10 µs a pixel: the step and the op one by one, the 1000 tiny slices
   * merged into 100 pixel columns of 10. */
  model.vtable->query (model.self, 0, 0, 50000000, 10000, NULL, collect, got);
  for (guint i = 0; i < got->len; i++)
    {
      Emitted *e = &g_array_index (got, Emitted, i);

      if (e->count > 1)
        {
          g_assert_cmpuint (e->count, ==, 10);
          g_assert_cmpuint (e->depth, ==, 1);
          g_assert_null (e->name);
          tiny++;
        }
    }
  g_assert_cmpuint (tiny, ==, 100);
  g_assert_cmpuint (got->len, ==, 102);

  /* A range inside the step: the step still shows (it started before). */
  g_array_set_size (got, 0);
  model.vtable->query (model.self, 0, 30000000, 40000000, 10000, NULL, collect, got);
  g_assert_cmpuint (got->len, ==, 1);
  g_assert_cmpstr (g_array_index (got, Emitted, 0).name, ==, "ProfilerStep#1");
  g_assert_cmpint (g_array_index (got, Emitted, 0).depth, ==, 0);

  /* The kernel is coloured by its category. */
  g_array_set_size (got, 0);
  model.vtable->query (model.self, 1, 0, 50000000, 1000, NULL, collect, got);
  g_assert_cmpuint (got->len, ==, 1);
  g_assert_cmpstr (model.vtable->key_name (model.self, g_array_index (got, Emitted, 0).key), ==, "gemm");
}

/* The kernel's box is drawn where its time is: 10–11 ms of 50 ms across
 * the plot, in its key's palette colour. */
static void
test_pixels (void)
{
  g_autoptr(AiperfTraceStore) store = make_store ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1600, 800);
  cairo_t *cr = cairo_create (surface);
  AiperfTrackModel model;
  AiperfStyle style;
  double left = 260, plot_w = 1600 - 260 - 24;
  int x, stride = cairo_image_surface_get_stride (surface);
  guint32 pixel, white;
  guchar *data;
  guint row_found = 0;
  AiperfTimelineState whole = AIPERF_TIMELINE_STATE_INIT (0, 50000000);

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_trace_store_get_model (store, &model);
  aiperf_timeline_draw (cr, &model, &whole, &style, 1600, 800, "test");
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  white = *(guint32 *) data;
  x = (int) (left + plot_w * 10.5 / 50);
  /* Down column x, in the GPU lane (the last one), a coloured (not grey)
   * pixel: the kernel. */
  for (int y = 70; y < 740; y++)
    {
      guint r, g, b;

      pixel = *(guint32 *) (data + y * stride + x * 4);
      r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
      if (r != g || g != b)
        row_found = y;
    }
  g_assert_cmpuint (row_found, >, 70);
  /* Left of the kernel in that row: background. */
  pixel = *(guint32 *) (data + row_found * stride + (int) (left + plot_w * 9.0 / 50) * 4);
  g_assert_cmphex (pixel & 0xffffff, ==, white & 0xffffff);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  aiperf_style_clear (&style);
}

/* The pixel at @x, @y of a 1600×800 timeline of @store, with its
 * background's. */
static guint32
timeline_pixel (AiperfTraceStore *store,
                int               x,
                int               y,
                guint32          *background)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1600, 800);
  cairo_t *cr = cairo_create (surface);
  AiperfTimelineState whole = AIPERF_TIMELINE_STATE_INIT (0, 50000000);
  AiperfTrackModel model;
  AiperfStyle style;
  guint32 pixel;
  guchar *data;

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_trace_store_get_model (store, &model);
  aiperf_timeline_draw (cr, &model, &whole, &style, 1600, 800, "legend");
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  *background = *(guint32 *) data & 0xffffff;
  pixel = *(guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4) & 0xffffff;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  aiperf_style_clear (&style);
  return pixel;
}

/* The legend's first swatch (12 px at the plot's left, 48 px down) is
 * drawn when two keys or more are: a trace whose slices have no category
 * (acelyzer's) is all one colour, and a key "slice" would say nothing. */
static void
test_legend_keys (void)
{
  g_autoptr(AiperfTraceStore) several = make_store ();
  g_autoptr(AiperfTraceStore) one = aiperf_trace_store_new ();
  guint lane = aiperf_trace_store_track (one, "1", "2");
  guint32 background;

  aiperf_trace_store_add_slice (one, lane, 1000000, 5000000, "add_11 Cmpt Exec", NULL, NULL, 0, 0);
  aiperf_trace_store_add_slice (one, lane, 9000000, 5000000, "add_11 Cmpt Prep", NULL, NULL, 0, 0);
  aiperf_trace_store_finish (one);
  g_assert_cmphex (timeline_pixel (several, 266, 54, &background), !=, background);
  g_assert_cmphex (timeline_pixel (one, 266, 54, &background), ==, background);
}

/* What hovering finds: the kernel at 10.5 ms in the GPU lane, the step in
 * the CPU lane's first row, nothing left of the plot. The CPU lane (2
 * rows) comes first, then the GPU lane. */
static void
test_hit (void)
{
  g_autoptr(AiperfTraceStore) store = make_store ();
  AiperfTrackModel model;
  AiperfStyle style;
  AiperfTimelineHit hit;
  double left = 260, top = 70, plot_w = 1600 - 260 - 24, row = 18;
  AiperfTimelineState whole = AIPERF_TIMELINE_STATE_INIT (0, 50000000);
  AiperfTimelineState zoomed = AIPERF_TIMELINE_STATE_INIT (10000000, 12000000);

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_trace_store_get_model (store, &model);
  g_assert_true (aiperf_timeline_hit (&model, &whole, &style, 1600, 800,
                                      left + plot_w * 10.5 / 50, top + 2 * row + row / 2, &hit));
  g_assert_cmpstr (hit.name, ==, "sm90_xmma_gemm");
  g_assert_cmpuint (hit.lane, ==, 1);
  g_assert_cmpint (hit.start, ==, 10000000);
  g_assert_cmpint (hit.end, ==, 11000000);
  aiperf_timeline_hit_clear (&hit);

  g_assert_true (aiperf_timeline_hit (&model, &whole, &style, 1600, 800,
                                      left + plot_w * 40 / 50, top + row / 2, &hit));
  g_assert_cmpstr (hit.name, ==, "ProfilerStep#1");
  aiperf_timeline_hit_clear (&hit);

  g_assert_false (aiperf_timeline_hit (&model, &whole, &style, 1600, 800, left - 20, top + row / 2, &hit));
  g_assert_null (hit.name);
  /* Zoomed into 10–12 ms, the same kernel is under 10.5 ms. */
  g_assert_cmpint (aiperf_timeline_time_at (&model, &zoomed, &style, 1600, 800, left + plot_w / 4), ==, 10500000);
  aiperf_style_clear (&style);
}

/* Each kernel category and Kineto cat has a colour of its own, by its
 * name: the same in every trace and distinct from every other one's
 * (communication is not the user annotations' blue, GEMM not memset's red). */
static void
test_colors (void)
{
  static const char * const names[] = {
    "gemm", "attention", "communication", "memory", "elementwise", "normalization", "moe", "other",
    "gpu_memcpy", "gpu_memset", "cpu_op", "user_annotation", "gpu_user_annotation", "cuda_runtime",
    "cuda_driver", "python_function",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      AiperfRGBA a = aiperf_timeline_name_color (names[i]), again = aiperf_timeline_name_color (names[i]);

      g_assert_true (a.r == again.r && a.g == again.g && a.b == again.b);
      for (guint k = i + 1; k < G_N_ELEMENTS (names); k++)
        {
          AiperfRGBA b = aiperf_timeline_name_color (names[k]);
          double d = fabs (a.r - b.r) + fabs (a.g - b.g) + fabs (a.b - b.b);

          if (d < 0.15)
            g_error ("%s and %s look alike (%.3f)", names[i], names[k], d);
        }
    }
}

/* The search: "M" (any case) matches aten::mm on the CPU at 5 ms and the
 * gemm kernel on the GPU at 10 ms, stepped in time order across lanes and
 * round neither end; "T" matches the step at 0, aten::mm and the 1000
 * tiny slices from 20 ms, and counting before a match gives its number. */
static void
test_search (void)
{
  g_autoptr(AiperfTraceStore) store = make_store ();
  AiperfTrackModel model;
  gpointer match;
  AiperfTrackSlice a, b, c, last;
  guint n_marks;
  const AiperfTrackMark *marks;

  aiperf_trace_store_get_model (store, &model);
  match = model.vtable->match_new (model.self, "M", FALSE);
  g_assert_cmpuint (model.vtable->match_count (model.self, match, NULL), ==, 2);
  g_assert_true (model.vtable->match_step (model.self, match, NULL, TRUE, &a));
  g_assert_cmpuint (a.lane, ==, 0);
  g_assert_cmpuint (a.depth, ==, 1);
  g_assert_cmpint (a.start, ==, 5000000);
  g_assert_cmpint (a.end, ==, 7000000);
  g_assert_true (model.vtable->match_step (model.self, match, &a, TRUE, &b));
  g_assert_cmpuint (b.lane, ==, 1);
  g_assert_cmpint (b.start, ==, 10000000);
  g_assert_cmpuint (model.vtable->match_count (model.self, match, &b), ==, 1);
  g_assert_false (model.vtable->match_step (model.self, match, &b, TRUE, &c));
  g_assert_true (model.vtable->match_step (model.self, match, &b, FALSE, &c));
  g_assert_cmpint (c.start, ==, 5000000);
  g_assert_false (model.vtable->match_step (model.self, match, &c, FALSE, &c));
  model.vtable->match_free (model.self, match);

  match = model.vtable->match_new (model.self, "T", FALSE);
  g_assert_cmpuint (model.vtable->match_count (model.self, match, NULL), ==, 1002);
  g_assert_true (model.vtable->match_step (model.self, match, NULL, TRUE, &a));
  g_assert_cmpint (a.start, ==, 0);
  g_assert_true (model.vtable->match_step (model.self, match, &a, TRUE, &b));
  g_assert_cmpint (b.start, ==, 5000000);
  g_assert_true (model.vtable->match_step (model.self, match, &b, TRUE, &c));
  g_assert_cmpint (c.start, ==, 20000000);
  g_assert_cmpuint (model.vtable->match_count (model.self, match, &c), ==, 2);
  g_assert_true (model.vtable->match_step (model.self, match, NULL, FALSE, &last));
  g_assert_cmpint (last.start, ==, 20000000 + 999 * 1000);
  g_assert_cmpuint (model.vtable->match_count (model.self, match, &last), ==, 1001);
  g_assert_true (model.vtable->match_step (model.self, match, &last, FALSE, &c));
  g_assert_cmpint (c.start, ==, 20000000 + 998 * 1000);
  model.vtable->match_free (model.self, match);

  match = model.vtable->match_new (model.self, "no such slice", FALSE);
  g_assert_cmpuint (model.vtable->match_count (model.self, match, NULL), ==, 0);
  g_assert_false (model.vtable->match_step (model.self, match, NULL, TRUE, &a));
  model.vtable->match_free (model.self, match);

  /* The CPU-side step is the iteration to mark: there is no GPU-side one. */
  marks = model.vtable->marks (model.self, &n_marks);
  g_assert_cmpuint (n_marks, ==, 1);
  g_assert_cmpint (marks[0].start, ==, 0);
  g_assert_cmpint (marks[0].end, ==, 50000000);
  g_assert_cmpstr (marks[0].name, ==, "ProfilerStep#1");
}

/* With a GPU-side ProfilerStep (gpu_user_annotation), that one is marked,
 * not the CPU's: its line is drawn at its start, 30 ms into 100 ms. */
static void
test_marks_gpu_side (void)
{
  g_autoptr(AiperfTraceStore) store = aiperf_trace_store_new ();
  const gint64 t = 1700000000000000000;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1600, 800);
  cairo_t *cr = cairo_create (surface);
  AiperfTimelineState whole = AIPERF_TIMELINE_STATE_INIT (0, 100000000);
  double plot_w = 1600 - 260 - 24;
  int x = (int) floor (260 + plot_w * 0.3), stride = cairo_image_surface_get_stride (surface);
  AiperfTrackModel model;
  AiperfStyle style;
  const AiperfTrackMark *marks;
  guint n, dark = 0;
  guchar *data;
  guint cpu, gpu;

  cpu = aiperf_trace_store_track (store, "100", "100");
  gpu = aiperf_trace_store_track (store, "0", "7");
  aiperf_trace_store_add_slice (store, cpu, t, 20000000, "ProfilerStep#4", "user_annotation", NULL, 0, 0);
  aiperf_trace_store_add_slice (store, gpu, t + 30000000, 70000000, "ProfilerStep#4", "gpu_user_annotation", NULL, 0, 0);
  aiperf_trace_store_finish (store);
  aiperf_trace_store_get_model (store, &model);
  marks = model.vtable->marks (model.self, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (marks[0].start, ==, 30000000);
  g_assert_cmpint (marks[0].end, ==, 100000000);

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_timeline_draw (cr, &model, &whole, &style, 1600, 800, "marks");
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  /* Down the line's column below the lanes: dashes, darker than the
   * background about half the way. */
  for (int y = 200; y < 700; y++)
    dark += (*(guint32 *) (data + y * stride + x * 4) & 0xff) < 0xc0;
  g_test_message ("dark pixels in column %d: %u", x, dark);
  g_assert_cmpuint (dark, >, 150);
  g_assert_cmpuint (dark, <, 350);
  dark = 0;
  for (int y = 200; y < 700; y++)
    dark += (*(guint32 *) (data + y * stride + (x - 40) * 4) & 0xff) < 0xc0;
  g_assert_cmpuint (dark, ==, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  aiperf_style_clear (&style);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/model", test_model);
  g_test_add_func ("/trace/pixels", test_pixels);
  g_test_add_func ("/trace/legend-keys", test_legend_keys);
  g_test_add_func ("/trace/hit", test_hit);
  g_test_add_func ("/trace/colors", test_colors);
  g_test_add_func ("/trace/search", test_search);
  g_test_add_func ("/trace/marks-gpu-side", test_marks_gpu_side);
  return g_test_run ();
}
