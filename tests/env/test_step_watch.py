"""A replay reads the state probes again only after a step that changed the state
(``step_watch.state_unchanged``); the trace it records is the trace of reading every probe
after every step, over any sequence of the food-delivery tools (look-ups, writes, failing
calls, unknown tools, replies)."""

from __future__ import annotations

from typing import Any, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env import episode_runner
from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.overlay import ABSENT, Overlay
from tau_shaped.env.step_watch import state_unchanged
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped_domains.food_delivery import ALL_TOOLS
from tau_shaped_domains.food_delivery.data import load_data

S0 = load_data(0)
TOOLS = {t.name: t for t in ALL_TOOLS}
ORDERS = ["FD-10001", "FD-10002", "FD-10003", "FD-10004", "FD-99999"]
_real = [o for o in ORDERS if o in S0["orders"]]
CUSTOMERS = sorted({S0["orders"][o]["customer_id"] for o in _real}) + ["CU-0000"]
ITEMS = sorted({i["item_id"] for o in _real for i in S0["orders"][o]["items"]})[:6] + ["MI-000-00"]
ADDRESSES = sorted({a["address_id"] for c in CUSTOMERS if c in S0["customers"]
                    for a in S0["customers"][c]["addresses"]}) + ["AD-0"]
DRIVERS = ["DR-201", "DR-228", "DR-999"]
RESTAURANTS = sorted({S0["orders"][o]["restaurant_id"] for o in _real})


def everything(data: Any) -> str:
    """The whole state's value (types too: ``repr``), read without copying a record: any change
    shows."""
    return repr([(k, list(dict.items(v)) if isinstance(v, dict) else v) for k, v in dict.items(data)])


def statuses(data: Any) -> List[Any]:
    """Reads through the overlay's copying accessors (so the probe itself hands records out)."""
    return [data["orders"].get(o, {}).get("status") for o in ORDERS]


def wallets(data: Any) -> List[Any]:
    return [data["customers"][c]["wallet_balance"] for c in CUSTOMERS if c in data["customers"]]


wallets.before_tool = "issue_apology_credit"  # read only just before that tool's calls


def pending(data: Any) -> int:
    return sum(len(o.get("pending_substitutions") or []) for _, o in dict.items(data["orders"]))


PROBES = [everything, statuses, wallets, pending]

reason = st.sampled_from(["customer_request", "restaurant_delay", "item_unavailable", "no such reason"])
order = st.sampled_from(ORDERS)
money = st.sampled_from([0.5, 3.0, 12.25, -1.0, 1e9])
calls = st.one_of(
    st.builds(lambda o: ("get_order_details", {"order_id": o}), order),
    st.builds(lambda c: ("get_customer_details", {"customer_id": c}), st.sampled_from(CUSTOMERS)),
    st.builds(lambda r: ("get_restaurant_details", {"restaurant_id": r}), st.sampled_from(RESTAURANTS)),
    st.builds(lambda o, i: ("find_substitutes", {"order_id": o, "item_id": i}), order, st.sampled_from(ITEMS)),
    st.builds(lambda o: ("list_available_couriers", {"order_id": o}), order),
    st.builds(lambda o, r: ("cancel_order", {"order_id": o, "reason": r}), order, reason),
    st.builds(lambda o, a: ("change_delivery_address", {"order_id": o, "address_id": a}), order,
              st.sampled_from(ADDRESSES)),
    st.builds(lambda o, m, w: ("issue_refund", {"order_id": o, "amount": m, "method": w, "reason": "late"}),
              order, money, st.sampled_from(["original_payment", "wallet_credit", "cash"])),
    st.builds(lambda c, m: ("issue_apology_credit", {"customer_id": c, "amount": m, "reason": "sorry"}),
              st.sampled_from(CUSTOMERS), money),
    st.builds(lambda o, i: ("create_replacement_order", {"order_id": o, "item_ids": i, "reason": "missing"}),
              order, st.lists(st.sampled_from(ITEMS), max_size=2)),
    st.builds(lambda o, d: ("dispatch_replacement_courier", {"order_id": o, "courier_id": d}), order,
              st.sampled_from(DRIVERS + [None])),
    st.builds(lambda o, i, s: ("propose_substitution", {"order_id": o, "item_id": i, "substitute_item_id": s}),
              order, st.sampled_from(ITEMS), st.sampled_from(ITEMS)),
    st.builds(lambda o, i: ("confirm_substitution", {"order_id": o, "item_id": i}), order, st.sampled_from(ITEMS)),
    st.builds(lambda c: ("escalate_to_fraud_team", {"customer_id": c, "reason": "odd"}), st.sampled_from(CUSTOMERS)),
    st.builds(lambda d: ("plan_delivery_route", {"driver_id": d}), st.sampled_from(DRIVERS)),
    st.just(("get_order_details", {"order_id": 7, "extra": 1})),  # invalid arguments
    st.just(("no_such_tool", {})),
    st.just((RESPOND_ACTION_NAME, {"content": "ok"})),
)


def replay(actions: List[Action], seed: int = 3) -> EpisodeRunner:
    runner = EpisodeRunner(S0, TOOLS, seed, PROBES)
    runner.replay(actions, user_replies=["yes"] * len(actions))
    return runner


def replay_reading_every_probe(actions: List[Action]) -> EpisodeRunner:
    with pytest.MonkeyPatch.context() as m:
        m.setattr(episode_runner, "state_unchanged", lambda overlay: False)
        return replay(actions)


@settings(max_examples=40, deadline=None)
@given(st.lists(calls, min_size=1, max_size=8))
def test_the_trace_is_that_of_reading_every_probe_after_every_step(drawn):
    actions = [Action(name=n, kwargs=k) for n, k in drawn]
    fast = replay(actions)
    slow = replay_reading_every_probe(actions)
    assert [s.observation for s in fast.trajectory.steps] == [s.observation for s in slow.trajectory.steps]
    assert fast.trajectory.state_trace == slow.trajectory.state_trace
    assert fast.overlay.changed_records() == slow.overlay.changed_records()
    assert everything(fast.overlay.data) == everything(slow.overlay.data)


def test_a_record_read_at_one_step_and_changed_in_place_at_a_later_one_is_seen():
    actions = [Action(name="get_order_details", kwargs={"order_id": "FD-10001"}),
               Action(name="get_order_details", kwargs={"order_id": "FD-10001"}),
               Action(name="cancel_order", kwargs={"order_id": "FD-10001", "reason": "customer_request"}),
               Action(name="get_order_details", kwargs={"order_id": "FD-10001"})]
    fast = replay(actions)
    assert '"cancelled"' in fast.trajectory.steps[2].observation
    trace = fast.trajectory.state_trace
    assert trace[0] is trace[1]  # a look-up changed nothing: the entry is reused
    assert trace[2][0] != trace[1][0] and trace[2][1] != trace[1][1]
    assert trace[3] is trace[2]
    assert trace == replay_reading_every_probe(actions).trajectory.state_trace


def test_a_state_still_s0_reuses_the_entry_read_in_s0_by_an_earlier_episode():
    look = [Action(name="get_customer_details", kwargs={"customer_id": CUSTOMERS[0]})]
    first, second = replay(look), replay(look)
    assert second.trajectory.state_trace[0] is first.trajectory.state_trace[0]
    assert second.trajectory.state_trace[0][0] == everything(S0)
    write = [Action(name="issue_apology_credit", kwargs={"customer_id": CUSTOMERS[0], "amount": 2.0, "reason": "x"})]
    changed = replay(write).trajectory.state_trace[0]
    assert changed is not first.trajectory.state_trace[0] and changed[0] != everything(S0)
    other_probes = EpisodeRunner(S0, TOOLS, 3, [everything, pending])
    other_probes.replay(look)
    assert other_probes.trajectory.state_trace[0] == (everything(S0), pending(S0))


@pytest.mark.parametrize("change", [
    lambda d: d["orders"]["FD-10001"].update(status="x"),            # in place, a record read before
    lambda d: d["orders"].get("FD-10001")["items"].append({}),         # in place, through get
    lambda d: d["orders"].__setitem__("FD-10001", dict(d["orders"]["FD-10001"])),  # a set, same value
    lambda d: d["orders"].pop("FD-10002"),                             # a removal
    lambda d: d["quotes"].setdefault("Q1", {}),                        # an added record
    lambda d: d["escalations"].append({"id": 1}),                      # a top-level list, in place
    lambda d: d.__setitem__("clock", {"now": "later"}),                # a table replaced
    lambda d: [r.update(n=1) for r in d["drivers"].values()][:0],      # through values()
    lambda d: d["drivers"].clear(),
])
def test_every_way_a_tool_can_change_the_state_is_seen(change):
    o = Overlay(S0)
    o.data["orders"]["FD-10001"]  # read at an earlier step
    assert state_unchanged(o)
    change(o.data)
    assert not state_unchanged(o)
    assert state_unchanged(o)  # and nothing since


def test_reading_without_changing_is_not_a_change():
    o = Overlay(S0)
    assert state_unchanged(o)
    rec = o.data["orders"]["FD-10001"]
    list(o.data["customers"].values())[:3]
    o.data["orders"].get("FD-99999")
    assert state_unchanged(o)
    rec["status"] = "changed"
    rec["status"] = S0["orders"]["FD-10001"]["status"]  # changed back within the step
    assert state_unchanged(o)
    untouched = Overlay(S0).changed_records()  # S0's top-level values that are not tables
    assert o.changed_records() == untouched
    o.data["orders"]["FD-10001"]["status"] = "x"
    assert not state_unchanged(o)
    assert o.changed_records() == untouched | {("orders", "FD-10001")}  # from the look's pickle
    assert dict.get(o.data["orders"], "FD-10002", ABSENT) is S0["orders"]["FD-10002"]  # never copied


def test_a_record_changed_after_the_last_look_is_a_changed_record():
    o = Overlay(S0)
    o.data["orders"]["FD-10001"]
    assert state_unchanged(o)  # looked at: the same as in S0
    o.data["orders"]["FD-10001"]["status"] = "y"  # changed since, no look
    assert ("orders", "FD-10001") in o.changed_records()


def test_probes_are_read_in_a_state_that_is_not_the_overlays_own():
    runner = EpisodeRunner(S0, TOOLS, 3, PROBES)
    look = Action(name="get_order_details", kwargs={"order_id": "FD-10001"})
    runner.record(look, runner.run_tool(look, runner.overlay.data)[0], True, runner.overlay.data)
    other = {**{k: v for k, v in S0.items()}, "orders": {"FD-10001": {"status": "elsewhere"}}}
    runner.record(look, "", True, other)  # a caller stepping another state (Env.data replaced)
    runner.record(look, "", True, runner.overlay.data)
    trace = runner.trajectory.state_trace
    assert trace[1][1] == statuses(other) and trace[1] != trace[0]
    assert trace[2] == trace[0]
