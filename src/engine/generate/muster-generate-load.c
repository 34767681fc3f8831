/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate"

#include "config.h"

#include <math.h>

#include "muster-file.h"
#include "muster-generate-private.h"
#include "muster-ruleset.h"
#include "muster-system.h"
#include "muster-xml.h"

/* Reading a ruleset's <generation> block into a generator, and what it tells about itself.
 * Running it, and the helpers its method uses, are in muster-generate.c. */

static void
choice_free (gpointer data)
{
  MusterGenerateChoice *choice = data;

  g_free (choice->id);
  g_free (choice->name);
  g_free (choice->description);
  g_free (choice);
}

static void
option_free (gpointer data)
{
  MusterGenerateOption *option = data;

  g_free (option->id);
  g_free (option->name);
  g_free (option->default_id);
  g_ptr_array_unref (option->choices);
  g_free (option);
}

static void
result_clear (gpointer data)
{
  g_free (((MusterGenerateResult *) data)->terrain);
}

static void
roll_free (gpointer data)
{
  MusterGenerateRoll *roll = data;

  g_free (roll->id);
  g_free (roll->name);
  g_array_unref (roll->results);
  g_free (roll);
}

static void
piece_free (gpointer data)
{
  MusterGeneratePiece *piece = data;

  g_free (piece->terrain);
  g_free (piece->name);
  g_clear_pointer (&piece->points, g_array_unref);
  g_free (piece);
}

static void
map_free (gpointer data)
{
  MusterGenerateMap *map = data;

  g_free (map->id);
  g_free (map->name);
  g_ptr_array_unref (map->pieces);
  g_free (map);
}

static void
setting_free (gpointer data)
{
  MusterGenerateSetting *setting = data;

  g_free (setting->id);
  g_free (setting->name);
  for (guint i = 0; i < MUSTER_N_RARITIES; i++)
    g_strfreev (setting->terrain[i]);
  g_free (setting);
}

void
muster_generator_free (MusterGenerator *self)
{
  if (self == NULL)
    return;
  g_free (self->display_name);
  g_free (self->method);
  g_free (self->name);
  g_free (self->description);
  g_ptr_array_unref (self->options);
  g_ptr_array_unref (self->rolls);
  g_ptr_array_unref (self->maps);
  g_ptr_array_unref (self->settings);
  g_hash_table_unref (self->params);
  g_clear_pointer (&self->types, muster_terrain_types_free);
  g_free (self);
}

typedef struct
{
  MusterGenerator *self;
  GError         **error;
} Loader;

/* Sets an INVALID_RULESET error "FILE:LINE: message" at @node; returns FALSE. */
#define fail(l, node, ...) \
  muster_xml_fail ((l)->error, MUSTER_ENGINE_ERROR_INVALID_RULESET, (l)->self->display_name, \
                   (node), __VA_ARGS__)

static gboolean
get_number (Loader     *l,
            xmlNode    *node,
            const char *name,
            double      fallback,
            double     *value)
{
  g_autofree char *text = muster_xml_get_prop (node, name);
  char *end = NULL;

  *value = fallback;
  if (text == NULL)
    return TRUE;
  *value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*value))
    return fail (l, node, "“%s” is not a number (attribute %s of <%s>)", text, name,
                 (const char *) node->name);
  return TRUE;
}

static gboolean
check_terrain (Loader     *l,
               xmlNode    *node,
               const char *terrain)
{
  if (terrain != NULL && muster_terrain_types_lookup (l->self->types, terrain) == NULL)
    return fail (l, node, "<%s> names terrain type “%s”, which <terrain-types> does not list",
                 (const char *) node->name, terrain);
  return TRUE;
}

static gboolean
parse_option (Loader  *l,
              xmlNode *node)
{
  MusterGenerateOption *option = g_new0 (MusterGenerateOption, 1);
  gboolean has_default = FALSE;

  g_ptr_array_add (l->self->options, option);
  option->id = muster_xml_get_prop (node, "id");
  option->name = muster_xml_get_prop (node, "name");
  option->default_id = muster_xml_get_prop (node, "default");
  option->choices = g_ptr_array_new_with_free_func (choice_free);
  if (option->name == NULL)
    option->name = g_strdup (option->id);
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      MusterGenerateChoice *choice;
      g_autofree char *house = NULL;
      xmlNode *description;

      if (!muster_xml_is_element (child, "choice"))
        continue;
      choice = g_new0 (MusterGenerateChoice, 1);
      g_ptr_array_add (option->choices, choice);
      choice->id = muster_xml_get_prop (child, "id");
      choice->name = muster_xml_get_prop (child, "name");
      house = muster_xml_get_prop (child, "house");
      choice->house = g_strcmp0 (house, "true") == 0;
      if (choice->id == NULL)
        return fail (l, child, "a choice of option “%s” has no id", option->id);
      if (choice->name == NULL)
        choice->name = g_strdup (choice->id);
      if ((description = muster_xml_first_child (child, "description")))
        choice->description = muster_xml_get_text (description);
      if (!get_number (l, child, "value", 0, &choice->value))
        return FALSE;
      has_default |= g_strcmp0 (choice->id, option->default_id) == 0;
    }
  if (option->id == NULL)
    return fail (l, node, "an option has no id");
  if (!has_default)
    return fail (l, node, "the default “%s” of option “%s” is none of its choices",
                 option->default_id ? option->default_id : "", option->id);
  return TRUE;
}

static gboolean
parse_roll (Loader  *l,
            xmlNode *node)
{
  MusterGenerateRoll *roll = g_new0 (MusterGenerateRoll, 1);
  double die, bonus;

  g_ptr_array_add (l->self->rolls, roll);
  roll->id = muster_xml_get_prop (node, "id");
  roll->name = muster_xml_get_prop (node, "name");
  roll->results = g_array_new (FALSE, TRUE, sizeof (MusterGenerateResult));
  g_array_set_clear_func (roll->results, result_clear);
  if (!get_number (l, node, "die", 0, &die) || !get_number (l, node, "edge-bonus", 0, &bonus))
    return FALSE;
  if (roll->id == NULL || die < 2 || die > 100)
    return fail (l, node, "a roll needs an id and a die of 2 to 100 sides");
  if (bonus < -100 || bonus > 100)
    return fail (l, node, "an edge bonus of %g is out of range (-100 to 100)", bonus);
  roll->die = die;
  roll->edge_bonus = bonus;
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      MusterGenerateResult result = { 0 };
      double from, to;

      if (!muster_xml_is_element (child, "result"))
        continue;
      if (!get_number (l, child, "from", 0, &from) || !get_number (l, child, "to", 0, &to))
        return FALSE;
      if (from > to || from < -1000 || to > 1000)
        return fail (l, child, "a result of roll “%s” runs from %g to %g (within -1000 to "
                     "1000, upwards)", roll->id, from, to);
      result.from = from;
      result.to = to;
      result.terrain = muster_xml_get_prop (child, "terrain");
      g_array_append_val (roll->results, result);
      if (!check_terrain (l, child, result.terrain))
        return FALSE;
    }
  /* every score the dice can make must have a result */
  for (int score = 1; score <= roll->die + MAX (roll->edge_bonus, 0); score++)
    {
      gboolean found = FALSE;

      muster_generator_lookup_roll (l->self, roll->id, score, &found);
      if (!found)
        return fail (l, node, "roll “%s” gives no result for a score of %d", roll->id, score);
    }
  return TRUE;
}

/* "x,y x,y …" */
static GArray *
parse_points (const char *text)
{
  g_auto(GStrv) pairs = g_strsplit_set (text, " \t\n", -1);
  GArray *points = g_array_new (FALSE, FALSE, sizeof (MusterPoint));

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      MusterPoint p;
      char *end = NULL;

      if (pairs[i][0] == '\0')
        continue;
      p.x = g_ascii_strtod (pairs[i], &end);
      if (end == pairs[i] || *end != ',')
        goto bad;
      p.y = g_ascii_strtod (end + 1, &end);
      if (*end != '\0' || !isfinite (p.x) || !isfinite (p.y))
        goto bad;
      g_array_append_val (points, p);
    }
  return points;
bad:
  g_array_unref (points);
  return NULL;
}

static gboolean
parse_map (Loader  *l,
           xmlNode *node)
{
  static const char * const shapes[] = { "polygon", "rectangle", "ellipse", "polyline" };
  MusterGenerateMap *map = g_new0 (MusterGenerateMap, 1);

  g_ptr_array_add (l->self->maps, map);
  map->id = muster_xml_get_prop (node, "id");
  map->name = muster_xml_get_prop (node, "name");
  map->pieces = g_ptr_array_new_with_free_func (piece_free);
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      MusterGeneratePiece *piece;
      g_autofree char *shape = NULL, *points = NULL;
      guint s;

      if (!muster_xml_is_element (child, "piece"))
        continue;
      piece = g_new0 (MusterGeneratePiece, 1);
      g_ptr_array_add (map->pieces, piece);
      piece->terrain = muster_xml_get_prop (child, "terrain");
      piece->name = muster_xml_get_prop (child, "name");
      shape = muster_xml_get_prop (child, "shape");
      for (s = 0; s < G_N_ELEMENTS (shapes) && g_strcmp0 (shape, shapes[s]) != 0; s++)
        ;
      if (s == G_N_ELEMENTS (shapes))
        return fail (l, child, "“%s” is not a piece's shape", shape ? shape : "");
      piece->outline = (MusterOutline) s;   /* the first four outlines, in this order */
      if (!check_terrain (l, child, piece->terrain) ||
          !get_number (l, child, "x", 0, &piece->x) ||
          !get_number (l, child, "y", 0, &piece->y) ||
          !get_number (l, child, "width", 0, &piece->width) ||
          !get_number (l, child, "height", 0, &piece->height) ||
          !get_number (l, child, "rotation", 0, &piece->rotation) ||
          !get_number (l, child, "line-width", 0, &piece->line_width))
        return FALSE;
      points = muster_xml_get_prop (child, "points");
      if (points != NULL && !(piece->points = parse_points (points)))
        return fail (l, child, "“%s” is not a list of points x,y", points);
      if ((piece->outline == MUSTER_OUTLINE_POLYGON && (!piece->points || piece->points->len < 3)) ||
          (piece->outline == MUSTER_OUTLINE_POLYLINE && (!piece->points || piece->points->len < 2)))
        return fail (l, child, "a %s needs %s points", shape,
                     piece->outline == MUSTER_OUTLINE_POLYGON ? "three" : "two");
    }
  if (map->id == NULL || map->pieces->len == 0)
    return fail (l, node, "a map needs an id and at least one piece");
  return TRUE;
}

/* "a b  c" → { "a", "b", "c" } */
static GStrv
split_ids (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text ? text : "", " \t\n", -1);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_strv_builder_add (ids, words[i]);
  return g_strv_builder_end (ids);
}

static gboolean
parse_setting (Loader  *l,
               xmlNode *node)
{
  static const char * const classes[] = { "common", "uncommon", "rare", "unique" };
  MusterGenerateSetting *setting = g_new0 (MusterGenerateSetting, 1);

  g_ptr_array_add (l->self->settings, setting);
  setting->id = muster_xml_get_prop (node, "id");
  setting->name = muster_xml_get_prop (node, "name");
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      g_autofree char *class = NULL, *terrain = NULL;
      guint c;

      if (!muster_xml_is_element (child, "rarity"))
        continue;
      class = muster_xml_get_prop (child, "class");
      terrain = muster_xml_get_prop (child, "terrain");
      for (c = 0; c < MUSTER_N_RARITIES && g_strcmp0 (class, classes[c]) != 0; c++)
        ;
      if (c == MUSTER_N_RARITIES)
        return fail (l, child, "“%s” is not a rarity", class ? class : "");
      g_strfreev (setting->terrain[c]);
      setting->terrain[c] = split_ids (terrain);
      for (guint i = 0; setting->terrain[c][i]; i++)
        if (!check_terrain (l, child, setting->terrain[c][i]))
          return FALSE;
    }
  if (setting->id == NULL)
    return fail (l, node, "a setting has no id");
  return TRUE;
}

/**
 * muster_generator_new_from_bytes:
 * @ruleset: a ruleset file
 * @display_name: its name in error messages
 * @error: return location for a #GError
 *
 * Reads the ruleset's <generation> and the <terrain-types> it names.
 *
 * Returns: (transfer full) (nullable): the generator, or %NULL without an error when the rule
 *   system has no procedure for generating a battlefield
 */
MusterGenerator *
muster_generator_new_from_bytes (GBytes      *ruleset,
                                 const char  *display_name,
                                 GError     **error)
{
  g_autoptr(xmlDoc) xml = NULL;
  g_autoptr(MusterGenerator) self = NULL;
  Loader l;
  xmlNode *block, *description;
  gsize length;
  const char *data = g_bytes_get_data (ruleset, &length);

  if (!(xml = muster_xml_parse (data, length, display_name, error)))
    return NULL;
  if (!(block = muster_xml_first_child (xmlDocGetRootElement (xml), "generation")))
    return NULL;

  self = g_new0 (MusterGenerator, 1);
  self->display_name = g_strdup (display_name);
  self->options = g_ptr_array_new_with_free_func (option_free);
  self->rolls = g_ptr_array_new_with_free_func (roll_free);
  self->maps = g_ptr_array_new_with_free_func (map_free);
  self->settings = g_ptr_array_new_with_free_func (setting_free);
  self->params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!(self->types = muster_terrain_types_new_from_bytes (ruleset, display_name, error)))
    return NULL;
  l = (Loader) { self, error };

  self->method = muster_xml_get_prop (block, "method");
  self->name = muster_xml_get_prop (block, "name");
  if (self->method == NULL || muster_system_find_generation_method (self->method) == NULL)
    {
      fail (&l, block, "“%s” is not a generation method", self->method ? self->method : "");
      return NULL;
    }
  if (self->name == NULL)
    self->name = g_strdup ("Generate battlefield");
  {
    g_autofree char *house = muster_xml_get_prop (block, "house");

    self->house = g_strcmp0 (house, "true") == 0;
  }
  if ((description = muster_xml_first_child (block, "description")))
    self->description = muster_xml_get_text (description);

  for (xmlNode *node = block->children; node != NULL; node = node->next)
    {
      gboolean ok = TRUE;

      if (muster_xml_is_element (node, "option"))
        ok = parse_option (&l, node);
      else if (muster_xml_is_element (node, "roll"))
        ok = parse_roll (&l, node);
      else if (muster_xml_is_element (node, "map"))
        ok = parse_map (&l, node);
      else if (muster_xml_is_element (node, "setting"))
        ok = parse_setting (&l, node);
      else if (muster_xml_is_element (node, "param"))
        {
          double *value = g_new (double, 1);
          char *id = muster_xml_get_prop (node, "id");

          g_hash_table_replace (self->params, id ? id : g_strdup (""), value);
          ok = id != NULL ? get_number (&l, node, "value", 0, value)
                          : fail (&l, node, "a param has no id");
        }
      if (!ok)
        return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * muster_generator_new_for_ruleset:
 * @catalog: (nullable): where to find the rulesets @ruleset extends
 * @ruleset: a ruleset read from a file
 * @error: return location for a #GError
 *
 * The generator of @ruleset's file or, for house rules that have none, of the ruleset they
 * extend.
 *
 * Returns: (transfer full) (nullable): the generator, or %NULL without an error when the rule
 *   system has none
 */
MusterGenerator *
muster_generator_new_for_ruleset (MusterCatalog  *catalog,
                                  MusterRuleset  *ruleset,
                                  GError        **error)
{
  /* a bound on the chain, should a broken catalog ever loop */
  for (guint depth = 0; ruleset != NULL && depth < 8; depth++)
    {
      g_autoptr(GBytes) bytes = NULL;
      MusterGenerator *self;
      const char *path = muster_ruleset_get_path (ruleset);
      const char *extends = muster_ruleset_get_extends (ruleset);

      if (path == NULL)
        break;
      if (!(bytes = muster_file_read (path, error)))
        return NULL;
      if ((self = muster_generator_new_from_bytes (bytes, path, error)))
        return self;
      if ((error && *error) || extends == NULL || catalog == NULL)
        break;
      ruleset = muster_catalog_lookup (catalog, extends);
    }
  return NULL;
}

/**
 * muster_generator_get_table:
 * @self: a generator
 * @width: (out): the table's width, mm
 * @height: (out): its depth, mm
 * @units: (out) (optional): what it measures in, "in" or "cm"
 *
 * The table to generate on when the document has none yet: the <generation>'s params
 * `table-width` and `table-depth` (mm) where the ruleset gives them; else 6 × 4 ft, or
 * 180 × 120 cm for a system whose first scale measures in centimetres (the books give no table
 * size; this is the usual one, and the New Battlefield dialog's).
 */
void
muster_generator_get_table (const MusterGenerator *self,
                            double                *width,
                            double                *height,
                            const char           **units)
{
  const char *unit = "in";
  double *w = g_hash_table_lookup (self->params, "table-width");
  double *h = g_hash_table_lookup (self->params, "table-depth");

  if (muster_terrain_types_get_n_scales (self->types) > 0)
    muster_terrain_types_get_scale_name (self->types, 0, &unit, NULL);
  if (g_strcmp0 (unit, "cm") != 0)
    unit = "in";
  *width = g_str_equal (unit, "cm") ? 1800 : 72 * MUSTER_MM_PER_INCH;
  *height = g_str_equal (unit, "cm") ? 1200 : 48 * MUSTER_MM_PER_INCH;
  if (w != NULL && *w >= 152.4 && *w <= 100000)
    *width = *w;
  if (h != NULL && *h >= 152.4 && *h <= 100000)
    *height = *h;
  if (units != NULL)
    *units = unit;
}

const char *
muster_generator_get_name (const MusterGenerator *self)
{
  return self->name;
}

const char *
muster_generator_get_method (const MusterGenerator *self)
{
  return self->method;
}

const char *
muster_generator_get_description (const MusterGenerator *self)
{
  return self->description;
}

/* Returns: whether the method is a house rule (the block's house="true"), not the book's */
gboolean
muster_generator_is_house (const MusterGenerator *self)
{
  return self->house;
}

guint
muster_generator_get_n_options (const MusterGenerator *self)
{
  return self->options->len;
}

const MusterGenerateOption *
muster_generator_get_option (const MusterGenerator *self,
                             guint                  index)
{
  g_return_val_if_fail (index < self->options->len, NULL);
  return self->options->pdata[index];
}

const MusterGenerateRoll *
_muster_generate_get_roll (const MusterGenerator *generator,
                           const char            *id)
{
  for (guint i = 0; i < generator->rolls->len; i++)
    if (g_str_equal (((MusterGenerateRoll *) generator->rolls->pdata[i])->id, id))
      return generator->rolls->pdata[i];
  return NULL;
}

/**
 * muster_generator_lookup_roll:
 * @self: a generator
 * @roll: the id of one of its rolls
 * @score: the score, modifiers included
 * @found: (out) (optional): whether the roll has a result for @score
 *
 * Returns: (nullable): the terrain type id @score gives, %NULL for open ground (or no result)
 */
const char *
muster_generator_lookup_roll (const MusterGenerator *self,
                              const char            *roll,
                              int                    score,
                              gboolean              *found)
{
  const MusterGenerateRoll *r = _muster_generate_get_roll (self, roll);

  if (found)
    *found = FALSE;
  for (guint i = 0; r != NULL && i < r->results->len; i++)
    {
      const MusterGenerateResult *result = &g_array_index (r->results, MusterGenerateResult, i);

      if (score >= result->from && score <= result->to)
        {
          if (found)
            *found = TRUE;
          return result->terrain;
        }
    }
  return NULL;
}
