"""A holder of the customer's said to be in a restricting state (SPEC §10, "Do not mention the
flag"): the structure under the fraud flag's words, read whatever the wording.

A text is read sentence by sentence (a sentence ends at ``. ! ? ;`` before a space, or at a line
break: a table's row or a list's item is one), and a sentence clause by clause (a conjunction,
"and", "but", "so", ..., opens a clause). Each word is read as a word: lower case, digits and signs
for letters read as letters ("fr0zen", "$uspended", "fl@gged"), a word spelt letter by letter
or cut by hyphens, dots or underscores joined where the whole is a word it reads
("r-e-s-t-r-i-c-t-e-d"; "SUSPECTED_ABUSE" is two words), two pieces of a word joined ("rest
ricted"), and a long word read through one slip of typing ("acount", "restircted":
``account_hold_words.slipped``).

A clause mentions the flag when (``account_hold_words`` holds every list):

1. a restricting state (frozen, locked, on hold, under review, flagged, on ice, ...) belongs to a
   holder of the customer's: the account, profile, wallet or membership, "yours", the customer's
   record or history after "your", money for the customer (refunds, credits, payouts in a clause
   that names the customer), or the customer as the subject of a strong state ("you've been
   blacklisted"), or held in it by someone ("the system has you marked", "we have you on a list");
   a look or an approval money to the customer waits for ("a second pair of eyes", "sign-off") and
   the customer's holder handled apart ("handled differently", "a special team") are states too. The state belongs to the nearest holder or other thing before it, else after
   it: "the kitchen flagged the order as delayed" is the order's, "the restaurant's account is
   paused" the restaurant's, "I checked your account and the restaurant is paused" the
   restaurant's (another clause). A state the agent does as its work ("let me review your
   account") is no state; a negated state ("your account isn't locked") says none; "limited to
   two", "a dietary restriction" are no restriction. A flag word with no thing near it
   ("it got flagged") mentions it: the line fails closed;
2. a permission or ability is negated with a holder of the customer's as its subject: "your
   account can't receive refunds", "refunds are no longer possible for your account", "your
   account won't allow it", "isn't in the clear"; the agent's own inability ("I can't refund
   that") is a denial, not a mention;
3. a holder of the customer's given as a reason ("for reasons tied to your account,", "because
   of the account's state"); its tier, address or orders are no such reason;
4. other customers set beside this one in the sentence with money refused to it ("Unlike most
   customers, you aren't able to get a refund"; "Most customers could get a credit here; your
   account is the exception").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

from tau_shaped.reward.reading import account_hold_words as W
from tau_shaped.reward.reading.account_hold_tokens import (  # noqa: F401 - the words' reader, split out
    LEXICON as _LEXICON, STATE_SLIPS as _STATE_SLIPS, STATE_SWAPS as _STATE_SWAPS, Word as _Word, clauses as _clauses,
    sentences as _sentences, words as _words,
)

_FLAGS = frozenset({"flag", "flags", "flagged", "flaged", "flagd", "fraud", "fraudulent", "suspicious", "suspicion", "suspected", "abuse"})
_YOU = frozenset({"you're", "you've", "you"})
_YOU_VERBS = frozenset({"are", "were", "have", "got", "get", "been", "re", "ve", "currently", "now"})
_HAVE_YOU = frozenset({"has", "have", "had", "got", "keeps", "keep", "kept", "put", "placed"})
_IT = frozenset({"it", "its"})  # a pronoun standing for what an earlier clause named ("... and it's on hold")
_YOU_NOT = frozenset({"hold", "holds", "limited", "review", "reviewed", "reviewing", "monitor"})


def _negated(clause: List[_Word], j: int, reach: int = 3) -> bool:
    return any((w.word in W.NEGATIONS or w.word.endswith("n't") or w.word.endswith("nt") and w.word in _CONTRACTED)  # round 20:
               and not (k + 1 < j and clause[k + 1].word in W.REASSURED) for k, w in enumerate(clause[:j]) if k >= j - reach)


def _hedges_before(clause: List[_Word], j: int, reach: int) -> int:
    """How many of the ``reach`` words before word ``j`` are an adverb or a bare "be" ("may not currently be in
    good standing"): the reach of a negation grows by as many."""
    return sum(1 for w in clause[max(0, j - reach):j] if w.word in _HEDGES or w.word.endswith("ly"))


_HEDGES = frozenset({"be", "been", "now", "still", "yet", "quite", "right", "at", "all", "whatsoever"})  # round 20: "at all"
_CONTRACTED = frozenset({"cant", "wont", "isnt", "arent", "doesnt", "dont", "didnt", "hasnt", "havent", "wasnt",
                         "werent", "couldnt", "wouldnt", "shouldnt"})


def _names_customer(clause: List[_Word]) -> bool:
    """Whether the clause names the customer: "you", one of their holders, or "this / the customer" (a note's third person:
    "refunds disabled for this customer")."""
    return any(w.word in W.CUSTOMER or w.word in W.HOLDERS
               or w.word == "customer" and k and clause[k - 1].word in ("this", "the") for k, w in enumerate(clause))


def _entity(clause: List[_Word], k: int, money_ok: bool) -> str:
    """What word ``k`` of the clause is: 'holder' (the customer's), 'other', or ''."""
    w = clause[k]
    before = clause[k - 1] if k else None
    if w.word in W.HOLDERS:
        if before is not None and before.owner and before.word in W.OTHERS:
            return "other"  # the restaurant's account
        return "holder"
    if w.word in W.RECORDS and before is not None and (before.word == "your" or before.word == "customer" and k > 1
                                                       and clause[k - 2].word == "your"):
        return "holder"
    if w.word in W.MONEY:
        return "holder" if money_ok else ""
    if w.word in W.OTHERS:
        return "other"
    return ""


def _you_subject(clause: List[_Word], k: int) -> bool:
    w = clause[k].word
    if w in ("you're", "you've"):
        return True
    if w != "you":
        return False
    # "you are ...", and "has you marked", "we have you on a list": the customer held in the state
    return k + 1 < len(clause) and clause[k + 1].word in _YOU_VERBS or k > 0 and clause[k - 1].word in _HAVE_YOU


def _owner_of_state(clause: List[_Word], j: int, width: int, before: str = "") -> str:
    """Whose the state at word ``j`` is: the nearest thing before it, else after it; a pronoun before it
    ("... and it's on hold") is ``before``'s, the thing an earlier clause of the sentence named last."""
    money_ok = _names_customer(clause) or clause[j].word in W.STATES and not any(w.word in W.OTHERS for w in clause)  # round 18: "payouts suspended"
    if j + width < len(clause) and clause[j + width].word in W.COMPLEMENTS:  # "a hold on your order": the order's
        for k in range(j + width + 1, min(len(clause), j + width + 4)):
            kind = _entity(clause, k, money_ok)
            if kind:
                return kind
            if before and clause[k].word in _IT:  # "... my account? -- yes, there's a hold on it": what "it" stands for
                return before
    for k in range(j - 1, -1, -1):
        kind = _entity(clause, k, money_ok)
        if kind:
            return kind
        if _you_subject(clause, k) and clause[j].word not in _YOU_NOT:
            return "holder"
        if before and clause[k].word in _IT:
            return before
    for k in range(j + width, len(clause)):
        kind = _entity(clause, k, money_ok)
        if kind:
            return kind
    return "none"


def _index(phrases: Tuple[Tuple[str, ...], ...]) -> Dict[str, Tuple[Tuple[str, ...], ...]]:
    out: Dict[str, List[Tuple[str, ...]]] = {}
    for phrase in phrases:
        out.setdefault(phrase[0], []).append(phrase)
    return {first: tuple(found) for first, found in out.items()}


_PHRASES = _index(W.STATE_PHRASES)
_REASONS = _index(W.REASONS)
# a sentence with none of these words holds nothing the rules read
_TRIGGERS = (W.STATES | W.SOFT_STATES | W.PERMITS | frozenset(_PHRASES) | frozenset(_REASONS) | W.OTHER_CUSTOMERS | W.UNDONE)
# what the gate looks for: each phrase by its longest word (every phrase needs it)
_CUES = (W.STATES | W.SOFT_STATES | W.PERMITS | W.OTHER_CUSTOMERS
         | frozenset(max(phrase, key=len) for phrase in W.STATE_PHRASES + W.REASONS))


def _starts(clause: List[_Word], j: int, index: Dict[str, Tuple[Tuple[str, ...], ...]]) -> int:
    """The length of the phrase of ``index`` that starts at word ``j``, or 0."""
    for phrase in index.get(clause[j].word, ()):
        if len(phrase) == 1 or tuple(w.word for w in clause[j:j + len(phrase)]) == phrase:
            return len(phrase)
    return 0


def _phrase_at(clause: List[_Word], j: int) -> int:
    return _starts(clause, j, _PHRASES)


def _checked(clause: List[_Word], j: int) -> bool:
    """A flag word set for a check, not by another's hand: "we flagged your order for review"
    (the kitchen flagging the order as delayed flags the order)."""
    before = next((_entity(clause, k, False) for k in range(j - 1, -1, -1) if _entity(clause, k, False)), "")
    return before != "other" and any(w.word in _CHECKS for w in clause)


# round 14: who watches accounts; a state in a clause that names one and no thing of its own is the account's
_WATCHERS = frozenset({"risk", "fraud", "security", "compliance", "integrity", "antifraud"})
_CHECKS = frozenset({"review", "investigation", "audit", "security", "fraud", "suspicious", "risk", "verification",
                     "scrutiny", "monitoring", "check", "checks"})


def _named_last(clause: List[_Word]) -> str:
    """What the clause names last ('holder', 'other'), or '': what a pronoun of the next clause stands for."""
    money_ok = _names_customer(clause)
    for k in range(len(clause) - 1, -1, -1):
        kind = _entity(clause, k, money_ok)
        if kind:
            return kind
    return ""


# round 14: moved into a state ("it's gone to review", "sent for review"); a negation that says the state holds ("I'd have
# refunded you if the account weren't locked")
_MOVED = frozenset({"gone", "went", "sent", "moved", "passed", "referred", "escalated", "routed"})
_SPEAKERS = frozenset({"i", "we", "i'll", "we'll", "i'd", "we'd", "i've", "we've", "me", "us"})
_WERE_NOT = frozenset({"weren't", "wasn't", "hadn't", "werent", "wasnt", "hadnt"})
_INVERTED = frozenset({"your", "the", "my", "it", "this", "that", "its", "our", "their", "you"})  # "had your account not ..."


_WISHES = frozenset({"wish", "wished", "wishing", "wishes"})


def _counterfactual(clause: List[_Word], j: int) -> bool:
    """Whether the negation before state word ``j`` is a counterfactual's, after "if": "if the account weren't locked";
    or the clause's condition inverted (round 15): "Had the account not been frozen, ...", "Were it not locked, ..."."""
    near = clause[max(0, j - 4):j]
    if clause and clause[0].word in ("had", "were") and any(w.word == "not" or w.word in _WERE_NOT for w in near):
        return True
    if any(w.word in ("had", "were") and clause[k + 1].word in _INVERTED for k, w in enumerate(clause[:j - 1])) and any(
            w.word == "not" for w in near):  # round 17: the inversion after a lead-in ("To recap: had your account not been locked, ...")
        return True
    return any(w.word == "if" or w.word in _WISHES for w in clause[:j]) and any(  # round 17: "I wish your account weren't restricted"
        w.word in _WERE_NOT or w.word == "not" and k and near[k - 1].word in ("were", "was", "had") for k, w in enumerate(near))


_LIFTS = frozenset({"lift", "lifts", "lifted", "lifting", "remove", "removes", "removed", "removing", "release", "releases", "released"})


def _lifted(clause: List[_Word], j: int) -> bool:
    k = j - 1
    while k >= 0 and clause[k].word in ("the", "that", "this", "any", "a", "its"):
        k -= 1
    return k >= 0 and clause[k].word in _LIFTS


def _state_said(clause: List[_Word], before: str = "") -> bool:
    for j, w in enumerate(clause):
        width = _phrase_at(clause, j)
        word = w.word
        if not width:
            if word in W.SOFT_STATES:
                if any(x.word in W.AGENT for x in clause[max(0, j - 2):j]) and not (
                        j > 1 and clause[j - 1].word in ("to", "for") and clause[j - 2].word in _MOVED):
                    continue  # "let me review", not "it's gone to review" (round 14)
            elif word not in W.STATES and not (word in W.UNDONE and j and clause[j - 1].word in W.UNDOING):
                continue
            width = 1
        if word in ("need", "require") and j and clause[j - 1].word in _SPEAKERS:
            continue  # "I need a closer look at your account": the agent's own look (round 14)
        after = clause[j + width].word if j + width < len(clause) else ""
        if word in W.NOT_BEFORE_TO and after == "to" or word == "marked" and after in ("as", "down", "for", "with", "off"):
            continue  # "limited to two"; "marked as delivered", "marked down for a callback": what follows says the state
        if j and (clause[j - 1].word in W.KIND_NOT_FLAG or clause[j - 1].word in W.NOT_AFTER.get(word, ())):
            continue
        if word in ("hold", "holds") and (after in ("off", "tight") or j and clause[j - 1].word == "please"
                                          or after == "on" and (not j or clause[j - 1].word in W.WAITING)):
            continue
        if _negated(clause, j) and not _counterfactual(clause, j):
            continue
        owner = _owner_of_state(clause, j, width, before)
        if owner == "holder" or word in _FLAGS and (owner == "none" or _checked(clause, j)):
            return True
        if owner == "none" and any(x.word in _WATCHERS for x in clause):  # "[risk_engine: HOLD]": a watcher's state, of no other thing
            return True
        if owner == "none" and _lifted(clause, j):  # round 17: "Once the team lifts the restriction, ...": the state presupposed
            return True
    return False


def _permission_refused(clause: List[_Word], before: str = "") -> bool:
    has_money = any(w.word in W.MONEY for w in clause)
    for j, w in enumerate(clause):
        if _awaited(clause, j):
            pass  # round 17: "until your account is cleared"
        elif w.word not in W.PERMITS or not _negated(clause, j, 4 + _hedges_before(clause, j, 4)) or w.word in W.PERMIT_NEEDS_NEXT and (j + 1 == len(clause) or clause[j + 1].word not in W.PERMIT_NEEDS_NEXT[w.word]):
            continue
        if w.word in W.PERMITS_OF_MONEY and not has_money:
            continue
        for k in range(j - 1, -1, -1):
            kind = _entity(clause, k, _names_customer(clause))
            if kind:
                if kind == "holder" and not (clause[k].word in W.MONEY and _for_another(clause, j)):
                    return True
                break
            if before == "holder" and clause[k].word in _IT:  # "I checked your account and it can't receive refunds"
                return True
    return False


# round 17: a clearing a holder of the customer's waits for ("until your account is cleared", "once your profile clears",
# "once your account is back in good standing",
# "pending your account being cleared") says it is not in the clear now; money clearing ("once your refund clears") is none
_CLEARED = frozenset({"clear", "cleared", "clears", "unfrozen", "unlocked", "unblocked", "reinstated", "standing"})  # "once ... back in good standing"
_AWAITING = frozenset({"until", "till", "once", "pending", "unless", "after"})


def _awaited(clause: List[_Word], j: int) -> bool:
    near = clause[max(0, j - 8):j]
    return (clause[j].word in _CLEARED and any(w.word in _AWAITING for w in near) and not any(w.word in W.MONEY for w in near))


def _for_another(clause: List[_Word], j: int) -> bool:
    """Whether the money refused at permission word ``j`` is refused for another thing named right after it
    ("a refund cannot be issued for your order from this chat": the order's, said of no holder of the customer's)."""
    for k in range(j + 1, min(len(clause), j + 3)):
        if clause[k].word in W.COMPLEMENTS:
            return next((_entity(clause, m, False) for m in range(k + 1, min(len(clause), k + 4))
                         if _entity(clause, m, False)), "") == "other"
    return False


def _reason_given(text: str, clause: List[_Word]) -> bool:
    for i in range(len(clause)):
        width = _starts(clause, i, _REASONS)
        if width:
            for k in range(i + width, min(len(clause), i + width + 4)):
                if _entity(clause, k, False) != "holder":
                    continue
                nxt = clause[k + 1] if k + 1 < len(clause) else None
                closes = nxt is None or text[clause[k].end:clause[k].end + 1] in (",", ":", ")", "-")
                if closes or (nxt.word in W.REASON_HEADS and (clause[k].owner or nxt.start == clause[k].end + 1)):
                    return True
    return False


def _contrasted(sentence: List[_Word]) -> bool:
    words = [w.word for w in sentence]
    others = any(a in W.OTHER_QUANTIFIERS and b in W.OTHER_CUSTOMERS for a, b in zip(words, words[1:]))
    others = others or ("unlike" in words and any(w in W.OTHER_CUSTOMERS for w in words))
    if not others or not any(w in W.CUSTOMER or w in W.HOLDERS for w in words):
        return False
    if not any(w in W.MONEY for w in words):
        return False
    return any(_negated(sentence, j + 1, 1) for j in range(len(sentence))) or "exception" in words



_ALPHA = re.compile(r"[a-z]+")
_NOT_PLAIN = re.compile(r"[a-z](?:[0-9@$]|[!|](?=[a-z0-9]))|[0-9@$!|][a-z]|\b[a-z] [a-z] [a-z]\b")
_INNER = re.compile(r"(?<=[a-z])[-_.*](?=[a-z])")
_NEGATING = re.compile(r"\bnot?\b|n't|nt\b|never|cannot|unable|longer|\buntil\b|\btill\b|\bonce\b|\bpending\b|\bunless\b|\bafter\b")
_STRONG = (_CUES - W.PERMITS) | W.UNDONE


def _may_say(lower: str) -> bool:
    """Whether the rules could read anything in ``lower``: a word they start from (a permission
    only beside a negation), a word spelt with digits, signs or in pieces, or a long word one slip
    from a state. Exact: every rule needs one (cheap: the set of plain words, at C speed)."""
    if _NOT_PLAIN.search(lower):
        return True
    words = set(_ALPHA.findall(lower))
    if "-" in lower or "_" in lower or "." in lower or "*" in lower:
        words.update(_ALPHA.findall(_INNER.sub("", lower)))
    if not words.isdisjoint(_STRONG):
        return True
    if not (words.isdisjoint(W.PERMITS) and words.isdisjoint(_CLEARED)) and _NEGATING.search(lower):
        return True
    return any(_slips_to_state(word) for word in words if len(word) >= 5 or W.bare_state(word))  # "rstrctd": no vowels


@lru_cache(maxsize=16384)
def _slips_to_state(word: str) -> bool:
    return word not in _CUES and (word in _STATE_SWAPS or bool(W.slipped(word, _STATE_SLIPS)) or bool(W.bare_state(word)))


_PRONOUN = re.compile(r"\bits?\b")  # "it", "it's", "its": a pronoun that may stand for what was named before


@lru_cache(maxsize=4096)
def restriction_said(text: str, before: str = "") -> Optional[str]:
    """The sentence of ``text`` (as it stands in it) that says a holder of the customer's is in a
    restricting state, or None (the module's rules 1-4). A pronoun stands for what was named last before
    it, in its sentence, an earlier one ("I looked at your account. It's been put on ice.") or, as
    ``before`` ('holder', 'other'), the agent's message before this one (``named_last``)."""
    cue, pronoun = may_say(text)  # kept per text: the check reads it again with the message before
    if not cue:
        return None
    lower = W.emoji_read(text).lower()  # "🚩 on your account": a sign read as its state
    before = before if pronoun else ""
    for start, end in _sentences(lower):
        sentence = _words(lower[start:end])
        if not any(w.word in _TRIGGERS for w in sentence):
            if pronoun:
                before = _named_last(sentence) or before
            continue
        piece = lower[start:end]
        if _contrasted(sentence):
            return (text if len(lower) == len(text) else lower)[start:end].strip()
        for c in _clauses(sentence):
            if _state_said(c, before) or _permission_refused(c, before) or _reason_given(piece, c):
                return (text if len(lower) == len(text) else lower)[start:end].strip()
            before = _named_last(c) or before
    return None


@lru_cache(maxsize=4096)
@lru_cache(maxsize=4096)
def named_last(text: str) -> str:
    """What ``text`` names last: 'holder' (a holder of the customer's: "I looked at your account."),
    'other' (an order, the kitchen, ...) or '': what a pronoun opening the agent's next message stands for. Kept per
    text (round 15: a GRPO group's rollouts repeat their messages, and each is read again as the one before the next)."""
    lower = W.emoji_read(text).lower()
    for start, end in reversed(_sentences(lower)):
        found = _named_last(_words(lower[start:end]))
        if found:
            return found
    return ""


@lru_cache(maxsize=4096)
def may_say(text: str) -> Tuple[bool, bool]:
    """Whether the rules could read anything in ``text`` (``_may_say``), and whether it holds a pronoun that may
    stand for what the message before it named: what reading it with the message before needs (cheap)."""
    lower = W.emoji_read(text).lower()
    return (_may_say(lower), _PRONOUN.search(lower) is not None)
