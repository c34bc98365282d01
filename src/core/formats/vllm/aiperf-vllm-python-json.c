/* aiperf-vllm-python-json.c — the numbers Python's json.dump writes that
 * strict JSON does not allow, shared by the result and array readers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-vllm-private.h"

/* NaN, Infinity and -Infinity as Python writes them. */
gboolean
aiperf_vllm_scan_python_special (AiperfJsonScan *scan,
                                 double         *out)
{
  static const struct { const char *text; double value; } specials[] = {
    { "NaN", NAN }, { "Infinity", INFINITY }, { "-Infinity", -INFINITY },
  };

  aiperf_json_scan_peek (scan);  /* skips whitespace */
  for (guint i = 0; i < G_N_ELEMENTS (specials); i++)
    {
      gsize len = strlen (specials[i].text);

      if ((gsize) (scan->end - scan->p) >= len && memcmp (scan->p, specials[i].text, len) == 0)
        {
          scan->p += len;
          *out = specials[i].value;
          return TRUE;
        }
    }
  return FALSE;
}
