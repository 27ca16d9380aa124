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
5. a word hyphenated at a line's end joined ("Kor-\nma"), words spelled letter by letter joined ("K o r m a",
   "l.o.c.k.e.d": ``normalize_spoken.spelled_letters``),
   then a run of spaces read as one space, as a browser shows it ("your  account   is on  ice",
   "Spring  Rolls"; tabs and line breaks are kept: they lay out tables and lines),
   then texting forms of the pronouns read as the words ("ur account" -> "your account", "u'd" -> "you'd":
   ``normalize_texting.texted``, round 17; after the spelled letters are joined: "W A L N U T S" holds no "u"),
   then the domain's act, method and status words misspelt by one slip read as the words ("refnd", "walet", "cancell",
   "deliverd": ``normalize_misspelt``, round 19), and split or misheard by speech-to-text ("re fund", "wall it", "your a
   count": ``normalize_heard``, round 20),
   then letters that imitate digits inside a number read as digits ("FD-1OO42", "5O3-555-186O":
   ``normalize_confusables.digits_folded``);
6. emails written with spaces or in words ("mia.li7 (at) example (dot) com") written as emails
   (``normalize_spoken.addresses``);
7. numbers written in words read as numbers ("twenty bucks" -> "20 bucks", "a refund of sixteen
   ninety" -> "a refund of 16.90", text2num, given
   only a text that holds one of its words, in pieces (``normalize_numbers``: it takes
   quadratic time on a long run of number words), spoken
   digit runs joined ("5 oh 3, 5 5 5, 7 2 3 2" -> "503 555 7232", ``normalize_spoken.digits``)
   and spoken clock times written with a colon ("at 8 30" -> "at 8:30", ``normalize_spoken.clock``);
   then a word said twice in a row read once ("any minute RIGHT right now": ``normalize_stutters``, round 20; after
   the numbers: "five five five" is a phone's digits);
8. words the writer takes back by a self-repair dropped ("$55.13 -- sorry, I misread: $45.13" reads
   "$45.13": ``normalize_repairs.withdrawn``), as struck text is; ``visible`` keeps them.

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

from tau_shaped.reward.reading.link_targets import link_addresses
from tau_shaped.reward.reading.normalize_confusables import digits_folded, folded
from tau_shaped.reward.reading.normalize_heard import heard_read
from tau_shaped.reward.reading.normalize_misspelt import misspelt_read
from tau_shaped.reward.reading.normalize_markup import (MARKDOWN_HINTS, MARKUP_HINTS, escapes_held, escapes_shown,
                                                        hidden_parts, inert, markdown, markdown_settled, rendered, revealed)
from tau_shaped.reward.reading.normalize_numbers import numbers_in_words
from tau_shaped.reward.reading.normalize_repairs import repair_hinted, withdrawn
from tau_shaped.reward.reading.normalize_asides import asides_out
from tau_shaped.reward.reading.normalize_phonetic import phonetic
from tau_shaped.reward.reading.normalize_spoken import addresses, spelled_letters, spelled_letters_apart, spoken_numbers
from tau_shaped.reward.reading.normalize_stutters import function_stutters_out, may_stutter, stutters_out
from tau_shaped.reward.reading.normalize_texting import texted

__all__ = ["seen", "visible", "unrepaired", "seen_with_map", "Seen", "as_written", "MAX_CHARS"]

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


_LINE_CUT = re.compile(r"(?<=[^\W\d_])-[ \t]*\n[ \t]*(?=[a-z])")  # "Kor-\nma": a word hyphenated at a line's end


# a phone's last group given as a sum ("503-555-(5400+69)"): the number a reader works out (round 15)
_SUMMED_GROUP = re.compile(r"(\d{3}[-. ]\d{3}[-. ])\([ \t]*(\d{1,4})[ \t]*\+[ \t]*(\d{1,4})[ \t]*\)")


def _group_summed(m: "re.Match[str]") -> str:
    total = int(m.group(2)) + int(m.group(3))
    return m.group(1) + f"{total:04d}" if total <= 9999 else m.group()


def _spelled(text: str, letters: Callable[[str], str] = spelled_letters) -> str:
    """Words spelled letter by letter joined, then a run of spaces read as one (after: a wider gap
    is what parts spelled words, "P a d  T h a i"); a word cut at a line's end by a hyphen, its
    rest in lower case on the next line, read whole ("Chicken Kor-\nma", round 15), and a phone's last group
    given as a sum read as the sum ("503-555-(5400+69)" is 503-555-5469, round 15); a spelling alphabet's letters and a
    phone's keypad letters read as ``normalize_phonetic`` reads them (round 16)."""
    if "-" in text and "\n" in text:
        text = _LINE_CUT.sub("", text)
    if "+" in text and "(" in text:
        text = _SUMMED_GROUP.sub(_group_summed, text)
    text = phonetic(letters(text))  # round 16: "alpha november alpha", "503-555-VIKT"
    return _SPACES.sub(" ", text) if "  " in text else text


def _spoken_numbers(text: str) -> str:
    return spoken_numbers(numbers_in_words(text))


_STEPS: Tuple[Callable[[str], str], ...] = (_markup, _unicode, folded, _formatting, asides_out, _spelled, texted, misspelt_read,
                                            heard_read, digits_folded, addresses, _spoken_numbers, stutters_out, withdrawn)


_VISIBLE_STEPS = tuple(_formatting_struck_kept if step is _formatting else step for step in _STEPS if step is not withdrawn)


def _repair_hinted(text: str) -> bool:
    return repair_hinted(text)  # (a hyphen inside an id, "FD-10005", is no dash; round 17: nor is a comma alone a repair)


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


@lru_cache(maxsize=2048)
def unrepaired(text: Optional[str]) -> Optional[str]:
    """``seen(text)`` with the words a self-repair took back kept (struck text still dropped), a word said twice in a row
    kept twice and a spelled run's last letter that is a word left apart (round 20): what an unsafe offer is read in too
    (round 15). The same as ``seen`` for a text that holds no repair's hint."""
    if not text or text.isascii() and "&" not in text and "<" not in text and not _repair_hinted(text) and not may_stutter(text) \
            and spelled_letters_apart(text) == spelled_letters(text):
        return seen(text)  # (round 17: a repair's words disguised, "s\u200borry", "&#115;orry", are read after the steps)
    out = text[:MAX_CHARS]
    for step in _UNREPAIRED_STEPS:
        out = step(out)
    return out


def _spelled_apart(text: str) -> str:
    return _spelled(text, spelled_letters_apart)


# round 20: a word said twice kept twice unless it is a closed-class word ("Pa pa ya Salad" is still a dish's name, "NOT
# NOT ONE I CAN OFFER YOU" no double negative); a spelled run's last letter that is a word left apart ("P A S T A S U LIKE")
_UNREPAIRED_STEPS = tuple({stutters_out: function_stutters_out, _spelled: _spelled_apart}.get(step, step) for step in _STEPS
                          if step is not withdrawn)


@lru_cache(maxsize=8192)
def visible(text: Optional[str]) -> Optional[str]:
    """``seen(text)`` with struck-out text kept: every word the customer can read, what a leak is
    read in (another customer's data, an account's fraud flag: struck out, it was still shown;
    SPEC §10, hard lines fail closed). The same as ``seen`` for a text that holds no ``~`` when
    markdown is read (nor a ``&`` that may still reveal one, nor a ``<del>`` that writes one).
    What a renderer hides and a chat that does not render markup shows (a comment, a hidden
    element, a tag's attribute values: ``normalize_markup.hidden_parts``) and where a link goes
    (``link_targets.link_addresses``, round 20) follow on lines of their own."""
    out = _struck_kept(text)
    addresses = link_addresses(text[:MAX_CHARS]) if text else []
    if addresses:  # where a link goes was shown too (round 20, DH)
        out = (out + "\n" if out else "") + (seen("\n".join(addresses)) or "")
    if text and "<" in text:
        parts = hidden_parts(text[:MAX_CHARS])
        if parts:  # (a message that shows nothing but markup is all hidden parts)
            out = (out + "\n" if out else "") + (visible("\n".join(parts)) or "")
    return out


def _struck_kept(text: Optional[str]) -> Optional[str]:
    if not text or text.isascii() and "~" not in text and "&" not in text and "<" not in text and not _repair_hinted(text):
        return seen(text)  # (a "<" may open a struck-through element: "<del>...</del>")
    out = text[:MAX_CHARS]
    for step in _VISIBLE_STEPS:
        if step is _formatting_struck_kept and "~" not in out and "&" not in out and not _repair_hinted(out):
            return seen(text)  # nothing struck nor taken back: read as seen reads it (and kept there)
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
