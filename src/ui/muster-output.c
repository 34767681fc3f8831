/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-output"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-application.h"
#include "muster-file-chooser.h"
#include "muster-file-write.h"
#include "muster-output.h"

/*
 * The Muster window and the BattleScribe roster window export and print the same way: files
 * go to disk through muster_file_write() (a temporary file renamed over the target, through
 * a symlink, keeping the mode), and printing draws the very pages the PDF export has. Only
 * what is drawn differs (MusterPrintPages).
 */

static GSettings *
app_settings (GtkWindow *window)
{
  return muster_application_get_settings (MUSTER_APPLICATION (gtk_window_get_application (window)));
}

/* The remembered paper, as Muster's page. */
void
muster_output_paper (GtkWindow       *window,
                     MusterSheetPage *page)
{
  GSettings *settings = app_settings (window);

  muster_sheet_page_init (page, g_settings_get_enum (settings, "paper"),
                          g_settings_get_boolean (settings, "landscape"));
}

/* The remembered paper, as GTK's page setup. */
static GtkPageSetup *
settings_page_setup (GtkWindow *window)
{
  GSettings *settings = app_settings (window);
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
remember_page_setup (GtkWindow    *window,
                     GtkPageSetup *setup)
{
  GSettings *settings = app_settings (window);
  GtkPaperSize *paper = gtk_page_setup_get_paper_size (setup);
  gboolean letter = g_str_equal (gtk_paper_size_get_name (paper), GTK_PAPER_NAME_LETTER) ||
                    g_str_equal (gtk_paper_size_get_name (paper), GTK_PAPER_NAME_LEGAL);
  GtkPageOrientation orientation = gtk_page_setup_get_orientation (setup);

  g_settings_set_enum (settings, "paper", letter ? MUSTER_PAPER_LETTER : MUSTER_PAPER_A4);
  g_settings_set_boolean (settings, "landscape",
                          orientation == GTK_PAGE_ORIENTATION_LANDSCAPE ||
                          orientation == GTK_PAGE_ORIENTATION_REVERSE_LANDSCAPE);
}

/* Whom a toast goes to when the work is done. */
typedef struct
{
  GtkWindow       *window;
  MusterToastFunc  toast;
} Teller;

static Teller *
teller_new (GtkWindow       *window,
            MusterToastFunc  toast)
{
  Teller *teller = g_new (Teller, 1);

  teller->window = g_object_ref (window);
  teller->toast = toast;
  return teller;
}

static void
teller_free (Teller *teller)
{
  g_object_unref (teller->window);
  g_free (teller);
}

/* Export */

static void
written_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Teller *teller = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (G_FILE (object));
  g_autofree char *message = NULL;

  if (!muster_file_write_finish (G_FILE (object), result, &error))
    message = g_strdup_printf (_("Could not export %s: %s"), name, error->message);
  else
    message = g_strdup_printf (_("Exported “%s”"), name);
  teller->toast (teller->window, message);
  teller_free (teller);
}

/* Writes @bytes to @file as a save does; a toast over @window tells how it went. */
void
muster_output_write (GtkWindow       *window,
                     MusterToastFunc  toast,
                     GFile           *file,
                     GBytes          *bytes)
{
  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (G_IS_FILE (file));

  muster_file_write_async (file, bytes, NULL, written_cb, teller_new (window, toast));
}

/* Print */

typedef struct
{
  Teller                 *teller;
  const MusterPrintPages *pages;
  gpointer                data;
} PrintJob;

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  job->pages->free (job->data);
  teller_free (job->teller);
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

  remember_page_setup (job->teller->window, setup);
  gtk_print_operation_set_n_pages (operation, job->pages->paginate (job->data, &page));
}

/* A page of another size (a map) turns to landscape on its own. */
static void
request_page_setup_cb (GtkPrintOperation *operation,
                       GtkPrintContext   *context,
                       int                page_nr,
                       GtkPageSetup      *setup,
                       PrintJob          *job)
{
  MusterSheetPage size = { 0 };

  if (job->pages->page_size == NULL)
    return;
  job->pages->page_size (job->data, page_nr, &size);
  if (size.width > 0)
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
  /* The context is in points (the operation's unit) from the paper's corner. */
  job->pages->paint (job->data, gtk_print_context_get_cairo_context (context), page_nr);
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
      job->teller->toast (job->teller->window, message);
    }
}

/* Returns: (transfer full) (nullable): the print previewer GTK would start, when it is not
 * installed: GTK then shows nothing at all, so the window says so instead. */
static char *
dup_missing_previewer (GtkWindow *window)
{
  g_autofree char *command = NULL;
  g_autofree char *found = NULL;
  g_auto(GStrv) argv = NULL;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (window)), "gtk-print-preview-command",
                &command, NULL);
  if (command == NULL || !g_shell_parse_argv (command, NULL, &argv, NULL) || argv[0] == NULL)
    return g_strdup ("");
  if ((found = g_find_program_in_path (argv[0])) != NULL)
    return NULL;
  return g_strdup (argv[0]);
}

/**
 * muster_output_print:
 * @title: the print job's name
 * @pages: what the job draws; @job is freed with @pages->free once printing is over
 * @action: print, preview, or export (to @export_path, a PDF: scripts and tests)
 *
 * Prints @job with GtkPrintOperation over @window; problems are told in a toast.
 */
void
muster_output_print (GtkWindow               *window,
                     MusterToastFunc          toast,
                     const char              *title,
                     const MusterPrintPages  *pages,
                     gpointer                 job_data,
                     GtkPrintOperationAction  action,
                     const char              *export_path)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  g_autoptr(GError) error = NULL;
  PrintJob *job;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (pages != NULL);

  if (action == GTK_PRINT_OPERATION_ACTION_PREVIEW)
    {
      g_autofree char *missing = dup_missing_previewer (window);

      if (missing != NULL)
        {
          /* TRANSLATORS: %s is the program GTK previews prints with, e.g. "evince" */
          g_autofree char *message = g_strdup_printf (_("No print previewer is installed (%s): "
                                                        "export a PDF to see the pages"),
                                                      *missing ? missing : _("none set"));

          toast (window, message);
          pages->free (job_data);
          return;
        }
    }
  job = g_new0 (PrintJob, 1);
  job->teller = teller_new (window, toast);
  job->pages = pages;
  job->data = job_data;

  setup = settings_page_setup (window);
  operation = gtk_print_operation_new ();
  gtk_print_operation_set_job_name (operation, title);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  /* Muster's pages draw their own margins, from the paper's corner. */
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  gtk_print_operation_set_allow_async (operation, TRUE);
  if (export_path != NULL)
    gtk_print_operation_set_export_filename (operation, export_path);
  g_object_set_data_full (G_OBJECT (operation), "muster-job", job, print_job_free);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), job);
  g_signal_connect (operation, "request-page-setup", G_CALLBACK (request_page_setup_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  g_signal_connect (operation, "done", G_CALLBACK (print_done_cb), job);
  if (gtk_print_operation_run (operation, action, window, &error) ==
      GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autofree char *message = g_strdup_printf (_("Could not print: %s"), error->message);

      toast (window, message);
    }
}

static void
page_setup_done_cb (GtkPageSetup *setup,
                    gpointer      data)
{
  g_autoptr(GtkWindow) window = data;

  /* NULL when cancelled */
  if (setup != NULL)
    remember_page_setup (window, setup);
}

/* The page setup dialog over @window: what is picked is remembered for prints and PDFs. */
void
muster_output_page_setup (GtkWindow *window)
{
  g_autoptr(GtkPageSetup) setup = NULL;

  g_return_if_fail (GTK_IS_WINDOW (window));

  setup = settings_page_setup (window);
  gtk_print_run_page_setup_dialog_async (window, setup, NULL, page_setup_done_cb,
                                         g_object_ref (window));
}

/* The window actions: one set of callbacks for both kinds of window, which differ only in
 * what their MusterOutputActions do. */

static GQuark
actions_quark (void)
{
  return g_quark_from_static_string ("muster-output-actions");
}

static const MusterOutputActions *
actions_of (GtkWidget *widget)
{
  return g_type_get_qdata (G_OBJECT_TYPE (widget), actions_quark ());
}

/* The kind named @name, if the window can export it now. */
static gboolean
export_kind (GtkWidget        *widget,
             const char       *name,
             MusterExportKind *kind)
{
  if (!muster_export_kind_from_string (name, kind))
    {
      g_critical ("unknown export “%s”", name);
      return FALSE;
    }
  return actions_of (widget)->check (GTK_WINDOW (widget), *kind);
}

static void
export_chosen (GtkWindow *window,
               GFile     *file,
               gpointer   kind)
{
  actions_of (GTK_WIDGET (window))->export_to_file (window, GPOINTER_TO_UINT (kind), file);
}

/* win.export (kind): asks where, then exports. */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterExportKind kind;
  g_autofree char *title = NULL;

  if (!export_kind (widget, g_variant_get_string (param, NULL), &kind))
    return;
  title = actions_of (widget)->dup_title (GTK_WINDOW (widget));
  muster_export_chooser_show (GTK_WINDOW (widget), title, kind, export_chosen);
}

/* win.export-to (kind, path or URI): the same without asking where (scripts and tests). */
static void
export_to_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  const char *name, *where;
  MusterExportKind kind;
  g_autoptr(GFile) file = NULL;

  g_variant_get (param, "(&s&s)", &name, &where);
  if (!export_kind (widget, name, &kind))
    return;
  file = g_file_new_for_commandline_arg (where);
  actions_of (widget)->export_to_file (GTK_WINDOW (widget), kind, file);
}

/* win.print, win.print-preview, and win.print-to (path): printed to a PDF through the print
 * operation, no dialog (tests). */
static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  GtkPrintOperationAction action = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG;

  if (g_str_equal (action_name, "win.print-preview"))
    action = GTK_PRINT_OPERATION_ACTION_PREVIEW;
  else if (g_str_equal (action_name, "win.print-to"))
    action = GTK_PRINT_OPERATION_ACTION_EXPORT;
  actions_of (widget)->print (GTK_WINDOW (widget), action,
                              param != NULL ? g_variant_get_string (param, NULL) : NULL);
}

static void
page_setup_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  muster_output_page_setup (GTK_WINDOW (widget));
}

/**
 * muster_output_install_actions:
 * @widget_class: a window class
 * @actions: (not nullable): static, what windows of the class do
 *
 * Installs win.export, win.export-to, win.print, win.print-preview, win.print-to and
 * win.page-setup on windows of @widget_class.
 */
void
muster_output_install_actions (GtkWidgetClass            *widget_class,
                               const MusterOutputActions *actions)
{
  g_type_set_qdata (G_TYPE_FROM_CLASS (widget_class), actions_quark (), (gpointer) actions);
  gtk_widget_class_install_action (widget_class, "win.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "win.export-to", "(ss)", export_to_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.print-preview", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.print-to", "s", print_action);
  gtk_widget_class_install_action (widget_class, "win.page-setup", NULL, page_setup_action);
}
