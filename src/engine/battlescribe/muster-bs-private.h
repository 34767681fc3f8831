/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <string.h>

#include "muster-bs-data.h"

G_BEGIN_DECLS

/* Nodes come from blocks, never freed one by one. The first block is small and each next one
 * twice the last, up to MUSTER_BS_NODE_BLOCK: a small file (a test's, or each input of a
 * fuzz run) does not pay for a 650 KB block, zeroed and page-faulted in, while a big one
 * still takes few allocations. */
#define MUSTER_BS_NODE_FIRST_BLOCK 32
#define MUSTER_BS_NODE_BLOCK 4096

/* muster_bs_data_copy() copies each field: a new one needs its line there. */
struct _MusterBsData
{
  GStringChunk *strings;       /* made by the first file loaded, sized after it */
  /* The interned strings, as a set: those of the files loaded, and (nullable) those first
   * interned after, by muster_bs_data_intern(). Apart, so that the ids a roster makes up
   * ("link::entry") grow a small table: growing the files' one, some 500,000 strings for
   * wh40k-10e, rehashed it all, 5 to 9 ms in one unlucky edit (issue 21). A string is in
   * one of the two at most. */
  GHashTable   *interned;
  GHashTable   *late;
  /* (nullable) Composite ids by the two interned strings they join (see
   * _muster_bs_data_join()); a cache, which a copy starts without. */
  GHashTable   *joined;
  gboolean      loaded_joins;  /* some string of the files loaded has "::" in it */
  GPtrArray    *blocks;        /* MusterBsNode[block_size] the last, the others full */
  guint         block_size;
  guint         block_used;
  guint         n_nodes;
  MusterBsNode *game_system;
  GPtrArray    *catalogues;    /* MusterBsNode*, load order */
  GPtrArray    *files;         /* every root, game system included */
  GHashTable   *index;         /* interned id -> MusterBsNode* (first wins) */
  GPtrArray    *problems;      /* char*, NULL-terminated when read */
  GHashTable   *cost_types_used; /* interned cost type ids some <cost> names */
  GHashTable   *cycles_reported; /* entries whose required-entry cycle is a problem already */
  gboolean      resolved;
};

MusterBsNode *_muster_bs_data_new_node  (MusterBsData *self);
GStringChunk *_muster_bs_data_strings   (MusterBsData *self,
                                         gsize         file_size);
const char   *_muster_bs_data_intern_loaded (MusterBsData *self,
                                             const char   *s);
const char   *_muster_bs_data_join      (MusterBsData *self,
                                         const char   *prefix,
                                         const char   *id);
gboolean      _muster_bs_load_xml       (MusterBsData *self,
                                         const char   *name,
                                         const char   *data,
                                         gsize         length,
                                         GError      **error);
int           _muster_bs_find_doctype   (const char   *data,
                                         gsize         length);
GBytes       *_muster_bs_read_file      (const char   *path,
                                         gsize         max,
                                         GError      **error);
void          _muster_bs_data_problem   (MusterBsData       *self,
                                         const MusterBsNode *node,
                                         const char         *format,
                                         ...) G_GNUC_PRINTF (3, 4);

/* Strings of one data set are interned, so most equal ones are the same pointer and most
 * unequal ones differ in their first byte: both tested before strcmp(). */
static inline gboolean
_muster_bs_str_equal (const char *a,
                      const char *b)
{
  return a == b || (a != NULL && b != NULL && a[0] == b[0] && strcmp (a, b) == 0);
}

/* A zipped file starts with a local file header. */
static inline gboolean
_muster_bs_is_zip (const char *data,
                   gsize       length)
{
  return length >= 4 && data[0] == 'P' && data[1] == 'K' && data[2] == 3 && data[3] == 4;
}

G_END_DECLS
