"""The misspelling scans of ``dish_misspellings`` read an ASCII text word by word and make their
RE2 program only when it is needed: whether a scan finds anything is exactly what its program
finds (a match of ``(?i)\\b(?:...)s?\\b`` over letters is a whole run of word characters), in
any text, and a text with no candidate makes no program."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import dish_misspellings as dm
from tau_shaped.reward.reading import misspelling_scans as ms
from tau_shaped.reward.reading.dish_names import stem
from tests.prop_strategies import prop_settings

# each scan over a few menus' words: (targets of one letter more or less, words of weaker misspellings, heads)
MENUS = [
    (frozenset({"korma", "chicken", "naan"}), frozenset({"korma", "chicken"}), frozenset({"ch"})),
    (frozenset({"tiramisu", "teriyaki", "roll"}), frozenset({"tiramisu", "teriyaki", "salmon"}), frozenset({"ti", "te"})),
    (frozenset({"pad", "thai", "satay"}), frozenset({"satay"}), frozenset()),
]
WORDS = sorted({w for targets, words, heads in MENUS for w in targets | words}) + ["bring", "price", "a", "the", "past"]


@st.composite
def edited(draw: st.DrawFn) -> str:
    """A word of the menus with a few edits (a letter put in, left out, swapped, two switched), its
    plural, in any case, or a word of any letters."""
    word = list(draw(st.sampled_from(WORDS)) if draw(st.booleans()) else draw(st.text("abcdeiklmnorstuy", min_size=1, max_size=15)))
    for _ in range(draw(st.integers(0, 2))):
        k = draw(st.integers(0, len(word)))
        kind = draw(st.sampled_from(["in", "out", "swap", "switch"]))
        letter = draw(st.sampled_from("aeikmorsz"))
        if kind == "in":
            word.insert(k, letter)
        elif k < len(word) and kind == "out" and len(word) > 1:
            del word[k]
        elif k < len(word) and kind == "swap":
            word[k] = letter
        elif k + 1 < len(word):
            word[k], word[k + 1] = word[k + 1], word[k]
    text = "".join(word) + draw(st.sampled_from(["", "s", "S", "es"]))
    return draw(st.sampled_from([text, text.upper(), text.capitalize()]))


# what stands between words: separators RE2's \b passes or not (digits, "_" are word characters), and
# characters that are not ASCII (a dash, the Kelvin sign and the long s RE2's (?i) reads as "k" and "s")
GAPS = st.sampled_from([" ", ", ", "-", "_", "1", "9", ".", "'", "\n", "—", "é", "\u212a", "\u017f", " \u212aorma", ""])
TEXTS = st.lists(st.tuples(edited(), GAPS), max_size=6).map(lambda parts: "".join(w + g for w, g in parts))


def scans():
    for targets, words, heads in MENUS:
        yield ms.Scan(ms.misspellings_of, (targets,), ms.misspelt_words(targets))
        yield ms.Scan(ms.swappings_of, (words, heads), ms.swapped_words(words, heads))


@prop_settings(300)
@given(TEXTS)
def test_a_scan_finds_what_its_program_finds(text):
    for scan in scans():
        assert scan.found(text) is (ms.found(scan.program(), text) if scan.program() is not None else False)
        if scan.program() is not None:  # and where: the words it finds, read word by word in an ASCII text
            assert scan.spans(text) == [r.span() for r in scan.program().finditer(text)]


def test_the_words_read_alike_hold_misspellings_of_every_kind():
    near, weak = ms.misspelt_words(MENUS[0][0]), ms.swapped_words(MENUS[0][1], MENUS[0][2])
    assert near is not None and weak is not None
    assert [near(w) for w in ("korrma", "krma", "kormas", "naaan", "chickens", "korma", "naan", "bring")] == \
        [True, True, True, True, True, False, False, False]  # a target's plural too (one pattern's price)
    assert [weak(w) for w in ("kurma", "kroma", "kormas", "chicpeas", "cheese", "korm", "aorma", "kormz", "chips")] == \
        [True, True, True, True, True, False, False, False, False]  # not the first or last letter swapped


def test_words_not_ascii_are_left_to_the_program():
    assert ms.misspelt_words(frozenset({"crème", "korma"})) is None
    assert ms.swapped_words(frozenset({"brûlée"}), frozenset()) is None
    scan = ms.Scan(ms.misspellings_of, (frozenset({"crème"}),), None)
    assert scan.found("Would you like the Crèeme?") and not scan.found("Would you like the Korma?")


def test_a_text_with_no_candidate_makes_no_program():
    names = [("zqkorma", "zqnaan"), ("zqsatay",)]
    vocabulary = frozenset(w for ws in names for w in ws)
    misspellings = dm.Misspellings(names, vocabulary, frozenset(), stem)
    before = ms.misspellings_of.cache_info().currsize, ms.swappings_of.cache_info().currsize
    assert misspellings.respelled("Your order is on its way; the Satay is safe.") == \
        "Your order is on its way; the Satay is safe."
    assert (ms.misspellings_of.cache_info().currsize, ms.swappings_of.cache_info().currsize) == before
    assert misspellings.respelled("How about the Zqkorrma?") == "How about the Zqkorma?"  # a candidate, found word by word
    assert ms.misspellings_of.cache_info().currsize == before[0]
    assert misspellings.respelled("How about the Zqkorrma—now?") == "How about the Zqkorma—now?"  # not ASCII: the program
    assert ms.misspellings_of.cache_info().currsize == before[0] + 1


# sound keys and split words of a few menus (what ``sounding`` and ``splitting`` are made of)
SOUND_WORDS = ["korma", "chicken", "tiramisu", "teriyaki", "coffee", "quiche", "phad", "pho", "cheese", "yakitori", "samosa"]
SOUND_KEYS = frozenset(ms.sound_key(w) for w in SOUND_WORDS)
SPLIT_WORDS = frozenset({"korma", "tiramisu", "samosa", "teriyaki"})
SOUND_GAPS = st.sampled_from([" ", "  ", " - ", "-", "--", "\t", ", ", "_", "1", "\n", "—", "\u212a", "\u017f", ""])
SOUND_TEXTS = st.lists(st.tuples(st.one_of(edited(), st.sampled_from(SOUND_WORDS + ["kor", "ma", "tira", "misu", "sam", "osas"]),
                                           st.text("ckqszyioeuphfamnrt", min_size=1, max_size=9)), SOUND_GAPS),
                       max_size=6).map(lambda parts: "".join(w + g for w, g in parts))


@prop_settings(400)
@given(SOUND_TEXTS)
def test_sounds_and_split_words_read_word_by_word_are_what_their_programs_find(text):
    sound = ms.Scan(ms.sound_program, (SOUND_KEYS,), ms.sounded_words(SOUND_KEYS))
    assert sound.found(text) is ms.found(ms.program_of(ms.sounding(SOUND_KEYS)), text)
    assert sound.spans(text) == [r.span() for r in ms.program_of(ms.sounding(SOUND_KEYS)).finditer(text)]
    if text.isascii():
        assert ms.split_in(SPLIT_WORDS, text) is ms.found(ms.program_of(ms.splitting(SPLIT_WORDS)), text)


def test_a_sound_is_read_in_each_of_its_spellings():
    fits = ms.sounded_words(SOUND_KEYS)
    assert fits is not None and ms.sounded_words(frozenset({"krème"})) is None
    assert [fits(w) for w in ("qorma", "kkorrma", "chikken", "kofee", "kuiche", "fad", "phoo", "cheeze", "chiizes", "kurma",
                              "korm", "pasta")] == [True] * 9 + [False] * 3


def test_a_text_with_no_sound_nor_split_word_makes_no_union_program():
    names = [("zxkorma", "zxnaan"), ("zxsatay",)]
    misspellings = dm.Misspellings(names, frozenset(w for ws in names for w in ws), frozenset(), stem)
    before = ms.union_of.cache_info().currsize
    assert misspellings.respelled("Your order is on its way; the Satay is safe.") == "Your order is on its way; the Satay is safe."
    assert ms.union_of.cache_info().currsize == before
    assert misspellings.respelled("How about the Zxkor ma?") == "How about the Zxkorma?"  # split: its program reads it
    assert misspellings.respelled("How about the Zxkor ma — now?") == "How about the Zxkorma — now?"  # not ASCII: the union
    assert ms.union_of.cache_info().currsize == before + 1


PIECE_WORDS = frozenset({"samosa", "korma", "tiramisu", "cheeseburger"})
PIECES = st.sampled_from(["Sa", "mo", "sa", "sam", "osa", "Kor", "ma", "ti", "ra", "mi", "su", "Cheese", "burg", "er", "a",
                          "I", "the", "of", "x1", "_", "SAMO", "abcde", "k", "s"])
PIECE_GAPS = st.sampled_from([" ", "  ", "   ", "\t", " \t", "-", " - ", "·", ".", "_", "1", ", ", "\n", "\u212a", "\u017f", ""])
PIECE_TEXTS = st.lists(st.tuples(PIECES, PIECE_GAPS), max_size=8).map(lambda parts: "".join(w + g for w, g in parts))


def _pieces_joined_by_programs(words, text):
    """``pieces_joined`` as it read every text: both RE2 programs always made and run."""
    starts, signed, heads, _ = ms._programs(words)
    text = ms._joined_in(text, [(m.start(), m.end()) for m in signed.finditer(text)], starts, words)
    runs = [(r.start(), r.end()) for r in (ms._SPACED.match(text, m.start()) for m in ms._spaced(heads).finditer(text))
            if r is not None]
    return ms._joined_in(text, runs, starts, words)


@prop_settings(400)
@given(PIECE_TEXTS, st.sampled_from([PIECE_WORDS, frozenset({"samosa"}), frozenset({"Korma", "naan"}), frozenset({"ab"})]))
def test_pieces_read_word_by_word_are_what_the_spaced_program_finds(text, words):
    """In an ASCII text, whether the spaced program finds anything is read word by word (its head and
    its short word are whole runs), and the text is joined as both programs join it, in any text."""
    _, _, heads, low = ms._programs(words)
    if low is not None and text.isascii():
        assert (not low.isdisjoint(ms._spaced_openers(text))) is (next(ms._spaced(heads).finditer(text), None) is not None)
    assert ms.pieces_joined(words, text) == _pieces_joined_by_programs(words, text)


def test_an_ascii_text_with_no_spaced_run_makes_no_spaced_program():
    words = frozenset({"zqsamosa"})
    ms._programs(words)  # the signed program, made for every text
    before = ms.program_of.cache_info().currsize
    assert ms.pieces_joined(words, "How about the Samosa, or a side of rice?") == "How about the Samosa, or a side of rice?"
    assert ms.program_of.cache_info().currsize == before
    assert ms.pieces_joined(words, "How about the Zqsa mo sa?") == "How about the Zqsamosa?"  # a run: its program reads it
    assert ms.program_of.cache_info().currsize == before + 1


@prop_settings(300)
@given(SOUND_TEXTS, st.sampled_from([SPLIT_WORDS, frozenset({"samosa"}), frozenset({"pad"}), frozenset({"Korma"})]))
def test_a_split_scan_finds_what_its_program_finds(text, words):
    """A scan of ``split_program`` reads an ASCII text two words at a time (words of lower-case ASCII
    letters) and finds what its program finds, in any text."""
    program = ms.split_program(words)
    assert ms.Scan(ms.split_program, (words,)).found(text) is (program is not None and ms.found(program, text))


def test_a_split_scan_makes_no_program_for_an_ascii_text():
    words = frozenset({"zqkorma"})
    before = ms.program_of.cache_info().currsize
    scan = ms.Scan(ms.split_program, (words,))
    assert not scan.found("How about the Korma, or the Z qkorma?")  # split one letter from an end: not read as split
    assert ms.program_of.cache_info().currsize == before
    assert scan.found("How about the Zqk orma?") and ms.program_of.cache_info().currsize == before
    assert scan.found("How about the Zqk orma — now?") and ms.program_of.cache_info().currsize == before + 1  # not ASCII
