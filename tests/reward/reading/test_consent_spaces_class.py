"""The consent reader's patterns write a run of spaces as ``\\s+`` (compiled faster than
``[\\s\\u00a0]+``): ``\\s`` takes every character ``[\\s\\u00a0]`` takes and no other, in either
case mode, so each pattern finds what its ``[\\s\\u00a0]`` form finds, on any text."""

from __future__ import annotations

import re
import sys

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import consent_questions
from tests.prop_strategies import prop_settings


def test_a_space_class_with_the_no_break_space_is_the_space_class():
    for flags in (0, re.IGNORECASE):
        short, long_ = re.compile(r"\s", flags), re.compile(r"[\s\u00a0]", flags)
        found = [c for c in range(sys.maxunicode + 1) if (short.match(chr(c)) is None) != (long_.match(chr(c)) is None)]
        assert found == []


def _patterns():
    out = []
    for name, value in sorted(vars(consent_questions).items()):
        source = getattr(value, "pattern", None)
        if isinstance(source, str) and "\\s" in source:
            flags = value.flags if hasattr(value, "flags") else 0
            out.append((name, re.compile(source, flags), re.compile(
                source.replace("\\s+", "[\\s\\u00a0]+").replace("\\s*", "[\\s\\u00a0]*"), flags)))
    return out


PATTERNS = _patterns()
SPACES = st.sampled_from([" ", "  ", "\u00a0", " \u00a0", "\t", "\n", "\u2009", "\u3000", "\x1c", "\u200b", ""])
WORDS = st.sampled_from([
    "shall", "I", "we", "refund", "it", "please", "confirm", "would", "you", "like", "me", "to", "know", "is", "that",
    "ok", "okay", "let", "if", "agree", "go", "ahead", "proceed", "your", "email", "reply", "yes", "no", "/", "?", ".",
    ",", "do", "mind", "check", "the", "order", "to confirm:", "I've", "refunded", "Ms.", "Okafor", "processing", "now",
])
TEXTS = st.lists(st.tuples(WORDS, SPACES), max_size=14).map(lambda parts: "".join(w + s for w, s in parts))


def test_the_patterns_are_read():
    assert {"_CONSENT_QUESTION", "_CONSENT_REQUEST", "_AHEAD", "_HAPPENED", "_PROCEEDS", "_LEAD_IN"} <= {n for n, _, _ in PATTERNS}


@prop_settings(1500)
@given(TEXTS)
def test_each_pattern_finds_what_its_no_break_space_form_finds(text):
    for name, short, long_ in PATTERNS:
        assert [m.span() for m in short.finditer(text)] == [m.span() for m in long_.finditer(text)], name
