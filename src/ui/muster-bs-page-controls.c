/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-page-private.h"

typedef MusterBsPageChoice Choice;

/*
 * The pieces of the roster page's editor that do not follow the edits in place: its labels,
 * the controls that edit the roster through the document (each holds a Choice: what it
 * edits), a force's editor, and a selection's profiles and rules as the data gives them.
 * muster-bs-page-editor.c puts them together, and keeps a selection's editor as the edits go.
 */

static void
choice_free (gpointer data)
{
  Choice *choice = data;

  g_object_unref (choice->document);
  g_free (choice->entry_id);
  g_free (choice);
}

/* A tooltip set while @widget is hidden: GTK 4.8 asks the X server where the pointer is when a
 * shown widget's tooltip is set, a round trip for each of the hundreds of rows of a character's
 * options (issue 21). Hidden, the tooltip is only kept (and given to accessibility). */
void
_muster_bs_page_set_tooltip (GtkWidget  *widget,
                             const char *text)
{
  gboolean visible = gtk_widget_get_visible (widget);

  gtk_widget_set_visible (widget, FALSE);
  gtk_widget_set_tooltip_text (widget, text);
  gtk_widget_set_visible (widget, visible);
}

void
_muster_bs_page_set_label (GtkWidget  *label,
                           const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
}

GtkWidget *
_muster_bs_page_label_new (const char *text,
                           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
count_changed_cb (GtkSpinButton *spin,
                  Choice        *choice)
{
  if (choice->stale)
    return;
  muster_bs_document_set_count (choice->document, choice->selection,
                                gtk_spin_button_get_value_as_int (spin));
}

static void
add_choice_cb (GtkButton *button,
               Choice    *choice)
{
  g_autoptr(GError) error = NULL;

  if (choice->stale)
    return;
  if (!muster_bs_document_select (choice->document, muster_bs_selection_get_force (choice->selection),
                                  choice->selection, choice->entry_id, &error))
    gtk_widget_activate_action (GTK_WIDGET (button), "win.show-toast", "s", error->message);
}

static void
remove_choice_cb (GtkButton *button,
                  Choice    *choice)
{
  MusterBsSelection *last;

  if (choice->stale)
    return;
  if (_muster_bs_page_taken (choice->selection, choice->entry_id, &last) == 0)
    return;
  if (muster_bs_selection_get_amount (last) > 1)
    muster_bs_document_set_count (choice->document, last, muster_bs_selection_get_amount (last) - 1);
  else
    muster_bs_document_remove (choice->document, last);
}

static void
add_force_cb (GtkButton *button,
              Choice    *choice)
{
  g_autoptr(GError) error = NULL;

  if (!muster_bs_document_add_force (choice->document, choice->force, choice->entry_id,
                                     muster_bs_force_get_catalogue_id (choice->force), &error))
    gtk_widget_activate_action (GTK_WIDGET (button), "win.show-toast", "s", error->message);
}

static void
remove_force_cb (GtkButton *button,
                 Choice    *choice)
{
  muster_bs_document_remove_force (choice->document, choice->force);
}

static void
remove_selection_cb (GtkButton *button,
                     Choice    *choice)
{
  if (!choice->stale)
    muster_bs_document_remove (choice->document, choice->selection);
}

static void
duplicate_cb (GtkButton *button,
              Choice    *choice)
{
  if (!choice->stale)
    muster_bs_document_duplicate (choice->document, choice->selection);
}

Choice *
_muster_bs_page_choice_new (MusterBsDocument  *document,
                            MusterBsForce     *force,
                            MusterBsSelection *selection,
                            const char        *entry_id)
{
  Choice *choice = g_new0 (Choice, 1);

  choice->document = g_object_ref (document);
  choice->force = force;
  choice->selection = selection;
  choice->entry_id = g_strdup (entry_id);
  return choice;
}

/* A labelled button whose @choice it owns */
static GtkWidget *
action_button (const char *label,
               GCallback   callback,
               Choice     *choice)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  g_signal_connect_data (button, "clicked", callback, choice,
                         (GClosureNotify) (void (*) (void)) choice_free, 0);
  return button;
}

GtkWidget *
_muster_bs_page_take_button (Choice     *choice,
                             gboolean    more,
                             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (more ? "list-add-symbolic"
                                                          : "list-remove-symbolic");

  _muster_bs_page_set_tooltip (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  g_signal_connect_data (button, "clicked", more ? G_CALLBACK (add_choice_cb)
                                                 : G_CALLBACK (remove_choice_cb),
                         choice, more ? (GClosureNotify) (void (*) (void)) choice_free : NULL, 0);
  return button;
}

void
_muster_bs_page_add_profile (GtkBox                *box,
                             const MusterBsProfile *profile)
{
  g_autofree char *heading = g_strdup_printf ("%s · %s", profile->name,
                                              profile->type_name ? profile->type_name : "");
  GtkWidget *grid = gtk_grid_new ();

  gtk_box_append (box, _muster_bs_page_label_new (heading, "heading"));
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  for (guint k = 0; profile->characteristics && k < profile->characteristics->len; k++)
    {
      const MusterBsCharacteristic *c =
        &g_array_index (profile->characteristics, MusterBsCharacteristic, k);

      gtk_grid_attach (GTK_GRID (grid), _muster_bs_page_label_new (c->name, "dim-label"),
                       k, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), _muster_bs_page_label_new (c->value, "numeric"),
                       k, 1, 1, 1);
    }
  gtk_box_append (box, grid);
}

/* A rule, under the heading "Rules" when it is the first */
void
_muster_bs_page_add_rule (GtkBox             *box,
                          MusterBsData       *data,
                          const MusterBsRule *rule,
                          gboolean            first)
{
  const MusterBsNode *publication = rule->publication_id
                                    ? muster_bs_data_lookup (data, rule->publication_id) : NULL;
  g_autofree char *source = NULL;

  if (first)
    gtk_box_append (box, _muster_bs_page_label_new (_("Rules"), "heading"));
  gtk_box_append (box, _muster_bs_page_label_new (rule->name, "caption-heading"));
  if (rule->description != NULL)
    gtk_box_append (box, _muster_bs_page_label_new (rule->description, NULL));
  if (publication != NULL || rule->page != NULL)
    {
      source = rule->page
               ? g_strdup_printf (_("%s, p. %s"), publication && publication->name
                                  ? publication->name : "", rule->page)
               : g_strdup (publication->name);
      gtk_box_append (box, _muster_bs_page_label_new (source, "dim-label"));
    }
}

static void
add_rules (GtkBox       *box,
           MusterBsData *data,
           GArray       *rules)
{
  for (guint i = 0; rules != NULL && i < rules->len; i++)
    _muster_bs_page_add_rule (box, data, &g_array_index (rules, MusterBsRule, i), i == 0);
}

/* A cost limit's spin: @choice's entry_id is the cost type's id */
static void
limit_changed_cb (GtkSpinButton *spin,
                  Choice        *choice)
{
  muster_bs_document_set_cost_limit (choice->document, choice->entry_id,
                                     gtk_spin_button_get_value (spin));
}

/* The roster's limits, one spin a cost type that has one (a force row shows them). */
static void
add_limits (GtkBox           *box,
            MusterBsDocument *document)
{
  GArray *limits = muster_bs_roster_get_cost_limits (muster_bs_document_get_roster (document));

  for (guint i = 0; i < limits->len; i++)
    {
      const MusterBsCost *limit = &g_array_index (limits, MusterBsCost, i);
      g_autofree char *title = g_strdup_printf (_("Roster limit (%s)"), limit->name);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 1000000, 50);

      gtk_box_append (GTK_BOX (row), _muster_bs_page_label_new (title, NULL));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), limit->value);
      g_signal_connect_data (spin, "value-changed", G_CALLBACK (limit_changed_cb),
                             _muster_bs_page_choice_new (document, NULL, NULL, limit->type_id),
                             (GClosureNotify) (void (*) (void)) choice_free, 0);
      gtk_box_append (GTK_BOX (row), spin);
      gtk_box_append (box, row);
    }
}

/* What the editor shows of @selection's profiles and rules, to @key */
void
_muster_bs_page_append_shown (GString           *key,
                              MusterBsSelection *selection)
{
  GArray *profiles, *rules;

  profiles = muster_bs_selection_get_profiles (selection);
  for (guint i = 0; profiles != NULL && i < profiles->len; i++)
    {
      const MusterBsProfile *profile = &g_array_index (profiles, MusterBsProfile, i);

      g_string_append_printf (key, "p %s %s\n", profile->name,
                              profile->type_name ? profile->type_name : "");
      for (guint k = 0; profile->characteristics && k < profile->characteristics->len; k++)
        {
          const MusterBsCharacteristic *c =
            &g_array_index (profile->characteristics, MusterBsCharacteristic, k);

          g_string_append_printf (key, "%s\t%s\n", c->name, c->value);
        }
    }
  rules = muster_bs_selection_get_rules (selection);
  for (guint i = 0; rules != NULL && i < rules->len; i++)
    {
      const MusterBsRule *rule = &g_array_index (rules, MusterBsRule, i);

      g_string_append_printf (key, "r %s\t%s\t%s\t%s\n", rule->name,
                              rule->description ? rule->description : "",
                              rule->page ? rule->page : "",
                              rule->publication_id ? rule->publication_id : "");
    }
}

/* A force's editor, under its title: its catalogue, buttons for the forces its entry offers
 * in it and to remove it, the roster's limits, and the force's rules */
void
_muster_bs_page_fill_force (GtkBox           *box,
                            MusterBsDocument *document,
                            MusterBsForce    *force)
{
  MusterBsRoster *roster = muster_bs_document_get_roster (document);
  const MusterBsNode *entry = muster_bs_force_get_entry (force);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_box_append (box, _muster_bs_page_label_new (muster_bs_force_get_catalogue_name (force),
                                                  "dim-label"));
  /* Forces in the force, as its entry offers them; the force itself may go. */
  for (const MusterBsNode *c = entry ? entry->first_child : NULL; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_FORCE_ENTRY)
      {
        g_autofree char *label = g_strdup_printf (_("Add %s"), c->name);

        gtk_box_append (GTK_BOX (buttons),
                        action_button (label, G_CALLBACK (add_force_cb),
                                       _muster_bs_page_choice_new (document, force, NULL, c->id)));
      }
  gtk_box_append (GTK_BOX (buttons),
                  action_button (_("_Remove Force"), G_CALLBACK (remove_force_cb),
                                 _muster_bs_page_choice_new (document, force, NULL, NULL)));
  gtk_box_append (box, buttons);
  add_limits (box, document);
  add_rules (box, muster_bs_roster_get_data (roster), muster_bs_force_get_rules (force));
}

GtkWidget *
_muster_bs_page_selection_controls (GtkBox *box,
                                    Choice *count,
                                    Choice *duplicate,
                                    Choice *remove)
{
  /* The number above the buttons, close together: the editor shares the window's width with
   * the roster (issue 21), and side by side they were its widest row, a little wider than the
   * editor in a window of 1,200 px (it scrolled sideways) */
  GtkWidget *rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 999, 1);

  gtk_box_append (GTK_BOX (row), _muster_bs_page_label_new (_("Number"), NULL));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin),
                             muster_bs_selection_get_amount (count->selection));
  g_signal_connect_data (spin, "value-changed", G_CALLBACK (count_changed_cb), count,
                         (GClosureNotify) (void (*) (void)) choice_free, 0);
  gtk_box_append (GTK_BOX (row), spin);
  gtk_box_append (GTK_BOX (buttons), action_button (_("_Duplicate"), G_CALLBACK (duplicate_cb),
                                                    duplicate));
  gtk_box_append (GTK_BOX (buttons), action_button (_("_Remove"), G_CALLBACK (remove_selection_cb),
                                                    remove));
  gtk_box_append (GTK_BOX (rows), row);
  gtk_box_append (GTK_BOX (rows), buttons);
  gtk_box_append (box, rows);
  return spin;
}

void
_muster_bs_page_show_count (GtkWidget *spin,
                            int        amount)
{
  /* Shown, not an edit */
  g_signal_handlers_block_matched (spin, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, count_changed_cb, NULL);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), amount);
  g_signal_handlers_unblock_matched (spin, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, count_changed_cb,
                                     NULL);
}
