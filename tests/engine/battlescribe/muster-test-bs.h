/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <string.h>

#include "muster-bs-data.h"
#include "muster-bs-roster.h"

/* A data set from a game system and one catalogue written inline. */
static inline MusterBsData *
muster_test_bs_data (const char *gst,
                     const char *cat)
{
  MusterBsData *data = muster_bs_data_new ();
  g_autoptr(GBytes) g = g_bytes_new_static (gst, strlen (gst));
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_bs_data_add_bytes (data, "test.gst", g, &error));
  g_assert_no_error (error);
  if (cat != NULL)
    {
      g_autoptr(GBytes) c = g_bytes_new_static (cat, strlen (cat));

      g_assert_true (muster_bs_data_add_bytes (data, "test.cat", c, &error));
      g_assert_no_error (error);
    }
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);
  return data;
}

/* Selects @entry_id in @parent (NULL: @force's root), which must succeed. */
static inline MusterBsSelection *
muster_test_bs_select (MusterBsRoster    *roster,
                       MusterBsForce     *force,
                       MusterBsSelection *parent,
                       const char        *entry_id)
{
  g_autoptr(GError) error = NULL;
  MusterBsSelection *sel = muster_bs_roster_select (roster, force, parent, entry_id, NULL,
                                                    &error);

  g_assert_no_error (error);
  g_assert_nonnull (sel);
  return sel;
}

static inline double
muster_test_bs_cost (GArray     *costs,
                     const char *type_id)
{
  for (guint i = 0; i < costs->len; i++)
    if (g_strcmp0 (g_array_index (costs, MusterBsCost, i).type_id, type_id) == 0)
      return g_array_index (costs, MusterBsCost, i).value;
  return -12345;
}

static inline int
muster_test_bs_compare (gconstpointer a,
                        gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The findings as "owner_type owner_entry_id from entry_id/constraint_id", sorted, joined
 * with "; ". */
static inline char *
muster_test_bs_findings (MusterBsRoster *roster)
{
  g_autoptr(GPtrArray) findings = muster_bs_roster_get_findings (roster);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < findings->len; i++)
    {
      MusterBsFinding *f = g_ptr_array_index (findings, i);

      g_ptr_array_add (lines, g_strdup_printf ("%s %s from %s/%s", f->owner_type,
                                               f->owner_entry_id ? f->owner_entry_id : "-",
                                               f->entry_id, f->constraint_id));
    }
  g_ptr_array_sort (lines, muster_test_bs_compare);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("; ", (char **) lines->pdata);
}
