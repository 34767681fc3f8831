/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-chart-painter"

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "muster-chart-painter.h"

/*
 * The bar chart of a distribution, drawn with cairo on any surface: the Preview workspace,
 * PNG/PDF exports and print all share it. Layout and painting are split so that hit testing
 * (which bar is under the pointer) uses exactly the geometry that was drawn.
 */

#define AXIS_LEFT   48.0   /* room for the percentage labels */
#define AXIS_BOTTOM 28.0   /* room for the value labels */
#define PAD         10.0
#define MIN_LABEL_SPACING 36.0

double
muster_chart_bar_value (const MusterDist *dist,
                        MusterChartMode   mode,
                        int               value)
{
  switch (mode)
    {
    case MUSTER_CHART_AT_LEAST:
      return muster_dist_get_prob_at_least (dist, value);
    case MUSTER_CHART_AT_MOST:
      return muster_dist_get_prob_at_most (dist, value);
    case MUSTER_CHART_EXACTLY:
    case MUSTER_CHART_CATEGORIES:
    default:
      return muster_dist_get_prob (dist, value);
    }
}

/* A "nice" gridline step (1, 2 or 5 × 10^k) giving about four lines up to @max. */
static double
nice_step (double max)
{
  double raw = max / 4.0;
  double magnitude = pow (10.0, floor (log10 (raw)));
  double fraction = raw / magnitude;

  if (fraction <= 1.0)
    return magnitude;
  if (fraction <= 2.0)
    return 2.0 * magnitude;
  if (fraction <= 5.0)
    return 5.0 * magnitude;
  return 10.0 * magnitude;
}

void
muster_chart_layout_compute (MusterChartLayout *layout,
                             const MusterDist  *dist,
                             MusterChartMode    mode,
                             double             width,
                             double             height)
{
  double peak = 0.0;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (dist != NULL);

  layout->x = AXIS_LEFT;
  layout->y = PAD;
  layout->width = MAX (1.0, width - AXIS_LEFT - PAD);
  layout->height = MAX (1.0, height - AXIS_BOTTOM - PAD);
  layout->first_value = muster_dist_get_min (dist);
  layout->n_bars = muster_dist_get_max (dist) - layout->first_value + 1;
  layout->slot = layout->width / layout->n_bars;

  if (mode == MUSTER_CHART_EXACTLY || mode == MUSTER_CHART_CATEGORIES)
    {
      for (int i = 0; i < layout->n_bars; i++)
        peak = MAX (peak, muster_dist_get_prob (dist, layout->first_value + i));
    }
  else
    peak = 1.0;

  /* Round the top up to a gridline so the tallest bar never touches the edge. */
  layout->y_step = nice_step (MAX (peak, 1e-9));
  layout->y_max = MIN (1.0, ceil (peak / layout->y_step - 1e-9) * layout->y_step);
  if (layout->y_max < peak)
    layout->y_max = peak;
  layout->label_every = MAX (1, (int) ceil (MIN_LABEL_SPACING / layout->slot));
}

/* Returns: TRUE if (@x, @y) is over a bar's column; @value is set to that bar's value */
gboolean
muster_chart_value_at (const MusterChartLayout *layout,
                       double                   x,
                       double                   y,
                       int                     *value)
{
  int index;

  if (x < layout->x || x >= layout->x + layout->width ||
      y < layout->y || y > layout->y + layout->height)
    return FALSE;

  index = (int) floor ((x - layout->x) / layout->slot);
  index = CLAMP (index, 0, layout->n_bars - 1);
  if (value != NULL)
    *value = layout->first_value + index;
  return TRUE;
}

static void
set_source (cairo_t      *cr,
            const double  rgba[4])
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
}

/* Draws @text with its anchor at (@x, @y); @xalign/@yalign 0 = left/top, 1 = right/bottom. */
static void
draw_text (cairo_t              *cr,
           PangoFontDescription *font,
           const char           *text,
           double                x,
           double                y,
           double                xalign,
           double                yalign)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  int w, h;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - xalign * w, y - yalign * h);
  pango_cairo_show_layout (cr, layout);
}

static char *
format_percent (double p)
{
  /* Whole percentages unless the grid is finer than that. */
  if (fabs (p * 100 - round (p * 100)) < 1e-9)
    return g_strdup_printf ("%.0f%%", p * 100);
  return g_strdup_printf ("%.1f%%", p * 100);
}

void
muster_chart_paint (cairo_t                 *cr,
                    const MusterChartLayout *layout,
                    const MusterDist        *dist,
                    MusterChartMode          mode,
                    const MusterChartStyle  *style,
                    MusterChartLabelFunc     label_func,
                    gpointer                 user_data,
                    int                      highlight)
{
  PangoFontDescription *font;
  double bottom = layout->y + layout->height;
  double bar_width = MAX (1.0, layout->slot * 0.8);

  g_return_if_fail (cr != NULL);
  g_return_if_fail (layout != NULL && dist != NULL && style != NULL);

  font = pango_font_description_from_string (style->font ? style->font : "Sans 9");
  cairo_save (cr);

  /* Gridlines and their percentages. */
  cairo_set_line_width (cr, 1.0);
  for (double p = 0.0; p <= layout->y_max + 1e-9; p += layout->y_step)
    {
      double y = round (bottom - p / layout->y_max * layout->height) + 0.5;
      g_autofree char *text = format_percent (p);

      set_source (cr, style->grid);
      cairo_move_to (cr, layout->x, y);
      cairo_line_to (cr, layout->x + layout->width, y);
      cairo_stroke (cr);
      set_source (cr, style->foreground);
      draw_text (cr, font, text, layout->x - 6, y, 1.0, 0.5);
    }

  /* The bars, and the value labels under them. */
  for (int i = 0; i < layout->n_bars; i++)
    {
      int value = layout->first_value + i;
      double p = muster_chart_bar_value (dist, mode, value);
      double h = p / layout->y_max * layout->height;
      double x = layout->x + i * layout->slot + (layout->slot - bar_width) / 2;

      set_source (cr, value == highlight ? style->highlight : style->bar);
      cairo_rectangle (cr, x, bottom - h, bar_width, h);
      cairo_fill (cr);

      if (i % layout->label_every == 0)
        {
          g_autofree char *text = label_func ? label_func (value, user_data)
                                             : g_strdup_printf ("%d", value);
          set_source (cr, style->foreground);
          draw_text (cr, font, text, x + bar_width / 2, bottom + 6, 0.5, 0.0);
        }
    }

  /* The mean, as a dashed line across the value axis: a count's only, never categories'. */
  if (mode == MUSTER_CHART_EXACTLY)
    {
      double mean = muster_dist_get_mean (dist);
      double x = layout->x + (mean - layout->first_value + 0.5) * layout->slot;
      const double dash[] = { 4.0, 3.0 };

      set_source (cr, style->mean);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      cairo_set_line_width (cr, 2.0);
      cairo_move_to (cr, x, layout->y);
      cairo_line_to (cr, x, bottom);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* The value axis. */
  set_source (cr, style->foreground);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, layout->x, round (bottom) + 0.5);
  cairo_line_to (cr, layout->x + layout->width, round (bottom) + 0.5);
  cairo_stroke (cr);

  cairo_restore (cr);
  pango_font_description_free (font);
}

/* Colours close to libadwaita's light style, for exports and prints. */
void
muster_chart_style_init_light (MusterChartStyle *style)
{
  const MusterChartStyle light = {
    .foreground = { 0.0, 0.0, 0.0, 0.8 },
    .bar = { 0.21, 0.52, 0.89, 1.0 },        /* blue 3 */
    .highlight = { 0.10, 0.37, 0.71, 1.0 },  /* blue 5 */
    .grid = { 0.0, 0.0, 0.0, 0.12 },
    .mean = { 0.88, 0.11, 0.14, 0.9 },       /* red 3 */
    .font = NULL,
  };

  *style = light;
}
