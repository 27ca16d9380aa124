"""What an agent message states as typed facts (SPEC §10 statements), before anything backs them:
``stated_claims(text, kinds, S0)`` is ``fact_claims.claims`` of those kinds, then the dishes said
free of allergens (``fact_claims.allergen_claims`` with S0's dish names: one pattern of a world's
menus, made once per S0) and the apology caps said for a tier (``cap_claims``). A text with no
word that every claim holds (``_CLAIM_HINT``) states none; read by ``fact_checks``, which judges
them against the conversation."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, FrozenSet, List, Set, Tuple

from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.reward.reading.cap_claims import cap_claims
from tau_shaped.reward.reading.fact_claims import Claim, allergen_claims, claims
from tau_shaped.reward.reading.text_matching import _KEPT_TEXT

__all__ = ["stated_claims"]


_ALLERGY_HINT = re.compile(r"(?i)allerg|free|no |none|safe|dietary|doesn|does not|trigger|bother|\[\]|n/a|null|nothing")
_CLAIM_HINT = re.compile(r"(?i)yesterday|days?\b|night|morning|afternoon|evening|late|start|begin|kick|appl|status|FD-|\bit\b|order|account|refund|credit|money|%|percent|per[ -]cent|\bpct\b|\bpc\b|wallet|card|allerg|free|\bno\b|none|contain|safe|dietary|overdue|schedule|promised|window|\beta\b|expected|estimated"
                         r"|deliver|food|meal|cancel|ready|prepar|on (?:its|the) way"
                         r"|half|quarter|third|fifth|tenth|compensat|qualif|eligible|entitled|instant|no time|payment|hour|week|fortnight|delay"
                         r"|basic|premium|for plus|plus tier|plus member")  # round 13: a tier's cap with no credit word


class _Menus:
    """Dish names of S0 (one pattern) and each name's allergen sets."""

    def __init__(self, state: Any) -> None:
        self.allergens: Dict[str, List[Set[str]]] = {}
        restaurants = state.get("restaurants") if isinstance(state, dict) else None
        for r in (restaurants.values() if isinstance(restaurants, dict) else ()):
            menu = r.get("menu") if isinstance(r, dict) else None
            for item in (menu.values() if isinstance(menu, dict) else ()):
                if isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"].strip():
                    name = " ".join(item["name"].lower().split())
                    self.allergens.setdefault(name, []).append({str(a).lower() for a in item.get("allergens") or []})
        names = sorted(self.allergens, key=len, reverse=True)
        self.pattern = re.compile(r"(?<!\w)(?:" + "|".join(r"\s+".join(map(re.escape, n.split())) for n in names) + r")(?!\w)",
                                  re.IGNORECASE) if names else None


_MENUS: "IdentityCache[_Menus]" = IdentityCache(16)  # by S0


def _menus(state: Any) -> _Menus:
    found = _MENUS.get(state)  # asked at each message that may say a dish is free of an allergen
    return found if found is not None else _MENUS.put(state, _Menus(state))


# Alternatives of the hints above that are plain words (no boundary): an ASCII text lower-cased holds
# one exactly where the pattern (ignoring case) finds it, so a substring test answers first
_CLAIM_WORDS = ("order", "refund", "deliver", "status", "fd-", "account", "credit", "cancel", "late", "food", "hour", "card",
                "wallet", "%", "percent", "yesterday", "night", "morning", "afternoon", "evening", "start", "begin", "kick",
                "appl", "money", "allerg", "free", "none", "contain", "safe", "dietary", "overdue", "schedule", "promised",
                "window", "expected", "estimated", "meal", "ready", "prepar", "half", "quarter", "third", "fifth", "tenth",
                "compensat", "qualif", "eligible", "entitled", "instant", "no time", "payment", "week", "fortnight", "delay",
                "basic", "premium", "for plus", "plus tier", "plus member")
_ALLERGY_WORDS = ("allerg", "free", "no ", "none", "safe", "dietary", "doesn", "does not", "trigger", "bother", "[]", "n/a",
                  "null", "nothing")  # every alternative of _ALLERGY_HINT


def _read_hints(text: str) -> Tuple[bool, bool]:
    """Whether ``text`` may state a fact at all, and a dish free of allergens."""
    if text.isascii():
        low = text.lower()
        return (any(w in low for w in _CLAIM_WORDS) or _CLAIM_HINT.search(text) is not None,
                any(w in low for w in _ALLERGY_WORDS))
    return _CLAIM_HINT.search(text) is not None, _ALLERGY_HINT.search(text) is not None


# a task's rollouts repeat their messages: a short text's hints and allergen claims (frozen)
# are read once and kept, bounded (allergen claims with the menus of the S0 they were read against)
_hints = lru_cache(maxsize=2048)(_read_hints)


@lru_cache(maxsize=1024)
def _allergen_claims(text: str, menus: "_Menus") -> Tuple[Claim, ...]:
    return tuple(allergen_claims(text, menus.pattern))


def stated_claims(text: str, kinds: FrozenSet[str], initial: Any) -> List[Claim]:
    """The claims of ``kinds`` an agent message states, in the order they are judged: ``claims``, then
    dishes said free of allergens (S0's menus), then apology caps; none when the text holds no hint
    of a fact. What the conversation said before does not change them."""
    hinted, allergy = _hints(text) if len(text) <= _KEPT_TEXT else _read_hints(text)
    if not hinted:
        return []
    found: List[Claim] = [c for c in claims(text) if c.kind in kinds]
    if "allergen_free" in kinds and allergy:  # (S0's menus looked up only for a text that may say a dish is free)
        menus = _menus(initial)
        if menus.pattern is not None:
            found.extend(_allergen_claims(text, menus) if len(text) <= _KEPT_TEXT else allergen_claims(text, menus.pattern))
    if "apology_cap" in kinds:  # round 11: the cap said for a tier (cap_claims)
        found.extend(Claim("apology_cap", (v, tier), words, at) for v, tier, words, at in cap_claims(text))
    return found
