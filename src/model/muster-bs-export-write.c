/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-bs-export.h"
#include "muster-list-export-private.h"

/*
 * A BattleScribe roster as plain text, Markdown and one self-contained HTML file, in the
 * manner of the built-in lists (muster-list-export.c, whose escaping and style sheet they
 * share); and the entry points that write any of the roster's exports to bytes or a stream.
 */

#define append_escaped _muster_list_append_escaped

/* "M 6", Sv 3+": a profile's values with their names (empty ones left out); a lone value
 * bare. */
static char *
row_text (const MusterBsListTable *table,
          char                   **row)
{
  GString *str = g_string_new (NULL);

  if (table->columns->len == 1)
    return g_strdup (row[1]);
  for (guint c = 0; c < table->columns->len; c++)
    if (*row[c + 1] != '\0')
      g_string_append_printf (str, "%s%s %s", str->len ? ", " : "",
                              (char *) table->columns->pdata[c], row[c + 1]);
  return g_string_free (str, FALSE);
}

static void
write_text (gconstpointer  data,
            GString       *str)
{
  const MusterBsList *list = data;
  g_autofree char *validation = muster_bs_list_validation (list);

  g_string_append_printf (str, "%s\n%s\n%s %s\n%s %s\n", list->title, list->system,
                          _("Costs:"), list->costs, _("Validation:"), validation);
  for (guint i = 0; i < list->errors->len; i++)
    g_string_append_printf (str, "  %s\n", (char *) list->errors->pdata[i]);
  if (list->notes != NULL)
    g_string_append_printf (str, "%s %s\n", _("Notes:"), list->notes);
  for (guint i = 0; i < list->forces->len; i++)
    {
      const MusterBsListForce *force = list->forces->pdata[i];
      guint indent = force->depth * 2;

      g_string_append_printf (str, "\n%*s%s (%s) — %s\n", indent, "", force->name,
                              force->catalogue, force->costs);
      if (force->rules != NULL)
        g_string_append_printf (str, "%*s  %s %s\n", indent, "", _("Rules:"), force->rules);
      if (force->notes != NULL)
        g_string_append_printf (str, "%*s  %s %s\n", indent, "", _("Notes:"), force->notes);
      for (guint j = 0; j < force->sections->len; j++)
        {
          const MusterBsListSection *section = force->sections->pdata[j];

          g_string_append_printf (str, "\n%*s  %s\n", indent, "", section->name);
          for (guint k = 0; k < section->units->len; k++)
            {
              const MusterBsListUnit *unit = section->units->pdata[k];
              const char *labels[] = { _("Categories:"), _("Rules:"), _("Notes:") };
              const char *values[] = { unit->categories, unit->rules, unit->notes };
              guint in = indent + 6;

              g_string_append_printf (str, "%*s%s — %s\n", indent + 4, "", unit->name,
                                      unit->costs);
              for (guint l = 0; l < unit->lines->len; l++)
                {
                  const MusterBsListLine *line = unit->lines->pdata[l];

                  g_string_append_printf (str, "%*s%s%s%s\n", in + (line->depth - 1) * 2, "",
                                          line->name, line->costs ? " — " : "",
                                          line->costs ? line->costs : "");
                }
              for (guint l = 0; l < G_N_ELEMENTS (labels); l++)
                if (values[l] != NULL)
                  g_string_append_printf (str, "%*s%s %s\n", in, "", labels[l], values[l]);
              for (guint t = 0; t < unit->tables->len; t++)
                {
                  const MusterBsListTable *table = unit->tables->pdata[t];

                  for (guint r = 0; r < table->rows->len; r++)
                    {
                      char **row = table->rows->pdata[r];
                      g_autofree char *values_text = row_text (table, row);

                      g_string_append_printf (str, "%*s%s: %s — %s\n", in, "", table->type,
                                              row[0], values_text);
                    }
                }
            }
        }
    }
  if (list->rules->len > 0)
    g_string_append_printf (str, "\n%s\n", _("Rules"));
  for (guint i = 0; i < list->rules->len; i++)
    {
      const MusterBsListRule *rule = list->rules->pdata[i];

      g_string_append_printf (str, "  %s%s%s%s: %s\n", rule->name, rule->source ? " (" : "",
                              rule->source ? rule->source : "", rule->source ? ")" : "",
                              rule->text);
    }
}

/* A Markdown table cell or list item holds one line. */
static char *
escape_markdown_line (const char *text)
{
  g_autofree char *escaped = _muster_list_escape_markdown (text);

  return g_strdelimit (g_steal_pointer (&escaped), "\r\n", ' ');
}

static void
write_markdown_table (const MusterBsListTable *table,
                      GString                 *str)
{
  MusterEscapeFunc e = escape_markdown_line;

  append_escaped (str, e, "\n| %s |", table->type);
  for (guint c = 0; c < table->columns->len; c++)
    append_escaped (str, e, " %s |", (char *) table->columns->pdata[c]);
  g_string_append (str, "\n|---|");
  for (guint c = 0; c < table->columns->len; c++)
    g_string_append (str, "---|");
  for (guint r = 0; r < table->rows->len; r++)
    {
      char **row = table->rows->pdata[r];

      g_string_append (str, "\n|");
      for (guint c = 0; c <= table->columns->len; c++)
        append_escaped (str, e, " %s |", row[c]);
    }
  g_string_append_c (str, '\n');
}

static void
write_markdown (gconstpointer  data,
                GString       *str)
{
  const MusterBsList *list = data;
  g_autofree char *validation = muster_bs_list_validation (list);
  MusterEscapeFunc e = escape_markdown_line;

  append_escaped (str, e, "# %s\n\n%s  \n", list->title, list->system);
  append_escaped (str, e, "**%s** %s  \n**%s** %s\n", _("Costs:"), list->costs,
                  _("Validation:"), validation);
  if (list->errors->len > 0)
    g_string_append_c (str, '\n');
  for (guint i = 0; i < list->errors->len; i++)
    append_escaped (str, e, "- %s\n", (char *) list->errors->pdata[i]);
  if (list->notes != NULL)
    append_escaped (str, e, "\n*%s* %s\n", _("Notes:"), list->notes);
  for (guint i = 0; i < list->forces->len; i++)
    {
      const MusterBsListForce *force = list->forces->pdata[i];

      append_escaped (str, e, "\n## %s (%s) — %s\n", force->name, force->catalogue,
                      force->costs);
      if (force->rules != NULL)
        append_escaped (str, e, "\n*%s* %s\n", _("Rules:"), force->rules);
      if (force->notes != NULL)
        append_escaped (str, e, "\n*%s* %s\n", _("Notes:"), force->notes);
      for (guint j = 0; j < force->sections->len; j++)
        {
          const MusterBsListSection *section = force->sections->pdata[j];

          append_escaped (str, e, "\n### %s\n", section->name);
          for (guint k = 0; k < section->units->len; k++)
            {
              const MusterBsListUnit *unit = section->units->pdata[k];
              const char *labels[] = { _("Categories:"), _("Rules:"), _("Notes:") };
              const char *values[] = { unit->categories, unit->rules, unit->notes };
              gboolean first = TRUE;

              append_escaped (str, e, "\n#### %s — %s\n", unit->name, unit->costs);
              for (guint l = 0; l < unit->lines->len; l++)
                {
                  const MusterBsListLine *line = unit->lines->pdata[l];

                  g_string_append_printf (str, "%s%*s- ", l ? "" : "\n", (line->depth - 1) * 2,
                                          "");
                  append_escaped (str, e, "%s%s%s\n", line->name, line->costs ? " — " : "",
                                  line->costs ? line->costs : "");
                }
              for (guint l = 0; l < G_N_ELEMENTS (labels); l++)
                if (values[l] != NULL)
                  {
                    g_string_append (str, first ? "\n" : "  \n");
                    append_escaped (str, e, "*%s* %s", labels[l], values[l]);
                    first = FALSE;
                  }
              if (!first)
                g_string_append_c (str, '\n');
              for (guint t = 0; t < unit->tables->len; t++)
                write_markdown_table (unit->tables->pdata[t], str);
            }
        }
    }
  if (list->rules->len > 0)
    append_escaped (str, e, "\n## %s\n\n", _("Rules"));
  for (guint i = 0; i < list->rules->len; i++)
    {
      const MusterBsListRule *rule = list->rules->pdata[i];

      append_escaped (str, e, "- **%s**", rule->name);
      if (rule->source != NULL)
        append_escaped (str, e, " (%s)", rule->source);
      append_escaped (str, e, ": %s\n", rule->text);
    }
}

/* Beyond the built-in lists' style sheet: category heads, units, profile tables. */
static const char html_style[] =
  "h3{font-size:11pt;background:#f0f0f0;margin:1.2em 0 .3em;padding:.25em .4em}"
  ".unit{border-bottom:1px solid #ddd;padding:.2em 0 .5em;break-inside:avoid;"
  "page-break-inside:avoid}"
  "h4{font-size:11pt;margin:.3em 0 .2em}h4 .total,h2 .total{float:right}"
  "ul.lines{margin:.1em 0;padding-left:1.2em;font-size:9.5pt;list-style:none}"
  "ul.lines .cost{color:#555;margin-left:.6em}"
  "table.profiles{margin:.4em 0 0;font-size:9pt}"
  "table.profiles th,table.profiles td{padding:.15em .6em .15em 0}"
  "table.profiles td:first-child{font-weight:bold}"
  ".errors{color:#a51d2d;font-size:9.5pt;margin:0 0 1em}"
  "dd{white-space:pre-line}";

static void
write_html_unit (const MusterBsListUnit *unit,
                 GString                *str)
{
  MusterEscapeFunc e = _muster_list_escape_html;
  const char *labels[] = { _("Categories:"), _("Rules:"), _("Notes:") };
  const char *values[] = { unit->categories, unit->rules, unit->notes };

  append_escaped (str, e, "<div class=\"unit\">\n<h4>%s <span class=\"total\">%s</span></h4>\n",
                  unit->name, unit->costs);
  if (unit->lines->len > 0)
    g_string_append (str, "<ul class=\"lines\">\n");
  for (guint l = 0; l < unit->lines->len; l++)
    {
      const MusterBsListLine *line = unit->lines->pdata[l];

      g_string_append_printf (str, "<li style=\"margin-left:%uem\">", line->depth - 1);
      append_escaped (str, e, "%s", line->name);
      if (line->costs != NULL)
        append_escaped (str, e, "<span class=\"cost\">%s</span>", line->costs);
      g_string_append (str, "</li>\n");
    }
  if (unit->lines->len > 0)
    g_string_append (str, "</ul>\n");
  for (guint l = 0; l < G_N_ELEMENTS (labels); l++)
    if (values[l] != NULL)
      append_escaped (str, e, "<div class=\"detail\"><em>%s</em> %s</div>\n", labels[l],
                      values[l]);
  for (guint t = 0; t < unit->tables->len; t++)
    {
      const MusterBsListTable *table = unit->tables->pdata[t];

      append_escaped (str, e, "<table class=\"profiles\">\n<thead><tr><th>%s</th>", table->type);
      for (guint c = 0; c < table->columns->len; c++)
        append_escaped (str, e, "<th>%s</th>", (char *) table->columns->pdata[c]);
      g_string_append (str, "</tr></thead>\n<tbody>\n");
      for (guint r = 0; r < table->rows->len; r++)
        {
          char **row = table->rows->pdata[r];

          g_string_append (str, "<tr>");
          for (guint c = 0; c <= table->columns->len; c++)
            append_escaped (str, e, "<td>%s</td>", row[c]);
          g_string_append (str, "</tr>\n");
        }
      g_string_append (str, "</tbody>\n</table>\n");
    }
  g_string_append (str, "</div>\n");
}

static void
write_html (gconstpointer  data,
            GString       *str)
{
  const MusterBsList *list = data;
  g_autofree char *validation = muster_bs_list_validation (list);
  MusterEscapeFunc e = _muster_list_escape_html;

  append_escaped (str, e, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
                  "<title>%s</title>\n", list->title);
  g_string_append_printf (str, "<style>%s%s</style>\n</head>\n<body>\n",
                          _muster_list_html_style, html_style);
  append_escaped (str, e, "<div class=\"head\">\n<h1>%s</h1>\n<p class=\"system\">%s</p>\n",
                  list->title, list->system);
  append_escaped (str, e, "<p class=\"system\">%s %s</p>\n", _("Costs:"), list->costs);
  append_escaped (str, e, "<p class=\"validation %s\">%s %s</p>\n",
                  list->n_errors ? "illegal" : "legal", _("Validation:"), validation);
  if (list->errors->len > 0)
    g_string_append (str, "<ul class=\"errors\">\n");
  for (guint i = 0; i < list->errors->len; i++)
    append_escaped (str, e, "<li>%s</li>\n", (char *) list->errors->pdata[i]);
  if (list->errors->len > 0)
    g_string_append (str, "</ul>\n");
  if (list->notes != NULL)
    append_escaped (str, e, "<div class=\"detail\"><em>%s</em> %s</div>\n", _("Notes:"),
                    list->notes);
  g_string_append (str, "</div>\n");
  for (guint i = 0; i < list->forces->len; i++)
    {
      const MusterBsListForce *force = list->forces->pdata[i];

      g_string_append_printf (str, "<div class=\"force\" style=\"margin-left:%uem\">\n",
                              force->depth * 2);
      append_escaped (str, e, "<h2>%s <span class=\"detail\">%s</span> "
                      "<span class=\"total\">%s</span></h2>\n", force->name, force->catalogue,
                      force->costs);
      if (force->rules != NULL)
        append_escaped (str, e, "<div class=\"detail\"><em>%s</em> %s</div>\n", _("Rules:"),
                        force->rules);
      if (force->notes != NULL)
        append_escaped (str, e, "<div class=\"detail\"><em>%s</em> %s</div>\n", _("Notes:"),
                        force->notes);
      for (guint j = 0; j < force->sections->len; j++)
        {
          const MusterBsListSection *section = force->sections->pdata[j];

          append_escaped (str, e, "<h3>%s</h3>\n", section->name);
          for (guint k = 0; k < section->units->len; k++)
            write_html_unit (section->units->pdata[k], str);
        }
      g_string_append (str, "</div>\n");
    }
  if (list->rules->len > 0)
    append_escaped (str, e, "<div class=\"glossary\">\n<h2>%s</h2>\n<dl>\n", _("Rules"));
  for (guint i = 0; i < list->rules->len; i++)
    {
      const MusterBsListRule *rule = list->rules->pdata[i];

      append_escaped (str, e, "<dt>%s", rule->name);
      if (rule->source != NULL)
        append_escaped (str, e, " <span class=\"detail\">%s</span>", rule->source);
      append_escaped (str, e, "</dt><dd>%s</dd>\n", rule->text);
    }
  if (list->rules->len > 0)
    g_string_append (str, "</dl>\n</div>\n");
  g_string_append (str, "</body>\n</html>\n");
}

/* Returns: (transfer full): @self in @format, UTF-8, ending with a newline */
char *
muster_bs_list_to_string (const MusterBsList *self,
                          MusterListFormat    format)
{
  g_return_val_if_fail (self != NULL, NULL);

  return _muster_list_write (self, format, write_text, write_markdown, write_html);
}

gboolean
muster_bs_export_supports (MusterExportKind kind)
{
  return kind == MUSTER_EXPORT_TEXT || kind == MUSTER_EXPORT_MARKDOWN ||
         kind == MUSTER_EXPORT_HTML || kind == MUSTER_EXPORT_LIST_PDF ||
         kind == MUSTER_EXPORT_CARDS_PDF;
}

/**
 * muster_bs_export:
 * @roster: a BattleScribe roster
 * @fallback_title: the title of a roster without a name (its file's name)
 * @options: what to write (@kind, and @page for PDFs)
 *
 * Returns: (transfer full): the file's bytes, or %NULL with @error set for a kind a roster
 *   has no export of (the roster sheet, the scenario packet, the map)
 */
static GBytes *
export_list (const MusterBsList        *list,
             const MusterExportOptions *options,
             GError                   **error)
{
  g_autoptr(MusterBsSheet) sheet = NULL;

  if (!muster_bs_export_supports (options->kind))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("a BattleScribe roster has no “%s” export (text, Markdown, HTML, the "
                     "list or the cards as PDF)"), muster_export_kind_to_string (options->kind));
      return NULL;
    }
  if (options->kind <= MUSTER_EXPORT_HTML)
    {
      /* txt, md, html in the order of MusterListFormat */
      char *text = muster_bs_list_to_string (list, (MusterListFormat) options->kind);

      return g_bytes_new_take (text, strlen (text));
    }
  sheet = muster_bs_sheet_new (list, options->kind == MUSTER_EXPORT_CARDS_PDF
                                     ? MUSTER_SHEET_CARDS : MUSTER_SHEET_LIST, &options->page);
  return muster_bs_sheet_to_pdf (sheet);
}

GBytes *
muster_bs_export (MusterBsRoster            *roster,
                  const char                *fallback_title,
                  const MusterExportOptions *options,
                  GError                   **error)
{
  g_autoptr(MusterBsList) list = NULL;

  g_return_val_if_fail (roster != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (!muster_bs_export_supports (options->kind))
    return export_list (NULL, options, error);
  list = muster_bs_list_new (roster, fallback_title);
  return export_list (list, options, error);
}

/**
 * muster_bs_export_outline:
 * @outline: what the file of a roster whose game data is missing records
 * @system: the game system it needs, "Absent Game, revision 7"
 *
 * As muster_bs_export(), from the file's own record: names, numbers and costs as saved,
 * without profiles, rules or categories (those come from the data), and not judged.
 */
GBytes *
muster_bs_export_outline (const MusterBsOutline     *outline,
                          const char                *system,
                          const char                *fallback_title,
                          const MusterExportOptions *options,
                          GError                   **error)
{
  g_autoptr(MusterBsList) list = NULL;

  g_return_val_if_fail (outline != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (!muster_bs_export_supports (options->kind))
    return export_list (NULL, options, error);
  list = muster_bs_list_new_from_outline (outline, system, fallback_title);
  return export_list (list, options, error);
}

/* As muster_bs_export(), written to @stream (which is left open). */
gboolean
muster_bs_export_to_stream (MusterBsRoster            *roster,
                            const char                *fallback_title,
                            const MusterExportOptions *options,
                            GOutputStream             *stream,
                            GCancellable              *cancellable,
                            GError                   **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize size;
  const void *data;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);

  if (!(bytes = muster_bs_export (roster, fallback_title, options, error)))
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  return g_output_stream_write_all (stream, data, size, NULL, cancellable, error);
}

static void
write_all_done (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(GTask) task = data;
  GError *error = NULL;

  if (g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/*
 * As muster_bs_export_to_stream(), the writing done asynchronously (a file on a slow disk
 * or a network share does not hold the window). The roster is read before this returns,
 * in the calling thread: it may be edited as soon as this returns.
 */
void
muster_bs_export_to_stream_async (MusterBsRoster            *roster,
                                  const char                *fallback_title,
                                  const MusterExportOptions *options,
                                  GOutputStream             *stream,
                                  GCancellable              *cancellable,
                                  GAsyncReadyCallback        callback,
                                  gpointer                   user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  GBytes *bytes;

  g_return_if_fail (G_IS_OUTPUT_STREAM (stream));

  task = g_task_new (stream, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_bs_export_to_stream_async);
  if (!(bytes = muster_bs_export (roster, fallback_title, options, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  /* The task keeps the bytes as long as the stream writes them. */
  g_task_set_task_data (task, bytes, (GDestroyNotify) g_bytes_unref);
  g_output_stream_write_all_async (stream, g_bytes_get_data (bytes, NULL),
                                   g_bytes_get_size (bytes), G_PRIORITY_DEFAULT, cancellable,
                                   write_all_done, g_object_ref (task));
}

gboolean
muster_bs_export_to_stream_finish (GOutputStream  *stream,
                                   GAsyncResult   *result,
                                   GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, stream), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
