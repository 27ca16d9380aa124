"""Issue 15: every reader of untrusted input gives one line naming the file: recordings,
knowledge bases, the grader corpus and noise configs, on the same hostile files as task files
(UTF-16, invalid UTF-8, nesting 100,000 deep, a 5,000-digit integer, NaN, a repeated key)."""

from __future__ import annotations

import pytest

from tau_shaped.evaluation.agents.replay import load_recordings
from tau_shaped.tasks.grader_suite import load_corpus
from tau_shaped.verifiers.noise.config import NoiseConfigError, load_noise_config
from tau_shaped.verifiers.single_turn.knowledge_base import KnowledgeBase

HOSTILE = {
    "utf16": "[]".encode("utf-16"),
    "not_utf8": b'[{"task_id": "\xff"}]',
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "long_int": b'[{"task_id": ' + b"7" * 5000 + b"}]",
    "nan": b'[{"task_id": NaN}]',
    "repeated_key": b'[{"task_id": "a", "task_id": "b"}]',
}


def _readers(tmp_path):
    def corpus(path):
        folder = tmp_path / "corpus"
        folder.mkdir(exist_ok=True)
        (folder / "x.json").write_bytes(path.read_bytes())
        return load_corpus(folder)

    return {"recordings": load_recordings, "knowledge base": KnowledgeBase.load, "corpus": corpus}


@pytest.mark.parametrize("case", sorted(HOSTILE))
@pytest.mark.parametrize("reader", ["recordings", "knowledge base", "corpus"])
def test_hostile_json_files_are_one_line(tmp_path, case, reader):
    path = tmp_path / f"{case}.json"
    path.write_bytes(HOSTILE[case])
    with pytest.raises(ValueError) as err:
        _readers(tmp_path)[reader](path)
    message = str(err.value)
    assert "\n" not in message and (path.name in message or "x.json" in message), message


@pytest.mark.parametrize("content, needle", [
    ("a: 1\n".encode("utf-16"), "UTF-16"),
    (b"tiers: \xff\n", "UTF-8"),
    (b"a: " + b"[" * 50_000 + b"\n", ""),
    (b"x: 1\n" * 300_000, "larger than"),
])
def test_hostile_noise_configs_are_one_line(tmp_path, content, needle):
    path = tmp_path / "noise.yaml"
    path.write_bytes(content)
    with pytest.raises(NoiseConfigError) as err:
        load_noise_config(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value) and needle in str(err.value)
