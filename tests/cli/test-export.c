/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli-test-util.h"

/*
 * muster-cli export: text formats match the golden files of tests/model/test-list-export.c;
 * every sheet of every sample is a PDF whose pages and text poppler can read (skipped when
 * poppler-utils is not installed); bad arguments exit 2 and write nothing.
 */


static const struct {
  const char *name;
  const char *roster;   /* the system's own name for its roster sheet */
  const char *track;    /* (nullable): a track its cards and roster carry */
} samples[] = {
  { "battle-valor-fantasy-1000", "Army Roster", "Wounds" },
  { "horse-and-musket-brigade", "BMU Roster", "Permanent hits" },
  { "medals-of-valor-village-assault", "TOE Sheet", "Moderate" },
  { "standards-of-valor-punitive-cohort", "Company Roster", NULL },
  { "undying-lands-host", "Army Roster", "IP per vignette" },
};

static gboolean
have_program (const char *name)
{
  g_autofree char *path = g_find_program_in_path (name);

  return path != NULL;
}

static char *
sample_path (const char *name)
{
  return g_strdup_printf ("%s/data/samples/%s.muster", g_getenv ("MUSTER_SOURCE_ROOT"), name);
}

static void
test_text_formats (void)
{
  static const char *formats[] = { "txt", "md", "html" };

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      {
        g_auto(Run) run = { 0 };
        g_autofree char *file = sample_path (samples[s].name);
        g_autofree char *golden = g_strdup_printf ("%s/golden/%s.%s", MUSTER_TEST_DATA,
                                                   samples[s].name, formats[f]);
        g_autofree char *expected = NULL;

        run_cli (&run, NULL, "export", file, "--format", formats[f], NULL);
        g_assert_cmpint (run.status, ==, 0);
        g_assert_true (g_file_get_contents (golden, &expected, NULL, NULL));
        g_assert_cmpstr (run.out, ==, expected);
      }
}

/* Runs a poppler tool on @pdf. Returns: (transfer full): its output */
static char *
poppler (const char *tool,
         const char *pdf)
{
  const char *argv[] = { tool, pdf, tool[3] == 't' ? "-" : NULL, NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH |
                               G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status,
                               &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static guint
page_count (const char *info)
{
  const char *line = strstr (info, "Pages:");

  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + strlen ("Pages:"), NULL, 10);
}

static void
test_pdf_sheets (void)
{
  static const char *sheets[] = { "list", "cards", "roster" };
  g_autofree char *dir = NULL;

  if (!have_program ("pdfinfo") || !have_program ("pdftotext"))
    {
      g_test_skip ("poppler-utils (pdfinfo, pdftotext) is not installed");
      return;
    }
  dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    for (guint k = 0; k < G_N_ELEMENTS (sheets); k++)
      {
        g_auto(Run) run = { 0 };
        g_autofree char *file = sample_path (samples[s].name);
        g_autofree char *pdf = g_strdup_printf ("%s/%s-%s.pdf", dir, samples[s].name, sheets[k]);
        g_autofree char *info = NULL;
        g_autofree char *text = NULL;
        g_autofree char *last = NULL;
        guint pages;

        run_cli (&run, NULL, "export", file, "--format", "pdf", "--sheet", sheets[k], "-o", pdf,
                 NULL);
        g_assert_cmpint (run.status, ==, 0);
        g_assert_cmpstr (run.out, ==, "");
        info = poppler ("pdfinfo", pdf);
        pages = page_count (info);
        g_assert_cmpuint (pages, >=, 1);
        g_assert_nonnull (strstr (info, "595.276 x 841.89"));

        text = poppler ("pdftotext", pdf);
        g_assert_nonnull (strstr (text, "Validation: Legal"));
        g_assert_nonnull (strstr (text, "Page 1 of"));
        last = g_strdup_printf ("Page %u of %u", pages, pages);
        g_assert_nonnull (strstr (text, last));
        if (k == 2)
          g_assert_nonnull (strstr (text, samples[s].roster));
        if (k > 0 && samples[s].track != NULL)
          g_assert_nonnull (strstr (text, samples[s].track));
        g_remove (pdf);
      }
  g_rmdir (dir);
}

static void
test_paper (void)
{
  g_auto(Run) run = { 0 };
  g_autofree char *file = sample_path ("battle-valor-fantasy-1000");
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "out.pdf", NULL);
  g_autofree char *info = NULL;
  g_autofree char *text = NULL;

  if (!have_program ("pdfinfo") || !have_program ("pdftotext"))
    {
      g_test_skip ("poppler-utils is not installed");
      return;
    }
  run_cli (&run, NULL, "export", file, "-f", "pdf", "--paper", "letter", "-o", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  info = poppler ("pdfinfo", pdf);
  g_assert_nonnull (strstr (info, "612 x 792"));

  run_cli (&run, NULL, "export", file, "-f", "pdf", "--landscape", "-o", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_free (info);
  info = poppler ("pdfinfo", pdf);
  g_assert_nonnull (strstr (info, "841.89 x 595.276"));

  /* The glossary is in the PDF list too. */
  text = poppler ("pdftotext", pdf);
  g_assert_nonnull (strstr (text, "Special rules"));
  g_remove (pdf);
  g_rmdir (dir);
}

static void
test_errors (void)
{
  g_auto(Run) run = { 0 };
  g_autofree char *file = sample_path ("undying-lands-host");
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "missing", "out.txt", NULL);

  run_cli (&run, NULL, "export", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_cli (&run, NULL, "export", "/nonexistent.muster", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "nonexistent.muster"));
  /* The path once, where the line is: "FILE:5: …", not "FILE: FILE:5: …". */
  {
    g_autofree char *malformed = g_build_filename (MUSTER_TEST_DATA, "malformed.muster", NULL);
    g_autofree char *expected = g_strdup_printf ("muster-cli export: %s:5: ", malformed);

    run_cli (&run, NULL, "export", malformed, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_true (g_str_has_prefix (run.err, expected));
  }
  run_cli (&run, NULL, "export", file, "--format", "docx", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "docx"));
  run_cli (&run, NULL, "export", file, "--format", "pdf", "--sheet", "poster", "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_cli (&run, NULL, "export", file, "--format", "pdf", "--paper", "a3", "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_cli (&run, NULL, "export", file, "--sheet", "cards", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  run_cli (&run, NULL, "export", file, "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

/* -o writes the file (through a temporary file and a rename) and prints nothing. */
static void
test_output_file (void)
{
  g_auto(Run) run = { 0 };
  g_autofree char *file = sample_path ("undying-lands-host");
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "list.md", NULL);
  g_autofree char *written = NULL;
  g_autofree char *golden = g_strdup_printf ("%s/golden/undying-lands-host.md", MUSTER_TEST_DATA);
  g_autofree char *expected = NULL;
  g_autoptr(GDir) listing = NULL;

  g_assert_true (g_file_set_contents (out, "old", -1, NULL));
  run_cli (&run, NULL, "export", file, "-f", "md", "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_file_get_contents (out, &written, NULL, NULL));
  g_assert_true (g_file_get_contents (golden, &expected, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);

  /* No temporary file left behind. */
  listing = g_dir_open (dir, 0, NULL);
  g_assert_cmpstr (g_dir_read_name (listing), ==, "list.md");
  g_assert_null (g_dir_read_name (listing));
  g_remove (out);
  g_rmdir (dir);
}

/* -o through a symlink writes the file it names and leaves the link; a private file stays
 * private. */
static void
test_output_keeps_link_and_mode (void)
{
  g_auto(Run) run = { 0 };
  g_autofree char *file = sample_path ("undying-lands-host");
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "list.md", NULL);
  g_autofree char *link = g_build_filename (dir, "link.md", NULL);
  g_autofree char *written = NULL;
  struct stat st;

  g_assert_true (g_file_set_contents (out, "old", -1, NULL));
  g_assert_cmpint (g_chmod (out, 0600), ==, 0);
  g_assert_cmpint (symlink ("list.md", link), ==, 0);
  run_cli (&run, NULL, "export", file, "-f", "md", "-o", link, NULL);
  g_assert_cmpint (run.status, ==, 0);

  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_stat (out, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_true (g_file_get_contents (out, &written, NULL, NULL));
  g_assert_true (g_str_has_prefix (written, "# "));

  /* A folder is no place for the output: a clear error, once. */
  run_cli (&run, NULL, "export", file, "-f", "md", "-o", dir, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "it is a folder"));

  g_remove (link);
  g_remove (out);
  g_rmdir (dir);
}

/* Runs pdftotext on page @page (from 1) of @pdf. Returns: (transfer full): its text, lines
 * joined by spaces (pdftotext breaks where the page does) */
static char *
page_text (const char *pdf,
           guint       page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  const char *argv[] = { "pdftotext", "-f", number, "-l", number, pdf, "-", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH |
                               G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status,
                               &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_strdelimit (out, "\n", ' ');
}

/*
 * The scenario packet of Cold Beck: the map, the scenario sheet, a briefing per side, the
 * umpire's pages and the army list, numbered as one document. Each side's briefing names its
 * own hidden unit and not the other side's; the umpire's pages name both and carry the notes;
 * the pages every player sees name neither.
 */
static void
test_packet (void)
{
  g_auto(Run) run = { 0 };
  g_autofree char *file = sample_path ("battle-valor-fantasy-cold-beck");
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "packet.pdf", NULL);
  g_autofree char *info = NULL;
  g_autofree char *last = NULL;
  guint pages, briefings = 0, umpire = 0, lists = 0;

  if (!have_program ("pdfinfo") || !have_program ("pdftotext"))
    {
      g_test_skip ("poppler-utils (pdfinfo, pdftotext) is not installed");
      return;
    }
  run_cli (&run, NULL, "export", file, "--format", "pdf", "--sheet", "packet", "-o", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  info = poppler ("pdfinfo", pdf);
  pages = page_count (info);
  g_assert_cmpuint (pages, >=, 7);

  for (guint i = 1; i <= pages; i++)
    {
      g_autofree char *text = page_text (pdf, i);
      gboolean tunnel = strstr (text, "Tunnel Fighters") != NULL;
      gboolean wolves = strstr (text, "Wolf Pack") != NULL;
      g_autofree char *number = g_strdup_printf ("Page %u of %u", i, pages);

      g_assert_nonnull (strstr (text, number));
      if (i == 1)
        {
          /* the players' map: legend and grid, nobody's hidden units */
          g_assert_nonnull (strstr (text, "The battlefield"));
          g_assert_nonnull (strstr (text, "Deployment zone"));
          g_assert_nonnull (strstr (text, "The Old Well"));
          g_assert_nonnull (strstr (text, "grid squares"));
          g_assert_false (tunnel || wolves);
        }
      else if (strstr (text, "For the Dwarves only"))
        {
          g_assert_true (tunnel && !wolves);
          g_assert_nonnull (strstr (text, "Hold Barrow Hill"));
          briefings++;
        }
      else if (strstr (text, "For the Goblins only"))
        {
          g_assert_true (wolves && !tunnel);
          g_assert_null (strstr (text, "Hold Barrow Hill"));
          briefings++;
        }
      else if (strstr (text, "Umpire only"))
        {
          g_assert_true (wolves && tunnel);
          g_assert_nonnull (strstr (text, "reveal them when they move"));
          umpire++;
        }
      else if (strstr (text, "Army List"))
        lists++;
      else
        {
          /* the scenario sheet: public */
          g_assert_nonnull (strstr (text, "Scenario"));
          g_assert_false (tunnel || wolves);
          g_assert_null (strstr (text, "reveal them when they move"));
        }
    }
  g_assert_cmpuint (briefings, ==, 2);
  g_assert_cmpuint (umpire, >=, 1);
  g_assert_cmpuint (lists, >=, 1);

  /* Full size: the same packet with the table tiled over many more pages. */
  run_cli (&run, NULL, "export", file, "-f", "pdf", "--sheet", "map", "--scale", "table",
           "-o", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_free (info);
  info = poppler ("pdfinfo", pdf);
  g_assert_cmpuint (page_count (info), >, 20);
  last = page_text (pdf, 2);
  g_assert_nonnull (strstr (last, "Sheet 1 of"));
  g_remove (pdf);
  g_rmdir (dir);
}

/* The map alone: a PNG of a sensible size, an SVG that parses, each side's view its own. */
static void
test_map_images (void)
{
  g_auto(Run) run = { 0 };
  g_autofree char *file = sample_path ("battle-valor-fantasy-cold-beck");
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "map.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "map.svg", NULL);
  g_autofree char *data = NULL;
  g_autofree char *players = NULL;
  g_autofree char *umpire = NULL;
  g_autoptr(GMarkupParseContext) parser = NULL;
  g_autoptr(GError) error = NULL;
  static const GMarkupParser nothing = { NULL };
  gsize size;

  run_cli (&run, NULL, "export", file, "--format", "png", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (png, &data, &size, NULL));
  g_assert_cmpuint (size, >, 20000);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpuint (GUINT32_FROM_BE (*(guint32 *) (data + 16)), >=, 1600);
  g_assert_cmpuint (GUINT32_FROM_BE (*(guint32 *) (data + 20)), >=, 1000);

  run_cli (&run, NULL, "export", file, "--format", "svg", "-o", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (svg, &players, &size, NULL));
  parser = g_markup_parse_context_new (&nothing, 0, NULL, NULL);
  g_assert_true (g_markup_parse_context_parse (parser, players, size, &error) &&
                 g_markup_parse_context_end_parse (parser, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (players, "<svg"));

  /* The umpire's map draws the hidden units too: more to draw. */
  run_cli (&run, NULL, "export", file, "--format", "svg", "--view", "umpire", "-o", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (svg, &umpire, NULL, NULL));
  g_assert_cmpuint (strlen (umpire), >, strlen (players));
  g_remove (png);
  g_remove (svg);
  g_rmdir (dir);
}

static void
test_packet_errors (void)
{
  g_auto(Run) run = { 0 };
  g_autofree char *scenario = sample_path ("battle-valor-fantasy-cold-beck");
  g_autofree char *list_only = sample_path ("undying-lands-host");
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  const char *bad[][6] = {
    { "--format", "png", "--sheet", "list", NULL },
    { "--format", "txt", "--sheet", "packet", NULL },
    { "--format", "svg", "--sheet", "packet", NULL },
    { "--format", "pdf", "--sheet", "packet", "--scale", "huge" },
    { "--format", "pdf", "--sheet", "list", "--scale", "fit" },
    { "--format", "pdf", "--sheet", "map", "--view", "umpire" },
    { "--format", "png", "--paper", "letter", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      /* the row's first NULL ends the arguments */
      run_cli (&run, NULL, "export", scenario, "-o", out, bad[i][0], bad[i][1], bad[i][2],
               bad[i][3], bad[i][4], bad[i][5], NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.err, !=, "");
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }
  /* A list without a battlefield has no map: the message says so. */
  run_cli (&run, NULL, "export", list_only, "-f", "pdf", "--sheet", "packet", "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "no battlefield"));
  g_assert_nonnull (strstr (run.err, "undying-lands-host.muster"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  run_cli (&run, NULL, "export", list_only, "-f", "png", "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "no battlefield"));
  g_rmdir (dir);
}

/* A BattleScribe roster with --data: text as tests/model/test-bs-export.c's golden files,
 * the list and the cards as PDFs, and what a roster has no export of refused. */
static void
test_roster (void)
{
  static const char *formats[] = { "txt", "md", "html" };
  g_autofree char *data = g_build_filename (MUSTER_TEST_DATA, "bs-export", NULL);
  g_autofree char *ros = g_build_filename (data, "legal.ros", NULL);
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "cards.pdf", NULL);
  g_auto(Run) run = { 0 };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *golden = g_strdup_printf ("%s/golden/bs-print-legal.%s", MUSTER_TEST_DATA,
                                                 formats[f]);
      g_autofree char *expected = NULL;

      run_cli (&run, NULL, "export", ros, "--data", data, "--format", formats[f], NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (g_file_get_contents (golden, &expected, NULL, NULL));
      g_assert_cmpstr (run.out, ==, expected);
    }

  if (!have_program ("pdfinfo") || !have_program ("pdftotext"))
    g_test_message ("poppler-utils is not installed: the PDFs are not read back");
  for (guint sheet = 0; sheet < 2; sheet++)
    {
      run_cli (&run, NULL, "export", ros, "--data", data, "-f", "pdf", "--sheet",
               sheet ? "cards" : "list", "-o", pdf, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, "");
      if (have_program ("pdfinfo") && have_program ("pdftotext"))
        {
          g_autofree char *info = poppler ("pdfinfo", pdf);
          g_autofree char *text = poppler ("pdftotext", pdf);

          g_assert_cmpuint (page_count (info), ==, 1);
          g_assert_nonnull (strstr (text, sheet ? "Record Cards" : "Army List"));
          g_assert_nonnull (strstr (text, "Lord <&> Vex"));
        }
    }
  g_remove (pdf);

  /* A roster needs its data; --data is only for rosters; no roster sheet, map or packet. */
  run_cli (&run, NULL, "export", ros, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--data"));
  {
    g_autofree char *sample = sample_path ("undying-lands-host");

    run_cli (&run, NULL, "export", sample, "--data", data, NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  run_cli (&run, NULL, "export", ros, "--data", data, "-f", "pdf", "--sheet", "roster", "-o",
           pdf, NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_cli (&run, NULL, "export", ros, "--data", data, "-f", "png", "-o", pdf, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  cli_path = argv[1];

  g_test_add_func ("/export/text-formats", test_text_formats);
  g_test_add_func ("/export/pdf-sheets", test_pdf_sheets);
  g_test_add_func ("/export/paper", test_paper);
  g_test_add_func ("/export/errors", test_errors);
  g_test_add_func ("/export/output-file", test_output_file);
  g_test_add_func ("/export/output-keeps-link-and-mode", test_output_keeps_link_and_mode);
  g_test_add_func ("/export/packet", test_packet);
  g_test_add_func ("/export/map-images", test_map_images);
  g_test_add_func ("/export/packet-errors", test_packet_errors);
  g_test_add_func ("/export/roster", test_roster);

  return g_test_run ();
}
