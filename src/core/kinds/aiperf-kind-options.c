/* aiperf-kind-options.c — the kinds' analysis options as command-line
 * entries, so that a surface lists and parses them without naming a kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-kinds.h"

/* Every kind's option named @long_name ("--gpu" without its dashes). */
static const AiperfKindOption *
find_option (const char *long_name)
{
  for (guint k = 0; aiperf_kinds_get (k) != NULL; k++)
    {
      const AiperfKindOption *options = aiperf_kinds_get (k)->options;

      for (guint i = 0; options != NULL && options[i].name != NULL; i++)
        if (g_str_equal (options[i].name, long_name))
          return &options[i];
    }
  return NULL;
}

char *
aiperf_kind_option_key (const AiperfKindOption *option)
{
  g_return_val_if_fail (option != NULL && option->name != NULL, NULL);

  return g_strdelimit (g_strdup (option->name), "-", '_');
}

static gboolean
parse_option (const char  *option_name,
              const char  *value,
              gpointer     data,
              GError     **error)
{
  GHashTable *values = data;
  const char *long_name = option_name;
  const AiperfKindOption *option;
  g_autofree char *key = NULL;
  const char *before;

  while (*long_name == '-')
    long_name++;
  option = find_option (long_name);
  g_assert (option != NULL);
  if (option->check != NULL && !option->check (value, error))
    return FALSE;
  key = aiperf_kind_option_key (option);
  before = g_hash_table_lookup (values, key);
  if (option->arg == G_OPTION_ARG_STRING_ARRAY && before != NULL)
    g_hash_table_insert (values, g_steal_pointer (&key), g_strconcat (before, "\n", value, NULL));
  else
    g_hash_table_insert (values, g_steal_pointer (&key), g_strdup (value));
  return TRUE;
}

GOptionEntry *
aiperf_kinds_option_entries (void)
{
  g_autoptr(GArray) entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));

  for (guint k = 0; aiperf_kinds_get (k) != NULL; k++)
    {
      const AiperfKindOption *options = aiperf_kinds_get (k)->options;

      for (guint i = 0; options != NULL && options[i].name != NULL; i++)
        {
          GOptionEntry entry = {
            .long_name = options[i].name,
            .flags = options[i].arg == G_OPTION_ARG_FILENAME ? G_OPTION_FLAG_FILENAME : 0,
            .arg = G_OPTION_ARG_CALLBACK,
            .arg_data = (gpointer) parse_option,
            .description = options[i].description,
            .arg_description = options[i].arg_description,
          };

          g_array_append_val (entries, entry);
        }
    }
  return (GOptionEntry *) g_array_free (g_steal_pointer (&entries), FALSE);
}
