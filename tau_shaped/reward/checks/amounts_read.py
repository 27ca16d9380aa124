"""The amounts an agent message states, read once a text (``fd.statements.amounts_supported``: SPEC §10
statements): ``_amounts_read(text)`` is the amounts it states (not negated, nor asked and denied) and the bare numbers a
money key names in it ("Refund amount: 16.90", JSON, a table); ``states_none(text)``: whether it states none whatever
came before it, so that the check passes over it with one look-up (a GRPO group's rollouts repeat their messages): no
amount is read in it, it takes back no amount it said before (``taken_back_out`` leaves it as it is) and names no
money field's amount by reference (``by_reference`` leaves it as it is, whatever the fields' values)."""

from __future__ import annotations

from functools import lru_cache
from typing import Tuple

from tau_shaped.reward.reading.amount_references import may_refer
from tau_shaped.reward.reading.asked_denied import asked_then_denied, denials_blanked
from tau_shaped.reward.reading.money_claims import keyed_amounts
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.retracted_amounts import may_take_back
from tau_shaped.reward.reading.statements import stated_amounts
from tau_shaped.reward.reading.typed import Stated

__all__ = ["states_none"]

_KEPT_TEXT = 2048  # a message up to this long has its amounts read once (bounded): a GRPO group's rollouts repeat them


def _amounts_read(text: str) -> Tuple[Tuple[Stated, ...], Tuple[Stated, ...]]:
    """The amounts a message states (not negated, nor asked and denied), and the bare numbers a
    money key names in it ("Refund amount: 16.90", JSON, a table); each ``Stated`` is frozen."""
    return _kept_amounts_read(text) if len(text) <= _KEPT_TEXT else _read_amounts(text)


def _read_amounts(text: str) -> Tuple[Tuple[Stated, ...], Tuple[Stated, ...]]:
    items = stated_amounts(text)
    if items:
        # "Was it $20? No - $16.90 ...": no $20 stated; the "No" answers the question, $16.90 stands
        negated, denied = Negations(denials_blanked(text)), asked_then_denied(text)
        items = [i for i in items if not negated(i.start, value=True) and not denied(i.start)]
    return tuple(items), tuple(keyed_amounts(text))


_kept_amounts_read = lru_cache(maxsize=2048)(_read_amounts)


@lru_cache(maxsize=4096)
def states_none(text: str) -> bool:
    """Whether ``text`` states no amount whatever came before it (kept: a short text is asked at every rollout)."""
    return not may_take_back(text) and not may_refer(text) and _amounts_read(text) == ((), ())
