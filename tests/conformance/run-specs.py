#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Run the BattleScribe conformance specs against an adapter.

    run-specs.py "ADAPTER COMMAND" SPECS_DIR [--data-root DIR]
                 [--expected-failures FILE] [--json REPORT] [--filter SUBSTRING]
                 [--timeout SECONDS]

Every *.yaml below SPECS_DIR is one spec. Each spec gets a fresh adapter process
(the command is split with shlex) spoken to in the suite's NDJSON protocol; its
expectations are judged as New Recruit's, the engine Muster follows, wherever a
spec tells the engines apart. Roster specs decide the exit status; game-data
specs (a catalogue editor, which Muster does not have) are run and reported
apart. The last line is always "N passed, N failed, N skipped" over the roster
specs. An empty SPECS_DIR exits 77, which meson counts as a skip.

Python 3 and python3-yaml only: it runs on a bare Debian 12.
"""

import argparse
import json
import os
import queue
import re
import shlex
import subprocess
import sys
import tempfile
import threading

import yaml

# The engine whose expectations we meet, and what the spec format calls it.
ENGINE = "newrecruit"

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class SpecFailure(Exception):
    """The first difference of a spec: where, what was expected, what came."""


class SpecSkip(Exception):
    pass


class AdapterError(Exception):
    """The adapter died, hung or answered something that is not protocol."""


# ---------------------------------------------------------------------------
# The adapter process


class Adapter:
    def __init__(self, command, timeout):
        self.timeout = timeout
        self.hung = False
        self.corr = 0
        self.stderr = tempfile.TemporaryFile()
        try:
            self.proc = subprocess.Popen(
                shlex.split(command), stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=self.stderr)
        except OSError as e:
            raise AdapterError(f"cannot start adapter: {e}")
        self.lines = queue.Queue()
        # A reader thread, so that a hung adapter costs one timeout, not the run.
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def stderr_tail(self):
        self.stderr.seek(0)
        text = self.stderr.read().decode("utf-8", "replace").strip()
        return text[-600:]

    def send(self, command):
        self.corr += 1
        command = dict(command, corrId=self.corr)
        data = json.dumps(command, default=str, ensure_ascii=False) + "\n"
        what = command.get("action") or command["type"]
        try:
            self.proc.stdin.write(data.encode("utf-8"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise AdapterError(self._death(what))
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                self.hung = True
                raise AdapterError(f"no answer to {what} within {self.timeout:g} s")
            if line is None:
                raise AdapterError(self._death(what))
            try:
                response = json.loads(line)
            except ValueError:
                raise AdapterError(f"not JSON in answer to {what}: {line[:200]!r}")
            if not isinstance(response, dict):
                raise AdapterError(f"not a JSON object in answer to {what}")
            # A late answer to a command that already timed out is dropped.
            if "corrId" in response and response["corrId"] != self.corr:
                continue
            return response

    def _death(self, what):
        try:
            status = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        tail = self.stderr_tail()
        return (f"adapter exited (status {status}) during {what}"
                + (f"; stderr: {tail}" if tail else ""))

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=0 if self.hung else 5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.stderr.close()


# ---------------------------------------------------------------------------
# ${{ steps.ID.field }} expressions


class Outputs:
    def __init__(self):
        self.steps = {}

    def store(self, step_id, outputs):
        self.steps[step_id] = outputs or {}

    def lookup(self, expr):
        parts = expr.split(".", 2)
        if len(parts) != 3 or parts[0] != "steps":
            raise SpecFailure(f"unknown expression ${{{{ {expr} }}}}")
        if parts[1] not in self.steps:
            raise SpecFailure(f"${{{{ {expr} }}}}: no step '{parts[1]}' has run")
        value = self.steps[parts[1]]
        rest = parts[2]
        # Entry ids may hold dots: try the longest key first.
        while rest:
            if not isinstance(value, dict):
                value = None
                break
            if rest in value:
                value, rest = value[rest], ""
                break
            head, _, tail = rest.partition(".")
            value, rest = value.get(head), tail
        if value is None or isinstance(value, (dict, list)):
            raise SpecFailure(f"${{{{ {expr} }}}}: step '{parts[1]}' gave no such output")
        return str(value)

    def resolve(self, value):
        if isinstance(value, str):
            return EXPR.sub(lambda m: self.lookup(m.group(1)), value)
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        if isinstance(value, dict):
            return {k: self.resolve(v) for k, v in value.items()}
        return value

    def template(self, text):
        """A snapshot with ${{ }} tokens as a regular expression."""
        out, pos = [], 0
        for m in EXPR.finditer(text):
            out.append(re.escape(text[pos:m.start()]))
            inner = m.group(1)
            wild = re.fullmatch(r"match\('([^']*)'\)", inner)
            out.append(f"(?:{wild.group(1)})" if wild else re.escape(self.lookup(inner)))
            pos = m.end()
        out.append(re.escape(text[pos:]))
        return "".join(out)


# ---------------------------------------------------------------------------
# Matching: the rules of the suite's own runner (docs/adapter-guide.md,
# docs/error-assertions.md). Lists of forces and selections are ordered and
# exact; costs are an exact set keyed by typeId (else name); profiles, rules,
# categories and publications are found by their key and may not be outnumbered;
# characteristics are found by name; "hidden" defaults to false.


def show(value):
    return json.dumps(value, ensure_ascii=False)


def equal(path, expected, got):
    if isinstance(expected, bool) or isinstance(got, bool):
        same = expected is got or expected == got and type(expected) is type(got)
    elif isinstance(expected, (int, float)) and isinstance(got, (int, float)):
        same = expected == got
    else:
        same = expected == got
    if not same:
        raise SpecFailure(f"{path}: expected {show(expected)}, got {show(got)}")


def check_fields(path, expected, actual, fields, default=""):
    for field in fields:
        if field in expected and expected[field] is not None:
            equal(f"{path}.{field}", expected[field], actual.get(field, default))


def check_costs(path, expected, actual):
    actual = actual or []
    for cost in expected:
        if cost.get("typeId"):
            key, found = cost["typeId"], [c for c in actual if c.get("typeId") == cost["typeId"]]
        elif cost.get("name"):
            key, found = cost["name"], [c for c in actual if c.get("name") == cost["name"]]
        else:
            raise SpecFailure(f"{path}: a cost assertion with neither typeId nor name")
        if not found:
            raise SpecFailure(f"{path}[{key}]: expected {show(cost)}, got no such cost "
                              f"(have {show(actual)})")
        if "value" in cost:
            equal(f"{path}[{key}].value", cost["value"], found[0].get("value"))
        if "hidden" in cost:
            equal(f"{path}[{key}].hidden", cost["hidden"], found[0].get("hidden", False))
    if len(actual) > len(expected):
        raise SpecFailure(f"{path}: expected {len(expected)} cost(s), got {len(actual)}: "
                          f"{show(actual)}")


def check_count(path, expected, actual, what):
    if len(actual) > len(expected):
        raise SpecFailure(f"{path}: expected {len(expected)} {what}, got {len(actual)}: "
                          f"{show([a.get('name') for a in actual])}")


def find_keyed(path, what, index, item, actual, keys):
    """The actual item with the first key the expected one gives (else the
    one at its index); any further key it gives must match too."""
    given = [key for key in keys if item.get(key) is not None]
    if given:
        key = given[0]
        found = [candidate for candidate in actual if candidate.get(key) == item[key]]
        if not found:
            raise SpecFailure(f"{path}.{what}[{item[key]}]: expected one with {key} "
                              f"{show(item[key])}, got {show([a.get(key) for a in actual])}")
        where = f"{path}.{what}[{item[key]}]"
        for other in given[1:]:
            equal(f"{where}.{other}", item[other], found[0].get(other))
        return where, found[0]
    if index < len(actual):
        return f"{path}.{what}[{index}]", actual[index]
    raise SpecFailure(f"{path}.{what}[{index}]: expected {show(item)}, got only "
                      f"{len(actual)}")


def check_profiles(path, expected, actual):
    actual = actual or []
    for i, profile in enumerate(expected):
        where, got = find_keyed(path, "profile", i, profile, actual, ["name"])
        check_fields(where, profile, got, ["typeName", "typeId", "page", "publicationId"])
        equal(f"{where}.hidden", profile.get("hidden", False), got.get("hidden", False))
        for ch in profile.get("characteristics") or []:
            found = [c for c in got.get("characteristics") or [] if c.get("name") == ch.get("name")]
            if not found:
                raise SpecFailure(f"{where}.characteristic[{ch.get('name')}]: expected "
                                  f"{show(ch)}, got none of that name")
            check_fields(f"{where}.characteristic[{ch.get('name')}]", ch, found[0],
                         ["value", "typeId"])
    check_count(path, expected, actual, "profiles")


def check_rules(path, expected, actual):
    actual = actual or []
    for i, rule in enumerate(expected):
        where, got = find_keyed(path, "rule", i, rule, actual, ["name"])
        check_fields(where, rule, got, ["description", "page", "publicationId"])
        equal(f"{where}.hidden", rule.get("hidden", False), got.get("hidden", False))
    check_count(path, expected, actual, "rules")


def check_categories(path, expected, actual):
    actual = actual or []
    for i, cat in enumerate(expected):
        where, got = find_keyed(path, "category", i, cat, actual, ["entryId", "name"])
        check_fields(where, cat, got, ["primary", "publicationId", "page", "customName",
                                       "customNotes"])
        check_lists(where, cat, got, ["profiles", "rules"])
    check_count(path, expected, actual, "categories")


def check_publications(path, expected, actual):
    actual = actual or []
    for i, pub in enumerate(expected):
        find_keyed(path, "publication", i, pub, actual, ["id", "name"])
    check_count(path, expected, actual, "publications")


# A count in a spec is the length of one of the actual lists.
COUNTS = {"selectionCount": "selections", "childForceCount": "childForces",
          "categoryCount": "categories", "childCount": "children"}


def check_counts(where, expected, got):
    for key, listed in COUNTS.items():
        if expected.get(key) is not None:
            equal(f"{where}.{key}", expected[key], len(got.get(listed) or []))


def check_lists(where, expected, got, keys):
    for key in keys:
        if expected.get(key) is not None:
            LISTS[key](where, expected[key], got.get(key))


def nth(where, what, index, item, actual):
    if index >= len(actual):
        raise SpecFailure(f"{where}: expected {show(item.get('name', item))}, got only "
                          f"{len(actual)} {what}(s)")
    return actual[index]


def check_selections(path, expected, actual):
    actual = actual or []
    for i, sel in enumerate(expected):
        where = f"{path}.selection[{i}]"
        got = nth(where, "selection", i, sel, actual)
        check_fields(where, sel, got, ["name", "type", "number", "entryId", "page",
                                       "publicationId", "publicationName", "entryGroupId",
                                       "customName", "customNotes"])
        equal(f"{where}.hidden", sel.get("hidden", False), got.get("hidden", False))
        if sel.get("costs") is not None:
            check_costs(f"{where}.costs", sel["costs"], got.get("costs"))
        check_lists(where, sel, got, ["profiles", "rules", "categories"])
        if sel.get("children") is not None:
            check_selections(where, sel["children"], got.get("children"))
        check_counts(where, sel, got)
    if len(actual) > len(expected):
        raise SpecFailure(f"{path}: expected {len(expected)} selection(s), got {len(actual)}: "
                          f"{show([a.get('name') for a in actual])}")


def check_forces(path, what, expected, actual):
    actual = actual or []
    for i, force in enumerate(expected):
        where = f"{path}{what}[{i}]"
        got = nth(where, "force", i, force, actual)
        check_fields(where, force, got, ["name", "entryId", "publicationId", "page",
                                         "catalogueName", "catalogueId", "customName",
                                         "customNotes"])
        check_counts(where, force, got)
        # Only where the adapter says how many entries it offers.
        if force.get("availableEntryCount") is not None and \
           got.get("availableEntryCount") is not None:
            equal(f"{where}.availableEntryCount", force["availableEntryCount"],
                  got["availableEntryCount"])
        equal(f"{where}.hidden", force.get("hidden", False), got.get("hidden", False))
        if force.get("childForces") is not None:
            check_forces(where, ".childForce", force["childForces"], got.get("childForces"))
        if force.get("selections") is not None:
            check_selections(where, force["selections"], got.get("selections"))
        check_lists(where, force, got, ["profiles", "rules", "categories", "publications"])
    if len(actual) > len(expected):
        raise SpecFailure(f"{path or 'forces'}: expected {len(expected)} force(s), got "
                          f"{len(actual)}")


LISTS = {"profiles": check_profiles, "rules": check_rules, "categories": check_categories,
         "publications": check_publications}


def format_error(e):
    on = e.get("ownerType") or "?"
    if e.get("ownerEntryId"):
        on += " " + e["ownerEntryId"]
    return f"{on} <- {e.get('entryId')}/{e.get('constraintId')}: {e.get('message')}"


def match_errors(assertions, actual, exact, outputs):
    used = set()
    for a in assertions:
        on = str(a.get("on", "")).strip()
        kind, _, node = on.partition(" ")
        node = node.strip()
        entry, _, constraint = str(a.get("from", "")).partition("/")
        by_node = "${{" in node
        if by_node:
            node = outputs.resolve(node)
        hit = None
        for i, e in enumerate(actual):
            if i in used or e.get("ownerType") != kind:
                continue
            if node and e.get("ownerId" if by_node else "ownerEntryId") != node:
                continue
            if e.get("entryId") != entry or e.get("constraintId") != constraint:
                continue
            contains = a.get("messageContains")
            if contains is not None and contains.lower() not in (e.get("message") or "").lower():
                continue
            hit = i
            break
        if hit is None:
            raise SpecFailure(f"errors: expected [on: {on}, from: {a.get('from')}] "
                              f"got {show([format_error(e) for e in actual])}")
        used.add(hit)
    if exact and len(actual) != len(assertions):
        extra = [format_error(e) for i, e in enumerate(actual) if i not in used]
        raise SpecFailure(f"errors: expected {len(assertions)} error(s), got {len(actual)}; "
                          f"unexpected {show(extra)}")


def for_engine(expected):
    """The expectation New Recruit is held to: its override's fields replace the base."""
    overrides = (expected.get("engines") or {}).get(ENGINE) or {}
    merged = {k: v for k, v in expected.items() if k != "engines"}
    merged.update({k: v for k, v in overrides.items() if v is not None and k != "engines"})
    return merged


def normalise_keys(value):
    """PyYAML reads the key `on:` as the boolean True (YAML 1.1)."""
    if isinstance(value, dict):
        return {("on" if k is True else k): normalise_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise_keys(v) for v in value]
    return value


# ---------------------------------------------------------------------------
# Running one spec


def setup_defaults(spec):
    """What the suite's runner fills in where a spec leaves it out: the game system's
    id and name are the spec's id, a catalogue's game system is that one and its name
    the spec's id (numbered when there are several)."""
    game_system = dict(spec["setup"].get("gameSystem") or {})
    catalogues = [dict(c) for c in spec["setup"].get("catalogues") or []]
    game_system["id"] = game_system.get("id") or spec["id"]
    game_system["name"] = game_system.get("name") or spec["id"]
    for number, catalogue in enumerate(catalogues, 1):
        catalogue["gameSystemId"] = catalogue.get("gameSystemId") or game_system["id"]
        if not catalogue.get("name"):
            catalogue["name"] = f"{spec['id']}-{number}" if len(catalogues) > 1 else spec["id"]
    return game_system, catalogues


def expect(response, kind, what):
    if response.get("type") != kind:
        raise SpecFailure(f"{what}: expected a {kind} response, got {show(response)[:300]}")
    return response


def applies(names):
    return ENGINE in (names or [])


class Run:
    def __init__(self, args):
        self.args = args

    def data_files(self, source):
        # github:BSData/wh40k-10e@v10.6.0 -> DATA_ROOT/wh40k-10e
        m = re.match(r"^(?:github:)?[^/]+/([^@]+)", source)
        if not m or not self.args.data_root:
            raise SpecSkip(f"data source {source} needs --data-root")
        folder = os.path.join(self.args.data_root, m.group(1).lower())
        if not os.path.isdir(folder):
            raise SpecSkip(f"data source {source}: no folder {folder}")
        files = []
        for name in sorted(os.listdir(folder)):
            if name.endswith((".gst", ".cat")):
                with open(os.path.join(folder, name), encoding="utf-8-sig") as f:
                    files.append({"fileName": name, "content": f.read()})
        if not files:
            raise SpecSkip(f"data source {source}: no .gst/.cat in {folder}")
        return files

    def roster(self, spec, adapter, path):
        outputs = Outputs()
        setup = spec["setup"]
        data_source = bool(setup.get("dataSource"))
        catalogue_ids = []
        if data_source:
            files = self.data_files(setup["dataSource"])
            response = adapter.send({"type": "setupFromFiles", "specId": spec["id"],
                                     "files": files})
        else:
            game_system, catalogues = setup_defaults(spec)
            catalogue_ids = [c.get("id") for c in catalogues]
            response = adapter.send({"type": "setup", "version": "1.0", "specId": spec["id"],
                                     "gameSystem": game_system, "catalogues": catalogues})
        expect(response, "setupResult", "setup")
        if response.get("errors"):
            raise SpecFailure(f"setup: expected no errors, got {show(response['errors'])}")

        for index, step in enumerate(spec["steps"]):
            label = f"step {index + 1}" + (f" ({step['id']})" if step.get("id") else "")
            if applies(step.get("skipEngines")):
                if step.get("action") and step.get("id"):
                    outputs.store(step["id"], {})
                continue
            try:
                if step.get("action"):
                    self.action(step, adapter, outputs, catalogue_ids)
                elif step.get("expectedState") is not None:
                    self.state(step["expectedState"], adapter, outputs, data_source)
                elif step.get("expectedFile") is not None:
                    self.file(spec, step, adapter, outputs, path)
            except SpecFailure as e:
                raise SpecFailure(f"{label}: {e}")
            except AdapterError as e:
                raise AdapterError(f"{label}: {e}")

    def action(self, step, adapter, outputs, catalogue_ids):
        action = step["action"]
        if action == "dump":
            return
        step = dict(step)
        step.update((step.get("engines") or {}).get(ENGINE) or {})
        command = {"type": "action", "action": action}
        for field in ("forceEntryId", "entryId", "catalogueId", "forceId", "selectionId",
                      "costTypeId", "count", "value", "customName", "customNotes",
                      "categoryEntryId"):
            if step.get(field) is not None:
                command[field] = outputs.resolve(step[field])
        if action == "loadRoster":
            command["xml"] = outputs.resolve(step.get("content") or "")
        if action in ("addForce", "addChildForce") and "catalogueId" not in command:
            if len(catalogue_ids) == 1:
                command["catalogueId"] = catalogue_ids[0]
            elif catalogue_ids:
                raise SpecFailure(f"{action}: the spec names no catalogueId among "
                                  f"{len(catalogue_ids)} catalogues")
        response = expect(adapter.send(command), "actionResult", action)
        if not response.get("ok"):
            raise SpecFailure(f"{action}: expected ok, got error {show(response.get('error'))}")
        if step.get("id"):
            outputs.store(step["id"], response.get("outputs") or {})

    def state(self, expected, adapter, outputs, data_source):
        e = for_engine(expected)
        state = expect(adapter.send({"type": "getState"}), "state", "getState")
        forces = state.get("forces") or []
        if e.get("forceCount") is not None:
            equal("forceCount", e["forceCount"], len(forces))
        if e.get("costCount") is not None:
            equal("costCount", e["costCount"], len(state.get("costs") or []))
        if e.get("costs") is not None:
            check_costs("costs", e["costs"], state.get("costs"))
        if e.get("costLimitCount") is not None:
            equal("costLimitCount", e["costLimitCount"], len(state.get("costLimits") or []))
        if e.get("costLimits") is not None:
            check_costs("costLimits", e["costLimits"], state.get("costLimits"))
        check_fields("", e, state, ["gameSystemName", "gameSystemId", "name"])
        if e.get("forces") is not None:
            check_forces("", "force", e["forces"], forces)
        if e.get("selectionCount") is not None:
            equal("selectionCount", e["selectionCount"],
                  sum(len(f.get("selections") or []) for f in forces))
        kinds = [k for k in ("errors", "errorsContain", "errorCount") if e.get(k) is not None]
        if len(kinds) > 1:
            raise SpecFailure(f"the spec combines {' and '.join(kinds)}")
        if not kinds and data_source:
            return
        errors = expect(adapter.send({"type": "getErrors"}), "errors", "getErrors")
        errors = errors.get("errors") or []
        if e.get("errors") is not None:
            match_errors(e["errors"], errors, True, outputs)
        elif e.get("errorsContain") is not None:
            match_errors(e["errorsContain"], errors, False, outputs)
        elif e.get("errorCount") is not None:
            if len(errors) != e["errorCount"]:
                raise SpecFailure(f"errorCount: expected {e['errorCount']}, got {len(errors)}: "
                                  f"{show([format_error(x) for x in errors])}")
        elif errors:
            raise SpecFailure(f"errors: expected none, got {show([format_error(x) for x in errors])}")

    def snapshot(self, spec, step, path, ext):
        stem = os.path.join(os.path.dirname(path), f"{spec['id']}.{step['id']}")
        for candidate in (f"{stem}.{ENGINE}.{ext}", f"{stem}.{ext}"):
            if os.path.exists(candidate):
                with open(candidate, encoding="utf-8") as f:
                    return f.read()
        raise SpecFailure(f"expectedFile: no snapshot {stem}.{ext}")

    def file(self, spec, step, adapter, outputs, path):
        response = adapter.send({"type": "exportRosterXml"})
        expect(response, "rosterXmlResult", "exportRosterXml")
        expected = step["expectedFile"].get("content")
        if expected is None:
            expected = self.snapshot(spec, step, path, "ros")
        compare_file(expected, response.get("xml") or "", outputs)

    # -- game data (the catalogue editor) ------------------------------------

    def gamedata(self, spec, adapter, path):
        outputs = Outputs()
        setup = spec["setup"]
        response = adapter.send({"type": "gamedataSetup", "specId": spec["id"],
                                 "gameSystem": setup.get("gameSystem") or {},
                                 "catalogues": setup.get("catalogues") or []})
        expect(response, "setupResult", "gamedataSetup")
        if response.get("errors"):
            raise SpecFailure(f"gamedataSetup: expected no errors, got {show(response['errors'])}")
        if setup.get("edit"):
            self.gamedata_action(adapter, {"action": "openFile", "id": setup["edit"]})
        for index, step in enumerate(spec["steps"]):
            label = f"step {index + 1}" + (f" ({step['id']})" if step.get("id") else "")
            if applies(step.get("skipEngines")):
                continue
            try:
                if step.get("action"):
                    self.gamedata_step(step, adapter, outputs)
                elif step.get("expectedState") is not None:
                    e = for_engine(step["expectedState"])
                    state = expect(adapter.send({"type": "gamedataGetState"}), "gamedataState",
                                   "gamedataGetState").get("state") or {}
                    errors = None
                    if "errors" in e:
                        errors = expect(adapter.send({"type": "gamedataGetErrors"}), "errors",
                                        "gamedataGetErrors").get("errors") or []
                    for key, value in e.items():
                        if key == "errors":
                            partial(key, value, errors)
                        else:
                            partial(key, value, state.get(key))
                elif step.get("expectedFile") is not None:
                    response = self.gamedata_action(adapter, {"action": "exportFile"})
                    xml = response.get("xml") or ""
                    expected = step["expectedFile"].get("content")
                    if expected is None:
                        ext = "gst" if re.search(r"<gameSystem\b", xml) else "cat"
                        expected = self.snapshot(spec, step, path, ext)
                    compare_file(expected, xml, outputs)
            except SpecFailure as e:
                raise SpecFailure(f"{label}: {e}")

    def gamedata_action(self, adapter, command):
        response = adapter.send(dict(command, type="gamedataAction"))
        expect(response, "gamedataActionResult", command["action"])
        if not response.get("ok"):
            raise SpecFailure(f"{command['action']}: expected ok, got error "
                              f"{show(response.get('error'))}")
        return response

    def gamedata_step(self, step, adapter, outputs):
        step = outputs.resolve({k: v for k, v in step.items() if k != "expectedState"})
        action = step["action"]
        if action == "setFields":
            for field, value in (step.get("fields") or {}).items():
                self.gamedata_action(adapter, {"action": "setField", "entryId": step["entryId"],
                                               "field": field, "value": value})
            for cost in step.get("costs") or []:
                self.gamedata_action(adapter, {"action": "setCost", "entryId": step["entryId"],
                                               "costTypeId": cost.get("typeId"),
                                               "value": cost.get("value")})
            for ch in step.get("characteristics") or []:
                self.gamedata_action(adapter, {"action": "setCharacteristic",
                                               "entryId": step["entryId"],
                                               "nameOrTypeId": ch.get("name") or ch.get("typeId"),
                                               "value": ch.get("value")})
            return
        command = {k: v for k, v in step.items() if k not in ("engines", "skipEngines")}
        if action == "openFile" and step.get("content") is not None:
            command = {"action": "loadFile", "xml": step["content"]}
        response = self.gamedata_action(adapter, command)
        if step.get("id"):
            outputs.store(step["id"], {"entryId": response.get("entryId"),
                                       "id": response.get("id")})


def partial(path, expected, actual):
    """Game-data state: objects match partially, lists element by element."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            raise SpecFailure(f"{path}: expected an object, got {show(actual)[:200]}")
        for key, value in expected.items():
            partial(f"{path}.{key}", value, actual.get(key))
    elif isinstance(expected, list):
        actual = actual or []
        for i, value in enumerate(expected):
            if i >= len(actual):
                raise SpecFailure(f"{path}[{i}]: expected {show(value)[:200]}, got only "
                                  f"{len(actual)}")
            partial(f"{path}[{i}]", value, actual[i])
        if len(actual) > len(expected):
            raise SpecFailure(f"{path}: expected {len(expected)} item(s), got {len(actual)}")
    else:
        equal(path, expected, actual)


def compare_file(expected, got, outputs):
    expected = expected.replace("\r\n", "\n")
    got = got.replace("\r\n", "\n")
    exp_lines, got_lines = expected.split("\n"), got.split("\n")
    for number, line in enumerate(exp_lines):
        other = got_lines[number] if number < len(got_lines) else None
        if other is None or not re.fullmatch(outputs.template(line), other):
            raise SpecFailure(f"expectedFile line {number + 1}: expected {show(line)}, "
                              f"got {show(other)}")
    if len(got_lines) > len(exp_lines):
        raise SpecFailure(f"expectedFile line {len(exp_lines) + 1}: expected the end, got "
                          f"{show(got_lines[len(exp_lines)])}")


# ---------------------------------------------------------------------------


def load_specs(root, only):
    specs, problems = [], []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith((".yaml", ".yml")):
                continue
            path = os.path.join(folder, name)
            try:
                with open(path, encoding="utf-8") as f:
                    spec = normalise_keys(yaml.safe_load(f))
                if not isinstance(spec, dict) or "id" not in spec or "steps" not in spec:
                    raise ValueError("not a spec: no id or steps")
            except (OSError, ValueError, yaml.YAMLError) as e:
                problems.append(f"{path}: {e}")
                continue
            spec.setdefault("category", os.path.basename(folder))
            spec.setdefault("setup", {})
            gamedata = "edit" in spec["setup"] or f"{os.sep}gamedata{os.sep}" in path
            if only and only not in spec["category"]:
                continue
            specs.append((path, "gamedata" if gamedata else "roster", spec))
    specs.sort(key=lambda s: (s[1] != "roster", s[2]["category"], s[2]["id"]))
    return specs, problems


def read_expected_failures(path):
    listed = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            spec_id, _, reason = line.partition("#")
            spec_id = spec_id.strip()
            if spec_id:
                listed[spec_id] = reason.strip() or f"(no reason given, line {number})"
    return listed


def run_one(runner, args, path, domain, spec):
    engines = spec.get("engines") or {}
    if engines.get(ENGINE) == "skip":
        return "skip", f"the spec skips {ENGINE}"
    adapter = None
    try:
        if domain == "roster" and spec["setup"].get("dataSource"):
            runner.data_files(spec["setup"]["dataSource"])   # skip early, before a process
        adapter = Adapter(args.adapter, args.timeout)
        adapter.send({"type": "describe"})   # protocol 1.0 adapters answer an error: fine
        if domain == "roster":
            runner.roster(spec, adapter, path)
        else:
            runner.gamedata(spec, adapter, path)
        try:
            adapter.send({"type": "teardown"})
        except AdapterError as e:
            return "fail", f"teardown: {e}"
        return "pass", ""
    except SpecSkip as e:
        return "skip", str(e)
    except (SpecFailure, AdapterError) as e:
        return "fail", str(e)
    finally:
        if adapter:
            adapter.close()


def table(title, rows):
    print(f"\n{title}")
    print(f"  {'category':<16} {'passed':>6} {'failed':>6} {'skipped':>7}")
    totals = [0, 0, 0]
    for category in sorted(rows):
        counts = rows[category]
        totals = [a + b for a, b in zip(totals, counts)]
        print(f"  {category:<16} {counts[0]:>6} {counts[1]:>6} {counts[2]:>7}")
    print(f"  {'total':<16} {totals[0]:>6} {totals[1]:>6} {totals[2]:>7}")
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("adapter", help="the adapter's command line, split with shlex")
    parser.add_argument("specs", help="a folder searched for *.yaml specs ('' skips)")
    parser.add_argument("--data-root", help="folder of BSData sets (wh40k-10e, boltaction, ...)")
    parser.add_argument("--expected-failures", metavar="FILE",
                        help="spec ids (one a line, '# reason') that may fail")
    parser.add_argument("--json", metavar="REPORT", help="write every result here")
    parser.add_argument("--filter", metavar="SUBSTRING", help="only categories containing it")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds to wait for each answer (default 60)")
    args = parser.parse_args()

    if not args.specs:
        # meson passes -Dbattlescribe_spec as it is: empty means not given.
        print("run-specs: no spec folder given (meson -Dbattlescribe_spec=PATH); skipped")
        return 77
    if not os.path.isdir(args.specs):
        print(f"run-specs: {args.specs}: no such folder", file=sys.stderr)
        return 2
    listed = {}
    if args.expected_failures:
        try:
            listed = read_expected_failures(args.expected_failures)
        except OSError as e:
            print(f"run-specs: {e}", file=sys.stderr)
            return 2

    specs, problems = load_specs(args.specs, args.filter)
    for problem in problems:
        print(f"unreadable spec: {problem}")
    runner = Run(args)
    results = []
    rows = {"roster": {}, "gamedata": {}}
    for path, domain, spec in specs:
        status, detail = run_one(runner, args, path, domain, spec)
        results.append({"id": spec["id"], "category": spec["category"], "domain": domain,
                        "file": path, "status": status, "detail": detail,
                        "expectedFailure": spec["id"] in listed})
        counts = rows[domain].setdefault(spec["category"], [0, 0, 0])
        counts[("pass", "fail", "skip").index(status)] += 1
        if status == "fail":
            mark = " (expected)" if spec["id"] in listed else ""
            print(f"FAIL{mark} {spec['id']} [{domain}/{spec['category']}] {detail}")
        elif status == "skip":
            print(f"SKIP {spec['id']} [{domain}/{spec['category']}] {detail}")
        sys.stdout.flush()

    if rows["gamedata"]:
        totals = table("game data (a catalogue editor, not judged):", rows["gamedata"])
        print(f"  game data: {totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")
    totals = table("roster:", rows["roster"])

    roster = [r for r in results if r["domain"] == "roster"]
    unexpected = [r for r in roster if r["status"] == "fail" and not r["expectedFailure"]]
    fixed = [r for r in roster if r["status"] == "pass" and r["expectedFailure"]]
    seen = {r["id"] for r in results}
    for r in fixed:
        print(f"now passing, remove from the list: {r['id']}")
    if args.expected_failures and not args.filter:
        for spec_id in sorted(set(listed) - seen):
            print(f"listed but no such spec: {spec_id}")
    for r in unexpected:
        print(f"unexpected failure: {r['id']}")

    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"engine": ENGINE, "adapter": args.adapter, "specs": results,
                       "passed": totals[0], "failed": totals[1], "skipped": totals[2]},
                      f, indent=1)
    print(f"{totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")
    return 1 if unexpected or problems else 0


if __name__ == "__main__":
    sys.exit(main())
