/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "muster-engine.h"
#include "muster-test-util.h"

#define INCH 25.4

static MusterGeneration *
generate (MusterGenerator *generator,
          guint64          seed,
          ...)
{
  g_autoptr(GHashTable) choices = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  static const char * const sides[] = { "Blue", "Red", NULL };
  MusterGeneration *generation;
  const char *option;
  va_list args;

  va_start (args, seed);
  while ((option = va_arg (args, const char *)))
    g_hash_table_insert (choices, (gpointer) option, va_arg (args, char *));
  va_end (args);
  generation = muster_generator_run (generator, 6 * 12 * INCH, 4 * 12 * INCH, sides, choices,
                                     seed, &error);
  g_assert_no_error (error);
  return generation;
}

/* @f's kind, type, name and bounds, as text. */
static char *
describe_feature (const MusterFeature *f)
{
  MusterBox box = muster_feature_get_bounds (f);

  return g_strdup_printf ("%d %s %s %.6f %.6f %.6f %.6f", f->kind, f->type ? f->type : "-",
                          f->name ? f->name : "-", box.x0, box.y0, box.x1, box.y1);
}

/* Everything that makes a feature what it is, as text, to compare two generations. */
static char *
describe (const MusterGeneration *generation)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < generation->features->len; i++)
    {
      const MusterFeature *f = generation->features->pdata[i];
      g_autofree char *feature = describe_feature (f);

      g_string_append_printf (text, "%s %s %d\n", feature, f->side ? f->side : "-", f->number);
    }
  g_string_append (text, generation->notes);
  return g_string_free (text, FALSE);
}

static guint
count_kind (const MusterGeneration *generation,
            MusterFeatureKind       kind)
{
  guint n = 0;

  for (guint i = 0; i < generation->features->len; i++)
    n += ((MusterFeature *) generation->features->pdata[i])->kind == kind;
  return n;
}

static gboolean
inside_table (MusterPoint p)
{
  return p.x >= 0 && p.y >= 0 && p.x <= 6 * 12 * INCH && p.y <= 4 * 12 * INCH;
}

/* Undying Lands §12.1: every score of d8 (+2 on the edge) gives the book's terrain. */
static void
test_ul_terrain_table (void)
{
  static const struct { int score; const char *terrain; } book[] = {
    { 1, NULL }, { 2, NULL }, { 3, NULL }, { 4, NULL },
    { 5, "gentle-hill" }, { 6, "steep-hill" }, { 7, "wood" }, { 8, "built-up" },
    { 9, "impassable" }, { 10, "impassable" },
  };
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("undying-lands");
  gboolean found;

  g_assert_cmpstr (muster_generator_get_method (generator), ==, "squares");
  for (guint i = 0; i < G_N_ELEMENTS (book); i++)
    {
      g_assert_cmpstr (muster_generator_lookup_roll (generator, "terrain", book[i].score,
                                                     &found), ==, book[i].terrain);
      g_assert_true (found);
    }
  /* no score outside 1 (interior, lowest) … 10 (edge, highest) */
  muster_generator_lookup_roll (generator, "terrain", 0, &found);
  g_assert_false (found);
  muster_generator_lookup_roll (generator, "terrain", 11, &found);
  g_assert_false (found);
}

/* Each square's note names its roll and its terrain; each piece lies in its square; interior
 * squares roll 1–8, edge squares 3–10. */
static void
test_ul_squares (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("undying-lands");
  g_autoptr(MusterGeneration) generation = generate (generator, 42, "grid", "squares-16", NULL);
  g_auto(GStrv) lines = g_strsplit (generation->notes, "\n", -1);
  double sq_w = 6 * 12 * INCH / 4, sq_h = 4 * 12 * INCH / 4;
  guint squares = 0, pieces = 0;

  for (guint i = 0; lines[i]; i++)
    {
      char label[3] = { 0 };
      int column, row, score = 0, die, bonus;
      const char *arrow = strstr (lines[i], "→ ");
      g_autofree char *terrain = NULL;

      if (!g_str_has_prefix (lines[i], "Square "))
        continue;
      squares++;
      label[0] = lines[i][7];
      label[1] = lines[i][8];
      column = label[0] - 'A';
      row = label[1] - '1';
      if (sscanf (strstr (lines[i], ": d8 ") + 5, "%d + %d = %d", &die, &bonus, &score) == 3)
        {
          g_assert_true (strstr (lines[i], "(edge)"));
          g_assert_cmpint (score, >=, 3);
          g_assert_cmpint (score, <=, 10);
        }
      else
        {
          g_assert_false (strstr (lines[i], "(edge)"));
          g_assert_true (column > 0 && column < 3 && row > 0 && row < 3);
          g_assert_cmpint (die, >=, 1);
          g_assert_cmpint (die, <=, 8);
        }
      g_assert_nonnull (arrow);
      terrain = g_strndup (arrow + strlen ("→ "), strlen (arrow + strlen ("→ ")) - 1);
      if (g_str_equal (terrain, "open"))
        continue;
      /* its piece: named after the square, inside it */
      for (guint j = 0; j < generation->features->len; j++)
        {
          const MusterFeature *f = generation->features->pdata[j];
          g_autofree char *name = g_strdup_printf ("%s (%s)", terrain, label);

          if (f->kind == MUSTER_FEATURE_TERRAIN && g_str_equal (f->name, name))
            {
              MusterBox box = muster_feature_get_bounds (f);

              pieces++;
              g_assert_cmpfloat (box.x0, >=, column * sq_w - 1e-6);
              g_assert_cmpfloat (box.x1, <=, (column + 1) * sq_w + 1e-6);
              g_assert_cmpfloat (box.y0, >=, row * sq_h - 1e-6);
              g_assert_cmpfloat (box.y1, <=, (row + 1) * sq_h + 1e-6);
            }
        }
    }
  g_assert_cmpuint (squares, ==, 16);
  g_assert_cmpuint (pieces, ==, count_kind (generation, MUSTER_FEATURE_TERRAIN));
  g_assert_cmpuint (count_kind (generation, MUSTER_FEATURE_ZONE), ==, 2);
  g_assert_true (strstr (generation->notes, "Terrain adjustment"));
}

/* Over many seeds the squares come out in the book's proportions: interior squares are never
 * impassable and open half the time; edge squares impassable a quarter of the time. */
static void
test_ul_proportions (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("undying-lands");
  guint interior = 0, interior_open = 0, edge = 0, edge_impassable = 0, interior_blocked = 0;

  for (guint64 seed = 1; seed <= 400; seed++)
    {
      g_autoptr(MusterGeneration) generation = generate (generator, seed, "grid", "squares-16",
                                                         NULL);
      g_auto(GStrv) lines = g_strsplit (generation->notes, "\n", -1);

      for (guint i = 0; lines[i]; i++)
        {
          if (!g_str_has_prefix (lines[i], "Square "))
            continue;
          if (strstr (lines[i], "(edge)"))
            {
              edge++;
              edge_impassable += g_str_has_suffix (lines[i], "→ Impassable.");
            }
          else
            {
              interior++;
              interior_open += g_str_has_suffix (lines[i], "→ open.");
              interior_blocked += g_str_has_suffix (lines[i], "→ Impassable.");
            }
        }
    }
  g_assert_cmpuint (interior, ==, 400 * 4);
  g_assert_cmpuint (edge, ==, 400 * 12);
  g_assert_cmpuint (interior_blocked, ==, 0);
  /* 1600 squares at p = 1/2: five standard deviations are ±0.0625 */
  g_assert_cmpfloat (fabs ((double) interior_open / interior - 0.5), <, 0.0625);
  g_assert_cmpfloat (fabs ((double) edge_impassable / edge - 0.25), <, 0.032);
}

/* The same seed and options give the same battlefield; another seed another one. */
static void
test_same_seed (void)
{
  static const char * const systems[] = { "undying-lands", "horse-and-musket",
                                          "standards-of-valor", "battle-valor-fantasy" };

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autoptr(MusterGenerator) generator = muster_test_load_generator (systems[i]);
      g_autoptr(MusterGeneration) a = generate (generator, 1234, NULL);
      g_autoptr(MusterGeneration) b = generate (generator, 1234, NULL);
      g_autoptr(MusterGeneration) c = generate (generator, 1235, NULL);
      g_autofree char *text_a = describe (a), *text_b = describe (b), *text_c = describe (c);

      g_assert_cmpstr (text_a, ==, text_b);
      g_assert_cmpstr (text_a, !=, text_c);
      g_assert_cmpuint (a->seed, ==, 1234);
      g_assert_true (strstr (a->notes, "seed 1234."));
    }
}

/* §2.10: eight objectives, placed in turn, on the table and spaced; the chosen map laid. */
static void
test_hm_generic_maps (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("horse-and-musket");

  for (guint64 seed = 1; seed <= 30; seed++)
    {
      g_autoptr(MusterGeneration) generation = generate (generator, seed, "map", "ridge", NULL);
      guint settlements = 0;
      gboolean ridge = FALSE;

      g_assert_cmpuint (count_kind (generation, MUSTER_FEATURE_OBJECTIVE), ==, 8);
      g_assert_cmpuint (count_kind (generation, MUSTER_FEATURE_ZONE), ==, 2);
      for (guint i = 0; i < generation->features->len; i++)
        {
          const MusterFeature *f = generation->features->pdata[i];

          if (f->kind == MUSTER_FEATURE_OBJECTIVE)
            {
              g_assert_true (inside_table (f->centre));
              g_assert_cmpint (f->number, >=, 1);
              g_assert_cmpint (f->number, <=, 8);
            }
          settlements += g_strcmp0 (f->type, "town") == 0;
          ridge |= g_strcmp0 (f->name, "The ridge") == 0;
        }
      g_assert_cmpuint (settlements, >=, 1);
      g_assert_cmpuint (settlements, <=, 3);
      g_assert_true (ridge);
      g_assert_true (strstr (generation->notes, "Objective 8:"));
      g_assert_nonnull (generation->victory);
    }
}

/* Half a map is stretched over the whole table: the ridge, centred on the map, starts at the
 * left edge when only the right half is used. */
static void
test_hm_portion (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("horse-and-musket");
  g_autoptr(MusterGeneration) whole = generate (generator, 3, "map", "ridge", NULL);
  g_autoptr(MusterGeneration) right = generate (generator, 3, "map", "ridge", "portion", "right",
                                                NULL);
  MusterBox a = muster_box_empty (), b = muster_box_empty ();

  /* the hill, not an objective placed on it and named after it */
  for (guint i = 0; i < whole->features->len; i++)
    if (g_strcmp0 (((MusterFeature *) whole->features->pdata[i])->type, "hill") == 0 &&
        g_strcmp0 (((MusterFeature *) whole->features->pdata[i])->name, "The ridge") == 0)
      a = muster_feature_get_bounds (whole->features->pdata[i]);
  for (guint i = 0; i < right->features->len; i++)
    if (g_strcmp0 (((MusterFeature *) right->features->pdata[i])->type, "hill") == 0 &&
        g_strcmp0 (((MusterFeature *) right->features->pdata[i])->name, "The ridge") == 0)
      b = muster_feature_get_bounds (right->features->pdata[i]);
  g_assert_false (muster_box_is_empty (a));
  g_assert_false (muster_box_is_empty (b));
  g_assert_cmpfloat (a.x0, >, 0);
  g_assert_cmpfloat (b.x0, <, 0);
  g_assert_cmpfloat (b.x1 - b.x0, >, 1.9 * (a.x1 - a.x0));
}

/* §5: the number of pieces from the density, 5 : 3 : 1 by rarity, each thrown 6D6 inches on a
 * 6-foot table; a piece that lands off the table still counts. */
static void
test_sov_random_terrain (void)
{
  static const struct { const char *density; guint pieces; } cases[] = {
    { "dense", 6 }, { "medium", 3 }, { "sparse", 2 },
  };
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("standards-of-valor");

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint64 seed = 1; seed <= 20; seed++)
      {
        g_autoptr(MusterGeneration) generation = generate (generator, seed, "density",
                                                           cases[c].density, "dramatic", "yes",
                                                           NULL);
        g_auto(GStrv) lines = g_strsplit (generation->notes, "\n", -1);
        guint thrown = 0, lost = 0, unique = 0, uncommon = 0;

        for (guint i = 0; lines[i]; i++)
          {
            int n = 0, sum = 0, dice[6];

            if (!g_str_has_prefix (lines[i], "Piece "))
              continue;
            thrown++;
            lost += strstr (lines[i], "lost") != NULL;
            unique += strstr (lines[i], "(Unique)") != NULL;
            uncommon += strstr (lines[i], "(Uncommon)") != NULL;
            g_assert_true (strstr (lines[i], "6D6 ("));
            n = sscanf (strstr (lines[i], "6D6 (") + 5, "%d %d %d %d %d %d", &dice[0], &dice[1],
                        &dice[2], &dice[3], &dice[4], &dice[5]);
            g_assert_cmpint (n, ==, 6);
            for (int d = 0; d < 6; d++)
              {
                g_assert_cmpint (dice[d], >=, 1);
                g_assert_cmpint (dice[d], <=, 6);
                sum += dice[d];
              }
            g_assert_cmpint (atoi (strstr (lines[i], ") = ") + 4), ==, sum);
          }
        /* the density's pieces plus one Unique; the fourth piece and on are Common up to five */
        g_assert_cmpuint (thrown, ==, cases[c].pieces + 1);
        g_assert_cmpuint (unique, ==, 1);
        g_assert_cmpuint (uncommon, ==, cases[c].pieces > 5 ? 1 : 0);
        g_assert_cmpuint (count_kind (generation, MUSTER_FEATURE_TERRAIN), ==, thrown - lost);
        for (guint i = 0; i < generation->features->len; i++)
          {
            const MusterFeature *f = generation->features->pdata[i];

            if (f->kind == MUSTER_FEATURE_TERRAIN)
              g_assert_true (inside_table (muster_box_centre (muster_feature_get_bounds (f))));
          }
        /* a neutral game: one objective, in the centre; deployment in the nearest thirds */
        g_assert_cmpuint (count_kind (generation, MUSTER_FEATURE_OBJECTIVE), ==, 1);
        g_assert_cmpuint (count_kind (generation, MUSTER_FEATURE_ZONE), ==, 2);
      }
}

static const MusterFeature *
find_named (const MusterGeneration *generation,
            const char             *name)
{
  for (guint i = 0; i < generation->features->len; i++)
    if (g_strcmp0 (((MusterFeature *) generation->features->pdata[i])->name, name) == 0)
      return generation->features->pdata[i];
  return NULL;
}

static const MusterFeature *
find_typed (const MusterGeneration *generation,
            const char             *type)
{
  for (guint i = 0; i < generation->features->len; i++)
    if (g_strcmp0 (((MusterFeature *) generation->features->pdata[i])->type, type) == 0)
      return generation->features->pdata[i];
  return NULL;
}

/* §6's set-ups: Hold the Line's fort in Blue's half with no terrain within 6 inches; Ambush!'s
 * hidden Red zones on the umpire's layer and a roadblock on the road. */
static void
test_sov_scenarios (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("standards-of-valor");

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(MusterGeneration) hold = generate (generator, seed, "scenario", "hold",
                                                   "density", "dense", NULL);
      g_autoptr(MusterGeneration) ambush = generate (generator, seed, "scenario", "ambush", NULL);
      const MusterFeature *fort = find_typed (hold, "field-works");
      MusterBox fort_box;
      guint hidden = 0;

      g_assert_nonnull (fort);
      fort_box = muster_feature_get_bounds (fort);
      g_assert_cmpfloat (fort_box.y1, <, 2 * 12 * INCH);
      for (guint i = 0; i < hold->features->len; i++)
        {
          const MusterFeature *f = hold->features->pdata[i];

          if (f->kind == MUSTER_FEATURE_TERRAIN && f != fort && g_strcmp0 (f->type, "road") != 0)
            g_assert_cmpfloat (muster_box_distance (fort_box, muster_feature_get_bounds (f)), >=,
                               6 * INCH - 1e-6);
        }
      g_assert_nonnull (find_named (hold, "The road"));
      g_assert_nonnull (hold->victory);

      for (guint i = 0; i < ambush->features->len; i++)
        {
          const MusterFeature *f = ambush->features->pdata[i];

          if (f->kind == MUSTER_FEATURE_ZONE && g_strcmp0 (f->side, "Red") == 0)
            {
              g_assert_cmpstr (f->layer, ==, "umpire");
              hidden++;
            }
        }
      g_assert_cmpuint (hidden, ==, 2);
      g_assert_nonnull (find_named (ambush, "Roadblock"));
      g_assert_true (strstr (ambush->victory, "cargo"));
    }
}

/* Battle Valor Fantasy has no terrain procedure (§6.1): the house rule's pieces, as many as
 * the choice says less those rolled open, on the table and 3" clear of each other, walls and
 * streams as lines; zones 12" in from each long edge (§5.1); the initiative roll in the notes. */
static void
test_bvf_agreed (void)
{
  static const struct { const char *pieces; guint count; } cases[] = {
    { "none", 0 }, { "light", 4 }, { "medium", 6 }, { "heavy", 9 },
  };
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("battle-valor-fantasy");
  gboolean lines_seen = FALSE;

  g_assert_cmpstr (muster_generator_get_method (generator), ==, "agreed");
  g_assert_true (strstr (muster_generator_get_name (generator), "house rule"));
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint64 seed = 1; seed <= 15; seed++)
      {
        g_autoptr(MusterGeneration) generation = generate (generator, seed, "pieces",
                                                           cases[c].pieces, NULL);
        g_auto(GStrv) lines = g_strsplit (generation->notes, "\n", -1);
        guint rolled = 0, placed = 0, zones = 0;

        for (guint i = 0; lines[i]; i++)
          if (g_str_has_prefix (lines[i], "Piece "))
            {
              int die = 0;

              rolled++;
              g_assert_cmpint (sscanf (strstr (lines[i], "d6 "), "d6 %d", &die), ==, 1);
              g_assert_cmpint (die, >=, 1);
              g_assert_cmpint (die, <=, 6);
            }
        g_assert_cmpuint (rolled, ==, cases[c].count);
        g_assert_true (strstr (generation->notes, "Deployment initiative (§5.1), 4 dice each"));
        for (guint i = 0; i < generation->features->len; i++)
          {
            const MusterFeature *f = generation->features->pdata[i];
            MusterBox box = muster_feature_get_bounds (f);

            if (f->kind == MUSTER_FEATURE_ZONE)
              {
                zones++;
                g_assert_cmpfloat_with_epsilon (box.y1 - box.y0, 12 * INCH, 1e-6);
                g_assert_cmpfloat_with_epsilon (box.x1 - box.x0, 6 * 12 * INCH, 1e-6);
                g_assert_true (box.y0 == 0 || fabs (box.y1 - 4 * 12 * INCH) < 1e-6);
                continue;
              }
            g_assert_cmpint (f->kind, ==, MUSTER_FEATURE_TERRAIN);
            placed++;
            g_assert_true (inside_table ((MusterPoint) { box.x0, box.y0 }));
            g_assert_true (inside_table ((MusterPoint) { box.x1, box.y1 }));
            if (g_str_equal (f->type, "linear") || g_str_equal (f->type, "stream"))
              {
                g_assert_cmpint (f->outline, ==, MUSTER_OUTLINE_POLYLINE);
                lines_seen = TRUE;
              }
            for (guint j = 0; j < i; j++)
              {
                const MusterFeature *g = generation->features->pdata[j];

                if (g->kind == MUSTER_FEATURE_TERRAIN)
                  g_assert_cmpfloat (muster_box_distance (box, muster_feature_get_bounds (g)),
                                     >=, 3 * INCH);
              }
          }
        g_assert_cmpuint (zones, ==, 2);
        g_assert_cmpuint (placed, <=, cases[c].count);
        g_assert_cmpuint (count_kind (generation, MUSTER_FEATURE_OBJECTIVE), ==, 0);
      }
  g_assert_true (lines_seen);
}

/* A method the book does not give says so (house="true" on the block): Battle Valor
 * Fantasy's agreed battlefield only. */
static void
test_house (void)
{
  static const char * const systems[] = { "undying-lands", "horse-and-musket",
                                          "standards-of-valor", "battle-valor-fantasy" };

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autoptr(MusterGenerator) generator = muster_test_load_generator (systems[i]);

      g_assert_cmpint (muster_generator_is_house (generator), ==,
                       g_str_equal (systems[i], "battle-valor-fantasy"));
    }
}

/* The table generated on when there is none: 6 × 4 ft, or 180 × 120 cm for a system measured
 * in centimetres. */
static void
test_standard_table (void)
{
  g_autoptr(MusterGenerator) bvf = muster_test_load_generator ("battle-valor-fantasy");
  g_autoptr(MusterGenerator) ul = muster_test_load_generator ("undying-lands");
  const char *units = NULL;
  double w = 0, h = 0;

  muster_generator_get_table (bvf, &w, &h, &units);
  g_assert_cmpfloat_with_epsilon (w, 72 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (h, 48 * INCH, 1e-9);
  g_assert_cmpstr (units, ==, "in");
  muster_generator_get_table (ul, &w, &h, &units);
  g_assert_cmpfloat (w, ==, 1800);
  g_assert_cmpfloat (h, ==, 1200);
  g_assert_cmpstr (units, ==, "cm");
}

static void
test_bad_choices (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("standards-of-valor");
  g_autoptr(GHashTable) choices = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  MusterGeneration *generation;

  g_hash_table_insert (choices, "scenario", "siege");
  generation = muster_generator_run (generator, 1800, 1200, NULL, choices, 1, &error);
  g_assert_null (generation);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_assert_true (strstr (error->message, "siege"));
  g_clear_error (&error);

  g_hash_table_remove_all (choices);
  g_hash_table_insert (choices, "weather", "rain");
  g_assert_null (muster_generator_run (generator, 1800, 1200, NULL, choices, 1, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  g_assert_null (muster_generator_run (generator, 10, 1200, NULL, NULL, 1, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

/* Bad data names the file, the line and the problem. */
static void
test_bad_rulesets (void)
{
  static const struct { const char *block; const char *prefix; } cases[] = {
    { "<generation method=\"hexes\"/>", "x.xml:3: “hexes” is not a generation method" },
    { "<generation method=\"squares\">\n<roll id=\"terrain\" die=\"8\">"
      "<result from=\"1\" to=\"8\" terrain=\"lava\"/></roll></generation>",
      "x.xml:4: <result> names terrain type “lava”" },
    { "<generation method=\"squares\">\n<roll id=\"terrain\" die=\"8\" edge-bonus=\"2\">"
      "<result from=\"1\" to=\"8\" terrain=\"wood\"/></roll></generation>",
      "x.xml:4: roll “terrain” gives no result for a score of 9" },
    { "<generation method=\"clock-face\">\n<option id=\"a\" default=\"z\">"
      "<choice id=\"b\"/></option></generation>",
      "x.xml:4: the default “z” of option “a” is none of its choices" },
    { "<generation method=\"generic-maps\">\n<map id=\"m\"><piece terrain=\"wood\" "
      "shape=\"polygon\" points=\"0,0 1;1\"/></map></generation>",
      "x.xml:4: “0,0 1;1” is not a list of points x,y" },
    { "<generation method=\"generic-maps\">\n<param id=\"objectives\" value=\"eight\"/>"
      "</generation>",
      "x.xml:4: “eight” is not a number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("<ruleset format=\"1\" id=\"x\" version=\"1\">\n"
                                               "<terrain-types><terrain id=\"wood\" name=\"Wood\""
                                               " kind=\"woods\"/></terrain-types>\n%s</ruleset>",
                                               cases[i].block);
      g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterGenerator) generator = muster_generator_new_from_bytes (bytes, "x.xml",
                                                                              &error);

      muster_assert_error_case (generator, error, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                                cases[i].prefix, i);
    }

  /* a system without the procedure: no generator, no error */
  {
    static const char text[] = "<ruleset format=\"1\" id=\"x\" version=\"1\"><name>X</name>"
                               "</ruleset>";
    g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
    g_autoptr(GError) error = NULL;

    g_assert_null (muster_generator_new_from_bytes (bytes, "x.xml", &error));
    g_assert_no_error (error);
  }
}

static void
test_merge_notes (void)
{
  g_autofree char *first = muster_generation_merge_notes (NULL, "Terrain squares, seed 5.\nA");
  g_autofree char *kept = muster_generation_merge_notes ("The bridge is out.\n\n"
                                                         "Terrain squares, seed 5.\nA\nB",
                                                         "Terrain squares, seed 6.\nC");

  g_assert_cmpstr (first, ==, "Terrain squares, seed 5.\nA");
  g_assert_cmpstr (kept, ==, "The bridge is out.\n\nTerrain squares, seed 6.\nC");
}

/* The generator's paragraph follows a side's new name, word by word; the umpire's own paragraphs
 * and words that only contain the name stay as they are. */
static void
test_rename_side (void)
{
  static const char notes[] =
    "Red must not cross the ford.\n\n"
    "Agreed battlefield (house rule), seed 5.\n"
    "Deployment initiative: Dwarves 2, Red 1. Red lost; Red's General is placed last. "
    "Reduced, Redcaps and Ared stay.\nRed";
  g_autofree char *renamed = muster_generation_rename_side (notes, "Red", "Goblin Horde");
  g_autofree char *none = muster_generation_rename_side ("Red must not cross.", "Red", "X");
  g_autofree char *empty = muster_generation_rename_side (NULL, "Red", "X");
  g_autofree char *unicode = muster_generation_rename_side ("Squares, seed 1.\nÉRed Red\u00e9 Red.",
                                                            "Red", "Orcs");

  g_assert_cmpstr (renamed, ==,
                   "Red must not cross the ford.\n\n"
                   "Agreed battlefield (house rule), seed 5.\n"
                   "Deployment initiative: Dwarves 2, Goblin Horde 1. Goblin Horde lost; "
                   "Goblin Horde's General is placed last. Reduced, Redcaps and Ared stay.\n"
                   "Goblin Horde");
  g_assert_cmpstr (none, ==, "Red must not cross.");
  g_assert_cmpstr (empty, ==, "");
  g_assert_cmpstr (unicode, ==, "Squares, seed 1.\nÉRed Red\u00e9 Orcs.");
}

/* Count of @word in @text as a word of its own. */
static guint
count_word (const char *text,
            const char *word)
{
  gsize len = strlen (word);
  guint n = 0;

  for (const char *at = strstr (text, word); at != NULL; at = strstr (at + 1, word))
    n += (at == text || !g_ascii_isalnum (at[-1])) && !g_ascii_isalnum (at[len]);
  return n;
}

/* Every generator names the sides it was given, never a "Blue" or "Red" of its own (Standards
 * of Valor's roles are said to be the book's, with who plays them), and renaming a side leaves
 * no trace of its old name in the notes. */
static void
test_notes_name_sides (void)
{
  static const char * const sides[] = { "Ashigaru", "Samurai", NULL };
  static const struct { const char *ruleset, *scenario; } cases[] = {
    { "undying-lands", NULL }, { "horse-and-musket", NULL },
    { "battle-valor-fantasy", NULL }, { "standards-of-valor", "fixed" },
    { "standards-of-valor", "encounter" }, { "standards-of-valor", "reconnaissance" },
    { "standards-of-valor", "ambush" }, { "standards-of-valor", "hold" },
    { "standards-of-valor", "withdrawal" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(MusterGenerator) generator = muster_test_load_generator (cases[c].ruleset);
      g_autoptr(GHashTable) choices = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(MusterGeneration) generation = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *renamed = NULL;
      guint named;

      if (cases[c].scenario)
        g_hash_table_insert (choices, "scenario", (gpointer) cases[c].scenario);
      generation = muster_generator_run (generator, 6 * 12 * INCH, 4 * 12 * INCH, sides,
                                         choices, 3, &error);
      g_assert_no_error (error);
      if (count_word (generation->notes, "Blue") + count_word (generation->notes, "Red") > 0)
        g_assert_true (strstr (generation->notes,
                               "The book's roles (§6): Ashigaru plays Blue; Samurai plays Red."));
      for (guint i = 0; i < generation->features->len; i++)
        {
          const MusterFeature *f = generation->features->pdata[i];

          g_assert_false (f->name && (count_word (f->name, "Blue") || count_word (f->name, "Red")));
          if (f->kind == MUSTER_FEATURE_ZONE)
            g_assert_true (g_str_has_prefix (f->name, f->side));
        }
      named = count_word (generation->notes, "Samurai");
      renamed = muster_generation_rename_side (generation->notes, "Samurai", "Kobolds");
      g_assert_cmpuint (count_word (renamed, "Samurai"), ==, 0);
      g_assert_cmpuint (count_word (renamed, "Kobolds"), ==, named);
      g_assert_cmpuint (count_word (renamed, "Ashigaru"), ==,
                        count_word (generation->notes, "Ashigaru"));
      /* the sides' own rolls name them (Standards of Valor's set piece battles need not) */
      if (cases[c].scenario == NULL || g_str_equal (cases[c].scenario, "reconnaissance"))
        g_assert_cmpuint (named, >, 0);
    }
}

/* Generating replaces terrain, zones and objectives and keeps placed units. */
static void
test_apply (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("undying-lands");
  g_autoptr(MusterGeneration) generation = generate (generator, 9, NULL);
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (6 * 12 * INCH, 4 * 12 * INCH,
                                                               "in");
  MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  guint units = 0, terrain = 0;

  wood->type = g_strdup ("wood");
  wood->name = g_strdup ("Old wood");
  wood->outline = MUSTER_OUTLINE_ELLIPSE;
  wood->width = wood->height = 100;
  muster_battlefield_insert (field, -1, wood);
  unit->unit = g_strdup ("u1");
  unit->outline = MUSTER_OUTLINE_POINT;
  unit->stands = 1;
  unit->base_width = unit->base_depth = 40;
  muster_battlefield_insert (field, -1, unit);
  g_free (muster_battlefield_set_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES, "Keep me."));

  muster_generation_apply (generation, field);
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      units += f->kind == MUSTER_FEATURE_UNIT;
      terrain += f->kind == MUSTER_FEATURE_TERRAIN;
      g_assert_cmpstr (f->name, !=, "Old wood");
    }
  g_assert_cmpuint (units, ==, 1);
  g_assert_cmpuint (terrain, ==, count_kind (generation, MUSTER_FEATURE_TERRAIN));
  g_assert_true (g_str_has_prefix (muster_battlefield_get_scenario (field,
                                                                    MUSTER_SCENARIO_UMPIRE_NOTES),
                                   "Keep me.\n\nTerrain squares, seed 9."));
}

/* The shortest distance from @piece to a unit placed on @field. */
static double
distance_to_units (const MusterFeature     *piece,
                   const MusterBattlefield *field)
{
  MusterPoint scratch[4];
  MusterShape shape = muster_feature_get_shape (piece, scratch);
  double best = INFINITY;

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      g_autoptr(MusterFootprint) fp = NULL;
      MusterShape stands;

      if (f->kind != MUSTER_FEATURE_UNIT)
        continue;
      fp = muster_feature_get_footprint (f);
      stands = muster_footprint_get_shape (fp);
      best = MIN (best, muster_shape_distance (&shape, &stands));
    }
  return best;
}

/* Generating for a table with units deployed: a piece that falls under a unit is moved clear
 * of every unit (or left out), roads and streams stay where they run, and the notes say so;
 * the scenario's objectives stay when the method places none (the agreed battlefield), and go
 * when it places its own (generic maps). */
static void
test_keep_clear (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("battle-valor-fantasy");
  g_autoptr(MusterGenerator) maps = muster_test_load_generator ("horse-and-musket");
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (6 * 12 * INCH, 4 * 12 * INCH,
                                                               "in");
  MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
  guint under = 0, moved = 0;

  /* two lines of units across the table, as deployed */
  for (guint i = 0; i < 16; i++)
    {
      MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);

      unit->id = g_strdup_printf ("p%u", i);
      unit->unit = g_strdup_printf ("u%u", i);
      unit->centre = (MusterPoint) { (4 + 9 * (i % 8)) * INCH, (i < 8 ? 10 : 38) * INCH };
      unit->stands = 4;
      unit->base_width = unit->base_depth = 40;
      muster_battlefield_insert (field, -1, unit);
    }
  objective->id = g_strdup ("o1");
  objective->name = g_strdup ("The Well");
  objective->centre = (MusterPoint) { 36 * INCH, 24 * INCH };
  muster_battlefield_insert (field, -1, objective);

  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(MusterGeneration) generation = generate (generator, seed, "pieces", "heavy", NULL);
      g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
      guint changed;

      for (guint i = 0; i < generation->features->len; i++)
        {
          const MusterFeature *f = generation->features->pdata[i];

          g_ptr_array_add (before, describe_feature (f));
          under += f->kind == MUSTER_FEATURE_TERRAIN && distance_to_units (f, field) < 12.7 &&
                   f->outline != MUSTER_OUTLINE_POLYLINE;
        }
      changed = muster_generator_keep_clear (generator, generation, field);
      moved += changed;
      for (guint i = 0; i < generation->features->len; i++)
        {
          const MusterFeature *f = generation->features->pdata[i];
          g_autofree char *now = describe_feature (f);
          gboolean kept = FALSE;

          for (guint j = 0; j < before->len; j++)
            kept |= g_strcmp0 (before->pdata[j], now) == 0;
          /* a stream may run under a unit, which fords it */
          if (f->kind == MUSTER_FEATURE_TERRAIN && g_strcmp0 (f->type, "stream") != 0)
            g_assert_cmpfloat (distance_to_units (f, field), >=, 12.7 - 1e-6);
          if (!kept)
            g_assert_true (f->kind == MUSTER_FEATURE_TERRAIN &&
                           strstr (generation->notes, f->name) != NULL);
        }
      g_assert_true (changed == 0 || strstr (generation->notes, "fell under deployed units"));
      /* the agreed battlefield has no objectives: the scenario's stay */
      g_assert_false (muster_generation_replaces (generation, objective));
    }
  /* the heavy terrain fell under the units often enough to show */
  g_assert_cmpuint (under, >, 3);
  g_assert_cmpuint (moved, >=, under);

  {
    g_autoptr(MusterGeneration) generation = generate (maps, 1, "map", "ridge", NULL);

    g_assert_true (muster_generation_replaces (generation, objective));
    muster_generation_apply (generation, field);
    g_assert_null (muster_battlefield_lookup (field, "o1"));
  }
}

/* House rules that extend a system without a <generation> of their own use the system's. */
static void
test_house_rules (void)
{
  g_autoptr(MusterCatalog) catalog = muster_catalog_new ();
  g_autofree char *dir = g_dir_make_tmp ("muster-generate-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "club-ul.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGenerator) generator = NULL;
  MusterRuleset *club;

  g_assert_true (g_file_set_contents (path, "<ruleset format=\"1\" id=\"club-ul\" version=\"1\" "
                                      "extends=\"undying-lands\"><name>Club</name></ruleset>",
                                      -1, NULL));
  muster_catalog_scan_dir (catalog, g_getenv ("MUSTER_RULESETS_PATH"));
  muster_catalog_scan_dir (catalog, dir);
  club = muster_catalog_resolve (catalog, "club-ul", &error);
  g_assert_no_error (error);
  generator = muster_generator_new_for_ruleset (catalog, club, &error);
  g_assert_no_error (error);
  g_assert_nonnull (generator);
  g_assert_cmpstr (muster_generator_get_method (generator), ==, "squares");
  /* and a system with none has none */
  g_clear_pointer (&generator, muster_generator_free);
  generator = muster_generator_new_for_ruleset (catalog,
                                                muster_catalog_lookup (catalog, "medals-of-valor"),
                                                &error);
  g_assert_no_error (error);
  g_assert_null (generator);
  muster_ruleset_unref (club);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/generate/ul/terrain-table", test_ul_terrain_table);
  g_test_add_func ("/generate/ul/squares", test_ul_squares);
  g_test_add_func ("/generate/ul/proportions", test_ul_proportions);
  g_test_add_func ("/generate/same-seed", test_same_seed);
  g_test_add_func ("/generate/hm/generic-maps", test_hm_generic_maps);
  g_test_add_func ("/generate/hm/portion", test_hm_portion);
  g_test_add_func ("/generate/sov/random-terrain", test_sov_random_terrain);
  g_test_add_func ("/generate/sov/scenarios", test_sov_scenarios);
  g_test_add_func ("/generate/bvf/agreed", test_bvf_agreed);
  g_test_add_func ("/generate/standard-table", test_standard_table);
  g_test_add_func ("/generate/house", test_house);
  g_test_add_func ("/generate/bad-choices", test_bad_choices);
  g_test_add_func ("/generate/bad-rulesets", test_bad_rulesets);
  g_test_add_func ("/generate/merge-notes", test_merge_notes);
  g_test_add_func ("/generate/rename-side", test_rename_side);
  g_test_add_func ("/generate/notes-name-sides", test_notes_name_sides);
  g_test_add_func ("/generate/keep-clear", test_keep_clear);
  g_test_add_func ("/generate/apply", test_apply);
  g_test_add_func ("/generate/house-rules", test_house_rules);
  return g_test_run ();
}
