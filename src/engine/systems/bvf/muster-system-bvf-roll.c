/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include <string.h>

#include "muster-catalog.h"
#include "muster-engine-error.h"
#include "muster-system-bvf-private.h"

/*
 * Battle Valor Fantasy's Success Dice, exactly and from die faces. Every array of
 * probabilities here has one entry per count, starting at 0.
 */

static const char * const level_rows[] = { "levy", "regular", "veteran", "elite" };
static const char * const armour_rows[] = { "none", "light", "medium", "heavy" };
static const char * const character_rows[] = { "regular", "veteran", "elite" };
static const char * const machine_rows[] = { "stone-thrower", "bolt-thrower" };

/* The spells in the order of the procedure's "spell" choice. */
static const char * const spell_rows[MUSTER_BVF_N_SPELLS] = {
  "fire-ball", "ice-shards", "bad-luck", "fog", "crevasse", "corrosion", "flee", "confusion",
  "chain-lightning", "bird-of-thunder", "magic-armour", "keen-weapons", "wisdom",
  "magic-missiles", "vigor", "magic-shield", "glamor", "wall-of-spikes", "hatred",
};

static const char * const mod_rows[MUSTER_BVF_N_MODS] = {
  "line-shooting", "large-target", "short-range", "long-range", "skirmish-target",
  "target-charging", "fire-and-flee", "shield-wall", "braced", "deep-formation", "last-stand",
  "rear-attack", "column-vs-line", "standard", "advantage", "pole", "flank-attack", "charging",
  "attack-column", "fog", "corrosion", "bad-luck", "slow-thinking", "flanked", "rear-charged",
  "leader", "general", "braced-dice",
};

static gboolean
read_numbers (const MusterRuleset  *ruleset,
              MusterBvfNumbers     *n,
              GError              **error)
{
  for (guint i = 0; i < MUSTER_BVF_N_LEVELS; i++)
    if (!muster_table_read_int (ruleset, "combat-experience", level_rows[i], "success",
                                &n->success[i], error) ||
        !muster_table_read_int (ruleset, "combat-experience", level_rows[i], "rank",
                                &n->rank[i], error))
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (armour_rows); i++)
    if (!muster_table_read_int (ruleset, "combat-armour", armour_rows[i], "rerolls",
                                &n->armour[i], error))
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (character_rows); i++)
    if (!muster_table_read_int (ruleset, "combat-character", character_rows[i], "captain",
                                &n->captain[i], error) ||
        !muster_table_read_int (ruleset, "combat-character", character_rows[i], "apothecary",
                                &n->apothecary[i], error) ||
        !muster_table_read_int (ruleset, "combat-character", character_rows[i], "wizard-dice",
                                &n->wizard_dice[i], error))
      return FALSE;
  for (guint i = 0; i < MUSTER_BVF_N_SPELLS; i++)
    if (!muster_table_read_int (ruleset, "combat-spells", spell_rows[i], "needs",
                                &n->spell_needs[i], error))
      return FALSE;
  if (!muster_table_read_int (ruleset, "combat-spells", "fire-ball-dice", "needs",
                              &n->fire_ball_dice, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (machine_rows); i++)
    if (!muster_table_read_int (ruleset, "combat-war-machines", machine_rows[i], "dice",
                                &n->machine_dice[i], error) ||
        !muster_table_read_int (ruleset, "combat-war-machines", machine_rows[i], "hit",
                                &n->machine_hit[i], error))
      return FALSE;
  if (!muster_table_read_int (ruleset, "combat-war-machines", "stone-thrower", "dice-blind",
                              &n->machine_dice_blind, error) ||
      !muster_table_read_int (ruleset, "combat-war-machines", "stone-thrower", "stray-dice",
                              &n->stray_dice, error))
    return FALSE;
  for (guint i = 0; i < MUSTER_BVF_N_MODS; i++)
    if (!muster_table_read_int (ruleset, "combat-modifiers", mod_rows[i], "value", &n->mod[i],
                                error))
      return FALSE;
  for (guint i = 0; i < MUSTER_BVF_N_ACTIONS; i++)
    if (!muster_table_read_int (ruleset, "combat-actions", _muster_bvf_action_ids[i], "dice",
                                &n->action_dice[i], error) ||
        !muster_table_read_int (ruleset, "combat-actions", _muster_bvf_action_ids[i], "needed",
                                &n->action_needed[i], error))
      return FALSE;
  return TRUE;
}

/*
 * The numbers of @ruleset. The simulator calls a procedure millions of times, so the last
 * ruleset's numbers are kept per thread; the key is the ruleset and its file, because a freed
 * ruleset's address may be reused by another one.
 */
const MusterBvfNumbers *
_muster_bvf_numbers (const MusterRuleset  *ruleset,
                     GError              **error)
{
  static _Thread_local const MusterRuleset *cached_ruleset;
  static _Thread_local char *cached_path;
  static _Thread_local MusterBvfNumbers cached;
  MusterBvfNumbers fresh;

  /* Without a ruleset, the installed one: a caller with no catalog still gets the book. */
  if (ruleset == NULL)
    {
      static MusterCatalog *installed = NULL;

      if (g_once_init_enter (&installed))
        g_once_init_leave (&installed, muster_catalog_new_default ());
      ruleset = muster_catalog_lookup (installed, MUSTER_BVF_SYSTEM);
    }
  if (ruleset == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET,
                   _("Battle Valor Fantasy combat needs the %s ruleset's tables"), MUSTER_BVF_SYSTEM);
      return NULL;
    }
  if (ruleset == cached_ruleset &&
      g_strcmp0 (cached_path, muster_ruleset_get_path (ruleset)) == 0)
    return &cached;

  if (!read_numbers (ruleset, &fresh, error))
    return NULL;
  cached = fresh;
  cached_ruleset = ruleset;
  g_free (cached_path);
  cached_path = g_strdup (muster_ruleset_get_path (ruleset));
  return &cached;
}

/* For samplers, which cannot report errors: the framework has already run exact or checked. */
const MusterBvfNumbers *
_muster_bvf_numbers_or_warn (const MusterRuleset *ruleset)
{
  static const MusterBvfNumbers zero;
  g_autoptr(GError) error = NULL;
  const MusterBvfNumbers *n = _muster_bvf_numbers (ruleset, &error);

  if (n == NULL)
    {
      g_critical ("%s", error->message);
      return &zero;
    }
  return n;
}

/*
 * §1.1: roll @n dice, reroll failures (the first source, then the second), then, under Wall of
 * Spikes, reroll every success once; add the modifier and clamp to [0, n]. Faces are read in
 * that order.
 */
int
_muster_bvf_roll_resolve (const MusterBvfRoll *roll,
                          int                  n,
                          MusterFaces         *faces)
{
  int target = roll->needs_six ? 6 : 5;
  int s = muster_faces_count_d6 (faces, n, target);

  s += muster_faces_count_d6 (faces, MIN (roll->rerolls, n - s), target);
  s += muster_faces_count_d6 (faces, MIN (roll->rerolls2, n - s), target);
  if (roll->spikes)
    s = muster_faces_count_d6 (faces, s, target);
  return CLAMP (s + roll->modifier, 0, n);
}

#define N_RECIPROCALS 1024

/* 1/k for k < N_RECIPROCALS: the binomials below are the exact code's inner loop, and a
 * multiplication is many times cheaper than a division. */
static const double *
reciprocals (void)
{
  static double *table = NULL;

  if (g_once_init_enter (&table))
    {
      double *t = g_new (double, N_RECIPROCALS);

      t[0] = 0.0;
      for (int k = 1; k < N_RECIPROCALS; k++)
        t[k] = 1.0 / k;
      g_once_init_leave (&table, t);
    }
  return table;
}

/* @out[k] = P(k successes among n dice with success chance p) */
static void
binomial (int     n,
          double  p,
          double *out)
{
  const double *inv = reciprocals ();
  double q = 1.0 - p;
  double ratio = p / q;
  double term = 1.0;

  for (int i = 0; i < n; i++)
    term *= q;
  out[0] = term;
  for (int k = 0; k < n; k++)
    out[k + 1] = out[k] * (n - k) * ratio * (k + 1 < N_RECIPROCALS ? inv[k + 1] : 1.0 / (k + 1));
}

/* Rerolls up to @k of the failures among @n dice once: @probs (length n + 1) in place. */
static void
reroll_failures (double *probs,
                 int     n,
                 int     k,
                 double  p)
{
  g_autofree double *next = NULL;
  g_autofree double *b = NULL;

  if (k <= 0)
    return;
  next = g_new0 (double, n + 1);
  b = g_new (double, MIN (k, n) + 1);
  for (int s = 0; s <= n; s++)
    {
      int r = MIN (k, n - s);

      if (probs[s] == 0.0)
        continue;
      binomial (r, p, b);
      for (int j = 0; j <= r; j++)
        next[s + j] += probs[s] * b[j];
    }
  memcpy (probs, next, (n + 1) * sizeof (double));
}

/* The exact distribution of _muster_bvf_roll_resolve(): @out has n + 1 entries. */
void
_muster_bvf_roll_probs (const MusterBvfRoll *roll,
                        int                  n,
                        double              *out)
{
  double p = roll->needs_six ? 1.0 / 6 : 1.0 / 3;
  g_autofree double *raw = g_new0 (double, n + 1);

  binomial (n, p, raw);
  reroll_failures (raw, n, roll->rerolls, p);
  reroll_failures (raw, n, roll->rerolls2, p);
  if (roll->spikes)
    {
      g_autofree double *kept = g_new0 (double, n + 1);
      g_autofree double *b = g_new (double, n + 1);

      for (int s = 0; s <= n; s++)
        {
          if (raw[s] == 0.0)
            continue;
          binomial (s, p, b);
          for (int j = 0; j <= s; j++)
            kept[j] += raw[s] * b[j];
        }
      memcpy (raw, kept, (n + 1) * sizeof (double));
    }

  memset (out, 0, (n + 1) * sizeof (double));
  for (int s = 0; s <= n; s++)
    out[CLAMP (s + roll->modifier, 0, n)] += raw[s];
}

/* §5.10 step 11's tail: Resilient, then the Apothecary's 10 dice; never below 0. */
int
_muster_bvf_post_casualties (const MusterBvfStrike *strike,
                             int                    casualties,
                             MusterFaces           *faces)
{
  MusterBvfRoll apothecary = { FALSE, 0, 0, FALSE, strike->apothecary };

  casualties = MAX (0, casualties - strike->ignore);
  if (strike->apothecary >= 0 && casualties > 0)
    {
      /* Not inside MAX (): it would roll twice. */
      int saved = _muster_bvf_roll_resolve (&apothecary, 10, faces);

      casualties = MAX (0, casualties - saved);
    }
  return casualties;
}

/* The exact counterpart of _muster_bvf_post_casualties(), in place over @length counts. */
void
_muster_bvf_post_probs (const MusterBvfStrike *strike,
                        double                *probs,
                        int                    length)
{
  g_autofree double *next = g_new0 (double, length);

  for (int c = 0; c < length; c++)
    next[MAX (0, c - strike->ignore)] += probs[c];

  if (strike->apothecary >= 0)
    {
      MusterBvfRoll apothecary = { FALSE, 0, 0, FALSE, strike->apothecary };
      double saved[11];

      _muster_bvf_roll_probs (&apothecary, 10, saved);
      memset (probs, 0, length * sizeof (double));
      probs[0] = next[0];
      for (int c = 1; c < length; c++)
        for (int a = 0; a <= 10; a++)
          probs[MAX (0, c - a)] += next[c] * saved[a];
    }
  else
    memcpy (probs, next, length * sizeof (double));
}

/*
 * One strike (§5.9 steps 1–7, §5.10 steps 9–11), from faces: hits, saves, casualties =
 * hits − saves + sliding, then Resilient and the Apothecary, capped at @cap.
 */
int
_muster_bvf_strike_resolve (const MusterBvfStrike *strike,
                            int                    dice,
                            int                    cap,
                            MusterFaces           *faces,
                            int                   *hits_out)
{
  int hits = _muster_bvf_roll_resolve (&strike->hit, dice, faces);
  int saves = _muster_bvf_roll_resolve (&strike->save, hits, faces);
  int casualties = _muster_bvf_post_casualties (strike, hits - saves + strike->sliding, faces);

  if (hits_out != NULL)
    *hits_out = hits;
  return MIN (casualties, cap);
}

/*
 * The saves of every number of hits up to @max_hits, as casualties before Resilient and the
 * Apothecary: row h holds P(casualties = c | h hits) for c = 0…max_hits + sliding.
 *
 * Saves = clamp(S1 + S2 + m, 0, h) where S1 ~ B(h, p) and S2 are the rerolls of the f = h − S1
 * failures, so the casualties are clamp(g − m, 0, h) + sliding with g the failures left after
 * the rerolls. The rerolls depend on f alone: they are worked out once per f, not per h.
 */
MusterBvfSaveTable *
_muster_bvf_save_table_new (const MusterBvfStrike *strike,
                            int                    max_hits)
{
  const MusterBvfRoll *save = &strike->save;
  double p = save->needs_six ? 1.0 / 6 : 1.0 / 3;
  MusterBvfSaveTable *table = g_new0 (MusterBvfSaveTable, 1);
  int n = max_hits + 1;
  g_autofree double *left = g_new0 (double, (gsize) n * n);   /* left[f][g] */
  g_autofree double *b = g_new (double, n);
  g_autofree double *stage = g_new (double, n);

  table->max_hits = max_hits;
  table->width = max_hits + strike->sliding + 1;
  table->rows = g_new0 (double, (gsize) n * table->width);

  /* failures f → failures left g, through both sources of rerolls */
  for (int f = 0; f <= max_hits; f++)
    {
      int r1 = MIN (save->rerolls, f);

      memset (stage, 0, n * sizeof (double));
      binomial (r1, p, b);
      for (int j = 0; j <= r1; j++)
        stage[f - j] += b[j];
      for (int g1 = f - r1; g1 <= f; g1++)
        {
          int r2 = MIN (save->rerolls2, g1);

          if (stage[g1] == 0.0)
            continue;
          binomial (r2, p, b);
          for (int j = 0; j <= r2; j++)
            left[f * n + g1 - j] += stage[g1] * b[j];
        }
    }

  for (int h = 0; h <= max_hits; h++)
    {
      double *row = &table->rows[(gsize) h * table->width];

      binomial (h, p, b);
      for (int s1 = 0; s1 <= h; s1++)
        {
          int f = h - s1;
          const double *to = &left[f * n];

          /* the rerolls save at most rerolls + rerolls2 of the f failures */
          for (int g = MAX (0, f - save->rerolls - save->rerolls2); g <= f; g++)
            if (to[g] != 0.0)
              row[CLAMP (g - save->modifier, 0, h) + strike->sliding] += b[s1] * to[g];
        }
    }
  return table;
}

void
_muster_bvf_save_table_free (MusterBvfSaveTable *table)
{
  if (table == NULL)
    return;
  g_free (table->rows);
  g_free (table);
}

/*
 * The exact counterpart of _muster_bvf_strike_resolve() before the cap, with the saves of
 * @table (built for @strike, with @dice ≤ its max_hits): @hits gets dice + 1 entries (may be
 * %NULL), @casualties dice + sliding + 1. Returns the length of @casualties.
 */
int
_muster_bvf_strike_probs_with (const MusterBvfStrike    *strike,
                               const MusterBvfSaveTable *table,
                               int                       dice,
                               double                   *hits,
                               double                   *casualties)
{
  int length = dice + strike->sliding + 1;
  g_autofree double *h = g_new (double, dice + 1);

  g_return_val_if_fail (dice <= table->max_hits, 0);

  _muster_bvf_roll_probs (&strike->hit, dice, h);
  if (hits != NULL)
    memcpy (hits, h, (dice + 1) * sizeof (double));

  memset (casualties, 0, length * sizeof (double));
  for (int k = 0; k <= dice; k++)
    {
      const double *row = &table->rows[(gsize) k * table->width];

      if (h[k] == 0.0)
        continue;
      /* k hits cause at most k + sliding casualties */
      for (int c = 0; c <= k + strike->sliding; c++)
        casualties[c] += h[k] * row[c];
    }
  _muster_bvf_post_probs (strike, casualties, length);
  return length;
}

/*
 * As _muster_bvf_strike_probs_with(), for one call. With no negative defence modifier the
 * casualties, max(0, g − m) + sliding, depend on the failures left g alone, never on the number
 * of hits: then the first failures f are mixed over the hits once, and the rerolls applied to
 * that mixture, instead of to every number of hits.
 */
int
_muster_bvf_strike_probs (const MusterBvfStrike *strike,
                          int                    dice,
                          double                *hits,
                          double                *casualties)
{
  const MusterBvfRoll *save = &strike->save;
  double p = save->needs_six ? 1.0 / 6 : 1.0 / 3;
  int length = dice + strike->sliding + 1;
  g_autofree double *h = NULL;
  g_autofree double *fails = NULL;
  g_autofree double *b = NULL;

  if (save->modifier < 0)
    {
      MusterBvfSaveTable *table = _muster_bvf_save_table_new (strike, dice);

      length = _muster_bvf_strike_probs_with (strike, table, dice, hits, casualties);
      _muster_bvf_save_table_free (table);
      return length;
    }

  h = g_new (double, dice + 1);
  fails = g_new0 (double, dice + 1);
  b = g_new (double, dice + 1);
  _muster_bvf_roll_probs (&strike->hit, dice, h);
  if (hits != NULL)
    memcpy (hits, h, (dice + 1) * sizeof (double));

  /* the first failures: each hit fails its save with 1 − p */
  for (int k = 0; k <= dice; k++)
    {
      if (h[k] == 0.0)
        continue;
      binomial (k, 1.0 - p, b);
      for (int f = 0; f <= k; f++)
        fails[f] += h[k] * b[f];
    }
  /* the rerolls turn failures into saves: the failures left are n − successes */
  {
    g_autofree double *successes = g_new (double, dice + 1);

    for (int f = 0; f <= dice; f++)
      successes[dice - f] = fails[f];
    reroll_failures (successes, dice, save->rerolls, p);
    reroll_failures (successes, dice, save->rerolls2, p);
    memset (casualties, 0, length * sizeof (double));
    for (int g = 0; g <= dice; g++)
      casualties[MAX (0, g - save->modifier) + strike->sliding] += successes[dice - g];
  }
  _muster_bvf_post_probs (strike, casualties, length);
  return length;
}

/* @probs over 0…length−1, every value above @cap counted at @cap (a negative cap: none). */
MusterDist *
_muster_bvf_dist_capped (const double *probs,
                         int           length,
                         int           cap)
{
  g_autofree double *capped = NULL;

  if (cap < 0 || cap >= length - 1)
    return muster_dist_new_from_weights (0, probs, length);
  capped = g_new0 (double, cap + 1);
  for (int c = 0; c < length; c++)
    capped[MIN (c, cap)] += probs[c];
  return muster_dist_new_from_weights (0, capped, cap + 1);
}

/* The Successes of @roll on @n dice, 0…@n, as a distribution. */
MusterDist *
_muster_bvf_dist_of_roll (const MusterBvfRoll *roll,
                          int                  n)
{
  g_autofree double *probs = g_new (double, n + 1);

  _muster_bvf_roll_probs (roll, n, probs);
  return _muster_bvf_dist_capped (probs, n + 1, -1);
}

static int
stands_left (int      made,
             gpointer stands)
{
  return GPOINTER_TO_INT (stands) - made;
}

/* One die per stand (a charge, a flee, a rally): the stands whose die succeeds, and the rest. */
void
_muster_bvf_stand_roll_outputs (const MusterBvfRoll  *roll,
                                int                   stands,
                                MusterDist          **made,
                                MusterDist          **left)
{
  *made = _muster_bvf_dist_of_roll (roll, stands);
  *left = muster_dist_map (*made, stands_left, GINT_TO_POINTER (stands));
}

void
_muster_bvf_stand_roll_resolve (const MusterBvfRoll *roll,
                                int                  stands,
                                MusterFaces         *faces,
                                int                 *made,
                                int                 *left)
{
  *made = _muster_bvf_roll_resolve (roll, stands, faces);
  *left = stands - *made;
}

/* A strike's exact outputs: the hits, and the casualties capped at @cap. */
void
_muster_bvf_strike_outputs (const MusterBvfStrike  *strike,
                            int                     dice,
                            int                     cap,
                            MusterDist            **hits_out,
                            MusterDist            **casualties_out)
{
  g_autofree double *hits = g_new (double, dice + 1);
  g_autofree double *casualties = g_new (double, dice + strike->sliding + 1);
  int length = _muster_bvf_strike_probs (strike, dice, hits, casualties);

  *hits_out = _muster_bvf_dist_capped (hits, dice + 1, -1);
  *casualties_out = _muster_bvf_dist_capped (casualties, length, cap);
}
