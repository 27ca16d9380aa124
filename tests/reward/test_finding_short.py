"""``finding.short`` (a tool call's arguments in evidence) writes what ``json.dumps(value,
sort_keys=True, ensure_ascii=False, default=str)`` writes, with its encoder made once."""

from __future__ import annotations

import datetime
import json

from tau_shaped.reward.checks.finding import short


def test_short_is_json_dumps_cut_to_its_limit():
    values = [{"order_id": "FD-1", "amount": 12.5, "b": [1, 2.0, None, True]}, {"é": "naïve — ok"},
              {2: "int key", 3: float("nan")}, {"when": datetime.date(2026, 1, 2)}, "text", 3, None,
              {"z": {"y": {"x": ["deep"] * 30}}}]
    for value in values:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
        assert short(value) == (text if len(text) <= 80 else text[:77] + "...")
        assert short(value, 10) == (text if len(text) <= 10 else text[:7] + "...")
    circular: list = []
    circular.append(circular)
    assert short(circular) == repr(circular)
