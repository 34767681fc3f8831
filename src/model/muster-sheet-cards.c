/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sheet-painter"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-sheet-painter-private.h"

/*
 * What a rule system's players keep during a game, printed for each unit: the tracks of tick
 * boxes (casualties, hits, wounds), the write-in fields and blank tables of its data card, the
 * unit's statistics as a grid of cells; and the unit card that gathers them. The systems are
 * known by the table below; any other gets the unit's size as casualty boxes.
 */

#define BOX        12.0   /* a tick box: 4.2 mm, room for a pencil mark */
#define BOX_GAP     3.5

static const double band[] = { 0.24, 0.22, 0.27 };

/* However big a unit a file claims (a size may be up to 2^31), a card draws at most this many
 * boxes in a track and this many rows of a per-size track: a card of two billion boxes is of
 * no use at the table, and drawing it would take hours and fill the disk. */
#define MAX_TRACK_BOXES 200
#define MAX_TRACK_ROWS  100

/*
 * What a system keeps track of during a game, as tick boxes. A track has @fixed boxes, or as
 * many as the unit's @stat, or one per size unit; @per_size repeats it once per size unit
 * (IP per vignette, wounds per soldier); @marks replaces plain boxes by labelled ones;
 * @size_unit (nullable) limits the track to units of that size unit (soldiers, not tanks).
 */
typedef struct
{
  const char *label;
  const char *stat;
  guint       fixed;
  gboolean    per_size;
  const char *marks;
  const char *size_unit;
} TrackSpec;

/*
 * @fields: "|"-separated write-in cells of a card, filled from the unit's statistic of that
 * name when it has one ("Label=type" and "Label=size" take the unit's type and size); @tables: "|"-separated tables to fill in, each "Title;Column,Column;rows".
 */
struct _SystemSheet
{
  const char *system;
  const char *cards_title;
  const char *roster_title;
  TrackSpec   tracks[3];
  const char *fields;
  const char *tables;
};

static const SystemSheet system_sheets[] = {
  { "standards-of-valor", N_("Company Data Cards"), N_("Company Roster"),
    { { N_("Suppression"), NULL, 3, FALSE, NULL }, { N_("Casualties"), NULL, 0, FALSE, NULL } },
    N_("Company Type=type|Full Strength=size|Company Commander|Leadership Value|Unit Quality|"
       "Mobility|Confidence|Armor Rating"),
    N_("Missile Weapons;Range Band,Firepower,Impact;1|"
       "Hand-To-Hand Weapons;Reach,Firepower,Impact;2") },
  { "undying-lands", N_("Unit Cards"), N_("Army Roster"),
    { { N_("IP per vignette"), "ip", 0, TRUE, NULL } } },
  { "battle-valor-fantasy", N_("Unit Cards"), N_("Army Roster"),
    { { N_("Stands lost"), NULL, 0, FALSE, NULL }, { N_("Wounds"), "wounds", 0, FALSE, NULL } } },
  { "medals-of-valor", N_("Soldier Cards"), N_("TOE Sheet"),
    { { N_("Wounds"), NULL, 1, TRUE, N_("Slight|Moderate|Severe|Dead"), "soldier" } } },
  { "horse-and-musket", N_("BMU Cards"), N_("BMU Roster"),
    { { N_("Stands lost"), NULL, 0, FALSE, NULL },
      { N_("Permanent hits"), NULL, 2, FALSE, NULL },
      { N_("Temporary hits"), NULL, 9, FALSE, NULL } } },
  /* Any other system: the unit's size as casualty boxes. */
  { NULL, N_("Unit Cards"), N_("Roster"),
    { { N_("Casualties"), NULL, 0, FALSE, NULL } } },
};

static guint
track_count (const TrackSpec       *track,
             const MusterListEntry *entry)
{
  if (track->size_unit != NULL && g_strcmp0 (track->size_unit, entry->size_unit) != 0)
    return 0;
  if (track->fixed > 0)
    return track->fixed;
  if (track->stat == NULL)
    return MIN (entry->size_count, MAX_TRACK_BOXES);
  for (guint i = 0; i < entry->stats->len; i++)
    {
      const MusterListStat *stat = entry->stats->pdata[i];

      if (g_strcmp0 (stat->id, track->stat) == 0 && stat->has_number && stat->number > 0)
        return (guint) MIN (stat->number, 100);
    }
  return 0;
}

/* A row of @n tick boxes wrapping within @width. Returns: its height */
static double
paint_boxes (cairo_t  *cr,
             guint     n,
             double    x,
             double    y,
             double    width,
             gboolean  draw)
{
  guint per_row = MAX (1, (guint) ((width + BOX_GAP) / (BOX + BOX_GAP)));
  guint rows = (n + per_row - 1) / per_row;

  for (guint i = 0; draw && i < n; i++)
    {
      double bx = x + (i % per_row) * (BOX + BOX_GAP);
      double by = y + (i / per_row) * (BOX + BOX_GAP);

      /* A heavier stroke every fifth box, for counting at a glance. */
      cairo_set_line_width (cr, (i % 5) == 4 ? 1.2 : 0.7);
      muster_print_colour (cr, ink);
      cairo_rectangle (cr, bx + 0.5, by + 0.5, BOX - 1, BOX - 1);
      cairo_stroke (cr);
    }
  return rows * (BOX + BOX_GAP);
}

/* Labelled boxes ("□ Slight  □ Moderate …") for one soldier. Returns: its height */
static double
paint_marks (cairo_t    *cr,
             const char *marks,
             double      x,
             double      y,
             double      width,
             gboolean    draw)
{
  g_auto(GStrv) labels = g_strsplit (_(marks), "|", -1);
  double cx = x, cy = y;

  for (guint i = 0; labels[i] != NULL; i++)
    {
      double lw = muster_print_text_width (cr, labels[i], "Sans 8", FALSE);

      if (cx > x && cx + BOX + 3 + lw > x + width)
        {
          cx = x;
          cy += BOX + BOX_GAP;
        }
      if (draw)
        {
          muster_print_colour (cr, ink);
          cairo_set_line_width (cr, 0.7);
          cairo_rectangle (cr, cx + 0.5, cy + 0.5, BOX - 1, BOX - 1);
          cairo_stroke (cr);
          muster_print_text (cr, labels[i], "Sans 8", FALSE, cx + BOX + 3, cy + 1, 0, 0, TRUE);
        }
      cx += BOX + 3 + lw + 10;
    }
  return cy - y + BOX + BOX_GAP;
}

/* The system's tracks for @entry. Returns: their height */
double
_muster_sheet_paint_tracks (const SystemSheet     *system,
                            cairo_t               *cr,
                            const MusterListEntry *entry,
                            double                 x,
                            double                 y,
                            double                 width,
                            gboolean               draw)
{
  double y0 = y;

  for (guint t = 0; t < G_N_ELEMENTS (system->tracks); t++)
    {
      const TrackSpec *track = &system->tracks[t];
      guint n = track->label ? track_count (track, entry) : 0;
      guint rows = track->per_size ? MIN (entry->size_count, MAX_TRACK_ROWS) : 1;

      if (n == 0)
        continue;
      muster_print_colour (cr, ink);
      y += muster_print_text (cr, _(track->label), "Sans Bold 8", FALSE, x, y, width, 0, draw) + 2;
      for (guint r = 0; r < rows; r++)
        {
          double inset = 0;

          if (rows > 1)
            {
              g_autofree char *number = g_strdup_printf ("%u", r + 1);

              muster_print_colour (cr, grey);
              muster_print_text (cr, number, "Sans 7.5", FALSE, x, y + 1.5, 0, 0, draw);
              inset = 14;
            }
          if (track->marks != NULL)
            y += paint_marks (cr, track->marks, x + inset, y, width - inset, draw);
          else
            y += paint_boxes (cr, n, x + inset, y, width - inset, draw);
        }
      y += 2;
    }
  return y - y0;
}

/* A boxed cell: a small grey label over a bold value (or room to write one). */
static void
paint_cell (cairo_t    *cr,
            const char *label,
            const char *value,
            double      x,
            double      y,
            double      w,
            double      h)
{
  muster_print_colour (cr, rule_grey);
  cairo_set_line_width (cr, 0.5);
  cairo_rectangle (cr, x, y, w, h);
  cairo_stroke (cr);
  muster_print_colour (cr, grey);
  muster_print_text (cr, label, "Sans 6.5", FALSE, x + 3, y + 2, -(w - 6), 0, TRUE);
  muster_print_colour (cr, ink);
  if (value != NULL)
    muster_print_text (cr, value, "Sans Bold 10", FALSE, x + 3, y + 12, -(w - 6), 0, TRUE);
}

/* The value of the form field @name ("Label" or "Label=type|size") for @entry, if it has one. */
static const char *
field_value (const MusterListEntry *entry,
             const char            *name)
{
  const char *source = strchr (name, '=');

  if (source != NULL)
    return g_str_equal (source + 1, "type") ? entry->type : entry->size;
  for (guint i = 0; i < entry->stats->len; i++)
    {
      const MusterListStat *stat = entry->stats->pdata[i];

      if (g_ascii_strcasecmp (stat->label, name) == 0)
        return stat->value;
    }
  return NULL;
}

/* The system's write-in fields and blank tables on a card. Returns: their height */
static double
paint_forms (const SystemSheet     *system,
             cairo_t               *cr,
             const MusterListEntry *entry,
             double                 x,
             double                 y,
             double                 width,
             gboolean               draw)
{
  const double cell_h = 28, row_h = 16;
  double y0 = y;

  if (system->fields != NULL)
    {
      g_auto(GStrv) fields = g_strsplit (_(system->fields), "|", -1);
      guint n = g_strv_length (fields), across = width > 330 ? 3 : 2;
      double cell_w = width / across;

      for (guint i = 0; draw && i < n; i++)
        {
          g_autofree char *label = g_strndup (fields[i], strcspn (fields[i], "="));

          paint_cell (cr, label, field_value (entry, fields[i]),
                      x + (i % across) * cell_w, y + (i / across) * cell_h, cell_w, cell_h);
        }
      y += (n + across - 1) / across * cell_h + GAP;
    }
  if (system->tables != NULL)
    {
      g_auto(GStrv) tables = g_strsplit (_(system->tables), "|", -1);

      for (guint t = 0; tables[t] != NULL; t++)
        {
          g_auto(GStrv) parts = g_strsplit (tables[t], ";", 3);
          g_auto(GStrv) columns = NULL;
          guint rows, n;
          double col_w;

          if (g_strv_length (parts) < 3)
            continue;
          columns = g_strsplit (parts[1], ",", -1);
          n = g_strv_length (columns);
          rows = (guint) g_ascii_strtoull (parts[2], NULL, 10);
          col_w = width / MAX (n, 1);
          muster_print_colour (cr, ink);
          y += muster_print_text (cr, parts[0], "Sans Bold 8", FALSE, x, y, width, 0, draw) + 2;
          for (guint c = 0; draw && c < n; c++)
            {
              muster_print_colour (cr, shade);
              cairo_rectangle (cr, x + c * col_w, y, col_w, row_h);
              cairo_fill (cr);
              muster_print_colour (cr, grey);
              muster_print_text (cr, columns[c], "Sans 7", FALSE, x + c * col_w + 3, y + 3,
                                 -(col_w - 6), 0, TRUE);
              for (guint r = 1; r <= rows; r++)
                {
                  muster_print_colour (cr, rule_grey);
                  cairo_set_line_width (cr, 0.5);
                  cairo_rectangle (cr, x + c * col_w, y + r * row_h, col_w, row_h);
                  cairo_stroke (cr);
                }
            }
          y += (rows + 1) * row_h + GAP;
        }
    }
  return y - y0;
}

/* Whether the system's form has a field for @stat, which then is not repeated in the grid. */
static gboolean
in_form (const SystemSheet    *system,
         const MusterListStat *stat)
{
  g_auto(GStrv) fields = NULL;

  if (system->fields == NULL)
    return FALSE;
  fields = g_strsplit (_(system->fields), "|", -1);
  for (guint i = 0; fields[i] != NULL; i++)
    if (g_ascii_strcasecmp (fields[i], stat->label) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
fits_cell (cairo_t              *cr,
           const MusterListStat *stat,
           double                width)
{
  return muster_print_text_width (cr, stat->value, "Sans Bold 10", FALSE) + 8 <= width / 2;
}

/*
 * The statistics as a row of labelled cells, wrapping; a value too long for a cell (a base
 * description) gets a line of its own below. Returns: its height
 */
static double
paint_stat_grid (const SystemSheet     *system,
                 cairo_t               *cr,
                 const MusterListEntry *entry,
                 double                 x,
                 double                 y,
                 double                 width,
                 gboolean               draw)
{
  const double cell_h = 28;
  double cx = x, cy = y;
  gboolean any = FALSE;

  for (guint i = 0; i < entry->stats->len; i++)
    {
      const MusterListStat *stat = entry->stats->pdata[i];
      double cell_w;

      if (in_form (system, stat) || !fits_cell (cr, stat, width))
        continue;
      cell_w = MAX (46, MAX (muster_print_text_width (cr, stat->label, "Sans 6.5", FALSE),
                             muster_print_text_width (cr, stat->value, "Sans Bold 10", FALSE)) + 8);
      cell_w = MIN (cell_w, width);
      if (cx > x && cx + cell_w > x + width)
        {
          cx = x;
          cy += cell_h;
        }
      if (draw)
        paint_cell (cr, stat->label, stat->value, cx, cy, cell_w, cell_h);
      cx += cell_w;
      any = TRUE;
    }
  cy += any ? cell_h + GAP : 0;

  for (guint i = 0; i < entry->stats->len; i++)
    {
      const MusterListStat *stat = entry->stats->pdata[i];
      g_autofree char *line = NULL;

      if (in_form (system, stat) || fits_cell (cr, stat, width))
        continue;
      line = g_markup_printf_escaped ("<span foreground='#5e5c64'>%s</span>  <b>%s</b>",
                                      stat->label, stat->value);
      muster_print_colour (cr, ink);
      cy += muster_print_text (cr, line, "Sans 8", TRUE, x, cy, width, 0, draw) + 2;
    }
  return cy - y;
}

double
_muster_sheet_paint_card (const SystemSheet     *system,
                          cairo_t               *cr,
                          const MusterListEntry *entry,
                          double                 x,
                          double                 y,
                          double                 w,
                          double                 height,
                          gboolean               draw)
{
  g_autofree char *cost = _muster_sheet_cost_text (entry);
  g_autofree char *sub = g_strdup_printf ("%s · %s", entry->type, entry->size);
  double inner = w - 2 * CARD_PAD;
  double cy = y + _muster_sheet_paint_band (cr, entry->name, cost, x, y, w, draw) + 4;

  muster_print_colour (cr, grey);
  cy += muster_print_text (cr, sub, "Sans 8.5", FALSE, x + CARD_PAD, cy, inner, 0, draw) + 4;
  cy += paint_stat_grid (system, cr, entry, x + CARD_PAD, cy, inner, draw);
  cy += paint_forms (system, cr, entry, x + CARD_PAD, cy, inner, draw);
  cy += _muster_sheet_paint_details (cr, entry, FALSE, "Sans 7.5", x + CARD_PAD, cy, inner,
                                     draw) + 4;
  cy += _muster_sheet_paint_tracks (system, cr, entry, x + CARD_PAD, cy, inner, draw);
  cy += CARD_PAD - 4;
  if (draw)
    _muster_sheet_paint_frame (cr, x, y, w, MAX (height, cy - y));
  return cy - y;
}

/* A card's head: @name in white on a dark band, @cost at its right. Returns: its height */
double
_muster_sheet_paint_band (cairo_t    *cr,
                          const char *name,
                          const char *cost,
                          double      x,
                          double      y,
                          double      w,
                          gboolean    draw)
{
  double inner = w - 2 * CARD_PAD;
  double cost_w = muster_print_text_width (cr, cost, "Sans Bold 10.5", FALSE);
  double band_h = muster_print_text (cr, name, "Sans Bold 10.5", FALSE, 0, 0,
                                     inner - cost_w - GAP, 0, FALSE) + 8;

  if (draw)
    {
      muster_print_colour (cr, band);
      cairo_rectangle (cr, x, y, w, band_h);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      muster_print_text (cr, name, "Sans Bold 10.5", FALSE, x + CARD_PAD, y + 4,
                         inner - cost_w - GAP, 0, TRUE);
      muster_print_text (cr, cost, "Sans Bold 10.5", FALSE, x + CARD_PAD, y + 4, inner, 1, TRUE);
    }
  return band_h;
}

/* A card's outline, @height tall. */
void
_muster_sheet_paint_frame (cairo_t *cr,
                           double   x,
                           double   y,
                           double   w,
                           double   height)
{
  muster_print_colour (cr, ink);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x + 0.5, y + 0.5, w - 1, height - 1);
  cairo_stroke (cr);
}

/* Returns: the sheets of the system @system_id, or those of any other system */
const SystemSheet *
_muster_sheet_system_for (const char *system_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (system_sheets); i++)
    if (system_sheets[i].system == NULL || g_strcmp0 (system_sheets[i].system, system_id) == 0)
      return &system_sheets[i];
  g_assert_not_reached ();
}

/* Returns: the title of @system's sheets of @kind, translated; %NULL for a plain list */
const char *
_muster_sheet_system_title (const SystemSheet *system,
                            MusterSheetKind    kind)
{
  switch (kind)
    {
    case MUSTER_SHEET_CARDS:
      return _(system->cards_title);
    case MUSTER_SHEET_ROSTER:
      return _(system->roster_title);
    case MUSTER_SHEET_LIST:
    default:
      return NULL;
    }
}
