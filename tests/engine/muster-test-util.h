/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-error.h"

/* Checks one case of a table of bad inputs: no result, the engine error @code, and a message
 * starting with @prefix (the file, the line and the problem). */
static inline void
muster_assert_error_case (gconstpointer  result,
                          const GError  *error,
                          int            code,
                          const char    *prefix,
                          guint          index)
{
  if (result != NULL)
    g_error ("case %u: no error", index);
  if (error == NULL || error->domain != MUSTER_ENGINE_ERROR || error->code != code)
    g_error ("case %u: expected engine error %d, got %s", index, code,
             error ? error->message : "none");
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("case %u: “%s” does not start with “%s”", index, error->message, prefix);
}
