#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that each translation in the .po files given keeps every {placeholder} of its
English: the engine translates a finding's template (a ruleset's <message>, or one of its own
marked N_()) and then fills the placeholders by name, so a msgstr that drops or misspells one
shows the reader a finding without the unit, the count or the limit it is about. msgfmt
--check knows printf's %s but not these."""
import re
import sys

PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9-]*)\}")


def unquote(text):
    text = text.strip()
    if not (text.startswith('"') and text.endswith('"')):
        raise ValueError(f"not a quoted string: {text}")
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)),
                  text[1:-1])


def entries(path):
    """Yields (line, msgid, msgid_plural, [msgstr…]) of each entry, obsolete ones left out."""
    fields, current, line_of = {}, None, 0
    with open(path, encoding="utf-8") as f:
        lines = list(f)
    for n, raw in enumerate(lines + ["\n"], 1):
        line = raw.strip()
        if line == "" or (line.startswith("#") and not line.startswith("#~")):
            if "msgid" in fields:
                strs = [v for k, v in sorted(fields.items()) if k.startswith("msgstr")]
                yield line_of, fields["msgid"], fields.get("msgid_plural"), strs
            fields, current = {}, None
            continue
        if line.startswith("#~"):
            continue
        if line.startswith('"'):
            fields[current] += unquote(line)
            continue
        keyword, _, value = line.partition(" ")
        if keyword == "msgid":
            line_of = n
        current = keyword
        fields[current] = unquote(value)


def main(paths):
    problems = []
    for path in paths:
        for line, msgid, plural, msgstrs in entries(path):
            wanted = set(PLACEHOLDER.findall(msgid)) | set(PLACEHOLDER.findall(plural or ""))
            for msgstr in msgstrs:
                if msgstr == "":
                    continue
                found = set(PLACEHOLDER.findall(msgstr))
                missing, extra = wanted - found, found - wanted
                if missing or extra:
                    what = []
                    if missing:
                        what.append("drops " + ", ".join("{%s}" % p for p in sorted(missing)))
                    if extra:
                        what.append("adds " + ", ".join("{%s}" % p for p in sorted(extra)))
                    problems.append(f"{path}:{line}: the translation of “{msgid}” "
                                    f"{' and '.join(what)}")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: check-placeholders.py FILE.po…")
    sys.exit(main(sys.argv[1:]))
