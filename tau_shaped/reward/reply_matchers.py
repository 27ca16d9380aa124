"""A customer's reply to a confirmation as a rule file reads it (SPEC §10): the shared reading
(``reading.replies.classify_reply``), or the rule file's own ``yes`` / ``no`` / ``no_unless``
TEXT_MATCHERs (SPEC §5) where it gives them. Kept apart from ``reading``: the matchers are rule
machinery, and the reading package imports none of it."""

from __future__ import annotations

import inspect
from typing import Any, Optional

from tau_shaped.env.sized_memo import SizedMemo
from tau_shaped.reward.matchers import match_text
from tau_shaped.reward.memo_keys import json_key
from tau_shaped.reward.reading.replies import classify_reply, known_class
from tau_shaped.reward.reading.reply_scope import scoped, unstretched

# whether the shared reader takes the question and the described values (SPEC §10)
_READS_CONTEXT = {"question", "described"} <= set(inspect.signature(classify_reply).parameters)

__all__ = ["reply_class", "said_yes"]


def reply_class(reply: str, confirmation: Any, *, question: Optional[str] = None, described: Any = None) -> str:
    """SPEC §10: ``yes``, ``change``, ``no`` or ``unclear`` (``replies.classify_reply``, given the
    agent's ``question`` the reply answers and the values it ``described``: the call's arguments,
    so a reply that names another value asks for a change); a rule file that gives its own ``yes``
    (and ``no``, ``no_unless``) matchers reads a reply as yes when ``no`` finds nothing in it once
    ``no_unless``'s finds are taken out and ``yes`` finds it, else no."""
    c = confirmation
    reply = unstretched(reply)  # round 16 (AR): "yesss", "Nooo thanks"
    if c.yes is None:
        quantified = scoped(reply, question)  # round 16 (AL): "both", "neither", "everything except the receipt"
        if quantified is not None:
            return quantified
        if _READS_CONTEXT and (question is not None or described is not None):
            if described is None or type(described) is dict and _plain_values(described):  # Described.of cannot refuse it
                kept = known_class(reply, question)  # read without the call's values: they need not be made
                if kept is not None:
                    return kept
            return classify_reply(reply, question=question, described=_described(described))
        return classify_reply(reply)
    if c.no is not None and match_text(c.no, _without(c.no_unless, reply)) is not None:
        return "no"
    return "yes" if match_text(c.yes, reply) is not None else "no"


def _plain_values(values: dict) -> bool:
    """Whether ``Described.of`` reads ``values`` without refusing them: texts, None, booleans,
    floats and ints a float holds exactly (a larger int may not convert), or lists of these,
    under text keys. Anything else is read the long way, so that what refuses it still does."""
    return all(type(k) is str and (all(_plain(x) for x in v) if type(v) is list else _plain(v)) for k, v in values.items())


def _plain(value: Any) -> bool:
    kind = type(value)
    return kind is str or value is None or kind is float or kind is bool or (kind is int and -(1 << 53) < value < (1 << 53))


def _described(values: Any) -> Any:
    """The values the call acts with as the reader takes them (``replies.Described``, hashable:
    the reader keeps its answers by them), from a mapping of ``method``, ``amount``, ``street``."""
    from tau_shaped.reward.reading import replies

    kind = getattr(replies, "Described", None)
    if kind is None or values is None or isinstance(values, kind):
        return values
    key = json_key(values) if isinstance(values, dict) else None
    found = _DESCRIBED.get(key) if key is not None else None
    if found is None:
        found = kind.of({k: v for k, v in values.items() if v is not None})
        if key is not None:
            _DESCRIBED.put(key, found, len(key))
    return found


# a call's values (json_key) -> its Described: a GRPO group's rollouts repeat their calls
_DESCRIBED: "SizedMemo[Any]" = SizedMemo(4 << 20)


def said_yes(reply: str, confirmation: Any) -> bool:
    """Whether the reply is a ``yes`` (SPEC §10)."""
    return reply_class(reply, confirmation) == "yes"


def _without(matcher: Any, text: str) -> str:
    """``text`` with what ``matcher`` finds in it replaced by spaces (a regex: every match; any
    other text matcher: each snippet it finds, up to 50)."""
    if matcher is None:
        return text
    from tau_shaped.reward import data_regex
    from tau_shaped.reward.matcher_schema import RegexText

    if isinstance(matcher, RegexText):
        return data_regex.blank(matcher.regex, text)
    for _ in range(50):
        found = match_text(matcher, text)
        if not found:
            break
        text = text.replace(found, " ", 1)
    return text
