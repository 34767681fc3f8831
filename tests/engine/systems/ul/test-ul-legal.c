/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"
#include "muster-test-legal.h"

/*
 * Undying Lands legality (digest §2.3, §2.4 L1–L13, §4) through the real validator: every
 * constraint of the ruleset with a passing and a failing list and its exact message, and the
 * shipped sample legal.
 */

static MusterRuleset *ul;

#define ERROR MUSTER_SEVERITY_ERROR

static MusterNode *wing;

/* One wing: the General's TU and the Sub-Commander's, two Regular Close Order Foot vignettes
 * each. */
static void
ul_setup (Legal         *army,
          gconstpointer  data)
{
  legal_init (army, ul, 0);
  wing = legal_add_node (army, NULL, "wing", "Battle");
  legal_add (army, wing, "Guard", "foot", 2, "general", "rating-3", NULL);
  legal_add (army, wing, "Hird", "foot", 2, "sub-commander", "rating-2", NULL);
  legal_assert_clean (army);
}

/* Every forbidden combination of L1, L3, L4, L6, L7, L8, L12 and L13. */
static const LegalForbid forbid[] = {
  /* L1 (§2.3) */
  { "l1-lance", ERROR, "foot", { "lance" }, { NULL }, "lance",
    "X: a Lance is for Mounted only (L1)." },
  { "l1-lance", ERROR, "leviathan", { "lance" }, { NULL }, "lance",
    "X: a Lance is for Mounted only (L1)." },
  { "l1-two-handed-class", ERROR, "mounted", { "weapon-2h" }, { NULL }, "weapon-2h",
    "X: 2HPW, 2HW and M2HW are for Foot and Leviathan only (L1)." },
  { "l1-two-handed-class", ERROR, "behemoth", { "massive-2h", "loose" }, { NULL }, "massive-2h",
    "X: 2HPW, 2HW and M2HW are for Foot and Leviathan only (L1)." },
  { "l1-two-handed-order", ERROR, "foot", { "polearm-2h" }, { "loose" }, NULL,
    "X: 2HPW and M2HW are for Loose or Open Order only (L1)." },
  { "l1-two-handed-order", ERROR, "leviathan", { "massive-2h", "close" }, { "open" }, "close",
    "X: 2HPW and M2HW are for Loose or Open Order only (L1)." },
  { "l1-hfs", ERROR, "mounted", { "hfs" }, { NULL }, "hfs", "X: HFS is for Foot only (L1)." },
  { "l1-pike", ERROR, "foot", { "pike", "loose" }, { "close" }, "loose",
    "X: Pike is for Close Order Foot only (L1)." },
  { "l1-pike-class", ERROR, "leviathan", { "pike" }, { NULL }, "pike",
    "X: Pike is for Close Order Foot only (L1)." },
  { "l1-spear", ERROR, "mounted", { "spear" }, { NULL }, "spear",
    "X: Spear is for Close or Loose Order Foot only (L1)." },
  { "l1-spear-order", ERROR, "foot", { "spear", "open" }, { "loose" }, "open",
    "X: Spear is for Close or Loose Order Foot only (L1)." },
  { "l1-missile-monsters", ERROR, "leviathan", { "srw" }, { NULL }, "srw",
    "X: Leviathans and Behemoths carry no SSW, SRW or LRW (L1, X37)." },
  { "l1-missile-monsters", ERROR, "behemoth", { "elf-bow" }, { "sbw" }, "elf-bow",
    "X: Leviathans and Behemoths carry no SSW, SRW or LRW (L1, X37)." },
  { "l1-srw-mounted", ERROR, "mounted", { "srw" }, { "loose" }, NULL,
    "X: Mounted with SRW must be Loose or Open Order (L1)." },
  { "l1-lrw-mounted", ERROR, "mounted", { "lrw", "open" }, { "elf-bow" }, "lrw",
    "X: Mounted may carry an LRW only if it is an Elf Bow (L1)." },
  /* L3, L4 */
  { "l3-shield-weapons", ERROR, "foot", { "shield", "weapon-2h" }, { NULL }, "shield",
    "X: no shield with 2HPW, 2HW, M2HW or LRW (L3)." },
  { "l3-shield-weapons", ERROR, "foot", { "shield", "lrw" }, { "ssw" }, "lrw",
    "X: no shield with 2HPW, 2HW, M2HW or LRW (L3)." },
  { "l3-shield-class", ERROR, "leviathan", { "shield" }, { NULL }, "shield",
    "X: Leviathans and Behemoths carry no shield (L3, L4)." },
  { "l3-shield-class", ERROR, "behemoth", { "large-shield" }, { NULL }, "large-shield",
    "X: Leviathans and Behemoths carry no shield (L3, L4)." },
  { "l4-large-shield-class", ERROR, "mounted", { "large-shield" }, { "shield" }, "large-shield",
    "X: only Close or Loose Order Foot carry large shields (L4)." },
  { "l4-large-shield-order", ERROR, "foot", { "large-shield", "open" }, { "loose" }, "open",
    "X: only Close or Loose Order Foot carry large shields (L4)." },
  { "l4-large-shield-weapons", ERROR, "foot", { "large-shield", "pike" }, { "spear" }, "pike",
    "X: no large shield with 2HPW, 2HW, M2HW or Pike (L4)." },
  { "l4-large-shield-missile", ERROR, "foot", { "large-shield", "ssw" }, { NULL }, "ssw",
    "X: no large shield with any missile weapon class (L4)." },
  { "l4-large-shield-breath", ERROR, "foot", { "large-shield", "sbw" }, { NULL }, "sbw",
    "X: no large shield with a breath weapon, read literally (L4, X38)." },
  /* L6, L7, L8 */
  { "l6-behemoth-irregular", ERROR, "behemoth", { "regular" }, { "irregular" }, "regular",
    "X: a Behemoth is always Irregular (L6)." },
  { "l7-fast-order", ERROR, "foot", { "is-fast" }, { "open" }, NULL,
    "X: only Loose or Open Order vignettes may be Fast (L7)." },
  { "l7-fast-barding", ERROR, "mounted", { "is-fast", "loose", "partial-barding" }, { NULL },
    "partial-barding", "X: Fast Mounted cannot have mount armour (L7)." },
  { "l8-barding", ERROR, "leviathan", { "full-barding" }, { NULL }, "full-barding",
    "X: only Mounted vignettes have mount armour (L8)." },
  /* L12 */
  { "l12-rating-without-commander", ERROR, "foot", { "rating-4" }, { NULL }, "rating-4",
    "X: only a TU carrying a commander has a Commander Rating." },
  /* L13 */
  { "l13-break-off-order", ERROR, "foot", { "may-break-off", "loose" }, { "close" }, "loose",
    "X: the army-list permission to break off is for Regular Close Order Foot; Loose and Open "
    "Order break off by the rules (L13)." },
  { "l13-break-off-status", ERROR, "foot", { "may-break-off", "irregular" }, { "regular" },
    "irregular", "X: the army-list permission to break off is for Regular Close Order Foot (L13)." },
};

static void
test_forbid (Legal         *army,
             gconstpointer  data)
{
  legal_check_forbid (army, wing, 2, forbid, G_N_ELEMENTS (forbid));
}

/* L13 on another class: only Foot has the list permission (an option the others do not
 * allow), so the class constraint is checked on a Foot unit turned Mounted. */
static void
test_break_off_class (Legal         *army,
                      gconstpointer  data)
{
  MusterUnit *unit = legal_add (army, wing, "X", "foot", 2, "may-break-off", NULL);

  legal_assert_clean (army);
  muster_unit_free (muster_node_remove_unit (wing, 2));
  unit = legal_add (army, wing, "X", "mounted", 2, "may-break-off", NULL);
  g_assert_cmpstr (legal_only (army, "l13-break-off-class", ERROR, 1), ==,
                   "X: the army-list permission to break off is for Regular Close Order Foot "
                   "(L13).");
  muster_unit_set_option (unit, "may-break-off", 0);
  legal_assert_clean (army);
}

/* The variants that lift X37 and X38. */
static void
test_variants (Legal         *army,
               gconstpointer  data)
{
  legal_add (army, wing, "Wyrm", "behemoth", 2, "srw", NULL);
  legal_add (army, wing, "Shieldmen", "foot", 2, "large-shield", "sbw", NULL);
  legal_only (army, "l1-missile-monsters", ERROR, 1);
  legal_only (army, "l4-large-shield-breath", ERROR, 1);
  g_free (muster_force_set_setting (army->force, "monster-missiles", "allowed"));
  g_free (muster_force_set_setting (army->force, "large-shield-breath", "allowed"));
  legal_assert_clean (army);
}

/* L2: one close-combat class besides SA, one missile class besides SBW. The groups take one
 * pick each (SA is the close-combat group's "none"), so the generic check says it too. */
static void
test_one_class (Legal         *army,
                gconstpointer  data)
{
  MusterUnit *unit = legal_add (army, wing, "X", "foot", 2, "hfs", "ssw", "sbw", NULL);

  legal_assert_clean (army);
  muster_unit_set_option (unit, "spear", 1);
  g_assert_cmpstr (legal_only (army, "l2-one-close-combat", ERROR, 1), ==,
                   "X: at most one Close Combat Weapon Class besides SA (2 chosen) (L2).");
  g_assert_cmpstr (legal_only (army, "unit-options", ERROR, 1), ==,
                   "X (Foot) has 2 Close Combat Weapon Class choices; choose one.");
  muster_unit_set_option (unit, "hfs", 0);
  legal_assert_clean (army);
  muster_unit_set_option (unit, "srw", 1);
  g_assert_cmpstr (legal_only (army, "l2-one-missile", ERROR, 1), ==,
                   "X: at most one Missile Weapon Class besides SBW (2 chosen) (L2).");
  muster_unit_set_option (unit, "ssw", 0);
  legal_assert_clean (army);
}

/* L10: an Irregular TU (a Behemoth always) and a pike TU have at least 2 vignettes. */
static void
test_sizes (Legal         *army,
            gconstpointer  data)
{
  static const struct {
    const char *rule, *type, *option, *message;
  } cases[] = {
    { "l10-irregular-size", "foot", "irregular",
      "X: an Irregular Tactical Unit has at least 2 vignettes (1) (L10)." },
    { "l10-irregular-size", "behemoth", NULL,
      "X: an Irregular Tactical Unit has at least 2 vignettes (1) (L10)." },
    { "l10-pike-size", "foot", "pike",
      "X: a pike Tactical Unit has at least 2 vignettes (1) (L10)." },
  };

  /* A Regular TU of one vignette is legal. */
  legal_add (army, wing, "Scouts", "foot", 1, NULL);
  legal_assert_clean (army);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterUnit *unit = legal_add (army, wing, "X", cases[i].type, 1, cases[i].option, NULL);

      g_assert_cmpstr (legal_only (army, cases[i].rule, ERROR, 1), ==, cases[i].message);
      muster_unit_set_size (unit, 2);
      legal_assert_clean (army);
      legal_remove (unit);
    }
}

/* L12: one General; each wing one Sub-Commander and at least one TU; commanders rated 1–6. */
static void
test_command (Legal         *army,
              gconstpointer  data)
{
  MusterUnit *guard = muster_node_get_unit (wing, 0);
  MusterUnit *second;
  MusterNode *right;

  second = legal_add (army, wing, "Pretender", "foot", 2, "general", "rating-1", NULL);
  g_assert_cmpstr (legal_only (army, "l12-one-general", ERROR, 1), ==,
                   "An army has exactly one General (2 found) (L12).");
  legal_remove (second);
  muster_unit_set_option (guard, "general", 0);
  muster_unit_set_option (guard, "rating-3", 0);
  g_assert_cmpstr (legal_only (army, "l12-one-general", ERROR, 1), ==,
                   "An army has exactly one General (0 found) (L12).");
  muster_unit_set_option (guard, "general", 1);
  muster_unit_set_option (guard, "rating-3", 1);
  legal_assert_clean (army);

  right = legal_add_node (army, NULL, "wing", "Right");
  g_assert_cmpstr (legal_only (army, "l12-wing-sub-commander", ERROR, 1), ==,
                   "Right: a wing has exactly one Sub-Commander (0 found) (L12).");
  g_assert_cmpstr (legal_only (army, "l12-wing-units", ERROR, 1), ==,
                   "Right: a Sub-Commander commands at least 1 Tactical Unit (0) (L12).");
  legal_add (army, right, "Jarl", "mounted", 2, "sub-commander", "rating-4", NULL);
  legal_assert_clean (army);
  second = legal_add (army, right, "Thegn", "mounted", 2, "sub-commander", "rating-5", NULL);
  g_assert_cmpstr (legal_only (army, "l12-wing-sub-commander", ERROR, 1), ==,
                   "Right: a wing has exactly one Sub-Commander (2 found) (L12).");
  muster_unit_set_option (second, "sub-commander", 0);
  muster_unit_set_option (second, "rating-5", 0);
  legal_assert_clean (army);

  muster_unit_set_option (guard, "rating-3", 0);
  g_assert_cmpstr (legal_only (army, "l12-commander-rating", ERROR, 1), ==,
                   "Guard: a commander has one Commander Rating from 1 to 6 (L12).");
  muster_unit_set_option (guard, "rating-6", 1);
  legal_assert_clean (army);
}

/* L12: every TU belongs to exactly one Sub-Commander: none stands outside a wing. */
static void
test_tu_in_wing (Legal         *army,
                 gconstpointer  data)
{
  MusterNode *root = muster_force_get_root (army->force);

  legal_add (army, NULL, "Stray", "foot", 2, NULL);
  g_assert_cmpstr (legal_only (army, "l12-tu-in-wing", ERROR, 1), ==,
                   "Stray: every Tactical Unit belongs to exactly one Sub-Commander's wing "
                   "(L12).");
  muster_node_move_unit (root, 0, wing, muster_node_get_n_units (wing));
  legal_assert_clean (army);
}

static const LegalSample sample = { &ul, "undying-lands-host.muster", "" };

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  ul = muster_test_load_shipped_ruleset ("undying-lands");

#define UL(name, func) g_test_add ("/engine/ul-legal/" name, Legal, NULL, ul_setup, func, \
                                   legal_teardown)
  UL ("forbid", test_forbid);
  UL ("break-off-class", test_break_off_class);
  UL ("variants", test_variants);
  UL ("one-class", test_one_class);
  UL ("sizes", test_sizes);
  UL ("command", test_command);
  UL ("tu-in-wing", test_tu_in_wing);
#undef UL
  g_test_add_data_func ("/engine/ul-legal/sample-legal", &sample, legal_test_sample);

  ret = g_test_run ();
  muster_ruleset_unref (ul);
  return ret;
}
