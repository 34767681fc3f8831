/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-application.h"
#include "muster-army.h"
#include "muster-battlefield-commands.h"
#include "muster-attach-chooser.h"
#include "muster-battlefield-page.h"
#include "muster-battlefield-page-private.h"
#include "muster-deploy.h"
#include "muster-generate-dialog.h"
#include "muster-issue.h"
#include "muster-map-painter.h"
#include "muster-ui-enums.h"
#include "muster-unit.h"
#include "muster-window.h"

/*
 * The Battlefield workspace: the map, its tools, the properties of the selection (in
 * muster-battlefield-page-properties.c), the units of the document's forces not yet on the
 * table, and the scenario sheet. Every edit is a command on the document's history; the page
 * redraws from the document on "battlefield-changed".
 */

enum {
  PROP_0,
  PROP_TOOL,
  PROP_SHOW_UMPIRE,
  PROP_SHOW_RANGES,
  PROP_SNAP,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterBattlefieldPage, muster_battlefield_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

MusterBattlefield *
_muster_battlefield_page_get_battlefield (MusterBattlefieldPage *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;

  return doc ? muster_doc_get_battlefield (doc) : NULL;
}

/* Applies and records @command, and drops the caller's reference (the history keeps one). */
void
_muster_battlefield_page_push (MusterBattlefieldPage *self,
                               MusterCommand         *command)
{
  muster_history_push (muster_document_get_history (self->document), command);
  g_object_unref (command);
}

static MusterBattlefield *
get_battlefield (MusterBattlefieldPage *self)
{
  return _muster_battlefield_page_get_battlefield (self);
}

static void
push (MusterBattlefieldPage *self,
      MusterCommand         *command)
{
  _muster_battlefield_page_push (self, command);
}

/* Terrain types of the document's rule system */

static MusterCatalog *
page_catalog (MusterBattlefieldPage *self)
{
  GApplication *app = g_application_get_default ();

  return self->catalog ? self->catalog
         : MUSTER_IS_APPLICATION (app)
         ? muster_application_get_catalog (MUSTER_APPLICATION (app)) : NULL;
}

/* Returns: (nullable): the installed ruleset of the document's rule system */
static MusterRuleset *
page_ruleset (MusterBattlefieldPage *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  const char *id = doc ? muster_doc_get_ruleset_id (doc) : NULL;
  MusterCatalog *catalog = page_catalog (self);

  return id && catalog ? muster_catalog_lookup (catalog, id) : NULL;
}

/* Whether the document's rule system generates battlefields, asked once per ruleset. */
static gboolean
can_generate (MusterBattlefieldPage *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  const char *id = doc ? muster_doc_get_ruleset_id (doc) : NULL;

  if (g_strcmp0 (id, self->generator_for) != 0 || !self->generator_known)
    {
      g_autoptr(MusterGenerator) generator = NULL;
      g_autoptr(GError) error = NULL;

      generator = muster_generator_new_for_ruleset (page_catalog (self), page_ruleset (self),
                                                    &error);
      if (error != NULL)
        g_warning ("battlefield generation: %s", error->message);
      g_free (self->generator_for);
      self->generator_for = g_strdup (id);
      self->generator_known = TRUE;
      self->has_generator = generator != NULL;
    }
  return self->has_generator;
}

static void
load_terrain_types (MusterBattlefieldPage *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  const char *id = doc ? muster_doc_get_ruleset_id (doc) : NULL;
  MusterRuleset *ruleset = page_ruleset (self);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GError) error = NULL;

  if (self->types != NULL && g_strcmp0 (id, self->types_for) == 0)
    return;
  g_clear_pointer (&self->types, muster_terrain_types_free);
  g_free (self->types_for);
  self->types_for = g_strdup (id);

  /* The generic types stand in for a ruleset that lists none or cannot be read. */
  self->types = muster_terrain_types_new_for_ruleset (ruleset, &error);
  if (error != NULL)
    g_warning ("terrain types: %s", error->message);
  for (guint i = 0; i < muster_terrain_types_get_n_types (self->types); i++)
    gtk_string_list_append (names,
                            muster_ruleset_text (muster_terrain_types_get_type (self->types, i)->name));
  self->updating = TRUE;
  gtk_drop_down_set_model (self->terrain_dropdown, G_LIST_MODEL (names));
  self->updating = FALSE;
  muster_map_view_set_terrain_types (self->map_view, self->types);
  muster_odds_panel_set_document (self->odds_panel, self->document, self->types);
  /* the first type that is not open ground: a wood, usually */
  for (guint i = 0; i < muster_terrain_types_get_n_types (self->types); i++)
    if (muster_terrain_types_get_type (self->types, i)->kind == MUSTER_TERRAIN_WOODS)
      {
        gtk_drop_down_set_selected (self->terrain_dropdown, i);
        break;
      }
}

static void
terrain_selected_cb (MusterBattlefieldPage *self)
{
  guint index = gtk_drop_down_get_selected (self->terrain_dropdown);
  MusterBattlefield *field = get_battlefield (self);
  const MusterTerrainType *type;
  g_auto(GStrv) ids = NULL;
  const MusterFeature *f;

  if (self->types == NULL || index >= muster_terrain_types_get_n_types (self->types))
    return;
  type = muster_terrain_types_get_type (self->types, index);
  muster_map_view_set_terrain_type (self->map_view, type->id);
  if (self->updating || field == NULL)
    return;
  /* with one terrain piece selected, the dropdown retypes it */
  ids = muster_map_view_dup_selection (self->map_view);
  if (ids[0] && !ids[1] && (f = muster_battlefield_lookup (field, ids[0])) &&
      f->kind == MUSTER_FEATURE_TERRAIN && g_strcmp0 (f->type, type->id) != 0)
    {
      g_autoptr(MusterFeature) retyped = muster_feature_copy (f);
      MusterCommand *command = muster_features_command_new (self->document, _("Change Terrain Type"));

      g_free (retyped->type);
      retyped->type = g_strdup (type->id);
      muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), retyped);
      push (self, command);
    }
}

/* Unplaced units */

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 const char    *unit_id)
{
  return gdk_content_provider_new_typed (G_TYPE_STRING, unit_id);
}

/* A row for @force (the document's @index-th), @n of whose units are off the table: Deploy
 * All puts them in its side's zone at once. */
static void
append_deploy_row (MusterBattlefieldPage *self,
                   MusterBattlefield     *field,
                   MusterForce           *force,
                   guint                  index,
                   guint                  n)
{
  const char *side = muster_force_get_side (force);
  gboolean zone = muster_deploy_find_zone (field, side) != NULL;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Deploy All"));
  g_autofree char *subtitle = NULL;

  subtitle = zone ? g_strdup_printf (ngettext ("%u unit off the table", "%u units off the table",
                                               n), n)
                  : g_strdup (_("No deployment zone for this side: drag its units onto the table"));
  gtk_widget_set_tooltip_text (button, _("Place them in this side's deployment zone, in one step"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 side ? side : muster_force_get_name (force));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_sensitive (button, zone);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "battlefield.deploy-all");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", index);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  gtk_widget_add_css_class (row, "deploy-all");
  gtk_list_box_append (self->units_list, row);
}

static void
update_units (MusterBattlefieldPage *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  MusterBattlefield *field = get_battlefield (self);
  /* the ids of the units placed, gathered once: looking each unit up among every feature kept
   * a document of 78,000 placed units from opening for minutes (issue 20) */
  g_autoptr(GHashTable) placed = g_hash_table_new (g_str_hash, g_str_equal);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->units_list))))
    gtk_list_box_remove (self->units_list, child);
  self->n_unplaced = 0;
  for (guint i = 0; field != NULL && i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_UNIT && f->unit != NULL)
        g_hash_table_add (placed, f->unit);
    }
  for (guint i = 0; doc && field && i < muster_doc_get_n_forces (doc); i++)
    {
      MusterForce *force = muster_doc_get_force (doc, i);
      g_autoptr(GPtrArray) units = g_ptr_array_new ();
      g_autoptr(GPtrArray) unplaced = g_ptr_array_new ();

      muster_node_collect_units (muster_force_get_root (force), units);
      /* characters attached to a unit stand with it */
      for (guint j = 0; j < units->len; j++)
        if ((muster_unit_get_id (units->pdata[j]) == NULL ||
             !g_hash_table_contains (placed, muster_unit_get_id (units->pdata[j]))) &&
            muster_unit_get_attached_to (units->pdata[j]) == NULL)
          g_ptr_array_add (unplaced, units->pdata[j]);
      if (unplaced->len > 0)
        append_deploy_row (self, field, force, i, unplaced->len);
      for (guint j = 0; j < unplaced->len; j++)
        {
          MusterUnit *unit = unplaced->pdata[j];
          GtkWidget *row, *button;
          GtkDragSource *source;
          g_autofree char *subtitle = NULL;

          self->n_unplaced++;
          subtitle = g_strdup_printf ("%s · %u", muster_force_get_side (force)
                                                 ? muster_force_get_side (force)
                                                 : muster_force_get_name (force),
                                      muster_unit_get_size (unit));
          row = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), muster_unit_get_name (unit));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          button = gtk_button_new_from_icon_name ("list-add-symbolic");
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_widget_set_tooltip_text (button, _("Place in the middle of the view"));
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "battlefield.place-unit");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", muster_unit_get_id (unit));
          gtk_widget_add_css_class (button, "flat");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          source = gtk_drag_source_new ();
          gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
          g_signal_connect_data (source, "prepare", G_CALLBACK (drag_prepare_cb),
                                 g_strdup (muster_unit_get_id (unit)),
                                 (GClosureNotify) (void (*) (void)) g_free, 0);
          gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (source));
          gtk_list_box_append (self->units_list, row);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->units_group), self->n_unplaced > 0);
}

/* Status: the measure, else deployment warnings */

static void
update_status (MusterBattlefieldPage *self)
{
  MusterBattlefield *field = get_battlefield (self);
  const char *measure = muster_map_view_get_measure_text (self->map_view);
  g_autoptr(GPtrArray) issues = NULL;

  g_clear_pointer (&self->status, g_free);
  if (field == NULL)
    return;
  issues = muster_battlefield_check_deployment (field, muster_document_get_doc (self->document));
  if (measure != NULL)
    self->status = g_strdup (measure);
  else if (issues->len > 0)
    {
      const char *first = ((MusterIssue *) issues->pdata[0])->message;

      self->status = issues->len == 1
                     ? g_strdup_printf (_("Warning: %s"), first)
                     : g_strdup_printf (ngettext ("Warning: %s, and %u more unit outside its zone",
                                                  "Warning: %s, and %u more units outside their zones",
                                                  issues->len - 1), first, issues->len - 1);
    }
  else
    {
      g_autofree char *w = muster_map_format_length (field, muster_battlefield_get_width (field));
      g_autofree char *h = muster_map_format_length (field, muster_battlefield_get_height (field));

      MusterDoc *doc = muster_document_get_doc (self->document);
      const char *ground = NULL;
      const char *scale = NULL;

      /* the document's own scale: a horse-and-musket force's chosen command scale */
      if (self->types && muster_terrain_types_get_n_scales (self->types) > 0)
        scale = muster_terrain_types_get_scale_name (self->types,
                                                     muster_terrain_types_scale_for_doc (self->types,
                                                                                         doc),
                                                     NULL, &ground);

      if (scale != NULL && ground != NULL)
        self->status = g_strdup_printf (_("Table %s × %s · %s: %s"), w, h, muster_ruleset_text (scale),
                                        muster_ruleset_text (ground));
      else
        self->status = g_strdup_printf (_("Table %s × %s · scroll to zoom, middle-drag to pan"),
                                        w, h);
    }
  gtk_label_set_text (self->status_label, self->status);
}

static void
battlefield_changed_cb (MusterBattlefieldPage *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  MusterBattlefield *field = get_battlefield (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->new_button), doc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "battlefield.new", doc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "battlefield.generate",
                                 doc != NULL && can_generate (self));
  if (field == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  load_terrain_types (self);
  gtk_stack_set_visible_child_name (self->stack, "map");
  update_units (self);
  _muster_battlefield_page_update_scenario (self);
  _muster_battlefield_page_update_selection (self);
  update_status (self);
}

static void
document_loaded_cb (MusterBattlefieldPage *self)
{
  /* a new file: new sides, new briefings */
  _muster_battlefield_page_clear_scenario (self);
  battlefield_changed_cb (self);
}

/* Actions */

void
muster_battlefield_page_new_battlefield (MusterBattlefieldPage *self,
                                         double                 width,
                                         double                 height,
                                         const char            *units)
{
  MusterBattlefield *field = muster_battlefield_new (width, height, units);

  muster_battlefield_set_table (field, width, height, units,
                                muster_battlefield_default_grid (units));
  push (self, muster_set_battlefield_command_new (self->document, field));
}

static void
new_response_cb (AdwMessageDialog      *dialog,
                 const char            *response,
                 MusterBattlefieldPage *self)
{
  GtkSpinButton *width = g_object_get_data (G_OBJECT (dialog), "width");
  GtkSpinButton *depth = g_object_get_data (G_OBJECT (dialog), "depth");
  GtkDropDown *units = g_object_get_data (G_OBJECT (dialog), "units");
  gboolean cm = gtk_drop_down_get_selected (units) == 1;
  double scale = cm ? MUSTER_MM_PER_CM : MUSTER_MM_PER_INCH * 12;

  if (g_strcmp0 (response, "create") != 0)
    return;
  muster_battlefield_page_new_battlefield (self, gtk_spin_button_get_value (width) * scale,
                                           gtk_spin_button_get_value (depth) * scale,
                                           cm ? "cm" : "in");
}

static void
units_changed_cb (GtkDropDown *units,
                  GParamSpec  *pspec,
                  GtkWidget   *dialog)
{
  GtkSpinButton *width = g_object_get_data (G_OBJECT (dialog), "width");
  GtkSpinButton *depth = g_object_get_data (G_OBJECT (dialog), "depth");
  gboolean cm = gtk_drop_down_get_selected (units) == 1;

  gtk_spin_button_set_range (width, 1, cm ? 400 : 12);
  gtk_spin_button_set_range (depth, 1, cm ? 400 : 12);
  gtk_spin_button_set_value (width, cm ? 180 : 6);
  gtk_spin_button_set_value (depth, cm ? 120 : 4);
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (widget);
  static const char * const unit_names[] = { N_("feet and inches"), N_("centimetres"), NULL };
  GtkWidget *dialog, *grid, *width, *depth, *units, *label;

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("New Battlefield"),
                                   _("How large is the table, and how do you measure on it?"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "create", _("C_reate"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "create",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "create");
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);
  width = gtk_spin_button_new_with_range (1, 12, 1);
  depth = gtk_spin_button_new_with_range (1, 12, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (width), 6);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (depth), 4);
  units = gtk_drop_down_new_from_strings ((const char * const *) unit_names);
  label = gtk_label_new (_("Width"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), width, 1, 0, 1, 1);
  label = gtk_label_new (_("Depth"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), depth, 1, 1, 1, 1);
  label = gtk_label_new (_("Units"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), units, 1, 2, 1, 1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), grid);
  g_object_set_data (G_OBJECT (dialog), "width", width);
  g_object_set_data (G_OBJECT (dialog), "depth", depth);
  g_object_set_data (G_OBJECT (dialog), "units", units);
  g_signal_connect (units, "notify::selected", G_CALLBACK (units_changed_cb), dialog);
  /* measure as the document's scale does */
  load_terrain_types (self);
  if (muster_terrain_types_get_n_scales (self->types) > 0)
    {
      const char *unit = NULL;

      muster_terrain_types_get_scale_name (self->types,
                                           muster_terrain_types_scale_for_doc (self->types,
                                                                               muster_document_get_doc (self->document)),
                                           &unit, NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (units), g_strcmp0 (unit, "cm") == 0);
    }
  g_signal_connect (dialog, "response", G_CALLBACK (new_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
generate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (widget);
  g_autoptr(GError) error = NULL;
  MusterGenerator *generator;

  if (muster_document_get_doc (self->document) == NULL)
    return;
  generator = muster_generator_new_for_ruleset (page_catalog (self), page_ruleset (self), &error);
  if (generator == NULL)
    {
      if (error != NULL)
        g_warning ("battlefield generation: %s", error->message);
      return;
    }
  gtk_window_present (GTK_WINDOW (muster_generate_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                              self->document, generator)));
}

/* The tool, and for a deployment zone the first side's: each choice of the zone tool takes the
 * side afresh, as lists attached since may have changed the sides. */
static void
set_tool (MusterBattlefieldPage *self,
          MusterMapTool          tool)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  gboolean changed = tool != self->tool;

  self->tool = tool;
  muster_map_view_set_tool (self->map_view, tool);
  if (tool == MUSTER_MAP_TOOL_ZONE && doc && muster_doc_get_n_forces (doc) > 0)
    muster_map_view_set_zone_side (self->map_view,
                                   muster_force_get_side (muster_doc_get_force (doc, 0)));
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

/* The page's zoom (the toolbar's buttons), fit, delete and turn do what the map's keys do: they
 * are the map's actions of the same names. */
static void
map_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (widget);
  g_autofree char *name = g_strconcat ("map", strchr (action_name, '.'), NULL);

  gtk_widget_activate_action_variant (GTK_WIDGET (self->map_view), name, parameter);
}

/* The selection, one step clockwise. */
static void
rotate_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_widget_activate_action (GTK_WIDGET (MUSTER_BATTLEFIELD_PAGE (widget)->map_view),
                              "map.rotate", "i", 1);
}

static void
place_unit_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (widget);
  MusterViewport *viewport = muster_map_view_get_viewport (self->map_view);

  muster_map_view_place_unit (self->map_view, g_variant_get_string (parameter, NULL),
                              muster_viewport_get_width (viewport) / 2.0,
                              muster_viewport_get_height (viewport) / 2.0);
}

/* Every unit of a force not on the table into its side's zone, one undo step. */
static void
deploy_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (widget);
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  guint index = g_variant_get_uint32 (parameter), left_out = 0;
  g_autoptr(MusterCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  GtkRoot *root = gtk_widget_get_root (widget);

  if (doc == NULL || get_battlefield (self) == NULL || index >= muster_doc_get_n_forces (doc))
    return;
  command = muster_deploy_all_command_new (self->document, self->types,
                                           muster_doc_get_force (doc, index), &left_out, &error);
  if (command != NULL)
    muster_history_push (muster_document_get_history (self->document), command);
  if (MUSTER_IS_WINDOW (root) && (command == NULL || left_out > 0))
    {
      g_autofree char *message = command == NULL
                                 ? g_strdup (error->message)
                                 : g_strdup_printf (ngettext ("%u unit found no room in the zone",
                                                              "%u units found no room in the zone",
                                                              left_out), left_out);

      muster_window_add_toast (MUSTER_WINDOW (root), message);
    }
}

/* Attach Army List… */

/**
 * muster_battlefield_page_attach_file:
 * @self: the page
 * @file: a Muster document of the same rule system
 * @error: return location for a #GError
 *
 * Brings @file's forces into the page's document as one undo step, each on its own side.
 *
 * Returns: whether they were attached
 */
gboolean
muster_battlefield_page_attach_file (MusterBattlefieldPage  *self,
                                     GFile                  *file,
                                     GError                **error)
{
  return muster_attach_file (self->document, file, NULL, error);
}

/**
 * muster_battlefield_page_get_attach_chooser:
 * @self: the page
 *
 * Returns: (transfer none) (nullable): the Attach Army List chooser while it is open
 */
GtkFileChooserNative *
muster_battlefield_page_get_attach_chooser (MusterBattlefieldPage *self)
{
  return self->attach_chooser;
}

static void
attach_list_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (widget);
  GtkWindow *root;

  if (self->document == NULL || muster_document_get_doc (self->document) == NULL ||
      self->attach_chooser != NULL)
    return;
  root = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self)));
  self->attach_chooser = muster_attach_chooser_new (root, self->document);
  g_object_add_weak_pointer (G_OBJECT (self->attach_chooser), (gpointer *) &self->attach_chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->attach_chooser));
}

/* Public API */

void
muster_battlefield_page_set_document (MusterBattlefieldPage *self,
                                      MusterDocument        *document)
{
  g_return_if_fail (MUSTER_IS_BATTLEFIELD_PAGE (self));

  g_set_object (&self->document, document);
  muster_map_view_set_document (self->map_view, document);
  muster_odds_panel_set_document (self->odds_panel, document, self->types);
  muster_battle_log_view_set_document (self->battle_log_view, document);
  g_signal_group_set_target (self->document_signals, document);
  document_loaded_cb (self);
}

void
muster_battlefield_page_set_catalog (MusterBattlefieldPage *self,
                                     MusterCatalog         *catalog)
{
  self->catalog = catalog;
  g_clear_pointer (&self->types_for, g_free);
  g_clear_pointer (&self->types, muster_terrain_types_free);
  battlefield_changed_cb (self);
}

MusterMapView *
muster_battlefield_page_get_map_view (MusterBattlefieldPage *self)
{
  return self->map_view;
}

guint
muster_battlefield_page_get_n_unplaced (MusterBattlefieldPage *self)
{
  return self->n_unplaced;
}

const char *
muster_battlefield_page_get_status (MusterBattlefieldPage *self)
{
  return self->status;
}

const char *
muster_battlefield_page_get_selection_title (MusterBattlefieldPage *self)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->type_row));
}

const char *
muster_battlefield_page_get_selection_effects (MusterBattlefieldPage *self)
{
  return adw_action_row_get_subtitle (self->type_row);
}

/* Life cycle */

/* The map's own keys for the tools, while the map has the focus: a letter typed anywhere else
 * on the page is not a tool. Ctrl+G generates anywhere in the window while the page shows:
 * an application accelerator would look for the action on the window, which does not have
 * the page's actions. */
static void
add_shortcuts (MusterBattlefieldPage *self)
{
  static const struct {
    const char *trigger;
    const char *action;
    const char *tool;     /* (nullable): the "tool" action's target */
    gboolean    global;
  } shortcuts[] = {
    { "v", "battlefield.tool", "select", FALSE },
    { "h", "battlefield.tool", "pan", FALSE },
    { "m", "battlefield.tool", "measure", FALSE },
    { "l", "battlefield.tool", "sight", FALSE },
    { "<Control>g", "battlefield.generate", NULL, TRUE },
  };
  GtkEventController *map_keys = gtk_shortcut_controller_new ();
  GtkEventController *page_keys = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (page_keys),
                                     GTK_SHORTCUT_SCOPE_GLOBAL);
  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    {
      GtkShortcutTrigger *trigger = gtk_shortcut_trigger_parse_string (shortcuts[i].trigger);
      GtkShortcut *shortcut = gtk_shortcut_new (trigger, gtk_named_action_new (shortcuts[i].action));
      GtkEventController *keys = shortcuts[i].global ? page_keys : map_keys;

      if (shortcuts[i].tool != NULL)
        gtk_shortcut_set_arguments (shortcut, g_variant_new_string (shortcuts[i].tool));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (self->map_view), map_keys);
  gtk_widget_add_controller (GTK_WIDGET (self), page_keys);
}

static void
muster_battlefield_page_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_enum (value, self->tool);
      break;

    case PROP_SHOW_UMPIRE:
      g_value_set_boolean (value, self->show_umpire);
      break;

    case PROP_SHOW_RANGES:
      g_value_set_boolean (value, self->show_ranges);
      break;

    case PROP_SNAP:
      g_value_set_boolean (value, self->snap);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The tool and the toggles are the map view's: the page keeps them for its property actions,
 * passes them on and says when they changed. */
static void
muster_battlefield_page_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (object);
  gboolean on = G_VALUE_HOLDS_BOOLEAN (value) && g_value_get_boolean (value);

  switch (prop_id)
    {
    case PROP_TOOL:
      set_tool (self, g_value_get_enum (value));
      return;

    case PROP_SHOW_UMPIRE:
      if (on == self->show_umpire)
        return;
      self->show_umpire = on;
      muster_map_view_set_show_umpire (self->map_view, on);
      break;

    case PROP_SHOW_RANGES:
      if (on == self->show_ranges)
        return;
      self->show_ranges = on;
      muster_map_view_set_show_ranges (self->map_view, on);
      break;

    case PROP_SNAP:
      if (on == self->snap)
        return;
      self->snap = on;
      muster_map_view_set_snap (self->map_view, on);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
muster_battlefield_page_dispose (GObject *object)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (object);

  g_clear_object (&self->document_signals);
  g_clear_object (&self->document);
  if (self->attach_chooser != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->attach_chooser),
                                  (gpointer *) &self->attach_chooser);
  self->attach_chooser = NULL;
  /* No gtk_widget_dispose_template (): the template's root is AdwBin's child, which AdwBin
   * unparents itself. */
  G_OBJECT_CLASS (muster_battlefield_page_parent_class)->dispose (object);
}

static void
muster_battlefield_page_finalize (GObject *object)
{
  MusterBattlefieldPage *self = MUSTER_BATTLEFIELD_PAGE (object);

  g_clear_pointer (&self->types, muster_terrain_types_free);
  g_free (self->types_for);
  g_free (self->generator_for);
  g_ptr_array_unref (self->text_views);
  g_free (self->status);
  G_OBJECT_CLASS (muster_battlefield_page_parent_class)->finalize (object);
}

static void
muster_battlefield_page_class_init (MusterBattlefieldPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_battlefield_page_dispose;
  object_class->finalize = muster_battlefield_page_finalize;
  object_class->get_property = muster_battlefield_page_get_property;
  object_class->set_property = muster_battlefield_page_set_property;

  /**
   * MusterBattlefieldPage:tool:
   *
   * What a click or a drag on the map does; the "battlefield.tool" action sets it by its name.
   */
  properties[PROP_TOOL] =
    g_param_spec_enum ("tool", NULL, NULL,
                       MUSTER_TYPE_MAP_TOOL, MUSTER_MAP_TOOL_SELECT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterBattlefieldPage:show-umpire:
   *
   * Whether the map shows the umpire's layer: hidden units and notes.
   */
  properties[PROP_SHOW_UMPIRE] =
    g_param_spec_boolean ("show-umpire", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterBattlefieldPage:show-ranges:
   *
   * Whether the map rings the selected units with their weapon ranges.
   */
  properties[PROP_SHOW_RANGES] =
    g_param_spec_boolean ("show-ranges", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterBattlefieldPage:snap:
   *
   * Whether dragging on the map moves by a quarter of the grid and turns by 15°.
   */
  properties[PROP_SNAP] =
    g_param_spec_boolean ("snap", NULL, NULL,
                          TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (MUSTER_TYPE_MAP_VIEW);
  g_type_ensure (MUSTER_TYPE_ODDS_PANEL);
  g_type_ensure (MUSTER_TYPE_BATTLE_LOG_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-battlefield-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, empty_status);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, new_button);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, terrain_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, map_view);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, type_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, size_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, formation_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, value_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, value_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, hidden_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, hidden_switch);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, rotation_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, rotation_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, units_group);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, units_list);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, scenario_title_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, period_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, scenario_title_show);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, period_show);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, turns_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, texts_box);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, odds_panel);
  gtk_widget_class_bind_template_child (widget_class, MusterBattlefieldPage, battle_log_view);

  gtk_widget_class_install_action (widget_class, "battlefield.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "battlefield.attach-list", NULL,
                                   attach_list_action);
  gtk_widget_class_install_action (widget_class, "battlefield.generate", NULL, generate_action);
  gtk_widget_class_install_action (widget_class, "battlefield.zoom-in", NULL, map_action);
  gtk_widget_class_install_action (widget_class, "battlefield.zoom-out", NULL, map_action);
  gtk_widget_class_install_action (widget_class, "battlefield.fit", NULL, map_action);
  gtk_widget_class_install_action (widget_class, "battlefield.delete", NULL, map_action);
  gtk_widget_class_install_action (widget_class, "battlefield.rotate", NULL, rotate_action);
  gtk_widget_class_install_action (widget_class, "battlefield.deploy-all", "u", deploy_all_action);
  gtk_widget_class_install_action (widget_class, "battlefield.place-unit", "s",
                                   place_unit_action);
  gtk_widget_class_install_property_action (widget_class, "battlefield.tool", "tool");
  gtk_widget_class_install_property_action (widget_class, "battlefield.show-umpire",
                                            "show-umpire");
  gtk_widget_class_install_property_action (widget_class, "battlefield.show-ranges",
                                            "show-ranges");
  gtk_widget_class_install_property_action (widget_class, "battlefield.snap", "snap");
}

static void
muster_battlefield_page_init (MusterBattlefieldPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->text_views = g_ptr_array_new ();
  self->tool = muster_map_view_get_tool (self->map_view);
  self->snap = muster_map_view_get_snap (self->map_view);
  self->show_ranges = muster_map_view_get_show_ranges (self->map_view);
  self->document_signals = g_signal_group_new (MUSTER_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "battlefield-changed",
                                  G_CALLBACK (battlefield_changed_cb), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::file",
                                  G_CALLBACK (document_loaded_cb), self);

  g_signal_connect_object (self->terrain_dropdown, "notify::selected",
                           G_CALLBACK (terrain_selected_cb), self, G_CONNECT_SWAPPED);
  _muster_battlefield_page_init_properties (self);
  g_signal_connect_object (self->map_view, "measured",
                           G_CALLBACK (update_status), self, G_CONNECT_SWAPPED);
  _muster_battlefield_page_init_scenario (self);
  _muster_battlefield_page_init_odds (self);
  add_shortcuts (self);
  battlefield_changed_cb (self);
}
