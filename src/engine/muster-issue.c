/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-issue"

#include "config.h"

#include <string.h>

#include "muster-issue.h"

MusterIssue *
muster_issue_new (MusterSeverity  severity,
                  const char     *constraint,
                  const char     *force,
                  const char     *unit,
                  const char     *message)
{
  MusterIssue *self = g_new0 (MusterIssue, 1);

  self->severity = severity;
  self->constraint = g_strdup (constraint);
  self->force = g_strdup (force);
  self->unit = g_strdup (unit);
  self->message = g_strdup (message);
  return self;
}

void
muster_issue_free (MusterIssue *self)
{
  if (self == NULL)
    return;
  g_free (self->constraint);
  g_free (self->force);
  g_free (self->unit);
  g_free (self->message);
  g_free (self);
}

/**
 * muster_format_message:
 * @template_text: a constraint's message, with placeholders such as `{count}`
 * @pairs: (array zero-terminated=1): placeholder names and values, alternating
 *
 * Returns: (transfer full): the message; placeholders without a value stay as written
 */
char *
muster_format_message (const char         *template_text,
                       const char * const *pairs)
{
  GString *out = g_string_new (NULL);
  const char *p = template_text;

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
