/* aiperf-trace-args.h — a trace event's args (or metadata) made fit to
 * show: one "key: value" per line, and nothing secret. Traces can carry
 * a host's environment with its credentials.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE for keys that name secrets (*TOKEN*, *KEY*, *SECRET*, *PASSWORD*,
 * *CREDENTIAL*, in any case): their values are never shown. */
gboolean aiperf_trace_args_key_is_secret (const char *key);
/* @json (an object's text) as lines "key: value", nested values compact,
 * secrets masked, environment blocks left out, long values cut; NULL
 * when @json is not an object. */
char    *aiperf_trace_args_format        (const char *json);

G_END_DECLS
