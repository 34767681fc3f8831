/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ranges"

#include "config.h"

#include <math.h>

#include "muster-army.h"
#include "muster-engine-error.h"
#include "muster-ranges.h"
#include "muster-stats.h"
#include "muster-system.h"
#include "muster-unit.h"
#include "muster-xml.h"

/*
 * A <range> applies to a unit with one of its options (or of its types); its distance is fixed
 * (max="24", max="unlimited") or read from one of the unit's stats after options (stat="range"),
 * which may also be a band: bands="5" makes the maximum five bands with a ring at each. Rings at
 * fixed distances (rings="8 16": short and long range) are drawn inside the maximum only.
 */

typedef struct
{
  char    *id;
  char    *name;
  char   **options;     /* nullable: any */
  char   **types;       /* nullable: any */
  char    *stat;        /* nullable: @max is fixed */
  gboolean unlimited;
  double   max;
  double   min;
  guint    bands;
  double   rings[MUSTER_RANGE_MAX_RINGS];
  guint    n_rings;
} Rule;

struct _MusterRangeRules
{
  GPtrArray *rules;        /* Rule */
  char      *units;        /* in, cm, yd */
  double     mm_per_unit;
  char      *note;
};

static void
rule_free (gpointer data)
{
  Rule *rule = data;

  g_free (rule->id);
  g_free (rule->name);
  g_strfreev (rule->options);
  g_strfreev (rule->types);
  g_free (rule->stat);
  g_free (rule);
}

void
muster_range_rules_free (MusterRangeRules *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->rules);
  g_free (self->units);
  g_free (self->note);
  g_free (self);
}

static gboolean
fail (GError     **error,
      const char  *file,
      xmlNode     *node,
      const char  *message,
      const char  *value)
{
  return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, file, node, "%s: “%s”",
                          message, value ? value : "");
}

/* A positive distance, or "unlimited" when @unlimited is not NULL. */
static gboolean
parse_distance (xmlNode     *node,
                const char  *text,
                double      *value,
                gboolean    *unlimited,
                const char  *file,
                GError     **error)
{
  char *end = NULL;

  if (unlimited != NULL && g_strcmp0 (text, "unlimited") == 0)
    {
      *unlimited = TRUE;
      return TRUE;
    }
  *value = text ? g_ascii_strtod (text, &end) : NAN;
  if (end == text || (end && *end != '\0') || !isfinite (*value) || *value <= 0)
    return fail (error, file, node, "a range distance must be a positive number", text);
  return TRUE;
}

static Rule *
read_rule (xmlNode     *node,
           const char  *file,
           GError     **error)
{
  g_autoptr(GPtrArray) owner = g_ptr_array_new_with_free_func (rule_free);
  Rule *rule = g_new0 (Rule, 1);
  g_autofree char *max = muster_xml_get_prop (node, "max");
  g_autofree char *min = muster_xml_get_prop (node, "min");
  g_autofree char *rings = muster_xml_get_prop (node, "rings");
  g_autofree char *options = muster_xml_get_prop (node, "option");
  g_autofree char *types = muster_xml_get_prop (node, "type");
  gint64 bands = 0;

  g_ptr_array_add (owner, rule);
  rule->id = muster_xml_get_prop (node, "id");
  rule->name = muster_xml_get_prop (node, "name");
  rule->stat = muster_xml_get_prop (node, "stat");
  if (rule->id == NULL || rule->name == NULL)
    {
      fail (error, file, node, "a range needs an id and a name", rule->id);
      return NULL;
    }
  if ((max == NULL) == (rule->stat == NULL))
    {
      fail (error, file, node, "a range has either max or stat", rule->id);
      return NULL;
    }
  if (max != NULL && !parse_distance (node, max, &rule->max, &rule->unlimited, file, error))
    return NULL;
  if (min != NULL && !parse_distance (node, min, &rule->min, NULL, file, error))
    return NULL;
  if (!muster_xml_get_int (node, "bands", 0, MUSTER_RANGE_MAX_RINGS, &bands, file, error))
    return NULL;
  rule->bands = bands;
  if (rings != NULL)
    {
      g_auto(GStrv) words = g_strsplit_set (g_strstrip (rings), " \t\n", -1);

      for (guint i = 0; words[i]; i++)
        {
          if (*words[i] == '\0')
            continue;
          if (rule->n_rings == MUSTER_RANGE_MAX_RINGS)
            {
              fail (error, file, node, "too many rings", rings);
              return NULL;
            }
          if (!parse_distance (node, words[i], &rule->rings[rule->n_rings++], NULL, file, error))
            return NULL;
        }
    }
  rule->options = options ? g_strsplit_set (g_strstrip (options), " \t\n", -1) : NULL;
  rule->types = types ? g_strsplit_set (g_strstrip (types), " \t\n", -1) : NULL;
  g_ptr_array_steal_index (owner, 0);
  return rule;
}

/**
 * muster_range_rules_new_from_xml:
 * @ruleset_root: the <ruleset> element
 * @display_name: the file, for errors
 * @error: return location for a #GError naming file and line
 *
 * Returns: (transfer full) (nullable): the ranges (none when the ruleset has no <ranges>)
 */
MusterRangeRules *
muster_range_rules_new_from_xml (gpointer     ruleset_root,
                                 const char  *display_name,
                                 GError     **error)
{
  g_autoptr(MusterRangeRules) self = g_new0 (MusterRangeRules, 1);
  xmlNode *block = muster_xml_first_child (ruleset_root, "ranges");
  xmlNode *note;

  self->rules = g_ptr_array_new_with_free_func (rule_free);
  self->units = g_strdup ("in");
  self->mm_per_unit = 25.4;
  if (block == NULL)
    return g_steal_pointer (&self);

  g_free (self->units);
  self->units = muster_xml_get_prop (block, "units");
  if (g_strcmp0 (self->units, "cm") == 0)
    self->mm_per_unit = 10;
  else if (g_strcmp0 (self->units, "yd") == 0)
    {
      /* yards on the ground: the table needs a ground scale */
      g_autofree char *scale = muster_xml_get_prop (block, "yards-per-inch");
      double yards;

      if (!parse_distance (block, scale, &yards, NULL, display_name, error))
        return NULL;
      self->mm_per_unit = 25.4 / yards;
    }
  else if (self->units == NULL || g_str_equal (self->units, "in"))
    {
      g_free (self->units);
      self->units = g_strdup ("in");
    }
  else
    {
      fail (error, display_name, block, "ranges are measured in in, cm or yd, not", self->units);
      return NULL;
    }
  if ((note = muster_xml_first_child (block, "note")) != NULL)
    self->note = muster_xml_get_text (note);

  for (xmlNode *node = block->children; node != NULL; node = node->next)
    {
      Rule *rule;

      if (!muster_xml_is_element (node, "range"))
        continue;
      if (!(rule = read_rule (node, display_name, error)))
        return NULL;
      g_ptr_array_add (self->rules, rule);
    }
  return g_steal_pointer (&self);
}

guint
muster_range_rules_get_n_rules (const MusterRangeRules *self)
{
  return self ? self->rules->len : 0;
}

/* Returns: (nullable): what the ruleset says about its ranges, in plain words */
const char *
muster_range_rules_get_note (const MusterRangeRules *self)
{
  return self ? self->note : NULL;
}

/* Returns: what the ruleset measures in: "in" (also without ranges), "cm" or "yd" */
const char *
muster_range_rules_get_units (const MusterRangeRules *self)
{
  return self ? self->units : "in";
}

/* Returns: table millimetres in one of muster_range_rules_get_units() (for yards, on the
 * ground scale the ruleset gives) */
double
muster_range_rules_get_mm_per_unit (const MusterRangeRules *self)
{
  return self ? self->mm_per_unit : 25.4;
}

static gboolean
applies (const Rule       *rule,
         const MusterUnit *unit)
{
  gboolean any = TRUE;

  if (rule->types != NULL)
    any = g_strv_contains ((const char * const *) rule->types, muster_unit_get_type_id (unit));
  if (rule->options != NULL)
    {
      gboolean has = FALSE;

      for (guint i = 0; rule->options[i] && !has; i++)
        has = *rule->options[i] && muster_unit_get_option_count (unit, rule->options[i]) > 0;
      /* option and type together: a type that has the option */
      any = (rule->types == NULL || any) && has;
    }
  return any;
}

/**
 * muster_range_rules_for_unit:
 * @self: (nullable): the ruleset's ranges
 * @ruleset: the unit's ruleset, for its stats after options
 * @unit: a unit of a force
 *
 * Returns: (transfer full) (element-type MusterRange): the unit's ranges in table mm, in the
 *   order the ruleset lists them; a range read from a stat the unit lacks (or has at 0) is
 *   left out, one whose stat reads "unlimited" is unlimited. The strings belong to @self.
 */
GArray *
muster_range_rules_for_unit (const MusterRangeRules *self,
                             const MusterRuleset    *ruleset,
                             const MusterUnit       *unit)
{
  GArray *ranges = g_array_new (FALSE, TRUE, sizeof (MusterRange));
  g_autoptr(MusterStats) stats = NULL;

  for (guint i = 0; self != NULL && i < self->rules->len; i++)
    {
      const Rule *rule = self->rules->pdata[i];
      MusterRange range = { rule->id, rule->name, rule->unlimited, 0, 0, { 0 }, 0, 0, self->units };
      double value = rule->max;

      if (!applies (rule, unit))
        continue;
      if (rule->stat != NULL)
        {
          if (stats == NULL)
            stats = muster_system_derived_stats (ruleset, muster_unit_get_force (unit),
                                                 unit);
          if (!muster_stats_get_number (stats, rule->stat, &value))
            {
              const char *text = muster_stats_get_text (stats, rule->stat);

              if (g_strcmp0 (text, "unlimited") != 0)
                continue;
              range.unlimited = TRUE;
            }
          else if (!(value > 0))
            continue;
        }
      range.min = rule->min * self->mm_per_unit;
      if (!range.unlimited)
        {
          /* a stat read as a band: the maximum is that many bands, each one ringed */
          double max = rule->bands > 0 ? value * rule->bands : value;

          range.ruleset_max = max;
          range.max = max * self->mm_per_unit;
          for (guint b = 1; b < rule->bands; b++)
            range.rings[range.n_rings++] = value * b * self->mm_per_unit;
          for (guint r = 0; r < rule->n_rings && range.n_rings < MUSTER_RANGE_MAX_RINGS; r++)
            if (rule->rings[r] < max)
              range.rings[range.n_rings++] = rule->rings[r] * self->mm_per_unit;
        }
      g_array_append_val (ranges, range);
    }
  return ranges;
}
