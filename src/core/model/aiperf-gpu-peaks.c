/* aiperf-gpu-peaks.c — GPU presets read from YAML.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <yaml.h>

#include "aiperf-core-resources.h"
#include "aiperf-error.h"
#include "aiperf-gpu-peaks.h"

#define SHIPPED_GPUS "/org/aiperf/Plot/core/gpus/gpu-peaks.yaml"

struct _AiperfGpuPeaks {
  GPtrArray *gpus;  /* AiperfGpuPreset* */
};

static void
gpu_free (AiperfGpuPreset *gpu)
{
  if (gpu == NULL)
    return;
  g_free (gpu->name);
  g_strfreev (gpu->aliases);
  g_free (gpu);
}

void
aiperf_gpu_peaks_free (AiperfGpuPeaks *peaks)
{
  if (peaks == NULL)
    return;
  g_ptr_array_unref (peaks->gpus);
  g_free (peaks);
}

static gboolean
fail (GError     **error,
      const char  *origin,
      yaml_node_t *node,
      const char  *what)
{
  g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_CONFIG, "%s:%lu:%lu: %s", origin,
               node != NULL ? (unsigned long) node->start_mark.line + 1 : 1UL,
               node != NULL ? (unsigned long) node->start_mark.column + 1 : 1UL, what);
  return FALSE;
}

static const char *
scalar (yaml_node_t *node)
{
  return node != NULL && node->type == YAML_SCALAR_NODE ? (const char *) node->data.scalar.value : NULL;
}

static yaml_node_t *
lookup (yaml_document_t *doc,
        yaml_node_t     *map,
        const char      *key)
{
  if (map == NULL || map->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *pair = map->data.mapping.pairs.start; pair < map->data.mapping.pairs.top; pair++)
    if (g_strcmp0 (scalar (yaml_document_get_node (doc, pair->key)), key) == 0)
      return yaml_document_get_node (doc, pair->value);
  return NULL;
}

static gboolean
number (yaml_node_t *node,
        double      *out)
{
  const char *text = scalar (node);
  char *end = NULL;

  if (text == NULL)
    return FALSE;
  *out = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*out) && *out > 0;
}

static gboolean
read_gpu (yaml_document_t  *doc,
          yaml_node_t      *node,
          const char       *origin,
          AiperfGpuPreset       **out,
          GError          **error)
{
  g_autoptr(GPtrArray) aliases = g_ptr_array_new_with_free_func (g_free);
  yaml_node_t *peaks = lookup (doc, node, "peak_tflops");
  yaml_node_t *list = lookup (doc, node, "aliases");
  const char *name = scalar (lookup (doc, node, "name"));
  AiperfGpuPreset *gpu;

  if (name == NULL || *name == '\0')
    return fail (error, origin, node, _("a GPU needs a “name”"));
  if (peaks == NULL || peaks->type != YAML_MAPPING_NODE)
    return fail (error, origin, node, _("a GPU needs “peak_tflops”, a map of precision → TFLOP/s"));
  gpu = g_new0 (AiperfGpuPreset, 1);
  gpu->name = g_strdup (name);
  for (guint i = 0; i < AIPERF_GEMM_N_DTYPES; i++)
    gpu->peak_tflops[i] = NAN;
  if (!number (lookup (doc, node, "bandwidth_tbs"), &gpu->bandwidth_tbs))
    {
      gpu_free (gpu);
      return fail (error, origin, node, _("a GPU needs “bandwidth_tbs”, a positive number (TB/s)"));
    }
  for (yaml_node_pair_t *pair = peaks->data.mapping.pairs.start; pair < peaks->data.mapping.pairs.top; pair++)
    {
      yaml_node_t *key = yaml_document_get_node (doc, pair->key);
      yaml_node_t *value = yaml_document_get_node (doc, pair->value);
      AiperfGemmDtype dtype = aiperf_gemm_dtype_parse (scalar (key));
      double v;

      if (dtype == AIPERF_GEMM_DTYPE_UNKNOWN || !number (value, &v))
        {
          g_autofree char *what = g_strdup_printf (_("“%s: %s” is not a precision (fp64 fp32 tf32 bf16 fp16 fp8 int8 fp4) "
                                                     "with a positive TFLOP/s"),
                                                   scalar (key) != NULL ? scalar (key) : "?",
                                                   scalar (value) != NULL ? scalar (value) : "?");
          gpu_free (gpu);
          return fail (error, origin, key, what);
        }
      gpu->peak_tflops[dtype] = v;
    }
  if (list != NULL && list->type == YAML_SEQUENCE_NODE)
    for (yaml_node_item_t *item = list->data.sequence.items.start; item < list->data.sequence.items.top; item++)
      if (scalar (yaml_document_get_node (doc, *item)) != NULL)
        g_ptr_array_add (aliases, g_strdup (scalar (yaml_document_get_node (doc, *item))));
  g_ptr_array_add (aliases, NULL);
  gpu->aliases = (char **) g_ptr_array_free (g_steal_pointer (&aliases), FALSE);
  *out = gpu;
  return TRUE;
}

AiperfGpuPeaks *
aiperf_gpu_peaks_new_from_data (const char  *text,
                                gsize        length,
                                const char  *origin,
                                GError     **error)
{
  g_autoptr(AiperfGpuPeaks) peaks = g_new0 (AiperfGpuPeaks, 1);
  yaml_parser_t parser;
  yaml_document_t doc;
  yaml_node_t *list;
  gboolean ok = TRUE;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (origin != NULL, NULL);

  peaks->gpus = g_ptr_array_new_with_free_func ((GDestroyNotify) gpu_free);
  yaml_parser_initialize (&parser);
  yaml_parser_set_input_string (&parser, (const unsigned char *) text, length);
  if (!yaml_parser_load (&parser, &doc))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s:%lu:%lu: %s", origin,
                   (unsigned long) parser.problem_mark.line + 1, (unsigned long) parser.problem_mark.column + 1,
                   parser.problem != NULL ? parser.problem : _("not YAML"));
      yaml_parser_delete (&parser);
      return NULL;
    }
  list = lookup (&doc, yaml_document_get_root_node (&doc), "gpus");
  if (list == NULL || list->type != YAML_SEQUENCE_NODE)
    ok = fail (error, origin, list, _("expected “gpus:”, a list of GPUs"));
  for (yaml_node_item_t *item = ok ? list->data.sequence.items.start : NULL;
       ok && item < list->data.sequence.items.top; item++)
    {
      AiperfGpuPreset *gpu = NULL;

      ok = read_gpu (&doc, yaml_document_get_node (&doc, *item), origin, &gpu, error);
      if (ok)
        g_ptr_array_add (peaks->gpus, gpu);
    }
  yaml_document_delete (&doc);
  yaml_parser_delete (&parser);
  return ok ? g_steal_pointer (&peaks) : NULL;
}

/* Lower case, letters and digits only: "H100-SXM" and "h100 sxm" are one. */
static char *
fold (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isalnum (*p))
      g_string_append_c (s, g_ascii_tolower (*p));
  return g_string_free (s, FALSE);
}

void
aiperf_gpu_peaks_merge (AiperfGpuPeaks *peaks,
                        AiperfGpuPeaks *other)
{
  g_return_if_fail (peaks != NULL && other != NULL);

  for (guint i = 0; i < other->gpus->len; i++)
    {
      AiperfGpuPreset *gpu = g_ptr_array_index (other->gpus, i);
      g_autofree char *key = fold (gpu->name);
      guint j;

      for (j = 0; j < peaks->gpus->len; j++)
        {
          g_autofree char *have = fold (((AiperfGpuPreset *) g_ptr_array_index (peaks->gpus, j))->name);

          if (g_str_equal (have, key))
            break;
        }
      other->gpus->pdata[i] = NULL;
      if (j < peaks->gpus->len)
        {
          gpu_free (g_ptr_array_index (peaks->gpus, j));
          peaks->gpus->pdata[j] = gpu;
        }
      else
        g_ptr_array_add (peaks->gpus, gpu);
    }
  g_ptr_array_set_size (other->gpus, 0);
}

static AiperfGpuPeaks *default_peaks;
static GMutex default_lock;

static AiperfGpuPeaks *
load_default (void)
{
  g_autofree char *user = g_build_filename (g_get_user_config_dir (), "aiperf-plot", "gpus.yaml", NULL);
  g_autoptr(GBytes) bytes = g_resource_lookup_data (aiperf_core_get_resource (), SHIPPED_GPUS, 0, NULL);
  AiperfGpuPeaks *peaks;
  gsize length;
  const char *data;

  g_assert (bytes != NULL);
  data = g_bytes_get_data (bytes, &length);
  peaks = aiperf_gpu_peaks_new_from_data (data, length, "resource://" SHIPPED_GPUS, NULL);
  g_assert (peaks != NULL);
  if (g_file_test (user, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autoptr(AiperfGpuPeaks) extra = NULL;

      if (g_file_get_contents (user, &text, &length, &error))
        extra = aiperf_gpu_peaks_new_from_data (text, length, user, &error);
      if (extra != NULL)
        aiperf_gpu_peaks_merge (peaks, extra);
      else
        g_printerr ("aiperf-plot: %s; using the built-in GPU presets\n", error->message);
    }
  return peaks;
}

AiperfGpuPeaks *
aiperf_gpu_peaks_get_default (void)
{
  AiperfGpuPeaks *peaks;

  g_mutex_lock (&default_lock);
  if (default_peaks == NULL)
    default_peaks = load_default ();
  peaks = default_peaks;
  g_mutex_unlock (&default_lock);
  return peaks;
}

guint
aiperf_gpu_peaks_get_n (AiperfGpuPeaks *peaks)
{
  g_return_val_if_fail (peaks != NULL, 0);

  return peaks->gpus->len;
}

const AiperfGpuPreset *
aiperf_gpu_peaks_get (AiperfGpuPeaks *peaks,
                      guint           index)
{
  g_return_val_if_fail (peaks != NULL, NULL);
  g_return_val_if_fail (index < peaks->gpus->len, NULL);

  return g_ptr_array_index (peaks->gpus, index);
}

/* Calls @test with every folded name and alias of every GPU. */
static const AiperfGpuPreset *
find (AiperfGpuPeaks *peaks,
      const char     *wanted,
      gboolean        contained)
{
  g_autofree char *key = fold (wanted);
  const AiperfGpuPreset *best = NULL;
  gsize best_len = 0;

  if (*key == '\0')
    return NULL;
  for (guint i = 0; i < peaks->gpus->len; i++)
    {
      const AiperfGpuPreset *gpu = g_ptr_array_index (peaks->gpus, i);

      for (int a = -1; a < 0 || gpu->aliases[a] != NULL; a++)
        {
          g_autofree char *name = fold (a < 0 ? gpu->name : gpu->aliases[a]);
          gsize len = strlen (name);

          if (len == 0)
            continue;
          if (!contained && g_str_equal (name, key))
            return gpu;
          if (contained && len > best_len && strstr (key, name) != NULL)
            {
              best = gpu;
              best_len = len;
            }
        }
    }
  return best;
}

const AiperfGpuPreset *
aiperf_gpu_peaks_lookup (AiperfGpuPeaks *peaks,
                         const char     *name)
{
  g_return_val_if_fail (peaks != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return find (peaks, name, FALSE);
}

const AiperfGpuPreset *
aiperf_gpu_peaks_match (AiperfGpuPeaks *peaks,
                        const char     *device)
{
  g_return_val_if_fail (peaks != NULL, NULL);
  g_return_val_if_fail (device != NULL, NULL);

  return find (peaks, device, TRUE);
}

char *
aiperf_gpu_peaks_describe (AiperfGpuPeaks *peaks)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (peaks != NULL, NULL);

  for (guint i = 0; i < peaks->gpus->len; i++)
    {
      const AiperfGpuPreset *gpu = g_ptr_array_index (peaks->gpus, i);

      if (i > 0)
        g_string_append (s, ", ");
      g_string_append_printf (s, "%s (%s)", gpu->name, gpu->aliases[0] != NULL ? gpu->aliases[0] : gpu->name);
    }
  return g_string_free (s, FALSE);
}
