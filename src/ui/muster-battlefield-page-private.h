/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-battlefield-page.h"
#include "muster-command.h"
#include "muster-battle-log-view.h"
#include "muster-odds-panel.h"
#include "muster-terrain.h"

G_BEGIN_DECLS

/* The page's state, shared by its files: muster-battlefield-page.c (the workspace and its
 * actions), muster-battlefield-page-properties.c (the selection's properties) and
 * muster-battlefield-page-scenario.c (the scenario sheet), muster-battlefield-page-odds.c (the
 * odds between the selected unit and its target). */
struct _MusterBattlefieldPage
{
  AdwBin              parent_instance;

  /* Template Widgets */
  GtkStack           *stack;
  AdwStatusPage      *empty_status;
  GtkButton          *new_button;
  GtkDropDown        *terrain_dropdown;
  MusterMapView      *map_view;
  GtkLabel           *status_label;
  AdwActionRow       *type_row;
  AdwEntryRow        *name_row;
  AdwActionRow       *size_row;
  AdwComboRow        *formation_row;  /* items in MusterFormation's order */
  AdwActionRow       *value_row;
  GtkSpinButton      *value_spin;
  AdwActionRow       *hidden_row;
  GtkSwitch          *hidden_switch;
  AdwActionRow       *rotation_row;
  GtkSpinButton      *rotation_spin;
  AdwPreferencesGroup *units_group;
  GtkListBox         *units_list;
  AdwEntryRow        *scenario_title_row;
  AdwEntryRow        *period_row;
  AdwActionRow       *scenario_title_show;
  AdwActionRow       *period_show;
  GtkSpinButton      *turns_spin;
  GtkBox             *texts_box;
  MusterOddsPanel    *odds_panel;
  MusterBattleLogView *battle_log_view;

  /* Owned References */
  MusterDocument     *document;
  MusterCatalog      *catalog;      /* borrowed from the application */
  MusterTerrainTypes *types;
  char               *types_for;    /* the ruleset id @types were read for */
  char               *generator_for; /* the ruleset id @has_generator was asked for */
  gboolean            generator_known;
  gboolean            has_generator;
  GSignalGroup       *document_signals;
  MusterMapTool       tool;           /* the properties behind the toolbar's actions */
  gboolean            show_umpire;
  gboolean            show_ranges;
  gboolean            snap;
  GPtrArray          *text_views;   /* GtkTextView, with "field" / "side" data */
  char               *status;
  guint               n_unplaced;
  gboolean            updating;
  GtkFileChooserNative *attach_chooser;  /* (nullable): weak, while open */
};

MusterBattlefield *_muster_battlefield_page_get_battlefield   (MusterBattlefieldPage *self);
void               _muster_battlefield_page_push              (MusterBattlefieldPage *self,
                                                               MusterCommand         *command);
void               _muster_battlefield_page_update_selection  (MusterBattlefieldPage *self);
void               _muster_battlefield_page_init_properties   (MusterBattlefieldPage *self);
void               _muster_battlefield_page_init_scenario     (MusterBattlefieldPage *self);
void               _muster_battlefield_page_update_scenario   (MusterBattlefieldPage *self);
void               _muster_battlefield_page_clear_scenario    (MusterBattlefieldPage *self);
void               _muster_battlefield_page_init_odds         (MusterBattlefieldPage *self);

G_END_DECLS
