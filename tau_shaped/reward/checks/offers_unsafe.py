"""``{"offers_unsafe": CUSTOMER}``: each agent message that offers, in words, a dish holding one
of the customer's allergens (SPEC §10: an unsafe item offered in words is a proposal of it)."""

from __future__ import annotations

from typing import Any, List, Tuple

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import Finding, violations
from tau_shaped.reward.matcher_schema import _Strict


class OffersUnsafePredicate(_Strict):
    """Holds at each agent message that offers, in words, a dish holding one of the allergens of
    the customer ``offers_unsafe`` (SPEC §10: an unsafe item offered in words is a proposal of
    it; ``disclosures.unsafe_dishes_offered``)."""

    offers_unsafe: str


@register
class OffersUnsafeKind(CheckKind):
    key = "offers_unsafe"
    model = OffersUnsafePredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        return lambda run: _unsafe_offers(run, pred)


def _unsafe_offers(run: Any, p: Any) -> Finding:
    from tau_shaped.reward.unsafe_offers import unsafe_dishes_offered, unsafe_menu

    dishes = unsafe_menu(run.initial, p.offers_unsafe)
    hits: List[Tuple[int, str]] = []
    if dishes.names:
        for s in run.trajectory.steps:
            if s.agent_text is not None:
                found = unsafe_dishes_offered(s.agent_text, dishes)
                if found is not None:
                    hits.append((s.index, f"agent {found}"))
    return violations(hits, "no unsafe dish offered in words")
