/* test-kernel-classes.c — the shared kernel classifier and run datasets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-error.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-run-builder.h"

static void
test_shipped_rules (void)
{
  AiperfKernelClasses *classes = aiperf_kernel_classes_get_default ();
  const struct { const char *name, *category, *collective; } cases[] = {
    { "fused_moe_kernel", "moe", NULL },
    { "void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64>>(Flash_fwd_params)", "attention", NULL },
    { "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64", "gemm", NULL },
    { "nvjet_tst_128x256_64x4_1x2_h_bz_coopB_TNT", "gemm", NULL },
    { "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096>)", "communication", "AllReduce" },
    { "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096>)", "communication", "SendRecv" },
    { "ncclDevKernel_AllGather_RING_LL", "communication", "AllGather" },
    { "void vllm::rms_norm_kernel<c10::BFloat16>(…)", "normalization", NULL },
    { "Memcpy DtoD (Device -> Device)", "memory", NULL },
    { "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>", "elementwise", NULL },
    { "my_mystery_kernel", "other", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *collective = (const char *) 1;

      g_assert_cmpstr (aiperf_kernel_classes_classify (classes, cases[i].name, &collective), ==, cases[i].category);
      g_assert_cmpstr (collective, ==, cases[i].collective);
    }
  g_assert_cmpstr (aiperf_kernel_classes_get_category (classes, 0), ==, "communication");
  g_assert_cmpstr (aiperf_kernel_classes_get_category (classes, aiperf_kernel_classes_get_n_categories (classes) - 1),
                   ==, "other");
}

static void
test_user_rules (void)
{
  const char *text = "categories:\n  - name: mine\n    match: 'foo'\n";
  g_autoptr(AiperfKernelClasses) classes = NULL;
  g_autoptr(GError) error = NULL;

  classes = aiperf_kernel_classes_new_from_data (text, strlen (text), "rules.yaml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (aiperf_kernel_classes_classify (classes, "FOO_gemm", NULL), ==, "mine");
  g_assert_cmpstr (aiperf_kernel_classes_classify (classes, "gemm", NULL), ==, "other");
  g_assert_cmpuint (aiperf_kernel_classes_get_n_categories (classes), ==, 2);
}

static void
test_bad_rules (void)
{
  const struct { const char *text, *message; int code; } cases[] = {
    { "categories:\n  - name: x\n    match: '('\n", "rules.yaml:2: bad pattern for “x”", AIPERF_ERROR_CONFIG },
    { "categories:\n  - name: x\n", "rules.yaml:2: a rule needs", AIPERF_ERROR_CONFIG },
    { "categories: 3\n", "rules.yaml:1: expected a list", AIPERF_ERROR_CONFIG },
    { "categories:\n  - name: other\n    match: a\n", "rules.yaml:2: “other” is what", AIPERF_ERROR_CONFIG },
    { "categories: [\n", "rules.yaml:2:", AIPERF_ERROR_PARSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (aiperf_kernel_classes_new_from_data (cases[i].text, strlen (cases[i].text),
                                                          "rules.yaml", &error));
      g_assert_error (error, AIPERF_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
}

static void
test_apply_and_datasets (void)
{
  g_autoptr(AiperfTable) kernels = aiperf_table_new ();
  g_autoptr(AiperfRun) run = aiperf_run_new_in_file ("/tmp/summary.csv", NULL);
  guint name = aiperf_table_ensure_string_column (kernels, AIPERF_KERNELS_NAME);
  g_autoptr(GPtrArray) names = NULL;
  AiperfTable *got;

  aiperf_table_set_string (kernels, name, aiperf_table_append_row (kernels), "fused_moe_kernel");
  aiperf_table_set_string (kernels, name, aiperf_table_append_row (kernels), "ncclDevKernel_AllToAll");
  aiperf_kernel_classes_apply (aiperf_kernel_classes_get_default (), kernels);
  aiperf_run_set_table (run, AIPERF_DATASET_KERNELS, kernels);

  got = aiperf_run_get_table (run, AIPERF_DATASET_KERNELS);
  g_assert_true (got == kernels);
  g_assert_cmpstr (aiperf_table_get_string (got, aiperf_table_find_column (got, AIPERF_KERNELS_CATEGORY), 0), ==, "moe");
  g_assert_cmpstr (aiperf_table_get_string (got, aiperf_table_find_column (got, AIPERF_KERNELS_COLLECTIVE), 1), ==, "AllToAll");
  g_assert_null (aiperf_table_get_string (got, aiperf_table_find_column (got, AIPERF_KERNELS_COLLECTIVE), 0));
  g_assert_null (aiperf_run_get_dataset (run, AIPERF_DATASET_KERNELS, AIPERF_TYPE_TIMESLICES));
  g_assert_true (aiperf_run_has_dataset (run, AIPERF_DATASET_KERNELS));
  g_assert_false (aiperf_run_has_dataset (run, AIPERF_DATASET_REQUESTS));
  names = aiperf_run_list_datasets (run);
  g_assert_cmpuint (names->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "kernels");

  aiperf_run_set_dataset (run, AIPERF_DATASET_KERNELS, AIPERF_TYPE_TABLE, NULL);
  g_assert_false (aiperf_run_has_dataset (run, AIPERF_DATASET_KERNELS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/kernel-classes/shipped", test_shipped_rules);
  g_test_add_func ("/aiperf/kernel-classes/user", test_user_rules);
  g_test_add_func ("/aiperf/kernel-classes/bad", test_bad_rules);
  g_test_add_func ("/aiperf/kernel-classes/apply-and-datasets", test_apply_and_datasets);
  return g_test_run ();
}
