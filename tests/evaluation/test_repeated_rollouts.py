"""A GRPO group often holds the same rollout more than once; ``RecordScorer.score`` keeps the
result of a line's trajectory by its task and its ``traj`` text, so a repeat is
not scored again. What it writes is what scoring the line alone writes: a repeat of the same
text (another trial) takes the kept result, a text that differs in one character or a rollout
of another task is scored anew."""

from __future__ import annotations

import json

import pytest

from tau_shaped.evaluation import batch_pool, record_scorer
from tau_shaped.evaluation.record_scorer import RecordScorer
from tau_shaped.evaluation.results_stream import iter_raw_lines


@pytest.fixture(scope="module")
def lines(grpo_batch):
    return [json.loads(line) for line in grpo_batch.read_text(encoding="utf-8").splitlines()]


def _file(tmp_path, records):
    path = tmp_path / "rollouts.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records), encoding="utf-8")
    return path


def _score_all(path, scorer):
    return [batch_pool._score_item(scorer, ("line", line), "jsonl") for line in iter_raw_lines(path)]


def _counting(monkeypatch):
    calls = []
    real = record_scorer.score_trajectory

    def counted(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(record_scorer, "score_trajectory", counted)
    return calls


def _reply_changed(record):
    """The record with its last user message changed by one character (another trajectory)."""
    changed = json.loads(json.dumps(record))
    for message in reversed(changed["traj"]):
        if message.get("role") == "user" and isinstance(message.get("content"), str) and message["content"]:
            message["content"] = message["content"] + "!"
            return changed
    raise AssertionError("the record has no user message")


def test_a_repeat_takes_the_kept_result_and_writes_what_scoring_it_alone_writes(tmp_path, lines, monkeypatch):
    first = lines[0]
    repeat = dict(first, trial=first["trial"] + 100)  # the same trajectory, another trial
    other_task = next(r for r in lines if r["info"]["task_key"] != first["info"]["task_key"])
    borrowed = dict(other_task, traj=first["traj"])  # the same text under another task
    changed = _reply_changed(first)
    records = [first, repeat, changed, borrowed, dict(first, trial=first["trial"] + 200)]
    path = _file(tmp_path, records)
    alone = []
    for n, record in enumerate(records):  # each line scored by a scorer of its own
        (tmp_path / str(n)).mkdir()
        alone += _score_all(_file(tmp_path / str(n), [record]), RecordScorer("food_delivery", "train"))
    calls = _counting(monkeypatch)
    together = _score_all(path, RecordScorer("food_delivery", "train"))
    assert together == alone
    assert all(outcome[0][0] == "ok" for outcome in together)
    # scored: the first, the changed one, the one of another task; the two repeats kept
    assert len(calls) == 3
    shaped = [json.loads(outcome[0][1])["info"]["shaped"] for outcome in together]
    assert shaped[1] == shaped[0] and shaped[4] == shaped[0]
    assert json.loads(together[1][0][1])["trial"] == first["trial"] + 100  # the record's own fields kept


def test_a_record_that_is_no_line_is_scored_every_time(lines, monkeypatch):
    calls = _counting(monkeypatch)
    scorer = RecordScorer("food_delivery", "train")
    one = scorer.score(lines[0], "a", validate=True)
    two = scorer.score(dict(lines[0]), "b", validate=True)
    assert one["info"]["shaped"] == two["info"]["shaped"]
    assert len(calls) == 2  # no text to key by: nothing kept


def test_the_memo_is_bounded(lines, monkeypatch):
    texts = [json.dumps(record["traj"]) for record in lines[:6]]
    sizes = [len(t) + record_scorer._RESULT_BYTES for t in texts]
    budget = max(sizes) * 2
    monkeypatch.setattr(record_scorer, "_REPEATS_BYTES", budget)
    scorer = RecordScorer("food_delivery", "train")
    for n, (record, text) in enumerate(zip(lines[:6], texts)):
        scorer.score(record, f"line {n}", traj_text=text)
        assert scorer._repeats.held <= budget
    assert 0 < scorer._repeats.held < sum(sizes)  # some kept, not all: emptied when full


def test_a_text_of_the_same_length_and_end_is_scored_anew(lines, monkeypatch):
    """The memo's key names a bucket (the task, the text's length and end): a text sharing them
    that differs inside (one character of the first user message) is another trajectory."""
    first = lines[0]
    text = json.dumps(first["traj"], ensure_ascii=False)
    changed = json.loads(json.dumps(first))
    message = next(m for m in changed["traj"] if m.get("role") == "user" and m.get("content"))
    message["content"] = ("X" if message["content"][0] != "X" else "Y") + message["content"][1:]
    other = json.dumps(changed["traj"], ensure_ascii=False)
    assert len(other) == len(text) and other[-record_scorer._EDGE:] == text[-record_scorer._EDGE:] and other != text
    calls = _counting(monkeypatch)
    scorer = RecordScorer("food_delivery", "train")
    one = scorer.score(first, "a", traj_text=text)
    two = scorer.score(changed, "b", traj_text=other)
    three = scorer.score(dict(changed, trial=7), "c", traj_text=other)
    assert len(calls) == 2  # the changed text scored, its repeat kept
    assert two["info"]["shaped"] == three["info"]["shaped"]
    assert RecordScorer("food_delivery", "train").score(changed, "d")["info"]["shaped"] == two["info"]["shaped"]
    assert one["info"]["task_key"] == two["info"]["task_key"]
