"""SPEC §2: the legacy hash reproduces tau-bench's digests exactly."""

import ast
import json

import pytest

from tau_shaped.env.hashing import consistent_hash, data_hash, hashable_text, to_hashable
from tests.conftest import FIXTURES

# digests computed by tau-bench itself (the file's "source"; tests/fixtures/README.md)
FIXTURE = json.loads((FIXTURES / "taubench_hash_vectors.json").read_text(encoding="utf-8"))
VECTORS = FIXTURE["vectors"]


def _data(vector):
    if "data" in vector:
        return vector["data"]
    # a Python-only value (a set): a literal, parsed without eval
    return ast.literal_eval(vector["data_python_repr"])


def test_fixture_has_all_vectors():
    assert len(VECTORS) == 15
    assert len({v["name"] for v in VECTORS}) == 15
    assert FIXTURE["source"].startswith("tau_bench.envs.base.to_hashable + consistent_hash")


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_digest_reproduced(vector):
    """SPEC §2: sha256(str(to_hashable(S))) equals tau-bench's digest."""
    assert consistent_hash(to_hashable(_data(vector))) == vector["sha256"]
    assert data_hash(_data(vector)) == vector["sha256"]


def test_distinctions_kept():
    """SPEC §2/§4.4: the legacy hash keeps 10 vs 10.0 and 1 vs True apart."""
    assert data_hash({"a": 10}) != data_hash({"a": 10.0})
    assert data_hash({"a": 1}) != data_hash({"a": True})
    assert hashable_text({"a": 1}) != hashable_text({"a": True})


def test_tuples_left_as_they_are():
    """tau-bench's to_hashable leaves tuples untouched (only dict, list, set are converted)."""
    inner = {"b": 1}
    assert to_hashable((inner,)) == (inner,)
    assert to_hashable([inner]) == ((("b", 1),),)


def test_states_equal_by_full_hash_or_by_the_changed_records():
    """SPEC §2: r_actions is hash(Sa) == hash(Sg). Without a change set the whole state is
    hashed; with one, only those records are compared (the rest are the same S0 by
    construction), with tau-bench's distinctions (10 != 10.0)."""
    from tau_shaped.reward.legacy_reward import states_equal

    sg = {"t": {"a": 1, "b": [1, 2]}, "u": {"x": 10}}
    gt_hash = data_hash(sg)
    assert states_equal(json.loads(json.dumps(sg)), sg, None, gt_hash) is True
    assert states_equal({"t": {"a": 1, "b": [2, 1]}, "u": {"x": 10}}, sg, None, gt_hash) is False
    assert states_equal({"t": {"a": 1, "b": [1, 2]}, "u": {"x": 10.0}}, sg, None, gt_hash) is False
    changed = {("t", "a"), ("t", "b")}
    assert states_equal({"t": {"a": 1, "b": [1, 2]}, "u": {"x": 99}}, sg, changed, gt_hash) is True  # u.x unchanged by contract
    assert states_equal({"t": {"a": 1.0, "b": [1, 2]}, "u": {"x": 10}}, sg, changed, gt_hash) is False
    assert states_equal({"t": {"b": [1, 2]}, "u": {"x": 10}}, sg, changed, gt_hash) is False  # deleted on one side
