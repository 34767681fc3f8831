/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battle-log"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-army-private.h"
#include "muster-battlefield.h"
#include "muster-battle-log-private.h"
#include "muster-procedure.h"
#include "muster-unit.h"

/*
 * The battle log, kept in the document's tree like everything else: <battle-log seed turn>
 * holding one <entry> per roll. A hand-written log is read as strictly as a hand-written
 * force: a unit or a procedure the document does not know is an error at its line.
 */
struct _MusterDocLog
{
  xmlNode   *xml;
  guint64    seed;
  guint      turn;
  GPtrArray *entries;   /* MusterLogEntry */
};

#define DEFAULT_SEED 1

static const char * const sources[] = { "list", "table", "ask", "typed", NULL };

static void
input_clear (gpointer data)
{
  MusterLogInput *input = data;

  g_free (input->id);
  g_free (input->shown);
  g_free (input->source);
  g_free (input->reason);
}

static void
change_clear (gpointer data)
{
  MusterLogChange *change = data;

  g_free (change->unit);
  g_free (change->markers_before);
  g_free (change->markers_after);
}

MusterLogEntry *
muster_log_entry_new (void)
{
  MusterLogEntry *self = g_new0 (MusterLogEntry, 1);

  self->turn = 1;
  self->inputs = g_array_new (FALSE, TRUE, sizeof (MusterLogInput));
  g_array_set_clear_func (self->inputs, input_clear);
  self->dice = g_array_new (FALSE, TRUE, sizeof (MusterRolledDie));
  self->changes = g_array_new (FALSE, TRUE, sizeof (MusterLogChange));
  g_array_set_clear_func (self->changes, change_clear);
  return self;
}

void
muster_log_entry_free (MusterLogEntry *self)
{
  if (self == NULL)
    return;
  g_free (self->acting);
  g_free (self->acting_name);
  g_free (self->target);
  g_free (self->target_name);
  g_free (self->procedure);
  g_array_unref (self->inputs);
  g_array_unref (self->dice);
  g_free (self->result);
  g_free (self->effect);
  g_array_unref (self->changes);
  g_free (self);
}

void
muster_log_entry_add_input (MusterLogEntry *self,
                            const char     *id,
                            int             value,
                            const char     *shown,
                            const char     *source,
                            const char     *reason)
{
  MusterLogInput input = {
    g_strdup (id), value, g_strdup (shown), g_strdup (source), g_strdup (reason)
  };

  g_array_append_val (self->inputs, input);
}

static void
append_die (GString               *out,
            const MusterRolledDie *die)
{
  if (out->len > 0)
    g_string_append_c (out, ' ');
  if (die->lo == 1)
    g_string_append_printf (out, "d%d:%d", die->hi, die->face);
  else
    g_string_append_printf (out, "%d..%d:%d", die->lo, die->hi, die->face);
}

/* Returns: (transfer full): the dice as the file keeps them, "d6:3 d6:5 d10:7"; "" for none */
char *
muster_log_entry_format_dice (const MusterLogEntry *self)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < self->dice->len; i++)
    append_die (out, &g_array_index (self->dice, MusterRolledDie, i));
  return g_string_free (out, FALSE);
}

/* Returns: (transfer full): "range=medium (table: 9.4″: medium range), …" */
char *
muster_log_entry_format_inputs (const MusterLogEntry *self)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < self->inputs->len; i++)
    {
      const MusterLogInput *input = &g_array_index (self->inputs, MusterLogInput, i);

      g_string_append_printf (out, "%s%s=%s", i > 0 ? ", " : "", input->id, input->shown);
      if (input->reason != NULL)
        g_string_append_printf (out, " (%s: %s)", input->source, input->reason);
      else if (g_strcmp0 (input->source, "ask") != 0)
        g_string_append_printf (out, " (%s)", input->source);
    }
  return g_string_free (out, FALSE);
}

/* Reading */

static gboolean
parse_dice (MusterLogEntry  *entry,
            xmlNode         *node,
            const char      *file,
            GError         **error)
{
  g_autofree char *text = muster_xml_get_text (node);
  g_auto(GStrv) tokens = g_strsplit_set (text ? text : "", " \t\n", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      MusterRolledDie die = { 0, 1, 0 };
      const char *t = tokens[i];
      char *end;
      gint64 a, b, c;

      if (t[0] == '\0')
        continue;
      if (t[0] == 'd')
        {
          b = g_ascii_strtoll (t + 1, &end, 10);
          a = 1;
        }
      else
        {
          a = g_ascii_strtoll (t, &end, 10);
          if (end == t || strncmp (end, "..", 2) != 0)
            return doc_fail (error, file, node, "the die “%s” is not dN:FACE or LO..HI:FACE", t);
          t = end + 2;
          b = g_ascii_strtoll (t, &end, 10);
        }
      if (end == t || *end != ':')
        return doc_fail (error, file, node, "the die “%s” is not dN:FACE or LO..HI:FACE", tokens[i]);
      t = end + 1;
      c = g_ascii_strtoll (t, &end, 10);
      if (end == t || *end != '\0' || a > b || c < a || c > b || a < G_MININT || b > G_MAXINT)
        return doc_fail (error, file, node, "the die “%s” shows a face it does not have",
                         tokens[i]);
      die.lo = (int) a;
      die.hi = (int) b;
      die.face = (int) c;
      g_array_append_val (entry->dice, die);
    }
  return TRUE;
}

static gboolean
get_seed (xmlNode     *node,
          const char  *name,
          guint64     *seed,
          const char  *file,
          GError     **error)
{
  g_autofree char *text = muster_xml_get_prop (node, name);

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL))
    {
      /* the bound as text: xgettext cannot read a format macro inside a msgid */
      g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);

      return doc_fail (error, file, node, "the %s “%s” is not a number from 0 to %s", name, text,
                       max);
    }
  return TRUE;
}

/* @id must name a unit of @doc, or one removed since, whose @name the entry kept; @what says
 * which attribute, for the message. */
static gboolean
check_unit (MusterDoc   *doc,
            xmlNode     *node,
            const char  *id,
            const char  *name,
            const char  *what,
            const char  *file,
            GError     **error)
{
  if (id == NULL)
    return doc_fail (error, file, node, "<%s> needs %s=\"unit id\"", (const char *) node->name,
                     what);
  if (muster_doc_lookup_unit (doc, id) == NULL && name == NULL)
    return doc_fail (error, file, node, "%s “%s” is not a unit of this document", what, id);
  return TRUE;
}

/* A procedure of the document's rule system, or of any system for a house ruleset (whose
 * id no system claims: the ruleset it extends is known only once it is resolved). */
static gboolean
check_procedure (MusterDoc   *doc,
                 xmlNode     *node,
                 const char  *id,
                 const char  *file,
                 GError     **error)
{
  const char *system = muster_doc_get_ruleset_id (doc);
  const MusterProcedure * const *all;
  gboolean system_known = FALSE, found = FALSE;
  guint n;

  if (id == NULL)
    return doc_fail (error, file, node, "<entry> needs procedure=\"id\"");
  all = muster_procedure_list (&n);
  for (guint i = 0; i < n; i++)
    system_known |= g_strcmp0 (all[i]->system, system) == 0;
  for (guint i = 0; i < n && !found; i++)
    found = g_strcmp0 (all[i]->id, id) == 0 &&
            (!system_known || g_strcmp0 (all[i]->system, system) == 0);
  if (!found)
    return doc_fail (error, file, node, "the procedure “%s” is not one of %s", id, system);
  return TRUE;
}

static gboolean
read_input (MusterLogEntry  *entry,
            xmlNode         *node,
            const char      *file,
            GError         **error)
{
  g_autofree char *id = muster_xml_get_prop (node, "id");
  g_autofree char *shown = muster_xml_get_prop (node, "shown");
  g_autofree char *source = muster_xml_get_prop (node, "source");
  g_autofree char *reason = muster_xml_get_prop (node, "reason");
  gint64 value = 0;

  if (id == NULL || !xmlHasProp (node, (const xmlChar *) "value"))
    return doc_fail (error, file, node, "<input> needs id=\"…\" and value=\"…\"");
  if (!muster_xml_get_int (node, "value", G_MININT, G_MAXINT, &value, file, error))
    return FALSE;
  if (source == NULL)
    source = g_strdup ("ask");
  if (!g_strv_contains (sources, source))
    return doc_fail (error, file, node, "the source “%s” of input “%s” is not list, table, ask "
                     "or typed", source, id);
  if (shown == NULL)
    shown = g_strdup_printf ("%d", (int) value);
  muster_log_entry_add_input (entry, id, (int) value, shown, source, reason);
  return TRUE;
}

static gboolean
read_change (MusterDoc       *doc,
             MusterLogEntry  *entry,
             xmlNode         *node,
             const char      *file,
             GError         **error)
{
  MusterLogChange change = { 0 };
  gint64 size = 0, was = 0;

  change.unit = muster_xml_get_prop (node, "unit");
  g_array_append_val (entry->changes, change);
  if (change.unit == NULL ||
      (g_strcmp0 (change.unit, entry->acting) != 0 && g_strcmp0 (change.unit, entry->target) != 0))
    return doc_fail (error, file, node, "a <change> is of the entry's acting or target unit, "
                     "not “%s”", change.unit ? change.unit : "");
  if (!xmlHasProp (node, (const xmlChar *) "size") ||
      !xmlHasProp (node, (const xmlChar *) "was-size"))
    return doc_fail (error, file, node, "<change> needs size=\"…\" and was-size=\"…\"");
  if (!muster_xml_get_int (node, "size", 0, G_MAXUINT, &size, file, error) ||
      !muster_xml_get_int (node, "was-size", 0, G_MAXUINT, &was, file, error))
    return FALSE;
  g_array_index (entry->changes, MusterLogChange, entry->changes->len - 1) = (MusterLogChange) {
    change.unit, (guint) was, (guint) size,
    muster_xml_get_prop (node, "was-markers"), muster_xml_get_prop (node, "markers"),
  };
  return TRUE;
}

static MusterLogEntry *
read_entry (MusterDoc   *doc,
            xmlNode     *node,
            const char  *file,
            GError     **error)
{
  g_autoptr(MusterLogEntry) entry = muster_log_entry_new ();
  g_autofree char *note = NULL;
  gint64 turn = 1;
  xmlNode *child;

  entry->xml = node;
  entry->acting = muster_xml_get_prop (node, "acting");
  entry->acting_name = muster_xml_get_prop (node, "acting-name");
  entry->target = muster_xml_get_prop (node, "target");
  entry->target_name = muster_xml_get_prop (node, "target-name");
  entry->procedure = muster_xml_get_prop (node, "procedure");
  if (!muster_xml_get_int (node, "turn", 1, G_MAXUINT, &turn, file, error) ||
      !check_unit (doc, node, entry->acting, entry->acting_name, "acting", file, error) ||
      (entry->target &&
       !check_unit (doc, node, entry->target, entry->target_name, "target", file, error)) ||
      !check_procedure (doc, node, entry->procedure, file, error) ||
      !get_seed (node, "seed", &entry->seed, file, error) ||
      !get_seed (node, "next-seed", &entry->next_seed, file, error))
    return NULL;
  entry->turn = (guint) turn;

  for (child = node->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "input"))
        {
          if (!read_input (entry, child, file, error))
            return NULL;
        }
      else if (muster_xml_is_element (child, "dice"))
        {
          if (!parse_dice (entry, child, file, error))
            return NULL;
        }
      else if (muster_xml_is_element (child, "result"))
        {
          g_free (entry->result);
          entry->result = muster_xml_get_text (child);
        }
      else if (muster_xml_is_element (child, "effect"))
        {
          /* the last <effect> is the one read, its note-only with it */
          g_free (entry->effect);
          entry->effect = muster_xml_get_text (child);
          g_free (note);
          note = muster_xml_get_prop (child, "note-only");
        }
      else if (muster_xml_is_element (child, "change"))
        {
          if (!read_change (doc, entry, child, file, error))
            return NULL;
        }
    }
  if (entry->result == NULL)
    {
      doc_fail (error, file, node, "<entry> needs a <result>");
      return NULL;
    }
  entry->note_only = g_strcmp0 (note, "true") == 0;
  if (entry->effect == NULL)
    entry->effect = g_strdup ("");
  return g_steal_pointer (&entry);
}

void
_muster_doc_log_free (MusterDocLog *log)
{
  if (log == NULL)
    return;
  g_ptr_array_unref (log->entries);
  g_free (log);
}

static MusterDocLog *
log_alloc (xmlNode *xml)
{
  MusterDocLog *log = g_new0 (MusterDocLog, 1);

  log->xml = xml;
  log->seed = DEFAULT_SEED;
  log->turn = 1;
  log->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_entry_free);
  return log;
}

MusterDocLog *
_muster_doc_log_new_from_xml (xmlNode     *element,
                              MusterDoc   *doc,
                              const char  *display_name,
                              GError     **error)
{
  MusterDocLog *log = log_alloc (element);
  gint64 turn = 1;

  if (!get_seed (element, "seed", &log->seed, display_name, error) ||
      !muster_xml_get_int (element, "turn", 1, G_MAXUINT, &turn, display_name, error))
    goto fail;
  log->turn = (guint) turn;
  for (xmlNode *child = element->children; child != NULL; child = child->next)
    {
      MusterLogEntry *entry;

      if (!muster_xml_is_element (child, "entry"))
        continue;
      if (!(entry = read_entry (doc, child, display_name, error)))
        goto fail;
      g_ptr_array_add (log->entries, entry);
    }
  return log;

fail:
  _muster_doc_log_free (log);
  return NULL;
}

/* Writing */

static MusterDocLog *
get_log (MusterDoc *self,
         gboolean   create)
{
  MusterDocLog **slot = _muster_doc_get_log_slot (self);

  if (*slot == NULL && create)
    *slot = log_alloc (xmlNewChild (_muster_doc_get_root (self), NULL,
                                    (const xmlChar *) "battle-log", NULL));
  return *slot;
}

static void
set_number_prop (xmlNode    *node,
                 const char *name,
                 guint64     value)
{
  char text[32];

  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, value);
  muster_xml_set_prop (node, name, text);
}

static xmlNode *
write_entry (const MusterLogEntry *entry)
{
  xmlNode *node = xmlNewNode (NULL, (const xmlChar *) "entry"), *child;
  g_autofree char *dice = muster_log_entry_format_dice (entry);

  set_number_prop (node, "turn", entry->turn);
  muster_xml_set_prop (node, "acting", entry->acting);
  muster_xml_set_prop (node, "acting-name", entry->acting_name);
  muster_xml_set_prop (node, "target", entry->target);
  muster_xml_set_prop (node, "target-name", entry->target_name);
  muster_xml_set_prop (node, "procedure", entry->procedure);
  set_number_prop (node, "seed", entry->seed);
  set_number_prop (node, "next-seed", entry->next_seed);
  for (guint i = 0; i < entry->inputs->len; i++)
    {
      const MusterLogInput *input = &g_array_index (entry->inputs, MusterLogInput, i);
      char value[16];

      g_snprintf (value, sizeof value, "%d", input->value);
      child = xmlNewChild (node, NULL, (const xmlChar *) "input", NULL);
      muster_xml_set_prop (child, "id", input->id);
      muster_xml_set_prop (child, "value", value);
      muster_xml_set_prop (child, "shown", input->shown);
      muster_xml_set_prop (child, "source", input->source);
      muster_xml_set_prop (child, "reason", input->reason);
    }
  xmlNewTextChild (node, NULL, (const xmlChar *) "dice", (const xmlChar *) dice);
  xmlNewTextChild (node, NULL, (const xmlChar *) "result", (const xmlChar *) entry->result);
  child = xmlNewTextChild (node, NULL, (const xmlChar *) "effect",
                           (const xmlChar *) (entry->effect ? entry->effect : ""));
  if (entry->note_only)
    muster_xml_set_prop (child, "note-only", "true");
  for (guint i = 0; i < entry->changes->len; i++)
    {
      const MusterLogChange *change = &g_array_index (entry->changes, MusterLogChange, i);

      child = xmlNewChild (node, NULL, (const xmlChar *) "change", NULL);
      muster_xml_set_prop (child, "unit", change->unit);
      set_number_prop (child, "size", change->size_after);
      set_number_prop (child, "was-size", change->size_before);
      muster_xml_set_prop (child, "markers", change->markers_after);
      muster_xml_set_prop (child, "was-markers", change->markers_before);
    }
  return node;
}

guint
muster_doc_get_n_log_entries (const MusterDoc *self)
{
  MusterDocLog *log = *_muster_doc_get_log_slot (self);

  return log ? log->entries->len : 0;
}

const MusterLogEntry *
muster_doc_get_log_entry (const MusterDoc *self,
                          guint            index)
{
  g_return_val_if_fail (index < muster_doc_get_n_log_entries (self), NULL);
  return (*_muster_doc_get_log_slot (self))->entries->pdata[index];
}

/* Returns: the seed the next roll starts from (1 in a document that never rolled) */
guint64
muster_doc_get_seed (const MusterDoc *self)
{
  MusterDocLog *log = *_muster_doc_get_log_slot (self);

  return log ? log->seed : DEFAULT_SEED;
}

void
muster_doc_set_seed (MusterDoc *self,
                     guint64    seed)
{
  MusterDocLog *log = get_log (self, TRUE);

  log->seed = seed;
  set_number_prop (log->xml, "seed", seed);
}

/**
 * muster_doc_seed_randomly:
 * @self: a document just created
 *
 * Gives a new document a seed of its own, so two new scenarios do not roll the same dice; a
 * loaded document keeps the seed it was saved with, and a document never seeded starts
 * from 1 (which keeps tests and replays repeatable).
 */
void
muster_doc_seed_randomly (MusterDoc *self)
{
  guint64 seed = ((guint64) g_random_int () << 32) | g_random_int ();

  muster_doc_set_seed (self, seed);
}

/* Returns: the turn being played, from 1 */
guint
muster_doc_get_turn (const MusterDoc *self)
{
  MusterDocLog *log = *_muster_doc_get_log_slot (self);

  return log ? log->turn : 1;
}

void
muster_doc_set_turn (MusterDoc *self,
                     guint      turn)
{
  MusterDocLog *log;

  g_return_if_fail (turn >= 1);
  log = get_log (self, TRUE);
  log->turn = turn;
  set_number_prop (log->xml, "turn", turn);
}

/* A placement laid out with one stand per size unit follows the size, so the stands lost
 * leave the table; it keeps one stand (a placement has at least one), and a placement laid
 * out otherwise (figures on fewer bases) is left as it is. */
static void
follow_size (MusterDoc  *self,
             const char *unit_id,
             guint       from,
             guint       to)
{
  MusterBattlefield *field = muster_doc_get_battlefield (self);
  const MusterFeature *placed = field ? muster_battlefield_lookup_unit (field, unit_id) : NULL;
  g_autoptr(MusterFeature) feature = NULL;

  if (placed == NULL || placed->stands != MAX (from, 1) || from == to)
    return;
  feature = muster_feature_copy (placed);
  feature->stands = MAX (to, 1);
  muster_feature_free (muster_battlefield_replace (field, feature));
}

/* Sets each changed unit to the sizes and markers of one side of @entry. */
static void
apply_changes (MusterDoc            *self,
               const MusterLogEntry *entry,
               gboolean              after)
{
  for (guint i = 0; i < entry->changes->len; i++)
    {
      const MusterLogChange *change = &g_array_index (entry->changes, MusterLogChange, i);
      MusterUnit *unit = muster_doc_lookup_unit (self, change->unit);
      guint from = after ? change->size_before : change->size_after;
      guint to = after ? change->size_after : change->size_before;

      /* A unit removed since the roll has nothing to give back. */
      if (unit == NULL)
        continue;
      g_free (muster_unit_set_markers (unit, after ? change->markers_after : change->markers_before));
      muster_unit_set_size (unit, to);
      follow_size (self, change->unit, from, to);
    }
}

/**
 * muster_doc_append_log_entry:
 * @entry: (transfer full): a resolved roll
 *
 * Applies @entry's changes to its units, appends it to the log and moves the document's seed
 * on to @entry's next seed. Refuses an entry naming a unit the document does not have.
 *
 * Returns: %TRUE, or %FALSE with @error set (and @entry freed)
 */
gboolean
muster_doc_append_log_entry (MusterDoc       *self,
                             MusterLogEntry  *entry,
                             GError         **error)
{
  g_autoptr(MusterLogEntry) owned = entry;
  MusterDocLog *log;

  g_return_val_if_fail (entry != NULL && entry->xml == NULL, FALSE);

  for (guint i = 0; i < entry->changes->len; i++)
    {
      const char *id = g_array_index (entry->changes, MusterLogChange, i).unit;

      if (muster_doc_lookup_unit (self, id) == NULL)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT,
                       _("the roll changes “%s”, which is not a unit of this document"), id);
          return FALSE;
        }
    }

  log = get_log (self, TRUE);
  apply_changes (self, entry, TRUE);
  entry->xml = write_entry (entry);
  xmlAddChild (log->xml, entry->xml);
  g_ptr_array_add (log->entries, g_steal_pointer (&owned));
  muster_doc_set_seed (self, entry->next_seed);
  return TRUE;
}

/**
 * muster_doc_take_last_log_entry:
 *
 * Undoes muster_doc_append_log_entry() for the last entry: its units get back the sizes and
 * markers they had, the document its seed.
 *
 * Returns: (transfer full) (nullable): the entry, to append again; %NULL for an empty log
 */
MusterLogEntry *
muster_doc_take_last_log_entry (MusterDoc *self)
{
  MusterDocLog *log = get_log (self, FALSE);
  MusterLogEntry *entry;

  if (log == NULL || log->entries->len == 0)
    return NULL;
  entry = g_ptr_array_steal_index (log->entries, log->entries->len - 1);
  muster_xml_detach (entry->xml);
  xmlFreeNode (entry->xml);
  entry->xml = NULL;
  apply_changes (self, entry, FALSE);
  muster_doc_set_seed (self, entry->seed);
  return entry;
}
