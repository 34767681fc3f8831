/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-engine-error.h"
#include "muster-generate-private.h"
#include "muster-system-sov-private.h"

/* Standards of Valor (§5 Random terrain, §6 Scenarios): the scenario's fixed features and
 * objectives first; then random terrain by rarity, each piece thrown from the table centre on
 * a D12 clock face, 1 D6 inch per foot of the long side; then deployment by the scenario.
 * Blue is the first side (the top edge), Red the second. */

#define INCH MUSTER_MM_PER_INCH
#define FOOT (12 * MUSTER_MM_PER_INCH)

/* in the notes, in the user's language as they are */
static const char * const rarity_names[] = { N_("Common"), N_("Uncommon"), N_("Rare"),
                                             N_("Unique") };

typedef struct
{
  MusterPoint road[4];
  guint       n_road;
  gboolean    fort;
  MusterBox   fort_box;
} Fixtures;

static const char *
pick_terrain (MusterGenerateRun            *run,
              const MusterGenerateSetting  *setting,
              MusterRarity                  rarity,
              int                          *roll,
              int                          *of)
{
  GStrv list = setting->terrain[rarity];

  if (list == NULL || list[0] == NULL)
    list = setting->terrain[MUSTER_RARITY_COMMON];
  if (list == NULL || list[0] == NULL)
    return NULL;
  *of = g_strv_length (list);
  *roll = muster_dice_roll (run->dice, *of);
  return list[*roll - 1];
}

/* One piece of @rarity: its type, then where it lands. */
static void
throw_piece (MusterGenerateRun           *run,
             const MusterGenerateSetting *setting,
             MusterRarity                 rarity,
             guint                        number,
             int                          n_dice,
             const Fixtures              *fixtures)
{
  double size = _muster_generate_param_clamped (run, "piece-size", 6 * INCH, 10, 2000);
  int direction_die = _muster_generate_param_clamped (run, "direction-die", 12, 2, 100);
  int roll = 0, of = 0, clock, inches = 0;
  g_autoptr(GString) dice = g_string_new (NULL);
  const char *terrain = pick_terrain (run, setting, rarity, &roll, &of);
  MusterFeature *piece;
  MusterPoint at;
  double angle, r;

  if (terrain == NULL)
    return;
  clock = muster_dice_roll (run->dice, direction_die);
  for (int i = 0; i < n_dice; i++)
    {
      int d = muster_dice_roll (run->dice, 6);

      inches += d;
      g_string_append_printf (dice, "%s%d", i ? " " : "", d);
    }
  /* 12 o'clock is north, the top edge; each hour 30° clockwise */
  angle = clock * 2 * G_PI / direction_die;
  at = (MusterPoint) { run->width / 2 + inches * INCH * sin (angle),
                       run->height / 2 - inches * INCH * cos (angle) };
  if (!muster_box_contains_point ((MusterBox) { 0, 0, run->width, run->height }, at))
    {
      _muster_generate_note (run, "Piece %u (%s): d%d %d, %s; %d o'clock, %dD6 (%s) = %d in: "
                             "off the table, lost (it still counts).", number,
                             _(rarity_names[rarity]), of, roll,
                             _muster_generate_terrain_name (run, terrain), clock, n_dice,
                             dice->str, inches);
      return;
    }
  piece = _muster_generate_terrain (run, terrain, NULL);
  r = size / 2 * (0.85 + 0.3 * muster_dice_double (run->dice));
  _muster_generate_blob (run, piece, at, r, r * (0.7 + 0.3 * muster_dice_double (run->dice)));
  if (fixtures->fort &&
      muster_box_distance (fixtures->fort_box, muster_feature_get_bounds (piece))
      < _muster_generate_param (run, "fort-clearance", 6 * INCH))
    {
      g_ptr_array_remove (run->out->features, piece);
      _muster_generate_note (run, "Piece %u (%s): %s at %d o'clock, %d in: too close to the "
                             "fort, left off (little terrain within 6 in of it).", number,
                             _(rarity_names[rarity]), _muster_generate_terrain_name (run, terrain),
                             clock, inches);
      return;
    }
  _muster_generate_note (run, "Piece %u (%s): d%d %d, %s; %d o'clock, %dD6 (%s) = %d in.",
                         number, _(rarity_names[rarity]), of, roll,
                         _muster_generate_terrain_name (run, terrain), clock, n_dice, dice->str,
                         inches);
}

static const MusterGenerateSetting *
find_setting (MusterGenerateRun *run)
{
  const MusterGenerateChoice *choice = _muster_generate_choice (run, "setting");
  GPtrArray *settings = run->generator->settings;

  for (guint i = 0; choice && i < settings->len; i++)
    if (g_str_equal (((MusterGenerateSetting *) settings->pdata[i])->id, choice->id))
      return settings->pdata[i];
  return settings->len > 0 ? settings->pdata[0] : NULL;
}

/* The road, the fort and the objectives a scenario starts with (objectives are placed before
 * any terrain, §5). */
static void
lay_fixtures (MusterGenerateRun *run,
              Fixtures          *fixtures)
{
  double w = run->width, h = run->height;
  double fort = 8 * INCH;

  if (_muster_generate_chose (run, "scenario", "reconnaissance") ||
      _muster_generate_chose (run, "scenario", "ambush"))
    {
      /* across the middle, a little crooked: its bends are rolled */
      double wobble = h / 12;

      fixtures->n_road = 4;
      fixtures->road[0] = (MusterPoint) { 0, h / 2 };
      fixtures->road[1] = (MusterPoint) { w / 3, h / 2 + wobble * (2 * muster_dice_double (run->dice) - 1) };
      fixtures->road[2] = (MusterPoint) { 2 * w / 3, h / 2 + wobble * (2 * muster_dice_double (run->dice) - 1) };
      fixtures->road[3] = (MusterPoint) { w, h / 2 };
    }
  else if (_muster_generate_chose (run, "scenario", "hold"))
    {
      MusterPoint centre = { w / 2, h / 4 };

      fixtures->fort = TRUE;
      fixtures->fort_box = (MusterBox) { centre.x - fort / 2, centre.y - fort / 2,
                                         centre.x + fort / 2, centre.y + fort / 2 };
      fixtures->n_road = 2;
      fixtures->road[0] = (MusterPoint) { w * (0.6 + 0.3 * muster_dice_double (run->dice)), 0 };
      fixtures->road[1] = (MusterPoint) { centre.x + fort / 2, centre.y };
    }
  else if (_muster_generate_chose (run, "scenario", "withdrawal"))
    {
      fixtures->n_road = 3;
      fixtures->road[0] = (MusterPoint) { w / 2 + w / 10 * (2 * muster_dice_double (run->dice) - 1), h };
      fixtures->road[1] = (MusterPoint) { w / 2, h / 2 };
      fixtures->road[2] = (MusterPoint) { w / 2 + w / 10 * (2 * muster_dice_double (run->dice) - 1), 0 };
    }
}

/* §6's set-ups speak of Blue (the first side, along the top edge) and Red, as the victory
 * conditions do: the notes say who plays which, for each side not named after its role (a side
 * called "Red" plays Red; naming it again would say so twice once another side takes its zone,
 * muster_generation_rename_side()). */
static void
note_roles (MusterGenerateRun *run)
{
  /* the roles as the notes name them; the sides' own names stay as they are */
  static const char * const roles[2] = { N_("Blue"), N_("Red") };
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; i < 2; i++)
    if (g_strcmp0 (run->sides[i], roles[i]) != 0)
      {
        if (line->len > 0)
          g_string_append (line, "; ");
        /* TRANSLATORS: a side and the book's role it plays, e.g. "Dwarfs plays Blue" */
        g_string_append_printf (line, _("%s plays %s"), run->sides[i], _(roles[i]));
      }
  if (line->len > 0)
    _muster_generate_note (run, "The book's roles (§6): %s.", line->str);
}

static void
place_objectives (MusterGenerateRun *run,
                  const Fixtures    *fixtures)
{
  MusterPoint centre = { run->width / 2, run->height / 2 };

  if (_muster_generate_chose (run, "scenario", "fixed") ||
      _muster_generate_chose (run, "scenario", "encounter"))
    {
      _muster_generate_objective (run, _("Centre of the field"), centre, 1);
      _muster_generate_note (run, "Objective 1 in the centre, as in a neutral game (§5).");
    }
  else if (_muster_generate_chose (run, "scenario", "ambush"))
    {
      MusterSegment leg = { fixtures->road[2], fixtures->road[3] };

      _muster_generate_objective (run, _("Roadblock"), muster_segment_point_at (leg, 0.3), 1);
      note_roles (run);
      _muster_generate_note (run, "Objective 1 is Red's roadblock on the road; the game starts "
                             "when Blue's lead unit reaches it.");
    }
  else if (fixtures->fort)
    {
      _muster_generate_objective (run, _("Hold the fort"), muster_box_centre (fixtures->fort_box),
                                  1);
      note_roles (run);
      _muster_generate_note (run, "Objective 1 is the fort in the middle of Blue's zone.");
    }
  else if (_muster_generate_chose (run, "scenario", "withdrawal"))
    {
      _muster_generate_objective (run, _("Ox-cart at the table centre"), centre, 2);
      _muster_generate_objective (run, _("The wagons' exit"), fixtures->road[2], 1);
      note_roles (run);
      _muster_generate_note (run, "Objective 1 is the ox-cart at the table centre (wagons count "
                             "double); objective 2 where the road leaves by Blue's edge.");
    }
}

static void
place_zones (MusterGenerateRun *run,
             const Fixtures    *fixtures)
{
  double w = run->width, h = run->height;

  if (_muster_generate_chose (run, "scenario", "encounter"))
    {
      /* a zone's name starts with its side's, which it follows to another side (see
       * muster_generation_rename_side()) */
      g_autofree char *blue = g_strdup_printf (_("%s entry (baseline)"), run->sides[0]);
      g_autofree char *red = g_strdup_printf (_("%s entry (baseline)"), run->sides[1]);

      _muster_generate_zone (run, 0, blue, (MusterBox) { 0, 0, w, 2 * INCH });
      _muster_generate_zone (run, 1, red, (MusterBox) { 0, h - 2 * INCH, w, h });
      _muster_generate_note (run, "Encounter Battle (§6): each side puts its lead unit on its "
                             "baseline and moves it on; then units enter alternately.");
    }
  else if (_muster_generate_chose (run, "scenario", "ambush"))
    {
      double half = 3 * INCH, clear = 6 * INCH;
      MusterFeature *zone;
      double y0 = MIN (fixtures->road[1].y, fixtures->road[2].y) - clear;
      double y1 = MAX (fixtures->road[1].y, fixtures->road[2].y) + clear;
      g_autofree char *column = g_strdup_printf (_("%s column on the road"), run->sides[0]);
      g_autofree char *north = g_strdup_printf (_("%s hidden set-up, north of the road"),
                                                run->sides[1]);
      g_autofree char *south = g_strdup_printf (_("%s hidden set-up, south of the road"),
                                                run->sides[1]);

      _muster_generate_zone (run, 0, column,
                             (MusterBox) { 0, h / 2 - half, w / 2, h / 2 + half });
      zone = _muster_generate_zone (run, 1, north,
                                    (MusterBox) { 0, 0, w, MAX (y0, h / 8) });
      zone->layer = g_strdup ("umpire");
      zone = _muster_generate_zone (run, 1, south,
                                    (MusterBox) { 0, MIN (y1, h * 7 / 8), w, h });
      zone->layer = g_strdup ("umpire");
      _muster_generate_note (run, "Ambush! (§6): Blue in column on the road, a combat unit in "
                             "front; Red hidden (on the umpire's layer) with 1D6 dummies = %d.",
                             muster_dice_roll (run->dice, 6));
    }
  else if (fixtures->fort || _muster_generate_chose (run, "scenario", "withdrawal"))
    {
      _muster_generate_zone (run, 0, NULL, (MusterBox) { 0, 0, w, h / 2 });
      _muster_generate_zone (run, 1, NULL, (MusterBox) { 0, h * 2 / 3, w, h });
      _muster_generate_note (run, "Blue anywhere in its half; Red in its third (§6).");
    }
  else
    {
      _muster_generate_zone (run, 0, NULL, (MusterBox) { 0, 0, w, h / 3 });
      _muster_generate_zone (run, 1, NULL, (MusterBox) { 0, h * 2 / 3, w, h });
      _muster_generate_note (run, "Fixed Battle (§6): each side deploys in its nearest third; "
                             "the C-in-C's unit first, in the centre, then the sides take turns, "
                             "the side with more units first.");
      if (_muster_generate_chose (run, "scenario", "reconnaissance"))
        _muster_generate_note (run, "Reconnaissance in Force: dummies, 1D8 each: %s %d, %s %d.",
                               run->sides[0], muster_dice_roll (run->dice, 8), run->sides[1],
                               muster_dice_roll (run->dice, 8));
    }
}

gboolean
_muster_generate_clock_face (MusterGenerateRun *run,
                             GError           **error)
{
  const MusterGenerateSetting *setting = find_setting (run);
  const MusterGenerateChoice *density = _muster_generate_choice (run, "density");
  const MusterGenerateChoice *scenario = _muster_generate_choice (run, "scenario");
  double per_piece = density && density->value > 0 ? density->value : 8;
  double long_side = MAX (run->width, run->height) / FOOT;
  double dice_per_foot = _muster_generate_param_clamped (run, "distance-dice-per-foot", 1, 0, 10);
  /* bounded: a house rule's tiny density must not ask for a million pieces */
  int n_dice = CLAMP (floor (long_side * dice_per_foot + 0.5), 1, 100);
  int pieces = CLAMP (floor (run->width / FOOT * run->height / FOOT / per_piece + 0.5), 1, 500);
  int pattern[3] = {
    _muster_generate_param_clamped (run, "common", 5, 0, 100),
    _muster_generate_param_clamped (run, "uncommon", 3, 0, 100),
    _muster_generate_param_clamped (run, "rare", 1, 0, 100),
  };
  int cycle = MAX (1, pattern[0] + pattern[1] + pattern[2]);
  Fixtures fixtures = { 0 };

  if (setting == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("%s: random terrain needs at least one <setting>"),
                   run->generator->display_name);
      return FALSE;
    }
  /* TRANSLATORS: the scenario and the setting, e.g. "Fixed Battle; Temperate farmland." */
  _muster_generate_note (run, "%s; %s.",
                         muster_ruleset_text (scenario ? scenario->name : "Fixed Battle"),
                         muster_ruleset_text (setting->name));
  lay_fixtures (run, &fixtures);
  place_objectives (run, &fixtures);
  _muster_generate_note (run, "%d pieces (%.0f sq ft, 1 per %g), %d Common : %d Uncommon : %d "
                         "Rare; placed from the centre with a D%g clock face and %dD6 inches.",
                         pieces, run->width / FOOT * run->height / FOOT, per_piece, pattern[0],
                         pattern[1], pattern[2],
                         _muster_generate_param (run, "direction-die", 12), n_dice);
  for (int i = 0; i < pieces; i++)
    {
      int k = i % cycle;
      MusterRarity rarity = k < pattern[0] ? MUSTER_RARITY_COMMON
                          : k < pattern[0] + pattern[1] ? MUSTER_RARITY_UNCOMMON
                          : MUSTER_RARITY_RARE;

      throw_piece (run, setting, rarity, i + 1, n_dice, &fixtures);
    }
  if (_muster_generate_chose (run, "dramatic", "yes"))
    throw_piece (run, setting, MUSTER_RARITY_UNIQUE, pieces + 1, n_dice, &fixtures);

  if (fixtures.fort)
    {
      MusterFeature *fort = _muster_generate_terrain (run, "field-works", _("The fort"));

      fort->outline = MUSTER_OUTLINE_RECTANGLE;
      fort->centre = muster_box_centre (fixtures.fort_box);
      fort->width = fixtures.fort_box.x1 - fixtures.fort_box.x0;
      fort->height = fixtures.fort_box.y1 - fixtures.fort_box.y0;
    }
  if (fixtures.n_road > 0)
    _muster_generate_road (run, "road", _("The road"),
                           _muster_generate_param_clamped (run, "road-width", 2 * INCH, 1, 500),
                           fixtures.road,
                           fixtures.n_road);
  place_zones (run, &fixtures);
  if (scenario != NULL && scenario->description != NULL &&
      !_muster_generate_chose (run, "scenario", "fixed") &&
      !_muster_generate_chose (run, "scenario", "encounter"))
    run->out->victory = g_strdup (muster_ruleset_text (scenario->description));
  else
    run->out->victory = g_strdup (_("Each side's Mission sets its primary and secondary "
                                    "objectives; weighted objective points may decide the "
                                    "victory (§6)."));
  return TRUE;
}
