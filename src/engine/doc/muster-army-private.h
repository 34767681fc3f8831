/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <libxml/tree.h>

#include "muster-army.h"
#include "muster-doc.h"
#include "muster-xml.h"

G_BEGIN_DECLS

/*
 * The army model is a typed view over the document's XML tree: every unit, node and force
 * points at its element and edits change both, so elements and attributes this Muster does not
 * know stay where they were. An attached object's element belongs to the document's tree; a
 * detached one (new, or removed by an edit) owns its element and frees it.
 */

/* Sets an INVALID_DOCUMENT error "FILE:LINE: message" at @node; returns FALSE. */
#define doc_fail(error, file, node, ...) \
  muster_xml_fail ((error), MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, (file), (node), __VA_ARGS__)

typedef struct
{
  char  *option;
  guint  count;
} MusterPick;

struct _MusterUnit
{
  MusterNode *node;          /* parent, NULL when detached */
  xmlNode    *xml;
  char       *id;            /* NULL until the unit first joins a document */
  char       *type;
  guint       size;
  gboolean    size_unset;    /* read without a size: the type's default, once it is known */
  char       *name;
  char       *notes;
  char       *attached_to;
  char       *markers;       /* nullable: "suppression=2 pinned", see muster-markers.h */
  double      base_width;    /* mm; 0 when the unit names no base of its own */
  double      base_depth;
  /* A unit of a BattleScribe roster: the selection it stands for, its entry's name, and
   * the cost the roster gives it (-1: none), which counts where no ruleset costs it */
  char       *selection;
  char       *entry_name;
  gint64      own_cost;
  GArray     *picks;         /* MusterPick, in document order */
  MusterCost  cost;          /* cached, without lines */
};

struct _MusterNode
{
  MusterForce *force;        /* set on a force's root node only */
  MusterNode  *parent;
  xmlNode     *xml;          /* a root node's element is the <force> */
  char        *id;
  char        *level;
  char        *name;
  GPtrArray   *nodes;        /* MusterNode */
  GPtrArray   *units;        /* MusterUnit */

  /* Running totals over every unit below this node. */
  gint64       total;
  guint        n_house;
  guint        n_uncosted;
};

struct _MusterForce
{
  MusterDoc   *doc;          /* NULL when detached */
  MusterNode  *root;
  char        *side;
  char        *roster;       /* nullable: the id of the BattleScribe roster it was placed from */
  gint64       points_limit;
  GHashTable  *settings;     /* variant id -> value */
};

MusterUnit   *_muster_unit_new_from_xml   (xmlNode      *xml,
                                           const char   *file,
                                           GError      **error);
void          _muster_unit_destroy        (MusterUnit   *unit);
gboolean      _muster_unit_compact        (MusterUnit   *unit);
void          _muster_unit_set_prop       (xmlNode      *element,
                                           const char   *name,
                                           const char   *value);
void          _muster_unit_expand         (MusterUnit   *unit);
void          _muster_unit_recost         (MusterUnit   *unit);
void          _muster_unit_take_default_size (MusterUnit          *unit,
                                              const MusterRuleset *ruleset);
MusterForce  *_muster_force_new_from_xml  (xmlNode      *xml,
                                           const char   *file,
                                           GError      **error);
void          _muster_force_destroy       (MusterForce  *force);
gboolean      _muster_force_attach        (MusterForce  *force,
                                           MusterDoc    *doc,
                                           gboolean      strict,
                                           GError      **error);
void          _muster_force_detach        (MusterForce  *force);
void          _muster_force_recost        (MusterForce  *force);

/*
 * Edits a watcher of the document (the validator) hears of, after the army model made them
 * and re-costed what they touch. @object is the unit, node or force; @force the force it
 * belongs (or belonged) to.
 */
typedef enum
{
  MUSTER_EDIT_UNIT_ADDED,       /* a unit joined a node */
  MUSTER_EDIT_UNIT_REMOVED,     /* a unit left @force; it is detached now */
  MUSTER_EDIT_UNIT_CHANGED,     /* size, picks, name or place of a unit */
  MUSTER_EDIT_NODE_ADDED,       /* a node and everything below it joined */
  MUSTER_EDIT_NODE_REMOVED,     /* a node and everything below it left @force */
  MUSTER_EDIT_NODE_CHANGED,     /* a node's name */
  MUSTER_EDIT_FORCE_ADDED,
  MUSTER_EDIT_FORCE_REMOVED,
  MUSTER_EDIT_FORCE_CHANGED,    /* list options or name: every unit may be re-costed */
  MUSTER_EDIT_LIMIT_CHANGED,    /* the force's points limit */
  MUSTER_EDIT_TITLE_CHANGED,    /* the document's title; @object and @force are NULL */
  MUSTER_EDIT_RULESET_CHANGED,  /* @object and @force are NULL */
  MUSTER_EDIT_FEATURE_CHANGED,  /* a battlefield feature came, went or changed: @object is its
                                 * id; NULL: the table or the whole battlefield; @force NULL */
} MusterEdit;

typedef void (*MusterDocWatch) (gpointer     data,
                                MusterEdit   edit,
                                gpointer     object,
                                MusterForce *force);

void          _muster_doc_set_watch       (MusterDoc      *doc,
                                           MusterDocWatch  watch,
                                           gpointer        data);
void          _muster_doc_notify          (MusterDoc      *doc,
                                           MusterEdit      edit,
                                           gpointer        object,
                                           MusterForce    *force);

/* Tells the document's watcher, if @force is in a document. */
static inline void
_muster_force_notify (MusterForce *force,
                      MusterEdit   edit,
                      gpointer     object)
{
  if (force != NULL && force->doc != NULL)
    _muster_doc_notify (force->doc, edit, object, force);
}

/* The size from which loading empties the elements of units and placements (muster-doc.c) */
extern gsize  _muster_doc_compact_from;

/* The document's id registry (muster-doc.c). */
gboolean      _muster_doc_register        (MusterDoc    *doc,
                                           char        **id,
                                           char          kind,
                                           xmlNode      *xml,
                                           gpointer      object,
                                           gboolean      strict,
                                           GError      **error);
void          _muster_doc_unregister      (MusterDoc    *doc,
                                           const char   *id);

G_END_DECLS
