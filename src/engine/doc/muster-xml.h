/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

#include "muster-engine-error.h"

G_BEGIN_DECLS

/* Files come from other players: nothing larger than this is parsed at all. */
#define MUSTER_XML_MAX_SIZE (32 * 1024 * 1024)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

xmlDoc   *muster_xml_parse          (const char  *data,
                                     gsize        length,
                                     const char  *display_name,
                                     GError     **error);

/* Hears of each element as soon as the parser closes it, while the rest is still being read:
 * it may take what it needs from the element and empty it (see muster_xml_clear_element()). */
typedef void (*MusterXmlElementDone) (xmlNode  *element,
                                      gpointer  data);

xmlDoc   *muster_xml_parse_watched  (const char            *data,
                                     gsize                  length,
                                     const char            *display_name,
                                     MusterXmlElementDone   done,
                                     gpointer               done_data,
                                     GError               **error);
gboolean  muster_xml_equal          (const xmlNode *a,
                                     const xmlNode *b);
gboolean  muster_xml_is_bare        (const xmlNode *element);
void      muster_xml_clear_element  (xmlNode       *element);
void      muster_xml_drop_blank_before (xmlNode    *node);
gboolean  muster_xml_is_element     (const xmlNode *node,
                                     const char    *name);
char     *muster_xml_get_prop       (const xmlNode *node,
                                     const char    *name);
const char *muster_xml_peek_prop    (const xmlNode *node,
                                     const char    *name,
                                     xmlChar      **owned);
char     *muster_xml_get_text       (const xmlNode *node);
char     *muster_xml_get_prose      (const xmlNode *node);
xmlNode  *muster_xml_first_child    (const xmlNode *node,
                                     const char    *name);
gboolean  muster_xml_get_int        (const xmlNode *node,
                                     const char    *name,
                                     gint64         min,
                                     gint64         max,
                                     gint64        *value,
                                     const char    *display_name,
                                     GError       **error);
GBytes   *muster_xml_to_bytes       (xmlDoc        *doc);

/* Writes back an element muster_xml_clear_element() emptied, from @filler (muster-xml-write.c). */
typedef void (*MusterXmlFill) (xmlNode  *element,
                               gpointer  filler,
                               gpointer  data);

GBytes   *muster_xml_to_bytes_filling (xmlDoc        *doc,
                                       GHashTable    *emptied,
                                       MusterXmlFill  fill,
                                       gpointer       data);
/* libxml2's words in plain ones (also for the BattleScribe reader) */
char     *_muster_xml_plain_message    (const char    *message);

/* The thread's libxml2 error handlers while a file is read: its structured errors to a
 * handler of the reader's, its bare messages ("xmlParseChunk: encoder error") nowhere, rather
 * than on standard error. */
typedef struct
{
  xmlStructuredErrorFunc structured;
  void                  *structured_data;
  xmlGenericErrorFunc    generic;
  void                  *generic_data;
} MusterXmlHandlers;

void      _muster_xml_handlers_take    (MusterXmlHandlers      *saved,
                                        xmlStructuredErrorFunc  func,
                                        void                   *data);
void      _muster_xml_handlers_restore (const MusterXmlHandlers *saved);
/* For the tests (muster-xml-write.c) */
extern gboolean _muster_xml_write_every_element;
void      muster_xml_detach         (xmlNode       *node);
void      muster_xml_set_prop       (xmlNode       *node,
                                     const char    *name,
                                     const char    *value);
xmlNode  *muster_xml_find_child     (const xmlNode *node,
                                     const char    *name,
                                     const char    *attribute,
                                     const char    *value);
void      muster_xml_set_child_text (xmlNode       *node,
                                     const char    *name,
                                     const char    *text);
void      muster_xml_strip_blanks   (xmlNode       *node);
gboolean  muster_xml_fail           (GError            **error,
                                     MusterEngineError   code,
                                     const char         *file,
                                     const xmlNode      *node,
                                     const char         *format,
                                     ...) G_GNUC_PRINTF (5, 6);

G_END_DECLS
