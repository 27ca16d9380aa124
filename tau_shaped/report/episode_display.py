"""Browsing a results file in the terminal (``tau-shaped view``), as tau2's ``view`` does:
its runs, its episodes filtered by task, bucket and verdict, and one episode's conversation
with its verdict and the evidence (gates, rules, money, classes, the canonical and the raw
state difference, checkpoints).

It renders the report's own data (``report_data``): the terminal and the HTML page show the
same episodes with the same numbers (``#N`` here is ``#ep-N`` there). Every value from the
file is put on screen as plain text, never read as rich markup.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tau_shaped.report.report_data import VERDICTS, rate
from tau_shaped.report.verdict_words import without_step

VERDICT_STYLE = {"safety": "bold red", "lost": "yellow", "alternative": "green", "fail": "dim", "pass": "blue", "error": "magenta"}


class EpisodeNotFound(LookupError):
    pass


def _t(value: Any, style: str = "") -> Text:
    if value is None:
        return Text("–", style=style)
    if isinstance(value, float):
        return Text(f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value)), style=style)
    return Text(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str), style=style)


def _table(title: Optional[str], headers: Sequence[str], rows: Sequence[Sequence[Any]], width: Optional[int] = None,
           tight: Sequence[str] = ()) -> Table:
    """A table that folds to the terminal's width; ``tight``: short columns never wrapped."""
    table = Table(title=title, title_justify="left", show_lines=False, width=width, expand=False)
    for h in headers:
        table.add_column(h, overflow="fold", no_wrap=h in tight)
    for row in rows:
        table.add_row(*[cell if isinstance(cell, Text) else _t(cell) for cell in row])
    return table


# the verdicts in a list's narrow column (the episode view names them in full)
SHORT = {"safety": "L1→S0 safety", "lost": "L1→S0 outcome", "alternative": "L0→S1 alternative", "fail": "both 0",
         "pass": "both 1", "error": "not scored"}


def verdict_text(kind: str, short: bool = False) -> Text:
    return Text((SHORT if short else VERDICTS).get(kind, kind), style=VERDICT_STYLE.get(kind, ""))


def select(data: Dict[str, Any], task: Optional[str] = None, bucket: Optional[str] = None, verdict: Optional[str] = None,
           run: Optional[int] = None) -> List[Dict[str, Any]]:
    """The episodes of every run that match each filter given (exact task, bucket, verdict key)."""
    return [e for e in data["episodes"]
            if (task is None or e["task"] == task) and (bucket is None or e["bucket"] == bucket)
            and (verdict is None or e["verdict"] == verdict) and (run is None or e["run"] == run)]


def find_episode(data: Dict[str, Any], ident: str) -> Dict[str, Any]:
    """An episode by its number (``12``, ``#12``) or as ``TASK/TRIAL`` (``fd-cap-3/1``; with
    several runs, ``RUN:TASK/TRIAL`` with the run's number)."""
    ident = ident.strip().lstrip("#")
    episodes = data["episodes"]
    if ident.isdigit():
        n = int(ident)
        if n < len(episodes):
            return episodes[n]
        raise EpisodeNotFound(f"no episode #{n}: the file has episodes #0 to #{len(episodes) - 1}")
    run: Optional[int] = None
    head, sep, rest = ident.partition(":")
    if sep and head.isdigit():
        run, ident = int(head), rest
    task, sep, trial = ident.rpartition("/")
    if not sep or not trial.isdigit():
        raise EpisodeNotFound(f"episode {ident!r}: give its number (#N) or TASK/TRIAL (fd-cap-3/1)")
    found = [e for e in episodes if e["task"] == task and e["trial"] == int(trial) and (run is None or e["run"] == run)]
    if not found:
        raise EpisodeNotFound(f"no episode of task {task!r}, trial {trial}" + (f" in run {run}" if run is not None else ""))
    if len(found) > 1:
        raise EpisodeNotFound(f"task {task!r}, trial {trial} is in {len(found)} runs: "
                              + ", ".join(f"#{e['n']} (run {e['run']})" for e in found) + "; give its number")
    return found[0]


def runs_table(data: Dict[str, Any], width: Optional[int] = None) -> Table:
    rows = []
    for i, run in enumerate(data["runs"]):
        m, v = run["meta"], run["verdicts"]
        rows.append([str(i), run["label"], m["env"], m["split"], m["agent"], run["episodes"],
                     rate(run["legacy_rate"], run["legacy_of"]), rate(run["shaped_rate"], run["shaped_of"]),
                     v["safety"] + v["lost"], v["alternative"]])
    return _table("Runs (L: legacy, S: shaped)", ["#", "run", "env", "split", "agent", "episodes", "L pass rate", "S pass rate",
                                                  "L1→S0", "L0→S1"], rows, width, tight=("#",))


def episodes_table(data: Dict[str, Any], episodes: Sequence[Dict[str, Any]], width: Optional[int] = None,
                   limit: Optional[int] = None, buckets: bool = True) -> Table:
    """The episodes, one a row: the reason in short (the episode view gives it in full);
    ``buckets``: with the bucket column (left out on a narrow terminal)."""
    several = len(data["runs"]) > 1
    shown = list(episodes)[:limit] if limit else list(episodes)
    rows = []
    for e in shown:
        row = [f"#{e['n']}", e["task"], str(e["trial"])] + ([data["runs"][e["run"]]["label"]] if several else [])
        row += [e["bucket"] or "–"] if buckets else []
        rows.append(row + [verdict_text(e["verdict"], short=True), str(e["legacy"]), str(e["shaped"]), short_why(e["why"])])
    title = f"Episodes ({len(shown)} of {len(episodes)})" if len(shown) < len(episodes) else f"Episodes ({len(episodes)})"
    headers = ["#", "task", "trial"] + (["run"] if several else []) + (["bucket"] if buckets else []) + ["verdict", "L", "S", "why"]
    return _table(title, headers, rows, width, tight=("#", "L", "S"))


def short_why(why: str) -> str:
    """The reason's first clause: a valid alternative's explanation of legacy's 0 is the episode's."""
    return why.split(". Legacy is 0")[0]


def _conversation(e: Dict[str, Any], width: Optional[int]) -> Table:
    rows = []
    for turn in e["turns"]:
        if turn["role"] == "tool":
            what = Text(f"{turn['name']}({turn['args']})")
            if turn.get("result") is not None:
                what.append("\n→ " + turn["result"], style="dim")
        else:
            what = Text(turn.get("text") or "")
        fired = Text("\n".join(f"{m['kind']} {m['id']}" + (f": {m['text']}" if m.get("text") else "") for m in turn.get("marks") or []),
                     style="red" if any(m["kind"] == "gate" for m in turn.get("marks") or []) else "")
        rows.append(["" if turn.get("step") is None else str(turn["step"]), _t(turn.get("reward")) if "step" in turn else Text(""),
                     Text(turn["role"], style={"user": "cyan", "agent": "green"}.get(turn["role"], "dim")), what, fired])
    return _table("The conversation, turn by turn", ["step", "reward", "who", "what", "what fired"], rows, width,
                  tight=("step", "who"))


def _diff_rows(entries: Sequence[Dict[str, Any]], owner: bool) -> List[List[Any]]:
    return [[d.get("path"), json.dumps(d.get("expected"), ensure_ascii=False, default=str),
             json.dumps(d.get("actual"), ensure_ascii=False, default=str)] + ([d.get("owner", "")] if owner else []) for d in entries]


def reasons_table(data: Dict[str, Any], e: Dict[str, Any], width: Optional[int] = None) -> Optional[Table]:
    """Every reason of the episode's verdict in words (``report_data.reasons_in_words``): the
    reason, what the rule or check says, the step that decided it and the text or value that
    did; None when there is none (both rewards passed)."""
    sentences = data.get("sentences") or []
    rows = []
    for r in e.get("reasons") or []:
        says = r.get("says")
        says = sentences[says] if isinstance(says, int) and 0 <= says < len(sentences) else str(says or "")
        rows.append([Text(str(r.get("label")), style="bold"), Text(says, style="italic"),
                     "–" if r.get("step") is None else str(r["step"]), without_step(str(r.get("evidence") or ""), r.get("step"))])
    if not rows:
        return None
    return _table("Why, in words", ["reason", "what the rule or check says", "step", "what decided it"], rows, width,
                  tight=("step",))


def episode_view(data: Dict[str, Any], e: Dict[str, Any], width: Optional[int] = None) -> RenderableType:
    """One episode: verdict and why, the evidence, then the conversation."""
    run = data["runs"][e["run"]]
    parts: List[RenderableType] = []
    title = Text(f"Episode #{e['n']}: {e['task']}, trial {e['trial']} ({run['label']})", style="bold")
    parts.append(title)
    line = Text()
    line.append_text(verdict_text(e["verdict"]))
    line.append(f"   legacy {e['legacy']} · shaped outcome {_t(e['outcome']).plain} · process {_t(e['process']).plain}"
                f" · reward {_t(e['reward']).plain} · safety {'FAILED' if e['safety'] is False else 'passed'}")
    parts.append(line)
    parts.append(Text("Why: ", style="bold").append(Text(e["why"])))
    words = reasons_table(data, e, width)
    if words is not None:
        parts.append(words)
    if e.get("error"):
        parts.append(Text(f"Not scored: {e['status']}: {e['error']}", style="magenta"))
    if e["gates"]:
        parts.append(_table("Safety gates that fired", ["gate", "source", "step", "evidence"],
                            [[Text(str(g.get("id")), style="bold red"), g.get("source") or "", g.get("step"), g.get("evidence")] for g in e["gates"]], width))
    # the policy rules broken are in "Why, in words", each with its sentence, step and evidence
    if e["invariants"]:
        parts.append(_table("Money (conservation invariants)", ["invariant", "total given", "disputed", "cap", "holds"],
                            [[i.get("id"), i.get("total"), i.get("disputed_amount"), i.get("cap"),
                              Text("yes", style="green") if i.get("holds") else Text("no", style="bold red")] for i in e["invariants"]], width))
    if e["classes"]:
        parts.append(_table("Equivalence classes", ["class", "ground truth's choice valid", "this episode's valid"],
                            [[c.get("id"), "yes" if c.get("expected_valid") else "no", "yes" if c.get("actual_valid") else "no"] for c in e["classes"]], width))
    if e["diff"]:
        parts.append(_table("Final state vs the ground truth's (canonical diff)", ["path", "expected", "actual"], _diff_rows(e["diff"], False), width))
    else:
        parts.append(Text("Canonical diff: " + ("no difference" if e["legacy"] else "no difference once canonical (the raw difference below is what legacy saw)")))
    raw = e.get("raw")
    if raw:
        parts.append(Text("Raw state difference (what legacy compares): " + raw["note"], style="italic"))
        if raw["diff"]:
            parts.append(_table(None, ["path", "expected", "actual", "the canonical view"], _diff_rows(raw["diff"], True), width))
    if e["outputs"]:
        parts.append(_table("Output checks", ["check", "passed", "evidence"],
                            [[o.get("id"), "yes" if o.get("passed") else "no", o.get("evidence") or ""] for o in e["outputs"]], width))
    if e["checkpoints"]:
        parts.append(_table("Process checkpoints", ["checkpoint", "weight", "satisfied", "step"],
                            [[c.get("id"), c.get("weight"), "yes" if c.get("satisfied") else "no", c.get("step")] for c in e["checkpoints"]], width))
    if e["instruction"]:
        parts.append(Text("The simulated user's instruction: ", style="bold").append(Text(e["instruction"])))
    parts.append(_conversation(e, width))
    return Group(*parts)
