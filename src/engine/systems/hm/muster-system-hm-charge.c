/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-hm"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-hm-private.h"

/*
 * The multi-scale horse-and-musket rules: one charge from the Charge Test to the pursuit
 * attack, the chain of the review's long example (TV3–TV11). Too many steps branch on earlier
 * ones to enumerate, so it is only simulated; each step is the same code as its own exact
 * procedure.
 *
 * The sequence (§7.3, §8, §9, §10, §11.4): Charge Test; the defender's reaction (Stand and Fire
 * or Fire and Retire fire opportunity fire; a Countercharge takes its own Charge Test and does
 * not fire); the charger's Morale Test; the defender's Morale Test with the penalty for being
 * charged; melee; both sides' Morale Tests; hit conversion; then, if the defender routed and
 * the charger passed, rout and pursuit moves and a pursuit attack.
 */

enum { CH_STANDS, CH_CAVALRY, CH_FORMED, CH_MORALE, CH_MELEE, CH_SUB_COMMANDER, CH_COMMANDER,
       CH_FRIENDS, CH_OTHER,
       DF_STANDS, DF_CAVALRY, DF_REACTION, DF_FIRE, DF_MELEE, DF_MORALE, DF_RANGE, DF_WEAPON,
       DF_COVER, DF_COMMANDER, DF_FRIENDS,
       EN_SCALE, EN_DICE };
enum { REACT_STAND, REACT_RETIRE, REACT_COUNTER };
enum { OUT_CHARGE, OUT_OPPORTUNITY, OUT_CHARGER_TEST, OUT_DEFENDER_TEST, OUT_ON_DEFENDER,
       OUT_ON_CHARGER, OUT_CHARGER_AFTER, OUT_DEFENDER_AFTER, OUT_PURSUIT, OUT_PURSUIT_HITS,
       OUT_CHARGER_LOST, OUT_DEFENDER_LOST, OUT_OUTCOME, N_OUTPUTS };
enum { END_CHARGE_FAILED, END_WITHDREW, END_DEFENDER_BROKE, END_DEFENDER_RETIRED, END_BOTH_HELD,
       END_DEFENDER_ROUTED, END_CHARGER_BROKE, END_DEFENDER_BROKE_MELEE, END_BOTH_BROKE };
enum { PURSUIT_NONE, PURSUIT_LOST, PURSUIT_ATTACK };

static const char * const pass_labels[] = { N_("Fail"), N_("Pass"), NULL };
static const char * const test_labels[] = {
  N_("Not taken"), N_("Pass"), N_("Suppressed"), N_("Shaken"), N_("Routed"), NULL
};
static const char * const reaction_ids[] = {
  "stand-and-fire", "fire-and-retire", "countercharge", NULL
};
static const char * const reaction_labels[] = {
  N_("Stand and Fire"), N_("Fire and Retire"), N_("Countercharge"), NULL
};
static const char * const pursuit_labels[] = {
  N_("None"), N_("Lost contact"), N_("Pursuit attack"), NULL
};
static const char * const outcome_labels[] = {
  N_("Charge Test failed"), N_("Charger withdrew"), N_("Defender broke before contact"),
  N_("Defender fell back as a mob"), N_("Melee: both held"), N_("Melee: defender routed"),
  N_("Melee: charger failed its test"), N_("Melee: defender failed its test, not routed"),
  N_("Melee: both failed their tests"), NULL
};

#define QUALITY(id, label, help) \
  MUSTER_CHOICE_INPUT (id, label, help, _muster_hm_quality_ids, _muster_hm_quality_labels, 2)

static const MusterInputSpec charge_inputs[] = {
  MUSTER_INT_INPUT ("charger-stands", N_("Charger's stands"),
                    N_("Its attack dice in melee."), 1, 100, 8),
  MUSTER_BOOL_INPUT ("charger-cavalry", N_("Charger is cavalry"),
                     N_("Charge Number −2; mounted target of the opportunity fire; "
                        "two dice of pursuit."), 0),
  MUSTER_BOOL_INPUT ("charger-formed", N_("Charger is a formed unit"),
                     N_("In the pursuit attack a formed unit attacking a mob has Kill Number "
                        "−2."), 1),
  QUALITY ("charger-morale", N_("Charger's Morale Quality"), N_("For its Charge and Morale "
                                                                "Tests.")),
  QUALITY ("charger-melee", N_("Charger's Melee Quality"), N_("For its melee and pursuit Kill "
                                                              "Numbers.")),
  MUSTER_BOOL_INPUT ("sub-commander", N_("Sub-commander leads the charge"),
                     N_("Charge Number −1."), 0),
  MUSTER_BOOL_INPUT ("charger-commander", N_("Commander attached to the charger"),
                     N_("Morale Number −1."), 0),
  MUSTER_BOOL_INPUT ("charger-friends", N_("Friendly units near the charger"),
                     N_("Morale Number −1."), 0),
  MUSTER_INT_INPUT ("charge-other", N_("Other Charge Number modifiers"),
                    N_("Relative size of the enemy, skirmisher or mob charger, "
                       "flank charge: not given."), -6, 6, 0),
  MUSTER_INT_INPUT ("defender-stands", N_("Defender's stands"),
                    N_("Its opportunity-fire and melee dice."), 1, 100, 8),
  MUSTER_BOOL_INPUT ("defender-cavalry", N_("Defender is cavalry"),
                     N_("For a Countercharge and its rout move."), 0),
  MUSTER_CHOICE_INPUT ("reaction", N_("Defender's reaction"),
                       N_("Stand and Fire, or Fire and Retire (our default: it fires too); "
                          "a Countercharge takes a Charge Test and does not fire. Form "
                          "Square is not modelled."), reaction_ids, reaction_labels, REACT_STAND),
  QUALITY ("defender-fire", N_("Defender's Fire Quality"), N_("For its opportunity fire.")),
  QUALITY ("defender-melee", N_("Defender's Melee Quality"), N_("For its melee Kill Number.")),
  QUALITY ("defender-morale", N_("Defender's Morale Quality"), N_("For its Morale Tests.")),
  MUSTER_CHOICE_INPUT ("fire-range", N_("Opportunity-fire range"),
                       N_("Close 2, medium 3, long (our default) 4."),
                       _muster_hm_small_arms_range_ids, _muster_hm_small_arms_range_labels, 0),
  MUSTER_CHOICE_INPUT ("defender-weapon", N_("Defender's weapon"),
                       N_("Smoothbore +1 to the Accuracy Number."),
                       _muster_hm_tech_ids, _muster_hm_tech_labels, 1),
  MUSTER_BOOL_INPUT ("defender-in-cover", N_("Defender in light cover"),
                     N_("The charger's melee Kill Number +1."), 0),
  MUSTER_BOOL_INPUT ("defender-commander", N_("Commander attached to the defender"),
                     N_("Morale Number −1."), 0),
  MUSTER_BOOL_INPUT ("defender-friends", N_("Friendly units near the defender"),
                     N_("Morale Number −1."), 0),
  MUSTER_CHOICE_INPUT ("scale", N_("Scale"), N_("Sets the rout and pursuit moves."),
                       _muster_hm_scale_ids, _muster_hm_scale_labels, 4),
  MUSTER_CHOICE_INPUT ("charge-dice", N_("Charge Test dice"),
                       N_("One d6 is our default reading; two dice the alternative."),
                       _muster_hm_charge_dice_ids, _muster_hm_charge_dice_labels, 0),
};

static const MusterOutputSpec charge_outputs[] = {
  { .id = "charge-test", .label = N_("Charge Test"), .value_labels = pass_labels },
  { .id = "opportunity-hits", .label = N_("Opportunity-fire hits on the charger") },
  { .id = "charger-test", .label = N_("Charger's Morale Test after the fire"),
    .value_labels = test_labels },
  { .id = "defender-test", .label = N_("Defender's Morale Test on being charged"),
    .value_labels = test_labels },
  { .id = "hits-on-defender", .label = N_("Melee hits on the defender") },
  { .id = "hits-on-charger", .label = N_("Melee hits on the charger") },
  { .id = "charger-after-melee", .label = N_("Charger's Morale Test after the melee"),
    .value_labels = test_labels },
  { .id = "defender-after-melee", .label = N_("Defender's Morale Test after the melee"),
    .value_labels = test_labels },
  { .id = "pursuit", .label = N_("Pursuit"), .value_labels = pursuit_labels },
  { .id = "pursuit-hits", .label = N_("Pursuit-attack hits on the defender") },
  { .id = "charger-stands-lost", .label = N_("Charger's stands lost") },
  { .id = "defender-stands-lost", .label = N_("Defender's stands lost") },
  { .id = "outcome", .label = N_("Outcome"), .value_labels = outcome_labels },
};

G_STATIC_ASSERT (G_N_ELEMENTS (charge_outputs) == N_OUTPUTS);

typedef struct
{
  MusterHmTables  tables;
  MusterFaces    *roll;
} Engagement;

static int
value (Engagement *e,
       const char *table,
       const char *row)
{
  return _muster_hm_value (&e->tables, table, row, NULL);
}

static int
quality (Engagement *e,
         const char *table,
         int         rating)
{
  return value (e, table, _muster_hm_quality_ids[rating]);
}

static gboolean
charge_test (Engagement *e,
             const int  *values,
             int         morale_rating,
             gboolean    cavalry,
             int         modifiers)
{
  int mods = quality (e, "morale-quality", morale_rating) + modifiers;

  if (cavalry)
    mods += value (e, "charge-number", "cavalry");
  return _muster_hm_charge_passes (_muster_hm_floored (&e->tables, "charge-number", mods),
                                   values[EN_DICE] + 1, e->roll);
}

/* One Morale Test of a unit that began the turn unhurt; returns the MUSTER_HM_* result. */
static int
morale_test (Engagement *e,
             int         rating,
             int         hits,
             int         stands,
             gboolean    won_melee,
             gboolean    friends,
             gboolean    commander,
             gboolean    charged)
{
  MusterHmMoraleSituation situation = {
    rating, hits, 0, stands, won_melee, friends, commander, charged, 0
  };
  MusterHmMorale morale;

  _muster_hm_morale_setup (&e->tables, &situation, &morale);
  return _muster_hm_morale_result (&morale, muster_faces_sum (e->roll, 2, 1, 6));
}

/* The defender's volley at the charger: a partial volley, at a mounted target if cavalry. */
static int
opportunity_fire (Engagement *e,
                  const int  *values)
{
  MusterHmFire fire;
  int accurate, total, hits;
  int mods = value (e, "kill-number", "partial-volley");

  if (values[CH_CAVALRY])
    mods += value (e, "kill-number", "mounted");
  _muster_hm_volley_setup (&e->tables, values[DF_STANDS], values[DF_RANGE], values[DF_WEAPON],
                           values[DF_FIRE], mods, &fire);
  _muster_hm_fire_play (&fire, e->roll, &accurate, &total, &hits);
  return hits;
}

static int
strike (Engagement *e,
        int         dice,
        int         modifiers)
{
  return muster_faces_sum (e->roll, dice, 1, 6)
         / _muster_hm_floored (&e->tables, "kill-number", modifiers);
}

/* The stands a unit that began the turn unhurt loses to @hits; no more than it has. */
static void
convert_hits (Engagement *e,
              int         hits,
              int         stands,
              int        *lost)
{
  int retained;

  _muster_hm_convert_hits (&e->tables, hits, 0, lost, &retained);
  *lost = MIN (*lost, stands);
}

/* The melee and what follows it; fills the melee, test, pursuit and outcome outputs. */
static void
melee_and_after (Engagement *e,
                 const int  *values,
                 gboolean    countercharged,
                 int        *charger_hits,
                 int        *defender_hits,
                 int        *outcome)
{
  int dice_ch, dice_df, on_df, on_ch, after_ch, after_df, mods, distance;
  MusterHmMove rout, pursuit;

  _muster_hm_melee_dice (&e->tables, values[CH_STANDS], values[DF_STANDS], &dice_ch, &dice_df);
  mods = quality (e, "melee-quality", values[CH_MELEE]) + value (e, "kill-number", "charged");
  if (values[DF_COVER])
    mods += value (e, "kill-number", "light-cover");
  on_df = strike (e, dice_ch, mods);
  mods = quality (e, "melee-quality", values[DF_MELEE]);
  if (countercharged)
    mods += value (e, "kill-number", "charged");
  on_ch = strike (e, dice_df, mods);

  outcome[OUT_ON_DEFENDER] = on_df;
  outcome[OUT_ON_CHARGER] = on_ch;
  *charger_hits += on_ch;
  *defender_hits += on_df;

  after_ch = morale_test (e, values[CH_MORALE], *charger_hits, values[CH_STANDS], on_df > on_ch,
                          values[CH_FRIENDS], values[CH_COMMANDER], FALSE);
  after_df = morale_test (e, values[DF_MORALE], *defender_hits, values[DF_STANDS], on_ch > on_df,
                          values[DF_FRIENDS], values[DF_COMMANDER], FALSE);
  outcome[OUT_CHARGER_AFTER] = after_ch + 1;
  outcome[OUT_DEFENDER_AFTER] = after_df + 1;

  if (after_ch != MUSTER_HM_PASS)
    outcome[OUT_OUTCOME] = after_df != MUSTER_HM_PASS ? END_BOTH_BROKE : END_CHARGER_BROKE;
  else if (after_df == MUSTER_HM_ROUTED)
    outcome[OUT_OUTCOME] = END_DEFENDER_ROUTED;
  else if (after_df != MUSTER_HM_PASS)
    outcome[OUT_OUTCOME] = END_DEFENDER_BROKE_MELEE;
  else
    outcome[OUT_OUTCOME] = END_BOTH_HELD;

  /* The hits are converted before the pursuit attack (TV10), whose dice are the stands left. */
  convert_hits (e, *charger_hits, values[CH_STANDS], &outcome[OUT_CHARGER_LOST]);
  convert_hits (e, *defender_hits, values[DF_STANDS], &outcome[OUT_DEFENDER_LOST]);
  if (outcome[OUT_OUTCOME] != END_DEFENDER_ROUTED || outcome[OUT_CHARGER_LOST] >= values[CH_STANDS])
    return;

  _muster_hm_move_setup (&e->tables, values[EN_SCALE], values[DF_CAVALRY], &rout);
  _muster_hm_move_setup (&e->tables, values[EN_SCALE], values[CH_CAVALRY], &pursuit);
  /* The routing unit moves first, then the pursuer tries (§11.4). */
  distance = _muster_hm_move_play (&rout, e->roll);
  if (_muster_hm_move_play (&pursuit, e->roll) < distance)
    {
      outcome[OUT_PURSUIT] = PURSUIT_LOST;
      return;
    }
  /* TV11: formed against a mob (a routed unit is one), charged this turn, more casualties in
   * the melee, and the routing enemy struck from the rear. */
  mods = quality (e, "melee-quality", values[CH_MELEE]) + value (e, "kill-number", "charged")
         + value (e, "kill-number", "rear");
  if (values[CH_FORMED])
    mods += value (e, "kill-number", "formed-vs-mob");
  if (on_df > on_ch)
    mods += value (e, "kill-number", "more-casualties");
  outcome[OUT_PURSUIT] = PURSUIT_ATTACK;
  outcome[OUT_PURSUIT_HITS] = strike (e, values[CH_STANDS] - outcome[OUT_CHARGER_LOST], mods);
}

static gboolean
charge_play (const MusterProcedure  *procedure,
             const MusterRuleset    *ruleset,
             const int              *values,
             MusterFaces            *roll,
             int                    *outcome,
             GError                **error)
{
  Engagement e = { { ruleset, NULL }, roll };
  gboolean countercharged = FALSE;
  int charger_hits = 0, defender_hits = 0, test, mods;

  for (guint i = 0; i < N_OUTPUTS; i++)
    outcome[i] = 0;

  mods = values[CH_OTHER];
  if (values[CH_SUB_COMMANDER])
    mods += value (&e, "charge-number", "sub-commander");
  if (!charge_test (&e, values, values[CH_MORALE], values[CH_CAVALRY], mods))
    {
      outcome[OUT_OUTCOME] = END_CHARGE_FAILED;
      return _muster_hm_tables_finish (&e.tables, error);
    }
  outcome[OUT_CHARGE] = 1;

  /* The charger reaches its target: the review's example does, and the distance is not an
   * input here. */
  if (values[DF_REACTION] == REACT_COUNTER)
    countercharged = charge_test (&e, values, values[DF_MORALE], values[DF_CAVALRY], 0);
  else
    charger_hits = opportunity_fire (&e, values);
  outcome[OUT_OPPORTUNITY] = charger_hits;

  test = morale_test (&e, values[CH_MORALE], charger_hits, values[CH_STANDS], FALSE,
                      values[CH_FRIENDS], values[CH_COMMANDER], FALSE);
  outcome[OUT_CHARGER_TEST] = test + 1;
  if (test != MUSTER_HM_PASS)
    outcome[OUT_OUTCOME] = END_WITHDREW;
  else
    {
      test = morale_test (&e, values[DF_MORALE], 0, values[DF_STANDS], FALSE,
                          values[DF_FRIENDS], values[DF_COMMANDER], TRUE);
      outcome[OUT_DEFENDER_TEST] = test + 1;
      if (test != MUSTER_HM_PASS)
        outcome[OUT_OUTCOME] = END_DEFENDER_BROKE;
      else if (values[DF_REACTION] == REACT_RETIRE)
        outcome[OUT_OUTCOME] = END_DEFENDER_RETIRED;
      else
        {
          melee_and_after (&e, values, countercharged, &charger_hits, &defender_hits, outcome);
          return _muster_hm_tables_finish (&e.tables, error);
        }
    }

  convert_hits (&e, charger_hits, values[CH_STANDS], &outcome[OUT_CHARGER_LOST]);
  return _muster_hm_tables_finish (&e.tables, error);
}

const MusterHmProcedure _muster_hm_charge = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "charge",
    .name = N_("Charge, melee and pursuit"),
    .summary = N_("A whole charge: Charge Test, the defender's reaction and opportunity fire, both "
                  "Morale Tests, melee, the tests after it, hit conversion, rout, pursuit and the "
                  "pursuit attack (§7.3, §8, §9, §10, §11.4)."),
    MUSTER_PROCEDURE_INPUT_SPECS (charge_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (charge_outputs),
    .exact = NULL,
    .sample = _muster_hm_sample,
  },
  .play = charge_play,
};
