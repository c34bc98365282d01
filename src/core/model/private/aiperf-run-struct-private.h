/* aiperf-run-struct-private.h — the instance struct of AiperfRun, shared by
 * the files that implement it (aiperf-run.c, -edit.c, -details.c, …).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run-builder.h"
#include "aiperf-run-snapshot-private.h"

G_BEGIN_DECLS

typedef struct {
  char        *unit;
  AiperfStats  stats;
} RunMetric;

struct _AiperfRun {
  GObject           parent_instance;

  char             *directory;
  char             *name;
  /* Identity (aiperf-run-identity.c): where the run came from. */
  char             *locator;        /* the folder, or "file#key" */
  char             *source;         /* format id: "aiperf", "vllm", … */
  char             *tool;           /* "AIPerf", "vLLM", … */
  char             *kind;           /* "serving", "cutile", … */
  char             *load_parameter; /* "concurrency", "request_rate", … */
  guint             n_repeats;      /* result files averaged into this run */
  guint             open_order;     /* 1, 2, … in the order runs were opened; 0 unknown */
  GHashTable       *spreads;        /* tag → AiperfStats: std over repeats */
  char             *model;
  double            concurrency;
  double            request_rate;
  char             *endpoint_type;
  gboolean          streaming;
  char             *start_time;
  char             *end_time;
  char             *aiperf_version;
  char             *schema_version;
  char             *variation_label;
  guint             artifacts;

  GHashTable       *parameters;   /* key → value */
  GHashTable       *metrics;      /* canonical tag → RunMetric* */
  gint64            request_count;
  gint64            error_count;
  GPtrArray        *errors;       /* AiperfErrorEntry* */

  /* Datasets, GPUs and notes (aiperf-run-snapshot-private.h): replaced
   * whole when details are installed. @lock guards the pointer and
   * @details_loaded, and is held only to read or swap them. */
  GMutex            lock;
  AiperfRunSnapshot *snapshot;
  gboolean          details_loaded;

  /* One details load at a time (aiperf-run-details.c): held for a whole
   * load, never by a reader. */
  GMutex            load_lock;
  AiperfDetailsLoader details_loader; /* NULL: the run has no details */
};

void aiperf_run_init_identity  (AiperfRun *self);
void aiperf_run_clear_identity (AiperfRun *self);

G_END_DECLS
