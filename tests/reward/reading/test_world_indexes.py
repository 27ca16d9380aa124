"""The readers' indexes of a world can be made ahead (``build_world_indexes``): a process that
forks scoring workers makes them before the fork so that every worker inherits them. Made ahead,
they are the very objects the readers then use (kept by the world's identity), so reading is the
same; ``score_file`` on several workers makes them for the worlds it builds first."""

from __future__ import annotations

from tau_shaped.evaluation import batch
from tau_shaped.reward.reading import identifiers, s0_ids, user_records
from tau_shaped.reward.reading.world_indexes import build_world_indexes


def _world():
    return {"customers": {"CU-1": {"email": "mia.li7@example.com", "phone": "503-555-7232", "first_name": "Mia",
                                   "last_name": "Li", "addresses": [{"street": "12 Oak St"}], "orders": ["FD-10045"]},
                          "CU-2": {"email": "ben.h@example.com", "phone": "503-555-1111", "first_name": "Ben",
                                   "last_name": "Haddad", "addresses": [], "orders": ["FD-10490"]}},
            "orders": {"FD-10045": {"order_id": "FD-10045", "status": "delivered", "customer_id": "CU-1"},
                       "FD-10490": {"order_id": "FD-10490", "status": "placed", "customer_id": "CU-2"}}}


def test_made_ahead_they_are_what_the_readers_use():
    world = _world()
    build_world_indexes(world)
    made = s0_ids.s0_ids(world)
    index = identifiers._index(world["customers"])
    build_world_indexes(world)  # a second time finds them
    assert s0_ids.s0_ids(world) is made and identifiers._index(world["customers"]) is index
    assert "FD10490" in made.kinds["order_id"]
    assert user_records.record_statuses(world)["fd10490"] == "placed"


def test_tau2_users_are_indexed_in_the_disclosure_shape():
    state = {"users": {"u1": {"email": "a@x.com", "name": {"first_name": "Ann", "last_name": "Lee"}, "orders": ["#W1"]}},
             "orders": {"#W1": {"status": "pending", "address": {"address1": "1 Elm St"}}}}
    build_world_indexes(state)
    users = user_records.customers_of_users(state)
    assert users["u1"]["first_name"] == "Ann"
    assert id(users) in identifiers._INDEXES


def test_anything_but_a_world_is_left_alone():
    for state in (None, [], "S0", {"customers": []}):
        build_world_indexes(state)


def test_score_file_makes_them_before_its_workers_fork(grpo_batch, grpo_reference, tmp_path, monkeypatch):
    made = []
    real = batch.build_world_indexes
    monkeypatch.setattr(batch, "build_world_indexes", lambda state: made.append(id(state)) or real(state))
    out = batch.score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "out.jsonl", workers=2)
    assert made and len(set(made)) == len(made)  # each world once
    assert out.read_bytes() == grpo_reference


def test_the_readers_patterns_are_left_to_the_workers():
    """Round 19: the indexes made ahead leave the readers' patterns not compiled yet as they are (each worker compiles
    the few it uses; compiling all of them before the fork cost more than the workers' own)."""
    from tau_shaped.reward.reading.lazy_patterns import LazyPattern, _Pending

    pattern = LazyPattern(r"(?i)\bnot compiled before the fork\b")
    build_world_indexes(_world())
    assert type(pattern) is _Pending
    assert pattern.search("Not compiled before the fork.") is not None  # compiled on its first use
    assert type(pattern) is LazyPattern
