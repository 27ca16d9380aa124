"""Issue 46: ``compare`` and its report show the noise floor: intervals, flipping tasks, and the
minimum detectable difference between the runs; the same files give the same bytes."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from tau_shaped.report.compare_display import show
from tests.evaluation.test_noise_floor import _records


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("noise")
    a, b = folder / "base.jsonl", folder / "tuned.jsonl"
    first = {"t1": [True, False, True], "t2": [True, True, True], "t3": [True, None, True], "t4": [True, False, False]}
    second = {"t1": [True, True, True], "t2": [True, True, False], "t3": [False, False, False], "t5": [True, True, True]}
    for path, outcomes in ((a, first), (b, second)):
        records = _records(outcomes)
        for r in records:
            r["info"]["run"]["env"] = "synthetic"  # no installed domain: nothing to replay, the report is quick
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return a, b


@pytest.fixture(scope="module")
def compared(files, tmp_path_factory):
    """compare's terminal text and the report it wrote."""
    report = tmp_path_factory.mktemp("noise-report") / "r.html"
    return _compare(files, report), report


def _compare(files, report, width=120):
    out = io.StringIO()
    status = show(list(files), report, Console(file=out, width=width, force_terminal=False))
    assert status == 0
    return out.getvalue()


def test_compare_prints_intervals_flips_and_the_minimum_detectable_difference(files, compared):
    text, report = compared
    assert "noise floor" in text and "bootstrap resamples of the tasks" in text
    assert re.search(r"pass\^1\s+│ 0\.667 \[\d\.\d{3}, \d\.\d{3}\]", text)  # base: 8 legacy passes of 12 trials, with its interval
    assert "tasks that flip between trials: legacy 3 of 4 (t1, t3, t4); shaped 2 of 4 (t1, t4)" in text  # t3's fail has no shaped verdict
    pair = text.split("tuned − base: synthetic")[1]
    assert "(1 tasks only in base, 1 only in tuned: left out)" in pair
    assert "minimum detectable difference" in pair
    # legacy pass^1, tasks t1-t3: tuned - base = (1 - 2/3) + (2/3 - 1) + (0 - 2/3) over 3 = -2/9
    assert re.search(r"legacy pass\^1\s+│\s+-0\.222 │\s+\d\.\d{3} │\s+3 │", pair)
    assert _compare(files, report) == text  # the same files, the same bytes


def test_the_report_shows_the_noise_floor_and_carries_it_as_data(compared):
    page = compared[1].read_text(encoding="utf-8")
    section = page.split("<h2 id='noise-floor'>")[1].split("<h2>")[0]
    assert "minimum detectable difference" in section and "tuned − base: synthetic" in section
    assert "legacy 3 of 4 (t1, t3, t4)" in section
    payload = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S).group(1)
    noise = json.loads(payload)["noise"]
    assert [r["label"] for r in noise["runs"]] == ["base", "tuned"] and noise["seed"] == 46
    diff = {d["metric"]: d for d in noise["pairs"][0]["domains"][0]["differences"]}
    assert diff["legacy pass^1"]["difference"] == pytest.approx(-2 / 9) and diff["legacy pass^1"]["paired_tasks"] == 3
    assert diff["legacy pass^1"]["minimum_detectable_difference"] > abs(diff["legacy pass^1"]["difference"])


def test_the_comparison_as_json_carries_the_reports_figures(files, compared, tmp_path):
    """``show(..., as_json=True)`` (for compare --json): JSON on stdout, the noise floor the same
    data as the report's."""
    out = io.StringIO()
    assert show(list(files), tmp_path / "j.html", Console(file=out, width=60, force_terminal=False), as_json=True) == 0
    data = json.loads(out.getvalue())
    page = compared[1].read_text(encoding="utf-8")
    payload = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S).group(1)
    assert data["noise"] == json.loads(payload)["noise"]
    assert [r["label"] for r in data["runs"]] == ["base", "tuned"] and data["runs"][0]["legacy_pass_k"]["1"] == pytest.approx(8 / 12)


def test_compare_json_on_the_command_line_is_the_same_bytes_each_time(files, tmp_path):
    """`tau-shaped compare --json A B`: the comparison with its noise floor as JSON on stdout, the
    same bytes for the same files."""
    from typer.testing import CliRunner

    from tau_shaped.cli import app

    runs = [CliRunner().invoke(app, ["compare", "--json", "--report", str(tmp_path / f"r{i}.html"), *map(str, files)])
            for i in range(2)]
    assert [r.exit_code for r in runs] == [0, 0], runs[0].output
    assert runs[0].stdout == runs[1].stdout
    data = json.loads(runs[0].stdout)
    text = json.dumps(data)
    assert "minimum_detectable" in text or "minimum detectable" in text
    assert "│" not in runs[0].stdout  # no table drawn in JSON mode
