/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-cost.h"
#include "muster-system.h"
#include "muster-validate-private.h"

/*
 * What the validator checks, one counter, unit or force at a time, and how a finding says it:
 * the constraint's message with its placeholders filled in, and where (ids and names). Which
 * units a constraint is about is worked out in muster-validate-match.c.
 *
 * The validator's own messages are templates like the rulesets' (marked N_(), translated by
 * muster_format_message() as it fills them in), so a translation keeps the placeholders and
 * the names filled in stay the list's and the book's.
 */

#define RULE_UNIT_SIZE "unit-size"
#define RULE_UNIT_COST "unit-cost"
#define RULE_UNIT_OPTIONS "unit-options"
#define RULE_SETTINGS "settings"

/* Locations */

static const char *
unit_name (const MusterRuleset *ruleset,
           const MusterUnit    *unit)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));

  if (muster_unit_get_name (unit) != NULL)
    return muster_unit_get_name (unit);
  if (type != NULL)
    return type->item.name;
  return muster_unit_get_type_id (unit);
}

static const char *
node_name (const MusterRuleset *ruleset,
           const MusterNode    *node)
{
  const MusterItem *level;

  if (muster_node_get_name (node) != NULL)
    return muster_node_get_name (node);
  if (muster_node_get_level (node) != NULL &&
      (level = muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL,
                                      muster_node_get_level (node))) != NULL)
    return level->name;
  if (muster_node_get_id (node) != NULL)
    return muster_node_get_id (node);
  return "?";
}

static const char *
doc_name (MusterDoc *doc)
{
  const char *title = muster_doc_get_title (doc);

  return title != NULL && *title != '\0' ? title : _("Document");
}

/* A path of more levels than this is gathered on the heap. */
#define LOCATE_DEPTH 32

/* Fills @issue's force, node, path and location from the node (or unit) it is about. Only
 * those strings are allocated: findings come by the hundred, and under the fuzzers' checked
 * allocator each allocation counts. */
static void
locate (MusterValidator *self,
        MusterIssue     *issue,
        MusterNode      *node,
        MusterUnit      *unit)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  const char *stack[2 * (LOCATE_DEPTH + 1)];
  g_autofree const char **heap = NULL;
  const char **ids, **names;
  guint depth = unit != NULL ? 1 : 0, k;

  if (unit != NULL)
    node = muster_unit_get_node (unit);
  else if (node != NULL && muster_node_get_parent (node) != NULL)
    {
      g_free (issue->node);
      issue->node = g_strdup (muster_node_get_id (node));
    }
  for (const MusterNode *n = node; n != NULL; n = muster_node_get_parent (n))
    depth++;
  if (depth == 0)
    {
      g_free (issue->location);
      issue->location = g_strdup (doc_name (muster_validator_get_doc (self)));
      return;
    }

  /* From the force's root down: filled from the end, as the walk goes up. */
  ids = depth <= LOCATE_DEPTH ? stack : (heap = g_new (const char *, 2 * (depth + 1)));
  names = ids + depth + 1;
  ids[depth] = names[depth] = NULL;
  k = depth;
  if (unit != NULL)
    {
      k--;
      ids[k] = muster_unit_get_id (unit) ? muster_unit_get_id (unit) : "?";
      names[k] = unit_name (ruleset, unit);
    }
  for (; node != NULL; node = muster_node_get_parent (node))
    {
      k--;
      ids[k] = muster_node_get_id (node) ? muster_node_get_id (node) : "?";
      names[k] = node_name (ruleset, node);
      if (muster_node_get_parent (node) == NULL)
        {
          g_free (issue->force);
          issue->force = g_strdup (muster_node_get_id (node));
        }
    }
  g_free (issue->path);
  g_free (issue->location);
  issue->path = g_strjoinv ("/", (char **) ids);
  issue->location = g_strjoinv (" › ", (char **) names);
}

const char *
_muster_validator_unit_name (MusterValidator  *self,
                             const MusterUnit *unit)
{
  return unit_name (_muster_validator_get_ruleset (self), unit);
}

void
_muster_validator_locate (MusterValidator *self,
                          MusterIssue     *issue,
                          MusterUnit      *unit)
{
  locate (self, issue, NULL, unit);
}

/* Messages */

/* @value into @buffer, as a whole number when it is one. Returns: @buffer */
static const char *
print_number (char   buffer[G_ASCII_DTOSTR_BUF_SIZE],
              double value)
{
  if (value == floor (value) && fabs (value) < 1e15)
    g_snprintf (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%" G_GINT64_FORMAT, (gint64) value);
  else
    g_snprintf (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.4g", value);
  return buffer;
}

static char *
format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (print_number (buffer, value));
}

/* A finding's placeholders, on the stack (a finding has at most ten): like locate(), so that
 * making one allocates little besides the finding itself. */
#define PLACEHOLDERS_MAX 16

typedef struct
{
  const char *pairs[2 * PLACEHOLDERS_MAX + 1];   /* name, value, …, NULL */
  guint       n_pairs;
  char        numbers[PLACEHOLDERS_MAX][G_ASCII_DTOSTR_BUF_SIZE];
  guint       n_numbers;
} Placeholders;

static void
put (Placeholders *p,
     const char   *name,
     const char   *value)
{
  if (value == NULL)
    return;
  g_assert (p->n_pairs < 2 * PLACEHOLDERS_MAX);
  p->pairs[p->n_pairs++] = name;
  p->pairs[p->n_pairs++] = value;
}

static void
put_number (Placeholders *p,
            const char   *name,
            double        value)
{
  g_assert (p->n_numbers < PLACEHOLDERS_MAX);
  put (p, name, print_number (p->numbers[p->n_numbers++], value));
}

static MusterIssue *
make_issue (const MusterConstraint *c,
            const char             *rule,
            MusterSeverity          severity,
            Placeholders           *p)
{
  g_autofree char *message = NULL;

  put (p, "constraint", c ? c->item.name : rule);
  p->pairs[p->n_pairs] = NULL;
  message = muster_format_message (c && c->message ? c->message : "{constraint}", p->pairs);
  return muster_issue_new (severity, c ? c->item.id : rule, NULL, NULL, message);
}

static void
placeholders_init (Placeholders *p)
{
  p->n_pairs = 0;
  p->n_numbers = 0;
}

static gint64
doc_sum (MusterDoc *doc,
         gboolean   limits)
{
  gint64 sum = 0;

  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      MusterForce *force = muster_doc_get_force (doc, i);

      sum += limits ? muster_force_get_points_limit (force) : muster_force_get_total (force);
    }
  return sum;
}

static MusterScaling
scaling_of (const MusterRuleset    *ruleset,
            const MusterConstraint *c,
            const MusterForce      *force)
{
  const char *choice;

  if (c->scaling_variant == NULL)
    return c->scaling;
  choice = muster_ruleset_variant_value (ruleset, c->scaling_variant,
                                         force ? muster_force_get_settings (force) : NULL);
  if (g_strcmp0 (choice, "floor") == 0)
    return MUSTER_SCALING_FLOOR;
  if (g_strcmp0 (choice, "pro-rata") == 0)
    return MUSTER_SCALING_PRO_RATA;
  if (g_strcmp0 (choice, "ceil") == 0)
    return MUSTER_SCALING_CEIL;
  return c->scaling;
}

typedef struct
{
  double min, max;
} Bounds;

/* Whether @value lies in the bounds (scaled by the limit). */
static gboolean
within (const MusterConstraint *c,
        double                  value,
        double                  denom,
        gint64                  limit,
        MusterScaling           scaling,
        Bounds                 *bounds)
{
  gboolean ok = TRUE;

  /* put_bounds() reads only the bounds the constraint has; gcc -O2 cannot see that. */
  bounds->min = bounds->max = 0;
  if (c->has_min)
    {
      bounds->min = muster_constraint_scale (c, c->min, limit, scaling);
      ok &= c->percent ? value * 100 >= bounds->min * denom : value >= bounds->min;
    }
  if (c->has_max)
    {
      bounds->max = muster_constraint_scale (c, c->max, limit, scaling);
      ok &= c->percent ? value * 100 <= bounds->max * denom : value <= bounds->max;
    }
  return ok;
}

/* {min}, {max}, {count} and {percent} of a count out of its bounds. */
static void
put_bounds (Placeholders           *p,
            const MusterConstraint *c,
            const Bounds           *bounds,
            double                  value,
            double                  denom)
{
  if (c->has_min)
    put_number (p, "min", bounds->min);
  if (c->has_max)
    put_number (p, "max", bounds->max);
  if (c->percent)
    put_number (p, "percent", denom > 0 ? floor (value * 100 / denom + 0.5) : 0);
  put_number (p, "count", value);
}

/**
 * _muster_validator_check_counter:
 * @scope: (nullable): the force's root or a level's node; %NULL for the document
 *
 * Returns: (transfer full) (nullable): the finding, if the count is out of bounds
 */
MusterIssue *
_muster_validator_check_counter (MusterValidator        *self,
                                 const MusterConstraint *c,
                                 MusterNode             *scope,
                                 gint64                  value,
                                 gint64                  denom)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  MusterDoc *doc = muster_validator_get_doc (self);
  MusterForce *force = scope ? muster_node_get_force (scope) : NULL;
  gint64 limit = force ? muster_force_get_points_limit (force) : doc_sum (doc, TRUE);
  gint64 total = scope ? muster_node_get_total (scope) : doc_sum (doc, FALSE);
  Placeholders p;
  MusterIssue *issue;

  Bounds bounds;

  if (!_muster_validator_force_terms_hold (ruleset, force, c->when) ||
      within (c, value, denom, limit, scaling_of (ruleset, c, force), &bounds))
    return NULL;
  placeholders_init (&p);
  put_bounds (&p, c, &bounds, value, denom);
  put_number (&p, "limit", limit);
  put_number (&p, "total", total);
  put (&p, "scope", scope ? node_name (ruleset, scope) : doc_name (doc));
  issue = make_issue (c, NULL, c->severity, &p);
  locate (self, issue, scope, NULL);
  return issue;
}

static void
put_unit (Placeholders        *p,
          const MusterRuleset *ruleset,
          const MusterUnit    *unit)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));

  put (p, "unit", unit_name (ruleset, unit));
  put (p, "type", type ? type->item.name : muster_unit_get_type_id (unit));
  put (p, "size-unit", type ? type->size_unit : NULL);
  if (type != NULL && type->size_unit != NULL)
    {
      /* "1 figure", "13 figures" */
      put (p, "size-units", muster_size_unit_word (type->size_unit, muster_unit_get_size (unit)));
    }
  put_number (p, "size", muster_unit_get_size (unit));
}

static void
found_add (GPtrArray   *found,
           const char  *rule,
           MusterIssue *issue)
{
  g_ptr_array_add (found, (gpointer) rule);
  g_ptr_array_add (found, issue);
}

static MusterIssue *
unit_issue (MusterValidator        *self,
            const MusterConstraint *c,
            const char             *rule,
            MusterSeverity          severity,
            MusterUnit             *unit,
            Placeholders           *p)
{
  MusterIssue *issue;

  put_unit (p, _muster_validator_get_ruleset (self), unit);
  issue = make_issue (c, rule, severity, p);
  locate (self, issue, NULL, unit);
  g_free (issue->unit);
  issue->unit = g_strdup (muster_unit_get_id (unit));
  return issue;
}

static void
check_type_size (MusterValidator       *self,
                 const MusterUnitFacts *facts,
                 GPtrArray             *found)
{
  const MusterUnitType *type = facts->type;
  MusterUnit *unit = (MusterUnit *) facts->unit;
  guint size = muster_unit_get_size (unit);
  Placeholders p;
  MusterConstraint own = { .item = { .id = (char *) RULE_UNIT_SIZE, .name = (char *) "Unit size" } };

  if (type == NULL ||
      !((type->has_min_size && size < type->min_size) ||
        (type->has_max_size && size > type->max_size)))
    return;
  if (type->has_min_size && type->has_max_size)
    own.message = (char *) N_("{unit} ({type}) has {size} {size-units}; the type takes {min} to {max}.");
  else if (type->has_min_size)
    own.message = (char *) N_("{unit} ({type}) has {size} {size-units}; the type takes at least {min}.");
  else
    own.message = (char *) N_("{unit} ({type}) has {size} {size-units}; the type takes at most {max}.");
  placeholders_init (&p);
  if (type->has_min_size)
    put_number (&p, "min", type->min_size);
  if (type->has_max_size)
    put_number (&p, "max", type->max_size);
  found_add (found, RULE_UNIT_SIZE,
             unit_issue (self, &own, RULE_UNIT_SIZE, MUSTER_SEVERITY_ERROR, unit, &p));
}

/* How many different options of @group_id @unit picked; a unit that picks none counts as
 * having its type's default (as costs and stats do). */
static guint
group_picks (const MusterRuleset  *ruleset,
             const MusterUnitType *type,
             const MusterUnit     *unit,
             const char           *group_id)
{
  guint n = 0;

  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      const MusterOption *option = muster_ruleset_get_option (ruleset,
                                                              muster_unit_get_pick (unit, i, NULL));

      if (option != NULL && g_str_equal (option->group, group_id))
        n++;
    }
  if (n == 0 && muster_unit_type_get_default (ruleset, type, group_id) != NULL)
    n = 1;
  return n;
}

/* A finding about @unit's options under the key @kind:@id, so that findings about two groups
 * or options do not replace each other. */
static void
add_option_issue (MusterValidator *self,
                  MusterUnit      *unit,
                  const char      *kind,
                  const char      *id,
                  const char      *message,
                  Placeholders    *p,
                  GPtrArray       *found)
{
  MusterConstraint own = { .item = { .id = (char *) RULE_UNIT_OPTIONS,
                                     .name = (char *) "Unit options" },
                           .message = (char *) message };
  /* Interned: the key outlives this call (unit_check() copies it into its own). */
  g_autofree char *key = g_strconcat (RULE_UNIT_OPTIONS ":", kind, id, NULL);

  found_add (found, g_intern_string (key),
             unit_issue (self, &own, RULE_UNIT_OPTIONS, MUSTER_SEVERITY_ERROR, unit, p));
}

/* What the editor could never make, said the same way it flags it: an option of a group the
 * type has no choice of at all (an Elite General, a War Mammoth in heavy armour), and an
 * option taken more times than its max-count. */
static void
check_option_picks (MusterValidator       *self,
                    const MusterUnitFacts *facts,
                    GPtrArray             *found)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  const MusterUnitType *type = facts->type;
  MusterUnit *unit = (MusterUnit *) facts->unit;

  for (guint i = 0; type != NULL && i < muster_unit_get_n_picks (unit); i++)
    {
      guint count = 0;
      const MusterOption *option = muster_ruleset_get_option (ruleset,
                                                              muster_unit_get_pick (unit, i, &count));
      const MusterOptionGroup *group;
      Placeholders p;

      if (option == NULL || count == 0 ||
          (muster_unit_type_get_allow (type, option->group) != NULL && count <= option->max_count))
        continue;
      group = muster_ruleset_get_option_group (ruleset, option->group);
      placeholders_init (&p);
      put (&p, "option", option->item.name);
      put (&p, "group", group != NULL ? group->item.name : option->group);
      if (muster_unit_type_get_allow (type, option->group) == NULL)
        {
          add_option_issue (self, unit, "none:", option->item.id,
                            N_("{unit} ({type}) takes {option}, but the type has no {group} "
                               "choices."), &p, found);
          continue;
        }
      put_number (&p, "count", count);
      put_number (&p, "max", option->max_count);
      add_option_issue (self, unit, "count:", option->item.id,
                        option->max_count == 1
                        ? N_("{unit} ({type}) takes {option} {count} times; it is taken once "
                             "or not at all.")
                        : N_("{unit} ({type}) takes {option} {count} times; at most {max}."),
                        &p, found);
    }
}

/* Each option group the type allows with a `min` or a `max` (the allow's over the group's): a
 * required choice left empty, such as a soldier without a pay grade, or more picks than the
 * group takes, such as Green and Elite at once; and each option picked that the type's `only`
 * leaves out. One finding per group, under a key of its own so that two groups' findings do
 * not replace each other. */
static void
check_type_options (MusterValidator       *self,
                    const MusterUnitFacts *facts,
                    GPtrArray             *found)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  const MusterUnitType *type = facts->type;
  MusterUnit *unit = (MusterUnit *) facts->unit;

  for (guint i = 0; type != NULL && i < type->allows->len; i++)
    {
      const MusterAllow *allow = type->allows->pdata[i];
      const MusterOptionGroup *group = muster_ruleset_get_option_group (ruleset, allow->group);
      guint min, max, n;
      Placeholders p;

      if (group == NULL)
        continue;
      min = allow->has_min ? allow->min : group->has_min ? group->min : 0;
      max = allow->has_max ? allow->max : group->has_max ? group->max : G_MAXUINT;
      n = group_picks (ruleset, type, unit, allow->group);
      if (n >= min && n <= max)
        continue;
      placeholders_init (&p);
      put (&p, "group", group->item.name);
      put_number (&p, "count", n);
      put_number (&p, "min", min);
      put_number (&p, "max", max);
      if (n < min)
        add_option_issue (self, unit, "", allow->group,
                          n == 0 && min == 1
                          ? N_("{unit} ({type}) has no {group}: choose one.")
                          : N_("{unit} ({type}) has {count} {group} choices; the type needs at "
                               "least {min}."), &p, found);
      else
        add_option_issue (self, unit, "max:", allow->group,
                          max == 1
                          ? N_("{unit} ({type}) has {count} {group} choices; choose one.")
                          : N_("{unit} ({type}) has {count} {group} choices; the type takes at "
                               "most {max}."), &p, found);
    }

  /* An option of an allowed group that the type may not take (the editor offers it, flagged
   * "not allowed"): a list may hold it on purpose, but it is not legal then. */
  for (guint i = 0; type != NULL && i < muster_unit_get_n_picks (unit); i++)
    {
      guint count = 0;
      const MusterOption *option = muster_ruleset_get_option (ruleset,
                                                              muster_unit_get_pick (unit, i, &count));
      Placeholders p;

      if (option == NULL || count == 0 || muster_unit_type_get_allow (type, option->group) == NULL ||
          muster_unit_type_allows_option (type, option))
        continue;
      placeholders_init (&p);
      put (&p, "option", option->item.name);
      add_option_issue (self, unit, "not:", option->item.id,
                        N_("{unit} ({type}) takes {option}, which the type may not."), &p, found);
    }
  check_option_picks (self, facts, found);
}

/**
 * _muster_validator_check_unit:
 * @found: (element-type utf8 MusterIssue): gets a rule id and a finding for each problem of
 *   the unit alone: its cost, its type's size range and option groups, `size`, `forbid` and
 *   unit-scope `count`
 *   constraints
 */
void
_muster_validator_check_unit (MusterValidator       *self,
                              const MusterUnitFacts *facts,
                              MusterForce           *force,
                              const gboolean        *active,
                              GPtrArray             *found)
{
  MusterUnit *unit = (MusterUnit *) facts->unit;
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  const GPtrArray *constraints = muster_ruleset_list (ruleset, MUSTER_ITEM_CONSTRAINT);
  const MusterCost *cost = muster_unit_get_cost (unit);

  if (cost->error != NULL)
    {
      Placeholders p;
      MusterConstraint own = { .item = { .id = (char *) RULE_UNIT_COST,
                                         .name = (char *) "Unit cost" },
                               .message = (char *) N_("{unit}: cannot be costed: {reason}") };

      placeholders_init (&p);
      put (&p, "reason", cost->error);
      found_add (found, RULE_UNIT_COST,
                 unit_issue (self, &own, RULE_UNIT_COST, MUSTER_SEVERITY_ERROR, unit, &p));
    }
  check_type_size (self, facts, found);
  check_type_options (self, facts, found);

  for (guint i = 0; i < constraints->len; i++)
    {
      const MusterConstraint *c = constraints->pdata[i];
      Placeholders p;
      Bounds bounds;
      double value = 0, denom = 0;

      if (c->severity == MUSTER_SEVERITY_OFF || c->kind == MUSTER_CONSTRAINT_POINTS_LIMIT ||
          c->kind == MUSTER_CONSTRAINT_CUSTOM ||
          (c->kind == MUSTER_CONSTRAINT_COUNT && _muster_validator_get_info (self)[i].counted) ||
          !_muster_validator_live (self, i, active, force, unit))
        continue;
      if (c->kind == MUSTER_CONSTRAINT_FORBID)
        {
          if (!_muster_validator_unit_matches (c, facts, TRUE))
            continue;
          placeholders_init (&p);
          found_add (found, c->item.id, unit_issue (self, c, NULL, c->severity, unit, &p));
          continue;
        }
      if (c->kind == MUSTER_CONSTRAINT_SIZE)
        {
          if (!_muster_validator_unit_matches (c, facts, FALSE))
            continue;
          value = muster_unit_get_size (unit);
        }
      else if (c->kind == MUSTER_CONSTRAINT_COUNT && c->scope != NULL &&
               g_str_equal (c->scope, "unit"))
        {
          gint64 all = 0;

          if (!_muster_validator_applies_to_unit (c, facts))
            continue;
          if (c->measure == MUSTER_COUNT_UNITS)
            value = _muster_validator_count_picks (self, c, unit, &all);
          else
            value = all = _muster_validator_measure (c, unit);
          denom = all;
        }
      else
        continue;

      if (within (c, value, denom, force ? muster_force_get_points_limit (force) : 0,
                  scaling_of (ruleset, c, force), &bounds))
        continue;
      placeholders_init (&p);
      put_bounds (&p, c, &bounds, value, denom);
      found_add (found, c->item.id, unit_issue (self, c, NULL, c->severity, unit, &p));
    }
}

/* "a, b or c" of @variant's choice ids */
static char *
choice_list (const MusterVariant *variant)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < variant->choices->len; i++)
    {
      const MusterItem *choice = variant->choices->pdata[i];

      if (i > 0)
        g_string_append (text, i + 1 == variant->choices->len ? C_("choices", " or ") : ", ");
      g_string_append (text, choice->id);
    }
  return g_string_free (text, FALSE);
}

/* Whether @value is one @variant takes: one of its choices, or a number in its range. */
static gboolean
variant_takes (const MusterVariant *variant,
               const char          *value)
{
  char *end = NULL;
  double number;

  if (variant->kind == MUSTER_VARIANT_NUMBER)
    {
      number = g_ascii_strtod (value, &end);
      return end != value && *end == '\0' && isfinite (number) &&
             (!variant->has_min || number >= variant->min) &&
             (!variant->has_max || number <= variant->max);
    }
  for (guint i = 0; i < variant->choices->len; i++)
    if (g_str_equal (((const MusterItem *) variant->choices->pdata[i])->id, value))
      return TRUE;
  return FALSE;
}

static gint
compare_ids (gconstpointer a,
             gconstpointer b,
             gpointer      data)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* A force's settings the ruleset has no variant for (a misspelt `optional-limit`), or whose
 * value the variant does not take (`value="yes"`): each would silently count as the default. */
static void
check_settings (MusterRuleset *ruleset,
                MusterForce   *force,
                GPtrArray     *issues)
{
  GHashTable *settings = muster_force_get_settings (force);
  g_autofree const char **ids = NULL;
  guint n = 0;

  if (settings == NULL)
    return;
  ids = (const char **) g_hash_table_get_keys_as_array (settings, &n);
  /* Sorted: the findings come in the same order whatever the table's. */
  g_qsort_with_data (ids, (gint) n, sizeof (char *), compare_ids, NULL);
  for (guint i = 0; i < n; i++)
    {
      const char *value = g_hash_table_lookup (settings, ids[i]);
      const MusterVariant *variant = muster_ruleset_lookup (ruleset, MUSTER_ITEM_VARIANT, ids[i]);
      g_autofree char *allowed = NULL;
      g_autofree char *min = NULL;
      g_autofree char *max = NULL;
      g_autofree char *message = NULL;
      const char *template_text;

      if (variant != NULL && variant_takes (variant, value))
        continue;
      if (variant == NULL)
        {
          const GPtrArray *variants = muster_ruleset_list (ruleset, MUSTER_ITEM_VARIANT);
          GString *known = g_string_new (NULL);

          for (guint j = 0; j < variants->len; j++)
            g_string_append_printf (known, "%s%s", j > 0 ? ", " : "",
                                    ((const MusterItem *) variants->pdata[j])->id);
          allowed = g_string_free (known, FALSE);
          template_text = variants->len > 0
            ? N_("The setting “{id}” is not one of this rule system's ({allowed}); it is ignored.")
            : N_("The setting “{id}” is ignored: this rule system has none.");
        }
      else if (variant->kind == MUSTER_VARIANT_NUMBER)
        {
          min = format_number (variant->min);
          max = format_number (variant->max);
          template_text = variant->has_min && variant->has_max
            ? N_("{setting} ({id}) is “{value}”, which is not a number from {min} to {max}. "
                 "The default, {default}, applies.")
            : variant->has_min
            ? N_("{setting} ({id}) is “{value}”, which is not a number of at least {min}. "
                 "The default, {default}, applies.")
            : variant->has_max
            ? N_("{setting} ({id}) is “{value}”, which is not a number of at most {max}. "
                 "The default, {default}, applies.")
            : N_("{setting} ({id}) is “{value}”, which is not a number. The default, {default}, "
                 "applies.");
        }
      else
        {
          allowed = choice_list (variant);
          template_text = N_("{setting} ({id}) is “{value}”; it takes {allowed}. The default, "
                             "{default}, applies.");
        }
      /* A NULL value would end the pairs: the placeholders a template leaves out get "" */
      message = muster_format_message (template_text, (const char *[]) {
        "setting", variant ? variant->item.name : ids[i], "id", ids[i], "value", value,
        "allowed", allowed ? allowed : "", "min", min ? min : "", "max", max ? max : "",
        "default", variant && variant->default_value ? variant->default_value : "", NULL });
      g_ptr_array_add (issues, muster_issue_new (MUSTER_SEVERITY_ERROR, RULE_SETTINGS, NULL,
                                                 NULL, message));
    }
}

/**
 * _muster_validator_check_force:
 * @extra: the system module's own checks instead of the points limit
 * @issues: (element-type MusterIssue): gets the findings about the force as a whole
 */
void
_muster_validator_check_force (MusterValidator *self,
                               MusterForce     *force,
                               gboolean         extra,
                               GPtrArray       *issues)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  const GPtrArray *constraints = muster_ruleset_list (ruleset, MUSTER_ITEM_CONSTRAINT);
  MusterDoc *doc = muster_validator_get_doc (self);
  gint64 limit = muster_force_get_points_limit (force);
  gint64 total = muster_force_get_total (force);
  guint first = issues->len;

  if (!extra)
    check_settings (ruleset, force, issues);
  for (guint i = 0; !extra && i < constraints->len; i++)
    {
      const MusterConstraint *c = constraints->pdata[i];
      Placeholders p;

      if (c->kind != MUSTER_CONSTRAINT_POINTS_LIMIT || c->severity == MUSTER_SEVERITY_OFF ||
          !muster_ruleset_get_costing (ruleset)->limit || limit <= 0 || total <= limit ||
          !_muster_validator_force_terms_hold (ruleset, force, c->when))
        continue;
      placeholders_init (&p);
      put_number (&p, "total", total);
      put_number (&p, "limit", limit);
      put_number (&p, "count", total);
      put_number (&p, "max", limit);
      put (&p, "scope", node_name (ruleset, muster_force_get_root (force)));
      g_ptr_array_add (issues, make_issue (c, NULL, c->severity, &p));
    }

  if (extra)
    muster_system_extra_checks (ruleset, force, issues);

  for (guint i = first; i < issues->len; i++)
    {
      MusterIssue *issue = issues->pdata[i];
      MusterUnit *unit = issue->unit ? muster_doc_lookup_unit (doc, issue->unit) : NULL;

      if (unit != NULL && muster_unit_get_force (unit) == force)
        locate (self, issue, NULL, unit);
      else
        locate (self, issue, muster_force_get_root (force), NULL);
    }
}

/* Compares digit runs as numbers: "u2" < "u10". */
static int
natural_compare (const char *a,
                 const char *b)
{
  if (a == NULL || b == NULL)
    return (a != NULL) - (b != NULL);
  while (*a != '\0' && *b != '\0')
    {
      if (g_ascii_isdigit (*a) && g_ascii_isdigit (*b))
        {
          const char *x = a, *y = b;

          while (*a == '0')
            a++;
          while (*b == '0')
            b++;
          x = a;
          y = b;
          while (g_ascii_isdigit (*a))
            a++;
          while (g_ascii_isdigit (*b))
            b++;
          if (a - x != b - y)
            return (a - x) < (b - y) ? -1 : 1;
          for (; x < a; x++, y++)
            if (*x != *y)
              return *x < *y ? -1 : 1;
          continue;
        }
      if (*a != *b)
        return (guchar) *a < (guchar) *b ? -1 : 1;
      a++;
      b++;
    }
  return (*a != '\0') - (*b != '\0');
}

/**
 * muster_issue_compare:
 *
 * The order findings are listed in: errors, then warnings, then information; within those by
 * place (the document first, then each force's own findings, then its nodes and units by id),
 * then by rule id and message.
 */
int
muster_issue_compare (gconstpointer a,
                      gconstpointer b)
{
  const MusterIssue *x = *(MusterIssue * const *) a;
  const MusterIssue *y = *(MusterIssue * const *) b;
  int cmp;

  if (x->severity != y->severity)
    return x->severity < y->severity ? -1 : 1;
  if ((cmp = natural_compare (x->path, y->path)) != 0)
    return cmp;
  if ((cmp = g_strcmp0 (x->constraint, y->constraint)) != 0)
    return cmp;
  return g_strcmp0 (x->message, y->message);
}
