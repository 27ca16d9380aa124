"""``lazy(pattern, flags, needs=...)`` (lazy_patterns.GatedPattern) answers "no match" for a text
holding none of ``needs`` without compiling the pattern: sound only if every match of the pattern
holds one of them. Proved here of every gated pattern of the readers from its parse (``re``'s own
parser): a sequence holds a need when a run of its literal characters does, or one of its parts
that must occur (a group, a repetition at least once, an alternation every branch of which holds
one); lookarounds, classes and optional parts prove nothing. Case-insensitive patterns compare
lowered and folded texts: checked over every code point."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
import sys

try:
    from re import _constants as C, _parser as P  # type: ignore[attr-defined]
except ImportError:  # Python 3.10
    import sre_constants as C  # type: ignore[no-redef]
    import sre_parse as P  # type: ignore[no-redef]

import pytest
from hypothesis import given, settings, strategies as st

import tau_shaped.reward.reading as reading_pkg
from tau_shaped.reward.reading import lazy_patterns
from tau_shaped.reward.reading.lazy_patterns import GatedPattern, lazy
from tau_shaped.reward.reading.pattern_unions import AnyOf, FirstOf

_REPEATS = tuple(getattr(C, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(C, name))
_ATOMIC = getattr(C, "ATOMIC_GROUP", object())  # Python 3.11 on


def _holds(items: list, needs: tuple, lower: bool) -> bool:
    """Whether every match of the parsed sequence ``items`` holds one of ``needs``."""
    run = ""
    for op, av in items:
        if op is C.LITERAL:
            run += chr(av)
            continue
        if _in_run(run, needs, lower):
            return True
        run = ""
        if op is C.SUBPATTERN:
            if (lower or not av[1] & re.IGNORECASE) and _holds(list(av[3]), needs, lower):
                return True
        elif op is _ATOMIC:
            if _holds(list(av), needs, lower):
                return True
        elif op is C.BRANCH:
            if all(_holds(list(alt), needs, lower) for alt in av[1]):
                return True
        elif op in _REPEATS:
            if av[0] >= 1 and _holds(list(av[2]), needs, lower):
                return True
    return _in_run(run, needs, lower)


def _in_run(run: str, needs: tuple, lower: bool) -> bool:
    if lower:
        run = run.lower()
    return any(need and need in run for need in needs)


def proved(gated: GatedPattern) -> bool:
    parsed = P.parse(gated.pattern, gated._made._flags)
    if not gated._lower and parsed.state.flags & re.IGNORECASE:
        return False
    return _holds(list(parsed), gated.needs, gated._lower)


def _all_gated() -> list:
    for info in pkgutil.iter_modules(reading_pkg.__path__, "tau_shaped.reward.reading."):
        importlib.import_module(info.name)
    importlib.import_module("tau_shaped.reward.checks")
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith(("tau_shaped.", "tau_shaped_domains.")):
            continue
        for value in vars(module).values():
            items = value if isinstance(value, (list, tuple)) else [value]
            if isinstance(value, (AnyOf, FirstOf)):  # a union's gated parts (pattern_unions)
                items = value.parts
            for item in items:
                if isinstance(item, GatedPattern):
                    found.append((name, item))
                elif isinstance(item, tuple):
                    found.extend((name, x) for x in item if isinstance(x, GatedPattern))
    return found


GATED = _all_gated()


def test_the_readers_gate_patterns():
    assert len(GATED) >= 10


@pytest.mark.parametrize("where,gated", GATED, ids=[f"{w}:{g.needs[:2]}" for w, g in GATED])
def test_every_match_holds_a_need(where, gated):
    assert gated.needs and all(gated.needs)
    assert not gated._lower or all(n.isascii() for n in gated.needs), "needs read lowered are ASCII (the folding is proved for ASCII)"
    assert proved(gated), f"{where}: a match of {gated.pattern[:80]!r} may hold none of {gated.needs}"


def test_the_proof_refuses_what_it_cannot_prove():
    assert not proved(lazy(r"(?:refund|money)", 0, needs=("refund",)))
    assert not proved(lazy(r"refund|", 0, needs=("refund",)))
    assert not proved(lazy(r"(?:refund)?", 0, needs=("refund",)))
    assert not proved(lazy(r"(?=refund)\w+", 0, needs=("refund",)))
    assert not proved(lazy(r"(?mi:refund)", 0, needs=("refund",)))  # a case-insensitive part read exactly
    assert not proved(lazy(r"re[fF]und", 0, needs=("refund",)))
    assert proved(lazy(r"(?:a|the) (?:refund|credit)s?\b", 0, needs=("refund", "credit")))
    assert proved(lazy(r"(?:x{1,3}(?:no|not))+", 0, needs=("no",)))
    assert proved(lazy(r"(?i)\bREFUND", 0, needs=("refund",)))


def test_case_folding_covers_every_code_point():
    """Each character ``re.IGNORECASE`` takes for an ASCII letter, digit or sign is that character
    once the text is lowered and folded as ``GatedPattern.holds`` does."""
    every = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    for ch in string.ascii_letters + string.digits + string.punctuation + " ":
        for m in re.finditer(re.escape(ch), every, re.IGNORECASE):
            folded = m.group().lower().translate(lazy_patterns._FOLD)
            assert folded == ch.lower(), (ch, m.group())


_TOKENS = sorted({n for _, g in GATED for n in g.needs} | {" ", ", ", ". ", "? ", "\n", "I ", "we ", "you ", "İ", "ı", "ſ",
                                                          "REFUND", "Not ", "FD-10045", "$12.50", "'", "’"})
_TEXT = st.lists(st.sampled_from(_TOKENS), max_size=12).map("".join)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(_TEXT, st.integers(-3, 40), st.one_of(st.none(), st.integers(-3, 60)))
def test_a_gated_pattern_answers_as_the_pattern(text, pos, endpos):
    for _, gated in GATED + [(None, lazy(r"(?i)\bno[ ]+refund", 0, needs=("refund",)))]:
        plain = re.compile(gated.pattern, gated._made._flags)
        found = plain.search(text)
        assert (gated.search(text) is None) == (found is None)
        assert gated.findall(text) == plain.findall(text)
        assert gated.sub("#", text) == plain.sub("#", text)
        if found is not None:
            assert gated.holds(text)
        bounds = (pos,) if endpos is None else (pos, endpos)
        for method in ("search", "match", "fullmatch"):
            assert (getattr(gated, method)(text, *bounds) is None) == (getattr(plain, method)(text, *bounds) is None)
        assert gated.findall(text, *bounds) == plain.findall(text, *bounds)


def test_a_window_is_read_alone():
    """A search of ``text[pos:endpos]`` reads only that window for the needs (a reader searching
    the 48 characters before each of a long message's amounts costs the windows, not the message
    times their number), bounds read as ``re`` reads them."""
    gated = lazy(r"(?i)\bif\b", 0, needs=("if",))
    text = "if " + "x" * 50 + " if"
    assert gated.holds(text, 3, 50) is False and gated.search(text, 3, 50) is None
    assert gated.holds(text, 0, 2) and gated.search(text, 0, 2) is not None
    assert gated.holds(text, -5, 2) and gated.search(text, -5, 2) is not None  # a negative pos is 0
    assert not gated.holds(text, 10, -1) and gated.search(text, 10, -1) is None  # a negative endpos is 0
    assert gated.holds(text, 50, 10_000) and gated.search(text, 50, 10_000) is not None
    exact = lazy(r"ab", 0, needs=("ab",))
    assert not exact.holds("xxab", 0, 3) and exact.holds("xxab", 2, 4) and not exact.holds("xxab", 3)


def test_matching_at_every_place_of_a_long_text_reads_it_once():
    """A reader matching a gated pattern at every place of a long text (``short_names``: "I I I ..." 20,000 times) asked
    each window afresh and read the rest of the text each time: quadratic (2.8 s for 40,000 characters, the tau2 words
    test's bound is 3 s). The needs' places are found once per text; a window's answer is a bisection, the same answer."""
    import time
    gated = lazy(r"(?i)\bnoah\b", 0, needs=("noah",))
    text = "I " * 20_000 + "Noah"
    start = time.process_time()
    hits = [at for at in range(0, len(text), 2) if gated.match(text, at)]
    assert hits == [len(text) - 4]
    assert time.process_time() - start < 1.0
    assert gated.holds(text, 10, len(text)) and not gated.holds(text, 10, len(text) - 1)
    assert gated.holds("x \u0130 NOAH", 2) and not gated.holds("NOAH x", 1)
