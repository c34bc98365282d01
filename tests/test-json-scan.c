/* test-json-scan.c — the strict JSON scanner and its number parser.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE 1
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-json-scan.h"

static double
ref_strtod (const char *s)
{
  static locale_t c;

  if (c == (locale_t) 0)
    c = newlocale (LC_ALL_MASK, "C", (locale_t) 0);
  return strtod_l (s, NULL, c);
}

static void
check_same (const char *text)
{
  AiperfJsonNumber n;
  const char *end = aiperf_json_parse_number (text, text + strlen (text), &n);
  double want = ref_strtod (text);

  g_assert_nonnull (end);
  g_assert_cmpint (end - text, ==, (int) strlen (text));
  if (memcmp (&want, &n.d, sizeof want) != 0)
    g_error ("%s: got %.17g, strtod gives %.17g", text, n.d, want);
}

static void
test_numbers_fixed (void)
{
  const char *cases[] = {
    "0", "-0", "1", "-1", "0.5", "17.868007", "31.742933999999998",
    "18.349401999999998", "3644.2601019999997", "1762551534797067827",
    "9223372036854775807", "9223372036854775808", "18446744073709551615",
    "123456789012345678901234567890", "1e22", "1e23", "1.7976931348623157e308",
    "2.2250738585072014e-308", "4.9e-324", "1e-400", "0.1", "0.3",
    "9007199254740993", "9007199254740992.5", "1.00000000000000011102230246251565404236316680908203125",
    "1.0000000000000001110223024625156540423631668090820312500001",
    "0.000001234", "123.456e-5", "5e-324", "2.4703282292062327e-324",
    "22.127876406504065", "1965252006528.0", "49.659510784000005",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_same (cases[i]);
}

static void
test_numbers_random (void)
{
  GRand *r = g_rand_new_with_seed (42);
  char buf[80];

  for (guint i = 0; i < 400000; i++)
    {
      double v;
      guint64 bits = ((guint64) g_rand_int (r) << 32) | g_rand_int (r);

      switch (i % 5)
        {
        case 0: /* any finite double, shortest round-trip form */
          memcpy (&v, &bits, sizeof v);
          if (!isfinite (v))
            continue;
          g_ascii_formatd (buf, sizeof buf, "%.17g", v);
          break;
        case 1: /* latency-like values as Python prints them */
          v = g_rand_double_range (r, 0, 5000);
          g_ascii_formatd (buf, sizeof buf, "%.17g", v);
          break;
        case 2:
          v = g_rand_double_range (r, 0, 100);
          g_ascii_formatd (buf, sizeof buf, "%.6f", v);
          break;
        case 3: /* random digit strings with an exponent */
          {
            int nd = g_rand_int_range (r, 1, 26), k = 0;
            buf[k++] = '1' + g_rand_int_range (r, 0, 9);
            for (int j = 1; j < nd; j++)
              buf[k++] = '0' + g_rand_int_range (r, 0, 10);
            /* integers only: no decimal separator from the locale */
          g_snprintf (buf + k, sizeof buf - k, "e%d", g_rand_int_range (r, -40, 40));
          }
          break;
        default:
          v = g_rand_double_range (r, 1e15, 2e18);
          g_ascii_formatd (buf, sizeof buf, "%.0f", v);
          break;
        }
      check_same (buf);
    }
  g_rand_free (r);
}

static void
test_numbers_reject (void)
{
  const char *bad[] = { "", "-", "+1", ".5", "1.", "1e", "1e+", "NaN", "Infinity",
                        "-Infinity", "1e400", "-1e400", "0x10" };
  AiperfJsonNumber n;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *end = aiperf_json_parse_number (bad[i], bad[i] + strlen (bad[i]), &n);
      /* "0x10" parses "0" and stops: the caller then sees 'x'. */
      if (strcmp (bad[i], "0x10") == 0)
        g_assert_true (end == bad[i] + 1);
      else
        g_assert_null (end);
    }
}

static void
test_numbers_int (void)
{
  AiperfJsonNumber n;
  const char *s = "1762551534797067827";

  g_assert_nonnull (aiperf_json_parse_number (s, s + strlen (s), &n));
  g_assert_true (n.is_int);
  g_assert_cmpint (n.i, ==, G_GINT64_CONSTANT (1762551534797067827));
  s = "-42";
  g_assert_nonnull (aiperf_json_parse_number (s, s + strlen (s), &n));
  g_assert_true (n.is_int);
  g_assert_cmpint (n.i, ==, -42);
  s = "42.0";
  g_assert_nonnull (aiperf_json_parse_number (s, s + strlen (s), &n));
  g_assert_false (n.is_int);
}

static gboolean
scan_valid (const char *text)
{
  AiperfJsonScan scan;

  aiperf_json_scan_init (&scan, text, strlen (text));
  return aiperf_json_scan_skip (&scan) && aiperf_json_scan_at_end (&scan);
}

static void
test_scan_syntax (void)
{
  const char *good[] = {
    "{}", "[]", " { \"a\" : [1, 2.5, -3e2, null, true, false, \"x\\u00e9\\n\"] } ",
    "{\"k\":{\"n\":{}},\"l\":[[],[[]]]}", "\"caf\xc3\xa9\"",
  };
  const char *bad[] = {
    "{", "{\"a\":}", "{\"a\" 1}", "{\"a\":1,}", "[1,]", "[1 2]", "{\"a\":NaN}",
    "{\"a\":Infinity}", "{\"a\":1e400}", "\"\xff\"", "\"\xc3\"", "\"a\tb\"", "\"\\x\"",
    "{\"a\":1}x", "tru", "[01]", "\"\xed\xa0\x80\"",
  };
  GString *deep = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    g_assert_true (scan_valid (good[i]));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    if (scan_valid (bad[i]))
      g_error ("accepted bad JSON: %s", bad[i]);
  for (int i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  g_assert_false (scan_valid (deep->str));
  g_string_free (deep, TRUE);
}

static void
test_scan_walk (void)
{
  const char *text = "{\"name\": \"a\\\"b\", \"values\": [1, 2, 3], \"n\": null}";
  AiperfJsonScan scan;
  const char *key;
  gsize len;
  guint count = 0, n_values = 0;
  g_autofree char *name = NULL;
  double sum = 0, nul = 0;

  aiperf_json_scan_init (&scan, text, strlen (text));
  g_assert_true (aiperf_json_scan_begin_object (&scan));
  while (aiperf_json_scan_next_key (&scan, &count, &key, &len))
    {
      if (aiperf_json_key_is (key, len, "name"))
        g_assert_true (aiperf_json_scan_string_or_null (&scan, &name));
      else if (aiperf_json_key_is (key, len, "values"))
        {
          guint c = 0;
          g_assert_true (aiperf_json_scan_begin_array (&scan));
          while (aiperf_json_scan_next_element (&scan, &c))
            {
              AiperfJsonNumber num;
              g_assert_true (aiperf_json_scan_number (&scan, &num));
              sum += num.d;
              n_values++;
            }
        }
      else
        g_assert_true (aiperf_json_scan_number_or_null (&scan, &nul));
    }
  g_assert_null (scan.error);
  g_assert_true (aiperf_json_scan_at_end (&scan));
  g_assert_cmpstr (name, ==, "a\"b");
  g_assert_cmpuint (n_values, ==, 3);
  g_assert_cmpfloat (sum, ==, 6.0);
  g_assert_true (isnan (nul));
}

static void
test_number_list (void)
{
  const char *good = " [ 1.5 ,2,\t-3e-1 ] ,";
  const char *bad[] = { "[1,]", "[1 2]", "[", "[1", "[NaN]", "[1e400]", "[\"1\"]", "[[1]]", "1" };
  AiperfJsonScan scan;
  double *values = NULL;
  gsize n = 0, cap = 0;

  aiperf_json_scan_init (&scan, good, strlen (good));
  g_assert_true (aiperf_json_scan_number_list (&scan, &values, &n, &cap));
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpfloat (values[0], ==, 1.5);
  g_assert_cmpfloat (values[2], ==, -0.3);
  g_assert_cmpint (*scan.p, ==, ' ');
  aiperf_json_scan_init (&scan, "[]", 2);
  g_assert_true (aiperf_json_scan_number_list (&scan, &values, &n, &cap));
  g_assert_cmpuint (n, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      aiperf_json_scan_init (&scan, bad[i], strlen (bad[i]));
      g_assert_false (aiperf_json_scan_number_list (&scan, &values, &n, &cap));
      g_assert_nonnull (scan.error);
    }
  g_free (values);
}

/* Strings are scanned eight bytes at a time: a quote, a backslash, a
 * control byte or a non-ASCII byte is found at every position of a long
 * string, and a skipped number is checked as strictly as a parsed one. */
static void
test_scan_every_position (void)
{
  const char *specials[] = { "\"", "\\n", "\x01", "\xc3\xa9", "\xff", "\x7f" };
  const gboolean valid[] = { TRUE, TRUE, FALSE, TRUE, FALSE, TRUE };
  const char *numbers[] = { "0", "-12.5", "1e999", "01", "-", "1.", "3.25e2", "12345678901234567890" };
  const gboolean numbers_valid[] = { TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, TRUE };

  for (guint s = 0; s < G_N_ELEMENTS (specials); s++)
    for (guint at = 0; at < 40; at++)
      {
        g_autofree char *filler = g_strnfill (at, 'a');
        g_autofree char *tail = g_strnfill (40 - at, 'b');
        /* A lone quote ends the string early: the key after it is then "bbb…". */
        g_autofree char *text = g_strdup_printf ("\"%s%s%s\"", filler, specials[s], tail);
        AiperfJsonScan scan;
        const char *view;
        gsize length;
        gboolean escapes;
        gboolean ok;

        aiperf_json_scan_init (&scan, text, strlen (text));
        ok = aiperf_json_scan_string_view (&scan, &view, &length, &escapes);
        if (s == 0)
          {
            g_assert_true (ok);
            g_assert_cmpuint (length, ==, at);
            continue;
          }
        g_assert_cmpint (ok, ==, valid[s]);
        if (ok)
          g_assert_cmpuint (length, ==, strlen (text) - 2);
        else
          g_assert_cmpuint (scan.error_at - text, ==, 1 + at);
      }
  for (guint n = 0; n < G_N_ELEMENTS (numbers); n++)
    {
      g_autofree char *text = g_strdup_printf ("{\"a\": [%s]}", numbers[n]);
      AiperfJsonScan scan;

      aiperf_json_scan_init (&scan, text, strlen (text));
      g_assert_cmpint (aiperf_json_scan_skip (&scan), ==, numbers_valid[n]);
    }
}

/* The one-loop skip agrees with the token-by-token one on valid values and
 * on thousands of damaged ones: the same verdict, end and message. */
static void
test_skip_fast_agrees (void)
{
  const char *seeds[] = {
    "{\"External id\": 1, \"grid\": [132, 1, 1], \"est. achieved occupancy %\": 12, \"a\": {\"b\": [true, false, null, -0.5e3]}}",
    "[[[[{\"x\": \"caf\u00e9 \\u00e9 \\\" q\"}]]], \"\", 0, -1, 2.5, 1E+2]",
    "{\"s\": \"}, {\\\"ph\\\": 1}\", \"n\": [], \"o\": {}}",
  };
  const char alphabet[] = "{}[]\",:0123456789.-+eEtrufalsn \\\x01\xc3\xa9\xff";
  GRand *rand = g_rand_new_with_seed (20261126);
  guint n_valid = 0, n_invalid = 0;

  for (guint i = 0; i < 20000; i++)
    {
      g_autofree char *text = g_strdup (seeds[i % G_N_ELEMENTS (seeds)]);
      gsize length = strlen (text);
      AiperfJsonScan fast, slow;
      gboolean ok_fast, ok_slow;

      /* Up to three bytes changed (none on the first round of each seed). */
      for (guint k = 0; i >= G_N_ELEMENTS (seeds) && k < 1 + i % 3; k++)
        text[g_rand_int_range (rand, 0, (gint32) length)] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      aiperf_json_scan_init (&fast, text, length);
      aiperf_json_scan_init (&slow, text, length);
      ok_fast = aiperf_json_scan_skip (&fast);
      aiperf_json_scan_use_fast_skip (FALSE);
      ok_slow = aiperf_json_scan_skip (&slow);
      aiperf_json_scan_use_fast_skip (TRUE);
      g_assert_cmpint (ok_fast, ==, ok_slow);
      g_assert_true (fast.p == slow.p);
      g_assert_cmpstr (fast.error, ==, slow.error);
      ok_fast ? n_valid++ : n_invalid++;
    }
  /* Both kinds were met many times. */
  g_assert_cmpuint (n_valid, >, 1000);
  g_assert_cmpuint (n_invalid, >, 1000);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* numbers must not depend on the locale (the app runs under de_DE too) */
  setlocale (LC_ALL, "de_DE.UTF-8");
  g_test_add_func ("/aiperf/json-scan/numbers/fixed", test_numbers_fixed);
  g_test_add_func ("/aiperf/json-scan/numbers/random", test_numbers_random);
  g_test_add_func ("/aiperf/json-scan/numbers/reject", test_numbers_reject);
  g_test_add_func ("/aiperf/json-scan/numbers/int", test_numbers_int);
  g_test_add_func ("/aiperf/json-scan/syntax", test_scan_syntax);
  g_test_add_func ("/aiperf/json-scan/walk", test_scan_walk);
  g_test_add_func ("/aiperf/json-scan/every-position", test_scan_every_position);
  g_test_add_func ("/aiperf/json-scan/skip-fast-agrees", test_skip_fast_agrees);
  g_test_add_func ("/aiperf/json-scan/number-list", test_number_list);
  return g_test_run ();
}
