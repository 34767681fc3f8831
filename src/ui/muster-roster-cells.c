/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster-view"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-roster-cells.h"

/*
 * The roster's rows and its column header. A row is ONE widget, MusterRosterLine: a group's
 * tree expander is its only child (a unit's row, which has nothing to expand, is indented
 * without one), and it draws the unit's name and type, the finding's mark, the
 * size, the statistics and the cost itself, in columns whose widths are a function of the
 * row's width and the font alone. So nothing measures across rows (GTK 4.8's column view
 * re-measured every cell of a column whenever a row came or went), a row's height is known
 * without laying out any text, binding a row only takes a reference to its MusterRosterRow,
 * and text is shaped when a row is drawn. The header lays its titles out with the same
 * function, so they stand over their columns.
 */

/* Space either side of a column's content, as GTK's column view cells had */
#define COLUMN_PADDING 6
#define MARK_SIZE      16
#define MARK_SPACING   6
#define EXPANDER_GAP   4
/* Adwaita's tree expander: a 16 px icon a level, 4 px apart */
#define INDENT_ICON    16
#define INDENT_SPACING 4
/* Adwaita's .caption and .dim-label */
#define CAPTION_POINTS 9
#define DIM_OPACITY    0.55f

/* Font measures the columns and rows follow, for one font at one resolution */
typedef struct
{
  guint                 font_hash;
  double                resolution;
  int                   char_width;     /* px, approximate */
  int                   digit_width;    /* px */
  int                   line_height;    /* px, one line of the body font */
  int                   caption_height; /* px, one line of the caption font */
  int                   size_title;     /* px, the size column's title in the header's font */
  PangoFontDescription *caption_font;
} Metrics;

typedef struct
{
  int x;
  int width;
} Span;

/* The last font asked for: every roster of the application shares it */
static Metrics metrics_cache;

static const Metrics *
metrics_for (GtkWidget *widget)
{
  PangoContext *context = gtk_widget_get_pango_context (widget);
  const PangoFontDescription *font = pango_context_get_font_description (context);
  guint hash = pango_font_description_hash (font);
  double resolution = pango_cairo_context_get_resolution (context);
  PangoFontMetrics *metrics;

  if (metrics_cache.caption_font != NULL && metrics_cache.font_hash == hash &&
      metrics_cache.resolution == resolution)
    return &metrics_cache;

  metrics = pango_context_get_metrics (context, NULL, NULL);
  metrics_cache.font_hash = hash;
  metrics_cache.resolution = resolution;
  metrics_cache.char_width = PANGO_PIXELS_CEIL (pango_font_metrics_get_approximate_char_width (metrics));
  metrics_cache.digit_width = PANGO_PIXELS_CEIL (pango_font_metrics_get_approximate_digit_width (metrics));
  metrics_cache.line_height = PANGO_PIXELS_CEIL (pango_font_metrics_get_height (metrics));
  pango_font_metrics_unref (metrics);

  g_clear_pointer (&metrics_cache.caption_font, pango_font_description_free);
  metrics_cache.caption_font = pango_font_description_copy (font);
  pango_font_description_set_size (metrics_cache.caption_font, CAPTION_POINTS * PANGO_SCALE);
  metrics = pango_context_get_metrics (context, metrics_cache.caption_font, NULL);
  metrics_cache.caption_height = PANGO_PIXELS_CEIL (pango_font_metrics_get_height (metrics));
  pango_font_metrics_unref (metrics);

  /* The size column is as wide as four digits, or as its title where that is longer
   * ("Größe" is cut to "Gr…" in four digits); bold, as style.css sets the header. */
  {
    PangoLayout *layout = pango_layout_new (context);
    PangoFontDescription *bold = pango_font_description_copy (metrics_cache.caption_font);

    pango_font_description_set_weight (bold, PANGO_WEIGHT_BOLD);
    pango_layout_set_font_description (layout, bold);
    pango_layout_set_text (layout, _("Size"), -1);
    pango_layout_get_pixel_size (layout, &metrics_cache.size_title, NULL);
    pango_font_description_free (bold);
    g_object_unref (layout);
  }
  return &metrics_cache;
}

/* The columns of a row @width wide: the size and the cost fixed, the statistics a share of
 * the rest within limits, the unit what is left. Mirrored right to left. */
static void
layout_columns (GtkWidget     *widget,
                const Metrics *m,
                int            width,
                Span           spans[MUSTER_N_ROSTER_COLUMNS])
{
  int size = MAX (4 * m->digit_width, m->size_title) + 2 * COLUMN_PADDING;
  int cost = 6 * m->digit_width + 2 * COLUMN_PADDING;
  int flexible = MAX (0, width - size - cost);
  int stats = CLAMP (flexible * 9 / 20, 11 * m->char_width, 36 * m->char_width) + 2 * COLUMN_PADDING;
  int name = MAX (0, flexible - stats);

  spans[MUSTER_ROSTER_COLUMN_NAME] = (Span) { 0, name };
  spans[MUSTER_ROSTER_COLUMN_SIZE] = (Span) { name, size };
  spans[MUSTER_ROSTER_COLUMN_STATS] = (Span) { name + size, stats };
  spans[MUSTER_ROSTER_COLUMN_COST] = (Span) { name + size + stats, cost };
  if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    for (guint i = 0; i < MUSTER_N_ROSTER_COLUMNS; i++)
      spans[i].x = width - spans[i].x - spans[i].width;
}

/* The narrowest a row or the header can be */
static int
min_width (const Metrics *m)
{
  return 12 * m->char_width + 10 * m->digit_width + 11 * m->char_width + 8 * COLUMN_PADDING;
}

/* Rows */

typedef enum
{
  TEXT_NAME,
  TEXT_TYPE,
  TEXT_SIZE,
  TEXT_STATS,
  TEXT_COST,
  N_TEXTS,
} Text;

struct _MusterRosterLine
{
  GtkWidget        parent_instance;

  /* Owned References */
  GtkWidget       *expander;          /* a group's only */
  GtkTreeListRow  *list_row;
  MusterRosterRow *row;
  PangoLayout     *layouts[N_TEXTS];   /* made when first drawn, kept while bound */

  char             size_text[16];
  char            *stats_text;         /* the row's, kept whole where it wraps */
  gboolean         stale;              /* the layouts' texts are not the row's */
  gboolean         unbound;            /* the list let go of the row: see unbind_cb() */
};

G_DEFINE_FINAL_TYPE (MusterRosterLine, muster_roster_line, GTK_TYPE_WIDGET)

static const char *
line_text_or_null (MusterRosterLine *self,
                   Text              text)
{
  if (self->row == NULL)
    return "";
  switch (text)
    {
    case TEXT_NAME:
      return muster_roster_row_get_name (self->row);
    case TEXT_TYPE:
      return muster_roster_row_get_subtitle (self->row);
    case TEXT_SIZE:
      return self->size_text;
    case TEXT_STATS:
      return self->stats_text;
    case TEXT_COST:
      return muster_roster_row_get_cost_text (self->row);
    case N_TEXTS:
    default:
      g_assert_not_reached ();
    }
  return "";
}

static const char *
line_text (MusterRosterLine *self,
           Text              text)
{
  const char *value = line_text_or_null (self, text);

  return value != NULL ? value : "";
}

/* What a screen reader says for the row: its texts and its finding */
static void
update_accessible_label (MusterRosterLine *self)
{
  GtkWidget *item = gtk_widget_get_parent (GTK_WIDGET (self));
  const char * const *classes = self->row ? muster_roster_row_get_issue_classes (self->row) : NULL;
  const char *finding = NULL;
  GString *label;

  if (self->row == NULL)
    return;
  if (classes != NULL && classes[0] != NULL)
    finding = g_str_equal (classes[0], "error") ? _("has an error")
              : g_str_equal (classes[0], "warning") ? _("has a warning") : _("has a note");
  label = g_string_new (muster_roster_row_get_name (self->row));
  for (Text t = TEXT_TYPE; t < N_TEXTS; t++)
    {
      const char *text = line_text (self, t);

      if (*text == '\0')
        continue;
      g_string_append (label, ", ");
      /* Translators: a unit's size, as a screen reader reads a roster row */
      g_string_append_printf (label, t == TEXT_SIZE ? _("size %s") : "%s", text);
    }
  if (finding != NULL)
    g_string_append_printf (label, ", %s", finding);
  /* The list's own row widget is what takes the focus and what a screen reader reads. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (item != NULL ? item : GTK_WIDGET (self)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label->str, -1);
  g_string_free (label, TRUE);
}

/* @stats with no-break spaces inside each statistic ("QD 8 · QM 3" wraps after a "·" only,
 * never between a name and its value) */
static char *
dup_unbreakable_stats (const char *stats)
{
  static const char dot[] = "\u00b7";
  const gsize dot_len = sizeof dot - 1;
  GString *text = g_string_sized_new (stats != NULL ? strlen (stats) + 16 : 0);

  for (const char *p = stats; p != NULL && *p != '\0'; p++)
    {
      gboolean after_dot = text->len >= dot_len &&
                           memcmp (text->str + text->len - dot_len, dot, dot_len) == 0;

      if (*p == ' ' && p > stats && !after_dot && !g_str_has_prefix (p + 1, dot))
        g_string_append (text, "\u00a0");
      else
        g_string_append_c (text, *p);
    }
  return g_string_free (text, FALSE);
}

static void
line_refresh (MusterRosterLine *self)
{
  g_clear_pointer (&self->stats_text, g_free);
  if (self->row != NULL)
    self->stats_text = dup_unbreakable_stats (muster_roster_row_get_stats (self->row));
  self->size_text[0] = '\0';
  /* Groups have no size of their own. */
  if (self->row != NULL && !muster_roster_row_is_node (self->row))
    g_snprintf (self->size_text, sizeof self->size_text, "%u", muster_roster_row_get_size (self->row));
  self->stale = TRUE;
  update_accessible_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
row_notify_cb (MusterRosterLine *self)
{
  line_refresh (self);
}

static void
line_bind (MusterRosterLine *self,
           GtkTreeListRow   *list_row)
{
  if (self->row != NULL)
    g_signal_handlers_disconnect_by_func (self->row, row_notify_cb, self);
  g_clear_object (&self->row);
  g_set_object (&self->list_row, list_row);
  if (list_row != NULL && gtk_tree_list_row_is_expandable (list_row) && self->expander == NULL)
    {
      self->expander = gtk_tree_expander_new ();
      gtk_widget_set_parent (self->expander, GTK_WIDGET (self));
    }
  else if ((list_row == NULL || !gtk_tree_list_row_is_expandable (list_row)) &&
           self->expander != NULL)
    g_clear_pointer (&self->expander, gtk_widget_unparent);
  if (self->expander != NULL)
    gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (self->expander), list_row);
  /* Where the name starts depends on the depth */
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  if (list_row != NULL)
    self->row = gtk_tree_list_row_get_item (list_row);
  if (self->row != NULL)
    g_signal_connect_object (self->row, "notify", G_CALLBACK (row_notify_cb), self,
                             G_CONNECT_SWAPPED);
  line_refresh (self);
}

static PangoLayout *
ensure_layout (MusterRosterLine *self,
               Text              text,
               const Metrics    *m)
{
  PangoLayout *layout = self->layouts[text];

  if (layout == NULL)
    {
      layout = self->layouts[text] = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      switch (text)
        {
        case TEXT_TYPE:
          pango_layout_set_font_description (layout, m->caption_font);
          break;

        case TEXT_SIZE:
        case TEXT_COST:
        case TEXT_STATS:
          {
            /* Adwaita's .numeric: figures of one width, so columns of numbers line up */
            PangoAttrList *attrs = pango_attr_list_new ();

            pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
            pango_layout_set_attributes (layout, attrs);
            pango_attr_list_unref (attrs);
            if (text != TEXT_STATS)
              pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
            else
              {
                /* Long statistics (Standards of Valor's, the horse-and-musket ones) wrap onto
                 * the row's second line rather than lose their ends. */
                pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
                pango_layout_set_height (layout, -2);
              }
          }
          break;

        case TEXT_NAME:
        case N_TEXTS:
        default:
          break;
        }
      pango_layout_set_text (layout, line_text (self, text), -1);
    }
  else if (self->stale)
    pango_layout_set_text (layout, line_text (self, text), -1);
  return layout;
}

static void
drop_layouts (MusterRosterLine *self)
{
  for (guint i = 0; i < N_TEXTS; i++)
    g_clear_object (&self->layouts[i]);
}

static void
muster_roster_line_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  const Metrics *m = metrics_for (widget);

  /* The same for every row: two lines, the name over its type, or two of statistics */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = min_width (m);
  else
    *minimum = *natural = MAX (2 * m->line_height, m->line_height + m->caption_height);
}

/* The width of a unit's row's indentation, as a tree expander's at its depth */
static int
indent_width (MusterRosterLine *self)
{
  guint depth = self->list_row != NULL ? gtk_tree_list_row_get_depth (self->list_row) : 0;

  return (int) (depth + 1) * INDENT_ICON + (int) depth * INDENT_SPACING;
}

/* The part of the unit's column after the expander */
static Span
name_span (MusterRosterLine *self,
           const Span       *column)
{
  int indent = (self->expander != NULL ? gtk_widget_get_width (self->expander)
                                       : indent_width (self)) + EXPANDER_GAP;
  Span span = { column->x + COLUMN_PADDING + indent,
                column->width - 2 * COLUMN_PADDING - indent };

  if (gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL)
    span.x = column->x + COLUMN_PADDING;
  span.width = MAX (0, span.width);
  return span;
}

static void
muster_roster_line_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  MusterRosterLine *self = MUSTER_ROSTER_LINE (widget);
  Span spans[MUSTER_N_ROSTER_COLUMNS];
  int expander_width;
  int x;

  if (self->expander == NULL)
    return;
  layout_columns (widget, metrics_for (widget), width, spans);
  gtk_widget_measure (self->expander, GTK_ORIENTATION_HORIZONTAL, -1, &expander_width, NULL,
                      NULL, NULL);
  expander_width = MIN (expander_width, MAX (0, spans[0].width - 2 * COLUMN_PADDING));
  x = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL
      ? spans[0].x + spans[0].width - COLUMN_PADDING - expander_width
      : spans[0].x + COLUMN_PADDING;
  gtk_widget_size_allocate (self->expander, &(GtkAllocation) { x, 0, expander_width, height }, -1);
}

static GdkRGBA
named_color (GtkStyleContext *style,
             const char      *name,
             const GdkRGBA   *fallback)
{
  GdkRGBA color;

  return gtk_style_context_lookup_color (style, name, &color) ? color : *fallback;
}

/* The finding's mark at the end of the unit's column, in its severity's colour */
static int
snapshot_mark (MusterRosterLine *self,
               GtkSnapshot      *snapshot,
               const Span       *name,
               int               height,
               const GdkRGBA    *fg)
{
  const char *icon = muster_roster_row_get_issue_icon (self->row);
  const char * const *classes = muster_roster_row_get_issue_classes (self->row);
  GtkWidget *widget = GTK_WIDGET (self);
  GtkStyleContext *style = gtk_widget_get_style_context (widget);
  g_autoptr(GtkIconPaintable) paintable = NULL;
  GdkRGBA colors[4];
  int x;

  if (icon == NULL || name->width < MARK_SIZE)
    return 0;
  paintable = gtk_icon_theme_lookup_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (widget)),
                                          icon, NULL, MARK_SIZE, gtk_widget_get_scale_factor (widget),
                                          gtk_widget_get_direction (widget), 0);
  colors[0] = *fg;
  if (classes[0] != NULL && g_str_equal (classes[0], "error"))
    colors[0] = named_color (style, "error_color", fg);
  else if (classes[0] != NULL && g_str_equal (classes[0], "warning"))
    colors[0] = named_color (style, "warning_color", fg);
  else if (classes[0] != NULL)
    colors[0] = named_color (style, "accent_color", fg);
  colors[1] = named_color (style, "error_color", fg);
  colors[2] = named_color (style, "warning_color", fg);
  colors[3] = named_color (style, "success_color", fg);
  x = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL ? name->x
                                                            : name->x + name->width - MARK_SIZE;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, (height - MARK_SIZE) / 2));
  gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (paintable), snapshot,
                                            MARK_SIZE, MARK_SIZE, colors, G_N_ELEMENTS (colors));
  gtk_snapshot_restore (snapshot);
  return MARK_SIZE + MARK_SPACING;
}

/* Draws @text's layout @width wide at @x, @y in @color; returns its height */
static int
draw_text (MusterRosterLine *self,
           GtkSnapshot      *snapshot,
           Text              text,
           const Metrics    *m,
           int               x,
           int               y,
           int               width,
           int               height,
           const GdkRGBA    *color)
{
  PangoLayout *layout = ensure_layout (self, text, m);
  int layout_height;

  pango_layout_set_width (layout, MAX (0, width) * PANGO_SCALE);
  pango_layout_get_pixel_size (layout, NULL, &layout_height);
  /* Centred in the row when @y is negative */
  if (y < 0)
    y = (height - layout_height) / 2;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
  return layout_height;
}

static void
muster_roster_line_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  MusterRosterLine *self = MUSTER_ROSTER_LINE (widget);
  const Metrics *m = metrics_for (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  Span spans[MUSTER_N_ROSTER_COLUMNS];
  Span name;
  GdkRGBA fg, dim;
  int top, mark;

  if (self->expander != NULL)
    gtk_widget_snapshot_child (widget, self->expander, snapshot);
  if (self->row == NULL)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  dim = fg;
  dim.alpha *= DIM_OPACITY;
  layout_columns (widget, m, width, spans);

  name = name_span (self, &spans[MUSTER_ROSTER_COLUMN_NAME]);
  mark = snapshot_mark (self, snapshot, &name, height, &fg);
  name.width -= mark;
  if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    name.x += mark;
  top = (height - m->line_height - m->caption_height) / 2;
  draw_text (self, snapshot, TEXT_NAME, m, name.x, top, name.width, height, &fg);
  draw_text (self, snapshot, TEXT_TYPE, m, name.x, top + m->line_height, name.width, height, &dim);

  for (MusterRosterColumn c = MUSTER_ROSTER_COLUMN_SIZE; c < MUSTER_N_ROSTER_COLUMNS; c++)
    {
      static const Text texts[] = { TEXT_NAME, TEXT_SIZE, TEXT_STATS, TEXT_COST };

      draw_text (self, snapshot, texts[c], m, spans[c].x + COLUMN_PADDING, -1,
                 spans[c].width - 2 * COLUMN_PADDING, height,
                 c == MUSTER_ROSTER_COLUMN_STATS ? &dim : &fg);
    }
  self->stale = FALSE;
}

/* The whole name or statistics where they are cut short, made only when asked for */
static gboolean
muster_roster_line_query_tooltip (GtkWidget  *widget,
                                  int         x,
                                  int         y,
                                  gboolean    keyboard,
                                  GtkTooltip *tooltip)
{
  MusterRosterLine *self = MUSTER_ROSTER_LINE (widget);
  Span spans[MUSTER_N_ROSTER_COLUMNS];
  Text text;

  if (self->row == NULL || keyboard)
    return FALSE;
  layout_columns (widget, metrics_for (widget), gtk_widget_get_width (widget), spans);
  if (x >= spans[MUSTER_ROSTER_COLUMN_STATS].x &&
      x < spans[MUSTER_ROSTER_COLUMN_STATS].x + spans[MUSTER_ROSTER_COLUMN_STATS].width)
    text = TEXT_STATS;
  else if (x >= spans[MUSTER_ROSTER_COLUMN_NAME].x &&
           x < spans[MUSTER_ROSTER_COLUMN_NAME].x + spans[MUSTER_ROSTER_COLUMN_NAME].width)
    text = TEXT_NAME;
  else
    return FALSE;
  if (self->layouts[text] == NULL || !pango_layout_is_ellipsized (self->layouts[text]))
    return FALSE;
  gtk_tooltip_set_text (tooltip, line_text (self, text));
  return TRUE;
}

static void
muster_roster_line_system_setting_changed (GtkWidget        *widget,
                                           GtkSystemSetting  setting)
{
  /* Another font or resolution: the layouts are made again for it */
  drop_layouts (MUSTER_ROSTER_LINE (widget));
  GTK_WIDGET_CLASS (muster_roster_line_parent_class)->system_setting_changed (widget, setting);
}

static void
muster_roster_line_direction_changed (GtkWidget        *widget,
                                      GtkTextDirection  previous)
{
  drop_layouts (MUSTER_ROSTER_LINE (widget));
  gtk_widget_queue_allocate (widget);
}

static void
muster_roster_line_dispose (GObject *object)
{
  MusterRosterLine *self = MUSTER_ROSTER_LINE (object);

  if (self->row != NULL)
    g_signal_handlers_disconnect_by_func (self->row, row_notify_cb, self);
  g_clear_object (&self->row);
  g_clear_object (&self->list_row);
  g_clear_pointer (&self->stats_text, g_free);
  drop_layouts (self);
  g_clear_pointer (&self->expander, gtk_widget_unparent);

  G_OBJECT_CLASS (muster_roster_line_parent_class)->dispose (object);
}

static void
muster_roster_line_class_init (MusterRosterLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_roster_line_dispose;
  widget_class->measure = muster_roster_line_measure;
  widget_class->size_allocate = muster_roster_line_size_allocate;
  widget_class->snapshot = muster_roster_line_snapshot;
  widget_class->query_tooltip = muster_roster_line_query_tooltip;
  widget_class->system_setting_changed = muster_roster_line_system_setting_changed;
  widget_class->direction_changed = muster_roster_line_direction_changed;
  gtk_widget_class_set_css_name (widget_class, "rosterline");
}

static void
muster_roster_line_init (MusterRosterLine *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item)
{
  gtk_list_item_set_child (item, g_object_new (MUSTER_TYPE_ROSTER_LINE, NULL));
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item)
{
  MusterRosterLine *self = MUSTER_ROSTER_LINE (gtk_list_item_get_child (item));
  GtkTreeListRow *list_row = gtk_list_item_get_item (item);
  gboolean same = self->unbound && self->list_row == list_row;

  self->unbound = FALSE;
  if (!same)
    line_bind (self, list_row);
}

/* GTK 4.8's signal factory unbinds and binds a row again whenever its position or selection
 * changes, which a selection far away or an insertion above does to a hundred rows at once;
 * and a tree expander given its row again builds its indentation again. So an unbound line
 * keeps its row until it is bound to another one, or goes: bound to the same row again, it
 * has nothing to do. */
static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *item)
{
  MUSTER_ROSTER_LINE (gtk_list_item_get_child (item))->unbound = TRUE;
}

/* Returns: (transfer full): a factory of roster rows, for a list of GtkTreeListRows of
 * MusterRosterRows */
GtkListItemFactory *
muster_roster_line_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), NULL);
  return factory;
}

/* Returns: (transfer none) (nullable): the tree row shown, %NULL when unbound */
GtkTreeListRow *
muster_roster_line_get_list_row (MusterRosterLine *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_LINE (self), NULL);
  return self->list_row;
}

/* The text shown in @column: the name for the unit's column; "" when unbound */
const char *
muster_roster_line_get_text (MusterRosterLine   *self,
                             MusterRosterColumn  column)
{
  static const Text texts[] = { TEXT_NAME, TEXT_SIZE, TEXT_STATS, TEXT_COST };

  g_return_val_if_fail (MUSTER_IS_ROSTER_LINE (self), NULL);
  g_return_val_if_fail (column < MUSTER_N_ROSTER_COLUMNS, NULL);
  return line_text (self, texts[column]);
}

/* Header */

struct _MusterRosterHeader
{
  GtkWidget  parent_instance;

  /* Owned References */
  GtkWidget *titles[MUSTER_N_ROSTER_COLUMNS];
};

G_DEFINE_FINAL_TYPE (MusterRosterHeader, muster_roster_header, GTK_TYPE_WIDGET)

static void
muster_roster_header_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  MusterRosterHeader *self = MUSTER_ROSTER_HEADER (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = *natural = min_width (metrics_for (widget));
      return;
    }
  *minimum = *natural = 0;
  for (guint i = 0; i < MUSTER_N_ROSTER_COLUMNS; i++)
    {
      int min, nat;

      gtk_widget_measure (self->titles[i], orientation, -1, &min, &nat, NULL, NULL);
      *minimum = MAX (*minimum, min);
      *natural = MAX (*natural, nat);
    }
}

static void
muster_roster_header_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  MusterRosterHeader *self = MUSTER_ROSTER_HEADER (widget);
  Span spans[MUSTER_N_ROSTER_COLUMNS];

  layout_columns (widget, metrics_for (widget), width, spans);
  for (guint i = 0; i < MUSTER_N_ROSTER_COLUMNS; i++)
    {
      /* Measured before it is placed, as GTK wants; a title too long is cut short. */
      gtk_widget_measure (self->titles[i], GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
      gtk_widget_size_allocate (self->titles[i],
                                &(GtkAllocation) { spans[i].x + COLUMN_PADDING, 0,
                                                   MAX (0, spans[i].width - 2 * COLUMN_PADDING),
                                                   height }, -1);
    }
}

static void
muster_roster_header_dispose (GObject *object)
{
  MusterRosterHeader *self = MUSTER_ROSTER_HEADER (object);

  for (guint i = 0; i < MUSTER_N_ROSTER_COLUMNS; i++)
    g_clear_pointer (&self->titles[i], gtk_widget_unparent);

  G_OBJECT_CLASS (muster_roster_header_parent_class)->dispose (object);
}

static void
muster_roster_header_class_init (MusterRosterHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_roster_header_dispose;
  widget_class->measure = muster_roster_header_measure;
  widget_class->size_allocate = muster_roster_header_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "rosterheader");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_ROW);
}

static void
muster_roster_header_init (MusterRosterHeader *self)
{
  const char *titles[] = { _("Unit"), _("Size"), _("Statistics"), _("Cost") };

  for (guint i = 0; i < MUSTER_N_ROSTER_COLUMNS; i++)
    {
      GtkWidget *title = g_object_new (GTK_TYPE_LABEL,
                                       "label", titles[i],
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_COLUMN_HEADER,
                                       NULL);

      /* Numbers stand right in their columns, and so do their titles. */
      gtk_label_set_xalign (GTK_LABEL (title),
                            i == MUSTER_ROSTER_COLUMN_SIZE || i == MUSTER_ROSTER_COLUMN_COST ? 1 : 0);
      gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
      gtk_label_set_single_line_mode (GTK_LABEL (title), TRUE);
      gtk_widget_set_parent (title, GTK_WIDGET (self));
      self->titles[i] = title;
    }
}

GtkWidget *
muster_roster_header_new (void)
{
  return g_object_new (MUSTER_TYPE_ROSTER_HEADER, NULL);
}

void
muster_roster_header_set_title (MusterRosterHeader *self,
                                MusterRosterColumn  column,
                                const char         *title)
{
  g_return_if_fail (MUSTER_IS_ROSTER_HEADER (self));
  g_return_if_fail (column < MUSTER_N_ROSTER_COLUMNS);
  gtk_label_set_label (GTK_LABEL (self->titles[column]), title);
}

const char *
muster_roster_header_get_title (MusterRosterHeader *self,
                                MusterRosterColumn  column)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_HEADER (self), NULL);
  g_return_val_if_fail (column < MUSTER_N_ROSTER_COLUMNS, NULL);
  return gtk_label_get_label (GTK_LABEL (self->titles[column]));
}
