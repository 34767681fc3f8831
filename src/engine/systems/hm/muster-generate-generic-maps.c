/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-engine-error.h"
#include "muster-generate-private.h"
#include "muster-system-hm-private.h"

/* The horse-and-musket rules (§2.10): all or part of one of five generic maps, settlements
 * placed at random, then the players take turns placing objectives until eight are on the
 * table. The maps, the number and size of settlements and where objectives go are Muster's
 * (the review gives none of them), all in the ruleset's data. */

typedef struct
{
  double x0, x1;   /* the part of the map used, fractions of its width */
} Portion;

static MusterPoint
map_point (MusterGenerateRun *run,
           const Portion     *portion,
           double             x,
           double             y)
{
  return (MusterPoint) { (x - portion->x0) / (portion->x1 - portion->x0) * run->width,
                         y * run->height };
}

static void
lay_piece (MusterGenerateRun         *run,
           const Portion             *portion,
           const MusterGeneratePiece *piece)
{
  MusterBox table = { 0, 0, run->width, run->height };
  double stretch = run->width / (portion->x1 - portion->x0);
  g_autoptr(MusterFeature) feature = muster_feature_new (MUSTER_FEATURE_TERRAIN);

  feature->type = g_strdup (piece->terrain);
  feature->name = g_strdup (piece->name ? muster_ruleset_text (piece->name)
                                        : _muster_generate_terrain_name (run, piece->terrain));
  feature->outline = piece->outline;
  if (piece->points != NULL)
    {
      g_autoptr(GArray) points = g_array_sized_new (FALSE, FALSE, sizeof (MusterPoint),
                                                    piece->points->len);

      for (guint i = 0; i < piece->points->len; i++)
        {
          MusterPoint p = g_array_index (piece->points, MusterPoint, i);
          MusterPoint q = map_point (run, portion, p.x, p.y);

          g_array_append_val (points, q);
        }
      muster_feature_set_points (feature, (MusterPoint *) points->data, points->len);
    }
  feature->centre = map_point (run, portion, piece->x, piece->y);
  feature->width = piece->width * stretch;
  feature->height = piece->height * run->height;
  feature->rotation = piece->rotation * G_PI / 180;
  feature->line_width = piece->line_width * run->width;
  /* a piece outside the part of the map in use is not laid */
  if (!muster_box_intersects (muster_feature_get_bounds (feature), table))
    return;
  g_ptr_array_add (run->out->features, g_steal_pointer (&feature));
}

/* Whether @box is clear of every piece other than roads and rivers (which settlements and
 * objectives may sit on), by @margin. */
static gboolean
box_is_clear (MusterGenerateRun *run,
              MusterBox          box,
              double             margin)
{
  box = muster_box_inflate (box, margin);
  for (guint i = 0; i < run->out->features->len; i++)
    {
      const MusterFeature *f = run->out->features->pdata[i];

      if (f->kind == MUSTER_FEATURE_TERRAIN && f->outline != MUSTER_OUTLINE_POLYLINE &&
          muster_box_intersects (box, muster_feature_get_bounds (f)))
        return FALSE;
    }
  return TRUE;
}

static void
place_settlements (MusterGenerateRun *run)
{
  int die = _muster_generate_param_clamped (run, "settlements-die", 3, 1, 20);
  int count = muster_dice_roll (run->dice, MAX (die, 1));
  double w = _muster_generate_param_clamped (run, "settlement-width", 0.09, 0.01, 0.5) * run->width;
  double h = _muster_generate_param_clamped (run, "settlement-depth", 0.07, 0.01, 0.5) * run->height;
  int placed = 0;

  for (int i = 0; i < count; i++)
    /* a handful of tries to find open ground; a crowded map takes fewer settlements */
    for (int attempt = 0; attempt < 60; attempt++)
      {
        MusterPoint at = {
          w + muster_dice_double (run->dice) * (run->width - 2 * w),
          run->height * (0.15 + 0.7 * muster_dice_double (run->dice)),
        };
        MusterBox box = { at.x - w / 2, at.y - h / 2, at.x + w / 2, at.y + h / 2 };

        if (box_is_clear (run, box, MIN (w, h) / 4))
          {
            g_autofree char *name = g_strdup_printf (_("Settlement %d"), ++placed);
            MusterFeature *town = _muster_generate_terrain (run, "town", name);

            if (muster_terrain_types_lookup (run->generator->types, "town") == NULL)
              {
                g_free (town->type);
                town->type = g_strdup ("open");
              }
            town->outline = MUSTER_OUTLINE_RECTANGLE;
            town->centre = at;
            town->width = w;
            town->height = h;
            town->rotation = (muster_dice_double (run->dice) - 0.5) * G_PI / 6;
            break;
          }
      }
  _muster_generate_note (run, "Settlements, placed at random: d%d = %d; %d found room.", die,
                         count, placed);
}

static gboolean
spaced (MusterGenerateRun *run,
        MusterPoint        p,
        double             spacing)
{
  for (guint i = 0; i < run->out->features->len; i++)
    {
      const MusterFeature *f = run->out->features->pdata[i];

      if (f->kind == MUSTER_FEATURE_OBJECTIVE &&
          hypot (f->centre.x - p.x, f->centre.y - p.y) < spacing)
        return FALSE;
    }
  return TRUE;
}

/* Settlements and hills first, as players would pick them, then open ground in the middle of
 * the table; turns alternate, the winner of a d6 roll-off first. */
static void
place_objectives (MusterGenerateRun *run)
{
  int count = _muster_generate_param_clamped (run, "objectives", 8, 0, 50);
  double spacing = _muster_generate_param_clamped (run, "objective-spacing", 0.1, 0, 1) * run->width;
  g_autoptr(GPtrArray) sites = g_ptr_array_new ();
  int scores[2], first = _muster_generate_roll_off (run, 6, scores);

  for (guint i = 0; i < run->out->features->len; i++)
    {
      MusterFeature *f = run->out->features->pdata[i];
      const MusterTerrainType *type = muster_terrain_types_lookup (run->generator->types,
                                                                   f->type);

      if (f->kind == MUSTER_FEATURE_TERRAIN && type != NULL &&
          (type->kind == MUSTER_TERRAIN_BUILDING || type->kind == MUSTER_TERRAIN_HILL) &&
          muster_box_contains_point ((MusterBox) { 0, 0, run->width, run->height },
                                     muster_box_centre (muster_feature_get_bounds (f))))
        g_ptr_array_add (sites, f);
    }
  _muster_generate_note (run, "Objectives (§2.10), placed in turn: %s %d, %s %d on d6; %s "
                         "places first.", run->sides[0], scores[0], run->sides[1], scores[1],
                         run->sides[first]);
  for (int n = 0; n < count; n++)
    {
      int side = (first + n) % 2;
      const MusterFeature *site = NULL;
      MusterPoint at = { run->width / 2, run->height / 2 };
      g_autofree char *name = NULL;

      while (sites->len > 0 && site == NULL)
        {
          guint pick = muster_dice_roll (run->dice, sites->len) - 1;
          const MusterFeature *f = g_ptr_array_steal_index (sites, pick);

          at = muster_box_centre (muster_feature_get_bounds (f));
          if (spaced (run, at, spacing))
            site = f;
        }
      for (int attempt = 0; site == NULL && attempt < 100; attempt++)
        {
          at = (MusterPoint) { run->width * (0.05 + 0.9 * muster_dice_double (run->dice)),
                               run->height * (0.25 + 0.5 * muster_dice_double (run->dice)) };
          if (spaced (run, at, attempt < 80 ? spacing : spacing / 2))
            break;
        }
      name = site ? g_strdup (site->name) : g_strdup_printf (_("Open ground %d"), n + 1);
      _muster_generate_objective (run, name, at, 0);
      _muster_generate_note (run, "Objective %d: %s, placed by %s.", n + 1, name,
                             run->sides[side]);
    }
}

gboolean
_muster_generate_generic_maps (MusterGenerateRun *run,
                               GError           **error)
{
  static const struct { const char *id; Portion portion; } portions[] = {
    { "left", { 0, 0.5 } }, { "centre", { 0.25, 0.75 } }, { "right", { 0.5, 1 } },
  };
  const MusterGenerateChoice *choice = _muster_generate_choice (run, "map");
  const MusterGenerateMap *map = NULL;
  Portion portion = { 0, 1 };
  GPtrArray *maps = run->generator->maps;

  if (maps->len == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("%s: the generic maps method needs at least one <map>"),
                   run->generator->display_name);
      return FALSE;
    }
  for (guint i = 0; choice && i < maps->len; i++)
    if (g_str_equal (((MusterGenerateMap *) maps->pdata[i])->id, choice->id))
      map = maps->pdata[i];
  if (map == NULL)
    {
      int roll = muster_dice_roll (run->dice, maps->len);

      map = maps->pdata[roll - 1];
      _muster_generate_note (run, "Map roll: d%u = %d, %s.", maps->len, roll,
                             muster_ruleset_text (map->name));
    }
  else
    _muster_generate_note (run, "Map: %s.", muster_ruleset_text (map->name));
  for (guint i = 0; i < G_N_ELEMENTS (portions); i++)
    if (_muster_generate_chose (run, "portion", portions[i].id))
      {
        portion = portions[i].portion;
        /* whole sentences: "left" and "links" do not stand in the same place */
        if (i == 0)
          _muster_generate_note (run, "Only the left half of the map, stretched to the table.");
        else if (i == 1)
          _muster_generate_note (run, "Only the centre half of the map, stretched to the "
                                 "table.");
        else
          _muster_generate_note (run, "Only the right half of the map, stretched to the "
                                 "table.");
      }

  for (guint i = 0; i < map->pieces->len; i++)
    lay_piece (run, &portion, map->pieces->pdata[i]);
  place_settlements (run);
  _muster_generate_baseline_zones (run, _muster_generate_param_clamped (run, "deployment-depth",
                                                                      0.2, 0, 0.5) * run->height);
  _muster_generate_note (run, "Deployment zones: %.0f%% of the table's depth from each long "
                         "edge (Muster's default; the review gives none).",
                         _muster_generate_param (run, "deployment-depth", 0.2) * 100);
  place_objectives (run);
  run->out->victory = g_strdup (_("Each side loses points for its own casualties, gains "
                                  "points for casualties inflicted, and gains a bonus for each "
                                  "objective it controls at the end (§2.10; the values are not "
                                  "given)."));
  return TRUE;
}
