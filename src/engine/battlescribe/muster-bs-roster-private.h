/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-bs-private.h"
#include "muster-bs-roster.h"

G_BEGIN_DECLS

/*
 * An option: something a container (a force's root or a selection) offers to select. It is
 * the selection entry at the end of a path of groups and links; @via holds that path from
 * the container down (groups, group links and their target groups, the entry link), which
 * constraints and modifiers on groups and the suite's composite ids need.
 */
typedef struct
{
  const MusterBsNode *entry;          /* the selection entry */
  const MusterBsNode *link;           /* the entry link that offers it, or NULL */
  const MusterBsNode *group;          /* the immediate group (resolved), or NULL */
  const char         *entry_id;       /* composite, interned */
  const char         *entry_group_id; /* composite, interned, or NULL */
  const char         *prefix;         /* link prefix its children inherit ("" for none) */
  GPtrArray          *via;            /* const MusterBsNode*: groups and links on the way */
} MusterBsOption;

/* Effective values of a selection, computed on demand and cached until an edit reaches them.
 * Costs, total costs and categories are worked out apart from the rest: a condition on the
 * costs below a root entry (which wh40k-10e's models have) needs costs, and one asking
 * whether a selection is of a category needs its categories, not its name; a name worked out
 * on the way would see costs that are being worked out. */
typedef struct
{
  guint       generation;        /* of the name, hidden flag, profiles, rules */
  guint       costs_generation;  /* of the costs */
  guint       total_generation;  /* of the total costs */
  guint       categories_generation;
  gboolean    computing;
  gboolean    costs_computing;
  gboolean    categories_computing;
  gboolean    category_hides;    /* an unset-primary modifier hides it */
  const char *name;
  const char *page;
  gboolean    hidden;
  GArray     *costs;         /* MusterBsCost: per unit (before number) */
  GArray     *shown_costs;   /* MusterBsCost: times number */
  GArray     *total_costs;   /* MusterBsCost: with children */
  GArray     *categories;    /* MusterBsCategory */
  GArray     *profiles;      /* MusterBsProfile */
  GArray     *rules;         /* MusterBsRule */
} MusterBsEffective;

struct _MusterBsSelection
{
  MusterBsForce      *force;
  MusterBsSelection  *parent;
  char               *id;
  MusterBsOption      option;
  int                 number;
  guint               serial;      /* insertion order, for BattleScribe's evaluation order */
  char               *custom_name;
  char               *custom_notes;
  GPtrArray          *children;    /* MusterBsSelection*, in the order they were made */
  GPtrArray          *display;     /* children in display order, cached */
  guint               display_generation;
  MusterBsEffective   eff;
  /* Incremental re-evaluation (muster-bs-deps.c): how an edit touched it since the last
   * flush (MusterBsDirty), the ids it can be counted as, and its validation, kept until
   * an edit can change it. */
  guint               dirty : 2;
  guint               edited : 1;  /* an edit, not what it reads, made it dirty */
  GPtrArray          *keys;        /* const char*, interned; NULL until needed */
  GPtrArray          *moving_keys; /* the categories a modifier may give or take */
  /* Slot 0: its own findings; slot 1 + i: slot i of _muster_bs_constrained_options(). Each
   * a GPtrArray of MusterBsCheck*, or NULL to be judged again; all NULL: not judged yet. */
  GPtrArray          *checks;
  GArray             *slots;       /* _muster_bs_constrained_options(), borrowed */
  GByteArray         *hidden_options; /* MusterBsHidden per option offered, kept as checks are */
  GHashTable         *counts;      /* counts over its children (MusterBsCountKey -> double*) */
};

struct _MusterBsForce
{
  MusterBsRoster     *roster;
  MusterBsForce      *parent;
  char               *id;
  const MusterBsNode *entry;
  const MusterBsNode *catalogue;
  char               *custom_name;
  char               *custom_notes;
  GPtrArray          *forces;      /* MusterBsForce* */
  GPtrArray          *selections;  /* MusterBsSelection*, in the order they were made */
  GPtrArray          *display;     /* selections in display order, cached */
  guint               display_generation;
  guint               generation;
  GArray             *categories;  /* MusterBsCategory, cached */
  MusterBsEffective   eff;         /* profiles and rules */
  GArray             *costs;
  gboolean            hidden;
  GPtrArray          *checks;      /* its root's, as a selection's (slot 0 unused) */
  GArray             *slots;       /* its root's, borrowed */
  GByteArray         *hidden_options; /* its root's, as a selection's */
  GHashTable         *counts;      /* counts over its root list (MusterBsCountKey -> double*) */
  GHashTable         *tallies;     /* constraints' tallies over it (MusterBsTallyKey -> MusterBsTallied) */
};

struct _MusterBsRoster
{
  MusterBsData       *data;
  char               *id;
  char               *name;
  char               *custom_notes;
  int                 file_revision;  /* gameSystemRevision of the file read, 0 if none */
  GPtrArray          *gone;        /* char*: what the file named that the data lacks */
  GPtrArray          *gone_ids;    /* char*: the entry id of each of them */
  GArray             *revision_changes; /* MusterBsRevisionChange: the file's other revisions */
  GPtrArray          *forces;      /* MusterBsForce* */
  GHashTable         *options;     /* container key -> GArray of MusterBsOption */
  GPtrArray          *display_forces;
  guint               display_forces_generation;
  GHashTable         *limits;      /* interned cost type id -> double* set by the user */
  guint               next_id;
  guint               next_serial;
  /* Bumped by every edit: cached effective values older than it are recomputed. */
  guint               generation;
  GArray             *costs;
  GArray             *limits_out;
  guint               costs_generation;
  /* Cached arrays replaced since the last edit: a caller up the stack may still read one
   * (evaluation re-enters itself through conditions), so they go at the next edit. */
  GPtrArray          *retired;
  /* Selections whose effective values are being worked out: while any is, counts see
   * provisional values and are not memoised. */
  guint               computing;
  /* While a cost that counts costs is being settled: the other such selections worked out
   * on the way, to be worked out again each round (ensure_costs() in muster-bs-eval.c). */
  GPtrArray          *cost_cycle;
  /* muster-bs-automatic.c: a container's constrained options (_muster_bs_constrained_options())
   * -> the indexes of those with an automatic constraint (GArray of guint). */
  GHashTable         *automatic;
  /* "hidden" interned in the data set: modifiers' fields compare with it by pointer. */
  const char         *hidden_field;
  /* What edits changed since the last flush (muster-bs-deps.c). */
  gboolean            pending;
  gboolean            pending_full;
  gboolean            pending_limits;
  GHashTable         *pending_changes;   /* top-level force (NULL: all) -> MusterBsChanges* */
  guint               flushed_generation;
  GHashTable         *deps;              /* link or entry node -> MusterBsDeps* */
  GHashTable         *indexes;           /* a list of options -> what they read, indexed */
  GHashTable         *tallies;           /* constraints' tallies over the roster, as a force's */
  /* The keyed checks a validation walk has counted (muster-bs-validate.c). */
  struct _MusterBsSeen *seen;
  guint               seen_size;
  guint               seen_used;
  guint               seen_stamp;
};

/* How an edit touched a selection: its values may change, or only its total costs (a
 * selection below it changed). */
typedef enum
{
  MUSTER_BS_CLEAN,
  MUSTER_BS_DIRTY_TOTAL,
  MUSTER_BS_DIRTY_VALUE,
} MusterBsDirty;

/* A count over the selections of one list (a force's root or a selection's children),
 * memoised with the list's owner until an edit can change it (muster-bs-query.c counts,
 * muster-bs-deps.c drops). Ids and fields are interned, so their pointers say what it
 * counts. */
typedef struct
{
  const char *child_id;
  const char *field;        /* NULL: selections */
  guint       flags;        /* shared, deep, per model */
} MusterBsCountKey;

/* A constraint's tally over a force or the roster (scopes wider than a container), memoised
 * with it until an edit reaches what it counts (muster-bs-validate.c tallies, muster-bs-deps.c
 * drops): a force's constraints are judged in every container that offers their entry, and
 * each walked the whole force. */
typedef struct
{
  gconstpointer what;       /* what it matches: entry node, composite entry id or group node */
  const char   *id;         /* the id a change to what it counts names; NULL: any */
  const char   *cost_type;  /* NULL: numbers */
  guint         flags;
} MusterBsTallyKey;

typedef struct
{
  double             total;
  MusterBsSelection *found;  /* the first selection counted */
} MusterBsTallied;

void      _muster_bs_tallies_drop        (GHashTable        **memo,
                                          gpointer            changes,
                                          gboolean            whole);

/* One judged item of validation, kept per container: findings that count only the first
 * time a walk sees their constraint judged for the same place (a force, the roster, a
 * container), or always (not @keyed). */
typedef struct
{
  gboolean       keyed;
  const char    *id;         /* the constraint's, interned */
  gconstpointer  where;      /* the roster, a force or a selection */
  GPtrArray     *findings;   /* MusterBsFinding* */
} MusterBsCheck;

/* muster-bs-options.c: what a container offers. */
void      _muster_bs_option_clear        (MusterBsOption     *option);
void      _muster_bs_option_copy         (MusterBsOption       *dest,
                                          const MusterBsOption *src);
/* Every option of a force's root (@sel NULL) or of @sel: (element-type MusterBsOption). */
GArray   *_muster_bs_options             (MusterBsRoster     *roster,
                                          MusterBsForce      *force,
                                          MusterBsSelection  *sel);
/* Groups offered by a container, as options whose @entry is the group node. */
GArray   *_muster_bs_group_options       (MusterBsRoster     *roster,
                                          MusterBsForce      *force,
                                          MusterBsSelection  *sel);
typedef struct
{
  const MusterBsOption *option;
  gboolean              group;
  gpointer              deps;     /* what it reads (muster-bs-deps.c), once known */
} MusterBsSlot;

/* Whether an option is hidden, as a container keeps it until an edit reaches it */
typedef enum
{
  MUSTER_BS_HIDDEN_UNKNOWN,
  MUSTER_BS_HIDDEN_NO,
  MUSTER_BS_HIDDEN_YES,
} MusterBsHidden;

/* Every entry a container offers (_muster_bs_options()), a slot each in the same order */
GArray   *_muster_bs_option_slots        (MusterBsRoster     *roster,
                                          MusterBsForce      *force,
                                          MusterBsSelection  *sel);

/* The options of a container that have constraints: (element-type MusterBsSlot)
 * (transfer none). */
GArray   *_muster_bs_constrained_options (MusterBsRoster     *roster,
                                          MusterBsForce      *force,
                                          MusterBsSelection  *sel);
/* muster-bs-deps.c: builds the index the flush reads @slots' options by */
void      _muster_bs_index_slots         (MusterBsRoster     *roster,
                                          GArray             *slots);
gboolean  _muster_bs_option_matches      (const MusterBsOption *option,
                                          const char           *id);
const MusterBsNode *_muster_bs_option_primary_link (const MusterBsOption *option);
GArray   *_muster_bs_option_children     (MusterBsRoster       *roster,
                                          const MusterBsOption *option);
gboolean  _muster_bs_option_merges       (MusterBsRoster       *roster,
                                          const MusterBsOption *option,
                                          int                   depth);
/* A list of selections in display order: New Recruit's, by name with numbers compared as
 * numbers; cached until the next edit. */
GPtrArray *_muster_bs_display_order      (MusterBsRoster     *roster,
                                          GPtrArray          *list,
                                          GPtrArray         **cache,
                                          guint              *generation);

/* muster-bs-roster.c */
void      _muster_bs_retire              (MusterBsRoster     *roster,
                                          gpointer            array,
                                          GDestroyNotify      free_func);
char     *_muster_bs_roster_new_id       (MusterBsRoster     *roster);
void      _muster_bs_roster_changed      (MusterBsRoster     *roster);
MusterBsSelection *_muster_bs_selection_new (MusterBsForce   *force,
                                          MusterBsSelection  *parent,
                                          const MusterBsOption *option,
                                          const char         *id,
                                          int                 number);
MusterBsForce *_muster_bs_force_new      (MusterBsRoster     *roster,
                                          MusterBsForce      *parent,
                                          const MusterBsNode *entry,
                                          const MusterBsNode *catalogue,
                                          const char         *id);

/* muster-bs-eval.c (effective values), muster-bs-modifiers.c, muster-bs-query.c */
typedef struct
{
  MusterBsRoster     *roster;
  MusterBsForce      *force;
  MusterBsSelection  *parent;   /* the container; NULL at a force's root */
  MusterBsSelection  *self;     /* the selection, or NULL for an option not yet selected */
} MusterBsContext;

typedef void (*ModifierFunc) (const MusterBsNode *modifier,
                              double              times,
                              gpointer            user_data);

/* muster-bs-modifiers.c */
void      _muster_bs_each_modifier       (const MusterBsContext *ctx,
                                          const MusterBsNode   * const *owners,
                                          const MusterBsOption  *option,
                                          const char            *field,
                                          ModifierFunc           func,
                                          gpointer               user_data);
const char *_muster_bs_modified_text     (const MusterBsContext *ctx,
                                          const MusterBsNode   * const *owners,
                                          const MusterBsOption  *option,
                                          const char            *field,
                                          const char            *value);
void      _muster_bs_effective_clear     (MusterBsEffective  *eff);
void      _muster_bs_ensure_effective    (MusterBsSelection  *sel);
/* An option's hidden flag, and a number field (a constraint's value …) after modifiers. */
gboolean  _muster_bs_option_hidden       (const MusterBsContext *ctx,
                                          const MusterBsOption  *option);
double    _muster_bs_modified_number     (const MusterBsContext *ctx,
                                          const MusterBsNode   * const *owners,
                                          const char            *field,
                                          double                 value);
gboolean  _muster_bs_modified_hidden     (const MusterBsContext *ctx,
                                          const MusterBsNode   * const *owners,
                                          gboolean               hidden);
double    _muster_bs_query               (const MusterBsContext *ctx,
                                          const MusterBsNode    *query,
                                          const char            *child_id,
                                          const MusterBsOption  *owner);
double    _muster_bs_cost_of             (GArray             *costs,
                                          const char         *type_id);
gboolean  _muster_bs_instance_of        (const MusterBsContext *ctx,
                                          const MusterBsNode    *cond,
                                          const MusterBsOption  *owner);
gboolean  _muster_bs_selection_is        (MusterBsSelection  *sel,
                                          const char         *id,
                                          gboolean            shared);
gboolean  _muster_bs_force_is            (MusterBsForce      *force,
                                          const char         *id);
void      _muster_bs_add_cost            (GArray             *costs,
                                          const char         *type_id,
                                          const char         *name,
                                          double              value);

GPtrArray *_muster_bs_selection_messages (MusterBsSelection *sel);

/* muster-bs-deps.c: dependency-aware invalidation. Edits record what they changed; the
 * next read works out what depends on it and keeps the rest. */
void      _muster_bs_changed_selection   (MusterBsRoster     *roster,
                                          MusterBsSelection  *sel);
void      _muster_bs_removed_selection   (MusterBsRoster     *roster,
                                          MusterBsSelection  *sel);
void      _muster_bs_changed_limits      (MusterBsRoster     *roster);
void      _muster_bs_flush               (MusterBsRoster     *roster);
void      _muster_bs_deps_free           (gpointer            deps);
void      _muster_bs_container_index_free (gpointer           index);
void      _muster_bs_check_free          (MusterBsCheck      *check);

/* muster-bs-validate.c, muster-bs-autoselect.c */
/* Counting for constraints: the selections of one option (by its entry when shared, else by
 * the very way it was reached), in a list, optionally deep. Auto-selection counts as a min
 * constraint does. */
typedef struct
{
  const MusterBsOption *option;
  gboolean              shared;
  gboolean              deep;
  gboolean              child_forces;
  const char           *cost_type;   /* NULL: count numbers */
  gboolean              group;       /* @option's entry is a group */
  gboolean              per_model;   /* amounts per parent model (scope parent) */
  MusterBsSelection    *found;       /* the first selection counted */
  gboolean              any;         /* count every selection (the whole, for percentages) */
} MusterBsTally;

static inline const char *
_muster_bs_node_name (const MusterBsNode *node)
{
  return node && node->name ? node->name : "";
}

/* muster-bs-ros.c */
void       _muster_bs_roster_add_gone_findings (MusterBsRoster *roster,
                                                GPtrArray      *findings);

/* muster-bs-validate.c */
GPtrArray *_muster_bs_validate           (MusterBsRoster     *roster);
double    _muster_bs_tally_list          (MusterBsTally      *t,
                                          GPtrArray          *list);
gboolean  _muster_bs_tally_matches       (MusterBsTally      *t,
                                          MusterBsSelection  *sel);

/* muster-bs-autoselect.c */
/* Auto-selects what is required in a container; appends the new selections. */
void      _muster_bs_auto_select         (MusterBsRoster     *roster,
                                          MusterBsForce      *force,
                                          MusterBsSelection  *sel,
                                          GPtrArray          *added);
/* Selects @option in a container with @number (and what it requires in turn); appends it
 * and those to @added. */
MusterBsSelection *_muster_bs_auto_add   (MusterBsRoster       *roster,
                                          MusterBsForce        *force,
                                          MusterBsSelection    *parent,
                                          const MusterBsOption *option,
                                          int                   number,
                                          GPtrArray            *added);
const MusterBsOption *_muster_bs_group_pick (GArray           *options,
                                          const MusterBsOption *group);

G_END_DECLS
