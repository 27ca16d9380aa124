"""``Misspellings._found_in`` reads the three word scans of an ASCII text at once, each word's answer kept per menu: it
is exactly what each ``Scan.found`` reads (and so what its RE2 program finds), whatever words were read before, and
``respelled`` reads every text as it does with no answer kept (the scans reading the text). The per-word edits of
``misspelt_words`` / ``swapped_words`` are the sets the words' comprehensions made."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import dish_misspellings as dm
from tau_shaped.reward.reading import misspelling_scans as ms
from tau_shaped.reward.reading.dish_names import stem
from tests.prop_strategies import prop_settings
from tests.reward.reading.test_misspelling_scans import SOUND_TEXTS, TEXTS

NAMES = [
    [("chicken", "korma"), ("garlic", "naan"), ("tiramisu",), ("salmon", "roll")],
    [("pad", "thai"), ("chicken", "satay"), ("teriyaki", "salmon"), ("phad", "see", "ew"), ("spring", "roll")],
    [("quiche",), ("cheese", "burger"), ("samosa",), ("yakitori",)],
]


def _menus():
    out = []
    for names in NAMES:
        vocabulary = frozenset(w for ws in names for w in ws) | {"rice", "soup"}
        out.append((dm.Misspellings(names, vocabulary, frozenset({"chicken", "roll", "rice"}), stem),
                    dm.Misspellings(names, vocabulary, frozenset({"chicken", "roll", "rice"}), stem)))
    return out


MENUS = _menus()


def _read_by_scans(m):
    m._fits = None  # every scan reads the text (the path before the words' answers were kept)
    return m


for _, plain in MENUS:
    _read_by_scans(plain)


@prop_settings(400)
@given(st.one_of(TEXTS, SOUND_TEXTS), st.lists(st.one_of(TEXTS, SOUND_TEXTS), max_size=3))
def test_the_words_found_are_each_scans_finding(text, before):
    for kept, plain in MENUS:
        for earlier in before:  # answers kept from other texts change nothing
            kept._found_in(earlier)
        words = kept._found_in(text)
        assert plain._found_in(text) is None
        if not text.isascii():
            assert words is None
            continue
        assert words is not None
        assert bool(words & 1) is kept._may_be_misspelt.found(text)
        assert bool(words & 2) is kept._may_be_swapped.found(text)
        assert bool(words & 4) is (kept._may_sound is not None and kept._may_sound.found(text))


@prop_settings(400)
@given(st.one_of(TEXTS, SOUND_TEXTS), st.sampled_from(["", "How about the ", "- ", "Would you like "]), st.sampled_from(["", "?", "."]))
def test_respelled_reads_as_with_no_word_kept(text, head, tail):
    for kept, plain in MENUS:
        assert kept.respelled(head + text + tail) == plain.respelled(head + text + tail)


def test_misspellings_found_word_by_word_are_respelt():
    kept, plain = MENUS[0]
    for text in ("How about the Chiken Korrma?", "Would you like the Kurma?", "the Tiramsiu is lovely", "Qorma?", "Kor ma?",
                 "Your order is on its way.", "Crème Korrma?"):
        assert kept.respelled(text) == plain.respelled(text)
    assert kept.respelled("How about the Chiken Korrma?") == "How about the Chicken Korma?"


@prop_settings(300)
@given(st.text("abcdeiklmnorstuy", min_size=1, max_size=14))
def test_each_words_edits_are_its_comprehensions(w):
    assert ms._dropped(w) == frozenset(w[:k] + w[k + 1:] for k in range(len(w)))
    assert ms._dropped(w, True) == frozenset(w[:k] + w[k + 1:] for k in range(1, len(w) - 1))
    assert ms._masked_inside(w) == frozenset(w[:k] + "?" + w[k + 1:] for k in range(1, len(w) - 1))
    assert ms._switched(w) == frozenset(w[:k] + w[k + 1] + w[k] + w[k + 2:] for k in range(len(w) - 1))


def _word_pairs_run_by_run(text):
    """``_word_pairs`` as it read a text: run by run."""
    runs, out = list(ms._ASCII_WORD.finditer(text)), []
    for before, m in zip(runs, runs[1:]):
        if 1 <= m.start() - before.end() <= 2 and not text[before.end():m.start()].strip(" \t-") \
                and before.group().isalpha() and m.group().isalpha():
            out.append(((before.group() + m.group()).lower(), len(before.group())))
    return tuple(out)


def _spaced_openers_run_by_run(text):
    """``_spaced_openers`` as it read a text: each three runs in turn."""
    runs, out = list(ms._ASCII_WORD.finditer(text)), set()
    gap = ms.re.compile(r"[ \t]{1,2}")
    for first, short, third in zip(runs, runs[1:], runs[2:]):
        if first.group().isalpha() and short.group().isalpha() and len(short.group()) <= 4 and third.group()[0].isalpha() \
                and gap.fullmatch(text, first.end(), short.start()) and gap.fullmatch(text, short.end(), third.start()):
            out.add(first.group().lower())
    return frozenset(out)


ASCII_TEXTS = st.lists(st.tuples(st.sampled_from(["Sa", "mo", "sa", "Kor", "ma", "abcde", "x1", "1", "_", "I", "Tira", "misu",
                                                  "a", "ab", "abc", "abcd", "B2b", "q_"]),
                                 st.sampled_from([" ", "  ", "   ", "\t", " \t", "-", "--", " - ", "-\t", ".", ",", "'", "\n", ""])),
                       max_size=9).map(lambda parts: "".join(w + g for w, g in parts))


@prop_settings(600)
@given(st.one_of(ASCII_TEXTS, st.text("ab1_ \t-.Z", max_size=24)))
def test_word_pairs_and_spaced_openers_in_one_scan_are_the_run_by_run_readings(text):
    assert ms._word_pairs(text) == _word_pairs_run_by_run(text)
    assert ms._spaced_openers(text) == _spaced_openers_run_by_run(text)


@prop_settings(600)
@given(st.one_of(ASCII_TEXTS, st.text("aB1_ \t-.Zz9", max_size=24)))
def test_letter_words_are_the_letter_runs_of_word_characters(text):
    assert ms.letter_words(text) == tuple(dict.fromkeys(w.lower() for w in ms._ASCII_WORD.findall(text) if w.isalpha()))


def test_a_menus_hash_is_its_fields():
    from tau_shaped.reward.reading.unsafe_menus import UnsafeMenu
    menu = UnsafeMenu.of(["Chicken Korma", "Naan"], ["Naan"], ["Rice"], ["tree_nut", "gluten"])
    assert hash(menu) == hash((menu.names, menu.ordered, menu.others, menu.allergens)) == hash(menu)
    assert menu == UnsafeMenu.of(["Naan", "Chicken Korma"], ["Naan"], ["Rice"], ["gluten", "tree_nut"])
