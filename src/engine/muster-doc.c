/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-doc"

#include "config.h"

#include "muster-doc.h"
#include "muster-engine-error.h"
#include "muster-xml.h"

/*
 * A *.muster document. The parsed tree is kept as the document's storage so that elements a
 * newer Muster wrote (and this one does not know) survive a load and save untouched.
 */
struct _MusterDoc
{
  xmlDoc *xml;
  char   *title;
  char   *ruleset_id;
  char   *ruleset_version;
};

static xmlNode *
ensure_child (xmlNode    *parent,
              const char *name)
{
  xmlNode *node = muster_xml_first_child (parent, name);

  if (node == NULL)
    node = xmlNewChild (parent, NULL, (const xmlChar *) name, NULL);
  return node;
}

MusterDoc *
muster_doc_new (const char *ruleset_id,
                const char *ruleset_version)
{
  MusterDoc *self = g_new0 (MusterDoc, 1);
  g_autofree char *format = g_strdup_printf ("%d", MUSTER_DOC_FORMAT);
  xmlNode *root, *ruleset;

  g_return_val_if_fail (ruleset_id != NULL, NULL);

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

/**
 * muster_doc_new_from_bytes:
 * @bytes: the document XML
 * @display_name: the name used in error messages (usually the file name)
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the document, or %NULL with @error set
 */
MusterDoc *
muster_doc_new_from_bytes (GBytes      *bytes,
                           const char  *display_name,
                           GError     **error)
{
  g_autoptr(MusterDoc) self = NULL;
  gint64 format = 0;
  xmlNode *root, *node;
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  self = g_new0 (MusterDoc, 1);
  data = g_bytes_get_data (bytes, &length);
  if (!(self->xml = muster_xml_parse (data, length, display_name, error)))
    return NULL;

  root = xmlDocGetRootElement (self->xml);
  if (!muster_xml_is_element (root, "muster"))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT,
                   "%s:%ld: this is not a Muster document (the root element is <%s>)",
                   display_name, xmlGetLineNo (root), (const char *) root->name);
      return NULL;
    }

  if (!muster_xml_get_int (root, "format", 1, G_MAXINT, &format, display_name, error))
    return NULL;
  if (format > MUSTER_DOC_FORMAT)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNSUPPORTED_VERSION,
                   "%s:%ld: document format %" G_GINT64_FORMAT " was written by a newer Muster "
                   "(this one reads format %d)", display_name, xmlGetLineNo (root), format,
                   MUSTER_DOC_FORMAT);
      return NULL;
    }

  if (!(node = muster_xml_first_child (root, "ruleset")) ||
      !(self->ruleset_id = muster_xml_get_prop (node, "id")))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT,
                   "%s:%ld: the document does not name its ruleset (<ruleset id=\"…\"/>)",
                   display_name, xmlGetLineNo (node ? node : root));
      return NULL;
    }
  self->ruleset_version = muster_xml_get_prop (node, "version");

  if ((node = muster_xml_first_child (root, "title")))
    self->title = muster_xml_get_text (node);
  else
    self->title = g_strdup ("");

  return g_steal_pointer (&self);
}

GBytes *
muster_doc_to_bytes (MusterDoc *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return muster_xml_to_bytes (self->xml);
}

void
muster_doc_free (MusterDoc *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->xml, xmlFreeDoc);
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
  xmlNode *root = xmlDocGetRootElement (self->xml);
  xmlNode *node;

  g_return_if_fail (title != NULL);

  g_free (self->title);
  self->title = g_strdup (title);
  node = ensure_child (root, "title");
  xmlNodeSetContent (node, NULL);
  xmlNodeAddContent (node, (const xmlChar *) title);
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
