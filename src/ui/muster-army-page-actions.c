/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-army-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army-commands.h"
#include "muster-army-page-private.h"
#include "muster-roster-moves.h"

/*
 * The Army workspace's "army." actions: each makes one command on the document's history,
 * so that every change is one step of Ctrl+Z and tests drive the page as the widgets do.
 */

/* Where "Add Group" puts a node: in the selected node, else in the selected unit's node, else
 * in the force's root; and the first level its ruleset allows there. */
static MusterNode *
group_parent (MusterArmyPage  *self,
              const char     **level_id)
{
  g_autoptr(MusterRosterRow) row = selected_row (self);
  MusterRuleset *ruleset = ruleset_of (self);
  MusterNode *parent;
  const MusterLevel *level;

  *level_id = NULL;
  if (ruleset == NULL || force_of (self) == NULL)
    return NULL;
  if (row != NULL && muster_roster_row_get_node (row) != NULL)
    parent = muster_roster_row_get_node (row);
  else if (row != NULL && muster_unit_get_node (muster_roster_row_get_unit (row)) != NULL)
    parent = muster_unit_get_node (muster_roster_row_get_unit (row));
  else
    parent = muster_force_get_root (force_of (self));

  /* Up to the first group that can hold groups: a wing selected adds another wing. */
  for (; parent != NULL; parent = muster_node_get_parent (parent))
    {
      level = muster_node_get_level (parent) != NULL
        ? muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL, muster_node_get_level (parent))
        : muster_ruleset_get_root_level (ruleset);
      if (level != NULL && level->children != NULL && level->children[0] != NULL)
        {
          *level_id = level->children[0];
          return parent;
        }
    }
  return NULL;
}

/* Actions' enabled state */

void
_muster_army_page_update_actions (MusterArmyPage *self)
{
  g_autoptr(MusterRosterRow) row = selected_row (self);
  MusterUnit *unit = row ? muster_roster_row_get_unit (row) : NULL;
  MusterNode *group = row ? muster_roster_row_get_node (row) : NULL;
  MusterNode *node = unit ? muster_unit_get_node (unit) : group ? muster_node_get_parent (group)
                                                                : NULL;
  gboolean has_list = force_of (self) != NULL && ruleset_of (self) != NULL;
  const char *level_id;
  guint index = 0, count = 0;

  /* Up and down among the unit's fellow units, or the group's fellow groups */
  if (unit != NULL)
    {
      index = muster_node_index_of_unit (node, unit);
      count = muster_node_get_n_units (node);
    }
  else if (node != NULL)
    {
      index = muster_node_index_of_node (node, group);
      count = muster_node_get_n_nodes (node);
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.add-unit", has_list &&
                                 muster_catalogue_pane_get_selected_item (self->catalogue_pane) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.duplicate", unit != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.delete", node != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.move-up", node != NULL && index > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.move-down", node != NULL &&
                                 index + 1 < count);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.show-move-to", node != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.move-to", node != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.rename-group", node != NULL &&
                                 group != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.start-rename", node != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.copy-text", force_of (self) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.add-group",
                                 group_parent (self, &level_id) != NULL);
}


static void
add_unit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  MusterCatalogueItem *item = muster_catalogue_pane_get_selected_item (self->catalogue_pane);
  g_autoptr(MusterRosterRow) row = selected_row (self);
  MusterNode *node = muster_force_get_root (force_of (self));
  guint index = muster_node_get_n_units (node);

  if (item == NULL || ruleset_of (self) == NULL)
    return;

  /* After the selected unit, or at the end of the selected node. */
  if (row != NULL && muster_roster_row_get_unit (row) != NULL)
    {
      MusterUnit *unit = muster_roster_row_get_unit (row);

      node = muster_unit_get_node (unit);
      for (guint i = 0; i < muster_node_get_n_units (node); i++)
        if (muster_node_get_unit (node, i) == unit)
          index = i + 1;
    }
  else if (row != NULL)
    {
      node = muster_roster_row_get_node (row);
      index = muster_node_get_n_units (node);
    }

  push (self, muster_add_unit_command_new (self->document, node, index,
                                           muster_catalogue_item_get_id (item)));
  muster_army_page_select_unit (self, muster_node_get_unit (node, index));
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  MusterUnit *unit = self->unit;
  MusterNode *node;

  if (unit == NULL)
    return;
  node = muster_unit_get_node (unit);
  push (self, muster_duplicate_unit_command_new (self->document, unit));
  for (guint i = 0; i + 1 < muster_node_get_n_units (node); i++)
    if (muster_node_get_unit (node, i) == unit)
      muster_army_page_select_unit (self, muster_node_get_unit (node, i + 1));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  g_autoptr(MusterRosterRow) row = selected_row (self);

  g_autofree char *message = NULL;

  if (row == NULL)
    return;
  /* TRANSLATORS: a toast after removing a unit or node, with an Undo button: "Removed Iron
   * Guard" */
  message = g_strdup_printf (_("Removed %s"), muster_roster_row_get_name (row));
  if (muster_roster_row_get_unit (row) != NULL)
    push (self, muster_remove_unit_command_new (self->document, muster_roster_row_get_unit (row)));
  else if (muster_node_get_parent (muster_roster_row_get_node (row)) != NULL)
    push (self, muster_remove_node_command_new (self->document, muster_roster_row_get_node (row)));
  else
    return;
  /* The window shows it, when there is one. */
  gtk_widget_activate_action (widget, "win.show-undo-toast", "s", message);
}

/* Alt+Up / Alt+Down: one place among the unit's fellow units, or the group's fellow groups */
static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  g_autoptr(MusterRosterRow) row = selected_row (self);
  int step = g_str_equal (action_name, "army.move-up") ? -1 : 1;
  MusterUnit *unit = row ? muster_roster_row_get_unit (row) : NULL;
  MusterNode *group = row ? muster_roster_row_get_node (row) : NULL;
  MusterNode *node;
  int to;

  if (unit != NULL)
    {
      node = muster_unit_get_node (unit);
      to = (int) muster_node_index_of_unit (node, unit) + step;
      if (to < 0 || to >= (int) muster_node_get_n_units (node))
        return;
      push (self, muster_move_unit_command_new (self->document, unit, node, to));
      muster_army_page_select_unit (self, unit);
    }
  else if (group != NULL && (node = muster_node_get_parent (group)) != NULL)
    {
      to = (int) muster_node_index_of_node (node, group) + step;
      if (to < 0 || to >= (int) muster_node_get_n_nodes (node))
        return;
      push (self, muster_move_node_command_new (self->document, group, node, to));
      muster_roster_view_select_node (self->roster_view, group);
    }
}

/* A drop: (unit id, node id or "" for the top, index among the node's units once it left) */
static void
move_unit_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  const char *unit_id, *node_id;
  MusterUnit *unit;
  MusterNode *to;
  guint index, max;

  g_variant_get (param, "(&s&su)", &unit_id, &node_id, &index);
  if (doc_of (self) == NULL || (unit = muster_doc_lookup_unit (doc_of (self), unit_id)) == NULL ||
      (to = _muster_army_page_lookup_node (self, node_id)) == NULL)
    return;
  max = muster_node_get_n_units (to) - (muster_unit_get_node (unit) == to ? 1 : 0);
  if (index > max ||
      (muster_unit_get_node (unit) == to && muster_node_index_of_unit (to, unit) == index))
    return;
  push (self, muster_move_unit_command_new (self->document, unit, to, index));
  muster_army_page_select_unit (self, unit);
}

/* A drop: (group id, new parent's id or "" for the top, index among its groups once it left) */
static void
move_group_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  const char *group_id, *node_id;
  MusterNode *group, *to;
  guint index, max;

  g_variant_get (param, "(&s&su)", &group_id, &node_id, &index);
  if (*group_id == '\0' || (group = _muster_army_page_lookup_node (self, group_id)) == NULL ||
      (to = _muster_army_page_lookup_node (self, node_id)) == NULL ||
      muster_node_is_within (to, group))
    return;
  max = muster_node_get_n_nodes (to) - (muster_node_get_parent (group) == to ? 1 : 0);
  if (index > max ||
      (muster_node_get_parent (group) == to && muster_node_index_of_node (to, group) == index))
    return;
  push (self, muster_move_node_command_new (self->document, group, to, index));
  muster_roster_view_select_node (self->roster_view, group);
}

/* A unit type dropped from the catalogue: (type id, node id or "", index among its units) */
static void
add_unit_at_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  const char *type_id, *node_id;
  MusterNode *to;
  guint index;

  g_variant_get (param, "(&s&su)", &type_id, &node_id, &index);
  if (ruleset_of (self) == NULL || muster_ruleset_get_unit_type (ruleset_of (self), type_id) == NULL ||
      (to = _muster_army_page_lookup_node (self, node_id)) == NULL ||
      index > muster_node_get_n_units (to))
    return;
  push (self, muster_add_unit_command_new (self->document, to, index, type_id));
  muster_army_page_select_unit (self, muster_node_get_unit (to, index));
}

/* "Move To…": the selected unit to the end of a group's units, or the selected group to the
 * end of its groups; "" is the top of the list. */
static void
move_to_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  g_autoptr(MusterRosterRow) row = selected_row (self);
  MusterNode *to = _muster_army_page_lookup_node (self, g_variant_get_string (param, NULL));
  MusterUnit *unit = row ? muster_roster_row_get_unit (row) : NULL;
  MusterNode *group = row ? muster_roster_row_get_node (row) : NULL;

  if (to == NULL || row == NULL)
    return;
  if (unit != NULL && muster_unit_get_node (unit) != to)
    {
      push (self, muster_move_unit_command_new (self->document, unit, to,
                                                muster_node_get_n_units (to)));
      muster_army_page_select_unit (self, unit);
    }
  else if (group != NULL && muster_node_get_parent (group) != NULL &&
           muster_node_get_parent (group) != to && !muster_node_is_within (to, group))
    {
      push (self, muster_move_node_command_new (self->document, group, to,
                                                muster_node_get_n_nodes (to)));
      muster_roster_view_select_node (self->roster_view, group);
    }
}

static void
show_move_to_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  muster_roster_view_popup_move_to (MUSTER_ARMY_PAGE (widget)->roster_view);
}

static void
rename_group_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  g_autoptr(MusterRosterRow) row = selected_row (self);
  MusterNode *group = row ? muster_roster_row_get_node (row) : NULL;

  if (group != NULL && muster_node_get_parent (group) != NULL &&
      g_strcmp0 (muster_node_get_name (group), g_variant_get_string (param, NULL)) != 0)
    push (self, muster_rename_node_command_new (self->document, group,
                                                g_variant_get_string (param, NULL)));
}

/* F2: a group's name in place, a unit's in the editor */
static void
start_rename_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);

  if (!muster_roster_view_popup_rename (self->roster_view) && self->unit != NULL)
    muster_unit_editor_focus_name (self->unit_editor);
}

static void
set_size_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);

  if (self->unit != NULL && g_variant_get_uint32 (param) != muster_unit_get_size (self->unit))
    push (self, muster_set_unit_size_command_new (self->document, self->unit,
                                                  g_variant_get_uint32 (param)));
}

static void
rename_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);

  if (self->unit != NULL)
    push (self, muster_rename_unit_command_new (self->document, self->unit,
                                                g_variant_get_string (param, NULL)));
}

static void
set_notes_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);

  if (self->unit != NULL)
    push (self, muster_set_unit_notes_command_new (self->document, self->unit,
                                                   g_variant_get_string (param, NULL)));
}

static void
choose_option_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  const char *group, *option;

  g_variant_get (param, "(&s&s)", &group, &option);
  if (self->unit != NULL && muster_ruleset_get_option_group (ruleset_of (self), group) != NULL)
    push (self, muster_choose_option_command_new (self->document, self->unit, group,
                                                  *option ? option : NULL));
}

static void
set_option_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  const char *option;
  guint count;

  g_variant_get (param, "(&su)", &option, &count);
  if (self->unit != NULL && muster_unit_get_option_count (self->unit, option) != count)
    push (self, muster_set_option_command_new (self->document, self->unit, option, count));
}

static void
add_group_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  const char *level_id;
  MusterNode *parent = group_parent (self, &level_id);

  if (parent == NULL)
    return;
  push (self, muster_add_node_command_new (self->document, parent,
                                           muster_node_get_n_nodes (parent), level_id, NULL));
  /* Selected, so that the next unit added goes into it. */
  muster_roster_view_select_node (self->roster_view,
                                  muster_node_get_node (parent, muster_node_get_n_nodes (parent) - 1));
}

static void
rename_list_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);

  if (force_of (self) != NULL)
    push (self, muster_set_force_name_command_new (self->document, force_of (self),
                                                   g_variant_get_string (param, NULL)));
}

static void
set_points_limit_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  gint64 limit = g_variant_get_int64 (param);

  if (force_of (self) != NULL && limit != muster_force_get_points_limit (force_of (self)))
    push (self, muster_set_points_limit_command_new (self->document, force_of (self), limit));
}

static void
copy_text_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  g_autofree char *text = muster_army_page_dup_text (self);

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

/* F8: the next finding's unit or group, selected and in the editor, round the list. */
static void
next_problem_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  guint n = self->document
    ? g_list_model_get_n_items (muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (self->document))) : 0;

  if (n == 0)
    return;
  muster_army_page_show_diagnostic (self, self->next_problem++ % n);
}

/* Ctrl+E: from the roster or the catalogue to the selected unit's editor (its first field). */
static void
edit_unit_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);

  if (self->unit == NULL && self->group_id == NULL)
    return;
  /* one pane at a time: the editor takes the roster's place */
  adw_leaflet_set_visible_child_name (self->editor_leaflet, "editor");
  gtk_widget_child_focus (GTK_WIDGET (self->unit_editor), GTK_DIR_TAB_FORWARD);
}

static void
show_roster_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);

  adw_leaflet_set_visible_child_name (self->editor_leaflet, "roster");
  gtk_widget_grab_focus (GTK_WIDGET (self->roster_view));
}

static void
focus_search_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);

  /* folded away in a narrow window: out it comes, over the roster */
  adw_leaflet_set_visible_child_name (self->editor_leaflet, "roster");
  adw_flap_set_reveal_flap (self->catalogue_flap, TRUE);
  muster_catalogue_pane_focus_search (self->catalogue_pane);
}


/**
 * _muster_army_page_add_shortcuts:
 *
 * The page's shortcuts that work wherever the focus is in the window while the page shows
 * (from the header bar after New List, say, or the catalogue's search field): global scope,
 * which GTK runs only for a mapped page, so the Battlefield and Preview pages keep their own
 * keys.
 */
void
_muster_army_page_add_shortcuts (MusterArmyPage *self)
{
  static const struct {
    const char *trigger;
    const char *action;
  } shortcuts[] = {
    { "<Control>f", "army.focus-search" },
    { "<Control>e", "army.edit-unit" },
    { "F8", "army.next-problem" },
    { "<Control>d", "army.duplicate" },
    { "<Control>m", "army.show-move-to" },
    { "<Control><Shift>g", "army.add-group" },
    { "<Control><Shift>c", "army.copy-text" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller),
                                     GTK_SHORTCUT_SCOPE_GLOBAL);
  /* Before the focused widget's own keys: the catalogue's search field, where the focus
   * stays after adding a unit, took Ctrl+Shift+G for its "previous match" and the group was
   * never added. None of these keys edits text. */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (shortcuts[i].trigger),
                                                            gtk_named_action_new (shortcuts[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

void
_muster_army_page_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "army.add-unit", NULL, add_unit_action);
  gtk_widget_class_install_action (widget_class, "army.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "army.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "army.move-up", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "army.move-down", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "army.move-unit", "(ssu)", move_unit_action);
  gtk_widget_class_install_action (widget_class, "army.move-group", "(ssu)", move_group_action);
  gtk_widget_class_install_action (widget_class, "army.add-unit-at", "(ssu)", add_unit_at_action);
  gtk_widget_class_install_action (widget_class, "army.move-to", "s", move_to_action);
  gtk_widget_class_install_action (widget_class, "army.show-move-to", NULL, show_move_to_action);
  gtk_widget_class_install_action (widget_class, "army.rename-group", "s", rename_group_action);
  gtk_widget_class_install_action (widget_class, "army.start-rename", NULL, start_rename_action);
  gtk_widget_class_install_action (widget_class, "army.set-size", "u", set_size_action);
  gtk_widget_class_install_action (widget_class, "army.rename", "s", rename_action);
  gtk_widget_class_install_action (widget_class, "army.set-notes", "s", set_notes_action);
  gtk_widget_class_install_action (widget_class, "army.choose-option", "(ss)",
                                   choose_option_action);
  gtk_widget_class_install_action (widget_class, "army.set-option", "(su)", set_option_action);
  gtk_widget_class_install_action (widget_class, "army.add-group", NULL, add_group_action);
  gtk_widget_class_install_action (widget_class, "army.rename-list", "s", rename_list_action);
  gtk_widget_class_install_action (widget_class, "army.set-points-limit", "x",
                                   set_points_limit_action);
  gtk_widget_class_install_action (widget_class, "army.copy-text", NULL, copy_text_action);
  gtk_widget_class_install_action (widget_class, "army.focus-search", NULL, focus_search_action);
  gtk_widget_class_install_action (widget_class, "army.next-problem", NULL, next_problem_action);
  gtk_widget_class_install_action (widget_class, "army.edit-unit", NULL, edit_unit_action);
  gtk_widget_class_install_action (widget_class, "army.show-roster", NULL, show_roster_action);

  /* These act on the roster's selection, where the focus is: Delete in a text field deletes
   * text. The page's other shortcuts are window-wide: _muster_army_page_add_shortcuts(). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "army.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK,
                                       "army.move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK,
                                       "army.move-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "army.start-rename", NULL);
}
