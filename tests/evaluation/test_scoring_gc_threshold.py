"""``score_file`` raises the collector's young-generation threshold while it scores (fewer
young collections walking the readers' kept answers again and again) and sets it back when
the run ends, however it ends; what it writes does not depend on it."""

from __future__ import annotations

import gc

import pytest

from tau_shaped.evaluation import batch
from tau_shaped.evaluation.batch import score_file


@pytest.fixture
def default_thresholds():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_raised_while_scoring_and_set_back(grpo_batch, grpo_reference, tmp_path, monkeypatch, default_thresholds):
    seen = []
    real = batch.score_item

    def watched(*args, **kwargs):
        seen.append(gc.get_threshold())
        return real(*args, **kwargs)

    monkeypatch.setattr(batch, "score_item", watched)
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "out.jsonl", workers=1)
    assert seen and all(t == (batch.YOUNG_COLLECTION_AT, 10, 10) for t in seen)
    assert gc.get_threshold() == (700, 10, 10)
    assert out.read_bytes() == grpo_reference


def test_set_back_when_a_record_fails(tmp_path, default_thresholds):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"task_id": 0, "traj": [], "info": {}}\n', encoding="utf-8")
    with pytest.raises(Exception):
        score_file(bad, "food_delivery", "train", output=tmp_path / "out.jsonl", workers=1)
    assert gc.get_threshold() == (700, 10, 10)


def test_a_higher_threshold_is_kept(grpo_batch, tmp_path, monkeypatch):
    before = gc.get_threshold()
    gc.set_threshold(50000, 10, 10)
    try:
        seen = []
        real = batch.score_item
        monkeypatch.setattr(batch, "score_item", lambda *a, **k: seen.append(gc.get_threshold()) or real(*a, **k))
        score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "out.jsonl", workers=1)
        assert seen[0] == (50000, 10, 10)
        assert gc.get_threshold() == (50000, 10, 10)
    finally:
        gc.set_threshold(*before)
