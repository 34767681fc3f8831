/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-generate-private.h"

/*
 * A battlefield generated for a table that already has units on it: the books lay terrain
 * out before deployment, so a piece that lands under a deployed unit is moved the shortest
 * way clear of every unit (or left out when there is no room), and the scenario's objectives
 * stay unless the method places objectives of its own.
 */

#define CLEARANCE 12.7      /* mm kept between a moved piece and any unit */
#define RINGS     24        /* steps out from where the piece fell */
#define DIRECTIONS 16

/* Whether @piece comes within CLEARANCE of a unit of @units (their footprints' shapes). */
static gboolean
meets_units (const MusterFeature *piece,
             GPtrArray           *units)
{
  MusterPoint scratch[4];
  MusterShape shape = muster_feature_get_shape (piece, scratch);
  MusterBox bounds = muster_box_inflate (muster_feature_get_bounds (piece), CLEARANCE);

  for (guint i = 0; i < units->len; i++)
    {
      const MusterFootprint *fp = units->pdata[i];
      MusterShape stands;

      if (!muster_box_intersects (bounds, muster_footprint_get_bounds (fp)))
        continue;
      stands = muster_footprint_get_shape (fp);
      if (muster_shape_distance (&shape, &stands) < CLEARANCE)
        return TRUE;
    }
  return FALSE;
}

/* Whether @piece lies on @table, meets no other piece of @generation and no unit. */
static gboolean
fits (const MusterFeature    *piece,
      const MusterGeneration *generation,
      MusterBox               table,
      GPtrArray              *units)
{
  MusterBox bounds = muster_feature_get_bounds (piece);

  if (bounds.x0 < table.x0 || bounds.y0 < table.y0 || bounds.x1 > table.x1 || bounds.y1 > table.y1)
    return FALSE;
  for (guint i = 0; i < generation->features->len; i++)
    {
      const MusterFeature *other = generation->features->pdata[i];

      if (other != piece && other->kind == MUSTER_FEATURE_TERRAIN &&
          muster_box_intersects (bounds, muster_feature_get_bounds (other)))
        return FALSE;
    }
  return !meets_units (piece, units);
}

/* Whether @piece is one a unit may stand on as the books lay it: a road, a river or stream
 * crossing the table (moving one would cut it off); a unit fords or marches along it. */
static gboolean
runs_across (const MusterGenerator *generator,
             const MusterFeature   *piece)
{
  const MusterTerrainType *type = muster_terrain_types_lookup (generator->types, piece->type);

  return type != NULL && (type->kind == MUSTER_TERRAIN_ROAD || type->kind == MUSTER_TERRAIN_RIVER);
}

/**
 * muster_generator_keep_clear:
 * @self: the generator that made @generation
 * @generation: a generation for @field's table
 * @field: the battlefield it is for, with its units
 *
 * Moves each piece of @generation that would lie under (or within half an inch of) a unit
 * placed on @field the shortest way clear of every unit, on the table and off the other
 * pieces; a piece with no such place within a table's width is left out. Roads and rivers
 * stay where they run. The notes say what moved.
 *
 * Returns: how many pieces were moved or left out
 */
guint
muster_generator_keep_clear (const MusterGenerator *self,
                             MusterGeneration      *generation,
                             const MusterBattlefield *field)
{
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_footprint_free);
  g_autoptr(GString) notes = g_string_new (generation->notes);
  MusterBox table = muster_battlefield_get_table_box (field);
  double step = MAX (table.x1 - table.x0, table.y1 - table.y0) / (2 * RINGS);
  guint changed = 0;

  g_return_val_if_fail (self != NULL && generation != NULL && field != NULL, 0);

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_UNIT)
        g_ptr_array_add (units, muster_feature_get_footprint (f));
    }
  for (guint i = 0; units->len > 0 && i < generation->features->len; i++)
    {
      MusterFeature *piece = generation->features->pdata[i];
      MusterVector moved = { 0, 0 };
      gboolean placed = FALSE;

      if (piece->kind != MUSTER_FEATURE_TERRAIN || runs_across (self, piece) ||
          !meets_units (piece, units))
        continue;
      changed++;
      /* a line of its own after the generator's last (which ends without a newline) */
      if (notes->len > 0 && notes->str[notes->len - 1] != '\n')
        g_string_append_c (notes, '\n');
      /* ring after ring round where it fell, nearest first */
      for (guint ring = 1; !placed && ring <= RINGS; ring++)
        for (guint d = 0; !placed && d < DIRECTIONS; d++)
          {
            double angle = 2 * G_PI * d / DIRECTIONS;
            MusterVector delta = { cos (angle) * step * ring, sin (angle) * step * ring };

            muster_feature_translate (piece, delta);
            if (fits (piece, generation, table, units))
              {
                placed = TRUE;
                moved = delta;
              }
            else
              muster_feature_translate (piece, (MusterVector) { -delta.x, -delta.y });
          }
      if (placed)
        g_string_append_printf (notes, _("%s fell under deployed units: moved %.0f″ clear "
                                         "of them."), piece->name ? piece->name : piece->type,
                                hypot (moved.x, moved.y) / MUSTER_MM_PER_INCH);
      else
        {
          g_string_append_printf (notes, _("%s fell under deployed units and no room is "
                                           "left clear of them: not placed."),
                                  piece->name ? piece->name : piece->type);
          g_ptr_array_remove_index (generation->features, i--);
        }
    }
  g_free (generation->notes);
  generation->notes = g_string_free (g_steal_pointer (&notes), FALSE);
  return changed;
}

/**
 * muster_generation_replaces:
 * @generation: what the rules generated
 * @feature: a feature of the battlefield it is for
 *
 * Whether applying @generation replaces @feature: terrain and zones go, units stay, and the
 * scenario's objectives go only when the method places objectives of its own (a method with
 * none, such as Undying Lands' squares, leaves the scenario's where they are).
 */
gboolean
muster_generation_replaces (const MusterGeneration *generation,
                            const MusterFeature    *feature)
{
  if (feature->kind == MUSTER_FEATURE_UNIT)
    return FALSE;
  if (feature->kind != MUSTER_FEATURE_OBJECTIVE)
    return TRUE;
  for (guint i = 0; i < generation->features->len; i++)
    if (((const MusterFeature *) generation->features->pdata[i])->kind == MUSTER_FEATURE_OBJECTIVE)
      return TRUE;
  return FALSE;
}
