"""``tau-shaped view``: browse results files as tau2's ``view`` browses its runs.

In a terminal it is a small prompt: the runs, the episodes filtered by task, bucket, verdict
and run, any episode opened with its conversation, verdict and evidence, and each run's audit
(``audit``: where the file's own reward and the shaped verdict disagree, by deciding rule, as
``tau-shaped audit`` lists them, each row with the episode's number). Given options it prints
once and exits (``--episode N`` one episode; ``--audit`` the audit; else the filtered list),
which is what a script or a pipe gets. ``--serve`` serves the HTML report of the same files on 127.0.0.1
for a browser instead.
"""

from __future__ import annotations

import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import typer
from rich.console import Console
from rich.text import Text

PAGE = 50
HELP_TEXT = """commands:
  runs                    the runs and their pass rates
  list [PAGE]             the episodes that match the filters, a page of 50 at a time
  task NAME | bucket NAME | verdict KIND | run N
                          filter (the word alone clears that filter); verdicts: {verdicts}
  clear                   clear every filter
  N  or  TASK/TRIAL       open one episode (its number in the list, or fd-cap-3/1)
  audit [RUN]             where the file's own reward and the shaped verdict disagree, by deciding rule
  help, quit
  up and down arrows recall the lines typed (this session's only: none is saved)"""


def _fail(message: str, option: Optional[str] = None) -> "typer.Exit":
    """A mistake as one line on stderr (``error: [--option: ]what``, its line breaks folded) and
    exit status 2, not click's boxed usage message."""
    line = " ".join(f"{option}: {message}".split()) if option else " ".join(message.split())
    typer.echo(f"error: {line}", err=True)
    return typer.Exit(2)


def _summaries(files: List[Path]) -> List[Any]:
    """Each file read and summarized; a file that cannot be read is a one-line error naming it."""
    from tau_shaped.evaluation.results_file import ResultsFileError
    from tau_shaped.report.comparison import summarize_files

    skipped: List[str] = []  # a run's lock file, a report, a folder among the files: named, left out
    try:
        summaries = summarize_files(files, skipped)
    except ResultsFileError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"{exc.filename or ', '.join(map(str, files))}: {exc.strerror or exc}") from None
    for note in skipped:
        typer.echo(f"note: {note}", err=True)
    if not any(s.records for s in summaries):
        raise _fail(", ".join(map(str, files)) + ": no scored episode to show")
    return summaries


def _load(files: List[Path], env: Optional[str] = None) -> Dict[str, Any]:
    from tau_shaped.report.html_report import report_version
    from tau_shaped.report.report_data import report_data
    from tau_shaped.report.run_labels import run_labels

    summaries = _summaries(files)
    return report_data(summaries, run_labels([s.path for s in summaries]), report_version(), env)


class Filters:
    def __init__(self, data: Dict[str, Any]) -> None:
        self.data = data
        self.task: Optional[str] = None
        self.bucket: Optional[str] = None
        self.verdict: Optional[str] = None
        self.run: Optional[int] = None

    def set(self, name: str, value: Optional[str]) -> None:
        """Set one filter, checked against the file (a ValueError says what exists)."""
        from tau_shaped.report.report_data import VERDICTS

        episodes = self.data["episodes"]
        if value is None:
            setattr(self, name, None)
        elif name == "verdict":
            if value not in VERDICTS:
                raise ValueError(f"verdict {value!r} is not one of {', '.join(VERDICTS)}")
            self.verdict = value
        elif name == "run":
            if not value.isdigit() or int(value) >= len(self.data["runs"]):
                raise ValueError(f"run {value!r}: give a run's number, 0 to {len(self.data['runs']) - 1}")
            self.run = int(value)
        else:
            known = sorted({e[name] for e in episodes})
            if value not in known:
                shown = ", ".join(known[:12]) + (" ..." if len(known) > 12 else "")
                raise ValueError(f"no episode has {name} {value!r}; {name}s: {shown}")
            setattr(self, name, value)

    def episodes(self) -> List[Dict[str, Any]]:
        from tau_shaped.report.episode_display import select

        return select(self.data, self.task, self.bucket, self.verdict, self.run)

    def describe(self) -> str:
        given = [f"{k} {v}" for k, v in (("task", self.task), ("bucket", self.bucket), ("verdict", self.verdict), ("run", self.run))
                 if v is not None]
        return ", ".join(given) if given else "no filter"


PROMPT = "view> "


def list_page(arg: Optional[str], episodes: int) -> Tuple[int, int]:
    """(page, pages) for ``list [PAGE]``: page 1 by default; a page the list does not have is a
    ValueError saying how many it has (an empty list has one page, empty)."""
    pages = max(1, -(-episodes // PAGE))
    if arg is None:
        return 1, pages
    if not arg.isdigit() or int(arg) < 1:
        raise ValueError(f"list {arg}: give a page number, 1 to {pages}")
    if int(arg) > pages:
        if pages == 1:
            raise ValueError(f"no page {int(arg)}: the {episodes} episode{'s' * (episodes != 1)} fit on one page (list shows it)")
        raise ValueError(f"no page {int(arg)}: the {episodes} episodes fill {pages} pages of {PAGE}; list {pages} shows the last")
    return int(arg), pages


def _line_history() -> Optional[Any]:
    """Line editing and the history of the lines typed (up and down arrows) for the prompt, in
    memory only: nothing is read from or written to a history file. None where readline is
    not available (Windows without pyreadline)."""
    try:
        import readline
    except ImportError:
        return None
    readline.clear_history()  # this session's lines only
    readline.set_auto_history(True)
    return readline


def _interactive(console: Console, filters: Filters) -> None:
    from tau_shaped.report.audit_display import runs_audit
    from tau_shaped.report.episode_display import EpisodeNotFound, episode_view, episodes_table, find_episode, runs_table
    from tau_shaped.report.report_data import VERDICTS

    data = filters.data
    console.print(runs_table(data))
    console.print(Text(f"{len(data['episodes'])} episodes. Type help for the commands; an episode's number opens it; "
                       "audit lists where the file's reward and the shaped verdict disagree.", style="dim"))
    history = _line_history() if sys.stdin.isatty() else None
    while True:
        try:
            # with readline the prompt is input()'s own, so that recalling a line redraws it whole
            line = (input(PROMPT) if history is not None else console.input(PROMPT)).strip()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
        word, _, rest = line.partition(" ")
        rest = rest.strip() or None
        try:
            if not line:
                continue
            if word in ("quit", "q", "exit"):
                return
            if word in ("help", "?"):
                console.print(Text(HELP_TEXT.format(verdicts=", ".join(VERDICTS))))
            elif word == "runs":
                console.print(runs_table(data))
            elif word in ("list", "ls"):
                shown = filters.episodes()
                page, pages = list_page(rest, len(shown))
                console.print(Text(f"{filters.describe()}: {len(shown)} episodes, page {page} of {pages}", style="dim"))
                console.print(episodes_table(data, shown[(page - 1) * PAGE:page * PAGE], buckets=console.width >= 110))
            elif word in ("task", "bucket", "verdict", "run"):
                filters.set(word, rest)
                console.print(Text(f"{filters.describe()}: {len(filters.episodes())} episodes (list shows them)", style="dim"))
            elif word == "audit":
                if rest is not None and (not rest.isdigit() or int(rest) >= len(data["runs"])):
                    raise ValueError(f"audit {rest}: give a run's number, 0 to {len(data['runs']) - 1}")
                for part in runs_audit(data, None if rest is None else int(rest)):
                    console.print(part)
            elif word == "clear":
                for name in ("task", "bucket", "verdict", "run"):
                    filters.set(name, None)
                console.print(Text(f"no filter: {len(data['episodes'])} episodes", style="dim"))
            else:
                console.print(episode_view(data, find_episode(data, line)))
        except (ValueError, EpisodeNotFound) as exc:
            console.print(Text(f"{exc}", style="red"))


class _ReportHandler(BaseHTTPRequestHandler):
    page: bytes = b""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path.split("?", 1)[0] not in ("/", "/index.html", "/report.html"):
            self.send_error(404, "only the report is served here")
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.page)))
        self.send_header("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:")
        self.end_headers()
        self.wfile.write(self.page)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet: the terminal is the user's
        return


def _serve(files: List[Path], port: int, console: Console, env: Optional[str] = None) -> None:
    import tempfile

    from tau_shaped.report.html_report import write_report

    summaries = _summaries(files)
    with tempfile.TemporaryDirectory(prefix="tau-shaped-view-") as folder:
        target = write_report(summaries, Path(folder) / "report.html", env=env)
        handler = type("Handler", (_ReportHandler,), {"page": target.read_bytes()})
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise _fail(f"{port}: {exc.strerror or exc}", "--port") from None
    console.print(f"serving the report on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", highlight=False)
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def view_command(
    files: List[Path] = typer.Argument(..., help="Results files with shaped results (as run, score or demo write them)."),
    task: Optional[str] = typer.Option(None, "--task", help="Only the episodes of this task (its id, e.g. fd-cap-3)."),
    bucket: Optional[str] = typer.Option(None, "--bucket", help="Only the episodes of this bucket (e.g. compensation_cap)."),
    verdict: Optional[str] = typer.Option(None, "--verdict", help="Only the episodes of this verdict: safety, lost, alternative, fail, pass, undetermined or error."),
    run: Optional[int] = typer.Option(None, "--run", help="Only the episodes of this run (its number in the runs table)."),
    episode: Optional[str] = typer.Option(None, "--episode", "-e", help="Print one episode (its number, or TASK/TRIAL) and exit."),
    limit: int = typer.Option(PAGE, "--limit", help="Episodes listed at most when printing the list (0: all)."),
    serve: bool = typer.Option(False, "--serve", help="Serve the HTML report on 127.0.0.1 and browse it in a web browser."),
    port: int = typer.Option(8765, "--port", help="The port --serve listens on (0: any free port)."),
    interactive: Optional[bool] = typer.Option(None, "--interactive/--print", help="The prompt (default when in a terminal and no --episode), or print once."),
    audit: bool = typer.Option(False, "--audit", help="Print each run's audit (where the file's reward and the shaped verdict "
                               "disagree, by deciding rule, as tau-shaped audit lists them, with each episode's number) and exit; "
                               "with --run, that run's."),
    env: Optional[str] = typer.Option(None, "--env", help="The domain of files whose records name none (tau-bench's files "
                                      "as score writes them): its rules' sentences and the audit's classes, as audit --env "
                                      "gives them. A registered name (food_delivery, airline, tau2:airline, ...).",
                                      show_default=False),
) -> None:
    """Browse results: runs, episodes filtered by task, bucket and verdict, one episode's conversation and evidence."""
    from tau_shaped.report.audit_display import audit_line, runs_audit
    from tau_shaped.report.episode_display import EpisodeNotFound, episode_view, episodes_table, find_episode, runs_table

    if audit and any(given is not None for given in (episode, task, bucket, verdict)):
        raise _fail("lists every disagreement of each run (--run: of one); --episode, --task, --bucket and --verdict "
                    "are for the episode list", "--audit")
    if env is not None:
        from tau_shaped.tasks.domains import DomainNotFound, registered_name

        try:
            registered_name(env, "--env")  # a registered domain only: the option names no module to import
        except DomainNotFound as exc:
            raise _fail(str(exc)) from None
    console = Console()
    if serve:
        _serve(files, port, console, env)
        return
    data = _load(files, env)
    filters = Filters(data)
    for name, value in (("task", task), ("bucket", bucket), ("verdict", verdict), ("run", None if run is None else str(run))):
        try:
            filters.set(name, value)
        except ValueError as exc:
            raise _fail(str(exc), f"--{name}") from None
    if audit:
        console.print(runs_table(data))
        for part in runs_audit(data, run):
            console.print(part)
        console.print(Text("--episode N opens episode #N", style="dim"))
        return
    if episode is not None:
        try:
            console.print(episode_view(data, find_episode(data, episode)))
        except EpisodeNotFound as exc:
            raise _fail(str(exc), "--episode") from None
        return
    if interactive is None:
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if interactive:
        _interactive(console, filters)
        return
    console.print(runs_table(data))
    shown = filters.episodes()
    console.print(episodes_table(data, shown, limit=limit or None, buckets=console.width >= 110))
    if limit and len(shown) > limit:
        console.print(Text(f"{len(shown) - limit} more: --limit 0 lists all; --episode N opens one", style="dim"))
    console.print(Text(audit_line(data), style="dim"))
