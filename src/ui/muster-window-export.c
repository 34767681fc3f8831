/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window-export"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-export.h"
#include "muster-file-write.h"
#include "muster-sheet-painter.h"
#include "muster-window-private.h"

/*
 * The window's Export menu and printing. Files are made by muster_export() (what muster-cli
 * export writes) and saved as documents are (muster_file_write()); printing draws the very
 * pages the PDF has, through GtkPrintOperation. The paper and its orientation are remembered
 * in GSettings ("paper", "landscape"), for prints and PDFs alike.
 */

static GSettings *
app_settings (MusterWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return muster_application_get_settings (MUSTER_APPLICATION (app));
}

/* The remembered paper, as Muster's page. */
static void
settings_page (MusterWindow    *self,
               MusterSheetPage *page)
{
  GSettings *settings = app_settings (self);

  muster_sheet_page_init (page, g_settings_get_enum (settings, "paper"),
                          g_settings_get_boolean (settings, "landscape"));
}

/* The remembered paper, as GTK's page setup. */
static GtkPageSetup *
settings_page_setup (MusterWindow *self)
{
  GSettings *settings = app_settings (self);
  GtkPageSetup *setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (g_settings_get_enum (settings, "paper")
                                                      == MUSTER_PAPER_LETTER
                                                      ? GTK_PAPER_NAME_LETTER : GTK_PAPER_NAME_A4);

  gtk_page_setup_set_paper_size (setup, paper);
  gtk_page_setup_set_orientation (setup, g_settings_get_boolean (settings, "landscape")
                                         ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                         : GTK_PAGE_ORIENTATION_PORTRAIT);
  return setup;
}

/* Remembers what the user picked in a page setup or print dialog. Letter, or anything close
 * to it (legal, US sizes), counts as Letter; everything else as A4. */
static void
remember_page_setup (MusterWindow *self,
                     GtkPageSetup *setup)
{
  GSettings *settings = app_settings (self);
  GtkPaperSize *paper = gtk_page_setup_get_paper_size (setup);
  gboolean letter = g_str_equal (gtk_paper_size_get_name (paper), GTK_PAPER_NAME_LETTER) ||
                    g_str_equal (gtk_paper_size_get_name (paper), GTK_PAPER_NAME_LEGAL);
  GtkPageOrientation orientation = gtk_page_setup_get_orientation (setup);

  g_settings_set_enum (settings, "paper", letter ? MUSTER_PAPER_LETTER : MUSTER_PAPER_A4);
  g_settings_set_boolean (settings, "landscape",
                          orientation == GTK_PAGE_ORIENTATION_LANDSCAPE ||
                          orientation == GTK_PAGE_ORIENTATION_REVERSE_LANDSCAPE);
}

static char *
document_title (MusterWindow *self)
{
  return muster_document_dup_title (muster_window_get_document (self));
}

/* Export */

static void
export_written_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(MusterWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (G_FILE (object));
  g_autofree char *message = NULL;

  if (!muster_file_write_finish (G_FILE (object), result, &error))
    message = g_strdup_printf (_("Could not export %s: %s"), name, error->message);
  else
    message = g_strdup_printf (_("Exported “%s”"), name);
  muster_window_add_toast (self, message);
}

/* Writes @kind to @file; a toast tells how it went. */
static void
export_to_file (MusterWindow     *self,
                MusterExportKind  kind,
                GFile            *file)
{
  MusterDocument *document = muster_window_get_document (self);
  MusterExportOptions options = { kind };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *title = document_title (self);

  settings_page (self, &options.page);
  options.scale = MUSTER_MAP_SCALE_FIT;
  if (muster_document_get_ruleset (document) == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                         _("its rule system is not installed"));
  else
    bytes = muster_export (muster_document_get_doc (document),
                           muster_document_get_ruleset (document), title, &options, &error);
  if (bytes == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not export: %s"), error->message);

      muster_window_add_toast (self, message);
      return;
    }
  /* Like a save: through a symlink to its target, keeping the mode, never half-written. */
  muster_file_write_async (file, bytes, NULL, export_written_cb, g_object_ref (self));
}

static void
export_response_cb (GtkNativeDialog *native,
                    int              response,
                    MusterWindow    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      MusterExportKind kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (native), "kind"));

      export_to_file (self, kind, file);
    }
  /* GTK does not keep the native dialog alive: we held the reference. */
  g_object_unref (native);
}

static gboolean
check_battlefield (MusterWindow     *self,
                   MusterExportKind  kind)
{
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (self));

  if (!muster_export_kind_needs_battlefield (kind) || muster_doc_get_battlefield (doc) != NULL)
    return TRUE;
  muster_window_add_toast (self, _("This document has no battlefield to print: lay one out in "
                                   "the Battlefield workspace"));
  return FALSE;
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  MusterExportKind kind;
  g_autofree char *title = document_title (self);
  g_autofree char *name = NULL;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *native;

  if (!muster_export_kind_from_string (g_variant_get_string (param, NULL), &kind))
    {
      g_critical ("unknown export “%s”", g_variant_get_string (param, NULL));
      return;
    }
  if (!check_battlefield (self, kind))
    return;

  /* "Cold Beck.txt", "Cold Beck cards.pdf", "Cold Beck map.png" */
  if (kind <= MUSTER_EXPORT_LIST_PDF)
    name = g_strdup_printf ("%s.%s", title, muster_export_kind_extension (kind));
  else
    name = g_strdup_printf ("%s %s.%s", title, g_str_has_prefix (muster_export_kind_to_string (kind),
                                                                 "map") ? "map"
                            : muster_export_kind_to_string (kind),
                            muster_export_kind_extension (kind));
  gtk_file_filter_add_mime_type (filter, muster_export_kind_mime_type (kind));
  gtk_file_filter_set_name (filter, muster_export_kind_mime_type (kind));
  native = gtk_file_chooser_native_new (_("Export"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_object_set_data (G_OBJECT (native), "kind", GUINT_TO_POINTER (kind));
  g_signal_connect (native, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* win.export-to (kind, path or URI): the same without asking where (scripts and tests). */
static void
export_to_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  const char *name, *where;
  MusterExportKind kind;
  g_autoptr(GFile) file = NULL;

  g_variant_get (param, "(&s&s)", &name, &where);
  if (!muster_export_kind_from_string (name, &kind))
    {
      g_critical ("unknown export “%s”", name);
      return;
    }
  if (!check_battlefield (self, kind))
    return;
  file = g_file_new_for_commandline_arg (where);
  export_to_file (self, kind, file);
}

/* Print */

/* What one print job draws: the packet when the battlefield is shown and there is one, else
 * the army list. Made when the paper is known (begin-print). */
typedef struct
{
  MusterWindow       *window;
  gboolean            packet;
  MusterList         *list;
  MusterTerrainTypes *types;
  MusterPacket       *printed_packet;
  MusterSheet        *sheet;
} PrintJob;

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_clear_pointer (&job->printed_packet, muster_packet_free);
  g_clear_pointer (&job->sheet, muster_sheet_free);
  g_clear_pointer (&job->types, muster_terrain_types_free);
  g_clear_pointer (&job->list, muster_list_free);
  g_object_unref (job->window);
  g_free (job);
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  GtkPageSetup *setup = gtk_print_context_get_page_setup (context);
  MusterSheetPage page = { gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS),
                           gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS), 36 };
  MusterDocument *document = muster_window_get_document (job->window);

  remember_page_setup (job->window, setup);
  if (job->packet)
    job->printed_packet = muster_packet_new (muster_document_get_doc (document), job->list,
                                             job->types, MUSTER_PACKET_FULL,
                                             MUSTER_MAP_SCALE_FIT, &page, NULL);
  if (job->printed_packet != NULL)
    gtk_print_operation_set_n_pages (operation,
                                     muster_packet_get_n_pages (job->printed_packet));
  else
    {
      job->sheet = muster_sheet_new (job->list, MUSTER_SHEET_LIST, &page);
      gtk_print_operation_set_n_pages (operation, muster_sheet_get_n_pages (job->sheet));
    }
}

/* The packet's map page turns to landscape on its own. */
static void
request_page_setup_cb (GtkPrintOperation *operation,
                       GtkPrintContext   *context,
                       int                page_nr,
                       GtkPageSetup      *setup,
                       PrintJob          *job)
{
  MusterSheetPage size;

  if (job->printed_packet == NULL)
    return;
  muster_packet_get_page_size (job->printed_packet, page_nr, &size);
  gtk_page_setup_set_orientation (setup, size.width > size.height
                                         ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                         : GTK_PAGE_ORIENTATION_PORTRAIT);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);

  /* The context is in points (the operation's unit) from the paper's corner. */
  if (job->printed_packet != NULL)
    muster_packet_paint_page (job->printed_packet, cr, page_nr);
  else
    muster_sheet_paint_page (job->sheet, cr, page_nr);
}

static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               PrintJob                *job)
{
  g_autoptr(GError) error = NULL;

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autofree char *message = NULL;

      gtk_print_operation_get_error (operation, &error);
      message = g_strdup_printf (_("Could not print: %s"), error->message);
      muster_window_add_toast (job->window, message);
    }
}

/* Returns: (transfer full) (nullable): the print previewer GTK would start, when it is not
 * installed: GTK then shows nothing at all, so the window says so instead. */
static char *
dup_missing_previewer (MusterWindow *self)
{
  g_autofree char *command = NULL;
  g_autofree char *found = NULL;
  g_auto(GStrv) argv = NULL;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-print-preview-command",
                &command, NULL);
  if (command == NULL || !g_shell_parse_argv (command, NULL, &argv, NULL) || argv[0] == NULL)
    return g_strdup ("");
  if ((found = g_find_program_in_path (argv[0])) != NULL)
    return NULL;
  return g_strdup (argv[0]);
}

static void
run_print (MusterWindow            *self,
           GtkPrintOperationAction  action)
{
  MusterDocument *document = muster_window_get_document (self);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterRuleset *ruleset = muster_document_get_ruleset (document);
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GtkPageSetup) setup = settings_page_setup (self);
  g_autofree char *title = document_title (self);
  g_autoptr(GError) error = NULL;
  PrintJob *job;

  if (doc == NULL || ruleset == NULL)
    {
      muster_window_add_toast (self, _("Nothing to print: its rule system is not installed"));
      return;
    }
  if (action == GTK_PRINT_OPERATION_ACTION_PREVIEW)
    {
      g_autofree char *missing = dup_missing_previewer (self);

      if (missing != NULL)
        {
          /* TRANSLATORS: %s is the program GTK previews prints with, e.g. "evince" */
          g_autofree char *message = g_strdup_printf (_("No print previewer is installed (%s): "
                                                        "export a PDF to see the pages"),
                                                      *missing ? missing : _("none set"));

          muster_window_add_toast (self, message);
          return;
        }
    }
  job = g_new0 (PrintJob, 1);
  job->window = g_object_ref (self);
  job->list = muster_list_new (doc, ruleset, title);
  job->packet = muster_doc_get_battlefield (doc) != NULL &&
                g_strcmp0 (muster_window_get_workspace (self), "battlefield") == 0;
  if (job->packet)
    job->types = muster_terrain_types_new_for_ruleset (ruleset, NULL);

  operation = gtk_print_operation_new ();
  gtk_print_operation_set_job_name (operation, title);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  /* Muster's pages draw their own margins, from the paper's corner. */
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  gtk_print_operation_set_allow_async (operation, TRUE);
  g_object_set_data_full (G_OBJECT (operation), "muster-job", job, print_job_free);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), job);
  g_signal_connect (operation, "request-page-setup", G_CALLBACK (request_page_setup_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  g_signal_connect (operation, "done", G_CALLBACK (print_done_cb), job);
  if (gtk_print_operation_run (operation, action, GTK_WINDOW (self), &error) ==
      GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autofree char *message = g_strdup_printf (_("Could not print: %s"), error->message);

      muster_window_add_toast (self, message);
    }
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  run_print (MUSTER_WINDOW (widget), GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG);
}

static void
print_preview_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  run_print (MUSTER_WINDOW (widget), GTK_PRINT_OPERATION_ACTION_PREVIEW);
}

static void
page_setup_done_cb (GtkPageSetup *setup,
                    gpointer      data)
{
  g_autoptr(MusterWindow) self = data;

  /* NULL when cancelled */
  if (setup != NULL)
    remember_page_setup (self, setup);
}

static void
page_setup_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  g_autoptr(GtkPageSetup) setup = settings_page_setup (self);

  gtk_print_run_page_setup_dialog_async (GTK_WINDOW (self), setup, NULL, page_setup_done_cb,
                                         g_object_ref (self));
}

/* Enables what needs a document. */
void
_muster_window_update_export_actions (MusterWindow *self,
                                      gboolean      has_doc)
{
  static const char * const actions[] = { "win.export", "win.export-to", "win.print",
                                          "win.print-preview" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], has_doc);
}

void
_muster_window_class_init_export (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "win.export-to", "(ss)", export_to_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.print-preview", NULL,
                                   print_preview_action);
  gtk_widget_class_install_action (widget_class, "win.page-setup", NULL, page_setup_action);
}
