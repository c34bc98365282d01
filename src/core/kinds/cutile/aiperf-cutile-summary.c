/* aiperf-cutile-summary.c — what cutileGPT profiles add to summary.txt:
 * each file's system information and latency table and, with an AS-IS and
 * a TO-BE profile, the comparison of mean latencies with the speedup.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-cutile-private.h"

static const struct {
  const char *key, *title;
} system_keys[] = {
  { "system.gpu_name", N_("GPU") },
  { "system.compute_capability", N_("Compute capability") },
  { "system.cuda_version", N_("CUDA") },
  { "system.cupy_version", N_("CuPy") },
  { "system.timestamp", N_("Timestamp") },
};

static AiperfRun *
any_run (AiperfCutileData *data,
         guint             f)
{
  for (guint c = 0; c < data->configs->len; c++)
    if (aiperf_cutile_data_get (data, f, c) != NULL)
      return aiperf_cutile_data_get (data, f, c);
  return NULL;
}

static void
append_system (GString          *s,
               AiperfCutileData *data,
               guint             f)
{
  AiperfCutileFile *file = g_ptr_array_index (data->files, f);
  AiperfRun *run = any_run (data, f);
  g_autoptr(GPtrArray) keys = run != NULL ? aiperf_run_list_parameters (run) : NULL;

  g_string_append_printf (s, "  %s (%s)\n", file->label, file->path);
  for (guint i = 0; i < G_N_ELEMENTS (system_keys); i++)
    {
      const char *value = run != NULL ? aiperf_run_get_parameter (run, system_keys[i].key) : NULL;
      g_autofree char *title = g_strconcat (_(system_keys[i].title), ":", NULL);

      g_string_append_printf (s, "    %-20s %s\n", title, value != NULL ? value : "—");
    }
  /* Whatever else the metadata holds, under its own name. */
  for (guint i = 0; keys != NULL && i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);
      gboolean known = FALSE;

      if (!g_str_has_prefix (key, "system."))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (system_keys) && !known; k++)
        known = g_str_equal (key, system_keys[k].key);
      if (!known)
        {
          g_autofree char *title = g_strconcat (key + strlen ("system."), ":", NULL);

          g_string_append_printf (s, "    %-20s %s\n", title, aiperf_run_get_parameter (run, key));
        }
    }
}

static guint
config_width (AiperfCutileData *data)
{
  guint w = strlen ("config");

  for (guint c = 0; c < data->configs->len; c++)
    w = MAX (w, (guint) strlen (g_ptr_array_index (data->configs, c)));
  return w;
}

/* "%.2f", or "—" for a missing value, right-aligned in @width. */
static void
append_number (GString *s,
               double   value,
               guint    width)
{
  g_autofree char *text = isfinite (value) ? g_strdup_printf ("%.2f", value) : g_strdup ("—");
  /* "—" is one column but three bytes */
  guint len = isfinite (value) ? strlen (text) : 1;

  g_string_append_c (s, ' ');
  for (guint i = len; i < width; i++)
    g_string_append_c (s, ' ');
  g_string_append (s, text);
}

static void
append_file_table (GString          *s,
                   AiperfCutileData *data,
                   guint             f)
{
  static const struct {
    const char *title;
    AiperfStat  stat;
  } columns[] = {
    { "mean", AIPERF_STAT_AVG }, { "std", AIPERF_STAT_STD }, { "min", AIPERF_STAT_MIN },
    { "median", AIPERF_STAT_P50 }, { "p95", AIPERF_STAT_P95 }, { "p99", AIPERF_STAT_P99 },
    { "max", AIPERF_STAT_MAX },
  };
  guint cw = config_width (data);

  g_string_append_printf (s, _("\nForward latency (ms) and throughput (tokens/s) of %s:\n"),
                          aiperf_cutile_data_get_label (data, f));
  g_string_append_printf (s, "  %-*s", (int) cw, "config");
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    g_string_append_printf (s, " %8s", columns[i].title);
  g_string_append_printf (s, " %12s\n", "throughput");
  for (guint c = 0; c < data->configs->len; c++)
    {
      AiperfRun *run = aiperf_cutile_data_get (data, f, c);

      if (run == NULL)
        continue;
      g_string_append_printf (s, "  %-*s", (int) cw, (const char *) g_ptr_array_index (data->configs, c));
      for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
        append_number (s, aiperf_cutile_metric (run, AIPERF_CUTILE_LATENCY, columns[i].stat), 8);
      append_number (s, aiperf_cutile_metric (run, AIPERF_CUTILE_THROUGHPUT, AIPERF_STAT_AVG), 12);
      g_string_append_c (s, '\n');
    }
}

/* Means side by side and each other file's speedup over the first. */
static void
append_comparison (GString          *s,
                   AiperfCutileData *data)
{
  guint cw = config_width (data), n = data->files->len;
  g_autofree guint *widths = g_new (guint, 3 * n);
  gboolean stated = FALSE;

  if (n == 2)
    g_string_append_printf (s, _("\nForward latency comparison (mean, ms); speedup = %s ÷ %s:\n"),
                            aiperf_cutile_data_get_label (data, 0), aiperf_cutile_data_get_label (data, 1));
  else
    g_string_append_printf (s, _("\nForward latency comparison (mean, ms); speedup = %s ÷ each other profile:\n"),
                            aiperf_cutile_data_get_label (data, 0));
  g_string_append_printf (s, "  %-*s", (int) cw, "config");
  for (guint f = 0; f < n; f++)
    {
      widths[f] = MAX (10u, (guint) g_utf8_strlen (aiperf_cutile_data_get_label (data, f), -1));
      g_string_append_printf (s, " %*s", (int) widths[f], aiperf_cutile_data_get_label (data, f));
    }
  for (guint f = 1; f < n; f++)
    {
      g_autofree char *title = n == 2 ? g_strdup ("speedup")
                                      : g_strdup_printf ("speedup %s", aiperf_cutile_data_get_label (data, f));

      widths[n + f] = MAX (10u, (guint) g_utf8_strlen (title, -1));
      g_string_append_printf (s, " %*s", (int) widths[n + f], title);
    }
  /* comparison_data.json states its own speedup: shown beside ours */
  for (guint c = 0; c < data->configs->len && !stated; c++)
    for (guint f = 1; f < n && !stated; f++)
      stated = isfinite (aiperf_cutile_metric (aiperf_cutile_data_get (data, f, c), "speedup", AIPERF_STAT_AVG));
  for (guint f = 1; stated && f < n; f++)
    {
      g_autofree char *title = n == 2 ? g_strdup (_("file's speedup"))
                                      : g_strdup_printf (_("file's speedup %s"), aiperf_cutile_data_get_label (data, f));

      widths[2 * n + f] = MAX (10u, (guint) g_utf8_strlen (title, -1));
      g_string_append_printf (s, " %*s", (int) widths[2 * n + f], title);
    }
  g_string_append_c (s, '\n');
  for (guint c = 0; c < data->configs->len; c++)
    {
      double base = aiperf_cutile_metric (aiperf_cutile_data_get (data, 0, c), AIPERF_CUTILE_LATENCY,
                                          AIPERF_STAT_AVG);

      g_string_append_printf (s, "  %-*s", (int) cw, (const char *) g_ptr_array_index (data->configs, c));
      for (guint f = 0; f < n; f++)
        append_number (s, aiperf_cutile_metric (aiperf_cutile_data_get (data, f, c), AIPERF_CUTILE_LATENCY,
                                                AIPERF_STAT_AVG), widths[f]);
      for (guint f = 1; f < n; f++)
        {
          double mean = aiperf_cutile_metric (aiperf_cutile_data_get (data, f, c), AIPERF_CUTILE_LATENCY,
                                              AIPERF_STAT_AVG);

          append_number (s, base > 0 && mean > 0 ? base / mean : NAN, widths[n + f]);
        }
      for (guint f = 1; stated && f < n; f++)
        append_number (s, aiperf_cutile_metric (aiperf_cutile_data_get (data, f, c), "speedup", AIPERF_STAT_AVG),
                       widths[2 * n + f]);
      g_string_append_c (s, '\n');
    }
}

char *
aiperf_cutile_summary_section (AiperfRunSet *runs)
{
  g_autoptr(AiperfCutileData) data = NULL;
  GString *s;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  data = aiperf_cutile_data_new (runs);
  if (data == NULL)
    return NULL;
  s = g_string_new (_("cutileGPT Profiling Summary\n"));
  for (guint i = 0; i < 50; i++)
    g_string_append_c (s, '=');
  g_string_append (s, _("\n\nSystem information:\n"));
  for (guint f = 0; f < data->files->len; f++)
    append_system (s, data, f);
  for (guint f = 0; f < data->files->len; f++)
    append_file_table (s, data, f);
  if (data->files->len > 1)
    append_comparison (s, data);
  return g_string_free (s, FALSE);
}
