/* aiperf-gemm-compare.c — TraceLens compare-report sheets, read per side.
 *
 * TraceLens's compare report writes `GEMM_intersect_<variant>.csv`: the
 * op and shape columns shared by both traces ("name", "param: M", …), the
 * differences ("Kernel Time (µs)_sum__mi300_diff", "…_pct") and each
 * trace's own columns under its name ("h100::TFLOPS/s_mean",
 * "mi300::Kernel Time (µs)_mean"). A difference is not a measurement: read
 * as one, the summed kernel-time difference gave 41 TFLOP/s where TraceLens
 * has 610. So such a sheet is one GEMM run per side, each reading only the
 * shared columns and its own, and the differences are never read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-gemm-read-private.h"

/* A difference column: "…_diff", or "…__<side>_pct". */
static gboolean
is_difference (const char *raw)
{
  g_autofree char *text = g_strstrip (g_ascii_strdown (raw, -1));

  return g_str_has_suffix (text, "_diff") || (strstr (text, "__") != NULL && g_str_has_suffix (text, "_pct"));
}

char *
gemm_header_for_side (const char *raw,
                      const char *side)
{
  const char *sep;

  g_return_val_if_fail (raw != NULL, NULL);

  if (is_difference (raw))
    return g_strdup ("");
  sep = strstr (raw, "::");
  if (sep == NULL || side == NULL)
    return g_strdup (raw);
  if (side != NULL && (gsize) (sep - raw) == strlen (side) && strncmp (raw, side, sep - raw) == 0)
    return g_strdup (sep + 2);
  return g_strdup ("");
}

GPtrArray *
gemm_comparison_sides (const char * const *headers,
                       guint               n)
{
  g_autoptr(GPtrArray) sides = g_ptr_array_new_with_free_func (g_free);
  gboolean differences = FALSE;

  for (guint i = 0; i < n; i++)
    {
      const char *sep = strstr (headers[i], "::");

      differences = differences || is_difference (headers[i]);
      if (sep != NULL && sep > headers[i] && !is_difference (headers[i]))
        {
          g_autofree char *side = g_strndup (headers[i], sep - headers[i]);
          gboolean known = FALSE;

          for (guint s = 0; s < sides->len && !known; s++)
            known = g_str_equal (g_ptr_array_index (sides, s), side);
          if (!known && sides->len < 16)
            g_ptr_array_add (sides, g_steal_pointer (&side));
        }
    }
  if (!differences && sides->len == 0)
    return NULL;
  return g_steal_pointer (&sides);
}
