/* aiperf-test-util.h — small helpers shared by the tests and benchmarks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

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
