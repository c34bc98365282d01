/* aiperf-format-tracelens.c — TraceLens perf-report folders as an input
 * format: one run of kind "kernels" per `<trace>_perf_report_csvs/`
 * folder, named after the trace.
 *
 * TraceLens writes one CSV per sheet into that folder. Its kernel summary
 * (kernel_summary.csv) is the run's `kernels` dataset, classified like any
 * kernel summary and keeping TraceLens's parent op category, CPU op and
 * stream; its GPU time breakdown (gpu_timeline.csv) and kernel time per op
 * category (ops_summary_by_category.csv) are datasets of the same run
 * (aiperf-tracelens.h). Either of the first two, opened alone or found in
 * a folder, gives the run; the run is the folder, so finding both gives it
 * once. GEMM.csv beside them is the gemm format's, and the comparison
 * sheets of TraceLens's compare report (`*_intersect_*`) are not read here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-run-builder.h"
#include "aiperf-tracelens-private.h"

#define KERNELS_FILE    "kernel_summary.csv"
#define TIMELINE_FILE   "gpu_timeline.csv"
#define CATEGORIES_FILE "ops_summary_by_category.csv"
#define FOLDER_SUFFIX   "_perf_report_csvs"

static guint
tracelens_sniff (const AiperfSniffInput *input)
{
  switch (input->is_dir ? AIPERF_TRACELENS_SHEET_NONE : aiperf_tracelens_sheet_of_head (input->head))
    {
    case AIPERF_TRACELENS_SHEET_KERNELS:
    case AIPERF_TRACELENS_SHEET_TIMELINE:
      return AIPERF_SNIFF_SURE;
    case AIPERF_TRACELENS_SHEET_CATEGORIES:
    case AIPERF_TRACELENS_SHEET_NONE:
    default:
      return AIPERF_SNIFF_NO;
    }
}

/* The sheet in @path when it is one of @sheet, else NONE. */
static AiperfTracelensSheet
sheet_of_file (const char *path)
{
  g_autofree char *head = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return AIPERF_TRACELENS_SHEET_NONE;
  head = aiperf_read_head (path, 4096, NULL);
  return aiperf_tracelens_sheet_of_head (head);
}

/* Reads @path as @sheet; errors go to @errors (fatal for the kernels,
 * a note otherwise), notes about rows to @warnings. */
static AiperfTable *
read_sheet (const char           *path,
            AiperfTracelensSheet  sheet,
            GPtrArray            *warnings,
            GError              **error)
{
  g_autoptr(GMappedFile) file = g_mapped_file_new (path, FALSE, error);

  if (file == NULL)
    return NULL;
  return aiperf_tracelens_read_sheet (sheet, g_mapped_file_get_contents (file), g_mapped_file_get_length (file),
                                      path, warnings, error);
}

/* "gaunernst_bert-small-uncased__1016001_perf_report_csvs" → the trace's
 * name; any other folder keeps its name. */
static char *
run_name (const char *directory)
{
  char *name = g_path_get_basename (directory);

  if (g_str_has_suffix (name, FOLDER_SUFFIX) && strlen (name) > strlen (FOLDER_SUFFIX))
    name[strlen (name) - strlen (FOLDER_SUFFIX)] = '\0';
  return name;
}

static void
tracelens_load (const char              *path,
                const AiperfLoadOptions *options,
                AiperfLoadResult        *result)
{
  g_autofree char *directory = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = NULL;
  g_autofree char *kernels_path = NULL, *timeline_path = NULL, *categories_path = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AiperfTable) kernels = NULL, timeline = NULL, categories = NULL;
  g_autoptr(AiperfRun) run = NULL;
  AiperfTracelensSheet sheet = sheet_of_file (path);
  gboolean in_report;

  (void) options;
  if (sheet != AIPERF_TRACELENS_SHEET_KERNELS && sheet != AIPERF_TRACELENS_SHEET_TIMELINE)
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                    _("%s: not a TraceLens kernel summary or GPU timeline"), path);
      return;
    }
  /* A sheet under its own name is one of a report folder: the folder is
   * the run and its other sheets belong to it. */
  in_report = g_str_equal (base, KERNELS_FILE) || g_str_equal (base, TIMELINE_FILE);
  if (in_report)
    {
      kernels_path = g_build_filename (directory, KERNELS_FILE, NULL);
      timeline_path = g_build_filename (directory, TIMELINE_FILE, NULL);
      categories_path = g_build_filename (directory, CATEGORIES_FILE, NULL);
      if (sheet_of_file (kernels_path) != AIPERF_TRACELENS_SHEET_KERNELS)
        g_clear_pointer (&kernels_path, g_free);
      if (sheet_of_file (timeline_path) != AIPERF_TRACELENS_SHEET_TIMELINE)
        g_clear_pointer (&timeline_path, g_free);
      if (sheet_of_file (categories_path) != AIPERF_TRACELENS_SHEET_CATEGORIES)
        g_clear_pointer (&categories_path, g_free);
    }
  else if (sheet == AIPERF_TRACELENS_SHEET_KERNELS)
    kernels_path = g_strdup (path);
  else
    timeline_path = g_strdup (path);

  if (kernels_path != NULL)
    {
      g_autoptr(GError) error = NULL;

      kernels = read_sheet (kernels_path, AIPERF_TRACELENS_SHEET_KERNELS, warnings, &error);
      if (kernels == NULL)
        g_ptr_array_add (result->errors, g_steal_pointer (&error));
    }
  if (timeline_path != NULL)
    {
      g_autoptr(GError) error = NULL;

      timeline = read_sheet (timeline_path, AIPERF_TRACELENS_SHEET_TIMELINE, warnings, &error);
      if (timeline == NULL)
        g_ptr_array_add (result->errors, g_steal_pointer (&error));
    }
  if (categories_path != NULL)
    {
      g_autoptr(GError) error = NULL;

      categories = read_sheet (categories_path, AIPERF_TRACELENS_SHEET_CATEGORIES, warnings, &error);
      if (categories == NULL)
        g_ptr_array_add (warnings, g_strdup (error->message));
    }
  if (kernels == NULL && timeline == NULL)
    return;

  run = in_report ? aiperf_run_new (directory) : aiperf_run_new_in_file (path, NULL);
  name = in_report ? run_name (directory) : g_strdup (base);
  if (!in_report && strrchr (name, '.') != NULL && strrchr (name, '.') != name)
    *strrchr (name, '.') = '\0';
  aiperf_run_set_name (run, name);
  aiperf_run_set_variation_label (run, name);
  if (kernels != NULL)
    {
      aiperf_kernel_classes_apply (aiperf_kernel_classes_get_default (), kernels);
      aiperf_run_set_table (run, AIPERF_DATASET_KERNELS, kernels);
    }
  if (timeline != NULL)
    aiperf_run_set_table (run, AIPERF_TRACELENS_DATASET_TIMELINE, timeline);
  if (categories != NULL)
    aiperf_run_set_table (run, AIPERF_TRACELENS_DATASET_CATEGORIES, categories);
  for (guint i = 0; i < warnings->len; i++)
    aiperf_run_add_warning (run, "%s", (const char *) g_ptr_array_index (warnings, i));
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
}

/* The first line of @head, as text. */
static char *
first_line (const char *head)
{
  const char *end = head != NULL ? strpbrk (head, "\r\n") : NULL;

  return end != NULL ? g_strndup (head, end - head) : NULL;
}

/* A sheet of a TraceLens perf report that is not read (the ops and
 * perf-model sheets, the short-kernel ones): said as such, with the
 * sheets that are. */
static char *
tracelens_refusal (const AiperfSniffInput *input,
                   guint                  *closeness)
{
  g_autofree char *line = NULL;
  const char *what = NULL;

  *closeness = 0;
  if (input->is_dir || (line = first_line (input->head)) == NULL)
    return NULL;
  if (strstr (line, "total_direct_kernel_time") != NULL)
    what = _("its ops sheet (kernel time per op: ops_summary.csv, ops_unique_args.csv)");
  else if (strstr (line, "Short Kernel") != NULL || g_str_equal (line, "bin_start,bin_end,count"))
    what = _("its short-kernel sheet (short_kernels_summary.csv, short_kernel_histogram.csv)");
  else if (strstr (line, "GFLOPS_first") != NULL || strstr (line, ",GFLOPS,") != NULL)
    what = _("a perf-model sheet of one op class (BinaryElementwise.csv, SDPA_fwd.csv, unified_perf_summary.csv, …)");
  if (what == NULL)
    return NULL;
  *closeness = AIPERF_SNIFF_LIKELY;
  return g_strdup_printf (_("a sheet of a TraceLens perf report, %s; of a report, kernel_summary.csv, gpu_timeline.csv, "
                            "ops_summary_by_category.csv and GEMM.csv are read"), what);
}

const AiperfFormat aiperf_format_tracelens = {
  .id = "tracelens",
  .name = "TraceLens",
  .kind = "kernels",
  .sniff = tracelens_sniff,
  .load = tracelens_load,
  .refusal = tracelens_refusal,
  .claims_subtree = NULL,
  .skip_child = NULL,
};
