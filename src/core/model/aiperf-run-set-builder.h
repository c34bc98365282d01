/* aiperf-run-set-builder.h — what the loader of an AiperfRunSet uses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* Takes ownership of @error. */
void aiperf_run_set_take_load_error (AiperfRunSet *self,
                                     GError       *error);
void aiperf_run_set_add_warning     (AiperfRunSet *self,
                                     const char   *text);

G_END_DECLS
