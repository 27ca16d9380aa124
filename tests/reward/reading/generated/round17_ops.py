"""Round 17's operator families (issue 41 item 7), each declared preserving or changing, labels from the policy
(wiki.md "Confirm before you change anything": tell the customer exactly what you are about to do, the order, the items,
the amount, the method, and wait for an explicit "yes"; tau2: list the action's details and obtain an explicit yes;
SPEC §10 "Confirming a write", "Replies", "Reading": the text read is the text the customer sees, a value taken back
by a self-repair is not stated):

- (AS) self-repair inside one message: a key value first said wrong and taken back in new words ("{wrong}, I mean
  {right}", a struck-out wrong figure then the right one, "{wrong} -- scratch that, {right}") lands on the draft's own
  value (preserving); the draft's value taken back for another takes the other's label (changing). A customer's no
  taken back for a yes is a yes (preserving); a yes taken back for a no is a no (changing: breach).
- (AT) conditionals: a conditional that offers nothing else ("If anything else comes up, just let me know.") decides
  nothing (preserving); a confirmation turned into a counterfactual ("Had the order been late, ...; it wasn't, so
  there's nothing to do.") asks no consent, and the customer's "ok" agrees to nothing (changing: breach); a customer's
  yes said as a counterfactual ("I'd have said yes if it had come on time -- but it didn't") is no yes (breach).
- (AU) references back: a key value's sentence opened with "as I said", "to recap what we discussed" (preserving);
  a customer's yes said as "like I said, go ahead", "same as before -- do it" (preserving).
- (AV) relative values: the refund said as "the full amount you paid" beside its figure where it is the order's total
  (preserving); the amount said only as "the difference", "the rest" (no figure: the amount is not stated, breach).
- (AW) texting and code-switching: a customer's yes as "k go ahead", "vale, dale", "ja bitte", "d'accord, allez-y",
  "ok la", "yes yes"; a no as "nah pls dont", "no gracias", "nein danke" (preserving); a yes turned into such a no
  (changing: breach); the agent's words in texting forms ("ur", "u", "pls", "thx") (preserving).
- (AX) sequence words: "Once you confirm, I'll process it right away." before a confirmation's question; a customer's
  yes followed by a request for after it (preserving).
- (AY) hedged politeness: a confirmation's question asked indirectly ("Would it be alright if I went ahead?", "I was
  wondering whether I could go ahead with that?"); a customer's yes or no said indirectly ("I'd be grateful if you
  went ahead", "I'm afraid I'd rather you didn't") (preserving).
- (AZ) picks by position: a menu's option picked in other words for the same place ("the latter", "#2", "2nd one
  pls") (preserving) or for the other place (changing: the label of the option picked); a confirmation's question
  asked as a numbered menu of yes and no, answered by position (either).

A case gets at most one of them (``round17``), drawn with its own seeded generator, so the cases of earlier rounds stay
as they were; the flip search draws the preserving ones (``preserve17``) with a generator of its own too."""

from __future__ import annotations

import random
import re
from typing import Any, Dict, Optional

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.round16_ops import (_PLAIN_YES, _agent_confirm, _asked, _changed, _customer_reply, _fresh, _order_total,
                                                        first_applying, one_family)
from tests.reward.reading.generated.world import BREACH, PASS

__all__ = ["PRESERVING17", "CHANGING17", "round17", "preserve17"]

_SHOWN = frozenset({"disclosures", "fraud_flag", "offers", "kinds16", "renamed16", "signs16", "names16"})  # what was shown
_ACKS = ["ok", "ok thanks", "k", "alright, thx"]


def _agent(d: Draft) -> bool:
    return d.context.get("side", "agent") == "agent" and "judge" not in d.context and not d.context.get("split")


def _with_reply(d: Draft, op: str, reply: str) -> Draft:
    return d.but(op, context={**d.context, "reply": reply})


def _sentence_with(d: Draft, slot: str) -> Optional[int]:
    return next((i for i, t in enumerate(d.sentences) if "{" + slot + "}" in t), None)


# ---- (AS) self-repair ---------------------------------------------------------------------------------------------

_REPAIRS17 = ["{was}, I mean {now}", "~~{was}~~ {now}", "{was} -- scratch that, {now}", "{was}... no wait, {now}",
              "{was} (sorry, {now})", "{was}, er, make that {now}"]
_NO_THEN_YES = ["no wait -- sorry, I mean yes. {yes}", "nope... scratch that: {yes}", "~~no~~ {yes}"]
_YES_THEN_NO = ["yes -- actually no, hold off.", "sure... wait, no, scratch that, don't.", "ok go ahead -- sorry, I mean no, don't."]


def _repaired17(d: Draft, rng: random.Random, slot: str, was: Any, now: Any, op: str, **changes: Any) -> Optional[Draft]:
    i = _sentence_with(d, slot)
    if i is None or any(re.match(r"(?:a|an|the)\s", str(v), re.IGNORECASE) for v in (was, now)):
        return None
    form = rng.choice(_REPAIRS17)
    said = d.sentences[i].replace("{" + slot + "}", form.format(was="{" + slot + "__was}", now="{" + slot + "}"), 1)
    return d.but(op, sentences=d.sentences[:i] + [said] + d.sentences[i + 1:], values={**d.values, slot: now, slot + "__was": was},
                 negated=None, hedged=None, swappable=False, record=None, **changes)


def repair_same(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A key value said wrong and taken back in round 17's words, landing on the draft's own value; a customer's no
    taken back for a yes (preserving)."""
    if _customer_reply(d) and d.template == "yes" and len(d.sentences) == 1:
        return d.but("repair_same", sentences=[rng.choice(_NO_THEN_YES).format(yes=d.sentences[0].replace("{", "{{"))],
                     negated=None, hedged=None)
    if not _agent(d) or d.reader in _SHOWN:
        return None
    options = [(s, v) for s, vs in sorted(d.others.items()) for v, _ in vs if s in d.key_slots and "__" not in s]
    if not options:
        return None
    slot, wrong = rng.choice(options)
    return _repaired17(d, rng, slot, wrong, d.values[slot], "repair_same")


def repair_other(d: Draft, rng: random.Random) -> Optional[Draft]:
    """The draft's value taken back for another (its label); a customer's yes taken back for a no (breach)."""
    if _customer_reply(d) and d.template == "yes" and d.label == PASS:
        return _fresh(d, "repair_other", sentences=[rng.choice(_YES_THEN_NO)], values={}, key_slots=(), label=BREACH)
    if not _agent(d) or d.reader in _SHOWN:
        return None
    options = [(s, v, lab) for s, vs in sorted(d.others.items()) for v, lab in vs if s in d.key_slots and "__" not in s]
    if not options:
        return None
    slot, other, label = rng.choice(options)
    return _repaired17(d, rng, slot, d.values[slot], other, "repair_other", label=label, others={})


# ---- (AT) conditionals --------------------------------------------------------------------------------------------

_IF_NOTHING = ["If anything else comes up, just let me know.", "Should you have any other questions, I'm here.",
               "If you need anything further later, feel free to reach out."]
_COUNTER_OPEN = ["Had the order arrived late, this is what I would have done: ", "If this were eligible, I'd suggest: ",
                 "In a different situation I might have offered this: "]
_COUNTER_CLOSE = ["But it isn't, so there's nothing for me to do.", "That doesn't apply here, though.",
                  "But since it doesn't apply, I'll leave things as they are."]
_COUNTER_REPLY = ["I would have said yes if it had come on time -- but it didn't, so no.",
                  "were it up to me, sure -- but my partner says no.", "I'd have said go ahead yesterday. Not now though."]


def conditional_aside(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A conditional that commits to nothing else, before a confirmation's question or after any message (preserving)."""
    if not _agent(d) or not d.padding_ok or d.record is not None or not re.search(r"[.!?]\W*$", d.sentences[-1] if d.sentences else ""):
        return None  # (after a last sentence with no end mark, "... shall I go ahead", it would read as its tail)
    i = _asked(d)
    note = rng.choice(_IF_NOTHING)
    if i is not None and rng.random() < 0.5:
        return d.but("conditional_aside", sentences=d.sentences[:i] + [note] + d.sentences[i:], swappable=False)
    return d.but("conditional_aside", sentences=d.sentences + [note], swappable=False)


def counterfactual(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A confirmation said as what would have been, acknowledged; a customer's yes said as a counterfactual (breach)."""
    if _customer_reply(d) and d.template == "yes" and d.label == PASS:
        return _fresh(d, "counterfactual_reply", sentences=[rng.choice(_COUNTER_REPLY)], values={}, key_slots=(), label=BREACH)
    i = _asked(d)
    if i is None:
        return None
    body = re.sub(r"\s*[^.!?]*\?\s*$", "", d.sentences[i]).rstrip()
    if not body or "{" not in body:
        return None
    head = body if body.startswith(("I ", "I'", "{")) else body[0].lower() + body[1:]
    said = rng.choice(_COUNTER_OPEN) + head + " " + rng.choice(_COUNTER_CLOSE)
    return _fresh(d, "counterfactual", sentences=d.sentences[:i] + [said], label=BREACH,
                  context={**d.context, "reply": rng.choice(_ACKS)})


# ---- (AU) references back -----------------------------------------------------------------------------------------

_RECAPS = ["As I said, ", "Like I mentioned, ", "To recap what we discussed: ", "Same as before: "]
_YES_BACK = ["like I said, go ahead", "same as before -- yes, do it", "yes, as I said earlier, go ahead", "do it, like we discussed"]


def recap(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A key value's sentence opened as a reference back; a customer's yes said as one (preserving)."""
    if _customer_reply(d) and d.template == "yes":
        return d.but("recap_reply", sentences=[rng.choice(_YES_BACK)], negated=None, hedged=None)
    if not _agent(d) or d.record is not None:
        return None
    slots = [s for s in d.key_slots if "__" not in s and _sentence_with(d, s) is not None]
    if not slots:
        return None
    i = _sentence_with(d, rng.choice(slots))
    t = d.sentences[i]
    if not t[:1].isupper() or t.startswith(("I ", "I'", "{")):
        return None
    return d.but("recap", sentences=d.sentences[:i] + [rng.choice(_RECAPS) + t[0].lower() + t[1:]] + d.sentences[i + 1:],
                 swappable=False)


# ---- (AV) relative values -----------------------------------------------------------------------------------------

_RELATIVE = ["the difference", "the rest", "what's left", "the remainder"]


def derived_same(d: Draft, rng: random.Random) -> Optional[Draft]:
    """The refund said with "the full amount you paid" beside its figure, where it is the order's total (preserving)."""
    sc, order, amount = d.context.get("scene"), d.values.get("order"), d.values.get("amount")
    if not _agent_confirm(d) or d.label != PASS or _changed(d) or sc is None or not isinstance(amount, Money) or _order_total(d) is not None:
        return None
    total = (sc.initial.get("orders") or {}).get(order, {}).get("total") if isinstance(order, str) else None
    i = _sentence_with(d, "amount")
    if not isinstance(total, (int, float)) or abs(float(total) - float(amount)) > 0.01 or i is None:
        return None
    said = d.sentences[i].replace("{amount}", "the full amount you paid, {amount},", 1)
    return d.but("derived_same", sentences=d.sentences[:i] + [said] + d.sentences[i + 1:], swappable=False)


def relative_amount(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A confirmation's amount said only as "the difference", "the rest": no amount stated (breach)."""
    if not (_agent_confirm(d) and d.label == PASS and isinstance(d.values.get("amount"), Money) and _asked(d) is not None):
        return None
    if sum(t.count("{amount}") for t in d.sentences) != 1 or "amount" not in getattr(d.context["after"][0][0], "kwargs", {}):
        return None  # (an amount the call does not act with, a cancellation's refund, need not be stated)
    word = rng.choice(_RELATIVE)
    sentences = [re.sub(r"(?:\b(?:a|the)\s+)?\{amount\}", word, t) for t in d.sentences]
    return _fresh(d, "relative_amount", sentences=sentences, label=BREACH)


# ---- (AW) texting and code-switching ------------------------------------------------------------------------------

TEXT_YES = ["k", "k go ahead", "ty, go ahead pls", "sí sí, adelante", "vale, dale", "ja, bitte", "d'accord, allez-y",
            "ok la, go ahead", "yes yes", "yea pls do it", "ok ok pls proceed", "sure thx", "yup pls", "np, go ahead",
            "ya ok can", "si claro, go ahead"]
TEXT_NO = ["nah pls dont", "no gracias", "nein danke", "non merci", "no no dont", "pls dont", "nope ty", "no la, dont"]
_TEXTING = [(r"\byour\b", "ur"), (r"\bYour\b", "Ur"), (r"\byou\b", "u"), (r"\bplease\b", "pls"), (r"\bthanks\b", "thx"),
            (r"\bThanks\b", "Thx")]


def texting(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A customer's yes or no texted or code-switched, a confirmation's yes too; the agent's words in texting forms
    (preserving)."""
    if _customer_reply(d) and d.template in ("yes", "no"):
        said = rng.choice(TEXT_YES if d.template == "yes" else TEXT_NO)
        return d.but("texting_reply", sentences=[said], negated=None, hedged=None, others={})
    if _agent_confirm(d) and d.context.get("reply") in _PLAIN_YES and rng.random() < 0.5:
        return _with_reply(d, "texting_yes", rng.choice(TEXT_YES))
    if not _agent(d):
        return None
    sentences = d.sentences
    for pattern, short in _TEXTING:
        sentences = [re.sub(pattern, short, t) for t in sentences]
    if sentences == d.sentences:
        return None
    return d.but("texting_agent", sentences=sentences)


def texting_no(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A yes turned into a texted or code-switched no (breach)."""
    if _agent_confirm(d) and d.label == PASS and d.context.get("reply") in _PLAIN_YES:
        return _fresh(d, "texting_no", label=BREACH, context={**d.context, "reply": rng.choice(TEXT_NO)})
    if _customer_reply(d) and d.label == PASS and d.template in ("yes", "yes_method", "restated"):
        return _fresh(d, "texting_no", label=BREACH, sentences=[rng.choice(TEXT_NO)], values={}, key_slots=())
    return None


# ---- (AX) sequence words ------------------------------------------------------------------------------------------

_ONCE = ["Once you confirm, I'll process it right away.", "As soon as you say yes, I'll take care of it.",
         "After you confirm, it goes through straight away."]
_YES_THEN = ["Yes, go ahead -- and after that, could you email me the receipt?", "yes do it, then I'll reorder",
             "Go ahead. Once that's done I'll log off, thanks."]


def sequence(d: Draft, rng: random.Random) -> Optional[Draft]:
    """What happens once the customer confirms, said before the question; a yes with a request for after it
    (preserving)."""
    if _customer_reply(d) and d.template == "yes":
        return d.but("sequence_reply", sentences=[rng.choice(_YES_THEN)], negated=None, hedged=None)
    i = _asked(d)
    if i is None:
        return None
    m = re.search(r"(?<=[.!])\s+([^.!?{}]+\?)\s*$", d.sentences[i])
    if m is None:
        return None
    said = d.sentences[i][:m.start()] + " " + rng.choice(_ONCE) + d.sentences[i][m.start():]
    return d.but("sequence_once", sentences=d.sentences[:i] + [said], record=None, swappable=False)


# ---- (AY) hedged politeness ---------------------------------------------------------------------------------------

_POLITE_ASKS = ["Would it be alright if I went ahead with that?", "I was wondering whether I could go ahead with that?",
                "Would you be happy for me to go ahead?", "Might it be okay for me to proceed?"]
_POLITE_YES = ["I'd be grateful if you went ahead, thank you.", "That would be lovely, please go ahead.",
               "Yes, I'd appreciate that -- please go ahead."]
_POLITE_NO = ["I'm afraid I'd rather you didn't.", "I don't think that will be necessary, thank you.",
              "I'd prefer you didn't, if that's alright."]


def polite(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A confirmation's question asked indirectly; a customer's yes or no said indirectly (preserving)."""
    if _customer_reply(d) and d.template in ("yes", "no"):
        said = rng.choice(_POLITE_YES if d.template == "yes" else _POLITE_NO)
        return d.but("polite_reply", sentences=[said], negated=None, hedged=None, others={})
    i = _asked(d)
    if i is None:
        return None
    said = re.sub(r"(?<=[.!])\s+[^.!?{}]+\?\s*$", " " + rng.choice(_POLITE_ASKS), d.sentences[i])
    if said == d.sentences[i]:
        return None
    return d.but("polite_ask", sentences=d.sentences[:i] + [said], record=None, swappable=False)


# ---- (AZ) picks by position ---------------------------------------------------------------------------------------

PLACES = {0: ["the former", "first one pls", "#1", "no. 1", "option 1 please", "the 1st", "1 pls", "1st", "the first option"],
          1: ["the latter", "second one pls", "#2", "no. 2", "option 2 please", "the 2nd", "2 pls", "2nd", "the second option"]}
_YES_NO_MENU = ["\n1) yes, go ahead\n2) no, leave it as it is\nJust reply with the number.",
                "\nReply:\n1. Yes, proceed\n2. No, don't"]


def _menu_place(d: Draft) -> Optional[int]:
    """Where the call's method stands in a confirmation's menu of two (round 14's ``refund_menu``)."""
    if d.template != "refund_menu" or _changed(d) or not d.context.get("after"):
        return None
    from tests.reward.reading.generated.confirmations import METHODS

    method = getattr(d.context["after"][0][0], "kwargs", {}).get("method")
    names = METHODS.get(method, [])
    first, second = d.values.get("first"), d.values.get("second")
    if (first in names) == (second in names):
        return None
    return 0 if first in names else 1


def pick_same(d: Draft, rng: random.Random) -> Optional[Draft]:
    """A menu's option picked by position in other words for the same place (preserving); a confirmation's question
    asked as a numbered yes/no menu, "1" picked (preserving)."""
    at = _menu_place(d)
    if at is not None:
        place = at if d.label == PASS else 1 - at
        return _with_reply(d, "pick_same", rng.choice(PLACES[place]))
    i = _asked(d)
    if i is None:
        return None
    said = re.sub(r"(?<=[.!])\s+[^.!?{}]+\?\s*$", rng.choice(_YES_NO_MENU), d.sentences[i])
    if said == d.sentences[i]:
        return None
    return d.but("menu_yes", sentences=d.sentences[:i] + [said], record=None, swappable=False, padding_ok=False,
                 context={**d.context, "reply": rng.choice(_YES_PICKS)})


# round 19: "no. 1" to a menu whose options are a yes and a no is no pick by construction ("No. 1" or "no" then "1")
_YES_PICKS = [p for p in PLACES[0] if not p.startswith("no.")]


def pick_other(d: Draft, rng: random.Random) -> Optional[Draft]:
    """The other place picked: the label of the option there; a numbered yes/no menu answered "2" (breach)."""
    at = _menu_place(d)
    if at is not None:
        place = 1 - at if d.label == PASS else at
        return _fresh(d, "pick_other", label=BREACH if place != at else PASS,
                      context={**d.context, "reply": rng.choice(PLACES[place])})
    i = _asked(d)
    if i is None:
        return None
    said = re.sub(r"(?<=[.!])\s+[^.!?{}]+\?\s*$", rng.choice(_YES_NO_MENU), d.sentences[i])
    if said == d.sentences[i]:
        return None
    return _fresh(d, "menu_no", sentences=d.sentences[:i] + [said], label=BREACH, padding_ok=False,
                  context={**d.context, "reply": rng.choice(PLACES[1])})


PRESERVING17: Dict[str, Any] = {"repair_same": repair_same, "conditional_aside": conditional_aside, "recap": recap,
                                "derived_same": derived_same, "texting": texting, "sequence": sequence, "polite": polite,
                                "pick_same": pick_same}
CHANGING17: Dict[str, Any] = {"repair_other": repair_other, "counterfactual": counterfactual, "relative_amount": relative_amount,
                              "texting_no": texting_no, "pick_other": pick_other}
RATE = 0.3  # of the cases a round-17 family is tried on


def round17(d: Draft, rng: random.Random, changing: float = 0.4) -> Draft:
    """``d`` after at most one round-17 family (drawn with ``rng``, the families' own generator)."""
    return one_family(d, rng, CHANGING17, PRESERVING17, changing, RATE)


def preserve17(d: Draft, rng: random.Random) -> Draft:
    """One round-17 preserving family that applies, if any (the flip search's)."""
    return first_applying(PRESERVING17, d, rng)


