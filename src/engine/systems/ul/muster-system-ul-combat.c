/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "muster-engine-error.h"
#include "muster-system-ul-private.h"

/*
 * Undying Lands: what the procedures share (dice from the ruleset's tables, the play machinery
 * of muster-system-ul-private.h, the integrity test's result) and the procedure table.
 */


const char * const muster_ul_class_ids[] = { "foot", "mounted", "leviathan", "behemoth", NULL };
const char * const muster_ul_class_labels[] = { N_("Foot"), N_("Mounted"), N_("Leviathan"),
  N_("Behemoth"), NULL };
const char * const muster_ul_order_ids[] = { "close", "loose", "open", NULL };
const char * const muster_ul_order_labels[] = {
  N_("Close Order"), N_("Loose Order"), N_("Open Order"), NULL
};
const char * const muster_ul_status_ids[] = { "regular", "irregular", NULL };
const char * const muster_ul_status_labels[] = { N_("Regular"), N_("Irregular"), NULL };
const char * const muster_ul_proficiency_ids[] = { "militia", "drilled", "skilled", NULL };
const char * const muster_ul_proficiency_labels[] = { N_("Militia"), N_("Drilled"), N_("Skilled"),
  NULL };

static const MusterUlPlayClass * const play_classes[] = {
  &_muster_ul_shoot_class,
  &_muster_ul_melee_round_class,
  &_muster_ul_integrity_test_class,
  &_muster_ul_fanatic_charge_class,
  &_muster_ul_evade_class,
  &_muster_ul_break_off_class,
  &_muster_ul_repulse_class,
  &_muster_ul_rally_class,
  &_muster_ul_activation_class,
  &_muster_ul_sub_commander_initiative_class,
  &_muster_ul_tu_initiative_class,
  &_muster_ul_terrain_class,
};

/**
 * _muster_ul_parse_dice:
 * @text: the book's notation: "d6", "2d6"; "d2" is half a d4 rounded up, which is a fair d2
 * @dice: (out): the roll
 *
 * Returns: %TRUE if @text is a roll of at least one die of at least two sides
 */
gboolean
_muster_ul_parse_dice (const char   *text,
                       MusterUlDice *dice)
{
  const char *d;
  char *end = NULL;
  guint64 n = 1, sides;

  g_return_val_if_fail (dice != NULL, FALSE);

  if (text == NULL || (d = strchr (text, 'd')) == NULL)
    return FALSE;
  if (d != text)
    {
      g_autofree char *count = g_strndup (text, d - text);

      if (!g_ascii_string_to_unsigned (count, 10, 1, 8, &n, NULL))
        return FALSE;
    }
  sides = g_ascii_strtoull (d + 1, &end, 10);
  if (end == d + 1 || *end != '\0' || sides < 2 || sides > 100)
    return FALSE;
  dice->n = (guint) n;
  dice->sides = (guint) sides;
  return TRUE;
}

gboolean
_muster_ul_refuse (GError     **error,
                   const char  *format,
                   ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (MUSTER_ENGINE_ERROR,
                                                MUSTER_ENGINE_ERROR_INVALID_INPUT, format, ap));
  va_end (ap);
  return FALSE;
}

gboolean
_muster_ul_table_dice (const MusterRuleset  *ruleset,
                       const char           *table,
                       const char           *row,
                       const char           *column,
                       MusterUlDice         *dice,
                       GError              **error)
{
  const char *text;

  if (!muster_table_read_text (ruleset, table, row, column, &text, error))
    return FALSE;
  if (!_muster_ul_parse_dice (text, dice))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("table “%s”, %s, %s is not a roll such as 2d6"), table, row, column);
      return FALSE;
    }
  return TRUE;
}

/* Modifier tables have one column, "value". */
gboolean
_muster_ul_modifier (const MusterRuleset  *ruleset,
                     const char           *table,
                     const char           *row,
                     int                  *value,
                     GError              **error)
{
  return muster_table_read_int (ruleset, table, row, "value", value, error);
}

/* TM, the Tactical Move of p.9: the order's rate plus the Fast bonus. */
gboolean
_muster_ul_move_rate (const MusterRuleset  *ruleset,
                      MusterUlClass         klass,
                      MusterUlOrder         order,
                      gboolean              fast,
                      int                  *tm,
                      GError              **error)
{
  if (fast && order == MUSTER_UL_CLOSE)
    return _muster_ul_refuse (error, _("only Loose or Open Order vignettes may be Fast"));
  if (!muster_table_read_int (ruleset, "move-rate", muster_ul_order_ids[order],
                              muster_ul_class_ids[klass], tm, error))
    return FALSE;
  return muster_table_add_int (ruleset, "move-rate", "fast", muster_ul_class_ids[klass],
                               fast != 0, tm, error);
}

MusterDist *
_muster_ul_dice_dist (MusterUlDice dice)
{
  return muster_dist_new_dice_sum (dice.n, dice.sides);
}

int
_muster_ul_roll (MusterDice   *dice,
                 MusterUlDice  roll)
{
  int total = 0;

  for (guint i = 0; i < roll.n; i++)
    total += muster_dice_roll (dice, roll.sides);
  return total;
}

/* Returns the index of the first of the new faces. */
guint
_muster_ul_play_add_dice (MusterUlPlay *play,
                          MusterUlDice  dice)
{
  g_return_val_if_fail (play->layout.n_faces + dice.n <= MUSTER_UL_MAX_FACES,
                        play->layout.n_faces);

  return muster_face_layout_add_dice (&play->layout, dice.n, dice.sides);
}

int
_muster_ul_sum_faces (const int *faces,
                      guint      first,
                      guint      n)
{
  int total = 0;

  for (guint i = 0; i < n; i++)
    total += faces[first + i];
  return total;
}

MusterUlPlay *
_muster_ul_play_new (const MusterProcedure  *procedure,
                     const MusterRuleset    *ruleset,
                     const int              *values,
                     GError                **error)
{
  g_autoptr(MusterUlPlay) play = NULL;

  g_return_val_if_fail (procedure != NULL, NULL);
  g_return_val_if_fail (values != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (play_classes); i++)
    if (play_classes[i]->procedure == procedure)
      {
        play = g_new0 (MusterUlPlay, 1);
        play->klass = play_classes[i];
      }
  if (play == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_PROCEDURE,
                   _("%s %s is not resolved from die faces"), procedure->system, procedure->id);
      return NULL;
    }
  if (!muster_procedure_check_values (procedure, values, error)
      || !play->klass->prepare (play, ruleset, values, error))
    return NULL;
  return g_steal_pointer (&play);
}

guint
_muster_ul_play_get_n_faces (const MusterUlPlay *self)
{
  return self->layout.n_faces;
}

const int *
_muster_ul_play_get_sides (const MusterUlPlay *self)
{
  return self->layout.face_max;
}

/**
 * _muster_ul_play_resolve:
 * @faces: one face per die of _muster_ul_play_get_sides(), each from 1 to its sides
 * @outcome: (out caller-allocates): one value per output of the procedure
 */
void
_muster_ul_play_resolve (const MusterUlPlay *self,
                         const int          *faces,
                         int                *outcome)
{
  self->klass->resolve (self, faces, outcome);
}

void
_muster_ul_play_free (MusterUlPlay *self)
{
  g_free (self);
}

/* The exact hook of every procedure that resolves from die faces: prepare, enumerate. */
gboolean
_muster_ul_exact (const MusterProcedure  *procedure,
                  const MusterRuleset    *ruleset,
                  const int              *values,
                  MusterDist            **outputs,
                  GError                **error)
{
  g_autoptr(MusterUlPlay) play = _muster_ul_play_new (procedure, ruleset, values, error);

  if (play == NULL)
    return FALSE;
  play->klass->exact (play, values, outputs);
  return TRUE;
}

/* The sampler of every procedure that resolves from die faces: roll them all, resolve. */
void
_muster_ul_sample (const MusterProcedure *procedure,
                   const MusterRuleset   *ruleset,
                   const int             *values,
                   MusterDice            *dice,
                   int                   *outcome)
{
  g_autoptr(MusterUlPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  int faces[MUSTER_UL_MAX_FACES];

  play = _muster_ul_play_new (procedure, ruleset, values, &error);
  if (play == NULL)
    {
      /* The sampler cannot report an error; the exact preview of the same inputs does. Once,
       * not once per trial. */
      g_warning_once ("%s %s: %s", procedure->system, procedure->id, error->message);
      memset (outcome, 0, procedure->n_outputs * sizeof (int));
      return;
    }
  muster_face_layout_roll (&play->layout, dice, faces);
  _muster_ul_play_resolve (play, faces, outcome);
}

/**
 * _muster_ul_integrity_result:
 * @roll: the d10 plus the test's modifiers
 * @ip: the vignette's current IP
 *
 * Returns: 0 pass (roll ≤ IP), 1 repulsed (roll > IP), 2 routed (roll − IP ≥ 10; includes the
 *   repulse)
 */
int
_muster_ul_integrity_result (int roll,
                             int ip)
{
  if (roll - ip >= MUSTER_UL_ROUT_MARGIN)
    return 2;
  return roll > ip ? 1 : 0;
}

/* The procedures, in the order of the book. */
const MusterProcedure * const muster_ul_procedures[] = {
  &muster_ul_terrain,
  &muster_ul_deployment,
  &muster_ul_activation,
  &muster_ul_sub_commander_initiative,
  &muster_ul_tactical_initiative,
  &muster_ul_fanatic_charge,
  &muster_ul_evade,
  &muster_ul_shoot,
  &muster_ul_melee_round,
  &muster_ul_engagement,
  &muster_ul_break_off,
  &muster_ul_integrity_test,
  &muster_ul_repulse,
  &muster_ul_tu_initiative,
  &muster_ul_rally,
  NULL
};
