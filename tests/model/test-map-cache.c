/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-map-cache.h"
#include "muster-pixel-util.h"

/*
 * The map cache: what it paints is what muster_map_paint() paints, and every kind of edit
 * paints again the layers it shows on, and only those.
 */

#define W 600
#define H 400
#define P(x, y) ((MusterPoint) { (x), (y) })
#define GROUND MUSTER_MAP_LAYER_GROUND
#define UNITS  MUSTER_MAP_LAYER_UNITS

typedef struct
{
  MusterBattlefield *field;
  MusterViewport    *viewport;
  MusterMapCache    *cache;
  MusterMapStyle     style;
  MusterMapScene     scene;
  GHashTable        *live;
  cairo_surface_t   *surface;
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  MusterFeature *zone = muster_feature_new (MUSTER_FEATURE_ZONE);
  MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);

  fx->field = muster_battlefield_new (1000, 600, "in");
  wood->id = g_strdup ("wood");
  wood->type = g_strdup ("woods");
  wood->name = g_strdup ("Old Wood");
  wood->centre = P (200, 300);
  wood->width = wood->height = 200;
  muster_battlefield_insert (fx->field, -1, wood);

  zone->id = g_strdup ("zone");
  zone->side = g_strdup ("Red");
  muster_feature_set_points (zone, (MusterPoint[]) { P (0, 500), P (1000, 500), P (1000, 600),
                                                     P (0, 600) }, 4);
  muster_battlefield_insert (fx->field, -1, zone);

  unit->id = g_strdup ("unit");
  unit->unit = g_strdup ("u1");
  unit->name = g_strdup ("Hussars");
  unit->side = g_strdup ("Blue");
  unit->centre = P (500, 300);
  unit->stands = 4;
  unit->base_width = unit->base_depth = 40;
  muster_battlefield_insert (fx->field, -1, unit);

  objective->id = g_strdup ("objective");
  objective->number = 1;
  objective->centre = P (900, 100);
  muster_battlefield_insert (fx->field, -1, objective);

  fx->viewport = muster_viewport_new ();
  muster_viewport_set_size (fx->viewport, W, H);
  muster_viewport_fit_box (fx->viewport, muster_battlefield_get_table_box (fx->field), 50);
  fx->cache = muster_map_cache_new ();
  muster_map_style_init_light (&fx->style);
  fx->live = g_hash_table_new (g_str_hash, g_str_equal);
  fx->scene.battlefield = fx->field;
  fx->scene.rubber_band = muster_box_empty ();
  fx->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  cairo_surface_destroy (fx->surface);
  g_hash_table_unref (fx->live);
  muster_map_cache_free (fx->cache);
  g_object_unref (fx->viewport);
  muster_battlefield_free (fx->field);
}

/* Paints through the cache into fx->surface. Returns: the layers painted whole. */
static MusterMapLayers
paint_cached (Fixture         *fx,
              MusterMapLayers *scrolled)
{
  cairo_t *cr = cairo_create (fx->surface);
  MusterMapLayers repainted;

  repainted = muster_map_cache_paint (fx->cache, cr, fx->viewport, &fx->scene, &fx->style, 1,
                                      scrolled);
  cairo_destroy (cr);
  cairo_surface_flush (fx->surface);
  return repainted;
}

/* How many pixels of the cached picture differ from muster_map_paint()'s by more than a
 * rounding step: the units layer is blended once more on its way through the cache. */
static guint
count_differences (Fixture *fx)
{
  cairo_surface_t *direct = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (direct);
  guint n = 0;

  muster_map_paint (cr, fx->viewport, &fx->scene, &fx->style);
  cairo_destroy (cr);
  cairo_surface_flush (direct);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        guint32 a = pixel_at (direct, x, y), b = pixel_at (fx->surface, x, y);

        for (int shift = 0; shift < 32; shift += 8)
          if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 3)
            {
              n++;
              break;
            }
      }
  cairo_surface_destroy (direct);
  return n;
}

static guint32
pixel_at_table (Fixture     *fx,
                MusterPoint  p)
{
  double x, y;

  muster_viewport_table_to_widget (fx->viewport, p.x, p.y, &x, &y);
  return pixel_at (fx->surface, (int) x, (int) y);
}

static guint32
side_pixel (Fixture    *fx,
            const char *side)
{
  return rgba_to_pixel (fx->style.sides[muster_map_side_index (&fx->scene, side)]);
}

/* The middle of the unit's first stand, where it shows in its side's colour. */
static MusterPoint
stand_centre (Fixture *fx)
{
  g_autoptr(MusterFootprint) fp = muster_feature_get_footprint (muster_battlefield_lookup (fx->field, "unit"));

  return muster_footprint_get_stand_rect (fp, 0).centre;
}

static void
move (Fixture    *fx,
      const char *id,
      double      dx,
      double      dy)
{
  g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup (fx->field, id));

  muster_feature_translate (moved, (MusterVector) { dx, dy });
  muster_feature_free (muster_battlefield_replace (fx->field, moved));
}

static void
test_same_picture (Fixture       *fx,
                   gconstpointer  data)
{
  g_autoptr(GHashTable) selection = g_hash_table_new (g_str_hash, g_str_equal);

  g_hash_table_add (selection, "unit");
  g_hash_table_add (selection, "wood");
  fx->scene.selection = selection;
  fx->scene.has_measure = TRUE;
  fx->scene.measure = (MusterSegment) { P (100, 450), P (900, 450) };
  fx->scene.measure_label = "32.0″";

  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_cmpuint (count_differences (fx), <, 20);
  /* the unit in its side's colour, the selection round the wood */
  g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)), side_pixel (fx, "Blue")));
  g_assert_true (same_colour (pixel_at_table (fx, P (100, 300)), rgba_to_pixel (fx->style.selection)));

  /* nothing changed: nothing painted again, the same picture */
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
  g_assert_cmpuint (count_differences (fx), <, 20);
}

/* Each edit paints again the layer its feature is on, and the picture shows it. */
static void
test_edits_invalidate (Fixture       *fx,
                       gconstpointer  data)
{
  MusterFeature *zone = muster_feature_new (MUSTER_FEATURE_ZONE);
  MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  g_autoptr(MusterFeature) removed = NULL;
  MusterPoint before;
  char *id;

  paint_cached (fx, NULL);

  /* terrain: the wood moves right by 600 mm; it has a name, which the names of units keep
   * clear of, so they are placed again */
  move (fx, "wood", 600, 0);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_true (same_colour (pixel_at_table (fx, P (150, 250)), rgba_to_pixel (fx->style.table)));
  g_assert_cmpuint (count_differences (fx), <, 20);

  /* a piece without a name: the ground alone */
  {
    MusterFeature *field_piece = muster_feature_new (MUSTER_FEATURE_TERRAIN);
    g_autoptr(MusterFeature) gone = NULL;
    const char *piece;

    field_piece->type = g_strdup ("woods");
    field_piece->centre = P (500, 100);
    field_piece->width = field_piece->height = 100;
    piece = muster_battlefield_insert (fx->field, -1, field_piece);
    g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND);
    gone = muster_battlefield_remove (fx->field, piece, NULL);
    g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND);
  }

  /* a zone drawn */
  zone->side = g_strdup ("Blue");
  muster_feature_set_points (zone, (MusterPoint[]) { P (0, 0), P (1000, 0), P (1000, 80),
                                                     P (0, 80) }, 4);
  id = muster_battlefield_insert (fx->field, -1, zone);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND);
  g_assert_cmpuint (count_differences (fx), <, 20);
  removed = muster_battlefield_remove (fx->field, id, NULL);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND);

  /* a placement moved, a unit placed */
  before = stand_centre (fx);
  move (fx, "unit", 0, 200);
  g_assert_cmpint (paint_cached (fx, NULL), ==, UNITS);
  g_assert_true (same_colour (pixel_at_table (fx, before), rgba_to_pixel (fx->style.table)));
  g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)), side_pixel (fx, "Blue")));
  unit->side = g_strdup ("Blue");
  unit->centre = P (300, 150);
  muster_battlefield_insert (fx->field, -1, unit);
  g_assert_cmpint (paint_cached (fx, NULL), ==, UNITS);
  g_assert_cmpuint (count_differences (fx), <, 20);

  /* an objective moved: the wood's name keeps off its marker, so the ground is painted too */
  move (fx, "objective", -100, 0);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);

  /* the table itself: everything is drawn on it */
  muster_battlefield_set_table (fx->field, 1000, 600, "cm", 100);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_cmpuint (count_differences (fx), <, 20);
}

/* What is shown, and how: the umpire's layer and the side looking, the sides and their colours, the theme, the
 * rule system's terrain, and what only the document's lists know. */
static void
test_visibility_and_theme_invalidate (Fixture       *fx,
                                      gconstpointer  data)
{
  g_autoptr(MusterFeature) recoloured = NULL;
  g_autoptr(MusterFeature) hidden = NULL;
  g_autoptr(MusterTerrainTypes) types = muster_terrain_types_new_generic ();

  paint_cached (fx, NULL);

  fx->scene.show_umpire = TRUE;
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  fx->scene.show_umpire = FALSE;
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);

  /* the side looking: Blue sees its own hidden unit, Red does not */
  hidden = muster_feature_copy (muster_battlefield_lookup (fx->field, "unit"));
  hidden->layer = g_strdup (MUSTER_LAYER_UMPIRE);
  muster_feature_free (muster_battlefield_replace (fx->field, hidden));
  fx->scene.side = "Blue";
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)), side_pixel (fx, "Blue")));
  fx->scene.side = "Red";
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)), rgba_to_pixel (fx->style.table)));
  g_assert_cmpuint (count_differences (fx), <, 20);
  fx->scene.side = NULL;

  /* the unit changes side: the sides seen, and so the colours, change */
  recoloured = muster_feature_copy (muster_battlefield_lookup (fx->field, "unit"));
  g_free (recoloured->side);
  recoloured->side = g_strdup ("Red");
  muster_feature_free (muster_battlefield_replace (fx->field, recoloured));
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_cmpuint (count_differences (fx), <, 20);

  muster_map_style_init_dark (&fx->style);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_true (same_colour (pixel_at_table (fx, P (500, 450)), rgba_to_pixel (fx->style.table)));
  g_assert_cmpuint (count_differences (fx), <, 20);
  fx->style.font = "Sans 12";
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);

  fx->scene.types = types;
  g_assert_cmpint (paint_cached (fx, NULL), !=, 0);

  muster_map_cache_invalidate (fx->cache);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
}

/* A battlefield freed and another made (opening another document, a new battlefield) is
 * painted afresh, even were it to land at the old one's address. */
static void
test_new_battlefield (Fixture       *fx,
                      gconstpointer  data)
{
  paint_cached (fx, NULL);
  muster_battlefield_free (fx->field);
  fx->field = muster_battlefield_new (1000, 600, "in");
  fx->scene.battlefield = fx->field;
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_cmpuint (count_differences (fx), <, 20);
  g_assert_true (same_colour (pixel_at_table (fx, P (200, 300)), rgba_to_pixel (fx->style.table)));
}

/* Dragging: the dragged unit leaves the kept layer once, then every move paints nothing kept. */
static void
test_live_drag (Fixture       *fx,
                gconstpointer  data)
{
  MusterPoint before = stand_centre (fx);

  paint_cached (fx, NULL);

  g_hash_table_add (fx->live, "unit");
  fx->scene.live = fx->live;
  g_assert_cmpint (paint_cached (fx, NULL), ==, UNITS);
  for (int i = 1; i <= 5; i++)
    {
      move (fx, "unit", 0, 30);
      g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
      g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)),
                                  side_pixel (fx, "Blue")));
    }
  g_assert_cmpuint (count_differences (fx), <, 20);
  /* the old place is clear: the kept layer does not hold the unit */
  g_assert_true (same_colour (pixel_at_table (fx, before), rgba_to_pixel (fx->style.table)));

  /* a terrain piece dragged: its name leaves the names the units' labels keep clear of, so
   * they are placed once again; then each move paints nothing kept */
  g_hash_table_add (fx->live, "wood");
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  move (fx, "wood", 300, 0);
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
  g_assert_cmpuint (count_differences (fx), <, 20);

  /* the drag ends: the features go back to their layers */
  g_hash_table_remove_all (fx->live);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_cmpuint (count_differences (fx), <, 20);
}

/* Pans by whole pixels scroll the kept layers and paint only a strip; the picture is the
 * same as painted afresh. A zoom or a pan by part of a pixel paints everything. */
static void
test_pan_scrolls (Fixture       *fx,
                  gconstpointer  data)
{
  MusterMapLayers scrolled;
  const double pans[][2] = { { 7, 0 }, { 0, -5 }, { -30, 12 }, { 120, 80 } };

  paint_cached (fx, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (pans); i++)
    {
      muster_viewport_pan (fx->viewport, pans[i][0], pans[i][1]);
      g_assert_cmpint (paint_cached (fx, &scrolled), ==, 0);
      g_assert_cmpint (scrolled, ==, GROUND | UNITS);
      g_assert_cmpuint (count_differences (fx), <, 20);
    }

  muster_viewport_pan (fx->viewport, 0.5, 0);
  g_assert_cmpint (paint_cached (fx, &scrolled), ==, GROUND | UNITS);
  g_assert_cmpint (scrolled, ==, 0);

  muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) * 2, 300, 200);
  g_assert_cmpint (paint_cached (fx, &scrolled), ==, GROUND | UNITS);
  g_assert_cmpuint (count_differences (fx), <, 20);

  /* farther than the view is wide: nothing to keep */
  muster_viewport_pan (fx->viewport, W, 0);
  g_assert_cmpint (paint_cached (fx, &scrolled), ==, GROUND | UNITS);

  /* a new size */
  muster_viewport_set_size (fx->viewport, W - 10, H);
  g_assert_cmpint (paint_cached (fx, &scrolled), ==, GROUND | UNITS);
}

/* While a zoom goes on, the kept layers are shown scaled instead of painted again: the unit
 * still shows where the new view puts it, until quick mode ends and the next frame paints
 * the picture sharp, as muster_map_paint() would. An edit still paints its layer. */
static void
test_quick_zoom (Fixture       *fx,
                 gconstpointer  data)
{
  MusterMapLayers scrolled;
  guint blurred;

  paint_cached (fx, NULL);
  /* a pan first: the kept pictures are rings, no longer in order */
  muster_viewport_pan (fx->viewport, 37, -21);
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
  g_assert_false (muster_map_cache_is_stale (fx->cache));
  muster_map_cache_set_quick (fx->cache, TRUE);

  /* nothing to show transformed yet: the same view paints nothing */
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
  g_assert_false (muster_map_cache_is_stale (fx->cache));

  /* two wheel steps in, at a point off the centre */
  for (guint step = 0; step < 2; step++)
    {
      muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) * 1.25, 380, 220);
      g_assert_cmpint (paint_cached (fx, &scrolled), ==, 0);
      g_assert_cmpint (scrolled, ==, 0);
      g_assert_true (muster_map_cache_is_stale (fx->cache));
      g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)), side_pixel (fx, "Blue")));
      g_assert_true (same_colour (pixel_at_table (fx, P (270, 370)),
                                  rgba_to_pixel (fx->style.terrain[MUSTER_TERRAIN_WOODS])));
    }
  /* scaled, not painted: lines and text are off by a pixel here and there */
  blurred = count_differences (fx);
  g_assert_cmpuint (blurred, >, 20);

  /* an edit in the middle of it paints that layer, sharp; the other stays scaled */
  move (fx, "unit", 0, 100);
  g_assert_cmpint (paint_cached (fx, NULL), ==, UNITS);
  g_assert_true (muster_map_cache_is_stale (fx->cache));
  g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)), side_pixel (fx, "Blue")));

  /* zoomed out past where the layers were painted: the uncovered edge is background */
  muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) / 3, 300, 200);
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
  g_assert_true (same_colour (pixel_at (fx->surface, 2, 2), rgba_to_pixel (fx->style.background)));

  /* the zoom rests: one frame paints both sharp, and nothing is stale */
  muster_map_cache_set_quick (fx->cache, FALSE);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_false (muster_map_cache_is_stale (fx->cache));
  g_assert_cmpuint (count_differences (fx), <, 20);
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);

  /* out of quick mode a zoom paints at once, as before */
  muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) * 1.25, 300, 200);
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_false (muster_map_cache_is_stale (fx->cache));
}

static cairo_surface_t *
paint_direct (Fixture *fx)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);

  muster_map_paint (cr, fx->viewport, &fx->scene, &fx->style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* How many pixels of @a and @b (of one size) differ at all. */
static guint
count_unequal (cairo_surface_t *a,
               cairo_surface_t *b)
{
  guint n = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  for (int y = 0; y < cairo_image_surface_get_height (a); y++)
    for (int x = 0; x < cairo_image_surface_get_width (a); x++)
      n += pixel_at (a, x, y) != pixel_at (b, x, y);
  return n;
}

/* The strips of one frame share one placing of the labels, given in the scene: the painter
 * shows those it is given (none, here) and, given its own placing, what it would place. */
static void
test_shared_labels (Fixture       *fx,
                    gconstpointer  data)
{
  cairo_surface_t *own = paint_direct (fx), *shared, *none;
  cairo_t *cr = cairo_create (fx->surface);
  g_autoptr(GHashTable) placed = muster_map_place_scene_labels (cr, fx->viewport, &fx->scene,
                                                                &fx->style);
  g_autoptr(GHashTable) empty = g_hash_table_new (NULL, NULL);

  cairo_destroy (cr);
  /* the unit's and the objective's names... */
  g_assert_cmpuint (g_hash_table_size (placed), >=, 1);
  fx->scene.placed_labels = placed;
  shared = paint_direct (fx);
  g_assert_cmpuint (count_unequal (own, shared), ==, 0);
  /* ...and "Hussars" gone when the caller placed nothing */
  fx->scene.placed_labels = empty;
  none = paint_direct (fx);
  g_assert_cmpuint (count_unequal (own, none), >, 50);
  /* a cache's frame leaves the caller's placing alone */
  g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
  g_assert_cmpuint (count_unequal (fx->surface, none), <, 20);
  fx->scene.placed_labels = NULL;
  cairo_surface_destroy (own);
  cairo_surface_destroy (shared);
  cairo_surface_destroy (none);
}

/* On a HiDPI screen the kept layers have two device pixels to a widget pixel: the picture is as
 * sharp as painted afresh, and pans still scroll. */
static void
test_hidpi (Fixture       *fx,
            gconstpointer  data)
{
  cairo_surface_t *cached = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * W, 2 * H);
  cairo_surface_t *direct = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * W, 2 * H);
  MusterMapLayers scrolled;
  guint n = 0;

  cairo_surface_set_device_scale (cached, 2, 2);
  cairo_surface_set_device_scale (direct, 2, 2);
  for (int frame = 0; frame < 2; frame++)
    {
      cairo_t *cr = cairo_create (cached);

      g_assert_cmpint (muster_map_cache_paint (fx->cache, cr, fx->viewport, &fx->scene, &fx->style,
                                               2, &scrolled), ==, frame ? 0 : GROUND | UNITS);
      cairo_destroy (cr);
      muster_viewport_pan (fx->viewport, 5, 0);
    }
  g_assert_cmpint (scrolled, ==, GROUND | UNITS);
  muster_viewport_pan (fx->viewport, -5, 0);
  {
    cairo_t *cr = cairo_create (direct);

    muster_map_paint (cr, fx->viewport, &fx->scene, &fx->style);
    cairo_destroy (cr);
  }
  cairo_surface_flush (cached);
  cairo_surface_flush (direct);
  for (int y = 0; y < 2 * H; y++)
    for (int x = 0; x < 2 * W; x++)
      if (!same_colour (pixel_at (cached, x, y), pixel_at (direct, x, y)))
        n++;
  g_assert_cmpuint (n, <, 80);

  /* an edit, painted round the unit only: the picture painted afresh */
  move (fx, "unit", 35, 20);
  {
    g_autoptr(MusterMapCache) fresh = muster_map_cache_new ();
    cairo_t *cr = cairo_create (cached);

    g_assert_cmpint (muster_map_cache_paint (fx->cache, cr, fx->viewport, &fx->scene, &fx->style,
                                             2, NULL), ==, UNITS);
    g_assert_cmpuint (muster_map_cache_get_threads_used (fx->cache), ==, 1);
    cairo_destroy (cr);
    cr = cairo_create (direct);
    muster_map_cache_paint (fresh, cr, fx->viewport, &fx->scene, &fx->style, 2, NULL);
    cairo_destroy (cr);
  }
  g_assert_cmpuint (count_unequal (cached, direct), ==, 0);

  /* the wood moved and turned, painted round it (and the labels clear of its name) only */
  {
    g_autoptr(MusterMapCache) fresh = muster_map_cache_new ();
    g_autoptr(MusterFeature) turned = muster_feature_copy (muster_battlefield_lookup (fx->field,
                                                                                      "wood"));
    cairo_t *cr = cairo_create (cached);

    muster_feature_translate (turned, (MusterVector) { 27, -13 });
    muster_feature_rotate (turned, turned->centre, 0.3);
    muster_feature_free (muster_battlefield_replace (fx->field, turned));
    g_assert_cmpint (muster_map_cache_paint (fx->cache, cr, fx->viewport, &fx->scene, &fx->style,
                                             2, NULL), ==, GROUND | UNITS);
    g_assert_cmpuint (muster_map_cache_get_threads_used (fx->cache), ==, 1);
    cairo_destroy (cr);
    cr = cairo_create (direct);
    muster_map_cache_paint (fresh, cr, fx->viewport, &fx->scene, &fx->style, 2, NULL);
    cairo_destroy (cr);
  }
  g_assert_cmpuint (count_unequal (cached, direct), ==, 0);
  cairo_surface_destroy (cached);
  cairo_surface_destroy (direct);
}

/* The marks change every frame and are never kept. */
static void
test_selection_repaints_nothing (Fixture       *fx,
                                 gconstpointer  data)
{
  g_autoptr(GHashTable) selection = g_hash_table_new (g_str_hash, g_str_equal);

  fx->scene.selection = selection;
  paint_cached (fx, NULL);
  g_hash_table_add (selection, "wood");
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
  g_assert_true (same_colour (pixel_at_table (fx, P (100, 300)), rgba_to_pixel (fx->style.selection)));
  g_hash_table_remove_all (selection);
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
  g_assert_false (same_colour (pixel_at_table (fx, P (100, 300)), rgba_to_pixel (fx->style.selection)));
  fx->scene.has_measure = TRUE;
  fx->scene.measure = (MusterSegment) { P (100, 450), P (900, 450) };
  g_assert_cmpint (paint_cached (fx, NULL), ==, 0);
  g_assert_cmpuint (count_differences (fx), <, 20);
}

/* Paints through @cache into @surface, as paint_cached() does. */
static MusterMapLayers
paint_with (Fixture         *fx,
            MusterMapCache  *cache,
            cairo_surface_t *surface)
{
  cairo_t *cr = cairo_create (surface);
  MusterMapLayers repainted;

  repainted = muster_map_cache_paint (cache, cr, fx->viewport, &fx->scene, &fx->style, 1, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return repainted;
}

/* Layers painted whole in bands shared by two threads: the very picture one thread paints,
 * names of terrain and units included, whether both layers are painted or one. */
static void
test_threads_same_picture (Fixture       *fx,
                           gconstpointer  data)
{
  g_autoptr(MusterMapCache) one = muster_map_cache_new ();
  cairo_surface_t *single = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_surface_t *blank = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);

  muster_map_cache_set_threads (fx->cache, 2);
  muster_map_cache_set_threads (one, 1);
  for (guint frame = 0; frame < 3; frame++)
    {
      MusterMapLayers expected = GROUND | UNITS;

      if (frame == 1)
        {
          /* a zoom at rest */
          muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) * 1.25,
                                   380, 220);
        }
      else if (frame == 2)
        {
          /* a unit renamed in its list: everything afresh */
          muster_map_cache_invalidate (fx->cache);
          muster_map_cache_invalidate (one);
        }
      g_assert_cmpint (paint_with (fx, fx->cache, fx->surface), ==, expected);
      g_assert_cmpint (paint_with (fx, one, single), ==, expected);
      g_assert_cmpuint (muster_map_cache_get_threads_used (fx->cache), ==, 2);
      g_assert_cmpuint (muster_map_cache_get_threads_used (one), ==, 1);
      /* the ground is there (the wood, the table, the zone) and the units over it */
      g_assert_true (same_colour (pixel_at_table (fx, P (270, 370)),
                                  rgba_to_pixel (fx->style.terrain[MUSTER_TERRAIN_WOODS])));
      g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)), side_pixel (fx, "Blue")));
      g_assert_cmpuint (count_unequal (fx->surface, single), ==, 0);
      g_assert_cmpuint (count_unequal (fx->surface, blank), >, W * H / 2);
    }

  /* the wood moved: the ground round it (and the units' labels, clear of its name, round
   * them), on this thread */
  move (fx, "wood", 30, 0);
  g_assert_cmpint (paint_with (fx, fx->cache, fx->surface), ==, GROUND | UNITS);
  g_assert_cmpint (paint_with (fx, one, single), ==, GROUND | UNITS);
  g_assert_cmpuint (muster_map_cache_get_threads_used (fx->cache), ==, 1);
  g_assert_true (same_colour (pixel_at_table (fx, P (300, 370)),
                              rgba_to_pixel (fx->style.terrain[MUSTER_TERRAIN_WOODS])));
  g_assert_cmpuint (count_unequal (fx->surface, single), ==, 0);
  g_assert_cmpuint (count_differences (fx), <, 20);

  /* the unit moved: the units layer only, round it, on this thread */
  move (fx, "unit", 0, 50);
  g_assert_cmpint (paint_with (fx, fx->cache, fx->surface), ==, UNITS);
  g_assert_cmpint (paint_with (fx, one, single), ==, UNITS);
  g_assert_cmpuint (muster_map_cache_get_threads_used (fx->cache), ==, 1);
  g_assert_cmpuint (count_unequal (fx->surface, single), ==, 0);
  g_assert_cmpuint (count_differences (fx), <, 20);

  cairo_surface_destroy (single);
  cairo_surface_destroy (blank);
}

/* Paints through @cache into @surface until no band is to come. Returns: the frames it took. */
static guint
finish (Fixture         *fx,
        MusterMapCache  *cache,
        cairo_surface_t *surface)
{
  guint frames = 0;

  do
    {
      paint_with (fx, cache, surface);
      frames++;
      g_assert_cmpuint (frames, <=, 2 * 8);
    }
  while (muster_map_cache_is_pending (cache));
  return frames;
}

/* Whether rows [@y0, @y1) of @a and @b are the same, pixel for pixel. */
static gboolean
same_rows (cairo_surface_t *a,
           cairo_surface_t *b,
           int              y0,
           int              y1)
{
  for (int y = y0; y < y1; y++)
    for (int x = 0; x < W; x++)
      if (pixel_at (a, x, y) != pixel_at (b, x, y))
        return FALSE;
  return TRUE;
}

/* Whether rows [@y0, @y1) of @a are all @pixel. */
static gboolean
rows_are (cairo_surface_t *a,
          guint32          pixel,
          int              y0,
          int              y1)
{
  for (int y = y0; y < y1; y++)
    for (int x = 0; x < W; x++)
      if (pixel_at (a, x, y) != pixel)
        return FALSE;
  return TRUE;
}

/* A cache with a budget too small for more than a band a frame, on one thread: a frame paints
 * the next band, the ground's and the units' in turn, top down. */
static MusterMapCache *
banded_cache (void)
{
  MusterMapCache *cache = muster_map_cache_new ();

  muster_map_cache_set_threads (cache, 1);
  muster_map_cache_set_budget (cache, 0.001);
  return cache;
}

/* The first picture with a budget comes in bands of 50 rows (H / 8) over 16 frames: the rows
 * both layers have are the finished picture's, the rows neither has the background; then the
 * very picture painted at once. */
static void
test_bands_first_picture (Fixture       *fx,
                          gconstpointer  data)
{
  g_autoptr(MusterMapCache) banded = banded_cache ();
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  guint32 background = rgba_to_pixel (fx->style.background);

  g_assert_cmpint (paint_with (fx, fx->cache, whole), ==, GROUND | UNITS);
  g_assert_false (muster_map_cache_is_pending (fx->cache));
  for (guint frame = 1; frame <= 16; frame++)
    {
      int both = 50 * (int) (frame / 2), ground = 50 * (int) ((frame + 1) / 2);

      /* a band of one layer, then of the other */
      g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, frame % 2 ? GROUND : UNITS);
      g_assert_true (same_rows (fx->surface, whole, 0, both));
      g_assert_true (rows_are (fx->surface, background, ground, H));
      g_assert_cmpint (muster_map_cache_is_pending (banded), ==, frame < 16);
      /* the table comes in: its rows are not the background */
      if (frame == 8)
        g_assert_false (rows_are (fx->surface, background, 150, 200));
    }
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
  /* nothing more to paint */
  g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, 0);
  cairo_surface_destroy (whole);
}

/* A zoom come to rest, with a budget: the rows to come show the old picture scaled, as quick
 * mode does, until their bands are painted; then the picture painted at once. */
static void
test_bands_zoom_rest (Fixture       *fx,
                      gconstpointer  data)
{
  g_autoptr(MusterMapCache) banded = banded_cache ();
  g_autoptr(MusterMapCache) quick = muster_map_cache_new ();
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_surface_t *scaled = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);

  paint_with (fx, fx->cache, whole);
  paint_with (fx, quick, scaled);
  finish (fx, banded, fx->surface);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);

  muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) * 1.6, 380, 220);
  paint_with (fx, fx->cache, whole);
  muster_map_cache_set_quick (quick, TRUE);
  paint_with (fx, quick, scaled);
  g_assert_cmpuint (count_unequal (whole, scaled), >, 1000);
  for (guint frame = 1; frame <= 16; frame++)
    {
      int both = 50 * (int) (frame / 2), ground = 50 * (int) ((frame + 1) / 2);

      g_assert_cmpint (paint_with (fx, banded, fx->surface), !=, 0);
      g_assert_true (same_rows (fx->surface, whole, 0, both));
      g_assert_true (same_rows (fx->surface, scaled, ground, H));
      g_assert_cmpint (muster_map_cache_is_stale (banded), ==, frame < 16);
    }
  g_assert_false (muster_map_cache_is_pending (banded));
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);

  /* then an edit: in the same frame, round the unit only */
  move (fx, "unit", -40, 25);
  g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, UNITS);
  g_assert_false (muster_map_cache_is_pending (banded));
  paint_with (fx, fx->cache, whole);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
  cairo_surface_destroy (whole);
  cairo_surface_destroy (scaled);
}

/* While bands are to come: a pan paints the layers whole (then the next pan scrolls); a zoom in quick mode shows
 * what was there scaled, bands and all, and paints afresh in bands when it rests; an edit
 * paints its layer whole. Each ends in the picture painted at once. */
static void
test_bands_interrupted (Fixture       *fx,
                        gconstpointer  data)
{
  g_autoptr(MusterMapCache) banded = banded_cache ();
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  MusterMapLayers scrolled;

  /* a pan after three bands */
  for (guint frame = 0; frame < 3; frame++)
    paint_with (fx, banded, fx->surface);
  g_assert_true (muster_map_cache_is_pending (banded));
  paint_with (fx, fx->cache, whole);
  muster_viewport_pan (fx->viewport, 7, -3);
  paint_with (fx, fx->cache, whole);
  {
    cairo_t *cr = cairo_create (fx->surface);

    g_assert_cmpint (muster_map_cache_paint (banded, cr, fx->viewport, &fx->scene, &fx->style, 1,
                                             &scrolled), ==, GROUND | UNITS);
    cairo_destroy (cr);
    cairo_surface_flush (fx->surface);
  }
  g_assert_cmpint (scrolled, ==, 0);
  g_assert_false (muster_map_cache_is_pending (banded));
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
  /* and the next pan scrolls */
  muster_viewport_pan (fx->viewport, -4, 2);
  paint_with (fx, fx->cache, whole);
  {
    cairo_t *cr = cairo_create (fx->surface);

    g_assert_cmpint (muster_map_cache_paint (banded, cr, fx->viewport, &fx->scene, &fx->style, 1,
                                             &scrolled), ==, 0);
    cairo_destroy (cr);
    cairo_surface_flush (fx->surface);
  }
  g_assert_cmpint (scrolled, ==, GROUND | UNITS);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);

  /* a quick zoom after three bands of a zoom at rest */
  muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) * 1.25, 300, 200);
  for (guint frame = 0; frame < 3; frame++)
    paint_with (fx, banded, fx->surface);
  g_assert_true (muster_map_cache_is_pending (banded));
  muster_map_cache_set_quick (banded, TRUE);
  muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) * 1.25, 300, 200);
  g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, 0);
  g_assert_false (muster_map_cache_is_pending (banded));
  g_assert_true (muster_map_cache_is_stale (banded));
  muster_map_cache_set_quick (banded, FALSE);
  g_assert_cmpuint (finish (fx, banded, fx->surface), ==, 16);
  paint_with (fx, fx->cache, whole);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);

  /* the wood moved after three bands of a zoom at rest: the ground whole at once */
  muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) / 1.25, 300, 200);
  for (guint frame = 0; frame < 3; frame++)
    paint_with (fx, banded, fx->surface);
  move (fx, "wood", 30, 0);
  g_assert_true (paint_with (fx, banded, fx->surface) & GROUND);
  finish (fx, banded, fx->surface);
  paint_with (fx, fx->cache, whole);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
  cairo_surface_destroy (whole);
}

/* A new size with a budget: the new surfaces show the old pictures moved to their new place
 * (not a blank map) till the bands come; a second resize while they come starts again from
 * what shows; then the picture painted afresh at the last size. */
static void
test_bands_resize (Fixture       *fx,
                   gconstpointer  data)
{
  g_autoptr(MusterMapCache) banded = banded_cache ();
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  guint32 background = rgba_to_pixel (fx->style.background);

  finish (fx, banded, fx->surface);
  muster_viewport_set_size (fx->viewport, W - 60, H - 40);
  g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, GROUND);
  g_assert_true (muster_map_cache_is_pending (banded));
  g_assert_true (muster_map_cache_is_stale (banded));
  /* the table's middle rows, still to come, show the old picture: not the background */
  g_assert_false (rows_are (fx->surface, background, 180, 220));
  paint_with (fx, banded, fx->surface);
  muster_viewport_set_size (fx->viewport, W - 20, H - 10);
  paint_with (fx, banded, fx->surface);
  g_assert_false (rows_are (fx->surface, background, 180, 220));
  g_assert_cmpuint (finish (fx, banded, fx->surface), <=, 16);
  g_assert_false (muster_map_cache_is_stale (banded));
  cairo_surface_destroy (fx->surface);
  fx->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  paint_with (fx, banded, fx->surface);
  paint_with (fx, fx->cache, whole);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
  cairo_surface_destroy (whole);
}

/* Bands shared by two threads, a band or two a frame: the same picture as one thread paints. */
static void
test_bands_threads (Fixture       *fx,
                    gconstpointer  data)
{
  g_autoptr(MusterMapCache) banded = muster_map_cache_new ();
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);

  muster_map_cache_set_threads (banded, 2);
  muster_map_cache_set_budget (banded, 0.001);
  muster_map_cache_set_threads (fx->cache, 1);
  for (guint view = 0; view < 3; view++)
    {
      if (view > 0)
        muster_viewport_zoom_at (fx->viewport, muster_viewport_get_zoom (fx->viewport) * 1.3,
                                 200 + 100 * view, 150);
      g_assert_cmpuint (finish (fx, banded, fx->surface), >, 1);
      paint_with (fx, fx->cache, whole);
      g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
    }
  cairo_surface_destroy (whole);
}

static MusterFeature *
new_unit (const char *id,
          const char *name,
          const char *side,
          MusterPoint centre)
{
  MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);

  unit->id = g_strdup (id);
  unit->unit = g_strdup (id);
  unit->name = g_strdup (name);
  unit->side = g_strdup (side);
  unit->centre = centre;
  unit->stands = 3;
  unit->base_width = 40;
  unit->base_depth = 20;
  return unit;
}

/* The same features shown another way, with a budget: the dark theme comes in bands, the rows
 * to come showing the old picture; the players' view after the umpire's comes in bands over
 * nothing, as the old picture shows a unit hidden from them; then each is the picture painted
 * at once. An edit while the bands come is painted at once. */
static void
test_bands_restyle (Fixture       *fx,
                    gconstpointer  data)
{
  g_autoptr(MusterMapCache) banded = banded_cache ();
  g_autoptr(MusterFeature) hidden = muster_feature_copy (muster_battlefield_lookup (fx->field,
                                                                                    "unit"));
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_surface_t *old = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  guint32 blue;

  hidden->layer = g_strdup (MUSTER_LAYER_UMPIRE);
  muster_feature_free (muster_battlefield_replace (fx->field, hidden));
  fx->scene.show_umpire = TRUE;
  finish (fx, banded, old);

  muster_map_style_init_dark (&fx->style);
  paint_with (fx, fx->cache, whole);
  g_assert_cmpuint (count_unequal (old, whole), >, W * H / 2);
  for (guint frame = 1; frame <= 16; frame++)
    {
      int both = 50 * (int) (frame / 2), ground = 50 * (int) ((frame + 1) / 2);

      g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, frame % 2 ? GROUND : UNITS);
      g_assert_true (same_rows (fx->surface, whole, 0, both));
      g_assert_true (same_rows (fx->surface, old, ground, H));
      g_assert_cmpint (muster_map_cache_is_pending (banded), ==, frame < 16);
    }
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);

  /* the umpire's view showed the hidden unit; the players' never does, not for a frame */
  blue = side_pixel (fx, "Blue");
  g_assert_true (same_colour (pixel_at_table (fx, stand_centre (fx)), blue));
  fx->scene.show_umpire = FALSE;
  paint_with (fx, fx->cache, whole);
  for (guint frame = 1; frame <= 16; frame++)
    {
      int ground = 50 * (int) ((frame + 1) / 2);

      paint_with (fx, banded, fx->surface);
      g_assert_false (same_colour (pixel_at_table (fx, stand_centre (fx)), blue));
      /* (the background as painted: the margin round the table) */
      g_assert_true (rows_are (fx->surface, pixel_at (whole, 0, 0), ground, H));
    }
  g_assert_false (muster_map_cache_is_pending (banded));
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);

  /* back to the umpire's view, and the wood moved before its bands are done */
  fx->scene.show_umpire = TRUE;
  paint_with (fx, banded, fx->surface);
  g_assert_true (muster_map_cache_is_pending (banded));
  move (fx, "wood", 30, 0);
  g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, GROUND | UNITS);
  g_assert_false (muster_map_cache_is_pending (banded));
  paint_with (fx, fx->cache, whole);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);

  /* a unit of a new side: an edit, though it recolours the zones on the ground as well */
  finish (fx, banded, fx->surface);
  muster_battlefield_insert (fx->field, -1, new_unit ("green", "Green Horse", "Green", P (500, 520)));
  g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, GROUND | UNITS);
  g_assert_false (muster_map_cache_is_pending (banded));
  paint_with (fx, fx->cache, whole);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);

  fx->scene.show_umpire = FALSE;
  cairo_surface_destroy (whole);
  cairo_surface_destroy (old);
}

/* A change the keys do not see, made while the map was not shown: the next picture comes in
 * bands over nothing, as the first did. */
static void
test_bands_forgotten (Fixture       *fx,
                      gconstpointer  data)
{
  g_autoptr(MusterMapCache) banded = banded_cache ();
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);

  finish (fx, banded, fx->surface);
  paint_with (fx, fx->cache, whole);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
  muster_map_cache_invalidate (banded);
  g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, GROUND | UNITS);
  g_assert_false (muster_map_cache_is_pending (banded));

  muster_map_cache_forget (banded);
  g_assert_cmpint (paint_with (fx, banded, fx->surface), ==, GROUND);
  g_assert_true (muster_map_cache_is_pending (banded));
  g_assert_true (rows_are (fx->surface, pixel_at (whole, 0, 0), 50, H));
  g_assert_cmpuint (finish (fx, banded, fx->surface), ==, 15);
  g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
  cairo_surface_destroy (whole);
}

/* Edits to units and objectives (moved, turned, added, removed, renamed, dragged) paint only
 * round what changed, and the labels that moved, on this thread; a pan between them scrolls;
 * every picture is the one painted afresh, pixel for pixel. Moving a named wood, whose name
 * the units' labels keep clear of, is checked the same way. */
static void
test_edits_paint_changes (Fixture       *fx,
                          gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1863);
  g_autoptr(GHashTable) live = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  guint partial = 0, n_units = 24;

  for (guint i = 0; i < n_units; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      g_autofree char *name = g_strdup_printf ("Regiment %u", i);

      muster_battlefield_insert (fx->field, -1,
                                 new_unit (id, name, i % 2 ? "Blue" : "Red",
                                           P (80 + 110 * (i % 8), 120 + 150 * (i / 8))));
    }
  fx->scene.live = live;
  muster_map_cache_set_threads (fx->cache, 2);
  paint_cached (fx, NULL);

  for (guint step = 0; step < 60; step++)
    {
      g_autoptr(MusterMapCache) fresh = muster_map_cache_new ();
      g_autofree char *id = g_strdup_printf ("u%u", g_rand_int_range (rand, 0, n_units));
      const MusterFeature *f = muster_battlefield_lookup (fx->field, id);
      g_autoptr(MusterFeature) changed = NULL;
      int what = g_rand_int_range (rand, 0, 8);
      gboolean dragged = g_hash_table_contains (live, id);
      MusterMapLayers repainted, scrolled;

      if (what == 7)
        {
          /* a pan, then the next edit */
          muster_viewport_pan (fx->viewport, g_rand_int_range (rand, -9, 10), g_rand_int_range (rand, -9, 10));
          g_assert_cmpint (paint_cached (fx, &scrolled), ==, 0);
          g_assert_cmpint (scrolled, ==, GROUND | UNITS);
          continue;
        }
      if (f == NULL)
        {
          /* removed earlier: back it comes */
          muster_battlefield_insert (fx->field, -1, new_unit (id, "Returned", "Blue",
                                                              P (g_rand_double_range (rand, 50, 950),
                                                                 g_rand_double_range (rand, 50, 550))));
        }
      else if (what == 0 || what == 1)
        move (fx, id, g_rand_double_range (rand, -80, 80), g_rand_double_range (rand, -60, 60));
      else if (what == 2)
        {
          changed = muster_feature_copy (f);
          muster_feature_rotate (changed, changed->centre, g_rand_double_range (rand, -1.5, 1.5));
          muster_feature_free (muster_battlefield_replace (fx->field, changed));
        }
      else if (what == 3)
        muster_feature_free (muster_battlefield_remove (fx->field, id, NULL));
      else if (what == 4)
        {
          /* picked up, or put down */
          if (!g_hash_table_remove (live, id))
            g_hash_table_add (live, g_strdup (id));
        }
      else if (what == 5)
        {
          changed = muster_feature_copy (muster_battlefield_lookup (fx->field, "objective"));
          g_free (changed->name);
          changed->name = g_strdup_printf ("Hill %u", step);
          muster_feature_translate (&*changed, (MusterVector) { g_rand_double_range (rand, -50, 50), 20 });
          muster_feature_free (muster_battlefield_replace (fx->field, changed));
        }
      else
        move (fx, "wood", g_rand_double_range (rand, -40, 40), 0);

      repainted = paint_cached (fx, NULL);
      /* a unit being dragged is painted over the kept layers, not in them */
      if (dragged && f != NULL && what < 3)
        g_assert_cmpint (repainted, ==, 0);
      else if (what != 5 && what != 6)
        {
          /* round the change only (both threads would paint the layer whole); the ground
           * stays (an objective's marker, which terrain names keep off, would count there) */
          g_assert_cmpint (repainted, ==, UNITS);
          if (muster_map_cache_get_threads_used (fx->cache) == 1)
            partial++;
        }
      paint_with (fx, fresh, whole);
      g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
    }
  /* most edits were painted in part (a big one may still be painted whole) */
  g_assert_cmpuint (partial, >, 20);

  /* a new side (the units' colours change: their layer whole) as the wood moves (the ground
   * whole, on the other thread meanwhile) */
  {
    g_autoptr(MusterMapCache) fresh = muster_map_cache_new ();

    muster_battlefield_insert (fx->field, -1, new_unit ("green", "Green Horse", "Green", P (500, 520)));
    move (fx, "wood", 25, 0);
    g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
    g_assert_cmpuint (muster_map_cache_get_threads_used (fx->cache), ==, 2);
    paint_with (fx, fresh, whole);
    g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
  }
  fx->scene.live = NULL;
  cairo_surface_destroy (whole);
}

static MusterFeature *
new_piece (const char    *id,
           const char    *type,
           const char    *name,
           MusterOutline  outline)
{
  MusterFeature *piece = muster_feature_new (MUSTER_FEATURE_TERRAIN);

  piece->id = g_strdup (id);
  piece->type = g_strdup (type);
  piece->name = g_strdup (name);
  piece->outline = outline;
  return piece;
}

/* A table of every kind of ground: woods (crowns past their outline when zoomed in), hills
 * (contours), a river and a road (bands with square or butt ends), a wall, a village, a
 * piece over the table's edge, two zones, named pieces close enough for their names to push
 * each other about, and a second objective whose marker the names keep off. */
static void
add_ground (Fixture *fx)
{
  MusterFeature *f;

  f = new_piece ("hill", "hill", "Bryn Coch", MUSTER_OUTLINE_ELLIPSE);
  f->centre = P (420, 180);
  f->width = 220;
  f->height = 130;
  f->rotation = 0.4;
  muster_battlefield_insert (fx->field, -1, f);
  f = new_piece ("steep", "steep-hill", "Crag", MUSTER_OUTLINE_RECTANGLE);
  f->centre = P (470, 230);
  f->width = 120;
  f->height = 90;
  f->rotation = -0.3;
  muster_battlefield_insert (fx->field, -1, f);
  f = new_piece ("river", "river", "Afon Ddu", MUSTER_OUTLINE_POLYLINE);
  muster_feature_set_points (f, (MusterPoint[]) { P (100, 0), P (260, 200), P (380, 420),
                                                  P (560, 600) }, 4);
  f->line_width = 40;
  muster_battlefield_insert (fx->field, -1, f);
  f = new_piece ("road", "road", "Old Road", MUSTER_OUTLINE_POLYLINE);
  muster_feature_set_points (f, (MusterPoint[]) { P (0, 320), P (500, 330), P (1000, 280) }, 3);
  f->line_width = 20;
  muster_battlefield_insert (fx->field, -1, f);
  f = new_piece ("wall", "linear", NULL, MUSTER_OUTLINE_POLYLINE);
  muster_feature_set_points (f, (MusterPoint[]) { P (620, 120), P (700, 140), P (760, 90) }, 3);
  f->line_width = 8;
  muster_battlefield_insert (fx->field, -1, f);
  f = new_piece ("village", "building", "Dinas", MUSTER_OUTLINE_POLYGON);
  muster_feature_set_points (f, (MusterPoint[]) { P (640, 380), P (760, 360), P (780, 460),
                                                  P (650, 470) }, 4);
  muster_battlefield_insert (fx->field, -1, f);
  f = new_piece ("edge", "rough", "Scree", MUSTER_OUTLINE_RECTANGLE);
  f->centre = P (980, 420);
  f->width = 140;
  f->height = 100;
  muster_battlefield_insert (fx->field, -1, f);
  f = muster_feature_new (MUSTER_FEATURE_ZONE);
  f->id = g_strdup ("blue-zone");
  f->side = g_strdup ("Blue");
  muster_feature_set_points (f, (MusterPoint[]) { P (0, 0), P (1000, 0), P (1000, 90),
                                                  P (0, 130) }, 4);
  muster_battlefield_insert (fx->field, -1, f);
  f = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
  f->id = g_strdup ("ford");
  f->number = 2;
  f->name = g_strdup ("The ford");
  f->centre = P (330, 330);
  muster_battlefield_insert (fx->field, -1, f);
}

static const char * const ground_ids[] = {
  "wood", "zone", "hill", "steep", "river", "road", "wall", "village", "edge", "blue-zone",
};

/* Edits to terrain and zones (moved, turned, reshaped, renamed, raised or lowered, removed,
 * put back, dragged) and to the objectives the names keep off paint the ground only round what
 * changed and the names that moved, on this thread; a pan between them scrolls; fitted and
 * zoomed in, every picture is the one painted afresh, pixel for pixel. */
static void
test_ground_edits_paint_changes (Fixture       *fx,
                                 gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1066);
  g_autoptr(GHashTable) live = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) removed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         (GDestroyNotify) muster_feature_free);
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  guint partial = 0;

  add_ground (fx);
  fx->scene.live = live;
  muster_map_cache_set_threads (fx->cache, 2);
  for (guint step = 0; step < 120; step++)
    {
      g_autoptr(MusterMapCache) fresh = muster_map_cache_new ();
      const char *id = ground_ids[g_rand_int_range (rand, 0, G_N_ELEMENTS (ground_ids))];
      const MusterFeature *f = muster_battlefield_lookup (fx->field, id);
      g_autoptr(MusterFeature) changed = f ? muster_feature_copy (f) : NULL;
      int what = g_rand_int_range (rand, 0, 10);
      gboolean dragged = g_hash_table_contains (live, id);
      MusterMapLayers repainted, scrolled;

      if (step == 0 || step == 60)
        {
          /* fitted, then zoomed in: outlines, and the woods' crowns past their edges */
          if (step == 60)
            muster_viewport_zoom_at (fx->viewport, 3.2 / muster_viewport_get_zoom (fx->viewport) *
                                     muster_viewport_get_zoom (fx->viewport), W / 2.0, H / 2.0);
          g_assert_cmpint (paint_cached (fx, NULL), ==, GROUND | UNITS);
          g_assert_cmpuint (muster_map_cache_get_threads_used (fx->cache), ==, 2);
          continue;
        }
      if (what == 9)
        {
          /* a pan, then the next edit */
          muster_viewport_pan (fx->viewport, g_rand_int_range (rand, -9, 10),
                               g_rand_int_range (rand, -9, 10));
          g_assert_cmpint (paint_cached (fx, &scrolled), ==, 0);
          g_assert_cmpint (scrolled, ==, GROUND | UNITS);
          continue;
        }
      if (f == NULL)
        {
          /* removed earlier: back it comes, somewhere in the z-order */
          g_autofree char *key = NULL;
          MusterFeature *back = NULL;

          g_hash_table_steal_extended (removed, id, (gpointer *) &key, (gpointer *) &back);
          muster_battlefield_insert (fx->field,
                                     g_rand_int_range (rand, 0, muster_battlefield_get_n_features (fx->field) + 1),
                                     back);
        }
      else if (what <= 2)
        move (fx, id, g_rand_double_range (rand, -60, 60), g_rand_double_range (rand, -50, 50));
      else if (what == 3)
        {
          muster_feature_rotate (changed, changed->centre.x != 0 ? changed->centre
                                 : muster_box_centre (muster_feature_get_bounds (changed)),
                                 g_rand_double_range (rand, -0.8, 0.8));
          muster_feature_free (muster_battlefield_replace (fx->field, changed));
        }
      else if (what == 4 && changed->points != NULL && changed->points->len > 0)
        {
          /* a vertex dragged */
          MusterPoint *vertex = &g_array_index (changed->points, MusterPoint,
                                                g_rand_int_range (rand, 0, changed->points->len));

          vertex->x += g_rand_double_range (rand, -50, 50);
          vertex->y += g_rand_double_range (rand, -50, 50);
          muster_feature_free (muster_battlefield_replace (fx->field, changed));
        }
      else if (what == 4 || what == 5)
        {
          /* renamed: its name, and those it pushed, take other places */
          g_free (changed->name);
          changed->name = g_strdup_printf ("%s %u", step % 2 ? "Coed" : "Long named ground", step);
          muster_feature_free (muster_battlefield_replace (fx->field, changed));
        }
      else if (what == 6)
        {
          /* raised to the top, or lowered to the bottom */
          int at;
          MusterFeature *taken = muster_battlefield_remove (fx->field, id, &at);

          muster_battlefield_insert (fx->field, at == 0 ? -1 : 0, taken);
        }
      else if (what == 7)
        {
          MusterFeature *taken = muster_battlefield_remove (fx->field, id, NULL);

          g_hash_table_replace (removed, g_strdup (id), taken);
        }
      else if (step % 2)
        {
          /* picked up, or put down */
          if (!g_hash_table_remove (live, id))
            g_hash_table_add (live, g_strdup (id));
        }
      else
        move (fx, "ford", g_rand_double_range (rand, -60, 60), g_rand_double_range (rand, -40, 40));

      repainted = paint_cached (fx, NULL);
      if (dragged && f != NULL && what <= 4)
        {
          /* a piece being dragged is painted over the kept layers, not in them */
          g_assert_cmpint (repainted & GROUND, ==, 0);
        }
      else if ((repainted & GROUND) && muster_map_cache_get_threads_used (fx->cache) == 1)
        partial++;
      paint_with (fx, fresh, whole);
      g_assert_cmpuint (count_unequal (fx->surface, whole), ==, 0);
    }
  /* most edits were painted in part (a big one may still be painted whole) */
  g_assert_cmpuint (partial, >, 50);
  fx->scene.live = NULL;
  cairo_surface_destroy (whole);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) \
  g_test_add ("/map-cache/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("same-picture", test_same_picture);
  ADD ("edits-invalidate", test_edits_invalidate);
  ADD ("visibility-and-theme-invalidate", test_visibility_and_theme_invalidate);
  ADD ("new-battlefield", test_new_battlefield);
  ADD ("live-drag", test_live_drag);
  ADD ("pan-scrolls", test_pan_scrolls);
  ADD ("quick-zoom", test_quick_zoom);
  ADD ("shared-labels", test_shared_labels);
  ADD ("hidpi", test_hidpi);
  ADD ("selection-repaints-nothing", test_selection_repaints_nothing);
  ADD ("threads-same-picture", test_threads_same_picture);
  ADD ("bands-first-picture", test_bands_first_picture);
  ADD ("bands-zoom-rest", test_bands_zoom_rest);
  ADD ("bands-interrupted", test_bands_interrupted);
  ADD ("bands-resize", test_bands_resize);
  ADD ("bands-threads", test_bands_threads);
  ADD ("bands-restyle", test_bands_restyle);
  ADD ("bands-forgotten", test_bands_forgotten);
  ADD ("edits-paint-changes", test_edits_paint_changes);
  ADD ("ground-edits-paint-changes", test_ground_edits_paint_changes);
#undef ADD
  return g_test_run ();
}
