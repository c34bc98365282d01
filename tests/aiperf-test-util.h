/* aiperf-test-util.h — small helpers shared by the tests and benchmarks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* Deletes @path and everything below it; symlinks are removed, never followed. */
static inline gboolean
aiperf_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (g_file_test (path, G_FILE_TEST_IS_SYMLINK) || !g_file_test (path, G_FILE_TEST_IS_DIR))
    return g_unlink (path) == 0;
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      aiperf_test_remove_tree (child);
    }
  return g_rmdir (path) == 0;
}

/* Copies @from into @to (created), file by file: a fixture tests may change. */
static inline void
aiperf_test_copy_tree (const char *from,
                       const char *to)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir_with_parents (to, 0755), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autofree char *dst = g_build_filename (to, name, NULL);

      if (g_file_test (src, G_FILE_TEST_IS_DIR))
        aiperf_test_copy_tree (src, dst);
      else
        {
          g_autofree char *text = NULL;
          gsize len;

          g_assert_true (g_file_get_contents (src, &text, &len, NULL));
          g_assert_true (g_file_set_contents (dst, text, len, NULL));
        }
    }
}

static inline int
aiperf_test_compare_names (gconstpointer a,
                           gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @dir, sorted, joined by spaces: a folder's exact listing. */
static inline char *
aiperf_test_list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, aiperf_test_compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}
