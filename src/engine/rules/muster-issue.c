/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-issue"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-issue.h"

MusterIssue *
muster_issue_new (MusterSeverity  severity,
                  const char     *constraint,
                  const char     *force,
                  const char     *unit,
                  const char     *message)
{
  MusterIssue *self = g_rc_box_new0 (MusterIssue);

  self->severity = severity;
  self->constraint = g_strdup (constraint);
  self->force = g_strdup (force);
  self->unit = g_strdup (unit);
  self->message = g_strdup (message);
  return self;
}

MusterIssue *
muster_issue_ref (MusterIssue *self)
{
  return g_rc_box_acquire (self);
}

static void
issue_clear (gpointer data)
{
  MusterIssue *self = data;

  g_free (self->constraint);
  g_free (self->force);
  g_free (self->node);
  g_free (self->unit);
  g_free (self->message);
  g_free (self->path);
  g_free (self->location);
}

/* Drops a reference (the name predates the reference count). */
void
muster_issue_free (MusterIssue *self)
{
  if (self != NULL)
    g_rc_box_release_full (self, issue_clear);
}

/* Whether two findings say the same thing about the same place. */
gboolean
muster_issue_equal (const MusterIssue *a,
                    const MusterIssue *b)
{
  return a->severity == b->severity &&
         g_strcmp0 (a->constraint, b->constraint) == 0 &&
         g_strcmp0 (a->force, b->force) == 0 &&
         g_strcmp0 (a->node, b->node) == 0 &&
         g_strcmp0 (a->unit, b->unit) == 0 &&
         g_strcmp0 (a->message, b->message) == 0 &&
         g_strcmp0 (a->path, b->path) == 0 &&
         g_strcmp0 (a->location, b->location) == 0;
}

/* Returns: "error", "warning", "info" or "off" */
const char *
muster_severity_to_string (MusterSeverity severity)
{
  switch (severity)
    {
    case MUSTER_SEVERITY_ERROR:
      return "error";
    case MUSTER_SEVERITY_WARNING:
      return "warning";
    case MUSTER_SEVERITY_INFO:
      return "info";
    case MUSTER_SEVERITY_OFF:
    default:
      return "off";
    }
}

/**
 * muster_format_message:
 * @template_text: a constraint's message, with placeholders such as `{count}`
 * @pairs: (array zero-terminated=1): placeholder names and values, alternating
 *
 * The template is translated first (the app's catalogue holds the rulesets' messages, which
 * xgettext takes through data/its/, and the engine's own, marked N_()), so the placeholders
 * are tokens the translation keeps and the values filled in are never looked up. A program
 * that binds no catalogue, or runs in an English locale, gets the template as written; a
 * house ruleset's message is not in the catalogue and stays as its author wrote it.
 *
 * Returns: (transfer full): the message; placeholders without a value stay as written
 */
char *
muster_format_message (const char         *template_text,
                       const char * const *pairs)
{
  GString *out = g_string_new (NULL);
  /* dgettext("") would answer the catalogue's header */
  const char *p = *template_text != '\0' ? g_dgettext (GETTEXT_PACKAGE, template_text)
                                          : template_text;

  while (*p != '\0')
    {
      const char *close;
      gboolean done = FALSE;

      if (*p != '{' || (close = strchr (p, '}')) == NULL)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      for (guint i = 0; pairs != NULL && pairs[i] && pairs[i + 1] && !done; i += 2)
        if (strlen (pairs[i]) == (gsize) (close - p - 1) &&
            strncmp (pairs[i], p + 1, close - p - 1) == 0)
          {
            g_string_append (out, pairs[i + 1]);
            done = TRUE;
          }
      if (!done)
        g_string_append_len (out, p, close - p + 1);
      p = close + 1;
    }
  return g_string_free (out, FALSE);
}
