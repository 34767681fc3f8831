/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-entries.h"
#include "muster-bs-page-private.h"
#include "muster-cull-box.h"

typedef MusterBsPageOption Option;
typedef MusterBsPageChoice Choice;

/*
 * The editor of the selected row: its name and number, the entries it may take as the data
 * groups them (a group's name with its minimum and maximum, each choice with its cost and
 * how many are taken), and its profiles and rules as the data gives them. Every control
 * changes the roster through the document (one undo step); the controls, the profiles and
 * rules and a force's editor are muster-bs-page-controls.c's. Here: a selection's editor, its
 * option rows built over frames when they are many, kept while an edit leaves its shape.
 */

/* The widgets of one choice's row that an edit may change */
typedef struct
{
  GtkWidget *count;
  GtkWidget *plus;
  GtkWidget *caption;  /* (nullable): a collective entry's note, hidden without one */
} OptionRow;

/* A selection's editor, as built: what follows the edits in place (see editor_shape()) */
typedef struct
{
  char      *shape;
  GtkWidget *title;
  GtkWidget *spin;
  /* (element-type Choice): every choice of the editor, borrowed from its widget's handler */
  GPtrArray *choices;
  GArray    *rows;  /* OptionRow, one an Option built so far */

  /* The rows still to build (issue 21: a wh40k-10e character's ~250 rows took ~200 ms, so
   * those in view are built at once and the rest a slice a frame, see build_tick_cb()).
   * @options and @ids are NULL once all are built. */
  GtkBox            *box;        /* the editor's box, which holds the editor */
  MusterBsDocument  *document;
  MusterBsSelection *selection;  /* the selection shown now (editor_update() moves it) */
  GPtrArray         *ids;        /* the options' ids */
  GArray            *options;    /* Option */
  const MusterBsNode *group;     /* the group of the last row built */
  GtkWidget         *list;       /* (nullable) (owned): the list the last row went in */
  guint              list_start; /* the first option of that list, and the one after its last */
  guint              list_end;
  int                row_height; /* a row's height once one is drawn, else 0 */
  guint              step;       /* the next step of the build, see build_step() */
  guint              tick_id;    /* the build's tick callback, which holds a reference */
  gint64             first_frame;  /* the frame after the build started, which builds none */
  /* What a frame's slice may take, µs: of rows in view [1], and below it [0]; set after the
   * frames they made (see build_painted_cb()). The frame clock's after-paint handler (it
   * holds a reference), while the build goes on; when the last slice was built (0: not in
   * this frame), and of which kind. */
  gint64             slice_usec[2];
  GdkFrameClock     *clock;
  gulong             painted_id;
  gint64             slice_start;
  gboolean           slice_in_view;
  /* An edit waits to reach the editor: the selection may be gone (an edit that drops the redo
   * history frees the selections it held), so nothing is built until it has */
  gboolean           held;
  /* The options are still to be worked out, in the frame after the edit's (see build_start()) */
  gboolean           listing;
  char              *entry_id;   /* the selection's entry */
} Editor;

#define EDITOR_DATA "muster-bs-editor"

static char *editor_shape (MusterBsDocument  *document,
                           MusterBsSelection *selection,
                           GArray            *options);

/* A slice of rows: what a frame adds to its own work. The new rows are styled, measured and
 * allocated in the same frame, which costs several times as much again (bench-bs-window:
 * slices of 4 ms made frames of 25 ms, of 1 ms frames of 9 to 14 ms, machines differ); rows
 * in view are drawn too, so a smaller slice builds them (see filling_view()). These are the
 * first slices; each next one is sized after the frame the last one made, for frames of
 * FRAME_USEC (see build_painted_cb()). */
#define SLICE_USEC 1000
#define VIEW_SLICE_USEC 400
#define FRAME_USEC 8000
#define MIN_SLICE_USEC 100
#define MAX_SLICE_USEC 2000
/* An editor of this many steps (rows, profiles and rules) at most is built at once, and taken
 * down at once: the edit's frame has time for it */
#define AT_ONCE_STEPS 8

static void
editor_clear (gpointer data)
{
  Editor *editor = data;

  g_free (editor->shape);
  g_free (editor->entry_id);
  g_ptr_array_unref (editor->choices);
  g_array_unref (editor->rows);
  g_clear_pointer (&editor->options, g_array_unref);
  g_clear_pointer (&editor->ids, g_ptr_array_unref);
  g_clear_object (&editor->document);
  g_clear_object (&editor->list);
  g_clear_object (&editor->clock);
}

/* An editor is held by its box and by its build's tick callback (g_rc_box) */
static void
editor_unref (gpointer data)
{
  g_rc_box_release_full (data, editor_clear);
}

static Choice *
editor_choice (Editor            *editor,
               MusterBsDocument  *document,
               MusterBsForce     *force,
               MusterBsSelection *selection,
               const char        *entry_id)
{
  Choice *choice = _muster_bs_page_choice_new (document, force, selection, entry_id);

  g_ptr_array_add (editor->choices, choice);
  return choice;
}

/* What an edit may change in a choice's row: the same whether the row is new or kept */
static void
option_row_set (OptionRow    *row,
                const Option *option)
{
  g_autofree char *number = g_strdup_printf ("%u", option->taken);
  const char *tooltip = option->full ? _("At its maximum") : _("Take one more");

  _muster_bs_page_set_label (row->count, number);
  /* Not allowed now: at its own maximum, or its group's. */
  gtk_widget_set_sensitive (row->plus, !option->full);
  if (g_strcmp0 (gtk_widget_get_tooltip_text (row->plus), tooltip) != 0)
    {
      if (gtk_widget_get_parent (row->plus) == NULL)
        _muster_bs_page_set_tooltip (row->plus, tooltip);
      else
        gtk_widget_set_tooltip_text (row->plus, tooltip);
    }
  if (row->caption != NULL)
    {
      _muster_bs_page_set_label (row->caption, option->note ? option->note : "");
      gtk_widget_set_visible (row->caption, option->note != NULL);
    }
}

/* Builds the row of the next option, in the list of its group */
static void
add_option_row (Editor *editor)
{
  MusterBsDocument *document = editor->document;
  MusterBsSelection *selection = editor->selection;
  MusterBsData *data = muster_bs_roster_get_data (muster_bs_document_get_roster (document));
  MusterBsForce *force = muster_bs_selection_get_force (selection);
  const Option *option = &g_array_index (editor->options, Option, editor->rows->len);
  const char *entry_name = muster_bs_entries_name (option->link, option->node);
  GtkWidget *row, *name, *cost;
  OptionRow widgets = { NULL, NULL, NULL };
  g_autofree char *costs = NULL;
  Choice *choice;

  if (editor->list == NULL || option->group != editor->group)
    {
      g_autofree char *heading = option->group ? _muster_bs_page_group_heading (option->group) : NULL;

      editor->group = option->group;
      if (heading != NULL)
        gtk_box_append (editor->box, _muster_bs_page_label_new (heading, "dim-label"));
      /* The list before is whole: as tall as its rows (see presize_list()) */
      if (editor->list != NULL)
        gtk_widget_set_size_request (editor->list, -1, -1);
      g_set_object (&editor->list, gtk_list_box_new ());
      editor->list_start = editor->rows->len;
      for (editor->list_end = editor->rows->len + 1;
           editor->list_end < editor->options->len &&
           g_array_index (editor->options, Option, editor->list_end).group == option->group;
           editor->list_end++)
        ;
      gtk_list_box_set_selection_mode (GTK_LIST_BOX (editor->list), GTK_SELECTION_NONE);
      /* Framed, not a boxed list: rows appended to a boxed list a slice a frame cost more
       * (bench-bs-window: frames until a character's editor was complete 59-70, framed
       * 41-50, frames as long), likely as its rows are styled by their place in it */
      gtk_widget_add_css_class (editor->list, "frame");
      gtk_list_box_set_show_separators (GTK_LIST_BOX (editor->list), TRUE);
      gtk_box_append (editor->box, editor->list);
    }
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 6);
  name = _muster_bs_page_label_new (entry_name, NULL);
  /* Long names and costs are cut short, so that the counts stay in view. */
  gtk_label_set_wrap (GTK_LABEL (name), FALSE);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  _muster_bs_page_set_tooltip (name, entry_name);
  gtk_widget_set_hexpand (name, TRUE);
  costs = muster_bs_entries_costs_text (data, option->node);
  cost = _muster_bs_page_label_new (costs, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (cost), FALSE);
  gtk_label_set_ellipsize (GTK_LABEL (cost), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (cost), 12);
  widgets.count = _muster_bs_page_label_new (NULL, "numeric");
  if (option->group != NULL && g_strcmp0 (option->group->text, option->node->id) == 0)
    {
      /* The group's default choice */
      g_autofree char *text = g_strdup_printf (_("%s (default)"), entry_name);

      gtk_label_set_label (GTK_LABEL (name), text);
    }
  if (option->hidden)
    {
      /* Taken, but not allowed now: the findings say why. */
      gtk_widget_add_css_class (name, "error");
      _muster_bs_page_set_tooltip (name, _("Not allowed now"));
    }
  if (option->collective)
    {
      /* The count is per model of the parent; under it, what that makes in all (once
       * the parent has several models: the note comes and goes with its number). */
      GtkWidget *names = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

      widgets.caption = _muster_bs_page_label_new (NULL, "dim-label");
      gtk_widget_add_css_class (widgets.caption, "caption");
      gtk_widget_set_hexpand (names, TRUE);
      gtk_box_append (GTK_BOX (names), name);
      gtk_box_append (GTK_BOX (names), widgets.caption);
      gtk_box_append (GTK_BOX (row), names);
    }
  else
    gtk_box_append (GTK_BOX (row), name);
  gtk_box_append (GTK_BOX (row), cost);
  choice = editor_choice (editor, document, force, selection, option->id);
  /* The minus first: the plus owns @choice */
  gtk_box_append (GTK_BOX (row), _muster_bs_page_take_button (choice, FALSE, _("Take one fewer")));
  gtk_box_append (GTK_BOX (row), widgets.count);
  widgets.plus = _muster_bs_page_take_button (choice, TRUE, option->full ? _("At its maximum")
                                                                        : _("Take one more"));
  gtk_box_append (GTK_BOX (row), widgets.plus);
  option_row_set (&widgets, option);
  gtk_list_box_append (GTK_LIST_BOX (editor->list), row);
  g_array_append_val (editor->rows, widgets);
}

/* The steps of building @selection's editor of @n_options options: a row an option, then a
 * step a profile and a rule */
static guint
steps_of (MusterBsSelection *selection,
          guint              n_options)
{
  GArray *profiles = muster_bs_selection_get_profiles (selection);
  GArray *rules = muster_bs_selection_get_rules (selection);

  return n_options + (profiles ? profiles->len : 0) + (rules ? rules->len : 0);
}

static guint
n_steps (Editor *editor)
{
  return steps_of (editor->selection, editor->options->len);
}

/* Builds the next step: the editor's widgets in their order, appended to its box. Returns
 * TRUE for a profile or a rule: their wrapped text costs more to measure than a row. */
static gboolean
build_step (Editor *editor)
{
  GArray *profiles = muster_bs_selection_get_profiles (editor->selection);
  guint step = editor->step++;
  guint n_profiles = profiles ? profiles->len : 0;

  if (step < editor->options->len)
    {
      add_option_row (editor);
      return FALSE;
    }
  step -= editor->options->len;
  if (step < n_profiles)
    {
      _muster_bs_page_add_profile (editor->box, &g_array_index (profiles, MusterBsProfile, step));
      return TRUE;
    }
  step -= n_profiles;
  _muster_bs_page_add_rule (editor->box, muster_bs_roster_get_data (muster_bs_document_get_roster (editor->document)),
            &g_array_index (muster_bs_selection_get_rules (editor->selection), MusterBsRule, step),
            step == 0);
  return TRUE;
}

/* Builds the steps still to build, at least @min_steps of them, then more until @budget
 * microseconds have passed; TRUE when all are built. */
static gboolean
build_rows (Editor *editor,
            guint   min_steps,
            gint64  budget)
{
  gint64 start = g_get_monotonic_time ();
  guint built = 0;

  if (editor->options == NULL)
    return TRUE;
  while (editor->step < n_steps (editor) &&
         (built < min_steps || g_get_monotonic_time () - start < budget))
    {
      gboolean heavy = build_step (editor);

      /* One of those a slice, after the first */
      built += heavy ? 4 : 1;
      if (heavy && built >= min_steps)
        break;
    }
  if (editor->step < n_steps (editor))
    return FALSE;
  if (editor->list != NULL)
    gtk_widget_set_size_request (editor->list, -1, -1);
  g_clear_pointer (&editor->options, g_array_unref);
  g_clear_pointer (&editor->ids, g_ptr_array_unref);
  return TRUE;
}

/* The list being built as tall as it will be, once a row's height is known: a list that grows
 * draws again its whole part in view (its background and frame are as tall as it), some 5 ms
 * of a frame a slice while it reaches into the view (issue 21); as tall as it will be, a new
 * row draws only itself. Its rows all built, it is as tall as they are. */
static void
presize_list (Editor *editor)
{
  GtkWidget *row = editor->list ? gtk_widget_get_first_child (editor->list) : NULL;

  if (editor->row_height == 0 && row != NULL)
    editor->row_height = gtk_widget_get_height (row);
  if (editor->list != NULL && editor->row_height > 0 && editor->rows->len < editor->list_end)
    gtk_widget_set_size_request (editor->list, -1,
                                 editor->row_height * (int) (editor->list_end - editor->list_start));
}

/* Whether the rows built so far end within the view (or not far below it): those built now
 * are drawn in this frame, which costs more than laying them out alone */
static gboolean
filling_view (Editor *editor)
{
  GtkWidget *viewport = gtk_widget_get_ancestor (GTK_WIDGET (editor->box), GTK_TYPE_VIEWPORT);
  GtkAdjustment *adjustment = viewport ? gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (viewport))
                                       : NULL;

  return adjustment != NULL &&
         gtk_widget_get_height (GTK_WIDGET (editor->box)) <
         gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) + 100;
}

/* The options of a long editor whose build started without them, and its shape: a frame's
 * work of its own (a character's ~250 options, whether each is hidden now) */
static void
list_later (Editor *editor)
{
  MusterBsRoster *roster = muster_bs_document_get_roster (editor->document);

  editor->options = _muster_bs_page_list_options (roster, editor->selection, &editor->ids);
  editor->shape = editor_shape (editor->document, editor->selection, editor->options);
  editor->listing = FALSE;
  if (editor->options->len > 0)
    gtk_box_append (editor->box, _muster_bs_page_label_new (_("Options"), "heading"));
}

/* The build over, or cancelled: its frames are no longer watched */
static void
build_end (Editor *editor)
{
  if (editor->painted_id != 0)
    g_clear_signal_handler (&editor->painted_id, editor->clock);
  g_clear_object (&editor->clock);
}

static void build_painted_cb (GdkFrameClock *clock,
                              Editor        *editor);

/* A slice of the rows a frame, appended in their order, until all are built or the editor
 * goes (editor_cancel()) */
static gboolean
build_tick_cb (GtkWidget     *box,
               GdkFrameClock *clock,
               gpointer       user_data)
{
  Editor *editor = user_data;

  if (editor->held || gdk_frame_clock_get_frame_counter (clock) == editor->first_frame)
    return G_SOURCE_CONTINUE;
  if (editor->listing)
    {
      list_later (editor);
      return G_SOURCE_CONTINUE;
    }
  presize_list (editor);
  editor->slice_start = g_get_monotonic_time ();
  editor->slice_in_view = filling_view (editor);
  if (!build_rows (editor, 1, editor->slice_usec[editor->slice_in_view]))
    return G_SOURCE_CONTINUE;
  editor->tick_id = 0;
  build_end (editor);
  return G_SOURCE_REMOVE;
}

/* The frame a slice went into is drawn: the next slice of its kind is sized so that its
 * frame takes about FRAME_USEC (wall time: a loaded machine gets smaller slices), growing at
 * most twice a frame. */
static void
build_painted_cb (GdkFrameClock *clock,
                  Editor        *editor)
{
  gint64 *slice = &editor->slice_usec[editor->slice_in_view];
  gint64 frame = g_get_monotonic_time () - editor->slice_start;

  if (editor->slice_start == 0)
    return;
  editor->slice_start = 0;
  *slice = CLAMP (*slice * MIN ((double) FRAME_USEC / MAX (frame, 1), 2.0),
                  MIN_SLICE_USEC, MAX_SLICE_USEC);
}

/* The options' heading at once; the rows, profiles and rules over the frames after the next,
 * a slice a frame (all at once for a short editor, or where the box is not on screen: no
 * frames would come). The next frame shows the editor's title and number with what else the
 * edit changed: an add's tree row, totals and findings, within the frame's time (issue 21).
 * Takes @options and @ids; both %NULL: the options are worked out in the frame after the
 * next (list_later()). */
static void
build_start (Editor    *editor,
             GArray    *options,
             GPtrArray *ids)
{
  editor->options = options;
  editor->ids = ids;
  editor->listing = options == NULL;
  if (options != NULL && options->len > 0)
    gtk_box_append (editor->box, _muster_bs_page_label_new (_("Options"), "heading"));
  if (options != NULL &&
      (!gtk_widget_get_mapped (GTK_WIDGET (editor->box)) || n_steps (editor) <= AT_ONCE_STEPS))
    {
      build_rows (editor, G_MAXUINT, 0);
      return;
    }
  editor->first_frame =
    gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (GTK_WIDGET (editor->box))) + 1;
  if (editor->listing || !build_rows (editor, 0, 0))
    {
      editor->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (editor->box), build_tick_cb,
                                                      g_rc_box_acquire (editor), editor_unref);
      editor->slice_usec[FALSE] = SLICE_USEC;
      editor->slice_usec[TRUE] = VIEW_SLICE_USEC;
      editor->clock = g_object_ref (gtk_widget_get_frame_clock (GTK_WIDGET (editor->box)));
      editor->painted_id = g_signal_connect_data (editor->clock, "after-paint",
                                                  G_CALLBACK (build_painted_cb),
                                                  g_rc_box_acquire (editor),
                                                  (GClosureNotify) (void (*) (void)) editor_unref,
                                                  0);
    }
}

/* Returns: (transfer full): what the widgets of @selection's editor are built from, beside
 * what option_row_set() and editor_update() set: two editors of the same shape differ only
 * in those, so the one built stays and follows the edits (building the ~250 rows of a
 * wh40k-10e character takes some 100 ms, issue 21). */
static char *
editor_shape (MusterBsDocument  *document,
              MusterBsSelection *selection,
              GArray            *options)
{
  GString *shape = g_string_new (NULL);

  /* The choices hold the document and the force (of this roster: a force of the next one may
   * come at a freed one's address) */
  g_string_append_printf (shape, "%p %p %p\n", (gpointer) document,
                          (gpointer) muster_bs_document_get_roster (document),
                          (gpointer) muster_bs_selection_get_force (selection));
  for (guint i = 0; i < options->len; i++)
    {
      const Option *option = &g_array_index (options, Option, i);

      g_string_append_printf (shape, "o %s %d\n", option->id, option->hidden);
    }
  _muster_bs_page_append_shown (shape, selection);
  return g_string_free (shape, FALSE);
}

/* The editor built for a selection of the same shape, made the editor of @selection */
static void
editor_update (Editor            *editor,
               MusterBsItem      *item,
               MusterBsSelection *selection,
               GArray           **options,
               GPtrArray        **ids)
{
  _muster_bs_page_set_label (editor->title, muster_bs_item_get_name (item));
  for (guint i = 0; i < editor->choices->len; i++)
    {
      Choice *choice = g_ptr_array_index (editor->choices, i);

      choice->selection = selection;
      choice->stale = FALSE;
    }
  _muster_bs_page_show_count (editor->spin, muster_bs_selection_get_amount (selection));
  for (guint i = 0; i < editor->rows->len; i++)
    option_row_set (&g_array_index (editor->rows, OptionRow, i),
                    &g_array_index (*options, Option, i));
  /* Rows still to build are built from the selection as it is now */
  editor->selection = selection;
  editor->held = FALSE;
  if (editor->options != NULL)
    {
      g_array_unref (editor->options);
      g_ptr_array_unref (editor->ids);
      editor->options = g_steal_pointer (options);
      editor->ids = g_steal_pointer (ids);
    }
}

/* The editor in @box no longer shown: the rows it had still to build are not built */
static void
editor_cancel (GtkBox *box)
{
  Editor *editor = g_object_get_data (G_OBJECT (box), EDITOR_DATA);

  if (editor != NULL && editor->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (box), editor->tick_id);
      editor->tick_id = 0;
    }
  if (editor != NULL)
    build_end (editor);
  g_object_set_data (G_OBJECT (box), EDITOR_DATA, NULL);
}

/* Returns: (transfer full) (nullable): all a selection's editor shows, as text; NULL for a
 * force's or an empty editor (those are cheap to build). Two equal keys: the editor built
 * for the first is the editor of the second, so an edit elsewhere in the roster keeps it (its
 * rows are built in tens of milliseconds). What _muster_bs_page_fill_editor() shows of a
 * selection must be read here too. */
char *
_muster_bs_page_editor_key (MusterBsDocument *document,
                            MusterBsItem     *item)
{
  MusterBsSelection *selection = item ? muster_bs_item_get_selection (item) : NULL;
  MusterBsRoster *roster = muster_bs_document_get_roster (document);
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GArray) hidden = NULL;
  GString *key;

  if (roster == NULL || selection == NULL)
    return NULL;
  key = g_string_new (NULL);
  /* The choices' callbacks hold the document and the selection (of this roster: a selection
   * of the next one may come at a freed one's address) */
  g_string_append_printf (key, "%p %p %p %d\n%s\n", (gpointer) document, (gpointer) roster,
                          (gpointer) selection, muster_bs_selection_get_amount (selection),
                          muster_bs_item_get_name (item));
  /* What is taken: the counts, and which choices are full */
  for (guint i = 0; i < muster_bs_selection_get_n_children (selection); i++)
    {
      MusterBsSelection *child = muster_bs_selection_get_child (selection, i);

      g_string_append_printf (key, "c %s %d\n", muster_bs_selection_get_entry_id (child),
                              muster_bs_selection_get_amount (child));
    }
  /* What is offered, and what of it is hidden now (the roster keeps the answers an edit
   * cannot have changed: working them all out again took milliseconds an edit) */
  ids = muster_bs_roster_list_entries (roster, muster_bs_selection_get_force (selection), selection);
  hidden = muster_bs_roster_list_hidden (roster, muster_bs_selection_get_force (selection), selection);
  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (key, "o %s %d\n", (const char *) g_ptr_array_index (ids, i),
                            g_array_index (hidden, gboolean, i));
  _muster_bs_page_append_shown (key, selection);
  return g_string_free (key, FALSE);
}

void
_muster_bs_page_fill_editor (GtkBox           *box,
                             MusterBsDocument *document,
                             MusterBsItem     *item)
{
  MusterBsSelection *selection = item ? muster_bs_item_get_selection (item) : NULL;
  MusterBsForce *force = item ? muster_bs_item_get_force (item) : NULL;
  MusterBsRoster *roster = muster_bs_document_get_roster (document);
  Editor *editor = g_object_get_data (G_OBJECT (box), EDITOR_DATA);
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GArray) options = NULL;
  g_autofree char *shape = NULL;
  GtkWidget *title;

  if (roster != NULL && selection != NULL)
    {
      g_autoptr(GPtrArray) offered = NULL;

      /* Another entry's editor, a long one: its options are worked out in a frame of their
       * own (building it anew whatever they are) */
      if (editor == NULL ||
          g_strcmp0 (editor->entry_id, muster_bs_selection_get_entry_id (selection)) != 0)
        offered = muster_bs_roster_list_entries (roster, muster_bs_selection_get_force (selection),
                                                 selection);
      if (offered == NULL || offered->len <= AT_ONCE_STEPS ||
          !gtk_widget_get_mapped (GTK_WIDGET (box)))
        {
          options = _muster_bs_page_list_options (roster, selection, &ids);
          shape = editor_shape (document, selection, options);
        }
      if (editor != NULL && shape != NULL && editor->shape != NULL &&
          g_str_equal (editor->shape, shape))
        {
          editor_update (editor, item, selection, &options, &ids);
          return;
        }
    }
  /* The editor shown goes from view now and, unless it is short, is taken down over the next
   * frames */
  muster_cull_box_retire_children (MUSTER_CULL_BOX (box),
                                   !_muster_bs_page_editor_is_long (box));
  editor_cancel (box);
  if (roster == NULL || (selection == NULL && force == NULL))
    {
      const char *text = roster ? _("Select a force or a selection of the roster to see its "
                                    "options, profiles and rules.")
                                : NULL;

      gtk_box_append (box, _muster_bs_page_label_new (text, "dim-label"));
      return;
    }
  title = _muster_bs_page_label_new (muster_bs_item_get_name (item), "title-2");
  gtk_box_append (box, title);
  if (force != NULL)
    {
      _muster_bs_page_fill_force (box, document, force);
      return;
    }
  editor = g_rc_box_new0 (Editor);
  editor->shape = g_steal_pointer (&shape);
  editor->choices = g_ptr_array_new ();
  editor->rows = g_array_new (FALSE, FALSE, sizeof (OptionRow));
  editor->title = title;
  editor->box = box;
  editor->document = g_object_ref (document);
  editor->selection = selection;
  editor->entry_id = g_strdup (muster_bs_selection_get_entry_id (selection));
  editor->spin =
    _muster_bs_page_selection_controls (box, editor_choice (editor, document, NULL, selection, NULL),
                                        editor_choice (editor, document, NULL, selection, NULL),
                                        editor_choice (editor, document, NULL, selection, NULL));
  /* Set first: a build still under way is cancelled through it (editor_cancel()) */
  g_object_set_data_full (G_OBJECT (box), EDITOR_DATA, editor, editor_unref);
  build_start (editor, g_steal_pointer (&options), g_steal_pointer (&ids));
}

gboolean
_muster_bs_page_editor_is_complete (GtkBox *box)
{
  Editor *editor = g_object_get_data (G_OBJECT (box), EDITOR_DATA);

  return (editor == NULL || (editor->options == NULL && !editor->listing)) &&
         !muster_cull_box_get_retiring (MUSTER_CULL_BOX (box));
}

gboolean
_muster_bs_page_editor_is_long (GtkBox *box)
{
  Editor *editor = g_object_get_data (G_OBJECT (box), EDITOR_DATA);

  return editor != NULL && editor->step > AT_ONCE_STEPS;
}

gboolean
_muster_bs_page_editor_would_be_long (MusterBsDocument *document,
                                      MusterBsItem     *item)
{
  MusterBsSelection *selection = item ? muster_bs_item_get_selection (item) : NULL;
  MusterBsRoster *roster = muster_bs_document_get_roster (document);
  g_autoptr(GPtrArray) offered = NULL;

  if (roster == NULL || selection == NULL)
    return FALSE;
  offered = muster_bs_roster_list_entries (roster, muster_bs_selection_get_force (selection),
                                           selection);
  return steps_of (selection, offered->len) > AT_ONCE_STEPS;
}

void
_muster_bs_page_editor_stale (GtkBox *box)
{
  Editor *editor = g_object_get_data (G_OBJECT (box), EDITOR_DATA);

  for (guint i = 0; editor != NULL && i < editor->choices->len; i++)
    ((Choice *) g_ptr_array_index (editor->choices, i))->stale = TRUE;
}

void
_muster_bs_page_editor_hold (GtkBox   *box,
                             gboolean  hold)
{
  Editor *editor = box ? g_object_get_data (G_OBJECT (box), EDITOR_DATA) : NULL;

  if (editor != NULL)
    editor->held = hold;
}
