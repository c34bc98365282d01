/* fuzz-trace.c — libFuzzer target for the Chrome trace reader (plain and
 * gzip), the structural sniff, and the trace format's load and analyses
 * (GPU time breakdown, HTA's temporal, idle, kernel-type and per-kernel
 * breakdowns, ops, summary, both windows): any bytes end in events or an
 * error, never a crash, a hang or a leak.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "aiperf-run-set-load.h"
#include "aiperf-run-set.h"
#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-private.h"
#include "aiperf-trace-store.h"

/* Every event's fields as text, to hold the split reader to the serial one. */
static void
digest_event (const AiperfTraceEvent *e,
              gpointer                user_data)
{
  g_string_append_printf (user_data, "%c|%s|%s|%" G_GINT64_FORMAT "|%" G_GINT64_FORMAT "|%s|%s|%s|%"
                          G_GOFFSET_FORMAT "|%" G_GSIZE_FORMAT "|%" G_GINT64_FORMAT "|%s\n",
                          e->ph, e->name ? e->name : "-", e->cat ? e->cat : "-", e->ts_ns, e->dur_ns,
                          e->pid ? e->pid : "-", e->tid ? e->tid : "-", e->arg_name ? e->arg_name : "-",
                          e->args_offset, e->args_len, e->correlation, e->id ? e->id : "-");
}

static char *
digest_read (const char *path,
             gsize       span)
{
  GString *out = g_string_new (NULL);
  AiperfTraceTotals totals;
  GError *error = NULL;
  gboolean ok;

  aiperf_trace_set_span_size (span);
  ok = aiperf_trace_read (path, digest_event, out, &totals, &error);
  aiperf_trace_set_span_size (0);
  g_string_append_printf (out, "%d %u %" G_GINT64_FORMAT " %" G_GOFFSET_FORMAT " %s", ok, totals.n_skipped,
                          totals.base_time_ns, totals.bytes, error != NULL ? error->message : "-");
  g_clear_error (&error);
  aiperf_trace_source_free (totals.source);
  return g_string_free (out, FALSE);
}

/* Worker threads reading spans of 16 bytes hand over what one pass does. */
static void
check_split (const char *path)
{
  char *serial = digest_read (path, G_MAXSIZE / 4);
  char *split = digest_read (path, 16);

  if (strcmp (serial, split) != 0)
    {
      fprintf (stderr, "split read differs:\n--- serial\n%s\n--- split\n%s\n", serial, split);
      abort ();
    }
  g_free (serial);
  g_free (split);
}

/* Hover on every slice drawn of the whole trace (at most 64 per lane):
 * args read back from the file, formatted and masked, and their links. */
typedef struct {
  AiperfTrackModel *model;
  guint             lane, n;
} Hover;

static void
hover (gint64      start,
       gint64      end,
       guint       depth,
       guint       key,
       const char *name,
       guint       count,
       guint       n_matched,
       gpointer    user_data)
{
  Hover *h = user_data;
  AiperfTrackSlice linked;
  char *text;

  if (count != 1 || h->n++ >= 64)
    return;
  text = h->model->vtable->describe (h->model->self, h->lane, depth, start);
  g_free (text);
  h->model->vtable->link (h->model->self, h->lane, depth, start, &linked);
}

static void
hover_all (AiperfRun *run)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  AiperfTrackModel model;
  gint64 t0, t1;

  if (store == NULL)
    return;
  aiperf_trace_store_get_model (store, &model);
  model.vtable->extent (model.self, &t0, &t1);
  for (guint l = 0; l < model.vtable->n_lanes (model.self); l++)
    {
      Hover h = { &model, l, 0 };

      model.vtable->query (model.self, l, t0, t1, 1, NULL, hover, &h);
    }
}

/* The breakdown, its files and the summary, in both windows. */
static void
analyse (AiperfRunSet *runs)
{
  g_autoptr(GHashTable) all = g_hash_table_new (g_str_hash, g_str_equal);

  g_hash_table_insert (all, (gpointer) "trace_window", (gpointer) "all");
  for (guint w = 0; w < 2; w++)
    {
      char *summary = aiperf_trace_summary_with_options (runs, w ? NULL : all);

      aiperf_fuzz_check_text ("summary", summary);
      g_free (summary);
      for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
        {
          AiperfRun *run = aiperf_run_set_get_run (runs, i);
          char *csv = aiperf_trace_gpu_timeline_csv (run, w);
          char *notes = aiperf_trace_gpu_timeline_notes (run, w);
          char *temporal = aiperf_trace_temporal_csv (run);
          char *idle = aiperf_trace_idle_time_csv (run);
          char *types = aiperf_trace_kernel_types_csv (run);
          char *kernels = aiperf_trace_kernel_breakdown_csv (run);

          if (csv != NULL)
            aiperf_fuzz_check_text ("gpu_timeline", csv);
          if (temporal != NULL)
            aiperf_fuzz_check_text ("temporal_breakdown", temporal);
          if (idle != NULL)
            aiperf_fuzz_check_text ("idle_time", idle);
          if (types != NULL)
            aiperf_fuzz_check_text ("kernel_types", types);
          if (kernels != NULL)
            aiperf_fuzz_check_text ("kernel_breakdown", kernels);
          g_free (types);
          g_free (kernels);
          g_free (csv);
          g_free (notes);
          g_free (temporal);
          g_free (idle);
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path = aiperf_fuzz_write_file ("trace.json", data, size);
  const char *paths[] = { path, NULL };
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autoptr(GError) error = NULL;
  char *why = NULL;
  gboolean damaged = FALSE;

  /* Gzip is read in one pass: only plain text is split. */
  if (size < 64 << 10)
    check_split (path);
  if (!aiperf_trace_sniff_path (path, &damaged, &why))
    aiperf_fuzz_check_text ("sniff", why != NULL ? why : "");
  g_free (why);
  runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  if (error != NULL)
    aiperf_fuzz_check_text ("error", error->message);
  for (guint i = 0; runs != NULL && i < aiperf_run_set_get_n_runs (runs); i++)
    {
      aiperf_fuzz_check_run (aiperf_run_set_get_run (runs, i));
      hover_all (aiperf_run_set_get_run (runs, i));
    }
  if (runs != NULL)
    analyse (runs);
  return 0;
}
