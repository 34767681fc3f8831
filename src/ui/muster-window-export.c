/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window-export"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-export.h"
#include "muster-output.h"
#include "muster-sheet-painter.h"
#include "muster-window-private.h"

/*
 * The window's Export menu and printing. Files are made by muster_export() (what muster-cli
 * export writes) and written as documents are (muster_output_write()); printing draws the very
 * pages the PDF has (muster_output_print(), shared with the roster window).
 */

/* A MusterToastFunc: the exports and saves say how they went. */
void
_muster_window_toast (GtkWindow  *window,
                      const char *message)
{
  muster_window_add_toast (MUSTER_WINDOW (window), message);
}

static char *
document_title (MusterWindow *self)
{
  return muster_document_dup_title (muster_window_get_document (self));
}

static char *
dup_title (GtkWindow *window)
{
  return document_title (MUSTER_WINDOW (window));
}

/* Export */

/* An export running in a thread, until it reports back */
typedef struct
{
  MusterExportBar *bar;
  char            *name;
} Export;

static void
export_free (Export *export)
{
  g_object_unref (export->bar);
  g_free (export->name);
  g_free (export);
}

static void
export_progress (double   fraction,
                 gpointer data)
{
  muster_export_bar_set_fraction (data, fraction);
}

static void
exported_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Export *export = data;
  GtkRoot *window = gtk_widget_get_root (GTK_WIDGET (export->bar));
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  muster_export_bar_stop (export->bar);
  if (muster_export_to_file_finish (result, &error))
    message = g_strdup_printf (_("Exported “%s”"), export->name);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    message = g_strdup_printf (_("Export cancelled: “%s” was left as it was"), export->name);
  else
    message = g_strdup_printf (_("Could not export %s: %s"), export->name, error->message);
  g_debug ("%s", message);
  /* A window closed meanwhile has no one to tell. */
  if (MUSTER_IS_WINDOW (window))
    muster_window_add_toast (MUSTER_WINDOW (window), message);
  export_free (export);
}

/* Writes @kind to @file; a toast tells how it went. A local file is written in a thread, with
 * progress and Cancel under the header bar, so that a big document does not freeze the window;
 * a remote one (no path) is made here and written as a save is. */
static void
export_to_file (GtkWindow        *window,
                MusterExportKind  kind,
                GFile            *file)
{
  MusterWindow *self = MUSTER_WINDOW (window);
  MusterDocument *document = muster_window_get_document (self);
  MusterExportBar *bar = _muster_window_get_export_bar (self);
  MusterExportOptions options = { kind };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *title = document_title (self);
  g_autofree char *path = g_file_get_path (file);

  muster_output_paper (GTK_WINDOW (self), &options.page);
  options.scale = MUSTER_MAP_SCALE_FIT;
  if (muster_document_get_ruleset (document) == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                         _("its rule system is not installed"));
  else if (path != NULL)
    {
      Export *export;
      GCancellable *cancellable;
      g_autofree char *label = NULL;

      if (muster_export_bar_get_busy (bar))
        {
          muster_window_add_toast (self, _("An export is still running: wait for it, or "
                                            "cancel it"));
          return;
        }
      export = g_new0 (Export, 1);
      export->bar = g_object_ref (bar);
      export->name = g_file_get_basename (file);
      label = g_strdup_printf (_("Exporting “%s”…"), export->name);
      cancellable = muster_export_bar_start (bar, label);
      muster_export_to_file_async (muster_document_get_doc (document),
                                   muster_document_get_ruleset (document), title, &options,
                                   path, export_progress, bar, cancellable, exported_cb, export);
      return;
    }
  else
    bytes = muster_export (muster_document_get_doc (document),
                           muster_document_get_ruleset (document), title, &options, &error);
  if (bytes == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not export: %s"), error->message);

      muster_window_add_toast (self, message);
      return;
    }
  muster_output_write (GTK_WINDOW (self), _muster_window_toast, file, bytes);
}

static gboolean
check_battlefield (GtkWindow        *window,
                   MusterExportKind  kind)
{
  MusterWindow *self = MUSTER_WINDOW (window);
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (self));

  if (!muster_export_kind_needs_battlefield (kind) || muster_doc_get_battlefield (doc) != NULL)
    return TRUE;
  muster_window_add_toast (self, _("This document has no battlefield to print: lay one out in "
                                   "the Battlefield workspace"));
  return FALSE;
}

/* Print */

/* What one print job draws: the packet when the battlefield is shown and there is one, else
 * the army list. Made when the paper is known. */
typedef struct
{
  MusterDocument     *document;
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
  g_clear_object (&job->document);
  g_free (job);
}

static guint
print_job_paginate (gpointer               data,
                    const MusterSheetPage *page)
{
  PrintJob *job = data;

  if (job->packet)
    job->printed_packet = muster_packet_new (muster_document_get_doc (job->document), job->list,
                                             job->types, MUSTER_PACKET_FULL,
                                             MUSTER_MAP_SCALE_FIT, page, NULL);
  if (job->printed_packet != NULL)
    return muster_packet_get_n_pages (job->printed_packet);
  job->sheet = muster_sheet_new (job->list, MUSTER_SHEET_LIST, page);
  return muster_sheet_get_n_pages (job->sheet);
}

/* The packet's map page is landscape. */
static void
print_job_page_size (gpointer         data,
                     guint            page_nr,
                     MusterSheetPage *size)
{
  PrintJob *job = data;

  if (job->printed_packet != NULL)
    muster_packet_get_page_size (job->printed_packet, page_nr, size);
}

static void
print_job_paint (gpointer  data,
                 cairo_t  *cr,
                 guint     page_nr)
{
  PrintJob *job = data;

  if (job->printed_packet != NULL)
    muster_packet_paint_page (job->printed_packet, cr, page_nr);
  else
    muster_sheet_paint_page (job->sheet, cr, page_nr);
}

static const MusterPrintPages print_job_pages = {
  print_job_paginate, print_job_page_size, print_job_paint, print_job_free,
};

static void
run_print (GtkWindow               *window,
           GtkPrintOperationAction  action,
           const char              *export_path)
{
  MusterWindow *self = MUSTER_WINDOW (window);
  MusterDocument *document = muster_window_get_document (self);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterRuleset *ruleset = muster_document_get_ruleset (document);
  g_autofree char *title = document_title (self);
  PrintJob *job;

  if (doc == NULL || ruleset == NULL)
    {
      muster_window_add_toast (self, _("Nothing to print: its rule system is not installed"));
      return;
    }
  job = g_new0 (PrintJob, 1);
  job->document = g_object_ref (document);
  job->list = muster_list_new (doc, ruleset, title);
  job->packet = muster_doc_get_battlefield (doc) != NULL &&
                g_strcmp0 (muster_window_get_workspace (self), "battlefield") == 0;
  if (job->packet)
    job->types = muster_terrain_types_new_for_ruleset (ruleset, NULL);
  muster_output_print (window, _muster_window_toast, title, &print_job_pages, job, action,
                       export_path);
}

/* Enables what needs a document. */
void
_muster_window_update_export_actions (MusterWindow *self,
                                      gboolean      has_doc)
{
  static const char * const actions[] = { "win.export", "win.export-to", "win.print",
                                          "win.print-preview", "win.print-to" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], has_doc);
}

void
_muster_window_class_init_export (GtkWidgetClass *widget_class)
{
  static const MusterOutputActions actions = {
    dup_title, check_battlefield, export_to_file, run_print,
  };

  muster_output_install_actions (widget_class, &actions);
}
