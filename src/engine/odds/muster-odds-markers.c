/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds"

#include "config.h"
#include <glib/gi18n-lib.h>

#include "muster-markers.h"
#include "muster-odds-private.h"
#include "muster-unit.h"

/*
 * The systems' `table_inputs` hooks read the markers a Resolve left on the units (suppression,
 * morale states, wounds, IP lost; see muster-markers.h) into the inputs the books change with
 * them: an input is set only when the unit carries the marker, and its reason names the unit
 * and the marker, "Iron Guard has suppression 2". A unit without the marker leaves the input
 * to the list or to be asked for, as before Resolve.
 */

/* Returns: (nullable): the markers on @side's unit */
const char *
muster_odds_markers (const MusterOddsSide *side)
{
  return side->unit != NULL ? muster_unit_get_markers (side->unit) : NULL;
}

/* "Iron Guard has suppression 2", "… has pinned", "… has morale shaken" */
static char *
has_marker (const MusterOddsSide *side,
            const char           *name,
            const char           *value)
{
  if (value == NULL || *value == '\0')
    /* TRANSLATORS: a unit carries a marker; %1$s is the unit's name, %2$s the marker's
     * name as the scenario file spells it ("pinned") */
    return g_strdup_printf (_("%1$s has %2$s"), muster_odds_side_name (side), name);
  /* TRANSLATORS: a unit carries a marker with a value; %1$s is the unit's name, %2$s the
   * marker's name as the scenario file spells it ("suppression"), %3$s its value ("2") */
  return g_strdup_printf (_("%1$s has %2$s %3$s"), muster_odds_side_name (side), name, value);
}

/**
 * muster_odds_set_marker_count:
 * @side: the unit whose markers count
 * @name: the marker ("suppression")
 * @id: the input
 *
 * Sets @id to the number on @side's marker @name, when it carries one.
 *
 * Returns: whether the input was set
 */
gboolean
muster_odds_set_marker_count (MusterOddsFill       *fill,
                              const MusterOddsSide *side,
                              const char           *name,
                              const char           *id)
{
  const char *markers = muster_odds_markers (side);
  g_autofree char *value = muster_markers_get (markers, name);
  g_autofree char *reason = NULL;

  if (value == NULL)
    return FALSE;
  reason = has_marker (side, name, value);
  return muster_odds_set (fill, id, muster_markers_get_int (markers, name), "%s", reason);
}

/* Sets the yes-or-no @id when @side carries the marker @name (with any value, or only with
 * @value when given). Returns: whether the input was set */
gboolean
muster_odds_set_marker_flag (MusterOddsFill       *fill,
                             const MusterOddsSide *side,
                             const char           *name,
                             const char           *value,
                             const char           *id)
{
  g_autofree char *carried = muster_markers_get (muster_odds_markers (side), name);
  g_autofree char *reason = NULL;

  if (carried == NULL || (value != NULL && g_strcmp0 (carried, value) != 0))
    return FALSE;
  reason = has_marker (side, name, carried);
  return muster_odds_set (fill, id, 1, "%s", reason);
}

/* Sets the choice @id to the value of @side's marker @name ("attitude=nervous": the choice
 * "nervous"), when it carries one the input offers. Returns: whether the input was set */
gboolean
muster_odds_set_marker_choice (MusterOddsFill       *fill,
                               const MusterOddsSide *side,
                               const char           *name,
                               const char           *id)
{
  g_autofree char *value = muster_markers_get (muster_odds_markers (side), name);
  g_autofree char *reason = NULL;

  if (value == NULL || *value == '\0')
    return FALSE;
  reason = has_marker (side, name, value);
  return muster_odds_set_choice (fill, id, value, "%s", reason);
}

/* Sets @id to what the list gave input @from (a unit's IP: @id itself, or its starting IP
 * for the current one) less the number on @side's marker @name (IP lost), when it carries one
 * and the list set @from. Returns: whether the input was set */
gboolean
muster_odds_reduce_by_marker (MusterOddsFill       *fill,
                              const MusterOddsSide *side,
                              const char           *name,
                              const char           *from,
                              const char           *id)
{
  int index = muster_procedure_find_input (fill->procedure, from);
  int lost = muster_markers_get_int (muster_odds_markers (side), name);
  int listed;

  if (index < 0 || lost == 0 || fill->sources[index] != MUSTER_ODDS_LIST)
    return FALSE;
  listed = fill->values[index];
  /* TRANSLATORS: %1$s is the unit's name, %2$d its figure on the list, %3$s the marker's
   * name as the scenario file spells it ("ip-lost"), %4$d the number it carries */
  return muster_odds_set (fill, id, listed - lost, _("%1$s: %2$d on the list, %3$s %4$d"),
                          muster_odds_side_name (side), listed, name, lost);
}
