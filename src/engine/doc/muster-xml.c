/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/xmlsave.h>
#include <string.h>

#include "muster-engine-error.h"
#include "muster-xml.h"

/*
 * Safe XML reading. Muster files travel between players, so the parser never touches the
 * network (XML_PARSE_NONET), never substitutes entities (no XML_PARSE_NOENT), never loads a DTD
 * and keeps libxml2's depth and size limits (no XML_PARSE_HUGE). On top of that any DOCTYPE is
 * refused outright: no Muster file needs one, and it is the door for XXE and entity bombs.
 *
 * Documents are parsed without a string dictionary (XML_PARSE_NODICT): every name and text is
 * the node's own, so elements can move between documents (an edit removes a unit, undo puts
 * it back, a copy goes to another document) and be freed wherever they end up.
 */

typedef struct
{
  gboolean  saw_doctype;
  int       doctype_line;
  /* The first error names the real problem; later ones are usually its echoes. */
  char     *first_message;
  int       first_line;
  /* A byte the declared encoding cannot convert: libxml2 says so outside the parser */
  gboolean  bad_bytes;
  MusterXmlElementDone done;   /* nullable */
  gpointer  done_data;
} ParseGuard;

/* libxml2's words where they speak of its own options or read as a riddle, in plain ones. */
static const struct
{
  const char *libxml;
  const char *plain;
} plain_messages[] = {
  { "Excessive depth in document",
    N_("the elements are nested too deeply (more than 256 levels)") },
  { "indicate encoding",
    N_("the text is not in UTF-8 (or not in the encoding the file declares)") },
  { "Document labelled UTF-16 but has UTF-8 content",
    N_("the file says it is in UTF-16 but is in UTF-8") },
  { "Start tag expected, '<' not found", N_("this is not XML: no element starts the file") },
  { "Extra content at the end of the document",
    N_("there is more after the end of the root element") },
  { "AttValue: \" or ' expected", N_("an attribute's value is not in quotes") },
  { "AttValue: ' expected", N_("an attribute's value has no closing quote") },
  { "attributes construct error",
    N_("a start tag is not well formed: its attributes, or its closing > or />") },
  { "Couldn't find end of Start Tag", N_("a start tag is not closed with > or />") },
  { "StartTag: invalid element name",
    N_("a < starts no element (a less-than sign in text is written &lt;)") },
  { "xmlParseEntityRef: no name",
    N_("a & starts no entity (an ampersand in text is written &amp;)") },
};

/* Returns: (transfer full): @message, a libxml2 error's, in plain words where it has a riddle
 * (also the BattleScribe reader's, muster-bs-load.c) */
char *
_muster_xml_plain_message (const char *message)
{
  for (guint i = 0; i < G_N_ELEMENTS (plain_messages); i++)
    if (strstr (message, plain_messages[i].libxml) != NULL)
      return g_strdup (_(plain_messages[i].plain));
  /* The first line only: libxml2 adds its own "Bytes: 0x…" dumps below. */
  return g_strchomp (g_strndup (message, strcspn (message, "\n")));
}

static void
structured_error_cb (void       *ctx,
                     xmlErrorPtr xerr)
{
  xmlParserCtxt *ctxt = ctx;
  ParseGuard *guard = ctxt->_private;

  if (guard->first_message == NULL && xerr != NULL && xerr->level >= XML_ERR_ERROR &&
      xerr->message != NULL)
    {
      guard->first_message = _muster_xml_plain_message (xerr->message);
      guard->first_line = xerr->line;
    }
  /* A fatal error is a well-formedness error: the file is refused, with the first message.
   * libxml2 would read on to the end and raise (format, copy, report) an error for each
   * piece after it; on a mangled file (every other input of a fuzz run) that was a good part
   * of the parse. The parser is halted as xmlStopParser() does, but its input is left in
   * place: libxml2 2.9 frees it there, while the code that raised this error may still
   * point into it. Halted, every parsing loop ends and no further error is raised. */
  if (xerr != NULL && xerr->level == XML_ERR_FATAL)
    {
      ctxt->instate = XML_PARSER_EOF;
      ctxt->disableSAX = 1;
    }
}

static void
internal_subset_cb (void          *ctx,
                    const xmlChar *name,
                    const xmlChar *external_id,
                    const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = ctx;
  ParseGuard *guard = ctxt->_private;

  guard->saw_doctype = TRUE;
  guard->doctype_line = xmlSAX2GetLineNumber (ctxt);
  xmlStopParser (ctxt);
}

/* Errors libxml2 raises outside the parser go to the thread's handler, which prints them on
 * standard error ("encoding error : input conversion failed due to input error", "I/O error :
 * encoder error"): while a file is read they come here, and the file's error says what they
 * mean. @ctx: a gboolean, set when a byte did not convert. */
static void
outside_error_cb (void       *ctx,
                  xmlErrorPtr xerr)
{
  gboolean *bad_bytes = ctx;

  if (xerr != NULL && (xerr->domain == XML_FROM_I18N ||
                       (xerr->domain == XML_FROM_IO && xerr->code == XML_IO_ENCODER)))
    *bad_bytes = TRUE;
}

static void
silent_cb (void       *ctx,
           const char *msg,
           ...)
{
}

void
_muster_xml_handlers_take (MusterXmlHandlers      *saved,
                           xmlStructuredErrorFunc  func,
                           void                   *data)
{
  saved->structured = xmlStructuredError;
  saved->structured_data = xmlStructuredErrorContext;
  saved->generic = xmlGenericError;
  saved->generic_data = xmlGenericErrorContext;
  xmlSetStructuredErrorFunc (data, func);
  xmlSetGenericErrorFunc (NULL, silent_cb);
}

void
_muster_xml_handlers_restore (const MusterXmlHandlers *saved)
{
  xmlSetStructuredErrorFunc (saved->structured_data, saved->structured);
  xmlSetGenericErrorFunc (saved->generic_data, saved->generic);
}

static void
end_element_cb (void          *ctx,
                const xmlChar *localname,
                const xmlChar *prefix,
                const xmlChar *uri)
{
  xmlParserCtxt *ctxt = ctx;
  ParseGuard *guard = ctxt->_private;
  xmlNode *element = ctxt->node;

  xmlSAX2EndElementNs (ctx, localname, prefix, uri);
  /* Closed: the parser only ever appends after it from now on. */
  if (element != NULL && element->type == XML_ELEMENT_NODE && ctxt->wellFormed)
    guard->done (element, guard->done_data);
}

typedef struct
{
  const char *data;
  gsize       left;
} Reading;

static int
read_cb (void *context,
         char *buffer,
         int   length)
{
  Reading *reading = context;
  gsize n = MIN ((gsize) length, reading->left);

  memcpy (buffer, reading->data, n);
  reading->data += n;
  reading->left -= n;
  return (int) n;
}

/* Reads @data a piece at a time: libxml2's own reading of memory would first copy it whole. */
static xmlDoc *
read_pieces (xmlParserCtxt *ctxt,
             const char    *data,
             gsize          length,
             const char    *display_name)
{
  Reading reading = { data, length };

  return xmlCtxtReadIO (ctxt, read_cb, NULL, &reading, display_name, NULL,
                        XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                        XML_PARSE_NOCDATA | XML_PARSE_NODICT);
}

/* One parser a thread, kept from one parse to the next: making a parser (its tables, its
 * dictionary, its SAX handler) and freeing it again was a tenth of the parse of a small
 * document under ASan. Taken while in use, so that a parse started from within a parse (a
 * reader's callback) makes its own. */
static void
free_parser (gpointer ctxt)
{
  xmlFreeParserCtxt (ctxt);
}

static GPrivate kept_parser = G_PRIVATE_INIT (free_parser);

/* The parser's dictionary keeps every name it has read (the tree does not use it: see
 * above); a parser that has read this many is let go rather than kept growing. */
#define KEPT_PARSER_MAX_NAMES 4096

static xmlParserCtxt *
take_parser (void)
{
  xmlParserCtxt *ctxt = g_private_get (&kept_parser);

  if (ctxt != NULL)
    {
      g_private_set (&kept_parser, NULL);
      return ctxt;
    }
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    g_error ("out of memory creating an XML parser");
  return ctxt;
}

/* Keeps @ctxt for the next parse on this thread, emptied: its input (which reads from the
 * finished parse's memory) and any state of that parse are freed now. */
static void
give_back_parser (xmlParserCtxt *ctxt)
{
  ctxt->_private = NULL;
  xmlCtxtReset (ctxt);
  if (g_private_get (&kept_parser) == NULL && ctxt->dict != NULL &&
      xmlDictSize (ctxt->dict) < KEPT_PARSER_MAX_NAMES)
    g_private_set (&kept_parser, ctxt);
  else
    xmlFreeParserCtxt (ctxt);
}

xmlDoc *
muster_xml_parse (const char  *data,
                  gsize        length,
                  const char  *display_name,
                  GError     **error)
{
  return muster_xml_parse_watched (data, length, display_name, NULL, NULL, error);
}

/**
 * muster_xml_parse_watched:
 * @done: (nullable): called with each element once its end tag is read
 *
 * muster_xml_parse(), telling @done of each element as it is closed. A reader that keeps
 * what a big document says in structures of its own takes it from the elements there, and
 * empties them, so that the whole tree never stands in memory at once (issue 20: a tree
 * costs some fifteen times the file).
 */
xmlDoc *
muster_xml_parse_watched (const char            *data,
                          gsize                  length,
                          const char            *display_name,
                          MusterXmlElementDone   done,
                          gpointer               done_data,
                          GError               **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  ParseGuard guard = { 0 };
  MusterXmlHandlers handlers;
  xmlParserCtxt *ctxt;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (length > MUSTER_XML_MAX_SIZE)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE,
                   _("%s: the file is %llu bytes; files over %d MiB are not read"),
                   display_name, (unsigned long long) length, MUSTER_XML_MAX_SIZE / (1024 * 1024));
      return NULL;
    }

  if (length == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s:1: the file is empty"), display_name);
      return NULL;
    }

  ctxt = take_parser ();
  ctxt->_private = &guard;
  ctxt->sax->internalSubset = internal_subset_cb;
  ctxt->sax->serror = structured_error_cb;
  guard.done = done;
  guard.done_data = done_data;
  /* Set every time: a kept parser has the last parse's. */
  ctxt->sax->endElementNs = done != NULL ? end_element_cb : xmlSAX2EndElementNs;

  _muster_xml_handlers_take (&handlers, outside_error_cb, &guard.bad_bytes);
  doc = read_pieces (ctxt, data, length, display_name);
  _muster_xml_handlers_restore (&handlers);

  if (guard.saw_doctype)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT,
                   _("%s:%d: DOCTYPE and entity declarations are not allowed in Muster files"),
                   display_name, guard.doctype_line);
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if ((doc == NULL || !ctxt->wellFormed) && guard.bad_bytes)
    {
      /* what the parser then says of the garbled text ("AttValue: ' expected") is its echo */
      const xmlChar *encoding = ctxt->input != NULL ? ctxt->input->encoding : NULL;

      if (encoding != NULL)
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                     _("%s:%d: the text is not valid %s, the encoding the file declares"),
                     display_name, MAX (guard.first_line, 1), (const char *) encoding);
      else
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                     _("%s:%d: the text is not valid in the encoding the file declares"),
                     display_name, MAX (guard.first_line, 1));
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (doc == NULL || !ctxt->wellFormed)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   "%s:%d: %s", display_name, MAX (guard.first_line, 1),
                   guard.first_message ? guard.first_message : _("the file is not well-formed XML"));
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (xmlDocGetRootElement (doc) == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s:1: the file has no root element"), display_name);
      g_clear_pointer (&doc, xmlFreeDoc);
    }

  give_back_parser (ctxt);
  g_free (guard.first_message);

  return g_steal_pointer (&doc);
}

gboolean
muster_xml_is_element (const xmlNode *node,
                       const char    *name)
{
  return node != NULL &&
         node->type == XML_ELEMENT_NODE &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

/* The value of the attribute @name (without a namespace) of @node, borrowed from the tree
 * where it is one piece of text: always so for a parsed file (DOCTYPEs, and so entities, are
 * refused) and for muster_xml_set_prop(). Anything else is made by libxml2 into *@owned, for
 * the caller to xmlFree(). Loading reads some ten attributes a unit, and copying each twice
 * (libxml2's copy, then ours) was a good part of the load under ASan. */
static const char *
peek_prop (const xmlNode  *node,
           const char     *name,
           xmlChar       **owned)
{
  *owned = NULL;
  if (node == NULL || node->type != XML_ELEMENT_NODE)
    return NULL;
  /* The first byte before strcmp(): a unit has some ten attributes, each looked for in turn,
   * and each strcmp() call is slow under ASan and the fuzzer's hooks. */
  for (const xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    if (attr->ns == NULL && attr->name[0] == (xmlChar) name[0] &&
        strcmp ((const char *) attr->name, name) == 0)
      {
        const xmlNode *text = attr->children;

        if (text == NULL)
          return "";
        if (text->next == NULL && text->type == XML_TEXT_NODE && text->content != NULL)
          return (const char *) text->content;
        break;
      }
  /* Absent, and no DTD to give a default (xmlGetNoNsProp() would look there). */
  if (node->doc == NULL || (node->doc->intSubset == NULL && node->doc->extSubset == NULL))
    return NULL;
  *owned = xmlGetNoNsProp (node, (const xmlChar *) name);
  return (const char *) *owned;
}

/* peek_prop() for a reader that only looks at the value (a number): @owned, when set, is for
 * the caller to xmlFree() once done with the value. */
const char *
muster_xml_peek_prop (const xmlNode  *node,
                      const char     *name,
                      xmlChar       **owned)
{
  return peek_prop (node, name, owned);
}

/* Returns a g_free()-able copy so callers never mix the two allocators. */
char *
muster_xml_get_prop (const xmlNode *node,
                     const char    *name)
{
  xmlChar *owned;
  const char *value = peek_prop (node, name, &owned);
  char *ret = g_strdup (value);

  xmlFree (owned);
  return ret;
}

char *
muster_xml_get_text (const xmlNode *node)
{
  xmlChar *value = xmlNodeGetContent (node);
  char *ret;

  if (value == NULL)
    return g_strdup ("");
  ret = g_strstrip (g_strdup ((const char *) value));
  xmlFree (value);
  return ret;
}

/**
 * muster_xml_get_prose:
 *
 * Like muster_xml_get_text(), for running text laid out over several indented lines in the
 * data: every run of white space becomes one space.
 *
 * Returns: (transfer full): the text
 */
char *
muster_xml_get_prose (const xmlNode *node)
{
  g_autofree char *text = muster_xml_get_text (node);
  GString *prose = g_string_sized_new (strlen (text));
  gboolean space = FALSE;

  for (const char *c = text; *c != '\0'; c++)
    {
      if (g_ascii_isspace (*c))
        {
          space = TRUE;
          continue;
        }
      if (space)
        g_string_append_c (prose, ' ');
      space = FALSE;
      g_string_append_c (prose, *c);
    }
  return g_string_free (prose, FALSE);
}

xmlNode *
muster_xml_first_child (const xmlNode *node,
                        const char    *name)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    if (muster_xml_is_element (child, name))
      return child;
  return NULL;
}

gboolean
muster_xml_get_int (const xmlNode *node,
                    const char    *name,
                    gint64         min,
                    gint64         max,
                    gint64        *value,
                    const char    *display_name,
                    GError       **error)
{
  xmlChar *owned;
  const char *text = peek_prop (node, name, &owned);
  g_autoptr(GError) local_error = NULL;
  gboolean ok;

  if (text == NULL)
    return TRUE;

  ok = g_ascii_string_to_signed (text, 10, min, max, value, &local_error);
  xmlFree (owned);
  if (!ok)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s:%ld: attribute %s of <%s>: %s"), display_name, xmlGetLineNo (node), name,
                   (const char *) node->name, local_error->message);
      return FALSE;
    }
  return TRUE;
}

GBytes *
muster_xml_to_bytes (xmlDoc *doc)
{
  xmlChar *mem = NULL;
  int size = 0;
  GBytes *bytes;

  xmlDocDumpFormatMemoryEnc (doc, &mem, &size, "UTF-8", 1);
  if (mem == NULL)
    g_error ("out of memory serialising XML");
  bytes = g_bytes_new (mem, size);
  xmlFree (mem);
  return bytes;
}

/* Takes @node out of its document: it then belongs to whoever holds it, and may outlive the
 * document or join another. */
void
muster_xml_detach (xmlNode *node)
{
  xmlUnlinkNode (node);
  xmlSetTreeDoc (node, NULL);
}

/* Sets attribute @name, or removes it when @value is %NULL. */
void
muster_xml_set_prop (xmlNode    *node,
                     const char *name,
                     const char *value)
{
  if (value == NULL)
    xmlUnsetProp (node, (const xmlChar *) name);
  else
    xmlSetProp (node, (const xmlChar *) name, (const xmlChar *) value);
}

/* Returns: (nullable): the first child <@name> whose @attribute is @value */
xmlNode *
muster_xml_find_child (const xmlNode *node,
                       const char    *name,
                       const char    *attribute,
                       const char    *value)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      xmlChar *owned;
      gboolean found;

      if (!muster_xml_is_element (child, name))
        continue;
      found = g_strcmp0 (peek_prop (child, attribute, &owned), value) == 0;
      xmlFree (owned);
      if (found)
        return child;
    }
  return NULL;
}

/* Makes the first child <@name> hold @text (escaped as needed), or removes it if @text is
 * %NULL. A new child goes at the end. */
void
muster_xml_set_child_text (xmlNode    *node,
                           const char *name,
                           const char *text)
{
  xmlNode *child = muster_xml_first_child (node, name);

  if (text == NULL)
    {
      if (child != NULL)
        {
          xmlUnlinkNode (child);
          xmlFreeNode (child);
        }
      return;
    }
  if (child == NULL)
    child = xmlNewChild (node, NULL, (const xmlChar *) name, NULL);
  xmlNodeSetContent (child, NULL);
  xmlNodeAddContent (child, (const xmlChar *) text);
}

/* Removes the whitespace-only text between the child elements of @node, so that a saved file
 * is indented afresh around the elements edits added. Other text is left alone. */
void
muster_xml_strip_blanks (xmlNode *node)
{
  xmlNode *child = node->children;

  while (child != NULL)
    {
      xmlNode *next = child->next;

      if (child->type == XML_TEXT_NODE && xmlIsBlankNode (child))
        {
          xmlUnlinkNode (child);
          xmlFreeNode (child);
        }
      child = next;
    }
}

/**
 * muster_xml_fail:
 * @error: return location for a #GError
 * @code: the #MusterEngineError
 * @file: the file's name in error messages
 * @node: the element at fault
 * @format: printf() format of the message
 *
 * Sets @error to "FILE:LINE: message" at the line of @node, the shape of every complaint the
 * readers make about an element.
 *
 * Returns: %FALSE, for `return muster_xml_fail (...)`
 */
gboolean
muster_xml_fail (GError            **error,
                 MusterEngineError   code,
                 const char         *file,
                 const xmlNode      *node,
                 const char         *format,
                 ...)
{
  va_list args;

  va_start (args, format);
  muster_engine_set_error_va (error, code, file, xmlGetLineNo (node), format, args);
  va_end (args);
  return FALSE;
}

/* Returns: whether two elements (or text nodes) are the same XML: names, attributes in order,
 *   children, text */
gboolean
muster_xml_equal (const xmlNode *a,
                  const xmlNode *b)
{
  const xmlAttr *pa, *pb;
  const xmlNode *ca, *cb;

  if (a->type != b->type || a->ns != NULL || b->ns != NULL ||
      g_strcmp0 ((const char *) a->name, (const char *) b->name) != 0)
    return FALSE;
  if (a->type != XML_ELEMENT_NODE)
    return a->type == XML_TEXT_NODE &&
           g_strcmp0 ((const char *) a->content, (const char *) b->content) == 0;
  if (a->nsDef != NULL || b->nsDef != NULL)
    return FALSE;
  for (pa = a->properties, pb = b->properties; pa != NULL && pb != NULL;
       pa = pa->next, pb = pb->next)
    {
      xmlChar *owned_a, *owned_b;
      gboolean same;

      if (pa->ns != NULL || pb->ns != NULL || strcmp ((const char *) pa->name,
                                                      (const char *) pb->name) != 0)
        return FALSE;
      same = g_strcmp0 (peek_prop (a, (const char *) pa->name, &owned_a),
                        peek_prop (b, (const char *) pb->name, &owned_b)) == 0;
      xmlFree (owned_a);
      xmlFree (owned_b);
      if (!same)
        return FALSE;
    }
  if (pa != NULL || pb != NULL)
    return FALSE;
  for (ca = a->children, cb = b->children; ca != NULL && cb != NULL; ca = ca->next, cb = cb->next)
    if (!muster_xml_equal (ca, cb))
      return FALSE;
  return ca == NULL && cb == NULL;
}

/* Returns: whether @element has neither attributes nor children: emptied by
 *   muster_xml_clear_element(), its content kept elsewhere */
gboolean
muster_xml_is_bare (const xmlNode *element)
{
  return element->properties == NULL && element->children == NULL;
}

/* Frees the attributes and children of @element, which stays where it is: it keeps its place
 * among its siblings and its line number for messages. */
void
muster_xml_clear_element (xmlNode *element)
{
  xmlAttr *props = element->properties;
  xmlNode *children = element->children;

  element->properties = NULL;
  element->children = element->last = NULL;
  if (props != NULL)
    xmlFreePropList (props);
  if (children != NULL)
    xmlFreeNodeList (children);
}

/* Frees the white space just before @node, if any: the indentation a save writes afresh. */
void
muster_xml_drop_blank_before (xmlNode *node)
{
  xmlNode *prev = node->prev;

  if (prev != NULL && prev->type == XML_TEXT_NODE && xmlIsBlankNode (prev))
    {
      xmlUnlinkNode (prev);
      xmlFreeNode (prev);
    }
}
