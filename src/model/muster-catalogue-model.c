/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-catalogue-model"

#include "config.h"

#include <string.h>

#include "muster-catalogue-model.h"
#include "muster-engine.h"
#include "muster-roster-model.h"

/* Items */

struct _MusterCatalogueItem
{
  GObject   parent_instance;

  char     *id;
  char     *name;
  char     *category;
  char     *category_name;
  char     *stats;
  char     *details;
  gint64    cost;
  char     *cost_text;
  char     *haystack;   /* casefolded name and category, for the search */
};

enum {
  ITEM_PROP_0,
  ITEM_PROP_ID,
  ITEM_PROP_NAME,
  ITEM_PROP_CATEGORY,
  ITEM_PROP_CATEGORY_NAME,
  ITEM_PROP_STATS,
  ITEM_PROP_DETAILS,
  ITEM_PROP_COST,
  ITEM_PROP_COST_TEXT,
  N_ITEM_PROPS
};

G_DEFINE_FINAL_TYPE (MusterCatalogueItem, muster_catalogue_item, G_TYPE_OBJECT)

static GParamSpec *item_properties[N_ITEM_PROPS];

static void
muster_catalogue_item_finalize (GObject *object)
{
  MusterCatalogueItem *self = MUSTER_CATALOGUE_ITEM (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->category);
  g_free (self->category_name);
  g_free (self->stats);
  g_free (self->details);
  g_free (self->cost_text);
  g_free (self->haystack);

  G_OBJECT_CLASS (muster_catalogue_item_parent_class)->finalize (object);
}

static void
muster_catalogue_item_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  MusterCatalogueItem *self = MUSTER_CATALOGUE_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case ITEM_PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case ITEM_PROP_CATEGORY:
      g_value_set_string (value, self->category);
      break;

    case ITEM_PROP_CATEGORY_NAME:
      g_value_set_string (value, self->category_name);
      break;

    case ITEM_PROP_STATS:
      g_value_set_string (value, self->stats);
      break;

    case ITEM_PROP_DETAILS:
      g_value_set_string (value, self->details);
      break;

    case ITEM_PROP_COST:
      g_value_set_int64 (value, self->cost);
      break;

    case ITEM_PROP_COST_TEXT:
      g_value_set_string (value, self->cost_text);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_catalogue_item_class_init (MusterCatalogueItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_catalogue_item_finalize;
  object_class->get_property = muster_catalogue_item_get_property;

  item_properties[ITEM_PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_CATEGORY] = g_param_spec_string ("category", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_CATEGORY_NAME] =
    g_param_spec_string ("category-name", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_STATS] = g_param_spec_string ("stats", NULL, NULL, NULL, flags);
  /* The category (unless the type is named after it) and the key statistics, for one line */
  item_properties[ITEM_PROP_DETAILS] = g_param_spec_string ("details", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_COST] =
    g_param_spec_int64 ("cost", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  item_properties[ITEM_PROP_COST_TEXT] =
    g_param_spec_string ("cost-text", NULL, NULL, NULL, flags);

  g_object_class_install_properties (object_class, N_ITEM_PROPS, item_properties);
}

static void
muster_catalogue_item_init (MusterCatalogueItem *self)
{
}

static MusterCatalogueItem *
muster_catalogue_item_new (MusterRuleset        *ruleset,
                           const MusterUnitType *type)
{
  MusterCatalogueItem *self = g_object_new (MUSTER_TYPE_CATALOGUE_ITEM, NULL);
  g_autoptr(MusterUnit) unit = muster_unit_new_for_type (ruleset, type->item.id);
  const MusterItem *category = type->category
    ? muster_ruleset_lookup (ruleset, MUSTER_ITEM_CATEGORY, type->category) : NULL;
  MusterCost cost = { 0 };
  g_autofree char *haystack = NULL;

  self->id = g_strdup (type->item.id);
  self->name = g_strdup (type->item.name);
  self->category = g_strdup (type->category);
  self->category_name = g_strdup (category ? category->name : type->category);
  self->stats = muster_unit_dup_stats_summary (ruleset, NULL, unit);
  if (muster_system_unit_cost (ruleset, NULL, unit, &cost) && cost.error == NULL)
    {
      self->cost = cost.value;
      self->cost_text = g_strdup_printf ("%" G_GINT64_FORMAT "%s", cost.value,
                                         cost.house ? "*" : "");
    }
  else
    self->cost_text = g_strdup ("?");
  muster_cost_clear (&cost);

  if (self->category_name == NULL || g_strcmp0 (self->category_name, self->name) == 0 ||
      *self->stats == '\0')
    self->details = g_strdup (self->category_name && g_strcmp0 (self->category_name, self->name)
                              ? self->category_name : self->stats);
  else
    self->details = g_strdup_printf ("%s · %s", self->category_name, self->stats);

  haystack = g_strjoin (" ", self->name, self->category_name ? self->category_name : "", NULL);
  self->haystack = g_utf8_casefold (haystack, -1);
  return self;
}

const char *
muster_catalogue_item_get_id (MusterCatalogueItem *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_ITEM (self), NULL);
  return self->id;
}

const char *
muster_catalogue_item_get_name (MusterCatalogueItem *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_ITEM (self), NULL);
  return self->name;
}

const char *
muster_catalogue_item_get_category (MusterCatalogueItem *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_ITEM (self), NULL);
  return self->category;
}

const char *
muster_catalogue_item_get_category_name (MusterCatalogueItem *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_ITEM (self), NULL);
  return self->category_name;
}

const char *
muster_catalogue_item_get_stats (MusterCatalogueItem *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_ITEM (self), NULL);
  return self->stats;
}

/* The cost of a unit of the default size with the default options */
gint64
muster_catalogue_item_get_cost (MusterCatalogueItem *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_ITEM (self), 0);
  return self->cost;
}

const char *
muster_catalogue_item_get_cost_text (MusterCatalogueItem *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_ITEM (self), NULL);
  return self->cost_text;
}

/* The model */

struct _MusterCatalogueModel
{
  GObject    parent_instance;

  GPtrArray *all;        /* MusterCatalogueItem, in the ruleset's order */
  GPtrArray *shown;      /* borrowed from @all */
  char      *search_text;
  char      *needle;     /* casefolded search text, NULL when empty */
  char      *category;
};

enum {
  PROP_0,
  PROP_SEARCH_TEXT,
  PROP_CATEGORY,
  N_PROPS
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterCatalogueModel, muster_catalogue_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GParamSpec *properties[N_PROPS];

static GType
muster_catalogue_model_get_item_type (GListModel *model)
{
  return MUSTER_TYPE_CATALOGUE_ITEM;
}

static guint
muster_catalogue_model_get_n_items (GListModel *model)
{
  return MUSTER_CATALOGUE_MODEL (model)->shown->len;
}

static gpointer
muster_catalogue_model_get_item (GListModel *model,
                                 guint       position)
{
  MusterCatalogueModel *self = MUSTER_CATALOGUE_MODEL (model);

  if (position >= self->shown->len)
    return NULL;
  return g_object_ref (self->shown->pdata[position]);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = muster_catalogue_model_get_item_type;
  iface->get_n_items = muster_catalogue_model_get_n_items;
  iface->get_item = muster_catalogue_model_get_item;
}

static gboolean
matches (MusterCatalogueModel *self,
         MusterCatalogueItem  *item)
{
  if (self->category != NULL && g_strcmp0 (self->category, item->category) != 0)
    return FALSE;
  return self->needle == NULL || strstr (item->haystack, self->needle) != NULL;
}

static void
refilter (MusterCatalogueModel *self)
{
  guint removed = self->shown->len;

  g_ptr_array_set_size (self->shown, 0);
  for (guint i = 0; i < self->all->len; i++)
    if (matches (self, self->all->pdata[i]))
      g_ptr_array_add (self->shown, self->all->pdata[i]);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->shown->len);
}

static void
muster_catalogue_model_finalize (GObject *object)
{
  MusterCatalogueModel *self = MUSTER_CATALOGUE_MODEL (object);

  g_clear_pointer (&self->shown, g_ptr_array_unref);
  g_clear_pointer (&self->all, g_ptr_array_unref);
  g_free (self->search_text);
  g_free (self->needle);
  g_free (self->category);

  G_OBJECT_CLASS (muster_catalogue_model_parent_class)->finalize (object);
}

static void
muster_catalogue_model_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  MusterCatalogueModel *self = MUSTER_CATALOGUE_MODEL (object);

  switch (prop_id)
    {
    case PROP_SEARCH_TEXT:
      g_value_set_string (value, self->search_text);
      break;

    case PROP_CATEGORY:
      g_value_set_string (value, self->category);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_catalogue_model_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  MusterCatalogueModel *self = MUSTER_CATALOGUE_MODEL (object);

  switch (prop_id)
    {
    case PROP_SEARCH_TEXT:
      muster_catalogue_model_set_search_text (self, g_value_get_string (value));
      break;

    case PROP_CATEGORY:
      muster_catalogue_model_set_category (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_catalogue_model_class_init (MusterCatalogueModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_catalogue_model_finalize;
  object_class->get_property = muster_catalogue_model_get_property;
  object_class->set_property = muster_catalogue_model_set_property;

  properties[PROP_SEARCH_TEXT] =
    g_param_spec_string ("search-text", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* A category id; %NULL shows every category */
  properties[PROP_CATEGORY] =
    g_param_spec_string ("category", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_catalogue_model_init (MusterCatalogueModel *self)
{
  self->all = g_ptr_array_new_with_free_func (g_object_unref);
  self->shown = g_ptr_array_new ();
}

/* Returns: (transfer full): every unit type of @ruleset (a resolved ruleset) */
MusterCatalogueModel *
muster_catalogue_model_new (MusterRuleset *ruleset)
{
  MusterCatalogueModel *self;
  const GPtrArray *types;

  g_return_val_if_fail (ruleset != NULL && muster_ruleset_is_resolved (ruleset), NULL);

  self = g_object_new (MUSTER_TYPE_CATALOGUE_MODEL, NULL);
  types = muster_ruleset_list (ruleset, MUSTER_ITEM_UNIT_TYPE);
  for (guint i = 0; types != NULL && i < types->len; i++)
    {
      MusterCatalogueItem *item = muster_catalogue_item_new (ruleset, types->pdata[i]);

      g_ptr_array_add (self->all, item);
      g_ptr_array_add (self->shown, item);
    }
  return self;
}

void
muster_catalogue_model_set_search_text (MusterCatalogueModel *self,
                                        const char           *text)
{
  g_return_if_fail (MUSTER_IS_CATALOGUE_MODEL (self));

  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (self->search_text, text) == 0)
    return;
  g_free (self->search_text);
  g_free (self->needle);
  self->search_text = g_strdup (text);
  self->needle = text ? g_utf8_casefold (text, -1) : NULL;
  refilter (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_TEXT]);
}

const char *
muster_catalogue_model_get_search_text (MusterCatalogueModel *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_MODEL (self), NULL);
  return self->search_text;
}

void
muster_catalogue_model_set_category (MusterCatalogueModel *self,
                                     const char           *category_id)
{
  g_return_if_fail (MUSTER_IS_CATALOGUE_MODEL (self));

  if (g_strcmp0 (self->category, category_id) == 0)
    return;
  g_free (self->category);
  self->category = g_strdup (category_id);
  refilter (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATEGORY]);
}

const char *
muster_catalogue_model_get_category (MusterCatalogueModel *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_MODEL (self), NULL);
  return self->category;
}
