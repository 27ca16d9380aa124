"""The customer's answer to a message describing a write, as the confirmation rule reads it (SPEC §10
consent; ``checks/unconfirmed``'s reply readings).

- ``answer(...)``: the state a describing message leaves (yes, change, no, unclear; unanswered, empty:
  no yes; unrecorded: undetermined, SPEC §8) and the reply, read once per reply, message, call and world;
- ``later_word(...)``: the state after the customer's later word on the described call, before it is
  made (the yes must stand when the call is made).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, Optional, Tuple

from tau_shaped.env.identity_cache import OwnedLRU
from tau_shaped.reward.reading.action_words import names_action
from tau_shaped.reward.reading.consent_questions import asks_consent
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.reply_clauses import read_question
from tau_shaped.reward.reading.reply_idioms import acknowledges_only
from tau_shaped.reward.reading.text_matching import find_number
from tau_shaped.reward.reply_matchers import reply_class
from tau_shaped.reward.values import is_number

__all__ = ["answer", "another_topic", "later_word", "refuses_nothing", "puts_off", "asks_leave_only"]


def later_word(state: str, first: str, later: str, text: str, described: Callable[[], Dict[str, Any]], c: Any,
               asked: str = "", verbs: Any = None) -> str:
    """The state after the customer's later word on a described call, before it is made (SPEC §10:
    the yes must stand when the call is made): a reply asking for another value withdraws a yes
    ("Actually, can it go to my wallet instead?"); a reply to a message that asks nothing
    (the agent answering a side question, "processing now") or to one asking leave to go on
    ("Shall I go ahead?") is the customer's word on the call itself, so a no withdraws a yes and a
    yes settles a question back ("How long will it take?" ... "OK, do it then"; not a bare "ok
    thanks" to a message that asks nothing: an announcement is no question), never a refusal
    (``first``, the reply to the describing message: "No, thank you." then "Shall I just add it
    then?" "Yes" is no yes to the values declined). A reply to another question ("Anything
    else?" "No, that's all") is not about the call, nor is a reply to a question the agent marks as
    another topic (round 16: "Also, was the burger OK?" "yes"; ``another_topic``).

    Round 16 (distance): ``asked`` is the describing message whose reply set ``state``. A question
    naming none of its verbs, about something else
    ("I can check the lounge hours too -- would you like that?", not one asking only leave to go on:
    "Shall I?") is answered for itself: its yes is no yes to the call, unless the reply names the
    call's own action ("no receipt needed. and yes -- cancel it"), read then with ``asked``. A
    reply that only put the decision off ("one sec", "hmm, let me think", "hang on, doorbell")
    refused nothing: a later yes settles it as one to a question asked back does."""
    if not later.strip():
        return state
    # round 16 (AK): the answer once back from a pause answers the question the pause put off (``asked``, the describing
    # message: "Sure, cancel it; I don't want to keep it" is no refusal of "take your time")
    back = bool(asked) and _paused(first) and "?" not in text and not asks_consent(text)
    if asked and "?" in text and _LEAVE_ONLY.search(text[-160:]) is None and not _names_action(text, asked):
        if _names_action(later, asked):
            text = asked  # read-tau2: the call's own verb said after another question
        elif asks_consent(text):
            return state  # read-tau2: a yes to another question is that question's
    answer = reply_class(later, c, question=asked if back else text, described=described())
    if answer == "change" and asked and text is not asked and not back and not asks_consent(text):
        answer = reply_class(later, c, question=asked, described=described())  # the call's own verb said again ("ok -- yes, switch it")
    if answer == "change":
        return "change"
    if answer not in ("yes", "no"):
        return state
    if another_topic(text, verbs, described) and not (answer == "no" and _WITHDRAWS.search(later)):
        return state
    if "?" in text and not asks_consent(text) and not (answer == "no" and _WITHDRAWS.search(later)):
        return state  # an answer to that question ("No, that's all"), unless it stops the call ("Wait, ...")
    if answer == "no" and refuses_nothing(later, text):
        return state  # round 16 (AK): small talk to a message that asks nothing ("lol my cat just walked across the keyboard")
    if answer == "yes" and state != "yes" and not (_asked_back(first) or _paused(first) or puts_off(first)):
        return state  # a yes after a refusal or a change covers only what is described again
    if answer == "yes" and state != "yes" and acknowledges_only(later) and not asks_consent(text):
        return state  # "ok thanks" to an answer or an announcement ("Let me get that done now"): no yes asked
    return answer


def refuses_nothing(reply: str, text: str) -> bool:
    """Whether ``reply``, read "no" for want of a yes, said to a message that asks nothing (``text``: "One moment while I
    pull that up."), holds no word that refuses, doubts, stops or puts off anything: small talk ("the kids are loud
    today"), not the customer's word on the call (round 16, AK: a yes given stands through it, an unclear one stays)."""
    return "?" not in text and _TAKES_BACK.search(reply) is None and not asks_consent(text)


def _paused(reply: str) -> bool:
    """Whether ``reply`` only asks for a moment ("one sec, someone's at the door", "brb", "hold on, I need to check
    something first"), refusing nothing: a yes after it, once the customer is back, agrees (round 16, AK)."""
    return _PAUSE.search(reply) is not None and _REFUSES_ANY.search(reply) is None


# what a reply that takes a yes back (or refuses one) holds: a refusal, a negation, a doubt, a stop, a pause, a change
_TAKES_BACK = re.compile(r"(?i)\b(?:no|nope|nah|not|never|none|neither|\w+n['’]t|dont|cant|wont|rather|chang\w*|mind|cancel\w*|stop|wait|hold|hang"
                         r"|leave|forget|keep|instead|actually|reconsider|think|thought|sure|later|first|again|sleep|pass|skip"
                         r"|good|fine|sec|second|moment|minute|min|brb|back|refund|wallet|card|credit|why|what|how|when)\b")
_PAUSE = re.compile(r"(?i)\b(?:one|a|1)\s+(?:sec|second|moment|min|minute|tick)\b|\bbrb\b|\bbe\s+right\s+back\b"
                    r"|\bback\s+in\s+a\b|\b(?:hang|hold)\s+on\b|\bhold\s+that\s+thought\b|\bgimme\s+a\b|\bgive\s+me\s+a\s+(?:sec|second|moment|min|minute)")
_REFUSES_ANY = re.compile(r"(?i)\b(?:no|nope|nah|not|never|\w+n['’]t|dont|cant|wont|rather|chang\w*|cancel\w*|instead|actually|stop|leave)\b")


def another_topic(text: str, verbs: Any, described: Callable[[], Dict[str, Any]]) -> bool:
    """Whether ``text``, a message after the call was described, asks about another topic in so many
    words (round 16, distance and distraction: "Also, was the burger OK?", "While we're at it, want me
    to check your other order too?", "let me double-check the other one: is 8295 Glisan St still your
    home?"): a question with a word that opens another topic, asking no leave to go on ("Still OK to
    go ahead?", "Are you sure?"), naming neither the call's kind of action nor its amount or ids. Its
    answer is not the customer's word on the call."""
    if "?" not in text or _OTHER_TOPIC.search(text) is None or _GO_ON.search(text) is not None:
        return False
    if verbs and names_action(text, verbs) is not None:
        return False
    values = described()
    amount = values.get("amount")
    if is_number(amount) and find_number(text, float(amount), 0.005) is not None:
        return False
    low = text.lower()
    ids = [v for k, v in values.items() if k.endswith(("_id", "_ids"))]
    return not any(isinstance(i, str) and i.lower() in low for v in ids for i in (v if isinstance(v, list) else [v]))


# words that open another topic, and those that ask leave to go on with the call described
_OTHER_TOPIC = re.compile(r"(?i)\b(?:also|too|as\s+well|another|other|by\s+the\s+way|btw|while\s+(?:we['’]re|we\s+are|i['’]m|i\s+am)"
                          r"|meanwhile|separately|one\s+more\s+thing|unrelated|different)\b")
_GO_ON = re.compile(r"(?i)\b(?:go\s+ahead|proceed|carry\s+on|go\s+on|continue|still\s+(?:ok|okay|good|fine|happy|want|like|keen|on|alright|all\s+right)"
                    r"|do\s+(?:it|that|this)|good\s+to\s+go|ready|sure"
                    r"|certain|really|right|correct|confirm\w*|all\s+set|happy\s+(?:with|for)|sounds?\s+good)\b")


def _asked_back(reply: str) -> bool:
    """Whether a reply only asks something back ("How long will it take?"), refusing nothing."""
    return reply.rstrip().endswith("?") and _REFUSES.match(reply) is None


_REFUSES = re.compile(r"(?i)\s*(?:no|nope|nah|not|never|don['’]?t)\b")


def asks_leave_only(text: str) -> bool:
    """Whether the agent's ``text`` ends asking only leave to go on ("Shall I submit it?", "Want me to go ahead with the
    amount above?"), not about something else ("I can also email you the receipt -- would you like that?")."""
    return _LEAVE_ONLY.search(text[-160:]) is not None


def puts_off(reply: str) -> bool:
    """Whether a reply only puts the decision off ("hang on, someone's at the door -- one sec",
    "hmm, let me think", "brb"), refusing or doubting nothing."""
    return _PUT_OFF.search(reply) is not None and _DECLINES.search(reply) is None


_PUT_OFF = re.compile(r"(?i)(?<![\w'])(?:one\s+(?:sec|second|moment|min(?:ute)?)|just\s+a\s+(?:sec|second|moment|min(?:ute)?)"
                      r"|give\s+me\s+a\s+(?:sec|second|moment|min(?:ute)?|bit)|hang\s+on|hold\s+on|bear\s+with\s+me|brb"
                      r"|be\s+right\s+back|let\s+me\s+(?:think|see|check))(?![\w'])")
_DECLINES = re.compile(r"(?i)(?<![\w'])(?:no|nope|nah|not|never|don['’]?t|do\s+not|rather|keep|leave|cancel\s+that|forget"
                       r"|stop|instead|changed?\s+my\s+mind|sure|doubt|but)(?![\w'])")
# a question asking only leave to go on with what was described ("Shall I?", "OK to proceed?")
_LEAVE_ONLY = re.compile(
    r"(?i)(?<![\w'])(?:(?:shall|should|can|may)\s+i|(?:want|would\s+you\s+like)\s+me\s+to|ok(?:ay)?\s+to|good\s+to|fine\s+to)"
    r"(?:\s+(?:go\s+ahead|proceed|continue|carry\s+on|go\s+on|go|do\s+(?:it|that|this|so)|get\s+(?:it|that)\s+done"
    # round 17 (AU): the request carried out in a generic verb ("Same as above -- shall I submit it?")
    r"|(?:submit|process|file|place|finali[sz]e|complete|action)\s+(?:it|that|this)|put\s+(?:it|that|this)\s+through))?"
    # round 17 (AU): what was said referred to back ("go ahead with the amount above", "with what I described")
    r"(?:\s+(?:with\s+(?:it|that|this|the\s+(?:above|same|amount\s+above|details\s+above)|what\s+i\s+(?:said|described|listed))"
    r"|now|then|for\s+you|as\s+(?:above|described|discussed)))*\W{0,3}\?\W*$"
    # the customer's wish for the call itself asked again ("Also, are you sure you want it on the card?"): leave to go on
    r"|(?<![\w'])(?:are\s+you\s+(?:sure|certain|ok|okay|happy)|(?:do|did)\s+you\s+(?:still\s+)?(?:want|need)\s+(?:it|that|this|the))"
    r"[^?\n]{0,60}\?\W*$")


def _names_action(reply: str, asked: str) -> bool:
    """Whether ``reply`` says one of the verbs of the describing question ``asked``."""
    lowered = reply.lower()
    return any(re.search(r"(?<![\w'])" + re.escape(v), lowered) for v in read_question(asked).verbs)

# words that stop or take back what was agreed, whatever the agent asked meanwhile
_WITHDRAWS = re.compile(r"(?i)\b(?:wait|stop|hold\s+on|hang\s+on|don['’]?t|do\s+not|instead|actually|cancel\s+that"
                        r"|never\s*mind|changed?\s+my\s+mind|on\s+second\s+thought)\b")


def answer(r: Any, text: str, described: Callable[[], Dict[str, Any]], c: Any, unanswered: Any, unrecorded: Any,
            call: Optional[Tuple[Any, ...]] = None, initial: Any = None) -> Tuple[str, str]:
    """The state a describing message leaves (yes, change, no, unclear; unanswered, empty: no yes;
    unrecorded: undetermined, SPEC §8) and the reply. The reply's class is read once per reply,
    message, call (``call``: ``_call_key``; None: read every time) and world (``c`` and S0, the
    owners, settle ``described()``: the call's values, its saved street, asked only when read)."""
    if r.index in unanswered:
        return "unanswered", ""
    if r.index in unrecorded:
        return "unrecorded", ""
    reply = seen(r.user_reply or "")
    if not reply.strip():
        return "empty", reply
    key = (reply, text, call) if call is not None else None
    if key is not None:
        kept = _ANSWERS.get((c, initial), key)
        if kept is not None:
            return kept, reply
    answer = reply_class(reply, c, question=text, described=described())
    if key is not None:
        _ANSWERS.put((c, initial), key, answer)
    return answer, reply


_ANSWERS: "OwnedLRU[str]" = OwnedLRU(8192)  # a GRPO group's rollouts repeat a question, its call and its reply
