/* aiperf-formats-walk.c — what a command line or a drop means: every
 * folder and file below the given paths is sniffed by every format, and
 * the best format takes it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-formats.h"

/* Real sweeps are a few levels deep; this only stops pathological trees. */
#define MAX_DEPTH 64
/* Enough of a file to see its first keys. */
#define HEAD_SIZE 4096
/* Our own export log: a folder holding it is output, never input. */
#define OUTPUT_MARKER "aiperf_plot.log"

typedef struct {
  const AiperfDiscoverOptions *options;
  GHashTable   *visited;   /* resolved folders walked */
  GHashTable   *found;     /* resolved path → AiperfFind* */
  GPtrArray    *warnings;
  GCancellable *cancellable;
  char         *skip_real; /* resolved options->skip_dir */
} Walk;

static char *
resolve (const char *path)
{
  char *real = realpath (path, NULL);
  char *copy;

  if (real == NULL)
    return NULL;
  copy = g_strdup (real);
  free (real);
  return copy;
}

static void
add_warning (Walk       *walk,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static void
add_warning (Walk       *walk,
             const char *format,
             ...)
{
  va_list args;

  if (walk->warnings == NULL)
    return;
  va_start (args, format);
  g_ptr_array_add (walk->warnings, g_strdup_vprintf (format, args));
  va_end (args);
}

static gboolean
format_allowed (const Walk         *walk,
                const AiperfFormat *format)
{
  const char * const *only = walk->options != NULL ? walk->options->only : NULL;

  if (only == NULL)
    return TRUE;
  return g_strv_contains (only, format->id);
}

/* The format that scores @input highest, or NULL when none says yes. */
static const AiperfFormat *
best_format (const Walk             *walk,
             const AiperfSniffInput *input)
{
  const AiperfFormat * const *all = aiperf_formats_get_all ();
  const AiperfFormat *best = NULL;
  guint best_score = AIPERF_SNIFF_NO;

  for (guint i = 0; all[i] != NULL; i++)
    {
      guint score;

      if (!format_allowed (walk, all[i]))
        continue;
      score = all[i]->sniff (input);
      if (score > best_score)
        {
          best = all[i];
          best_score = score;
        }
    }
  return best;
}

static void
add_find (Walk               *walk,
          const AiperfFormat *format,
          const char         *path,
          const char         *real)
{
  AiperfFind *find;

  if (g_hash_table_contains (walk->found, real))
    return;
  find = g_new0 (AiperfFind, 1);
  find->format = format;
  find->path = g_strdup (path);
  g_hash_table_insert (walk->found, g_strdup (real), find);
}

static gboolean
sniff_file (Walk       *walk,
            const char *path,
            gboolean    named)
{
  g_autofree char *real = resolve (path);
  g_autofree char *head = NULL;
  const AiperfFormat *format;
  AiperfSniffInput input = { path, FALSE, NULL, 0, NULL, named };

  if (real == NULL)
    return FALSE;
  head = aiperf_read_head (path, HEAD_SIZE, &input.head_len);
  if (head == NULL)
    {
      add_warning (walk, _("%s: file cannot be read"), path);
      return FALSE;
    }
  input.head = head;
  format = best_format (walk, &input);
  if (format == NULL)
    return FALSE;
  add_find (walk, format, path, real);
  return TRUE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Entry names of @directory, sorted; NULL when it cannot be read. */
static GPtrArray *
list_entries (const char *directory)
{
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  GPtrArray *names;
  const char *name;

  if (dir == NULL)
    return NULL;
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return names;
}

static gboolean walk_directory (Walk *walk, const char *directory, guint depth);

static gboolean
walk_children (Walk               *walk,
               const char         *directory,
               const char * const *entries,
               const AiperfFormat *owner,
               guint               depth)
{
  g_autoptr(GPtrArray) folders = g_ptr_array_new_with_free_func (g_free);
  gboolean any = FALSE;

  for (guint i = 0; entries[i] != NULL; i++)
    {
      g_autofree char *child = g_build_filename (directory, entries[i], NULL);
      GStatBuf st;

      if (g_stat (child, &st) != 0)
        {
          if (g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            add_warning (walk, _("%s: broken symbolic link, ignored"), child);
          continue;
        }
      if (S_ISDIR (st.st_mode))
        {
          gboolean skip = FALSE;
          const AiperfFormat * const *all = aiperf_formats_get_all ();

          for (guint f = 0; all[f] != NULL && !skip; f++)
            skip = all[f]->skip_child != NULL && format_allowed (walk, all[f]) &&
                   all[f]->skip_child (directory, entries, entries[i]);
          /* Real folders before links, so a run reached both ways is
           * reported under its own name; "1"/"0" prefix, stripped below. */
          if (!skip)
            g_ptr_array_add (folders, g_strconcat (g_file_test (child, G_FILE_TEST_IS_SYMLINK) ? "1" : "0",
                                                   child, NULL));
        }
      else if (owner == NULL && S_ISREG (st.st_mode))
        any |= sniff_file (walk, child, FALSE);
    }
  g_ptr_array_sort (folders, compare_strings);
  for (guint i = 0; i < folders->len; i++)
    any |= walk_directory (walk, (const char *) g_ptr_array_index (folders, i) + 1, depth + 1);
  return any;
}

static gboolean
walk_directory (Walk       *walk,
                const char *directory,
                guint       depth)
{
  g_autofree char *real = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  const AiperfFormat *owner;
  AiperfSniffInput input = { directory, TRUE, NULL, 0, NULL, FALSE };

  if (g_cancellable_is_cancelled (walk->cancellable))
    return FALSE;
  if (depth > MAX_DEPTH)
    {
      add_warning (walk, _("%s: folders nested too deeply; not searched further"), directory);
      return FALSE;
    }
  real = resolve (directory);
  /* The resolved path makes symlink loops visit a folder only once. */
  if (real == NULL || !g_hash_table_add (walk->visited, g_strdup (real)))
    return FALSE;
  if (walk->skip_real != NULL && g_str_equal (real, walk->skip_real))
    return FALSE;

  entries = list_entries (directory);
  if (entries == NULL)
    {
      add_warning (walk, _("%s: folder cannot be read"), directory);
      return FALSE;
    }
  input.entries = (const char * const *) entries->pdata;
  if (aiperf_entries_contain (input.entries, OUTPUT_MARKER))
    return FALSE;

  owner = best_format (walk, &input);
  if (owner != NULL)
    {
      add_find (walk, owner, directory, real);
      if (owner->claims_subtree != NULL && owner->claims_subtree (directory))
        return TRUE;
    }
  return walk_children (walk, directory, input.entries, owner, depth) || owner != NULL;
}

/* A file given on its own: when the format that takes it also takes its
 * folder (an AIPerf artifact), the file stands for that folder. */
static gboolean
file_or_its_folder (Walk       *walk,
                    const char *path)
{
  g_autofree char *head = NULL;
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr(GPtrArray) entries = list_entries (parent);
  const AiperfFormat *format;
  AiperfSniffInput input = { path, FALSE, NULL, 0, NULL, TRUE };
  AiperfSniffInput folder = { parent, TRUE, NULL, 0, NULL, FALSE };

  head = aiperf_read_head (path, HEAD_SIZE, &input.head_len);
  input.head = head;
  format = head != NULL ? best_format (walk, &input) : NULL;
  if (format != NULL && entries != NULL)
    {
      folder.entries = (const char * const *) entries->pdata;
      if (format->sniff (&folder) > AIPERF_SNIFF_NO)
        return walk_directory (walk, parent, 0);
    }
  return sniff_file (walk, path, TRUE);
}

/* For a file named on its own that no format took: what it looked like,
 * and the format that came closest and why it refused it. */
static char *
describe_refusal (const Walk *walk,
                  const char *path)
{
  const AiperfFormat * const *all = aiperf_formats_get_all ();
  g_autofree char *head = NULL;
  g_autofree char *best_why = NULL;
  const AiperfFormat *best = NULL;
  guint best_closeness = 0;
  AiperfSniffInput input = { path, FALSE, NULL, 0, NULL, TRUE };
  GString *text;

  head = aiperf_read_head (path, HEAD_SIZE, &input.head_len);
  if (head == NULL)
    return g_strdup (_("it cannot be read"));
  input.head = head;
  for (guint i = 0; all[i] != NULL; i++)
    {
      guint closeness = 0;
      g_autofree char *why = NULL;

      if (all[i]->refusal == NULL || !format_allowed (walk, all[i]))
        continue;
      why = all[i]->refusal (&input, &closeness);
      if (why != NULL && closeness > best_closeness)
        {
          best = all[i];
          best_closeness = closeness;
          g_free (best_why);
          best_why = g_steal_pointer (&why);
        }
    }
  if (best != NULL)
    return g_strdup_printf (_("closest: %s, refused because it is %s"), best->name, best_why);
  /* No format knows it: show how it starts. */
  text = g_string_new (_("it starts with “"));
  for (gsize i = 0; i < input.head_len && i < 40; i++)
    g_string_append_c (text, g_ascii_isprint (head[i]) ? head[i] : '.');
  g_string_append (text, _("”"));
  return g_string_free (text, FALSE);
}

/* A comma list or a glob (quoted, so the shell left it): its files, by
 * name; NULL when @text is neither. */
static GPtrArray *
expand_group (const char *text)
{
  g_auto(GStrv) parts = NULL;
  GPtrArray *files;

  if (strpbrk (text, ",*?[") == NULL)
    return NULL;
  files = g_ptr_array_new_with_free_func (g_free);
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_canonicalize_filename (g_strstrip (parts[i]), NULL);
      g_autofree char *dir = NULL;
      g_autofree char *base = NULL;
      g_autoptr(GPatternSpec) pattern = NULL;
      g_autoptr(GPtrArray) entries = NULL;

      if (*parts[i] == '\0')
        continue;
      if (strpbrk (part, "*?[") == NULL)
        {
          g_ptr_array_add (files, g_steal_pointer (&part));
          continue;
        }
      /* Globs in the file name only, as acelyzer takes them. */
      dir = g_path_get_dirname (part);
      base = g_path_get_basename (part);
      pattern = g_pattern_spec_new (base);
      entries = list_entries (dir);
      for (guint k = 0; entries != NULL && k < entries->len; k++)
        if (g_ptr_array_index (entries, k) != NULL && g_pattern_spec_match_string (pattern, g_ptr_array_index (entries, k)))
          {
            char *path = g_build_filename (dir, g_ptr_array_index (entries, k), NULL);

            if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
              g_ptr_array_add (files, path);
            else
              g_free (path);
          }
    }
  return files;
}

/* The files of a group merged into one run, when their format merges
 * (traces of several ranks); FALSE with @error when one is missing. */
static gboolean
merge_group (Walk        *walk,
             const char  *text,
             GPtrArray   *files,
             gboolean    *out_any,
             GError     **error)
{
  const AiperfFormat *format = NULL;
  AiperfFind *find;

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *head = NULL;
      AiperfSniffInput input = { path, FALSE, NULL, 0, NULL, TRUE };
      const AiperfFormat *found;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND, _("%s: no such file"), path);
          return FALSE;
        }
      head = aiperf_read_head (path, HEAD_SIZE, &input.head_len);
      input.head = head;
      found = head != NULL ? best_format (walk, &input) : NULL;
      if (found == NULL || found->load_merged == NULL || (format != NULL && found != format))
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_USAGE,
                       _("%s: only traces merge into one (%s is not a trace like the others)"), text, path);
          return FALSE;
        }
      format = found;
    }
  *out_any = format != NULL;
  if (format == NULL || g_hash_table_contains (walk->found, text))
    return TRUE;
  find = g_new0 (AiperfFind, 1);
  find->format = format;
  find->path = g_strdup (text);
  g_ptr_array_add (files, NULL);
  find->members = (char **) g_ptr_array_steal (files, NULL);
  g_hash_table_insert (walk->found, g_strdup (text), find);
  return TRUE;
}

static int
compare_finds (gconstpointer a,
               gconstpointer b)
{
  const AiperfFind *fa = *(const AiperfFind * const *) a;
  const AiperfFind *fb = *(const AiperfFind * const *) b;

  return strcmp (fa->path, fb->path);
}

GPtrArray *
aiperf_formats_discover (const char * const          *paths,
                         const AiperfDiscoverOptions *options,
                         GPtrArray                   *warnings,
                         GPtrArray                   *unrecognised,
                         GCancellable                *cancellable,
                         GError                     **error)
{
  g_autoptr(GHashTable) visited = NULL;
  g_autoptr(GHashTable) found = NULL;
  g_autoptr(GString) searched = NULL;
  g_autoptr(GString) refusals = g_string_new (NULL);
  g_autofree char *skip_real = NULL;
  GPtrArray *result;
  GHashTableIter iter;
  gpointer value;
  Walk walk;

  g_return_val_if_fail (paths != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  searched = g_string_new (NULL);
  if (options != NULL && options->skip_dir != NULL)
    skip_real = resolve (options->skip_dir);
  walk = (Walk) { options, visited, found, warnings, cancellable, skip_real };

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *path = g_canonicalize_filename (paths[i], NULL);
      g_autoptr(GPtrArray) group = NULL;
      gboolean any = FALSE;

      if (!g_file_test (path, G_FILE_TEST_EXISTS) && (group = expand_group (paths[i])) != NULL)
        {
          if (group->len == 0)
            {
              g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND, _("%s: no file matches"), paths[i]);
              goto fail;
            }
          if (!merge_group (&walk, paths[i], group, &any, error))
            goto fail;
        }
      else if (g_file_test (path, G_FILE_TEST_IS_DIR))
        any = walk_directory (&walk, path, 0);
      else if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        any = file_or_its_folder (&walk, path);
      else
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND,
                       g_file_test (path, G_FILE_TEST_EXISTS)
                         ? _("%s is neither a folder nor a file")
                         : _("%s: no such file or folder"),
                       paths[i]);
          goto fail;
        }
      if (searched->len > 0)
        g_string_append (searched, ", ");
      g_string_append (searched, paths[i]);
      if (!any && group == NULL && g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_autofree char *why = describe_refusal (&walk, path);

          if (unrecognised != NULL)
            g_ptr_array_add (unrecognised, g_strdup_printf (_("%s: not recognised (%s)"), paths[i], why));
          if (refusals->len > 0)
            g_string_append (refusals, "; ");
          g_string_append_printf (refusals, "%s: %s", paths[i], why);
        }
      else if (!any && unrecognised != NULL)
        {
          g_autofree char *looked_for = aiperf_formats_describe ();

          g_ptr_array_add (unrecognised,
                           g_strdup_printf (_("%s: nothing recognised (looked for %s)"),
                                            paths[i], looked_for));
        }
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto fail;

  if (g_hash_table_size (found) == 0)
    {
      g_autofree char *looked_for = aiperf_formats_describe ();

      if (refusals->len > 0)
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS,
                     _("Nothing to open in %s: no %s was found (%s)"), searched->str, looked_for, refusals->str);
      else
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS,
                     _("Nothing to open in %s: no %s was found"), searched->str, looked_for);
      goto fail;
    }

  result = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_find_free);
  g_hash_table_iter_init (&iter, found);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (result, value);
  g_ptr_array_sort (result, compare_finds);
  return result;

fail:
  g_hash_table_iter_init (&iter, found);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    aiperf_find_free (value);
  return NULL;
}
