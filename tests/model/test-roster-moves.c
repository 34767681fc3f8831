/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-roster-moves.h"

/*
 * Where drops land, on a bare tree: root { u0 u1 u2, A { a0 a1, A1 { } }, B { } }.
 */

typedef struct
{
  MusterNode *root, *a, *a1, *b;
  MusterUnit *u[3], *a0, *a1u;
} Tree;

static void
tree_init (Tree *t)
{
  t->root = muster_node_new ("army", "Army");
  for (guint i = 0; i < 3; i++)
    {
      t->u[i] = muster_unit_new ("infantry", 10);
      muster_node_insert_unit (t->root, i, t->u[i]);
    }
  t->a = muster_node_new ("wing", "A");
  t->b = muster_node_new ("wing", "B");
  t->a1 = muster_node_new ("wing", "A1");
  muster_node_insert_node (t->root, 0, t->a);
  muster_node_insert_node (t->root, 1, t->b);
  muster_node_insert_node (t->a, 0, t->a1);
  t->a0 = muster_unit_new ("infantry", 5);
  t->a1u = muster_unit_new ("infantry", 5);
  muster_node_insert_unit (t->a, 0, t->a0);
  muster_node_insert_unit (t->a, 1, t->a1u);
}

static void
test_place_unit (void)
{
  Tree t;
  MusterNode *node = NULL;
  guint index = 99;

  tree_init (&t);

  /* A new unit: before or after a unit, into a group, on a group's upper edge, below all. */
  g_assert_true (muster_roster_place_unit (t.root, NULL, t.u[1], NULL, MUSTER_DROP_BEFORE,
                                           &node, &index));
  g_assert_true (node == t.root);
  g_assert_cmpuint (index, ==, 1);
  g_assert_true (muster_roster_place_unit (t.root, NULL, t.u[1], NULL, MUSTER_DROP_AFTER,
                                           &node, &index));
  g_assert_cmpuint (index, ==, 2);
  g_assert_true (muster_roster_place_unit (t.root, NULL, NULL, t.a, MUSTER_DROP_INTO,
                                           &node, &index));
  g_assert_true (node == t.a);
  g_assert_cmpuint (index, ==, 2);
  g_assert_true (muster_roster_place_unit (t.root, NULL, NULL, t.a1, MUSTER_DROP_BEFORE,
                                           &node, &index));
  g_assert_true (node == t.a);
  g_assert_cmpuint (index, ==, 2);
  g_assert_true (muster_roster_place_unit (t.root, NULL, NULL, NULL, MUSTER_DROP_AFTER,
                                           &node, &index));
  g_assert_true (node == t.root);
  g_assert_cmpuint (index, ==, 3);

  /* Moving down in its own node counts once it left: u0 after u2 is index 2, not 3. */
  g_assert_true (muster_roster_place_unit (t.root, t.u[0], t.u[2], NULL, MUSTER_DROP_AFTER,
                                           &node, &index));
  g_assert_cmpuint (index, ==, 2);
  g_assert_true (muster_roster_place_unit (t.root, t.u[2], t.u[0], NULL, MUSTER_DROP_BEFORE,
                                           &node, &index));
  g_assert_cmpuint (index, ==, 0);
  /* Where it already is: no move. */
  g_assert_false (muster_roster_place_unit (t.root, t.u[1], t.u[1], NULL, MUSTER_DROP_BEFORE,
                                            &node, &index));
  g_assert_false (muster_roster_place_unit (t.root, t.u[1], t.u[0], NULL, MUSTER_DROP_AFTER,
                                            &node, &index));
  g_assert_false (muster_roster_place_unit (t.root, t.u[2], NULL, NULL, MUSTER_DROP_AFTER,
                                            &node, &index));
  /* Out of a group to the top level. */
  g_assert_true (muster_roster_place_unit (t.root, t.a0, NULL, t.a, MUSTER_DROP_BEFORE,
                                           &node, &index));
  g_assert_true (node == t.root);
  g_assert_cmpuint (index, ==, 3);

  muster_node_free (t.root);
}

static void
test_place_node (void)
{
  Tree t;
  MusterNode *parent = NULL;
  guint index = 99;

  tree_init (&t);

  g_assert_true (muster_roster_place_node (t.root, t.a, NULL, t.b, MUSTER_DROP_AFTER,
                                           &parent, &index));
  g_assert_true (parent == t.root);
  g_assert_cmpuint (index, ==, 1);
  g_assert_true (muster_roster_place_node (t.root, t.b, NULL, t.a, MUSTER_DROP_BEFORE,
                                           &parent, &index));
  g_assert_cmpuint (index, ==, 0);
  g_assert_true (muster_roster_place_node (t.root, t.b, NULL, t.a, MUSTER_DROP_INTO,
                                           &parent, &index));
  g_assert_true (parent == t.a);
  g_assert_cmpuint (index, ==, 1);
  /* On a unit's row: the end of its node's groups. */
  g_assert_true (muster_roster_place_node (t.root, t.a1, t.u[0], NULL, MUSTER_DROP_BEFORE,
                                           &parent, &index));
  g_assert_true (parent == t.root);
  g_assert_cmpuint (index, ==, 2);

  /* Never into itself or what it holds, and not where it is. */
  g_assert_false (muster_roster_place_node (t.root, t.a, NULL, t.a, MUSTER_DROP_INTO,
                                            &parent, &index));
  g_assert_false (muster_roster_place_node (t.root, t.a, NULL, t.a1, MUSTER_DROP_INTO,
                                            &parent, &index));
  g_assert_false (muster_roster_place_node (t.root, t.a, t.a0, NULL, MUSTER_DROP_AFTER,
                                            &parent, &index));
  g_assert_false (muster_roster_place_node (t.root, t.a, NULL, t.b, MUSTER_DROP_BEFORE,
                                            &parent, &index));
  g_assert_false (muster_roster_place_node (t.root, t.b, NULL, NULL, MUSTER_DROP_AFTER,
                                            &parent, &index));

  muster_node_free (t.root);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/roster-moves/unit", test_place_unit);
  g_test_add_func ("/roster-moves/node", test_place_node);

  return g_test_run ();
}
