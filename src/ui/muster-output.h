/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-export.h"
#include "muster-print.h"

G_BEGIN_DECLS

/*
 * What the windows share to get a document out: an export written to its file (as a save
 * is, never half-written) with a toast saying how it went, and printing through
 * GtkPrintOperation on the paper remembered in GSettings ("paper", "landscape"). The window
 * must belong to a MusterApplication.
 */

typedef void (*MusterToastFunc) (GtkWindow  *window,
                                 const char *message);

/**
 * MusterPrintPages:
 * @paginate: lays the job out once the paper (@page, in points) is known; returns the
 *   number of pages
 * @page_size: (nullable): the size of page @page_nr when it is not the paper's (a map in
 *   landscape)
 * @paint: draws page @page_nr, in points from the paper's corner
 * @free: frees the job
 *
 * What a print job draws.
 */
typedef struct
{
  guint (*paginate)  (gpointer               job,
                      const MusterSheetPage *page);
  void  (*page_size) (gpointer               job,
                      guint                  page_nr,
                      MusterSheetPage       *size);
  void  (*paint)     (gpointer               job,
                      cairo_t               *cr,
                      guint                  page_nr);
  void  (*free)      (gpointer               job);
} MusterPrintPages;

void muster_output_paper           (GtkWindow               *window,
                                    MusterSheetPage         *page);
void muster_output_write           (GtkWindow               *window,
                                    MusterToastFunc          toast,
                                    GFile                   *file,
                                    GBytes                  *bytes);
void muster_output_print           (GtkWindow               *window,
                                    MusterToastFunc          toast,
                                    const char              *title,
                                    const MusterPrintPages  *pages,
                                    gpointer                 job,
                                    GtkPrintOperationAction  action,
                                    const char              *export_path);
void muster_output_page_setup      (GtkWindow               *window);

/**
 * MusterOutputActions:
 * @dup_title: the document's title, which names the exported file and the print job
 * @check: whether the document can be exported as @kind now; a toast says why not
 * @export_to_file: writes @kind to @file, never half-written, and toasts how it went
 * @print: prints with @action; with %GTK_PRINT_OPERATION_ACTION_EXPORT, to the PDF
 *   @export_path without a dialog
 *
 * What a window of one kind does for the actions muster_output_install_actions() installs.
 */
typedef struct
{
  char    *(*dup_title)      (GtkWindow               *window);
  gboolean (*check)          (GtkWindow               *window,
                              MusterExportKind         kind);
  void     (*export_to_file) (GtkWindow               *window,
                              MusterExportKind         kind,
                              GFile                   *file);
  void     (*print)          (GtkWindow               *window,
                              GtkPrintOperationAction  action,
                              const char              *export_path);
} MusterOutputActions;

void muster_output_install_actions (GtkWidgetClass            *widget_class,
                                    const MusterOutputActions *actions);

G_END_DECLS
