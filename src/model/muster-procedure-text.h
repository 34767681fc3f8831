/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-procedure.h"

G_BEGIN_DECLS

/*
 * The procedures' descriptors (src/engine/systems) keep the book's English, marked with N_():
 * the CLI and --json print them as they are. What the app shows passes through these, which
 * look the words up in the app's catalog. A word the app also uses elsewhere in another sense
 * is marked NC_("procedure", …) ("Light" armour is not the "Light" style), and looked up in
 * that context first. "" is kept as it is (gettext would give the header).
 */
static inline const char *
muster_procedure_text (const char *text)
{
  const char *shown;

  if (text == NULL || *text == '\0')
    return text;
  shown = g_dpgettext2 (GETTEXT_PACKAGE, "procedure", text);
  return shown != text ? shown : g_dgettext (GETTEXT_PACKAGE, text);
}

/* muster_procedure_text() for a text of @procedure, looked up in its own system's context
 * first: a word two systems use in different senses is marked NC_("procedure:SYSTEM", …) in
 * the one that means the other ("Round" is a gun's ammunition in most, a round of melee in
 * Undying Lands). */
static inline const char *
muster_procedure_text_in (const MusterProcedure *procedure,
                          const char            *text)
{
  if (procedure != NULL && text != NULL && *text != '\0')
    {
      g_autofree char *context = g_strconcat ("procedure:", procedure->system, NULL);
      const char *shown = g_dpgettext2 (GETTEXT_PACKAGE, context, text);

      if (shown != text)
        return shown;
    }
  return muster_procedure_text (text);
}

/* muster_procedure_format_value(), with a category's name translated. */
static inline char *
muster_procedure_format_value_shown (const MusterProcedure *procedure,
                                     guint                  output,
                                     int                    value)
{
  const char * const *labels = procedure->outputs[output].value_labels;

  if (labels != NULL && value >= 0 && (guint) value < g_strv_length ((char **) labels))
    return g_strdup (muster_procedure_text (labels[value]));
  return muster_procedure_format_value (procedure, output, value);
}

G_END_DECLS
