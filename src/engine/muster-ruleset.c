/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-ruleset.h"
#include "muster-xml.h"

struct _MusterRuleset
{
  grefcount  ref_count;

  char      *id;
  char      *name;
  char      *version;
  char      *book;
  char      *summary;
  char      *extends;
  char      *path;
  gboolean   house;
};

static void
muster_ruleset_free (MusterRuleset *self)
{
  g_free (self->id);
  g_free (self->name);
  g_free (self->version);
  g_free (self->book);
  g_free (self->summary);
  g_free (self->extends);
  g_free (self->path);
  g_free (self);
}

static gboolean
is_valid_id (const char *id)
{
  if (id == NULL || *id == '\0' || !g_ascii_islower (*id))
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

static gboolean
parse_header (MusterRuleset *self,
              xmlNode       *root,
              const char    *display_name,
              GError       **error)
{
  g_autofree char *house = NULL;
  gint64 format = 0;
  xmlNode *node;

  if (!muster_xml_is_element (root, "ruleset"))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "%s:%ld: the root element is <%s>, expected <ruleset>",
                   display_name, xmlGetLineNo (root), (const char *) root->name);
      return FALSE;
    }

  if (!muster_xml_get_int (root, "format", 1, G_MAXINT, &format, display_name, error))
    return FALSE;
  if (format == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "%s:%ld: <ruleset> has no format attribute",
                   display_name, xmlGetLineNo (root));
      return FALSE;
    }
  if (format > MUSTER_RULESET_FORMAT)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNSUPPORTED_VERSION,
                   "%s:%ld: ruleset format %" G_GINT64_FORMAT " is newer than this Muster "
                   "reads (%d); update Muster", display_name, xmlGetLineNo (root), format,
                   MUSTER_RULESET_FORMAT);
      return FALSE;
    }

  self->id = muster_xml_get_prop (root, "id");
  if (!is_valid_id (self->id))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "%s:%ld: ruleset id \"%s\" must be lower-case letters, digits and dashes",
                   display_name, xmlGetLineNo (root), self->id ? self->id : "");
      return FALSE;
    }

  self->version = muster_xml_get_prop (root, "version");
  if (self->version == NULL || *self->version == '\0')
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "%s:%ld: ruleset \"%s\" has no version", display_name,
                   xmlGetLineNo (root), self->id);
      return FALSE;
    }

  self->extends = muster_xml_get_prop (root, "extends");
  house = muster_xml_get_prop (root, "house");
  self->house = g_strcmp0 (house, "true") == 0 || self->extends != NULL;

  if ((node = muster_xml_first_child (root, "name")) == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "%s:%ld: ruleset \"%s\" has no <name>", display_name,
                   xmlGetLineNo (root), self->id);
      return FALSE;
    }
  self->name = muster_xml_get_text (node);

  if ((node = muster_xml_first_child (root, "book")) != NULL)
    self->book = muster_xml_get_text (node);
  else
    self->book = g_strdup ("");

  if ((node = muster_xml_first_child (root, "summary")) != NULL)
    self->summary = muster_xml_get_text (node);
  else
    self->summary = g_strdup ("");

  return TRUE;
}

/**
 * muster_ruleset_new_from_bytes:
 * @bytes: the ruleset XML
 * @display_name: the name used in error messages (usually the file path)
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the ruleset, or %NULL with @error set
 */
MusterRuleset *
muster_ruleset_new_from_bytes (GBytes      *bytes,
                               const char  *display_name,
                               GError     **error)
{
  g_autoptr(MusterRuleset) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  data = g_bytes_get_data (bytes, &length);
  if (!(doc = muster_xml_parse (data, length, display_name, error)))
    return NULL;

  self = g_new0 (MusterRuleset, 1);
  g_ref_count_init (&self->ref_count);

  if (!parse_header (self, xmlDocGetRootElement (doc), display_name, error))
    return NULL;

  return g_steal_pointer (&self);
}

MusterRuleset *
muster_ruleset_new_from_file (const char  *path,
                              GError     **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  MusterRuleset *self;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;

  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  if ((self = muster_ruleset_new_from_bytes (bytes, path, error)))
    self->path = g_strdup (path);
  return self;
}

MusterRuleset *
muster_ruleset_ref (MusterRuleset *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_ref_count_inc (&self->ref_count);
  return self;
}

void
muster_ruleset_unref (MusterRuleset *self)
{
  g_return_if_fail (self != NULL);
  if (g_ref_count_dec (&self->ref_count))
    muster_ruleset_free (self);
}

const char *
muster_ruleset_get_id (const MusterRuleset *self)
{
  return self->id;
}

const char *
muster_ruleset_get_name (const MusterRuleset *self)
{
  return self->name;
}

const char *
muster_ruleset_get_version (const MusterRuleset *self)
{
  return self->version;
}

const char *
muster_ruleset_get_book (const MusterRuleset *self)
{
  return self->book;
}

const char *
muster_ruleset_get_summary (const MusterRuleset *self)
{
  return self->summary;
}

/* Returns: (nullable): the id of the ruleset this one overrides, for house rules */
const char *
muster_ruleset_get_extends (const MusterRuleset *self)
{
  return self->extends;
}

gboolean
muster_ruleset_is_house (const MusterRuleset *self)
{
  return self->house;
}

/* Returns: (nullable): where the ruleset was read from */
const char *
muster_ruleset_get_path (const MusterRuleset *self)
{
  return self->path;
}
