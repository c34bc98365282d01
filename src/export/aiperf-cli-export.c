/* aiperf-cli-export.c — aiperf-plot --headless: every default plot to files.
 *
 * Output matches aiperf plot's PNG mode: <preset>.<ext> per plot, summary.txt
 * and aiperf_plot.log in the output folder (default <first path>/plots).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "aiperf-error.h"
#include "aiperf-export.h"
#include "aiperf-timeline.h"
#include "aiperf-trace-names.h"
#include "aiperf-trace-store.h"
#include "aiperf-export-log.h"
#include "aiperf-plot.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-kinds.h"
#include "aiperf-presets.h"
#include "aiperf-session.h"
#include "aiperf-session-charts.h"
#include "aiperf-report.h"
#include "aiperf-writer.h"

static gboolean
is_kind_plot (const AiperfPlotConfig *config,
              const char             *name)
{
  GHashTableIter iter;
  gpointer plots;

  if (config->kind_plots == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, config->kind_plots);
  while (g_hash_table_iter_next (&iter, NULL, &plots))
    {
      GPtrArray *specs = plots;

      for (guint i = 0; i < specs->len; i++)
        if (g_str_equal (((AiperfPlotSpec *) g_ptr_array_index (specs, i))->name, name))
          return TRUE;
    }
  return FALSE;
}

/* Exit 2 for a --plot name that no preset has (in any mode or kind). */
static gboolean
check_plot_names (const AiperfExportOptions *options,
                  const AiperfPlotConfig    *config)
{
  for (guint i = 0; options->plots != NULL && options->plots[i] != NULL; i++)
    {
      const char *name = options->plots[i];

      if (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, name) == NULL &&
          aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, name) == NULL &&
          !is_kind_plot (config, name))
        {
          g_printerr ("aiperf-plot: ");
          g_printerr (_("Unknown plot “%s” (not a preset in %s)"), name, config->filename);
          g_printerr ("\n");
          return FALSE;
        }
    }
  return TRUE;
}

/* Creates @dir and proves it writable, so a bad folder is one clear error
 * before any plot is drawn. */
static gboolean
prepare_output_dir (const char  *dir,
                    GError     **error)
{
  g_autofree char *probe = NULL;
  int fd;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("Cannot create the output folder %s: %s"),
                   dir, g_strerror (saved));
      return FALSE;
    }
  probe = g_build_filename (dir, ".aiperf-plot-probe-XXXXXX", NULL);
  fd = g_mkstemp (probe);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("Cannot write to the output folder %s: %s"),
                   dir, g_strerror (saved));
      return FALSE;
    }
  close (fd);
  g_unlink (probe);
  return TRUE;
}

/* @path without trailing separators, as aiperf prints a pathlib.Path. */
static char *
strip_trailing_separators (const char *path)
{
  gsize len = strlen (path);

  while (len > 1 && G_IS_DIR_SEPARATOR (path[len - 1]))
    len--;
  return g_strndup (path, len);
}

/* aiperf counts plots, not files: one plot in three formats is one plot,
 * and each file still gets its own line. */
static char *
summary_text (GPtrArray  *files,
              guint       n_plots,
              const char *dir)
{
  GString *s = g_string_new ("AIPerf Plot Export Summary\n");

  for (guint i = 0; i < 50; i++)
    g_string_append_c (s, '=');
  g_string_append_printf (s, "\n\nGenerated %u plots:\n\n", n_plots);
  for (guint i = 0; i < files->len; i++)
    g_string_append_printf (s, "  - %s\n", (const char *) g_ptr_array_index (files, i));
  g_string_append_printf (s, "\nOutput directory: %s\n", dir);
  return g_string_free (s, FALSE);
}

static gpointer
prepare_fonts (gpointer data)
{
  g_autofree char *family = data;

  aiperf_writer_prepare_fonts (family);
  return NULL;
}

/* Fontconfig's set-up takes longer than one chart; it runs while the runs
 * load, and must be over before the drawing threads start (two threads
 * that both find it missing would both do it). */
static GThread *
start_preparing_fonts (AiperfTheme theme)
{
  AiperfStyle style;
  GThread *thread;

  aiperf_style_init (&style, theme);
  thread = g_thread_new ("aiperf-fonts", prepare_fonts, g_strdup (style.font_family));
  aiperf_style_clear (&style);
  return thread;
}

static void
finish_preparing_fonts (GThread **thread)
{
  if (*thread != NULL)
    g_thread_join (g_steal_pointer (thread));
}

typedef struct {
  const AiperfPlotSpec      *spec;
  AiperfChart               *chart;   /* shared by the formats of one preset */
  AiperfImageFormat          format;
  char                      *file;
  char                      *path;
  const AiperfExportOptions *options;
  const AiperfStyle         *style;
  GError                    *error;
  double                     ms;
} WriteJob;

static void
write_job_free (WriteJob *job)
{
  g_free (job->file);
  g_free (job->path);
  g_clear_error (&job->error);
  g_free (job);
}

/* Runs on a pool thread: each job draws on its own cairo surface. */
static void
write_job_run (gpointer data,
               gpointer user_data)
{
  WriteJob *job = data;
  gint64 start = g_get_monotonic_time ();

  aiperf_write_chart (job->chart, NULL, job->style, job->format, job->options->width,
                      job->options->height, job->path, &job->error);
  job->ms = (g_get_monotonic_time () - start) / 1000.0;
}

/* Builds every chart (in order, so group colours are assigned the same way
 * each time), then draws and writes the files on all cores: PNG encoding
 * dominates an export. Adds the written file names to @files in preset order
 * and returns the number of plots with at least one file written. */
static guint
export_presets (const AiperfExportOptions *options,
                const AiperfKindCharts    *plan,
                const AiperfPlotConfig    *config,
                AiperfPlotColors          *colors,
                const AiperfStyle         *style,
                const char                *dir,
                AiperfExportLog           *log,
                GPtrArray                 *files)
{
  g_autoptr(GPtrArray) charts = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_chart_free);
  g_autoptr(GPtrArray) jobs = g_ptr_array_new_with_free_func ((GDestroyNotify) write_job_free);
  const AiperfPlotSpec *counted = NULL;
  guint n_plots = 0;
  GThreadPool *pool;

  for (guint i = 0; i < plan->specs->len; i++)
    {
      const AiperfPlotSpec *spec = g_ptr_array_index (plan->specs, i);
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      AiperfChart *chart = aiperf_kind_charts_build (plan, spec, config, colors, &error);

      if (chart == NULL)
        {
          if (g_error_matches (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA))
            aiperf_export_log (log, AIPERF_LOG_WARNING, _("Skipping %s: %s"), spec->name, error->message);
          else
            aiperf_export_log (log, AIPERF_LOG_ERROR, _("Cannot draw %s: %s"), spec->name, error->message);
          continue;
        }
      aiperf_export_log (log, AIPERF_LOG_DEBUG, "%s: chart built in %.1f ms (%u layers)", spec->name,
                         (g_get_monotonic_time () - start) / 1000.0, chart->layers->len);
      g_ptr_array_add (charts, chart);
      for (guint f = AIPERF_FORMAT_PNG; f <= AIPERF_FORMAT_PDF; f++)
        {
          WriteJob *job;

          if ((options->formats & (1u << f)) == 0)
            continue;
          job = g_new0 (WriteJob, 1);
          job->spec = spec;
          job->chart = chart;
          job->format = f;
          job->file = g_strdup_printf ("%s.%s", spec->name, aiperf_image_format_extension (f));
          job->path = g_build_filename (dir, job->file, NULL);
          job->options = options;
          job->style = style;
          g_ptr_array_add (jobs, job);
        }
    }

  /* one surface per drawing thread, reused from chart to chart */
  aiperf_writer_keep_surfaces (TRUE);
  pool = g_thread_pool_new (write_job_run, NULL, (int) MAX (1, MIN (g_get_num_processors (), jobs->len)),
                            FALSE, NULL);
  for (guint i = 0; i < jobs->len; i++)
    g_thread_pool_push (pool, g_ptr_array_index (jobs, i), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
  aiperf_writer_keep_surfaces (FALSE);

  for (guint i = 0; i < jobs->len; i++)
    {
      WriteJob *job = g_ptr_array_index (jobs, i);

      if (job->error != NULL)
        {
          aiperf_export_log (log, AIPERF_LOG_ERROR, _("Cannot write %s: %s"), job->path, job->error->message);
          continue;
        }
      aiperf_export_log (log, AIPERF_LOG_INFO, _("Saved %s"), job->path);
      aiperf_export_log (log, AIPERF_LOG_DEBUG, "%s drawn and written in %.1f ms", job->file, job->ms);
      g_ptr_array_add (files, g_strdup (job->file));
      /* The jobs of one preset are adjacent. */
      if (job->spec != counted)
        n_plots++;
      counted = job->spec;
    }
  return n_plots;
}

static void
log_note (gboolean    warning,
          const char *message,
          gpointer    user_data)
{
  aiperf_export_log (user_data, warning ? AIPERF_LOG_WARNING : AIPERF_LOG_INFO, "%s", message);
}

/* A trace's timeline is not a chart (millions of events): the painter
 * draws it from the trace's track model, one file per trace. */
static guint
export_timelines (const AiperfExportOptions *options,
                  AiperfRunSet              *runs,
                  const AiperfStyle         *style,
                  const char                *dir,
                  AiperfExportLog           *log,
                  GPtrArray                 *files)
{
  guint n_traces = 0, written = 0;
  g_autoptr(GHashTable) names = NULL;

  if (options->plots != NULL && !g_strv_contains ((const char * const *) options->plots, "timeline"))
    return 0;
  /* Two traces of one stem in different folders: told apart by their folders. */
  names = aiperf_trace_output_names (runs);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    n_traces += aiperf_run_get_dataset (aiperf_run_set_get_run (runs, i), AIPERF_DATASET_EVENTS,
                                        AIPERF_TYPE_TRACE_STORE) != NULL;
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
      g_autofree char *file = NULL, *path = NULL, *title = NULL;
      g_autoptr(GError) error = NULL;
      AiperfTrackModel model;

      if (store == NULL)
        continue;
      file = n_traces > 1 ? g_strdup_printf ("%s_timeline.png", (const char *) g_hash_table_lookup (names, run))
                          : g_strdup ("timeline.png");
      path = g_build_filename (dir, file, NULL);
      if (g_ptr_array_find_with_equal_func (files, file, g_str_equal, NULL))
        {
          aiperf_export_log (log, AIPERF_LOG_ERROR, _("%s: written already in this export; not overwritten"), path);
          continue;
        }
      /* TRANSLATORS: %s is the trace's name */
      title = g_strdup_printf (_("Timeline of %s"), aiperf_run_get_name (run));
      aiperf_trace_store_get_model (store, &model);
      if (!aiperf_timeline_write_png (&model, style, options->width, options->height, title, path, &error))
        {
          aiperf_export_log (log, AIPERF_LOG_ERROR, "%s", error->message);
          continue;
        }
      aiperf_export_log (log, AIPERF_LOG_INFO, _("Saved %s"), path);
      g_ptr_array_add (files, g_steal_pointer (&file));
      written++;
    }
  return written;
}

/* The images of every kind: one kind is written into @dir as aiperf plot
 * does; several each get @dir/<kind>/. Returns the number of plots. */
static guint
export_images (const AiperfExportOptions *options,
               AiperfSession             *session,
               const AiperfPlotConfig    *config,
               GPtrArray                 *plan,
               const AiperfStyle         *style,
               const char                *dir,
               AiperfExportLog           *log,
               GPtrArray                 *files)
{
  AiperfPlotColors *colors = aiperf_session_get_colors (session);
  g_autoptr(GError) error = NULL;
  guint n_plots = 0;

  for (guint k = 0; k < plan->len; k++)
    {
      const AiperfKindCharts *charts = g_ptr_array_index (plan, k);
      const AiperfKind *kind_info = aiperf_kinds_find (charts->kind);
      g_autofree char *kind_dir = plan->len > 1 ? g_build_filename (dir, charts->kind, NULL) : g_strdup (dir);
      g_autoptr(GPtrArray) kind_files = g_ptr_array_new_with_free_func (g_free);

      if (plan->len > 1 && !prepare_output_dir (kind_dir, &error))
        {
          aiperf_export_log (log, AIPERF_LOG_ERROR, "%s", error->message);
          g_clear_error (&error);
          continue;
        }
      /* What a load skipped, or kept from damaged input (cells, events);
       * serving runs say theirs with their details. */
      for (guint r = 0; !(aiperf_kinds_get_views (charts->kind) & AIPERF_KIND_VIEW_RUNS) &&
                        r < aiperf_run_set_get_n_runs (charts->runs); r++)
        {
          g_autoptr(GPtrArray) notes = aiperf_run_dup_warnings (aiperf_run_set_get_run (charts->runs, r));

          for (guint w = 0; notes != NULL && w < notes->len; w++)
            aiperf_export_log (log, AIPERF_LOG_WARNING, "%s", (const char *) g_ptr_array_index (notes, w));
        }
      n_plots += export_presets (options, charts, config, colors, style, kind_dir, log, kind_files);
      n_plots += export_timelines (options, charts->runs, style, kind_dir, log, kind_files);
      if (kind_info != NULL && kind_info->write_files != NULL &&
          !kind_info->write_files (charts->runs, aiperf_session_get_options (session), kind_dir, kind_files, &error))
        {
          aiperf_export_log (log, AIPERF_LOG_ERROR, "%s", error->message);
          g_clear_error (&error);
        }
      for (guint i = 0; i < kind_files->len; i++)
        g_ptr_array_add (files, plan->len > 1 ? g_build_filename (charts->kind, g_ptr_array_index (kind_files, i), NULL)
                                              : g_strdup (g_ptr_array_index (kind_files, i)));
    }
  return n_plots;
}

/* aiperf's exact summary.txt first; each other kind appends its own section. */
static void
write_summary (AiperfSession   *session,
               GPtrArray       *plan,
               GPtrArray       *files,
               guint            n_plots,
               const char      *dir,
               AiperfExportLog *log)
{
  g_autofree char *aiperf_summary = summary_text (files, n_plots, dir);
  g_autoptr(GString) summary = g_string_new (aiperf_summary);
  g_autofree char *summary_path = g_build_filename (dir, "summary.txt", NULL);
  g_autoptr(GError) error = NULL;

  for (guint k = 0; k < plan->len; k++)
    {
      const AiperfKindCharts *charts = g_ptr_array_index (plan, k);
      g_autofree char *section = aiperf_session_kind_section (session, charts->kind, charts->runs);

      if (section != NULL)
        g_string_append_printf (summary, "\n%s", section);
    }
  if (!aiperf_write_file_atomically (summary_path, summary->str, summary->len, &error))
    aiperf_export_log (log, AIPERF_LOG_ERROR, "%s", error->message);
}

/* Nothing could be loaded: the report names what was opened and why it
 * failed, with no chart. */
static void
write_failure_report (const AiperfExportOptions *options,
                      AiperfSession             *session,
                      const AiperfPlotConfig    *config,
                      const char                *report_dir,
                      const char                *message)
{
  g_autoptr(GPtrArray) plan = g_ptr_array_new ();
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  AiperfReportInput input = {
    .session = session,
    .config = config,
    .plan = plan,
    .theme = options->theme,
  };

  for (guint i = 0; options->paths[i] != NULL; i++)
    aiperf_session_add_root (session, options->paths[i]);
  aiperf_session_add_error (session, message);
  if (!prepare_output_dir (report_dir, &error) ||
      !aiperf_report_write (&input, options->reports, report_dir, written, &error))
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      return;
    }
  for (guint i = 0; i < written->len; i++)
    g_print (_("Saved report: %s\n"), (const char *) g_ptr_array_index (written, i));
}

int
aiperf_cli_export (const AiperfExportOptions *options)
{
  g_autoptr(GError) error = NULL;
  AiperfPlotConfig *config;  /* the session's */
  g_autoptr(AiperfSession) session = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) plan = NULL;
  g_autoptr(AiperfExportLog) log = NULL;
  g_autofree char *dir = NULL, *report_dir = NULL, *log_path = NULL;
  gboolean images = options->formats != 0;
  GPtrArray *load_errors;
  GThread *fonts;
  AiperfStyle style;
  guint n_plots = 0;
  gint64 start = g_get_monotonic_time ();

  g_return_val_if_fail (options != NULL && options->paths != NULL, AIPERF_EXIT_USAGE);

  log = aiperf_export_log_new (options->verbose);
  /* The session owns the presets: --config, else a file beside the first
   * path, else ~/.aiperf's, else the shipped ones. A file that cannot be
   * used stops the command before anything is read; a saved view's runs:
   * block hides its runs as they open, as in the window. */
  session = aiperf_session_new ();
  aiperf_session_set_config_file (session, options->config);
  for (guint i = 0; options->paths[i] != NULL; i++)
    aiperf_session_add_root (session, options->paths[i]);
  config = aiperf_session_load_presets (session, &error);
  if (config == NULL)
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      return AIPERF_EXIT_USAGE;
    }
  if (!check_plot_names (options, config))
    return AIPERF_EXIT_USAGE;
  if (!g_str_has_prefix (config->filename, "resource://"))
    g_print (_("Using config: %s\n"), config->filename);
  aiperf_export_log (log, AIPERF_LOG_INFO, _("Using plot config %s"), config->filename);

  dir = options->output != NULL ? strip_trailing_separators (options->output)
                                : g_build_filename (options->paths[0], "plots", NULL);
  /* aiperf's design names <first path>/visualizations for the HTML report. */
  if (options->reports != 0)
    report_dir = options->output != NULL ? g_strdup (dir)
                                         : g_build_filename (options->paths[0], "visualizations", NULL);
  fonts = start_preparing_fonts (options->theme);
  aiperf_session_set_param_pattern (session, options->param_pattern);
  /* Analysis options reach the presets' extras and the kinds' files. */
  if (options->kind_options != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, options->kind_options);
      while (g_hash_table_iter_next (&iter, &key, &value))
        aiperf_session_set_option (session, key, value);
    }
  /* Never read our own output back as input. */
  if (!aiperf_session_open_sync (session, (const char * const *) options->paths,
                                 images ? dir : report_dir, &error))
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      finish_preparing_fonts (&fonts);
      /* A CI job that shares the report should still say why it is empty. */
      if (report_dir != NULL)
        write_failure_report (options, session, config, report_dir, error->message);
      return AIPERF_EXIT_EMPTY;
    }
  load_errors = aiperf_session_get_errors (session);
  for (guint i = 0; i < load_errors->len; i++)
    aiperf_export_log (log, AIPERF_LOG_WARNING, _("Skipping a run: %s"),
                       (const char *) g_ptr_array_index (load_errors, i));
  aiperf_export_log (log, AIPERF_LOG_DEBUG, "%u run(s) loaded in %.1f ms",
                     aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)),
                     (g_get_monotonic_time () - start) / 1000.0);

  if ((images && !prepare_output_dir (dir, &error)) ||
      (report_dir != NULL && !prepare_output_dir (report_dir, &error)))
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      finish_preparing_fonts (&fonts);
      return AIPERF_EXIT_EMPTY;
    }

  aiperf_style_init (&style, options->theme);
  /* Fonts and lines scale with the image: 2400 px wide is aiperf's 1.5. */
  style.scale = options->width / 1600.0;
  finish_preparing_fonts (&fonts);

  plan = aiperf_session_plan_charts (session, config, (const char * const *) options->plots, log_note, log);
  if (images)
    {
      n_plots = export_images (options, session, config, plan, &style, dir, log, files);
      write_summary (session, plan, files, n_plots, dir, log);
    }
  aiperf_style_clear (&style);

  if (report_dir != NULL)
    {
      AiperfReportInput input = {
        .session = session,
        .config = config,
        .plan = plan,
        .theme = options->theme,
      };
      g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);

      if (!aiperf_report_write (&input, options->reports, report_dir, written, &error))
        {
          aiperf_export_log (log, AIPERF_LOG_ERROR, "%s", error->message);
          g_clear_error (&error);
        }
      for (guint i = 0; i < written->len; i++)
        {
          const char *path = g_ptr_array_index (written, i);

          aiperf_export_log (log, AIPERF_LOG_INFO, _("Saved %s"), path);
          g_print (_("Saved report: %s\n"), path);
          g_ptr_array_add (files, g_strdup (path));
        }
    }

  if (images)
    aiperf_export_log (log, AIPERF_LOG_INFO, _("Saved %u plot(s) to %s in %.1f ms"), n_plots, dir,
                       (g_get_monotonic_time () - start) / 1000.0);
  log_path = g_build_filename (images ? dir : report_dir, "aiperf_plot.log", NULL);
  if (!aiperf_export_log_save (log, log_path, &error))
    g_printerr ("aiperf-plot: %s\n", error->message);

  if (images)
    g_print (_("Saved %u plot(s) to: %s\n"), n_plots, dir);
  g_print (_("Logs: %s\n"), log_path);
  return files->len > 0 ? AIPERF_EXIT_OK : AIPERF_EXIT_EMPTY;
}
