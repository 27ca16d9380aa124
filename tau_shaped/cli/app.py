"""The ``tau-shaped`` command line: one Typer app, each verb group in its own module.

A verb's module is imported when the verb is first looked up, not when the command line
starts: ``tau-shaped score`` imports what scoring needs and none of the other verbs' modules
(the viewer's web server and terminal rendering, the report, ...), which was a good part of a
scoring process's start-up (issue 33). Each verb is built by Typer exactly as it would be
registered on the app (``add_typer`` for a group, ``command`` for a verb), so its options and
help are the same; listing the verbs (the root's help, a misspelt verb's suggestions, shell
completion) imports them all.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Dict, Iterator, List, MutableMapping, Optional, Tuple

import typer
from typer.core import TyperGroup

from tau_shaped.cli.conventions import Command, Group

HELP = "tau-shaped: shaped rewards for tau-bench-style agent environments."

#: Each verb in the order the help lists it: (module, its Typer group or command function, the
#: command's class in that module; None: ``conventions.Command``; a group has its own).
VERBS: Dict[str, Tuple[str, str, Optional[str]]] = {
    "run": ("tau_shaped.cli.eval_commands", "run_command", "TaskIdsCommand"),
    "score": ("tau_shaped.cli.eval_commands", "score_command", None),
    "compare": ("tau_shaped.cli.eval_commands", "compare_command", None),
    "audit": ("tau_shaped.cli.audit_commands", "audit_command", None),
    "demo": ("tau_shaped.cli.eval_commands", "demo_command", None),
    "grader-test": ("tau_shaped.cli.grader_commands", "grader_test_command", None),
    "noise": ("tau_shaped.cli.noise_commands", "noise_command", None),
    "view": ("tau_shaped.cli.view_commands", "view_command", None),
    "tasks": ("tau_shaped.cli.tasks_commands", "tasks_app", None),
    "rules": ("tau_shaped.cli.rules_commands", "rules_app", None),
    "results": ("tau_shaped.cli.results_commands", "results_app", None),
    "domain": ("tau_shaped.cli.domain_commands", "domain_app", None),
}


def _nothing() -> None:
    """A callback, so that Typer builds a group around the one verb."""


def build_verb(name: str) -> Any:
    """The click command of verb ``name``, its module imported now; built by Typer as the app
    would build it."""
    module_name, attribute, cls_name = VERBS[name]
    module = import_module(module_name)
    target = getattr(module, attribute)
    holder = typer.Typer(add_completion=False, cls=Group)
    if isinstance(target, typer.Typer):
        holder.add_typer(target, name=name)
    else:
        holder.command(name, cls=getattr(module, cls_name) if cls_name else Command)(target)
    holder.callback()(_nothing)
    group = typer.main.get_command(holder)
    assert isinstance(group, TyperGroup)
    return group.commands[name]


class LazyVerbs(MutableMapping[str, Any]):
    """The root's verbs by name: every name known at once, each verb built on first use."""

    def __init__(self, given: MutableMapping[str, Any]) -> None:
        self._names: List[str] = list(VERBS)
        self._built: Dict[str, Any] = {}
        for name, command in given.items():  # any registered on the app itself
            self[name] = command

    def __getitem__(self, name: str) -> Any:
        command = self._built.get(name)
        if command is None:
            if name not in VERBS:
                raise KeyError(name)
            command = self._built[name] = build_verb(name)
        return command

    def __setitem__(self, name: str, command: Any) -> None:
        if name not in self._names:
            self._names.append(name)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names


class RootGroup(Group):
    """The root: its verbs built when looked up (``LazyVerbs``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LazyVerbs(self.commands)


app = typer.Typer(help=HELP, no_args_is_help=True, cls=RootGroup)


def package_version() -> str:
    """The installed distribution's version; the package's own when it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tau-shaped")
    except PackageNotFoundError:
        from tau_shaped import __version__

        return __version__


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"tau-shaped {package_version()}")
        raise typer.Exit(0)


@app.callback(help=HELP)
def root(
    version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """The verbs below; ``--version`` prints the version."""


def main() -> None:  # pragma: no cover - console entry point
    app()
