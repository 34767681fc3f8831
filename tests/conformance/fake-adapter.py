#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A tiny adapter for testing run-specs.py itself, not an engine.

It speaks the suite's NDJSON protocol over flat catalogues: forces, selections
with their children and counts, costs summed per cost type, one kind of error,
a roster over its cost limit, and a roster export of its forces. The entry "se-crash" makes it exit and
"se-hang" makes it stop answering, so that the runner's handling of a broken
adapter is tested too.
"""

import json
import sys
import time


class Roster:
    def __init__(self, game_system, catalogues):
        self.game_system = game_system
        self.cost_types = {c["id"]: c["name"] for c in game_system.get("costTypes") or []}
        self.limits = {c["id"]: c["defaultCostLimit"]
                       for c in game_system.get("costTypes") or []
                       if c.get("defaultCostLimit", -1) >= 0}
        self.force_entries = {f["id"]: f for f in game_system.get("forceEntries") or []}
        self.entries = {}
        for catalogue in catalogues:
            self.index(catalogue.get("selectionEntries") or [])
        self.forces = []
        self.next_id = 0

    def index(self, entries):
        for entry in entries:
            self.entries[entry["id"]] = entry
            self.index(entry.get("selectionEntries") or [])

    def mint(self, prefix):
        self.next_id += 1
        return f"{prefix}-{self.next_id}"

    def force(self, force_id):
        for force in self.forces:
            if force["id"] == force_id:
                return force
        raise KeyError(f"no force {force_id}")

    def selection(self, selections, selection_id):
        for sel in selections:
            if sel["id"] == selection_id:
                return sel
            found = self.selection(sel["children"], selection_id)
            if found:
                return found
        return None

    def new_selection(self, entry_id):
        if entry_id == "se-crash":
            sys.exit(3)
        if entry_id == "se-hang":
            time.sleep(3600)
        entry = self.entries[entry_id]
        return {"id": self.mint("sel"), "entryId": entry_id, "name": entry["name"],
                "type": entry.get("type", "upgrade"), "number": 1, "hidden": False,
                "children": []}

    def action(self, cmd):
        action = cmd["action"]
        if action == "addForce":
            entry = self.force_entries[cmd["forceEntryId"]]
            force = {"id": self.mint("force"), "entryId": entry["id"], "name": entry["name"],
                     "catalogueId": cmd.get("catalogueId"), "selections": []}
            self.forces.append(force)
            return {"forceId": force["id"], "selections": {}}
        if action == "selectEntry":
            sel = self.new_selection(cmd["entryId"])
            self.force(cmd["forceId"])["selections"].append(sel)
            return {"selectionId": sel["id"], "selections": {}}
        if action == "selectChildEntry":
            parent = self.selection(self.force(cmd["forceId"])["selections"],
                                    cmd["selectionId"])
            sel = self.new_selection(cmd["entryId"])
            parent["children"].append(sel)
            return {"selectionId": sel["id"], "selections": {}}
        if action == "setSelectionCount":
            sel = self.selection(self.force(cmd["forceId"])["selections"], cmd["selectionId"])
            sel["number"] = cmd["count"]
            return None
        if action == "setCostLimit":
            self.limits[cmd["costTypeId"]] = cmd["value"]
            return None
        raise KeyError(f"unknown action {action}")

    def sel_state(self, sel, totals):
        costs = {}
        children = [self.sel_state(c, costs) for c in sel["children"]]
        for cost in self.entries[sel["entryId"]].get("costs") or []:
            costs[cost["typeId"]] = costs.get(cost["typeId"], 0) + cost["value"] * sel["number"]
        for type_id, value in costs.items():
            totals[type_id] = totals.get(type_id, 0) + value
        state = {k: sel[k] for k in ("id", "entryId", "name", "type", "number", "hidden")}
        state["costs"] = [{"name": self.cost_types.get(t, t), "typeId": t, "value": v}
                          for t, v in costs.items()]
        state["children"] = children
        return state

    def state(self):
        totals = {t: 0 for t in self.cost_types}
        forces = [{"id": f["id"], "name": f["name"], "entryId": f["entryId"],
                   "catalogueId": f["catalogueId"],
                   "selections": [self.sel_state(s, totals) for s in f["selections"]]}
                  for f in self.forces]
        return forces, totals

    def errors(self):
        _, totals = self.state()
        return [{"message": f"over the {self.cost_types[t]} limit", "ownerType": "roster",
                 "entryId": "costLimits", "constraintId": t}
                for t, limit in self.limits.items() if totals.get(t, 0) > limit]


def handle(cmd, roster):
    kind = cmd.get("type")
    if kind == "describe":
        return {"type": "describeResult", "name": "fake", "protocolVersion": "1.1",
                "domains": ["roster"], "capabilities": {}}, roster
    if kind == "setup":
        return {"type": "setupResult", "errors": []}, Roster(cmd["gameSystem"],
                                                            cmd.get("catalogues") or [])
    if kind == "action":
        try:
            outputs = roster.action(cmd)
        except (KeyError, AttributeError, TypeError) as e:
            return {"type": "actionResult", "ok": False, "error": str(e)}, roster
        reply = {"type": "actionResult", "ok": True}
        if outputs:
            reply["outputs"] = outputs
        return reply, roster
    if kind == "getState":
        forces, totals = roster.state()
        return {"type": "state", "name": "Fake", "gameSystemId": roster.game_system.get("id", ""),
                "forces": forces,
                "costs": [{"name": roster.cost_types[t], "typeId": t, "value": v}
                          for t, v in totals.items()],
                "validationErrors": roster.errors()}, roster
    if kind == "getErrors":
        return {"type": "errors", "errors": roster.errors()}, roster
    if kind == "exportRosterXml":
        forces = "".join(f'  <force id="{f["id"]}" name="{f["name"]}"/>\n' for f in roster.forces)
        return {"type": "rosterXmlResult",
                "xml": f'<roster id="roster-{id(roster) % 1000}" name="Fake">\n{forces}</roster>\n'}, roster
    if kind == "teardown":
        return {"type": "teardownResult"}, None
    return {"type": "error", "message": f"unknown command {kind}"}, roster


def main():
    roster = None
    for line in sys.stdin:
        cmd = json.loads(line)
        reply, roster = handle(cmd, roster)
        if "corrId" in cmd:
            reply["corrId"] = cmd["corrId"]
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
