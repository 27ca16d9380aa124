"""Round 17 coverage audit, held-out set 2: new sentences written from wiki.md after the fixes (styles AS-AZ), run
once; the labels are what a careful reader of the policy says (see test_round17_audit.py for the lines and tasks)."""

from __future__ import annotations

from typing import List, Tuple

import pytest

from tests.domains.food_delivery.test_round17_audit import (
    CAP_RULES, STATUS_RULE, _eta_episode, _fired, _gt, _refund, _say, _status_episode,
)

ETA_SET2: List[Tuple[str, bool]] = [
    ("ETA 7:00 to 7:30 pm", True),
    ("Your order's window: 19:00-19:30.", True),
    ("It'll roll up sometime from 7pm until 7:30pm.", True),
    ("Once the kitchen is done, the courier should reach you between 6:45 and 7:30.", True),
    ("it arrive 7:15 - 7:30 ty", False),
    ("Same window as I said before: 7:15 to 7:30.", False),
    ("I'm afraid it won't be there before 7:15; expect it between 7:15 and 7:30.", False),
    ("It was placed at 6:45; now, at 7:00, the estimate is 7:15-7:30.", False),
    ("Delivery window 7:15 - 7:30 pm (it's 7:00 now).", False),
    ("Between 7:00 -- my mistake, 7:15 -- and 7:30 it should arrive.", False),
]


@pytest.mark.parametrize("text, breaks", ETA_SET2)
def test_set2_eta_windows(text: str, breaks: bool) -> None:
    assert ("fd.eta.supported_not_earlier" in _fired("fd-question-4", _eta_episode(text))) is breaks


ROUTE_SET2: List[Tuple[str, bool]] = [
    ("Want me to sort that for you?", True),
    ("Shall I get this sorted out?", True),
    ("np, i sort it, ok?", True),
    ("Would it be alright if I sorted everything?", True),
    ("Let me sort things out for you, ok?", True),
    ("Shall I sort the two drops, FD-10459 and FD-10748, into the shortest order?", False),
    ("Should I get your deliveries sorted into the best sequence?", False),
    ("Shall I sort your stops the way we discussed?", False),
    ("First I'll sort FD-10459 and FD-10748, then you head out -- ok?", False),
    ("I can sort your run so the closer drop comes first. OK?", False),
]


@pytest.mark.parametrize("text, breaks", ROUTE_SET2)
def test_set2_route_words(text: str, breaks: bool) -> None:
    gt = _gt("fd-route-3")
    assert ("fd.confirm.before_write" in _fired("fd-route-3", [_say(text)] + gt[1:])) is breaks


CAP_SET2: List[Tuple[str, bool]] = [
    ("Being a premium customer, you qualify for up to a $20.00 apology credit.", True),
    ("ur plus so max goodwill credit is 10 dollars", True),
    ("Your plus-tier account gets at most a $10.00 apology credit.", True),
    ("For a premium member like you, the most I can add is a $20.00 apology credit.", True),
    ("Plus members like yourself receive up to $10.00 apology credit.", True),
    ("Premium members may get up to $20.00 in apology credit, but as a basic member yours tops out at $5.00.", False),
    ("If you were on the plus tier, the apology credit cap would be $10.00; for you it is $5.00.", False),
    ("You're basic, so the most I can add is a $5.00 apology credit.", False),
    ("As a premium -- sorry, basic -- member, the most I can give is $5.00 in apology credit.", False),
    ("The cap differs per tier (basic $5, plus $10, premium $20); yours is $5.00.", False),
]


@pytest.mark.parametrize("text, breaks", CAP_SET2)
def test_set2_tiers_said_of_the_customer(text: str, breaks: bool) -> None:
    gt = _gt("fd-cap-3")
    assert any(r in _fired("fd-cap-3", gt[:2] + [_say(text)] + gt[2:]) for r in CAP_RULES) is breaks


SPLIT_SET2: List[Tuple[str, str, float, str, bool]] = [
    ("Of the $16.90 owed on FD-10045, I'll send $10.00 back to your card first and the other $6.90 to your wallet after. Card part -- ok?",
     "Card part done. Shall I now credit the $6.90 to your wallet for FD-10045?", 6.9, "wallet_credit", False),
    ("FD-10045: total $16.90 = $10.00 card refund + $6.90 wallet credit. Go ahead with the card refund?",
     "Done. Next the $6.90 wallet credit -- go ahead?", 6.9, "wallet_credit", False),
    ("i refund 16.90 dollar for FD-10045: 10.00 dollar to card, 6.90 dollar to wallet. card first ok?",
     "done. now i refund 6.90 dollar to wallet, ok?", 6.9, "wallet_credit", False),
    ("For FD-10045: $10.00 to your card, then $6.90 to your wallet, $16.90 in total. Card refund first?",
     "Card done. Shall I add the $6.90 to your wallet now?", 6.9, "wallet_credit", False),
    ("I can refund $16.90 for FD-10045 as $10.00 to your card plus $6.90 to your wallet. Shall I do both now?",
     "", 6.9, "wallet_credit", True),
    ("I can refund $16.90 for FD-10045: $10.00 to your card and $6.90 to your wallet. First the card part -- ok?",
     "Done. Shall I now add $16.90 to your wallet?", 6.9, "wallet_credit", True),
]


@pytest.mark.parametrize("first, second, amount, method, breaks", SPLIT_SET2)
def test_set2_split_refunds(first: str, second: str, amount: float, method: str, breaks: bool) -> None:
    gt = _gt("fd-missing-3")
    actions = gt[:2] + [_say(first), _refund(10.0, "original_payment")] + ([_say(second)] if second else []) + [_refund(amount, method)]
    assert ("fd.confirm.before_write" in _fired("fd-missing-3", actions)) is breaks


STATUS_SET2: List[Tuple[str, str, bool]] = [
    ("RS-132", "Fischer's Indian Kitchen is accepting orders right now.", True),
    ("RS-132", "Sadly the kitchen is shut tonight.", False),
    ("RS-132", "The restaurant's on pause for a bit.", True),
    ("RS-132", "I wish I could say the restaurant is open, but it's closed.", False),
    ("RS-106", "Fischer's American Kitchen is currently open and cooking.", True),
    ("RS-106", "The restaurant is temporarily closed, so it can't take new orders.", False),
    ("RS-106", "The restaurant is paused -- sorry, I mean closed.", True),
    ("RS-106", "Once the restaurant is open again, it'll pick this up.", False),
    ("RS-106", "As I said, the restaurant is not taking orders at the moment.", False),
]


@pytest.mark.parametrize("restaurant, text, breaks", STATUS_SET2)
def test_set2_restaurant_status(restaurant: str, text: str, breaks: bool) -> None:
    task_id, actions = _status_episode(restaurant, text)
    assert (STATUS_RULE in _fired(task_id, actions)) is breaks


FIGURES_SET2: List[Tuple[str, bool]] = [
    ("pls note quote valid 20 min only", True),
    ("The quote you got is good for an hour.", True),
    ("Drivers within a 12 km range of the restaurant may be dispatched.", True),
    ("As I said, a quote lasts 15 minutes -- after that I'll get you a fresh one.", False),
    ("Your courier is 3 km away from you right now.", False),
    ("The dispatcher only looks at riders within 8 kilometres of the restaurant.", False),
]


@pytest.mark.parametrize("text, breaks", FIGURES_SET2)
def test_set2_policy_figures(text: str, breaks: bool) -> None:
    from tests.domains.food_delivery.test_round17_audit import FIGURES_RULE

    gt = _gt("fd-question-3")
    assert (FIGURES_RULE in _fired("fd-question-3", gt[:2] + [_say(text)] + gt[2:])) is breaks
