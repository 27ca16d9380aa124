"""A self-contained HTML report of ``tau-shaped compare``: tables and matplotlib
plots embedded as PNG data, so it opens offline from a single file."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import List

from tau_shaped.report.comparison import FileSummary


def _png(fig) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight", metadata={"Software": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _plots(summaries: List[FileSummary]) -> List[tuple]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [s.path.stem[:28] for s in summaries]
    fig, ax = plt.subplots(figsize=(max(4, 1.6 * len(names) + 2), 3.2))
    xs = range(len(names))
    ax.bar([x - 0.2 for x in xs], [s.legacy_rate for s in summaries], width=0.4, label="legacy")
    ax.bar([x + 0.2 for x in xs], [s.shaped_rate for s in summaries], width=0.4, label="shaped outcome")
    ax.set_xticks(list(xs), names, rotation=15, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("pass rate")
    ax.legend()
    plots = [("Pass rate per run", _png(fig))]
    fig, ax = plt.subplots(figsize=(5, 3.2))
    ax.hist([s.process_rewards for s in summaries], bins=10, range=(0, 1), label=names)
    ax.set_xlabel("process reward")
    ax.set_ylabel("episodes")
    ax.legend(fontsize=7)
    plots.append(("Process reward distribution", _png(fig)))
    return plots


def _table(headers: List[str], rows: List[List[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def write_report(summaries: List[FileSummary], target: Path) -> Path:
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>tau-shaped: legacy vs shaped</title>",
        "<style>body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #bbb;padding:3px 8px;text-align:left}th{background:#eee}</style></head><body>",
        "<h1>Legacy vs shaped rewards</h1>",
    ]
    rows = []
    for s in summaries:
        ks = sorted(s.legacy_pass_k)
        rows.append(
            [s.path.name, len(s.records), f"{s.legacy_rate:.3f}", f"{s.shaped_rate:.3f}",
             " ".join(f"{k}:{s.legacy_pass_k[k]:.2f}" for k in ks), " ".join(f"{k}:{s.shaped_pass_k[k]:.2f}" for k in ks)]
        )
    parts.append("<h2>Overall</h2>" + _table(["run", "episodes", "legacy pass", "shaped pass", "legacy pass^k", "shaped pass^k"], rows))
    for title, data in _plots(summaries):
        parts.append(f"<h2>{html.escape(title)}</h2><img alt='{html.escape(title)}' src='data:image/png;base64,{data}'>")
    for s in summaries:
        parts.append(f"<h2>{html.escape(s.path.name)}</h2>")
        a = s.agreement
        parts.append(_table(["", "shaped 0", "shaped 1"], [["legacy 0", a.get((0, 0), 0), a.get((0, 1), 0)], ["legacy 1", a.get((1, 0), 0), a.get((1, 1), 0)]]))
        parts.append(_table(["task", "legacy pass", "shaped pass", "trials"], [[k, f"{v[0]:.2f}", f"{v[1]:.2f}", v[2]] for k, v in s.per_task.items()]))
        if s.disagreements:
            parts.append("<h3>Disagreements</h3>" + _table(["task", "trial", "legacy", "shaped", "reason"], [list(d) for d in s.disagreements]))
    parts.append("</body></html>")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(parts), encoding="utf-8")
    return target
