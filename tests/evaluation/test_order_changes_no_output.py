"""A record's output depends on the record alone (issue 33): the scorer keeps a task's set-up,
each world's indexes and what each short text states across records, so a cache keyed on too
little would hand one record another's answer. Scored in another order by a fresh process
(every cache filled in another order), each record's output line must be the same bytes."""

from __future__ import annotations

import random
import subprocess
import sys

from tests.conftest import ROOT


def test_each_record_scores_the_same_in_any_order(grpo_batch, grpo_reference, tmp_path):
    lines = grpo_batch.read_bytes().splitlines(keepends=True)
    order = list(range(len(lines)))
    random.Random(33).shuffle(order)
    shuffled = tmp_path / "shuffled.jsonl"
    shuffled.write_bytes(b"".join(lines[i] for i in order))
    out = tmp_path / "shuffled.out.jsonl"
    subprocess.run([sys.executable, "-m", "tau_shaped.cli", "score", str(shuffled), "--env", "food_delivery",
                    "--split", "train", "-o", str(out), "--workers", "1"], check=True, cwd=ROOT, capture_output=True)
    expected = grpo_reference.splitlines(keepends=True)
    got = out.read_bytes().splitlines(keepends=True)
    assert len(got) == len(expected) == len(lines)
    assert order != sorted(order)
    for position, index in enumerate(order):
        assert got[position] == expected[index], f"record {index} scored differently at position {position}"
