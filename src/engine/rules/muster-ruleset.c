/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "muster-engine-error.h"
#include "muster-file.h"
#include "muster-ruleset-private.h"
#include "muster-xml.h"

static void
muster_ruleset_free (MusterRuleset *self)
{
  g_free (self->id);
  g_free (self->name);
  g_free (self->version);
  g_free (self->book);
  g_free (self->summary);
  g_free (self->extends);
  g_free (self->system_id);
  g_free (self->path);
  g_free (self->costing.id);
  g_free (self->costing.name);
  g_free (self->costing.abbreviation);
  g_free (self->costing.abbreviation_one);
  g_hash_table_unref (self->options);
  for (guint k = 0; k < MUSTER_N_ITEM_KINDS; k++)
    {
      g_hash_table_unref (self->lists[k].by_id);
      g_ptr_array_unref (self->lists[k].items);
    }
  g_ptr_array_unref (self->owned_groups);
  g_ptr_array_unref (self->owned_tables);
  g_ptr_array_unref (self->parents);
  /* Last: the items kept the file name for their messages. */
  g_free (self->display_name);
  g_free (self);
}

static gboolean
is_valid_id (const char *id)
{
  if (id == NULL || *id == '\0' || !g_ascii_islower (*id))
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

static gboolean
parse_header (MusterRuleset *self,
              xmlNode       *root,
              const char    *display_name,
              GError       **error)
{
  g_autofree char *house = NULL;
  gint64 format = 0;
  xmlNode *node;

  if (!muster_xml_is_element (root, "ruleset"))
    {
      return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, display_name, root,
                              "the root element is <%s>, expected <ruleset>",
                              (const char *) root->name);
    }

  if (!muster_xml_get_int (root, "format", 1, G_MAXINT, &format, display_name, error))
    return FALSE;
  if (format == 0)
    {
      return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, display_name, root,
                              "<ruleset> has no format attribute");
    }
  if (format > MUSTER_RULESET_FORMAT)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNSUPPORTED_VERSION,
                   _("%s:%ld: ruleset format %lld is newer than this Muster reads (%d); "
                     "update Muster"), display_name, xmlGetLineNo (root), (long long) format,
                   MUSTER_RULESET_FORMAT);
      return FALSE;
    }

  self->id = muster_xml_get_prop (root, "id");
  if (!is_valid_id (self->id))
    {
      return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, display_name, root,
                              "ruleset id \"%s\" must be lower-case letters, digits and dashes",
                              self->id ? self->id : "");
    }

  self->version = muster_xml_get_prop (root, "version");
  if (self->version == NULL || *self->version == '\0')
    {
      return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, display_name, root,
                              "ruleset \"%s\" has no version", self->id);
    }

  self->extends = muster_xml_get_prop (root, "extends");
  if (self->extends != NULL && !is_valid_id (self->extends))
    {
      return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, display_name, root,
                              "extends=\"%s\" is not a ruleset id", self->extends);
    }
  house = muster_xml_get_prop (root, "house");
  self->house = g_strcmp0 (house, "true") == 0 || self->extends != NULL;
  self->system_id = g_strdup (self->extends ? self->extends : self->id);

  if ((node = muster_xml_first_child (root, "name")) == NULL)
    {
      return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, display_name, root,
                              "ruleset \"%s\" has no <name>", self->id);
    }
  self->name = muster_xml_get_text (node);

  if ((node = muster_xml_first_child (root, "book")) != NULL)
    self->book = muster_xml_get_text (node);
  if ((node = muster_xml_first_child (root, "summary")) != NULL)
    self->summary = muster_xml_get_prose (node);
  else
    self->summary = g_strdup ("");

  return TRUE;
}

/**
 * muster_ruleset_new_from_bytes:
 * @bytes: the ruleset XML
 * @display_name: the name used in error messages (usually the file path)
 * @error: return location for a #GError
 *
 * Reads a ruleset. A ruleset that extends another is read but not resolved: its references
 * to the base are checked by muster_ruleset_merge() (see muster_catalog_resolve()).
 *
 * Returns: (transfer full) (nullable): the ruleset, or %NULL with @error set
 */
MusterRuleset *
muster_ruleset_new_from_bytes (GBytes      *bytes,
                               const char  *display_name,
                               GError     **error)
{
  g_autoptr(MusterRuleset) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root;
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  data = g_bytes_get_data (bytes, &length);
  if (!(doc = muster_xml_parse (data, length, display_name, error)))
    return NULL;

  self = _muster_ruleset_alloc (TRUE);
  self->display_name = g_strdup (display_name);
  root = xmlDocGetRootElement (doc);

  if (!parse_header (self, root, display_name, error) ||
      !_muster_ruleset_parse (self, root, error))
    return NULL;

  if (self->extends == NULL)
    {
      if (self->book == NULL)
        self->book = g_strdup ("");
      if (!_muster_ruleset_link (self, error))
        return NULL;
      self->resolved = TRUE;
    }

  return g_steal_pointer (&self);
}

MusterRuleset *
muster_ruleset_new_from_file (const char  *path,
                              GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  MusterRuleset *self;

  g_return_val_if_fail (path != NULL, NULL);

  /* A FIFO or a huge file among the rulesets is refused, not waited on or read. */
  if (!(bytes = muster_file_read (path, error)))
    return NULL;
  if ((self = muster_ruleset_new_from_bytes (bytes, path, error)))
    self->path = g_strdup (path);
  return self;
}

MusterRuleset *
muster_ruleset_ref (MusterRuleset *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
muster_ruleset_unref (MusterRuleset *self)
{
  g_return_if_fail (self != NULL);
  if (g_atomic_ref_count_dec (&self->ref_count))
    muster_ruleset_free (self);
}

const char *
muster_ruleset_get_id (const MusterRuleset *self)
{
  return self->id;
}

const char *
muster_ruleset_get_name (const MusterRuleset *self)
{
  return self->name;
}

const char *
muster_ruleset_get_version (const MusterRuleset *self)
{
  return self->version;
}

const char *
muster_ruleset_get_book (const MusterRuleset *self)
{
  return self->book ? self->book : "";
}

const char *
muster_ruleset_get_summary (const MusterRuleset *self)
{
  return self->summary;
}

/* Returns: (nullable): the id of the ruleset this one overrides, for house rules */
const char *
muster_ruleset_get_extends (const MusterRuleset *self)
{
  return self->extends;
}

/* The id of the book ruleset at the bottom of the extends chain: it picks the system module. */
const char *
muster_ruleset_get_system_id (const MusterRuleset *self)
{
  return self->system_id;
}

gboolean
muster_ruleset_is_house (const MusterRuleset *self)
{
  return self->house;
}

/* Whether references are checked: FALSE for a house ruleset not yet merged onto its base. */
gboolean
muster_ruleset_is_resolved (const MusterRuleset *self)
{
  return self->resolved;
}

/* Returns: (nullable): where the ruleset was read from */
const char *
muster_ruleset_get_path (const MusterRuleset *self)
{
  return self->path;
}

const MusterCosting *
muster_ruleset_get_costing (const MusterRuleset *self)
{
  return &self->costing;
}

/**
 * muster_costing_get_unit:
 * @value: the number the abbreviation follows
 *
 * In the catalogue's language: the rulesets' abbreviations are in it (data/its/), a house
 * ruleset's own stays as written.
 *
 * Returns: the abbreviation to write after @value: "1 man" but "2 men", "0 men"
 */
const char *
muster_costing_get_unit (const MusterCosting *costing,
                         gint64               value)
{
  const char *unit = (value == 1 || value == -1) && costing->abbreviation_one != NULL
    ? costing->abbreviation_one : costing->abbreviation;

  return unit != NULL && *unit != '\0' ? g_dgettext (GETTEXT_PACKAGE, unit) : unit;
}

/**
 * muster_ruleset_lookup:
 * @self: a ruleset
 * @kind: the kind of item
 * @id: the item's id
 *
 * Returns: (transfer none) (nullable): the item (a MusterUnitType, MusterTable… per @kind)
 */
gconstpointer
muster_ruleset_lookup (const MusterRuleset *self,
                       MusterItemKind       kind,
                       const char          *id)
{
  g_return_val_if_fail (kind < MUSTER_N_ITEM_KINDS, NULL);
  if (id == NULL)
    return NULL;
  return g_hash_table_lookup (self->lists[kind].by_id, id);
}

/* Returns: (transfer none): the items of @kind in file order (base items first) */
const GPtrArray *
muster_ruleset_list (const MusterRuleset *self,
                     MusterItemKind       kind)
{
  g_return_val_if_fail (kind < MUSTER_N_ITEM_KINDS, NULL);
  return self->lists[kind].items;
}

/* Returns: (transfer none) (nullable): the option with @id, whatever its group */
const MusterOption *
muster_ruleset_get_option (const MusterRuleset *self,
                           const char          *id)
{
  return id ? g_hash_table_lookup (self->options, id) : NULL;
}

/* Returns: (transfer none) (nullable): the organisation level a force is */
const MusterLevel *
muster_ruleset_get_root_level (const MusterRuleset *self)
{
  const GPtrArray *levels = self->lists[MUSTER_ITEM_LEVEL].items;

  for (guint i = 0; i < levels->len; i++)
    if (((const MusterLevel *) levels->pdata[i])->root)
      return levels->pdata[i];
  return NULL;
}

/**
 * muster_ruleset_variant_value:
 * @self: a ruleset
 * @variant_id: a variant's id
 * @settings: (nullable) (element-type utf8 utf8): a force's choices, variant id -> value
 *
 * Returns: (nullable): the value in force: the force's choice, else the variant's default;
 *   %NULL for an unknown variant
 */
const char *
muster_ruleset_variant_value (const MusterRuleset *self,
                              const char          *variant_id,
                              GHashTable          *settings)
{
  const MusterVariant *variant = muster_ruleset_lookup (self, MUSTER_ITEM_VARIANT, variant_id);
  const char *value;

  if (variant == NULL)
    return NULL;
  if (settings != NULL && (value = g_hash_table_lookup (settings, variant_id)) != NULL)
    return value;
  return variant->default_value;
}

/**
 * muster_size_unit_word:
 * @size_unit: (nullable): a unit type's size unit ("figure", "stand"…)
 * @n: how many
 *
 * Here, not in the model: the validator's findings name the unit too ("has 3 stands").
 *
 * Returns: (nullable): the size unit's translated name, singular or plural as @n needs
 *   ("vignette", "vignettes"); %NULL for an unknown or missing size unit
 */
const char *
muster_size_unit_word (const char *size_unit,
                       guint       n)
{
  static const struct {
    const char *id;
    const char *one;
    const char *many;
  } names[] = {
    { "figure", N_("figure"), N_("figures") },
    { "stand", N_("stand"), N_("stands") },
    { "vignette", N_("vignette"), N_("vignettes") },
    { "soldier", N_("soldier"), N_("soldiers") },
    { "bmu", N_("BMU"), N_("BMUs") },
    { "model", N_("model"), N_("models") },
  };

  for (guint i = 0; size_unit != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].id, size_unit))
      return g_dngettext (GETTEXT_PACKAGE, names[i].one, names[i].many, n);
  return NULL;
}

/* Returns: (transfer none) (nullable): how @type allows option group @group_id */
const MusterAllow *
muster_unit_type_get_allow (const MusterUnitType *type,
                            const char           *group_id)
{
  for (guint i = 0; i < type->allows->len; i++)
    {
      const MusterAllow *allow = type->allows->pdata[i];

      if (g_str_equal (allow->group, group_id))
        return allow;
    }
  return NULL;
}

/* Returns: (nullable): the option a unit of @type has from @group_id when it picks none */
const char *
muster_unit_type_get_default (const MusterRuleset  *ruleset,
                              const MusterUnitType *type,
                              const char           *group_id)
{
  const MusterAllow *allow = muster_unit_type_get_allow (type, group_id);
  const MusterOptionGroup *group;

  if (allow == NULL)
    return NULL;
  if (allow->default_option != NULL)
    return allow->default_option;
  group = muster_ruleset_get_option_group (ruleset, group_id);
  if (group == NULL || group->default_option == NULL)
    return NULL;
  /* The group's default only counts where the type allows it. */
  if (allow->only != NULL && !g_strv_contains ((const char * const *) allow->only,
                                               group->default_option))
    return NULL;
  return group->default_option;
}

gboolean
muster_unit_type_allows_option (const MusterUnitType *type,
                                const MusterOption   *option)
{
  const MusterAllow *allow = muster_unit_type_get_allow (type, option->group);

  return allow != NULL &&
         (allow->only == NULL ||
          g_strv_contains ((const char * const *) allow->only, option->item.id));
}

static gboolean
strv_has_any (char       **list,
              const char  *value)
{
  return list == NULL || g_strv_contains ((const char * const *) list, value);
}

/* Whether a match that only looks at the unit type (not at options) surely matches @type. */
static gboolean
match_selects_type (const MusterMatch    *match,
                    const MusterUnitType *type)
{
  if (match->option != NULL || match->not_option != NULL || match->level != NULL)
    return FALSE;
  if (!strv_has_any (match->type, type->item.id) ||
      !strv_has_any (match->category, type->category))
    return FALSE;
  if (match->tag != NULL)
    {
      gboolean any = FALSE;

      for (guint i = 0; type->tags && type->tags[i]; i++)
        any |= g_strv_contains ((const char * const *) match->tag, type->tags[i]);
      if (!any)
        return FALSE;
    }
  if ((match->not_type && g_strv_contains ((const char * const *) match->not_type,
                                           type->item.id)) ||
      (match->not_category && g_strv_contains ((const char * const *) match->not_category,
                                               type->category)))
    return FALSE;
  for (guint i = 0; match->not_tag && type->tags && type->tags[i]; i++)
    if (g_strv_contains ((const char * const *) match->not_tag, type->tags[i]))
      return FALSE;
  return TRUE;
}

/**
 * muster_ruleset_get_size_range:
 * @self: a ruleset
 * @type: a unit type
 * @min: (out): the smallest legal size (1 when nothing says otherwise)
 * @max: (out): the largest legal size (G_MAXUINT when unbounded)
 *
 * The size range of a unit of @type whatever its options (the spin range of an editor): the
 * type's own min-size and max-size narrowed by the `size` constraints that select the type.
 * Constraints switched off or gated by a condition are ignored.
 *
 * Returns: %TRUE if the type or a constraint restricts the size
 */
gboolean
muster_ruleset_get_size_range (const MusterRuleset  *self,
                               const MusterUnitType *type,
                               guint                *min,
                               guint                *max)
{
  const GPtrArray *constraints = self->lists[MUSTER_ITEM_CONSTRAINT].items;
  gboolean found = type->has_min_size || type->has_max_size;

  *min = type->has_min_size ? MAX (type->min_size, 1) : 1;
  *max = type->has_max_size ? type->max_size : G_MAXUINT;
  for (guint i = 0; i < constraints->len; i++)
    {
      const MusterConstraint *c = constraints->pdata[i];
      gboolean selects = c->matches->len == 0;

      if (c->kind != MUSTER_CONSTRAINT_SIZE || c->severity == MUSTER_SEVERITY_OFF || c->when)
        continue;
      for (guint j = 0; j < c->matches->len; j++)
        selects |= match_selects_type (c->matches->pdata[j], type);
      if (!selects)
        continue;
      found = TRUE;
      if (c->has_min)
        *min = MAX (*min, (guint) ceil (c->min));
      if (c->has_max)
        *max = MIN (*max, (guint) floor (c->max));
    }
  return found;
}

/**
 * muster_table_lookup:
 * @table: a table
 * @row: a row id
 * @column: a column id
 * @row_out: (out) (optional): the row, for its provenance
 *
 * Returns: (nullable): the cell, or %NULL if the row or column does not exist
 */
const MusterCell *
muster_table_lookup (const MusterTable     *table,
                     const char            *row,
                     const char            *column,
                     const MusterTableRow **row_out)
{
  const MusterTableRow *r = g_hash_table_lookup (table->row_index, row);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (table->column_index, column));

  if (r == NULL || index == 0 || index > r->cells->len)
    return NULL;
  if (row_out != NULL)
    *row_out = r;
  return &g_array_index (r->cells, MusterCell, index - 1);
}

/**
 * muster_table_require_cell:
 *
 * For procedures, which cannot guess the book's values: the cell at @row, @column, or an
 * error naming the table, row and column when it is missing or empty.
 *
 * Returns: (nullable): the cell
 */
const MusterCell *
muster_table_require_cell (const MusterTable  *table,
                           const char         *row,
                           const char         *column,
                           GError            **error)
{
  const MusterCell *cell = muster_table_lookup (table, row, column, NULL);

  if (cell == NULL || (cell->text == NULL && !cell->is_number))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("table “%s” has no value for “%s”, “%s”"), table->item.id, row, column);
      return NULL;
    }
  return cell;
}

/**
 * muster_table_require_number:
 * @out: (out): the number
 *
 * Like muster_table_require_cell(), for a cell that must hold a number.
 *
 * Returns: whether @out was set
 */
gboolean
muster_table_require_number (const MusterTable  *table,
                             const char         *row,
                             const char         *column,
                             double             *out,
                             GError            **error)
{
  const MusterCell *cell = muster_table_lookup (table, row, column, NULL);

  if (cell == NULL || !cell->is_number)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("table “%s” has no number for “%s”, “%s”"), table->item.id, row, column);
      return FALSE;
    }
  *out = cell->number;
  return TRUE;
}

/**
 * muster_ruleset_require_table:
 * @self: (nullable): the ruleset a procedure runs with
 *
 * For procedures, which read the book's numbers from the ruleset: the table @id, or an error
 * saying which is missing (the ruleset itself, or the table in it).
 *
 * Returns: (nullable): the table
 */
const MusterTable *
muster_ruleset_require_table (const MusterRuleset  *self,
                              const char           *id,
                              GError              **error)
{
  const MusterTable *table;

  if (self == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET,
                   _("no ruleset is loaded to give table “%s”"), id);
      return NULL;
    }
  table = muster_ruleset_get_table (self, id);
  if (table == NULL)
    g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                 _("the %s ruleset has no table “%s”"), muster_ruleset_get_id (self), id);
  return table;
}

/**
 * muster_ruleset_text:
 * @text: (nullable): a text of a shipped ruleset that a reader sees: a terrain type's name or
 *   rules, a scale's name or ground note, a range's name, a generator's name, option, choice,
 *   map or setting (data/its/muster-ruleset.its extracts them, in the context "ruleset")
 *
 * @text in the user's language. The ruleset keeps the file's English, which the CLI prints
 * and documents save; the app looks a text up where it shows it, and the engine where it
 * writes one into a message of its own (a generator's notes). A text no catalogue holds (a
 * player's own ruleset) is returned as it is, and so are "" and %NULL (gettext would give the
 * catalogue's header for "").
 *
 * Returns: (nullable): the text to show
 */
const char *
muster_ruleset_text (const char *text)
{
  if (text == NULL || *text == '\0')
    return text;
  return g_dpgettext2 (GETTEXT_PACKAGE, "ruleset", text);
}

/**
 * muster_constraint_scale:
 * @constraint: a constraint with per-points set
 * @bound: its min or max
 * @points_limit: the force's agreed points limit
 * @scaling: how to scale (the constraint's own, or a variant's choice)
 *
 * Scales a "per N points" bound to a game size: ceil and floor multiply by ⌈limit/N⌉ or
 * ⌊limit/N⌋ (at least 1); pro-rata multiplies by limit/N and rounds down.
 *
 * Returns: the bound for this game
 */
double
muster_constraint_scale (const MusterConstraint *constraint,
                         double                  bound,
                         gint64                  points_limit,
                         MusterScaling           scaling)
{
  double ratio;

  if (constraint->per_points == 0)
    return bound;
  ratio = (double) MAX (points_limit, 0) / constraint->per_points;
  switch (scaling)
    {
    case MUSTER_SCALING_FLOOR:
      return bound * MAX (1.0, floor (ratio));
    case MUSTER_SCALING_PRO_RATA:
      return floor (bound * ratio);
    case MUSTER_SCALING_CEIL:
    default:
      return bound * MAX (1.0, ceil (ratio));
    }
}
