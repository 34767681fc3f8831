/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-legal.h"

/*
 * The battlefield's placements as legality findings (rule `placement`): a unit placed off the
 * table, one hanging over its edge, a placement of a unit no list has; the live validator
 * following each battlefield edit (insert, move, remove, the table resized, the battlefield
 * replaced) and each list edit that makes a placement dangle, always equal to a fresh
 * evaluation.
 */

static MusterRuleset *fixture;

typedef struct
{
  Legal              army;
  MusterUnit        *foot;
  MusterBattlefield *field;   /* the document's */
  char              *placed;  /* the foot's placement */
} Placed;

static MusterFeature *
placement_new (const char *unit_id,
               double      x,
               double      y)
{
  MusterFeature *feature = muster_feature_new (MUSTER_FEATURE_UNIT);

  feature->unit = g_strdup (unit_id);
  feature->centre = (MusterPoint) { x, y };
  feature->stands = 2;
  return feature;
}

/* A legal list (a General and two Foot units) on a 1200 × 600 mm table, the Foot placed. */
static void
placed_setup (Placed        *self,
              gconstpointer  data)
{
  legal_init (&self->army, fixture, 100);
  legal_add (&self->army, NULL, "Marshal", "general", 1, NULL);
  self->foot = legal_add (&self->army, NULL, "Left foot", "foot", 6, "officer", NULL);
  legal_add (&self->army, NULL, "Right foot", "foot", 6, "officer", NULL);
  g_assert_null (muster_doc_set_battlefield (self->army.doc,
                                             muster_battlefield_new (1200, 600, "cm")));
  self->field = muster_doc_get_battlefield (self->army.doc);
  self->placed = g_strdup (muster_battlefield_insert (self->field, -1,
                                                      placement_new (muster_unit_get_id (self->foot),
                                                                     600, 300)));
  legal_assert_clean (&self->army);
}

static void
placed_teardown (Placed        *self,
                 gconstpointer  data)
{
  g_free (self->placed);
  legal_teardown (&self->army, data);
}

/* Moves the foot's placement to (@x, @y). */
static void
move_to (Placed *self,
         double  x,
         double  y)
{
  g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup (self->field,
                                                                                 self->placed));

  moved->centre = (MusterPoint) { x, y };
  muster_feature_free (muster_battlefield_replace (self->field, moved));
}

static void
test_off_table (Placed        *self,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) issues = NULL;
  const MusterIssue *issue;

  move_to (self, 1500, 300);
  g_assert_cmpstr (legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1), ==,
                   "Left foot is placed off the table: its centre is 30.0 cm beyond the edge.");
  g_assert_false (muster_validator_is_legal (self->army.validator));
  /* It is about the unit, so activating it selects the unit. */
  issues = muster_validator_list (self->army.validator);
  issue = issues->pdata[0];
  g_assert_cmpstr (issue->unit, ==, muster_unit_get_id (self->foot));
  g_assert_cmpstr (issue->location, ==, "Host › Left foot");

  /* Only over the edge: a warning, which leaves the list legal. */
  move_to (self, 1190, 300);
  g_assert_cmpstr (legal_only (&self->army, "placement", MUSTER_SEVERITY_WARNING, 1), ==,
                   "Left foot hangs 1.0 cm over the table's edge.");
  g_assert_true (muster_validator_is_legal (self->army.validator));

  move_to (self, 600, 300);
  legal_assert_clean (&self->army);
  move_to (self, -200, -10);
  legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1);
  /* Removing the placement takes its finding away. */
  muster_feature_free (muster_battlefield_remove (self->field, self->placed, NULL));
  legal_assert_clean (&self->army);
}

static void
test_table_resized (Placed        *self,
                    gconstpointer  data)
{
  muster_battlefield_set_table (self->field, 500, 600, "cm", 100);
  legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1);
  muster_battlefield_set_table (self->field, 1200, 600, "in", 100);
  legal_assert_clean (&self->army);
  move_to (self, 1500, 300);
  g_assert_cmpstr (legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1), ==,
                   "Left foot is placed off the table: its centre is 11.8 in beyond the edge.");
}

static void
test_missing_unit (Placed        *self,
                   gconstpointer  data)
{
  g_autofree char *stray = NULL;
  g_autofree char *expected = NULL;
  MusterNode *root = muster_force_get_root (self->army.force);
  MusterUnit *foot;

  stray = g_strdup (muster_battlefield_insert (self->field, -1, placement_new ("u99", 100, 100)));
  expected = g_strdup_printf ("The battlefield places unit “u99”, which no list of this "
                              "document has (placement %s).", stray);
  g_assert_cmpstr (legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1), ==, expected);
  muster_feature_free (muster_battlefield_remove (self->field, stray, NULL));
  legal_assert_clean (&self->army);

  /* The placed unit leaves the list: its placement dangles, and says so until it comes back. */
  foot = muster_node_remove_unit (root, 1);
  g_assert_true (foot == self->foot);
  legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1);
  muster_node_insert_unit (root, 1, foot);
  legal_assert_clean (&self->army);
}

static void
test_battlefield_replaced (Placed        *self,
                           gconstpointer  data)
{
  MusterBattlefield *small = muster_battlefield_new (300, 300, "cm");
  MusterBattlefield *old;

  old = muster_doc_set_battlefield (self->army.doc, small);
  legal_assert_clean (&self->army);
  muster_feature_free (muster_battlefield_remove (old, self->placed, NULL));
  muster_battlefield_insert (small, -1, placement_new (muster_unit_get_id (self->foot), 600, 100));
  legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1);
  /* A detached battlefield's edits are no longer heard. */
  muster_battlefield_insert (old, -1, placement_new ("u99", 100, 100));
  legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1);
  muster_battlefield_free (muster_doc_set_battlefield (self->army.doc, old));
  legal_only (&self->army, "placement", MUSTER_SEVERITY_ERROR, 1);
  muster_battlefield_free (muster_doc_set_battlefield (self->army.doc, NULL));
  legal_assert_clean (&self->army);
}

/* A file read with a stray placement is not legal. */
static void
test_loaded (void)
{
  static const char text[] =
    "<muster format=\"1\"><ruleset id=\"validate-fixture\" version=\"1\"/>"
    "<force id=\"f1\" name=\"Host\" points=\"100\">"
    "<unit id=\"u1\" type=\"general\" size=\"1\"/>"
    "<unit id=\"u2\" type=\"foot\" size=\"6\"><option id=\"officer\"/></unit>"
    "<unit id=\"u3\" type=\"foot\" size=\"6\"><option id=\"officer\"/></unit></force>"
    "<battlefield width=\"1200\" height=\"600\">"
    "<placement id=\"p1\" unit=\"u2\" x=\"600\" y=\"300\"/>%s</battlefield></muster>";
  g_autofree char *stray = g_strdup_printf (text, "<placement id=\"p2\" unit=\"u7\" x=\"1\" y=\"1\"/>");
  g_autofree char *clean = g_strdup_printf (text, "");
  const char *texts[] = { clean, stray };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (texts[i], strlen (texts[i]));
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "t.muster", &error);
      g_autoptr(GPtrArray) issues = NULL;

      g_assert_no_error (error);
      muster_doc_set_ruleset (doc, fixture);
      issues = muster_validate_doc (doc);
      g_assert_cmpuint (issues->len, ==, i);
      if (i > 0)
        g_assert_cmpstr (((MusterIssue *) issues->pdata[0])->message, ==,
                         "The battlefield places unit “u7”, which no list of this document has "
                         "(placement p2).");
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fixture = muster_test_load_ruleset ("tests/data", "validate-fixture.xml");

#define ADD(name, func) \
  g_test_add ("/validate/placements/" name, Placed, NULL, placed_setup, func, placed_teardown)
  ADD ("off-table", test_off_table);
  ADD ("table-resized", test_table_resized);
  ADD ("missing-unit", test_missing_unit);
  ADD ("battlefield-replaced", test_battlefield_replaced);
#undef ADD
  g_test_add_func ("/validate/placements/loaded", test_loaded);

  status = g_test_run ();
  muster_ruleset_unref (fixture);
  return status;
}
