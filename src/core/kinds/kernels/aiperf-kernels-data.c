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
  into->n_rows += MAX (row->n_rows, 1u);
  into->avg = calls > 0 ? into->total / calls : NAN;
  into->std = calls > 0 ? sqrt (MAX (0.0, into->sum_sq / calls - into->avg * into->avg)) : NAN;
}

/* A kernels table's columns, looked up once per table. */
typedef struct {
  AiperfTable *table;
  int          calls, total, avg, med, min, max, std, category, collective;
} Columns;

static void
columns_init (Columns     *c,
              AiperfTable *table)
{
  c->table = table;
  c->calls = aiperf_table_find_column (table, AIPERF_KERNELS_CALLS);
  c->total = aiperf_table_find_column (table, AIPERF_KERNELS_TOTAL_NS);
  c->avg = aiperf_table_find_column (table, AIPERF_KERNELS_AVG_NS);
  c->med = aiperf_table_find_column (table, AIPERF_KERNELS_MED_NS);
  c->min = aiperf_table_find_column (table, AIPERF_KERNELS_MIN_NS);
  c->max = aiperf_table_find_column (table, AIPERF_KERNELS_MAX_NS);
  c->std = aiperf_table_find_column (table, AIPERF_KERNELS_STD_NS);
  c->category = aiperf_table_find_column (table, AIPERF_KERNELS_CATEGORY);
  c->collective = aiperf_table_find_column (table, AIPERF_KERNELS_COLLECTIVE);
}

static double
cell (const Columns *c,
      int            column,
      guint          row)
{
  return column >= 0 ? aiperf_table_get (c->table, (guint) column, row) : NAN;
}

/* The text of a string column; the table (kept by its run) owns it. */
static const char *
text (const Columns *c,
      int            column,
      guint          row)
{
  return column >= 0 ? aiperf_table_get_string (c->table, (guint) column, row) : NULL;
}

static AiperfKernelStat *
stat_from_row (const Columns *c,
               guint          row)
{
  AiperfKernelStat *stat = g_new0 (AiperfKernelStat, 1);

  stat->calls = cell (c, c->calls, row);
  stat->total = cell (c, c->total, row);
  stat->avg = cell (c, c->avg, row);
  stat->med = cell (c, c->med, row);
  stat->min = cell (c, c->min, row);
  stat->max = cell (c, c->max, row);
  stat->std = cell (c, c->std, row);
  if (isnan (stat->avg) && stat->calls > 0)
    stat->avg = stat->total / stat->calls;
  stat->sum_sq = stat->calls * (stat->std * stat->std + stat->avg * stat->avg);
  stat->med_weight = stat->total;
  stat->n_rows = 1;
  return stat;
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
  source->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  return source;
}

static void
source_free (AiperfKernelSource *source)
{
  g_free (source->label);
  g_hash_table_unref (source->by_name);
  g_ptr_array_unref (source->kernels);
  g_free (source);
}

/* Adds @row's kernel into @source (combining rows of one name). */
static void
source_add (AiperfKernelSource *source,
            const Columns      *columns,
            guint               row,
            const char         *name)
{
  AiperfKernelStat *stat = stat_from_row (columns, row);
  AiperfKernelStat *known = g_hash_table_lookup (source->by_name, name);

  if (known != NULL)
    {
      aiperf_kernel_stat_combine (known, stat);
      aiperf_kernel_stat_free (stat);
      return;
    }
  stat->name = g_strdup (name);
  stat->category = text (columns, columns->category, row);
  if (stat->category == NULL)
    stat->category = AIPERF_KERNEL_CATEGORY_OTHER;
  stat->collective = text (columns, columns->collective, row);
  g_hash_table_insert (source->by_name, stat->name, stat);
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
  g_autoptr(GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  int name_column = aiperf_table_find_column (table, AIPERF_KERNELS_NAME);
  int group_column = aiperf_table_find_column (table, AIPERF_KERNELS_GROUP);
  guint first_group = data->groups->len;
  Columns columns;

  columns_init (&columns, table);
  for (guint row = 0; name_column >= 0 && columns.total >= 0 && row < aiperf_table_get_n_rows (table); row++)
    {
      const char *name = text (&columns, name_column, row);
      const char *group = text (&columns, group_column, row);

      if (name == NULL || isnan (cell (&columns, columns.total, row)))
        continue;
      source_add (whole, &columns, row, name);
      if (group != NULL)
        {
          AiperfKernelSource *part = g_hash_table_lookup (groups, group);

          if (part == NULL)
            {
              g_autofree char *label = g_strdup_printf ("%s · %s", aiperf_run_get_name (run), group);

              part = source_new (label, run, run_index);
              part->group = group;
              g_hash_table_insert (groups, (gpointer) group, part);
              g_ptr_array_add (data->groups, part);
            }
          source_add (part, &columns, row, name);
        }
    }
  source_finish (whole);
  g_ptr_array_add (data->sources, whole);
  for (guint g = first_group; g < data->groups->len; g++)
    source_finish (g_ptr_array_index (data->groups, g));
}

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const AiperfKernelRank *x = a, *y = b;

  return x->value < y->value ? 1 : x->value > y->value ? -1 : strcmp (x->name, y->name);
}

/* @ranked's names, largest value first, at most @n (char*, not owned). */
GPtrArray *
aiperf_kernel_sorted_names (GArray *ranked,
              guint   n)
{
  GPtrArray *names = g_ptr_array_sized_new (MIN (n, ranked->len));

  g_array_sort (ranked, compare_ranked);
  for (guint i = 0; i < ranked->len && i < n; i++)
    g_ptr_array_add (names, (gpointer) g_array_index (ranked, AiperfKernelRank, i).name);
  return names;
}

/* The @n kernels with the most time over all @sources, largest first. */
static GPtrArray *
top_names (GPtrArray *sources,
           guint      n)
{
  g_autoptr(GHashTable) slots = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) ranked = g_array_new (FALSE, FALSE, sizeof (AiperfKernelRank));

  for (guint s = 0; s < sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (sources, s);

      for (guint k = 0; k < source->kernels->len; k++)
        {
          AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);
          double total = isnan (stat->total) ? 0 : stat->total;
          gpointer slot;

          /* One source: every name is new, no lookup needed. */
          if (s > 0 && g_hash_table_lookup_extended (slots, stat->name, NULL, &slot))
            g_array_index (ranked, AiperfKernelRank, GPOINTER_TO_UINT (slot)).value += total;
          else
            {
              AiperfKernelRank r = { stat->name, total };

              if (sources->len > 1)
                g_hash_table_insert (slots, stat->name, GUINT_TO_POINTER (ranked->len));
              g_array_append_val (ranked, r);
            }
        }
    }
  return aiperf_kernel_sorted_names (ranked, n);
}

GPtrArray *
aiperf_kernel_data_compared (AiperfKernelData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->sources->len == 1 && data->groups->len > 1 ? data->groups : data->sources;
}

GPtrArray *
aiperf_kernel_data_ranked_names (AiperfKernelData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->ranked;
}

/* Runs by the order they were opened (unknown last), else the set's order. */
static int
compare_open_order (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  guint i = *(const guint *) a, j = *(const guint *) b;
  guint oi = aiperf_run_get_open_order (aiperf_run_set_get_run (user_data, i));
  guint oj = aiperf_run_get_open_order (aiperf_run_set_get_run (user_data, j));

  oi = oi == 0 ? G_MAXUINT : oi;
  oj = oj == 0 ? G_MAXUINT : oj;
  if (oi != oj)
    return oi < oj ? -1 : 1;
  return i < j ? -1 : i > j ? 1 : 0;
}

static AiperfKernelData *
kernel_data_build (AiperfRunSet *runs)
{
  GArray *order;
  AiperfKernelData *data;
  AiperfKernelClasses *classes = aiperf_kernel_classes_get_default ();

  data = g_new0 (AiperfKernelData, 1);
  data->ref_count = 1;
  data->sources = g_ptr_array_new_with_free_func ((GDestroyNotify) source_free);
  data->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) source_free);
  data->categories = g_ptr_array_new ();
  for (guint i = 0; i < aiperf_kernel_classes_get_n_categories (classes); i++)
    g_ptr_array_add (data->categories, (gpointer) g_intern_string (aiperf_kernel_classes_get_category (classes, i)));
  /* The first summary opened is the baseline of every comparison, not the
   * one whose name sorts first. */
  order = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    g_array_append_val (order, i);
  g_array_sort_with_data (order, compare_open_order, runs);
  for (guint o = 0; o < order->len; o++)
    {
      guint i = g_array_index (order, guint, o);
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *table = aiperf_run_get_table (run, AIPERF_DATASET_KERNELS);

      if (table != NULL)
        add_run (data, run, (int) i, table);
    }
  g_array_unref (order);
  /* A single group is the run itself. */
  if (data->groups->len == data->sources->len)
    g_ptr_array_set_size (data->groups, 0);
  if (data->sources->len == 0)
    {
      aiperf_kernel_data_unref (data);
      return NULL;
    }
  data->ranked = top_names (aiperf_kernel_data_compared (data), G_MAXUINT);
  return data;
}

/* The charts of one view (an export, the window's tabs) ask for the same
 * runs' data one after the other: the last data built is kept, with
 * references on its runs so that no other run can take their place. */
static GMutex cache_lock;
static AiperfKernelData *cached;
static GPtrArray *cached_runs;

static GPtrArray *
runs_with_kernels (AiperfRunSet *runs)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    if (aiperf_run_get_table (aiperf_run_set_get_run (runs, i), AIPERF_DATASET_KERNELS) != NULL)
      g_ptr_array_add (found, g_object_ref (aiperf_run_set_get_run (runs, i)));
  return found;
}

static gboolean
same_runs (GPtrArray *a,
           GPtrArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_ptr_array_index (a, i) != g_ptr_array_index (b, i))
      return FALSE;
  return TRUE;
}

AiperfKernelData *
aiperf_kernel_data_new (AiperfRunSet *runs)
{
  g_autoptr(GPtrArray) found = NULL;
  AiperfKernelData *data;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  found = runs_with_kernels (runs);
  if (found->len == 0)
    return NULL;
  g_mutex_lock (&cache_lock);
  if (cached != NULL && same_runs (cached_runs, found))
    {
      data = aiperf_kernel_data_ref (cached);
      g_mutex_unlock (&cache_lock);
      return data;
    }
  g_mutex_unlock (&cache_lock);

  data = kernel_data_build (runs);
  if (data == NULL)
    return NULL;
  g_mutex_lock (&cache_lock);
  g_clear_pointer (&cached, aiperf_kernel_data_unref);
  g_clear_pointer (&cached_runs, g_ptr_array_unref);
  cached = aiperf_kernel_data_ref (data);
  cached_runs = g_steal_pointer (&found);
  g_mutex_unlock (&cache_lock);
  return data;
}

AiperfKernelData *
aiperf_kernel_data_ref (AiperfKernelData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_atomic_int_inc (&data->ref_count);
  return data;
}

void
aiperf_kernel_data_unref (AiperfKernelData *data)
{
  if (data == NULL || !g_atomic_int_dec_and_test (&data->ref_count))
    return;
  g_ptr_array_unref (data->sources);
  g_ptr_array_unref (data->groups);
  g_ptr_array_unref (data->categories);
  g_clear_pointer (&data->ranked, g_ptr_array_unref);
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
  return g_hash_table_lookup (source->by_name, name);
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
  /* "at::native::(anonymous namespace)::kernel" lost its middle. */
  for (char *gap; (gap = strstr (bare->str, "::::")) != NULL;)
    g_string_erase (bare, gap - bare->str, 2);
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
