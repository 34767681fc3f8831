/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-deploy"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army.h"
#include "muster-battlefield-commands.h"
#include "muster-deploy.h"
#include "muster-history.h"
#include "muster-unit.h"

#define GAP 25.4   /* mm between units deployed side by side, and between ranks */

G_DEFINE_QUARK (muster-deploy-error-quark, muster_deploy_error)

/* Whether @doc's first force is @unit's: that side deploys along the top edge, facing down. */
static gboolean
first_side (MusterDoc  *doc,
            MusterUnit *unit)
{
  return muster_doc_get_n_forces (doc) == 0 ||
         muster_unit_get_force (unit) == muster_doc_get_force (doc, 0);
}

/**
 * muster_unit_placement_new:
 * @doc: the document
 * @types: (nullable): the rule system's terrain types, for its bases
 * @field: the battlefield
 * @unit: a unit of a force of @doc
 * @centre: where (table mm)
 *
 * The unit in a line facing the enemy: down the table for the first side, up for the others.
 * Its stands are its size, on the unit's own base (a BattleScribe roster's unit names one), or
 * else the base the rule system's scale for its force gives its type (40 × 20 mm when it
 * gives none).
 *
 * Returns: (transfer full): the placement, without an id
 */
MusterFeature *
muster_unit_placement_new (MusterDoc                *doc,
                           const MusterTerrainTypes *types,
                           const MusterBattlefield  *field,
                           MusterUnit               *unit,
                           MusterPoint               centre)
{
  MusterFeature *placement = muster_feature_new (MUSTER_FEATURE_UNIT);

  placement->unit = g_strdup (muster_unit_get_id (unit));
  placement->centre = centre;
  placement->rotation = first_side (doc, unit) ? G_PI / 2 : -G_PI / 2;
  placement->stands = CLAMP (muster_unit_get_size (unit), 1, 60);
  placement->files = placement->stands > 6 ? (placement->stands + 1) / 2 : 0;
  /* the unit's own base, or the bases of the scale the unit's force plays at */
  if (muster_unit_get_base (unit, &placement->base_width, &placement->base_depth))
    ;
  else if (types == NULL ||
      !muster_terrain_types_get_base (types,
                                      muster_terrain_types_scale_for_force (types,
                                                                            muster_unit_get_force (unit),
                                                                            muster_battlefield_get_units (field)),
                                      muster_unit_get_type_id (unit),
                                      &placement->base_width, &placement->base_depth))
    {
      placement->base_width = 40;
      placement->base_depth = 20;
    }
  return placement;
}

/* Returns: (nullable) (transfer none): the deployment zone of @side on @field, the first
 * when it has several */
const MusterFeature *
muster_deploy_find_zone (const MusterBattlefield *field,
                         const char              *side)
{
  for (guint i = 0; side != NULL && i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_ZONE && g_strcmp0 (f->side, side) == 0)
        return f;
    }
  return NULL;
}

/* Whether @placement's stands lie wholly inside @zone and keep GAP / 2 clear of @taken
 * (MusterBox: the units on the table and those deployed before). */
static gboolean
fits (const MusterFeature *placement,
      const MusterShape   *zone,
      const GArray        *taken)
{
  MusterBox box = muster_feature_get_bounds (placement);
  MusterPoint corners[4] = { { box.x0, box.y0 }, { box.x1, box.y0 }, { box.x0, box.y1 },
                             { box.x1, box.y1 } };

  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    if (!muster_shape_contains_point (zone, corners[i]))
      return FALSE;
  for (guint i = 0; i < taken->len; i++)
    if (muster_box_intersects (muster_box_inflate (box, GAP / 2 - 0.01),
                               g_array_index (taken, MusterBox, i)))
      return FALSE;
  return TRUE;
}

/**
 * muster_deploy_all_command_new:
 * @document: a document with a battlefield
 * @types: (nullable): the rule system's terrain types, for its bases
 * @force: a force of the document
 * @left_out: (out) (optional): how many of its units found no room in the zone
 * @error: return location for a #GError: the force's side has no deployment zone, or none of
 *   its units is off the table, or none fits
 *
 * Deploy All: every unit of @force not yet on the table (characters attached to a unit stand
 * with it) placed in its side's deployment zone as muster_unit_placement_new() faces it, in
 * the roster's order, side by side an inch apart in ranks from the zone's front edge (the
 * one nearer the enemy) back, around units already there. One undo step.
 *
 * Returns: (transfer full) (nullable): the command; push it on the document's history
 */
MusterCommand *
muster_deploy_all_command_new (MusterDocument           *document,
                               const MusterTerrainTypes *types,
                               MusterForce              *force,
                               guint                    *left_out,
                               GError                  **error)
{
  MusterDoc *doc = muster_document_get_doc (document);
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  const char *side = muster_force_get_side (force);
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (MusterBox));
  g_autoptr(MusterCommand) command = NULL;
  const MusterFeature *zone;
  MusterPoint scratch[4];
  MusterShape shape;
  MusterBox bounds;
  gboolean down;
  double x, y;
  guint placed = 0, missed = 0;

  g_return_val_if_fail (field != NULL, NULL);

  if (!(zone = muster_deploy_find_zone (field, side)))
    {
      g_set_error (error, MUSTER_DEPLOY_ERROR, 0,
                   _("%s has no deployment zone on the table"),
                   side ? side : muster_force_get_name (force));
      return NULL;
    }
  shape = muster_feature_get_shape (zone, scratch);
  bounds = muster_feature_get_bounds (zone);
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_UNIT)
        {
          MusterBox box = muster_feature_get_bounds (f);

          g_array_append_val (taken, box);
        }
    }
  muster_node_collect_units (muster_force_get_root (force), units);
  command = muster_features_command_new (document, _("Deploy All"));

  /* ranks from the front edge back: the first side faces down the table, its front is the
   * zone's bottom edge */
  down = units->len > 0 && first_side (doc, units->pdata[0]);
  x = bounds.x0 + GAP / 2;
  y = down ? bounds.y1 - GAP / 2 : bounds.y0 + GAP / 2;
  for (guint i = 0; i < units->len; i++)
    {
      MusterUnit *unit = units->pdata[i];
      g_autoptr(MusterFeature) placement = NULL;
      gboolean done = FALSE;

      if (muster_battlefield_lookup_unit (field, muster_unit_get_id (unit)) ||
          muster_unit_get_attached_to (unit) != NULL)
        continue;
      placement = muster_unit_placement_new (doc, types, field, unit, (MusterPoint) { 0, 0 });
      while (!done && (down ? y > bounds.y0 : y < bounds.y1))
        {
          MusterBox box = muster_feature_get_bounds (placement);
          double w = box.x1 - box.x0, h = box.y1 - box.y0;
          MusterVector to;

          /* along the rank an inch at a time, past what stands in the way */
          for (; !done && x + w <= bounds.x1; x += GAP / 2)
            {
              to = (MusterVector) { x + w / 2 - (box.x0 + box.x1) / 2,
                                    (down ? y - h / 2 : y + h / 2) - (box.y0 + box.y1) / 2 };
              muster_feature_translate (placement, to);
              box = muster_feature_get_bounds (placement);
              done = fits (placement, &shape, taken);
            }
          if (done)
            {
              g_array_append_val (taken, box);
              break;
            }
          /* the next rank back */
          x = bounds.x0 + GAP / 2;
          y += (down ? -1 : 1) * (h + GAP);
        }
      if (done)
        {
          muster_features_command_insert (MUSTER_FEATURES_COMMAND (command), placement);
          placed++;
        }
      else
        missed++;
      /* each unit starts again from the front: a small one may fill a gap a big one left */
      x = bounds.x0 + GAP / 2;
      y = down ? bounds.y1 - GAP / 2 : bounds.y0 + GAP / 2;
    }
  if (left_out != NULL)
    *left_out = missed;
  if (placed == 0)
    {
      g_set_error (error, MUSTER_DEPLOY_ERROR, 0,
                   missed > 0 ? _("No unit of %s fits in its deployment zone")
                              : _("Every unit of %s is on the table already"),
                   side ? side : muster_force_get_name (force));
      return NULL;
    }
  return g_steal_pointer (&command);
}
