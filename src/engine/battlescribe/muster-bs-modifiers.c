/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * Modifiers and conditions: whether a modifier applies (its conditions, condition groups and
 * the modifier groups around it) and how many times (its repeats), and what it does to a
 * number, a flag or a text. New Recruit's message modifiers (error, warning, info) too.
 */

static gboolean conditions_hold (const MusterBsContext *ctx,
                                 const MusterBsNode    *owner,
                                 const MusterBsOption  *option);

/* A condition's type names a test; conditions are tested thousands of times an edit, so a
 * name is compared only with the tests that start with its letter. */
typedef enum
{
  TEST_NONE,
  TEST_ALWAYS,
  TEST_NEVER,
  TEST_INSTANCE_OF,
  TEST_NOT_INSTANCE_OF,
  TEST_EQUAL_TO,
  TEST_NOT_EQUAL_TO,
  TEST_LESS_THAN,
  TEST_GREATER_THAN,
  TEST_AT_LEAST,
  TEST_AT_MOST,
} Test;

static Test
test_of (const char *type)
{
  static const struct { const char *name; Test test; } tests[] = {
    { "always", TEST_ALWAYS },
    { "never", TEST_NEVER },
    { "instanceOf", TEST_INSTANCE_OF },
    { "notInstanceOf", TEST_NOT_INSTANCE_OF },
    { "equalTo", TEST_EQUAL_TO },
    { "notEqualTo", TEST_NOT_EQUAL_TO },
    { "lessThan", TEST_LESS_THAN },
    { "greaterThan", TEST_GREATER_THAN },
    { "atLeast", TEST_AT_LEAST },
    { "atMost", TEST_AT_MOST },
  };

  if (type == NULL || type[0] == '\0')
    return TEST_NONE;
  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    if (tests[i].name[0] == type[0] && strcmp (tests[i].name, type) == 0)
      return tests[i].test;
  return TEST_NONE;
}

static gboolean
compare (Test   test,
         double value,
         double target)
{
  switch (test)
    {
    case TEST_EQUAL_TO:
      return value == target;
    case TEST_NOT_EQUAL_TO:
      return value != target;
    case TEST_LESS_THAN:
      return value < target;
    case TEST_GREATER_THAN:
      return value > target;
    case TEST_AT_LEAST:
      return value >= target;
    case TEST_AT_MOST:
      return value <= target;
    default:
      return FALSE;
    }
}

static gboolean
condition_holds (const MusterBsContext *ctx,
                 const MusterBsNode    *cond,
                 const MusterBsOption  *option)
{
  Test test = test_of (cond->type);

  switch (test)
    {
    case TEST_ALWAYS:
      return TRUE;
    case TEST_NEVER:
    case TEST_NONE:
      return FALSE;
    case TEST_INSTANCE_OF:
      return _muster_bs_instance_of (ctx, cond, option);
    case TEST_NOT_INSTANCE_OF:
      return !_muster_bs_instance_of (ctx, cond, option);
    default:
      return compare (test, _muster_bs_query (ctx, cond, cond->child_id, option), cond->value);
    }
}

static gboolean
group_holds (const MusterBsContext *ctx,
             const MusterBsNode    *group,
             const MusterBsOption  *option)
{
  gboolean any = g_strcmp0 (group->type, "or") == 0;
  gboolean seen = FALSE;

  for (const MusterBsNode *c = group->first_child; c; c = c->next)
    {
      gboolean holds;

      if (c->kind == MUSTER_BS_NODE_CONDITION)
        holds = condition_holds (ctx, c, option);
      else if (c->kind == MUSTER_BS_NODE_CONDITION_GROUP)
        holds = group_holds (ctx, c, option);
      else
        continue;
      seen = TRUE;
      if (any && holds)
        return TRUE;
      if (!any && !holds)
        return FALSE;
    }
  return any ? !seen : TRUE;
}

static gboolean
conditions_hold (const MusterBsContext *ctx,
                 const MusterBsNode    *owner,
                 const MusterBsOption  *option)
{
  for (const MusterBsNode *c = owner->first_child; c; c = c->next)
    {
      if (c->kind == MUSTER_BS_NODE_CONDITION && !condition_holds (ctx, c, option))
        return FALSE;
      if (c->kind == MUSTER_BS_NODE_CONDITION_GROUP && !group_holds (ctx, c, option))
        return FALSE;
    }
  return TRUE;
}

/* How many times a modifier (or group) applies: 0 when its conditions fail, else 1, or what
 * its repeats count. */
static double
times_of (const MusterBsContext *ctx,
          const MusterBsNode    *owner,
          const MusterBsOption  *option)
{
  double times = 1;
  gboolean repeated = FALSE;

  if (!conditions_hold (ctx, owner, option))
    return 0;
  for (const MusterBsNode *r = owner->first_child; r; r = r->next)
    {
      double q, steps;

      if (r->kind != MUSTER_BS_NODE_REPEAT)
        continue;
      if (!repeated)
        times = 0;
      repeated = TRUE;
      if (r->value <= 0)
        continue;
      q = _muster_bs_query (ctx, r, r->child_id, option);
      steps = muster_bs_node_has_flag (r, MUSTER_BS_FLAG_ROUND_UP) ? ceil (q / r->value)
                                                                    : floor (q / r->value + 1e-9);
      times += steps * r->repeats;
    }
  return times;
}

static void
each_modifier (const MusterBsContext *ctx,
               const MusterBsNode    *owner,
               const MusterBsOption  *option,
               const char            *field,
               double                 outer,
               ModifierFunc           func,
               gpointer               user_data)
{
  if (owner == NULL || owner->first_modifier == NULL)
    return;
  for (const MusterBsNode *m = owner->first_modifier; m;
       m = m == owner->last_modifier ? NULL : m->next)
    {
      double times;

      if (m->kind == MUSTER_BS_NODE_MODIFIER)
        {
          if (field != NULL && !_muster_bs_str_equal (m->field, field))
            continue;
          times = times_of (ctx, m, option);
          if (times > 0)
            func (m, times * outer, user_data);
        }
      else if (m->kind == MUSTER_BS_NODE_MODIFIER_GROUP)
        {
          times = times_of (ctx, m, option);
          if (times > 0)
            each_modifier (ctx, m, option, field, outer * times, func, user_data);
        }
    }
}

void
_muster_bs_each_modifier (const MusterBsContext *ctx,
                     const MusterBsNode   * const *owners,
                     const MusterBsOption  *option,
                     const char            *field,
                     ModifierFunc           func,
                     gpointer               user_data)
{
  for (guint i = 0; owners[i] != NULL || i == 0; i++)
    {
      if (owners[i] == NULL)
        break;
      each_modifier (ctx, owners[i], option, field, 1, func, user_data);
    }
}

static void
number_modifier (const MusterBsNode *m,
                 double              times,
                 gpointer            user_data)
{
  double *v = user_data;
  double by = m->value;

  if (g_strcmp0 (m->type, "set") == 0)
    *v = by;
  else if (g_strcmp0 (m->type, "increment") == 0)
    *v += by * times;
  else if (g_strcmp0 (m->type, "decrement") == 0)
    *v -= by * times;
  else if (g_strcmp0 (m->type, "multiply") == 0)
    *v *= pow (by, times);
  else if (g_strcmp0 (m->type, "divide") == 0 && by != 0)
    *v /= pow (by, times);
}

double
_muster_bs_modified_number (const MusterBsContext *ctx,
                            const MusterBsNode   * const *owners,
                            const char            *field,
                            double                 value)
{
  _muster_bs_each_modifier (ctx, owners, NULL, field, number_modifier, &value);
  return value;
}

static void
bool_modifier (const MusterBsNode *m,
               double              times,
               gpointer            user_data)
{
  gboolean *v = user_data;

  if (g_strcmp0 (m->type, "set") == 0)
    *v = g_strcmp0 (m->text, "true") == 0 || g_strcmp0 (m->text, "1") == 0;
}

gboolean
_muster_bs_modified_hidden (const MusterBsContext *ctx,
                            const MusterBsNode   * const *owners,
                            gboolean               hidden)
{
  _muster_bs_each_modifier (ctx, owners, NULL, ctx->roster->hidden_field, bool_modifier,
                            &hidden);
  return hidden;
}

gboolean
_muster_bs_option_hidden (const MusterBsContext *ctx,
                          const MusterBsOption  *option)
{
  const MusterBsNode *owners[] = { option->entry, option->link, NULL };
  gboolean hidden = muster_bs_node_has_flag (option->entry, MUSTER_BS_FLAG_HIDDEN) ||
                    (option->link && muster_bs_node_has_flag (option->link, MUSTER_BS_FLAG_HIDDEN));

  _muster_bs_each_modifier (ctx, owners, option, ctx->roster->hidden_field, bool_modifier,
                            &hidden);
  return hidden;
}

typedef struct
{
  GString  *s;
  gboolean  numeric;   /* the last set was a number: BattleScribe keeps it as text anyway */
} Text;

static void
format_number (GString *s,
               double   v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_truncate (s, 0);
  if (v == floor (v) && fabs (v) < 1e15)
    g_string_append_printf (s, "%.0f", v);
  else
    g_string_append (s, g_ascii_dtostr (buf, sizeof buf, v));
}

static void
text_modifier (const MusterBsNode *m,
               double              times,
               gpointer            user_data)
{
  Text *t = user_data;
  const char *by = m->text ? m->text : "";

  if (g_strcmp0 (m->type, "set") == 0)
    {
      char *end = NULL;

      g_string_assign (t->s, by);
      /* New Recruit keeps a number that was set as a number, which append cannot add to. */
      g_ascii_strtod (by, &end);
      t->numeric = *by != '\0' && end != NULL && *end == '\0';
    }
  else if (g_strcmp0 (m->type, "append") == 0)
    {
      if (t->numeric)
        g_string_truncate (t->s, 0);
      t->numeric = FALSE;
      if (t->s->len > 0 && *by)
        g_string_append_c (t->s, ' ');
      g_string_append (t->s, by);
    }
  else if (g_strcmp0 (m->type, "prepend") == 0)
    {
      if (t->s->len > 0 && *by)
        g_string_prepend_c (t->s, ' ');
      g_string_prepend (t->s, by);
    }
  else if (g_strcmp0 (m->type, "increment") == 0 || g_strcmp0 (m->type, "decrement") == 0)
    {
      char *end = NULL;
      double v = g_ascii_strtod (t->s->str, &end);

      if (end != t->s->str)
        {
          v += (g_strcmp0 (m->type, "increment") == 0 ? 1 : -1) * m->value * times;
          format_number (t->s, v);
        }
    }
}

/* A text field after modifiers, interned. */
const char *
_muster_bs_modified_text (const MusterBsContext *ctx,
               const MusterBsNode   * const *owners,
               const MusterBsOption  *option,
               const char            *field,
               const char            *value)
{
  Text t = { g_string_new (value ? value : ""), FALSE };
  const char *out;

  _muster_bs_each_modifier (ctx, owners, option, field, text_modifier, &t);
  out = muster_bs_data_intern (ctx->roster->data, t.s->str);
  g_string_free (t.s, TRUE);
  return out;
}

typedef struct
{
  GPtrArray      *out;
  MusterSeverity  severity;
} Messages;

static void
message_modifier (const MusterBsNode *m,
                  double              times,
                  gpointer            user_data)
{
  Messages *msgs = user_data;
  MusterBsFinding *f;

  if (g_strcmp0 (m->type, "add") != 0 && g_strcmp0 (m->type, "set") != 0)
    return;
  f = g_new0 (MusterBsFinding, 1);
  f->severity = msgs->severity;
  f->message = g_strdup (m->text ? m->text : "");
  f->constraint_id = g_strdup (m->id ? m->id : m->field);
  g_ptr_array_add (msgs->out, f);
}

/* New Recruit's message modifiers (field error, warning or info) that apply to @sel, as
 * findings with only severity, message and constraint id filled in. */
GPtrArray *
_muster_bs_selection_messages (MusterBsSelection *sel)
{
  static const struct { const char *field; MusterSeverity severity; } kinds[] = {
    { "error", MUSTER_SEVERITY_ERROR },
    { "warning", MUSTER_SEVERITY_WARNING },
    { "info", MUSTER_SEVERITY_INFO },
  };
  MusterBsContext ctx = { sel->force->roster, sel->force, sel->parent, sel };
  const MusterBsNode *owners[] = { sel->option.entry, sel->option.link, NULL };
  Messages msgs = { g_ptr_array_new_with_free_func ((GDestroyNotify) muster_bs_finding_free) };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      msgs.severity = kinds[i].severity;
      _muster_bs_each_modifier (&ctx, owners, &sel->option, kinds[i].field, message_modifier, &msgs);
    }
  return msgs.out;
}

