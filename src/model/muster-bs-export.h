/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "muster-bs-roster.h"
#include "muster-export.h"
#include "muster-list-export.h"
#include "muster-sheet-painter.h"

G_BEGIN_DECLS

/*
 * A BattleScribe roster printed: the list as plain text, Markdown, HTML or PDF, and record
 * cards (one per unit) as PDF. MusterBsList gathers what is printed in one pass over the
 * roster; the writers and the painter read only it, so every output says the same thing.
 * Strings are owned by the MusterBsList.
 */

/**
 * MusterBsListTable:
 * @type: the profile type's name ("Weapons")
 * @type_id: (nullable): its id
 * @columns: (element-type utf8): the characteristics' names
 * @rows: (element-type GStrv): per profile, its name and then one value per column
 *
 * The profiles of one type a unit has, as a table.
 */
typedef struct
{
  char      *type;
  char      *type_id;
  GPtrArray *columns;
  GPtrArray *rows;
} MusterBsListTable;

/**
 * MusterBsListLine:
 * @depth: 1 for a unit's own selections, +1 per level below
 * @name: "5× Trooper": the number before the name when it is not 1
 * @costs: (nullable): the selection's own costs ("5 pts"), %NULL when all are zero
 */
typedef struct
{
  guint  depth;
  char  *name;
  char  *costs;
} MusterBsListLine;

/**
 * MusterBsListUnit:
 * @name: the selection's name ("2× Bikers" when its number is not 1)
 * @is_unit: a unit or a model (not an upgrade: the detachment, the battle size)
 * @costs: its costs with its children's ("65 pts, 1 CP")
 * @categories: (nullable): its categories but the primary one, ", "-separated
 * @lines: (element-type MusterBsListLine): the selections below it, in tree order
 * @rules: (nullable): the names of its rules and its children's, ", "-separated
 * @rule_refs: (element-type MusterBsListRule): those rules, borrowed from the list's
 * @notes: (nullable): its custom notes
 * @tables: (element-type MusterBsListTable): its profiles and its children's, one table
 *   per profile type, in the order they first come; a profile shared by several children
 *   only once
 */
typedef struct
{
  char      *name;
  gboolean   is_unit;
  char      *costs;
  char      *categories;
  GPtrArray *lines;
  char      *rules;
  GPtrArray *rule_refs;
  char      *notes;
  GPtrArray *tables;
} MusterBsListUnit;

/* The units of a force under one primary category, which heads them. */
typedef struct
{
  char      *name;
  GPtrArray *units;   /* MusterBsListUnit */
} MusterBsListSection;

/**
 * MusterBsListForce:
 * @depth: 0 for a force of the roster, +1 per level of nesting
 * @name: its custom name, or its force entry's
 * @catalogue: its catalogue's name
 * @costs: the costs of everything in it
 * @rules: (nullable): the names of the force's rules (its entry's, its catalogue's)
 * @notes: (nullable): its custom notes
 * @sections: (element-type MusterBsListSection): in the order of the force's categories
 */
typedef struct
{
  guint      depth;
  char      *name;
  char      *catalogue;
  char      *costs;
  char      *rules;
  char      *notes;
  GPtrArray *sections;
} MusterBsListForce;

/* A rule of the roster, printed once however many units have it. */
typedef struct
{
  char *name;
  char *text;
  char *source;   /* (nullable): "Core Book, p. 12" */
} MusterBsListRule;

/**
 * MusterBsList:
 * @title: the roster's name (or the fallback title)
 * @system: the game system's name and revision ("Warhammer 40,000, revision 118")
 * @costs: the roster's costs with their limits ("145 of 200 pts, 1 CP")
 * @n_errors: how many errors validation finds
 * @errors: (element-type utf8): "Patrol › Squad: message", one per error
 * @notes: (nullable): the roster's custom notes
 * @forces: (element-type MusterBsListForce): nested forces after their parent
 * @rules: (element-type MusterBsListRule): sorted by name
 * @unjudged: made from a file without its game data: not validated
 */
typedef struct
{
  char      *title;
  char      *system;
  char      *costs;
  guint      n_errors;
  GPtrArray *errors;
  char      *notes;
  GPtrArray *forces;
  GPtrArray *rules;
  gboolean   unjudged;
} MusterBsList;

MusterBsList *muster_bs_list_new        (MusterBsRoster            *roster,
                                         const char                *fallback_title);
MusterBsList *muster_bs_list_new_from_outline (const MusterBsOutline *outline,
                                         const char                *system,
                                         const char                *fallback_title);
void          muster_bs_list_free       (MusterBsList              *self);
char         *muster_bs_list_validation (const MusterBsList        *self);
char         *muster_bs_list_to_string  (const MusterBsList        *self,
                                         MusterListFormat           format);
char         *muster_bs_roster_location (MusterBsRoster            *roster,
                                         const char                *path);
char         *muster_bs_format_costs    (GArray                    *costs);

/* The list (MUSTER_SHEET_LIST) or record cards (MUSTER_SHEET_CARDS) laid out on pages. */
typedef struct _MusterBsSheet MusterBsSheet;

MusterBsSheet *muster_bs_sheet_new         (const MusterBsList    *list,
                                            MusterSheetKind        kind,
                                            const MusterSheetPage *page);
void           muster_bs_sheet_free        (MusterBsSheet         *self);
guint          muster_bs_sheet_get_n_pages (const MusterBsSheet   *self);
void           muster_bs_sheet_paint_page  (const MusterBsSheet   *self,
                                            cairo_t               *cr,
                                            guint                  page);
GBytes        *muster_bs_sheet_to_pdf      (const MusterBsSheet   *self);

/* Text, Markdown, HTML, the list's PDF and the cards' PDF; other kinds are refused. */
gboolean      muster_bs_export_supports  (MusterExportKind           kind);
GBytes       *muster_bs_export           (MusterBsRoster            *roster,
                                          const char                *fallback_title,
                                          const MusterExportOptions *options,
                                          GError                   **error);
GBytes       *muster_bs_export_outline   (const MusterBsOutline     *outline,
                                          const char                *system,
                                          const char                *fallback_title,
                                          const MusterExportOptions *options,
                                          GError                   **error);
gboolean      muster_bs_export_to_stream (MusterBsRoster            *roster,
                                          const char                *fallback_title,
                                          const MusterExportOptions *options,
                                          GOutputStream             *stream,
                                          GCancellable              *cancellable,
                                          GError                   **error);
void          muster_bs_export_to_stream_async  (MusterBsRoster            *roster,
                                                 const char                *fallback_title,
                                                 const MusterExportOptions *options,
                                                 GOutputStream             *stream,
                                                 GCancellable              *cancellable,
                                                 GAsyncReadyCallback        callback,
                                                 gpointer                   user_data);
gboolean      muster_bs_export_to_stream_finish (GOutputStream             *stream,
                                                 GAsyncResult              *result,
                                                 GError                   **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterBsList, muster_bs_list_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterBsSheet, muster_bs_sheet_free)

G_END_DECLS
