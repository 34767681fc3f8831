/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster-model"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army-commands.h"
#include "muster-choice-price.h"
#include "muster-bs-scenario.h"
#include "muster-engine.h"
#include "muster-list-export.h"
#include "muster-roster-model.h"

/* Rows */

struct _MusterRosterRow
{
  GObject            parent_instance;

  /* Owned References */
  MusterDocument    *document;
  MusterRosterModel *children;   /* node rows only, made on first use */

  /* Borrowed: a row lives no longer than the model that shows the unit or node */
  MusterUnit        *unit;
  MusterNode        *node;

  /* Copies, so that a row shown after its document was replaced reads no freed memory */
  char              *name;
  char              *type_name;
  char              *subtitle;   /* the type, then the options taken: under the name */
  guint              size;
  gint64             cost;
  char              *cost_text;
  gboolean           house;
  char              *stats;
  const char        *issue_icon;   /* static: the worst finding's about this row itself */
};

enum {
  ROW_PROP_0,
  ROW_PROP_NAME,
  ROW_PROP_TYPE_NAME,
  ROW_PROP_SUBTITLE,
  ROW_PROP_SIZE,
  ROW_PROP_SIZE_TEXT,
  ROW_PROP_COST,
  ROW_PROP_COST_TEXT,
  ROW_PROP_COST_IS_HOUSE,
  ROW_PROP_STATS,
  ROW_PROP_IS_NODE,
  ROW_PROP_ISSUE_ICON,
  ROW_PROP_ISSUE_CLASSES,
  N_ROW_PROPS
};

G_DEFINE_FINAL_TYPE (MusterRosterRow, muster_roster_row, G_TYPE_OBJECT)

static GParamSpec *row_properties[N_ROW_PROPS];

/**
 * muster_unit_dup_stats_summary:
 * @force: (nullable): the unit's force, for list options
 *
 * Returns: (transfer full): the unit's numeric statistics that have an abbreviation, after its
 *   options: "MR 4 · A 4 · Arm 1"
 */
char *
muster_unit_dup_stats_summary (MusterRuleset *ruleset,
                               MusterForce   *force,
                               MusterUnit    *unit)
{
  g_autoptr(MusterStats) stats = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  const GPtrArray *list;

  if (ruleset == NULL)
    return g_strdup ("");

  stats = muster_system_derived_stats (ruleset, force, unit);
  list = muster_ruleset_list (ruleset, MUSTER_ITEM_STAT);
  for (guint i = 0; stats != NULL && list != NULL && i < list->len; i++)
    {
      const MusterStat *stat = list->pdata[i];
      double value;

      if (stat->abbreviation == NULL ||
          (stat->type != MUSTER_STAT_NUMBER && stat->type != MUSTER_STAT_DIE) ||
          !muster_stats_get_number (stats, stat->item.id, &value))
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append_printf (text, "%s %g", stat->abbreviation, value);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
set_string (char       **field,
            const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static char *
dup_cost_text (gint64   value,
               gboolean house,
               gboolean error)
{
  if (error)
    return g_strdup ("?");
  return g_strdup_printf ("%" G_GINT64_FORMAT "%s", value, house ? "*" : "");
}

/* The style classes that colour a finding's icon: "error", "warning" or "accent" */
static const char * const *
issue_classes (const char *icon)
{
  static const char * const error[] = { "error", NULL };
  static const char * const warning[] = { "warning", NULL };
  static const char * const accent[] = { "accent", NULL };
  static const char * const none[] = { NULL };

  if (g_strcmp0 (icon, "dialog-error-symbolic") == 0)
    return error;
  if (g_strcmp0 (icon, "dialog-warning-symbolic") == 0)
    return warning;
  return icon != NULL ? accent : none;
}

/* Reads the findings again; returns whether the row's mark changed. */
static gboolean
update_issue_icon (MusterRosterRow *self)
{
  MusterDiagnostics *diagnostics =
    MUSTER_DIAGNOSTICS (muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (self->document)));
  const char *icon = self->unit != NULL
    ? muster_diagnostics_get_icon_for (diagnostics, muster_unit_get_id (self->unit), NULL)
    : muster_diagnostics_get_icon_for (diagnostics, NULL, muster_node_get_id (self->node));

  if (g_strcmp0 (icon, self->issue_icon) == 0)
    return FALSE;
  self->issue_icon = icon;
  return TRUE;
}

/* Reads the engine again and notifies what changed. */
static void
muster_roster_row_update (MusterRosterRow *self)
{
  MusterRuleset *ruleset = muster_document_get_ruleset (self->document);
  g_autofree char *name = NULL;
  g_autofree char *type_name = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *cost_text = NULL;
  g_autofree char *stats = NULL;
  gint64 cost;
  gboolean house;
  guint size = 0;
  GParamSpec *changed[N_ROW_PROPS];
  guint n_changed = 0;

  if (self->unit != NULL)
    {
      const MusterCost *unit_cost = muster_unit_get_cost (self->unit);
      const MusterUnitType *type = ruleset
        ? muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (self->unit)) : NULL;

      name = muster_unit_dup_display_name (self->unit, ruleset);
      if (type != NULL)
        type_name = g_strdup (type->item.name);
      else if (g_strcmp0 (muster_doc_get_ruleset_id (muster_document_get_doc (self->document)),
                          MUSTER_BS_SCENARIO_RULESET) == 0)
        {
          /* A roster's unit: its type is a made-up id ("bs-cd69-…") that means nothing to
           * anyone, so its entry's name says what it is, where the player's name for it
           * does not already, and then its models. */
          const char *entry = muster_unit_get_entry_name (self->unit);
          g_autofree char *models = muster_format_size ("model",
                                                        muster_unit_get_size (self->unit));

          if (entry != NULL && g_strcmp0 (entry, name) != 0)
            /* TRANSLATORS: a roster unit's entry and models, "Intercessor Squad · 5 models" */
            type_name = g_strdup_printf (_("%s · %s"), entry, models);
          else
            type_name = g_steal_pointer (&models);
        }
      else
        type_name = g_strdup (muster_unit_get_type_id (self->unit));
      {
        g_autofree char *choices = muster_unit_dup_choices (ruleset, self->unit);

        /* TRANSLATORS: under a roster row's name: its unit type, then the options taken,
         * "Infantry · Veteran, Heavy armour, Shields" */
        subtitle = choices ? g_strdup_printf (_("%s · %s"), type_name, choices)
                           : g_strdup (type_name);
      }
      size = muster_unit_get_size (self->unit);
      cost = unit_cost->value;
      house = unit_cost->house;
      cost_text = dup_cost_text (cost, house, unit_cost->error != NULL);
      stats = muster_unit_dup_stats_summary (ruleset, muster_unit_get_force (self->unit),
                                             self->unit);
    }
  else
    {
      const MusterLevel *level = ruleset
        ? muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL, muster_node_get_level (self->node))
        : NULL;

      name = g_strdup (muster_node_get_name (self->node));
      type_name = g_strdup (level ? level->item.name : muster_node_get_level (self->node));
      subtitle = g_strdup (type_name);
      cost = muster_node_get_total (self->node);
      house = muster_node_is_house (self->node);
      cost_text = dup_cost_text (cost, house, FALSE);
      stats = g_strdup ("");
    }

  if (set_string (&self->name, name))
    changed[n_changed++] = row_properties[ROW_PROP_NAME];
  if (set_string (&self->type_name, type_name))
    changed[n_changed++] = row_properties[ROW_PROP_TYPE_NAME];
  if (set_string (&self->subtitle, subtitle))
    changed[n_changed++] = row_properties[ROW_PROP_SUBTITLE];
  if (self->size != size)
    {
      self->size = size;
      changed[n_changed++] = row_properties[ROW_PROP_SIZE];
      changed[n_changed++] = row_properties[ROW_PROP_SIZE_TEXT];
    }
  if (self->cost != cost)
    {
      self->cost = cost;
      changed[n_changed++] = row_properties[ROW_PROP_COST];
    }
  if (set_string (&self->cost_text, cost_text))
    changed[n_changed++] = row_properties[ROW_PROP_COST_TEXT];
  if (self->house != house)
    {
      self->house = house;
      changed[n_changed++] = row_properties[ROW_PROP_COST_IS_HOUSE];
    }
  if (set_string (&self->stats, stats))
    changed[n_changed++] = row_properties[ROW_PROP_STATS];
  if (update_issue_icon (self))
    {
      changed[n_changed++] = row_properties[ROW_PROP_ISSUE_ICON];
      changed[n_changed++] = row_properties[ROW_PROP_ISSUE_CLASSES];
    }

  for (guint i = 0; i < n_changed; i++)
    g_object_notify_by_pspec (G_OBJECT (self), changed[i]);
}

static MusterRosterRow *
muster_roster_row_new (MusterDocument *document,
                       MusterUnit     *unit,
                       MusterNode     *node)
{
  MusterRosterRow *self = g_object_new (MUSTER_TYPE_ROSTER_ROW, NULL);

  self->document = g_object_ref (document);
  self->unit = unit;
  self->node = node;
  muster_roster_row_update (self);
  return self;
}

static void
muster_roster_row_finalize (GObject *object)
{
  MusterRosterRow *self = MUSTER_ROSTER_ROW (object);

  g_clear_object (&self->children);
  g_clear_object (&self->document);
  g_free (self->name);
  g_free (self->type_name);
  g_free (self->subtitle);
  g_free (self->cost_text);
  g_free (self->stats);

  G_OBJECT_CLASS (muster_roster_row_parent_class)->finalize (object);
}

static void
muster_roster_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterRosterRow *self = MUSTER_ROSTER_ROW (object);

  switch (prop_id)
    {
    case ROW_PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case ROW_PROP_TYPE_NAME:
      g_value_set_string (value, self->type_name);
      break;

    case ROW_PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;

    case ROW_PROP_SIZE:
      g_value_set_uint (value, self->size);
      break;

    case ROW_PROP_SIZE_TEXT:
      /* Nodes have no size of their own. */
      if (self->unit != NULL)
        g_value_take_string (value, g_strdup_printf ("%u", self->size));
      else
        g_value_set_static_string (value, "");
      break;

    case ROW_PROP_COST:
      g_value_set_int64 (value, self->cost);
      break;

    case ROW_PROP_COST_TEXT:
      g_value_set_string (value, self->cost_text);
      break;

    case ROW_PROP_COST_IS_HOUSE:
      g_value_set_boolean (value, self->house);
      break;

    case ROW_PROP_STATS:
      g_value_set_string (value, self->stats);
      break;

    case ROW_PROP_IS_NODE:
      g_value_set_boolean (value, self->node != NULL);
      break;

    case ROW_PROP_ISSUE_ICON:
      g_value_set_static_string (value, self->issue_icon);
      break;

    case ROW_PROP_ISSUE_CLASSES:
      g_value_set_boxed (value, issue_classes (self->issue_icon));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_roster_row_class_init (MusterRosterRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_roster_row_finalize;
  object_class->get_property = muster_roster_row_get_property;

  row_properties[ROW_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  row_properties[ROW_PROP_TYPE_NAME] = g_param_spec_string ("type-name", NULL, NULL, NULL, flags);
  row_properties[ROW_PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL, flags);
  row_properties[ROW_PROP_SIZE] = g_param_spec_uint ("size", NULL, NULL, 0, G_MAXUINT, 0, flags);
  row_properties[ROW_PROP_SIZE_TEXT] = g_param_spec_string ("size-text", NULL, NULL, NULL, flags);
  row_properties[ROW_PROP_COST] =
    g_param_spec_int64 ("cost", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  row_properties[ROW_PROP_COST_TEXT] = g_param_spec_string ("cost-text", NULL, NULL, NULL, flags);
  row_properties[ROW_PROP_COST_IS_HOUSE] =
    g_param_spec_boolean ("cost-is-house", NULL, NULL, FALSE, flags);
  row_properties[ROW_PROP_STATS] = g_param_spec_string ("stats", NULL, NULL, NULL, flags);
  row_properties[ROW_PROP_IS_NODE] = g_param_spec_boolean ("is-node", NULL, NULL, FALSE, flags);
  /* The severity icon of the worst finding about the unit or group itself, or %NULL */
  row_properties[ROW_PROP_ISSUE_ICON] = g_param_spec_string ("issue-icon", NULL, NULL, NULL, flags);
  /* The style classes for that icon ("error", "warning"), for a view's css-classes */
  row_properties[ROW_PROP_ISSUE_CLASSES] =
    g_param_spec_boxed ("issue-classes", NULL, NULL, G_TYPE_STRV, flags);

  g_object_class_install_properties (object_class, N_ROW_PROPS, row_properties);
}

static void
muster_roster_row_init (MusterRosterRow *self)
{
}

gboolean
muster_roster_row_is_node (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), FALSE);
  return self->node != NULL;
}

/* Returns: (transfer none) (nullable): the unit, for a unit row */
MusterUnit *
muster_roster_row_get_unit (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return self->unit;
}

/* Returns: (transfer none) (nullable): the node, for a node row */
MusterNode *
muster_roster_row_get_node (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return self->node;
}

const char *
muster_roster_row_get_name (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return self->name;
}

const char *
muster_roster_row_get_type_name (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return self->type_name;
}

/* Returns: what the row shows under its name: the type, then the options taken */
const char *
muster_roster_row_get_subtitle (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return self->subtitle;
}

guint
muster_roster_row_get_size (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), 0);
  return self->size;
}

/* The unit's cost, or the node's running total */
gint64
muster_roster_row_get_cost (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), 0);
  return self->cost;
}

/* "123", "123*" when it rests on a house value, "?" when it cannot be costed */
const char *
muster_roster_row_get_cost_text (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return self->cost_text;
}

gboolean
muster_roster_row_get_cost_is_house (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), FALSE);
  return self->house;
}

const char *
muster_roster_row_get_stats (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return self->stats;
}

/* Returns: (transfer none) (nullable): a node row's rows; %NULL for a unit row */
GListModel *
muster_roster_row_get_children (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);

  if (self->node == NULL)
    return NULL;
  if (self->children == NULL)
    self->children = muster_roster_model_new (self->document, self->node);
  return G_LIST_MODEL (self->children);
}

/* Returns: (transfer none): the style classes that colour the finding's icon: "error",
 * "warning", "accent", or none */
const char * const *
muster_roster_row_get_issue_classes (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return issue_classes (self->issue_icon);
}

/* Returns: (nullable): the icon of the worst finding about this unit or group, if any */
const char *
muster_roster_row_get_issue_icon (MusterRosterRow *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_ROW (self), NULL);
  return self->issue_icon;
}

/* Models */

struct _MusterRosterModel
{
  GObject         parent_instance;

  MusterDocument *document;
  MusterDoc      *doc;      /* the list the rows point into, to tell when it was replaced */
  MusterNode     *node;
  GPtrArray      *rows;     /* MusterRosterRow: the node's units, then its nodes */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterRosterModel, muster_roster_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
muster_roster_model_get_item_type (GListModel *model)
{
  return MUSTER_TYPE_ROSTER_ROW;
}

static guint
muster_roster_model_get_n_items (GListModel *model)
{
  return MUSTER_ROSTER_MODEL (model)->rows->len;
}

static gpointer
muster_roster_model_get_item (GListModel *model,
                              guint       position)
{
  MusterRosterModel *self = MUSTER_ROSTER_MODEL (model);

  if (position >= self->rows->len)
    return NULL;
  return g_object_ref (self->rows->pdata[position]);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = muster_roster_model_get_item_type;
  iface->get_n_items = muster_roster_model_get_n_items;
  iface->get_item = muster_roster_model_get_item;
}

static MusterRosterRow *
row_at (MusterRosterModel *self,
        guint              position)
{
  guint n_units = muster_node_get_n_units (self->node);

  if (position < n_units)
    return muster_roster_row_new (self->document, muster_node_get_unit (self->node, position),
                                  NULL);
  return muster_roster_row_new (self->document, NULL,
                                muster_node_get_node (self->node, position - n_units));
}

/* The row of this model that holds @node (a descendant of ours), if any. */
static void
update_row_above (MusterRosterModel *self,
                  MusterNode        *node)
{
  while (node != NULL && muster_node_get_parent (node) != self->node)
    node = muster_node_get_parent (node);
  if (node == NULL)
    return;

  for (guint i = 0; i < self->rows->len; i++)
    {
      MusterRosterRow *row = self->rows->pdata[i];

      if (row->node == node)
        {
          muster_roster_row_update (row);
          return;
        }
    }
}

/* The document holds another list now: the rows point into the one it freed, and the view
 * drops this model once it hears of the change. Until then nothing may read them. */
static gboolean
is_stale (MusterRosterModel *self)
{
  return muster_document_get_doc (self->document) != self->doc;
}

static void
node_changed_cb (MusterRosterModel *self,
                 MusterNode        *node)
{
  if (!is_stale (self))
    update_row_above (self, node);
}

static void
children_changed_cb (MusterRosterModel *self,
                     MusterNode        *node,
                     guint              position,
                     guint              removed,
                     guint              added,
                     MusterDocument    *document)
{
  if (is_stale (self))
    return;
  if (node != self->node)
    {
      update_row_above (self, node);
      return;
    }

  g_return_if_fail (position + removed <= self->rows->len);
  g_ptr_array_remove_range (self->rows, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (self->rows, position + i, row_at (self, position + i));
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

static void
unit_changed_cb (MusterRosterModel *self,
                 MusterUnit        *unit,
                 MusterDocument    *document)
{
  MusterNode *node;

  if (is_stale (self))
    return;
  node = muster_unit_get_node (unit);
  if (node != self->node)
    {
      update_row_above (self, node);
      return;
    }

  for (guint i = 0; i < muster_node_get_n_units (node) && i < self->rows->len; i++)
    {
      MusterRosterRow *row = self->rows->pdata[i];

      if (row->unit == unit)
        {
          muster_roster_row_update (row);
          return;
        }
    }
}

/* The findings changed: re-mark the rows (an edit elsewhere can break a rule about them). */
static void
diagnostics_changed_cb (MusterRosterModel *self)
{
  if (is_stale (self))
    return;
  for (guint i = 0; i < self->rows->len; i++)
    if (update_issue_icon (self->rows->pdata[i]))
      {
        g_object_notify_by_pspec (self->rows->pdata[i], row_properties[ROW_PROP_ISSUE_ICON]);
        g_object_notify_by_pspec (self->rows->pdata[i], row_properties[ROW_PROP_ISSUE_CLASSES]);
      }
}

static void
muster_roster_model_finalize (GObject *object)
{
  MusterRosterModel *self = MUSTER_ROSTER_MODEL (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (muster_roster_model_parent_class)->finalize (object);
}

static void
muster_roster_model_class_init (MusterRosterModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_roster_model_finalize;
}

static void
muster_roster_model_init (MusterRosterModel *self)
{
  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * muster_roster_model_new:
 * @node: a node of @document's list: muster_force_get_root() for the whole roster
 *
 * Returns: (transfer full): the rows of @node
 */
MusterRosterModel *
muster_roster_model_new (MusterDocument *document,
                         MusterNode     *node)
{
  MusterRosterModel *self;
  guint n;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (node != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_ROSTER_MODEL, NULL);
  self->document = g_object_ref (document);
  self->doc = muster_document_get_doc (document);
  self->node = node;
  n = muster_node_get_n_units (node) + muster_node_get_n_nodes (node);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->rows, row_at (self, i));

  g_signal_connect_object (document, "children-changed", G_CALLBACK (children_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "unit-changed", G_CALLBACK (unit_changed_cb),
                           self, G_CONNECT_SWAPPED);
  /* A renamed group: its row is in its parent's model. */
  g_signal_connect_object (document, "node-changed", G_CALLBACK (node_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document)), "items-changed",
                           G_CALLBACK (diagnostics_changed_cb), self, G_CONNECT_SWAPPED);
  return self;
}

/* Returns: (transfer none): the node whose rows these are */
MusterNode *
muster_roster_model_get_node (MusterRosterModel *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_MODEL (self), NULL);
  return self->node;
}
