"""Round 9 of issue 41: retail's transfer message ("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT.
PLEASE HOLD ON.") is the message with the contraction too ("You're being transferred ..."); an item
the customer keeps is read in other words ("you're hanging on to the lamp", "you retain ...",
"sticking with ...", "you'll still have ...": retail.confirm.items_listed)."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.domains.tau2_telecom.test_words_round9 import transfer_misjudged  # noqa: E402


def test_the_hold_message_with_the_contraction():
    assert transfer_misjudged("tau2:retail", None, "retail.transfer.hold_message") == []


# retail.confirm.items_listed ("The user needs to confirm the order id and the list of items to be
# returned"): an item the customer keeps, said in other words, is not listed for the return
KEPT = ["#W6390527: return the Water Bottle only; you're hanging on to the Desk Lamp and the Hiking Boots. Shall I?",
        "Return the water bottle from #W6390527, and you'll still have the desk lamp and the hiking boots. OK?",
        "#W6390527: the water bottle goes back; you retain the desk lamp and hiking boots. Proceed?",
        "Sticking with the desk lamp and hiking boots, we return just the water bottle from #W6390527. OK?"]
LISTED = ["#W6390527: return the Water Bottle and the Desk Lamp; hold on to your receipt. Shall I?",
          "For order #W6390527 I'll return the Water Bottle and the Desk Lamp. Confirm?"]


def test_items_kept_in_other_words_are_not_listed():
    from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

    sc = scene("tau2:retail", "test", "5")
    call = next((a, o) for a, o in sc.calls if a.name == "return_delivered_order_items")
    assert call[0].kwargs["item_ids"] == ["8538875209"]  # the water bottle of three items
    wrong = [(label, text) for label, texts in ((PASS, KEPT), (BREACH, LISTED)) for text in texts
             if scored(sc, "retail.confirm.items_listed", [(respond(text), "Yes, go ahead."), call],
                       "I want to return something from #W6390527.") != label]
    assert wrong == []
