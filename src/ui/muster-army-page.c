/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-army-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army-commands.h"
#include "muster-army-page-private.h"
#include "muster-bs-scenario.h"
#include "muster-list-export.h"

/*
 * The Army workspace: the list's running total against its limit in the header, the rule
 * system's unit types on the left (search, category filter, add), the roster in the middle
 * as a tree of units and organisation nodes with the validation panel under it, and the
 * selected unit's editor on the right (each its own widget). The page owns the header and the
 * "army." actions: every change is a command on the document's history, made through the page's "army."
 * actions, so Ctrl+Z reverts it and tests drive the page the way the widgets do.
 */


enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_TOTAL_TEXT,
  PROP_OVER_LIMIT,
  PROP_FORCE_INDEX,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterArmyPage, muster_army_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

/* Header */

/* Whether the list is a scenario made from a BattleScribe roster, whose window (not this
 * page, which has no rule system for it) costs and checks it. */
static gboolean
is_roster_scenario (MusterArmyPage *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;

  return doc != NULL && g_strcmp0 (muster_doc_get_ruleset_id (doc),
                                   MUSTER_BS_SCENARIO_RULESET) == 0;
}

static void
update_header (MusterArmyPage *self)
{
  MusterForce *force = force_of (self);
  MusterRuleset *ruleset = ruleset_of (self);
  const MusterCosting *costing = ruleset ? muster_ruleset_get_costing (ruleset) : NULL;
  g_autofree char *total = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *spent_text = NULL;
  g_autofree char *limit_text = NULL;
  g_autofree char *rest_text = NULL;
  gboolean over = FALSE;
  gboolean house;
  gint64 spent, limit;

  if (force == NULL)
    return;

  spent = muster_force_get_total (force);
  limit = muster_force_get_points_limit (force);
  house = muster_force_is_house (force);

  /* Numbers as text first: xgettext cannot read G_GINT64_FORMAT inside a message. */
  spent_text = g_strdup_printf ("%" G_GINT64_FORMAT, spent);
  limit_text = g_strdup_printf ("%" G_GINT64_FORMAT, limit);
  rest_text = g_strdup_printf ("%" G_GINT64_FORMAT, spent > limit ? spent - limit : limit - spent);

  if (costing == NULL)
    {
      /* a roster's units name their costs, from its first cost type (its points) */
      total = g_strdup (is_roster_scenario (self) ? spent_text : "—");
      detail = g_strdup (is_roster_scenario (self)
                         ? _("Costed and checked in the roster's window")
                         : _("Not costed: the rule system is not installed"));
    }
  else if (costing->limit && limit > 0)
    {
      /* TRANSLATORS: the running total against the limit, "998 / 1000 pts"; the last %s is
       * the house-value marker " *" or nothing */
      total = g_strdup_printf (_("%s / %s %s%s"), spent_text, limit_text,
                               muster_costing_get_unit (costing, limit), house ? " *" : "");
      over = spent > limit;
      if (over)
        /* TRANSLATORS: "12 pts over the limit" */
        detail = g_strdup_printf (_("%s %s over the limit"), rest_text,
                                  muster_costing_get_unit (costing, spent - limit));
      else
        /* TRANSLATORS: "2 pts left" */
        detail = g_strdup_printf (_("%s %s left"), rest_text,
                                  muster_costing_get_unit (costing, limit - spent));
    }
  else
    {
      /* TRANSLATORS: a strength with no limit, "143 IP" or "35 men"; the last %s is the
       * house-value marker " *" or nothing */
      total = g_strdup_printf (_("%s %s%s"), spent_text, muster_costing_get_unit (costing, spent),
                               house ? " *" : "");
      /* what the costing is called, from the ruleset (data/its/ takes it into the catalogue) */
      detail = g_strdup (costing->name ? g_dgettext (GETTEXT_PACKAGE, costing->name) : NULL);
    }

  if (muster_force_get_n_uncosted (force) > 0)
    {
      g_free (detail);
      detail = g_strdup_printf (ngettext ("%u unit cannot be costed", "%u units cannot be costed",
                                          muster_force_get_n_uncosted (force)),
                                muster_force_get_n_uncosted (force));
    }

  gtk_label_set_label (self->total_label, total);
  gtk_label_set_label (self->total_detail_label, detail);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->total_label),
                               house ? _("* rests on a house value, not a number from the book")
                                     : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->house_label), house);
  if (over)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->total_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->total_compact_label), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->total_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->total_compact_label), "error");
    }
  gtk_label_set_label (self->name_label, muster_force_get_name (force) ? muster_force_get_name (force)
                                                                      : _("Untitled List"));
  /* the whole name, where a narrow window cuts it short */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_label),
                               gtk_label_get_label (self->name_label));

  if (g_strcmp0 (self->total_text, total) != 0)
    {
      g_free (self->total_text);
      self->total_text = g_steal_pointer (&total);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOTAL_TEXT]);
    }
  if (self->over_limit != over)
    {
      self->over_limit = over;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER_LIMIT]);
    }
}

static void
update_system_label (MusterArmyPage *self)
{
  MusterRuleset *ruleset = ruleset_of (self);
  MusterDoc *doc = muster_document_get_doc (self->document);
  g_autofree char *text = NULL;

  if (ruleset != NULL)
    text = g_strdup_printf (muster_ruleset_is_house (ruleset) ? _("%s %s · house rules")
                                                              : _("%s %s"),
                            muster_ruleset_get_name (ruleset),
                            muster_ruleset_get_version (ruleset));
  else if (is_roster_scenario (self))
    text = g_strdup (_("Units of a BattleScribe roster: its window costs and checks them"));
  else
    text = g_strdup_printf (_("This list needs the “%s” rule system, which is not installed"),
                            muster_doc_get_ruleset_id (doc));
  gtk_label_set_label (self->system_label, text);
}

/* The list's settings popover, filled when it opens */
static void
settings_shown_cb (MusterArmyPage *self)
{
  MusterForce *force = force_of (self);
  MusterRuleset *ruleset = ruleset_of (self);
  const MusterCosting *costing = ruleset ? muster_ruleset_get_costing (ruleset) : NULL;

  if (force == NULL)
    return;
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->list_name_row),
                         muster_force_get_name (force) ? muster_force_get_name (force) : "");
  gtk_adjustment_set_value (self->limit_adjustment, muster_force_get_points_limit (force));
  gtk_widget_set_visible (GTK_WIDGET (self->limit_row), costing != NULL && costing->limit);
  self->syncing = FALSE;
}

static void
list_name_changed_cb (MusterArmyPage *self)
{
  if (!self->syncing && force_of (self) != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "army.rename-list", "s",
                                gtk_editable_get_text (GTK_EDITABLE (self->list_name_row)));
}

/* The name, cut short in a narrow window, opens the list's settings, where it is whole. */
static void
name_clicked_cb (MusterArmyPage *self)
{
  if (force_of (self) != NULL && gtk_widget_get_mapped (GTK_WIDGET (self->settings_button)))
    gtk_menu_button_popup (self->settings_button);
}

static void
limit_changed_cb (MusterArmyPage *self)
{
  if (!self->syncing && force_of (self) != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "army.set-points-limit", "x",
                                (gint64) gtk_adjustment_get_value (self->limit_adjustment));
}

/* The selected group's panel, filled afresh: by id, as an edit may have removed the group
 * before the roster's selection followed. */
static void
sync_group (MusterArmyPage *self)
{
  MusterNode *group = self->group_id ? _muster_army_page_lookup_node (self, self->group_id) : NULL;

  if (self->group_id != NULL)
    muster_unit_editor_set_group (self->unit_editor, self->document,
                                  group && muster_node_get_parent (group) ? group : NULL);
}

static void
roster_selection_changed_cb (MusterArmyPage *self)
{
  g_autoptr(MusterRosterRow) row = selected_row (self);
  MusterUnit *unit = row ? muster_roster_row_get_unit (row) : NULL;
  MusterNode *group = row && unit == NULL ? muster_roster_row_get_node (row) : NULL;

  g_clear_pointer (&self->group_id, g_free);
  if (group != NULL)
    {
      self->unit = NULL;
      self->group_id = g_strdup (muster_node_get_id (group));
      sync_group (self);
    }
  else if (unit != self->unit || muster_unit_editor_get_group (self->unit_editor) != NULL)
    {
      self->unit = unit;
      muster_unit_editor_set_unit (self->unit_editor, ruleset_of (self), unit);
    }
  _muster_army_page_update_actions (self);
}

/* Validation: the legal pill in the header; the panel under the roster shows itself */

/* The errors about @force, and about the document as a whole: the pill speaks of the force
 * shown, while the panel lists every force's findings, each saying whose. */
static guint
count_errors_of (MusterArmyPage *self,
                 MusterForce    *force)
{
  GListModel *findings = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (self->document));
  const char *id = muster_force_get_id (force);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (findings); i++)
    {
      g_autoptr(MusterDiagnostic) finding = g_list_model_get_item (findings, i);
      const char *whose = muster_diagnostic_get_force_id (finding);

      if (muster_diagnostic_get_severity (finding) == MUSTER_SEVERITY_ERROR &&
          (whose == NULL || g_strcmp0 (whose, id) == 0))
        n++;
    }
  return n;
}

static void
update_validation (MusterArmyPage *self)
{
  g_autofree char *summary = NULL;
  g_autofree char *pill = NULL;
  MusterForce *force;
  gboolean legal;
  guint n_errors;

  if (self->document == NULL || muster_document_get_doc (self->document) == NULL)
    return;

  force = force_of (self);
  if (force != NULL && muster_doc_get_n_forces (doc_of (self)) > 1)
    {
      n_errors = count_errors_of (self, force);
      legal = n_errors == 0;
    }
  else
    {
      legal = muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (self->document));
      n_errors = muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (self->document));
    }
  summary = muster_validation_panel_dup_summary (self->validation_panel);
  pill = legal ? g_strdup (_("Legal"))
               : g_strdup_printf (ngettext ("%u error", "%u errors", n_errors), n_errors);

  gtk_widget_remove_css_class (GTK_WIDGET (self->legal_label), legal ? "illegal" : "legal");
  gtk_widget_remove_css_class (GTK_WIDGET (self->legal_label), "unchecked");
  if (ruleset_of (self) == NULL)
    {
      /* Nothing was checked: never say "Legal" then. */
      gtk_label_set_label (self->legal_label, _("Not Checked"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->legal_label),
                                   is_roster_scenario (self)
                                   ? _("The roster's window checks it")
                                   : _("The list's rule system is not installed"));
      gtk_widget_remove_css_class (GTK_WIDGET (self->legal_label), "legal");
      gtk_widget_add_css_class (GTK_WIDGET (self->legal_label), "unchecked");
    }
  else
    {
      gtk_label_set_label (self->legal_label, pill);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->legal_label),
                                   legal ? _("This list follows every rule the rule system checks")
                                         : summary);
      gtk_widget_add_css_class (GTK_WIDGET (self->legal_label), legal ? "legal" : "illegal");
    }
}

static void update_force_menu (MusterArmyPage *self);

/* Rebuilds everything: a list was opened or started. */
static void
rebuild (MusterArmyPage *self)
{
  MusterForce *force = force_of (self);
  MusterRuleset *ruleset = ruleset_of (self);

  /* The old rows point into the document that was just replaced: drop them first. */
  self->unit = NULL;
  g_clear_pointer (&self->group_id, g_free);
  muster_roster_view_set_document (self->roster_view, NULL);
  self->force = self->document ? muster_document_get_force (self->document) : NULL;
  force = force_of (self);
  muster_catalogue_pane_set_ruleset (self->catalogue_pane, ruleset, force != NULL);
  if (force == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      muster_unit_editor_set_unit (self->unit_editor, NULL, NULL);
      _muster_army_page_update_actions (self);
      return;
    }

  muster_roster_view_set_force (self->roster_view, self->document, force);
  update_force_menu (self);
  update_system_label (self);
  update_header (self);
  update_validation (self);
  muster_unit_editor_set_unit (self->unit_editor, ruleset, NULL);
  _muster_army_page_update_actions (self);
  gtk_stack_set_visible_child_name (self->stack, "list");
}

/* Index of @force among the document's, or G_MAXUINT */
static guint
force_index (MusterArmyPage *self,
             MusterForce    *force)
{
  MusterDoc *doc = doc_of (self);

  for (guint i = 0; doc != NULL && force != NULL && i < muster_doc_get_n_forces (doc); i++)
    if (muster_doc_get_force (doc, i) == force)
      return i;
  return G_MAXUINT;
}

/* The force switcher: one item per force of the document, there only when it has more than
 * one (a scenario with an attached list) */
static void
update_force_menu (MusterArmyPage *self)
{
  MusterDoc *doc = doc_of (self);
  guint n = doc ? muster_doc_get_n_forces (doc) : 0;
  g_autoptr(GMenu) menu = g_menu_new ();

  for (guint i = 0; i < n; i++)
    {
      MusterForce *force = muster_doc_get_force (doc, i);
      const char *name = muster_force_get_name (force);
      const char *side = muster_force_get_side (force);
      g_autofree char *label = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if (name == NULL || *name == '\0')
        name = _("Untitled List");
      /* TRANSLATORS: a force in the switcher, "Grishnak's Warband (Goblins)": name, side */
      label = side != NULL && *side != '\0' ? g_strdup_printf (_("%s (%s)"), name, side)
                                             : g_strdup (name);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "army.force", g_variant_new_uint32 (i));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->force_button, G_MENU_MODEL (menu));
  gtk_widget_set_visible (GTK_WIDGET (self->force_button), n > 1);
}

/* Shows @force, one of the document's, in the roster, the header and the editor */
static void
show_force (MusterArmyPage *self,
            MusterForce    *force)
{
  if (force == self->force || force == NULL)
    return;
  self->unit = NULL;
  g_clear_pointer (&self->group_id, g_free);
  self->force = force;
  muster_roster_view_set_force (self->roster_view, self->document, force);
  muster_unit_editor_set_unit (self->unit_editor, ruleset_of (self), NULL);
  update_header (self);
  update_validation (self);
  _muster_army_page_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FORCE_INDEX]);
}

/* A force renamed, or one attached or detached (undo can take away the one shown) */
static void
force_changed_cb (MusterArmyPage *self)
{
  if (doc_of (self) == NULL)
    return;
  if (force_index (self, self->force) == G_MAXUINT)
    show_force (self, muster_document_get_force (self->document));
  update_force_menu (self);
  update_header (self);
}

static void
unit_changed_cb (MusterArmyPage *self,
                 MusterUnit     *unit)
{
  update_header (self);
  if (unit == self->unit)
    muster_unit_editor_sync (self->unit_editor);
  sync_group (self);
}

static void
children_changed_cb (MusterArmyPage *self)
{
  update_header (self);
  sync_group (self);
  _muster_army_page_update_actions (self);
}

/* Text for the clipboard */

static void
append_node_text (MusterArmyPage *self,
                  GString        *text,
                  MusterNode     *node,
                  guint           depth)
{
  MusterRuleset *ruleset = ruleset_of (self);

  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      MusterUnit *unit = muster_node_get_unit (node, i);
      const MusterUnitType *type = ruleset
        ? muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (unit)) : NULL;
      const MusterCost *cost = muster_unit_get_cost (unit);
      g_autofree char *name = muster_unit_dup_display_name (unit, ruleset);
      g_autofree char *type_name = muster_unit_dup_type_name (unit, ruleset);
      g_autofree char *stats = muster_unit_dup_stats_summary (ruleset, force_of (self), unit);
      /* a roster's unit counts its models */
      g_autofree char *size = muster_format_size (type ? type->size_unit
                                                  : is_roster_scenario (self) ? "model" : NULL,
                                                  muster_unit_get_size (unit));

      g_string_append_printf (text, "%*s%s — %s, %s — %" G_GINT64_FORMAT "%s\n", depth * 2, "",
                              name, type_name, size, cost->value, cost->house ? "*" : "");
      for (guint p = 0; p < muster_unit_get_n_picks (unit); p++)
        {
          guint count;
          const char *id = muster_unit_get_pick (unit, p, &count);
          const MusterOption *option = ruleset ? muster_ruleset_get_option (ruleset, id) : NULL;

          g_string_append_printf (text, p == 0 ? "%*s  " : ", ", depth * 2, "");
          g_string_append (text, option ? option->item.name : id);
          if (count > 1)
            g_string_append_printf (text, " ×%u", count);
        }
      if (muster_unit_get_n_picks (unit) > 0)
        g_string_append_c (text, '\n');
      if (stats != NULL && *stats != '\0')
        g_string_append_printf (text, "%*s  %s\n", depth * 2, "", stats);
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      MusterNode *child = muster_node_get_node (node, i);

      g_string_append_printf (text, "%*s%s — %" G_GINT64_FORMAT "\n", depth * 2, "",
                              muster_node_get_name (child), muster_node_get_total (child));
      append_node_text (self, text, child, depth + 1);
    }
}

/* GObject */

static void
muster_army_page_dispose (GObject *object)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (object);

  /* No gtk_widget_dispose_template (): the template's root is AdwBin's child, which AdwBin
   * unparents itself (see MusterPreviewPage). */
  self->unit = NULL;
  self->force = NULL;
  g_clear_object (&self->document_signals);
  g_clear_object (&self->diagnostics_signals);
  g_clear_object (&self->document);
  g_clear_pointer (&self->total_text, g_free);
  g_clear_pointer (&self->group_id, g_free);

  G_OBJECT_CLASS (muster_army_page_parent_class)->dispose (object);
}

static void
muster_army_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    case PROP_TOTAL_TEXT:
      g_value_set_string (value, self->total_text);
      break;

    case PROP_OVER_LIMIT:
      g_value_set_boolean (value, self->over_limit);
      break;

    case PROP_FORCE_INDEX:
      g_value_set_uint (value, MIN (force_index (self, self->force), G_MAXINT));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_army_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MusterArmyPage *self = MUSTER_ARMY_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      muster_army_page_set_document (self, g_value_get_object (value));
      break;

    case PROP_FORCE_INDEX:
      muster_army_page_show_force (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* One pane at a time (a narrow window): the roster offers Edit for its selection. */
static void
leaflet_folded_cb (MusterArmyPage *self)
{
  gboolean folded = adw_leaflet_get_folded (self->editor_leaflet);

  muster_roster_view_set_show_edit (self->roster_view, folded);
}

static void
muster_army_page_class_init (MusterArmyPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_army_page_dispose;
  object_class->get_property = muster_army_page_get_property;
  object_class->set_property = muster_army_page_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL,
                         MUSTER_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterArmyPage:total-text:
   *
   * The running total as the header shows it: "998 / 1000 pts", "IP 143".
   */
  properties[PROP_TOTAL_TEXT] =
    g_param_spec_string ("total-text", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_OVER_LIMIT] =
    g_param_spec_boolean ("over-limit", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterArmyPage:force-index:
   *
   * Which of the document's forces the page shows: a scenario has one per side.
   */
  properties[PROP_FORCE_INDEX] =
    g_param_spec_uint ("force-index", NULL, NULL,
                       0, G_MAXINT, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (MUSTER_TYPE_CATALOGUE_PANE);
  g_type_ensure (MUSTER_TYPE_ROSTER_VIEW);
  g_type_ensure (MUSTER_TYPE_VALIDATION_PANEL);
  g_type_ensure (MUSTER_TYPE_UNIT_EDITOR);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-army-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, name_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, system_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, total_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, total_detail_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, house_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, catalogue_pane);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, catalogue_flap);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, editor_leaflet);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, roster_view);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, validation_panel);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, unit_editor);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, settings_button);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, force_button);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, legal_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, legal_compact_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, total_compact_label);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, list_name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, limit_row);
  gtk_widget_class_bind_template_child (widget_class, MusterArmyPage, limit_adjustment);
  gtk_widget_class_bind_template_callback (widget_class, settings_shown_cb);
  gtk_widget_class_bind_template_callback (widget_class, list_name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, limit_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, leaflet_folded_cb);

  _muster_army_page_class_actions_init (widget_class);
  gtk_widget_class_install_property_action (widget_class, "army.force", "force-index");
}

/* Folding (the window narrowed) puts the Unit Types away, over the roster only when asked
 * for; unfolding brings them back beside it. */
static void
catalogue_folded_cb (MusterArmyPage *self)
{
  adw_flap_set_reveal_flap (self->catalogue_flap, !adw_flap_get_folded (self->catalogue_flap));
}

static void
muster_army_page_init (MusterArmyPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->name_label), "pointer");

  /* The narrow header's pill and total say what the wide one's do */
  g_object_bind_property (self->legal_label, "label", self->legal_compact_label, "label",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->legal_label, "tooltip-text", self->legal_compact_label,
                          "tooltip-text", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->legal_label, "css-classes", self->legal_compact_label,
                          "css-classes", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->total_label, "label", self->total_compact_label, "label",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->total_label, "tooltip-text", self->total_compact_label,
                          "tooltip-text", G_BINDING_SYNC_CREATE);

  g_signal_connect_object (self->catalogue_flap, "notify::folded",
                           G_CALLBACK (catalogue_folded_cb), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (muster_catalogue_pane_get_selection (self->catalogue_pane),
                           "notify::selected-item", G_CALLBACK (_muster_army_page_update_actions), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (muster_roster_view_get_selection (self->roster_view),
                           "notify::selected-item", G_CALLBACK (roster_selection_changed_cb), self,
                           G_CONNECT_SWAPPED);

  /* Type anywhere on the page to search the unit types. */
  muster_catalogue_pane_set_key_capture_widget (self->catalogue_pane, GTK_WIDGET (self));
  _muster_army_page_add_shortcuts (self);

  self->document_signals = g_signal_group_new (MUSTER_TYPE_DOCUMENT);
  /* A new ruleset means a list was loaded or started: start afresh. */
  g_signal_group_connect_swapped (self->document_signals, "notify::ruleset",
                                  G_CALLBACK (rebuild), self);
  /* After the roster models, so that the selection already follows the edit. */
  g_signal_group_connect_data (self->document_signals, "unit-changed",
                               G_CALLBACK (unit_changed_cb), self, NULL,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_group_connect_data (self->document_signals, "children-changed",
                               G_CALLBACK (children_changed_cb), self, NULL,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_group_connect_swapped (self->document_signals, "force-changed",
                                  G_CALLBACK (force_changed_cb), self);
  g_signal_group_connect_data (self->document_signals, "node-changed",
                               G_CALLBACK (sync_group), self, NULL,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  /* Activating a finding in the validation panel asks the document to reveal it. */
  g_signal_group_connect_swapped (self->document_signals, "reveal",
                                  G_CALLBACK (muster_army_page_show_diagnostic), self);
  self->diagnostics_signals = g_signal_group_new (MUSTER_TYPE_DIAGNOSTICS);
  g_signal_group_connect_swapped (self->diagnostics_signals, "changed",
                                  G_CALLBACK (update_validation), self);
  g_signal_group_connect_swapped (self->diagnostics_signals, "items-changed",
                                  G_CALLBACK (sync_group), self);

  _muster_army_page_update_actions (self);
}

void
muster_army_page_set_document (MusterArmyPage *self,
                               MusterDocument *document)
{
  g_return_if_fail (MUSTER_IS_ARMY_PAGE (self));
  g_return_if_fail (document == NULL || MUSTER_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  g_signal_group_set_target (self->diagnostics_signals,
                             document ? muster_findings_source_get_holder (MUSTER_FINDINGS_SOURCE (document)) : NULL);
  muster_validation_panel_set_source (self->validation_panel, MUSTER_FINDINGS_SOURCE (document));
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/* Returns: (transfer none) (nullable) */
MusterDocument *
muster_army_page_get_document (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return self->document;
}

const char *
muster_army_page_get_total_text (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return self->total_text;
}

gboolean
muster_army_page_get_over_limit (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), FALSE);
  return self->over_limit;
}

/* Returns: (transfer none): the catalogue's selection (of MusterCatalogueItems) */
GtkSelectionModel *
muster_army_page_get_catalogue (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return GTK_SELECTION_MODEL (muster_catalogue_pane_get_selection (self->catalogue_pane));
}

/* Returns: (transfer none): the roster's selection (of GtkTreeListRows of MusterRosterRows) */
GtkSelectionModel *
muster_army_page_get_roster (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return GTK_SELECTION_MODEL (muster_roster_view_get_selection (self->roster_view));
}

/* Returns: (transfer none) (nullable): the unit the editor shows */
MusterUnit *
muster_army_page_get_selected_unit (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return self->unit;
}

/**
 * muster_army_page_select_unit:
 *
 * Selects @unit's row, expanding the groups it is in, scrolls to it and shows it in the
 * editor; a unit of another force shows that force first.
 *
 * Returns: whether the unit's row was found
 */
gboolean
muster_army_page_select_unit (MusterArmyPage *self,
                              MusterUnit     *unit)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), FALSE);

  /* another side's unit: its force first */
  if (unit != NULL && force_of (self) != NULL)
    show_force (self, muster_unit_get_force (unit));
  return muster_roster_view_select_unit (self->roster_view, unit);
}

/* Selects @node's row, expanding the groups above it; returns whether it was found */
gboolean
muster_army_page_select_node (MusterArmyPage *self,
                              MusterNode     *node)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), FALSE);
  return muster_roster_view_select_node (self->roster_view, node);
}

static MusterNode *
find_node (MusterNode *node,
           const char *id)
{
  if (g_strcmp0 (muster_node_get_id (node), id) == 0)
    return node;
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      MusterNode *found = find_node (muster_node_get_node (node, i), id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Returns: (nullable): the group with @id, or the force's root for "" */
MusterNode *
_muster_army_page_lookup_node (MusterArmyPage *self,
                               const char     *id)
{
  MusterForce *force = force_of (self);

  if (force == NULL || id == NULL)
    return NULL;
  if (*id == '\0')
    return muster_force_get_root (force);
  return find_node (muster_force_get_root (force), id);
}

/* Returns: (nullable): the document's force with @id */
static MusterForce *
lookup_force (MusterArmyPage *self,
              const char     *id)
{
  MusterDoc *doc = doc_of (self);

  for (guint i = 0; doc != NULL && id != NULL && i < muster_doc_get_n_forces (doc); i++)
    if (g_strcmp0 (muster_force_get_id (muster_doc_get_force (doc, i)), id) == 0)
      return muster_doc_get_force (doc, i);
  return NULL;
}

/**
 * muster_army_page_show_force:
 * @index: which of the document's forces
 *
 * Shows the document's force @index (a scenario's attached list is its second) in the roster,
 * the header and the editor.
 *
 * Returns: whether there is such a force
 */
gboolean
muster_army_page_show_force (MusterArmyPage *self,
                             guint           index)
{
  MusterDoc *doc;

  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), FALSE);

  if ((doc = doc_of (self)) == NULL || index >= muster_doc_get_n_forces (doc))
    return FALSE;
  show_force (self, muster_doc_get_force (doc, index));
  return TRUE;
}

/* Returns: (transfer none) (nullable): the force the page shows */
MusterForce *
muster_army_page_get_force (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return force_of (self);
}

/**
 * muster_army_page_show_diagnostic:
 * @position: a row of the document's diagnostics
 *
 * What activating a finding in the validation panel does: selects and reveals the unit (or
 * the group) it is about and opens it in the editor; a finding about the whole list (its
 * points against the limit) opens the list's settings instead.
 *
 * Returns: whether the finding's unit or group was selected
 */
gboolean
muster_army_page_show_diagnostic (MusterArmyPage *self,
                                  guint           position)
{
  g_autoptr(MusterDiagnostic) diagnostic = NULL;
  MusterForce *force;
  MusterUnit *unit;
  MusterNode *node;
  const char *id;

  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), FALSE);

  if (self->document == NULL || force_of (self) == NULL ||
      !(diagnostic = g_list_model_get_item (muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (self->document)),
                                            position)))
    return FALSE;
  /* The finding may be about another side's force: that one is shown first. */
  unit = (id = muster_diagnostic_get_unit_id (diagnostic)) != NULL
    ? muster_doc_lookup_unit (doc_of (self), id) : NULL;
  show_force (self, unit != NULL ? muster_unit_get_force (unit)
                                 : lookup_force (self, muster_diagnostic_get_force_id (diagnostic)));
  force = force_of (self);
  if (unit != NULL)
    return muster_army_page_select_unit (self, unit);
  if ((id = muster_diagnostic_get_node_id (diagnostic)) != NULL &&
      (node = find_node (muster_force_get_root (force), id)) != NULL)
    return muster_roster_view_select_node (self->roster_view, node);
  /* About the whole list (its points, its limit): the list's settings hold the limit. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self->settings_button)))
    gtk_menu_button_popup (self->settings_button);
  return FALSE;
}

/* Returns: (transfer full) (nullable): the list as plain text, for "Copy List as Text" */
char *
muster_army_page_dup_text (MusterArmyPage *self)
{
  MusterForce *force;
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);

  if ((force = force_of (self)) == NULL)
    return NULL;
  text = g_string_new (NULL);
  g_string_append_printf (text, "%s — %s\n", gtk_label_get_label (self->name_label),
                          gtk_label_get_label (self->system_label));
  g_string_append_printf (text, "%s\n\n", self->total_text ? self->total_text : "");
  append_node_text (self, text, muster_force_get_root (force), 0);
  if (muster_force_is_house (force))
    g_string_append (text, _("\n* rests on a house value, not a number from the book\n"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Returns: (transfer none): the places "Move To…" (Ctrl+M) offered last, as "army.move-to"
 * items */
GMenuModel *
muster_army_page_get_move_menu (MusterArmyPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ARMY_PAGE (self), NULL);
  return muster_roster_view_get_move_menu (self->roster_view);
}
