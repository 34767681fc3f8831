/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-engine-error.h"
#include "muster-generate-private.h"
#include "muster-system-ul-private.h"

/* Undying Lands (§12.1, §12.3): the table in squares, one terrain roll per square, d8 and +2
 * on the table edge; a piece no larger than its square. Then the roll-off for the terrain
 * adjustment and the deployment roll, both left to the players, told in the notes. */

/* The book gives the number of squares only; the layouts are the digest's suggestions. */
static void
grid_for (int  squares,
          int *columns,
          int *rows)
{
  switch (squares)
    {
    case 16:
      *columns = 4, *rows = 4;
      break;
    case 20:
      *columns = 5, *rows = 4;
      break;
    default:
      *columns = 4, *rows = 3;
      break;
    }
}

gboolean
_muster_generate_squares (MusterGenerateRun *run,
                          GError           **error)
{
  const MusterGenerateRoll *roll = _muster_generate_get_roll (run->generator, "terrain");
  const MusterGenerateChoice *grid = _muster_generate_choice (run, "grid");
  int columns, rows, scores[2], winner;
  double sq_w, sq_h;

  if (roll == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("%s: the terrain squares need a roll with id “terrain”"),
                   run->generator->display_name);
      return FALSE;
    }
  grid_for (grid ? (int) CLAMP (grid->value, 0, 100) : 12, &columns, &rows);
  if (run->height > run->width)
    {
      int swap = columns;

      columns = rows;
      rows = swap;
    }
  sq_w = run->width / columns;
  sq_h = run->height / rows;
  _muster_generate_note (run, "%d squares (%d × %d), each %.0f × %.0f mm. Terrain roll: d%d, "
                         "+%d for a square on the table edge (§12.1).", columns * rows, columns,
                         rows, sq_w, sq_h, roll->die, roll->edge_bonus);

  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++)
      {
        gboolean edge = r == 0 || c == 0 || r == rows - 1 || c == columns - 1;
        int die = muster_dice_roll (run->dice, roll->die);
        int score = die + (edge ? roll->edge_bonus : 0);
        const char *terrain = muster_generator_lookup_roll (run->generator, roll->id, score,
                                                            NULL);
        g_autofree char *label = g_strdup_printf ("%c%d", 'A' + c, r + 1);
        g_autofree char *dice = edge ? g_strdup_printf ("%d + %d = %d", die, roll->edge_bonus,
                                                        score)
                                     : g_strdup_printf ("%d", die);

        /* whole sentences for the translators: an edge square or not, a piece or none */
        if (terrain != NULL && edge)
          _muster_generate_note (run, "Square %s (edge): d%d %s → %s.", label, roll->die, dice,
                                 _muster_generate_terrain_name (run, terrain));
        else if (terrain != NULL)
          _muster_generate_note (run, "Square %s: d%d %s → %s.", label, roll->die, dice,
                                 _muster_generate_terrain_name (run, terrain));
        else if (edge)
          _muster_generate_note (run, "Square %s (edge): d%d %s → open.", label, roll->die, dice);
        else
          _muster_generate_note (run, "Square %s: d%d %s → open.", label, roll->die, dice);
        if (terrain != NULL)
          {
            g_autofree char *name = g_strdup_printf ("%s (%s)",
                                                     _muster_generate_terrain_name (run, terrain),
                                                     label);
            MusterFeature *piece = _muster_generate_terrain (run, terrain, name);
            /* between a little over half and nine tenths of the square, anywhere in it */
            double rx = sq_w * (0.28 + 0.17 * muster_dice_double (run->dice));
            double ry = sq_h * (0.28 + 0.17 * muster_dice_double (run->dice));
            MusterPoint centre = {
              (c + 0.5) * sq_w + (sq_w / 2 - rx) * (2 * muster_dice_double (run->dice) - 1),
              (r + 0.5) * sq_h + (sq_h / 2 - ry) * (2 * muster_dice_double (run->dice) - 1),
            };

            _muster_generate_blob (run, piece, centre, rx, ry);
          }
      }

  winner = _muster_generate_roll_off (run, 6, scores);
  _muster_generate_note (run, "Terrain adjustment (§12.1), d6 each, ties rolled again: %s %d, "
                         "%s %d. %s may remove up to %g pieces, or swap the positions of %g.",
                         run->sides[0], scores[0], run->sides[1], scores[1], run->sides[winner],
                         _muster_generate_param (run, "adjust-pieces", 2),
                         _muster_generate_param (run, "adjust-pieces", 2));

  _muster_generate_baseline_zones (run, _muster_generate_param (run, "deployment-depth", 400));
  winner = _muster_generate_roll_off (run, 6, scores);
  _muster_generate_note (run, "Deployment (§12.3), d6 each, ties rolled again: %s %d, %s %d. "
                         "%s places all his units first, or makes the other side place first; "
                         "units go within %.0f cm of their own baseline.", run->sides[0],
                         scores[0], run->sides[1], scores[1], run->sides[winner],
                         _muster_generate_param (run, "deployment-depth", 400) / 10);
  if (abs (scores[0] - scores[1]) >= _muster_generate_param (run, "ambush-margin", 5))
    _muster_generate_note (run, "Ambush: %s writes an order of march and marches on along one "
                           "table diagonal to the other; %s may deploy anywhere within %.0f cm "
                           "of the enemy, at any time he chooses.", run->sides[!winner],
                           run->sides[winner],
                           _muster_generate_param (run, "ambush-distance", 300) / 10);
  return TRUE;
}
