/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-validate-private.h"

/*
 * The battlefield's placements, checked by the validator like the lists: a placement of a unit
 * no list has (a hand-edited file, a list replaced under its scenario), a unit whose centre is
 * off the table (an error) and one that only hangs over the edge (a warning). A placement's
 * findings are kept under "p:" and its feature id, and checked again when that feature, its
 * unit, the table or the lists change.
 */

#define RULE_PLACEMENT "placement"
#define KEY_PREFIX "p:"

/* @mm in the table's own units, as the editor shows lengths. */
static char *
format_length (const MusterBattlefield *field,
               double                   mm)
{
  if (g_strcmp0 (muster_battlefield_get_units (field), "cm") == 0)
    return g_strdup_printf ("%.1f cm", mm / 10);
  return g_strdup_printf (_("%.1f in"), muster_mm_to_inches (mm));
}

/* How far @p lies outside @box (0 inside). */
static double
distance_outside (MusterBox   box,
                  MusterPoint p)
{
  double dx = MAX (MAX (box.x0 - p.x, p.x - box.x1), 0);
  double dy = MAX (MAX (box.y0 - p.y, p.y - box.y1), 0);

  return hypot (dx, dy);
}

/* How far @inner reaches past @outer on its worst side (0 inside). */
static double
overhang (MusterBox outer,
          MusterBox inner)
{
  return MAX (MAX (MAX (outer.x0 - inner.x0, inner.x1 - outer.x1),
                   MAX (outer.y0 - inner.y0, inner.y1 - outer.y1)), 0);
}

/* Returns: (transfer full) (nullable): the finding about @feature, a placement */
static MusterIssue *
check_placement (MusterValidator         *self,
                 const MusterBattlefield *field,
                 const MusterFeature     *feature)
{
  MusterUnit *unit = muster_doc_lookup_unit (muster_validator_get_doc (self), feature->unit);
  MusterBox table = muster_battlefield_get_table_box (field);
  g_autofree char *length = NULL;
  g_autofree char *message = NULL;
  MusterSeverity severity = MUSTER_SEVERITY_ERROR;
  MusterIssue *issue;
  double off;

  if (unit == NULL)
    {
      message = muster_format_message (N_("The battlefield places unit “{unit}”, which no list "
                                          "of this document has (placement {placement})."),
                                       (const char *[]) { "unit", feature->unit,
                                                          "placement", feature->id, NULL });
      issue = muster_issue_new (severity, RULE_PLACEMENT, NULL, NULL, message);
      issue->location = g_strdup (_("Battlefield"));
      return issue;
    }
  if ((off = distance_outside (table, feature->centre)) > 0)
    {
      length = format_length (field, off);
      message = muster_format_message (N_("{unit} is placed off the table: its centre is "
                                          "{length} beyond the edge."),
                                       (const char *[]) {
                                         "unit", _muster_validator_unit_name (self, unit),
                                         "length", length, NULL });
    }
  else if ((off = overhang (table, muster_feature_get_bounds (feature))) > 0.05)
    {
      severity = MUSTER_SEVERITY_WARNING;
      length = format_length (field, off);
      message = muster_format_message (N_("{unit} hangs {length} over the table's edge."),
                                       (const char *[]) {
                                         "unit", _muster_validator_unit_name (self, unit),
                                         "length", length, NULL });
    }
  else
    return NULL;
  issue = muster_issue_new (severity, RULE_PLACEMENT, NULL, muster_unit_get_id (unit), message);
  _muster_validator_locate (self, issue, unit);
  return issue;
}

/* Checks @feature, the battlefield's feature @id, again (NULL, gone, or not a placement: its
 * findings go). */
static void
check_feature (MusterValidator         *self,
               const MusterBattlefield *field,
               const char              *id,
               const MusterFeature     *feature)
{
  g_autofree char *key = g_strconcat (KEY_PREFIX, id, NULL);

  _muster_validator_take_issue (self, key,
                                feature != NULL && feature->kind == MUSTER_FEATURE_UNIT
                                ? check_placement (self, field, feature) : NULL);
}

/**
 * _muster_validator_check_placements:
 * @feature_id: (nullable): the feature that changed; %NULL: every placement (the table, the
 *   whole battlefield or the lists changed)
 */
void
_muster_validator_check_placements (MusterValidator *self,
                                    const char      *feature_id)
{
  MusterBattlefield *field = muster_doc_get_battlefield (muster_validator_get_doc (self));
  g_autoptr(GPtrArray) old = NULL;
  g_autoptr(GHashTable) placed = NULL;

  if (feature_id != NULL)
    {
      check_feature (self, field, feature_id,
                     field ? muster_battlefield_lookup (field, feature_id) : NULL);
      return;
    }
  /* One pass over the features (a lookup by id walks them all: 100,000 placements would be
   * 10^10 steps); then the findings of placements that are gone go too. */
  placed = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; field != NULL && i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (field, i);

      if (feature->kind != MUSTER_FEATURE_UNIT)
        continue;
      check_feature (self, field, feature->id, feature);
      g_hash_table_add (placed, feature->id);
    }
  old = _muster_validator_issue_keys (self, KEY_PREFIX);
  for (guint i = 0; i < old->len; i++)
    {
      const char *id = (const char *) old->pdata[i] + strlen (KEY_PREFIX);

      if (!g_hash_table_contains (placed, id))
        check_feature (self, field, id, NULL);
    }
}

/* The placements of unit @unit_id: it came, went, or was renamed. */
void
_muster_validator_check_unit_placements (MusterValidator *self,
                                         const char      *unit_id)
{
  MusterBattlefield *field = muster_doc_get_battlefield (muster_validator_get_doc (self));

  for (guint i = 0; field != NULL && unit_id != NULL && i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (field, i);

      if (feature->kind == MUSTER_FEATURE_UNIT && g_strcmp0 (feature->unit, unit_id) == 0)
        check_feature (self, field, feature->id, feature);
    }
}
