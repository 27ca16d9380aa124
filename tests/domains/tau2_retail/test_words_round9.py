"""Round 9 of issue 41: retail's transfer message ("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT.
PLEASE HOLD ON.") is the message with the contraction too ("You're being transferred ...")."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.domains.tau2_telecom.test_words_round9 import transfer_misjudged  # noqa: E402


def test_the_hold_message_with_the_contraction():
    assert transfer_misjudged("tau2:retail", None, "retail.transfer.hold_message") == []
