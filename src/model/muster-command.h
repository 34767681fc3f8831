/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_COMMAND (muster_command_get_type ())

G_DECLARE_DERIVABLE_TYPE (MusterCommand, muster_command, MUSTER, COMMAND, GObject)

/**
 * MusterCommandClass:
 * @apply: make the change (also used for redo)
 * @revert: undo exactly what @apply did
 * @merge: optionally absorb @next (a later command of the same kind, such as a second
 *   keystroke in the same name field) so that one undo reverts both; return %TRUE if merged
 *
 * One reversible edit. Commands change the document only through reversible engine
 * operations, so apply → revert → apply always lands on the same state.
 */
struct _MusterCommandClass
{
  GObjectClass parent_class;

  void     (*apply)  (MusterCommand *self);
  void     (*revert) (MusterCommand *self);
  gboolean (*merge)  (MusterCommand *self,
                      MusterCommand *next);
};

const char *muster_command_get_label (MusterCommand *self);
void        muster_command_set_label (MusterCommand *self,
                                      const char    *label);
void        muster_command_apply     (MusterCommand *self);
void        muster_command_revert    (MusterCommand *self);
gboolean    muster_command_merge     (MusterCommand *self,
                                      MusterCommand *next);

G_END_DECLS
