/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-terrain"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-army.h"
#include "muster-doc.h"
#include "muster-file.h"
#include "muster-engine-error.h"
#include "muster-issue.h"
#include "muster-ranges.h"
#include "muster-geometry-private.h"
#include "muster-terrain.h"
#include "muster-unit.h"
#include "muster-xml.h"

typedef struct
{
  char       *id, *name, *units, *ground;
  GHashTable *bases;   /* unit type id ("" for the default) → double[2] */
} Scale;

struct _MusterTerrainTypes
{
  GPtrArray *types;   /* MusterTerrainType */
  GPtrArray *scales;  /* Scale */
  MusterRangeRules *ranges;   /* nullable: none */
};

static void
scale_free (gpointer data)
{
  Scale *scale = data;

  g_free (scale->id);
  g_free (scale->name);
  g_free (scale->units);
  g_free (scale->ground);
  g_hash_table_unref (scale->bases);
  g_free (scale);
}

static const char * const kind_names[] = {
  "open", "woods", "hill", "steep-hill", "building", "river", "road", "ford", "bridge",
  "linear", "rough", "marsh", "water", "impassable", "fortification",
};
static const char * const move_names[] = { "clear", "poor", "difficult", "impassable" };
static const char * const cover_names[] = { "none", "soft", "hard" };

static void
terrain_type_free (gpointer data)
{
  MusterTerrainType *type = data;

  g_free (type->id);
  g_free (type->name);
  g_free (type->description);
  g_free (type->source);
  g_free (type);
}

static int
lookup (const char * const *names,
        guint               n_names,
        const char         *name,
        int                 fallback)
{
  for (guint i = 0; name != NULL && i < n_names; i++)
    if (g_str_equal (names[i], name))
      return i;
  return fallback;
}

MusterTerrainKind
muster_terrain_kind_from_string (const char *kind)
{
  return lookup (kind_names, G_N_ELEMENTS (kind_names), kind, MUSTER_TERRAIN_OPEN);
}

static MusterTerrainTypes *
types_alloc (void)
{
  MusterTerrainTypes *self = g_new0 (MusterTerrainTypes, 1);

  self->types = g_ptr_array_new_with_free_func (terrain_type_free);
  self->scales = g_ptr_array_new_with_free_func (scale_free);
  return self;
}

/**
 * muster_terrain_types_new_for_ruleset:
 * @ruleset: (nullable): a loaded ruleset
 * @error: set when the ruleset's file cannot be read again
 *
 * Returns: (transfer full): the terrain types of @ruleset's file, or the generic ones when it
 *   lists none, has no file, or on error (@error is set then; the types are still usable)
 */
MusterTerrainTypes *
muster_terrain_types_new_for_ruleset (MusterRuleset  *ruleset,
                                      GError        **error)
{
  const char *path = ruleset ? muster_ruleset_get_path (ruleset) : NULL;
  g_autoptr(GBytes) bytes = NULL;
  MusterTerrainTypes *types = NULL;

  if (path != NULL && (bytes = muster_file_read (path, error)))
    {
      types = muster_terrain_types_new_from_bytes (bytes, path, error);
    }
  if (types != NULL && muster_terrain_types_get_n_types (types) > 0)
    return types;
  g_clear_pointer (&types, muster_terrain_types_free);
  return muster_terrain_types_new_generic ();
}

/**
 * muster_terrain_types_new_generic:
 *
 * Returns: (transfer full): one type per kind, named after it, for a ruleset that lists none:
 *   woods and buildings and hills block sight, the rest do not
 */
MusterTerrainTypes *
muster_terrain_types_new_generic (void)
{
  /* the names in the context of the rulesets' texts, which the app looks them up in
   * (muster_ruleset_text()) */
  static const struct { const char *name; MusterMoveClass move; MusterCover cover;
                        gboolean sight; } generic[] = {
    { NC_("ruleset", "Open ground"), MUSTER_MOVE_CLEAR, MUSTER_COVER_NONE, FALSE },
    { NC_("ruleset", "Woods"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_SOFT, TRUE },
    { NC_("ruleset", "Hill"), MUSTER_MOVE_CLEAR, MUSTER_COVER_NONE, TRUE },
    { NC_("ruleset", "Steep hill"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_NONE, TRUE },
    { NC_("ruleset", "Buildings"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_HARD, TRUE },
    { NC_("ruleset", "River"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_NONE, FALSE },
    { NC_("ruleset", "Road"), MUSTER_MOVE_CLEAR, MUSTER_COVER_NONE, FALSE },
    { NC_("ruleset", "Ford"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_NONE, FALSE },
    { NC_("ruleset", "Bridge"), MUSTER_MOVE_CLEAR, MUSTER_COVER_NONE, FALSE },
    { NC_("ruleset", "Wall or hedge"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_HARD, FALSE },
    { NC_("ruleset", "Rough ground"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_NONE, FALSE },
    { NC_("ruleset", "Marsh"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_NONE, FALSE },
    { NC_("ruleset", "Deep water"), MUSTER_MOVE_IMPASSABLE, MUSTER_COVER_NONE, FALSE },
    { NC_("ruleset", "Impassable"), MUSTER_MOVE_IMPASSABLE, MUSTER_COVER_NONE, TRUE },
    { NC_("ruleset", "Fortification"), MUSTER_MOVE_DIFFICULT, MUSTER_COVER_HARD, FALSE },
  };
  MusterTerrainTypes *self = types_alloc ();

  G_STATIC_ASSERT (G_N_ELEMENTS (generic) == MUSTER_TERRAIN_N_KINDS);
  for (guint i = 0; i < G_N_ELEMENTS (generic); i++)
    {
      MusterTerrainType *type = g_new0 (MusterTerrainType, 1);

      type->id = g_strdup (kind_names[i]);
      type->name = g_strdup (generic[i].name);
      type->kind = i;
      type->move = generic[i].move;
      type->cover = generic[i].cover;
      type->blocks_sight = generic[i].sight;
      g_ptr_array_add (self->types, type);
    }
  return self;
}

/**
 * muster_terrain_types_new_from_bytes:
 * @ruleset: a ruleset file
 * @display_name: its name in error messages
 * @error: return location for a #GError
 *
 * Reads the ruleset's <terrain-types>; see data/rulesets/README.md.
 *
 * Returns: (transfer full) (nullable): the types (none when the ruleset lists none)
 */
MusterTerrainTypes *
muster_terrain_types_new_from_bytes (GBytes      *ruleset,
                                     const char  *display_name,
                                     GError     **error)
{
  g_autoptr(xmlDoc) xml = NULL;
  g_autoptr(MusterTerrainTypes) self = types_alloc ();
  xmlNode *block;
  gsize length;
  const char *data = g_bytes_get_data (ruleset, &length);

  if (!(xml = muster_xml_parse (data, length, display_name, error)))
    return NULL;
  block = muster_xml_first_child (xmlDocGetRootElement (xml), "terrain-types");
  for (xmlNode *node = block ? block->children : NULL; node != NULL; node = node->next)
    {
      MusterTerrainType *type;
      g_autofree char *kind = NULL, *move = NULL, *cover = NULL, *sight = NULL;
      xmlNode *description;

      if (!muster_xml_is_element (node, "terrain"))
        continue;
      type = g_new0 (MusterTerrainType, 1);
      g_ptr_array_add (self->types, type);
      type->id = muster_xml_get_prop (node, "id");
      type->name = muster_xml_get_prop (node, "name");
      type->source = muster_xml_get_prop (node, "source");
      if (type->id == NULL)
        {
          muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, display_name, node,
                           "a terrain type has no id");
          return NULL;
        }
      if (type->name == NULL)
        type->name = g_strdup (type->id);
      kind = muster_xml_get_prop (node, "kind");
      move = muster_xml_get_prop (node, "move");
      cover = muster_xml_get_prop (node, "cover");
      sight = muster_xml_get_prop (node, "sight");
      type->kind = muster_terrain_kind_from_string (kind);
      type->move = lookup (move_names, G_N_ELEMENTS (move_names), move, MUSTER_MOVE_CLEAR);
      type->cover = lookup (cover_names, G_N_ELEMENTS (cover_names), cover, MUSTER_COVER_NONE);
      type->blocks_sight = g_strcmp0 (sight, "blocks") == 0;
      if ((description = muster_xml_first_child (node, "description")))
        type->description = muster_xml_get_prose (description);
    }
  block = muster_xml_first_child (xmlDocGetRootElement (xml), "scales");
  for (xmlNode *node = block ? block->children : NULL; node != NULL; node = node->next)
    {
      Scale *scale;

      if (!muster_xml_is_element (node, "scale"))
        continue;
      scale = g_new0 (Scale, 1);
      g_ptr_array_add (self->scales, scale);
      scale->id = muster_xml_get_prop (node, "id");
      scale->name = muster_xml_get_prop (node, "name");
      scale->units = muster_xml_get_prop (node, "units");
      scale->ground = muster_xml_get_prop (node, "ground");
      scale->bases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (xmlNode *base = node->children; base != NULL; base = base->next)
        {
          g_autofree char *type = NULL, *width = NULL, *depth = NULL;
          double *size;

          if (!muster_xml_is_element (base, "base"))
            continue;
          type = muster_xml_get_prop (base, "type");
          width = muster_xml_get_prop (base, "width");
          depth = muster_xml_get_prop (base, "depth");
          size = g_new (double, 2);
          size[0] = width ? g_ascii_strtod (width, NULL) : 0;
          size[1] = depth ? g_ascii_strtod (depth, NULL) : 0;
          if (!(size[0] > 0 && size[1] > 0))
            {
              g_free (size);
              muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_RULESET, display_name, base,
                               "a base needs a width and a depth in mm");
              return NULL;
            }
          g_hash_table_replace (scale->bases, g_strdup (type ? type : ""), size);
        }
    }
  if (!(self->ranges = muster_range_rules_new_from_xml (xmlDocGetRootElement (xml), display_name,
                                                       error)))
    return NULL;
  return g_steal_pointer (&self);
}

/* Returns: (nullable): the weapon ranges of the ruleset the types were read from */
const MusterRangeRules *
muster_terrain_types_get_ranges (const MusterTerrainTypes *self)
{
  return self ? self->ranges : NULL;
}

guint
muster_terrain_types_get_n_scales (const MusterTerrainTypes *self)
{
  return self->scales->len;
}

/**
 * muster_terrain_types_get_scale_name:
 * @self: a rule system's battlefield data
 * @scale: which figure scale (0 is the book's first)
 * @units: (out) (optional): "in" or "cm", what the rules measure in at this scale
 * @ground: (out) (optional) (nullable): the ground scale in words
 *
 * Returns: the scale's name ("15 mm figures")
 */
const char *
muster_terrain_types_get_scale_name (const MusterTerrainTypes *self,
                                     guint                     scale,
                                     const char              **units,
                                     const char              **ground)
{
  Scale *s;

  g_return_val_if_fail (scale < self->scales->len, NULL);
  s = self->scales->pdata[scale];
  if (units != NULL)
    *units = s->units ? s->units : "in";
  if (ground != NULL)
    *ground = s->ground;
  return s->name ? s->name : s->id;
}

/**
 * muster_terrain_types_scale_for_force:
 * @self: a rule system's battlefield data
 * @force: (nullable): the force whose scale is wanted
 * @units: (nullable): what the table measures in, "in" or "cm"
 *
 * Which of the rule system's scales @force plays at: its "scale" setting (the variant's
 * default when it makes no choice) when that names one of the scales, as the
 * horse-and-musket system's command scales do; else the first scale that measures in @units
 * (a Standards of Valor table in centimetres is played with 15 mm or 6 mm figures); else the
 * book's first.
 *
 * Returns: the scale's index, 0 when the system has no scales
 */
guint
muster_terrain_types_scale_for_force (const MusterTerrainTypes *self,
                                      const MusterForce        *force,
                                      const char               *units)
{
  MusterDoc *doc = force ? muster_force_get_doc (force) : NULL;
  MusterRuleset *ruleset = doc ? muster_doc_get_ruleset (doc) : NULL;
  const char *chosen = NULL;

  if (force != NULL)
    chosen = ruleset ? muster_ruleset_variant_value (ruleset, "scale",
                                                     muster_force_get_settings (force))
                     : muster_force_get_setting (force, "scale");
  for (guint i = 0; chosen != NULL && i < self->scales->len; i++)
    if (g_strcmp0 (((Scale *) self->scales->pdata[i])->id, chosen) == 0)
      return i;
  for (guint i = 0; units != NULL && i < self->scales->len; i++)
    {
      Scale *s = self->scales->pdata[i];

      if (g_str_equal (s->units ? s->units : "in", units))
        return i;
    }
  return 0;
}

/**
 * muster_terrain_types_scale_for_doc:
 * @self: a rule system's battlefield data
 * @doc: (nullable): a document
 *
 * The scale the document's table is played at: its first force's (see
 * muster_terrain_types_scale_for_force()), measured in its battlefield's units.
 *
 * Returns: the scale's index, 0 when the system has no scales
 */
guint
muster_terrain_types_scale_for_doc (const MusterTerrainTypes *self,
                                    MusterDoc                *doc)
{
  MusterBattlefield *field = doc ? muster_doc_get_battlefield (doc) : NULL;

  return muster_terrain_types_scale_for_force (self,
                                               doc && muster_doc_get_n_forces (doc) > 0
                                               ? muster_doc_get_force (doc, 0) : NULL,
                                               field ? muster_battlefield_get_units (field)
                                                     : NULL);
}

/**
 * muster_terrain_types_get_base:
 * @self: (nullable): a rule system's battlefield data
 * @scale: which figure scale
 * @unit_type: (nullable): a unit type id
 * @width: (out): a stand's frontage, mm
 * @depth: (out): its depth, mm
 *
 * Returns: %TRUE if the scale gives a base for the type (or a default one)
 */
gboolean
muster_terrain_types_get_base (const MusterTerrainTypes *self,
                               guint                     scale,
                               const char               *unit_type,
                               double                   *width,
                               double                   *depth)
{
  const double *size = NULL;
  Scale *s;

  if (self == NULL || scale >= self->scales->len)
    return FALSE;
  s = self->scales->pdata[scale];
  if (unit_type != NULL)
    size = g_hash_table_lookup (s->bases, unit_type);
  if (size == NULL)
    size = g_hash_table_lookup (s->bases, "");
  if (size == NULL)
    return FALSE;
  *width = size[0];
  *depth = size[1];
  return TRUE;
}

void
muster_terrain_types_free (MusterTerrainTypes *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->types);
  g_ptr_array_unref (self->scales);
  muster_range_rules_free (self->ranges);
  g_free (self);
}

guint
muster_terrain_types_get_n_types (const MusterTerrainTypes *self)
{
  return self->types->len;
}

const MusterTerrainType *
muster_terrain_types_get_type (const MusterTerrainTypes *self,
                               guint                     index)
{
  g_return_val_if_fail (index < self->types->len, NULL);
  return self->types->pdata[index];
}

/* Returns: (nullable) (transfer none): the type @id */
const MusterTerrainType *
muster_terrain_types_lookup (const MusterTerrainTypes *self,
                             const char               *id)
{
  for (guint i = 0; self != NULL && id != NULL && i < self->types->len; i++)
    if (g_str_equal (((MusterTerrainType *) self->types->pdata[i])->id, id))
      return self->types->pdata[i];
  return NULL;
}

/* Returns: (transfer full): the type's effects in plain words, one line each, in the user's
 * language (the app shows them in the inspector and the packet; the CLI does not): the
 * engine's own words as its messages are, the ruleset's rules through muster_ruleset_text() */
char *
muster_terrain_type_describe (const MusterTerrainType *type)
{
  static const char * const moves[] = { N_("Open going"), N_("Slow going"),
                                        N_("Difficult going"), N_("Impassable") };
  static const char * const covers[] = { N_("no cover"), N_("soft cover"), N_("hard cover") };
  GString *text = g_string_new (NULL);

  /* TRANSLATORS: a terrain type's effects: "Difficult going, soft cover. Blocks line of
   * sight." */
  g_string_append_printf (text, _("%s, %s. %s."), _(moves[type->move]), _(covers[type->cover]),
                          type->blocks_sight ? _("Blocks line of sight")
                                             : _("Does not block sight"));
  if (type->description != NULL)
    g_string_append_printf (text, "\n%s", muster_ruleset_text (type->description));
  if (type->source != NULL)
    g_string_append_printf (text, " (%s)", type->source);
  return g_string_free (text, FALSE);
}

static gboolean
type_blocks_sight (const MusterTerrainTypes *types,
                   const char               *id)
{
  const MusterTerrainType *type = muster_terrain_types_lookup (types, id);

  if (type != NULL)
    return type->blocks_sight;
  /* No such type in the ruleset: judge by the generic type of the same name. */
  switch (muster_terrain_kind_from_string (id))
    {
    case MUSTER_TERRAIN_WOODS:
    case MUSTER_TERRAIN_HILL:
    case MUSTER_TERRAIN_STEEP_HILL:
    case MUSTER_TERRAIN_BUILDING:
    case MUSTER_TERRAIN_IMPASSABLE:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Whether @shape (a piece that blocks sight) stands between the ends of @line: crossed, with
 * neither end inside it; @t0 is where the line enters it. @from_inside: whether @line.a is
 * known to be inside, -1 when it is to be tested. */
static gboolean
piece_blocks_line (const MusterShape *shape,
                   MusterSegment      line,
                   int                from_inside,
                   double            *t0)
{
  double t1;

  if (!muster_shape_intersect_segment (shape, line, t0, &t1))
    return FALSE;
  if (from_inside < 0)
    from_inside = muster_shape_contains_point (shape, line.a);
  return !from_inside && !muster_shape_contains_point (shape, line.b);
}

/**
 * muster_battlefield_line_of_sight:
 * @self: a battlefield
 * @types: (nullable): the rule system's terrain types
 * @from_id: a placement's feature id
 * @to_id: another's
 * @blocker: (out) (optional) (nullable): the first terrain piece in the way, from @from_id
 *
 * Traces the line between the two units' centres. A piece whose type blocks sight blocks the
 * line if the line crosses it, unless one of the units stands in it (at its edge: the books
 * let units at a wood's edge see and be seen, and units on a hill see over it).
 *
 * Returns: %TRUE if the line is clear
 */
gboolean
muster_battlefield_line_of_sight (MusterBattlefield        *self,
                                  const MusterTerrainTypes *types,
                                  const char               *from_id,
                                  const char               *to_id,
                                  const MusterFeature     **blocker)
{
  const MusterFeature *from = muster_battlefield_lookup (self, from_id);
  const MusterFeature *to = muster_battlefield_lookup (self, to_id);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  MusterSegment line;
  double nearest = INFINITY;

  if (blocker != NULL)
    *blocker = NULL;
  g_return_val_if_fail (from != NULL && to != NULL, FALSE);

  line = (MusterSegment) { from->centre, to->centre };
  muster_battlefield_query_box (self, muster_box_from_points (line.a, line.b), candidates);
  for (guint i = 0; i < candidates->len; i++)
    {
      const MusterFeature *piece = candidates->pdata[i];
      MusterPoint scratch[4];
      MusterShape shape;
      double t0;

      if (piece->kind != MUSTER_FEATURE_TERRAIN || !type_blocks_sight (types, piece->type))
        continue;
      shape = muster_feature_get_shape (piece, scratch);
      if (piece_blocks_line (&shape, line, -1, &t0) && t0 < nearest)
        {
          nearest = t0;
          if (blocker != NULL)
            *blocker = piece;
        }
    }
  return !isfinite (nearest);
}

/*
 * Sight from one unit to many (the map's tint reads it to every enemy on every frame of a
 * drag): the pieces that block sight are found, shaped and tested against the acting unit's
 * centre once, then each line only meets those whose box its own box meets. The answers are
 * muster_battlefield_line_of_sight()'s, blocker and all.
 */
#define SIGHT_BOX_SLACK_MM 0.01

typedef struct
{
  const MusterFeature *piece;
  MusterShape          shape;
  MusterPoint          scratch[4];   /* a rectangle's corners, which @shape points at */
  MusterBox            bounds;
} SightPiece;

struct _MusterSightFrom
{
  MusterBattlefield *battlefield;
  MusterPoint        from;
  GArray            *pieces;   /* SightPiece, in stored order, those holding @from left out */
};

/**
 * muster_sight_from_new:
 * @battlefield: a battlefield, not to be changed while the result is used
 * @types: (nullable): the rule system's terrain types
 * @from_id: a placement's feature id
 *
 * Returns: (transfer full) (nullable): sight from @from_id, for muster_sight_from_check();
 *   %NULL when there is no such feature
 */
MusterSightFrom *
muster_sight_from_new (MusterBattlefield        *battlefield,
                       const MusterTerrainTypes *types,
                       const char               *from_id)
{
  const MusterFeature *from = muster_battlefield_lookup (battlefield, from_id);
  MusterSightFrom *self;
  guint n = muster_battlefield_get_n_features (battlefield);

  if (from == NULL)
    return NULL;
  self = g_new0 (MusterSightFrom, 1);
  self->battlefield = battlefield;
  self->from = from->centre;
  self->pieces = g_array_new (FALSE, FALSE, sizeof (SightPiece));
  for (guint i = 0; i < n; i++)
    {
      const MusterFeature *piece = muster_battlefield_get_feature (battlefield, i);
      SightPiece *kept;

      if (piece->kind != MUSTER_FEATURE_TERRAIN || !type_blocks_sight (types, piece->type))
        continue;
      g_array_set_size (self->pieces, self->pieces->len + 1);
      kept = &g_array_index (self->pieces, SightPiece, self->pieces->len - 1);
      kept->piece = piece;
      kept->shape = muster_feature_get_shape (piece, kept->scratch);
      /* a little wider: the boxes only rule pieces out (the shape decides), and a line must
       * enter a piece's box surely before the piece, rounding and all */
      kept->bounds = muster_box_inflate (muster_feature_get_bounds (piece), SIGHT_BOX_SLACK_MM);
      /* a unit in a piece sees out of it: it blocks none of this unit's lines */
      if (muster_shape_contains_point (&kept->shape, self->from))
        g_array_set_size (self->pieces, self->pieces->len - 1);
    }
  /* the array may have moved as it grew: point each rectangle at its own corners again */
  for (guint i = 0; i < self->pieces->len; i++)
    {
      SightPiece *kept = &g_array_index (self->pieces, SightPiece, i);

      if (kept->piece->outline == MUSTER_OUTLINE_RECTANGLE)
        kept->shape.points = kept->scratch;
    }
  return self;
}

void
muster_sight_from_free (MusterSightFrom *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->pieces);
  g_free (self);
}

/**
 * muster_sight_from_check:
 * @self: sight from a unit
 * @to_id: another placement's feature id
 * @blocker: (out) (optional) (nullable): the first terrain piece in the way
 *
 * Returns: as muster_battlefield_line_of_sight() from @self's unit to @to_id
 */
gboolean
muster_sight_from_check (const MusterSightFrom *self,
                         const char            *to_id,
                         const MusterFeature  **blocker)
{
  const MusterFeature *to = muster_battlefield_lookup (self->battlefield, to_id);

  if (blocker != NULL)
    *blocker = NULL;
  g_return_val_if_fail (to != NULL, FALSE);
  return muster_sight_from_check_feature (self, to, blocker);
}

/**
 * muster_sight_from_check_feature:
 * @self: sight from a unit
 * @to: another placement of the battlefield
 * @blocker: (out) (optional) (nullable): the first terrain piece in the way
 *
 * As muster_sight_from_check(), for a caller that has the feature: looking it up by its id
 * walks the battlefield's features, which the map's tint would do for every enemy.
 *
 * Returns: as muster_battlefield_line_of_sight() from @self's unit to @to
 */
gboolean
muster_sight_from_check_feature (const MusterSightFrom *self,
                                 const MusterFeature   *to,
                                 const MusterFeature  **blocker)
{
  MusterSegment line;
  MusterBox box;
  double nearest = INFINITY;
  guint best = G_MAXUINT;
  /* the pieces whose box the line crosses, with where it enters the box */
  struct { double t; guint i; } near_stack[64], *near = near_stack;
  guint n_near = 0, size = G_N_ELEMENTS (near_stack);

  if (blocker != NULL)
    *blocker = NULL;
  g_return_val_if_fail (to != NULL, FALSE);

  line = (MusterSegment) { self->from, to->centre };
  box = muster_box_from_points (line.a, line.b);
  for (guint i = 0; i < self->pieces->len; i++)
    {
      const SightPiece *kept = &g_array_index (self->pieces, SightPiece, i);
      double t0 = 0.0, t1 = 1.0;
      guint at;

      /* a long line's box meets most pieces' boxes; the line itself far fewer, and testing
       * that costs a fraction of the shape's own test */
      if (!muster_box_intersects (kept->bounds, box) ||
          !_muster_geometry_clip_slab (line.a.x, line.b.x - line.a.x, kept->bounds.x0,
                                       kept->bounds.x1, &t0, &t1) ||
          !_muster_geometry_clip_slab (line.a.y, line.b.y - line.a.y, kept->bounds.y0,
                                       kept->bounds.y1, &t0, &t1))
        continue;
      if (n_near == size)
        {
          size *= 2;
          near = near == near_stack ? g_memdup2 (near_stack, sizeof near_stack)
                                    : near;
          near = g_realloc (near, size * sizeof *near);
        }
      /* in order of where the line enters their boxes (few: insertion) */
      for (at = n_near++; at > 0 && near[at - 1].t > t0; at--)
        near[at] = near[at - 1];
      near[at].t = t0;
      near[at].i = i;
    }
  /* A piece is entered no sooner than its box: once the boxes ahead are entered past the
   * nearest piece found, none of them can be nearer. Of pieces entered at the same point the
   * first stored blocks, as when they were tried in stored order. */
  for (guint k = 0; k < n_near && near[k].t <= nearest; k++)
    {
      const SightPiece *kept = &g_array_index (self->pieces, SightPiece, near[k].i);
      double t0;

      if (!piece_blocks_line (&kept->shape, line, FALSE, &t0) ||
          t0 > nearest || (t0 == nearest && near[k].i > best))
        continue;
      nearest = t0;
      best = near[k].i;
      if (blocker != NULL)
        *blocker = kept->piece;
    }
  if (near != near_stack)
    g_free (near);
  return !isfinite (nearest);
}

/**
 * muster_battlefield_distance:
 * @self: a battlefield
 * @a_id: a placement's feature id
 * @b_id: another's
 *
 * Returns: the distance between the nearest edges of the two units' stands, mm (0 in contact)
 */
double
muster_battlefield_distance (MusterBattlefield *self,
                             const char        *a_id,
                             const char        *b_id)
{
  const MusterFeature *a = muster_battlefield_lookup (self, a_id);
  const MusterFeature *b = muster_battlefield_lookup (self, b_id);
  g_autoptr(MusterFootprint) fa = NULL;
  g_autoptr(MusterFootprint) fb = NULL;

  g_return_val_if_fail (a != NULL && a->kind == MUSTER_FEATURE_UNIT, INFINITY);
  g_return_val_if_fail (b != NULL && b->kind == MUSTER_FEATURE_UNIT, INFINITY);
  fa = muster_feature_get_footprint (a);
  fb = muster_feature_get_footprint (b);
  return muster_footprint_distance (fa, fb);
}

/**
 * muster_battlefield_check_deployment:
 * @self: a battlefield
 * @doc: the document whose forces are placed
 *
 * Placed units of a side that has deployment zones must stand wholly inside one of them.
 * Sides without zones, and units on the umpire's layer, are not checked.
 *
 * Returns: (transfer full) (element-type MusterIssue): warnings, one per unit outside
 */
GPtrArray *
muster_battlefield_check_deployment (MusterBattlefield *self,
                                     MusterDoc         *doc)
{
  GPtrArray *issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);
  guint n = muster_battlefield_get_n_features (self);
  /* the zones, found once: looking for them among every feature for each unit kept a
   * document of 78,000 placed units from opening for minutes (issue 20) */
  g_autoptr(GPtrArray) zones = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    {
      const MusterFeature *zone = muster_battlefield_get_feature (self, i);

      if (zone->kind == MUSTER_FEATURE_ZONE && zone->points != NULL)
        g_ptr_array_add (zones, (gpointer) zone);
    }
  for (guint i = 0; i < n; i++)
    {
      const MusterFeature *placement = muster_battlefield_get_feature (self, i);
      MusterUnit *unit;
      MusterForce *force;
      const char *side;
      g_autoptr(MusterFootprint) footprint = NULL;
      const MusterPoint *outline;
      guint n_outline;
      gboolean has_zone = FALSE, inside = FALSE;

      if (placement->kind != MUSTER_FEATURE_UNIT || g_strcmp0 (placement->layer, "umpire") == 0)
        continue;
      if (!(unit = muster_doc_lookup_unit (doc, placement->unit)) ||
          !(force = muster_unit_get_force (unit)) || !(side = muster_force_get_side (force)))
        continue;
      footprint = muster_feature_get_footprint (placement);
      outline = muster_footprint_get_outline (footprint, &n_outline);
      for (guint j = 0; j < zones->len && !inside; j++)
        {
          const MusterFeature *zone = zones->pdata[j];
          const MusterPoint *zp;
          guint k;

          if (g_strcmp0 (zone->side, side) != 0)
            continue;
          has_zone = TRUE;
          zp = (const MusterPoint *) zone->points->data;
          for (k = 0; k < n_outline; k++)
            if (!muster_polygon_contains_point (zp, zone->points->len, MUSTER_FILL_EVEN_ODD,
                                                outline[k]))
              break;
          inside = k == n_outline;
        }
      if (has_zone && !inside)
        {
          g_autofree char *message =
            muster_format_message (N_("{unit} stands outside the {side} deployment zone"),
                                   (const char *[]) { "unit", muster_unit_get_name (unit)
                                                              ? muster_unit_get_name (unit)
                                                              : muster_unit_get_id (unit),
                                                      "side", side, NULL });

          g_ptr_array_add (issues, muster_issue_new (MUSTER_SEVERITY_WARNING, "deployment",
                                                     muster_force_get_id (force),
                                                     muster_unit_get_id (unit), message));
        }
    }
  return issues;
}
