/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-army-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army-commands.h"
#include "muster-army-page.h"
#include "muster-catalogue-model.h"
#include "muster-engine.h"
#include "muster-roster-model.h"

/*
 * The Army workspace: the list's running total against its limit in the header, the rule
 * system's unit types on the left (search, category filter, add), the roster in the middle
 * as a tree of units and organisation nodes, and the selected unit's editor on the right.
 * Every change is a command on the document's history, made through the page's "army."
 * actions, so Ctrl+Z reverts it and tests drive the page the way the widgets do.
 */

typedef struct
{
  char               *group;
  GtkWidget          *widget;    /* AdwComboRow for single picks, GtkCheckButton otherwise */
  gboolean            has_none;  /* the combo's first item is "None" */
  GPtrArray          *options;   /* borrowed MusterOption: the combo's items, or the check's */
} OptionRow;

struct _MusterArmyPage
{
  AdwBin               parent_instance;

  /* Template Widgets */
  GtkStack            *stack;
  GtkLabel            *name_label;
  GtkLabel            *system_label;
  GtkLabel            *total_label;
  GtkLabel            *total_detail_label;
  GtkLabel            *roster_label;
  GtkLabel            *house_label;
  GtkSearchEntry      *search_entry;
  GtkDropDown         *category_dropdown;
  GtkListView         *catalogue_view;
  GtkColumnView       *roster_view;
  GMenuModel          *roster_menu;
  GtkWidget           *roster_popover;
  GtkMenuButton       *settings_button;
  GtkRevealer         *validation_revealer;
  GtkImage            *validation_icon;
  GtkLabel            *validation_title;
  GtkListView         *validation_view;
  GtkLabel            *legal_label;
  GtkStack            *editor_stack;
  AdwPreferencesGroup *unit_group;
  AdwEntryRow         *name_row;
  AdwActionRow        *size_row;
  GtkSpinButton       *size_spin;
  GtkAdjustment       *size_adjustment;
  GtkBox              *options_box;
  AdwEntryRow         *notes_row;
  AdwEntryRow         *list_name_row;
  AdwActionRow        *limit_row;
  GtkAdjustment       *limit_adjustment;

  /* Owned References */
  MusterDocument       *document;
  MusterCatalogueModel *catalogue;
  GtkSingleSelection   *catalogue_selection;
  GtkSingleSelection   *roster_selection;
  GPtrArray            *category_ids;   /* char *, NULL first for "all" */
  GPtrArray            *option_rows;    /* OptionRow */
  GPtrArray            *option_groups;  /* AdwPreferencesGroup in options_box */
  char                 *total_text;

  /* Borrowed: the selected unit, while its row is selected */
  MusterUnit           *unit;
  gboolean              over_limit;
  guint                 size_min;       /* the selected unit's legal size range */
  guint                 size_max;
  gboolean              syncing;        /* the editor is being filled from the model */
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_TOTAL_TEXT,
  PROP_OVER_LIMIT,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterArmyPage, muster_army_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void
option_row_free (gpointer data)
{
  OptionRow *row = data;

  g_free (row->group);
  g_ptr_array_unref (row->options);
  g_free (row);
}

static MusterRuleset *
ruleset_of (MusterArmyPage *self)
{
  return self->document ? muster_document_get_ruleset (self->document) : NULL;
}

static MusterForce *
force_of (MusterArmyPage *self)
{
  return self->document ? muster_document_get_force (self->document) : NULL;
}

static MusterDoc *
doc_of (MusterArmyPage *self)
{
  return self->document ? muster_document_get_doc (self->document) : NULL;
}

static void
push (MusterArmyPage *self,
      MusterCommand  *command)
{
  if (command == NULL)
    return;
  muster_history_push (muster_document_get_history (self->document), command);
  g_object_unref (command);
}

static MusterRosterRow *
selected_row (MusterArmyPage *self)
{
  GtkTreeListRow *row;

  if (self->roster_selection == NULL ||
      !(row = gtk_single_selection_get_selected_item (self->roster_selection)))
    return NULL;
  return gtk_tree_list_row_get_item (row);
}

/* Header */

static void
update_header (MusterArmyPage *self)
{
  MusterForce *force = force_of (self);
  MusterRuleset *ruleset = ruleset_of (self);
  const MusterCosting *costing = ruleset ? muster_ruleset_get_costing (ruleset) : NULL;
  g_autofree char *total = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *spent_text = NULL;
  g_autofree char *limit_text = NULL;
  g_autofree char *rest_text = NULL;
  gboolean over = FALSE;
  gboolean house;
  gint64 spent, limit;

  if (force == NULL)
    return;

  spent = muster_force_get_total (force);
  limit = muster_force_get_points_limit (force);
  house = muster_force_is_house (force);

  /* Numbers as text first: xgettext cannot read G_GINT64_FORMAT inside a message. */
  spent_text = g_strdup_printf ("%" G_GINT64_FORMAT, spent);
  limit_text = g_strdup_printf ("%" G_GINT64_FORMAT, limit);
  rest_text = g_strdup_printf ("%" G_GINT64_FORMAT, spent > limit ? spent - limit : limit - spent);

  if (costing == NULL)
    {
      total = g_strdup ("—");
      detail = g_strdup (_("Not costed: the rule system is not installed"));
    }
  else if (costing->limit && limit > 0)
    {
      /* TRANSLATORS: the running total against the limit, "998 / 1000 pts"; the last %s is
       * the house-value marker " *" or nothing */
      total = g_strdup_printf (_("%s / %s %s%s"), spent_text, limit_text, costing->abbreviation,
                               house ? " *" : "");
      over = spent > limit;
      if (over)
        /* TRANSLATORS: "12 pts over the limit" */
        detail = g_strdup_printf (_("%s %s over the limit"), rest_text, costing->abbreviation);
      else
        /* TRANSLATORS: "2 pts left" */
        detail = g_strdup_printf (_("%s %s left"), rest_text, costing->abbreviation);
    }
  else
    {
      /* TRANSLATORS: a strength with no limit, "IP 143"; the last %s is the house-value
       * marker " *" or nothing */
      total = g_strdup_printf (_("%s %s%s"), costing->abbreviation, spent_text, house ? " *" : "");
      detail = g_strdup (costing->name);
    }

  if (muster_force_get_n_uncosted (force) > 0)
    {
      g_free (detail);
      detail = g_strdup_printf (ngettext ("%u unit cannot be costed", "%u units cannot be costed",
                                          muster_force_get_n_uncosted (force)),
                                muster_force_get_n_uncosted (force));
    }

  gtk_label_set_label (self->total_label, total);
  gtk_label_set_label (self->total_detail_label, detail);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->total_label),
                               house ? _("* rests on a house value, not a number from the book")
                                     : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->house_label), house);
  if (over)
    gtk_widget_add_css_class (GTK_WIDGET (self->total_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->total_label), "error");
  gtk_label_set_label (self->name_label, muster_force_get_name (force) ? muster_force_get_name (force)
                                                                      : _("Untitled List"));

  if (g_strcmp0 (self->total_text, total) != 0)
    {
      g_free (self->total_text);
      self->total_text = g_steal_pointer (&total);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOTAL_TEXT]);
    }
  if (self->over_limit != over)
    {
      self->over_limit = over;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER_LIMIT]);
    }
}

static void
update_system_label (MusterArmyPage *self)
{
  MusterRuleset *ruleset = ruleset_of (self);
  MusterDoc *doc = muster_document_get_doc (self->document);
  g_autofree char *text = NULL;

  if (ruleset != NULL)
    text = g_strdup_printf (muster_ruleset_is_house (ruleset) ? _("%s %s · house rules")
                                                              : _("%s %s"),
                            muster_ruleset_get_name (ruleset),
                            muster_ruleset_get_version (ruleset));
  else
    text = g_strdup_printf (_("This list needs the “%s” rule system, which is not installed"),
                            muster_doc_get_ruleset_id (doc));
  gtk_label_set_label (self->system_label, text);
}

/* The list's settings popover, filled when it opens */
static void
settings_shown_cb (MusterArmyPage *self)
{
  MusterForce *force = force_of (self);
  MusterRuleset *ruleset = ruleset_of (self);
  const MusterCosting *costing = ruleset ? muster_ruleset_get_costing (ruleset) : NULL;

  if (force == NULL)
    return;
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->list_name_row),
                         muster_force_get_name (force) ? muster_force_get_name (force) : "");
  gtk_adjustment_set_value (self->limit_adjustment, muster_force_get_points_limit (force));
  gtk_widget_set_visible (GTK_WIDGET (self->limit_row), costing != NULL && costing->limit);
  self->syncing = FALSE;
}

static void
list_name_changed_cb (MusterArmyPage *self)
{
  if (!self->syncing && force_of (self) != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "army.rename-list", "s",
                                gtk_editable_get_text (GTK_EDITABLE (self->list_name_row)));
}

static void
limit_changed_cb (MusterArmyPage *self)
{
  if (!self->syncing && force_of (self) != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "army.set-points-limit", "x",
                                (gint64) gtk_adjustment_get_value (self->limit_adjustment));
}

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

  level = muster_node_get_level (parent) != NULL
    ? muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL, muster_node_get_level (parent))
    : muster_ruleset_get_root_level (ruleset);
  if (level == NULL || level->children == NULL || level->children[0] == NULL)
    return NULL;
  *level_id = level->children[0];
  return parent;
}

/* Actions' enabled state */

static void
update_actions (MusterArmyPage *self)
{
  g_autoptr(MusterRosterRow) row = selected_row (self);
  MusterUnit *unit = row ? muster_roster_row_get_unit (row) : NULL;
  MusterNode *node = unit ? muster_unit_get_node (unit) : NULL;
  gboolean has_list = force_of (self) != NULL && ruleset_of (self) != NULL;
  const char *level_id;
  guint index = 0;

  for (guint i = 0; node != NULL && i < muster_node_get_n_units (node); i++)
    if (muster_node_get_unit (node, i) == unit)
      index = i;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.add-unit", has_list &&
                                 gtk_single_selection_get_selected_item (self->catalogue_selection));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.duplicate", unit != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.delete", row != NULL &&
                                 (unit != NULL || muster_roster_row_is_node (row)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.move-up", node != NULL && index > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.move-down", node != NULL &&
                                 index + 1 < muster_node_get_n_units (node));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.copy-text", force_of (self) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "army.add-group",
                                 group_parent (self, &level_id) != NULL);
}

/* Unit editor */

static guint
current_choice (OptionRow  *row,
                MusterUnit *unit)
{
  for (guint i = 0; i < row->options->len; i++)
    {
      const MusterOption *option = row->options->pdata[i];

      if (muster_unit_get_option_count (unit, option->item.id) > 0)
        return i + (row->has_none ? 1 : 0);
    }
  return row->has_none ? 0 : GTK_INVALID_LIST_POSITION;
}

/* Fills the editor's widgets from the selected unit. */
static void
sync_editor (MusterArmyPage *self)
{
  MusterUnit *unit = self->unit;
  const MusterCost *cost;
  g_autofree char *description = NULL;
  const MusterCosting *costing;
  guint size;

  if (unit == NULL)
    return;

  self->syncing = TRUE;
  cost = muster_unit_get_cost (unit);
  costing = muster_ruleset_get_costing (ruleset_of (self));
  if (cost->error != NULL)
    description = g_strdup_printf (_("Cannot be costed: %s"), cost->error);
  else
    description = g_strdup_printf ("%" G_GINT64_FORMAT " %s%s", cost->value,
                                   costing->abbreviation, cost->house ? " *" : "");
  adw_preferences_group_set_description (self->unit_group, description);

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->name_row)),
                 muster_unit_get_name (unit) ? muster_unit_get_name (unit) : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->name_row),
                           muster_unit_get_name (unit) ? muster_unit_get_name (unit) : "");
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->notes_row)),
                 muster_unit_get_notes (unit) ? muster_unit_get_notes (unit) : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->notes_row),
                           muster_unit_get_notes (unit) ? muster_unit_get_notes (unit) : "");
  /* The unit's real size even outside the legal range: the validation panel says why. */
  size = muster_unit_get_size (unit);
  gtk_adjustment_set_lower (self->size_adjustment, MIN (self->size_min, size));
  gtk_adjustment_set_upper (self->size_adjustment, MAX (self->size_max, size));
  gtk_adjustment_set_value (self->size_adjustment, size);

  for (guint i = 0; i < self->option_rows->len; i++)
    {
      OptionRow *row = self->option_rows->pdata[i];

      guint count = row->options->len > 0
        ? muster_unit_get_option_count (unit, ((MusterOption *) row->options->pdata[0])->item.id)
        : 0;

      if (ADW_IS_COMBO_ROW (row->widget))
        adw_combo_row_set_selected (ADW_COMBO_ROW (row->widget), current_choice (row, unit));
      else if (GTK_IS_SPIN_BUTTON (row->widget))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->widget), count);
      else
        gtk_check_button_set_active (GTK_CHECK_BUTTON (row->widget), count > 0);
    }
  self->syncing = FALSE;
}

static void
choice_selected_cb (AdwComboRow    *combo,
                    GParamSpec     *pspec,
                    MusterArmyPage *self)
{
  OptionRow *row = g_object_get_data (G_OBJECT (combo), "muster-option-row");
  guint selected = adw_combo_row_get_selected (combo);
  const char *option = "";

  if (self->syncing || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (!row->has_none || selected > 0)
    option = ((MusterOption *) row->options->pdata[selected - (row->has_none ? 1 : 0)])->item.id;
  gtk_widget_activate_action (GTK_WIDGET (self), "army.choose-option", "(ss)", row->group, option);
}

/* A check row, or a count for an option that may be taken several times. */
static void
count_changed_cb (GtkWidget      *widget,
                  MusterArmyPage *self)
{
  OptionRow *row = g_object_get_data (G_OBJECT (widget), "muster-option-row");
  guint count;

  if (self->syncing)
    return;
  if (GTK_IS_SPIN_BUTTON (widget))
    count = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
  else
    count = gtk_check_button_get_active (GTK_CHECK_BUTTON (widget)) ? 1 : 0;
  gtk_widget_activate_action (GTK_WIDGET (self), "army.set-option", "(su)",
                              ((MusterOption *) row->options->pdata[0])->item.id, count);
}

static OptionRow *
option_row_new (MusterArmyPage *self,
                const char     *group,
                GtkWidget      *widget)
{
  OptionRow *row = g_new0 (OptionRow, 1);

  row->group = g_strdup (group);
  row->widget = widget;
  row->options = g_ptr_array_new ();
  g_object_set_data (G_OBJECT (widget), "muster-option-row", row);
  g_ptr_array_add (self->option_rows, row);
  return row;
}

/* The type's allowed options first, then the group's others, flagged: a list may break a
 * rule on purpose, and the legality check says so. */
static GPtrArray *
ordered_options (const MusterUnitType    *type,
                 const MusterOptionGroup *group)
{
  GPtrArray *options = g_ptr_array_new ();

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < group->options->len; i++)
      {
        const MusterOption *option = group->options->pdata[i];

        if (muster_unit_type_allows_option (type, option) == (pass == 0))
          g_ptr_array_add (options, (gpointer) option);
      }
  return options;
}

static void
add_option_group (MusterArmyPage          *self,
                  const MusterUnitType    *type,
                  const MusterAllow       *allow,
                  const MusterOptionGroup *group,
                  GtkWidget              **choices)
{
  g_autoptr(GPtrArray) options = ordered_options (type, group);
  guint max = allow->has_max ? allow->max : group->has_max ? group->max : G_MAXUINT;
  guint min = allow->has_min ? allow->min : group->has_min ? group->min : 0;
  GtkWidget *prefs;

  if (max == 1)
    {
      g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
      GtkWidget *combo = adw_combo_row_new ();
      OptionRow *row = option_row_new (self, group->item.id, combo);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (combo), group->item.name);
      row->has_none = min == 0;
      if (row->has_none)
        gtk_string_list_append (labels, _("None"));
      for (guint i = 0; i < options->len; i++)
        {
          const MusterOption *option = options->pdata[i];
          g_autofree char *label = NULL;

          if (muster_unit_type_allows_option (type, option))
            label = g_strdup (option->item.name);
          else
            /* TRANSLATORS: an option this unit type may not take */
            label = g_strdup_printf (_("%s (not allowed)"), option->item.name);
          gtk_string_list_append (labels, label);
          g_ptr_array_add (row->options, (gpointer) option);
        }
      adw_combo_row_set_model (ADW_COMBO_ROW (combo), G_LIST_MODEL (labels));
      g_signal_connect (combo, "notify::selected", G_CALLBACK (choice_selected_cb), self);
      /* Single choices share one "Options" group; a row's title names its group. */
      if (*choices == NULL)
        {
          *choices = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (*choices), _("Options"));
          gtk_box_prepend (self->options_box, *choices);
          g_ptr_array_add (self->option_groups, *choices);
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (*choices), combo);
      return;
    }

  prefs = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (prefs), group->item.name);
  for (guint i = 0; i < options->len; i++)
      {
        const MusterOption *option = options->pdata[i];
        GtkWidget *action_row = adw_action_row_new ();
        GtkWidget *check = option->max_count > 1
          ? gtk_spin_button_new_with_range (0, option->max_count, 1)
          : gtk_check_button_new ();
        OptionRow *row = option_row_new (self, group->item.id, check);

        g_ptr_array_add (row->options, (gpointer) option);
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (action_row), option->item.name);
        if (!muster_unit_type_allows_option (type, option))
          {
            adw_action_row_set_subtitle (ADW_ACTION_ROW (action_row),
                                         _("Not allowed for this unit type"));
            gtk_widget_add_css_class (action_row, "warning");
          }
        gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
        if (GTK_IS_SPIN_BUTTON (check))
          {
            adw_action_row_add_suffix (ADW_ACTION_ROW (action_row), check);
            g_signal_connect (check, "value-changed", G_CALLBACK (count_changed_cb), self);
          }
        else
          {
            adw_action_row_add_prefix (ADW_ACTION_ROW (action_row), check);
            g_signal_connect (check, "toggled", G_CALLBACK (count_changed_cb), self);
          }
        adw_action_row_set_activatable_widget (ADW_ACTION_ROW (action_row), check);
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (prefs), action_row);
      }

  gtk_box_append (self->options_box, prefs);
  g_ptr_array_add (self->option_groups, prefs);
}

static void
clear_option_groups (MusterArmyPage *self)
{
  for (guint i = 0; i < self->option_groups->len; i++)
    gtk_box_remove (self->options_box, self->option_groups->pdata[i]);
  g_ptr_array_set_size (self->option_groups, 0);
  g_ptr_array_set_size (self->option_rows, 0);
}

/* Makes the editor's rows for the selected unit's type. */
static void
build_editor (MusterArmyPage *self)
{
  MusterRuleset *ruleset = ruleset_of (self);
  const MusterUnitType *type;
  GtkWidget *choices = NULL;
  g_autofree char *range = NULL;
  const char *unit_word;
  guint min = 1, max = 999;

  clear_option_groups (self);
  type = self->unit && ruleset
    ? muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (self->unit)) : NULL;
  if (type == NULL)
    {
      gtk_stack_set_visible_child_name (self->editor_stack, "none");
      return;
    }

  adw_preferences_group_set_title (self->unit_group, type->item.name);
  muster_ruleset_get_size_range (ruleset, type, &min, &max);
  self->size_min = MAX (min, 1);
  self->size_max = MAX (max, self->size_min);
  unit_word = type->size_unit != NULL ? type->size_unit : _("size");
  if (self->size_max == G_MAXUINT)
    /* TRANSLATORS: the size row's subtitle, "stand · 4 or more" */
    range = g_strdup_printf (_("%s · %u or more"), unit_word, self->size_min);
  else if (self->size_min == self->size_max)
    /* TRANSLATORS: the size row's subtitle, "model · exactly 1" */
    range = g_strdup_printf (_("%s · exactly %u"), unit_word, self->size_min);
  else
    /* TRANSLATORS: the size row's subtitle, "stand · 4 to 12" */
    range = g_strdup_printf (_("%s · %u to %u"), unit_word, self->size_min, self->size_max);
  adw_action_row_set_subtitle (self->size_row, range);

  for (guint i = 0; i < type->allows->len; i++)
    {
      const MusterAllow *allow = type->allows->pdata[i];
      const MusterOptionGroup *group = muster_ruleset_get_option_group (ruleset, allow->group);

      if (group != NULL)
        add_option_group (self, type, allow, group, &choices);
    }

  sync_editor (self);
  gtk_stack_set_visible_child_name (self->editor_stack, "unit");
}

static void
roster_selection_changed_cb (MusterArmyPage *self)
{
  g_autoptr(MusterRosterRow) row = selected_row (self);
  MusterUnit *unit = row ? muster_roster_row_get_unit (row) : NULL;

  if (unit != self->unit)
    {
      self->unit = unit;
      build_editor (self);
    }
  update_actions (self);
}

static void
name_changed_cb (MusterArmyPage *self)
{
  if (!self->syncing && self->unit != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "army.rename", "s",
                                gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
}

static void
notes_changed_cb (MusterArmyPage *self)
{
  if (!self->syncing && self->unit != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "army.set-notes", "s",
                                gtk_editable_get_text (GTK_EDITABLE (self->notes_row)));
}

static void
size_changed_cb (MusterArmyPage *self)
{
  guint size = (guint) gtk_adjustment_get_value (self->size_adjustment);

  if (!self->syncing && self->unit != NULL && size != muster_unit_get_size (self->unit))
    gtk_widget_activate_action (GTK_WIDGET (self), "army.set-size", "u", size);
}

/* Catalogue */

static void
search_changed_cb (MusterArmyPage *self)
{
  if (self->catalogue != NULL)
    muster_catalogue_model_set_search_text (self->catalogue,
                                            gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
search_activate_cb (MusterArmyPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "army.add-unit", NULL);
}

static void
category_selected_cb (MusterArmyPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->category_dropdown);

  if (self->catalogue != NULL && selected < self->category_ids->len)
    muster_catalogue_model_set_category (self->catalogue, self->category_ids->pdata[selected]);
}

static void
catalogue_activate_cb (MusterArmyPage *self,
                       guint           position)
{
  gtk_single_selection_set_selected (self->catalogue_selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self), "army.add-unit", NULL);
}

static void
fill_categories (MusterArmyPage *self)
{
  MusterRuleset *ruleset = ruleset_of (self);
  const GPtrArray *categories = ruleset ? muster_ruleset_list (ruleset, MUSTER_ITEM_CATEGORY) : NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_ptr_array_set_size (self->category_ids, 0);
  g_ptr_array_add (self->category_ids, NULL);
  gtk_string_list_append (names, _("All Categories"));
  for (guint i = 0; categories != NULL && i < categories->len; i++)
    {
      const MusterItem *category = categories->pdata[i];

      g_ptr_array_add (self->category_ids, g_strdup (category->id));
      gtk_string_list_append (names, category->name);
    }
  gtk_drop_down_set_model (self->category_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->category_dropdown, 0);
}

/* Roster */

static GListModel *
create_children_cb (gpointer item,
                    gpointer user_data)
{
  GListModel *children = muster_roster_row_get_children (item);

  return children ? g_object_ref (children) : NULL;
}

static GtkTreeExpander *
find_expander (GtkWidget *widget)
{
  if (GTK_IS_TREE_EXPANDER (widget))
    return GTK_TREE_EXPANDER (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkTreeExpander *found = find_expander (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Right-click: select the row under the pointer, then offer its actions there. GTK 4.8 has no
 * API for the row at a point, so climb from the picked widget to the list's row widget and
 * read the row from the expander of its first cell. */
static void
roster_context_cb (MusterArmyPage *self,
                   int             n_press,
                   double          x,
                   double          y)
{
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->roster_view), x, y, GTK_PICK_DEFAULT);

  while (picked != NULL && gtk_widget_get_parent (picked) != NULL &&
         !GTK_IS_LIST_VIEW (gtk_widget_get_parent (picked)))
    picked = gtk_widget_get_parent (picked);
  if (picked != NULL && gtk_widget_get_parent (picked) != NULL)
    {
      GtkTreeExpander *expander = find_expander (picked);
      GtkTreeListRow *row = expander ? gtk_tree_expander_get_list_row (expander) : NULL;

      if (row != NULL)
        gtk_single_selection_set_selected (self->roster_selection,
                                           gtk_tree_list_row_get_position (row));
    }

  gtk_popover_set_pointing_to (GTK_POPOVER (self->roster_popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->roster_popover));
}

/* Validation */

static const char * const severity_classes[] = { "error", "warning", "info" };

/* "2 errors · 1 warning", "Legal · 1 note"; "Legal" alone when there are no findings */
static char *
dup_summary (MusterArmyPage *self)
{
  guint n_errors = muster_document_get_n_errors (self->document);
  guint n_warnings = muster_document_get_n_warnings (self->document);
  guint n_items = g_list_model_get_n_items (muster_document_get_diagnostics (self->document));
  guint n_notes = n_items > n_errors + n_warnings ? n_items - n_errors - n_warnings : 0;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (n_errors > 0)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u error", "%u errors", n_errors),
                                             n_errors));
  else
    g_ptr_array_add (parts, g_strdup (_("Legal")));
  if (n_warnings > 0)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u warning", "%u warnings", n_warnings),
                                             n_warnings));
  if (n_notes > 0)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u note", "%u notes", n_notes), n_notes));
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: between the parts of "2 errors · 1 warning" */
  return g_strjoinv (_(" · "), (char **) parts->pdata);
}

static void
update_validation (MusterArmyPage *self)
{
  g_autofree char *summary = NULL;
  g_autofree char *pill = NULL;
  gboolean legal;
  guint n_items, n_errors;

  if (self->document == NULL || muster_document_get_doc (self->document) == NULL)
    return;

  legal = muster_document_get_legal (self->document);
  n_errors = muster_document_get_n_errors (self->document);
  n_items = g_list_model_get_n_items (muster_document_get_diagnostics (self->document));
  summary = dup_summary (self);
  pill = legal ? g_strdup (_("Legal"))
               : g_strdup_printf (ngettext ("%u error", "%u errors", n_errors), n_errors);

  gtk_widget_remove_css_class (GTK_WIDGET (self->legal_label), legal ? "illegal" : "legal");
  gtk_widget_remove_css_class (GTK_WIDGET (self->legal_label), "unchecked");
  if (ruleset_of (self) == NULL)
    {
      /* Nothing was checked: never say "Legal" then. */
      gtk_label_set_label (self->legal_label, _("Not Checked"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->legal_label),
                                   _("The list's rule system is not installed"));
      gtk_widget_remove_css_class (GTK_WIDGET (self->legal_label), "legal");
      gtk_widget_add_css_class (GTK_WIDGET (self->legal_label), "unchecked");
    }
  else
    {
      gtk_label_set_label (self->legal_label, pill);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->legal_label),
                                   legal ? _("This list follows every rule the rule system checks")
                                         : summary);
      gtk_widget_add_css_class (GTK_WIDGET (self->legal_label), legal ? "legal" : "illegal");
    }
  gtk_label_set_label (self->validation_title, summary);
  gtk_image_set_from_icon_name (self->validation_icon,
                                !legal ? "dialog-error-symbolic"
                                : muster_document_get_n_warnings (self->document) > 0
                                ? "dialog-warning-symbolic" : "dialog-information-symbolic");
  for (guint i = 0; i < G_N_ELEMENTS (severity_classes); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->validation_icon), severity_classes[i]);
  gtk_widget_add_css_class (GTK_WIDGET (self->validation_icon),
                            !legal ? "error"
                            : muster_document_get_n_warnings (self->document) > 0 ? "warning"
                            : "info");
  gtk_revealer_set_reveal_child (self->validation_revealer, n_items > 0);
}

/* A finding's row: severity icon, the message, where it is. Rows never change, so bind only
 * fills the widgets in and there is nothing to disconnect. */
static void
diagnostic_setup_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new ();
  GtkWidget *message = gtk_label_new (NULL);
  GtkWidget *location = gtk_label_new (NULL);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_margin_top (icon, 2);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (message), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (location), 0);
  gtk_label_set_ellipsize (GTK_LABEL (location), PANGO_ELLIPSIZE_START);
  gtk_widget_add_css_class (location, "caption");
  gtk_widget_add_css_class (location, "dim-label");
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), message);
  gtk_box_append (GTK_BOX (text), location);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_item_set_child (item, box);
}

static void
diagnostic_bind_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item)
{
  MusterDiagnostic *diagnostic = gtk_list_item_get_item (item);
  GtkWidget *icon = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *message = gtk_widget_get_first_child (gtk_widget_get_next_sibling (icon));
  GtkWidget *location = gtk_widget_get_next_sibling (message);
  MusterSeverity severity = muster_diagnostic_get_severity (diagnostic);
  const char *where = muster_diagnostic_get_location (diagnostic);

  gtk_image_set_from_icon_name (GTK_IMAGE (icon), muster_diagnostic_get_icon_name (diagnostic));
  for (guint i = 0; i < G_N_ELEMENTS (severity_classes); i++)
    gtk_widget_remove_css_class (icon, severity_classes[i]);
  gtk_widget_add_css_class (icon, severity_classes[MIN (severity, MUSTER_SEVERITY_INFO)]);
  gtk_label_set_label (GTK_LABEL (message), muster_diagnostic_get_message (diagnostic));
  gtk_label_set_label (GTK_LABEL (location), *where ? where : _("The whole list"));
  gtk_widget_set_tooltip_text (gtk_list_item_get_child (item),
                               muster_diagnostic_get_unit_id (diagnostic) != NULL
                               ? _("Select the unit") : NULL);
}

static void
validation_activate_cb (MusterArmyPage *self,
                        guint           position)
{
  muster_army_page_show_diagnostic (self, position);
}

/* Rebuilds everything: a list was opened or started. */
static void
rebuild (MusterArmyPage *self)
{
  MusterForce *force = force_of (self);
  MusterRuleset *ruleset = ruleset_of (self);
  g_autoptr(GListModel) catalogue = NULL;
  g_autoptr(MusterRosterModel) roster = NULL;
  GtkTreeListModel *tree;

  /* The old rows point into the document that was just replaced: drop them first. */
  self->unit = NULL;
  gtk_single_selection_set_model (self->roster_selection, NULL);
  g_clear_object (&self->catalogue);

  if (force == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      gtk_single_selection_set_model (self->catalogue_selection, NULL);
      build_editor (self);
      update_actions (self);
      return;
    }

  if (ruleset != NULL)
    {
      self->catalogue = muster_catalogue_model_new (ruleset);
      catalogue = g_object_ref (G_LIST_MODEL (self->catalogue));
    }
  else
    catalogue = G_LIST_MODEL (g_list_store_new (MUSTER_TYPE_CATALOGUE_ITEM));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  fill_categories (self);
  gtk_single_selection_set_model (self->catalogue_selection, catalogue);

  roster = muster_roster_model_new (self->document, muster_force_get_root (force));
  tree = gtk_tree_list_model_new (G_LIST_MODEL (g_steal_pointer (&roster)), FALSE, TRUE,
                                  create_children_cb, NULL, NULL);
  gtk_single_selection_set_model (self->roster_selection, G_LIST_MODEL (tree));
  g_object_unref (tree);
  gtk_single_selection_set_selected (self->roster_selection, GTK_INVALID_LIST_POSITION);

  update_system_label (self);
  update_header (self);
  update_validation (self);
  build_editor (self);
  update_actions (self);
  gtk_stack_set_visible_child_name (self->stack, "list");
}

static void
unit_changed_cb (MusterArmyPage *self,
                 MusterUnit     *unit)
{
  update_header (self);
  if (unit == self->unit)
    sync_editor (self);
}

static void
children_changed_cb (MusterArmyPage *self)
{
  update_header (self);
  update_actions (self);
}

/* Text for the clipboard */

static void
append_node_text (MusterArmyPage *self,
                  GString        *text,
                  MusterNode     *node,
                  guint           depth)
{
  MusterRuleset *ruleset = ruleset_of (self);

  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      MusterUnit *unit = muster_node_get_unit (node, i);
      const MusterUnitType *type = ruleset
        ? muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (unit)) : NULL;
      const MusterCost *cost = muster_unit_get_cost (unit);
      g_autofree char *name = muster_unit_dup_display_name (unit, ruleset);
      g_autofree char *stats = muster_unit_dup_stats_summary (ruleset, force_of (self), unit);

      g_string_append_printf (text, "%*s%s — %s, %u %s — %" G_GINT64_FORMAT "%s\n", depth * 2, "",
                              name, type ? type->item.name : muster_unit_get_type_id (unit),
                              muster_unit_get_size (unit), type ? type->size_unit : "",
                              cost->value, cost->house ? "*" : "");
      for (guint p = 0; p < muster_unit_get_n_picks (unit); p++)
        {
          guint count;
          const char *id = muster_unit_get_pick (unit, p, &count);
          const MusterOption *option = ruleset ? muster_ruleset_get_option (ruleset, id) : NULL;

          g_string_append_printf (text, p == 0 ? "%*s  " : ", ", depth * 2, "");
          g_string_append (text, option ? option->item.name : id);
          if (count > 1)
            g_string_append_printf (text, " ×%u", count);
        }
      if (muster_unit_get_n_picks (unit) > 0)
        g_string_append_c (text, '\n');
      if (stats != NULL && *stats != '\0')
        g_string_append_printf (text, "%*s  %s\n", depth * 2, "", stats);
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      MusterNode *child = muster_node_get_node (node, i);

      g_string_append_printf (text, "%*s%s — %" G_GINT64_FORMAT "\n", depth * 2, "",
                              muster_node_get_name (child), muster_node_get_total (child));
      append_node_text (self, text, child, depth + 1);
    }
}

/* Actions */

static void
add_unit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  MusterCatalogueItem *item = gtk_single_selection_get_selected_item (self->catalogue_selection);
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
  /* TRANSLATORS: a toast after removing a unit or node: "Removed Iron Guard" */
  message = g_strdup_printf (_("Removed %s — Ctrl+Z brings it back"),
                             muster_roster_row_get_name (row));
  if (muster_roster_row_get_unit (row) != NULL)
    push (self, muster_remove_unit_command_new (self->document, muster_roster_row_get_unit (row)));
  else if (muster_node_get_parent (muster_roster_row_get_node (row)) != NULL)
    push (self, muster_remove_node_command_new (self->document, muster_roster_row_get_node (row)));
  else
    return;
  /* The window shows it, when there is one. */
  gtk_widget_activate_action (widget, "win.show-toast", "s", message);
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (widget);
  MusterUnit *unit = self->unit;
  int step = g_str_equal (action_name, "army.move-up") ? -1 : 1;
  MusterNode *node;

  if (unit == NULL)
    return;
  node = muster_unit_get_node (unit);
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    if (muster_node_get_unit (node, i) == unit)
      {
        int to = (int) i + step;

        if (to < 0 || to >= (int) muster_node_get_n_units (node))
          return;
        push (self, muster_move_unit_command_new (self->document, unit, node, to));
        muster_army_page_select_unit (self, unit);
        return;
      }
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

  if (parent != NULL)
    push (self, muster_add_node_command_new (self->document, parent,
                                             muster_node_get_n_nodes (parent), level_id, NULL));
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

static void
focus_search_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  gtk_widget_grab_focus (GTK_WIDGET (MUSTER_ARMY_PAGE (widget)->search_entry));
}

/* GObject */

static void
muster_army_page_dispose (GObject *object)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (object);

  /* No gtk_widget_dispose_template (): the template's root is AdwBin's child, which AdwBin
   * unparents itself (see MusterPreviewPage). */
  self->unit = NULL;
  g_clear_pointer (&self->roster_popover, gtk_widget_unparent);
  g_clear_object (&self->catalogue_selection);
  g_clear_object (&self->roster_selection);
  g_clear_object (&self->catalogue);
  g_clear_object (&self->document);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->option_groups, g_ptr_array_unref);
  g_clear_pointer (&self->category_ids, g_ptr_array_unref);
  g_clear_pointer (&self->total_text, g_free);

  G_OBJECT_CLASS (muster_army_page_parent_class)->dispose (object);
}

static void
muster_army_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    case PROP_TOTAL_TEXT:
      g_value_set_string (value, self->total_text);
      break;

    case PROP_OVER_LIMIT:
      g_value_set_boolean (value, self->over_limit);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_army_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      muster_army_page_set_document (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_army_page_class_init (MusterArmyPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_army_page_dispose;
  object_class->get_property = muster_army_page_get_property;
  object_class->set_property = muster_army_page_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL,
                         MUSTER_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterArmyPage:total-text:
   *
   * The running total as the header shows it: "998 / 1000 pts", "IP 143".
   */
  properties[PROP_TOTAL_TEXT] =
    g_param_spec_string ("total-text", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_OVER_LIMIT] =
    g_param_spec_boolean ("over-limit", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (MUSTER_TYPE_CATALOGUE_ITEM);
  g_type_ensure (MUSTER_TYPE_ROSTER_ROW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-army-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, name_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, system_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, total_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, total_detail_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, roster_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, house_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, category_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, catalogue_view);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, roster_view);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, roster_menu);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, settings_button);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, validation_revealer);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, validation_icon);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, validation_title);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, validation_view);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, legal_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, editor_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, unit_group);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, size_row);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, size_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, size_adjustment);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, options_box);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, notes_row);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, list_name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, limit_row);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, limit_adjustment);
  gtk_widget_class_bind_template_callback (widget_class, settings_shown_cb);
  gtk_widget_class_bind_template_callback (widget_class, list_name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, limit_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, category_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, catalogue_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, roster_context_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, notes_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, size_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, validation_activate_cb);

  gtk_widget_class_install_action (widget_class, "army.add-unit", NULL, add_unit_action);
  gtk_widget_class_install_action (widget_class, "army.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "army.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "army.move-up", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "army.move-down", NULL, move_action);
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

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "army.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK,
                                       "army.duplicate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK,
                                       "army.move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK,
                                       "army.move-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "army.focus-search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "army.copy-text", NULL);
}

static void
muster_army_page_init (MusterArmyPage *self)
{
  g_autoptr(GtkListItemFactory) factory = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->option_rows = g_ptr_array_new_with_free_func (option_row_free);
  self->option_groups = g_ptr_array_new ();
  self->category_ids = g_ptr_array_new_with_free_func (g_free);

  self->catalogue_selection = gtk_single_selection_new (NULL);
  gtk_list_view_set_model (self->catalogue_view, GTK_SELECTION_MODEL (self->catalogue_selection));
  g_signal_connect_object (self->catalogue_selection, "notify::selected-item",
                           G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);

  self->roster_selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->roster_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->roster_selection, TRUE);
  gtk_column_view_set_model (self->roster_view, GTK_SELECTION_MODEL (self->roster_selection));
  g_signal_connect_object (self->roster_selection, "notify::selected-item",
                           G_CALLBACK (roster_selection_changed_cb), self, G_CONNECT_SWAPPED);

  self->roster_popover = gtk_popover_menu_new_from_model (self->roster_menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->roster_popover), FALSE);
  gtk_widget_set_halign (self->roster_popover, GTK_ALIGN_START);
  gtk_widget_set_parent (self->roster_popover, GTK_WIDGET (self->roster_view));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (diagnostic_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (diagnostic_bind_cb), NULL);
  gtk_list_view_set_factory (self->validation_view, factory);

  /* Type anywhere on the page to search the unit types. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));

  update_actions (self);
}

void
muster_army_page_set_document (MusterArmyPage *self,
                               MusterDocument *document)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  g_return_if_fail (MUSTER_IS_ARMY_PAGE (self));
  g_return_if_fail (document == NULL || MUSTER_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      g_signal_handlers_disconnect_by_data (muster_document_get_diagnostics (self->document), self);
    }
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      /* A new ruleset means a list was loaded or started: start afresh. */
      g_signal_connect_object (document, "notify::ruleset", G_CALLBACK (rebuild), self,
                               G_CONNECT_SWAPPED);
      /* After the roster models, so that the selection already follows the edit. */
      g_signal_connect_object (document, "unit-changed", G_CALLBACK (unit_changed_cb), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      g_signal_connect_object (document, "children-changed", G_CALLBACK (children_changed_cb),
                               self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      g_signal_connect_object (document, "force-changed", G_CALLBACK (update_header), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (muster_document_get_diagnostics (document), "items-changed",
                               G_CALLBACK (update_validation), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::n-errors", G_CALLBACK (update_validation),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::n-warnings", G_CALLBACK (update_validation),
                               self, G_CONNECT_SWAPPED);
    }
  selection = gtk_no_selection_new (document != NULL
                                    ? g_object_ref (muster_document_get_diagnostics (document))
                                    : NULL);
  gtk_list_view_set_model (self->validation_view, GTK_SELECTION_MODEL (selection));
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/* Returns: (transfer none) (nullable) */
MusterDocument *
muster_army_page_get_document (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return self->document;
}

const char *
muster_army_page_get_total_text (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return self->total_text;
}

gboolean
muster_army_page_get_over_limit (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), FALSE);
  return self->over_limit;
}

/* Returns: (transfer none): the catalogue's selection (of MusterCatalogueItems) */
GtkSelectionModel *
muster_army_page_get_catalogue (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return GTK_SELECTION_MODEL (self->catalogue_selection);
}

/* Returns: (transfer none): the roster's selection (of GtkTreeListRows of MusterRosterRows) */
GtkSelectionModel *
muster_army_page_get_roster (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return GTK_SELECTION_MODEL (self->roster_selection);
}

/* Returns: (transfer none) (nullable): the unit the editor shows */
MusterUnit *
muster_army_page_get_selected_unit (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return self->unit;
}

/* GTK 4.8 has no gtk_column_view_scroll_to(): ask the column view's own list. */
static void
scroll_to_row (MusterArmyPage *self,
               guint           position)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->roster_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
}

/* Selects the row of @unit, or of @node when @unit is %NULL; returns whether it was found */
static gboolean
select_row (MusterArmyPage *self,
            MusterUnit     *unit,
            MusterNode     *node)
{
  GListModel *rows = G_LIST_MODEL (self->roster_selection);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(GtkTreeListRow) tree_row = g_list_model_get_item (rows, i);
      g_autoptr(MusterRosterRow) row = gtk_tree_list_row_get_item (tree_row);

      gboolean found = unit != NULL ? muster_roster_row_get_unit (row) == unit
                                    : muster_roster_row_get_node (row) == node;

      if (found)
        {
          gtk_single_selection_set_selected (self->roster_selection, i);
          scroll_to_row (self, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* Expands the rows of @node and of the nodes above it, so that what it holds has rows. */
static void
expand_node (MusterArmyPage *self,
             MusterNode     *node)
{
  GListModel *rows = G_LIST_MODEL (self->roster_selection);

  /* The root has no row: the roster lists what it holds. */
  if (node == NULL || muster_node_get_parent (node) == NULL)
    return;
  expand_node (self, muster_node_get_parent (node));
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(GtkTreeListRow) tree_row = g_list_model_get_item (rows, i);
      g_autoptr(MusterRosterRow) row = gtk_tree_list_row_get_item (tree_row);

      if (muster_roster_row_is_node (row) && muster_roster_row_get_node (row) == node)
        {
          gtk_tree_list_row_set_expanded (tree_row, TRUE);
          return;
        }
    }
}

/**
 * muster_army_page_select_unit:
 *
 * Selects @unit's row, expanding the groups it is in, scrolls to it and shows it in the
 * editor.
 *
 * Returns: whether the unit's row was found
 */
gboolean
muster_army_page_select_unit (MusterArmyPage *self,
                              MusterUnit     *unit)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), FALSE);

  if (unit == NULL)
    return FALSE;
  expand_node (self, muster_unit_get_node (unit));
  return select_row (self, unit, NULL);
}

static MusterNode *
find_node (MusterNode *node,
           const char *id)
{
  if (g_strcmp0 (muster_node_get_id (node), id) == 0)
    return node;
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      MusterNode *found = find_node (muster_node_get_node (node, i), id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/**
 * muster_army_page_show_diagnostic:
 * @position: a row of the document's diagnostics
 *
 * What activating a finding in the validation panel does: selects and reveals the unit (or
 * the group) it is about and opens it in the editor; a finding about the whole list (its
 * points against the limit) opens the list's settings instead.
 *
 * Returns: whether the finding's unit or group was selected
 */
gboolean
muster_army_page_show_diagnostic (MusterArmyPage *self,
                                  guint           position)
{
  g_autoptr(MusterDiagnostic) diagnostic = NULL;
  MusterForce *force;
  MusterNode *node;
  const char *id;

  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), FALSE);

  if (self->document == NULL || (force = force_of (self)) == NULL ||
      !(diagnostic = g_list_model_get_item (muster_document_get_diagnostics (self->document),
                                            position)))
    return FALSE;
  if ((id = muster_diagnostic_get_unit_id (diagnostic)) != NULL)
    return muster_army_page_select_unit (self, muster_doc_lookup_unit (doc_of (self), id));
  if ((id = muster_diagnostic_get_node_id (diagnostic)) != NULL &&
      (node = find_node (muster_force_get_root (force), id)) != NULL)
    {
      expand_node (self, muster_node_get_parent (node));
      return select_row (self, NULL, node);
    }
  /* About the whole list (its points, its limit): the list's settings hold the limit. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self->settings_button)))
    gtk_menu_button_popup (self->settings_button);
  return FALSE;
}

/* Returns: (transfer full) (nullable): the list as plain text, for "Copy List as Text" */
char *
muster_army_page_dup_text (MusterArmyPage *self)
{
  MusterForce *force;
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);

  if ((force = force_of (self)) == NULL)
    return NULL;
  text = g_string_new (NULL);
  g_string_append_printf (text, "%s — %s\n", gtk_label_get_label (self->name_label),
                          gtk_label_get_label (self->system_label));
  g_string_append_printf (text, "%s\n\n", self->total_text ? self->total_text : "");
  append_node_text (self, text, muster_force_get_root (force), 0);
  if (muster_force_is_house (force))
    g_string_append (text, _("\n* rests on a house value, not a number from the book\n"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}
