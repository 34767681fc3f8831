/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>

#include "muster-army.h"
#include "muster-map-cache.h"
#include "muster-map-painter.h"
#include "muster-unit.h"
#include "muster-pixel-util.h"
#include "../engine/muster-test-util.h"

/*
 * The markers on a unit in play (suppression, pinned, morale…) on the map: a dark badge with
 * their words above the unit's top right corner, a pip a marker when the unit is too small on
 * screen for words, and no unit's name placed over a badge. The words are in the user's
 * language.
 */

#define W 600
#define H 400
#define P(x, y) ((MusterPoint) { (x), (y) })

static MusterMapStyle style;

typedef struct
{
  MusterRuleset     *ruleset;
  MusterDoc         *doc;
  MusterBattlefield *field;
  MusterViewport    *viewport;
  MusterUnit        *units[2];
  MusterFeature     *placements[2];
} Fixture;

/* Two units of a Battle Valor Fantasy list on a @width × @height mm table, fitted to the
 * image: "Iron Guard" in the middle, 160 × 40 mm, and "Bowmen" just above it (@gap mm between
 * them), or towards the far bottom corner when @gap is 0. */
static void
fixture_init (Fixture *fx,
              double   width,
              double   height,
              double   gap)
{
  MusterNode *root;

  fx->ruleset = muster_test_load_shipped_ruleset ("battle-valor-fantasy");
  fx->doc = muster_doc_new (muster_ruleset_get_id (fx->ruleset),
                            muster_ruleset_get_version (fx->ruleset));
  fx->field = muster_battlefield_new (width, height, "inch");
  fx->viewport = muster_viewport_new ();
  muster_doc_set_ruleset (fx->doc, fx->ruleset);
  muster_doc_insert_force (fx->doc, 0, muster_force_new ("Army", 0));
  root = muster_force_get_root (muster_doc_get_force (fx->doc, 0));
  for (guint i = 0; i < 2; i++)
    {
      MusterUnit *unit = muster_unit_new ("infantry", 4);
      MusterFeature *placement = muster_feature_new (MUSTER_FEATURE_UNIT);

      g_free (muster_unit_set_name (unit, i == 0 ? "Iron Guard" : "Bowmen"));
      muster_node_insert_unit (root, i, unit);
      placement->id = g_strdup_printf ("p%u", i);
      placement->unit = g_strdup (muster_unit_get_id (unit));
      placement->centre = i == 0 ? P (width / 2, height / 2)
                                 : gap > 0 ? P (width / 2, height / 2 - 40 - gap)
                                 : P (width - 200, height - 100);
      placement->stands = 4;
      placement->base_width = placement->base_depth = 40;
      placement->rotation = -G_PI / 2;   /* facing up the table: the four stands side by side */
      muster_battlefield_insert (fx->field, -1, placement);
      fx->units[i] = unit;
      fx->placements[i] = placement;
    }
  muster_viewport_set_size (fx->viewport, W, H);
  muster_viewport_fit_box (fx->viewport, muster_battlefield_get_table_box (fx->field), 50);
}

static void
fixture_clear (Fixture *fx)
{
  g_object_unref (fx->viewport);
  muster_battlefield_free (fx->field);
  muster_doc_free (fx->doc);
  muster_ruleset_unref (fx->ruleset);
}

static void
set_markers (MusterUnit *unit,
             const char *markers)
{
  g_free (muster_unit_set_markers (unit, markers));
}

/* The unit's box on screen, px. */
static MusterBox
unit_box (Fixture *fx,
          guint    i)
{
  g_autoptr(MusterFootprint) fp = muster_feature_get_footprint (fx->placements[i]);
  MusterBox bounds = muster_footprint_get_bounds (fp);
  MusterBox box;

  muster_viewport_table_to_widget (fx->viewport, bounds.x0, bounds.y0, &box.x0, &box.y0);
  muster_viewport_table_to_widget (fx->viewport, bounds.x1, bounds.y1, &box.x1, &box.y1);
  return box;
}

static cairo_surface_t *
paint (Fixture  *fx,
       gboolean  no_labels)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  MusterMapScene scene = { .battlefield = fx->field, .doc = fx->doc,
                           .rubber_band = muster_box_empty (), .no_labels = no_labels };

  muster_map_paint (cr, fx->viewport, &scene, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Whether the pixel is the badge's dark plate (its text is white, a name's is dark on pale). */
static gboolean
is_plate (cairo_surface_t *surface,
          int              x,
          int              y)
{
  guint32 px = pixel_at (surface, x, y);

  return (px >> 24) == 0xff && ((px >> 16) & 0xff) < 70 && ((px >> 8) & 0xff) < 70 &&
         (px & 0xff) < 70;
}

/* The box of the dark plate's pixels above the unit @body, px; empty if there are none. Painted
 * without names: their dark glyphs would pass for the plate. */
static MusterBox
find_plate (cairo_surface_t *surface,
            MusterBox        body)
{
  MusterBox found = muster_box_empty ();

  for (int y = MAX (0, (int) body.y0 - 40); y < (int) body.y0; y++)
    for (int x = MAX (0, (int) body.x0 - 200); x < MIN (W, (int) body.x1 + 20); x++)
      if (is_plate (surface, x, y))
        muster_box_extend (&found, P (x, y));
  return found;
}

/* Words on a plate just above the unit's top right corner; none without markers, none on
 * another unit. */
static void
test_badge (void)
{
  Fixture fx;
  cairo_surface_t *surface;
  MusterBox body, plate;
  int white = 0;

  fixture_init (&fx, 1000, 600, 0);
  body = unit_box (&fx, 0);
  surface = paint (&fx, TRUE);
  g_assert_true (muster_box_is_empty (find_plate (surface, body)));
  cairo_surface_destroy (surface);

  set_markers (fx.units[0], "suppression=2 pinned");
  surface = paint (&fx, TRUE);
  plate = find_plate (surface, body);
  g_assert_false (muster_box_is_empty (plate));
  /* by the corner: its right edge on the unit's, its bottom just above it */
  g_assert_cmpfloat (fabs (plate.x1 - body.x1), <=, 2);
  g_assert_cmpfloat (body.y0 - plate.y1, >=, 1);
  g_assert_cmpfloat (body.y0 - plate.y1, <=, 4);
  /* wider than a pip row: words, in white */
  g_assert_cmpfloat (plate.x1 - plate.x0, >, 60);
  for (int y = plate.y0 + 2; y <= plate.y1 - 2; y++)
    for (int x = plate.x0 + 2; x <= plate.x1 - 2; x++)
      {
        guint32 px = pixel_at (surface, x, y);

        /* the glyphs' light pixels, inside the white edge */
        white += ((px >> 16) & 0xff) > 160 && ((px >> 8) & 0xff) > 160 && (px & 0xff) > 160;
      }
  g_assert_cmpint (white, >, 20);
  /* the other unit has none */
  g_assert_true (muster_box_is_empty (find_plate (surface, unit_box (&fx, 1))));
  cairo_surface_destroy (surface);
  fixture_clear (&fx);
}

/* Zoomed out, a unit too small on screen for a name has a pip a marker, by the same corner. */
static void
test_pips (void)
{
  Fixture fx;
  cairo_surface_t *surface;
  MusterBox body, plate;
  guint pips = 0;

  fixture_init (&fx, 6000, 3600, 0);
  body = unit_box (&fx, 0);
  g_assert_cmpfloat (body.x1 - body.x0, <, 28);
  set_markers (fx.units[0], "suppression=2 pinned morale=shaken");
  surface = paint (&fx, TRUE);
  plate = find_plate (surface, body);
  g_assert_false (muster_box_is_empty (plate));
  g_assert_cmpfloat (fabs (plate.x1 - body.x1), <=, 3);
  /* count the pips along their middle row */
  for (int x = plate.x0; x <= plate.x1; x++)
    pips += is_plate (surface, x, (plate.y0 + plate.y1) / 2) &&
            !is_plate (surface, x - 1, (plate.y0 + plate.y1) / 2);
  g_assert_cmpuint (pips, ==, 3);
  cairo_surface_destroy (surface);
  fixture_clear (&fx);
}

/* A unit just above a marked one would put its name below itself, where the badge is: the
 * name goes elsewhere, and neither name covers the badge. */
static void
test_names_clear_of_badge (void)
{
  Fixture fx;
  cairo_surface_t *surface;
  g_autoptr(GHashTable) placed = NULL;
  MusterBox plate;
  GHashTableIter iter;
  gpointer value;
  guint names = 0;
  cairo_t *cr;
  MusterMapScene scene;

  fixture_init (&fx, 1000, 600, 40);
  set_markers (fx.units[0], "suppression=2 pinned");
  /* the badge alone, without names over it */
  surface = paint (&fx, TRUE);
  plate = find_plate (surface, unit_box (&fx, 0));
  g_assert_false (muster_box_is_empty (plate));
  /* it lies in the gap, where the upper unit's name would go */
  g_assert_cmpfloat (plate.y0, >, unit_box (&fx, 1).y1);

  cr = cairo_create (surface);
  scene = (MusterMapScene) { .battlefield = fx.field, .doc = fx.doc,
                             .rubber_band = muster_box_empty () };
  placed = muster_map_place_scene_labels (cr, fx.viewport, &scene, &style);
  g_hash_table_iter_init (&iter, placed);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const MusterMapPlacedLabel *label = value;

      names++;
      if (muster_box_intersects (label->box, plate))
        g_error ("%s's name covers the badge", label->text);
    }
  g_assert_cmpuint (names, ==, 2);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  fixture_clear (&fx);
}

/* A marked unit moved: the map's cache paints again only round what changed, and that takes
 * in the badge where it was (wider than the unit, and above it): none is left behind. */
static void
test_badge_moves_with_cache (void)
{
  Fixture fx;
  g_autoptr(MusterMapCache) cache = muster_map_cache_new ();
  g_autoptr(MusterFeature) moved = NULL;
  MusterMapScene scene;
  cairo_surface_t *cached = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_surface_t *direct;
  MusterBox before;
  cairo_t *cr;

  fixture_init (&fx, 1000, 600, 0);
  set_markers (fx.units[0], "suppression=2 pinned morale=shaken");
  direct = paint (&fx, TRUE);
  before = find_plate (direct, unit_box (&fx, 0));
  g_assert_false (muster_box_is_empty (before));
  cairo_surface_destroy (direct);

  scene = (MusterMapScene) { .battlefield = fx.field, .doc = fx.doc,
                             .rubber_band = muster_box_empty (), .no_labels = TRUE };
  for (guint frame = 0; frame < 2; frame++)
    {
      if (frame == 1)
        {
          /* down the table, by more than the badge is high */
          moved = muster_feature_copy (fx.placements[0]);
          muster_feature_translate (moved, (MusterVector) { 0, 150 });
          muster_feature_free (muster_battlefield_replace (fx.field, moved));
          fx.placements[0] = (MusterFeature *) muster_battlefield_lookup (fx.field, "p0");
        }
      cr = cairo_create (cached);
      muster_map_cache_paint (cache, cr, fx.viewport, &scene, &style, 1, NULL);
      cairo_destroy (cr);
      cairo_surface_flush (cached);
    }
  /* where the badge was, the table again */
  for (int y = before.y0; y <= before.y1; y++)
    for (int x = before.x0; x <= before.x1; x++)
      if (is_plate (cached, x, y))
        g_error ("the badge is left behind at (%d, %d)", x, y);
  g_assert_false (muster_box_is_empty (find_plate (cached, unit_box (&fx, 0))));
  cairo_surface_destroy (cached);
  fixture_clear (&fx);
}

/* The badge's width on the map with the words in @language */
static double
plate_width_in (Fixture    *fx,
                const char *language)
{
  cairo_surface_t *surface;
  MusterBox plate;

  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
  surface = paint (fx, TRUE);
  g_setenv ("LANGUAGE", "en", TRUE);
  setlocale (LC_ALL, "");
  plate = find_plate (surface, unit_box (fx, 0));
  cairo_surface_destroy (surface);
  g_assert_false (muster_box_is_empty (plate));
  return plate.x1 - plate.x0;
}

/* In German the badge says "Niederhalten 2 · festgenagelt", which is wider than "suppression
 * 2 · pinned": the words painted are the user's language's (they were the file's ids). */
static void
test_badge_german (void)
{
  Fixture fx;
  double english, german;

  fixture_init (&fx, 1000, 600, 0);
  set_markers (fx.units[0], "suppression=2 pinned");
  english = plate_width_in (&fx, "en");
  german = plate_width_in (&fx, "de");
  g_test_message ("the badge is %g px wide in English, %g px in German", english, german);
  g_assert_cmpfloat (german, >, english + 20);
  fixture_clear (&fx);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* C.UTF-8 with LANGUAGE is enough for glibc to read the build's catalogue */
  g_setenv ("LANGUAGE", "en", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MUSTER_LOCALE_DIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  muster_map_style_init_light (&style);
  g_test_add_func ("/map-badges/badge", test_badge);
  g_test_add_func ("/map-badges/pips", test_pips);
  g_test_add_func ("/map-badges/names-clear-of-badge", test_names_clear_of_badge);
  g_test_add_func ("/map-badges/moves-with-cache", test_badge_moves_with_cache);
  g_test_add_func ("/map-badges/german", test_badge_german);
  return g_test_run ();
}
