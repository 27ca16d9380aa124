"""The word-reading checks skip a pattern when a text lacks what every match of it holds (a word,
a ":", an "@", a digit): what they find is what reading every pattern in full finds, on texts
built from the words the patterns look for, in any case, ASCII or not (SPEC §10 statements)."""

from __future__ import annotations

from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import load_domain
from tau_shaped.reward.reading import disclosures, fact_claims, statements, status_leaks
from tau_shaped.reward.reading.disclosures import Heard, other_customers_data
from tests.prop_strategies import prop_settings

FD = load_domain("food_delivery")
S0 = FD.make_env(tasks=FD.tasks("test")[:1], task_index=0).initial_state(0)
CUSTOMERS = S0["customers"]
OWN = "CU-1206"
OTHER = CUSTOMERS["CU-1077"]

# whole statements the patterns find, and pieces around them
PHRASES = [
    "FD-10502 is delivered", "your order is on its way", "it has been cancelled", "status: out_for_delivery",
    '{"status": "preparing"}', "the order is not delivered yet", "once it is delivered", "arrived 20 min late",
    "it was 12 minutes after the latest time promised", "late by fifteen mins", "compensation starts at 15 minutes late",
    "a refund only applies from 30", "your account is suspended", "the account has been locked", "a 5% fee",
    "20 percent", "7.5 per cent", "the refund reaches your card in 3-5 business days", "credit lands in your wallet at once",
    "it kicks in at 30 minutes", "credit begins at 20", "a refund is owed from 15", "compensation is due after 30",
    "a credit is only given for orders over 40", "money back is paid at 25", "the refund applies after 10", "the refund shows up instantly", "credit lands in 2 hrs", "your refund arrives tomorrow",
    "the money is back in 2 weeks", "refund: right away", "money back in real time", "refund arrives tonight", "refund in 3 days",
    "refund issued immediately", "the credit, straight away", "your refund right now", "refund within 24 hours",
    "a refund in 30 minutes", "the refund lands today", "your money is back on your card within 3-5 business days", "at 12 midnight",
    "at 7 a.m.", "by 7 P.M.", "12 noon", "7:05PM", "19:05", "2026-03-13T19:40:00Z", "at 7pm", "11 am", "in about 5 minutes",
    OTHER["email"], OTHER["email"].upper(), OTHER["phone"], f"{OTHER['first_name']} {OTHER['last_name']}",
    f"{OTHER['first_name'].upper()} {OTHER['last_name']}'s", OTHER["addresses"][0]["street"],
    f"{CUSTOMERS[OWN]['first_name']} {CUSTOMERS[OWN]['last_name']}", "#A1B2C3",
]
PIECES = [" ", "\n", ". ", ", ", ": ", "-", "not ", "no ", "if ", "15 ", "$4.50 ", "am ", "the ", "Hi ",
          # letters that ignore-case patterns match beyond ASCII: Kelvin sign, long s, dotted and dotless i
          "\u212a", "\u017f", "\u0130", "\u0131", "M\u0130N", "\u00e9", "\u00a0"]
CASES = st.sampled_from([str, str.upper, str.lower, str.title])
# ignore-case patterns match these letters for i, I, k and s; lower-casing does not give the ASCII letter
FOLDS = [("i", "\u0131"), ("I", "\u0130"), ("k", "\u212a"), ("s", "\u017f"), ("S", "\u017f")]
VARIANTS = sorted({form for phrase in PHRASES for form in (
    phrase, phrase.upper(), phrase.lower(), phrase.title(), *(phrase.replace(a, b) for a, b in FOLDS),
    *(phrase.upper().replace(a, b) for a, b in FOLDS))})
TEXTS = st.one_of(
    st.sampled_from(VARIANTS),
    st.lists(st.one_of(st.sampled_from(PHRASES), st.sampled_from(PIECES)), max_size=8).map("".join),
    st.tuples(st.sampled_from(PHRASES), CASES, st.sampled_from(PIECES)).map(lambda t: t[2] + t[1](t[0]) + t[2]),
    st.text(max_size=80),
)


def _always(*_args):
    return True


def test_every_phrase_in_any_case_and_letters_is_read_as_in_full():
    for text in VARIANTS:
        test_claims_are_those_of_every_pattern_read.hypothesis.inner_test(text)
        test_times_are_those_of_the_pattern_read.hypothesis.inner_test(text)
        test_leaks_are_those_of_every_pattern_read.hypothesis.inner_test(text, [])


@prop_settings(600)
@given(TEXTS)
def test_claims_are_those_of_every_pattern_read(text):
    found = fact_claims._claims(text)  # read, not kept
    with mock.patch.object(fact_claims, "_may", _always):
        assert found == fact_claims._claims(text)


def test_every_status_form_holds_a_word_the_status_pattern_is_skipped_without():
    for form, _key in fact_claims._STATUS_WORDS:
        assert any(word in form for word in fact_claims._STATUS_WORDS_IN), form


@prop_settings(600)
@given(TEXTS)
def test_times_are_those_of_the_pattern_read(text):
    found = statements._times(text, True), statements._times(text, False)  # read, not kept
    with mock.patch.object(statements, "_may_state_time", _always):
        assert found == (statements._times(text, True), statements._times(text, False))


def _full_reading(text, heard):
    """The leak of ``text`` read with every pattern, the customer's words read up front."""
    with mock.patch.object(disclosures, "_holds", lambda _text: (True, True)), \
            mock.patch.object(disclosures, "_candidates", disclosures._read_candidates), \
            mock.patch.object(disclosures._index(CUSTOMERS), "first_names", _Everything()):
        return other_customers_data(text, CUSTOMERS, OWN, "\n".join(heard))


class _Everything:
    def __contains__(self, _item):
        return True

    def isdisjoint(self, _other):
        return False


@prop_settings(400)
@given(TEXTS, st.lists(TEXTS, max_size=3))
def test_leaks_are_those_of_every_pattern_read(text, heard):
    assert other_customers_data(text, CUSTOMERS, OWN, Heard(heard)) == _full_reading(text, heard)


@prop_settings(200)
@given(st.lists(TEXTS, max_size=4), st.lists(TEXTS, max_size=3))
def test_the_customers_words_kept_are_those_joined(first, more):
    heard = Heard(first)
    heard.lower(), heard.phone_digits()  # worked out, then more words come
    for text in more:
        heard.add(text)
    joined = "\n".join(first + more)
    assert heard.lower() == joined.lower()
    assert heard.phone_digits() == {d for m in disclosures._PHONE.finditer(joined)
                                    for d in disclosures._national(disclosures._digits(m.group(0)))}


STATUS_PHRASES = ["out_for_delivery", "Out For Delivery", "on its way", "being prepped", "ready to be picked-up", "arrived",
                  "ARRIVING", "handed over to", "with our kitchen", "awaiting the counter", "still being cooked", "got there",
                  "at the door", "cancelled", "canceled", "fulfiled", "en route", "deliveredx", "undelivered", "arriv"]


@prop_settings(600)
@given(st.one_of(TEXTS, st.lists(st.one_of(st.sampled_from(STATUS_PHRASES), st.sampled_from(PIECES)), max_size=6).map("".join)))
def test_a_status_is_found_where_the_status_pattern_finds_one(text):
    # an ASCII text is scanned by RE2 (its \b, \w and ignore-case are Python's there), any other by the pattern
    assert status_leaks._may_state(text) == (status_leaks._STATUS.search(text) is not None)
