/* aiperf-export-main.c — option parsing and dispatch of aiperf-plot --headless.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aiperf-cli-compare.h"
#include "aiperf-export.h"
#include "aiperf-kinds.h"
#include "aiperf-report.h"
#include "aiperf-session.h"
#include "aiperf-writer.h"

static gboolean
parse_formats (const char *text,
               guint      *out_formats,
               GError    **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  guint formats = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      AiperfImageFormat format;
      const char *part = g_strstrip (parts[i]);

      if (*part == '\0')
        continue;
      if (!aiperf_image_format_from_string (part, &format))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown format “%s” in --format (expected png, svg or pdf)"), part);
          return FALSE;
        }
      formats |= 1u << format;
    }
  if (formats == 0)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--format needs at least one of png, svg, pdf"));
      return FALSE;
    }
  *out_formats = formats;
  return TRUE;
}

static gboolean
parse_size (const char *text,
            int        *out_width,
            int        *out_height,
            GError    **error)
{
  const char *text_start = text;
  char *end = NULL;
  gint64 w, h;

  w = g_ascii_strtoll (text, &end, 10);
  if (end == text || (*end != 'x' && *end != 'X'))
    goto bad;
  text = end + 1;
  h = g_ascii_strtoll (text, &end, 10);
  if (end == text || *end != '\0')
    goto bad;
  if (w < 100 || h < 100 || w > 20000 || h > 20000)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--size %s is out of range (each side 100 to 20000)"), text_start);
      return FALSE;
    }
  *out_width = (int) w;
  *out_height = (int) h;
  return TRUE;

bad:
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--size must look like 2400x1200"));
  return FALSE;
}

static gboolean
parse_reports (const char *text,
               guint      *out_reports,
               GError    **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  guint reports = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *part = g_strstrip (parts[i]);

      if (*part == '\0')
        continue;
      if (g_ascii_strcasecmp (part, "html") == 0)
        reports |= AIPERF_REPORT_HTML;
      else if (g_ascii_strcasecmp (part, "pdf") == 0)
        reports |= AIPERF_REPORT_PDF;
      else
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown report “%s” in --report (expected html or pdf)"), part);
          return FALSE;
        }
    }
  if (reports == 0)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--report needs at least one of html, pdf"));
      return FALSE;
    }
  *out_reports = reports;
  return TRUE;
}

int
aiperf_export_main (int    argc,
                    char **argv)
{
  gboolean headless = FALSE, list = FALSE, verbose = FALSE, html = FALSE;
  g_autofree char *metric = NULL, *output = NULL, *theme = NULL, *config = NULL;
  g_autofree char *format = NULL, *size = NULL, *param_pattern = NULL;
  g_autofree char *report = NULL;
  g_autoptr(GRegex) pattern = NULL;
  g_auto(GStrv) plots = NULL, paths = NULL, rest = NULL;
  g_autoptr(GHashTable) kind_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree GOptionEntry *kind_entries = aiperf_kinds_option_entries ();
  GOptionGroup *main_group;
  g_auto(AiperfCompareCliOptions) compare = { 0 };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all_paths = g_ptr_array_new_with_free_func (g_free);
  AiperfExportOptions options = { 0 };
  const GOptionEntry entries[] = {
    { "headless", 0, 0, G_OPTION_ARG_NONE, &headless,
      N_("Run without a window"), NULL },
    { "list", 0, 0, G_OPTION_ARG_NONE, &list,
      N_("List the runs found under PATH and the mode"), NULL },
    { "metric", 0, 0, G_OPTION_ARG_STRING, &metric,
      N_("Print one metric of every run (stat defaults to avg)"), N_("TAG[:STAT]") },
    { "paths", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths,
      N_("Artifact folders (also accepted as arguments)"), N_("PATH") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Output folder (default: <first path>/plots)"), N_("DIR") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme,
      N_("Plot theme: light or dark"), N_("THEME") },
    { "config", 0, 0, G_OPTION_ARG_FILENAME, &config,
      N_("Plot preset YAML file"), N_("FILE") },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
      N_("Log debugging details"), NULL },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      N_("Comma-separated image formats: png, svg, pdf (default png)"), N_("LIST") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size,
      N_("Image size in pixels (default 2400x1200)"), N_("WxH") },
    { "plot", 0, 0, G_OPTION_ARG_STRING_ARRAY, &plots,
      N_("Only this preset (repeatable)"), N_("NAME") },
    { "param-pattern", 0, 0, G_OPTION_ARG_STRING, &param_pattern,
      N_("Regular expression matched against each run folder's name; its named groups "
         "become parameters, e.g. 'in(?P<isl>\\d+)_out(?P<osl>\\d+)_conc(?P<concurrency>\\d+)'"),
      N_("REGEX") },
    { "html", 0, 0, G_OPTION_ARG_NONE, &html,
      N_("Write a self-contained interactive HTML report (report.html in DIR, default "
         "<first path>/visualizations); images only when --format asks for them too"), NULL },
    { "report", 0, 0, G_OPTION_ARG_STRING, &report,
      N_("Comma-separated reports: html, pdf (report.html, report.pdf)"), N_("LIST") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, N_("[PATH…]") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
    _("Plots of NVIDIA AIPerf benchmark artifacts, written without a display."));
  /* The kinds' options are checked as they are parsed, into kind_options. */
  main_group = g_option_group_new (NULL, NULL, NULL, kind_options, NULL);
  g_option_group_add_entries (main_group, entries);
  g_option_group_add_entries (main_group, kind_entries);
  g_option_group_set_translation_domain (main_group, GETTEXT_PACKAGE);
  g_option_context_set_main_group (context, main_group);
  g_option_context_add_group (context, aiperf_cli_compare_option_group (&compare));

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      return AIPERF_EXIT_USAGE;
    }

  for (guint i = 0; paths != NULL && paths[i] != NULL; i++)
    g_ptr_array_add (all_paths, g_strdup (paths[i]));
  for (guint i = 0; rest != NULL && rest[i] != NULL; i++)
    {
      if (rest[i][0] == '-' && rest[i][1] != '\0')
        {
          g_printerr ("aiperf-plot: %s\n", _("Unknown option"));
          g_printerr ("  %s\n", rest[i]);
          return AIPERF_EXIT_USAGE;
        }
      g_ptr_array_add (all_paths, g_strdup (rest[i]));
    }
  if (all_paths->len == 0)
    g_ptr_array_add (all_paths, g_strdup ("./artifacts"));
  g_ptr_array_add (all_paths, NULL);

  if (param_pattern != NULL)
    {
      /* The window's rule for the same setting. */
      g_autoptr(AiperfSession) rules = aiperf_session_new ();

      if (aiperf_session_set_param_pattern_text (rules, param_pattern, &error))
        pattern = g_regex_ref (aiperf_session_get_param_pattern (rules));
      else
        {
          g_printerr ("aiperf-plot: ");
          g_printerr (_("Bad --param-pattern: %s"), error->message);
          g_printerr ("\n");
          return AIPERF_EXIT_USAGE;
        }
    }

  if (aiperf_cli_compare_requested (&compare))
    {
      /* --html / --report: the comparison's report.html (and .pdf). */
      if (report != NULL && !parse_reports (report, &compare.reports, &error))
        {
          g_printerr ("aiperf-plot: %s\n", error->message);
          return AIPERF_EXIT_USAGE;
        }
      if (html)
        compare.reports |= AIPERF_REPORT_HTML;
      return aiperf_cli_compare (&compare, (const char * const *) all_paths->pdata, output, theme, pattern);
    }
  if (list && metric != NULL)
    {
      g_printerr ("aiperf-plot: %s\n", _("--list and --metric cannot be combined"));
      return AIPERF_EXIT_USAGE;
    }
  if (list)
    return aiperf_cli_list ((const char * const *) all_paths->pdata, pattern);
  if (metric != NULL)
    return aiperf_cli_metric ((const char * const *) all_paths->pdata, metric, pattern);

  options.paths = (char **) all_paths->pdata;
  options.output = output;
  options.theme = AIPERF_THEME_LIGHT;
  if (theme != NULL && !aiperf_theme_from_string (theme, &options.theme))
    {
      g_printerr ("aiperf-plot: ");
      g_printerr (_("Unknown theme “%s” (expected light or dark)"), theme);
      g_printerr ("\n");
      return AIPERF_EXIT_USAGE;
    }
  options.config = config;
  options.verbose = verbose;
  options.formats = 1u << AIPERF_FORMAT_PNG;
  options.width = 2400;
  options.height = 1200;
  if ((format != NULL && !parse_formats (format, &options.formats, &error)) ||
      (size != NULL && !parse_size (size, &options.width, &options.height, &error)) ||
      (report != NULL && !parse_reports (report, &options.reports, &error)))
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      return AIPERF_EXIT_USAGE;
    }
  if (html)
    options.reports |= AIPERF_REPORT_HTML;
  /* A report alone writes no images unless --format asks for them. */
  if (options.reports != 0 && format == NULL)
    options.formats = 0;
  options.plots = plots;
  options.param_pattern = pattern;
  options.kind_options = kind_options;

  return aiperf_cli_export (&options);
}
