/* test-cli-gemm.c — aiperf-plot --headless on GEMM benchmark tables: the
 * exact files and gemm_roofline.csv rows of the TraceLens H100 sample with
 * --gpu h100, --filter, no GPU at all, a GPU from the user's gpus.yaml,
 * and bad --gpu/--filter values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include "aiperf-test-util.h"
#include "cli-test-util.h"

static char *tmp_root;
static char *home_dir;  /* HOME of the runs: no user preset file */

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "gemm", name, NULL);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The entries of @dir, sorted, one per line. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GString *s = g_string_new (NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, (gpointer) name);
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (s, "%s\n", (const char *) g_ptr_array_index (names, i));
  return g_string_free (s, FALSE);
}

static char *
read_output (const char *dir,
             const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

#define HEADER "kernel,model,batch_size,dtype,M,N,K,flops,bytes,ai,tflops,attainable_tflops,efficiency," \
               "batch,time_us,library,layer,dtype_c,gpu,flops_source,bytes_source,tflops_source,device_kernel,file,line\n"
#define SM90 "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas"

static void
test_export_h100 (void)
{
  g_autofree char *csv_in = fixture ("tracelens/h100/GEMM.csv");
  g_autofree char *out = g_build_filename (tmp_root, "h100", NULL);
  g_autofree char *files = NULL, *csv = NULL, *summary = NULL, *expected = NULL;
  Result r;

  cli_run (&r, home_dir, csv_in, "--gpu", "H100", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  files = list_dir (out);
  g_assert_cmpstr (files, ==,
                   "aiperf_plot.log\ngemm_ai.png\ngemm_roofline.csv\ngemm_tflops.png\n"
                   "heatmap_bf16.png\nheatmap_fp32.png\nroofline.png\nsummary.txt\n");
  csv = read_output (out, "gemm_roofline.csv");
  /* FLOPs, bytes (Data Moved MiB × 2^20), AI and TFLOP/s from the file;
   * attainable min(989, AI × 3.35) and efficiency computed. */
  expected = g_strdup_printf (HEADER
    "aten::mm,,,bf16,8944,2816,1024,51581550592,74457088,692.7688415,610.6657102,989,0.6174577454,1,84.48442586,"
      "cublas,,bf16,,file,file,file," SM90 ",%s,2\n"
    "aten::addmm,,,bf16,8944,1024,1024,18766086144,38733824,484.4883414,580.1844381,989,0.58663745,1,32.34827677,"
      "cublas,,bf16,,file,file,file," SM90 ",%s,3\n"
    "aten::mm,,,bf16,8944,1024,2816,51581550592,74457088,692.7688415,674.5509897,989,0.6820535791,1,76.47029622,"
      "cublas,,bf16,,file,file,file," SM90 ",%s,4\n"
    "aten::mm,,,bf16,8944,1024,1024,18756927488,38731776,484.2774958,578.5261169,989,0.5849606844,1,32.42258708,"
      "cublas,,bf16,,file,file,file," SM90 ",%s,5\n"
    "aten::bmm,,,fp32,32,559,1,35776,73916,0.4840088749,0.01016357997,1.621429731,0.006268282723,1,3.520019531,"
      "cutlass,,fp32,,file,file,file,void cutlass::Kernel2<cutlass_80_simt_sgemm_128x32_8x5_nn_align1>"
      "(cutlass_80_simt_sgemm_128x32_8x5_nn_align1::Params),%s,6\n",
    csv_in, csv_in, csv_in, csv_in, csv_in);
  g_assert_cmpstr (csv, ==, expected);
  summary = read_output (out, "summary.txt");
  g_assert_nonnull (strstr (summary, "Generated 5 plots:\n"));
  g_assert_nonnull (strstr (summary, "  - heatmap_bf16.png\n"));
  g_assert_nonnull (strstr (summary, "  - gemm_roofline.csv\n"));
  g_assert_nonnull (strstr (summary, "  GPU: H100 SXM (--gpu H100): 3.35 TB/s"));
  g_assert_nonnull (strstr (summary, "  From the file: FLOPs from the file; bytes from the file; TFLOP/s from the file\n"));
  g_assert_nonnull (strstr (summary, "  Best efficiency:   aten::mm 8944×1024×2816 bf16 (h100): 68.2% — 674.6 of 989"));
  g_assert_nonnull (strstr (summary, "  Worst efficiency:  aten::bmm 32×559×1 fp32 (h100): 0.6% — 0.01016 of 1.621"));
  result_clear (&r);
}

static void
test_filter (void)
{
  g_autofree char *csv_in = fixture ("tracelens/h100/GEMM.csv");
  g_autofree char *synonyms = fixture ("long-synonyms.csv");
  g_autofree char *out = g_build_filename (tmp_root, "filter", NULL);
  g_autofree char *files = NULL, *csv = NULL, *summary = NULL;
  g_auto(GStrv) lines = NULL;
  Result r;

  cli_run (&r, home_dir, csv_in, synonyms, "--gpu", "h100", "--filter", "dtype=bf16", "--filter", "model=llama-8b",
           "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  files = list_dir (out);
  /* one heatmap: the only dtype left */
  g_assert_cmpstr (files, ==,
                   "aiperf_plot.log\ngemm_ai.png\ngemm_roofline.csv\ngemm_tflops.png\n"
                   "heatmap_bf16.png\nroofline.png\nsummary.txt\n");
  csv = read_output (out, "gemm_roofline.csv");
  lines = g_strsplit (csv, "\n", -1);
  /* header, the two bf16 llama-8b rows, and the final empty string */
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_true (g_str_has_prefix (lines[1], "qkv_proj,llama-8b,8,bf16,8,6144,4096,402653184,50495488,7.974042829,"
                                             "8.05306368,26.71304348,0.3014656,1,50,cublas,,bf16,NVIDIA H100 80GB HBM3,"
                                             "computed,computed,computed,,"));
  g_assert_true (g_str_has_prefix (lines[2], "qkv_proj,llama-8b,64,bf16,64,6144,4096,3221225472,"));
  summary = read_output (out, "summary.txt");
  g_assert_nonnull (strstr (summary, "  Filter: dtype=bf16, model=llama-8b (2 of 9 measurements)\n"));
  result_clear (&r);
}

static void
test_no_gpu (void)
{
  g_autofree char *csv_in = fixture ("tracelens/mi300/GEMM.csv");
  g_autofree char *out = g_build_filename (tmp_root, "nogpu", NULL);
  g_autofree char *csv = NULL, *summary = NULL;
  g_auto(GStrv) lines = NULL;
  Result r;

  cli_run (&r, home_dir, csv_in, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  csv = read_output (out, "gemm_roofline.csv");
  lines = g_strsplit (csv, "\n", -1);
  /* attainable and efficiency empty */
  g_assert_true (g_str_has_prefix (lines[1], "aten::mm,,,bf16,8944,2816,1024,51581550592,74457088,692.7688415,"
                                             "466.8243457,,,1,110.5890299,tensile,,bf16,,file,file,file,Cijk_"));
  summary = read_output (out, "summary.txt");
  g_assert_nonnull (strstr (summary, "  GPU: none — the input names no known GPU: pass --gpu NAME"));
  g_assert_nonnull (strstr (summary, "  Efficiency: not computed"));
  result_clear (&r);
}

static void
test_user_gpu (void)
{
  g_autofree char *csv_in = fixture ("long-synonyms.csv");
  g_autofree char *out = g_build_filename (tmp_root, "user", NULL);
  g_autofree char *dir = g_build_filename (home_dir, ".config", "aiperf-plot", NULL);
  g_autofree char *yaml = g_build_filename (dir, "gpus.yaml", NULL);
  g_autofree char *summary = NULL;
  Result r;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (yaml, "gpus:\n  - name: L40S\n    aliases: [l40s]\n"
                                            "    bandwidth_tbs: 0.864\n    peak_tflops: {bf16: 362, fp8: 733}\n",
                                      -1, NULL));
  cli_run (&r, home_dir, csv_in, "--gpu", "L40S", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  summary = read_output (out, "summary.txt");
  g_assert_nonnull (strstr (summary, "  GPU: L40S (--gpu L40S): 0.864 TB/s, bf16 362, fp8 733 TFLOP/s\n"));
  result_clear (&r);
  g_assert_cmpint (g_unlink (yaml), ==, 0);
}

static void
test_bad_options (void)
{
  g_autofree char *csv_in = fixture ("tracelens/h100/GEMM.csv");
  g_autofree char *out = g_build_filename (tmp_root, "bad", NULL);
  Result r;

  cli_run (&r, home_dir, csv_in, "--gpu", "h1000", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "Unknown GPU “h1000” for --gpu (known: H100 SXM (h100)"));
  result_clear (&r);
  cli_run (&r, home_dir, csv_in, "--filter", "dtype", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--filter dtype: expected KEY=VALUE"));
  result_clear (&r);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-cli-gemm-XXXXXX", NULL);
  home_dir = g_build_filename (tmp_root, "home", NULL);
  /* The user's GPU file is looked for under HOME/.config in the runs. */
  g_unsetenv ("XDG_CONFIG_HOME");
  g_test_add_func ("/aiperf/cli/gemm/export-h100", test_export_h100);
  g_test_add_func ("/aiperf/cli/gemm/filter", test_filter);
  g_test_add_func ("/aiperf/cli/gemm/no-gpu", test_no_gpu);
  g_test_add_func ("/aiperf/cli/gemm/user-gpu", test_user_gpu);
  g_test_add_func ("/aiperf/cli/gemm/bad-options", test_bad_options);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (home_dir);
  g_free (tmp_root);
  return status;
}
