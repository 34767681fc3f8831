/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-recent"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-recent.h"

/*
 * Recent documents live in the desktop's shared list (GtkRecentManager, the file manager's
 * "Recent" too), marked with our MIME types. These helpers pick the Muster documents and the
 * BattleScribe rosters out of it for the Open Recent menu and the welcome page.
 */

#define MIME_TYPE "application/x-muster"

/* What Muster opens, by name ending and MIME type. */
static const struct
{
  const char *suffix;
  const char *mime_type;
} kinds[] = {
  { ".muster", MIME_TYPE },
  { ".ros", "application/x-battlescribe-roster" },
  { ".rosz", "application/x-battlescribe-roster-zip" },
};

static gboolean
is_muster_document (GtkRecentInfo *info)
{
  gboolean ours = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (kinds) && !ours; i++)
    ours = g_strcmp0 (gtk_recent_info_get_mime_type (info), kinds[i].mime_type) == 0 ||
           g_str_has_suffix (gtk_recent_info_get_uri (info), kinds[i].suffix);
  return ours && gtk_recent_info_exists (info);
}

/* Records @file as just opened or saved. */
void
muster_recent_add (GFile *file)
{
  g_autofree char *uri = NULL;
  GtkRecentData data = {
    .mime_type = (char *) MIME_TYPE,
    .app_name = (char *) g_get_application_name (),
    .app_exec = (char *) "muster %u",
  };

  g_return_if_fail (G_IS_FILE (file));

  if (data.app_name == NULL)
    data.app_name = (char *) "Muster";
  uri = g_file_get_uri (file);
  for (guint i = 1; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_has_suffix (uri, kinds[i].suffix))
      data.mime_type = (char *) kinds[i].mime_type;
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

/* Forgets @file, e.g. when it could not be opened any more. */
void
muster_recent_remove (GFile *file)
{
  g_autofree char *uri = NULL;

  g_return_if_fail (G_IS_FILE (file));

  uri = g_file_get_uri (file);
  /* Not listed is fine: there is nothing to forget. */
  gtk_recent_manager_remove_item (gtk_recent_manager_get_default (), uri, NULL);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo **) a;
  GtkRecentInfo *ib = *(GtkRecentInfo **) b;

  return g_date_time_compare (gtk_recent_info_get_modified (ib),
                              gtk_recent_info_get_modified (ia));
}

/**
 * muster_recent_list:
 * @max: how many at most
 *
 * Returns: (transfer container) (element-type GtkRecentInfo): the Muster documents opened or
 *   saved lately that still exist, newest first
 */
GPtrArray *
muster_recent_list (guint max)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);

  for (GList *l = items; l != NULL; l = l->next)
    if (is_muster_document (l->data))
      g_ptr_array_add (found, gtk_recent_info_ref (l->data));
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);

  g_ptr_array_sort (found, newest_first);
  if (found->len > max)
    g_ptr_array_set_size (found, max);
  return found;
}

/* Returns: (transfer full): @info's file name without ".muster" (a roster's keeps its ".ros",
 * to tell the two apart), as menus and rows show it */
char *
muster_recent_dup_name (GtkRecentInfo *info)
{
  const char *name = gtk_recent_info_get_display_name (info);

  if (g_str_has_suffix (name, ".muster") && strlen (name) > strlen (".muster"))
    return g_strndup (name, strlen (name) - strlen (".muster"));
  return g_strdup (name);
}

/*
 * The desktop's recent list changes whenever any application opens a file, and reading it
 * means a GtkRecentInfo for every item and a look at each Muster document's file. The watch
 * reads it once a change for every window, and tells them only when the Muster documents it
 * lists (which, their names, their order) are not the ones it listed before, so the menus and
 * welcome pages are not rebuilt for nothing.
 */
struct _MusterRecentWatch
{
  GObject    parent_instance;

  GPtrArray *items;   /* of GtkRecentInfo, newest first */
};

G_DEFINE_FINAL_TYPE (MusterRecentWatch, muster_recent_watch, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Whether @a and @b list the same documents under the same names, in the same order */
static gboolean
same_items (GPtrArray *a,
            GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!g_str_equal (gtk_recent_info_get_uri (a->pdata[i]), gtk_recent_info_get_uri (b->pdata[i])) ||
        !g_str_equal (gtk_recent_info_get_display_name (a->pdata[i]),
                      gtk_recent_info_get_display_name (b->pdata[i])))
      return FALSE;
  return TRUE;
}

static void
manager_changed_cb (MusterRecentWatch *self)
{
  g_autoptr(GPtrArray) items = muster_recent_list (MUSTER_RECENT_MAX);

  if (same_items (items, self->items))
    return;
  g_ptr_array_unref (self->items);
  self->items = g_steal_pointer (&items);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
muster_recent_watch_finalize (GObject *object)
{
  MusterRecentWatch *self = MUSTER_RECENT_WATCH (object);

  g_ptr_array_unref (self->items);

  G_OBJECT_CLASS (muster_recent_watch_parent_class)->finalize (object);
}

static void
muster_recent_watch_class_init (MusterRecentWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_recent_watch_finalize;

  /**
   * MusterRecentWatch::changed:
   *
   * The Muster documents among the recent files are not the ones listed before.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_recent_watch_init (MusterRecentWatch *self)
{
  self->items = muster_recent_list (MUSTER_RECENT_MAX);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (manager_changed_cb), self, G_CONNECT_SWAPPED);
}

/* Returns: (transfer none): the one watch of the desktop's recent list */
MusterRecentWatch *
muster_recent_watch_get_default (void)
{
  static MusterRecentWatch *watch;

  if (watch == NULL)
    watch = g_object_new (MUSTER_TYPE_RECENT_WATCH, NULL);
  return watch;
}

/**
 * muster_recent_watch_get_items:
 *
 * Returns: (transfer none) (element-type GtkRecentInfo): the Muster documents opened or saved
 *   lately that still exist, newest first, at most %MUSTER_RECENT_MAX
 */
GPtrArray *
muster_recent_watch_get_items (MusterRecentWatch *self)
{
  g_return_val_if_fail (MUSTER_IS_RECENT_WATCH (self), NULL);
  return self->items;
}

/* Replaces @menu's items by the recent documents, each opening through win.open-recent. */
void
muster_recent_fill_menu (GMenu *menu)
{
  GPtrArray *recent = muster_recent_watch_get_items (muster_recent_watch_get_default ());

  g_menu_remove_all (menu);
  for (guint i = 0; i < recent->len; i++)
    {
      GtkRecentInfo *info = recent->pdata[i];
      g_autofree char *name = muster_recent_dup_name (info);
      g_autoptr(GMenuItem) item = NULL;

      /* Menu labels take mnemonics: double the underscores a file name may have. */
      g_auto(GStrv) parts = g_strsplit (name, "_", -1);
      g_autofree char *label = g_strjoinv ("__", parts);

      item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s",
                                         gtk_recent_info_get_uri (info));
      g_menu_append_item (menu, item);
    }
  if (recent->len == 0)
    /* No action: shown greyed out, which says more than an empty submenu. */
    g_menu_append (menu, _("No Recent Lists"), "win.no-recent");
}

/* Returns: (transfer full): the folder holding @file, as a person would write it ("~/Lists") */
char *
muster_recent_dup_location (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = NULL;

  if (parent == NULL)
    return g_file_get_parse_name (file);
  if (g_file_equal (parent, home))
    return g_strdup ("~");
  if ((relative = g_file_get_relative_path (home, parent)) != NULL)
    return g_build_filename ("~", relative, NULL);
  return g_file_get_parse_name (parent);
}
