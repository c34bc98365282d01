/* aiperf-renderer.c — (in progress)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
