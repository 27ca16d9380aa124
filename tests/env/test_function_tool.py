"""Tools from typed functions: schema from hints and docstring, validated arguments."""

from typing import List, Literal, Optional

import pytest

from tau_shaped.env.function_tool import ToolDefinitionError, ToolError, tool
from tau_shaped.env.tool import Tool


@tool
def refund(data: dict, order_id: str, amount: float, method: Literal["card", "wallet"] = "card", note: Optional[str] = None) -> str:
    """Refund part of an order.

    Money goes back by the chosen method.

    Args:
        order_id: The order's id, such as 'FD-1'.
        amount: Dollars to refund.
        method: Where the money goes.
    """
    if order_id not in data:
        raise ToolError(f"order {order_id} not found")
    data[order_id]["refunded"] = amount
    return {"order_id": order_id, "amount": amount, "method": method}


@tool(name="list_things")
def list_them(data: dict, ids: List[str]) -> str:
    """List things."""
    return ",".join(ids)


def test_is_a_taubench_tool_with_derived_schema():
    assert issubclass(refund, Tool)
    info = refund.get_info()
    fn = info["function"]
    assert info["type"] == "function" and fn["name"] == "refund"
    assert fn["description"].startswith("Refund part of an order.") and "chosen method" in fn["description"]
    props = fn["parameters"]["properties"]
    assert props["order_id"] == {"type": "string", "description": "The order's id, such as 'FD-1'."}
    assert props["amount"]["type"] == "number"
    assert props["method"]["enum"] == ["card", "wallet"] and props["method"]["default"] == "card"
    assert sorted(fn["parameters"]["required"]) == ["amount", "order_id"]
    assert list_them.get_info()["function"]["name"] == "list_things"
    assert list_them.get_info()["function"]["parameters"]["properties"]["ids"]["items"] == {"type": "string"}


def test_invoke_validates_and_renders():
    data = {"O1": {}}
    assert refund.invoke(data=data, order_id="O1", amount=2) == '{"order_id": "O1", "amount": 2.0, "method": "card"}'
    assert data["O1"]["refunded"] == 2.0
    assert refund.invoke(data=data, order_id="O9", amount=1) == "Error: order O9 not found"
    bad = refund.invoke(data=data, order_id="O1", amount="lots", method="cash", extra=1)
    assert bad.startswith("Error: invalid arguments: ")
    for needle in ["amount:", "method:", "extra: unexpected argument"]:
        assert needle in bad
    assert refund.invoke(data=data, amount=1).startswith("Error: invalid arguments: order_id: Field required")


def test_definition_errors():
    with pytest.raises(ToolDefinitionError, match="docstring"):
        tool(lambda data, x: x)

    def no_hint(data, x):
        """Doc."""

    with pytest.raises(ToolDefinitionError, match="type hint"):
        tool(no_hint)
