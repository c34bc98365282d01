/* test-png.c — the PNG encoder and its run-length deflate, checked by
 * decoding with libpng (through cairo) and zlib.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <zlib.h>

#include "aiperf-deflate.h"
#include "aiperf-png.h"

typedef struct {
  const guint8 *data;
  gsize         length;
  gsize         at;
} Reader;

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *data,
            unsigned int   length)
{
  Reader *r = closure;

  if (r->at + length > r->length)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, r->data + r->at, length);
  r->at += length;
  return CAIRO_STATUS_SUCCESS;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static GByteArray *
encode (cairo_surface_t *surface)
{
  GByteArray *png = g_byte_array_new ();
  g_autoptr(GError) error = NULL;

  cairo_surface_flush (surface);
  g_assert_true (aiperf_png_encode (surface, png, &error));
  g_assert_no_error (error);
  return png;
}

static cairo_surface_t *
decode (GByteArray *png)
{
  Reader r = { png->data, png->len, 0 };
  cairo_surface_t *surface = cairo_image_surface_create_from_png_stream (read_bytes, &r);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpuint (r.at, ==, png->len);
  return surface;
}

/* PNG colour type: 2 = RGB, 6 = RGBA. */
static guint
color_type (GByteArray *png)
{
  g_assert_cmpuint (png->len, >, 26);
  g_assert_true (memcmp (png->data + 12, "IHDR", 4) == 0);
  return png->data[25];
}

/* Every pixel of @got equals @want's (under @mask). */
static void
assert_same_pixels (cairo_surface_t *want,
                    cairo_surface_t *got,
                    guint32          mask)
{
  int w = cairo_image_surface_get_width (want), h = cairo_image_surface_get_height (want);

  cairo_surface_flush (want);
  g_assert_cmpint (cairo_image_surface_get_width (got), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (got), ==, h);
  for (int y = 0; y < h; y++)
    {
      const guint32 *a = (const guint32 *) (const void *) (cairo_image_surface_get_data (want) +
                                                          (gsize) y * cairo_image_surface_get_stride (want));
      const guint32 *b = (const guint32 *) (const void *) (cairo_image_surface_get_data (got) +
                                                          (gsize) y * cairo_image_surface_get_stride (got));

      for (int x = 0; x < w; x++)
        if (((a[x] ^ b[x]) & mask) != 0)
          g_error ("pixel (%d, %d): want %08x, got %08x", x, y, a[x], b[x]);
    }
}

/* A chart-like picture: flat background, grid, anti-aliased lines and
 * markers, text. */
static void
draw_scene (cairo_t *cr,
            int      w,
            int      h)
{
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.9, 0.9, 0.92);
  for (int x = 10; x < w; x += 37)
    {
      cairo_rectangle (cr, x, 0, 1, h);
      cairo_fill (cr);
    }
  cairo_set_line_width (cr, 2.5);
  cairo_set_source_rgb (cr, 0.0, 0.24, 1.0);
  cairo_move_to (cr, 0, h * 0.8);
  for (int i = 1; i <= 20; i++)
    cairo_line_to (cr, w * i / 20.0, h * (0.8 - 0.6 * (i % 7) / 7.0));
  cairo_stroke (cr);
  for (int i = 0; i < 30; i++)
    {
      cairo_arc (cr, (i * 53) % w, (i * 97) % h, 4.5, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.9, 0.3, 0.1, 0.7);
      cairo_fill (cr);
    }
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, 12, h / 2.0);
  cairo_set_font_size (cr, 17);
  cairo_show_text (cr, "Output Token Throughput (tokens/sec)");
}

static void
test_opaque_round_trip (void)
{
  /* odd widths exercise the four-pixel compare and its tail */
  const int sizes[][2] = { { 1, 1 }, { 1, 9 }, { 9, 1 }, { 3, 5 }, { 7, 40 }, { 641, 333 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      int w = sizes[i][0], h = sizes[i][1];
      cairo_surface_t *surface = aiperf_png_surface_new (w, h);
      cairo_t *cr = cairo_create (surface);
      g_autoptr(GByteArray) png = NULL;
      cairo_surface_t *back;

      draw_scene (cr, w, h);
      cairo_destroy (cr);
      png = encode (surface);
      g_assert_cmpuint (color_type (png), ==, 2);
      back = decode (png);
      assert_same_pixels (surface, back, 0xffffffffu);
      cairo_surface_destroy (back);
      cairo_surface_destroy (surface);
    }
}

/* A translucent pixel makes the file RGBA, wherever it appears: in the first
 * row, in a changed stretch late in the image, or as a pixel whose colour
 * equals the one above and only its alpha differs. The decoded pixels match
 * what cairo's own writer gives (same un-premultiply rounding). */
static void
test_alpha (void)
{
  for (int variant = 0; variant < 4; variant++)
    {
      int w = 120, h = 90;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cairo_t *cr = cairo_create (surface);
      g_autoptr(GByteArray) png = NULL, reference = g_byte_array_new ();
      cairo_surface_t *back, *want;
      guint32 *row;

      draw_scene (cr, w, h);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      row = (guint32 *) (void *) (cairo_image_surface_get_data (surface) +
                                  (gsize) 70 * cairo_image_surface_get_stride (surface));
      switch (variant)
        {
        case 0:  /* first row */
          ((guint32 *) (void *) cairo_image_surface_get_data (surface))[5] = 0x80402010u;
          break;
        case 1:  /* a late changed stretch */
          row[100] = 0x40101010u;
          break;
        case 2:  /* black above, transparent here: RGB equal, alpha not */
          row[-(cairo_image_surface_get_stride (surface) / 4) + 50] = 0xff000000u;
          row[50] = 0x00000000u;
          break;
        default: /* a translucent band */
          for (int x = 0; x < w; x++)
            row[x] = 0x7f3f1f0fu;
          break;
        }
      cairo_surface_mark_dirty (surface);
      png = encode (surface);
      g_assert_cmpuint (color_type (png), ==, 6);
      back = decode (png);
      g_assert_cmpint (cairo_surface_write_to_png_stream (surface, append_bytes, reference), ==,
                       CAIRO_STATUS_SUCCESS);
      want = decode (reference);
      assert_same_pixels (want, back, 0xffffffffu);
      cairo_surface_destroy (want);
      cairo_surface_destroy (back);
      cairo_surface_destroy (surface);
    }
}

/* RGB24: the unused byte is not data, and garbage there changes nothing. */
static void
test_rgb24 (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 50, 30);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GByteArray) png = NULL;
  cairo_surface_t *back;
  guint8 *data;

  draw_scene (cr, 50, 30);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < 30; y++)
    for (int x = 0; x < 50; x++)
      ((guint32 *) (void *) (data + (gsize) y * cairo_image_surface_get_stride (surface)))[x] ^=
        (guint32) g_random_int_range (0, 256) << 24;
  cairo_surface_mark_dirty (surface);
  png = encode (surface);
  g_assert_cmpuint (color_type (png), ==, 2);
  back = decode (png);
  assert_same_pixels (surface, back, 0x00ffffffu);
  cairo_surface_destroy (back);
  cairo_surface_destroy (surface);
}

/* Noise: nearly every byte a literal, several Huffman blocks. */
static void
test_noise (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 200);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GByteArray) png = NULL;
  cairo_surface_t *back;
  guint8 *data = cairo_image_surface_get_data (surface);

  for (int y = 0; y < 200; y++)
    for (int x = 0; x < 300; x++)
      ((guint32 *) (void *) (data + (gsize) y * cairo_image_surface_get_stride (surface)))[x] =
        0xff000000u | (g_rand_int (rand) & 0xffffffu);
  cairo_surface_mark_dirty (surface);
  png = encode (surface);
  g_assert_cmpuint (color_type (png), ==, 2);
  back = decode (png);
  assert_same_pixels (surface, back, 0xffffffffu);
  cairo_surface_destroy (back);
  cairo_surface_destroy (surface);
}

static void
check_inflates_to (GByteArray   *z,
                   const guint8 *want,
                   gsize         length)
{
  g_autofree guint8 *got = g_malloc (length + 1);
  uLongf got_length = length + 1;

  /* uncompress checks the Adler-32 sum too */
  g_assert_cmpint (uncompress (got, &got_length, z->data, z->len), ==, Z_OK);
  g_assert_cmpuint (got_length, ==, length);
  g_assert_true (memcmp (got, want, length) == 0);
}

/* Symbol counts in a Fibonacci progression make a Huffman tree deeper than
 * the 15 bits deflate allows; runs longer than the limit kept for the
 * Adler-32 arithmetic; zero runs written as counts, split across calls. */
static void
test_deflate (void)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  g_autoptr(GByteArray) z = g_byte_array_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  AiperfDeflate *d;
  guint64 a = 1, b = 1;
  gsize zeros_at, zeros = 3 * 1024 * 1024;

  /* 24 symbols with counts 1, 1, 2, 3, 5, … 46368, shuffled */
  for (guint s = 0; s < 24; s++)
    {
      for (guint64 i = 0; i < a; i++)
        {
          guint8 v = (guint8) (200 + s);

          g_byte_array_append (data, &v, 1);
        }
      b = a + b;
      a = b - a;
    }
  for (guint i = data->len - 1; i > 0; i--)
    {
      guint j = g_rand_int_range (rand, 0, (gint32) i + 1);
      guint8 t = data->data[i];

      data->data[i] = data->data[j];
      data->data[j] = t;
    }
  zeros_at = data->len;
  g_byte_array_set_size (data, (guint) (zeros_at + zeros));
  memset (data->data + zeros_at, 0, zeros);
  g_byte_array_append (data, (const guint8 *) "\x07\x07\x07\x07\x07tail", 9);

  d = aiperf_deflate_new (z);
  aiperf_deflate_write (d, data->data, zeros_at / 2);
  aiperf_deflate_write (d, data->data + zeros_at / 2, zeros_at - zeros_at / 2);
  aiperf_deflate_write_zeros (d, 1);
  aiperf_deflate_write (d, data->data + zeros_at + 1, zeros / 2);
  aiperf_deflate_write_zeros (d, zeros - 1 - zeros / 2);
  aiperf_deflate_write (d, data->data + zeros_at + zeros, 9);
  aiperf_deflate_finish (d);
  check_inflates_to (z, data->data, data->len);
  /* 3 MiB of zeros take a few kB */
  g_assert_cmpuint (z->len, <, zeros_at + 16384);
}

static void
test_deflate_empty (void)
{
  g_autoptr(GByteArray) z = g_byte_array_new ();

  aiperf_deflate_finish (aiperf_deflate_new (z));
  check_inflates_to (z, (const guint8 *) "", 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/png/opaque-round-trip", test_opaque_round_trip);
  g_test_add_func ("/aiperf/render/png/alpha", test_alpha);
  g_test_add_func ("/aiperf/render/png/rgb24", test_rgb24);
  g_test_add_func ("/aiperf/render/png/noise", test_noise);
  g_test_add_func ("/aiperf/render/deflate/skewed-and-runs", test_deflate);
  g_test_add_func ("/aiperf/render/deflate/empty", test_deflate_empty);
  return g_test_run ();
}
