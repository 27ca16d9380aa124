"""``pattern_unions.AnyOf``: asked whether it matches, a union answers as its whole pattern does,
and compiles no part after the first that matches (the replies' go-ahead and directive words)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading import replies
from tau_shaped.reward.reading.lazy_patterns import LazyPattern
from tau_shaped.reward.reading.pattern_unions import AnyOf
from tau_shaped.reward.reading.reply_clauses import words

_GO = replies._GO_AHEAD
_DIRECTIVE = replies._DIRECTIVE
_PHRASES = replies._GO_AHEAD_WORDS + ("send it through", "put it in now", "I hereby give my consent", "that sounds lovely",
                                      "it'd be really helpful", "the undersigned agrees", "go", "ahead", "please don't", "k.")


def _wholes():
    return [(u, re.compile(u.pattern, re.IGNORECASE)) for u in (_GO, _DIRECTIVE)]


def test_the_whole_is_the_old_pattern():
    """The directive's whole is the pattern the conceding reply is built on, as it was written."""
    assert _DIRECTIVE.pattern.startswith("(?:(?<![\\w'])(?:send|process|submit|book|ship|run|put|push)")
    assert len(_GO.parts) == 6 and len(_DIRECTIVE.parts) == 3


def test_every_phrase_found_as_the_whole_finds_it():
    for u, whole in _wholes():
        for p in _PHRASES:
            for text in (p, p.upper(), f"well, {p}!", f"{p}s", f"x{p}", f"Not {p} at all?", f"{p}\u200bthen"):
                assert u.found(text) == (whole.search(text) is not None), (u.pattern[:30], text)
                assert u.starts(text) == (whole.match(text) is not None), (u.pattern[:30], text)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_PHRASES + (" ", ", ", "'", "-", "no", "not", "it", "\n", "ſ", "\u212a")), max_size=6))
def test_any_text_found_as_the_whole_finds_it(pieces):
    text = "".join(pieces)
    for u, whole in _wholes():
        assert u.found(text) == (whole.search(text) is not None), text
        assert u.starts(text) == (whole.match(text) is not None), text


def test_parts_after_the_first_found_are_not_compiled():
    u = AnyOf([words("okay"), words("proceed"), r"(?<![\w'])never[\s]+compiled"], re.IGNORECASE)
    assert u.found("Okay then") and u.starts("okay")
    assert [type(p) is LazyPattern for p in u.parts] == [True, False, False]  # the rest still pending
    assert not u.starts("so okay")
    assert not u.found("nothing here")
    assert u.found("never  compiled") and u.pattern.count("|") == 2
