"""How the persona customer reads an agent's message (issue 29): what it asks, which write it
describes, whether that write is one the customer accepts.

The reading of a write is the reward's own (SPEC §10), so the customer agrees to exactly what
the verifier will count as the agreed action: the kind of write is named by the domain
confirmation rule's verbs (``action_words.names_action``: any inflection, not negated), and an
argument's value is what the message states, read as the rule reads it (``mention``: for
``"number"``, the money amounts it states, or every number when it states none, the value whose phrases appear for a ``{VALUE: [phrases]}``; any other
argument, the literal values the persona's MATCHER names, as phrases). This is why the persona
lives in ``tasks`` and not in ``env``: ``env`` is the lowest layer and may not import the
reward's reading.

A message *asks for a fact* when a sentence has a cue of asking (``what is your``, ``could you
give``, ``please provide``, ...) and a topic's word (``TOPIC_WORDS``, or a domain's declared
topic's: ``persona_topics``); it *asks for a yes* when
it has a question mark or a cue of asking permission and names a write. Every pattern is
linear; the message is read up to ``MAX_CHARS`` characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Mapping, Optional, Pattern, Sequence, Tuple

from tau_shaped.reward.reading import action_words, statements, text_matching
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.matcher_schema import LiteralMatcher, MatchOps
from tau_shaped.reward.matchers import match_text, match_value
from tau_shaped.reward.predicate_schema import Confirmation
from tau_shaped.tasks.persona import TOPICS, PersonaAction
from tau_shaped.tasks.persona_offers import cue_words, read_offer
from tau_shaped.tasks.persona_topics import BUNDLED_TOPICS, Topics

__all__ = ["MAX_CHARS", "TOPIC_WORDS", "Offered", "asked_topics", "asks_for_a_yes", "named_writes", "offered", "names_write",
           "stated_values", "describes", "announces_transfer", "told"]

MAX_CHARS = 4000

TOPIC_WORDS: Dict[str, Tuple[str, ...]] = {
    "email": ("email", "e-mail", "email address", "mail address"),
    "name": ("name", "full name", "first name", "last name", "who am i speaking with", "who i am speaking with"),
    "zip": ("zip", "zip code", "zipcode", "postal code", "postcode", "post code"),
    "order": ("order number", "order id", "order #", "order's number", "which order", "order reference", "order ids"),
    "item": ("which item", "which dish", "what item", "what dish", "which product", "what product", "which items",
             "what items", "which dishes", "item", "dish"),
    "allergies": ("allergy", "allergies", "allergic", "allergen", "allergens"),
    "address": ("address", "which street", "where should", "where would you like"),
    "courier": ("driver id", "courier id", "courier number", "driver number", "courier code"),
    "user_id": ("user id", "user_id", "account id", "customer id", "account number"),
    "reservation": ("reservation id", "reservation number", "booking reference", "booking code",
                    "confirmation number", "confirmation code", "which reservation", "which booking"),
    "payment": ("payment method", "which card", "which payment", "how would you like to pay", "gift card",
                "credit card", "paypal"),
    "phone": ("phone", "phone number", "telephone"),
}
assert tuple(TOPIC_WORDS) == TOPICS  # the same topics in the same order: asked_topics answers in it

_W = r"[\s\u00a0]+"


def _alternation(phrases: Sequence[str]) -> str:
    alts = sorted(phrases, key=len, reverse=True)
    return "|".join(_W.join(re.escape(w) for w in p.split()) for p in alts)


# a request for information, in one sentence
_INFO_CUE = re.compile(
    r"(?<![\w'])(?:what(?:'s|" + _W + r"is|" + _W + r"are|" + _W + r"was)?" + _W + r"(?:is" + _W + r")?(?:your|the)"
    r"|which|could" + _W + r"you|can" + _W + r"you|would" + _W + r"you" + _W + r"(?:please" + _W + r")?(?:give|tell|provide|share|confirm|send|spell)"
    r"|may" + _W + r"i" + _W + r"(?:have|get|ask|know)|please" + _W + r"(?:provide|give|share|tell|send|confirm|let" + _W + r"me" + _W + r"know)"
    r"|(?:i|i'll|we|we'll)" + _W + r"(?:will" + _W + r")?need" + _W + r"(?:your|the)|do" + _W + r"you" + _W + r"(?:have|know|remember)"
    r"|tell" + _W + r"me|let" + _W + r"me" + _W + r"know|provide" + _W + r"your|share" + _W + r"your)(?![\w'])",
    re.IGNORECASE,
)


def _words_pattern(words: Sequence[str]) -> Pattern[str]:
    """Any of ``words`` (phrases, any spacing and case), as a whole phrase."""
    return re.compile(r"(?<![\w'])(?:" + _alternation(words) + r")(?![\w'])", re.IGNORECASE)


_TOPIC = {topic: _words_pattern(words) for topic, words in TOPIC_WORDS.items()}
# asking permission or agreement
_YES_CUE = re.compile(
    r"\?|(?<![\w'])(?:" + _alternation((
        "shall i", "should i", "may i", "can i", "could i", "do you want me", "would you like me", "would you like",
        "do you want", "is that ok", "is that okay", "is that alright", "is this ok", "do you agree", "do you confirm",
        "please confirm", "please reply yes", "reply yes", "let me know if", "ok to proceed", "okay to proceed",
        "can you confirm", "could you confirm", "say yes",
    )) + r")(?![\w'])",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
_TRANSFER = ("transfer", "transferring", "transferred", "hand you over", "hand you off", "human agent", "connect you", "pass you to")
_NORMAL = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


def _clip(text: Any) -> str:
    """The agent's message as the customer sees it (``reading.normalize``, as the reward reads it)."""
    return (seen(text[:MAX_CHARS]) if isinstance(text, str) else "").translate(_NORMAL)


@lru_cache(maxsize=64)
def _topic_patterns(topics: Topics) -> Tuple[Tuple[str, Pattern[str]], ...]:
    """Each topic of ``topics`` and the pattern of its words, bundled first (compiled once per
    declaration)."""
    declared = tuple((t.name, _words_pattern(t.words)) for t in topics.declared)
    return tuple(_TOPIC.items()) + declared


def asked_topics(text: str, topics: Optional[Topics] = None) -> List[str]:
    """The topics (in ``topics.names`` order: ``TOPICS``, then a domain's declared ones) that a
    sentence of ``text`` asks the customer about; ``topics`` default: the bundled ones."""
    patterns = _topic_patterns(topics if topics is not None else BUNDLED_TOPICS)
    found = set()
    for m in _SENTENCE.finditer(_clip(text)):
        sentence = m.group(0)
        if _INFO_CUE.search(sentence) is None:
            continue
        for topic, pattern in patterns:
            if pattern.search(sentence):
                found.add(topic)
    return [name for name, _pattern in patterns if name in found]


def asks_for_a_yes(text: str) -> bool:
    """Whether ``text`` asks the customer something (a question mark or a cue of asking leave)."""
    return _YES_CUE.search(_clip(text)) is not None


def _verbs(tool: str, confirmation: Optional[Confirmation]) -> Any:
    verbs = confirmation.verbs.get(tool) if confirmation is not None else None
    return verbs if verbs else tuple(w for w in tool.split("_") if len(w) > 2)


def names_write(sentence: str, tools: Sequence[str], confirmation: Optional[Confirmation]) -> bool:
    """Whether ``sentence`` names the kind of action of one of ``tools`` (the domain rule's verbs)."""
    return any(_names(sentence, action_words.action_words(_verbs(t, confirmation))) for t in tools)


def named_writes(text: str, tools: Sequence[str], confirmation: Optional[Confirmation]) -> List[str]:
    """The write tools whose kind of action ``text`` offers (``offered``'s writes)."""
    return list(offered(text, tools, confirmation).writes)


@dataclass(frozen=True)
class Offered:
    """What a confirmation offers (``persona_offers``): ``view``, the message with what it sets
    aside blanked; ``writes``, the tools whose kind of action it puts forward; ``replaces``,
    whether it offers that in place of something else (``persona_offers.Offer.replaces``);
    ``said``, the message as read before blanking (``view``'s length)."""

    view: str
    writes: Tuple[str, ...]
    replaces: bool
    said: str = ""


def _names(view: str, words: Sequence[str]) -> bool:
    return bool(words) and action_words.names_action(view, tuple(words)) is not None


def offered(text: str, tools: Sequence[str], confirmation: Optional[Confirmation],
            values: Sequence[str] = ()) -> Offered:
    """The writes among ``tools`` that ``text`` offers to do (SPEC §10's reading of the kind of
    action, on what the message puts forward: ``persona_offers``).

    A write is offered when its kind's words name it, not negated, in the message once what it
    sets aside is blanked ("instead of cancelling", "we can't cancel", "cancelling isn't
    possible"). A word that only offers ("instead", "alternative") names a write only when no
    other word names one ("Would you like the Udon instead?" proposes a substitution; "I can
    cancel the order instead" a cancellation). A write the message sets aside is offered only
    by a word of its own, not one it shares with another write offered ("an apology credit
    instead of a refund": "credit" names both; the refund is set aside). ``values``: the phrases
    the reader waits to see stated (``stated_values``), read as values, never as denials."""
    said = action_words.confirmation_text(_clip(text))
    offer = read_offer(said, tuple(values))  # "wallet_credit" states the wallet
    view = offer.view
    cues = cue_words()
    words = {t: action_words.action_words(_verbs(t, confirmation)) for t in tools}
    plain = {t: tuple(w for w in ws if w not in cues) for t, ws in words.items()}
    if any(_names(view, ws) for ws in plain.values()):
        words = plain
    named = [t for t in tools if _names(view, words[t])]
    aside_text = offer.set_aside
    aside = {t for t in named if aside_text and _names(aside_text, words[t])}
    rivals = [t for t in named if t not in aside]
    writes = []
    for tool in named:
        if tool in aside:
            shared = {w for r in rivals for w in words[r]}
            if not _names(view, tuple(w for w in words[tool] if w not in shared)):
                continue
        writes.append(tool)
    return Offered(view=offer.view, writes=tuple(writes), replaces=offer.replaces, said=said[:len(offer.view)])


def _literals(matcher: Any) -> List[Any]:
    """The values a MATCHER names (a literal, ``eq``, ``in``), which a message may state."""
    if isinstance(matcher, LiteralMatcher):
        return [matcher.value]
    if isinstance(matcher, MatchOps):
        given = matcher.given()
        out = [given["eq"]] if "eq" in given else []
        return out + list(given.get("in") or [])
    return []


_COMPARISONS = frozenset(("gt", "ge", "lt", "le"))


def _compares_numbers(matcher: Any) -> bool:
    """Whether a MATCHER is only comparisons with numbers (``{"ge": 14.995}``, ``{"gt": 0, "le": 50}``)."""
    given = matcher.given() if isinstance(matcher, MatchOps) else {}
    return bool(given) and set(given) <= _COMPARISONS


def _stated(view: str, arg: str, matcher: Any, mention: Mapping[str, Any]) -> List[Any]:
    """The values of ``arg`` that the message states, read as the confirmation rule reads them;
    an argument the rule does not read (or a domain with no confirmation rule: no tool declares
    ``confirm``) whose MATCHER only compares numbers (``{"ge": 14.995}``) is read as an amount."""
    how = mention.get(arg)
    if how is None and _compares_numbers(matcher):
        how = "number"
    if how == "number":  # the money amounts it states ("$5.00"), else every number (a date's too)
        amounts = [stated.value for stated in statements.stated_amounts(view)]
        return amounts or [value for value, _snippet in text_matching.numbers_in_text(view)]
    if isinstance(how, dict):
        return [value for value, phrases in how.items()
                if any(text_matching.find_phrase(view, p) is not None for p in phrases)]
    out = []
    for value in _literals(matcher):
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            continue
        raw = str(value)
        if any(text_matching.find_phrase(view, form) is not None for form in dict.fromkeys((raw, raw.replace("_", " ")))):
            out.append(value)
    return out


def stated_values(actions: Sequence[PersonaAction]) -> Tuple[str, ...]:
    """The phrases ``actions`` wait to see stated: their arguments' literal text values (both
    spellings of an identifier) and their ``said`` phrases ("no longer needed", "Vegetable Udon")."""
    out: List[str] = []
    for action in actions:
        for matcher in action.args.values():
            for value in _literals(matcher):
                if isinstance(value, str) and not isinstance(value, bool):
                    out += [value, value.replace("_", " ")]
        out += [m.contains for m in action.said if isinstance(getattr(m, "contains", None), str)]
    return tuple(dict.fromkeys(v for v in out if v.strip()))


def describes(text: str, action: PersonaAction, confirmation: Optional[Confirmation],
              offer: Optional[Offered] = None) -> bool:
    """Whether ``text`` offers ``action``: the tool is one it offers (``offered``, or ``offer``
    when already read), it states for each argument a value the MATCHER accepts, and it
    satisfies each ``said`` matcher, all read in what the message puts forward (a value or a
    dish named only as the thing replaced or denied is not stated)."""
    if offer is None:
        offer = offered(text, [action.tool], confirmation)
    if action.tool not in offer.writes:
        return False
    view = offer.view
    mention = confirmation.mention if confirmation is not None else {}
    for arg, matcher in action.args.items():
        if not any(match_value(matcher, value) for value in _stated(view, arg, matcher, mention)):
            return False
    return all(match_text(m, view) is not None for m in action.said)


def announces_transfer(text: str) -> bool:
    """Whether ``text`` says the agent hands the customer over to someone else."""
    return action_words.names_action(_clip(text), _TRANSFER) is not None


def told(matchers: Sequence[Any], text: str) -> Tuple[bool, ...]:
    """For each TEXT_MATCHER, whether ``text`` satisfies it."""
    view = _clip(text)
    return tuple(match_text(m, view) is not None for m in matchers)
