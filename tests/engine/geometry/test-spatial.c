/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"

#define P(x, y) ((MusterPoint) { (x), (y) })

static GArray *
ids_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (guint));
}

static void
assert_ids (GArray      *ids,
            const guint *expected,
            guint        n_expected)
{
  g_assert_cmpuint (ids->len, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    g_assert_cmpuint (g_array_index (ids, guint, i), ==, expected[i]);
  g_array_set_size (ids, 0);
}

static void
test_basics (void)
{
  g_autoptr(MusterSpatial) index = muster_spatial_new (50);
  g_autoptr(GArray) ids = ids_new ();
  MusterBox box;

  muster_spatial_insert (index, 7, (MusterBox) { 0, 0, 40, 20 });
  muster_spatial_insert (index, 3, (MusterBox) { 30, 10, 130, 110 });   /* spans several cells */
  muster_spatial_insert (index, 9, (MusterBox) { 500, 500, 510, 510 });
  g_assert_cmpuint (muster_spatial_get_size (index), ==, 3);
  g_assert_true (muster_spatial_contains (index, 3));
  g_assert_false (muster_spatial_contains (index, 4));
  g_assert_true (muster_spatial_get_box (index, 9, &box));
  g_assert_cmpfloat (box.x1, ==, 510.0);
  g_assert_false (muster_spatial_get_box (index, 4, &box));

  g_assert_cmpuint (muster_spatial_query_point (index, P (35, 15), ids), ==, 2);
  assert_ids (ids, (guint[]) { 3, 7 }, 2);
  muster_spatial_query_point (index, P (40, 20), ids);                 /* a shared corner */
  assert_ids (ids, (guint[]) { 3, 7 }, 2);
  muster_spatial_query_point (index, P (100, 100), ids);
  assert_ids (ids, (guint[]) { 3 }, 1);
  g_assert_cmpuint (muster_spatial_query_point (index, P (200, 200), ids), ==, 0);

  muster_spatial_query_box (index, (MusterBox) { 120, 100, 600, 600 }, ids);
  assert_ids (ids, (guint[]) { 3, 9 }, 2);
  muster_spatial_query_box (index, (MusterBox) { 131, 0, 499, 499 }, ids);
  assert_ids (ids, NULL, 0);
  muster_spatial_query_box (index, muster_box_empty (), ids);
  assert_ids (ids, NULL, 0);

  /* A line of sight from one corner of the table to the other. */
  muster_spatial_query_segment (index, (MusterSegment) { P (-10, -10), P (600, 600) }, ids);
  assert_ids (ids, (guint[]) { 3, 7, 9 }, 3);
  muster_spatial_query_segment (index, (MusterSegment) { P (0, 100), P (20, 120) }, ids);
  assert_ids (ids, NULL, 0);
  muster_spatial_query_segment (index, (MusterSegment) { P (505, 505), P (505, 505) }, ids);
  assert_ids (ids, (guint[]) { 9 }, 1);

  /* Moving, moving within the same cells, removing. */
  g_assert_true (muster_spatial_update (index, 9, (MusterBox) { 0, 0, 5, 5 }));
  muster_spatial_query_point (index, P (2, 2), ids);
  assert_ids (ids, (guint[]) { 7, 9 }, 2);
  g_assert_true (muster_spatial_update (index, 9, (MusterBox) { 1, 1, 6, 6 }));
  muster_spatial_query_point (index, P (6, 6), ids);
  assert_ids (ids, (guint[]) { 7, 9 }, 2);
  muster_spatial_query_point (index, P (505, 505), ids);
  assert_ids (ids, NULL, 0);
  g_assert_false (muster_spatial_update (index, 4, (MusterBox) { 0, 0, 5, 5 }));

  g_assert_true (muster_spatial_remove (index, 7));
  g_assert_false (muster_spatial_remove (index, 7));
  muster_spatial_query_point (index, P (2, 2), ids);
  assert_ids (ids, (guint[]) { 9 }, 1);
  g_assert_cmpuint (muster_spatial_get_size (index), ==, 2);

  /* Results are appended after what the array already holds. */
  g_array_append_val (ids, (guint) { 42 });
  g_assert_cmpuint (muster_spatial_query_point (index, P (2, 2), ids), ==, 1);
  assert_ids (ids, (guint[]) { 42, 9 }, 2);
}

static void
test_odd_boxes (void)
{
  g_autoptr(MusterSpatial) index = muster_spatial_new (0);   /* the default cell */
  g_autoptr(GArray) ids = ids_new ();
  double far = 65536.0 * MUSTER_SPATIAL_DEFAULT_CELL;

  muster_spatial_insert (index, 1, (MusterBox) { -1e9, 0, 1e9, 1 });          /* huge: the big list */
  muster_spatial_insert (index, 2, (MusterBox) { -INFINITY, 5, INFINITY, 6 }); /* not finite */
  muster_spatial_insert (index, 3, muster_box_empty ());                      /* never found */
  muster_spatial_insert (index, 4, (MusterBox) { 10, 10, 10, 10 });           /* a point */
  muster_spatial_insert (index, 5, (MusterBox) { far + 10, 10, far + 10, 10 }); /* same key as 4 */

  muster_spatial_query_point (index, P (0, 0.5), ids);
  assert_ids (ids, (guint[]) { 1 }, 1);
  muster_spatial_query_point (index, P (1e8, 5.5), ids);
  assert_ids (ids, (guint[]) { 2 }, 1);
  muster_spatial_query_point (index, P (10, 10), ids);
  assert_ids (ids, (guint[]) { 4 }, 1);
  muster_spatial_query_point (index, P (far + 10, 10), ids);
  assert_ids (ids, (guint[]) { 5 }, 1);
  muster_spatial_query_point (index, P (NAN, 10), ids);
  assert_ids (ids, NULL, 0);
  muster_spatial_query_box (index, (MusterBox) { -INFINITY, -INFINITY, INFINITY, INFINITY }, ids);
  assert_ids (ids, (guint[]) { 1, 2, 4, 5 }, 4);
  muster_spatial_query_segment (index, (MusterSegment) { P (0, -1e12), P (0, 1e12) }, ids);
  assert_ids (ids, (guint[]) { 1, 2 }, 2);
  muster_spatial_query_segment (index, (MusterSegment) { P (NAN, 0), P (0, 0) }, ids);
  assert_ids (ids, NULL, 0);

  g_assert_true (muster_spatial_update (index, 1, (MusterBox) { 0, 0, 1, 1 }));   /* big → small */
  g_assert_true (muster_spatial_update (index, 3, (MusterBox) { 0, 0, 1, 1 }));   /* empty → small */
  muster_spatial_query_point (index, P (0.5, 0.5), ids);
  assert_ids (ids, (guint[]) { 1, 3 }, 2);
  g_assert_true (muster_spatial_remove (index, 2));
  muster_spatial_query_point (index, P (1e8, 5.5), ids);
  assert_ids (ids, NULL, 0);

  g_test_expect_message ("muster-spatial", G_LOG_LEVEL_CRITICAL, "*contains*");
  muster_spatial_insert (index, 4, (MusterBox) { 0, 0, 1, 1 });
  g_test_assert_expected_messages ();
}

static MusterBox
random_box (GRand *rand)
{
  double x = g_rand_double_range (rand, -100, 1930);
  double y = g_rand_double_range (rand, -100, 1320);
  double w, h;

  switch (g_rand_int_range (rand, 0, 10))
    {
    case 0:   /* terrain: up to a foot across, sometimes a river's length */
      w = g_rand_double_range (rand, 50, g_rand_boolean (rand) ? 300 : 1800);
      h = g_rand_double_range (rand, 50, 300);
      break;
    case 1:   /* a point */
      w = h = 0;
      break;
    default:  /* a stand */
      w = g_rand_double_range (rand, 15, 60);
      h = g_rand_double_range (rand, 15, 60);
      break;
    }
  /* Some boxes on exact cell edges. */
  if (g_rand_int_range (rand, 0, 20) == 0)
    x = 50.0 * g_rand_int_range (rand, 0, 36);
  return (MusterBox) { x, y, x + w, y + h };
}

static MusterPoint
random_point (GRand *rand)
{
  if (g_rand_int_range (rand, 0, 10) == 0)   /* on a grid line */
    return P (50.0 * g_rand_int_range (rand, -2, 40), 50.0 * g_rand_int_range (rand, -2, 28));
  return P (g_rand_double_range (rand, -200, 2030), g_rand_double_range (rand, -200, 1420));
}

typedef struct
{
  gboolean  present;
  MusterBox box;
} Entry;

static void
test_matches_linear_scan (void)
{
  GRand *rand = g_rand_new_with_seed (1866);
  g_autoptr(MusterSpatial) index = muster_spatial_new (50);
  g_autoptr(GArray) ids = ids_new ();
  g_autoptr(GArray) expected = ids_new ();
  Entry entries[2300] = { { FALSE } };
  guint found = 0;

  for (guint id = 0; id < G_N_ELEMENTS (entries); id++)
    {
      entries[id].present = TRUE;
      entries[id].box = random_box (rand);
      muster_spatial_insert (index, id, entries[id].box);
    }

  for (guint q = 0; q < 10000; q++)
    {
      guint kind = g_rand_int_range (rand, 0, 3);
      MusterPoint p = random_point (rand);
      MusterBox box = muster_box_from_points (p, muster_point_add (p, (MusterVector) {
        g_rand_double_range (rand, -200, 200), g_rand_double_range (rand, -200, 200) }));
      MusterSegment segment = { p, random_point (rand) };

      /* Some segments along a grid line, some of zero length. */
      if (q % 50 == 0)
        segment.b.y = segment.a.y;
      if (q % 70 == 0)
        segment.b = segment.a;

      g_array_set_size (ids, 0);
      g_array_set_size (expected, 0);
      if (kind == 0)
        muster_spatial_query_point (index, p, ids);
      else if (kind == 1)
        muster_spatial_query_box (index, box, ids);
      else
        muster_spatial_query_segment (index, segment, ids);

      for (guint id = 0; id < G_N_ELEMENTS (entries); id++)
        if (entries[id].present &&
            (kind == 0 ? muster_box_contains_point (entries[id].box, p)
             : kind == 1 ? muster_box_intersects (entries[id].box, box)
             : muster_box_intersects_segment (entries[id].box, segment)))
          g_array_append_val (expected, id);

      g_assert_cmpuint (ids->len, ==, expected->len);
      g_assert_cmpmem (ids->data, ids->len * sizeof (guint), expected->data, expected->len * sizeof (guint));
      found += ids->len;

      /* Keep the index moving: a unit walks, a piece is lifted or put back. */
      {
        guint id = g_rand_int_range (rand, 0, G_N_ELEMENTS (entries));

        switch (g_rand_int_range (rand, 0, 4))
          {
          case 0:
            entries[id].box = random_box (rand);
            g_assert_cmpint (muster_spatial_update (index, id, entries[id].box), ==, entries[id].present);
            break;
          case 1:
            g_assert_cmpint (muster_spatial_remove (index, id), ==, entries[id].present);
            entries[id].present = FALSE;
            break;
          case 2:
            if (!entries[id].present)
              {
                entries[id].present = TRUE;
                entries[id].box = random_box (rand);
                muster_spatial_insert (index, id, entries[id].box);
              }
            break;
          default:
            if (entries[id].present)   /* a nudge, usually within the same cells */
              {
                entries[id].box = muster_box_inflate (entries[id].box, -0.5);
                if (muster_box_is_empty (entries[id].box))
                  entries[id].box = (MusterBox) { 1, 1, 2, 2 };
                muster_spatial_update (index, id, entries[id].box);
              }
            break;
          }
      }
    }

  /* The queries did find things: the comparison was not of empty lists. */
  g_assert_cmpuint (found, >, 10000);
  g_rand_free (rand);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/spatial/basics", test_basics);
  g_test_add_func ("/engine/spatial/odd-boxes", test_odd_boxes);
  g_test_add_func ("/engine/spatial/matches-linear-scan", test_matches_linear_scan);

  return g_test_run ();
}
