"""An unsafe dish offered by what it holds, not by its name (SPEC §10 Offers; read by ``unsafe_offers``).

The policy (wiki.md, "Substitutions and allergens") forbids proposing a substitute that holds one of the customer's
allergens; "There's a creamy curry with cashews that's the closest match" proposes one as much as naming the Chicken
Korma does. In a clause that offers (an offering word not negated, a comparison: "closest", "best match", "similar";
a list item under a header or above a footer that offers; or a sentence followed by a bare pronoun offered, "There's a
curry with cashews. Want it?"), a word describing something as holding the customer's allergen
(``allergen_words.ingredient_pattern``: "cashews", "peanut sauce", "satay", "tofu", "naan") is an unsafe offer, unless
the same clause excludes it: a negation or a word that sets it apart among the few words before it ("without cashews",
"no nuts", "zero nuts", "avoid anything with cashews", "rather than a dish with cashews", "allergic to cashews"), a
word of an allergy or of its absence after it ("nut allergy", "nut-free", "peanut- and tree-nut-free"), a quotation of
the customer's words ('You said "no cashews"'), said excluded after it ("... are excluded", "is off the table"); or it
describes a dish named in the clause that the name reader has judged (an unsafe one before it, "the Korma, which has
cashews"; one it is said to be in, "cashews are in the Korma"; one set apart, "instead of the X with cashews").

Runs only on a message holding such a word (one search of the customer's pattern); each hit reads a bounded window.
"""

from __future__ import annotations

import re
from typing import Any, Callable, List, Optional, Sequence, Tuple

from tau_shaped.reward.reading.dish_exclusions import OFFERING, STILL, allergen_before, offering_negated, replaced_before
from tau_shaped.reward.reading.dish_lists import list_footer, list_header
from tau_shaped.reward.reading.dish_negations import negation_at
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["described_offer"]

_WINDOW = 64  # characters before an ingredient word read for what sets it apart
_APART_BEFORE = re.compile(
    r"(?<![^\W_])(?:no(?![ \t]*[,!])(?![ \t]+(?:problem|worries|doubt|need|rush)(?!\w))|zero|without|w/o|minus|sans|free[ \t]+(?:of|from)|hold[ \t]+the|except(?:[ \t]+for)?|excluding|"
    r"other[ \t]+than|apart[ \t]+from|aside[ \t]+from|besides|instead[ \t]+of|rather[ \t]+than|in[ \t]+place[ \t]+of|unlike|"
    r"(?:anything|everything|all)[ \t]+but|but[ \t]+not|avoid\w*|skip\w*|steer\w*[ \t]+clear[ \t]+of|(?:stay|keep)\w*[ \t]+(?:away[ \t]+from|clear[ \t]+of)|"
    r"allerg\w*[ \t]*[(:–—-]|(?:check\w*|verify\w*|confirm\w*|see|find\w*[ \t]+out|look\w*[ \t]+(?:for|into)|ask\w*)[ \t]+(?:which|whether|if|what)|allergic[ \t]+to|allerg(?:y|ies)[ \t]+to|sensitive[ \t]+to|intolerant[ \t]+(?:to|of)|check\w*[ \t]+for|screen\w*[ \t]+for|exclud\w*|"
    r"rul\w*[ \t]+out|omit\w*|remov\w*|(?:recommend|suggest|prefer|pick|choos|go[ \t]+(?:with|for))\w*[^.;!?\n]{1,40}?[ \t](?:over|above))"
    r"(?!(?<=[^\W_])[^\W_])[ \t,]*(?:(?:[^\W\d_]+|w/)[ \t,]+){0,5}[\"'“‘(*_]*$",
    re.IGNORECASE,
)
# Said of what was described, after it: "... are excluded", "... is off the table", "... aren't safe".
_EXCLUDED_AFTER = re.compile(
    r"[^.;!?\n]{0,60}?(?<![^\W_])(?:is|are|was|were|['’]s|would[ \t]+be|will[ \t]+be)(?:[ \t]+\w+ly)?[ \t]*(?:n['’]t|[ \t]not|[ \t]+excluded|"
    r"[ \t]+out|[ \t]+off|[ \t]+unsafe|[ \t]+unsuitable|[ \t]+off[- ]limits|[ \t]+ruled[ \t]+out|[ \t]+a[ \t]+no|[ \t]+risky|[ \t]+dangerous)(?!\w)",
    re.IGNORECASE)
# Customer's words quoted: 'You said "no cashews"', "your note ('allergic to peanuts')"; an apostrophe inside a word opens no
# quote (round 19: "Like I mentioned, there's a noodle dish with prawns" quotes nothing)
_QUOTED = lazy(r"(?<!\w)(?:said|say|says|wrote|write|writes|told|tell|mentioned|mention|asked|ask|note|noted|words?|request\w*)"
                     r"[^\"“”\n]{0,24}(?:[\"“‘]|(?<![^\W_])')([^\"”'’\n]{0,160})$", re.IGNORECASE, needs=('ask', 'asked', 'mention', 'mentioned', 'note', 'noted', 'request', 'said', 'say', 'says', 'tell', 'told', 'word', 'write', 'writes', 'wrote'))
_COMPARISON = lazy(r"(?<!\w)(?:clos(?:est|er)|nearest|similar|most[ \t]+like|next[ \t-]+best|best[ \t]+(?:match|fit|bet|option)|"
                         r"(?:close|good|near)[ \t]+match|open[ \t]+to|interested[ \t]+in|in[ \t]+the[ \t]+mood[ \t]+for|up[ \t]+for|"
                         r"(?:got|have|found|there['’]s)[ \t]+(?:a|an|some|this|one)(?:[ \t]+[^\W\d_]+){0,6}[ \t]+for[ \t]+you)(?!\w)", re.IGNORECASE, needs=('best', 'close', 'for', 'interested', 'match', 'mood', 'most', 'nearest', 'next', 'open', 'similar'))
# The next sentence offers what was described by a pronoun: "Want it?", "Shall I propose it?", "Would that work?"
_PRONOUN_OFFER = re.compile(
    r"[\s\"'”’)*_]*(?:(?:so|then|ok|okay|well)[ \t,]+)?(?:(?:want|fancy|shall[ \t]+I|should[ \t]+I|can[ \t]+I|may[ \t]+I|would[ \t]+you|do[ \t]+you|"
    r"interested[ \t]+in|how[ \t]+about|what[ \t]+about)(?:[ \t]+[^\W\d_]+){0,3}?[ \t]+(?:it|that|this|one|them)|"
    r"(?:would|could|does|will|might|how[ \t]+does|how[ \t]+would)[ \t]+(?:it|that|this)(?:[ \t]+one)?[ \t]+(?:\w+[ \t]+)?"
    r"(?:work|do|suit|sound|appeal))(?!\w)[^.!?\n]{0,40}(?:\?|[ \t]*$)", re.IGNORECASE)  # round 12: a transcript's unmarked last "Want it, maybe"
# A noun phrase asked about: "Maybe the creamy one with cashews?", "Or a curry with almonds?"
_ASKED = lazy(r"[ \t\"'“‘(*_]*(?:(?:or|maybe|perhaps|possibly|and)[ \t,]+)*(?:the|a|an|some|something|one|anything)(?!\w)[^?\n]*\?|"
                    r"[^?\n]*[ \t,–—-](?:perhaps|maybe|possibly|then)[ \t]*\?", re.IGNORECASE, needs=('?', 'maybe', 'perhaps', 'possibly', 'then'))
_NOTHING = re.compile(r"(?!x)x")
_ITEM_LINE = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)])[ \t]")


def described_offer(text: str, ingredient: Any, mentions_of: Callable[[], Sequence[Any]],
                    clauses: Callable[[str, int, int], List[Tuple[int, int]]]) -> Optional[str]:
    """The first clause of ``text`` that offers something described as holding the customer's allergen (``ingredient``:
    ``allergen_words.ingredient_pattern``), as evidence, or None. ``mentions_of``: the dishes named
    (``dish_names.Mention``, found on first call; the unsafe ones were not offered: the name reader found none);
    ``clauses``: how ``unsafe_offers`` cuts a line."""
    pos = 0
    for line in text.split("\n"):
        lo, hi = pos, pos + len(line)
        pos = hi + 1
        if ingredient.search(text, lo, hi) is None:
            continue
        for clo, chi in clauses(text, lo, hi):
            offers: List[bool] = []  # whether the clause offers: read once, for its first word held (linear in a long clause)
            for found in ingredient.finditer(text, clo, chi):
                # words first, then the clause's offer, then the dishes named (found only then: most hits stop before)
                if not _said_held(text, clo, chi, found.start(), found.end()):
                    continue
                if not offers:
                    offers.append(_offers(text, clo, chi, lo, hi, mentions_of))
                if offers[0] and _held(text, clo, chi, found.start(), found.end(), mentions_of(), ingredient):
                    return f"offered a dish holding {found.group(0)!r} in words: {text[lo:hi].strip()[:120]!r}"
    return None


# What every one offered is said to hold (round 16): "candidates: all contain gluten", "they both have peanut", "the options
# all use sesame"; not asked ("Both have peanut -- want one?") nor offered all the same ("..., but you said you don't mind")
_ALL_HOLD = re.compile(r"(?<![^\W_])(?:all|both|each|every[ \t]+(?:one|option|candidate|dish)|they[ \t]+(?:all|both)|all[ \t]+of[ \t]+them|"
                       r"(?:the[ \t]+)?(?:candidates|options|alternatives|substitutes|swaps|results)[ \t]+(?:all|both))[ \t]+"
                       r"(?:contain|have|has|hold|include|use)s?(?:[ \t]+[^\W\d_]+){0,2}[ \t]+$", re.IGNORECASE)


# An allergen alone in parentheses with no item before it in its clause but a label ("Swap suggestion: (soy)"): what it was
# said of is not there (struck out, which the customer sees as ruled out).
_ORPHAN_OPEN = lazy(r"(?:^|:)[ \t*_]*\([ \t]*$", needs=('(',))
_ORPHAN_CLOSE = re.compile(r"[ \t]*\)[ \t*_]*(?:$|[,.;!?→]|->|-{1,2}|–|—)")


def _said_held(text: str, lo: int, hi: int, start: int, end: int) -> bool:
    """Whether the words around the word at ``text[start:end]`` leave it held by something (not excluded, no allergy,
    not the customer's words)."""
    window_lo = max(lo, start - _WINDOW)
    if negation_at(text, lo, start) or _APART_BEFORE.search(text, window_lo, start) or _QUOTED.search(text, window_lo, start):
        return False
    if _ALL_HOLD.search(text, window_lo, start):  # round 16: "candidates: all contain gluten or tree nut" rules them all out
        stop = text.find("\n", end)
        rest = text[end:min(end + 160, len(text) if stop < 0 else stop)]  # the rest of the line: "..., but you don't mind"
        if not STILL.search(rest) and "?" not in rest:
            return False
    if _ORPHAN_OPEN.search(text[window_lo:start]) and _ORPHAN_CLOSE.match(text, end, hi):
        return False  # round 12: a note of nothing, its item struck out ("Swap suggestion: ~~Edamame~~ (soy) -> Spring Rolls")
    return not (_EXCLUDED_AFTER.match(text, end, hi) and not OFFERING.search(text, end, min(hi, end + 60)))


def _held(text: str, lo: int, hi: int, start: int, end: int, mentions: Sequence[Any], ingredient: Any) -> bool:
    """Whether the word at ``text[start:end]`` is no named dish's the name reader judged."""
    before = [m for m in mentions if lo <= m.start and m.end <= start]
    if any(m.start <= start < m.end for m in mentions):
        return False  # a word of a dish's name ("Pesto Pasta"): the name reader judged it
    if before and start - before[-1].end <= 80 and (replaced_before(text, lo, before[-1].start)
                                                    or before[-1].unsafe and not _subject_of_cue(text, end, hi, mentions)):
        return False  # "the Korma, which has cashews": the named dish's; not "The Korma with cashews is the closest match"
    after = [m for m in mentions if start < m.start < hi]
    if after and after[0].unsafe and allergen_before(text, lo, after[0].start, ingredient):
        return False  # "cashews are in the Korma"
    return True


_UNSUITABLE_BEFORE = re.compile(r"(?<!\w)(?:bad|poor|terrible|risky|unsafe|wrong|dangerous|unsuitable|unwise)(?:[ \t]+\w+)?[ \t]+$", re.IGNORECASE)


def _subject_of_cue(text: str, end: int, hi: int, mentions: Sequence[Any]) -> bool:
    """Whether an offering word or a comparison after the word ending at ``end`` is said of what it describes ("The Korma
    with cashews is the closest match"): no dish named between them nor right after it, not "a bad option"."""
    for o in (*OFFERING.finditer(text, end, hi), *_COMPARISON.finditer(text, end, hi)):
        if any(end <= m.start < o.end() + 48 for m in mentions):
            return False
        if not negation_at(text, end, o.start()) and not _UNSUITABLE_BEFORE.search(text, max(end, o.start() - 30), o.start()):
            return True
    return False


def _offers(text: str, lo: int, hi: int, line_lo: int, line_hi: int, mentions_of: Callable[[], Sequence[Any]]) -> bool:
    """Whether the clause ``text[lo:hi]`` offers what it describes: an offering word or a comparison not negated, a
    list item under a header or above a footer that offers, or a bare pronoun offered in the next sentence."""
    for o in (*OFFERING.finditer(text, lo, hi), *_COMPARISON.finditer(text, lo, hi)):
        if not offering_negated(text, lo, o.start()) and not replaced_before(text, lo, o.start()):
            return True
    if _ASKED.match(text, lo, min(len(text), hi + 1)) and text.find("?", lo, hi + 1) >= hi - 1:
        return True
    if _ITEM_LINE.match(text, line_lo, line_hi):
        foot = list_footer(text, line_hi)
        if foot is not None and foot[0] == "offers":
            return True
        head = _header_above(text, line_lo)
        if head is not None:  # "Here are the options I can offer:", "Similar dishes:"; not "Options to avoid:"
            said = list_header(text, head[0], head[1], _NOTHING)
            return said == "offers" or said is None and _COMPARISON.search(text, head[0], head[1]) is not None
    end = re.compile(r"[.!?](?=\s|$)").search(text, hi, hi + 2) if hi < len(text) else None
    if end is not None or hi == line_hi:
        nxt = end.end() if end is not None else hi
        said = _PRONOUN_OFFER.match(text, nxt, min(len(text), nxt + 80))
        return said is not None and not any(nxt <= m.start < said.end() for m in mentions_of())
    return False


def _header_above(text: str, line_lo: int) -> Optional[Tuple[int, int]]:
    """The line ending in ":" above the list holding the item line at ``line_lo`` (within 12 lines), or None."""
    hi = line_lo - 1
    for _ in range(12):
        if hi < 0:
            return None
        lo = text.rfind("\n", 0, hi) + 1
        line = text[lo:hi]
        if line.strip() and not _ITEM_LINE.match(line):
            return (lo, hi) if line.rstrip().endswith(":") else None
        hi = lo - 1
    return None
