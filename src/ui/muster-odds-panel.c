/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "muster-engine.h"
#include "muster-odds-estimate.h"
#include "muster-odds-figure.h"
#include "muster-odds-panel-private.h"
#include "muster-odds-tint.h"
#include "muster-outcome-view.h"
#include "muster-procedure-inputs.h"
#include "muster-procedure-text.h"

/*
 * The Battlefield's odds panel (issue 22): between the selected acting unit and a target (the
 * nearest enemy, another picked by Ctrl+click or Tab), the procedures that apply, each with
 * its key figure; expanding one shows its inputs (the Preview's widgets), each marked with
 * where its value came from and why ("From the table — 9.4″: medium range"), and the full
 * chart (muster-odds-panel-figures.c). It follows the battlefield's revision on every frame,
 * so the figures change while a unit is dragged.
 *
 * Below them, a switch tints the enemy units on the map by the chance of one exact
 * procedure's key outcome for the acting unit (a MusterOddsTint, made again with the figures;
 * the page hands it to the map on "tint-changed"), and labels its range rings with the chance
 * against the target were it in each band.
 */


G_DEFINE_FINAL_TYPE (MusterOddsPanel, muster_odds_panel, ADW_TYPE_BIN)

enum
{
  RESOLVE,
  TINT_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static MusterDoc *
get_doc (MusterOddsPanel *self)
{
  return self->document != NULL ? muster_document_get_doc (self->document) : NULL;
}

MusterOddsFacts *
_muster_odds_panel_read_facts (MusterOddsPanel  *self,
                               GError          **error)
{
  return muster_odds_facts_new (get_doc (self), self->types, self->acting, self->target, error);
}

/* Whether @id is among the acting unit's enemies on the table; with @first, the nearest. */
static gboolean
is_target (MusterOddsPanel  *self,
           const char       *id,
           char            **first)
{
  g_autoptr(GPtrArray) targets = muster_odds_list_targets (get_doc (self), self->acting);
  gboolean found = FALSE;

  for (guint i = 0; i < targets->len && id != NULL && !found; i++)
    found = g_str_equal (targets->pdata[i], id);
  if (first != NULL)
    *first = targets->len > 0 ? g_strdup (targets->pdata[0]) : NULL;
  return found;
}

static char *
describe_facts (const MusterOddsFacts *facts)
{
  g_autofree char *distance = muster_odds_facts_format_distance (facts);
  g_autofree char *ground = muster_odds_describe_ground (&facts->target);
  g_autofree char *sight = NULL;
  const char *acting = muster_odds_side_name (&facts->acting);
  const char *target = muster_odds_side_name (&facts->target);

  if (facts->sight)
    sight = g_strdup (_("line of sight clear"));
  else
    sight = g_strdup_printf (_("line of sight blocked by %s"),
                             facts->blocker->name ? facts->blocker->name : facts->blocker->id);

  /* One sentence per aspect, so that no word of it is left untranslated */
  if (facts->aspect == MUSTER_ASPECT_FLANK)
    /* TRANSLATORS: "Crossbows → Night Archers: 9.4″, line of sight clear; the target is in the
     * open: no cover, seen from its flank" */
    return g_strdup_printf (_("%s → %s: %s, %s; the target is %s, seen from its flank"),
                            acting, target, distance, sight, ground);
  if (facts->aspect == MUSTER_ASPECT_REAR)
    /* TRANSLATORS: as above, the target seen from behind */
    return g_strdup_printf (_("%s → %s: %s, %s; the target is %s, seen from its rear"),
                            acting, target, distance, sight, ground);
  /* TRANSLATORS: as above, the target seen from the front */
  return g_strdup_printf (_("%s → %s: %s, %s; the target is %s, seen from its front"),
                          acting, target, distance, sight, ground);
}

/* "24″", "60 cm", "300 yd": a reach in the ruleset's units. */
static char *
format_reach (const MusterOddsFacts *facts,
              double                 mm)
{
  double value = round (mm / facts->mm_per_unit * 10) / 10;

  if (g_strcmp0 (facts->units, "cm") == 0)
    return g_strdup_printf ("%g cm", value);
  if (g_strcmp0 (facts->units, "yd") == 0)
    return g_strdup_printf ("%g yd", value);
  return g_strdup_printf ("%g″", value);
}

/* The enemy units Tab goes through: those within the acting unit's reach. */
static GPtrArray *
targets_in_range (MusterOddsPanel *self)
{
  return muster_odds_list_targets_in_range (get_doc (self), self->types, self->acting);
}

/* Whether any enemy is within the acting unit's weapon reach; one without a weapon range has
 * none to limit them by. */
static gboolean
any_in_range (MusterOddsPanel       *self,
              const MusterOddsFacts *facts)
{
  g_autoptr(GPtrArray) targets = NULL;

  if (muster_odds_get_reach (get_doc (self), self->types, self->acting) < 0)
    return TRUE;
  targets = targets_in_range (self);
  return targets->len > 0;
}

static void
row_expanded_cb (AdwExpanderRow  *row,
                 GParamSpec      *pspec,
                 MusterOddsPanel *self)
{
  if (adw_expander_row_get_expanded (row))
    _muster_odds_panel_show_details (self, row);
}

static void
clear_rows (MusterOddsPanel *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = self->rows->pdata[i];

      muster_odds_estimate_cancel (row);
      if (self->list != NULL && gtk_widget_get_parent (row) == GTK_WIDGET (self->list))
        gtk_list_box_remove (self->list, row);
    }
  g_ptr_array_set_size (self->rows, 0);
  g_hash_table_remove_all (self->figures);
}

/* Whether the rows shown are @procedures, in that order. */
static gboolean
rows_match (MusterOddsPanel *self,
            GPtrArray       *procedures)
{
  if (self->rows->len != procedures->len)
    return FALSE;
  for (guint i = 0; i < procedures->len; i++)
    if (g_object_get_data (self->rows->pdata[i], "procedure") != procedures->pdata[i])
      return FALSE;
  return TRUE;
}

static void
resolve_clicked_cb (GtkButton       *button,
                    MusterOddsPanel *self)
{
  const MusterProcedure *procedure = g_object_get_data (G_OBJECT (button), "procedure");

  g_signal_emit (self, signals[RESOLVE], 0, procedure->id);
}

static void
add_row (MusterOddsPanel       *self,
         const MusterProcedure *procedure)
{
  AdwExpanderRow *row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  GtkWidget *resolve;

  /* plain text: a figure reads "< 1 %" */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 muster_procedure_text (procedure->name));
  g_object_set_data (G_OBJECT (row), "procedure", (gpointer) procedure);
  g_signal_connect_object (row, "notify::expanded", G_CALLBACK (row_expanded_cb), self, 0);
  resolve = gtk_button_new_with_mnemonic (_("_Resolve"));
  gtk_widget_set_valign (resolve, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (resolve, _("Roll it with the scenario’s dice, apply the result to "
                                          "the units and write it in the battle log"));
  g_object_set_data (G_OBJECT (resolve), "procedure", (gpointer) procedure);
  g_signal_connect_object (resolve, "clicked", G_CALLBACK (resolve_clicked_cb), self, 0);
  adw_expander_row_add_action (row, resolve);
  g_object_set_data (G_OBJECT (row), "resolve", resolve);
  if (procedure->exact == NULL)
    {
      GtkWidget *spinner = gtk_spinner_new ();

      gtk_widget_set_visible (spinner, FALSE);
      gtk_widget_set_tooltip_text (spinner, _("Estimating the odds by playing it many times"));
      adw_expander_row_add_action (row, spinner);
      g_object_set_data (G_OBJECT (row), "spinner", spinner);
    }
  gtk_list_box_append (self->list, GTK_WIDGET (row));
  g_ptr_array_add (self->rows, g_object_ref (row));
}

/* The tint for the acting unit where it stands, or none: the switch off, nothing acts, or the
 * procedure cannot tint (the row says why). */
static void
update_tint (MusterOddsPanel *self)
{
  MusterDoc *doc = get_doc (self);
  g_autoptr(MusterOddsTint) tint = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *subtitle = NULL;

  if (self->tint_row == NULL)
    return;
  if (adw_expander_row_get_enable_expansion (self->tint_row) && doc != NULL &&
      self->acting != NULL && self->tint_procedure != NULL &&
      muster_doc_get_battlefield (doc) != NULL)
    {
      tint = muster_odds_tint_new (doc, self->types, self->acting, self->tint_procedure, &error);
      /* the range rings' chances are against the target shown; without them, no labels */
      if (tint != NULL && self->target != NULL)
        muster_odds_tint_add_bands (tint, doc, self->types, self->target, NULL);
      if (tint != NULL)
        {
          guint n = muster_odds_tint_get_n_units (tint);

          subtitle = n > 0 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%u enemy unit tinted on the map",
                                                           "%u enemy units tinted on the map", n),
                                              n)
                           : g_strdup (_("No enemy unit is within reach"));
        }
      else
        subtitle = g_strdup (error->message);
    }
  adw_expander_row_set_subtitle (self->tint_row, subtitle ? subtitle
                               : _("On the map, with a legend"));
  if (tint == NULL && self->tint == NULL)
    return;
  g_clear_pointer (&self->tint, muster_odds_tint_unref);
  self->tint = g_steal_pointer (&tint);
  g_signal_emit (self, signals[TINT_CHANGED], 0);
}

/* The exact procedures between the units, offered to tint by; the one chosen stays chosen
 * while it is offered, else the first is. */
static void
update_tint_choices (MusterOddsPanel *self,
                     GPtrArray       *procedures)
{
  g_autoptr(GtkStringList) names = NULL;
  guint chosen = 0;
  gboolean same = TRUE;
  guint n = 0;

  for (guint i = 0; i < procedures->len; i++)
    {
      const MusterProcedure *procedure = procedures->pdata[i];

      if (procedure->exact == NULL)
        continue;
      same = same && n < self->tint_procedures->len && self->tint_procedures->pdata[n] == procedure;
      n++;
    }
  if (same && n == self->tint_procedures->len)
    return;
  g_ptr_array_set_size (self->tint_procedures, 0);
  names = gtk_string_list_new (NULL);
  for (guint i = 0; i < procedures->len; i++)
    {
      const MusterProcedure *procedure = procedures->pdata[i];

      if (procedure->exact == NULL)
        continue;
      if (g_strcmp0 (procedure->id, self->tint_procedure) == 0)
        chosen = self->tint_procedures->len;
      g_ptr_array_add (self->tint_procedures, (gpointer) procedure);
      gtk_string_list_append (names, muster_procedure_text (procedure->name));
    }
  self->choosing = TRUE;
  adw_combo_row_set_model (self->tint_procedure_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->tint_procedure_row, chosen);
  self->choosing = FALSE;
  g_free (self->tint_procedure);
  self->tint_procedure = self->tint_procedures->len > 0
                         ? g_strdup (((const MusterProcedure *) self->tint_procedures->pdata[chosen])->id)
                         : NULL;
}

static void
tint_toggled_cb (MusterOddsPanel *self)
{
  update_tint (self);
}

static void
tint_procedure_cb (MusterOddsPanel *self)
{
  guint selected = adw_combo_row_get_selected (self->tint_procedure_row);

  if (self->choosing || selected >= self->tint_procedures->len)
    return;
  g_free (self->tint_procedure);
  self->tint_procedure = g_strdup (((const MusterProcedure *) self->tint_procedures->pdata[selected])->id);
  update_tint (self);
}

/* The rows and their figures for the units where they stand. */
void
_muster_odds_panel_update_rows (MusterOddsPanel *self)
{
  MusterDoc *doc = get_doc (self);
  MusterBattlefield *battlefield = doc ? muster_doc_get_battlefield (doc) : NULL;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(GPtrArray) procedures = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *pair = NULL;

  self->revision = battlefield ? muster_battlefield_get_revision (battlefield) : 0;
  gtk_widget_set_visible (GTK_WIDGET (self), battlefield != NULL && self->acting != NULL);
  if (battlefield == NULL || self->acting == NULL)
    {
      clear_rows (self);
      return;
    }
  if (!is_target (self, self->target, NULL))
    {
      g_clear_pointer (&self->target, g_free);
      is_target (self, NULL, &self->target);
    }
  if (self->target == NULL)
    {
      clear_rows (self);
      gtk_label_set_text (self->facts_label, _("No enemy unit is on the table."));
      return;
    }
  if (!(facts = _muster_odds_panel_read_facts (self, &error)))
    {
      clear_rows (self);
      gtk_label_set_text (self->facts_label, error->message);
      return;
    }
  text = describe_facts (facts);
  if (!any_in_range (self, facts))
    {
      g_autofree char *reach = format_reach (facts, muster_odds_get_reach (doc, self->types,
                                                                           self->acting));
      /* TRANSLATORS: after the facts about two units: "No enemy unit is within its reach
       * (24″): Tab has none to go through." */
      g_autofree char *none = g_strdup_printf (_("No enemy unit is within its reach (%s): Tab "
                                                 "has none to go through."), reach);
      char *with = g_strdup_printf ("%s\n%s", text, none);

      g_free (text);
      text = with;
    }
  gtk_label_set_text (self->facts_label, text);
  procedures = muster_odds_list_procedures (facts);
  pair = g_strconcat (self->acting, "\n", self->target, NULL);
  /* what was typed for one pair is not for another */
  if (!rows_match (self, procedures) || g_strcmp0 (pair, self->rows_for) != 0)
    {
      clear_rows (self);
      g_free (self->rows_for);
      self->rows_for = g_steal_pointer (&pair);
      for (guint i = 0; i < procedures->len; i++)
        add_row (self, procedures->pdata[i]);
    }
  _muster_odds_panel_update_figures (self, facts);
  update_tint_choices (self, procedures);
}

/**
 * muster_odds_panel_update:
 * @self: an odds panel
 *
 * Reads the table again and shows the odds between the units where they stand, and tints the
 * map by them when asked.
 */
void
muster_odds_panel_update (MusterOddsPanel *self)
{
  g_return_if_fail (MUSTER_IS_ODDS_PANEL (self));

  /* disposed: the page's selection may still change as it goes */
  if (self->list == NULL)
    return;
  _muster_odds_panel_update_rows (self);
  update_tint (self);
}

/* Every frame: the battlefield may have changed under a drag, which sends no signal until
 * the unit is put down. */
static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  MusterOddsPanel *self = MUSTER_ODDS_PANEL (widget);
  MusterDoc *doc = get_doc (self);
  MusterBattlefield *battlefield = doc ? muster_doc_get_battlefield (doc) : NULL;

  if (self->acting != NULL && battlefield != NULL &&
      muster_battlefield_get_revision (battlefield) != self->revision)
    muster_odds_panel_update (self);
  return G_SOURCE_CONTINUE;
}

void
muster_odds_panel_set_document (MusterOddsPanel          *self,
                                MusterDocument           *document,
                                const MusterTerrainTypes *types)
{
  g_return_if_fail (MUSTER_IS_ODDS_PANEL (self));

  g_set_object (&self->document, document);
  self->types = types;
  g_clear_pointer (&self->acting, g_free);
  g_clear_pointer (&self->target, g_free);
  muster_odds_panel_update (self);
}

/**
 * muster_odds_panel_set_units:
 * @self: an odds panel
 * @acting_unit_id: (nullable): the unit that acts; %NULL hides the panel
 * @target_unit_id: (nullable): its target; %NULL (or a unit that is not an enemy on the table)
 *   keeps the target shown if it still is one, else takes the nearest enemy
 */
void
muster_odds_panel_set_units (MusterOddsPanel *self,
                             const char      *acting_unit_id,
                             const char      *target_unit_id)
{
  g_return_if_fail (MUSTER_IS_ODDS_PANEL (self));

  g_free (self->acting);
  self->acting = g_strdup (acting_unit_id);
  if (target_unit_id != NULL && self->acting != NULL && get_doc (self) != NULL &&
      is_target (self, target_unit_id, NULL))
    {
      g_free (self->target);
      self->target = g_strdup (target_unit_id);
    }
  muster_odds_panel_update (self);
}

const char *
muster_odds_panel_get_acting (MusterOddsPanel *self)
{
  g_return_val_if_fail (MUSTER_IS_ODDS_PANEL (self), NULL);
  return self->acting;
}

const char *
muster_odds_panel_get_target (MusterOddsPanel *self)
{
  g_return_val_if_fail (MUSTER_IS_ODDS_PANEL (self), NULL);
  return self->target;
}

/**
 * muster_odds_panel_next_target:
 * @self: an odds panel
 *
 * Takes the next enemy unit within the acting unit's reach, by distance, as the target (the
 * nearest after the farthest); with none in reach the target stays, and the panel says so.
 * A unit without a weapon range goes through every enemy unit.
 *
 * Returns: whether there is an acting unit
 */
gboolean
muster_odds_panel_next_target (MusterOddsPanel *self)
{
  g_autoptr(GPtrArray) targets = NULL;
  guint next = 0;

  g_return_val_if_fail (MUSTER_IS_ODDS_PANEL (self), FALSE);

  if (self->acting == NULL || get_doc (self) == NULL)
    return FALSE;
  targets = targets_in_range (self);
  if (targets->len == 0)
    return TRUE;
  for (guint i = 0; i < targets->len; i++)
    if (g_strcmp0 (targets->pdata[i], self->target) == 0)
      next = (i + 1) % targets->len;
  g_free (self->target);
  self->target = g_strdup (targets->pdata[next]);
  muster_odds_panel_update (self);
  return TRUE;
}

/* Returns: what the panel says about the two units where they stand */
const char *
muster_odds_panel_get_facts (MusterOddsPanel *self)
{
  g_return_val_if_fail (MUSTER_IS_ODDS_PANEL (self), NULL);
  return self->facts_label != NULL ? gtk_label_get_text (self->facts_label) : NULL;
}

/* Returns: (transfer full) (nullable): the key figure shown for @procedure_id */
char *
muster_odds_panel_dup_figure (MusterOddsPanel *self,
                              const char      *procedure_id)
{
  g_return_val_if_fail (MUSTER_IS_ODDS_PANEL (self), NULL);
  return g_strdup (g_hash_table_lookup (self->figures, procedure_id));
}

/**
 * muster_odds_panel_dup_inputs:
 * @self: an odds panel
 * @procedure_id: a procedure shown
 * @values: (out) (transfer full): its inputs as the panel shows them
 * @typed: (out) (transfer full): which of them the user changed
 *
 * Returns: whether the procedure's inputs have been shown (expanded); if not, the table's
 *   and the lists' values are all there is
 */
gboolean
muster_odds_panel_dup_inputs (MusterOddsPanel *self,
                              const char      *procedure_id,
                              int            **values,
                              gboolean       **typed)
{
  g_return_val_if_fail (MUSTER_IS_ODDS_PANEL (self), FALSE);

  for (guint i = 0; i < self->rows->len; i++)
    {
      const MusterProcedure *procedure = g_object_get_data (self->rows->pdata[i], "procedure");
      MusterProcedureInputs *inputs = g_object_get_data (self->rows->pdata[i], "inputs");

      if (inputs == NULL || !g_str_equal (procedure->id, procedure_id))
        continue;
      *values = muster_procedure_inputs_dup_values (inputs);
      *typed = g_new0 (gboolean, procedure->n_inputs);
      for (guint j = 0; j < procedure->n_inputs; j++)
        (*typed)[j] = muster_procedure_inputs_get_source (inputs, j) == NULL;
      return TRUE;
    }
  return FALSE;
}

/* Returns: (transfer none) (nullable): the tint of the enemy units the map shows */
MusterOddsTint *
muster_odds_panel_get_tint (MusterOddsPanel *self)
{
  g_return_val_if_fail (MUSTER_IS_ODDS_PANEL (self), NULL);
  return self->tint;
}

/**
 * muster_odds_panel_set_tint:
 * @self: an odds panel
 * @procedure_id: (nullable): tint the enemy units by this procedure's odds (one of those
 *   offered); %NULL to tint none
 *
 * What the switch and the choice below the figures do.
 */
void
muster_odds_panel_set_tint (MusterOddsPanel *self,
                            const char      *procedure_id)
{
  g_return_if_fail (MUSTER_IS_ODDS_PANEL (self));

  for (guint i = 0; procedure_id != NULL && i < self->tint_procedures->len; i++)
    if (g_str_equal (((const MusterProcedure *) self->tint_procedures->pdata[i])->id,
                     procedure_id))
      {
        self->choosing = TRUE;
        adw_combo_row_set_selected (self->tint_procedure_row, i);
        self->choosing = FALSE;
      }
  g_free (self->tint_procedure);
  self->tint_procedure = g_strdup (procedure_id);
  if (adw_expander_row_get_enable_expansion (self->tint_row) != (procedure_id != NULL))
    adw_expander_row_set_enable_expansion (self->tint_row, procedure_id != NULL);
  else
    update_tint (self);
}

static void
next_target_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  muster_odds_panel_next_target (MUSTER_ODDS_PANEL (widget));
}

static void
muster_odds_panel_dispose (GObject *object)
{
  MusterOddsPanel *self = MUSTER_ODDS_PANEL (object);

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  clear_rows (self);
  /* No gtk_widget_dispose_template (): AdwBin unparents the template's root itself. Without
   * the list, a late update (the page's selection cleared as it goes) does nothing. */
  self->list = NULL;
  self->facts_label = NULL;
  self->group = NULL;
  self->tint_list = NULL;
  self->tint_row = NULL;
  self->tint_procedure_row = NULL;
  g_clear_pointer (&self->tint, muster_odds_tint_unref);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (muster_odds_panel_parent_class)->dispose (object);
}

static void
muster_odds_panel_finalize (GObject *object)
{
  MusterOddsPanel *self = MUSTER_ODDS_PANEL (object);

  g_free (self->acting);
  g_free (self->target);
  g_ptr_array_unref (self->rows);
  g_hash_table_unref (self->figures);
  g_ptr_array_unref (self->tint_procedures);
  g_free (self->tint_procedure);
  g_free (self->rows_for);
  G_OBJECT_CLASS (muster_odds_panel_parent_class)->finalize (object);
}

static void
muster_odds_panel_class_init (MusterOddsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_odds_panel_dispose;
  object_class->finalize = muster_odds_panel_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-odds-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterOddsPanel, group);
  gtk_widget_class_bind_template_child (widget_class, MusterOddsPanel, facts_label);
  gtk_widget_class_bind_template_child (widget_class, MusterOddsPanel, list);
  gtk_widget_class_bind_template_child (widget_class, MusterOddsPanel, tint_list);
  gtk_widget_class_bind_template_child (widget_class, MusterOddsPanel, tint_row);
  gtk_widget_class_bind_template_child (widget_class, MusterOddsPanel, tint_procedure_row);
  gtk_widget_class_bind_template_callback (widget_class, tint_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, tint_procedure_cb);
  gtk_widget_class_install_action (widget_class, "odds.next-target", NULL, next_target_action);

  /**
   * MusterOddsPanel::resolve:
   * @procedure_id: the procedure whose Resolve button was pressed
   *
   * The user asks to roll a procedure between the acting unit and the target.
   */
  signals[RESOLVE] =
    g_signal_new ("resolve", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  g_type_ensure (MUSTER_TYPE_OUTCOME_VIEW);

  /**
   * MusterOddsPanel::tint-changed:
   *
   * The tint of the enemy units changed (muster_odds_panel_get_tint()): switched on or off,
   * another procedure, or the units moved.
   */
  signals[TINT_CHANGED] = g_signal_new ("tint-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_odds_panel_init (MusterOddsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->figures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->tint_procedures = g_ptr_array_new ();
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
