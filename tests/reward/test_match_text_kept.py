"""match_text keeps a matcher's snippet of a text (by the matcher's identity and the text): the
same answer as reading it again, for every matcher and text, kept or not."""

from __future__ import annotations

import gc

from tau_shaped.reward import matchers
from tau_shaped.reward.matcher_schema import ContainsText, DeniesText, NumberText, RegexText
from tau_shaped.reward.matchers import _match_text, match_text

TEXTS = [
    "Your refund of $12.50 has been issued.",
    "I won't transfer you; your order has not been delivered.",
    "I'm sorry, I can't do that.",
    "0rder c4ncelled",
    "",
    "x" * (matchers._FOUND_TEXT + 1) + " refund",
]


def _matchers():
    return [ContainsText(contains="refund"), ContainsText(contains="delivered", affirmed=True),
            RegexText(regex=r"(?i)transfer"), RegexText(regex=r"(?i)transfer", affirmed=True),
            RegexText(regex=r"(?i)cancell?ed", digits_for_letters=True), NumberText(number=12.5), DeniesText(denies=True)]


def test_kept_answers_are_the_readings():
    for m in _matchers():
        for text in TEXTS:
            assert match_text(m, text) == _match_text(m, text)
            assert match_text(m, text) == _match_text(m, text)  # now kept


def test_equal_text_other_matcher_is_not_confused():
    text = "I won't transfer you."
    plain, affirmed = RegexText(regex=r"(?i)transfer"), RegexText(regex=r"(?i)transfer", affirmed=True)
    assert match_text(plain, text) == "transfer"
    assert match_text(affirmed, text) is None


def test_a_matcher_gone_leaves_no_answer_for_one_at_its_address():
    text = "Your refund of $12.50 has been issued."
    for _ in range(50):  # a new matcher may take a freed one's address: the entry holds its matcher
        m = ContainsText(contains="refund")
        assert match_text(m, text) == "refund"
        del m
        gc.collect()
        other = ContainsText(contains="issued")
        assert match_text(other, text) == "issued"
        del other


def test_bounded(monkeypatch):
    monkeypatch.setattr(matchers, "_FOUND_MOST", 4)
    matchers._FOUND.clear()
    m = ContainsText(contains="a")
    for i in range(10):
        assert match_text(m, f"a cat {i}") == "a"
        assert sum(len(kept) for _, kept in matchers._FOUND.values()) <= 4  # snippets kept, over every matcher
