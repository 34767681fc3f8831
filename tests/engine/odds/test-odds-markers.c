/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "odds-test-util.h"

/*
 * The markers Resolve leaves on the units, fed into the inputs the digests change with them,
 * in each system that has such rules (Battle Valor Fantasy's only marker, the casualties short
 * of a stand, changes no procedure): without the marker the input is not the table's; with it,
 * the input is the table's, its reason names the unit and the marker, and the odds are those
 * of the procedure with the same value typed by hand (and not those without it).
 */

static void
set_markers (Scenario   *s,
             const char *unit_id,
             const char *markers)
{
  MusterUnit *unit = muster_doc_lookup_unit (s->doc, unit_id);

  g_assert_nonnull (unit);
  g_free (muster_unit_set_markers (unit, markers));
}

static gboolean
lists (const MusterOddsFacts *facts,
       const char            *procedure_id)
{
  g_autoptr(GPtrArray) list = muster_odds_list_procedures (facts);
  const MusterProcedure *procedure =
    muster_procedure_lookup (muster_ruleset_get_id (facts->ruleset), procedure_id);

  return g_ptr_array_find (list, procedure, NULL);
}

static int
value_of (const MusterOddsFill *fill,
          const char           *id)
{
  int i = muster_procedure_find_input (fill->procedure, id);

  g_assert_cmpint (i, >=, 0);
  return fill->values[i];
}

/* Standards of Valor, Afon Ddu: the First Auxiliary Century (u5) and the Slingers of the shore
 * (u24). Each Suppression marker takes a rank off a Close Order side's Reach in close combat
 * (§4.10.3), and a Remove Suppression roll works on the markers there are (§4.5). */
static void
test_sov (void)
{
  Scenario s;
  MusterPoint village;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) melee = NULL, marked = NULL, removal = NULL;
  const char * const typed[] = { "markers=2", NULL };
  const char * const wrong[] = { "markers=1", NULL };

  scenario_open (&s, "standards-of-valor-afon-ddu.muster");
  village = piece_centre (&s, "t4");
  place (&s, "u24", village.x, village.y, -90);
  place (&s, "u5", village.x, village.y - DEPTH - 3.5 * 25.4, 90);
  facts = facts_of (&s, "u5", "u24");
  melee = fill_of (facts, "hand-to-hand");
  assert_asked (melee, "attacker-suppression");
  assert_asked (melee, "defender-suppression");
  g_assert_false (lists (facts, "remove-suppression"));

  set_markers (&s, "u5", "suppression=2");
  set_markers (&s, "u24", "suppression=1");
  marked = fill_of (facts, "hand-to-hand");
  assert_table (marked, "attacker-suppression", "2", "has suppression 2");
  assert_table (marked, "defender-suppression", "1", "has suppression 1");
  /* the unit carries markers to remove: the roll is offered, on two markers */
  removal = fill_of (facts, "remove-suppression");
  assert_table (removal, "markers", "2", "has suppression 2");
  g_assert_true (same_as_typed (facts, removal, typed));
  g_assert_false (same_as_typed (facts, removal, wrong));
  scenario_close (&s);
}

/* Horse and musket, Cemetery Ridge: u3 fires at u54 in Codori farm. Suppressed, it fires with
 * half its stands and may not charge; Shaken, it flees and neither fires nor charges, and a
 * rally starts from Shaken (H26, §9.3); the hits it carries count in its Morale Test. */
static void
test_hm (void)
{
  Scenario s;
  MusterPoint farm;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) fire = NULL, charge = NULL, morale = NULL, rally = NULL;
  const char * const typed[] = { "light-cover=yes", "flank=no", "half-stands=yes", NULL };
  const char * const wrong[] = { "light-cover=yes", "flank=no", "half-stands=no", NULL };

  scenario_open (&s, "horse-and-musket-cemetery-ridge.muster");
  farm = piece_centre (&s, "t12");
  place (&s, "u54", farm.x, farm.y, -90);
  place (&s, "u3", farm.x, farm.y - DEPTH - 300, 90);
  facts = facts_of (&s, "u3", "u54");
  fire = fill_of (facts, "small-arms-fire");
  g_assert_cmpint (value_of (fire, "half-stands"), ==, 0);
  g_assert_null (fire->blocked);
  charge = fill_of (facts, "charge");
  g_assert_null (charge->blocked);

  set_markers (&s, "u3", "hits=2 morale=suppressed");
  g_clear_pointer (&fire, muster_odds_fill_free);
  g_clear_pointer (&charge, muster_odds_fill_free);
  fire = fill_of (facts, "small-arms-fire");
  assert_table (fire, "half-stands", "yes", "has morale suppressed");
  g_assert_null (fire->blocked);
  g_assert_true (same_as_typed (facts, fire, typed));
  g_assert_false (same_as_typed (facts, fire, wrong));
  charge = fill_of (facts, "charge");
  g_assert_nonnull (charge->blocked);
  g_assert_nonnull (strstr (charge->blocked, "is suppressed: it may not charge"));
  morale = fill_of (facts, "morale-test");
  assert_table (morale, "hits", "2", "has hits 2");

  set_markers (&s, "u3", "morale=shaken");
  g_clear_pointer (&fire, muster_odds_fill_free);
  fire = fill_of (facts, "small-arms-fire");
  g_assert_nonnull (fire->blocked);
  g_assert_nonnull (strstr (fire->blocked, "is shaken: it flees and does not fire"));
  rally = fill_of (facts, "rally");
  assert_table (rally, "state", "shaken", "has morale shaken");
  scenario_close (&s);
}

/* Standards of Valor, Afon Ddu: the First Auxiliary Century (u5), 3.5″ from the Slingers of
 * the shore (u24), after failed Confidence Tests (the "confidence-lost" marker Resolve
 * counts). From Confident, where a fresh unit starts: one level lost, it charges at Steady,
 * two at Shaken (§4.3.4, the charge test's TL); three, Broken, it cannot charge but may still
 * fire; four, Routed, it neither fights nor fires. */
static void
test_sov_confidence (void)
{
  Scenario s;
  MusterPoint village;
  const struct {
    const char *markers;
    const char *level;           /* the charge's; NULL: it is ruled out */
    const char *reason;          /* the level's, or why the charge is ruled out */
    const char *fire_blocked;    /* why fire is ruled out, if it is */
  } cases[] = {
    { "confidence-lost=1", "steady", "has confidence-lost 1: Steady, down from Confident", NULL },
    { "confidence-lost=2", "shaken", "has confidence-lost 2: Shaken, down from Confident", NULL },
    { "confidence-lost=3", NULL, "is Broken (confidence-lost 3): it cannot charge", NULL },
    { "confidence-lost=4", NULL, "is Routed (confidence-lost 4): it cannot fight and never fires",
      "is Routed (confidence-lost 4): it cannot fight and never fires" },
  };

  scenario_open (&s, "standards-of-valor-afon-ddu.muster");
  village = piece_centre (&s, "t4");
  place (&s, "u24", village.x, village.y, -90);
  place (&s, "u5", village.x, village.y - DEPTH - 3.5 * 25.4, 90);
  {
    g_autoptr(MusterOddsFacts) facts = facts_of (&s, "u5", "u24");
    g_autoptr(MusterOddsFill) charge = fill_of (facts, "charge");

    /* no marker: the level is not the table's (Confident unless told) */
    g_assert_cmpint (charge->sources[muster_procedure_find_input (charge->procedure,
                                                                  "confidence")],
                     !=, MUSTER_ODDS_TABLE);
    g_assert_null (charge->blocked);
  }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterOddsFacts) facts = NULL;
      g_autoptr(MusterOddsFill) charge = NULL, fire = NULL;

      g_test_message ("%s", cases[i].markers);
      set_markers (&s, "u5", cases[i].markers);
      facts = facts_of (&s, "u5", "u24");
      charge = fill_of (facts, "charge");
      fire = fill_of (facts, "fire");
      if (cases[i].level != NULL)
        {
          g_autofree char *typed_level = g_strdup_printf ("confidence=%s", cases[i].level);
          const char * const typed[] = { "facing=front", "distance=4", typed_level, NULL };
          const char * const wrong[] = { "facing=front", "distance=4", "confidence=confident",
                                         NULL };

          assert_table (charge, "confidence", cases[i].level, cases[i].reason);
          g_assert_null (charge->blocked);
          g_assert_true (same_as_typed (facts, charge, typed));
          g_assert_false (same_as_typed (facts, charge, wrong));
        }
      else
        {
          g_assert_nonnull (charge->blocked);
          g_assert_nonnull (strstr (charge->blocked, cases[i].reason));
        }
      if (cases[i].fire_blocked != NULL)
        {
          g_assert_nonnull (fire->blocked);
          g_assert_nonnull (strstr (fire->blocked, cases[i].fire_blocked));
        }
      else
        g_assert_null (fire->blocked);
    }
  scenario_close (&s);
}

/* Standards of Valor, Afon Ddu: a suppressed unit must pass a Reaction Test before its Final
 * Defensive Fire, at a Threat Level of its Suppression markers (§4.10.2). The First Auxiliary
 * Century (u5) with none is not offered the test against the slingers; with two, it is, and
 * with the circumstance chosen its odds are those typed by hand with two markers, not one. */
static void
test_sov_fdf (void)
{
  Scenario s;
  MusterPoint village;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) reaction = NULL;
  const char * const typed[] = { "circumstance=fdf-suppressed", "suppression=2", NULL };
  const char * const wrong[] = { "circumstance=fdf-suppressed", "suppression=1", NULL };
  g_autofree int *chosen = NULL;
  g_autoptr(GError) error = NULL;

  scenario_open (&s, "standards-of-valor-afon-ddu.muster");
  village = piece_centre (&s, "t4");
  place (&s, "u24", village.x, village.y, -90);
  place (&s, "u5", village.x, village.y - DEPTH - 3.5 * 25.4, 90);
  facts = facts_of (&s, "u5", "u24");
  g_assert_false (lists (facts, "reaction-test"));

  set_markers (&s, "u5", "suppression=2");
  reaction = fill_of (facts, "reaction-test");
  assert_table (reaction, "suppression", "2", "First Auxiliary Century has suppression 2");
  /* the circumstance is the player's: chosen in the panel, as here */
  chosen = muster_procedure_default_values (reaction->procedure);
  muster_procedure_set_value (reaction->procedure, chosen, "circumstance=fdf-suppressed", &error);
  g_assert_no_error (error);
  reaction->values[muster_procedure_find_input (reaction->procedure, "circumstance")] =
    chosen[muster_procedure_find_input (reaction->procedure, "circumstance")];
  g_assert_true (same_as_typed (facts, reaction, typed));
  g_assert_false (same_as_typed (facts, reaction, wrong));
  scenario_close (&s);
}

/* Appends to @s's battle log a roll of @acting against @target that took @target from
 * @before to @after stands, and leaves the list's size at @after, as Resolve does. */
static void
log_loss (Scenario   *s,
          const char *acting,
          const char *target,
          guint       before,
          guint       after)
{
  g_autoptr(GError) error = NULL;
  MusterLogEntry *entry = muster_log_entry_new ();
  MusterLogChange change = { g_strdup (target), before, after, NULL, NULL };

  entry->turn = 1;
  entry->acting = g_strdup (acting);
  entry->target = g_strdup (target);
  entry->procedure = g_strdup ("small-arms-fire");
  entry->result = g_strdup ("Hits: 3");
  entry->effect = g_strdup ("a stand lost");
  g_array_append_val (entry->changes, change);
  g_assert_true (muster_doc_append_log_entry (s->doc, entry, &error));
  g_assert_no_error (error);
  muster_unit_set_size (muster_doc_lookup_unit (s->doc, target), after);
}

/* Horse and musket, Cemetery Ridge: the stands a unit has lost count in its Morale Test's
 * casualty percentage (§9.1), with the stands it started with. Resolve takes them off the
 * list's size, so they come from the battle log: Cross's Brigade (u3) loses one of its two
 * stands to the Washington Artillery (u54), and its Morale Test is offered, on 1 of 2 stands
 * lost. Another unit's loss earlier in the log is not its own. */
static void
test_hm_stands_lost (void)
{
  Scenario s;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) after = NULL;
  const char * const typed[] = { "starting-stands=2", "stands-lost=1", NULL };
  const char * const wrong[] = { "starting-stands=2", "stands-lost=0", NULL };

  scenario_open (&s, "horse-and-musket-cemetery-ridge.muster");
  facts = facts_of (&s, "u3", "u54");
  /* nothing lost, nothing from the table: the test is not offered */
  g_assert_false (lists (facts, "morale-test"));
  log_loss (&s, "u54", "u4", 2, 1);
  g_assert_false (lists (facts, "morale-test"));

  log_loss (&s, "u54", "u3", 2, 1);
  after = fill_of (facts, "morale-test");
  assert_table (after, "starting-stands", "2",
                "Cross's Brigade had 2 stands before the battle log's first loss");
  assert_table (after, "stands-lost", "1", "Cross's Brigade has lost 1 of its 2 stands");
  g_assert_true (same_as_typed (facts, after, typed));
  g_assert_false (same_as_typed (facts, after, wrong));
  scenario_close (&s);
}

/* Medals of Valor, Saint-Aubin: Uffz. Kranz (u61) fires at Pvt. Lomax (u3) in the church. The
 * target's wound counts in the next one (§10.3); a suppressed soldier may not fire (§9.5);
 * his attitude is where his morale check starts (§9.2). */
static void
test_mov (void)
{
  Scenario s;
  MusterPoint church;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) fire = NULL, morale = NULL;
  const char * const typed[] = { "range=40", "cover=heavy", "target-injury=slight", NULL };
  const char * const wrong[] = { "range=40", "cover=heavy", "target-injury=none", NULL };

  scenario_open (&s, "medals-of-valor-saint-aubin.muster");
  church = piece_centre (&s, "t3");
  place (&s, "u3", church.x, church.y, -90);
  place (&s, "u61", church.x, church.y + DEPTH + 508, -90);
  facts = facts_of (&s, "u61", "u3");
  fire = fill_of (facts, "fire");
  g_assert_cmpint (fire->sources[muster_procedure_find_input (fire->procedure,
                                                              "target-injury")],
                   !=, MUSTER_ODDS_TABLE);
  g_assert_null (fire->blocked);
  g_assert_false (lists (facts, "morale"));

  set_markers (&s, "u3", "injury=slight");
  set_markers (&s, "u61", "attitude=nervous");
  g_clear_pointer (&fire, muster_odds_fill_free);
  fire = fill_of (facts, "fire");
  assert_table (fire, "target-injury", "slight", "has injury slight");
  g_assert_true (same_as_typed (facts, fire, typed));
  g_assert_false (same_as_typed (facts, fire, wrong));
  morale = fill_of (facts, "morale");
  assert_table (morale, "attitude", "nervous", "has attitude nervous");

  set_markers (&s, "u61", "suppressed");
  g_clear_pointer (&fire, muster_odds_fill_free);
  fire = fill_of (facts, "fire");
  g_assert_nonnull (fire->blocked);
  g_assert_nonnull (strstr (fire->blocked, "is suppressed: he may not fire"));
  scenario_close (&s);
}

/* Undying Lands, Twelve Squares: the Hill trolls (u5) and the Duergar spear wall (u22). A
 * shot at a unit counts its IP at the start of the phase, the list's less those it has lost
 * (X28); a disordered vignette fights with the disorder rows (§10, X8). */
static void
test_ul (void)
{
  Scenario s;
  MusterPoint wood;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) shoot = NULL, melee = NULL;
  g_autofree char *listed_ip = NULL, *lost = NULL, *reason = NULL;
  int listed;

  scenario_open (&s, "undying-lands-twelve-squares.muster");
  wood = piece_centre (&s, "t3");
  place (&s, "u22", wood.x, wood.y, -90);
  place (&s, "u5", wood.x, wood.y - DEPTH - 123, 90);
  facts = facts_of (&s, "u5", "u22");
  shoot = fill_of (facts, "shoot");
  listed = value_of (shoot, "target-ip");
  g_assert_cmpint (shoot->sources[muster_procedure_find_input (shoot->procedure, "target-ip")],
                   ==, MUSTER_ODDS_LIST);
  g_assert_cmpint (listed, >, 2);
  melee = fill_of (facts, "melee-round");
  g_assert_cmpint (value_of (melee, "a-disordered"), ==, 0);

  /* worn down to 2 IP: a single IP lost is half of them, and disorders it */
  lost = g_strdup_printf ("ip-lost=%d", listed - 2);
  set_markers (&s, "u22", lost);
  set_markers (&s, "u5", "disordered");
  g_clear_pointer (&shoot, muster_odds_fill_free);
  g_clear_pointer (&melee, muster_odds_fill_free);
  shoot = fill_of (facts, "shoot");
  reason = g_strdup_printf ("%d on the list, ip-lost %d", listed, listed - 2);
  assert_table (shoot, "target-ip", "2", reason);
  {
    const char * const typed[] = { "cover=yes", "target-ip=2", NULL };

    listed_ip = g_strdup_printf ("target-ip=%d", listed);
    g_assert_true (same_as_typed (facts, shoot, typed));
  }
  {
    const char * const wrong[] = { "cover=yes", listed_ip, NULL };

    g_assert_false (same_as_typed (facts, shoot, wrong));
  }
  melee = fill_of (facts, "melee-round");
  assert_table (melee, "a-disordered", "yes", "has disordered");
  scenario_close (&s);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/odds-markers/sov", test_sov);
  g_test_add_func ("/odds-markers/sov-confidence", test_sov_confidence);
  g_test_add_func ("/odds-markers/sov-fdf", test_sov_fdf);
  g_test_add_func ("/odds-markers/hm", test_hm);
  g_test_add_func ("/odds-markers/hm-stands-lost", test_hm_stands_lost);
  g_test_add_func ("/odds-markers/mov", test_mov);
  g_test_add_func ("/odds-markers/ul", test_ul);
  return g_test_run ();
}
