"""Properties of seen() (SPEC §10, issue 41): it never raises, reads its own output the same
(idempotent), never lengthens a text beyond its NFKC form, and a disguise of a plain sentence
(zero-width characters, look-alikes, fullwidth letters, emphasis, tags) reads as the sentence."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.normalize import seen

_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# the words of a plain sentence: letters only (a number word would be read as a digit either way)
_WORDS = st.lists(st.text(alphabet="abcdefghijklmnprstuvwyzABCDEFGHKLMNPRSTUVWYZ", min_size=2, max_size=9),
                  min_size=1, max_size=8)
_MARKUP_CHARS = st.sampled_from(list("<>&;#!-/*_~`[]()@. abo0123\n") + ["&amp;", "&lt;", "<!--", "-->", "<b>", "</b>",
                                                                      "**", "__", "~~", "](", "\u200b", "＜", "＆", "о"])
_MARKUPISH = st.lists(_MARKUP_CHARS, max_size=30).map("".join)

_CYRILLIC = {"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "y": "у", "x": "х", "A": "А", "B": "В", "E": "Е",
             "K": "К", "M": "М", "H": "Н", "P": "Р", "C": "С", "T": "Т"}


def _sentence(words):
    return " ".join(words)


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@_SETTINGS
@given(st.text())
@example("&amp;lt;b&amp;gt;x")
@example("<*b*>x")
@example("~*~x~*~")
@example("&lt;!-- a --&gt;")
@example("<\u200bb>x</b>")
def test_seen_never_raises_and_is_idempotent(text):
    once = seen(text)
    assert isinstance(once, str)
    assert seen(once) == once


@_SETTINGS
@given(_MARKUPISH)
def test_markup_like_text_is_idempotent(text):
    once = seen(text)
    assert seen(once) == once


@_SETTINGS
@given(st.text())
def test_seen_is_never_much_longer_than_the_nfkc_text(text):
    assert len(seen(text)) <= len(unicodedata.normalize("NFKC", text)) + 8


@_SETTINGS
@given(_WORDS, st.data())
def test_zero_width_characters_change_nothing(words, data):
    plain = _sentence(words)
    at = data.draw(st.lists(st.integers(0, len(plain)), max_size=5))
    zw = data.draw(st.sampled_from(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202c", "\u2069"]))
    disguised = plain
    for i in sorted(at, reverse=True):
        disguised = disguised[:i] + zw + disguised[i:]
    assert seen(disguised) == seen(plain)


@_SETTINGS
@given(_WORDS, st.data())
def test_a_run_under_a_right_to_left_override_reads_as_it_is_shown(words, data):
    plain = _sentence(words)
    start = data.draw(st.integers(0, len(plain)))
    end = data.draw(st.integers(start, len(plain)))
    closed = data.draw(st.booleans()) or end < len(plain)  # an override open to the line's end needs no PDF
    disguised = plain[:start] + "\u202e" + plain[start:end][::-1] + ("\u202c" if closed else "") + plain[end:]
    assert seen(disguised) == seen(plain)


@_SETTINGS
@given(_WORDS, st.data())
def test_look_alike_letters_change_nothing(words, data):
    plain = _sentence(words)
    chosen = data.draw(st.sets(st.integers(0, max(0, len(plain) - 1)), max_size=6))
    disguised = "".join(_CYRILLIC.get(c, c) if i in chosen else c for i, c in enumerate(plain))
    assert seen(disguised) == seen(plain)


@_SETTINGS
@given(_WORDS)
def test_fullwidth_letters_change_nothing(words):
    plain = _sentence(words)
    assert seen(_fullwidth(plain)) == seen(plain)


@_SETTINGS
@given(_WORDS, st.data())
def test_emphasis_and_tags_around_words_change_nothing(words, data):
    wraps = data.draw(st.lists(st.sampled_from(["", "**{}**", "__{}__", "*{}*", "_{}_", "`{}`", "<b>{}</b>",
                                                "<span class=\"x\">{}</span>", "<em>{}</em>", "[{}](https://x.example/y)"]),
                               min_size=len(words), max_size=len(words)))
    disguised = " ".join(w.format(word) if w else word for w, word in zip(wraps, words))
    assert seen(disguised) == seen(_sentence(words))


@_SETTINGS
@given(_WORDS, st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 $.", min_size=1, max_size=30))
def test_hidden_text_is_never_read(words, secret):
    secret = "ZQX" + secret + "QZX"  # a marker no normalization makes or unmakes
    plain = _sentence(words)
    for hiding in ("<!--{}-->", "<span style=\"display:none\">{}</span>", "<div hidden>{}</div>", "<script>{}</script>"):
        out = seen(plain + " " + hiding.format(secret) + " " + plain)
        assert "ZQX" not in out and "QZX" not in out


_NUMBERISH = st.lists(st.sampled_from(["five", "oh", "zero", "one", "twenty", "hundred", "third", "double", "at", "by",
                                       "pm", "5", "0", "12", "30", "503", "-", ",", ".", " ", "  ", "\n", "x", "FD"]),
                      max_size=14).map(" ".join)


@_SETTINGS
@given(st.one_of(st.text(), _NUMBERISH))
@example("double oh, double oh, double oh 5")
@example("503 555. 7. 232")
@example("5\t5\t5\t5\t5")
@example("at 8 oh 5")
def test_the_number_prefilters_skip_only_what_would_not_change(text):
    from text_to_num import alpha2digit

    from tau_shaped.reward.reading.normalize_numbers import _has_number_words
    from tau_shaped.reward.reading.normalize_spoken import clock, digits, spoken_numbers

    if not _has_number_words(text):
        assert alpha2digit(text, "en") == text
    assert spoken_numbers(text) == clock(digits(text))
