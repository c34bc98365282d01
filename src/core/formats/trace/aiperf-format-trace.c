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

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-run-builder.h"
#include "aiperf-trace-store.h"
#include "aiperf-trace-private.h"

/* One kernel name on one GPU (pid). */
typedef struct {
  char       *name;
  char       *pid;        /* "file\x1fpid" */
  const char *file_label; /* the rank's, in a merged trace */
  double      calls, total, min, max, sum_sq;
} KernelAgg;

static void
kernel_agg_free (KernelAgg *k)
{
  g_free (k->name);
  g_free (k->pid);
  g_free (k);
}

/* A B (or async b) event waiting for its E. */
typedef struct {
  gint64  start;
  char   *name;
  char   *cat;
  goffset args_offset;
  gsize   args_len;
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
  GHashTable *category_of; /* kernel name (interned by the store) → its category (by the classifier) */
  GHashTable *open;        /* track index → GArray of Open (B without E yet) */
  GHashTable *open_async;  /* "file pid cat id name" → GArray of Open (b without e yet) */
  guint       n_unmatched;
  GHashTable *kernels;     /* "file\x1fpid" → (interned name → KernelAgg*) */
  GPtrArray  *order;       /* KernelAgg*, first seen first */
  GHashTable *labels;      /* "file\x1fpid" → "GPU 0" (process_labels) or the process name */
  GArray     *steps;       /* double triples: number, start µs, duration µs */
  guint       n_events, n_negative, n_other; /* n_other: phases read and counted, not drawn */
  guint       n_metadata;  /* "M" events: names and order of processes and threads */
  guint       n_closed;    /* E (and e) events that closed their B: a pair is one event */
  guint       n_left_out;  /* events with a negative duration, all files: not events, as acelyzer has it */
  guint       n_launch_ids;  /* launches with a correlation id, in this file */
  guint       file;        /* the file being read, in a merged trace */
  const char *file_label;  /* its label (NULL for a trace of one file) */
  GHashTable *last_kernels;     /* kernels_of's cache */
  char       *last_kernels_pid;
  guint       last_kernels_file;
} Agg;

/* The category of a kernel name interned by the store, classified once per name. */
static const char *
category_of (Agg        *agg,
             const char *interned_name)
{
  const char *category = g_hash_table_lookup (agg->category_of, interned_name);

  if (category == NULL)
    {
      category = aiperf_kernel_classes_classify (aiperf_kernel_classes_get_default (), interned_name, NULL);
      g_hash_table_insert (agg->category_of, (gpointer) interned_name, (gpointer) category);
    }
  return category;
}

/* A device's kernels: CUDA's and ROCm's, and MTIA's (Meta's accelerator
 * writes them, and its DMA transfers, as mtia_ccp_events). */
static gboolean
is_kernel_cat (const char *cat)
{
  return cat != NULL && (g_ascii_strcasecmp (cat, "kernel") == 0 || g_ascii_strcasecmp (cat, "mtia_ccp_events") == 0);
}

/* Device events: what a GPU ran (kernels, copies, sets). */
static gboolean
is_device_cat (const char *cat)
{
  return cat != NULL && (is_kernel_cat (cat) || g_str_has_prefix (cat, "gpu_"));
}

/* What a device event with a correlation id is; a launch otherwise. */
static AiperfTraceEndKind
device_kind (const char *cat)
{
  if (!is_device_cat (cat))
    return AIPERF_TRACE_LAUNCH;
  if (g_ascii_strcasecmp (cat, "gpu_memcpy") == 0)
    return AIPERF_TRACE_MEMCPY;
  if (g_ascii_strcasecmp (cat, "gpu_memset") == 0)
    return AIPERF_TRACE_MEMSET;
  return AIPERF_TRACE_KERNEL;
}

/* The open slices under *@key; a new stack with @create takes *@key
 * (the table frees it) and sets it to NULL. */
static GArray *
open_stack (GHashTable *open,
            gpointer   *key,
            gboolean    create)
{
  GArray *stack = g_hash_table_lookup (open, *key);

  if (stack == NULL && create)
    {
      stack = g_array_new (FALSE, FALSE, sizeof (Open));
      g_array_set_clear_func (stack, open_clear);
      g_hash_table_insert (open, *key, stack);
      *key = NULL;
    }
  return stack;
}

static void
push_open (GArray                 *stack,
           const AiperfTraceEvent *event)
{
  Open o = { event->ts_ns, g_strdup (event->name), g_strdup (event->cat), event->args_offset, event->args_len };

  g_array_append_val (stack, o);
}

/* Closes the innermost open slice of @stack on @track; FALSE without one. */
static gboolean
close_open (Agg                    *agg,
            GArray                 *stack,
            guint                   track,
            const AiperfTraceEvent *event)
{
  Open *o;

  if (stack == NULL || stack->len == 0)
    return FALSE;
  o = &g_array_index (stack, Open, stack->len - 1);
  /* A pair is one event; one that ends before it begins is counted, not drawn. */
  agg->n_closed++;
  if (event->ts_ns < o->start)
    agg->n_negative++;
  else
    aiperf_trace_store_add_slice (agg->store, track, o->start, event->ts_ns - o->start,
                                  o->name != NULL ? o->name : event->name, o->cat, NULL, o->args_offset, o->args_len);
  g_array_set_size (stack, stack->len - 1);
  return TRUE;
}

/* Async events (b, n, e) of one process, cat and id share a lane. */
static void
store_async (Agg                    *agg,
             const AiperfTraceEvent *event)
{
  guint track = aiperf_trace_store_track (agg->store, event->pid, "async");
  gpointer key = g_strdup_printf ("%u\x1f%s\x1f%s\x1f%s\x1f%s", agg->file, event->pid != NULL ? event->pid : "",
                               event->cat != NULL ? event->cat : "", event->id != NULL ? event->id : "",
                               event->name != NULL ? event->name : "");

  if (event->ph == 'n')
    aiperf_trace_store_add_slice (agg->store, track, event->ts_ns, 0, event->name, event->cat, NULL,
                                  event->args_offset, event->args_len);
  else if (event->ph == 'b')
    {
      /* The async lane comes after the process's threads. */
      aiperf_trace_store_set_thread_sort (agg->store, event->pid, "async", G_MAXINT64);
      push_open (open_stack (agg->open_async, &key, TRUE), event);
    }
  else if (!close_open (agg, open_stack (agg->open_async, &key, FALSE), track, event))
    agg->n_unmatched++;
  g_free (key);
}

/* A C event: each number in its args is a sample of one series. */
static void
store_counter (Agg                    *agg,
               const AiperfTraceEvent *event)
{
  AiperfJsonScan scan;
  const char *key;
  gsize length;
  guint count = 0;

  if (event->args == NULL || event->name == NULL)
    return;
  aiperf_json_scan_init (&scan, event->args, event->args_len);
  if (!aiperf_json_scan_begin_object (&scan))
    return;
  while (aiperf_json_scan_next_key (&scan, &count, &key, &length))
    {
      g_autofree char *series = g_strndup (key, length);
      AiperfJsonNumber n;

      if (aiperf_json_scan_peek (&scan) != AIPERF_JSON_NUMBER)
        {
          if (!aiperf_json_scan_skip (&scan))
            return;
          continue;
        }
      if (!aiperf_json_scan_number (&scan, &n))
        return;
      if (isfinite (n.d))
        aiperf_trace_store_add_counter (agg->store, event->pid, event->name, series, event->ts_ns, n.d);
    }
}

/* Every event the timeline draws or joins goes to the store; a slice's
 * name comes interned (on_event). */
static void
store_event (Agg                    *agg,
             const AiperfTraceEvent *event)
{
  guint track;

  switch (event->ph)
    {
    case 'X':
    case 'B':
    case 'E':
    case 'i':
    case 'I':
      break;
    case 'b':
    case 'e':
    case 'n':
      store_async (agg, event);
      return;
    case 'C':
      store_counter (agg, event);
      return;
    case 's':
    case 't':
    case 'f':
      track = aiperf_trace_store_track (agg->store, event->pid, event->tid);
      /* Kineto's ac2g flows repeat the correlation id of launch and kernel. */
      if (g_strcmp0 (event->cat, "ac2g") == 0)
        {
          /* Only where the launches carry no correlation id of their own. */
          if (event->ph == 's' && event->id != NULL && agg->n_launch_ids == 0)
            aiperf_trace_store_add_correlation (agg->store, g_ascii_strtoll (event->id, NULL, 10), track,
                                                event->ts_ns, 0, AIPERF_TRACE_LAUNCH);
        }
      else if (event->id != NULL)
        aiperf_trace_store_add_flow (agg->store, event->id, event->ph, track, event->ts_ns, event->bind_enclosing);
      return;
    default:
      agg->n_other++;
      return;
    }
  track = aiperf_trace_store_track (agg->store, event->pid, event->tid);
  if (event->ph == 'X' || event->ph == 'i' || event->ph == 'I')
    {
      gint64 dur = event->ph == 'X' ? event->dur_ns : 0;
      gboolean device = is_device_cat (event->cat);
      gboolean kernel = is_kernel_cat (event->cat);

      if (dur < 0 || event->name == NULL)
        return;
      /* Kernels are coloured (and counted busy) by category; an instant
       * without a cat is no kernel. */
      aiperf_trace_store_add_slice (agg->store, track, event->ts_ns, dur, event->name,
                                    event->cat != NULL || event->ph == 'X' ? event->cat : "instant",
                                    kernel ? category_of (agg, event->name) : NULL,
                                    event->args_offset,
                                    event->args_len);
      if (event->correlation >= 0 && event->ph == 'X')
        {
          aiperf_trace_store_add_correlation (agg->store, event->correlation, track, event->ts_ns, dur,
                                              device_kind (event->cat));
          agg->n_launch_ids += !device;
        }
      return;
    }
  {
    gpointer key = GUINT_TO_POINTER (track + 1);

    if (event->ph == 'B')
      push_open (open_stack (agg->open, &key, TRUE), event);
    /* An E closes the innermost open B of its track; one without is counted. */
    else if (!close_open (agg, open_stack (agg->open, &key, FALSE), track, event))
      agg->n_unmatched++;
  }
}

/* The key of a process within the merged trace. */
static char *
process_key (Agg        *agg,
             const char *pid)
{
  return g_strdup_printf ("%u\x1f%s", agg->file, pid != NULL ? pid : "");
}

/* The kernels of a GPU (process) by name; kernels come in runs of one. */
static GHashTable *
kernels_of (Agg        *agg,
            const char *pid)
{
  g_autofree char *key = NULL;
  GHashTable *by_name;

  if (agg->last_kernels != NULL && agg->last_kernels_file == agg->file &&
      g_strcmp0 (agg->last_kernels_pid, pid) == 0)
    return agg->last_kernels;
  key = process_key (agg, pid);
  by_name = g_hash_table_lookup (agg->kernels, key);
  if (by_name == NULL)
    {
      by_name = g_hash_table_new (NULL, NULL);
      g_hash_table_insert (agg->kernels, g_steal_pointer (&key), by_name);
    }
  g_free (agg->last_kernels_pid);
  agg->last_kernels_pid = g_strdup (pid);
  agg->last_kernels_file = agg->file;
  agg->last_kernels = by_name;
  return by_name;
}

static void
on_metadata (Agg                    *agg,
             const AiperfTraceEvent *event)
{
  g_autofree char *key = process_key (agg, event->pid);

  /* "GPU 0" says more than the process name of a device track. */
  if (g_str_equal (event->name, "process_labels") && event->arg_labels != NULL)
    {
      g_hash_table_replace (agg->labels, g_steal_pointer (&key), g_strdup (event->arg_labels));
      aiperf_trace_store_set_process (agg->store, event->pid, event->arg_labels, TRUE);
    }
  else if (g_str_equal (event->name, "process_name") && event->arg_name != NULL)
    {
      if (!g_hash_table_contains (agg->labels, key))
        g_hash_table_insert (agg->labels, g_steal_pointer (&key), g_strdup (event->arg_name));
      aiperf_trace_store_set_process (agg->store, event->pid, event->arg_name, FALSE);
    }
  else if (g_str_equal (event->name, "thread_name") && event->arg_name != NULL)
    aiperf_trace_store_set_thread (agg->store, event->pid, event->tid, event->arg_name);
  else if (g_str_equal (event->name, "process_sort_index") && event->sort_index != G_MININT64)
    aiperf_trace_store_set_process_sort (agg->store, event->pid, event->sort_index);
  else if (g_str_equal (event->name, "thread_sort_index") && event->sort_index != G_MININT64)
    aiperf_trace_store_set_thread_sort (agg->store, event->pid, event->tid, event->sort_index);
}

static void
on_event (const AiperfTraceEvent *event,
          gpointer                user_data)
{
  Agg *agg = user_data;
  AiperfTraceEvent interned;

  agg->n_events++;
  if (event->ph == 'M')
    agg->n_metadata++;
  if (event->ph == 'M' && event->pid != NULL && event->name != NULL)
    {
      on_metadata (agg, event);
      return;
    }
  /* A slice's name interned once here: the store and the kernels below
   * take the interned text without hashing it again. */
  if (event->name != NULL && (event->ph == 'X' || event->ph == 'i' || event->ph == 'I'))
    {
      interned = *event;
      interned.name = aiperf_trace_store_intern_name (agg->store, event->name);
      event = &interned;
    }
  store_event (agg, event);
  if (event->ph != 'X' || event->name == NULL || isnan (event->dur_us))
    return;
  if (event->dur_us < 0)
    {
      agg->n_negative++;
      return;
    }
  if (is_kernel_cat (event->cat))
    {
      /* The name interned above: one pointer per name, no string hash. */
      const char *name = event->name;
      GHashTable *by_name = kernels_of (agg, event->pid);
      KernelAgg *k;
      double ns = event->dur_ns;

      k = g_hash_table_lookup (by_name, name);
      if (k == NULL)
        {
          k = g_new0 (KernelAgg, 1);
          k->name = g_strdup (name);
          k->pid = process_key (agg, event->pid);
          k->file_label = agg->file_label;
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
      /* Kineto writes each step twice: on the CPU (user_annotation) and,
       * as the GPU ran it, on the GPU (gpu_user_annotation). */
      double step[4] = { g_ascii_strtod (event->name + strlen ("ProfilerStep#"), NULL), event->ts_us,
                         event->dur_us, g_strcmp0 (event->cat, "gpu_user_annotation") == 0 ? 1.0 : 0.0 };

      step[3] += 2.0 * agg->file;
      g_array_append_vals (agg->steps, step, 4);
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
      const char *pid = strchr (k->pid, '\x1f') + 1;
      g_autofree char *device = label != NULL ? g_strdup (label) : g_strdup_printf ("pid %s", pid);
      g_autofree char *group = k->file_label != NULL ? g_strdup_printf ("%s · %s", k->file_label, device)
                                                     : g_steal_pointer (&device);
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

static char *
read_source (gpointer  data,
             goffset   offset,
             gsize     length,
             GError  **error)
{
  return aiperf_trace_source_read (data, offset, length, error);
}

/* A file's name without its extensions: "rank0.pt.trace.json.gz" → "rank0". */
static char *
file_label (const char *path)
{
  char *name = g_path_get_basename (path);
  char *dot = strstr (name, ".json");

  if (dot != NULL)
    *dot = '\0';
  if (g_str_has_suffix (name, ".pt.trace"))
    name[strlen (name) - strlen (".pt.trace")] = '\0';
  return name;
}

static void
add_warnings (AiperfRun   *run,
              Agg         *agg,
              const char  *path,
              GError      *damage,
              guint        n_kept,
              const AiperfTraceTotals *totals)
{
  GHashTableIter iter;
  gpointer stack;
  guint n_open = 0;

  g_hash_table_iter_init (&iter, agg->open);
  while (g_hash_table_iter_next (&iter, NULL, &stack))
    n_open += ((GArray *) stack)->len;
  g_hash_table_iter_init (&iter, agg->open_async);
  while (g_hash_table_iter_next (&iter, NULL, &stack))
    n_open += ((GArray *) stack)->len;
  if (agg->n_unmatched + n_open > 0)
    aiperf_run_add_warning (run, _("%s: %u “E” events without their “B” and %u “B” events never closed"),
                            path, agg->n_unmatched, n_open);
  /* What was read before damage is kept, and the damage said. */
  if (damage != NULL)
    aiperf_run_add_warning (run, _("%s; kept the %u events before it"), damage->message, n_kept);
  /* A JSON reader keeps the last of two members of one name; a trace
   * written twice into one object (two profiler sessions) is both. */
  if (totals->again_at > 0)
    {
      g_autofree char *at = g_strdup_printf ("%" G_GOFFSET_FORMAT, totals->again_at);

      aiperf_run_add_warning (run, _("%s: byte %s: a second “traceEvents” array; the events of both are read"),
                              path, at);
    }
  if (totals->n_skipped > 0)
    aiperf_run_add_warning (run, g_dngettext (GETTEXT_PACKAGE, "%s: skipped %u element that is not an event",
                                              "%s: skipped %u elements that are not events", totals->n_skipped),
                            path, totals->n_skipped);
  if (agg->n_negative > 0)
    aiperf_run_add_warning (run, g_dngettext (GETTEXT_PACKAGE, "%s: skipped %u event with a negative duration",
                                              "%s: skipped %u events with a negative duration", agg->n_negative),
                            path, agg->n_negative);
  g_hash_table_remove_all (agg->open);
  g_hash_table_remove_all (agg->open_async);
  agg->n_left_out += agg->n_negative;
  agg->n_unmatched = agg->n_negative = agg->n_launch_ids = 0;
}

/* Why a file read without damage, or read up to damage, gives no trace:
 * no event at all, or only metadata (acelyzer's meta_events_only.json);
 * NULL when it has events to show. @damage says where reading stopped. */
static GError *
nothing_to_show (const char   *path,
                 guint         n_events,
                 guint         n_metadata,
                 const GError *damage)
{
  g_autofree char *what = NULL;

  if (n_events > n_metadata)
    return NULL;
  if (n_events == 0)
    what = g_strdup_printf (_("%s: no event in “traceEvents”"), path);
  else
    what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s: only %u metadata event (“ph”: “M”, the names and order of processes "
                                         "and threads) and no event to show: a trace needs complete (“X”), "
                                         "begin/end (“B”/“E”), instant (“i”) or counter (“C”) events",
                                         "%s: only %u metadata events (“ph”: “M”, the names and order of processes "
                                         "and threads) and no event to show: a trace needs complete (“X”), "
                                         "begin/end (“B”/“E”), instant (“i”) or counter (“C”) events", n_metadata),
                            path, n_metadata);
  if (damage != NULL)
    return g_error_new (AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA, "%s; %s", damage->message, what);
  return g_error_new_literal (AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA, what);
}

static void
set_count (AiperfRun  *run,
           const char *parameter,
           guint       count)
{
  char text[32];

  g_snprintf (text, sizeof text, "%u", count);
  aiperf_run_set_parameter (run, parameter, text);
}

/* Reads @paths into one run: a trace of one file, or the files (ranks)
 * of one job merged, each its own group of lanes, their clocks aligned
 * by their baseTimeNanoseconds. */
static void
trace_load_files (const char * const      *paths,
                  const char              *run_path,
                  const AiperfLoadOptions *options,
                  AiperfLoadResult        *result)
{
  Agg agg = { 0 };
  g_autoptr(AiperfRun) run = aiperf_run_new_in_file (run_path, NULL);
  g_autoptr(AiperfTable) kernels = NULL;
  g_autoptr(AiperfTable) steps = NULL;
  g_autofree char *name = file_label (run_path);
  guint n_paths = g_strv_length ((char **) paths), n_read = 0;
  gint64 base_ns = 0;
  GError *first_error = NULL;
  const char *side = NULL;

  agg.kernels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_hash_table_unref);
  agg.order = g_ptr_array_new_with_free_func ((GDestroyNotify) kernel_agg_free);
  agg.labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  agg.steps = g_array_new (FALSE, FALSE, sizeof (double));
  agg.store = aiperf_trace_store_new ();
  agg.category_of = g_hash_table_new (NULL, NULL);
  agg.open = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  agg.open_async = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  for (guint i = 0; i < n_paths && !g_cancellable_is_cancelled (options->cancellable); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *label = n_paths > 1 ? file_label (paths[i]) : NULL;
      AiperfTraceTotals totals;
      guint before = agg.n_events, before_metadata = agg.n_metadata;
      gboolean ok;

      agg.file = aiperf_trace_store_begin_file (agg.store, label);
      agg.file_label = aiperf_trace_store_get_file_label (agg.store, agg.file);
      ok = aiperf_trace_read (paths[i], on_event, &agg, &totals, &error);
      aiperf_trace_store_set_file_text (agg.store, agg.file, read_source, totals.source,
                                        (GDestroyNotify) aiperf_trace_source_free);
      if (ok || agg.n_events > before)
        {
          GError *none = nothing_to_show (paths[i], agg.n_events - before, agg.n_metadata - before_metadata,
                                          ok ? NULL : error);

          if (none != NULL)
            {
              g_clear_error (&error);
              error = none;
              ok = FALSE;
              agg.n_events = before;
              agg.n_metadata = before_metadata;
            }
        }
      if (!ok && agg.n_events == before)
        {
          /* Nothing of this file: the others still make the trace. */
          if (first_error == NULL)
            first_error = g_steal_pointer (&error);
          else if (n_paths > 1)
            aiperf_run_add_warning (run, "%s", error->message);
          continue;
        }
      n_read++;
      /* Ranks' clocks: each file's times count from its own base. */
      if (totals.base_time_ns != 0 && base_ns == 0)
        base_ns = totals.base_time_ns;
      if (totals.base_time_ns != 0)
        aiperf_trace_store_set_file_offset (agg.store, agg.file, totals.base_time_ns - base_ns);
      /* this file's events, not the merged trace's so far */
      add_warnings (run, &agg, paths[i], ok ? NULL : error, agg.n_events - before, &totals);
    }
  if (n_read == 0)
    {
      g_ptr_array_add (result->errors, first_error != NULL ? first_error
                                        : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled")));
      first_error = NULL;
    }
  else
    {
      if (first_error != NULL)
        aiperf_run_add_warning (run, "%s", first_error->message);
      aiperf_run_set_name (run, name);
      aiperf_run_set_variation_label (run, name);
      kernels = kernels_table (&agg);
      aiperf_kernel_classes_apply (aiperf_kernel_classes_get_default (), kernels);
      if (aiperf_table_get_n_rows (kernels) > 0)
        aiperf_run_set_table (run, AIPERF_DATASET_KERNELS, kernels);
      steps = aiperf_trace_steps_table (agg.steps, &side);
      if (aiperf_table_get_n_rows (steps) > 0)
        {
          aiperf_run_set_table (run, "iterations", steps);
          aiperf_run_set_parameter (run, "iterations from", side);
        }
      aiperf_trace_store_finish (agg.store);
      aiperf_trace_store_prepare_analyses (agg.store);
      set_times (run, agg.store, base_ns);
      if (aiperf_trace_store_get_n_slices (agg.store) > 0)
        aiperf_run_set_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE, agg.store);
      /* acelyzer's count: a B/E pair is one event, one that ends before it
       * begins is none (basic_event_test_cases.json: 23) */
      set_count (run, "events", agg.n_events - agg.n_closed - agg.n_left_out);
      if (agg.n_left_out > 0)
        set_count (run, "events left out", agg.n_left_out);
      if (agg.n_other > 0)
        set_count (run, "events not drawn", agg.n_other);
      if (n_paths > 1)
        set_count (run, "files", n_read);
      aiperf_apply_param_pattern (run, options->param_pattern, name);
      g_ptr_array_add (result->runs, g_steal_pointer (&run));
    }
  g_clear_error (&first_error);
  aiperf_trace_store_unref (agg.store);
  g_hash_table_unref (agg.category_of);
  g_hash_table_unref (agg.open);
  g_hash_table_unref (agg.open_async);
  g_hash_table_unref (agg.kernels);
  g_ptr_array_unref (agg.order);
  g_hash_table_unref (agg.labels);
  g_array_unref (agg.steps);
  g_free (agg.last_kernels_pid);
}

static void
trace_load (const char              *path,
            const AiperfLoadOptions *options,
            AiperfLoadResult        *result)
{
  const char *paths[] = { path, NULL };

  trace_load_files (paths, path, options, result);
}

const AiperfFormat aiperf_format_trace = {
  .id = "trace",
  .name = "Chrome trace",
  .kind = "trace",
  .sniff = aiperf_trace_sniff,
  .load = trace_load,
  .load_merged = trace_load_files,
  .claims_subtree = NULL,
  .skip_child = NULL,
  .refusal = aiperf_trace_refusal,
};
