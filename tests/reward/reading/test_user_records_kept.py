"""user_records keeps each world's tables (order statuses; tau2's users as customers) for a whole
batch's worlds: made once ahead of the fork (``build_world_indexes``), the very tables are read
after, for every world (a table made again is another object: the disclosure reader's kept
findings are told apart by it)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading import user_records
from tau_shaped.reward.reading.user_records import customers_of_users, record_statuses
from tau_shaped.reward.reading.world_indexes import build_world_indexes


@pytest.fixture(autouse=True)
def _empty_tables():
    """Each test starts from empty tables, as a scoring process does: a cache full of earlier
    tests' worlds is cleared at once when it fills (IdentityCache), which would drop some of the
    ten made here (seen once in CI, in a worker that had run other tests first)."""
    user_records._CACHE.clear()
    user_records._STATUSES.clear()


def _world(n: int) -> dict:
    return {"customers": {f"CU-{n}": {"email": f"a{n}@example.com", "first_name": "Ana", "last_name": f"Z{n}", "orders": [f"FD-{10000 + n}"]}},
            "orders": {f"FD-{10000 + n}": {"customer_id": f"CU-{n}", "status": "delivered"}}}


def _users(n: int) -> dict:
    return {"users": {f"u{n}": {"email": f"u{n}@example.com", "name": {"first_name": "Mia", "last_name": f"L{n}"}, "orders": []}},
            "orders": {}}


def test_a_batch_of_ten_worlds_keeps_every_worlds_statuses():
    worlds = [_world(n) for n in range(10)]
    made = [record_statuses(w) for w in worlds]
    assert made[3] == {f"fd{10003}": "delivered", "10003": "delivered"}
    for w, table in zip(worlds, made):
        assert record_statuses(w) is table


def test_ten_worlds_made_ahead_are_read_after():
    worlds = [_world(n) for n in range(10, 20)]
    for w in worlds:
        build_world_indexes(w)
    ahead = [record_statuses(w) for w in worlds]
    assert all(record_statuses(w) is t for w, t in zip(worlds, ahead))


def test_tau2_users_kept_for_ten_worlds():
    worlds = [_users(n) for n in range(10)]
    made = [customers_of_users(w) for w in worlds]
    assert made[0]["u0"]["last_name"] == "L0"
    assert all(customers_of_users(w) is t for w, t in zip(worlds, made))
