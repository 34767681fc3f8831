/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include "muster-validate-private.h"

/*
 * The validator's findings, kept by key (a counter, a unit's check, a force's check, a
 * placement), and what changed since the caller last asked: each changed key with the finding
 * as it was before, so a finding that disappears and comes back unchanged is not reported.
 */

typedef struct
{
  MusterIssue *before;  /* nullable: there was none */
} Change;

struct _MusterFindings
{
  GHashTable *issues;   /* key -> MusterIssue */
  GHashTable *changes;  /* key -> Change */
  gboolean    quiet;    /* changes are not noted: the first check, which nobody hears of */
};

static void
change_free (gpointer data)
{
  Change *change = data;

  g_clear_pointer (&change->before, muster_issue_free);
  g_free (change);
}

MusterFindings *
_muster_findings_new (void)
{
  MusterFindings *self = g_new0 (MusterFindings, 1);

  self->issues = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) muster_issue_free);
  self->changes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, change_free);
  return self;
}

void
_muster_findings_free (MusterFindings *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->issues);
  g_hash_table_unref (self->changes);
  g_free (self);
}

/* Remembers what @key held before its first change since the caller last asked. */
static void
note_change (MusterFindings *self,
             const char     *key,
             MusterIssue    *current)
{
  Change *change;

  if (self->quiet || g_hash_table_contains (self->changes, key))
    return;
  change = g_new0 (Change, 1);
  change->before = current ? muster_issue_ref (current) : NULL;
  g_hash_table_insert (self->changes, g_strdup (key), change);
}

/* Records @issue (transfer full, nullable: none) under @key. Returns @issue, or the equal
 * finding already there. */
MusterIssue *
_muster_findings_take (MusterFindings *self,
                       const char     *key,
                       MusterIssue    *issue)
{
  MusterIssue *current = g_hash_table_lookup (self->issues, key);

  if (current == NULL && issue == NULL)
    return NULL;
  if (current != NULL && issue != NULL && muster_issue_equal (current, issue))
    {
      muster_issue_free (issue);
      return current;
    }
  note_change (self, key, current);
  if (issue != NULL)
    g_hash_table_insert (self->issues, g_strdup (key), issue);
  else
    g_hash_table_remove (self->issues, key);
  return issue;
}

/* Sets the findings of one item (a unit's checks, a force's checks) to @found (key, issue
 * pairs), dropping those of its previous findings (*@keys) that are not among them. */
/* Whether @key is the key of one of the first @n entries of @found (key, issue, …). */
static gboolean
found_has (GPtrArray  *found,
           guint       n,
           const char *key)
{
  for (guint i = 0; i + 1 < 2 * n && i + 1 < found->len; i += 2)
    if (g_str_equal (found->pdata[i], key))
      return TRUE;
  return FALSE;
}

/* Up to this many findings of an item are told apart by comparing keys; more by a table. */
#define FEW_FOUND 8

void
_muster_findings_replace (MusterFindings  *self,
                          GPtrArray      **keys,
                          GPtrArray       *found)
{
  GPtrArray *old = *keys;
  guint n = found->len / 2;
  g_autoptr(GHashTable) now = n > FEW_FOUND ? g_hash_table_new (g_str_hash, g_str_equal) : NULL;
  GPtrArray *fresh = n > 0 ? g_ptr_array_new_full (n, g_free) : NULL;

  for (guint i = 0; i < n; i++)
    {
      const char *key = found->pdata[2 * i];

      _muster_findings_take (self, key, found->pdata[2 * i + 1]);
      if (now != NULL ? g_hash_table_add (now, (gpointer) key) : !found_has (found, i, key))
        g_ptr_array_add (fresh, g_strdup (key));
    }
  for (guint i = 0; old != NULL && i < old->len; i++)
    if (now != NULL ? !g_hash_table_contains (now, old->pdata[i])
                    : !found_has (found, n, old->pdata[i]))
      _muster_findings_take (self, old->pdata[i], NULL);
  g_clear_pointer (keys, g_ptr_array_unref);
  *keys = fresh;
}

void
_muster_findings_drop (MusterFindings *self,
                       GPtrArray      *keys,
                       GHashTable     *keep)
{
  for (guint i = 0; keys != NULL && i < keys->len; i++)
    if (keep == NULL || !g_hash_table_contains (keep, keys->pdata[i]))
      _muster_findings_take (self, keys->pdata[i], NULL);
}

/* Returns: (transfer full): copies of the keys of the findings that start with @prefix */
GPtrArray *
_muster_findings_keys (MusterFindings *self,
                       const char     *prefix)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->issues);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (g_str_has_prefix (key, prefix))
      g_ptr_array_add (keys, g_strdup (key));
  return keys;
}

/* Every finding goes (the ruleset changed), each a change the caller will be told. */
void
_muster_findings_drop_all (MusterFindings *self)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->issues);
  while (g_hash_table_iter_next (&iter, &key, &value))
    note_change (self, key, value);
  g_hash_table_remove_all (self->issues);
}

/* What is found now is where the caller starts from. */
void
_muster_findings_forget_changes (MusterFindings *self)
{
  g_hash_table_remove_all (self->changes);
}

/* While @quiet, the findings' changes are not noted (and none is kept from before): for a
 * validator's first check, whose findings all appear and which nobody is told of, so that
 * noting each only to forget it is saved. */
void
_muster_findings_set_quiet (MusterFindings *self,
                            gboolean        quiet)
{
  if (quiet)
    _muster_findings_forget_changes (self);
  self->quiet = quiet;
}

GPtrArray *
_muster_findings_list (MusterFindings *self)
{
  GPtrArray *list = g_ptr_array_new_full (g_hash_table_size (self->issues),
                                          (GDestroyNotify) muster_issue_free);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->issues);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (list, muster_issue_ref (value));
  g_ptr_array_sort (list, muster_issue_compare);
  return list;
}

guint
_muster_findings_count (MusterFindings *self,
                        MusterSeverity  severity)
{
  GHashTableIter iter;
  gpointer value;
  guint n = 0;

  g_hash_table_iter_init (&iter, self->issues);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    n += ((MusterIssue *) value)->severity == severity;
  return n;
}

gboolean
_muster_findings_take_changes (MusterFindings  *self,
                               GPtrArray      **appeared,
                               GPtrArray      **disappeared)
{
  GPtrArray *in = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);
  GHashTableIter iter;
  gpointer key, value;
  gboolean changed;

  g_hash_table_iter_init (&iter, self->changes);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Change *change = value;
      MusterIssue *now = g_hash_table_lookup (self->issues, key);

      if (change->before != NULL && now != NULL && muster_issue_equal (change->before, now))
        continue;
      if (change->before != NULL)
        g_ptr_array_add (out, muster_issue_ref (change->before));
      if (now != NULL)
        g_ptr_array_add (in, muster_issue_ref (now));
    }
  g_hash_table_remove_all (self->changes);
  g_ptr_array_sort (in, muster_issue_compare);
  g_ptr_array_sort (out, muster_issue_compare);
  changed = in->len > 0 || out->len > 0;
  if (appeared != NULL)
    *appeared = in;
  else
    g_ptr_array_unref (in);
  if (disappeared != NULL)
    *disappeared = out;
  else
    g_ptr_array_unref (out);
  return changed;
}
