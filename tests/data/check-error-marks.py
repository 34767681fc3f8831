#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every error the engine under ROOT/src/engine words for a user is marked for
translation: a g_set_error() or g_prefix_error() whose format is a bare string literal with
words in it stays English in every language. Formats that are only placeholders and
punctuation ("%s:%d: %s") need no translation and pass."""
import os
import re
import sys

CALL = re.compile(r'\b(g_set_error|g_set_error_literal)\s*\(([^,]*,){3}\s*"((?:[^"\\]|\\.)*)"'
                  r'|\bg_prefix_error\s*\([^,]*,\s*"((?:[^"\\]|\\.)*)"', re.S)
SPEC = re.compile(r'%[-+ #0-9.]*(hh|h|ll|l|z|j|t)?[diouxXeEfgGcsp%]')


def main(root):
    bad = []
    for folder, _, names in os.walk(os.path.join(root, "src", "engine")):
        for name in sorted(names):
            if not name.endswith(".c"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for m in CALL.finditer(text):
                fmt = m.group(3) if m.group(3) is not None else m.group(4)
                if re.search(r"[A-Za-z]{2,}", SPEC.sub("", fmt)):
                    line = text.count("\n", 0, m.start()) + 1
                    bad.append(f"{os.path.relpath(path, root)}:{line}: “{fmt}” is not marked _()")
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
