/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sheet-painter"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "muster-print.h"
#include "muster-sheet-painter.h"

/*
 * Printed sheets drawn with cairo and pango on any cairo context: PDF export, print and
 * previews share this code. The content is cut into blocks (a heading, a unit, a row of cards,
 * one rule of the glossary); blocks are measured with the very function that draws them and
 * stacked onto pages, and a block that does not fit starts the next page, so a unit is never
 * split. Headings stay with the block after them.
 */

#define HEADER_H   MUSTER_PRINT_HEADER_H
#define FOOTER_H   MUSTER_PRINT_FOOTER_H
#define GAP         6.0
#define BOX        12.0   /* a tick box: 4.2 mm, room for a pencil mark */
#define BOX_GAP     3.5
#define CARD_GAP   10.0
#define CARD_PAD    7.0

static const double *const ink = muster_print_ink;
static const double *const grey = muster_print_grey;
static const double *const rule_grey = muster_print_rule;
static const double *const shade = muster_print_shade;
static const double band[] = { 0.24, 0.22, 0.27 };
static const double legal[] = { 0.15, 0.45, 0.30 };
static const double illegal[] = { 0.65, 0.11, 0.18 };

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
typedef struct
{
  const char *system;
  const char *cards_title;
  const char *roster_title;
  TrackSpec   tracks[3];
  const char *fields;
  const char *tables;
} SystemSheet;

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

typedef enum
{
  BLOCK_TITLE,
  BLOCK_FORCE,
  BLOCK_NODE,
  BLOCK_UNIT,
  BLOCK_CARDS,
  BLOCK_ROSTER,
  BLOCK_RULES_HEADING,
  BLOCK_RULE,
  BLOCK_NOTE,
} BlockKind;

#define MAX_CARDS 3

typedef struct
{
  MusterSheetBlock        pub;
  BlockKind               kind;
  const MusterListForce  *force;
  const MusterListEntry  *entries[MAX_CARDS];
  const MusterListRule   *rule;
} Block;

struct _MusterSheet
{
  const MusterList   *list;     /* borrowed: must outlive the sheet */
  MusterSheetKind     kind;
  MusterSheetPage     page;
  const SystemSheet  *system;
  guint               cards_across;
  GArray             *blocks;   /* Block */
  guint               n_pages;
  guint               first_number;   /* printed number of page 0 */
  guint               n_numbers;      /* printed page count, 0 for n_pages */
};

static double
content_left (const MusterSheet *self)
{
  return self->page.margin;
}

static double
content_width (const MusterSheet *self)
{
  return self->page.width - 2 * self->page.margin;
}

static double
content_top (const MusterSheet *self)
{
  return self->page.margin + HEADER_H;
}

static double
content_bottom (const MusterSheet *self)
{
  return self->page.height - self->page.margin - FOOTER_H;
}

static char *
cost_text (const MusterListEntry *entry)
{
  return g_strdup_printf ("%s %s%s", entry->cost, entry->cost_measure, entry->house ? " *" : "");
}

/* Block painters: each returns the height it takes and draws only when @draw. */

static double
paint_title (const MusterSheet *self,
             cairo_t           *cr,
             double             y,
             gboolean           draw)
{
  const MusterList *list = self->list;
  double x = content_left (self), w = content_width (self), y0 = y;
  g_autofree char *system = g_strdup_printf ("%s %s%s", list->system, list->version,
                                             list->house_ruleset ? _(" (house rules)") : "");
  g_autofree char *validation = muster_list_validation (list);
  g_autofree char *line = g_strdup_printf ("%s %s", _("Validation:"), validation);
  gboolean ok = TRUE;

  for (guint i = 0; i < list->forces->len; i++)
    ok &= ((MusterListForce *) list->forces->pdata[i])->problems->len == 0;

  muster_print_colour (cr, ink);
  y += muster_print_text (cr, list->title, "Sans Bold 20", FALSE, x, y, w, 0, draw);
  muster_print_colour (cr, grey);
  y += muster_print_text (cr, system, "Sans 10", FALSE, x, y, w, 0, draw) + 2;
  muster_print_colour (cr, ok ? legal : illegal);
  y += muster_print_text (cr, line, "Sans Bold 10", FALSE, x, y, w, 0, draw);
  return y - y0 + 2 * GAP;
}

static double
paint_force (const MusterSheet     *self,
             cairo_t               *cr,
             const MusterListForce *force,
             double                 y,
             gboolean               draw)
{
  double x = content_left (self), w = content_width (self), y0 = y;
  g_autofree char *total = g_strdup_printf ("%s%s", force->total, force->house ? " *" : "");
  double total_w = muster_print_text_width (cr, total, "Sans Bold 13", FALSE);
  double h;

  muster_print_colour (cr, ink);
  h = muster_print_text (cr, force->name, "Sans Bold 13", FALSE, x, y, w - total_w - GAP, 0, draw);
  muster_print_text (cr, total, "Sans Bold 13", FALSE, x, y, w, 1, draw);
  y += h;
  if (force->side != NULL)
    {
      muster_print_colour (cr, grey);
      y += muster_print_text (cr, force->side, "Sans 9", FALSE, x, y, w, 0, draw);
    }
  y += 3;
  if (draw)
    muster_print_hline (cr, x, y, w, 1.5, ink);
  return y - y0 + GAP;
}

static double
paint_node (const MusterSheet     *self,
            cairo_t               *cr,
            const MusterListEntry *entry,
            double                 y,
            gboolean               draw)
{
  double x = content_left (self) + entry->depth * 12, w = content_width (self) - entry->depth * 12;
  g_autofree char *label = g_markup_printf_escaped ("<b>%s</b>  <span size='smaller'>%s</span>",
                                                    entry->name, entry->type);
  g_autofree char *cost = cost_text (entry);
  double h = muster_print_text (cr, label, "Sans 10.5", TRUE, 0, 0, w - 80, 0, FALSE) + 6;

  if (draw)
    {
      muster_print_colour (cr, shade);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
      muster_print_colour (cr, ink);
      muster_print_text (cr, label, "Sans 10.5", TRUE, x + 4, y + 3, w - 80, 0, TRUE);
      muster_print_text (cr, cost, "Sans Bold 10.5", FALSE, x, y + 3, w - 4, 1, TRUE);
    }
  return h + 4;
}

/* "Options: …", "Rules: …", "Notes: …" lines of a unit, wrapped to @width. */
static double
paint_details (cairo_t               *cr,
               const MusterListEntry *entry,
               gboolean               with_stats,
               const char            *font,
               double                 x,
               double                 y,
               double                 width,
               gboolean               draw)
{
  g_autofree char *stats = with_stats ? muster_list_stat_line (entry) : NULL;
  const char *labels[] = { _("Stats"), _("Options"), _("Rules"), _("Notes") };
  const char *values[] = { stats, entry->options, entry->rules, entry->notes };
  double y0 = y;

  for (guint k = 0; k < G_N_ELEMENTS (labels); k++)
    {
      g_autofree char *line = NULL;

      if (values[k] == NULL)
        continue;
      line = g_markup_printf_escaped ("<span foreground='#5e5c64'>%s</span>  %s", labels[k],
                                      values[k]);
      muster_print_colour (cr, ink);
      y += muster_print_text (cr, line, font, TRUE, x, y, width, 0, draw) + 1;
    }
  return y - y0;
}

static double
paint_unit (const MusterSheet     *self,
            cairo_t               *cr,
            const MusterListEntry *entry,
            double                 y,
            gboolean               draw)
{
  double x = content_left (self) + entry->depth * 12 + 4;
  double w = content_width (self) - entry->depth * 12 - 4;
  g_autofree char *head = g_markup_printf_escaped ("<b>%s</b>   <span size='smaller' "
                                                   "foreground='#5e5c64'>%s · %s</span>",
                                                   entry->name, entry->type, entry->size);
  g_autofree char *cost = cost_text (entry);
  double y0 = y;

  muster_print_colour (cr, ink);
  y += muster_print_text (cr, head, "Sans 10.5", TRUE, x, y, w - 80, 0, draw);
  muster_print_text (cr, cost, "Sans Bold 10.5", FALSE, x, y0, w - 4, 1, draw);
  y += 2 + paint_details (cr, entry, TRUE, "Sans 8.5", x + 10, y, w - 100, draw);
  y += 3;
  if (draw)
    muster_print_hline (cr, x, y, w, 0.5, rule_grey);
  return y - y0 + 4;
}

static guint
track_count (const TrackSpec       *track,
             const MusterListEntry *entry)
{
  if (track->size_unit != NULL && g_strcmp0 (track->size_unit, entry->size_unit) != 0)
    return 0;
  if (track->fixed > 0)
    return track->fixed;
  if (track->stat == NULL)
    return entry->size_count;
  for (guint i = 0; i < entry->stats->len; i++)
    {
      const MusterListStat *stat = entry->stats->pdata[i];

      if (g_strcmp0 (stat->id, track->stat) == 0 && stat->has_number && stat->number > 0)
        return MIN ((guint) stat->number, 100);
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
static double
paint_tracks (const MusterSheet     *self,
              cairo_t               *cr,
              const MusterListEntry *entry,
              double                 x,
              double                 y,
              double                 width,
              gboolean               draw)
{
  double y0 = y;

  for (guint t = 0; t < G_N_ELEMENTS (self->system->tracks); t++)
    {
      const TrackSpec *track = &self->system->tracks[t];
      guint n = track->label ? track_count (track, entry) : 0;
      guint rows = track->per_size ? entry->size_count : 1;

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
paint_forms (const MusterSheet     *self,
             cairo_t               *cr,
             const MusterListEntry *entry,
             double                 x,
             double                 y,
             double                 width,
             gboolean               draw)
{
  const double cell_h = 28, row_h = 16;
  double y0 = y;

  if (self->system->fields != NULL)
    {
      g_auto(GStrv) fields = g_strsplit (_(self->system->fields), "|", -1);
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
  if (self->system->tables != NULL)
    {
      g_auto(GStrv) tables = g_strsplit (_(self->system->tables), "|", -1);

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
paint_stat_grid (const MusterSheet     *self,
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

      if (in_form (self->system, stat) || !fits_cell (cr, stat, width))
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

      if (in_form (self->system, stat) || fits_cell (cr, stat, width))
        continue;
      line = g_markup_printf_escaped ("<span foreground='#5e5c64'>%s</span>  <b>%s</b>",
                                      stat->label, stat->value);
      muster_print_colour (cr, ink);
      cy += muster_print_text (cr, line, "Sans 8", TRUE, x, cy, width, 0, draw) + 2;
    }
  return cy - y;
}

static double
paint_card (const MusterSheet     *self,
            cairo_t               *cr,
            const MusterListEntry *entry,
            double                 x,
            double                 y,
            double                 w,
            double                 height,
            gboolean               draw)
{
  g_autofree char *cost = cost_text (entry);
  g_autofree char *sub = g_strdup_printf ("%s · %s", entry->type, entry->size);
  double inner = w - 2 * CARD_PAD;
  double cost_w = muster_print_text_width (cr, cost, "Sans Bold 10.5", FALSE);
  double band_h = muster_print_text (cr, entry->name, "Sans Bold 10.5", FALSE, 0, 0,
                                     inner - cost_w - GAP, 0, FALSE) + 8;
  double cy = y + band_h + 4;

  if (draw)
    {
      muster_print_colour (cr, band);
      cairo_rectangle (cr, x, y, w, band_h);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      muster_print_text (cr, entry->name, "Sans Bold 10.5", FALSE, x + CARD_PAD, y + 4,
                         inner - cost_w - GAP, 0, TRUE);
      muster_print_text (cr, cost, "Sans Bold 10.5", FALSE, x + CARD_PAD, y + 4, inner, 1, TRUE);
    }
  muster_print_colour (cr, grey);
  cy += muster_print_text (cr, sub, "Sans 8.5", FALSE, x + CARD_PAD, cy, inner, 0, draw) + 4;
  cy += paint_stat_grid (self, cr, entry, x + CARD_PAD, cy, inner, draw);
  cy += paint_forms (self, cr, entry, x + CARD_PAD, cy, inner, draw);
  cy += paint_details (cr, entry, FALSE, "Sans 7.5", x + CARD_PAD, cy, inner, draw) + 4;
  cy += paint_tracks (self, cr, entry, x + CARD_PAD, cy, inner, draw);
  cy += CARD_PAD - 4;
  if (draw)
    {
      muster_print_colour (cr, ink);
      cairo_set_line_width (cr, 1.0);
      cairo_rectangle (cr, x + 0.5, y + 0.5, w - 1, MAX (height, cy - y) - 1);
      cairo_stroke (cr);
    }
  return cy - y;
}

static double
paint_cards (const MusterSheet *self,
             cairo_t           *cr,
             const Block       *block,
             double             y,
             gboolean           draw)
{
  double w = (content_width (self) - (self->cards_across - 1) * CARD_GAP) / self->cards_across;
  double h = 0;

  for (guint i = 0; i < self->cards_across && block->entries[i]; i++)
    h = MAX (h, paint_card (self, cr, block->entries[i], 0, 0, w, 0, FALSE));
  for (guint i = 0; draw && i < self->cards_across && block->entries[i]; i++)
    paint_card (self, cr, block->entries[i], content_left (self) + i * (w + CARD_GAP), y, w, h,
                TRUE);
  return h + CARD_GAP;
}

static double
paint_roster_row (const MusterSheet     *self,
                  cairo_t               *cr,
                  const MusterListEntry *entry,
                  double                 y,
                  gboolean               draw)
{
  double x = content_left (self) + entry->depth * 12 + 4;
  double w = content_width (self) - entry->depth * 12 - 4;
  double left_w = w * 0.45, right_x = x + left_w + 2 * GAP, right_w = w - left_w - 2 * GAP;
  g_autofree char *head = g_markup_printf_escaped ("<b>%s</b>\n<span size='smaller' "
                                                   "foreground='#5e5c64'>%s · %s</span>",
                                                   entry->name, entry->type, entry->size);
  g_autofree char *cost = cost_text (entry);
  double cost_w = muster_print_text_width (cr, cost, "Sans Bold 10", FALSE);
  double left = 0, right;

  muster_print_colour (cr, ink);
  left += muster_print_text (cr, head, "Sans 10", TRUE, x, y + 3, left_w - cost_w - GAP, 0, draw);
  muster_print_text (cr, cost, "Sans Bold 10", FALSE, x, y + 3, left_w, 1, draw);
  left += 2 + paint_details (cr, entry, TRUE, "Sans 7.5", x, y + 3 + left + 2, left_w, draw);
  right = paint_tracks (self, cr, entry, right_x, y + 3, right_w, draw);
  if (draw)
    muster_print_hline (cr, x, y + 3 + MAX (left, right) + 3, w, 0.5, rule_grey);
  return MAX (left, right) + 10;
}

static double
paint_rule (const MusterSheet    *self,
            cairo_t              *cr,
            const MusterListRule *rule,
            double                y,
            gboolean              draw)
{
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s%s</b>  %s", rule->name,
                                                     rule->house ? " *" : "", rule->text);

  muster_print_colour (cr, ink);
  return muster_print_text (cr, markup, "Sans 9", TRUE, content_left (self), y,
                            content_width (self), 0, draw) + 4;
}

static double
paint_block (const MusterSheet *self,
             cairo_t           *cr,
             const Block       *block,
             double             y,
             gboolean           draw)
{
  switch (block->kind)
    {
    case BLOCK_TITLE:
      return paint_title (self, cr, y, draw);
    case BLOCK_FORCE:
      return paint_force (self, cr, block->force, y, draw);
    case BLOCK_NODE:
      return paint_node (self, cr, block->entries[0], y, draw);
    case BLOCK_UNIT:
      return paint_unit (self, cr, block->entries[0], y, draw);
    case BLOCK_CARDS:
      return paint_cards (self, cr, block, y, draw);
    case BLOCK_ROSTER:
      return paint_roster_row (self, cr, block->entries[0], y, draw);
    case BLOCK_RULES_HEADING:
      {
        double h = GAP;

        muster_print_colour (cr, ink);
        h += muster_print_text (cr, _("Special rules"), "Sans Bold 13", FALSE, content_left (self),
                                y + h, content_width (self), 0, draw) + 3;
        if (draw)
          muster_print_hline (cr, content_left (self), y + h, content_width (self), 1.5, ink);
        return h + GAP;
      }
    case BLOCK_RULE:
      return paint_rule (self, cr, block->rule, y, draw);
    case BLOCK_NOTE:
    default:
      {
        g_autofree char *note = g_strdup_printf ("* %s", _("rests on a house value, not a "
                                                           "number from the book"));

        muster_print_colour (cr, grey);
        return muster_print_text (cr, note, "Sans 8", FALSE, content_left (self), y + GAP,
                                  content_width (self), 0, draw) + GAP;
      }
    }
}

static void
add_block (MusterSheet           *self,
           BlockKind              kind,
           const MusterListForce *force,
           const MusterListEntry *entry,
           const MusterListRule  *rule)
{
  Block block = { { 0, 0, 0, FALSE }, kind, force, { entry, NULL, NULL }, rule };

  block.pub.is_unit = kind == BLOCK_UNIT || kind == BLOCK_CARDS || kind == BLOCK_ROSTER;
  g_array_append_val (self->blocks, block);
}

static void
build_blocks (MusterSheet *self)
{
  const MusterList *list = self->list;

  add_block (self, BLOCK_TITLE, NULL, NULL, NULL);
  for (guint i = 0; i < list->forces->len; i++)
    {
      const MusterListForce *force = list->forces->pdata[i];
      Block *cards = NULL;
      guint n_cards = 0;

      add_block (self, BLOCK_FORCE, force, NULL, NULL);
      for (guint j = 0; j < force->entries->len; j++)
        {
          const MusterListEntry *entry = force->entries->pdata[j];

          if (entry->is_node)
            {
              add_block (self, BLOCK_NODE, force, entry, NULL);
              cards = NULL;
            }
          else if (self->kind == MUSTER_SHEET_CARDS)
            {
              if (cards == NULL || n_cards == self->cards_across)
                {
                  add_block (self, BLOCK_CARDS, force, entry, NULL);
                  cards = &g_array_index (self->blocks, Block, self->blocks->len - 1);
                  n_cards = 1;
                }
              else
                cards->entries[n_cards++] = entry;
            }
          else
            add_block (self, self->kind == MUSTER_SHEET_ROSTER ? BLOCK_ROSTER : BLOCK_UNIT,
                       force, entry, NULL);
        }
    }
  for (guint i = 0; i < list->glossary->len; i++)
    {
      if (i == 0)
        add_block (self, BLOCK_RULES_HEADING, NULL, NULL, NULL);
      add_block (self, BLOCK_RULE, NULL, NULL, list->glossary->pdata[i]);
    }
  if (list->any_house)
    add_block (self, BLOCK_NOTE, NULL, NULL, NULL);
}

/* Headings keep company with the block after them. */
static gboolean
is_heading (const Block *block)
{
  return block->kind == BLOCK_FORCE || block->kind == BLOCK_NODE ||
         block->kind == BLOCK_RULES_HEADING;
}

static void
paginate (MusterSheet *self,
          cairo_t     *measure)
{
  double y = content_top (self);
  guint page = 0;

  for (guint i = 0; i < self->blocks->len; i++)
    g_array_index (self->blocks, Block, i).pub.height =
      paint_block (self, measure, &g_array_index (self->blocks, Block, i), 0, FALSE);

  for (guint i = 0; i < self->blocks->len; i++)
    {
      Block *block = &g_array_index (self->blocks, Block, i);
      double need = block->pub.height;

      if (is_heading (block) && i + 1 < self->blocks->len)
        need += g_array_index (self->blocks, Block, i + 1).pub.height;
      if (y + need > content_bottom (self) && y > content_top (self))
        {
          page++;
          y = content_top (self);
        }
      block->pub.page = page;
      block->pub.y = y;
      y += block->pub.height;
    }
  self->n_pages = page + 1;
}

/*
 * Lays @list out on pages of @page. @list is borrowed and must outlive the sheet.
 * Returns: (transfer full): the sheet, ready to paint
 */
MusterSheet *
muster_sheet_new (const MusterList      *list,
                  MusterSheetKind        kind,
                  const MusterSheetPage *page)
{
  MusterSheet *self;
  cairo_t *measure;

  g_return_val_if_fail (list != NULL, NULL);
  g_return_val_if_fail (page != NULL, NULL);

  self = g_new0 (MusterSheet, 1);
  self->list = list;
  self->kind = kind;
  self->page = *page;
  self->first_number = 1;
  self->cards_across = content_width (self) > 640 ? 3 : 2;
  self->blocks = g_array_new (FALSE, TRUE, sizeof (Block));
  for (guint i = 0; i < G_N_ELEMENTS (system_sheets); i++)
    if (system_sheets[i].system == NULL ||
        g_strcmp0 (system_sheets[i].system, list->system_id) == 0)
      {
        self->system = &system_sheets[i];
        break;
      }

  build_blocks (self);
  measure = muster_print_measure_new ();
  paginate (self, measure);
  cairo_destroy (measure);
  return self;
}

void
muster_sheet_free (MusterSheet *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->blocks);
  g_free (self);
}

guint
muster_sheet_get_n_pages (const MusterSheet *self)
{
  return self->n_pages;
}

guint
muster_sheet_get_n_blocks (const MusterSheet *self)
{
  return self->blocks->len;
}

const MusterSheetBlock *
muster_sheet_get_block (const MusterSheet *self,
                        guint              index)
{
  g_return_val_if_fail (index < self->blocks->len, NULL);
  return &g_array_index (self->blocks, Block, index).pub;
}

static const char *
sheet_title (const MusterSheet *self)
{
  switch (self->kind)
    {
    case MUSTER_SHEET_CARDS:
      return _(self->system->cards_title);
    case MUSTER_SHEET_ROSTER:
      return _(self->system->roster_title);
    case MUSTER_SHEET_LIST:
    default:
      return _("Army List");
    }
}

static void
paint_header_footer (const MusterSheet *self,
                     cairo_t           *cr,
                     guint              page)
{
  g_autofree char *subject = g_strdup_printf ("%s — %s %s", self->list->title,
                                              self->list->system, self->list->version);

  muster_print_header_footer (cr, &self->page, sheet_title (self), subject,
                              self->first_number + page,
                              self->n_numbers ? self->n_numbers : self->n_pages);
}

/**
 * muster_sheet_set_numbering:
 * @self: a sheet
 * @first: the number of its first page
 * @n_pages: the number of pages of the whole document it is part of
 *
 * For a sheet printed inside a larger document (the scenario packet): page numbers count on
 * from the pages before it, "Page 7 of 9".
 */
void
muster_sheet_set_numbering (MusterSheet *self,
                            guint        first,
                            guint        n_pages)
{
  g_return_if_fail (self != NULL && first >= 1);

  self->first_number = first;
  self->n_numbers = n_pages;
}

/* Paints page @page (from 0) on @cr, whose user space is in points with the page at (0, 0). */
void
muster_sheet_paint_page (const MusterSheet *self,
                         cairo_t           *cr,
                         guint              page)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (page < self->n_pages);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  paint_header_footer (self, cr, page);
  /* A block taller than a page (a giant card) is cut at the margins rather than overflow. */
  cairo_rectangle (cr, content_left (self), content_top (self), content_width (self),
                   content_bottom (self) - content_top (self));
  cairo_clip (cr);
  for (guint i = 0; i < self->blocks->len; i++)
    {
      const Block *block = &g_array_index (self->blocks, Block, i);

      if (block->pub.page == page)
        paint_block (self, cr, block, block->pub.y, TRUE);
    }
  cairo_restore (cr);
}

static void
sheet_page_size (gconstpointer    document,
                 guint            page,
                 MusterSheetPage *size)
{
  *size = ((const MusterSheet *) document)->page;
}

static void
sheet_paint (gconstpointer  document,
             cairo_t       *cr,
             guint          page)
{
  muster_sheet_paint_page (document, cr, page);
}

/* Returns: (transfer full): the whole sheet as a PDF document */
GBytes *
muster_sheet_to_pdf (const MusterSheet *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return muster_print_to_pdf (self->list->title, self->n_pages, sheet_page_size, sheet_paint,
                              self);
}
