/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-attach-chooser"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army.h"
#include "muster-attach-chooser.h"
#include "muster-attach-command.h"

/* What a chooser carries until its response. */
typedef struct
{
  MusterDocument *document;
  GtkWindow      *parent;   /* for the toast */
  GStrv           sides;    /* the side of each choice; "" for the list's own */
} Attach;

static void
attach_free (Attach *attach)
{
  g_object_unref (attach->document);
  g_object_unref (attach->parent);
  g_strfreev (attach->sides);
  g_free (attach);
}

/**
 * muster_attach_file:
 * @document: a document with a list
 * @file: a Muster document of the same rule system
 * @side: (nullable): the side its lists fight on; %NULL for their own
 * @error: return location for a #GError
 *
 * Brings @file's forces into @document as one undo step.
 *
 * Returns: whether they were attached
 */
gboolean
muster_attach_file (MusterDocument  *document,
                    GFile           *file,
                    const char      *side,
                    GError         **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterDoc) source = NULL;
  g_autoptr(MusterCommand) command = NULL;
  g_autofree char *name = g_file_get_parse_name (file);

  g_return_val_if_fail (muster_document_get_doc (document) != NULL, FALSE);
  if (!(bytes = g_file_load_bytes (file, NULL, NULL, error)) ||
      !(source = muster_doc_new_from_bytes (bytes, name, error)) ||
      !(command = muster_attach_command_new_for_side (document, source, side, error)))
    return FALSE;
  muster_history_push (muster_document_get_history (document), command);
  return TRUE;
}

/**
 * muster_attach_chooser_get_side:
 * @chooser: a chooser made by muster_attach_chooser_new()
 *
 * Returns: (nullable): the side chosen; %NULL for the list's own
 */
const char *
muster_attach_chooser_get_side (GtkFileChooserNative *chooser)
{
  Attach *attach = g_object_get_data (G_OBJECT (chooser), "muster-attach");
  const char *choice = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser),
                                                    MUSTER_ATTACH_SIDE_CHOICE);
  guint64 index;

  g_return_val_if_fail (attach != NULL, NULL);
  if (choice == NULL ||
      !g_ascii_string_to_unsigned (choice, 10, 0, g_strv_length (attach->sides) - 1, &index,
                                   NULL) ||
      *attach->sides[index] == '\0')
    return NULL;
  return attach->sides[index];
}

static void
response_cb (GtkNativeDialog *chooser,
             int              response)
{
  Attach *attach = g_object_get_data (G_OBJECT (chooser), "muster-attach");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT &&
      (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))))
    {
      MusterDoc *doc = muster_document_get_doc (attach->document);
      guint before = muster_doc_get_n_forces (doc);
      const char *side = muster_attach_chooser_get_side (GTK_FILE_CHOOSER_NATIVE (chooser));
      g_autofree char *message = NULL;

      if (!muster_attach_file (attach->document, file, side, &error))
        message = g_strdup_printf (_("Cannot attach the list: %s"), error->message);
      else
        {
          MusterForce *force = muster_doc_get_force (doc, before);

          /* No table to place on yet (attached from the empty Battlefield, as its text
           * suggests): say what comes first */
          if (muster_doc_get_battlefield (doc) == NULL)
            /* TRANSLATORS: the first %s is the attached list's name, the second its side */
            message = g_strdup_printf (_("“%s” attached to %s: lay out or generate the "
                                         "battlefield to place its units"),
                                       muster_force_get_name (force),
                                       muster_force_get_side (force));
          else
            /* TRANSLATORS: the first %s is the attached list's name, the second its side */
            message = g_strdup_printf (_("“%s” attached to %s: place its units on the table"),
                                       muster_force_get_name (force),
                                       muster_force_get_side (force));
        }
      gtk_widget_activate_action (GTK_WIDGET (attach->parent), "win.show-toast", "s", message);
    }
  g_object_unref (chooser);
}

/**
 * muster_attach_chooser_new:
 * @parent: the window
 * @document: a document with a list
 *
 * A file chooser for Muster documents with a choice of side: each side with a deployment zone
 * and no list yet (the first of them chosen), else the list's own; each side that has a list. On
 * Attach it attaches and says so in a toast; it frees itself after its response.
 *
 * Returns: (transfer full): the chooser, not shown
 */
GtkFileChooserNative *
muster_attach_chooser_new (GtkWindow      *parent,
                           MusterDocument *document)
{
  MusterDoc *doc = muster_document_get_doc (document);
  g_auto(GStrv) free_sides = muster_attach_command_free_sides (document);
  g_autoptr(GStrvBuilder) sides = g_strv_builder_new ();
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) listed = g_ptr_array_new ();
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;
  Attach *attach;

  g_return_val_if_fail (doc != NULL, NULL);
  chooser = gtk_file_chooser_native_new (_("Attach Army List"), parent,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Attach"), NULL);
  gtk_file_filter_set_name (filter, _("Muster documents"));
  gtk_file_filter_add_mime_type (filter, "application/x-muster");
  gtk_file_filter_add_suffix (filter, "muster");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);

  /* the default is the first option: the first side without a list, when there is one (GTK
   * 4.8's fallback chooser does not show a choice set with gtk_file_chooser_set_choice()) */
  for (guint i = 0; free_sides[i] != NULL; i++)
    {
      g_strv_builder_add (sides, free_sides[i]);
      /* TRANSLATORS: %s is a side that has a deployment zone but no army list yet */
      g_ptr_array_add (labels, g_strdup_printf (_("%s (no list yet)"), free_sides[i]));
    }
  g_strv_builder_add (sides, "");
  g_ptr_array_add (labels, g_strdup (_("The list’s own side")));
  muster_doc_collect_sides (doc, NULL, listed);
  for (guint i = 0; i < listed->len; i++)
    {
      g_strv_builder_add (sides, listed->pdata[i]);
      g_ptr_array_add (labels, g_strdup (listed->pdata[i]));
    }
  for (guint i = 0; i < labels->len; i++)
    g_ptr_array_add (ids, g_strdup_printf ("%u", i));
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), MUSTER_ATTACH_SIDE_CHOICE, _("Side"),
                               (const char **) ids->pdata, (const char **) labels->pdata);

  attach = g_new0 (Attach, 1);
  attach->document = g_object_ref (document);
  attach->parent = g_object_ref (parent);
  attach->sides = g_strv_builder_end (sides);
  g_object_set_data_full (G_OBJECT (chooser), "muster-attach", attach,
                          (GDestroyNotify) attach_free);
  g_signal_connect (chooser, "response", G_CALLBACK (response_cb), NULL);
  return chooser;
}
