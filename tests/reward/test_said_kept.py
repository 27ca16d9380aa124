"""The ``said`` check's loop (``said.text_hits``) looks each message up in the snippets ``match_text`` keeps for its
matcher (``matchers.kept_snippets``) and reads only a text not kept: its finding is the one of reading every message
afresh (``_match_text``), whatever the texts repeat, their length (a long one is never kept) and the kept snippets
forgotten mid-run (a bound of a few). The policy-figure check keeps each short message's reading the same way: its
finding is the one of reading every message with ``misstated``."""

from __future__ import annotations

from typing import Any, List, Tuple

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tau_shaped.reward import matchers
from tau_shaped.reward.checks.finding import violations
from tau_shaped.reward.checks.said import _said_at, text_hits
from tau_shaped.reward.matcher_schema import ContainsText, DeniesText, NumberText, RegexText
from tau_shaped_domains.food_delivery import policy_figures as pf

_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

_POOL = ["I've cancelled your order FD-10006.", "I have not cancelled it.", "Your refund of $12.50 has been issued.",
         "I'm sorry, I can't do that.", "0rder c4ncelled", "", "ok", "We refunded you $12.50 -- no wait, $10.",
         "The quote is valid for 30 minutes.", "Any courier within 20 km of the restaurant can take it.",
         "The quote is valid for 15 minutes.", "x" * (matchers._FOUND_TEXT + 1) + " refund cancelled 30 minutes quote"]
_MATCHERS = [ContainsText(contains="refund"), ContainsText(contains="cancelled", affirmed=True),
             RegexText(regex=r"(?i)(?:i|we)(?:'ve|\s+have)?\s+(?:cancell?ed|refunded)\b", affirmed=True),
             RegexText(regex=r"(?i)cancell?ed", digits_for_letters=True), NumberText(number=12.5), DeniesText(denies=True)]
_MESSAGES = st.lists(st.tuples(st.integers(0, 40), st.sampled_from(_POOL)), max_size=12)


@_SETTINGS
@given(_MESSAGES, st.sampled_from(_MATCHERS), st.sampled_from([2, 5, 16384]))
def test_text_hits_is_every_message_read_afresh(monkeypatch: Any, messages: List[Tuple[int, str]], matcher: Any, most: int) -> None:
    monkeypatch.setattr(matchers, "_FOUND_MOST", most)
    matchers._FOUND.clear()
    matchers._KEPT[0] = 0
    expected = _said_at(((step, matchers._match_text(matcher, text)) for step, text in messages), "agent")
    for _ in range(2):  # cold, then kept
        found = text_hits(messages, matcher, "agent")
        assert (found.holds, found.step, found.steps, found.evidence) == (expected.holds, expected.step, expected.steps,
                                                                           expected.evidence)
    assert sum(len(kept) for _, kept in matchers._FOUND.values()) <= most


class _Run:
    def __init__(self, messages: List[Tuple[int, str]]) -> None:
        self.messages = messages

    def agent_messages(self) -> List[Tuple[int, str]]:
        return self.messages


_FIGURES = pf.PolicyFiguresPredicate(policy_figures=[
    pf.Figure(about=["quote"], unit="minutes", values=[15]),
    pf.Figure(about=["courier", "dispatch", "driver", "rider"], unit="km", near=["within", "radius", "range", "of the restaurant"],
              values=[8])])


def _figures_read_afresh(messages: List[Tuple[int, str]]) -> Any:
    hits = []
    for index, text in messages:
        for figure in _FIGURES.policy_figures:
            said = pf.misstated(text, figure)
            if said is not None:
                hits.append((index, f"agent said {said!r}: the policy's figure is {figure.values[0]:g} {figure.unit}"))
                break
    return violations(hits, "every figure of a policy rule said is the policy's")


@_SETTINGS
@given(st.lists(_MESSAGES, min_size=1, max_size=4), st.sampled_from([1, 3, 4096]))
def test_policy_figures_kept_is_every_message_read_afresh(monkeypatch: Any, runs: List[List[Tuple[int, str]]], most: int) -> None:
    monkeypatch.setattr(pf, "_KEPT_MOST", most)
    check = pf.PolicyFiguresKind().compile(_FIGURES, None, 0)  # one compiled check for every run, as a bound rule's
    for messages in runs + runs:
        found, expected = check(_Run(messages)), _figures_read_afresh(messages)
        assert (found.holds, found.step, found.steps, found.evidence) == (expected.holds, expected.step, expected.steps,
                                                                           expected.evidence)
