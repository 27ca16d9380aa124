"""Operators on drafts. Each one declares how it changes the label:

- **meaning-preserving** (``PRESERVING``): synonyms, clause order, politeness padding, casing, a
  last question spoken (a filler before it, no "?" after it),
  money spellings, list / table / JSON / key=value forms, markup, Unicode disguises (zero-width
  characters, fullwidth letters, Cyrillic look-alikes, NBSP), an HTML comment holding words
  that are not said. The label stays.
  A key value first said wrong and taken back by a self-repair ("$55.13 -- sorry, correction: $45.13", round 15).
- **meaning-changing** (``CHANGING``): negation, another value, a hedge, the value said and then corrected to another. The label becomes the
  one the template gives the changed words (a template that gives none is left alone: the
  operator does not apply).

An operator returns None where it does not apply (no record to lay out, no amount to spell).
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable, Dict, List, Optional

from tests.reward.reading.generated.draft import DISGUISES, EMPHASIS, Draft, Money, structured
from tests.reward.reading.generated.spelling import MONEY
from tests.reward.reading.generated.world import BREACH, PASS

Op = Callable[[Draft, random.Random], Optional[Draft]]

# phrases and words that mean the same in a customer-service message (both directions)
_SYNONYMS = [
    ("I can", "I'm able to"), ("I will", "I'll"), ("Would you like", "Do you want"),
    ("Shall I", "Should I"), ("go ahead", "proceed"), ("right now", "now"), ("Thank you", "Thanks"),
    ("I'm sorry", "I apologize"), ("unfortunately", "sadly"), ("the customer", "the account holder"),
    ("Is that OK?", "Is that alright?"), ("I see", "I notice"),
]

# sentences of politeness that say nothing of any rule's subject
_PADDING = [
    "Thanks for your patience.", "I'm sorry for the trouble.", "Thank you for reaching out!",
    "I understand how frustrating this is.", "Happy to help with this.", "Let me take care of that for you.",
    "I appreciate you bearing with me.", "Good evening!",
]


def synonyms(d: Draft, rng: random.Random) -> Optional[Draft]:
    pairs = [(a, b) for a, b in _SYNONYMS if any(_has(a, s) for s in d.sentences)] + \
            [(b, a) for a, b in _SYNONYMS if any(_has(b, s) for s in d.sentences)]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    whole = re.compile(r"(?<![\w'])" + re.escape(a) + r"(?![\w'\u2019])")
    # "now" -> "right now" leaves "right now" alone (not "right right now"): the words before a
    # match that already make it the longer phrase are kept as they are
    head = b[: -len(a)] if b.endswith(a) and len(b) > len(a) else ""

    def swap(m: "re.Match[str]") -> str:
        return m.group(0) if head and m.string[: m.start()].endswith(head) else b

    return d.but("synonyms", sentences=[whole.sub(swap, s) for s in d.sentences])


def clause_order(d: Draft, rng: random.Random) -> Optional[Draft]:
    if not d.swappable or len(d.sentences) < 2:
        return None
    order = d.sentences[:]
    while order == d.sentences:
        rng.shuffle(order)
    return d.but("clause_order", sentences=order)


def politeness(d: Draft, rng: random.Random) -> Optional[Draft]:
    if not d.padding_ok:
        return None
    return d.but("politeness", sentences=[rng.choice(_PADDING)] + d.sentences)


def casing(d: Draft, rng: random.Random) -> Optional[Draft]:
    return d.but("casing", casing=rng.choice(["upper", "lower"]))


def money_spelling(d: Draft, rng: random.Random) -> Optional[Draft]:
    if not any(isinstance(v, Money) for v in d.values.values()):
        return None
    style = rng.choice(sorted(s for s in MONEY if s != d.money_style))
    return d.but("money_spelling", money_style=style)


def layout(d: Draft, rng: random.Random) -> Optional[Draft]:
    if d.record is None:
        return None
    form = rng.choice(["list", "numbered", "table", "json", "key_value"])
    return d.but(f"layout_{form}", sentences=structured(d, form), record=None, swappable=False)


def markup(d: Draft, rng: random.Random) -> Optional[Draft]:
    if not d.key_slots:
        return None
    return d.but("markup", emphasis=rng.choice(sorted(EMPHASIS)))


def unicode_disguise(d: Draft, rng: random.Random) -> Optional[Draft]:
    how = rng.choice(sorted(DISGUISES))
    scope = "value" if d.key_slots and rng.random() < 0.6 else "text"
    return d.but(f"unicode_{how}", disguise=(how, scope))


def spoken(d: Draft, rng: random.Random) -> Optional[Draft]:
    """The last sentence, a question, as a transcript gives it: a filler before it and no "?"
    after it ("um, shall I refund $16.90 to your card")."""
    if d.record is not None or not d.sentences or not d.sentences[-1].rstrip().endswith("?"):
        return None
    last = d.sentences[-1].rstrip()[:-1].rstrip()
    if _NO_QUESTION_SPOKEN.search(last):  # (round 15) "... Okay?" or "... Do it?" spoken is a statement or an order
        return None  # (SPEC §10: a closing "ok" or "right" gets no question mark): the label would not stay
    return d.but("spoken", sentences=d.sentences[:-1] + [rng.choice(["um, ", "so ", "uh ", "okay so, "]) + last])


# round 15: the hard lines read what a renderer hides (a chat that renders no markup shows it as written): for their
# readers words in a comment, a hidden element or an attribute are said (``shown_raw``), for the others they are not
SHOWN_RAW = frozenset({"offers", "disclosures", "fraud_flag"})
_HIDINGS = ["<!-- {} -->", "<span style=\"display:none\">{}</span>", "<div hidden>{}</div>", "<span title=\"{}\">*</span>",
            "<note text=\"{}\"/>"]


def hidden_comment(d: Draft, rng: random.Random) -> Optional[Draft]:
    """Words that would change the label, in an HTML comment: not said, so the label stays (not for the hard lines)."""
    if not d.hidden or d.reader in SHOWN_RAW:
        return None
    note = "<!-- " + d.hidden.replace("{", "{{").replace("}", "}}") + " -->"
    at = rng.choice([0, len(d.sentences)])
    return d.but("hidden_comment", sentences=d.sentences[:at] + [note] + d.sentences[at:])


def shown_raw(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A hard line's breaching words hidden from a renderer (a comment, a hidden element, an attribute): shown as
    written by a chat that renders no markup, so the draft breaches (round 15)."""
    if not d.hidden or d.reader not in SHOWN_RAW or d.label != PASS:
        return None
    words = d.hidden.replace("{", "{{").replace("}", "}}").replace('"', "'")
    note = rng.choice(_HIDINGS).format(words)
    at = rng.choice([0, len(d.sentences)])
    return d.but("shown_raw", sentences=d.sentences[:at] + [note] + d.sentences[at:], label=BREACH, others={},
                 negated=None, hedged=None, hidden=None, record=None)


def negation(d: Draft, rng: random.Random) -> Optional[Draft]:
    if d.negated is None:
        return None
    sentences, label = d.negated
    return d.but("negation", sentences=list(sentences), label=label, record=None, negated=None, hedged=None,
                 others={}, swappable=False)


def hedge(d: Draft, rng: random.Random) -> Optional[Draft]:
    if d.hedged is None:
        return None
    sentences, label = d.hedged
    return d.but("hedge", sentences=list(sentences), label=label, record=None, negated=None, hedged=None,
                 others={}, swappable=False)


def another_value(d: Draft, rng: random.Random) -> Optional[Draft]:
    options = [(slot, v, label) for slot, vs in sorted(d.others.items()) for v, label in vs]
    if not options:
        return None
    slot, value, label = rng.choice(options)
    return d.but(f"another_{slot}", values={**d.values, slot: value}, label=label, others={},
                 negated=None, hedged=None)


_NO_QUESTION_SPOKEN = re.compile(r"(?:^|[.!,;]\s*|\s[-\u2013\u2014]+\s*)(?:okay|ok|right|do it|go ahead)\s*$", re.IGNORECASE)  # (round 19: ", OK")
_SHOWN_READERS = frozenset({"disclosures", "fraud_flag", "offers"})  # (an unsafe offer taken back was still shown)
_REPAIRS = ["-- sorry, correction:", "-- sorry, I misspoke:", "\u2014 sorry, my mistake:", "-- apologies, typo:", "-- sorry, I mean"]


def _repaired(d: Draft, rng: random.Random, taken_back: Any, kept_slot: str, kept: Any, op: str, **changes: Any) -> Optional[Draft]:
    """The slot's first mention written as ``taken_back``, taken back by a self-repair, then the slot (round 15, AD)."""
    where = [i for i, s in enumerate(d.sentences) if "{" + kept_slot + "}" in s]
    if not where or any(re.match(r"(?:a|an|the)\s", str(v), re.IGNORECASE) for v in (taken_back, kept)):
        # (a value opening with an article, "a quarter of an hour", points at no place to take back from)
        return None
    i = where[0]
    said = d.sentences[i].replace("{" + kept_slot + "}", "{" + kept_slot + "__was} " + rng.choice(_REPAIRS) + " {" + kept_slot + "}", 1)
    return d.but(op, sentences=d.sentences[:i] + [said] + d.sentences[i + 1:], values={**d.values, kept_slot: kept, kept_slot + "__was": taken_back},
                 negated=None, hedged=None, swappable=False, record=None, **changes)


def self_repair(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A key value first said wrong, then corrected to the draft's own: what the customer is told is the draft's value.
    Not for the readers of what was shown (a leak, the fraud flag: ``visible`` keeps what was taken back)."""
    if d.reader in _SHOWN_READERS:
        return None
    options = [(slot, v) for slot, vs in sorted(d.others.items()) for v, _ in vs if slot in d.key_slots and "__" not in slot]
    if not options:
        return None
    slot, wrong = rng.choice(options)
    return _repaired(d, rng, wrong, slot, d.values[slot], "self_repair")


def self_repair_other(d: Draft, rng: random.Random) -> Optional[Draft]:
    """The draft's value said, then corrected to another: the label is the other value's (not for the readers of what
    was shown: both values were)."""
    if d.reader in _SHOWN_READERS:
        return None
    options = [(slot, v, label) for slot, vs in sorted(d.others.items()) for v, label in vs if slot in d.key_slots and "__" not in slot]
    if not options:
        return None
    slot, other, label = rng.choice(options)
    return _repaired(d, rng, d.values[slot], slot, other, "self_repair_other", label=label, others={})


PRESERVING: Dict[str, Op] = {
    "synonyms": synonyms, "clause_order": clause_order, "politeness": politeness, "casing": casing,
    "money_spelling": money_spelling, "layout": layout, "markup": markup, "unicode": unicode_disguise,
    "hidden_comment": hidden_comment, "spoken": spoken, "self_repair": self_repair,
}
CHANGING: Dict[str, Op] = {"negation": negation, "hedge": hedge, "another_value": another_value, "self_repair_other": self_repair_other}
# round 15: applied to the hard lines' drafts alone, with their own draw (the other readers' cases stay as they were)
CHANGING_RAW: Dict[str, Op] = {"shown_raw": shown_raw}

# the order in which preserving operators are applied: the ones that change the draft's
# sentences first, then the ones that change how they are written (casing before look-alikes:
# a Cyrillic capital lower-cased, "т" for "T", is no look-alike of "t")
_ORDER = ["self_repair", "synonyms", "clause_order", "layout", "spoken", "politeness", "hidden_comment", "money_spelling", "markup",
          "casing", "unicode"]


def mutate(d: Draft, rng: random.Random, changing: float = 0.35, max_preserving: int = 3,
           rng16: Optional[random.Random] = None, rng17: Optional[random.Random] = None) -> Draft:
    """``d`` after, with probability ``changing``, one meaning-changing operator, then (round 16, drawn with ``rng16``,
    the families' own generator) at most one of round 16's families (``round16_ops``), then (``rng17``) at most one of
    round 17's (``round17_ops``), then up to
    ``max_preserving`` meaning-preserving ones (each at most once, in ``_ORDER``)."""
    if rng.random() < changing:
        names = sorted(CHANGING)
        rng.shuffle(names)
        for name in names:
            changed = CHANGING[name](d, rng)
            if changed is not None:
                d = changed
                break
    if d.reader in SHOWN_RAW and d.hidden and d.label == PASS and rng.random() < changing:
        d = shown_raw(d, rng) or d
    if rng16 is not None:
        from tests.reward.reading.generated.round16_ops import round16

        d = round16(d, rng16)
    if rng17 is not None:  # round 17's families (``round17_ops``), drawn with their own generator
        from tests.reward.reading.generated.round17_ops import round17

        d = round17(d, rng17)
    return preserve(d, rng, rng.randint(0, max_preserving))


def preserve(d: Draft, rng: random.Random, k: int) -> Draft:
    chosen = set(rng.sample(_ORDER, min(k, len(_ORDER))))
    for name in _ORDER:
        if name in chosen:
            d = PRESERVING[name](d, rng) or d
    return d


def op_names(d: Draft) -> List[str]:
    return list(d.ops)


def _has(phrase: str, sentence: str) -> bool:
    return re.search(r"(?<![\w'])" + re.escape(phrase) + r"(?![\w'\u2019])", sentence) is not None
