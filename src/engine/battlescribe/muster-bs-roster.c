/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * The roster model: forces and selection trees, and the edits on them. Every edit bumps the
 * roster's generation and tells muster-bs-deps.c what it changed, which works out which
 * cached effective values (names, costs, hidden, categories) of muster-bs-eval.c and which
 * judged constraints of muster-bs-validate.c stay.
 */

void
muster_bs_finding_free (MusterBsFinding *finding)
{
  if (finding == NULL)
    return;
  g_free (finding->message);
  g_free (finding->owner_id);
  g_free (finding->owner_entry_id);
  g_free (finding->entry_id);
  g_free (finding->constraint_id);
  g_free (finding->path);
  g_free (finding);
}

char *
_muster_bs_roster_new_id (MusterBsRoster *roster)
{
  /* BattleScribe's shape of id (four groups of hex), unique within the roster. */
  guint n = ++roster->next_id;
  guint32 r = g_random_int ();

  return g_strdup_printf ("%04x-%04x-%04x-%04x", r >> 16, r & 0xffff, (n >> 16) & 0xffff,
                          n & 0xffff);
}

typedef struct
{
  gpointer       array;
  GDestroyNotify free_func;
} Retired;

static void
free_retired (Retired *r)
{
  r->free_func (r->array);
  g_free (r);
}

void
_muster_bs_retire (MusterBsRoster *roster,
                   gpointer        array,
                   GDestroyNotify  free_func)
{
  Retired *r;

  if (array == NULL)
    return;
  r = g_new (Retired, 1);
  r->array = array;
  r->free_func = free_func;
  g_ptr_array_add (roster->retired, r);
}

MusterBsRoster *
muster_bs_roster_new (MusterBsData *data,
                      const char   *name)
{
  MusterBsRoster *self = g_new0 (MusterBsRoster, 1);

  self->data = data;
  self->name = g_strdup (name ? name : "New Roster");
  self->forces = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_bs_force_free);
  self->gone = g_ptr_array_new_with_free_func (g_free);
  self->gone_ids = g_ptr_array_new_with_free_func (g_free);
  self->revision_changes = g_array_new (FALSE, FALSE, sizeof (MusterBsRevisionChange));
  self->limits = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  self->retired = g_ptr_array_new_with_free_func ((GDestroyNotify) free_retired);
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_array_unref);
  self->id = _muster_bs_roster_new_id (self);
  self->generation = 1;
  self->flushed_generation = 1;
  self->hidden_field = muster_bs_data_intern (data, "hidden");
  return self;
}

void
muster_bs_roster_free (MusterBsRoster *self)
{
  if (self == NULL)
    return;
  g_free (self->id);
  g_free (self->name);
  g_free (self->custom_notes);
  g_ptr_array_unref (self->gone);
  g_ptr_array_unref (self->gone_ids);
  g_array_unref (self->revision_changes);
  g_ptr_array_unref (self->forces);
  g_clear_pointer (&self->display_forces, g_ptr_array_unref);
  g_hash_table_unref (self->limits);
  g_clear_pointer (&self->costs, g_array_unref);
  g_clear_pointer (&self->limits_out, g_array_unref);
  g_ptr_array_unref (self->retired);
  g_hash_table_unref (self->options);
  g_clear_pointer (&self->pending_changes, g_hash_table_unref);
  g_clear_pointer (&self->deps, g_hash_table_unref);
  g_clear_pointer (&self->indexes, g_hash_table_unref);
  g_clear_pointer (&self->automatic, g_hash_table_unref);
  g_clear_pointer (&self->tallies, g_hash_table_unref);
  g_free (self->seen);
  g_free (self);
}

MusterBsData *
muster_bs_roster_get_data (const MusterBsRoster *self)
{
  return self->data;
}

const char *
muster_bs_roster_get_id (const MusterBsRoster *self)
{
  return self->id;
}

const char *
muster_bs_roster_get_name (const MusterBsRoster *self)
{
  return self->name;
}

void
muster_bs_roster_set_name (MusterBsRoster *self,
                           const char     *name)
{
  g_free (self->name);
  self->name = g_strdup (name);
  /* Findings on the roster name it. */
  _muster_bs_roster_changed (self);
}

const char *
muster_bs_roster_get_custom_notes (const MusterBsRoster *self)
{
  return self->custom_notes;
}

void
muster_bs_roster_set_custom_notes (MusterBsRoster *self,
                                   const char     *notes)
{
  g_free (self->custom_notes);
  self->custom_notes = g_strdup (notes);
}

guint
muster_bs_roster_get_n_forces (const MusterBsRoster *self)
{
  return self->forces->len;
}

static gint
compare_forces (gconstpointer a,
                gconstpointer b)
{
  const MusterBsForce *fa = *(MusterBsForce * const *) a;
  const MusterBsForce *fb = *(MusterBsForce * const *) b;
  g_autofree char *ka = g_utf8_collate_key_for_filename (muster_bs_force_get_name (fa), -1);
  g_autofree char *kb = g_utf8_collate_key_for_filename (muster_bs_force_get_name (fb), -1);

  return strcmp (ka, kb);
}

/* Forces by name, as New Recruit lists them. */
MusterBsForce *
muster_bs_roster_get_force (const MusterBsRoster *self,
                            guint                 index)
{
  MusterBsRoster *r = (MusterBsRoster *) self;

  if (r->display_forces == NULL || r->display_forces_generation != r->generation)
    {
      _muster_bs_retire (r, g_steal_pointer (&r->display_forces), (GDestroyNotify) g_ptr_array_unref);
      /* Not g_ptr_array_copy(): that would take the list's free function along. */
      r->display_forces = g_ptr_array_sized_new (r->forces->len);
      g_ptr_array_extend (r->display_forces, r->forces, NULL, NULL);
      /* g_ptr_array_sort() is stable (a merge sort): forces of one name stay in order. */
      g_ptr_array_sort (r->display_forces, compare_forces);
      r->display_forces_generation = r->generation;
    }
  return index < r->display_forces->len ? g_ptr_array_index (r->display_forces, index) : NULL;
}

static MusterBsSelection *
find_selection_in (GPtrArray  *selections,
                   const char *id)
{
  for (guint i = 0; i < selections->len; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (selections, i);
      MusterBsSelection *found;

      if (g_strcmp0 (sel->id, id) == 0)
        return sel;
      if ((found = find_selection_in (sel->children, id)) != NULL)
        return found;
    }
  return NULL;
}

static MusterBsForce *
find_force_in (GPtrArray  *forces,
               const char *id)
{
  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *force = g_ptr_array_index (forces, i);
      MusterBsForce *found;

      if (g_strcmp0 (force->id, id) == 0)
        return force;
      if ((found = find_force_in (force->forces, id)) != NULL)
        return found;
    }
  return NULL;
}

MusterBsForce *
muster_bs_roster_find_force (const MusterBsRoster *self,
                             const char           *id)
{
  return find_force_in (self->forces, id);
}

static MusterBsSelection *
find_selection_in_forces (GPtrArray  *forces,
                          const char *id)
{
  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *force = g_ptr_array_index (forces, i);
      MusterBsSelection *found = find_selection_in (force->selections, id);

      if (found == NULL)
        found = find_selection_in_forces (force->forces, id);
      if (found != NULL)
        return found;
    }
  return NULL;
}

MusterBsSelection *
muster_bs_roster_find_selection (const MusterBsRoster *self,
                                 const char           *id)
{
  return find_selection_in_forces (self->forces, id);
}

double
muster_bs_roster_set_cost_limit (MusterBsRoster *self,
                                 const char     *cost_type_id,
                                 double          value)
{
  const char *key = muster_bs_data_intern (self->data, cost_type_id);
  double *old = g_hash_table_lookup (self->limits, key);
  double previous = old ? *old : -1;
  double *v = g_new (double, 1);

  *v = value;
  g_hash_table_insert (self->limits, (gpointer) key, v);
  _muster_bs_retire (self, g_steal_pointer (&self->limits_out), (GDestroyNotify) g_array_unref);
  _muster_bs_changed_limits (self);
  return previous;
}

/* Forces */

MusterBsForce *
_muster_bs_force_new (MusterBsRoster     *roster,
                      MusterBsForce      *parent,
                      const MusterBsNode *entry,
                      const MusterBsNode *catalogue,
                      const char         *id)
{
  MusterBsForce *force = g_new0 (MusterBsForce, 1);

  force->roster = roster;
  force->parent = parent;
  force->entry = entry;
  force->catalogue = catalogue;
  force->id = id ? g_strdup (id) : _muster_bs_roster_new_id (roster);
  force->forces = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_bs_force_free);
  force->selections = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_bs_selection_free);
  return force;
}

void
muster_bs_force_free (MusterBsForce *force)
{
  if (force == NULL)
    return;
  g_free (force->id);
  g_free (force->custom_name);
  g_free (force->custom_notes);
  g_ptr_array_unref (force->forces);
  g_ptr_array_unref (force->selections);
  g_clear_pointer (&force->display, g_ptr_array_unref);
  g_clear_pointer (&force->categories, g_array_unref);
  g_clear_pointer (&force->costs, g_array_unref);
  g_clear_pointer (&force->checks, g_ptr_array_unref);
  g_clear_pointer (&force->hidden_options, g_byte_array_unref);
  g_clear_pointer (&force->counts, g_hash_table_unref);
  g_clear_pointer (&force->tallies, g_hash_table_unref);
  _muster_bs_effective_clear (&force->eff);
  g_free (force);
}

/* A force entry is found in the game system and the catalogues (nested ones too). */
static const MusterBsNode *
find_force_entry (MusterBsData *data,
                  const char   *id)
{
  const MusterBsNode *node = muster_bs_data_lookup (data, id);

  return node && node->kind == MUSTER_BS_NODE_FORCE_ENTRY ? node : NULL;
}

static const MusterBsNode *
pick_catalogue (MusterBsData       *data,
                const MusterBsNode *entry,
                const char         *catalogue_id)
{
  GPtrArray *cats = muster_bs_data_get_catalogues (data);

  if (catalogue_id != NULL)
    return muster_bs_data_get_catalogue (data, catalogue_id);
  if (entry->file->kind == MUSTER_BS_NODE_CATALOGUE)
    return entry->file;
  /* The first catalogue that is not a library: what a player would pick. */
  for (guint i = 0; i < cats->len; i++)
    {
      const MusterBsNode *cat = g_ptr_array_index (cats, i);

      if (!muster_bs_node_has_flag (cat, MUSTER_BS_FLAG_LIBRARY))
        return cat;
    }
  return cats->len ? g_ptr_array_index (cats, 0) : muster_bs_data_get_game_system (data);
}

/* A catalogue's own force entry goes only with it or a catalogue importing its root
 * entries (as New List offers them), a game system's with any. */
static gboolean
catalogue_offers (MusterBsData       *data,
                  const MusterBsNode *catalogue,
                  const MusterBsNode *entry)
{
  g_autoptr(GPtrArray) files = NULL;

  if (entry->file->kind != MUSTER_BS_NODE_CATALOGUE || entry->file == catalogue)
    return TRUE;
  files = muster_bs_data_root_files (data, catalogue);
  return g_ptr_array_find (files, entry->file, NULL);
}

MusterBsForce *
muster_bs_roster_add_force (MusterBsRoster *self,
                            MusterBsForce  *parent,
                            const char     *force_entry_id,
                            const char     *catalogue_id,
                            GPtrArray      *auto_selected,
                            GError        **error)
{
  const MusterBsNode *entry = find_force_entry (self->data, force_entry_id);
  const MusterBsNode *catalogue;
  MusterBsForce *force;

  if (entry == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("no force entry has the id “%s”"), force_entry_id);
      return NULL;
    }
  catalogue = pick_catalogue (self->data, entry, catalogue_id);
  if (catalogue == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("no catalogue has the id “%s”"), catalogue_id);
      return NULL;
    }
  if (!catalogue_offers (self->data, catalogue, entry))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("force entry “%s” (%s) belongs to catalogue “%s”, which catalogue “%s” "
                     "does not import"), entry->name ? entry->name : "", force_entry_id,
                   entry->file->name ? entry->file->name : entry->file->id,
                   catalogue->name ? catalogue->name : catalogue->id);
      return NULL;
    }
  force = _muster_bs_force_new (self, parent, entry, catalogue, NULL);
  g_ptr_array_add (parent ? parent->forces : self->forces, force);
  _muster_bs_roster_changed (self);
  _muster_bs_auto_select (self, force, NULL, auto_selected);
  return force;
}

MusterBsForce *
muster_bs_roster_remove_force (MusterBsRoster *self,
                               MusterBsForce  *force,
                               guint          *index)
{
  GPtrArray *list = force->parent ? force->parent->forces : self->forces;
  guint i;

  if (!g_ptr_array_find (list, force, &i))
    return NULL;
  if (index)
    *index = i;
  g_ptr_array_steal_index (list, i);
  _muster_bs_roster_changed (self);
  return force;
}

void
muster_bs_roster_insert_force (MusterBsRoster *self,
                               MusterBsForce  *parent,
                               guint           index,
                               MusterBsForce  *force)
{
  GPtrArray *list = parent ? parent->forces : self->forces;

  force->parent = parent;
  g_ptr_array_insert (list, MIN (index, list->len), force);
  _muster_bs_roster_changed (self);
}

static MusterBsSelection *copy_selection (MusterBsRoster    *roster,
                                          MusterBsForce     *force,
                                          MusterBsSelection *parent,
                                          MusterBsSelection *sel);

static MusterBsForce *
copy_force (MusterBsRoster *roster,
            MusterBsForce  *parent,
            MusterBsForce  *force)
{
  MusterBsForce *copy = _muster_bs_force_new (roster, parent, force->entry, force->catalogue,
                                              NULL);

  copy->custom_name = g_strdup (force->custom_name);
  copy->custom_notes = g_strdup (force->custom_notes);
  for (guint i = 0; i < force->selections->len; i++)
    g_ptr_array_add (copy->selections,
                     copy_selection (roster, copy, NULL, g_ptr_array_index (force->selections, i)));
  for (guint i = 0; i < force->forces->len; i++)
    g_ptr_array_add (copy->forces, copy_force (roster, copy, g_ptr_array_index (force->forces, i)));
  return copy;
}

MusterBsForce *
muster_bs_roster_duplicate_force (MusterBsRoster *self,
                                  MusterBsForce  *force)
{
  GPtrArray *list = force->parent ? force->parent->forces : self->forces;
  MusterBsForce *copy = copy_force (self, force->parent, force);

  g_ptr_array_add (list, copy);
  _muster_bs_roster_changed (self);
  return copy;
}

const char *
muster_bs_force_get_id (const MusterBsForce *force)
{
  return force->id;
}

const char *
muster_bs_force_get_entry_id (const MusterBsForce *force)
{
  return force->entry->id;
}

const char *
muster_bs_force_get_name (const MusterBsForce *force)
{
  return force->entry->name ? force->entry->name : "";
}

const char *
muster_bs_force_get_catalogue_id (const MusterBsForce *force)
{
  return force->catalogue->id;
}

const char *
muster_bs_force_get_catalogue_name (const MusterBsForce *force)
{
  return force->catalogue->name ? force->catalogue->name : "";
}

const char *
muster_bs_force_get_custom_name (const MusterBsForce *force)
{
  return force->custom_name;
}

void
muster_bs_force_set_custom_name (MusterBsForce *force,
                                 const char    *name)
{
  g_free (force->custom_name);
  force->custom_name = g_strdup (name);
}

const char *
muster_bs_force_get_custom_notes (const MusterBsForce *force)
{
  return force->custom_notes;
}

void
muster_bs_force_set_custom_notes (MusterBsForce *force,
                                  const char    *notes)
{
  g_free (force->custom_notes);
  force->custom_notes = g_strdup (notes);
}

const MusterBsNode *
muster_bs_force_get_entry (const MusterBsForce *force)
{
  return force->entry;
}

MusterBsForce *
muster_bs_force_get_parent (const MusterBsForce *force)
{
  return force->parent;
}

guint
muster_bs_force_get_n_forces (const MusterBsForce *force)
{
  return force->forces->len;
}

/* Child forces in the order their force entries are defined, as New Recruit lists them. */
MusterBsForce *
muster_bs_force_get_force (const MusterBsForce *force,
                           guint                index)
{
  guint n = 0;

  for (const MusterBsNode *e = force->entry->first_child; e; e = e->next)
    {
      if (e->kind != MUSTER_BS_NODE_FORCE_ENTRY)
        continue;
      for (guint i = 0; i < force->forces->len; i++)
        {
          MusterBsForce *child = g_ptr_array_index (force->forces, i);

          if (child->entry == e && n++ == index)
            return child;
        }
    }
  for (guint i = 0; i < force->forces->len; i++)
    {
      MusterBsForce *child = g_ptr_array_index (force->forces, i);

      if (child->entry->parent != force->entry && n++ == index)
        return child;
    }
  return NULL;
}

guint
muster_bs_force_get_n_selections (const MusterBsForce *force)
{
  return force->selections->len;
}

/* In display order (see muster_bs_force_get_selection()). */
MusterBsSelection *
muster_bs_force_get_selection (const MusterBsForce *force,
                               guint                index)
{
  MusterBsForce *f = (MusterBsForce *) force;
  GPtrArray *display = _muster_bs_display_order (f->roster, f->selections, &f->display,
                                                 &f->display_generation);

  return index < display->len ? g_ptr_array_index (display, index) : NULL;
}

/* Selections */

MusterBsSelection *
_muster_bs_selection_new (MusterBsForce        *force,
                          MusterBsSelection    *parent,
                          const MusterBsOption *option,
                          const char           *id,
                          int                   number)
{
  MusterBsSelection *sel = g_new0 (MusterBsSelection, 1);

  sel->force = force;
  sel->parent = parent;
  sel->id = id ? g_strdup (id) : _muster_bs_roster_new_id (force->roster);
  _muster_bs_option_copy (&sel->option, option);
  sel->number = number;
  sel->serial = ++force->roster->next_serial;
  sel->children = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_bs_selection_free);
  return sel;
}

void
muster_bs_selection_free (MusterBsSelection *sel)
{
  if (sel == NULL)
    return;
  g_free (sel->id);
  g_free (sel->custom_name);
  g_free (sel->custom_notes);
  _muster_bs_option_clear (&sel->option);
  g_ptr_array_unref (sel->children);
  g_clear_pointer (&sel->display, g_ptr_array_unref);
  g_clear_pointer (&sel->keys, g_ptr_array_unref);
  g_clear_pointer (&sel->moving_keys, g_ptr_array_unref);
  g_clear_pointer (&sel->checks, g_ptr_array_unref);
  g_clear_pointer (&sel->hidden_options, g_byte_array_unref);
  g_clear_pointer (&sel->counts, g_hash_table_unref);
  _muster_bs_effective_clear (&sel->eff);
  g_free (sel);
}

MusterBsSelection *
muster_bs_roster_select (MusterBsRoster    *self,
                         MusterBsForce     *force,
                         MusterBsSelection *parent,
                         const char        *entry_id,
                         GPtrArray         *auto_selected,
                         GError           **error)
{
  g_autoptr(GArray) options = _muster_bs_options (self, force, parent);
  const MusterBsOption *found = NULL;
  MusterBsSelection *sel;

  /* The composite id first: it names one way to the entry exactly. */
  for (guint i = 0; i < options->len && found == NULL; i++)
    if (g_strcmp0 (g_array_index (options, MusterBsOption, i).entry_id, entry_id) == 0)
      found = &g_array_index (options, MusterBsOption, i);
  for (guint i = 0; i < options->len && found == NULL; i++)
    if (_muster_bs_option_matches (&g_array_index (options, MusterBsOption, i), entry_id))
      found = &g_array_index (options, MusterBsOption, i);
  if (found == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("%s offers no entry “%s”"),
                   parent ? muster_bs_selection_get_name (parent) : muster_bs_force_get_name (force),
                   entry_id);
      return NULL;
    }
  /* Inside a selection, an entry counted on one selection gets one more. */
  if (parent != NULL && _muster_bs_option_merges (self, found, 0))
    for (guint i = 0; i < parent->children->len; i++)
      {
        MusterBsSelection *existing = g_ptr_array_index (parent->children, i);

        if (existing->option.entry_id == found->entry_id)
          {
            existing->number++;
            _muster_bs_changed_selection (self, existing);
            return existing;
          }
      }
  sel = _muster_bs_selection_new (force, parent, found, NULL, 1);
  g_ptr_array_add (parent ? parent->children : force->selections, sel);
  _muster_bs_changed_selection (self, sel);
  _muster_bs_auto_select (self, force, sel, auto_selected);
  return sel;
}

GPtrArray *
muster_bs_roster_list_entries (MusterBsRoster    *self,
                               MusterBsForce     *force,
                               MusterBsSelection *parent)
{
  g_autoptr(GArray) options = _muster_bs_options (self, force, parent);
  GPtrArray *ids = g_ptr_array_sized_new (options->len);

  for (guint i = 0; i < options->len; i++)
    g_ptr_array_add (ids, (gpointer) g_array_index (options, MusterBsOption, i).entry_id);
  return ids;
}

/* Whether option @i of @parent's (NULL: the force's root) is hidden, from what the container
 * keeps; what the edits since the last look reach is forgotten first (_muster_bs_flush()). */
static gboolean
option_hidden (MusterBsRoster    *self,
               MusterBsForce     *force,
               MusterBsSelection *parent,
               GArray            *options,
               guint              i)
{
  GByteArray **kept = parent ? &parent->hidden_options : &force->hidden_options;
  MusterBsContext ctx = { self, force, parent, NULL };

  _muster_bs_flush (self);
  if (*kept == NULL)
    {
      *kept = g_byte_array_sized_new (options->len);
      g_byte_array_set_size (*kept, options->len);
      memset ((*kept)->data, MUSTER_BS_HIDDEN_UNKNOWN, options->len);
      _muster_bs_index_slots (self, _muster_bs_option_slots (self, force, parent));
    }
  if ((*kept)->data[i] == MUSTER_BS_HIDDEN_UNKNOWN)
    (*kept)->data[i] = _muster_bs_option_hidden (&ctx, &g_array_index (options, MusterBsOption, i))
                       ? MUSTER_BS_HIDDEN_YES : MUSTER_BS_HIDDEN_NO;
  return (*kept)->data[i] == MUSTER_BS_HIDDEN_YES;
}

gboolean
muster_bs_roster_entry_hidden (MusterBsRoster    *self,
                               MusterBsForce     *force,
                               MusterBsSelection *parent,
                               const char        *entry_id)
{
  g_autoptr(GArray) options = _muster_bs_options (self, force, parent);

  for (guint i = 0; i < options->len; i++)
    if (_muster_bs_option_matches (&g_array_index (options, MusterBsOption, i), entry_id))
      return option_hidden (self, force, parent, options, i);
  return TRUE;
}

GArray *
muster_bs_roster_list_hidden (MusterBsRoster    *self,
                              MusterBsForce     *force,
                              MusterBsSelection *parent)
{
  g_autoptr(GArray) options = _muster_bs_options (self, force, parent);
  GArray *hidden = g_array_sized_new (FALSE, FALSE, sizeof (gboolean), options->len);

  for (guint i = 0; i < options->len; i++)
    {
      gboolean h = option_hidden (self, force, parent, options, i);

      g_array_append_val (hidden, h);
    }
  return hidden;
}

MusterBsSelection *
muster_bs_roster_remove_selection (MusterBsRoster    *self,
                                   MusterBsSelection *selection,
                                   guint             *index)
{
  GPtrArray *list = selection->parent ? selection->parent->children : selection->force->selections;
  guint i;

  if (!g_ptr_array_find (list, selection, &i))
    return NULL;
  if (index)
    *index = i;
  _muster_bs_removed_selection (self, selection);
  g_ptr_array_steal_index (list, i);
  return selection;
}

void
muster_bs_roster_insert_selection (MusterBsRoster    *self,
                                   MusterBsForce     *force,
                                   MusterBsSelection *parent,
                                   guint              index,
                                   MusterBsSelection *selection)
{
  GPtrArray *list = parent ? parent->children : force->selections;

  selection->force = force;
  selection->parent = parent;
  g_ptr_array_insert (list, MIN (index, list->len), selection);
  _muster_bs_changed_selection (self, selection);
}

static MusterBsSelection *
copy_selection (MusterBsRoster    *roster,
                MusterBsForce     *force,
                MusterBsSelection *parent,
                MusterBsSelection *sel)
{
  MusterBsSelection *copy = _muster_bs_selection_new (force, parent, &sel->option, NULL,
                                                      sel->number);

  copy->custom_name = g_strdup (sel->custom_name);
  copy->custom_notes = g_strdup (sel->custom_notes);
  for (guint i = 0; i < sel->children->len; i++)
    g_ptr_array_add (copy->children,
                     copy_selection (roster, force, copy, g_ptr_array_index (sel->children, i)));
  return copy;
}

MusterBsSelection *
muster_bs_roster_duplicate_selection (MusterBsRoster    *self,
                                      MusterBsSelection *selection)
{
  GPtrArray *list = selection->parent ? selection->parent->children : selection->force->selections;
  MusterBsSelection *copy = copy_selection (self, selection->force, selection->parent, selection);

  /* Made last, as New Recruit makes it: it comes after same-named selections. */
  g_ptr_array_add (list, copy);
  _muster_bs_changed_selection (self, copy);
  return copy;
}

int
muster_bs_roster_set_count (MusterBsRoster    *self,
                            MusterBsSelection *selection,
                            int                count)
{
  int previous = selection->number;

  selection->number = MAX (count, 0);
  _muster_bs_changed_selection (self, selection);
  return previous;
}

const char *
muster_bs_selection_get_id (const MusterBsSelection *sel)
{
  return sel->id;
}

const char *
muster_bs_selection_get_entry_id (const MusterBsSelection *sel)
{
  return sel->option.entry_id;
}

const char *
muster_bs_selection_get_entry_group_id (const MusterBsSelection *sel)
{
  return sel->option.entry_group_id;
}

const MusterBsNode *
muster_bs_selection_get_entry (const MusterBsSelection *sel)
{
  return sel->option.entry;
}

const MusterBsNode *
muster_bs_selection_get_link (const MusterBsSelection *sel)
{
  return sel->option.link;
}

const char *
muster_bs_selection_get_type (const MusterBsSelection *sel)
{
  return sel->option.entry->type ? sel->option.entry->type : "upgrade";
}

/* New Recruit keeps a child's amount per model of its parent; the number BattleScribe
 * shows and writes multiplies it through the parent chain. */
int
muster_bs_selection_get_number (const MusterBsSelection *sel)
{
  gint64 n = sel->number;

  for (const MusterBsSelection *p = sel->parent; p; p = p->parent)
    n = MIN (n * p->number, G_MAXINT);
  return (int) n;
}

int
muster_bs_selection_get_amount (const MusterBsSelection *sel)
{
  return sel->number;
}

const char *
muster_bs_selection_get_custom_name (const MusterBsSelection *sel)
{
  return sel->custom_name;
}

void
muster_bs_selection_set_custom_name (MusterBsSelection *sel,
                                     const char        *name)
{
  g_free (sel->custom_name);
  sel->custom_name = g_strdup (name);
}

const char *
muster_bs_selection_get_custom_notes (const MusterBsSelection *sel)
{
  return sel->custom_notes;
}

void
muster_bs_selection_set_custom_notes (MusterBsSelection *sel,
                                      const char        *notes)
{
  g_free (sel->custom_notes);
  sel->custom_notes = g_strdup (notes);
}

MusterBsSelection *
muster_bs_selection_get_parent (const MusterBsSelection *sel)
{
  return sel->parent;
}

MusterBsForce *
muster_bs_selection_get_force (const MusterBsSelection *sel)
{
  return sel->force;
}

guint
muster_bs_selection_get_n_children (const MusterBsSelection *sel)
{
  return sel->children->len;
}

MusterBsSelection *
muster_bs_selection_get_child (const MusterBsSelection *sel,
                               guint                    index)
{
  MusterBsSelection *s = (MusterBsSelection *) sel;
  GPtrArray *display = _muster_bs_display_order (s->force->roster, s->children, &s->display,
                                                 &s->display_generation);

  return index < display->len ? g_ptr_array_index (display, index) : NULL;
}
