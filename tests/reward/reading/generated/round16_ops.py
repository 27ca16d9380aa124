"""Round 16's operator families (issue 41 item 7), each declared preserving or changing, labels from the policy
(wiki.md "Confirm before you change anything": tell the customer exactly what you are about to do, the order, the items,
the amount, the method, and wait for an explicit "yes"; tau2: list the action's details and obtain an explicit yes;
SPEC §10 "Confirming a write", "Replies", "Reading"):

- (AO) informal polarity: a customer's yes said informally ("yup", "knock yourself out") stays a yes, a no ("nah",
  "yeah nah", "I'd rather not") stays a no (preserving); a yes turned into an informal no is a no (changing: the write
  that follows was not agreed to).
- (AP) asides: a parenthesis, an em-dash aside or a footnote that adds a remark, or (to a confirmation) the order's real
  total beside the refund, decides nothing (preserving).
- (AR) emphasis and visual spelling: one word in capitals, a key word's letters spaced or joined ("K-O-R-M-A"), a reply's
  stretched letters ("yesss") or emoji words ("✅", "❌") (preserving).
- (AN) declarative questions: a confirmation's closing question said as an invitation to answer ("Say the word and I'll
  go ahead.") still asks (preserving); said as an announcement of what will be done ("Processing that now.") it asks
  nothing: an acknowledgement ("ok thanks") agrees to nothing (changing: breach; SPEC §10 "Reading": an announcement
  is no question).
- (AK) distance: the customer steps away between the question and the answer (a pause, the agent's "take your time"),
  or small talk and a lookup come between the answer and the write: the answer still answers the question and still
  stands at the write (preserving).
- (AM) bounds: a confirmation's amount said as a bound or an approximation ("up to $16.90", "roughly $16.90") states no
  exact amount, so the refund is not described (changing: breach); a customer's yes bounded by a condition on the
  amount ("as long as it's no more than $20") is a yes if the call's amount meets it and a change if not.
- (AL) quantifiers: a consent question that covers the write and a receipt ("Shall I do both?") answered "both",
  "everything except the receipt" (the write covered: pass) or "neither", "just the receipt" (not covered: breach).

Each family applies where it fits (``applies``): to confirmations said by the agent (the rule ``*.confirm.before_write``
and a yes after) and to the customer's replies (``side == "customer"``), in both domains; the asides and capitals to
every message the agent writes. A case gets at most one of them (``round16``), drawn with its own seeded generator so
that the cases of earlier rounds stay as they were."""

from __future__ import annotations

import random
import re
from typing import Any, Callable, Dict, List, Optional

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, respond

Op = Callable[[Draft, random.Random], Optional[Draft]]

# the yes replies the confirmation templates put after their message (confirmations.YES, round 15's)
_PLAIN_YES = frozenset({"Yes, please.", "Yes", "Sure, go ahead.", "Yep, do it.", "Yes please do.", "Yes.", "yes please",
                        "ok, do it", "yes", "Yes please.", "sure"})
# the replies' templates whose words are a yes, a no, a change or unclear whatever they answer
_REPLY_KINDS = frozenset({"yes", "no", "unclear", "change", "yes_method", "yes_order", "restated"})

INFORMAL_YES = ["yup", "yup, go for it", "yeah go for it", "sure thing", "fine by me", "knock yourself out",
                "yeah, go on then", "sounds good, go for it", "aye, go ahead", "yeah that's grand, do it", "ya sure, go for it",
                "sure thing, fire away", "fine by me, crack on", "yeah alright, go for it"]
INFORMAL_NO = ["nah", "nope", "nah, I'm good", "I'd rather not", "not really", "yeah nah", "nah, leave it", "nope, not for me",
               "nah I'm good thanks", "not really, no", "yeah... nah", "nah mate", "nope, don't bother", "I'd rather not, ta"]
_YES_PREFIX = ["", "", "Cheers, ", "Thanks! "]  # (not "Oh sure": said so, a yes may be sarcasm)
_NO_PREFIX = ["", "", "Hmm, ", "Oh, "]


def _agent_confirm(d: Draft) -> bool:
    c = d.context
    return (c.get("side", "agent") == "agent" and str(c.get("rule", "")).endswith("confirm.before_write")
            and "judge" not in c and not c.get("split") and "detour" not in c)


def _customer_reply(d: Draft) -> bool:
    c = d.context
    return (c.get("side") == "customer" and str(c.get("rule", "")).endswith("confirm.before_write")
            and d.template in _REPLY_KINDS and "detour" not in c and not _changed(d))


_CHANGED = ("negation", "hedge", "another_", "self_repair_other", "shown_raw", "informal_no_reply", "announced_", "bound_",
            "scope_", "repair_other", "counterfactual", "relative_amount", "texting_no", "pick_other", "menu_no")  # (round 17's too)


def _changed(d: Draft) -> bool:
    """Some meaning-changing operator already made ``d``'s words (a template's kind no longer says what they are)."""
    return any(op.startswith(_CHANGED) for op in d.ops)


def _fresh(d: Draft, op: str, **changes: Any) -> Draft:
    """``d`` changed by a meaning-changing family: its other forms (record, negation, hedge, other values) are dropped."""
    return d.but(op, record=None, negated=None, hedged=None, others={}, swappable=False, **changes)


# ---- (AO) informal polarity --------------------------------------------------------------------------------------

def informal_reply(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A yes or a no said informally: the same answer (preserving)."""
    if _agent_confirm(d) and d.context.get("reply") in _PLAIN_YES:
        return d.but("informal_yes", context={**d.context, "reply": rng.choice(_YES_PREFIX) + rng.choice(INFORMAL_YES)})
    if _customer_reply(d) and d.template in ("yes", "no"):
        yes = d.template == "yes"
        said = rng.choice(_YES_PREFIX) + rng.choice(INFORMAL_YES) if yes else rng.choice(_NO_PREFIX) + rng.choice(INFORMAL_NO)
        return d.but("informal_yes" if yes else "informal_no", sentences=[said], negated=None, hedged=None, others={})
    return None


def informal_no(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A yes turned into a no said informally: the write after it was not agreed to (changing: breach)."""
    said = rng.choice(_NO_PREFIX) + rng.choice(INFORMAL_NO)
    if _agent_confirm(d) and d.label == PASS and d.context.get("reply") in _PLAIN_YES:
        return _fresh(d, "informal_no_reply", label=BREACH, context={**d.context, "reply": said})
    if _customer_reply(d) and d.label == PASS and d.template in ("yes", "yes_method", "yes_order", "restated"):
        return _fresh(d, "informal_no_reply", label=BREACH, sentences=[said], values={}, key_slots=())
    return None


# ---- (AP) asides -------------------------------------------------------------------------------------------------

_REMARKS = [" (I've double-checked this)", " \u2014 thanks for your patience \u2014", " (thanks for waiting)",
            " (for what it's worth, I've checked it twice)"]
# what may follow a value the aside is put after: a space and a word that does not take the value back, or the sentence's end
# (an aside between a value and its correction, "cancelled (thanks) -- sorry, delivered", is left out)
_AFTER_OK = re.compile(r"(?:\s+(?!(?:sorry|correction|pardon|I\s+mean|no|scratch|oops|wait|actually)\b)[A-Za-z]|[.?!]?\s*$|[.?!]\s)",
                       re.IGNORECASE)
_FOOTNOTE = ("[1]", "[1] Thanks for bearing with us today.")


def aside(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A parenthesis, an aside between dashes or a footnote mark after a key value (a footnote line closing the message);
    to a confirmation of a refund, the order's real total beside the amount (preserving)."""
    if d.context.get("side", "agent") != "agent" or d.record is not None:
        return None
    slots = [s for s in d.key_slots if "__" not in s and any(_AFTER_OK.match(t, t.index("{" + s + "}") + len(s) + 2)
                                                             for t in d.sentences if "{" + s + "}" in t)]
    if not slots:
        return None
    slot = rng.choice(slots)
    total = _order_total(d)
    extra: List[str] = []
    if total is not None and slot == "amount" and rng.random() < 0.4:
        note = rng.choice([" (your order total was {aside__total})", " \u2014 out of the {aside__total} you paid \u2014"])
        values = {**d.values, "aside__total": Money(total)}
    elif rng.random() < 0.25:
        note, values = _FOOTNOTE[0], d.values
        extra = [_FOOTNOTE[1]]
    else:
        note, values = rng.choice(_REMARKS), d.values
    i = next(i for i, t in enumerate(d.sentences) if "{" + slot + "}" in t and _AFTER_OK.match(t, t.index("{" + slot + "}") + len(slot) + 2))
    said = d.sentences[i].replace("{" + slot + "}", "{" + slot + "}" + note, 1)
    sentences = d.sentences[:i] + [said] + d.sentences[i + 1:] + (["\n" + extra[0]] if extra else [])
    return d.but("aside", sentences=sentences, values=values, swappable=False)


def _order_total(d: Draft) -> Optional[float]:
    """The total of the draft's order in S0 when it is not the amount said (a confirmation of food delivery's refunds)."""
    sc, order, amount = d.context.get("scene"), d.values.get("order"), d.values.get("amount")
    if not _agent_confirm(d) or d.label != PASS or _changed(d) or sc is None or not isinstance(amount, Money) or not isinstance(order, str):
        return None  # (beside a wrong amount, the total may be the call's own: said in another role, a reading of its own)
    total = (sc.initial.get("orders") or {}).get(order, {}).get("total")
    return float(total) if isinstance(total, (int, float)) and abs(float(total) - float(amount)) > 0.01 else None


# ---- (AR) emphasis and visual spelling ---------------------------------------------------------------------------

_WORD = re.compile(r"(?<![{\w])([a-z]{4,})(?![\w}])")


def emphasis(d: Draft, rng: random.Random) -> Optional[Draft]:
    """One word in capitals, a key word's letters spaced or joined, a reply's letters stretched or an emoji before it
    (preserving)."""
    if _customer_reply(d) and d.template in ("yes", "no") and len(d.sentences) == 1:
        said = d.sentences[0]
        stretched = re.sub(r"\b(Y|y)es\b", lambda m: m.group(1) + "esss", said, count=1)
        stretched = re.sub(r"\b(N|n)o\b", lambda m: m.group(1) + "ooo", stretched, count=1)
        if stretched == said or rng.random() < 0.4:
            stretched = ("\u2705 " if d.template == "yes" else "\u274c ") + said
        return d.but("emphasis_reply", sentences=[stretched])
    if d.context.get("side", "agent") != "agent":
        return None
    spellable = [s for s in d.key_slots if isinstance(d.values.get(s), str) and re.fullmatch(r"[A-Za-z][A-Za-z ]{2,}", d.values[s])
                 and any("{" + s + "}" in t for t in d.sentences)]
    if spellable and rng.random() < 0.6:
        slot = rng.choice(spellable)
        words = d.values[slot].split(" ")
        k = rng.randrange(len(words))
        if len(words[k]) >= 3:
            joint = rng.choice([" ", "-", "."])
            words[k] = joint.join(words[k].upper() if joint != "." else words[k])
            return d.but("emphasis_spelled", values={**d.values, slot: " ".join(words)})
    places = [(i, m) for i, t in enumerate(d.sentences) if "<" not in t for m in _WORD.finditer(t)]
    if not places:
        return None
    i, m = rng.choice(places)
    t = d.sentences[i]
    return d.but("emphasis_caps", sentences=d.sentences[:i] + [t[: m.start()] + m.group(1).upper() + t[m.end():]] + d.sentences[i + 1:])


# ---- (AN) declarative questions ----------------------------------------------------------------------------------

_CONFIRM_TEMPLATES = frozenset({"refund", "refund_card", "cancel", "retail_cancel", "airline_cancel"})
_LAST_QUESTION = re.compile(r"(?<=[.!])\s+([^.!?{}]+\?)\s*$")
INVITATIONS = ["Let me know if that's OK.", "Say the word and I'll go ahead.", "Just give me the nod and I'll get it done.",
               "A yes from you and I'll process it.", "Happy to go ahead once you give me the OK.", "Your call -- just let me know."]
ANNOUNCEMENTS = ["I'll process that now.", "Processing that for you now.", "Going ahead with that now.",
                 "I'm getting that done for you right away."]
_ACKS = ["ok thanks", "Great, thank you", "got it \U0001f44d", "cool, thanks", "Okay, noted."]


def _asked(d: Draft) -> Optional[int]:
    """The sentence of a confirmation that ends with its consent question (one of its own, after the values)."""
    if not (_agent_confirm(d) and d.template in _CONFIRM_TEMPLATES and d.label == PASS and d.sentences):
        return None
    if d.context.get("reply") not in _PLAIN_YES or not _LAST_QUESTION.search(d.sentences[-1]):
        return None
    if any("confirm" in t.lower() for t in d.sentences):  # "To confirm: ..." asks for the confirmation before the question
        return None
    return len(d.sentences) - 1


def declarative(d: Draft, rng: random.Random) -> Optional[Draft]:
    """The closing question said as an invitation to answer: it still asks (preserving)."""
    i = _asked(d)
    if i is None:
        return None
    said = _LAST_QUESTION.sub(" " + rng.choice(INVITATIONS), d.sentences[i])
    return d.but("declarative_ask", sentences=d.sentences[:i] + [said], record=None, swappable=False)


def announced(d: Draft, rng: random.Random) -> Optional[Draft]:
    """The closing question replaced by an announcement of the act, acknowledged: the reply agrees to nothing (changing:
    breach; SPEC §10 "Reading": an announcement is no question). (A go-ahead said to the announcement is left out: the
    policy's "wait for an explicit yes" and the brief's "a statement of what WILL be done is not a question" differ on it.)"""
    i = _asked(d)
    if i is None:
        return None
    said = _LAST_QUESTION.sub(" " + rng.choice(ANNOUNCEMENTS), d.sentences[i])
    return _fresh(d, "announced_ack", sentences=d.sentences[:i] + [said], label=BREACH,
                  context={**d.context, "reply": rng.choice(_ACKS)})


# ---- (AK) distance ------------------------------------------------------------------------------------------------

_AWAY = ["one sec, someone's at the door", "brb, my phone's about to die -- plugging it in", "sorry, the baby's crying, back in a minute",
         "gimme a moment, I'm on the other line"]
_WAIT = ["No problem, take your time.", "No rush -- I'll be here.", "Sure, I'll wait right here."]
# (the answer said as the answer to the question: a bare "sure" right after "take your time" may only acknowledge it)
_BACK = ["back! re your question: ", "sorry about that -- to answer you: ", "ok I'm back. As for your question: "]
_BUSY = ["One moment while I pull that up.", "Give me a second here.", "Bear with me a moment."]
_CHAT = ["it's pouring here btw", "lol my cat just walked across the keyboard", "the game's on in the background, sorry if I'm slow"]
_READS = ("get_", "find_", "list_", "search_")


def distance(d: Draft, rng: random.Random) -> Optional[Draft]:
    """The customer steps away between the question and the answer, or small talk and a lookup come between the answer
    and the write: the answer is the same and still stands (preserving)."""
    agent, customer = _agent_confirm(d) and d.context.get("reply") in _PLAIN_YES, _customer_reply(d)
    if not (agent or customer) or not d.context.get("after"):
        return None
    c = d.context
    if rng.random() < 0.5 and d.label != UNDETERMINED:  # (a pause, then an unclear reply: no word settles it either way)
        back = rng.choice(_BACK)
        context = {**c, "detour": (rng.choice(_AWAY), rng.choice(_WAIT), back)}
        return d.but("distance_before", context=context)
    between: List[Any] = [(respond(rng.choice(_BUSY)), rng.choice(_CHAT))]
    reads = [(a, o) for a, o in getattr(c["scene"], "calls", []) if a.name.startswith(_READS)] if "scene" in c else []
    if reads and rng.random() < 0.6:
        between.append(rng.choice(reads))
    return d.but("distance_after", context={**c, "after": between + list(c["after"])})


# ---- (AM) bounds --------------------------------------------------------------------------------------------------

_BOUNDS = ["up to {amount}", "roughly {amount}", "about {amount}", "at most {amount}", "no more than {amount}",
           "around {amount}", "~{amount}", "a bit under {amount}"]
# (words, the bound is an upper one, strict)
_CONDITIONS = [("Yes, as long as it's no more than {cap}.", True, False), ("Go ahead if it's under {cap}.", True, True),
               ("Up to {cap} is fine, go ahead.", True, False), ("Sure, provided it's at least {cap}.", False, False),
               ("Only if it's over {cap} -- then yes.", False, True), ("ok, so long as it's not above {cap}", True, False)]


def bound(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A confirmation's amount said as a bound or an approximation: no exact amount is stated (changing: breach);
    a customer's yes bounded by a condition on the amount: a yes when the call's amount meets it, a change when not."""
    if _agent_confirm(d) and d.label == PASS and isinstance(d.values.get("amount"), Money) and d.template in _CONFIRM_TEMPLATES:
        where = [i for i, t in enumerate(d.sentences) if "{amount}" in t]
        if not where:
            return None
        i = where[0]
        said = d.sentences[i].replace("{amount}", rng.choice(_BOUNDS), 1)
        return _fresh(d, "bound_amount", sentences=d.sentences[:i] + [said] + d.sentences[i + 1:], label=BREACH)
    if _customer_reply(d) and d.template == "yes" and d.context.get("after"):
        write = d.context["after"][0][0]
        amount = write.kwargs.get("amount") if hasattr(write, "kwargs") else None
        if not isinstance(amount, (int, float)) or amount < 3:
            return None
        words, upper, strict = rng.choice(_CONDITIONS)
        cap = float(int(amount)) + rng.choice([-2.0, -1.0, 1.0, 2.0, 5.0])
        ok = (amount < cap if strict else amount <= cap) if upper else (amount > cap if strict else amount >= cap)
        return _fresh(d, "bound_reply", sentences=[words], values={"cap": Money(cap)}, key_slots=("cap",),
                      label=PASS if ok else BREACH)
    return None


# ---- (AL) quantifiers ---------------------------------------------------------------------------------------------

_BOTH_YES = ["Yes to both.", "both please", "all of it, yes", "yeah, do both", "everything except the {extra} -- no need for that.",
             "the {act} yes, the {extra} no thanks", "just the {act}, skip the {extra}", "both, thanks!"]
_BOTH_NO = ["neither, thanks", "Neither.", "just the {extra} please", "only the {extra}, not the {act}", "none of it, thanks",
            "not the {act} -- only the {extra}", "everything except the {act}"]
_ACT = {"issue_refund": "refund", "cancel_pending_order": "cancellation", "cancel_order": "cancellation"}


def scope(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A consent question covering the write and an email receipt, answered with a quantifier: the write is agreed to
    when the answer's scope holds it ("both", "everything except the receipt"), not when it leaves it out ("neither",
    "just the receipt") (changing: either label)."""
    if not (_customer_reply(d) and d.template in ("yes", "no") and d.context.get("after")):
        return None
    act = _ACT.get(getattr(d.context["after"][0][0], "name", ""))
    agent = d.context.get("agent_text", "")
    m = re.search(r"(?<=[.!])\s+[^.!?]+\?\s*$", agent)
    if act is None or m is None or "mind" in m.group(0):
        return None
    extra = rng.choice(["receipt", "email confirmation"])
    asked = agent[: m.start()] + f" I can also send you an {extra} for it." if extra[0] in "aeiou" else agent[: m.start()] + f" I can also send you a {extra} for it."
    asked += " " + rng.choice(["Shall I do both?", "Want both?", "Should I go ahead with both?"])
    covered = rng.random() < 0.5
    said = rng.choice(_BOTH_YES if covered else _BOTH_NO).format(act=act, extra=extra)
    return _fresh(d, "scope_" + ("covered" if covered else "left_out"), sentences=[said], values={}, key_slots=(),
                  label=PASS if covered else BREACH, context={**d.context, "agent_text": asked})


PRESERVING16: Dict[str, Op] = {"informal_reply": informal_reply, "aside": aside, "emphasis": emphasis,
                               "declarative": declarative, "distance": distance}
CHANGING16: Dict[str, Op] = {"informal_no": informal_no, "announced": announced, "bound": bound, "scope": scope}
RATE = 0.3  # of the cases a round-16 family is tried on


def first_applying(table: Dict[str, Any], d: Draft, rng: random.Random) -> Draft:
    """``d`` after the first family of ``table`` that applies to it, in an order drawn with ``rng`` (``d`` if none does)."""
    names = sorted(table)
    rng.shuffle(names)
    for name in names:
        out = table[name](d, rng)
        if out is not None:
            return out
    return d


def one_family(d: Draft, rng: random.Random, changing_table: Dict[str, Any], preserving_table: Dict[str, Any],
               changing: float, rate: float) -> Draft:
    """``d`` after at most one family of a round (tried on ``rate`` of the drafts): a changing one only on a draft no
    earlier operator touched."""
    if rng.random() >= rate:
        return d
    return first_applying(changing_table if rng.random() < changing and not d.ops else preserving_table, d, rng)


def round16(d: Draft, rng: random.Random, changing: float = 0.4) -> Draft:
    """``d`` after at most one round-16 family (drawn with ``rng``, the families' own generator)."""
    return one_family(d, rng, CHANGING16, PRESERVING16, changing, RATE)


def preserve16(d: Draft, rng: random.Random) -> Draft:
    """One round-16 preserving family that applies, if any (the flip search's)."""
    return first_applying(PRESERVING16, d, rng)


__all__ = ["PRESERVING16", "CHANGING16", "round16", "preserve16"]
