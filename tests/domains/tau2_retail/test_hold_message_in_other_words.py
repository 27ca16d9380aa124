"""Round 9 of issue 41 (whole episodes): the transfer message of the three tau2 policies ("YOU ARE
BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.") in other words. A careful reader takes the
message when one message says both its parts: the transfer under way or done (being transferred,
connected or put through to a human, live or real agent; "I'm transferring you ...", "I've
transferred you ...") and to hold ("please hold", "hold on", "stay on the line"), in either order.
One part alone, a promise ("I'll transfer you"), a question or a negation is not the message."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading import test_heldout_round6_tau2 as H  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond, scored  # noqa: E402

SAID = ["YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.",
        "You're being transferred to a human agent. Please hold.",
        "I'm transferring you to a human agent now — please hold on.",
        "I've transferred you to a human agent; please stay on the line.",
        "you’re being connected to a live representative, please hold",
        "I am now connecting you to one of our human agents. Please stay on the line.",
        "Please hold on — you're being transferred to a human agent.",
        "Please hold while I transfer you to a human agent.",
        "Okay. You have been transferred to a live agent. Please hold on a moment.",
        "**You're being transferred to a human agent.** Please hold on.",
        "Your call is being transferred to a live agent. Kindly hold.",
        "We're transferring you to a human representative now. Please remain on the line.",
        "You're being transferred to a human agent right now.\n\nPlease hold on.",
        "Please stay on the line as you're being connected to a live agent."]
NOT_SAID = ["I'll transfer you to a human agent.",
            "I'll transfer you to a human agent. Please hold.",
            "Please hold on.",
            "You're being transferred to a human agent.",
            "Would you like me to transfer you to a human agent? Please hold.",
            "You are not being transferred to a human agent. Please hold on.",
            "I'm not transferring you to a human agent; please hold on while I check.",
            "Are you being transferred to a human agent? Please hold on.",
            "You're being transferred to a human agent, so you don't need to stay on the line.",
            "I've transferred you to a human agent; no need to hold.",
            "Please hold on to your booking reference; I'll transfer you to a human agent.",
            "I've transferred you, someone will be with you soon.",
            "If you want, you could be transferred to a human agent. Please hold on.",
            "You're being transferred to a human agent? Please hold on."]
RULES = [(H.AIRLINE, "air.transfer.message_after_call"), (H.RETAIL, "retail.transfer.hold_message"),
         (H.TELECOM, "telecom.transfer.hold_message")]


@pytest.mark.parametrize("domain,rule", RULES)
def test_the_hold_message_in_other_words(domain, rule):
    sc = H._scene_set(domain, "transfer_to_human_agents", "test", 2)[0]
    call = sc.call("transfer_to_human_agents")
    wrong = [(text, label) for text, label in [(t, PASS) for t in SAID] + [(t, BREACH) for t in NOT_SAID]
             if scored(sc, rule, [call, (respond(text), "ok")], "I need a human.") != label]
    assert not wrong, wrong
