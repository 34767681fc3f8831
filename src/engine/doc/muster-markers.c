/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-markers"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-markers.h"

/* The token of @name in @tokens, or -1. */
static int
find_token (char * const *tokens,
            const char   *name)
{
  gsize len = strlen (name);

  for (int i = 0; tokens[i] != NULL; i++)
    if (strncmp (tokens[i], name, len) == 0 && (tokens[i][len] == '\0' || tokens[i][len] == '='))
      return i;
  return -1;
}

/**
 * muster_markers_get:
 * @markers: (nullable): a unit's markers
 *
 * Returns: (transfer full) (nullable): the value of @name, "" for a flag, %NULL when absent
 */
char *
muster_markers_get (const char *markers,
                    const char *name)
{
  g_auto(GStrv) tokens = NULL;
  int i;
  const char *eq;

  /* most units carry none, and the odds' fill asks on every frame of a drag */
  if (markers == NULL || *markers == '\0')
    return NULL;
  tokens = g_strsplit_set (markers, " ", -1);
  i = find_token (tokens, name);
  if (i < 0)
    return NULL;
  eq = strchr (tokens[i], '=');
  return g_strdup (eq ? eq + 1 : "");
}

/* Returns: the number @name carries, 1 for a flag, 0 when absent or not a number */
int
muster_markers_get_int (const char *markers,
                        const char *name)
{
  g_autofree char *value = muster_markers_get (markers, name);
  gint64 n = 0;

  if (value == NULL)
    return 0;
  if (value[0] == '\0')
    return 1;
  if (!g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &n, NULL))
    return 0;
  return (int) n;
}

/**
 * muster_markers_set:
 * @markers: (nullable): a unit's markers
 * @value: (nullable): the value; "" for a flag, %NULL removes the marker
 *
 * Returns: (transfer full) (nullable): @markers with @name set (in its place, or last), %NULL
 *   when none is left
 */
char *
muster_markers_set (const char *markers,
                    const char *name,
                    const char *value)
{
  g_auto(GStrv) tokens = g_strsplit_set (markers ? markers : "", " ", -1);
  g_autoptr(GString) out = g_string_new (NULL);
  int at = find_token (tokens, name);
  gboolean placed = FALSE;

  for (int i = 0; tokens[i] != NULL || !placed; i++)
    {
      const char *token = tokens[i];

      if (token == NULL || i == at)
        {
          placed = TRUE;
          if (value == NULL)
            {
              if (token == NULL)
                break;
              continue;
            }
          if (out->len > 0)
            g_string_append_c (out, ' ');
          g_string_append (out, name);
          if (value[0] != '\0')
            g_string_append_printf (out, "=%s", value);
          if (token == NULL)
            break;
          continue;
        }
      if (token[0] == '\0')
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, token);
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

/* A count of 0 or less removes the marker. */
char *
muster_markers_set_int (const char *markers,
                        const char *name,
                        int         value)
{
  g_autofree char *text = value > 0 ? g_strdup_printf ("%d", value) : NULL;

  return muster_markers_set (markers, name, text);
}

/* The words the systems' effects write on units (muster-resolve.c and the systems'
 * *-effects.c): the markers' names, and the words a marker's value can be (a category's name
 * as a slug, "attitude=nervous"). A reader sees them in their language; a marker the file's
 * author made up, and any number, stays as it is. */
static const char * const marker_words[] = {
  NC_("marker", "attitude"), NC_("marker", "casualties"), NC_("marker", "confidence-lost"),
  NC_("marker", "disordered"), NC_("marker", "hits"), NC_("marker", "injury"),
  NC_("marker", "ip-lost"), NC_("marker", "morale"), NC_("marker", "pinned"),
  NC_("marker", "suppressed"), NC_("marker", "suppression"),
  /* MoV's attitudes and injuries, H&M's morale */
  NC_("marker", "fanatic"), NC_("marker", "nervous"), NC_("marker", "panic"),
  NC_("marker", "steady"), NC_("marker", "slight"), NC_("marker", "moderate"),
  NC_("marker", "severe"), NC_("marker", "routed"), NC_("marker", "shaken"),
  NULL
};

static void
append_word (GString    *text,
             const char *word)
{
  g_string_append (text, g_strv_contains (marker_words, word)
                         ? g_dpgettext2 (GETTEXT_PACKAGE, "marker", word) : word);
}

/**
 * muster_markers_describe:
 * @markers: (nullable): a unit's markers
 * @n: (out) (optional): how many markers it carries
 *
 * The markers for a reader, in the systems' own words and the user's language:
 * "suppression=2 pinned morale=shaken" is "suppression 2 · pinned · morale shaken" in
 * English.
 *
 * Returns: (transfer full) (nullable): the words, %NULL when there are no markers
 */
char *
muster_markers_describe (const char *markers,
                         guint      *n)
{
  g_auto(GStrv) tokens = g_strsplit (markers ? markers : "", " ", -1);
  g_autoptr(GString) text = g_string_new (NULL);
  guint count = 0;

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      char *value;

      if (tokens[i][0] == '\0')
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      value = strchr (tokens[i], '=');
      if (value != NULL)
        *value++ = '\0';
      append_word (text, tokens[i]);
      if (value != NULL)
        {
          g_string_append_c (text, ' ');
          append_word (text, value);
        }
      count++;
    }
  if (n != NULL)
    *n = count;
  return count > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}
