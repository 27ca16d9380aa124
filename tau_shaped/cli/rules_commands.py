"""``tau-shaped rules``: a domain's policy rules (SPEC §9): their schema, validation, table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from tau_shaped.cli.conventions import DEFAULT_ENV, LOAD_ENV_HELP, Command, Group, env_help, load_kinds_of
from tau_shaped.reward.policy_rules import PolicyRuleError, load_rules, rules_json_schema

rules_app = typer.Typer(help="Domain policy rules (SPEC §9): their schema, validation and table.", no_args_is_help=True,
                        cls=Group)


@rules_app.command("schema", cls=Command)
def rules_schema(env: Optional[str] = typer.Option(None, "--env", help=LOAD_ENV_HELP, show_default=False)) -> None:
    """Print the JSON Schema of a policy-rule file (for editors): with --env, the check kinds that
    domain registers listed too."""
    load_kinds_of(env, "rules schema")
    typer.echo(json.dumps(rules_json_schema(), indent=2, sort_keys=True))


@rules_app.command("validate", cls=Command)
def rules_validate(files: List[Path] = typer.Argument(..., help="Policy-rule files to validate."),
                   env: Optional[str] = typer.Option(None, "--env", help=LOAD_ENV_HELP, show_default=False)) -> None:
    """Validate rule files; exit 1 naming the file, rule and field of the first error of each.
    With --env, the check kinds that domain registers are accepted."""
    load_kinds_of(env, "rules validate")
    failed = False
    for path in files:
        try:
            rule_set = load_rules(path)
        except PolicyRuleError as exc:
            failed = True
            typer.echo(str(exc), err=True)
            continue
        kinds = {k: sum(r.kind == k for r in rule_set.rules) for k in ("gate", "outcome", "checkpoint")}
        typer.echo(f"{path}: {len(rule_set.rules)} rule(s) valid ({kinds['gate']} gates, {kinds['outcome']} outcome, "
                   f"{kinds['checkpoint']} checkpoints)")
    raise typer.Exit(1 if failed else 0)


@rules_app.command("list", cls=Command)
def rules_list(env: str = typer.Option(DEFAULT_ENV, "--env", help=env_help()),
               file: Optional[Path] = typer.Option(None, "--file", help="A rule file instead of the domain's.")) -> None:
    """The rule table: id, kind, the policy line it judges."""
    from tau_shaped.tasks.domain_loading import load_named_domain
    from tau_shaped.tasks.domains import DomainNotFound

    try:
        rule_set = load_rules(file) if file is not None else load_named_domain(env).policy_rules
    except (PolicyRuleError, DomainNotFound) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    if rule_set is None:
        typer.echo(f"domain {env} has no policy rules")
        return
    for rule in rule_set.rules:
        typer.echo(f"{rule.id}\t{rule.kind}\t{rule.policy}")
