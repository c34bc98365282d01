/* aiperf-format-nsight.c — Nsight Systems CUDA GPU kernel summaries as an
 * input format: one run per CSV (`nsys stats -r cuda_gpu_kern_sum`, or the
 * nsys-ui export), of kind "kernels", named by its file (EPLBOFF, EPLBON),
 * with a `kernels` dataset sorted by the shared kernel classifier.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-nsight-private.h"
#include "aiperf-run-builder.h"

static guint
nsight_sniff (const AiperfSniffInput *input)
{
  guint score;

  if (input->is_dir)
    return AIPERF_SNIFF_NO;
  score = aiperf_nsight_sniff_head (input->head, input->head_len);
  return score >= 100 ? AIPERF_SNIFF_SURE : score > 0 ? AIPERF_SNIFF_LIKELY : AIPERF_SNIFF_NO;
}

static char *
run_name (const char *path)
{
  char *name = g_path_get_basename (path);
  char *dot = strrchr (name, '.');

  if (dot != NULL && dot != name)
    *dot = '\0';
  return name;
}

static void
nsight_load (const char              *path,
             const AiperfLoadOptions *options,
             AiperfLoadResult        *result)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AiperfTable) kernels = NULL;
  g_autoptr(AiperfRun) run = NULL;
  g_autofree char *name = NULL;

  file = g_mapped_file_new (path, FALSE, &error);
  if (file == NULL)
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_IO, "%s", error->message);
      return;
    }
  kernels = aiperf_nsight_parse (g_mapped_file_get_contents (file), g_mapped_file_get_length (file),
                                 path, warnings, &error);
  if (kernels == NULL)
    {
      g_ptr_array_add (result->errors, g_steal_pointer (&error));
      return;
    }
  aiperf_kernel_classes_apply (aiperf_kernel_classes_get_default (), kernels);
  run = aiperf_run_new_in_file (path, NULL);
  name = run_name (path);
  aiperf_run_set_name (run, name);
  aiperf_run_set_variation_label (run, name);
  aiperf_run_set_table (run, AIPERF_DATASET_KERNELS, kernels);
  for (guint i = 0; i < warnings->len; i++)
    aiperf_run_add_warning (run, "%s", (const char *) g_ptr_array_index (warnings, i));
  aiperf_apply_param_pattern (run, options->param_pattern, name);
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
}

const AiperfFormat aiperf_format_nsight = {
  .id = "nsight",
  .name = "Nsight Systems",
  .kind = "kernels",
  .sniff = nsight_sniff,
  .load = nsight_load,
  .claims_subtree = NULL,
  .skip_child = NULL,
};
