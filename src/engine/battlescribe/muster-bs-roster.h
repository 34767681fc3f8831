/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-bs-data.h"
#include "muster-issue.h"

G_BEGIN_DECLS

/*
 * A BattleScribe roster over a MusterBsData: forces (nested), each with a tree of
 * selections. Instance ids are kept as read from a .ros file, or made fresh for new ones.
 *
 * Everything a selection shows (name, hidden, costs, categories, profiles, rules) is its
 * entry's after the modifiers that apply in the roster as it stands; the getters evaluate
 * lazily and cache per selection until the next edit (see muster-bs-eval.c).
 *
 * Edits are reversible like the army model's: removing returns the very force or selection,
 * detached, and inserting it back at its index restores it with its ids; set_count and
 * set_cost_limit return the previous value.
 */

typedef struct _MusterBsRoster    MusterBsRoster;
typedef struct _MusterBsForce     MusterBsForce;
typedef struct _MusterBsSelection MusterBsSelection;

/**
 * MusterBsCost:
 * @type_id: the cost type's id (interned in the data set)
 * @name: the cost type's name
 * @value: the value
 *
 * One cost of a selection (already multiplied by its number), of a roster, or a cost limit.
 */
typedef struct
{
  const char *type_id;
  const char *name;
  double      value;
} MusterBsCost;

/**
 * MusterBsCategory:
 * @id: the category's instance id in a roster (stable while the selection lives)
 * @entry_id: the category entry's id
 * @name: its name
 * @primary: whether it is the selection's primary category
 */
typedef struct
{
  const char *id;
  const char *entry_id;
  const char *name;
  gboolean    primary;
} MusterBsCategory;

/* The category entry id New Recruit gives a root selection with no category ("Uncategorized"). */
#define MUSTER_BS_NO_CATEGORY "(No Category)"

/**
 * MusterBsCharacteristic:
 * @name: the characteristic's name
 * @type_id: its characteristic type id
 * @value: its value after modifiers
 */
typedef struct
{
  const char *name;
  const char *type_id;
  const char *value;
} MusterBsCharacteristic;

/**
 * MusterBsProfile:
 * @id: the profile's id
 * @name: its name after modifiers
 * @type_id: its profile type id
 * @type_name: its profile type's name
 * @hidden: hidden after modifiers
 * @characteristics: (element-type MusterBsCharacteristic): its characteristics
 * @page: (nullable): its page (an info link's own page over its target's)
 * @publication_id: (nullable): its publication
 */
typedef struct
{
  const char *id;
  const char *name;
  const char *type_id;
  const char *type_name;
  gboolean    hidden;
  GArray     *characteristics;
  const char *page;
  const char *publication_id;
} MusterBsProfile;

/**
 * MusterBsRule:
 * @id: the rule's id
 * @name: its name after modifiers
 * @description: its description after modifiers
 * @hidden: hidden after modifiers
 * @page: (nullable): its page (an info link's own page over its target's)
 * @publication_id: (nullable): its publication
 */
typedef struct
{
  const char *id;
  const char *name;
  const char *description;
  gboolean    hidden;
  const char *page;
  const char *publication_id;
} MusterBsRule;

/**
 * MusterBsFinding:
 * @severity: error, warning or info (New Recruit's info/warning modifiers)
 * @message: what is wrong, in words
 * @owner_type: "roster", "force", "category" or "selection"
 * @owner_id: (nullable): the owning roster element's instance id
 * @owner_entry_id: (nullable): the owner's entry id (force entry, category, entry)
 * @entry_id: (nullable): the entry whose constraint failed; "costLimits" for a cost limit
 * @constraint_id: (nullable): the constraint's id; the cost type's id for a cost limit;
 *   "hidden" for a hidden selection
 * @path: the owner as instance ids from the roster down ("force-1/sel-4")
 *
 * One validation finding, with what the suite's getErrors needs.
 */
typedef struct
{
  MusterSeverity  severity;
  char           *message;
  const char     *owner_type;
  char           *owner_id;
  char           *owner_entry_id;
  char           *entry_id;
  char           *constraint_id;
  char           *path;
} MusterBsFinding;

void             muster_bs_finding_free          (MusterBsFinding *finding);

/* The roster. @data must outlive it. */
MusterBsRoster  *muster_bs_roster_new            (MusterBsData        *data,
                                                  const char          *name);
void             muster_bs_roster_free           (MusterBsRoster      *self);
MusterBsData    *muster_bs_roster_get_data       (const MusterBsRoster *self);
const char      *muster_bs_roster_get_id         (const MusterBsRoster *self);
const char      *muster_bs_roster_get_name       (const MusterBsRoster *self);
void             muster_bs_roster_set_name       (MusterBsRoster      *self,
                                                  const char          *name);
const char      *muster_bs_roster_get_custom_notes (const MusterBsRoster *self);
void             muster_bs_roster_set_custom_notes (MusterBsRoster    *self,
                                                  const char          *notes);
guint            muster_bs_roster_get_n_forces   (const MusterBsRoster *self);
MusterBsForce   *muster_bs_roster_get_force      (const MusterBsRoster *self,
                                                  guint                index);
/* Any force (nested too) or selection by instance id. */
MusterBsForce   *muster_bs_roster_find_force     (const MusterBsRoster *self,
                                                  const char          *id);
MusterBsSelection *muster_bs_roster_find_selection (const MusterBsRoster *self,
                                                  const char          *id);
/* The roster's costs per cost type: every visible type some cost of the data is of, zero or
 * not, and any other type its selections have costs of. */
GArray          *muster_bs_roster_get_costs      (MusterBsRoster      *self);
/* The cost limits: every cost type with a limit set or a defaultCostLimit >= 0. */
GArray          *muster_bs_roster_get_cost_limits (MusterBsRoster     *self);
/* Sets a cost limit (< 0: none); returns the previous (-1 when none). */
double           muster_bs_roster_set_cost_limit (MusterBsRoster      *self,
                                                  const char          *cost_type_id,
                                                  double               value);
/* Validates the roster: (element-type MusterBsFinding) (transfer full). */
GPtrArray       *muster_bs_roster_get_findings   (MusterBsRoster      *self);
/* The same as the engine's issues: constraint id as rule id, instance path as location. */
GPtrArray       *muster_bs_roster_get_issues     (MusterBsRoster      *self);

/* Forces. @auto_selected (nullable) gets the selections made because entries are required
 * (element-type MusterBsSelection, borrowed). */
MusterBsForce   *muster_bs_roster_add_force      (MusterBsRoster      *self,
                                                  MusterBsForce       *parent,
                                                  const char          *force_entry_id,
                                                  const char          *catalogue_id,
                                                  GPtrArray           *auto_selected,
                                                  GError             **error);
/* Detaches @force (with its children) and returns it; *index gets where it was. */
MusterBsForce   *muster_bs_roster_remove_force   (MusterBsRoster      *self,
                                                  MusterBsForce       *force,
                                                  guint               *index);
void             muster_bs_roster_insert_force   (MusterBsRoster      *self,
                                                  MusterBsForce       *parent,
                                                  guint                index,
                                                  MusterBsForce       *force);
/* A deep copy with fresh ids, made last among its siblings. */
MusterBsForce   *muster_bs_roster_duplicate_force (MusterBsRoster     *self,
                                                  MusterBsForce       *force);
void             muster_bs_force_free            (MusterBsForce       *force);

const char      *muster_bs_force_get_id          (const MusterBsForce *force);
const char      *muster_bs_force_get_entry_id    (const MusterBsForce *force);
const char      *muster_bs_force_get_name        (const MusterBsForce *force);
const char      *muster_bs_force_get_catalogue_id (const MusterBsForce *force);
const char      *muster_bs_force_get_catalogue_name (const MusterBsForce *force);
const char      *muster_bs_force_get_custom_name (const MusterBsForce *force);
void             muster_bs_force_set_custom_name (MusterBsForce       *force,
                                                  const char          *name);
const char      *muster_bs_force_get_custom_notes (const MusterBsForce *force);
void             muster_bs_force_set_custom_notes (MusterBsForce      *force,
                                                  const char          *notes);
const MusterBsNode *muster_bs_force_get_entry    (const MusterBsForce *force);
MusterBsForce   *muster_bs_force_get_parent      (const MusterBsForce *force);
gboolean         muster_bs_force_get_hidden      (MusterBsForce       *force);
/* Child forces come in the order of their force entries' definitions, selections by their
 * primary category's place among the force entry's categories (none first), then by their
 * entry's own name (before modifiers; numbers compared as numbers, case aside), as New
 * Recruit shows them; a selection's children by that name. Every client sees this one
 * order. The indexes of remove/insert are positions in the order things were made. */
guint            muster_bs_force_get_n_forces    (const MusterBsForce *force);
MusterBsForce   *muster_bs_force_get_force       (const MusterBsForce *force,
                                                  guint                index);
guint            muster_bs_force_get_n_selections (const MusterBsForce *force);
MusterBsSelection *muster_bs_force_get_selection (const MusterBsForce *force,
                                                  guint                index);
/* The force's categories (its entry's category links): (element-type MusterBsCategory). */
GArray          *muster_bs_force_get_categories  (MusterBsForce       *force);
/* The force entry's profiles and rules (as for selections), the root rules of its
 * catalogue and of the game system after them. */
GArray          *muster_bs_force_get_profiles    (MusterBsForce       *force);
GArray          *muster_bs_force_get_rules       (MusterBsForce       *force);
/* The costs of everything in the force (child forces included). */
GArray          *muster_bs_force_get_costs       (MusterBsForce       *force);

/* Selections. @parent NULL selects at the force's root. @entry_id may be the entry's id,
 * the id of the link that offers it, or the composite id ("link::entry"). */
MusterBsSelection *muster_bs_roster_select       (MusterBsRoster      *self,
                                                  MusterBsForce       *force,
                                                  MusterBsSelection   *parent,
                                                  const char          *entry_id,
                                                  GPtrArray           *auto_selected,
                                                  GError             **error);
/* The entries a force's root (@parent NULL) or a selection offers, hidden ones included:
 * their composite entry ids, interned (transfer container). */
GPtrArray       *muster_bs_roster_list_entries   (MusterBsRoster      *self,
                                                  MusterBsForce       *force,
                                                  MusterBsSelection   *parent);
/* Whether the entry @entry_id offered there is hidden now (modifiers applied). */
gboolean         muster_bs_roster_entry_hidden   (MusterBsRoster      *self,
                                                  MusterBsForce       *force,
                                                  MusterBsSelection   *parent,
                                                  const char          *entry_id);
/* Whether each entry muster_bs_roster_list_entries() gives is hidden now, in its order
 * (gboolean, transfer full). The container keeps the answers until an edit reaches what the
 * entry's modifiers read, so an editor may ask after every edit. */
GArray          *muster_bs_roster_list_hidden    (MusterBsRoster      *self,
                                                  MusterBsForce       *force,
                                                  MusterBsSelection   *parent);
/* Detaches @selection and returns it; *index gets where it was under its parent. */
MusterBsSelection *muster_bs_roster_remove_selection (MusterBsRoster  *self,
                                                  MusterBsSelection   *selection,
                                                  guint               *index);
void             muster_bs_roster_insert_selection (MusterBsRoster    *self,
                                                  MusterBsForce       *force,
                                                  MusterBsSelection   *parent,
                                                  guint                index,
                                                  MusterBsSelection   *selection);
MusterBsSelection *muster_bs_roster_duplicate_selection (MusterBsRoster *self,
                                                  MusterBsSelection   *selection);
/* Sets the selection's amount per parent model (>= 0); returns the previous one. */
int              muster_bs_roster_set_count      (MusterBsRoster      *self,
                                                  MusterBsSelection   *selection,
                                                  int                  count);
void             muster_bs_selection_free        (MusterBsSelection   *selection);

/* New Recruit's automatic constraints (muster-bs-automatic.c): after an edit, the counts
 * they bound are brought inside their bounds, as part of that edit. The changes made are
 * kept so that undoing the edit takes them back (revert them first, then the edit) and
 * redoing it makes them again (the edit first). NULL when nothing changed. */
typedef struct _MusterBsAdjustments MusterBsAdjustments;

MusterBsAdjustments *muster_bs_roster_keep_automatic (MusterBsRoster  *self);
void             muster_bs_adjustments_revert    (MusterBsRoster      *self,
                                                  MusterBsAdjustments *adjustments);
void             muster_bs_adjustments_apply     (MusterBsRoster      *self,
                                                  MusterBsAdjustments *adjustments);
/* How many changes: counts set, selections added or removed. */
guint            muster_bs_adjustments_get_n_changes (const MusterBsAdjustments *adjustments);
/* Frees what only the adjustments hold (selections they detached). */
void             muster_bs_adjustments_free      (MusterBsAdjustments *adjustments);

const char      *muster_bs_selection_get_id      (const MusterBsSelection *sel);
/* The entry id as BattleScribe writes it: "link::…::entry" when reached through links. */
const char      *muster_bs_selection_get_entry_id (const MusterBsSelection *sel);
const char      *muster_bs_selection_get_entry_group_id (const MusterBsSelection *sel);
/* The selection entry (the link's target when reached through a link). */
const MusterBsNode *muster_bs_selection_get_entry (const MusterBsSelection *sel);
/* The entry link it was reached through, or NULL. */
const MusterBsNode *muster_bs_selection_get_link (const MusterBsSelection *sel);
const char      *muster_bs_selection_get_type    (const MusterBsSelection *sel);
/* The number as BattleScribe shows it: the amount times its parents' numbers. */
int              muster_bs_selection_get_number  (const MusterBsSelection *sel);
/* The amount per model of its parent (what set_count sets). */
int              muster_bs_selection_get_amount  (const MusterBsSelection *sel);
const char      *muster_bs_selection_get_custom_name (const MusterBsSelection *sel);
void             muster_bs_selection_set_custom_name (MusterBsSelection *sel,
                                                  const char          *name);
const char      *muster_bs_selection_get_custom_notes (const MusterBsSelection *sel);
void             muster_bs_selection_set_custom_notes (MusterBsSelection *sel,
                                                  const char          *notes);
MusterBsSelection *muster_bs_selection_get_parent (const MusterBsSelection *sel);
MusterBsForce   *muster_bs_selection_get_force   (const MusterBsSelection *sel);
guint            muster_bs_selection_get_n_children (const MusterBsSelection *sel);
MusterBsSelection *muster_bs_selection_get_child (const MusterBsSelection *sel,
                                                  guint                index);
/* After modifiers (borrowed, valid until the next edit): */
const char      *muster_bs_selection_get_name    (MusterBsSelection   *sel);
gboolean         muster_bs_selection_get_hidden  (MusterBsSelection   *sel);
/* (element-type MusterBsCost): the selection's own costs times its number. */
GArray          *muster_bs_selection_get_costs   (MusterBsSelection   *sel);
/* (element-type MusterBsCost): own costs plus its children's. */
GArray          *muster_bs_selection_get_total_costs (MusterBsSelection *sel);
GArray          *muster_bs_selection_get_categories (MusterBsSelection *sel);
const MusterBsCategory *muster_bs_selection_get_primary_category (MusterBsSelection *sel);
/* Page after modifiers, and publication id, of the selection's entry. */
const char      *muster_bs_selection_get_page    (MusterBsSelection   *sel);
const char      *muster_bs_selection_get_publication_id (MusterBsSelection *sel);
/* (element-type MusterBsProfile) and (element-type MusterBsRule), infoLinks and
 * infoGroups resolved; hidden ones (and hidden info groups' contents) left out. */
GArray          *muster_bs_selection_get_profiles (MusterBsSelection  *sel);
GArray          *muster_bs_selection_get_rules   (MusterBsSelection   *sel);

/* .ros and .rosz: read (linked against @data; an entry the data lacks is an error naming
 * the file, line and id, unless the file was saved with another revision of the game
 * system or of the force's catalogue: then it is left out, named in
 * muster_bs_roster_get_gone() and a warning among the findings) and write. */
/**
 * MusterBsOutline:
 * @name: the custom name, else the name, as the file records it
 * @detail: (nullable): a force's catalogue name
 * @number: a selection's number (1 when not given)
 * @costs: (nullable): the costs as recorded, "65 pts, 1 CP"; %NULL when all are zero
 * @limits: (nullable): the roster's cost limits as recorded, "2000 pts, 0 CP" (none below
 *   0); %NULL when it sets none, and on forces and selections
 * @force: whether it is a force (else a selection, or the roster at the root)
 * @children: (element-type MusterBsOutline): selections, then child forces
 *
 * A roster read without its game data, to be shown as it was saved.
 */
typedef struct _MusterBsOutline MusterBsOutline;
struct _MusterBsOutline
{
  char      *name;
  char      *detail;
  int        number;
  char      *costs;
  char      *limits;
  gboolean   force;
  GPtrArray *children;
};

MusterBsOutline *muster_bs_outline_read          (GBytes              *bytes,
                                                  const char          *name,
                                                  GError             **error);
void             muster_bs_outline_free          (MusterBsOutline     *self);

/**
 * MusterBsRevisionChange:
 * @id: the game system's or catalogue's id
 * @name: its name
 * @saved: the revision the file was saved with
 * @loaded: the revision of the data it was read with
 *
 * A revision of the data a roster's file names (gameSystemRevision, a force's
 * catalogueRevision) that is not the loaded data's.
 */
typedef struct
{
  const char *id;
  const char *name;
  int         saved;
  int         loaded;
} MusterBsRevisionChange;

int              muster_bs_roster_get_file_revision (const MusterBsRoster *self);
GPtrArray       *muster_bs_roster_get_gone       (const MusterBsRoster *self);
/* (element-type MusterBsRevisionChange): the game system first, then each catalogue once. */
GArray          *muster_bs_roster_get_revision_changes (const MusterBsRoster *self);
/* Once the roster is saved again its file has the data's revisions and no longer what was
 * left out: forgets both (and the findings naming what was left out). */
void             muster_bs_roster_forget_gone    (MusterBsRoster      *self);
MusterBsRoster  *muster_bs_roster_load           (MusterBsData        *data,
                                                  const char          *name,
                                                  GBytes              *bytes,
                                                  GError             **error);
GBytes          *muster_bs_roster_save           (MusterBsRoster      *self,
                                                  gboolean             zipped,
                                                  GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterBsRoster, muster_bs_roster_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterBsFinding, muster_bs_finding_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterBsOutline, muster_bs_outline_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterBsAdjustments, muster_bs_adjustments_free)

G_END_DECLS
