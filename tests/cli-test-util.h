/* cli-test-util.h — running aiperf-plot --headless from the cli tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

typedef struct {
  int   status;
  char *out;
  char *err;
} Result;

static inline void
result_clear (Result *r)
{
  g_free (r->out);
  g_free (r->err);
}

/* Runs the binary with ARGS… (NULL-terminated) after --headless, with no
 * display (headless must not need one), in @locale, and HOME at @home when
 * set (so no user preset file changes what is drawn). */
static inline void
cli_run_valist (Result     *r,
                const char *locale,
                const char *home,
                va_list     args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  const char *exe = g_getenv ("AIPERF_PLOT_EXE");
  const char *arg;
  int wait_status = 0;

  g_ptr_array_add (argv, (gpointer) (exe != NULL ? exe : "aiperf-plot"));
  g_ptr_array_add (argv, (gpointer) "--headless");
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  g_ptr_array_add (argv, NULL);

  envp = g_environ_unsetenv (envp, "DISPLAY");
  envp = g_environ_unsetenv (envp, "WAYLAND_DISPLAY");
  envp = g_environ_setenv (envp, "LC_ALL", locale, TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  if (home != NULL)
    envp = g_environ_setenv (envp, "HOME", home, TRUE);

  *r = (Result) { 0 };
  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &r->out, &r->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r->status = WEXITSTATUS (wait_status);
  g_test_message ("exit %d\nstdout:\n%s\nstderr:\n%s", r->status, r->out, r->err);
}

static inline void
cli_run (Result     *r,
         const char *home,
         ...)
{
  va_list args;

  va_start (args, home);
  cli_run_valist (r, "C.UTF-8", home, args);
  va_end (args);
}

/* As cli_run, in @locale (messages in its language too). */
static inline void
cli_run_in_locale (Result     *r,
                   const char *locale,
                   const char *home,
                   ...)
{
  va_list args;

  va_start (args, home);
  cli_run_valist (r, locale, home, args);
  va_end (args);
}

/* The text of @path by pdftotext -layout (pages end with a form feed), or
 * NULL when pdftotext is not installed. */
static inline char *
pdf_text (const char *path)
{
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  const char *argv[] = { pdftotext, "-layout", path, "-", NULL };
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  int status = 0;

  if (pdftotext == NULL)
    return NULL;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &text, NULL, &status, &error);
  g_assert_no_error (error);
  return text;
}

/* The 0-based page of @text where @needle first is. */
static inline int
page_of (const char *text,
         const char *needle)
{
  const char *hit = strstr (text, needle);
  int page = 0;

  if (hit == NULL)
    g_error ("“%s” is in no page of the PDF", needle);
  for (const char *p = text; p < hit; p++)
    page += *p == '\f';
  return page;
}

/* @n LLMPerf summaries in @dir/summary, copies of the two real ones in
 * tests/data/formats/llmperf-leaderboard taken in turn, each with a model
 * of its own ("org-07/serving-model-07-instruct") and the same numbers:
 * a run set of many series whose points fall on two spots. */
static inline void
write_llmperf_copies (const char *dir,
                      guint       n)
{
  const char *sources[] = { "anyscale_7b.json", "together_13b.json" };
  g_autofree char *summary = g_build_filename (dir, "summary", NULL);
  g_autoptr(GRegex) re = g_regex_new ("\"model\": \"[^\"]*\"", 0, 0, NULL);

  g_assert_cmpint (g_mkdir_with_parents (summary, 0755), ==, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "formats", "llmperf-leaderboard", "summary",
                                                    sources[i % 2], NULL);
      g_autofree char *model = g_strdup_printf ("\"model\": \"org-%02u/serving-model-%02u-instruct\"", i, i);
      g_autofree char *name = g_strdup_printf ("m%02u.json", i);
      g_autofree char *dest = g_build_filename (summary, name, NULL);
      g_autofree char *json = NULL, *copy = NULL;

      g_assert_true (g_file_get_contents (src, &json, NULL, NULL));
      copy = g_regex_replace_literal (re, json, -1, 0, model, 0, NULL);
      g_assert_cmpstr (copy, !=, json);
      g_assert_true (g_file_set_contents (dest, copy, -1, NULL));
    }
}
