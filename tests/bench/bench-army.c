/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "muster-engine.h"
#include "muster-bench-util.h"

/*
 * Times a generated 1,000-unit Battle Valor Fantasy list: loading it, costing and validating
 * it from scratch, and re-costing and re-validating after one edit, each edit beside the naive
 * full recompute (every unit re-costed, every constraint evaluated afresh). Prints one plain
 * text line a figure. The targets: load under 50 ms, full cost and validation under 10 ms,
 * one edit under 1 ms, peak memory under 50 MB.
 */

#define N_UNITS 1000

typedef struct
{
  MusterRuleset   *ruleset;
  GBytes          *bytes;
  MusterDoc       *doc;
  MusterValidator *validator;
  MusterForce     *force;
  guint            step;
} Bench;

static void
load (gpointer data)
{
  Bench *b = data;
  g_autoptr(GError) error = NULL;
  MusterDoc *doc = muster_doc_new_from_bytes (b->bytes, "horde.muster", &error);

  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, b->ruleset);
  muster_doc_free (doc);
}

/* Every unit costed, every constraint evaluated, from nothing. */
static void
full (gpointer data)
{
  Bench *b = data;
  g_autoptr(GPtrArray) issues = NULL;

  muster_doc_set_ruleset (b->doc, b->ruleset);
  issues = muster_validator_list (b->validator);
  g_assert_nonnull (issues);
}

/* The costing part alone: every unit re-costed, nothing validated. */
static void
recost (gpointer data)
{
  Bench *b = data;

  muster_doc_set_ruleset (b->doc, b->ruleset);
}

static MusterUnit *
some_unit (Bench *b)
{
  MusterNode *root = muster_force_get_root (b->force);

  b->step = (b->step * 7919 + 13) % muster_node_get_n_units (root);
  return muster_node_get_unit (root, b->step);
}

static void
take (Bench *b)
{
  g_autoptr(GPtrArray) in = NULL;
  g_autoptr(GPtrArray) out = NULL;

  muster_validator_take_changes (b->validator, &in, &out);
}

static void
edit_size (gpointer data)
{
  Bench *b = data;
  MusterUnit *unit = some_unit (b);

  muster_unit_set_size (unit, muster_unit_get_size (unit) ^ 1);
  take (b);
}

static void
edit_option (gpointer data)
{
  Bench *b = data;
  MusterUnit *unit = some_unit (b);

  muster_unit_set_option (unit, "shields", muster_unit_get_option_count (unit, "shields") ? 0 : 1);
  take (b);
}

static void
edit_insert_remove (gpointer data)
{
  Bench *b = data;
  MusterNode *root = muster_force_get_root (b->force);
  MusterUnit *unit = muster_unit_new ("shock-troops", 3);

  muster_unit_set_option (unit, "regular", 1);
  muster_node_insert_unit (root, 0, unit);
  take (b);
  muster_unit_free (muster_node_remove_unit (root, 0));
  take (b);
}

static void
edit_limit (gpointer data)
{
  Bench *b = data;

  muster_force_set_points_limit (b->force, muster_force_get_points_limit (b->force) ^ 1000);
  take (b);
}

/* Peak resident memory in MB, from /proc (0 where there is none). */
static double
peak_mb (void)
{
  g_autofree char *status = NULL;
  const char *line;
  long kb = 0;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmHWM:")) == NULL)
    return 0;
  sscanf (line, "VmHWM: %ld", &kb);
  return kb / 1024.0;
}

int
main (int   argc,
      char *argv[])
{
  static const struct {
    const char *name;
    BenchFunc   func;
    guint       edits;
  } edits[] = {
    { "set one unit's size", edit_size, 1 },
    { "toggle one unit's option", edit_option, 1 },
    { "insert a unit, then remove it", edit_insert_remove, 2 },
    { "change the points limit", edit_limit, 1 },
  };
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                                            "battle-valor-fantasy.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) issues = NULL;
  Bench b = { 0 };
  double seconds, whole, costing;

  b.ruleset = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);
  b.bytes = bench_bvf_list (N_UNITS);

  seconds = time_per_call (load, &b);
  g_print ("load %u units (parse, bind, cost every unit): %.2f ms (target < 50 ms)\n",
           N_UNITS, seconds * 1e3);

  b.doc = muster_doc_new_from_bytes (b.bytes, "horde.muster", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (b.doc, b.ruleset);
  b.force = muster_doc_get_force (b.doc, 0);
  costing = time_per_call (recost, &b);
  b.validator = muster_validator_new (b.doc);
  issues = muster_validator_list (b.validator);

  whole = time_per_call (full, &b);
  g_print ("full cost + validation of %u units (%u findings): %.3f ms (target < 10 ms), "
           "of which costing %.3f ms\n", N_UNITS, issues->len, whole * 1e3, costing * 1e3);

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      seconds = time_per_call (edits[i].func, &b) / edits[i].edits;
      g_print ("%s, re-cost + re-validate: %.4f ms an edit (target < 1 ms); the naive full "
               "recompute %.3f ms (%.0fx the incremental time)\n",
               edits[i].name, seconds * 1e3, whole * 1e3, whole / seconds);
    }

  g_print ("peak memory (VmHWM): %.1f MB (target < 50 MB)\n", peak_mb ());

  muster_validator_free (b.validator);
  muster_doc_free (b.doc);
  g_bytes_unref (b.bytes);
  muster_ruleset_unref (b.ruleset);
  return 0;
}
