/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * The conformance protocol's JSON game system or catalogue as BattleScribe XML, with the
 * element and attribute names of the .gst/.cat format, so that the adapter hands the
 * engine the same bytes a file would and there is one loader path.
 */
GBytes *muster_cli_bs_xml_from_json (JsonObject  *object,
                                     const char  *root,
                                     const char  *game_system_id,
                                     GError     **error);

G_END_DECLS
