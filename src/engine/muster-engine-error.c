/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine-error.h"

G_DEFINE_QUARK (muster-engine-error-quark, muster_engine_error)

/* Sets @error to "FILE:LINE: message", the shape of every error about a file's content.
 * The message is in the app's language: xgettext takes the formats of this function and its
 * wrappers (muster_xml_fail(), doc_fail()) as msgids (po/meson.build's keywords). */
void
muster_engine_set_error_va (GError            **error,
                            MusterEngineError   code,
                            const char         *file,
                            long                line,
                            const char         *format,
                            va_list             args)
{
  g_autofree char *message = g_strdup_vprintf (g_dgettext (GETTEXT_PACKAGE, format), args);

  g_set_error (error, MUSTER_ENGINE_ERROR, code, "%s:%ld: %s", file, line, message);
}

void
muster_engine_set_error (GError            **error,
                         MusterEngineError   code,
                         const char         *file,
                         long                line,
                         const char         *format,
                         ...)
{
  va_list args;

  va_start (args, format);
  muster_engine_set_error_va (error, code, file, line, format, args);
  va_end (args);
}
