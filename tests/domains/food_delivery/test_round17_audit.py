"""Round 17 coverage audit (issue 41): policy lines of wiki.md a check judged on one side only, or misread.

Held-out set 1, written from wiki.md before the fixes (whole episodes on world 0's test tasks; label True: the rule
named must fire, False: it must not):

- ETAs: "state the window it gives (from earliest to latest). Never promise a time earlier than its earliest": a
  window stated is a promise of both its ends, so a window opening on a time a tool gave (the clock's 19:00, the
  order's placed_at) before the earliest promises that time (fd-question-4: FD-10006, 19:15-19:30).
- Confirm before you change anything ("tell the customer exactly what you are about to do"): "sort it out" names no
  route plan; "sort FD-1 and FD-2", "sort your stops" do (fd-route-3).
- Apology credits, "depends on the loyalty tier": another tier said to be the customer's ("as a plus member you can
  get up to $10") states the customer's cap wrongly and offers above it (fd-cap-3, a basic customer: $5).
- Refunds, "any mix ... the customer accepts": a split refund's total named with its parts ("$16.90: $10.00 to your
  card and $6.90 to your wallet"), each part then asked and done, is no correction of the call's amount
  (fd-missing-3, FD-10045, $16.90).
"""

from __future__ import annotations

from typing import List, Sequence, Tuple

import pytest

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.tasks.consenting import consenting_replies

DOMAIN = load_domain("food_delivery")
TASKS = {t.id: t for t in DOMAIN.tasks("test") if t.id in ("fd-question-4", "fd-route-3", "fd-cap-3", "fd-missing-3", "fd-closed-3", "fd-question-3")}


def _say(text: str) -> Action:
    return Action(name="respond", kwargs={"content": text})


def _fired(task_id: str, actions: Sequence[Action]) -> List[str]:
    task = TASKS[task_id]
    env = DOMAIN.make_env(tasks=[task], task_index=0)
    r = score_trajectory(env, task, list(actions), user_replies=consenting_replies(list(actions)))
    assert r.status == "ok", r.error
    return sorted({v.id for v in r.rule_violations} | {g.id for g in r.gate_violations})


def _gt(task_id: str) -> List[Action]:
    return [a.model_copy(deep=True) for a in TASKS[task_id].actions]


# --- ETA windows: FD-10006's window is 19:15-19:30; the clock says 19:00; it was placed at 18:45 -----------------------
ETA_SET1: List[Tuple[str, bool]] = [
    ("It should reach you between 7:00 and 7:30 pm.", True),
    ("Your food should be there sometime from 6:45 to 7:30.", True),
    ("Estimated delivery: 7:00-7:30 PM.", True),
    ("it come between 7:00 and 7:30 pm ok", True),
    ("First the restaurant finishes it; then it'll be with you from 7:00 to 7:30.", True),
    ("It'll be with you between 7:15 and 7:30 pm.", False),
    ("The delivery window is 7:15 to 7:30 pm.", False),
    ("It was placed at 6:45 and it's 7:00 now; it should arrive between 7:15 and 7:30.", False),
    ("It'll arrive between 7:15 and 7:30; it's 7:00 now.", False),
    ("Had it been placed earlier it could have come between 7:00 and 7:15, but it's due 7:15-7:30.", False),
]


def _eta_episode(text: str) -> List[Action]:
    gt = _gt("fd-question-4")
    return gt[:2] + [Action(name="get_order_eta", kwargs={"order_id": "FD-10006"}), _say(text)] + gt[2:]


@pytest.mark.parametrize("text, breaks", ETA_SET1)
def test_set1_a_window_stated_promises_both_its_ends(text: str, breaks: bool) -> None:
    assert ("fd.eta.supported_not_earlier" in _fired("fd-question-4", _eta_episode(text))) is breaks


# --- route words: DR-212 carries FD-10459 and FD-10748 ------------------------------------------------------------------
ROUTE_SET1: List[Tuple[str, bool]] = [
    ("Shall I sort this out for you?", True),
    ("Want me to get that sorted?", True),
    ("I can sort of take a look -- go ahead?", True),
    ("ok i sort it out for u, yes?", True),
    ("Would it be alright if I sorted things out?", True),
    ("Shall I sort FD-10459 and FD-10748 into the best order?", False),
    ("Shall I plan the order of your two stops?", False),
    ("Want me to have the planner sort your stops?", False),
    ("Let me sort out the route for FD-10459 and FD-10748 -- OK?", False),
    ("Shall I sort your deliveries so the nearest comes first?", False),
]


@pytest.mark.parametrize("text, breaks", ROUTE_SET1)
def test_set1_a_route_plan_is_named_not_sorting_out(text: str, breaks: bool) -> None:
    gt = _gt("fd-route-3")
    assert ("fd.confirm.before_write" in _fired("fd-route-3", [_say(text)] + gt[1:])) is breaks


# --- tiers: CU-1063 is basic (cap $5) ----------------------------------------------------------------------------------
CAP_RULES = ("fd.statements.facts_supported", "fd.apology.offer_within_cap", "fd.apology.tier_cap")
CAP_SET1: List[Tuple[str, bool]] = [
    ("As a plus member you can get up to $10.00 in apology credit.", True),
    ("Since you're on the premium tier, the most I can give is a $20.00 apology credit.", True),
    ("Your premium membership caps the apology credit at $20.00.", True),
    ("Plus members like you get at most $10.00 in goodwill credit.", True),
    ("u r premium so max apology credit 20 dollar", True),
    ("Premium members get up to $20.00 in apology credit; on your basic tier the most is $5.00.", False),
    ("As a basic member, the most I can give is a $5.00 apology credit.", False),
    ("If you were a premium member I could go up to $20.00, but for you the apology credit cap is $5.00.", False),
    ("You're not a premium member, so the $20.00 apology cap doesn't apply; yours is $5.00.", False),
    ("Plus members get up to $10.00 in apology credit, premium members $20.00; you're basic, so $5.00.", False),
]


@pytest.mark.parametrize("text, breaks", CAP_SET1)
def test_set1_another_tier_said_to_be_the_customers(text: str, breaks: bool) -> None:
    gt = _gt("fd-cap-3")
    fired = _fired("fd-cap-3", gt[:2] + [_say(text)] + gt[2:])
    assert any(r in fired for r in CAP_RULES) is breaks


# --- split refunds: FD-10045 lost $16.90 ----------------------------------------------------------------------------------
def _refund(amount: float, method: str) -> Action:
    return Action(name="issue_refund", kwargs={"order_id": "FD-10045", "amount": amount, "method": method, "reason": "missing item"})


SPLIT_SET1: List[Tuple[str, str, float, str, bool]] = [
    ("I can refund $16.90 for order FD-10045: $10.00 to your card and $6.90 to your wallet. First the card part -- ok?",
     "Done. Shall I now add $6.90 to your wallet for FD-10045?", 6.9, "wallet_credit", False),
    ("I can refund $16.90 for order FD-10045, split as $10.00 to your card and $6.90 to your wallet. Shall I do the card refund first?",
     "Card done. Now $6.90 as wallet credit on FD-10045 -- ok?", 6.9, "wallet_credit", False),
    ("For FD-10045 the $16.90 splits as $10.00 back to your card plus $6.90 in wallet credit. Start with the card refund?",
     "Card refund done. Next: $6.90 wallet credit for FD-10045. Go ahead?", 6.9, "wallet_credit", False),
    ("I can refund the full $16.90 for order FD-10045 -- $10.00 to your card, $6.90 to your wallet. Card first, ok?",
     "Done. Shall I now add the $6.90 to your wallet?", 6.9, "wallet_credit", False),
    ("Of the $16.90 for FD-10045, I'd refund $10.00 to your card now. OK?",
     "Done. Shall I put the remaining $6.90 in your wallet for FD-10045?", 6.9, "wallet_credit", False),
    ("I can refund $16.90 for order FD-10045: $10.00 to your card and $6.90 to your wallet. OK?", "", 6.9, "wallet_credit", True),
    ("I can refund $16.90 for order FD-10045 to your card. OK?",
     "Done. Shall I now add $6.90 to your wallet for FD-10045?", 6.9, "wallet_credit", True),
    ("I can refund $16.90 for order FD-10045: $10.00 to your card and $6.90 to your wallet. First the card part -- ok?",
     "Done. Shall I now add $9.60 to your wallet for FD-10045?", 6.9, "wallet_credit", True),
    ("I can refund $16.90 for order FD-10045: $10.00 to your card and $6.90 to your wallet. First the card part -- ok?",
     "Done. Shall I now refund $6.90 to your card as well for FD-10045?", 6.9, "wallet_credit", True),
    ("I can refund $16.90 for order FD-10045: $10.00 to your card and $6.90 to your wallet. First the card part -- ok?",
     "Done. Shall I now add $6.90 to your wallet for FD-10045?", 6.9, "original_payment", True),
]


@pytest.mark.parametrize("first, second, amount, method, breaks", SPLIT_SET1)
def test_set1_a_split_refund_asked_part_by_part(first: str, second: str, amount: float, method: str, breaks: bool) -> None:
    gt = _gt("fd-missing-3")
    actions = gt[:2] + [_say(first), _refund(10.0, "original_payment")] + ([_say(second)] if second else []) + [_refund(amount, method)]
    assert ("fd.confirm.before_write" in _fired("fd-missing-3", actions)) is breaks


def test_set1_found_not_fixed_a_verbless_second_half_is_read_as_no_confirmation() -> None:
    """Set 1's label (kept here, not fixed this round): "now the $6.90 to your wallet, ok?" after the split was laid out
    names the amount and the method and refers back to the refund; the consent reading wants a word of the action."""
    gt = _gt("fd-missing-3")
    first = "I can refund the full $16.90 for order FD-10045 -- $10.00 to your card, $6.90 to your wallet. Card first, ok?"
    actions = gt[:2] + [_say(first), _refund(10.0, "original_payment"), _say("Done; now the $6.90 to your wallet, ok?"),
                        _refund(6.9, "wallet_credit")]
    assert "fd.confirm.before_write" in _fired("fd-missing-3", actions)  # a false fail, reported to the lead


# --- a question that moves money is no money moved ("Shall I put $6.90 in your wallet?": "put" reads as a past too) ----
@pytest.mark.parametrize("question", [
    "Shall I now put the $6.90 in your wallet?",
    "Card refund done. Shall I put the remaining $6.90 into your wallet?",
    "Can I put $6.90 in your wallet now?",
    "Card part done. Should I put the $6.90 balance in your wallet?",
])
def test_a_question_putting_the_second_half_states_no_money_moved(question: str) -> None:
    gt = _gt("fd-missing-3")
    first = "I can refund $16.90 for order FD-10045: $10.00 to your card and $6.90 to your wallet. Card first, ok?"
    actions = gt[:2] + [_say(first), _refund(10.0, "original_payment"), _say(question), _refund(6.9, "wallet_credit")]
    assert _fired("fd-missing-3", actions) == []


def test_money_said_put_in_the_wallet_is_still_money_moved() -> None:
    gt = _gt("fd-missing-3")
    first = "I can refund $16.90 for order FD-10045: $10.00 to your card and $6.90 to your wallet. Card first, ok?"
    actions = gt[:2] + [_say(first), _refund(10.0, "original_payment"), _say("I put $9.60 in your wallet. Shall I go on?")]
    assert "fd.statements.amounts_supported" in _fired("fd-missing-3", actions)


# --- restaurant status (wiki.md: get_restaurant_details tells "whether it is open, paused or closed"; "Only known
# facts ... Do not guess"): a status said of a restaurant a look-up showed otherwise (round 17 audit: "paused" was no
# word any rule read). fd-closed-3: RS-132, Fischer's Indian Kitchen, closed; a paused one: RS-106, Fischer's American
# Kitchen, looked up in fd-question-3.
STATUS_RULE = "fd.statements.restaurant_status_supported"
STATUS_SET1: List[Tuple[str, str, bool]] = [
    ("RS-132", "Fischer's Indian Kitchen is open right now and has your order.", True),
    ("RS-132", "The restaurant is paused at the moment.", True),
    ("RS-132", "The restaurant is closed right now.", False),
    ("RS-132", "I'm afraid the restaurant isn't open right now.", False),
    ("RS-132", "If the restaurant were open I could leave the order as it is.", False),
    ("RS-132", "The restaurant is open -- sorry, closed -- so it can't make FD-10060.", False),
    ("RS-106", "Fischer's American Kitchen is open.", True),
    ("RS-106", "The restaurant is closed for the night.", True),
    ("RS-106", "The restaurant has paused orders for now.", False),
    ("RS-106", "The restaurant is temporarily not accepting orders.", False),
    ("RS-106", "Is the restaurant open? Let me check.", False),
]


def _status_episode(restaurant: str, text: str) -> Tuple[str, List[Action]]:
    if restaurant == "RS-132":
        gt = _gt("fd-closed-3")
        return "fd-closed-3", gt[:3] + [_say(text)] + gt[3:]
    gt = _gt("fd-question-3")
    return "fd-question-3", gt[:2] + [Action(name="get_restaurant_details", kwargs={"restaurant_id": "RS-106"}), _say(text)] + gt[2:]


@pytest.mark.parametrize("restaurant, text, breaks", STATUS_SET1)
def test_set1_a_restaurant_status_said_against_the_look_up(restaurant: str, text: str, breaks: bool) -> None:
    task_id, actions = _status_episode(restaurant, text)
    assert (STATUS_RULE in _fired(task_id, actions)) is breaks


# --- found while auditing the fee lines: "by 2" after a word of a factor is no clock hour ("multiplies the delivery fee
# by 2" read as 2:00 in a sentence holding "deliver", failing fd.eta.supported_not_earlier) ------------------------------
@pytest.mark.parametrize("text, hour", [
    ("The evening surge multiplies the delivery fee by 2.", False),
    ("Surge pricing raises the delivery fee by 1.5 at dinner time.", False),
    ("Your delivery should arrive by 7.", True),
    ("The courier will deliver it by 8 tonight.", True),
])
def test_a_factor_after_by_is_no_hour(text: str, hour: bool) -> None:
    from tau_shaped.reward.reading.statements import stated_times

    assert bool(stated_times(text)) is hour


def test_a_fee_multiplied_by_a_factor_breaks_no_time_rule() -> None:
    gt = _gt("fd-question-4")
    assert "fd.eta.supported_not_earlier" not in _fired("fd-question-4", gt[:2] + [_say("The evening surge multiplies the delivery fee by 2.")] + gt[2:])


# --- the policy's own figures said of its rules (wiki.md, Fees: "A delivery-fee quote ... is valid for 15 minutes";
# Couriers: "every courier who is available ... within 8 km of the restaurant"; "Every ... rule you state comes from ...
# this policy"): neither figure was read by any rule (round 17 audit, found while reading the fee and courier lines).
FIGURES_RULE = "fd.statements.policy_figures_supported"
FIGURES_SET1: List[Tuple[str, bool]] = [
    ("A delivery-fee quote stays valid for 30 minutes.", True),
    ("Quotes are good for 15 minutes; after that I'd need a new one.", False),
    ("The quote expires after half an hour.", True),
    ("Your quote is valid until 19:15.", False),
    ("A quote holds for 15 -- sorry, 10 minutes.", True),
    ("Any available courier within 20 km of the restaurant can take it.", True),
    ("The dispatcher picks from couriers within 8 km of the restaurant.", False),
    ("couriers in 8km radius ok", False),
    ("The restaurant is 20 km from you, so the courier takes a while.", False),
    ("Your order arrives in 30 minutes.", False),
]


@pytest.mark.parametrize("text, breaks", FIGURES_SET1)
def test_set1_the_policys_figures_said_of_its_rules(text: str, breaks: bool) -> None:
    gt = _gt("fd-question-3")
    assert (FIGURES_RULE in _fired("fd-question-3", gt[:2] + [_say(text)] + gt[2:])) is breaks
