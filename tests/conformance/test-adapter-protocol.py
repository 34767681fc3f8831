#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""muster-cli battlescribe-adapter over a pipe: the protocol's envelope.

    test-adapter-protocol.py MUSTER_CLI

What a spec cannot show: the describe answer, corrId echoed, an answer (an error)
to every line that is not a command it knows, and a setup that fails naming why.
"""

import json
import subprocess
import sys
import unittest

CLI = sys.argv.pop(1) if len(sys.argv) > 1 else "muster-cli"

GAME_SYSTEM = {"id": "gs-p", "name": "Protocol", "costTypes": [{"id": "pts", "name": "pts"}],
               "forceEntries": [{"id": "fe-1", "name": "Patrol"}]}
CATALOGUE = {"id": "cat-p", "name": "Protocol Catalogue", "gameSystemId": "gs-p",
             "selectionEntries": [{"id": "se-1", "name": "Unit", "type": "unit",
                                   "costs": [{"name": "pts", "typeId": "pts", "value": 15}]}]}


def talk(*lines):
    """Every line sent at once; the answers, one a line."""
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n"
                   for line in lines)
    result = subprocess.run([CLI, "battlescribe-adapter"], input=text, stdout=subprocess.PIPE,
                            text=True, timeout=60, check=True)
    return [json.loads(line) for line in result.stdout.splitlines()]


class ProtocolTest(unittest.TestCase):
    def test_describe(self):
        (answer,) = talk({"type": "describe", "corrId": 1})
        self.assertEqual(answer["type"], "describeResult")
        self.assertEqual(answer["name"], "muster")
        self.assertEqual(answer["protocolVersion"], "1.1")
        self.assertEqual(answer["domains"], ["roster"])
        self.assertTrue(answer["version"].endswith("+newrecruit"))
        self.assertEqual(answer["corrId"], 1)

    def test_every_line_answered(self):
        answers = talk("not json", "[1, 2]", {"type": "fly", "corrId": 7},
                       {"type": "getState", "corrId": 8},
                       {"type": "action", "action": "addForce", "forceEntryId": "fe-1"},
                       {"type": "gamedataSetup", "corrId": 9})
        self.assertEqual([a["type"] for a in answers],
                         ["error", "error", "error", "error", "actionResult", "error"])
        self.assertEqual(answers[2]["corrId"], 7)
        self.assertEqual(answers[3]["message"], "no setup yet")
        self.assertFalse(answers[4]["ok"])
        self.assertIn("not supported", answers[5]["message"])

    def test_session(self):
        with subprocess.Popen([CLI, "battlescribe-adapter"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True) as adapter:
            def send(command):
                adapter.stdin.write(json.dumps(command) + "\n")
                adapter.stdin.flush()
                return json.loads(adapter.stdout.readline())

            self.assertEqual(send({"type": "setup", "specId": "protocol-session",
                                   "gameSystem": GAME_SYSTEM, "catalogues": [CATALOGUE],
                                   "corrId": 1}),
                             {"type": "setupResult", "errors": [], "corrId": 1})
            answer = send({"type": "action", "action": "addForce", "forceEntryId": "fe-1",
                           "catalogueId": "cat-p"})
            self.assertTrue(answer["ok"], answer)
            force_id = answer["outputs"]["forceId"]
            answer = send({"type": "action", "action": "selectEntry", "forceId": force_id,
                           "entryId": "se-1"})
            self.assertTrue(answer["ok"], answer)
            self.assertIn("selectionId", answer["outputs"])
            self.assertEqual(send({"type": "action", "action": "selectEntry",
                                   "forceId": "no-such-force", "entryId": "se-1"}),
                             {"type": "actionResult", "ok": False,
                              "error": "no force with id “no-such-force”"})
            state = send({"type": "getState"})
            self.assertEqual(state["type"], "state")
            self.assertEqual(state["name"], "protocol-session")
            self.assertEqual(state["gameSystemId"], "gs-p")
            self.assertEqual(state["forces"][0]["selections"][0]["name"], "Unit")
            self.assertEqual([(c["typeId"], c["value"]) for c in state["costs"]],
                             [("pts", 15)])
            self.assertEqual(send({"type": "teardown"})["type"], "teardownResult")
            self.assertEqual(send({"type": "getState"})["type"], "error")
            adapter.stdin.close()
            self.assertEqual(adapter.wait(timeout=60), 0)

    def test_setup_that_fails(self):
        bad = dict(CATALOGUE, selectionEntries=[{"id": "se-1"}, "se-2"])
        (answer,) = talk({"type": "setup", "gameSystem": GAME_SYSTEM, "catalogues": [bad]})
        self.assertEqual(answer["type"], "setupResult")
        self.assertEqual(answer["errors"],
                         ["catalogue “cat-p”: selectionEntries[1]: not an object"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
