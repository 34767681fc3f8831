/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-util.h"

static MusterRuleset *
load_fixture (const char *name)
{
  g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, name, NULL);
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_ruleset_new_from_file (path, &error);

  g_assert_no_error (error);
  return ruleset;
}

static MusterRuleset *
from_string (const char  *text,
             GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  return muster_ruleset_new_from_bytes (bytes, "inline.xml", error);
}

static void
assert_term (GPtrArray  *when,
             guint       index,
             const char *key,
             gboolean    negate,
             const char *first_value)
{
  const MusterConditionTerm *term;

  g_assert_nonnull (when);
  g_assert_cmpuint (index, <, when->len);
  term = when->pdata[index];
  g_assert_cmpstr (term->key, ==, key);
  g_assert_cmpint (term->negate, ==, negate);
  g_assert_cmpstr (term->values[0], ==, first_value);
}

static void
test_load_every_element (void)
{
  g_autoptr(MusterRuleset) rs = load_fixture ("ruleset-full.xml");
  const MusterVariant *variant;
  const MusterTable *table;
  const MusterTableRow *row = NULL;
  const MusterCell *cell;
  const MusterStat *stat;
  const MusterSpecialRule *rule;
  const MusterOptionGroup *group;
  const MusterOption *option;
  const MusterCostTerm *cost;
  const MusterUnitType *type;
  const MusterAllow *allow;
  const MusterLevel *level;
  const MusterConstraint *c;
  const MusterMatch *match;
  const MusterCosting *costing = muster_ruleset_get_costing (rs);
  guint min, max;

  g_assert_true (muster_ruleset_is_resolved (rs));
  g_assert_cmpstr (muster_ruleset_get_system_id (rs), ==, "full");
  g_assert_cmpstr (costing->id, ==, "points");
  g_assert_cmpstr (costing->abbreviation, ==, "pts");
  /* An abbreviation without a singular stays as it is after 1. */
  g_assert_cmpstr (muster_costing_get_unit (costing, 1), ==, "pts");
  g_assert_true (costing->limit);

  variant = muster_ruleset_lookup (rs, MUSTER_ITEM_VARIANT, "armour-cost");
  g_assert_cmpstr (variant->default_value, ==, "book");
  g_assert_cmpuint (variant->choices->len, ==, 2);
  g_assert_true (((MusterItem *) variant->choices->pdata[1])->house);
  g_assert_cmpstr (variant->item.note, ==, "Which armour price applies.");
  variant = muster_ruleset_lookup (rs, MUSTER_ITEM_VARIANT, "ground-scale");
  g_assert_cmpint (variant->kind, ==, MUSTER_VARIANT_NUMBER);
  g_assert_true (variant->has_max);
  g_assert_cmpfloat (variant->max, ==, 200);
  g_assert_cmpstr (muster_ruleset_variant_value (rs, "ground-scale", NULL), ==, "2");

  table = muster_ruleset_get_table (rs, "troop-cost");
  g_assert_cmpstr (table->item.source, ==, "§1");
  cell = muster_table_lookup (table, "green", "horse", &row);
  g_assert_true (cell->is_number);
  g_assert_cmpfloat (cell->number, ==, 5);
  g_assert_cmpstr (row->item.name, ==, "Green");
  cell = muster_table_lookup (table, "veteran", "horse", NULL);
  g_assert_null (cell->text);
  cell = muster_table_lookup (table, "elite", "horse", &row);
  g_assert_false (cell->is_number);
  g_assert_cmpstr (cell->text, ==, "twelve and a half");
  g_assert_true (row->item.house);
  g_assert_null (muster_table_lookup (table, "elite", "camels", NULL));
  g_assert_null (muster_table_lookup (table, "raw", "foot", NULL));

  stat = muster_ruleset_lookup (rs, MUSTER_ITEM_STAT, "move");
  g_assert_cmpstr (stat->abbreviation, ==, "M");
  g_assert_cmpstr (stat->unit, ==, "inch");
  g_assert_true (stat->has_min && !stat->has_max);
  stat = muster_ruleset_lookup (rs, MUSTER_ITEM_STAT, "quality");
  g_assert_cmpint (stat->type, ==, MUSTER_STAT_DIE);

  g_assert_cmpuint (muster_ruleset_list (rs, MUSTER_ITEM_CATEGORY)->len, ==, 3);
  rule = muster_ruleset_lookup (rs, MUSTER_ITEM_SPECIAL_RULE, "tough");
  g_assert_cmpstr (rule->description, ==, "Counts as Light armour.");
  g_assert_cmpint (((MusterEffect *) rule->effects->pdata[0])->op, ==, MUSTER_EFFECT_MAX);

  group = muster_ruleset_get_option_group (rs, "armour");
  g_assert_true (group->has_max && !group->has_min);
  g_assert_cmpstr (group->default_option, ==, "no-armour");
  option = muster_ruleset_get_option (rs, "mail");
  g_assert_cmpstr (option->group, ==, "armour");
  g_assert_cmpuint (option->costs->len, ==, 2);
  cost = option->costs->pdata[1];
  g_assert_cmpfloat (cost->value, ==, 1);
  g_assert_true (cost->house);
  assert_term (cost->when, 0, "armour-cost", FALSE, "cheap");
  option = muster_ruleset_get_option (rs, "banner");
  g_assert_cmpuint (option->max_count, ==, 2);
  g_assert_cmpstr (option->rules[0], ==, "tough");
  cost = option->costs->pdata[0];
  g_assert_cmpint (cost->per, ==, MUSTER_PER_UNIT);
  g_assert_cmpstr (cost->label, ==, "Banner");
  g_assert_cmpstr (cost->input, ==, "points");
  option = muster_ruleset_get_option (rs, "spare");
  g_assert_cmpstr (((MusterCostTerm *) option->costs->pdata[0])->input, ==, "bonus");
  assert_term (((MusterCostTerm *) option->costs->pdata[0])->when, 1, "category", TRUE, "foot");
  g_assert_cmpstr (option->item.note, ==, "Not in the book.");
  g_assert_cmpstr (muster_ruleset_get_option (rs, "elite")->tags[0], ==, "rare");

  type = muster_ruleset_get_unit_type (rs, "spearmen");
  g_assert_cmpstr (type->category, ==, "foot");
  g_assert_cmpstr (type->size_unit, ==, "figure");
  g_assert_cmpuint (type->default_size, ==, 10);
  g_assert_cmpstr (((MusterBaseStat *) type->base->pdata[1])->value, ==, "20 mm square");
  cost = type->costs->pdata[0];
  g_assert_cmpstr (cost->table, ==, "troop-cost");
  g_assert_cmpstr (cost->row_from, ==, "experience");
  g_assert_cmpstr (cost->column, ==, "foot");
  allow = muster_unit_type_get_allow (type, "experience");
  g_assert_cmpstr (allow->only[1], ==, "veteran");
  g_assert_cmpstr (muster_unit_type_get_default (rs, type, "armour"), ==, "mail");
  g_assert_cmpstr (muster_unit_type_get_default (rs, type, "experience"), ==, "green");
  g_assert_null (muster_unit_type_get_default (rs, type, "nothing"));
  g_assert_true (muster_unit_type_allows_option (type, muster_ruleset_get_option (rs, "veteran")));
  g_assert_false (muster_unit_type_allows_option (type, muster_ruleset_get_option (rs, "elite")));
  g_assert_true (muster_ruleset_get_size_range (rs, type, &min, &max));
  g_assert_cmpuint (min, ==, 6);
  g_assert_cmpuint (max, ==, 40);
  g_assert_true (muster_ruleset_get_size_range (rs, muster_ruleset_get_unit_type (rs, "riders"),
                                                &min, &max));
  g_assert_cmpuint (min, ==, 2);
  g_assert_cmpuint (max, ==, 12);
  g_assert_false (muster_ruleset_get_size_range (rs, muster_ruleset_get_unit_type (rs, "captain"),
                                                 &min, &max));
  g_assert_cmpuint (min, ==, 1);
  g_assert_cmpuint (max, ==, G_MAXUINT);

  level = muster_ruleset_get_root_level (rs);
  g_assert_cmpstr (level->item.id, ==, "army");
  g_assert_false (level->units);
  g_assert_cmpstr (level->children[0], ==, "wing");

  c = muster_ruleset_get_constraint (rs, "elite-per-1000");
  g_assert_cmpint (c->kind, ==, MUSTER_CONSTRAINT_COUNT);
  g_assert_cmpstr (c->scope, ==, "force");
  g_assert_cmpuint (c->per_points, ==, 1000);
  g_assert_cmpstr (c->scaling_variant, ==, "scaling");
  match = c->matches->pdata[0];
  g_assert_cmpstr (match->option[0], ==, "elite");
  g_assert_cmpstr (match->not_category[0], ==, "leader");
  c = muster_ruleset_get_constraint (rs, "horse-share");
  g_assert_true (c->percent);
  g_assert_cmpint (c->measure, ==, MUSTER_COUNT_POINTS);
  g_assert_cmpint (c->scaling, ==, MUSTER_SCALING_FLOOR);
  c = muster_ruleset_get_constraint (rs, "no-banner-mail");
  g_assert_cmpint (c->severity, ==, MUSTER_SEVERITY_WARNING);
  g_assert_cmpuint (c->matches->len, ==, 2);
  g_assert_cmpstr (muster_ruleset_get_constraint (rs, "wing-size")->scope, ==, "wing");
  g_assert_cmpint (muster_ruleset_get_constraint (rs, "special")->severity, ==,
                   MUSTER_SEVERITY_OFF);
  g_assert_cmpstr (muster_ruleset_get_constraint (rs, "limit")->message, ==,
                   "{total} of {limit} points.");

  g_assert_nonnull (muster_ruleset_lookup (rs, MUSTER_ITEM_TERRAIN, "wood"));
  g_assert_cmpstr (((MusterItem *) muster_ruleset_lookup (rs, MUSTER_ITEM_PROCEDURE,
                                                          "shoot"))->name, ==, "Shooting");
  g_assert_null (muster_ruleset_lookup (rs, MUSTER_ITEM_UNIT_TYPE, "dragons"));
}

/* Procedures read the book's numbers through these; each failure names what is missing. */
static void
test_require_lookups (void)
{
  g_autoptr(MusterRuleset) rs = load_fixture ("ruleset-full.xml");
  g_autoptr(GError) error = NULL;
  const MusterTable *table;
  double number = 0;

  table = muster_ruleset_require_table (rs, "troop-cost", &error);
  g_assert_no_error (error);
  g_assert_true (muster_table_require_number (table, "green", "horse", &number, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (number, ==, 5);
  g_assert_cmpstr (muster_table_require_cell (table, "elite", "horse", &error)->text, ==,
                   "twelve and a half");

  /* A word is a cell but not a number; an empty cell is neither. */
  g_assert_false (muster_table_require_number (table, "elite", "horse", &number, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "table “troop-cost” has no number for “elite”, “horse”");
  g_clear_error (&error);
  g_assert_null (muster_table_require_cell (table, "veteran", "horse", &error));
  g_assert_cmpstr (error->message, ==, "table “troop-cost” has no value for “veteran”, “horse”");
  g_clear_error (&error);
  g_assert_null (muster_table_require_cell (table, "raw", "foot", &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_clear_error (&error);

  g_assert_null (muster_ruleset_require_table (rs, "hit-chart", &error));
  g_assert_cmpstr (error->message, ==, "the full ruleset has no table “hit-chart”");
  g_clear_error (&error);
  g_assert_null (muster_ruleset_require_table (NULL, "hit-chart", &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET);
}

static void
test_scaling (void)
{
  g_autoptr(MusterRuleset) rs = load_fixture ("ruleset-full.xml");
  const MusterConstraint *c = muster_ruleset_get_constraint (rs, "elite-per-1000");

  /* "At 1500 points, k = 2 …; floor 1500 → 1; pro-rata 1.5×": 2 Wizards → 4, 2, 3. */
  g_assert_cmpfloat (muster_constraint_scale (c, 2, 1500, MUSTER_SCALING_CEIL), ==, 4);
  g_assert_cmpfloat (muster_constraint_scale (c, 2, 1500, MUSTER_SCALING_FLOOR), ==, 2);
  g_assert_cmpfloat (muster_constraint_scale (c, 2, 1500, MUSTER_SCALING_PRO_RATA), ==, 3);
  g_assert_cmpfloat (muster_constraint_scale (c, 1, 1500, MUSTER_SCALING_PRO_RATA), ==, 1);
  g_assert_cmpfloat (muster_constraint_scale (c, 4, 1500, MUSTER_SCALING_PRO_RATA), ==, 6);
  /* At least one multiple, even for a small game. */
  g_assert_cmpfloat (muster_constraint_scale (c, 1, 500, MUSTER_SCALING_CEIL), ==, 1);
  g_assert_cmpfloat (muster_constraint_scale (c, 1, 500, MUSTER_SCALING_FLOOR), ==, 1);
  g_assert_cmpfloat (muster_constraint_scale (c, 1, 1000, MUSTER_SCALING_CEIL), ==, 1);
  g_assert_cmpfloat (muster_constraint_scale (c, 1, 1001, MUSTER_SCALING_CEIL), ==, 2);
}

static void
test_load_battle_valor_fantasy (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                                            "battle-valor-fantasy.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_file (path, &error);
  const MusterTable *troops;
  guint min, max;

  g_assert_no_error (error);
  /* The ten unit types, thirteen bestiary creatures, the General and six characters. */
  g_assert_cmpuint (muster_ruleset_list (rs, MUSTER_ITEM_UNIT_TYPE)->len, ==, 10 + 13 + 7);
  troops = muster_ruleset_get_table (rs, "troop-cost");
  g_assert_cmpuint (troops->rows->len, ==, 4);
  g_assert_cmpuint (troops->columns->len, ==, 10);
  g_assert_cmpfloat (muster_table_lookup (troops, "elite", "monstrous", NULL)->number, ==, 45);
  g_assert_cmpfloat (muster_table_lookup (troops, "levy", "war-machine", NULL)->number, ==, 10);
  g_assert_cmpfloat (muster_table_lookup (muster_ruleset_get_table (rs, "character-cost"),
                                          "elite", "wizard", NULL)->number, ==, 30);
  g_assert_cmpstr (muster_ruleset_variant_value (rs, "command-stand", NULL), ==, "one-of-n");
  g_assert_cmpstr (muster_ruleset_variant_value (rs, "optional-limits", NULL), ==, "off");
  g_assert_true (muster_ruleset_get_option (rs, "horses")->item.house == FALSE);
  g_assert_true (((MusterCostTerm *) muster_ruleset_get_option (rs, "horses")->costs->pdata[0])->house);

  g_assert_true (muster_ruleset_get_size_range (rs, muster_ruleset_get_unit_type (rs,
                                                "ice-trolls"), &min, &max));
  g_assert_cmpuint (min, ==, 5);
  g_assert_cmpuint (max, ==, G_MAXUINT);
  g_assert_true (muster_ruleset_get_size_range (rs, muster_ruleset_get_unit_type (rs, "wizard"),
                                                &min, &max));
  g_assert_cmpuint (min, ==, 1);
  g_assert_cmpuint (max, ==, 1);
}

static void
test_load_errors (void)
{
  static const struct {
    const char *body;
    const char *message;
  } cases[] = {
    { "<unit-types>\n<unit-type id='a' category='c' colour='red'/></unit-types>",
      "inline.xml:3: <unit-type> has no attribute “colour”" },
    { "<units/>", "inline.xml:2: <ruleset> cannot contain <units>" },
    { "<stats>\n<stat id='Move'/></stats>",
      "inline.xml:3: id “Move” of <stat> must be lower-case" },
    { "<stats><stat id='a'/>\n<stat id='a'/></stats>",
      "inline.xml:3: stat “a” is defined twice (first on line 2)" },
    { "<stats>\n<stat id='a' min='lots'/></stats>",
      "inline.xml:3: attribute min of <stat> is “lots”, not a number" },
    { "<option-groups><option-group id='g'>\n<option id='o'>\n"
      "<cost value='1' table='t' row='a' column='b'/></option></option-group></option-groups>",
      "inline.xml:4: <cost> needs either a value or a table, not both" },
    { "<option-groups><option-group id='g'><option id='o'>\n"
      "<cost table='t' row='a'/></option></option-group></option-groups>",
      "inline.xml:3: <cost table=\"t\"> needs one of row and row-from" },
    { "<option-groups><option-group id='g'><option id='o'>\n"
      "<effect stat='s' op='add' value='x'/></option></option-group></option-groups>",
      "inline.xml:3: <effect op=\"add\"> needs a number, not “x”" },
    { "<option-groups><option-group id='g'><option id='o'>\n"
      "<cost value='1' when='limits'/></option></option-group></option-groups>",
      "inline.xml:3: condition “limits” is not KEY=VALUE" },
    { "<constraints>\n<constraint id='c' kind='count' min='1'/></constraints>",
      "inline.xml:3: constraint “c” has no <message>" },
    { "<constraints>\n<constraint id='c' kind='many'><message/></constraint></constraints>",
      "inline.xml:3: attribute kind of <constraint> is “many”; expected one of count, forbid" },
    { "<tables><table id='t'><column id='a'/>\n<row id='r'></row></table></tables>",
      "inline.xml:3: row “r” has no cells" },
    /* Checks across items */
    { "<categories><category id='c'/></categories><unit-types>\n"
      "<unit-type id='a' category='d'/></unit-types>",
      "inline.xml:3: unit type “a” is in unknown category “d”" },
    { "<categories><category id='c'/></categories><unit-types>\n"
      "<unit-type id='a' category='c'>\n<allow group='g'/></unit-type></unit-types>",
      "inline.xml:4: unit type “a” allows unknown option group “g”" },
    { "<tables><table id='t'><column id='a'/><column id='b'/>\n<row id='r'>1</row></table>"
      "</tables>", "inline.xml:3: row “r” of table “t” has 1 cells for 2 columns" },
    { "<tables><table id='t'><column id='a'/><row id='x'>1</row><row id='y'>-</row></table>"
      "</tables><categories><category id='c'/></categories><option-groups>"
      "<option-group id='g'><option id='x'/><option id='y'/></option-group></option-groups>"
      "<unit-types><unit-type id='u' category='c'>\n"
      "<cost table='t' row-from='g' column='a'/><allow group='g'/></unit-type></unit-types>",
      "inline.xml:3: cost reads table “t” at row “y”, column “a”, which holds no number" },
    { "<categories><category id='c'/></categories><option-groups><option-group id='g'>"
      "<option id='x'/></option-group></option-groups><unit-types>"
      "<unit-type id='u' category='c'>\n<cost value='1' when='colour=red'/></unit-type>"
      "</unit-types>",
      "inline.xml:3: condition on “colour”, which is no variant, option group, type or category" },
    { "<variants><variant id='v'><choice id='a'/></variant></variants><option-groups>"
      "<option-group id='g'><option id='x'>\n<cost value='1' when='v=b'/></option>"
      "</option-group></option-groups>",
      "inline.xml:3: condition v=b: “v” has no choice or option “b”" },
    { "<option-groups><option-group id='g'><option id='x'/></option-group>\n"
      "<option-group id='h'>\n<option id='x'/></option-group></option-groups>",
      "inline.xml:4: option “x” is in option groups “g” and “h”" },
    { "<variants>\n<variant id='v' default='c'><choice id='a'/></variant></variants>",
      "inline.xml:3: variant “v” defaults to “c”, which is not one of its choices" },
    { "<variants>\n<variant id='v' kind='number'/></variants>",
      "inline.xml:3: number variant “v” needs a numeric default" },
    { "<option-groups><option-group id='g'><option id='x'>\n<effect stat='mv' value='1'/>"
      "</option></option-group></option-groups>", "inline.xml:3: unknown stat “mv”" },
    { "<stats><stat id='mv'/></stats><option-groups><option-group id='g'><option id='x'>\n"
      "<effect stat='mv' value='fast'/></option></option-group></option-groups>",
      "inline.xml:3: stat “mv” is a number; “fast” is not" },
    { "<constraints>\n<constraint id='c' kind='count' scope='wing' max='1'><message/>"
      "</constraint></constraints>", "inline.xml:3: constraint “c” has unknown scope “wing”" },
    { "<constraints>\n<constraint id='c' kind='count' max='1'><match type='elves'/><message/>"
      "</constraint></constraints>", "inline.xml:3: unknown unit type “elves”" },
    { "<categories><category id='c'/></categories><unit-types>\n"
      "<unit-type id='a' category='c' min-size='5' max-size='2'/></unit-types>",
      "inline.xml:3: unit type “a” has min-size above max-size" },
    { "<organisation>\n<level id='army'/></organisation>",
      "inline.xml:3: no organisation level is the root" },
    { "<organisation>\n<level id='unit' root='true'/></organisation>",
      "inline.xml:3: “unit” is reserved and cannot name a level" },
    { "<variants><variant id='v'><choice id='round-up'/></variant></variants><constraints>\n"
      "<constraint id='c' kind='count' max='1' per-points='500' scaling-variant='v'><message/>"
      "</constraint></constraints>",
      "inline.xml:3: variant “v” scales constraints, so its choices must be ceil" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("<ruleset format='1' id='x' version='1'>"
                                               "<name>x</name>\n%s</ruleset>", cases[i].body);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterRuleset) rs = from_string (text, &error);

      muster_assert_error_case (rs, error, MUSTER_ENGINE_ERROR_INVALID_RULESET, cases[i].message,
                                i);
    }
}

static MusterCatalog *
merge_catalog (void)
{
  g_autofree char *dir = g_build_filename (MUSTER_TEST_DATA, "rulesets-merge", NULL);
  MusterCatalog *catalog = muster_catalog_new ();

  muster_catalog_scan_dir (catalog, dir);
  g_assert_cmpuint (muster_catalog_get_problems (catalog)->len, ==, 0);
  return catalog;
}

static void
test_house_merge (void)
{
  g_autoptr(MusterCatalog) catalog = merge_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) base = NULL;
  g_autoptr(MusterRuleset) club = NULL;
  g_autoptr(MusterRuleset) again = NULL;
  const MusterOptionGroup *quality, *gear;
  const MusterTable *table;
  const MusterTableRow *row = NULL;
  const MusterUnitType *riders;

  /* A house file alone is read but not linked: it refers to its base's items. */
  g_assert_false (muster_ruleset_is_resolved (muster_catalog_lookup (catalog, "club")));

  base = muster_catalog_resolve (catalog, "merge-base", &error);
  g_assert_no_error (error);
  g_assert_true (base == muster_catalog_lookup (catalog, "merge-base"));

  club = muster_catalog_resolve (catalog, "club", &error);
  g_assert_no_error (error);
  g_assert_true (muster_ruleset_is_resolved (club));
  g_assert_true (muster_ruleset_is_house (club));
  g_assert_cmpstr (muster_ruleset_get_id (club), ==, "club");
  g_assert_cmpstr (muster_ruleset_get_name (club), ==, "Club rules");
  g_assert_cmpstr (muster_ruleset_get_version (club), ==, "2");
  g_assert_cmpstr (muster_ruleset_get_book (club), ==, "The base book");
  g_assert_cmpstr (muster_ruleset_get_summary (club), ==, "Base summary.");
  g_assert_cmpstr (muster_ruleset_get_system_id (club), ==, "merge-base");
  g_assert_true (g_str_has_suffix (muster_ruleset_get_path (club), "club.xml"));

  /* A variant is replaced. */
  g_assert_cmpstr (muster_ruleset_variant_value (club, "limits", NULL), ==, "on");
  g_assert_cmpstr (muster_ruleset_variant_value (base, "limits", NULL), ==, "off");

  /* Option groups merge by option id; attributes given replace, others are kept. */
  quality = muster_ruleset_get_option_group (club, "quality");
  g_assert_cmpstr (quality->item.name, ==, "Quality");
  g_assert_cmpuint (quality->options->len, ==, 3);
  g_assert_cmpuint (quality->max, ==, 2);
  g_assert_cmpuint (quality->min, ==, 1);
  g_assert_cmpstr (quality->default_option, ==, "green");
  g_assert_nonnull (muster_ruleset_get_option (club, "elite"));
  g_assert_null (muster_ruleset_get_option (base, "elite"));
  gear = muster_ruleset_get_option_group (club, "gear");
  g_assert_cmpuint (gear->options->len, ==, 2);
  g_assert_cmpstr (((MusterItem *) gear->options->pdata[1])->name, ==, "Long spear");
  g_assert_cmpstr (muster_ruleset_get_option (base, "spear")->item.name, ==, "Spear");

  /* Tables merge by row id. */
  table = muster_ruleset_get_table (club, "cost");
  g_assert_cmpuint (table->rows->len, ==, 3);
  g_assert_cmpfloat (muster_table_lookup (table, "veteran", "horse", &row)->number, ==, 7);
  g_assert_true (row->item.house);
  g_assert_cmpfloat (muster_table_lookup (table, "green", "horse", NULL)->number, ==, 4);
  g_assert_cmpfloat (muster_table_lookup (table, "elite", "foot", NULL)->number, ==, 6);
  g_assert_cmpfloat (muster_table_lookup (muster_ruleset_get_table (base, "cost"), "veteran",
                                          "horse", NULL)->number, ==, 6);

  /* Items are replaced whole; constraints can be switched off. */
  riders = muster_ruleset_get_unit_type (club, "riders");
  g_assert_cmpstr (riders->item.name, ==, "Light riders");
  g_assert_cmpuint (riders->default_size, ==, 3);
  g_assert_nonnull (muster_ruleset_get_unit_type (club, "warband"));
  g_assert_cmpint (muster_ruleset_get_constraint (club, "few-riders")->severity, ==,
                   MUSTER_SEVERITY_OFF);
  g_assert_cmpint (muster_ruleset_get_constraint (base, "few-riders")->severity, ==,
                   MUSTER_SEVERITY_ERROR);
  g_assert_nonnull (muster_ruleset_get_constraint (club, "warband-size"));

  /* Made once. */
  again = muster_catalog_resolve (catalog, "club", &error);
  g_assert_true (again == club);
}

static void
test_house_chain (void)
{
  g_autoptr(MusterCatalog) catalog = merge_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) plus = muster_catalog_resolve (catalog, "club-plus", &error);
  const MusterTable *table;

  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_get_extends (plus), ==, "club");
  g_assert_cmpstr (muster_ruleset_get_system_id (plus), ==, "merge-base");
  g_assert_cmpstr (muster_ruleset_get_book (plus), ==, "Campaign supplement");
  table = muster_ruleset_get_table (plus, "cost");
  g_assert_cmpfloat (muster_table_lookup (table, "green", "foot", NULL)->number, ==, 1);
  g_assert_cmpfloat (muster_table_lookup (table, "veteran", "horse", NULL)->number, ==, 7);
  g_assert_cmpfloat (muster_table_lookup (table, "elite", "horse", NULL)->number, ==, 9);
  g_assert_nonnull (muster_ruleset_get_option (plus, "elite"));
}

static void
test_house_errors (void)
{
  g_autoptr(MusterCatalog) catalog = merge_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = NULL;

  rs = muster_catalog_resolve (catalog, "broken-club", &error);
  g_assert_null (rs);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_true (g_str_has_suffix (error->message,
                                   "broken-club.xml:6: unit type “archers” allows unknown "
                                   "option group “bows”"));
  g_clear_error (&error);

  rs = muster_catalog_resolve (catalog, "loop-a", &error);
  g_assert_null (rs);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  /* Once, with the loop, not "extends" sixteen times over. */
  g_assert_true (g_str_has_suffix (error->message, "loop-a.xml:1: ruleset “loop-a” extends "
                                   "itself through a loop of rulesets (loop-a → loop-b → "
                                   "loop-a)"));
  g_assert_null (strstr (error->message, "“loop-b”: "));
  g_clear_error (&error);

  rs = muster_catalog_resolve (catalog, "orphan", &error);
  g_assert_null (rs);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET);
  g_assert_cmpstr (error->message, ==, "ruleset “orphan” extends “nowhere”: no installed "
                   "ruleset has the id “nowhere”");
  g_clear_error (&error);

  rs = muster_catalog_resolve (catalog, "warhammer", &error);
  g_assert_null (rs);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET);
  g_clear_error (&error);

  /* merge() checks that the house file extends this base. */
  rs = muster_ruleset_merge (muster_catalog_lookup (catalog, "merge-base"),
                             muster_catalog_lookup (catalog, "loop-a"), &error);
  g_assert_null (rs);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
}

static void
test_shipped_house_rules_resolve (void)
{
  g_autofree char *house = g_build_filename (MUSTER_TEST_DATA, "rulesets-house", NULL);
  g_autofree char *shipped = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data",
                                               "rulesets", NULL);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = NULL;

  muster_catalog_scan_dir (catalog, house);
  muster_catalog_scan_dir (catalog, shipped);
  rs = muster_catalog_resolve (catalog, "my-sov", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_get_system_id (rs), ==, "standards-of-valor");
}

/* The measure after a number: singular after 1 where the ruleset gives one. */
static void
test_costing_units (void)
{
  static const struct {
    const char *id, *one, *two, *zero;
  } cases[] = {
    { "medals-of-valor", "man", "men", "men" },
    { "battle-valor-fantasy", "pt", "pts", "pts" },
    { "undying-lands", "IP", "IP", "IP" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterRuleset *rs = muster_test_load_shipped_ruleset (cases[i].id);
      const MusterCosting *costing = muster_ruleset_get_costing (rs);

      g_assert_cmpstr (muster_costing_get_unit (costing, 1), ==, cases[i].one);
      g_assert_cmpstr (muster_costing_get_unit (costing, -1), ==, cases[i].one);
      g_assert_cmpstr (muster_costing_get_unit (costing, 2), ==, cases[i].two);
      g_assert_cmpstr (muster_costing_get_unit (costing, 0), ==, cases[i].zero);
      muster_ruleset_unref (rs);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/ruleset-load/every-element", test_load_every_element);
  g_test_add_func ("/engine/ruleset-load/require-lookups", test_require_lookups);
  g_test_add_func ("/engine/ruleset-load/scaling", test_scaling);
  g_test_add_func ("/engine/ruleset-load/costing-units", test_costing_units);
  g_test_add_func ("/engine/ruleset-load/battle-valor-fantasy", test_load_battle_valor_fantasy);
  g_test_add_func ("/engine/ruleset-load/errors", test_load_errors);
  g_test_add_func ("/engine/ruleset-load/house-merge", test_house_merge);
  g_test_add_func ("/engine/ruleset-load/house-chain", test_house_chain);
  g_test_add_func ("/engine/ruleset-load/house-errors", test_house_errors);
  g_test_add_func ("/engine/ruleset-load/shipped-house-rules", test_shipped_house_rules_resolve);

  return g_test_run ();
}
