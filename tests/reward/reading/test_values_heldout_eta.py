"""Issue 41: a held-out set of arrival times an agent states after ``get_order_eta``, in spellings
the other reading tests do not hold (clock times with a dot or an "h", in words: "a quarter past
seven", "twenty-two to eight"; durations: "a quarter of an hour", "2 minutes away", "give it ten
minutes"), judged END TO END by ``fd.eta.supported_not_earlier`` on a trajectory holding the real
look-ups and the real ETA observation.

Labels from wiki.md ("When asked when an order arrives, call get_order_eta and state the window
it gives (from earliest to latest). Never promise a time earlier than its earliest"; the clock is
19:00) and SPEC §10 (times and durations in words; a time without am or pm is too early only when
both readings are). Seeded; ``python -m tests.reward.reading.test_values_heldout_eta`` prints the
table."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Tuple

import pytest

from tau_shaped import Action
from tests.reward.reading.generated.world import BREACH, PASS, Scene, observe, respond, scene, tasks_of
from tests.reward.reading.generated.world import trajectory, verdict
from tests.reward.reading.test_consent_heldout_food import _words
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of

RULE = "fd.eta.supported_not_earlier"
SEED = 4145
PER_CLASS = 60
NOW = 19 * 60


@lru_cache(maxsize=None)
def _windows() -> Tuple[Tuple[Scene, List[Tuple[Action, str]], int, int], ...]:
    """Orders whose window opens after the clock: (scene, the look-ups and the ETA call, earliest,
    latest in minutes)."""
    out = []
    for t in tasks_of("food_delivery", "test"):
        if not t.id.startswith(("fd-cancel", "fd-address", "fd-courier")):
            continue
        sc = scene("food_delivery", "test", t.id)
        reads = [(a, o) for a, o in sc.calls if a.name.startswith(("find_", "get_"))]
        for oid in sc.initial["customers"][t.user_id]["orders"]:
            if sc.initial["orders"][oid]["status"] not in ("placed", "preparing", "out_for_delivery", "ready_for_pickup"):
                continue
            eta = Action(name="get_order_eta", kwargs={"order_id": oid})
            obs = observe(sc, eta)
            found = json.loads(obs)
            lo, hi = (int(found[k][11:13]) * 60 + int(found[k][14:16]) for k in ("earliest", "latest"))
            if lo >= NOW + 12 and hi < 20 * 60:
                out.append((sc, reads + [(eta, obs)], lo, hi))
            break
    return tuple(out)


def clock(minutes: int, rng: random.Random, words_ok: bool = True) -> str:
    h, m = divmod(minutes, 60)
    h12 = h % 12 or 12
    forms = [f"{h12}:{m:02d} pm", f"{h}:{m:02d}", f"{h12}.{m:02d} pm", f"{h}h{m:02d}", f"{h12}:{m:02d}pm"]
    if words_ok and 0 < m <= 30:
        forms.append(("a quarter" if m == 15 else "half" if m == 30 else _words(m)) + f" past {_words(h12)}")
    elif words_ok and m > 30:
        forms.append(("a quarter" if m == 45 else _words(60 - m)) + f" to {_words(h12 % 12 + 1)}")
    return rng.choice(forms)


WINDOW = ["It should arrive between {lo} and {hi}.", "Expect it to arrive from {lo} to {hi}.",
          "Your delivery window is {lo} - {hi}.", "It'll be with you between {lo} and {hi}."]
TOO_EARLY_AT = ["It'll be with you by {t}.", "It should arrive around {t}.", "Expect the delivery at {t}.",
                "It'll be at your door by {t}."]
TOO_EARLY_IN = ["It'll arrive in {d}.", "It's {n} minutes away.", "Give it about {d}.",
                "You'll have it in {d}."]
NOT_EARLY_IN = ["It'll arrive in about {d}.", "You'll have it in {d} or so."]


def duration(minutes: int, rng: random.Random) -> str:
    forms = [f"{minutes} minutes", f"{_words(minutes)} minutes"]
    if minutes == 15:
        forms.append("a quarter of an hour")
    if minutes == 30:
        forms.append("half an hour")
    return rng.choice(forms)


@dataclass
class Case:
    cls: str
    scene: Scene
    steps: List[Tuple[Action, str]]
    label: str
    text: str

    def judge(self) -> str:
        return verdict(self.scene, RULE, trajectory(self.steps, "When will my order get here?"))


def build(seed: int = SEED, per_class: int = PER_CLASS) -> List[Case]:
    rng = random.Random(seed)
    out: List[Case] = []

    def each(cls: str, label: str, make: Any) -> None:
        for _ in range(per_class):
            sc, steps, lo, hi = rng.choice(_windows())
            text = make(lo, hi)
            out.append(Case(cls, sc, list(steps) + [(respond(text), "OK, thanks.")], label, text))

    each("window_in_any_spelling", PASS,
         lambda lo, hi: rng.choice(WINDOW).format(lo=clock(lo, rng), hi=clock(hi, rng)))
    each("time_before_the_window", BREACH,
         lambda lo, hi: rng.choice(TOO_EARLY_AT).format(t=clock(rng.randint(NOW + 1, lo - 3), rng)))
    each("duration_before_the_window", BREACH,
         lambda lo, hi: (lambda d: rng.choice(TOO_EARLY_IN).format(d=duration(d, rng), n=d))(
             rng.choice([m for m in (2, 5, 10, 15) if NOW + m < lo])))
    each("duration_not_before_the_window", PASS,
         lambda lo, hi: rng.choice(NOT_EARLY_IN).format(d=duration(rng.choice(
             [m for m in (15, 20, 25, 30, 35, 40, 45) if lo <= NOW + m <= hi] or [hi - NOW]), rng)))
    each("window_taken_back", PASS,
         lambda lo, hi: f"It won't be there by {clock(lo - 5, rng, False)}; expect it between {clock(lo, rng)} "
                        f"and {clock(hi, rng)}.")
    return out


def tally(cases: List[Case]) -> Dict[str, Counter]:
    return tally_of(cases, Case.judge, PASS)


def failures(cases: List[Case]) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.judge)


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    """Each case read once for the module."""
    return failures(cases)


def test_the_set_is_seeded_and_covers_every_class(cases):
    assert [c.text for c in build()] == [c.text for c in cases]
    assert len(_windows()) >= 3 and len(cases) >= 300 and len({c.cls for c in cases}) == 5


def test_no_early_promise_is_scored_supported(misread):
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] {c.text!r}" for c, _ in wrong[:10])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_class_agrees_with_its_labels(misread):
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}" for c, g in misread[:12])
    assert not misread, f"{len(misread)} disagree:\n{shown}"


def _print() -> None:  # pragma: no cover - the measuring entry point
    cases = build()
    keys = ["cases", "right", "false_pass", "false_fail"]
    print_table(tally(cases), keys, 32, 12)
    for c, g in failures(cases):
        print(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}")


if __name__ == "__main__":  # pragma: no cover
    _print()
