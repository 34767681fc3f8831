/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <locale.h>
#include <math.h>

#include "muster-engine.h"
#include "muster-map-cache.h"
#include "muster-map-painter.h"
#include "muster-odds-figure.h"
#include "muster-odds-tint.h"
#include "muster-pixel-util.h"

/*
 * Enemy units tinted by the odds of the acting unit's procedure (issue 22). A Battle Valor
 * Fantasy table: two crossbowmen (u0, a unit of size 1) facing down the table; the enemy's u1
 * at 4.3″ (short range: 89 % to cause a casualty), u2 in heavy armour at 16.2″ (long range:
 * 58 %) and u3 at 30″ (beyond the crossbows' 24″); their own u4 beside them. The chances are the engine's for each pair; painted, the surer target has the
 * stronger colour, in the light and the dark style, and nothing is tinted with the tint off.
 */

#define W 600
#define H 400

static const char document[] =
  "<muster format='1'><ruleset id='battle-valor-fantasy' version='1.0'/><title>Tint</title>"
  "<force id='f0' name='Dwarfs' side='A' points='2000'>"
  "<unit id='u0' type='infantry' size='1' name='Crossbows'>"
  "<option id='regular'/><option id='missile'/><option id='light-armour'/></unit>"
  "<unit id='u4' type='infantry' size='10' name='Guards'>"
  "<option id='veteran'/><option id='double-handed'/><option id='heavy-armour'/></unit>"
  "</force>"
  "<force id='f1' name='Goblins' side='B' points='2000'>"
  "<unit id='u1' type='infantry' size='10' name='Near'><option id='regular'/></unit>"
  "<unit id='u2' type='infantry' size='10' name='Far'><option id='regular'/>"
  "<option id='heavy-armour'/></unit>"
  "<unit id='u3' type='infantry' size='10' name='Beyond'><option id='regular'/></unit>"
  "</force>"
  "<battlefield width='1800' height='1200' units='in'>"
  /* 10 stands of 20 mm in one rank: 200 × 20 mm */
  "<placement id='p0' unit='u0' x='900' y='200' facing='90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p1' unit='u1' x='900' y='330' facing='-90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p2' unit='u2' x='1400' y='500' facing='-90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p3' unit='u3' x='900' y='980' facing='-90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p4' unit='u4' x='500' y='200' facing='90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "</battlefield></muster>";

typedef struct
{
  MusterCatalog      *catalog;
  MusterDoc          *doc;
  MusterRuleset      *ruleset;
  MusterTerrainTypes *types;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (document, sizeof document - 1);
  g_autoptr(GError) error = NULL;

  fixture->catalog = muster_catalog_new_default ();
  fixture->doc = muster_doc_new_from_bytes (bytes, "tint.muster", &error);
  g_assert_no_error (error);
  fixture->ruleset = muster_catalog_resolve (fixture->catalog, "battle-valor-fantasy", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (fixture->doc, fixture->ruleset);
  fixture->types = muster_terrain_types_new_for_ruleset (fixture->ruleset, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->types, muster_terrain_types_free);
  g_clear_pointer (&fixture->doc, muster_doc_free);
  g_clear_pointer (&fixture->ruleset, muster_ruleset_unref);
  g_clear_pointer (&fixture->catalog, muster_catalog_free);
}

/* The key chance the odds panel's engine gives for u0 shooting at @target. */
static double
engine_chance (Fixture    *fixture,
               const char *target)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsFacts) facts = muster_odds_facts_new (fixture->doc, fixture->types, "u0",
                                                            target, &error);
  g_autoptr(MusterOddsFill) fill = NULL;
  g_autoptr(MusterProcedureResult) result = NULL;

  g_assert_no_error (error);
  fill = muster_odds_fill_new (facts, muster_procedure_lookup ("battle-valor-fantasy",
                                                               "missile-fire"), &error);
  g_assert_no_error (error);
  g_assert_null (fill->blocked);
  result = muster_odds_fill_run (fill, facts, 1, 1, &error);
  g_assert_no_error (error);
  return muster_odds_key_chance (result);
}

static void
test_chances (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0",
                                                         "missile-fire", &error);
  double near, far;

  g_assert_no_error (error);
  g_assert_cmpstr (muster_odds_tint_get_acting (tint), ==, "u0");
  g_assert_cmpstr (muster_odds_tint_get_procedure (tint), ==, "missile-fire");
  g_assert_cmpstr (muster_odds_tint_get_title (tint), ==,
                   "Missile fire: chance of Casualties ≥ 1");
  g_assert_true (muster_odds_tint_lookup (tint, "u1", &near));
  g_assert_true (muster_odds_tint_lookup (tint, "u2", &far));
  /* each the engine's own figure for the pair (short range, long range) */
  g_assert_cmpfloat_with_epsilon (near, engine_chance (fixture, "u1"), 1e-12);
  g_assert_cmpfloat_with_epsilon (far, engine_chance (fixture, "u2"), 1e-12);
  g_assert_cmpfloat (near, >, far);
  g_assert_cmpfloat (far, >, 0);
  /* out of reach, or not an enemy: no tint */
  g_assert_false (muster_odds_tint_lookup (tint, "u3", NULL));
  g_assert_false (muster_odds_tint_lookup (tint, "u4", NULL));
  g_assert_false (muster_odds_tint_lookup (tint, "u0", NULL));
  g_assert_cmpuint (muster_odds_tint_get_n_units (tint), ==, 2);
}

static void
test_errors (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MusterOddsTint *tint;

  tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0", "no-such-thing", &error);
  g_assert_null (tint);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  /* only simulated: too slow for every enemy on every frame */
  tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0", "engagement", &error);
  g_assert_null (tint);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  tint = muster_odds_tint_new (fixture->doc, fixture->types, "u99", "missile-fire", &error);
  g_assert_null (tint);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

static double
distance (guint32 a,
          guint32 b)
{
  double sum = 0;

  for (int shift = 0; shift < 24; shift += 8)
    {
      double d = (double) ((a >> shift) & 0xff) - (double) ((b >> shift) & 0xff);

      sum += d * d;
    }
  return sqrt (sum);
}

/* The ramp grows away from the table colour, in both styles. */
static void
test_ramp (void)
{
  for (int dark = 0; dark < 2; dark++)
    {
      MusterMapStyle style;
      double last = -1;

      (dark ? muster_map_style_init_dark : muster_map_style_init_light) (&style);
      for (int k = 0; k <= 10; k++)
        {
          double rgba[4];
          double d;

          muster_map_tint_colour (&style, k / 10.0, rgba);
          d = distance (rgba_to_pixel (rgba), rgba_to_pixel (style.table));
          g_assert_cmpfloat (d, >, last);
          last = d;
        }
    }
}

/* How a test paints the table (paint_with()). */
typedef struct
{
  MusterDoc       *doc;         /* nullable: the fixture's */
  GHashTable      *selection;   /* nullable; with it, the ranges are shown */
  const MusterBox *view;        /* nullable: the whole table */
  gboolean         recorded;    /* through a recording surface, as on a PDF page */
  gboolean         cached;      /* through a map cache, as the app paints: its second frame */
} PaintOptions;

/* The table with @tint, painted on an image, at 1/3 px per mm (1800 × 1200 mm in 600 × 400
 * px, no margin) unless @options gives a view: through the painter's raster, or recorded with
 * cairo's own paths and replayed on it. */
static cairo_surface_t *
paint_with (Fixture              *fixture,
            const MusterOddsTint *tint,
            const MusterMapStyle *style,
            const PaintOptions   *options)
{
  MusterDoc *doc = options->doc != NULL ? options->doc : fixture->doc;
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_surface_t *recording = options->recorded
                               ? cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL)
                               : NULL;
  cairo_t *cr = cairo_create (options->recorded ? recording : surface);
  MusterMapScene scene = { 0 };

  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, options->view != NULL
                                     ? *options->view : muster_battlefield_get_table_box (field),
                           0);
  scene.battlefield = field;
  scene.doc = doc;
  scene.types = fixture->types;
  scene.selection = options->selection;
  scene.show_ranges = options->selection != NULL;
  scene.tint = tint;
  if (options->cached)
    {
      g_autoptr(MusterMapCache) cache = muster_map_cache_new ();

      /* the first frame places and paints the layers, the second shows them as kept */
      muster_map_cache_paint (cache, cr, viewport, &scene, style, 1, NULL);
      muster_map_cache_paint (cache, cr, viewport, &scene, style, 1, NULL);
    }
  else
    muster_map_paint (cr, viewport, &scene, style);
  cairo_destroy (cr);
  if (options->recorded)
    {
      cr = cairo_create (surface);
      cairo_set_source_surface (cr, recording, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (recording);
    }
  cairo_surface_flush (surface);
  return surface;
}

static cairo_surface_t *
paint_on (Fixture              *fixture,
          const MusterOddsTint *tint,
          const MusterMapStyle *style,
          gboolean              recorded)
{
  PaintOptions options = { .recorded = recorded };

  return paint_with (fixture, tint, style, &options);
}

static cairo_surface_t *
paint (Fixture              *fixture,
       const MusterOddsTint *tint,
       const MusterMapStyle *style)
{
  return paint_on (fixture, tint, style, FALSE);
}

/* How many pixels of @a and @b differ by more than @levels in some channel. */
static guint
count_different (cairo_surface_t *a,
                 cairo_surface_t *b,
                 int              levels)
{
  guint n = 0;

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        guint32 pa = pixel_at (a, x, y), pb = pixel_at (b, x, y);
        int most = 0;

        for (int shift = 0; shift < 32; shift += 8)
          most = MAX (most, ABS ((int) ((pa >> shift) & 0xff) - (int) ((pb >> shift) & 0xff)));
        n += most > levels;
      }
  return n;
}

/* Just right of a unit (its centre @x, @y in mm; 100 mm wide each way), where its halo goes
 * (its name goes below, the legend in the lower left corner). */
static guint32
halo_pixel (cairo_surface_t *surface,
            double           x,
            double           y)
{
  return pixel_at (surface, (int) round ((x + 100) / 3 + 2), (int) round (y / 3));
}

static void
test_painted (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0",
                                                         "missile-fire", &error);

  g_assert_no_error (error);
  for (int dark = 0; dark < 2; dark++)
    {
      MusterMapStyle style;
      cairo_surface_t *off, *on;
      guint32 table;

      (dark ? muster_map_style_init_dark : muster_map_style_init_light) (&style);
      table = rgba_to_pixel (style.table);
      off = paint (fixture, NULL, &style);
      on = paint (fixture, tint, &style);
      /* tint off: the table round every unit */
      g_assert_true (same_colour (halo_pixel (off, 900, 330), table));
      g_assert_true (same_colour (halo_pixel (off, 1400, 500), table));
      /* on: the near unit's colour further from the table's than the far one's, and each
       * the ramp's colour for its chance; beyond reach, and the own side's, no tint */
      g_assert_cmpfloat (distance (halo_pixel (on, 900, 330), table), >,
                         distance (halo_pixel (on, 1400, 500), table) + 20);
      g_assert_cmpfloat (distance (halo_pixel (on, 1400, 500), table), >, 20);
      g_assert_true (same_colour (halo_pixel (on, 900, 980), table));
      g_assert_true (same_colour (halo_pixel (on, 500, 200), table));
      for (guint i = 0; i < 2; i++)
        {
          const char *unit = i ? "u2" : "u1";
          double x = i ? 1400 : 900, y = i ? 500 : 330;
          double chance, rgba[4];

          g_assert_true (muster_odds_tint_lookup (tint, unit, &chance));
          muster_map_tint_colour (&style, chance, rgba);
          for (int c = 0; c < 3; c++)
            rgba[c] = rgba[c] * 0.9 + style.table[c] * 0.1;
          g_assert_true (same_colour (halo_pixel (on, x, y), rgba_to_pixel (rgba)));
        }
      cairo_surface_destroy (off);
      cairo_surface_destroy (on);
    }
}

/* The tint is written straight into an image's pixels (muster-raster) for speed; cairo's paths
 * draw it on any other target. The two agree: with u1 turned (slanted edges, mitred halo
 * corners) and u2 a wedge of 21 stands (an outline of too many corners for a hull: its halo
 * stroked), the tinted table drawn both ways differs, beyond a few levels at antialiased
 * edges, in no more pixels than the untinted one does (its stands go the same two ways). */
static void
test_raster_same (Fixture       *fixture,
                  gconstpointer  data)
{
  MusterBattlefield *field = muster_doc_get_battlefield (fixture->doc);
  g_autoptr(MusterFeature) turned = muster_feature_copy (muster_battlefield_lookup_unit (field, "u1"));
  g_autoptr(MusterFeature) wedge = muster_feature_copy (muster_battlefield_lookup_unit (field, "u2"));
  g_autoptr(MusterFeature) old = NULL, old_wedge = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) tint = NULL;
  MusterMapStyle style;
  cairo_surface_t *off, *on, *off_paths, *on_paths;
  guint n_off, n_on;

  turned->rotation = -G_PI / 2 + 0.4;
  old = muster_battlefield_replace (field, turned);
  wedge->formation = MUSTER_FORMATION_WEDGE;
  wedge->stands = 21;
  old_wedge = muster_battlefield_replace (field, wedge);
  tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0", "missile-fire", &error);
  g_assert_no_error (error);
  g_assert_true (muster_odds_tint_lookup (tint, "u1", NULL));
  g_assert_true (muster_odds_tint_lookup (tint, "u2", NULL));
  muster_map_style_init_light (&style);
  off = paint_on (fixture, NULL, &style, FALSE);
  on = paint_on (fixture, tint, &style, FALSE);
  off_paths = paint_on (fixture, NULL, &style, TRUE);
  on_paths = paint_on (fixture, tint, &style, TRUE);
  /* the tint is there: two units' fills and halos, and the legend */
  g_assert_cmpuint (count_different (off, on, 16), >, 3000);
  n_off = count_different (off, off_paths, 16);
  n_on = count_different (on, on_paths, 16);
  g_test_message ("differing pixels: %u untinted, %u tinted", n_off, n_on);
  g_assert_cmpuint (n_on, <=, n_off + 40);
  cairo_surface_destroy (off);
  cairo_surface_destroy (on);
  cairo_surface_destroy (off_paths);
  cairo_surface_destroy (on_paths);
}

/* Moves @unit's placement to (@x, @y). */
static void
move_unit (Fixture    *fixture,
           const char *unit,
           double      x,
           double      y)
{
  MusterBattlefield *field = muster_doc_get_battlefield (fixture->doc);
  g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup_unit (field, unit));
  g_autoptr(MusterFeature) old = NULL;

  moved->centre = (MusterPoint) { x, y };
  old = muster_battlefield_replace (field, moved);
}

/* The table with @tint, the crossbows (p0) selected and the ranges shown: their rings, with
 * @tint's chances on them when it has bands. */
static cairo_surface_t *
paint_rings (Fixture              *fixture,
             const MusterOddsTint *tint)
{
  g_autoptr(GHashTable) selection = g_hash_table_new (g_str_hash, g_str_equal);
  PaintOptions options = { .selection = selection };
  MusterMapStyle style;

  muster_map_style_init_light (&style);
  g_hash_table_add (selection, (gpointer) "p0");
  return paint_with (fixture, tint, &style, &options);
}

/* The rings' chances against u2 (heavy armour) were it in each band of the crossbows' 8″ and
 * 16″ rings: each the engine's for u2 put in that band, straight in front of the crossbows
 * (u1 moved out of the way); painted on the rings with the ranges shown. */
static void
test_bands (Fixture       *fixture,
            gconstpointer  data)
{
  static const double inches[] = { 4, 12, 20 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0",
                                                         "missile-fire", &error);
  MusterMapStyle style;
  double chances[3];

  g_assert_no_error (error);
  g_assert_false (muster_odds_tint_lookup_band (tint, "shooting", 1, NULL));
  g_assert_true (muster_odds_tint_add_bands (tint, fixture->doc, fixture->types, "u2", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (muster_odds_tint_get_target (tint), ==, "u2");
  g_assert_false (muster_odds_tint_lookup_band (tint, "shooting", 0, NULL));
  g_assert_false (muster_odds_tint_lookup_band (tint, "shooting", 4, NULL));
  g_assert_false (muster_odds_tint_lookup_band (tint, "no-such-range", 1, NULL));

  move_unit (fixture, "u1", 100, 1100);
  for (guint k = 0; k < G_N_ELEMENTS (inches); k++)
    {
      /* u0's front edge at 210 mm, u2 20 mm deep */
      move_unit (fixture, "u2", 900, 210 + inches[k] * 25.4 + 10);
      g_assert_true (muster_odds_tint_lookup_band (tint, "shooting", k + 1, &chances[k]));
      g_assert_cmpfloat_with_epsilon (chances[k], engine_chance (fixture, "u2"), 1e-12);
    }
  /* long range costs the crossbows (short range is no better than between the rings against
   * these goblins) */
  g_assert_cmpfloat (chances[0], >=, chances[1]);
  g_assert_cmpfloat (chances[1], >, chances[2]);

  /* painted: with the tint's bands, a label in the middle of the short band below the unit's
   * lower right corner (4″ below 210 mm: 311.6 mm, px 104; 1000 mm: px 333), where the table
   * is bare without */
  muster_map_style_init_light (&style);
  move_unit (fixture, "u2", 1400, 500);
  for (int with = 0; with < 2; with++)
    {
      g_autoptr(MusterOddsTint) plain = muster_odds_tint_new (fixture->doc, fixture->types, "u0",
                                                              "missile-fire", &error);
      cairo_surface_t *surface = paint_rings (fixture, with ? tint : plain);
      gboolean bare = TRUE;

      for (int y = 98; y <= 110; y++)
        for (int x = 310; x <= 360; x++)
          bare = bare && same_colour (pixel_at (surface, x, y), rgba_to_pixel (style.table));
      g_assert_true (bare != with);
      cairo_surface_destroy (surface);
    }
}

/* A band's chance is not written over a unit, where it reads as that unit's tint: with the
 * Guards (u4, a friend) where the short band's label goes (just below the crossbows' lower
 * right corner, see /odds-tint/bands), the label goes elsewhere, and the Guards look as they
 * do without the bands' labels; the labels are painted all the same. */
static void
test_band_label_clear (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) tint = NULL;
  g_autoptr(MusterOddsTint) plain = NULL;
  cairo_surface_t *with, *without;
  guint changed = 0;

  move_unit (fixture, "u1", 100, 1100);
  move_unit (fixture, "u2", 1400, 500);
  /* 200 × 20 mm round (1000, 320): px 300–367 × 103–110 */
  move_unit (fixture, "u4", 1000, 320);
  tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0", "missile-fire", &error);
  g_assert_no_error (error);
  g_assert_true (muster_odds_tint_add_bands (tint, fixture->doc, fixture->types, "u2", &error));
  plain = muster_odds_tint_new (fixture->doc, fixture->types, "u0", "missile-fire", &error);
  g_assert_no_error (error);
  with = paint_rings (fixture, tint);
  without = paint_rings (fixture, plain);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        gboolean differs = pixel_at (with, x, y) != pixel_at (without, x, y);

        /* the Guards and their halo's room */
        if (x >= 294 && x <= 373 && y >= 97 && y <= 116)
          g_assert_false (differs);
        changed += differs;
      }
  g_assert_cmpuint (changed, >, 0);
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}

/* With a target in the view's lower left corner, where the legend goes first, the legend goes
 * to a corner with no unit: the target's tint shows, and the legend is painted all the same
 * (away from every unit). */
static void
test_legend_clear (Fixture       *fixture,
                   gconstpointer  data)
{
  MusterBattlefield *field = muster_doc_get_battlefield (fixture->doc);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) tint = NULL;
  MusterMapStyle style;
  cairo_surface_t *off, *on;
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (MusterBox));
  guint n_legend = 0;
  double chance, rgba[4];

  /* the crossbows mid-table facing down, u1 14″ from them in the lower left corner */
  move_unit (fixture, "u0", 600, 700);
  move_unit (fixture, "u1", 300, 1080);
  tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0", "missile-fire", &error);
  g_assert_no_error (error);
  g_assert_true (muster_odds_tint_lookup (tint, "u1", &chance));
  muster_map_style_init_light (&style);
  off = paint (fixture, NULL, &style);
  on = paint (fixture, tint, &style);
  /* its halo uncovered: the ramp's colour for its chance over the table */
  muster_map_tint_colour (&style, chance, rgba);
  for (int c = 0; c < 3; c++)
    rgba[c] = rgba[c] * 0.9 + style.table[c] * 0.1;
  g_assert_true (same_colour (halo_pixel (on, 300, 1080), rgba_to_pixel (rgba)));
  /* the legend: pixels changed by the tint away from every unit (1/3 px per mm) */
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      MusterBox box = muster_box_inflate (muster_feature_get_bounds (f), 10 * 3);

      if (f->kind == MUSTER_FEATURE_UNIT)
        g_array_append_val (units, box);
    }
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        gboolean near_unit = FALSE;

        for (guint i = 0; i < units->len && !near_unit; i++)
          near_unit = muster_box_contains_point (g_array_index (units, MusterBox, i),
                                                 (MusterPoint) { x * 3.0, y * 3.0 });
        n_legend += !near_unit && !same_colour (pixel_at (off, x, y), pixel_at (on, x, y));
      }
  g_assert_cmpuint (n_legend, >, 1500);
  cairo_surface_destroy (off);
  cairo_surface_destroy (on);
}

/* A unit clear of the legend's first corner whose name is not: the legend goes to another
 * corner instead of over the name ("Black Shields" was covered at Cold Beck). */
static void
test_legend_clear_of_names (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) tint = NULL;
  MusterMapStyle style;
  cairo_surface_t *off, *on;

  /* Near's stands end at px 297 and their halo at 302, above the lower left legend's top
   * (px 310); its name, below them, reaches into it */
  move_unit (fixture, "u0", 600, 700);
  move_unit (fixture, "u3", 1500, 1100);
  move_unit (fixture, "u1", 300, 880);
  tint = muster_odds_tint_new (fixture->doc, fixture->types, "u0", "missile-fire", &error);
  g_assert_no_error (error);
  muster_map_style_init_light (&style);
  /* painted at once, and as the app paints it, through a map cache */
  for (int cached = 0; cached < 2; cached++)
    {
      PaintOptions options = { .cached = cached };

      off = paint_with (fixture, NULL, &style, &options);
      on = paint_with (fixture, tint, &style, &options);
      /* below the halo, across the name's width and down to the view's edge: as untinted */
      for (int y = 304; y < H; y++)
        for (int x = 0; x < 250; x++)
          g_assert_cmpuint (pixel_at (on, x, y), ==, pixel_at (off, x, y));
      /* and the legend is painted all the same */
      g_assert_cmpuint (count_different (off, on, 0), >, 1500);
      cairo_surface_destroy (off);
      cairo_surface_destroy (on);
    }
}

/*
 * The tint keeps what it worked out across frames (the table's facts of each pair while
 * neither unit nor the terrain changes, the chance of each case of inputs): after each move
 * of the acting unit, of a target, and a terrain edit, its chances and the engine's facts for
 * every enemy are those a fresh copy of the document gives with the same moves made, which
 * has kept nothing. Each step changes some chance, so a cache kept past it would show.
 */
static const char crowded[] =
  "<muster format='1'><ruleset id='battle-valor-fantasy' version='1.0'/><title>Moves</title>"
  "<force id='f0' name='Dwarfs' side='A' points='2000'>"
  "<unit id='u0' type='infantry' size='1' name='Crossbows'>"
  "<option id='regular'/><option id='missile'/><option id='light-armour'/></unit>"
  "<unit id='u6' type='infantry' size='10' name='Guards'><option id='regular'/></unit>"
  "</force>"
  "<force id='f1' name='Goblins' side='B' points='2000'>"
  "<unit id='u1' type='infantry' size='10' name='Near'><option id='regular'/></unit>"
  "<unit id='u2' type='infantry' size='10' name='Right'><option id='regular'/></unit>"
  "<unit id='u3' type='infantry' size='10' name='Left'><option id='regular'/>"
  "<option id='heavy-armour'/></unit>"
  "<unit id='u4' type='infantry' size='10' name='Deep'><option id='regular'/></unit>"
  "<unit id='u5' type='infantry' size='10' name='Walled'><option id='regular'/></unit>"
  "</force>"
  "<battlefield width='1800' height='1200' units='in'>"
  "<terrain id='w1' type='woods' shape='ellipse' x='480' y='520' width='200' height='150'/>"
  "<terrain id='l1' type='linear' shape='rectangle' x='700' y='398' width='220' height='8'/>"
  "<placement id='p0' unit='u0' x='900' y='150' facing='90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p1' unit='u1' x='900' y='330' facing='-90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p2' unit='u2' x='1300' y='500' facing='-90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p3' unit='u3' x='420' y='640' facing='-90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p4' unit='u4' x='1100' y='640' facing='180' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p5' unit='u5' x='700' y='420' facing='-90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "<placement id='p6' unit='u6' x='300' y='150' facing='90' formation='line' stands='10' "
  "files='10' base-width='20' base-depth='20'/>"
  "</battlefield></muster>";

static const char * const enemies[] = { "u1", "u2", "u3", "u4", "u5" };

/* The moves, in turn: a unit by its id, a terrain piece by its feature id. */
static const struct
{
  const char *what;
  gboolean    unit;
  double      x, y;
  const char *changes;   /* a unit whose chance the move changes */
} moves[] = {
  { "u0", TRUE, 640, 230, NULL },     /* the acting unit: every line of fire */
  { "u2", TRUE, 1000, 380, "u2" },    /* a target, from long range to short */
  { "w1", FALSE, 1100, 640, "u4" },   /* the wood onto a target: cover */
};

static void
make_move (MusterDoc *doc,
           guint      k)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (doc);
  const MusterFeature *feature = moves[k].unit
                                 ? muster_battlefield_lookup_unit (battlefield, moves[k].what)
                                 : muster_battlefield_lookup (battlefield, moves[k].what);
  g_autoptr(MusterFeature) moved = muster_feature_copy (feature);
  g_autoptr(MusterFeature) old = NULL;

  moved->centre = (MusterPoint) { moves[k].x, moves[k].y };
  old = muster_battlefield_replace (battlefield, moved);
}

/* A copy of the crowded table that has kept nothing, with the first @n_moves moves made. */
static MusterDoc *
fresh_doc (Fixture *fixture,
           guint    n_moves)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (crowded, sizeof crowded - 1);
  g_autoptr(GError) error = NULL;
  MusterDoc *doc = muster_doc_new_from_bytes (bytes, "moves.muster", &error);

  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, fixture->ruleset);
  for (guint k = 0; k < n_moves; k++)
    make_move (doc, k);
  return doc;
}

static const char *
feature_id (const MusterFeature *feature)
{
  return feature != NULL ? feature->id : "(none)";
}

/* The tint's fills, without reasons, have the values of the panel's, with them, for every
 * procedure between the units. */
static void
assert_values_only_same (const MusterOddsFacts *facts)
{
  g_autoptr(GPtrArray) procedures = muster_odds_list_procedures (facts);

  for (guint p = 0; p < procedures->len; p++)
    {
      const MusterProcedure *procedure = procedures->pdata[p];
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterOddsFill) full = muster_odds_fill_new (facts, procedure, &error);
      g_autoptr(MusterOddsFill) acting = NULL;
      g_autoptr(MusterOddsFill) values = NULL;

      g_assert_no_error (error);
      acting = muster_odds_fill_new_acting_values (facts, procedure, &error);
      g_assert_no_error (error);
      values = muster_odds_fill_new_against (acting, facts, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (full->values, sizeof (int) * procedure->n_inputs, values->values,
                       sizeof (int) * procedure->n_inputs);
      g_assert_cmpstr (full->blocked, ==, values->blocked);
      for (guint i = 0; i < procedure->n_inputs; i++)
        {
          g_assert_cmpint (full->sources[i], ==, values->sources[i]);
          g_assert_null (values->reasons[i]);
        }
    }
}

/* @doc's tint and facts against every enemy are @fresh's. */
static void
assert_same (Fixture   *fixture,
             MusterDoc *doc,
             MusterDoc *fresh)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) kept = muster_odds_tint_new (doc, fixture->types, "u0",
                                                         "missile-fire", &error);
  g_autoptr(MusterOddsTint) made = NULL;

  g_assert_no_error (error);
  made = muster_odds_tint_new (fresh, fixture->types, "u0", "missile-fire", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_odds_tint_get_n_units (kept), ==, muster_odds_tint_get_n_units (made));
  for (guint i = 0; i < G_N_ELEMENTS (enemies); i++)
    {
      g_autoptr(MusterOddsFacts) a = muster_odds_facts_new (doc, fixture->types, "u0",
                                                            enemies[i], &error);
      g_autoptr(MusterOddsFacts) b = NULL;
      double x = -1, y = -1;

      g_assert_no_error (error);
      b = muster_odds_facts_new (fresh, fixture->types, "u0", enemies[i], &error);
      g_assert_no_error (error);
      g_test_message ("%s", enemies[i]);
      g_assert_cmpint (muster_odds_tint_lookup (kept, enemies[i], &x), ==,
                       muster_odds_tint_lookup (made, enemies[i], &y));
      g_assert_cmpfloat (x, ==, y);
      g_assert_cmpfloat (a->distance, ==, b->distance);
      g_assert_cmpint (a->sight, ==, b->sight);
      g_assert_cmpstr (feature_id (a->blocker), ==, feature_id (b->blocker));
      g_assert_cmpstr (feature_id (a->obstacle), ==, feature_id (b->obstacle));
      g_assert_cmpint (a->aspect, ==, b->aspect);
      g_assert_cmpstr (feature_id (a->target.terrain), ==, feature_id (b->target.terrain));
      g_assert_cmpint (a->target.on_hill, ==, b->target.on_hill);
      assert_values_only_same (a);
    }
}

/* The facts of another acting unit, u6, against every enemy are those of a copy of @doc
 * (@n_moves made) that has worked nothing out: those kept for u0 are not u6's, though a
 * loaded table's placements share a revision. */
static void
assert_other_acting (Fixture   *fixture,
                     MusterDoc *doc,
                     guint      n_moves)
{
  for (guint i = 0; i < G_N_ELEMENTS (enemies); i++)
    {
      g_autoptr(MusterDoc) fresh = fresh_doc (fixture, n_moves);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterOddsFacts) a = muster_odds_facts_new (doc, fixture->types, "u6",
                                                            enemies[i], &error);
      g_autoptr(MusterOddsFacts) b = NULL;

      g_assert_no_error (error);
      b = muster_odds_facts_new (fresh, fixture->types, "u6", enemies[i], &error);
      g_assert_no_error (error);
      g_test_message ("u6 against %s", enemies[i]);
      g_assert_cmpfloat (a->distance, ==, b->distance);
      g_assert_cmpint (a->sight, ==, b->sight);
      g_assert_cmpstr (feature_id (a->obstacle), ==, feature_id (b->obstacle));
      g_assert_cmpint (a->aspect, ==, b->aspect);
    }
}

/* Whether the chances of the tints differ anywhere (@unit_id: there). */
static gboolean
chances_differ (const MusterOddsTint *a,
                const MusterOddsTint *b,
                const char           *unit_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (enemies); i++)
    {
      double x = -1, y = -1;

      if (unit_id != NULL && !g_str_equal (unit_id, enemies[i]))
        continue;
      if (muster_odds_tint_lookup (a, enemies[i], &x) != muster_odds_tint_lookup (b, enemies[i], &y) ||
          x != y)
        return TRUE;
    }
  return FALSE;
}

static void
test_cached_after_moves (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(MusterDoc) doc = fresh_doc (fixture, 0);
  g_autoptr(MusterOddsTint) before = NULL;

  for (guint k = 0; k <= G_N_ELEMENTS (moves); k++)
    {
      g_autoptr(MusterDoc) fresh = fresh_doc (fixture, k);
      g_autoptr(MusterOddsTint) now = muster_odds_tint_new (fresh, fixture->types, "u0",
                                                            "missile-fire", NULL);

      /* the step matters: what it changes shows in the chances */
      g_assert_nonnull (now);
      if (k > 0)
        {
          g_test_message ("after move %u, of %s", k, moves[k - 1].what);
          g_assert_true (chances_differ (before, now, moves[k - 1].changes));
          make_move (doc, k - 1);
        }
      /* twice: once after the move, once with all kept */
      assert_same (fixture, doc, fresh);
      assert_same (fixture, doc, fresh);
      assert_other_acting (fixture, doc, k);
      g_clear_pointer (&before, muster_odds_tint_unref);
      before = g_steal_pointer (&now);
    }
}

/* @doc's table with its tint for u0's missile fire, painted on a fresh image: the whole table,
 * or with @zoomed its middle. */
static cairo_surface_t *
paint_doc (Fixture              *fixture,
           MusterDoc            *doc,
           const MusterMapStyle *style,
           gboolean              zoomed)
{
  static const MusterBox middle = { 500, 100, 1500, 800 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsTint) tint = muster_odds_tint_new (doc, fixture->types, "u0",
                                                         "missile-fire", &error);
  PaintOptions options = { .doc = doc, .view = zoomed ? &middle : NULL };

  g_assert_no_error (error);
  return paint_with (fixture, tint, style, &options);
}

/* Each unit's tint is found once and kept from frame to frame (muster-raster-mask.c). Painted
 * with what is kept, the crowded table is, pixel for pixel, what a copy of it that has kept
 * nothing paints: on the frame that keeps them and on the next that uses them; after the
 * acting unit moves (new colours), after a target moves (its tint moves with it) and after
 * the wood moves; in two views, each after the other (the other view's are no good). */
static void
test_masks_kept (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(MusterDoc) doc = fresh_doc (fixture, 0);
  MusterMapStyle style;

  muster_map_style_init_light (&style);
  for (guint k = 0; k <= G_N_ELEMENTS (moves); k++)
    {
      g_autoptr(MusterDoc) fresh = fresh_doc (fixture, k);

      if (k > 0)
        make_move (doc, k - 1);
      for (guint frame = 0; frame < 4; frame++)
        {
          /* each move made in the view of the frame before it */
          gboolean zoomed = (frame / 2 + k) % 2;
          cairo_surface_t *kept = paint_doc (fixture, doc, &style, zoomed);
          cairo_surface_t *made = paint_doc (fixture, fresh, &style, zoomed);

          g_test_message ("after %u moves, %s, frame %u", k, zoomed ? "zoomed" : "whole", frame);
          g_assert_cmpuint (count_different (kept, made, 0), ==, 0);
          cairo_surface_destroy (kept);
          cairo_surface_destroy (made);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/odds-tint/chances", Fixture, NULL, fixture_set_up, test_chances,
              fixture_tear_down);
  g_test_add ("/odds-tint/errors", Fixture, NULL, fixture_set_up, test_errors,
              fixture_tear_down);
  g_test_add_func ("/odds-tint/ramp", test_ramp);
  g_test_add ("/odds-tint/painted", Fixture, NULL, fixture_set_up, test_painted,
              fixture_tear_down);
  g_test_add ("/odds-tint/raster-same", Fixture, NULL, fixture_set_up, test_raster_same,
              fixture_tear_down);
  g_test_add ("/odds-tint/bands", Fixture, NULL, fixture_set_up, test_bands,
              fixture_tear_down);
  g_test_add ("/odds-tint/band-label-clear", Fixture, NULL, fixture_set_up,
              test_band_label_clear, fixture_tear_down);
  g_test_add ("/odds-tint/legend-clear", Fixture, NULL, fixture_set_up, test_legend_clear,
              fixture_tear_down);
  g_test_add ("/odds-tint/legend-clear-of-names", Fixture, NULL, fixture_set_up,
              test_legend_clear_of_names, fixture_tear_down);
  g_test_add ("/odds-tint/cached-after-moves", Fixture, NULL, fixture_set_up,
              test_cached_after_moves, fixture_tear_down);
  g_test_add ("/odds-tint/masks-kept", Fixture, NULL, fixture_set_up, test_masks_kept,
              fixture_tear_down);
  return g_test_run ();
}
