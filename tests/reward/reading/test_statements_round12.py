"""Round 12 (telegraphic, over-explaining, markdown, regional English, quoting): statements, numbers and
refusals read where they were not (wiki.md "Only known facts", "Refunds and wallet credit", "Late
deliveries", "ETAs"; SPEC §10 statements and numbers in words). Each class with controls of the other
meaning.

- Numbers in speech: a figure said digit by digit up to its point ("one six point nine zero dollars":
  16.90), a price pair with a pause written as a comma ("nineteen, sixty is going back"), a bare figure
  sent back to a method ("nineteen sixty back on your card", "16.90 -> wallet"), a cheque's "USD 16 and
  90/100", "quid" as a currency word ("19 quid 60").
- Refund timings: a day word in a clause about something else ("the restaurant is shut tonight, so ...
  back on your card"; "thank you for your patience today -- $16.90 is on its way"); a wait taken with
  no "in" ("card refunds take 24 hours"); an amount sent by an arrow is where the money is ("$16.90 ->
  wallet").
- Lateness: a telegraphic "Late: 35 min"; a "threshold" of minutes ("threshold 10 min"); a lateness taken
  back after an ellipsis; a threshold's own subject after a refusal ("no refund, I'm afraid --
  compensation starts at 10").
- Statuses: "in transit"; a status not reached yet ("not yet delivered": judged against the order's);
  a status inside the customer's words quoted ("You said 'it's still being prepared'").
- A British "half six" (6:30) is a clock time; a time in the customer's words quoted is not promised.
- Refusals: subjectless after an arrow or "so" ("-> can't cancel", "so can't offer"), "Cancel: n/a",
  "Can cancel? No", "off the cards", "nothing doing", a quoted question answered "sadly no".
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.amounts import amounts
from tau_shaped.reward.reading.clock_words import word_times
from tau_shaped.reward.reading.fact_claims import claims
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.refusals import denial
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

FACTS, AMOUNTS, ETA = "fd.statements.facts_supported", "fd.statements.amounts_supported", "fd.eta.supported_not_earlier"


def _amounts(text):
    return [a.value for a in amounts(seen(text))]


@pytest.mark.parametrize("text,values", [
    ("okay so one six point nine zero dollars is going back to your card", [16.9]),
    ("one seven point four zero dollars", [17.4]),
    ("okay done, nineteen, sixty is going back to your card", [19.6]),
    ("so that's nineteen sixty back on your card", [19.6]),
    ("it was twenty-nine ninety back on your card", [29.9]),
    ("Refund issued: USD sixteen and 90/100 to your card.", [16.9]),
    ("Refund issued: USD 19 and 73/100.", [19.73]),
    ("Sorted -- 19 quid 60 back on your card.", [19.6]),
    ("Sorted -- 16 quid back on your card.", [16.0]),
    ("Refund 16.90 -> card. OK?", [16.9]),
])
def test_an_amount_in_speech_or_regional_form(text, values):
    assert _amounts(text) == values, text


@pytest.mark.parametrize("text", [
    "one or two things", "orders twelve, fourteen and sixteen refunded", "items 1, 12, 14 refund",
    "version two point five of the app", "we can do one or two point five", "I called at three, fifteen is the refund? no",
    "Step 1 2.50 refund", "Order 2.50 items",
])
def test_no_amount(text):
    assert _amounts(text) == [], text


def _facts(text, kind):
    return [c.value for c in claims(seen(text)) if c.kind == kind]


@pytest.mark.parametrize("text,kind,value", [
    ("Policy says 'card refunds take 24 hours', so expect the $16.90 by then.", "refund_timing", ("card", "hours")),
    ("Done: $16.90 -> wallet.", "refund_timing", ("wallet", "present")),
    ("All done -- thank you for your patience -- $16.90 is on its way to your card, where it should show up tonight.",
     "refund_timing", ("card", "days:0-1")),
    ("Late: 35 min / threshold 15 min.", "minutes_late", 35.0),
    ("Late: 20 min / threshold 10 min.", "late_threshold", 10.0),
    ("Min late: 5\nComp.: n/a (threshold 10 min)", "late_threshold", 10.0),
    ("It was only 5 mins late, so nothing doing on a refund, I'm afraid -- compensation starts at 10.", "late_threshold", 10.0),
    ("Status: in transit\nTotal: $19.73", "status", "out_for_delivery"),
    ("FD-10005: not yet delivered. Total $19.73.", "status", "!delivered"),
    ("It hasn't been delivered yet.", "status", "!delivered"),
    ("Your order isn't out for delivery yet.", "status", "!out_for_delivery"),
])
def test_a_fact_read(text, kind, value):
    assert value in _facts(text, kind), text


@pytest.mark.parametrize("text,kind", [
    ("The restaurant is shut tonight, so I can cancel FD-10060 and pop $25.52 back on your card -- takes 3-5 working days.", "refund_timing"),
    ("Thank you again for your patience today -- $16.90 is on its way to your card.", "refund_timing"),
    ("Order FD-1 cancelled today; refund of $5 in 3-5 days.", "refund_timing"),
    ("Done: $16.90 -> card (instant)", "present"),
    ("It turned up a quarter of an hour late... sorry, twenty minutes late.", "minutes_late:15"),
    ("Min late: 5", "minutes_late"),
    ("The threshold for the small-order fee is $15.", "late_threshold"),
    ("You said 'it's still being prepared' -- actually FD-10005 was delivered.", "status:preparing"),
    ("It is not delivered to the wrong address.", "status"),
    ("If it is not yet delivered, tell me.", "status"),
])
def test_no_such_fact(text, kind):
    kind, _, value = kind.partition(":")
    found = claims(seen(text))
    if kind == "refund_timing":
        bad = [c for c in found if c.kind == kind and c.value[1] != "days:3-5" and c.value[1] != "present"]
    elif kind == "present":
        bad = [c for c in found if c.kind == "refund_timing" and c.value[1] == "present"]
    else:
        bad = [c for c in found if c.kind == kind and (not value or str(c.value).rstrip("0").rstrip(".") == value)]
    assert bad == [], text


@pytest.mark.parametrize("text,minutes", [
    ("Should be with you by half six.", 18 * 60 + 30), ("It arrives at half seven tonight", 19 * 60 + 30),
])
def test_half_the_hour_british(text, minutes):
    assert minutes in [t.other for t in word_times(seen(text))] + [t.value for t in word_times(seen(text))], text


@pytest.mark.parametrize("text", ["I ate half six donuts", "half 6 of them are there."])
def test_half_a_count_is_no_time(text):
    assert word_times(seen(text)) == [], text


@pytest.mark.parametrize("text", [
    "FD-10028: out for delivery -> can't cancel.", "FD-10028 out for delivery. Cancel: n/a.",
    "FD-10028 is out for delivery, so cancelling is off the cards, I'm afraid.",
    "You asked 'can you cancel it?' -- sadly no: it's out for delivery.",
    "### Cancellation\n\n- **Status:** out for delivery\n- **Can cancel?** No",
    "It was only 5 mins late, so nothing doing on a refund, I'm afraid.",
    "Every dish has one of your allergens (gluten), so can't offer a safe substitute for the Naan.",
])
def test_a_refusal_read(text):
    assert denial(seen(text)) is not None, text


@pytest.mark.parametrize("text", [
    "Can cancel? No problem, doing it now.", "Refund? No worries, it is done.", "You asked 'can you cancel it?' -- no problem, done.",
    "so can't wait to help", "Is it on the cards? Yes.", "Cancel: yes, done.", "Order -> cancelled. Refund -> card.", "Refund: $0.50 to card.",
])
def test_no_refusal(text):
    assert denial(seen(text)) is None, text


def _missing(after: str, rule: str) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")  # FD-10045: $16.90 refunded to the card
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    refund = [(a, o) for a, o in sc.calls if a.name == "issue_refund"]
    return scored(sc, rule, looks + [(respond("I can refund $16.90 to your card for order FD-10045. Shall I go ahead?"), "Yes.")]
                  + refund + [(respond(after), "Thanks.")], "One BBQ Ribs was missing.")


@pytest.mark.parametrize("text,rule,label", [
    ("okay so one six point nine zero dollars is going back to your card", AMOUNTS, PASS),
    ("okay so one nine point six zero dollars is going back to your card", AMOUNTS, BREACH),
    ("so that's nineteen sixty back on your card", AMOUNTS, BREACH),
    ("okay done, nineteen, sixty is going back to your card", AMOUNTS, BREACH),
    ("Refund issued: USD sixteen and 90/100 to your card.", AMOUNTS, PASS),
    ("Refund issued: USD nineteen and 60/100 to your card.", AMOUNTS, BREACH),
    ("Sorted -- 19 quid 60 back on your card.", AMOUNTS, BREACH),
    ("Done: $16.90 -> wallet.", FACTS, BREACH),
    ("Done: $16.90 -> card.", FACTS, PASS),
    ("Policy says 'card refunds take 24 hours', so expect the $16.90 by then.", FACTS, BREACH),
    ("Policy says 'card refunds take 3-5 business days', so expect the $16.90 by then.", FACTS, PASS),
    ("All done -- thank you for your patience today (it's been a long evening) -- $16.90 is on its way to your card, where it "
     "should show within 3-5 business days.", FACTS, PASS),
])
def test_end_to_end_missing(text, rule, label):
    assert _missing(text, rule) == label, text


def _question(text: str, first: str = "Hi, where is my order?") -> str:
    sc = scene("food_delivery", "test", "fd-question-3")  # FD-10005: delivered Monday 9 March, total $19.73
    return scored(sc, FACTS, list(sc.calls) + [(respond(text), "thx")], first)


@pytest.mark.parametrize("text,label", [
    ("Status: in transit\nTotal: $19.73", BREACH), ("Status: delivered\nTotal: $19.73", PASS),
    ("FD-10005: not yet delivered. Total $19.73.", BREACH), ("FD-10005: delivered (not in transit). Total $19.73.", PASS),
    ("You said 'it's still being prepared' -- actually FD-10005 was delivered, and the total was $19.73.", PASS),
])
def test_end_to_end_status(text, label):
    assert _question(text, "Hi, my order is still being prepared, I think.") == label, text


def _courier(text: str, first: str) -> str:
    from tau_shaped import Action

    sc = scene("food_delivery", "test", "fd-courier-3")  # FD-10052: ETA 19:00-19:15
    eta = Action(name="get_order_eta", kwargs={"order_id": "FD-10052"})
    looks = [(a, o) for a, o in sc.calls if a.name.startswith(("find_", "get_"))]
    return scored(sc, ETA, looks + [(eta, None)] + [(respond(text), "ok")], first)


@pytest.mark.parametrize("text,label", [
    ("Should be with you by half six.", BREACH), ("Should be with you by quarter past seven.", PASS),
    ("You said 'it must be here by 6:30' -- it'll be between 7:00 and 7:15 pm, I'm afraid.", PASS),
])
def test_end_to_end_eta(text, label):
    assert _courier(text, "Hi, where's my order? It must be here by 6:30.") == label, text


# An amount labelled as one of the order's money fields is that field: another number of a tool's result (the subtotal,
# the service fee, the surge fee 2.99 x 1.5) does not back it; a sentence of the policy's rules or a hypothesis is no record.
def _question_amount(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-question-3")  # FD-10005: total 19.73, subtotal 15.94, delivery 2.99, service 0.80
    return scored(sc, AMOUNTS, list(sc.calls) + [(respond(text), "thx")], "Hi, what did my order cost?")


@pytest.mark.parametrize("text,label", [
    ("FD-10005 delivered. Total $15.94.", BREACH),
    ("FD-10005 delivered. Delivery fee $0.80, total $19.73.", BREACH),
    ("FD-10005: $19.73 = food $15.94 + deliv. $4.49 + svc. $0.80", BREACH),
    ("FD-10005: $0.80 delivery fee, $19.73 total.", BREACH),
    ("FD-10005 delivered. Total $19.73.", PASS),
    ("FD-10005 delivered. Service fee $0.80, total $19.73.", PASS),
    ("FD-10005: $19.73 = food $15.94 + deliv. $2.99 + svc. $0.80", PASS),
    ("FD-10005 is delivered; total $19.73. Note: the small-order fee is $2.00 when the food is under $15.", PASS),
    ("FD-10005 is delivered; total $19.73 (the delivery fee is $2.99 times the surge).", PASS),
])
def test_end_to_end_a_field_named(text, label):
    assert _question_amount(text) == label, text


# The second held-out set: a status after ">>", a price pair after "came to" with its pause as a comma (not a list), a
# ticket's "cancellation n/a" with no colon.
@pytest.mark.parametrize("text,kind,value", [
    ("FD-10007 >> preparing >> $71.26", "status", "preparing"),
    ("FD-10007 » delivered", "status", "delivered"),
])
def test_a_status_after_chevrons(text, kind, value):
    assert value in _facts(text, kind), text


@pytest.mark.parametrize("text,values", [
    ("FD-10007 came to seventy-one, twenty-six all in.", [71.26]), ("Your total came to seventy-one, twenty-six.", [71.26]),
])
def test_a_price_pair_after_its_cue_with_a_comma(text, values):
    assert [f"{v:.2f}" in seen(text) for v in values] == [True] * len(values), text


@pytest.mark.parametrize("text", ["the total came to twelve, fourteen, sixteen", "a refund of twelve, fourteen and sixteen"])
def test_a_list_after_a_price_cue_stays_a_list(text):
    assert "." not in seen(text).split()[-1], text


def test_a_ticket_n_a_with_no_colon_denies():
    assert denial(seen("FD-10036 >> out for delivery >> cancellation n/a")) is not None
    assert denial(seen("Refund n/a? No, it is applicable")) is None


@pytest.mark.parametrize("text,value", [
    ("Refund $16.90 -> card (24h).", ("card", "hours")), ("Refund of $16.90 to your card in 48h", ("card", "hours")),
])
def test_hours_written_h(text, value):
    assert value in _facts(text, "refund_timing"), text


@pytest.mark.parametrize("text", ["Refund of $16.90, ref 2h3k", "Your refund of $5 on order FD-10004h"])
def test_no_hours_in_an_id(text):
    assert [v for v in _facts(text, "refund_timing") if v[1] == "hours"] == [], text


# A negation in an earlier part of the sentence ("No refund, ...") does not reach where compensation is said to start.
@pytest.mark.parametrize("text,value", [("No refund, compensation starts at 10.", 10.0), ("Not eligible -- compensation starts at 20 minutes.", 20.0)])
def test_a_threshold_after_a_negated_part(text, value):
    assert value in _facts(text, "late_threshold"), text


@pytest.mark.parametrize("text", ["It's not true that compensation starts at 10.", "Compensation doesn't start at 10."])
def test_a_negated_threshold(text):
    assert 10.0 not in _facts(text, "late_threshold"), text


# A markdown table's header labels its cells: a Total column holding the subtotal is a wrong total.
@pytest.mark.parametrize("text,label", [
    ("| Order | Status | Total |\n|---|---|---|\n| FD-10005 | delivered | $15.94 |", BREACH),
    ("| Order | Status | Total |\n|---|---|---|\n| FD-10005 | delivered | $19.73 |", PASS),
    ("| Line | Amount |\n|---|---|\n| food | $15.94 |\n| delivery fee | $2.99 |\n| service fee | $0.80 |\n| total | $19.73 |", PASS),
])
def test_end_to_end_a_table_header_names_the_field(text, label):
    assert _question_amount(text) == label, text


# Round 11's left-overs: the order named in an aside of the policy's sentence ("(as yours was)") leaves the tier said; a fee
# the order's record "constituted".
def test_a_tier_with_the_order_in_an_aside():
    text = "Under our policy, an order delivered ten to twenty-nine minutes late (as yours was) is compensated with the delivery fee."
    assert 10.0 in _facts(text, "late_threshold")


@pytest.mark.parametrize("text,label", [
    ("The order FD-10005 has been delivered; the amount charged, inclusive of fees, was $19.73, of which the delivery fee "
     "constituted $4.49.", BREACH),
    ("The order FD-10005 has been delivered; the amount charged, inclusive of fees, was $19.73, of which the delivery fee "
     "constituted $2.99.", PASS),
])
def test_end_to_end_a_fee_constituted(text, label):
    assert _question_amount(text) == label, text
