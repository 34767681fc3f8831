/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-view"

#include "config.h"

#include "muster-map-view-private.h"

/*
 * The battle map: draws the document's battlefield with the map painter in snapshot, and turns
 * gestures into viewport changes and battlefield commands. Every coordinate goes through the
 * viewport once; hit tests are the engine's. A drag previews its edit on the battlefield
 * directly and, when it ends, puts the old values back and pushes one command with the new
 * ones: one undo step per gesture.
 *
 * Frames come from a map cache: the ground and units stay painted between frames, and what is
 * being dragged is "live", painted over them. Pans move by whole pixels so the cache can scroll.
 * Zoom steps show the kept layers scaled until the zoom rests, then one frame paints them sharp.
 */

G_DEFINE_FINAL_TYPE (MusterMapView, muster_map_view, GTK_TYPE_WIDGET)

enum {
  SELECTION_CHANGED,
  MEASURED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
_muster_map_view_selection_changed (MusterMapView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
_muster_map_view_measured (MusterMapView *self)
{
  g_signal_emit (self, signals[MEASURED], 0);
}

static void
battlefield_changed_cb (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  GHashTableIter iter;
  gpointer id;

  if (field == NULL)
    self->fitted = FALSE;
  /* a measure taken on the table as it was may no longer hold (a sight line naming terrain a
   * generation or a delete took away): it goes, unless one is being taken */
  if (self->drag != DRAG_MEASURE)
    _muster_map_view_clear_measure (self);
  /* forget selected features that an undo took away */
  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    if (field == NULL || muster_battlefield_lookup (field, id) == NULL)
      g_hash_table_iter_remove (&iter);
  _muster_map_view_selection_changed (self);
}

static void
lists_changed_cb (MusterMapView *self)
{
  /* shown, the change shows at once; else (edited in another workspace) the map comes in
   * bands when it is shown again, as when it was first shown */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    muster_map_cache_invalidate (self->cache);
  else
    muster_map_cache_forget (self->cache);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_map_view_set_document (MusterMapView  *self,
                              MusterDocument *document)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  muster_map_cache_invalidate (self->cache);
  self->fitted = FALSE;
  battlefield_changed_cb (self);
}

void
muster_map_view_set_terrain_types (MusterMapView            *self,
                                   const MusterTerrainTypes *types)
{
  self->types = types;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MusterViewport *
muster_map_view_get_viewport (MusterMapView *self)
{
  return self->viewport;
}

void
muster_map_view_set_tool (MusterMapView *self,
                          MusterMapTool  tool)
{
  self->tool = tool;
  g_array_set_size (self->outline, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MusterMapTool
muster_map_view_get_tool (MusterMapView *self)
{
  return self->tool;
}

void
muster_map_view_set_terrain_type (MusterMapView *self,
                                  const char    *type)
{
  g_free (self->terrain_type);
  self->terrain_type = g_strdup (type);
}

void
muster_map_view_set_zone_side (MusterMapView *self,
                               const char    *side)
{
  g_free (self->zone_side);
  self->zone_side = g_strdup (side);
}

void
muster_map_view_set_show_umpire (MusterMapView *self,
                                 gboolean       show)
{
  self->show_umpire = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Rings round the selected units: their weapon ranges from the rule system. */
void
muster_map_view_set_show_ranges (MusterMapView *self,
                                 gboolean       show)
{
  self->show_ranges = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
muster_map_view_get_show_ranges (MusterMapView *self)
{
  return self->show_ranges;
}

/**
 * muster_map_view_set_tint:
 * @self: a map view
 * @tint: (nullable): enemy units to tint by their odds, with a legend; %NULL for none
 */
void
muster_map_view_set_tint (MusterMapView  *self,
                          MusterOddsTint *tint)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  if (tint == self->tint)
    return;
  g_clear_pointer (&self->tint, muster_odds_tint_unref);
  self->tint = tint != NULL ? muster_odds_tint_ref (tint) : NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Returns: (transfer none) (nullable): the tint shown */
MusterOddsTint *
muster_map_view_get_tint (MusterMapView *self)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), NULL);
  return self->tint;
}

/**
 * muster_map_view_set_snap:
 * @self: a map view
 * @snap: whether dragged moves go by a quarter of the grid (5 mm without one) and turns by 15°
 *
 * On by default; off, features go exactly where they are dragged.
 */
void
muster_map_view_set_snap (MusterMapView *self,
                          gboolean       snap)
{
  self->snap = snap;
}

gboolean
muster_map_view_get_snap (MusterMapView *self)
{
  return self->snap;
}

GtkWidget *
muster_map_view_new (void)
{
  return g_object_new (MUSTER_TYPE_MAP_VIEW, NULL);
}

static void
muster_map_view_dispose (GObject *object)
{
  MusterMapView *self = MUSTER_MAP_VIEW (object);

  g_signal_group_set_target (self->document_signals, NULL);
  g_clear_object (&self->document);
  g_clear_handle_id (&self->zoom_rest_id, g_source_remove);
  if (self->bands_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->bands_tick_id);
      self->bands_tick_id = 0;
    }
  G_OBJECT_CLASS (muster_map_view_parent_class)->dispose (object);
}

static void
muster_map_view_finalize (GObject *object)
{
  MusterMapView *self = MUSTER_MAP_VIEW (object);

  g_clear_object (&self->document_signals);
  g_clear_object (&self->viewport);
  g_clear_pointer (&self->tint, muster_odds_tint_unref);
  muster_map_cache_free (self->cache);
  g_hash_table_unref (self->live);
  g_hash_table_unref (self->selection);
  g_ptr_array_unref (self->originals);
  g_array_unref (self->outline);
  g_free (self->terrain_type);
  g_free (self->zone_side);
  g_free (self->measure_text);
  g_free (self->measure_blocker);
  g_free (self->band_zone);
  G_OBJECT_CLASS (muster_map_view_parent_class)->finalize (object);
}

static void
muster_map_view_class_init (MusterMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_map_view_dispose;
  object_class->finalize = muster_map_view_finalize;
  widget_class->snapshot = _muster_map_view_snapshot;

  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MEASURED] =
    g_signal_new ("measured", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "mapview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  _muster_map_view_class_init_keys (widget_class);
}

static void
muster_map_view_init (MusterMapView *self)
{
  self->snap = TRUE;
  self->viewport = muster_viewport_new ();
  muster_viewport_set_zoom_range (self->viewport, 0.05, 40);
  self->selection = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->live = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cache = muster_map_cache_new ();
  muster_map_cache_set_budget (self->cache, MUSTER_MAP_CACHE_BUDGET_MS);
  self->originals = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_feature_free);
  self->outline = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  self->terrain_type = g_strdup ("woods");
  muster_map_style_init_light (&self->light);
  muster_map_style_init_dark (&self->dark);
  g_signal_connect_object (self->viewport, "notify", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);

  self->document_signals = g_signal_group_new (MUSTER_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "battlefield-changed",
                                 G_CALLBACK (battlefield_changed_cb), self, G_CONNECT_SWAPPED);
  /* unit names and sides come from the lists: the cache cannot see those change */
  g_signal_group_connect_object (self->document_signals, "unit-changed",
                                 G_CALLBACK (lists_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "children-changed",
                                 G_CALLBACK (lists_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "force-changed",
                                 G_CALLBACK (lists_changed_cb), self, G_CONNECT_SWAPPED);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  _muster_map_view_init_input (self);
}
