"""Batch scoring (issue 20): ``score_file``/``score_batch`` stream a results file through
the scorer on one or many worker processes. What must hold whatever the number of workers:
the same bytes out, in input order; the first bad record (in input order) fails the whole
run with its one-line error and leaves no output behind; torn and blank lines handled as the
reader handles them; at most a bounded number of records in flight; a worker that dies is
an error, never a hang."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation import batch_pool
from tau_shaped.evaluation.batch import score_batch, score_file
from tau_shaped.evaluation.record_scorer import RecordScorer, dump_record
from tau_shaped.evaluation.results_file import ResultsFileError, read_results
from tau_shaped.evaluation.line_scan import scan_record


# grpo_batch (12 train tasks x 8 rollouts) and grpo_reference (it scored by one process): tests/conftest.py

def test_the_output_is_the_same_bytes_for_any_number_of_workers(grpo_batch, grpo_reference, tmp_path):
    for workers in (2, 3):
        out = tmp_path / f"w{workers}.jsonl"
        score_file(grpo_batch, "food_delivery", "train", output=out, workers=workers)
        assert out.read_bytes() == grpo_reference, workers
    lines = grpo_reference.decode().splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == 96
    assert [(r["task_id"], r["trial"]) for r in records] == [(t, k) for t in range(12) for k in range(8)]  # order kept
    statuses = {r["info"]["rollout"]: r["info"]["shaped"]["status"] for r in records if r["task_id"] == 1}
    assert statuses["idle"] == "ok"  # task 1 is an odd task: its last rollout is idle, not malformed
    malformed = [r for r in records if r["info"]["rollout"] == "malformed_call"]
    assert malformed and all(r["info"]["shaped"]["status"] == "input_invalid" for r in malformed)


def test_the_rollouts_get_the_verdicts_their_construction_implies(grpo_reference):
    """The batch is a benchmark input, but its verdicts must be the ones its rollouts were
    built to have (else the benchmark times the wrong work): the ground truth passes; a
    missing write, five dollars more or an unasked credit do not."""
    by_kind = {}
    for line in grpo_reference.decode().splitlines():
        record = json.loads(line)
        by_kind.setdefault(record["info"]["rollout"], []).append(record["info"]["shaped"])
    assert all(s["outcome_reward"] == 1.0 and s["legacy_reward"] == 1.0 for s in by_kind["ground_truth"])
    assert all(s["outcome_reward"] == 1.0 for s in by_kind["failed_lookup_first"])
    for kind in ("missing_write", "amount_plus_5", "stray_credit"):
        # where the change took effect (the state is not the ground truth's: legacy 0), shaped 0
        # too; on a task with no write (a question, a refusal) the variant is the ground truth
        taken = [s for s in by_kind[kind] if s["legacy_reward"] == 0.0]
        assert taken and all(s["outcome_reward"] == 0.0 for s in taken), kind
    # a refund paid as wallet credit where the ground truth refunds the card: legacy 0, shaped 1
    wallet = [s for s in by_kind["valid_alternative"] if s["legacy_reward"] == 0.0]
    assert wallet and all(s["outcome_reward"] == 1.0 for s in wallet)


def test_a_json_list_output_is_laid_out_as_json_dumps_indent_1(grpo_batch, grpo_reference, tmp_path):
    records = list(score_batch(grpo_batch, "food_delivery", "train", workers=1))  # each record's own key order
    for workers in (1, 2):
        out = tmp_path / f"list{workers}.json"
        score_file(grpo_batch, "food_delivery", "train", output=out, workers=workers)
        assert out.read_text(encoding="utf-8") == json.dumps(records, indent=1, ensure_ascii=False)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(ResultsFileError, match=f"{re.escape(str(empty))}: no records to score"):  # issue 28: not an empty output
        score_file(empty, "food_delivery", "train", output=tmp_path / "empty.json", workers=2)
    assert not (tmp_path / "empty.json").exists()


def test_a_json_list_input_scores_like_its_json_lines(grpo_batch, grpo_reference, tmp_path):
    as_list = tmp_path / "batch.json"
    as_list.write_text(json.dumps(read_results(grpo_batch)), encoding="utf-8")
    for workers in (1, 2):
        out = tmp_path / f"from_list{workers}.jsonl"
        score_file(as_list, "food_delivery", "train", output=out, workers=workers)
        assert out.read_bytes() == grpo_reference


def test_score_batch_takes_records_or_paths_and_keeps_their_order(grpo_batch, grpo_reference):
    expected = [json.loads(line) for line in grpo_reference.decode().splitlines()]
    records = read_results(grpo_batch)
    assert list(score_batch(iter(records), "food_delivery", "train", workers=2)) == expected
    assert list(score_batch([grpo_batch, grpo_batch], "food_delivery", "train", workers=1)) == expected + expected


def _with_bad_record(grpo_batch: Path, tmp_path: Path, at: int) -> Path:
    lines = grpo_batch.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[at])
    record["info"]["task"]["instruction"] = "somebody else's task"
    record["info"]["task"]["user_id"] = "CU-0000"  # and somebody else's user: not an edited wording
    lines[at] = json.dumps(record)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("workers", [1, 2])
def test_the_first_bad_record_fails_the_run_naming_it_and_leaves_no_output(grpo_batch, tmp_path, workers):
    bad = _with_bad_record(grpo_batch, tmp_path, at=70)
    out = tmp_path / "out.jsonl"
    with pytest.raises(ResultsFileError) as caught:
        score_file(bad, "food_delivery", "train", output=out, workers=workers)
    message = str(caught.value)
    assert message.startswith(f"{bad}: line 71: info.task is not task ") and "\n" not in message
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]


@pytest.mark.parametrize("workers", [1, 2])
def test_blank_lines_and_a_torn_last_line_are_handled_as_the_reader_does(grpo_batch, grpo_reference, tmp_path, workers):
    lines = grpo_batch.read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines[:40]) + "\n\n   \n" + "\n".join(lines[40:]) + "\n" + lines[0][: len(lines[0]) // 2]
    path = tmp_path / "torn.jsonl"
    path.write_text(text, encoding="utf-8")
    notes, read_notes = [], []
    read_results(path, read_notes)
    out = score_file(path, "food_delivery", "train", output=tmp_path / "torn.out.jsonl", workers=workers, notes=notes)
    assert out.read_bytes() == grpo_reference
    assert notes == read_notes and len(notes) == 1 and "torn last line" in notes[0]


class _Items:
    """Items handed out one at a time, counting how many are out at once."""

    def __init__(self, items):
        self.items, self.pulled, self.done, self.most = items, 0, 0, 0

    def __iter__(self):
        for item in self.items:
            self.pulled += 1
            self.most = max(self.most, self.pulled - self.done)
            yield item


def test_records_in_flight_are_bounded(grpo_batch):
    scorer = RecordScorer("food_delivery", "train")
    items = _Items([("record", f"record {n}", r) for n, r in enumerate(read_results(grpo_batch))])
    outputs = []
    for status, _ in batch_pool.score_parallel(scorer, items, workers=2, form="jsonl", chunk=2, in_flight=5):
        items.done += 1
        outputs.append(status)
    assert len(outputs) == 96 and all(s[0] == "ok" for s in outputs)
    assert items.most <= 2 * 5 + 1


def test_a_worker_that_dies_is_an_error_not_a_hang(grpo_batch, tmp_path, monkeypatch):
    real = batch_pool.score_item
    parent = os.getpid()  # scores its share too: only a forked worker dies

    def dies_on_record_30(scorer, item, form):
        if item[0] == "line" and item[1].number >= 30 and os.getpid() != parent:
            os._exit(3)
        return real(scorer, item, form)

    monkeypatch.setattr(batch_pool, "score_item", dies_on_record_30)  # the forked workers inherit it
    with pytest.raises(ResultsFileError, match=r"a scoring worker stopped \(exit code 3\)"):
        score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert not (tmp_path / "o.jsonl").exists()


def test_routing_hints_read_off_a_line_are_only_hints(grpo_batch):
    """A line whose text names one task but whose record is of another is scored as its record
    says (the hint only picks the worker); a hostile line costs linear time."""
    scorer = RecordScorer("food_delivery", "train")
    line = grpo_batch.read_bytes().split(b"\n")[0]
    from tau_shaped.evaluation.results_stream import RawLine

    assert batch_pool.route_key(scorer, ("line", RawLine("f", 1, 0, line, False))) == 0
    hostile = b'{"task_key": "' + b"\\" * 100_000 + b'"x' * 50_000
    assert batch_pool.route_key(scorer, ("line", RawLine("f", 1, 0, hostile, False))) is None


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True), st.text(max_size=4)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)),
    max_leaves=8)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["info", "traj", "task_id", "trial", "reward", "x", "é"]), json_values), max_size=6),
       st.sampled_from([(", ", ": "), (",", ":"), (" , ", " :  ")]), st.booleans(), st.sampled_from(["", " ", "\t\r "]))
def test_a_lines_top_level_is_read_as_json_loads_reads_it(pairs, separators, ascii_only, pad):
    """SPEC §8 (nothing lost, no silent wrong answer): the scan that keeps where each value's
    text is gives json.loads' object (a repeated key: the last), or None (the reader's own path
    then decides); every span is the text of its value."""
    item, key = separators
    text = pad + "{" + item.join(json.dumps(k, ensure_ascii=ascii_only) + key + json.dumps(v, ensure_ascii=ascii_only)
                                 for k, v in pairs) + "}" + pad
    found = scan_record(text)
    assert found is not None
    record, spans = found
    assert json.dumps(record, sort_keys=True) == json.dumps(json.loads(text), sort_keys=True)
    for name, (start, end) in spans.items():
        assert json.dumps(json.loads(text[start:end])) == json.dumps(record[name])
    for broken in (text + "}", text[:-len(pad) - 1] if pairs else "{", "[" + text + "]", text.replace("{", "{,", 1)):
        try:
            json.loads(broken)
        except ValueError:
            assert scan_record(broken) is None


def test_scored_lines_keep_the_values_scoring_did_not_change_as_they_were(grpo_batch, tmp_path):
    """A line as `run` writes it (keys sorted, UTF-8) comes out as a full re-encoding would write
    it, byte for byte; a line another tool wrote (compact, ASCII escapes) keeps its own text for
    the values scoring did not touch, and parses to the same record."""
    expected = [dump_record(r, "jsonl") for r in score_batch(read_results(grpo_batch), "food_delivery", "train")]
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=1)
    assert out.read_text(encoding="utf-8") == "".join(expected)
    compact = tmp_path / "compact.jsonl"
    compact.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in read_results(grpo_batch)), encoding="utf-8")
    got = score_file(compact, "food_delivery", "train", output=tmp_path / "c.jsonl", workers=2).read_text(encoding="utf-8")
    assert [json.loads(line) for line in got.splitlines()] == [json.loads(line) for line in expected]
    assert '"traj": [{"content":' in got  # the traj as the compact line had it


def test_the_small_input_check_stops_counting_early(grpo_batch):
    """score_file counts a whole file only to draw a progress bar; deciding whether to fork
    reads until it has seen enough lines."""
    from tau_shaped.evaluation.results_stream import count_records

    assert count_records(grpo_batch) == 96
    assert count_records(grpo_batch, chunk_size=1, at_most=3) == 3
    assert count_records(grpo_batch, at_most=1000) == 96
