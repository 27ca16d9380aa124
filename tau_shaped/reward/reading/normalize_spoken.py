"""Addresses, digits, clock times and spelled words as they are spoken (SPEC §10; used by ``normalize``).

``spelled_letters(text)``: a word spelled letter by letter is the word: at least three single
letters, each two apart by the same one mark, a space, a dot, a hyphen, an underscore or a
middle dot ("K o r m a", "K.o.r.m.a", "K-o-r-m-a", "l o c k e d"), are joined ("Korma"); words
spelled so and kept apart by a wider gap stay apart ("P a d  T h a i" is "Pad  Thai"), words
apart by the same mark run together ("P.a.d.T.h.a.i" is "PadThai", which the name readers take as
the name written without spaces). A lower-case letter before a spelled capitalised word is a
word of its own ("a K o r m a" is "a Korma"), and so is "a" or "I" after another word ("is a
h o l d" is "is a hold"), and a letter after an apostrophe ("there's").
Two letters ("e.g.", "F D 10045") are left as written.

``addresses(text)``: an email written with spaces or in words is the email:
"mia.li7 @ example . com", "mia.li7 (at) example (dot) com", "mia dot li7 at example dot com"
are "mia.li7@example.com". A bare " at " is read as "@" only when the domain after it has a
spoken " dot " ("meet at example.com" and "arrive at 5.30" are not emails); "(at)", "[at]"
and "@" take any dot. A dot with a space on one side only ends a sentence and is kept.

``digits(text)`` (after text2num, which writes "five oh three" as "5 oh 3" and leaves "zero",
"oh" and a lone "one" as words): a run of at least three digit groups holding at least five
digits, at least one of them a digit word ("oh", "zero", "double five") or a single digit, is one
number: "5 oh 3, 5 5 5, 7 2 3 2" is "503 555 7232" (groups split by a comma or a period stay
apart by a space), "F D 1 004 5" is "FD10045" (up to three capital letters before it are an id's
prefix). "3 to 5 business days", "2 items", "16 90" (a price said "sixteen ninety"), and
"503 555 7232" already in groups are left as they are.

``money_pairs(read, piece)`` (after text2num): two numbers said as a price with no money word right
before them, in a clause that speaks of money ("I can put sixteen ninety back on your card") are
dollars and cents ("16.90"); not after "in", "since", "at", ..., nor before "pm", "minutes" or a
street's name, nor where the message wrote the digits so.

``clock(text)``: "8 30 pm" and "at 8 30" (after "at", "by", "around", "until", "before",
"after", "from") are "8:30"; "8 oh 5 pm" is "8:05 pm"; hours 0-23 (1-12 before am/pm), minutes 00-59.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

__all__ = ["addresses", "digits", "clock", "digit_points", "money_pairs", "spoken_numbers", "spelled_letters", "spelled_letters_apart"]

# not after a letter, nor after a contraction's apostrophe ("It's a f.r.a.u.d" spells "fraud", not "saf")
# (round 19: nor into a word spelled with another mark than a space: "X A V I F.i.s.c.h" is "XAVI Fisch", not "XAVIF.isch";
# "F-I-F-T-E-E-N P E R C E N T" is two words)
_SPELLED_WORD = re.compile(r"(?<![^\W_'’])(?<![^\W_]['’])[A-Za-z](?P<sep>[ .\-_\u00b7])[A-Za-z](?:(?P=sep)[A-Za-z])+(?![^\W_])"
                           r"(?!(?!(?P=sep))(?P<other>[.\-_\u00b7])[A-Za-z](?P=other)[A-Za-z])")


def spelled_letters(text: str) -> str:
    """``text`` with words spelled letter by letter joined (see the module docstring)."""
    if "\u00b7" not in text and not _may_spell(text):
        return text
    return _SPELLED_WORD.sub(_joined_letters, text)


def spelled_letters_apart(text: str) -> str:
    """``spelled_letters(text)``, but a last "U" (texting's "you") before a word is left apart: "P A S T A S U LIKE" is
    "PASTAS U LIKE" (round 20). The unsafe-offer reader's second reading (fail closed): "T O F U IS GOOD" is still "TOFU"
    in the first. ("I" and "A" end too many names to be read apart: "T H A I", "P A P A Y A Salad".)"""
    if "\u00b7" not in text and not _may_spell(text):
        return text
    return _SPELLED_WORD.sub(_joined_apart, text)


_WORD_NEXT = re.compile(r" [A-Za-z]{2}")


def _joined_apart(m: "re.Match[str]") -> str:
    run = m.group()
    if m.group("sep") == " " and len(run) >= 7 and run[-1] in "Uu" and _WORD_NEXT.match(m.string, m.end()):
        return _joined_letters(_SPELLED_WORD.match(run[:-2])) + run[-2:] if _SPELLED_WORD.match(run[:-2]) else run
    return _joined_letters(m)


# each UTF-8 byte as what ``_SPELLED_WORD`` reads it as: an ASCII letter "a", a mark that may part spelled
# letters (space, ".", "-", "_") "s", any other "x" (a middle dot's bytes too: a text with one is read in full)
_SPELLING_SHAPE = bytes(ord("a") if chr(b).isascii() and chr(b).isalpha() else ord("s") if chr(b) in " .-_" else ord("x")
                        for b in range(256))


def _may_spell(text: str) -> bool:
    """Whether ``text`` holds what every spelled word holds: three ASCII letters each two apart by one
    mark ("K o r", "k.o.r"), the first at the start or after no letter nor digit (one pass of byte
    lookups where the pattern's look-behinds are tried at every place)."""
    shape = text.encode("utf-8", "surrogatepass").translate(_SPELLING_SHAPE)
    return shape.startswith(b"asasa") or b"sasasa" in shape or b"xasasa" in shape


def _joined_letters(m: "re.Match[str]") -> str:
    run, sep = m.group(), m.group("sep")
    if sep == " " and len(run) >= 9 and (run[0].islower() and run[2].isupper() or run[0] in "aAI" and _AFTER_A_WORD.search(
            m.string, max(0, m.start() - 2), m.start()) and _opens_a_word(run[2:].replace(sep, "").lower())):
        return run[:2] + run[2:].replace(sep, "")  # "a K o r m a", "is a h o l d": a word "a" or "I", then one spelled
    if sep == " " and len(run) >= 9 and run[-1].islower() and run[:-2].replace(" ", "").isupper():
        return run[:-2].replace(sep, "") + run[-2:]  # round 16: "K O R M A n/a": the capitals spell, "n" opens a word of its own
    return run.replace(sep, "")


_AFTER_A_WORD = re.compile(r"[A-Za-z,] \Z")
# round 20: the two consonants an English word may open with; "I N S T A N T L Y" after a word is one word spelled
# ("NSTANTLY" opens with none: "I MEAN I N S T A N T L Y" is "instantly"), "I N E E D" and "a h o l d" a word and another
_ONSETS = frozenset("bl br ch cl cr dr dw fl fr gl gn gr kl kn kr ph pl pr ps sc sh sk sl sm sn sp sq st sw th tr ts tw wh wr".split())
_VOWELS = frozenset("aeiou")


def _opens_a_word(rest: str) -> bool:
    """Whether ``rest`` (the letters spelled after an "a" or "I") may open an English word of its own."""
    return len(rest) < 2 or rest[0] in _VOWELS or rest[1] in _VOWELS or rest[:2] in _ONSETS

_LOCAL = r"[A-Za-z0-9_%+-]{1,64}"
_LABEL = r"[A-Za-z0-9-]{1,63}"
_SQUEEZED_AT = r"[ \t]{0,3}@[ \t]{0,3}"
_MARKED_AT = r"[ \t]{0,3}[(\[]at[)\]][ \t]{0,3}"
_WORD_AT = r"[ \t]{1,3}at[ \t]{1,3}"
_SPOKEN_DOT = r"[ \t]{0,3}[(\[]dot[)\]][ \t]{0,3}|[ \t]{1,3}dot[ \t]{1,3}"
_WRITTEN_DOT = r"\.|[ \t]{1,3}\.[ \t]{1,3}"
_ANY_DOT = rf"(?:{_SPOKEN_DOT}|{_WRITTEN_DOT})"
_EMAIL = re.compile(
    rf"(?<![\w.%+-])(?P<local>{_LOCAL}(?:{_ANY_DOT}{_LOCAL}){{0,3}})"
    rf"(?P<at>{_SQUEEZED_AT}|{_MARKED_AT}|{_WORD_AT})"
    rf"(?P<domain>{_LABEL}(?:{_ANY_DOT}{_LABEL}){{1,5}})(?![\w-])(?!{_MARKED_AT}|{_WORD_AT}|{_SQUEEZED_AT})",
    re.IGNORECASE)
_DOTS = re.compile(_ANY_DOT, re.IGNORECASE)
_SPOKEN_DOT_RE = re.compile(_SPOKEN_DOT, re.IGNORECASE)
_WORD_AT_RE = re.compile(r"\bat\b", re.IGNORECASE)


def _may_hold_email(text: str) -> bool:
    """Whether ``addresses`` may change ``text``: an "@" with a space or a dot word near it, or a
    spelled "at" with a spelled dot (False: it does not)."""
    low = text.lower()
    if "@" in text:
        if "@ " in text or " @" in text or "\t@" in text or "@\t" in text or " ." in text or "\t." in text:
            return True
        if "dot" not in low:
            return False
    return "(at)" in low or "[at]" in low or ("dot" in low and _WORD_AT_RE.search(low) is not None)


def _email(m: "re.Match[str]") -> str:
    at, domain = m.group("at"), m.group("domain")
    if at.strip().lower() == "at" and not _SPOKEN_DOT_RE.search(domain):
        return m.group()  # "at" + a written dot: a place, not an email
    return _DOTS.sub(".", m.group("local")) + "@" + _DOTS.sub(".", domain)


def addresses(text: str) -> str:
    """``text`` with spaced or spelled emails written as emails (see the module docstring)."""
    if not _may_hold_email(text):
        return text
    return _EMAIL.sub(_email, text)


_WORD_DIGITS = {"zero": "0", "oh": "0", "o": "0", "nought": "0", "one": "1", "two": "2", "three": "3",
                "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_DIGIT_WORD = r"(?i:zero|oh|o|nought|one|two|three|four|five|six|seven|eight|nine)"
_MUL = r"(?i:double|triple)"
_GROUP = rf"(?:{_MUL}[ \t]{{1,2}}(?:\d|{_DIGIT_WORD})\b|\d{{1,4}}\b|{_DIGIT_WORD}\b)"
_SEP = r"(?:[ \t]{1,2}|[ \t]?-[ \t]?|[,.][ \t]{1,2})"
# A run starts at a digit or "double"/"triple" (the regex then starts with a character class, which
# the engine looks for fast); what stands before it is checked in ``_joined``.
_RUN = re.compile(rf"(?:\d{{1,4}}\b|{_MUL}[ \t]{{1,2}}(?:\d|{_DIGIT_WORD})\b)(?:{_SEP}{_GROUP}){{2,24}}(?![\w$%£€]|[.,]\d)")
_PIECE = re.compile(rf"(?P<mul>{_MUL})[ \t]{{1,2}}(?P<d>\d|{_DIGIT_WORD})|(?P<n>\d{{1,4}}|{_DIGIT_WORD})|(?P<gap>[,.])")
# an id's prefix right before a run: "F D ", "FD ", "FD", "#"
_PREFIX = re.compile(r"(?:(?<![\w.])(?:[A-Z][ \t]){1,3}|(?<![\w.])[A-Z]{2,3}[ \t]?|#)\Z")
_LETTERS = re.compile(r"[A-Za-z]+")


def _reading(m: "re.Match[str]") -> Optional[Tuple[int, str]]:
    """Where a digit run's reading starts (its id prefix's start, or its own) and the reading,
    or None where the run is left as written."""
    text, start = m.string, m.start()
    prefix = ""
    if start and not text[start - 1] in " \t\n":
        before = text[start - 1]
        p = _PREFIX.search(text, max(0, start - 8), start)
        if p is None:
            if before.isalnum() or before in "_.,$£€-":
                return None  # the run goes on a number or a word: "12345 6 7", "$5 5 5"
        else:
            prefix, start = p.group(), p.start()
    elif start:
        p = _PREFIX.search(text, max(0, start - 8), start)
        if p is not None:
            prefix, start = p.group(), p.start()
    groups: List[List[str]] = [[]]
    spelled = False
    for piece in _PIECE.finditer(m.group()):
        if piece.group("gap"):
            groups.append([])
        elif piece.group("mul"):
            d = piece.group("d").lower()
            groups[-1].append(_WORD_DIGITS.get(d, d) * (2 if piece.group("mul").lower() == "double" else 3))
            spelled = True
        else:
            n = piece.group("n").lower()
            spelled = spelled or n in _WORD_DIGITS or len(n) == 1
            groups[-1].append(_WORD_DIGITS.get(n, n))
    tokens = sum(len(g) for g in groups)
    if tokens < 3 or sum(len(d) for g in groups for d in g) < 5 or not spelled or any(not g for g in groups):
        return None
    if any(w.lower() not in _WORD_DIGITS and w.lower() not in ("double", "triple") for w in _LETTERS.findall(m.group())):
        return None
    if len(groups) > 1 and all(len(g) == 1 for g in groups):
        return None  # "1, 2, 3": a list of numbers, nothing joined
    return start, "".join(prefix.split()) + " ".join("".join(g) for g in groups)


# Whether a message may hold a digit run or a spoken time is read in its UTF-8 bytes with every
# digit made "0" and tabs, commas and dashes made spaces (a byte table is a lookup a byte; a
# ``str.translate`` a dictionary lookup a character), lower-cased. A run that ``digits`` joins has
# a lone digit or a digit word next to another group; a time that ``clock`` writes is an
# hour, one or two spaces and two digits or "oh" and a digit. Most messages hold numbers, few either.
_SHAPE = bytes.maketrans(b"123456789\t,-", b"000000000   ")
_SPELLED = rb"(?:oh?|zero|nought|one|two|three|four|five|six|seven|eight|nine|double|triple)\b"
# (a lone digit before or after the separator, or a digit word after it: "503-555-7232" as
# written is not looked at; each starts with a literal, which the engine looks for fast)
_MAY_JOIN = re.compile(rb"0\.? (?: {0,2})(?:0(?![0-9])|" + _SPELLED + rb")|0(?<![0-9]0)\.? (?: {0,2})0")
_MAY_CLOCK = re.compile(rb"0 (?: ?)(?:00|(?:oh?|0) {1,2}0)(?![0-9])")


def _shaped(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass").translate(_SHAPE).lower()


def spoken_numbers(text: str) -> str:
    """``clock(digits(text))``, each only where it may change the text."""
    shaped = _shaped(text)
    spaced = b"0 " in shaped or b"0. " in shaped
    if (spaced and _MAY_JOIN.search(shaped)) or b"double" in shaped or b"triple" in shaped:
        text = digits(text)
        shaped = _shaped(text)
    return clock(text) if b"0 " in shaped and _MAY_CLOCK.search(shaped) else text


def digits(text: str) -> str:
    """``text`` with spoken digit runs joined (see the module docstring)."""
    out: List[str] = []
    last = 0
    for m in _RUN.finditer(text):
        reading = _reading(m)
        if reading is None:
            continue
        start = max(reading[0], last)
        out.append(text[last:start])
        out.append(reading[1])
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


_AMPM = re.compile(r"[ \t]{0,2}(?i:[ap]\.?m\b)")
_CLOCK = re.compile(r"(?P<h>\d{1,2})[ \t]{1,2}(?:(?P<m>[0-5]\d)|(?i:oh|o|0)[ \t]{1,2}(?P<m1>\d))\b")
_TIME_WORD = re.compile(r"(?i:\b(?:at|by|around|until|till|before|after|from))[ \t]{1,2}\Z")
_GOES_ON = re.compile(r"[\w:.,]\d|[ \t]{1,2}\d|\w")


def _time(m: "re.Match[str]") -> str:
    text, s, e = m.string, m.start(), m.end()
    if s and (text[s - 1].isalnum() or text[s - 1] in "_.:$"):
        return m.group()
    if _AMPM.match(text, e):
        limit = 12
    elif _TIME_WORD.search(text, max(0, s - 10), s) and not _GOES_ON.match(text, e):
        limit = 23
    else:
        return m.group()
    if int(m.group("h")) > limit:
        return m.group()
    return f"{m.group('h')}:{m.group('m') or '0' + m.group('m1')}"


def clock(text: str) -> str:
    """``text`` with spoken clock times written with a colon (see the module docstring)."""
    return _CLOCK.sub(_time, text)


# A pair said with no cue right before it, in a clause that speaks of money ("I can put sixteen
# ninety back on your card", "sixteen ninety goes to your wallet"): dollars and cents too. Not a
# year or a time (after "in", "since", "at", "by", ...; before "am", "minutes"), nor a house number
# (before a street's name), nor a count (before a noun the pair counts: the guard after the cents).
# round 12: the pair said with a pause written as a comma ("nineteen, sixty is going back to your card", "Total: nineteen,
# seventy-three"), only with what a price's sentence goes on with after it, and not in a list ("12, 14 and 16", "1, 12, 14")
_BARE_PAIR = re.compile(r"(?<![\w.$])(?P<d>[1-9][0-9]?)(?P<sep> |, )(?P<c>[1-9][0-9])(?![-.,]?\w)")
_LISTED_BEFORE = re.compile(r"[0-9](?:,? |,| (?:and|or|to) )\Z")
_PRICE_GOES_ON = re.compile(r"(?i)[ \t]*(?:$|[.!?;)\n]|[ \t](?:dollars?|bucks|is|are|was|will|goes|going|went|back|to|on|in|into|has|have"
                            r"|refunded|credited|charged|total|all[ \t]in|even)\b)")
_MONEY_CLAUSE = re.compile(
    r"(?i)\$|\b(?:refund\w*|reimburs\w*|back|charg\w*|pay|pays|paid|paying|payment|card|wallet|credit\w*|price\w*|"
    r"cost\w*|dollars?|bucks|usd|fees?|total|bill\w*|compensat\w*|owe[sd]?|balance)\b")
# the sentence: a clause after ";" corrects the one before ("a refund of eighteen fifty-five isn't right; it's sixteen ninety")
_CLAUSE_END = re.compile(r"[.?!](?=\s|$)|\n")
_NOT_MONEY_BEFORE = re.compile(
    r"(?i)\b(?:in|since|year|of|at|by|around|until|till|before|after|from|born|circa|number|no|apartment|apt|"
    r"suite|unit|room|street|st|avenue|ave|road|rd|route|floor|table|model|version|flight|gate|bus)[ \t]+\Z")
_NOT_MONEY_AFTER = re.compile(
    r"(?i)[ \t]+(?:[ap]\.?m\b|o'?clock|minutes?|mins?|hours?|seconds?|days?|weeks?|months?|years?|"
    r"(?:[A-Z][a-z]+[ \t]+)?(?:street|st|avenue|ave|road|rd|lane|ln|boulevard|blvd|drive|dr|way|court|ct|place|pl)\b)")


def _pair_in_money_clause(m: "re.Match[str]", piece: str) -> str:
    text, d, c = m.string, m.group("d"), m.group("c")
    if f"{d}{m.group('sep')}{c}" in piece:  # the message wrote the digits so: left as written
        return m.group(0)
    if m.group("sep") != " " and (_LISTED_BEFORE.search(text, max(0, m.start() - 6), m.start())
                                  or not _PRICE_GOES_ON.match(text, m.end()) or _LISTED_AFTER.match(text, m.end())):
        return m.group(0)
    start = max((e.end() for e in _CLAUSE_END.finditer(text, 0, m.start())), default=0)
    end_m = _CLAUSE_END.search(text, m.end())
    clause = text[start:end_m.start() if end_m else len(text)]
    if not _MONEY_CLAUSE.search(clause):
        return m.group(0)
    if _NOT_MONEY_BEFORE.search(text, max(0, m.start() - 20), m.start()) or _NOT_MONEY_AFTER.match(text, m.end()):
        return m.group(0)
    return f"{d}.{c}"


_LISTED_AFTER = re.compile(r",?[ \t]{1,2}(?:and|or|to)?[ \t]{0,2}[0-9]")

# round 12: a figure said digit by digit up to its point ("one six point nine zero dollars": text2num writes "1 6.90"),
# one number (16.90); digits the message wrote so stay as written
_DIGIT_RUN_POINT = re.compile(r"(?<![\w.$,])(?P<run>(?:[0-9] ){1,4})(?P<last>[0-9]\.[0-9]{1,2})(?![0-9]|[.,][0-9])")


def digit_points(read: str, piece: str) -> str:
    """``read`` (text2num's reading of ``piece``, which said "point") with digits said one by one before a point joined."""
    return _DIGIT_RUN_POINT.sub(lambda m: m.group(0) if m.group(0) in piece else m.group("run").replace(" ", "") + m.group("last"), read)


def money_pairs(read: str, piece: str) -> str:
    """``read`` (text2num's reading of ``piece``) with each pair of numbers in a money clause as a price."""
    return _BARE_PAIR.sub(lambda m: _pair_in_money_clause(m, piece), read) if " " in read else read

