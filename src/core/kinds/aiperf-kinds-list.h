/* aiperf-kinds-list.h — every kind, one line each: AIPERF_KIND_ENTRY (name)
 * names the descriptor aiperf_kind_<name> that the kind's folder defines
 * (kinds/<name>/aiperf-<name>-kind.c). Adding a kind is its folder and one
 * line here. The order is the order of the kinds' handlers in lists
 * (aiperf_plot_handler_nth) and of their sections in presets.
 *
 * Include it with AIPERF_KIND_ENTRY defined; it undefines it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
AIPERF_KIND_ENTRY (serving)
AIPERF_KIND_ENTRY (cutile)
AIPERF_KIND_ENTRY (gemm)
AIPERF_KIND_ENTRY (kernels)
AIPERF_KIND_ENTRY (trace)
AIPERF_KIND_ENTRY (expert_load)
#undef AIPERF_KIND_ENTRY
