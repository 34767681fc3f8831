/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <pango/pangocairo.h>

#include "muster-map-painter-private.h"
#include "muster-markers.h"
#include "muster-unit.h"

/*
 * The markers on a unit in play (its `markers` attribute: "suppression=2 pinned", see
 * muster-markers.h) as a badge by the unit: the markers in the systems' own words on a dark
 * plate just above the unit's top right corner, in device pixels so that it reads at any zoom.
 * A unit too small on screen for its name gets a row of pips instead, one a marker. The
 * placement of names (muster-map-placement.c) keeps them clear of the badge.
 */

#define PIP_PX   6.0    /* a pip's width */
#define PIP_STEP 8.0    /* from one pip to the next */

/* Charcoal with a white edge in both themes: no side's colour, no terrain's, and it stands out
 * on the pale table and the dark one alike. */
static const double badge_fill[4] = { 0.16, 0.16, 0.18, 0.92 };
static const double badge_edge[4] = { 1.0, 1.0, 1.0, 0.9 };
static const double badge_text[4] = { 1.0, 1.0, 1.0, 1.0 };

/**
 * _muster_map_unit_badge:
 * @body: the unit's box on screen (device px)
 * @full: whether the unit is wide enough on screen for a name (and so for the words)
 * @n_pips: (out): 0 for a badge with words, else the number of pips
 * @box: (out): where the badge goes (device px)
 *
 * Returns: (transfer full) (nullable): the badge's words, %NULL when the unit has no markers
 */
char *
_muster_map_unit_badge (Painter             *p,
                        const MusterFeature *f,
                        MusterBox            body,
                        gboolean             full,
                        guint               *n_pips,
                        MusterBox           *box)
{
  MusterUnit *unit;
  char *text;
  guint n;
  int w, h;

  *n_pips = 0;
  if (f->kind != MUSTER_FEATURE_UNIT || p->scene->doc == NULL ||
      !(unit = muster_doc_lookup_unit (p->scene->doc, f->unit)) ||
      !(text = muster_markers_describe (muster_unit_get_markers (unit), &n)))
    return NULL;
  if (!full)
    {
      *n_pips = n;
      *box = (MusterBox) { body.x1 - n * PIP_STEP, body.y0 - PIP_STEP - 1,
                           body.x1, body.y0 - 1 };
      return text;
    }
  muster_map_label_size (p->layout, text, &w, &h);
  /* right-aligned on the unit, above it: a name goes below first, so they seldom meet */
  *box = (MusterBox) { body.x1 - w - 6, body.y0 - 2 - h, body.x1, body.y0 - 2 };
  return text;
}

/* @f's badge (see _muster_map_unit_badge()), under the device matrix. */
void
_muster_map_paint_badge (Painter             *p,
                         const MusterFeature *f,
                         gboolean             full)
{
  cairo_t *cr = p->cr;
  MusterUnit *unit = p->scene->doc ? muster_doc_lookup_unit (p->scene->doc, f->unit) : NULL;
  g_autofree char *text = NULL;
  MusterBox box;
  guint n_pips;
  double cx0, cy0, cx1, cy1;

  /* most units carry no markers: they cost no footprint here */
  if (unit == NULL || muster_unit_get_markers (unit) == NULL)
    return;
  text = _muster_map_unit_badge (p, f, _muster_map_body_box (p, f), full, &n_pips, &box);
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  if (text == NULL || box.x0 > cx1 || box.x1 < cx0 || box.y0 > cy1 || box.y1 < cy0)
    return;
  cairo_new_path (cr);
  if (n_pips > 0)
    for (guint i = 0; i < n_pips; i++)
      cairo_rectangle (cr, box.x0 + i * PIP_STEP + 1, box.y0 + 1, PIP_PX, PIP_PX);
  else
    cairo_rectangle (cr, box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  set_colour (cr, badge_fill);
  cairo_fill_preserve (cr);
  set_colour (cr, badge_edge);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  if (n_pips == 0)
    {
      PangoLayout *layout = p->labels_context != NULL
        ? muster_map_label_layout (p->labels_context,
                                   pango_layout_get_font_description (p->layout), text)
        : p->layout;

      if (layout == p->layout)
        pango_layout_set_text (layout, text, -1);
      cairo_move_to (cr, box.x0 + 3, box.y0);
      set_colour (cr, badge_text);
      pango_cairo_show_layout (cr, layout);
    }
}
