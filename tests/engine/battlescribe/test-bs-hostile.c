/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile BattleScribe files, game data and rosters: each one a clear error (or, for links, a
 * finding) naming the file, and the line or element where it can, in milliseconds; never a
 * crash, a hang or a read of the network or the disk. */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "muster-bs-data.h"
#include "muster-bs-roster.h"
#include "muster-bs-zip.h"
#include "muster-engine.h"

static const char gst_text[] =
  "<?xml version='1.0'?>\n"
  "<gameSystem id='gs' name='Test' xmlns='http://www.battlescribe.net/schema/gameSystemSchema'>\n"
  "  <costTypes><costType id='pts' name='pts' defaultCostLimit='-1'/></costTypes>\n"
  "  <forceEntries><forceEntry id='fe' name='Patrol'/></forceEntries>\n"
  "</gameSystem>\n";

static const char cat_text[] =
  "<catalogue id='c' name='Army' gameSystemId='gs'>\n"
  "  <selectionEntries><selectionEntry id='se-unit' name='Unit' type='unit'/></selectionEntries>\n"
  "</catalogue>\n";

/* A refusal takes milliseconds (the figures are in the test log); this bound only catches a
 * hang or a bomb unpacked in full, with room for sanitizer builds on a busy machine. Speed is
 * measured by tests/bench/bench-battlescribe. */
#define GUARD_SECONDS 5.0

#define ROSTER_HEAD "<roster id='r' name='R' gameSystemId='gs' " \
                    "xmlns='http://www.battlescribe.net/schema/rosterSchema'>"

typedef enum
{
  AS_CATALOGUE,
  AS_ROSTER,
} LoadAs;

/* The game system and a catalogue of one unit. */
static MusterBsData *
test_data (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GBytes) gst = g_bytes_new_static (gst_text, sizeof gst_text - 1);
  g_autoptr(GBytes) cat = g_bytes_new_static (cat_text, sizeof cat_text - 1);
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_bs_data_add_bytes (data, "test.gst", gst, &error));
  g_assert_true (muster_bs_data_add_bytes (data, "army.cat", cat, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  return g_steal_pointer (&data);
}

/* Loads @bytes as the catalogue "hostile.cat" or the roster "hostile.ros" and checks the
 * error: @code, a message starting with @prefix and holding @fragment; all in under a second. */
static void
assert_refused (LoadAs             as,
                GBytes            *bytes,
                MusterEngineError  code,
                const char        *prefix,
                const char        *fragment)
{
  g_autoptr(MusterBsData) data = test_data ();
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  gboolean loaded;

  if (as == AS_CATALOGUE)
    loaded = muster_bs_data_add_bytes (data, "hostile.cat", bytes, &error);
  else
    loaded = (roster = muster_bs_roster_load (data, "hostile.ros", bytes, &error)) != NULL;
  g_test_message ("%s refused in %.1f ms", as == AS_CATALOGUE ? "hostile.cat" : "hostile.ros",
                  g_timer_elapsed (timer, NULL) * 1e3);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, GUARD_SECONDS);
  g_assert_false (loaded);
  g_assert_error (error, MUSTER_ENGINE_ERROR, (int) code);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not start with “%s” and say “%s”", error->message, prefix, fragment);
}

static void
assert_text_refused (LoadAs             as,
                     const char        *text,
                     MusterEngineError  code,
                     const char        *prefix,
                     const char        *fragment)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));

  assert_refused (as, bytes, code, prefix, fragment);
}

/* Ten levels of ten entities before @root (which uses the last): a billion "lol"s if
 * anything expanded them. */
static char *
billion_laughs (const char *root)
{
  GString *text = g_string_new ("<?xml version='1.0'?>\n<!DOCTYPE x [\n<!ENTITY lol0 'lol'>\n");

  for (int i = 1; i < 10; i++)
    {
      g_string_append_printf (text, "<!ENTITY lol%d '", i);
      for (int j = 0; j < 10; j++)
        g_string_append_printf (text, "&lol%d;", i - 1);
      g_string_append (text, "'>\n");
    }
  g_string_append_printf (text, "]>\n%s", root);
  return g_string_free (text, FALSE);
}

/* @head and then 80 MiB of spaces, zipped as @member: past any limit, quick to deflate. */
static GBytes *
zip_of_spaces (const char *head,
               const char *member)
{
  g_autoptr(GByteArray) xml = g_byte_array_new ();
  g_autofree char *spaces = g_malloc (1024 * 1024);
  g_autoptr(GBytes) content = NULL;
  g_autoptr(GError) error = NULL;
  GBytes *zip;

  memset (spaces, ' ', 1024 * 1024);
  g_byte_array_append (xml, (const guint8 *) head, strlen (head));
  for (int i = 0; i < 80; i++)
    g_byte_array_append (xml, (const guint8 *) spaces, 1024 * 1024);
  content = g_byte_array_free_to_bytes (g_steal_pointer (&xml));
  zip = muster_bs_zip_store (member, content, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (zip), <, 1024 * 1024);
  return zip;
}

/* An external entity naming a local file and one naming a URL: neither is fetched (the
 * message would hold the file's text). The same catalogue without the DOCTYPE loads. */
static void
test_hostile_xxe (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GBytes) plain = NULL;
  g_autoptr(GError) error = NULL;
  static const char fine[] = "<catalogue id='c' name='x' gameSystemId='gs'/>";

  assert_text_refused (AS_CATALOGUE, "<?xml version='1.0'?>\n"
                       "<!DOCTYPE catalogue [<!ENTITY xxe SYSTEM 'file:///etc/passwd'>]>\n"
                       "<catalogue id='c' name='&xxe;' gameSystemId='gs'/>",
                       MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT, "hostile.cat:2:", "DOCTYPE");
  assert_text_refused (AS_CATALOGUE, "<?xml version='1.0'?>\n"
                       "<!DOCTYPE catalogue [<!ENTITY xxe SYSTEM 'http://127.0.0.1:9/x'>]>\n"
                       "<catalogue id='c' gameSystemId='gs'><readme>&xxe;</readme></catalogue>",
                       MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT, "hostile.cat:2:", "DOCTYPE");

  plain = g_bytes_new_static (fine, sizeof fine - 1);
  g_assert_true (muster_bs_data_add_bytes (data, "fine.cat", plain, &error));
  g_assert_no_error (error);
}

static void
test_hostile_entity_bomb (void)
{
  g_autofree char *text = billion_laughs ("<catalogue id='c' name='&lol9;' gameSystemId='gs'>"
                                          "<readme>&lol9;</readme></catalogue>");

  assert_text_refused (AS_CATALOGUE, text, MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT,
                       "hostile.cat:2:", "DOCTYPE");
}

/* A .catz unpacking to 80 MiB: refused while unzipping, at the size limit. */
static void
test_hostile_zip_bomb (void)
{
  g_autoptr(GBytes) zip = zip_of_spaces ("<catalogue id='c' gameSystemId='gs'>", "hostile.cat");

  assert_refused (AS_CATALOGUE, zip, MUSTER_ENGINE_ERROR_TOO_LARGE, "hostile.cat", "more than");
}

/* Makes @path a sparse file of 1 GiB: it takes no space on disk. */
static void
make_huge (const char *path)
{
  int fd = g_open (path, O_WRONLY | O_CREAT, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 1 << 30), ==, 0);
  close (fd);
}

/* A 1 GiB catalogue and a 1 GiB .catz on disk are refused before they are read, alone and in
 * a folder. */
static void
test_hostile_huge_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-bs-XXXXXX", NULL);
  g_autofree char *gst = g_build_filename (dir, "test.gst", NULL);
  g_autofree char *cat = g_build_filename (dir, "huge.cat", NULL);
  g_autofree char *catz = g_build_filename (dir, "huge.catz", NULL);
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(MusterBsData) folder = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();

  g_assert_nonnull (dir);
  g_assert_true (g_file_set_contents (gst, gst_text, -1, &error));
  make_huge (cat);
  make_huge (catz);

  g_assert_true (muster_bs_data_add_file (data, gst, &error));
  for (guint i = 0; i < 2; i++)
    {
      g_assert_false (muster_bs_data_add_file (data, i == 0 ? cat : catz, &error));
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE);
      g_assert_true (g_str_has_prefix (error->message, i == 0 ? cat : catz));
      g_clear_error (&error);
    }

  folder = muster_bs_data_load_dir (dir, &error);
  g_assert_null (folder);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE);
  g_assert_true (strstr (error->message, "huge.cat") != NULL);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, GUARD_SECONDS);

  g_unlink (cat);
  g_unlink (catz);
  g_unlink (gst);
  g_rmdir (dir);
}

/* An entry link to a shared group whose entry links back to the entry holding the first
 * link: a cycle through a group, not a chain of links; both links required (min 1), so that
 * auto-selection would follow them for ever. */
static const char cycle_text[] =
  "<catalogue id='c' name='Cycle' gameSystemId='gs'>\n"
  "  <sharedSelectionEntries>\n"
  "    <selectionEntry id='se-a' name='A' type='upgrade'>\n"
  "      <entryLinks>\n"
  "        <entryLink id='el-a-group' name='G' targetId='sg-g' type='selectionEntryGroup'>\n"
  "          <constraints><constraint id='c-a-g' type='min' value='1' field='selections'"
  " scope='parent'/></constraints>\n"
  "        </entryLink>\n"
  "      </entryLinks>\n"
  "    </selectionEntry>\n"
  "  </sharedSelectionEntries>\n"
  "  <sharedSelectionEntryGroups>\n"
  "    <selectionEntryGroup id='sg-g' name='G'>\n"
  "      <entryLinks>\n"
  "        <entryLink id='el-g-a' name='A' targetId='se-a' type='selectionEntry'>\n"
  "          <constraints><constraint id='c-g-a' type='min' value='1' field='selections'"
  " scope='parent'/></constraints>\n"
  "        </entryLink>\n"
  "      </entryLinks>\n"
  "    </selectionEntryGroup>\n"
  "  </sharedSelectionEntryGroups>\n"
  "  <entryLinks>\n"
  "    <entryLink id='el-root' name='A' targetId='se-a' type='selectionEntry'/>\n"
  "  </entryLinks>\n"
  "</catalogue>\n";

/* Loading and resolving the cycle finish, and so does selecting the entry in a roster, with
 * a selection or an error. */
static void
test_hostile_link_cycle (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GBytes) gst = g_bytes_new_static (gst_text, sizeof gst_text - 1);
  g_autoptr(GBytes) cat = g_bytes_new_static (cycle_text, sizeof cycle_text - 1);
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GPtrArray) auto_selected = g_ptr_array_new ();
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  MusterBsForce *force;
  MusterBsSelection *sel;

  g_assert_true (muster_bs_data_add_bytes (data, "test.gst", gst, &error));
  g_assert_true (muster_bs_data_add_bytes (data, "cycle.cat", cat, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);
  g_assert_true (muster_bs_data_resolve_link (data, muster_bs_data_lookup (data, "el-g-a")) ==
                 muster_bs_data_lookup (data, "se-a"));

  roster = muster_bs_roster_new (data, "Cycle");
  force = muster_bs_roster_add_force (roster, NULL, "fe", "c", NULL, &error);
  g_assert_no_error (error);
  sel = muster_bs_roster_select (roster, force, NULL, "el-root", auto_selected, &error);
  g_test_message ("selecting through the cycle: %s, %u auto-selected",
                  sel ? "selected" : error->message, auto_selected->len);
  g_assert_true (sel != NULL || error != NULL);
  findings = muster_bs_roster_get_findings (roster);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, GUARD_SECONDS);
}

/* Entries without an id (the schema requires one; a hand-made or damaged catalogue may lack
 * it), one a unit's required child: a selection of one could not be written with an entryId, so
 * the saved roster would not load again (found by fuzz-bs-cat). They are not offered. */
static const char no_id_text[] =
  "<catalogue id='c' name='Army' gameSystemId='gs'>\n"
  "  <selectionEntries>\n"
  "    <selectionEntry id='se-unit' name='Unit' type='unit'>\n"
  "      <selectionEntries>\n"
  "        <selectionEntry name='Nameless' type='model'>\n"
  "          <constraints><constraint id='c-min' type='min' value='1' field='selections'\n"
  "                                   scope='parent'/></constraints>\n"
  "        </selectionEntry>\n"
  "        <selectionEntry id='se-model' name='Model' type='model'>\n"
  "          <constraints><constraint id='c-min2' type='min' value='1' field='selections'\n"
  "                                   scope='parent'/></constraints>\n"
  "        </selectionEntry>\n"
  "      </selectionEntries>\n"
  "    </selectionEntry>\n"
  "    <selectionEntry name='Root Nameless' type='unit'/>\n"
  "  </selectionEntries>\n"
  "</catalogue>\n";

static void
test_hostile_no_id (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GBytes) gst = g_bytes_new_static (gst_text, sizeof gst_text - 1);
  g_autoptr(GBytes) cat = g_bytes_new_static (no_id_text, sizeof no_id_text - 1);
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(MusterBsRoster) again = NULL;
  g_autoptr(GPtrArray) auto_selected = g_ptr_array_new ();
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  MusterBsForce *force;
  MusterBsSelection *unit;

  g_assert_true (muster_bs_data_add_bytes (data, "test.gst", gst, &error));
  g_assert_true (muster_bs_data_add_bytes (data, "army.cat", cat, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  roster = muster_bs_roster_new (data, "No id");
  force = muster_bs_roster_add_force (roster, NULL, "fe", "c", NULL, &error);
  g_assert_no_error (error);
  unit = muster_bs_roster_select (roster, force, NULL, "se-unit", auto_selected, &error);
  g_assert_no_error (error);
  g_assert_nonnull (unit);
  /* the Model is auto-selected, the nameless entry is not there to take */
  g_assert_cmpuint (muster_bs_selection_get_n_children (unit), ==, 1);
  g_assert_cmpstr (muster_bs_selection_get_name (muster_bs_selection_get_child (unit, 0)), ==,
                   "Model");
  saved = muster_bs_roster_save (roster, FALSE, &error);
  g_assert_no_error (error);
  again = muster_bs_roster_load (data, "saved.ros", saved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
}

/* The roster reader against the same attacks, and rosters naming entries, forces and
 * catalogues that do not exist; a plain one loads. */
static void
test_hostile_roster (void)
{
  g_autoptr(MusterBsData) data = test_data ();
  g_autoptr(GError) error = NULL;
  g_autofree char *bomb = billion_laughs ("<roster id='r' name='&lol9;' gameSystemId='gs'/>");
  static const char fine[] =
    ROSTER_HEAD "<forces><force id='f1' name='Patrol' entryId='fe' catalogueId='c'>"
    "<selections><selection id='s1' name='Unit' entryId='se-unit' number='1' type='unit'/>"
    "</selections></force></forces></roster>";
  g_autoptr(GBytes) fine_bytes = g_bytes_new_static (fine, sizeof fine - 1);
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_load (data, "fine.ros", fine_bytes, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (muster_bs_roster_get_n_forces (roster), ==, 1);

  assert_text_refused (AS_ROSTER, "<?xml version='1.0'?>\n"
                       "<!DOCTYPE roster [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>\n"
                       "<roster id='r' name='&x;' gameSystemId='gs'/>",
                       MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT, "hostile.ros:2:", "DOCTYPE");
  assert_text_refused (AS_ROSTER, bomb, MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT,
                       "hostile.ros:2:", "DOCTYPE");
  assert_text_refused (AS_ROSTER, ROSTER_HEAD "<forces>\n"
                       "<force id='f1' name='Patrol' entryId='fe' catalogueId='c'>\n"
                       "<selections><selection id='s1' name='Ghost' entryId='no-such'"
                       " number='1' type='unit'/></selections></force></forces></roster>",
                       MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, "hostile.ros:3:", "no-such");
  assert_text_refused (AS_ROSTER, ROSTER_HEAD "<forces>\n"
                       "<force id='f1' name='Patrol' entryId='no-force' catalogueId='c'/>"
                       "</forces></roster>",
                       MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, "hostile.ros:2:", "no-force");
  assert_text_refused (AS_ROSTER, ROSTER_HEAD "<forces>\n"
                       "<force id='f1' name='Patrol' entryId='fe' catalogueId='no-cat'/>"
                       "</forces></roster>",
                       MUSTER_ENGINE_ERROR_INVALID_DOCUMENT, "hostile.ros:2:", "no-cat");
  assert_text_refused (AS_ROSTER, "<roster id='r' name='R' gameSystemId='gs'>\n<forces>\n</roster>",
                       MUSTER_ENGINE_ERROR_INVALID_FILE, "hostile.ros:", "mismatch");
}

static void
test_hostile_roster_zip_bomb (void)
{
  g_autoptr(GBytes) zip = zip_of_spaces (ROSTER_HEAD, "hostile.ros");

  assert_refused (AS_ROSTER, zip, MUSTER_ENGINE_ERROR_TOO_LARGE, "hostile.ros", "more than");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bs/hostile/xxe", test_hostile_xxe);
  g_test_add_func ("/bs/hostile/entity-bomb", test_hostile_entity_bomb);
  g_test_add_func ("/bs/hostile/zip-bomb", test_hostile_zip_bomb);
  g_test_add_func ("/bs/hostile/huge-file", test_hostile_huge_file);
  g_test_add_func ("/bs/hostile/link-cycle", test_hostile_link_cycle);
  g_test_add_func ("/bs/hostile/roster", test_hostile_roster);
  g_test_add_func ("/bs/hostile/no-id", test_hostile_no_id);
  g_test_add_func ("/bs/hostile/roster-zip-bomb", test_hostile_roster_zip_bomb);

  return g_test_run ();
}
