/* aiperf-error.c — the AIPERF_ERROR domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-error.h"

G_DEFINE_QUARK (aiperf-error-quark, aiperf_error)
