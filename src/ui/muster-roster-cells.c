/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster-view"

#include "config.h"

#include "muster-roster-cells.h"

/*
 * The roster's cells: the unit or group with its expander, type and finding mark; its size;
 * its statistics; its cost. Made in C rather than from GtkBuilder templates, since a list
 * opens with some 200 rows of four cells at once. The text is GtkInscription, which is
 * measured from its font rather than from its text: GTK 4.8's column view re-measures every
 * cell of a column whenever a row comes or goes, and labels then shaped all their text again
 * (hundreds of ms in a 500-unit list); an inscription lays out only when it is drawn.
 * A bound cell follows its MusterRosterRow's notifications.
 */

typedef enum
{
  CELL_NAME,
  CELL_SIZE,
  CELL_STATS,
  CELL_COST,
} CellKind;

static const char * const severity_classes[] = { "error", "warning", "accent" };

static GtkWidget *
inscription_new (float       xalign,
                 guint       min_chars,
                 guint       nat_chars,
                 const char *css_class,
                 const char *css_class2)
{
  GtkWidget *text = gtk_inscription_new (NULL);

  gtk_inscription_set_xalign (GTK_INSCRIPTION (text), xalign);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (text), min_chars);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (text), nat_chars);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (text),
                                     GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  if (css_class != NULL)
    gtk_widget_add_css_class (text, css_class);
  if (css_class2 != NULL)
    gtk_widget_add_css_class (text, css_class2);
  return text;
}

/* Long statistics are cut short: the whole line as the tooltip, made only when asked for. */
static gboolean
stats_query_tooltip_cb (GtkWidget  *widget,
                        int         x,
                        int         y,
                        gboolean    keyboard,
                        GtkTooltip *tooltip)
{
  const char *text = gtk_inscription_get_text (GTK_INSCRIPTION (widget));

  if (text == NULL || *text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  kind)
{
  GtkWidget *child = NULL;

  switch (GPOINTER_TO_INT (kind))
    {
    case CELL_NAME:
      {
        GtkWidget *expander = gtk_tree_expander_new ();
        GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
        GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
        GtkWidget *mark = gtk_image_new ();

        /* A name stays readable however long the statistics are */
        gtk_box_append (GTK_BOX (texts), inscription_new (0, 16, 24, NULL, NULL));
        gtk_box_append (GTK_BOX (texts), inscription_new (0, 8, 16, "caption", "dim-label"));
        gtk_widget_set_hexpand (texts, TRUE);
        gtk_widget_set_valign (mark, GTK_ALIGN_CENTER);
        gtk_box_append (GTK_BOX (box), texts);
        gtk_box_append (GTK_BOX (box), mark);
        gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
        child = expander;
      }
      break;

    case CELL_SIZE:
      child = inscription_new (1, 2, 4, "numeric", NULL);
      break;

    case CELL_STATS:
      child = inscription_new (0, 11, 28, "numeric", "dim-label");
      /* A row is two lines high (name, type): long statistics (Standards of Valor's, the
       * horse-and-musket ones) wrap onto the second rather than lose their ends. */
      gtk_inscription_set_min_lines (GTK_INSCRIPTION (child), 2);
      gtk_inscription_set_nat_lines (GTK_INSCRIPTION (child), 2);
      gtk_widget_set_has_tooltip (child, TRUE);
      g_signal_connect (child, "query-tooltip", G_CALLBACK (stats_query_tooltip_cb), NULL);
      break;

    case CELL_COST:
      child = inscription_new (1, 6, 6, "numeric", NULL);
      break;

    default:
      g_assert_not_reached ();
    }
  g_object_set_data (G_OBJECT (child), "muster-cell-kind", kind);
  gtk_list_item_set_child (item, child);
}

/* Fills @child, a cell made by setup_cb(), from @row. */
static void
fill_cell (GtkWidget       *child,
           MusterRosterRow *row)
{
  switch (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "muster-cell-kind")))
    {
    case CELL_NAME:
      {
        GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (child));
        GtkWidget *texts = gtk_widget_get_first_child (box);
        GtkWidget *name = gtk_widget_get_first_child (texts);
        GtkWidget *mark = gtk_widget_get_next_sibling (texts);
        const char * const *classes = muster_roster_row_get_issue_classes (row);

        gtk_inscription_set_text (GTK_INSCRIPTION (name), muster_roster_row_get_name (row));
        gtk_inscription_set_text (GTK_INSCRIPTION (gtk_widget_get_next_sibling (name)),
                                  muster_roster_row_get_type_name (row));
        gtk_image_set_from_icon_name (GTK_IMAGE (mark), muster_roster_row_get_issue_icon (row));
        for (guint i = 0; i < G_N_ELEMENTS (severity_classes); i++)
          if (!g_strv_contains (classes, severity_classes[i]))
            gtk_widget_remove_css_class (mark, severity_classes[i]);
        for (guint i = 0; classes[i] != NULL; i++)
          gtk_widget_add_css_class (mark, classes[i]);
      }
      break;

    case CELL_SIZE:
      {
        char text[16] = "";

        /* Groups have no size of their own. */
        if (!muster_roster_row_is_node (row))
          g_snprintf (text, sizeof text, "%u", muster_roster_row_get_size (row));
        gtk_inscription_set_text (GTK_INSCRIPTION (child), text);
      }
      break;

    case CELL_STATS:
      gtk_inscription_set_text (GTK_INSCRIPTION (child), muster_roster_row_get_stats (row));
      break;

    case CELL_COST:
      gtk_inscription_set_text (GTK_INSCRIPTION (child), muster_roster_row_get_cost_text (row));
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
row_notify_cb (MusterRosterRow *row,
               GParamSpec      *pspec,
               GtkWidget       *child)
{
  fill_cell (child, row);
}

static MusterRosterRow *
row_of (GtkListItem *item)
{
  GtkTreeListRow *tree_row = gtk_list_item_get_item (item);

  return tree_row != NULL ? MUSTER_ROSTER_ROW (gtk_tree_list_row_get_item (tree_row)) : NULL;
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item)
{
  GtkWidget *child = gtk_list_item_get_child (item);
  g_autoptr(MusterRosterRow) row = row_of (item);

  if (GTK_IS_TREE_EXPANDER (child))
    gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (child), gtk_list_item_get_item (item));
  if (row == NULL)
    return;
  fill_cell (child, row);
  /* The cell goes before the row does: unbind disconnects. */
  g_signal_connect_object (row, "notify", G_CALLBACK (row_notify_cb), child, 0);
}

static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *item)
{
  GtkWidget *child = gtk_list_item_get_child (item);
  g_autoptr(MusterRosterRow) row = row_of (item);

  if (row != NULL)
    g_signal_handlers_disconnect_by_func (row, row_notify_cb, child);
  if (GTK_IS_TREE_EXPANDER (child))
    gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (child), NULL);
}

static GtkListItemFactory *
cell_factory_new (CellKind kind)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (kind));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), NULL);
  return factory;
}

/* Gives the roster's columns (unit, size, statistics, cost) their cells. */
void
muster_roster_cells_set_factories (GtkColumnViewColumn *name_column,
                                   GtkColumnViewColumn *size_column,
                                   GtkColumnViewColumn *stats_column,
                                   GtkColumnViewColumn *cost_column)
{
  GtkColumnViewColumn *columns[] = { name_column, size_column, stats_column, cost_column };
  const CellKind kinds[] = { CELL_NAME, CELL_SIZE, CELL_STATS, CELL_COST };

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      g_autoptr(GtkListItemFactory) factory = cell_factory_new (kinds[i]);

      gtk_column_view_column_set_factory (columns[i], factory);
    }
}
