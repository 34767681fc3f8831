/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"
#define _GNU_SOURCE   /* memmem() */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/xmlreader.h>
#include <math.h>
#include <string.h>

#include "muster-bs-private.h"
#include "muster-xml.h"

/*
 * The game data reader. It streams the file with xmlTextReader and makes one compact node per
 * element it knows, so the 37 MB of a big game never exists as a libxml2 tree. The reader
 * never touches the network, loads no DTD and substitutes no entity; a DOCTYPE is refused
 * outright (no BattleScribe file has one), and depth and element count are capped.
 */

typedef struct
{
  const char       *element;
  MusterBsNodeKind  kind;
} ElementKind;

static const ElementKind element_kinds[] = {
  { "gameSystem", MUSTER_BS_NODE_GAME_SYSTEM },
  { "catalogue", MUSTER_BS_NODE_CATALOGUE },
  { "catalogueLink", MUSTER_BS_NODE_CATALOGUE_LINK },
  { "publication", MUSTER_BS_NODE_PUBLICATION },
  { "costType", MUSTER_BS_NODE_COST_TYPE },
  { "profileType", MUSTER_BS_NODE_PROFILE_TYPE },
  { "characteristicType", MUSTER_BS_NODE_CHARACTERISTIC_TYPE },
  { "categoryEntry", MUSTER_BS_NODE_CATEGORY_ENTRY },
  { "forceEntry", MUSTER_BS_NODE_FORCE_ENTRY },
  { "selectionEntry", MUSTER_BS_NODE_SELECTION_ENTRY },
  { "selectionEntryGroup", MUSTER_BS_NODE_SELECTION_ENTRY_GROUP },
  { "entryLink", MUSTER_BS_NODE_ENTRY_LINK },
  { "categoryLink", MUSTER_BS_NODE_CATEGORY_LINK },
  { "infoLink", MUSTER_BS_NODE_INFO_LINK },
  { "infoGroup", MUSTER_BS_NODE_INFO_GROUP },
  { "profile", MUSTER_BS_NODE_PROFILE },
  { "characteristic", MUSTER_BS_NODE_CHARACTERISTIC },
  { "rule", MUSTER_BS_NODE_RULE },
  { "cost", MUSTER_BS_NODE_COST },
  { "constraint", MUSTER_BS_NODE_CONSTRAINT },
  { "modifier", MUSTER_BS_NODE_MODIFIER },
  { "modifierGroup", MUSTER_BS_NODE_MODIFIER_GROUP },
  { "condition", MUSTER_BS_NODE_CONDITION },
  { "conditionGroup", MUSTER_BS_NODE_CONDITION_GROUP },
  { "localConditionGroup", MUSTER_BS_NODE_LOCAL_CONDITION_GROUP },
  { "repeat", MUSTER_BS_NODE_REPEAT },
};

/* Containers at a game system's or catalogue's root whose items are shared (reached by links
 * only); the other root lists hold root entries. */
static const char * const shared_lists[] = {
  "sharedSelectionEntries", "sharedSelectionEntryGroups", "sharedProfiles", "sharedRules",
  "sharedInfoGroups", "sharedForceEntries", "sharedAssociations", NULL,
};

typedef struct
{
  MusterBsNode *node;       /* the element's node; a container's owner; NULL when ignored */
  MusterBsNode *last_child; /* tail of node's children (element frames only) */
  MusterBsPlace place;      /* for a container: the place its items take */
  gboolean      container;
  gboolean      text;       /* <description> of a rule: its text goes to the owner */
} Frame;

typedef struct
{
  MusterBsData  *data;
  const char    *name;
  xmlTextReader *reader;
  GArray        *stack;     /* Frame */
  MusterBsNode  *root;
  guint          n_elements;
} Loader;

/* The line of the element under the reader (the parser itself may be lines ahead). */
static int
current_line (xmlTextReader *reader)
{
  xmlNode *node = xmlTextReaderCurrentNode (reader);
  long line = node ? xmlGetLineNo (node) : -1;

  return line > 0 ? (int) line : MAX (xmlTextReaderGetParserLineNumber (reader), 1);
}

static MusterBsNodeKind
kind_of (const char *element)
{
  static GHashTable *kinds;

  if (g_once_init_enter (&kinds))
    {
      GHashTable *table = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; i < G_N_ELEMENTS (element_kinds); i++)
        g_hash_table_insert (table, (gpointer) element_kinds[i].element,
                             GINT_TO_POINTER (element_kinds[i].kind));
      g_once_init_leave (&kinds, table);
    }
  return GPOINTER_TO_INT (g_hash_table_lookup (kinds, element));
}

MusterBsNode *
_muster_bs_data_new_node (MusterBsData *self)
{
  MusterBsNode *block;

  if (self->blocks->len == 0 || self->block_used == self->block_size)
    {
      self->block_size = self->blocks->len == 0 ? MUSTER_BS_NODE_FIRST_BLOCK
                                                : MIN (self->block_size * 2, MUSTER_BS_NODE_BLOCK);
      g_ptr_array_add (self->blocks, g_new0 (MusterBsNode, self->block_size));
      self->block_used = 0;
    }
  block = g_ptr_array_index (self->blocks, self->blocks->len - 1);
  self->n_nodes++;
  return &block[self->block_used++];
}

static const char *
intern (Loader        *loader,
        const xmlChar *value)
{
  return _muster_bs_data_intern_loaded (loader->data, (const char *) value);
}

static gboolean
is_true (const xmlChar *value)
{
  return strcmp ((const char *) value, "true") == 0 || strcmp ((const char *) value, "1") == 0;
}

static void
set_flag (MusterBsNode  *node,
          guint          flag,
          const xmlChar *value)
{
  if (is_true (value))
    node->flags |= flag;
  else
    node->flags &= ~flag;
}

static gboolean
read_number (Loader        *loader,
             MusterBsNode  *node,
             const char    *attribute,
             const xmlChar *value,
             double        *out,
             GError       **error)
{
  char *end = NULL;
  double v = g_ascii_strtod ((const char *) value, &end);

  if (end == (char *) value || *end != '\0' || !isfinite (v))
    {
      muster_engine_set_error (error, MUSTER_ENGINE_ERROR_INVALID_FILE, loader->name,
                               node->line, "attribute %s of <%s> is not a number: “%s”",
                               attribute, xmlTextReaderConstLocalName (loader->reader) ?
                               (const char *) xmlTextReaderConstLocalName (loader->reader) : "",
                               (const char *) value);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

static gboolean
read_attributes (Loader        *loader,
                 MusterBsNode  *node,
                 const char    *element,
                 GError       **error)
{
  xmlTextReader *reader = loader->reader;

  while (xmlTextReaderMoveToNextAttribute (reader) == 1)
    {
      const char *attr = (const char *) xmlTextReaderConstLocalName (reader);
      const xmlChar *value = xmlTextReaderConstValue (reader);

      if (value == NULL || xmlTextReaderIsNamespaceDecl (reader))
        continue;
      if (strcmp (attr, "id") == 0)
        node->id = intern (loader, value);
      else if (strcmp (attr, "name") == 0)
        node->name = intern (loader, value);
      else if (strcmp (attr, "targetId") == 0)
        node->target_id = intern (loader, value);
      else if (strcmp (attr, "type") == 0 && node->kind != MUSTER_BS_NODE_PROFILE)
        node->type = intern (loader, value);
      else if (strcmp (attr, "typeName") == 0)
        node->type = intern (loader, value);
      else if (strcmp (attr, "typeId") == 0)
        node->type_id = intern (loader, value);
      else if (strcmp (attr, "field") == 0)
        node->field = intern (loader, value);
      else if (strcmp (attr, "scope") == 0)
        node->scope = intern (loader, value);
      else if (strcmp (attr, "childId") == 0)
        node->child_id = intern (loader, value);
      else if (strcmp (attr, "page") == 0)
        node->page = intern (loader, value);
      else if (strcmp (attr, "publicationId") == 0)
        node->publication_id = intern (loader, value);
      else if (strcmp (attr, "defaultSelectionEntryId") == 0)
        node->text = intern (loader, value);
      else if (strcmp (attr, "value") == 0 || strcmp (attr, "defaultCostLimit") == 0)
        {
          if (node->kind == MUSTER_BS_NODE_MODIFIER)
            {
              /* A modifier's value is text (a name, a category id) as often as a number. */
              node->text = intern (loader, value);
              node->value = g_ascii_strtod ((const char *) value, NULL);
            }
          else if (!read_number (loader, node, attr, value, &node->value, error))
            return FALSE;
        }
      else if (strcmp (attr, "revision") == 0 && (node->kind == MUSTER_BS_NODE_GAME_SYSTEM ||
                                                  node->kind == MUSTER_BS_NODE_CATALOGUE))
        /* As the header reader does: a revision that is not a number is no revision. */
        node->value = (double) CLAMP (g_ascii_strtoll ((const char *) value, NULL, 10), 0,
                                      G_MAXINT);
      else if (strcmp (attr, "repeats") == 0)
        {
          double r;

          if (!read_number (loader, node, attr, value, &r, error))
            return FALSE;
          node->repeats = (int) CLAMP (r, 0, G_MAXINT);
        }
      else if (strcmp (attr, "hidden") == 0)
        set_flag (node, MUSTER_BS_FLAG_HIDDEN, value);
      else if (strcmp (attr, "collective") == 0)
        set_flag (node, MUSTER_BS_FLAG_COLLECTIVE, value);
      else if (strcmp (attr, "import") == 0)
        {
          set_flag (node, MUSTER_BS_FLAG_IMPORT, value);
          if (!is_true (value))
            node->flags |= MUSTER_BS_FLAG_NO_IMPORT;
        }
      else if (strcmp (attr, "primary") == 0)
        set_flag (node, MUSTER_BS_FLAG_PRIMARY, value);
      else if (strcmp (attr, "shared") == 0)
        set_flag (node, MUSTER_BS_FLAG_SHARED, value);
      else if (strcmp (attr, "includeChildSelections") == 0)
        set_flag (node, MUSTER_BS_FLAG_CHILD_SELECTIONS, value);
      else if (strcmp (attr, "includeChildForces") == 0)
        set_flag (node, MUSTER_BS_FLAG_CHILD_FORCES, value);
      else if (strcmp (attr, "percentValue") == 0)
        set_flag (node, MUSTER_BS_FLAG_PERCENT, value);
      else if (strcmp (attr, "roundUp") == 0)
        set_flag (node, MUSTER_BS_FLAG_ROUND_UP, value);
      else if (strcmp (attr, "importRootEntries") == 0)
        set_flag (node, MUSTER_BS_FLAG_IMPORT_ROOT, value);
      else if (strcmp (attr, "library") == 0)
        set_flag (node, MUSTER_BS_FLAG_LIBRARY, value);
      else if (strcmp (attr, "automatic") == 0)
        set_flag (node, MUSTER_BS_FLAG_AUTOMATIC, value);
      else if (strcmp (attr, "negative") == 0)
        set_flag (node, MUSTER_BS_FLAG_NEGATIVE, value);
      else if (strcmp (attr, "message") == 0 && node->kind == MUSTER_BS_NODE_CONSTRAINT)
        node->text = intern (loader, value);
      else if (strcmp (attr, "gameSystemId") == 0)
        node->target_id = intern (loader, value);
    }
  xmlTextReaderMoveToElement (reader);
  return TRUE;
}

static Frame *
top (Loader *loader)
{
  return loader->stack->len ? &g_array_index (loader->stack, Frame, loader->stack->len - 1)
                            : NULL;
}

/* The element frame that owns the current container or element. */
static Frame *
owner_frame (Loader *loader)
{
  for (guint i = loader->stack->len; i > 0; i--)
    {
      Frame *f = &g_array_index (loader->stack, Frame, i - 1);

      if (!f->container)
        return f;
    }
  return NULL;
}

static gboolean
fail (Loader     *loader,
      GError    **error,
      MusterEngineError code,
      const char *format,
      ...) G_GNUC_PRINTF (4, 5);

static gboolean
fail (Loader     *loader,
      GError    **error,
      MusterEngineError code,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  muster_engine_set_error_va (error, code, loader->name, current_line (loader->reader),
                              format, args);
  va_end (args);
  return FALSE;
}

static gboolean
start_element (Loader  *loader,
               GError **error)
{
  const char *element = (const char *) xmlTextReaderConstLocalName (loader->reader);
  gboolean empty = xmlTextReaderIsEmptyElement (loader->reader);
  MusterBsNodeKind kind = kind_of (element);
  Frame *parent = top (loader);
  Frame frame = { 0 };

  if (++loader->n_elements > MUSTER_BS_MAX_ELEMENTS)
    return fail (loader, error, MUSTER_ENGINE_ERROR_TOO_LARGE,
                 "more than %d elements; the file is not read", MUSTER_BS_MAX_ELEMENTS);
  if (loader->stack->len >= MUSTER_BS_MAX_DEPTH)
    return fail (loader, error, MUSTER_ENGINE_ERROR_INVALID_FILE,
                 "<%s> is nested more than %d deep", element, MUSTER_BS_MAX_DEPTH);

  if (parent == NULL)
    {
      if (kind != MUSTER_BS_NODE_GAME_SYSTEM && kind != MUSTER_BS_NODE_CATALOGUE)
        return fail (loader, error, MUSTER_ENGINE_ERROR_INVALID_FILE,
                     "<%s> is not a BattleScribe game system or catalogue", element);
    }
  else if (parent->node == NULL)
    kind = MUSTER_BS_NODE_OTHER;  /* inside something ignored */

  if (kind != MUSTER_BS_NODE_OTHER && (parent == NULL || !parent->text))
    {
      Frame *owner = parent ? owner_frame (loader) : NULL;
      MusterBsNode *node = _muster_bs_data_new_node (loader->data);

      node->kind = kind;
      node->line = current_line (loader->reader);
      /* The schema's defaults that are not zero. */
      if (kind == MUSTER_BS_NODE_CONSTRAINT || kind == MUSTER_BS_NODE_CONDITION ||
          kind == MUSTER_BS_NODE_REPEAT || kind == MUSTER_BS_NODE_LOCAL_CONDITION_GROUP)
        node->flags |= MUSTER_BS_FLAG_SHARED;
      if (kind == MUSTER_BS_NODE_COST_TYPE)
        node->value = -1;
      if (kind == MUSTER_BS_NODE_REPEAT)
        node->repeats = 1;
      node->place = parent && parent->container ? parent->place : MUSTER_BS_IN_CHILD;
      if (owner != NULL)
        {
          node->parent = owner->node;
          node->file = loader->root;
          if (owner->last_child)
            owner->last_child->next = node;
          else
            owner->node->first_child = node;
          owner->last_child = node;
          /* Validation and evaluation ask these of every entry offered, after every edit. */
          if (kind == MUSTER_BS_NODE_CONSTRAINT)
            owner->node->flags |= MUSTER_BS_FLAG_HAS_CONSTRAINTS;
          if (kind == MUSTER_BS_NODE_MODIFIER || kind == MUSTER_BS_NODE_MODIFIER_GROUP)
            {
              if (owner->node->first_modifier == NULL)
                owner->node->first_modifier = node;
              owner->node->last_modifier = node;
            }
        }
      else
        {
          loader->root = node;
          node->file = node;
          node->text = _muster_bs_data_intern_loaded (loader->data, loader->name);
        }
      if (!read_attributes (loader, node, element, error))
        return FALSE;
      if (node->kind == MUSTER_BS_NODE_RULE || node->kind == MUSTER_BS_NODE_CHARACTERISTIC)
        frame.text = node->kind == MUSTER_BS_NODE_CHARACTERISTIC;
      frame.node = node;
    }
  else if (parent != NULL && parent->node != NULL && !parent->text)
    {
      Frame *owner = owner_frame (loader);

      if (owner != NULL && owner->node->kind == MUSTER_BS_NODE_RULE &&
          strcmp (element, "description") == 0)
        {
          frame.node = owner->node;
          frame.text = TRUE;
        }
      else if (owner != NULL && !parent->container)
        {
          /* A list element: its items take the place the list says. */
          frame.container = TRUE;
          frame.node = owner->node;
          if (owner->node->kind == MUSTER_BS_NODE_GAME_SYSTEM ||
              owner->node->kind == MUSTER_BS_NODE_CATALOGUE)
            frame.place = g_strv_contains (shared_lists, element) ? MUSTER_BS_IN_SHARED
                                                                   : MUSTER_BS_IN_ROOT;
          else
            frame.place = MUSTER_BS_IN_CHILD;
        }
    }

  if (!empty)
    g_array_append_val (loader->stack, frame);
  return TRUE;
}

static void
text_node (Loader *loader)
{
  Frame *frame = top (loader);
  const xmlChar *value;

  if (frame == NULL || !frame->text || frame->node == NULL)
    return;
  value = xmlTextReaderConstValue (loader->reader);
  if (value == NULL)
    return;
  if (frame->node->text != NULL)
    {
      g_autofree char *joined = g_strconcat (frame->node->text, (const char *) value, NULL);

      frame->node->text = _muster_bs_data_intern_loaded (loader->data, joined);
    }
  else
    frame->node->text = intern (loader, value);
}

/* The reader's first error, in plain words */
typedef struct
{
  char     *message;
  int       line;
  gboolean  bad_bytes;   /* a byte the declared encoding cannot convert */
} ReadErrors;

/* Every error libxml2 raises while a file is read, the reader's and those it raises outside
 * any parser ("encoding error : input conversion failed…"), which it would print on standard
 * error: the thread's handler while the file is read. */
static void
read_error_cb (void       *ctx,
               xmlErrorPtr xerr)
{
  ReadErrors *errors = ctx;

  if (xerr == NULL)
    return;
  if (xerr->domain == XML_FROM_I18N || (xerr->domain == XML_FROM_IO && xerr->code == XML_IO_ENCODER))
    errors->bad_bytes = TRUE;
  else if (errors->message == NULL && xerr->level >= XML_ERR_ERROR && xerr->message != NULL)
    {
      errors->message = _muster_xml_plain_message (xerr->message);
      errors->line = xerr->line;
    }
}

/* Skips @data[*i] past the first @end; FALSE when there is none. libc's memmem() and memchr()
 * do the looking: a loop of our own over a long comment compared byte by byte, each compare
 * traced by the fuzzer's instrumentation. */
static gboolean
skip_past (const char *data,
           gsize       length,
           gsize      *i,
           const char *end,
           int        *line)
{
  gsize n = strlen (end);
  const char *found = memmem (data + *i, length - *i, end, n);

  if (found == NULL)
    return FALSE;
  for (const char *p = data + *i; (p = memchr (p, '\n', found - p)) != NULL; p++)
    (*line)++;
  *i = (gsize) (found - data) + n;
  return TRUE;
}

/**
 * _muster_bs_find_doctype:
 *
 * The line of a DOCTYPE in the prolog of @data (before the root element), or 0. The reader
 * reads ahead: an entity used in the root element (an external one, or a billion laughs)
 * would stop it with libxml2's own message before it ever reports the DOCTYPE, so the
 * prolog is looked at first and the refusal is always the same clear one.
 */
int
_muster_bs_find_doctype (const char *data,
                         gsize       length)
{
  gsize i = 0;
  int line = 1;

  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length)
    {
      if (g_ascii_isspace (data[i]))
        line += data[i++] == '\n';
      else if (length - i >= 2 && memcmp (data + i, "<?", 2) == 0)
        {
          if (!skip_past (data, length, &i, "?>", &line))
            return 0;
        }
      else if (length - i >= 4 && memcmp (data + i, "<!--", 4) == 0)
        {
          if (!skip_past (data, length, &i, "-->", &line))
            return 0;
        }
      else if (length - i >= 9 && memcmp (data + i, "<!DOCTYPE", 9) == 0)
        return line;
      else
        return 0;
    }
  return 0;
}

gboolean
_muster_bs_load_xml (MusterBsData *self,
                     const char   *name,
                     const char   *data,
                     gsize         length,
                     GError      **error)
{
  Loader loader = { self, name };
  ReadErrors errors = { 0 };
  MusterXmlHandlers handlers;
  gboolean ok = TRUE;
  int ret;

  if (length > MUSTER_BS_MAX_FILE_SIZE)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE,
                   _("%s: the file is %llu bytes; files over %d MiB are not read"),
                   name, (unsigned long long) length, MUSTER_BS_MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }
  if (length == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s:1: the file is empty"), name);
      return FALSE;
    }
  if ((ret = _muster_bs_find_doctype (data, length)) > 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT,
                   _("%s:%d: DOCTYPE and entity declarations are not allowed in BattleScribe data"),
                   name, ret);
      return FALSE;
    }

  /* Strings in pieces sized after the first file */
  _muster_bs_data_strings (self, length);
  /* from making the reader on: it guesses the encoding from the first bytes */
  _muster_xml_handlers_take (&handlers, read_error_cb, &errors);
  loader.reader = xmlReaderForMemory (data, (int) length, name, NULL,
                                      XML_PARSE_NONET | XML_PARSE_NOERROR |
                                      XML_PARSE_NOWARNING | XML_PARSE_NOCDATA);
  if (loader.reader == NULL)
    g_error ("out of memory creating an XML reader");
  loader.stack = g_array_new (FALSE, FALSE, sizeof (Frame));

  while (ok && (ret = xmlTextReaderRead (loader.reader)) == 1)
    {
      switch (xmlTextReaderNodeType (loader.reader))
        {
        case XML_READER_TYPE_ELEMENT:
          ok = start_element (&loader, error);
          break;
        case XML_READER_TYPE_END_ELEMENT:
          if (loader.stack->len > 0)
            g_array_set_size (loader.stack, loader.stack->len - 1);
          break;
        case XML_READER_TYPE_TEXT:
        case XML_READER_TYPE_CDATA:
          text_node (&loader);
          break;
        case XML_READER_TYPE_DOCUMENT_TYPE:
        case XML_READER_TYPE_ENTITY_REFERENCE:
        case XML_READER_TYPE_ENTITY:
          ok = fail (&loader, error, MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT,
                     "DOCTYPE and entity declarations are not allowed in BattleScribe data");
          break;
        default:
          break;
        }
    }
  _muster_xml_handlers_restore (&handlers);
  if (ok && ret != 0)
    {
      /* what the reader then says of the garbled text is its echo */
      if (errors.bad_bytes)
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                     _("%s:%d: the text is not valid in the encoding the file declares"),
                     name, MAX (errors.line > 0 ? errors.line
                                : xmlTextReaderGetParserLineNumber (loader.reader), 1));
      else
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE, "%s:%d: %s",
                     name, MAX (errors.line, 1),
                     errors.message ? g_strchomp (errors.message)
                                    : _("the file is not well-formed XML"));
      ok = FALSE;
    }
  g_free (errors.message);
  if (ok && loader.root == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s:1: the file has no root element"), name);
      ok = FALSE;
    }
  if (ok && loader.root->id == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s:%d: <%s> has no id"), name, loader.root->line,
                   loader.root->kind == MUSTER_BS_NODE_GAME_SYSTEM ? "gameSystem" : "catalogue");
      ok = FALSE;
    }
  if (ok)
    {
      if (loader.root->kind == MUSTER_BS_NODE_GAME_SYSTEM)
        {
          if (self->game_system != NULL)
            {
              g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                           _("%s:%d: a second game system; one is loaded already (%s)"),
                           name, loader.root->line, self->game_system->text);
              ok = FALSE;
            }
          else
            self->game_system = loader.root;
        }
      else
        g_ptr_array_add (self->catalogues, loader.root);
      if (ok)
        {
          g_ptr_array_add (self->files, loader.root);
          self->resolved = FALSE;
        }
    }

  xmlFreeTextReader (loader.reader);
  g_array_unref (loader.stack);
  return ok;
}
