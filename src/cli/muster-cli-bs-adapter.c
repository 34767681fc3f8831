/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "muster-bs-roster.h"
#include "muster-cli-bs-xml.h"
#include "muster-cli.h"

/*
 * muster-cli battlescribe-adapter: the BattleScribe conformance suite's adapter protocol
 * (NDJSON, one command a line on stdin, one answer a line on stdout) over the engine's
 * BattleScribe roster. Where the suite's engines disagree it follows New Recruit, the
 * maintained one, whose additions are in the data players have. The suite's documents
 * are docs/adapter-protocol.md and docs/adapter-guide.md of WarHub/battlescribe-spec.
 */

typedef struct
{
  MusterBsData   *data;
  MusterBsRoster *roster;
  char           *spec_id;
} Adapter;

static void
adapter_reset (Adapter *self)
{
  g_clear_pointer (&self->roster, muster_bs_roster_free);
  g_clear_pointer (&self->data, muster_bs_data_free);
  g_clear_pointer (&self->spec_id, g_free);
}

static const char *
string_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;
}

static gboolean
fail (GError    **error,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError    **error,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (MUSTER_ENGINE_ERROR,
                                                MUSTER_ENGINE_ERROR_INVALID_INPUT, format, args));
  va_end (args);
  return FALSE;
}

/* Setup */

/* After the files are in: the roster, named after the spec as New Recruit names it. */
static gboolean
adapter_start (Adapter    *self,
               JsonObject *command,
               GError    **error)
{
  if (!muster_bs_data_resolve (self->data, error))
    return FALSE;
  self->spec_id = g_strdup (string_member (command, "specId"));
  self->roster = muster_bs_roster_new (self->data, self->spec_id ? self->spec_id : "Roster");
  return TRUE;
}

static gboolean
add_json_file (Adapter    *self,
               JsonNode   *node,
               const char *root,
               const char *game_system_id,
               GError    **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, "setup: the %s is not an object", root);
  if (!(bytes = muster_cli_bs_xml_from_json (json_node_get_object (node), root, game_system_id,
                                             error)))
    return FALSE;
  name = g_strdup_printf ("%s.%s", string_member (json_node_get_object (node), "id"),
                          strcmp (root, "gameSystem") == 0 ? "gst" : "cat");
  return muster_bs_data_add_bytes (self->data, name, bytes, error);
}

static gboolean
setup (Adapter    *self,
       JsonObject *command,
       GError    **error)
{
  JsonNode *game_system = json_object_get_member (command, "gameSystem");
  JsonArray *catalogues = json_object_has_member (command, "catalogues") ?
                          json_object_get_array_member (command, "catalogues") : NULL;
  const char *game_system_id = NULL;

  adapter_reset (self);
  self->data = muster_bs_data_new ();
  if (game_system != NULL && JSON_NODE_HOLDS_OBJECT (game_system))
    game_system_id = string_member (json_node_get_object (game_system), "id");
  if (!add_json_file (self, game_system, "gameSystem", NULL, error))
    return FALSE;
  for (guint i = 0; catalogues && i < json_array_get_length (catalogues); i++)
    if (!add_json_file (self, json_array_get_element (catalogues, i), "catalogue",
                        game_system_id, error))
      return FALSE;
  return adapter_start (self, command, error);
}

static gboolean
setup_from_files (Adapter    *self,
                  JsonObject *command,
                  GError    **error)
{
  JsonArray *files = json_object_has_member (command, "files") ?
                     json_object_get_array_member (command, "files") : NULL;

  adapter_reset (self);
  self->data = muster_bs_data_new ();
  for (guint i = 0; files && i < json_array_get_length (files); i++)
    {
      JsonObject *file = json_array_get_object_element (files, i);
      const char *name = file ? string_member (file, "fileName") : NULL;
      const char *content = file ? string_member (file, "content") : NULL;
      g_autoptr(GBytes) bytes = NULL;

      if (name == NULL || content == NULL)
        return fail (error, "setupFromFiles: files[%u] has no fileName or content", i);
      bytes = g_bytes_new_static (content, strlen (content));
      if (!muster_bs_data_add_bytes (self->data, name, bytes, error))
        return FALSE;
    }
  return adapter_start (self, command, error);
}

/* State */

static void
add_costs (JsonBuilder *builder,
           const char  *member,
           GArray      *costs)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; costs && i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "name", cost->name);
      muster_cli_add_string (builder, "typeId", cost->type_id);
      json_builder_set_member_name (builder, "value");
      json_builder_add_double_value (builder, cost->value);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_optional (JsonBuilder *builder,
              const char  *member,
              const char  *value)
{
  if (value != NULL)
    muster_cli_add_string (builder, member, value);
}

static void
add_category (JsonBuilder *builder,
              const char  *name,
              const char  *entry_id,
              gboolean     primary)
{
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "name", name);
  muster_cli_add_string (builder, "entryId", entry_id);
  muster_cli_add_bool (builder, "primary", primary);
  json_builder_end_object (builder);
}

/* The engine files a root selection in no category under New Recruit's stand-in for none,
 * MUSTER_BS_NO_CATEGORY; New Recruit also lists that category first among the categories
 * of a force that holds a selection in no category, at any depth. */
static void
add_categories (JsonBuilder *builder,
                GArray      *categories,
                gboolean     force_has_uncategorized)
{
  json_builder_set_member_name (builder, "categories");
  json_builder_begin_array (builder);
  if (force_has_uncategorized)
    add_category (builder, "Uncategorized", "(No Category)", FALSE);
  for (guint i = 0; categories && i < categories->len; i++)
    {
      const MusterBsCategory *category = &g_array_index (categories, MusterBsCategory, i);

      add_category (builder, category->name, category->entry_id, category->primary);
    }
  json_builder_end_array (builder);
}

static gboolean
is_uncategorized (MusterBsSelection *sel)
{
  const MusterBsCategory *primary = muster_bs_selection_get_primary_category (sel);

  if (primary == NULL || g_strcmp0 (primary->entry_id, MUSTER_BS_NO_CATEGORY) == 0)
    return TRUE;
  for (guint i = 0; i < muster_bs_selection_get_n_children (sel); i++)
    if (is_uncategorized (muster_bs_selection_get_child (sel, i)))
      return TRUE;
  return FALSE;
}

static gboolean
has_uncategorized (MusterBsForce *force)
{
  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    if (is_uncategorized (muster_bs_force_get_selection (force, i)))
      return TRUE;
  return FALSE;
}

/* Opens a profile's or rule's object with what both have. */
static void
begin_info (JsonBuilder *builder,
            const char  *name,
            gboolean     hidden,
            const char  *page,
            const char  *publication_id)
{
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "name", name);
  muster_cli_add_bool (builder, "hidden", hidden);
  add_optional (builder, "page", page);
  add_optional (builder, "publicationId", publication_id);
}

static void
add_profiles (JsonBuilder *builder,
              GArray      *profiles)
{
  json_builder_set_member_name (builder, "profiles");
  json_builder_begin_array (builder);
  for (guint i = 0; profiles && i < profiles->len; i++)
    {
      const MusterBsProfile *profile = &g_array_index (profiles, MusterBsProfile, i);

      begin_info (builder, profile->name, profile->hidden, profile->page,
                  profile->publication_id);
      add_optional (builder, "typeId", profile->type_id);
      add_optional (builder, "typeName", profile->type_name);
      json_builder_set_member_name (builder, "characteristics");
      json_builder_begin_array (builder);
      for (guint j = 0; profile->characteristics && j < profile->characteristics->len; j++)
        {
          const MusterBsCharacteristic *ch = &g_array_index (profile->characteristics,
                                                             MusterBsCharacteristic, j);

          json_builder_begin_object (builder);
          muster_cli_add_string (builder, "name", ch->name);
          add_optional (builder, "typeId", ch->type_id);
          muster_cli_add_string (builder, "value", ch->value ? ch->value : "");
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_rules (JsonBuilder *builder,
           GArray      *rules)
{
  json_builder_set_member_name (builder, "rules");
  json_builder_begin_array (builder);
  for (guint i = 0; rules && i < rules->len; i++)
    {
      const MusterBsRule *rule = &g_array_index (rules, MusterBsRule, i);

      begin_info (builder, rule->name, rule->hidden, rule->page, rule->publication_id);
      muster_cli_add_string (builder, "description", rule->description ? rule->description : "");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_publication (Adapter     *self,
                 JsonBuilder *builder,
                 const char  *publication_id)
{
  const MusterBsNode *publication;

  if (publication_id == NULL)
    return;
  muster_cli_add_string (builder, "publicationId", publication_id);
  publication = muster_bs_data_lookup (self->data, publication_id);
  if (publication != NULL && publication->name != NULL)
    muster_cli_add_string (builder, "publicationName", publication->name);
}

static void
add_selection (Adapter           *self,
               JsonBuilder       *builder,
               MusterBsSelection *sel)
{
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", muster_bs_selection_get_id (sel));
  muster_cli_add_string (builder, "name", muster_bs_selection_get_name (sel));
  muster_cli_add_string (builder, "entryId", muster_bs_selection_get_entry_id (sel));
  add_optional (builder, "entryGroupId", muster_bs_selection_get_entry_group_id (sel));
  add_optional (builder, "type", muster_bs_selection_get_type (sel));
  muster_cli_add_int (builder, "number", muster_bs_selection_get_number (sel));
  muster_cli_add_bool (builder, "hidden", muster_bs_selection_get_hidden (sel));
  add_optional (builder, "customName", muster_bs_selection_get_custom_name (sel));
  add_optional (builder, "customNotes", muster_bs_selection_get_custom_notes (sel));
  add_optional (builder, "page", muster_bs_selection_get_page (sel));
  add_publication (self, builder, muster_bs_selection_get_publication_id (sel));
  add_costs (builder, "costs", muster_bs_selection_get_costs (sel));
  add_profiles (builder, muster_bs_selection_get_profiles (sel));
  add_rules (builder, muster_bs_selection_get_rules (sel));
  add_categories (builder, muster_bs_selection_get_categories (sel), FALSE);
  /* In the engine's order, New Recruit's, which the suite asserts. */
  json_builder_set_member_name (builder, "children");
  json_builder_begin_array (builder);
  for (guint i = 0; i < muster_bs_selection_get_n_children (sel); i++)
    add_selection (self, builder, muster_bs_selection_get_child (sel, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
add_force (Adapter       *self,
           JsonBuilder   *builder,
           MusterBsForce *force)
{
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", muster_bs_force_get_id (force));
  muster_cli_add_string (builder, "name", muster_bs_force_get_name (force));
  muster_cli_add_string (builder, "entryId", muster_bs_force_get_entry_id (force));
  add_optional (builder, "catalogueId", muster_bs_force_get_catalogue_id (force));
  add_optional (builder, "catalogueName", muster_bs_force_get_catalogue_name (force));
  muster_cli_add_bool (builder, "hidden", muster_bs_force_get_hidden (force));
  add_optional (builder, "customName", muster_bs_force_get_custom_name (force));
  add_optional (builder, "customNotes", muster_bs_force_get_custom_notes (force));
  if (muster_bs_force_get_entry (force) != NULL)
    {
      add_optional (builder, "page", muster_bs_force_get_entry (force)->page);
      add_optional (builder, "publicationId", muster_bs_force_get_entry (force)->publication_id);
    }
  add_categories (builder, muster_bs_force_get_categories (force), has_uncategorized (force));
  add_profiles (builder, muster_bs_force_get_profiles (force));
  add_rules (builder, muster_bs_force_get_rules (force));
  json_builder_set_member_name (builder, "selections");
  json_builder_begin_array (builder);
  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    add_selection (self, builder, muster_bs_force_get_selection (force, i));
  json_builder_end_array (builder);
  /* The engine gives child forces in their entries' order, as New Recruit lists them. */
  json_builder_set_member_name (builder, "childForces");
  json_builder_begin_array (builder);
  for (guint i = 0; i < muster_bs_force_get_n_forces (force); i++)
    add_force (self, builder, muster_bs_force_get_force (force, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/* Only errors: New Recruit's warning and info modifiers are not validation errors. */
static void
add_errors (Adapter     *self,
            JsonBuilder *builder,
            const char  *member)
{
  g_autoptr(GPtrArray) findings = muster_bs_roster_get_findings (self->roster);

  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < findings->len; i++)
    {
      const MusterBsFinding *finding = g_ptr_array_index (findings, i);

      if (finding->severity != MUSTER_SEVERITY_ERROR)
        continue;
      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "message", finding->message);
      add_optional (builder, "ownerType", finding->owner_type);
      add_optional (builder, "ownerId", finding->owner_id);
      add_optional (builder, "ownerEntryId", finding->owner_entry_id);
      add_optional (builder, "entryId", finding->entry_id);
      add_optional (builder, "constraintId", finding->constraint_id);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_state (Adapter     *self,
           JsonBuilder *builder)
{
  const MusterBsNode *game_system = muster_bs_data_get_game_system (self->data);

  muster_cli_add_string (builder, "name", muster_bs_roster_get_name (self->roster));
  muster_cli_add_string (builder, "gameSystemId", game_system->id);
  add_optional (builder, "gameSystemName", game_system->name);
  json_builder_set_member_name (builder, "forces");
  json_builder_begin_array (builder);
  for (guint i = 0; i < muster_bs_roster_get_n_forces (self->roster); i++)
    add_force (self, builder, muster_bs_roster_get_force (self->roster, i));
  json_builder_end_array (builder);
  add_costs (builder, "costs", muster_bs_roster_get_costs (self->roster));
  add_costs (builder, "costLimits", muster_bs_roster_get_cost_limits (self->roster));
  add_errors (self, builder, "validationErrors");
}

/* Actions */

typedef struct
{
  Adapter     *self;
  JsonObject  *command;
  JsonBuilder *outputs;   /* the "outputs" object being built */
  GError     **error;
} Action;

static MusterBsForce *
action_force (Action *action)
{
  const char *id = string_member (action->command, "forceId");
  MusterBsForce *force = id ? muster_bs_roster_find_force (action->self->roster, id) : NULL;

  if (force == NULL)
    fail (action->error, "no force with id “%s”", id ? id : "");
  return force;
}

static MusterBsSelection *
action_selection (Action *action)
{
  const char *id = string_member (action->command, "selectionId");
  MusterBsSelection *sel = id ? muster_bs_roster_find_selection (action->self->roster, id)
                              : NULL;

  if (sel == NULL)
    fail (action->error, "no selection with id “%s”", id ? id : "");
  return sel;
}

/* The selections made for the engine's own reasons: entry id -> selection id. */
static void
output_auto_selected (Action    *action,
                      GPtrArray *auto_selected)
{
  json_builder_set_member_name (action->outputs, "selections");
  json_builder_begin_object (action->outputs);
  for (guint i = 0; i < auto_selected->len; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (auto_selected, i);

      muster_cli_add_string (action->outputs, muster_bs_selection_get_entry_id (sel),
                             muster_bs_selection_get_id (sel));
    }
  json_builder_end_object (action->outputs);
}

static gboolean
add_force_action (Action  *action,
                  gboolean child)
{
  g_autoptr(GPtrArray) auto_selected = g_ptr_array_new ();
  MusterBsForce *parent = NULL, *force;

  if (child && !(parent = action_force (action)))
    return FALSE;
  force = muster_bs_roster_add_force (action->self->roster, parent,
                                      string_member (action->command, "forceEntryId"),
                                      string_member (action->command, "catalogueId"),
                                      auto_selected, action->error);
  if (force == NULL)
    return FALSE;
  muster_cli_add_string (action->outputs, "forceId", muster_bs_force_get_id (force));
  output_auto_selected (action, auto_selected);
  return TRUE;
}

static gboolean
select_action (Action  *action,
               gboolean child)
{
  g_autoptr(GPtrArray) auto_selected = g_ptr_array_new ();
  MusterBsSelection *parent = NULL, *sel;
  MusterBsForce *force;

  if (!(force = action_force (action)) || (child && !(parent = action_selection (action))))
    return FALSE;
  sel = muster_bs_roster_select (action->self->roster, force, parent,
                                 string_member (action->command, "entryId"), auto_selected,
                                 action->error);
  if (sel == NULL)
    return FALSE;
  muster_cli_add_string (action->outputs, "selectionId", muster_bs_selection_get_id (sel));
  output_auto_selected (action, auto_selected);
  return TRUE;
}

static gboolean
customize_action (Action *action)
{
  const char *name = string_member (action->command, "customName");
  const char *notes = string_member (action->command, "customNotes");
  MusterBsSelection *sel = NULL;
  MusterBsForce *force;

  if (!(force = action_force (action)))
    return FALSE;
  /* A force's categories keep no names or notes; New Recruit ignores them too. */
  if (json_object_has_member (action->command, "categoryEntryId"))
    return TRUE;
  if (json_object_has_member (action->command, "selectionId") &&
      !(sel = action_selection (action)))
    return FALSE;
  if (sel != NULL && name != NULL)
    muster_bs_selection_set_custom_name (sel, name);
  if (sel != NULL && notes != NULL)
    muster_bs_selection_set_custom_notes (sel, notes);
  if (sel == NULL && name != NULL)
    muster_bs_force_set_custom_name (force, name);
  if (sel == NULL && notes != NULL)
    muster_bs_force_set_custom_notes (force, notes);
  return TRUE;
}

static gboolean
load_roster (Action *action,
             GBytes *bytes)
{
  Adapter *self = action->self;
  MusterBsRoster *roster = muster_bs_roster_load (self->data, self->spec_id, bytes,
                                                  action->error);

  if (roster == NULL)
    return FALSE;
  muster_bs_roster_free (self->roster);
  self->roster = roster;
  return TRUE;
}

static gboolean
run_action (Action     *action,
            const char *name)
{
  Adapter *self = action->self;
  JsonObject *command = action->command;
  MusterBsSelection *sel;
  MusterBsForce *force;

  if (strcmp (name, "addForce") == 0 || strcmp (name, "addChildForce") == 0)
    return add_force_action (action, strcmp (name, "addChildForce") == 0);
  if (strcmp (name, "selectEntry") == 0 || strcmp (name, "selectChildEntry") == 0)
    return select_action (action, strcmp (name, "selectChildEntry") == 0);
  if (strcmp (name, "removeForce") == 0)
    {
      if (!(force = action_force (action)))
        return FALSE;
      muster_bs_force_free (muster_bs_roster_remove_force (self->roster, force, NULL));
      return TRUE;
    }
  if (strcmp (name, "deselectSelection") == 0)
    {
      if (!(sel = action_selection (action)))
        return FALSE;
      muster_bs_selection_free (muster_bs_roster_remove_selection (self->roster, sel, NULL));
      return TRUE;
    }
  if (strcmp (name, "setSelectionCount") == 0)
    {
      if (!(sel = action_selection (action)))
        return FALSE;
      if (!json_object_has_member (command, "count") ||
          json_object_get_int_member (command, "count") < 0)
        return fail (action->error, "setSelectionCount needs a count of 0 or more");
      muster_bs_roster_set_count (self->roster, sel, json_object_get_int_member (command, "count"));
      return TRUE;
    }
  if (strcmp (name, "duplicateSelection") == 0)
    {
      if (!(sel = action_selection (action)))
        return FALSE;
      sel = muster_bs_roster_duplicate_selection (self->roster, sel);
      muster_cli_add_string (action->outputs, "selectionId", muster_bs_selection_get_id (sel));
      return TRUE;
    }
  if (strcmp (name, "duplicateForce") == 0)
    {
      if (!(force = action_force (action)))
        return FALSE;
      force = muster_bs_roster_duplicate_force (self->roster, force);
      muster_cli_add_string (action->outputs, "forceId", muster_bs_force_get_id (force));
      return TRUE;
    }
  if (strcmp (name, "setCostLimit") == 0)
    {
      if (!string_member (command, "costTypeId") || !json_object_has_member (command, "value"))
        return fail (action->error, "setCostLimit needs a costTypeId and a value");
      muster_bs_roster_set_cost_limit (self->roster, string_member (command, "costTypeId"),
                                       json_object_get_double_member (command, "value"));
      return TRUE;
    }
  if (strcmp (name, "setCustomization") == 0)
    return customize_action (action);
  if (strcmp (name, "loadRoster") == 0)
    {
      const char *xml = string_member (command, "xml");
      g_autoptr(GBytes) bytes = NULL;

      if (xml == NULL)
        return fail (action->error, "loadRoster needs the roster's xml");
      bytes = g_bytes_new (xml, strlen (xml));
      return load_roster (action, bytes);
    }
  if (strcmp (name, "reload") == 0)
    {
      g_autoptr(GBytes) bytes = muster_bs_roster_save (self->roster, FALSE, action->error);

      return bytes != NULL && load_roster (action, bytes);
    }
  return fail (action->error, "unknown action “%s”", name);
}

/* The loop */

static void
begin_response (JsonBuilder *builder,
                const char  *type)
{
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "type", type);
}

static void
respond_action (Adapter     *self,
                JsonObject  *command,
                JsonBuilder *builder)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) outputs = json_builder_new ();
  const char *name = string_member (command, "action");
  Action action = { self, command, outputs, &error };
  gboolean ok;

  json_builder_begin_object (outputs);
  if (self->roster == NULL)
    ok = fail (&error, "no setup yet");
  else
    ok = run_action (&action, name ? name : "");
  /* New Recruit keeps its automatic constraints after every edit; a roster read is as saved. */
  if (ok && g_strcmp0 (name, "loadRoster") != 0 && g_strcmp0 (name, "reload") != 0)
    muster_bs_adjustments_free (muster_bs_roster_keep_automatic (self->roster));
  json_builder_end_object (outputs);

  begin_response (builder, "actionResult");
  muster_cli_add_bool (builder, "ok", ok);
  if (ok)
    {
      g_autoptr(JsonNode) node = json_builder_get_root (outputs);

      if (json_object_get_size (json_node_get_object (node)) > 0)
        {
          json_builder_set_member_name (builder, "outputs");
          json_builder_add_value (builder, g_steal_pointer (&node));
        }
    }
  else
    muster_cli_add_string (builder, "error", error->message);
}

static void
respond_error (JsonBuilder *builder,
               const char  *message)
{
  begin_response (builder, "error");
  muster_cli_add_string (builder, "message", message);
}

static void
respond_setup (Adapter     *self,
               JsonObject  *command,
               JsonBuilder *builder,
               gboolean     from_files)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = from_files ? setup_from_files (self, command, &error)
                           : setup (self, command, &error);

  begin_response (builder, "setupResult");
  json_builder_set_member_name (builder, "errors");
  json_builder_begin_array (builder);
  if (!ok)
    {
      json_builder_add_string_value (builder, error->message);
      adapter_reset (self);
    }
  json_builder_end_array (builder);
}

static void
respond (Adapter     *self,
         JsonObject  *command,
         JsonBuilder *builder)
{
  const char *type = string_member (command, "type");

  if (type == NULL)
    respond_error (builder, "a command without a type");
  else if (strcmp (type, "describe") == 0)
    {
      begin_response (builder, "describeResult");
      muster_cli_add_string (builder, "name", "muster");
      /* The describe answer has no member for whose expectations an engine meets where
       * the suite's engines differ; the version's build metadata says it. */
      muster_cli_add_string (builder, "version", PACKAGE_VERSION "+newrecruit");
      muster_cli_add_string (builder, "protocolVersion", "1.1");
      json_builder_set_member_name (builder, "domains");
      json_builder_begin_array (builder);
      json_builder_add_string_value (builder, "roster");
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "capabilities");
      json_builder_begin_object (builder);
      muster_cli_add_bool (builder, "screenshot", FALSE);
      muster_cli_add_bool (builder, "record", FALSE);
      muster_cli_add_bool (builder, "rosterXml", TRUE);
      muster_cli_add_int (builder, "maxParallel", 0);
      json_builder_end_object (builder);
    }
  else if (strcmp (type, "setup") == 0 || strcmp (type, "setupFromFiles") == 0)
    respond_setup (self, command, builder, strcmp (type, "setupFromFiles") == 0);
  else if (strcmp (type, "action") == 0)
    respond_action (self, command, builder);
  else if (strcmp (type, "teardown") == 0)
    {
      adapter_reset (self);
      begin_response (builder, "teardownResult");
    }
  else if (self->roster == NULL && (strcmp (type, "getState") == 0 ||
                                    strcmp (type, "getErrors") == 0 ||
                                    strcmp (type, "exportRosterXml") == 0))
    respond_error (builder, "no setup yet");
  else if (strcmp (type, "getState") == 0)
    {
      begin_response (builder, "state");
      add_state (self, builder);
    }
  else if (strcmp (type, "getErrors") == 0)
    {
      begin_response (builder, "errors");
      add_errors (self, builder, "errors");
    }
  else if (strcmp (type, "exportRosterXml") == 0)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = muster_bs_roster_save (self->roster, FALSE, &error);

      if (bytes == NULL)
        respond_error (builder, error->message);
      else
        {
          g_autofree char *xml = g_strndup (g_bytes_get_data (bytes, NULL),
                                            g_bytes_get_size (bytes));

          begin_response (builder, "rosterXmlResult");
          muster_cli_add_string (builder, "xml", xml);
        }
    }
  else
    {
      g_autofree char *message = g_strdup_printf ("%s is not supported by this adapter", type);

      respond_error (builder, message);
    }
}

/* One line in, one line out. A line that is not a JSON object is answered with an error
 * and the loop goes on, as the protocol's client expects an answer to every command. */
static void
handle_line (Adapter    *self,
             const char *line,
             gsize       length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) response = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  JsonObject *command = NULL;
  JsonNode *corr_id = NULL;

  if (!json_parser_load_from_data (parser, line, length, &error))
    respond_error (builder, error->message);
  else if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    respond_error (builder, "a command that is not a JSON object");
  else
    {
      command = json_node_get_object (json_parser_get_root (parser));
      corr_id = json_object_get_member (command, "corrId");
      respond (self, command, builder);
    }
  if (corr_id != NULL)
    {
      json_builder_set_member_name (builder, "corrId");
      json_builder_add_value (builder, json_node_copy (corr_id));
    }
  json_builder_end_object (builder);

  response = json_builder_get_root (builder);
  json_generator_set_root (generator, response);
  text = json_generator_to_data (generator, NULL);
  fputs (text, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
}

int
muster_cli_bs_adapter (int    argc,
                       char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  Adapter self = { NULL, NULL, NULL };
  char *line = NULL;
  size_t size = 0;
  ssize_t length;
  int ret;

  g_option_context_set_summary (context, _("Speak the BattleScribe conformance suite’s "
                                           "adapter protocol on standard input and output: "
                                           "one JSON command a line in, one answer a line "
                                           "out."));
  if ((ret = muster_cli_parse (context, &argc, &argv)) != MUSTER_CLI_EXIT_OK)
    return ret;

  while ((length = getline (&line, &size, stdin)) >= 0)
    {
      while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r'))
        line[--length] = '\0';
      if (length > 0)
        handle_line (&self, line, length);
    }
  free (line);
  adapter_reset (&self);
  return MUSTER_CLI_EXIT_OK;
}
