"""Shared hypothesis strategies and *independent* reference models for the
property-based tests ``tests/reward/test_prop_*.py``.

The reference models never call the verifier: they replay actions on plain
``dict`` copies of the mini domain's S0 with its own tools (the fixture that
defines the domain), hash states by writing out the text tau-bench hashes
(SPEC §2), and normalize numbers the way SPEC §4.4 says. The tests then compare the verifier's output with these models.
"""

from __future__ import annotations

import copy
import json
from hashlib import sha256
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tau_shaped import Action
from tau_shaped.env.episode import EpisodeContext, running
from tau_shaped.env.episode_runner import episode_rng
from tau_shaped.tasks.schema import ShapedTask
from tests.mini_domain import TOOLS, load_data

BLENDS = ("shaped", "outcome", "gated")
TERMINATE_TOOLS = ("transfer_to_human_agents",)
TOOLS_BY_NAME = {tool.get_info()["function"]["name"]: tool for tool in TOOLS}


def prop_settings(max_examples: int) -> settings:
    """Deterministic (derandomized) settings with no deadline (SPEC §8 applies to CI too)."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )


def act(name: str, **kwargs: Any) -> Action:
    return Action(name=name, kwargs=kwargs)


# ---------------------------------------------------------------------------
# Action strategies over the mini domain's tools, valid and invalid arguments
# ---------------------------------------------------------------------------

ORDER_IDS = st.sampled_from(["O1", "O2", "O9"])
COURIER_IDS = st.sampled_from([None, "", "D1", "D2", "D3", "D4", "D5", "DX"])  # None: argument left out
METHODS_ANY = st.sampled_from(["original_payment", "wallet_credit", "cash"])
METHODS = st.sampled_from(["original_payment", "wallet_credit"])
ITEM_IDS = st.sampled_from(["pad_thai", "spring_rolls", "tofu_curry", "green_salad", "peanut_noodles", "nope"])
SUBSTITUTE_IDS = st.sampled_from(["tofu_curry", "green_salad", "peanut_noodles", "pad_thai", "nope"])
CUSTOMER_IDS = st.sampled_from(["C1", "C2", "C9"])

# Amounts that are always floats with two decimals (zero and negatives are invalid
# arguments the tool refuses): no two of them differ only in number representation.
CENT_AMOUNTS = st.integers(min_value=-300, max_value=4000).map(lambda c: c / 100)
# Amounts of any representation: ints, floats with artifacts, bools, junk.
MIXED_AMOUNTS = st.one_of(
    CENT_AMOUNTS,
    st.integers(min_value=-5, max_value=40),
    st.sampled_from([10, 10.0, 38.01, 38.00999999999999, 0.1 + 0.2, 0.3, True, "12.50", None]),
)

RESPOND_TEXTS = [
    "Your order is Out For Delivery.",
    "It is out for, delivery now",
    "We refunded $1,250 to you.",
    "Refunded 12.50 to your card.",
    "REFUND issued",
    "ok",
    "Pad thai is sold out. May I substitute the tofu curry?",
]
OUTPUTS = ["out for delivery", "1250", "12.50", "refund", "tofu curry"]


def _dispatch(order_id: str, courier: Optional[str]) -> Action:
    return act("dispatch_courier", order_id=order_id) if courier is None else act(
        "dispatch_courier", order_id=order_id, courier_id=courier
    )


def tool_actions(amounts: st.SearchStrategy = CENT_AMOUNTS) -> st.SearchStrategy:
    """One call of one of the domain's tools, its arguments valid or not."""
    return st.one_of(
        st.builds(lambda o: act("get_order", order_id=o), ORDER_IDS),
        st.builds(_dispatch, ORDER_IDS, COURIER_IDS),
        st.builds(lambda o, a, m: act("issue_refund", order_id=o, amount=a, method=m), ORDER_IDS, amounts, METHODS_ANY),
        st.builds(
            lambda o, i, s: act("substitute_item", order_id=o, item_id=i, substitute_id=s),
            ORDER_IDS,
            ITEM_IDS,
            SUBSTITUTE_IDS,
        ),
        st.builds(lambda c: act("escalate_fraud", customer_id=c), CUSTOMER_IDS),
        st.builds(lambda s: act("transfer_to_human_agents", summary=s), st.sampled_from(["done", "help"])),
    )


def _mangle(action: Action, how: str) -> Action:
    """Make an argument list invalid: drop a keyword or add an unknown one."""
    kwargs = dict(action.kwargs)
    if how == "drop" and kwargs:
        kwargs.pop(sorted(kwargs)[0])
    elif how == "extra":
        kwargs["bogus"] = 1
    return Action(name=action.name, kwargs=kwargs)


def mangled_tool_actions(amounts: st.SearchStrategy = CENT_AMOUNTS) -> st.SearchStrategy:
    return st.builds(_mangle, tool_actions(amounts), st.sampled_from(["ok", "ok", "ok", "ok", "drop", "extra"]))


RESPONDS = st.builds(lambda t: act("respond", content=t), st.sampled_from(RESPOND_TEXTS))
UNKNOWN_TOOLS = st.sampled_from([act("cancel_order", order_id="O1"), act("get_customer", customer_id="C1")])


def agent_actions(amounts: st.SearchStrategy = CENT_AMOUNTS) -> st.SearchStrategy:
    """Anything an agent may do: tool calls (valid or not), messages, unknown tools."""
    return st.one_of(mangled_tool_actions(amounts), RESPONDS, UNKNOWN_TOOLS)


def gt_actions(amounts: st.SearchStrategy = CENT_AMOUNTS) -> st.SearchStrategy:
    """A ground-truth action: a tool call (valid or not) or a respond."""
    return st.one_of(mangled_tool_actions(amounts), RESPONDS)


def plain_task(actions: Sequence[Action], outputs: Sequence[str] = (), seed: int = 0, task_id: str = "plain") -> ShapedTask:
    """A task with no reward_overrides and no output_checks (SPEC §3 backward compatibility)."""
    return ShapedTask.model_validate(
        {
            "id": task_id,
            "seed": seed,
            "user_id": "C1",
            "instruction": "do it",
            "actions": [a.model_dump() for a in actions],
            "outputs": list(outputs),
        }
    )


# ---------------------------------------------------------------------------
# Independent reference models
# ---------------------------------------------------------------------------


class PlainRun:
    """A replay on a plain deep copy of S0: the state, observations and events."""

    def __init__(self, data: Dict[str, Any], observations: List[Optional[str]], events: List[Any]) -> None:
        self.data = data
        self.observations = observations
        self.events = events

    def succeeded(self, step: int) -> bool:
        obs = self.observations[step]
        return obs is not None and not obs.lstrip().lower().startswith("error")

    def event_steps(self, event_type: str) -> List[int]:
        return [e.step for e in self.events if e.type == event_type]


def plain_replay(actions: Sequence[Action], seed: int = 0, skip: Iterable[str] = ()) -> PlainRun:
    """Run ``actions`` with the domain's tools on a private plain copy of S0.

    A tool that raises gives ``Error: ...`` (tau-bench), an unknown tool does
    nothing, respond does nothing to the state; ``skip`` names tools left out
    (terminate tools in a ground-truth replay). The generator is a fresh one
    for ``seed``, exactly as a fresh episode gets.
    """
    data = copy.deepcopy(load_data(seed=seed))
    ctx = EpisodeContext(rng=episode_rng(seed))
    skip = set(skip)
    observations: List[Optional[str]] = []
    step = 0
    for action in actions:
        if action.name in skip:
            continue
        tool = TOOLS_BY_NAME.get(action.name)
        if action.name == "respond" or tool is None:
            observations.append(None)
        else:
            with running(ctx, step):
                try:
                    obs = tool.invoke(data=data, **action.kwargs)
                except Exception as exc:  # noqa: BLE001 - tau-bench's contract
                    obs = f"Error: {exc}"
            observations.append(obs)
        step += 1
    return PlainRun(data, observations, list(ctx.events))


def _tuple_text(parts: List[str]) -> str:
    """Python's text for a tuple whose elements have the given texts."""
    if len(parts) == 1:
        return f"({parts[0]},)"
    return "(" + ", ".join(parts) + ")"


def tb_state_text(item: Any) -> str:
    """The text tau-bench hashes for a state, written out directly (SPEC §2): a dict is
    the tuple of its (key, value) pairs in key order, a list the tuple of its items, a
    set the tuple of its sorted items, and anything else its repr. An independent
    model of ``tau_shaped.env.hashing`` (which builds tuples and calls ``str``)."""
    if isinstance(item, dict):
        return _tuple_text([_tuple_text([repr(k), tb_state_text(v)]) for k, v in sorted(item.items())])
    if isinstance(item, list):
        return _tuple_text([tb_state_text(x) for x in item])
    if isinstance(item, set):
        return _tuple_text([tb_state_text(x) for x in sorted(item)])
    return repr(item)


def tb_hash(data: Any) -> str:
    """The legacy digest of a state: SHA-256 of its text (tests/fixtures/taubench_hash_vectors.json checks the real thing)."""
    return sha256(tb_state_text(data).encode("utf-8")).hexdigest()


def tb_outputs_ok(outputs: Sequence[str], agent_actions_: Sequence[Action]) -> bool:
    """tau-bench's output test, over the agent's respond actions only (SPEC §2)."""
    contents = [a.kwargs["content"].lower().replace(",", "") for a in agent_actions_ if a.name == "respond"]
    return all(any(o.lower() in c for c in contents) for o in outputs)


def spec_number_form(value: Any) -> Any:
    """SPEC §4.4 by hand: ints and floats of equal value are one number, floats rounded to 6 places."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return ("num", round(float(value), 6) + 0.0)
    if isinstance(value, dict):
        return {str(k): spec_number_form(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [spec_number_form(v) for v in value]
    raise TypeError(type(value))


def spec_canon_equal(a: Any, b: Any) -> bool:
    return json.dumps(spec_number_form(a), sort_keys=True) == json.dumps(spec_number_form(b), sort_keys=True)


def reference_scores(task: ShapedTask, agent: Sequence[Action], seed: Optional[int] = None) -> Tuple[float, float, bool]:
    """(legacy reward, no-override canonical outcome, r_actions) computed without the verifier."""
    seed = task.seed if seed is None else seed
    sa = plain_replay(agent, seed).data
    sg = plain_replay(task.actions, seed, skip=TERMINATE_TOOLS).data
    outputs_ok = tb_outputs_ok(task.outputs, agent)
    r_actions = tb_hash(sa) == tb_hash(sg)
    legacy = 1.0 if (r_actions and outputs_ok) else 0.0
    outcome = 1.0 if (spec_canon_equal(sa, sg) and outputs_ok) else 0.0
    return legacy, outcome, r_actions
