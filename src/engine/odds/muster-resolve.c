/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-resolve"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-engine-error.h"
#include "muster-faces.h"
#include "muster-markers.h"
#include "muster-resolve-private.h"
#include "muster-system.h"
#include "muster-unit.h"

typedef struct
{
  const MusterOddsSide *side;   /* NULL: the procedure has no such side */
  guint                 size;
  char                 *markers;
} EffectSide;

struct _MusterRollEffect
{
  const MusterOddsFacts *facts;
  const MusterProcedure *procedure;
  const int             *outcome;
  EffectSide             sides[2];
  GString               *text;
  guint                  n_changes;
};

const MusterOddsFacts *
muster_roll_effect_get_facts (const MusterRollEffect *self)
{
  return self->facts;
}

/* Returns: whether the procedure has @output; its value in @value */
gboolean
muster_roll_effect_get_output (const MusterRollEffect *self,
                          const char         *output,
                          int                *value)
{
  int index = muster_procedure_find_output (self->procedure, output);

  if (index < 0)
    return FALSE;
  *value = self->outcome[index];
  return TRUE;
}

/* Returns: the size the unit has after what the effect did so far */
guint
muster_roll_effect_get_size (const MusterRollEffect *self,
                        MusterRollSide    side)
{
  return self->sides[side].size;
}

static void
add_line (MusterRollEffect *self,
          const char   *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
add_line (MusterRollEffect *self,
          const char   *format,
          ...)
{
  va_list args;

  if (self->text->len > 0)
    g_string_append (self->text, "; ");
  va_start (args, format);
  g_string_append_vprintf (self->text, format, args);
  va_end (args);
}

static const char *
side_name (const MusterRollEffect *self,
           MusterRollSide    side)
{
  return muster_odds_side_name (self->sides[side].side);
}

/* "stand"/"stands", after the unit type's size unit */
static char *
size_words (const MusterRollEffect *self,
            MusterRollSide    side,
            guint               n)
{
  const MusterUnitType *type =
    muster_ruleset_get_unit_type (self->facts->ruleset,
                                  muster_unit_get_type_id (self->sides[side].side->unit));
  const char *unit = type != NULL && type->size_unit != NULL ? type->size_unit : "stand";

  return g_strdup_printf ("%u %s%s", n, unit, n == 1 ? "" : "s");
}

/**
 * muster_roll_effect_lose:
 *
 * @n of the unit's size (stands, figures, soldiers) are lost, down to 0.
 */
void
muster_roll_effect_lose (MusterRollEffect     *self,
                    MusterRollSide  side,
                    guint             n)
{
  EffectSide *s = &self->sides[side];
  g_autofree char *words = NULL;
  guint before = s->size;

  if (s->side == NULL || n == 0 || s->size == 0)
    return;
  n = MIN (n, s->size);
  s->size -= n;
  words = size_words (self, side, n);
  add_line (self, "%s loses %s (%u → %u)", side_name (self, side), words, before, s->size);
  self->n_changes++;
}

static void
set_marker (MusterRollEffect     *self,
            MusterRollSide  side,
            const char       *marker,
            const char       *value)
{
  EffectSide *s = &self->sides[side];
  char *markers = muster_markers_set (s->markers, marker, value);

  g_free (s->markers);
  s->markers = markers;
  self->n_changes++;
}

/**
 * muster_roll_effect_count:
 * @per: how many of @marker take one from the unit's size; 0 or less: none does
 *
 * @add more on the count @marker (hits, figures lost); each whole @per of the count is one
 * of the unit's size lost, and the rest stays on the marker.
 */
void
muster_roll_effect_count (MusterRollEffect     *self,
                     MusterRollSide  side,
                     const char       *marker,
                     int               add,
                     int               per)
{
  EffectSide *s = &self->sides[side];
  g_autofree char *value = NULL;
  int total, lost = 0;

  if (s->side == NULL || add <= 0)
    return;
  total = muster_markers_get_int (s->markers, marker) + add;
  if (per > 0)
    {
      lost = MIN ((guint) (total / per), s->size);
      total -= lost * per;
    }
  add_line (self, "%s takes %d %s", side_name (self, side), add, marker);
  value = total > 0 ? g_strdup_printf ("%d", total) : NULL;
  set_marker (self, side, marker, value);
  muster_roll_effect_lose (self, side, (guint) lost);
  if (per > 0 && total > 0)
    add_line (self, "%s keeps %s=%d", side_name (self, side), marker, total);
}

/**
 * muster_roll_effect_add:
 * @max: the most the marker can count; 0 or less: no limit
 *
 * @add more on the count @marker (suppression markers, IP lost).
 */
void
muster_roll_effect_add (MusterRollEffect     *self,
                   MusterRollSide  side,
                   const char       *marker,
                   int               add,
                   int               max)
{
  EffectSide *s = &self->sides[side];
  int before, after;
  g_autofree char *value = NULL;

  if (s->side == NULL || add <= 0)
    return;
  before = muster_markers_get_int (s->markers, marker);
  after = before + add;
  if (max > 0)
    after = MIN (after, max);
  if (after == before)
    {
      add_line (self, "%s keeps %s %d (at most %d)", side_name (self, side), marker, before, max);
      return;
    }
  value = g_strdup_printf ("%d", after);
  set_marker (self, side, marker, value);
  add_line (self, "%s: %s %d → %d", side_name (self, side), marker, before, after);
}

/**
 * muster_roll_effect_mark:
 * @value: (nullable): the marker's value; "" for a flag, %NULL takes the marker off
 */
void
muster_roll_effect_mark (MusterRollEffect     *self,
                    MusterRollSide  side,
                    const char       *marker,
                    const char       *value)
{
  EffectSide *s = &self->sides[side];
  g_autofree char *before = NULL;

  if (s->side == NULL)
    return;
  before = muster_markers_get (s->markers, marker);
  if (g_strcmp0 (before, value) == 0)
    return;
  set_marker (self, side, marker, value);
  if (value == NULL)
    add_line (self, "%s is no longer %s", side_name (self, side), marker);
  else if (value[0] == '\0')
    add_line (self, "%s is %s", side_name (self, side), marker);
  else
    add_line (self, "%s: %s %s", side_name (self, side), marker, value);
}

/* A line of the effect that changes nothing in the document: for the players to carry out. */
void
muster_roll_effect_note (MusterRollEffect *self,
                    const char   *format,
                    ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  add_line (self, "%s", text);
}

/* "Shaken, halted at safety" → "shaken-halted-at-safety" */
static char *
slug (const char *label)
{
  GString *out = g_string_new (NULL);
  gboolean dash = FALSE;

  for (const char *p = label; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          if (dash && out->len > 0)
            g_string_append_c (out, '-');
          g_string_append_c (out, g_ascii_tolower (*p));
          dash = FALSE;
        }
      else
        dash = TRUE;
    }
  return g_string_free (out, FALSE);
}

/**
 * muster_roll_effect_apply_rules:
 * @rules: (array length=n_rules): a system's effects
 *
 * Does what each row of @rules for @procedure says, in order.
 *
 * Returns: how many rows were for @procedure
 */
guint
muster_roll_effect_apply_rules (MusterRollEffect           *self,
                           const MusterProcedure  *procedure,
                           const MusterRollEffectRule *rules,
                           guint                   n_rules)
{
  guint n = 0;

  for (guint i = 0; i < n_rules; i++)
    {
      const MusterRollEffectRule *rule = &rules[i];
      int index, value;

      if (g_strcmp0 (rule->procedure, procedure->id) != 0 ||
          (index = muster_procedure_find_output (procedure, rule->output)) < 0)
        continue;
      n++;
      value = self->outcome[index];
      switch (rule->kind)
        {
        case MUSTER_ROLL_LOSE:
          muster_roll_effect_lose (self, rule->side, (guint) MAX (value, 0));
          break;
        case MUSTER_ROLL_COUNT:
          muster_roll_effect_count (self, rule->side, rule->marker, value, rule->per);
          break;
        case MUSTER_ROLL_ADD:
          muster_roll_effect_add (self, rule->side, rule->marker, value, rule->per);
          break;
        case MUSTER_ROLL_STATE:
        case MUSTER_ROLL_LABEL:
          if (rule->kind == MUSTER_ROLL_LABEL || value > 0)
            {
              g_autofree char *label = muster_procedure_format_value (procedure, (guint) index,
                                                                      value);
              g_autofree char *state = slug (label);

              muster_roll_effect_mark (self, rule->side, rule->marker, state);
            }
          break;
        case MUSTER_ROLL_FLAG:
          muster_roll_effect_mark (self, rule->side, rule->marker, value != 0 ? "" : NULL);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return n;
}

/* The roll */

static char *
format_result (const MusterProcedure *procedure,
               const int             *outcome)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < procedure->n_outputs; i++)
    {
      g_autofree char *value = muster_procedure_format_value (procedure, i, outcome[i]);

      g_string_append_printf (out, "%s%s: %s", i > 0 ? " · " : "", procedure->outputs[i].label,
                              value);
    }
  return g_string_free (out, FALSE);
}

static gboolean
play (const MusterProcedure  *procedure,
      const MusterRuleset    *ruleset,
      const int              *values,
      MusterDice             *dice,
      int                    *outcome,
      GError                **error)
{
  gpointer prepared;

  if (procedure->sample != NULL)
    {
      procedure->sample (procedure, ruleset, values, dice, outcome);
      return TRUE;
    }
  if (procedure->prepare == NULL ||
      !(prepared = procedure->prepare (procedure, ruleset, values, error)))
    return FALSE;
  procedure->sample_prepared (procedure, prepared, dice, outcome);
  procedure->free_prepared (prepared);
  return TRUE;
}

static void
add_change (MusterLogEntry   *entry,
            const EffectSide *s)
{
  MusterLogChange change;
  MusterUnit *unit;

  if (s->side == NULL)
    return;
  unit = s->side->unit;
  if (s->size == muster_unit_get_size (unit) &&
      g_strcmp0 (s->markers, muster_unit_get_markers (unit)) == 0)
    return;
  change = (MusterLogChange) {
    g_strdup (muster_unit_get_id (unit)), muster_unit_get_size (unit), s->size,
    g_strdup (muster_unit_get_markers (unit)), g_strdup (s->markers),
  };
  g_array_append_val (entry->changes, change);
}

/* The effect of @outcome on the two units, in @entry's effect and changes. */
static void
resolve_effect (const MusterOddsFacts *facts,
                const MusterProcedure *procedure,
                const int             *outcome,
                MusterLogEntry        *entry)
{
  const MusterSystem *system = muster_system_lookup (procedure->system);
  MusterRollEffect effect = { facts, procedure, outcome, { { 0 } }, g_string_new (NULL), 0 };
  const MusterOddsSide *sides[2] = { &facts->acting, &facts->target };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      effect.sides[i].side = sides[i];
      effect.sides[i].size = muster_unit_get_size (sides[i]->unit);
      effect.sides[i].markers = g_strdup (muster_unit_get_markers (sides[i]->unit));
    }

  if (system != NULL && system->resolve_effect != NULL)
    system->resolve_effect (procedure, &effect);

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    add_change (entry, &effect.sides[i]);
  entry->note_only = entry->changes->len == 0;
  if (entry->note_only)
    {
      if (effect.text->len > 0)
        g_string_append (effect.text, ". ");
      g_string_append (effect.text, "Only a note: nothing in the document changes; carry the "
                                    "result out at the table");
    }
  entry->effect = g_string_free (effect.text, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    g_free (effect.sides[i].markers);
}

/**
 * muster_resolve_roll:
 * @facts: the two units
 * @fill: @facts' procedure's inputs, as filled (and perhaps changed since)
 * @typed: (nullable) (array): per input, whether the user typed its value (the log says so
 *   instead of @fill's source)
 * @seed: the dice's seed, usually muster_doc_get_seed()
 *
 * Plays @fill's procedure once with dice rolled from @seed.
 *
 * Returns: (transfer full) (nullable): the battle-log entry, not applied yet, or %NULL with
 *   @error set (inputs out of range, a procedure the table says cannot be carried out)
 */
MusterLogEntry *
muster_resolve_roll (const MusterOddsFacts *facts,
                     const MusterOddsFill  *fill,
                     const gboolean        *typed,
                     guint64                seed,
                     GError               **error)
{
  const MusterProcedure *procedure = fill->procedure;
  g_autoptr(MusterLogEntry) entry = muster_log_entry_new ();
  g_autoptr(MusterDice) dice = NULL;
  g_autofree int *outcome = NULL;

  if (fill->blocked != NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("%s cannot be carried out as the units stand: %s"), procedure->name,
                   fill->blocked);
      return NULL;
    }
  if (!muster_procedure_check_values (procedure, fill->values, error))
    return NULL;

  entry->turn = muster_doc_get_turn (facts->doc);
  entry->acting = g_strdup (muster_unit_get_id (facts->acting.unit));
  entry->acting_name = g_strdup (muster_odds_side_name (&facts->acting));
  /* Both units, even for a procedure of one (a morale test): the log tells what was picked. */
  entry->target = g_strdup (muster_unit_get_id (facts->target.unit));
  entry->target_name = g_strdup (muster_odds_side_name (&facts->target));
  entry->procedure = g_strdup (procedure->id);
  entry->seed = seed;
  for (guint i = 0; i < procedure->n_inputs; i++)
    {
      g_autofree char *shown = muster_procedure_format_input (&procedure->inputs[i],
                                                              fill->values[i]);
      gboolean by_hand = typed != NULL && typed[i];

      muster_log_entry_add_input (entry, procedure->inputs[i].id, fill->values[i], shown,
                                  by_hand ? "typed" : muster_odds_source_to_string (fill->sources[i]),
                                  by_hand ? NULL : fill->reasons[i]);
    }

  dice = muster_dice_new (seed);
  muster_dice_set_record (dice, entry->dice);
  outcome = g_new0 (int, MAX (procedure->n_outputs, MUSTER_FACES_MAX_OUTCOMES));
  if (!play (procedure, facts->ruleset, fill->values, dice, outcome, error))
    return NULL;
  muster_dice_set_record (dice, NULL);
  entry->next_seed = muster_dice_next (dice);

  entry->result = format_result (procedure, outcome);
  resolve_effect (facts, procedure, outcome, entry);
  return g_steal_pointer (&entry);
}
