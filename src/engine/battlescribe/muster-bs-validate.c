/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-bs-roster-private.h"

/*
 * Validation: cost limits, constraints on force entries, categories, entries and groups,
 * hidden selections, and New Recruit's error/warning/info modifiers (auto-selection, of what
 * a min constraint requires, is in muster-bs-autoselect.c). A constraint is judged wherever
 * its entry is offered: scope parent once per container, wider scopes once per force or
 * roster.
 */

/* Judging records MusterBsChecks: a constraint judged per container, force or roster has
 * the key "constraint|scope element" and counts only where a walk sees it first. A
 * container's checks are kept until muster-bs-deps.c finds an edit that can change them. */
typedef struct
{
  MusterBsRoster *roster;
  GPtrArray      *checks;    /* MusterBsCheck*: what is being judged goes to the last */
} Validation;

static void
begin_check (Validation *v,
             gboolean    keyed)
{
  MusterBsCheck *check = g_new0 (MusterBsCheck, 1);

  check->keyed = keyed;
  check->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_bs_finding_free);
  g_ptr_array_add (v->checks, check);
}

static GPtrArray *
new_checks (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) _muster_bs_check_free);
}

static char *
force_path (MusterBsForce *force)
{
  if (force->parent)
    {
      g_autofree char *up = force_path (force->parent);

      return g_strconcat (up, "/", force->id, NULL);
    }
  return g_strdup (force->id);
}

static char *
selection_path (MusterBsSelection *sel)
{
  g_autofree char *up = sel->parent ? selection_path (sel->parent) : force_path (sel->force);

  return g_strconcat (up, "/", sel->id, NULL);
}

static void
add_finding (Validation     *v,
             MusterSeverity  severity,
             const char     *owner_type,
             const char     *owner_id,
             const char     *owner_entry_id,
             const char     *entry_id,
             const char     *constraint_id,
             char           *path,
             char           *message)
{
  MusterBsFinding *f = g_new0 (MusterBsFinding, 1);

  f->severity = severity;
  f->message = message;
  f->owner_type = owner_type;
  f->owner_id = g_strdup (owner_id);
  f->owner_entry_id = g_strdup (owner_entry_id);
  f->entry_id = g_strdup (entry_id);
  f->constraint_id = g_strdup (constraint_id);
  f->path = path ? path : g_strdup ("");
  g_ptr_array_add (((MusterBsCheck *) g_ptr_array_index (v->checks, v->checks->len - 1))->findings,
                   f);
}

gboolean
_muster_bs_tally_matches (MusterBsTally     *t,
                          MusterBsSelection *sel)
{
  if (t->any)
    return TRUE;
  if (t->group)
    {
      for (guint i = 0; sel->option.via && i < sel->option.via->len; i++)
        if (g_ptr_array_index (sel->option.via, i) == t->option->entry)
          return TRUE;
      return FALSE;
    }
  if (t->shared)
    return sel->option.entry == t->option->entry;
  return sel->option.entry_id == t->option->entry_id;
}

double
_muster_bs_tally_list (MusterBsTally *t,
                       GPtrArray     *list)
{
  double total = 0;

  for (guint i = 0; i < list->len; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (list, i);

      if (_muster_bs_tally_matches (t, sel) && t->found == NULL)
        t->found = sel;
      if (_muster_bs_tally_matches (t, sel))
        total += t->cost_type ? _muster_bs_cost_of (muster_bs_selection_get_total_costs (sel),
                                                    t->cost_type)
                              : t->per_model ? sel->number
                                             : muster_bs_selection_get_number (sel);
      if (t->deep)
        total += _muster_bs_tally_list (t, sel->children);
    }
  return total;
}

static double
tally_force (MusterBsTally *t,
             MusterBsForce *force)
{
  double total;
  gboolean deep = t->deep;

  /* Forces and the roster hold their selections at every depth. */
  t->deep = TRUE;
  total = _muster_bs_tally_list (t, force->selections);
  t->deep = deep;
  if (t->child_forces)
    for (guint i = 0; i < force->forces->len; i++)
      total += tally_force (t, g_ptr_array_index (force->forces, i));
  return total;
}

static const MusterBsCategory *
static_primary (const MusterBsOption *option,
                MusterBsData         *data,
                MusterBsCategory     *out)
{
  const MusterBsNode *c = _muster_bs_option_primary_link (option);
  const MusterBsNode *cat;

  if (c == NULL)
    return NULL;
  cat = muster_bs_data_lookup (data, c->target_id);
  out->id = c->id;
  out->entry_id = c->target_id;
  out->name = cat ? _muster_bs_node_name (cat) : _muster_bs_node_name (c);
  out->primary = TRUE;
  return out;
}

/* Starts the check of a constraint judged once per @where (the roster, a force or a
 * container); it is judged wherever it is offered, and the walk keeps the first (see
 * emit()). Constraint ids are interned: equal ones are one pointer. */
static gboolean
first_time (Validation    *v,
            const char    *constraint_id,
            gconstpointer  where)
{
  begin_check (v, TRUE);
  ((MusterBsCheck *) g_ptr_array_index (v->checks, v->checks->len - 1))->id = constraint_id;
  ((MusterBsCheck *) g_ptr_array_index (v->checks, v->checks->len - 1))->where = where;
  return TRUE;
}

static char *
format_amount (double v)
{
  if (v == floor (v))
    return g_strdup_printf ("%.0f", v);
  return g_strdup_printf ("%g", v);
}

/* The wording of a broken constraint, New Recruit's in English ("1 too many selections" is
 * English as it is; "1 more selection", not "selections"): whole sentences, so that a
 * translation can say "selections", "forces" or a cost type's name (the data's, as it is)
 * its own way, and make "1" agree. */
static const char *
constraint_template (gboolean    max,
                     double      n,
                     const char *what)
{
  gboolean selections = g_strcmp0 (what, "selections") == 0;
  gboolean forces = g_strcmp0 (what, "forces") == 0;

  if (max && selections)
    return n == 1 ? N_("{owner} has 1 too many selections of {entry} (maximum {limit})")
                  : N_("{owner} has {n} too many selections of {entry} (maximum {limit})");
  if (max && forces)
    return n == 1 ? N_("{owner} has 1 too many forces of {entry} (maximum {limit})")
                  : N_("{owner} has {n} too many forces of {entry} (maximum {limit})");
  if (max)
    return N_("{owner} has {n} too many {what} of {entry} (maximum {limit})");
  if (selections)
    return n == 1 ? N_("{owner} must have 1 more selection of {entry} (minimum {limit})")
                  : N_("{owner} must have {n} more selections of {entry} (minimum {limit})");
  if (forces)
    return n == 1 ? N_("{owner} must have 1 more force of {entry} (minimum {limit})")
                  : N_("{owner} must have {n} more forces of {entry} (minimum {limit})");
  return N_("{owner} must have {n} more {what} of {entry} (minimum {limit})");
}

static char *
constraint_message (const char *owner_name,
                    gboolean    max,
                    double      count,
                    double      limit,
                    const char *what,
                    const char *entry_name)
{
  double n = max ? count - limit : limit - count;
  g_autofree char *amount = format_amount (n);
  g_autofree char *bound = format_amount (limit);

  return muster_format_message (constraint_template (max, n, what), (const char *[]) {
    "owner", owner_name ? owner_name : "", "n", amount, "what", what ? what : "",
    "entry", entry_name ? entry_name : "", "limit", bound, NULL });
}

/* New Recruit's own message for a broken constraint, its tokens filled in: {self} the
 * constrained entry, {parent} the container (or force, category, roster) judged, {force},
 * {roster}, {primary-category} the entry's, and {model}, {unit} or {upgrade} the nearest
 * selection of that type around it. NULL when the constraint has none. */
static char *
custom_message (const MusterBsContext *ctx,
                const MusterBsOption  *option,
                const MusterBsNode    *con,
                const char            *owner_name)
{
  GString *s;
  MusterBsCategory primary;

  if (con->text == NULL || *con->text == '\0')
    return NULL;
  s = g_string_new (NULL);
  for (const char *p = con->text; *p; p++)
    {
      const char *end = *p == '{' ? strchr (p, '}') : NULL;
      g_autofree char *token = end ? g_strndup (p + 1, end - p - 1) : NULL;
      const char *value = NULL;

      if (token == NULL)
        {
          g_string_append_c (s, *p);
          continue;
        }
      if (strcmp (token, "self") == 0)
        value = _muster_bs_node_name (option->entry);
      else if (strcmp (token, "parent") == 0)
        value = owner_name;
      else if (strcmp (token, "force") == 0)
        value = muster_bs_force_get_name (ctx->force);
      else if (strcmp (token, "roster") == 0)
        value = ctx->roster->name;
      else if (strcmp (token, "primary-category") == 0)
        value = static_primary (option, ctx->roster->data, &primary) ? primary.name : "";
      else if (strcmp (token, "model") == 0 || strcmp (token, "unit") == 0 ||
               strcmp (token, "upgrade") == 0)
        {
          value = "";
          for (MusterBsSelection *a = ctx->parent; a; a = a->parent)
            if (strcmp (muster_bs_selection_get_type (a), token) == 0)
              {
                value = muster_bs_selection_get_name (a);
                break;
              }
        }
      if (value == NULL)
        {
          /* Not a token this engine knows: as written. */
          g_string_append_c (s, *p);
          continue;
        }
      g_string_append (s, value);
      p = end;
    }
  return g_string_free (s, FALSE);
}

static double
count_all_forces (GPtrArray *forces,
                  gboolean   deep)
{
  double total = forces->len;

  if (deep)
    for (guint i = 0; i < forces->len; i++)
      total += count_all_forces (((MusterBsForce *) g_ptr_array_index (forces, i))->forces, deep);
  return total;
}

/* Whether a scope names an entry rather than one of the data's keywords */
static gboolean
is_entry_scope (const char *scope)
{
  static const char * const keywords[] = { "parent", "self", "force", "roster", "ancestor",
                                           "primary-catalogue", "primary-category",
                                           "root-entry", NULL };

  return !g_strv_contains (keywords, scope);
}

/* The nearest selection a scope naming an entry holds in, or NULL */
static MusterBsSelection *
scope_entry (const MusterBsContext *ctx,
             const char            *scope)
{
  if (!is_entry_scope (scope))
    return NULL;
  for (MusterBsSelection *a = ctx->parent; a; a = a->parent)
    if (_muster_bs_selection_is (a, scope, TRUE))
      return a;
  return NULL;
}

static guint
tally_key_hash (gconstpointer p)
{
  const MusterBsTallyKey *k = p;

  return g_direct_hash (k->what) ^ (g_direct_hash (k->cost_type) * 17) ^ k->flags;
}

static gboolean
tally_key_equal (gconstpointer a,
                 gconstpointer b)
{
  const MusterBsTallyKey *x = a, *y = b;

  return x->what == y->what && x->id == y->id && x->cost_type == y->cost_type &&
         x->flags == y->flags;
}

/* tally_force() over @force, or over every force of the roster (@force NULL), memoised in
 * @memo; not while a selection is being evaluated (its costs are provisional then). */
static double
tally_memo (const MusterBsContext *ctx,
            MusterBsTally         *t,
            MusterBsForce         *force,
            GHashTable           **memo)
{
  MusterBsRoster *roster = ctx->roster;
  MusterBsSelection *found = t->found;
  MusterBsTallyKey key = { 0 };
  MusterBsTallied *v;
  double total = 0;

  if (roster->pending)
    _muster_bs_flush (roster);
  if (roster->computing == 0)
    {
      if (*memo == NULL)
        *memo = g_hash_table_new_full (tally_key_hash, tally_key_equal, g_free, g_free);
      /* Strings of the data set are interned: equal ids are one pointer. */
      if (!t->any)
        {
          gboolean by_node = t->group || t->shared;

          key.what = by_node ? (gconstpointer) t->option->entry : t->option->entry_id;
          key.id = by_node ? t->option->entry->id : t->option->entry_id;
        }
      key.cost_type = t->cost_type;
      key.flags = t->shared | t->deep << 1 | t->child_forces << 2 | t->group << 3 |
                  t->per_model << 4 | t->any << 5;
      v = g_hash_table_lookup (*memo, &key);
      if (v != NULL)
        {
          if (t->found == NULL)
            t->found = v->found;
          return v->total;
        }
    }
  t->found = NULL;
  if (force != NULL)
    total = tally_force (t, force);
  else
    {
      gboolean child_forces = t->child_forces;

      t->child_forces = TRUE;
      for (guint i = 0; i < roster->forces->len; i++)
        total += tally_force (t, g_ptr_array_index (roster->forces, i));
      t->child_forces = child_forces;
    }
  if (roster->computing == 0)
    {
      v = g_new (MusterBsTallied, 1);
      v->total = total;
      v->found = t->found;
      g_hash_table_insert (*memo, g_memdup2 (&key, sizeof key), v);
    }
  if (found != NULL)
    t->found = found;
  return total;
}

/* What a constraint counts in its scope. */
static double
tally_scope (const MusterBsContext *ctx,
             MusterBsTally         *t,
             const char            *scope)
{
  MusterBsSelection *holder;

  if (strcmp (scope, "parent") == 0 || strcmp (scope, "self") == 0)
    {
      t->per_model = TRUE;
      return _muster_bs_tally_list (t, ctx->parent ? ctx->parent->children
                                                   : ctx->force->selections);
    }
  if (strcmp (scope, "roster") == 0)
    return tally_memo (ctx, t, NULL, &ctx->roster->tallies);
  holder = scope_entry (ctx, scope);
  if (holder != NULL)
    return _muster_bs_tally_list (t, holder->children);
  return tally_memo (ctx, t, ctx->force, &ctx->force->tallies);
}

/* Judges one constraint of an option offered in a container. */
static void
check_constraint (Validation            *v,
                  const MusterBsContext *ctx,
                  const MusterBsOption  *option,
                  gboolean               group,
                  const MusterBsNode    *con)
{
  const MusterBsNode *owners[] = { option->entry, option->link, NULL };
  const char *scope = con->scope ? con->scope : "parent";
  const char *field = con->field ? con->field : "selections";
  gboolean max = g_strcmp0 (con->type, "max") == 0;
  MusterBsTally t = { option, muster_bs_node_has_flag (con, MUSTER_BS_FLAG_SHARED),
                      muster_bs_node_has_flag (con, MUSTER_BS_FLAG_CHILD_SELECTIONS),
                      muster_bs_node_has_flag (con, MUSTER_BS_FLAG_CHILD_FORCES), NULL, group };
  double limit = _muster_bs_modified_number (ctx, owners, con->id, con->value);
  double count = 0;
  const char *owner_type, *owner_id, *owner_entry_id, *owner_name;
  char *path;
  MusterBsCategory primary;
  MusterBsSelection *holder;
  const char *what = "selections";

  if (!max && g_strcmp0 (con->type, "min") != 0 && g_strcmp0 (con->type, "exactly") != 0)
    return;
  if ((max && limit < 0) || (!max && limit <= 0))
    return;
  if (strcmp (field, "forces") == 0)
    {
      /* New Recruit counts the roster's forces for an entry's constraint on forces. */
      if (!first_time (v, con->id, ctx->roster))
        return;
      count = strcmp (scope, "force") == 0
              ? count_all_forces (ctx->force->forces, t.child_forces)
              : count_all_forces (ctx->roster->forces, t.child_forces);
      if ((max && count > limit) || (!max && count < limit))
        add_finding (v, MUSTER_SEVERITY_ERROR, "roster", ctx->roster->id, NULL, con->parent->id,
                     con->id, g_strdup (""),
                     constraint_message (ctx->roster->name, max, count, limit, "forces",
                                         _muster_bs_node_name (option->entry)));
      return;
    }
  if (strcmp (field, "selections") != 0)
    {
      t.cost_type = field;
      what = _muster_bs_node_name (muster_bs_data_lookup (ctx->roster->data, field));
    }

  if (strcmp (scope, "parent") == 0 || strcmp (scope, "self") == 0)
    {
      if (!first_time (v, con->id, ctx->parent ? (gpointer) ctx->parent : (gpointer) ctx->force))
        return;
      count = tally_scope (ctx, &t, scope);
      if (ctx->parent)
        {
          owner_type = "selection";
          owner_id = ctx->parent->id;
          owner_entry_id = ctx->parent->option.entry->id;
          owner_name = muster_bs_selection_get_name (ctx->parent);
          path = selection_path (ctx->parent);
        }
      else if (static_primary (option, ctx->roster->data, &primary))
        {
          owner_type = "category";
          owner_id = primary.id;
          owner_entry_id = primary.entry_id;
          owner_name = primary.name;
          path = force_path (ctx->force);
        }
      else
        {
          owner_type = "force";
          owner_id = ctx->force->id;
          owner_entry_id = ctx->force->entry->id;
          owner_name = muster_bs_force_get_name (ctx->force);
          path = force_path (ctx->force);
        }
    }
  else if (strcmp (scope, "roster") == 0)
    {
      if (!first_time (v, con->id, ctx->roster))
        return;
      count = tally_scope (ctx, &t, scope);
      owner_type = "roster";
      owner_id = ctx->roster->id;
      owner_entry_id = NULL;
      owner_name = ctx->roster->name;
      path = g_strdup ("");
    }
  else if ((holder = scope_entry (ctx, scope)) != NULL)
    {
      if (!first_time (v, con->id, holder))
        return;
      count = tally_scope (ctx, &t, scope);
      owner_type = "selection";
      owner_id = holder->id;
      owner_entry_id = holder->option.entry->id;
      owner_name = muster_bs_selection_get_name (holder);
      path = selection_path (holder);
    }
  else
    {
      /* A scope naming a force entry (Black Powder's "French 1815") holds only in such a
       * force: elsewhere the constraint says nothing. */
      if (is_entry_scope (scope) && !_muster_bs_force_is (ctx->force, scope))
        return;
      /* force, and the scopes this engine judges per force */
      if (!first_time (v, con->id, ctx->force))
        return;
      count = tally_scope (ctx, &t, scope);
      owner_type = "force";
      owner_id = ctx->force->id;
      owner_entry_id = ctx->force->entry->id;
      owner_name = muster_bs_force_get_name (ctx->force);
      path = force_path (ctx->force);
    }

  if (muster_bs_node_has_flag (con, MUSTER_BS_FLAG_PERCENT))
    {
      MusterBsTally whole = t;
      double all;

      whole.any = TRUE;
      whole.found = NULL;
      all = tally_scope (ctx, &whole, scope);
      count = all > 0 ? count * 100 / all : 0;
    }
  if ((max && count > limit) || (!max && count < limit))
    {
      char *message = custom_message (ctx, option, con, owner_name);

      if (message == NULL)
        message = constraint_message (owner_name, max, count, limit, what,
                                      _muster_bs_node_name (option->entry));

      /* New Recruit puts the finding on a selection of the entry when there is one; a
       * shortfall in a force is on the force as well. */
      if (t.found != NULL && !group && (max || strcmp (owner_type, "force") == 0))
        add_finding (v, MUSTER_SEVERITY_ERROR, "selection", t.found->id,
                     t.found->option.entry->id, con->parent->id, con->id,
                     selection_path (t.found), g_strdup (message));
      if (t.found == NULL || !max || group)
        add_finding (v, MUSTER_SEVERITY_ERROR, owner_type, owner_id, owner_entry_id,
                     con->parent->id, con->id, path, message);
      else
        {
          g_free (message);
          g_free (path);
        }
    }
  else
    g_free (path);
}

static void
check_constraints_of (Validation            *v,
                      const MusterBsContext *ctx,
                      const MusterBsOption  *option,
                      gboolean               group)
{
  const MusterBsNode *owners[] = { option->entry, option->link };

  for (int k = 0; k < 2; k++)
    for (const MusterBsNode *c = owners[k] ? owners[k]->first_child : NULL; c; c = c->next)
      if (c->kind == MUSTER_BS_NODE_CONSTRAINT)
        check_constraint (v, ctx, option, group, c);
}

/* The constraints of an option offered in a container, unless it is hidden there. */
static void
check_slot (Validation         *v,
            MusterBsForce      *force,
            MusterBsSelection  *parent,
            const MusterBsSlot *slot)
{
  MusterBsContext ctx = { v->roster, force, parent, NULL };

  if (!_muster_bs_option_hidden (&ctx, slot->option))
    check_constraints_of (v, &ctx, slot->option, slot->group);
}

/* A selection's own findings: messages, hidden. */
static void
check_selection (Validation        *v,
                 MusterBsSelection *sel)
{
  g_autoptr(GPtrArray) messages = _muster_bs_selection_messages (sel);

  begin_check (v, FALSE);

  for (guint i = 0; i < messages->len; i++)
    {
      MusterBsFinding *m = g_ptr_array_index (messages, i);

      add_finding (v, m->severity, "selection", sel->id, sel->option.entry->id,
                   sel->option.entry->id, m->constraint_id, selection_path (sel),
                   g_steal_pointer (&m->message));
    }
  if (muster_bs_selection_get_hidden (sel))
    {
      const char *container = sel->parent ? muster_bs_selection_get_name (sel->parent)
                                          : muster_bs_force_get_name (sel->force);

      add_finding (v, MUSTER_SEVERITY_ERROR, "selection", sel->id, sel->option.entry->id,
                   sel->option.entry->id, "hidden", selection_path (sel),
                   muster_format_message (N_("{container} cannot have any selections of "
                                             "{entry} (hidden)"), (const char *[]) {
                     "container", container ? container : "",
                     "entry", muster_bs_selection_get_name (sel) ? muster_bs_selection_get_name (sel)
                                                                 : "", NULL }));
    }
}

static void
check_categories (Validation    *v,
                  MusterBsForce *force)
{
  MusterBsData *data = v->roster->data;
  MusterBsContext ctx = { v->roster, force, NULL, NULL };

  for (const MusterBsNode *link = force->entry->first_child; link; link = link->next)
    {
      const MusterBsNode *cat;
      const MusterBsNode *owners[3];

      if (link->kind != MUSTER_BS_NODE_CATEGORY_LINK)
        continue;
      cat = muster_bs_data_lookup (data, link->target_id);
      owners[0] = link;
      owners[1] = cat;
      owners[2] = NULL;
      for (int k = 0; k < 2; k++)
        for (const MusterBsNode *con = owners[k] ? owners[k]->first_child : NULL; con; con = con->next)
          {
            gboolean max;
            double limit, count = 0;
            const char *field;

            if (con->kind != MUSTER_BS_NODE_CONSTRAINT)
              continue;
            max = g_strcmp0 (con->type, "max") == 0;
            field = con->field ? con->field : "selections";
            limit = _muster_bs_modified_number (&ctx, owners, con->id, con->value);
            if ((max && limit < 0) || (!max && limit <= 0))
              continue;
            for (guint i = 0; i < force->selections->len; i++)
              {
                MusterBsSelection *sel = g_ptr_array_index (force->selections, i);
                const MusterBsCategory *p = muster_bs_selection_get_primary_category (sel);

                if (p == NULL || g_strcmp0 (p->entry_id, link->target_id) != 0)
                  continue;
                if (strcmp (field, "selections") == 0)
                  count += muster_bs_selection_get_number (sel);
                else
                  count += _muster_bs_cost_of (muster_bs_selection_get_total_costs (sel), field);
              }
            if ((max && count > limit) || (!max && count < limit))
              add_finding (v, MUSTER_SEVERITY_ERROR, "category", link->id, link->target_id,
                           owners[k]->id, con->id, force_path (force),
                           constraint_message (muster_bs_force_get_name (force), max, count,
                                               limit, "selections",
                                               _muster_bs_node_name (cat ? cat : link)));
          }
    }
}

static double
count_forces_of (GPtrArray          *forces,
                 const MusterBsNode *entry,
                 gboolean            deep)
{
  double total = 0;

  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *f = g_ptr_array_index (forces, i);

      if (f->entry == entry)
        total++;
      if (deep)
        total += count_forces_of (f->forces, entry, deep);
    }
  return total;
}

/* A force entry's own constraints and its categories': judged at every walk (there are few,
 * and forces change by edits that invalidate everything anyway). */
static void
check_force (Validation    *v,
             MusterBsForce *force)
{
  MusterBsContext ctx = { v->roster, force, NULL, NULL };
  const MusterBsNode *owners[] = { force->entry, NULL };

  begin_check (v, FALSE);
  for (const MusterBsNode *con = force->entry->first_child; con; con = con->next)
    {
      gboolean max;
      double limit, count;
      GPtrArray *where;

      if (con->kind != MUSTER_BS_NODE_CONSTRAINT || g_strcmp0 (con->field, "forces") != 0)
        continue;
      max = g_strcmp0 (con->type, "max") == 0;
      limit = _muster_bs_modified_number (&ctx, owners, con->id, con->value);
      if ((max && limit < 0) || (!max && limit <= 0))
        continue;
      /* New Recruit counts nothing for a force entry's own constraint on forces (its child
       * filter is the force entry, which no selection query matches): a minimum is never
       * met and a maximum never broken. BattleScribe counts the forces. */
      where = g_strcmp0 (con->scope, "force") == 0 && force->parent ? force->parent->forces
                                                                    : v->roster->forces;
      count = 0 * count_forces_of (where, force->entry,
                                   muster_bs_node_has_flag (con, MUSTER_BS_FLAG_CHILD_FORCES));
      if ((max && count > limit) || (!max && count < limit))
        add_finding (v, MUSTER_SEVERITY_ERROR, "force", force->id, force->entry->id,
                     force->entry->id, con->id, force_path (force),
                     constraint_message (v->roster->name, max, count, limit, "forces",
                                         _muster_bs_node_name (force->entry)));
    }
  if (!muster_bs_force_get_hidden (force))
    check_categories (v, force);
}

/* Walking the roster in BattleScribe's order, checks kept or judged again. */
typedef struct
{
  MusterBsRoster *roster;
  GPtrArray      *findings;
} Walk;

/* The keys of the checks a walk has counted, in an open-addressed table kept with the roster:
 * a walk counts thousands, and a hash table made for each walk spent more time growing than
 * looking up. A slot belongs to the walk whose stamp it bears, so a new walk empties the
 * table by taking a new stamp. */
struct _MusterBsSeen
{
  const char    *id;
  gconstpointer  where;
  guint          stamp;
};

static void
seen_begin (MusterBsRoster *roster)
{
  roster->seen_used = 0;
  if (++roster->seen_stamp == 0)
    {
      /* Stamps came round: every slot is old, but some may bear the new one (0 is none). */
      if (roster->seen != NULL)
        memset (roster->seen, 0, roster->seen_size * sizeof *roster->seen);
      roster->seen_stamp = 1;
    }
}

static guint
seen_slot (struct _MusterBsSeen *table,
           guint                 size,
           guint                 stamp,
           const char           *id,
           gconstpointer         where)
{
  /* Constraint ids are interned and places are objects: their addresses are the key. */
  guint64 h = ((guintptr) id * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) ^
              ((guintptr) where * G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f));
  guint i = (guint) (h >> 32) & (size - 1);

  while (table[i].stamp == stamp && (table[i].id != id || table[i].where != where))
    i = (i + 1) & (size - 1);
  return i;
}

/* Whether this walk counts @check: TRUE the first time it sees its key. */
static gboolean
seen_add (MusterBsRoster      *roster,
          const MusterBsCheck *check)
{
  guint i;

  if ((roster->seen_used + 1) * 2 > roster->seen_size)
    {
      guint size = MAX (roster->seen_size * 2, 1024);
      struct _MusterBsSeen *table = g_new0 (struct _MusterBsSeen, size);

      for (guint k = 0; k < roster->seen_size; k++)
        if (roster->seen[k].stamp == roster->seen_stamp)
          table[seen_slot (table, size, roster->seen_stamp, roster->seen[k].id,
                           roster->seen[k].where)] = roster->seen[k];
      g_free (roster->seen);
      roster->seen = table;
      roster->seen_size = size;
    }
  i = seen_slot (roster->seen, roster->seen_size, roster->seen_stamp, check->id, check->where);
  if (roster->seen[i].stamp == roster->seen_stamp)
    return FALSE;
  roster->seen[i].id = check->id;
  roster->seen[i].where = check->where;
  roster->seen[i].stamp = roster->seen_stamp;
  roster->seen_used++;
  return TRUE;
}

static MusterBsFinding *
finding_copy (const MusterBsFinding *f)
{
  MusterBsFinding *copy = g_memdup2 (f, sizeof *f);

  copy->message = g_strdup (f->message);
  copy->owner_id = g_strdup (f->owner_id);
  copy->owner_entry_id = g_strdup (f->owner_entry_id);
  copy->entry_id = g_strdup (f->entry_id);
  copy->constraint_id = g_strdup (f->constraint_id);
  copy->path = g_strdup (f->path);
  return copy;
}

static void
emit (Walk      *w,
      GPtrArray *checks)
{
  for (guint i = 0; i < checks->len; i++)
    {
      MusterBsCheck *check = g_ptr_array_index (checks, i);

      if (check->keyed && !seen_add (w->roster, check))
        continue;
      for (guint k = 0; k < check->findings->len; k++)
        g_ptr_array_add (w->findings, finding_copy (g_ptr_array_index (check->findings, k)));
    }
}

static void
free_slot (gpointer checks)
{
  if (checks != NULL)
    g_ptr_array_unref (checks);
}

/* A container's checks: slots judged since an edit that could change them are kept. */
static void
walk_container (Walk               *w,
                MusterBsForce      *force,
                MusterBsSelection  *sel,
                GPtrArray         **cache)
{
  GArray *slots = _muster_bs_constrained_options (w->roster, force, sel);

  if (*cache == NULL)
    {
      *cache = g_ptr_array_new_full (slots->len + 1, free_slot);
      g_ptr_array_set_size (*cache, slots->len + 1);
      _muster_bs_index_slots (w->roster, slots);
    }
  for (guint i = 0; i < (*cache)->len; i++)
    {
      Validation v = { w->roster, NULL };

      if (g_ptr_array_index (*cache, i) != NULL)
        continue;
      v.checks = new_checks ();
      if (i > 0)
        check_slot (&v, force, sel, &g_array_index (slots, MusterBsSlot, i - 1));
      else if (sel != NULL)
        check_selection (&v, sel);
      (*cache)->pdata[i] = v.checks;
    }
  for (guint i = 0; i < (*cache)->len; i++)
    emit (w, g_ptr_array_index (*cache, i));
}

static void
walk_selection (Walk              *w,
                MusterBsSelection *sel)
{
  walk_container (w, sel->force, sel, &sel->checks);
  for (guint i = 0; i < sel->children->len; i++)
    walk_selection (w, g_ptr_array_index (sel->children, i));
}

static void
walk_force (Walk          *w,
            MusterBsForce *force)
{
  Validation v = { w->roster, new_checks () };

  check_force (&v, force);
  emit (w, v.checks);
  walk_container (w, force, NULL, &force->checks);
  for (guint i = 0; i < force->selections->len; i++)
    walk_selection (w, g_ptr_array_index (force->selections, i));
  for (guint i = 0; i < force->forces->len; i++)
    walk_force (w, g_ptr_array_index (force->forces, i));
  g_ptr_array_unref (v.checks);
}

GPtrArray *
_muster_bs_validate (MusterBsRoster *roster)
{
  Walk w = { roster, g_ptr_array_new_with_free_func ((GDestroyNotify) muster_bs_finding_free) };
  Validation v = { roster, new_checks () };
  GArray *costs, *limits;

  _muster_bs_flush (roster);
  seen_begin (roster);
  costs = muster_bs_roster_get_costs (roster);
  limits = muster_bs_roster_get_cost_limits (roster);
  begin_check (&v, FALSE);
  for (guint i = 0; i < limits->len; i++)
    {
      MusterBsCost *limit = &g_array_index (limits, MusterBsCost, i);
      double cost = _muster_bs_cost_of (costs, limit->type_id);

      if (cost > limit->value)
        {
          g_autofree char *over = format_amount (cost - limit->value);

          add_finding (&v, MUSTER_SEVERITY_ERROR, "roster", roster->id, NULL, "costLimits",
                       limit->type_id, g_strdup (""),
                       muster_format_message (N_("{roster} is over the {cost} limit by {n} "
                                                 "{cost}"), (const char *[]) {
                         "roster", roster->name ? roster->name : "",
                         "cost", limit->name ? limit->name : "", "n", over, NULL }));
        }
    }
  emit (&w, v.checks);
  for (guint i = 0; i < roster->forces->len; i++)
    walk_force (&w, g_ptr_array_index (roster->forces, i));
  g_ptr_array_unref (v.checks);
  return w.findings;
}

GPtrArray *
muster_bs_roster_get_findings (MusterBsRoster *self)
{
  GPtrArray *findings = _muster_bs_validate (self);

  _muster_bs_roster_add_gone_findings (self, findings);
  return findings;
}

GPtrArray *
muster_bs_roster_get_issues (MusterBsRoster *self)
{
  g_autoptr(GPtrArray) findings = muster_bs_roster_get_findings (self);
  GPtrArray *issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);

  for (guint i = 0; i < findings->len; i++)
    {
      MusterBsFinding *f = g_ptr_array_index (findings, i);
      MusterIssue *issue = muster_issue_new (f->severity, f->constraint_id, NULL,
                                             g_strcmp0 (f->owner_type, "selection") == 0
                                             ? f->owner_id : NULL, f->message);

      issue->path = g_strdup (f->path);
      issue->location = g_strdup (f->path);
      g_ptr_array_add (issues, issue);
    }
  return issues;
}
