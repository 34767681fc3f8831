/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate-dialog"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "muster-generate-command.h"
#include "muster-generate-dialog.h"

/*
 * Generate Battlefield…: a seed (random until the user types one, so a battlefield can be
 * made again or shared), one drop-down per option the rules offer, and what the chosen
 * set-up means. Generate pushes one command: Ctrl+Z gives the old battlefield back.
 */

struct _MusterGenerateDialog
{
  AdwMessageDialog  parent_instance;

  MusterDocument   *document;
  MusterGenerator  *generator;
  GtkSpinButton    *seed_spin;
  GPtrArray        *dropdowns;    /* GtkDropDown, one per option */
  GtkLabel         *about_label;  /* the chosen choices' descriptions */
};

G_DEFINE_FINAL_TYPE (MusterGenerateDialog, muster_generate_dialog, ADW_TYPE_MESSAGE_DIALOG)

#define MAX_SEED 999999999

static const MusterGenerateChoice *
selected_choice (MusterGenerateDialog *self,
                 guint                 option)
{
  const MusterGenerateOption *o = muster_generator_get_option (self->generator, option);
  guint selected = gtk_drop_down_get_selected (self->dropdowns->pdata[option]);

  return selected < o->choices->len ? o->choices->pdata[selected] : NULL;
}

static void
update_about (MusterGenerateDialog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < self->dropdowns->len; i++)
    {
      const MusterGenerateChoice *choice = selected_choice (self, i);

      if (choice && choice->description)
        g_string_append_printf (text, "%s%s", text->len ? "\n" : "",
                                muster_ruleset_text (choice->description));
    }
  gtk_label_set_text (self->about_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->about_label), text->len > 0);
}

static void
roll_seed_cb (MusterGenerateDialog *self)
{
  gtk_spin_button_set_value (self->seed_spin, g_random_int_range (1, 1000000));
}

/**
 * muster_generate_dialog_generate:
 * @self: the dialog
 * @error: return location for a #GError
 *
 * Generates with the seed and choices shown and pushes the result on the document's history,
 * as the Generate button does.
 *
 * Returns: whether the battlefield was generated
 */
gboolean
muster_generate_dialog_generate (MusterGenerateDialog  *self,
                                 GError               **error)
{
  MusterDoc *doc = muster_document_get_doc (self->document);
  MusterBattlefield *field = doc ? muster_doc_get_battlefield (doc) : NULL;
  g_autoptr(GHashTable) choices = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  g_autoptr(MusterGeneration) generation = NULL;
  g_autoptr(MusterCommand) command = NULL;
  const char *units = NULL;
  double width, height;

  g_return_val_if_fail (doc != NULL, FALSE);
  /* without a table, the system's standard one, made in the same step */
  if (field != NULL)
    {
      width = muster_battlefield_get_width (field);
      height = muster_battlefield_get_height (field);
    }
  else
    muster_generator_get_table (self->generator, &width, &height, &units);
  for (guint i = 0; i < self->dropdowns->len; i++)
    {
      const MusterGenerateChoice *choice = selected_choice (self, i);

      if (choice != NULL)
        g_hash_table_insert (choices, muster_generator_get_option (self->generator, i)->id,
                             choice->id);
    }
  muster_doc_collect_sides (doc, NULL, sides);
  g_ptr_array_add (sides, NULL);
  generation = muster_generator_run (self->generator, width, height,
                                     (const char * const *) sides->pdata, choices,
                                     (guint64) gtk_spin_button_get_value (self->seed_spin), error);
  if (generation == NULL)
    return FALSE;
  /* the units already placed stay where they are: the terrain keeps clear of them */
  if (field != NULL)
    muster_generator_keep_clear (self->generator, generation, field);
  command = field != NULL
            ? muster_generate_command_new (self->document, generation)
            : muster_generate_command_new_on_table (self->document, generation, width, height,
                                                    units);
  muster_history_push (muster_document_get_history (self->document), command);
  return TRUE;
}

static void
response_cb (MusterGenerateDialog *self,
             const char           *response)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "generate") == 0 && !muster_generate_dialog_generate (self, &error))
    g_warning ("generate battlefield: %s", error->message);
}

static void
muster_generate_dialog_dispose (GObject *object)
{
  MusterGenerateDialog *self = MUSTER_GENERATE_DIALOG (object);

  g_clear_object (&self->document);
  G_OBJECT_CLASS (muster_generate_dialog_parent_class)->dispose (object);
}

static void
muster_generate_dialog_finalize (GObject *object)
{
  MusterGenerateDialog *self = MUSTER_GENERATE_DIALOG (object);

  g_clear_pointer (&self->generator, muster_generator_free);
  g_ptr_array_unref (self->dropdowns);
  G_OBJECT_CLASS (muster_generate_dialog_parent_class)->finalize (object);
}

static void
muster_generate_dialog_class_init (MusterGenerateDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_generate_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = muster_generate_dialog_finalize;
}

static void
muster_generate_dialog_init (MusterGenerateDialog *self)
{
  self->dropdowns = g_ptr_array_new ();
}

static GtkWidget *
row_label (const char *text)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
seed_activate_cb (MusterGenerateDialog *self)
{
  gtk_spin_button_update (self->seed_spin);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (self), "generate");
  /* as the Generate button does */
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * muster_generate_dialog_new:
 * @parent: the window
 * @document: a document with a battlefield
 * @generator: (transfer full): its rule system's generator
 *
 * Returns: (transfer floating): the dialog, to present
 */
GtkWidget *
muster_generate_dialog_new (GtkWindow       *parent,
                            MusterDocument  *document,
                            MusterGenerator *generator)
{
  MusterGenerateDialog *self;
  GtkWidget *grid, *box, *roll, *label;
  const char *description = muster_ruleset_text (muster_generator_get_description (generator));
  /* "as the rules lay it out" would be untrue of a method the book does not give */
  gboolean house = muster_generator_is_house (generator);

  self = g_object_new (MUSTER_TYPE_GENERATE_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       "heading", _("Generate Battlefield"),
                       NULL);
  self->document = g_object_ref (document);
  self->generator = generator;
  if (muster_doc_get_battlefield (muster_document_get_doc (document)) != NULL)
    adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                    house
                                    /* TRANSLATORS: %s is a procedure the book does not give,
                                     * e.g. "Agreed battlefield (house rule)" */
                                    ? _("%s, which the book does not give. Terrain and "
                                        "deployment zones are replaced, and the objectives when "
                                        "the rules place their own; placed units stay, and the "
                                        "terrain keeps clear of them.")
                                    /* TRANSLATORS: %s is the rules' procedure, e.g. "Terrain
                                     * squares" */
                                    : _("%s, as the rules lay it out. Terrain and deployment "
                                        "zones are replaced, and the objectives when the rules "
                                        "place their own; placed units stay, and the terrain "
                                        "keeps clear of them."),
                                    muster_ruleset_text (muster_generator_get_name (generator)));
  else
    {
      const char *units = NULL;
      double width, height;
      g_autofree char *table = NULL;

      muster_generator_get_table (generator, &width, &height, &units);
      table = g_str_equal (units, "cm")
              /* TRANSLATORS: a table's size, e.g. "180 × 120 cm" */
              ? g_strdup_printf (_("%g × %g cm"), width / 10, height / 10)
              /* TRANSLATORS: a table's size in feet, e.g. "6 × 4 ft" */
              : g_strdup_printf (_("%g × %g ft"), round (width / 304.8 * 10) / 10,
                                 round (height / 304.8 * 10) / 10);
      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                      house
                                      /* TRANSLATORS: the first %s is a procedure the book
                                       * does not give, e.g. "Agreed battlefield (house rule)",
                                       * the second the table's size, e.g. "6 × 4 ft" */
                                      ? _("%s, which the book does not give, on a new table "
                                          "of %s.")
                                      /* TRANSLATORS: the first %s is the rules' procedure,
                                       * e.g. "Terrain squares", the second the table's size,
                                       * e.g. "6 × 4 ft" */
                                      : _("%s, as the rules lay it out, on a new table of %s."),
                                      muster_ruleset_text (muster_generator_get_name (generator)),
                                      table);
    }
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self), "cancel", _("_Cancel"),
                                    "generate", _("_Generate"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "generate",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "generate");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "cancel");

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);

  self->seed_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, MAX_SEED, 1));
  gtk_spin_button_set_value (self->seed_spin, g_random_int_range (1, 1000000));
  gtk_widget_set_hexpand (GTK_WIDGET (self->seed_spin), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->seed_spin),
                               _("The same seed and choices always give the same battlefield"));
  roll = gtk_button_new_from_icon_name ("media-playlist-shuffle-symbolic");
  gtk_widget_set_tooltip_text (roll, _("Another random seed"));
  g_signal_connect_swapped (roll, "clicked", G_CALLBACK (roll_seed_cb), self);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (box, "linked");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->seed_spin));
  gtk_box_append (GTK_BOX (box), roll);
  label = row_label (_("_Seed"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->seed_spin));
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), box, 1, 0, 1, 1);

  for (guint i = 0; i < muster_generator_get_n_options (generator); i++)
    {
      const MusterGenerateOption *option = muster_generator_get_option (generator, i);
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      GtkWidget *dropdown;

      for (guint j = 0; j < option->choices->len; j++)
        {
          const MusterGenerateChoice *choice = option->choices->pdata[j];

          if (choice->house)
            {
              /* TRANSLATORS: a choice that is Muster's, not the book's, e.g. "Light: 4 pieces (house rule)" */
              g_autofree char *name = g_strdup_printf (_("%s (house rule)"),
                                                      muster_ruleset_text (choice->name));

              gtk_string_list_append (names, name);
            }
          else
            gtk_string_list_append (names, muster_ruleset_text (choice->name));
        }
      dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
      for (guint j = 0; j < option->choices->len; j++)
        if (g_str_equal (((MusterGenerateChoice *) option->choices->pdata[j])->id,
                         option->default_id))
          gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), j);
      g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (update_about), self);
      g_ptr_array_add (self->dropdowns, dropdown);
      label = row_label (muster_ruleset_text (option->name));
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), dropdown);
      gtk_grid_attach (GTK_GRID (grid), label, 0, i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), dropdown, 1, i + 1, 1, 1);
    }

  self->about_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->about_label, TRUE);
  gtk_label_set_max_width_chars (self->about_label, 48);
  gtk_label_set_xalign (self->about_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->about_label), "caption");
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->about_label), 0,
                   muster_generator_get_n_options (generator) + 1, 2, 1);
  if (description != NULL)
    gtk_widget_set_tooltip_text (grid, description);
  update_about (self);

  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), grid);
  g_signal_connect (self, "response", G_CALLBACK (response_cb), NULL);
  /* Enter in the seed (after the spin button takes the number typed) generates */
  g_signal_connect_object (gtk_editable_get_delegate (GTK_EDITABLE (self->seed_spin)), "activate",
                           G_CALLBACK (seed_activate_cb), self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  return GTK_WIDGET (self);
}

void
muster_generate_dialog_set_seed (MusterGenerateDialog *self,
                                 guint64               seed)
{
  gtk_spin_button_set_value (self->seed_spin, MIN (seed, MAX_SEED));
}

guint64
muster_generate_dialog_get_seed (MusterGenerateDialog *self)
{
  return gtk_spin_button_get_value (self->seed_spin);
}

/* Picks @choice of option @option; returns whether the dialog offers it. */
gboolean
muster_generate_dialog_choose (MusterGenerateDialog *self,
                               const char           *option,
                               const char           *choice)
{
  for (guint i = 0; i < self->dropdowns->len; i++)
    {
      const MusterGenerateOption *o = muster_generator_get_option (self->generator, i);

      if (!g_str_equal (o->id, option))
        continue;
      for (guint j = 0; j < o->choices->len; j++)
        if (g_str_equal (((MusterGenerateChoice *) o->choices->pdata[j])->id, choice))
          {
            gtk_drop_down_set_selected (self->dropdowns->pdata[i], j);
            return TRUE;
          }
    }
  return FALSE;
}

const char *
muster_generate_dialog_get_about (MusterGenerateDialog *self)
{
  return gtk_label_get_text (self->about_label);
}
