"""The scenes of round 18's tau2 held-out sets (test_heldout_round18_tau2*.py): round 17's
(heldout_round17_tau2_world: retail returns, exchanges and cancellations, an airline cancellation, telecom's refuel,
payment request, bill paid and line resumed) and one more, judged end to end the same way:

- ``air_book``: airline test 25, Ivan Muller books for his friend Ivan Smith (born 1986-03-14) DTW to SEA one way on
  HAT097 and HAT251 of 2024-05-17, economy, no bags, no insurance, $128 on gift_card_8516878 and $247 on
  credit_card_3563913 ($375). Rules air.confirm.before_write and air.confirm.details_listed (a breach of either).
"""

from __future__ import annotations

from typing import Sequence

from tests.reward.reading import heldout_round17_tau2_world as r17
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, respond, scene, trajectory, verdict

__all__ = ["case", "judge", "run_set", "BREACH", "PASS", "UNDETERMINED"]

BOOK_RULES = ("air.confirm.before_write", "air.confirm.details_listed")
case = r17.case


def judge(c: r17.Case) -> str:
    if c.kind != "air_book":
        return r17.judge(c)
    sc = scene("tau2:airline", "test", "25")
    steps = [(respond(m), r) for m, r in c.turns] + [sc.call("book_reservation")]
    got = [verdict(sc, r, trajectory(steps, "My user id is ivan_muller_7015.")) for r in BOOK_RULES]
    return BREACH if BREACH in got else UNDETERMINED if UNDETERMINED in got else PASS


def run_set(cases: Sequence[r17.Case]) -> None:
    from tests.reward.reading.heldout_tally import misread, print_table, tally

    rows = tally(cases, judge, PASS, UNDETERMINED)
    print_table(rows, ("cases", "right", "false_pass", "false_fail", "undetermined_wrongly", "decided_wrongly"), 30, 10)
    for c, got in misread(cases, judge):
        print(f"MISREAD {cases.index(c)} [{c.cls}] {c.kind} label={c.label} got={got}: {c.turns}")
