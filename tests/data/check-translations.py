#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks each language in po/LINGUAS under ROOT: its .po compiles with msgfmt --check (format
specifiers and plural forms agree with the English), and against the strings the sources mark
today it has nothing untranslated or fuzzy, so a string landed later shows up here."""
import os
import subprocess
import sys
import tempfile

# The keywords of meson's i18n.gettext(preset: 'glib'), which makes the real muster.pot.
XGETTEXT_ARGS = ["--from-code=UTF-8", "--add-comments", "--keyword=_", "--keyword=N_",
                 "--keyword=C_:1c,2", "--keyword=NC_:1c,2", "--keyword=g_dcgettext:2",
                 "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
                 "--flag=N_:1:pass-c-format", "--flag=C_:2:pass-c-format",
                 "--flag=NC_:2:pass-c-format", "--flag=g_dngettext:2:pass-c-format",
                 "--flag=g_strdup_printf:1:c-format", "--flag=g_string_printf:2:c-format",
                 "--flag=g_string_append_printf:2:c-format", "--flag=g_error_new:3:c-format",
                 "--flag=g_set_error:4:c-format", "--flag=g_markup_printf_escaped:1:c-format",
                 "--flag=g_log:3:c-format", "--flag=g_print:1:c-format",
                 "--flag=g_printerr:1:c-format", "--flag=g_printf:1:c-format",
                 "--flag=g_fprintf:2:c-format", "--flag=g_sprintf:2:c-format",
                 "--flag=g_snprintf:3:c-format",
                 # po/meson.build's own: the engine's error helpers and the generators' notes
                 "--keyword=muster_engine_set_error:5", "--keyword=muster_xml_fail:5",
                 "--keyword=doc_fail:4", "--keyword=_muster_generate_note:2",
                 "--flag=muster_engine_set_error:5:c-format",
                 "--flag=muster_xml_fail:5:c-format", "--flag=doc_fail:4:c-format",
                 "--flag=_muster_generate_note:2:c-format"]


def run(args):
    return subprocess.run(args, capture_output=True, text=True)


def entries(po_text):
    """Counts the entries of msgattrib's output, leaving out the header."""
    return sum(1 for line in po_text.splitlines() if line.startswith("msgid ")) - 1


def main(root):
    po_dir = os.path.join(root, "po")
    with open(os.path.join(po_dir, "LINGUAS"), encoding="utf-8") as f:
        langs = [w for line in f for w in line.split("#")[0].split()]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, "muster.pot")
        # The rulesets' messages are read through data/its/ (po/meson.build's data_dirs).
        r = subprocess.run(["xgettext", *XGETTEXT_ARGS,
                            "--files-from=" + os.path.join(po_dir, "POTFILES.in"),
                            "--directory=" + root, "--output=" + pot],
                           capture_output=True, text=True,
                           env=dict(os.environ, GETTEXTDATADIRS=os.path.join(root, "data")))
        if r.returncode != 0:
            sys.exit(f"xgettext failed:\n{r.stderr}")
        for lang in langs:
            po = os.path.join(po_dir, lang + ".po")
            r = run(["msgfmt", "--check", "--output-file=/dev/null", po])
            if r.returncode != 0:
                problems.append(f"{po}: msgfmt --check fails:\n{r.stderr}")
                continue
            merged = os.path.join(tmp, lang + ".po")
            r = run(["msgmerge", "--quiet", "--no-fuzzy-matching", "--output-file=" + merged,
                     po, pot])
            if r.returncode != 0:
                problems.append(f"{po}: msgmerge fails:\n{r.stderr}")
                continue
            for what, flag in (("untranslated", "--untranslated"), ("fuzzy", "--only-fuzzy")):
                r = run(["msgattrib", flag, "--no-obsolete", merged])
                n = entries(r.stdout)
                if n > 0:
                    problems.append(f"{po}: {n} {what} string(s):\n{r.stdout}")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: check-translations.py SOURCE_ROOT")
    sys.exit(main(sys.argv[1]))
