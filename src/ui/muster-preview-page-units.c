/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-preview-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army.h"
#include "muster-preview-page-private.h"
#include "muster-unit.h"

/*
 * Preview's units from the list: for systems that can, the inputs describing the acting unit
 * and the target are filled from units of the window's open list, chosen in two rows, through
 * the inputs' own widgets so that they can still be changed. The list's rule system is the one
 * Preview turns to when the list opens or changes system.
 */

static AdwComboRow *
unit_row (MusterPreviewPage *self,
          guint              role)
{
  return role == MUSTER_FILL_ROLE_ACTING ? self->acting_row : self->target_row;
}

/* The document's list, if it is of the shown procedure's system and that system fills inputs. */
static MusterRuleset *
list_ruleset (MusterPreviewPage *self)
{
  MusterRuleset *ruleset;

  if (self->document == NULL || self->procedure == NULL ||
      !muster_procedure_can_fill_from_unit (self->procedure))
    return NULL;
  ruleset = muster_document_get_ruleset (self->document);
  if (ruleset == NULL ||
      g_strcmp0 (muster_ruleset_get_system_id (ruleset), self->procedure->system) != 0)
    return NULL;
  return ruleset;
}

/* Whether a unit fills @role's side of the shown procedure: a Rally has no target. */
static gboolean
role_applies (MusterPreviewPage *self,
              guint              role)
{
  return self->procedure != NULL && muster_procedure_can_fill_role (self->procedure, role);
}

/* Fills the inputs from the unit chosen for @role, through their widgets, and recomputes. A
 * unit chosen for a role the procedure does not have stays chosen (hidden) for the next one. */
static void
apply_unit (MusterPreviewPage *self,
            guint              role)
{
  guint selected = adw_combo_row_get_selected (unit_row (self, role));
  MusterRuleset *ruleset = list_ruleset (self);
  g_autoptr(GError) error = NULL;
  g_autofree int *values = NULL;
  g_autofree gboolean *set = NULL;
  GtkStringObject *label;
  MusterUnit *unit;

  muster_procedure_inputs_clear_fill (self->inputs, role);
  if (ruleset == NULL || selected == 0 || selected > self->units->len ||
      !role_applies (self, role))
    {
      _muster_preview_page_recompute (self);
      return;
    }

  unit = g_ptr_array_index (self->units, selected - 1);
  values = muster_procedure_inputs_dup_values (self->inputs);
  set = muster_procedure_fill_from_unit (self->procedure, ruleset,
                                         g_ptr_array_index (self->unit_forces, selected - 1),
                                         unit, role, values, &error);
  if (set == NULL)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.show-toast", "s", error->message);
      _muster_preview_page_recompute (self);
      return;
    }

  label = adw_combo_row_get_selected_item (unit_row (self, role));
  muster_procedure_inputs_fill (self->inputs, role, gtk_string_object_get_string (label),
                                g_steal_pointer (&set), g_steal_pointer (&values));
  _muster_preview_page_recompute (self);
}

static void
unit_selected_cb (MusterPreviewPage *self,
                  GParamSpec        *pspec,
                  AdwComboRow       *row)
{
  if (!self->listing)
    apply_unit (self, row == self->acting_row ? MUSTER_FILL_ROLE_ACTING : MUSTER_FILL_ROLE_TARGET);
}

static void
collect_units (MusterPreviewPage *self,
               MusterForce       *force,
               MusterNode        *node,
               GtkStringList     *labels,
               MusterRuleset     *ruleset)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      MusterUnit *unit = muster_node_get_unit (node, i);
      const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                                 muster_unit_get_type_id (unit));
      const char *name = muster_unit_get_name (unit);

      if (name == NULL || *name == '\0')
        name = type ? type->item.name : muster_unit_get_type_id (unit);
      g_ptr_array_add (self->units, unit);
      g_ptr_array_add (self->unit_forces, force);
      gtk_string_list_append (labels, name);
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    collect_units (self, force, muster_node_get_node (node, i), labels, ruleset);
}

/* Remakes the unit rows from the document, keeping the units chosen if they are still there. */
static void
list_units (MusterPreviewPage *self)
{
  MusterRuleset *ruleset = list_ruleset (self);
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  MusterUnit *chosen[MUSTER_N_FILL_ROLES] = { NULL, NULL };

  for (guint role = 0; role < MUSTER_N_FILL_ROLES; role++)
    {
      guint selected = adw_combo_row_get_selected (unit_row (self, role));

      if (selected > 0 && selected <= self->units->len)
        chosen[role] = g_ptr_array_index (self->units, selected - 1);
    }

  g_ptr_array_set_size (self->units, 0);
  g_ptr_array_set_size (self->unit_forces, 0);
  if (ruleset != NULL && doc != NULL)
    {
      g_autoptr(GtkStringList) labels = gtk_string_list_new ((const char *[]) { _("None"), NULL });

      for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
        {
          MusterForce *force = muster_doc_get_force (doc, i);

          collect_units (self, force, muster_force_get_root (force), labels, ruleset);
        }

      self->listing = TRUE;
      for (guint role = 0; role < MUSTER_N_FILL_ROLES; role++)
        {
          guint index = 0;

          adw_combo_row_set_model (unit_row (self, role), G_LIST_MODEL (labels));
          if (chosen[role] != NULL && g_ptr_array_find (self->units, chosen[role], &index))
            adw_combo_row_set_selected (unit_row (self, role), index + 1);
          else
            muster_procedure_inputs_clear_fill (self->inputs, role);
        }
      self->listing = FALSE;
    }
  else
    {
      self->listing = TRUE;
      for (guint role = 0; role < MUSTER_N_FILL_ROLES; role++)
        {
          adw_combo_row_set_model (unit_row (self, role), NULL);
          muster_procedure_inputs_clear_fill (self->inputs, role);
        }
      self->listing = FALSE;
    }
  for (guint role = 0; role < MUSTER_N_FILL_ROLES; role++)
    gtk_widget_set_visible (GTK_WIDGET (unit_row (self, role)), role_applies (self, role));
  gtk_widget_set_visible (GTK_WIDGET (self->units_group),
                          self->units->len > 0 &&
                          (role_applies (self, MUSTER_FILL_ROLE_ACTING) ||
                           role_applies (self, MUSTER_FILL_ROLE_TARGET)));
}

static void
document_changed_cb (MusterPreviewPage *self)
{
  self->units_stale = FALSE;
  list_units (self);
}

/* An army edit: listing every unit of a long list again costs more than the edit itself, so a
 * hidden page only notes it, and catches up when it shows or is asked. */
static void
units_changed_cb (MusterPreviewPage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    document_changed_cb (self);
  else
    self->units_stale = TRUE;
}

void
_muster_preview_page_refresh_units (MusterPreviewPage *self)
{
  if (self->units_stale)
    document_changed_cb (self);
}

/* The list's rule system is the one a player wants odds for: Preview turns to it when a list
 * opens or changes system, and the player may still pick another. */
static void
follow_document_system (MusterPreviewPage *self)
{
  MusterRuleset *ruleset = self->document ? muster_document_get_ruleset (self->document) : NULL;
  const char *system;

  if (ruleset == NULL)
    return;
  system = muster_ruleset_get_system_id (ruleset);
  for (guint i = 0; i < self->systems->len; i++)
    if (g_str_equal (g_ptr_array_index (self->systems, i), system)
        && adw_combo_row_get_selected (self->system_row) != i)
      adw_combo_row_set_selected (self->system_row, i);
}

/* Remakes the unit rows for the procedure just chosen: the units chosen stay chosen, and fill
 * its inputs. */
void
_muster_preview_page_fill_from_units (MusterPreviewPage *self)
{
  list_units (self);
  for (guint role = 0; role < MUSTER_N_FILL_ROLES; role++)
    apply_unit (self, role);
}

void
_muster_preview_page_init_units (MusterPreviewPage *self)
{
  self->units = g_ptr_array_new ();
  self->unit_forces = g_ptr_array_new ();

  /* The list's system and units: see muster_preview_page_set_document (). */
  self->document_signals = g_signal_group_new (MUSTER_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "notify::ruleset",
                                 G_CALLBACK (follow_document_system), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::ruleset",
                                 G_CALLBACK (units_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "unit-changed",
                                 G_CALLBACK (units_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "children-changed",
                                 G_CALLBACK (units_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "map", G_CALLBACK (_muster_preview_page_refresh_units), NULL);
}

void
_muster_preview_page_class_units_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, unit_selected_cb);
}

/**
 * muster_preview_page_set_document:
 * @document: (nullable): the window's document, whose units can fill the inputs
 */
void
muster_preview_page_set_document (MusterPreviewPage *self,
                                  MusterDocument    *document)
{
  g_return_if_fail (MUSTER_IS_PREVIEW_PAGE (self));
  g_return_if_fail (document == NULL || MUSTER_IS_DOCUMENT (document));

  if (!g_set_object (&self->document, document))
    return;
  g_signal_group_set_target (self->document_signals, document);
  follow_document_system (self);
  units_changed_cb (self);
}

/**
 * muster_preview_page_select_unit:
 * @role: the side @unit_id fills
 * @unit_id: (nullable): a unit of the document, or %NULL for none
 *
 * Chooses a unit as the user would, which fills the inputs describing it.
 *
 * Returns: FALSE if the list offers no such unit for the procedure shown, or the procedure
 *   has no such side (a Rally's target)
 */
gboolean
muster_preview_page_select_unit (MusterPreviewPage *self,
                                 MusterFillRole     role,
                                 const char        *unit_id)
{
  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), FALSE);
  _muster_preview_page_refresh_units (self);
  g_return_val_if_fail (role < MUSTER_N_FILL_ROLES, FALSE);

  if (unit_id == NULL)
    {
      adw_combo_row_set_selected (unit_row (self, role), 0);
      return TRUE;
    }
  if (!role_applies (self, role))
    return FALSE;
  for (guint i = 0; i < self->units->len; i++)
    if (g_strcmp0 (muster_unit_get_id (g_ptr_array_index (self->units, i)), unit_id) == 0)
      {
        adw_combo_row_set_selected (unit_row (self, role), i + 1);
        return TRUE;
      }
  return FALSE;
}
