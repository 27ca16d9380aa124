"""tau-bench's ``Tool`` contract: a static ``invoke(data, **kwargs) -> str`` and
a static ``get_info()`` returning the OpenAI function schema."""

from __future__ import annotations

import abc
from typing import Any, Dict


class Tool(abc.ABC):
    @staticmethod
    def invoke(*args: Any, **kwargs: Any) -> str:
        raise NotImplementedError

    @staticmethod
    def get_info() -> Dict[str, Any]:
        raise NotImplementedError
