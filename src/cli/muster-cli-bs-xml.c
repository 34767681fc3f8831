/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <libxml/tree.h>
#include <string.h>

#include "muster-cli-bs-xml.h"
#include "muster-engine-error.h"

/*
 * The protocol writes the data model as JSON with the XML's own names: a scalar member is
 * an attribute, an array member is the list element of the same name holding one element
 * per item, named in the singular ("selectionEntries" holds "selectionEntry",
 * "sharedRules" holds "rule"). Three kinds of text are elements, not attributes: a rule's
 * description, a characteristic's value, and the comments and readmes BattleScribe keeps.
 * Members the format does not have are written too and the loader ignores them, as the
 * protocol asks of unknown fields.
 */

static const char * const namespaces[][2] = {
  { "gameSystem", "http://www.battlescribe.net/schema/gameSystemSchema" },
  { "catalogue", "http://www.battlescribe.net/schema/catalogueSchema" },
};

static const char * const text_members[] = { "description", "comment", "readme", NULL };

typedef struct
{
  GString *path;    /* where in the object we are, for errors: "selectionEntries[2]" */
  GError **error;
} Converter;

/* "sharedSelectionEntries" -> "selectionEntry", "costs" -> "cost" */
static char *
item_element (const char *list)
{
  GString *name;

  if (g_str_has_prefix (list, "shared") && g_ascii_isupper (list[6]))
    list += 6;
  name = g_string_new (list);
  name->str[0] = g_ascii_tolower (name->str[0]);
  if (g_str_has_suffix (name->str, "ies"))
    g_string_append_c (g_string_truncate (name, name->len - 3), 'y');
  else if (g_str_has_suffix (name->str, "s"))
    g_string_truncate (name, name->len - 1);
  return g_string_free (name, FALSE);
}

/* Numbers as short as they round-trip: 10 not 10.0, 0.1 not 0.10000000000000001. */
static char *
format_number (JsonNode *node)
{
  static const char * const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  double value;

  if (json_node_get_value_type (node) != G_TYPE_DOUBLE)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  value = json_node_get_double (node);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buffer, sizeof buffer, formats[i], value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  return g_strdup (buffer);
}

static char *
format_scalar (JsonNode *node)
{
  GType type = json_node_get_value_type (node);

  if (type == G_TYPE_BOOLEAN)
    return g_strdup (json_node_get_boolean (node) ? "true" : "false");
  if (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE)
    return format_number (node);
  if (type == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  return NULL;
}

static gboolean write_object (Converter  *conv,
                              xmlNode    *element,
                              JsonObject *object);

static gboolean
write_list (Converter  *conv,
            xmlNode    *element,
            const char *member,
            JsonArray  *array)
{
  g_autofree char *item_name = item_element (member);
  xmlNode *list = xmlNewChild (element, NULL, BAD_CAST member, NULL);
  gsize path_len = conv->path->len;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);

      g_string_append_printf (conv->path, "%s%s[%u]", path_len ? "." : "", member, i);
      if (!JSON_NODE_HOLDS_OBJECT (item))
        {
          g_set_error (conv->error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                       "%s: not an object", conv->path->str);
          return FALSE;
        }
      if (!write_object (conv, xmlNewChild (list, NULL, BAD_CAST item_name, NULL),
                         json_node_get_object (item)))
        return FALSE;
      g_string_truncate (conv->path, path_len);
    }
  return TRUE;
}

static gboolean
write_object (Converter  *conv,
              xmlNode    *element,
              JsonObject *object)
{
  gboolean characteristic = strcmp ((const char *) element->name, "characteristic") == 0;
  JsonObjectIter iter;
  const char *member;
  JsonNode *node;

  /* Attributes first, then the lists: the order the format writes them in. */
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &member, &node))
    {
      g_autofree char *text = JSON_NODE_HOLDS_VALUE (node) ? format_scalar (node) : NULL;

      if (text == NULL)
        continue;
      if (characteristic && strcmp (member, "value") == 0)
        xmlNodeAddContent (element, BAD_CAST text);
      else if (!g_strv_contains (text_members, member))
        xmlSetProp (element, BAD_CAST member, BAD_CAST text);
    }
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &member, &node))
    {
      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          if (!write_list (conv, element, member, json_node_get_array (node)))
            return FALSE;
        }
      else if (g_strv_contains (text_members, member) && JSON_NODE_HOLDS_VALUE (node))
        {
          g_autofree char *text = format_scalar (node);

          xmlNewTextChild (element, NULL, BAD_CAST member, BAD_CAST text);
        }
    }
  return TRUE;
}

/**
 * muster_cli_bs_xml_from_json:
 * @object: a game system or catalogue as the protocol's setup command gives it
 * @root: "gameSystem" or "catalogue"
 * @game_system_id: (nullable): the game system a catalogue without a gameSystemId belongs to
 * @error: return location for an error naming the member that is not as the protocol says
 *
 * Returns: (transfer full): the serialised .gst or .cat, or %NULL with @error set
 */
GBytes *
muster_cli_bs_xml_from_json (JsonObject  *object,
                             const char  *root,
                             const char  *game_system_id,
                             GError     **error)
{
  g_autoptr(GString) path = g_string_new (NULL);
  Converter conv = { path, error };
  xmlDoc *doc;
  xmlNode *element;
  xmlChar *text = NULL;
  int size = 0;

  g_return_val_if_fail (object != NULL, NULL);

  if (!json_object_has_member (object, "id") ||
      !JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "id")))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "%s without an id", root);
      return NULL;
    }

  doc = xmlNewDoc (BAD_CAST "1.0");
  element = xmlNewDocNode (doc, NULL, BAD_CAST root, NULL);
  xmlDocSetRootElement (doc, element);
  for (guint i = 0; i < G_N_ELEMENTS (namespaces); i++)
    if (strcmp (root, namespaces[i][0]) == 0)
      xmlSetNs (element, xmlNewNs (element, BAD_CAST namespaces[i][1], NULL));
  if (!write_object (&conv, element, object))
    {
      g_prefix_error (error, "%s “%s”: ", root, json_object_get_string_member (object, "id"));
      xmlFreeDoc (doc);
      return NULL;
    }
  /* What the format requires and the protocol may leave out. */
  if (!xmlHasProp (element, BAD_CAST "revision"))
    xmlSetProp (element, BAD_CAST "revision", BAD_CAST "1");
  if (!xmlHasProp (element, BAD_CAST "battleScribeVersion"))
    xmlSetProp (element, BAD_CAST "battleScribeVersion", BAD_CAST "2.03");
  if (strcmp (root, "catalogue") == 0 && game_system_id != NULL &&
      !xmlHasProp (element, BAD_CAST "gameSystemId"))
    xmlSetProp (element, BAD_CAST "gameSystemId", BAD_CAST game_system_id);

  xmlDocDumpMemoryEnc (doc, &text, &size, "UTF-8");
  xmlFreeDoc (doc);
  return g_bytes_new_with_free_func (text, size, (GDestroyNotify) xmlFree, text);
}
