/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-test-bs.h"

static const char gst[] =
  "<gameSystem id='gs' name='Test'>\n"
  "  <costTypes><costType id='pts' name='pts' defaultCostLimit='100'/></costTypes>\n"
  "  <categoryEntries><categoryEntry id='cat-troops' name='Troops'/>"
  "<categoryEntry id='cat-hq' name='HQ'/></categoryEntries>\n"
  "  <forceEntries><forceEntry id='fe' name='Patrol'>\n"
  "    <categoryLinks><categoryLink id='cl-fe-t' targetId='cat-troops' name='Troops'/></categoryLinks>\n"
  "    <forceEntries><forceEntry id='fe-sub' name='Platoon'/></forceEntries>\n"
  "  </forceEntry></forceEntries>\n"
  "  <sharedSelectionEntries>\n"
  "    <selectionEntry id='sse-gun' name='Gun' type='upgrade'>\n"
  "      <costs><cost name='pts' typeId='pts' value='5'/></costs>\n"
  "    </selectionEntry>\n"
  "  </sharedSelectionEntries>\n"
  "</gameSystem>\n";

static const char cat[] =
  "<catalogue id='cat' name='Army' gameSystemId='gs'>\n"
  "  <selectionEntries>\n"
  "    <selectionEntry id='se-squad' name='Squad' type='unit'>\n"
  "      <costs><cost name='pts' typeId='pts' value='40'/></costs>\n"
  "      <categoryLinks><categoryLink id='cl-sq' targetId='cat-troops' name='Troops' primary='true'/></categoryLinks>\n"
  "      <selectionEntries>\n"
  "        <selectionEntry id='se-trooper' name='Trooper' type='model'>\n"
  "          <costs><cost name='pts' typeId='pts' value='10'/></costs>\n"
  "          <constraints><constraint id='con-tr-min' type='min' value='2' field='selections' scope='parent'/>"
  "<constraint id='con-tr-max' type='max' value='4' field='selections' scope='parent'/></constraints>\n"
  "        </selectionEntry>\n"
  "      </selectionEntries>\n"
  "      <entryLinks><entryLink id='el-gun' targetId='sse-gun' type='selectionEntry' name='Gun'/></entryLinks>\n"
  "    </selectionEntry>\n"
  "  </selectionEntries>\n"
  "</catalogue>\n";

static void
test_roster_select (void)
{
  g_autoptr(MusterBsData) data = muster_test_bs_data (gst, cat);
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (data, "R");
  g_autoptr(GPtrArray) auto_selected = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *findings = NULL;
  MusterBsForce *force;
  MusterBsSelection *squad, *gun, *trooper;

  force = muster_bs_roster_add_force (roster, NULL, "fe", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_bs_force_get_catalogue_id (force), ==, "cat");
  squad = muster_bs_roster_select (roster, force, NULL, "se-squad", auto_selected, &error);
  g_assert_no_error (error);
  /* Two troopers are required: one selection of number 2. */
  g_assert_cmpuint (auto_selected->len, ==, 1);
  trooper = g_ptr_array_index (auto_selected, 0);
  g_assert_cmpint (muster_bs_selection_get_number (trooper), ==, 2);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_selection_get_costs (trooper), "pts"), ==, 20);
  gun = muster_bs_roster_select (roster, force, squad, "sse-gun", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_bs_selection_get_entry_id (gun), ==, "el-gun::sse-gun");
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "pts"), ==, 65);
  g_assert_cmpstr (muster_bs_selection_get_primary_category (squad)->entry_id, ==, "cat-troops");
  findings = muster_test_bs_findings (roster);
  g_assert_cmpstr (findings, ==, "");
  g_clear_pointer (&findings, g_free);

  /* Seven troopers break the max, and their 115 points the limit. */
  g_assert_cmpint (muster_bs_roster_set_count (roster, trooper, 7), ==, 2);
  findings = muster_test_bs_findings (roster);
  g_assert_cmpstr (findings, ==, "roster - from costLimits/pts; selection se-trooper from se-trooper/con-tr-max");
  g_clear_pointer (&findings, g_free);
  {
    g_autoptr(GPtrArray) list = muster_bs_roster_get_findings (roster);
    MusterBsFinding *over = g_ptr_array_index (list, 0);

    /* the amount and the cost type's name apart, as people write them */
    g_assert_nonnull (g_strrstr (over->message, " limit by 15 pts"));
  }
  muster_bs_roster_set_count (roster, trooper, 1);
  findings = muster_test_bs_findings (roster);
  g_assert_cmpstr (findings, ==, "selection se-squad from se-trooper/con-tr-min");
  g_clear_pointer (&findings, g_free);

  /* A child's amount is per model of its parent: two squads of one trooper show two. */
  muster_bs_roster_set_count (roster, squad, 2);
  g_assert_cmpint (muster_bs_selection_get_amount (trooper), ==, 1);
  g_assert_cmpint (muster_bs_selection_get_number (trooper), ==, 2);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_selection_get_costs (trooper), "pts"), ==, 20);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "pts"), ==, 110);
  muster_bs_roster_set_count (roster, squad, 1);

  /* An entry that is not offered there is an error, not a crash. */
  g_assert_null (muster_bs_roster_select (roster, force, NULL, "se-trooper", NULL, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

static void
test_roster_undo (void)
{
  g_autoptr(MusterBsData) data = muster_test_bs_data (gst, cat);
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (data, "R");
  MusterBsForce *force = muster_bs_roster_add_force (roster, NULL, "fe", NULL, NULL, NULL);
  MusterBsForce *sub = muster_bs_roster_add_force (roster, force, "fe-sub", NULL, NULL, NULL);
  MusterBsSelection *squad = muster_bs_roster_select (roster, force, NULL, "se-squad", NULL, NULL);
  MusterBsSelection *copy, *removed;
  MusterBsForce *dup;
  guint index;

  g_assert_nonnull (sub);
  g_assert_cmpuint (muster_bs_force_get_n_forces (force), ==, 1);
  copy = muster_bs_roster_duplicate_selection (roster, squad);
  g_assert_cmpstr (muster_bs_selection_get_id (copy), !=, muster_bs_selection_get_id (squad));
  g_assert_cmpuint (muster_bs_force_get_n_selections (force), ==, 2);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "pts"), ==, 120);
  removed = muster_bs_roster_remove_selection (roster, squad, &index);
  g_assert_true (removed == squad);
  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "pts"), ==, 60);
  muster_bs_roster_insert_selection (roster, force, NULL, index, removed);
  g_assert_true (muster_bs_roster_find_selection (roster, muster_bs_selection_get_id (squad)) == squad);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "pts"), ==, 120);
  dup = muster_bs_roster_duplicate_force (roster, force);
  g_assert_cmpuint (muster_bs_roster_get_n_forces (roster), ==, 2);
  g_assert_cmpuint (muster_bs_force_get_n_selections (dup), ==, 2);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "pts"), ==, 240);
  g_assert_true (muster_bs_roster_remove_force (roster, dup, &index) == dup);
  muster_bs_force_free (dup);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "pts"), ==, 120);
  g_assert_cmpfloat (muster_bs_roster_set_cost_limit (roster, "pts", 500), ==, -1);
  g_assert_cmpfloat (muster_bs_roster_set_cost_limit (roster, "pts", 300), ==, 500);
}

static void
test_roster_ros (void)
{
  g_autoptr(MusterBsData) data = muster_test_bs_data (gst, cat);
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (data, "Round trip");
  g_autoptr(MusterBsRoster) back = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MusterBsForce *force = muster_bs_roster_add_force (roster, NULL, "fe", NULL, NULL, NULL);
  MusterBsSelection *squad = muster_bs_roster_select (roster, force, NULL, "se-squad", NULL, NULL);
  MusterBsSelection *gun = muster_bs_roster_select (roster, force, squad, "el-gun", NULL, NULL);
  MusterBsSelection *gun2;
  static const char bad[] =
    "<roster id='r' name='x' gameSystemId='gs'><forces>\n"
    "<force id='f' entryId='fe' catalogueId='cat'><selections>\n"
    "<selection id='s' entryId='se-nothing' number='1' type='unit'/>\n"
    "</selections></force></forces></roster>";

  muster_bs_selection_set_custom_name (gun, "Big gun");
  bytes = muster_bs_roster_save (roster, FALSE, &error);
  g_assert_no_error (error);
  back = muster_bs_roster_load (data, "round.ros", bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_bs_roster_get_name (back), ==, "Round trip");
  g_assert_cmpstr (muster_bs_roster_get_id (back), ==, muster_bs_roster_get_id (roster));
  gun2 = muster_bs_roster_find_selection (back, muster_bs_selection_get_id (gun));
  g_assert_nonnull (gun2);
  g_assert_cmpstr (muster_bs_selection_get_entry_id (gun2), ==, "el-gun::sse-gun");
  g_assert_cmpstr (muster_bs_selection_get_custom_name (gun2), ==, "Big gun");
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (back), "pts"), ==,
                     muster_test_bs_cost (muster_bs_roster_get_costs (roster), "pts"));
  /* And zipped, as a .rosz. */
  g_clear_pointer (&bytes, g_bytes_unref);
  g_clear_pointer (&back, muster_bs_roster_free);
  bytes = muster_bs_roster_save (roster, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (((const char *) g_bytes_get_data (bytes, NULL))[0], ==, 'P');
  back = muster_bs_roster_load (data, "round.rosz", bytes, &error);
  g_assert_no_error (error);
  g_assert_nonnull (muster_bs_roster_find_selection (back, muster_bs_selection_get_id (gun)));
  g_clear_pointer (&bytes, g_bytes_unref);
  bytes = g_bytes_new_static (bad, sizeof bad - 1);
  g_assert_null (muster_bs_roster_load (data, "bad.ros", bytes, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT);
  g_assert_cmpstr (error->message, ==, "bad.ros:3: <selection> s names entry se-nothing, which Patrol does not offer");
}

/* The bytes of a saved roster, fixed: a .ros written by Muster is compared byte for byte after
 * a second save (issue 21), and the writer writes the text itself, as libxml2's
 * xmlDocDumpFormatMemoryEnc(…, "UTF-8", 1) wrote its tree before: the same indentation, empty
 * elements, escaping in attributes (new lines, tabs, quotes) and in text (a carriage return),
 * characters beyond ASCII as they are. */
static void
test_roster_ros_bytes (void)
{
  static const char text_gst[] =
    "<gameSystem id='gs' name='Test &amp; Co' revision='4'>"
    "<costTypes><costType id='pts' name='pts'/><costType id='pl' name='Power &lt;PL&gt;'/></costTypes>"
    "<profileTypes><profileType id='pt' name='Unit'><characteristicTypes>"
    "<characteristicType id='ct-m' name='M'/><characteristicType id='ct-w' name='W&quot;'/>"
    "</characteristicTypes></profileType></profileTypes>"
    "<categoryEntries><categoryEntry id='c-tr' name='Troops'/></categoryEntries>"
    "<forceEntries><forceEntry id='fe' name='Patrol'><categoryLinks>"
    "<categoryLink id='l-tr' targetId='c-tr' name='Troops'/></categoryLinks>"
    "<forceEntries><forceEntry id='fe-sub' name='Platoon'/></forceEntries>"
    "</forceEntry></forceEntries></gameSystem>";
  static const char text_cat[] =
    "<catalogue id='cat' name='Army \u00e4' gameSystemId='gs' revision='7'><selectionEntries>"
    "<selectionEntry id='se-sq' name='Squad \u20ac' type='unit' publicationId='pub' page='12'>"
    "<costs><cost name='pts' typeId='pts' value='42.5'/><cost name='Power &lt;PL&gt;' typeId='pl' value='3'/></costs>"
    "<categoryLinks><categoryLink id='cl' targetId='c-tr' primary='true'/></categoryLinks>"
    "<rules><rule id='r1' name='Tough &amp; &quot;Brave&quot;'><description>Roll &lt;2D6&gt; &amp; add\n"
    "\ttwo &#13;lines \u00fc</description></rule>"
    "<rule id='r2' name='Empty' hidden='true'><description></description></rule></rules>"
    "<profiles><profile id='p1' name='Squad' typeId='pt' typeName='Unit'><characteristics>"
    "<characteristic name='M' typeId='ct-m'>6&quot;</characteristic>"
    "<characteristic name='W&quot;' typeId='ct-w'></characteristic>"
    "</characteristics></profile></profiles>"
    "<selectionEntries><selectionEntry id='se-tr' name='Trooper' type='model'>"
    "<costs><cost name='pts' typeId='pts' value='10'/></costs></selectionEntry></selectionEntries>"
    "</selectionEntry></selectionEntries></catalogue>";
  static const char ros[] =
    "<roster id='r' name='List &lt;&amp;&gt; &quot;q&quot; &apos;a&apos;&#10;&#9;&#13;\u00e4' "
    "gameSystemId='gs'>"
    "<costLimits><costLimit name='pts' typeId='pts' value='2000'/></costLimits><forces>"
    "<force id='f1' name='Patrol' entryId='fe' catalogueId='cat' customName='Force &amp; &quot;1&quot;'>"
    "<customNotes>Notes &lt;b&gt; &amp; \"quoted\" 'single'&#13;&#10;\tnext \u20ac</customNotes>"
    "<selections><selection id='s1' entryId='se-sq' number='1' type='unit' customName='A&#9;B&#10;C'>"
    "<customNotes></customNotes>"
    "<selections><selection id='s2' entryId='se-sq::se-tr' number='3' type='model'/></selections>"
    "</selection></selections>"
    "<forces><force id='f2' name='Platoon' entryId='fe-sub' catalogueId='cat'/></forces></force>"
    "</forces><customNotes>&gt; roster &#13; notes</customNotes></roster>";
  static const char expected[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<roster xmlns=\"http://www.battlescribe.net/schema/rosterSchema\" id=\"r\" name=\"List &lt;&amp;&gt; &quot;q&quot; 'a'&#10;&#9;&#13;\u00e4\" battleScribeVersion=\"2.03\" gameSystemId=\"gs\" gameSystemName=\"Test &amp; Co\" gameSystemRevision=\"4\">\n"
    "  <costs>\n"
    "    <cost name=\"pts\" typeId=\"pts\" value=\"72.5\"/>\n"
    "    <cost name=\"Power &lt;PL&gt;\" typeId=\"pl\" value=\"3\"/>\n"
    "  </costs>\n"
    "  <costLimits>\n"
    "    <costLimit name=\"pts\" typeId=\"pts\" value=\"2000\"/>\n"
    "  </costLimits>\n"
    "  <forces>\n"
    "    <force id=\"f1\" name=\"Patrol\" entryId=\"fe\" customName=\"Force &amp; &quot;1&quot;\" catalogueId=\"cat\" catalogueRevision=\"7\" catalogueName=\"Army \u00e4\">\n"
    "      <customNotes>Notes &lt;b&gt; &amp; \"quoted\" 'single'&#13;\n"
    "\tnext \u20ac</customNotes>\n"
    "      <selections>\n"
    "        <selection id=\"s1\" name=\"Squad \u20ac\" entryId=\"se-sq\" customName=\"A&#9;B&#10;C\" page=\"12\" publicationId=\"pub\" number=\"1\" type=\"unit\">\n"
    "          <customNotes></customNotes>\n"
    "          <rules>\n"
    "            <rule id=\"r1\" name=\"Tough &amp; &quot;Brave&quot;\" hidden=\"false\">\n"
    "              <description>Roll &lt;2D6&gt; &amp; add\n"
    "\ttwo &#13;lines \u00fc</description>\n"
    "            </rule>\n"
    "          </rules>\n"
    "          <profiles>\n"
    "            <profile id=\"p1\" name=\"Squad\" hidden=\"false\" typeId=\"pt\" typeName=\"Unit\">\n"
    "              <characteristics>\n"
    "                <characteristic name=\"M\" typeId=\"ct-m\">6\"</characteristic>\n"
    "                <characteristic name=\"W&quot;\" typeId=\"ct-w\"></characteristic>\n"
    "              </characteristics>\n"
    "            </profile>\n"
    "          </profiles>\n"
    "          <selections>\n"
    "            <selection id=\"s2\" name=\"Trooper\" entryId=\"se-tr\" number=\"3\" type=\"model\">\n"
    "              <costs>\n"
    "                <cost name=\"pts\" typeId=\"pts\" value=\"30\"/>\n"
    "              </costs>\n"
    "            </selection>\n"
    "          </selections>\n"
    "          <costs>\n"
    "            <cost name=\"pts\" typeId=\"pts\" value=\"42.5\"/>\n"
    "            <cost name=\"Power &lt;PL&gt;\" typeId=\"pl\" value=\"3\"/>\n"
    "          </costs>\n"
    "          <categories>\n"
    "            <category id=\"cl\" name=\"Troops\" entryId=\"c-tr\" primary=\"true\"/>\n"
    "          </categories>\n"
    "        </selection>\n"
    "      </selections>\n"
    "      <categories>\n"
    "        <category id=\"l-tr\" name=\"Troops\" entryId=\"c-tr\" primary=\"false\"/>\n"
    "      </categories>\n"
    "      <forces>\n"
    "        <force id=\"f2\" name=\"Platoon\" entryId=\"fe-sub\" catalogueId=\"cat\" catalogueRevision=\"7\" catalogueName=\"Army \u00e4\"/>\n"
    "      </forces>\n"
    "    </force>\n"
    "  </forces>\n"
    "  <customNotes>&gt; roster &#13; notes</customNotes>\n"
    "</roster>\n";
  g_autoptr(MusterBsData) data = muster_test_bs_data (text_gst, text_cat);
  g_autoptr(GBytes) in = g_bytes_new_static (ros, sizeof ros - 1);
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  roster = muster_bs_roster_load (data, "text.ros", in, &error);
  g_assert_no_error (error);
  bytes = muster_bs_roster_save (roster, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), expected,
                   sizeof expected - 1);
}

/* The one display order every client sees: a force's selections by their primary
 * category's place among the force's categories (none, or one the force does not list,
 * first), then by their entry's own name (a modifier's rename aside, numbers as numbers,
 * case aside); a selection's children by name. */
static void
test_roster_order (void)
{
  static const char order_gst[] =
    "<gameSystem id='gs' name='Test'>"
    "<categoryEntries><categoryEntry id='c-hq' name='HQ'/><categoryEntry id='c-tr' name='Troops'/>"
    "<categoryEntry id='c-x' name='Allies'/></categoryEntries>"
    "<forceEntries><forceEntry id='fe' name='Patrol'><categoryLinks>"
    "<categoryLink id='l-hq' targetId='c-hq' name='HQ'/><categoryLink id='l-tr' targetId='c-tr' name='Troops'/>"
    "</categoryLinks></forceEntry></forceEntries></gameSystem>";
  static const char order_cat[] =
    "<catalogue id='cat' name='Army' gameSystemId='gs'><selectionEntries>"
    "<selectionEntry id='t10' name='unit 10' type='unit'><categoryLinks>"
    "<categoryLink id='a' targetId='c-tr' primary='true'/></categoryLinks></selectionEntry>"
    "<selectionEntry id='t2' name='Unit 2' type='unit'><categoryLinks>"
    "<categoryLink id='b' targetId='c-tr' primary='true'/></categoryLinks>"
    "<selectionEntries><selectionEntry id='w-b' name='Bolter'/><selectionEntry id='w-a' name='axe'/>"
    "</selectionEntries></selectionEntry>"
    "<selectionEntry id='boss' name='Boss' type='unit'><categoryLinks>"
    "<categoryLink id='c' targetId='c-hq' primary='true'/></categoryLinks></selectionEntry>"
    "<selectionEntry id='ally' name='Zealot' type='unit'><categoryLinks>"
    "<categoryLink id='d' targetId='c-x' primary='true'/></categoryLinks></selectionEntry>"
    "<selectionEntry id='loose' name='Objective' type='upgrade'/>"
    "<selectionEntry id='renamed' name='Acolyte' type='unit'><categoryLinks>"
    "<categoryLink id='e' targetId='c-tr' primary='true'/></categoryLinks><modifiers>"
    "<modifier type='set' field='name' value='Zz Renamed'/></modifiers></selectionEntry>"
    "</selectionEntries></catalogue>";
  static const char * const made[] = { "t10", "t2", "boss", "ally", "loose", "renamed" };
  static const char * const shown[] = { "Objective", "Zealot", "Boss", "Zz Renamed", "Unit 2",
                                        "unit 10" };
  g_autoptr(MusterBsData) data = muster_test_bs_data (order_gst, order_cat);
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (data, "R");
  MusterBsForce *force = muster_bs_roster_add_force (roster, NULL, "fe", NULL, NULL, NULL);
  MusterBsSelection *unit2 = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    {
      MusterBsSelection *sel = muster_bs_roster_select (roster, force, NULL, made[i], NULL, NULL);

      g_assert_nonnull (sel);
      if (i == 1)
        unit2 = sel;
    }
  g_assert_nonnull (muster_bs_roster_select (roster, force, unit2, "w-b", NULL, NULL));
  g_assert_nonnull (muster_bs_roster_select (roster, force, unit2, "w-a", NULL, NULL));
  g_assert_cmpuint (muster_bs_force_get_n_selections (force), ==, G_N_ELEMENTS (shown));
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    g_assert_cmpstr (muster_bs_selection_get_name (muster_bs_force_get_selection (force, i)), ==,
                     shown[i]);
  g_assert_cmpstr (muster_bs_selection_get_name (muster_bs_selection_get_child (unit2, 0)), ==,
                   "axe");
  g_assert_cmpstr (muster_bs_selection_get_name (muster_bs_selection_get_child (unit2, 1)), ==,
                   "Bolter");
}

/* A .ros names the revisions of its data (gameSystemRevision, a force's catalogueRevision),
 * as BattleScribe writes them. One saved with another revision of the game system opens
 * without what the data no longer has, and names it; with the same revision, an entry the
 * data lacks is still an error. */
static void
test_roster_revisions (void)
{
  static const char old_ros[] =
    "<roster id='r' name='Old' gameSystemId='gs' gameSystemRevision='%d'><forces>\n"
    "<force id='f' name='Patrol' entryId='fe' catalogueId='cat' catalogueRevision='%d'><selections>\n"
    "<selection id='s1' name='Squad' entryId='se-squad' number='1' type='unit'/>\n"
    "<selection id='s2' name='Old Squad' entryId='se-old' number='1' type='unit'/>\n"
    "</selections></force>\n"
    "<force id='g' name='Gone Force' entryId='fe-gone' catalogueId='cat' catalogueRevision='%d'/>\n"
    "</forces></roster>";
  g_auto(GStrv) parts = g_strsplit (gst, "name='Test'", 2);
  g_autofree char *revised = g_strjoin ("name='Test' revision='3'", parts[0], parts[1], NULL);
  g_autofree char *cat2 = NULL;
  g_autoptr(MusterBsData) data = NULL;
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(MusterBsRoster) back = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *older = g_strdup_printf (old_ros, 2, 2, 2);
  g_autofree char *same = g_strdup_printf (old_ros, 3, 2, 2);
  g_autofree char *old_cat = g_strdup_printf (old_ros, 3, 1, 1);
  g_autofree char *one_old = g_strdup_printf (old_ros, 3, 1, 2);
  g_autoptr(GPtrArray) findings = NULL;
  GPtrArray *gone;
  GArray *changes;
  guint n_gone = 0;

  {
    g_auto(GStrv) cat_parts = g_strsplit (cat, "name='Army'", 2);

    cat2 = g_strjoin ("name='Army' revision='2'", cat_parts[0], cat_parts[1], NULL);
  }
  data = muster_test_bs_data (revised, cat2);
  roster = muster_bs_roster_new (data, "Revised");
  muster_bs_roster_add_force (roster, NULL, "fe", "cat", NULL, NULL);
  bytes = muster_bs_roster_save (roster, FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  "gameSystemName=\"Test\" gameSystemRevision=\"3\""));
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  "catalogueId=\"cat\" catalogueRevision=\"2\""));
  back = muster_bs_roster_load (data, "revised.ros", bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_bs_roster_get_file_revision (back), ==, 3);
  g_assert_cmpuint (muster_bs_roster_get_gone (back)->len, ==, 0);
  g_clear_pointer (&back, muster_bs_roster_free);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* Saved with revision 2: the squad is still there, the old squad and the force are not. */
  bytes = g_bytes_new_static (older, strlen (older));
  back = muster_bs_roster_load (data, "older.ros", bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_bs_roster_get_file_revision (back), ==, 2);
  g_assert_nonnull (muster_bs_roster_find_selection (back, "s1"));
  g_assert_null (muster_bs_roster_find_selection (back, "s2"));
  g_assert_cmpuint (muster_bs_roster_get_n_forces (back), ==, 1);
  gone = muster_bs_roster_get_gone (back);
  g_assert_cmpuint (gone->len, ==, 2);
  g_assert_cmpstr (gone->pdata[0], ==, "Old Squad (se-old)");
  g_assert_cmpstr (gone->pdata[1], ==, "Gone Force (fe-gone)");
  g_clear_pointer (&bytes, g_bytes_unref);

  /* Both revisions named, the game system's first; what is gone is a warning naming it. */
  changes = muster_bs_roster_get_revision_changes (back);
  g_assert_cmpuint (changes->len, ==, 1);
  g_assert_cmpstr (g_array_index (changes, MusterBsRevisionChange, 0).name, ==, "Test");
  g_assert_cmpint (g_array_index (changes, MusterBsRevisionChange, 0).saved, ==, 2);
  g_assert_cmpint (g_array_index (changes, MusterBsRevisionChange, 0).loaded, ==, 3);
  findings = muster_bs_roster_get_findings (back);
  for (guint i = 0; i < findings->len; i++)
    {
      MusterBsFinding *f = g_ptr_array_index (findings, i);

      if (g_strcmp0 (f->constraint_id, "gone") != 0)
        continue;
      g_assert_cmpint (f->severity, ==, MUSTER_SEVERITY_WARNING);
      g_assert_true (g_str_has_prefix (f->message, n_gone ? "Gone Force (fe-gone) is no longer"
                                                          : "Old Squad (se-old) is no longer"));
      n_gone++;
    }
  g_assert_cmpuint (n_gone, ==, 2);
  g_clear_pointer (&findings, g_ptr_array_unref);
  /* Saved again, the file has the data's revisions and nothing left out. */
  muster_bs_roster_forget_gone (back);
  g_assert_cmpuint (muster_bs_roster_get_revision_changes (back)->len, ==, 0);
  findings = muster_bs_roster_get_findings (back);
  for (guint i = 0; i < findings->len; i++)
    g_assert_cmpstr (((MusterBsFinding *) findings->pdata[i])->constraint_id, !=, "gone");
  g_clear_pointer (&findings, g_ptr_array_unref);
  g_clear_pointer (&back, muster_bs_roster_free);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* The game system's revision, but an older catalogue: the catalogue is named, and what it
   * no longer has is left out the same way. */
  bytes = g_bytes_new_static (old_cat, strlen (old_cat));
  back = muster_bs_roster_load (data, "old-cat.ros", bytes, &error);
  g_assert_no_error (error);
  g_assert_nonnull (muster_bs_roster_find_selection (back, "s1"));
  g_assert_null (muster_bs_roster_find_selection (back, "s2"));
  g_assert_cmpuint (muster_bs_roster_get_gone (back)->len, ==, 2);
  g_assert_cmpstr (muster_bs_roster_get_gone (back)->pdata[0], ==, "Old Squad (se-old)");
  g_assert_cmpstr (muster_bs_roster_get_gone (back)->pdata[1], ==, "Gone Force (fe-gone)");
  changes = muster_bs_roster_get_revision_changes (back);
  g_assert_cmpuint (changes->len, ==, 1);
  g_assert_cmpstr (g_array_index (changes, MusterBsRevisionChange, 0).id, ==, "cat");
  g_assert_cmpstr (g_array_index (changes, MusterBsRevisionChange, 0).name, ==, "Army");
  g_assert_cmpint (g_array_index (changes, MusterBsRevisionChange, 0).saved, ==, 1);
  g_assert_cmpint (g_array_index (changes, MusterBsRevisionChange, 0).loaded, ==, 2);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* A force saved with this catalogue's revision must be whole, whatever another force of
   * the file was saved with. */
  bytes = g_bytes_new_static (one_old, strlen (one_old));
  g_assert_null (muster_bs_roster_load (data, "one-old.ros", bytes, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT);
  g_assert_nonnull (strstr (error->message, "fe-gone"));
  g_clear_error (&error);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* The same revisions: the file is wrong, not old. */
  bytes = g_bytes_new_static (same, strlen (same));
  g_assert_null (muster_bs_roster_load (data, "same.ros", bytes, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT);
}

/* A roster whose data is missing is read as its file records it: forces (custom names,
 * catalogue), selections with their numbers and costs, children, nested forces. */
static void
test_roster_outline (void)
{
  static const char ros[] =
    "<roster id='r' name='Away' gameSystemId='elsewhere'>\n"
    "<costs><cost name='pts' typeId='pts' value='85'/><cost name='CP' typeId='cp' value='0'/></costs>\n"
    "<costLimits><costLimit name='pts' typeId='pts' value='100'/><costLimit name='CP' typeId='cp' value='-1'/>"
    "<costLimit name='Gold' typeId='gold' value='0'/></costLimits>\n"
    "<forces><force id='f' name='Patrol' customName='First' entryId='fe' catalogueId='c' catalogueName='Army'>\n"
    "<selections><selection id='s' name='Squad' entryId='e' number='2' type='unit'>\n"
    "<costs><cost name='pts' typeId='pts' value='80'/><cost name='CP' typeId='cp' value='1'/></costs>\n"
    "<selections><selection id='t' name='Trooper' entryId='e2' number='5' type='model'/></selections>\n"
    "</selection></selections>\n"
    "<forces><force id='g' name='Platoon' entryId='fe2' catalogueId='c' catalogueName='Army'/></forces>\n"
    "</force></forces></roster>";
  static const char not_roster[] = "<gameSystem id='gs' name='x'/>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (ros, sizeof ros - 1);
  g_autoptr(GBytes) other = g_bytes_new_static (not_roster, sizeof not_roster - 1);
  g_autoptr(MusterBsOutline) outline = NULL;
  g_autoptr(GError) error = NULL;
  MusterBsOutline *force, *squad, *trooper, *platoon;

  outline = muster_bs_outline_read (bytes, "away.ros", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outline->name, ==, "Away");
  g_assert_cmpstr (outline->costs, ==, "85 pts");
  /* The limits as recorded: none below 0, but a limit of 0 is one. */
  g_assert_cmpstr (outline->limits, ==, "100 pts, 0 Gold");
  g_assert_cmpuint (outline->children->len, ==, 1);
  force = outline->children->pdata[0];
  g_assert_true (force->force);
  g_assert_null (force->limits);
  /* A .ros records no force costs: its selections' are summed. */
  g_assert_cmpstr (force->costs, ==, "80 pts, 1 CP");
  g_assert_cmpstr (force->name, ==, "First");
  g_assert_cmpstr (force->detail, ==, "Army");
  g_assert_cmpuint (force->children->len, ==, 2);
  squad = force->children->pdata[0];
  platoon = force->children->pdata[1];
  g_assert_false (squad->force);
  g_assert_cmpstr (squad->name, ==, "Squad");
  g_assert_cmpint (squad->number, ==, 2);
  g_assert_cmpstr (squad->costs, ==, "80 pts, 1 CP");
  trooper = squad->children->pdata[0];
  g_assert_cmpint (trooper->number, ==, 5);
  g_assert_null (trooper->costs);
  g_assert_true (platoon->force);
  g_assert_null (platoon->costs);
  g_assert_cmpstr (platoon->name, ==, "Platoon");

  g_assert_null (muster_bs_outline_read (other, "x.gst", &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
}

/* A force entry a catalogue declares goes only with that catalogue (or one importing its
 * root entries); a game-system force entry with any. The pairing is refused with an error
 * naming both, not made into a force judged against entries it lacks. */
static void
test_roster_force_catalogue (void)
{
  static const char cat_b[] =
    "<catalogue id='cat-b' name='Other Army' gameSystemId='gs'>\n"
    "  <forceEntries><forceEntry id='fe-b' name='Warband'/></forceEntries>\n"
    "</catalogue>\n";
  g_autoptr(MusterBsData) data = muster_test_bs_data (gst, cat);
  g_autoptr(GBytes) bytes = g_bytes_new_static (cat_b, sizeof cat_b - 1);
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GError) error = NULL;
  MusterBsForce *force;

  g_assert_true (muster_bs_data_add_bytes (data, "b.cat", bytes, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);
  roster = muster_bs_roster_new (data, "R");

  g_assert_null (muster_bs_roster_add_force (roster, NULL, "fe-b", "cat", NULL, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "“Other Army”"));
  g_assert_nonnull (strstr (error->message, "“Army”"));
  g_assert_cmpuint (muster_bs_roster_get_n_forces (roster), ==, 0);
  g_clear_error (&error);

  force = muster_bs_roster_add_force (roster, NULL, "fe-b", "cat-b", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_bs_force_get_catalogue_id (force), ==, "cat-b");
  force = muster_bs_roster_add_force (roster, NULL, "fe-b", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_bs_force_get_catalogue_id (force), ==, "cat-b");
  /* The game system's force entry goes with either catalogue. */
  force = muster_bs_roster_add_force (roster, NULL, "fe", "cat-b", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_bs_force_get_catalogue_id (force), ==, "cat-b");
  g_assert_cmpuint (muster_bs_roster_get_n_forces (roster), ==, 3);
}

/* A collective entry under a model (issue 21; tests/data/battlescribe/skirmish-weapon-teams.cat):
 * its amount is per gunner and its number and cost follow the gunners' number. */
static void
test_roster_collective (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GPtrArray) auto_selected = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *gst_path = g_build_filename (MUSTER_TEST_DATA, "battlescribe", "skirmish.gst", NULL);
  g_autofree char *cat_path = g_build_filename (MUSTER_TEST_DATA, "battlescribe",
                                                "skirmish-weapon-teams.cat", NULL);
  MusterBsForce *force;
  MusterBsSelection *team, *gunner, *frag;

  g_assert_true (muster_bs_data_add_file (data, gst_path, &error));
  g_assert_true (muster_bs_data_add_file (data, cat_path, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);
  roster = muster_bs_roster_new (data, "Gunners");
  force = muster_bs_roster_add_force (roster, NULL, "ms-patrol", "ms-weapon-teams", NULL, &error);
  g_assert_no_error (error);
  team = muster_bs_roster_select (roster, force, NULL, "ms-gun-team", auto_selected, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (auto_selected->len, ==, 1);
  gunner = g_ptr_array_index (auto_selected, 0);
  muster_bs_roster_set_count (roster, gunner, 5);

  frag = muster_bs_roster_select (roster, force, gunner, "ms-frag", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_bs_selection_get_amount (frag), ==, 1);
  g_assert_cmpint (muster_bs_selection_get_number (frag), ==, 5);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_selection_get_costs (frag), "ms-pts"), ==, 10);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "ms-pts"), ==, 80);

  /* Fewer gunners: fewer grenades, for fewer points; the amount stays one a gunner. */
  muster_bs_roster_set_count (roster, gunner, 3);
  g_assert_cmpint (muster_bs_selection_get_amount (frag), ==, 1);
  g_assert_cmpint (muster_bs_selection_get_number (frag), ==, 3);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_selection_get_costs (frag), "ms-pts"), ==, 6);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "ms-pts"), ==, 56);

  /* A gunner whose children are all collective is counted on the one selection: taking
   * another adds to it, and the grenades follow. */
  g_assert_true (muster_bs_roster_select (roster, force, team, "ms-gunner", NULL, &error) == gunner);
  g_assert_no_error (error);
  g_assert_cmpint (muster_bs_selection_get_amount (gunner), ==, 4);
  g_assert_cmpint (muster_bs_selection_get_number (frag), ==, 4);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_selection_get_costs (frag), "ms-pts"), ==, 8);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (roster), "ms-pts"), ==, 68);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bs/roster/select", test_roster_select);
  g_test_add_func ("/bs/roster/undo", test_roster_undo);
  g_test_add_func ("/bs/roster/ros", test_roster_ros);
  g_test_add_func ("/bs/roster/ros-bytes", test_roster_ros_bytes);
  g_test_add_func ("/bs/roster/order", test_roster_order);
  g_test_add_func ("/bs/roster/revisions", test_roster_revisions);
  g_test_add_func ("/bs/roster/outline", test_roster_outline);
  g_test_add_func ("/bs/roster/force-catalogue", test_roster_force_catalogue);
  g_test_add_func ("/bs/roster/collective", test_roster_collective);
  return g_test_run ();
}
