"""A menu of numbered or lettered options and the customer's pick of one (SPEC §10, round 14).

An agent's message may lay out its offer as options and ask the customer to pick ("1) $16.90
back to your card  2) $16.90 wallet credit -- reply 1 or 2", "Option A -- refund ... / Option
B -- ...  Which would you like?", "(a) cancel it ... (b) leave it as it is"). A reply that only
picks one ("2", "B please", "option b", "the first one", "the second", "the first, not the
second", "the cheaper one", "whichever is quicker", "the wallet one, i.e. 2": words of the option picked besides its
label) agrees to that option and to no other: the
message is read as its lead-in and the option picked, asked as a yes/no question, and the reply
as its yes (``picked``). A reply that says anything more than a pick ("2, but to my card",
"neither", "hmm, let me think") is no pick: it is read as any reply is. A pick by what an option
says is read only where one option alone says it: the one amount lower or higher than the other
options' ("the cheaper one", "the bigger one"), the one option said to be at once ("whichever is
quicker": wallet credit, usable at once, against a card's business days; "the slower one": of two, the other).

A menu is two or more options labelled in sequence from 1 or from a (a line's "1)", "1.", "(1)",
"a)", "(a)", "Option A", "A --"; mid-line only with a bracket or "Option"), in a message that asks
for the pick (a question, or "reply", "choose", "pick", "select", "type", "let me know").
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any, List, Optional, Tuple

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["either_or", "menu", "menu_options", "named", "pick", "picked", "unchosen_out"]

# a label at a line's start: "1)", "1.", "(1)", "a)", "(a)", "Option A:", "A --", "- 2)", "| 1 |"
_AT_LINE = re.compile(
    r"(?m)^[ \t]*(?:[-*\u2022][ \t]*)?(?:"
    r"\((?P<a>[1-9a-dA-D])\)|(?P<b>[1-9a-dA-D])\)|(?P<c>[1-9]|[A-D])\.(?=[ \t])"
    r"|(?i:option|choice)[ \t]+(?P<d>[1-9a-dA-D])(?![\w'])[ \t]*[:.)]?|(?P<e>[1-9A-D])[ \t]*(?:--|-|\u2013|\u2014|:)(?=[ \t])"
    r"|\|[ \t]*(?P<f>[1-9a-dA-D])[ \t]*\|)")  # round 17 (AZ): a table's numbered row, "| 1 | Mastercard | $16.90 |"
# a label mid-line, only in a bracket or after "Option": "... card 2) $16.90 wallet credit"
_IN_LINE = re.compile(r"(?<=[ \t])(?:\((?P<a>[1-9a-dA-D])\)|(?P<b>[1-9a-dA-D])\)|(?i:option|choice)[ \t]+(?P<d>[1-9a-dA-D])(?![\w'])[ \t]*[:.)]?)(?=[ \t])")
_ORDER = "123456789"
_LETTERS = "abcd"
# where the last option stops: its line's end, a dash set apart before the ask, or a sentence's end before one
_LAST_END = re.compile(r"\n|[ \t]+(?:--|\u2013|\u2014)[ \t]+|[.!?][ \t]+(?=(?i:reply|respond|answer|type|say|choose|pick|select|which|let\s+me|just|or)\b)")
_ASKS_PICK = re.compile(r"\?|(?<![\w'])(?:reply|respond|answer|type|say|choose|pick|select|let\s+me\s+know|tell\s+me|which)(?![\w'])", re.IGNORECASE)


def _labels(m: "re.Match[str]") -> str:
    return next(g for g in m.groups() if g).lower()


@lru_cache(maxsize=2048)
def menu(text: str) -> Optional[Tuple[str, Tuple[str, ...]]]:
    """``(lead-in, options)`` of the menu ``text`` lays out and asks a pick of, or None: the
    options labelled 1, 2, ... (or a, b, ...) in order, at least two."""
    if ")" not in text and "." not in text and "-" not in text and ":" not in text and "\u2014" not in text:
        return None
    found = sorted([(m.start(), m.end(), _labels(m)) for m in _AT_LINE.finditer(text)]
                   + [(m.start(), m.end(), _labels(m)) for m in _IN_LINE.finditer(text)])
    if len(found) < 2:
        return None
    run: List[Tuple[int, int, str]] = []
    for start, end, label in found:
        seq = _ORDER if label.isdigit() else _LETTERS
        if label == seq[0] and not run:
            run = [(start, end, label)]
        elif run and seq.find(run[-1][2]) + 1 == seq.find(label) and (seq is _ORDER) == run[-1][2].isdigit():
            run.append((start, end, label))
        elif run and len(run) >= 2:
            break
        else:
            run = [(start, end, label)] if label == seq[0] else []
    if len(run) < 2:
        return None
    options = []
    for k, (start, end, _) in enumerate(run):
        stop = run[k + 1][0] if k + 1 < len(run) else len(text)
        if k + 1 == len(run):
            m = _LAST_END.search(text, end)
            stop = m.start() + (1 if text[m.start()] in ".!?" else 0) if m else stop
        options.append(text[end:stop].strip(" \t\n-\u2013\u2014;,"))
    tail = text[stop:]
    lead = text[:run[0][0]]
    if not _ASKS_PICK.search(tail) and not _ASKS_PICK.search(lead):
        return None
    return lead.rstrip(), tuple(options)


# the words a pure pick may hold besides its label
_FILLER = frozenset("""please pls plz thanks thank you ta cheers the one option number no. choice ok okay yes yeah yep sure
go with i i'll ill take want choose pick select let's lets do that then oh um hmm obviously definitely is it's its fine for me
just would like prefer i'd id one's please, mine be will have going opt whichever i.e ie e.g eg namely aka so row line""".split())  # round 17 (AZ): "row 1" of a table
_ORDINALS = {"first": 0, "1st": 0, "former": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3}
_NEGATORS = frozenset({"not", "never", "nor", "don't", "dont", "isn't", "without"})
_LOWER = frozenset({"cheaper", "cheapest", "lower", "lowest", "smaller", "smallest", "less", "least"})
_HIGHER = frozenset({"bigger", "biggest", "larger", "largest", "higher", "highest", "more", "most"})
_QUICKER = frozenset({"quicker", "quickest", "faster", "fastest", "sooner", "soonest"})
_SLOWER = frozenset({"slower", "slowest"})  # round 20 (DA): "the slower one" of two, one of them at once
_AT_ONCE = re.compile(r"(?<![\w'])(?:at\s+once|instant(?:ly)?|immediate(?:ly)?|right\s+away|straight\s+away|usable\s+now|right\s+now)(?![\w'])",
                      re.IGNORECASE)
_MONEY = re.compile(r"[$\u20ac\u00a3]\s?(\d+(?:\.\d{1,2})?)")
_TOKEN = re.compile(r"[a-z0-9][a-z0-9'.]*")
_NOTHING = re.compile(r"(?i)^\W*(?:nothing(?:[ \t]+(?:further|else|more))?|no[ \t]+(?:credit|refund|money|compensation)|leave[ \t]+it"
                      r"(?:[ \t]+as[ \t]+it[ \t]+is)?|keep[ \t]+it(?:[ \t]+as[ \t]+it[ \t]+is)?)\W*$")


def pick(reply: str, options: Tuple[str, ...]) -> Optional[int]:
    """The index of the one option ``reply`` picks, or None (it says more than a pick, picks
    none, or picks more than one)."""
    words = _TOKEN.findall(reply.lower().replace("\u2019", "'"))
    if not words or len(words) > 10:
        return None
    chosen: List[int] = []
    denied: List[int] = []
    prop: Optional[str] = None
    extra: List[str] = []
    letters = len(options) <= 4
    for k, w in enumerate(words):
        w = w.rstrip(".")
        at: Optional[int] = None
        if w.isdigit() and len(w) == 1 and 1 <= int(w) <= len(options):
            at = int(w) - 1
        elif letters and len(w) == 1 and w in _LETTERS[:len(options)]:
            at = _LETTERS.index(w)
        elif w in _ORDINALS and _ORDINALS[w] < len(options):
            at = _ORDINALS[w]
        elif w in ("latter", "last"):
            at = len(options) - 1
        elif w in _LOWER or w in _HIGHER or w in _QUICKER or w in _SLOWER:
            prop = "low" if w in _LOWER else "high" if w in _HIGHER else "quick" if w in _QUICKER else "slow"
            continue
        elif w in _FILLER or w in _NEGATORS:
            continue
        else:
            extra.append(w)  # a word of the option itself ("the wallet one, i.e. 2") or something more
            continue
        (denied if any(p in _NEGATORS for p in words[max(0, k - 2):k]) else chosen).append(at)
    if extra and (prop is not None or len(set(chosen)) != 1
                  or not set(extra) <= set(w.rstrip(".") for w in _TOKEN.findall(options[chosen[0]].lower()))):
        return None  # more than a pick: read as any reply is
    if prop is not None:
        if chosen:
            return None
        at = _by_property(prop, options)
        return at if at is not None and at not in denied else None
    if len(set(chosen)) != 1 or chosen[0] in denied:
        return None
    return chosen[0]


def _by_property(prop: str, options: Tuple[str, ...]) -> Optional[int]:
    if prop in ("quick", "slow"):
        fast = [k for k, o in enumerate(options) if _AT_ONCE.search(o)]
        if prop == "slow":  # the other of two
            return 1 - fast[0] if len(fast) == 1 and len(options) == 2 else None
        return fast[0] if len(fast) == 1 else None
    amounts = []
    for o in options:
        found = {float(v) for v in _MONEY.findall(o)} or ({0.0} if _NOTHING.search(o) else set())  # "2) nothing further"
        if len(found) != 1:
            return None
        amounts.append(found.pop())
    best = min(amounts) if prop == "low" else max(amounts)
    return amounts.index(best) if amounts.count(best) == 1 else None


# what every pick holds: a label, a place or a property word (a cheap test before the message is read for a menu)
_PICK_HINT = re.compile(r"(?i)(?<![\w'])(?:[1-9]|[a-d](?=\W*$|\W*(?:please|pls|thanks|then)\b)|(?<=\()[a-d]|(?<=option )[a-d]|first|second|third|fourth|1st|2nd|3rd|4th|former|latter|last|cheap\w*|lower|lowest"
                        r"|small\w*|less|least|bigg\w*|larg\w*|high\w*|more|most|quick\w*|fast\w*|soon\w*|slow\w*)(?![\w'])")


@lru_cache(maxsize=4096)
def _hinted(reply: str) -> bool:
    """``_PICK_HINT`` found in ``reply`` (a GRPO group's rollouts repeat their replies: read once)."""
    return _PICK_HINT.search(reply) is not None


def picked(text: str, step: Any) -> Tuple[str, Any]:
    """``(text, step)`` as a menu's pick is read: the message's lead-in and the option its reply
    (``step.user_reply``) picks, asked as a question, and the step with a plain yes for its reply;
    else ``text`` and ``step`` as they are."""
    reply = step.user_reply
    if not reply or len(reply) > 80:
        return text, step
    reply = seen(reply)  # round 14 (read-tau2): the reply as the agent sees it (zero-width marks, look-alike letters, full width)
    found = menu(text) if _hinted(reply) else None  # (most replies hold no label, place or property)
    later = _PICK_REPAIR.split(reply)[-1]  # round 17 (AS): "the second one -- no sorry, the first": the pick settled on
    at = (pick(later, found[1]) if later.strip() and later != reply else None) if found else None
    at = pick(reply, found[1]) if found and at is None else at
    if at is None and ((" or " in text or " OR " in text or "\u00a0or\u00a0" in text) and (
            "ither" in text or "EITHER" in text or "hich" in text or "HICH" in text) or " unless " in text):  # (no lower-casing)
        found = either_or(text)
        at = (named(reply, found[1]) if _CONTRAST_HINT.search(reply) is None else contrasted(reply, found[1])) if found else None
        if at is None and found and _PROPERTY_HINT.search(reply):  # round 20 (DA): "the slower one" of the two ways
            at = pick(reply, found[1])
    if at is None:
        return text, step
    lead, options = found
    if not lead.strip() and options[-1] in text:  # round 20 (DA): no lead-in: the closing question names the act
        closing = text[text.rfind(options[-1]) + len(options[-1]):].strip()  # ("Option 1: ... Option 2: ... Which shall I book?")
        lead = closing if closing.endswith("?") and len(closing) <= 120 else lead
    answer = "No." if _DECLINES.search(options[at]) else "Yes."  # "2) I'll work it out myself": the act declined
    return f"{lead}\n{options[at]}\nShall I go ahead with that?", dataclasses.replace(step, observation=answer)


_PROPERTY_HINT = re.compile(r"(?i)(?<![\w'])(?:cheap|lower|small|bigg|larg|high|quick|fast|soon|slow)\w*")
_PICK_REPAIR = lazy(r"(?i)(?:[ \t]*(?:--|[\u2013\u2014])[ \t]*|[ \t]*,[ \t]*|[ \t]+)(?:no[ \t,]{1,3})?(?:sorry|oops|wait|i[ \t]+meant?|actually"
                          r"|scratch[ \t]+that|make[ \t]+(?:it|that))(?![\w'])[ \t,:.!-]*", needs=('actually', 'make', 'mean', 'oops', 'scratch', 'sorry', 'wait'))
# an option that is the act not done: the customer's own doing, things left as they are, nothing
_DECLINES = re.compile(r"(?i)\b(?:myself|ourselves|(?:leave|keep)[ \t]+(?:it|them|things|the[ \t]+order)|as[ \t]+it[ \t]+is|nothing|no[ \t]+"
                       r"(?:thanks|change|action|refund|credit)|don['’]?t|do[ \t]+not|not[ \t]+now|skip)\b")


# round 14: an offer of two ways asked as a question ("I can refund the $16.90 either to your Mastercard or as wallet
# credit -- which would you like?"): a menu of two, picked by naming one ("the card please", "you said $16.90 to the
# Mastercard -- do that"): the words named are in that option alone
_EITHER = lazy(r"(?i)\beither[ \t]+(?P<a>[^.!?\n]{2,60}?)[ \t]*,?[ \t]+or[ \t]+(?P<b>[^.!?\n]{2,60}?)"
                     r"[ \t]*(?:--|[\u2013\u2014,;]|\?)[^.!?\n]{0,60}\?", needs=('either',))
_FUNCTION = frozenset("to the you your said says as in on it my a an of for with back into onto is was be please ahead great good perfect sounds works".split())


# round 15: two ways offered and the pick asked with "which" ("$16.90 back to your card, or $16.90 as wallet credit --
# which?", "Which should FD-10129 go to: 4397 Pine St or 8295 Glisan St?"): the same menu of two
_PART = r"(?:[^.!?\n:]|\.(?=\d))"  # (a "." inside "$16.90" ends no option)
_WHICH_AFTER = lazy(rf"(?i)(?:^|[:\n]|[.!?](?=\s))[ \t]*(?P<a>{_PART}{{2,160}}?)[ \t]*,?[ \t]+or[ \t]+(?P<b>{_PART}{{2,120}}?)[ \t]*"
                          r"(?:--|[\u2013\u2014,;])[ \t]*which(?:[ \t]+(?:one|would[ \t]+you[ \t]+(?:like|prefer)|do[ \t]+you[ \t]+(?:want|prefer)))?[ \t]*(?:\?|\s*$)", needs=('which',))
_WHICH_BEFORE = lazy(rf"(?i)\bwhich\b[^.!?\n:]{{0,60}}:[ \t]*(?P<a>{_PART}{{2,120}}?)[ \t]*,?[ \t]+or[ \t]+(?P<b>{_PART}{{2,120}}?)[ \t]*(?:\?|\s*$)", needs=('which',))

# round 18: the other way offered after the described one ("I could refund $16.90 ... to your Mastercard, unless you'd
# rather have it in your wallet?"): a menu of two, picked by naming one ("yes, the card")
_UNLESS = lazy(rf"(?i)(?:^|[:\n]|[.!?](?=\s))[ \t]*(?P<a>{_PART}{{2,160}}?)[ \t]*,?[ \t]+unless[ \t]+you(?:['’]d|[ \t]+would)[ \t]+"
                     rf"(?:rather|prefer)[ \t]+(?P<b>{_PART}{{2,60}}?)[ \t]*\?", needs=('?',))


@lru_cache(maxsize=1024)
def either_or(text: str) -> Optional[Tuple[str, Tuple[str, ...]]]:
    """``(lead-in, (first, second))`` of an "either ... or ...?" offer (or one asked with "which"), or None."""
    m = _EITHER.search(text) or _WHICH_AFTER.search(text) or _WHICH_BEFORE.search(text) or _UNLESS.search(text)
    if m is None:
        return None
    if m.re is not _EITHER:
        lead = text[:m.start("a")].rstrip()
        if m.re is _WHICH_BEFORE:  # "Which should FD-10129 go to:": the lead-in without its "which"
            lead = text[:m.start()].rstrip() + " " + text[m.start() + 5:m.start("a")].strip().rstrip(":")
        return lead.strip(), (m.group("a").strip(), m.group("b").strip())
    start = max([e.end() for e in _SENTENCE_END.finditer(text, 0, m.start("a"))], default=0)
    lead = text[start:m.start("a")].rstrip()
    return (lead[:-6].rstrip() if lead.lower().endswith("either") else lead, (m.group("a").strip(), m.group("b").strip()))


_SENTENCE_END = re.compile(r"[!?\n]|\.(?=\s)")  # (a "." inside "$16.90" ends no sentence)


def named(reply: str, options: Tuple[str, ...]) -> Optional[int]:
    """The one option whose words hold every word the reply names besides fillers ("the card please"), or None."""
    tokens = [w.rstrip(".") for w in _TOKEN.findall(reply.lower().replace("\u2019", "'"))]
    if any(w in _NEGATORS or w in ("no", "neither", "nor", "both", "either", "but", "instead") for w in tokens):
        return None
    words = [w for w in tokens if w not in _FILLER and w not in _FUNCTION and not w[:1].isdigit()]
    if not words or len(words) > 3:
        return None
    holding = [k for k, o in enumerate(options) if any(w in o.lower() for w in words)]
    return holding[0] if len(holding) == 1 and all(w in options[holding[0]].lower() for w in words) else None


# round 15: a pick said with the other option refused ("Card, not wallet.", "Refund yes, credit no.", "the Pine one, not Glisan")
_CONTRAST_HINT = re.compile(r"(?i)(?<![\w'])(?:not|no)(?![\w'])")
_CONTRAST = re.compile(r"(?i)^\W*(?P<yes>[a-z][\w' ]{0,30}?)(?:[ \t]+(?:yes|yeah|please|pls))?[ \t]*(?:,|;|--|-|\.)?[ \t]*"
                       r"(?:not|(?P<no2>[a-z][\w' ]{0,30}?)[ \t]+no)(?:[ \t]+(?:the[ \t]+)?(?P<no>[a-z][\w' ]{0,30}?))?\W*$")


def contrasted(reply: str, options: Tuple[str, ...]) -> Optional[int]:
    """The option a reply picks while refusing the other of two ("Card, not wallet.", "Refund yes, credit no."), or None:
    the words refused name the other option alone, and the words picked name no option but the one picked."""
    m = _CONTRAST.match(reply)
    refused = m and (m.group("no") or m.group("no2"))
    if m is None or not refused or len(options) != 2 or (m.group("no") and m.group("no2")):
        return None
    other = named(refused, options)
    if other is None:
        return None
    chosen = 1 - other
    said = named(m.group("yes"), options)
    return chosen if said in (None, chosen) and (said == chosen or _words(m.group("yes"))) else None


def _words(part: str) -> bool:
    return any(w not in _FILLER and w not in _FUNCTION for w in _TOKEN.findall(part.lower()))


def menu_options(text: str) -> Tuple[Tuple[int, int], ...]:
    """The spans of the options of the menu ``text`` lays out and asks a pick of (``menu``), else () (round 14,
    read-tau2: a refund method in one option is an alternative offered, not a statement of what the call does)."""
    found = menu(text)
    if found is None:
        return ()
    spans, at = [], 0
    for option in found[1]:
        start = text.find(option, at)
        if start < 0:
            return ()
        spans.append((start, start + len(option)))
        at = start + len(option)
    return tuple(spans)


# round 15 (machine formats): what a checklist or a diff sets aside is not what is described -- a box left unticked
# ("[ ] wallet credit") beside a ticked one ("[x] refund $16.90 to your Mastercard"), a diff's removed line ("- wallet
# credit") right before its added one ("+ Mastercard ending 3698")
_BOX_AT = (r"(?m)(?:^|(?<=[.!?:,])[ \t])[ \t]*(?:(?i:um+|uh+|so|okay[ \t]so|ok[ \t]so|well)[ \t,]{1,3})?"  # a box opens a line,
           r"(?:[-*\u2022][ \t]*)?")  # or follows a sentence or a lead-in on it (a filler before it; round 18: "Like I
# mentioned, okay so, [ ] refund ...")
_TICKED = re.compile(_BOX_AT + r"\[[xX\u2713\u2714\u2612]\]")
_UNTICKED = re.compile(_BOX_AT + r"\[[ _]?\][^\n]*(?:\n|$)")
_REMOVED = re.compile(r"(?m)^[ \t]*-[ \t][^\n]*\n(?=(?:[ \t]*-[ \t][^\n]*\n)*[ \t]*\+[ \t])")


def unchosen_out(text: str) -> str:
    """``text`` without the lines a checklist leaves unticked or a diff removes (when it ticks or adds another)."""
    if "[" in text and "]" in text and _TICKED.search(text):
        text = _UNTICKED.sub("", text)
    if "\n+" in text or "\n +" in text:
        text = _REMOVED.sub("", text)
    return text
