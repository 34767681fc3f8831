/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-header"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/xmlreader.h>
#include <string.h>

#include "muster-bs-data.h"
#include "muster-bs-header.h"
#include "muster-bs-private.h"
#include "muster-bs-zip.h"
#include "muster-xml.h"

/*
 * The root element of a BattleScribe file, read with a streaming reader that stops at it:
 * a folder of 47 files is listed in the time it takes to read their first lines, and a
 * roster names the game system and revision it needs even when that data is not there.
 */

/* g_set_str() is GLib 2.76. */
static void
set_str (char       **field,
         const char  *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

static int
read_int (const xmlChar *value)
{
  gint64 v = g_ascii_strtoll ((const char *) value, NULL, 10);

  return (int) CLAMP (v, 0, G_MAXINT);
}

static void
read_root (xmlTextReader  *reader,
           MusterBsHeader *header)
{
  header->element = g_strdup ((const char *) xmlTextReaderConstLocalName (reader));
  while (xmlTextReaderMoveToNextAttribute (reader) == 1)
    {
      const char *attr = (const char *) xmlTextReaderConstLocalName (reader);
      const xmlChar *value = xmlTextReaderConstValue (reader);

      if (value == NULL || xmlTextReaderIsNamespaceDecl (reader))
        continue;
      if (strcmp (attr, "id") == 0)
        set_str (&header->id, (const char *) value);
      else if (strcmp (attr, "name") == 0)
        set_str (&header->name, (const char *) value);
      else if (strcmp (attr, "revision") == 0)
        header->revision = read_int (value);
      else if (strcmp (attr, "gameSystemId") == 0)
        set_str (&header->game_system_id, (const char *) value);
      else if (strcmp (attr, "gameSystemName") == 0)
        set_str (&header->game_system_name, (const char *) value);
      else if (strcmp (attr, "gameSystemRevision") == 0)
        header->game_system_revision = read_int (value);
      else if (strcmp (attr, "library") == 0)
        header->library = strcmp ((const char *) value, "true") == 0;
    }
}

static void
ignore_error_cb (void       *ctx,
                 xmlErrorPtr xerr)
{
}

gboolean
muster_bs_header_read (MusterBsHeader  *header,
                       const char      *name,
                       GBytes          *bytes,
                       GError         **error)
{
  g_autoptr(GBytes) unzipped = NULL;
  MusterXmlHandlers handlers;
  xmlTextReader *reader;
  gsize length;
  const char *data;
  int ret, doctype;

  g_return_val_if_fail (header != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  memset (header, 0, sizeof *header);
  data = g_bytes_get_data (bytes, &length);
  if (_muster_bs_is_zip (data, length))
    {
      if (!(unzipped = muster_bs_zip_extract (bytes, name, MUSTER_BS_MAX_FILE_SIZE, error)))
        return FALSE;
      data = g_bytes_get_data (unzipped, &length);
    }
  if (length == 0 || length > G_MAXINT)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   length == 0 ? _("%s:1: the file is empty") : _("%s:1: the file is too large"),
                   name);
      return FALSE;
    }
  if ((doctype = _muster_bs_find_doctype (data, length)) > 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT,
                   _("%s:%d: DOCTYPE and entity declarations are not allowed in BattleScribe data"),
                   name, doctype);
      return FALSE;
    }
  /* a file too broken to give its header is said so below; libxml2 says nothing on stderr
   * (from making the reader on: it guesses the encoding from the first bytes) */
  _muster_xml_handlers_take (&handlers, ignore_error_cb, NULL);
  reader = xmlReaderForMemory (data, (int) length, name, NULL,
                               XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (reader == NULL)
    g_error ("out of memory creating an XML reader");
  while ((ret = xmlTextReaderRead (reader)) == 1)
    if (xmlTextReaderNodeType (reader) == XML_READER_TYPE_ELEMENT)
      {
        read_root (reader, header);
        break;
      }
  xmlFreeTextReader (reader);
  _muster_xml_handlers_restore (&handlers);
  if (header->element == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s:1: the file is not well-formed XML"), name);
      return FALSE;
    }
  if (strcmp (header->element, "gameSystem") != 0 &&
      strcmp (header->element, "catalogue") != 0 &&
      strcmp (header->element, "roster") != 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s:1: <%s> is not a BattleScribe game system, catalogue or roster"),
                   name, header->element);
      muster_bs_header_clear (header);
      return FALSE;
    }
  return TRUE;
}

void
muster_bs_header_clear (MusterBsHeader *header)
{
  g_clear_pointer (&header->element, g_free);
  g_clear_pointer (&header->id, g_free);
  g_clear_pointer (&header->name, g_free);
  g_clear_pointer (&header->game_system_id, g_free);
  g_clear_pointer (&header->game_system_name, g_free);
  header->revision = header->game_system_revision = 0;
  header->library = FALSE;
}
