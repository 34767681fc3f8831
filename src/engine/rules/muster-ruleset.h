/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The ruleset file format this engine reads; a file with a larger format is refused. */
#define MUSTER_RULESET_FORMAT 1

typedef struct _MusterRuleset MusterRuleset;

/*
 * The items of a ruleset are plain structs, read-only for everyone but the loader. Every item
 * starts with a MusterItem, so any of them can be handled as one. Strings are owned by the
 * ruleset that parsed the file; a merged ruleset keeps its parents alive.
 */

/**
 * MusterItem:
 * @id: the item's id, unique among the items of its kind
 * @name: what the user sees (the id when the file gives no name)
 * @source: (nullable): where in the book the value comes from
 * @note: (nullable): an explanation for the user
 * @house: the value is not from the book
 * @file: the file that defined the item, for messages
 * @line: the line in @file
 */
typedef struct
{
  char       *id;
  char       *name;
  char       *source;
  char       *note;
  gboolean    house;
  const char *file;
  int         line;
} MusterItem;

typedef enum
{
  MUSTER_ITEM_VARIANT,
  MUSTER_ITEM_TABLE,
  MUSTER_ITEM_STAT,
  MUSTER_ITEM_CATEGORY,
  MUSTER_ITEM_SPECIAL_RULE,
  MUSTER_ITEM_OPTION_GROUP,
  MUSTER_ITEM_UNIT_TYPE,
  MUSTER_ITEM_LEVEL,
  MUSTER_ITEM_CONSTRAINT,
  MUSTER_ITEM_TERRAIN,
  MUSTER_ITEM_PROCEDURE,
  MUSTER_ITEM_SCALE,
  MUSTER_N_ITEM_KINDS
} MusterItemKind;

/* A `when` condition is a GPtrArray of terms, all of which must hold. */
typedef struct
{
  char      *key;     /* a variant id, an option group id, "type" or "category" */
  char     **values;  /* any of these */
  gboolean   negate;  /* KEY!=VALUES */
} MusterConditionTerm;

typedef enum
{
  MUSTER_COST_ROUNDING_NEAREST,
  MUSTER_COST_ROUNDING_DOWN,
  MUSTER_COST_ROUNDING_UP,
} MusterCostRounding;

typedef struct
{
  char           *id;
  char           *name;
  char           *abbreviation;
  char           *abbreviation_one;  /* nullable: the abbreviation after 1 ("man", "pt") */
  gboolean        limit;
  MusterCostRounding  rounding;
} MusterCosting;

typedef enum
{
  MUSTER_VARIANT_CHOICE,
  MUSTER_VARIANT_NUMBER,
} MusterVariantKind;

typedef struct
{
  MusterItem         item;
  MusterVariantKind  kind;
  char              *default_value;
  gboolean           has_min, has_max;
  double             min, max;
  GPtrArray         *choices;        /* MusterItem */
} MusterVariant;

typedef struct
{
  char     *text;       /* NULL for an empty cell ("-") */
  double    number;
  gboolean  is_number;
} MusterCell;

typedef struct
{
  MusterItem  item;
  GArray     *cells;    /* MusterCell, one per column */
} MusterTableRow;

typedef struct
{
  MusterItem  item;
  GPtrArray  *columns;  /* MusterItem */
  GPtrArray  *rows;     /* MusterTableRow */
  GHashTable *column_index;
  GHashTable *row_index;
} MusterTable;

typedef enum
{
  MUSTER_STAT_NUMBER,
  MUSTER_STAT_DIE,
  MUSTER_STAT_FLAG,
  MUSTER_STAT_TEXT,
} MusterStatType;

typedef struct
{
  MusterItem      item;
  MusterStatType  type;
  char           *abbreviation;
  char           *unit;
  gboolean        has_min, has_max;
  double          min, max;
} MusterStat;

typedef enum
{
  MUSTER_PER_EACH,   /* per stand, figure, vignette…: multiplied by the unit's size */
  MUSTER_PER_UNIT,   /* once per unit */
} MusterPer;

typedef struct
{
  char       *input;
  MusterPer   per;
  char       *label;
  gboolean    has_value;
  double      value;
  char       *table;
  char       *row, *row_from;
  char       *column, *column_from;
  GPtrArray  *when;      /* MusterConditionTerm, nullable */
  gboolean    house;
  char       *source;
  const char *file;
  int         line;
} MusterCostTerm;

typedef enum
{
  MUSTER_EFFECT_SET,
  MUSTER_EFFECT_ADD,
  MUSTER_EFFECT_MIN,   /* at most */
  MUSTER_EFFECT_MAX,   /* at least */
} MusterEffectOp;

typedef struct
{
  char           *stat;
  MusterEffectOp  op;
  char           *value;
  double          number;
  gboolean        is_number;
  GPtrArray      *when;
  gboolean        house;
  char           *source;
  const char     *file;
  int             line;
} MusterEffect;

typedef struct
{
  MusterItem  item;
  char       *description;
  GPtrArray  *effects;   /* MusterEffect */
} MusterSpecialRule;

typedef struct
{
  MusterItem   item;
  char        *group;      /* the option group's id */
  guint        max_count;
  char       **tags;
  char       **rules;
  GPtrArray   *costs;      /* MusterCostTerm */
  GPtrArray   *effects;    /* MusterEffect */
} MusterOption;

typedef struct
{
  MusterItem  item;
  gboolean    has_min, has_max;
  guint       min, max;
  char       *default_option;
  GPtrArray  *options;     /* MusterOption */
} MusterOptionGroup;

typedef struct
{
  char        *stat;
  char        *value;
  double       number;
  gboolean     is_number;
  gboolean     house;
  char        *source;
  const char  *file;
  int          line;
} MusterBaseStat;

typedef struct
{
  char        *group;
  gboolean     has_min, has_max;
  guint        min, max;
  char        *default_option;
  char       **only;       /* nullable: every option of the group */
  const char  *file;
  int          line;
} MusterAllow;

typedef struct
{
  MusterItem   item;
  char        *category;
  char        *size_unit;
  guint        default_size;
  gboolean     has_min_size, has_max_size;
  guint        min_size, max_size;
  char       **tags;
  char       **rules;
  GPtrArray   *base;       /* MusterBaseStat */
  GPtrArray   *costs;      /* MusterCostTerm */
  GPtrArray   *allows;     /* MusterAllow */
} MusterUnitType;

typedef struct
{
  MusterItem   item;
  gboolean     root;
  char       **children;
  gboolean     units;
} MusterLevel;

typedef enum
{
  MUSTER_CONSTRAINT_COUNT,
  MUSTER_CONSTRAINT_FORBID,
  MUSTER_CONSTRAINT_SIZE,
  MUSTER_CONSTRAINT_POINTS_LIMIT,
  MUSTER_CONSTRAINT_CUSTOM,
} MusterConstraintKind;

typedef enum
{
  MUSTER_SEVERITY_ERROR,
  MUSTER_SEVERITY_WARNING,
  MUSTER_SEVERITY_INFO,
  MUSTER_SEVERITY_OFF,
} MusterSeverity;

typedef enum
{
  MUSTER_COUNT_UNITS,
  MUSTER_COUNT_SIZE,
  MUSTER_COUNT_POINTS,
  MUSTER_COUNT_NODES,
} MusterCountMeasure;

typedef enum
{
  MUSTER_SCALING_CEIL,
  MUSTER_SCALING_FLOOR,
  MUSTER_SCALING_PRO_RATA,
} MusterScaling;

/* Each list holds alternatives (ORed); the lists are ANDed; NULL lists do not restrict. */
typedef struct
{
  char **type, **category, **tag, **option, **level;
  char **not_type, **not_category, **not_tag, **not_option;
} MusterMatch;

typedef struct
{
  MusterItem            item;
  MusterConstraintKind  kind;
  MusterSeverity        severity;
  char                 *scope;        /* "force", "document", "unit" or a level id */
  MusterCountMeasure    measure;
  gboolean              has_min, has_max;
  double                min, max;
  gboolean              percent;
  guint                 per_points;   /* 0: not scaled */
  MusterScaling         scaling;
  char                 *scaling_variant;
  GPtrArray            *when;
  GPtrArray            *matches;      /* MusterMatch */
  char                 *message;
} MusterConstraint;

MusterRuleset *muster_ruleset_new_from_bytes  (GBytes         *bytes,
                                               const char     *display_name,
                                               GError        **error);
MusterRuleset *muster_ruleset_new_from_file   (const char     *path,
                                               GError        **error);
MusterRuleset *muster_ruleset_merge           (MusterRuleset  *base,
                                               MusterRuleset  *house,
                                               GError        **error);
MusterRuleset *muster_ruleset_ref             (MusterRuleset  *self);
void           muster_ruleset_unref           (MusterRuleset  *self);
const char    *muster_ruleset_get_id          (const MusterRuleset *self);
const char    *muster_ruleset_get_name        (const MusterRuleset *self);
const char    *muster_ruleset_get_version     (const MusterRuleset *self);
const char    *muster_ruleset_get_book        (const MusterRuleset *self);
const char    *muster_ruleset_get_summary     (const MusterRuleset *self);
const char    *muster_ruleset_get_extends     (const MusterRuleset *self);
const char    *muster_ruleset_get_system_id   (const MusterRuleset *self);
gboolean       muster_ruleset_is_house        (const MusterRuleset *self);
gboolean       muster_ruleset_is_resolved     (const MusterRuleset *self);
const char    *muster_ruleset_get_path        (const MusterRuleset *self);
const MusterCosting *muster_ruleset_get_costing (const MusterRuleset *self);
const char    *muster_costing_get_unit        (const MusterCosting  *costing,
                                               gint64                value);

gconstpointer    muster_ruleset_lookup        (const MusterRuleset *self,
                                               MusterItemKind       kind,
                                               const char          *id);
const GPtrArray *muster_ruleset_list          (const MusterRuleset *self,
                                               MusterItemKind       kind);
const MusterOption *muster_ruleset_get_option (const MusterRuleset *self,
                                               const char          *id);
const MusterLevel  *muster_ruleset_get_root_level (const MusterRuleset *self);
const char    *muster_ruleset_variant_value   (const MusterRuleset *self,
                                               const char          *variant_id,
                                               GHashTable          *settings);
const char    *muster_size_unit_word          (const char           *size_unit,
                                               guint                 n);
const MusterAllow *muster_unit_type_get_allow (const MusterUnitType *type,
                                               const char           *group_id);
const char    *muster_unit_type_get_default   (const MusterRuleset  *ruleset,
                                               const MusterUnitType *type,
                                               const char           *group_id);
gboolean       muster_unit_type_allows_option (const MusterUnitType *type,
                                               const MusterOption   *option);
gboolean       muster_ruleset_get_size_range  (const MusterRuleset  *self,
                                               const MusterUnitType *type,
                                               guint                *min,
                                               guint                *max);
const MusterCell *muster_table_lookup         (const MusterTable    *table,
                                               const char           *row,
                                               const char           *column,
                                               const MusterTableRow **row_out);
const MusterCell *muster_table_require_cell   (const MusterTable    *table,
                                               const char           *row,
                                               const char           *column,
                                               GError              **error);
gboolean       muster_table_require_number    (const MusterTable    *table,
                                               const char           *row,
                                               const char           *column,
                                               double               *out,
                                               GError              **error);
const MusterTable *muster_ruleset_require_table (const MusterRuleset *self,
                                                 const char          *id,
                                                 GError             **error);
const char    *muster_ruleset_text            (const char           *text);
double         muster_constraint_scale        (const MusterConstraint *constraint,
                                               double                  bound,
                                               gint64                  points_limit,
                                               MusterScaling           scaling);

/* Typed shorthands for the lookups used most. */
static inline const MusterUnitType *
muster_ruleset_get_unit_type (const MusterRuleset *self,
                              const char          *id)
{
  return (const MusterUnitType *) muster_ruleset_lookup (self, MUSTER_ITEM_UNIT_TYPE, id);
}

static inline const MusterOptionGroup *
muster_ruleset_get_option_group (const MusterRuleset *self,
                                 const char          *id)
{
  return (const MusterOptionGroup *) muster_ruleset_lookup (self, MUSTER_ITEM_OPTION_GROUP, id);
}

static inline const MusterTable *
muster_ruleset_get_table (const MusterRuleset *self,
                          const char          *id)
{
  return (const MusterTable *) muster_ruleset_lookup (self, MUSTER_ITEM_TABLE, id);
}

static inline const MusterConstraint *
muster_ruleset_get_constraint (const MusterRuleset *self,
                               const char          *id)
{
  return (const MusterConstraint *) muster_ruleset_lookup (self, MUSTER_ITEM_CONSTRAINT, id);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRuleset, muster_ruleset_unref)

G_END_DECLS
