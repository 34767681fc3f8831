/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-export"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-export.h"
#include "muster-sheet-painter-private.h"

/*
 * A BattleScribe roster's list and record cards on pages, drawn with the typography of the
 * built-in sheets (muster-print.c; the same fonts, colours, running header and footer as
 * muster-sheet-painter.c). The content is cut into blocks (the title, a force, a category
 * head, a unit, a row of cards, a rule) measured by the very function that draws them; a
 * block that does not fit starts the next page, and a head keeps company with the block
 * after it. Profiles are tables whose columns take their natural width when they fit and
 * share what is left, wrapping, when they do not.
 */

/* The fonts of a unit's details: on the list, and smaller on a card. */
typedef struct
{
  const char *body;
  const char *bold;
  const char *head;
  double      pad;
} Type;

static const Type list_type = { "Sans 8", "Sans Bold 8", "Sans Bold 7", 3.0 };
static const Type card_type = { "Sans 7", "Sans Bold 7", "Sans Bold 6.5", 2.5 };

typedef enum
{
  BLOCK_TITLE,
  BLOCK_FORCE,
  BLOCK_SECTION,
  BLOCK_UNIT,
  BLOCK_CARDS,
  BLOCK_RULES_HEADING,
  BLOCK_RULE,
} BlockKind;

#define MAX_CARDS 3

typedef struct
{
  MusterSheetBlock  pub;
  BlockKind         kind;
  gconstpointer     items[MAX_CARDS];   /* the force, section, rule, unit or units */
} Block;

struct _MusterBsSheet
{
  MusterSheetLayout   layout;   /* blocks: Block */
  const MusterBsList *list;     /* borrowed: must outlive the sheet */
};

/* Profile tables */

/* The width of @text's longest word in @font ("Twin-linked" breaks after its hyphen). */
static double
longest_word (cairo_t    *cr,
              const char *text,
              const char *font)
{
  g_autofree char *spaced = g_strdup (text);
  g_auto(GStrv) words = g_strsplit (g_strdelimit (spaced, "-", ' '), " ", -1);
  double widest = 0;

  for (guint i = 0; words[i] != NULL; i++)
    widest = MAX (widest, muster_print_text_width (cr, words[i], font, FALSE));
  return widest;
}

#define COLUMN_AIR 14.0   /* pt: the most a column gains over its text when there is room */
#define SHORT_WORD 40.0   /* pt: "D6+1", "Range" and the like are never broken */

/*
 * The width of each column of @table within @w: natural widths when they fit, the room left
 * over spread; otherwise each column gets its longest word (so that words wrap whole when
 * they can) and the room left goes to the columns in proportion to what more they would
 * take on one line.
 */
static void
column_widths (cairo_t                 *cr,
               const MusterBsListTable *table,
               const Type              *type,
               double                   w,
               double                  *widths)
{
  guint n = table->columns->len + 1;
  g_autofree double *natural = g_new0 (double, n);
  g_autofree double *least = g_new0 (double, n);
  double total = 0, total_least = 0, more = 0, spare = 0;

  for (guint c = 0; c < n; c++)
    {
      const char *head = c ? table->columns->pdata[c - 1] : table->type;

      natural[c] = muster_print_text_width (cr, head, type->head, FALSE);
      least[c] = longest_word (cr, head, type->head);
      for (guint r = 0; r < table->rows->len; r++)
        {
          const char *cell = ((char **) table->rows->pdata[r])[c];
          const char *font = c ? type->body : type->bold;

          natural[c] = MAX (natural[c], muster_print_text_width (cr, cell, font, FALSE));
          least[c] = MAX (least[c], longest_word (cr, cell, font));
        }
      /* (and a point more: a layout exactly as wide as its text may wrap it) */
      natural[c] += 2 * type->pad + 1;
      least[c] += 2 * type->pad + 1;
      total += natural[c];
      total_least += least[c];
      more += natural[c] - least[c];
      spare += MAX (least[c] - SHORT_WORD, 0);
    }
  for (guint c = 0; c < n; c++)
    if (total <= w)
      /* Some air between the columns, not the page's width: a short table stays compact,
       * its values beside their names. */
      widths[c] = natural[c] + MIN ((w - total) / n, c ? COLUMN_AIR : 2 * COLUMN_AIR);
    else if (total_least <= w)
      widths[c] = least[c] + (w - total_least) * (natural[c] - least[c]) / MAX (more, 1e-6);
    else
      {
        /* Too narrow even so: the long words give way (a name, a keyword), not the
         * numbers, each column its share of the want above a short word's width. */
        double shrink = (total_least - w) / MAX (spare, 1e-6);

        widths[c] = least[c] - MAX (least[c] - SHORT_WORD, 0) * MIN (shrink, 1);
      }
}

/* One row (the head when @cells is NULL). Returns: its height */
static double
paint_row (cairo_t                 *cr,
           const MusterBsListTable *table,
           const Type              *type,
           char                   **cells,
           const double            *widths,
           double                   x,
           double                   y,
           double                   w,
           gboolean                 draw)
{
  guint n = table->columns->len + 1;
  double h = 0;

  for (int pass = 0; pass < (draw ? 2 : 1); pass++)
    {
      double cx = x;

      if (pass == 1 && cells == NULL)
        {
          muster_print_colour (cr, shade);
          cairo_rectangle (cr, x, y, w, h);
          cairo_fill (cr);
        }
      for (guint c = 0; c < n; c++)
        {
          const char *text = cells ? cells[c] : c ? table->columns->pdata[c - 1] : table->type;
          const char *font = cells == NULL ? type->head : c ? type->body : type->bold;

          muster_print_colour (cr, cells ? ink : grey);
          h = MAX (h, muster_print_text (cr, text, font, FALSE, cx + type->pad, y + type->pad,
                                         widths[c] - 2 * type->pad, 0, pass == 1) +
                      2 * type->pad);
          cx += widths[c];
        }
    }
  if (draw && cells != NULL)
    muster_print_hline (cr, x, y + h, w, 0.5, rule_grey);
  return h;
}

/*
 * @table at (@x, @y), @w wide. A table of one characteristic (abilities: a description)
 * reads better as paragraphs, the profile's name in bold before its text.
 * Returns: its height
 */
static double
paint_table (cairo_t                 *cr,
             const MusterBsListTable *table,
             const Type              *type,
             double                   x,
             double                   y,
             double                   w,
             gboolean                 draw)
{
  g_autofree double *widths = NULL;
  double y0 = y;

  if (table->columns->len <= 1)
    {
      muster_print_colour (cr, grey);
      y += muster_print_text (cr, table->type, type->head, FALSE, x, y, w, 0, draw) + 1;
      for (guint r = 0; r < table->rows->len; r++)
        {
          char **row = table->rows->pdata[r];
          g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>  %s", row[0],
                                                             row[1] ? row[1] : "");

          muster_print_colour (cr, ink);
          y += muster_print_text (cr, markup, type->body, TRUE, x, y, w, 0, draw) + 1.5;
        }
      return y - y0;
    }
  widths = g_new0 (double, table->columns->len + 1);
  column_widths (cr, table, type, w, widths);
  w = 0;
  for (guint c = 0; c <= table->columns->len; c++)
    w += widths[c];
  y += paint_row (cr, table, type, NULL, widths, x, y, w, draw);
  for (guint r = 0; r < table->rows->len; r++)
    y += paint_row (cr, table, type, table->rows->pdata[r], widths, x, y, w, draw);
  return y - y0;
}

/* "Rules  Deep Strike, Leader": @label in grey, then @value; nothing for a NULL @value.
 * Returns: its height */
static double
paint_labelled (cairo_t    *cr,
                const char *label,
                const char *value,
                const char *font,
                double      x,
                double      y,
                double      w,
                gboolean    draw)
{
  g_autofree char *markup = NULL;

  if (value == NULL)
    return 0;
  markup = g_markup_printf_escaped ("<span foreground='#5e5c64'>%s</span>  %s", label, value);
  muster_print_colour (cr, ink);
  return muster_print_text (cr, markup, font, TRUE, x, y, w, 0, draw) + 1;
}

/*
 * A unit's contents: its selections, labelled lines (its rules by name: their texts are in
 * the list's glossary; on a card they would make it longer than a page) and its tables.
 */
static double
paint_unit_body (cairo_t                *cr,
                 const MusterBsListUnit *unit,
                 const Type             *type,
                 double                  x,
                 double                  y,
                 double                  w,
                 gboolean                draw)
{
  const char *labels[] = { _("Categories"), _("Rules"), _("Notes") };
  const char *values[] = { unit->categories, unit->rules, unit->notes };
  double y0 = y;

  for (guint l = 0; l < unit->lines->len; l++)
    {
      const MusterBsListLine *line = unit->lines->pdata[l];
      double in = (line->depth - 1) * 10;

      muster_print_colour (cr, ink);
      muster_print_text (cr, line->costs ? line->costs : "", type->body, FALSE, x, y, w, 1, draw);
      y += muster_print_text (cr, line->name, type->body, FALSE, x + in, y, w - in - 60, 0, draw);
    }
  y += unit->lines->len ? 3 : 0;
  for (guint l = 0; l < G_N_ELEMENTS (labels); l++)
    y += paint_labelled (cr, labels[l], values[l], type->body, x, y, w, draw);
  for (guint t = 0; t < unit->tables->len; t++)
    y += 3 + paint_table (cr, unit->tables->pdata[t], type, x, y + 3, w, draw);
  return y - y0;
}

/* Blocks: each returns the height it takes and draws only when @draw. */

static double
paint_title (const MusterBsSheet *self,
             cairo_t             *cr,
             double               y,
             gboolean             draw)
{
  const MusterBsList *list = self->list;
  double x = _muster_sheet_left (&self->layout), w = _muster_sheet_width (&self->layout), y0 = y;
  g_autofree char *validation = muster_bs_list_validation (list);
  g_autofree char *line = g_strdup_printf ("%s %s", _("Validation:"), validation);
  g_autofree char *costs = g_strdup_printf ("%s %s", _("Costs:"), list->costs);

  y += _muster_sheet_paint_title (cr, &self->layout, list->title, list->system, y, draw);
  muster_print_colour (cr, ink);
  y += muster_print_text (cr, costs, "Sans 10", FALSE, x, y, w, 0, draw) + 2;
  muster_print_colour (cr, list->n_errors ? illegal : legal);
  y += muster_print_text (cr, line, "Sans Bold 10", FALSE, x, y, w, 0, draw) + 2;
  for (guint i = 0; i < list->errors->len; i++)
    y += muster_print_text (cr, list->errors->pdata[i], "Sans 8.5", FALSE, x + 10, y, w - 10, 0,
                            draw) + 1;
  y += paint_labelled (cr, _("Notes"), list->notes, "Sans 9", x, y + 2, w, draw);
  return y - y0 + 2 * GAP;
}

static double
paint_force (const MusterBsSheet     *self,
             cairo_t                 *cr,
             const MusterBsListForce *force,
             double                   y,
             gboolean                 draw)
{
  double x = _muster_sheet_left (&self->layout) + force->depth * 12, y0 = y;
  double w = _muster_sheet_width (&self->layout) - force->depth * 12;
  double total_w = muster_print_text_width (cr, force->costs, "Sans Bold 13", FALSE);

  muster_print_colour (cr, ink);
  muster_print_text (cr, force->costs, "Sans Bold 13", FALSE, x, y, w, 1, draw);
  y += muster_print_text (cr, force->name, "Sans Bold 13", FALSE, x, y, w - total_w - GAP, 0,
                          draw);
  muster_print_colour (cr, grey);
  y += muster_print_text (cr, force->catalogue, "Sans 9", FALSE, x, y, w, 0, draw);
  y += 2;
  y += paint_labelled (cr, _("Rules"), force->rules, "Sans 8.5", x, y, w, draw);
  y += paint_labelled (cr, _("Notes"), force->notes, "Sans 8.5", x, y, w, draw);
  y += 1;
  if (draw)
    muster_print_hline (cr, x, y, w, 1.5, ink);
  return y - y0 + GAP;
}

static double
paint_section (const MusterBsSheet       *self,
               cairo_t                   *cr,
               const MusterBsListSection *section,
               double                     y,
               gboolean                   draw)
{
  double x = _muster_sheet_left (&self->layout), w = _muster_sheet_width (&self->layout);
  double h = muster_print_text (cr, section->name, "Sans Bold 10.5", FALSE, 0, 0, w - 8, 0,
                                FALSE) + 6;

  if (draw)
    {
      muster_print_colour (cr, shade);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
      muster_print_colour (cr, ink);
      muster_print_text (cr, section->name, "Sans Bold 10.5", FALSE, x + 4, y + 3, w - 8, 0,
                         TRUE);
    }
  return h + 4;
}

static double
paint_unit (const MusterBsSheet    *self,
            cairo_t                *cr,
            const MusterBsListUnit *unit,
            double                  y,
            gboolean                draw)
{
  double x = _muster_sheet_left (&self->layout) + 4, w = _muster_sheet_width (&self->layout) - 4;
  double y0 = y;
  double cost_w = muster_print_text_width (cr, unit->costs, "Sans Bold 10.5", FALSE);

  muster_print_colour (cr, ink);
  muster_print_text (cr, unit->costs, "Sans Bold 10.5", FALSE, x, y, w - 4, 1, draw);
  y += muster_print_text (cr, unit->name, "Sans Bold 10.5", FALSE, x, y, w - cost_w - GAP, 0,
                          draw) + 2;
  y += paint_unit_body (cr, unit, &list_type, x + 10, y, w - 14, draw) + 3;
  if (draw)
    muster_print_hline (cr, x, y, w, 0.5, rule_grey);
  return y - y0 + 4;
}

/* @type: the card's fonts */
static double
paint_card (const Type             *type,
            cairo_t                *cr,
            const MusterBsListUnit *unit,
            double                  x,
            double                  y,
            double                  w,
            double                  height,
            gboolean                draw)
{
  double cy = y + _muster_sheet_paint_band (cr, unit->name, unit->costs, x, y, w, draw) + 4;

  cy += paint_unit_body (cr, unit, type, x + CARD_PAD, cy, w - 2 * CARD_PAD, draw);
  cy += CARD_PAD;
  if (draw)
    _muster_sheet_paint_frame (cr, x, y, w, MAX (height, cy - y));
  return cy - y;
}

static double
paint_rule (const MusterBsSheet    *self,
            cairo_t                *cr,
            const MusterBsListRule *rule,
            double                  y,
            gboolean                draw)
{
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>  <span foreground='#5e5c64'>"
                                                     "%s</span>\n%s", rule->name,
                                                     rule->source ? rule->source : "",
                                                     rule->text);

  muster_print_colour (cr, ink);
  return muster_print_text (cr, markup, "Sans 9", TRUE, _muster_sheet_left (&self->layout), y,
                            _muster_sheet_width (&self->layout), 0, draw) + 6;
}

static double
paint_block (const MusterBsSheet *self,
             cairo_t             *cr,
             const Block         *block,
             double               y,
             gboolean             draw)
{
  switch (block->kind)
    {
    case BLOCK_TITLE:
      return paint_title (self, cr, y, draw);
    case BLOCK_FORCE:
      return paint_force (self, cr, block->items[0], y, draw);
    case BLOCK_SECTION:
      return paint_section (self, cr, block->items[0], y, draw);
    case BLOCK_UNIT:
      return paint_unit (self, cr, block->items[0], y, draw);
    case BLOCK_CARDS:
      return _muster_sheet_paint_cards (cr, &self->layout, block->items,
                                        (MusterSheetCardFunc) paint_card, &card_type, y, draw);
    case BLOCK_RULE:
      return paint_rule (self, cr, block->items[0], y, draw);
    case BLOCK_RULES_HEADING:
    default:
      return _muster_sheet_paint_heading (cr, &self->layout, _("Rules"), y, draw);
    }
}

static Block *
add_block (MusterBsSheet *self,
           BlockKind      kind,
           gconstpointer  item)
{
  Block block = { { 0, 0, 0, kind == BLOCK_UNIT || kind == BLOCK_CARDS }, kind,
                  { item, NULL, NULL } };

  g_array_append_val (self->layout.blocks, block);
  return &g_array_index (self->layout.blocks, Block, self->layout.blocks->len - 1);
}

/* The list: forces, category heads, units, the rules. The cards: forces and rows of cards. */
static void
build_blocks (MusterBsSheet *self)
{
  const MusterBsList *list = self->list;
  gboolean cards = self->layout.kind == MUSTER_SHEET_CARDS;

  add_block (self, BLOCK_TITLE, NULL);
  for (guint i = 0; i < list->forces->len; i++)
    {
      const MusterBsListForce *force = list->forces->pdata[i];
      guint row = 0, n_cards = 0;

      add_block (self, BLOCK_FORCE, force);
      for (guint j = 0; j < force->sections->len; j++)
        {
          const MusterBsListSection *section = force->sections->pdata[j];

          if (!cards)
            add_block (self, BLOCK_SECTION, section);
          for (guint k = 0; k < section->units->len; k++)
            {
              const MusterBsListUnit *unit = section->units->pdata[k];

              /* No card for what is not on the table (the battle size, the detachment). */
              if (cards && !unit->is_unit && unit->tables->len == 0)
                continue;
              if (!cards)
                add_block (self, BLOCK_UNIT, unit);
              else if (n_cards == 0 || n_cards == self->layout.cards_across)
                {
                  add_block (self, BLOCK_CARDS, unit);
                  row = self->layout.blocks->len - 1;
                  n_cards = 1;
                }
              else
                g_array_index (self->layout.blocks, Block, row).items[n_cards++] = unit;
            }
        }
    }
  for (guint i = 0; !cards && i < list->rules->len; i++)
    {
      if (i == 0)
        add_block (self, BLOCK_RULES_HEADING, NULL);
      add_block (self, BLOCK_RULE, list->rules->pdata[i]);
    }
}

static gboolean
is_head (gconstpointer data)
{
  const Block *block = data;

  return block->kind == BLOCK_FORCE || block->kind == BLOCK_SECTION ||
         block->kind == BLOCK_RULES_HEADING;
}

/*
 * Lays @list out on pages of @page: the list (MUSTER_SHEET_LIST) or the record cards
 * (MUSTER_SHEET_CARDS, one per unit). @list is borrowed and must outlive the sheet.
 */
MusterBsSheet *
muster_bs_sheet_new (const MusterBsList    *list,
                     MusterSheetKind        kind,
                     const MusterSheetPage *page)
{
  MusterBsSheet *self;

  g_return_val_if_fail (list != NULL, NULL);
  g_return_val_if_fail (page != NULL, NULL);
  g_return_val_if_fail (kind == MUSTER_SHEET_LIST || kind == MUSTER_SHEET_CARDS, NULL);

  self = g_new0 (MusterBsSheet, 1);
  _muster_sheet_layout_init (&self->layout, kind, page, sizeof (Block));
  self->list = list;
  build_blocks (self);
  _muster_sheet_paginate (&self->layout, is_head, (MusterSheetBlockFunc) paint_block, self);
  return self;
}

void
muster_bs_sheet_free (MusterBsSheet *self)
{
  if (self == NULL)
    return;
  _muster_sheet_layout_clear (&self->layout);
  g_free (self);
}

guint
muster_bs_sheet_get_n_pages (const MusterBsSheet *self)
{
  return self->layout.n_pages;
}

/* Paints page @page (from 0) on @cr, whose user space is in points with the page at (0, 0). */
void
muster_bs_sheet_paint_page (const MusterBsSheet *self,
                            cairo_t             *cr,
                            guint                page)
{
  g_autofree char *validation = NULL;
  g_autofree char *subject = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (page < self->layout.n_pages);

  validation = muster_bs_list_validation (self->list);
  /* The game system last: a long roster name or many costs cut it short, not the rest. */
  subject = g_strdup_printf ("%s — %s — %s — %s", self->list->title, validation,
                             self->list->costs, self->list->system);
  muster_print_begin_page (cr, &self->layout.page, self->layout.kind == MUSTER_SHEET_CARDS
                                            ? _("Record Cards") : _("Army List"),
                           subject, page + 1, self->layout.n_pages);
  _muster_sheet_paint_blocks (cr, &self->layout, page, (MusterSheetBlockFunc) paint_block, self);
}

/* Returns: (transfer full): the whole sheet as a PDF document */
GBytes *
muster_bs_sheet_to_pdf (const MusterBsSheet *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return muster_print_to_pdf (self->list->title, self->layout.n_pages, &self->layout.page, NULL,
                              (MusterPrintPageFunc) muster_bs_sheet_paint_page, self);
}
