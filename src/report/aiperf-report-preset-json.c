/* aiperf-report-preset-json.c — a chart's preset, embedded in report.html
 * as a JSON object in the keys of aiperf plot's plot_config.yaml, so the
 * page can write the reader's view back as a preset file (report-yaml.js):
 * what the preset said, with the axes, statistics, scales and zoom the
 * reader chose.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-plot-spec.h"
#include "aiperf-report-private.h"
#include "aiperf-stats.h"

static void
key_string (GString    *out,
            const char *key,
            const char *value)
{
  if (value == NULL)
    return;
  g_string_append_c (out, ',');
  aiperf_report_json_key (out, key);
  aiperf_report_json_string (out, value);
}

static void
metric_ref (GString               *out,
            const char            *key,
            const AiperfMetricRef *ref)
{
  if (ref->metric == NULL)
    return;
  g_string_append_c (out, ',');
  aiperf_report_json_key (out, key);
  g_string_append (out, "{\"metric\":");
  aiperf_report_json_string (out, ref->metric);
  if (ref->has_stat)
    g_string_append_printf (out, ",\"stat\":\"%s\"", aiperf_stat_to_string (ref->stat));
  if (ref->source != AIPERF_SOURCE_AUTO)
    g_string_append_printf (out, ",\"source\":\"%s\"", aiperf_data_source_to_string (ref->source));
  g_string_append_c (out, '}');
}

static void
trace_style (GString                *out,
             const char             *key,
             const AiperfTraceStyle *style)
{
  static const char * const shapes[] = { "linear", "hv", "spline" };

  if (!style->set)
    return;
  g_string_append_printf (out, ",\"%s\":{\"mode\":\"%s\",\"line_shape\":\"%s\"%s,\"line_width\":", key,
                          style->lines && style->markers ? "lines+markers" : style->markers ? "markers" : "lines",
                          shapes[MIN (style->line_shape, 2)], style->fill ? ",\"fill\":\"tozeroy\"" : "");
  aiperf_report_json_number (out, style->line_width);
  g_string_append (out, ",\"marker_size\":");
  aiperf_report_json_number (out, style->marker_size);
  g_string_append (out, ",\"marker_opacity\":");
  aiperf_report_json_number (out, style->marker_opacity);
  g_string_append (out, ",\"fill_opacity\":");
  aiperf_report_json_number (out, style->fill_opacity);
  g_string_append_c (out, '}');
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

void
aiperf_report_json_preset (GString              *out,
                           const AiperfPlotSpec *spec)
{
  static const char * const autoscale[] = { "none", "x", "y", "both" };

  g_return_if_fail (out != NULL && spec != NULL);

  g_string_append (out, "{\"type\":");
  aiperf_report_json_string (out, spec->handler->type);
  metric_ref (out, "x", &spec->x);
  metric_ref (out, "y", &spec->y);
  metric_ref (out, "y2", &spec->y2);
  if (spec->has_stat)
    g_string_append_printf (out, ",\"stat\":\"%s\"", aiperf_stat_to_string (spec->stat));
  if (spec->source != AIPERF_SOURCE_AUTO)
    g_string_append_printf (out, ",\"source\":\"%s\"", aiperf_data_source_to_string (spec->source));
  if (spec->label_by != NULL)
    {
      g_string_append (out, ",\"labels\":[");
      if (spec->label_by[0] != '\0')
        aiperf_report_json_string (out, spec->label_by);
      g_string_append_c (out, ']');
    }
  if (spec->group_by != NULL)
    {
      g_string_append (out, ",\"groups\":[");
      aiperf_report_json_string (out, spec->group_by);
      g_string_append_c (out, ']');
    }
  key_string (out, "title", spec->title);
  key_string (out, "description", spec->description);
  key_string (out, "x_label", spec->x_label);
  key_string (out, "y_label", spec->y_label);
  trace_style (out, "primary_style", &spec->primary_style);
  trace_style (out, "secondary_style", &spec->secondary_style);
  key_string (out, "supplementary_col", spec->supplementary_col);
  if (spec->autoscale != AIPERF_AUTOSCALE_NONE)
    g_string_append_printf (out, ",\"autoscale\":\"%s\"", autoscale[spec->autoscale & 3]);
  if (spec->handler->trial_means && spec->ci_level > 0)
    {
      g_string_append (out, ",\"ci_level\":");
      aiperf_report_json_number (out, spec->ci_level);
    }
  if (spec->use_slice_duration)
    g_string_append (out, ",\"use_slice_duration\":true");
  /* the handler's own keys ("x_param", "roofline.peak"), as written: a
   * dotted key is a nested mapping in the file */
  if (spec->extra != NULL && g_hash_table_size (spec->extra) > 0)
    {
      g_autofree gpointer *keys = g_hash_table_get_keys_as_array (spec->extra, NULL);
      guint n = g_hash_table_size (spec->extra);

      qsort (keys, n, sizeof (gpointer), compare_keys);
      g_string_append (out, ",\"extra\":{");
      for (guint i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (out, ',');
          aiperf_report_json_key (out, keys[i]);
          aiperf_report_json_string (out, g_hash_table_lookup (spec->extra, keys[i]));
        }
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, '}');
}
