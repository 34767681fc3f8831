#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks po/POTFILES.in against the tree under ROOT: every source file with a string marked
for translation must be listed (or xgettext never sees it and the string stays English in
every language), and every listed file must exist (or the pot target fails)."""
import os
import re
import sys

# What marks a string: gettext macros and calls in C, translatable="yes" in GtkBuilder files,
# <summary>/<description> in GSettings schemas (gettext's ITS rules take them), <message> in
# rulesets (our ITS rules, data/its/), and the desktop and metainfo templates as a whole.
C_MARK = re.compile(r'(?<![A-Za-z0-9_])(_|N_|C_|NC_|Q_|g_dgettext|g_dngettext|g_dpgettext2|'
                    r'ngettext|gettext)\s*\(')
# The generators' notes, a keyword of po/meson.build's: a call with a string, not its prototype
NOTE_MARK = re.compile(r'_muster_generate_note\s*\([^,()]*,\s*"')
UI_MARK = re.compile(r'translatable\s*=\s*"yes"')
SCHEMA_MARK = re.compile(r'<(summary|description)>')
# A ruleset's constraint messages (data/its/muster-ruleset.its)
RULESET_MARK = re.compile(r'<message>')
SCANNED = ("src", "ui", "data")


def marked(rel, text):
    if rel.endswith((".c", ".h")):
        return bool(C_MARK.search(text) or NOTE_MARK.search(text))
    if rel.endswith(".ui"):
        return bool(UI_MARK.search(text))
    if rel.endswith(".gschema.xml"):
        return bool(SCHEMA_MARK.search(text))
    if rel.startswith("data/rulesets/") and rel.endswith(".xml"):
        return bool(RULESET_MARK.search(text))
    return rel.endswith((".desktop.in", ".metainfo.xml.in"))


def main(root):
    potfiles = os.path.join(root, "po", "POTFILES.in")
    try:
        with open(potfiles, encoding="utf-8") as f:
            listed = [line.strip() for line in f
                      if line.strip() and not line.lstrip().startswith("#")]
    except OSError as e:
        sys.exit(f"{potfiles}: {e}")

    problems = []
    for n, rel in enumerate(listed, 1):
        if not os.path.isfile(os.path.join(root, rel)):
            problems.append(f"{potfiles}:{n}: {rel} does not exist")
    listed = set(listed)
    for top in SCANNED:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                try:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        text = f.read()
                except OSError as e:
                    problems.append(f"{rel}: {e}")
                    continue
                if marked(rel, text) and rel not in listed:
                    problems.append(f"{rel}: has translatable strings but is missing "
                                    f"from po/POTFILES.in")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: check-potfiles.py SOURCE_ROOT")
    sys.exit(main(sys.argv[1]))
