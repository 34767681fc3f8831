/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-validation-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-document.h"
#include "muster-engine.h"
#include "muster-validation-panel.h"

/*
 * Under the roster: a document's legality findings (a list's or a BattleScribe roster's, any
 * MusterFindingsSource), shown while there are any, each with its severity, the rule in plain
 * words and where. Activating one asks the document to reveal it
 * (muster_findings_source_reveal()): the page showing it selects what it is about.
 */

struct _MusterValidationPanel
{
  AdwBin          parent_instance;

  /* Template Widgets */
  GtkRevealer    *validation_revealer;
  GtkScrolledWindow *validation_scroller;
  GtkImage       *validation_icon;
  GtkLabel       *validation_title;
  GtkListView    *validation_view;

  /* Owned References */
  MusterFindingsSource *source;
  GSignalGroup         *findings_signals;  /* on the source's findings */
};

G_DEFINE_FINAL_TYPE (MusterValidationPanel, muster_validation_panel, ADW_TYPE_BIN)

static const char * const severity_classes[] = { "error", "warning", "info" };


/* A finding's message or place: wrapped, not cut (the place's front says whose finding it
 * is). A wrapped label without width-chars finds its minimum width by laying its text out at
 * width 0: a line per letter, each shaped with a hyphen, some 900 shapings of a new finding's
 * frame (issue 21). Twelve characters is narrower than the panel ever is. */
static GtkWidget *
wrapped_label_new (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  return label;
}

/* A finding's row: severity icon, the message, where it is. Rows never change, so bind only
 * fills the widgets in and there is nothing to disconnect. */
static void
diagnostic_setup_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item)
{
  /* A grid, not a horizontal box: a box allocating its children asks each for its width at
   * the box's height, and a wrapped label answers that by trying widths (some ten layouts of
   * its text each time), 5 to 8 ms of the frame a new finding came in (issue 21). A grid
   * measures widths for no height first, then heights for those widths. */
  GtkWidget *row = gtk_grid_new ();
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new ();
  GtkWidget *message = wrapped_label_new ();
  GtkWidget *location = wrapped_label_new ();

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_margin_top (icon, 2);
  gtk_widget_add_css_class (location, "caption");
  gtk_widget_add_css_class (location, "dim-label");
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), message);
  gtk_box_append (GTK_BOX (text), location);
  gtk_grid_set_column_spacing (GTK_GRID (row), 12);
  gtk_grid_attach (GTK_GRID (row), icon, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (row), text, 1, 0, 1, 1);
  gtk_list_item_set_child (item, row);
}

/* Returns: (nullable): the name of the force @diagnostic is about, when the document has more
 * than one (a scenario's attached list): findings of both count in the badge, so each says
 * whose it is. */
static const char *
force_name (MusterValidationPanel *self,
            MusterDiagnostic      *diagnostic)
{
  MusterDoc *doc = MUSTER_IS_DOCUMENT (self->source)
                   ? muster_document_get_doc (MUSTER_DOCUMENT (self->source)) : NULL;
  const char *id = muster_diagnostic_get_force_id (diagnostic);

  if (doc == NULL || id == NULL || muster_doc_get_n_forces (doc) < 2)
    return NULL;
  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      MusterForce *force = muster_doc_get_force (doc, i);

      if (g_strcmp0 (muster_force_get_id (force), id) == 0)
        return muster_force_get_name (force) && *muster_force_get_name (force)
               ? muster_force_get_name (force) : _("Untitled List");
    }
  return NULL;
}

static void
diagnostic_bind_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    MusterValidationPanel    *self)
{
  MusterDiagnostic *diagnostic = gtk_list_item_get_item (item);
  GtkWidget *icon = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *message = gtk_widget_get_first_child (gtk_widget_get_next_sibling (icon));
  GtkWidget *location = gtk_widget_get_next_sibling (message);
  const char *where = muster_diagnostic_get_location (diagnostic);
  const char *whose = force_name (self, diagnostic);
  const char *tooltip;
  g_autofree char *place = NULL;

  gtk_image_set_from_icon_name (GTK_IMAGE (icon), muster_diagnostic_get_icon_name (diagnostic));
  for (guint i = 0; i < G_N_ELEMENTS (severity_classes); i++)
    gtk_widget_remove_css_class (icon, severity_classes[i]);
  gtk_widget_add_css_class (icon, muster_diagnostic_get_style_class (diagnostic));
  gtk_label_set_label (GTK_LABEL (message), muster_diagnostic_get_message (diagnostic));
  /* The engine's location starts at the force's root, which is usually named as the force */
  if (whose == NULL || (g_str_has_prefix (where, whose) && strcmp (where, whose) != 0))
    place = g_strdup (*where || self->source == NULL
                     ? where : muster_findings_source_get_whole_name (self->source));
  else if (*where && strcmp (where, whose) != 0)
    /* TRANSLATORS: whose finding and where: "Grishnak's Warband · Night Archers" */
    place = g_strdup_printf (_("%s · %s"), whose, where);
  else
    /* TRANSLATORS: a finding about a whole force: "Grishnak's Warband: the whole list" */
    place = g_strdup_printf (_("%s: the whole list"), whose);
  gtk_label_set_label (GTK_LABEL (location), place);
  tooltip = muster_diagnostic_get_unit_id (diagnostic) != NULL
    ? _("Select the unit") : *where ? _("Show where it is") : NULL;
  /* Set only when it changes: on X11 setting a shown widget's tooltip asks the server where
   * the pointer is, and every finding is bound again after each edit. */
  if (g_strcmp0 (gtk_widget_get_tooltip_text (gtk_list_item_get_child (item)), tooltip) != 0)
    gtk_widget_set_tooltip_text (gtk_list_item_get_child (item), tooltip);
}

static void
validation_activate_cb (MusterValidationPanel *self,
                        guint                  position)
{
  if (self->source != NULL)
    muster_findings_source_reveal (self->source, position);
}

static void
muster_validation_panel_dispose (GObject *object)
{
  MusterValidationPanel *self = MUSTER_VALIDATION_PANEL (object);

  /* No gtk_widget_dispose_template (): AdwBin unparents the template's root itself. */
  g_clear_object (&self->findings_signals);
  g_clear_object (&self->source);

  G_OBJECT_CLASS (muster_validation_panel_parent_class)->dispose (object);
}

static void
muster_validation_panel_class_init (MusterValidationPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_validation_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-validation-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterValidationPanel, validation_revealer);
  gtk_widget_class_bind_template_child (widget_class, MusterValidationPanel, validation_scroller);
  gtk_widget_class_bind_template_child (widget_class, MusterValidationPanel, validation_icon);
  gtk_widget_class_bind_template_child (widget_class, MusterValidationPanel, validation_title);
  gtk_widget_class_bind_template_child (widget_class, MusterValidationPanel, validation_view);
  gtk_widget_class_bind_template_callback (widget_class, validation_activate_cb);
}

static void
muster_validation_panel_init (MusterValidationPanel *self)
{
  g_autoptr(GtkListItemFactory) factory = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (diagnostic_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (diagnostic_bind_cb), self);
  gtk_list_view_set_factory (self->validation_view, factory);

  self->findings_signals = g_signal_group_new (MUSTER_TYPE_DIAGNOSTICS);
  g_signal_group_connect_swapped (self->findings_signals, "changed",
                                  G_CALLBACK (muster_validation_panel_update), self);
}

/* Shows @source's findings, following them as they change. */
void
muster_validation_panel_set_source (MusterValidationPanel *self,
                                    MusterFindingsSource  *source)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  g_return_if_fail (MUSTER_IS_VALIDATION_PANEL (self));
  g_return_if_fail (source == NULL || MUSTER_IS_FINDINGS_SOURCE (source));

  if (self->source == source)
    return;
  g_set_object (&self->source, source);
  g_signal_group_set_target (self->findings_signals,
                             source ? muster_findings_source_get_holder (source) : NULL);
  selection = gtk_no_selection_new (source != NULL
                                    ? g_object_ref (muster_findings_source_get_findings (source))
                                    : NULL);
  gtk_list_view_set_model (self->validation_view, GTK_SELECTION_MODEL (selection));
  muster_validation_panel_update (self);
}

/* Returns: (transfer full) (nullable): "2 errors · 1 warning", "Legal · 1 note"; "Legal" alone
 * when there are no findings */
char *
muster_validation_panel_dup_summary (MusterValidationPanel *self)
{
  g_autoptr(GPtrArray) parts = NULL;
  guint n_errors, n_warnings, n_items, n_notes;

  g_return_val_if_fail (MUSTER_IS_VALIDATION_PANEL (self), NULL);

  if (self->source == NULL)
    return NULL;
  n_errors = muster_findings_source_get_n_errors (self->source);
  n_warnings = muster_findings_source_get_n_warnings (self->source);
  n_items = g_list_model_get_n_items (muster_findings_source_get_findings (self->source));
  n_notes = n_items > n_errors + n_warnings ? n_items - n_errors - n_warnings : 0;
  parts = g_ptr_array_new_with_free_func (g_free);

  if (n_errors > 0)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u error", "%u errors", n_errors),
                                             n_errors));
  else
    g_ptr_array_add (parts, g_strdup (_("Legal")));
  if (n_warnings > 0)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u warning", "%u warnings", n_warnings),
                                             n_warnings));
  if (n_notes > 0)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u note", "%u notes", n_notes), n_notes));
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: between the parts of "2 errors · 1 warning" */
  return g_strjoinv (_(" · "), (char **) parts->pdata);
}


/* The title, its icon and whether the panel shows, from the document's findings. */
void
muster_validation_panel_update (MusterValidationPanel *self)
{
  g_autofree char *summary = NULL;
  gboolean legal;
  guint n_items, n_warnings;

  g_return_if_fail (MUSTER_IS_VALIDATION_PANEL (self));

  /* Nothing open has no findings: the panel hides. */
  if (self->source == NULL)
    {
      gtk_revealer_set_reveal_child (self->validation_revealer, FALSE);
      return;
    }

  legal = muster_findings_source_get_legal (self->source);
  n_warnings = muster_findings_source_get_n_warnings (self->source);
  n_items = g_list_model_get_n_items (muster_findings_source_get_findings (self->source));
  summary = muster_validation_panel_dup_summary (self);

  gtk_label_set_label (self->validation_title, summary);
  gtk_image_set_from_icon_name (self->validation_icon,
                                !legal ? "dialog-error-symbolic"
                                : n_warnings > 0 ? "dialog-warning-symbolic"
                                : "dialog-information-symbolic");
  for (guint i = 0; i < G_N_ELEMENTS (severity_classes); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->validation_icon), severity_classes[i]);
  gtk_widget_add_css_class (GTK_WIDGET (self->validation_icon),
                            !legal ? "error" : n_warnings > 0 ? "warning" : "info");
  gtk_revealer_set_reveal_child (self->validation_revealer, n_items > 0);
}

/* Whether the panel slides in and out and its scroll bar fades (the default), or it shows and
 * hides at once with a plain scroll bar: a roster's window puts each edit on screen in one
 * frame (issue 21), where the slide alone drew some 15. */
void
muster_validation_panel_set_animated (MusterValidationPanel *self,
                                      gboolean               animated)
{
  g_return_if_fail (MUSTER_IS_VALIDATION_PANEL (self));

  gtk_revealer_set_transition_type (self->validation_revealer,
                                    animated ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
                                             : GTK_REVEALER_TRANSITION_TYPE_NONE);
  gtk_scrolled_window_set_overlay_scrolling (self->validation_scroller, animated);
}
