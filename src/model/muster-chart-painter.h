/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-dist.h"

G_BEGIN_DECLS

/**
 * MusterChartMode:
 * @MUSTER_CHART_EXACTLY: bar k is P(X = k)
 * @MUSTER_CHART_AT_LEAST: bar k is P(X ≥ k)
 * @MUSTER_CHART_AT_MOST: bar k is P(X ≤ k)
 * @MUSTER_CHART_CATEGORIES: bar k is P(X = k) of an outcome whose values are categories
 *   ("Pass", "Repulse", "Rout"): their order means nothing, so no mean is drawn, and neither
 *   "at least" nor "at most" applies
 */
typedef enum
{
  MUSTER_CHART_EXACTLY,
  MUSTER_CHART_AT_LEAST,
  MUSTER_CHART_AT_MOST,
  MUSTER_CHART_CATEGORIES,
} MusterChartMode;

/* Colours as RGBA in 0..1, so that the caller passes the theme's (light or dark) colours. */
typedef struct
{
  double foreground[4];
  double bar[4];
  double highlight[4];
  double grid[4];
  double mean[4];
  const char *font;     /* a Pango font description, e.g. "Sans 10"; NULL for the default */
} MusterChartStyle;

/* Returns: (transfer full): the label of @value on the value axis ("3", "Rout") */
typedef char *(*MusterChartLabelFunc) (int      value,
                                       gpointer user_data);

/* Where everything goes for one size; computed once per size and distribution. */
typedef struct
{
  double x, y, width, height;   /* the plot area, inside the axes */
  int    first_value;
  int    n_bars;
  double slot;                  /* horizontal space per bar */
  double y_max;                 /* the probability at the top of the plot (0..1) */
  double y_step;                /* gridline spacing in probability */
  int    label_every;           /* label one bar in this many */
} MusterChartLayout;

void     muster_chart_layout_compute (MusterChartLayout       *layout,
                                      const MusterDist        *dist,
                                      MusterChartMode          mode,
                                      double                   width,
                                      double                   height);
double   muster_chart_bar_value      (const MusterDist        *dist,
                                      MusterChartMode          mode,
                                      int                      value);
gboolean muster_chart_value_at       (const MusterChartLayout *layout,
                                      double                   x,
                                      double                   y,
                                      int                     *value);
void     muster_chart_paint          (cairo_t                 *cr,
                                      const MusterChartLayout *layout,
                                      const MusterDist        *dist,
                                      MusterChartMode          mode,
                                      const MusterChartStyle  *style,
                                      MusterChartLabelFunc     label_func,
                                      gpointer                 user_data,
                                      int                      highlight);
void     muster_chart_style_init_light (MusterChartStyle      *style);

G_END_DECLS
