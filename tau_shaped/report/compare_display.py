"""The terminal side of ``tau-shaped compare``: tables that fit the terminal's width, and run
labels that tell the files apart (``run_labels``), the same in the HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Any, List, Mapping, Optional, Set

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from tau_shaped.report.comparison import FileSummary, counted_apart, rates_note, summarize_files
from tau_shaped.report.run_labels import file_stem, run_labels
from tau_shaped.report.verdict_groups import ReasonRow, group_by_verdict, task_list
from tau_shaped.report.verdict_words import rule_sentences, run_env, without_step
from tau_shaped.report.html_report import write_report
from tau_shaped.report.noise_floor_view import noise_data, print_noise
from tau_shaped.evaluation.results_file import ResultsFileError, finite_json

def _pass_k(values: dict, high: dict = None) -> str:
    """pass^k for each k; ``high``: where it differs, the range trials with no verdict leave."""
    high = high or values
    return " ".join(f"{k}:{values[k]:.2f}" + (f"–{high[k]:.2f}" if f"{high[k]:.2f}" != f"{values[k]:.2f}" else "")
                    for k in sorted(values))


def _table(title: str, width: int) -> Table:
    """A titled table; under 60 columns without the vertical rules, which cost a column each."""
    if width < 60:
        return Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    return Table(title=title)


def legacy_note(summaries: List[FileSummary], labels: List[str]) -> str:
    """What "legacy" means when a run is a tau2 run: tau2's own reward."""
    tau2 = [label for label, s in zip(labels, summaries) if s.legacy_name == "tau2"]
    if not tau2:
        return ""
    if len(tau2) == len(summaries):
        return " (legacy = tau2's own reward)"
    return f" (legacy = tau2's own reward for {', '.join(tau2)}; tau-bench's for the others)"


def tau2_line(s: FileSummary) -> str:
    """Where a tau2 run's legacy reward comes from: stored by tau2, or recomputed offline."""
    n = len(s.records)
    if s.tau2_stored:
        line = (f"legacy = tau2's reward: as tau2 stored it for {s.tau2_stored}/{n}, computed offline for the rest; "
                f"the offline one agrees with the stored one on {s.tau2_agree}/{s.tau2_stored}")
    else:
        line = f"legacy = tau2's reward, computed offline for {n}/{n} (the run stores none)"
    if s.tau2_not_judged:
        line += f"; {s.tau2_not_judged} with NL assertions not judged offline"
    return line


def overall_table(summaries: List[FileSummary], labels: List[str], width: int, with_pass_k: bool = True) -> Table:
    """One row per run; ``with_pass_k`` adds pass^k for both rewards (wide terminals)."""
    overall = _table("legacy vs shaped" + legacy_note(summaries, labels), width)
    overall.add_column("run", overflow="fold")
    overall.add_column("episodes", justify="right", overflow="fold")
    overall.add_column("legacy pass", justify="right", overflow="fold")
    overall.add_column("shaped pass", justify="right", overflow="fold")
    if with_pass_k:
        overall.add_column("legacy pass^k", overflow="fold")
        overall.add_column("shaped pass^k", overflow="fold")
    overall.add_column("agree", justify="right", overflow="fold")
    for label, s in zip(labels, summaries):
        agree = s.agreement.get((0, 0), 0) + s.agreement.get((1, 1), 0)
        # SPEC §8: no shaped verdict (undetermined, faulted) counted apart; each rate's denominator said
        cells = [label, f"{len(s.records)}{counted_apart(s)}", f"{s.legacy_rate:.3f} of {len(s.records)}",
                 f"{s.shaped_rate:.3f} of {s.decided}"]
        if with_pass_k:
            cells += [_pass_k(s.legacy_pass_k), _pass_k(s.shaped_pass_k, s.shaped_pass_k_high)]
        overall.add_row(*cells, f"{agree}/{s.decided}")
    return overall


def pass_k_table(summaries: List[FileSummary], labels: List[str], width: int) -> Table:
    """pass^k one k a row, for terminals too narrow to put it beside the pass rates."""
    table = _table("pass^k", width)
    table.add_column("run", overflow="fold")
    table.add_column("k", justify="right", overflow="fold")
    table.add_column("legacy", justify="right", overflow="fold")
    table.add_column("shaped", justify="right", overflow="fold")
    for label, s in zip(labels, summaries):
        for i, k in enumerate(sorted(s.legacy_pass_k)):
            low, high = s.shaped_pass_k[k], s.shaped_pass_k_high.get(k, s.shaped_pass_k[k])
            table.add_row(label if i == 0 else "", str(k), f"{s.legacy_pass_k[k]:.3f}",
                          f"{low:.3f}" + (f"–{high:.3f}" if high != low else ""), end_section=i == len(s.legacy_pass_k) - 1)
    return table


def files_table(summaries: List[FileSummary], labels: List[str], width: int) -> Table:
    """Which file each label stands for."""
    table = _table("runs", width)
    table.add_column("run", overflow="fold")
    table.add_column("file", overflow="fold")
    for label, s in zip(labels, summaries):
        table.add_row(label, str(s.path))
    return table


EVIDENCE = 240  # characters of an example's evidence shown in the summary (the episode view shows it whole)


def reason_text(row: ReasonRow, said: Optional[Set[str]] = None) -> Text:
    """A reason row's cell: the reason as grouped, then each of its parts in words: the rule's or
    check's sentence (``said``: the sentences the table has already shown, named again as
    "as above" rather than repeated), and from the row's first episode the step and the text or
    value that decided it."""
    said = set() if said is None else said
    text = Text(row.reason, overflow="fold")
    several = len(row.words) > 1
    for word in row.words:
        name = word.label
        for kind in ("policy rule ", "gate ", "class ", "invariant "):
            name = name[len(kind):] if name.startswith(kind) else name
        text.append("\n  " + (f"{name}: " if several else ""), style="bold" if several else "")
        text.append("(as above)" if word.says in said else word.says, style="italic")
        said.add(word.says)
        evidence = without_step(word.evidence, word.step)
        evidence = evidence if len(evidence) <= EVIDENCE else evidence[:EVIDENCE] + "…"
        at = f", step {word.step}" if word.step is not None else ""
        text.append(f"\n    e.g. {row.example}{at}: {evidence}", style="dim")
    return text


def verdicts_table(s: FileSummary, width: int, sentences: Optional[Mapping[str, str]] = None) -> Table:
    """Every episode by verdict (both pass, legacy only, shaped only, both fail), each group
    headed by its count, then its reasons with their counts and example tasks
    (``verdict_groups``), each reason in words (``reason_text``); ``sentences``: the policy
    rules' (looked up for the run's domain when not given)."""
    legacy = s.legacy_name
    table = _table("every episode by verdict, with its reason", width)
    table.add_column("episodes", justify="right", overflow="fold")
    table.add_column("verdict and reason", overflow="fold")
    table.add_column("tasks", overflow="fold", max_width=max(16, width // 4))  # the reasons in words get the room
    groups = group_by_verdict(s.records, rule_sentences(run_env(s.records)) if sentences is None else sentences)
    said: Set[str] = set()
    for n, group in enumerate(groups):
        name = group.name.replace("legacy", legacy)
        table.add_row(Text(str(group.episodes), style="bold"),
                      Text(f"{name} ({legacy} {group.legacy}, shaped {'null' if group.shaped is None else group.shaped})", style="bold"), "",
                      end_section=not group.reasons and n < len(groups) - 1)
        for i, row in enumerate(group.reasons):
            table.add_row(str(row.episodes), reason_text(row, said), task_list(row.tasks),
                          end_section=i == len(group.reasons) - 1 and n < len(groups) - 1)
    return table


def _rule_reasons(record: Any) -> bool:
    """Whether a record's verdict names a policy rule, broken or left undetermined (its sentence
    would be shown)."""
    info = record.get("info") if isinstance(record, Mapping) else None
    shaped = info.get("shaped") if isinstance(info, Mapping) else None
    return isinstance(shaped, Mapping) and bool(shaped.get("rule_violations") or shaped.get("undetermined"))


def _fits(console: Console, table: Table) -> bool:
    """Whether the table's natural width (no cell wrapped) is the terminal's or less."""
    natural = Measurement.get(console, console.options.update_width(10_000), table)
    return natural.maximum <= console.width


def comparison_json(summaries: List[FileSummary], labels: List[str]) -> str:
    """The comparison as JSON (``show(..., as_json=True)``, for ``compare --json``): each run's
    rates and pass^k, and the noise floor (``noise_floor_view.noise_data``)."""
    runs = [{"label": label, "file": str(s.path), "episodes": len(s.records), "legacy_rate": s.legacy_rate,
             "shaped_rate": s.shaped_rate, "shaped_of": s.decided, "undetermined": s.undetermined, "faulted": s.faulted,
             "legacy_pass_k": {str(k): v for k, v in s.legacy_pass_k.items()},
             "shaped_pass_k": {str(k): [v, s.shaped_pass_k_high.get(k, v)] for k, v in s.shaped_pass_k.items()}}
            for label, s in zip(labels, summaries)]
    return finite_json({"runs": runs, "noise": noise_data(summaries, labels)}, indent=1, ensure_ascii=False)


def show(files: List[Path], report: Path, console: Console = None, as_json: bool = False, env: Optional[str] = None) -> int:
    """compare: the tables (``as_json``: the comparison as JSON on stdout instead), and the report;
    ``env``: the domain of the runs whose records name none (tau-bench's files as ``score`` writes
    them), for its rules' sentences."""
    errors = console or Console(stderr=True)
    console = console or Console()  # the terminal's width: every table folds to fit it
    skipped: List[str] = []  # a run's lock file, a report, a folder among the files: named, left out
    try:
        summaries = summarize_files(files, skipped)
    except ResultsFileError as exc:
        errors.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        return 2
    for note in skipped:
        errors.print(f"note: {note}", highlight=False, soft_wrap=True)
    width = console.width
    labels = run_labels([s.path for s in summaries])
    if as_json:
        console.print(comparison_json(summaries, labels), highlight=False, markup=False, soft_wrap=True)
        write_report(summaries, report, labels, env)
        return 0
    if any(label != file_stem(s.path) for label, s in zip(labels, summaries)):
        console.print(files_table(summaries, labels, width))
    overall = overall_table(summaries, labels, width)
    if _fits(console, overall):
        console.print(overall)
    else:  # too narrow for pass^k beside the pass rates: a table of its own
        console.print(overall_table(summaries, labels, width, with_pass_k=False))
        console.print(pass_k_table(summaries, labels, width))
    print_noise(console, summaries, labels)  # issue 46: intervals, flipping tasks, minimum detectable difference
    for label, s in zip(labels, summaries):
        console.print()
        console.print(Text(label, style="bold", overflow="fold"))
        console.print(rates_note(s), highlight=False)  # what each rate counts; what is in none
        if s.legacy_name == "tau2":
            console.print(tau2_line(s), highlight=False)
        console.print(verdicts_table(s, width, rule_sentences(run_env(s.records) or env)))
        if s.process_rewards:
            pr = sorted(s.process_rewards)
            console.print(f"process reward: min {pr[0]:.2f}, median {pr[len(pr) // 2]:.2f}, max {pr[-1]:.2f}",
                          highlight=False)
    unnamed = [label for label, s in zip(labels, summaries) if env is None and run_env(s.records) is None
               and any(_rule_reasons(r) for r in s.records)]
    if unnamed:
        console.print(f"note: {', '.join(unnamed)}: the records name no domain, so the rules are shown by id; "
                      "--env DOMAIN gives their sentences", highlight=False, soft_wrap=True)
    target = write_report(summaries, report, labels, env)
    console.print(f"report: {target.resolve()}", highlight=False)
    return 0
