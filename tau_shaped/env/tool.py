"""tau-bench's ``Tool`` contract: a static ``invoke(data, **kwargs) -> str`` and
a static ``get_info()`` returning the OpenAI function schema.

A tool that raises is answered ``Error: <exception>`` (tau-bench's contract, SPEC §8): the way a
foreign toolkit refuses (tau2's tools raise ``ValueError``). A ``@tool`` function refuses with
``ToolError`` (``function_tool``); anything else it raises leaves ``invoke`` as a
``ToolCodeError``: the same observation, recorded as a fault in the tool's code."""

from __future__ import annotations

import abc
from typing import Any, Dict


class ToolCodeError(Exception):
    """A tool's code failed (a ``@tool`` function raised something other than ``ToolError``): not a
    refusal. ``error`` is what it raised; ``str()`` names the tool and the exception."""

    def __init__(self, tool: str, error: Exception) -> None:
        super().__init__(f"tool {tool} raised {error!r}")
        self.tool = tool
        self.error = error


class Tool(abc.ABC):
    @staticmethod
    def invoke(*args: Any, **kwargs: Any) -> str:
        raise NotImplementedError

    @staticmethod
    def get_info() -> Dict[str, Any]:
        raise NotImplementedError
