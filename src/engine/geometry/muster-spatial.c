/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-spatial"

#include "config.h"

#include "muster-spatial.h"

/*
 * The table is cut into square cells of a fixed size; each box is filed in every cell it
 * overlaps, and cells are kept in a hash table, so the table needs no bounds and empty ground
 * costs nothing. A query visits only the cells it overlaps (a segment, the cells along it) and
 * tests the boxes filed there.
 *
 * Boxes that would fill more than MAX_CELLS cells (a river's bounding box, a non-finite box)
 * go in a short "big" list that every query scans. A query that would visit more cells than
 * there are boxes scans the boxes instead. Either way the answer is the same as a scan.
 *
 * A query marks each box it has seen with the query's stamp, so a box filed in several cells
 * is reported once. That makes queries write to the index: one thread at a time.
 */

#define MAX_CELLS 256

typedef struct
{
  guint     id;
  MusterBox box;
  gint      cx0, cy0, cx1, cy1;   /* the cells it is filed in, when filed */
  gboolean  filed;
  gboolean  big;
  guint     stamp;
} Item;

struct _MusterSpatial
{
  double      cell;
  GHashTable *items;   /* id → Item (owned) */
  GHashTable *cells;   /* packed cell coordinates → GPtrArray of Item (borrowed) */
  GPtrArray  *big;     /* Item (borrowed) */
  guint       stamp;
};

typedef gboolean (*Predicate) (const Item *item, gconstpointer query);

/* Cells far apart may share a key (coordinates wrap at 2^16); they then share a bucket, which
 * costs a few extra box tests and never loses an answer. */
static inline gpointer
cell_key (gint cx,
          gint cy)
{
  return GUINT_TO_POINTER ((((guint) cx & 0xffffu) << 16) | ((guint) cy & 0xffffu));
}

static inline gint
cell_of (const MusterSpatial *self,
         double               x)
{
  double c = floor (x / self->cell);

  return (gint) CLAMP (c, (double) (G_MININT / 2), (double) (G_MAXINT / 2));
}

static inline gboolean
box_is_finite (MusterBox box)
{
  return isfinite (box.x0) && isfinite (box.y0) && isfinite (box.x1) && isfinite (box.y1);
}

/**
 * muster_spatial_new:
 * @cell_size: the grid pitch in mm; about the size of the typical item (a stand, a small
 *   terrain piece) works best. Not positive means %MUSTER_SPATIAL_DEFAULT_CELL
 *
 * Returns: (transfer full): an empty index
 */
MusterSpatial *
muster_spatial_new (double cell_size)
{
  MusterSpatial *self = g_new0 (MusterSpatial, 1);

  self->cell = cell_size > 0.0 && isfinite (cell_size) ? cell_size : MUSTER_SPATIAL_DEFAULT_CELL;
  self->items = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->cells = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  self->big = g_ptr_array_new ();
  return self;
}

void
muster_spatial_free (MusterSpatial *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->cells);
  g_hash_table_unref (self->items);
  g_ptr_array_unref (self->big);
  g_free (self);
}

guint
muster_spatial_get_size (const MusterSpatial *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return g_hash_table_size (self->items);
}

gboolean
muster_spatial_contains (const MusterSpatial *self,
                         guint                id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return g_hash_table_contains (self->items, GUINT_TO_POINTER (id));
}

/**
 * muster_spatial_get_box:
 * @box: (out) (optional): the box filed for @id
 *
 * Returns: %FALSE if @id is not in the index
 */
gboolean
muster_spatial_get_box (const MusterSpatial *self,
                        guint                id,
                        MusterBox           *box)
{
  Item *item;

  g_return_val_if_fail (self != NULL, FALSE);

  item = g_hash_table_lookup (self->items, GUINT_TO_POINTER (id));
  if (item == NULL)
    return FALSE;
  if (box != NULL)
    *box = item->box;
  return TRUE;
}

static void
file_item (MusterSpatial *self,
           Item          *item)
{
  item->filed = FALSE;
  item->big = FALSE;

  /* An empty box meets nothing, so it is filed nowhere. */
  if (muster_box_is_empty (item->box))
    return;

  if (!box_is_finite (item->box))
    {
      item->big = TRUE;
      g_ptr_array_add (self->big, item);
      return;
    }

  item->cx0 = cell_of (self, item->box.x0);
  item->cy0 = cell_of (self, item->box.y0);
  item->cx1 = cell_of (self, item->box.x1);
  item->cy1 = cell_of (self, item->box.y1);
  if (((double) item->cx1 - item->cx0 + 1.0) * ((double) item->cy1 - item->cy0 + 1.0) > MAX_CELLS)
    {
      item->big = TRUE;
      g_ptr_array_add (self->big, item);
      return;
    }

  item->filed = TRUE;
  for (gint cx = item->cx0; cx <= item->cx1; cx++)
    for (gint cy = item->cy0; cy <= item->cy1; cy++)
      {
        gpointer key = cell_key (cx, cy);
        GPtrArray *bucket = g_hash_table_lookup (self->cells, key);

        if (bucket == NULL)
          {
            bucket = g_ptr_array_new ();
            g_hash_table_insert (self->cells, key, bucket);
          }
        g_ptr_array_add (bucket, item);
      }
}

static void
unfile_item (MusterSpatial *self,
             Item          *item)
{
  if (item->big)
    g_ptr_array_remove_fast (self->big, item);

  if (item->filed)
    for (gint cx = item->cx0; cx <= item->cx1; cx++)
      for (gint cy = item->cy0; cy <= item->cy1; cy++)
        {
          gpointer key = cell_key (cx, cy);
          GPtrArray *bucket = g_hash_table_lookup (self->cells, key);

          /* Aliased cells hold the item once per alias: remove one copy each time. */
          if (bucket != NULL && g_ptr_array_remove_fast (bucket, item) && bucket->len == 0)
            g_hash_table_remove (self->cells, key);
        }

  item->filed = FALSE;
  item->big = FALSE;
}

/**
 * muster_spatial_insert:
 * @id: the caller's id for the item; it must not be in the index yet
 * @box: its bounding box; an empty box is kept but never found
 */
void
muster_spatial_insert (MusterSpatial *self,
                       guint          id,
                       MusterBox      box)
{
  Item *item;

  g_return_if_fail (self != NULL);
  g_return_if_fail (!g_hash_table_contains (self->items, GUINT_TO_POINTER (id)));

  item = g_new0 (Item, 1);
  item->id = id;
  item->box = box;
  g_hash_table_insert (self->items, GUINT_TO_POINTER (id), item);
  file_item (self, item);
}

/**
 * muster_spatial_update:
 *
 * Moves @id to @box (after a unit moves or a terrain piece is edited).
 *
 * Returns: %FALSE if @id is not in the index
 */
gboolean
muster_spatial_update (MusterSpatial *self,
                       guint          id,
                       MusterBox      box)
{
  Item *item;

  g_return_val_if_fail (self != NULL, FALSE);

  item = g_hash_table_lookup (self->items, GUINT_TO_POINTER (id));
  if (item == NULL)
    return FALSE;

  /* A small move inside the same cells needs no refiling. */
  if (item->filed && box_is_finite (box) && !muster_box_is_empty (box) &&
      cell_of (self, box.x0) == item->cx0 && cell_of (self, box.y0) == item->cy0 &&
      cell_of (self, box.x1) == item->cx1 && cell_of (self, box.y1) == item->cy1)
    {
      item->box = box;
      return TRUE;
    }

  unfile_item (self, item);
  item->box = box;
  file_item (self, item);
  return TRUE;
}

/* Returns: %FALSE if @id is not in the index */
gboolean
muster_spatial_remove (MusterSpatial *self,
                       guint          id)
{
  Item *item;

  g_return_val_if_fail (self != NULL, FALSE);

  item = g_hash_table_lookup (self->items, GUINT_TO_POINTER (id));
  if (item == NULL)
    return FALSE;
  unfile_item (self, item);
  g_hash_table_remove (self->items, GUINT_TO_POINTER (id));
  return TRUE;
}

static guint
next_stamp (MusterSpatial *self)
{
  if (++self->stamp == 0)
    {
      GHashTableIter iter;
      gpointer value;

      /* After 2^32 queries: forget old stamps rather than mistake one for this query's. */
      g_hash_table_iter_init (&iter, self->items);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        ((Item *) value)->stamp = 0;
      self->stamp = 1;
    }
  return self->stamp;
}

static inline void
consider (Item          *item,
          guint          stamp,
          Predicate      predicate,
          gconstpointer  query,
          GArray        *ids)
{
  if (item->stamp == stamp)
    return;
  item->stamp = stamp;
  if (predicate (item, query))
    g_array_append_val (ids, item->id);
}

static void
consider_cell (MusterSpatial *self,
               gint           cx,
               gint           cy,
               guint          stamp,
               Predicate      predicate,
               gconstpointer  query,
               GArray        *ids)
{
  GPtrArray *bucket = g_hash_table_lookup (self->cells, cell_key (cx, cy));

  if (bucket != NULL)
    for (guint i = 0; i < bucket->len; i++)
      consider (g_ptr_array_index (bucket, i), stamp, predicate, query, ids);
}

static void
scan_all (MusterSpatial *self,
          guint          stamp,
          Predicate      predicate,
          gconstpointer  query,
          GArray        *ids)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    consider (value, stamp, predicate, query, ids);
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

/* Sorts what this query appended and says how much that was. */
static guint
finish (GArray *ids,
        guint   start)
{
  if (ids->len - start > 1)
    qsort (&g_array_index (ids, guint, start), ids->len - start, sizeof (guint), compare_ids);
  return ids->len - start;
}

/* Whether visiting @n_cells cells costs more than looking at every box. */
static gboolean
cheaper_to_scan (const MusterSpatial *self,
                 double               n_cells)
{
  return !isfinite (n_cells) || n_cells > 2.0 * g_hash_table_size (self->items) + 16.0;
}

static gboolean
box_meets (const Item    *item,
           gconstpointer  query)
{
  return muster_box_intersects (item->box, *(const MusterBox *) query);
}

static gboolean
point_meets (const Item    *item,
             gconstpointer  query)
{
  return muster_box_contains_point (item->box, *(const MusterPoint *) query);
}

static gboolean
segment_meets (const Item    *item,
               gconstpointer  query)
{
  return muster_box_intersects_segment (item->box, *(const MusterSegment *) query);
}

/* Every query ends here: the big boxes, then the answer sorted. */
static guint
finish_with_big (MusterSpatial *self,
                 guint          stamp,
                 Predicate      predicate,
                 gconstpointer  query,
                 GArray        *ids,
                 guint          start)
{
  for (guint i = 0; i < self->big->len; i++)
    consider (g_ptr_array_index (self->big, i), stamp, predicate, query, ids);
  return finish (ids, start);
}

/**
 * muster_spatial_query_box:
 * @ids: a #GArray of guint to append to
 *
 * Appends the ids whose box meets @box (touching counts), sorted.
 *
 * Returns: how many ids were appended
 */
guint
muster_spatial_query_box (MusterSpatial *self,
                          MusterBox      box,
                          GArray        *ids)
{
  guint start, stamp;
  gint cx0, cy0, cx1, cy1;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (ids != NULL && g_array_get_element_size (ids) == sizeof (guint), 0);

  start = ids->len;
  if (muster_box_is_empty (box))
    return 0;

  stamp = next_stamp (self);
  if (!box_is_finite (box))
    {
      scan_all (self, stamp, box_meets, &box, ids);
      return finish (ids, start);
    }

  cx0 = cell_of (self, box.x0);
  cy0 = cell_of (self, box.y0);
  cx1 = cell_of (self, box.x1);
  cy1 = cell_of (self, box.y1);
  if (cheaper_to_scan (self, ((double) cx1 - cx0 + 1.0) * ((double) cy1 - cy0 + 1.0)))
    scan_all (self, stamp, box_meets, &box, ids);
  else
    {
      for (gint cx = cx0; cx <= cx1; cx++)
        for (gint cy = cy0; cy <= cy1; cy++)
          consider_cell (self, cx, cy, stamp, box_meets, &box, ids);
      return finish_with_big (self, stamp, box_meets, &box, ids, start);
    }
  return finish (ids, start);
}

/**
 * muster_spatial_query_point:
 * @ids: a #GArray of guint to append to
 *
 * Appends the ids whose box holds @p (edges included), sorted. For a click with some slop,
 * query a small box around the pointer instead.
 *
 * Returns: how many ids were appended
 */
guint
muster_spatial_query_point (MusterSpatial *self,
                            MusterPoint    p,
                            GArray        *ids)
{
  guint start, stamp;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (ids != NULL && g_array_get_element_size (ids) == sizeof (guint), 0);

  start = ids->len;
  if (!isfinite (p.x) || !isfinite (p.y))
    return 0;

  stamp = next_stamp (self);
  consider_cell (self, cell_of (self, p.x), cell_of (self, p.y), stamp, point_meets, &p, ids);
  return finish_with_big (self, stamp, point_meets, &p, ids, start);
}

/**
 * muster_spatial_query_segment:
 * @ids: a #GArray of guint to append to
 *
 * Appends the ids whose box the segment touches, sorted: the candidates that may block a line
 * of sight.
 *
 * Returns: how many ids were appended
 */
guint
muster_spatial_query_segment (MusterSpatial *self,
                              MusterSegment  segment,
                              GArray        *ids)
{
  MusterBox extent;
  guint start, stamp;
  gint cx0, cx1;
  double dx, dy, slack;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (ids != NULL && g_array_get_element_size (ids) == sizeof (guint), 0);

  start = ids->len;
  extent = muster_box_from_points (segment.a, segment.b);
  if (muster_box_is_empty (extent))   /* a NaN coordinate */
    return 0;

  stamp = next_stamp (self);
  cx0 = cell_of (self, extent.x0);
  cx1 = cell_of (self, extent.x1);
  if (!box_is_finite (extent) ||
      cheaper_to_scan (self, ((double) cx1 - cx0 + 1.0) +
                             ((double) cell_of (self, extent.y1) - cell_of (self, extent.y0) + 1.0)))
    {
      scan_all (self, stamp, segment_meets, &segment, ids);
      return finish (ids, start);
    }

  /* Column by column: the cells the segment crosses within each column, with a little slack
   * so that rounding at a cell edge never skips a cell (extra cells cost only box tests). */
  dx = segment.b.x - segment.a.x;
  dy = segment.b.y - segment.a.y;
  slack = 1e-9 * (self->cell + fabs (extent.x0) + fabs (extent.x1) + fabs (extent.y0) +
                  fabs (extent.y1));
  for (gint cx = cx0; cx <= cx1; cx++)
    {
      double ylo = extent.y0, yhi = extent.y1;

      if (dx != 0.0)
        {
          double xa = MAX (extent.x0, cx * self->cell - slack);
          double xb = MIN (extent.x1, (cx + 1.0) * self->cell + slack);
          double ya = segment.a.y + (xa - segment.a.x) / dx * dy;
          double yb = segment.a.y + (xb - segment.a.x) / dx * dy;

          ylo = MAX (extent.y0, MIN (ya, yb));
          yhi = MIN (extent.y1, MAX (ya, yb));
        }
      for (gint cy = cell_of (self, ylo - slack), cy1 = cell_of (self, yhi + slack); cy <= cy1; cy++)
        consider_cell (self, cx, cy, stamp, segment_meets, &segment, ids);
    }
  return finish_with_big (self, stamp, segment_meets, &segment, ids, start);
}
