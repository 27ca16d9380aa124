"""Refusals, round 13 (call-centre macros and the corporate passive; SPEC §10): "none due" (a macro's "Comp starts at
15 min -- none due"), "Compensation: none", a request's verdict after an arrow ("Requested: Green Curry -> REJECTED")
and "Compensation is not payable" deny the request; an arrow between stops or "none of them are due today" deny
nothing."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.refusals import denial


@pytest.mark.parametrize("text", [
    "FD-10181: window ended 1921h, delivered 1931h = 10 min late. Comp starts at 15 min -- none due. Sorry for the wait.",
    "Compensation: none due.", "Refund: n/a", "Nothing owed for FD-10165.",
    "Substitution request | Order: FD-10812 | Requested: Green Curry -> REJECTED (contains shellfish) | Order unchanged",
    "Compensation is not payable for delays under 15 minutes.",
])
def test_a_denial_in_these_words_is_said(text):
    assert denial(text) is not None


@pytest.mark.parametrize("text", [
    "Route: FD-10251 -> FD-10451 -> FD-10468", "none of them are due today", "Compensation: $2.99 to your card.",
    "Requested: Green Curry -> approved, swap applied.",
])
def test_no_denial_in_these_words(text):
    assert denial(text) is None
