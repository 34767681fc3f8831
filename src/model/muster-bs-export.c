/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-bs-export.h"

/*
 * A BattleScribe roster gathered for printing: muster_bs_list_new() walks the roster once,
 * the writers (muster-bs-export-write.c) and the painter (muster-bs-export-sheet.c) only
 * format. As BattleScribe prints a roster, a force's units come under their primary
 * category, a unit's profiles (its children's too) are tables by profile type, and the rules
 * are explained once at the end, with their publication and page, named at each unit.
 */

static void
table_free (gpointer data)
{
  MusterBsListTable *table = data;

  g_free (table->type);
  g_free (table->type_id);
  g_ptr_array_unref (table->columns);
  g_ptr_array_unref (table->rows);
  g_free (table);
}

static void
line_free (gpointer data)
{
  MusterBsListLine *line = data;

  g_free (line->name);
  g_free (line->costs);
  g_free (line);
}

static void
unit_free (gpointer data)
{
  MusterBsListUnit *unit = data;

  g_free (unit->name);
  g_free (unit->costs);
  g_free (unit->categories);
  g_ptr_array_unref (unit->lines);
  g_free (unit->rules);
  g_free (unit->notes);
  g_ptr_array_unref (unit->tables);
  g_ptr_array_unref (unit->rule_refs);
  g_free (unit);
}

static void
section_free (gpointer data)
{
  MusterBsListSection *section = data;

  g_free (section->name);
  g_ptr_array_unref (section->units);
  g_free (section);
}

static void
force_free (gpointer data)
{
  MusterBsListForce *force = data;

  g_free (force->name);
  g_free (force->catalogue);
  g_free (force->costs);
  g_free (force->rules);
  g_free (force->notes);
  g_ptr_array_unref (force->sections);
  g_free (force);
}

static void
rule_free (gpointer data)
{
  MusterBsListRule *rule = data;

  g_free (rule->name);
  g_free (rule->text);
  g_free (rule->source);
  g_free (rule);
}

void
muster_bs_list_free (MusterBsList *self)
{
  if (self == NULL)
    return;
  g_free (self->title);
  g_free (self->system);
  g_free (self->costs);
  g_ptr_array_unref (self->errors);
  g_free (self->notes);
  g_ptr_array_unref (self->forces);
  g_ptr_array_unref (self->rules);
  g_free (self);
}

/* What is gathered while walking the roster. */
typedef struct
{
  MusterBsRoster *roster;
  MusterBsData   *data;
  GHashTable     *rules;     /* rule id → MusterBsListRule, owned by the list's array */
  GHashTable     *type_order;   /* profile type id → its place in the game system + 1 */
  char           *zero;      /* "0 pts": the costs of a selection with none */
  MusterBsList   *list;
} Gather;

/**
 * muster_bs_format_costs:
 * @costs: (element-type MusterBsCost) (nullable): costs
 *
 * Returns: (transfer full) (nullable): "65 pts, 1 CP", the zero ones left out; %NULL when
 *   all are zero
 */
char *
muster_bs_format_costs (GArray *costs)
{
  GString *str = g_string_new (NULL);

  for (guint i = 0; costs != NULL && i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);

      if (cost->value != 0)
        g_string_append_printf (str, "%s%g %s", str->len ? ", " : "", cost->value, cost->name);
    }
  if (str->len == 0)
    {
      g_string_free (str, TRUE);
      return NULL;
    }
  return g_string_free (str, FALSE);
}

/* As muster_bs_format_costs(), @zero ("0 pts") when all are zero. */
static char *
format_total (GArray     *costs,
              const char *zero)
{
  char *text = muster_bs_format_costs (costs);

  return text != NULL ? text : g_strdup (zero);
}

/* The roster's costs with their limits: "145 of 200 pts, 1 CP". */
static char *
roster_costs (MusterBsRoster *roster)
{
  GArray *costs = muster_bs_roster_get_costs (roster);
  GArray *limits = muster_bs_roster_get_cost_limits (roster);
  GString *str = g_string_new (NULL);

  for (guint i = 0; i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);
      double limit = -1;

      for (guint j = 0; j < limits->len; j++)
        if (g_strcmp0 (g_array_index (limits, MusterBsCost, j).type_id, cost->type_id) == 0)
          limit = g_array_index (limits, MusterBsCost, j).value;
      if (cost->value == 0 && limit < 0)
        continue;
      if (str->len)
        g_string_append (str, ", ");
      if (limit >= 0)
        /* TRANSLATORS: "145 of 200 pts" */
        g_string_append_printf (str, _("%g of %g %s"), cost->value, limit, cost->name);
      else
        g_string_append_printf (str, "%g %s", cost->value, cost->name);
    }
  if (str->len == 0)
    g_string_append_printf (str, "0 %s", costs->len ? g_array_index (costs, MusterBsCost, 0).name
                                                    : "");
  return g_string_free (str, FALSE);
}

/* A copy of @text, or NULL for none or an empty one. */
static char *
not_empty (const char *text)
{
  return text && *text ? g_strdup (text) : NULL;
}

static const char *
selection_name (MusterBsSelection *sel)
{
  const char *custom = muster_bs_selection_get_custom_name (sel);

  return custom && *custom ? custom : muster_bs_selection_get_name (sel);
}

static const char *
force_name (const MusterBsForce *force)
{
  const char *custom = muster_bs_force_get_custom_name (force);

  return custom && *custom ? custom : muster_bs_force_get_name (force);
}

/* "5× Trooper", or the bare name for one. */
static char *
number_and_name (int         number,
                 const char *name)
{
  if (number == 1)
    return g_strdup (name);
  /* TRANSLATORS: a selection's number and name, "5× Trooper" */
  return g_strdup_printf (_("%d× %s"), number, name);
}

static char *
numbered_name (MusterBsSelection *sel)
{
  return number_and_name (muster_bs_selection_get_number (sel), selection_name (sel));
}

static char *
outline_numbered (const MusterBsOutline *sel)
{
  return number_and_name (sel->number, sel->name);
}

/*
 * Rule texts as BSData writes them: keywords between ^^ and bold between ** (New Recruit's
 * markup, which other tools print as is) lose their marks, and runs of blank lines become
 * one.
 */
static char *
tidy_text (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text ? text : "", "\n", -1);
  GString *str = g_string_new (NULL);
  gboolean blank = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line == '\0')
        {
          blank = str->len > 0;
          continue;
        }
      if (str->len > 0)
        g_string_append (str, blank ? "\n\n" : "\n");
      blank = FALSE;
      for (const char *p = line; *p; p++)
        if ((p[0] == '^' && p[1] == '^') || (p[0] == '*' && p[1] == '*'))
          p++;
        else
          g_string_append_c (str, *p);
    }
  return g_string_free (str, FALSE);
}

/* Values are printed on one line or in one cell: runs of white space become one space. */
static char *
one_line (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text ? text : "", " \t\r\n", -1);
  GString *str = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_string_append_printf (str, "%s%s", str->len ? " " : "", words[i]);
  return g_string_free (str, FALSE);
}

/* "Core Book, p. 12", "p. 12", "Core Book" or NULL. */
static char *
source_of (MusterBsData *data,
           const char   *publication_id,
           const char   *page)
{
  const MusterBsNode *publication = publication_id
                                    ? muster_bs_data_lookup (data, publication_id) : NULL;
  const char *name = publication && publication->name && *publication->name
                     ? publication->name : NULL;

  if (page != NULL && *page == '\0')
    page = NULL;
  if (name != NULL && page != NULL)
    /* TRANSLATORS: where a rule is written: the publication and its page */
    return g_strdup_printf (_("%s, p. %s"), name, page);
  if (page != NULL)
    return g_strdup_printf (_("p. %s"), page);
  return g_strdup (name);
}

/* The roster-wide entry for @rule, made the first time it is met. */
static MusterBsListRule *
remember_rule (Gather             *gather,
               const MusterBsRule *rule)
{
  MusterBsListRule *out = g_hash_table_lookup (gather->rules, rule->id);

  if (out != NULL)
    return out;
  out = g_new0 (MusterBsListRule, 1);
  out->name = g_strdup (rule->name ? rule->name : rule->id);
  out->text = tidy_text (rule->description);
  out->source = source_of (gather->data, rule->publication_id, rule->page);
  g_hash_table_insert (gather->rules, (gpointer) rule->id, out);
  g_ptr_array_add (gather->list->rules, out);
  return out;
}

/* Adds @rules' visible ones to @refs (once each). */
static void
add_rules (Gather    *gather,
           GArray    *rules,
           GPtrArray *refs)
{
  for (guint i = 0; rules != NULL && i < rules->len; i++)
    {
      const MusterBsRule *rule = &g_array_index (rules, MusterBsRule, i);
      MusterBsListRule *out;

      if (rule->hidden || rule->id == NULL)
        continue;
      out = remember_rule (gather, rule);
      if (!g_ptr_array_find (refs, out, NULL))
        g_ptr_array_add (refs, out);
    }
}

static char *
rule_names (GPtrArray *refs)
{
  GString *str;

  if (refs->len == 0)
    return NULL;
  str = g_string_new (NULL);
  for (guint i = 0; i < refs->len; i++)
    g_string_append_printf (str, "%s%s", i ? ", " : "",
                            ((MusterBsListRule *) refs->pdata[i])->name);
  return g_string_free (str, FALSE);
}

static MusterBsListTable *
table_for (GPtrArray             *tables,
           const MusterBsProfile *profile)
{
  const char *type = profile->type_name ? profile->type_name : profile->type_id;
  MusterBsListTable *table;

  for (guint i = 0; i < tables->len; i++)
    if (g_strcmp0 (((MusterBsListTable *) tables->pdata[i])->type, type) == 0)
      return tables->pdata[i];
  table = g_new0 (MusterBsListTable, 1);
  table->type = g_strdup (type ? type : "");
  table->type_id = g_strdup (profile->type_id);
  table->columns = g_ptr_array_new_with_free_func (g_free);
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; profile->characteristics && i < profile->characteristics->len; i++)
    {
      const char *name = g_array_index (profile->characteristics, MusterBsCharacteristic,
                                        i).name;

      g_ptr_array_add (table->columns, g_strdup (name ? name : ""));
    }
  g_ptr_array_add (tables, table);
  return table;
}

/* A row of @profile under its type's table; a characteristic the table lacks adds a column. */
static void
add_profile (GPtrArray             *tables,
             const MusterBsProfile *profile)
{
  MusterBsListTable *table = table_for (tables, profile);
  GArray *chars = profile->characteristics;
  char **row;

  for (guint i = 0; chars != NULL && i < chars->len; i++)
    {
      const char *name = g_array_index (chars, MusterBsCharacteristic, i).name;

      if (name == NULL)
        name = "";
      if (!g_ptr_array_find_with_equal_func (table->columns, name, g_str_equal, NULL))
        {
          g_ptr_array_add (table->columns, g_strdup (name));
          /* Rows before it get an empty cell. */
          for (guint r = 0; r < table->rows->len; r++)
            {
              char ***cells = (char ***) &table->rows->pdata[r];
              guint n = g_strv_length (*cells);

              *cells = g_renew (char *, *cells, n + 2);
              (*cells)[n] = g_strdup ("");
              (*cells)[n + 1] = NULL;
            }
        }
    }
  row = g_new0 (char *, table->columns->len + 2);
  row[0] = g_strdup (profile->name ? profile->name : "");
  for (guint c = 0; c < table->columns->len; c++)
    {
      row[c + 1] = NULL;
      for (guint i = 0; chars != NULL && i < chars->len && row[c + 1] == NULL; i++)
        if (g_strcmp0 (g_array_index (chars, MusterBsCharacteristic, i).name
                       ? g_array_index (chars, MusterBsCharacteristic, i).name : "",
                       table->columns->pdata[c]) == 0)
          {
            g_autofree char *tidy = tidy_text (g_array_index (chars, MusterBsCharacteristic,
                                                              i).value);

            row[c + 1] = one_line (tidy);
          }
      if (row[c + 1] == NULL)
        row[c + 1] = g_strdup ("");
    }
  /* The sergeant's flamer and his squad's, two profiles alike, are one row. */
  for (guint r = 0; r < table->rows->len; r++)
    if (g_strv_equal ((const char * const *) table->rows->pdata[r], (const char * const *) row))
      {
        g_strfreev (row);
        return;
      }
  g_ptr_array_add (table->rows, row);
}

/* The profiles, rules and lines of @sel and everything below it, into @unit. */
static void
gather_selection (Gather            *gather,
                  MusterBsListUnit  *unit,
                  MusterBsSelection *sel,
                  guint              depth,
                  GHashTable        *profiles_seen)
{
  GArray *profiles = muster_bs_selection_get_profiles (sel);

  if (depth > 0)
    {
      MusterBsListLine *line = g_new0 (MusterBsListLine, 1);

      line->depth = depth;
      line->name = numbered_name (sel);
      line->costs = muster_bs_format_costs (muster_bs_selection_get_costs (sel));
      g_ptr_array_add (unit->lines, line);
    }
  for (guint i = 0; profiles != NULL && i < profiles->len; i++)
    {
      const MusterBsProfile *profile = &g_array_index (profiles, MusterBsProfile, i);

      /* Five troopers with a bolter each show one bolter. */
      if (profile->hidden || g_hash_table_contains (profiles_seen, profile->id))
        continue;
      g_hash_table_add (profiles_seen, (gpointer) profile->id);
      add_profile (unit->tables, profile);
    }
  add_rules (gather, muster_bs_selection_get_rules (sel), unit->rule_refs);
  for (guint i = 0; i < muster_bs_selection_get_n_children (sel); i++)
    gather_selection (gather, unit, muster_bs_selection_get_child (sel, i), depth + 1,
                      profiles_seen);
}

/* Where @table goes among a unit's: see sort_tables(). */
static guint
type_place (Gather                  *gather,
            const MusterBsListTable *table)
{
  guint place = GPOINTER_TO_UINT (g_hash_table_lookup (gather->type_order, table->type_id));

  return (table->columns->len <= 1 ? G_MAXUINT / 2 : 0) + (place ? place : G_MAXUINT / 4);
}

/* Tables in the order of the game system's profile types, those of other types after them
 * as they came; and tables of a single characteristic (abilities, printed as paragraphs)
 * after those of several (the unit, its weapons), which then stand together. */
static void
sort_tables (Gather    *gather,
             GPtrArray *tables)
{
  /* (an insertion sort: stable, and a unit has a handful of tables) */
  for (guint i = 1; i < tables->len; i++)
    for (guint j = i; j > 0 && type_place (gather, tables->pdata[j - 1]) >
                               type_place (gather, tables->pdata[j]); j--)
      g_ptr_array_insert (tables, j - 1, g_ptr_array_steal_index (tables, j));
}

static MusterBsListUnit *
unit_new (Gather            *gather,
          MusterBsSelection *sel)
{
  MusterBsListUnit *unit = g_new0 (MusterBsListUnit, 1);
  g_autoptr(GHashTable) profiles_seen = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *categories = muster_bs_selection_get_categories (sel);
  g_autoptr(GString) others = g_string_new (NULL);
  const char *notes = muster_bs_selection_get_custom_notes (sel);

  unit->name = numbered_name (sel);
  unit->is_unit = g_strcmp0 (muster_bs_selection_get_type (sel), "unit") == 0 ||
                  g_strcmp0 (muster_bs_selection_get_type (sel), "model") == 0;
  unit->costs = format_total (muster_bs_selection_get_total_costs (sel), gather->zero);
  unit->lines = g_ptr_array_new_with_free_func (line_free);
  unit->tables = g_ptr_array_new_with_free_func (table_free);
  unit->rule_refs = g_ptr_array_new ();
  for (guint i = 0; categories != NULL && i < categories->len; i++)
    {
      const MusterBsCategory *category = &g_array_index (categories, MusterBsCategory, i);

      if (!category->primary && category->name != NULL)
        g_string_append_printf (others, "%s%s", others->len ? ", " : "", category->name);
    }
  unit->categories = others->len ? g_strdup (others->str) : NULL;
  unit->notes = not_empty (notes);
  gather_selection (gather, unit, sel, 0, profiles_seen);
  sort_tables (gather, unit->tables);
  unit->rules = rule_names (unit->rule_refs);
  return unit;
}

static MusterBsListSection *
section_for (GPtrArray  *sections,
             const char *name)
{
  MusterBsListSection *section;

  for (guint i = 0; i < sections->len; i++)
    if (g_strcmp0 (((MusterBsListSection *) sections->pdata[i])->name, name) == 0)
      return sections->pdata[i];
  section = g_new0 (MusterBsListSection, 1);
  section->name = g_strdup (name);
  section->units = g_ptr_array_new_with_free_func (unit_free);
  g_ptr_array_add (sections, section);
  return section;
}

static void
gather_force (Gather        *gather,
              MusterBsForce *force,
              guint          depth)
{
  MusterBsListForce *out = g_new0 (MusterBsListForce, 1);
  GArray *categories = muster_bs_force_get_categories (force);
  g_autoptr(GPtrArray) refs = g_ptr_array_new ();
  const char *uncategorised = _("Uncategorised");

  out->depth = depth;
  /* (hostile or broken data may leave names out: printed empty, never as "(null)") */
  out->name = g_strdup (force_name (force) ? force_name (force) : "");
  out->catalogue = g_strdup (muster_bs_force_get_catalogue_name (force)
                             ? muster_bs_force_get_catalogue_name (force) : "");
  out->costs = format_total (muster_bs_force_get_costs (force), gather->zero);
  add_rules (gather, muster_bs_force_get_rules (force), refs);
  out->rules = rule_names (refs);
  out->notes = not_empty (muster_bs_force_get_custom_notes (force));
  out->sections = g_ptr_array_new_with_free_func (section_free);
  g_ptr_array_add (gather->list->forces, out);

  /* The force's categories head its units in the order the data gives them. */
  for (guint i = 0; categories != NULL && i < categories->len; i++)
    if (g_array_index (categories, MusterBsCategory, i).name != NULL)
      section_for (out->sections, g_array_index (categories, MusterBsCategory, i).name);
  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    {
      MusterBsSelection *sel = muster_bs_force_get_selection (force, i);
      const MusterBsCategory *primary = muster_bs_selection_get_primary_category (sel);
      const char *name = primary && primary->name &&
                         g_strcmp0 (primary->entry_id, MUSTER_BS_NO_CATEGORY) != 0
                         ? primary->name : uncategorised;

      g_ptr_array_add (section_for (out->sections, name)->units, unit_new (gather, sel));
    }
  /* Uncategorised units last; categories without units are not printed. */
  for (guint i = 0; i < out->sections->len; i++)
    {
      MusterBsListSection *section = out->sections->pdata[i];

      if (g_str_equal (section->name, uncategorised) && i + 1 < out->sections->len)
        {
          g_ptr_array_add (out->sections, g_ptr_array_steal_index (out->sections, i));
          break;
        }
    }
  for (guint i = out->sections->len; i-- > 0;)
    if (((MusterBsListSection *) out->sections->pdata[i])->units->len == 0)
      g_ptr_array_remove_index (out->sections, i);

  for (guint i = 0; i < muster_bs_force_get_n_forces (force); i++)
    gather_force (gather, muster_bs_force_get_force (force, i), depth + 1);
}

/**
 * muster_bs_roster_location:
 * @path: a finding's path of instance ids ("f1/s3/s4")
 *
 * Returns: (transfer full): "Patrol › Squad › Trooper"; the roster's name for an empty path
 */
char *
muster_bs_roster_location (MusterBsRoster *roster,
                           const char     *path)
{
  g_auto(GStrv) ids = g_strsplit (path ? path : "", "/", -1);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; ids[i] != NULL; i++)
    {
      MusterBsForce *force = muster_bs_roster_find_force (roster, ids[i]);
      MusterBsSelection *sel = force ? NULL : muster_bs_roster_find_selection (roster, ids[i]);

      if (force != NULL)
        g_ptr_array_add (names, (gpointer) force_name (force));
      else if (sel != NULL)
        g_ptr_array_add (names, (gpointer) selection_name (sel));
      else if (*ids[i] != '\0')
        g_ptr_array_add (names, ids[i]);
    }
  if (names->len == 0)
    g_ptr_array_add (names, (gpointer) muster_bs_roster_get_name (roster));
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" › ", (char **) names->pdata);
}

static int
compare_rules (gconstpointer a,
               gconstpointer b)
{
  const MusterBsListRule *ra = *(MusterBsListRule * const *) a;
  const MusterBsListRule *rb = *(MusterBsListRule * const *) b;

  return g_utf8_collate (ra->name, rb->name);
}

/*
 * Gathers what @roster prints. @fallback_title names a roster without a name (its file's).
 * Returns: (transfer full): the list
 */
MusterBsList *
muster_bs_list_new (MusterBsRoster *roster,
                    const char     *fallback_title)
{
  MusterBsList *self;
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GHashTable) rules = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) type_order = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *costs = muster_bs_roster_get_costs (roster);
  g_autofree char *zero = g_strdup_printf ("0 %s", costs->len ? g_array_index (costs, MusterBsCost,
                                                                               0).name : "");
  const MusterBsNode *system;
  Gather gather;
  guint n_types = 0;

  g_return_val_if_fail (roster != NULL, NULL);

  self = g_new0 (MusterBsList, 1);
  gather = (Gather) { roster, muster_bs_roster_get_data (roster), rules, type_order, zero,
                      self };
  system = muster_bs_data_get_game_system (gather.data);
  for (const MusterBsNode *node = system ? system->first_child : NULL; node; node = node->next)
    if (node->kind == MUSTER_BS_NODE_PROFILE_TYPE && node->id != NULL)
      g_hash_table_insert (type_order, (gpointer) node->id, GUINT_TO_POINTER (++n_types));
  self->title = g_strdup (*muster_bs_roster_get_name (roster) ? muster_bs_roster_get_name (roster)
                                                               : fallback_title);
  /* Translators: a game system's name and the revision of its data */
  self->system = system ? g_strdup_printf (_("%s, revision %d"), system->name ? system->name : "",
                                           (int) system->value)
                        : g_strdup ("");
  self->costs = roster_costs (roster);
  self->notes = not_empty (muster_bs_roster_get_custom_notes (roster));
  self->errors = g_ptr_array_new_with_free_func (g_free);
  self->forces = g_ptr_array_new_with_free_func (force_free);
  self->rules = g_ptr_array_new_with_free_func (rule_free);

  for (guint i = 0; i < muster_bs_roster_get_n_forces (roster); i++)
    gather_force (&gather, muster_bs_roster_get_force (roster, i), 0);
  g_ptr_array_sort (self->rules, compare_rules);

  findings = muster_bs_roster_get_findings (roster);
  for (guint i = 0; i < findings->len; i++)
    {
      const MusterBsFinding *finding = findings->pdata[i];
      g_autofree char *where = NULL;

      if (finding->severity != MUSTER_SEVERITY_ERROR)
        continue;
      where = muster_bs_roster_location (roster, finding->path);
      g_ptr_array_add (self->errors, g_strdup_printf ("%s: %s", where, finding->message));
    }
  self->n_errors = self->errors->len;
  return self;
}

/* A unit from a selection the file records: its contents as lines under it. */
static void
outline_lines (MusterBsListUnit      *unit,
               const MusterBsOutline *sel,
               guint                  depth)
{
  for (guint i = 0; i < sel->children->len && depth < 64; i++)
    {
      const MusterBsOutline *child = sel->children->pdata[i];
      MusterBsListLine *line = g_new0 (MusterBsListLine, 1);

      line->depth = depth;
      line->name = outline_numbered (child);
      line->costs = g_strdup (child->costs);
      g_ptr_array_add (unit->lines, line);
      outline_lines (unit, child, depth + 1);
    }
}

static void
outline_force (MusterBsList          *list,
               const MusterBsOutline *force,
               guint                  depth)
{
  MusterBsListForce *out = g_new0 (MusterBsListForce, 1);
  MusterBsListSection *section = NULL;

  out->depth = depth;
  out->name = g_strdup (force->name);
  out->catalogue = g_strdup (force->detail ? force->detail : "");
  out->costs = g_strdup (force->costs ? force->costs : "");
  out->sections = g_ptr_array_new_with_free_func (section_free);
  g_ptr_array_add (list->forces, out);
  for (guint i = 0; i < force->children->len; i++)
    {
      const MusterBsOutline *sel = force->children->pdata[i];
      MusterBsListUnit *unit;

      if (sel->force)
        continue;
      /* Categories come from the data: the file's selections stand under one heading. */
      if (section == NULL)
        section = section_for (out->sections, _("Uncategorised"));
      unit = g_new0 (MusterBsListUnit, 1);
      unit->name = outline_numbered (sel);
      unit->is_unit = TRUE;
      unit->costs = g_strdup (sel->costs ? sel->costs : "");
      unit->lines = g_ptr_array_new_with_free_func (line_free);
      unit->tables = g_ptr_array_new_with_free_func (table_free);
      unit->rule_refs = g_ptr_array_new ();
      outline_lines (unit, sel, 1);
      g_ptr_array_add (section->units, unit);
    }
  for (guint i = 0; i < force->children->len && depth < 64; i++)
    if (((MusterBsOutline *) force->children->pdata[i])->force)
      outline_force (list, force->children->pdata[i], depth + 1);
}

/*
 * What the file of a roster whose data is missing prints: its forces and selections with
 * their numbers and costs as saved, not judged (validation needs the data).
 * Returns: (transfer full): the list
 */
MusterBsList *
muster_bs_list_new_from_outline (const MusterBsOutline *outline,
                                 const char            *system,
                                 const char            *fallback_title)
{
  MusterBsList *self = g_new0 (MusterBsList, 1);

  self->title = g_strdup (*outline->name ? outline->name : fallback_title);
  self->system = g_strdup (system ? system : "");
  self->costs = g_strdup (outline->costs ? outline->costs : "");
  self->errors = g_ptr_array_new_with_free_func (g_free);
  self->forces = g_ptr_array_new_with_free_func (force_free);
  self->rules = g_ptr_array_new_with_free_func (rule_free);
  self->unjudged = TRUE;
  for (guint i = 0; i < outline->children->len; i++)
    if (((MusterBsOutline *) outline->children->pdata[i])->force)
      outline_force (self, outline->children->pdata[i], 0);
  return self;
}

/* Returns: (transfer full): "Legal" or "2 errors" */
char *
muster_bs_list_validation (const MusterBsList *self)
{
  if (self->unjudged)
    return g_strdup (_("Not checked: the game data is missing"));
  if (self->n_errors == 0)
    return g_strdup (_("Legal"));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u error", "%u errors", self->n_errors),
                          self->n_errors);
}
