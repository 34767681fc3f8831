/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sheet-painter"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "muster-sheet-painter-private.h"

/*
 * Printed sheets drawn with cairo and pango on any cairo context: PDF export, print and
 * previews share this code. The content is cut into blocks (a heading, a unit, a row of cards,
 * one rule of the glossary); blocks are measured with the very function that draws them and
 * stacked onto pages, and a block that does not fit starts the next page, so a unit is never
 * split. Headings stay with the block after them. What each rule system adds to a unit's card
 * or roster row (tracks of tick boxes, write-in forms) is muster-sheet-cards.c's.
 */

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
  MusterSheetLayout   layout;   /* blocks: Block */
  const MusterList   *list;     /* borrowed: must outlive the sheet */
  const SystemSheet  *system;
  guint               first_number;   /* printed number of page 0 */
  guint               n_numbers;      /* printed page count, 0 for n_pages */
};

char *
_muster_sheet_cost_text (const MusterListEntry *entry)
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
  double x = _muster_sheet_left (&self->layout), w = _muster_sheet_width (&self->layout), y0 = y;
  g_autofree char *system = g_strdup_printf ("%s %s%s", list->system, list->version,
                                             list->house_ruleset ? _(" (house rules)") : "");
  g_autofree char *validation = muster_list_validation (list);
  g_autofree char *line = g_strdup_printf ("%s %s", _("Validation:"), validation);
  gboolean ok = TRUE;

  for (guint i = 0; i < list->forces->len; i++)
    ok &= ((MusterListForce *) list->forces->pdata[i])->problems->len == 0;

  y += _muster_sheet_paint_title (cr, &self->layout, list->title, system, y, draw);
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
  double x = _muster_sheet_left (&self->layout), w = _muster_sheet_width (&self->layout), y0 = y;
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
  double x = _muster_sheet_left (&self->layout) + entry->depth * 12;
  double w = _muster_sheet_width (&self->layout) - entry->depth * 12;
  g_autofree char *label = g_markup_printf_escaped ("<b>%s</b>  <span size='smaller'>%s</span>",
                                                    entry->name, entry->type);
  g_autofree char *cost = _muster_sheet_cost_text (entry);
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
double
_muster_sheet_paint_details (cairo_t               *cr,
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

/* Where a unit's line of the list or roster starts, indented by its depth in the force. */
static double
unit_left (const MusterSheet     *self,
           const MusterListEntry *entry)
{
  return _muster_sheet_left (&self->layout) + entry->depth * 12 + 4;
}

static double
unit_width (const MusterSheet     *self,
            const MusterListEntry *entry)
{
  return _muster_sheet_width (&self->layout) - entry->depth * 12 - 4;
}

/* A unit's name in bold, then @between, then its type and size, smaller and grey: markup. */
static char *
unit_head (const MusterListEntry *entry,
           const char            *between)
{
  /* (@between, escaped too, is only spaces or a line break) */
  return g_markup_printf_escaped ("<b>%s</b>%s<span size='smaller' "
                                  "foreground='#5e5c64'>%s · %s</span>",
                                  entry->name, between, entry->type, entry->size);
}

static double
paint_unit (const MusterSheet     *self,
            cairo_t               *cr,
            const MusterListEntry *entry,
            double                 y,
            gboolean               draw)
{
  double x = unit_left (self, entry), w = unit_width (self, entry);
  g_autofree char *head = unit_head (entry, "   ");
  g_autofree char *cost = _muster_sheet_cost_text (entry);
  double y0 = y;

  muster_print_colour (cr, ink);
  y += muster_print_text (cr, head, "Sans 10.5", TRUE, x, y, w - 80, 0, draw);
  muster_print_text (cr, cost, "Sans Bold 10.5", FALSE, x, y0, w - 4, 1, draw);
  y += 2 + _muster_sheet_paint_details (cr, entry, TRUE, "Sans 8.5", x + 10, y, w - 100, draw);
  y += 3;
  if (draw)
    muster_print_hline (cr, x, y, w, 0.5, rule_grey);
  return y - y0 + 4;
}

static double
paint_roster_row (const MusterSheet     *self,
                  cairo_t               *cr,
                  const MusterListEntry *entry,
                  double                 y,
                  gboolean               draw)
{
  double x = unit_left (self, entry), w = unit_width (self, entry);
  double left_w = w * 0.45, right_x = x + left_w + 2 * GAP, right_w = w - left_w - 2 * GAP;
  g_autofree char *head = unit_head (entry, "\n");
  g_autofree char *cost = _muster_sheet_cost_text (entry);
  double cost_w = muster_print_text_width (cr, cost, "Sans Bold 10", FALSE);
  double left = 0, right;

  muster_print_colour (cr, ink);
  left += muster_print_text (cr, head, "Sans 10", TRUE, x, y + 3, left_w - cost_w - GAP, 0, draw);
  muster_print_text (cr, cost, "Sans Bold 10", FALSE, x, y + 3, left_w, 1, draw);
  left += 2 + _muster_sheet_paint_details (cr, entry, TRUE, "Sans 7.5", x, y + 3 + left + 2,
                                           left_w, draw);
  right = _muster_sheet_paint_tracks (self->system, cr, entry, right_x, y + 3, right_w, draw);
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
  return muster_print_text (cr, markup, "Sans 9", TRUE, _muster_sheet_left (&self->layout), y,
                            _muster_sheet_width (&self->layout), 0, draw) + 4;
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
      return _muster_sheet_paint_cards (cr, &self->layout, (const gconstpointer *) block->entries,
                                        (MusterSheetCardFunc) _muster_sheet_paint_card,
                                        self->system, y, draw);
    case BLOCK_ROSTER:
      return paint_roster_row (self, cr, block->entries[0], y, draw);
    case BLOCK_RULES_HEADING:
      return _muster_sheet_paint_heading (cr, &self->layout, _("Special rules"), y, draw);
    case BLOCK_RULE:
      return paint_rule (self, cr, block->rule, y, draw);
    case BLOCK_NOTE:
    default:
      {
        g_autofree char *note = g_strdup_printf ("* %s", _("rests on a house value, not a "
                                                           "number from the book"));

        muster_print_colour (cr, grey);
        return muster_print_text (cr, note, "Sans 8", FALSE, _muster_sheet_left (&self->layout),
                                  y + GAP, _muster_sheet_width (&self->layout), 0, draw) + GAP;
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
  g_array_append_val (self->layout.blocks, block);
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
          else if (self->layout.kind == MUSTER_SHEET_CARDS)
            {
              if (cards == NULL || n_cards == self->layout.cards_across)
                {
                  add_block (self, BLOCK_CARDS, force, entry, NULL);
                  cards = &g_array_index (self->layout.blocks, Block, self->layout.blocks->len - 1);
                  n_cards = 1;
                }
              else
                cards->entries[n_cards++] = entry;
            }
          else
            add_block (self, self->layout.kind == MUSTER_SHEET_ROSTER ? BLOCK_ROSTER : BLOCK_UNIT,
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

static gboolean
is_heading (gconstpointer data)
{
  const Block *block = data;

  return block->kind == BLOCK_FORCE || block->kind == BLOCK_NODE ||
         block->kind == BLOCK_RULES_HEADING;
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

  g_return_val_if_fail (list != NULL, NULL);
  g_return_val_if_fail (page != NULL, NULL);

  self = g_new0 (MusterSheet, 1);
  _muster_sheet_layout_init (&self->layout, kind, page, sizeof (Block));
  self->list = list;
  self->first_number = 1;
  self->system = _muster_sheet_system_for (list->system_id);

  build_blocks (self);
  _muster_sheet_paginate (&self->layout, is_heading, (MusterSheetBlockFunc) paint_block, self);
  return self;
}

void
muster_sheet_free (MusterSheet *self)
{
  if (self == NULL)
    return;
  _muster_sheet_layout_clear (&self->layout);
  g_free (self);
}

guint
muster_sheet_get_n_pages (const MusterSheet *self)
{
  return self->layout.n_pages;
}

guint
muster_sheet_get_n_blocks (const MusterSheet *self)
{
  return self->layout.blocks->len;
}

const MusterSheetBlock *
muster_sheet_get_block (const MusterSheet *self,
                        guint              index)
{
  g_return_val_if_fail (index < self->layout.blocks->len, NULL);
  return &g_array_index (self->layout.blocks, Block, index).pub;
}

static const char *
sheet_title (const MusterSheet *self)
{
  const char *title = _muster_sheet_system_title (self->system, self->layout.kind);

  return title != NULL ? title : _("Army List");
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
  g_autofree char *subject = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (page < self->layout.n_pages);

  subject = g_strdup_printf ("%s — %s %s", self->list->title, self->list->system,
                             self->list->version);
  muster_print_begin_page (cr, &self->layout.page, sheet_title (self), subject,
                           self->first_number + page,
                           self->n_numbers ? self->n_numbers : self->layout.n_pages);
  _muster_sheet_paint_blocks (cr, &self->layout, page, (MusterSheetBlockFunc) paint_block, self);
}

/* The whole sheet as a PDF document, to @output page by page. */
gboolean
muster_sheet_write_pdf (const MusterSheet        *self,
                        const MusterPrintOutput  *output,
                        GError                  **error)
{
  g_return_val_if_fail (self != NULL && output != NULL, FALSE);

  return muster_print_pdf_to_output (self->list->title, self->layout.n_pages, &self->layout.page,
                                     NULL,
                                     (MusterPrintPageFunc) muster_sheet_paint_page, self,
                                     output, error);
}

/* Returns: (transfer full): the whole sheet as a PDF document */
GBytes *
muster_sheet_to_pdf (const MusterSheet *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return muster_print_to_pdf (self->list->title, self->layout.n_pages, &self->layout.page, NULL,
                              (MusterPrintPageFunc) muster_sheet_paint_page, self);
}
