/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-engine-error.h"
#include "muster-generate-private.h"
#include "muster-system-bvf-private.h"

/* Battle Valor Fantasy has no procedure for laying out a battlefield: the players agree what
 * each piece is (§6.1) and the deployment zones (§5.1, no default in the draft). The "agreed"
 * method is a house rule that stands in for the players: a number of pieces, each rolled on the
 * ruleset's terrain roll and dropped anywhere clear of the others; zones along the long edges;
 * then the book's deployment initiative roll. Every number is the ruleset's. */

#define MAX_PIECES   40
#define MAX_ATTEMPTS 25

/* Whether @feature lies on the table and keeps @gap clear of every piece before it. */
static gboolean
stands_clear (MusterGenerateRun   *run,
              const MusterFeature *feature,
              double               gap)
{
  MusterBox box = muster_feature_get_bounds (feature);

  if (box.x0 < 0 || box.y0 < 0 || box.x1 > run->width || box.y1 > run->height)
    return FALSE;

  for (guint i = 0; i < run->out->features->len; i++)
    {
      const MusterFeature *other = run->out->features->pdata[i];

      if (other != feature && other->kind == MUSTER_FEATURE_TERRAIN &&
          muster_box_distance (box, muster_feature_get_bounds (other)) < gap)
        return FALSE;
    }
  return TRUE;
}

/* A piece of @terrain about @centre, @size across: a line (a wall, a hedge, a stream) for the
 * kinds drawn as lines, a blob otherwise. */
static void
shape_piece (MusterGenerateRun       *run,
             MusterFeature           *piece,
             const MusterTerrainType *type,
             MusterPoint              centre,
             double                   size)
{
  MusterTerrainKind kind = type ? type->kind : MUSTER_TERRAIN_ROUGH;

  if (kind == MUSTER_TERRAIN_LINEAR || kind == MUSTER_TERRAIN_RIVER ||
      kind == MUSTER_TERRAIN_ROAD)
    {
      /* a line as long as the piece is wide (a stream twice that), bent in the middle */
      double angle = muster_dice_double (run->dice) * G_PI;
      double bend = (muster_dice_double (run->dice) - 0.5) * G_PI / 3;
      double half = size * (kind == MUSTER_TERRAIN_RIVER ? 2.0 : 1.0) / 2;
      MusterPoint points[3] = {
        { centre.x - half * cos (angle), centre.y - half * sin (angle) },
        centre,
        { centre.x + half * cos (angle + bend), centre.y + half * sin (angle + bend) },
      };

      piece->outline = MUSTER_OUTLINE_POLYLINE;
      piece->line_width = kind == MUSTER_TERRAIN_RIVER
                          ? _muster_generate_param_clamped (run, "stream-width", 50.8, 5, 500)
                          : _muster_generate_param_clamped (run, "obstacle-width", 12.7, 2, 200);
      muster_feature_set_points (piece, points, G_N_ELEMENTS (points));
    }
  else
    {
      double rx = size / 2 * (0.7 + 0.3 * muster_dice_double (run->dice));
      double ry = size / 2 * (0.5 + 0.3 * muster_dice_double (run->dice));

      _muster_generate_blob (run, piece, centre, rx, ry);
    }
}

/* Successes on @n dice: 5 or 6 (§1). */
static int
successes (MusterGenerateRun *run,
           int                n)
{
  int count = 0;

  for (int i = 0; i < n; i++)
    count += muster_dice_roll (run->dice, 6) >= 5;
  return count;
}

gboolean
_muster_generate_agreed (MusterGenerateRun *run,
                         GError           **error)
{
  const MusterGenerateRoll *roll = _muster_generate_get_roll (run->generator, "terrain");
  const MusterGenerateChoice *pieces = _muster_generate_choice (run, "pieces");
  double size = _muster_generate_param_clamped (run, "piece-size", 203.2, 25, 2000);
  double gap = _muster_generate_param_clamped (run, "piece-gap", 76.2, 0, 1000);
  double depth = _muster_generate_param_clamped (run, "deployment-depth", 304.8, 25, 100000);
  int dice = (int) _muster_generate_param_clamped (run, "initiative-dice", 4, 1, 20);
  int n = pieces ? (int) CLAMP (pieces->value, 0, MAX_PIECES) : 6;
  int scores[2];

  if (roll == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("%s: the agreed battlefield needs a roll with id “terrain”"),
                   run->generator->display_name);
      return FALSE;
    }
  size = MIN (size, MIN (run->width, run->height) / 2);
  _muster_generate_note (run, "House rule: the book has no terrain procedure, the players agree "
                         "each piece (§6.1). %d pieces, each a d%d on the terrain roll, "
                         "%.0f″ across, %.0f″ clear of each other.", n, roll->die,
                         size / MUSTER_MM_PER_INCH, gap / MUSTER_MM_PER_INCH);
  for (int i = 1; i <= n; i++)
    {
      int die = muster_dice_roll (run->dice, roll->die);
      const char *terrain = muster_generator_lookup_roll (run->generator, roll->id, die, NULL);
      const MusterTerrainType *type = terrain ? muster_terrain_types_lookup (run->generator->types,
                                                                            terrain)
                                              : NULL;
      MusterFeature *piece = NULL;

      if (terrain == NULL)
        {
          _muster_generate_note (run, "Piece %d: d%d %d → open ground, no piece.", i, roll->die,
                                 die);
          continue;
        }
      for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++)
        {
          MusterPoint centre = {
            size / 2 + (run->width - size) * muster_dice_double (run->dice),
            size / 2 + (run->height - size) * muster_dice_double (run->dice),
          };

          piece = _muster_generate_terrain (run, terrain, NULL);
          shape_piece (run, piece, type, centre, size);
          if (stands_clear (run, piece, gap))
            break;
          g_ptr_array_remove_index (run->out->features, run->out->features->len - 1);
          piece = NULL;
        }
      if (piece == NULL)
        _muster_generate_note (run, "Piece %d: d%d %d → %s, but no room is left clear of the "
                               "others: not placed.", i, roll->die, die,
                               _muster_generate_terrain_name (run, terrain));
      else
        {
          MusterBox box = muster_feature_get_bounds (piece);

          _muster_generate_note (run, "Piece %d: d%d %d → %s, centred %.0f″ from the left edge "
                                 "and %.0f″ from the edge %s deploys along.", i, roll->die, die,
                                 _muster_generate_terrain_name (run, terrain),
                                 (box.x0 + box.x1) / 2 / MUSTER_MM_PER_INCH, (box.y0 + box.y1) / 2 / MUSTER_MM_PER_INCH,
                                 run->sides[0]);
        }
    }

  _muster_generate_baseline_zones (run, depth);
  _muster_generate_note (run, "Deployment zones (§5.1, Muster's default): %.0f″ in from each "
                         "side's long table edge.", MIN (depth, run->height / 2) / MUSTER_MM_PER_INCH);
  do
    {
      scores[0] = successes (run, dice);
      scores[1] = successes (run, dice);
    }
  while (scores[0] == scores[1]);
  _muster_generate_note (run, "Deployment initiative (§5.1), %d dice each, Successes on 5 and 6, "
                         "ties rolled again: %s %d, %s %d. %s lost and places the first unit; "
                         "the sides then alternate, the extras of the larger force go after "
                         "the other's last unit, and each General is placed last. The book "
                         "recommends six turns (§7).", dice, run->sides[0], scores[0],
                         run->sides[1], scores[1], run->sides[scores[1] > scores[0] ? 0 : 1]);
  return TRUE;
}
