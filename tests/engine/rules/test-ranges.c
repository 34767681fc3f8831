/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"
#include "muster-ranges.h"
#include "muster-terrain.h"
#include "muster-test-army.h"

/*
 * Weapon ranges from the shipped rulesets' <ranges>, in table mm: fixed, from a stat, in bands,
 * unlimited, in inches, centimetres and yards; and the errors of a bad <ranges>.
 */

#define IN 25.4

typedef struct
{
  MusterRuleset      *ruleset;
  MusterTerrainTypes *types;
  Army                army;
} System;

static System *
system_new (const char *id)
{
  System *system = g_new0 (System, 1);
  g_autofree char *name = g_strconcat (id, ".xml", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                                            name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  ArmySpec spec = { &system->ruleset, 1000 };
  gsize length;

  system->ruleset = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  bytes = g_bytes_new (contents, length);
  system->types = muster_terrain_types_new_from_bytes (bytes, name, &error);
  g_assert_no_error (error);
  army_setup (&system->army, &spec);
  return system;
}

static void
system_free (System *system)
{
  army_teardown (&system->army, NULL);
  muster_terrain_types_free (system->types);
  muster_ruleset_unref (system->ruleset);
  g_free (system);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (System, system_free)

static GArray *
ranges_of (System           *system,
           const MusterUnit *unit)
{
  return muster_range_rules_for_unit (muster_terrain_types_get_ranges (system->types),
                                      system->ruleset, unit);
}

#define range_at(ranges, i) (&g_array_index ((ranges), MusterRange, (i)))

/* Battle Valor Fantasy: 24" for missile troops, 36" for a Bolt Thrower, short and long range
 * rings at 8" and 16", the Stone Thrower unlimited, none for hand weapons. */
static void
test_battle_valor_fantasy (void)
{
  g_autoptr(System) bvf = system_new ("battle-valor-fantasy");
  MusterUnit *archers = add_unit (&bvf->army, "infantry", 6, "regular", "missile", NULL);
  MusterUnit *swords = add_unit (&bvf->army, "infantry", 6, "regular", "double-handed", NULL);
  MusterUnit *bolt = add_unit (&bvf->army, "war-machine", 1, "regular", "bolt-thrower", NULL);
  MusterUnit *stone = add_unit (&bvf->army, "war-machine", 1, "regular", "stone-thrower", NULL);
  g_autoptr(GArray) a = ranges_of (bvf, archers);
  g_autoptr(GArray) s = ranges_of (bvf, swords);
  g_autoptr(GArray) b = ranges_of (bvf, bolt);
  g_autoptr(GArray) st = ranges_of (bvf, stone);

  g_assert_cmpuint (a->len, ==, 1);
  g_assert_cmpstr (range_at (a, 0)->name, ==, "Shooting");
  g_assert_false (range_at (a, 0)->unlimited);
  g_assert_cmpfloat_with_epsilon (range_at (a, 0)->max, 24 * IN, 1e-9);
  g_assert_cmpfloat_with_epsilon (range_at (a, 0)->ruleset_max, 24, 1e-9);
  g_assert_cmpstr (range_at (a, 0)->units, ==, "in");
  g_assert_cmpuint (range_at (a, 0)->n_rings, ==, 2);
  g_assert_cmpfloat_with_epsilon (range_at (a, 0)->rings[0], 8 * IN, 1e-9);
  g_assert_cmpfloat_with_epsilon (range_at (a, 0)->rings[1], 16 * IN, 1e-9);

  g_assert_cmpuint (s->len, ==, 0);

  g_assert_cmpuint (b->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (range_at (b, 0)->max, 36 * IN, 1e-9);
  g_assert_cmpuint (range_at (b, 0)->n_rings, ==, 2);

  g_assert_cmpuint (st->len, ==, 1);
  g_assert_true (range_at (st, 0)->unlimited);
  g_assert_cmpfloat (range_at (st, 0)->max, ==, 0);
  g_assert_cmpuint (range_at (st, 0)->n_rings, ==, 0);
}

/* Standards of Valor: the band is RBM × QD inches, the maximum five bands. A Regular (QD 8)
 * long bow (RBM 1): 8" bands to 40"; a Veteran's: 10" bands to 50". */
static void
test_standards_of_valor (void)
{
  g_autoptr(System) sov = system_new ("standards-of-valor");
  MusterUnit *bows = add_unit (&sov->army, "infantry", 10, "regular", "regular-foot", "long-bow",
                               NULL);
  MusterUnit *swords = add_unit (&sov->army, "infantry", 10, "regular", "regular-foot", "sword",
                                 NULL);
  g_autoptr(GArray) r = ranges_of (sov, bows);
  g_autoptr(GArray) v = NULL;
  g_autoptr(GArray) s = ranges_of (sov, swords);

  g_assert_cmpuint (r->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (range_at (r, 0)->max, 40 * IN, 1e-9);
  g_assert_cmpuint (range_at (r, 0)->n_rings, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat_with_epsilon (range_at (r, 0)->rings[i], 8 * (i + 1) * IN, 1e-9);
  g_assert_cmpuint (s->len, ==, 0);

  muster_unit_set_option (bows, "regular", 0);
  muster_unit_set_option (bows, "veteran", 1);
  v = ranges_of (sov, bows);
  g_assert_cmpuint (v->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (range_at (v, 0)->max, 50 * IN, 1e-9);
}

/* Standards of Valor heavy weapons (§2.4, §4.9): rings at the 12" bands against troops to five
 * bands, and a 6" minimum range for artillery other than the Heavy Crossbow. */
static void
test_sov_heavy_weapons (void)
{
  static const struct { const char *engine, *range; double min; } engines[] = {
    { "tdw", "artillery", 6 }, { "gdw", "artillery", 6 }, { "gpw", "artillery", 6 },
    { "hxb", "hxb", 0 }, { NULL, NULL, 0 },
  };
  g_autoptr(System) sov = system_new ("standards-of-valor");

  for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
    {
      MusterUnit *crew = engines[e].engine
                         ? add_unit (&sov->army, "heavy-weapon", 4, "regular", "regular-foot",
                                     engines[e].engine, NULL)
                         : add_unit (&sov->army, "infantry", 10, "regular", "regular-foot",
                                     "sword", NULL);
      g_autoptr(GArray) ranges = ranges_of (sov, crew);
      const MusterRange *range;

      if (engines[e].engine == NULL)
        {
          g_assert_cmpuint (ranges->len, ==, 0);
          continue;
        }
      g_assert_cmpuint (ranges->len, ==, 1);
      range = range_at (ranges, 0);
      g_assert_cmpstr (range->id, ==, engines[e].range);
      g_assert_false (range->unlimited);
      g_assert_cmpfloat_with_epsilon (range->max, 60 * IN, 1e-9);
      g_assert_cmpfloat_with_epsilon (range->min, engines[e].min * IN, 1e-9);
      g_assert_cmpuint (range->n_rings, ==, 4);
      for (guint i = 0; i < 4; i++)
        g_assert_cmpfloat_with_epsilon (range->rings[i], 12 * (i + 1) * IN, 1e-9);
    }
}

/* Undying Lands in centimetres, by missile class; Medals of Valor in yards on the ground, at
 * the house scale of 2 yards to the inch; the horse-and-musket rules give none and say so. */
static void
test_other_systems (void)
{
  g_autoptr(System) ul = system_new ("undying-lands");
  g_autoptr(System) mov = system_new ("medals-of-valor");
  g_autoptr(System) hm = system_new ("horse-and-musket");
  MusterUnit *longbows = add_unit (&ul->army, "foot", 2, "lrw", NULL);
  MusterUnit *elves = add_unit (&ul->army, "foot", 2, "elf-bow", NULL);
  MusterUnit *slingers = add_unit (&ul->army, "foot", 2, "srw", NULL);
  MusterUnit *gunner = add_unit (&mov->army, "em", 1, "smg", NULL);
  MusterUnit *rifleman = add_unit (&mov->army, "em", 1, "bolt-rifle", NULL);
  g_autoptr(GArray) l = ranges_of (ul, longbows);
  g_autoptr(GArray) e = ranges_of (ul, elves);
  g_autoptr(GArray) s = ranges_of (ul, slingers);
  g_autoptr(GArray) g = ranges_of (mov, gunner);
  g_autoptr(GArray) r = ranges_of (mov, rifleman);

  g_assert_cmpuint (l->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (range_at (l, 0)->max, 400, 1e-9);
  g_assert_cmpstr (range_at (l, 0)->units, ==, "cm");
  g_assert_cmpuint (e->len, ==, 1);
  g_assert_cmpstr (range_at (e, 0)->id, ==, "lrw");
  g_assert_cmpfloat_with_epsilon (range_at (s, 0)->max, 200, 1e-9);

  g_assert_cmpuint (g->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (range_at (g, 0)->max, 20 * IN, 1e-9);
  g_assert_cmpfloat_with_epsilon (range_at (g, 0)->ruleset_max, 40, 1e-9);
  g_assert_cmpuint (r->len, ==, 0);

  g_assert_cmpuint (muster_range_rules_get_n_rules (muster_terrain_types_get_ranges (hm->types)), ==, 0);
  g_assert_nonnull (strstr (muster_range_rules_get_note (muster_terrain_types_get_ranges (hm->types)),
                            "no range distances"));
}

/* A bad <ranges> is refused with the file, the line and the problem. */
static void
test_bad_ranges (void)
{
  static const struct { const char *xml; const char *message; } cases[] = {
    { "<range id='a' name='A' max='-3'/>", "test.xml:3: a range distance must be a positive number" },
    { "<range id='a' name='A' max='24' stat='range'/>", "test.xml:3: a range has either max or stat" },
    { "<range id='a' name='A'/>", "test.xml:3: a range has either max or stat" },
    { "<range name='A' max='2'/>", "test.xml:3: a range needs an id and a name" },
    { "<range id='a' name='A' max='2' rings='8 x'/>", "test.xml:3: a range distance must be a positive number: “x”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strdup_printf ("<ruleset>\n<ranges>\n%s\n</ranges>\n</ruleset>",
                                              cases[i].xml);
      g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterTerrainTypes) types = muster_terrain_types_new_from_bytes (bytes, "test.xml",
                                                                                &error);

      g_assert_null (types);
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
  {
    const char *xml = "<ruleset>\n<ranges units='furlongs'/>\n</ruleset>";
    g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
    g_autoptr(GError) error = NULL;
    g_autoptr(MusterTerrainTypes) types = muster_terrain_types_new_from_bytes (bytes, "test.xml", &error);

    g_assert_null (types);
    g_assert_nonnull (strstr (error->message, "test.xml:2:"));
    g_assert_nonnull (strstr (error->message, "furlongs"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ranges/battle-valor-fantasy", test_battle_valor_fantasy);
  g_test_add_func ("/ranges/standards-of-valor", test_standards_of_valor);
  g_test_add_func ("/ranges/sov-heavy-weapons", test_sov_heavy_weapons);
  g_test_add_func ("/ranges/other-systems", test_other_systems);
  g_test_add_func ("/ranges/bad", test_bad_ranges);
  return g_test_run ();
}
