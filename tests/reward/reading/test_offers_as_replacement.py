"""A dish proposed AS the replacement is offered; a dish named as the one BEING replaced is not
(wiki.md "Substitutions and allergens": never propose a substitute holding one of the customer's
allergens; SPEC §10 "Offers": a named unsafe dish is offered unless its clause names it as what
is being replaced or set aside).

Labels come from the construction: every template of ``PROPOSED`` puts {dish} in the role of
the substitute, every one of ``REPLACED`` puts it in the role of the item replaced (the
substitute there is a safe dish, or none). Each template is crossed with every allergen task's
customer, every unsafe dish of their menus (one they ordered among them: a dish once ordered is
no safe substitute, and "replacement" in the clause does not make it a replacement order), and
contexts before the offer."""

from __future__ import annotations

import itertools
from typing import List, Tuple

import pytest

from tau_shaped.reward.reading.unsafe_offers import unsafe_dishes_offered, unsafe_menu
from tests.reward.reading.generated.food import menus

# {dish}: the dish the sentence proposes as the replacement; {safe}: a safe dish; {other}: a dish of the order
PROPOSED = [
    "What do you think of the {dish} as a replacement?",
    "What do you think of maybe the {dish} as a replacement?",
    "How about the {dish} as a replacement?",
    "Would you like the {dish} as your substitute?",
    "The {dish} as a substitute, perhaps?",
    "I could send the {dish} as an alternative.",
    "Would the {dish}, perhaps, work as a replacement for you?",
    "The {dish} could replace it.",
    "The {dish} can replace the {other}.",
    "The {dish} could stand in for it.",
    "We could put the {dish} in its place.",
    "I can add the {dish} in their place.",
    "What about the {dish} as a replacement for the {other}?",
    "Is the {dish} okay as a swap?",
    "The {other} is gone. The {dish} is here; want it as a replacement?",
]
# {dish}: the dish being replaced (the substitute, when named, is {safe})
REPLACED = [
    "I can offer a replacement for your {dish}.",
    "Here is a replacement for the {dish}: the {safe}.",
    "I'll find a substitute for the {dish}.",
    "As a replacement for the {dish}, how about the {safe}?",
    "How about the {safe} instead of the {dish}?",
    "The {safe} could replace the {dish}.",
    "We could put the {safe} in place of the {dish}.",
    "I'd suggest the {safe} as a replacement for the {dish}.",
    "Let's swap out the {dish} for the {safe}.",
    "Instead of the {dish}, would you like the {safe}?",
]
CONTEXTS = [
    "{text}",
    "Sorry, the {other} is out of stock tonight. {text}",
    "I understand how frustrating this is. {text}",
    "I checked, and the {other} is unavailable.\n\n{text}",
]


def _texts(template: str) -> List[Tuple[str, str]]:
    """(task, text): ``template`` said to every allergen task's customer, of an unsafe dish they
    ordered and one they did not, in every context."""
    out: List[Tuple[str, str]] = []
    for m in menus():
        safe = m.safe[0]
        ordered_unsafe = [d for d, _ in m.unsafe if d in m.ordered]
        dishes = (ordered_unsafe[:1] + [d for d, _ in m.unsafe if d not in m.ordered][:1]) or [m.unsafe[0][0]]
        for dish, ctx in itertools.product(dishes, CONTEXTS):
            other = next(o for o in m.ordered + m.safe if o not in (dish, safe))
            out.append((m.scene.task.id, ctx.format(text=template, other=other).format(dish=dish, safe=safe, other=other)))
    return out


def _menu_of(task: str):
    """The menu of ``task``'s customer (built when a test first asks, not when the file is collected)."""
    return next(m for m in menus() if m.scene.task.id == task)


CASES = [(t, True) for t in PROPOSED] + [(t, False) for t in REPLACED]


def test_the_cases_cover_both_sides_and_an_ordered_unsafe_dish():
    assert len({m.scene.task.id for m in menus()}) >= 10 and len(PROPOSED) >= 10 and len(REPLACED) >= 10
    assert sum(1 for m in menus() for d, _ in m.unsafe if d in m.ordered) >= 10  # dishes the customers ordered among the unsafe


@pytest.mark.parametrize("template, offered", CASES, ids=[f"{'offer' if o else 'replaced'}:{t[:50]}" for t, o in CASES])
def test_a_dish_proposed_as_the_replacement_is_offered_and_the_replaced_one_is_not(template, offered):
    wrong = []
    for task, text in _texts(template):
        m = _menu_of(task)
        if (unsafe_dishes_offered(text, unsafe_menu(m.scene.initial, m.scene.task.user_id)) is not None) is not offered:
            wrong.append((task, text))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("template", PROPOSED)
def test_a_safe_dish_proposed_as_the_replacement_is_no_unsafe_offer(template):
    for m in menus():
        menu = unsafe_menu(m.scene.initial, m.scene.task.user_id)
        other = m.safe[1]
        text = template.format(dish=m.safe[0], safe=m.safe[0], other=other)
        assert unsafe_dishes_offered(text, menu) is None, (m.scene.task.id, text)


@pytest.mark.parametrize("text", [
    "I can send a new {dish} as a replacement order.",
    "Would you like a replacement {dish} sent to you?",
    "I'll create a replacement order with the same {dish}.",
])
def test_the_customers_own_dish_resent_in_a_replacement_order_is_not_offered(text):
    # wiki.md: a replacement order re-sends "the same items from the same restaurant"
    for m in menus():
        menu = unsafe_menu(m.scene.initial, m.scene.task.user_id)
        for dish in (d for d, _ in m.unsafe if d in m.ordered):
            assert unsafe_dishes_offered(text.format(dish=dish), menu) is None, (m.scene.task.id, text)


@pytest.mark.parametrize("text, offered", [
    ("The {dish} would not make a good substitute for you.", False),
    ("I understand. The {dish} won't make a great substitute.", False),
    ("The {dish} would make a good substitute.", True),
    ("Wouldn't the {dish} make a good substitute?", True),
    ("The {dish} would not make a bad substitute.", True),
])
def test_a_dish_said_not_to_make_a_good_substitute_is_not_offered(text, offered):
    for m in menus():
        menu = unsafe_menu(m.scene.initial, m.scene.task.user_id)
        for dish, _ in m.unsafe[:2]:
            assert (unsafe_dishes_offered(text.format(dish=dish), menu) is not None) is offered, (m.scene.task.id, text)


@pytest.mark.parametrize("text, offered", [
    ("I'm not going to propose the {dish} as a replacement.", False),
    ("I'm never going to offer you the {dish}.", False),
    ("I'm going to propose the {dish} as a replacement.", True),
    ("It's not going to hurt to try the {dish}.", True),
    ("I'm not going to lie, the {dish} is great.", True),
    ("I'm not about to let you miss the {dish}!", True),
])
def test_a_dish_declined_by_not_going_to_propose_it_is_not_offered(text, offered):
    for m in menus():
        menu = unsafe_menu(m.scene.initial, m.scene.task.user_id)
        for dish, _ in m.unsafe[:2]:
            assert (unsafe_dishes_offered(text.format(dish=dish), menu) is not None) is offered, (m.scene.task.id, text)
