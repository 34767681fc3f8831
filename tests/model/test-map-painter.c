/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "muster-army.h"
#include "muster-map-labels.h"
#include "muster-map-painter.h"
#include "muster-unit.h"
#include "muster-pixel-util.h"
#include "../engine/muster-test-util.h"

#define W 600
#define H 400
#define P(x, y) ((MusterPoint) { (x), (y) })

static MusterMapStyle style;

/* A 1000 × 600 mm table, fitted to a 600 × 400 px image: 0.5 px per mm, 50 px margins. */
static MusterBattlefield *
make_field (void)
{
  MusterBattlefield *field = muster_battlefield_new (1000, 600, "in");
  MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  MusterFeature *river = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  MusterFeature *zone = muster_feature_new (MUSTER_FEATURE_ZONE);
  MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  MusterFeature *hidden = muster_feature_new (MUSTER_FEATURE_UNIT);
  MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);

  wood->type = g_strdup ("woods");
  wood->outline = MUSTER_OUTLINE_RECTANGLE;
  wood->centre = P (200, 300);
  wood->width = wood->height = 200;
  muster_battlefield_insert (field, -1, wood);

  river->type = g_strdup ("river");
  river->outline = MUSTER_OUTLINE_POLYLINE;
  river->line_width = 40;
  muster_feature_set_points (river, (MusterPoint[]) { P (700, 0), P (700, 600) }, 2);
  muster_battlefield_insert (field, -1, river);

  zone->side = g_strdup ("Blue");
  muster_feature_set_points (zone, (MusterPoint[]) { P (0, 500), P (1000, 500), P (1000, 600),
                                                     P (0, 600) }, 4);
  muster_battlefield_insert (field, -1, zone);

  unit->unit = g_strdup ("u1");
  unit->side = g_strdup ("Blue");
  unit->centre = P (450, 300);
  unit->stands = 4;
  unit->base_width = 40;
  unit->base_depth = 40;
  unit->rotation = -G_PI / 2;
  muster_battlefield_insert (field, -1, unit);

  hidden->unit = g_strdup ("u2");
  hidden->side = g_strdup ("Red");
  hidden->layer = g_strdup ("umpire");
  hidden->centre = P (450, 100);
  hidden->stands = 4;
  hidden->base_width = hidden->base_depth = 40;
  muster_battlefield_insert (field, -1, hidden);

  objective->number = 1;
  objective->centre = P (900, 100);
  muster_battlefield_insert (field, -1, objective);
  return field;
}

static cairo_surface_t *
paint (MusterBattlefield *field,
       MusterMapScene    *scene)
{
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);

  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), 0.5, 1e-9);
  scene->battlefield = field;
  muster_map_paint (cr, viewport, scene, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Table point → image pixel, for the fitted viewport above. */
#define PX(x) (50 + (x) * 0.5)
#define PY(y) (50 + (y) * 0.5)

static void
test_layers (void)
{
  g_autoptr(MusterBattlefield) field = make_field ();
  MusterMapScene scene = { 0 };
  cairo_surface_t *surface;
  double zone_blend[4];

  scene.rubber_band = muster_box_empty ();
  surface = paint (field, &scene);

  g_assert_true (same_colour (pixel_at (surface, 10, 10), rgba_to_pixel (style.background)));
  g_assert_true (same_colour (pixel_at (surface, PX (500), PY (450)), rgba_to_pixel (style.table)));
  g_assert_true (same_colour (pixel_at (surface, PX (150), PY (250)),
                              rgba_to_pixel (style.terrain[MUSTER_TERRAIN_OPEN])) == FALSE);
  /* A wood's colour (away from the tree crowns, which are darker dots). */
  g_assert_true (same_colour (pixel_at (surface, PX (105), PY (205)),
                              rgba_to_pixel (style.terrain[MUSTER_TERRAIN_WOODS])));
  /* The river's edge (the centre line is lighter). */
  g_assert_true (same_colour (pixel_at (surface, PX (684), PY (200)),
                              rgba_to_pixel (style.terrain[MUSTER_TERRAIN_RIVER])));
  /* The blue unit: the first side seen, stands filled in side colour 0. */
  g_assert_true (same_colour (pixel_at (surface, PX (440), PY (300)),
                              rgba_to_pixel (style.sides[0])));
  /* The zone: the table under a 12 % wash of side 0. */
  for (int c = 0; c < 3; c++)
    zone_blend[c] = style.table[c] * 0.88 + style.sides[0][c] * 0.12;
  zone_blend[3] = 1;
  g_assert_true (same_colour (pixel_at (surface, PX (300), PY (560)), rgba_to_pixel (zone_blend)));
  /* The hidden unit is on the umpire's layer: not drawn for players. */
  g_assert_true (same_colour (pixel_at (surface, PX (450), PY (100)), rgba_to_pixel (style.table)));
  cairo_surface_destroy (surface);

  scene.show_umpire = TRUE;
  surface = paint (field, &scene);

  g_assert_true (same_colour (pixel_at (surface, PX (440), PY (80)),
                              rgba_to_pixel (style.sides[1])));
  /* The objective's ring in its colour, 11 px round. */
  g_assert_true (same_colour (pixel_at (surface, PX (900) + 11, PY (100)),
                              rgba_to_pixel (style.objective)));
  cairo_surface_destroy (surface);
}

/* Dark pixels (edge-coloured, antialiased) on and just round @placement's outline: a hidden
 * unit's dashed ring (the box stays clear of the table's edge and rulers). */
static guint
count_edge_pixels (cairo_surface_t     *surface,
                   const MusterFeature *placement)
{
  g_autoptr(MusterFootprint) fp = muster_feature_get_footprint (placement);
  MusterBox box = muster_footprint_get_bounds (fp);
  guint n = 0;

  for (int y = PY (box.y0) - 3; y <= PY (box.y1) + 3; y++)
    for (int x = PX (box.x0) - 3; x <= PX (box.x1) + 3; x++)
      {
        guint32 px = pixel_at (surface, x, y);

        n += ((px >> 16) & 0xff) < 0x70 && ((px >> 8) & 0xff) < 0x70 && (px & 0xff) < 0x70;
      }
  return n;
}

/* Each side sees its own hidden units and not the other's; the umpire sees them all. */
static void
test_audiences (void)
{
  g_autoptr(MusterBattlefield) field = make_field ();
  MusterFeature *note = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  MusterMapScene scene = { .rubber_band = muster_box_empty () };
  const char *views[] = { "Red", "Blue", NULL, "umpire" };
  const gboolean sees_unit[] = { TRUE, FALSE, FALSE, TRUE };
  const gboolean sees_note[] = { FALSE, FALSE, FALSE, TRUE };

  /* An umpire's note: a hidden piece of no side, on open table. */
  note->type = g_strdup ("building");
  note->layer = g_strdup (MUSTER_LAYER_UMPIRE);
  note->outline = MUSTER_OUTLINE_RECTANGLE;
  note->centre = P (150, 100);
  note->width = note->height = 80;
  muster_battlefield_insert (field, -1, note);

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      cairo_surface_t *surface;
      guint ring, open_ring;

      scene.show_umpire = g_strcmp0 (views[i], "umpire") == 0;
      scene.side = scene.show_umpire ? NULL : views[i];
      surface = paint (field, &scene);
      g_assert_cmpint (same_colour (pixel_at (surface, PX (440), PY (80)),
                                    rgba_to_pixel (style.sides[1])), ==, sees_unit[i]);
      g_assert_cmpint (same_colour (pixel_at (surface, PX (440), PY (80)),
                                    rgba_to_pixel (style.table)), ==, !sees_unit[i]);
      g_assert_cmpint (same_colour (pixel_at (surface, PX (150), PY (100)),
                                    rgba_to_pixel (style.terrain[MUSTER_TERRAIN_BUILDING])), ==,
                       sees_note[i]);
      /* Shown, a hidden unit wears a dashed ring in the edge colour; an open unit none. */
      ring = count_edge_pixels (surface, muster_battlefield_lookup_unit (field, "u2"));
      open_ring = count_edge_pixels (surface, muster_battlefield_lookup_unit (field, "u1"));
      g_assert_cmpuint (open_ring, ==, 0);
      if (sees_unit[i])
        g_assert_cmpuint (ring, >, 15);
      else
        g_assert_cmpuint (ring, ==, 0);
      /* The open unit is everybody's. */
      g_assert_true (same_colour (pixel_at (surface, PX (440), PY (300)),
                                  rgba_to_pixel (style.sides[0])));
      cairo_surface_destroy (surface);
    }
}

static void
test_selection_and_measure (void)
{
  g_autoptr(MusterBattlefield) field = make_field ();
  g_autoptr(GHashTable) selection = g_hash_table_new (g_str_hash, g_str_equal);
  MusterMapScene scene = { 0 };
  cairo_surface_t *surface;

  g_hash_table_add (selection, "t1");
  scene.selection = selection;
  scene.rubber_band = muster_box_empty ();
  scene.has_measure = TRUE;
  scene.measure = (MusterSegment) { P (100, 450), P (900, 450) };
  surface = paint (field, &scene);
  /* The selected wood's left edge is drawn in the selection colour. */
  g_assert_true (same_colour (pixel_at (surface, PX (100), PY (300)),
                              rgba_to_pixel (style.selection)));
  /* The measure line across the table. */
  g_assert_true (same_colour (pixel_at (surface, PX (500), PY (450)),
                              rgba_to_pixel (style.measure)) ||
                 (pixel_at (surface, PX (500), PY (450)) >> 24) == 0xff);
  g_assert_false (same_colour (pixel_at (surface, PX (500), PY (450)), rgba_to_pixel (style.table)));
  /* a selected polyline shows a handle on each vertex: a square of table colour on the river */
  g_assert_false (same_colour (pixel_at (surface, PX (700), PY (600) - 2), rgba_to_pixel (style.table)));
  cairo_surface_destroy (surface);
  g_hash_table_add (selection, "t2");
  surface = paint (field, &scene);
  g_assert_true (same_colour (pixel_at (surface, PX (700), PY (600)), rgba_to_pixel (style.table)));
  g_assert_true (same_colour (pixel_at (surface, PX (700) + 3, PY (600)), rgba_to_pixel (style.selection)));
  g_assert_false (same_colour (pixel_at (surface, PX (700), PY (300)), rgba_to_pixel (style.table)));
  cairo_surface_destroy (surface);

  scene.measure_blocked = TRUE;
  surface = paint (field, &scene);
  g_assert_true (same_colour (pixel_at (surface, PX (500), PY (450)), rgba_to_pixel (style.blocked)));
  cairo_surface_destroy (surface);

  /* the piece that blocks the sight is outlined in the blocked colour */
  g_hash_table_remove_all (selection);
  surface = paint (field, &scene);
  g_assert_false (same_colour (pixel_at (surface, PX (100), PY (300)), rgba_to_pixel (style.blocked)));
  cairo_surface_destroy (surface);
  scene.blocker = "t1";
  surface = paint (field, &scene);
  g_assert_true (same_colour (pixel_at (surface, PX (100), PY (300)), rgba_to_pixel (style.blocked)));
  cairo_surface_destroy (surface);
}

static void
test_rulers_and_helpers (void)
{
  g_autoptr(MusterBattlefield) field = make_field ();
  MusterMapScene scene = { .battlefield = field };
  g_autofree char *inches = muster_map_format_length (field, 254);
  g_autofree char *cm = NULL;
  cairo_surface_t *surface;

  g_assert_cmpstr (inches, ==, "10.0″");
  muster_battlefield_set_table (field, 1000, 600, "cm", 100);
  cm = muster_map_format_length (field, 254);
  g_assert_cmpstr (cm, ==, "25.4 cm");
  g_assert_cmpint (muster_map_side_index (&scene, "Blue"), ==, 0);
  g_assert_cmpint (muster_map_side_index (&scene, "Red"), ==, 1);
  g_assert_cmpint (muster_map_side_index (&scene, "Green"), ==, -1);

  scene.rubber_band = muster_box_empty ();
  surface = paint (field, &scene);
  /* A major tick every 10 cm along the top edge, 9 px long, outside the table; the grid
   * lines every 100 mm inside it. */
  g_assert_false (same_colour (pixel_at (surface, PX (100), PY (0) - 5),
                               rgba_to_pixel (style.background)));
  g_assert_false (same_colour (pixel_at (surface, PX (500), PY (450)), rgba_to_pixel (style.table)));
  g_assert_true (same_colour (pixel_at (surface, PX (510), PY (450)), rgba_to_pixel (style.table)));
  cairo_surface_destroy (surface);
}

/* The dark set: a dark table, terrain darker than in the light set, bright side colours. */
static void
test_dark (void)
{
  g_autoptr(MusterBattlefield) field = make_field ();
  MusterMapStyle light = style;
  MusterMapScene scene = { 0 };
  cairo_surface_t *surface;

  muster_map_style_init_dark (&style);
  scene.rubber_band = muster_box_empty ();
  surface = paint (field, &scene);
  g_assert_true (same_colour (pixel_at (surface, PX (500), PY (450)), rgba_to_pixel (style.table)));
  g_assert_true (same_colour (pixel_at (surface, PX (105), PY (205)),
                              rgba_to_pixel (style.terrain[MUSTER_TERRAIN_WOODS])));
  for (guint i = 0; i < MUSTER_TERRAIN_N_KINDS; i++)
    g_assert_cmpfloat (style.terrain[i][1], <, light.terrain[i][1]);
  g_assert_cmpfloat (style.table[1], <, 0.5);
  cairo_surface_destroy (surface);
  style = light;
}

/* @unit in a force of side Blue, placed as "p1" (one 40 mm stand at 500, 300) and selected,
 * in @scene with @doc's @types. */
static void
place_selected (MusterMapScene           *scene,
                MusterDoc                *doc,
                const MusterTerrainTypes *types,
                MusterUnit               *unit,
                MusterBattlefield        *field,
                GHashTable               *selection)
{
  MusterFeature *placement = muster_feature_new (MUSTER_FEATURE_UNIT);

  muster_doc_insert_force (doc, 0, muster_force_new ("Army", 0));
  g_free (muster_force_set_side (muster_doc_get_force (doc, 0), "Blue"));
  muster_node_insert_unit (muster_force_get_root (muster_doc_get_force (doc, 0)), 0, unit);
  placement->id = g_strdup ("p1");
  placement->unit = g_strdup (muster_unit_get_id (unit));
  placement->centre = P (500, 300);
  placement->stands = 1;
  placement->base_width = placement->base_depth = 40;
  muster_battlefield_insert (field, -1, placement);
  g_hash_table_add (selection, "p1");
  scene->doc = doc;
  scene->types = types;
  scene->selection = selection;
  scene->rubber_band = muster_box_empty ();
}

/* Range rings: an Undying Lands slinger (SRW, 20 cm) on one 40 mm stand at the table's middle,
 * selected: a ring 200 mm out from its edges, rounded at the corners; none when the rings are
 * off, none for a unit without a missile weapon. */
static void
test_range_rings (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                                            "undying-lands.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_ruleset_new_from_file (path, &error);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1000, 600, "cm");
  g_autoptr(GHashTable) selection = g_hash_table_new (g_str_hash, g_str_equal);
  MusterUnit *unit = muster_unit_new ("foot", 2);
  MusterMapScene scene = { 0 };
  cairo_surface_t *surface;
  gsize length;
  double ring[4];

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  bytes = g_bytes_new (contents, length);
  types = muster_terrain_types_new_from_bytes (bytes, path, &error);
  g_assert_no_error (error);
  doc = muster_doc_new (muster_ruleset_get_id (ruleset), muster_ruleset_get_version (ruleset));
  muster_doc_set_ruleset (doc, ruleset);
  muster_unit_set_option (unit, "srw", 1);
  place_selected (&scene, doc, types, unit, field, selection);
  surface = paint (field, &scene);
  /* rings off: the table 200 mm right of the stand's edge */
  g_assert_true (same_colour (pixel_at (surface, PX (720), PY (300)), rgba_to_pixel (style.table)));
  cairo_surface_destroy (surface);

  scene.show_ranges = TRUE;
  surface = paint (field, &scene);
  for (int c = 0; c < 3; c++)
    ring[c] = style.table[c] * 0.1 + style.sides[0][c] * 0.9;
  ring[3] = 1;
  /* straight out from each edge… */
  g_assert_true (same_colour (pixel_at (surface, PX (720), PY (300)), rgba_to_pixel (ring)));
  g_assert_true (same_colour (pixel_at (surface, PX (280), PY (300)), rgba_to_pixel (ring)));
  g_assert_true (same_colour (pixel_at (surface, PX (500), PY (80)), rgba_to_pixel (ring)));
  /* labelled below the unit: "SRW 20 cm" on a plate across the ring */
  g_assert_false (same_colour (pixel_at (surface, PX (500), PY (520)), rgba_to_pixel (ring)));
  /* …and round the corner, 200 mm from it along the diagonal, not at the square's corner */
  g_assert_false (same_colour (pixel_at (surface, PX (520 + 141.42), PY (320 + 141.42)),
                               rgba_to_pixel (style.table)));
  g_assert_true (same_colour (pixel_at (surface, PX (720), PY (520)), rgba_to_pixel (style.table)));
  /* inside the ring, the table */
  g_assert_true (same_colour (pixel_at (surface, PX (650), PY (300)), rgba_to_pixel (style.table)));
  cairo_surface_destroy (surface);

  /* no missile weapon, no ring */
  muster_unit_set_option (unit, "srw", 0);
  surface = paint (field, &scene);
  g_assert_true (same_colour (pixel_at (surface, PX (720), PY (300)), rgba_to_pixel (style.table)));
  cairo_surface_destroy (surface);
}

/* The placement itself: priority first, ties in order; a label takes the first place that
 * meets no placed label and no other feature's body; none free, it is left out. */
static void
test_label_placement (void)
{
  g_autoptr(GArray) labels = g_array_new (FALSE, FALSE, sizeof (MusterMapLabel));
  g_autoptr(GArray) bodies = g_array_new (FALSE, FALSE, sizeof (MusterMapBody));
  static const int owners[5];
  MusterBox a = { 0, 0, 50, 10 }, b = { 0, 20, 50, 30 }, far = { 200, 0, 250, 10 };
  MusterMapLabel low = { &owners[0], 1, { a, b }, 2, 99 };
  MusterMapLabel high = { &owners[1], 5, { a }, 1, 99 };
  MusterMapLabel blocked = { &owners[2], 1, { a, b }, 2, 99 };
  MusterMapLabel shy = { &owners[3], 0, { far, { 200, 40, 250, 50 } }, 2, 99 };
  MusterMapLabel own = { &owners[4], 0, { { 300, 0, 350, 10 } }, 1, 99 };
  MusterMapBody body = { &owners[0], far };
  MusterMapBody mine = { &owners[4], { 300, 0, 350, 10 } };

  g_array_append_val (labels, low);
  g_array_append_val (labels, high);
  g_array_append_val (labels, blocked);
  g_array_append_val (labels, shy);
  g_array_append_val (labels, own);
  g_array_append_val (bodies, body);
  g_array_append_val (bodies, mine);
  muster_map_labels_place (labels, bodies);
  /* the higher priority takes the contested place, though added later */
  g_assert_cmpint (g_array_index (labels, MusterMapLabel, 1).chosen, ==, 0);
  /* the first of equal priority moves to its second place, the next finds none */
  g_assert_cmpint (g_array_index (labels, MusterMapLabel, 0).chosen, ==, 1);
  g_assert_cmpint (g_array_index (labels, MusterMapLabel, 2).chosen, ==, -1);
  /* a place over another feature's body gives way to a free one; its own body is no matter */
  g_assert_cmpint (g_array_index (labels, MusterMapLabel, 3).chosen, ==, 1);
  g_assert_cmpint (g_array_index (labels, MusterMapLabel, 4).chosen, ==, 0);

  /* with no free place but over a body, it is left out: never drawn over another unit */
  g_array_set_size (labels, 0);
  shy.places[1] = far;
  g_array_append_val (labels, shy);
  muster_map_labels_place (labels, bodies);
  g_assert_cmpint (g_array_index (labels, MusterMapLabel, 0).chosen, ==, -1);
}

/* Pixels of neither the table nor white (a label's plate) in the px box. */
static guint
count_marked (cairo_surface_t *surface,
              int              x0,
              int              y0,
              int              x1,
              int              y1)
{
  guint n = 0;

  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      n += !same_colour (pixel_at (surface, x, y), rgba_to_pixel (style.table));
  return n;
}

/* Standards of Valor heavy weapons: a torsion engine rings its 12" bands and its 6" minimum
 * range (dotted); the Heavy Crossbow has no minimum. */
static void
test_heavy_weapon_rings (void)
{
  g_autoptr(MusterRuleset) ruleset = muster_test_load_shipped_ruleset ("standards-of-valor");
  g_autoptr(MusterTerrainTypes) types = muster_terrain_types_new_for_ruleset (ruleset, NULL);
  g_autoptr(MusterDoc) doc = muster_doc_new (muster_ruleset_get_id (ruleset),
                                             muster_ruleset_get_version (ruleset));
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1000, 600, "in");
  g_autoptr(GHashTable) selection = g_hash_table_new (g_str_hash, g_str_equal);
  MusterUnit *unit = muster_unit_new ("heavy-weapon", 4);
  MusterMapScene scene = { 0 };
  cairo_surface_t *surface;
  /* the stand's right edge at 520 mm: the minimum 152.4 mm out, the first band 304.8 mm */
  int min_x = PX (520 + 152.4), band_x = PX (520 + 304.8);

  muster_doc_set_ruleset (doc, ruleset);
  muster_unit_set_option (unit, "tdw", 1);
  place_selected (&scene, doc, types, unit, field, selection);
  scene.show_ranges = TRUE;

  surface = paint (field, &scene);
  g_assert_cmpuint (count_marked (surface, min_x - 2, PY (280), min_x + 2, PY (320)), >, 3);
  g_assert_cmpuint (count_marked (surface, band_x - 2, PY (280), band_x + 2, PY (320)), >, 3);
  /* between them, nothing */
  g_assert_cmpuint (count_marked (surface, PX (740) - 2, PY (280), PX (740) + 2, PY (320)), ==, 0);
  cairo_surface_destroy (surface);

  muster_unit_set_option (unit, "tdw", 0);
  muster_unit_set_option (unit, "hxb", 1);
  surface = paint (field, &scene);
  g_assert_cmpuint (count_marked (surface, min_x - 2, PY (280), min_x + 2, PY (320)), ==, 0);
  g_assert_cmpuint (count_marked (surface, band_x - 2, PY (280), band_x + 2, PY (320)), >, 3);
  cairo_surface_destroy (surface);
}

static gboolean
boxes_overlap (MusterBox a,
               MusterBox b)
{
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/* A brigade of five units side by side, with long names. */
static MusterBattlefield *
crowded_field (void)
{
  MusterBattlefield *field = muster_battlefield_new (1000, 600, "in");

  for (guint i = 0; i < 5; i++)
    {
      MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);

      unit->unit = g_strdup_printf ("u%u", i);
      unit->name = g_strdup_printf ("The %u%s Regiment of Foot Guards", i + 1,
                                    i == 0 ? "st" : i == 1 ? "nd" : i == 2 ? "rd" : "th");
      unit->side = g_strdup ("Blue");
      unit->centre = P (300 + 100 * i, 300);
      unit->stands = 2;
      unit->files = 2;
      unit->base_width = 40;
      unit->base_depth = 20;
      muster_battlefield_insert (field, -1, unit);
    }
  return field;
}

/* Names of units side by side: at the fitted zoom some give way (moved or left out) and none
 * overlaps another; zoomed in, each sits below its own unit. */
static void
test_labels_apart (void)
{
  g_autoptr(MusterBattlefield) field = crowded_field ();
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  GHashTableIter iter;
  gpointer key, value;

  for (guint zoom = 0; zoom < 2; zoom++)
    {
      g_autoptr(GHashTable) placed = NULL;
      g_autoptr(GPtrArray) boxes = g_ptr_array_new ();
      guint below = 0;

      muster_viewport_set_size (viewport, W, H);
      muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);
      if (zoom)
        muster_viewport_zoom_at (viewport, 4.0, W / 2.0, H / 2.0);
      placed = muster_map_place_labels (viewport, &scene, layout);
      g_hash_table_iter_init (&iter, placed);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const MusterFeature *f = key;
          const MusterMapPlacedLabel *label = value;
          MusterBox body = muster_feature_get_bounds (f);
          double x, y;

          g_assert_cmpstr (label->text, ==, f->name);
          for (guint j = 0; j < boxes->len; j++)
            g_assert_false (boxes_overlap (label->box, *(MusterBox *) boxes->pdata[j]));
          g_ptr_array_add (boxes, (gpointer) &label->box);
          muster_viewport_table_to_widget (viewport, (body.x0 + body.x1) / 2, body.y1, &x, &y);
          below += fabs ((label->box.x0 + label->box.x1) / 2 - x) < 1 && label->box.y0 > y;
        }
      if (zoom == 0)
        g_assert_cmpuint (below, <, 5);
      else
        {
          g_assert_cmpuint (g_hash_table_size (placed), ==, 5);
          g_assert_cmpuint (below, ==, 5);
        }
    }

  /* the painter paints the same labels whatever strip it is asked for */
  {
    cairo_surface_t *strips = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
    cairo_t *scr = cairo_create (strips);
    cairo_rectangle_int_t left = { 0, 0, W / 2 - 37, H }, right = { W / 2 - 37, 0, W / 2 + 37, H };

    muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);
    muster_map_paint (cr, viewport, &scene, &style);
    muster_map_paint_layers (scr, viewport, &scene, &style, MUSTER_MAP_LAYER_ALL, &left);
    muster_map_paint_layers (scr, viewport, &scene, &style, MUSTER_MAP_LAYER_ALL, &right);
    cairo_surface_flush (surface);
    cairo_surface_flush (strips);
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        if (pixel_at (surface, x, y) != pixel_at (strips, x, y))
          g_error ("strips differ from the whole at %d, %d", x, y);
    cairo_destroy (scr);
    cairo_surface_destroy (strips);
  }
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A unit without a name is labelled with its type, and its number when its force has more
 * than one of that type without a name: never left nameless on the map. */
static void
test_unnamed_unit_labels (void)
{
  g_autoptr(MusterRuleset) ruleset = muster_test_load_shipped_ruleset ("battle-valor-fantasy");
  g_autoptr(MusterDoc) doc = muster_doc_new (muster_ruleset_get_id (ruleset),
                                             muster_ruleset_get_version (ruleset));
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1800, 1200, "inch");
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  g_autoptr(GHashTable) placed = NULL;
  g_autoptr(GHashTable) texts = g_hash_table_new (g_str_hash, g_str_equal);
  static const char * const types[] = { "infantry", "infantry", "cavalry", "infantry" };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  MusterMapScene scene = { .battlefield = field, .doc = doc, .rubber_band = muster_box_empty () };
  MusterNode *root;
  GHashTableIter iter;
  gpointer value;

  muster_doc_set_ruleset (doc, ruleset);
  muster_doc_insert_force (doc, 0, muster_force_new ("Army", 0));
  root = muster_force_get_root (muster_doc_get_force (doc, 0));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      MusterUnit *unit = muster_unit_new (types[i], 4);
      MusterFeature *placement = muster_feature_new (MUSTER_FEATURE_UNIT);

      if (i == 3)
        g_free (muster_unit_set_name (unit, "Iron Guard"));
      muster_node_insert_unit (root, i, unit);
      placement->id = g_strdup_printf ("p%u", i);
      placement->unit = g_strdup (muster_unit_get_id (unit));
      placement->centre = P (300 + 400 * i, 600);
      placement->stands = 4;
      placement->base_width = placement->base_depth = 40;
      muster_battlefield_insert (field, -1, placement);
    }

  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 20);
  placed = muster_map_place_labels (viewport, &scene, layout);
  g_hash_table_iter_init (&iter, placed);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_hash_table_add (texts, (gpointer) ((const MusterMapPlacedLabel *) value)->text);
  g_assert_cmpuint (g_hash_table_size (placed), ==, 4);
  g_assert_true (g_hash_table_contains (texts, "Infantry 1"));
  g_assert_true (g_hash_table_contains (texts, "Infantry 2"));
  g_assert_true (g_hash_table_contains (texts, "Cavalry"));
  g_assert_true (g_hash_table_contains (texts, "Iron Guard"));

  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Objectives just below and just above each unit of a crowded brigade: no unit's name covers
 * a marker, even where every place free of other names would; the name is moved or left out,
 * and comes back below its unit zoomed in. */
static void
test_labels_off_markers (void)
{
  g_autoptr(MusterBattlefield) field = crowded_field ();
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  GHashTableIter iter;
  gpointer key, value;

  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);
  for (guint i = 0; i < 5; i++)
    for (int side = -1; side <= 1; side += 2)
      {
        MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
        double x, y;

        /* just off the unit's edge, where its name would go: 20 mm deep, a marker 11 px */
        muster_viewport_table_to_widget (viewport, 300 + 100 * i, 300, &x, &y);
        y += side * (10 * muster_viewport_get_zoom (viewport) + 14);
        muster_viewport_widget_to_table (viewport, x, y, &objective->centre.x, &objective->centre.y);
        muster_battlefield_insert (field, -1, objective);
      }

  for (guint zoom = 0; zoom < 2; zoom++)
    {
      g_autoptr(GHashTable) placed = NULL;
      guint units = 0;

      if (zoom)
        muster_viewport_zoom_at (viewport, 4.0, W / 2.0, H / 2.0);
      placed = muster_map_place_labels (viewport, &scene, layout);
      g_hash_table_iter_init (&iter, placed);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const MusterFeature *f = key;
          const MusterMapPlacedLabel *label = value;

          if (f->kind != MUSTER_FEATURE_UNIT)
            continue;
          units++;
          for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
            {
              const MusterFeature *o = muster_battlefield_get_feature (field, i);
              MusterBox marker;
              double x, y;

              if (o->kind != MUSTER_FEATURE_OBJECTIVE)
                continue;
              muster_viewport_table_to_widget (viewport, o->centre.x, o->centre.y, &x, &y);
              marker = (MusterBox) { x - 11, y - 11, x + 11, y + 11 };
              if (boxes_overlap (label->box, marker))
                g_error ("%s's name covers an objective's marker", f->name);
            }
        }
      /* zoomed in, there is room between unit and marker: every name comes back */
      if (zoom)
        g_assert_cmpuint (units, ==, 5);
    }
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A rectangular wood of @width × @height mm about @centre, on @field. */
static MusterFeature *
add_wood (MusterBattlefield *field,
          MusterPoint        centre,
          double             width,
          double             height)
{
  MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);

  wood->type = g_strdup ("woods");
  wood->outline = MUSTER_OUTLINE_RECTANGLE;
  wood->centre = centre;
  wood->width = width;
  wood->height = height;
  muster_battlefield_insert (field, -1, wood);
  return wood;
}

/* A terrain piece at the table's edge keeps its name on the table: nothing of the name is
 * painted in the margin beyond the edge. */
static void
test_terrain_name_on_table (void)
{
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1000, 600, "in");
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  MusterFeature *wood = add_wood (field, P (920, 300), 160, 200);
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  cairo_surface_t *named = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_surface_t *plain = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr;
  double edge, unused, top, bottom;
  guint named_inside = 0, margin = 0;

  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);
  muster_viewport_table_to_widget (viewport, 1000, 200, &edge, &top);
  muster_viewport_table_to_widget (viewport, 1000, 400, &unused, &bottom);

  cr = cairo_create (plain);
  muster_map_paint (cr, viewport, &scene, &style);
  cairo_destroy (cr);
  wood->name = g_strdup ("The Long Wood of Hougoumont Farm");
  cr = cairo_create (named);
  muster_map_paint (cr, viewport, &scene, &style);
  cairo_destroy (cr);
  cairo_surface_flush (named);
  cairo_surface_flush (plain);

  for (int y = (int) top; y < (int) bottom; y++)
    for (int x = 0; x < W; x++)
      if (pixel_at (named, x, y) != pixel_at (plain, x, y))
        {
          if (x > edge + 1)
            margin++;
          else
            named_inside++;
        }
  /* the name is painted, and all of it on the table */
  g_assert_cmpuint (named_inside, >, 100);
  g_assert_cmpuint (margin, ==, 0);
  cairo_surface_destroy (named);
  cairo_surface_destroy (plain);
}

/* @layers painted with @wood unnamed (@plain) and named @text (@named). */
static void
paint_named_and_plain (MusterViewport       *viewport,
                       const MusterMapScene *scene,
                       MusterMapLayers       layers,
                       MusterFeature        *wood,
                       const char           *text,
                       cairo_surface_t     **named,
                       cairo_surface_t     **plain)
{
  cairo_t *cr;

  *named = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  *plain = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  g_clear_pointer (&wood->name, g_free);
  cr = cairo_create (*plain);
  muster_map_paint_layers (cr, viewport, scene, &style, layers, NULL);
  cairo_destroy (cr);
  wood->name = g_strdup (text);
  cr = cairo_create (*named);
  muster_map_paint_layers (cr, viewport, scene, &style, layers, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (*named);
  cairo_surface_flush (*plain);
}

/* Where @wood's name, set to @text, is painted on the ground layer: the pixels it changes. */
static MusterBox
name_box (MusterViewport       *viewport,
          const MusterMapScene *scene,
          MusterFeature        *wood,
          const char           *text)
{
  cairo_surface_t *named, *plain;
  MusterBox name = muster_box_empty ();

  paint_named_and_plain (viewport, scene, MUSTER_MAP_LAYER_GROUND, wood, text, &named, &plain);
  for (int py = 0; py < H; py++)
    for (int px = 0; px < W; px++)
      if (pixel_at (named, px, py) != pixel_at (plain, px, py))
        muster_box_extend (&name, P (px, py));
  cairo_surface_destroy (named);
  cairo_surface_destroy (plain);
  return name;
}

/* A unit's name keeps clear of a terrain piece's name: a unit standing just above a wood would
 * put its name below itself, right over the wood's name along the wood's top; it goes above
 * the unit instead. A unit away from any name keeps its place below. */
static void
test_unit_label_clear_of_terrain_name (void)
{
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1000, 600, "in");
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  g_autoptr(GHashTable) placed = NULL;
  MusterFeature *wood = add_wood (field, P (500, 350), 400, 200);
  MusterFeature *near = muster_feature_new (MUSTER_FEATURE_UNIT);
  MusterFeature *far = muster_feature_new (MUSTER_FEATURE_UNIT);
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  MusterBox name = muster_box_empty ();
  const MusterMapPlacedLabel *label;
  cairo_t *cr;
  double x, y;

  for (guint i = 0; i < 2; i++)
    {
      MusterFeature *unit = i ? far : near;

      unit->name = g_strdup (i ? "Far Brigade" : "Near Brigade");
      unit->side = g_strdup ("Blue");
      unit->centre = i ? P (150, 100) : P (500, 230);
      unit->stands = 4;
      unit->base_width = unit->base_depth = 40;
      unit->rotation = -G_PI / 2;   /* facing up the table: 160 mm wide, 40 mm deep */
      muster_battlefield_insert (field, -1, unit);
    }
  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);

  name = name_box (viewport, &scene, wood, "Cemetery Ridge Woods");
  g_assert_cmpfloat (name.x1 - name.x0, >, 40);

  cr = cairo_create (surface);
  placed = muster_map_place_scene_labels (cr, viewport, &scene, &style);
  label = g_hash_table_lookup (placed, near);
  g_assert_nonnull (label);
  g_assert_false (boxes_overlap (label->box, name));
  /* above the unit, not left out */
  muster_viewport_table_to_widget (viewport, 500, muster_feature_get_bounds (near).y0, &x, &y);
  g_assert_cmpfloat (label->box.y1, <=, y);
  label = g_hash_table_lookup (placed, far);
  g_assert_nonnull (label);
  muster_viewport_table_to_widget (viewport, 150, muster_feature_get_bounds (far).y1, &x, &y);
  g_assert_cmpfloat (label->box.y0, >=, y);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A terrain name keeps off an objective's marker, which is painted over it: with the marker
 * where the name's first place (the top of the wood) is, the name goes to the wood's foot; the
 * ground layer's key follows the marker. */
static void
test_terrain_name_off_objective (void)
{
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1000, 600, "in");
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  MusterFeature *wood = add_wood (field, P (500, 300), 400, 200);
  MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
  g_autoptr(MusterFeature) moved = NULL;
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  MusterBox name = muster_box_empty ();
  guint64 key;
  double x, top, bottom, tx, ty;

  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);
  muster_viewport_table_to_widget (viewport, 500, 200, &x, &top);
  muster_viewport_table_to_widget (viewport, 500, 400, &x, &bottom);
  /* the marker's centre 10 px below the wood's top: over the name's first place */
  muster_viewport_widget_to_table (viewport, x, top + 10, &tx, &ty);
  objective->centre = P (tx, ty);
  objective->name = g_strdup ("Crossroads");
  muster_battlefield_insert (field, -1, objective);
  key = muster_map_layer_key (&scene, &style, MUSTER_MAP_LAYER_GROUND);

  name = name_box (viewport, &scene, wood, "Long Wood");
  g_assert_cmpfloat (name.x1 - name.x0, >, 20);
  /* in the lower half of the wood, clear of the marker */
  g_assert_cmpfloat (name.y0, >, (top + bottom) / 2);
  g_assert_false (boxes_overlap (name, (MusterBox) { x - 11, top - 1, x + 11, top + 21 }));

  /* moving the marker repaints the ground */
  moved = muster_feature_copy (muster_battlefield_lookup (field, objective->id));
  moved->centre = P (tx + 50, ty);
  muster_feature_free (muster_battlefield_replace (field, moved));
  g_assert_cmpuint (muster_map_layer_key (&scene, &style, MUSTER_MAP_LAYER_GROUND), !=, key);
}

/* A terrain name never lies under an objective's marker: with markers every 15 px down the
 * middle of a wood, where all its name's places are, the name is left out; zoomed in 3×, there
 * is room between them and it comes back, clear of every marker. */
static void
test_terrain_name_never_under_marker (void)
{
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1000, 600, "in");
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  MusterFeature *wood = add_wood (field, P (500, 300), 400, 200);
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  MusterBox name;
  double x, top, bottom;

  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);
  muster_viewport_table_to_widget (viewport, 500, 200, &x, &top);
  muster_viewport_table_to_widget (viewport, 500, 400, &x, &bottom);
  for (double y = top - 3; y <= bottom + 3; y += 15)
    {
      MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);

      muster_viewport_widget_to_table (viewport, x, y, &objective->centre.x, &objective->centre.y);
      muster_battlefield_insert (field, -1, objective);
    }

  name = name_box (viewport, &scene, wood, "Long Wood");
  g_assert_true (muster_box_is_empty (name));

  muster_viewport_zoom_at (viewport, muster_viewport_get_zoom (viewport) * 3, x, (top + bottom) / 2);
  name = name_box (viewport, &scene, wood, "Long Wood");
  g_assert_cmpfloat (name.x1 - name.x0, >, 40);
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *o = muster_battlefield_get_feature (field, i);
      double mx, my;

      if (o->kind != MUSTER_FEATURE_OBJECTIVE)
        continue;
      muster_viewport_table_to_widget (viewport, o->centre.x, o->centre.y, &mx, &my);
      g_assert_false (boxes_overlap (name, (MusterBox) { mx - 12, my - 12, mx + 12, my + 12 }));
    }
}

/* The pixels inside @box (device px) that @layers painted differently with @wood named @text
 * and unnamed. */
static guint
name_pixels (MusterViewport       *viewport,
             const MusterMapScene *scene,
             MusterMapLayers       layers,
             MusterFeature        *wood,
             const char           *text,
             MusterBox             box)
{
  cairo_surface_t *named, *plain;
  guint n = 0;

  paint_named_and_plain (viewport, scene, layers, wood, text, &named, &plain);
  for (int y = (int) ceil (box.y0); y < (int) box.y1; y++)
    for (int x = (int) ceil (box.x0); x < (int) box.x1; x++)
      n += pixel_at (named, x, y) != pixel_at (plain, x, y);
  cairo_surface_destroy (named);
  cairo_surface_destroy (plain);
  return n;
}

/* A unit standing on a terrain piece's name does not hide it: the name, placed on the ground
 * layer (which does not follow the units), is painted again over the stands by the units
 * layer; a name no unit stands on is not. The ground layer's key does not follow the unit. */
static void
test_terrain_name_over_units (void)
{
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1000, 600, "in");
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  g_autoptr(GHashTable) placed = NULL;
  g_autoptr(MusterFeature) moved = NULL;
  MusterFeature *wood = add_wood (field, P (500, 300), 400, 200);
  MusterFeature *copse = add_wood (field, P (200, 470), 240, 120);
  MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  const MusterMapPlacedLabel *label;
  guint on_ground, over_units;
  MusterBox stands;
  guint64 key;
  cairo_t *cr;

  copse->name = g_strdup ("Copse");
  /* along the wood's top, where its name goes: 160 mm wide, 40 mm deep */
  unit->name = g_strdup ("Stonewall Brigade");
  unit->side = g_strdup ("Blue");
  unit->centre = P (500, 222);
  unit->stands = 4;
  unit->base_width = unit->base_depth = 40;
  unit->rotation = -G_PI / 2;
  muster_battlefield_insert (field, -1, unit);
  muster_viewport_set_size (viewport, W, H);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50);
  stands = muster_box_empty ();
  {
    MusterBox bounds = muster_feature_get_bounds (unit);
    double x, y;

    muster_viewport_table_to_widget (viewport, bounds.x0, bounds.y0, &x, &y);
    muster_box_extend (&stands, P (x + 1, y + 1));
    muster_viewport_table_to_widget (viewport, bounds.x1, bounds.y1, &x, &y);
    muster_box_extend (&stands, P (x - 1, y - 1));
  }

  /* the name is under the stands on the ground layer, and shows over them on the map */
  on_ground = name_pixels (viewport, &scene, MUSTER_MAP_LAYER_GROUND, wood, "Long Wood", stands);
  over_units = name_pixels (viewport, &scene, MUSTER_MAP_LAYER_ALL, wood, "Long Wood", stands);
  g_assert_cmpuint (on_ground, >, 100);
  g_assert_cmpuint (over_units, >, on_ground * 3 / 4);

  cr = cairo_create (surface);
  placed = muster_map_place_scene_labels (cr, viewport, &scene, &style);
  label = g_hash_table_lookup (placed, wood);
  g_assert_nonnull (label);
  g_assert_true (label->terrain);
  g_assert_cmpstr (label->text, ==, "Long Wood");
  g_assert_null (g_hash_table_lookup (placed, copse));
  label = g_hash_table_lookup (placed, unit);
  g_assert_nonnull (label);
  g_assert_false (label->terrain);

  key = muster_map_layer_key (&scene, &style, MUSTER_MAP_LAYER_GROUND);
  moved = muster_feature_copy (unit);
  moved->centre = P (800, 500);
  muster_feature_free (muster_battlefield_replace (field, moved));
  g_assert_cmpuint (muster_map_layer_key (&scene, &style, MUSTER_MAP_LAYER_GROUND), ==, key);
  g_hash_table_unref (g_steal_pointer (&placed));
  placed = muster_map_place_scene_labels (cr, viewport, &scene, &style);
  g_assert_null (g_hash_table_lookup (placed, wood));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Label layouts are kept between frames for image surfaces: the same text in the same font is
 * laid out once, as a fresh layout would be; another font is another layout; a vector surface
 * lays out for itself. */
static void
test_kept_label_layouts (void)
{
  cairo_surface_t *first = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 50, 50);
  cairo_surface_t *second = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 80, 40);
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (first);
  cairo_t *cr2 = cairo_create (second);
  cairo_t *cr_rec = cairo_create (recording);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");
  PangoFontDescription *italic = pango_font_description_from_string ("Sans Italic 9");
  g_autoptr(PangoLayout) fresh = pango_cairo_create_layout (cr);
  PangoContext *context = muster_map_label_context (cr);
  PangoLayout *layout, *again;
  int w, h, fresh_w, fresh_h;

  g_assert_nonnull (context);
  layout = muster_map_label_layout (context, font, "Old Wood");
  g_assert_cmpstr (pango_layout_get_text (layout), ==, "Old Wood");
  pango_layout_set_font_description (fresh, font);
  pango_layout_set_text (fresh, "Old Wood", -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  pango_layout_get_pixel_size (fresh, &fresh_w, &fresh_h);
  g_assert_cmpint (w, >, 20);
  g_assert_cmpint (w, ==, fresh_w);
  g_assert_cmpint (h, ==, fresh_h);
  g_assert_true (muster_map_label_layout (context, font, "Old Wood") == layout);
  g_assert_true (muster_map_label_layout (context, italic, "Old Wood") != layout);
  g_assert_true (muster_map_label_layout (context, font, "Old Mill") != layout);

  /* the next frame, on another surface, translated as a strip is: the same layout */
  cairo_translate (cr2, -30, 12);
  g_assert_true (muster_map_label_context (cr2) == context);
  again = muster_map_label_layout (context, font, "Old Wood");
  g_assert_true (again == layout);
  pango_layout_get_pixel_size (again, &w, &h);
  g_assert_cmpint (w, ==, fresh_w);

  g_assert_null (muster_map_label_context (cr_rec));

  pango_font_description_free (font);
  pango_font_description_free (italic);
  cairo_destroy (cr);
  cairo_destroy (cr2);
  cairo_destroy (cr_rec);
  cairo_surface_destroy (first);
  cairo_surface_destroy (second);
  cairo_surface_destroy (recording);
}

/* A frame's footprints, laid out once, are what the units are painted from: the same picture as
 * laying them out afresh; a footprint put in the table for a unit moves its stands. */
static void
test_frame_footprints (void)
{
  g_autoptr(MusterBattlefield) field = make_field ();
  const MusterFeature *unit = NULL;
  MusterMapScene scene = { 0 };
  cairo_surface_t *fresh, *shared, *moved;
  MusterFeature *shifted;

  for (guint i = 0; unit == NULL; i++)
    if (muster_battlefield_get_feature (field, i)->kind == MUSTER_FEATURE_UNIT)
      unit = muster_battlefield_get_feature (field, i);
  scene.rubber_band = muster_box_empty ();
  scene.battlefield = field;
  fresh = paint (field, &scene);
  scene.footprints = muster_map_scene_footprints (&scene);
  g_assert_cmpuint (g_hash_table_size (scene.footprints), ==, 2);
  g_assert_nonnull (g_hash_table_lookup (scene.footprints, unit));
  shared = paint (field, &scene);
  g_assert_cmpmem (cairo_image_surface_get_data (fresh), H * cairo_image_surface_get_stride (fresh),
                   cairo_image_surface_get_data (shared), H * cairo_image_surface_get_stride (shared));

  /* the unit's entry laid out 200 mm further down the table: painted there, not where it is */
  shifted = muster_feature_copy (unit);
  muster_feature_translate (shifted, (MusterVector) { 0, 200 });
  g_hash_table_insert (scene.footprints, (gpointer) unit, muster_feature_get_footprint (shifted));
  moved = paint (field, &scene);
  g_assert_true (same_colour (pixel_at (fresh, PX (440), PY (300)), rgba_to_pixel (style.sides[0])));
  g_assert_false (same_colour (pixel_at (moved, PX (440), PY (300)), rgba_to_pixel (style.sides[0])));
  g_assert_true (same_colour (pixel_at (moved, PX (440), PY (500)), rgba_to_pixel (style.sides[0])));

  muster_feature_free (shifted);
  g_hash_table_unref (scene.footprints);
  cairo_surface_destroy (fresh);
  cairo_surface_destroy (shared);
  cairo_surface_destroy (moved);
}

/* The background is left out under the table, which covers it: what was on the surface before
 * never shows, at the table's edges either, fitted, zoomed, turned, in a strip. */
static void
test_background_under_table (void)
{
  g_autoptr(MusterBattlefield) field = make_field ();
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  static const double magenta[4] = { 1, 0, 1, 1 };
  const cairo_rectangle_int_t strip = { 0, 37, W, 101 };

  muster_viewport_set_size (viewport, W, H);
  for (guint view = 0; view < 4; view++)
    {
      cairo_surface_t *surfaces[2];
      guint n_magenta = 0;

      muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 50.3);
      if (view == 1)
        muster_viewport_zoom_at (viewport, muster_viewport_get_zoom (viewport) * 3.7, 113.4, 377.1);
      else if (view == 2)
        muster_viewport_set_rotation (viewport, 0.3);
      for (guint k = 0; k < 2; k++)
        {
          cairo_t *cr;

          surfaces[k] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
          cr = cairo_create (surfaces[k]);
          cairo_set_source_rgba (cr, k ? magenta[0] : style.background[0],
                                 k ? magenta[1] : style.background[1],
                                 k ? magenta[2] : style.background[2], 1);
          cairo_paint (cr);
          muster_map_paint_layers (cr, viewport, &scene, &style, MUSTER_MAP_LAYER_ALL,
                                   view == 3 ? &strip : NULL);
          cairo_destroy (cr);
          cairo_surface_flush (surfaces[k]);
        }
      for (int y = 0; y < H; y++)
        {
          int stride = cairo_image_surface_get_stride (surfaces[0]);

          /* outside the strip the first paint shows, as it must */
          n_magenta += pixel_at (surfaces[1], W / 2, y) == rgba_to_pixel (magenta);
          if (view != 3 || (y >= strip.y && y < strip.y + strip.height))
            g_assert_cmpmem (cairo_image_surface_get_data (surfaces[0]) + y * stride, W * 4,
                             cairo_image_surface_get_data (surfaces[1]) + y * stride, W * 4);
        }
      g_assert_cmpuint (n_magenta, ==, view == 3 ? H - strip.height : 0);
      cairo_surface_destroy (surfaces[0]);
      cairo_surface_destroy (surfaces[1]);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  muster_map_style_init_light (&style);
  g_test_add_func ("/map-painter/layers", test_layers);
  g_test_add_func ("/map-painter/audiences", test_audiences);
  g_test_add_func ("/map-painter/selection-and-measure", test_selection_and_measure);
  g_test_add_func ("/map-painter/rulers-and-helpers", test_rulers_and_helpers);
  g_test_add_func ("/map-painter/dark", test_dark);
  g_test_add_func ("/map-painter/range-rings", test_range_rings);
  g_test_add_func ("/map-painter/label-placement", test_label_placement);
  g_test_add_func ("/map-painter/heavy-weapon-rings", test_heavy_weapon_rings);
  g_test_add_func ("/map-painter/labels-apart", test_labels_apart);
  g_test_add_func ("/map-painter/labels-off-markers", test_labels_off_markers);
  g_test_add_func ("/map-painter/unnamed-unit-labels", test_unnamed_unit_labels);
  g_test_add_func ("/map-painter/terrain-name-on-table", test_terrain_name_on_table);
  g_test_add_func ("/map-painter/unit-label-clear-of-terrain-name",
                   test_unit_label_clear_of_terrain_name);
  g_test_add_func ("/map-painter/terrain-name-off-objective", test_terrain_name_off_objective);
  g_test_add_func ("/map-painter/terrain-name-never-under-marker",
                   test_terrain_name_never_under_marker);
  g_test_add_func ("/map-painter/terrain-name-over-units", test_terrain_name_over_units);
  g_test_add_func ("/map-painter/kept-label-layouts", test_kept_label_layouts);
  g_test_add_func ("/map-painter/frame-footprints", test_frame_footprints);
  g_test_add_func ("/map-painter/background-under-table", test_background_under_table);
  return g_test_run ();
}
