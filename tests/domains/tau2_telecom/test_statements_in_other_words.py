"""``telecom.statements.done_said``, ``telecom.payment.request_sent_said`` and ``telecom.payment.paid_checked`` in wordings their first versions missed (main_policy.md: "You
should not provide any information not available from the tools"): the line said back up, live
or on again, un-suspended; roaming said active or flipped on, the line able to roam now; data
said topped up in a sentence of its own, a top-up done, an extra N GB on the line now. Said with
no call that did it, each breaks the rule; after the call, none does. A promise, an offer, a
question, a check put to the customer ("make sure roaming is on"), the customer's own phone and
a state read from a tool are no such statement."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading import test_heldout_round6_tau2 as H  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond  # noqa: E402

DONE = {"resume_line": ["All set - {line} is back up and running.", "{line} is live again.", "Your suspension is over; {line} works again.",
                        "Line {line}: ACTIVE", "You're good to go: {line} has been unsuspended.", "I've un-suspended {line}.",
                        "The line ({line}) is active again as of now.", "I switched {line} back on for you.",
                        "{line} has been brought back online.", "Line {line} is now operational."],
        "enable_roaming": ["{line} can now roam abroad.", "You're all set to use data overseas on {line}.", "I've turned roaming on for {line}.",
                           "Roaming is active on {line} now.", "I flipped roaming on for {line}.", "{line} now has roaming."],
        "refuel_data": ["Your {line} now has an extra {gb} GB.", "Top-up of {gb} GB done for {line}.", "{line}: +{gb} GB",
                        "I topped up {line} with {gb}GB.", "Added {gb} gigabytes to {line}.", "You've got {gb} more GB on {line} now."]}
NOT_DONE = {"resume_line": ["I can reactivate {line} once you confirm.", "{line} is still suspended.",
                            "Would you like me to bring {line} back online?", "Once {line} is back online, reboot your phone."],
            "enable_roaming": ["Would you like roaming switched on for {line}?", "Roaming isn't on yet for {line}.",
                               "If you want, I can turn roaming on for {line}.", "Please check whether roaming is on in your settings.",
                               "Could you make sure roaming is on in your phone settings?", "Roaming is ready to be switched on - shall I do it?"],
            "refuel_data": ["Before I top up {line} with {gb} GB, please confirm.", "Let me know and I'll add {gb} GB to {line}.",
                            "I haven't added the {gb} GB to {line} yet.", "Options: +1 GB ($2), +2 GB ($4). Which would you like?",
                            "The top-up is processed instantly once you confirm.", "You've got {gb} more GB available if you choose to refuel."]}
# round 8: in negative words (asserted's negative_form): what was wrong said to be so no longer
DONE_IN_NEGATIVE_WORDS = {
    "resume_line": ["{line} is no longer suspended.", "The suspension is no longer in place on {line}.",
                    "Your line isn't suspended anymore.", "Nothing is blocking your line now.",
                    "There's no suspension on your line anymore.", "{line} is not blocked any more, you can make calls."],
    "enable_roaming": ["Roaming is no longer disabled on {line}.", "Roaming is no longer off.", "Roaming isn't turned off anymore on {line}."],
    "refuel_data": ["You're no longer out of data on {line}.", "You no longer have a data shortage.", "You're not out of data anymore."]}
NOT_DONE_IN_NEGATIVE_WORDS = {
    "resume_line": ["{line} won't be suspended anymore once you pay.", "{line} isn't suspended; it's a network issue.",
                    "Once you pay, {line} will no longer be suspended.", "Is {line} no longer suspended?",
                    "I can't confirm {line} is no longer suspended."],
    "enable_roaming": ["Roaming isn't off, it was never disabled.", "If roaming is no longer off, try again."],
    "refuel_data": ["You're not out of data, you have some left.", "Once I add it, you'll no longer be out of data."]}
# round 8: headline and field forms, other verbs
DONE_ROUND8 = {
    "resume_line": ["Service restored on {line}.", "{line} — reactivated ✅", "I've reinstated your line.", "Your line is reinstated.",
                    "I've lifted the block on {line}.", "The line is unblocked now."],
    "enable_roaming": ["You're all set for roaming.", "Roaming enabled on {line}."],
    "refuel_data": ["{gb} GB added ✔", "I've given you {gb} more gigs.", "Your line now has {gb}GB extra data.",
                    "{line} has an additional {gb} GB now."]}
NOT_DONE_ROUND8 = {
    "resume_line": ["Once I've reinstated your line, restart your phone.", "Shall I lift the block on {line}?",
                    "I haven't reinstated your line yet.", "{line} - suspended", "Let me check whether your line is unblocked."],
    "enable_roaming": ["If roaming is enabled, you can use data abroad.", "Your service is back now that airplane mode is off."],
    "refuel_data": ["You have {gb} GB left this month.", "Would you like {gb} more gigs?", "I can give you {gb} more gigs for $4.",
                    "Your line has {gb} GB of data remaining."]}
NEUTRAL = ["Your phone's mobile data is now on.", "I've put you back on hold for a moment.", "Your phone is back online after the reboot.",
           "Airplane mode is now off, and your signal is back.", "Your data usage on {line} is 14.2 GB this month."]


def _cases(done=DONE, not_done=NOT_DONE, neutral=NEUTRAL):
    out = []
    for tool in sorted(done):
        scene = H._scene_set(H.TELECOM, tool, "train", 4)[0]
        call, obs = scene.call(tool)
        line, gb = call.kwargs.get("line_id"), f"{float(call.kwargs.get('gb_amount', 1)):g}"
        lead = [scene.call("get_customer_by_phone")]
        for kind, texts in (("no_call", done[tool]), ("after_call", done[tool]), ("not_done", not_done[tool]), ("neutral", neutral)):
            for text in texts:
                words = text.format(line=line, gb=gb)
                said = (respond(words), "OK.")
                steps = lead + ([(call, obs), said] if kind == "after_call" else [said])
                out.append(H.Case(f"{tool}:{kind}", scene, (H.T_DONE,), steps, BREACH if kind == "no_call" else PASS,
                                  "Help with my line please.", words))
    return out


def test_each_wording_is_judged_as_the_policy_reads_it():
    cases = _cases()
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 70 and not wrong, wrong[:8]


def test_each_wording_in_negative_words_is_judged_as_the_policy_reads_it():
    """"{line} is no longer suspended" says the line resumed: a breach with no resume_line before
    it, none after; a promise, a condition, a question, a denial before it or a state with no
    change ("isn't suspended; it's a network issue") says nothing done."""
    cases = _cases(DONE_IN_NEGATIVE_WORDS, NOT_DONE_IN_NEGATIVE_WORDS, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 30 and not wrong, wrong[:8]


# ``telecom.payment.request_sent_said`` ("Send the user a payment request ... Inform the user that
# a payment request has been sent"): the request said sent in other words, with no call that sent it
SENT = ["Check your phone - I've just sent over a request to pay {b}.", "A request to settle {b} should now be on your device.",
        "Payment link for {b} sent!", "You'll find a payment prompt for {b} on your phone now.", "I've initiated the payment request for bill {b}.",
        "The payment request for {b} went out a moment ago.", "Done - a pay request for {b} is waiting for you.",
        "I forwarded the bill {b} payment request to your phone.", "Request sent: {b}", "I just pinged your phone with the payment request for {b}.",
        "Your device should now show a request to pay {b}.", "I've sent {b} to your phone for payment.",
        # round 8
        "A request for {b} is now waiting on your phone.", "You should have received a payment notification just now.",
        "Check your phone — the request is there.", "I've queued up a payment request for {b}.",
        "The bill {b} payment request is live on your device.", "I've pushed the payment through to your phone for approval.",
        "A payment request was just texted to you."]
NOT_SENT = ["Shall I send the payment request for {b}?", "I'll send a payment request for {b} once you confirm.",
            "I haven't sent the payment request for {b} yet.", "Would you like a payment request for {b} sent to your phone?",
            "I can send a request to pay {b} if you'd like.", "The payment request will be on your phone once I send it.",
            "Once I've sent the payment request for {b}, you'll see it on your phone.", "The payment request for {b} will be sent after you confirm.",
            "Do you see a payment prompt for {b} on your phone?", "I'm about to send the payment link for {b}.",
            "Before I send the request to pay {b}, please confirm the amount.",
            "Once the request arrives, approve it.", "Is the request there on your phone?", "You will receive a payment request shortly.",
            "When you have received the payment request, approve it.", "The request will be waiting on your phone after I send it."]


def test_a_payment_request_said_sent_is_judged_as_the_policy_reads_it():
    wrong = request_sent_misread(SENT, NOT_SENT)
    assert not wrong, wrong


def request_sent_misread(sent: list, not_sent: list) -> list:
    """The words misread of a payment request said sent: each of ``sent`` after the call (told)
    and with no call (a breach), each of ``not_sent`` after the call (nothing told, no breach)."""
    scene = H._scene_set(H.TELECOM, "send_payment_request", "train", 4)[0]
    call, obs = scene.call("send_payment_request")
    lead = [scene.call("get_customer_by_phone"), scene.call("get_bills_for_customer")]
    wrong = []
    for kind, texts in (("no_call", sent), ("after_call", sent), ("not_sent", not_sent)):
        for text in texts:
            words = text.format(b=call.kwargs["bill_id"])
            said = (respond(words), "OK.")
            case = H.Case(kind, scene, (H.T_SAID,), lead + ([(call, obs), said] if kind == "after_call" else [said]),
                          BREACH if kind == "no_call" else PASS, "My line is suspended.", words)
            if case.judge() != case.label:
                wrong.append((kind, words))
    return wrong


# ``telecom.payment.paid_checked`` ("Always check that the bill status is updated to PAID before
# informing the user that the bill has been paid"): the bill said paid in other words
PAID = ["You're all paid up.", "Your balance on {b} is now zero.", "{b} is taken care of.", "Thanks, that bill's been squared away.",
        "Payment went through for {b}.", "We've received your payment for {b}.", "Your payment for {b} has been applied.", "{b} - PAID",
        "Your bill {b} is sorted.", "Great, {b} shows as paid now.", "The overdue amount on {b} has been cleared.", "{b} is settled.",
        # round 8
        "Payment confirmed — thank you!", "Your account is now in good standing.", "All set, your bill's paid.",
        "The $50.00 has been paid in full."]
NOT_PAID = ["Once {b} is paid, I'll resume your line.", "Has the payment for {b} gone through on your side?", "{b} is still unpaid.",
            "Let me check whether {b} is paid.", "Please pay {b} using the request on your phone.", "I can't confirm that {b} is paid yet.",
            "After your payment is applied, I'll resume the line.", "Your balance will be zero once you pay.",
            "You'll be all paid up once you approve the request.", "Is {b} taken care of on your side?",
            "When the payment is posted, your line comes back.", "Please make sure {b} is paid before we continue.",
            "Once paid in full, your line will be resumed.", "Is your account in good standing?",
            "Payment confirmation will arrive by text.", "Your account isn't in good standing until you pay.",
            "Thanks for your payment! Let me check the bill's status."]


# and in negative words: what is owed said to be nothing (asserted's ``negative_form``); a denial
# before them, a condition, a question, another charge or a bill merely not overdue say nothing
PAID_IN_NEGATIVE_WORDS = ["Nothing is owed on {b} anymore.", "You no longer owe anything.", "You don't owe anything now.",
                          "There's nothing left to pay on your account.", "No balance remains on {b}.",
                          "There is no outstanding balance on your account now.", "{b} no longer has an amount due.",
                          "You owe nothing at this point.", "Your bill is no longer overdue.", "Nothing's owed now.",
                          "{b} isn't overdue any more.", "You have nothing outstanding."]
NOT_PAID_IN_NEGATIVE_WORDS = ["I can't confirm that nothing is owed yet.", "Once nothing is owed, I'll resume the line.",
                              "Is there nothing left to pay?", "There's nothing left to do but wait for the payment.",
                              "You don't owe anything extra for roaming.", "Your bill isn't overdue, it's just issued.",
                              "I can't say you no longer owe anything until I check.",
                              "If you no longer owe anything, the line can be resumed.", "Let me check whether nothing is owed now.",
                              "You still owe the full amount on {b}."]


def _misjudged(paid_texts, not_paid_texts):
    """Each text said after the payment with no look-up since the request (a breach when it says
    the bill paid), after a look-up of the requested bill (never a breach), and the texts that
    say nothing paid (never a breach): the ones judged otherwise."""
    from tau_shaped import Action

    scene = H._scene_set(H.TELECOM, "send_payment_request", "train", 4)[0]
    call, obs = scene.call("send_payment_request")
    bill = call.kwargs["bill_id"]
    paid = [scene.call("get_customer_by_phone"), scene.call("get_bills_for_customer"), (call, obs), scene.call("user:make_payment")]
    wrong = []
    for kind, texts in (("no_read", paid_texts), ("this_bill", paid_texts), ("not_paid", not_paid_texts)):
        for text in texts:
            words = text.format(b=bill)
            read = [(Action(name="get_details_by_id", kwargs={"id": bill}), "")] if kind == "this_bill" else []
            case = H.Case(kind, scene, (H.T_PAID,), paid + read + [(respond(words), "Great.")],
                          BREACH if kind == "no_read" else PASS, "My line is suspended.", words, replayed=True)
            if case.judge() != case.label:
                wrong.append((kind, words))
    return wrong


def test_a_bill_said_paid_is_judged_as_the_policy_reads_it():
    """Said after the payment with no look-up since the request, a breach; after a look-up of the
    requested bill (Paid), none; a condition, a question, a denial or a request, never."""
    assert _misjudged(PAID, NOT_PAID) == []


def test_a_bill_said_paid_in_negative_words_is_judged_as_the_policy_reads_it():
    """"Nothing is owed", "you no longer owe anything": the statement their words make, not its
    negation; a negation before them, a condition or a question still states nothing."""
    assert _misjudged(PAID_IN_NEGATIVE_WORDS, NOT_PAID_IN_NEGATIVE_WORDS) == []


def test_each_round8_wording_is_judged_as_the_policy_reads_it():
    """Headline and field forms ("Service restored on L1002", "L1002 — reactivated", "2 GB
    added"), other verbs (reinstated, unblocked, the block lifted, 2 more gigs given): a breach
    with no call, none after it; a promise, a question, a condition, a denial or a state
    ("you have 2 GB left", "L1002 - suspended") says nothing done."""
    cases = _cases(DONE_ROUND8, NOT_DONE_ROUND8, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 30 and not wrong, wrong[:8]
