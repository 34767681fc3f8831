#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints what `muster-cli preview` and `simulate` answer for every procedure over a fixed
spread of inputs (defaults, each input through its range one at a time, and seeded random
mixes), one line a run. Run it before and after a refactoring of the rule systems and compare
the two outputs with cmp: they must be identical to the byte.

  tests/tools/procedure-outputs.py _build/src/cli/muster-cli > before.txt
"""
import json
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

TRIALS = "400"
SEED = "11"
RANDOM_MIXES = 12


def values(spec):
    if spec["type"] == "bool":
        return ["true", "false"]
    if spec["type"] == "choice":
        return list(spec["choices"])
    lo, hi, d = spec["min"], spec["max"], spec["default"]
    vals = {lo, hi, d, (lo + hi) // 2, min(hi, lo + 1), max(lo, d - 1), min(hi, d + 1)}
    # Hundreds of exact dice cost time and show nothing more than a few dozen do.
    return [str(v) for v in sorted(vals) if v <= 60 or v == d]


def input_sets(proc):
    specs = proc["inputs"]
    sets = [[]]
    for spec in specs:
        for v in values(spec):
            sets.append(["%s=%s" % (spec["id"], v)])
    rng = random.Random(proc["system"] + "/" + proc["id"])
    for _ in range(RANDOM_MIXES):
        sets.append(["%s=%s" % (s["id"], rng.choice(values(s))) for s in specs])
    return sets


RULESETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "rulesets")
ENV = dict(os.environ, MUSTER_RULESETS_PATH=RULESETS)


# GLib's log lines carry the process id and the time: "(muster-cli simulate:638): …: 22:34:33.709:"
LOG_STAMP = re.compile(r"^\(muster-cli [a-z]+:\d+\): (.*?) \*\*: [\d:.]+: ", re.M)


def run(cli, args):
    p = subprocess.run([cli] + args, capture_output=True, text=True, env=ENV)
    err = LOG_STAMP.sub(r"(muster-cli): \1 **: ", p.stderr)
    return "%s -> %d\n%s%s" % (" ".join(args), p.returncode, p.stdout, err)


def main():
    cli = sys.argv[1]
    listing = json.loads(subprocess.run([cli, "preview", "--list", "--json"],
                                        capture_output=True, text=True, check=True, env=ENV).stdout)
    runs = []
    for proc in listing["procedures"]:
        for inputs in input_sets(proc):
            base = [proc["system"], proc["id"]] + inputs + ["--json"]
            if proc["exact"]:
                runs.append(["preview"] + base)
            runs.append(["simulate"] + base + ["--trials", TRIALS, "--seed", SEED])
    with ThreadPoolExecutor(max_workers=2) as pool:
        for out in pool.map(lambda a: run(cli, a), runs):
            sys.stdout.write(out)
    sys.stderr.write("%d runs\n" % len(runs))


if __name__ == "__main__":
    main()
