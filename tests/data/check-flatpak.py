#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest: it parses, names our app id and command, and builds the
project itself with meson (flathub is out of reach here, so this is not a build)."""
import json
import sys

path, app_id = sys.argv[1], sys.argv[2]
try:
    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)
except (OSError, ValueError) as e:
    sys.exit(f"{path}: {e}")

problems = []
if manifest.get("id") != app_id:
    problems.append(f"id is {manifest.get('id')!r}, expected {app_id!r}")
if manifest.get("command") != "muster":
    problems.append(f"command is {manifest.get('command')!r}, expected 'muster'")
if manifest.get("runtime") != "org.gnome.Platform" or manifest.get("sdk") != "org.gnome.Sdk":
    problems.append("runtime/sdk must be the GNOME platform and SDK")
modules = manifest.get("modules", [])
ours = [m for m in modules if isinstance(m, dict) and m.get("name") == "muster"]
if len(ours) != 1:
    problems.append("exactly one module must be named 'muster'")
elif ours[0].get("buildsystem") != "meson":
    problems.append("the muster module must build with meson")
elif not any(s.get("type") == "dir" and s.get("path") == ".." for s in ours[0].get("sources", [])):
    problems.append("the muster module must build this source tree (a dir source at '..')")

for p in problems:
    print(f"{path}: {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
