#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The conformance runner tested against the fake adapter and our own fixtures."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = os.path.join(HERE, "run-specs.py")
FIXTURES = os.path.join(HERE, "fixtures", "runner")
ADAPTER = f"{sys.executable} {os.path.join(HERE, 'fake-adapter.py')}"


def run(*args):
    # The hanging fixture costs one timeout: short, but not so short that a
    # loaded machine starting Python misses it.
    result = subprocess.run([sys.executable, RUNNER, ADAPTER, FIXTURES, "--timeout", "5", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            timeout=120)
    return result.returncode, result.stdout.splitlines()


class RunnerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.report = os.path.join(cls.tmp.name, "report.json")
        cls.listed = os.path.join(FIXTURES, "expected-failures.txt")
        cls.status, cls.lines = run("--expected-failures", cls.listed, "--json", cls.report)
        with open(cls.report, encoding="utf-8") as f:
            cls.results = {r["id"]: r for r in json.load(f)["specs"]}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_last_line(self):
        self.assertEqual(self.lines[-1], "4 passed, 4 failed, 2 skipped")

    def test_passes(self):
        for spec_id in ("costs-pass", "errors-cost-limit", "engines-newrecruit", "files-export"):
            self.assertEqual(self.results[spec_id]["status"], "pass",
                             self.results[spec_id]["detail"])

    def test_wrong_expectation_names_first_difference(self):
        self.assertIn("FAIL (expected) costs-wrong [roster/costs] step 5: "
                      "force[0].selection[0].selection[0].costs[pts].value: "
                      "expected 25, got 30", self.lines)

    def test_unnamed_error_fails(self):
        self.assertEqual(self.results["errors-missing"]["status"], "fail")
        self.assertIn("step 3: errors: expected none", self.results["errors-missing"]["detail"])

    def test_skip(self):
        self.assertEqual(self.results["engines-skip"]["status"], "skip")
        self.assertEqual(self.results["data-source"]["status"], "skip")
        self.assertIn("needs --data-root", self.results["data-source"]["detail"])

    def test_broken_adapter_fails_its_spec_only(self):
        self.assertIn("adapter exited (status 3) during selectEntry",
                      self.results["broken-crash"]["detail"])
        self.assertIn("no answer to selectEntry within 5 s",
                      self.results["broken-hang"]["detail"])

    def test_category_table(self):
        self.assertIn("  costs                 1      1       0", self.lines)
        self.assertIn("  total                 4      4       2", self.lines)

    # The rest run only the costs category (--filter), to spend no more timeouts.
    def test_ratchet(self):
        self.assertEqual(self.status, 0)
        status, lines = run("--filter", "cost")
        self.assertEqual(lines[-1], "1 passed, 1 failed, 0 skipped")
        self.assertEqual(status, 1)
        self.assertIn("unexpected failure: costs-wrong", lines)

    def test_listed_spec_that_passes(self):
        listed = os.path.join(self.tmp.name, "listed.txt")
        with open(listed, "w", encoding="utf-8") as out:
            out.write("costs-wrong  # wrong on purpose\ncosts-pass   # pretend it failed\n")
        status, lines = run("--filter", "cost", "--expected-failures", listed)
        self.assertEqual(status, 0)
        self.assertIn("now passing, remove from the list: costs-pass", lines)

    def test_snapshot_difference(self):
        with tempfile.TemporaryDirectory() as tmp:
            folder = os.path.join(tmp, "files")
            os.mkdir(folder)
            for name in ("files-export.yaml", "files-export.exported.ros"):
                with open(os.path.join(FIXTURES, "files", name), encoding="utf-8") as f:
                    text = f.read()
                with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                    f.write(text.replace('name="Detachment"', 'name="Patrol"'))
            result = subprocess.run([sys.executable, RUNNER, ADAPTER, tmp], stdout=subprocess.PIPE,
                                    text=True, timeout=60)
        self.assertEqual(result.returncode, 1)
        self.assertIn('FAIL files-export [roster/files] step 2 (exported): expectedFile line 2: '
                      'expected "  <force id=\\"${{ steps.add-force.forceId }}\\" '
                      'name=\\"Patrol\\"/>", got "  <force id=\\"force-1\\" '
                      'name=\\"Detachment\\"/>"', result.stdout)

    def test_no_spec_folder_skips(self):
        result = subprocess.run([sys.executable, RUNNER, ADAPTER, ""], stdout=subprocess.PIPE,
                                text=True, timeout=60)
        self.assertEqual(result.returncode, 77)


if __name__ == "__main__":
    unittest.main(verbosity=2)
