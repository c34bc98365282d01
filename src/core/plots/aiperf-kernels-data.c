/* aiperf-kernels-data.c — the kernels datasets of a run set as kernel
 * statistics per run (and per group of a run), for charts and analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-kernel-classes.h"
#include "aiperf-kernels-private.h"

void
aiperf_kernel_stat_free (AiperfKernelStat *stat)
{
  if (stat == NULL)
    return;
  g_free (stat->name);
  g_free (stat);
}

static double
nan_sum (double a,
         double b)
{
  return isnan (a) ? b : isnan (b) ? a : a + b;
}

void
aiperf_kernel_stat_combine (AiperfKernelStat       *into,
                            const AiperfKernelStat *row)
{
  double calls;

  g_return_if_fail (into != NULL && row != NULL);

  calls = nan_sum (into->calls, row->calls);
  into->total = nan_sum (into->total, row->total);
  into->min = isnan (into->min) || row->min < into->min ? row->min : into->min;
  into->max = isnan (into->max) || row->max > into->max ? row->max : into->max;
  /* The median of merged rows is not known: the larger row's stands in. */
  if (isnan (into->med_weight) || row->total > into->med_weight)
    {
      into->med = row->med;
      into->med_weight = row->total;
    }
  into->sum_sq = into->sum_sq + row->sum_sq;   /* NaN when either row lacks σ */
  into->calls = calls;
  into->avg = calls > 0 ? into->total / calls : NAN;
  into->std = calls > 0 ? sqrt (MAX (0.0, into->sum_sq / calls - into->avg * into->avg)) : NAN;
}

static AiperfKernelStat *
stat_from_row (AiperfTable *table,
               guint        row)
{
  AiperfKernelStat *stat = g_new0 (AiperfKernelStat, 1);
  int c;

#define CELL(col) ((c = aiperf_table_find_column (table, col)) >= 0 ? aiperf_table_get (table, c, row) : NAN)
  stat->calls = CELL (AIPERF_KERNELS_CALLS);
  stat->total = CELL (AIPERF_KERNELS_TOTAL_NS);
  stat->avg = CELL (AIPERF_KERNELS_AVG_NS);
  stat->med = CELL (AIPERF_KERNELS_MED_NS);
  stat->min = CELL (AIPERF_KERNELS_MIN_NS);
  stat->max = CELL (AIPERF_KERNELS_MAX_NS);
  stat->std = CELL (AIPERF_KERNELS_STD_NS);
#undef CELL
  if (isnan (stat->avg) && stat->calls > 0)
    stat->avg = stat->total / stat->calls;
  stat->sum_sq = stat->calls * (stat->std * stat->std + stat->avg * stat->avg);
  stat->med_weight = stat->total;
  return stat;
}

static const char *
row_string (AiperfTable *table,
            const char  *column,
            guint        row)
{
  int c = aiperf_table_find_column (table, column);
  const char *text = c >= 0 ? aiperf_table_get_string (table, (guint) c, row) : NULL;

  return text != NULL ? g_intern_string (text) : NULL;
}

static int
compare_totals (gconstpointer a,
                gconstpointer b)
{
  const AiperfKernelStat *x = *(AiperfKernelStat * const *) a;
  const AiperfKernelStat *y = *(AiperfKernelStat * const *) b;

  if (x->total != y->total)
    return x->total < y->total ? 1 : -1;
  return strcmp (x->name, y->name);
}

static AiperfKernelSource *
source_new (const char *label,
            AiperfRun  *run,
            int         run_index)
{
  AiperfKernelSource *source = g_new0 (AiperfKernelSource, 1);

  source->label = g_strdup (label);
  source->run = run;
  source->run_index = run_index;
  source->kernels = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_kernel_stat_free);
  return source;
}

static void
source_free (AiperfKernelSource *source)
{
  g_free (source->label);
  g_ptr_array_unref (source->kernels);
  g_free (source);
}

/* Adds @row's kernel into @source (combining rows of one name). */
static void
source_add (AiperfKernelSource *source,
            GHashTable         *by_name,
            AiperfTable        *table,
            guint               row,
            const char         *name)
{
  AiperfKernelStat *stat = stat_from_row (table, row);
  AiperfKernelStat *known = g_hash_table_lookup (by_name, name);

  if (known != NULL)
    {
      aiperf_kernel_stat_combine (known, stat);
      aiperf_kernel_stat_free (stat);
      return;
    }
  stat->name = g_strdup (name);
  stat->category = row_string (table, AIPERF_KERNELS_CATEGORY, row);
  if (stat->category == NULL)
    stat->category = g_intern_static_string (AIPERF_KERNEL_CATEGORY_OTHER);
  stat->collective = row_string (table, AIPERF_KERNELS_COLLECTIVE, row);
  g_hash_table_insert (by_name, stat->name, stat);
  g_ptr_array_add (source->kernels, stat);
}

static void
source_finish (AiperfKernelSource *source)
{
  g_ptr_array_sort (source->kernels, compare_totals);
  source->total = 0;
  for (guint k = 0; k < source->kernels->len; k++)
    source->total = nan_sum (source->total, ((AiperfKernelStat *) g_ptr_array_index (source->kernels, k))->total);
}

/* One run's table: the run as a whole, and each of its groups. */
static void
add_run (AiperfKernelData *data,
         AiperfRun        *run,
         int               run_index,
         AiperfTable      *table)
{
  AiperfKernelSource *whole = source_new (aiperf_run_get_name (run), run, run_index);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) group_names = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                             (GDestroyNotify) g_hash_table_unref);
  int name_column = aiperf_table_find_column (table, AIPERF_KERNELS_NAME);
  int total_column = aiperf_table_find_column (table, AIPERF_KERNELS_TOTAL_NS);
  guint first_group = data->groups->len;

  for (guint row = 0; name_column >= 0 && total_column >= 0 && row < aiperf_table_get_n_rows (table); row++)
    {
      const char *name = aiperf_table_get_string (table, (guint) name_column, row);
      const char *group = row_string (table, AIPERF_KERNELS_GROUP, row);

      if (name == NULL || isnan (aiperf_table_get (table, (guint) total_column, row)))
        continue;
      source_add (whole, names, table, row, name);
      if (group != NULL)
        {
          AiperfKernelSource *part = g_hash_table_lookup (groups, group);

          if (part == NULL)
            {
              g_autofree char *label = g_strdup_printf ("%s · %s", aiperf_run_get_name (run), group);

              part = source_new (label, run, run_index);
              g_hash_table_insert (groups, (gpointer) group, part);
              g_hash_table_insert (group_names, (gpointer) group, g_hash_table_new (g_str_hash, g_str_equal));
              g_ptr_array_add (data->groups, part);
            }
          source_add (part, g_hash_table_lookup (group_names, group), table, row, name);
        }
    }
  source_finish (whole);
  g_ptr_array_add (data->sources, whole);
  for (guint g = first_group; g < data->groups->len; g++)
    source_finish (g_ptr_array_index (data->groups, g));
}

AiperfKernelData *
aiperf_kernel_data_new (AiperfRunSet *runs)
{
  AiperfKernelData *data;
  AiperfKernelClasses *classes = aiperf_kernel_classes_get_default ();

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  data = g_new0 (AiperfKernelData, 1);
  data->sources = g_ptr_array_new_with_free_func ((GDestroyNotify) source_free);
  data->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) source_free);
  data->categories = g_ptr_array_new ();
  for (guint i = 0; i < aiperf_kernel_classes_get_n_categories (classes); i++)
    g_ptr_array_add (data->categories, (gpointer) g_intern_string (aiperf_kernel_classes_get_category (classes, i)));
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *table = aiperf_run_get_table (run, AIPERF_DATASET_KERNELS);

      if (table != NULL)
        add_run (data, run, (int) i, table);
    }
  /* A single group is the run itself. */
  if (data->groups->len == data->sources->len)
    g_ptr_array_set_size (data->groups, 0);
  if (data->sources->len == 0)
    {
      aiperf_kernel_data_free (data);
      return NULL;
    }
  return data;
}

void
aiperf_kernel_data_free (AiperfKernelData *data)
{
  if (data == NULL)
    return;
  g_ptr_array_unref (data->sources);
  g_ptr_array_unref (data->groups);
  g_ptr_array_unref (data->categories);
  g_free (data);
}

double
aiperf_kernel_source_category_total (const AiperfKernelSource *source,
                                     const char               *category,
                                     double                   *out_calls)
{
  double total = 0, calls = 0;

  for (guint k = 0; k < source->kernels->len; k++)
    {
      const AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);

      if (g_str_equal (stat->category, category))
        {
          total = nan_sum (total, stat->total);
          calls = nan_sum (calls, stat->calls);
        }
    }
  if (out_calls != NULL)
    *out_calls = calls;
  return total;
}

AiperfKernelStat *
aiperf_kernel_source_find (const AiperfKernelSource *source,
                           const char               *name)
{
  for (guint k = 0; k < source->kernels->len; k++)
    if (g_str_equal (((AiperfKernelStat *) g_ptr_array_index (source->kernels, k))->name, name))
      return g_ptr_array_index (source->kernels, k);
  return NULL;
}

/* The end of the bracketed part starting at @p ('<' or '('), or NULL. */
static const char *
skip_brackets (const char *p)
{
  int depth = 0;

  for (; *p != '\0'; p++)
    {
      if (*p == '<' || *p == '(')
        depth++;
      else if ((*p == '>' || *p == ')') && --depth == 0)
        return p + 1;
    }
  return NULL;
}

char *
aiperf_kernel_short_name (const char *name,
                          guint       max_chars)
{
  g_autoptr(GString) bare = g_string_new (NULL);
  const char *p = name, *first_template = NULL, *first_template_end = NULL;
  const char *base;

  g_return_val_if_fail (name != NULL, NULL);

  if (g_str_has_prefix (p, "void "))
    p += 5;
  /* Drop every bracketed part: templates and the argument list. */
  while (*p != '\0')
    {
      if (*p == '<' || *p == '(')
        {
          const char *end = skip_brackets (p);

          if (end == NULL)
            break;
          if (*p == '<' && first_template == NULL)
            {
              first_template = p + 1;
              first_template_end = end - 1;
            }
          p = end;
          continue;
        }
      g_string_append_c (bare, *p++);
    }
  g_strstrip (bare->str);
  g_string_set_size (bare, strlen (bare->str));
  base = strrchr (bare->str, ':');
  base = base != NULL ? base + 1 : bare->str;
  /* cutlass::Kernel2<cutlass_80_tensorop_…>: the template says what it is. */
  if (first_template != NULL && (strlen (base) <= 8 || g_ascii_strncasecmp (base, "kernel", 6) == 0))
    {
      g_autofree char *inner = g_strndup (first_template, first_template_end - first_template);
      g_autofree char *inner_short = aiperf_kernel_short_name (inner, max_chars);

      g_string_append_printf (bare, "<%s>", inner_short);
    }
  if (bare->len == 0)
    g_string_assign (bare, name);
  if (g_utf8_strlen (bare->str, -1) > (glong) max_chars && max_chars > 1)
    {
      char *cut = g_utf8_offset_to_pointer (bare->str, max_chars - 1);

      g_string_truncate (bare, cut - bare->str);
      g_string_append (bare, "…");
    }
  return g_string_free (g_steal_pointer (&bare), FALSE);
}

const char *
aiperf_kernel_time_unit (double  ns,
                         double *out_scale)
{
  static const struct { double scale; const char *unit; } units[] = {
    { 1e9, "s" }, { 1e6, "ms" }, { 1e3, "µs" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (fabs (ns) >= units[i].scale)
      {
        *out_scale = units[i].scale;
        return units[i].unit;
      }
  *out_scale = 1.0;
  return "ns";
}
