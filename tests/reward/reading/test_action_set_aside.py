"""The alternative set aside names no action (SPEC §10; issue 41, round 10).

"Would you prefer a refund instead of a new courier?" proposes the refund: the courier is what
would not be done, so a yes to it is no yes to dispatching one. The same after "rather than", "in
place of", "as opposed to", "in lieu of", with up to three words between. Controls: the action
named before the phrase, or named again elsewhere in the message, is still named.
Variants are generated from the action words of each kind.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.action_words import names_action

_SET_ASIDE = ["instead of", "rather than", "in place of", "as opposed to", "in lieu of"]
_NAMED = {  # a kind, and how a message names it
    "dispatch_courier": ["a new courier", "another driver", "a courier"],
    "cancel": ["cancelling the order", "a cancellation", "cancelling it"],
    "money_to_customer": ["a refund", "refunding you", "a refund of $16.90"],
}
_OTHER = {"dispatch_courier": "a refund", "cancel": "a new courier", "money_to_customer": "a new courier"}


@pytest.mark.parametrize("kind,phrase,aside", [(k, p, a) for k, ps in _NAMED.items() for p, a in itertools.product(ps, _SET_ASIDE)])
def test_an_action_set_aside_is_not_named(kind, phrase, aside):
    other = _OTHER[kind]
    assert names_action(f"Would you prefer {other} {aside} {phrase} for FD-10116?", kind) is None
    assert names_action(f"{aside[0].upper()}{aside[1:]} {phrase}, shall I arrange {other}?", kind) is None


@pytest.mark.parametrize("kind,phrase,aside", [(k, p, a) for k, ps in _NAMED.items() for p, a in itertools.product(ps, _SET_ASIDE)])
def test_the_action_proposed_is_named(kind, phrase, aside):
    other = _OTHER[kind]
    assert names_action(f"Would you prefer {phrase} {aside} {other} for FD-10116?", kind) is not None
    assert names_action(f"I'd suggest {phrase}, {aside} {other}. OK?", kind) is not None
