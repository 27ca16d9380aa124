"""What the clauses of a reply to a confirmation do to the call (SPEC §10): refuse it, ask for a different one (a contrast
or a condition naming a value the call does not act with, or any clause naming a value of a kind the call has that differs
from the described one: "Yes, the wallet is perfect" after the card, "Yes, cancel #W1242543" after another order), or put a
condition on it that the described call meets or not (an amount under a bound is one: ``value_bounds``); and sarcasm, which
settles nothing. Read by ``replies.classify_reply``. Every pattern is linear (literal alternations, single or bounded
quantifiers); the words of a clause are read up to a bound.
"""

from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from tau_shaped.reward.reading.reply_clauses import PAD, Question, W, clauses, head, sentences, words
from tau_shaped.reward.reading.reply_conditions import CONDITION, bounded_condition
from tau_shaped.reward.reading.reply_idioms import TAKES_AWAY
from tau_shaped.reward.reading.reply_values import Described, compare, values_in
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["FORMAL_ASSENT", "effective", "habitual", "refuses", "starts_cancelling", "asks_for_a_change", "sarcastic", "take_out_sarcasm"]


def effective(described: Optional[Described], question: str) -> Described:
    """The values the call acts with as far as they are known: ``described``'s, and for a kind it
    leaves unknown, the one value of that kind the question names (not taken back)."""
    keys: List[Tuple[str, Any]] = [(k, described.key(k)) for k in described.kinds()] if described else []
    if question:
        named: dict = {}
        for v in values_in(question):
            if not v.negated and v.key is not None:
                named.setdefault(v.kind, set()).add(v.key)
        known = {k for k, _ in keys}
        keys += [(kind, next(iter(found))) for kind, found in named.items() if kind not in known and len(found) == 1]
    return Described.from_keys(tuple(keys))


# round 18 (BD): assent in the formal register, first or third person ("I hereby give my assent", "Assent is given", "The
# customer consents to the refund", "the undersigned agrees"): an alternation to add to the go-ahead words
FORMAL_ASSENT = (r"|(?<![\w'])(?:(?:i|we)(?:[\s]+hereby)?[\s]+(?:give|grant)[\s]+(?:my|our)[\s]+(?:full[\s]+)?(?:assent|consent|approval|permission)"
                 r"|(?:assent|consent|approval|permission)[\s]+(?:is[\s]+)?(?:hereby[\s]+)?(?:given|granted)|(?:i|we)(?:[\s]+hereby)?[\s]+assent"
                 r"|(?:the[\s]+)?(?:undersigned|customer)[\s]+(?:hereby[\s]+)?(?:agrees|consents|accepts|approves|confirms|assents))(?![\w'])")
# a refusal asked rhetorically ("Why on earth would I refuse?", "Why would I say no?"): it refuses nothing
_RHETORICAL = re.compile(r"^\W{0,8}(?:why|how)(?:[ \t]+on[ \t]+earth|[ \t]+in[ \t]+the[ \t]+world)?[ \t]+(?:would|should|could|will)[ \t]+"
                         r"(?:i|we|anyone|anybody)[ \t]+(?:ever[ \t]+)?(?:refuse|say[ \t]+no|decline|object|mind|turn[ \t]+(?:it|that|this)[ \t]+down)\b[^?\n]{0,60}\?",
                         re.IGNORECASE)

# round 18: the whole reply a habit the agent cannot know ("the usual pls", "same as always", "as usual"): neither a yes to
# what was described nor a change to a known value (round 17 read "the usual pls" as a change)
_HABIT = lazy(r"^\W{0,8}(?:just[ \t]+)?(?:the|my|as|same(?:[ \t]+as)?)[ \t]+(?:usual|always|normal|regular)(?:[ \t]+(?:one|way|thing))?"
                    r"(?:\W{1,3}(?:please|pls|plz|thanks|thx|then|ty))*\W{0,8}$", re.IGNORECASE, needs=('always', 'normal', 'regular', 'usual'))


def habitual(first: str) -> bool:
    return _HABIT.match(first) is not None


# ---- refusals ---------------------------------------------------------------------------------

_REFUSAL_HEAD = re.compile(
    rf"^\W{{0,8}}{PAD}(?:please\W{{1,4}})?"
    + words("no", "nope", "nah", "naw", "not", "never", "wait", "hold on", "hold off", "hang on", "stop", "don't",
            "dont", "do not", "abort", "forget it", "never mind", "nevermind", "negative", "i decline", "decline",
            "i refuse", "rather not", "i'd rather not", "i would rather not", "uh-uh", "nuh-uh", "no way",
            "scratch that", "on second thought", "on second thoughts", "cancel that", "actually no", "hold",
            "one moment", "one sec", "one second", "just a moment", "just a sec", "just a second", "give me a second",
            "give me a minute", "i'll pass", "pass", "not a chance", "no chance", "neither", "none of them", "none of those",
            "none of it", "none of that", "none of these"),  # round 16 (AL): "neither" to the things described
    re.IGNORECASE,
)
# The words (lower case) every match of a case-blind pattern holds one of (``_may_hold``; kept with the patterns by
# tests/reward/reading/test_gate_words_held.py, which reads each branch): most replies ("Yes, please go ahead") hold none.
_HEAD_WORDS = ("no", "nah", "naw", "sec", "i'll", "hold", "don", "wait", "pass", "stop", "hang", "these", "never", "uh-uh",
               "those", "abort", "minute", "chance", "refuse", "moment", "forget", "cancel", "rather", "neither", "thought",
               "decline", "scratch", "negative")
_NOT_HEAD = head("not")
# Feelings about the evening refuse nothing ("not happy", "not thrilled"), unless about the call ("with that").
_FEELINGS = ("happy", "thrilled", "pleased", "impressed", "satisfied", "amused", "excited", "ideal", "fun", "glad",
             "delighted", "fan")
_NOT_FEELING = re.compile(
    rf"^\W{{0,8}}{PAD}not\W{{1,4}}(?:(?:very|too|so|really|exactly|particularly|a|the|at\W{{1,3}}all)\W{{1,4}})?"
    + words(*_FEELINGS), re.IGNORECASE)
_OUTRIGHT = head("no", "nope", "nah", "naw", "wait", "hold on", "hang on", "hold off", "hold", "stop", "don't", "dont",
                 "do not", "never mind", "nevermind", "cancel that", "scratch that", "forget it", "abort", "negative")
_CANCEL_HEAD = head("cancel", "stop", "abort", "forget it", "never mind", "nevermind")
_CANCEL_THAT = re.compile(rf"(?<![\w'])cancel{W}(?:that|this)(?![\w'])", re.IGNORECASE)
# "I said no", "the answer is no": a refusal word that closes its clause.
_NO_AT_THE_END = lazy(r"(?<![\w'])(?:no|nope|nah)\W{0,8}$", re.IGNORECASE, needs=('n',))

# "Leave it", "leave it as it is", "I'd like to keep the order": things as they are, the call not made.
_LEAVE_IT = lazy(
    r"(?<![\w'])(?:leave|keep)\W{1,3}(?:it|things|everything|that)(?:\W{1,3}(?:as|alone|be)(?![\w'])|\W{0,8}$)"
    r"|(?<![\w'])keep\W{1,3}(?:the|my)\W{1,3}order(?![\w'])", re.IGNORECASE, needs=('keep', 'leave', 'order'))


# "cancel that", "cancel it", "okay cancel" to a question that cancels nothing: a stop
_CANCEL_ANY = lazy(rf"(?<![\w'])(?:cancel|abort)(?:{W}(?:that|this|it|the{W}\w+))?\W{{0,8}}$", re.IGNORECASE, needs=('abort', 'cancel'))


def starts_cancelling(first: str, q: Question) -> bool:
    """Whether the reply opens with "cancel" or "stop" ("Cancel that", "Stop. yes"), unless it
    echoes the question's "cancel" ("Cancel it" to "Shall I cancel the order?")."""
    if not _CANCEL_HEAD.search(first):
        return False
    return "cancel" not in q.verbs or not re.match(r"^\W{0,8}cancel(?![\w'])", first, re.IGNORECASE) or bool(
        _CANCEL_THAT.search(first[:40]))
_RETRACT = re.compile(words(
    "hold on", "hang on", "hold off", "on second thought", "on second thoughts", "scratch that", "never mind",
    "nevermind", "not yet", "not now", "no way", "rather not", "rather you didn't", "rather you did not",
    "rather you wouldn't", "i decline", "i refuse", "unsure", "i doubt", "doubtful", "let me think", "i'll think",
    "i will think", "think about it", "get back to you", "dunno", "second thoughts", "hesitant", "no thanks",
    "no thank you", "wait a second", "wait a sec", "wait a minute", "wait a moment", "wait a min", "please wait",
    "i object", "i'd object", "i would object", "i do mind", "i'd mind", "i would mind", "i mind",
    "i do object", "i really object", "i really do object", "i really mind", "i really do mind",
    "would be a problem", "that'd be a problem", "will be a problem", "would be an issue", "that'd be an issue",
    "that's a problem", "that is a problem", "it's a problem", "it is a problem", "it would be a problem",
    "i have an objection", "i have objections", "suits nobody", "suits no one", "doesn't suit", "does not suit",
    "wouldn't suit", "would not suit", "won't suit", "absolutely not", "certainly not", "definitely not", "of course not",
    "not at all", "not really", "not in the least", "not in the slightest", "changed my mind", "change my mind",
    "prefer you didn't", "prefer you did not", "prefer you wouldn't", "prefer not", "prefer that you didn't",
    "let's not", "let us not", "better not", "please don't", "please do not", "handle it myself",
    "do it myself", "take care of it myself", "sort it out myself", "deal with it myself",
    # a yes said of what would be ("I'd say yes, but my card was closed"), a stop after assent
    # ("Ok wait."), a doubt of what the call is ("What do you mean?"), a decision put off
    "i'd say yes", "i would say yes", "i'd have said yes", "i would have said yes", "i'd normally say yes",
    "ok wait", "okay wait", "oh wait", "yes wait", "yeah wait", "sure wait", "hmm wait", "wait wait", "um wait",
    "what do you mean", "what are you talking about", "excuse me", "i'll sleep on it", "sleep on it",
    "ask me later", "ask me again later", "give me a bit", "give me some time", "let me decide", "not so fast",
    "hard pass", "in your dreams", "over my dead body", "not on your life", "hell no", "no deal",
    "reconsider", "please reconsider", "think again", "rethink", "don't bother", "do not bother",
    "i'll let you know", "i will let you know", "let you know", "need to think", "need to ask", "have to ask",
    "gotta ask", "need to check", "have to check", "need to talk", "have to talk", "hang tight", "need some time",
    "scrap that", "scrap it", "drop it", "forget that", "forget about it", "skip it", "skip that",
    "transfer me", "put me through", "connect me", "speak to a human", "talk to a human", "speak to a manager",
    "talk to a manager", "speak to a supervisor", "talk to a supervisor", "speak to someone", "talk to someone",
    "speak to a person", "talk to a person", "real person", "a human please", "get me a manager",
), re.IGNORECASE)
_RETRACT_WORDS = ("say", "not", "get", "bit", "i'd", "way", "ask", "fast", "deal", "hang", "drop", "hell", "some", "hard", "hold",
                  "over", "mean", "wait", "talk", "life", "said", "skip", "mind", "suit", "does", "i'll", "know", "human",
                  "let's", "never", "doubt", "least", "dunno", "speak", "thank", "tight", "don't", "check", "scrap", "gotta",
                  "think", "later", "issue", "won't", "sleep", "second", "course", "bother", "that'd", "nobody", "dreams",
                  "better", "handle", "object", "decide", "myself", "excuse", "minute", "rather", "person", "prefer", "unsure",
                  "moment", "refuse", "through", "manager", "connect", "decline", "thought", "scratch", "problem", "normally",
                  "wouldn't", "transfer", "hesitant", "slightest", "certainly", "definitely", "supervisor", "absolutely",
                  "reconsider")


def _may_hold(text: str, hint: Tuple[str, ...]) -> bool:
    """Whether a case-blind pattern every match of which holds one of ``hint``'s words may match
    ``text``: it may not when ``text`` is all ASCII and holds none of them in lower case (a text not
    all ASCII may: a case-blind "s" also matches "\u017f", a "k" the Kelvin sign)."""
    if not text.isascii():
        return True
    low = text.lower()
    return any(w in low for w in hint)


# To "Do you mind if I ...?", a yes that is an objection.
_YES_I_DO = re.compile(rf"^\W{{0,8}}{PAD}(?:(?:yes|yeah|yep|yup)\W{{1,4}}" + words(
    "i do", "i would", "there is", "it is", "it would", "actually", "i'd", "that would", "there are")
    + r"|(?:(?:yes|yeah|yep|yup)\W{1,4})?" + words("i do", "i would", "i'd", "we do")
    + r"(?:\W{1,4}(?:actually|really|indeed|though|honestly|yes|sorry))?\W{0,8}$)", re.IGNORECASE)  # "I do, actually."
_NEGS = {"not", "never", "cannot", "dont", "didnt", "doesnt", "wont", "cant", "isnt", "wasnt", "shouldnt",
         "wouldnt", "couldnt", "aint", "arent"}
_VERB_PRED = {"accept", "agree", "agreed", "approve", "approved", "authorize", "authorise", "allow", "ask", "asked",
              "mean", "meant", "proceed", "consent", "ok", "okay", "confirm", "confirmed", "permit", "sanction"}
_OBJECT_VERB = {"want", "wanted", "need", "needed", "like", "have", "do", "did", "take", "know", "get", "go", "think"}
_OBJECTS = {"that", "it", "this", "one", "any", "anything", "so", "them", "those", "these", "about", "if", "yet",
            "ahead", "through", "with", "refund", "credit", "cancellation", "replacement", "money", "wallet", "card",
            "that's", "it's", "this's", "thats", "its", "you", "we", "it'll", "that'll", "that'd", "it'd", "it'll"}
_ARTICLES = {"a", "an", "the", "my", "your", "any", "to"}
_ADJ_PRED = {"right", "correct", "fine", "good", "acceptable", "comfortable", "sure", "true",
             "what", "work", "works", "sound", "sounds", "fair", "agreeable", "interested", "keen", "convinced",
             "certain", "necessary", "needed", "cool", "alright"}
_PRONOUN_SUBJECT = {"that", "it", "this", "that's", "it's", "this's", "thats", "its", "which", "sounds", "sound",
                    "seems", "seem", "looks", "look", "feels"}
_I_SUBJECT = {"i", "i'm", "im", "am", "we", "we're", "i'd", "i'll", "i've"}
_CLOSING_WORDS = {"please", "thanks", "thank", "you", "again", "yet", "now", "either", "though", "really", "sorry"}
_TOKEN = re.compile(r"[a-z0-9']{1,30}")


# A decision put off for something to be checked first ("let me check my bank first", "please
# check with the restaurant first", "I want to talk to my partner first", "let me ask my wife")
# A clause that is only a time to come ("later though", "tomorrow", "in an hour", "when I'm back"): not now
_TIME_TO_COME = (rf"(?:later|tomorrow|tonight|next{W}(?:week|month|time)|in{W}(?:an?|a{W}few|\d{{1,3}}|one|two|five|ten)"
                 rf"{W}(?:minutes?|mins?|hours?|hrs?|days?|bit|while)|in{W}a{W}(?:bit|while|sec|moment|minute)"
                 rf"|(?:when|once|after){W}(?:i|we)(?:'m|'ve|{W}am|{W}get|{W}have|{W}come|{W}got|{W}check|{W}talk)(?:{W}[\w']+){{0,3}})")
# ... or a go-ahead for then ("Do it tomorrow", "Send it later", "Go ahead next week")
_LATER = lazy(
    rf"^\W{{0,8}}(?:(?:but|only|maybe|just|yes|sure|ok|okay){W})?"
    rf"(?:(?:please{W})?(?:do|go{W}ahead|proceed|send|process|refund|cancel|issue|put|book|change|apply|run|submit|make|try)"
    rf"(?:{W}(?:it|that|this|them|ahead|through|with{W}it|the{W}[\w-]+)){{0,2}}{W})?{_TIME_TO_COME}"
    rf"(?:{W}(?:though|please|then|maybe|ok|okay|instead))?\W{{0,8}}$", re.IGNORECASE, needs=('after', 'bit', 'in', 'later', 'minute', 'moment', 'next', 'once', 'sec', 'tomorrow', 'tonight', 'when', 'while'))
_DEFER = lazy(
    rf"(?<![\w'])(?:let{W}me{W}(?:\w+{W})?(?:check|ask|talk|speak|call|look|think|confirm|verify|see|find|discuss|consult|sleep)"
    rf"|(?:check|ask|talk|speak|call|look|think|confirm|verify|hear|find{W}out|discuss|consult)(?:{W}[\w']+){{0,5}}?{W}first)(?![\w'])",
    re.IGNORECASE, needs=('first', 'let'))


def refuses(clause: str, q: Question, stated: Described, *, conceded: bool = False) -> bool:
    """Whether ``clause`` refuses the call or doubts it: it opens with a refusal ("No",
    "Please don't", "Wait", "Cancel that"), holds one ("hold on", "I'm not sure", "let me think",
    "I do mind"), or negates what the call or the agreement is ("I don't want that", "That's not
    right", "I can't accept that"). "Not to my card" when the call goes elsewhere does not, nor
    does a negative remark a go-ahead concedes right after it (``conceded``: "Not happy, but go
    ahead"; "No, but go ahead" still refuses)."""
    tokens = _TOKEN.findall(clause.lower())[:80]
    if "?" in clause and _RHETORICAL.match(clause):
        return False
    if conceded:  # "Not happy, but go ahead": a remark; "No, but ...", "I don't want that, but ...", "Never." are not
        return bool(_OUTRIGHT.search(clause) or (_may_hold(clause, _RETRACT_WORDS) and _RETRACT.search(clause))) or _negates_the_call(tokens, adjectives=False) or (
            bool(tokens) and tokens[0] in _NEGS and all(w in _CLOSING_WORDS for w in tokens[1:]))
    if _may_hold(clause, _HEAD_WORDS) and _REFUSAL_HEAD.search(clause) and bounded_condition(clause, stated) is None:  # "no more than $16.90" bounds (round 17)
        if _NOT_FEELING.search(clause) and not _negates_the_call(tokens):
            return False  # "Not happy about the delay"
        if _NOT_HEAD.search(clause):
            named = list(values_in(clause))
            if named and all(v.negated for v in named) and compare(named, stated) == "same":
                return False
        return True
    # a stop only to a known question that cancels nothing: with no question read, "Yes, cancel it" agrees
    cancel = _CANCEL_ANY.search(clause) if q.verbs and "cancel" not in q.verbs else None
    if cancel is not None and (not (q.verbs & TAKES_AWAY) or re.search(r"(?:that|this)\W*$", cancel.group(0), re.IGNORECASE)):
        return True  # "Okay cancel." to "Shall I refund it?"; "cancel that" to "Shall I swap it?"
    if _NO_AT_THE_END.search(clause) or _LEAVE_IT.search(clause):
        return True
    if (_may_hold(clause, _RETRACT_WORDS) and _RETRACT.search(clause)) or _DEFER.search(clause) or _LATER.search(clause) or (
            q.polarity != "plain" and _YES_I_DO.search(clause)):
        return True
    return _negates_the_call(tokens)


def _negates_the_call(tokens: List[str], adjectives: bool = True) -> bool:
    for i, t in enumerate(tokens):
        if t not in _NEGS and not t.endswith("n't"):
            continue
        after, before = tokens[i + 1:i + 4], tokens[max(0, i - 2):i]
        rest = tokens[i + 1:]
        if all(w in _CLOSING_WORDS for w in rest) and adjectives:
            return True  # a negation that ends the clause: "please don't", "I won't", "I'd rather you didn't"
        if 1 <= len(rest) <= 3 and rest[-1] in ("that", "it", "this"):
            return True  # "can't have that", "not that"
        for j, word in enumerate(after):
            if word in _FEELINGS:
                tail = tokens[i + 2 + j:i + 4 + j]
                if tail[:1] and tail[0] in ("with", "about") and tail[1:2] and tail[1] in ("that", "it", "this"):
                    return True
                break
            if word in _VERB_PRED:
                return True
            if word in _OBJECT_VERB:
                tail = [w for w in tokens[i + 2 + j:i + 4 + j] if w not in _ARTICLES]
                if not tail or tail[0] in _OBJECTS:
                    return True
                if word == "go":
                    break
            if word in _ADJ_PRED:
                if any(b in _PRONOUN_SUBJECT for b in before):
                    return True  # "that's not right"
                if not adjectives:
                    break  # a feeling conceded: "not happy, but go ahead"
                # round 14: a word that closes the clause says nothing more ("I'm not sure yet", "not convinced now")
                tail = [w for k, w in enumerate(tokens[i + 2 + j:i + 6 + j], i + 2 + j) if (w not in _CLOSING_WORDS or w == "you")
                        and not (w == "right" and tokens[k + 1:k + 2] in (["now"], ["away"]))
                        and not (w == "away" and tokens[k - 1] == "right")][:2]
                if any(b in _I_SUBJECT for b in before) or not before:
                    if word in ("sure", "certain", "convinced"):
                        return True  # round 14: a doubt of what follows ("I'm not sure it would", "not sure that works")
                    if not tail or (tail[0] in ("with", "about", "to", "for") and tail[1:2] and tail[1] in (
                            "that", "it", "this", "me", "them")):
                        return True
                break
    return False


# ---- changes ----------------------------------------------------------------------------------

_CONTRAST = lazy(words("but", "actually", "instead", "rather", "except", "however", "though", "although"),
                       re.IGNORECASE, needs=('actually', 'although', 'but', 'except', 'however', 'instead', 'rather', 'though'))
_INSTEAD = lazy(words("instead", "rather than", "i'd rather", "i would rather", "i prefer", "i'd prefer",
                            "i would prefer", "switch it", "change it", "make it"), re.IGNORECASE, needs=('change', 'instead', 'make', 'prefer', 'rather', 'switch'))
# no altering: "make sure", and the pace asked for ("but make it quick", "just be fast about it")
_MAKE_SURE = re.compile(words("make sure", "make certain", "making sure", "make it quick", "make it fast", "make it quicker",
                              "make it faster", "make it snappy", "make it speedy", "make it asap", "make it happen",
                              "make it so", "just be quick", "just be fast", "just hurry"), re.IGNORECASE)
_ECHOABLE = re.compile(words("switch it", "change it", "make it"), re.IGNORECASE)
_ALTERING = re.compile(
    words("instead", "rather", "put", "make", "change", "switch", "send", "use", "prefer", "different", "another",
          "only", "just", "half", "keep", "swap", "replace", "move", "split", "cancel", "remove", "add", "want",
          "would like", "i'd like", "economy", "business", "cash", "method", "payment", "amount", "item", "items",
          "address", "street", "zip", "refund", "credit", "part", "partial")
    + r"|[$€£¥]|\d",
    re.IGNORECASE,
)
# What asks for something else even when it names the described value ("but only half to my card").
_STRONG = {"half", "split", "cancel", "remove", "add", "keep", "another", "different", "swap", "replace",
           "economy", "business", "cash", "item", "items", "part", "partial"}
_DEST = re.compile(
    r"(?<![\w'])(?:to|on|onto|into|in|as|via|at|for|it|only|just|refund|send|give|credit|put|charge|pay|issue|use)"
    r"\W{1,3}(?:(?:my|the|your|a|an|our)\W{1,3})?(?:[\w']{1,15}\W{1,3})?$",
    re.IGNORECASE,
)
def asks_for_a_change(text: str, q: Question, stated: Described) -> bool:
    """Whether a sentence of ``text`` asks for something else: a contrast or "instead" naming a
    value the call does not act with (or one that cannot be compared), or a verb of altering
    that is not the question's own; or a go-ahead to a value the call does not act with ("Yes,
    to my card please" when the wallet was described)."""
    for s in sentences(text):
        if _WHY.search(s) or (_REMAINDER.search(s) and s.rstrip().endswith("?")):
            continue  # "k but why only 5", "can I get the rest as credit?": a value asked about, not asked for
        parts = clauses(s)
        k = next((i for i, c in enumerate(parts) if _CONTRAST.search(c) or _INSTEAD.search(c)), None)
        if k is None:
            if any(_names_another_value(c, stated) for c in parts if not CONDITION.search(c) and bounded_condition(c, stated, False, s) is None):
                return True
            continue
        scope = _MAKE_SURE.sub(" ", " ".join(parts[k:]))
        verdict = compare(list(values_in(scope)), stated)
        if verdict in ("differs", "unknown"):
            return True
        altering = {m.group(0).lower() for m in _ALTERING.finditer(scope)}
        altering = {w for w in altering if not (q.verbs & _bases(w))}
        if verdict == "same":
            if altering & _STRONG:
                return True
            continue
        instead = [m.group(0) for m in _INSTEAD.finditer(scope)]
        if any(not (_ECHOABLE.fullmatch(p) and q.verbs & _bases(p.split()[0])) for p in instead):
            return True
        if _CONTRAST.search(scope) and altering:
            return True
    return False


_WHY = lazy(r"(?<![\w'])(?:why|how[ \t]+come)(?![\w'])(?![ \t,]{1,3}not(?![\w']))", re.IGNORECASE, needs=('come', 'why'))  # "why not the wallet?" asks for it
_REMAINDER = lazy(r"(?<![\w'])(?:the[ \t]+(?:rest|remainder|remaining|difference)|what(?:'s|[ \t]+is)[ \t]+left)(?![\w'])", re.IGNORECASE, needs=('difference', 'remainder', 'remaining', 'rest', 'what'))


def _bases(word: str) -> set:
    from tau_shaped.reward.reading.reply_clauses import verbs_in

    return set(verbs_in(word))


# Words that tell of what was ("I paid with my card", "it cost $40"): a method, an amount or a
# street named with them is a side remark, unless the clause also tells the agent where to put it.
_PAST = lazy(words("paid", "pay", "cost", "costs", "spent", "was", "were", "charged", "originally", "already", "had", "used", "bought", "ordered", "last time", "before"), re.IGNORECASE, needs=('already', 'before', 'bought', 'charged', 'cost', 'costs', 'had', 'last', 'ordered', 'originally', 'paid', 'pay', 'spent', 'used', 'was', 'were'))
_DIRECTING = re.compile(words("put", "send", "refund", "give", "credit", "issue", "switch", "move", "make", "transfer",
                              "go", "goes", "going", "ship", "deliver", "want", "prefer", "rather"), re.IGNORECASE)


def _names_another_value(clause: str, stated: Described) -> bool:
    """Whether ``clause`` names a value of a kind the call has that differs from the described one
    ("Yes, the wallet is perfect" when the card was described, "Yes, cancel #W1242543" when
    another order was): the call it agrees to is another. A method, an amount or a street told of
    as what was ("I paid with my card", "it was charged to my card") is a side remark, unless the
    clause directs it ("put it on the card I used before")."""
    told_of = _PAST.search(clause) is not None and _DIRECTING.search(clause) is None
    named = [v for v in values_in(clause) if stated.key(v.kind) is not None
             and not (told_of and v.kind in ("method", "amount", "street"))]
    return compare(named, stated) == "differs"


# What a condition says of the call's value: where it goes or what it is ("as long as it goes to
# my card", "if it's $16.90", "provided it's the card")
_SARCASM = re.compile(
    r"(?<![\w/])/s(?![\w/])|"  # round 18 (BH): "/s" marks the words sarcastic
    r"(?<![\w'])(?:yeah|yea|ya|yep)\W{1,3}right(?![\w'])(?!\W{1,3}(?:away|now|then|there|on|this))|"
    + words("as if", "thanks for nothing", "like i have a choice", "like i had a choice", "not like i have a choice",
            "what a surprise", "big surprise", "just great", "just perfect", "just wonderful", "oh joy",
            "sure you will", "sure you are", "whatever you say", "great, just great", "oh goody",
            "not like it matters", "not that it matters", "like it matters", "not like i had a choice",
            "pigs fly", "pigs might fly", "when hell freezes over", "dream on", "nice try", "and i'm the queen",
            "worked so well last time", "went so well last time", "worked out so well", "because i love waiting",
            "i just love waiting", "because that worked", "because that went so well", "because i have all day"),
    re.IGNORECASE,
)
_SARCASM_WORDS = ("/s", "if", "joy", "sure", "nice", "pigs", "went", "right", "might", "queen", "dream", "goody", "great", "worked",
                  "choice", "waiting", "freezes", "perfect", "nothing", "matters", "because", "whatever", "surprise", "wonderful")
_WEAK_SARCASM = lazy(words(
    "oh great", "oh wonderful", "oh perfect", "oh fantastic", "oh sure", "oh lovely", "oh brilliant", "how lovely",
    "how wonderful", "whatever", "sure sure", "yeah yeah", "fine fine", "oh fabulous", "oh terrific"), re.IGNORECASE, needs=('brilliant', 'fabulous', 'fantastic', 'fine', 'great', 'lovely', 'perfect', 'sure', 'terrific', 'whatever', 'wonderful', 'yeah'))


def take_out_sarcasm(text: str, said: str = "") -> Tuple[str, bool]:
    """``text`` with the sarcastic phrases blanked (their negative words refuse nothing: "not
    like I have a choice"), and whether it held any (or the reply as ``said`` is a bare word and an eye-roll)."""
    out, n = _SARCASM.subn(" ", text) if _may_hold(text, _SARCASM_WORDS) else (text, 0)
    if said and _ROLLED.search(said) and len(_TOKEN.findall(said.lower())) <= 1:
        return out, True  # round 18 (BH): "sure 🙄", a bare yes eyes rolled at ("I guess that'll do 🙄" is reluctant: a yes)
    return out, n > 0


_ROLLED = re.compile("[\U0001F644\U0001F612\U0001F643\U0001F611]")  # 🙄 😒 🙃 😑


def sarcastic(first: str, *, directive: bool) -> bool:
    """Weak marks of sarcasm ("Oh great", "whatever"): two of them, or one with no go-ahead
    that tells the agent to act ("Oh great, yeah, sure, whatever"; "Fine, whatever")."""
    n = len(_WEAK_SARCASM.findall(first))
    return n >= 2 or (n == 1 and not directive)
