/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Filling procedures' inputs from the units of the shipped sample lists, in every system: the
 * values a unit sets, the inputs of the other side it leaves alone, and the roles each
 * procedure offers (a unit fills a role exactly where the hook writes something).
 */
#include "config.h"

#include "muster-engine.h"
#include "muster-test-util.h"

typedef struct
{
  MusterDoc     *doc;
  MusterRuleset *ruleset;
} Sample;

static void
sample_clear (Sample *sample)
{
  g_clear_pointer (&sample->doc, muster_doc_free);
  g_clear_pointer (&sample->ruleset, muster_ruleset_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Sample, sample_clear)

static const char * const samples[] = {
  "battle-valor-fantasy-1000.muster",
  "battle-valor-fantasy-cold-beck.muster",
  "horse-and-musket-brigade.muster",
  "medals-of-valor-village-assault.muster",
  "standards-of-valor-punitive-cohort.muster",
  "undying-lands-host.muster",
};

static const MusterProcedure *
procedure (const char *system,
           const char *id)
{
  const MusterProcedure *p = muster_procedure_lookup (system, id);

  g_assert_nonnull (p);
  return p;
}

/* @p's defaults with unit @unit_id of @sample filled in as @role; @set (nullable) gets the
 * flags of the inputs it set. */
static int *
fill (const Sample          *sample,
      const MusterProcedure *p,
      const char            *unit_id,
      MusterFillRole         role,
      gboolean             **set)
{
  g_autoptr(GError) error = NULL;
  MusterUnit *unit = muster_doc_lookup_unit (sample->doc, unit_id);
  int *values = muster_procedure_default_values (p);
  gboolean *flags;

  g_assert_nonnull (unit);
  flags = muster_procedure_fill_from_unit (p, sample->ruleset, muster_unit_get_force (unit),
                                           unit, role, values, &error);
  g_assert_no_error (error);
  g_assert_nonnull (flags);
  if (set != NULL)
    *set = flags;
  else
    g_free (flags);
  return values;
}

/* The value of input @id, as its choice's id for a choice. */
static char *
value_of (const MusterProcedure *p,
          const int             *values,
          const char            *id)
{
  int index = muster_procedure_find_input (p, id);

  g_assert_cmpint (index, >=, 0);
  return muster_procedure_format_input (&p->inputs[index], values[index]);
}

#define assert_input(p, values, id, expected) \
  G_STMT_START { \
    g_autofree char *_text = value_of ((p), (values), (id)); \
    g_assert_cmpstr (_text, ==, (expected)); \
  } G_STMT_END

static gboolean
input_set (const MusterProcedure *p,
           const gboolean        *set,
           const char            *id)
{
  int index = muster_procedure_find_input (p, id);

  g_assert_cmpint (index, >=, 0);
  return set[index];
}

/* ---- Every system: the roles offered are the roles the hooks fill ------------------------- */

static void
collect_units (const MusterNode *node,
               GPtrArray        *units)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    g_ptr_array_add (units, muster_node_get_unit (node, i));
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    collect_units (muster_node_get_node (node, i), units);
}

/* Whether some unit of @units sets an input of @p as @role. */
static gboolean
any_unit_fills (const MusterRuleset   *ruleset,
                GPtrArray             *units,
                const MusterProcedure *p,
                MusterFillRole         role)
{
  for (guint i = 0; i < units->len; i++)
    {
      MusterUnit *unit = units->pdata[i];
      g_autofree int *values = muster_procedure_default_values (p);
      g_autofree gboolean *set = NULL;
      g_autoptr(GError) error = NULL;

      set = muster_procedure_fill_from_unit (p, ruleset, muster_unit_get_force (unit), unit,
                                             role, values, &error);
      g_assert_no_error (error);
      for (guint j = 0; j < p->n_inputs; j++)
        if (set[j])
          return TRUE;
    }
  return FALSE;
}

/* Procedures whose units are in no sample list (a mortar, a war machine): their own tests
 * below fill them from units made for the purpose. */
static gboolean
not_in_samples (const MusterProcedure *p)
{
  static const char * const ids[] = { "medals-of-valor/kill-zone", NULL };
  g_autofree char *key = g_strconcat (p->system, "/", p->id, NULL);

  return g_strv_contains (ids, key);
}

static void
test_roles_match_hooks (void)
{
  guint n_procedures, n_offered = 0, n_refused = 0;
  const MusterProcedure * const *procedures = muster_procedure_list (&n_procedures);

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      g_auto(Sample) sample = { 0 };
      g_autoptr(GPtrArray) units = g_ptr_array_new ();

      sample.doc = muster_test_load_sample (samples[s], &sample.ruleset);
      for (guint f = 0; f < muster_doc_get_n_forces (sample.doc); f++)
        collect_units (muster_force_get_root (muster_doc_get_force (sample.doc, f)), units);
      g_assert_cmpuint (units->len, >, 0);

      for (guint i = 0; i < n_procedures; i++)
        {
          const MusterProcedure *p = procedures[i];

          if (!g_str_equal (p->system, muster_ruleset_get_system_id (sample.ruleset)))
            continue;
          g_assert_true (muster_procedure_can_fill_from_unit (p));
          for (MusterFillRole role = MUSTER_FILL_ROLE_ACTING; role <= MUSTER_FILL_ROLE_TARGET;
               role++)
            {
              if (!muster_procedure_can_fill_role (p, role))
                {
                  MusterUnit *unit = units->pdata[0];
                  g_autofree int *values = muster_procedure_default_values (p);
                  g_autofree int *before = muster_procedure_default_values (p);
                  g_autoptr(GError) error = NULL;
                  gboolean *set;

                  set = muster_procedure_fill_from_unit (p, sample.ruleset, NULL, unit, role,
                                                         values, &error);
                  g_assert_null (set);
                  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
                  g_assert_cmpmem (values, sizeof (int) * p->n_inputs,
                                   before, sizeof (int) * p->n_inputs);
                  n_refused++;
                  continue;
                }
              n_offered++;
              if (!not_in_samples (p) && !any_unit_fills (sample.ruleset, units, p, role))
                g_error ("%s/%s offers the %s role but no unit of %s fills it", p->system,
                         p->id, role == MUSTER_FILL_ROLE_ACTING ? "acting" : "target",
                         samples[s]);
            }
        }
    }
  /* both kinds happen: the test looked at something */
  g_assert_cmpuint (n_offered, >, 40);
  g_assert_cmpuint (n_refused, >, 20);
}


/* ---- Every system: one unit fills either side of a procedure the same way -------------- */

/* A unit filled as the acting side sets @acting and leaves @target alone; filled as the target,
 * the reverse, with the same value: the systems fill both sides by one function that picks
 * the side's input by @role, and this finds a side filled under the other's name. */
static void
test_both_sides (void)
{
  static const struct
  {
    const char *sample, *system, *procedure, *unit, *acting, *target;
  } cases[] = {
    { "horse-and-musket-brigade.muster", "horse-and-musket", "melee", "u14",
      "attacker-stands", "defender-stands" },
    { "horse-and-musket-brigade.muster", "horse-and-musket", "melee", "u4",
      "attacker-quality", "defender-quality" },
    { "horse-and-musket-brigade.muster", "horse-and-musket", "charge", "u4",
      "charger-melee", "defender-melee" },
    { "horse-and-musket-brigade.muster", "horse-and-musket", "rout-pursuit", "u4",
      "pursuer", "routing" },
    { "undying-lands-host.muster", "undying-lands", "tactical-initiative", "u1",
      "a-rating", "b-rating" },
    { "undying-lands-host.muster", "undying-lands", "melee-round", "u5", "a-weapon", "b-weapon" },
    { "standards-of-valor-punitive-cohort.muster", "standards-of-valor", "hand-to-hand", "u1",
      "attacker-armour", "defender-armour" },
    { "standards-of-valor-punitive-cohort.muster", "standards-of-valor", "communication", "u2",
      "sender-lv", "receiver-lv" },
    { "battle-valor-fantasy-1000.muster", "battle-valor-fantasy", "combat", "u2",
      "a-stands", "b-stands" },
    { "battle-valor-fantasy-1000.muster", "battle-valor-fantasy", "combat", "u2",
      "a-experience", "b-experience" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Sample) sample = { 0 };
      const MusterProcedure *p = procedure (cases[i].system, cases[i].procedure);
      int a = muster_procedure_find_input (p, cases[i].acting);
      int t = muster_procedure_find_input (p, cases[i].target);
      g_autofree gboolean *acting_set = NULL, *target_set = NULL;
      g_autofree int *acting = NULL, *target = NULL;

      g_test_message ("%s: %s as %s and %s", cases[i].procedure, cases[i].unit,
                      cases[i].acting, cases[i].target);
      sample.doc = muster_test_load_sample (cases[i].sample, &sample.ruleset);
      g_assert_cmpint (a, >=, 0);
      g_assert_cmpint (t, >=, 0);
      acting = fill (&sample, p, cases[i].unit, MUSTER_FILL_ROLE_ACTING, &acting_set);
      target = fill (&sample, p, cases[i].unit, MUSTER_FILL_ROLE_TARGET, &target_set);
      g_assert_true (acting_set[a]);
      g_assert_false (acting_set[t]);
      g_assert_true (target_set[t]);
      g_assert_false (target_set[a]);
      g_assert_cmpint (acting[a], ==, target[t]);
    }
}

/* ---- Standards of Valor ----------------------------------------------------------------- */

static void
test_sov (void)
{
  g_auto(Sample) sample = { 0 };
  const MusterProcedure *fire = procedure ("standards-of-valor", "fire");
  const MusterProcedure *h2h = procedure ("standards-of-valor", "hand-to-hand");
  const MusterProcedure *charge = procedure ("standards-of-valor", "charge");
  const MusterProcedure *confidence = procedure ("standards-of-valor", "confidence-test");
  g_autofree int *v = NULL, *w = NULL, *x = NULL, *y = NULL, *z = NULL, *c = NULL;
  g_autofree gboolean *set = NULL;

  sample.doc = muster_test_load_sample ("standards-of-valor-punitive-cohort.muster",
                                        &sample.ruleset);

  /* The First Century shoots its pila: Veteran, 20 figures. Its own heavy armour is not the
   * target's armour. */
  v = fill (&sample, fire, "u2", MUSTER_FILL_ROLE_ACTING, &set);
  assert_input (fire, v, "quality", "veteran");
  assert_input (fire, v, "weapon", "pilum");
  assert_input (fire, v, "figures", "20");
  assert_input (fire, v, "armour", "light");
  g_assert_true (input_set (fire, set, "quality"));
  g_assert_false (input_set (fire, set, "armour"));
  g_assert_false (input_set (fire, set, "distance"));
  g_clear_pointer (&set, g_free);

  /* …at the Turma: light armour, Open Order, mounted; its quality is not the firer's. */
  w = fill (&sample, fire, "u9", MUSTER_FILL_ROLE_TARGET, &set);
  assert_input (fire, w, "armour", "light");
  assert_input (fire, w, "target-formation", "open");
  assert_input (fire, w, "mounted", "yes");
  assert_input (fire, w, "weapon", "short-bow");
  g_assert_false (input_set (fire, set, "quality"));
  g_assert_false (input_set (fire, set, "weapon"));
  g_assert_true (input_set (fire, set, "mounted"));

  /* Hand-to-hand: the Cohort HQ (medium armour, sword, LV 1) against the Syrian Archers. */
  x = fill (&sample, h2h, "u1", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (h2h, x, "attacker-quality", "veteran");
  assert_input (h2h, x, "attacker-lv", "1");
  assert_input (h2h, x, "attacker-weapon", "sword");
  assert_input (h2h, x, "attacker-armour", "medium");
  assert_input (h2h, x, "defender-weapon", "spear");
  y = fill (&sample, h2h, "u8", MUSTER_FILL_ROLE_TARGET, NULL);
  assert_input (h2h, y, "defender-quality", "green");
  assert_input (h2h, y, "defender-weapon", "dagger");
  assert_input (h2h, y, "defender-armour", "none");
  assert_input (h2h, y, "defender-formation", "open");
  assert_input (h2h, y, "attacker-armour", "heavy");

  /* A charge by the Turma (light cavalry, mobility D12) at the Cretan Archers. */
  z = fill (&sample, charge, "u9", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (charge, z, "arm", "cavalry");
  assert_input (charge, z, "mobility", "d12");
  assert_input (charge, z, "formation", "open");
  g_free (z);
  z = fill (&sample, charge, "u9", MUSTER_FILL_ROLE_TARGET, NULL);
  assert_input (charge, z, "target", "cavalry");
  assert_input (charge, z, "arm", "infantry");

  /* A Confidence Test is the unit's own: LV 1 for the HQ, and no target. */
  c = fill (&sample, confidence, "u1", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (confidence, c, "quality", "veteran");
  assert_input (confidence, c, "lv", "1");
  g_assert_true (muster_procedure_can_fill_role (confidence, MUSTER_FILL_ROLE_ACTING));
  g_assert_false (muster_procedure_can_fill_role (confidence, MUSTER_FILL_ROLE_TARGET));
  /* the Panic test rolls the same Quality Die against the same LV */
  {
    const MusterProcedure *panic = procedure ("standards-of-valor", "panic");
    g_autofree int *pv = fill (&sample, panic, "u1", MUSTER_FILL_ROLE_ACTING, NULL);

    assert_input (panic, pv, "quality", "veteran");
    assert_input (panic, pv, "lv", "1");
  }
  /* so does a lone figure's test, from its own Activation Marker */
  {
    const MusterProcedure *lone = procedure ("standards-of-valor", "independent-figure");
    g_autofree int *lv = fill (&sample, lone, "u1", MUSTER_FILL_ROLE_ACTING, NULL);

    assert_input (lone, lv, "quality", "veteran");
    assert_input (lone, lv, "lv", "1");
    g_assert_false (muster_procedure_can_fill_role (lone, MUSTER_FILL_ROLE_TARGET));
  }
}

/* ---- Undying Lands ---------------------------------------------------------------------- */

static int
vignette_ip (const Sample *sample,
             const char   *unit_id)
{
  MusterUnit *unit = muster_doc_lookup_unit (sample->doc, unit_id);
  g_autoptr(MusterStats) stats = muster_system_derived_stats (sample->ruleset,
                                                              muster_unit_get_force (unit), unit);
  double ip;

  g_assert_true (muster_stats_get_number (stats, "ip", &ip));
  return (int) ip;
}

static void
test_ul (void)
{
  g_auto(Sample) sample = { 0 };
  const MusterProcedure *shoot = procedure ("undying-lands", "shoot");
  const MusterProcedure *melee = procedure ("undying-lands", "melee-round");
  const MusterProcedure *integrity = procedure ("undying-lands", "integrity-test");
  const MusterProcedure *rally = procedure ("undying-lands", "rally");
  g_autofree int *v = NULL, *w = NULL, *x = NULL, *y = NULL;
  g_autofree char *ip = NULL;
  g_autofree gboolean *set = NULL;

  sample.doc = muster_test_load_sample ("undying-lands-host.muster", &sample.ruleset);

  /* Goblin skirmish archers (SRW, Militia, Open Order) shoot at the legion. */
  v = fill (&sample, shoot, "u4", MUSTER_FILL_ROLE_ACTING, &set);
  assert_input (shoot, v, "weapon", "srw");
  assert_input (shoot, v, "proficiency", "militia");
  assert_input (shoot, v, "shooter-order", "open");
  g_assert_false (input_set (shoot, set, "target-order"));
  g_clear_pointer (&set, g_free);
  w = fill (&sample, shoot, "u1", MUSTER_FILL_ROLE_TARGET, &set);
  ip = g_strdup_printf ("%d", vignette_ip (&sample, "u1"));
  assert_input (shoot, w, "target-class", "foot");
  assert_input (shoot, w, "target-order", "close");
  assert_input (shoot, w, "target-ip", ip);
  assert_input (shoot, w, "weapon", "srw");
  g_assert_false (input_set (shoot, set, "proficiency"));

  /* The hill trolls (Leviathan, M2HW, Irregular) charge the cataphracts (Lance). */
  x = fill (&sample, melee, "u5", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (melee, x, "a-class", "leviathan");
  assert_input (melee, x, "a-weapon", "m2hw");
  assert_input (melee, x, "a-status", "irregular");
  assert_input (melee, x, "b-weapon", "hfs");
  g_free (x);
  x = fill (&sample, melee, "u6", MUSTER_FILL_ROLE_TARGET, NULL);
  assert_input (melee, x, "b-class", "mounted");
  assert_input (melee, x, "b-weapon", "lance");
  assert_input (melee, x, "b-order", "close");
  assert_input (melee, x, "a-weapon", "sa");

  /* The light horse test as two Fast vignettes, each against its own IP. */
  y = fill (&sample, integrity, "u7", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (integrity, y, "vignettes", "2");
  assert_input (integrity, y, "fast", "yes");
  assert_input (integrity, y, "order", "open");
  assert_input (integrity, y, "class", "mounted");
  g_assert_false (muster_procedure_can_fill_role (rally, MUSTER_FILL_ROLE_TARGET));
}

/* ---- Medals of Valor -------------------------------------------------------------------- */

static void
test_mov (void)
{
  g_auto(Sample) sample = { 0 };
  const MusterProcedure *fire = procedure ("medals-of-valor", "fire");
  const MusterProcedure *melee = procedure ("medals-of-valor", "melee");
  const MusterProcedure *initiative = procedure ("medals-of-valor", "initiative");
  const MusterProcedure *kill_zone = procedure ("medals-of-valor", "kill-zone");
  g_autoptr(MusterUnit) mortar = NULL;
  g_autofree int *v = NULL, *w = NULL, *x = NULL, *y = NULL, *z = NULL;

  sample.doc = muster_test_load_sample ("medals-of-valor-village-assault.muster",
                                        &sample.ruleset);
  v = fill (&sample, fire, "u9", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (fire, v, "weapon", "lmg");
  w = fill (&sample, fire, "u1", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (fire, w, "weapon", "main-gun");
  g_assert_false (muster_procedure_can_fill_role (fire, MUSTER_FILL_ROLE_TARGET));

  /* A rifleman fights with his bayonet, a squad leader with an SMG without one. */
  x = fill (&sample, melee, "u10", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (melee, x, "attacker-weapon", "bayonet");
  assert_input (melee, x, "defender-weapon", "bayonet");
  g_free (x);
  x = fill (&sample, melee, "u8", MUSTER_FILL_ROLE_TARGET, NULL);
  assert_input (melee, x, "defender-weapon", "none");
  assert_input (melee, x, "attacker-weapon", "bayonet");

  /* u1 is a tank: its movement class */
  g_free (y);
  y = fill (&sample, procedure ("medals-of-valor", "afv-move"), "u1", MUSTER_FILL_ROLE_ACTING,
            NULL);
  assert_input (procedure ("medals-of-valor", "afv-move"), y, "class", "tank");
  g_free (y);
  y = fill (&sample, initiative, "u1", MUSTER_FILL_ROLE_TARGET, NULL);
  assert_input (initiative, y, "second-vehicle", "yes");
  assert_input (initiative, y, "first-vehicle", "no");

  /* No mortar in the sample: one made for the test aims the kill zone. */
  mortar = muster_unit_new ("em", 1);
  muster_unit_set_option (mortar, "mortar", 1);
  z = muster_procedure_default_values (kill_zone);
  z[muster_procedure_find_input (kill_zone, "ordnance")] = 2;
  g_assert_true (muster_procedure_can_fill_role (kill_zone, MUSTER_FILL_ROLE_ACTING));
  g_free (muster_procedure_fill_from_unit (kill_zone, sample.ruleset, NULL, mortar,
                                           MUSTER_FILL_ROLE_ACTING, z, NULL));
  assert_input (kill_zone, z, "ordnance", "mortar");
}

/* ---- Horse and musket ------------------------------------------------------------------- */

static void
test_hm (void)
{
  g_auto(Sample) sample = { 0 };
  const MusterProcedure *fire = procedure ("horse-and-musket", "small-arms-fire");
  const MusterProcedure *artillery = procedure ("horse-and-musket", "artillery-fire");
  const MusterProcedure *morale = procedure ("horse-and-musket", "morale-test");
  const MusterProcedure *charge = procedure ("horse-and-musket", "charge");
  g_autofree int *v = NULL, *w = NULL, *x = NULL, *y = NULL;
  g_autofree gboolean *set = NULL;

  sample.doc = muster_test_load_sample ("horse-and-musket-brigade.muster", &sample.ruleset);

  /* Willard's Brigade: four stands, one die each, rifled, Fire C by default. */
  v = fill (&sample, fire, "u14", MUSTER_FILL_ROLE_ACTING, &set);
  assert_input (fire, v, "attack-dice", "4");
  assert_input (fire, v, "weapon", "rifled");
  assert_input (fire, v, "fire-quality", "c");
  g_assert_true (input_set (fire, set, "fire-quality"));
  g_assert_false (input_set (fire, set, "mounted"));
  g_assert_false (input_set (fire, set, "range"));

  /* The Napoleons: medium smoothbores. */
  w = fill (&sample, artillery, "u17", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (artillery, w, "gun", "medium");
  assert_input (artillery, w, "weapon", "smoothbore");

  /* The Irish Brigade's Morale B, and Willard's D. */
  x = fill (&sample, morale, "u4", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (morale, x, "morale-quality", "b");
  assert_input (morale, x, "starting-stands", "2");
  g_free (x);
  x = fill (&sample, morale, "u14", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (morale, x, "morale-quality", "d");
  assert_input (morale, x, "starting-stands", "4");
  g_assert_false (muster_procedure_can_fill_role (morale, MUSTER_FILL_ROLE_TARGET));

  /* The Irish Brigade charges Willard's; brigade scale from the force's settings. */
  y = fill (&sample, charge, "u4", MUSTER_FILL_ROLE_ACTING, NULL);
  assert_input (charge, y, "charger-melee", "b");
  assert_input (charge, y, "charger-formed", "yes");
  assert_input (charge, y, "scale", "brigade");
  assert_input (charge, y, "defender-morale", "c");
  g_free (y);
  y = fill (&sample, charge, "u14", MUSTER_FILL_ROLE_TARGET, NULL);
  assert_input (charge, y, "defender-morale", "d");
  assert_input (charge, y, "defender-stands", "4");
  assert_input (charge, y, "defender-weapon", "rifled");
  assert_input (charge, y, "charger-melee", "c");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fill/roles-match-hooks", test_roles_match_hooks);
  g_test_add_func ("/fill/both-sides", test_both_sides);
  g_test_add_func ("/fill/standards-of-valor", test_sov);
  g_test_add_func ("/fill/undying-lands", test_ul);
  g_test_add_func ("/fill/medals-of-valor", test_mov);
  g_test_add_func ("/fill/horse-and-musket", test_hm);
  return g_test_run ();
}
