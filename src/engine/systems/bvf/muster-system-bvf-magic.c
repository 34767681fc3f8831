/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include <string.h>

#include "muster-system-bvf-private.h"

/*
 * Battle Valor Fantasy: war machines (§5.9) and spells (§5.7). Both roll a number of Successes
 * S that then becomes the dice of the next roll, so the exact functions mix over S.
 */

static const char * const no_yes_labels[] = { N_("No"), N_("Yes"), NULL };

/* Successes among @n plain dice (5–6), with no modifier and no rerolls. */
static int
plain_successes (int             n,
                 MusterFaces    *faces)
{
  static const MusterBvfRoll plain = { 0 };

  return _muster_bvf_roll_resolve (&plain, n, faces);
}

/* @out[c] = P(c failures among @n plain dice): each failure is a casualty. */
static void
plain_failures (int     n,
                double *out)
{
  static const MusterBvfRoll plain = { 0 };
  g_autofree double *s = g_new (double, n + 1);

  _muster_bvf_roll_probs (&plain, n, s);
  for (int k = 0; k <= n; k++)
    out[n - k] = s[k];
}

/* ---- War machines (§5.9) ---------------------------------------------------------------- */

enum {
  WM_MACHINE, WM_SIGHT, WM_EXPERIENCE, WM_RANGE, WM_LARGE, WM_SKIRMISH, WM_CHARGING, WM_WOODS,
  WM_OBSTACLE, WM_TOUGH_HIDE, WM_BAD_LUCK, WM_OTHER, WM_RANKS, WM_STRAY, WM_FIGURES
};
enum {
  WM_OUT_SUCCESSES, WM_OUT_RESULT, WM_OUT_CASUALTIES, WM_OUT_PASS, WM_OUT_NEXT, WM_OUT_STRAY,
  WM_N_OUT
};

static const char * const machine_ids[] = { "stone-thrower", "bolt-thrower", NULL };
static const char * const machine_labels[] = { N_("Stone Thrower"), N_("Bolt Thrower"), NULL };
static const char * const machine_range_ids[] = { "medium", "short", "long", NULL };
static const char * const machine_range_labels[] = {
  N_("Over 8\" and up to 16\""), N_("8\" or less"), N_("Beyond 16\""), NULL
};
static const char * const hit_labels[] = { N_("Miss"), N_("Hit"), NULL };

static const MusterInputSpec machine_inputs[] = {
  MUSTER_CHOICE_INPUT ("machine", N_("War machine"),
                       N_("Stone Thrower (unlimited range) or Bolt Thrower (36\")."),
                       machine_ids, machine_labels, 0),
  MUSTER_BOOL_INPUT ("line-of-sight", N_("Line of sight"),
                     N_("A Stone Thrower rolls 10 dice with line of sight, 8 without."), 1),
  MUSTER_BVF_LEVEL_INPUT ("experience", N_("Crew's experience"),
                          N_("Levy −1, Veteran +1, Elite +2 (our default).")),
  MUSTER_CHOICE_INPUT ("range", N_("Range"), N_("+1 at 8\" or less, −1 beyond 16\" (our default)."),
                       machine_range_ids, machine_range_labels, 0),
  MUSTER_BOOL_INPUT ("large-target", N_("Large target"), N_("+1."), 0),
  MUSTER_BOOL_INPUT ("skirmish-target", N_("Target skirmishing"), N_("−1."), 0),
  MUSTER_BOOL_INPUT ("target-charging", N_("Target has a Charge order"), N_("−1."), 0),
  MUSTER_BOOL_INPUT ("woods", N_("Target inside a wood"), N_("The dice need 6s."), 0),
  MUSTER_BOOL_INPUT ("obstacle", N_("Target behind a Linear Obstacle"), N_("The dice need 6s."), 0),
  MUSTER_BOOL_INPUT ("tough-hide-4", N_("Target has Tough Hide L4"), N_("The dice need 6s."), 0),
  MUSTER_BOOL_INPUT ("bad-luck", N_("Crew under Bad Luck"), N_("−2."), 0),
  MUSTER_INT_INPUT ("other", N_("Other modifiers"), N_("Added to the Successes."), -10, 10, 0),
  MUSTER_INT_INPUT ("target-ranks", N_("Target's ranks"),
                    N_("A bolt passes through when its casualties reach the ranks."), 1, 20, 2),
  MUSTER_BOOL_INPUT ("stray-unit", N_("A unit where a miss lands"),
                     N_("Stone: a unit halfway to the target rolls against 10 dice; Bolt: the "
                        "closest "
                        "unit is struck with the same dice."), 0),
  MUSTER_INT_INPUT ("target-figures", N_("Target's figures or wounds"),
                    N_("Casualties cannot exceed them (a war machine has 7 wounds)."), 1, 400, 40),
};

static const MusterOutputSpec machine_outputs[] = {
  { .id = "successes", .label = N_("Successes") },
  { .id = "result", .label = N_("Result"), .value_labels = hit_labels },
  { .id = "casualties", .label = N_("Casualties") },
  { .id = "pass-through", .label = N_("Bolt passes through"), .value_labels = no_yes_labels },
  { .id = "next-casualties", .label = N_("Casualties on the next unit") },
  { .id = "stray-casualties", .label = N_("Casualties on the stray unit") },
};

static void
machine_setup (const MusterBvfNumbers *n,
               const int              *v,
               MusterBvfRoll          *roll,
               int                    *dice)
{
  const int *mod = n->mod;
  int m = n->success[v[WM_EXPERIENCE]] + v[WM_OTHER];

  m += v[WM_RANGE] == 1 ? mod[MUSTER_BVF_MOD_SHORT_RANGE] : 0;
  m += v[WM_RANGE] == 2 ? mod[MUSTER_BVF_MOD_LONG_RANGE] : 0;
  m += v[WM_LARGE] ? mod[MUSTER_BVF_MOD_LARGE_TARGET] : 0;
  m += v[WM_SKIRMISH] ? mod[MUSTER_BVF_MOD_SKIRMISH_TARGET] : 0;
  m += v[WM_CHARGING] ? mod[MUSTER_BVF_MOD_TARGET_CHARGING] : 0;
  m += v[WM_BAD_LUCK] ? mod[MUSTER_BVF_MOD_BAD_LUCK] : 0;
  *roll = (MusterBvfRoll) { v[WM_WOODS] || v[WM_OBSTACLE] || v[WM_TOUGH_HIDE], 0, 0, FALSE, m };
  *dice = v[WM_MACHINE] == MUSTER_BVF_STONE_THROWER && !v[WM_SIGHT] ?
          n->machine_dice_blind : n->machine_dice[v[WM_MACHINE]];
}

void
_muster_bvf_machine_resolve (const MusterBvfNumbers *n,
                 const int              *v,
                 MusterFaces            *faces,
                 int                    *out)
{
  gboolean bolt = v[WM_MACHINE] == MUSTER_BVF_BOLT_THROWER;
  MusterBvfRoll roll;
  int dice, s;

  machine_setup (n, v, &roll, &dice);
  memset (out, 0, WM_N_OUT * sizeof (int));
  out[WM_OUT_SUCCESSES] = s = _muster_bvf_roll_resolve (&roll, dice, faces);
  out[WM_OUT_RESULT] = s >= n->machine_hit[v[WM_MACHINE]];
  if (out[WM_OUT_RESULT])
    {
      /* The target rolls S dice, no modifiers, no armour rerolls. */
      int c = s - plain_successes (s, faces);

      out[WM_OUT_CASUALTIES] = MIN (c, v[WM_FIGURES]);
      out[WM_OUT_PASS] = bolt && c >= v[WM_RANKS];
      if (out[WM_OUT_PASS])
        out[WM_OUT_NEXT] = s - plain_successes (s, faces);   /* the same S dice (§9.23) */
    }
  else if (v[WM_STRAY])
    {
      int stray = bolt ? s : plain_successes (n->stray_dice, faces);

      out[WM_OUT_STRAY] = stray - plain_successes (stray, faces);
    }
}

static void
machine_exact (const MusterBvfNumbers  *n,
               const int               *v,
               MusterDist             **outputs)
{
  gboolean bolt = v[WM_MACHINE] == MUSTER_BVF_BOLT_THROWER;
  g_autofree double *s_probs = NULL;
  g_autofree double *fail = NULL;
  g_autofree double *cas = NULL;
  g_autofree double *next = NULL;
  g_autofree double *stray = NULL;
  double result[2] = { 0, 0 }, pass[2] = { 0, 0 };
  MusterBvfRoll roll;
  int dice, width;

  machine_setup (n, v, &roll, &dice);
  width = MAX (dice, n->stray_dice) + 1;
  s_probs = g_new (double, dice + 1);
  fail = g_new (double, width);
  cas = g_new0 (double, width);
  next = g_new0 (double, width);
  stray = g_new0 (double, width);
  _muster_bvf_roll_probs (&roll, dice, s_probs);

  for (int s = 0; s <= dice; s++)
    {
      double ps = s_probs[s];

      if (ps == 0.0)
        continue;
      if (s >= n->machine_hit[v[WM_MACHINE]])
        {
          double p_pass = 0.0;

          result[1] += ps;
          plain_failures (s, fail);
          for (int c = 0; c <= s; c++)
            {
              cas[c] += ps * fail[c];
              if (bolt && c >= v[WM_RANKS])
                p_pass += fail[c];
            }
          pass[1] += ps * p_pass;
          pass[0] += ps * (1.0 - p_pass);
          next[0] += ps * (1.0 - p_pass);
          for (int c = 0; c <= s; c++)
            next[c] += ps * p_pass * fail[c];
          stray[0] += ps;
        }
      else
        {
          result[0] += ps;
          cas[0] += ps;
          pass[0] += ps;
          next[0] += ps;
          if (!v[WM_STRAY])
            stray[0] += ps;
          else if (bolt)
            {
              plain_failures (s, fail);
              for (int c = 0; c <= s; c++)
                stray[c] += ps * fail[c];
            }
          else
            {
              static const MusterBvfRoll plain = { 0 };
              g_autofree double *s2 = g_new (double, n->stray_dice + 1);

              _muster_bvf_roll_probs (&plain, n->stray_dice, s2);
              for (int k = 0; k <= n->stray_dice; k++)
                {
                  plain_failures (k, fail);
                  for (int c = 0; c <= k; c++)
                    stray[c] += ps * s2[k] * fail[c];
                }
            }
        }
    }

  outputs[WM_OUT_SUCCESSES] = _muster_bvf_dist_capped (s_probs, dice + 1, -1);
  outputs[WM_OUT_RESULT] = muster_dist_new_from_weights (0, result, 2);
  outputs[WM_OUT_CASUALTIES] = _muster_bvf_dist_capped (cas, width, v[WM_FIGURES]);
  outputs[WM_OUT_PASS] = muster_dist_new_from_weights (0, pass, 2);
  outputs[WM_OUT_NEXT] = _muster_bvf_dist_capped (next, width, -1);
  outputs[WM_OUT_STRAY] = _muster_bvf_dist_capped (stray, width, -1);
}


const MusterBvfProcedure muster_bvf_war_machine = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "war-machine",
    .name = N_("War machine shot"),
    .summary = N_("Stone or Bolt Thrower: 3 Successes hit, then the target rolls that many dice "
                  "with "
                  "no modifiers or rerolls and each failure is a casualty; bolts may pass "
                  "through."),
    MUSTER_PROCEDURE_INPUT_SPECS (machine_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (machine_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_machine_resolve,
  .exact = machine_exact,
};

/* ---- Spells (§5.7) ---------------------------------------------------------------------- */

enum {
  SP_SPELL, SP_WIZARD, SP_EXTRA, SP_NEEDS_SIX, SP_DISPEL, SP_DISPEL_EXTRA, SP_T_EXPERIENCE,
  SP_T_ARMOUR, SP_T_CORROSION, SP_NEARBY, SP_FIGURES
};
enum { SP_OUT_SUCCESSES, SP_OUT_RESULT, SP_OUT_CASUALTIES, SP_OUT_CHAIN, SP_N_OUT };
enum { SPELL_FIRE_BALL, SPELL_ICE_SHARDS, SPELL_CHAIN_LIGHTNING = 8 };

static const char * const spell_ids[] = {
  "fire-ball", "ice-shards", "bad-luck", "fog", "crevasse", "corrosion", "flee", "confusion",
  "chain-lightning", "bird-of-thunder", "magic-armour", "keen-weapons", "wisdom",
  "magic-missiles", "vigor", "magic-shield", "glamor", "wall-of-spikes", "hatred", NULL
};
static const char * const spell_labels[] = {
  N_("Fire Ball (2)"),
  N_("Ice Shards (3)"), N_("Bad Luck (4)"), N_("Fog (5)"), N_("Crevasse (6)"), N_("Corrosion (7)"),
  N_("Flee (8)"), N_("Confusion (9)"), N_("Chain Lightning (10)"), N_("Bird of Thunder (11)"),
  N_("Magic Armour (2)"),
  N_("Keen Weapons (3)"), N_("Wisdom (4)"), N_("Magic Missiles (5)"), N_("Vigor (6)"),
  N_("Magic Shield (7)"), N_("Glamor (8)"), N_("Wall of Spikes (9)"), N_("Hatred (10)"), NULL
};
static const char * const wizard_ids[] = { "regular", "veteran", "elite", NULL };
static const char * const wizard_labels[] = {
  N_("Regular: 10 dice"), N_("Veteran: 15 dice"), N_("Elite: 20 dice"), NULL
};
static const char * const spell_result_labels[] = {
  N_("Fails"), N_("Cast"), N_("Dispelled"), NULL
};

G_STATIC_ASSERT (G_N_ELEMENTS (spell_ids) == MUSTER_BVF_N_SPELLS + 1);

static const MusterInputSpec spell_inputs[] = {
  MUSTER_CHOICE_INPUT ("spell", N_("Spell"), N_("The spell and the Successes it needs."),
                       spell_ids, spell_labels, 0),
  MUSTER_CHOICE_INPUT ("wizard", N_("Wizard"),
                       N_("Casting dice by experience (experience gives dice, not Successes)."),
                       wizard_ids, wizard_labels, 0),
  MUSTER_INT_INPUT ("extra-dice", N_("Combined Wizards' dice"),
                    N_("Dice of other Wizards combining in the cast."), 0, 60, 0),
  MUSTER_BOOL_INPUT ("needs-six", N_("Target in woods or a Character"),
                     N_("Spell dice need 6s."), 0),
  MUSTER_BVF_CHARACTER_INPUT ("dispel", N_("Dispelling Wizard"),
                              N_("A Wizard that has not activated may try to dispel.")),
  MUSTER_INT_INPUT ("dispel-extra-dice", N_("Combined dispelling dice"),
                    N_("Dice of other Wizards joining the dispel."), 0, 60, 0),
  MUSTER_BVF_LEVEL_INPUT ("target-experience", N_("Target's experience"),
                          N_("Ice Shards: added to the target's saves (our default).")),
  MUSTER_BVF_ARMOUR_INPUT ("target-armour", N_("Target's armour"),
                           N_("Ice Shards allows armour rerolls.")),
  MUSTER_BOOL_INPUT ("target-corrosion", N_("Target under Corrosion"),
                     N_("Its armour drops one level."), 0),
  MUSTER_INT_INPUT ("units-nearby", N_("Units the lightning can jump to"),
                    N_("Chain Lightning: other units, friend or foe, in jumping order."), 0, 10, 2),
  MUSTER_INT_INPUT ("target-figures", N_("Target's figures"),
                    N_("Casualties cannot exceed them."), 1, 400, 40),
};

static const MusterOutputSpec spell_outputs[] = {
  { .id = "successes", .label = N_("Casting Successes") },
  { .id = "result", .label = N_("Result"), .value_labels = spell_result_labels },
  { .id = "casualties", .label = N_("Casualties on the target") },
  { .id = "chain-casualties", .label = N_("Chain Lightning: casualties on the other units") },
};

static int
spell_dice (const MusterBvfNumbers *n,
            int                     level,
            int                     extra)
{
  return (level < 0 ? 0 : n->wizard_dice[level]) + extra;
}

void
_muster_bvf_spell_resolve (const MusterBvfNumbers *n,
               const int              *v,
               MusterFaces            *faces,
               int                    *out)
{
  MusterBvfRoll cast = { v[SP_NEEDS_SIX], 0, 0, FALSE, 0 };
  int s, dispel_dice = spell_dice (n, v[SP_DISPEL] - 1, v[SP_DISPEL_EXTRA]);

  memset (out, 0, SP_N_OUT * sizeof (int));
  out[SP_OUT_SUCCESSES] = s = _muster_bvf_roll_resolve (&cast,
                                                        spell_dice (n, v[SP_WIZARD],
                                                                    v[SP_EXTRA]), faces);
  if (s < n->spell_needs[v[SP_SPELL]])
    return;
  /* The dispel needs at least the caster's Successes + 1. */
  if (v[SP_DISPEL] > 0 && plain_successes (dispel_dice, faces) >= s + 1)
    {
      out[SP_OUT_RESULT] = 2;
      return;
    }
  out[SP_OUT_RESULT] = 1;

  switch (v[SP_SPELL])
    {
    case SPELL_FIRE_BALL:
      out[SP_OUT_CASUALTIES] = n->fire_ball_dice - plain_successes (n->fire_ball_dice, faces);
      break;
    case SPELL_ICE_SHARDS:
      {
        MusterBvfRoll save = { FALSE, n->armour[MAX (0, v[SP_T_ARMOUR] - v[SP_T_CORROSION])],
                               0, FALSE, n->success[v[SP_T_EXPERIENCE]] };

        out[SP_OUT_CASUALTIES] = s - _muster_bvf_roll_resolve (&save, s, faces);
      }
      break;
    case SPELL_CHAIN_LIGHTNING:
      {
        int c = s - plain_successes (s, faces);

        out[SP_OUT_CASUALTIES] = c;
        /* It jumps while the last unit struck took a casualty; that unit's casualties are
         * the next unit's dice. */
        for (int u = 0; u < v[SP_NEARBY] && c > 0; u++)
          {
            c = c - plain_successes (c, faces);
            out[SP_OUT_CHAIN] += c;
          }
      }
      break;
    default:
      break;
    }
  out[SP_OUT_CASUALTIES] = MIN (out[SP_OUT_CASUALTIES], v[SP_FIGURES]);
}

/*
 * @chain[c][t]: the chance that lightning reaching a unit with c dice, with @units units left
 * to strike, causes t casualties over them. Built up from one unit left.
 */
static double **
chain_table (int max_dice,
             int units)
{
  int width = max_dice * MAX (units, 1) + 1;
  double **prev = g_new (double *, max_dice + 1);
  g_autofree double *fail = g_new (double, max_dice + 1);

  for (int c = 0; c <= max_dice; c++)
    {
      prev[c] = g_new0 (double, width);
      prev[c][0] = 1.0;
    }
  for (int u = 1; u <= units; u++)
    {
      double **cur = g_new (double *, max_dice + 1);

      for (int c = 0; c <= max_dice; c++)
        {
          cur[c] = g_new0 (double, width);
          if (c == 0)
            {
              cur[c][0] = 1.0;
              continue;
            }
          plain_failures (c, fail);
          for (int x = 0; x <= c; x++)
            for (int t = 0; t + x < width; t++)
              cur[c][t + x] += fail[x] * prev[x][t];
        }
      for (int c = 0; c <= max_dice; c++)
        g_free (prev[c]);
      g_free (prev);
      prev = cur;
    }
  return prev;
}

static void
spell_exact (const MusterBvfNumbers  *n,
             const int               *v,
             MusterDist             **outputs)
{
  MusterBvfRoll cast = { v[SP_NEEDS_SIX], 0, 0, FALSE, 0 };
  static const MusterBvfRoll plain = { 0 };
  g_autofree double *s_probs = NULL;
  g_autofree double *d_probs = NULL;
  g_autofree double *cas = NULL;
  g_autofree double *chain = NULL;
  g_autofree double *fail = NULL;
  double **chain_of = NULL;
  double result[3] = { 0, 0, 0 };
  int dice, dispel_dice, width, chain_width;

  dice = spell_dice (n, v[SP_WIZARD], v[SP_EXTRA]);
  dispel_dice = v[SP_DISPEL] > 0 ? spell_dice (n, v[SP_DISPEL] - 1, v[SP_DISPEL_EXTRA]) : 0;
  width = MAX (dice, n->fire_ball_dice) + 1;
  chain_width = dice * MAX (v[SP_NEARBY], 1) + 1;
  s_probs = g_new (double, dice + 1);
  d_probs = g_new (double, dispel_dice + 1);
  cas = g_new0 (double, width);
  chain = g_new0 (double, chain_width);
  fail = g_new (double, width);
  _muster_bvf_roll_probs (&cast, dice, s_probs);
  _muster_bvf_roll_probs (&plain, dispel_dice, d_probs);
  if (v[SP_SPELL] == SPELL_CHAIN_LIGHTNING)
    chain_of = chain_table (dice, v[SP_NEARBY]);

  for (int s = 0; s <= dice; s++)
    {
      double p_dispel = 0.0, p_cast;

      if (s_probs[s] == 0.0)
        continue;
      if (s < n->spell_needs[v[SP_SPELL]])
        {
          result[0] += s_probs[s];
          cas[0] += s_probs[s];
          chain[0] += s_probs[s];
          continue;
        }
      if (v[SP_DISPEL] > 0)
        for (int d = s + 1; d <= dispel_dice; d++)
          p_dispel += d_probs[d];
      p_cast = s_probs[s] * (1.0 - p_dispel);
      result[2] += s_probs[s] * p_dispel;
      result[1] += p_cast;
      cas[0] += s_probs[s] * p_dispel;
      chain[0] += s_probs[s] * p_dispel;

      switch (v[SP_SPELL])
        {
        case SPELL_FIRE_BALL:
          plain_failures (n->fire_ball_dice, fail);
          for (int c = 0; c <= n->fire_ball_dice; c++)
            cas[c] += p_cast * fail[c];
          chain[0] += p_cast;
          break;
        case SPELL_ICE_SHARDS:
          {
            MusterBvfRoll save = { FALSE,
                                   n->armour[MAX (0, v[SP_T_ARMOUR] - v[SP_T_CORROSION])], 0,
                                   FALSE, n->success[v[SP_T_EXPERIENCE]] };

            _muster_bvf_roll_probs (&save, s, fail);
            for (int k = 0; k <= s; k++)
              cas[s - k] += p_cast * fail[k];
            chain[0] += p_cast;
          }
          break;
        case SPELL_CHAIN_LIGHTNING:
          plain_failures (s, fail);
          for (int c = 0; c <= s; c++)
            {
              cas[c] += p_cast * fail[c];
              for (int t = 0; t < chain_width; t++)
                chain[t] += p_cast * fail[c] * chain_of[c][t];
            }
          break;
        default:
          cas[0] += p_cast;
          chain[0] += p_cast;
          break;
        }
    }

  if (chain_of != NULL)
    {
      for (int c = 0; c <= dice; c++)
        g_free (chain_of[c]);
      g_free (chain_of);
    }
  outputs[SP_OUT_SUCCESSES] = _muster_bvf_dist_capped (s_probs, dice + 1, -1);
  outputs[SP_OUT_RESULT] = muster_dist_new_from_weights (0, result, 3);
  outputs[SP_OUT_CASUALTIES] = _muster_bvf_dist_capped (cas, width, v[SP_FIGURES]);
  outputs[SP_OUT_CHAIN] = _muster_bvf_dist_capped (chain, chain_width, -1);
}


const MusterBvfProcedure muster_bvf_spell = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "spell",
    .name = N_("Spell"),
    .summary = N_("A Wizard's cast: 10/15/20 dice must reach the spell's number, a dispel needs "
                  "one "
                  "Success more, then Fire Ball, Ice Shards or Chain Lightning casualties."),
    MUSTER_PROCEDURE_INPUT_SPECS (spell_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (spell_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_spell_resolve,
  .exact = spell_exact,
};
