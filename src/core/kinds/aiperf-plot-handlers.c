/* aiperf-plot-handlers.c — every kind's plot handlers, in the order of
 * the kinds (aiperf-kinds-list.h), found by their type names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "aiperf-kind-descriptors.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-plot-names.h"

const AiperfPlotControls aiperf_plot_controls_type_only = { AIPERF_PLOT_CONTROL_TYPE, { { 0 } } };
const AiperfPlotControls aiperf_plot_controls_type_log_y = {
  AIPERF_PLOT_CONTROL_TYPE | AIPERF_PLOT_CONTROL_LOG_Y, { { 0 } } };
const AiperfPlotControls aiperf_plot_controls_none = { 0, { { 0 } } };

typedef struct {
  const AiperfPlotHandler **handlers;
  guint                     n;
} HandlerTable;

/* Every kind's handlers, one after the other in the kinds' order. */
static const HandlerTable *
handler_table (void)
{
  static HandlerTable table;
  static gsize ready = 0;

  if (g_once_init_enter (&ready))
    {
      GPtrArray *all = g_ptr_array_new ();
      const AiperfKind *kind;

      for (guint k = 0; (kind = aiperf_kinds_get (k)) != NULL; k++)
        for (guint i = 0; i < kind->n_handlers; i++)
          g_ptr_array_add (all, (gpointer) &kind->handlers[i]);
      table.n = all->len;
      table.handlers = (const AiperfPlotHandler **) g_ptr_array_free (all, FALSE);
      g_once_init_leave (&ready, 1);
    }
  return &table;
}

guint
aiperf_plot_handlers_count (void)
{
  return handler_table ()->n;
}

const AiperfPlotHandler *
aiperf_plot_handler_nth (guint i)
{
  const HandlerTable *table = handler_table ();

  return i < table->n ? table->handlers[i] : NULL;
}

const AiperfPlotHandler *
aiperf_plot_handler_find (const char *type)
{
  const HandlerTable *table = handler_table ();

  g_return_val_if_fail (type != NULL, NULL);

  for (guint i = 0; i < table->n; i++)
    if (g_str_equal (type, table->handlers[i]->type))
      return table->handlers[i];
  return NULL;
}

gboolean
aiperf_plot_spec_applies (const AiperfPlotSpec *spec,
                          AiperfRunSet         *runs)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  return spec->handler->applies == NULL || spec->handler->applies (spec, runs);
}

gboolean
aiperf_plot_handlers_alike (const AiperfPlotHandler *a,
                            const AiperfPlotHandler *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->scope == b->scope && g_strcmp0 (a->kind, b->kind) == 0;
}

char *
aiperf_plot_handlers_describe (void)
{
  GString *text = g_string_new (NULL);

  const HandlerTable *table = handler_table ();

  for (guint i = 0; i < table->n; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == table->n ? _(" or ") : ", ");
      g_string_append (text, table->handlers[i]->type);
    }
  return g_string_free (text, FALSE);
}

static void
trace_style_init (AiperfTraceStyle *style)
{
  memset (style, 0, sizeof *style);
  style->lines = TRUE;
  style->line_shape = AIPERF_LINE_SHAPE_LINEAR;
  style->line_width = 2;
  style->marker_size = 8;
  style->marker_opacity = 1.0;
  style->fill_opacity = 0.3;
}

AiperfPlotSpec *
aiperf_plot_spec_new (const char              *name,
                      const AiperfPlotHandler *handler)
{
  AiperfPlotSpec *spec;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (handler != NULL, NULL);

  spec = g_new0 (AiperfPlotSpec, 1);
  spec->name = g_strdup (name);
  spec->kind = g_strdup (handler->kind);
  spec->handler = handler;
  spec->multi_run = handler->scope == AIPERF_PLOT_SCOPE_MULTI_RUN;
  spec->ci_level = 0.95;
  trace_style_init (&spec->primary_style);
  trace_style_init (&spec->secondary_style);
  spec->extra = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return spec;
}

char *
aiperf_plot_spec_title (const AiperfPlotSpec *spec)
{
  char *title;

  g_return_val_if_fail (spec != NULL, NULL);

  title = aiperf_plot_spec_axes_title (spec);
  if (title != NULL)
    return title;
  return g_strdup (spec->handler->label);
}
