/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include <string.h>

#include "muster-engine-error.h"
#include "muster-system-bvf-private.h"

/*
 * A Battle Valor Fantasy combat between two units over several rounds (game turns), §5.10:
 * the charger's charge roll, impact hits, then each round the charger strikes first (its
 * Attack counter gives the +1 "Charging") and the charged unit strikes back with its
 * survivors. The state between half-rounds is the pair of figure counts, so the exact
 * distribution is a dynamic programme over (charger figures, defender figures): a 3-round
 * combat of two 12-stand units is 49 × 49 states and a few hundred strike kernels.
 *
 * The engagement is the same combat played until a unit is destroyed, with the rules that need
 * the whole turn's casualty tally (Trample, Wedge follow-through, Unstoppable Charge): it is
 * only simulated. The draft has no morale, break test or pursuit (§5.10 "Combat result").
 */

enum {
  R_ROUNDS, R_CHARGE_ROLL, R_LEADER, R_GENERAL, R_DIRECTION, R_ATTACK_COLUMN, R_TARGET_LINE,
  R_IMPACT_PER_STAND, R_COLUMN_RANKS, R_PIKE, R_SHIELD_WALL, R_TRAMPLE, R_BREAK_THROUGH,
  R_COUNTER, R_B_ACTIVATED, R_B_FLEES_AT, R_SIDES
};
enum {
  S_STANDS, S_FIGURES, S_DICE_FIGURE, S_DICE_STAND, S_EXPERIENCE, S_ARMOUR, S_DOUBLE_HANDED,
  S_STANDARD, S_CAPTAIN, S_POLE, S_ADVANTAGE, S_CAUSES, S_TRAINED, S_RESILIENT, S_APOTHECARY,
  S_OTHER, S_N
};
enum { R_OUT_A, R_OUT_B, R_OUT_RESULT, R_OUT_ROUNDS, R_N_OUT };
enum { SIDE_A, SIDE_B };
enum {
  RESULT_FIGHTING, RESULT_A_DESTROYED, RESULT_B_DESTROYED, RESULT_BROKE_THROUGH, RESULT_B_FLED,
  N_RESULTS
};

#define SIDE(v, side, field) ((v)[R_SIDES + (side) * S_N + (field)])
#define MAX_ROUNDS 12

/* The labels of the charger's and the charged unit's inputs, each whole so that it can be
 * translated: SIDE_INPUTS () picks them by the side's name */
#define CHARGER_STANDS N_("Charger: stands")
#define CHARGER_FIGURES N_("Charger: figures per stand")
#define CHARGER_DICE_PER_FIGURE N_("Charger: attack dice per figure")
#define CHARGER_DICE_PER_STAND N_("Charger: attack dice per stand")
#define CHARGER_EXPERIENCE N_("Charger: experience")
#define CHARGER_ARMOUR N_("Charger: armour")
#define CHARGER_DOUBLE_HANDED N_("Charger: double-handed weapon or Rending Claws")
#define CHARGER_STANDARD N_("Charger: Battle Standard")
#define CHARGER_CAPTAIN N_("Charger: Captain")
#define CHARGER_POLE N_("Charger: pole weapon")
#define CHARGER_ADVANTAGE N_("Charger: high ground, mounted against foot, or Large")
#define CHARGER_CAUSES N_("Charger: causes")
#define CHARGER_TRAINED N_("Charger: Trained for War")
#define CHARGER_RESILIENT N_("Charger: wounds ignored")
#define CHARGER_APOTHECARY N_("Charger: Apothecary")
#define CHARGER_OTHER N_("Charger: other attack modifiers")
#define CHARGED_STANDS N_("Charged unit: stands")
#define CHARGED_FIGURES N_("Charged unit: figures per stand")
#define CHARGED_DICE_PER_FIGURE N_("Charged unit: attack dice per figure")
#define CHARGED_DICE_PER_STAND N_("Charged unit: attack dice per stand")
#define CHARGED_EXPERIENCE N_("Charged unit: experience")
#define CHARGED_ARMOUR N_("Charged unit: armour")
#define CHARGED_DOUBLE_HANDED N_("Charged unit: double-handed weapon or Rending Claws")
#define CHARGED_STANDARD N_("Charged unit: Battle Standard")
#define CHARGED_CAPTAIN N_("Charged unit: Captain")
#define CHARGED_POLE N_("Charged unit: pole weapon")
#define CHARGED_ADVANTAGE N_("Charged unit: high ground, mounted against foot, or Large")
#define CHARGED_CAUSES N_("Charged unit: causes")
#define CHARGED_TRAINED N_("Charged unit: Trained for War")
#define CHARGED_RESILIENT N_("Charged unit: wounds ignored")
#define CHARGED_APOTHECARY N_("Charged unit: Apothecary")
#define CHARGED_OTHER N_("Charged unit: other attack modifiers")

#define SIDE_INPUTS(p, S) \
  MUSTER_INT_INPUT (p "stands", S##_STANDS, N_("The unit's stands."), 1, 30, 12), \
  MUSTER_INT_INPUT (p "figures", S##_FIGURES, \
                    N_("Infantry 4, Cavalry 2, Line Breakers and Shock 1 (wounds for a " \
                       "Monstrous Creature: 6)."), 1, 6, 4), \
  MUSTER_INT_INPUT (p "dice-per-figure", S##_DICE_PER_FIGURE, \
                    N_("1 for troops that roll one die per figure; a Monstrous Creature rolls " \
                       "its current MR, 1 per wound left."), 0, 4, 1), \
  MUSTER_INT_INPUT (p "dice-per-stand", S##_DICE_PER_STAND, \
                    N_("Bestiary troops: attacks per stand (Line Breaker 2, Shock and Animal " \
                       "Pack 3), while the stand has a figure."), 0, 6, 0), \
  MUSTER_BVF_LEVEL_INPUT (p "experience", S##_EXPERIENCE, \
                          N_("Levy −1, Veteran +1, Elite +2; ranks for \"we are better than " \
                             "you\".")), \
  MUSTER_BVF_ARMOUR_INPUT (p "armour", S##_ARMOUR, N_("Rerolls of failed saves.")), \
  MUSTER_BOOL_INPUT (p "double-handed", S##_DOUBLE_HANDED, \
                     N_("The enemy may not use armour rerolls against its hits."), 0), \
  MUSTER_BOOL_INPUT (p "standard", S##_STANDARD, N_("+1 on attacks."), 0), \
  MUSTER_BVF_CHARACTER_INPUT (p "captain", S##_CAPTAIN, \
                              N_("+1/+2/+3 on attack and defence.")), \
  MUSTER_BOOL_INPUT (p "pole", S##_POLE, \
                     N_("+1 on attack and defence against an enemy without pole weapons."), 0), \
  MUSTER_BOOL_INPUT (p "advantage", S##_ADVANTAGE, \
                     N_("+1 on attack and defence (+1 at most)."), 0), \
  MUSTER_CHOICE_INPUT (p "causes", S##_CAUSES, \
                       N_("Fear or Terror: enemies may need 6s in the first round."), \
                       _muster_bvf_fear_ids, _muster_bvf_fear_labels, 0), \
  MUSTER_BOOL_INPUT (p "trained-for-war", S##_TRAINED, \
                     N_("Ignores Fear, treats Terror as Fear."), 0), \
  MUSTER_INT_INPUT (p "resilient", S##_RESILIENT, N_("Resilient: per attack."), 0, 2, 0), \
  MUSTER_BVF_CHARACTER_INPUT (p "apothecary", S##_APOTHECARY, \
                              N_("Saves casualties on 10 dice.")), \
  MUSTER_INT_INPUT (p "other", S##_OTHER, N_("Added to its hits."), -10, 10, 0)

static const MusterInputSpec rounds_inputs[] = {
  MUSTER_INT_INPUT ("rounds", N_("Rounds"),
                    N_("Rounds of combat (one a game turn); the engagement stops earlier when "
                       "a unit is destroyed."), 1, MAX_ROUNDS, 3),
  MUSTER_BOOL_INPUT ("charge-roll", N_("Charge roll"),
                     N_("Roll one die per stand: only the stands that succeed fight in the first "
                        "round (and cause impact hits); the stragglers join the next turn."), 1),
  MUSTER_BOOL_INPUT ("leader", N_("Charger's Leader"), N_("+1 on the charge roll."), 1),
  MUSTER_BOOL_INPUT ("general", N_("Charger within 12\" of the General"),
                     N_("+2 on the charge roll."), 0),
  MUSTER_CHOICE_INPUT ("direction", N_("Charged into"), N_("Flank or rear: first-round modifiers."),
                       _muster_bvf_direction_ids, _muster_bvf_direction_labels, 0),
  MUSTER_BOOL_INPUT ("attack-column", N_("Charger in Attack Column"),
                     N_("+1 in the first round."), 0),
  MUSTER_BOOL_INPUT ("target-line", N_("Charged unit in Line"),
                     N_("An Attack Column gets +2 instead."), 0),
  MUSTER_INT_INPUT ("impact-per-stand", N_("Impact hits per stand in contact"),
                    N_("Shock L1 or Wedge 1, Shock L3 2; a Monstrous Creature's "
                       "Shock L2 its current MR."), 0, 10, 0),
  MUSTER_INT_INPUT ("column-ranks", N_("Attack Column ranks"),
                    N_("1 impact hit per rank."), 0, 20, 0),
  MUSTER_BOOL_INPUT ("pike", N_("Charged unit has pikes"),
                     N_("Pikes cancel impact hits from the front."), 0),
  MUSTER_BOOL_INPUT ("shield-wall", N_("Charged unit in Shield Wall"),
                     N_("+2 on saves from the front."), 0),
  MUSTER_BOOL_INPUT ("trample", N_("Charger Tramples"),
                     N_("If it inflicts more casualties than it suffers in a turn: D6 more hits, "
                        "saved without armour rerolls (simulated only)."), 0),
  MUSTER_BOOL_INPUT ("break-through", N_("Charger breaks through"),
                     N_("Wedge follow-through or Unstoppable Charge: the same trigger ends the "
                        "combat (simulated only)."), 0),
  MUSTER_BOOL_INPUT ("counter-charge", N_("Counter charge"),
                     N_("§6.2: the charged unit counter-charges: after the impact hits both "
                        "strike at once in the first round, from their numbers before the "
                        "strikes, both charging."), 0),
  MUSTER_BOOL_INPUT ("b-activated", N_("Charged unit already activated"),
                     N_("A unit that has activated this turn does not strike "
                        "back in the first round."), 0),
  MUSTER_INT_INPUT ("b-flees-at", N_("Charged unit flees at"),
                    N_("Its player gives it a Flee order (§5.6) at the start of a turn when it is "
                       "down to this many stands or fewer, which ends the combat; 0 never "
                       "(Stubborn, Independent L2)."), 0, 30, 0),
  SIDE_INPUTS ("a-", CHARGER),
  SIDE_INPUTS ("b-", CHARGED),
};

G_STATIC_ASSERT (G_N_ELEMENTS (rounds_inputs) == R_SIDES + 2 * S_N);

static const char * const result_labels[] = {
  N_("Both still fighting"),
  N_("Charger destroyed"), N_("Charged unit destroyed"), N_("Charger broke through"),
  N_("Charged unit fled"), NULL
};

static const MusterOutputSpec rounds_outputs[] = {
  { .id = "a-figures", .label = N_("Charger's figures left") },
  { .id = "b-figures", .label = N_("Charged unit's figures left") },
  { .id = "result", .label = N_("Result"), .value_labels = result_labels },
  { .id = "rounds", .label = N_("Rounds fought") },
};

/* What one combat needs, worked out once from the inputs. */
typedef struct
{
  const MusterBvfNumbers *n;
  int                     figures[2];       /* at the start */
  int                     stands[2];
  int                     per_stand[2];
  int                     dice_figure[2];
  int                     dice_stand[2];
  MusterBvfMelee          melee[2][2][2];   /* [striker][first round][last stand] */
  MusterBvfStrike         strike[2][2][2];
  gboolean                charge_roll;
  MusterBvfRoll           charge;
  int                     impact_per_stand;
  int                     column_ranks;
  MusterBvfRoll           impact_save;      /* armour rerolls, no modifiers */
  gboolean                trample;
  gboolean                break_through;
  gboolean                counter;          /* the first round's strikes are simultaneous */
  gboolean                b_activated;      /* the charged unit does not strike back at first */
  int                     b_flees_at;       /* stands; 0 never */
  MusterBvfStrike         trample_strike;   /* saves only: no armour, defence modifiers */
  int                     rounds;
  MusterBvfSaveTable     *tables[2][2][2];  /* exact only: made when first needed */
} Plan;

static void
plan_melee (const int      *v,
            int             x,
            gboolean        first,
            gboolean        last,
            MusterBvfMelee *m)
{
  int y = 1 - x;
  gboolean pole_x = SIDE (v, x, S_POLE), pole_y = SIDE (v, y, S_POLE);

  *m = (MusterBvfMelee) {
    .level = SIDE (v, x, S_EXPERIENCE), .first_round = first,
    .charging = x == SIDE_A || (first && v[R_COUNTER]),
    .last_stand = last, .direction = x == SIDE_A ? v[R_DIRECTION] : MUSTER_BVF_FRONT,
    .attack_column = x == SIDE_A && v[R_ATTACK_COLUMN],
    .target_line = x == SIDE_A && v[R_TARGET_LINE], .standard = SIDE (v, x, S_STANDARD),
    .advantages = SIDE (v, x, S_ADVANTAGE), .pole = pole_x && !pole_y,
    .captain = SIDE (v, x, S_CAPTAIN), .other = SIDE (v, x, S_OTHER),
    .causes = SIDE (v, x, S_CAUSES), .trained = SIDE (v, x, S_TRAINED),
    .no_armour = SIDE (v, x, S_DOUBLE_HANDED), .target_level = SIDE (v, y, S_EXPERIENCE),
    .target_armour = SIDE (v, y, S_ARMOUR), .shield_wall = x == SIDE_A && v[R_SHIELD_WALL],
    .target_advantages = SIDE (v, y, S_ADVANTAGE), .target_pole = pole_y && !pole_x,
    .target_captain = SIDE (v, y, S_CAPTAIN), .target_causes = SIDE (v, y, S_CAUSES),
    .resilient = SIDE (v, y, S_RESILIENT), .apothecary = SIDE (v, y, S_APOTHECARY),
  };
}

static void
plan_init (Plan                   *plan,
           const MusterBvfNumbers *n,
           const int              *v)
{
  memset (plan, 0, sizeof *plan);
  plan->n = n;
  for (int x = 0; x < 2; x++)
    {
      plan->stands[x] = SIDE (v, x, S_STANDS);
      plan->per_stand[x] = SIDE (v, x, S_FIGURES);
      plan->figures[x] = plan->stands[x] * plan->per_stand[x];
      plan->dice_figure[x] = SIDE (v, x, S_DICE_FIGURE);
      plan->dice_stand[x] = SIDE (v, x, S_DICE_STAND);
      for (int first = 0; first < 2; first++)
        for (int last = 0; last < 2; last++)
          {
            plan_melee (v, x, first, last, &plan->melee[x][first][last]);
            _muster_bvf_melee_setup (n, &plan->melee[x][first][last],
                                     &plan->strike[x][first][last]);
          }
    }
  plan->charge_roll = v[R_CHARGE_ROLL];
  plan->charge = (MusterBvfRoll) {
    FALSE, 0, 0, FALSE,
    n->success[SIDE (v, SIDE_A, S_EXPERIENCE)] +
    (v[R_LEADER] ? n->mod[MUSTER_BVF_MOD_LEADER] : 0) +
    (v[R_GENERAL] ? n->mod[MUSTER_BVF_MOD_GENERAL] : 0)
  };
  /* Pikes cancel impact hits from the front (§2.4). */
  plan->impact_per_stand = v[R_PIKE] && v[R_DIRECTION] == MUSTER_BVF_FRONT ?
                           0 : v[R_IMPACT_PER_STAND];
  plan->column_ranks = v[R_PIKE] && v[R_DIRECTION] == MUSTER_BVF_FRONT ? 0 : v[R_COLUMN_RANKS];
  plan->impact_save.rerolls = n->armour[SIDE (v, SIDE_B, S_ARMOUR)];
  plan->trample = v[R_TRAMPLE];
  plan->break_through = v[R_BREAK_THROUGH];
  plan->counter = v[R_COUNTER];
  plan->b_activated = v[R_B_ACTIVATED];
  plan->b_flees_at = v[R_B_FLEES_AT];
  plan->trample_strike = plan->strike[SIDE_A][0][0];
  plan->trample_strike.save.rerolls = 0;
  plan->trample_strike.sliding = 0;
  plan->rounds = v[R_ROUNDS];
}

static inline int
stands_left (const Plan *plan,
             int         x,
             int         figures)
{
  return (figures + plan->per_stand[x] - 1) / plan->per_stand[x];
}

/* The +2 of "the unit's last stand" (§5.10 step 9), for a unit worn down to one stand; a unit
 * of one stand or one model from the start has no "last" stand (our reading). */
static inline gboolean
last_stand (const Plan *plan,
            int         x,
            int         figures)
{
  return plan->stands[x] > 1 && stands_left (plan, x, figures) == 1;
}

/* The attack dice of side @x with @figures left; @contact stands only, if not negative. */
static int
plan_dice (const Plan *plan,
           int         x,
           gboolean    first,
           int         figures,
           int         contact)
{
  int stands = stands_left (plan, x, figures);
  const MusterBvfMelee *m = &plan->melee[x][first][last_stand (plan, x, figures)];

  if (contact >= 0 && contact < stands)
    {
      stands = contact;
      figures = MIN (figures, contact * plan->per_stand[x]);
    }
  return _muster_bvf_adjust_dice (plan->n, m, figures * plan->dice_figure[x] +
                                              stands * plan->dice_stand[x]);
}

static const MusterBvfStrike *
plan_strike (const Plan *plan,
             int         x,
             gboolean    first,
             int         figures)
{
  return &plan->strike[x][first][last_stand (plan, x, figures)];
}

static int
impact_hits (const Plan *plan,
             int         contact)
{
  return contact > 0 ? contact * plan->impact_per_stand + plan->column_ranks : 0;
}

/* ---- From die faces --------------------------------------------------------------------- */

/* Side @x strikes the other; returns the casualties it caused. */
static int
play_strike (const Plan     *plan,
             int             x,
             gboolean        first,
             int            *figures,
             int             contact,
             MusterFaces    *faces)
{
  int y = 1 - x;
  int dice = plan_dice (plan, x, first, figures[x], contact);
  int c = _muster_bvf_strike_resolve (plan_strike (plan, x, first, figures[x]), dice,
                                      figures[y], faces, NULL);

  figures[y] -= c;
  return c;
}

static void
rounds_resolve (const Plan     *plan,
                gboolean        engagement,
                MusterFaces    *faces,
                int            *out)
{
  int figures[2] = { plan->figures[SIDE_A], plan->figures[SIDE_B] };
  int result = RESULT_FIGHTING, fought = 0;

  for (int round = 1; round <= plan->rounds && figures[0] > 0 && figures[1] > 0; round++)
    {
      gboolean first = round == 1;
      int contact = -1, inflicted = 0, suffered = 0;

      /* a new turn: the charged unit's Flee order ends the combat */
      if (!first && plan->b_flees_at > 0 &&
          stands_left (plan, SIDE_B, figures[SIDE_B]) <= plan->b_flees_at)
        {
          result = RESULT_B_FLED;
          break;
        }
      fought = round;
      if (first)
        {
          int hits, saves;

          contact = plan->charge_roll ?
                    _muster_bvf_roll_resolve (&plan->charge, plan->stands[SIDE_A], faces) :
                    plan->stands[SIDE_A];
          if (contact == 0)
            continue;   /* nobody arrived: the stragglers fight next turn */
          hits = impact_hits (plan, contact);
          saves = _muster_bvf_roll_resolve (&plan->impact_save, hits, faces);
          inflicted = MIN (figures[SIDE_B], hits - saves);
          figures[SIDE_B] -= inflicted;
          if (figures[SIDE_B] == 0)
            break;
        }
      if (first && plan->counter)
        {
          /* §6.2: both strike from their numbers before the strikes, then both lose */
          int before = figures[SIDE_B];
          int struck = play_strike (plan, SIDE_A, TRUE, figures, contact, faces);

          figures[SIDE_B] = before;
          suffered = play_strike (plan, SIDE_B, TRUE, figures, -1, faces);
          figures[SIDE_B] = before - struck;
          inflicted += struck;
        }
      else
        {
          inflicted += play_strike (plan, SIDE_A, first, figures, contact, faces);
          if (figures[SIDE_B] > 0 && !(first && plan->b_activated))
            suffered = play_strike (plan, SIDE_B, first, figures, -1, faces);
        }

      /* The combat result (§5.10): more casualties inflicted than suffered this turn. */
      if (engagement && inflicted > suffered && figures[SIDE_A] > 0 && figures[SIDE_B] > 0)
        {
          if (plan->trample)
            {
              int hits = muster_faces_d6 (faces);
              int saves = _muster_bvf_roll_resolve (&plan->trample_strike.save, hits, faces);

              figures[SIDE_B] -= MIN (figures[SIDE_B], hits - saves);
            }
          if (plan->break_through && figures[SIDE_B] > 0)
            {
              result = RESULT_BROKE_THROUGH;
              break;
            }
        }
    }

  if (figures[SIDE_A] == 0)
    result = RESULT_A_DESTROYED;
  else if (figures[SIDE_B] == 0)
    result = RESULT_B_DESTROYED;
  out[R_OUT_A] = figures[SIDE_A];
  out[R_OUT_B] = figures[SIDE_B];
  out[R_OUT_RESULT] = result;
  out[R_OUT_ROUNDS] = fought;
}

/* ---- Exact ------------------------------------------------------------------------------ */

typedef struct
{
  double *probs;
  int     length;
} Kernel;

static void
kernel_compute (Plan     *plan,
                int       x,
                gboolean  first,
                int       figures,
                int       contact,
                Kernel   *k)
{
  gboolean last = last_stand (plan, x, figures);
  const MusterBvfStrike *strike = &plan->strike[x][first][last];
  MusterBvfSaveTable **table = &plan->tables[x][first][last];
  int dice = plan_dice (plan, x, first, figures, contact);

  /* The saves of one strike profile serve every size of the striking unit: the most dice are
   * those of the whole unit. */
  if (*table == NULL)
    *table = _muster_bvf_save_table_new (strike, MAX (dice, plan_dice (plan, x, first,
                                                                         plan->figures[x], -1)));
  k->probs = g_new (double, dice + strike->sliding + 1);
  k->length = _muster_bvf_strike_probs_with (strike, *table, dice, NULL, k->probs);
}

/* The kernels of side @x in one kind of round, computed when first needed. */
typedef struct
{
  Plan       *plan;
  int         x;
  gboolean    first;
  Kernel     *by_figures;   /* index: the striker's figures */
} KernelCache;

static const Kernel *
kernel_get (KernelCache *cache,
            int          figures)
{
  Kernel *k = &cache->by_figures[figures];

  if (k->probs == NULL)
    kernel_compute (cache->plan, cache->x, cache->first, figures, -1, k);
  return k;
}

static void
kernel_cache_init (KernelCache *cache,
                   Plan        *plan,
                   int          x,
                   gboolean     first)
{
  cache->plan = plan;
  cache->x = x;
  cache->first = first;
  cache->by_figures = g_new0 (Kernel, plan->figures[x] + 1);
}

static void
kernel_cache_clear (KernelCache *cache)
{
  for (int f = 0; f <= cache->plan->figures[cache->x]; f++)
    g_free (cache->by_figures[f].probs);
  g_free (cache->by_figures);
}

/* Adds @weight × (the target at @target figures losing k ~ @kernel, capped) into @row. */
static inline void
spread (double       *row,
        int           stride,
        int           target,
        double        weight,
        const Kernel *kernel)
{
  double tail = 0.0;
  int top = MIN (kernel->length, target);

  for (int c = 0; c < top; c++)
    row[(target - c) * stride] += weight * kernel->probs[c];
  for (int c = top; c < kernel->length; c++)
    tail += kernel->probs[c];
  row[0] += weight * tail;   /* the rest of the mass destroys the target */
}

/*
 * Half a round: side @x strikes with the kernels of @cache. @from and @to are
 * (a0 + 1) × (b0 + 1) arrays indexed a × (b0 + 1) + b; finished combats carry over.
 *
 * Over half of an exact combat's time is spent here, most of it in the two short loops of
 * spread(). Where the linker put the function decided whether those loops straddle a 64-byte
 * line: 32 bytes into one, both did, and the same instructions took 10-15 % longer (a 3-round
 * combat 0.60 against 0.50 ms after the engine's files moved). Starting the function on a line
 * of its own keeps its loops where they are whatever is linked before it.
 */
static void __attribute__ ((aligned (64)))
half_round (const Plan  *plan,
            KernelCache *cache,
            int          x,
            const double *from,
            double       *to)
{
  int a0 = plan->figures[SIDE_A], b0 = plan->figures[SIDE_B], width = b0 + 1;

  memset (to, 0, (gsize) (a0 + 1) * width * sizeof (double));
  for (int a = 0; a <= a0; a++)
    for (int b = 0; b <= b0; b++)
      {
        double p = from[a * width + b];

        if (p == 0.0)
          continue;
        if (a == 0 || b == 0)
          to[a * width + b] += p;
        else if (x == SIDE_A)
          spread (&to[a * width], 1, b, p, kernel_get (cache, a));
        else
          spread (&to[b], width, a, p, kernel_get (cache, b));
      }
}

/*
 * The first half of round 1: charge roll, impact hits, the charger's strike by contact. In a
 * counter-charge the charged unit's strike (from @b_cache) is made at the same time, from its
 * numbers after the impact hits, and the whole round is done here.
 */
static void
first_charge (Plan        *plan,
              KernelCache *b_cache,
              double      *to)
{
  int a0 = plan->figures[SIDE_A], b0 = plan->figures[SIDE_B], width = b0 + 1;
  int stands = plan->stands[SIDE_A];
  g_autofree double *contact = g_new0 (double, stands + 1);
  g_autofree double *saves = NULL;
  double *row = &to[a0 * width];

  if (plan->charge_roll)
    _muster_bvf_roll_probs (&plan->charge, stands, contact);
  else
    contact[stands] = 1.0;

  for (int c = 0; c <= stands; c++)
    {
      int hits = impact_hits (plan, c);
      Kernel k;

      if (contact[c] == 0.0)
        continue;
      if (c == 0)
        {
          row[b0] += contact[c];
          continue;
        }
      saves = g_renew (double, saves, hits + 1);
      _muster_bvf_roll_probs (&plan->impact_save, hits, saves);
      kernel_compute (plan, SIDE_A, TRUE, a0, c, &k);
      for (int s = 0; s <= hits; s++)
        {
          int b1 = b0 - MIN (hits - s, b0);
          double w = contact[c] * saves[s];

          if (b1 == 0)
            row[0] += w;
          else if (!plan->counter)
            spread (row, 1, b1, w, &k);
          else
            {
              const Kernel *back = kernel_get (b_cache, b1);

              for (int ca = 0; ca < k.length; ca++)
                for (int cb = 0; cb < back->length; cb++)
                  to[(a0 - MIN (cb, a0)) * width + b1 - MIN (ca, b1)] +=
                    w * k.probs[ca] * back->probs[cb];
            }
        }
      g_free (k.probs);
    }
}

static gboolean
rounds_exact (const MusterProcedure  *procedure,
              const MusterRuleset    *ruleset,
              const int              *v,
              MusterDist            **outputs,
              GError                **error)
{
  const MusterBvfNumbers *n = _muster_bvf_numbers (ruleset, error);
  KernelCache caches[2][2];
  g_autofree double *p = NULL;
  g_autofree double *q = NULL;
  g_autofree double *a_probs = NULL;
  g_autofree double *b_probs = NULL;
  double rounds[MAX_ROUNDS + 1] = { 0 }, result[N_RESULTS] = { 0 }, ended = 0.0, gone = 0.0;
  g_autofree double *fled = NULL;
  Plan plan;
  int a0, b0, width;

  if (n == NULL)
    return FALSE;
  if (v[R_TRAMPLE] || v[R_BREAK_THROUGH])
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("Trample and breaking through depend on each turn's casualty tally; "
                     "simulate the engagement instead"));
      return FALSE;
    }
  plan_init (&plan, n, v);
  a0 = plan.figures[SIDE_A];
  b0 = plan.figures[SIDE_B];
  width = b0 + 1;
  p = g_new0 (double, (gsize) (a0 + 1) * width);
  q = g_new0 (double, (gsize) (a0 + 1) * width);
  fled = g_new0 (double, (gsize) (a0 + 1) * width);
  for (int x = 0; x < 2; x++)
    for (int first = 0; first < 2; first++)
      kernel_cache_init (&caches[x][first], &plan, x, first);

  for (int r = 1; r <= plan.rounds; r++)
    {
      double finished = 0.0;

      /* the charged unit's Flee order at the start of a new turn: those combats fought r − 1 */
      if (r > 1 && plan.b_flees_at > 0)
        for (int a = 1; a <= a0; a++)
          for (int b = 1; b <= b0; b++)
            if (stands_left (&plan, SIDE_B, b) <= plan.b_flees_at && p[a * width + b] != 0.0)
              {
                fled[a * width + b] += p[a * width + b];
                rounds[r - 1] += p[a * width + b];
                gone += p[a * width + b];
                p[a * width + b] = 0.0;
              }

      if (r == 1)
        first_charge (&plan, &caches[SIDE_B][1], q);
      else
        half_round (&plan, &caches[SIDE_A][0], SIDE_A, p, q);
      if (r == 1 && (plan.counter || plan.b_activated))
        memcpy (p, q, (gsize) (a0 + 1) * width * sizeof (double));
      else
        half_round (&plan, &caches[SIDE_B][r == 1], SIDE_B, q, p);

      /* Combats that ended in this round fought r rounds. */
      for (int a = 0; a <= a0; a++)
        finished += p[a * width];
      for (int b = 1; b <= b0; b++)
        finished += p[b];
      rounds[r] = MAX (0.0, finished - ended);   /* rounding must not make it negative */
      ended = MAX (ended, finished);
    }
  rounds[plan.rounds] += MAX (0.0, 1.0 - ended - gone);

  for (int x = 0; x < 2; x++)
    for (int first = 0; first < 2; first++)
      {
        kernel_cache_clear (&caches[x][first]);
        for (int last = 0; last < 2; last++)
          _muster_bvf_save_table_free (plan.tables[x][first][last]);
      }

  a_probs = g_new0 (double, a0 + 1);
  b_probs = g_new0 (double, b0 + 1);
  for (int a = 0; a <= a0; a++)
    for (int b = 0; b <= b0; b++)
      {
        double w = p[a * width + b], f = fled[a * width + b];

        a_probs[a] += w + f;
        b_probs[b] += w + f;
        result[a == 0 ? RESULT_A_DESTROYED : b == 0 ? RESULT_B_DESTROYED : RESULT_FIGHTING] += w;
        result[RESULT_B_FLED] += f;
      }
  outputs[R_OUT_A] = _muster_bvf_dist_capped (a_probs, a0 + 1, -1);
  outputs[R_OUT_B] = _muster_bvf_dist_capped (b_probs, b0 + 1, -1);
  outputs[R_OUT_RESULT] = muster_dist_new_from_weights (0, result, N_RESULTS);
  outputs[R_OUT_ROUNDS] = muster_dist_new_from_weights (1, rounds + 1, plan.rounds);
  return TRUE;
}

/* The simulator plays one combat many times: its plan is kept per thread between calls. */
static const Plan *
plan_for (const MusterBvfNumbers *n,
          const int              *v)
{
  static _Thread_local Plan plan;
  static _Thread_local int values[G_N_ELEMENTS (rounds_inputs)];
  static _Thread_local MusterBvfNumbers numbers;
  static _Thread_local gboolean valid;

  if (!valid || memcmp (values, v, sizeof values) != 0 || memcmp (&numbers, n, sizeof numbers) != 0)
    {
      memcpy (values, v, sizeof values);
      numbers = *n;
      plan_init (&plan, &numbers, values);
      valid = TRUE;
    }
  return &plan;
}

gpointer
_muster_bvf_rounds_plan_new (const MusterBvfNumbers *n,
                             const int              *values)
{
  Plan *plan = g_new0 (Plan, 1);

  plan_init (plan, n, values);
  return plan;
}

void
_muster_bvf_rounds_play (gconstpointer   plan,
                         gboolean        engagement,
                         MusterFaces    *faces,
                         int            *outcome)
{
  rounds_resolve (plan, engagement, faces, outcome);
}

void
_muster_bvf_combat_resolve (const MusterBvfNumbers *n,
                            const int              *v,
                            MusterFaces            *faces,
                            int                    *outcome)
{
  rounds_resolve (plan_for (n, v), FALSE, faces, outcome);
}

void
_muster_bvf_engagement_resolve (const MusterBvfNumbers *n,
                                const int              *v,
                                MusterFaces            *faces,
                                int                    *outcome)
{
  rounds_resolve (plan_for (n, v), TRUE, faces, outcome);
}

const MusterBvfProcedure muster_bvf_combat_rounds = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "combat",
    .name = N_("Combat over several rounds"),
    .summary = N_("A charge and the rounds that follow, exactly: charge roll, impact hits, the "
                  "charger strikes first each round and the charged unit strikes back with its "
                  "survivors."),
    MUSTER_PROCEDURE_INPUT_SPECS (rounds_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (rounds_outputs),
    .exact = rounds_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_combat_resolve,
};

const MusterBvfProcedure muster_bvf_engagement = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "engagement",
    .name = N_("Engagement"),
    .summary = N_("The combat fought until a unit is destroyed or the rounds run out, with Trample "
                  "and breaking through on the turn's casualty tally. Simulated."),
    MUSTER_PROCEDURE_INPUT_SPECS (rounds_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (rounds_outputs),
    .exact = NULL,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_engagement_resolve,
};
