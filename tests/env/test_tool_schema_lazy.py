"""A ``@tool``'s schema is made when an agent first asks for it (``get_info``), not when the tool
is defined or an env is built from it: a scoring process never asks (it reads a tool's name,
``info_name``), and making the schemas of a domain's tools was ~20 ms of each process's start."""

from __future__ import annotations

from typing import Literal

from tau_shaped.env.function_tool import ToolError, info_name, tool
from tau_shaped.env.types import Task
from tau_shaped.reward.shaped_env import Env


def _tool():
    @tool
    def refund_order(data: dict, order_id: str, reason: Literal["late", "missing"] = "late") -> str:
        """Refund an order.

        Args:
            order_id: The order's id, such as 'FD-1'.
            reason: Why.
        """
        if order_id not in data["orders"]:
            raise ToolError("no such order")
        return "ok"

    return refund_order


class _Plain:
    """A tau-bench tool written by hand: its name is read from its schema."""

    @staticmethod
    def get_info():
        return {"type": "function", "function": {"name": "plain_tool", "description": "x", "parameters": {}}}

    @staticmethod
    def invoke(data, **kwargs):
        return "plain"


def test_an_env_is_built_without_making_a_schema_and_gives_the_same_one_when_asked(monkeypatch):
    made = []
    refund = _tool()
    schema = refund.arguments_model.model_json_schema
    monkeypatch.setattr(refund.arguments_model, "model_json_schema", lambda *a, **k: made.append(1) or schema(*a, **k))
    task = Task(user_id="u", actions=[], instruction="hi", outputs=[])
    env = Env(lambda: {"orders": {}}, [refund, _Plain], [task], "", [], user_strategy="scripted")
    assert made == []  # the env knows its tools by name without their schemas
    assert list(env.tools_map) == ["refund_order", "plain_tool"]
    info = env.tools_info
    assert made == [1]
    assert info[1] == _Plain.get_info()
    fn = info[0]["function"]
    assert fn["name"] == "refund_order" and fn["description"] == "Refund an order."
    assert fn["parameters"]["properties"]["order_id"] == {"type": "string", "description": "The order's id, such as 'FD-1'."}
    assert fn["parameters"]["properties"]["reason"]["enum"] == ["late", "missing"]
    assert fn["parameters"]["required"] == ["order_id"]
    assert refund.get_info() == info[0] and refund.get_info() is not refund.get_info()  # a fresh copy each call
    assert made == [1]  # made once
    env.tools_info = [{"replaced": True}]  # set as tau2's telecom env sets it
    assert env.tools_info == [{"replaced": True}]


def test_info_name_is_the_schemas_name():
    refund = _tool()
    assert info_name(refund) == refund.get_info()["function"]["name"] == "refund_order"
    assert info_name(_Plain) == "plain_tool"

    class Renamed(refund):  # a subclass giving another schema: read from it
        @staticmethod
        def get_info():
            return {"type": "function", "function": {"name": "renamed", "description": "", "parameters": {}}}

    assert info_name(Renamed) == "renamed"
