"""``pattern_unions``: asked whether it matches, an ``AnyOf`` answers as its whole pattern does and
compiles no part after the first that matches (the replies' go-ahead and directive words); asked
where, a ``FirstOf`` gives the whole's first match (refusals' denial)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading import refusal_objects, refusals, replies
from tau_shaped.reward.reading.lazy_patterns import GatedPattern, LazyPattern, lowered
from tau_shaped.reward.reading.reply_directives import CONCEDING, DIRECTIVE, DIRECTIVE_WORDS, PUT_IT_THROUGH
from tau_shaped.reward.reading.reply_meaning import FORMAL_ASSENT
from tau_shaped.reward.reading.pattern_unions import AnyOf, FirstOf
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


# refusals' denial: the first match of the whole (68 parts, 20 kB), read part by part
_DENIAL_WHOLE = re.compile(lowered("|".join(p for _, p in refusals._PARTS)))
_DENIAL_TEXTS = (
    "compensation starts at 15 minutes late, so i cannot offer a refund or credit for it. i am sorry for the wait.",
    "it matches the order, so there is nothing to refund.", "i'm afraid that isn't possible: the order is no longer cancellable.",
    "we are unable to refund that. there's no reason i can't check, though.", "that won't be possible, i'm not able to do it",
    "i don't think we can refund it", "unfortunately a refund is not an option here -> declined", "i will not be refunding this",
    "the policy doesn't allow it", "hello! how can i help you today?", "no refund applies. your order stays as planned.",
)
_DENIAL_PIECES = ("i ", "we ", "can't ", "cannot ", "not ", "unable to ", "able to ", "refund", " it", ". ", "no ", "longer ",
                  "possible", "allowed", "won't ", "that ", "isn't ", "is ", "policy ", "stays as planned", "more than i can give")


def test_the_denial_is_the_whole_patterns_first_match():
    assert _DENIAL_WHOLE.pattern == refusals._DENIAL.pattern and not _DENIAL_WHOLE.groups
    assert sum(isinstance(p, GatedPattern) for p in refusals._DENIAL.parts) >= 60
    for text in _DENIAL_TEXTS:
        for pos in range(len(text) + 1):
            a, b = _DENIAL_WHOLE.search(text, pos), refusals._DENIAL.search(text, pos)
            assert (a and a.span()) == (b and b.span()), (text, pos)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_DENIAL_PIECES + _DENIAL_TEXTS), max_size=8), st.integers(0, 40))
def test_any_text_first_match_as_the_whole(pieces, pos):
    text = "".join(pieces)
    a, b = _DENIAL_WHOLE.search(text, pos), refusals._DENIAL.search(text, pos)
    assert (a and a.span()) == (b and b.span()), (text, pos)


def test_first_of_takes_the_earliest_start_then_the_first_part():
    u = FirstOf(["b+", "ab", "a"])
    assert u.search("xab").span() == (1, 3) and u.search("xab", 2).span() == (2, 3)  # "ab" before "a" at 1; "b" at 2
    assert u.search("xxa").span() == (2, 3) and u.search("zzz") is None
    gated = FirstOf(["never", "b"], needs=[("never",), ()])
    assert gated.search("abc").span() == (1, 2) and type(gated.parts[0]._made) is not LazyPattern


def test_the_object_denial_is_the_whole_patterns_first_match():
    whole = re.compile("|".join(p for _, p in refusal_objects._PARTS))
    assert whole.pattern == refusal_objects._OBJECT_DENIAL.pattern and not whole.groups
    texts = _DENIAL_TEXTS + ("no refund is owed here, sorry", "there is no credit i can give", "nothing to refund, but no cash back either",
                             "a refund? not something we offer", "only a partial credit, no more", "no compensation applies. none.")
    for text in texts:
        for pos in range(len(text) + 1):
            a, b = whole.search(text, pos), refusal_objects._OBJECT_DENIAL.search(text, pos)
            assert (a and a.span()) == (b and b.span()), (text, pos)
