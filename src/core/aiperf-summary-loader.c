/* aiperf-summary-loader.c — (in progress)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
