/* aiperf-report-html.c — report.html: one self-contained page.
 *
 * Everything is inline (styles, uPlot, our script, the data, each chart as
 * SVG), and a Content-Security-Policy forbids the page any request, so it
 * reads the same on an air-gapped machine as in a mail attachment. Without
 * JavaScript the page is the header, the runs tables and the SVG charts;
 * the script adds the interactive charts on the embedded data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-plot-names.h"
#include "aiperf-report-resources.h"
#include "aiperf-report-compare.h"
#include "aiperf-report-private.h"
#include "aiperf-writer.h"

#define RESOURCE_PATH "/org/aiperf/Plot/report/"

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  g_string_append (out, escaped);
}

/* A vendored file from the gresource, checked not to close its element
 * early: inline script and style end at the first "</script" / "</style". */
static gboolean
append_resource (GString     *out,
                 const char  *name,
                 const char  *closing,
                 GError     **error)
{
  g_autofree char *path = g_strconcat (RESOURCE_PATH, name, NULL);
  g_autoptr(GBytes) bytes = g_resource_lookup_data (aiperf_report_get_resource (), path,
                                                   G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  gsize size;
  const char *data;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  if (g_strstr_len (data, size, closing) != NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   "%s contains %s and cannot be inlined", name, closing);
      return FALSE;
    }
  g_string_append_len (out, data, size);
  return TRUE;
}

static void
append_facts (GString      *out,
              AiperfReport *report)
{
  g_string_append (out, "<dl class=\"facts\">\n");
  for (guint i = 0; i + 1 < report->facts->len; i += 2)
    {
      const char *label = g_ptr_array_index (report->facts, i);
      const char *value = g_ptr_array_index (report->facts, i + 1);
      /* A run that failed to load stands out; a chart skipped for want of
       * data (no time slices) is as aiperf plot says: a note. */
      const char *cls = g_str_equal (label, _("Failed to load")) ? " class=\"failure\""
                        : g_str_equal (label, _("Not drawn")) ? " class=\"skipped\"" : "";

      g_string_append_printf (out, "<div%s><dt>", cls);
      append_escaped (out, label);
      g_string_append (out, "</dt><dd>");
      append_escaped (out, value);
      g_string_append (out, "</dd></div>\n");
    }
  g_string_append (out, "</dl>\n");
}

static void
append_tables (GString      *out,
               AiperfReport *report)
{
  g_string_append (out, "<section id=\"summary\">\n<h2>");
  append_escaped (out, _("Summary"));
  g_string_append (out, "</h2>\n");
  for (guint t = 0; t < report->tables->len; t++)
    {
      const AiperfReportTable *table = g_ptr_array_index (report->tables, t);

      g_string_append (out, "<h3>");
      append_escaped (out, table->title);
      g_string_append (out, "</h3>\n<div class=\"table-wrap\"><table class=\"runs\"><thead><tr>");
      for (guint c = 0; c < table->columns->len; c++)
        {
          g_string_append (out, "<th>");
          append_escaped (out, g_ptr_array_index (table->columns, c));
          g_string_append (out, "</th>");
        }
      g_string_append (out, "</tr></thead>\n<tbody>\n");
      for (guint r = 0; r < table->rows->len; r++)
        {
          GPtrArray *row = g_ptr_array_index (table->rows, r);

          g_string_append (out, "<tr>");
          for (guint c = 0; c < row->len; c++)
            {
              const char *cell = g_ptr_array_index (row, c);

              AiperfReportColumnRole role = g_array_index (table->roles, AiperfReportColumnRole, c);

              /* Run, side, tool and model are text; numbers of parameters and metrics align right. */
              g_string_append (out, role >= AIPERF_REPORT_COLUMN_PARAMETER && cell != NULL && g_ascii_isdigit (cell[0])
                                    ? "<td class=\"num\">" : "<td>");
              append_escaped (out, cell != NULL ? cell : "–");
              g_string_append (out, "</td>");
            }
          g_string_append (out, "</tr>\n");
        }
      g_string_append (out, "</tbody></table></div>\n");
      if (table->constant != NULL)
        {
          g_string_append (out, "<p class=\"constant\">");
          /* Translators: followed by "Streaming: true; Endpoint Type: chat" */
          append_escaped (out, _("The same in every run:"));
          g_string_append_c (out, ' ');
          append_escaped (out, table->constant);
          g_string_append (out, "</p>\n");
        }
      if (table->section != NULL)
        {
          g_string_append (out, "<pre class=\"section\">");
          append_escaped (out, table->section);
          g_string_append (out, "</pre>\n");
        }
    }
  g_string_append (out, "</section>\n");
}

#define MAX_TEXT_ROWS 100

static void
append_axis_text (GString          *out,
                  const AiperfAxis *axis)
{
  append_escaped (out, axis->title != NULL ? axis->title : "");
  if (axis->unit != NULL && axis->unit[0] != '\0')
    {
      g_string_append (out, " (");
      append_escaped (out, axis->unit);
      g_string_append_c (out, ')');
    }
}

/* @value on @axis: its category's name on a category axis, else the number. */
static char *
axis_text (const AiperfAxis *axis,
           double            value)
{
  for (guint t = 0; axis->tick_positions != NULL && axis->tick_labels != NULL && t < axis->tick_positions->len &&
                    t < axis->tick_labels->len; t++)
    if (g_array_index (axis->tick_positions, double, t) == value)
      return g_strdup (g_ptr_array_index (axis->tick_labels, t));
  return aiperf_plot_format_value (value);
}

/* A chart's text, for a reader the SVG's glyph outlines say nothing to (a
 * screen reader, a search): its title and axes, and its items as a table
 * (the first MAX_TEXT_ROWS). */
static void
append_chart_text (GString           *out,
                   const AiperfChart *chart)
{
  guint rows = 0, total = 0;

  g_string_append (out, "<details class=\"chart-text\"><summary>");
  append_escaped (out, _("Chart as text"));
  g_string_append (out, "</summary><p>");
  append_escaped (out, chart->title != NULL ? chart->title : "");
  g_string_append (out, ". x: ");
  append_axis_text (out, &chart->x);
  g_string_append (out, "; y: ");
  append_axis_text (out, &chart->y);
  if (chart->has_y2)
    {
      g_string_append (out, "; y2: ");
      append_axis_text (out, &chart->y2);
    }
  g_string_append (out, ".</p>\n<table class=\"runs\"><thead><tr><th>");
  append_escaped (out, _("Series"));
  g_string_append (out, "</th><th>x</th><th>y</th><th>");
  append_escaped (out, _("Label"));
  g_string_append (out, "</th></tr></thead><tbody>\n");
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfSeries *series = layer->series >= 0 && (guint) layer->series < chart->series->len
                                   ? g_ptr_array_index (chart->series, layer->series) : NULL;
      /* the items a reader hovers: markers and bars */
      if (!layer->pickable && layer->kind != AIPERF_LAYER_BARS && layer->kind != AIPERF_LAYER_HBARS)
        continue;
      if (layer->opacity == 0)
        continue;
      for (guint i = 0; i < aiperf_layer_get_n (layer); i++)
        {
          const char *label = layer->labels != NULL && i < layer->labels->len ? g_ptr_array_index (layer->labels, i) : NULL;
          g_autofree char *x_text = NULL, *y_text = NULL;

          if (!aiperf_report_item_drawable (layer, i))
            continue;
          if (++total > MAX_TEXT_ROWS)
            continue;
          x_text = axis_text (&chart->x, aiperf_layer_x (layer, i));
          y_text = axis_text (layer->on_y2 && chart->has_y2 ? &chart->y2 : &chart->y, aiperf_layer_y (layer, i));
          g_string_append (out, "<tr><td>");
          append_escaped (out, series != NULL ? series->name : "");
          g_string_append (out, "</td><td>");
          append_escaped (out, x_text);
          g_string_append (out, "</td><td>");
          append_escaped (out, y_text);
          g_string_append (out, "</td><td>");
          append_escaped (out, label != NULL ? label : "");
          g_string_append (out, "</td></tr>\n");
          rows++;
        }
    }
  g_string_append (out, "</tbody></table>");
  if (total > rows)
    {
      g_autofree char *more = g_strdup_printf (_("The first %u of %u items."), rows, total);

      g_string_append (out, "<p>");
      append_escaped (out, more);
      g_string_append (out, "</p>");
    }
  g_string_append (out, "</details>\n");
}

static gboolean
append_charts (GString       *out,
               AiperfReport  *report,
               GError       **error)
{
  g_string_append (out, "<section id=\"charts\">\n<h2>");
  append_escaped (out, _("Charts"));
  g_string_append (out, "</h2>\n");
  if (report->charts->len == 0)
    {
      g_string_append (out, "<p class=\"empty\">");
      append_escaped (out, _("No chart could be drawn from what was opened."));
      g_string_append (out, "</p>\n");
    }
  for (guint i = 0; i < report->charts->len; i++)
    {
      const AiperfReportChart *item = g_ptr_array_index (report->charts, i);
      g_autofree char *prefix = g_strconcat (item->id, "-", NULL);
      g_autofree char *svg = aiperf_report_chart_svg (item->chart, &report->style, prefix, error);
      gboolean wrap;

      if (svg == NULL)
        return FALSE;
      /* In <noscript>: without JavaScript it is the chart; with it, the
       * parser takes it as text and the page opens without building a
       * DOM of thousands of glyph paths it would hide anyway (the script
       * shows it should a live chart fail). */
      wrap = strstr (svg, "</noscript") == NULL;
      g_string_append_printf (out, "<figure class=\"chart\" id=\"%s\" data-chart=\"%s\">\n<figcaption>",
                              item->id, item->id);
      append_escaped (out, item->caption);
      g_string_append (out, " <span class=\"preset\">");
      append_escaped (out, item->name);
      g_string_append (out, "</span></figcaption>\n<div class=\"static\">");
      g_string_append (out, wrap ? "<noscript>" : "");
      g_string_append (out, svg);
      g_string_append (out, wrap ? "</noscript></div>\n" : "</div>\n");
      append_chart_text (out, item->chart);
      g_string_append (out, "</figure>\n");
    }
  g_string_append (out, "</section>\n");
  return TRUE;
}

#define TIMELINE_SVG_WIDTH 1000

static void
paint_timeline (cairo_t           *cr,
                gconstpointer      data,
                const AiperfStyle *style,
                double             width,
                double             height)
{
  aiperf_report_draw_timeline (cr, data, style, width, height);
}

/* Each trace's timeline: the whole of it as SVG (without JavaScript), made
 * live by report-timeline.js from the embedded slices. */
static gboolean
append_timelines (GString       *out,
                  AiperfReport  *report,
                  GError       **error)
{
  if (report->timelines->len == 0)
    return TRUE;
  g_string_append (out, "<section id=\"timelines\">\n<h2>");
  append_escaped (out, _("Timelines"));
  g_string_append (out, "</h2>\n");
  for (guint i = 0; i < report->timelines->len; i++)
    {
      const AiperfReportTimeline *timeline = g_ptr_array_index (report->timelines, i);
      g_autofree char *prefix = g_strconcat (timeline->id, "-", NULL);
      double height = aiperf_report_timeline_height (timeline, 2000);
      g_autofree char *svg = aiperf_report_svg (paint_timeline, timeline, &report->style, TIMELINE_SVG_WIDTH, height,
                                                timeline->title, prefix, error);
      gboolean wrap;

      if (svg == NULL)
        return FALSE;
      wrap = strstr (svg, "</noscript") == NULL;
      g_string_append_printf (out, "<figure class=\"chart timeline\" id=\"%s\" data-timeline=\"%s\">\n<figcaption>",
                              timeline->id, timeline->id);
      append_escaped (out, timeline->caption);
      g_string_append (out, "</figcaption>\n<div class=\"static\">");
      g_string_append (out, wrap ? "<noscript>" : "");
      g_string_append (out, svg);
      g_string_append (out, wrap ? "</noscript></div>\n" : "</div>\n");
      g_string_append (out, "</figure>\n");
    }
  g_string_append (out, "</section>\n");
  return TRUE;
}

gboolean
aiperf_report_write_html (AiperfReport  *report,
                          const char    *path,
                          GError       **error)
{
  g_autoptr(GString) out = g_string_sized_new (1 << 20);
  g_autoptr(GString) fine = NULL;
  g_autofree char *data = NULL;

  g_return_val_if_fail (report != NULL && path != NULL, FALSE);

  g_string_append_printf (out, "<!DOCTYPE html>\n<html lang=\"en\" class=\"theme-%s\">\n<head>\n"
                               "<meta charset=\"utf-8\">\n"
                               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                               /* The page may load nothing: no script, style, font or image from anywhere. */
                               "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                               "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:\">\n"
                               "<meta name=\"generator\" content=\"aiperf-plot %s\">\n<title>",
                          report->style.theme == AIPERF_THEME_DARK ? "dark" : "light", PACKAGE_VERSION);
  append_escaped (out, report->title);
  g_string_append (out, "</title>\n<style>\n");
  if (!append_resource (out, "uPlot.min.css", "</style", error) ||
      !append_resource (out, "report.css", "</style", error))
    return FALSE;
  g_string_append (out, "</style>\n</head>\n<body>\n<header>\n<h1>");
  append_escaped (out, report->title);
  g_string_append (out, "</h1>\n");
  append_facts (out, report);
  g_string_append (out, "</header>\n<main>\n");
  append_tables (out, report);
  if (!aiperf_report_append_comparison (out, report, error))
    return FALSE;
  /* Filled by the script: run checkboxes, filters, "Add chart". */
  g_string_append (out, "<section id=\"controls\" class=\"js-only\"></section>\n");
  if (!append_charts (out, report, error) || !append_timelines (out, report, error))
    return FALSE;
  g_string_append (out, "</main>\n<footer><p>");
  append_escaped (out, _("Charts drawn by aiperf-plot; interactive charts by uPlot (MIT licence, Leon Sorokin)."));
  g_string_append (out, "</p></footer>\n<script type=\"application/json\" id=\"report-data\">");
  fine = g_string_new (NULL);
  data = aiperf_report_data_json (report, fine);
  g_string_append (out, data);
  g_string_append (out, "</script>\n");
  g_string_append_len (out, fine->str, fine->len);
  g_string_append (out, "<script>\n");
  if (!append_resource (out, "uPlot.iife.min.js", "</script", error) ||
      !append_resource (out, "report-dom.js", "</script", error) ||
      !append_resource (out, "report-numbers.js", "</script", error) ||
      !append_resource (out, "report-draw.js", "</script", error) ||
      !append_resource (out, "report-view.js", "</script", error) ||
      !append_resource (out, "report-yaml.js", "</script", error) ||
      !append_resource (out, "report-fine.js", "</script", error) ||
      !append_resource (out, "report-filters.js", "</script", error) ||
      !append_resource (out, "report.js", "</script", error) ||
      !append_resource (out, "report-timeline.js", "</script", error) ||
      !append_resource (out, "report-check.js", "</script", error))
    return FALSE;
  g_string_append (out, "\n</script>\n</body>\n</html>\n");

  return aiperf_write_file_atomically (path, out->str, out->len, error);
}
