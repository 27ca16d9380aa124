"""The report of ``tau-shaped compare`` (and of the demo): one self-contained HTML file.

It says what the two rewards mean and what each run was (env, split, blend, λ, spec and
tau-shaped versions, date, command); plots pass^k per run and the reward distributions
normalized per run (matplotlib, embedded as PNG); groups the episodes by verdict and by
reason, safety disagreements first; and opens any episode to show why it scored what it
did (``report_data`` and the inline script of ``html_assets``); audits each run (``audit_html``:
where the file's own reward and the shaped verdict disagree, by deciding rule, as ``tau-shaped
audit`` lists them). No external script, style or font: it opens offline.
"""

from __future__ import annotations

import base64
import html
import io
import re
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from tau_shaped.evaluation.output_path import write_text_file
from tau_shaped.evaluation.results_file import finite_json
from tau_shaped.report.audit_html import audit_section
from tau_shaped.report.comparison import FileSummary
from tau_shaped.report.html_assets import CSS, SCRIPT
from tau_shaped.report.noise_floor_view import HOW, flips_text, pair_rows, rerun_text, run_rows
from tau_shaped.report.report_data import VERDICTS, rate, report_data
from tau_shaped.report.run_labels import run_labels
from tau_shaped.report.verdict_words import without_step

LEGACY_MEANS = ("<b>Legacy</b> is tau-bench's reward: 1 when the final database is exactly the one the recorded ground "
                "truth leaves (and every expected output was said), else 0.")
SHAPED_MEANS = ("<b>Shaped</b> is the specification of correctness: 0 if a safety gate fired; else 1 when the outcome is "
                "right up to the task's equivalence classes (any valid courier, refund method, visit order), its money "
                "balances and its output checks pass; plus λ × the process checkpoints reached.")


def report_version() -> str:
    """The tau-shaped version the report names."""
    try:
        from importlib.metadata import version

        return version("tau-shaped")
    except Exception:  # noqa: BLE001 - a source checkout without metadata
        import tau_shaped

        return str(getattr(tau_shaped, "__version__", "?"))


# Each plot is one small figure, drawn once for every width: at most about 4 inches wide (with
# its labels), shown at 100 CSS px an inch (never wider), its labels this many points (15.3 px):
# on a 390 px phone at 0.94 of its size or more (labels >= 14 px), on a 320 px one >= 11 px; on a
# desktop the reward distributions stand side by side (``html_assets``: ``.plots`` wraps).
PLOT_POINTS = 11.0
PLOT_DPI = 150  # crisp on a screen of 1.5 device pixels a CSS px; the shown size is set apart
_LEGEND_CHARS = 36


def _png_size(data: bytes) -> tuple:
    """A PNG's width and height in pixels (its IHDR chunk)."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _image(fig: Any, alt: str) -> str:
    """The figure as an inline PNG ``<img>``: drawn at PLOT_DPI, shown at 100 CSS px an inch,
    and ``data-min-font-px`` the smallest text it holds in the image's own pixels (so a browser
    can tell the size a label is shown at: that times the shown width over the image's)."""
    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=PLOT_DPI, bbox_inches="tight", metadata={"Software": None})
    points = [t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    plt.close(fig)
    data = buffer.getvalue()
    width, height = _png_size(data)
    scale = 100 / PLOT_DPI
    return (f"<img class=plot alt='{html.escape(alt)}' width='{round(width * scale)}' height='{round(height * scale)}' "
            f"data-min-font-px='{min(points) * PLOT_DPI / 72:.2f}' src='data:image/png;base64,{base64.b64encode(data).decode('ascii')}'>")


def _axes(width: float, height: float) -> tuple:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height))
    ax.tick_params(labelsize=PLOT_POINTS)
    return fig, ax


def _legend(ax: Any) -> None:
    """The legend under the axes, each label wrapped (a long run name makes it taller, never
    wider: a wider image would be shown smaller)."""
    handles, labels = ax.get_legend_handles_labels()
    wrapped = [textwrap.fill(label, _LEGEND_CHARS, break_long_words=True, break_on_hyphens=True) for label in labels]
    ax.legend(handles, wrapped, loc="upper center", bbox_to_anchor=(0.5, -0.25), fontsize=PLOT_POINTS, frameon=False)


def _pass_k_figure(summaries: List[FileSummary], labels: List[str]) -> Any:
    fig, ax = _axes(4.0, 3.0)
    for n, (s, label) in enumerate(zip(summaries, labels)):
        ks = sorted(s.legacy_pass_k)
        color = f"C{n % 10}"
        ax.plot(ks, [s.legacy_pass_k[k] for k in ks], "--o", color=color, label=f"{label}: legacy")
        ax.plot(ks, [s.shaped_pass_k[k] for k in ks], "-s", color=color, label=f"{label}: shaped")
        high = [s.shaped_pass_k_high.get(k, s.shaped_pass_k[k]) for k in ks]  # trials with no shaped verdict as passed
        if high != [s.shaped_pass_k[k] for k in ks]:
            ax.fill_between(ks, [s.shaped_pass_k[k] for k in ks], high, color=color, alpha=0.2, linewidth=0)
    ax.set_xlabel("k (trials that must all pass)", fontsize=PLOT_POINTS)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel("pass^k", fontsize=PLOT_POINTS)
    ax.set_ylim(0, 1.02)
    _legend(ax)
    return fig


def _histogram(values_per_run: List[List[float]], labels: List[str], bins: int, top: float, xlabel: str) -> Any:
    """Each run's values, normalized to 1 (a share of its episodes)."""
    fig, ax = _axes(3.9, 2.8)
    for values, label in zip(values_per_run, labels):
        if values:
            ax.hist(values, bins=bins, range=(0, top), weights=[1.0 / len(values)] * len(values), histtype="step",
                    linewidth=1.6, label=label)
    ax.set_xlabel(xlabel, fontsize=PLOT_POINTS)
    ax.set_ylabel("share of episodes", fontsize=PLOT_POINTS)
    _legend(ax)
    return fig


def _plots(summaries: List[FileSummary], labels: List[str]) -> List[tuple]:
    """(title, its images) for pass^k per run and the reward distributions."""
    import matplotlib

    matplotlib.use("Agg")
    title = "pass^k per run (dashed: legacy, solid: shaped outcome, shaded up to where trials with no shaped verdict pass)"
    pass_k = _image(_pass_k_figure(summaries, labels), title)
    shaped = [[float((r.get("info") or {}).get("shaped", {}).get("reward") or 0.0) for r in s.records] for s in summaries]
    distributions = (_image(_histogram([s.process_rewards for s in summaries], labels, 10, 1.0, "process reward"),
                            "process reward per run")
                     + _image(_histogram(shaped, labels, 13, 1.3, "shaped reward (outcome + λ·process)"), "shaped reward per run"))
    return [(title, pass_k), ("Reward distributions, each run normalized to 1", distributions)]


_LONG_WORD = re.compile(r"\S{40}")  # a word longer than a column should be (an id, a run's file name)


def _table(headers: List[str], rows: List[List[Any]], numeric: Sequence[int] = (), wide: Sequence[int] = ()) -> str:
    """A table; on a narrow screen each row is a card, each value named by its column
    (``data-label``); ``wide``: columns of long text, given a line of their own there."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    kinds = {i: " class=num" for i in numeric} | {i: " class=wide" for i in wide}

    def cell(i: int, value: Any) -> str:
        text = str(value)
        kind = " class=long" if i not in kinds and _LONG_WORD.search(text) else kinds.get(i, "")  # may break inside the word
        return f"<td{kind} data-label='{html.escape(headers[i])}'>{html.escape(text)}</td>"

    body = "".join("<tr>" + "".join(cell(i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<div class=scroll><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"


def _named(e: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The episode's reasons its grouped reason names (each ``; ``-separated part), in its order;
    all of them where the reason names them together (a valid alternative's)."""
    reasons = e.get("reasons") or []
    named = [next((r for r in reasons if r.get("label") == part), None) for part in str(e.get("reason", "")).split("; ")]
    return [r for r in named if r is not None] or list(reasons)


def _in_words(data: Dict[str, Any], e: Dict[str, Any]) -> str:
    """A grouped reason as a list: each part with its sentence, and from ``e`` (the group's first
    episode) the step and the text or value that decided it."""
    sentences = data.get("sentences") or []
    items = []
    for r in _named(e):
        says = r.get("says")
        says = sentences[says] if isinstance(says, int) and 0 <= says < len(sentences) else str(says or "")
        at = f", step {r['step']}" if r.get("step") is not None else ""
        items.append(f"<li><b>{html.escape(str(r.get('label')))}</b>: {html.escape(says)}<br>"
                     f"e.g. task {html.escape(e['task'])}, trial {e['trial']}{at}: {html.escape(without_step(str(r.get('evidence') or ''), r.get('step')))}</li>")
    if not items:
        return html.escape(str(e.get("reason", "")))
    return "<ul class=reason-words style='padding-left:1.2em'>" + "".join(items) + "</ul>"


def _reasons(data: Dict[str, Any]) -> str:
    """Episodes grouped by verdict and reason (every reason of an episode, as ``compare`` groups
    them), with counts, safety disagreements first; each reason in words from its first episode."""
    groups: Counter = Counter()
    example: Dict[tuple, Dict[str, Any]] = {}
    for e in data["episodes"]:
        if e["verdict"] == "pass":
            continue
        key = (list(VERDICTS).index(e["verdict"]), e["verdict"], data["runs"][e["run"]]["label"], str(e.get("reason", "")))
        groups[key] += 1
        example.setdefault(key, e)
    rows = []
    for key in sorted(groups, key=lambda k: (k[0], -groups[k], k[2], k[3])):
        _, verdict, label, _ = key
        rows.append(f"<tr><td><span class='pill v-{verdict}'>{html.escape(VERDICTS[verdict])}</span></td><td>{html.escape(label)}</td>"
                    f"<td class=wide>{_in_words(data, example[key])}</td><td class=num>{groups[key]}</td>"
                    f"<td><a href='#ep-{example[key]['n']}'>open one</a></td></tr>")
    if not rows:
        return "<p>Every episode passed both rewards.</p>"
    return ("<div class=scroll><table><thead><tr><th>verdict</th><th>run</th><th>reason</th><th>episodes</th><th>example</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></div>")


def _buckets(data: Dict[str, Any]) -> str:
    """Legacy and shaped pass rate per bucket (per run when there are several)."""
    rows = [[b["bucket"], data["runs"][b["run"]]["label"], b["episodes"], rate(b["legacy_rate"], b["legacy_of"]),
             rate(b["shaped_rate"], b["shaped_of"]),
             b["legacy_only"], b["shaped_only"]] for b in data["buckets"]]
    if not rows:
        return "<p>No scored episode.</p>"
    return _table(["bucket", "run", "episodes", "legacy pass rate", "shaped pass rate", "legacy 1 → shaped 0", "legacy 0 → shaped 1"],
                  rows, numeric=range(2, 7))


def _noise(summaries: List[FileSummary], labels: List[str]) -> str:
    """The noise floor (issue 46): each run's 95% intervals per domain, its flipping tasks and
    its minimum detectable difference against a re-run; each run against the first."""
    from tau_shaped.report.comparison import pair_noises

    parts = [f"<p class=note>{html.escape(HOW)}</p>"]
    for label, s in zip(labels, summaries):
        for noise in s.noise:
            parts.append(f"<h3>{html.escape(label)}: {html.escape(noise.domain)}, {noise.tasks} tasks × {noise.trials} "
                         f"trial{'s' if noise.trials != 1 else ''}</h3>")
            parts.append(_table(["metric", "legacy: estimate [95% interval]", "shaped: estimate [95% interval]"], run_rows(noise)))
            parts.append(f"<p>{html.escape(flips_text(noise))}</p><p>{html.escape(rerun_text(noise))}</p>")
    for label, s in zip(labels[1:], summaries[1:]):
        for pair in pair_noises(summaries[0], s):
            title = f"{label} − {labels[0]}: {pair.domain}"
            if pair.only_a or pair.only_b:
                title += f" ({pair.only_a} tasks only in {labels[0]}, {pair.only_b} only in {label}: left out)"
            parts.append(f"<h3>{html.escape(title)}</h3>")
            parts.append(_table(["metric", "difference", "minimum detectable difference", "paired tasks"], pair_rows(pair), numeric=(1, 2)))
    return "".join(parts)


def _tau2_means(summaries: List[FileSummary], labels: List[str]) -> str:
    tau2 = [label for label, s in zip(labels, summaries) if s.legacy_name == "tau2"]
    if not tau2:
        return ""
    return (f" For tau2 runs ({html.escape(', '.join(tau2))}), <b>legacy</b> is tau2's own reward: as tau2 stored it, "
            "else computed offline (its database, actions and facts to communicate).")


def write_report(summaries: List[FileSummary], target: Path, labels: Optional[List[str]] = None,
                 env: Optional[str] = None) -> Path:
    """The report of ``summaries`` written to ``target``; ``env``: the domain of the runs whose
    records name none (``report_data``)."""
    labels = labels or run_labels([s.path for s in summaries])
    data = report_data(summaries, labels, report_version(), env)
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><meta name='viewport' content='width=device-width,initial-scale=1'>",
        "<title>tau-shaped: legacy vs shaped</title>", f"<style>{CSS}</style></head><body><main>",
        "<h1>Legacy vs shaped rewards</h1>", f"<p class='lede'>{LEGACY_MEANS}{_tau2_means(summaries, labels)}<br>{SHAPED_MEANS}</p>", "<section id='episode'></section>",
        "<div class='overview'>",
        "<h2>The runs</h2>",
    ]
    metas = [r["meta"] for r in data["runs"]]
    meta = [[label, m["env"], m["split"], m["agent"], m["blend"], m["lambda"], m["spec"], m["version"], m["date"]]
            for label, m in zip(labels, metas)]
    parts.append(_table(["run", "env", "split", "agent", "blend", "λ", "spec", "tau-shaped", "date"], meta))
    parts += [f"<div class=rerun>The command of {html.escape(label)}:<pre class=command>{html.escape(str(m['command']))}</pre></div>"
              for label, m in zip(labels, metas)]
    overall = []
    for label, run in zip(labels, data["runs"]):
        v = run["verdicts"]
        overall.append([label, run["episodes"], rate(run["legacy_rate"], run["legacy_of"]), rate(run["shaped_rate"], run["shaped_of"]),
                        v["safety"], v["lost"], v["alternative"],
                        v["fail"], v["pass"], v.get("undetermined", 0), run["unscored"]])
    parts.append(_table(["run", "episodes", "legacy pass rate", "shaped pass rate", "legacy 1 → shaped 0 (safety)",
                         "legacy 1 → shaped 0 (outcome)", "legacy 0 → shaped 1", "both 0", "both 1",
                         "undetermined (reward null)", "errored (not scored)"],
                        overall, numeric=range(1, 11)))
    parts.append("<h2 id='noise-floor'>Noise floor: 95% intervals, tasks that flip, minimum detectable difference</h2>"
                 + _noise(summaries, labels))
    for title, images in _plots(summaries, labels):
        parts.append(f"<h2>{html.escape(title)}</h2><div class=plots>{images}</div>")
    parts.append("<h2>Pass rate per bucket</h2>" + _buckets(data))
    parts.append("<h2>Why the rewards differ, or both fail</h2>" + _reasons(data))
    parts.append(audit_section(data))  # issue 46: the file's own reward against the shaped verdict, by deciding rule
    parts.append("<h2>Episodes</h2><p>Open an episode to see why it scored what it did; click a column's heading to sort by it.</p>"
                 "<div id='filters'><input id='f-search' type='search' placeholder='search task, bucket, run, verdict, why' aria-label='search the episodes'>"
                 "<select id='f-run' aria-label='run'></select><select id='f-task' aria-label='task'></select>"
                 "<select id='f-bucket' aria-label='bucket'></select><select id='f-verdict' aria-label='verdict'></select></div><div id='episodes'><noscript>The episode browser needs JavaScript.</noscript></div></div>")
    # every "<" escaped: no text in the data can close the script element or open a comment
    # and valid JSON always: a NaN or Infinity from a results file is null, never a bare NaN that
    # JSON.parse refuses (the page would show nothing)
    payload = finite_json(data, ensure_ascii=False, separators=(",", ":"), default=str).replace("<", "\\u003c")
    parts.append(f"<script type='application/json' id='report-data'>{payload}</script><script>{SCRIPT}</script>")
    parts.append("</main></body></html>")
    # a regular file, whole or not at all: a device, FIFO, link or folder at ``target`` is refused
    return write_text_file(target, "\n".join(parts))
