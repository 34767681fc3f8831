#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The project stands alone: no tracked file may point at material outside the repository.
# The one exception is .ci/test's default folder of the external BattleScribe conformance
# suite, given to the build as an option at test time and skipped without it.
cd "$1" || exit 2
if hits=$(git ls-files 2>/dev/null | grep -v '^tests/data/check-standalone.sh$' |
          xargs grep -nE '\.\./shared|/work/shared' 2>/dev/null |
          grep -vE '^\.ci/test:[0-9]+:interop=\$\{MUSTER_INTEROP:-\.\./shared/interop\}$'); then
  echo "files pointing outside the project:" >&2
  echo "$hits" >&2
  exit 1
fi
exit 0
