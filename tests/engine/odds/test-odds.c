/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "odds-test-util.h"

/*
 * Odds on the table in the five systems' sample scenarios: two units are placed by hand where
 * the geometry is known (a 4-stand line of 40 mm bases, 160 mm wide and 40 deep, facing the
 * other), every filled input is checked against that geometry, and the odds against the
 * procedure run on the same inputs typed by hand, as the Preview takes them.
 */

/* Battle at Cold Beck: the Iron Hill Crossbows (u5) shoot at the Night Archers (u43) inside
 * Mirkwood Edge; the range bands at 7.1″, exactly 8″, 9.1″, exactly 16″ and 16.9″. */
static void
test_bvf (void)
{
  Scenario s;
  MusterPoint wood;
  const struct {
    double      gap;   /* mm, edge to edge */
    const char *band;
    const char *reason;
  } bands[] = {
    { 180, "short", "7.1″: short range" },
    { 8 * 25.4, "short", "8.0″: short range" },
    { 230, "medium", "9.1″: medium range" },
    { 16 * 25.4, "long", "16.0″: long range" },
    { 430, "long", "16.9″: long range" },
  };

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  wood = piece_centre (&s, "t1");
  place (&s, "u43", wood.x, wood.y, -90);
  for (guint i = 0; i < G_N_ELEMENTS (bands); i++)
    {
      g_autoptr(MusterOddsFacts) facts = NULL;
      g_autoptr(MusterOddsFill) fill = NULL;

      /* dragged straight down the table toward the target */
      place (&s, "u5", wood.x, wood.y - DEPTH - bands[i].gap, 90);
      facts = facts_of (&s, "u5", "u43");
      g_assert_cmpfloat_with_epsilon (facts->distance, bands[i].gap, 1e-6);
      g_assert_true (facts->sight);
      g_assert_cmpint (facts->aspect, ==, MUSTER_ASPECT_FRONT);
      g_assert_true (facts->target.terrain == muster_battlefield_lookup
                       (muster_doc_get_battlefield (s.doc), "t1"));
      fill = fill_of (facts, "missile-fire");
      assert_table (fill, "range", bands[i].band, bands[i].reason);
      assert_table (fill, "woods", "yes", "in Mirkwood Edge (|): soft cover");
      assert_table (fill, "line", "yes", NULL);
      assert_table (fill, "obstacle", "no", "no linear obstacle within 1″ in front of it");
      /* the target's formation, from the placement */
      assert_table (fill, "skirmish-target", "no", "Night Archers is not in skirmish order");
      assert_table (fill, "deep-formation", "no",
                    "Night Archers is not in Attack Column, Square or Wedge");
      assert_every_table_input_checked (fill);
      assert_asked (fill, "target-charging");
      g_assert_null (fill->blocked);
      if (i == 0)
        {
          const char * const typed[] = { "range=short", "woods=yes", "line=yes", NULL };
          const char * const wrong[] = { "range=medium", "woods=yes", "line=yes", NULL };

          g_assert_true (same_as_typed (facts, fill, typed));
          g_assert_false (same_as_typed (facts, fill, wrong));
        }
    }

  /* 24.1″ away: beyond the crossbows' 24″, which the odds cannot express but say */
  {
    g_autoptr(MusterOddsFacts) far = NULL;
    g_autoptr(MusterOddsFill) fire = NULL;

    place (&s, "u5", wood.x, wood.y - DEPTH - 24.1 * 25.4, 90);
    far = facts_of (&s, "u5", "u43");
    fire = fill_of (far, "missile-fire");
    assert_table (fire, "range", "long", "24.1″: beyond its 24″ reach, out of range");
    assert_table (fire, "woods", "yes", "in Mirkwood Edge");
    assert_table (fire, "line", "yes", NULL);
    assert_table (fire, "obstacle", "no", NULL);
    assert_table (fire, "skirmish-target", "no", NULL);
    assert_table (fire, "deep-formation", "no", NULL);
    assert_every_table_input_checked (fire);
    g_assert_cmpstr (fire->blocked, ==, "out of range: 24.1″, beyond its 24″ reach");
  }

  /* Thane Borin (u1, the General) 11.9″ to the right of the crossbows' line (each 160 mm
   * wide), then 12.1″: +2 on the charge roll, then not; the charge roll is the crossbows' own,
   * which the table now fills */
  {
    MusterPoint at = { wood.x, wood.y - DEPTH - 230 };
    const double gaps[] = { 11.9, 12.1 };

    place (&s, "u5", at.x, at.y, 90);
    for (guint i = 0; i < G_N_ELEMENTS (gaps); i++)
      {
        g_autoptr(MusterOddsFacts) facts = NULL;
        g_autoptr(MusterOddsFill) combat = NULL, charge = NULL;

        place (&s, "u1", at.x + 160 + gaps[i] * 25.4, at.y, 90);
        facts = facts_of (&s, "u5", "u43");
        combat = fill_of (facts, "combat");
        charge = fill_of (facts, "charge-roll");
        assert_table (combat, "general", i == 0 ? "yes" : "no",
                      i == 0 ? "Thane Borin Ironhand 11.9″ away"
                             : "Thane Borin Ironhand 12.1″ away");
        assert_table (charge, "general", i == 0 ? "yes" : "no", NULL);
        /* 230 mm ahead of the archers' front edge, in line */
        assert_table (combat, "direction", "front", "ahead of the target's front edge: front");
        assert_table (combat, "attack-column", "no", "Iron Hill Crossbows is not in Attack Column");
        assert_table (combat, "target-line", "yes", "Night Archers is in Line");
        assert_every_table_input_checked (combat);
        assert_every_table_input_checked (charge);
      }
  }

  /* beside the target, then behind it: its flank and its rear in melee */
  {
    g_autoptr(MusterOddsFacts) flank = NULL, rear = NULL;
    g_autoptr(MusterOddsFill) strike_flank = NULL, strike_rear = NULL;

    place (&s, "u5", wood.x + 200, wood.y, 180);
    flank = facts_of (&s, "u5", "u43");
    g_assert_cmpint (flank->aspect, ==, MUSTER_ASPECT_FLANK);
    g_assert_cmpfloat_with_epsilon (flank->distance, 200 - 80 - 20, 1e-6);
    strike_flank = fill_of (flank, "melee-strike");
    assert_table (strike_flank, "direction", "flank", "beside the target");
    assert_table (strike_flank, "attack-column", "no", NULL);
    assert_table (strike_flank, "target-line", "yes", NULL);
    assert_table (strike_flank, "high-ground", "no", "not on a hill");
    assert_table (strike_flank, "obstacle", "no", "no linear obstacle within 1″");
    assert_every_table_input_checked (strike_flank);
    place (&s, "u5", wood.x, wood.y + 150, -90);
    rear = facts_of (&s, "u5", "u43");
    g_assert_cmpint (rear->aspect, ==, MUSTER_ASPECT_REAR);
    strike_rear = fill_of (rear, "melee-strike");
    assert_table (strike_rear, "direction", "rear", "behind the target's rear edge");
    assert_table (strike_rear, "attack-column", "no", NULL);
    assert_table (strike_rear, "target-line", "yes", NULL);
    assert_table (strike_rear, "high-ground", "no", NULL);
    assert_table (strike_rear, "obstacle", "no", NULL);
    assert_every_table_input_checked (strike_rear);
  }
  scenario_close (&s);
}

/* A combat attack is struck in base contact: the crossbows where the sample has them (34.6″
 * from the archers) and 7.1″ off cannot strike, face to face they can; the charge that
 * would close the gap (Combat over several rounds) is not ruled out for want of contact. */
static void
test_bvf_contact (void)
{
  Scenario s;
  MusterPoint wood;

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  {
    g_autoptr(MusterOddsFacts) facts = facts_of (&s, "u5", "u43");
    g_autoptr(MusterOddsFill) strike = fill_of (facts, "melee-strike");
    g_autoptr(MusterOddsFill) fire = fill_of (facts, "missile-fire");

    g_assert_cmpstr (strike->blocked, ==,
                     "not in contact: 34.6″ apart, and a combat attack is struck in base "
                     "contact");
    g_assert_nonnull (fire->blocked);
  }

  wood = piece_centre (&s, "t1");
  place (&s, "u43", wood.x, wood.y, -90);
  place (&s, "u5", wood.x, wood.y - DEPTH - 180, 90);
  {
    g_autoptr(MusterOddsFacts) facts = facts_of (&s, "u5", "u43");
    g_autoptr(MusterOddsFill) strike = fill_of (facts, "melee-strike");
    g_autoptr(MusterOddsFill) combat = fill_of (facts, "combat");

    g_assert_cmpstr (strike->blocked, ==,
                     "not in contact: 7.1″ apart, and a combat attack is struck in base "
                     "contact");
    /* its reach, through the wood, is /odds/bvf-charge-reach's business */
    g_assert_true (combat->blocked == NULL || strstr (combat->blocked, "contact") == NULL);
  }

  place (&s, "u5", wood.x, wood.y - DEPTH, 90);
  {
    g_autoptr(MusterOddsFacts) facts = facts_of (&s, "u5", "u43");
    g_autoptr(MusterOddsFill) strike = fill_of (facts, "melee-strike");

    g_assert_cmpfloat_with_epsilon (facts->distance, 0, 1e-6);
    g_assert_null (strike->blocked);
    assert_table (strike, "direction", "front", NULL);
  }
  scenario_close (&s);
}

/* A charge needs the target within 2 × MR, halved in difficult terrain: the crossbows (MR 4)
 * 34.6″ and, in the open, 9″ from the archers cannot charge them (Combat over several rounds,
 * Engagement, impact hits), 7.1″ off they can; starting in Mirkwood Edge their 8″ is 4″, so
 * 7.1″ is out of reach and 3.5″ is not; charging the archers inside the wood from 7.1″ off,
 * the rest of the move is halved where they enter it, and it falls short. */
static void
test_bvf_charge_reach (void)
{
  const char * const charges[] = { "combat", "engagement", "impact-hits" };
  const MusterPoint open = { 650, 350 };
  Scenario s;
  MusterPoint wood;
  struct {
    MusterPoint  acting, target;
    const char  *blocked;
  } cases[6];

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  wood = piece_centre (&s, "t1");
  cases[0].blocked = "out of charge reach: 34.6″ apart, beyond its 8″ charge (2 × MR 4)";
  cases[1].acting = (MusterPoint) { open.x, open.y - DEPTH - 9 * 25.4 };
  cases[1].target = open;
  cases[1].blocked = "out of charge reach: 9.0″ apart, beyond its 8″ charge (2 × MR 4)";
  cases[2].acting = (MusterPoint) { open.x, open.y - DEPTH - 180 };
  cases[2].target = open;
  cases[2].blocked = NULL;
  cases[3].acting = wood;
  cases[3].target = (MusterPoint) { wood.x, wood.y + DEPTH + 180 };
  cases[3].blocked = "out of charge reach: 7.1″ apart, beyond its 4″ charge (2 × MR 4, halved "
                     "in Mirkwood Edge)";
  cases[4].acting = wood;
  cases[4].target = (MusterPoint) { wood.x, wood.y + DEPTH + 3.5 * 25.4 };
  cases[4].blocked = NULL;
  cases[5].acting = (MusterPoint) { wood.x, wood.y - DEPTH - 180 };
  cases[5].target = wood;
  cases[5].blocked = "the rest halved in Mirkwood Edge";
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterOddsFacts) facts = NULL;

      if (i > 0)
        {
          place (&s, "u43", cases[i].target.x, cases[i].target.y, -90);
          place (&s, "u5", cases[i].acting.x, cases[i].acting.y, 90);
        }
      facts = facts_of (&s, "u5", "u43");
      for (guint j = 0; j < G_N_ELEMENTS (charges); j++)
        {
          g_autoptr(MusterOddsFill) fill = fill_of (facts, charges[j]);

          g_test_message ("case %u, %s: %s", i, charges[j], fill->blocked);
          if (i == 5)
            {
              /* "…beyond its 5.4″ charge (2 × MR 4, the rest halved in Mirkwood Edge, 2.4″
               * on)": where it enters is the wood's edge, measured */
              g_assert_nonnull (fill->blocked);
              g_assert_true (g_str_has_prefix (fill->blocked,
                                               "out of charge reach: 7.1″ apart, beyond its "));
              g_assert_nonnull (strstr (fill->blocked, cases[i].blocked));
            }
          else
            g_assert_cmpstr (fill->blocked, ==, cases[i].blocked);
        }
    }
  scenario_close (&s);
}

/* A shot needs something to shoot with: Thane Borin (u1) has no missile weapons and no
 * engine, the crossbows (u5) shoot volleys but are no war machine, the Stone Thrower (u8) is
 * one and fires no volleys. Each is ruled out with that reason, 7.1″ from the archers in the
 * open where nothing else rules them out. */
static void
test_bvf_weapons (void)
{
  const MusterPoint open = { 650, 350 };
  Scenario s;
  struct {
    const char *unit;
    const char *fire;
    const char *machine;
  } cases[] = {
    { "u1", "Thane Borin Ironhand has no missile weapons",
      "Thane Borin Ironhand is not a war machine" },
    { "u5", NULL, "Iron Hill Crossbows is not a war machine" },
    { "u8", "Stone Thrower is a war machine: it shoots with War machine shot", NULL },
  };

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  place (&s, "u43", open.x, open.y, -90);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterOddsFacts) facts = NULL;
      g_autoptr(MusterOddsFill) fire = NULL;
      g_autoptr(MusterOddsFill) machine = NULL;

      place (&s, cases[i].unit, open.x, open.y - 2 * DEPTH - 180, 90);
      facts = facts_of (&s, cases[i].unit, "u43");
      fire = fill_of (facts, "missile-fire");
      machine = fill_of (facts, "war-machine");
      g_assert_cmpstr (fire->blocked, ==, cases[i].fire);
      g_assert_cmpstr (machine->blocked, ==, cases[i].machine);
    }
  scenario_close (&s);
}

/* Line of sight and what blocks it: the Stone Thrower (u8) 18.9″ from the archers with
 * Mirkwood Edge between them (woods block sight) shoots without it, as typed by hand; with the
 * archers moved aside, clear of the wood, with it. */
static void
test_bvf_sight (void)
{
  Scenario s;
  MusterPoint wood;
  const struct {
    double      target_x;
    const char *sight;
    const char *reason;
  } cases[] = {
    { 0, "no", "blocked by Mirkwood Edge" },
    { 400, "yes", "the line between them is clear" },
  };

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  wood = piece_centre (&s, "t1");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterOddsFacts) facts = NULL;
      g_autoptr(MusterOddsFill) shot = NULL;
      g_autofree char *typed_sight = g_strdup_printf ("line-of-sight=%s", cases[i].sight);
      g_autofree char *wrong_sight = g_strdup_printf ("line-of-sight=%s",
                                                      i == 0 ? "yes" : "no");

      /* the thrower above the wood, the archers below it (or below and aside) */
      place (&s, "u8", wood.x + cases[i].target_x, wood.y - 260, 90);
      place (&s, "u43", wood.x + cases[i].target_x, wood.y + 260, -90);
      facts = facts_of (&s, "u8", "u43");
      g_assert_cmpfloat_with_epsilon (facts->distance, 520 - 2 * DEPTH / 2, 1e-6);
      g_assert_cmpint (facts->sight, ==, i != 0);
      g_assert_true (i == 0 ? facts->blocker == muster_battlefield_lookup
                                (muster_doc_get_battlefield (s.doc), "t1")
                            : facts->blocker == NULL);
      shot = fill_of (facts, "war-machine");
      g_assert_null (shot->blocked);
      assert_table (shot, "line-of-sight", cases[i].sight, cases[i].reason);
      assert_table (shot, "range", "long", "18.9″: long range");
      assert_table (shot, "skirmish-target", "no", NULL);
      assert_table (shot, "woods", "no", "in the open: no cover");
      assert_table (shot, "obstacle", "no", NULL);
      assert_every_table_input_checked (shot);
      {
        const char * const typed[] = { "range=long", typed_sight, NULL };
        const char * const wrong[] = { "range=long", wrong_sight, NULL };

        g_assert_true (same_as_typed (facts, shot, typed));
        g_assert_false (same_as_typed (facts, shot, wrong));
      }
    }
  scenario_close (&s);
}

/* Cemetery Ridge: Cross's Brigade (u3) fires at the Washington Artillery (u54) in the Codori
 * farm (a town: light cover), first from in front, then from its flank. */
static void
test_hm (void)
{
  Scenario s;
  MusterPoint farm;
  g_autoptr(MusterOddsFacts) front = NULL, flank = NULL;
  g_autoptr(MusterOddsFill) fire = NULL, fire_flank = NULL;
  const char * const typed[] = { "light-cover=yes", "flank=no", NULL };
  const char * const wrong[] = { "light-cover=no", "flank=no", NULL };

  scenario_open (&s, "horse-and-musket-cemetery-ridge.muster");
  farm = piece_centre (&s, "t12");
  place (&s, "u54", farm.x, farm.y, -90);
  place (&s, "u3", farm.x, farm.y - DEPTH - 300, 90);
  front = facts_of (&s, "u3", "u54");
  g_assert_cmpfloat_with_epsilon (front->distance, 300, 1e-6);
  fire = fill_of (front, "small-arms-fire");
  assert_table (fire, "light-cover", "yes", "in Codori farm (|): hard cover");
  assert_table (fire, "flank", "no", "front");
  assert_every_table_input_checked (fire);
  /* the book gives no range distances */
  assert_asked (fire, "range");
  g_assert_true (same_as_typed (front, fire, typed));
  g_assert_false (same_as_typed (front, fire, wrong));

  place (&s, "u3", farm.x + 400, farm.y, 180);
  flank = facts_of (&s, "u3", "u54");
  g_assert_cmpint (flank->aspect, ==, MUSTER_ASPECT_FLANK);
  fire_flank = fill_of (flank, "small-arms-fire");
  assert_table (fire_flank, "flank", "yes", "flank");
  assert_table (fire_flank, "light-cover", "yes", "in Codori farm");
  assert_every_table_input_checked (fire_flank);
  scenario_close (&s);
}

/* Saint-Aubin: Uffz. Kranz (u61) fires at Pvt. Lomax (u3) inside the church (heavy cover),
 * 508 mm (20″) away: 40 yards at the ruleset's 2 yards to the inch. */
static void
test_mov (void)
{
  Scenario s;
  MusterPoint church;
  g_autoptr(MusterOddsFacts) facts = NULL, front = NULL;
  g_autoptr(MusterOddsFill) fire = NULL, melee = NULL, melee_front = NULL;
  const char * const typed[] = { "range=40", "cover=heavy", NULL };
  const char * const wrong[] = { "range=40", "cover=open", NULL };

  scenario_open (&s, "medals-of-valor-saint-aubin.muster");
  church = piece_centre (&s, "t3");
  place (&s, "u3", church.x, church.y, -90);
  place (&s, "u61", church.x, church.y + DEPTH + 508, -90);
  facts = facts_of (&s, "u61", "u3");
  g_assert_cmpfloat_with_epsilon (facts->distance, 508, 1e-6);
  g_assert_cmpstr (facts->units, ==, "yd");
  /* behind the target's rear edge: it faces away, up the table */
  g_assert_cmpint (facts->aspect, ==, MUSTER_ASPECT_REAR);
  fire = fill_of (facts, "fire");
  assert_table (fire, "range", "40", "40 yd edge to edge");
  assert_table (fire, "cover", "heavy", "in Église Saint-Aubin (|): hard cover");
  assert_every_table_input_checked (fire);
  assert_asked (fire, "posture");
  g_assert_true (same_as_typed (facts, fire, typed));
  g_assert_false (same_as_typed (facts, fire, wrong));

  melee = fill_of (facts, "melee");
  assert_table (melee, "rear", "yes", "rear");
  assert_every_table_input_checked (melee);

  /* ahead of its front edge: no longer the rear */
  place (&s, "u61", church.x, church.y - DEPTH - 10, 90);
  front = facts_of (&s, "u61", "u3");
  g_assert_cmpint (front->aspect, ==, MUSTER_ASPECT_FRONT);
  melee_front = fill_of (front, "melee");
  assert_table (melee_front, "rear", "no", "front");
  assert_every_table_input_checked (melee_front);
  scenario_close (&s);
}

/* Afon Ddu: the First Auxiliary Century (u5) shoots at the Slingers of the shore (u24) in the
 * village (hard cover), then charges them in the flank. */
static void
test_sov (void)
{
  Scenario s;
  MusterPoint village;
  g_autoptr(MusterOddsFacts) facts = NULL, flank = NULL;
  g_autoptr(MusterOddsFill) fire = NULL, charge = NULL;
  const char * const typed[] = { "distance=4", "cover=hard", NULL };
  const char * const wrong[] = { "distance=4", "cover=none", NULL };

  scenario_open (&s, "standards-of-valor-afon-ddu.muster");
  village = piece_centre (&s, "t4");
  place (&s, "u24", village.x, village.y, -90);
  /* 3.5″: the whole inch up is 4 */
  place (&s, "u5", village.x, village.y - DEPTH - 3.5 * 25.4, 90);
  facts = facts_of (&s, "u5", "u24");
  g_assert_cmpfloat_with_epsilon (muster_odds_facts_distance_in (facts), 3.5, 1e-9);
  fire = fill_of (facts, "fire");
  assert_table (fire, "distance", "4", "3.5″ edge to edge: band 4 of 5");
  assert_table (fire, "cover", "hard", "in Dinas Ddu (village) (|): hard cover");
  assert_every_table_input_checked (fire);
  /* the document does not record who moved */
  assert_asked (fire, "moved");
  g_assert_true (same_as_typed (facts, fire, typed));
  g_assert_false (same_as_typed (facts, fire, wrong));

  place (&s, "u5", village.x - 300, village.y, 0);
  flank = facts_of (&s, "u5", "u24");
  charge = fill_of (flank, "charge");
  assert_table (charge, "facing", "flank", "flank");
  /* 300 mm centre to centre, less half the century's depth and half the slingers' width */
  assert_table (charge, "distance", "8", "7.9″ edge to edge");
  g_assert_cmpfloat_with_epsilon (flank->distance, 300 - DEPTH / 2 - 80, 1e-6);
  assert_every_table_input_checked (charge);
  scenario_close (&s);
}

/* Twelve Squares: the Hill trolls (u5) and the Duergar spear wall (u22): in a wood (cover),
 * the gap an evade starts from in centimetres, and a melee from the flank. */
static void
test_ul (void)
{
  Scenario s;
  MusterPoint wood;
  g_autoptr(MusterOddsFacts) facts = NULL, flank = NULL;
  g_autoptr(MusterOddsFill) shoot = NULL, evade = NULL, melee = NULL;
  const char * const typed[] = { "cover=yes", NULL };
  const char * const wrong[] = { "cover=no", NULL };

  scenario_open (&s, "undying-lands-twelve-squares.muster");
  wood = piece_centre (&s, "t3");
  place (&s, "u22", wood.x, wood.y, -90);
  place (&s, "u5", wood.x, wood.y - DEPTH - 123, 90);
  facts = facts_of (&s, "u5", "u22");
  g_assert_cmpstr (facts->units, ==, "cm");
  shoot = fill_of (facts, "shoot");
  assert_table (shoot, "cover", "yes", "in Wood (A2) (|): soft cover");
  assert_table (shoot, "up-hill", "no", "not shooting up a hill");
  assert_every_table_input_checked (shoot);
  g_assert_true (same_as_typed (facts, shoot, typed));
  g_assert_false (same_as_typed (facts, shoot, wrong));
  evade = fill_of (facts, "evade");
  assert_table (evade, "gap", "13", "12.3 cm edge to edge");
  g_assert_cmpfloat_with_epsilon (facts->distance, 123, 1e-6);
  assert_every_table_input_checked (evade);
  melee = fill_of (facts, "melee-round");
  assert_table (melee, "a-flank-rear", "no", "front");
  /* the trolls outside the wood, the spear wall in it: neither on a hill */
  assert_table (melee, "a-higher", "level", "not above its opponent");
  assert_table (melee, "b-higher", "level", "not above its opponent");
  assert_every_table_input_checked (melee);

  place (&s, "u5", wood.x + 250, wood.y, 180);
  flank = facts_of (&s, "u5", "u22");
  g_clear_pointer (&melee, muster_odds_fill_free);
  melee = fill_of (flank, "melee-round");
  assert_table (melee, "a-flank-rear", "yes", "flank");
  assert_table (melee, "a-higher", "level", NULL);
  assert_table (melee, "b-higher", "level", NULL);
  assert_every_table_input_checked (melee);

  /* the range band: the Goblin skirmish archers' short-range weapon (20 cm) at 8 cm, within
   * half its reach, at 12 cm, long range, and at 21 cm, beyond it (Open Order: they may
   * shoot all round, and the odds are those typed by hand) */
  {
    const struct {
      double      gap;   /* mm, edge to edge */
      const char *long_range;
      const char *reason;
      const char *typed;
      const char *wrong;
    } bands[] = {
      { 80, "no", "8.0 cm: within half its", "long-range=no", "long-range=yes" },
      { 120, "yes", "12.0 cm: more than half its", "long-range=yes", "long-range=no" },
      { 210, "yes", "21.0 cm: beyond its", NULL, NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bands); i++)
      {
        g_autoptr(MusterOddsFacts) archers = NULL;
        g_autoptr(MusterOddsFill) volley = NULL;

        place (&s, "u4", wood.x, wood.y - DEPTH - bands[i].gap, 90);
        archers = facts_of (&s, "u4", "u22");
        g_assert_cmpfloat_with_epsilon (archers->distance, bands[i].gap, 1e-6);
        volley = fill_of (archers, "shoot");
        g_test_message ("%.0f mm: %s", bands[i].gap, volley->blocked);
        assert_table (volley, "long-range", bands[i].long_range, bands[i].reason);
        assert_table (volley, "cover", "yes", "in Wood (A2)");
        assert_table (volley, "up-hill", "no", NULL);
        assert_every_table_input_checked (volley);
        if (bands[i].typed != NULL)
          {
            const char * const band_typed[] = { "cover=yes", bands[i].typed, NULL };
            const char * const band_wrong[] = { "cover=yes", bands[i].wrong, NULL };

            g_assert_null (volley->blocked);
            g_assert_true (same_as_typed (archers, volley, band_typed));
            g_assert_false (same_as_typed (archers, volley, band_wrong));
          }
        else
          g_assert_nonnull (volley->blocked);
      }
  }
  scenario_close (&s);
}

/* A unit that is not placed, not in the document, or the same twice: a clear error. */
static void
test_errors (void)
{
  Scenario s;
  const struct {
    const char *acting, *target, *message;
  } cases[] = {
    { "u5", "u99", "no unit “u99” in the document" },
    { "u5", "u14", "unit “u14” (Runesmith Hild) is not placed on the battlefield" },
    { "u5", "u5", "unit “u5” cannot act against itself" },
  };

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterOddsFacts) facts = muster_odds_facts_new (s.doc, s.types, cases[i].acting,
                                                                cases[i].target, &error);

      muster_assert_error_case (facts, error, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                                cases[i].message, i);
    }
  scenario_close (&s);
}

/* The map's tint reads the acting unit once for all its targets: against each, the facts
 * and the filled inputs of every procedure are those read for the pair; the unit itself, or
 * one not placed, is refused as the pair would be. */
static void
test_acting_once (void)
{
  Scenario s;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsFacts) acting = NULL;
  g_autoptr(MusterOddsFacts) itself = NULL;
  g_autoptr(MusterOddsFacts) unplaced = NULL;
  g_autoptr(GPtrArray) targets = NULL;
  const MusterSystem *system;

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  system = muster_system_for_ruleset (s.ruleset);
  acting = muster_odds_facts_new_acting (s.doc, s.types, "u5", &error);
  g_assert_no_error (error);
  targets = muster_odds_list_targets (s.doc, "u5");
  g_assert_cmpuint (targets->len, >, 0);
  for (guint i = 0; i < targets->len; i++)
    {
      g_autoptr(MusterOddsFacts) pair = facts_of (&s, "u5", targets->pdata[i]);
      g_autoptr(MusterOddsFacts) facts = muster_odds_facts_new_against (acting, s.types,
                                                                        targets->pdata[i],
                                                                        &error);

      g_assert_no_error (error);
      g_assert_cmpfloat (facts->distance, ==, pair->distance);
      g_assert_cmpint (facts->sight, ==, pair->sight);
      g_assert_true (facts->blocker == pair->blocker && facts->obstacle == pair->obstacle);
      g_assert_cmpint (facts->aspect, ==, pair->aspect);
      g_assert_true (facts->target.unit == pair->target.unit &&
                     facts->target.terrain == pair->target.terrain &&
                     facts->acting.terrain == pair->acting.terrain);
      g_assert_cmpuint (facts->ranges->len, ==, pair->ranges->len);
      for (guint p = 0; system->procedures[p] != NULL; p++)
        {
          const MusterProcedure *procedure = system->procedures[p];
          g_autoptr(MusterOddsFill) once = muster_odds_fill_new_acting (acting, procedure,
                                                                        &error);
          g_autoptr(MusterOddsFill) fill = NULL;
          g_autoptr(MusterOddsFill) whole = NULL;

          g_assert_no_error (error);
          fill = muster_odds_fill_new_against (once, facts, &error);
          g_assert_no_error (error);
          whole = muster_odds_fill_new (pair, procedure, &error);
          g_assert_no_error (error);
          g_assert_cmpstr (fill->blocked, ==, whole->blocked);
          for (guint k = 0; k < procedure->n_inputs; k++)
            {
              g_assert_cmpint (fill->values[k], ==, whole->values[k]);
              g_assert_cmpint (fill->sources[k], ==, whole->sources[k]);
              g_assert_cmpstr (fill->reasons[k], ==, whole->reasons[k]);
            }
        }
    }

  itself = muster_odds_facts_new_against (acting, s.types, "u5", &error);
  muster_assert_error_case (itself, error, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                            "unit “u5” cannot act against itself", 0);
  g_clear_error (&error);
  unplaced = muster_odds_facts_new_acting (s.doc, s.types, "u14", &error);
  muster_assert_error_case (unplaced, error, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                            "unit “u14” (Runesmith Hild) is not placed on the battlefield", 1);
  scenario_close (&s);
}

/* The Dwarves' crossbows look at the Goblins' eight placed units, the archers first; a unit
 * that is not placed has none. */
static void
test_targets (void)
{
  Scenario s;
  MusterBattlefield *battlefield;
  g_autoptr(GPtrArray) targets = NULL;
  g_autoptr(GPtrArray) none = NULL;
  double last = 0;

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  battlefield = muster_doc_get_battlefield (s.doc);
  targets = muster_odds_list_targets (s.doc, "u5");
  g_assert_cmpuint (targets->len, ==, 8);
  g_assert_cmpstr (targets->pdata[0], ==, "u43");
  for (guint i = 0; i < targets->len; i++)
    {
      MusterUnit *unit = muster_doc_lookup_unit (s.doc, targets->pdata[i]);
      const char *placement = muster_battlefield_lookup_unit (battlefield,
                                                              targets->pdata[i])->id;
      double d = muster_battlefield_distance (battlefield, "p4", placement);

      g_assert_cmpstr (muster_force_get_side (muster_unit_get_force (unit)), ==, "Goblins");
      g_assert_cmpfloat (d, >=, last);
      last = d;
    }
  none = muster_odds_list_targets (s.doc, "u14");
  g_assert_cmpuint (none->len, ==, 0);
  scenario_close (&s);
}

/* Tab's targets: only the enemy within the crossbows' 24″; none where they stand (34.6″ from
 * the nearest), the archers and their neighbours once the crossbows stand 6″ before them; the
 * Thane, with no missile weapon, has no range to limit them by. */
static void
test_targets_in_range (void)
{
  Scenario s;
  MusterBattlefield *battlefield;
  g_autoptr(GPtrArray) far = NULL;
  g_autoptr(GPtrArray) near = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) thane = NULL;
  g_autoptr(GPtrArray) thane_all = NULL;
  double reach;

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  battlefield = muster_doc_get_battlefield (s.doc);
  reach = muster_odds_get_reach (s.doc, s.types, "u5");
  g_assert_cmpfloat_with_epsilon (reach, 24 * 25.4, 1e-9);
  g_assert_cmpfloat (muster_odds_get_reach (s.doc, s.types, "u1"), <, 0);
  far = muster_odds_list_targets_in_range (s.doc, s.types, "u5");
  g_assert_cmpuint (far->len, ==, 0);

  /* the archers' front edge at y 1060 (centre 1080, 40 deep, facing up) */
  place (&s, "u5", 1150, 1060 - 6 * 25.4 - DEPTH / 2, 90);
  near = muster_odds_list_targets_in_range (s.doc, s.types, "u5");
  all = muster_odds_list_targets (s.doc, "u5");
  g_assert_cmpuint (near->len, >, 0);
  g_assert_cmpuint (near->len, <, all->len);
  g_assert_cmpstr (near->pdata[0], ==, "u43");
  for (guint i = 0; i < all->len; i++)
    {
      const char *placement = muster_battlefield_lookup_unit (battlefield, all->pdata[i])->id;
      double d = muster_battlefield_distance (battlefield, "p4", placement);

      /* in order, the same as all the enemy's up to the reach */
      g_assert_true ((i < near->len) == (d <= reach));
      if (i < near->len)
        g_assert_cmpstr (near->pdata[i], ==, all->pdata[i]);
    }
  thane = muster_odds_list_targets_in_range (s.doc, s.types, "u1");
  thane_all = muster_odds_list_targets (s.doc, "u1");
  g_assert_cmpuint (thane->len, ==, thane_all->len);
  scenario_close (&s);
}

/*
 * The map's tint reads the table from one acting unit to every enemy on every frame of a drag
 * (issue 22), so its facts take short cuts: sight is traced from one sweep of the acting unit
 * over the pieces, the target's linear obstacle is looked for only when the line crosses one,
 * and what each unit's list fills is kept with the document until the lists change. Each is
 * checked below against the straightforward computation, over many pairs on Cold Beck.
 */

/* The obstacle covering @target from @from, measured the long way: every piece, from the top,
 * the first linear one within an inch of the target's stands, if the line crosses it. */
static const MusterFeature *
plain_obstacle (Scenario            *s,
                const MusterFeature *from,
                const MusterFeature *target)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (s->doc);
  g_autoptr(MusterFootprint) footprint = muster_feature_get_footprint (target);
  MusterShape target_shape = muster_footprint_get_shape (footprint);
  MusterSegment line = { from->centre, target->centre };

  for (guint i = muster_battlefield_get_n_features (battlefield); i-- > 0;)
    {
      const MusterFeature *piece = muster_battlefield_get_feature (battlefield, i);
      const MusterTerrainType *type = muster_terrain_types_lookup (s->types, piece->type);
      MusterPoint scratch[4];
      MusterShape shape;
      double t0, t1;

      if (piece->kind != MUSTER_FEATURE_TERRAIN || type == NULL ||
          (type->kind != MUSTER_TERRAIN_LINEAR && type->kind != MUSTER_TERRAIN_FORTIFICATION))
        continue;
      shape = muster_feature_get_shape (piece, scratch);
      if (muster_shape_distance (&shape, &target_shape) <= 25.4)
        return muster_shape_intersect_segment (&shape, line, &t0, &t1) ? piece : NULL;
    }
  return NULL;
}

/* The Dwarves' crossbows walk a grid over the whole table, with the Goblin archers lining the
 * Field Wall: from each spot, the sight and obstacle to every other placed unit are those of
 * the pair traced alone. Both answers occur, so a sweep that lost or kept a piece shows. */
static void
test_sight_sweep (void)
{
  Scenario s;
  MusterBattlefield *battlefield;
  guint n_blocked = 0, n_clear = 0, n_obstacle = 0;

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  battlefield = muster_doc_get_battlefield (s.doc);
  /* the wall runs from (1020, 880) to (1380, 900): the archers' front edge just below it */
  place (&s, "u43", 1200, 925, -90);
  /* first read with the wall moved away, then with it back: what was kept for the archers
   * must not outlive the wall's move */
  for (int away = 1; away >= -1; away -= 2)
    {
      g_autoptr(MusterFeature) wall = muster_feature_copy (muster_battlefield_lookup (battlefield,
                                                                                     "t6"));
      g_autoptr(MusterFeature) old = NULL;
      g_autoptr(MusterOddsFacts) facts = NULL;

      muster_feature_translate (wall, (MusterVector) { 0, -600 * away });
      old = muster_battlefield_replace (battlefield, wall);
      if (away > 0)
        {
          place (&s, "u5", 1200, 300, 90);
          facts = facts_of (&s, "u5", "u43");
          g_assert_null (facts->obstacle);
        }
    }
  for (double x = 40; x < 1828; x += 90)
    for (double y = 40; y < 1219; y += 75)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(MusterOddsFacts) acting = NULL;
        g_autoptr(MusterSightFrom) sweep = NULL;
        const MusterFeature *from;

        place (&s, "u5", x, y, 90);
        from = muster_battlefield_lookup_unit (battlefield, "u5");
        sweep = muster_sight_from_new (battlefield, s.types, from->id);
        acting = muster_odds_facts_new_acting (s.doc, s.types, "u5", &error);
        g_assert_no_error (error);
        for (guint i = 0; i < muster_battlefield_get_n_features (battlefield); i++)
          {
            const MusterFeature *to = muster_battlefield_get_feature (battlefield, i);
            const MusterFeature *blocker = NULL, *plain_blocker = NULL;
            g_autoptr(MusterOddsFacts) facts = NULL;
            gboolean sight, plain;

            if (to->kind != MUSTER_FEATURE_UNIT || to == from)
              continue;
            sight = muster_sight_from_check (sweep, to->id, &blocker);
            plain = muster_battlefield_line_of_sight (battlefield, s.types, from->id, to->id,
                                                      &plain_blocker);
            g_assert_cmpint (sight, ==, plain);
            g_assert_true (blocker == plain_blocker);
            n_blocked += !plain;
            n_clear += plain;

            facts = muster_odds_facts_new_against (acting, s.types, to->unit, &error);
            g_assert_no_error (error);
            g_assert_cmpint (facts->sight, ==, plain);
            g_assert_true (facts->blocker == plain_blocker);
            g_assert_true (facts->obstacle == plain_obstacle (&s, from, to));
            n_obstacle += facts->obstacle != NULL;
          }
      }
  g_assert_cmpuint (n_blocked, >, 100);
  g_assert_cmpuint (n_clear, >, 100);
  g_assert_cmpuint (n_obstacle, >, 5);
  scenario_close (&s);
}

/* What the lists say for every pair and procedure, the long way: the defaults, then the
 * system's hook on the acting unit and on the target. Each list-filled input of @fill must
 * the table left alone holds it; the values are appended to @seen for the caller to compare. */
static void
assert_list_values (Scenario             *s,
                    const MusterOddsFacts *facts,
                    const MusterOddsFill  *fill,
                    GArray                *seen)
{
  const MusterProcedure *procedure = fill->procedure;
  g_autofree int *values = muster_procedure_default_values (procedure);
  g_autofree gboolean *by_acting = NULL;
  g_autofree gboolean *by_target = NULL;
  g_autoptr(GError) error = NULL;

  if (muster_procedure_can_fill_role (procedure, MUSTER_FILL_ROLE_ACTING))
    {
      by_acting = muster_procedure_fill_from_unit (procedure, s->ruleset, facts->acting.force,
                                                   facts->acting.unit, MUSTER_FILL_ROLE_ACTING,
                                                   values, &error);
      g_assert_no_error (error);
    }
  if (muster_procedure_can_fill_role (procedure, MUSTER_FILL_ROLE_TARGET))
    {
      by_target = muster_procedure_fill_from_unit (procedure, s->ruleset, facts->target.force,
                                                   facts->target.unit, MUSTER_FILL_ROLE_TARGET,
                                                   values, &error);
      g_assert_no_error (error);
    }
  for (guint k = 0; k < procedure->n_inputs; k++)
    {
      gboolean listed = (by_acting != NULL && by_acting[k]) || (by_target != NULL && by_target[k]);

      /* the table may have its say after the lists (a range band), never the other way */
      if (fill->sources[k] != MUSTER_ODDS_LIST)
        continue;
      g_assert_true (listed);
      g_assert_cmpint (fill->values[k], ==, values[k]);
      g_array_append_val (seen, values[k]);
    }
}

/* Fills every procedure from every placed unit of one side against every placed unit of the
 * other, as the tint does (the acting half once), checking each against the long way. */
static GArray *
check_all_fills (Scenario *s)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (s->doc);
  const MusterSystem *system = muster_system_for_ruleset (s->ruleset);
  GArray *seen = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint a = 0; a < muster_battlefield_get_n_features (battlefield); a++)
    {
      const MusterFeature *acting_feature = muster_battlefield_get_feature (battlefield, a);
      g_autoptr(MusterOddsFacts) acting = NULL;
      g_autoptr(GPtrArray) targets = NULL;
      g_autoptr(GError) error = NULL;

      if (acting_feature->kind != MUSTER_FEATURE_UNIT)
        continue;
      acting = muster_odds_facts_new_acting (s->doc, s->types, acting_feature->unit, &error);
      g_assert_no_error (error);
      targets = muster_odds_list_targets (s->doc, acting_feature->unit);
      for (guint p = 0; system->procedures[p] != NULL; p++)
        {
          g_autoptr(MusterOddsFill) once = muster_odds_fill_new_acting (acting,
                                                                        system->procedures[p],
                                                                        &error);

          g_assert_no_error (error);
          for (guint t = 0; t < targets->len; t++)
            {
              g_autoptr(MusterOddsFacts) facts = NULL;
              g_autoptr(MusterOddsFill) fill = NULL;

              facts = muster_odds_facts_new_against (acting, s->types, targets->pdata[t], &error);
              g_assert_no_error (error);
              fill = muster_odds_fill_new_against (once, facts, &error);
              g_assert_no_error (error);
              assert_list_values (s, facts, fill, seen);
            }
        }
    }
  return seen;
}

/* The list fill kept with the document answers as the hook does for every pair; moving a unit
 * keeps it, and after every unit's size is changed (which changes what its list fills) the
 * answers follow the lists, not what was kept. */
static void
test_list_cache (void)
{
  Scenario s;
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  g_autoptr(GArray) moved = NULL;
  MusterBattlefield *battlefield;
  guint n_changed = 0;

  scenario_open (&s, "battle-valor-fantasy-cold-beck.muster");
  battlefield = muster_doc_get_battlefield (s.doc);
  before = check_all_fills (&s);
  g_assert_cmpuint (before->len, >, 100);
  g_assert_nonnull (muster_doc_get_list_cache (s.doc, "muster-odds-list-fill"));

  /* a move is no edit of the lists: what was kept stays */
  place (&s, "u5", 1150, 700, 90);
  g_assert_nonnull (muster_doc_get_list_cache (s.doc, "muster-odds-list-fill"));
  moved = check_all_fills (&s);
  g_assert_cmpuint (moved->len, ==, before->len);

  for (guint i = 0; i < muster_battlefield_get_n_features (battlefield); i++)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (battlefield, i);
      MusterUnit *unit;

      if (feature->kind != MUSTER_FEATURE_UNIT)
        continue;
      unit = muster_doc_lookup_unit (s.doc, feature->unit);
      muster_unit_set_size (unit, muster_unit_get_size (unit) > 2
                                  ? muster_unit_get_size (unit) / 2 : 4);
    }
  g_assert_null (muster_doc_get_list_cache (s.doc, "muster-odds-list-fill"));
  after = check_all_fills (&s);
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < before->len; i++)
    n_changed += g_array_index (before, int, i) != g_array_index (after, int, i);
  /* the edit mattered: a stale cache would have failed above */
  g_assert_cmpuint (n_changed, >, 10);
  scenario_close (&s);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/odds/bvf", test_bvf);
  g_test_add_func ("/odds/bvf-contact", test_bvf_contact);
  g_test_add_func ("/odds/bvf-charge-reach", test_bvf_charge_reach);
  g_test_add_func ("/odds/bvf-weapons", test_bvf_weapons);
  g_test_add_func ("/odds/bvf-sight", test_bvf_sight);
  g_test_add_func ("/odds/hm", test_hm);
  g_test_add_func ("/odds/mov", test_mov);
  g_test_add_func ("/odds/sov", test_sov);
  g_test_add_func ("/odds/ul", test_ul);
  g_test_add_func ("/odds/targets", test_targets);
  g_test_add_func ("/odds/targets-in-range", test_targets_in_range);
  g_test_add_func ("/odds/errors", test_errors);
  g_test_add_func ("/odds/acting-once", test_acting_once);
  g_test_add_func ("/odds/sight-sweep", test_sight_sweep);
  g_test_add_func ("/odds/list-cache", test_list_cache);
  return g_test_run ();
}
