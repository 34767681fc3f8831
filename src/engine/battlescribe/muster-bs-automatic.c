/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * New Recruit's automatic constraints (automatic="true" on a constraint).
 *
 * The suite's notes call the flag "uncertain (source-only)" and no spec gives it behaviour,
 * so this reading is the data's. wh40k-10e has 85, every one a min or max on selections in
 * scope parent, and they are of two kinds:
 *  - a unit of fixed size whose models swap: Sanctifiers are 4 with hand flamers, min 4 and
 *    max 4 both falling by one for each special model taken (Raptors, Paladins, Hearthkyn
 *    likewise with a max only);
 *  - wargear that follows a choice: Leagues of Votann's EtaCarn plasma gun is min 0 max 0,
 *    both set to 1 while the unit has a certain weapon.
 * Neither works unless the app keeps the count inside the bounds by itself, and that is what
 * is done here: after an edit, a minimum that rose (or a count that fell below it) adds
 * selections up to it (the entry's own, or a group's default entry), and a maximum that
 * fell (or a count that rose above it) takes the newest selections away down to it. It is
 * part of the edit: the changes are recorded, so that undo takes them back with the edit.
 *
 * Constraints not marked automatic stay findings, and so does an automatic one that cannot
 * be kept: on a hidden entry, on a group without a default, a minimum above the maximum, or
 * in another scope or field (none in the data).
 */

typedef enum
{
  STEP_COUNT,
  STEP_ADD,
  STEP_REMOVE,
} StepKind;

/* One change: a number set, or a selection added to or removed from a list (@index in it). */
typedef struct
{
  StepKind           kind;
  MusterBsForce     *force;
  MusterBsSelection *parent;
  MusterBsSelection *sel;
  guint              index;
  int                old_number;
  int                new_number;
} Step;

struct _MusterBsAdjustments
{
  GArray   *steps;     /* Step, in the order they were made */
  gboolean  applied;   /* else reverted: the added selections are detached and ours */
};

/* A bound that pulls one way forever against another (data whose modifiers chase each
 * other) stops after this many changes per edit. */
#define MAX_STEPS 256

typedef struct
{
  MusterBsRoster      *roster;
  MusterBsAdjustments *adj;
} Keep;

static gboolean
is_automatic (const MusterBsNode *c)
{
  return c->kind == MUSTER_BS_NODE_CONSTRAINT &&
         muster_bs_node_has_flag (c, MUSTER_BS_FLAG_AUTOMATIC) &&
         !muster_bs_node_has_flag (c, MUSTER_BS_FLAG_PERCENT) &&
         (g_strcmp0 (c->type, "min") == 0 || g_strcmp0 (c->type, "max") == 0) &&
         (c->field == NULL || strcmp (c->field, "selections") == 0) &&
         (c->scope == NULL || strcmp (c->scope, "parent") == 0);
}

static gboolean
option_automatic (const MusterBsOption *option)
{
  const MusterBsNode *owners[] = { option->entry, option->link };

  for (int k = 0; k < 2; k++)
    for (const MusterBsNode *c = owners[k] ? owners[k]->first_child : NULL; c; c = c->next)
      if (is_automatic (c))
        return TRUE;
  return FALSE;
}

/* Which of a container's constrained options have an automatic constraint (indexes into
 * them): worked out once per list of options, which containers of one entry share. A force's
 * root offers hundreds, and the game system may offer one with an automatic constraint to
 * every force: only those are looked at after each edit. */
static GArray *
automatic_slots (MusterBsRoster *roster,
                 GArray         *slots)
{
  GArray *found;

  if (roster->automatic == NULL)
    roster->automatic = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  found = g_hash_table_lookup (roster->automatic, slots);
  if (found != NULL)
    return found;
  found = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < slots->len; i++)
    if (option_automatic (g_array_index (slots, MusterBsSlot, i).option))
      g_array_append_val (found, i);
  g_hash_table_insert (roster->automatic, slots, found);
  return found;
}

static GPtrArray *
list_of (MusterBsForce     *force,
         MusterBsSelection *parent)
{
  return parent ? parent->children : force->selections;
}

static void
record (Keep *k,
        Step *step)
{
  g_array_append_vals (k->adj->steps, step, 1);
}

static void
set_number (Keep              *k,
            MusterBsSelection *sel,
            int                number)
{
  Step step = { STEP_COUNT, sel->force, sel->parent, sel, 0, sel->number, number };

  muster_bs_roster_set_count (k->roster, sel, number);
  record (k, &step);
}

/* Adds @n of @option (an entry, not a group) in a container: to the selection of it there
 * is inside a selection, else as New Recruit's auto-selection adds (one unit per selection
 * at a force's root). */
static void
add_option (Keep                 *k,
            MusterBsForce        *force,
            MusterBsSelection    *parent,
            const MusterBsOption *option,
            int                   n)
{
  GPtrArray *list = list_of (force, parent);

  if (parent != NULL)
    for (guint i = 0; i < list->len; i++)
      {
        MusterBsSelection *sel = g_ptr_array_index (list, i);

        if (sel->option.entry_id == option->entry_id)
          {
            set_number (k, sel, sel->number + n);
            return;
          }
      }
  for (int i = 0; i < (parent ? 1 : n); i++)
    {
      MusterBsSelection *sel = _muster_bs_auto_add (k->roster, force, parent, option,
                                                    parent ? n : 1, NULL);
      Step step = { STEP_ADD, force, parent, sel, list->len - 1, 0, sel->number };

      g_ptr_array_find (list, sel, &step.index);
      record (k, &step);
    }
}

static gint
newest_first (gconstpointer a,
              gconstpointer b)
{
  const MusterBsSelection *x = *(MusterBsSelection * const *) a;
  const MusterBsSelection *y = *(MusterBsSelection * const *) b;

  return x->serial < y->serial ? 1 : x->serial > y->serial ? -1 : 0;
}

/* Takes @n away from what @t counts in a container's own list, newest first: a number
 * lowered, a selection whose number would reach 0 removed. */
static void
trim (Keep              *k,
      MusterBsTally     *t,
      MusterBsForce     *force,
      MusterBsSelection *parent,
      int                n)
{
  GPtrArray *list = list_of (force, parent);
  g_autoptr(GPtrArray) matching = g_ptr_array_new ();

  for (guint i = 0; i < list->len; i++)
    if (_muster_bs_tally_matches (t, g_ptr_array_index (list, i)))
      g_ptr_array_add (matching, g_ptr_array_index (list, i));
  g_ptr_array_sort (matching, newest_first);
  for (guint i = 0; i < matching->len && n > 0; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (matching, i);
      int take = MIN (n, sel->number);

      n -= take;
      if (sel->number > take)
        set_number (k, sel, sel->number - take);
      else
        {
          Step step = { STEP_REMOVE, force, parent, sel, 0, sel->number, sel->number };

          muster_bs_roster_remove_selection (k->roster, sel, &step.index);
          record (k, &step);
        }
    }
}

/* Keeps the automatic constraints of one option offered in a container; TRUE if it changed
 * anything. */
static gboolean
keep_slot (Keep               *k,
           MusterBsForce      *force,
           MusterBsSelection  *parent,
           const MusterBsSlot *slot)
{
  const MusterBsOption *option = slot->option;
  const MusterBsNode *owners[] = { option->entry, option->link, NULL };
  MusterBsContext ctx = { k->roster, force, parent, NULL };
  double lo = 0, hi = G_MAXDOUBLE;

  if (_muster_bs_option_hidden (&ctx, option))
    return FALSE;
  /* The bounds first: a minimum above a maximum is a finding, not a tug of war. */
  for (int o = 0; o < 2; o++)
    for (const MusterBsNode *c = owners[o] ? owners[o]->first_child : NULL; c; c = c->next)
      if (is_automatic (c))
        {
          double limit = _muster_bs_modified_number (&ctx, owners, c->id, c->value);

          if (strcmp (c->type, "min") == 0)
            lo = MAX (lo, limit);
          else if (limit >= 0)
            hi = MIN (hi, limit);
        }
  if (lo > hi)
    return FALSE;
  for (int o = 0; o < 2; o++)
    for (const MusterBsNode *c = owners[o] ? owners[o]->first_child : NULL; c; c = c->next)
      {
        MusterBsTally t = { option, TRUE, FALSE, FALSE, NULL, slot->group, TRUE };
        double limit, count;

        if (!is_automatic (c))
          continue;
        t.shared = muster_bs_node_has_flag (c, MUSTER_BS_FLAG_SHARED);
        t.deep = muster_bs_node_has_flag (c, MUSTER_BS_FLAG_CHILD_SELECTIONS);
        limit = _muster_bs_modified_number (&ctx, owners, c->id, c->value);
        count = _muster_bs_tally_list (&t, list_of (force, parent));
        if (strcmp (c->type, "max") == 0 && limit >= 0 && count > limit)
          {
            guint before = k->adj->steps->len;

            /* What it counts below the container's own list (includeChildSelections) is
             * left alone: that is the children's to keep. */
            trim (k, &t, force, parent, (int) MIN (ceil (count - limit), MAX_STEPS));
            if (k->adj->steps->len > before)
              return TRUE;
          }
        if (strcmp (c->type, "min") == 0 && count < limit)
          {
            const MusterBsOption *pick = option;

            if (slot->group)
              {
                g_autoptr(GArray) options = _muster_bs_options (k->roster, force, parent);

                pick = _muster_bs_group_pick (options, option);
              }
            if (pick == NULL)
              continue;
            add_option (k, force, parent, pick, (int) MIN (ceil (limit - count), MAX_STEPS));
            return TRUE;
          }
      }
  return FALSE;
}

/* One container and what it holds; TRUE as soon as something changed (the walk starts
 * again: the lists it walks may have). */
static gboolean
keep_container (Keep              *k,
                MusterBsForce     *force,
                MusterBsSelection *parent)
{
  GArray *slots = _muster_bs_constrained_options (k->roster, force, parent);
  GArray *automatic = automatic_slots (k->roster, slots);
  GPtrArray *list = list_of (force, parent);

  for (guint i = 0; i < automatic->len; i++)
    if (keep_slot (k, force, parent,
                   &g_array_index (slots, MusterBsSlot, g_array_index (automatic, guint, i))))
      return TRUE;
  for (guint i = 0; i < list->len; i++)
    if (keep_container (k, force, g_ptr_array_index (list, i)))
      return TRUE;
  return FALSE;
}

static gboolean
keep_forces (Keep      *k,
             GPtrArray *forces)
{
  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *force = g_ptr_array_index (forces, i);

      if (keep_container (k, force, NULL) || keep_forces (k, force->forces))
        return TRUE;
    }
  return FALSE;
}

MusterBsAdjustments *
muster_bs_roster_keep_automatic (MusterBsRoster *self)
{
  Keep k = { self, g_new0 (MusterBsAdjustments, 1) };

  k.adj->steps = g_array_new (FALSE, FALSE, sizeof (Step));
  k.adj->applied = TRUE;
  while (k.adj->steps->len < MAX_STEPS && keep_forces (&k, self->forces))
    ;
  if (k.adj->steps->len == 0)
    g_clear_pointer (&k.adj, muster_bs_adjustments_free);
  return k.adj;
}

void
muster_bs_adjustments_revert (MusterBsRoster      *self,
                              MusterBsAdjustments *adjustments)
{
  g_return_if_fail (adjustments->applied);

  for (guint i = adjustments->steps->len; i-- > 0;)
    {
      Step *step = &g_array_index (adjustments->steps, Step, i);

      if (step->kind == STEP_COUNT)
        muster_bs_roster_set_count (self, step->sel, step->old_number);
      else if (step->kind == STEP_ADD)
        muster_bs_roster_remove_selection (self, step->sel, NULL);
      else
        muster_bs_roster_insert_selection (self, step->force, step->parent, step->index,
                                           step->sel);
    }
  adjustments->applied = FALSE;
}

void
muster_bs_adjustments_apply (MusterBsRoster      *self,
                             MusterBsAdjustments *adjustments)
{
  g_return_if_fail (!adjustments->applied);

  for (guint i = 0; i < adjustments->steps->len; i++)
    {
      Step *step = &g_array_index (adjustments->steps, Step, i);

      if (step->kind == STEP_COUNT)
        muster_bs_roster_set_count (self, step->sel, step->new_number);
      else if (step->kind == STEP_ADD)
        muster_bs_roster_insert_selection (self, step->force, step->parent, step->index,
                                           step->sel);
      else
        muster_bs_roster_remove_selection (self, step->sel, NULL);
    }
  adjustments->applied = TRUE;
}

guint
muster_bs_adjustments_get_n_changes (const MusterBsAdjustments *adjustments)
{
  return adjustments ? adjustments->steps->len : 0;
}

void
muster_bs_adjustments_free (MusterBsAdjustments *adjustments)
{
  if (adjustments == NULL)
    return;
  /* A selection detached now is the adjustments' alone: one removed while applied, one
   * added while reverted. One added and then removed is detached either way, and freed by
   * the one step that holds it. */
  for (guint i = 0; i < adjustments->steps->len; i++)
    {
      Step *step = &g_array_index (adjustments->steps, Step, i);

      if ((step->kind == STEP_REMOVE && adjustments->applied) ||
          (step->kind == STEP_ADD && !adjustments->applied))
        muster_bs_selection_free (step->sel);
    }
  g_array_unref (adjustments->steps);
  g_free (adjustments);
}
