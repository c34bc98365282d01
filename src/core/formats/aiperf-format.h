/* aiperf-format.h — what an input format is: sniff a path, load runs.
 *
 * Every input format (AIPerf artifact folders, vLLM results, GuideLLM
 * reports, …) is one AiperfFormat in its own folder under formats/, listed
 * once in aiperf-formats.c. Formats detect their input by content (file
 * heads, folder entries), never by the name the user gave, and their load
 * returns data: runs, per-run errors and notes. A load never touches the
 * presentation, and what it returns is complete before anyone else sees it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "aiperf-run.h"

G_BEGIN_DECLS

/* How surely a path is of a format; the highest score wins, 0 is "no". */
enum {
  AIPERF_SNIFF_NO     = 0,
  AIPERF_SNIFF_MAYBE  = 25,   /* a name or a key that others could share */
  AIPERF_SNIFF_LIKELY = 60,   /* the keys this format writes */
  AIPERF_SNIFF_SURE   = 100,  /* keys only this format writes */
};

/* What a sniffer may look at: nothing is read beyond this. */
typedef struct {
  const char         *path;     /* absolute */
  gboolean            is_dir;
  const char         *head;     /* a file's first bytes, NUL-terminated; NULL for folders */
  gsize               head_len;
  const char * const *entries;  /* a folder's entry names, sorted; NULL for files */
  gboolean            named;    /* a file the user named itself, not one found in a folder */
} AiperfSniffInput;

/* Options every load honours. */
typedef struct {
  GRegex       *param_pattern;  /* nullable: named groups become parameters */
  GCancellable *cancellable;
} AiperfLoadOptions;

/* What a load returns. The arrays are created by the caller. */
typedef struct {
  GPtrArray *runs;      /* AiperfRun*, owned */
  GPtrArray *errors;    /* GError*: a broken run or file (names file and line) */
  GPtrArray *warnings;  /* char*: notes that lost nothing important */
} AiperfLoadResult;

typedef struct _AiperfFormat AiperfFormat;

struct _AiperfFormat {
  const char *id;          /* "vllm": the runs' source and `--list`'s kind word */
  const char *name;        /* "vLLM": for legends and the sidebar */
  const char *kind;        /* "serving" (compared together), "cutile", … */
  /* Score of @input for this format. A folder format that answers yes
   * takes the whole folder: its files are not sniffed by others. */
  guint     (*sniff)           (const AiperfSniffInput *input);
  /* Loads the runs of @path (a folder or a file this format sniffed). */
  void      (*load)            (const char             *path,
                                const AiperfLoadOptions *options,
                                AiperfLoadResult        *result);
  /* Nullable: loads several files (a comma list or a glob given as one
   * path) as one run named after @group, as trace tools merge ranks. */
  void      (*load_merged)     (const char * const     *paths,
                                const char             *group,
                                const AiperfLoadOptions *options,
                                AiperfLoadResult        *result);
  /* Nullable. TRUE when a folder this format took also owns its subfolders. */
  gboolean  (*claims_subtree)  (const char             *path);
  /* Nullable. TRUE when the walker must not enter @child_name of @directory
   * (AIPerf: profile_runs beside an aggregate). */
  gboolean  (*skip_child)      (const char             *directory,
                                const char * const     *entries,
                                const char             *child_name);
  /* Nullable. For a file this format refused, how close it came (0: not
   * at all) and why it was refused, newly allocated; for the message about
   * a file named on the command line that no format took. */
  char     *(*refusal)         (const AiperfSniffInput *input,
                                guint                  *closeness);
};

/* Helpers formats share. */

/* TRUE when @entries (sorted or not) holds @name. */
gboolean aiperf_entries_contain     (const char * const *entries,
                                     const char         *name);
/* TRUE when the JSON text @head has "@key" as a member name anywhere in it. */
gboolean aiperf_head_has_key        (const char         *head,
                                     const char         *key);
/* The first non-blank character of @head, or 0. */
char     aiperf_head_first_char     (const char         *head);
/* TRUE when @directory holds a regular file @name. */
gboolean aiperf_folder_has_file     (const char         *directory,
                                     const char         *name);
/* Reads up to @max bytes of @path into a NUL-terminated buffer. */
char    *aiperf_read_head           (const char         *path,
                                     gsize               max,
                                     gsize              *out_len);
/* Adds to @run the named groups of @pattern matched against the run
 * folder's base name; they override what the name parsers found. */
void     aiperf_apply_param_pattern (AiperfRun          *run,
                                     GRegex             *pattern,
                                     const char         *folder);
/* Appends a GError built from @format to @result->errors. */
void     aiperf_load_result_add_error (AiperfLoadResult *result,
                                       int               code,
                                       const char       *format,
                                       ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
