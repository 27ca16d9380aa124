"""``{"offers_unsafe": CUSTOMER}``: each agent message that offers, in words, a dish holding one
of the customer's allergens (SPEC §10: an unsafe item offered in words is a proposal of it; safety
lines fail closed: a dish named in any form of its name is offered unless its clause excludes it).
The text read is the text the customer sees (``normalize.seen``).

A message holding words in a script the dish reader does not read (Devanagari, Thai, CJK, ...: "गुलाब जामुन भेज
दें?"; Cyrillic and full-width look-alikes are folded into Latin first, ``normalize.seen``) may name an unsafe dish the reader cannot see: where no message offers one, the rule is undetermined at those
steps (SPEC §8: never a pass the words do not settle; round 12)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, List, Optional, Tuple

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding, violations
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.link_targets import may_link, with_link_targets
from tau_shaped.reward.reading.normalize import as_written, seen, unrepaired
from tau_shaped.reward.reading.normalize_markup import hidden_parts
from tau_shaped.reward.reading.turn_joins import joined


class OffersUnsafePredicate(_Strict):
    """Holds at each agent message that offers, in words, a dish holding one of the allergens of
    the customer ``offers_unsafe`` (SPEC §10: an unsafe item named is offered unless its clause
    excludes it; ``reading.unsafe_offers.unsafe_dishes_offered``)."""

    offers_unsafe: str


@register
class OffersUnsafeKind(CheckKind):
    key = "offers_unsafe"
    model = OffersUnsafePredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        return lambda run: _unsafe_offers(run, pred)


_READER: Any = None


def _reader() -> Any:
    """``reading.unsafe_offers``, imported on first use, not with the checks: only some domains'
    rules have this kind (its dish readers' patterns are a good part of a start-up)."""
    global _READER
    if _READER is None:
        from tau_shaped.reward.reading import unsafe_offers

        _READER = unsafe_offers
    return _READER


def _unsafe_offers(run: Any, p: Any) -> Finding:
    reader = _reader()
    dishes = reader.unsafe_menu(run.initial, p.offers_unsafe)
    hits: List[Tuple[int, str]] = []
    unread: List[Tuple[int, str]] = []
    if dishes.names:
        raw = run.agent_written()  # as written: a link's address is read too ("[this one](https://.../chicken-korma)")
        said, replies = run.agent_messages(), None
        followups = _followups()
        for k, (index, text) in enumerate(said):  # as the customer sees them, read once a rollout for every check (round 13)
            read = followups.positions_named(followups.order_refs_named(text, run.initial, p.offers_unsafe), dishes)  # round 17:
            # "I'd suggest option 2", "the latter", "the same dish you had on FD-10330"
            if k and read == text:  # round 18: "I'd go with the second one from the list above" (its place in the message before)
                read = _epithets().positions_named_across(read, said[k - 1][1], dishes)
            if _epithets().may_describe(text):  # round 18: "the creamy one from the list above" (its description given before)
                read = _epithets_named(read, "\n".join(t for _, t in said[max(0, k - 3):k]), dishes)
            if _epithets().may_pick_by_price(text):  # round 20: "the pricier one" among the dishes priced before
                read = _epithets().price_picks_named(read, "\n".join(t for _, t in said[max(0, k - 3):k]), dishes)
            found = _kept_offer(read, dishes) if len(read) <= 2048 else reader.unsafe_dishes_offered(read, dishes)
            if found is None and k and followups.may_go_along(text):  # round 17: going along with the customer's pick
                replies = replies if replies is not None else dict(run.user_messages())
                found = followups.followup_offer(said[k - 1][1], replies.get(said[k - 1][0], ""), text, dishes)
            if found is None and followups.refers_to_ask(text):  # round 19: "I'll go ahead with the dish you asked for"
                replies = replies if replies is not None else dict(run.user_messages())
                asked = [run.trajectory.first_user_message or ""] + [replies.get(i, "") for i, _ in said[:k]]
                found = followups.asked_offer("\n".join(a for a in asked if a), text, dishes)
            if found is None and (shown_too := unrepaired(raw[k][1])) is not None and shown_too != seen(raw[k][1]):
                # round 15: words taken back by a self-repair were still shown (SPEC §10: hard lines fail closed)
                found = reader.unsafe_dishes_offered(shown_too, dishes)
            if found is None and k and said[k - 1][1].endswith("-"):  # round 20: a dish's name cut across two messages
                found = reader.unsafe_dishes_offered(unrepaired(_cut_joined(raw[k - 1][1], raw[k][1])) or "", dishes)  # "Cur-"/"-ry"
            if found is None and may_link(raw[k][1]):
                shown = with_link_targets(raw[k][1])
                found = reader.unsafe_dishes_offered(seen(shown) or "", dishes) if shown is not None else None
            if found is None and "<" in raw[k][1]:  # what a renderer hides, shown raw by a chat that renders no markup
                parts = hidden_parts(raw[k][1])
                found = reader.unsafe_dishes_offered(text + "\n" + (seen("\n".join(parts)) or ""), dishes) if parts else None
            if found is not None:
                written = next(s.agent_text for s in run.trajectory.steps if s.index == index)
                hits.append((index, f"agent {found}{as_written(written, text)}"))
            elif not text.isascii() and _UNREAD_SCRIPT.search(text):  # as seen: look-alikes and full-width letters folded
                unread.append((index, f"words in a script the dish reader does not read: {text[:80]!r}"))
    if unread and not hits:
        return Finding(False, None, NOWHERE, f"undetermined: step {unread[0][0]}: {unread[0][1]}", tuple(unread))
    return violations(hits, "no unsafe dish offered in words")


def _cut_joined(previous: str, text: str) -> str:
    """The last sentence of ``previous``, whose last word is cut off by a hyphen, and ``text`` read as one text, the word
    whole ("How about the Green Cur-" / "-ry, I mean" is "How about the Green Curry, I mean")."""
    tail = joined(previous, "")
    return tail.rstrip().rstrip("-") + text.lstrip().lstrip("-")


_FOLLOWUPS: Any = None
_EPITHETS: Any = None


def _epithets() -> Any:
    """``reading.dish_epithets``, imported on first use and kept (as ``_followups``)."""
    global _EPITHETS
    if _EPITHETS is None:
        from tau_shaped.reward.reading import dish_epithets

        _EPITHETS = dish_epithets
    return _EPITHETS


def _followups() -> Any:
    """``reading.dish_followups``, imported on first use, as ``_reader`` (it holds ``positions_named``): kept, not
    imported again for each message of each rollout (an import statement looks the module up each time)."""
    global _FOLLOWUPS
    if _FOLLOWUPS is None:
        from tau_shaped.reward.reading import dish_followups

        _FOLLOWUPS = dish_followups
    return _FOLLOWUPS


# two letters of a script other than Latin, a mark between them at most (Devanagari's vowel signs are marks: "गुलाब")
_OTHER_LETTER = r"[^\W\d_\u0000-\u024f\u1e00-\u1eff\ufb00-\ufb06]"
_UNREAD_SCRIPT = re.compile(_OTHER_LETTER + r"[^\s\w]?" + _OTHER_LETTER)


@lru_cache(maxsize=1024)
def _epithets_named(text: str, before: str, dishes: Any) -> str:
    """``dish_epithets.epithets_named``, kept (round 19: a task's rollouts repeat a message and the ones before it)."""
    return _epithets().epithets_named(text, before, dishes)


@lru_cache(maxsize=2048)
def _kept_offer(text: str, dishes: Any) -> Optional[str]:
    """A short message's unsafe offer, read once per menu (its dishes, the ones ordered, the
    other dishes and the customer's allergens, which decide the answer): a task's rollouts
    repeat their messages."""
    return _reader().unsafe_dishes_offered(text, dishes)
