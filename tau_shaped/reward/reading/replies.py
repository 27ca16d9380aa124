"""A customer's reply to a confirmation, classified (SPEC §10): ``yes``, ``change``, ``no`` or
``unclear``.

``classify_reply(reply, *, question=None, described=None)``. ``question`` is the agent's
message the reply answers (normalized, ``reading.normalize.seen``); ``described`` the values
the confirmation stated that the call acts with (``reply_values.Described``, a mapping, or the
call's arguments as (key, value) pairs: ``method``/``payment_method_id``/``payment_id``,
``amount``, ``street``/``address1``, the ids (any ``*_id`` / ``*_ids`` but the customer's own),
``reason``; other keys are left out). None means unknown: the reply is then read on its own
words (a plain question naming no verb; a value the question names once stands for an unknown
described one: "cancel order #W8367380 with the reason 'ordered by mistake'" gives the order and
the reason).

A reply is read on the clause that answers (``reply_clauses``); the vocabulary is kept here
once, for every domain (the rule files name no reply words):

- ``yes``: a go-ahead ("yes", "sure", "go ahead", "please do", "that works", "deal", the
  question's own verb: "Yes, switch it" to "Shall I switch it ...?"), and none of what
  follows. To a question a "no" agrees to ("Do you mind if I ...?", "Any objection?"), "No",
  "Not at all", "Nope, go ahead" agree; a bare "Yes" or "Sure" says neither (``unclear``);
  "Yes I do mind" refuses; "I don't mind" and "no problem" agree to it and say nothing to a
  plain "Shall I?". A side remark in another clause does not refuse ("Go ahead; I won't be
  ordering from them again though", "I'm not happy about the delay but go ahead"), nor does a
  hedge followed by a go-ahead that tells the agent to act ("I guess so, go ahead").
- ``change``: agreement (or a refusal) that asks for something else instead: a contrast ("but",
  "actually", "instead", "though", "rather", "except") or a condition that names a value the
  call does not act with ("Yep. Wallet works better for me though" when the card was
  described; "Yes, as long as it goes to my card" when the wallet was), a yes naming a value of
  a kind the call has that differs from the described one ("Yes, the wallet is perfect" after
  the card; "Yes, cancel #W1242543" after another order; "Sure, though the reason is really 'no
  longer needed'" after another reason), or a verb of altering
  that is not the question's own ("Sure, but make it $10", "Put it in my wallet instead"). A
  value named that the described call does act with changes nothing.
- ``no``: a refusal or a doubt on the reply's first line ("No", "Please don't", "I don't want
  that", "That's not right", "I'm not sure", "Wait", "Hold on", a reply opening with "cancel"
  or "stop" that is no echo of the question), once the phrases that say yes with such a word
  are taken out ("no problem", "why not", "I don't need anything else"); or a reply that agrees
  to nothing and is a question or says something else at length.
- ``unclear``: a hedge with no go-ahead ("I guess so", "maybe", "Yeah I guess"), a condition
  that cannot be checked ("yes if it's today", "ok as long as it's the card" with the method
  unknown), sarcasm ("Yeah right", "Oh great, yeah, sure, whatever"), or a short reply the
  reader cannot type ("Hmm right-o"). It makes the rule undetermined (SPEC §8) unless a later
  yes settles it.

Every pattern is linear on untrusted text (bounded or single quantifiers, no nesting); the
reply is read up to ``MAX_CHARS`` characters, the question up to ``QUESTION_CHARS``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Literal, Optional

from tau_shaped.reward.reading.lazy_patterns import lazy
from tau_shaped.reward.reading.pattern_unions import AnyOf
from tau_shaped.reward.reading.reply_directives import CONCEDING as _CONCEDING, DIRECTIVE as _DIRECTIVE, PUT_IT_THROUGH as _PUT_IT_THROUGH
from tau_shaped.reward.reading.normalize_questions import asks_why, fillers_out
from tau_shaped.reward.reading.reply_corrections import asked_back, references_out, taken_back
from tau_shaped.reward.reading.reply_forms import acknowledges, in_own_terms, yes_to_another
from tau_shaped.reward.reading.reply_picks import choice_kept, it_is_picked
from tau_shaped.reward.reading.reply_clauses import Question, W, clauses, read_question, sentences, verbs_in, words
from tau_shaped.reward.reading.reply_conditions import condition
from tau_shaped.reward.reading.reply_meaning import FORMAL_ASSENT as _FORMAL_ASSENT, asks_for_a_change, habitual, refuses, sarcastic, starts_cancelling, take_out_sarcasm
from tau_shaped.reward.reading.reply_reads import QuestionReads, words_read
from tau_shaped.reward.reading.reply_asides import back_from_pause, contact_aside, contact_asides_out, resigned
from tau_shaped.reward.reading.reply_idioms import plain_answer, tag_answered
from tau_shaped.reward.reading.reply_values import Described, join_amounts, mark_reasons, names_a_reason

__all__ = ["Reply", "classify_reply", "known_class", "MAX_CHARS", "QUESTION_CHARS", "Described"]

Reply = Literal["yes", "change", "no", "unclear"]
MAX_CHARS = 2000
QUESTION_CHARS = 4000

# Polarity answers: they agree to a plain question, and say nothing to "Do you mind?".
_POLAR_YES = re.compile(words(
    "yes", "yeah", "yea", "yep", "yup", "ya", "y", "affirmative", "indeed", "i do", "correct", "that's correct",
    "that is correct", "that's right", "exactly", "absolutely", "definitely", "certainly", "of course", "sure",
    "sure thing", "yes please", "oui", "mm-hmm", "mm hmm", "mhm", "mhmm", "uh-huh", "uh huh", "yes ma'am",
    "yes sir", "yessir", "you bet", "you betcha", "yes indeed", "right on", "aye", "aye aye",
), re.IGNORECASE)
# A go-ahead whatever the question's polarity.
# The offer welcomed: "That would be nice", "it'd be really helpful", "this sounds lovely"
_GOOD_WORDS = (r"(?:nice|helpful|amazing|wonderful|lovely|great|perfect|fantastic|appreciated|much[\s\u200b]+appreciated"
               r"|brilliant|awesome|excellent|good|kind|ideal|fine|fab|fabulous|grand|reasonable|fair)")
_WELCOME = (r"|(?<![\w'])(?:that|it|this)(?:'d|'ll|[\s\u200b]+would|[\s\u200b]+will)[\s\u200b]+(?:(?:really|honestly|actually|truly)[\s\u200b]+)?be"
            r"[\s\u200b]+(?:(?:really|very|so|super|most|much)[\s\u200b]+)?" + _GOOD_WORDS + r"(?![\w'])"
            r"|(?<![\w'])(?:that|this|it)[\s\u200b]+sounds[\s\u200b]+(?:(?:really|very|so|super)[\s\u200b]+)?" + _GOOD_WORDS + r"(?![\w'])")
_GO_AHEAD_WORDS = (
    "ok", "okay", "k", "alright", "all right", "go ahead", "go for it", "please do", "do it", "do that", "proceed",
    "please proceed", "confirm", "confirmed", "i confirm", "all good", "that's good", "fine", "sounds good",
    "sounds great", "sounds right", "agreed", "i agree", "agree", "accept", "i accept", "approved", "i approve",
    "approve", "perfect", "great", "that works", "works for me", "works", "please", "deal", "cool", "let's do it",
    "let's do that", "make it so", "by all means", "go on", "that's fine", "thats fine", "will do", "excellent",
    "lovely", "wonderful", "good to go", "that'd be great", "i'd appreciate that", "i would appreciate that",
    "acceptable", "that's acceptable", "that is acceptable", "agreeable", "that's agreeable",  # round 13: the corporate register
    "awesome", "roger", "you can", "you may", "be my guest", "i authorize", "carry on", "permission granted",
    "go right ahead", "go on ahead", "i consent", "i so consent", "i hereby consent", "i give my consent",
    "you have my consent", "you have my permission", "you have my approval", "consent given", "i hereby authorize",
    "i'd like that", "i would like that", "that's what i want", "that is what i want", "i want that", "i'd love that", "i'd appreciate it", "yes please",
    "sounds like a plan", "that's a plan", "fine by me", "fine with me", "ok by me", "okay by me", "ok with me",
    "okay with me", "good with me", "good by me", "i'm good with that", "i'm fine with that", "suits me",
    "that suits me", "that suits", "that would suit", "that'd suit", "let's go with that", "go with that", "i'm in", "count me in", "do so", "please do so",
    "green light", "you have my ok", "you have my okay", "you have my permission", "you have my go-ahead",
    "sounds fair", "fair enough", "that'll do", "that will do", "make it happen", "sure thing", "you got it",
    "let's roll", "fire away", "i'm down", "i'm down for that", "that'll work", "that will work", "go go go",
    "knock yourself out", "done deal", "let's go", "hit it", "sold", "i'm sold", "consider it sold", "lock it in",
)  # asked only whether it matches (pattern_unions): the first few words in most replies, the rest compiled when needed
_GO_AHEAD = AnyOf([words(*_GO_AHEAD_WORDS[:12]), words(*_GO_AHEAD_WORDS[12:40]), words(*_GO_AHEAD_WORDS[40:]), _PUT_IT_THROUGH[1:],
                   _FORMAL_ASSENT[1:], _WELCOME[1:]], re.IGNORECASE)
# "No" to a question a "no" agrees to: the whole clause is the answer.
_NO_FIRST = words("no", "nope", "nah", "naw", "not at all", "not really", "of course not", "certainly not",
                  "absolutely not", "definitely not", "not in the least", "not in the slightest", "not a bit", "none",
                  "no objection", "no objections", "never", "not one bit", "i don't", "i do not", "we don't")
_NO_MORE = words("no", "not at all", "i do not", "i don't", "i wouldn't", "we don't", "at all", "none", "whatsoever")
_NEGATIVE_ANSWER = re.compile(rf"^\W{{0,8}}{_NO_FIRST}(?:\W{{1,4}}{_NO_MORE}){{0,2}}\W{{0,8}}$", re.IGNORECASE)
# Phrases that hold a negative word and agree ("no problem"), and that hold one and say
# nothing of the call ("no rush", "nothing else"): taken out before refusals are looked for.
_YES_WITH_A_NEGATIVE = lazy(
    rf"(?<![\w'])(?:(?P<always>no{W}objections?)|(?:no|not){W}(?:a{W}|any{W})?(?:problems?|worries|issues?|objections?)"
    rf"|why{W}not|(?:don'?t|do{W}not){W}mind|(?:that|it|this)(?:'s|{W}is){W}not{W}a{W}problem"
    rf"|(?:wouldn'?t|would{W}not){W}mind)(?![\w'])",
    re.IGNORECASE, needs=('issue', 'mind', 'objection', 'problem', 'why', 'worries', 'would'))
_SAYS_NOTHING_WITH_A_NEGATIVE = lazy(
    rf"(?<![\w'])(?:(?:no|not){W}(?:a{W}|any{W})?(?:big{W}deal|hurry|rush)"
    rf"|(?:doesn'?t|does{W}not){W}matter|can'?t{W}wait|(?:no|don'?t{W}need){W}to{W}wait|no{W}need"
    rf"|(?:no,?{W}i{W})?(?:don'?t|do{W}not){W}(?:need|have|want){W}(?:anything|any)(?:{W}(?:other|more|further))?"
    rf"(?:{W}(?:else|questions?|requests?))?|no{W}(?:other|further|more){W}(?:questions?|requests?)"
    rf"|(?:(?:i'm|i{W}am){W})?not{W}in{W}a{W}(?:hurry|rush)|can'?t{W}complain|no{W}doubt"
    rf"|(?:don'?t|do{W}not){W}worry(?:{W}about{W}(?:it|that|the{W}rest))?"
    rf"|(?:no,?{W})?nothing{W}else|no{W}one|not{W}(?:your|the{W}agent'?s|anyone'?s){W}fault|not{W}on{W}you"
    rf"|not{W}blaming{W}you|not{W}complaining|not{W}that{W}(?:i|it|we|they|anyone)(?:'[a-z]{{1,2}})?"
    rf"|not{W}the{W}(?:first|end)(?:{W}(?:time|of{W}the{W}world))?|no{W}wonder|never{W}again"
    rf"|not{W}(?:mine|(?:my|his|her|their){W}[a-z]{{2,12}}'s(?:{W}(?:order|one|food|account))?))(?![\w'])",  # round 18 (BG): whose
    re.IGNORECASE, needs=('blaming', 'complain', 'complaining', 'deal', 'doubt', 'fault', 'have', 'hurry', 'matter', 'need', 'never', 'not', 'nothing', 'one', 'question', 'request', 'rush', 'that', 'wait', 'want', 'wonder', 'worry'))
# Hedged assent: the words do not settle whether it was agreement.
_HEDGE = lazy(words(
    "i guess", "i suppose", "maybe", "perhaps", "probably", "i think so", "if you say so", "kind of", "sort of",
    "whatever", "depends", "it depends", "possibly", "i don't care", "i dont care", "if you must", "if you want",
    "if you think so", "might as well", "i think", "guess so", "suppose so", "meh",
    # no choice made between what was offered
    "either is fine", "either works", "either one", "either way", "whichever", "both work", "both are fine",
    "don't mind which", "up to you", "your call", "you decide", "you choose",
), re.IGNORECASE, needs=('both', 'choose', 'decide', 'depends', "don't", 'dont', 'either', 'guess', 'kind', 'maybe', 'meh', 'might', 'must', 'perhaps', 'possibly', 'probably', 'sort', 'suppose', 'think', 'want', 'whatever', 'whichever', 'you', 'your'))
_POLITE_IF = re.compile(words(
    "if you could", "if you can", "if you would", "if you don't mind", "if you do not mind", "if you wouldn't mind",
    "if that's ok", "if that's okay", "if that's alright", "if that is ok", "if that is okay", "if you please",
), re.IGNORECASE)
# round 17 (AY): a request framed as a wish ("I'd be grateful if you went ahead", "I'd appreciate it if you'd hold off",
# "it would be great if you could go ahead"): a request of the verb after it, no condition (past forms made present)
_WISH_IF = re.compile(r"(?<![\w'])(?:i'?d|i\s+would|it'?d|it\s+would)\s+(?:(?:really|so|very|truly|most|much)\s+){0,2}(?:be\s+(?:(?:really|so|very|truly|most)\s+)?(?:grateful|glad|happ(?:y|ier)|thankful|great|lovely|best|better)"
                      r"|appreciate\s+it|prefer\s+it|love\s+it|like\s+it)\s+if\s+you(?:'d|\s+would|\s+could)?\s+"
                      r"(?!(?:would|could|can|will|do|did|please|mind)(?![\w']))(?P<verb>[a-z]{2,12})(?![\w'])",
                      re.IGNORECASE)
_PRESENT = {"went": "go", "held": "hold", "did": "do", "left": "leave", "waited": "wait", "proceeded": "proceed", "sent": "send",
            "made": "make", "cancelled": "cancel", "canceled": "cancel", "refunded": "refund", "stopped": "stop"}


def _wished(text: str) -> str:
    if " if " not in text.lower():
        return text
    return _WISH_IF.sub(lambda m: "please " + _PRESENT.get(m.group("verb").lower(), m.group("verb").lower()), text)


# "if you want" closing its clause is a hedge ("Sure, if you want."); "if you want to waste my time" is no hedge
_IF_YOU = lazy(words("if you say so", "if you must", "if you want", "if you think so") + r"(?=\W*(?:[,;.!?\n]|$))",
                     re.IGNORECASE, needs=('must', 'think', 'want', 'you'))
# A precondition: the call waits for something else first ("let me check my bank first", "ok, but
# first tell me ...", "before that, ...", "once you tell me why"): conditional assent at most.
_PRECONDITION = lazy(
    r"(?:(?<![\w'])(?:(?<!the )(?<!my )(?<!your )(?<!our )(?<!its )(?<!at )(?<!a )"
    r"first(?![\s\u200b]+(?:of[\s\u200b]+all|off|time|thing|one|place|order|refund|delivery|courier|driver))|beforehand"
    r"|before[\s\u200b]+(?:that|this|then|you|we|i|doing|anything|going|proceeding))"
    r"|(?:^|[,.;!?\u2014\u2013])\W{0,3}(?:once|after|as[\s\u200b]+soon[\s\u200b]+as|when|right[\s\u200b]+after)[\s\u200b]+(?:you|i|we|it|that|the))(?![\w'])",
    re.IGNORECASE, needs=('after', 'before', 'beforehand', 'first', 'once', 'right', 'soon', 'when'))
# A question about what the call acts with ("Which card?", "How much?", "What do you mean?")
_ASKS_WHICH = re.compile(
    r"(?<![\w'])(?:(?:which|what)(?:[\s\u200b]+\w+)?[\s\u200b]+(?:card|method|account|amount|order|address|reason|wallet"
    r"|payment|one|item|items|refund|credit|fee)s?|how[\s\u200b]+much|what[\s\u200b]+(?:do|did)[\s\u200b]+you[\s\u200b]+mean"
    # or about other ways or what follows ("what are my other options?", "what happens to my points?")
    r"|other[\s\u200b]+(?:options?|choices?|ways?)|another[\s\u200b]+(?:option|choice|way)|alternatives?|what[\s\u200b]+happens"
    r"|what[\s\u200b]+about|anything[\s\u200b]+else[\s\u200b]+(?:you|we)[\s\u200b]+can|instead[\s\u200b]+of)(?![\w'])",
    re.IGNORECASE)
_ONLY_IF = re.compile(r"(?i)^\W{0,8}(?:only[\s\u200b]+if|as[\s\u200b]+long[\s\u200b]+as|so[\s\u200b]+long[\s\u200b]+as|provided|providing|on[\s\u200b]+condition)(?![\w'])")
# "please" before another request ("Please reconsider", "Please explain the fee first", "please transfer me"): politeness,
# no go-ahead; before a go-ahead or the call's own verb it is one
_PLEASE_THEN = re.compile(r"(?<![\w'])please[ \t,]{1,3}(?:just[ \t]{1,3})?(?P<next>[a-z']+)(?:[ \t]{1,3}(?P<after>[a-z']+))?",
                          re.IGNORECASE)
_PLEASE_OK = frozenset({"do", "go", "proceed", "confirm", "continue", "carry", "and", "thanks", "thank", "thx", "yes",
                        "yeah", "ok", "okay", "sure", "that", "it", "let's", "by", "move", "i"})
# A line that only greets ("Hi,", "Hello there!", "Dear Ana,"): the answer is on the next one
_GREETING = lazy(
    r"^\W{0,4}(?:hi|hello|hey|hiya|howdy|greetings|good[ \t]+(?:morning|afternoon|evening|day)|dear|yo|hi[ \t]+there|hello[ \t]+there)"
    r"(?:[ \t,]{1,3}(?!(?:yes|yeah|yep|yup|yea|no|nope|nah|ok|okay|sure|fine|thanks|thank|please|go|cancel|agreed|absolutely|definitely|stop|wait|hold|don't|dont|never|not)(?![\w']))"
    r"(?-i:[A-Z])[\w.'-]{0,20}){0,2}[ \t]*[,.!:;]*[ \t]*$", re.IGNORECASE, needs=('dear', 'good', 'greetings', 'hello', 'hey', 'hi', 'hiya', 'howdy', 'there', 'yo'))  # a name is capitalized, an answer is none ("Hi, Nah!")
# "Good." alone to "Good?": a go-ahead ("Good question, but ..." is none)
_JUST_GOOD = re.compile(r"^\W{0,8}(?:very\W{1,3})?good\W{0,8}$", re.IGNORECASE)
_ECHO_HEAD = re.compile(r"^\W{0,8}(?:please\W{1,4})?(?P<verb>[a-z]{2,12})(?![\w'])", re.IGNORECASE)
_NORMAL = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


def classify_reply(reply: str, *, question: Optional[str] = None, described: Any = None) -> Reply:
    """SPEC §10: the class of ``reply`` (a customer's answer to a confirmation).

    ``question``: the agent's message ``reply`` answers, normalized (None: unknown, read as a
    plain question naming no verb). ``described``: what the confirmation stated that the call
    acts with: a ``Described`` (``method``, ``amount``, ``street``, ``ids``, ``reason``) or a
    mapping or (key, value) pairs of the call's arguments
    (None, or a key left out: unknown; the values the question names once stand for it)."""
    q = (question or "")[:QUESTION_CHARS] or None
    return _classify(back_from_pause((reply or "")[:MAX_CHARS]), q, Described.of(described))


@lru_cache(maxsize=4096)
def _classify(reply: str, question: Optional[str], described: Optional[Described]) -> Reply:
    q = read_question(question)
    reply = tag_answered(reply, q.text)  # round 14: "right" to "..., right?" is a yes (before the shape is kept)
    # the reading depends on the question through its polarity, its verbs and the values the
    # call acts with (``stated``, read only when asked): a reply read without asking for a value
    # reads alike after any question of the same polarity and verbs ("Yes, please go ahead" to
    # each of a batch's confirmations), whatever the call
    shape = (reply, q.polarity, q.verbs)
    kept = _BY_SHAPE.get(shape)
    if kept is not None:
        return kept
    stated = QuestionReads(described, q.text)  # the question's values read only if the reply names one
    answer = _read(reply, q, stated)
    if stated.shaped:  # round 17: nor its words (an aside's, a pick's, an echoed none's reading: ``reply_reads``)
        if len(_BY_SHAPE) >= 4096:
            _BY_SHAPE.clear()
        _BY_SHAPE[shape] = answer
    return answer


_BY_SHAPE: "dict[Any, Reply]" = {}  # (reply, polarity, verbs) -> its class, for a reading that asked for no value


def known_class(reply: str, question: Optional[str]) -> Optional[Reply]:
    """``classify_reply(reply, question=question, described=...)`` whatever the call, when a
    reading of this reply after a question of the same polarity and verbs asked for none of the
    call's values (kept, bounded); else None (read it, with the call's values)."""
    q = read_question((question or "")[:QUESTION_CHARS] or None)
    return _BY_SHAPE.get((tag_answered(back_from_pause((reply or "")[:MAX_CHARS]), q.text), q.polarity, q.verbs))


def _read(reply: str, q: Question, stated: QuestionReads) -> Reply:
    reply = fillers_out(references_out(reply))  # "okay so" assents to nothing; "same as you said, go": the answer after it
    stated.worded = stated.worded or words_read(reply)
    reply = in_own_terms(it_is_picked(reply, q.text or ""), q.text or "")  # "card it is"; "no insurance. book it"
    if asked_back(reply):
        return "unclear"  # "Yes?": a yes asked back, or a "what is it?"
    corrected = taken_back(reply)
    if corrected is not None:  # "no wait -- yes, do it": the answer the customer settles on
        answer = _read(corrected, q, stated)
        if answer in ("yes", "no", "change"):
            return answer
    reply = join_amounts(_wished(reply.translate(_NORMAL)))
    reasoned = names_a_reason(reply) and stated.key("reason") is not None
    text = plain_answer(reply, q.polarity != "plain", q.verbs, reasoned)  # idioms and emoji as the answer they give
    if reasoned:  # "Yes, no longer needed": the reason's "no" refuses nothing
        text = mark_reasons(text)
    cleaned, mocking = take_out_sarcasm(_POLITE_IF.sub(" ", text), reply)
    cleaned = resigned(cleaned)  # "whatever. ok": indifference settled by the yes after it
    # "I don't mind", "no problem" agree to "Do you mind?"; to "Shall I?" they say nothing
    # ("no objection" agrees to either)
    agree = (lambda m: " okay ") if q.polarity != "plain" else (lambda m: " okay " if m.group("always") else " ")
    cleaned = _SAYS_NOTHING_WITH_A_NEGATIVE.sub(" ", _YES_WITH_A_NEGATIVE.sub(agree, cleaned))
    stated.worded = stated.worded or contact_aside(cleaned)
    cleaned = contact_asides_out(cleaned, q.text)  # "yes please; don't call me back though"
    first = next((line for line in cleaned.split("\n") if line.strip(" \t\r,.!") and not _GREETING.match(line)), "")
    answer = [c for s in sentences(first) for c in clauses(s)]

    polar_no = [c for c in answer if _NEGATIVE_ANSWER.search(c)] if q.polarity != "plain" else []
    echo = any(_echoes(c, q) for c in answer if not c.rstrip().endswith("?"))  # "Refund? I asked for ..." echoes nothing
    first_raw = next((line for line in text.split("\n") if line.strip() and not _GREETING.match(line)), "")
    # a clause conceded by a go-ahead after it ("Not happy, but go ahead") refuses only outright
    conceded = [_CONCEDING.found(" ".join(answer[i + 1:i + 3])) for i in range(len(answer))]
    refusing = {i for i, c in enumerate(answer) if c not in polar_no and refuses(c, q, stated, conceded=conceded[i])}
    refused = starts_cancelling(first_raw, q) or bool(refusing)
    assenting = _assenting(cleaned, q)
    go_ahead = (_GO_AHEAD.found(assenting) or echo or (q.polarity == "negative" and bool(polar_no))
                or _JUST_GOOD.match(cleaned) is not None)
    polar_yes = _POLAR_YES.search(assenting) is not None
    assent = go_ahead or polar_yes
    changed = asks_for_a_change(cleaned, q, stated) or yes_to_another(first, q.text or "")  # r19: "yes to the onion rings"
    if refused:  # a change asked with a go-ahead outside the refusal ("OK, but not to my card")
        later = cleaned[cleaned.index(first) + len(first):]
        kept = " ".join(c for i, c in enumerate(answer) if i not in refusing) + "\n" + later
        return "change" if changed and (_GO_AHEAD.found(kept) or _POLAR_YES.search(kept)) else "no"
    met = condition(_IF_YOU.sub(" ", first), stated)
    if changed or met == "unmet":
        return "change"
    if met == "met" and not assent and _ONLY_IF.match(first):
        assent = go_ahead = True  # "only if it's under five dollars" to a $4.00 refuel: the terms met, the yes given (round 13)
    if mocking or habitual(first) or sarcastic(first, directive=_DIRECTIVE.found(first)):  # "the usual pls": unknown
        return "unclear"
    hedged = any(_hedges(c) for c in answer)
    if assent:
        if met == "unknown" or (hedged and not (_DIRECTIVE.found(first) or echo)):
            return "unclear"
        if any((s.rstrip().endswith("?") or asks_why(s)) and _ASKS_WHICH.search(s) for s in sentences(first)):
            return "no"  # "Great. Which card?": a question about what was described agrees to nothing
        if _PRECONDITION.search(first):  # "Sure, once you tell me why it was late": it waits for something else
            return "unclear"
        if not go_ahead and q.polarity != "plain":
            return "unclear"  # "Yes" to "Do you mind if I ...?": agreement or an objection
        return "yes"
    if "please" in first.lower() and choice_kept(first, q) != first:
        return "change"  # "The replacement please.": another thing asked for
    if hedged or met is not None or polar_no:
        return "unclear"
    found = re.findall(r"\w+", text)
    if not found and any(ord(c) >= 0x2190 for c in text):
        return "unclear"  # round 18 (BH): an emoji that is no answer ("🙏", "🤔"): neither a yes nor a no
    if not found or "?" in text or asks_why(text) or len(found) > 4 and not acknowledges(text):  # r19: "I acknowledge receipt"
        return "no"  # agrees to nothing: a question, or something else said
    return "unclear"


def _echoes(clause: str, q: Question) -> bool:
    """Whether ``clause`` opens with the question's own verb ("switch it" to "Shall I switch
    it ...?"): a go-ahead in the question's words."""
    if not q.verbs:
        return False
    m = _ECHO_HEAD.search(_strip_assent(clause))
    return m is not None and bool(verbs_in(m.group("verb")) & q.verbs) and not re.search(
        r"(?<![\w'])(?:that|not|never|n't)(?![\w'])|n't", clause, re.IGNORECASE)


_ASSENT_PREFIX = re.compile(
    rf"^\W{{0,8}}(?:{words('yes', 'yeah', 'yep', 'yup', 'sure', 'ok', 'okay', 'alright', 'fine', 'great', 'of course', 'absolutely', 'certainly', 'definitely', 'please', 'yes please')}\W{{1,4}}){{0,3}}",
    re.IGNORECASE,
)


def _strip_assent(clause: str) -> str:
    m = _ASSENT_PREFIX.match(clause)
    return clause[m.end():] if m else clause


def _assenting(text: str, q: Question) -> str:
    """What of ``text`` may give assent: not a sentence that asks ("Yes?", "Why would I want
    that?", "Is it ok if you don't?"; one opening with a bare assent, "Sure, can you send a
    receipt?", keeps it, as does one opening with the question's own verb, "yes cancel, and can I get
    the rest as credit?"), nor a "please" before another request."""
    kept, asked = [], False
    for s in sentences(text):
        parts = clauses(s)
        if (s.rstrip().endswith("?") or asks_why(s)) and not (len(parts) > 1 and (_BARE_ASSENT.match(parts[0]) or _echoes(parts[0], q))):
            asked = True
            continue
        kept.append(s)
    if asked:  # "Great, thanks. Why would I want that?": the acknowledgement agrees to nothing
        kept = [s for s in kept if not _ACK.match(s)]
    out = " ".join(choice_kept(s, q) for s in kept)
    if "please" in out.lower():
        out = _PLEASE_THEN.sub(lambda m: m.group(0) if _please_agrees(m, q) else m.group(0)[6:], out)
    return out


# "Great, thanks." / "Ok thanks.": an acknowledgement; it gives assent only to a reply that asks nothing else
_ACK = re.compile(
    r"^\W{0,8}(?:ok|okay|great|perfect|cool|alright|all right|fine|good|lovely|nice)\W{1,4}(?:thanks|thank[ \t]+you|thx|ty|cheers)"
    r"(?:[ \t]+(?:so[ \t]+much|a[ \t]+lot))?\W{0,8}$", re.IGNORECASE)


def _please_agrees(m: "re.Match[str]", q: Question) -> bool:
    word = m.group("next").lower()
    if (m.group("after") or "").lower() == "me":
        return False  # "please transfer me", "please tell me": a request of the customer's own
    return word in _PLEASE_OK or bool(verbs_in(word)) or _GO_AHEAD.starts(word)


_BARE_ASSENT = re.compile(rf"^\W{{0,8}}(?:{_POLAR_YES.pattern}|{_GO_AHEAD.pattern})\W{{0,8}}$", re.IGNORECASE)


def _hedges(clause: str) -> bool:
    """A hedge in the clause that answers: one that holds a word of assent, or is short ("I
    guess?", "Probably, yes"); "Maybe next time I'll order elsewhere" is a side remark."""
    if _HEDGE.search(clause) is None:
        return False
    return len(re.findall(r"[\w']+", clause)) <= 4 or bool(_POLAR_YES.search(clause)) or _GO_AHEAD.found(clause)
