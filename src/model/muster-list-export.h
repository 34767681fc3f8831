/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine.h"

G_BEGIN_DECLS

/*
 * The printable content of a document, gathered in one pass over the engine: every writer
 * (plain text, Markdown, HTML) and the sheet painter (PDF) read this and nothing else, so all
 * outputs say the same thing. Strings are owned by the MusterList.
 */

typedef enum
{
  MUSTER_LIST_FORMAT_TEXT,
  MUSTER_LIST_FORMAT_MARKDOWN,
  MUSTER_LIST_FORMAT_HTML,
} MusterListFormat;

/* One statistic of a unit: "IP" "30"; @number is set when @has_number. */
typedef struct
{
  char     *id;
  char     *label;
  char     *value;
  double    number;
  gboolean  has_number;
} MusterListStat;

/**
 * MusterListEntry:
 * @depth: 0 for the force's own units and nodes, +1 per organisation level
 * @is_node: an organisation node (wing, platoon…) rather than a unit
 * @name: the custom name, or the type's name
 * @type: the unit type's (or the level's) name
 * @size: "3 vignettes" (units only)
 * @size_count: the unit's size as a number
 * @size_unit: (nullable): the id of the size unit ("vignette", "soldier")
 * @cost: "90" or "?" when it cannot be costed
 * @cost_measure: the measure written after @cost, singular or plural: "man", "men", "pts"
 * @house: the cost rests on a house value
 * @options: (nullable): the picked options, "Close order, Regular, 2× Sergeant"
 * @rules: (nullable): the names of the special rules the unit has
 * @notes: (nullable): the unit's notes
 * @stats: (element-type MusterListStat): the derived statistics, in the ruleset's order
 */
typedef struct
{
  guint      depth;
  gboolean   is_node;
  char      *name;
  char      *type;
  char      *size;
  guint      size_count;
  char      *size_unit;
  char      *cost;
  char      *cost_measure;
  gboolean   house;
  char      *options;
  char      *rules;
  char      *notes;
  GPtrArray *stats;
} MusterListEntry;

typedef struct
{
  char      *name;
  char      *side;
  char      *total;       /* "998 of 1000 pts", or "24 stands" without a limit */
  gboolean   house;
  GPtrArray *entries;     /* MusterListEntry, in list order (a node before its contents) */
  GPtrArray *problems;    /* char *: empty when legal */
} MusterListForce;

typedef struct
{
  char      *name;
  char      *text;
  gboolean   house;
} MusterListRule;

typedef struct
{
  char      *title;
  char      *system;      /* "Undying Lands" */
  char      *system_id;   /* the system module's id, "undying-lands" */
  char      *version;
  gboolean   house_ruleset;
  char      *measure;     /* "IP", "pts" */
  gboolean   any_house;
  GPtrArray *forces;      /* MusterListForce */
  GPtrArray *glossary;    /* MusterListRule, sorted by name: the rules used by the list */
} MusterList;

MusterList *muster_list_new          (MusterDoc            *doc,
                                      MusterRuleset        *ruleset,
                                      const char           *fallback_title);
void        muster_list_free         (MusterList           *self);
GPtrArray  *muster_list_check_force  (const MusterRuleset  *ruleset,
                                      MusterForce          *force);
char       *muster_list_validation   (const MusterList     *self);
char       *muster_list_to_string    (const MusterList     *self,
                                      MusterListFormat      format);
char       *muster_list_stat_line    (const MusterListEntry *entry);
char       *muster_format_size       (const char           *size_unit,
                                      guint                 size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterList, muster_list_free)

G_END_DECLS
