"""SPEC §5: TEXT_MATCHER semantics (``contains``, ``regex``, ``number``) over free text
(``tau_shaped.reward.reading.text_matching``); each function returns the matched snippet as evidence."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading import text_matching
from tau_shaped.reward.reading.text_matching import find_math, find_number, find_phrase, find_regex, math_candidates, numbers_in_text

PHRASES = [
    # numbers on word boundaries that also respect numbers
    ("It costs 10 dollars.", "10", "10"),
    ("It costs 100 dollars.", "10", None),
    ("It costs 1,000 dollars.", "10", None),
    ("It costs 1,000 dollars.", "000", None),
    ("It costs 10,000 dollars.", "10", None),
    ("Version 10.5 is out.", "10", None),
    ("Seat A10 is free.", "10", None),
    ("It is $10 in total.", "10", "10"),
    ("The total is 10.", "10", "10"),
    ("The total (10) is due.", "10", "10"),
    ("Pick 10, 20 or 30.", "10", "10"),
    # words
    ("We refunded you.", "refund", None),
    ("Your REFUND is done.", "refund", "REFUND"),
    ("see refund_id", "refund", None),
    ("a full \n  refund", "full refund", "full \n  refund"),
    ("a fullrefund", "full refund", None),
    # literal phrases with non-word edges
    ("pay US$5 now", "$5", "$5"),
    ("pay $50 now", "$5", None),
    ("pay $5.99 now", "$5", None),
    ("order fd-1001 shipped", "FD-1001", "fd-1001"),
    ("order FD-10012 shipped", "FD-1001", None),
    ("so a+b it is", "a+b", "a+b"),
    ("so aab it is", "a+b", None),
    ("so xzy it is", "x.y", None),
    ("anything", "   ", None),
]


@pytest.mark.parametrize("text, phrase, snippet", PHRASES)
def test_find_phrase(text, phrase, snippet):
    """SPEC §5: ``contains`` is case-insensitive, literal and on word boundaries, so "10" is
    not found in "1,000" nor in "100"; inner spaces match any whitespace."""
    assert find_phrase(text, phrase) == snippet


@pytest.mark.parametrize(
    "text, pattern, snippet",
    [
        ("Order #W123 confirmed", r"#W\d+", "#W123"),
        ("Order confirmed", r"#W\d+", None),
        ("Refund ISSUED", r"(?i)refund\s+issued", "Refund ISSUED"),
        ("Refund ISSUED", r"refund\s+issued", None),
    ],
)
def test_find_regex(text, pattern, snippet):
    """SPEC §5: ``regex`` is a search (by RE2, in linear time); the evidence is the whole match."""
    assert find_regex(text, pattern) == snippet


def test_find_regex_invalid_pattern_raises():
    """SPEC §5/§6.1: an invalid pattern is an error (the schema refuses it at load time)."""
    with pytest.raises(re.error):
        find_regex("text", "(unclosed")


NUMBERS = [
    ("Refund of $1,234.50 today", [(1234.5, "$1,234.50")]),
    ("Refund of 1234.5", [(1234.5, "1234.5")]),
    ("Refund of 1234.50 dollars", [(1234.5, "1234.50")]),
    ("It is -3 outside", [(-3.0, "-3")]),
    ("It is −3 outside", [(-3.0, "−3")]),
    ("Pay USD 12 now", [(12.0, "USD 12")]),
    ("Pay 12.00", [(12.0, "12.00")]),
    ("Values 1,2345", [(1.0, "1"), (2345.0, "2345")]),
    ("Values 1, 2", [(1.0, "1"), (2.0, "2")]),
    ("Values 12,34", [(12.0, "12"), (34.0, "34")]),
    ("Total 10,000,000.5", [(10_000_000.5, "10,000,000.5")]),
    ("Seat A10", []),
    ("Order FD-1001", []),
    ("Field item_7", []),
    ("Pages 3-4", [(3.0, "3"), (4.0, "4")]),
    ("Balance $-5.00", [(-5.0, "$-5.00")]),
    ("Balance -$5", [(-5.0, "-$5")]),
    ("About 5kg", [(5.0, "5")]),
]


@pytest.mark.parametrize("text, expected", NUMBERS)
def test_numbers_in_text(text, expected):
    """SPEC §5: "$1,234.50", "1234.5" and "1234.50 dollars" all state 1234.5; separators
    only in whole 3-digit groups; identifiers such as "A10" and "FD-1001" state no number."""
    assert numbers_in_text(text) == expected


@pytest.mark.parametrize(
    "text, value, tolerance, snippet",
    [
        ("Refund of $1,234.50 issued", 1234.5, 0.0, "$1,234.50"),
        ("Refund of 1234.50 dollars", 1234.5, 0.0, "1234.50"),
        ("Refund of 1234.49 issued", 1234.5, 0.0, None),
        ("Refund of 1234.49 issued", 1234.5, 0.01, "1234.49"),
        ("Refund of 1234.48 issued", 1234.5, 0.01, None),
        ("It costs 10 dollars", 10, 0.0, "10"),
        ("It costs 100 dollars", 10, 0.0, None),
        ("Seat A10", 10, 0.0, None),
        ("Order FD-1001", 1001, 0.0, None),
        ("It is -3 outside", -3, 0.0, "-3"),
        ("Pages 3-4", -4, 0.0, None),
    ],
)
def test_find_number(text, value, tolerance, snippet):
    """SPEC §5: ``{"number": x, "tolerance": t}`` holds when some stated number is within t of x."""
    assert find_number(text, value, tolerance) == snippet
    assert find_number(text, float(value), float(tolerance)) == snippet  # kept, and asked again: the same
    assert find_number(text, float(value), float(tolerance)) == snippet


def test_find_math_lives_with_the_other_text_matchers():
    """SPEC §5: ``{"math": expr}`` is served by the same module as the other TEXT_MATCHERs."""
    assert text_matching.find_math.__module__ == "tau_shaped.reward.reading.text_matching"
    assert find_math(r"so it is \frac{1}{2}", "50%") == r"\frac{1}{2}"
    assert find_math("so it is 0.4", "50%") is None


@pytest.mark.parametrize(
    "text, candidates",
    [
        (r"Since $y = x+1$, \boxed{3}", ["3", "y = x+1", "x+1", "y", "{3}"]),
        ("so x = 2(x+1). Then", ["2(x+1)", "x"]),
        ("costs 5 (five", ["5"]),
    ],
)
def test_math_candidates_order(text, candidates):
    """SPEC §5: boxed answers first, then $...$ contents, then what follows "=", then the rest."""
    assert math_candidates(text)[: len(candidates)] == candidates


def test_importing_text_matching_does_not_import_sympy():
    """SPEC §5: the plain matchers stay cheap to import; sympy loads only for ``math``."""
    code = (
        "import sys, tau_shaped; before = 'sympy' in sys.modules\n"
        "import tau_shaped.reward.reading.text_matching\n"
        "assert before or 'sympy' not in sys.modules, 'text_matching imported sympy'\n"
    )
    root = Path(__file__).resolve().parents[3]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@settings(max_examples=150, deadline=None)
@given(x=st.floats(min_value=-1e12, max_value=1e12, allow_nan=False, allow_infinity=False))
def test_money_amount_property(x):
    """SPEC §5: any money amount written as "$1,234.50" in a sentence states round(x, 2)."""
    text = f"The refund of ${x:,.2f} was issued."
    assert find_number(text, round(x, 2)) == f"${x:,.2f}"


@settings(max_examples=100, deadline=None)
@given(n=st.integers(min_value=0, max_value=10**15))
def test_grouped_integer_property(n):
    """SPEC §5: an integer with thousands separators is one stated number."""
    assert numbers_in_text(f"We moved {n:,} units.") == [(float(n), f"{n:,}")]


@settings(max_examples=150, deadline=None)
@given(w=st.text(alphabet=st.characters(min_codepoint=ord("a"), max_codepoint=ord("z")), min_size=1, max_size=20))
def test_word_boundary_property(w):
    """SPEC §5: a word is found whatever its case, and never as the start of a longer word."""
    assert find_phrase(f"say {w}!", w.upper()) == w
    assert find_phrase(w + "x", w) is None


@pytest.mark.parametrize("said,found", [("It is mia li 3668.", True), ("user id: mia-li-3668", True), ("MIA_LI_3668", True),
                                        ("mia li3668", False), ("mia_li_36689", False), ("xmia li 3668", False)])
def test_an_underscored_id_said_with_spaces_or_dashes_is_found(said, found):
    """An id's underscores said as spaces or dashes ("mia li 3668": tau2's user ids are so read
    out by customers) is the phrase; another id, or a word run into it, is not (round 8)."""
    assert (find_phrase(said, "mia_li_3668") is not None) is found
