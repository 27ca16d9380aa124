"""The text the customer sees (SPEC §10): what every reader reads, made once per message.

``seen(text)`` reads a message in this order; each step runs only when a cheap look at the
text shows it may change it (an all-ASCII message with no ``<``, ``&``, ``*``, ``_``, backtick,
``~``, ``[``, no spaced or spelled email, no number word and no digit next to a lone digit or
digit word goes through a few substring tests and two linear regex scans, for spelled letters
and look-alike digits, and nothing else):

1. markup as a renderer shows it (``normalize_markup.rendered``): character references
   decoded, comments and hidden elements dropped, tags removed keeping their text. This reads
   the text as written, before NFKC: a fullwidth "＜!-- ... --＞" is shown to the customer as
   it is, so its words are read (step 4 removes only its delimiters);
2. Unicode NFKC (fullwidth letters and digits, ligatures, ``＠``, mathematical letters), and
   format characters removed (zero-width spaces and joiners, bidirectional controls, soft hyphens)
   with the other characters that show nothing (variation selectors, Hangul fillers) and the
   marks that only decorate a letter (lines over, under or through it: "K̶o̶r̶m̶a̶" is "Korma");
   the blank Braille pattern read as a space and enclosed capitals NFKC keeps as letters; a run
   under a right-to-left override read in the order it is shown (an override before "amroK" shows "Korma");
3. look-alike letters, digits and punctuation folded to the ASCII they imitate
   (``normalize_confusables.folded``; which words, and why, is told there);
4. markdown reduced to its text (``normalize_markup.markdown``: emphasis, code, links; struck
   text dropped), with markup only revealed by steps 1-3 ("&lt;b&gt;", "＜b＞") removed keeping
   its text, until the text reads the same again (at most ``_ROUNDS`` rounds, then ``inert``);
5. words spelled letter by letter joined ("K o r m a", "l.o.c.k.e.d": ``normalize_spoken.spelled_letters``),
   then a run of spaces read as one space, as a browser shows it ("your  account   is on  ice",
   "Spring  Rolls"; tabs and line breaks are kept: they lay out tables and lines),
   then letters that imitate digits inside a number read as digits ("FD-1OO42", "5O3-555-186O":
   ``normalize_confusables.digits_folded``);
6. emails written with spaces or in words ("mia.li7 (at) example (dot) com") written as emails
   (``normalize_spoken.addresses``);
7. numbers written in words read as numbers ("twenty bucks" -> "20 bucks", "a refund of sixteen
   ninety" -> "a refund of 16.90", text2num, given
   only a text that holds one of its words, in pieces of at most ``_CHUNK`` characters: it takes
   quadratic time on a long run of number words), spoken
   digit runs joined ("5 oh 3, 5 5 5, 7 2 3 2" -> "503 555 7232", ``normalize_spoken.digits``)
   and spoken clock times written with a colon ("at 8 30" -> "at 8:30", ``normalize_spoken.clock``).

``seen`` is idempotent: the text it gives reads the same once more.

Evidence quotes the original: ``seen_with_map(text)`` gives the same text as ``seen`` and
``Seen.original_span(start, end)``, the span of the original that a span of the seen text
was read from (whole words: each step is aligned with its input word by word).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, List, Optional, Sequence, Tuple

from tau_shaped.reward.reading.normalize_confusables import digits_folded, folded
from tau_shaped.reward.reading.normalize_markup import (MARKDOWN_HINTS, MARKUP_HINTS, escapes_held, escapes_shown, inert,
                                                        markdown, markdown_settled, rendered, revealed)
from tau_shaped.reward.reading.normalize_spoken import addresses, digit_points, money_pairs, spelled_letters, spoken_numbers

__all__ = ["seen", "visible", "seen_with_map", "Seen", "as_written", "MAX_CHARS"]

MAX_CHARS = 200_000  # a message longer than this is read up to here (the readers bound their own reads too)
_ROUNDS = 4


def _markup(text: str) -> str:
    return rendered(text) if ("<" in text or "&" in text) else text


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _unicode(text: str) -> str:
    if text.isascii():
        return text
    if not unicodedata.is_normalized("NFKC", text):
        text = unicodedata.normalize("NFKC", text)
    if "\u202e" in text:  # a right-to-left override shows its run reversed: read it as shown
        text = _OVERRIDE.sub(lambda m: m.group(1)[::-1], text)
    chars = set(_NON_ASCII.findall(text))
    hidden = [c for c in chars if unicodedata.category(c) == "Cf" or c in _INVISIBLE or c in _DECORATIONS]
    shown = [c for c in chars if c in _SHOWN_AS]
    if hidden or shown:
        for c in hidden:  # few distinct characters: a replace each is faster than a translate
            text = text.replace(c, "")
        for c in shown:
            text = text.replace(c, _SHOWN_AS[c])
        if not unicodedata.is_normalized("NFKC", text):  # a removed joiner may leave characters that compose
            text = unicodedata.normalize("NFKC", text)
    return text


_OVERRIDE = re.compile("\u202e([^\u202c\u202d\n]*)")  # to the override's end (its PDF, another override, the line's end)
# Characters that show nothing, beside the format characters (Cf): variation selectors, the
# combining grapheme joiner, Hangul fillers, Mongolian free variation selectors (the rest of
# Unicode's Default_Ignorable_Code_Point that is not Cf).
_INVISIBLE = frozenset(
    [chr(c) for c in range(0xFE00, 0xFE10)] + [chr(c) for c in range(0xE0100, 0xE01F0)]
    + ["\u034f", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u180b", "\u180c", "\u180d", "\u180f", "\u3164", "\uffa0"])
# Combining marks that decorate a letter without making it another one: lines over, under and
# through it (a "s̶t̶r̶u̶c̶k̶" or "u̲n̲d̲e̲r̲l̲i̲n̲e̲d̲" word is read as its letters) and enclosing marks.
_DECORATIONS = frozenset(
    ["\u0305", "\u0332", "\u0333", "\u0334", "\u0335", "\u0336", "\u0337", "\u0338", "\u20d2", "\u20d3",
     "\u20e5", "\u20e6", "\u20ea", "\u20eb"]
    + [chr(c) for c in range(0x20DD, 0x20E5) if c != 0x20E1] + ["\u0488", "\u0489", "\ua670", "\ua671", "\ua672"])
# Characters shown as something NFKC does not make them: the blank Braille pattern (a space) and
# the enclosed capital letters (squared, negative circled, negative squared: "🅺🅾🆁🅼🅰").
_SHOWN_AS = {"\u2800": " ", **{chr(first + k): chr(ord("A") + k) for first in (0x1F130, 0x1F150, 0x1F170) for k in range(26)}}


def _hint(text: str, hints: Sequence[str]) -> bool:
    return any(h in text for h in hints)


def _formatting(text: str, keep_struck: bool = False) -> str:
    """Markdown and revealed markup, removed until the text reads the same again (``keep_struck``:
    struck-out text kept, its ``~~`` removed); a backslash escape is the character it escapes."""
    if "\\" not in text:
        return _formatting_rounds(text, keep_struck)
    return escapes_shown(_formatting_rounds(escapes_held(text), keep_struck))


def _formatting_rounds(text: str, keep_struck: bool) -> str:
    for _ in range(_ROUNDS):
        before = text
        if _hint(text, MARKUP_HINTS):
            text = revealed(text)
        if _hint(text, MARKDOWN_HINTS):
            text, settled = markdown_settled(text, keep_struck)
            if settled:
                return text  # only delimiters removed, nothing left to take up: a second round changes nothing
        if text == before:
            return text
    text = inert(text)
    return markdown(text, keep_struck) if _hint(text, MARKDOWN_HINTS) else text


def _formatting_struck_kept(text: str) -> str:
    return _formatting(text, keep_struck=True)


_SPACES = re.compile(r" {2,}")


def _spelled(text: str) -> str:
    """Words spelled letter by letter joined, then a run of spaces read as one (after: a wider gap
    is what parts spelled words, "P a d  T h a i")."""
    text = spelled_letters(text)
    return _SPACES.sub(" ", text) if "  " in text else text


_CHUNK = 2000  # text2num takes time quadratic in a run of number words: it reads pieces this long at most


def _pieces(text: str) -> List[str]:
    """``text`` cut, where it is longer than ``_CHUNK``, at a line break, else after a sentence,
    else at a space, else anywhere (a number written across a cut of a 2000-character run is rare)."""
    pieces = []
    start = 0
    while len(text) - start > _CHUNK:
        window_end = start + _CHUNK
        cut = -1
        for mark in ("\n", ". ", " "):
            at = text.rfind(mark, start + _CHUNK // 2, window_end)
            if at >= 0:
                cut = at + len(mark)
                break
        if cut < 0:
            cut = window_end
        pieces.append(text[start:cut])
        start = cut
    pieces.append(text[start:])
    return pieces


_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
          "seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = "hundred thousand million billion trillion".split()
_ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
             "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth fortieth fiftieth sixtieth "
             "seventieth eightieth ninetieth hundredth thousandth millionth billionth trillionth").split()
# every word text2num reads in English (its plurals too: it reads "hundreds" and "thirds"); a message
# with none of them is not given to it (most messages: it takes as long as the rest of ``seen``)
_NUMBER_WORDS = frozenset((w + s).encode() for w in _UNITS + _TENS + _SCALES + _ORDINALS for s in ("", "s"))
_NOT_LETTERS = bytes(b if chr(b).isalpha() or b >= 128 else ord(" ") for b in range(256))


def _has_number_words(text: str) -> bool:
    """Read as UTF-8 bytes (a byte table is a lookup a byte; ``str.translate`` a dictionary lookup a character)."""
    return not _NUMBER_WORDS.isdisjoint(text.encode("utf-8", "surrogatepass").lower().translate(_NOT_LETTERS).split())


# A price said as two numbers ("a refund of sixteen ninety", "it comes to twelve fifty"): text2num
# writes "16 90"; right after a word of money (and "of", "is", ... between) it is dollars and cents,
# "16.90". Only where the words were number words: digits a message wrote as "16 90" stay as written.
_PRICE_PAIR = re.compile(
    r"(?i)\b(?P<cue>refund(?:ed)?|charged?|costs?|price[sd]?|total|paid|pay|fees?|credit(?:ed)?|comes?[ \t]+to|came[ \t]+to|amount|bill|owed?)"
    r"(?P<gap>(?:[ \t]+(?:of|is|was|were|at|for|just|only|about|around|roughly|back|you|me))*[ \t]+)"
    r"(?P<d>[1-9][0-9]?)(?P<sep> |, )(?P<c>[1-9][0-9])(?![-.,]?\w)(?!,?[ \t]{1,2}(?:and|or|to)?[ \t]{0,2}[0-9])")  # round 12: "came to
# seventy-one, twenty-six" (a pause as a comma; not a list "12, 14 and 16")


_NUMBER_WORD = "(?:" + "|".join(sorted(_UNITS + _TENS + _SCALES, key=len, reverse=True)) + ")"
# A number word hyphenated to its unit ("a five-dollar credit", "a fifteen-minute wait"): the
# number, then the unit; a scale's comma inside one number ("twenty-three thousand, five hundred
# and fifty-three"): one number, as it is said.
_UNIT_HYPHEN = re.compile(rf"(?i)(?:\b([\w.]+)[ \t]+)?\b({_NUMBER_WORD})-(?=(?:dollars?|bucks?|cents?|minutes?|mins?|hours?|hrs?|days?|weeks?"
                          r"|months?|years?|percent|per-cent|gb|gigs?|gigabytes?|mb)\b)")


def _unit_apart(m: "re.Match[str]") -> str:
    """The number and its unit apart, unless a number stands before it ("two thirty-minute
    sessions", "three twenty-dollar bills": a count of things, not one number)."""
    before = m.group(1)
    if before is not None and (before.lower().encode() in _NUMBER_WORDS or before[:1].isdigit()):
        return m.group(0)
    return m.group(0)[:-1] + " "


_SCALE_COMMA = re.compile(rf"(?i)\b(thousand|million|billion),[ \t]+(?=(?:and[ \t]+)?{_NUMBER_WORD}\b)")


def _numbers_in_words(text: str) -> str:
    from text_to_num import alpha2digit

    if not _has_number_words(text):
        return text
    out = []
    for piece in _pieces(text) if len(text) > _CHUNK else (text,):
        if "-" in piece or "," in piece:
            piece = _SCALE_COMMA.sub(r"\1 ", _UNIT_HYPHEN.sub(_unit_apart, piece))
        try:
            read = alpha2digit(piece, "en")
        except Exception:  # noqa: BLE001 - a text the library cannot read is read as written
            read = piece
        if " " in read and read != piece:
            read = _PRICE_PAIR.sub(lambda m: m.group(0) if f"{m.group('d')}{m.group('sep')}{m.group('c')}" in piece
                                   else f"{m.group('cue')}{m.group('gap')}{m.group('d')}.{m.group('c')}", read)
            read = money_pairs(read, piece)
            if "point" in piece or "Point" in piece or "POINT" in piece:
                read = digit_points(read, piece)
        out.append(read)
    return "".join(out)


def _spoken_numbers(text: str) -> str:
    return spoken_numbers(_numbers_in_words(text))


_STEPS: Tuple[Callable[[str], str], ...] = (_markup, _unicode, folded, _formatting, _spelled, digits_folded, addresses,
                                            _spoken_numbers)


_VISIBLE_STEPS = tuple(_formatting_struck_kept if step is _formatting else step for step in _STEPS)


@lru_cache(maxsize=8192)
def seen(text: Optional[str]) -> Optional[str]:
    """``text`` as the customer sees it (SPEC §10 "the text read is the text the customer
    sees"); None (no message) stays None. Struck-out text (``~~...~~``) is withdrawn: not read."""
    if not text:
        return text
    out = text[:MAX_CHARS]
    for step in _STEPS:
        out = step(out)
    return out


@lru_cache(maxsize=8192)
def visible(text: Optional[str]) -> Optional[str]:
    """``seen(text)`` with struck-out text kept: every word the customer can read, what a leak is
    read in (another customer's data, an account's fraud flag: struck out, it was still shown;
    SPEC §10, hard lines fail closed). The same as ``seen`` for a text that holds no ``~`` when
    markdown is read (nor a ``&`` that may still reveal one, nor a ``<del>`` that writes one)."""
    if not text or text.isascii() and "~" not in text and "&" not in text and "<" not in text:
        return seen(text)  # (a "<" may open a struck-through element: "<del>...</del>")
    out = text[:MAX_CHARS]
    for step in _VISIBLE_STEPS:
        if step is _formatting_struck_kept and "~" not in out and "&" not in out:
            return seen(text)  # nothing struck: read as seen reads it (and kept there)
        out = step(out)
    return out


# ----- evidence: the original span a span of the seen text was read from -----

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
_ALIGN_MAX = 4000  # tokens; longer texts are aligned by their common start and end only


def _tokens(text: str) -> Tuple[List[str], List[int]]:
    words, starts = [], []
    for m in _TOKEN.finditer(text):
        words.append(m.group())
        starts.append(m.start())
    starts.append(len(text))
    return words, starts


@dataclass(frozen=True)
class _Block:
    """A span of a step's output (start, end) and the span of its input it was made from."""

    start: int
    end: int
    o_start: int
    o_end: int
    equal: bool


def _alignment(before: str, after: str) -> List[_Block]:
    """Blocks, in order, covering ``after``:
    equal blocks map character for character, the others as a whole."""
    if before == after:
        return [(0, len(after), 0, len(before))]
    a, a_at = _tokens(before)
    b, b_at = _tokens(after)
    if len(a) > _ALIGN_MAX or len(b) > _ALIGN_MAX:
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        ops = [("equal", 0, head, 0, head), ("replace", head, len(a) - tail, head, len(b) - tail),
               ("equal", len(a) - tail, len(a), len(b) - tail, len(b))]
    else:
        ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    blocks = []
    for tag, i1, i2, j1, j2 in ops:
        if j1 == j2 and i1 == i2:
            continue
        blocks.append(_Block(b_at[j1], b_at[j2], a_at[i1], a_at[i2], tag == "equal"))
    return blocks


def _back(blocks: List["_Block"], start: int, end: int) -> Tuple[int, int]:
    """The span of a step's input that ``[start, end)`` of its output was made from."""
    o_start: Optional[int] = None
    o_end: Optional[int] = None
    for b in blocks:
        if b.end <= start and not (b.start == b.end == start):
            continue
        if b.start >= end and not (b.start == b.end == end):
            break  # a block that left nothing right after the span (markup removed) is quoted with it
        if o_start is None:
            o_start = b.o_start + (start - b.start) if b.equal else b.o_start
        o_end = b.o_start + (min(end, b.end) - b.start) if b.equal else b.o_end
    if o_start is None or o_end is None:
        last = blocks[-1].o_end if blocks else 0
        return last, last
    return o_start, max(o_start, o_end)


@dataclass
class Seen:
    """A message as read (``text``, the same as ``seen(original)``), and how to find in the
    original (``original``, the message as written) the words a span of ``text`` was read from."""

    original: str
    text: str
    _steps: List[List["_Block"]] = field(default_factory=list, repr=False)

    def original_span(self, start: int, end: int) -> Tuple[int, int]:
        """The span of ``original`` that ``text[start:end]`` was read from: whole words,
        markup and disguises included ("Ko<b>rm</b>a" for "Korma")."""
        start, end = max(0, min(start, len(self.text))), max(0, min(end, len(self.text)))
        for blocks in reversed(self._steps):
            start, end = _back(blocks, start, max(start, end))
        return start, end

    def quote(self, start: int, end: int) -> str:
        """The original words ``text[start:end]`` was read from, as evidence quotes them."""
        s, e = self.original_span(start, end)
        return self.original[s:e]


def seen_with_map(text: Optional[str]) -> Seen:
    """``text`` as ``seen`` reads it, with the map back to the original (see ``Seen``). Slower
    than ``seen`` (each step is aligned with its input): for evidence, not for every message."""
    original = text or ""
    out = original[:MAX_CHARS]
    steps: List[List[_Block]] = [[_Block(0, len(out), 0, len(out), True)]]
    for step in _STEPS if out else ():
        after = step(out)
        if after != out:
            steps.append(_alignment(out, after))
        out = after
    return Seen(original=original, text=out, _steps=steps)


def as_written(original: Optional[str], read: Optional[str], limit: int = 160) -> str:
    """What a verdict's evidence adds so that it quotes the message as the agent wrote it (SPEC
    §10: "the evidence quotes the original"): nothing when reading changed nothing, else the
    original's first ``limit`` characters (a disguise shows as it was sent)."""
    if not original or original == read:
        return ""
    return f" (as written: {original[:limit]!r}{'…' if len(original) > limit else ''})"
