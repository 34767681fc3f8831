/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"
#include "muster-dice-private.h"
#include "muster-faces.h"

static void
test_layout_add (void)
{
  MusterFaceLayout layout;

  muster_face_layout_clear (&layout);
  g_assert_cmpuint (muster_face_layout_add (&layout, 2, 1, 6), ==, 0);
  g_assert_cmpuint (muster_face_layout_add (&layout, 1, 0, 9), ==, 2);
  g_assert_cmpuint (muster_face_layout_add (&layout, 0, 1, 4), ==, 3);
  g_assert_cmpuint (muster_face_layout_add_dice (&layout, 2, 8), ==, 3);
  g_assert_cmpuint (layout.n_faces, ==, 5);
  g_assert_cmpint (layout.face_min[4], ==, 1);
  g_assert_cmpint (layout.face_max[4], ==, 8);
  muster_face_layout_add_each (&layout, (const int[]) { 4, 12 }, 2);
  g_assert_cmpuint (layout.n_faces, ==, 7);
  g_assert_cmpint (layout.face_min[5], ==, 1);
  g_assert_cmpint (layout.face_max[5], ==, 4);
  g_assert_cmpint (layout.face_max[6], ==, 12);
  g_assert_cmpint (layout.face_min[1], ==, 1);
  g_assert_cmpint (layout.face_max[1], ==, 6);
  g_assert_cmpint (layout.face_min[2], ==, 0);
  g_assert_cmpint (layout.face_max[2], ==, 9);

  muster_face_layout_clear (&layout);
  g_assert_cmpuint (layout.n_faces, ==, 0);
}

/* Each die is one muster_dice_uniform() in order, and a die of one face takes no draw. */
static void
test_layout_roll (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (7);
  g_autoptr(MusterDice) copy = muster_dice_copy (dice);
  MusterFaceLayout layout;
  int faces[4];

  muster_face_layout_clear (&layout);
  muster_face_layout_add (&layout, 1, 1, 6);
  muster_face_layout_add (&layout, 1, 1, 1);
  muster_face_layout_add (&layout, 2, 0, 9);
  muster_face_layout_roll (&layout, dice, faces);

  g_assert_cmpint (faces[0], ==, muster_dice_uniform (copy, 1, 6));
  g_assert_cmpint (faces[1], ==, 1);
  g_assert_cmpint (faces[2], ==, muster_dice_uniform (copy, 0, 9));
  g_assert_cmpint (faces[3], ==, muster_dice_uniform (copy, 0, 9));
  g_assert_cmphex (muster_dice_next (dice), ==, muster_dice_next (copy));
}

/* Outcome 0: the total; 1: how many dice show their highest face; 2: written, never shown. */
static void
total_and_highest (gconstpointer  play,
                   const int     *faces,
                   int           *outcome)
{
  const MusterFaceLayout *layout = play;

  outcome[0] = outcome[1] = 0;
  for (guint i = 0; i < layout->n_faces; i++)
    {
      outcome[0] += faces[i];
      outcome[1] += faces[i] == layout->face_max[i];
    }
  outcome[2] = 1000;
}

static void
test_layout_enumerate (void)
{
  g_autoptr(MusterDist) two_d6 = muster_dist_new_dice_sum (2, 6);
  g_autoptr(MusterDist) sixes = muster_dist_new_binomial (2, 1.0 / 6);
  g_autoptr(MusterDist) d10 = muster_dist_new_uniform (0, 9);
  g_autoptr(MusterDist) tens = muster_dist_new_binomial (1, 1.0 / 10);
  MusterDist *outputs[2] = { NULL, NULL };
  MusterFaceLayout layout;

  muster_face_layout_clear (&layout);
  muster_face_layout_add (&layout, 2, 1, 6);
  muster_face_layout_enumerate (&layout, total_and_highest, &layout, 2, outputs);
  g_assert_true (muster_dist_equal (outputs[0], two_d6, 1e-15));
  g_assert_true (muster_dist_equal (outputs[1], sixes, 1e-15));
  g_clear_pointer (&outputs[0], muster_dist_unref);
  g_clear_pointer (&outputs[1], muster_dist_unref);

  /* Faces from 0, and a die of one face that only shifts the total. */
  muster_face_layout_clear (&layout);
  muster_face_layout_add (&layout, 1, 0, 9);
  muster_face_layout_add (&layout, 1, 3, 3);
  muster_face_layout_enumerate (&layout, total_and_highest, &layout, 2, outputs);
  g_assert_cmpint (muster_dist_get_min (outputs[0]), ==, 3);
  g_assert_cmpint (muster_dist_get_max (outputs[0]), ==, 12);
  for (int v = 3; v <= 12; v++)
    g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (outputs[0], v),
                                    muster_dist_get_prob (d10, v - 3), 1e-15);
  /* The one-face die always shows its highest face. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (outputs[1], 1),
                                  muster_dist_get_prob (tens, 0), 1e-15);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (outputs[1], 2),
                                  muster_dist_get_prob (tens, 1), 1e-15);
  g_clear_pointer (&outputs[0], muster_dist_unref);
  g_clear_pointer (&outputs[1], muster_dist_unref);
}

static void
test_layout_play (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (11);
  g_autoptr(MusterDice) copy = muster_dice_copy (dice);
  MusterFaceLayout layout;
  int outcome[3] = { -1, -1, -1 };
  int faces[3];

  muster_face_layout_clear (&layout);
  muster_face_layout_add (&layout, 3, 1, 6);
  muster_face_layout_play (&layout, total_and_highest, &layout, dice, 2, outcome);
  muster_face_layout_roll (&layout, copy, faces);
  g_assert_cmpint (outcome[0], ==, faces[0] + faces[1] + faces[2]);
  g_assert_cmpint (outcome[1], ==, (faces[0] == 6) + (faces[1] == 6) + (faces[2] == 6));
  /* Only the outcomes asked for are written. */
  g_assert_cmpint (outcome[2], ==, -1);
}

static void
test_faces_given (void)
{
  static const int given[] = { 4, 2, 6 };
  MusterFaces faces;

  muster_faces_init_given (&faces, given, G_N_ELEMENTS (given));
  g_assert_cmpint (muster_faces_roll (&faces, 1, 6), ==, 4);
  g_assert_cmpint (muster_faces_d6 (&faces), ==, 2);
  g_assert_cmpuint (muster_faces_get_n_used (&faces), ==, 2);
  g_assert_false (muster_faces_is_exhausted (&faces));
  g_assert_cmpint (muster_faces_sum (&faces, 2, 0, 9), ==, 6);
  g_assert_true (muster_faces_is_exhausted (&faces));
  g_assert_cmpuint (muster_faces_get_n_used (&faces), ==, 3);

  muster_faces_init_given (&faces, given, G_N_ELEMENTS (given));
  g_assert_cmpint (muster_faces_count_d6 (&faces, 3, 4), ==, 2);
  g_assert_cmpint (muster_faces_count_d6 (&faces, 0, 4), ==, 0);
  g_assert_false (muster_faces_is_exhausted (&faces));
  /* Past the end, a die shows its lowest face. */
  g_assert_cmpint (muster_faces_d6 (&faces), ==, 1);
  g_assert_true (muster_faces_is_exhausted (&faces));
}

static void
test_faces_rolled (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (3);
  g_autoptr(MusterDice) copy = muster_dice_copy (dice);
  MusterFaces faces;
  int expected;

  muster_faces_init_rolled (&faces, dice);
  g_assert_cmpint (muster_faces_roll (&faces, 1, 6), ==, muster_dice_roll (copy, 6));
  g_assert_cmpint (muster_faces_roll (&faces, 2, 2), ==, 2);
  expected = muster_dice_uniform (copy, 0, 9) + muster_dice_uniform (copy, 0, 9);
  g_assert_cmpint (muster_faces_sum (&faces, 2, 0, 9), ==, expected);
  g_assert_cmphex (muster_dice_next (dice), ==, muster_dice_next (copy));
  g_assert_false (muster_faces_is_exhausted (&faces));
}

/* The first output of the reference state {1, 2, 3, 4} is 11520: its 3-bit chunks from the
 * lowest are 0, 0, 4, 6 (thrown away), 2, 0, … so the faces are 1, 1, 5, 3, 1. */
static void
test_faces_d6_packed (void)
{
  static const guint64 state[4] = { 1, 2, 3, 4 };
  static const int expected[] = { 1, 1, 5, 3, 1 };
  g_autoptr(MusterDice) dice = _muster_dice_new_from_state (state);
  g_autoptr(MusterDice) again = _muster_dice_new_from_state (state);
  MusterFaces faces;

  muster_faces_init_rolled (&faces, dice);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpint (muster_faces_d6 (&faces), ==, expected[i]);

  muster_faces_init_rolled (&faces, again);
  g_assert_cmpint (muster_faces_count_d6 (&faces, 5, 5), ==, 1);
  g_assert_cmpint (muster_faces_count_d6 (&faces, 0, 5), ==, 0);
}

/* Counting 5s and 6s a whole draw at a time reads the same faces as one by one, and leaves the
 * rest of the last draw for the next dice. */
static void
test_faces_count_d6 (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (2024);
  g_autoptr(MusterDice) copy = muster_dice_copy (dice);
  MusterFaces bulk, single;
  guint64 counts[7] = { 0 };

  muster_faces_init_rolled (&bulk, dice);
  muster_faces_init_rolled (&single, copy);
  for (int round = 0; round < 2000; round++)
    {
      int n = round % 47;
      int at_least = 1 + round % 7;
      int s = 0;

      for (int i = 0; i < n; i++)
        s += muster_faces_d6 (&single) >= at_least;
      g_assert_cmpint (muster_faces_count_d6 (&bulk, n, at_least), ==, s);
      g_assert_cmpint (muster_faces_d6 (&bulk), ==, muster_faces_d6 (&single));
    }
  g_assert_cmpuint (muster_faces_get_n_used (&bulk), ==, muster_faces_get_n_used (&single));

  /* And the faces are fair. */
  for (int i = 0; i < 60000; i++)
    counts[muster_faces_d6 (&bulk)]++;
  g_assert_cmpuint (counts[0], ==, 0);
  for (int f = 1; f <= 6; f++)
    {
      g_assert_cmpuint (counts[f], >, 9500);
      g_assert_cmpuint (counts[f], <, 10500);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/faces/layout-add", test_layout_add);
  g_test_add_func ("/engine/faces/layout-roll", test_layout_roll);
  g_test_add_func ("/engine/faces/layout-enumerate", test_layout_enumerate);
  g_test_add_func ("/engine/faces/layout-play", test_layout_play);
  g_test_add_func ("/engine/faces/given", test_faces_given);
  g_test_add_func ("/engine/faces/rolled", test_faces_rolled);
  g_test_add_func ("/engine/faces/d6-packed", test_faces_d6_packed);
  g_test_add_func ("/engine/faces/count-d6", test_faces_count_d6);

  return g_test_run ();
}
