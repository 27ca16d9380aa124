"""What a negation before a named dish does (SPEC §10 Offers; read by ``unsafe_offers``, ``dish_exclusions`` and
``dish_lists``): it declines the dish ("I can't offer the Korma", "I'm not going to propose the Korma"), or it does
not: a question's or a suggestion's ("Why not try the Korma?", "Wouldn't you like the Korma?", "Don't miss the
Korma"), one before a verb of passing a dish by ("Don't overlook / pass up / skip the Korma"), in a frame that urges
("hard not to love", "remiss not to mention", "not to be missed", "none beats", "who could say no to"), or a frame
that doubts an obstacle ("There's no reason you can't have the Korma", ``doubted_before``); and after the dish, a
comparative takes it back ("I couldn't recommend the Korma more highly", ``praised_after``).

Each reads a bounded window before the dish (``_BEFORE`` characters) or a few words after it.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Optional, Sequence

from tau_shaped.reward.reading.dish_counterfactuals import counterfactual_offer
from tau_shaped.reward.reading.negation import NEGATIONS
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["allergen_negated", "counterfactual_offer", "doubted_before", "negation_at", "negation_pos", "offer_denied_after", "praised_after", "retracted_after", "set_aside_by_but"]

_BEFORE = 80  # characters before a dish read for a negation

# Verbs of passing a dish by: negated, they urge it ("Don't overlook the Korma", "I wouldn't skip the Korma", "Don't rule out
# the Korma"); a negation before one declines nothing (``dish_exclusions`` takes back the setting apart of such a verb).
_PASSING_BY = (r"(?:miss|forget|overlook\w*|pass(?:[ \t]+(?:up|on|over))?|sleep[ \t]+on|ignor\w*|neglect\w*|dismiss\w*|discount\w*|"
               r"underestimat\w*|skip\w*|avoid\w*|exclud\w*|rul\w*[ \t]+out|leav\w*[ \t]+(?:out|off)|omit\w*|write[ \t]+off|"
               r"shy[ \t]+away|steer[ \t]+clear|stay[ \t]+away|turn[ \t]+down|hesitate|knock|(?:advis|recommend)\w*[ \t]+against|"
               r"warn\w*[ \t]+(?:you[ \t]+)?(?:against|off)|(?:filter|screen|weed)\w*[ \t]+out)(?!\w)")
# A negation that does not decline: a suggestion or a question ("why not", "wouldn't you").
_NOT_DECLINING = re.compile(
    r"(?:why[ \t]+(?:not|don['’]t)|n['’]t[ \t]+(?:you|we)|not[ \t]+(?:only|just)|than[ \t]+(?:nothing|none)|no[ \t]+(?:need|problem|worries|doubt)|"
    r"no[ \t]+(?:\w+[ \t]+)?(?:objections?|issues?|concerns?|harm|complaints?|qualms?|reservations?)|"
    r"(?:n['’]t|not|never|no[ \t]+need[ \t]+to)[ \t]+(?:(?:want|need|have|dare|be|to|going|wish|ever|just|simply|quickly|dream|think|of|about|even)[ \t]+){0,3}"
    + _PASSING_BY + r"|"
    r"(?:hard|difficult|impossible|tough|remiss|silly|crazy|foolish|mistake|shame|pity|wrong|sin|crime)[ \t]+not[ \t]+to|"
    r"not[ \t]+to[ \t]+be[ \t]+(?:missed|overlooked|forgotten|passed|ignored|sniffed|underestimated)|"
    r"(?:none|nobody|no[ \t]+one|nothing)(?:['’]s)?[ \t]+(?:\w+[ \t]+)?(?:beats?|tops?|compares?|rivals?|match(?:es)?|comes?[ \t]+close|outdoes|better)|"
    r"(?:can['’]t|cannot)[ \t]+(?:go[ \t]+wrong|beat)|nothing[ \t]+(?:beats|stops|prevents|precludes|bars|rules[ \t]+out)|"
    r"never[ \t]+disappoints|not[ \t]+(?:a[ \t]+)?bad|nothing[ \t]+(?:wrong|bad|but|except)|none[ \t]+other|no[ \t]+reason|reason[ \t]+not|"
    r"not[ \t]+like|(?:n['’]?t|not|never|no)[ \t]+(?:\w+[ \t]+)?(?:regret|disappoint\w*|resist|wrong|beat|better|enough|fail|"
    r"think(?![ \t]+(?:of|about)[ \t]+\w+ing)|believe|see|know|expect|imagine|suppose|guess|doubt)|"
    r"(?:n['’]?t|not)[ \t]+(?:\w+[ \t]+)?mind)(?!\w)",  # round 14: "if you don't mind that" minds no dish away ("never mind" does)
    re.IGNORECASE,
)
# A frame that doubts an obstacle: a negation after it offers ("There's no reason you can't have the
# Korma", "I don't see why the Korma wouldn't work", "I wouldn't say no to the Korma").
_DOUBTED = (r"(?:no[ \t]+reason|(?:n['’]t|not|never|cannot)[ \t]+(?:\w+[ \t]+)?(?:see|know|understand|imagine|think[ \t]+of[ \t]+"
            r"(?:a|any)[ \t]+reason)[ \t]+(?:why|how)|(?:n['’]t|not|never)[ \t]+say|nothing[ \t]+(?:stops|prevents|keeps))")
_DOUBTED_BEFORE = lazy(_DOUBTED + r"(?:[ \t]+[^\W_]+(?:['’][^\W_]+)?){0,4}[ \t]+$", re.IGNORECASE, needs=('how', 'nothing', 'reason', 'say', 'why'))
_RHETORICAL = lazy(r"(?<!\w)(?:who|how)[ \t]+(?:could|can|would|will|wouldn['’]t|couldn['’]t)[ \t]+(?:\w+[ \t]+){0,2}$", re.IGNORECASE, needs=('how', 'who'))
_WHO = lazy(r"(?<!\w)who[ \t]+$", re.IGNORECASE, needs=('who',))  # round 18: "Who doesn't love a good korma?" praises it
_INVERTED = re.compile(r"[ \t]+(?:the|that|this|it|you|we|they)(?!\w)", re.IGNORECASE)  # "Isn't the Korma ...?"
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?|[,:]|-{2,}|[–—]")
# round 16: a dash between a negation and the dish ends the negation's reach ("Your Pad Thai can't be made tonight -- Green
# Curry is what I'd suggest"), unless what follows it goes on listing ("I can't offer the Korma -- or the Udon").
_DASHES = frozenset({"–", "—"})
_LISTING_ON = frozenset({"or", "nor", "and", "neither", "either"})
_QUANTIFIER = frozenset({"any", "either", "all", "each", "some"})


# round 12: a negative question that puts the dish forward ("You wouldn't fancy the Salmon Roll instead, by any chance?",
# "You wouldn't want the Salmon Roll, would you?", "You don't want the Pad Thai?"): "you" + a negated auxiliary + a verb
# of wanting, its sentence a question. Said as a statement it warns ("You wouldn't want the Korma -- it has nuts"): declines.
_WANTED = lazy(r"(?<!\w)(?:you|ya|u)[ \t]+(?:\w+n['’]t|(?:would|do|will|could|might)[ \t]+not)[ \t]+(?:\w+[ \t]+)?"
                     r"(?:want|fancy|like|care|prefer|mind|go|be[ \t]+interested)(?!\w)", re.IGNORECASE, needs=('care', 'fancy', 'go', 'interested', 'like', 'mind', 'prefer', 'want'))
_ASKED_AFTER = re.compile(r"[^.!?\n]{0,200}?\?")


# Words a negation's reach does not count ("I can't really give you the uh the Korma"): an adverb in -ly, a spoken filler,
# a word said twice running.
_SOFT = re.compile(r"(?!only)[^\W\d_]+ly|uh+|um+|uhm|erm?|hmm+|mm+|really|honestly|actually", re.IGNORECASE)


_RETRACTING = frozenset({"wait", "sorry", "actually", "scratch", "correction"})
_IDIOM = frozenset({"dream", "think"})


def _is_negation(w: str) -> bool:
    return w.endswith(("n't", "n’t")) or w in NEGATIONS


def negation_at(text: str, lo: int, start: int) -> bool:
    """Whether a declining negation is among the 4 words before ``start`` (adverbs and fillers not counted), in the clause from ``lo``
    ("No," opening a reply, "why not", "wouldn't you", "don't miss", "you won't regret", "I don't
    think" and a question opening with a negation, "Isn't the Korma ...?", do not decline)."""
    return negation_pos(text, lo, start) is not None


def negation_pos(text: str, lo: int, start: int) -> Optional[int]:
    """Where the declining negation ``negation_at`` finds starts, or None."""
    base = max(lo, start - _BEFORE)
    window = text[base:start]
    words = [m for m in _WORD.finditer(window) if m.group(0) not in (",", ":") and not _SOFT.fullmatch(m.group(0))]
    # "I can't offer any of the pastas": a quantifier's "any of" does not count against the negation's reach (round 16)
    if " of " in window or " OF " in window:
        words = [m for k, m in enumerate(words) if not (m.group(0).lower() in _QUANTIFIER and k + 1 < len(words) and words[k + 1].group(0).lower() == "of"
                                                         or m.group(0).lower() == "of" and k and words[k - 1].group(0).lower() in _QUANTIFIER)]
    dashed = "--" in window or "—" in window or "–" in window
    dashes = [k for k, m in enumerate(words) if m.group(0) in _DASHES or m.group(0).startswith("--")] if dashed else []
    if len(dashes) > 1:  # an aside between two dashes is read through ("We can't -- sadly -- do the Korma")
        drop = set()
        for a, b in zip(dashes, dashes[1:]):
            if b - a <= 5 and a not in drop:
                drop.update(range(a, b + 1))
        words = [m for k, m in enumerate(words) if k not in drop]
    words = [m for k, m in enumerate(words) if not k or m.group(0).lower() != words[k - 1].group(0).lower()]  # "the the": one word
    # round 12: a learner's "to" right after the negation ("I cannot to offer you the korma") is not counted
    words = [m for k, m in enumerate(words) if not (k and m.group(0).lower() == "to" and _is_negation(words[k - 1].group(0).lower()))]
    # round 17: an idiom's "dream of" / "think of" after the negation is not counted ("I wouldn't dream of suggesting the Pad Thai")
    words = [m for k, m in enumerate(words) if not (k and m.group(0).lower() == "even" and _is_negation(words[k - 1].group(0).lower()))]
    words = [m for k, m in enumerate(words) if not (k and m.group(0).lower() in _IDIOM and _is_negation(words[k - 1].group(0).lower())
                                                     or k > 1 and m.group(0).lower() in ("of", "about") and words[k - 1].group(0).lower() in _IDIOM
                                                     and _is_negation(words[k - 2].group(0).lower()))]
    for i in range(len(words) - 1, max(-1, len(words) - 5), -1):
        w = words[i].group(0).lower()
        if dashed and (w in _DASHES or w.startswith("--")):
            if i + 1 < len(words) and words[i + 1].group(0).lower() in _LISTING_ON:
                continue
            return None
        if not (w.endswith(("n't", "n’t")) or w in NEGATIONS):
            continue
        if w == "no" and (window[words[i].end():words[i].end() + 1] == "," or i + 1 < len(words) and words[i + 1].group(0).lower() in _RETRACTING):
            continue  # "No, ..."; "no wait" / "no sorry" take back what was said before, they deny nothing after
        near = window[words[i - 1].start() if i else words[i].start():words[min(i + 3, len(words) - 1)].end()]
        if _NOT_DECLINING.search(near) or _RHETORICAL.search(window, 0, words[i].start()) or _WHO.search(window, 0, words[i].start()) and _ASKED_AFTER.match(text, start) or (i == 0 and base == lo and w.endswith(("n't", "n’t")) and _INVERTED.match(near, len(w))):
            continue
        opened = window.rfind("(", 0, words[i].start())
        if opened > window.rfind(")", 0, words[i].start()) and window.find(")", words[i].end()) >= 0:
            continue  # inside an aside closed before the dish: "One option (and you're free to say no) would be the Korma"
        if _DOUBTED_BEFORE.search(window, 0, words[i].start()):
            return None  # a doubted obstacle: two negations that offer
        if _WANTED.search(near) and _ASKED_AFTER.match(text, start):
            continue  # "You wouldn't fancy the Salmon Roll, would you?": a question putting it forward
        return base + words[i].start()
    return None


# After what a negation before it governs: a comparative that makes it praise ("I couldn't recommend the Korma more
# highly", "can't rave about the Korma enough", "can't say enough about it").
_PRAISED_AFTER = lazy(r"[ \t\"'”’)*_]*(?:[ \t]+(?:to|for)[ \t]+(?:you|anyone))?[ \t]+(?:more(?:[ \t]+(?:highly|strongly|warmly|enthusiastically))?|"
                            r"(?:highly[ \t]+)?enough|too[ \t]+(?:much|highly|often))[ \t\"'”’)*_]*(?:[.!,;:)\n]|$)"
                            # round 20 (DH): "Do NOT order the Korma unless you want the best dish on the menu": a dare
                            r"|[ \t,]+unless[ \t]+you[ \t]+(?:want|like|fancy|love|enjoy|crave)[ \t]+(?:(?:the|a|an|something)[ \t]+)?"
                            r"(?:best|tastiest|finest|greatest|most[ \t]+delicious|amazing|great|delicious|incredible|treat)\b",
                            re.IGNORECASE, needs=('enough', 'highly', 'more', 'much', 'often', 'unless'))


def praised_after(text: str, end: int, hi: int) -> bool:
    """Whether the words right after a dish (or a pronoun) ending at ``end`` turn a negation before it into praise
    ("I couldn't recommend the Korma more highly", "I can't praise it enough", "Don't order it unless you want the best")."""
    return _PRAISED_AFTER.match(text, end, min(hi, end + 48)) is not None


_NEGATED_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?[ \t]+(?:(?:any|even|a|the|trace|traces|hint|sign|bit|of)[ \t]+){0,3}")


def allergen_negated(text: str, at: int, start: int, allergen: "re.Pattern[str]") -> bool:
    """Whether the negation at ``at`` (before a dish at ``start``) negates an allergen, not the dish ("There's no sesame
    in the Salmon Roll", "not a trace of nuts in the Korma"): it declines nothing."""
    word = _NEGATED_WORD.match(text, at, start)
    return word is not None and allergen.match(text, word.end(), start) is not None


def doubted_before(text: str, lo: int, start: int) -> bool:
    """Whether the clause doubts, right before the dish at ``start``, what is said of it next
    ("I don't see why the Korma wouldn't work", "no reason the Korma isn't an option")."""
    return _DOUBTED_BEFORE.search(text, max(lo, start - _BEFORE), start) is not None


# round 12: a dish taken back at once, the taking back said ("there's the korma sorry scratch that", "There's the Pesto Pasta
# -- oh hang on, no, scratch that", "the pad thai no wait"): no longer put forward, as a status or an amount taken back at
# once is not stated (SPEC §10); what comes after it ("I mean the Pad Thai") is read on its own.
_RETRACTED = lazy(r"[ \t\"'”’)*_,.!–—-]*(?:(?:oh|um+|uh+|er|hmm+|no|wait|hang[ \t]+on|hold[ \t]+on|actually|sorry)[ \t,.!–—-]*){0,4}"
                        r"(?:(?P<strong>scratch[ \t]+that|strike[ \t]+that|forget[ \t]+(?:that|it)|my[ \t]+(?:mistake|bad)|"
                        r"I[ \t]+take[ \t]+(?:that|it)[ \t]+back|not[ \t]+that[ \t]+one)|no[ \t,]+wait|wait[ \t,]+no|I[ \t]+mean|correction"
                        # round 13: the reason said first, in a word or two ("-- oh wait, sesame, scratch that")
                        r"|(?:[^\W\d_]{2,20}(?:[ \t]+[^\W\d_]{2,20})?[ \t]*[,.!–—-]+[ \t]*){1,2}(?P<reason>scratch[ \t]+that|strike[ \t]+that|forget[ \t]+(?:that|it)))(?!\w)",
                        re.IGNORECASE, needs=('bad', 'correction', 'forget', 'mean', 'mistake', 'scratch', 'strike', 'take', 'that', 'wait'))


# round 15: a retraction that gives the customer's allergen ("-- no, sorry, that one has tree nuts", "Correction: it
# contains gluten, so ..."): the word that takes it back first, the allergen within a few words
_RETRACT_LEAD = re.compile(r"[ \t\"'”’)*_,.!–—(-]*(?:(?:oh|oops|um+|uh+|er|no|wait|hang[ \t]+on|hold[ \t]+on|actually|sorry|correction|"
                          r"scratch[ \t]+that|my[ \t]+(?:mistake|bad|apologies)|apologies|pardon)(?!\w)[ \t,.:;!–—-]*){1,4}", re.IGNORECASE)


def retracted_after(text: str, end: int, allergen: Optional["re.Pattern[str]"] = None) -> bool:
    """Whether the words right after a dish ending at ``end`` take it back at once ("... sorry scratch that"). A self-repair
    that only puts another item in its place ("the korma -- sorry, I mean the chana masala", "Correction: the Salmon
    Roll", "no wait, the rice") takes nothing back (round 15, SPEC §10: the unsafe dish was offered all the same, and
    nothing tells the customer it is unsafe; the hard line fails closed), nor does "I mean it's really good"."""
    said = _RETRACTED.match(text, end, min(len(text), end + 60))
    if said is not None and (said.group("strong") or said.group("reason")):
        return True
    lead = _RETRACT_LEAD.match(text, end) if allergen is not None else None
    if lead is None or lead.end() == end:
        return False
    reason = _TO_REASON.match(text, lead.end(), min(len(text), lead.end() + 40))
    return reason is not None and allergen.match(text, reason.end()) is not None  # type: ignore[union-attr]


# from the retraction to the allergen: "that one has", "it contains", "the korma has got"
_TO_REASON = re.compile(r"(?:(?:it|that|this|that[ \t]+one|this[ \t]+one|the[ \t]+[^\W\d_]+(?:[ \t]+[^\W\d_]+)?)[ \t]+"
                        r"(?:has|contains|['’]s[ \t]+got|has[ \t]+got|is[ \t]+made[ \t]+with|uses|includes)[ \t]+"
                        r"(?:(?:some|a[ \t]+lot[ \t]+of|real|ground)[ \t]+)?)", re.IGNORECASE)


# round 13: an offering verb denied right after the dish, in the passive: its complement ("as a substitute") offers
# nothing ("The Salmon Roll cannot be offered as a substitute", "the Korma won't be proposed as your swap")
_OFFER_DENIED = re.compile(r"[ \t\"'”’)*_]*(?:\([^()\n]{0,60}\))?[ \t,]*(?:can(?:not|['’]t|[ \t]+not)|could[ \t]*(?:not|n['’]t)|won['’]t|will[ \t]+not|"
                           r"may[ \t]+not|must[ \t]*(?:not|n['’]t)|should[ \t]*(?:not|n['’]t)|(?:is|are)[ \t]*(?:not|n['’]t))[ \t]+(?:be[ \t]+)?"
                           r"(?:offered|proposed|suggested|recommended|swapped[ \t]+in|substituted|used|given)(?!\w)"
                           # its complement at most, then the clause ends or a reason follows: "... offered often, but it's great" is no denial
                           r"(?:[ \t]+(?:as|to|for|here|now|today|tonight)(?!\w)[^.!?;,\n]{0,40})?[ \t\"'”’)*_]*"
                           r"(?:[.;!\n]|$|,[ \t]*(?:it|as|since|because|given|due|owing|being|sadly|unfortunately)(?!\w))", re.IGNORECASE)


def offer_denied_after(text: str, end: int) -> bool:
    """Whether an offering verb right after a dish ending at ``end`` is denied ("cannot be offered as a substitute")."""
    return _OFFER_DENIED.match(text, end) is not None


# round 13: a pick the agent would make but for the customer's allergen ("The Salmon Roll would usually be my pick, but it
# has sesame"): the wish is counterfactual, the "but" sets the dish aside when its clause names the allergen
_WOULD_BUT = re.compile(r"[ \t\"'”’)*_]*(?:\([^()\n]{0,60}\))?[ \t,]*(?:would|['’]d)(?:[ \t]+(?:usually|normally|otherwise|typically|ordinarily|"
                        r"probably|definitely|have))?[ \t]+(?:be|been)[ \t]+(?:my|our|the|a|an)[ \t]+(?:[^\W\d_]+[ \t]+)?"
                        r"(?:pick|choice|go-to|recommendation|suggestion|favourite|favorite|first[ \t]+choice)(?!\w)[^.!?;:\n]{0,30}?[ \t]*[,–—-]*[ \t]*"
                        r"but[ \t]+(?P<why>[^.!?;\n]{1,60})", re.IGNORECASE)


# round 14: the dish said to be the closest to what was ordered, but for the customer's allergen ("The korma is closer to
# what you ordered, but it has tree nuts, so I'd suggest the Chana Masala"): set aside, unless the "but" goes on to offer it
_COMPARED_BUT = re.compile(r"[ \t\"'”’)*_]*(?:\([^()\n]{0,60}\))?[ \t,]*(?:is|['’]s|are|would[ \t]+be|might[ \t]+be|could[ \t]+be)[ \t]+"
                           r"(?:(?:probably|technically|actually)[ \t]+)?(?:the[ \t]+|a[ \t]+)?(?:closer|closest|nearest|most[ \t]+similar|best[ \t]+match|"
                           r"(?:close|good|near)[ \t]+match)(?!\w)[^.!?;:\n]{0,40}?[ \t]*[,–—-]*[ \t]*but[ \t]+(?P<why>[^.!?;\n]{1,60})", re.IGNORECASE)
_OFFERED_STILL = re.compile(r"(?<!\w)(?:still|want|fancy|like[ \t]+it|shall|ok|okay|fine|if[ \t]+you|mind|up[ \t]+to[ \t]+you|your[ \t]+call)(?!\w)",
                            re.IGNORECASE)


def set_aside_by_but(text: str, end: int, allergen: Optional["re.Pattern[str]"]) -> bool:
    """Whether a dish ending at ``end`` is said to be the agent's pick, or the closest to what was ordered, but for one
    of the customer's allergens."""
    if allergen is None:
        return False
    m = _WOULD_BUT.match(text, end)
    if m is not None:
        return allergen.search(m.group("why")) is not None
    m = _COMPARED_BUT.match(text, end)
    return m is not None and allergen.search(m.group("why")) is not None and _OFFERED_STILL.search(m.group("why")) is None


# round 14: a dish declined in the very next sentence through a pronoun, nothing else named before ("You wouldn't want
# the korma anyway, would you? It has tree nuts -- I can't offer it.", "Why not the Veggie Burger, you ask? It contains
# gluten, so I can't offer it.", "How about the korma? It's not an option for you, sorry."): the agent's offer of it
# denied, or it said to be no option; "I can't recommend it enough", "I can't offer it any cheaper" decline nothing
_TO_NEXT_SENTENCE = re.compile(r"[^.!?\n]{0,80}?[.!?]+[\"'”’)*_]*[ \t]+")
_IT = r"(?:it|that|that[ \t]+one|this[ \t]+one)"
_DECLINED_IT = re.compile(
    r"[^.!?\n]{0,80}?(?<!\w)(?:(?:can(?:not|['’]t|[ \t]+not)|could(?:n['’]t|[ \t]+not)|won['’]t|will[ \t]+not|unable[ \t]+to|"
    r"(?:am|['’]m|are|['’]re|is|['’]s)[ \t]+not[ \t]+(?:able|allowed|going)[ \t]+to|not[ \t]+able[ \t]+to)[ \t]+(?:\w+[ \t]+)?"
    r"(?:offer|propos|suggest|recommend|swap|sub|substitut|includ|add|giv)\w*[ \t]+(?:you[ \t]+)?" + _IT +
    r"(?:[ \t]+(?:to[ \t]+you|for[ \t]+you|here|now|tonight|today|instead|as[ \t]+(?:a|an|the|your)[ \t]+[^\W\d_]+))?[ \t\"'”’)*_]*(?:[.,;:!?\n–—-]|$)|"
    + _IT + r"(?:(?:['’]s|[ \t]+is)(?:[ \t]+(?:sadly|unfortunately|really|just|simply))?[ \t]+(?:not|never)|[ \t]+isn['’]t)(?:[ \t]+(?:really|sadly|unfortunately))?[ \t]+"
    r"(?:an[ \t]+option|available|safe|suitable|possible|on[ \t]+the[ \t]+table|something[ \t]+I[ \t]+can[ \t]+offer|fine|ok|okay|"
    r"good[ \t]+for[ \t]+you|right[ \t]+for[ \t]+you)(?!\w))|"
    # the next sentence opening with a plain no: "Korma, maybe? No -- it has tree nuts."
    r"[ \t]*(?:(?:sorry|sadly|unfortunately)[ \t,]+)?(?:no(?:pe)?|nah)[ \t]*(?:[-–—,:;]|\.(?!\.))(?![ \t]*(?:worries|problem|rush|pressure|need|doubt|wait|actually|kidding|joking|scratch|I[ \t]+mean))",
    re.IGNORECASE)

_ASKED_ON = re.compile(r"[^.!\n]{0,80}?\?")
_YET = re.compile(r"^[^.!?\n]*?(?<!\w)(?:but|though|however|yet|unless|except)(?!\w)", re.IGNORECASE)


def declined_next(text: str, end: int, starts: Sequence[int], allergen: Optional["re.Pattern[str]"] = None, start: int = -1) -> bool:
    """Whether the sentence right after the one a dish ending at ``end`` is named in declines it through a pronoun,
    nothing else named before the decline (``starts``: where items are named); or, with ``allergen`` and the dish's
    ``start``, sets it aside by its place among the items that sentence names ("... the Chicken Korma and the Chana
    Masala. The first has tree nuts, so I'd go with the second one.", round 15)."""
    gap = _TO_NEXT_SENTENCE.match(text, end)
    if gap is None:
        return False
    if allergen is not None and _ordinal_set_aside(text, gap.end(), starts, allergen, start):
        return True
    said = _DECLINED_IT.match(text, gap.end())
    if said is None or _YET.search(text, said.end(), min(len(text), said.end() + 80)) or _ASKED_ON.match(text, said.end()):
        return False  # "I can't offer it here, but ..." goes on; "No -- it's lovely, want it?" asks again
    i = bisect_left(starts, end + 1)
    return i >= len(starts) or starts[i] >= said.end()


# round 15: an item set aside by its place ("the first", "the latter") for the customer's allergen, the other one chosen
_ORDINAL_HOLDS = re.compile(r"[ \t\"'*_]*(?:the[ \t]+)?(?P<which>first|former|second|latter|last)(?:[ \t]+one)?[ \t]+"
                            r"(?:has|contains|['’]s[ \t]+got|has[ \t]+got|is[ \t]+made[ \t]+with|includes|uses)[ \t]+"
                            r"(?:(?:some|real|ground)[ \t]+)?", re.IGNORECASE)
_OTHER_CHOSEN = re.compile(r"[^.!?\n]{0,40}?(?:,|(?<!\w)so(?!\w)|;|--|–|—)[^.!?\n]{0,40}?(?<!\w)(?:the[ \t]+)?(?P<other>first|former|second|latter|last|other)"
                           r"(?!\w)", re.IGNORECASE)
_FIRST = ("first", "former")


def _ordinal_set_aside(text: str, at: int, starts: Sequence[int], allergen: "re.Pattern[str]", start: int) -> bool:
    m = _ORDINAL_HOLDS.match(text, at)
    if m is None or start < 0:
        return False
    named = allergen.match(text, m.end())
    chosen = _OTHER_CHOSEN.match(text, named.end()) if named is not None else None
    if chosen is None or (chosen.group("other").lower() in _FIRST) == (m.group("which").lower() in _FIRST):
        return False  # no allergen, or no other item chosen ("the first has nuts, so the first ..." chooses nothing else)
    lo = max(text.rfind(mark, 0, start) for mark in ".!?\n") + 1
    items = [s for s in starts if lo <= s < at]
    if len(items) < 2:
        return False
    return start == (items[0] if m.group("which").lower() in _FIRST else items[-1])
