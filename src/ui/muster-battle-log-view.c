/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battle-log-view"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "muster-battle-log-view.h"
#include "muster-engine.h"
#include "muster-log-commands.h"
#include "muster-procedure-text.h"

/*
 * The Battlefield's battle log (issue 22): every procedure resolved, the latest first, each
 * row the turn, the units and the procedure, the result and what it did; the inputs and the
 * dice in its tooltip. It follows the document: a roll, its undo and a load show at once.
 * Above it, the turn the next roll is logged in, with Next Turn, and the seed of its dice,
 * which can be set; each change is an undo step.
 */

struct _MusterBattleLogView
{
  AdwBin          parent_instance;

  /* Template Widgets */
  GtkStack       *stack;
  GtkListBox     *list;
  AdwActionRow   *turn_row;
  AdwEntryRow    *seed_row;

  /* Owned References */
  MusterDocument *document;
  GSignalGroup   *document_signals;
  guint           n_rows;
};

G_DEFINE_FINAL_TYPE (MusterBattleLogView, muster_battle_log_view, ADW_TYPE_BIN)

/* A wrapping label: the side pane's width is the map's to take. */
static GtkWidget *
row_label (const char *text,
           gboolean    dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (dim)
    {
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "dim-label");
    }
  return label;
}

static GtkWidget *
entry_row (const MusterLogEntry *entry,
           const char           *system)
{
  const MusterProcedure *procedure = muster_procedure_lookup (system, entry->procedure);
  g_autofree char *inputs = muster_log_entry_format_inputs (entry);
  g_autofree char *dice = muster_log_entry_format_dice (entry);
  g_autofree char *title = NULL, *tooltip = NULL;
  const char *acting = entry->acting_name ? entry->acting_name : entry->acting;
  const char *target = entry->target_name ? entry->target_name : entry->target;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);

  /* TRANSLATORS: a battle-log row: turn, procedure, acting unit → target */
  title = g_strdup_printf (_("Turn %u · %s: %s → %s"), entry->turn,
                           procedure ? muster_procedure_text (procedure->name) : entry->procedure,
                           acting,
                           target ? target : "—");
  /* TRANSLATORS: a battle-log row's tooltip: the inputs, then the dice and their seed */
  tooltip = g_strdup_printf (_("%s\nDice (seed %" PRIu64 "): %s"), inputs, entry->seed,
                             dice[0] != '\0' ? dice : _("none"));
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_box_append (GTK_BOX (box), row_label (title, FALSE));
  gtk_box_append (GTK_BOX (box), row_label (entry->result, TRUE));
  gtk_box_append (GTK_BOX (box), row_label (entry->effect, TRUE));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_tooltip_text (row, tooltip);
  return row;
}

/* The turn and the seed as the document has them. */
static void
show_settings (MusterBattleLogView *self,
               MusterDoc           *doc)
{
  g_autofree char *turn = NULL;
  g_autofree char *seed = NULL;

  /* TRANSLATORS: the battle log's current turn */
  turn = g_strdup_printf (_("Turn %u"), doc ? muster_doc_get_turn (doc) : 1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->turn_row), turn);
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, doc ? muster_doc_get_seed (doc) : 0);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), seed) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);
  gtk_widget_set_sensitive (GTK_WIDGET (self->turn_row), doc != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seed_row), doc != NULL);
}

static void
next_turn_cb (MusterBattleLogView *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  g_autoptr(MusterCommand) command = NULL;

  if (doc == NULL)
    return;
  command = muster_log_setting_command_new_turn (self->document, muster_doc_get_turn (doc) + 1);
  muster_history_push (muster_document_get_history (self->document), command);
}

/* The seed typed, if it is a number a seed can be. */
static gboolean
parse_seed (MusterBattleLogView *self,
            guint64             *seed)
{
  return g_ascii_string_to_unsigned (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), 10,
                                     0, G_MAXUINT64, seed, NULL);
}

static void
seed_changed_cb (MusterBattleLogView *self)
{
  if (parse_seed (self, NULL))
    gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->seed_row), "error");
}

static void
seed_apply_cb (MusterBattleLogView *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  g_autoptr(MusterCommand) command = NULL;
  guint64 seed;

  if (doc == NULL || !parse_seed (self, &seed) || seed == muster_doc_get_seed (doc))
    return;
  command = muster_log_setting_command_new_seed (self->document, seed);
  muster_history_push (muster_document_get_history (self->document), command);
}

static void
refresh (MusterBattleLogView *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  MusterRuleset *ruleset = doc ? muster_doc_get_ruleset (doc) : NULL;
  const char *system = ruleset ? muster_ruleset_get_system_id (ruleset) : NULL;
  guint n = doc ? muster_doc_get_n_log_entries (doc) : 0;
  GtkWidget *child;

  show_settings (self, doc);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);
  /* the latest first: it is the one the table talks about */
  for (guint i = n; i > 0; i--)
    gtk_list_box_append (self->list, entry_row (muster_doc_get_log_entry (doc, i - 1), system));
  self->n_rows = n;
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "entries" : "empty");
}

void
muster_battle_log_view_set_document (MusterBattleLogView *self,
                                     MusterDocument      *document)
{
  g_return_if_fail (MUSTER_IS_BATTLE_LOG_VIEW (self));
  g_return_if_fail (document == NULL || MUSTER_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  refresh (self);
}

/* Returns: how many rolls are shown */
guint
muster_battle_log_view_get_n_rows (MusterBattleLogView *self)
{
  g_return_val_if_fail (MUSTER_IS_BATTLE_LOG_VIEW (self), 0);
  return self->n_rows;
}

static void
muster_battle_log_view_dispose (GObject *object)
{
  MusterBattleLogView *self = MUSTER_BATTLE_LOG_VIEW (object);

  g_signal_group_set_target (self->document_signals, NULL);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_BATTLE_LOG_VIEW);
  G_OBJECT_CLASS (muster_battle_log_view_parent_class)->dispose (object);
}

static void
muster_battle_log_view_class_init (MusterBattleLogViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_battle_log_view_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-battle-log-view.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterBattleLogView, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterBattleLogView, list);
  gtk_widget_class_bind_template_child (widget_class, MusterBattleLogView, turn_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBattleLogView, seed_row);
  gtk_widget_class_bind_template_callback (widget_class, next_turn_cb);
  gtk_widget_class_bind_template_callback (widget_class, seed_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, seed_changed_cb);
}

static void
muster_battle_log_view_init (MusterBattleLogView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the log is the scenario's: a roll and its undo say so with battlefield-changed */
  self->document_signals = g_signal_group_new (MUSTER_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "battlefield-changed",
                                 G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
}
