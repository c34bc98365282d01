/* aiperf-watch.c — watch opened folders for new runs (watch mode).
 *
 * A scan is the same walk and the same loads as opening: the format table
 * sniffs what appeared, with the session's options (--param-pattern), so a
 * run that arrives later is what it would have been had it been there when
 * the folder was opened.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "aiperf-watch.h"
#include "aiperf-formats.h"
#include "aiperf-error.h"

struct _AiperfWatch
{
  GObject     parent_instance;

  GPtrArray  *roots;       /* char* */
  GRegex     *param_pattern; /* nullable */
  char       *skip_dir;      /* nullable: the output folder */
  GHashTable *known;       /* path of a find (folder or file) → TRUE: loaded or reported */
  GHashTable *pending;     /* directory → gint64 stamp (mtime sum) of the last failed try */
  GHashTable *pending_since; /* directory → gint64 monotonic µs when the stamp last changed */
  guint       interval_ms;
  guint       settle_ms;
  guint       timeout_id;
  gboolean    scanning;
  GCancellable *cancellable;
};

G_DEFINE_FINAL_TYPE (AiperfWatch, aiperf_watch, G_TYPE_OBJECT)

enum { RUN_ADDED, RUN_FAILED, SCAN_DONE, N_SIGNALS };
static guint signals[N_SIGNALS];

typedef struct {
  char             *path;   /* what the walk found: a folder or a file */
  AiperfLoadResult  result; /* no runs: it failed (or is still being written) */
  gint64            stamp;  /* of its files' mtimes and sizes, on failure */
} ScanItem;

static void
scan_item_free (gpointer data)
{
  ScanItem *item = data;

  g_free (item->path);
  aiperf_load_result_clear (&item->result);
  g_free (item);
}

typedef struct {
  char      **roots;
  GRegex     *param_pattern;  /* nullable, referenced */
  char       *skip_dir;       /* nullable */
  GHashTable *known;          /* copy */
} ScanData;

static void
scan_data_free (gpointer data)
{
  ScanData *sd = data;

  g_strfreev (sd->roots);
  g_clear_pointer (&sd->param_pattern, g_regex_unref);
  g_free (sd->skip_dir);
  g_hash_table_unref (sd->known);
  g_free (sd);
}

static gint64
file_stamp (const char *path)
{
  GStatBuf st;

  if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
    return (gint64) st.st_mtime * 1000003 + (gint64) st.st_size;
  return 0;
}

/* A cheap fingerprint of a file, or of a folder's direct files: it changes
 * while a writer is still appending to them. */
static gint64
path_stamp (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  gint64 stamp = 0;

  if (dir == NULL)
    return file_stamp (path);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      stamp += file_stamp (child);
    }
  return stamp;
}

static void
scan_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ScanData *sd = task_data;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (scan_item_free);
  g_autoptr(GPtrArray) finds = NULL;
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  AiperfDiscoverOptions discover = { NULL, sd->skip_dir };
  AiperfLoadOptions options = { sd->param_pattern, cancellable };

  /* Roots that vanished or hold nothing yet are not errors in watch mode. */
  finds = aiperf_formats_discover ((const char * const *) sd->roots, &discover, notes, NULL,
                                   cancellable, NULL);
  for (guint i = 0; finds != NULL && i < finds->len; i++)
    {
      const AiperfFind *find = g_ptr_array_index (finds, i);
      ScanItem *item;

      if (g_hash_table_contains (sd->known, find->path))
        continue;
      if (g_cancellable_is_cancelled (cancellable))
        break;
      item = g_new0 (ScanItem, 1);
      item->path = g_strdup (find->path);
      aiperf_load_result_init (&item->result);
      aiperf_find_load (find, &options, &item->result);
      if (item->result.runs->len == 0)
        item->stamp = path_stamp (find->path);
      g_ptr_array_add (items, item);
    }
  g_task_return_pointer (task, g_steal_pointer (&items), (GDestroyNotify) g_ptr_array_unref);
}

static void
mark_known (AiperfWatch *self,
            const char  *path)
{
  g_hash_table_add (self->known, g_strdup (path));
  g_hash_table_remove (self->pending, path);
  g_hash_table_remove (self->pending_since, path);
}

static void
scan_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  AiperfWatch *self = AIPERF_WATCH (object);
  g_autoptr(GPtrArray) items = g_task_propagate_pointer (G_TASK (result), NULL);
  gint64 now = g_get_monotonic_time ();

  self->scanning = FALSE;
  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      ScanItem *item = g_ptr_array_index (items, i);

      if (g_hash_table_contains (self->known, item->path))
        continue;
      if (item->result.runs->len > 0)
        {
          for (guint r = 0; r < item->result.runs->len; r++)
            {
              AiperfRun *run = g_ptr_array_index (item->result.runs, r);

              /* Opened by someone else in the meantime. */
              if (g_hash_table_contains (self->known, aiperf_run_get_locator (run)))
                continue;
              aiperf_watch_mark_run_known (self, run);
              g_signal_emit (self, signals[RUN_ADDED], 0, run);
            }
          mark_known (self, item->path);
          /* What broke beside the runs that loaded (one bad file of a folder). */
          for (guint e = 0; e < item->result.errors->len; e++)
            g_signal_emit (self, signals[RUN_FAILED], 0, item->path,
                           g_ptr_array_index (item->result.errors, e));
          continue;
        }

      /* Still being written? Retry until the files stop changing. */
      {
        gpointer old_stamp;
        gboolean seen = g_hash_table_lookup_extended (self->pending, item->path,
                                                      NULL, &old_stamp);
        g_autoptr(GError) error = NULL;
        gint64 since;

        if (!seen || *(gint64 *) old_stamp != item->stamp)
          {
            gint64 *s = g_new (gint64, 1), *t = g_new (gint64, 1);

            *s = item->stamp;
            *t = now;
            g_hash_table_insert (self->pending, g_strdup (item->path), s);
            g_hash_table_insert (self->pending_since, g_strdup (item->path), t);
            continue;
          }
        since = *(gint64 *) g_hash_table_lookup (self->pending_since, item->path);
        if (now - since < (gint64) self->settle_ms * 1000)
          continue;
        mark_known (self, item->path);
        error = item->result.errors->len > 0
                  ? g_error_copy (g_ptr_array_index (item->result.errors, 0))
                  : g_error_new (AIPERF_ERROR, AIPERF_ERROR_NO_RUNS,
                                 _("%s: no run could be read"), item->path);
        g_signal_emit (self, signals[RUN_FAILED], 0, item->path, error);
      }
    }
  g_signal_emit (self, signals[SCAN_DONE], 0);
}

void
aiperf_watch_scan_now (AiperfWatch *self)
{
  g_autoptr(GTask) task = NULL;
  ScanData *sd;
  GHashTableIter iter;
  gpointer key;

  g_return_if_fail (AIPERF_IS_WATCH (self));

  if (self->scanning || self->roots->len == 0)
    return;
  self->scanning = TRUE;
  sd = g_new0 (ScanData, 1);
  sd->roots = g_new0 (char *, self->roots->len + 1);
  for (guint i = 0; i < self->roots->len; i++)
    sd->roots[i] = g_strdup (g_ptr_array_index (self->roots, i));
  sd->param_pattern = self->param_pattern != NULL ? g_regex_ref (self->param_pattern) : NULL;
  sd->skip_dir = g_strdup (self->skip_dir);
  sd->known = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_iter_init (&iter, self->known);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (sd->known, g_strdup (key));

  task = g_task_new (self, self->cancellable, scan_done, NULL);
  g_task_set_source_tag (task, aiperf_watch_scan_now);
  g_task_set_task_data (task, sd, scan_data_free);
  g_task_run_in_thread (task, scan_thread);
}

static gboolean
on_tick (gpointer user_data)
{
  aiperf_watch_scan_now (AIPERF_WATCH (user_data));
  return G_SOURCE_CONTINUE;
}

void
aiperf_watch_set_active (AiperfWatch *self,
                         gboolean     active)
{
  g_return_if_fail (AIPERF_IS_WATCH (self));

  if (active == (self->timeout_id != 0))
    return;
  if (active)
    {
      self->timeout_id = g_timeout_add (self->interval_ms, on_tick, self);
      aiperf_watch_scan_now (self);
    }
  else
    g_clear_handle_id (&self->timeout_id, g_source_remove);
}

gboolean
aiperf_watch_get_active (AiperfWatch *self)
{
  g_return_val_if_fail (AIPERF_IS_WATCH (self), FALSE);

  return self->timeout_id != 0;
}

void
aiperf_watch_set_timing (AiperfWatch *self,
                         guint        interval_ms,
                         guint        settle_ms)
{
  g_return_if_fail (AIPERF_IS_WATCH (self));
  g_return_if_fail (interval_ms > 0);

  self->interval_ms = interval_ms;
  self->settle_ms = settle_ms;
  if (self->timeout_id != 0)
    {
      aiperf_watch_set_active (self, FALSE);
      aiperf_watch_set_active (self, TRUE);
    }
}

void
aiperf_watch_add_root (AiperfWatch *self,
                       const char  *path)
{
  g_return_if_fail (AIPERF_IS_WATCH (self));
  g_return_if_fail (path != NULL);

  for (guint i = 0; i < self->roots->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->roots, i), path) == 0)
      return;
  g_ptr_array_add (self->roots, g_strdup (path));
}

void
aiperf_watch_remove_root (AiperfWatch *self,
                          const char  *path)
{
  guint index;

  g_return_if_fail (AIPERF_IS_WATCH (self));
  g_return_if_fail (path != NULL);

  if (g_ptr_array_find_with_equal_func (self->roots, path, g_str_equal, &index))
    g_ptr_array_remove_index (self->roots, index);
}

void
aiperf_watch_forget (AiperfWatch *self)
{
  g_return_if_fail (AIPERF_IS_WATCH (self));

  g_ptr_array_set_size (self->roots, 0);
  g_hash_table_remove_all (self->known);
  g_hash_table_remove_all (self->pending);
  g_hash_table_remove_all (self->pending_since);
}

void
aiperf_watch_mark_known (AiperfWatch *self,
                         const char  *path)
{
  g_return_if_fail (AIPERF_IS_WATCH (self));
  g_return_if_fail (path != NULL);

  mark_known (self, path);
}

void
aiperf_watch_mark_run_known (AiperfWatch *self,
                             AiperfRun   *run)
{
  const char *locator;
  const char *hash;

  g_return_if_fail (AIPERF_IS_WATCH (self));
  g_return_if_fail (AIPERF_IS_RUN (run));

  /* A run is found again as its folder or file, its locator; "file#key"
   * names one run of several in a file, which is found as the file. */
  locator = aiperf_run_get_locator (run);
  mark_known (self, locator);
  hash = strrchr (locator, '#');
  if (hash != NULL)
    {
      g_autofree char *file = g_strndup (locator, hash - locator);

      mark_known (self, file);
    }
}

void
aiperf_watch_set_load_options (AiperfWatch *self,
                               GRegex      *param_pattern,
                               const char  *skip_dir)
{
  g_return_if_fail (AIPERF_IS_WATCH (self));

  if (param_pattern != NULL)
    g_regex_ref (param_pattern);
  g_clear_pointer (&self->param_pattern, g_regex_unref);
  self->param_pattern = param_pattern;
  g_free (self->skip_dir);
  self->skip_dir = g_strdup (skip_dir);
}

static void
aiperf_watch_dispose (GObject *object)
{
  AiperfWatch *self = AIPERF_WATCH (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  G_OBJECT_CLASS (aiperf_watch_parent_class)->dispose (object);
}

static void
aiperf_watch_finalize (GObject *object)
{
  AiperfWatch *self = AIPERF_WATCH (object);

  g_clear_object (&self->cancellable);
  g_ptr_array_unref (self->roots);
  g_clear_pointer (&self->param_pattern, g_regex_unref);
  g_free (self->skip_dir);
  g_hash_table_unref (self->known);
  g_hash_table_unref (self->pending);
  g_hash_table_unref (self->pending_since);
  G_OBJECT_CLASS (aiperf_watch_parent_class)->finalize (object);
}

static void
aiperf_watch_class_init (AiperfWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = aiperf_watch_dispose;
  object_class->finalize = aiperf_watch_finalize;

  signals[RUN_ADDED] = g_signal_new ("run-added", G_TYPE_FROM_CLASS (klass),
                                     G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, AIPERF_TYPE_RUN);
  signals[RUN_FAILED] = g_signal_new ("run-failed", G_TYPE_FROM_CLASS (klass),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                      G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);
  signals[SCAN_DONE] = g_signal_new ("scan-done", G_TYPE_FROM_CLASS (klass),
                                     G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 0);
}

static void
aiperf_watch_init (AiperfWatch *self)
{
  self->roots = g_ptr_array_new_with_free_func (g_free);
  self->known = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->pending_since = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->interval_ms = 2000;
  self->settle_ms = 10000;
  self->cancellable = g_cancellable_new ();
}

AiperfWatch *
aiperf_watch_new (void)
{
  return g_object_new (AIPERF_TYPE_WATCH, NULL);
}
