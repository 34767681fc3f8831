/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-error.h"

G_BEGIN_DECLS

/*
 * BattleScribe game data: one game system (.gst) and its catalogues (.cat), read straight
 * from the XML stream into one kind of compact node. Every string is interned in the data
 * set's string chunk, so ids compare by pointer once interned with muster_bs_data_intern().
 * Nodes are read-only after loading and live as long as their MusterBsData.
 */

typedef enum
{
  MUSTER_BS_NODE_OTHER,
  MUSTER_BS_NODE_GAME_SYSTEM,
  MUSTER_BS_NODE_CATALOGUE,
  MUSTER_BS_NODE_CATALOGUE_LINK,
  MUSTER_BS_NODE_PUBLICATION,
  MUSTER_BS_NODE_COST_TYPE,
  MUSTER_BS_NODE_PROFILE_TYPE,
  MUSTER_BS_NODE_CHARACTERISTIC_TYPE,
  MUSTER_BS_NODE_CATEGORY_ENTRY,
  MUSTER_BS_NODE_FORCE_ENTRY,
  MUSTER_BS_NODE_SELECTION_ENTRY,
  MUSTER_BS_NODE_SELECTION_ENTRY_GROUP,
  MUSTER_BS_NODE_ENTRY_LINK,
  MUSTER_BS_NODE_CATEGORY_LINK,
  MUSTER_BS_NODE_INFO_LINK,
  MUSTER_BS_NODE_INFO_GROUP,
  MUSTER_BS_NODE_PROFILE,
  MUSTER_BS_NODE_CHARACTERISTIC,
  MUSTER_BS_NODE_RULE,
  MUSTER_BS_NODE_COST,
  MUSTER_BS_NODE_CONSTRAINT,
  MUSTER_BS_NODE_MODIFIER,
  MUSTER_BS_NODE_MODIFIER_GROUP,
  MUSTER_BS_NODE_CONDITION,
  MUSTER_BS_NODE_CONDITION_GROUP,
  MUSTER_BS_NODE_LOCAL_CONDITION_GROUP,
  MUSTER_BS_NODE_REPEAT,
} MusterBsNodeKind;

/* Where a node sits in its parent: the list element it came in. */
typedef enum
{
  MUSTER_BS_IN_NONE,
  MUSTER_BS_IN_ROOT,        /* selectionEntries / entryLinks / forceEntries ... at the root */
  MUSTER_BS_IN_SHARED,      /* sharedSelectionEntries / sharedSelectionEntryGroups / shared* */
  MUSTER_BS_IN_CHILD,       /* a child list of an entry */
} MusterBsPlace;

enum
{
  MUSTER_BS_FLAG_HIDDEN          = 1 << 0,
  MUSTER_BS_FLAG_COLLECTIVE      = 1 << 1,
  MUSTER_BS_FLAG_IMPORT          = 1 << 2,
  MUSTER_BS_FLAG_PRIMARY         = 1 << 3,
  MUSTER_BS_FLAG_SHARED          = 1 << 4,  /* constraint/condition/repeat `shared` */
  MUSTER_BS_FLAG_CHILD_SELECTIONS = 1 << 5, /* includeChildSelections */
  MUSTER_BS_FLAG_CHILD_FORCES    = 1 << 6,  /* includeChildForces */
  MUSTER_BS_FLAG_PERCENT         = 1 << 7,  /* percentValue */
  MUSTER_BS_FLAG_ROUND_UP        = 1 << 8,
  MUSTER_BS_FLAG_IMPORT_ROOT     = 1 << 9,  /* a catalogue link's importRootEntries */
  MUSTER_BS_FLAG_LIBRARY         = 1 << 10,
  MUSTER_BS_FLAG_AUTOMATIC       = 1 << 11, /* New Recruit's automatic constraint */
  MUSTER_BS_FLAG_NEGATIVE        = 1 << 12, /* New Recruit's negative constraint */
  MUSTER_BS_FLAG_NO_IMPORT       = 1 << 13, /* import="false" written out */
  MUSTER_BS_FLAG_HAS_CONSTRAINTS = 1 << 14, /* has a constraint child (set on loading) */
};

typedef struct _MusterBsNode MusterBsNode;
typedef struct _MusterBsData MusterBsData;

/**
 * MusterBsNode:
 * @kind: what the element is
 * @place: which list of its parent it came in
 * @flags: MUSTER_BS_FLAG_* bits (booleans default as the schema says: `shared` on)
 * @id: (nullable): the id attribute
 * @name: (nullable): the name attribute
 * @target_id: (nullable): targetId of links
 * @type: (nullable): the type attribute (unit/model/upgrade, min/max, set/increment…,
 *   and/or, selectionEntry/selectionEntryGroup, equalTo…)
 * @type_id: (nullable): typeId of costs, profiles and characteristics
 * @field: (nullable): field of constraints, modifiers, conditions and repeats
 * @scope: (nullable): scope of constraints, conditions and repeats
 * @child_id: (nullable): childId of conditions and repeats
 * @text: (nullable): value attribute as written (modifiers), a characteristic's or a
 *   rule description's text, defaultSelectionEntryId of groups, New Recruit's message of
 *   constraints
 * @page: (nullable): page attribute
 * @publication_id: (nullable): publicationId attribute
 * @value: the numeric value attribute (costs, constraints, conditions, repeats, defaultCostLimit);
 *   the revision of a game system or catalogue
 * @repeats: a repeat's repeats attribute
 * @line: the line of the element in its file
 * @parent: (nullable): the enclosing node
 * @first_child: (nullable): first child node
 * @next: (nullable): next sibling
 * @file: the game system or catalogue node the element was read from
 * @first_modifier: (nullable): the first modifier or modifier group child
 * @last_modifier: (nullable): the last one (modifiers are looked for after every edit:
 *   walking only this stretch of the children saves the profiles, rules … before it)
 *
 * One element of game data. Containers (selectionEntries, modifiers …) are not nodes: their
 * children hang straight under the owning node, with @place saying root or shared.
 */
struct _MusterBsNode
{
  MusterBsNodeKind  kind : 8;
  MusterBsPlace     place : 8;
  guint             flags : 16;
  const char       *id;
  const char       *name;
  const char       *target_id;
  const char       *type;
  const char       *type_id;
  const char       *field;
  const char       *scope;
  const char       *child_id;
  const char       *text;
  const char       *page;
  const char       *publication_id;
  double            value;
  int               repeats;
  int               line;
  MusterBsNode     *parent;
  MusterBsNode     *first_child;
  MusterBsNode     *next;
  MusterBsNode     *file;
  MusterBsNode     *first_modifier;
  MusterBsNode     *last_modifier;
};

/* Hostile-input caps; the loader refuses anything beyond them. */
#define MUSTER_BS_MAX_FILE_SIZE   (64 * 1024 * 1024)
#define MUSTER_BS_MAX_DEPTH       128
#define MUSTER_BS_MAX_ELEMENTS    (4 * 1024 * 1024)

/* Data set: create, load, index. */
MusterBsData       *muster_bs_data_new              (void);
void                muster_bs_data_free             (MusterBsData  *self);
MusterBsData       *muster_bs_data_copy             (const MusterBsData *self);
/* Loads one .gst/.cat (or zipped .gstz/.catz) from memory; @name names it in errors. */
gboolean            muster_bs_data_add_bytes        (MusterBsData  *self,
                                                     const char    *name,
                                                     GBytes        *bytes,
                                                     GError       **error);
gboolean            muster_bs_data_add_file         (MusterBsData  *self,
                                                     const char    *path,
                                                     GError       **error);
/* Every .gst/.gstz/.cat/.catz of @dir (not recursive), then muster_bs_data_resolve(). */
MusterBsData       *muster_bs_data_load_dir         (const char    *dir,
                                                     GError       **error);
/* Builds the id index and resolves links once everything is added. Dangling links and
 * cycles become findings (muster_bs_data_get_problems()), not errors; a missing game
 * system or a catalogue of another game system is an error. */
gboolean            muster_bs_data_resolve          (MusterBsData  *self,
                                                     GError       **error);

/* Queries (after resolve). */
const MusterBsNode *muster_bs_data_get_game_system  (const MusterBsData *self);
/* The catalogues in load order (borrowed array of MusterBsNode*). */
GPtrArray          *muster_bs_data_get_catalogues   (const MusterBsData *self);
const MusterBsNode *muster_bs_data_get_catalogue    (const MusterBsData *self,
                                                     const char         *id);
/* Any node with an id: entries, links, groups, categories, profiles, rules, force entries,
 * cost types, constraints … The first loaded wins when ids repeat. */
const MusterBsNode *muster_bs_data_lookup           (const MusterBsData *self,
                                                     const char         *id);
/* A link's target, or NULL when it dangles. Resolves chains of links to the final node. */
const MusterBsNode *muster_bs_data_resolve_link     (const MusterBsData *self,
                                                     const MusterBsNode *link);
/* The catalogues whose root entries a force of @catalogue offers: itself, the game
 * system, and catalogue links with importRootEntries (transitively). Borrowed nodes, in
 * order; free the array only. */
GPtrArray          *muster_bs_data_root_files       (const MusterBsData *self,
                                                     const MusterBsNode *catalogue);
/* Problems found while resolving ("file:line: message"), NULL-terminated, borrowed. */
const char * const *muster_bs_data_get_problems     (const MusterBsData *self);
/* Interns @s in the data set: equal to a string of its files, it is that string. */
const char         *muster_bs_data_intern           (MusterBsData  *self,
                                                     const char    *s);
/* Whether some cost in the data is of this cost type (rosters total only those). */
gboolean            muster_bs_data_cost_type_used   (const MusterBsData *self,
                                                     const char         *type_id);
/* The limit a new roster starts with for @cost_type (< 0: none): its defaultCostLimit, but
 * MUSTER_BS_FALLBACK_LIMIT instead of a limit of 0 on the first visible cost type. */
#define MUSTER_BS_FALLBACK_LIMIT 1000
double              muster_bs_data_default_cost_limit (const MusterBsData *self,
                                                     const MusterBsNode *cost_type);
guint               muster_bs_data_get_n_nodes      (const MusterBsData *self);

/* Node helpers. */
gboolean            muster_bs_node_has_flag         (const MusterBsNode *node,
                                                     guint               flag);
const MusterBsNode *muster_bs_node_find_child       (const MusterBsNode *node,
                                                     MusterBsNodeKind    kind,
                                                     const char         *id);
const char         *muster_bs_node_kind_to_string   (MusterBsNodeKind    kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterBsData, muster_bs_data_free)

G_END_DECLS
