/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-doc"

#include "config.h"

#include "muster-army-private.h"
#include "muster-battle-log-private.h"
#include "muster-battlefield-private.h"
#include "muster-doc.h"
#include "muster-engine-error.h"
#include "muster-xml.h"

/*
 * A *.muster document. The parsed tree is kept as the document's storage so that elements a
 * newer Muster wrote (and this one does not know) survive a load and save untouched; the
 * forces are a typed view over their <force> elements (see muster-army-private.h).
 *
 * Ids of forces, nodes and units are unique in the document and stable: a new object gets
 * the next free "f…", "n…" or "u…" id when it joins, and keeps it when an edit removes it and
 * undo puts it back.
 */
struct _MusterDoc
{
  xmlDoc        *xml;
  char          *file;
  char          *title;
  char          *ruleset_id;
  char          *ruleset_version;
  GPtrArray     *forces;      /* MusterForce */
  MusterRuleset *ruleset;     /* nullable: not costed */
  GHashTable    *ids;         /* id -> force, node or unit */
  GHashTable    *units;       /* id -> MusterUnit */
  guint          next_id;
  MusterDocWatch watch;       /* nullable: the validator */
  gpointer       watch_data;
  MusterBattlefield *battlefield; /* nullable */
  MusterDocLog  *log;         /* nullable: no battle log yet */
  GData         *list_caches; /* what others worked out from the lists: dropped on their edits */
};

static MusterDoc *
doc_alloc (const char *file)
{
  MusterDoc *self = g_new0 (MusterDoc, 1);

  self->file = g_strdup (file);
  self->forces = g_ptr_array_new ();
  self->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->units = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return self;
}

MusterDoc *
muster_doc_new (const char *ruleset_id,
                const char *ruleset_version)
{
  MusterDoc *self;
  g_autofree char *format = g_strdup_printf ("%d", MUSTER_DOC_FORMAT);
  xmlNode *root, *ruleset;

  g_return_val_if_fail (ruleset_id != NULL, NULL);

  self = doc_alloc ("new document");
  self->xml = xmlNewDoc ((const xmlChar *) "1.0");
  root = xmlNewNode (NULL, (const xmlChar *) "muster");
  xmlSetProp (root, (const xmlChar *) "format", (const xmlChar *) format);
  xmlDocSetRootElement (self->xml, root);
  ruleset = xmlNewChild (root, NULL, (const xmlChar *) "ruleset", NULL);
  xmlSetProp (ruleset, (const xmlChar *) "id", (const xmlChar *) ruleset_id);
  if (ruleset_version != NULL)
    xmlSetProp (ruleset, (const xmlChar *) "version", (const xmlChar *) ruleset_version);

  self->title = g_strdup ("");
  self->ruleset_id = g_strdup (ruleset_id);
  self->ruleset_version = g_strdup (ruleset_version);
  return self;
}

/* The battlefield's edits reach the document's watcher, which checks the placements. */
static void
battlefield_edited (gpointer    data,
                    const char *feature_id)
{
  _muster_doc_notify (data, MUSTER_EDIT_FEATURE_CHANGED, (gpointer) feature_id, NULL);
}

static gboolean
read_forces (MusterDoc  *self,
             xmlNode    *root,
             GError    **error)
{
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      MusterForce *force;

      if (!muster_xml_is_element (child, "force"))
        continue;
      if (!(force = _muster_force_new_from_xml (child, self->file, error)))
        return FALSE;
      g_ptr_array_add (self->forces, force);
      if (!_muster_force_attach (force, self, TRUE, error))
        return FALSE;
    }
  return TRUE;
}

/* A unit attached to itself, or to one attached back to it however far round: no editor makes
 * one, and a system following the chain would never end. Each unit is walked once (@state: 1
 * on the chain being walked, 2 known to end). */
static gboolean
check_attachments (MusterDoc   *self,
                   const char  *display_name,
                   GError     **error)
{
  g_autoptr(GHashTable) state = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  g_autoptr(GList) units = g_hash_table_get_values (self->units);

  for (GList *l = units; l != NULL; l = l->next)
    {
      MusterUnit *unit = l->data, *looping;
      guint k;

      g_ptr_array_set_size (chain, 0);
      while (unit != NULL && !g_hash_table_contains (state, unit))
        {
          g_hash_table_insert (state, unit, GINT_TO_POINTER (1));
          g_ptr_array_add (chain, unit);
          unit = unit->attached_to ? g_hash_table_lookup (self->units, unit->attached_to) : NULL;
        }
      if (unit == NULL || GPOINTER_TO_INT (g_hash_table_lookup (state, unit)) == 2)
        {
          for (guint i = 0; i < chain->len; i++)
            g_hash_table_insert (state, chain->pdata[i], GINT_TO_POINTER (2));
          continue;
        }

      /* Back on this chain: the loop is its tail from @unit on; name the unit first in the
       * file, so the message does not depend on the walk's order. */
      g_ptr_array_find (chain, unit, &k);
      looping = unit;
      for (; k < chain->len; k++)
        if (xmlGetLineNo (((MusterUnit *) chain->pdata[k])->xml) < xmlGetLineNo (looping->xml))
          looping = chain->pdata[k];
      if (g_strcmp0 (looping->attached_to, looping->id) == 0)
        return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, display_name,
                                looping->xml, "unit “%s” is attached to itself", looping->id);
      return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, display_name,
                              looping->xml, "unit “%s” is attached to “%s”, which leads back to "
                              "it: attachments may not go round in a loop", looping->id,
                              looping->attached_to);
    }
  return TRUE;
}

/**
 * muster_doc_new_from_bytes:
 * @bytes: the document XML
 * @display_name: the name used in error messages (usually the file name)
 * @error: return location for a #GError
 *
 * Reads a document and its forces. Costs are computed once a ruleset is set with
 * muster_doc_set_ruleset().
 *
 * Returns: (transfer full) (nullable): the document, or %NULL with @error set
 */
/* What the parser read into units and placed units before the readers asked for them. */
typedef struct
{
  xmlNode  *element;
  gpointer  object;       /* the element's _private until a reader takes it */
} EarlyObject;

/* Documents from this size on have their units' and placements' elements emptied as they are
 * read. Below it the tree is a few megabytes at most, and emptying costs a copy of each unit
 * (half the time a small document took to load and validate under the fuzzer). Tests set it to
 * 0 to have small documents emptied too. */
gsize _muster_doc_compact_from = 1024 * 1024;

typedef struct
{
  const char *file;
  gboolean    compact;
  GArray     *units;      /* EarlyObject: MusterUnit, for read_forces() */
  GArray     *features;   /* EarlyObject: MusterFeature, for the battlefield */
} EarlyRead;

/* Whether @parent is a <force> of the document, or a <node> in one: its <unit>s are units. */
static gboolean
holds_units (const xmlNode *parent)
{
  while (muster_xml_is_element (parent, "node"))
    parent = parent->parent;
  return muster_xml_is_element (parent, "force") && parent->parent != NULL &&
         muster_xml_is_element (parent->parent, "muster") &&
         parent->parent->parent != NULL && parent->parent->parent->type == XML_DOCUMENT_NODE;
}

/* Whether @parent is the document's (first) <battlefield>, the one that is read. */
static gboolean
is_battlefield (const xmlNode *parent)
{
  if (!muster_xml_is_element (parent, "battlefield") || parent->parent == NULL ||
      !muster_xml_is_element (parent->parent, "muster") ||
      parent->parent->parent == NULL || parent->parent->parent->type != XML_DOCUMENT_NODE)
    return FALSE;
  for (const xmlNode *before = parent->prev; before != NULL; before = before->prev)
    if (muster_xml_is_element (before, "battlefield"))
      return FALSE;
  return TRUE;
}

/* A unit or a placement is read as soon as its end tag is, and its element emptied when the
 * unit gives it back whole on a save (_muster_unit_compact()): the tree of a 31 MB file is
 * half a gigabyte, its elements emptied a tenth of that. What cannot be read is left for the
 * readers, which say what is wrong with it. */
static void
element_read (xmlNode  *element,
              gpointer  data)
{
  EarlyRead *early = data;
  EarlyObject made = { element, NULL };

  if (element->parent == NULL)
    return;
  if (muster_xml_is_element (element, "unit") && holds_units (element->parent))
    {
      muster_xml_drop_blank_before (element);
      if (!(made.object = _muster_unit_new_from_xml (element, early->file, NULL)))
        return;
      g_array_append_val (early->units, made);
      if (early->compact)
        _muster_unit_compact (made.object);
    }
  else if (is_battlefield (element->parent))
    {
      muster_xml_drop_blank_before (element);
      if (!(made.object = _muster_feature_read (element, early->file, NULL)))
        return;
      g_array_append_val (early->features, made);
      if (early->compact)
        _muster_feature_compact (made.object);
    }
  element->_private = made.object;
}

/* Frees what the readers did not take (they stopped at an error): they clear the _private of
 * each element they take, and what they took is theirs, maybe freed already. @parsed: whether
 * the tree is there still; else none was taken. */
static void
early_read_clear (EarlyRead *early,
                  gboolean   parsed)
{
  for (guint i = 0; i < early->units->len; i++)
    {
      EarlyObject *made = &g_array_index (early->units, EarlyObject, i);

      if (parsed && made->element->_private == NULL)
        continue;
      if (parsed)
        made->element->_private = NULL;
      _muster_unit_destroy (made->object);
    }
  for (guint i = 0; i < early->features->len; i++)
    {
      EarlyObject *made = &g_array_index (early->features, EarlyObject, i);
      MusterFeature *feature = made->object;

      if (parsed && made->element->_private == NULL)
        continue;
      if (parsed)
        made->element->_private = NULL;
      feature->xml = NULL;   /* the tree's */
      muster_feature_free (feature);
    }
  g_array_unref (early->units);
  g_array_unref (early->features);
}

static gboolean read_doc (MusterDoc   *self,
                          GBytes      *bytes,
                          const char  *display_name,
                          EarlyRead   *early,
                          GError     **error);

MusterDoc *
muster_doc_new_from_bytes (GBytes      *bytes,
                           const char  *display_name,
                           GError     **error)
{
  MusterDoc *self;
  EarlyRead early = { display_name, g_bytes_get_size (bytes) >= _muster_doc_compact_from,
                      g_array_new (FALSE, FALSE, sizeof (EarlyObject)),
                      g_array_new (FALSE, FALSE, sizeof (EarlyObject)) };
  gboolean ok;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  self = doc_alloc (display_name);
  ok = read_doc (self, bytes, display_name, &early, error);
  early_read_clear (&early, self->xml != NULL);
  if (!ok)
    g_clear_pointer (&self, muster_doc_free);
  return self;
}

static gboolean
read_doc (MusterDoc   *self,
          GBytes      *bytes,
          const char  *display_name,
          EarlyRead   *early,
          GError     **error)
{
  gint64 format = 0;
  xmlNode *root, *node;
  gsize length;
  const char *data;

  data = g_bytes_get_data (bytes, &length);
  if (!(self->xml = muster_xml_parse_watched (data, length, display_name, element_read, early,
                                              error)))
    return FALSE;

  root = xmlDocGetRootElement (self->xml);
  if (!muster_xml_is_element (root, "muster"))
    {
      muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, display_name, root,
                       "this is not a Muster document (the root element is <%s>)",
                       (const char *) root->name);
      return FALSE;
    }

  if (!muster_xml_get_int (root, "format", 1, G_MAXINT, &format, display_name, error))
    return FALSE;
  if (format > MUSTER_DOC_FORMAT)
    {
      /* the number as text: xgettext cannot read a format macro inside a msgid */
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, format);

      muster_xml_fail (error, MUSTER_ENGINE_ERROR_UNSUPPORTED_VERSION, display_name, root,
                       "document format %s was written by a newer Muster (this one reads "
                       "format %d)", number, MUSTER_DOC_FORMAT);
      return FALSE;
    }

  if (!(node = muster_xml_first_child (root, "ruleset")) ||
      !(self->ruleset_id = muster_xml_get_prop (node, "id")))
    {
      muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, display_name,
                       node ? node : root,
                       "the document does not name its ruleset (<ruleset id=\"…\"/>)");
      return FALSE;
    }
  self->ruleset_version = muster_xml_get_prop (node, "version");

  if ((node = muster_xml_first_child (root, "title")))
    self->title = muster_xml_get_text (node);
  else
    self->title = g_strdup ("");

  muster_xml_strip_blanks (root);
  if (!read_forces (self, root, error) || !check_attachments (self, display_name, error))
    return FALSE;
  if ((node = muster_xml_first_child (root, "battlefield")) &&
      !(self->battlefield = _muster_battlefield_new_from_xml (node, display_name, error)))
    return FALSE;
  if (self->battlefield != NULL)
    _muster_battlefield_set_watch (self->battlefield, battlefield_edited, self);
  /* Last: its entries name units of the forces. */
  if ((node = muster_xml_first_child (root, "battle-log")) &&
      !(self->log = _muster_doc_log_new_from_xml (node, self, display_name, error)))
    return FALSE;

  return TRUE;
}

/* Fills an emptied element for the save: a placed piece's, or a unit's. */
static void
fill_element (xmlNode  *element,
              gpointer  object,
              gpointer  data)
{
  if (muster_xml_is_element (element->parent, "battlefield"))
    _muster_feature_expand (object);
  else
    _muster_unit_expand (object);
}

GBytes *
muster_doc_to_bytes (MusterDoc *self)
{
  g_autoptr(GHashTable) emptied = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer unit;

  g_return_val_if_fail (self != NULL, NULL);

  /* The elements loading emptied are filled as the save reaches them, one at a time, and
   * emptied again once written: filling them all at once rebuilt the whole tree (issue 20). */
  g_hash_table_iter_init (&iter, self->units);
  while (g_hash_table_iter_next (&iter, NULL, &unit))
    if (muster_xml_is_bare (((MusterUnit *) unit)->xml))
      g_hash_table_insert (emptied, ((MusterUnit *) unit)->xml, unit);
  for (guint i = 0; self->battlefield != NULL && i < self->battlefield->features->len; i++)
    {
      MusterFeature *feature = self->battlefield->features->pdata[i];

      if (muster_xml_is_bare (feature->xml))
        g_hash_table_insert (emptied, feature->xml, feature);
    }
  return muster_xml_to_bytes_filling (self->xml, emptied, fill_element, NULL);
}

void
muster_doc_free (MusterDoc *self)
{
  if (self == NULL)
    return;
  /* The forces' elements belong to the tree, freed last. */
  for (guint i = 0; i < self->forces->len; i++)
    _muster_force_destroy (self->forces->pdata[i]);
  g_ptr_array_unref (self->forces);
  g_clear_pointer (&self->battlefield, muster_battlefield_free);
  g_clear_pointer (&self->log, _muster_doc_log_free);
  g_datalist_clear (&self->list_caches);
  g_hash_table_unref (self->ids);
  g_hash_table_unref (self->units);
  g_clear_pointer (&self->ruleset, muster_ruleset_unref);
  g_clear_pointer (&self->xml, xmlFreeDoc);
  g_free (self->file);
  g_free (self->title);
  g_free (self->ruleset_id);
  g_free (self->ruleset_version);
  g_free (self);
}

const char *
muster_doc_get_title (const MusterDoc *self)
{
  return self->title;
}

void
muster_doc_set_title (MusterDoc  *self,
                      const char *title)
{
  g_return_if_fail (title != NULL);

  g_free (self->title);
  self->title = g_strdup (title);
  muster_xml_set_child_text (xmlDocGetRootElement (self->xml), "title", title);
  _muster_doc_notify (self, MUSTER_EDIT_TITLE_CHANGED, NULL, NULL);
}

const char *
muster_doc_get_ruleset_id (const MusterDoc *self)
{
  return self->ruleset_id;
}

/* Returns: (nullable): the ruleset version the document was made with */
const char *
muster_doc_get_ruleset_version (const MusterDoc *self)
{
  return self->ruleset_version;
}

/**
 * muster_doc_set_ruleset:
 * @self: a document
 * @ruleset: (nullable): the resolved ruleset to cost with (see muster_catalog_resolve())
 *
 * Binds the document to a ruleset and costs every unit. From then on each edit re-costs the
 * unit it touches. %NULL unbinds: costs go back to 0.
 */
void
muster_doc_set_ruleset (MusterDoc     *self,
                        MusterRuleset *ruleset)
{
  g_return_if_fail (ruleset == NULL || muster_ruleset_is_resolved (ruleset));

  if (ruleset != NULL)
    muster_ruleset_ref (ruleset);
  g_clear_pointer (&self->ruleset, muster_ruleset_unref);
  self->ruleset = ruleset;
  for (guint i = 0; i < self->forces->len; i++)
    _muster_force_recost (self->forces->pdata[i]);
  _muster_doc_notify (self, MUSTER_EDIT_RULESET_CHANGED, NULL, NULL);
}

/* Returns: (transfer none) (nullable): the ruleset costs are computed with */
MusterRuleset *
muster_doc_get_ruleset (const MusterDoc *self)
{
  return self->ruleset;
}

guint
muster_doc_get_n_forces (const MusterDoc *self)
{
  return self->forces->len;
}

MusterForce *
muster_doc_get_force (const MusterDoc *self,
                      guint            index)
{
  g_return_val_if_fail (index < self->forces->len, NULL);
  return self->forces->pdata[index];
}

/**
 * muster_doc_insert_force:
 * @self: a document
 * @index: where among the forces
 * @force: (transfer full): a detached force
 *
 * The force and everything in it get ids (keeping those they have when free) and are costed.
 */
void
muster_doc_insert_force (MusterDoc   *self,
                         guint        index,
                         MusterForce *force)
{
  xmlNode *root = xmlDocGetRootElement (self->xml);
  xmlNode *element = muster_force_get_root (force)->xml;

  g_return_if_fail (muster_force_get_doc (force) == NULL);
  g_return_if_fail (index <= self->forces->len);

  if (index < self->forces->len)
    xmlAddPrevSibling (muster_force_get_root (self->forces->pdata[index])->xml, element);
  else if (index > 0)
    xmlAddNextSibling (muster_force_get_root (self->forces->pdata[index - 1])->xml, element);
  else
    xmlAddChild (root, element);
  g_ptr_array_insert (self->forces, index, force);
  _muster_force_attach (force, self, FALSE, NULL);
  _muster_doc_notify (self, MUSTER_EDIT_FORCE_ADDED, force, force);
}

/* Returns: (transfer full): the force, detached, ready to be inserted again */
MusterForce *
muster_doc_remove_force (MusterDoc *self,
                         guint      index)
{
  MusterForce *force;

  g_return_val_if_fail (index < self->forces->len, NULL);

  force = g_ptr_array_steal_index (self->forces, index);
  _muster_force_detach (force);
  muster_xml_detach (muster_force_get_root (force)->xml);
  _muster_doc_notify (self, MUSTER_EDIT_FORCE_REMOVED, force, force);
  return force;
}

MusterDocLog **
_muster_doc_get_log_slot (const MusterDoc *self)
{
  return (MusterDocLog **) &self->log;
}

xmlNode *
_muster_doc_get_root (const MusterDoc *self)
{
  return xmlDocGetRootElement (self->xml);
}

/* One watcher at a time (a validator); %NULL stops watching. */
void
_muster_doc_set_watch (MusterDoc      *self,
                       MusterDocWatch  watch,
                       gpointer        data)
{
  g_return_if_fail (watch == NULL || self->watch == NULL);

  self->watch = watch;
  self->watch_data = data;
}

void
_muster_doc_notify (MusterDoc   *self,
                    MusterEdit   edit,
                    gpointer     object,
                    MusterForce *force)
{
  /* the table and the title are not the lists: a unit dragged keeps what its list says */
  if (edit != MUSTER_EDIT_FEATURE_CHANGED && edit != MUSTER_EDIT_TITLE_CHANGED)
    g_datalist_clear (&self->list_caches);
  if (self->watch != NULL)
    self->watch (self->watch_data, edit, object, force);
}

/**
 * muster_doc_get_list_cache:
 * @self: a document
 * @key: the cache's name
 *
 * Returns: (transfer none) (nullable): what muster_doc_set_list_cache() kept under @key, or
 *   %NULL when nothing was or an edit of the lists or the ruleset has dropped it since
 */
gpointer
muster_doc_get_list_cache (MusterDoc  *self,
                           const char *key)
{
  return g_datalist_get_data (&self->list_caches, key);
}

/**
 * muster_doc_set_list_cache:
 * @self: a document
 * @key: the cache's name
 * @data: (transfer full): what was worked out from the document's lists and ruleset alone
 * @destroy: frees @data
 *
 * Keeps @data with the document until the next edit of a force, a unit or the ruleset (moving
 * things on the battlefield keeps it): a cache whose owner need not watch the document.
 */
void
muster_doc_set_list_cache (MusterDoc      *self,
                           const char     *key,
                           gpointer        data,
                           GDestroyNotify  destroy)
{
  g_datalist_set_data_full (&self->list_caches, key, data, destroy);
}

/* Returns: (transfer none) (nullable): the unit with @id in any force */
MusterUnit *
muster_doc_lookup_unit (const MusterDoc *self,
                        const char      *id)
{
  return id ? g_hash_table_lookup (self->units, id) : NULL;
}

gboolean
_muster_doc_register (MusterDoc   *self,
                      char       **id,
                      char         kind,
                      xmlNode     *xml,
                      gpointer     object,
                      gboolean     strict,
                      GError     **error)
{
  guint64 number;

  /* An emptied unit's element is filled as it was read before its id is set in it. */
  if (kind == 'u' && (*id == NULL || g_hash_table_contains (self->ids, *id)))
    _muster_unit_expand (object);
  if (*id != NULL && g_hash_table_contains (self->ids, *id))
    {
      if (strict)
        return doc_fail (error, self->file, xml, "the id “%s” is used twice", *id);
      g_clear_pointer (id, g_free);
    }
  if (*id == NULL)
    {
      do
        {
          g_free (*id);
          *id = g_strdup_printf ("%c%u", kind, ++self->next_id);
        }
      while (g_hash_table_contains (self->ids, *id));
      /* a unit's first, as a save writes it */
      if (kind == 'u')
        _muster_unit_set_prop (xml, "id", *id);
      else
        muster_xml_set_prop (xml, "id", *id);
    }

  /* New ids are never below one already seen: an id freed by a removal is not handed out
   * again, so undoing the removal gets it back. */
  if (g_ascii_isalpha ((*id)[0]) && g_ascii_string_to_unsigned (*id + 1, 10, 1, G_MAXUINT,
                                                                &number, NULL))
    self->next_id = MAX (self->next_id, (guint) number);

  g_hash_table_insert (self->ids, g_strdup (*id), object);
  if (kind == 'u')
    g_hash_table_insert (self->units, g_strdup (*id), object);
  return TRUE;
}

void
_muster_doc_unregister (MusterDoc  *self,
                        const char *id)
{
  if (id == NULL)
    return;
  g_hash_table_remove (self->ids, id);
  g_hash_table_remove (self->units, id);
}

/* Returns: (transfer none) (nullable): the table and scenario, if the document has one */
MusterBattlefield *
muster_doc_get_battlefield (const MusterDoc *self)
{
  return self->battlefield;
}

/**
 * muster_doc_set_battlefield:
 * @self: a document
 * @battlefield: (transfer full) (nullable): a detached battlefield, or %NULL for none
 *
 * Returns: (transfer full) (nullable): the battlefield it had, detached, to set back
 */
MusterBattlefield *
muster_doc_set_battlefield (MusterDoc         *self,
                            MusterBattlefield *battlefield)
{
  MusterBattlefield *old = self->battlefield;

  if (old != NULL)
    {
      muster_xml_detach (_muster_battlefield_get_xml (old));
      _muster_battlefield_set_owned (old, TRUE);
      _muster_battlefield_set_watch (old, NULL, NULL);
    }
  self->battlefield = battlefield;
  if (battlefield != NULL)
    {
      xmlAddChild (xmlDocGetRootElement (self->xml), _muster_battlefield_get_xml (battlefield));
      _muster_battlefield_set_owned (battlefield, FALSE);
      _muster_battlefield_set_watch (battlefield, battlefield_edited, self);
    }
  _muster_doc_notify (self, MUSTER_EDIT_FEATURE_CHANGED, NULL, NULL);
  return old;
}

/**
 * muster_doc_get_feature_side:
 * @self: (nullable): the document, for the force of a placed unit
 * @feature: a feature of the document's battlefield
 *
 * Returns: (nullable): the side @feature belongs to: its own side, or for a placement without
 *   one the side of its unit's force
 */
const char *
muster_doc_get_feature_side (const MusterDoc     *self,
                             const MusterFeature *feature)
{
  MusterUnit *unit;

  g_return_val_if_fail (feature != NULL, NULL);

  if (feature->side != NULL)
    return feature->side;
  if (self != NULL && feature->kind == MUSTER_FEATURE_UNIT &&
      (unit = muster_doc_lookup_unit (self, feature->unit)))
    return muster_force_get_side (muster_unit_get_force (unit));
  return NULL;
}

/* Returns: whether @audience may see @feature, a placed unit counting as its force's side */
gboolean
muster_doc_feature_is_visible (const MusterDoc      *self,
                               const MusterFeature  *feature,
                               const MusterAudience *audience)
{
  if (audience->umpire || !muster_feature_is_hidden (feature))
    return TRUE;
  return muster_feature_is_visible_to (feature, muster_doc_get_feature_side (self, feature),
                                       audience);
}

/**
 * muster_doc_collect_sides:
 * @self: (nullable): a document
 * @battlefield: (nullable): its battlefield (or one drawn without a document)
 * @sides: (element-type utf8): receives each side name once, borrowed
 *
 * The sides in the order a reader meets them: the forces' sides, then those only the
 * battlefield names (a zone, an objective, a briefing). The order gives each side its colour.
 */
void
muster_doc_collect_sides (const MusterDoc         *self,
                          const MusterBattlefield *battlefield,
                          GPtrArray               *sides)
{
  for (guint i = 0; self != NULL && i < self->forces->len; i++)
    {
      const char *side = muster_force_get_side (self->forces->pdata[i]);

      if (side && !g_ptr_array_find_with_equal_func (sides, side, g_str_equal, NULL))
        g_ptr_array_add (sides, (gpointer) side);
    }
  for (guint i = 0; battlefield != NULL && i < muster_battlefield_get_n_features (battlefield); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (battlefield, i);

      if (f->side && !g_ptr_array_find_with_equal_func (sides, f->side, g_str_equal, NULL))
        g_ptr_array_add (sides, f->side);
    }
}
