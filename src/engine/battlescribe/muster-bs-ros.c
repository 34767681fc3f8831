/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <libxml/tree.h>
#include <math.h>
#include <string.h>

#include "muster-bs-roster-private.h"
#include "muster-bs-zip.h"
#include "muster-xml.h"

/*
 * Rosters as BattleScribe writes them (.ros, roster schema 2.03), keeping every instance id,
 * so that a roster goes from BattleScribe or New Recruit to Muster and back unchanged in
 * what matters. Reading goes through the house's hardened parser (rosters are small); each
 * selection is linked to the option its container offers under its entryId.
 */

#define ROSTER_NS "http://www.battlescribe.net/schema/rosterSchema"

typedef struct
{
  MusterBsRoster *roster;
  const char     *name;
  gboolean        lenient;   /* saved with another revision of the data */
} Reader;

static char *
prop (const xmlNode *node,
      const char    *name)
{
  return muster_xml_get_prop (node, name);
}

/* A roster saved with another revision of the data may name what the data no longer has:
 * that is left out and noted, "Old Squad (e-old)", instead of refusing the roster. */
static gboolean
gone (Reader        *r,
      const xmlNode *node,
      const char    *entry_id)
{
  g_autofree char *name = prop (node, "name");

  g_ptr_array_add (r->roster->gone, g_strdup_printf ("%s (%s)", name ? name : "?",
                                                     entry_id ? entry_id : "?"));
  g_ptr_array_add (r->roster->gone_ids, g_strdup (entry_id ? entry_id : "?"));
  return TRUE;
}

/* Notes that the file was saved with another revision of @file (the game system or a
 * catalogue), once per file. */
static void
note_revision (MusterBsRoster     *roster,
               const MusterBsNode *file,
               int                 saved)
{
  MusterBsRevisionChange change = { file->id, file->name ? file->name : file->id, saved,
                                    (int) file->value };

  for (guint i = 0; i < roster->revision_changes->len; i++)
    if (g_array_index (roster->revision_changes, MusterBsRevisionChange, i).id == file->id)
      return;
  g_array_append_val (roster->revision_changes, change);
}

/* A revision attribute: 0 when absent */
static int
revision_of (const xmlNode *node,
             const char    *name)
{
  g_autofree char *revision = prop (node, name);

  return revision ? (int) CLAMP (g_ascii_strtoll (revision, NULL, 10), 0, G_MAXINT) : 0;
}

/* The revision of the game system the roster's file was saved with (gameSystemRevision), 0
 * when it gave none or the roster was not read from a file. */
int
muster_bs_roster_get_file_revision (const MusterBsRoster *self)
{
  return self->file_revision;
}

/* (element-type utf8) (transfer none): what a file saved with another revision of the data
 * named that this data no longer has, "Old Squad (e-old)", left out when it was read. */
GPtrArray *
muster_bs_roster_get_gone (const MusterBsRoster *self)
{
  return self->gone;
}

GArray *
muster_bs_roster_get_revision_changes (const MusterBsRoster *self)
{
  return self->revision_changes;
}

void
muster_bs_roster_forget_gone (MusterBsRoster *self)
{
  g_ptr_array_set_size (self->gone, 0);
  g_ptr_array_set_size (self->gone_ids, 0);
  g_array_set_size (self->revision_changes, 0);
}

/* What was left out, as warnings among the findings until the roster is saved again. */
void
_muster_bs_roster_add_gone_findings (MusterBsRoster *self,
                                     GPtrArray      *findings)
{
  for (guint i = 0; i < self->gone->len; i++)
    {
      MusterBsFinding *f = g_new0 (MusterBsFinding, 1);

      f->severity = MUSTER_SEVERITY_WARNING;
      f->message = g_strdup_printf ("%s is no longer in the game data: it was left out, and "
                                    "saving the roster drops it",
                                    (const char *) self->gone->pdata[i]);
      f->owner_type = "roster";
      f->owner_id = g_strdup (self->id);
      f->entry_id = g_strdup (self->gone_ids->pdata[i]);
      f->constraint_id = g_strdup ("gone");
      f->path = g_strdup ("");
      g_ptr_array_add (findings, f);
    }
}

static gboolean
is (const xmlNode *node,
    const char    *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

static const xmlNode *
child (const xmlNode *node,
       const char    *name)
{
  for (const xmlNode *c = node->children; c; c = c->next)
    if (is (c, name))
      return c;
  return NULL;
}

static char *
child_text (const xmlNode *node,
            const char    *name)
{
  const xmlNode *c = child (node, name);

  return c ? (char *) xmlNodeGetContent (c) : NULL;
}

/* The option a container offers for a selection's entryId: the composite id exactly, else
 * the entry's own id (its last segment), for rosters written by tools that do not compose. */
static const MusterBsOption *
find_option (GArray     *options,
             const char *entry_id)
{
  const char *last = entry_id ? strrchr (entry_id, ':') : NULL;

  for (guint i = 0; i < options->len; i++)
    if (g_strcmp0 (g_array_index (options, MusterBsOption, i).entry_id, entry_id) == 0)
      return &g_array_index (options, MusterBsOption, i);
  last = last ? last + 1 : entry_id;
  for (guint i = 0; i < options->len; i++)
    if (g_strcmp0 (g_array_index (options, MusterBsOption, i).entry->id, last) == 0)
      return &g_array_index (options, MusterBsOption, i);
  return NULL;
}

static gboolean read_selections (Reader            *r,
                                 const xmlNode     *list,
                                 MusterBsForce     *force,
                                 MusterBsSelection *parent,
                                 GError           **error);

static gboolean
read_selection (Reader            *r,
                const xmlNode     *node,
                GArray            *options,
                MusterBsForce     *force,
                MusterBsSelection *parent,
                GError           **error)
{
  g_autofree char *id = prop (node, "id");
  g_autofree char *entry_id = prop (node, "entryId");
  g_autofree char *number = prop (node, "number");
  const MusterBsOption *option;
  MusterBsSelection *sel;
  gint64 n = 1;

  if (entry_id == NULL)
    return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, r->name, node,
                            "<selection> has no entryId");
  option = find_option (options, entry_id);
  if (option == NULL && r->lenient)
    return gone (r, node, entry_id);
  if (option == NULL)
    return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, r->name, node,
                            "<selection> %s names entry %s, which %s does not offer",
                            id ? id : "", entry_id,
                            parent ? muster_bs_selection_get_entry_id (parent)
                                   : muster_bs_force_get_name (force));
  if (number != NULL && !muster_xml_get_int (node, "number", 0, G_MAXINT, &n, r->name, error))
    return FALSE;
  /* The file has the number through the parents; the model keeps it per parent model. */
  if (parent != NULL)
    {
      int up = muster_bs_selection_get_number (parent);

      if (up > 1 && n % up == 0)
        n /= up;
    }
  sel = _muster_bs_selection_new (force, parent, option, id, (int) n);
  g_ptr_array_add (parent ? parent->children : force->selections, sel);
  sel->custom_name = prop (node, "customName");
  sel->custom_notes = child_text (node, "customNotes");
  return read_selections (r, child (node, "selections"), force, sel, error);
}

static gboolean
read_selections (Reader            *r,
                 const xmlNode     *list,
                 MusterBsForce     *force,
                 MusterBsSelection *parent,
                 GError           **error)
{
  g_autoptr(GArray) options = NULL;

  if (list == NULL)
    return TRUE;
  options = _muster_bs_options (r->roster, force, parent);
  for (const xmlNode *c = list->children; c; c = c->next)
    if (is (c, "selection") && !read_selection (r, c, options, force, parent, error))
      return FALSE;
  return TRUE;
}

static gboolean read_forces (Reader        *r,
                             const xmlNode *list,
                             MusterBsForce *parent,
                             GError       **error);

/* One <force>: left out (and noted) when the data lacks it and the file is from another
 * revision of the game system or of the force's catalogue, an error when not. */
static gboolean
read_force (Reader         *r,
            const xmlNode  *c,
            MusterBsForce  *parent,
            GError        **error)
{
  g_autofree char *id = prop (c, "id");
  g_autofree char *entry_id = prop (c, "entryId");
  g_autofree char *catalogue_id = prop (c, "catalogueId");
  const MusterBsNode *entry = muster_bs_data_lookup (r->roster->data, entry_id);
  const MusterBsNode *catalogue = muster_bs_data_get_catalogue (r->roster->data, catalogue_id);
  int saved = revision_of (c, "catalogueRevision");
  MusterBsForce *force;

  if (entry != NULL && entry->kind != MUSTER_BS_NODE_FORCE_ENTRY)
    entry = NULL;
  if (catalogue != NULL && saved > 0 && saved != (int) catalogue->value)
    {
      note_revision (r->roster, catalogue, saved);
      r->lenient = TRUE;
    }
  if (r->lenient && (entry == NULL || catalogue == NULL))
    return gone (r, c, entry == NULL ? entry_id : catalogue_id);
  if (entry == NULL)
    return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, r->name, c,
                            "<force> names force entry %s, which the data does not have",
                            entry_id ? entry_id : "(none)");
  if (catalogue == NULL)
    return muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, r->name, c,
                            "<force> names catalogue %s, which is not loaded",
                            catalogue_id ? catalogue_id : "(none)");
  force = _muster_bs_force_new (r->roster, parent, entry, catalogue, id);
  g_ptr_array_add (parent ? parent->forces : r->roster->forces, force);
  force->custom_name = prop (c, "customName");
  force->custom_notes = child_text (c, "customNotes");
  return read_selections (r, child (c, "selections"), force, NULL, error) &&
         read_forces (r, child (c, "forces"), force, error);
}

static gboolean
read_forces (Reader         *r,
             const xmlNode  *list,
             MusterBsForce  *parent,
             GError        **error)
{
  for (const xmlNode *c = list ? list->children : NULL; c; c = c->next)
    {
      /* Leniency from a catalogue's revision holds in that force only. */
      gboolean lenient = r->lenient;
      gboolean ok = !is (c, "force") || read_force (r, c, parent, error);

      r->lenient = lenient;
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* Returns: (transfer full) (nullable): the parsed .ros (or the .ros in a .rosz), whose root
 * is a <roster> */
static xmlDoc *
read_roster_xml (GBytes      *bytes,
                 const char  *name,
                 GError     **error)
{
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);
  g_autoptr(GBytes) unzipped = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  const xmlNode *root;

  if (_muster_bs_is_zip (text, length))
    {
      unzipped = muster_bs_zip_extract (bytes, name, MUSTER_XML_MAX_SIZE, error);
      if (unzipped == NULL)
        return NULL;
      text = g_bytes_get_data (unzipped, &length);
    }
  doc = muster_xml_parse (text, length, name, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  if (!is (root, "roster"))
    {
      muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_FILE, name, root,
                       "<%s> is not a BattleScribe roster", (const char *) root->name);
      return NULL;
    }
  return g_steal_pointer (&doc);
}

MusterBsRoster *
muster_bs_roster_load (MusterBsData  *data,
                       const char    *name,
                       GBytes        *bytes,
                       GError       **error)
{
  g_autoptr(xmlDoc) doc = read_roster_xml (bytes, name, error);
  g_autoptr(MusterBsRoster) roster = NULL;
  const xmlNode *root, *limits;
  g_autofree char *game_system = NULL;
  Reader r;

  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  game_system = prop (root, "gameSystemId");
  if (g_strcmp0 (game_system, muster_bs_data_get_game_system (data)->id) != 0)
    {
      muster_xml_fail (error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, name, root,
                       "the roster is for game system %s, not %s", game_system ? game_system : "(none)",
                       muster_bs_data_get_game_system (data)->id);
      return NULL;
    }
  roster = muster_bs_roster_new (data, NULL);
  g_free (roster->name);
  roster->name = prop (root, "name");
  if (roster->name == NULL)
    roster->name = g_strdup ("");
  {
    g_autofree char *id = prop (root, "id");

    if (id)
      {
        g_free (roster->id);
        roster->id = g_steal_pointer (&id);
      }
  }
  roster->custom_notes = child_text (root, "customNotes");
  limits = child (root, "costLimits");
  for (const xmlNode *c = limits ? limits->children : NULL; c; c = c->next)
    if (is (c, "costLimit"))
      {
        g_autofree char *type_id = prop (c, "typeId");
        g_autofree char *value = prop (c, "value");

        if (type_id && value)
          muster_bs_roster_set_cost_limit (roster, type_id, g_ascii_strtod (value, NULL));
      }
  roster->file_revision = revision_of (root, "gameSystemRevision");
  r.roster = roster;
  r.name = name;
  r.lenient = roster->file_revision > 0 &&
              roster->file_revision != (int) muster_bs_data_get_game_system (data)->value;
  if (r.lenient)
    note_revision (roster, muster_bs_data_get_game_system (data), roster->file_revision);
  if (!read_forces (&r, child (root, "forces"), NULL, error))
    return NULL;
  _muster_bs_roster_changed (roster);
  return g_steal_pointer (&roster);
}

/* The outline of a roster whose data is missing: what its file records, read without the
 * data (names, numbers, costs as written), for showing it read-only. */

void
muster_bs_outline_free (MusterBsOutline *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_free (self->detail);
  g_free (self->costs);
  g_free (self->limits);
  g_ptr_array_unref (self->children);
  g_free (self);
}

/* "65 pts, 1 CP" from a <costs> list, the zero ones left out; or "2000 pts" from a
 * <costLimits> list (@limits), where 0 is a limit and below 0 none. NULL when nothing is left. */
static char *
outline_costs (const xmlNode *list,
               gboolean       limits)
{
  GString *str = g_string_new (NULL);

  for (const xmlNode *c = list ? list->children : NULL; c; c = c->next)
    {
      g_autofree char *name = NULL, *value = NULL;
      double v;

      if (!is (c, limits ? "costLimit" : "cost"))
        continue;
      name = prop (c, "name");
      value = prop (c, "value");
      v = value ? g_ascii_strtod (value, NULL) : 0;
      if ((limits ? v >= 0 : v != 0) && isfinite (v))
        g_string_append_printf (str, "%s%g %s", str->len ? ", " : "", v, name ? name : "");
    }
  if (str->len == 0)
    {
      g_string_free (str, TRUE);
      return NULL;
    }
  return g_string_free (str, FALSE);
}

typedef struct
{
  char   *name;
  double  value;
} OutlineCost;

/* Adds the costs of every selection under @node (nested forces too) into @sums by name. */
static void
sum_costs (const xmlNode *node,
           GArray        *sums,
           guint          depth)
{
  for (const xmlNode *c = node->children; c != NULL && depth < 64; c = c->next)
    {
      if (is (c, "selections") || is (c, "forces") || is (c, "force"))
        sum_costs (c, sums, depth + 1);
      if (!is (c, "selection"))
        continue;
      for (const xmlNode *k = child (c, "costs") ? child (c, "costs")->children : NULL; k; k = k->next)
        {
          g_autofree char *name = is (k, "cost") ? prop (k, "name") : NULL;
          g_autofree char *value = name ? prop (k, "value") : NULL;
          double v = value ? g_ascii_strtod (value, NULL) : 0;
          guint i;

          if (name == NULL || !isfinite (v))
            continue;
          for (i = 0; i < sums->len; i++)
            if (strcmp (g_array_index (sums, OutlineCost, i).name, name) == 0)
              break;
          if (i == sums->len)
            g_array_append_val (sums, ((OutlineCost) { g_steal_pointer (&name), 0 }));
          g_array_index (sums, OutlineCost, i).value += v;
        }
      sum_costs (c, sums, depth + 1);
    }
}

/* A force's costs, which a .ros does not record: its selections' summed, "80 pts" (zero
 * ones left out); NULL when all are zero. */
static char *
force_costs (const xmlNode *force)
{
  g_autoptr(GArray) sums = g_array_new (FALSE, FALSE, sizeof (OutlineCost));
  GString *str = g_string_new (NULL);

  sum_costs (force, sums, 0);
  for (guint i = 0; i < sums->len; i++)
    {
      OutlineCost *cost = &g_array_index (sums, OutlineCost, i);

      if (cost->value != 0)
        g_string_append_printf (str, "%s%g %s", str->len ? ", " : "", cost->value, cost->name);
      g_free (cost->name);
    }
  if (str->len == 0)
    {
      g_string_free (str, TRUE);
      return NULL;
    }
  return g_string_free (str, FALSE);
}

static MusterBsOutline *
outline_new (const xmlNode *node,
             gboolean       force,
             guint          depth)
{
  MusterBsOutline *self = g_new0 (MusterBsOutline, 1);
  g_autofree char *number = prop (node, "number");

  self->name = prop (node, "customName");
  if (self->name == NULL)
    self->name = prop (node, "name");
  if (self->name == NULL)
    self->name = g_strdup ("");
  self->force = force;
  self->detail = force ? prop (node, "catalogueName") : NULL;
  self->number = number ? (int) CLAMP (g_ascii_strtoll (number, NULL, 10), 0, G_MAXINT) : 1;
  self->costs = outline_costs (child (node, "costs"), FALSE);
  if (force && self->costs == NULL)
    self->costs = force_costs (node);
  if (depth == 0)
    self->limits = outline_costs (child (node, "costLimits"), TRUE);
  self->children = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_bs_outline_free);
  /* Deeper than any real roster: a hostile file does not run the stack out. */
  if (depth >= 64)
    return self;
  for (const xmlNode *c = child (node, "selections") ? child (node, "selections")->children : NULL;
       c; c = c->next)
    if (is (c, "selection"))
      g_ptr_array_add (self->children, outline_new (c, FALSE, depth + 1));
  for (const xmlNode *c = child (node, "forces") ? child (node, "forces")->children : NULL;
       c; c = c->next)
    if (is (c, "force"))
      g_ptr_array_add (self->children, outline_new (c, TRUE, depth + 1));
  return self;
}

/**
 * muster_bs_outline_read:
 * @name: the file's name, for errors
 *
 * Reads what a .ros or .rosz records, without its game data.
 *
 * Returns: (transfer full) (nullable): the roster (its forces are its children), or %NULL
 *   with @error set when the file is not a roster
 */
MusterBsOutline *
muster_bs_outline_read (GBytes      *bytes,
                        const char  *name,
                        GError     **error)
{
  g_autoptr(xmlDoc) doc = read_roster_xml (bytes, name, error);

  return doc ? outline_new (xmlDocGetRootElement (doc), FALSE, 0) : NULL;
}

/* Writing */

static void
set (xmlNode    *node,
     const char *name,
     const char *value)
{
  if (value != NULL)
    xmlNewProp (node, (const xmlChar *) name, (const xmlChar *) value);
}

static void
set_number (xmlNode    *node,
            const char *name,
            double      value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  set (node, name, g_ascii_dtostr (buf, sizeof buf, value));
}

static xmlNode *
add (xmlNode    *parent,
     const char *name)
{
  return xmlNewChild (parent, NULL, (const xmlChar *) name, NULL);
}

static void
write_costs (xmlNode    *parent,
             const char *list_name,
             const char *item_name,
             GArray     *costs)
{
  xmlNode *list = add (parent, list_name);

  for (guint i = 0; costs && i < costs->len; i++)
    {
      MusterBsCost *c = &g_array_index (costs, MusterBsCost, i);
      xmlNode *n = add (list, item_name);

      set (n, "name", c->name);
      set (n, "typeId", c->type_id);
      set_number (n, "value", c->value);
    }
}

static void
write_categories (xmlNode *parent,
                  GArray  *cats,
                  gboolean with_primary)
{
  xmlNode *list;

  if (cats == NULL || cats->len == 0)
    return;
  list = add (parent, "categories");
  for (guint i = 0; i < cats->len; i++)
    {
      MusterBsCategory *c = &g_array_index (cats, MusterBsCategory, i);
      xmlNode *n = add (list, "category");

      set (n, "id", c->id);
      set (n, "name", c->name);
      set (n, "entryId", c->entry_id);
      set (n, "primary", with_primary && c->primary ? "true" : "false");
    }
}

static void
write_info (xmlNode           *parent,
            MusterBsSelection *sel)
{
  GArray *rules = muster_bs_selection_get_rules (sel);
  GArray *profiles = muster_bs_selection_get_profiles (sel);

  if (rules->len)
    {
      xmlNode *list = add (parent, "rules");

      for (guint i = 0; i < rules->len; i++)
        {
          MusterBsRule *rule = &g_array_index (rules, MusterBsRule, i);
          xmlNode *n = add (list, "rule");

          set (n, "id", rule->id);
          set (n, "name", rule->name);
          set (n, "hidden", rule->hidden ? "true" : "false");
          xmlNewTextChild (n, NULL, (const xmlChar *) "description",
                           (const xmlChar *) (rule->description ? rule->description : ""));
        }
    }
  if (profiles->len)
    {
      xmlNode *list = add (parent, "profiles");

      for (guint i = 0; i < profiles->len; i++)
        {
          MusterBsProfile *p = &g_array_index (profiles, MusterBsProfile, i);
          xmlNode *n = add (list, "profile");
          xmlNode *chars;

          set (n, "id", p->id);
          set (n, "name", p->name);
          set (n, "hidden", p->hidden ? "true" : "false");
          set (n, "typeId", p->type_id);
          set (n, "typeName", p->type_name);
          chars = add (n, "characteristics");
          for (guint k = 0; k < p->characteristics->len; k++)
            {
              MusterBsCharacteristic *ch = &g_array_index (p->characteristics,
                                                            MusterBsCharacteristic, k);
              xmlNode *c = xmlNewTextChild (chars, NULL, (const xmlChar *) "characteristic",
                                            (const xmlChar *) (ch->value ? ch->value : ""));

              set (c, "name", ch->name);
              set (c, "typeId", ch->type_id);
            }
        }
    }
}

static void
write_selection (xmlNode           *list,
                 MusterBsSelection *sel)
{
  xmlNode *n = add (list, "selection");

  set (n, "id", sel->id);
  set (n, "name", muster_bs_selection_get_name (sel));
  set (n, "entryId", sel->option.entry_id);
  set (n, "entryGroupId", sel->option.entry_group_id);
  set (n, "customName", sel->custom_name);
  set (n, "page", muster_bs_selection_get_page (sel));
  set (n, "publicationId", muster_bs_selection_get_publication_id (sel));
  set_number (n, "number", muster_bs_selection_get_number (sel));
  set (n, "type", muster_bs_selection_get_type (sel));
  if (sel->custom_notes)
    xmlNewTextChild (n, NULL, (const xmlChar *) "customNotes", (const xmlChar *) sel->custom_notes);
  write_info (n, sel);
  if (sel->children->len)
    {
      xmlNode *children = add (n, "selections");

      for (guint i = 0; i < sel->children->len; i++)
        write_selection (children, g_ptr_array_index (sel->children, i));
    }
  write_costs (n, "costs", "cost", muster_bs_selection_get_costs (sel));
  write_categories (n, muster_bs_selection_get_categories (sel), TRUE);
}

static void
write_force (xmlNode       *list,
             MusterBsForce *force)
{
  xmlNode *n = add (list, "force");

  set (n, "id", force->id);
  set (n, "name", muster_bs_force_get_name (force));
  set (n, "entryId", force->entry->id);
  set (n, "customName", force->custom_name);
  set (n, "catalogueId", force->catalogue->id);
  set_number (n, "catalogueRevision", force->catalogue->value);
  set (n, "catalogueName", force->catalogue->name);
  if (force->custom_notes)
    xmlNewTextChild (n, NULL, (const xmlChar *) "customNotes", (const xmlChar *) force->custom_notes);
  if (force->selections->len)
    {
      xmlNode *sels = add (n, "selections");

      for (guint i = 0; i < force->selections->len; i++)
        write_selection (sels, g_ptr_array_index (force->selections, i));
    }
  write_categories (n, muster_bs_force_get_categories (force), FALSE);
  if (force->forces->len)
    {
      xmlNode *forces = add (n, "forces");

      for (guint i = 0; i < force->forces->len; i++)
        write_force (forces, g_ptr_array_index (force->forces, i));
    }
}

GBytes *
muster_bs_roster_save (MusterBsRoster  *self,
                       gboolean         zipped,
                       GError         **error)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *) "1.0");
  const MusterBsNode *gs = muster_bs_data_get_game_system (self->data);
  xmlNode *root = xmlNewNode (NULL, (const xmlChar *) "roster");

  xmlDocSetRootElement (doc, root);
  xmlSetNs (root, xmlNewNs (root, (const xmlChar *) ROSTER_NS, NULL));
  set (root, "id", self->id);
  set (root, "name", self->name);
  set (root, "battleScribeVersion", "2.03");
  set (root, "gameSystemId", gs->id);
  set (root, "gameSystemName", gs->name);
  set_number (root, "gameSystemRevision", gs->value);
  write_costs (root, "costs", "cost", muster_bs_roster_get_costs (self));
  write_costs (root, "costLimits", "costLimit", muster_bs_roster_get_cost_limits (self));
  if (self->forces->len)
    {
      xmlNode *forces = add (root, "forces");

      for (guint i = 0; i < self->forces->len; i++)
        write_force (forces, g_ptr_array_index (self->forces, i));
    }
  if (self->custom_notes)
    xmlNewTextChild (root, NULL, (const xmlChar *) "customNotes", (const xmlChar *) self->custom_notes);
  if (zipped)
    {
      g_autoptr(GBytes) xml = muster_xml_to_bytes (doc);
      g_autofree char *member = g_strconcat (self->name && *self->name ? self->name : "roster",
                                             ".ros", NULL);

      /* A name with a slash would make a folder in the zip. */
      g_strdelimit (member, "/\\", '_');
      return muster_bs_zip_store (member, xml, error);
    }
  return muster_xml_to_bytes (doc);
}
