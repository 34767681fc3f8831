/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-ruleset-private.h"
#include "muster-xml.h"

G_BEGIN_DECLS

/*
 * What the parts of the ruleset reader share: the reader's state, the attribute readers every
 * element uses (muster-ruleset-load.c), and the item readers and destructors of each section
 * (muster-ruleset-load-items.c, muster-ruleset-load-army.c), which the table of sections in
 * muster-ruleset-load.c names. Each reader returns FALSE or NULL with the error set.
 */

typedef struct
{
  MusterRuleset  *ruleset;
  const char     *file;
  GError        **error;
} Loader;

#define ITEM_ATTRIBUTES "id", "name", "house", "source"

/* Sets an INVALID_RULESET error "FILE:LINE: message" at @node; returns FALSE. */
#define _muster_load_fail(l, node, ...) \
  muster_xml_fail ((l)->error, MUSTER_ENGINE_ERROR_INVALID_RULESET, (l)->file, (node), \
                   __VA_ARGS__)

/* Element children, skipping text, comments and the <note> every item may have. */
#define for_each_element(child, parent) \
  for (xmlNode *child = _muster_load_next_element ((parent)->children); child; \
       child = _muster_load_next_element (child->next))

xmlNode  *_muster_load_next_element      (xmlNode            *node);
gboolean  _muster_load_unexpected        (Loader             *l,
                                          xmlNode            *child,
                                          xmlNode            *parent);
gboolean  _muster_load_check_attributes  (Loader             *l,
                                          xmlNode            *node,
                                          const char *const  *allowed);
gboolean  _muster_load_get_id            (Loader             *l,
                                          xmlNode            *node,
                                          const char         *attr,
                                          gboolean            required,
                                          char              **out);
gboolean  _muster_load_get_ids           (Loader             *l,
                                          xmlNode            *node,
                                          const char         *attr,
                                          char             ***out);
gboolean  _muster_load_parse_number      (const char         *text,
                                          double             *value);
gboolean  _muster_load_get_number        (Loader             *l,
                                          xmlNode            *node,
                                          const char         *attr,
                                          gboolean           *has,
                                          double             *out);
gboolean  _muster_load_get_count         (Loader             *l,
                                          xmlNode            *node,
                                          const char         *attr,
                                          guint               min,
                                          gboolean           *has,
                                          guint              *out);
gboolean  _muster_load_get_bool          (Loader             *l,
                                          xmlNode            *node,
                                          const char         *attr,
                                          gboolean           *out);
gboolean  _muster_load_get_enum          (Loader             *l,
                                          xmlNode            *node,
                                          const char         *attr,
                                          const char *const  *names,
                                          int                *out);
gboolean  _muster_load_item              (Loader             *l,
                                          xmlNode            *node,
                                          const char *const  *allowed,
                                          MusterItem         *item);
gboolean  _muster_load_when              (Loader             *l,
                                          xmlNode            *node,
                                          GPtrArray         **out);
gboolean  _muster_load_costs_and_effects (Loader             *l,
                                          xmlNode            *node,
                                          GPtrArray          *costs,
                                          GPtrArray          *effects,
                                          gboolean          (*other) (Loader *, xmlNode *, gpointer),
                                          gpointer            data);
void      _muster_plain_item_free        (gpointer            item);
void      _muster_cost_term_free         (gpointer            term);
void      _muster_effect_free            (gpointer            effect);

/* The item readers of the sections: each returns (transfer full) the item, or NULL. */
gpointer  _muster_load_variant           (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_table             (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_stat              (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_plain_item        (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_loose_item        (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_special_rule      (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_option_group      (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_unit_type         (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_level             (Loader             *l,
                                          xmlNode            *node);
gpointer  _muster_load_constraint        (Loader             *l,
                                          xmlNode            *node);
void      _muster_variant_free           (gpointer            variant);
void      _muster_stat_free              (gpointer            stat);
void      _muster_special_rule_free      (gpointer            rule);
void      _muster_unit_type_free         (gpointer            type);
void      _muster_level_free             (gpointer            level);
void      _muster_constraint_free        (gpointer            constraint);

G_END_DECLS
