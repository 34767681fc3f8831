#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The project stands alone: no tracked file may point at material outside the repository.
cd "$1" || exit 2
if hits=$(git ls-files 2>/dev/null | grep -v '^tests/data/check-standalone.sh$' |
          xargs grep -lE '\.\./shared|/work/shared' 2>/dev/null); then
  echo "files pointing outside the project:" >&2
  echo "$hits" >&2
  exit 1
fi
exit 0
