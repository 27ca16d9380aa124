"""A task's set-up lives as long as the scorer, so ``score_item`` moves it out of the cyclic
collector's sight once it is built (issue 33: young collections walked it again and again as
it aged, 3-6% of a GRPO batch's CPU); a record of a task already set up freezes nothing, and
what is scored is the same either way."""

from __future__ import annotations

import gc
from types import SimpleNamespace

from tau_shaped.evaluation import batch_pool
from tau_shaped.evaluation.record_scorer import RecordScorer
from tau_shaped.evaluation.results_stream import iter_raw_lines


def _by_task(path):
    from tau_shaped.evaluation.line_scan import scanned_line

    groups: dict = {}
    for line in iter_raw_lines(path):
        groups.setdefault(scanned_line(line)[0]["info"]["task_key"], []).append(("line", line))
    return list(groups.values())


def test_a_new_tasks_setup_is_frozen_and_a_known_tasks_is_not(grpo_batch, monkeypatch):
    frozen = []
    monkeypatch.setattr(batch_pool, "gc", SimpleNamespace(freeze=lambda: frozen.append(1)))  # score_item's alone
    scorer = RecordScorer("food_delivery", "train")
    first, second = _by_task(grpo_batch)[:2]
    batch_pool.score_item(scorer, first[0], "jsonl")
    assert len(frozen) == 1  # the first record of a task: its set-up built, then frozen
    for item in first[1:]:
        batch_pool.score_item(scorer, item, "jsonl")
    assert len(frozen) == 1  # the same task again: nothing new to freeze
    batch_pool.score_item(scorer, second[0], "jsonl")
    assert len(frozen) == 2


def test_freezing_changes_no_output(grpo_batch, monkeypatch):
    items = [item for group in _by_task(grpo_batch)[:3] for item in group]
    plain = [batch_pool._score_item(RecordScorer("food_delivery", "train"), item, "jsonl") for item in items]
    calls = []

    def real_freeze():  # the collector's own freeze, counted (its freeze count is no witness:
        calls.append(1)  # frozen objects that die leave the permanent generation again)
        gc.freeze()

    monkeypatch.setattr(batch_pool, "gc", SimpleNamespace(freeze=real_freeze))
    scorer = RecordScorer("food_delivery", "train")
    frozen = [batch_pool.score_item(scorer, item, "jsonl") for item in items]
    assert len(calls) == 3  # three tasks, each set-up frozen once
    assert frozen == plain
