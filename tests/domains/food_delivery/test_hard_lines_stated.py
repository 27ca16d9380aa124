"""SPEC §9: each domain's rule table says which lines are hard lines (gates) and why: every gate
of the tau2 airline and retail rule files is listed as a gate, with a reason, in the domain's
"Hard lines" table, and no outcome rule is listed there as a gate."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]


@pytest.mark.parametrize("domain", ["tau2_airline", "tau2_retail"])
def test_every_gate_is_stated_with_its_reason(domain):
    rules = json.loads((ROOT / "tau_shaped_domains" / domain / "policy_rules.json").read_text())["rules"]
    text = (ROOT / "tau_shaped_domains" / domain / "POLICY_RULES.md").read_text()
    section = text.split("## Hard lines (SPEC §9)", 1)[1].split("\n## ", 1)[0]
    rows = {m.group(1): (m.group(2), m.group(3).strip()) for m in re.finditer(r"^\| `([\w.]+)` \| (gate|outcome) \| (.+) \|$", section, re.M)}
    gates = {r["id"] for r in rules if r["kind"] == "gate"}
    assert gates and set(rows) == gates
    assert all(kind == "gate" and len(why) > 40 for kind, why in rows.values())
