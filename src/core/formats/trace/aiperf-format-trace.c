/* aiperf-format-trace.c — Chrome trace-event files (PyTorch profiler /
 * Kineto traces included) as an input format: one run of kind "trace" per
 * file, with its device kernels as a `kernels` dataset (one row per kernel
 * name and GPU, sorted by the shared classifier) and its iterations
 * (ProfilerStep#N) as an `iterations` table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <zlib.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-run-private.h"
#include "aiperf-trace-store.h"
#include "aiperf-trace-private.h"

/* The text of a gzip head, as far as it inflates. */
static char *
inflate_head (const char *head,
              gsize       length)
{
  z_stream z = { 0 };
  char *out = g_malloc0 (16384);

  if (inflateInit2 (&z, 15 + 32) != Z_OK)
    return out;
  z.next_in = (Bytef *) head;
  z.avail_in = (uInt) length;
  z.next_out = (Bytef *) out;
  z.avail_out = 16383;
  inflate (&z, Z_SYNC_FLUSH);
  inflateEnd (&z);
  return out;
}

static guint
trace_sniff (const AiperfSniffInput *input)
{
  g_autofree char *text = NULL;
  const char *head = input->head;

  if (input->is_dir || input->head_len < 2)
    return AIPERF_SNIFF_NO;
  if ((guchar) head[0] == 0x1f && (guchar) head[1] == 0x8b)
    head = text = inflate_head (input->head, input->head_len);
  if (aiperf_head_first_char (head) == '{' && aiperf_head_has_key (head, "traceEvents"))
    return AIPERF_SNIFF_SURE;
  if (aiperf_head_first_char (head) == '[' && aiperf_head_has_key (head, "ph") &&
      aiperf_head_has_key (head, "ts"))
    return AIPERF_SNIFF_LIKELY;
  return AIPERF_SNIFF_NO;
}

/* One kernel name on one GPU (pid). */
typedef struct {
  char   *name;
  char   *pid;
  double  calls, total, min, max, sum_sq;
} KernelAgg;

static void
kernel_agg_free (KernelAgg *k)
{
  g_free (k->name);
  g_free (k->pid);
  g_free (k);
}

/* A B event waiting for its E. */
typedef struct {
  gint64  start;
  char   *name;
  char   *cat;
} Open;

static void
open_clear (gpointer data)
{
  Open *o = data;

  g_free (o->name);
  g_free (o->cat);
}

typedef struct {
  AiperfTraceStore *store;
  GHashTable *category_of; /* kernel name → its category (interned by the classifier) */
  GHashTable *open;        /* track index → GArray of Open (B without E yet) */
  guint       n_unmatched;
  GHashTable *kernels;     /* pid → (interned name → KernelAgg*) */
  GPtrArray  *order;       /* KernelAgg*, first seen first */
  GHashTable *labels;      /* pid → "GPU 0" (process_labels) or the process name */
  GArray     *steps;       /* double triples: number, start µs, duration µs */
  guint       n_events, n_negative;
} Agg;

/* The kernel's category, classified once per name. */
static const char *
category_of (Agg        *agg,
             const char *name)
{
  const char *category = g_hash_table_lookup (agg->category_of, name);

  if (category == NULL)
    {
      category = aiperf_kernel_classes_classify (aiperf_kernel_classes_get_default (), name, NULL);
      g_hash_table_insert (agg->category_of, g_strdup (name), (gpointer) category);
    }
  return category;
}

/* Every slice goes to the timeline; B/E pairs become slices when they close. */
static void
store_event (Agg                    *agg,
             const AiperfTraceEvent *event)
{
  gboolean kernel = event->cat != NULL && g_ascii_strcasecmp (event->cat, "kernel") == 0;
  guint track;
  GArray *stack;

  if (event->ph != 'X' && event->ph != 'B' && event->ph != 'E')
    return;
  track = aiperf_trace_store_track (agg->store, event->pid, event->tid);
  if (event->ph == 'X')
    {
      if (event->dur_ns >= 0 && event->name != NULL)
        aiperf_trace_store_add_slice (agg->store, track, event->ts_ns, event->dur_ns, event->name, event->cat,
                                      kernel ? category_of (agg, event->name) : NULL);
      return;
    }
  stack = g_hash_table_lookup (agg->open, GUINT_TO_POINTER (track + 1));
  if (event->ph == 'B')
    {
      Open o = { event->ts_ns, g_strdup (event->name), g_strdup (event->cat) };

      if (stack == NULL)
        {
          stack = g_array_new (FALSE, FALSE, sizeof (Open));
          g_array_set_clear_func (stack, open_clear);
          g_hash_table_insert (agg->open, GUINT_TO_POINTER (track + 1), stack);
        }
      g_array_append_val (stack, o);
      return;
    }
  /* An E closes the innermost open B of its track; one without is counted. */
  if (stack == NULL || stack->len == 0)
    {
      agg->n_unmatched++;
      return;
    }
  {
    Open *o = &g_array_index (stack, Open, stack->len - 1);

    aiperf_trace_store_add_slice (agg->store, track, o->start, event->ts_ns - o->start,
                                  o->name != NULL ? o->name : event->name, o->cat, NULL);
    g_array_set_size (stack, stack->len - 1);
  }
}

static void
on_event (const AiperfTraceEvent *event,
          gpointer                user_data)
{
  Agg *agg = user_data;

  agg->n_events++;
  if (event->ph == 'M' && event->pid != NULL && event->name != NULL)
    {
      /* "GPU 0" says more than the process name of a device track. */
      if (g_str_equal (event->name, "process_labels") && event->arg_labels != NULL)
        {
          g_hash_table_replace (agg->labels, g_strdup (event->pid), g_strdup (event->arg_labels));
          aiperf_trace_store_set_process (agg->store, event->pid, event->arg_labels, TRUE);
        }
      else if (g_str_equal (event->name, "process_name") && event->arg_name != NULL)
        {
          if (!g_hash_table_contains (agg->labels, event->pid))
            g_hash_table_insert (agg->labels, g_strdup (event->pid), g_strdup (event->arg_name));
          aiperf_trace_store_set_process (agg->store, event->pid, event->arg_name, FALSE);
        }
      else if (g_str_equal (event->name, "thread_name") && event->arg_name != NULL)
        aiperf_trace_store_set_thread (agg->store, event->pid, event->tid, event->arg_name);
      return;
    }
  store_event (agg, event);
  if (event->ph != 'X' || event->name == NULL || isnan (event->dur_us))
    return;
  if (event->dur_us < 0)
    {
      agg->n_negative++;
      return;
    }
  if (event->cat != NULL && g_ascii_strcasecmp (event->cat, "kernel") == 0)
    {
      const char *pid = event->pid != NULL ? event->pid : "";
      /* Names interned by the store: one pointer per name, no string hash. */
      const char *name = aiperf_trace_store_intern_name (agg->store, event->name);
      GHashTable *by_name = g_hash_table_lookup (agg->kernels, pid);
      KernelAgg *k;
      double ns = event->dur_ns;

      if (by_name == NULL)
        {
          by_name = g_hash_table_new (NULL, NULL);
          g_hash_table_insert (agg->kernels, g_strdup (pid), by_name);
        }
      k = g_hash_table_lookup (by_name, name);
      if (k == NULL)
        {
          k = g_new0 (KernelAgg, 1);
          k->name = g_strdup (name);
          k->pid = g_strdup (pid);
          k->min = ns;
          k->max = ns;
          g_hash_table_insert (by_name, (gpointer) name, k);
          g_ptr_array_add (agg->order, k);
        }
      k->calls++;
      k->total += ns;
      k->sum_sq += ns * ns;
      k->min = MIN (k->min, ns);
      k->max = MAX (k->max, ns);
    }
  else if (g_str_has_prefix (event->name, "ProfilerStep#"))
    {
      double step[3] = { g_ascii_strtod (event->name + strlen ("ProfilerStep#"), NULL), event->ts_us, event->dur_us };

      g_array_append_vals (agg->steps, step, 3);
    }
}

static AiperfTable *
kernels_table (Agg *agg)
{
  AiperfTable *table = aiperf_table_new ();
  guint c_name = aiperf_table_ensure_string_column (table, AIPERF_KERNELS_NAME);
  guint c_group = aiperf_table_ensure_string_column (table, AIPERF_KERNELS_GROUP);
  guint c_calls = aiperf_table_ensure_column (table, AIPERF_KERNELS_CALLS, "");
  guint c_total = aiperf_table_ensure_column (table, AIPERF_KERNELS_TOTAL_NS, "ns");
  guint c_avg = aiperf_table_ensure_column (table, AIPERF_KERNELS_AVG_NS, "ns");
  guint c_min = aiperf_table_ensure_column (table, AIPERF_KERNELS_MIN_NS, "ns");
  guint c_max = aiperf_table_ensure_column (table, AIPERF_KERNELS_MAX_NS, "ns");
  guint c_std = aiperf_table_ensure_column (table, AIPERF_KERNELS_STD_NS, "ns");

  for (guint i = 0; i < agg->order->len; i++)
    {
      KernelAgg *k = g_ptr_array_index (agg->order, i);
      const char *label = g_hash_table_lookup (agg->labels, k->pid);
      g_autofree char *group = label != NULL ? g_strdup (label) : g_strdup_printf ("pid %s", k->pid);
      guint row = aiperf_table_append_row (table);
      double avg = k->total / k->calls;

      aiperf_table_set_string (table, c_name, row, k->name);
      aiperf_table_set_string (table, c_group, row, group);
      aiperf_table_set (table, c_calls, row, k->calls);
      aiperf_table_set (table, c_total, row, k->total);
      aiperf_table_set (table, c_avg, row, avg);
      aiperf_table_set (table, c_min, row, k->min);
      aiperf_table_set (table, c_max, row, k->max);
      aiperf_table_set (table, c_std, row, sqrt (MAX (0.0, k->sum_sq / k->calls - avg * avg)));
    }
  return table;
}

static AiperfTable *
steps_table (Agg *agg)
{
  AiperfTable *table = aiperf_table_new ();
  guint c_step = aiperf_table_ensure_column (table, "step", "");
  guint c_start = aiperf_table_ensure_column (table, "start_us", "us");
  guint c_dur = aiperf_table_ensure_column (table, "duration_ms", "ms");

  for (guint i = 0; i + 2 < agg->steps->len; i += 3)
    {
      guint row = aiperf_table_append_row (table);

      aiperf_table_set (table, c_step, row, g_array_index (agg->steps, double, i));
      aiperf_table_set (table, c_start, row, g_array_index (agg->steps, double, i + 1));
      aiperf_table_set (table, c_dur, row, g_array_index (agg->steps, double, i + 2) / 1000.0);
    }
  return table;
}

/* Epoch ns as a date, to the second (GLib 2.74 has no µs constructor). */
static GDateTime *
date_of (gint64 ns)
{
  return g_date_time_new_from_unix_utc (ns / 1000000000);
}

/* When the trace ran: PyTorch writes ts relative to baseTimeNanoseconds
 * (epoch ns), older traces absolute epoch µs; a trace with neither has
 * no date. */
static void
set_times (AiperfRun        *run,
           AiperfTraceStore *store,
           gint64            base_ns)
{
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;
  g_autofree char *start = NULL, *end = NULL;
  gint64 origin, last;

  aiperf_trace_store_get_bounds (store, &origin, &last);
  /* Before 2001 in epoch ns: not a date, a clock that starts at boot. */
  if (base_ns + origin < G_GINT64_CONSTANT (1000000000000000000) || last < origin)
    return;
  from = date_of (base_ns + origin);
  to = date_of (base_ns + last);
  if (from == NULL || to == NULL)
    return;
  start = g_date_time_format_iso8601 (from);
  end = g_date_time_format_iso8601 (to);
  aiperf_run_set_times (run, start, end);
}

static void
trace_load (const char              *path,
            const AiperfLoadOptions *options,
            AiperfLoadResult        *result)
{
  Agg agg = { 0 };
  AiperfTraceTotals totals;
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = NULL;
  g_autoptr(AiperfTable) kernels = NULL;
  g_autoptr(AiperfTable) steps = NULL;
  g_autofree char *name = g_path_get_basename (path);
  gboolean ok;

  agg.kernels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_hash_table_unref);
  agg.order = g_ptr_array_new_with_free_func ((GDestroyNotify) kernel_agg_free);
  agg.labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  agg.steps = g_array_new (FALSE, FALSE, sizeof (double));
  agg.store = aiperf_trace_store_new ();
  agg.category_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  agg.open = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  ok = aiperf_trace_read (path, on_event, &agg, &totals, &error);
  if (!ok && agg.n_events == 0)
    g_ptr_array_add (result->errors, g_steal_pointer (&error));
  else
    {
      run = aiperf_run_new_in_file (path, NULL);
      for (char *dot = strstr (name, ".json"); dot != NULL; dot = NULL)
        *dot = '\0';
      aiperf_run_set_name (run, name);
      aiperf_run_set_variation_label (run, name);
      kernels = kernels_table (&agg);
      aiperf_kernel_classes_apply (aiperf_kernel_classes_get_default (), kernels);
      if (aiperf_table_get_n_rows (kernels) > 0)
        aiperf_run_set_table (run, AIPERF_DATASET_KERNELS, kernels);
      steps = steps_table (&agg);
      if (aiperf_table_get_n_rows (steps) > 0)
        aiperf_run_set_table (run, "iterations", steps);
      aiperf_trace_store_finish (agg.store);
      set_times (run, agg.store, totals.base_time_ns);
      if (aiperf_trace_store_get_n_slices (agg.store) > 0)
        aiperf_run_set_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE, agg.store);
      {
        GHashTableIter iter;
        gpointer stack;
        guint n_open = 0;

        g_hash_table_iter_init (&iter, agg.open);
        while (g_hash_table_iter_next (&iter, NULL, &stack))
          n_open += ((GArray *) stack)->len;
        if (agg.n_unmatched + n_open > 0)
          aiperf_run_add_warning (run, _("%s: %u “E” events without their “B” and %u “B” events never closed"),
                                  path, agg.n_unmatched, n_open);
      }
      /* What was read before damage is kept, and the damage said. */
      if (!ok)
        aiperf_run_add_warning (run, _("%s; kept the %u events before it"), error->message, agg.n_events);
      if (totals.n_skipped > 0)
        aiperf_run_add_warning (run, g_dngettext (GETTEXT_PACKAGE, "%s: skipped %u element that is not an event",
                                                  "%s: skipped %u elements that are not events", totals.n_skipped),
                                path, totals.n_skipped);
      if (agg.n_negative > 0)
        aiperf_run_add_warning (run, g_dngettext (GETTEXT_PACKAGE, "%s: skipped %u event with a negative duration",
                                                  "%s: skipped %u events with a negative duration", agg.n_negative),
                                path, agg.n_negative);
      {
        char count[32];

        g_snprintf (count, sizeof count, "%u", agg.n_events);
        aiperf_run_set_parameter (run, "events", count);
      }
      aiperf_apply_param_pattern (run, options->param_pattern, name);
      g_ptr_array_add (result->runs, g_steal_pointer (&run));
    }
  aiperf_trace_store_unref (agg.store);
  g_hash_table_unref (agg.category_of);
  g_hash_table_unref (agg.open);
  g_hash_table_unref (agg.kernels);
  g_ptr_array_unref (agg.order);
  g_hash_table_unref (agg.labels);
  g_array_unref (agg.steps);
}

const AiperfFormat aiperf_format_trace = {
  .id = "trace",
  .name = "Chrome trace",
  .kind = "trace",
  .sniff = trace_sniff,
  .load = trace_load,
  .claims_subtree = NULL,
  .skip_child = NULL,
};
