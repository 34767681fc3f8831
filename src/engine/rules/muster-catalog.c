/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-catalog"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-catalog.h"
#include "muster-engine-error.h"

/*
 * The installed rulesets. Directories are scanned in order of precedence: the first ruleset
 * seen with an id wins, so a user's file can shadow a shipped one of the same id. A file that
 * does not load is kept as a problem (a GError naming file and line) instead of stopping the
 * scan: one broken house rule must not hide the five shipped systems.
 */
struct _MusterCatalog
{
  GPtrArray  *rulesets;  /* MusterRuleset, sorted by name */
  GHashTable *by_id;     /* id -> borrowed MusterRuleset */
  GPtrArray  *problems;  /* GError */
  GHashTable *resolved;  /* id -> owned merged MusterRuleset, for house rules */
};

MusterCatalog *
muster_catalog_new (void)
{
  MusterCatalog *self = g_new0 (MusterCatalog, 1);

  self->rulesets = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_ruleset_unref);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  self->resolved = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) muster_ruleset_unref);
  return self;
}

void
muster_catalog_free (MusterCatalog *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->resolved);
  g_hash_table_unref (self->by_id);
  g_ptr_array_unref (self->rulesets);
  g_ptr_array_unref (self->problems);
  g_free (self);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static int
compare_by_name (gconstpointer a,
                 gconstpointer b)
{
  const MusterRuleset *ra = *(MusterRuleset * const *) a;
  const MusterRuleset *rb = *(MusterRuleset * const *) b;
  int ret = g_utf8_collate (muster_ruleset_get_name (ra), muster_ruleset_get_name (rb));

  return ret != 0 ? ret : strcmp (muster_ruleset_get_id (ra), muster_ruleset_get_id (rb));
}

void
muster_catalog_scan_dir (MusterCatalog *self,
                         const char    *dir)
{
  g_autoptr(GDir) gdir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;

  g_return_if_fail (self != NULL);
  g_return_if_fail (dir != NULL);

  if (!(gdir = g_dir_open (dir, 0, NULL)))
    return;

  /* Sorted, so that which file wins a duplicate id never depends on the file system. */
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (gdir)))
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      g_autoptr(MusterRuleset) ruleset = NULL;
      GError *error = NULL;

      if (!(ruleset = muster_ruleset_new_from_file (path, &error)))
        {
          g_ptr_array_add (self->problems, error);
          continue;
        }

      if (g_hash_table_contains (self->by_id, muster_ruleset_get_id (ruleset)))
        continue;

      g_hash_table_insert (self->by_id, (gpointer) muster_ruleset_get_id (ruleset), ruleset);
      g_ptr_array_add (self->rulesets, g_steal_pointer (&ruleset));
    }

  g_ptr_array_sort (self->rulesets, compare_by_name);
}

/**
 * muster_catalog_default_dirs:
 *
 * The ruleset directories in order of precedence: `$MUSTER_RULESETS_PATH` (colon-separated,
 * used to run from the build tree), the user's `$XDG_DATA_HOME/muster/rulesets` (house rules),
 * then the installed `$pkgdatadir/rulesets`.
 *
 * Returns: (transfer full): a %NULL-terminated array of paths
 */
char **
muster_catalog_default_dirs (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *env = g_getenv ("MUSTER_RULESETS_PATH");
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "muster", "rulesets",
                                                NULL);

  if (env != NULL && *env != '\0')
    {
      g_auto(GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint i = 0; parts[i]; i++)
        if (*parts[i] != '\0')
          g_strv_builder_add (builder, parts[i]);
    }

  g_strv_builder_add (builder, user_dir);
  g_strv_builder_add (builder, PKGDATADIR "/rulesets");

  return g_strv_builder_end (builder);
}

MusterCatalog *
muster_catalog_new_default (void)
{
  g_auto(GStrv) dirs = muster_catalog_default_dirs ();
  MusterCatalog *self = muster_catalog_new ();

  for (guint i = 0; dirs[i]; i++)
    muster_catalog_scan_dir (self, dirs[i]);
  return self;
}

guint
muster_catalog_get_n_rulesets (const MusterCatalog *self)
{
  return self->rulesets->len;
}

/* Returns: (transfer none): the ruleset at @index, in name order */
MusterRuleset *
muster_catalog_get_ruleset (const MusterCatalog *self,
                            guint                index)
{
  g_return_val_if_fail (index < self->rulesets->len, NULL);
  return g_ptr_array_index (self->rulesets, index);
}

/* Returns: (transfer none) (nullable): the ruleset with @id */
MusterRuleset *
muster_catalog_lookup (const MusterCatalog *self,
                       const char          *id)
{
  return g_hash_table_lookup (self->by_id, id);
}

/* Returns: (transfer none) (element-type GError): files that did not load */
const GPtrArray *
muster_catalog_get_problems (const MusterCatalog *self)
{
  return self->problems;
}

/* @chain: the ids being resolved, outermost first, to tell a loop (a extends b extends a) */
static MusterRuleset *
resolve (MusterCatalog  *self,
         const char     *id,
         GPtrArray      *chain,
         GError        **error)
{
  g_autoptr(MusterRuleset) base = NULL;
  MusterRuleset *ruleset = g_hash_table_lookup (self->by_id, id);
  MusterRuleset *merged;
  GError *local = NULL;

  if (ruleset == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET,
                   _("no installed ruleset has the id “%s”"), id);
      return NULL;
    }
  if (muster_ruleset_is_resolved (ruleset))
    return muster_ruleset_ref (ruleset);
  if ((merged = g_hash_table_lookup (self->resolved, id)) != NULL)
    return muster_ruleset_ref (merged);
  if (g_ptr_array_find_with_equal_func (chain, id, g_str_equal, NULL))
    {
      g_autoptr(GString) loop = g_string_new (NULL);
      const char *first = chain->pdata[0];
      MusterRuleset *outer = g_hash_table_lookup (self->by_id, first);

      for (guint i = 0; i < chain->len; i++)
        g_string_append_printf (loop, "%s → ", (const char *) chain->pdata[i]);
      g_string_append (loop, id);
      /* Said once, at the ruleset asked for, not once a step round the loop. */
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("%s:1: ruleset “%s” extends itself through a loop of rulesets (%s)"),
                   muster_ruleset_get_path (outer) ? muster_ruleset_get_path (outer) : first,
                   first, loop->str);
      return NULL;
    }

  g_ptr_array_add (chain, (gpointer) id);
  base = resolve (self, muster_ruleset_get_extends (ruleset), chain, &local);
  g_ptr_array_remove_index (chain, chain->len - 1);
  if (base == NULL)
    {
      /* Which house file names a missing base; a loop or a broken file says where itself. */
      if (g_error_matches (local, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET))
        g_prefix_error (&local, _("ruleset “%s” extends “%s”: "), id,
                        muster_ruleset_get_extends (ruleset));
      g_propagate_error (error, local);
      return NULL;
    }
  if (!(merged = muster_ruleset_merge (base, ruleset, error)))
    return NULL;
  g_hash_table_insert (self->resolved, g_strdup (id), merged);
  return muster_ruleset_ref (merged);
}

/**
 * muster_catalog_resolve:
 * @self: a catalog
 * @id: a ruleset id
 * @error: return location for a #GError
 *
 * The ruleset to play with: a book ruleset as it was read, or a house ruleset merged onto
 * the ruleset it extends (recursively). Merged rulesets are made once and kept.
 *
 * Returns: (transfer full) (nullable): the resolved ruleset, or %NULL with @error set
 */
MusterRuleset *
muster_catalog_resolve (MusterCatalog  *self,
                        const char     *id,
                        GError        **error)
{
  g_autoptr(GPtrArray) chain = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  chain = g_ptr_array_new ();
  return resolve (self, id, chain, error);
}
