"""Round 9 of issue 41 (whole retail episodes, test task 9: the white, medium, USB desk lamp
exchanged for the black, high, AC adapter one). Two misses of retail.confirm.new_item_options:

- A price with cents split the listing clause at its decimal point ("- **Desk Lamp**: white,
  medium, USB ($137.94) → ..."): the part after the arrow named no product and was not read
  (items_listed._SENTENCES: a "." between digits ends no sentence).
- The new side of "old -> new" given an option value of the old item where the new item has
  another ("white, medium, USB -> white, high, AC adapter" for the black lamp) passed: the value
  is the old item's, but said of the new one (new_options._old_after_arrow).
Controls: the right new options, per-option arrows ("white -> black, medium -> high")."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored  # noqa: E402

RULE = "retail.confirm.new_item_options"


@pytest.mark.parametrize("text,label", [
    ("- **Desk Lamp**: white, medium, USB ($137.94) → black, high, AC adapter ($154.17)\n\nShall I proceed?", PASS),
    ("- **Desk Lamp**: white, medium, USB ($137.94) → white, high, AC adapter ($154.17)\n\nShall I proceed?", BREACH),
    ("#W6390527: Desk Lamp white, medium, USB -> white, high, AC adapter. You'd pay $16.23 more via PayPal. OK to exchange?", BREACH),
    ("#W6390527: Desk Lamp white, medium, USB -> black, high, AC adapter. You'd pay $16.23 more via PayPal. OK to exchange?", PASS),
    ("#W6390527: Desk Lamp (white -> black, medium -> high, USB -> AC adapter). OK to exchange?", PASS),
])
def test_the_new_side_of_an_arrow(text, label):
    sc = scene("tau2:retail", "test", "9")
    calls = list(sc.calls)
    steps = calls[:5] + [(respond(text), "yes"), calls[5]]
    assert scored(sc, RULE, steps, "Mei Kovacs, 28236") == label
