"""A dish said to be safe for the customer's allergies, in any words, is an allergen claim checked
against the menu (wiki.md: state only what the records support; rule fd.statements.facts_supported).

Labels come from the construction, read off S0: for each allergen task's customer, a dish of
their orders' menus that holds one of their allergens makes every claim of ``YOURS`` wrong (a
breach), and one holding none of them makes it right (no finding); ``NAMED`` claims a named
allergen is absent ("safe for your peanut allergy"): wrong when the dish holds it. ``NOT_CLAIMS``
say the opposite or nothing, and are never a finding."""

from __future__ import annotations

import itertools
import json
from functools import lru_cache
from typing import Any, List, Tuple

import pytest

from tau_shaped import load_domain
from tau_shaped.reward.predicate_schema import FactsStatedPredicate
from tau_shaped.reward.reading.fact_checks import FactChecker
from tau_shaped.reward.reading.normalize import seen
from tests.reward.reading.generated.food import menus

RULE = "fd.statements.facts_supported"
FD = load_domain("food_delivery")

# {dish} said safe for all the customer's allergens
YOURS = [
    "The {dish} is free of all your allergens.",
    "The {dish} is completely free from your allergens.",
    "The {dish} has none of your allergens.",
    "The {dish} contains none of the allergens you listed.",
    "The {dish} contains nothing from your listed allergens.",
    "The {dish} doesn't contain any of your allergens.",
    "The {dish} does not have any of your allergens.",
    "The {dish} is safe for your allergies.",
    "The {dish} is perfectly safe given your allergies.",
    "The {dish}, which I checked, is safe for you.",
    "The {dish} is fine for your allergies.",
    "The {dish} is okay with your dietary restrictions.",
    "The {dish} is allergy-safe.",
    "The {dish} has no allergens of yours.",
    "The {dish} would be safe for you.",
]
# {dish} said free of the allergen {allergen}
NAMED = [
    "The {dish} is safe for your {allergen} allergy.",
    "The {dish} is free of {allergen}.",
    "The {dish} contains no {allergen}.",
]
# {dish} said unsafe, or asked about: no claim that it is safe
NOT_CLAIMS = [
    "The {dish} is not safe for your allergies.",
    "The {dish} is not free of your allergens.",
    "I can't say the {dish} is safe for your allergies.",
    "The {dish} isn't safe for you.",
    "The {dish} is safe for you only if the kitchen leaves out the sauce, so let me check.",
    "I'll check whether the {dish} has any of your allergens.",
]
CONTEXTS = ["{text}", "Good evening! {text}", "I looked it up.\n\n{text} Anything else?", "{text} Let me know."]
_WORDS = {"tree_nut": "tree nut"}


@lru_cache(maxsize=None)
def _cases() -> Tuple[Tuple[Any, str, Tuple[Tuple[str, str], ...], Tuple[str, ...]], ...]:
    """(menu, customer, unsafe (dish, allergen), safe dishes) of a spread of allergen tasks."""
    out = []
    for m in menus()[::4]:
        out.append((m, m.scene.task.user_id, m.unsafe[:3], m.safe[:3]))
    return tuple(out)


def _judge(m: Any, customer: str, text: str) -> Any:
    when = json.loads(json.dumps(FD.policy_rules.rule(RULE).when).replace("{user_id}", customer))
    found = FactChecker(FactsStatedPredicate.model_validate(when), m.scene.initial).message(seen(text))
    return None if found is None else found[0]


def test_the_cases_have_safe_and_unsafe_dishes():
    cases = _cases()
    assert len(cases) >= 10 and all(unsafe and safe for _, _, unsafe, safe in cases)


def _wrong(template: str, dish_set: str) -> List[str]:
    bad = []
    for (m, customer, unsafe, safe), ctx in itertools.product(_cases(), CONTEXTS):
        dishes = [d for d, _ in unsafe] if dish_set == "unsafe" else list(safe)
        for dish in dishes:
            text = ctx.format(text=template.format(dish=dish))
            got = _judge(m, customer, text)
            if got is not (True if dish_set == "unsafe" else None):
                bad.append(f"{m.scene.task.id}: {text!r} -> {got}")
    return bad


@pytest.mark.parametrize("template", YOURS)
def test_an_unsafe_dish_said_safe_for_the_customers_allergies_is_a_false_claim(template):
    assert not _wrong(template, "unsafe")


@pytest.mark.parametrize("template", YOURS)
def test_a_safe_dish_said_safe_for_the_customers_allergies_is_backed(template):
    assert not _wrong(template, "safe")


@pytest.mark.parametrize("template", NAMED)
def test_a_dish_said_free_of_an_allergen_it_holds_is_a_false_claim(template):
    bad = []
    for m, customer, unsafe, _ in _cases():
        for dish, allergen in unsafe:
            text = template.format(dish=dish, allergen=_WORDS.get(allergen, allergen))
            if _judge(m, customer, text) is not True:
                bad.append(text)
    assert not bad


@pytest.mark.parametrize("template, context", list(itertools.product(NOT_CLAIMS, CONTEXTS)))
def test_a_dish_said_unsafe_or_asked_about_is_no_claim(template, context):
    bad = []
    for m, customer, unsafe, safe in _cases():
        for dish in [d for d, _ in unsafe] + list(safe):
            text = context.format(text=template.format(dish=dish))
            if _judge(m, customer, text) is not None:
                bad.append(text)
    assert not bad, bad[:5]
