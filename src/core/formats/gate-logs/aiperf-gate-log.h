/* aiperf-gate-log.h — one MoE gate log: per-step token counts per expert.
 *
 * A gate log is a JSON object {"expert_loads": [[n_0, …, n_E-1], …],
 * "num_tokens": [t, …]} written by the experiment scripts behind ccl-bench's
 * tokenToExpertAssignment tool: one row per forward step, one count per
 * expert, and optionally the step's token count. The loaded set of gate
 * logs is the run's "expert_loads" dataset, whose columns are named here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The kind of gate-log runs and their dataset. */
#define AIPERF_KIND_EXPERT_LOAD          "expert_load"
#define AIPERF_EXPERT_LOADS              "expert_loads"
/* Columns of the dataset: one row per step of the set, in file order. */
#define AIPERF_EXPERT_LOADS_STEP         "step"        /* 0, 1, … over the whole set */
#define AIPERF_EXPERT_LOADS_FILE         "file"        /* string: the gate log, relative to the set */
#define AIPERF_EXPERT_LOADS_FILE_STEP    "file_step"   /* the step's index in its file */
#define AIPERF_EXPERT_LOADS_NUM_TOKENS   "num_tokens"  /* NaN when the file has none */
#define AIPERF_EXPERT_LOADS_EXPERT_FMT   "expert_%u"   /* expert_0 … expert_{E-1} */

typedef struct {
  guint   n_experts;   /* 0 until the first good row */
  guint   n_steps;     /* rows kept */
  GArray *loads;       /* double, n_steps × n_experts, row-major */
  GArray *file_steps;  /* guint: index in "expert_loads" of each kept row */
  GArray *num_tokens;  /* double, one per kept row, NaN where unknown */
} AiperfGateLog;

AiperfGateLog *aiperf_gate_log_new   (void);
void           aiperf_gate_log_free  (AiperfGateLog *log);

/* Parses @length bytes of @text, the contents of @path. With
 * @expected_experts > 0, rows must have that many experts (the other files
 * of the set had them). Rows that cannot be used (a different number of
 * experts, a value that is not a non-negative number) are skipped, each
 * with a message "path:line:column: …" appended to @problems; so are
 * "num_tokens" entries that are not numbers. Returns NULL with @error
 * (naming path, line and column) when nothing can be read: not JSON, not an
 * object, no "expert_loads" list, or no step in it. */
AiperfGateLog *aiperf_gate_log_parse (const char  *path,
                                      const char  *text,
                                      gsize        length,
                                      guint        expected_experts,
                                      GPtrArray   *problems,
                                      GError     **error);

/* Line and column (both from 1, column in bytes) of @at in @text. */
void           aiperf_gate_log_position (const char *text,
                                         const char *at,
                                         guint      *line,
                                         guint      *column);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfGateLog, aiperf_gate_log_free)

G_END_DECLS
