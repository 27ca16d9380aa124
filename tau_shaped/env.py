"""``Env``: tau-bench's environment API with the shaped reward built in (SPEC §2, §3)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Type, Union

from tau_shaped.overlay import Overlay
from tau_shaped.shaped_env import ShapedRewardMixin, task_seed
from tau_shaped.users import BaseUser, load_user


class Env(ShapedRewardMixin):
    """Constructed exactly like tau-bench's ``Env``.

    ``data_load_func`` may take a ``seed`` keyword (S0 then depends on the
    task's seed); it must be deterministic for a given seed, since its result
    is loaded once per seed and shared, frozen, by every episode.
    """

    def __init__(
        self,
        data_load_func: Callable[..., Dict[str, Any]],
        tools: Sequence[Type[Any]],
        tasks: List[Any],
        wiki: str,
        rules: List[str],
        user_strategy: Union[str, BaseUser, Any],
        user_model: Optional[str] = None,
        user_provider: Optional[str] = None,
        task_index: Optional[int] = None,
    ) -> None:
        self.data_load_func = data_load_func
        self.tools_map: Dict[str, Type[Any]] = {tool.get_info()["function"]["name"]: tool for tool in tools}
        self.tools_info = [tool.get_info() for tool in tools]
        self.terminate_tools: List[str] = []
        self.tasks = tasks
        self._setup_shaped()
        self.task_index = task_index if task_index is not None else self._pick_task(None)
        if not 0 <= self.task_index < len(tasks):
            raise IndexError(f"task_index {self.task_index} is out of range: the env has {len(tasks)} tasks")
        self.task = tasks[self.task_index]
        self.wiki = wiki
        self.rules = rules
        self.user = load_user(user_strategy, model=user_model, provider=user_provider)
        self.actions: List[Any] = []
        self.data = Overlay(self.initial_state(task_seed(self.task))).data
