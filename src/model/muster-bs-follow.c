/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-follow"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army-commands-private.h"
#include "muster-battlefield-commands.h"
#include "muster-bs-follow.h"
#include "muster-bs-scenario.h"
#include "muster-deploy.h"
#include "muster-document-private.h"

struct _MusterBsFollowCommand
{
  MusterCommand   parent_instance;

  MusterDocument *document;   /* borrowed: the document's history owns this command */
  GPtrArray      *steps;      /* MusterCommand: the army and battlefield edits, in order */
  gboolean        done;       /* made by doing it: the history's first apply finds it done */
};

G_DEFINE_FINAL_TYPE (MusterBsFollowCommand, muster_bs_follow_command, MUSTER_TYPE_COMMAND)

static void
muster_bs_follow_command_apply (MusterCommand *command)
{
  MusterBsFollowCommand *self = MUSTER_BS_FOLLOW_COMMAND (command);

  if (self->done)
    {
      self->done = FALSE;
      return;
    }
  for (guint i = 0; i < self->steps->len; i++)
    muster_command_apply (self->steps->pdata[i]);
}

static void
muster_bs_follow_command_revert (MusterCommand *command)
{
  MusterBsFollowCommand *self = MUSTER_BS_FOLLOW_COMMAND (command);

  for (guint i = self->steps->len; i-- > 0;)
    muster_command_revert (self->steps->pdata[i]);
}

/* A run of roster edits is one step here: @next, done after @self, is done after it again. */
static gboolean
muster_bs_follow_command_merge (MusterCommand *command,
                                MusterCommand *next_command)
{
  MusterBsFollowCommand *self = MUSTER_BS_FOLLOW_COMMAND (command);
  MusterBsFollowCommand *next = MUSTER_BS_FOLLOW_COMMAND (next_command);

  if (self->document != next->document)
    return FALSE;
  for (guint i = 0; i < next->steps->len; i++)
    g_ptr_array_add (self->steps, g_object_ref (next->steps->pdata[i]));
  return TRUE;
}

static void
muster_bs_follow_command_finalize (GObject *object)
{
  MusterBsFollowCommand *self = MUSTER_BS_FOLLOW_COMMAND (object);

  g_ptr_array_unref (self->steps);
  G_OBJECT_CLASS (muster_bs_follow_command_parent_class)->finalize (object);
}

static void
muster_bs_follow_command_class_init (MusterBsFollowCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_bs_follow_command_finalize;
  MUSTER_COMMAND_CLASS (klass)->apply = muster_bs_follow_command_apply;
  MUSTER_COMMAND_CLASS (klass)->revert = muster_bs_follow_command_revert;
  MUSTER_COMMAND_CLASS (klass)->merge = muster_bs_follow_command_merge;
}

static void
muster_bs_follow_command_init (MusterBsFollowCommand *self)
{
  self->steps = g_ptr_array_new_with_free_func (g_object_unref);
}

/* Does @step (transfer full) now and keeps it to undo and redo. */
static void
take_step (MusterBsFollowCommand *self,
           MusterCommand         *step)
{
  muster_command_apply (step);
  g_ptr_array_add (self->steps, step);
}

/* The force of @doc placed from the roster @roster_id */
static MusterForce *
find_linked_force (MusterDoc  *doc,
                   const char *roster_id)
{
  for (guint i = 0; doc != NULL && roster_id != NULL && i < muster_doc_get_n_forces (doc); i++)
    if (g_strcmp0 (muster_force_get_roster (muster_doc_get_force (doc, i)), roster_id) == 0)
      return muster_doc_get_force (doc, i);
  return NULL;
}

/* The unit's stands follow its new size, and with @rebase its new base, as placing it made
 * them (their number and files, their base); the rest of its placement stays: where it stands,
 * its facing, its layer. */
static void
restand (MusterBsFollowCommand *self,
         MusterUnit            *unit,
         gboolean               rebase)
{
  MusterDoc *doc = muster_document_get_doc (self->document);
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  const MusterFeature *placement = field != NULL && muster_unit_get_id (unit) != NULL
    ? muster_battlefield_lookup_unit (field, muster_unit_get_id (unit)) : NULL;
  g_autoptr(MusterFeature) fresh = NULL;
  g_autoptr(MusterFeature) stands = NULL;
  MusterCommand *step;

  if (placement == NULL)
    return;
  fresh = muster_unit_placement_new (doc, NULL, field, unit, placement->centre);
  if (fresh->stands == placement->stands && fresh->files == placement->files &&
      (!rebase || (fresh->base_width == placement->base_width &&
                   fresh->base_depth == placement->base_depth)))
    return;
  stands = muster_feature_copy (placement);
  stands->stands = fresh->stands;
  stands->files = fresh->files;
  if (rebase)
    {
      stands->base_width = fresh->base_width;
      stands->base_depth = fresh->base_depth;
    }
  step = muster_features_command_new (self->document, _("Follow Roster"));
  muster_features_command_replace (MUSTER_FEATURES_COMMAND (step), stands);
  take_step (self, step);
}

/* The unit's own cost as a string setter, so that the army's string edit undoes it: "85", or
 * %NULL for none. */
static char *
set_cost_text (gpointer    target,
               const char *text)
{
  gint64 old = muster_unit_set_own_cost (target, text != NULL
                                                 ? g_ascii_strtoll (text, NULL, 10) : -1);

  return old >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, old) : NULL;
}

/* A base as set_base_text() takes it: "40 25" (width and depth, mm) */
static char *
base_text (double width,
           double depth)
{
  char w[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strconcat (g_ascii_dtostr (w, sizeof w, width), " ",
                      g_ascii_dtostr (d, sizeof d, depth), NULL);
}

/* The unit's own base as a string setter, so that the army's string edit undoes it:
 * base_text(), or %NULL for none. */
static char *
set_base_text (gpointer    target,
               const char *text)
{
  double width = 0, depth = 0;
  char *old = NULL;
  char *end;

  if (muster_unit_get_base (target, &width, &depth))
    old = base_text (width, depth);
  width = depth = 0;
  if (text != NULL)
    {
      width = g_ascii_strtod (text, &end);
      depth = g_ascii_strtod (end, NULL);
    }
  muster_unit_set_base (target, width, depth);
  return old;
}

/* A step setting a string of @unit through @setter */
static void
take_unit_string_step (MusterBsFollowCommand *self,
                       MusterUnit            *unit,
                       StringSetter           setter,
                       const char            *value)
{
  MusterArmyCommand *step =
    _muster_army_string_command_new (self->document, setter, unit, value,
                                     g_strdup (_("Follow Roster")));

  step->unit = unit;
  take_step (self, MUSTER_COMMAND (step));
}

/* Brings @unit level with @selection, on the base its data gives, else on @base_width ×
 * @base_depth. */
static void
follow_selection (MusterBsFollowCommand *self,
                  MusterUnit            *unit,
                  MusterBsSelection     *selection,
                  const char            *cost_type,
                  double                 base_width,
                  double                 base_depth)
{
  const char *name = muster_bs_selection_unit_name (selection);
  const char *entry_name = muster_bs_selection_get_name (selection);
  guint size = muster_bs_selection_count_models (selection);
  gint64 cost = muster_bs_selection_cost (selection, cost_type), old_cost;
  double width = base_width, depth = base_depth, old_width, old_depth;
  gboolean rebase, resize;

  if (g_strcmp0 (name, muster_unit_get_name (unit)) != 0)
    take_step (self, muster_rename_unit_command_new (self->document, unit, name));
  if (g_strcmp0 (entry_name, muster_unit_get_entry_name (unit)) != 0)
    take_unit_string_step (self, unit, (StringSetter) muster_unit_set_entry_name, entry_name);
  /* a base the game's data or its default gives, never the player's (the app sets none by
   * hand), so a change of either reaches the table */
  muster_bs_selection_find_base (selection, &width, &depth);
  rebase = !muster_unit_get_base (unit, &old_width, &old_depth) ||
           old_width != width || old_depth != depth;
  if (rebase)
    {
      g_autofree char *text = base_text (width, depth);

      take_unit_string_step (self, unit, set_base_text, text);
    }
  resize = size != muster_unit_get_size (unit);
  if (resize)
    take_step (self, muster_set_unit_size_command_new (self->document, unit, size));
  if (rebase || resize)
    restand (self, unit, rebase);
  if (!muster_unit_get_own_cost (unit, &old_cost) || old_cost != cost)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, cost);

      take_unit_string_step (self, unit, set_cost_text, text);
    }
}

/* The index of @placed[@j]'s unit in @root, or -1 */
static int
index_in_root (MusterNode *root,
               GHashTable *by_selection,
               GPtrArray  *placed,
               guint       j)
{
  MusterUnit *unit = g_hash_table_lookup (by_selection,
                                          muster_bs_selection_get_id (placed->pdata[j]));

  for (guint k = 0; unit != NULL && k < muster_node_get_n_units (root); k++)
    if (muster_node_get_unit (root, k) == unit)
      return k;
  return -1;
}

/* Where in @root the unit of @placed[@i] goes: after the unit of the nearest selection before
 * it that has one in @root, else before that of the nearest after it, else last. */
static guint
roster_position (MusterNode *root,
                 GHashTable *by_selection,
                 GPtrArray  *placed,
                 guint       i)
{
  int k;

  for (guint j = i; j-- > 0;)
    if ((k = index_in_root (root, by_selection, placed, j)) >= 0)
      return k + 1;
  for (guint j = i + 1; j < placed->len; j++)
    if ((k = index_in_root (root, by_selection, placed, j)) >= 0)
      return k;
  return muster_node_get_n_units (root);
}

/**
 * muster_bs_follow_command_new:
 * @document: a scenario, maybe with a force placed from @roster
 * @roster: a roster
 * @base_width: mm, for a new unit whose data gives no base
 * @base_depth: mm
 * @added: (out) (optional): how many units came in (off the table)
 * @removed: (out) (optional): how many left the list and the table
 *
 * Follow Roster (see above), done already: push it on the document's history.
 *
 * Returns: (transfer full) (nullable): the command; %NULL when no force of @document is
 *   @roster's or it is level with it
 */
MusterCommand *
muster_bs_follow_command_new (MusterDocument *document,
                              MusterBsRoster *roster,
                              double          base_width,
                              double          base_depth,
                              guint          *added,
                              guint          *removed)
{
  MusterForce *force = find_linked_force (muster_document_get_doc (document),
                                          muster_bs_roster_get_id (roster));
  const char *cost_type = muster_bs_roster_cost_type (roster);
  g_autoptr(GPtrArray) placed = g_ptr_array_new ();
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);
  /* selection id -> its unit in the scenario */
  g_autoptr(GHashTable) by_selection = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(MusterBsFollowCommand) self = NULL;
  MusterNode *root;

  if (added != NULL)
    *added = 0;
  if (removed != NULL)
    *removed = 0;
  if (force == NULL)
    return NULL;

  self = g_object_new (MUSTER_TYPE_BS_FOLLOW_COMMAND, "label", _("Follow Roster"), NULL);
  self->document = document;
  self->done = TRUE;
  root = muster_force_get_root (force);
  for (guint i = 0; i < muster_bs_roster_get_n_forces (roster); i++)
    muster_bs_force_collect_placed (muster_bs_roster_get_force (roster, i), placed);
  for (guint i = 0; i < placed->len; i++)
    g_hash_table_insert (wanted, (gpointer) muster_bs_selection_get_id (placed->pdata[i]),
                         placed->pdata[i]);

  muster_node_collect_units (root, units);
  for (guint i = 0; i < units->len; i++)
    {
      MusterUnit *unit = units->pdata[i];
      const char *id = muster_unit_get_selection (unit);
      MusterBsSelection *selection;

      /* a unit added in the scenario itself is the umpire's, not the roster's */
      if (id == NULL)
        continue;
      if (!g_hash_table_steal_extended (wanted, id, NULL, (gpointer *) &selection))
        {
          take_step (self, muster_remove_unit_command_new (document, unit));
          if (removed != NULL)
            ++*removed;
          continue;
        }
      follow_selection (self, unit, selection, cost_type, base_width, base_depth);
      g_hash_table_insert (by_selection, (gpointer) id, unit);
    }
  /* the new ones, off the table, each after the unit of the selection before it */
  for (guint i = 0; i < placed->len; i++)
    {
      MusterBsSelection *selection = placed->pdata[i];
      MusterUnit *unit;

      if (!g_hash_table_contains (wanted, muster_bs_selection_get_id (selection)))
        continue;
      unit = muster_bs_unit_new (selection, cost_type, base_width, base_depth);
      take_step (self, _muster_army_insert_unit_command_new (document, root,
                                                             roster_position (root, by_selection,
                                                                              placed, i),
                                                             unit,
                                                             g_strdup (_("Follow Roster"))));
      g_hash_table_insert (by_selection, (gpointer) muster_bs_selection_get_id (selection), unit);
      if (added != NULL)
        ++*added;
    }
  if (self->steps->len == 0)
    return NULL;
  return MUSTER_COMMAND (g_steal_pointer (&self));
}

/* One scenario following one roster: the data of the roster document's "changed" handler */
typedef struct
{
  GWeakRef          document;
  MusterBsDocument *roster_document;   /* borrowed: the handler goes with it */
  double            base_width, base_depth;
} Follow;

#define FOLLOWS "muster-bs-follows"   /* a roster document's Follows (GPtrArray, borrowed) */

static void
follow_free (gpointer  data,
             GClosure *closure)
{
  Follow *follow = data;
  GPtrArray *follows = g_object_get_data (G_OBJECT (follow->roster_document), FOLLOWS);

  if (follows != NULL)
    g_ptr_array_remove_fast (follows, follow);
  g_weak_ref_clear (&follow->document);
  g_free (follow);
}

static void
roster_changed_cb (MusterBsDocument *roster_document,
                   Follow           *follow)
{
  g_autoptr(MusterDocument) document = g_weak_ref_get (&follow->document);
  MusterBsRoster *roster = muster_bs_document_get_roster (roster_document);
  MusterCommand *command;

  if (document == NULL)
    {
      g_signal_handlers_disconnect_by_data (roster_document, follow);
      return;
    }
  if (roster == NULL || muster_document_get_doc (document) == NULL ||
      (command = muster_bs_follow_command_new (document, roster, follow->base_width,
                                               follow->base_depth, NULL, NULL)) == NULL)
    return;
  muster_history_push (muster_document_get_history (document), command);
  g_object_unref (command);
}

/* Whether @roster_document's roster is @document's: a force of it was placed from it */
gboolean
muster_bs_scenario_links (MusterDocument   *document,
                          MusterBsDocument *roster_document)
{
  MusterBsRoster *roster = muster_bs_document_get_roster (roster_document);

  return roster != NULL && find_linked_force (muster_document_get_doc (document),
                                              muster_bs_roster_get_id (roster)) != NULL;
}

/* Returns: (nullable): how @document follows @roster_document, if it does */
static Follow *
find_follow (MusterDocument   *document,
             MusterBsDocument *roster_document)
{
  GPtrArray *follows = g_object_get_data (G_OBJECT (roster_document), FOLLOWS);

  for (guint i = 0; follows != NULL && i < follows->len; i++)
    {
      Follow *follow = follows->pdata[i];
      g_autoptr(MusterDocument) followed = g_weak_ref_get (&follow->document);

      if (followed == document)
        return follow;
    }
  return NULL;
}

/**
 * muster_bs_scenario_follow:
 * @document: a scenario with a force placed from @roster_document's roster
 * @roster_document: the roster, open
 * @base_width: mm, for a new unit whose data gives no base
 * @base_depth: mm
 *
 * Keeps @document level with the roster from now on, while both are open: after each of the
 * roster's edits, Follow Roster, pushed on @document's history; and once now. When @document
 * follows @roster_document already, only a new default base is taken, and reaches the units
 * whose data gives none at once.
 */
void
muster_bs_scenario_follow (MusterDocument   *document,
                           MusterBsDocument *roster_document,
                           double            base_width,
                           double            base_depth)
{
  GPtrArray *follows;
  Follow *follow;

  g_return_if_fail (MUSTER_IS_DOCUMENT (document));
  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (roster_document));

  if ((follow = find_follow (document, roster_document)) != NULL)
    {
      if (follow->base_width != base_width || follow->base_depth != base_depth)
        {
          follow->base_width = base_width;
          follow->base_depth = base_depth;
          roster_changed_cb (roster_document, follow);
        }
      return;
    }
  if ((follows = g_object_get_data (G_OBJECT (roster_document), FOLLOWS)) == NULL)
    {
      follows = g_ptr_array_new ();
      g_object_set_data_full (G_OBJECT (roster_document), FOLLOWS, follows,
                              (GDestroyNotify) g_ptr_array_unref);
    }
  follow = g_new0 (Follow, 1);
  g_weak_ref_init (&follow->document, document);
  follow->roster_document = roster_document;
  follow->base_width = base_width;
  follow->base_depth = base_depth;
  g_ptr_array_add (follows, follow);
  g_signal_connect_data (roster_document, "changed", G_CALLBACK (roster_changed_cb), follow,
                         follow_free, 0);
  roster_changed_cb (roster_document, follow);
}
