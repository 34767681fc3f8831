/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-engine-error.h"
#include "muster-generate-private.h"
#include "muster-system.h"

/* The first line of a generator's notes, which marks its paragraph of the umpire notes as the
 * generator's (is_generated()). TRANSLATORS: keep the two %s and what ends the line: the
 * generator's name, then the seed, e.g. "Terrain squares, seed 42." */
#define SEED_LINE N_("%s, seed %s.")

/* Running a generator (read by muster-generate-load.c) with the method its block names, the
 * helpers methods lay a battlefield out with, and what is done with the result. */

/* Helpers for the methods */

double
_muster_generate_param (MusterGenerateRun *run,
                        const char        *id,
                        double             fallback)
{
  double *value = g_hash_table_lookup (run->generator->params, id);

  return value ? *value : fallback;
}

/* A parameter kept within [@min, @max]: house rules are other players' files, and a wild number
 * must not turn into a loop of a billion rounds. */
double
_muster_generate_param_clamped (MusterGenerateRun *run,
                                const char        *id,
                                double             fallback,
                                double             min,
                                double             max)
{
  return CLAMP (_muster_generate_param (run, id, fallback), min, max);
}

const MusterGenerateChoice *
_muster_generate_choice (MusterGenerateRun *run,
                         const char        *option)
{
  const char *id = g_hash_table_lookup (run->choices, option);

  for (guint i = 0; i < run->generator->options->len; i++)
    {
      const MusterGenerateOption *o = run->generator->options->pdata[i];

      if (!g_str_equal (o->id, option))
        continue;
      for (guint j = 0; j < o->choices->len; j++)
        if (g_strcmp0 (((MusterGenerateChoice *) o->choices->pdata[j])->id, id) == 0)
          return o->choices->pdata[j];
    }
  return NULL;
}

gboolean
_muster_generate_chose (MusterGenerateRun *run,
                        const char        *option,
                        const char        *choice)
{
  return g_strcmp0 (g_hash_table_lookup (run->choices, option), choice) == 0;
}

const char *
_muster_generate_terrain_name (MusterGenerateRun *run,
                               const char        *terrain)
{
  const MusterTerrainType *type = muster_terrain_types_lookup (run->generator->types, terrain);

  /* the notes and the pieces' names are in the user's language, as the engine's messages */
  return type ? muster_ruleset_text (type->name) : terrain;
}

/* A terrain piece of @terrain, added to the result; the caller gives it its outline. */
MusterFeature *
_muster_generate_terrain (MusterGenerateRun *run,
                          const char        *terrain,
                          const char        *name)
{
  MusterFeature *feature = muster_feature_new (MUSTER_FEATURE_TERRAIN);

  feature->type = g_strdup (terrain);
  feature->name = g_strdup (name ? name : _muster_generate_terrain_name (run, terrain));
  g_ptr_array_add (run->out->features, feature);
  return feature;
}

/* An irregular outline inside the ellipse of radii @rx, @ry about @centre, so that pieces
 * look laid by hand rather than stamped; no point leaves that ellipse. */
void
_muster_generate_blob (MusterGenerateRun *run,
                       MusterFeature     *feature,
                       MusterPoint        centre,
                       double             rx,
                       double             ry)
{
  enum { N = 9 };
  MusterPoint points[N];
  double turn = muster_dice_double (run->dice) * G_PI * 2 / N;

  for (guint i = 0; i < N; i++)
    {
      double a = turn + i * G_PI * 2 / N;
      double r = 0.72 + 0.28 * muster_dice_double (run->dice);

      points[i] = (MusterPoint) { centre.x + r * rx * cos (a), centre.y + r * ry * sin (a) };
    }
  feature->outline = MUSTER_OUTLINE_POLYGON;
  muster_feature_set_points (feature, points, N);
}

void
_muster_generate_road (MusterGenerateRun *run,
                       const char        *terrain,
                       const char        *name,
                       double             line_width,
                       const MusterPoint *points,
                       guint              n_points)
{
  MusterFeature *feature = _muster_generate_terrain (run, terrain, name);

  feature->outline = MUSTER_OUTLINE_POLYLINE;
  feature->line_width = line_width;
  muster_feature_set_points (feature, points, n_points);
}

MusterFeature *
_muster_generate_zone (MusterGenerateRun *run,
                       guint              side,
                       const char        *name,
                       MusterBox          box)
{
  MusterFeature *feature = muster_feature_new (MUSTER_FEATURE_ZONE);
  MusterPoint corners[4] = {
    { box.x0, box.y0 }, { box.x1, box.y0 }, { box.x1, box.y1 }, { box.x0, box.y1 },
  };

  feature->side = g_strdup (run->sides[side]);
  feature->name = name ? g_strdup (name)
                       /* TRANSLATORS: a generated zone's name; keep the side (%s) first:
                        * the name follows its side when another takes the zone (the
                        * model's muster-attach-command.c) */
                       : g_strdup_printf (C_("generated zone", "%s deployment"),
                                          run->sides[side]);
  feature->outline = MUSTER_OUTLINE_POLYGON;
  muster_feature_set_points (feature, corners, 4);
  g_ptr_array_add (run->out->features, feature);
  return feature;
}

/* Zones @depth deep along the top (side 0) and bottom (side 1) edges. */
void
_muster_generate_baseline_zones (MusterGenerateRun *run,
                                 double             depth)
{
  depth = MIN (depth, run->height / 2);
  _muster_generate_zone (run, 0, NULL, (MusterBox) { 0, 0, run->width, depth });
  _muster_generate_zone (run, 1, NULL, (MusterBox) { 0, run->height - depth, run->width,
                                                     run->height });
}

MusterFeature *
_muster_generate_objective (MusterGenerateRun *run,
                            const char        *name,
                            MusterPoint        at,
                            int                value)
{
  MusterFeature *feature = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
  int number = 1;

  for (guint i = 0; i < run->out->features->len; i++)
    number += ((MusterFeature *) run->out->features->pdata[i])->kind == MUSTER_FEATURE_OBJECTIVE;
  feature->outline = MUSTER_OUTLINE_POINT;   /* muster_feature_new() made it an "objective" */
  feature->centre = at;
  feature->number = number;
  feature->value = value;
  feature->name = g_strdup (name);
  g_ptr_array_add (run->out->features, feature);
  return feature;
}

/* A line of the notes, translated as the engine's messages are (muster_engine_set_error()):
 * English in the C locale, byte for byte, and in the user's language in the app. Its formats
 * are an xgettext keyword (po/meson.build). */
void
_muster_generate_note (MusterGenerateRun *run,
                       const char        *format,
                       ...)
{
  va_list args;

  va_start (args, format);
  g_string_append_vprintf (run->notes, g_dgettext (GETTEXT_PACKAGE, format), args);
  g_string_append_c (run->notes, '\n');
  va_end (args);
}

/* Each side rolls @die; ties are rolled again (as the books say, or Muster's default where
 * they do not). Returns: the side that won. */
int
_muster_generate_roll_off (MusterGenerateRun *run,
                           guint              die,
                           int                scores[2])
{
  do
    {
      scores[0] = muster_dice_roll (run->dice, die);
      scores[1] = muster_dice_roll (run->dice, die);
    }
  while (scores[0] == scores[1]);
  return scores[1] > scores[0];
}

/* Running */

/**
 * muster_generator_run:
 * @self: a generator
 * @width: the table's width, mm (the long edges are the top and bottom)
 * @height: the table's depth, mm
 * @sides: (nullable) (array zero-terminated=0): the two sides' names, the first deploying along
 *   the top edge; %NULL or missing names: "Blue" and "Red"
 * @choices: (nullable) (element-type utf8 utf8): option id → choice id; options not in it
 *   take their default
 * @seed: the dice's seed
 * @error: return location for a #GError (an unknown option or choice, a table too small)
 *
 * Returns: (transfer full) (nullable): the battlefield's terrain, zones and objectives
 */
MusterGeneration *
muster_generator_run (MusterGenerator     *self,
                      double               width,
                      double               height,
                      const char * const  *sides,
                      GHashTable          *choices,
                      guint64              seed,
                      GError             **error)
{
  g_autoptr(MusterDice) dice = muster_dice_new (seed);
  g_autoptr(GHashTable) chosen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(MusterGeneration) out = g_new0 (MusterGeneration, 1);
  g_autoptr(GString) notes = g_string_new (NULL);
  g_autofree char *seed_text = NULL;
  MusterGenerateRun run = { self, dice, width, height, { "Blue", "Red" }, chosen, out, notes };
  GHashTableIter iter;
  gpointer key, value;
  const MusterGenerateMethod *method;

  out->features = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_feature_free);
  out->seed = seed;
  if (!(width >= 152.4 && height >= 152.4 && width <= 100000 && height <= 100000))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("a table of %g × %g mm is too small or too large to generate"), width,
                   height);
      return NULL;
    }
  for (guint i = 0; sides && i < 2 && sides[i]; i++)
    run.sides[i] = sides[i];

  for (guint i = 0; i < self->options->len; i++)
    {
      MusterGenerateOption *option = self->options->pdata[i];

      g_hash_table_insert (chosen, option->id, option->default_id);
    }
  if (choices != NULL)
    {
      g_hash_table_iter_init (&iter, choices);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          if (!g_hash_table_contains (chosen, key))
            {
              g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                           _("%s has no option “%s”"), muster_ruleset_text (self->name),
                           (const char *) key);
              return NULL;
            }
          g_hash_table_insert (chosen, key, value);
          if (_muster_generate_choice (&run, key) == NULL)
            {
              g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                           _("option “%s” has no choice “%s”"), (const char *) key,
                           (const char *) value);
              return NULL;
            }
        }
    }

  seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  g_string_append_printf (notes, _(SEED_LINE), muster_ruleset_text (self->name), seed_text);
  g_string_append_c (notes, '\n');
  method = muster_system_find_generation_method (self->method);
  if (method == NULL)
    {
      /* The system that gave the method when the generator was made is gone (a test's). */
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("“%s” is not a generation method"), self->method);
      return NULL;
    }
  if (!method->run (&run, error))
    return NULL;
  out->notes = g_strdup (g_strchomp (notes->str));
  return g_steal_pointer (&out);
}

void
muster_generation_free (MusterGeneration *generation)
{
  if (generation == NULL)
    return;
  g_clear_pointer (&generation->features, g_ptr_array_unref);
  g_free (generation->notes);
  g_free (generation->victory);
  g_free (generation);
}

/* Whether @line has the shape of @format, "%s, seed %s.": what comes between the two
 * strings, and what ends it */
static gboolean
is_seed_line (const char *line,
              const char *format)
{
  g_auto(GStrv) parts = g_strsplit (format, "%s", -1);

  return g_strv_length (parts) == 3 && g_str_has_prefix (line, parts[0]) &&
         strstr (line + strlen (parts[0]), parts[1]) != NULL && g_str_has_suffix (line, parts[2]);
}

/* Whether @paragraph of the umpire notes is a generator's: it starts with the line "…, seed N."
 * in English or in the user's language (notes generated in either are in the document). */
static gboolean
is_generated (const char *paragraph)
{
  const char *end = strchr (paragraph, '\n');
  g_autofree char *first = g_strndup (paragraph, end ? (gsize) (end - paragraph)
                                                     : strlen (paragraph));

  return is_seed_line (first, SEED_LINE) || is_seed_line (first, _(SEED_LINE));
}

/* The umpire notes after generating: @old_notes less the notes of an earlier generation (the
 * paragraph that starts with the generator's line "…, seed N."), then @notes. */
char *
muster_generation_merge_notes (const char *old_notes,
                               const char *notes)
{
  g_autoptr(GString) merged = g_string_new (NULL);
  g_auto(GStrv) paragraphs = g_strsplit (old_notes ? old_notes : "", "\n\n", -1);

  for (guint i = 0; paragraphs[i] != NULL; i++)
    {
      if (*g_strstrip (paragraphs[i]) == '\0' || is_generated (paragraphs[i]))
        continue;
      g_string_append_printf (merged, "%s\n\n", paragraphs[i]);
    }
  g_string_append (merged, notes);
  return g_string_free (g_steal_pointer (&merged), FALSE);
}

/* Whether the character before @at (in @text) and the one at @at + @len leave @len bytes at
 * @at a word of their own. */
static gboolean
whole_word (const char *text,
            const char *at,
            gsize       len)
{
  const char *before = at > text ? g_utf8_find_prev_char (text, at) : NULL;

  return (before == NULL || !g_unichar_isalnum (g_utf8_get_char (before))) &&
         (at[len] == '\0' || !g_unichar_isalnum (g_utf8_get_char (at + len)));
}

/**
 * muster_generation_rename_side:
 * @notes: (nullable): the umpire notes
 * @from: a side's name, as the generator wrote it
 * @to: the side that now has its deployment zone
 *
 * The generator's notes name the sides it deployed; when another side takes one's zone (a list
 * attached after generating), the notes follow. Only the generator's paragraphs change (see
 * muster_generation_merge_notes()), and in them only @from as a whole word ("Red" in "Red's",
 * not in "Reduced"): what the umpire wrote in paragraphs of their own stays as it is.
 *
 * Returns: (transfer full): the notes
 */
char *
muster_generation_rename_side (const char *notes,
                               const char *from,
                               const char *to)
{
  g_autoptr(GString) out = NULL;
  g_auto(GStrv) paragraphs = NULL;
  gsize len;

  g_return_val_if_fail (from != NULL && to != NULL, NULL);
  out = g_string_new (NULL);
  paragraphs = g_strsplit (notes ? notes : "", "\n\n", -1);
  len = strlen (from);
  for (guint i = 0; paragraphs[i] != NULL; i++)
    {
      const char *rest = paragraphs[i], *next = paragraphs[i];
      const char *at;

      if (i > 0)
        g_string_append (out, "\n\n");
      if (len == 0 || !is_generated (paragraphs[i]))
        {
          g_string_append (out, paragraphs[i]);
          continue;
        }
      while ((at = strstr (next, from)) != NULL)
        if (whole_word (paragraphs[i], at, len))
          {
            g_string_append_len (out, rest, at - rest);
            g_string_append (out, to);
            rest = next = at + len;
          }
        else
          next = g_utf8_next_char (at);
      g_string_append (out, rest);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Applies @generation to @field without history (muster-cli): the model's command does the
 * same as one undoable step. */
void
muster_generation_apply (const MusterGeneration *generation,
                         MusterBattlefield      *field)
{
  g_autofree char *notes = NULL;

  for (guint i = muster_battlefield_get_n_features (field); i-- > 0;)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (field, i);

      if (muster_generation_replaces (generation, feature))
        muster_feature_free (muster_battlefield_remove (field, feature->id, NULL));
    }
  for (guint i = 0; i < generation->features->len; i++)
    muster_battlefield_insert (field, -1, muster_feature_copy (generation->features->pdata[i]));
  notes = muster_generation_merge_notes (muster_battlefield_get_scenario (field,
                                                                          MUSTER_SCENARIO_UMPIRE_NOTES),
                                         generation->notes);
  g_free (muster_battlefield_set_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES, notes));
  if (generation->victory != NULL)
    g_free (muster_battlefield_set_scenario (field, MUSTER_SCENARIO_VICTORY,
                                             generation->victory));
}
