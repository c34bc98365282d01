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

#define FOLDER_SUFFIX   "_perf_report_csvs"

/* The sheets of a report that are read, under the names TraceLens gives
 * them; the run needs one of the first three. */
static const struct {
  AiperfTracelensSheet sheet;
  const char          *file;
  const char          *dataset;
  gboolean             gives_run;
} sheets[] = {
  { AIPERF_TRACELENS_SHEET_KERNELS, "kernel_summary.csv", AIPERF_DATASET_KERNELS, TRUE },
  { AIPERF_TRACELENS_SHEET_TIMELINE, "gpu_timeline.csv", AIPERF_TRACELENS_DATASET_TIMELINE, TRUE },
  { AIPERF_TRACELENS_SHEET_OPS, "ops_summary.csv", AIPERF_TRACELENS_DATASET_OPS, TRUE },
  { AIPERF_TRACELENS_SHEET_CATEGORIES, "ops_summary_by_category.csv", AIPERF_TRACELENS_DATASET_CATEGORIES, FALSE },
};

static gboolean
gives_run (AiperfTracelensSheet sheet)
{
  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    if (sheets[i].sheet == sheet)
      return sheets[i].gives_run;
  return FALSE;
}

static guint
tracelens_sniff (const AiperfSniffInput *input)
{
  return !input->is_dir && gives_run (aiperf_tracelens_sheet_of_head (input->head)) ? AIPERF_SNIFF_SURE
                                                                                  : AIPERF_SNIFF_NO;
}

/* The sheet in @path, NONE when it is none that is read. */
static AiperfTracelensSheet
sheet_of_file (const char *path)
{
  g_autofree char *head = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return AIPERF_TRACELENS_SHEET_NONE;
  head = aiperf_read_head (path, 4096, NULL);
  return aiperf_tracelens_sheet_of_head (head);
}

/* Reads @path as @sheet; notes about rows go to @warnings. */
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

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

char *
aiperf_tracelens_unread_sheets (const char *directory,
                                guint      *out_n)
{
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".csv"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  /* kinds in the order their first sheet comes, each sheet under its kind */
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (directory, g_ptr_array_index (names, i), NULL);
      g_autofree char *head = g_file_test (path, G_FILE_TEST_IS_REGULAR) ? aiperf_read_head (path, 4096, NULL) : NULL;
      const char *kind = aiperf_tracelens_unread_kind (head);

      if (kind != NULL && !g_ptr_array_find (kinds, kind, NULL))
        g_ptr_array_add (kinds, (gpointer) kind);
      g_autofree char *file = g_ptr_array_index (names, i);

      g_ptr_array_index (names, i) = kind != NULL ? g_strdup_printf ("%s\t%s", kind, file) : NULL;
    }
  for (guint k = 0; k < kinds->len; k++)
    {
      const char *kind = g_ptr_array_index (kinds, k);
      gsize prefix = strlen (kind) + 1;
      gboolean first = TRUE;

      g_string_append (text, k > 0 ? "; " : "");
      for (guint i = 0; i < names->len; i++)
        {
          const char *entry = g_ptr_array_index (names, i);

          if (entry == NULL || strncmp (entry, kind, prefix - 1) != 0 || entry[prefix - 1] != '\t')
            continue;
          g_string_append_printf (text, "%s%s", first ? "" : ", ", entry + prefix);
          first = FALSE;
          n++;
        }
      g_string_append_printf (text, " (%s)", kind);
    }
  *out_n = n;
  return n > 0 ? g_strdup (text->str) : NULL;
}

static void
tracelens_load (const char              *path,
                const AiperfLoadOptions *options,
                AiperfLoadResult        *result)
{
  g_autofree char *directory = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  AiperfTable *tables[G_N_ELEMENTS (sheets)] = { NULL };
  g_autoptr(AiperfRun) run = NULL;
  AiperfTracelensSheet sheet = sheet_of_file (path);
  gboolean in_report = FALSE, any = FALSE;

  (void) options;
  if (!gives_run (sheet))
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                    _("%s: not a TraceLens kernel summary, GPU timeline or ops summary"), path);
      return;
    }
  /* A sheet under its own name is one of a report folder: the folder is
   * the run and its other sheets belong to it. */
  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    in_report = in_report || (sheets[i].gives_run && g_str_equal (base, sheets[i].file));
  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autofree char *sheet_path = in_report ? g_build_filename (directory, sheets[i].file, NULL)
                                  : sheets[i].sheet == sheet ? g_strdup (path) : NULL;
      g_autoptr(GError) error = NULL;

      if (sheet_path == NULL || sheet_of_file (sheet_path) != sheets[i].sheet)
        continue;
      tables[i] = read_sheet (sheet_path, sheets[i].sheet, warnings, &error);
      if (tables[i] == NULL && sheets[i].gives_run)
        g_ptr_array_add (result->errors, g_steal_pointer (&error));
      else if (tables[i] == NULL)
        g_ptr_array_add (warnings, g_strdup (error->message));
      any = any || (tables[i] != NULL && sheets[i].gives_run);
    }
  if (!any)
    {
      for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
        g_clear_pointer (&tables[i], aiperf_table_unref);
      return;
    }

  run = in_report ? aiperf_run_new (directory) : aiperf_run_new_in_file (path, NULL);
  name = in_report ? run_name (directory) : g_strdup (base);
  if (!in_report && strrchr (name, '.') != NULL && strrchr (name, '.') != name)
    *strrchr (name, '.') = '\0';
  aiperf_run_set_name (run, name);
  aiperf_run_set_variation_label (run, name);
  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      if (tables[i] == NULL)
        continue;
      if (sheets[i].sheet == AIPERF_TRACELENS_SHEET_KERNELS)
        aiperf_kernel_classes_apply (aiperf_kernel_classes_get_default (), tables[i]);
      aiperf_run_set_table (run, sheets[i].dataset, tables[i]);
      aiperf_table_unref (tables[i]);
    }
  if (in_report)
    {
      guint n = 0;
      g_autofree char *unread = aiperf_tracelens_unread_sheets (directory, &n);

      /* said once, with the run */
      if (unread != NULL)
        g_ptr_array_add (warnings, g_strdup_printf (ngettext ("%s: %u sheet of the TraceLens report not read: %s",
                                                              "%s: %u sheets of the TraceLens report not read: %s",
                                                              n),
                                                    directory, n, unread));
    }
  for (guint i = 0; i < warnings->len; i++)
    aiperf_run_add_warning (run, "%s", (const char *) g_ptr_array_index (warnings, i));
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
}

/* A sheet of a TraceLens perf report that is not read (per-shape ops,
 * perf-model sheets, the short-kernel ones): said as such, with the
 * sheets that are. */
static char *
tracelens_refusal (const AiperfSniffInput *input,
                   guint                  *closeness)
{
  const char *what;

  *closeness = 0;
  if (input->is_dir || (what = aiperf_tracelens_unread_kind (input->head)) == NULL)
    return NULL;
  *closeness = AIPERF_SNIFF_LIKELY;
  return g_strdup_printf (_("a sheet of a TraceLens perf report that is not read (%s); of a report, "
                            "kernel_summary.csv, gpu_timeline.csv, ops_summary.csv, ops_summary_by_category.csv "
                            "and GEMM.csv are read"), what);
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
