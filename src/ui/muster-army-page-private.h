/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-army-page.h"
#include "muster-catalogue-pane.h"
#include "muster-engine.h"
#include "muster-roster-view.h"
#include "muster-unit-editor.h"
#include "muster-validation-panel.h"

G_BEGIN_DECLS

/* Shared by muster-army-page.c (the header, the panes' wiring) and muster-army-page-actions.c
 * (the "army." actions and their enabled state). */

struct _MusterArmyPage
{
  AdwBin                 parent_instance;

  /* Template Widgets */
  GtkStack              *stack;
  GtkLabel              *name_label;
  GtkLabel              *system_label;
  GtkLabel              *total_label;
  GtkLabel              *total_detail_label;
  GtkLabel              *house_label;
  MusterCataloguePane   *catalogue_pane;
  AdwFlap               *catalogue_flap;
  AdwLeaflet            *editor_leaflet;
  MusterRosterView      *roster_view;
  MusterValidationPanel *validation_panel;
  MusterUnitEditor      *unit_editor;
  GtkMenuButton         *settings_button;
  GtkMenuButton         *force_button;
  GtkLabel              *legal_label;
  GtkLabel              *legal_compact_label;
  GtkLabel              *total_compact_label;
  AdwEntryRow           *list_name_row;
  AdwActionRow          *limit_row;
  GtkAdjustment         *limit_adjustment;

  /* Owned References */
  MusterDocument        *document;
  GSignalGroup          *document_signals;
  GSignalGroup          *diagnostics_signals;  /* on the document's findings */
  char                  *total_text;
  char                  *group_id;      /* the selected group's, looked up afresh after edits */

  /* Borrowed: the force shown (a scenario has one per side), one of the document's */
  MusterForce           *force;
  /* Borrowed: the selected unit, while its row is selected */
  MusterUnit            *unit;
  gboolean               over_limit;
  gboolean               syncing;       /* the settings are being filled from the model */
  guint                  next_problem;  /* the finding F8 goes to next */
};

static inline MusterRuleset *
ruleset_of (MusterArmyPage *self)
{
  return self->document ? muster_document_get_ruleset (self->document) : NULL;
}

/* The force shown, while it is still one of the document's (opening another document or
 * undoing an attach takes it away, and signals may come before the page catches up); the
 * document's first otherwise */
static inline MusterForce *
force_of (MusterArmyPage *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  guint n = doc ? muster_doc_get_n_forces (doc) : 0;

  for (guint i = 0; i < n; i++)
    if (muster_doc_get_force (doc, i) == self->force)
      return self->force;
  return n > 0 ? muster_doc_get_force (doc, 0) : NULL;
}

static inline MusterDoc *
doc_of (MusterArmyPage *self)
{
  return self->document ? muster_document_get_doc (self->document) : NULL;
}

static inline void
push (MusterArmyPage *self,
      MusterCommand  *command)
{
  if (command == NULL)
    return;
  muster_history_push (muster_document_get_history (self->document), command);
  g_object_unref (command);
}

static inline MusterRosterRow *
selected_row (MusterArmyPage *self)
{
  return muster_roster_view_dup_selected_row (self->roster_view);
}

void _muster_army_page_class_actions_init (GtkWidgetClass *widget_class);
void _muster_army_page_update_actions     (MusterArmyPage *self);
void _muster_army_page_add_shortcuts      (MusterArmyPage *self);
MusterNode *_muster_army_page_lookup_node (MusterArmyPage *self,
                                           const char     *id);

G_END_DECLS
