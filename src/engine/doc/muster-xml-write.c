/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include <libxml/xmlsave.h>
#include <string.h>

#include "muster-xml.h"

/*
 * Writing a tree whose big parts are kept elsewhere (issue 20). A big document's units and
 * placed units live in their structures, their elements emptied (muster_xml_clear_element()).
 * Filling them all for a save rebuilt the whole tree, half a gigabyte for a 31 MB file. Here
 * each emptied element is filled just before it is written and emptied just after, so only one
 * stands whole at a time.
 *
 * The bytes are libxml2's own (xmlDocDumpFormatMemoryEnc(…, "UTF-8", 1), muster_xml_to_bytes()):
 * elements without emptied elements inside are written by libxml2 (xmlNodeDumpOutput() at
 * their depth), and only the elements around them (the root, the forces, their nodes, the
 * battlefield) are walked here, written as libxml2 2.9's xmlsave.c writes them: the same
 * indentation (xmlTreeIndentString, at most 60 characters deep), a new line after each child
 * unless some child is text, start tags written by libxml2 itself.
 */

/* For the tests: walk every element with children here, not only those holding emptied ones,
 * so that each piece of libxml2's layout this file copies is compared with libxml2's. */
gboolean _muster_xml_write_every_element = FALSE;

typedef struct
{
  xmlOutputBuffer *out;
  xmlDoc          *doc;
  GHashTable      *emptied;    /* xmlNode -> what fills it */
  GHashTable      *holding;    /* elements with an emptied element somewhere inside */
  MusterXmlFill    fill;
  gpointer         data;
} Writer;

static int
append_cb (void       *context,
           const char *buffer,
           int         length)
{
  g_byte_array_append (context, (const guint8 *) buffer, length);
  return length;
}

static xmlOutputBuffer *
new_output (GByteArray *sink)
{
  /* The encoder muster_xml_to_bytes() writes through, so the bytes pass the same way. */
  xmlOutputBuffer *out = xmlOutputBufferCreateIO (append_cb, NULL, sink,
                                                  xmlFindCharEncodingHandler ("UTF-8"));

  if (out == NULL)
    g_error ("out of memory serialising XML");
  return out;
}

/* libxml2's indentation of a node at @level (xmlSaveCtxtInit(): at most MAX_INDENT, 60). */
static void
write_indent (xmlOutputBuffer *out,
              int              level)
{
  const char *unit = xmlTreeIndentString;
  int size = unit != NULL ? (int) strlen (unit) : 0;

  if (size == 0 || !xmlIndentTreeOutput)
    return;
  for (int i = 0; i < MIN (level, 60 / size); i++)
    xmlOutputBufferWrite (out, size, unit);
}

/* "<name attributes>" of @element as libxml2 writes it (namespaces, escaping): it writes the
 * element without its children, "<name attributes/>", and the "/>" is left off. */
static void
write_start_tag (Writer  *w,
                 xmlNode *element)
{
  g_autoptr(GByteArray) tag = g_byte_array_new ();
  xmlOutputBuffer *scratch = new_output (tag);
  xmlNode *children = element->children, *last = element->last;

  element->children = element->last = NULL;
  xmlNodeDumpOutput (scratch, w->doc, element, 0, 0, "UTF-8");
  element->children = children;
  element->last = last;
  xmlOutputBufferClose (scratch);
  g_assert (tag->len >= 2 && memcmp (tag->data + tag->len - 2, "/>", 2) == 0);
  xmlOutputBufferWrite (w->out, tag->len - 2, (const char *) tag->data);
  xmlOutputBufferWrite (w->out, 1, ">");
}

/* Writes @node, which is at @level, as xmlNodeDumpOutputInternal() writes a node that is not
 * the one it was called on, less the indentation before it and the new line after it: those
 * are its parent's. @format: whether its parent is indented (no text among its children). */
static void
write_node (Writer  *w,
            xmlNode *node,
            int      level,
            int      format)
{
  gpointer filler;
  int inner = format;

  if (node->type == XML_ELEMENT_NODE && (filler = g_hash_table_lookup (w->emptied, node)))
    {
      w->fill (node, filler, w->data);
      xmlNodeDumpOutput (w->out, w->doc, node, level, format, "UTF-8");
      muster_xml_clear_element (node);
      return;
    }
  if (node->type != XML_ELEMENT_NODE || node->children == NULL ||
      !(_muster_xml_write_every_element || g_hash_table_contains (w->holding, node)))
    {
      xmlNodeDumpOutput (w->out, w->doc, node, level, format, "UTF-8");
      return;
    }

  write_start_tag (w, node);
  /* Any text among the children and libxml2 indents nothing inside (it would change it). */
  for (xmlNode *child = node->children; inner && child != NULL; child = child->next)
    if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE ||
        child->type == XML_ENTITY_REF_NODE)
      inner = 0;
  if (inner)
    xmlOutputBufferWrite (w->out, 1, "\n");
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (inner && (child->type == XML_ELEMENT_NODE || child->type == XML_PI_NODE ||
                    child->type == XML_COMMENT_NODE))
        write_indent (w->out, level + 1);
      write_node (w, child, level + 1, inner);
      if (inner && child->type != XML_XINCLUDE_START && child->type != XML_XINCLUDE_END)
        xmlOutputBufferWrite (w->out, 1, "\n");
    }
  if (inner)
    write_indent (w->out, level);
  xmlOutputBufferWrite (w->out, 2, "</");
  if (node->ns != NULL && node->ns->prefix != NULL)
    {
      xmlOutputBufferWriteString (w->out, (const char *) node->ns->prefix);
      xmlOutputBufferWrite (w->out, 1, ":");
    }
  xmlOutputBufferWriteString (w->out, (const char *) node->name);
  xmlOutputBufferWrite (w->out, 1, ">");
}

/* The XML declaration xmlDocContentDumpOutput() writes for @doc: libxml2's, from an empty
 * document with the same version and standalone. */
static void
write_declaration (Writer *w)
{
  g_autoptr(xmlDoc) empty = xmlNewDoc (w->doc->version);
  xmlChar *mem = NULL;
  int size = 0;

  empty->standalone = w->doc->standalone;
  xmlDocDumpFormatMemoryEnc (empty, &mem, &size, "UTF-8", 1);
  if (mem == NULL)
    g_error ("out of memory serialising XML");
  xmlOutputBufferWrite (w->out, size, (const char *) mem);
  xmlFree (mem);
}

/* A document this file does not write as libxml2 does: the whole tree is filled and written
 * by libxml2. Muster refuses DOCTYPEs on reading and never sets xmlSaveNoEmptyTags. */
static GBytes *
write_filled_whole (Writer *w)
{
  GHashTableIter iter;
  gpointer element, filler;
  GBytes *bytes;

  g_hash_table_iter_init (&iter, w->emptied);
  while (g_hash_table_iter_next (&iter, &element, &filler))
    w->fill (element, filler, w->data);
  bytes = muster_xml_to_bytes (w->doc);
  g_hash_table_iter_init (&iter, w->emptied);
  while (g_hash_table_iter_next (&iter, &element, NULL))
    muster_xml_clear_element (element);
  return bytes;
}

/**
 * muster_xml_to_bytes_filling:
 * @doc: the tree
 * @emptied: (element-type xmlNode gpointer): elements of @doc emptied by
 *   muster_xml_clear_element() (none inside another), each with what @fill fills it from
 * @fill: writes the element's attributes and children back
 * @data: for @fill
 *
 * Returns: (transfer full): the same bytes as muster_xml_to_bytes() on @doc with every element
 *   of @emptied filled, each filled only while it is written and emptied again after
 */
GBytes *
muster_xml_to_bytes_filling (xmlDoc        *doc,
                             GHashTable    *emptied,
                             MusterXmlFill  fill,
                             gpointer       data)
{
  g_autoptr(GHashTable) holding = g_hash_table_new (NULL, NULL);
  GByteArray *sink;
  Writer w = { NULL, doc, emptied, holding, fill, data };
  const xmlChar *encoding = doc->encoding;
  GHashTableIter iter;
  gpointer element;

  if (xmlGetIntSubset (doc) != NULL || xmlSaveNoEmptyTags)
    return write_filled_whole (&w);

  g_hash_table_iter_init (&iter, emptied);
  while (g_hash_table_iter_next (&iter, &element, NULL))
    for (xmlNode *up = ((xmlNode *) element)->parent;
         up != NULL && up->type == XML_ELEMENT_NODE && g_hash_table_add (holding, up);
         up = up->parent)
      ;

  sink = g_byte_array_new ();
  w.out = new_output (sink);
  write_declaration (&w);
  /* xmlDocContentDumpOutput() names the encoding in the document while it writes: attribute
   * values then keep their non-ASCII characters rather than writing them as &#…; references. */
  doc->encoding = (const xmlChar *) "UTF-8";
  for (xmlNode *child = doc->children; child != NULL; child = child->next)
    {
      write_node (&w, child, 0, 1);
      if (child->type != XML_XINCLUDE_START && child->type != XML_XINCLUDE_END)
        xmlOutputBufferWrite (w.out, 1, "\n");
    }
  doc->encoding = encoding;
  xmlOutputBufferClose (w.out);
  return g_byte_array_free_to_bytes (sink);
}
