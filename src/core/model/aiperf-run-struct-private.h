/* aiperf-run-struct-private.h — the instance struct of AiperfRun, shared by
 * the files that implement it (aiperf-run.c, -edit.c, -details.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run.h"

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
  GPtrArray        *gpus;         /* AiperfGpu* */

  /* Named datasets (aiperf-run-datasets.c): name → boxed value. */
  GRWLock           datasets_lock;
  GHashTable       *datasets;

  /* Warnings can be added by a details load on a worker thread. */
  GMutex            notes_lock;
  GPtrArray        *warnings;
  guint             n_bad_lines;

  /* Arrays replaced while someone may hold them (gpus, warnings): freed
   * with the run. */
  GPtrArray        *retired;

  /* Serialises aiperf_run_load_details() (aiperf-run-details.c). */
  GMutex            details_lock;
  gboolean          details_loaded;  /* atomic */
  AiperfDetailsLoader details_loader; /* NULL: the run has no details */
};

void aiperf_run_init_identity  (AiperfRun *self);
void aiperf_run_clear_identity (AiperfRun *self);
void aiperf_run_init_datasets  (AiperfRun *self);
void aiperf_run_clear_datasets (AiperfRun *self);
/* The boxed type of dataset @name, or G_TYPE_INVALID. */
GType aiperf_run_get_dataset_type (AiperfRun *self, const char *name);

G_END_DECLS
