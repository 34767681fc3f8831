/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-scenario"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "muster-bs-scenario.h"
#include "muster-deploy.h"
#include "muster-history.h"

#define TABLE_WIDTH  1828.8   /* 6 × 4 ft: the table most games in BSData are played on */
#define TABLE_HEIGHT 1219.2
#define ZONE_DEPTH   304.8    /* 12″ from each long edge */
#define BASE_MAX     1000.0   /* mm: anything larger is no base a profile means */

/* Reads a length's unit after a number: mm (the default), cm or inches. */
static double
unit_factor (const char *text)
{
  while (g_ascii_isspace (*text))
    text++;
  if (g_ascii_strncasecmp (text, "cm", 2) == 0)
    return 10;
  if (*text == '"' || g_str_has_prefix (text, "″") || g_ascii_strncasecmp (text, "in", 2) == 0)
    return 25.4;
  return 1;
}

/**
 * muster_bs_parse_base:
 * @text: a "Base" characteristic's value: "32mm", "25 mm round", "60x35mm", "60 × 35 mm",
 *   "Ø40mm", "3 cm", "1\""
 * @width: (out): the base's width, mm
 * @depth: (out): its depth, mm (a round base's diameter again)
 *
 * Returns: whether @text names a base; "-", "Hull", "N/A" do not
 */
gboolean
muster_bs_parse_base (const char *text,
                      double     *width,
                      double     *depth)
{
  const char *p = text;
  char *end;
  double w, d;

  if (text == NULL)
    return FALSE;
  while (*p != '\0' && !g_ascii_isdigit (*p))
    p++;
  if (*p == '\0')
    return FALSE;
  w = d = g_ascii_strtod (p, &end);
  p = end;
  while (g_ascii_isspace (*p))
    p++;
  /* an oval or rectangular base: "60x35", "60 × 35", "60*35" */
  if (*p == 'x' || *p == 'X' || *p == '*' || g_str_has_prefix (p, "×"))
    {
      p += g_str_has_prefix (p, "×") ? strlen ("×") : 1;
      while (g_ascii_isspace (*p))
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      d = g_ascii_strtod (p, &end);
      p = end;
    }
  w *= unit_factor (p);
  d *= unit_factor (p);
  if (!isfinite (w) || !isfinite (d) || w <= 0 || d <= 0 || w > BASE_MAX || d > BASE_MAX)
    return FALSE;
  *width = w;
  *depth = d;
  return TRUE;
}

static gboolean
is_base_name (const char *name)
{
  return name != NULL && (g_ascii_strcasecmp (name, "Base") == 0 ||
                          g_ascii_strcasecmp (name, "Base Size") == 0 ||
                          g_ascii_strcasecmp (name, "Base size (mm)") == 0);
}

/**
 * muster_bs_selection_find_base:
 * @selection: a selection of a roster
 * @width: (out): mm
 * @depth: (out): mm
 *
 * The base the data gives the selection: the first "Base" (or "Base Size") characteristic of
 * a visible profile of the selection, or else of its selections, depth first (a unit's
 * models carry the unit's profiles in most data sets).
 *
 * Returns: whether the data gives one
 */
gboolean
muster_bs_selection_find_base (MusterBsSelection *selection,
                               double            *width,
                               double            *depth)
{
  GArray *profiles = muster_bs_selection_get_profiles (selection);

  for (guint i = 0; profiles != NULL && i < profiles->len; i++)
    {
      const MusterBsProfile *profile = &g_array_index (profiles, MusterBsProfile, i);

      for (guint k = 0; !profile->hidden && k < profile->characteristics->len; k++)
        {
          const MusterBsCharacteristic *c = &g_array_index (profile->characteristics,
                                                            MusterBsCharacteristic, k);

          if (is_base_name (c->name) && muster_bs_parse_base (c->value, width, depth))
            return TRUE;
        }
    }
  for (guint i = 0; i < muster_bs_selection_get_n_children (selection); i++)
    if (muster_bs_selection_find_base (muster_bs_selection_get_child (selection, i), width,
                                       depth))
      return TRUE;
  return FALSE;
}

/* The models under @selection (not counting it): its model selections' numbers, and those
 * under its other selections. */
static guint
models_under (MusterBsSelection *selection)
{
  guint n = 0;

  for (guint i = 0; i < muster_bs_selection_get_n_children (selection); i++)
    {
      MusterBsSelection *child = muster_bs_selection_get_child (selection, i);

      if (g_strcmp0 (muster_bs_selection_get_type (child), "model") == 0)
        n += MAX (muster_bs_selection_get_number (child), 0);
      else
        n += models_under (child);
    }
  return n;
}

/**
 * muster_bs_selection_count_models:
 * @selection: a top-level selection of a roster
 *
 * Returns: how many models stand on the table for it: a model's number; a unit's model
 *   selections (at any depth); at least 1
 */
guint
muster_bs_selection_count_models (MusterBsSelection *selection)
{
  guint n;

  if (g_strcmp0 (muster_bs_selection_get_type (selection), "model") == 0)
    n = muster_bs_selection_get_number (selection);
  else
    n = models_under (selection);
  return MAX (n, 1);
}

/**
 * muster_bs_default_base:
 * @settings: the application's settings
 * @system_id: a BattleScribe game system's id
 * @width: (out): mm
 * @depth: (out): mm
 *
 * The base the game system's units stand on where its data gives none: the
 * `battlescribe-bases` setting's, else MUSTER_BS_BASE_FALLBACK square.
 */
void
muster_bs_default_base (GSettings  *settings,
                        const char *system_id,
                        double     *width,
                        double     *depth)
{
  g_autoptr(GVariant) bases = g_settings_get_value (settings, "battlescribe-bases");

  *width = *depth = MUSTER_BS_BASE_FALLBACK;
  if (system_id != NULL &&
      g_variant_lookup (bases, system_id, "(dd)", width, depth) &&
      (*width <= 0 || *depth <= 0 || *width > BASE_MAX || *depth > BASE_MAX))
    *width = *depth = MUSTER_BS_BASE_FALLBACK;
}

/* Sets @system_id's default base in the `battlescribe-bases` setting, keeping the others. */
void
muster_bs_set_default_base (GSettings  *settings,
                            const char *system_id,
                            double      width,
                            double      depth)
{
  g_autoptr(GVariant) bases = g_settings_get_value (settings, "battlescribe-bases");
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{s(dd)}"));
  GVariantIter iter;
  const char *id;
  double w, d;

  g_return_if_fail (system_id != NULL);

  g_variant_iter_init (&iter, bases);
  while (g_variant_iter_next (&iter, "{&s(dd)}", &id, &w, &d))
    if (g_strcmp0 (id, system_id) != 0)
      g_variant_builder_add (&builder, "{s(dd)}", id, w, d);
  g_variant_builder_add (&builder, "{s(dd)}", system_id, width, depth);
  g_settings_set_value (settings, "battlescribe-bases", g_variant_builder_end (&builder));
}

/* A unit type id for @entry_id: Muster's ids are lower case letters, digits and dashes and
 * start with a letter; BattleScribe's are anything. */
static char *
type_for_entry (const char *entry_id)
{
  GString *type = g_string_new ("bs-");

  for (const char *p = entry_id ? entry_id : ""; *p != '\0'; p++)
    g_string_append_c (type, g_ascii_isalnum (*p) ? g_ascii_tolower (*p) : '-');
  return g_string_free (type, FALSE);
}

/**
 * muster_bs_roster_cost_type:
 * @roster: a roster
 *
 * Returns: (nullable): the cost type a placed unit counts: the first with a limit (points,
 *   in every game of BSData), else the first the roster has
 */
const char *
muster_bs_roster_cost_type (MusterBsRoster *roster)
{
  GArray *limits = muster_bs_roster_get_cost_limits (roster);
  GArray *costs;

  if (limits != NULL && limits->len > 0)
    return g_array_index (limits, MusterBsCost, 0).type_id;
  costs = muster_bs_roster_get_costs (roster);
  return costs != NULL && costs->len > 0 ? g_array_index (costs, MusterBsCost, 0).type_id : NULL;
}

/**
 * muster_bs_selection_cost:
 * @selection: a selection
 * @cost_type: (nullable): a cost type id
 *
 * Returns: the selection's cost of @cost_type, its children's included, to the nearest whole
 *   number (a placed unit's cost); 0 when it has none
 */
gint64
muster_bs_selection_cost (MusterBsSelection *selection,
                          const char        *cost_type)
{
  GArray *costs = muster_bs_selection_get_total_costs (selection);

  for (guint i = 0; cost_type != NULL && costs != NULL && i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);

      if (g_strcmp0 (cost->type_id, cost_type) == 0)
        return MAX ((gint64) llround (cost->value), 0);
    }
  return 0;
}

/* Returns: (transfer none): the name a selection's unit has: the player's for it, else its
 * entry's */
const char *
muster_bs_selection_unit_name (MusterBsSelection *selection)
{
  const char *custom = muster_bs_selection_get_custom_name (selection);

  return custom != NULL && *custom != '\0' ? custom : muster_bs_selection_get_name (selection);
}

/**
 * muster_bs_force_collect_placed:
 * @force: a force of a roster
 * @selections: (element-type MusterBsSelection): gets the selections that stand on the table,
 *   in order: its top-level unit and model selections, then its child forces'
 */
void
muster_bs_force_collect_placed (MusterBsForce *force,
                                GPtrArray     *selections)
{
  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    {
      MusterBsSelection *selection = muster_bs_force_get_selection (force, i);

      /* a top-level upgrade is the roster's configuration (wh40k-10e's Battle Size,
       * Detachment), nothing that stands on the table */
      if (g_strcmp0 (muster_bs_selection_get_type (selection), "upgrade") != 0)
        g_ptr_array_add (selections, selection);
    }
  for (guint i = 0; i < muster_bs_force_get_n_forces (force); i++)
    muster_bs_force_collect_placed (muster_bs_force_get_force (force, i), selections);
}

/**
 * muster_bs_unit_new:
 * @selection: a selection muster_bs_force_collect_placed() gives
 * @cost_type: (nullable): muster_bs_roster_cost_type()
 * @base_width: mm, when the data gives the selection no base
 * @base_depth: mm
 *
 * Returns: (transfer full): a detached unit for @selection: its name, entry name, model
 *   count, cost, notes and base, linked to it by its id
 */
MusterUnit *
muster_bs_unit_new (MusterBsSelection *selection,
                    const char        *cost_type,
                    double             base_width,
                    double             base_depth)
{
  g_autofree char *type = type_for_entry (muster_bs_selection_get_entry_id (selection));
  MusterUnit *unit = muster_unit_new (type, muster_bs_selection_count_models (selection));
  double w = base_width, d = base_depth;

  g_free (muster_unit_set_name (unit, muster_bs_selection_unit_name (selection)));
  g_free (muster_unit_set_notes (unit, muster_bs_selection_get_custom_notes (selection)));
  muster_unit_set_selection (unit, muster_bs_selection_get_id (selection));
  g_free (muster_unit_set_entry_name (unit, muster_bs_selection_get_name (selection)));
  muster_unit_set_own_cost (unit, muster_bs_selection_cost (selection, cost_type));
  muster_bs_selection_find_base (selection, &w, &d);
  muster_unit_set_base (unit, w, d);
  return unit;
}

static void
add_zone (MusterBattlefield *field,
          const char        *side,
          double             y0,
          double             y1)
{
  MusterFeature *zone = muster_feature_new (MUSTER_FEATURE_ZONE);
  MusterPoint corners[4] = { { 0, y0 }, { TABLE_WIDTH, y0 }, { TABLE_WIDTH, y1 }, { 0, y1 } };

  zone->side = g_strdup (side);
  /* TRANSLATORS: a deployment zone's name; %s is the side's */
  zone->name = g_strdup_printf (_("%s deployment"), side);
  muster_feature_set_points (zone, corners, G_N_ELEMENTS (corners));
  muster_battlefield_insert (field, -1, zone);
}

/**
 * muster_bs_scenario_new_doc:
 * @roster: a roster
 * @title: the scenario's title and its side's name (the roster's name)
 * @base_width: mm, the base of units whose data gives none
 * @base_depth: mm
 *
 * A Muster document of the roster's units (its forces' top-level unit and model selections,
 * nested forces' too, in order, as one force of side @title, linked to the roster: see
 * muster-bs-follow.h), each with the roster's cost of it, on a 6 × 4 ft table with a 12″
 * deployment zone along each long edge: @title's at the top, an opponent's at the bottom for
 * a list attached later.
 *
 * Returns: (transfer full): the document, nothing placed yet
 */
MusterDoc *
muster_bs_scenario_new_doc (MusterBsRoster *roster,
                            const char     *title,
                            double          base_width,
                            double          base_depth)
{
  MusterBsData *data = muster_bs_roster_get_data (roster);
  const MusterBsNode *system = data != NULL ? muster_bs_data_get_game_system (data) : NULL;
  g_autofree char *revision = system != NULL ? g_strdup_printf ("%g", system->value) : NULL;
  MusterDoc *doc = muster_doc_new (MUSTER_BS_SCENARIO_RULESET, revision);
  g_autoptr(GPtrArray) placed = g_ptr_array_new ();
  const char *cost_type = muster_bs_roster_cost_type (roster);
  MusterBattlefield *field;
  MusterForce *force;

  g_return_val_if_fail (title != NULL && *title != '\0', NULL);

  muster_doc_set_title (doc, title);
  muster_doc_seed_randomly (doc);
  force = muster_force_new (title, 0);
  g_free (muster_force_set_side (force, title));
  muster_force_set_roster (force, muster_bs_roster_get_id (roster));
  muster_doc_insert_force (doc, 0, force);
  for (guint i = 0; i < muster_bs_roster_get_n_forces (roster); i++)
    muster_bs_force_collect_placed (muster_bs_roster_get_force (roster, i), placed);
  for (guint i = 0; i < placed->len; i++)
    muster_node_insert_unit (muster_force_get_root (force), i,
                             muster_bs_unit_new (placed->pdata[i], cost_type, base_width,
                                                 base_depth));

  field = muster_battlefield_new (TABLE_WIDTH, TABLE_HEIGHT, "in");
  add_zone (field, title, 0, ZONE_DEPTH);
  add_zone (field, _("Opponent"), TABLE_HEIGHT - ZONE_DEPTH, TABLE_HEIGHT);
  muster_battlefield_free (muster_doc_set_battlefield (doc, field));
  return doc;
}

/**
 * muster_bs_scenario_start:
 * @document: a document, replaced
 * @roster: a roster
 * @title: as muster_bs_scenario_new_doc()
 * @base_width: as muster_bs_scenario_new_doc()
 * @base_depth: as muster_bs_scenario_new_doc()
 * @left_out: (out) (optional): how many units found no room in the zone
 * @error: return location for a #GError: the roster has no unit, or none fits
 *
 * Makes @document the roster's scenario (never saved, so modified) with every unit deployed
 * in its zone: Deploy All, the one step in its history.
 *
 * Returns: whether the units are on the table
 */
gboolean
muster_bs_scenario_start (MusterDocument  *document,
                          MusterBsRoster  *roster,
                          const char      *title,
                          double           base_width,
                          double           base_depth,
                          guint           *left_out,
                          GError         **error)
{
  g_autoptr(MusterDoc) doc = muster_bs_scenario_new_doc (roster, title, base_width, base_depth);
  g_autoptr(GBytes) bytes = muster_doc_to_bytes (doc);
  g_autoptr(MusterCommand) command = NULL;

  if (muster_node_get_n_units (muster_force_get_root (muster_doc_get_force (doc, 0))) == 0)
    {
      g_set_error_literal (error, MUSTER_DEPLOY_ERROR, 0, _("The roster has no units to place"));
      return FALSE;
    }
  if (!muster_document_restore (document, bytes, title, NULL, error))
    return FALSE;
  command = muster_deploy_all_command_new (document, NULL,
                                           muster_document_get_force (document), left_out,
                                           error);
  if (command == NULL)
    return FALSE;
  muster_history_push (muster_document_get_history (document), command);
  return TRUE;
}
