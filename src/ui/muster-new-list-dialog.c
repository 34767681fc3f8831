/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-new-list-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-new-list-dialog.h"

/*
 * "New List": a rule system from the catalog (house-rule variants included; only those with
 * unit types to build from), a name, and a points limit where the system counts points
 * against one. The "create" response means the fields hold a valid list.
 */

struct _MusterNewListDialog
{
  AdwMessageDialog  parent_instance;

  /* Template Widgets */
  AdwComboRow      *system_row;
  AdwEntryRow      *name_row;
  AdwActionRow     *limit_row;
  GtkAdjustment    *limit_adjustment;

  /* Owned References */
  GPtrArray        *rulesets;   /* resolved MusterRuleset, one per combo item */
};

G_DEFINE_FINAL_TYPE (MusterNewListDialog, muster_new_list_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
update_cb (MusterNewListDialog *self)
{
  MusterRuleset *ruleset = muster_new_list_dialog_get_ruleset (self);
  const MusterCosting *costing = ruleset ? muster_ruleset_get_costing (ruleset) : NULL;
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  gboolean has_name = FALSE;

  for (const char *c = name; *c != '\0'; c++)
    has_name |= !g_ascii_isspace (*c);

  gtk_widget_set_visible (GTK_WIDGET (self->limit_row), costing != NULL && costing->limit);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "create",
                                           ruleset != NULL && has_name);
}

static void
muster_new_list_dialog_dispose (GObject *object)
{
  MusterNewListDialog *self = MUSTER_NEW_LIST_DIALOG (object);

  g_clear_pointer (&self->rulesets, g_ptr_array_unref);

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
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, system_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, limit_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewListDialog, limit_adjustment);
  gtk_widget_class_bind_template_callback (widget_class, update_cb);
}

static void
muster_new_list_dialog_init (MusterNewListDialog *self)
{
  self->rulesets = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_ruleset_unref);

  gtk_widget_init_template (GTK_WIDGET (self));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "create", _("C_reate"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "create",
                                              ADW_RESPONSE_SUGGESTED);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), _("New Army"));
}

/**
 * muster_new_list_dialog_new:
 * @catalog: (transfer none): the installed rulesets
 *
 * Returns: (transfer none): a modal dialog, not yet presented
 */
MusterNewListDialog *
muster_new_list_dialog_new (GtkWindow     *parent,
                            MusterCatalog *catalog)
{
  MusterNewListDialog *self;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_return_val_if_fail (catalog != NULL, NULL);

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
      gtk_string_list_append (names, name);
      g_ptr_array_add (self->rulesets, ruleset);
    }
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (names));
  update_cb (self);
  return self;
}

/* Returns: (transfer none) (nullable): the chosen rule system, resolved */
MusterRuleset *
muster_new_list_dialog_get_ruleset (MusterNewListDialog *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_NEW_LIST_DIALOG (self), NULL);

  selected = adw_combo_row_get_selected (self->system_row);
  return selected < self->rulesets->len ? self->rulesets->pdata[selected] : NULL;
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
