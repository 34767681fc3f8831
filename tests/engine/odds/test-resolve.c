/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "muster-faces.h"
#include "muster-test-util.h"

/*
 * Resolving a procedure at the table, in each system's sample scenario, with a fixed seed: the
 * dice rolled, the result, and the effect on the units (what each system's hook does with the
 * outcome), applied to the document and taken back; a replay rolls the same dice, another seed
 * others; recording the dice changes no roll.
 */

#define DEPTH 40.0

typedef struct
{
  const char *file;
  const char *acting;
  const char *target;
  const char *piece;      /* nullable: the terrain piece the target is put in */
  double      gap;        /* mm between them, the acting unit in front of the target */
  const char *procedure;
  const char *typed;      /* nullable: one input typed over what the table says, "cover=none" */
  guint64     seed;
  /* What the roll gives */
  const char *dice;
  const char *result;
  const char *effect;
  /* The units after it: the target's (or for a one-unit procedure the acting unit's) size
   * and markers */
  const char *changed;
  int         size;       /* -1: as it was */
  const char *markers;
} Case;

typedef struct
{
  MusterDoc          *doc;
  MusterRuleset      *ruleset;
  MusterTerrainTypes *types;
} Scenario;

static void
scenario_open (Scenario   *s,
               const char *file)
{
  g_autoptr(GError) error = NULL;

  s->doc = muster_test_load_sample (file, &s->ruleset);
  s->types = muster_terrain_types_new_for_ruleset (s->ruleset, &error);
  g_assert_no_error (error);
}

static void
scenario_close (Scenario *s)
{
  muster_terrain_types_free (s->types);
  muster_doc_free (s->doc);
  muster_ruleset_unref (s->ruleset);
}

static void
place (Scenario   *s,
       const char *unit,
       MusterPoint at,
       double      degrees)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (s->doc);
  g_autoptr(MusterFeature) feature =
    muster_feature_copy (muster_battlefield_lookup_unit (battlefield, unit));
  g_autoptr(MusterFeature) old = NULL;

  feature->centre = at;
  feature->rotation = muster_angle_from_degrees (degrees);
  feature->formation = MUSTER_FORMATION_LINE;
  feature->stands = 4;
  feature->files = 4;
  feature->base_width = 40;
  feature->base_depth = 40;
  old = muster_battlefield_replace (battlefield, feature);
  g_assert_nonnull (old);
}

/* The two units of @c placed face to face, the target in its piece of terrain. */
static MusterOddsFacts *
set_up (Scenario   *s,
        const Case *c)
{
  const MusterFeature *piece = c->piece ? muster_battlefield_lookup (muster_doc_get_battlefield (s->doc),
                                                                      c->piece) : NULL;
  g_autoptr(GError) error = NULL;
  MusterPoint scratch[4], at;
  MusterShape shape;
  MusterOddsFacts *facts;

  /* No piece: the units stand where the sample has them. */
  if (c->piece != NULL)
    {
      g_assert_nonnull (piece);
      shape = muster_feature_get_shape (piece, scratch);
      at = muster_shape_centroid (&shape);
      place (s, c->target, at, -90);
      place (s, c->acting, (MusterPoint) { at.x, at.y - DEPTH - c->gap }, 90);
    }
  facts = muster_odds_facts_new (s->doc, s->types, c->acting, c->target, &error);
  g_assert_no_error (error);
  return facts;
}

static MusterLogEntry *
roll (const MusterOddsFacts *facts,
      const char            *procedure_id,
      const char            *typed,
      guint64                seed)
{
  g_autofree gboolean *by_hand = NULL;
  const MusterProcedure *procedure =
    muster_procedure_lookup (muster_ruleset_get_id (facts->ruleset), procedure_id);
  g_autoptr(MusterOddsFill) fill = NULL;
  g_autoptr(GError) error = NULL;
  MusterLogEntry *entry;

  g_assert_nonnull (procedure);
  fill = muster_odds_fill_new (facts, procedure, &error);
  g_assert_no_error (error);
  by_hand = g_new0 (gboolean, procedure->n_inputs);
  if (typed != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (typed, "=", 2);

      g_assert_true (muster_procedure_set_value (procedure, fill->values, typed, &error));
      g_assert_no_error (error);
      by_hand[muster_procedure_find_input (procedure, parts[0])] = TRUE;
    }
  entry = muster_resolve_roll (facts, fill, by_hand, seed, &error);
  g_assert_no_error (error);
  return entry;
}

static void
run_case (gconstpointer data)
{
  const Case *c = data;
  Scenario s;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterLogEntry) entry = NULL, again = NULL, other = NULL;
  g_autofree char *dice = NULL, *dice_again = NULL, *dice_other = NULL;
  g_autofree char *size_before = NULL;
  g_autofree char *markers_before = NULL;
  g_autoptr(GError) error = NULL;
  MusterLogEntry *taken;
  MusterUnit *changed;
  guint64 next_seed;
  guint before;

  scenario_open (&s, c->file);
  facts = set_up (&s, c);
  changed = muster_doc_lookup_unit (s.doc, c->changed);
  before = muster_unit_get_size (changed);
  markers_before = g_strdup (muster_unit_get_markers (changed));

  entry = roll (facts, c->procedure, c->typed, c->seed);
  dice = muster_log_entry_format_dice (entry);
  if (g_getenv ("MUSTER_RESOLVE_PRINT"))
    g_printerr ("%s %s\n    \"%s\",\n    \"%s\",\n    \"%s\",\n", c->file, c->procedure, dice,
                entry->result, entry->effect);
  g_assert_cmpstr (dice, ==, c->dice);
  g_assert_cmpstr (entry->result, ==, c->result);
  g_assert_cmpstr (entry->effect, ==, c->effect);
  g_assert_cmpstr (entry->procedure, ==, c->procedure);
  g_assert_cmpuint (entry->seed, ==, c->seed);
  if (c->typed != NULL)
    {
      g_autofree char *inputs = muster_log_entry_format_inputs (entry);
      g_autofree char *typed = g_strdup_printf ("%s (typed)", c->typed);

      g_assert_nonnull (strstr (inputs, typed));
    }
  g_assert_cmpuint (entry->inputs->len, ==,
                    muster_procedure_lookup (muster_ruleset_get_id (s.ruleset),
                                             c->procedure)->n_inputs);

  /* The same seed rolls the same dice; another, others. */
  again = roll (facts, c->procedure, c->typed, c->seed);
  dice_again = muster_log_entry_format_dice (again);
  g_assert_cmpstr (dice_again, ==, dice);
  g_assert_cmpstr (again->result, ==, entry->result);
  other = roll (facts, c->procedure, c->typed, c->seed + 1);
  dice_other = muster_log_entry_format_dice (other);
  g_assert_cmpstr (dice_other, !=, dice);

  /* Applied: the unit changed and the seed moved on; taken back: both as they were. */
  next_seed = entry->next_seed;
  g_assert_true (muster_doc_append_log_entry (s.doc, g_steal_pointer (&entry), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (muster_unit_get_size (changed), ==, c->size < 0 ? before : (guint) c->size);
  g_assert_cmpstr (muster_unit_get_markers (changed), ==, c->markers);
  g_assert_cmpuint (muster_doc_get_seed (s.doc), ==, next_seed);
  g_assert_cmpuint (muster_doc_get_n_log_entries (s.doc), ==, 1);

  taken = muster_doc_take_last_log_entry (s.doc);
  g_assert_cmpuint (muster_unit_get_size (changed), ==, before);
  g_assert_cmpstr (muster_unit_get_markers (changed), ==, markers_before);
  g_assert_cmpuint (muster_doc_get_seed (s.doc), ==, c->seed);
  g_assert_cmpuint (muster_doc_get_n_log_entries (s.doc), ==, 0);
  muster_log_entry_free (taken);

  g_clear_pointer (&facts, muster_odds_facts_free);
  scenario_close (&s);
}

static const Case cases[] = {
  { "battle-valor-fantasy-cold-beck.muster", "u5", "u43", "t1", 200, "missile-fire", NULL, 42,
    "d6:3 d6:5 d6:4 d6:5 d6:6 d6:4 d6:2 d6:5 d6:2 d6:1 d6:3 d6:3 d6:1 d6:1 d6:6 d6:3 d6:2 d6:2 "
    "d6:6 d6:4 d6:3 d6:5 d6:1 d6:6 d6:6 d6:2 d6:4",
    "Hits: 6 · Casualties: 4",
    /* Archers are 2 figures a stand */
    "Night Archers takes 4 casualties; Night Archers loses 2 stands (10 → 8)",
    "u43", 8, NULL },
  { "horse-and-musket-cemetery-ridge.muster", "u3", "u54", "t12", 300, "small-arms-fire", NULL, 2,
    "d6:6 d6:5 d6:4 d6:2",
    "Accurate shots: 2 · Kill dice total: 6 · Hits: 1",
    "Washington Artillery takes 1 hits; Washington Artillery keeps hits=1",
    "u54", -1, "hits=1" },
  { "medals-of-valor-saint-aubin.muster", "u61", "u3", NULL, 0, "fire", NULL, 4,
    "0..9:1 0..9:2",
    "Hits: 1 · Worst wound roll: Wound · Target's injury afterwards: Slight · "
    "Target suppressed this turn: Yes",
    "Pvt. Lomax (gunner): injury slight; Pvt. Lomax (gunner) is suppressed",
    "u3", -1, "injury=slight suppressed" },
  { "standards-of-valor-afon-ddu.muster", "u5", "u24", "t4", 3.5 * 25.4, "fire", "cover=none", 11,
    "d8:8 d12:10 d12:2 d12:1 d8:7 d4:4 d8:4 d4:2",
    "Result: Effective fire · Suppression markers: 1 · Potential hits: 2 · Casualties: 2 · "
    "Shield Wall lost (pilum): 1",
    "Slingers of the shore loses 2 figures (12 → 10); Slingers of the shore: suppression 0 → 1",
    "u24", 10, "suppression=1" },
  { "undying-lands-twelve-squares.muster", "u5", "u22", "t3", 123, "shoot", NULL, 42,
    "d8:7",
    "IP lost by the target: 5 · Target loses 50% of its IP: No",
    "Duergar spear wall: ip-lost 0 → 5",
    "u22", -1, "ip-lost=5" },
};

/* A procedure the system gives no effect: a note, and nothing changes. */
static void
test_note_only (void)
{
  const Case c = { "battle-valor-fantasy-cold-beck.muster", "u5", "u43", "t1", 100,
                   "charge-roll", NULL, 3 };
  Scenario s;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterLogEntry) entry = NULL;

  scenario_open (&s, c.file);
  facts = set_up (&s, &c);
  entry = roll (facts, c.procedure, NULL, c.seed);
  g_assert_true (entry->note_only);
  g_assert_cmpuint (entry->changes->len, ==, 0);
  g_assert_true (g_str_has_suffix (entry->effect, "Only a note: nothing in the document "
                                   "changes; carry the result out at the table"));
  g_assert_cmpuint (entry->dice->len, >, 0);
  g_clear_pointer (&facts, muster_odds_facts_free);
  scenario_close (&s);
}

/* Recording the dice changes no roll: a procedure that counts d6 a generator output at a time
 * reads them one by one when recording, to the same faces. */
static void
test_recording_keeps_rolls (void)
{
  const MusterProcedure *procedure = muster_procedure_lookup ("battle-valor-fantasy",
                                                              "missile-fire");
  g_autofree int *values = muster_procedure_default_values (procedure);
  g_autoptr(GArray) record = g_array_new (FALSE, FALSE, sizeof (MusterRolledDie));
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autoptr(GError) error = NULL;

  ruleset = muster_catalog_resolve (catalog, "battle-valor-fantasy", &error);
  g_assert_no_error (error);
  values[muster_procedure_find_input (procedure, "figures")] = 40;
  for (guint64 seed = 1; seed <= 200; seed++)
    {
      g_autoptr(MusterDice) plain = muster_dice_new (seed);
      g_autoptr(MusterDice) recorded = muster_dice_new (seed);
      int a[MUSTER_FACES_MAX_OUTCOMES] = { 0 }, b[MUSTER_FACES_MAX_OUTCOMES] = { 0 };

      g_array_set_size (record, 0);
      muster_dice_set_record (recorded, record);
      procedure->sample (procedure, ruleset, values, plain, a);
      procedure->sample (procedure, ruleset, values, recorded, b);
      g_assert_cmpmem (a, sizeof a, b, sizeof b);
      g_assert_cmpuint (muster_dice_next (plain), ==, muster_dice_next (recorded));
      g_assert_cmpuint (record->len, >=, 40);
      for (guint i = 0; i < record->len; i++)
        {
          const MusterRolledDie *die = &g_array_index (record, MusterRolledDie, i);

          g_assert_cmpint (die->face, >=, die->lo);
          g_assert_cmpint (die->face, <=, die->hi);
        }
    }
}

/* A placement of one stand per size unit loses the stands its unit loses, and gets them back
 * with the undo; the Night Archers of Cold Beck keep the sample's 10 stands, the crossbows
 * brought into contact to strike them. */
static void
test_placement_follows (void)
{
  const Case c = { "battle-valor-fantasy-cold-beck.muster", "u5", "u43", NULL, 0,
                   "melee-strike", NULL, 42 };
  Scenario s;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(GError) error = NULL;
  MusterLogEntry *entry;
  MusterBattlefield *field;
  guint size;

  scenario_open (&s, c.file);
  muster_test_place_in_contact (s.doc, c.acting, c.target);
  field = muster_doc_get_battlefield (s.doc);
  size = muster_unit_get_size (muster_doc_lookup_unit (s.doc, "u43"));
  g_assert_cmpuint (muster_battlefield_lookup_unit (field, "u43")->stands, ==, size);
  facts = set_up (&s, &c);
  entry = roll (facts, c.procedure, NULL, c.seed);
  g_clear_pointer (&facts, muster_odds_facts_free);
  g_assert_true (muster_doc_append_log_entry (s.doc, entry, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (muster_unit_get_size (muster_doc_lookup_unit (s.doc, "u43")), <, size);
  g_assert_cmpuint (muster_battlefield_lookup_unit (field, "u43")->stands, ==,
                    MAX (muster_unit_get_size (muster_doc_lookup_unit (s.doc, "u43")), 1));
  muster_log_entry_free (muster_doc_take_last_log_entry (s.doc));
  g_assert_cmpuint (muster_battlefield_lookup_unit (field, "u43")->stands, ==, size);
  scenario_close (&s);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/resolve/%.3s/%s", cases[i].file,
                                               cases[i].procedure);

      g_test_add_data_func (path, &cases[i], run_case);
    }
  g_test_add_func ("/resolve/note-only", test_note_only);
  g_test_add_func ("/resolve/placement-follows", test_placement_follows);
  g_test_add_func ("/resolve/recording-keeps-rolls", test_recording_keeps_rolls);
  return g_test_run ();
}
