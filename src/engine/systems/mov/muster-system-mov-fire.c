/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include <math.h>

#include "muster-engine-error.h"
#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor fire: direct fire on the fire chart (§6.2, §6.5), casualties in an indirect
 * fire kill zone (§6.7, §6.72), and the fire chart shared with fire against AFVs
 * (muster-system-mov-afv.c).
 */

const char * const _muster_mov_weapons[] = {
  "bolt-rifle", "magazine-rifle", "pistol", "machine-pistol", "smg", "lmg", "mortar", "mmg",
  "hmg", "light-artillery", "heavy-artillery", "main-gun", "at-gun", NULL
};
/* in context: the roster shows the ruleset's weapons by the same names, untranslated */
const char * const _muster_mov_weapon_labels[] = {
  NC_("procedure", "Bolt action rifle"), NC_("procedure", "Magazine rifle"),
  NC_("procedure", "Pistol"), NC_("procedure", "Machine pistol"),
  NC_("procedure", "Submachine gun"), NC_("procedure", "LMG, BAR"), NC_("procedure", "Mortar"),
  NC_("procedure", "MMG, LMG mounted on a vehicle"), NC_("procedure", "HMG"),
  NC_("procedure", "Artillery 105 mm and less"), NC_("procedure", "Artillery over 105 mm, bombs"),
  NC_("procedure", "Tank main gun"), NC_("procedure", "AT gun, squad AT system"), NULL
};

G_STATIC_ASSERT (G_N_ELEMENTS (_muster_mov_weapon_labels) == MUSTER_MOV_WEAPON_AT_GUN + 2);

const char * const _muster_mov_covers[] = { "open", "partial", "extensive", "heavy", NULL };
const char * const _muster_mov_cover_labels[] = {
  N_("Open: no cover"), N_("Partial: behind trees, wood fences"),
  N_("Extensive: ditch, foxhole, rock wall"),
  N_("Heavy: building, field fortification, halftrack"),
  NULL
};
const char * const _muster_mov_postures[] = { "stationary", "moving", "prone", NULL };
const char * const _muster_mov_posture_labels[] = {
  N_("Stationary"), N_("Moving"), N_("Prone (or crawling)"), NULL
};
static const char * const wound_roll_modes[] = { "one", "per-hit", NULL };
static const char * const wound_roll_mode_labels[] = {
  N_("One wound roll per attack"), N_("One wound roll per hit"), NULL
};
const char * const _muster_mov_column_e_modes[] = { "zeros", "literal-pairs", NULL };
const char * const _muster_mov_column_e_mode_labels[] = {
  N_("Hits are hitting dice (0s)"), N_("Each pair of 0s is one hit"), NULL
};
static const char * const fire_results[] = { N_("Miss"), N_("Wound"), N_("Killed"), NULL };

#define COVER_INPUT(def) \
  MUSTER_CHOICE_INPUT ("cover", N_("Terrain"), \
                       N_("The target's cover, the row of the TAR chart."), \
                       _muster_mov_covers, _muster_mov_cover_labels, (def))
#define WOUND_ROLLS_INPUT \
  MUSTER_CHOICE_INPUT ("wound-rolls", N_("Wound rolls"), \
                       N_("By default a hit is one wound roll however many dice hit; the option " \
                          "rolls once per hitting die (heavy weapons: per full two or three " \
                          "hits)."), \
                       wound_roll_modes, wound_roll_mode_labels, 0)

/* Direct fire, shared ------------------------------------------------------------------------ */

gboolean
_muster_mov_fire_setup (const MusterRuleset  *ruleset,
                        const char           *weapon,
                        int                   range,
                        const char           *cover,
                        const char           *posture,
                        int                   fir_penalty,
                        gboolean              per_hit,
                        gboolean              literal_pairs,
                        MusterMovFire        *fire,
                        char                 *column_out,
                        GError              **error)
{
  const MusterTable *weapons, *tar_table;
  const MusterCell *close_range, *tar;
  g_autofree char *row = NULL;
  const char *column_word;
  int fir, heavy;

  if (!(weapons = muster_ruleset_require_table (ruleset, "weapons", error))
      || !(tar_table = muster_ruleset_require_table (ruleset, "tar", error))
      || !muster_table_read_int (ruleset, "weapons", weapon, "fir", &fir, error)
      || !muster_table_read_int (ruleset, "weapons", weapon, "heavy", &heavy, error))
    return FALSE;
  close_range = muster_table_lookup (weapons, weapon, "close-range", NULL);
  /* The submachine gun: FIR 4 under 40 yards, 3 over; exactly 40 counts as under (our
   * reading, the book leaves the boundary open). */
  if (close_range != NULL && close_range->is_number && range <= close_range->number
      && !muster_table_read_int (ruleset, "weapons", weapon, "fir-close", &fir, error))
    return FALSE;
  fire->n_dice = MAX (fir - fir_penalty, 1);
  fire->heavy = heavy != 0;
  fire->per_hit = per_hit;

  tar = muster_table_lookup (tar_table, cover, posture, NULL);
  if (tar == NULL || tar->text == NULL || strlen (tar->text) != 1
      || tar->text[0] < 'a' || tar->text[0] > 'e')
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("the %s table “tar” has no column letter for %s, %s"), MUSTER_MOV_SYSTEM,
                   cover, posture);
      return FALSE;
    }
  column_word = tar->text;
  row = g_strdup_printf ("fir-%d", fire->n_dice);
  if (!muster_table_read_int (ruleset, "fire-chart", row, column_word, &fire->hit_faces,
                              error)
      || !muster_table_read_int (ruleset, "hit-threshold", heavy ? "heavy" : "ordinary",
                                 column_word, &fire->threshold, error)
      || !_muster_mov_table_words (ruleset, "wound-roll", "hit", "f", 0, 9, _muster_mov_wound_words,
                                   fire->killed_faces, error))
    return FALSE;
  /* LITERAL-PAIRS: on E a hit is a pair of 0s, so the ordinary "two 0s" is one pair and a
   * heavy weapon's three hits are three pairs. */
  fire->pairs = literal_pairs && column_word[0] == 'e';
  if (fire->pairs && !fire->heavy)
    fire->threshold = (fire->threshold + 1) / 2;
  if (column_out != NULL)
    *column_out = column_word[0];
  return TRUE;
}

/* The hits in @faces (the first n_dice faces): hitting dice, or pairs of 0s. */
int
_muster_mov_fire_count (const MusterMovFire *fire,
                        const int           *faces)
{
  int hits = 0;

  for (int i = 0; i < fire->n_dice; i++)
    hits += faces[i] < fire->hit_faces;
  return fire->pairs ? hits / 2 : hits;
}

/* How many wound rolls @hits make. */
int
_muster_mov_fire_rolls (const MusterMovFire *fire,
                        int                  hits)
{
  if (hits < fire->threshold)
    return 0;
  if (!fire->per_hit)
    return 1;
  return fire->heavy ? hits / fire->threshold : hits;
}

static int
halve (int      value,
       gpointer user_data)
{
  return value / 2;
}

MusterDist *
_muster_mov_fire_hits (const MusterMovFire *fire)
{
  g_autoptr(MusterDist) dice = muster_dist_new_binomial (fire->n_dice, fire->hit_faces / 10.0);

  return fire->pairs ? muster_dist_map (dice, halve, NULL) : muster_dist_ref (dice);
}

/* The chance that one wound roll does not kill. */
double
_muster_mov_fire_survive (const MusterMovFire *fire)
{
  int survive = 0;

  for (int f = 0; f < 10; f++)
    survive += !fire->killed_faces[f];
  return survive / 10.0;
}

/* The wound rolls of one attack, from @faces; returns the number of kills. */
static int
fire_kills (const MusterMovFire *fire,
            int                  rolls,
            const int           *faces)
{
  int kills = 0;

  for (int i = 0; i < rolls; i++)
    kills += fire->killed_faces[faces[i]];
  return kills;
}

static void
fire_add_dice (MusterMovPlan *plan)
{
  /* The fire dice, then the most wound rolls the attack can make. */
  muster_face_layout_add (&plan->layout, plan->fire.n_dice, 0, 9);
  muster_face_layout_add (&plan->layout, plan->fire.per_hit ? plan->fire.n_dice : 1, 0, 9);
}

/* Individual fire (§6.5) --------------------------------------------------------------------- */

enum { FIRE_WEAPON, FIRE_RANGE, FIRE_COVER, FIRE_POSTURE, FIRE_MODERATE, FIRE_MOVING,
       FIRE_WOUND_ROLLS, FIRE_COLUMN_E, FIRE_INJURY, FIRE_MODEL, FIRE_ANIMAL, FIRE_SUPPRESSION };
enum { FIRE_OUT_HITS, FIRE_OUT_RESULT, FIRE_OUT_INJURY, FIRE_OUT_SUPPRESSED };

static const MusterInputSpec fire_inputs[] = {
  MUSTER_MOV_WEAPON_INPUT (MUSTER_MOV_WEAPON_BOLT_RIFLE),
  MUSTER_INT_INPUT ("range", N_("Range (yds)"),
                    N_("Matters only for the submachine gun: FIR 4 up to 40 yards, 3 "
                       "beyond."), 0, 400, 100),
  COVER_INPUT (0),
  MUSTER_MOV_POSTURE_INPUT,
  MUSTER_BOOL_INPUT ("moderate-wound", N_("Firer has a Moderate wound"),
                     N_("The book impairs his fire without a number; FIR −1 (at least 1) is "
                        "ours."), 0),
  MUSTER_MOV_MOVING_FIRE_INPUT,
  WOUND_ROLLS_INPUT,
  MUSTER_MOV_COLUMN_E_INPUT,
  MUSTER_CHOICE_INPUT ("target-injury", N_("Target's injury level"),
                       N_("His wounds before this fire."),
                       _muster_mov_injuries, _muster_mov_injury_labels, 0),
  MUSTER_CHOICE_INPUT ("wounds", N_("Wound rules"),
                       N_("Basic: a second wound of any kind kills. The cumulative option adds one "
                          "level per wound; Severe exists only in campaigns."),
                       _muster_mov_wound_models, _muster_mov_wound_model_labels, 0),
  MUSTER_BOOL_INPUT ("animal", N_("Target is an animal"),
                     N_("Animals are never wounded, always killed."), 0),
  MUSTER_INT_INPUT ("suppression-fir", N_("Suppressing fire rating"),
                    N_("The book suppresses a soldier while fire of “a BIR rating of ___ or "
                       "higher” is aimed at him and leaves the number blank; 4 is ours. 0 switches "
                       "the rule off."), 0, 7, 4),
};

static const MusterOutputSpec fire_outputs[] = {
  { .id = "hits", .label = N_("Hits") },
  { .id = "result", .label = N_("Worst wound roll"), .value_labels = fire_results },
  { .id = "injury", .label = N_("Target's injury afterwards"),
    .value_labels = _muster_mov_injury_after_labels },
  { .id = "suppressed", .label = N_("Target suppressed this turn"),
    .value_labels = _muster_mov_no_yes },
};

static void fire_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
fire_prepare (const MusterRuleset  *ruleset,
              const int            *values,
              MusterMovPlan        *plan,
              GError              **error)
{
  int penalty = values[FIRE_MODERATE] + values[FIRE_MOVING];

  if (!_muster_mov_check_injury (values[FIRE_INJURY], values[FIRE_MODEL], error)
      || !_muster_mov_fire_setup (ruleset, _muster_mov_weapons[values[FIRE_WEAPON]],
                                  values[FIRE_RANGE], _muster_mov_covers[values[FIRE_COVER]],
                                  _muster_mov_postures[values[FIRE_POSTURE]], penalty,
                                  values[FIRE_WOUND_ROLLS] == 1, values[FIRE_COLUMN_E] == 1,
                                  &plan->fire, NULL, error))
    return FALSE;
  plan->injury = values[FIRE_INJURY];
  plan->model = values[FIRE_MODEL];
  plan->animal = values[FIRE_ANIMAL];
  /* Suppressed by the volume of fire alone: a single weapon of that FIR, as rolled. */
  plan->mode = values[FIRE_SUPPRESSION] > 0 && plan->fire.n_dice >= values[FIRE_SUPPRESSION];
  fire_add_dice (plan);
  plan->resolve = fire_resolve;
  return TRUE;
}

static MusterMovInjury
fire_injury_after (const MusterMovPlan *plan,
                   int                  rolls,
                   gboolean             killed)
{
  MusterMovInjury injury = plan->injury;

  if (killed)
    return _muster_mov_apply_wounds (injury, -1, plan->model, plan->animal);
  /* Each wound roll that does not kill is one wound. */
  for (int i = 0; i < rolls; i++)
    injury = _muster_mov_apply_wounds (injury, 1, plan->model, plan->animal);
  return injury;
}

/* §2.4: a soldier is suppressed in the turn he is wounded, and while heavy enough fire is
 * aimed at him; the dead are not counted. */
static gboolean
fire_suppressed (const MusterMovPlan *plan,
                 int                  rolls,
                 MusterMovInjury      after)
{
  return after != MUSTER_MOV_INJURY_DEAD && (rolls > 0 || plan->mode);
}

static void
fire_resolve (const MusterMovPlan *plan,
              const int           *faces,
              int                  *outcome)
{
  int hits = _muster_mov_fire_count (&plan->fire, faces);
  int rolls = _muster_mov_fire_rolls (&plan->fire, hits);
  int kills = fire_kills (&plan->fire, rolls, faces + plan->fire.n_dice);

  outcome[FIRE_OUT_HITS] = hits;
  outcome[FIRE_OUT_RESULT] = kills > 0 ? 2 : rolls > 0 ? 1 : 0;
  outcome[FIRE_OUT_INJURY] = fire_injury_after (plan, rolls, kills > 0);
  outcome[FIRE_OUT_SUPPRESSED] = fire_suppressed (plan, rolls, outcome[FIRE_OUT_INJURY]);
}

typedef struct
{
  const MusterMovPlan *plan;
  int                  output;
} FireMix;

static MusterDist *
fire_given_hits (int      hits,
                 gpointer user_data)
{
  const FireMix *mix = user_data;
  int rolls = _muster_mov_fire_rolls (&mix->plan->fire, hits);
  double survive = pow (_muster_mov_fire_survive (&mix->plan->fire), rolls);
  double weights[MUSTER_MOV_INJURY_DEAD + 1] = { 0 };

  MusterMovInjury survived = fire_injury_after (mix->plan, rolls, FALSE);

  switch (mix->output)
    {
    case FIRE_OUT_RESULT:
      if (rolls == 0)
        return muster_dist_new_constant (0);
      weights[1] = survive;
      weights[2] = 1 - survive;
      return muster_dist_new_from_weights (0, weights, 3);
    case FIRE_OUT_SUPPRESSED:
      /* Killed by a wound roll: not suppressed. */
      weights[fire_suppressed (mix->plan, rolls, survived)] += survive;
      weights[0] += 1 - survive;
      return muster_dist_new_from_weights (0, weights, 2);
    case FIRE_OUT_INJURY:
    default:
      weights[survived] += survive;
      weights[MUSTER_MOV_INJURY_DEAD] += 1 - survive;
      return muster_dist_new_from_weights (0, weights, G_N_ELEMENTS (weights));
    }
}

static void
fire_exact (const MusterMovPlan  *plan,
            MusterDist          **outputs)
{
  FireMix result = { plan, FIRE_OUT_RESULT }, injury = { plan, FIRE_OUT_INJURY };
  FireMix suppressed = { plan, FIRE_OUT_SUPPRESSED };

  outputs[FIRE_OUT_HITS] = _muster_mov_fire_hits (&plan->fire);
  outputs[FIRE_OUT_RESULT] = muster_dist_mixture (outputs[FIRE_OUT_HITS], fire_given_hits,
                                                  &result);
  outputs[FIRE_OUT_INJURY] = muster_dist_mixture (outputs[FIRE_OUT_HITS], fire_given_hits,
                                                  &injury);
  outputs[FIRE_OUT_SUPPRESSED] = muster_dist_mixture (outputs[FIRE_OUT_HITS], fire_given_hits,
                                                      &suppressed);
}

const MusterMovProcedure _muster_mov_fire = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "fire",
    .name = N_("Individual fire"),
    .summary = N_("FIR d10 against the target's TAR column; a hit makes a wound roll (0 kills)."),
    MUSTER_PROCEDURE_INPUT_SPECS (fire_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (fire_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = fire_prepare,
  .exact = fire_exact,
};

/* Kill zone casualties (§6.7, §6.72) --------------------------------------------------------- */

enum { KZ_METHOD, KZ_ORDNANCE, KZ_COVER, KZ_POSTURE, KZ_WOUND_ROLLS, KZ_COLUMN_E };
enum { KZ_OUT_RESULT };

static const char * const kz_methods[] = { "fire-chart", "blast-table", NULL };
static const char * const kz_method_labels[] = {
  N_("Kill chart (fire chart per casting)"), N_("Blast casualties table (optional)"), NULL
};
static const char * const ordnance[] = { "mortar", "light-artillery", "heavy-artillery", NULL };
static const char * const ordnance_labels[] = {
  N_("Mortar (FIR 4)"),
  N_("Artillery 105 mm and less (FIR 6)"), N_("Artillery over 105 mm, bombs (FIR 7)"),
  NULL
};
static const char * const blast_words[] = { "none", "slight", "moderate", "killed", NULL };
static const char * const blast_labels[] = {
  N_("None"), N_("Slight"), N_("Moderate"), N_("Killed"), NULL
};

static const MusterInputSpec kz_inputs[] = {
  MUSTER_CHOICE_INPUT ("method", N_("Casualty method"),
                       N_("The book offers the blast table as optional to the kill chart; the fire "
                          "chart is the default."), kz_methods, kz_method_labels, 0),
  MUSTER_CHOICE_INPUT ("ordnance", N_("Ordnance"),
                       N_("Its FIR on the fire chart; every kind is heavy."),
                       ordnance, ordnance_labels, 0),
  COVER_INPUT (0),
  MUSTER_MOV_POSTURE_INPUT,
  WOUND_ROLLS_INPUT,
  MUSTER_MOV_COLUMN_E_INPUT,
};

static const MusterOutputSpec kz_outputs[] = {
  { .id = "result", .label = N_("Casualty"), .value_labels = blast_labels },
};

static void kz_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
kz_prepare (const MusterRuleset  *ruleset,
            const int            *values,
            MusterMovPlan        *plan,
            GError              **error)
{
  plan->mode = values[KZ_METHOD];
  plan->resolve = kz_resolve;
  if (plan->mode == 1)
    {
      /* §6.72: +1 in cover, a building or woods; any cover class counts. */
      plan->modifier = values[KZ_COVER] != 0;
      muster_face_layout_add (&plan->layout, 1, 0, 9);
      return _muster_mov_table_words (ruleset, "blast", "casting", "m", 1, 11, blast_words,
                                      plan->table[0], error);
    }
  if (!_muster_mov_fire_setup (ruleset, ordnance[values[KZ_ORDNANCE]], 0,
                               _muster_mov_covers[values[KZ_COVER]],
                               _muster_mov_postures[values[KZ_POSTURE]], 0,
                               values[KZ_WOUND_ROLLS] == 1, values[KZ_COLUMN_E] == 1,
                               &plan->fire, NULL, error))
    return FALSE;
  fire_add_dice (plan);
  return TRUE;
}

static void
kz_resolve (const MusterMovPlan *plan,
            const int           *faces,
            int                 *outcome)
{
  int rolls;

  if (plan->mode == 1)
    {
      /* A modified roll, 0 counting as 10: 0 + 1 is 11. */
      int roll = (faces[0] == 0 ? 10 : faces[0]) + plan->modifier;

      outcome[KZ_OUT_RESULT] = plan->table[0][roll - 1];
      return;
    }
  /* On the kill chart a wound counts as Slight. */
  rolls = _muster_mov_fire_rolls (&plan->fire, _muster_mov_fire_count (&plan->fire, faces));
  outcome[KZ_OUT_RESULT] = fire_kills (&plan->fire, rolls, faces + plan->fire.n_dice) > 0 ? 3
                           : rolls > 0 ? 1 : 0;
}

static MusterDist *
kz_given_hits (int      hits,
               gpointer user_data)
{
  const MusterMovFire *fire = user_data;
  int rolls = _muster_mov_fire_rolls (fire, hits);
  double survive = pow (_muster_mov_fire_survive (fire), rolls);
  double weights[4] = { 0, survive, 0, 1 - survive };

  return rolls == 0 ? muster_dist_new_constant (0) : muster_dist_new_from_weights (0, weights, 4);
}

static void
kz_exact (const MusterMovPlan  *plan,
          MusterDist          **outputs)
{
  g_autoptr(MusterDist) hits = NULL;
  double weights[4] = { 0 };

  if (plan->mode == 1)
    {
      for (int roll = 1; roll <= 10; roll++)
        weights[plan->table[0][roll + plan->modifier - 1]] += 0.1;
      outputs[KZ_OUT_RESULT] = muster_dist_new_from_weights (0, weights, 4);
      return;
    }
  hits = _muster_mov_fire_hits (&plan->fire);
  outputs[KZ_OUT_RESULT] = muster_dist_mixture (hits, kz_given_hits, (gpointer) &plan->fire);
}

const MusterMovProcedure _muster_mov_kill_zone = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "kill-zone",
    .name = N_("Indirect fire kill zone"),
    .summary = N_("One casting wholly or partly inside the 3-inch kill zone of a bomb, mortar or "
                  "artillery round. The blast table also serves for a hand grenade against "
                  "soldiers (ours: the book gives none)."),
    MUSTER_PROCEDURE_INPUT_SPECS (kz_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (kz_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = kz_prepare,
  .exact = kz_exact,
};
