"""What every verb of the command line shares: option names and their help, old spellings
kept as hidden aliases, and help pages without type placeholders on flags.

One name for one meaning in every verb: ``--env`` (the domain) and ``--split`` (a task
split). Old spellings (``--task-split``, tau-bench's name, and ``--domain``) still work
and are not shown. The domain has one default rule everywhere: the one the input records
(a task file's folder, a results file's run), else ``food_delivery``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from typer.core import TyperCommand, TyperGroup

DEFAULT_ENV = "food_delivery"

#: Hidden spellings of an option -> its name.
ALIASES: Dict[str, str] = {"--task-split": "--split", "--domain": "--env"}



def env_help(recorded_by: str = "") -> str:
    """``--env``'s help: the one default rule, with what records the domain in this verb's input."""
    names = (f"The domain: a registered name ({DEFAULT_ENV}, tau2:airline, tau2:retail, tau-bench's retail or airline) "
             "or module:ATTRIBUTE.")
    return names + (f" Default: the domain {recorded_by} records, else {DEFAULT_ENV}." if recorded_by
                    else f" Default: {DEFAULT_ENV} (this verb reads no input that records one).")


#: ``--env`` of the verbs that read files of the rule language (validate, schema): no default.
LOAD_ENV_HELP = ("Load this domain first (a registered name, food_delivery, tau2:airline, ..., or module:ATTRIBUTE), "
                 "so the check kinds it registers are known. Default: none (the built-in kinds).")


def load_kinds_of(env: Optional[str], verb: str) -> None:
    """Load the domain ``env`` (if given) for the check kinds its package registers; a domain
    that does not load ends the verb with one line on stderr (exit 2)."""
    if not env:
        return
    import typer

    from tau_shaped.tasks.domain_loading import load_named_domain
    from tau_shaped.tasks.domains import DomainNotFound

    try:
        load_named_domain(env)
    except DomainNotFound as exc:
        typer.echo(f"{verb}: {exc}", err=True)
        raise typer.Exit(2) from None


SPLIT_HELP = "The task split (train, test, ...)."
LAMBDA_HELP = "Weight of the process reward in the shaped blend."
BLEND_HELP = "How the shaped reward blends outcome and process: shaped, outcome or gated."


def rename_aliases(args: List[str]) -> List[str]:
    """``args`` with every hidden alias spelled as its option (``--task-split x``,
    ``--task-split=x``), up to ``--`` (after it every word is an argument)."""
    out: List[str] = []
    for n, arg in enumerate(args):
        if arg == "--":
            return out + args[n:]
        name, eq, value = arg.partition("=")
        out.append(ALIASES[name] + eq + value if name in ALIASES else arg)
    return out


def _without_flag_types(params: List[Any]) -> List[Any]:
    """Flags take no value: no ``<bool>`` placeholder beside them in the help page."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    """A verb: hidden aliases accepted, flags shown without a type."""

    def parse_args(self, ctx, args):  # type: ignore[no-untyped-def]
        return super().parse_args(ctx, rename_aliases(list(args)))

    def get_params(self, ctx):  # type: ignore[no-untyped-def]
        return _without_flag_types(super().get_params(ctx))


class Group(TyperGroup):
    """A verb group (and the root): flags shown without a type."""

    def get_params(self, ctx):  # type: ignore[no-untyped-def]
        return _without_flag_types(super().get_params(ctx))
