/* fuzz-common.h — what every libFuzzer target of tests/fuzz shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

#include "aiperf-run.h"
#include "aiperf-timeslices.h"

G_BEGIN_DECLS

/* The libFuzzer entry points. fuzz-common.c defines the first: it installs
 * the log handlers and makes the scratch folder; each target defines the
 * second. */
int   LLVMFuzzerInitialize   (int *argc, char ***argv);
int   LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The scratch folder of this process (under $TMPDIR), removed at exit. */
const char *aiperf_fuzz_dir        (void);
/* Writes @data to @name in the scratch folder (replacing it) and returns its
 * path, owned by the helper: most loaders read files, not memory. */
const char *aiperf_fuzz_write_file (const char    *name,
                                    const uint8_t *data,
                                    size_t         size);

/* Checks what a loader left in @run (and @timeslices, nullable): every
 * string is valid UTF-8, as GTK and Pango require of everything the plots
 * show. Aborts, naming the string, when one is not. */
void        aiperf_fuzz_check_run  (AiperfRun        *run);
void        aiperf_fuzz_check_timeslices (AiperfTimeslices *timeslices);
/* Aborts unless @text (nullable) is valid UTF-8; @what names it. */
void        aiperf_fuzz_check_text (const char    *what,
                                    const char    *text);

G_END_DECLS
