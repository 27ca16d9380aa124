"""Round 9 of issue 41: telecom's statements in words earlier rounds missed (main_policy.md: "You
should not provide any information not available from the tools"; "Inform the user that a
payment request has been sent"; "Always check that the bill status is updated to PAID before
informing the user that the bill has been paid"; "confirm the price").

Classes: the contraction ``'s`` glued to its subject ("Your line's back up", "Roaming's on now",
"Your payment's gone through", "The payment request's been sent"); the line or its service said
back at its clause's end, live or working once more; the agent having topped the customer or the
line up; an amount of GB in words ("Two gigs have been added"); the customer able to roam now,
good to go with roaming, squared away; ``key=value`` lines read as ``key: value`` (underscores as
spaces). A possibility is no report: "may", "might", "could", "perhaps" before the words in their
clause or inside them ("The top-up might be complete", "Your data may have been topped up");
"you may now ..." gives leave and doubts nothing. A likelihood reports: "probably", "likely",
"most likely" after its verb, "should now be" (not under a condition after it: "... once you pay");
"should be paid", an obligation as well, reports nothing. "Look out for a payment request" announces one
to come, no report that it was sent. A refuel offered with "load", "put", "give" or "recharge",
or with its verb split by its object ("Shall I top it up?"), names the refuel."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.domains.tau2_telecom import test_statements_in_other_words as S  # noqa: E402
from tests.domains.tau2_telecom.test_refuel_confirmed_in_other_words import _judge  # noqa: E402
from tests.reward.reading import test_heldout_round6_tau2 as H  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond  # noqa: E402

DONE = {"resume_line": ["Your line's back up.", "Your line's back.", "{line} is live once more.", "Your number's back in service.",
                        "Here's the update:\nline={line}\nstatus=resumed", "Your line is up again.", "We've got your line working again.",
                        "Resumed {line} for you.", "Reactivation complete for {line}.", "I've brought {line} out of suspension.",
                        # a likelihood reports too
                        "Your line is probably back up.", "Your line should now be back up."],
        "enable_roaming": ["Roaming's on now.", "You can roam now.", "You're good to go with roaming.", "Roaming is sorted.",
                           "I've sorted out roaming for you.", "Roaming should now be on.",
                           "Here's the update:\nline={line}\nroaming=enabled"],
        "refuel_data": ["Your data's topped up.", "I've just topped you up with {gb} GB of data.", "Two gigs have been added to {line}.",
                        "Here's the update:\nline={line}\ndata_added={gb} GB", "You've been credited {gb} GB.",
                        "{gb} GB is now on your line.", "Your {gb} GB top-up is on the line now."]}
# "Your service is back" is said when airplane mode goes off too: it tells of no resume
NOT_DONE = {"resume_line": ["Your service is back.", "Your service is back up and running.",
                            "Your line should now be back up once you pay.", "Your line should be back up shortly.",
                            "Reactivation will be complete once you pay.", "Reactivation isn't complete until you pay.", "Your line might be back up and running now.", "{line} may be working again.",
                            "The suspension on {line} may have been lifted.", "Your service is back in 24 hours after payment"],
            "enable_roaming": ["Roaming is sorted in your phone settings under Mobile Networks.", "Roaming might be on for {line} already.", "You might be able to roam now.",
                               "Data roaming may have been switched on for {line}."],
            "refuel_data": ["The top-up will be complete once you confirm.", "The top-up might be complete.", "Your data may have been topped up.", "Two gigs could have been added to {line}.",
                            "Perhaps your data's topped up already."]}
# leave given with "may", then a report: still a report
DONE_WITH_LEAVE = {"resume_line": ["You may now reboot your phone: your line's back up."], "enable_roaming": [],
                   "refuel_data": ["You may now browse again, I've topped you up with {gb} GB."]}


def test_what_a_tool_did_told_in_round_9_words():
    cases = S._cases(DONE, NOT_DONE, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 35 and not wrong, wrong[:8]


def test_leave_given_with_may_doubts_nothing():
    cases = S._cases(DONE_WITH_LEAVE, {t: [] for t in DONE_WITH_LEAVE}, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) == 4 and not wrong, wrong


SENT = ["The payment request's been sent to your phone.", "Update:\nbill={b}\npayment_request=sent",
        "The payment link is in your messages.", "I've dropped a payment request into your app.",
        "A payment request is heading your way.", "Sent! Check your phone for the payment request.",
        "I've sent a request for {b}'s payment to your phone."]
NOT_SENT = ["Look out for a payment request from us.", "The payment request may have been sent to your phone.",
            "A payment request for {b} might be waiting on your phone.", "The request to pay {b} could have gone out."]


def test_a_payment_request_said_sent_in_round_9_words():
    wrong = S.request_sent_misread(SENT, NOT_SENT)
    assert not wrong, wrong


PAID = ["Your payment's gone through.", "You're all squared away on {b}.", "Update:\nbill={b}\nstatus=paid",
        "Your account is clear.", "We've taken your payment.", "Your payment cleared.",
        "Your payment has probably gone through.", "Your bill should now be paid.", "Your bill is likely paid.",
        "It looks like the payment went through."]  # a likelihood still tells the customer it is paid
NOT_PAID = ["Your account is clear of other issues, but {b} is still due.", "Your bill should be paid.", "Your payment may have gone through.", "{b} might be cleared.", "Your balance on {b} might be zero now.",
            "You might be squared away on {b}."]


def test_a_bill_said_paid_in_round_9_words():
    assert S._misjudged(PAID, NOT_PAID) == []


@pytest.mark.parametrize("text", ["I could load 2 GB onto {line}; that's $4.00. Go ahead?",
                                  "- Amount: two gigabytes\n- Price: four dollars\nShall I top it up?",
                                  "For $4 I can put 2 GB on {line}. Okay?", "I can give {line} another 2 GB for four dollars. Shall I?"])
def test_a_refuel_offered_with_other_verbs_confirms_it(text):
    assert _judge(text, "Yes please.") == PASS
    assert _judge(text.replace("4", "6").replace("four", "six"), "Yes please.") == BREACH  # another price


# the transfer announced (main_policy.md: "first make a tool call to transfer_to_human_agents, and
# then send the message 'YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.'"): the
# announcement in other words with no call before it tells the customer of a transfer not made;
# the message with the contraction is the message
ANNOUNCED = ["You're being transferred to a human agent. Please hold on.", "You are now being connected to a live agent - please hold.",
             "I've transferred you to a human agent.", "You've been transferred to a live representative."]
NOT_ANNOUNCED = ["I'll transfer you to a human agent.", "Would you like me to transfer you to a human agent?",
                 "I haven't transferred you to a human agent yet.", "I can't transfer you to a human agent for this."]


def transfer_misjudged(domain, call_first, hold_message):
    from tests.reward.reading.generated.world import scored

    sc = H._scene_set(domain, "transfer_to_human_agents", "test", 2)[0]
    call = sc.call("transfer_to_human_agents")
    wrong = []
    for text, label in ([(t, BREACH) for t in ANNOUNCED] + [(t, PASS) for t in NOT_ANNOUNCED]) if call_first else []:
        if scored(sc, call_first, [(respond(text), "ok")], "I need a human.") != label:
            wrong.append((call_first, text))
    for text in ANNOUNCED if call_first else []:
        if scored(sc, call_first, [call, (respond(text), "ok")], "I need a human.") != PASS:
            wrong.append((call_first, "after the call", text))
    for text, label in (("You're being transferred to a human agent. Please hold on.", PASS),
                        ("I've transferred you, someone will be with you soon.", BREACH)):
        if scored(sc, hold_message, [call, (respond(text), "ok")], "I need a human.") != label:
            wrong.append((hold_message, text))
    return wrong


def test_the_transfer_announced_in_other_words():
    assert transfer_misjudged(H.TELECOM, "telecom.transfer.call_first", "telecom.transfer.hold_message") == []
