/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield-page"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "muster-army.h"
#include "muster-battlefield-commands.h"
#include "muster-battlefield-page-private.h"
#include "muster-map-painter.h"
#include "muster-markers.h"
#include "muster-unit.h"

/*
 * The Battlefield workspace's properties of the selection: what it is, its effects in the rule
 * system, and the edits of a single feature (name, formation, facing, victory points, hiding),
 * each one undo step.
 */

static MusterBattlefield *
get_battlefield (MusterBattlefieldPage *self)
{
  return _muster_battlefield_page_get_battlefield (self);
}

/* One feature's new value, as one undo step called @label. */
static void
push_replace (MusterBattlefieldPage *self,
              const MusterFeature   *changed,
              const char            *label)
{
  MusterCommand *command = muster_features_command_new (self->document, label);

  muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), changed);
  _muster_battlefield_page_push (self, command);
}

/* The selection's properties */

static const MusterFeature *
single_selection (MusterBattlefieldPage *self)
{
  MusterBattlefield *field = get_battlefield (self);
  g_auto(GStrv) ids = muster_map_view_dup_selection (self->map_view);

  return field && ids[0] && !ids[1] ? muster_battlefield_lookup (field, ids[0]) : NULL;
}

void
_muster_battlefield_page_update_selection (MusterBattlefieldPage *self)
{
  MusterBattlefield *field = get_battlefield (self);
  const MusterFeature *f = single_selection (self);
  g_auto(GStrv) ids = muster_map_view_dup_selection (self->map_view);
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  g_autofree char *title = NULL;
  g_autofree char *effects = NULL;
  g_autofree char *size = NULL;
  g_autofree char *markers = NULL;

  self->updating = TRUE;
  if (f == NULL)
    {
      title = ids[0] ? g_strdup_printf (ngettext ("%u item selected", "%u items selected",
                                                  g_strv_length (ids)), g_strv_length (ids))
                     : g_strdup (_("Nothing selected"));
      effects = g_strdup (ids[0] ? _("Drag to move them together, Ctrl+drag or R to turn them.")
                                 : _("Click a terrain piece, a unit or an objective."));
    }
  else
    switch (f->kind)
      {
      case MUSTER_FEATURE_TERRAIN:
        {
          const MusterTerrainType *type = muster_terrain_types_lookup (self->types, f->type);

          title = g_strdup (type ? muster_ruleset_text (type->name) : f->type);
          effects = type ? muster_terrain_type_describe (type)
                         : g_strdup (_("This rule system does not list this terrain type."));
          if (f->outline == MUSTER_OUTLINE_POLYLINE)
            {
              g_autofree char *length = muster_map_format_length (field, muster_polyline_length (
                (MusterPoint *) f->points->data, f->points->len));
              g_autofree char *width = muster_map_format_length (field, f->line_width);

              size = g_strdup_printf (_("%s long, %s wide"), length, width);
            }
          else
            {
              MusterBox box = muster_feature_get_bounds (f);
              g_autofree char *w = muster_map_format_length (field, f->outline == MUSTER_OUTLINE_POLYGON
                                                                    ? box.x1 - box.x0 : f->width);
              g_autofree char *h = muster_map_format_length (field, f->outline == MUSTER_OUTLINE_POLYGON
                                                                    ? box.y1 - box.y0 : f->height);

              size = g_strdup_printf ("%s × %s", w, h);
            }
          if (type)
            {
              self->updating = TRUE;
              for (guint i = 0; i < muster_terrain_types_get_n_types (self->types); i++)
                if (muster_terrain_types_get_type (self->types, i) == type)
                  gtk_drop_down_set_selected (self->terrain_dropdown, i);
            }
        }
        break;
      case MUSTER_FEATURE_UNIT:
        {
          MusterUnit *unit = doc ? muster_doc_lookup_unit (doc, f->unit) : NULL;
          MusterForce *force = unit ? muster_unit_get_force (unit) : NULL;
          g_autoptr(MusterFootprint) fp = muster_feature_get_footprint (f);
          g_autofree char *frontage = muster_map_format_length (field, muster_footprint_get_frontage (fp));
          g_autofree char *depth = muster_map_format_length (field, muster_footprint_get_depth (fp));

          title = g_strdup (unit ? muster_unit_get_name (unit) : f->unit);
          effects = g_strdup_printf (ngettext ("%s, %u stand of %g × %g mm",
                                               "%s, %u stands of %g × %g mm", f->stands),
                                     force && muster_force_get_side (force)
                                     ? muster_force_get_side (force) : _("No side"),
                                     f->stands, f->base_width, f->base_depth);
          size = g_strdup_printf (_("%s frontage, %s deep"), frontage, depth);
          markers = unit ? muster_markers_describe (muster_unit_get_markers (unit), NULL) : NULL;
          if (markers != NULL)
            {
              /* TRANSLATORS: a unit's markers in play, in its rules' words: "Markers:
               * suppression 2 · pinned" */
              char *with = g_strdup_printf (_("%s\nMarkers: %s"), effects, markers);

              g_free (effects);
              effects = with;
            }
        }
        break;
      case MUSTER_FEATURE_OBJECTIVE:
        title = g_strdup_printf (_("Objective %d"), f->number);
        effects = f->value ? g_strdup_printf (ngettext ("Worth %d victory point",
                                                        "Worth %d victory points", f->value),
                                              f->value)
                           : g_strdup (_("No victory points set"));
        break;
      case MUSTER_FEATURE_ZONE:
      default:
        title = g_strdup_printf (_("Deployment zone: %s"), f->side ? f->side : _("no side"));
        effects = g_strdup (_("Units of this side must deploy wholly inside it."));
        break;
      }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->type_row), title);
  adw_action_row_set_subtitle (self->type_row, effects);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->type_row), effects);
  gtk_widget_set_visible (GTK_WIDGET (self->name_row), f != NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), f && f->name ? f->name : "");
  gtk_widget_set_visible (GTK_WIDGET (self->size_row), size != NULL);
  adw_action_row_set_subtitle (self->size_row, size ? size : "");
  gtk_widget_set_visible (GTK_WIDGET (self->rotation_row),
                          f && (f->kind == MUSTER_FEATURE_UNIT ||
                                f->outline == MUSTER_OUTLINE_RECTANGLE ||
                                f->outline == MUSTER_OUTLINE_ELLIPSE));
  gtk_spin_button_set_value (self->rotation_spin,
                             f ? round (muster_angle_to_degrees (f->rotation)) : 0);
  gtk_widget_set_visible (GTK_WIDGET (self->value_row), f && f->kind == MUSTER_FEATURE_OBJECTIVE);
  gtk_spin_button_set_value (self->value_spin, f && f->kind == MUSTER_FEATURE_OBJECTIVE ? f->value : 0);
  gtk_widget_set_visible (GTK_WIDGET (self->hidden_row),
                          f && (f->kind == MUSTER_FEATURE_UNIT || f->kind == MUSTER_FEATURE_OBJECTIVE));
  gtk_switch_set_active (self->hidden_switch, f && g_strcmp0 (f->layer, "umpire") == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->formation_row), f && f->kind == MUSTER_FEATURE_UNIT);
  adw_combo_row_set_selected (self->formation_row,
                              f && f->kind == MUSTER_FEATURE_UNIT ? f->formation : 0);
  self->updating = FALSE;
}

static void
name_applied_cb (MusterBattlefieldPage *self)
{
  const MusterFeature *f = single_selection (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  g_autoptr(MusterFeature) renamed = NULL;

  if (self->updating || f == NULL || g_strcmp0 (f->name ? f->name : "", text) == 0)
    return;
  renamed = muster_feature_copy (f);
  g_free (renamed->name);
  renamed->name = *text ? g_strdup (text) : NULL;
  push_replace (self, renamed, _("Rename"));
}

/* An objective's worth in victory points. */
static void
value_changed_cb (MusterBattlefieldPage *self)
{
  const MusterFeature *f = single_selection (self);
  int value = gtk_spin_button_get_value_as_int (self->value_spin);
  g_autoptr(MusterFeature) changed = NULL;

  if (self->updating || f == NULL || f->kind != MUSTER_FEATURE_OBJECTIVE || value == f->value)
    return;
  changed = muster_feature_copy (f);
  changed->value = value;
  push_replace (self, changed, _("Set Victory Points"));
}

/* A unit or marker goes onto the umpire's layer (hidden from the other side) or back. */
static void
hidden_changed_cb (MusterBattlefieldPage *self)
{
  const MusterFeature *f = single_selection (self);
  gboolean hidden = gtk_switch_get_active (self->hidden_switch);
  g_autoptr(MusterFeature) changed = NULL;

  if (self->updating || f == NULL || hidden == (g_strcmp0 (f->layer, "umpire") == 0))
    return;
  changed = muster_feature_copy (f);
  g_free (changed->layer);
  changed->layer = hidden ? g_strdup ("umpire") : NULL;
  push_replace (self, changed, hidden ? _("Hide") : _("Reveal"));
}

/* A unit changes formation about its centre, its ranks laid out as the formation's default. */
static void
formation_changed_cb (MusterBattlefieldPage *self)
{
  const MusterFeature *f = single_selection (self);
  MusterFormation formation = adw_combo_row_get_selected (self->formation_row);
  g_autoptr(MusterFeature) changed = NULL;

  if (self->updating || f == NULL || f->kind != MUSTER_FEATURE_UNIT ||
      formation > MUSTER_FORMATION_SINGLE || formation == f->formation)
    return;
  changed = muster_feature_copy (f);
  changed->formation = formation;
  changed->files = 0;
  push_replace (self, changed, _("Change Formation"));
}

static void
rotation_changed_cb (MusterBattlefieldPage *self)
{
  const MusterFeature *f = single_selection (self);
  double angle = muster_angle_from_degrees (gtk_spin_button_get_value (self->rotation_spin));

  if (self->updating || f == NULL || fabs (muster_angle_normalize (angle - f->rotation)) < 1e-6)
    return;
  muster_map_view_rotate_selection (self->map_view, muster_angle_normalize (angle - f->rotation));
}

void
_muster_battlefield_page_init_properties (MusterBattlefieldPage *self)
{
  g_signal_connect_object (self->map_view, "selection-changed",
                           G_CALLBACK (_muster_battlefield_page_update_selection), self,
                           G_CONNECT_SWAPPED);
  /* a Resolve puts markers on the units: the selected one's details say so at once */
  g_signal_group_connect_swapped (self->document_signals, "unit-changed",
                                  G_CALLBACK (_muster_battlefield_page_update_selection), self);
  g_signal_connect_object (self->name_row, "apply",
                           G_CALLBACK (name_applied_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->value_spin, "value-changed",
                           G_CALLBACK (value_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->hidden_switch, "notify::active",
                           G_CALLBACK (hidden_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->formation_row, "notify::selected",
                           G_CALLBACK (formation_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rotation_spin, "value-changed",
                           G_CALLBACK (rotation_changed_cb), self, G_CONNECT_SWAPPED);
}
