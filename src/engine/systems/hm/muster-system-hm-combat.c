/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-hm"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-engine-error.h"
#include "muster-system-hm-private.h"

/*
 * The multi-scale horse-and-musket rules: the shared machinery of its procedures, and fire.
 * Fire rolls one accuracy d6 per attack die (accurate on a roll that ties or beats the
 * Accuracy Number, a 1 always failing), one kill d6 per accurate shot, and divides the kill
 * dice's total by the Kill Number, rounding down (§6; the only rounding that fits every worked
 * example, §15.1). Every number comes from the ruleset's tables.
 */

enum { ART_GUN, ART_DAMAGED, ART_ROUND, ART_PERCUSSION, ART_ELSEWHERE, ART_RANGE, ART_TECH,
       ART_QUALITY, ART_FLANK, ART_COVER, ART_MOUNTED, ART_MOB, ART_OTHER };
enum { SA_DICE, SA_HALF, SA_RANGE, SA_TECH, SA_QUALITY, SA_FLANK, SA_COVER, SA_MOUNTED, SA_MOB,
       SA_INITIAL, SA_OTHER };
enum { CF_DICE_1, CF_RANGE_1, CF_WEAPON_1, CF_DICE_2, CF_RANGE_2, CF_WEAPON_2, CF_QUALITY,
       CF_FLANK, CF_COVER, CF_MOUNTED, CF_MOB, CF_OTHER, CF_POOLING };
enum { OUT_ACCURATE, OUT_TOTAL, OUT_HITS };
enum { POOL_PER_FIRER, POOL_PER_TARGET };
enum { ROUND_SHOT, ROUND_CANISTER, ROUND_SHRAPNEL };
enum { RANGE_SHORT, RANGE_MEDIUM, RANGE_LONG, RANGE_EXTREME };

const char * const _muster_hm_quality_ids[] = { "a", "b", "c", "d", "e", NULL };
const char * const _muster_hm_quality_labels[] = {
  N_("A"), N_("B"), N_("C"), N_("D"), N_("E"), NULL
};
const char * const _muster_hm_scale_ids[] = {
  "section", "company", "battalion", "regiment", "brigade", NULL
};
const char * const _muster_hm_scale_labels[] = {
  N_("Section"), N_("Company"), N_("Battalion"), N_("Regiment"), N_("Brigade"), NULL
};
const char * const _muster_hm_tech_ids[] = { "smoothbore", "rifled", "improved", NULL };
const char * const _muster_hm_tech_labels[] = {
  N_("Smoothbore"), N_("Rifled"), N_("Improved"), NULL
};
const char * const _muster_hm_small_arms_range_ids[] = { "close", "medium", "long", NULL };
const char * const _muster_hm_small_arms_range_labels[] = {
  N_("Close"), N_("Medium"), N_("Long"), NULL
};
const char * const _muster_hm_charge_dice_ids[] = { "one", "two", NULL };
const char * const _muster_hm_charge_dice_labels[] = { N_("One die"), N_("Two dice"), NULL };
const char * const _muster_hm_result_labels[] = {
  N_("Pass"), N_("Suppressed"), N_("Shaken"), N_("Routed"), NULL
};

static const char * const gun_ids[] = { "light", "medium", "heavy", "siege", NULL };
static const char * const gun_labels[] = {
  NC_("procedure", "Light"), N_("Medium"), N_("Heavy"), N_("Siege"), NULL
};
static const char * const round_ids[] = { "shot", "canister", "shrapnel", NULL };
static const char * const round_labels[] = {
  N_("Ordinary shot"), N_("Canister"), N_("Shrapnel"), NULL
};
static const char * const gun_range_ids[] = { "short", "medium", "long", "extreme", NULL };
static const char * const gun_range_labels[] = {
  N_("Short"), N_("Medium"), N_("Long"), N_("Extreme"), NULL
};

/* The target's situation, the same for guns and small arms (§6.2). */
#define TARGET_INPUTS \
  MUSTER_BOOL_INPUT ("flank", N_("Flank shot"), \
                     N_("The shot takes the target in the flank: Kill Number −1."), 0), \
  MUSTER_BOOL_INPUT ("light-cover", N_("Target in light cover"), N_("Kill Number +1."), 0), \
  MUSTER_BOOL_INPUT ("mounted", N_("Target is mounted"), N_("Kill Number −1."), 0), \
  MUSTER_BOOL_INPUT ("mob", N_("Target is a mob"), N_("Kill Number −1."), 0)

#define OTHER_KILL_INPUT \
  MUSTER_INT_INPUT ("other-kill", N_("Other Kill Number modifiers"), \
                    N_("The sum of the modifiers the review names without a value: firer " \
                       "moving or mounted, target prone or in skirmish order, other " \
                       "terrain and formations."), -6, 6, 0)

#define QUALITY_INPUT(id, label, help) \
  MUSTER_CHOICE_INPUT (id, label, help, _muster_hm_quality_ids, _muster_hm_quality_labels, 2)

static const MusterInputSpec artillery_inputs[] = {
  MUSTER_CHOICE_INPUT ("gun", N_("Gun class"),
                       N_("Light 2, medium 3, heavy 4, siege 5 attack "
                          "dice."), gun_ids, gun_labels, 0),
  MUSTER_BOOL_INPUT ("heavy-damage", N_("Stand has taken heavy damage"),
                     N_("It loses attack dice; the review gives no number: our default "
                        "is 1, never below 1."), 0),
  MUSTER_CHOICE_INPUT ("round", N_("Round"),
                       N_("Canister only at short range, lowering the Kill Number (our "
                          "default −1); shrapnel gives a bonus attack die and an accuracy "
                          "penalty (our default +1)."), round_ids, round_labels, ROUND_SHOT),
  MUSTER_BOOL_INPUT ("percussion-shells", N_("Percussion-detonated shells"),
                     N_("Shrapnel accuracy penalties do not apply."), 0),
  MUSTER_INT_INPUT ("dice-elsewhere", N_("Attack dice at other targets"),
                    N_("The stand may split its attack dice between targets; these "
                       "dice fire elsewhere."), 0, 5, 0),
  MUSTER_CHOICE_INPUT ("range", N_("Range"),
                       N_("Sets the Accuracy Number: short 2, medium 3; long 4 and "
                          "extreme 5 are our defaults."),
                       gun_range_ids, gun_range_labels, RANGE_MEDIUM),
  MUSTER_CHOICE_INPUT ("weapon", N_("Gun type"),
                       N_("Smoothbore +1 to the Accuracy Number; improved: our default −1."),
                       _muster_hm_tech_ids, _muster_hm_tech_labels, 1),
  QUALITY_INPUT ("fire-quality", N_("Fire Quality"),
                 N_("The firing stand's rating: B −1 and D +1 to the Kill Number are the book's; "
                    "A −2, C 0 and E +2 are our defaults.")),
  TARGET_INPUTS,
  OTHER_KILL_INPUT,
};

static const MusterInputSpec small_arms_inputs[] = {
  MUSTER_INT_INPUT ("attack-dice", N_("Attack Dice"),
                    N_("One for each stand of the BMU whose facing lets it fire at this target, "
                       "less "
                    "any dice put on other targets."), 1, 100, 4),
  MUSTER_BOOL_INPUT ("half-stands", N_("Only half its stands may attack"),
                     N_("After failing a Charge Test last turn (the book), or while Suppressed "
                        "(our "
                     "default); rounded down (our default)."), 0),
  MUSTER_CHOICE_INPUT ("range", N_("Range"),
                       N_("Sets the Accuracy Number: close 2, medium 3; long 4 is our default."),
                       _muster_hm_small_arms_range_ids, _muster_hm_small_arms_range_labels, 1),
  MUSTER_CHOICE_INPUT ("weapon", NC_("procedure", "Weapon"),
                       N_("Smoothbore (e.g. Brown Bess) +1 to the Accuracy Number; rifled 0; "
                          "improved "
                       "rifles: our default −1."), _muster_hm_tech_ids, _muster_hm_tech_labels, 1),
  QUALITY_INPUT ("fire-quality", N_("Fire Quality"),
                 N_("The firing BMU's rating: B −1 and D +1 to the Kill Number are the book's; "
                    "A −2, C 0 and E +2 are our defaults.")),
  TARGET_INPUTS,
  MUSTER_BOOL_INPUT ("initial-volley", N_("Initial volley"), N_("Kill Number −1."), 0),
  OTHER_KILL_INPUT,
};

static const char * const pooling_ids[] = { "per-firer", "per-target", NULL };
static const char * const pooling_labels[] = {
  N_("Each firer divides its own total"), N_("All kill rolls at the target pooled"), NULL
};

/* One firer's inputs; each label whole, so that it can be translated */
#define FIRER_INPUTS(n, dice_label, range_label, weapon_label) \
  MUSTER_INT_INPUT ("dice-" n, dice_label, \
                    N_("Its stands that can fire at the target."), 1, 100, 4), \
  MUSTER_CHOICE_INPUT ("range-" n, range_label, \
                       N_("Close 2, medium 3; long 4 is our default."), \
                       _muster_hm_small_arms_range_ids, _muster_hm_small_arms_range_labels, 1), \
  MUSTER_CHOICE_INPUT ("weapon-" n, weapon_label, \
                       N_("Smoothbore +1 to the Accuracy Number."), \
                       _muster_hm_tech_ids, _muster_hm_tech_labels, 1)

static const MusterInputSpec combined_inputs[] = {
  FIRER_INPUTS ("1", N_("First firer's attack dice"), N_("First firer's range"),
                N_("First firer's weapon")),
  FIRER_INPUTS ("2", N_("Second firer's attack dice"), N_("Second firer's range"),
                N_("Second firer's weapon")),
  QUALITY_INPUT ("fire-quality", N_("Fire Quality of both firers"),
                 N_("Pooled kill rolls need one Kill Number, so the firers share their rating "
                    "here: B −1 and D +1 are the book's; A −2, C 0 and E +2 our defaults.")),
  TARGET_INPUTS,
  OTHER_KILL_INPUT,
  MUSTER_CHOICE_INPUT ("pooling", N_("Kill rolls divided"),
                       N_("The examples divide each firer's own total (our default); the review's "
                          "“the total of all of the Kill Rolls against this target” may mean every "
                          "firer's rolls pooled."), pooling_ids, pooling_labels, POOL_PER_FIRER),
};

static const MusterOutputSpec combined_outputs[] = {
  { .id = "hits", .label = N_("Hits") },
};

static const MusterOutputSpec fire_outputs[] = {
  { .id = "accurate", .label = N_("Accurate shots") },
  { .id = "kill-total", .label = N_("Kill dice total") },
  { .id = "hits", .label = N_("Hits") },
};

/* Plays the procedure once with real dice. The framework gives samplers no error to report:
 * a ruleset without the tables is an installation error, so say it loudly, once, rather
 * than once a trial. */
void
_muster_hm_sample (const MusterProcedure *procedure,
                   const MusterRuleset   *ruleset,
                   const int             *values,
                   MusterDice            *dice,
                   int                   *outcome)
{
  static gint reported = 0;
  const MusterHmProcedure *self = (const MusterHmProcedure *) procedure;
  MusterFaces roll;
  g_autoptr(GError) error = NULL;

  muster_faces_init_rolled (&roll, dice);
  if (!self->play (procedure, ruleset, values, &roll, outcome, &error))
    {
      if (g_atomic_int_compare_and_exchange (&reported, 0, 1))
        g_critical ("%s %s: %s", procedure->system, procedure->id, error->message);
      memset (outcome, 0, procedure->n_outputs * sizeof (int));
    }
}

/**
 * _muster_hm_resolve:
 * @faces: the d6 faces, in the order the procedure rolls them
 * @n_used: (out) (optional): how many faces it used
 *
 * Plays @procedure with the given faces instead of dice: the same code as the simulator.
 * Fails if the inputs are refused or the faces run out.
 */
gboolean
_muster_hm_resolve (const MusterProcedure  *procedure,
                    const MusterRuleset    *ruleset,
                    const int              *values,
                    const int              *faces,
                    guint                   n_faces,
                    int                    *outcome,
                    guint                  *n_used,
                    GError                **error)
{
  const MusterHmProcedure *self = (const MusterHmProcedure *) procedure;
  MusterFaces roll;

  g_return_val_if_fail (g_strcmp0 (procedure->system, MUSTER_HM_SYSTEM) == 0, FALSE);

  muster_faces_init_given (&roll, faces, n_faces);
  if (!muster_procedure_check_values (procedure, values, error) ||
      !self->play (procedure, ruleset, values, &roll, outcome, error))
    return FALSE;
  if (muster_faces_is_exhausted (&roll))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("%s needs more than the %u faces given"), procedure->id, n_faces);
      return FALSE;
    }
  if (n_used != NULL)
    *n_used = muster_faces_get_n_used (&roll);
  return TRUE;
}

/* Returns: the whole number in @table, @row, @column (NULL: "value"); 0 after a failure,
 * which @tables keeps until _muster_hm_tables_finish(). */
int
_muster_hm_value (MusterHmTables *tables,
                  const char     *table,
                  const char     *row,
                  const char     *column)
{
  int value;

  if (tables->error != NULL
      || !muster_table_read_int (tables->ruleset, table, row, column ? column : "value", &value,
                                 &tables->error))
    return 0;
  return value;
}

/* A Kill or Charge Number: the table's base plus @modifiers, never below its minimum. Never
 * below 1 either, whatever a house table says or after a failed look-up: it divides. */
int
_muster_hm_floored (MusterHmTables *tables,
                    const char     *table,
                    int             modifiers)
{
  int minimum = MAX (1, _muster_hm_value (tables, table, "minimum", NULL));

  return MAX (minimum, _muster_hm_value (tables, table, "base", NULL) + modifiers);
}

gboolean
_muster_hm_tables_finish (MusterHmTables  *tables,
                          GError         **error)
{
  if (tables->error == NULL)
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&tables->error));
  return FALSE;
}

/* A 1 always fails and no face beats 7 (our default: no automatic 6, §16 H10). */
double
_muster_hm_accuracy_p (int accuracy)
{
  return MAX (0, 7 - MAX (accuracy, 2)) / 6.0;
}

/* A small-arms volley: @range indexes _muster_hm_small_arms_range_ids, @weapon
 * _muster_hm_tech_ids, @fire_quality _muster_hm_quality_ids; @kill_modifiers are the rest. */
void
_muster_hm_volley_setup (MusterHmTables *tables,
                         int             dice,
                         int             range,
                         int             weapon,
                         int             fire_quality,
                         int             kill_modifiers,
                         MusterHmFire   *fire)
{
  fire->dice = dice;
  fire->accuracy = _muster_hm_value (tables, "accuracy-number",
                                     _muster_hm_small_arms_range_ids[range], NULL)
                   + _muster_hm_value (tables, "accuracy-modifier", _muster_hm_tech_ids[weapon],
                                       NULL);
  fire->kill = _muster_hm_floored (tables, "kill-number",
                                   _muster_hm_value (tables, "fire-quality",
                                                     _muster_hm_quality_ids[fire_quality], NULL)
                                   + kill_modifiers);
}

void
_muster_hm_fire_play (const MusterHmFire *fire,
                      MusterFaces        *roll,
                      int                *accurate,
                      int                *total,
                      int                *hits)
{
  *accurate = 0;
  for (int i = 0; i < fire->dice; i++)
    {
      int face = muster_faces_roll (roll, 1, 6);

      if (face != 1 && face >= fire->accuracy)
        (*accurate)++;
    }
  *total = muster_faces_sum (roll, *accurate, 1, 6);
  *hits = *total / fire->kill;
}

static int
target_modifiers (MusterHmTables *tables,
                  const int      *target)
{
  static const char * const rows[] = { "flank", "light-cover", "mounted", "mob" };
  int sum = 0;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (target[i])
      sum += _muster_hm_value (tables, "kill-number", rows[i], NULL);
  return sum;
}

static gboolean
artillery_setup (const MusterRuleset  *ruleset,
                 const int            *values,
                 MusterHmFire         *fire,
                 GError              **error)
{
  MusterHmTables tables = { ruleset, NULL };
  int round = values[ART_ROUND];
  int dice, kill_mods;

  if (round == ROUND_CANISTER && values[ART_RANGE] != RANGE_SHORT)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("canister can be fired only at short range"));
      return FALSE;
    }

  dice = _muster_hm_value (&tables, "attack-dice", gun_ids[values[ART_GUN]], NULL);
  if (values[ART_DAMAGED])
    dice = MAX (_muster_hm_value (&tables, "attack-dice", "minimum", NULL),
                dice + _muster_hm_value (&tables, "attack-dice", "heavy-damage", NULL));
  if (round == ROUND_SHRAPNEL)
    dice += _muster_hm_value (&tables, "attack-dice", "shrapnel", NULL);

  fire->accuracy = _muster_hm_value (&tables, "accuracy-number", gun_range_ids[values[ART_RANGE]],
                                     NULL)
                   + _muster_hm_value (&tables, "accuracy-modifier",
                                       _muster_hm_tech_ids[values[ART_TECH]], NULL);
  if (round == ROUND_SHRAPNEL && !values[ART_PERCUSSION])
    fire->accuracy += _muster_hm_value (&tables, "accuracy-modifier", "shrapnel", NULL);

  kill_mods = _muster_hm_value (&tables, "fire-quality",
                                _muster_hm_quality_ids[values[ART_QUALITY]], NULL)
              + target_modifiers (&tables, &values[ART_FLANK]) + values[ART_OTHER];
  if (round == ROUND_CANISTER)
    kill_mods += _muster_hm_value (&tables, "kill-number", "canister", NULL);
  fire->kill = _muster_hm_floored (&tables, "kill-number", kill_mods);

  if (!_muster_hm_tables_finish (&tables, error))
    return FALSE;
  if (values[ART_ELSEWHERE] >= dice)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("the stand has %d attack dice: at least one must fire at this target"), dice);
      return FALSE;
    }
  fire->dice = dice - values[ART_ELSEWHERE];
  return TRUE;
}

/* Small arms, and opportunity fire: the same volley as a "partial volley", Kill Number +1
 * (§4.1, TV4). */
static gboolean
small_arms_setup (const MusterProcedure  *procedure,
                  const MusterRuleset    *ruleset,
                  const int              *values,
                  MusterHmFire           *fire,
                  GError                **error)
{
  MusterHmTables tables = { ruleset, NULL };
  int kill_mods;

  kill_mods = target_modifiers (&tables, &values[SA_FLANK]) + values[SA_OTHER];
  if (values[SA_INITIAL])
    kill_mods += _muster_hm_value (&tables, "kill-number", "initial-volley", NULL);
  if (procedure == &_muster_hm_opportunity_fire.procedure)
    kill_mods += _muster_hm_value (&tables, "kill-number", "partial-volley", NULL);
  /* "Only half of its stands may attack": rounded down (our default, §16 H16). */
  _muster_hm_volley_setup (&tables, values[SA_HALF] ? values[SA_DICE] / 2 : values[SA_DICE],
                           values[SA_RANGE], values[SA_TECH], values[SA_QUALITY], kill_mods,
                           fire);
  return _muster_hm_tables_finish (&tables, error);
}

static gboolean
fire_setup (const MusterProcedure  *procedure,
            const MusterRuleset    *ruleset,
            const int              *values,
            MusterHmFire           *fire,
            GError                **error)
{
  if (procedure == &_muster_hm_artillery_fire.procedure)
    return artillery_setup (ruleset, values, fire, error);
  return small_arms_setup (procedure, ruleset, values, fire, error);
}

static MusterDist *
accurate_dist (const MusterHmFire *fire)
{
  return muster_dist_new_binomial (fire->dice, _muster_hm_accuracy_p (fire->accuracy));
}

/* The sum of one d6 per accurate shot. */
static MusterDist *
kill_total_dist (const MusterDist *accurate)
{
  g_autoptr(MusterDist) die = muster_dist_new_die (6);

  return muster_dist_compound (accurate, die);
}

/* Accurate shots ~ Binomial(n, p); the kill total is the sum of that many d6; the hits are
 * that total ÷ the Kill Number, rounded down (§6.5). */
static gboolean
fire_exact (const MusterProcedure  *procedure,
            const MusterRuleset    *ruleset,
            const int              *values,
            MusterDist            **outputs,
            GError                **error)
{
  MusterHmFire fire;

  if (!fire_setup (procedure, ruleset, values, &fire, error))
    return FALSE;
  outputs[OUT_ACCURATE] = accurate_dist (&fire);
  outputs[OUT_TOTAL] = kill_total_dist (outputs[OUT_ACCURATE]);
  outputs[OUT_HITS] = muster_dist_scale (outputs[OUT_TOTAL], 1, fire.kill, MUSTER_ROUND_DOWN);
  return TRUE;
}

static gboolean
fire_play (const MusterProcedure  *procedure,
           const MusterRuleset    *ruleset,
           const int              *values,
           MusterFaces            *roll,
           int                    *outcome,
           GError                **error)
{
  MusterHmFire fire;

  if (!fire_setup (procedure, ruleset, values, &fire, error))
    return FALSE;
  _muster_hm_fire_play (&fire, roll, &outcome[OUT_ACCURATE], &outcome[OUT_TOTAL],
                        &outcome[OUT_HITS]);
  return TRUE;
}

static gboolean
combined_setup (const MusterRuleset  *ruleset,
                const int            *values,
                MusterHmFire         *fires,
                GError              **error)
{
  MusterHmTables tables = { ruleset, NULL };
  int kill_mods = target_modifiers (&tables, &values[CF_FLANK]) + values[CF_OTHER];

  _muster_hm_volley_setup (&tables, values[CF_DICE_1], values[CF_RANGE_1], values[CF_WEAPON_1],
                           values[CF_QUALITY], kill_mods, &fires[0]);
  _muster_hm_volley_setup (&tables, values[CF_DICE_2], values[CF_RANGE_2], values[CF_WEAPON_2],
                           values[CF_QUALITY], kill_mods, &fires[1]);
  return _muster_hm_tables_finish (&tables, error);
}


/* Per firer: floor(S1 / KN) + floor(S2 / KN); per target: floor((S1 + S2) / KN), which
 * gives more hits whenever the two remainders add up to a Kill Number. */
static gboolean
combined_exact (const MusterProcedure  *procedure,
                const MusterRuleset    *ruleset,
                const int              *values,
                MusterDist            **outputs,
                GError                **error)
{
  g_autoptr(MusterDist) accurate_1 = NULL;
  g_autoptr(MusterDist) accurate_2 = NULL;
  g_autoptr(MusterDist) total_1 = NULL;
  g_autoptr(MusterDist) total_2 = NULL;
  MusterHmFire fires[2];
  int kill;

  if (!combined_setup (ruleset, values, fires, error))
    return FALSE;
  accurate_1 = accurate_dist (&fires[0]);
  accurate_2 = accurate_dist (&fires[1]);
  total_1 = kill_total_dist (accurate_1);
  total_2 = kill_total_dist (accurate_2);
  kill = fires[0].kill;
  if (values[CF_POOLING] == POOL_PER_TARGET)
    {
      g_autoptr(MusterDist) pooled = muster_dist_add (total_1, total_2);

      outputs[0] = muster_dist_scale (pooled, 1, kill, MUSTER_ROUND_DOWN);
    }
  else
    {
      g_autoptr(MusterDist) hits_1 = muster_dist_scale (total_1, 1, kill, MUSTER_ROUND_DOWN);
      g_autoptr(MusterDist) hits_2 = muster_dist_scale (total_2, 1, kill, MUSTER_ROUND_DOWN);

      outputs[0] = muster_dist_add (hits_1, hits_2);
    }
  return TRUE;
}

/* The first firer's accuracy and kill dice, then the second's. */
static gboolean
combined_play (const MusterProcedure  *procedure,
               const MusterRuleset    *ruleset,
               const int              *values,
               MusterFaces            *roll,
               int                    *outcome,
               GError                **error)
{
  MusterHmFire fires[2];
  int accurate, totals[2], hits[2];

  if (!combined_setup (ruleset, values, fires, error))
    return FALSE;
  for (guint i = 0; i < 2; i++)
    _muster_hm_fire_play (&fires[i], roll, &accurate, &totals[i], &hits[i]);
  outcome[0] = values[CF_POOLING] == POOL_PER_TARGET ? (totals[0] + totals[1]) / fires[0].kill
                                                     : hits[0] + hits[1];
  return TRUE;
}

const MusterHmProcedure _muster_hm_artillery_fire = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "artillery-fire",
    .name = N_("Artillery fire"),
    .summary = N_("One gun stand's attack dice at one target: accuracy rolls, then kill rolls "
                  "totalled and divided by the Kill Number, rounded down (§6.3)."),
    MUSTER_PROCEDURE_INPUT_SPECS (artillery_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (fire_outputs),
    .exact = fire_exact,
    .sample = _muster_hm_sample,
  },
  .play = fire_play,
};

const MusterHmProcedure _muster_hm_small_arms_fire = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "small-arms-fire",
    .name = N_("Small-arms fire"),
    .summary = N_("A BMU's volley at one target: one attack die per stand that can fire, "
                  "accuracy rolls, then kill rolls totalled and divided by the Kill Number, "
                  "rounded down (§6.4)."),
    MUSTER_PROCEDURE_INPUT_SPECS (small_arms_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (fire_outputs),
    .exact = fire_exact,
    .sample = _muster_hm_sample,
  },
  .play = fire_play,
};

const MusterHmProcedure _muster_hm_opportunity_fire = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "opportunity-fire",
    .name = N_("Opportunity fire"),
    .summary = N_("A BMUG that has not moved fires at an enemy moving, changing formation or "
                  "charging it: a partial volley, Kill Number +1; the firer may not move "
                  "this phase (§4.1, §7.3)."),
    MUSTER_PROCEDURE_INPUT_SPECS (small_arms_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (fire_outputs),
    .exact = fire_exact,
    .sample = _muster_hm_sample,
  },
  .play = fire_play,
};

const MusterHmProcedure _muster_hm_combined_fire = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "combined-fire",
    .name = N_("Two volleys at one target"),
    .summary = N_("Two BMUs fire at the same target: each divides its own kill total by the Kill "
                  "Number (our default, as in every example), or all the kill rolls against the "
                  "target are pooled first (§6.4)."),
    MUSTER_PROCEDURE_INPUT_SPECS (combined_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (combined_outputs),
    .exact = combined_exact,
    .sample = _muster_hm_sample,
  },
  .play = combined_play,
};

const MusterProcedure * const muster_hm_procedures[] = {
  &_muster_hm_artillery_fire.procedure,
  &_muster_hm_small_arms_fire.procedure,
  &_muster_hm_opportunity_fire.procedure,
  &_muster_hm_combined_fire.procedure,
  &_muster_hm_charge_test.procedure,
  &_muster_hm_morale_test.procedure,
  &_muster_hm_form_square.procedure,
  &_muster_hm_rally.procedure,
  &_muster_hm_melee.procedure,
  &_muster_hm_pursuit_attack.procedure,
  &_muster_hm_hit_conversion.procedure,
  &_muster_hm_rout_pursuit.procedure,
  &_muster_hm_charge.procedure,
  NULL
};
