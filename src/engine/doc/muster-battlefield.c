/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield"

#include "config.h"

#include "muster-battlefield-private.h"
#include "muster-xml.h"

/*
 * The <battlefield> element is the storage: each feature keeps its element, and an edit rewrites
 * the attributes and <point> children Muster knows, leaving the rest alone. A removed feature
 * takes its element with it, so undoing the removal brings back what Muster did not know too.
 *
 * The spatial index is keyed by position in the feature list and rebuilt on the first query
 * after an insertion or a removal: edits come one per gesture, queries many per frame. A
 * replaced feature (a unit dragged) only moves its box in it. Features are found by id, and
 * placements by unit, through hash tables kept up to date with each edit, so that placing or
 * checking every unit of a big list is not a scan of the table per unit.
 *
 * Revisions let a painter keep what it drew: every edit takes a new one, a stored feature
 * carries that of its last edit, and each kind that of the last insertion or removal of one of
 * its features (or of a change to the table, which every kind is drawn on).
 */

/* Revisions are counted across every battlefield of the process, so a battlefield freed and
 * another allocated at its address never look unchanged to a painter's cache. */
G_LOCK_DEFINE_STATIC (revisions);
static guint64 last_revision;

static guint64
bump (MusterBattlefield *self)
{
  G_LOCK (revisions);
  self->revision = ++last_revision;
  G_UNLOCK (revisions);
  return self->revision;
}

static const char kind_prefixes[] = { 't', 'z', 'o', 'p' };

static void
notify (MusterBattlefield *self,
        const char        *feature_id)
{
  if (self->watch != NULL)
    self->watch (self->watch_data, feature_id);
}

/* One watcher at a time (the document it is in); %NULL stops watching. */
void
_muster_battlefield_set_watch (MusterBattlefield      *self,
                               MusterBattlefieldWatch  watch,
                               gpointer                data)
{
  self->watch = watch;
  self->watch_data = data;
}

/* The battlefield */

MusterBattlefield *
_muster_battlefield_alloc (void)
{
  MusterBattlefield *self = g_new0 (MusterBattlefield, 1);

  self->features = g_ptr_array_new ();
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  bump (self);
  for (guint k = 0; k < G_N_ELEMENTS (self->kind_revision); k++)
    self->kind_revision[k] = self->revision;
  return self;
}

/**
 * muster_battlefield_new:
 * @width: table width, mm
 * @height: table depth, mm
 * @units: "in" or "cm": how lengths are shown
 *
 * Returns: (transfer full): an empty table, not yet in a document
 */
/* The grid a new table gets: a foot, or 10 cm on a table in centimetres. Returns: mm */
double
muster_battlefield_default_grid (const char *units)
{
  return g_strcmp0 (units, "cm") == 0 ? 100 : muster_mm_from_inches (12);
}

MusterBattlefield *
muster_battlefield_new (double      width,
                        double      height,
                        const char *units)
{
  MusterBattlefield *self = _muster_battlefield_alloc ();

  self->xml = xmlNewNode (NULL, (const xmlChar *) "battlefield");
  self->owns_xml = TRUE;
  self->width = width;
  self->height = height;
  self->units = g_strdup (units ? units : "in");
  _muster_battlefield_write_table (self);
  return self;
}

gpointer
_muster_battlefield_get_xml (MusterBattlefield *self)
{
  return self->xml;
}

/* Called by the document when it adopts the element into its tree or lets it go. */
void
_muster_battlefield_set_owned (MusterBattlefield *self,
                               gboolean           owned)
{
  self->owns_xml = owned;
}

void
muster_battlefield_free (MusterBattlefield *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->features->len; i++)
    {
      MusterFeature *feature = self->features->pdata[i];

      feature->xml = NULL;   /* the tree's */
      muster_feature_free (feature);
    }
  g_ptr_array_unref (self->features);
  g_hash_table_unref (self->by_id);
  g_clear_pointer (&self->by_unit, g_hash_table_unref);
  g_clear_pointer (&self->spatial, muster_spatial_free);
  if (self->owns_xml)
    xmlFreeNode (self->xml);
  g_free (self->units);
  g_free (self);
}

double
muster_battlefield_get_width (const MusterBattlefield *self)
{
  return self->width;
}

double
muster_battlefield_get_height (const MusterBattlefield *self)
{
  return self->height;
}

const char *
muster_battlefield_get_units (const MusterBattlefield *self)
{
  return self->units;
}

/* Returns: the grid spacing in mm, 0 for none */
double
muster_battlefield_get_grid (const MusterBattlefield *self)
{
  return self->grid;
}

void
muster_battlefield_set_table (MusterBattlefield *self,
                              double             width,
                              double             height,
                              const char        *units,
                              double             grid)
{
  g_return_if_fail (width > 0 && height > 0);

  self->width = width;
  self->height = height;
  g_free (self->units);
  self->units = g_strdup (units ? units : "in");
  self->grid = MAX (grid, 0);
  _muster_battlefield_write_table (self);
  bump (self);
  for (guint k = 0; k < G_N_ELEMENTS (self->kind_revision); k++)
    self->kind_revision[k] = self->revision;
  notify (self, NULL);
}

/* Returns: a count that grows with every edit of the table or its features */
guint64
muster_battlefield_get_revision (const MusterBattlefield *self)
{
  return self->revision;
}

/* Returns: the revision at which a feature of @kind was last inserted or removed, or the table
 *   changed; with the features' own revisions, it tells whether anything of @kind changed */
guint64
muster_battlefield_get_kind_revision (const MusterBattlefield *self,
                                      MusterFeatureKind        kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (self->kind_revision), 0);
  return self->kind_revision[kind];
}

MusterBox
muster_battlefield_get_table_box (const MusterBattlefield *self)
{
  return (MusterBox) { 0, 0, self->width, self->height };
}

guint
muster_battlefield_get_n_features (const MusterBattlefield *self)
{
  return self->features->len;
}

const MusterFeature *
muster_battlefield_get_feature (const MusterBattlefield *self,
                                guint                    index)
{
  g_return_val_if_fail (index < self->features->len, NULL);
  return self->features->pdata[index];
}

int
muster_battlefield_index_of (const MusterBattlefield *self,
                             const char              *id)
{
  const MusterFeature *feature = muster_battlefield_lookup (self, id);

  for (guint i = 0; feature != NULL && i < self->features->len; i++)
    if (self->features->pdata[i] == feature)
      return i;
  return -1;
}

/* Returns: (nullable) (transfer none): the feature with @id */
const MusterFeature *
muster_battlefield_lookup (const MusterBattlefield *self,
                           const char              *id)
{
  return id != NULL ? g_hash_table_lookup (self->by_id, id) : NULL;
}

/* Files @feature, whose id no other feature has, under its id. */
void
_muster_battlefield_take_id (MusterBattlefield *self,
                             MusterFeature     *feature)
{
  if (feature->id != NULL)
    g_hash_table_replace (self->by_id, feature->id, feature);
}

/* The placements by unit, made again when stale: the first of each unit's, as a scan of the
 * table in order finds it. */
static GHashTable *
get_by_unit (MusterBattlefield *self)
{
  if (self->by_unit == NULL)
    {
      self->by_unit = g_hash_table_new (g_str_hash, g_str_equal);
      self->unit_twins = FALSE;
      for (guint i = 0; i < self->features->len; i++)
        {
          MusterFeature *feature = self->features->pdata[i];

          if (feature->kind != MUSTER_FEATURE_UNIT || feature->unit == NULL)
            continue;
          if (g_hash_table_contains (self->by_unit, feature->unit))
            self->unit_twins = TRUE;   /* the first stays */
          else
            g_hash_table_insert (self->by_unit, feature->unit, feature);
        }
    }
  return self->by_unit;
}

/* Returns: (nullable) (transfer none): where the unit @unit_id stands, if it is placed */
const MusterFeature *
muster_battlefield_lookup_unit (const MusterBattlefield *self,
                                const char              *unit_id)
{
  return unit_id != NULL ? g_hash_table_lookup (get_by_unit ((MusterBattlefield *) self), unit_id)
                         : NULL;
}

/* Whether a feature other than @feature has @id. */
static gboolean
id_taken_by_other (const MusterBattlefield *self,
                   const MusterFeature     *feature,
                   const char              *id)
{
  const MusterFeature *other = muster_battlefield_lookup (self, id);

  return other != NULL && other != feature;
}

/* Gives @feature the id of its kind with the first number from @n on that no other feature
 * has: "t3", "z1"… @feature may be in the list already (a feature read without an id) or not
 * (one being inserted). */
void
_muster_battlefield_number_feature (MusterBattlefield *self,
                                    MusterFeature     *feature,
                                    guint              n)
{
  if (feature->id != NULL && muster_battlefield_lookup (self, feature->id) == feature)
    g_hash_table_remove (self->by_id, feature->id);
  do
    {
      g_free (feature->id);
      feature->id = g_strdup_printf ("%c%u", kind_prefixes[feature->kind], n++);
    }
  while (id_taken_by_other (self, feature, feature->id));
}

/**
 * muster_battlefield_insert:
 * @self: a battlefield
 * @index: where in the z-order; -1 for the top
 * @feature: (transfer full): a feature, as made or as removed
 *
 * A feature without an id, or with one in use, gets a new one.
 *
 * Returns: (transfer none): the feature's id
 */
char *
muster_battlefield_insert (MusterBattlefield *self,
                           int                index,
                           MusterFeature     *feature)
{
  xmlNode *before = NULL;

  if (index < 0 || (guint) index > self->features->len)
    index = self->features->len;
  if (feature->id == NULL || muster_battlefield_lookup (self, feature->id) != NULL)
    _muster_battlefield_number_feature (self, feature, self->features->len + 1);
  _muster_feature_write (feature);

  if ((guint) index < self->features->len)
    before = ((MusterFeature *) self->features->pdata[index])->xml;
  if (before != NULL)
    xmlAddPrevSibling (before, feature->xml);
  else if (self->features->len > 0)
    /* on top: after the last feature, which stands before the scenario sheet if any (finding
     * the sheet among the children would scan them all at each insertion) */
    xmlAddNextSibling (((MusterFeature *) self->features->pdata[self->features->len - 1])->xml,
                       feature->xml);
  else if (_muster_battlefield_scenario_node (self, FALSE) != NULL)
    xmlAddPrevSibling (_muster_battlefield_scenario_node (self, FALSE), feature->xml);
  else
    xmlAddChild (self->xml, feature->xml);
  g_ptr_array_insert (self->features, index, feature);
  _muster_battlefield_take_id (self, feature);
  if (self->by_unit != NULL && feature->kind == MUSTER_FEATURE_UNIT && feature->unit != NULL)
    {
      /* a second placement of a unit: which comes first is the table's order */
      if (g_hash_table_contains (self->by_unit, feature->unit))
        g_clear_pointer (&self->by_unit, g_hash_table_unref);
      else
        g_hash_table_insert (self->by_unit, feature->unit, feature);
    }
  g_clear_pointer (&self->spatial, muster_spatial_free);
  feature->revision = bump (self);
  self->kind_revision[feature->kind] = self->revision;
  notify (self, feature->id);
  return feature->id;
}

/**
 * muster_battlefield_remove:
 * @self: a battlefield
 * @id: a feature's id
 * @index: (out) (optional): where it was, to insert it back there
 *
 * Returns: (transfer full) (nullable): the feature, with its element, for
 *   muster_battlefield_insert() to put back
 */
MusterFeature *
muster_battlefield_remove (MusterBattlefield *self,
                           const char        *id,
                           int               *index)
{
  int at = muster_battlefield_index_of (self, id);
  MusterFeature *feature;

  if (index != NULL)
    *index = at;
  if (at < 0)
    return NULL;
  feature = g_ptr_array_steal_index (self->features, at);
  g_hash_table_remove (self->by_id, feature->id);
  if (self->by_unit != NULL && feature->unit != NULL &&
      g_hash_table_lookup (self->by_unit, feature->unit) == feature)
    {
      /* a unit placed twice has another placement to find */
      if (self->unit_twins)
        g_clear_pointer (&self->by_unit, g_hash_table_unref);
      else
        g_hash_table_remove (self->by_unit, feature->unit);
    }
  muster_xml_detach (feature->xml);
  g_clear_pointer (&self->spatial, muster_spatial_free);
  self->kind_revision[feature->kind] = bump (self);
  notify (self, feature->id);
  return feature;
}

/**
 * muster_battlefield_replace:
 * @self: a battlefield
 * @feature: the new value of the feature with the same id
 *
 * Moves, reshapes, renames… anything but the kind.
 *
 * Returns: (transfer full) (nullable): the old value, to replace back with
 */
MusterFeature *
muster_battlefield_replace (MusterBattlefield   *self,
                            const MusterFeature *feature)
{
  int at = muster_battlefield_index_of (self, feature->id);
  MusterFeature *old, *now;

  if (at < 0)
    return NULL;
  old = self->features->pdata[at];
  g_return_val_if_fail (old->kind == feature->kind, NULL);

  now = muster_feature_copy (feature);
  now->xml = old->xml;
  old->xml = NULL;
  _muster_feature_write (now);
  self->features->pdata[at] = now;
  _muster_battlefield_take_id (self, now);
  /* keys point into the features, and the old one is the caller's now */
  if (self->by_unit != NULL && old->unit != NULL &&
      g_hash_table_lookup (self->by_unit, old->unit) == old)
    {
      g_hash_table_remove (self->by_unit, old->unit);
      if (now->unit != NULL && !g_hash_table_contains (self->by_unit, now->unit))
        g_hash_table_insert (self->by_unit, now->unit, now);
      else
        g_clear_pointer (&self->by_unit, g_hash_table_unref);
    }
  else if (self->by_unit != NULL && now->unit != NULL &&
           g_strcmp0 (old->unit, now->unit) != 0)
    g_clear_pointer (&self->by_unit, g_hash_table_unref);
  /* a drag replaces a unit on every frame: its box moves in the index, which is not built
   * again from every feature's (a few milliseconds on a crowded table) */
  if (self->spatial != NULL)
    muster_spatial_update (self->spatial, at, muster_feature_get_bounds (now));
  now->revision = bump (self);
  notify (self, now->id);
  return old;
}

static MusterSpatial *
get_spatial (MusterBattlefield *self)
{
  if (self->spatial == NULL)
    {
      self->spatial = muster_spatial_new (MUSTER_SPATIAL_DEFAULT_CELL * 2);
      for (guint i = 0; i < self->features->len; i++)
        muster_spatial_insert (self->spatial, i,
                               muster_feature_get_bounds (self->features->pdata[i]));
    }
  return self->spatial;
}

/**
 * muster_battlefield_query_box:
 * @self: a battlefield
 * @box: a region of the table
 * @features: (element-type MusterFeature): receives the features whose bounds meet @box, in
 *   z-order (bottom first); borrowed
 *
 * Returns: how many were added
 */
guint
muster_battlefield_query_box (MusterBattlefield *self,
                              MusterBox          box,
                              GPtrArray         *features)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));

  muster_spatial_query_box (get_spatial (self), box, ids);
  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (features, self->features->pdata[g_array_index (ids, guint, i)]);
  return ids->len;
}

static double
feature_distance (const MusterFeature *feature,
                  MusterPoint          p)
{
  MusterPoint scratch[4];
  MusterShape shape;

  if (feature->kind == MUSTER_FEATURE_UNIT)
    {
      g_autoptr(MusterFootprint) footprint = muster_feature_get_footprint (feature);
      MusterShape outline = muster_footprint_get_shape (footprint);

      return muster_shape_contains_point (&outline, p)
             ? 0 : muster_shape_distance_to_point (&outline, p);
    }
  if (feature->kind == MUSTER_FEATURE_OBJECTIVE)
    return MAX (muster_point_distance (feature->centre, p) - 15, 0);
  shape = muster_feature_get_shape (feature, scratch);
  return muster_shape_contains_point (&shape, p) ? 0 : muster_shape_distance_to_point (&shape, p);
}

/**
 * muster_battlefield_hit:
 * @self: a battlefield
 * @p: a table point
 * @tolerance: how far off a feature still hits it, mm
 * @umpire: whether features on the umpire's layer can be hit (are shown)
 *
 * Units first, then objectives, then the topmost terrain, then zones: what a click means.
 *
 * Returns: (nullable) (transfer none): the feature under @p
 */
const MusterFeature *
muster_battlefield_hit (MusterBattlefield *self,
                        MusterPoint        p,
                        double             tolerance,
                        gboolean           umpire)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  static const MusterFeatureKind order[] = { MUSTER_FEATURE_UNIT, MUSTER_FEATURE_OBJECTIVE,
                                             MUSTER_FEATURE_TERRAIN, MUSTER_FEATURE_ZONE };
  MusterBox box = muster_box_inflate (muster_box_from_points (p, p), tolerance);

  muster_spatial_query_box (get_spatial (self), box, ids);
  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    for (guint i = ids->len; i-- > 0;)
      {
        MusterFeature *feature = self->features->pdata[g_array_index (ids, guint, i)];

        if (feature->kind == order[k] &&
            (umpire || !muster_feature_is_hidden (feature)) &&
            feature_distance (feature, p) <= tolerance)
          return feature;
      }
  return NULL;
}
