/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdarg.h>

#include "muster-engine.h"
#include "muster-test-util.h"

/*
 * Legality tests of a shipped ruleset through the real validator: a one-force document with a
 * live MusterValidator, units added by name, and checks that compare the live findings with a
 * fresh muster_validate_doc() after every edit.
 */

typedef struct
{
  MusterDoc       *doc;
  MusterForce     *force;
  MusterValidator *validator;
} Legal;

static inline void
legal_init (Legal         *army,
            MusterRuleset *ruleset,
            gint64         limit)
{
  army->doc = muster_doc_new (muster_ruleset_get_id (ruleset), "1");
  muster_doc_set_title (army->doc, "Test");
  muster_doc_set_ruleset (army->doc, ruleset);
  muster_doc_insert_force (army->doc, 0, muster_force_new ("Host", limit));
  army->force = muster_doc_get_force (army->doc, 0);
  army->validator = muster_validator_new (army->doc);
}

static inline void
legal_teardown (Legal         *army,
                gconstpointer  data)
{
  muster_validator_free (army->validator);
  muster_doc_free (army->doc);
}

/* Adds a named unit with exactly the options listed (NULL-terminated) to @node (the force's
 * root if NULL). Returns: (transfer none): the unit */
static inline MusterUnit *
legal_add (Legal      *army,
           MusterNode *node,
           const char *name,
           const char *type,
           guint       size,
           ...)
{
  MusterUnit *unit = muster_unit_new (type, size);
  const char *option;
  va_list args;

  if (node == NULL)
    node = muster_force_get_root (army->force);
  g_free (muster_unit_set_name (unit, name));
  va_start (args, size);
  while ((option = va_arg (args, const char *)))
    muster_unit_set_option (unit, option, 1);
  va_end (args);
  muster_node_insert_unit (node, muster_node_get_n_units (node), unit);
  return unit;
}

/* Adds units of size 1 to @node from a spec such as "asl:e4:smg em*4 em:lmg": a unit type,
 * its options and optionally a count. */
static inline void
legal_add_spec (MusterNode *node,
                const char *spec)
{
  g_auto(GStrv) words = g_strsplit (spec, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_auto(GStrv) count = g_strsplit (words[i], "*", 2);
      g_auto(GStrv) parts = g_strsplit (count[0], ":", -1);
      guint n = count[1] ? (guint) g_ascii_strtoull (count[1], NULL, 10) : 1;

      if (*words[i] == '\0')
        continue;
      for (guint k = 0; k < n; k++)
        {
          MusterUnit *unit = muster_unit_new (parts[0], 1);

          for (guint p = 1; parts[p] != NULL; p++)
            muster_unit_set_option (unit, parts[p], 1);
          muster_node_insert_unit (node, muster_node_get_n_units (node), unit);
        }
    }
}

/* Adds a node of @level named @name under @parent (the root if NULL). */
static inline MusterNode *
legal_add_node (Legal      *army,
                MusterNode *parent,
                const char *level,
                const char *name)
{
  MusterNode *node = muster_node_new (level, name);

  if (parent == NULL)
    parent = muster_force_get_root (army->force);
  muster_node_insert_node (parent, muster_node_get_n_nodes (parent), node);
  return node;
}

static inline void
legal_remove (MusterUnit *unit)
{
  MusterNode *node = muster_unit_get_node (unit);

  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    if (muster_node_get_unit (node, i) == unit)
      {
        muster_unit_free (muster_node_remove_unit (node, i));
        return;
      }
  g_assert_not_reached ();
}

/* "severity rule path (location): message", one line per finding (the path "-" without
 * @with_ids). */
static inline char *
legal_describe (GPtrArray *issues,
                gboolean   with_ids)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < issues->len; i++)
    {
      const MusterIssue *issue = issues->pdata[i];

      g_string_append_printf (out, "%s %s %s (%s): %s\n",
                              muster_severity_to_string (issue->severity), issue->constraint,
                              with_ids && issue->path ? issue->path : "-", issue->location,
                              issue->message);
    }
  return g_string_free (out, FALSE);
}

/* The live validator agrees with a fresh evaluation. */
static inline void
legal_assert_fresh (Legal *army)
{
  g_autoptr(GPtrArray) live = muster_validator_list (army->validator);
  g_autoptr(GPtrArray) fresh = muster_validate_doc (army->doc);
  g_autofree char *a = legal_describe (live, TRUE);
  g_autofree char *b = legal_describe (fresh, TRUE);

  g_assert_cmpstr (a, ==, b);
}

/* Exactly @n findings of rule @id, every one of severity @severity (any severity with
 * MUSTER_SEVERITY_OFF, which no finding has); returns the first message (interned) or NULL. */
static inline const char *
legal_only (Legal          *army,
            const char     *id,
            MusterSeverity  severity,
            guint           n)
{
  g_autoptr(GPtrArray) issues = muster_validator_list (army->validator);
  const char *message = NULL;
  guint found = 0;

  legal_assert_fresh (army);
  for (guint i = 0; i < issues->len; i++)
    {
      MusterIssue *issue = issues->pdata[i];

      if (!g_str_equal (issue->constraint, id))
        continue;
      if (severity != MUSTER_SEVERITY_OFF)
        g_assert_cmpstr (muster_severity_to_string (issue->severity), ==,
                         muster_severity_to_string (severity));
      if (found++ == 0)
        message = g_intern_string (issue->message);
    }
  if (found != n)
    {
      g_autofree char *text = legal_describe (issues, TRUE);

      g_error ("%u findings of %s, expected %u:\n%s", found, id, n, text);
    }
  return message;
}

/* No finding at all. */
static inline void
legal_assert_clean (Legal *army)
{
  g_autoptr(GPtrArray) issues = muster_validator_list (army->validator);
  g_autofree char *text = legal_describe (issues, TRUE);

  legal_assert_fresh (army);
  g_assert_cmpstr (text, ==, "");
  g_assert_true (muster_validator_is_legal (army->validator));
}

/* The findings of the shipped sample @name (data/samples) validated with @ruleset. */
static inline char *
legal_sample (MusterRuleset *ruleset,
              const char    *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            name, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(GPtrArray) issues = NULL;
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  bytes = g_bytes_new (contents, length);
  doc = muster_doc_new_from_bytes (bytes, path, &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, ruleset);
  issues = muster_validate_doc (doc);
  return legal_describe (issues, TRUE);
}

/* A forbidden combination: a unit of @type named "X" with the options @bad breaks @rule with
 * @message; dropping @drop and picking @fix makes it legal. */
typedef struct
{
  const char     *rule;
  MusterSeverity  severity;
  const char     *type;
  const char     *bad[4];
  const char     *fix[3];
  const char     *drop;
  const char     *message;
} LegalForbid;

/* Each case, added to @node of a clean list, then fixed and removed again. */
static inline void
legal_check_forbid (Legal             *army,
                    MusterNode        *node,
                    guint              size,
                    const LegalForbid *cases,
                    guint              n)
{
  for (guint i = 0; i < n; i++)
    {
      const LegalForbid *c = &cases[i];
      MusterUnit *unit = legal_add (army, node, "X", c->type, size, NULL);

      for (guint j = 0; j < G_N_ELEMENTS (c->bad) && c->bad[j]; j++)
        muster_unit_set_option (unit, c->bad[j], 1);
      g_assert_cmpstr (legal_only (army, c->rule, c->severity, 1), ==, c->message);
      g_assert_true (muster_validator_is_legal (army->validator)
                     == (c->severity != MUSTER_SEVERITY_ERROR));
      if (c->drop)
        muster_unit_set_option (unit, c->drop, 0);
      for (guint j = 0; j < G_N_ELEMENTS (c->fix) && c->fix[j]; j++)
        muster_unit_set_option (unit, c->fix[j], 1);
      legal_assert_clean (army);
      legal_remove (unit);
    }
}

/* A shipped sample and its expected findings (legal_describe()), for legal_test_sample(). */
typedef struct
{
  MusterRuleset **ruleset;
  const char     *file;
  const char     *expected;
} LegalSample;

/* g_test_add_data_func() with a LegalSample. */
static inline void
legal_test_sample (gconstpointer data)
{
  const LegalSample *sample = data;
  g_autofree char *text = legal_sample (*sample->ruleset, sample->file);

  g_assert_cmpstr (text, ==, sample->expected);
}
