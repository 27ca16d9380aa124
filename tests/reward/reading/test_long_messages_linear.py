"""Every reader of words together, on one long agent message of a repeated piece (SPEC §10 and
the standards: agent text never hangs the verifier): the whole reward, scored end to end, takes
CPU time linear in the message's length. Each piece is a fragment some reader looks for (digits
and look-alike letters, money, ids, emails, spelled words, negations, clause joints, markup,
table and key=value forms, times and days, dish and allergen words, ...); a reader whose regex
backtracks on a run of them costs about 16 times as much for 4 times the text, a linear one
about 4 times. Measured in this process's CPU time (a loaded machine's waits are not the
reader's), less the trajectory's cost with a short message, the shorter run's with a floor so
that timer noise is no ratio. The run ends in a letter:
a pattern that matches a run to its end at once may backtrack over all of it when the character
after it fails the match."""

from __future__ import annotations

import importlib.util
import time

import pytest

from tau_shaped import Action, load_domain, score_trajectory

PIECES = ["1O", "1 ", "a ", "K o ", "$1", "$1.", "1.", "1,", "not ", "no ", "yes ", "Korma ", "@", "a@", "@b.", "FD-1",
          "#1 ", "- ", "* ", "| ", "1|", '{"a": ', "a=1 ", "five ", "twenty ", "oh ", "I ", ", but ", "though ",
          "refund ", "wallet ", "cancel ", "1-", "((", "<", "<b>", "&#", "at ", "dot ", "Mon ", "by ", "in 1 ", "1:1",
          "1 h ", "1%", "USD ", "peanut ", "nut-", "free ", "CU-1", "555-", "L1", "W1", "yes, ", "? ", "..", "’",
          "Mr. ", "order ", "delivered ", "fraud "]
SHORT, LONG = 2_000, 8_000
FLOOR = 0.02  # seconds: below it the shorter message's own cost is timer and collector noise, not a base for a ratio


def _cost(env, task, text, tag=0, at=0):
    # a new text each time (the readers keep what they read by text: the same one again is a lookup),
    # said just before the ground truth's first write: the readers of confirmations read it too
    actions = list(task.actions)
    actions.insert(at, Action(name="respond", kwargs={"content": f"{tag} {text}"}))
    began = time.process_time()
    result = score_trajectory(env, task, actions)
    return time.process_time() - began, result


@pytest.mark.parametrize("domain", ["food_delivery", "tau2:retail"])  # tau2 airline reads with the same readers
def test_one_long_message_of_any_piece_is_read_in_linear_time(domain):
    if domain.startswith("tau2:") and importlib.util.find_spec("tau2") is None:
        pytest.skip("needs the tau2 extra (pip install -e '.[tau2]')")
    dom = load_domain(domain)
    tasks = dom.tasks("test")
    reads = set(dom.read_tools)
    task = next(t for t in tasks if any(a.name != "respond" and a.name not in reads for a in t.actions))  # a write
    at = next(i for i, a in enumerate(task.actions) if a.name != "respond" and a.name not in reads)
    env = dom.make_env(tasks=tasks, task_index=0)
    cost = lambda text, tag=0: _cost(env, task, text, tag, at)  # noqa: E731
    cost("Hello.")  # the world, the ground truth and the rules built once: what follows is warm
    base = cost("Hello.", tag=1)[0]  # the trajectory's own cost: replay, state, rules (the message aside)
    slow = []
    for piece in PIECES:
        short, result = cost((piece * (SHORT // len(piece) + 1))[:SHORT] + "x")
        assert result.status in ("ok", "undetermined"), (piece, result.status, result.error)
        text = (piece * (LONG // len(piece) + 1))[:LONG] + "x"
        long, _ = cost(text)
        if long - base > 6 * max(short - base, FLOOR):  # once more before it counts: a collection, a cold cache
            long = min(long, cost(text, tag=1)[0])
        if long - base > 6 * max(short - base, FLOOR) or long > 3.0:  # the message's reading alone, 4x as long
            slow.append(f"{piece!r}: {short:.3f}s at {SHORT} characters, {long:.3f}s at {LONG} ({base:.3f}s without)")
    assert not slow, "not linear: " + "; ".join(slow)
