/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-bs-entries.h"
#include "muster-bs-page-private.h"
#include "muster-cull-box.h"
#include "muster-diagnostics.h"
#include "muster-validation-panel.h"

/*
 * The Army workspace of a BattleScribe roster: on the left what the selected force can take
 * (by category, searched), in the middle the roster tree (forces, nested forces and
 * selections with their number and costs) above its findings, on the right the editor of
 * the selected row (number, the entry's options as the data groups them, profiles and
 * rules). Every change goes through the document, so it is one step of undo.
 */

struct _MusterBsPage
{
  AdwBin              parent_instance;

  /* Owned References */
  MusterBsDocument   *document;
  MusterBsEntries    *entries;
  GtkTreeListModel   *tree;
  GtkSingleSelection *tree_selection;
  /* (nullable): the item of the row selected, to select again in its new row */
  MusterBsItem       *selected_item;
  GtkSingleSelection *entries_selection;
  GtkStringList      *categories;
  guint               editor_idle;
  /* Another row's editor waits for the frame that shows the selection: the frame clock's
   * after-paint handler, and the clock */
  gulong              editor_after_paint;
  GdkFrameClock      *editor_clock;
  /* (nullable): what the editor shows now, see _muster_bs_page_editor_key(), and the row it
   * shows */
  char               *editor_key;
  MusterBsItem       *editor_item;
  gboolean            updating_categories;

  /* Template Widgets */
  GtkLabel           *force_label;
  GtkSearchEntry     *search_entry;
  GtkDropDown        *category_dropdown;
  GtkListView        *entries_view;
  GtkWidget          *add_button;
  GtkListView        *tree_view;
  GtkWidget          *legal_separator;
  GtkLabel           *findings_label;
  MusterValidationPanel *validation_panel;
  GtkBox             *editor_box;
  AdwLeaflet         *leaflet;
  GtkWidget          *pane_switcher;
  guint               folded_idle;
};

enum {
  PROP_0,
  PROP_PANE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MusterBsPage, muster_bs_page, ADW_TYPE_BIN)

static void schedule_editor (MusterBsPage *self);

/* Returns: (transfer full) (nullable): the selected tree row */
MusterBsItem *
muster_bs_page_get_selected (MusterBsPage *self)
{
  GtkTreeListRow *row;

  g_return_val_if_fail (MUSTER_IS_BS_PAGE (self), NULL);

  row = gtk_single_selection_get_selected_item (self->tree_selection);
  return row ? gtk_tree_list_row_get_item (row) : NULL;
}

/* The force new entries go to: the selected row's, else the first. */
static MusterBsForce *
current_force (MusterBsPage *self)
{
  g_autoptr(MusterBsItem) item = muster_bs_page_get_selected (self);
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);

  /* gtk_tree_list_row_get_item() gave a reference */
  if (item != NULL && muster_bs_item_get_force (item) != NULL)
    return muster_bs_item_get_force (item);
  if (item != NULL && muster_bs_item_get_selection (item) != NULL)
    return muster_bs_selection_get_force (muster_bs_item_get_selection (item));
  return roster && muster_bs_roster_get_n_forces (roster) > 0
         ? muster_bs_roster_get_force (roster, 0) : NULL;
}

static void
update_categories (MusterBsPage *self)
{
  g_auto(GStrv) names = muster_bs_entries_dup_categories (self->entries);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->categories));
  gboolean same = n == g_strv_length (names) + 1;

  for (guint i = 0; same && names[i]; i++)
    same = g_strcmp0 (gtk_string_list_get_string (self->categories, i + 1), names[i]) == 0;
  if (same)
    return;
  self->updating_categories = TRUE;
  gtk_string_list_splice (self->categories, 1, n - 1, (const char * const *) names);
  gtk_drop_down_set_selected (self->category_dropdown, 0);
  muster_bs_entries_set_category (self->entries, NULL);
  self->updating_categories = FALSE;
}

static void
update_force (MusterBsPage *self)
{
  MusterBsForce *force = current_force (self);
  g_autofree char *label = NULL;

  muster_bs_entries_set_force (self->entries, force);
  update_categories (self);
  if (force != NULL)
    label = g_strdup_printf (_("%s — %s"), muster_bs_force_get_name (force),
                             muster_bs_force_get_catalogue_name (force)
                             ? muster_bs_force_get_catalogue_name (force) : "");
  gtk_label_set_label (self->force_label, label ? label : _("No force"));
  gtk_widget_set_sensitive (self->add_button, force != NULL);
}

static void
search_changed_cb (MusterBsPage *self)
{
  muster_bs_entries_set_search (self->entries, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
category_changed_cb (MusterBsPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->category_dropdown);

  if (self->updating_categories || self->entries == NULL)
    return;
  muster_bs_entries_set_category (self->entries,
                                  selected == 0 || selected == GTK_INVALID_LIST_POSITION
                                  ? NULL : gtk_string_list_get_string (self->categories, selected));
}

/* Selection */

static gboolean
is_within (MusterBsItem *row,
           const char   *id,
           MusterBsRoster *roster)
{
  MusterBsSelection *target = muster_bs_roster_find_selection (roster, id);
  MusterBsForce *force = muster_bs_item_get_force (row);
  MusterBsSelection *selection = muster_bs_item_get_selection (row);

  if (force != NULL)
    {
      MusterBsForce *f = target ? muster_bs_selection_get_force (target)
                                : muster_bs_roster_find_force (roster, id);

      for (; f != NULL; f = muster_bs_force_get_parent (f))
        if (f == force)
          return TRUE;
      return FALSE;
    }
  for (MusterBsSelection *s = target; s != NULL; s = muster_bs_selection_get_parent (s))
    if (s == selection)
      return TRUE;
  return FALSE;
}

gboolean
muster_bs_page_select_id (MusterBsPage *self,
                          const char   *instance_id)
{
  MusterBsRoster *roster;
  GListModel *rows = G_LIST_MODEL (self->tree);

  g_return_val_if_fail (MUSTER_IS_BS_PAGE (self), FALSE);

  if ((roster = muster_bs_document_get_roster (self->document)) == NULL || instance_id == NULL)
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr(MusterBsItem) item = gtk_tree_list_row_get_item (row);
      MusterBsForce *force = muster_bs_item_get_force (item);
      MusterBsSelection *selection = muster_bs_item_get_selection (item);
      const char *id = force ? muster_bs_force_get_id (force)
                     : selection ? muster_bs_selection_get_id (selection) : NULL;

      if (g_strcmp0 (id, instance_id) == 0)
        {
          gtk_single_selection_set_selected (self->tree_selection, i);
          gtk_widget_activate_action (GTK_WIDGET (self->tree_view), "list.scroll-to-item", "u", i);
          return TRUE;
        }
      if (is_within (item, instance_id, roster))
        gtk_tree_list_row_set_expanded (row, TRUE);
    }
  return FALSE;
}

static MusterBsSelection *
add_entry (MusterBsPage  *self,
           MusterBsEntry *entry)
{
  MusterBsForce *force = current_force (self);
  g_autoptr(GError) error = NULL;
  MusterBsSelection *selection;

  if (force == NULL || entry == NULL)
    return NULL;
  selection = muster_bs_document_select (self->document, force, NULL,
                                         muster_bs_entry_get_id (entry), &error);
  if (selection == NULL)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.show-toast", "s", error->message);
      return NULL;
    }
  muster_bs_page_select_id (self, muster_bs_selection_get_id (selection));
  return selection;
}

/**
 * muster_bs_page_add_entry:
 * @entry_name: (nullable): the name of an entry listed, or %NULL for the selected one
 *
 * Returns: (transfer none) (nullable): the selection made
 */
MusterBsSelection *
muster_bs_page_add_entry (MusterBsPage *self,
                          const char   *entry_name)
{
  GListModel *model = G_LIST_MODEL (self->entries);

  g_return_val_if_fail (MUSTER_IS_BS_PAGE (self), NULL);

  if (entry_name == NULL)
    return add_entry (self, gtk_single_selection_get_selected_item (self->entries_selection));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterBsEntry) entry = g_list_model_get_item (model, i);

      if (g_strcmp0 (muster_bs_entry_get_name (entry), entry_name) == 0)
        return add_entry (self, entry);
    }
  return NULL;
}

GListModel *
muster_bs_page_get_entries (MusterBsPage *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_PAGE (self), NULL);
  return G_LIST_MODEL (self->entries);
}

static void
entry_activate_cb (MusterBsPage *self,
                   guint         position)
{
  g_autoptr(MusterBsEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->entries), position);

  add_entry (self, entry);
}

static void
add_clicked_cb (MusterBsPage *self)
{
  muster_bs_page_add_entry (self, NULL);
}

static void
tree_activate_cb (MusterBsPage *self,
                  guint         position)
{
  gtk_single_selection_set_selected (self->tree_selection, position);
  /* one pane at a time: on to the selection's editor */
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "editor");
}

/* The switch between the panes shows while they are one at a time; set once the leaflet is laid
 * out, since the switch above it is laid out before it. */
static gboolean
folded_idle_cb (gpointer user_data)
{
  MusterBsPage *self = user_data;

  self->folded_idle = 0;
  gtk_widget_set_visible (self->pane_switcher, adw_leaflet_get_folded (self->leaflet));
  return G_SOURCE_REMOVE;
}

static void
folded_cb (MusterBsPage *self)
{
  if (self->folded_idle == 0)
    self->folded_idle = g_idle_add (folded_idle_cb, self);
}

static void
pane_changed_cb (MusterBsPage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PANE]);
}

static void
muster_bs_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  MusterBsPage *self = MUSTER_BS_PAGE (object);

  switch (prop_id)
    {
    case PROP_PANE:
      g_value_set_string (value, adw_leaflet_get_visible_child_name (self->leaflet));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_bs_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  MusterBsPage *self = MUSTER_BS_PAGE (object);

  switch (prop_id)
    {
    case PROP_PANE:
      adw_leaflet_set_visible_child_name (self->leaflet, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/**
 * muster_bs_page_reveal_finding:
 * @position: a row of the document's findings
 *
 * What activating a finding in the validation panel does (the document's "reveal"): selects
 * the force or selection it is about, expanding the rows above it, and opens it in the editor
 * (the editor's pane, when they are shown one at a time). A finding about the whole roster
 * (its costs against the limit) selects nothing.
 *
 * Returns: whether the finding's force or selection was selected
 */
gboolean
muster_bs_page_reveal_finding (MusterBsPage *self,
                               guint         position)
{
  GListModel *findings;
  g_autoptr(MusterDiagnostic) finding = NULL;
  const char *path, *last;

  g_return_val_if_fail (MUSTER_IS_BS_PAGE (self), FALSE);

  if (self->document == NULL)
    return FALSE;
  findings = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (self->document));
  finding = g_list_model_get_item (findings, position);
  path = finding ? muster_diagnostic_get_issue (finding)->path : NULL;
  /* The path is the owner's instance ids from the force down: its last part is the owner. */
  if (path == NULL || *path == '\0')
    return FALSE;
  last = strrchr (path, '/') ? strrchr (path, '/') + 1 : path;
  if (!muster_bs_page_select_id (self, last))
    return FALSE;
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "editor");
  return TRUE;
}

/* List rows */

static char *
costs_text (GArray *costs)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; costs != NULL && i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);

      if (cost->value != 0)
        g_string_append_printf (text, "%s%g %s", text->len ? ", " : "", cost->value, cost->name);
    }
  return g_string_free (text, FALSE);
}

static GtkWidget *
row_box (GtkWidget **name,
         GtkWidget **detail)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  *name = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (*name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (*name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (*name, TRUE);
  *detail = gtk_label_new (NULL);
  gtk_widget_add_css_class (*detail, "dim-label");
  gtk_widget_add_css_class (*detail, "numeric");
  gtk_box_append (GTK_BOX (box), *name);
  gtk_box_append (GTK_BOX (box), *detail);
  return box;
}

static void
tree_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *name, *detail;

  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), row_box (&name, &detail));
  gtk_list_item_set_child (list_item, expander);
}

static void
tree_row_update (GtkListItem *list_item)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *name = gtk_widget_get_first_child (box);
  GtkWidget *detail = gtk_widget_get_next_sibling (name);
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  g_autoptr(MusterBsItem) item = row ? gtk_tree_list_row_get_item (row) : NULL;
  g_autofree char *costs = NULL;
  g_autofree char *text = NULL;

  if (item == NULL)
    return;
  costs = costs_text (muster_bs_item_get_costs (item));
  if (muster_bs_item_get_number (item) > 1)
    text = g_strdup_printf ("%d× %s", muster_bs_item_get_number (item), muster_bs_item_get_name (item));
  else
    text = g_strdup (muster_bs_item_get_name (item));
  _muster_bs_page_set_label (name, text);
  _muster_bs_page_set_label (detail, costs);
  if (muster_bs_item_get_force (item) != NULL)
    gtk_widget_add_css_class (name, "heading");
  else
    gtk_widget_remove_css_class (name, "heading");
}

/* GTK 4.8 binds a row again (unbind, then bind) whenever its position or selection changes:
 * an add moved and re-bound every row below it, and a tree expander given its row again
 * builds its indicators anew (some 1.5 ms of an add, issue 21). A row bound to the same tree
 * row is left as it is: its item's "changed" kept its labels up to date. Unbinding leaves the
 * row in place, a later bind of another one replaces it. */
static void
tree_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item)
{
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  GtkTreeExpander *expander = GTK_TREE_EXPANDER (gtk_list_item_get_child (list_item));
  GtkTreeListRow *old = gtk_tree_expander_get_list_row (expander);
  g_autoptr(MusterBsItem) item = NULL;
  g_autoptr(MusterBsItem) old_item = NULL;

  if (old == row)
    return;
  old_item = old ? gtk_tree_list_row_get_item (old) : NULL;
  if (old_item != NULL)
    g_signal_handlers_disconnect_by_func (old_item, tree_row_update, list_item);
  gtk_tree_expander_set_list_row (expander, row);
  item = gtk_tree_list_row_get_item (row);
  /* Tied to the list item too: a list view torn down with its rows may skip unbind. */
  g_signal_connect_object (item, "changed", G_CALLBACK (tree_row_update), list_item,
                           G_CONNECT_SWAPPED);
  tree_row_update (list_item);
}

static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  GListModel *children;

  /* A selection without children has no expander; a force always may take some. */
  if (muster_bs_item_get_selection (item) != NULL &&
      muster_bs_selection_get_n_children (muster_bs_item_get_selection (item)) == 0)
    return NULL;
  children = muster_bs_item_get_children (item);
  return g_object_ref (children);
}

static gboolean
entry_query_tooltip_cb (GtkWidget   *name,
                        int          x,
                        int          y,
                        gboolean     keyboard,
                        GtkTooltip  *tooltip,
                        GtkListItem *list_item)
{
  MusterBsEntry *entry = gtk_list_item_get_item (list_item);
  g_autofree char *text = NULL;

  if (entry == NULL)
    return FALSE;
  /* "Troops — Intercessor Squad" */
  text = g_strdup_printf ("%s — %s", muster_bs_entry_get_category (entry),
                          muster_bs_entry_get_name (entry));
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
entry_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item)
{
  GtkWidget *name, *detail;

  gtk_list_item_set_child (list_item, row_box (&name, &detail));
  /* Asked for when shown, not set at each bind: on X11 every gtk_widget_set_tooltip_text()
   * of a visible widget asks the server where the pointer is, a round trip per row bound. */
  gtk_widget_set_has_tooltip (name, TRUE);
  g_signal_connect (name, "query-tooltip", G_CALLBACK (entry_query_tooltip_cb), list_item);
}

static void
entry_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item)
{
  MusterBsEntry *entry = gtk_list_item_get_item (list_item);
  GtkWidget *name = gtk_widget_get_first_child (gtk_list_item_get_child (list_item));
  GtkWidget *detail = gtk_widget_get_next_sibling (name);

  gtk_label_set_label (GTK_LABEL (name), muster_bs_entry_get_name (entry));
  gtk_label_set_label (GTK_LABEL (detail), muster_bs_entry_get_costs_text (entry));
}

static GtkListItemFactory *
factory_new (GCallback setup,
             GCallback bind,
             GCallback unbind)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", setup, NULL);
  g_signal_connect (factory, "bind", bind, NULL);
  if (unbind != NULL)
    g_signal_connect (factory, "unbind", unbind, NULL);
  return factory;
}

/* Delete removes the selected selection or force, Ctrl+D duplicates it, Ctrl+F searches
 * the catalogue pane: as in the Army workspace of Muster lists. */
static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterBsPage *self = MUSTER_BS_PAGE (widget);
  g_autoptr(MusterBsItem) item = muster_bs_page_get_selected (self);

  if (item == NULL || muster_bs_document_get_roster (self->document) == NULL)
    return;
  if (muster_bs_item_get_selection (item) != NULL)
    muster_bs_document_remove (self->document, muster_bs_item_get_selection (item));
  else if (muster_bs_item_get_force (item) != NULL)
    muster_bs_document_remove_force (self->document, muster_bs_item_get_force (item));
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterBsPage *self = MUSTER_BS_PAGE (widget);
  g_autoptr(MusterBsItem) item = muster_bs_page_get_selected (self);
  MusterBsSelection *copy;

  if (item == NULL || muster_bs_item_get_selection (item) == NULL)
    return;
  copy = muster_bs_document_duplicate (self->document, muster_bs_item_get_selection (item));
  muster_bs_page_select_id (self, muster_bs_selection_get_id (copy));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterBsPage *self = MUSTER_BS_PAGE (widget);

  adw_leaflet_set_visible_child_name (self->leaflet, "entries");
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* The editor follows the selection and every edit, rebuilt once the edit's signals are over
 * (it may be an edit from one of its own spin buttons), and only when what it shows changed:
 * building a unit's options is most of an edit's frame (issue 21). */
static gboolean
editor_idle_cb (gpointer user_data)
{
  MusterBsPage *self = user_data;
  g_autoptr(MusterBsItem) item = muster_bs_page_get_selected (self);
  g_autofree char *key = NULL;

  self->editor_idle = 0;
  /* Another row: its editor is built (or one of the same shape kept) whatever the key, which
   * would work out all its options at once (their hidden flags are some 2 ms of a character's
   * first frame, issue 21); the next edit reads the key. */
  if (item == self->editor_item)
    key = _muster_bs_page_editor_key (self->document, item);
  if (key != NULL && g_strcmp0 (key, self->editor_key) == 0)
    {
      _muster_bs_page_editor_hold (self->editor_box, FALSE);
      return G_SOURCE_REMOVE;
    }
  g_free (self->editor_key);
  self->editor_key = g_steal_pointer (&key);
  g_set_object (&self->editor_item, item);
  _muster_bs_page_fill_editor (self->editor_box, self->document, item);
  return G_SOURCE_REMOVE;
}

gboolean
muster_bs_page_get_editor_complete (MusterBsPage *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_PAGE (self), FALSE);
  return self->editor_idle == 0 && self->editor_after_paint == 0 &&
         _muster_bs_page_editor_is_complete (self->editor_box);
}

static void
editor_wait_end (MusterBsPage *self)
{
  if (self->editor_after_paint != 0)
    g_clear_signal_handler (&self->editor_after_paint, self->editor_clock);
  g_clear_object (&self->editor_clock);
}

static void
editor_after_paint_cb (GdkFrameClock *clock,
                       MusterBsPage  *self)
{
  editor_wait_end (self);
  if (self->editor_idle == 0)
    self->editor_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, editor_idle_cb, self, NULL);
}

/* The editor follows the edit before its frame is drawn. Another row's editor (a new
 * selection, an add) in place of a long one, or a long one, comes in the frame after: the
 * selection and the edit come to the screen in a frame of their own, then the editor (taking
 * a long one out of view, some 2,000 widgets, or working out a long one's options and
 * building its top took the add's frame past 16 ms, issue 21). Meanwhile the editor shown
 * is stale, and its controls do nothing. */
static void
schedule_editor (MusterBsPage *self)
{
  g_autoptr(MusterBsItem) item = muster_bs_page_get_selected (self);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  _muster_bs_page_editor_hold (self->editor_box, TRUE);
  if (item != self->editor_item && clock != NULL &&
      gtk_widget_get_mapped (GTK_WIDGET (self->editor_box)) &&
      (_muster_bs_page_editor_is_long (self->editor_box) ||
       _muster_bs_page_editor_would_be_long (self->document, item)))
    {
      _muster_bs_page_editor_stale (self->editor_box);
      g_clear_handle_id (&self->editor_idle, g_source_remove);
      if (self->editor_after_paint == 0)
        {
          self->editor_clock = g_object_ref (clock);
          self->editor_after_paint = g_signal_connect (clock, "after-paint",
                                                       G_CALLBACK (editor_after_paint_cb), self);
          gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
        }
      return;
    }
  if (self->editor_idle == 0 && self->editor_after_paint == 0)
    self->editor_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, editor_idle_cb, self, NULL);
}

static void
selection_changed_cb (MusterBsPage *self)
{
  g_clear_object (&self->selected_item);
  self->selected_item = muster_bs_page_get_selected (self);
  update_force (self);
  schedule_editor (self);
}

/* A selection that gets its first child is announced again, and GtkTreeListModel makes a new
 * row object for it, which GtkSingleSelection, knowing rows by object, does not take for the
 * one selected: the selection went, and the editor with it. The same item is selected again in
 * its new row. (Its notify::selected-item comes after this, once, with the row selected.) */
static void
tree_items_changed_cb (MusterBsPage *self,
                       guint         position,
                       guint         removed,
                       guint         added)
{
  if (self->selected_item == NULL ||
      gtk_single_selection_get_selected (self->tree_selection) != GTK_INVALID_LIST_POSITION)
    return;
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree_selection), i);
      g_autoptr(MusterBsItem) item = row ? gtk_tree_list_row_get_item (row) : NULL;

      if (item == self->selected_item)
        {
          gtk_single_selection_set_selected (self->tree_selection, i);
          return;
        }
    }
}

/* Without findings the panel hides: the label says the roster is legal instead. */
static void
update_findings (MusterBsPage *self)
{
  GListModel *findings = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (self->document));
  gboolean legal = muster_bs_document_get_roster (self->document) != NULL &&
                   g_list_model_get_n_items (findings) == 0;

  gtk_label_set_label (self->findings_label, legal ? _("The roster is legal") : "");
  gtk_widget_set_visible (GTK_WIDGET (self->findings_label), legal);
  gtk_widget_set_visible (self->legal_separator, legal);
}

static void
document_changed_cb (MusterBsPage *self)
{
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);

  /* A new roster, or the first force: the pane offers the first force's entries. */
  if (gtk_single_selection_get_selected_item (self->tree_selection) == NULL &&
      roster != NULL && muster_bs_roster_get_n_forces (roster) > 0)
    gtk_single_selection_set_selected (self->tree_selection, 0);
  update_force (self);
  update_findings (self);
  schedule_editor (self);
}

void
muster_bs_page_set_document (MusterBsPage     *self,
                             MusterBsDocument *document)
{
  g_autoptr(GtkListItemFactory) tree_factory = NULL;
  g_autoptr(GtkListItemFactory) entry_factory = NULL;

  g_return_if_fail (MUSTER_IS_BS_PAGE (self));
  g_return_if_fail (self->document == NULL);

  self->document = g_object_ref (document);
  self->entries = muster_bs_entries_new (document);
  self->tree = gtk_tree_list_model_new (g_object_ref (muster_bs_document_get_forces (document)),
                                        FALSE, TRUE, create_children, NULL, NULL);
  self->tree_selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->tree)));
  gtk_single_selection_set_autoselect (self->tree_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->tree_selection, TRUE);
  g_signal_connect_object (self->tree_selection, "notify::selected-item",
                           G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  /* after: the list view must have taken the change in before a row is selected in it */
  g_signal_connect_object (self->tree_selection, "items-changed",
                           G_CALLBACK (tree_items_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  tree_factory = factory_new (G_CALLBACK (tree_setup_cb), G_CALLBACK (tree_bind_cb), NULL);
  gtk_list_view_set_factory (self->tree_view, tree_factory);
  gtk_list_view_set_model (self->tree_view, GTK_SELECTION_MODEL (self->tree_selection));

  self->entries_selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->entries)));
  entry_factory = factory_new (G_CALLBACK (entry_setup_cb), G_CALLBACK (entry_bind_cb), NULL);
  gtk_list_view_set_factory (self->entries_view, entry_factory);
  gtk_list_view_set_model (self->entries_view, GTK_SELECTION_MODEL (self->entries_selection));

  muster_validation_panel_set_source (self->validation_panel, MUSTER_FINDINGS_SOURCE (document));
  g_signal_connect_object (document, "reveal", G_CALLBACK (muster_bs_page_reveal_finding), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  document_changed_cb (self);
}

static void
muster_bs_page_dispose (GObject *object)
{
  MusterBsPage *self = MUSTER_BS_PAGE (object);

  g_clear_handle_id (&self->editor_idle, g_source_remove);
  editor_wait_end (self);
  g_clear_handle_id (&self->folded_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_BS_PAGE);
  g_clear_object (&self->tree_selection);
  g_clear_object (&self->selected_item);
  g_clear_object (&self->entries_selection);
  g_clear_object (&self->tree);
  g_clear_object (&self->entries);
  g_clear_object (&self->categories);
  g_clear_object (&self->document);
  g_clear_pointer (&self->editor_key, g_free);
  g_clear_object (&self->editor_item);

  G_OBJECT_CLASS (muster_bs_page_parent_class)->dispose (object);
}

static void
muster_bs_page_class_init (MusterBsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = muster_bs_page_dispose;
  G_OBJECT_CLASS (klass)->get_property = muster_bs_page_get_property;
  G_OBJECT_CLASS (klass)->set_property = muster_bs_page_set_property;

  /**
   * MusterBsPage:pane:
   *
   * The pane in view where they are shown one at a time (a narrow window): "entries",
   * "roster" or "editor".
   */
  properties[PROP_PANE] =
    g_param_spec_string ("pane", NULL, NULL, "entries",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (G_OBJECT_CLASS (klass), N_PROPS, properties);

  g_type_ensure (MUSTER_TYPE_VALIDATION_PANEL);
  g_type_ensure (MUSTER_TYPE_CULL_BOX);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-bs-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, force_label);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, category_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, entries_view);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, add_button);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, tree_view);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, legal_separator);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, findings_label);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, validation_panel);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, editor_box);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, MusterBsPage, pane_switcher);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, category_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, tree_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, pane_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, folded_cb);

  gtk_widget_class_install_action (widget_class, "bs.remove", NULL, remove_action);
  gtk_widget_class_install_action (widget_class, "bs.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "bs.search", NULL, search_action);
  gtk_widget_class_install_property_action (widget_class, "bs.pane", "pane");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "bs.remove", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK,
                                       "bs.duplicate", NULL);
}

static void
muster_bs_page_init (MusterBsPage *self)
{
  const char *all[] = { _("All Categories"), NULL };

  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Findings show with the edit's frame, not sliding in over the next 15 (issue 21) */
  muster_validation_panel_set_animated (self->validation_panel, FALSE);
  self->categories = gtk_string_list_new (all);
  gtk_drop_down_set_model (self->category_dropdown, G_LIST_MODEL (self->categories));
  /* Ctrl+F searches wherever the focus is in the window (the header's buttons too), not only
   * once it is in the page. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_f, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("bs.search")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
}
