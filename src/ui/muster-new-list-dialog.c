/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-new-list-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-new-list-dialog.h"

/*
 * "New List": a rule system from the catalog (house-rule variants included; only those with
 * unit types to build from), a name, and a points limit where the system counts points
 * against one. After them come the BattleScribe game systems the library found (those whose
 * data loaded); for one of those the dialog asks the catalogue (faction) of the first force
 * (libraries left out), the force entry, and a limit for every cost type the game system
 * declares. The "create" response means the fields hold a valid list or roster.
 */

struct _MusterNewListDialog
{
  AdwMessageDialog  parent_instance;

  /* Template Widgets */
  GtkListBox       *rows;
  AdwComboRow      *system_row;
  AdwComboRow      *catalogue_row;
  AdwComboRow      *force_row;
  AdwEntryRow      *name_row;
  AdwActionRow     *limit_row;
  GtkAdjustment    *limit_adjustment;

  /* Owned References */
  GPtrArray        *rulesets;     /* resolved MusterRuleset, the first combo items */
  MusterBsLibrary  *library;      /* nullable */
  GPtrArray        *bs_systems;   /* MusterBsSystem, the combo items after the rulesets */
  GtkStringList    *systems;
  GtkStringList    *catalogues;
  GtkStringList    *forces;
  GPtrArray        *catalogue_ids;
  GPtrArray        *force_ids;
  GPtrArray        *cost_rows;    /* AdwActionRow, one a cost type, "muster-cost-type" the node */
  char             *filled_for;   /* the game system the rows above were filled for */
  char             *default_name; /* the name last filled in, replaced while not edited */
};

G_DEFINE_FINAL_TYPE (MusterNewListDialog, muster_new_list_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
set_strings (GtkStringList *list,
             GPtrArray     *ids)
{
  gtk_string_list_splice (list, 0, g_list_model_get_n_items (G_LIST_MODEL (list)), NULL);
  g_ptr_array_set_size (ids, 0);
}

static void
add_string (GtkStringList *list,
            GPtrArray     *ids,
            const char    *name,
            const char    *id)
{
  gtk_string_list_append (list, name);
  g_ptr_array_add (ids, g_strdup (id));
}

/* A limit below zero is none, as BattleScribe has it: the spin says so in words. */
static gboolean
limit_output_cb (GtkSpinButton *spin)
{
  if (gtk_spin_button_get_value (spin) >= 0)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), _("No limit"));
  return TRUE;
}

static int
limit_input_cb (GtkSpinButton *spin,
                double        *value)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  if (g_strcmp0 (text, _("No limit")) != 0 && *text != '\0')
    return FALSE;
  *value = -1;
  return TRUE;
}

static GtkWidget *
cost_row_new (MusterBsData       *data,
              const MusterBsNode *cost_type)
{
  double limit = muster_bs_data_default_cost_limit (data, cost_type);
  g_autofree char *title = g_strdup_printf (_("Cost _Limit (%s)"),
                                            cost_type->name ? cost_type->name : cost_type->id);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new (NULL, 1, 0);
  gboolean large = limit >= 100;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 8);
  g_signal_connect (spin, "output", G_CALLBACK (limit_output_cb), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (limit_input_cb), NULL);
  /* After the handlers, so that the first text is theirs too. */
  gtk_spin_button_set_adjustment (GTK_SPIN_BUTTON (spin),
                                  gtk_adjustment_new (MAX (limit, -1), -1, 1000000,
                                                      large ? 50 : 1, large ? 500 : 10, 0));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  g_object_set_data (G_OBJECT (row), "muster-cost-type", (gpointer) cost_type);
  g_object_set_data (G_OBJECT (row), "muster-spin", spin);
  return row;
}

/* The first force's choices: the game system's force entries and the chosen catalogue's own,
 * again whenever the catalogue changes; the choice stays on the same entry if it is there. */
static void
fill_forces (MusterNewListDialog *self,
             MusterBsSystem      *system)
{
  const char *chosen = muster_new_list_dialog_get_force_entry_id (self);
  g_autofree char *chosen_id = g_strdup (chosen);
  g_autoptr(GPtrArray) entries = NULL;
  guint selected = 0;

  set_strings (self->forces, self->force_ids);
  if (system == NULL)
    return;
  entries = muster_bs_system_dup_force_entries (system,
                                                muster_new_list_dialog_get_catalogue_id (self));
  for (guint i = 0; i < entries->len; i++)
    {
      const MusterBsNode *entry = g_ptr_array_index (entries, i);

      if (g_strcmp0 (entry->id, chosen_id) == 0)
        selected = i;
      add_string (self->forces, self->force_ids, entry->name ? entry->name : entry->id, entry->id);
    }
  adw_combo_row_set_selected (self->force_row, selected);
}

/* The game system's own rows: its catalogues, force entries and cost types. */
static void
fill_bs_rows (MusterNewListDialog *self,
              MusterBsSystem      *system)
{
  const char *id = system ? muster_bs_system_get_id (system) : NULL;

  if (g_strcmp0 (id, self->filled_for) == 0)
    return;
  g_free (self->filled_for);
  self->filled_for = g_strdup (id);
  set_strings (self->catalogues, self->catalogue_ids);
  for (guint i = 0; i < self->cost_rows->len; i++)
    gtk_list_box_remove (self->rows, self->cost_rows->pdata[i]);
  g_ptr_array_set_size (self->cost_rows, 0);
  if (system == NULL)
    {
      fill_forces (self, NULL);
      return;
    }

  {
    GArray *catalogues = muster_bs_system_get_catalogues (system);
    const MusterBsNode *gst = muster_bs_data_get_game_system (muster_bs_system_get_data (system));

    for (guint i = 0; i < catalogues->len; i++)
      {
        const MusterBsCatalogueInfo *info = &g_array_index (catalogues, MusterBsCatalogueInfo, i);

        if (!info->library)
          add_string (self->catalogues, self->catalogue_ids, info->name, info->id);
      }
    for (const MusterBsNode *c = gst->first_child; c; c = c->next)
      if (c->kind == MUSTER_BS_NODE_COST_TYPE && !muster_bs_node_has_flag (c, MUSTER_BS_FLAG_HIDDEN))
        {
          GtkWidget *row = cost_row_new (muster_bs_system_get_data (system), c);

          gtk_list_box_append (self->rows, row);
          g_ptr_array_add (self->cost_rows, row);
        }
  }
  adw_combo_row_set_selected (self->catalogue_row, 0);
  fill_forces (self, system);
  adw_combo_row_set_selected (self->force_row, 0);
}

static void update_cb (MusterNewListDialog *self);

static void
catalogue_cb (MusterNewListDialog *self)
{
  fill_forces (self, muster_new_list_dialog_get_bs_system (self));
  update_cb (self);
}

/* The name follows the system until it is typed: "New Army", or the game system's name. */
static void
follow_name (MusterNewListDialog *self,
             const char          *name)
{
  const char *shown = gtk_editable_get_text (GTK_EDITABLE (self->name_row));

  if (g_strcmp0 (name, self->default_name) == 0 ||
      (*shown != '\0' && g_strcmp0 (shown, self->default_name) != 0))
    return;
  g_free (self->default_name);
  self->default_name = g_strdup (name);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
}

static void
update_cb (MusterNewListDialog *self)
{
  MusterRuleset *ruleset = muster_new_list_dialog_get_ruleset (self);
  MusterBsSystem *system = muster_new_list_dialog_get_bs_system (self);
  const MusterCosting *costing = ruleset ? muster_ruleset_get_costing (ruleset) : NULL;
  const char *name;
  gboolean has_name = FALSE;

  fill_bs_rows (self, system);
  if (system != NULL)
    follow_name (self, muster_bs_system_get_name (system));
  else if (ruleset != NULL)
    follow_name (self, _("New Army"));
  name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  for (const char *c = name; *c != '\0'; c++)
    has_name |= !g_ascii_isspace (*c);

  gtk_widget_set_visible (GTK_WIDGET (self->limit_row), costing != NULL && costing->limit);
  gtk_widget_set_visible (GTK_WIDGET (self->catalogue_row), system != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->force_row), system != NULL);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "create",
                                           has_name && (ruleset != NULL ||
                                                        (system != NULL && self->force_ids->len > 0)));
}

/* The library's systems after the rulesets, again whenever a scan changes them; the choice
 * stays on the same system if it is still there. */
static void
fill_bs_systems (MusterNewListDialog *self)
{
  MusterBsSystem *chosen = muster_new_list_dialog_get_bs_system (self);
  g_autofree char *chosen_id = chosen ? g_strdup (muster_bs_system_get_id (chosen)) : NULL;
  GListModel *systems = muster_bs_library_get_systems (self->library);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_set_size (self->bs_systems, 0);
  for (guint i = 0; i < g_list_model_get_n_items (systems); i++)
    {
      g_autoptr(MusterBsSystem) system = g_list_model_get_item (systems, i);

      if (muster_bs_system_get_data (system) == NULL)
        continue;
      /* Translators: a BattleScribe game system and its data's revision */
      g_ptr_array_add (names, g_strdup_printf (_("%s (BattleScribe, revision %d)"),
                                               muster_bs_system_get_name (system),
                                               muster_bs_system_get_revision (system)));
      g_ptr_array_add (self->bs_systems, g_steal_pointer (&system));
    }
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->systems, self->rulesets->len,
                          g_list_model_get_n_items (G_LIST_MODEL (self->systems)) - self->rulesets->len,
                          (const char * const *) names->pdata);
  if (chosen_id == NULL || !muster_new_list_dialog_select_bs_system (self, chosen_id))
    update_cb (self);
}

static void
muster_new_list_dialog_dispose (GObject *object)
{
  MusterNewListDialog *self = MUSTER_NEW_LIST_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_NEW_LIST_DIALOG);
  g_clear_pointer (&self->rulesets, g_ptr_array_unref);
  g_clear_pointer (&self->bs_systems, g_ptr_array_unref);
  g_clear_pointer (&self->catalogue_ids, g_ptr_array_unref);
  g_clear_pointer (&self->force_ids, g_ptr_array_unref);
  g_clear_pointer (&self->cost_rows, g_ptr_array_unref);
  g_clear_pointer (&self->filled_for, g_free);
  g_clear_pointer (&self->default_name, g_free);
  g_clear_object (&self->library);
  g_clear_object (&self->systems);
  g_clear_object (&self->catalogues);
  g_clear_object (&self->forces);

  G_OBJECT_CLASS (muster_new_list_dialog_parent_class)->dispose (object);
}

static void
muster_new_list_dialog_class_init (MusterNewListDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_new_list_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-new-list-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, rows);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, system_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, catalogue_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, force_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, limit_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, limit_adjustment);
  gtk_widget_class_bind_template_callback (widget_class, update_cb);
  gtk_widget_class_bind_template_callback (widget_class, catalogue_cb);
}

static void
muster_new_list_dialog_init (MusterNewListDialog *self)
{
  self->rulesets = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_ruleset_unref);
  self->bs_systems = g_ptr_array_new_with_free_func (g_object_unref);
  self->systems = gtk_string_list_new (NULL);
  self->catalogues = gtk_string_list_new (NULL);
  self->forces = gtk_string_list_new (NULL);
  self->catalogue_ids = g_ptr_array_new_with_free_func (g_free);
  self->force_ids = g_ptr_array_new_with_free_func (g_free);
  self->cost_rows = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "create", _("C_reate"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "create",
                                              ADW_RESPONSE_SUGGESTED);
  self->default_name = g_strdup (_("New Army"));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), self->default_name);
  adw_combo_row_set_model (self->catalogue_row, G_LIST_MODEL (self->catalogues));
  adw_combo_row_set_model (self->force_row, G_LIST_MODEL (self->forces));
}

/**
 * muster_new_list_dialog_new:
 * @catalog: (transfer none): the installed rulesets
 * @library: (nullable): the BattleScribe game data; a scan still under way brings its systems
 *   when it ends
 *
 * Returns: (transfer none): a modal dialog, not yet presented
 */
MusterNewListDialog *
muster_new_list_dialog_new (GtkWindow       *parent,
                            MusterCatalog   *catalog,
                            MusterBsLibrary *library)
{
  MusterNewListDialog *self;

  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (library == NULL || MUSTER_IS_BS_LIBRARY (library), NULL);

  self = g_object_new (MUSTER_TYPE_NEW_LIST_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
  for (guint i = 0; i < muster_catalog_get_n_rulesets (catalog); i++)
    {
      MusterRuleset *listed = muster_catalog_get_ruleset (catalog, i);
      MusterRuleset *ruleset = muster_catalog_resolve (catalog, muster_ruleset_get_id (listed), NULL);
      const GPtrArray *types = ruleset ? muster_ruleset_list (ruleset, MUSTER_ITEM_UNIT_TYPE) : NULL;
      g_autofree char *name = NULL;

      if (types == NULL || types->len == 0)
        {
          g_clear_pointer (&ruleset, muster_ruleset_unref);
          continue;
        }
      name = muster_ruleset_is_house (ruleset)
        ? g_strdup_printf (_("%s (house rules)"), muster_ruleset_get_name (ruleset))
        : g_strdup (muster_ruleset_get_name (ruleset));
      gtk_string_list_append (self->systems, name);
      g_ptr_array_add (self->rulesets, ruleset);
    }
  if (library != NULL)
    {
      self->library = g_object_ref (library);
      g_signal_connect_object (muster_bs_library_get_systems (library), "items-changed",
                               G_CALLBACK (fill_bs_systems), self, G_CONNECT_SWAPPED);
      fill_bs_systems (self);
    }
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (self->systems));
  update_cb (self);
  return self;
}

/* Returns: (transfer none) (nullable): the chosen rule system, resolved; NULL when a game
 * system of BattleScribe data is chosen */
MusterRuleset *
muster_new_list_dialog_get_ruleset (MusterNewListDialog *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), NULL);

  selected = adw_combo_row_get_selected (self->system_row);
  return selected < self->rulesets->len ? self->rulesets->pdata[selected] : NULL;
}

/* Returns: (transfer none) (nullable): the chosen BattleScribe game system, whose data loaded */
MusterBsSystem *
muster_new_list_dialog_get_bs_system (MusterNewListDialog *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), NULL);

  selected = adw_combo_row_get_selected (self->system_row);
  if (selected == GTK_INVALID_LIST_POSITION || selected < self->rulesets->len ||
      selected - self->rulesets->len >= self->bs_systems->len)
    return NULL;
  return self->bs_systems->pdata[selected - self->rulesets->len];
}

gboolean
muster_new_list_dialog_select_ruleset (MusterNewListDialog *self,
                                       const char          *id)
{
  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), FALSE);

  for (guint i = 0; i < self->rulesets->len; i++)
    if (g_strcmp0 (muster_ruleset_get_id (self->rulesets->pdata[i]), id) == 0)
      {
        adw_combo_row_set_selected (self->system_row, i);
        return TRUE;
      }
  return FALSE;
}

gboolean
muster_new_list_dialog_select_bs_system (MusterNewListDialog *self,
                                         const char          *game_system_id)
{
  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), FALSE);

  for (guint i = 0; i < self->bs_systems->len; i++)
    if (g_strcmp0 (muster_bs_system_get_id (self->bs_systems->pdata[i]), game_system_id) == 0)
      {
        adw_combo_row_set_selected (self->system_row, self->rulesets->len + i);
        update_cb (self);
        return TRUE;
      }
  return FALSE;
}

const char *
muster_new_list_dialog_get_name (MusterNewListDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->name_row));
}

void
muster_new_list_dialog_set_name (MusterNewListDialog *self,
                                 const char          *name)
{
  g_return_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
}

/* Returns: the points limit, or 0 when the rule system has none */
gint64
muster_new_list_dialog_get_points_limit (MusterNewListDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), 0);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->limit_row)))
    return 0;
  return (gint64) gtk_adjustment_get_value (self->limit_adjustment);
}

void
muster_new_list_dialog_set_points_limit (MusterNewListDialog *self,
                                         gint64               limit)
{
  g_return_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self));
  gtk_adjustment_set_value (self->limit_adjustment, limit);
}

/* Returns: (nullable): the first force's catalogue, of a BattleScribe game system */
const char *
muster_new_list_dialog_get_catalogue_id (MusterNewListDialog *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), NULL);
  selected = adw_combo_row_get_selected (self->catalogue_row);
  return selected < self->catalogue_ids->len ? g_ptr_array_index (self->catalogue_ids, selected)
                                             : NULL;
}

static gboolean
select_id (AdwComboRow *row,
           GPtrArray   *ids,
           const char  *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      {
        adw_combo_row_set_selected (row, i);
        return TRUE;
      }
  return FALSE;
}

gboolean
muster_new_list_dialog_select_catalogue (MusterNewListDialog *self,
                                         const char          *catalogue_id)
{
  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), FALSE);
  return select_id (self->catalogue_row, self->catalogue_ids, catalogue_id);
}

/* Returns: (nullable): the first force's entry, of a BattleScribe game system */
const char *
muster_new_list_dialog_get_force_entry_id (MusterNewListDialog *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), NULL);
  selected = adw_combo_row_get_selected (self->force_row);
  return selected < self->force_ids->len ? g_ptr_array_index (self->force_ids, selected) : NULL;
}

/* Among the game system's force entries and the chosen catalogue's own */
gboolean
muster_new_list_dialog_select_force_entry (MusterNewListDialog *self,
                                           const char          *force_entry_id)
{
  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), FALSE);
  return select_id (self->force_row, self->force_ids, force_entry_id);
}

/**
 * muster_new_list_dialog_dup_cost_limits:
 *
 * One limit for every cost type the chosen game system declares (< 0: none).
 *
 * Returns: (transfer full) (element-type MusterBsCost): the limits, with the game data's
 *   names and ids
 */
GArray *
muster_new_list_dialog_dup_cost_limits (MusterNewListDialog *self)
{
  GArray *limits = g_array_new (FALSE, FALSE, sizeof (MusterBsCost));

  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), limits);

  for (guint i = 0; i < self->cost_rows->len; i++)
    {
      const MusterBsNode *type = g_object_get_data (self->cost_rows->pdata[i], "muster-cost-type");
      GtkSpinButton *spin = g_object_get_data (self->cost_rows->pdata[i], "muster-spin");
      MusterBsCost limit = { type->id, type->name, gtk_spin_button_get_value (spin) };

      g_array_append_val (limits, limit);
    }
  return limits;
}

/* Returns: whether the chosen game system has the cost type @type_id */
gboolean
muster_new_list_dialog_set_cost_limit (MusterNewListDialog *self,
                                       const char          *type_id,
                                       double               value)
{
  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), FALSE);

  for (guint i = 0; i < self->cost_rows->len; i++)
    {
      const MusterBsNode *type = g_object_get_data (self->cost_rows->pdata[i], "muster-cost-type");

      if (g_strcmp0 (type->id, type_id) == 0)
        {
          gtk_spin_button_set_value (g_object_get_data (self->cost_rows->pdata[i], "muster-spin"),
                                     value);
          return TRUE;
        }
    }
  return FALSE;
}
