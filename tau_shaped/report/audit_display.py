"""The terminal side of ``tau-shaped audit``: the disagreements of a results file's own reward
with the shaped verdict, one table per deciding rule (``audit.audit_records``), and the JSON
``--json`` prints (sorted keys, the same for the same file)."""

from __future__ import annotations

import json
from typing import Any, Mapping, Optional

from rich.console import Console
from rich.table import Table


def audit_json(audit: Mapping[str, Any]) -> str:
    """The audit as JSON: stable (sorted keys, two-space indent), one trailing newline."""
    return json.dumps(audit, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _step(step: Any) -> str:
    return "final state" if step is None else str(step)


def print_audit(audit: Mapping[str, Any], console: Optional[Console] = None) -> None:
    """A summary line, the known classes counted, then one table per deciding rule."""
    console = console or Console()
    apart = audit.get("counted_apart") or {}
    console.print(f"[bold]{audit.get('file') or 'results'}[/bold] ({audit.get('env') or 'domain not named'}): "
                  f"{audit['records']} records, {audit['agree']} agree, {audit['disagreements']} disagree "
                  f"({audit['file_1_shaped_0']} file 1 / shaped 0, {audit['file_0_shaped_1']} file 0 / shaped 1)"
                  + (f"; apart: {apart.get('errored', 0)} errored, {apart.get('no_shaped_verdict', 0)} with no shaped verdict"
                     if any(apart.values()) else ""), highlight=False)
    if audit.get("classes"):
        summary = Table(title="Known false-positive classes")
        summary.add_column("class")
        summary.add_column("episodes", justify="right")
        for name, count in audit["classes"].items():
            summary.add_row(name, str(count))
        console.print(summary)
    for group in audit.get("groups", []):
        title = f"{group['label']}: {group['count']} ({group['direction']})"
        if group.get("classes"):
            title += " — " + ", ".join(group["classes"])
        table = Table(title=title, caption=group.get("policy") or None, caption_justify="left", show_lines=False)
        table.add_column("record", justify="right")
        table.add_column("task")
        table.add_column("trial", justify="right")
        table.add_column("file", justify="right")
        table.add_column("shaped", justify="right")
        table.add_column("step", justify="right")
        table.add_column("quote or value", overflow="fold")
        for e in group["episodes"]:
            reward = e.get("file_reward")
            quote = e["quote"] or "-"
            if "inaction scored 1" in e["classes"] and e.get("agent_last_said"):
                quote += f" — the agent's last words: \"{e['agent_last_said']}\""
            table.add_row(str(e["record"]), str(e["task"]), str(e["trial"]),
                          "-" if reward is None else f"{reward:g}", str(e["shaped"]), _step(e["step"]), quote)
        console.print(table)
    if not audit.get("groups"):
        console.print("no disagreement: the file's reward and the shaped verdict agree on every record scored")
