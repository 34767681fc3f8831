/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MUSTER_ENGINE_ERROR (muster_engine_error_quark ())

/**
 * MusterEngineError:
 * @MUSTER_ENGINE_ERROR_INVALID_FILE: the file is not well-formed XML, or not of the expected kind
 * @MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT: the file uses a DOCTYPE or entity declaration, which
 *   Muster never reads (they are how hostile files reach the network or blow up memory)
 * @MUSTER_ENGINE_ERROR_TOO_LARGE: the file is larger than Muster accepts
 * @MUSTER_ENGINE_ERROR_UNSUPPORTED_VERSION: the file's format version is newer than this Muster
 * @MUSTER_ENGINE_ERROR_INVALID_RULESET: a ruleset breaks the ruleset schema
 * @MUSTER_ENGINE_ERROR_UNKNOWN_RULESET: no installed ruleset has the requested id
 * @MUSTER_ENGINE_ERROR_INVALID_DOCUMENT: a document breaks the document schema
 * @MUSTER_ENGINE_ERROR_INVALID_INPUT: a procedure input is unknown, out of range, or not
 *   allowed together with another
 * @MUSTER_ENGINE_ERROR_UNKNOWN_PROCEDURE: no rule system offers the requested procedure
 * @MUSTER_ENGINE_ERROR_CANNOT_COST: a unit cannot be costed: its unit type or an option is
 *   unknown to the ruleset, or a table has no value for it
 *
 * Errors from the rules engine. Findings about an army list (over the points limit, a missing
 * leader) are diagnostics, not errors.
 */
typedef enum
{
  MUSTER_ENGINE_ERROR_INVALID_FILE,
  MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT,
  MUSTER_ENGINE_ERROR_TOO_LARGE,
  MUSTER_ENGINE_ERROR_UNSUPPORTED_VERSION,
  MUSTER_ENGINE_ERROR_INVALID_RULESET,
  MUSTER_ENGINE_ERROR_UNKNOWN_RULESET,
  MUSTER_ENGINE_ERROR_INVALID_DOCUMENT,
  MUSTER_ENGINE_ERROR_INVALID_INPUT,
  MUSTER_ENGINE_ERROR_UNKNOWN_PROCEDURE,
  MUSTER_ENGINE_ERROR_CANNOT_COST,
} MusterEngineError;

GQuark muster_engine_error_quark    (void);
void   muster_engine_set_error      (GError            **error,
                                     MusterEngineError   code,
                                     const char         *file,
                                     long                line,
                                     const char         *format,
                                     ...) G_GNUC_PRINTF (5, 6);
void   muster_engine_set_error_va   (GError            **error,
                                     MusterEngineError   code,
                                     const char         *file,
                                     long                line,
                                     const char         *format,
                                     va_list             args) G_GNUC_PRINTF (5, 0);

G_END_DECLS
