/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "muster-label-grid-private.h"
#include "muster-map-labels.h"
#include "muster-map-painter.h"
#include "muster-map-print-private.h"
#include "../engine/muster-test-util.h"

/*
 * The map's names on every sample, on screen at three zooms and in print: no name covers
 * another, and on screen none covers a unit or objective that is not its own, nor the rulers;
 * a name standing away from its unit has a leader line back to it; zoomed in, every unit wide
 * enough to be named is.
 */

#define W 1280
#define H 800
#define RULER_BAND_PX 25.0   /* above the table's top edge and left of its left edge */

typedef struct
{
  MusterDoc          *doc;
  MusterRuleset      *ruleset;
  MusterTerrainTypes *types;
} Sample;

static void
sample_free (Sample *sample)
{
  g_clear_pointer (&sample->types, muster_terrain_types_free);
  g_clear_pointer (&sample->doc, muster_doc_free);
  g_clear_pointer (&sample->ruleset, muster_ruleset_unref);
  g_free (sample);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Sample, sample_free)

static Sample *
load_sample (const char *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  Sample *sample = g_new0 (Sample, 1);

  sample->doc = muster_test_load_sample (name, &sample->ruleset);
  sample->types = muster_terrain_types_new_for_ruleset (sample->ruleset, &error);
  g_assert_no_error (error);
  return sample;
}

static gboolean
boxes_overlap (MusterBox a,
               MusterBox b)
{
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/* @box (table mm) in widget px. */
static MusterBox
to_widget (MusterViewport *viewport,
           MusterBox       box)
{
  MusterBox out = muster_box_empty ();

  for (guint i = 0; i < 4; i++)
    {
      MusterPoint corner;

      muster_viewport_table_to_widget (viewport, i & 1 ? box.x1 : box.x0, i & 2 ? box.y1 : box.y0,
                                       &corner.x, &corner.y);
      muster_box_extend (&out, corner);
    }
  return out;
}

/* What a name of the map must not cover unless it is the feature's own (px): units' stands
 * and objectives' markers. */
static MusterBox
body_of (MusterViewport      *viewport,
         const MusterFeature *f)
{
  g_autoptr(MusterFootprint) fp = NULL;
  double x, y;

  if (f->kind == MUSTER_FEATURE_OBJECTIVE)
    {
      muster_viewport_table_to_widget (viewport, f->centre.x, f->centre.y, &x, &y);
      return (MusterBox) { x - 11, y - 11, x + 11, y + 11 };
    }
  fp = muster_feature_get_footprint (f);
  return to_widget (viewport, muster_footprint_get_bounds (fp));
}

/* Checks the names placed on @sample's map in @viewport; returns how many units wide enough
 * to be named were left out. */
static guint
check_screen (const char               *path,
              MusterBattlefield        *field,
              MusterDoc                *doc,
              const MusterTerrainTypes *types,
              MusterViewport           *viewport,
              cairo_t                  *cr,
              const MusterMapStyle     *style,
              guint                    *leaders)
{
  MusterMapScene scene = { .battlefield = field, .doc = doc, .types = types,
                           .show_umpire = TRUE, .rubber_band = muster_box_empty () };
  g_autoptr(GHashTable) labels = muster_map_place_scene_labels (cr, viewport, &scene, style);
  g_autoptr(GHashTable) names = muster_map_place_terrain_names (cr, viewport, &scene, style);
  g_autoptr(GPtrArray) features = g_ptr_array_new ();
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (MusterMapPlacedLabel));
  MusterBox table = to_widget (viewport, muster_battlefield_get_table_box (field));
  MusterBox rulers[2] = {
    { table.x0 - 30, table.y0 - RULER_BAND_PX, table.x1 + 30, table.y0 },
    { table.x0 - 40, table.y0 - RULER_BAND_PX, table.x0, table.y1 + 10 },
  };
  double zoom = muster_viewport_get_zoom (viewport);
  GHashTableIter iter;
  gpointer key, value;
  guint unnamed = 0;

  /* the ground's names, and the units' and objectives' (a terrain name units stand on comes
   * in both, painted twice in one place) */
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_ptr_array_add (features, key);
      g_array_append_vals (boxes, value, 1);
    }
  g_hash_table_iter_init (&iter, labels);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!((const MusterMapPlacedLabel *) value)->terrain)
      {
        g_ptr_array_add (features, key);
        g_array_append_vals (boxes, value, 1);
      }

  for (guint i = 0; i < boxes->len; i++)
    {
      const MusterMapPlacedLabel *label = &g_array_index (boxes, MusterMapPlacedLabel, i);
      const MusterFeature *owner = features->pdata[i];

      for (guint j = 0; j < i; j++)
        if (boxes_overlap (label->box, g_array_index (boxes, MusterMapPlacedLabel, j).box))
          g_error ("%s at zoom %g: “%s” covers “%s”", path, zoom, label->text,
                   g_array_index (boxes, MusterMapPlacedLabel, j).text);
      for (guint r = 0; r < G_N_ELEMENTS (rulers); r++)
        if (boxes_overlap (label->box, rulers[r]))
          g_error ("%s at zoom %g: “%s” covers a ruler", path, zoom, label->text);
      if (owner->kind == MUSTER_FEATURE_TERRAIN)
        continue;   /* painted under the units; names they stand on come back over them */
      for (guint k = 0; k < muster_battlefield_get_n_features (field); k++)
        {
          const MusterFeature *f = muster_battlefield_get_feature (field, k);

          if (f != owner && (f->kind == MUSTER_FEATURE_UNIT || f->kind == MUSTER_FEATURE_OBJECTIVE) &&
              muster_map_scene_shows (&scene, f) && boxes_overlap (label->box, body_of (viewport, f)))
            g_error ("%s at zoom %g: “%s” covers %s", path, zoom, label->text,
                     f->name != NULL ? f->name : f->id);
        }
      if (label->leader)
        {
          MusterBox body = muster_box_inflate (body_of (viewport, owner), 0.5);

          g_assert_true (muster_box_contains_point (body, label->leader_from));
          g_assert_true (muster_box_contains_point (muster_box_inflate (label->box, 0.5),
                                                    label->leader_to));
          (*leaders)++;
        }
    }

  for (guint k = 0; k < muster_battlefield_get_n_features (field); k++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, k);
      g_autoptr(MusterFootprint) fp = NULL;

      if (f->kind != MUSTER_FEATURE_UNIT || !muster_map_scene_shows (&scene, f))
        continue;
      fp = muster_feature_get_footprint (f);
      if (muster_footprint_get_frontage (fp) * zoom >= 28 && !g_hash_table_contains (labels, f))
        unnamed++;
    }
  return unnamed;
}

/* On screen: at the fitted zoom, twice and four times that, no name covers another, a unit
 * or objective not its own, or the rulers; four times zoomed in, every unit wide enough for a
 * name has one. */
static void
test_screen (void)
{
  g_autoptr(GPtrArray) paths = muster_test_sample_paths ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
  cairo_t *cr = cairo_create (surface);
  MusterMapStyle style;
  guint leaders = 0;

  muster_map_style_init_light (&style);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(Sample) sample = load_sample (paths->pdata[i]);
      g_autoptr(MusterViewport) viewport = muster_viewport_new ();
      MusterBattlefield *field = muster_doc_get_battlefield (sample->doc);
      double fitted;

      if (field == NULL)
        continue;   /* an army list alone */
      muster_viewport_set_size (viewport, W, H);
      muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 40);
      fitted = muster_viewport_get_zoom (viewport);
      for (guint zoom = 0; zoom < 3; zoom++)
        {
          guint unnamed;

          muster_viewport_zoom_at (viewport, fitted * (1 << zoom), W / 2.0, H / 2.0);
          g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted * (1 << zoom),
                                          1e-9);
          unnamed = check_screen (paths->pdata[i], field, sample->doc, sample->types, viewport, cr,
                                  &style, &leaders);
          g_test_message ("%s at zoom %g: %u units unnamed, %u leaders so far",
                          (char *) paths->pdata[i], muster_viewport_get_zoom (viewport), unnamed,
                          leaders);
          if (zoom == 2 && unnamed > 0)
            g_error ("%s at zoom %g: %u units unnamed", (char *) paths->pdata[i],
                     muster_viewport_get_zoom (viewport), unnamed);
        }
    }
  /* the crowded samples need some names moved away from their units */
  g_assert_cmpuint (leaders, >, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Objective @i + 1, "Signal Post @i + 1", at @centre */
static void
add_objective (MusterBattlefield *field,
               guint              i,
               MusterPoint        centre)
{
  MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);

  objective->id = g_strdup_printf ("o%u", i);
  objective->number = i + 1;
  objective->name = g_strdup_printf ("Signal Post %u", i + 1);
  objective->centre = centre;
  muster_battlefield_insert (field, -1, objective);
}

/* A brigade of twelve units in two close ranks against the table's top edge, long names,
 * objectives between the ranks: no place beside most units is free, nor above the front rank
 * (the ruler). Every name still finds a place, away with a leader where it must, over no unit,
 * marker, ruler or other name. */
static void
test_dense (void)
{
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1200, 800, "in");
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
  cairo_t *cr = cairo_create (surface);
  MusterMapStyle style;
  guint leaders = 0;

  muster_map_style_init_light (&style);
  for (guint i = 0; i < 12; i++)
    {
      MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);

      unit->id = g_strdup_printf ("u%u", i);
      unit->unit = g_strdup (unit->id);
      unit->name = g_strdup_printf ("%u. Regiment of Foot (the Old Buffs)", i + 1);
      unit->side = g_strdup ("Blue");
      unit->centre = (MusterPoint) { 420 + 70 * (i % 6), 14 + 60 * (i / 6) };
      unit->stands = 2;
      unit->base_width = 30;
      unit->base_depth = 25;
      muster_battlefield_insert (field, -1, unit);
    }
  for (guint i = 0; i < 3; i++)
    add_objective (field, i, (MusterPoint) { 455 + 140 * i, 44 });
  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 40);
  muster_viewport_zoom_at (viewport, 1.0, 0, 0);
  g_assert_cmpuint (check_screen ("dense", field, NULL, NULL, viewport, cr, &style, &leaders), ==, 0);
  g_assert_cmpuint (leaders, >=, 4);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* In print: on a page fitted and on a full-size tile, no name covers another. */
static void
test_print (void)
{
  g_autoptr(GPtrArray) paths = muster_test_sample_paths ();

  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(Sample) sample = load_sample (paths->pdata[i]);
      g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (MusterMapPrintLabel));
      MusterBattlefield *field = muster_doc_get_battlefield (sample->doc);
      MusterMapPrint map = { sample->doc, sample->types, { NULL, TRUE }, 0, placed };

      if (field == NULL)
        continue;
      map.grid = muster_map_print_grid_for (field, 0.5);
      for (guint scale = 0; scale < 2; scale++)
        {
          cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                                     NULL);
          cairo_t *cr = cairo_create (surface);

          g_array_set_size (placed, 0);
          if (scale == 0)
            muster_map_print_frame (cr, &map, 20, 20, 770, 520, 0, (MusterPoint) { 0, 0 });
          else
            muster_map_print_frame (cr, &map, 20, 20, 770, 520, MUSTER_MAP_PRINT_FULL_SIZE,
                                    (MusterPoint) { 0, 0 });
          g_assert_cmpuint (placed->len, >, 0);
          for (guint a = 0; a < placed->len; a++)
            for (guint b = 0; b < a; b++)
              if (boxes_overlap (g_array_index (placed, MusterMapPrintLabel, a).box,
                                 g_array_index (placed, MusterMapPrintLabel, b).box))
                g_error ("%s, printed %s: two names overlap", (char *) paths->pdata[i],
                         scale ? "full size" : "fitted");
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
    }
}

/* The names printed on @doc's map, fitted or full size, with the labels' grid or with every
 * unit and name in one cell (looked at one by one, as before the grid). */
static GArray *
print_labels (MusterDoc *doc,
              gboolean   full_size,
              gboolean   one_cell)
{
  GArray *placed = g_array_new (FALSE, FALSE, sizeof (MusterMapPrintLabel));
  MusterMapPrint map = { doc, NULL, { NULL, TRUE }, 0, placed };
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (surface);

  map.grid = muster_map_print_grid_for (muster_doc_get_battlefield (doc), 0.5);
  _muster_label_grid_one_cell = one_cell;
  muster_map_print_frame (cr, &map, 20, 20, 770, 520,
                          full_size ? MUSTER_MAP_PRINT_FULL_SIZE : 0, (MusterPoint) { 0, 0 });
  _muster_label_grid_one_cell = FALSE;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return placed;
}

/* A crowd: 500 named units in close ranks, the outer ones over the table's edges, objectives
 * among them and two named woods under them. */
static MusterDoc *
crowd_doc (void)
{
  MusterDoc *doc = muster_doc_new ("battle-valor-fantasy", NULL);
  MusterBattlefield *field = muster_battlefield_new (1800, 1200, "in");

  g_assert_null (muster_doc_set_battlefield (doc, field));
  for (guint i = 0; i < 500; i++)
    {
      MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);

      unit->id = g_strdup_printf ("u%u", i);
      unit->unit = g_strdup (unit->id);
      unit->name = i % 4 ? g_strdup_printf ("R%u", i + 1) : g_strdup_printf ("Regiment %u", i + 1);
      unit->centre = (MusterPoint) { -30.0 + 90 * (i % 21), -20.0 + 70 * (i / 21) };
      unit->rotation = i % 3 == 0 ? G_PI : 0;
      unit->stands = 1 + i % 3;
      unit->base_width = 30;
      unit->base_depth = 25;
      muster_battlefield_insert (field, -1, unit);
    }
  for (guint i = 0; i < 8; i++)
    add_objective (field, i, (MusterPoint) { 100 + 210 * i, 95 + 130 * i });
  for (guint i = 0; i < 2; i++)
    {
      MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);

      wood->id = g_strdup_printf ("t%u", i);
      wood->type = g_strdup ("woods");
      wood->name = g_strdup_printf ("Crowded Wood %u", i + 1);
      wood->outline = MUSTER_OUTLINE_ELLIPSE;
      wood->centre = (MusterPoint) { 500 + 800 * i, 600 };
      wood->width = 400;
      wood->height = 250;
      muster_battlefield_insert (field, -1, wood);
    }
  return doc;
}

/* A crowd in print. The grid the labels look things up in (issue 20: looking at every unit
 * and name took hours for 78,000 units) finds what a name may cover as looking at them all
 * did: the same names in the same places, fitted and full size. */
static void
test_print_crowded (void)
{
  g_autoptr(MusterDoc) doc = crowd_doc ();

  for (guint full_size = 0; full_size < 2; full_size++)
    {
      g_autoptr(GArray) grid = print_labels (doc, full_size, FALSE);
      g_autoptr(GArray) scan = print_labels (doc, full_size, TRUE);

      g_test_message ("%s: %u names placed", full_size ? "full size" : "fitted", grid->len);
      /* fitted, a crowd: many names find a place, many do not */
      g_assert_cmpuint (grid->len, >, 200);
      g_assert_cmpuint (grid->len, <, full_size ? 509 : 400);
      g_assert_cmpuint (grid->len, ==, scan->len);
      for (guint i = 0; i < grid->len; i++)
        {
          const MusterMapPrintLabel *a = &g_array_index (grid, MusterMapPrintLabel, i);
          const MusterMapPrintLabel *b = &g_array_index (scan, MusterMapPrintLabel, i);

          g_assert_true (a->owner == b->owner);
          g_assert_cmpmem (&a->box, sizeof a->box, &b->box, sizeof b->box);
        }
    }
}

/* The names placed on screen on @doc's map in @viewport (feature → MusterMapPlacedLabel), with
 * the labels' grids or with every name and body in one cell, looked at one by one */
static GHashTable *
screen_labels (MusterDoc      *doc,
               MusterViewport *viewport,
               gboolean        one_cell)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
  cairo_t *cr = cairo_create (surface);
  MusterMapScene scene = { .battlefield = muster_doc_get_battlefield (doc), .doc = doc,
                           .show_umpire = TRUE, .rubber_band = muster_box_empty () };
  MusterMapStyle style;
  GHashTable *placed;

  muster_map_style_init_light (&style);
  _muster_label_grid_one_cell = one_cell;
  placed = muster_map_place_scene_labels (cr, viewport, &scene, &style);
  _muster_label_grid_one_cell = FALSE;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return placed;
}

/* The crowd on screen, fitted and zoomed in: the grids the screen's names are placed through
 * (issue 20: testing each place against every name and unit stalled the window of a
 * battlefield of 78,000 units) find what a name may cover as looking at them all did: the same
 * names in the same places, with the same leader lines; and no name covers another, a unit or
 * the rulers. Fails when a visit skips a column or a row, or a placed name is not filed. */
static void
test_screen_crowded (void)
{
  g_autoptr(MusterDoc) doc = crowd_doc ();
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
  cairo_t *cr = cairo_create (surface);
  MusterMapStyle style;
  double fitted;

  muster_map_style_init_light (&style);
  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 40);
  fitted = muster_viewport_get_zoom (viewport);
  for (guint zoom = 0; zoom < 3; zoom++)
    {
      g_autoptr(GHashTable) grid = NULL;
      g_autoptr(GHashTable) scan = NULL;
      GHashTableIter iter;
      gpointer key, value;
      guint leaders = 0;

      muster_viewport_zoom_at (viewport, fitted * pow (G_SQRT2, zoom), W / 3.0, H / 3.0);
      grid = screen_labels (doc, viewport, FALSE);
      scan = screen_labels (doc, viewport, TRUE);
      g_test_message ("zoom %g: %u names placed", muster_viewport_get_zoom (viewport),
                      g_hash_table_size (grid));
      /* a crowd: many names find a place, and fitted many do not */
      g_assert_cmpuint (g_hash_table_size (grid), >, 200);
      g_assert_cmpuint (g_hash_table_size (grid), <, zoom == 0 ? 400 : 511);
      g_assert_cmpuint (g_hash_table_size (grid), ==, g_hash_table_size (scan));
      g_hash_table_iter_init (&iter, grid);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const MusterMapPlacedLabel *a = value, *b = g_hash_table_lookup (scan, key);

          g_assert_nonnull (b);
          g_assert_true (a->text == b->text);
          g_assert_cmpmem (&a->box, sizeof a->box, &b->box, sizeof b->box);
          g_assert_cmpint (a->terrain, ==, b->terrain);
          g_assert_cmpint (a->leader, ==, b->leader);
          if (a->leader)
            {
              g_assert_cmpmem (&a->leader_from, sizeof a->leader_from, &b->leader_from,
                               sizeof b->leader_from);
              g_assert_cmpmem (&a->leader_to, sizeof a->leader_to, &b->leader_to,
                               sizeof b->leader_to);
              leaders++;
            }
        }
      /* crowded enough that names stand away from their units */
      g_assert_cmpuint (leaders, >, 0);
      /* and apart: the names placed are filed for those after (one cell or many) */
      check_screen ("crowd", field, doc, NULL, viewport, cr, &style, &leaders);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Every name of a document at the 32 MiB cap (about 100,000 units) is measured by Pango once:
 * a name asked for again comes from the kept sizes, which leave the layout's text as it was.
 * The sizes kept were cleared past 8,192 names, and a 78,000-unit map measured all its names
 * again at every zoom step. */
static void
test_sizes_kept (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");
  int first_width = 0, first_height = 0, width, height;

  /* a font of its own, so that no other test's names are in the way */
  pango_font_description_set_absolute_size (font, 9.25 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  for (guint i = 0; i < 100000; i++)
    {
      g_autofree char *name = g_strdup_printf ("Unit %u", i);

      muster_map_label_size (layout, name, &width, &height);
      if (i == 0)
        {
          first_width = width;
          first_height = height;
        }
    }
  g_assert_cmpint (first_width, >, 0);
  pango_layout_set_text (layout, "untouched", -1);
  muster_map_label_size (layout, "Unit 0", &width, &height);
  g_assert_cmpstr (pango_layout_get_text (layout), ==, "untouched");
  g_assert_cmpint (width, ==, first_width);
  g_assert_cmpint (height, ==, first_height);
  /* and a name not seen yet is measured */
  muster_map_label_size (layout, "Unit 100000", &width, &height);
  g_assert_cmpstr (pango_layout_get_text (layout), ==, "Unit 100000");
  g_assert_cmpint (width, >, first_width);

  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/map-labels/screen", test_screen);
  g_test_add_func ("/map-labels/dense", test_dense);
  g_test_add_func ("/map-labels/print", test_print);
  g_test_add_func ("/map-labels/print-crowded", test_print_crowded);
  g_test_add_func ("/map-labels/screen-crowded", test_screen_crowded);
  g_test_add_func ("/map-labels/sizes-kept", test_sizes_kept);
  return g_test_run ();
}
