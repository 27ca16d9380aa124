"""What a list says of the dishes in it (SPEC §10 Offers; read by ``unsafe_offers``): a line ending in ":"
over a list offers its items ("Here are the options I can offer:") or sets them apart ("These contain
your allergens:", "Options to avoid:"); a line right after a list that asks for a pick ("Pick one?",
"Any of these work?", "Which would you like?") offers them too, one that declines them ("I can't
offer any of these") sets them apart, and one that offers the dishes it names and no more ("Shall I swap in the
Spring Rolls?", ``footer``; inside one line too: "1. A 2. B — ...", ``inline_footer``) offers those alone; in a table, a later cell of the dish's row read under its column's
header (``table_cell_excludes``: "No" under "Safe for you?", "Yes" under "Contains your allergens?"); and, inside one sentence, what may
follow an item of a list an offering word opens (a note or a price at most: "Samosa (gluten),",
"Samosa - has gluten,", ``ITEM_END``); after dishes listed together, a predicate of them all (``listed_predicate_excludes``:
"... both contain your allergens", "are all unsafe", a ticket's "Korma, Naan & Samosa excluded"). Each reads a bounded
slice of the text."""

from __future__ import annotations

import re
from typing import Optional, Tuple

from tau_shaped.reward.reading.courtesy_closings import closing_start
from tau_shaped.reward.reading.allergen_words import labelled
from tau_shaped.reward.reading.dish_exclusions import CONTAINS, OFFERING, TERSE, UNSUITABLE, predicate_excludes
from tau_shaped.reward.reading.dish_negations import negation_at
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["ITEM_END", "aside", "crossed_before", "footer", "inline_footer", "label_before", "list_footer", "list_header", "listed_predicate_excludes", "noted_out", "own_swapped_before", "table_cell_excludes"]

_EXCLUDING_HEADER = re.compile(r"(?<!\w)(?:unsafe|not safe|avoid\w*|can(?:no|['’])t|won['’]t|not (?:offer|suggest|recommend|propos|"
                               r"available|possible|an option)\w*|off[- ]limits|exclud\w*|ruled out|reject\w*|declined|disqualif\w*|eliminat\w*|veto\w*|turned down|skip)", re.IGNORECASE)
_KIND_OF = re.compile(r"[ \t-]+(?:dish(?:es)?|items?|ones|options|choices|picks|mains|sides|desserts|drinks)(?!\w)", re.IGNORECASE)
_NONE_OF = re.compile(r"(?<!\w)(?:no|not|none|without|zero|free)(?!\w)", re.IGNORECASE)
_NOUNS = ("option", "alternative", "choice", "candidate", "pick")  # offering words that only name what follows
_LOOKED_AT = re.compile(r"(?<!\w)(?:look\w*|check\w*|consider\w*|review\w*|went[ \t]+through|found|saw|seen|I[ \t]+have|on[ \t]+the[ \t]+menu)(?!\w)",
                        re.IGNORECASE)

ITEM_END = re.compile(r"[ \t]*(?:\([^()\n]{0,60}\)|(?:--?|[–—])[ \t]*[^-–—,;.!?()\n]{1,40}|\$[0-9.]+)?[ \t\"'”’*_]*(?:[,;.!?)\n]|(?:or|and|nor)(?!\w)|$)",
                       re.IGNORECASE)  # after a list's item: a note or a price at most ("Samosa (gluten),", "Samosa - has gluten,")
_ITEM_LINE = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)]|\|)")
_FOOTER_ASKS = re.compile(r"(?<!\w)(?:pick|choose|any[ \t]+of[ \t]+(?:these|those|them)|which[ \t]+(?:one|would|do|of)|one[ \t]+of[ \t]+(?:these|those)|"
                          r"let[ \t]+me[ \t]+know[ \t]+which|your[ \t]+(?:pick|choice|call))(?!\w)", re.IGNORECASE)
# A word of a footer that takes in the list, or may ("Shall I swap one of them in?", "or anything else above?"); "it", "that",
# "the one" say what the footer names.
_THE_LIST = re.compile(r"(?<!\w)(?:these|those|them|they|others?|rest|any\w*|either|all|both|each|list\w*|above|below|else|"
                       r"(?<!the )(?<!the only )ones?|whichever|whatever|which)(?!\w)", re.IGNORECASE)
_INLINE_ITEM = re.compile(r"(?<![^ \t])[0-9]{1,2}[.)][ \t]+")  # "1. Udon 2. Korma": an item's number inside a line
_ITEM_STOP = re.compile(r"[ \t]+[-–—][ \t]+|[—–]|[.!?:](?:[ \t]+|$)")


def list_footer(text: str, end: int) -> Optional[Tuple[str, int, int]]:
    """What a line right after the list whose item line ends at ``end`` (within 12 lines) says of its
    items, and where that line is (``footer``)."""
    for _ in range(12):
        if end >= len(text):
            return None
        nxt = text.find("\n", end + 1)
        lo, end = end + 1, (len(text) if nxt < 0 else nxt)
        if not text[lo:end].strip() or _ITEM_LINE.match(text, lo, end):
            continue
        return footer(text, lo, end)
    return None


def inline_footer(text: str, lo: int, hi: int) -> Optional[Tuple[str, int, int]]:
    """The same of a list numbered inside one line (``text[lo:hi]``: "1. Udon 2. Korma 3. Rolls — Shall I swap in the
    Rolls?"): the rest of the line after its last item's first stop (a dash, a sentence end, a colon)."""
    marks = list(_INLINE_ITEM.finditer(text, lo, hi))
    stop = _ITEM_STOP.search(text, marks[-1].end(), hi) if len(marks) >= 2 else None
    return footer(text, stop.end(), hi) if stop is not None else None


def footer(text: str, lo: int, end: int) -> Optional[Tuple[str, int, int]]:
    """What the line ``text[lo:end]`` after a list says of its items: "offers" when it asks for a pick ("Pick one?",
    "Any of these work?", "Which would you like?", "Shall I swap one of them in?"), or offers with a word that takes
    in the list ("these", "the others", "anything else on the list"); "chooses" when it offers and names no more than
    dishes ("Shall I swap in the Spring Rolls?": the reader finds which; none named is "offers"); "excludes" when
    every such word in it is negated ("I can't offer any of these"); else None."""
    end = closing_start(text, lo, end)  # round 17: "If you need anything further later, ..." takes in no list
    asks = list(OFFERING.finditer(text, lo, end)) + list(_FOOTER_ASKS.finditer(text, lo, end))
    if not asks:
        return None
    kept = [o for o in asks if not negation_at(text, lo, o.start())]
    if not kept:
        return ("excludes", lo, end)
    if _FOOTER_ASKS.search(text, lo, end) or _THE_LIST.search(text, lo, end):
        return ("offers", lo, end)
    return ("chooses", lo, end)


# round 12: a markdown heading or a blockquote or bold line of a few words with no stop and no colon ("### Not safe for you",
# "> Not recommended", "**Left out**") heads the list under it as a line ending in ":" does
_HEADING = re.compile(r"(?:[^\n]*?[.!?][ \t]+)?[ \t]*(?:#{1,6}[ \t]+|>[ \t]*(?=[*_]*[^\W\d_])|(?=[*_]{2}))[*_]*[^\W\d_][^\n.!?:|]{0,40}?[*_]*[ \t]*")


def heading_line(line: str) -> bool:
    """Whether ``line`` is a heading of a few words (markdown "#", a blockquote's or a bold line) with no stop or colon."""
    return _HEADING.fullmatch(line) is not None


def list_header(text: str, lo: int, hi: int, allergen: "re.Pattern[str]", heading: bool = False) -> Optional[str]:
    """What a line ending in ":" (``text[lo:hi]``) says of the list under it: "offers", "excludes" or neither; a heading
    (``heading_line``) only excludes ("### Substitute for X" over a table leaves each row to say what it is)."""
    offers = [o.group(0).lower() for o in OFFERING.finditer(text, lo, hi) if not negation_at(text, lo, o.start())]
    verb = CONTAINS.search(text, lo, hi)
    held = allergen.search(text, verb.end(), hi) if verb else None  # "Contains sesame:", not "These contain no sesame:"
    kind = allergen.search(text, lo, hi)  # "Dairy dishes:", "Nut options:"
    excludes = (_EXCLUDING_HEADER.search(text, lo, hi) or (held and not _NONE_OF.search(text, verb.end(), held.start()))
                or kind and _KIND_OF.match(text, kind.end(), hi) and not _NONE_OF.search(text, lo, kind.start()))
    if excludes and not any(not o.startswith(_NOUNS) for o in offers):  # "Options to avoid:" excludes
        return "excludes"
    if heading:
        return None
    if offers and all(o.startswith(_NOUNS) for o in offers) and _LOOKED_AT.search(text, lo, hi):
        return "lists"  # "Candidates I looked at:": what was looked at; a footer after the list says what is offered
    return "offers" if offers else None


_SEPARATOR_ROW = re.compile(r"^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")
_SAFETY_HEADER = re.compile(r"(?<!\w)(?:safe|suitable|ok(?:ay)?|fine|allowed|compatible|can[ \t]+(?:you|i)[ \t]+have|"
                            r"works?|option|eat|(?:good|right)[ \t]+for[ \t]+(?:you|me))(?!\w)", re.IGNORECASE)  # round 15: "Good for you?"
_HOLDS_HEADER = re.compile(r"(?<!\w)(?:contains?|has|have|includes?|allergens?|allerg\w+)(?!\w)", re.IGNORECASE)
_CELL_NO = re.compile("[ \t*_]*(?:no(?:pe)?|not|never|unsafe|unsuitable|[\u274c\u2717\u2718\u26d4]|x)(?![\\w'’])", re.IGNORECASE)
_CELL_YES = re.compile("[ \t*_]*(?:yes|yep|contains?|[\u2705\u2713\u2714\u2611])(?![\\w'’])", re.IGNORECASE)
_TABLE_ROWS = 60  # lines above a row in which its header is looked for


def table_cell_excludes(text: str, lo: int, hi: int, end: int, allergen: "re.Pattern[str]") -> bool:
    """Whether the table row ``text[lo:hi]``, a dish named in it ending at ``end``, excludes the dish by
    a later cell read under its column's header: "No" (or a cross) under a header asking whether it is
    safe or suitable, "Yes" under one asking whether it holds an allergen. The header is the table's first
    row, over a separator row of dashes."""
    if not text.startswith("|", len(text[lo:hi]) - len(text[lo:hi].lstrip()) + lo):
        return False
    first, at, steps = lo, lo, 0
    while at > 0 and steps < _TABLE_ROWS:  # up to the first row of the table
        prev = text.rfind("\n", 0, at - 1) + 1
        if not text[prev:at - 1].lstrip().startswith("|"):
            break
        first, at, steps = prev, prev, steps + 1
    second_end = text.find("\n", text.find("\n", first) + 1) if text.find("\n", first) >= 0 else -1
    second = text[text.find("\n", first) + 1:second_end if second_end >= 0 else len(text)] if text.find("\n", first) >= 0 else ""
    if first == lo or not _SEPARATOR_ROW.match(second):
        return False
    header = text[first:text.find("\n", first)].strip().strip("|").split("|")
    row = text[lo:hi].strip().strip("|").split("|")
    column = text[lo:end].lstrip().lstrip("|").count("|")  # the dish's cell
    for k in range(column + 1, min(len(row), len(header))):
        title, cell = header[k], row[k]
        if _SAFETY_HEADER.search(title) and _CELL_NO.match(cell):
            return True
        if (_HOLDS_HEADER.search(title) or allergen.search(title)) and not _SAFETY_HEADER.search(title) and _CELL_YES.match(cell):
            return True
    return False


# A swap as a noun, then "for" and the customer's own dish: what it would replace ("no safe swap exists for the Naan",
# "I can't offer a safe swap for your Naan"); the verb ("we could swap for the Korma") takes the new dish.
_NOUN_SWAP_FOR = lazy(r"(?<![^\W_])(?:a|an|the|no|any|safe|good|suitable|possible|other|only|right|better|best|decent|viable)[ \t]+"
                            r"(?:[^\W\d_]+[ \t]+)?(?:swap|switch|trade|exchange|stand-?in|sub)s?(?:[ \t]+(?:exists?|existed|is|was|are|"
                            r"available|possible|left|around))?[ \t]+for(?:[ \t]+(?:the|a|an|your|that|this|ordered|original)){0,2}[ \t]*[\"'“‘(*_]*$", re.IGNORECASE, needs=('for',))


def own_swapped_before(text: str, lo: int, start: int) -> bool:
    """Whether the dish at ``start`` (one the customer ordered) follows "a swap for": the item a swap would replace."""
    return _NOUN_SWAP_FOR.search(text[max(lo, start - 80):start]) is not None


# A cross as the mark of a dish's line or sentence, before it: "❌ Salmon Roll", "- 🚫 Salmon Roll (sesame)", "Sure! ⛔ **Korma**".
_CROSS_MARK = re.compile("(?:^|[.!?:;][ \t]+)[ \t>]*(?:(?:[-*•+]|[0-9]{1,2}[.)])[ \t]+)?[ \t*_]*[\u274c\u2717\u2718\u2716\u274e\U0001f6ab\u26d4]\ufe0f?"
                         "[ \t*_:–—-]*(?:(?:the|a|an)[ \t]+)?[*_\"'“‘]*$", re.IGNORECASE | re.MULTILINE)


def crossed_before(text: str, start: int) -> bool:
    """Whether the line (or sentence) of the dish at ``start`` opens with a cross right before it (its mark: not offered)."""
    return _CROSS_MARK.search(text, max(text.rfind("\n", 0, start) + 1, start - 80), start) is not None


_LABEL_SEP = re.compile(r"(?::|→|->|=>)[ \t*_\"'“‘]*$")


def label_before(text: str, lo: int, first: int, allergen: "re.Pattern[str]") -> Optional[str]:
    """What a label ending in a colon or an arrow, in the clause from ``lo``, says of the items listed right after it (the
    first at ``first``): "Contains sesame: Salmon Roll, Chicken Teriyaki", "Excluded for gluten: ...", "Not safe for
    you → ..." exclude them, as a header line would (``list_header``)."""
    sep = _LABEL_SEP.search(text, max(lo, first - 8), first)
    if sep is not None:  # round 13: a macro's field ("Substitution | In: ... | Rejected: Korma"): the label starts at its bar
        lo = max(lo, text.rfind("|", lo, sep.start()) + 1)
    return list_header(text, lo, sep.start(), allergen) if sep is not None and sep.start() > lo else None


# After dishes listed together, a predicate of them all: "... both contain", "... are all unsafe".
_ASIDE = r"(?:[ \t]*\([^()\n]{0,60}\))?"  # "The Tempura and the Burger (each containing wheat) are excluded"
_PLURAL_PREDICATE = re.compile(r"[ \t\"'”’)*_]*" + _ASIDE + r"[ \t]*(?:,[ \t]*)?(?:but[ \t]+(?:they[ \t]+)?(?=both|all|each))?(?:(?:both|all|each|all[ \t]+of[ \t]+them|together)[ \t]+)?"
                               r"(?:(?:are|were|would|will|wo|do|does|did|should|could|ca|can)(?:n['’]t|not)?|contain|have|include|use|come|cannot)(?!\w)", re.IGNORECASE)
_PLURAL_UNSUITABLE = re.compile(r"[ \t\"'”’)*_]*" + _ASIDE + r"[ \t]*(?:,[ \t]*)?(?:but[ \t]+(?:they[ \t]+)?(?=both|all|each))?(?:(?:both|all|each)[ \t]+)?(?:are|were)[ \t]+(?:(?:both|all)[ \t]+)?"
                                r"(?:" + UNSUITABLE + r"|not[ \t]+(?:safe|suitable|an[ \t]+option|options|available))(?!\w)",
                                re.IGNORECASE)


# round 16: the note may open a bracket after the item, after what the item holds ("Korma (not for you)", "Korma (tree nuts --
# not one I can offer you)")
_TERSE_AFTER = re.compile(r"[ \t\"'”’)*_]*(?:\([^()\n]{0,60}\)[ \t]*)?(?:[:–—-]{1,2}[ \t]*)?(?:[(\[][ \t]*(?:[^()\[\]\n,;:–—-]{1,30}?(?:[ \t]*[,;:]|[ \t]+[–—-]{1,2})[ \t]*)?)?"
                          r"(?:(?:both|all)[ \t]+)?" + TERSE, re.IGNORECASE)


def noted_out(text: str, end: int, hi: int) -> bool:
    """Whether a note with no verb right after an item ending at ``end`` rules it out ("Candidates: Korma -- excluded",
    "Options: Korma (n/a), Udon"): so even under an offering word."""
    return _TERSE_AFTER.match(text, end, hi) is not None


def listed_predicate_excludes(text: str, end: int, hi: int, allergen: "re.Pattern[str]", next_dish: int) -> bool:
    """Whether, after dishes listed together ending at ``end``, a predicate of them all excludes
    them ("... both contain your allergens", "... are all unsafe"): a plural verb first, then
    what ``predicate_excludes`` reads, or "are (all) unsafe / not safe / off-limits"."""
    if noted_out(text, end, hi) or labelled(text, end, hi, allergen):  # "Korma, Pesto Pasta & Pad Thai excluded", "Korma / Pad Thai = nuts."
        return True
    if not _PLURAL_PREDICATE.match(text, end, hi):
        return False
    return predicate_excludes(text, end, hi, allergen, next_dish) or _PLURAL_UNSUITABLE.match(text, end, hi) is not None


def aside(text: str, lo: int, start: int, end: int) -> bool:
    """Whether ``start`` is inside parentheses that close before ``end`` (an aside the pronoun after it does not name)."""
    opened = text.rfind("(", lo, start)
    return opened >= 0 and text.rfind(")", opened, start) < 0 and 0 <= text.find(")", start, end)
