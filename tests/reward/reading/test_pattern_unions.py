"""``pattern_unions.AnyOf``: asked whether it matches, a union answers as its whole pattern does,
and compiles no part after the first that matches (the replies' go-ahead and directive words)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading import replies
from tau_shaped.reward.reading.lazy_patterns import GatedPattern, LazyPattern
from tau_shaped.reward.reading.reply_directives import CONCEDING, DIRECTIVE, DIRECTIVE_WORDS, PUT_IT_THROUGH
from tau_shaped.reward.reading.reply_meaning import FORMAL_ASSENT
from tau_shaped.reward.reading.pattern_unions import AnyOf
from tau_shaped.reward.reading.reply_clauses import words

_GO = replies._GO_AHEAD
_DIRECTIVE = replies._DIRECTIVE
assert _DIRECTIVE is DIRECTIVE


# the directive and conceding patterns as written whole before (round 18)
_DIRECTIVE_PHRASES = (
    "go ahead", "go for it", "please do", "do it", "do that", "proceed", "please proceed", "let's do it",
    "let's do that", "make it so", "by all means", "go on", "i confirm", "i approve", "i authorize", "you can",
    "you may", "be my guest", "carry on", "permission granted", "go right ahead", "go on ahead", "i consent",
    "i so consent", "i hereby consent", "i give my consent", "you have my consent", "you have my permission",
    "you have my approval", "consent given", "i hereby authorize",
)
_DIRECTIVE_WHOLE = "(?:" + PUT_IT_THROUGH[1:] + "|" + words(*_DIRECTIVE_PHRASES) + FORMAL_ASSENT + ")"
_PHRASES = replies._GO_AHEAD_WORDS + _DIRECTIVE_PHRASES + ("send it through", "put it in now", "I hereby give my consent", "that sounds lovely",
                                      "it'd be really helpful", "the undersigned agrees", "go", "ahead", "please don't", "k.",
                                      "but", "however", "that said", "even so", "so", "and", "yes", "ok", "sure", "--")
_CONCEDING_WHOLE = (
    rf"^\W{{0,8}}{words('but', 'anyway', 'still', 'regardless', 'that said', 'nevertheless', 'however', 'even so')}"
    rf"\W{{1,4}}(?:please\W{{1,4}})?{_DIRECTIVE_WHOLE}"
    rf"|^\W{{0,8}}(?:(?:so|and)\W{{1,4}})?(?:(?:yes|yeah|yep|yup|sure)(?![\w'])|(?:(?:ok|okay)\W{{1,4}})?{_DIRECTIVE_WHOLE})")


def _wholes():
    return [(u, re.compile(w, re.IGNORECASE)) for u, w in ((_GO, _GO.pattern), (_DIRECTIVE, _DIRECTIVE_WHOLE),
                                                           (_DIRECTIVE, _DIRECTIVE.pattern), (CONCEDING, _CONCEDING_WHOLE))]


def test_the_parts_are_gated():
    assert len(_GO.parts) == 6 and len(_DIRECTIVE.parts) == 6 and len(CONCEDING.parts) == 8
    assert all(isinstance(p, GatedPattern) for p in _DIRECTIVE.parts + CONCEDING.parts)
    assert sorted(p for _, ps in DIRECTIVE_WORDS for p in ps) == sorted(_DIRECTIVE_PHRASES)
    made = AnyOf([words("okay"), words("go ahead")], re.IGNORECASE, needs=[(), ("ahead",)])
    assert not made.found("so okayish? no") and type(made.parts[1]._made) is not LazyPattern  # gated part: not compiled


def test_a_concession_before_a_go_ahead():
    assert CONCEDING.found(" please go ahead.") is False  # (a known gap: "please go ahead" is no directive phrase)
    for text in ("but go ahead", "Anyway, please do.", "so yes", "OK, send it through", "that said -- I hereby consent", "ok go on"):
        assert CONCEDING.found(text), text
    for text in ("I said go ahead", "", "nope", "but not now"):
        assert not CONCEDING.found(text), text


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
