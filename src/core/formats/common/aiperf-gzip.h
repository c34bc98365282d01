/* aiperf-gzip.h — files the tools' users gzip (traces, vLLM results) read
 * as the text they hold.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether @data starts like a gzip stream (1f 8b). */
gboolean  aiperf_gzip_is           (const char *data,
                                    gsize       length);
/* The text of the start of a gzip stream (@head, @length bytes of it), as
 * far as it inflates into @max bytes; NUL-terminated, "" when nothing
 * inflates. For sniffing. */
char     *aiperf_gzip_inflate_head (const char *head,
                                    gsize       length,
                                    gsize       max);
/* The whole text of the gzip stream @data (the file @path, for messages);
 * NULL with the byte of the damage in @error when the stream is corrupt or
 * cut short. NUL-terminated; its length in @out_length. */
char     *aiperf_gzip_inflate      (const char *data,
                                    gsize       length,
                                    const char *path,
                                    gsize      *out_length,
                                    GError    **error);

G_END_DECLS
