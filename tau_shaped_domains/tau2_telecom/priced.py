"""``{"unconfirmed_tau2": CONFIRMATION}``: ``unconfirmed`` (SPEC §9, §10) on tau2's tool results.

The same form and verdict as ``{"unconfirmed": ...}``, for a write whose result is written by
tau2's ``Environment.to_json_str``, which writes every number of a result as a string
(``refuel_data``: ``{"charge": "4.0", ...}``): each such string of the confirmed tools' results
is read as the number it writes before the confirmation is judged, so a ``mention_result``
field (the price a refuel charges) must be stated as ``unconfirmed`` asks of a number. Nothing
else is read differently. Registered when the domain package builds its domain (``DOMAIN``).
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from typing import Any, FrozenSet, Iterable, List

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.unconfirmed import Confirmation, _unconfirmed
from tau_shaped.reward.matcher_schema import _Strict

_NUMBER = re.compile(r"-?[0-9]{1,15}(?:\.[0-9]{1,15})?")  # what tau2 writes of a float or int


class Tau2UnconfirmedPredicate(_Strict):
    """``unconfirmed`` with the confirmed tools' numeric strings read as numbers (see the module)."""

    unconfirmed_tau2: Confirmation


def numbers_read(observation: str) -> str:
    """A JSON object's top-level strings that write a number, as numbers (else ``observation``)."""
    if not isinstance(observation, str) or not observation.startswith("{") or len(observation) > 4096:
        return observation
    try:
        value = json.loads(observation)
    except ValueError:
        return observation
    if not isinstance(value, dict):
        return observation
    read = {k: float(v) if isinstance(v, str) and _NUMBER.fullmatch(v) else v for k, v in value.items()}
    return json.dumps(read, ensure_ascii=False)


class _Read:
    """The parts of a run ``unconfirmed`` reads, the confirmed tools' results with numbers read."""

    __slots__ = ("trajectory", "initial")

    def __init__(self, run: Any, tools: FrozenSet[str]) -> None:
        t = run.trajectory
        self.trajectory = copy.copy(t)  # every attribute kept (scoring may set more than its fields)
        self.trajectory.steps = [replace(s, observation=numbers_read(s.observation)) if s.action.name in tools else s
                                 for s in t.steps]
        self.initial = run.initial


@register
class Tau2UnconfirmedKind(CheckKind):
    key = "unconfirmed_tau2"
    model = Tau2UnconfirmedPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return tuple(pred.unconfirmed_tau2.tools or ())

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        c = pred.unconfirmed_tau2
        if c.tools is None:
            raise ValueError("unconfirmed_tau2 names its tools (tau2's toolkit declares no confirm)")
        tools = frozenset(c.tools)
        return lambda run: _unconfirmed(_Read(run, tools), c)
