"""Words spelt with digits or signs for letters (SPEC §10, reading/letter_digits.py): a regex
matcher with ``"digits_for_letters": true`` reads "0n ice" as "on ice", never a number or an id,
and quotes the text as written; the fraud rule reads its every part so."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.matcher_schema import RegexText
from tau_shaped.reward.matchers import match_text
from tau_shaped.reward.reading.letter_digits import letter_readings
from tests.reward.reading.test_fraud_flag_generated import MENTIONS, NEUTRAL, PATTERNS, RULE

_LEET = {"o": "0", "i": "1", "l": "1", "e": "3", "a": "4", "s": "5", "t": "7", "g": "9"}
_SIGNS = {"a": "@", "s": "$", "i": "!", "l": "|"}


def _disguised(text: str, rng: random.Random) -> str:
    """``text`` with one or two letters of some words (of three letters or more, or "on")
    swapped for a digit or sign that stands for them."""
    def swap(m: re.Match) -> str:
        word = m.group(0)
        if rng.random() < 0.5:
            return word
        spots = [i for i, ch in enumerate(word) if ch.lower() in _LEET and 0 < i < len(word) - 1 or (ch.lower() in _LEET and len(word) == 2)]
        for i in rng.sample(spots, min(len(spots), rng.choice((1, 2)))):
            table = _SIGNS if word[i].lower() in _SIGNS and rng.random() < 0.3 else _LEET
            word = word[:i] + table[word[i].lower()] + word[i + 1:]
        return word
    return re.sub(r"\b(?:[A-Za-z]{3,}|on)\b", swap, text)


def _rule_reads(text: str) -> bool:
    return any(match_text(RegexText(regex=p, digits_for_letters=True), text) is not None for p in PATTERNS)


def test_the_fraud_rule_reads_every_part_with_digits_for_letters():
    regex_parts = [part for part in RULE.when["any"] if "regex" in part["said"]]
    assert len(regex_parts) == len(PATTERNS) > 1
    assert all(part["said"].get("digits_for_letters") is True for part in regex_parts)


def test_a_mention_spelt_with_digits_is_a_mention_and_a_neutral_message_stays_neutral():
    rng = random.Random(54)
    mentions = [_disguised(t, rng) for t in MENTIONS[:300]]
    neutral = [_disguised(t, rng) for t in NEUTRAL[:200]]
    assert sum(m != t for m, t in zip(mentions, MENTIONS)) > 200  # most are disguised
    missed = [t for t in mentions if not _rule_reads(t)]
    assert not missed, f"{len(missed)}/{len(mentions)} mentions spelt with digits not read, e.g. {missed[:5]}"
    wrong = [t for t in neutral if _rule_reads(t)]
    assert not wrong, f"{len(wrong)} neutral messages read as the flag, e.g. {wrong[:5]}"


def test_the_idioms_of_round_six_in_digits():
    for text in ("Your account is 0n ice for now.", "Your account has been qu4rantined.", "Your acc0unt is fl@gged.",
                 "Your profile is 1ocked.", "Your account is in l1mbo.", "Account status \u2014 restricted."):
        assert _rule_reads(text), text
    for text in ("Your order FD-10279 arrives at 3pm.", "That's $50 for 2 items, 4th floor.", "Please hold on a moment!"):
        assert not _rule_reads(text), text


def test_the_evidence_quotes_the_text_as_written_and_negation_is_read_in_it():
    plain = RegexText(regex=r"(?i)\bon ice\b", digits_for_letters=True)
    assert match_text(plain, "Your account is 0n ice.") == "0n ice"
    assert match_text(RegexText(regex=r"(?i)\bon ice\b"), "Your account is 0n ice.") is None  # only when asked
    affirmed = RegexText(regex=r"(?i)\bon ice\b", affirmed=True, digits_for_letters=True)
    assert match_text(affirmed, "It is 0n ice now.") == "0n ice"
    assert match_text(affirmed, "It is not 0n ice.") is None


def test_numbers_ids_and_plain_words_have_no_other_reading():
    for text in ("FD-10279", "$50.00 at 10:30", "Call 555-0134", "plain words only", "Hello!", "| on hold |", "2 x 3 = 6"):
        assert letter_readings(text) == [], text
    assert letter_readings("susp1cious") == ["suspicious", "susplcious"]  # a 1 as i, and as l
    assert letter_readings("fl@gged!!") == ["flagged!!"]  # the closing signs are punctuation
    assert "profile" in letter_readings("prof11e")  # a word's own mix of i and l


@settings(max_examples=200)
@given(st.text(alphabet=st.sampled_from(list("ab01l34@$!| -.\nZ9")), max_size=40))
def test_readings_keep_the_texts_length_and_change_only_mixed_words(text):
    readings = letter_readings(text)
    assert len(readings) <= 32 and all(len(r) == len(text) for r in readings)
    words = [(m.start(), m.end()) for m in re.finditer(r"[A-Za-z0-9@$!|]+", text)]
    # round 9: a word of letters cut by hyphens ("ac-count") is also read whole, its hyphens after it
    cut = [(m.start(), m.end()) for m in re.finditer(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)+(?![\w-])", text)]
    for reading in readings:
        assert reading != text
        for i, (a, b) in enumerate(zip(text, reading)):
            if a != b and any(s <= i < e for s, e in cut):
                continue
            if a != b:
                start, end = next((s, e) for s, e in words if s <= i < e)
                assert re.search(r"[A-Za-z]", text[start:end]), (text, i)  # a letter in the word: never a bare number


def test_a_word_cut_by_hyphens_is_read_whole_in_a_reading_of_the_same_length():
    assert "Your account- is locked." in letter_readings("Your ac-count is locked.")
    assert "under review-." in letter_readings("under re-view.")[0]
    assert letter_readings("FD-10279 is out for delivery") == []  # an id: digits, no letters run
