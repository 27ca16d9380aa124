"""An order's status as an agent's message states it (SPEC §10 statements; ``fact_claims``'s ``status`` claims, read
here): "FD-10005 is delivered", "your order is on its way", "it has been cancelled", "it was delivered" (only the final
statuses with "was"), ``status: out_for_delivery``, "the kitchen is preparing FD-10369" (the one making or bringing it),
"FD-10005: not yet delivered" (a status not reached yet). Round 14: a second predicate of the same subject ("FD-10006
was placed earlier and has now been delivered": the order last named); a status reported from a record ("Our system shows
FD-10006 as delivered", "it shows as delivered", "the app lists your order as out for delivery") and one with an adverb
inside its perfect ("has now been delivered", "has already been cancelled").

Every pattern is compiled once, linear on untrusted text (bounded repeats only).
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

from tau_shaped.reward.reading.assertion_frames import framed
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.refund_timings import MONEY_SENTENCE as _MONEY_SENTENCE
from tau_shaped.reward.reading.statements import STATUS_FORMS
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["ACTOR_WORDS", "ANY_ORDER_ID", "CONDITION", "STATUS_WORDS", "statuses"]

_SP = r"[ \t\u00a0]{1,3}"
_ORDER_ID = r"FD-[A-Z0-9][A-Z0-9-]{0,30}"
# round 9: more words of a status said of the order ("it's on the road", "is being cooked", "has been dispatched")
_MORE_FORMS = {"out_for_delivery": ["on the road", "en route", "with the courier", "with the driver", "with your courier",
                                    "being delivered", "dispatched", "picked up", "otw", "in transit"],  # round 10: chat "otw"
               "preparing": ["being cooked", "being made", "in the kitchen", "in the oven", "on the stove"], "delivered": ["dropped off", "deliver"]}  # round 17: "FD-10006 is deliver" (non-native)
STATUS_WORDS = sorted(((form, key) for key, forms in STATUS_FORMS.items() for form in forms + _MORE_FORMS.get(key, [])
                        if form not in ("prepared", "been placed") and form.split()[0] not in ("is", "was", "been", "already")),
                      key=lambda fk: -len(fk[0]))
# the one making or bringing it says the status: "the kitchen is preparing FD-10369", "the courier has picked it up"
ACTOR_WORDS = ("kitchen", "restaurant", "chef", "cook", "courier", "driver", "rider")
_ACTOR = lazy(
    rf"(?i)\b(?:the|your){_SP}(?:(?P<cook>kitchen|restaurant|chef|cooks?)|(?:courier|driver|rider)){_SP}"
    rf"(?:(?:is|are|has|have){_SP})?(?:(?:now|currently|already|just|started){_SP}){{0,2}}"
    rf"(?:(?P<making>preparing|cooking|making|working{_SP}on)|picked{_SP}up|bringing|delivering|carrying){_SP}"
    rf"(?:(?P<oid>{_ORDER_ID})|your{_SP}(?:order|food|meal)|it)\b", needs=('bringing', 'carrying', 'cooking', 'delivering', 'making', 'picked', 'preparing', 'working'))
# round 10: "OUT-FOR-DELIVERY" (words joined by hyphens) as "out for delivery"
_STATUS_ALT = "|".join(r"[ _-]".join(map(re.escape, form.split())) for form, _ in STATUS_WORDS)
_FORM_KEY = {form.replace(" ", "_"): key for form, key in STATUS_WORDS}
_STATUS = re.compile(
    rf"(?:(?P<oid>\b{_ORDER_ID})|\b(?P<pron>it|(?:your|the|this|that){_SP}(?:order|food|meal|delivery))|\b(?P<conj>and)(?={_SP}(?:is|has|was)\b))"
    rf"(?:['’]s[ \t]{{1,3}}|{_SP}(?:\([^()\n]{{0,40}}\){_SP})?(?P<verb>is|ha(?:s|ve){_SP}(?:(?:now|already|just|since|finally){_SP})?been|was){_SP}"
    rf"|{_SP}(?:(?P<shows>shows|is{_SP}(?:showing|listed|marked|logged|recorded|down)|appears){_SP})?(?P<as>as){_SP}"  # round 14
    rf"|(?<=[0-9A-Z])[*_`]{{0,2}}[ \t]{{0,3}}(?:[:=\u2014\u2013\u2192\u00bb]|-{{1,2}}>?|\||>>)[ \t]{{0,3}}[*_`]{{0,2}})"  # round 12: ">>"
    rf"(?:(?:now|already|currently|still|just|only|actually|really|definitely|indeed|officially|finally|marked(?:{_SP}as)?|showing(?:{_SP}as)?){_SP}){{0,2}}(?P<status>{_STATUS_ALT})\b"
    rf"|\bstatus\b[\"'*_]{{0,2}}(?:[ \t]{{0,3}}(?:[:=|\u2192]|->|is)[ \t]{{0,3}}|[ \t]{{1,3}})[\"'*_`]{{0,2}}(?P<kv>{_STATUS_ALT})\b",
    re.IGNORECASE,
)
# round 14: what reports a record's status before the order ("the system shows", "the app lists", "the tracker has")
_REPORTS = re.compile(r"(?i)\b(?:shows?|showing|lists?|listing|listed|has|have|had|marks?|marked|records?|recorded|logs?|logged"
                      r"|displays?|displaying|puts?|reports?|reporting|flags?|flagged)[ \t\u00a0]{1,3}(?:(?:your|the)[ \t\u00a0]{1,3})?"
                      r"(?:order[ \t\u00a0]{1,3})?$")  # "shows order FD-10038 as ..."
ANY_ORDER_ID = re.compile(rf"\b{_ORDER_ID}", re.IGNORECASE)
# round 12: a status not reached yet ("FD-10005: not yet delivered", "it hasn't / has not yet been delivered"): "!<status>"
_NOT_YET = re.compile(
    rf"(?:(?P<oid>\b{_ORDER_ID})|\b(?:it|(?:your|the|this){_SP}(?:order|food|meal|delivery)))(?:[*_`]{{0,2}}[ \t]{{0,3}}[:=\u2014\u2013-]|['’]s"
    rf"|{_SP}(?:is|has|was))?[ \t]{{1,3}}(?:(?:not|n['’]t){_SP}(?:been{_SP})?yet(?:{_SP}been)?|(?:(?:is|has|was)n['’]t|not)(?:{_SP}been)?"
    rf"(?=[^.!?\n]{{1,30}}\byet\b)|still{_SP}(?:not|(?:is|has)n['’]t)(?:{_SP}been)?){_SP}(?P<ny>delivered|out[ _-]for[ _-]delivery|placed)\b",
    re.IGNORECASE)
# round 18 (BC): a status asked back and answered at once ("Delivered? No, not yet.", "Is it out for delivery? Yes, it is"):
# a yes states it, "not yet" (or a "no" to "Delivered?") that it is not reached yet; "Out for delivery? Yeah right" answers nothing
_ASKED_BACK = re.compile(
    rf"(?:^|[.!?\n][ \t]{{0,3}})(?:(?:is|has|did|was){_SP}(?:it|your{_SP}order|the{_SP}order|(?P<oid>{_ORDER_ID})){_SP}"
    rf"(?:(?:been|get|got){_SP})?)?(?:(?:already|still|now){_SP})?(?P<status>{_STATUS_ALT})[ \t]{{0,2}}\?{{1,3}}[ \t\n]{{0,3}}"
    rf"(?:(?P<yes>yes|yep|yeah|yup|indeed|correct|it{_SP}(?:is|has|was|did))|(?P<no>no|nope|nah|not{_SP}yet))\b(?![ \t,.!]{{1,3}}right\b)",
    re.IGNORECASE)
# (round 17, AU: "as before", "as after" refer back, they open no condition: "Same as before: it's cancelled" states it)
CONDITION = lazy(r"(?:\b(?:if|once|when|whenever|(?<!\ba )while|until|unless|(?<!\bas )(?:after|before)|as soon as)\W{1,3}(?:\w+\W{1,3}){0,2})$",
                       re.IGNORECASE, needs=('after', 'as soon as', 'before', 'if', 'once', 'unless', 'until', 'when', 'whenever', 'while'))


def statuses(text: str, negated: Negations) -> List[Tuple[str, str, int, Optional[str]]]:
    """The statuses ``text`` says of an order, as (status key, or "!" and the key of one not reached yet; the words;
    where; the order id said, else the last one named before, else None), not negated nor a condition's."""
    out: List[Tuple[str, str, int, Optional[str]]] = []
    low = text.lower()
    for m in _ACTOR.finditer(text) if any(w in low for w in ACTOR_WORDS) else ():
        if not negated(m.start()) and not negated(m.start("oid") if m.group("oid") else m.end()) \
                and not CONDITION.search(text, max(0, m.start() - 40), m.start()):
            key = ("preparing" if m.group("making") else None) if m.group("cook") else \
                ("out_for_delivery" if not m.group("making") else None)
            if key is not None:
                out.append((key, m.group(0), m.start(), m.group("oid").upper() if m.group("oid") else None))
    ids: Optional[List[Tuple[int, str]]] = None  # the order ids said, read when a claim names none
    for m in _NOT_YET.finditer(text) if "yet" in low else ():  # round 12: "FD-10005: not yet delivered": before that status
        if not CONDITION.search(text, max(0, m.start() - 40), m.start()):  # (a dotted İ folds to no form: none)
            key = _FORM_KEY.get("_".join(m.group("ny").lower().replace("-", " ").split()))
            if key is not None:
                out.append(("!" + key, m.group(0), m.start(), m.group("oid").upper() if m.group("oid") else None))
    for m in _ASKED_BACK.finditer(text) if "?" in text else ():
        key = _FORM_KEY.get("_".join(m.group("status").lower().replace("_", " ").replace("-", " ").split()))
        if key is not None and (m.group("yes") or key == "delivered" or m.group("no")[:3].lower() == "not"):  # a bare "no" to
            # "Out for delivery?" may say it is past that: only "not yet" says it is before
            out.append((key if m.group("yes") else "!" + key, m.group(0), m.start("yes" if m.group("yes") else "no"),  # the answer states it
                        m.group("oid").upper() if m.group("oid") else None))
    for m in _STATUS.finditer(text):
        word = m.group("status") or m.group("kv")
        key = _FORM_KEY.get("_".join(word.lower().replace("_", " ").replace("-", " ").split()))
        if key is None or negated(m.start("status") if m.group("status") else m.start("kv")):
            continue
        if m.group("verb") and key == "placed" and m.group("verb").lower() != "is":
            continue  # "has been placed": the event, not the status
        if (m.group("verb") or "").lower() == "was" and key not in ("delivered", "cancelled"):
            continue  # "it was out for delivery when ...": a past state; "was delivered" is the status now
        if CONDITION.search(text, max(0, m.start() - 40), m.start()):
            continue
        if framed(text, m.start(), m.end(), taken_back=False):
            continue  # round 16: "You mentioned you thought it was delivered, but ...": only framed, not stated (output checks agree)
        if m.group("as") and not (m.group("shows") and not negated(m.start("shows"))) and not (
                (rep := _REPORTS.search(text, max(0, m.start() - 40), m.start())) and not negated(rep.start())):
            continue  # "FD-10006 as delivered" only as a record reports it ("Our system shows FD-10006 as delivered")
        if ((m.group("pron") or "").lower() == "it" or m.group("conj")) and _MONEY_SENTENCE.search(_sentence_of(text, m.start())):
            continue  # "the refund ... it is on its way": not the order
        if m.group("oid"):
            oid: Optional[str] = m.group("oid").upper()
        else:
            if ids is None:
                ids = [(i.start(), i.group(0).upper()) for i in ANY_ORDER_ID.finditer(text)]
            oid = next((i for s, i in reversed(ids) if s < m.start()), None)
        out.append((key, m.group(0), m.start(), oid))
    return out


def _sentence_of(text: str, at: int) -> str:
    lo = max(text.rfind(".", 0, at), text.rfind("\n", 0, at), text.rfind("?", 0, at), text.rfind("!", 0, at)) + 1
    ends = [i for i in (text.find(".", at), text.find("\n", at), text.find("?", at)) if i >= 0]
    return text[lo:min(ends) if ends else len(text)]
