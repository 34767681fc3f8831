/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-packet"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "muster-army.h"
#include "muster-battle-log.h"
#include "muster-packet.h"
#include "muster-procedure.h"
#include "muster-sheet-painter.h"
#include "muster-unit.h"
#include "muster-procedure-text.h"

/*
 * The scenario packet, one document for the table: the players' map, the scenario sheet, a
 * briefing per side, the umpire's pages, the army lists. Text pages are stacks of blocks laid
 * out as the sheets are (measured by the code that draws them, never split); a map block
 * takes the rest of its page. Who sees what is decided once per page by its audience: the
 * map, the scenario sheet and the lists are public, a briefing shows its side's hidden units
 * only, the umpire's pages everything.
 */

#define GAP        6.0
#define MIN_MAP    0.45   /* a map block needs this share of a page, or starts the next */
#define ROW_PAD    3.0

static const double banner_side[] = { 0.24, 0.22, 0.27 };
static const double banner_umpire[] = { 0.65, 0.11, 0.18 };

typedef enum
{
  BLOCK_TITLE,       /* text[0] big, text[1] under it in grey */
  BLOCK_BANNER,      /* text[0] white on a band: who the page is for */
  BLOCK_HEADING,     /* text[0] with a rule under it */
  BLOCK_PARAGRAPH,   /* text[0], Pango markup */
  BLOCK_ROW,         /* text[0..n_cells-1], cells of a table; @header for its head */
  BLOCK_MAP,         /* the map for @audience with its legend, to the foot of the page */
} BlockKind;

#define MAX_CELLS 4

typedef struct
{
  BlockKind       kind;
  char           *text[MAX_CELLS];
  guint           n_cells;
  const double   *widths;    /* BLOCK_ROW: the cells' shares of the width */
  gboolean        header;
  gboolean        umpire;    /* BLOCK_BANNER: the umpire's colour */
  MusterAudience  audience;  /* BLOCK_MAP */
  guint           page;
  double          y;
  double          height;
} Block;

typedef enum
{
  PAGE_TEXT,       /* blocks @first…@first + @n_blocks - 1 */
  PAGE_MAP,        /* the fitted map, landscape when the table is wide */
  PAGE_TILE,       /* a full-size sheet of the map: @tile_column, @tile_row */
  PAGE_LIST,       /* page @sheet_page of the army list */
} PageKind;

typedef struct
{
  PageKind kind;
  char    *title;
  guint    first, n_blocks;
  guint    tile_column, tile_row;
  guint    sheet_page;
} Page;

struct _MusterPacket
{
  MusterDoc                *doc;     /* borrowed */
  const MusterList         *list;    /* borrowed, nullable */
  MusterMapPrint            map;     /* the public map; audiences vary by page */
  MusterPacketKind          kind;
  MusterMapScale            scale;
  MusterSheetPage           page;    /* text pages */
  MusterSheetPage           map_page;
  guint                     tile_columns, tile_rows;
  double                    tile_w, tile_h;   /* mm of table per tile */
  GArray                   *blocks;  /* Block */
  GArray                   *pages;   /* Page */
  MusterSheet              *sheet;   /* the army lists, nullable */
  char                     *subject; /* the running header's right side */
};

G_DEFINE_QUARK (muster-packet-error-quark, muster_packet_error)

static double
content_width (const MusterSheetPage *page)
{
  return page->width - 2 * page->margin;
}

static double
content_top (const MusterSheetPage *page)
{
  return page->margin + MUSTER_PRINT_HEADER_H;
}

static double
content_bottom (const MusterSheetPage *page)
{
  return page->height - page->margin - MUSTER_PRINT_FOOTER_H;
}

static MusterBattlefield *
field_of (const MusterPacket *self)
{
  return muster_doc_get_battlefield (self->doc);
}

/* Building blocks */

static Block *
add_block (MusterPacket *self,
           BlockKind     kind,
           const char   *first,
           const char   *second)
{
  Block block = { kind, { g_strdup (first), g_strdup (second) }, second ? 2 : 1 };

  g_array_append_val (self->blocks, block);
  return &g_array_index (self->blocks, Block, self->blocks->len - 1);
}

static void
add_paragraph (MusterPacket *self,
               const char   *text,
               const char   *when_empty)
{
  g_autofree char *markup = NULL;

  if (text != NULL && *text != '\0')
    markup = g_markup_escape_text (text, -1);
  else
    markup = g_markup_printf_escaped ("<span foreground='#5e5c64'><i>%s</i></span>", when_empty);
  add_block (self, BLOCK_PARAGRAPH, markup, NULL);
}

static void
add_row (MusterPacket *self,
         const double *widths,
         gboolean      header,
         guint         n_cells,
         ...)
{
  Block block = { BLOCK_ROW, { NULL }, n_cells, widths, header };
  va_list args;

  g_return_if_fail (n_cells <= MAX_CELLS);
  va_start (args, n_cells);
  for (guint i = 0; i < n_cells; i++)
    block.text[i] = g_strdup (va_arg (args, const char *));
  va_end (args);
  g_array_append_val (self->blocks, block);
}

static void
add_map (MusterPacket         *self,
         const MusterAudience *audience)
{
  Block *block = add_block (self, BLOCK_MAP, "", NULL);

  block->audience = *audience;
}

static char *
unit_label (const MusterPacket  *self,
            const MusterFeature *f)
{
  MusterUnit *unit = muster_doc_lookup_unit (self->doc, f->unit);

  if (f->name != NULL)
    return g_strdup (f->name);
  return g_strdup (unit ? muster_unit_get_name (unit) : f->unit);
}

static char *
feature_label (const MusterPacket  *self,
               const MusterFeature *f)
{
  const MusterTerrainType *type;

  switch (f->kind)
    {
    case MUSTER_FEATURE_UNIT:
      return unit_label (self, f);
    case MUSTER_FEATURE_OBJECTIVE:
      return f->name ? g_strdup_printf (_("Objective %d, %s"), f->number, f->name)
                     : g_strdup_printf (_("Objective %d"), f->number);
    case MUSTER_FEATURE_ZONE:
      return g_strdup (f->name ? f->name : _("Deployment zone"));
    case MUSTER_FEATURE_TERRAIN:
    default:
      type = self->map.types ? muster_terrain_types_lookup (self->map.types, f->type) : NULL;
      if (f->name != NULL)
        return g_strdup_printf ("%s (%s)", f->name,
                                type ? muster_ruleset_text (type->name) : f->type);
      return g_strdup (type ? muster_ruleset_text (type->name) : f->type);
    }
}

/* "C3", or "A1–F1" for a feature that spans squares (edges excluded). */
static char *
feature_squares (const MusterPacket  *self,
                 const MusterFeature *f)
{
  if (f->kind == MUSTER_FEATURE_UNIT || f->kind == MUSTER_FEATURE_OBJECTIVE)
    return muster_map_print_grid_ref (&self->map, f->centre);
  return muster_map_print_grid_span (&self->map, muster_feature_get_bounds (f));
}

static const char *
scenario_title (const MusterPacket *self)
{
  const char *title = muster_battlefield_get_scenario (field_of (self), MUSTER_SCENARIO_TITLE);

  if (*title != '\0')
    return title;
  if (self->list != NULL)
    return self->list->title;
  return muster_doc_get_title (self->doc) ? muster_doc_get_title (self->doc) : _("Scenario");
}

/* The scenario sheet: what every player may know. */
static void
build_scenario (MusterPacket *self)
{
  static const double force_cols[] = { 0.2, 0.4, 0.2, 0.2 };
  static const double objective_cols[] = { 0.1, 0.5, 0.2, 0.2 };
  static const double zone_cols[] = { 0.3, 0.5, 0.2 };
  static const double terrain_cols[] = { 0.3, 0.5, 0.2 };
  MusterBattlefield *field = field_of (self);
  const char *period = muster_battlefield_get_scenario (field, MUSTER_SCENARIO_PERIOD);
  g_autofree char *w = muster_map_format_length (field, muster_battlefield_get_width (field));
  g_autofree char *h = muster_map_format_length (field, muster_battlefield_get_height (field));
  int turns = muster_battlefield_get_turn_limit (field);
  g_autofree char *turn_text = turns > 0 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                         "%d turn", "%d turns",
                                                                         turns), turns)
                                         : g_strdup (_("no turn limit"));
  g_autofree char *system = self->list ? g_strdup_printf ("%s %s", self->list->system,
                                                          self->list->version)
                                       : g_strdup (muster_doc_get_ruleset_id (self->doc));
  g_autofree char *subtitle = *period ? g_strdup_printf ("%s · %s", system, period)
                                      : g_strdup (system);
  g_autofree char *facts = g_markup_printf_escaped (_("<b>Table</b> %s × %s   <b>Game length</b> %s"),
                                                    w, h, turn_text);
  const MusterAudience players = { NULL, FALSE };
  gboolean any;

  add_block (self, BLOCK_TITLE, scenario_title (self), subtitle);
  add_block (self, BLOCK_PARAGRAPH, facts, NULL);

  if (self->list != NULL && self->list->forces->len > 0)
    {
      add_block (self, BLOCK_HEADING, _("Forces"), NULL);
      add_row (self, force_cols, TRUE, 4, _("Side"), _("Force"), _("Strength"), _("List"));
      for (guint i = 0; i < self->list->forces->len; i++)
        {
          const MusterListForce *force = self->list->forces->pdata[i];
          g_autofree char *problems = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                    "%u problem", "%u problems",
                                                                    force->problems->len),
                                                       force->problems->len);

          add_row (self, force_cols, FALSE, 4, force->side ? force->side : "—", force->name,
                   force->total, force->problems->len ? problems : _("Legal"));
        }
    }

  add_block (self, BLOCK_HEADING, _("Victory conditions"), NULL);
  add_paragraph (self, muster_battlefield_get_scenario (field, MUSTER_SCENARIO_VICTORY),
                 _("None written: agree them before the game."));

  for (MusterFeatureKind kind = MUSTER_FEATURE_TERRAIN; kind <= MUSTER_FEATURE_OBJECTIVE; kind++)
    {
      any = FALSE;
      for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
        {
          const MusterFeature *f = muster_battlefield_get_feature (field, i);
          g_autofree char *label = NULL;
          g_autofree char *squares = NULL;

          if (f->kind != kind || !muster_doc_feature_is_visible (self->doc, f, &players))
            continue;
          label = feature_label (self, f);
          squares = feature_squares (self, f);
          if (!any && kind == MUSTER_FEATURE_OBJECTIVE)
            {
              add_block (self, BLOCK_HEADING, _("Objectives"), NULL);
              add_row (self, objective_cols, TRUE, 4, _("No."), _("Objective"), _("Value"),
                       _("Square"));
            }
          else if (!any && kind == MUSTER_FEATURE_ZONE)
            {
              add_block (self, BLOCK_HEADING, _("Deployment"), NULL);
              add_row (self, zone_cols, TRUE, 3, _("Side"), _("Zone"), _("Squares"));
            }
          else if (!any)
            {
              add_block (self, BLOCK_HEADING, _("Terrain"), NULL);
              add_row (self, terrain_cols, TRUE, 3, _("Piece"), _("Effect"), _("Squares"));
            }
          any = TRUE;
          if (kind == MUSTER_FEATURE_OBJECTIVE)
            {
              g_autofree char *number = g_strdup_printf ("%d", f->number);
              g_autofree char *value = f->value ? g_strdup_printf ("%d", f->value) : g_strdup ("—");

              add_row (self, objective_cols, FALSE, 4, number, f->name ? f->name : "",
                       value, squares);
            }
          else if (kind == MUSTER_FEATURE_ZONE)
            add_row (self, zone_cols, FALSE, 3, f->side ? f->side : _("Both"), label, squares);
          else
            {
              const MusterTerrainType *type = self->map.types
                                              ? muster_terrain_types_lookup (self->map.types,
                                                                             f->type) : NULL;
              g_autofree char *effect = type ? muster_terrain_type_describe (type) : NULL;

              add_row (self, terrain_cols, FALSE, 3, label, effect ? effect : "", squares);
            }
        }
    }
}

/* Rows for the hidden features @audience sees (all of them for the umpire). */
static guint
add_hidden_rows (MusterPacket         *self,
                 const MusterAudience *audience)
{
  static const double cols[] = { 0.25, 0.55, 0.2 };
  MusterBattlefield *field = field_of (self);
  guint n = 0;

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      const char *side = muster_doc_get_feature_side (self->doc, f);
      g_autofree char *label = NULL;
      g_autofree char *squares = NULL;

      if (!muster_feature_is_hidden (f) || !muster_doc_feature_is_visible (self->doc, f, audience))
        continue;
      if (n++ == 0)
        add_row (self, cols, TRUE, 3, _("Side"), _("Hidden"), _("Square"));
      label = feature_label (self, f);
      squares = feature_squares (self, f);
      add_row (self, cols, FALSE, 3, side ? side : _("Umpire"), label, squares);
    }
  return n;
}

static void
build_briefing (MusterPacket *self,
                const char   *side)
{
  static const double force_cols[] = { 0.6, 0.4 };
  const MusterAudience audience = { side, FALSE };
  g_autofree char *banner = g_strdup_printf (_("For the %s only"), side);
  g_autofree char *subtitle = g_strdup_printf (_("Briefing · %s"), scenario_title (self));
  gboolean any = FALSE;

  add_block (self, BLOCK_BANNER, banner, NULL);
  add_block (self, BLOCK_TITLE, side, subtitle);
  add_paragraph (self, muster_battlefield_get_briefing (field_of (self), side),
                 _("No briefing written for this side."));
  for (guint i = 0; self->list != NULL && i < self->list->forces->len; i++)
    {
      const MusterListForce *force = self->list->forces->pdata[i];

      if (g_strcmp0 (force->side, side) != 0)
        continue;
      if (!any)
        {
          add_block (self, BLOCK_HEADING, _("Your forces"), NULL);
          any = TRUE;
        }
      add_row (self, force_cols, FALSE, 2, force->name, force->total);
    }
  add_block (self, BLOCK_HEADING, _("Your hidden units"), NULL);
  if (add_hidden_rows (self, &audience) == 0)
    add_paragraph (self, NULL, _("None: every unit of yours is on the table for all to see."));
  else
    add_paragraph (self, _("Only you and the umpire know where these are. The map below shows "
                           "them with a dashed ring."), NULL);
  add_map (self, &audience);
}

/* The battle log, a row a roll: turn, units and procedure, inputs and dice, result and
 * effect. Nothing when nothing was rolled. */
static void
add_battle_log (MusterPacket *self)
{
  static const double cols[] = { 0.07, 0.25, 0.38, 0.3 };
  MusterRuleset *ruleset = muster_doc_get_ruleset (self->doc);
  const char *system = ruleset ? muster_ruleset_get_system_id (ruleset)
                               : muster_doc_get_ruleset_id (self->doc);
  guint n = muster_doc_get_n_log_entries (self->doc);

  if (n == 0)
    return;
  add_block (self, BLOCK_HEADING, _("Battle log"), NULL);
  add_row (self, cols, TRUE, 4, _("Turn"), C_("battle log", "Units"), _("Inputs and dice"),
           _("Result"));
  for (guint i = 0; i < n; i++)
    {
      const MusterLogEntry *entry = muster_doc_get_log_entry (self->doc, i);
      const MusterProcedure *procedure = muster_procedure_lookup (system, entry->procedure);
      g_autofree char *turn = g_strdup_printf ("%u", entry->turn);
      g_autofree char *inputs = muster_log_entry_format_inputs (entry);
      g_autofree char *dice = muster_log_entry_format_dice (entry);
      const char *acting = entry->acting_name ? entry->acting_name : entry->acting;
      const char *target = entry->target_name ? entry->target_name : entry->target;
      const char *name = procedure ? muster_procedure_text (procedure->name) : entry->procedure;
      /* TRANSLATORS: the acting unit, the target and the procedure of a battle-log line */
      g_autofree char *units = g_strdup_printf (_("%s → %s\n%s"), acting, target ? target : "—",
                                                name);
      /* TRANSLATORS: a battle-log line's inputs, then the dice rolled and their seed */
      g_autofree char *rolled = g_strdup_printf (_("%s\nDice (seed %" PRIu64 "): %s"),
                                                 inputs, entry->seed, dice);
      g_autofree char *result = g_strdup_printf ("%s\n%s", entry->result, entry->effect);

      add_row (self, cols, FALSE, 4, turn, units, rolled, result);
    }
}

static void
build_umpire (MusterPacket *self)
{
  const MusterAudience audience = { NULL, TRUE };
  g_autofree char *subtitle = g_strdup_printf (_("Umpire · %s"), scenario_title (self));

  add_block (self, BLOCK_BANNER, _("Umpire only: not for the players"), NULL)->umpire = TRUE;
  add_block (self, BLOCK_TITLE, _("Umpire’s notes"), subtitle);
  add_paragraph (self, muster_battlefield_get_scenario (field_of (self),
                                                        MUSTER_SCENARIO_UMPIRE_NOTES),
                 _("No umpire’s notes written."));
  add_block (self, BLOCK_HEADING, _("Hidden units and features"), NULL);
  if (add_hidden_rows (self, &audience) == 0)
    add_paragraph (self, NULL, _("Nothing is hidden: every feature is on the players’ map."));
  add_map (self, &audience);
  add_battle_log (self);
}

/* Block painters: each returns its height and draws only when @draw. */

static double
paint_row (const MusterPacket *self,
           cairo_t            *cr,
           const Block        *block,
           double              y,
           gboolean            draw)
{
  double x = self->page.margin, w = content_width (&self->page), cx = x, h = 0;
  const char *font = block->header ? "Sans Bold 8" : "Sans 9";

  for (guint i = 0; i < block->n_cells; i++)
    {
      double cw = w * block->widths[i];

      muster_print_colour (cr, block->header ? muster_print_grey : muster_print_ink);
      h = MAX (h, muster_print_text (cr, block->text[i] ? block->text[i] : "", font, FALSE,
                                     cx + ROW_PAD, y + ROW_PAD, cw - 2 * ROW_PAD, 0, draw));
      cx += cw;
    }
  h += 2 * ROW_PAD;
  if (draw)
    muster_print_hline (cr, x, y + h, w, block->header ? 0.8 : 0.4,
                        block->header ? muster_print_grey : muster_print_rule);
  return h + 1;
}

static double
paint_map_block (const MusterPacket *self,
                 cairo_t            *cr,
                 const Block        *block,
                 double              y,
                 double              height,
                 gboolean            draw)
{
  MusterMapPrint map = self->map;
  double x = self->page.margin, w = content_width (&self->page);
  double legend_h, zoom, frame_h;

  map.audience = block->audience;
  /* The legend's height hardly depends on the zoom: measure it at the fitted zoom of the
   * whole block, then fit the map into what is left. */
  zoom = muster_map_print_fit_zoom (&map, w, height);
  legend_h = muster_map_print_legend (cr, &map, x, 0, w, zoom, FALSE);
  frame_h = height - legend_h - GAP;
  zoom = muster_map_print_fit_zoom (&map, w, frame_h);
  if (draw)
    {
      muster_map_print_frame (cr, &map, x, y, w, frame_h, 0, (MusterPoint) { 0, 0 });
      muster_map_print_legend (cr, &map, x, y + frame_h + GAP, w, zoom, TRUE);
    }
  return height;
}

static double
paint_block (const MusterPacket *self,
             cairo_t            *cr,
             const Block        *block,
             double              y,
             gboolean            draw)
{
  double x = self->page.margin, w = content_width (&self->page), h;

  switch (block->kind)
    {
    case BLOCK_TITLE:
      muster_print_colour (cr, muster_print_ink);
      h = muster_print_text (cr, block->text[0], "Sans Bold 20", FALSE, x, y, w, 0, draw);
      muster_print_colour (cr, muster_print_grey);
      if (block->text[1])
        h += muster_print_text (cr, block->text[1], "Sans 10", FALSE, x, y + h, w, 0, draw);
      return h + 2 * GAP;
    case BLOCK_BANNER:
      h = muster_print_text (cr, block->text[0], "Sans Bold 9", FALSE, 0, 0, w - 16, 0, FALSE) + 8;
      if (draw)
        {
          muster_print_colour (cr, block->umpire ? banner_umpire : banner_side);
          cairo_rectangle (cr, x, y, w, h);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          muster_print_text (cr, block->text[0], "Sans Bold 9", FALSE, x + 8, y + 4, w - 16, 0,
                             TRUE);
        }
      return h + 2 * GAP;
    case BLOCK_HEADING:
      muster_print_colour (cr, muster_print_ink);
      h = GAP + muster_print_text (cr, block->text[0], "Sans Bold 13", FALSE, x, y + GAP, w, 0,
                                   draw) + 3;
      if (draw)
        muster_print_hline (cr, x, y + h, w, 1.5, muster_print_ink);
      return h + GAP;
    case BLOCK_PARAGRAPH:
      muster_print_colour (cr, muster_print_ink);
      return muster_print_text (cr, block->text[0], "Sans 10", TRUE, x, y, w, 0, draw) + GAP;
    case BLOCK_ROW:
      return paint_row (self, cr, block, y, draw);
    case BLOCK_MAP:
    default:
      return paint_map_block (self, cr, block, y, block->height, draw);
    }
}

/* Headings and titles keep company with the block after them. */
static gboolean
is_heading (const Block *block)
{
  return block->kind == BLOCK_HEADING || block->kind == BLOCK_TITLE ||
         block->kind == BLOCK_BANNER || (block->kind == BLOCK_ROW && block->header);
}

static void
add_page (MusterPacket *self,
          PageKind      kind,
          const char   *title,
          guint         first)
{
  Page page = { kind, g_strdup (title), first, 0 };

  g_array_append_val (self->pages, page);
}

/* Stacks blocks @first… onto pages titled @title; a map takes the rest of its page. */
static void
paginate (MusterPacket *self,
          cairo_t      *measure,
          guint         first,
          const char   *title)
{
  const MusterSheetPage *pg = &self->page;
  double top = content_top (pg), bottom = content_bottom (pg), y = top;
  Page *page;

  add_page (self, PAGE_TEXT, title, first);
  for (guint i = first; i < self->blocks->len; i++)
    {
      Block *block = &g_array_index (self->blocks, Block, i);
      double need;

      if (block->kind == BLOCK_MAP)
        need = (bottom - top) * MIN_MAP;
      else
        block->height = need = paint_block (self, measure, block, 0, FALSE);
      if (is_heading (block) && i + 1 < self->blocks->len &&
          g_array_index (self->blocks, Block, i + 1).kind != BLOCK_MAP)
        need += paint_block (self, measure, &g_array_index (self->blocks, Block, i + 1), 0, FALSE);
      if (y + need > bottom && y > top)
        {
          add_page (self, PAGE_TEXT, title, i);
          y = top;
        }
      page = &g_array_index (self->pages, Page, self->pages->len - 1);
      block->page = self->pages->len - 1;
      block->y = y;
      if (block->kind == BLOCK_MAP)
        block->height = bottom - y;
      y += block->height;
      page->n_blocks = i + 1 - page->first;
    }
}

/* The map page turns to landscape when that draws the table bigger. */
static void
choose_map_page (MusterPacket *self)
{
  MusterSheetPage turned = { self->page.height, self->page.width, self->page.margin };
  double h = content_bottom (&self->page) - content_top (&self->page) - 80;
  double turned_h = content_bottom (&turned) - content_top (&turned) - 80;

  self->map_page = self->page;
  if (muster_map_print_fit_zoom (&self->map, content_width (&turned), turned_h) >
      muster_map_print_fit_zoom (&self->map, content_width (&self->page), h))
    self->map_page = turned;
}

/* Full size: the overview page, then the table cut into page-sized tiles, row by row. */
static void
add_map_pages (MusterPacket *self)
{
  MusterBattlefield *field = field_of (self);
  const MusterSheetPage *pg = &self->map_page;

  add_page (self, PAGE_MAP, _("Map"), 0);
  if (self->scale != MUSTER_MAP_SCALE_TABLE)
    return;
  self->tile_w = content_width (pg) / MUSTER_MAP_PRINT_FULL_SIZE;
  self->tile_h = (content_bottom (pg) - content_top (pg) - 16) / MUSTER_MAP_PRINT_FULL_SIZE;
  self->tile_columns = (guint) ceil (muster_battlefield_get_width (field) / self->tile_w - 1e-6);
  self->tile_rows = (guint) ceil (muster_battlefield_get_height (field) / self->tile_h - 1e-6);
  for (guint r = 0; r < self->tile_rows; r++)
    for (guint c = 0; c < self->tile_columns; c++)
      {
        Page *page;

        add_page (self, PAGE_TILE, _("Map, full size"), 0);
        page = &g_array_index (self->pages, Page, self->pages->len - 1);
        page->tile_column = c;
        page->tile_row = r;
      }
}

static void
clear_page (gpointer data)
{
  g_free (((Page *) data)->title);
}

static void
clear_block (gpointer data)
{
  Block *block = data;

  for (guint i = 0; i < MAX_CELLS; i++)
    g_free (block->text[i]);
}

/**
 * muster_packet_new:
 * @doc: a document with a battlefield; borrowed, must outlive the packet
 * @list: (nullable): its army lists (muster_list_new()), borrowed likewise; needed for
 *   %MUSTER_PACKET_FULL
 * @types: (nullable): the rule system's terrain types, borrowed
 * @page: the paper; text pages use its orientation, the map page the better one
 *
 * Returns: (transfer full) (nullable): the packet laid out, or %NULL with @error set when the
 *   document has no battlefield
 */
MusterPacket *
muster_packet_new (MusterDoc                *doc,
                   const MusterList         *list,
                   const MusterTerrainTypes *types,
                   MusterPacketKind          kind,
                   MusterMapScale            scale,
                   const MusterSheetPage    *page,
                   GError                  **error)
{
  MusterPacket *self;
  cairo_t *measure;
  guint n_own;

  g_return_val_if_fail (doc != NULL && page != NULL, NULL);
  g_return_val_if_fail (kind == MUSTER_PACKET_MAP || list != NULL, NULL);

  if (muster_doc_get_battlefield (doc) == NULL)
    {
      g_set_error_literal (error, MUSTER_PACKET_ERROR, 0,
                           _("the document has no battlefield: there is no map to print"));
      return NULL;
    }

  self = g_new0 (MusterPacket, 1);
  self->doc = doc;
  self->list = list;
  self->kind = kind;
  self->scale = scale;
  self->page = *page;
  self->map.doc = doc;
  self->map.types = types;
  self->blocks = g_array_new (FALSE, TRUE, sizeof (Block));
  g_array_set_clear_func (self->blocks, clear_block);
  self->pages = g_array_new (FALSE, TRUE, sizeof (Page));
  g_array_set_clear_func (self->pages, clear_page);
  self->subject = list ? g_strdup_printf ("%s — %s %s", scenario_title (self), list->system,
                                          list->version)
                       : g_strdup (scenario_title (self));

  choose_map_page (self);
  /* One grid for every map of the packet, so that a square is the same square on each. */
  self->map.grid = muster_map_print_grid_for (muster_doc_get_battlefield (doc),
                                              muster_map_print_fit_zoom (&self->map,
                                                                         content_width (&self->map_page),
                                                                         300));
  add_map_pages (self);

  if (kind == MUSTER_PACKET_FULL)
    {
      g_autoptr(GPtrArray) sides = g_ptr_array_new ();

      measure = muster_print_measure_new ();
      build_scenario (self);
      paginate (self, measure, 0, _("Scenario"));
      muster_doc_collect_sides (doc, muster_doc_get_battlefield (doc), sides);
      for (guint i = 0; i < sides->len; i++)
        {
          guint first = self->blocks->len;
          g_autofree char *title = g_strdup_printf (_("Briefing: %s"),
                                                    (const char *) sides->pdata[i]);

          build_briefing (self, sides->pdata[i]);
          paginate (self, measure, first, title);
        }
      {
        guint first = self->blocks->len;

        build_umpire (self);
        paginate (self, measure, first, _("Umpire"));
      }
      cairo_destroy (measure);

      self->sheet = muster_sheet_new (list, MUSTER_SHEET_LIST, page);
      n_own = self->pages->len;
      for (guint i = 0; i < muster_sheet_get_n_pages (self->sheet); i++)
        {
          add_page (self, PAGE_LIST, _("Army List"), 0);
          g_array_index (self->pages, Page, self->pages->len - 1).sheet_page = i;
        }
      muster_sheet_set_numbering (self->sheet, n_own + 1, self->pages->len);
    }
  return self;
}

void
muster_packet_free (MusterPacket *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->sheet, muster_sheet_free);
  g_array_unref (self->blocks);
  g_array_unref (self->pages);
  g_free (self->subject);
  g_free (self);
}

guint
muster_packet_get_n_pages (const MusterPacket *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->pages->len;
}

/* The size of page @page: maps may turn to landscape. */
void
muster_packet_get_page_size (const MusterPacket *self,
                             guint               page,
                             MusterSheetPage    *size)
{
  PageKind kind;

  g_return_if_fail (self != NULL && page < self->pages->len);

  kind = g_array_index (self->pages, Page, page).kind;
  *size = kind == PAGE_MAP || kind == PAGE_TILE ? self->map_page : self->page;
}

/* Returns: what page @page is ("Map", "Briefing: Dwarves", "Umpire", "Army List") */
const char *
muster_packet_get_page_title (const MusterPacket *self,
                              guint               page)
{
  g_return_val_if_fail (self != NULL && page < self->pages->len, NULL);

  return g_array_index (self->pages, Page, page).title;
}

static void
paint_map_page (const MusterPacket *self,
                cairo_t            *cr)
{
  const MusterSheetPage *pg = &self->map_page;
  MusterMapPrint map = self->map;   /* the players' view: what everyone may see */
  double x = pg->margin, w = content_width (pg), y = content_top (pg);
  double bottom = content_bottom (pg), legend_h, frame_h, zoom;
  const char *title = self->scale == MUSTER_MAP_SCALE_TABLE
                      ? _("The battlefield: overview (the following sheets are full size)")
                      : _("The battlefield");

  muster_print_colour (cr, muster_print_ink);
  y += muster_print_text (cr, title, "Sans Bold 13", FALSE, x, y, w, 0, TRUE) + GAP;
  zoom = muster_map_print_fit_zoom (&map, w, bottom - y);
  legend_h = muster_map_print_legend (cr, &map, x, 0, w, zoom, FALSE);
  frame_h = bottom - y - legend_h - GAP;
  zoom = muster_map_print_fit_zoom (&map, w, frame_h);
  muster_map_print_frame (cr, &map, x, y, w, frame_h, 0, (MusterPoint) { 0, 0 });
  muster_map_print_legend (cr, &map, x, y + frame_h + GAP, w, zoom, TRUE);
}

static void
paint_tile_page (const MusterPacket *self,
                 cairo_t            *cr,
                 const Page         *page)
{
  const MusterSheetPage *pg = &self->map_page;
  double x = pg->margin, w = content_width (pg), y = content_top (pg);
  MusterPoint origin = { page->tile_column * self->tile_w, page->tile_row * self->tile_h };
  g_autofree char *label = g_strdup_printf (_("Sheet %u of %u: column %u of %u, row %u of %u. "
                                              "Trim the white margin, lay the sheets edge to "
                                              "edge; the grid runs on across them."),
                                            page->tile_row * self->tile_columns +
                                            page->tile_column + 1,
                                            self->tile_columns * self->tile_rows,
                                            page->tile_column + 1, self->tile_columns,
                                            page->tile_row + 1, self->tile_rows);

  muster_print_colour (cr, muster_print_grey);
  y += muster_print_text (cr, label, "Sans 8", FALSE, x, y, -w, 0, TRUE) + 4;
  muster_map_print_frame (cr, &self->map, x, y, self->tile_w * MUSTER_MAP_PRINT_FULL_SIZE,
                          self->tile_h * MUSTER_MAP_PRINT_FULL_SIZE, MUSTER_MAP_PRINT_FULL_SIZE,
                          origin);
}

/* Paints page @page (from 0) on @cr, whose user space is in points with the page at (0, 0)
 * and the size muster_packet_get_page_size() gives. */
void
muster_packet_paint_page (const MusterPacket *self,
                          cairo_t            *cr,
                          guint               page)
{
  const Page *p;
  MusterSheetPage size;

  g_return_if_fail (self != NULL && page < self->pages->len);

  p = &g_array_index (self->pages, Page, page);
  if (p->kind == PAGE_LIST)
    {
      muster_sheet_paint_page (self->sheet, cr, p->sheet_page);
      return;
    }
  muster_packet_get_page_size (self, page, &size);
  muster_print_begin_page (cr, &size, p->title, self->subject, page + 1, self->pages->len);
  switch (p->kind)
    {
    case PAGE_MAP:
      paint_map_page (self, cr);
      break;
    case PAGE_TILE:
      paint_tile_page (self, cr, p);
      break;
    case PAGE_TEXT:
    case PAGE_LIST:
    default:
      for (guint i = p->first; i < p->first + p->n_blocks; i++)
        {
          const Block *block = &g_array_index (self->blocks, Block, i);

          paint_block (self, cr, block, block->y, TRUE);
        }
      break;
    }
  cairo_restore (cr);
}

/* The whole packet as one PDF document, to @output page by page. */
gboolean
muster_packet_write_pdf (const MusterPacket       *self,
                         const MusterPrintOutput  *output,
                         GError                  **error)
{
  g_return_val_if_fail (self != NULL && output != NULL, FALSE);

  return muster_print_pdf_to_output (scenario_title (self), self->pages->len, NULL,
                                     (MusterPrintSizeFunc) muster_packet_get_page_size,
                                     (MusterPrintPageFunc) muster_packet_paint_page, self,
                                     output, error);
}

/* Returns: (transfer full): the whole packet as one PDF document */
GBytes *
muster_packet_to_pdf (const MusterPacket *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return muster_print_to_pdf (scenario_title (self), self->pages->len, NULL,
                              (MusterPrintSizeFunc) muster_packet_get_page_size,
                              (MusterPrintPageFunc) muster_packet_paint_page, self);
}
