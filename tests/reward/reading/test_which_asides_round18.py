"""Round 18: a refund offered two ways, asked with "which", where an aside stands in an option ("$14.08 (your
order total was $99.50) back to your card, or $14.08 as wallet credit -- which?"). The customer's pick of one
way agrees to that way with the amount its option states, whatever the aside says and however the amounts are
spelled (SPEC §10: any spelling of the currency; a choice offered is read as the option picked). Before this
round an option of more than 80 characters (an aside with the amounts in words) was no option, and an aside
between an amount and "as wallet credit" unbound the amount from its method: the generator's flip search found
the first (a pass read as a breach)."""

from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading import action_words, option_menus
from tests.reward.reading.generated import round15_fd
from tests.reward.reading.generated.runner import judge_text
from tests.reward.reading.generated.spelling import MONEY
from tests.reward.reading.generated.world import BREACH, PASS


@lru_cache(maxsize=1)
def _wallet_picked():
    """A which-question draft whose customer picks the wallet and whose write credits the wallet (label: pass)."""
    for d in round15_fd.which_drafts(random.Random(3), 60):
        reply = d.context["reply"].lower()
        if d.template == "which_way_picked" and "wallet" in reply and "not" not in reply and "no" not in reply.split():
            return d
    raise AssertionError("no draft of a wallet picked")


_ASIDES = ["({total_said})", "(your order total was {total})", "(out of the {total} you paid)", "-- out of the {total} you paid --",
           "\u2014 of your {total} \u2014", "(that is the naan, not the whole {total})"]
_WHICH = ["For order {order}: {a1} back to your card, or {a2} as wallet credit -- which?",
          "Which would you like for {order}: {a1} back to your card or {a2} as wallet credit?",
          "I can put {a1} for {order} back on your card, or give {a2} as wallet credit -- which would you like?"]


def _said(style: str, amount: float) -> str:
    return MONEY[style](amount)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(style=st.sampled_from(sorted(MONEY)), aside=st.sampled_from(_ASIDES), template=st.sampled_from(_WHICH),
       where=st.sampled_from(["card", "wallet", "both"]), same=st.booleans())
def test_an_aside_in_an_option_keeps_the_pick(style: str, aside: str, template: str, where: str, same: bool) -> None:
    d = _wallet_picked()
    amount = float(d.values["amount"])
    said = _said(style, amount)
    total = _said(style, 99.5)
    note = aside.format(total=total, total_said=f"your order total was {total}")
    a1 = f"{said} {note}" if where in ("card", "both") else said
    a2_amount = said if same else _said(style, round(amount + 3.0, 2))
    a2 = f"{a2_amount} {note}" if where in ("wallet", "both") else a2_amount
    text = template.format(order=d.values["order"], a1=a1, a2=a2)
    # the wallet picked: its option must state the amount the write credits
    assert judge_text(d, text) == (PASS if same else BREACH), text


def test_a_long_option_is_still_an_option() -> None:
    text = ("For order FD-10038: 14 dollars and 8 cents (your order total was 99 dollars and 50 cents) back to your card, "
            "or 14 dollars and 8 cents as wallet credit -- which?")
    found = option_menus.either_or(text)
    assert found is not None
    assert found[1][0].endswith("back to your card") and found[1][1].endswith("as wallet credit")
    assert option_menus.named("the wallet", found[1]) == 1


def test_an_aside_between_an_amount_and_its_method_keeps_the_binding() -> None:
    for text in ["14 dollars and 8 cents (out of the 99 dollars and 50 cents you paid) as wallet credit",
                 "$14.08 -- of your $99.50 -- as wallet credit", "$14.08 \u2014 of your $99.50 \u2014 to your card"]:
        seen = action_words.confirmation_text(text)
        assert "added to" in seen and "99" in seen, seen  # the aside kept, the amount moved
        assert action_words.names_action(seen, "money_to_customer", to_come=True) is not None, text
    # what the customer paid is no credit given, aside or not
    for text in ["You paid $14.08 (all of it) as wallet credit", "you paid $14.08 -- the whole order -- to your card"]:
        assert action_words.names_action(action_words.confirmation_text(text), "money_to_customer", to_come=True) is None, text


def test_an_unticked_box_after_a_lead_in_is_set_aside() -> None:
    """A checklist opened after a recap's lead-in ("Like I mentioned, okay so, [ ] ... [x] ..."): the unticked line is
    set aside as it is at a line's start (the flip search found "Like I mentioned," let the card line count)."""
    for lead in ["Like I mentioned, oKAY so, ", "As I said, ", "To recap: ", "okay so, "]:
        text = f"{lead}[ ] refund 13.92 dollars to your card for FD-10030\n[x] 13.92 dollars as wallet credit\nShall I proceed"
        kept = option_menus.unchosen_out(text)
        assert "to your card" not in kept and "wallet credit" in kept, (lead, kept)
    # a box that is no checklist's (nothing ticked) sets nothing aside
    text = "As I said, [ ] refund $13.92 to your card\n[ ] $13.92 as wallet credit\nWhich one?"
    assert option_menus.unchosen_out(text) == text
