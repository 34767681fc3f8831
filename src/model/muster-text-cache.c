/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <string.h>

#include "muster-print.h"
#include "muster-text-cache.h"

/*
 * Laying a text out (HarfBuzz shaping it, breaking its lines) is most of what a sheet costs,
 * and a sheet lays each text out at least twice: to measure its block for the page breaks,
 * then to draw it. The cache keeps the layouts, keyed by what muster_print_layout() takes,
 * in one Pango context made for the first cairo context it serves. A cairo context whose
 * transformation or font options differ (a preview scaled to the screen) would lay the text
 * out differently: it gets a context of its own, and the layouts of the old one are dropped.
 *
 * Memory is bounded by an estimate of each layout's size, and the least recently used go
 * first. A painter that measures its blocks last to first and draws them first to last then
 * draws the blocks the budget kept without laying them out again, and evicts those it has
 * drawn first, while the texts that repeat (a unit type's statistics, the labels of a card's
 * cells) stay at the front.
 */

/* What one kept layout costs, estimated on the high side: the layout, its lines and runs, and
 * per character the text, its attributes and its glyphs. With a sheet's 48 MiB budget full,
 * the 31 MB document's PDF list peaked 26 MB above what it took without the cache. */
#define ENTRY_BYTES 1024
#define CHAR_BYTES  48

typedef struct
{
  GList        link;      /* in the cache's queue, most recently used first; data: the entry */
  char        *key;
  PangoLayout *layout;
  gsize        bytes;
} Entry;

struct _MusterTextCache
{
  gsize                 budget;
  gsize                 bytes;
  GHashTable           *entries;   /* key → Entry */
  GQueue                queue;
  PangoContext         *context;
  /* what the layouts of @context were made for */
  cairo_matrix_t        matrix;
  cairo_font_options_t *surface_options;
  cairo_font_options_t *options;
  GHashTable           *made;      /* with _muster_text_cache_track: every key laid out */
};

gboolean _muster_text_cache_track;
guint _muster_text_cache_n_again;

static cairo_user_data_key_t cache_key;

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_object_unref (entry->layout);
  g_free (entry->key);
  g_free (entry);
}

/* A cache of at most about @budget bytes of layouts. */
MusterTextCache *
muster_text_cache_new (gsize budget)
{
  MusterTextCache *self = g_new0 (MusterTextCache, 1);

  self->budget = budget;
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, entry_free);
  g_queue_init (&self->queue);
  self->surface_options = cairo_font_options_create ();
  self->options = cairo_font_options_create ();
  return self;
}

static void
clear (MusterTextCache *self)
{
  g_queue_init (&self->queue);
  g_hash_table_remove_all (self->entries);
  self->bytes = 0;
  g_clear_object (&self->context);
  g_clear_pointer (&self->made, g_hash_table_unref);
}

void
muster_text_cache_free (MusterTextCache *self)
{
  if (self == NULL)
    return;
  clear (self);
  g_hash_table_unref (self->entries);
  cairo_font_options_destroy (self->surface_options);
  cairo_font_options_destroy (self->options);
  g_free (self);
}

/* muster_print_layout() on @cr uses @self until muster_text_cache_detach(); @self must
 * outlive that. */
void
muster_text_cache_attach (MusterTextCache *self,
                          cairo_t         *cr)
{
  cairo_set_user_data (cr, &cache_key, self, NULL);
}

void
muster_text_cache_detach (cairo_t *cr)
{
  cairo_set_user_data (cr, &cache_key, NULL, NULL);
}

/* Returns: (nullable) (transfer none): the cache attached to @cr */
MusterTextCache *
muster_text_cache_get (cairo_t *cr)
{
  return cairo_get_user_data (cr, &cache_key);
}

/* Makes sure @self's context lays text out as one made for @cr would. */
static void
follow (MusterTextCache *self,
        cairo_t         *cr)
{
  cairo_font_options_t *surface_options = cairo_font_options_create ();
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_matrix_t matrix;

  cairo_get_matrix (cr, &matrix);
  cairo_surface_get_font_options (cairo_get_target (cr), surface_options);
  cairo_get_font_options (cr, options);
  if (self->context == NULL || memcmp (&matrix, &self->matrix, sizeof matrix) != 0 ||
      !cairo_font_options_equal (surface_options, self->surface_options) ||
      !cairo_font_options_equal (options, self->options))
    {
      clear (self);
      self->context = muster_print_context_new (cr);
      self->matrix = matrix;
      cairo_font_options_destroy (self->surface_options);
      cairo_font_options_destroy (self->options);
      self->surface_options = g_steal_pointer (&surface_options);
      self->options = g_steal_pointer (&options);
    }
  g_clear_pointer (&surface_options, cairo_font_options_destroy);
  g_clear_pointer (&options, cairo_font_options_destroy);
}

/*
 * muster_print_layout() through @self, for @cr.
 * Returns: (transfer full): the layout, shared with the cache: not to be changed
 */
PangoLayout *
muster_text_cache_layout (MusterTextCache *self,
                          cairo_t         *cr,
                          const char      *text,
                          const char      *font,
                          gboolean         markup,
                          double           width,
                          double           align)
{
  g_autofree char *key = NULL;
  Entry *entry;

  follow (self, cr);
  /* the text last, so that no text can pass for another's font or width */
  key = g_strdup_printf ("%d %a %a %s\n%s", markup ? 1 : 0, width, align, font, text);
  entry = g_hash_table_lookup (self->entries, key);
  if (entry != NULL)
    {
      g_queue_unlink (&self->queue, &entry->link);
      g_queue_push_head_link (&self->queue, &entry->link);
      return g_object_ref (entry->layout);
    }

  entry = g_new0 (Entry, 1);
  entry->link.data = entry;
  entry->layout = pango_layout_new (self->context);
  muster_print_layout_fill (entry->layout, text, font, markup, width, align);
  entry->bytes = ENTRY_BYTES + CHAR_BYTES * strlen (text);
  if (_muster_text_cache_track)
    {
      if (self->made == NULL)
        self->made = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      if (!g_hash_table_add (self->made, g_strdup (key)))
        _muster_text_cache_n_again++;
    }
  entry->key = g_steal_pointer (&key);
  _muster_print_count_layout ();
  if (entry->bytes > self->budget)
    {
      PangoLayout *layout = g_object_ref (entry->layout);

      entry_free (entry);
      return layout;
    }
  g_hash_table_insert (self->entries, entry->key, entry);
  g_queue_push_head_link (&self->queue, &entry->link);
  self->bytes += entry->bytes;
  while (self->bytes > self->budget)
    {
      Entry *last = self->queue.tail->data;

      g_queue_unlink (&self->queue, &last->link);
      self->bytes -= last->bytes;
      g_hash_table_remove (self->entries, last->key);
    }
  return g_object_ref (entry->layout);
}
