/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-unit-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "muster-choice-price.h"
#include "muster-diagnostics.h"
#include "muster-engine.h"
#include "muster-list-export.h"
#include "muster-unit-editor.h"

/*
 * The Army workspace's right pane: the selected unit's name, size, options (the type's
 * allowed ones first, the others flagged) and notes. Every change goes through the enclosing
 * page's "army." actions, so it is one command on the document's history.
 */

typedef struct
{
  char               *group;
  GtkWidget          *widget;    /* AdwComboRow for single picks, GtkCheckButton otherwise */
  gboolean            has_none;  /* the combo's first item is "None" */
  const char         *default_id; /* borrowed: what the unit has when it picks nothing */
  GPtrArray          *options;   /* borrowed MusterOption: the combo's items, or the check's */
  const char         *note;      /* borrowed: the option group's note */
  GtkWidget          *price;     /* a check's or count's price label; NULL for a combo */
  GPtrArray          *prices;    /* a combo's items' prices (char *), as its list shows them */
  GPtrArray          *bound;     /* borrowed GtkListItem of the combo's list, by position */
} OptionRow;

struct _MusterUnitEditor
{
  AdwBin               parent_instance;

  /* Template Widgets */
  GtkScrolledWindow   *scroller;
  GtkStack            *editor_stack;
  AdwPreferencesGroup *unit_group;
  AdwEntryRow         *name_row;
  AdwActionRow        *size_row;
  GtkSpinButton       *size_spin;
  GtkAdjustment       *size_adjustment;
  GtkBox              *options_box;
  AdwEntryRow         *notes_row;
  AdwPreferencesGroup *group_prefs;
  AdwEntryRow         *group_name_row;
  AdwPreferencesGroup *group_issues;

  /* Owned References */
  MusterRuleset       *ruleset;
  GPtrArray           *option_rows;    /* OptionRow */
  GPtrArray           *option_groups;  /* AdwPreferencesGroup in options_box */
  GPtrArray           *issue_rows;     /* AdwActionRow in group_issues */

  /* Borrowed: the group shown, while its row is selected and until the next set_* call */
  MusterNode          *group;

  /* Borrowed: the unit shown, while its row is selected */
  MusterUnit          *unit;
  /* Only compared, never followed: the last unit or group shown */
  gconstpointer        last_shown;
  /* Borrowed from ruleset: the type the option rows were made for */
  const MusterUnitType *built_type;
  guint                size_min;       /* the unit's legal size range */
  guint                size_max;
  gboolean             syncing;        /* the widgets are being filled from the model */
};

G_DEFINE_FINAL_TYPE (MusterUnitEditor, muster_unit_editor, ADW_TYPE_BIN)

static void
option_row_free (gpointer data)
{
  OptionRow *row = data;

  /* The combo may outlive its row (a reference held elsewhere): its list forgets the row */
  if (ADW_IS_COMBO_ROW (row->widget) && adw_combo_row_get_list_factory (ADW_COMBO_ROW (row->widget)))
    g_signal_handlers_disconnect_by_data (adw_combo_row_get_list_factory (ADW_COMBO_ROW (row->widget)),
                                          row);
  g_free (row->group);
  g_ptr_array_unref (row->options);
  g_ptr_array_unref (row->prices);
  g_ptr_array_unref (row->bound);
  g_free (row);
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
  /* Nothing picked counts as the type's default (costs and legality say so): show it rather
   * than an empty row, which read as "no pay grade". */
  for (guint i = 0; row->default_id != NULL && i < row->options->len; i++)
    if (g_str_equal (((MusterOption *) row->options->pdata[i])->item.id, row->default_id))
      return i + (row->has_none ? 1 : 0);
  return row->has_none ? 0 : GTK_INVALID_LIST_POSITION;
}

/* The book's notes on the group and the chosen option (a large shield's size, say), as the
 * row's tooltip: a subtitle would squeeze the chosen value to "Lar…". */
static void
show_choice_note (OptionRow *row)
{
  g_autofree char *tooltip = NULL;
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row->widget));
  guint index = selected - (row->has_none ? 1 : 0);
  const MusterOption *option = NULL;

  if (selected != GTK_INVALID_LIST_POSITION && (!row->has_none || selected > 0)
      && index < row->options->len)
    option = row->options->pdata[index];
  if (option != NULL && option->item.note != NULL)
    tooltip = row->note != NULL ? g_strconcat (option->item.note, "\n\n", row->note, NULL)
                                : g_strdup (option->item.note);
  else
    tooltip = g_strdup (row->note);
  gtk_widget_set_tooltip_text (row->widget, tooltip);
}

static void show_choice_item (OptionRow   *row,
                              GtkListItem *item);

/* What each choice of @row would do to the unit's cost, as the engine costs it */
static void
update_prices (MusterUnitEditor *self,
               OptionRow        *row)
{
  MusterUnit *unit = self->unit;

  if (ADW_IS_COMBO_ROW (row->widget))
    {
      guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row->widget));
      guint n = row->options->len + (row->has_none ? 1 : 0);

      for (guint i = 0; i < n; i++)
        {
          const MusterOption *option = NULL;
          MusterChoicePrice price;
          char *text;

          if (!row->has_none || i > 0)
            option = row->options->pdata[i - (row->has_none ? 1 : 0)];
          muster_choice_price_get (self->ruleset, unit, row->group,
                                   option ? option->item.id : NULL, 1, &price);
          text = muster_choice_price_format (self->ruleset, unit, &price, " · ");
          /* The chosen one's under the group's name, short: the value beside it must fit */
          if (i == selected)
            {
              g_autofree char *adds = muster_choice_price_format (self->ruleset, unit, &price, NULL);

              adw_action_row_set_subtitle (ADW_ACTION_ROW (row->widget), adds);
            }
          muster_choice_price_clear (&price);
          if (i >= row->prices->len)
            g_ptr_array_add (row->prices, text);
          else
            {
              g_free (row->prices->pdata[i]);
              row->prices->pdata[i] = text;
            }
        }
      if (selected >= n)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row->widget), NULL);
      /* The list binds its rows once, maybe before any unit showed: they follow in place
       * (a new factory would remake them under the key press that picked one) */
      for (guint i = 0; i < row->bound->len; i++)
        if (row->bound->pdata[i] != NULL)
          show_choice_item (row, row->bound->pdata[i]);
    }
  else
    {
      MusterChoicePrice price;
      g_autofree char *text = NULL;

      muster_choice_price_get (self->ruleset, unit, NULL,
                               ((MusterOption *) row->options->pdata[0])->item.id, 1, &price);
      /* Two lines that never wrap: a wrapping subtitle changed on every edit made each frame
       * of a size change take most of a second */
      text = muster_choice_price_format (self->ruleset, unit, &price, "\n");
      muster_choice_price_clear (&price);
      gtk_label_set_label (GTK_LABEL (row->price), text);
    }
}

/* Fills the editor's widgets from the selected unit. */
static void
sync_editor (MusterUnitEditor *self)
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
  /* A list whose rule system is not installed opens uncosted: no costing to name the unit */
  costing = self->ruleset ? muster_ruleset_get_costing (self->ruleset) : NULL;
  if (cost->error != NULL)
    description = g_strdup_printf (_("Cannot be costed: %s"), cost->error);
  else
    description = g_strdup_printf ("%" G_GINT64_FORMAT " %s%s", cost->value,
                                   costing ? muster_costing_get_unit (costing, cost->value) : "",
                                   cost->house ? " *" : "");
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
        {
          adw_combo_row_set_selected (ADW_COMBO_ROW (row->widget), current_choice (row, unit));
          show_choice_note (row);
        }
      else if (GTK_IS_SPIN_BUTTON (row->widget))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->widget), count);
      else
        gtk_check_button_set_active (GTK_CHECK_BUTTON (row->widget), count > 0);
      if (self->ruleset != NULL)
        update_prices (self, row);
    }
  self->syncing = FALSE;
}

static void
choice_selected_cb (AdwComboRow      *combo,
                    GParamSpec       *pspec,
                    MusterUnitEditor *self)
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
count_changed_cb (GtkWidget        *widget,
                  MusterUnitEditor *self)
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
option_row_new (MusterUnitEditor *self,
                const char     *group,
                GtkWidget      *widget)
{
  OptionRow *row = g_new0 (OptionRow, 1);

  row->group = g_strdup (group);
  row->widget = widget;
  row->options = g_ptr_array_new ();
  row->prices = g_ptr_array_new_with_free_func (g_free);
  row->bound = g_ptr_array_new ();
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
choice_item_setup_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item)
{
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *price = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_xalign (GTK_LABEL (price), 0);
  gtk_label_set_wrap (GTK_LABEL (price), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (price), 36);
  gtk_widget_add_css_class (price, "caption");
  gtk_widget_add_css_class (price, "dim-label");
  gtk_widget_set_hexpand (box, TRUE);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), price);
  gtk_box_append (GTK_BOX (line), box);
  gtk_box_append (GTK_BOX (line), check);
  gtk_list_item_set_child (item, line);
}

/* A choice in the combo's list: its name, and what it would do to the unit's cost */
static void
show_choice_item (OptionRow   *row,
                  GtkListItem *item)
{
  GtkWidget *box = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *name = gtk_widget_get_first_child (box);
  GtkWidget *price = gtk_widget_get_next_sibling (name);
  guint position = gtk_list_item_get_position (item);
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row->widget));

  /* The chosen one ticked, as the combo's own list does */
  gtk_widget_set_opacity (gtk_widget_get_next_sibling (box), position == selected ? 1 : 0);

  gtk_label_set_label (GTK_LABEL (name),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
  gtk_label_set_label (GTK_LABEL (price),
                       position < row->prices->len ? row->prices->pdata[position] : "");
  gtk_widget_set_visible (price, position < row->prices->len);
}

static void
choice_item_bind_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     OptionRow                *row)
{
  guint position = gtk_list_item_get_position (item);

  if (position >= row->bound->len)
    g_ptr_array_set_size (row->bound, position + 1);
  row->bound->pdata[position] = item;
  show_choice_item (row, item);
}

static void
choice_item_unbind_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       OptionRow                *row)
{
  for (guint i = 0; i < row->bound->len; i++)
    if (row->bound->pdata[i] == item)
      row->bound->pdata[i] = NULL;
}

static void
add_option_group (MusterUnitEditor        *self,
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
      row->note = group->item.note;
      row->has_none = min == 0;
      row->default_id = muster_unit_type_get_default (self->ruleset, type, group->item.id);
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
      {
        g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

        g_signal_connect (factory, "setup", G_CALLBACK (choice_item_setup_cb), NULL);
        g_signal_connect (factory, "bind", G_CALLBACK (choice_item_bind_cb), row);
        g_signal_connect (factory, "unbind", G_CALLBACK (choice_item_unbind_cb), row);
        adw_combo_row_set_list_factory (ADW_COMBO_ROW (combo), factory);
      }
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
  if (group->item.note != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (prefs), group->item.note);
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
        if (option->item.note != NULL)
          adw_action_row_set_subtitle (ADW_ACTION_ROW (action_row), option->item.note);
        if (!muster_unit_type_allows_option (type, option))
          {
            adw_action_row_set_subtitle (ADW_ACTION_ROW (action_row),
                                         _("Not allowed for this unit type"));
            gtk_widget_add_css_class (action_row, "warning");
          }
        gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
        /* What taking it adds, and the unit's cost with it: filled when a unit shows */
        row->price = gtk_label_new (NULL);
        gtk_label_set_justify (GTK_LABEL (row->price), GTK_JUSTIFY_RIGHT);
        gtk_label_set_xalign (GTK_LABEL (row->price), 1);
        gtk_widget_add_css_class (row->price, "caption");
        gtk_widget_add_css_class (row->price, "dim-label");
        gtk_widget_add_css_class (row->price, "numeric");
        adw_action_row_add_suffix (ADW_ACTION_ROW (action_row), row->price);
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
clear_option_groups (MusterUnitEditor *self)
{
  /* The rows first, while their widgets are there to let go of */
  g_ptr_array_set_size (self->option_rows, 0);
  for (guint i = 0; i < self->option_groups->len; i++)
    gtk_box_remove (self->options_box, self->option_groups->pdata[i]);
  g_ptr_array_set_size (self->option_groups, 0);
  self->built_type = NULL;
}

/* Another unit or group shows from its top (its name and size), not where the last one's
 * options were scrolled to; the same one again (deselected and selected as it moves) stays. */
static void
scroll_to_top_for (MusterUnitEditor *self,
                   gconstpointer     shown)
{
  if (shown == NULL || shown == self->last_shown)
    return;
  self->last_shown = shown;
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

/* Makes the editor's rows for @type. */
static void
build_rows (MusterUnitEditor     *self,
            const MusterUnitType *type)
{
  MusterRuleset *ruleset = self->ruleset;
  GtkWidget *choices = NULL;
  g_autofree char *range = NULL;
  const char *unit_word;
  guint min = 1, max = 999;

  clear_option_groups (self);
  adw_preferences_group_set_title (self->unit_group, type->item.name);
  muster_ruleset_get_size_range (ruleset, type, &min, &max);
  self->size_min = MAX (min, 1);
  self->size_max = MAX (max, self->size_min);
  /* "soldier · exactly 1", "stands · 4 to 12" */
  unit_word = muster_size_unit_word (type->size_unit, self->size_max);
  if (unit_word == NULL)
    unit_word = _("size");
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
  self->built_type = type;
}

/* Shows the selected unit. The rows stay while no unit is shown and serve the next unit of
 * the same type: a unit of a long list moved or duplicated is deselected and selected again,
 * and making and measuring its rows afresh took most of a frame's time. */
static void
build_editor (MusterUnitEditor *self)
{
  const MusterUnitType *type = self->unit && self->ruleset
    ? muster_ruleset_get_unit_type (self->ruleset, muster_unit_get_type_id (self->unit)) : NULL;

  if (type == NULL)
    {
      gtk_stack_set_visible_child_name (self->editor_stack, "none");
      return;
    }
  if (type != self->built_type)
    build_rows (self, type);
  sync_editor (self);
  gtk_stack_set_visible_child_name (self->editor_stack, "unit");
}

static void
name_changed_cb (MusterUnitEditor *self)
{
  if (!self->syncing && self->unit != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "army.rename", "s",
                                gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
}

static void
notes_changed_cb (MusterUnitEditor *self)
{
  if (!self->syncing && self->unit != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "army.set-notes", "s",
                                gtk_editable_get_text (GTK_EDITABLE (self->notes_row)));
}

static void
size_changed_cb (MusterUnitEditor *self)
{
  guint size = (guint) gtk_adjustment_get_value (self->size_adjustment);

  if (!self->syncing && self->unit != NULL && size != muster_unit_get_size (self->unit))
    gtk_widget_activate_action (GTK_WIDGET (self), "army.set-size", "u", size);
}

static void
group_name_changed_cb (MusterUnitEditor *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->group_name_row));

  /* An emptied entry is a name being retyped: a group without a name takes its kind's, which
   * would land in the entry under the cursor. */
  if (!self->syncing && self->group != NULL && *name != '\0')
    gtk_widget_activate_action (GTK_WIDGET (self), "army.rename-group", "s", name);
}

static void
muster_unit_editor_dispose (GObject *object)
{
  MusterUnitEditor *self = MUSTER_UNIT_EDITOR (object);

  /* No gtk_widget_dispose_template (): AdwBin unparents the template's root itself. */
  self->unit = NULL;
  self->group = NULL;
  g_clear_pointer (&self->issue_rows, g_ptr_array_unref);
  g_clear_pointer (&self->ruleset, muster_ruleset_unref);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->option_groups, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_unit_editor_parent_class)->dispose (object);
}

static void
muster_unit_editor_class_init (MusterUnitEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_unit_editor_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-unit-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, scroller);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, editor_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, unit_group);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, size_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, size_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, size_adjustment);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, options_box);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, notes_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, group_prefs);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, group_name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitEditor, group_issues);
  gtk_widget_class_bind_template_callback (widget_class, group_name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, notes_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, size_changed_cb);
}

static void
muster_unit_editor_init (MusterUnitEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->option_rows = g_ptr_array_new_with_free_func (option_row_free);
  self->option_groups = g_ptr_array_new ();
  self->issue_rows = g_ptr_array_new ();
}

/**
 * muster_unit_editor_set_unit:
 * @ruleset: (nullable): the rule system of @unit's list
 * @unit: (nullable): the unit to edit, borrowed: clear it before the unit goes away
 *
 * Makes the editor's rows for @unit's type and fills them in.
 */
void
muster_unit_editor_set_unit (MusterUnitEditor *self,
                             MusterRuleset    *ruleset,
                             MusterUnit       *unit)
{
  g_return_if_fail (MUSTER_IS_UNIT_EDITOR (self));

  if (ruleset != self->ruleset)
    {
      /* The rows point into the old rule system. */
      clear_option_groups (self);
      g_clear_pointer (&self->ruleset, muster_ruleset_unref);
      self->ruleset = ruleset ? muster_ruleset_ref (ruleset) : NULL;
    }
  self->unit = unit;
  self->group = NULL;
  build_editor (self);
  scroll_to_top_for (self, unit);
}

/* Returns: (transfer none) (nullable) */
MusterUnit *
muster_unit_editor_get_unit (MusterUnitEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_EDITOR (self), NULL);
  return self->unit;
}

/* Fills the widgets in again after the unit changed. */
void
muster_unit_editor_sync (MusterUnitEditor *self)
{
  g_return_if_fail (MUSTER_IS_UNIT_EDITOR (self));
  if (self->group == NULL)
    sync_editor (self);
}

/* F2 on a unit: its name, ready to type over */
void
muster_unit_editor_focus_name (MusterUnitEditor *self)
{
  g_return_if_fail (MUSTER_IS_UNIT_EDITOR (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
}

/* The group's findings: the validator's issues about the group itself, not its units
 * (those show on the units' rows). */
static void
fill_group_issues (MusterUnitEditor *self,
                   MusterDocument   *document)
{
  GListModel *diagnostics = G_LIST_MODEL (muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document)));
  const char *id = muster_node_get_id (self->group);

  for (guint i = 0; i < self->issue_rows->len; i++)
    adw_preferences_group_remove (self->group_issues, self->issue_rows->pdata[i]);
  g_ptr_array_set_size (self->issue_rows, 0);

  for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
    {
      g_autoptr(MusterDiagnostic) diagnostic = g_list_model_get_item (diagnostics, i);
      GtkWidget *row, *icon;

      if (g_strcmp0 (muster_diagnostic_get_node_id (diagnostic), id) != 0 ||
          muster_diagnostic_get_unit_id (diagnostic) != NULL)
        continue;
      row = adw_action_row_new ();
      /* The rule's words may hold "<" or "&": plain text, not markup. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     muster_diagnostic_get_message (diagnostic));
      icon = gtk_image_new_from_icon_name (muster_diagnostic_get_icon_name (diagnostic));
      gtk_widget_add_css_class (icon, muster_diagnostic_get_style_class (diagnostic));
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      adw_preferences_group_add (self->group_issues, row);
      g_ptr_array_add (self->issue_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->group_issues), self->issue_rows->len > 0);
}

/**
 * muster_unit_editor_set_group:
 * @document: the document @group is in
 * @group: (nullable): the organisation group to show, borrowed: set it again (or clear it)
 *   after each change of the list, as it may have gone
 *
 * Shows @group's kind, name, units, total and findings, or nothing for %NULL.
 */
void
muster_unit_editor_set_group (MusterUnitEditor *self,
                              MusterDocument   *document,
                              MusterNode       *group)
{
  MusterRuleset *ruleset;
  const MusterLevel *level;
  const MusterCosting *costing;
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autofree char *description = NULL;
  const char *name;
  gint64 total;

  g_return_if_fail (MUSTER_IS_UNIT_EDITOR (self));
  g_return_if_fail (group == NULL || MUSTER_IS_DOCUMENT (document));

  self->unit = NULL;
  self->group = group;
  if (group == NULL)
    {
      gtk_stack_set_visible_child_name (self->editor_stack, "none");
      return;
    }
  scroll_to_top_for (self, group);

  ruleset = muster_document_get_ruleset (document);
  level = ruleset ? muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL,
                                           muster_node_get_level (group)) : NULL;
  costing = ruleset ? muster_ruleset_get_costing (ruleset) : NULL;
  muster_node_collect_units (group, units);
  total = muster_node_get_total (group);
  /* "4 units · 245 pts" */
  description = g_strdup_printf (ngettext ("%u unit · %" PRId64 " %s%s",
                                           "%u units · %" PRId64 " %s%s", units->len),
                                 units->len, total,
                                 costing ? muster_costing_get_unit (costing, total) : "",
                                 muster_node_is_house (group) ? " *" : "");

  self->syncing = TRUE;
  adw_preferences_group_set_title (self->group_prefs,
                                   level ? level->item.name : muster_node_get_level (group));
  adw_preferences_group_set_description (self->group_prefs, description);
  name = muster_node_get_name (group) ? muster_node_get_name (group) : "";
  /* Not while typing: that would move the cursor. */
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->group_name_row)), name) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->group_name_row), name);
  fill_group_issues (self, document);
  self->syncing = FALSE;
  gtk_stack_set_visible_child_name (self->editor_stack, "group");
}

/* Returns: (transfer none) (nullable): the group shown */
MusterNode *
muster_unit_editor_get_group (MusterUnitEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_EDITOR (self), NULL);
  return self->group;
}
