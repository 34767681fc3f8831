#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The project stands alone: no tracked file may point at material outside the repository.
# One exception: .ci/test hands the BattleScribe conformance suite and data sets to the
# build where they sit beside the repository (issue 18); they carry no licence, so they
# cannot be inside it, and without them the conformance suite skips.
cd "$1" || exit 2
if hits=$(git ls-files 2>/dev/null | grep -v -e '^tests/data/check-standalone.sh$' -e '^\.ci/test$' |
          xargs grep -lE '\.\./shared|/work/shared' 2>/dev/null); then
  echo "files pointing outside the project:" >&2
  echo "$hits" >&2
  exit 1
fi
exit 0
