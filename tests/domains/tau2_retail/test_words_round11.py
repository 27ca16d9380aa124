"""Round 11 of issue 41: whole retail episodes in new styles (a voice assistant's transcript,
support-ticket notes, translated English, policy-quoting letters).

- ``retail.confirm.new_item_options``: the new side given as its options before "one" ("exchange
  the desk lamp the white, medium, USB one for the white, high, AC adapter one" when the new lamp
  is black) is the new side (new_options.py): an old option said there, with the new item's own
  value not said, is another variant (round 10's left-over; before, a false pass). The same words
  with the new item's options pass.
- ``retail.transfer.hold_message``: the hold message run on with no punctuation ("you are being
  transferred to a human agent please hold on") is tested with the airline's and telecom's in
  tests/domains/tau2_airline/test_words_round11.py."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

# test task 9: the white, medium, USB desk lamp exchanged for the black, high, AC adapter one
VOICE = ("alright so for order #W6390527 i'd exchange the desk lamp the white, medium, USB one {prep} the {new} one um you'd pay "
         "sixteen dollars and twenty-three cents more on your paypal sound good should i do it?")


@pytest.mark.parametrize("text,label", [
    *[(VOICE.format(prep=p, new="black, high, AC adapter"), "pass") for p in ("to", "for", "into")],
    *[(VOICE.format(prep=p, new="white, high, AC adapter"), "breach") for p in ("to", "for", "into")],
    (VOICE.format(prep="for", new="black, low, battery"), "breach"),
    ("For the order #W6390527 I make the exchange of the Desk Lamp (white, medium, USB) with the new one (black, high, AC adapter, 153,18 $). "
     "Please to confirm.", "pass"),
    ("For the order #W6390527 I make the exchange of the Desk Lamp (white, medium, USB) with the new one (white, high, AC adapter, 153,18 $). "
     "Please to confirm.", "breach"),
    ("Pursuant to our policy, the Desk Lamp of order #W6390527 (white, medium, USB) would be exchanged for the black, high, AC adapter "
     "version. Do you authorize this exchange?", "pass"),
    ("Pursuant to our policy, the Desk Lamp of order #W6390527 (white, medium, USB) would be exchanged for the white, high, AC adapter "
     "version. Do you authorize this exchange?", "breach"),
])
def test_the_new_side_before_one(text, label):
    from tests.reward.reading.generated.world import respond, scene, scored

    sc = scene("tau2:retail", "test", "9")
    calls = list(sc.calls)
    steps = calls[:5] + [(respond(text), "yes"), calls[5]]
    assert scored(sc, "retail.confirm.new_item_options", steps, "Mei Kovacs, 28236") == label
