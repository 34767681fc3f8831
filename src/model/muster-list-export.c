/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-list-export"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "muster-list-export-private.h"
#include "muster-validate.h"

/*
 * Army lists as plain text (forums and chat), Markdown and one self-contained HTML file.
 * muster_list_new() reads the engine once; the writers below only format. The special rules
 * a list uses are explained once, in a glossary at the end, never per unit.
 */

static void
stat_free (gpointer data)
{
  MusterListStat *stat = data;

  g_free (stat->id);
  g_free (stat->label);
  g_free (stat->value);
  g_free (stat);
}

static void
entry_free (gpointer data)
{
  MusterListEntry *entry = data;

  g_free (entry->name);
  g_free (entry->type);
  g_free (entry->size);
  g_free (entry->size_unit);
  g_free (entry->cost);
  g_free (entry->cost_measure);
  g_free (entry->options);
  g_free (entry->rules);
  g_free (entry->notes);
  g_clear_pointer (&entry->stats, g_ptr_array_unref);
  g_free (entry);
}

static void
force_free (gpointer data)
{
  MusterListForce *force = data;

  g_free (force->name);
  g_free (force->side);
  g_free (force->total);
  g_ptr_array_unref (force->entries);
  g_ptr_array_unref (force->problems);
  g_free (force);
}

static void
rule_free (gpointer data)
{
  MusterListRule *rule = data;

  g_free (rule->name);
  g_free (rule->text);
  g_free (rule);
}

void
muster_list_free (MusterList *self)
{
  if (self == NULL)
    return;
  g_free (self->title);
  g_free (self->system);
  g_free (self->system_id);
  g_free (self->version);
  g_free (self->measure);
  g_ptr_array_unref (self->forces);
  g_ptr_array_unref (self->glossary);
  g_free (self);
}

/**
 * muster_format_size:
 * @size_unit: (nullable): a unit type's size unit
 *
 * Returns: (transfer full): "3 vignettes", "1 soldier"; the bare number without a known unit
 */
char *
muster_format_size (const char *size_unit,
                    guint       size)
{
  const char *word = muster_size_unit_word (size_unit, size);

  /* TRANSLATORS: a unit's size, "3 vignettes" */
  return word ? g_strdup_printf (_("%u %s"), size, word) : g_strdup_printf ("%u", size);
}

static char *
format_number (double value)
{
  if (value == floor (value))
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.1f", value);
}

static const char *
unit_suffix (const char *unit)
{
  static const char *const suffixes[][2] = {
    { "inch", "\"" }, { "cm", " cm" }, { "yard", " yd" }, { "degree", "°" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_strcmp0 (unit, suffixes[i][0]) == 0)
      return suffixes[i][1];
  return "";
}

static GPtrArray *
collect_stats (const MusterRuleset *ruleset,
               MusterForce         *force,
               MusterUnit          *unit)
{
  g_autoptr(MusterStats) stats = muster_system_derived_stats (ruleset, force, unit);
  const GPtrArray *defs = muster_ruleset_list (ruleset, MUSTER_ITEM_STAT);
  GPtrArray *out = g_ptr_array_new_with_free_func (stat_free);

  for (guint i = 0; stats != NULL && defs != NULL && i < defs->len; i++)
    {
      const MusterStat *def = defs->pdata[i];
      const char *text = muster_stats_get_text (stats, def->item.id);
      MusterListStat *stat;
      double number;
      char *value;

      if (muster_stats_get_number (stats, def->item.id, &number))
        {
          if (def->type == MUSTER_STAT_FLAG)
            {
              if (number == 0)
                continue;
              value = g_strdup (_("yes"));
            }
          else if (def->type == MUSTER_STAT_DIE)
            value = g_strdup_printf ("D%.0f", number);
          else
            {
              g_autofree char *digits = format_number (number);

              value = g_strconcat (digits, unit_suffix (def->unit), NULL);
            }
        }
      else if (text != NULL)
        value = g_strdup (text);
      else
        continue;

      stat = g_new0 (MusterListStat, 1);
      stat->id = g_strdup (def->item.id);
      stat->label = g_strdup (def->abbreviation ? def->abbreviation : def->item.name);
      stat->value = value;
      stat->has_number = muster_stats_get_number (stats, def->item.id, &stat->number);
      g_ptr_array_add (out, stat);
    }
  return out;
}

/* Remembers @rule_ids in @seen (id → MusterSpecialRule) and appends their names to @names. */
static void
add_rules (const MusterRuleset *ruleset,
           char               **rule_ids,
           GHashTable          *seen,
           GPtrArray           *names)
{
  for (guint i = 0; rule_ids != NULL && rule_ids[i] != NULL; i++)
    {
      const MusterSpecialRule *rule = muster_ruleset_lookup (ruleset, MUSTER_ITEM_SPECIAL_RULE,
                                                             rule_ids[i]);
      const char *name = rule ? rule->item.name : rule_ids[i];

      if (rule != NULL)
        g_hash_table_replace (seen, rule->item.id, (gpointer) rule);
      if (!g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
        g_ptr_array_add (names, (char *) name);
    }
}

static char *
join_names (GPtrArray *names)
{
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

static MusterListEntry *
unit_entry (const MusterRuleset *ruleset,
            MusterForce         *force,
            MusterUnit          *unit,
            guint                depth,
            GHashTable          *seen)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));
  const MusterCost *cost = muster_unit_get_cost (unit);
  MusterListEntry *entry = g_new0 (MusterListEntry, 1);
  g_autoptr(GPtrArray) options = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) rules = g_ptr_array_new ();

  entry->depth = depth;
  entry->type = g_strdup (type ? type->item.name : muster_unit_get_type_id (unit));
  entry->name = g_strdup (muster_unit_get_name (unit) ? muster_unit_get_name (unit)
                                                      : entry->type);
  entry->size_count = muster_unit_get_size (unit);
  entry->size = muster_format_size (type ? type->size_unit : NULL, entry->size_count);
  entry->size_unit = g_strdup (type ? type->size_unit : NULL);
  entry->cost = cost->error ? g_strdup ("?") : g_strdup_printf ("%" G_GINT64_FORMAT, cost->value);
  entry->cost_measure = g_strdup (muster_costing_get_unit (muster_ruleset_get_costing (ruleset),
                                                           cost->error ? 0 : cost->value));
  entry->house = cost->house;
  entry->notes = g_strdup (muster_unit_get_notes (unit));
  if (type != NULL)
    add_rules (ruleset, type->rules, seen, rules);

  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      guint count = 0;
      const char *id = muster_unit_get_pick (unit, i, &count);
      const MusterOption *option = muster_ruleset_get_option (ruleset, id);
      const MusterOptionGroup *group = option ? muster_ruleset_lookup (ruleset,
                                                                      MUSTER_ITEM_OPTION_GROUP,
                                                                      option->group) : NULL;
      const char *name = option ? option->item.name : id;
      g_autofree char *label = NULL;

      if (count == 0)
        continue;
      /* "4" says nothing on its own: short names go with their group ("Rating 4"). */
      label = group && g_utf8_strlen (name, -1) <= 3 ? g_strdup_printf ("%s %s", group->item.name,
                                                                         name)
                                                     : g_strdup (name);
      g_ptr_array_add (options, count > 1 ? g_strdup_printf ("%u× %s", count, label)
                                          : g_steal_pointer (&label));
      if (option != NULL)
        add_rules (ruleset, option->rules, seen, rules);
    }
  entry->options = join_names (options);
  entry->rules = join_names (rules);
  entry->stats = collect_stats (ruleset, force, unit);
  return entry;
}

static void
collect_entries (const MusterRuleset *ruleset,
                 MusterForce         *force,
                 MusterNode          *node,
                 guint                depth,
                 GPtrArray           *entries,
                 GHashTable          *seen)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    g_ptr_array_add (entries, unit_entry (ruleset, force, muster_node_get_unit (node, i), depth,
                                          seen));

  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      MusterNode *child = muster_node_get_node (node, i);
      const MusterLevel *level = muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL,
                                                        muster_node_get_level (child));
      MusterListEntry *entry = g_new0 (MusterListEntry, 1);

      entry->depth = depth;
      entry->is_node = TRUE;
      entry->type = g_strdup (level ? level->item.name : muster_node_get_level (child));
      entry->name = g_strdup (muster_node_get_name (child) ? muster_node_get_name (child)
                                                           : entry->type);
      entry->cost = g_strdup_printf ("%" G_GINT64_FORMAT, muster_node_get_total (child));
      entry->cost_measure = g_strdup (muster_costing_get_unit (muster_ruleset_get_costing (ruleset),
                                                               muster_node_get_total (child)));
      entry->house = muster_node_is_house (child);
      entry->stats = g_ptr_array_new_with_free_func (stat_free);
      g_ptr_array_add (entries, entry);
      collect_entries (ruleset, force, child, depth + 1, entries, seen);
    }
}

static gboolean
force_has_limit (const MusterRuleset *ruleset,
                 const MusterForce   *force)
{
  return muster_ruleset_get_costing (ruleset)->limit && muster_force_get_points_limit (force) > 0;
}

/*
 * The validation line's findings for @force: every error of the legality engine, as
 * "where: message". Warnings do not make a list illegal and are left out of the line.
 * Returns: (transfer full) (element-type utf8): one message per error; empty when legal
 */
GPtrArray *
muster_list_check_force (const MusterRuleset *ruleset,
                         MusterForce         *force)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) issues = muster_validate_doc (muster_force_get_doc (force));

  for (guint i = 0; i < issues->len; i++)
    {
      const MusterIssue *issue = issues->pdata[i];

      if (issue->severity != MUSTER_SEVERITY_ERROR ||
          g_strcmp0 (issue->force, muster_force_get_id (force)) != 0)
        continue;
      if (issue->location != NULL && *issue->location != '\0')
        g_ptr_array_add (problems, g_strdup_printf ("%s: %s", issue->location, issue->message));
      else
        g_ptr_array_add (problems, g_strdup (issue->message));
    }
  return problems;
}

static MusterListForce *
force_new (const MusterRuleset *ruleset,
           MusterForce         *force,
           GHashTable          *seen)
{
  const MusterCosting *costing = muster_ruleset_get_costing (ruleset);
  MusterListForce *out = g_new0 (MusterListForce, 1);

  out->name = g_strdup (muster_force_get_name (force) ? muster_force_get_name (force)
                                                      : muster_force_get_id (force));
  out->side = g_strdup (muster_force_get_side (force));
  if (force_has_limit (ruleset, force))
    /* TRANSLATORS: "998 of 1000 pts" */
    out->total = g_strdup_printf (_("%" PRId64 " of %" PRId64 " %s"),
                                  muster_force_get_total (force),
                                  muster_force_get_points_limit (force),
                                  muster_costing_get_unit (costing,
                                                           muster_force_get_points_limit (force)));
  else
    out->total = g_strdup_printf ("%" G_GINT64_FORMAT " %s", muster_force_get_total (force),
                                  muster_costing_get_unit (costing, muster_force_get_total (force)));
  out->house = muster_force_is_house (force);
  out->entries = g_ptr_array_new_with_free_func (entry_free);
  collect_entries (ruleset, force, muster_force_get_root (force), 0, out->entries, seen);
  out->problems = muster_list_check_force (ruleset, force);
  return out;
}

static int
compare_rules (gconstpointer a,
               gconstpointer b)
{
  const MusterListRule *ra = *(MusterListRule * const *) a;
  const MusterListRule *rb = *(MusterListRule * const *) b;

  return g_utf8_collate (ra->name, rb->name);
}

/*
 * @ruleset must be the resolved ruleset the document is costed with (muster_doc_set_ruleset()
 * is called here). @fallback_title names a document without a title (its file name).
 */
MusterList *
muster_list_new (MusterDoc     *doc,
                 MusterRuleset *ruleset,
                 const char    *fallback_title)
{
  MusterList *self = g_new0 (MusterList, 1);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (doc != NULL, NULL);
  g_return_val_if_fail (ruleset != NULL, NULL);

  muster_doc_set_ruleset (doc, ruleset);
  self->title = g_strdup (*muster_doc_get_title (doc) ? muster_doc_get_title (doc)
                                                       : fallback_title);
  self->system = g_strdup (muster_ruleset_get_name (ruleset));
  self->system_id = g_strdup (muster_ruleset_get_system_id (ruleset));
  self->version = g_strdup (muster_ruleset_get_version (ruleset));
  self->house_ruleset = muster_ruleset_is_house (ruleset);
  self->measure = g_strdup (muster_ruleset_get_costing (ruleset)->abbreviation);
  self->forces = g_ptr_array_new_with_free_func (force_free);
  self->glossary = g_ptr_array_new_with_free_func (rule_free);

  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      MusterListForce *force = force_new (ruleset, muster_doc_get_force (doc, i), seen);

      self->any_house |= force->house;
      for (guint j = 0; j < force->entries->len; j++)
        self->any_house |= ((MusterListEntry *) force->entries->pdata[j])->house;
      g_ptr_array_add (self->forces, force);
    }

  g_hash_table_iter_init (&iter, seen);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const MusterSpecialRule *rule = value;
      MusterListRule *out = g_new0 (MusterListRule, 1);

      out->name = g_strdup (rule->item.name);
      out->text = g_strdup (rule->description ? rule->description
                                              : rule->item.note ? rule->item.note : "");
      g_strstrip (out->text);
      out->house = rule->item.house;
      g_ptr_array_add (self->glossary, out);
    }
  g_ptr_array_sort (self->glossary, compare_rules);
  return self;
}

/* "Legal", or the problems of every force, "; "-separated and prefixed with the force. */
char *
muster_list_validation (const MusterList *self)
{
  GString *str = g_string_new (NULL);

  for (guint i = 0; i < self->forces->len; i++)
    {
      const MusterListForce *force = self->forces->pdata[i];

      for (guint j = 0; j < force->problems->len; j++)
        g_string_append_printf (str, "%s%s: %s", str->len ? "; " : "",
                                self->forces->len > 1 ? force->name : _("Not legal"),
                                (const char *) force->problems->pdata[j]);
    }
  if (str->len == 0)
    g_string_append (str, _("Legal"));
  return g_string_free (str, FALSE);
}

/* "IP 30 · TM 10 cm": a unit's statistics on one line; NULL without any. */
char *
muster_list_stat_line (const MusterListEntry *entry)
{
  GString *str;

  if (entry->stats == NULL || entry->stats->len == 0)
    return NULL;
  str = g_string_new (NULL);
  for (guint i = 0; i < entry->stats->len; i++)
    {
      const MusterListStat *stat = entry->stats->pdata[i];

      g_string_append_printf (str, "%s%s %s", i ? " · " : "", stat->label, stat->value);
    }
  return g_string_free (str, FALSE);
}

/* Writers */

#define HOUSE_NOTE N_("rests on a house value, not a number from the book")

/* Characters Markdown would read as markup, including inline HTML. */
char *
_muster_list_escape_markdown (const char *text)
{
  GString *str = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if (strchr ("\\`*_[]<>#|", *p) != NULL)
        g_string_append_c (str, '\\');
      g_string_append_c (str, *p);
    }
  return g_string_free (str, FALSE);
}

char *
_muster_list_escape_html (const char *text)
{
  return g_markup_escape_text (text, -1);
}

/* Appends @format with each string argument escaped by @escape. */
void
_muster_list_append_escaped (GString          *str,
                             MusterEscapeFunc  escape,
                             const char       *format,
                             ...)
{
  va_list ap;
  const char *p;

  va_start (ap, format);
  for (p = format; *p; p++)
    {
      if (p[0] == '%' && p[1] == 's')
        {
          const char *arg = va_arg (ap, const char *);
          g_autofree char *escaped = escape (arg ? arg : "");

          g_string_append (str, escaped);
          p++;
        }
      else
        g_string_append_c (str, *p);
    }
  va_end (ap);
}

/* The writers below call it at every line. */
#define append_escaped _muster_list_append_escaped

static void
write_text (gconstpointer  data,
            GString       *str)
{
  const MusterList *list = data;
  g_autofree char *validation = muster_list_validation (list);

  g_string_append_printf (str, "%s\n%s %s%s\n%s %s\n", list->title, list->system,
                          list->version, list->house_ruleset ? _(" (house rules)") : "",
                          _("Validation:"), validation);
  for (guint i = 0; i < list->forces->len; i++)
    {
      const MusterListForce *force = list->forces->pdata[i];

      g_string_append_printf (str, "\n%s%s%s — %s%s\n", force->name, force->side ? " — " : "",
                              force->side ? force->side : "", force->total,
                              force->house ? " *" : "");
      for (guint j = 0; j < force->entries->len; j++)
        {
          const MusterListEntry *entry = force->entries->pdata[j];
          guint indent = 2 + entry->depth * 2;
          g_autofree char *stats = muster_list_stat_line (entry);
          const char *labels[] = { _("Options:"), _("Stats:"), _("Rules:"), _("Notes:") };
          const char *values[] = { entry->options, stats, entry->rules, entry->notes };

          if (entry->is_node)
            {
              g_string_append_printf (str, "%*s%s (%s) — %s %s%s\n", indent, "", entry->name,
                                      entry->type, entry->cost, entry->cost_measure,
                                      entry->house ? " *" : "");
              continue;
            }
          g_string_append_printf (str, "%*s%s — %s, %s — %s %s%s\n", indent, "", entry->name,
                                  entry->type, entry->size, entry->cost, entry->cost_measure,
                                  entry->house ? " *" : "");
          for (guint k = 0; k < G_N_ELEMENTS (labels); k++)
            if (values[k] != NULL)
              g_string_append_printf (str, "%*s%s %s\n", indent + 2, "", labels[k], values[k]);
        }
    }
  if (list->glossary->len > 0)
    g_string_append_printf (str, "\n%s\n", _("Special rules"));
  for (guint i = 0; i < list->glossary->len; i++)
    {
      const MusterListRule *rule = list->glossary->pdata[i];

      g_string_append_printf (str, "  %s%s: %s\n", rule->name, rule->house ? " *" : "",
                              rule->text);
    }
  if (list->any_house)
    g_string_append_printf (str, "\n* %s\n", _(HOUSE_NOTE));
}

static void
write_markdown (gconstpointer  data,
                GString       *str)
{
  const MusterList *list = data;
  g_autofree char *validation = muster_list_validation (list);
  MusterEscapeFunc e = _muster_list_escape_markdown;

  append_escaped (str, e, "# %s\n\n", list->title);
  append_escaped (str, e, "%s %s", list->system, list->version);
  if (list->house_ruleset)
    g_string_append (str, _(" (house rules)"));
  append_escaped (str, e, "  \n**%s** %s\n", _("Validation:"), validation);
  for (guint i = 0; i < list->forces->len; i++)
    {
      const MusterListForce *force = list->forces->pdata[i];

      append_escaped (str, e, "\n## %s", force->name);
      if (force->side)
        append_escaped (str, e, " — %s", force->side);
      append_escaped (str, e, "\n\n**%s**%s\n\n", force->total, force->house ? " *" : "");
      for (guint j = 0; j < force->entries->len; j++)
        {
          const MusterListEntry *entry = force->entries->pdata[j];
          g_autofree char *stats = muster_list_stat_line (entry);
          const char *labels[] = { _("Options:"), _("Stats:"), _("Rules:"), _("Notes:") };
          const char *values[] = { entry->options, stats, entry->rules, entry->notes };

          g_string_append_printf (str, "%*s- ", entry->depth * 2, "");
          if (entry->is_node)
            {
              append_escaped (str, e, "**%s** (%s) — %s %s%s\n", entry->name, entry->type,
                              entry->cost, entry->cost_measure, entry->house ? " *" : "");
              continue;
            }
          append_escaped (str, e, "**%s** — %s, %s — **%s %s**%s", entry->name, entry->type,
                          entry->size, entry->cost, entry->cost_measure, entry->house ? " *" : "");
          for (guint k = 0; k < G_N_ELEMENTS (labels); k++)
            if (values[k] != NULL)
              {
                g_string_append_printf (str, "  \n%*s", entry->depth * 2 + 2, "");
                append_escaped (str, e, "*%s* %s", labels[k], values[k]);
              }
          g_string_append_c (str, '\n');
        }
    }
  if (list->glossary->len > 0)
    append_escaped (str, e, "\n## %s\n\n", _("Special rules"));
  for (guint i = 0; i < list->glossary->len; i++)
    {
      const MusterListRule *rule = list->glossary->pdata[i];

      append_escaped (str, e, "- **%s**%s: %s\n", rule->name, rule->house ? " *" : "",
                      rule->text);
    }
  if (list->any_house)
    append_escaped (str, e, "\n\\* %s\n", _(HOUSE_NOTE));
}

const char _muster_list_html_style[] =
  "body{font:11pt/1.35 'Cantarell','Noto Sans',sans-serif;color:#1c1c1c;max-width:60em;"
  "margin:2em auto;padding:0 1em}"
  "h1{font-size:20pt;margin:0}"
  ".system{color:#555;margin:.2em 0}"
  ".validation{font-weight:bold;margin:.4em 0 1.2em}"
  ".legal{color:#26734d}.illegal{color:#a51d2d}"
  "h2{font-size:14pt;border-bottom:2px solid #1c1c1c;margin:1.6em 0 .4em;padding-bottom:.2em}"
  "h2 .total{float:right}"
  "table{border-collapse:collapse;width:100%}"
  "th{text-align:left;font-size:9pt;text-transform:uppercase;color:#555;"
  "border-bottom:1px solid #999}"
  "td{vertical-align:top;padding:.35em .5em .35em 0;border-bottom:1px solid #ddd}"
  "tr{page-break-inside:avoid;break-inside:avoid}"
  "tr.node td{font-weight:bold;background:#f0f0f0;padding-left:.4em}"
  ".cost{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}"
  ".detail{font-size:9.5pt;color:#444}"
  ".detail em{font-style:normal;color:#777}"
  "dt{font-weight:bold;margin-top:.5em}dd{margin:0 0 0 1.5em}"
  ".footnote{margin-top:2em;font-size:9pt;color:#555}"
  "@media print{body{margin:0;max-width:none}h2{break-after:avoid}}";

static void
write_html (gconstpointer  data,
            GString       *str)
{
  const MusterList *list = data;
  g_autofree char *validation = muster_list_validation (list);
  gboolean legal = TRUE;
  MusterEscapeFunc e = _muster_list_escape_html;

  for (guint i = 0; i < list->forces->len; i++)
    legal &= ((MusterListForce *) list->forces->pdata[i])->problems->len == 0;

  append_escaped (str, e, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
                  "<title>%s</title>\n", list->title);
  g_string_append_printf (str, "<style>%s</style>\n</head>\n<body>\n", _muster_list_html_style);
  append_escaped (str, e, "<div class=\"head\">\n<h1>%s</h1>\n<p class=\"system\">%s %s%s</p>\n",
                  list->title, list->system, list->version,
                  list->house_ruleset ? _(" (house rules)") : "");
  append_escaped (str, e, "<p class=\"validation %s\">%s %s</p>\n</div>\n",
                  legal ? "legal" : "illegal", _("Validation:"), validation);
  for (guint i = 0; i < list->forces->len; i++)
    {
      const MusterListForce *force = list->forces->pdata[i];

      append_escaped (str, e, "<div class=\"force\">\n<h2>%s", force->name);
      if (force->side)
        append_escaped (str, e, " — %s", force->side);
      append_escaped (str, e, " <span class=\"total\">%s%s</span></h2>\n", force->total,
                      force->house ? " *" : "");
      append_escaped (str, e, "<table>\n<thead><tr><th>%s</th><th>%s</th><th>%s</th>"
                      "<th class=\"cost\">%s</th></tr></thead>\n<tbody>\n",
                      _("Unit"), _("Size"), _("Statistics"), list->measure);
      for (guint j = 0; j < force->entries->len; j++)
        {
          const MusterListEntry *entry = force->entries->pdata[j];
          g_autofree char *stats = muster_list_stat_line (entry);
          const char *labels[] = { _("Options:"), _("Rules:"), _("Notes:") };
          const char *values[] = { entry->options, entry->rules, entry->notes };
          double pad = entry->depth * 1.2;

          if (entry->is_node)
            {
              g_string_append_printf (str, "<tr class=\"node\"><td colspan=\"3\" "
                                      "style=\"padding-left:%.1fem\">", pad + 0.4);
              append_escaped (str, e, "%s <span class=\"detail\">(%s)</span></td>"
                              "<td class=\"cost\">%s%s</td></tr>\n", entry->name, entry->type,
                              entry->cost, entry->house ? " *" : "");
              continue;
            }
          g_string_append_printf (str, "<tr class=\"unit\"><td style=\"padding-left:%.1fem\">",
                                  pad);
          append_escaped (str, e, "<strong>%s</strong> <span class=\"detail\">%s</span>",
                          entry->name, entry->type);
          for (guint k = 0; k < G_N_ELEMENTS (labels); k++)
            if (values[k] != NULL)
              append_escaped (str, e, "<div class=\"detail\"><em>%s</em> %s</div>", labels[k],
                              values[k]);
          append_escaped (str, e, "</td><td>%s</td><td class=\"detail\">%s</td>"
                          "<td class=\"cost\">%s%s</td></tr>\n", entry->size, stats,
                          entry->cost, entry->house ? " *" : "");
        }
      g_string_append (str, "</tbody>\n</table>\n</div>\n");
    }
  if (list->glossary->len > 0)
    append_escaped (str, e, "<div class=\"glossary\">\n<h2>%s</h2>\n<dl>\n",
                    _("Special rules"));
  for (guint i = 0; i < list->glossary->len; i++)
    {
      const MusterListRule *rule = list->glossary->pdata[i];

      append_escaped (str, e, "<dt>%s%s</dt><dd>%s</dd>\n", rule->name,
                      rule->house ? " *" : "", rule->text);
    }
  if (list->glossary->len > 0)
    g_string_append (str, "</dl>\n</div>\n");
  if (list->any_house)
    append_escaped (str, e, "<p class=\"footnote\">* %s</p>\n", _(HOUSE_NOTE));
  g_string_append (str, "</body>\n</html>\n");
}

/* Returns: (transfer full): @self in @format, UTF-8, ending with a newline */
char *
muster_list_to_string (const MusterList *self,
                       MusterListFormat  format)
{
  g_return_val_if_fail (self != NULL, NULL);

  return _muster_list_write (self, format, write_text, write_markdown, write_html);
}

/* Returns: (transfer full): what the writer of @format writes of @list */
char *
_muster_list_write (gconstpointer     list,
                    MusterListFormat  format,
                    MusterListWriter  text,
                    MusterListWriter  markdown,
                    MusterListWriter  html)
{
  GString *str = g_string_new (NULL);

  switch (format)
    {
    case MUSTER_LIST_FORMAT_MARKDOWN:
      markdown (list, str);
      break;
    case MUSTER_LIST_FORMAT_HTML:
      html (list, str);
      break;
    case MUSTER_LIST_FORMAT_TEXT:
    default:
      text (list, str);
      break;
    }
  return g_string_free (str, FALSE);
}
