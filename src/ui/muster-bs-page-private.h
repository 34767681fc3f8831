/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-bs-page.h"

G_BEGIN_DECLS

/* Fills @box with the editor of @item (nullable): muster-bs-page-editor.c */
void _muster_bs_page_fill_editor (GtkBox           *box,
                                  MusterBsDocument *document,
                                  MusterBsItem     *item);
/* What the editor of @item shows, to build it again only when that changed (nullable:
 * always build it) */
char *_muster_bs_page_editor_key (MusterBsDocument *document,
                                  MusterBsItem     *item);
/* FALSE while the rows of the editor in @box are still being built (see
 * _muster_bs_page_fill_editor()) */
gboolean _muster_bs_page_editor_is_complete (GtkBox *box);
/* While @hold, the editor in @box builds no more rows: an edit is on its way to it, which
 * may have freed the selection it shows (_muster_bs_page_fill_editor() ends the hold) */
/* Whether the editor in @box is too long to take down at once (its rows were built over
 * several frames) */
gboolean _muster_bs_page_editor_is_long     (GtkBox   *box);
/* Whether the editor of @item (nullable) would be built over several frames */
gboolean _muster_bs_page_editor_would_be_long (MusterBsDocument *document,
                                               MusterBsItem     *item);
/* The editor in @box shows what is no longer selected, until the next one is built: its
 * controls do nothing */
void     _muster_bs_page_editor_stale       (GtkBox   *box);
void     _muster_bs_page_editor_hold        (GtkBox   *box,
                                             gboolean  hold);

/* A choice the editor shows: an entry the selection may take, not hidden now or taken
 * (muster-bs-page-options.c) */
typedef struct
{
  const char         *id;     /* borrowed from _muster_bs_page_list_options()'s @ids */
  const MusterBsNode *link;
  const MusterBsNode *node;
  const MusterBsNode *group;  /* (nullable): the entry group it is offered in */
  gboolean            hidden; /* taken, but hidden now */
  guint               taken;
  gboolean            full;   /* at its own maximum, or its group's */
  gboolean            collective;
  char               *note;   /* (nullable): a collective entry's "1 per model, 5 in all" */
} MusterBsPageOption;

/* Returns: (transfer full) (element-type MusterBsPageOption): the choices the editor of
 * @selection shows, each with what is taken of it; their ids are in @ids (transfer full) */
GArray *_muster_bs_page_list_options  (MusterBsRoster     *roster,
                                       MusterBsSelection  *selection,
                                       GPtrArray         **ids);
/* How many children of @selection were taken from @entry_id; @last, the last of them */
guint   _muster_bs_page_taken         (MusterBsSelection  *selection,
                                       const char         *entry_id,
                                       MusterBsSelection **last);
/* "Weapon (1–1)": a group's name with the bounds its constraints give it */
char   *_muster_bs_page_group_heading (const MusterBsNode *group);

/* The editor's pieces that do not follow the edits in place (muster-bs-page-controls.c) */

/* What a control of the editor edits: @selection (or @force) of @document, and the entry
 * @entry_id it takes (a cost limit's: its cost type) */
typedef struct
{
  MusterBsDocument  *document;
  MusterBsSelection *selection;
  MusterBsForce     *force;
  char              *entry_id;
  gboolean           stale;  /* another row is selected: the editor is about to go */
} MusterBsPageChoice;

/* Returns: (transfer full): a choice, owned by the control it is given to */
MusterBsPageChoice *_muster_bs_page_choice_new  (MusterBsDocument   *document,
                                                 MusterBsForce      *force,
                                                 MusterBsSelection  *selection,
                                                 const char         *entry_id);
/* A wrapped label at the start, of @css_class (nullable) */
GtkWidget *_muster_bs_page_label_new             (const char         *text,
                                                  const char         *css_class);
/* Sets @label's text when it differs: GTK 4.8 lays a label out and resizes it again for the
 * text it has already (issue 21) */
void       _muster_bs_page_set_label             (GtkWidget          *label,
                                                  const char         *text);
void       _muster_bs_page_set_tooltip           (GtkWidget          *widget,
                                                  const char         *text);
/* The button that takes one more of @choice's entry (@more) or one fewer. The one more owns
 * @choice, which both buttons of a row share */
GtkWidget *_muster_bs_page_take_button           (MusterBsPageChoice *choice,
                                                  gboolean            more,
                                                  const char         *tooltip);
/* Appends a selection's number and its Duplicate and Remove buttons to @box; each control
 * owns its choice. Returns: (transfer none): the number's spin */
GtkWidget *_muster_bs_page_selection_controls    (GtkBox             *box,
                                                  MusterBsPageChoice *count,
                                                  MusterBsPageChoice *duplicate,
                                                  MusterBsPageChoice *remove);
/* Shows @amount in a spin of _muster_bs_page_selection_controls(), which edits nothing */
void       _muster_bs_page_show_count            (GtkWidget          *spin,
                                                  int                 amount);
void       _muster_bs_page_fill_force            (GtkBox             *box,
                                                  MusterBsDocument   *document,
                                                  MusterBsForce      *force);
void       _muster_bs_page_add_profile           (GtkBox                *box,
                                                  const MusterBsProfile *profile);
/* A rule, under the heading "Rules" when it is the first */
void       _muster_bs_page_add_rule              (GtkBox             *box,
                                                  MusterBsData       *data,
                                                  const MusterBsRule *rule,
                                                  gboolean            first);
/* What the editor shows of @selection's profiles and rules, to @key */
void       _muster_bs_page_append_shown          (GString            *key,
                                                  MusterBsSelection  *selection);

G_END_DECLS
