/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <libxml/tree.h>

#include "muster-ruleset.h"

G_BEGIN_DECLS

/* The items of one kind: in file order, and by id. */
typedef struct
{
  GPtrArray  *items;
  GHashTable *by_id;   /* id -> borrowed item */
} MusterItemList;

/*
 * A ruleset parsed from a file owns its items (the lists free them). A merged ruleset
 * (muster_ruleset_merge()) borrows the items of its parents, which it keeps alive, and owns
 * only the option groups and tables it had to merge.
 */
struct _MusterRuleset
{
  gatomicrefcount ref_count;   /* atomic: exports and simulations share it with threads */

  char           *id;
  char           *name;
  char           *version;
  char           *book;
  char           *summary;
  char           *extends;
  char           *system_id;
  char           *path;
  char           *display_name;
  gboolean        house;
  gboolean        resolved;

  gboolean        has_costing;
  MusterCosting   costing;

  MusterItemList  lists[MUSTER_N_ITEM_KINDS];
  GHashTable     *options;        /* option id -> borrowed MusterOption; made by linking */

  GPtrArray      *parents;        /* MusterRuleset, for a merged ruleset */
  GPtrArray      *owned_groups;   /* merged MusterOptionGroup */
  GPtrArray      *owned_tables;   /* merged MusterTable */
};

MusterRuleset *_muster_ruleset_alloc        (gboolean        owns_items);
gboolean       _muster_ruleset_parse        (MusterRuleset  *self,
                                             xmlNode        *root,
                                             GError        **error);
gboolean       _muster_ruleset_link         (MusterRuleset  *self,
                                             GError        **error);
void           _muster_option_group_free    (gpointer        group);
void           _muster_table_free           (gpointer        table);
MusterTable   *_muster_table_new            (void);
void           _muster_item_copy            (MusterItem       *dest,
                                             const MusterItem *src);
void           _muster_item_clear           (MusterItem     *item);

G_END_DECLS
