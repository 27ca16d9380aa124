"""The audit in the HTML report and in ``view`` (issue 46): each run's disagreements of the
file's own reward with the shaped verdict, grouped by the deciding rule, with the task, trial,
step, quote and policy line exactly as ``tau-shaped audit --json`` gives them, each linked to
its episode; a run with none says so; agent text is escaped; the page is the same bytes for the
same inputs. On hand-made scored records (``audit_records``): no scoring run, no tau2."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any, Dict, List, Tuple

import pytest
from typer.testing import CliRunner

from tau_shaped.cli.app import app
from tau_shaped.report.comparison import summarize
from tau_shaped.report.html_report import write_report
from tests.report.audit_records import record, write_jsonl

runner = CliRunner()
CONFIRM, AMOUNTS, FRAUD = "fd.confirm.before_write", "fd.statements.amounts_supported", "fd.fraud.no_money_moved"
HOSTILE = "</script><script>alert('x')</script><img src=x onerror=alert(1)> [/INST] [bold]not markup[/bold] & \"q\""
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def _disagreeing():
    """Four disagreements (three rules, both directions), one agreement, and an errored record
    before some of them (so a record's number in the file is not its episode's number)."""
    return [record("fd-a", 1.0, 0.0, rules=[CONFIRM], writes=1),
            record("fd-b", 0.0, None, error="errored in the run: the model timed out"),
            record("fd-b", 1.0, 0.0, rules=[AMOUNTS], said="Goodbye!", trial=1, evidence="your refund is $12.00"),
            record("fd-c", 1.0, 1.0, said="done"),
            record("fd-d", 0.0, 1.0, said="done"),
            record("fd-a", 1.0, 0.0, gates=[FRAUD], rules=[CONFIRM], writes=1, trial=1)]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("audit-report")
    return {
        "disagreeing": write_jsonl(folder / "disagreeing.jsonl", _disagreeing()),
        "agreeing": write_jsonl(folder / "agreeing.jsonl", [record("fd-c", 1.0, 1.0, said="done"),
                                                            record("fd-e", 0.0, 0.0, rules=[CONFIRM], writes=1)]),
        "hostile": write_jsonl(folder / "hostile.jsonl", [record("fd-h", 1.0, 0.0, rules=[AMOUNTS], evidence=HOSTILE,
                                                                 said=HOSTILE)]),
    }


def _audit_json(path) -> Dict[str, Any]:
    result = runner.invoke(app, ["audit", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


class _Page(HTMLParser):
    """The audit section's headings, policy lines and table rows (cell texts, links), and
    whether every element that is opened is closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: List[str] = []
        self.problems: List[str] = []
        self.headings: List[str] = []
        self.policies: List[str] = []
        self.none_lines: List[str] = []
        self.tables: List[List[List[Tuple[str, str]]]] = []  # per audit table, per row, (text, link) per cell
        self._text: List[str] = []
        self._kind: str = ""
        self._link = ""

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, Any]]) -> None:
        a = dict(attrs)
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "table" and a.get("class") == "audit":
            self.tables.append([])
            self._kind = "table"
        elif tag == "tr" and self._kind == "table" and "tbody" in self.stack:
            self.tables[-1].append([])
        elif tag == "td" and self._kind == "table":
            self._text, self._link = [], ""
        elif tag == "a" and self._kind == "table":
            self._link = a.get("href", "")
        elif a.get("class") in ("audit-rule", "policy", "audit-none"):
            self._kind, self._text = a["class"], []

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()
        text = "".join(self._text)
        if tag == "td" and self._kind == "table":
            self.tables[-1][-1].append((text, self._link))
        elif tag == "table" and self._kind == "table":
            self._kind = ""
        elif tag in ("h3", "h4") and self._kind == "audit-rule":
            self.headings.append(text)
            self._kind = ""
        elif tag == "p" and self._kind in ("policy", "audit-none"):
            (self.policies if self._kind == "policy" else self.none_lines).append(text)
            self._kind = ""

    def handle_data(self, data: str) -> None:
        self._text.append(data)


def _page(paths, target) -> Tuple[str, _Page]:
    page = write_report([summarize(p) for p in paths], target).read_text(encoding="utf-8")
    parsed = _Page()
    parsed.feed(page)
    parsed.close()
    return page, parsed


def _data(page: str) -> Dict[str, Any]:
    payload = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S).group(1)
    return json.loads(payload)


def _flat(text: str) -> str:
    """Terminal output with its runs of spaces as one (a table's cells are padded, captions wrapped)."""
    return " ".join(text.split())


def _step(step) -> str:
    return "final state" if step is None else str(step)


@pytest.fixture(scope="module")
def disagreeing_page(files, tmp_path_factory):
    return _page([files["disagreeing"]], tmp_path_factory.mktemp("page") / "report.html")


@pytest.fixture(scope="module")
def two_runs_page(files, tmp_path_factory):
    """One page of two runs: one with no disagreement, one whose agent says hostile things. Its
    plots are left out (they take a second or two and show nothing of the audit; the page
    of ``disagreeing_page`` has them)."""
    import tau_shaped.report.html_report as html_report

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(html_report, "_plots", lambda summaries, labels: [])
        return _page([files["agreeing"], files["hostile"]], tmp_path_factory.mktemp("page") / "two.html")


def test_the_report_lists_each_disagreement_as_audit_json_gives_it(files, disagreeing_page):
    audit = _audit_json(files["disagreeing"])
    page, parsed = disagreeing_page
    assert audit["disagreements"] == 4 and len(audit["groups"]) == 4  # the fixture holds what the test checks
    assert not parsed.problems and not parsed.stack, parsed.problems  # every element closed, in order
    data = _data(page)
    assert data["audit"][0]["audit"] == audit  # the page's data is audit --json's, whole
    assert len(parsed.tables) == len(parsed.headings) == len(parsed.policies) == len(audit["groups"])
    for group, heading, policy, rows in zip(audit["groups"], parsed.headings, parsed.policies, parsed.tables):
        assert heading.startswith(f"{group['label']}: {group['count']} ({group['direction']})")
        assert all(c in heading for c in group["classes"])
        assert policy == group["policy"]
        assert len(rows) == len(group["episodes"])
        for e, row in zip(group["episodes"], rows):
            (number, link), task, trial, reward, shaped, step, quote, classes = row
            n = data["episodes"][int(number.lstrip("#"))]
            assert link == f"#ep-{n['n']}" and (n["task"], n["trial"]) == (e["task"], e["trial"])  # opens its episode
            assert (task[0], trial[0], shaped[0], step[0]) == (e["task"], str(e["trial"]), str(e["shaped"]), _step(e["step"]))
            assert reward[0] == f"{e['file_reward']:g}" and classes[0] == (", ".join(e["classes"]) or "–")
            assert quote[0].startswith(e["quote"])
            assert ("Goodbye!" in quote[0]) == ("inaction scored 1" in e["classes"])  # an idle agent's last words
    episode_of = {(e["task"], e["trial"]): e for g in audit["groups"] for e in g["episodes"]}
    assert episode_of[("fd-b", 1)]["record"] == 2  # the errored record counted apart, not among the episodes
    assert audit["counted_apart"]["errored"] == 1 and "1 errored" in page


def test_view_lists_each_disagreement_as_audit_json_gives_it(files):
    audit = _audit_json(files["disagreeing"])
    result = runner.invoke(app, ["view", str(files["disagreeing"]), "--audit"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    listed = runner.invoke(app, ["view", str(files["disagreeing"]), "--print", "--limit", "0"], env={"COLUMNS": "250"}).output
    numbers = {(task, int(trial)): n for n, task, trial in re.findall(r"│ #(\d+) +│ (\S+) +│ (\d+)", listed)}
    for group in audit["groups"]:
        assert _flat(f"{group['label']}: {group['count']} ({group['direction']})") in out
        assert _flat(group["policy"]) in out
        for e in group["episodes"]:
            row = (f"│ #{numbers[(e['task'], e['trial'])]} │ {e['record']} │ {e['task']} │ {e['trial']} │ "
                   f"{e['file_reward']:g} │ {e['shaped']} │ {_step(e['step'])} │ {e['quote']}")
            assert _flat(row) in out, row
    assert "4 records where the file's reward and the shaped verdict disagree" in _flat(listed)
    opened = runner.invoke(app, ["view", str(files["disagreeing"]), "-e", numbers[("fd-b", 1)]], env={"COLUMNS": "250"})
    assert "fd-b, trial 1" in opened.output  # the number the audit gives opens that episode


def test_a_run_with_no_disagreement_says_so(files, two_runs_page):
    audit = _audit_json(files["agreeing"])
    assert audit["disagreements"] == 0 and audit["agree"] == 2
    page, parsed = two_runs_page
    assert parsed.none_lines == ["no disagreement: the file's reward and the shaped verdict agree on every record scored"]
    assert len(parsed.tables) == 1  # the other run's one
    section = page[page.index("id='audit'"):]  # each run's audit under its label, in the runs' order
    assert section.index("<h3>agreeing</h3>") < section.index("class=audit-none") < section.index("<h3>hostile</h3>") \
        < section.index("class=audit>")
    shown = runner.invoke(app, ["view", str(files["agreeing"]), "--audit"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0 and parsed.none_lines[0] in _flat(shown.output)
    listed = runner.invoke(app, ["view", str(files["agreeing"]), "--print"], env={"COLUMNS": "200"})
    assert f"audit: {parsed.none_lines[0]}" in _flat(listed.output)


def test_agent_text_is_escaped_in_the_page_and_plain_text_in_view(files, two_runs_page):
    audit = _audit_json(files["hostile"])
    (group,) = audit["groups"]
    assert HOSTILE in group["episodes"][0]["quote"] and group["episodes"][0]["agent_last_said"] == HOSTILE
    page, parsed = two_runs_page
    assert page.count("<script") == 2 and "<img src=x" not in page  # the page's own two scripts, nothing of the agent's
    assert not parsed.problems and not parsed.stack, parsed.problems
    ((quote, _),) = [row[6] for row in parsed.tables[0]]
    assert quote.startswith(group["episodes"][0]["quote"]) and quote.count(HOSTILE) == 2  # the quote, the last words
    shown = runner.invoke(app, ["view", str(files["hostile"]), "--audit"], env={"COLUMNS": "400"})
    assert shown.exit_code == 0, shown.output
    assert HOSTILE in shown.output  # rich markup in agent text is shown as written, never read


def test_the_same_inputs_give_the_same_page(files, disagreeing_page, tmp_path):
    page, _ = disagreeing_page
    again, _ = _page([files["disagreeing"]], tmp_path / "again.html")
    assert again == page
    assert page.index("id='audit'") < page.index("<h2>Episodes</h2>")  # in the overview, before the episode browser


def test_the_prompt_audit_command(files):
    typed = runner.invoke(app, ["view", str(files["disagreeing"]), "--interactive"], input="audit 0\naudit 3\nquit\n",
                          env={"COLUMNS": "250"})
    assert typed.exit_code == 0, typed.output
    out = _flat(typed.output)
    assert "Audit of run 0 (disagreeing)" in out and "policy rule fd.statements.amounts_supported: 1 (file 1, shaped 0)" in out
    assert "audit 3: give a run's number, 0 to 0" in out


def test_view_env_names_the_domain_of_records_that_name_none(tmp_path):
    """tau-bench's files as score writes them name no domain: view --env gives the audit that
    audit --env gives (its classes and policy lines); without it, the same rows, unnamed."""
    records = _disagreeing()
    for r in records:
        del r["info"]["run"]
    path = write_jsonl(tmp_path / "unnamed.jsonl", records)
    named = runner.invoke(app, ["audit", str(path), "--env", "food_delivery", "--json"])
    audit = json.loads(named.stdout)
    assert audit["env"] == "food_delivery" and audit["classes"]["unconfirmed write"] == 2
    shown = _flat(runner.invoke(app, ["view", str(path), "--audit", "--env", "food_delivery"], env={"COLUMNS": "250"}).output)
    bare = _flat(runner.invoke(app, ["view", str(path), "--audit"], env={"COLUMNS": "250"}).output)
    assert "Known false-positive classes" in shown and "Known false-positive classes" not in bare
    assert "(domain not named)" in bare and f"{path.name} (food_delivery)" in shown
    for group in audit["groups"]:
        assert _flat(group["policy"]) in shown
        if group["label"].startswith(("policy rule ", "gate fd.")):  # a domain rule's line: only with the domain named
            assert _flat(group["policy"]) not in bare
        for e in group["episodes"]:
            assert e["quote"] in shown and e["quote"] in bare
    wrong = runner.invoke(app, ["view", str(path), "--audit", "--env", "os:system"])
    assert wrong.exit_code == 2 and wrong.stderr.startswith("error: ") and "Traceback" not in wrong.output


def test_view_refuses_audit_with_the_episode_filters(files):
    result = runner.invoke(app, ["view", str(files["disagreeing"]), "--audit", "--task", "fd-a"])
    assert result.exit_code == 2 and result.stderr.startswith("error: --audit: ") and "Traceback" not in result.output
