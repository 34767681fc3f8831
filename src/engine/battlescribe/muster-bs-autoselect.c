/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * Auto-selection: what a min constraint requires in a container is selected when a force
 * or selection is added, as New Recruit does; the entries so added require theirs in turn.
 */

static double
required_min (const MusterBsContext *ctx,
              const MusterBsOption  *option)
{
  const MusterBsNode *owners[] = { option->entry, option->link, NULL };
  double need = 0;

  for (int k = 0; k < 2; k++)
    for (const MusterBsNode *c = owners[k] ? owners[k]->first_child : NULL; c; c = c->next)
      if (c->kind == MUSTER_BS_NODE_CONSTRAINT && g_strcmp0 (c->type, "min") == 0 &&
          (c->field == NULL || strcmp (c->field, "selections") == 0 ||
           strcmp (c->field, "forces") == 0) &&
          !muster_bs_node_has_flag (c, MUSTER_BS_FLAG_PERCENT))
        /* New Recruit selects what the data requires before modifiers move the bound
         * (wh40k-10e's Show/Hide Options: a min 1 that a modifier sets to 0). */
        need = MAX (need, c->value);
  return need;
}

/* How many selections of @t's option (an entry or a group) @list lacks; none when hidden. */
static int
count_missing (const MusterBsContext *ctx,
               MusterBsTally         *t,
               GPtrArray             *list)
{
  double need;

  need = required_min (ctx, t->option);
  /* Most options require nothing: they are not worth the modifiers hidden evaluates. */
  if (need <= 0 || _muster_bs_option_hidden (ctx, t->option))
    return 0;
  return (int) MIN (ceil (need - _muster_bs_tally_list (t, list)), 1000);
}

MusterBsSelection *
_muster_bs_auto_add (MusterBsRoster       *roster,
                     MusterBsForce        *force,
                     MusterBsSelection    *parent,
                     const MusterBsOption *option,
                     int                   number,
                     GPtrArray            *added)
{
  MusterBsSelection *sel = _muster_bs_selection_new (force, parent, option, NULL, number);

  g_ptr_array_add (parent ? parent->children : force->selections, sel);
  _muster_bs_changed_selection (roster, sel);
  if (added)
    g_ptr_array_add (added, sel);
  _muster_bs_auto_select (roster, force, sel, added);
  return sel;
}

/* Required entries that select each other nest this deep at most. */
#define MAX_AUTO_DEPTH 16

/* A problem of the data, once per entry: the entries from the first of @sel's ancestors that
 * is @sel's entry again down to @sel, each requiring the next. */
static void
report_cycle (MusterBsRoster    *roster,
              MusterBsSelection *sel)
{
  MusterBsData *data = roster->data;
  const MusterBsNode *entry = sel->option.entry;
  MusterBsSelection *top = sel;
  g_autoptr(GString) chain = g_string_new (NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (MusterBsSelection *a = sel->parent; a; a = a->parent)
    if (a->option.entry == entry)
      {
        top = a;
        break;
      }
  if (top == sel || !g_hash_table_add (data->cycles_reported, (gpointer) entry))
    return;
  for (MusterBsSelection *a = sel; a != top; a = a->parent)
    g_ptr_array_insert (names, 0, (gpointer) _muster_bs_node_name (a->option.entry));
  g_string_append (chain, _muster_bs_node_name (entry));
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (chain, " → %s", (const char *) names->pdata[i]);
  _muster_bs_data_problem (data, entry,
                           "selection entry “%s” (%s) requires itself: %s; auto-selection "
                           "stops %d levels down", _muster_bs_node_name (entry),
                           entry->id ? entry->id : "no id", chain->str, MAX_AUTO_DEPTH);
}

static gboolean
in_group (const MusterBsOption *option,
          const MusterBsOption *group)
{
  for (guint j = 0; option->via && j < option->via->len; j++)
    if (g_ptr_array_index (option->via, j) == group->entry)
      return TRUE;
  return FALSE;
}

/* The option of @options a group selects by itself: its default entry, or its only entry
 * when it names no default; NULL when it has neither. */
const MusterBsOption *
_muster_bs_group_pick (GArray               *options,
                       const MusterBsOption *group)
{
  const char *def = group->entry->text ? group->entry->text
                                       : (group->link ? group->link->text : NULL);
  const MusterBsOption *only = NULL;
  guint n = 0;

  for (guint k = 0; k < options->len; k++)
    {
      const MusterBsOption *option = &g_array_index (options, MusterBsOption, k);

      if (!in_group (option, group))
        continue;
      if (def != NULL && (_muster_bs_option_matches (option, def) ||
                          g_strcmp0 (option->entry_id, def) == 0))
        return option;
      if (n++ == 0)
        only = option;
    }
  /* Without a default, only a group of one entry picks itself. */
  return def == NULL && n == 1 ? only : NULL;
}

void
_muster_bs_auto_select (MusterBsRoster    *roster,
                        MusterBsForce     *force,
                        MusterBsSelection *sel,
                        GPtrArray         *added)
{
  MusterBsContext ctx = { roster, force, sel, NULL };
  g_autoptr(GArray) options = _muster_bs_options (roster, force, sel);
  g_autoptr(GArray) groups = _muster_bs_group_options (roster, force, sel);
  GPtrArray *list = sel ? sel->children : force->selections;
  int depth = 0;

  /* Entries that require themselves through links stop here rather than recurse forever. */
  for (MusterBsSelection *a = sel; a; a = a->parent)
    if (++depth > MAX_AUTO_DEPTH)
      {
        report_cycle (roster, sel);
        return;
      }
  for (guint i = 0; i < options->len; i++)
    {
      const MusterBsOption *option = &g_array_index (options, MusterBsOption, i);
      MusterBsTally t = { .option = option, .shared = TRUE, .per_model = TRUE };
      int missing = count_missing (&ctx, &t, list);

      if (missing <= 0)
        continue;
      /* At a force's root each unit is a selection of its own; inside one, a number. */
      if (sel == NULL)
        for (int k = 0; k < missing; k++)
          _muster_bs_auto_add (roster, force, sel, option, 1, added);
      else
        _muster_bs_auto_add (roster, force, sel, option, missing, added);
    }
  for (guint i = 0; i < groups->len; i++)
    {
      const MusterBsOption *group = &g_array_index (groups, MusterBsOption, i);
      MusterBsTally t = { .option = group, .shared = TRUE, .group = TRUE, .per_model = TRUE };
      const MusterBsOption *pick;
      int missing = count_missing (&ctx, &t, list);

      if (missing > 0 && (pick = _muster_bs_group_pick (options, group)) != NULL)
        _muster_bs_auto_add (roster, force, sel, pick, sel ? missing : 1, added);
    }
}
