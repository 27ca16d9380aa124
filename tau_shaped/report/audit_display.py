"""The terminal side of ``tau-shaped audit``: the disagreements of a results file's own reward
with the shaped verdict, one table per deciding rule (``audit.audit_records``), and the JSON
``--json`` prints (sorted keys, the same for the same file).

The same tables serve ``tau-shaped view --audit`` and its prompt's ``audit`` (``runs_audit``:
with the report's episode number of each row, which opens it), and the same words the HTML report's audit section (``audit_html``):
the summary line, the step, the quote with an idle agent's last words, the line for a file
with no disagreement. Every value from the file is put on screen as plain text (``Text``),
never read as rich markup: a quote holding ``[/x]`` is shown as written."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Sequence

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from tau_shaped.report.audit import INACTION

NO_DISAGREEMENT = "no disagreement: the file's reward and the shaped verdict agree on every record scored"


def audit_json(audit: Mapping[str, Any]) -> str:
    """The audit as JSON: stable (sorted keys, two-space indent), one trailing newline."""
    return json.dumps(audit, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def step_text(step: Any) -> str:
    """An episode's deciding step as shown: its number, or "final state" (None)."""
    return "final state" if step is None else str(step)


def reward_text(reward: Any) -> str:
    """The file's own reward as shown ("-" where it gave none)."""
    return "-" if reward is None else f"{reward:g}"


def last_words(episode: Mapping[str, Any]) -> str:
    """An inaction's agent's last words, as shown after its quote ("" for any other episode)."""
    if INACTION in episode.get("classes", []) and episode.get("agent_last_said"):
        return f"the agent's last words: \"{episode['agent_last_said']}\""
    return ""


def summary_text(audit: Mapping[str, Any]) -> str:
    """The file, its domain, and the records: agreeing, disagreeing each way, counted apart."""
    apart = audit.get("counted_apart") or {}
    return (f"{audit.get('file') or 'results'} ({audit.get('env') or 'domain not named'}): "
            f"{audit['records']} records, {audit['agree']} agree, {audit['disagreements']} disagree "
            f"({audit['file_1_shaped_0']} file 1 / shaped 0, {audit['file_0_shaped_1']} file 0 / shaped 1)"
            + (f"; apart: {apart.get('errored', 0)} errored, {apart.get('no_shaped_verdict', 0)} with no shaped verdict"
               if any(apart.values()) else ""))


def group_title(group: Mapping[str, Any]) -> str:
    """A deciding rule's heading: its label, its count and direction, its known classes."""
    title = f"{group['label']}: {group['count']} ({group['direction']})"
    return title + (" — " + ", ".join(group["classes"]) if group.get("classes") else "")


def audit_renderables(audit: Mapping[str, Any], numbers: Optional[Sequence[Sequence[Any]]] = None) -> List[RenderableType]:
    """The summary line, the known classes counted, then one table per deciding rule (its
    policy line under it); ``numbers``: per group, each episode's number in ``view`` (a first
    column, ``#N``)."""
    out: List[RenderableType] = []
    file = str(audit.get("file") or "results")
    out.append(Text.assemble((file, "bold"), summary_text(audit)[len(file):]))
    if audit.get("classes"):
        summary = Table(title="Known false-positive classes")
        summary.add_column("class")
        summary.add_column("episodes", justify="right")
        for name, count in audit["classes"].items():
            summary.add_row(Text(str(name)), Text(str(count)))
        out.append(summary)
    for g, group in enumerate(audit.get("groups", [])):
        policy = group.get("policy")
        table = Table(title=Text(group_title(group)), caption=Text(str(policy)) if policy else None,
                      caption_justify="left", show_lines=False)
        shown = numbers[g] if numbers is not None and g < len(numbers) else None
        if shown is not None:
            table.add_column("episode", justify="right", no_wrap=True)
        table.add_column("record", justify="right")
        table.add_column("task")
        table.add_column("trial", justify="right")
        table.add_column("file", justify="right")
        table.add_column("shaped", justify="right")
        table.add_column("step", justify="right")
        table.add_column("quote or value", overflow="fold")
        for n, e in enumerate(group["episodes"]):
            quote = e["quote"] or "-"
            if last_words(e):
                quote += " — " + last_words(e)
            cells = [str(e["record"]), str(e["task"]), str(e["trial"]), reward_text(e.get("file_reward")),
                     str(e["shaped"]), step_text(e["step"]), quote]
            if shown is not None:
                number = shown[n] if n < len(shown) else None
                cells.insert(0, "-" if number is None else f"#{number}")
            table.add_row(*[Text(c) for c in cells])
        out.append(table)
    if not audit.get("groups"):
        out.append(Text(NO_DISAGREEMENT))
    return out


def runs_audit(data: Dict[str, Any], run: Optional[int] = None) -> List[RenderableType]:
    """``view``'s audit: each run's of the report's data (``report_data.run_audit``), or run
    ``run``'s: a heading, then the tables above with each episode's number (``#N`` opens it)."""
    parts: List[RenderableType] = []
    for r, entry in enumerate(data.get("audit") or []):
        if run is None or r == run:
            parts.append(Text(f"Audit of run {r} ({data['runs'][r]['label']})", style="bold underline"))
            parts += audit_renderables(entry["audit"], entry.get("episodes"))
    return parts


def audit_line(data: Dict[str, Any]) -> str:
    """``view``'s one line under its list: how many records disagree, and how to list them."""
    count = sum(entry["audit"]["disagreements"] for entry in data.get("audit") or [])
    if not count:
        return f"audit: {NO_DISAGREEMENT}"
    return f"audit: {count} record{'s' * (count != 1)} where the file's reward and the shaped verdict disagree (--audit lists them)"


def print_audit(audit: Mapping[str, Any], console: Optional[Console] = None) -> None:
    """A summary line, the known classes counted, then one table per deciding rule."""
    console = console or Console()
    for part in audit_renderables(audit):
        console.print(part, highlight=False)
