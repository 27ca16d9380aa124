"""The HTML report's audit section (issue 46): for each run, every record where the file's own
reward (tau-bench's, tau2's) and the shaped verdict disagree, grouped by the rule that decides,
each with its task, trial, step, the quoted text or value and the rule's policy line (the
sentence under each rule's heading), and a link to the episode (``#ep-N``) in the report.

It renders the report's data (``report_data.run_audit``: ``audit.audit_records``, the audit
``tau-shaped audit --json`` gives), in the words of the terminal's (``audit_display``): one
source of truth. Every value from the file is escaped (``html.escape``): agent text is text,
never markup. The same data gives the same bytes (the audit's order is its own: groups by
count then label, episodes in the file's order).
"""

from __future__ import annotations

import html
from typing import Any, Dict, List, Mapping, Optional, Sequence

from tau_shaped.report.audit import CLASSES
from tau_shaped.report.audit_display import NO_DISAGREEMENT, group_title, last_words, reward_text, step_text, summary_text

HOW = ("Every record where the file's own reward (tau-bench's, or a tau2 run's) and the shaped verdict disagree, "
       "grouped by the rule that decides the shaped verdict (a gate that fired first, then a policy rule broken), "
       "each with the step, the quoted text or value that decided it and the rule's policy line. tau2's known "
       "false-positive classes are named by the form of the rules broken: " + ", ".join(CLASSES) + ". "
       "Episodes with no shaped verdict and those that errored in the run are counted apart.")
COMMAND = "tau-shaped audit FILE --json"  # prints the same, as JSON
COLUMNS = ("episode", "task", "trial", "file reward", "shaped", "step", "quote or value", "classes")


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _cell(column: str, inner: str, kind: str = "") -> str:
    return f"<td{kind} data-label='{_e(column)}'>{inner}</td>"


def _row(e: Mapping[str, Any], number: Optional[int]) -> str:
    link = f"<a href='#ep-{number}'>#{number}</a>" if isinstance(number, int) else "–"
    quote = f"<q>{_e(e['quote'])}</q>" if e.get("quote") else "–"
    if last_words(e):
        quote += f"<br><span class=note>{_e(last_words(e))}</span>"
    values = [link, _e(e["task"]), _e(e["trial"]), _e(reward_text(e.get("file_reward"))), _e(e["shaped"]),
              _e(step_text(e["step"])), quote, _e(", ".join(e.get("classes") or [])) or "–"]
    kinds = {"trial": " class=num", "file reward": " class=num", "shaped": " class=num", "quote or value": " class=wide"}
    return "<tr>" + "".join(_cell(c, v, kinds.get(c, "")) for c, v in zip(COLUMNS, values)) + "</tr>"


def _group(group: Mapping[str, Any], numbers: Sequence[Any], anchor: str, level: int) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in COLUMNS)
    rows = "".join(_row(e, numbers[n] if n < len(numbers) else None) for n, e in enumerate(group["episodes"]))
    policy = group.get("policy")
    return (f"<h{level} class=audit-rule id='{_e(anchor)}'>{_e(group_title(group))}</h{level}>"
            + (f"<p class=policy>{_e(policy)}</p>" if policy else "")
            + f"<div class=scroll><table class=audit><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>")


def _classes(audit: Mapping[str, Any]) -> str:
    found = audit.get("classes") or {}
    if not found:
        return ""
    rows = "".join(f"<tr>{_cell('class', _e(name))}{_cell('episodes', _e(found.get(name, 0)), ' class=num')}</tr>"
                   for name in CLASSES if name in found)
    return ("<div class=scroll><table><thead><tr><th>known false-positive class</th><th>episodes</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div>")


def run_section(entry: Mapping[str, Any], run: int, label: Optional[str]) -> str:
    """One run's audit: its summary line, its classes counted, one table per deciding rule
    (``label``: the run's, as a heading, when the report has several)."""
    audit = entry["audit"]
    numbers = entry.get("episodes") or []
    parts = [f"<h3>{_e(label)}</h3>"] if label is not None else []
    parts.append(f"<p class=audit-summary>{_e(summary_text(audit))}</p>")
    parts.append(_classes(audit))
    for g, group in enumerate(audit.get("groups", [])):
        parts.append(_group(group, numbers[g] if g < len(numbers) else [], f"audit-{run}-{g}", 3 if label is None else 4))
    if not audit.get("groups"):
        parts.append(f"<p class=audit-none>{_e(NO_DISAGREEMENT)}</p>")
    return "".join(parts)


def audit_section(data: Dict[str, Any]) -> str:
    """The section: what it lists, then each run's audit."""
    entries: List[Mapping[str, Any]] = data.get("audit") or []
    several = len(entries) > 1
    parts = ["<section id='audit'><h2>Audit: where the file's own reward and the shaped verdict disagree</h2>",
             f"<p class=note>{_e(HOW)} <code>{_e(COMMAND)}</code> prints the same.</p>"]
    for run, entry in enumerate(entries):
        label = data["runs"][run]["label"] if several and run < len(data.get("runs") or []) else None
        parts.append(run_section(entry, run, label))
    return "".join(parts) + "</section>"
