"""Issue 16: the report says why. One self-contained page: what the rewards mean, each run's
metadata, pass^k and normalized distributions, reasons grouped, and every episode openable
with its gate, invariant, diff and conversation; checked in a real browser (chromium)."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tau_shaped.evaluation.results_file import read_results
from tau_shaped.evaluation.runner import RunConfig, run
from tau_shaped.report.comparison import summarize
from tau_shaped.report.html_report import write_report
from tau_shaped.report.run_labels import run_labels
from tests.conftest import ROOT

FOOD = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    # trial 1 plays each task's second recording: an unsafe substitute, a $50 credit, a wallet refund
    summary = run(RunConfig(env="food_delivery", agent_strategy="replay", user_strategy="scripted", recordings=str(FOOD),
                            task_ids=["fd-allergen-3", "fd-cap-3", "fd-missing-3"], num_trials=2, log_dir=str(folder)))
    return summary.path


def _data(page: str):
    payload = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S).group(1)
    return json.loads(payload.replace("<\\/", "</"))


def test_the_page_explains_itself_and_needs_nothing_from_outside(results, tmp_path):
    page = write_report([summarize(results)], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<b>Legacy</b> is tau-bench's reward" in page and "<b>Shaped</b> is the specification of correctness" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page) and "<link" not in page  # offline: nothing fetched
    data = _data(page)
    meta = data["runs"][0]["meta"]
    assert (meta["env"], meta["split"], meta["blend"], meta["lambda"], meta["spec"]) == ("food_delivery", "test", "shaped", 0.3, "1")
    assert meta["command"].startswith("tau-shaped run --env food_delivery --split test --agent-strategy replay")
    assert meta["version"] and meta["date"]
    # pass^k per run, process and shaped reward distributions normalized per run
    assert page.count("data:image/png;base64,") == page.count("<img class=plot ") == 3
    assert len(data["episodes"]) == 6


def test_every_episode_carries_why_it_scored_what_it_did(results, tmp_path):
    data = _data(write_report([summarize(results)], tmp_path / "r.html").read_text(encoding="utf-8"))
    by = {(e["task"], e["trial"]): e for e in data["episodes"]}
    unsafe = by[("fd-allergen-3", 1)]
    assert unsafe["verdict"] == "fail" and unsafe["gates"][0]["id"] == "fd.allergen.no_unsafe_substitute"
    step = unsafe["gates"][0]["step"]
    marked = [t for t in unsafe["turns"] if t.get("step") == step]
    assert marked[0]["name"] == "propose_substitution" and marked[0]["marks"][0]["kind"] == "gate"
    assert unsafe["diff"] and all({"path", "expected", "actual"} <= set(d) for d in unsafe["diff"])
    assert [t["role"] for t in unsafe["turns"]][:2] == ["user", "tool"]  # the conversation in order, steps numbered
    assert [t["step"] for t in unsafe["turns"] if "step" in t] == list(range(len(unsafe["turns"]) - sum(t["role"] == "user" for t in unsafe["turns"])))
    over = by[("fd-cap-3", 1)]
    assert {i["id"]: (i["total"], i["disputed_amount"]) for i in over["invariants"]}["apology"][0] == 50.0
    wallet = by[("fd-missing-3", 1)]
    assert wallet["verdict"] == "alternative" and "valid alternative" in wallet["why"]
    assert all(t.get("reward") is not None for t in wallet["turns"] if "step" in t)  # the step-reward strip


def test_agent_text_is_data_never_markup(results, tmp_path):
    records = read_results(results)
    hostile = "</script><script>alert('x')</script><img src=x onerror=alert(1)>"
    records[0]["traj"].append({"role": "assistant", "content": hostile})
    path = tmp_path / "hostile.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    page = write_report([summarize(path)], tmp_path / "r.html").read_text(encoding="utf-8")
    payload = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S).group(1)
    assert "<" not in payload and page.count("<script") == 2  # the data cannot close its element or open another
    assert any(t.get("text") == hostile for e in _data(page)["episodes"] for t in e["turns"])
    assert "innerHTML" not in page  # the script only ever sets text


def test_run_labels_tell_runs_apart():
    a = Path("results/tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_1123103000.jsonl")
    b = Path("results/tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_1123103512.jsonl")
    labels = run_labels([a, b])
    assert labels[0] != labels[1] and "3000" in labels[0] and "3512" in labels[1]
    assert len(set(run_labels([Path("x/run.jsonl"), Path("y/run.jsonl")]))) == 2


def _chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing in CI (.ci/run installs it with apt)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return path


def _dom(browser, url: str) -> str:
    """The page's DOM once its script has run, as ``chromium --dump-dom`` prints it (a desktop
    window of 800 x 600), in the module's browser (one chromium start, not one per page)."""
    return browser.open(url, width=800, height=600, mobile=False).evaluate("document.documentElement.outerHTML")


def test_an_episode_opens_in_a_real_browser_with_its_gate_and_diff(results, browser, tmp_path):
    report = write_report([summarize(results)], tmp_path / "report.html")
    data = _data(report.read_text(encoding="utf-8"))
    n = next(e["n"] for e in data["episodes"] if e["task"] == "fd-allergen-3" and e["trial"] == 1)
    dom = _dom(browser, report.resolve().as_uri() + f"#ep-{n}")
    assert 'data-ready="1"' in dom and 'class="focus"' in dom
    assert re.search(r'id="episode-title">Episode fd-allergen-3, trial 1', dom)
    assert re.search(r'<span class="mark mark-gate">gate fd\.allergen\.no_unsafe_substitute: step \d', dom)
    first_diff = data["episodes"][n]["diff"][0]["path"]
    assert f'<td class="wide" data-label="path">{first_diff}</td>' in dom  # the canonical diff, path by path, named on a phone
    listing = _dom(browser, report.resolve().as_uri())
    assert listing.count('href="#ep-') >= 6 and 'id="episode-title"' not in listing  # the list, no episode open


def test_safety_disagreements_are_listed_first(results, tmp_path):
    """A trajectory legacy scores 1 while a gate fired (the end state matched) is the first
    group of the reasons table, ahead of valid alternatives and both-0 episodes."""
    records = read_results(results)
    unsafe = next(r for r in records if r["info"]["shaped"]["gate_violations"])
    forged = {**unsafe, "reward": 1.0, "trial": 7}  # as if the final state had matched the ground truth
    path = tmp_path / "with_safety.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records + [forged]), encoding="utf-8")
    page = write_report([summarize(path)], tmp_path / "r.html").read_text(encoding="utf-8")
    verdicts = {(e["task"], e["trial"]): e["verdict"] for e in _data(page)["episodes"]}
    assert verdicts[(forged["info"]["task_key"], 7)] == "safety"
    rows = re.findall(r"<tr><td><span class='pill v-(\w+)'>", page)
    assert rows[0] == "safety" and rows.count("safety") == 1 and "alternative" in rows


# ---- issue 28: the report fits a phone and answers more ----------------------------------------

from tests.headless_chromium import Browser, chromium_path, layout_problems  # noqa: E402


@pytest.fixture(scope="module")
def other_run(tmp_path_factory):
    """A second run of the same tasks (one trial each), in a folder of its own."""
    folder = tmp_path_factory.mktemp("report-other")
    summary = run(RunConfig(env="food_delivery", agent_strategy="replay", user_strategy="scripted", recordings=str(FOOD),
                            task_ids=["fd-allergen-3", "fd-cap-3", "fd-missing-3"], num_trials=1, log_dir=str(folder)))
    return summary.path


@pytest.fixture(scope="module")
def browser():
    path = chromium_path()
    if path is None:
        _chromium()  # fails in CI, skips elsewhere
    b = Browser(path)
    yield b
    b.close()


def _by(data):
    return {(e["run"], e["task"], e["trial"]): e for e in data["episodes"]}


def test_a_legacy_zero_shows_the_raw_difference_and_who_judges_it(results, tmp_path):
    """fd-cap-3 trial 1 pays $50 where $5 was due: money is judged by the invariant, so the
    canonical diff is empty; the raw diff shows the two paths legacy saw differ and names the
    invariant (and its failed verdict) as what owns them."""
    data = _data(write_report([summarize(results)], tmp_path / "r.html").read_text(encoding="utf-8"))
    by = _by(data)
    over = by[(0, "fd-cap-3", 1)]
    assert over["legacy"] == 0 and over["diff"] == []
    raw = {d["path"]: d for d in over["raw"]["diff"]}
    wallet = next(d for p, d in raw.items() if p.endswith(".wallet_balance"))
    assert wallet["actual"] - wallet["expected"] == 45  # $50 paid where $5 was due
    assert any(p.endswith(".amount") and d["expected"] == 5 and d["actual"] == 50 for p, d in raw.items())
    assert all("invariant apology" in d["owner"] and "does not hold" in d["owner"] for d in raw.values())
    wallet_alt = by[(0, "fd-missing-3", 1)]  # a valid alternative: legacy 0 from paths the invariant owns, and it holds
    assert wallet_alt["verdict"] == "alternative" and wallet_alt["raw"]["diff"]
    assert all("invariant" in d["owner"] and "holds" in d["owner"] and "not hold" not in d["owner"] for d in wallet_alt["raw"]["diff"])
    unsafe = by[(0, "fd-allergen-3", 1)]  # a canonical difference is marked as one
    assert {d["path"] for d in unsafe["diff"]} <= {d["path"] for d in unsafe["raw"]["diff"] if d["owner"] == "in the canonical diff too"}
    for e in data["episodes"]:  # every legacy 0 says what differed (or why the state matched); a legacy 1 needs no raw diff
        assert (e["raw"] is None) == bool(e["legacy"])
        if not e["legacy"]:
            assert e["raw"]["diff"] or "ground truth's" in e["raw"]["note"]


def test_a_run_of_an_unknown_env_is_never_imported_only_noted(results, tmp_path):
    records = read_results(results)
    for r in records:
        r["info"]["run"]["env"] = "os:system"  # data naming code: never imported
    path = tmp_path / "elsewhere.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    data = _data(write_report([summarize(path)], tmp_path / "r.html").read_text(encoding="utf-8"))
    notes = {e["raw"]["note"] for e in data["episodes"] if e["raw"]}
    assert notes == {"the run's env 'os:system' is not an installed domain, so its states cannot be replayed"}


def test_pass_rate_per_bucket(results, other_run, tmp_path):
    page = write_report([summarize(results), summarize(other_run)], tmp_path / "r.html").read_text(encoding="utf-8")
    data = _data(page)
    for row in data["buckets"]:
        mine = [e for e in data["episodes"] if e["bucket"] == row["bucket"] and e["run"] == row["run"]]
        assert row["episodes"] == len(mine) > 0
        assert row["legacy_rate"] == sum(e["legacy"] for e in mine) / len(mine)
        assert row["shaped_rate"] == sum(e["shaped"] for e in mine) / len(mine)
    assert {(b["bucket"], b["run"]) for b in data["buckets"]} == {(e["bucket"], e["run"]) for e in data["episodes"]}
    section = re.sub(r" data-label='[^']*'", "", page.split("<h2>Pass rate per bucket</h2>")[1].split("<h2>")[0])
    cap = next(b for b in data["buckets"] if b["run"] == 0 and b["bucket"] == _by(data)[(0, "fd-cap-3", 0)]["bucket"])
    assert f"<td>{cap['bucket']}</td><td>{data['runs'][0]['label']}</td><td class=num>{cap['episodes']}</td>" \
           f"<td class=num>{cap['legacy_rate']:.3f} of {cap['episodes']}</td>" \
           f"<td class=num>{cap['shaped_rate']:.3f} of {cap['episodes'] - cap['undetermined']}</td>" in section


def _hostile(results, tmp_path):
    """The run with what stretches a page: a 3,000-character word in the agent's text and in a tool result."""
    records = read_results(results)
    records[0]["traj"].append({"role": "assistant", "content": "x" * 3000})
    records[1]["traj"].append({"role": "assistant", "content": "{" + "\"k\":" * 500 + "1}"})
    path = tmp_path / ("a-very-long-run-name-" + "z" * 120 + ".jsonl")
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _fits(browser, url, width):
    """The layout problems of ``url`` at ``width`` px (none: nothing sticks out or is clipped,
    no text under 14 px, no plot label shown under 11 px)."""
    page = browser.open(url, width=width, height=900)
    layout = page.layout()
    return layout, layout_problems(layout, min_font=14, min_plot_font=11)


def test_the_page_fits_a_phone_and_a_desktop_in_chromium(results, other_run, browser, tmp_path):
    """At 390 and 1400 px, on the overview, an episode and two runs side by side: the page is no
    wider than the viewport, no element sticks out of it or is cut off by a box (each table row
    is a card on the phone, so the verdict, reason, what fired and value columns are all in
    view), every text is at least 14 px, the plot labels are shown at 11 px or more; the
    conversation is wrapped text of 14 px or more. The run has a 3,000-character word in the
    agent's text and in a tool result, and a 140-character name."""
    report = write_report([summarize(_hostile(results, tmp_path)), summarize(other_run)], tmp_path / "hostile.html")
    data = _data(report.read_text(encoding="utf-8"))
    a = _by(data)[(0, "fd-cap-3", 1)]["n"]
    b = _by(data)[(1, "fd-cap-3", 0)]["n"]
    for width, fragments in ((390, ("", f"#ep-{a}", "#ep-0", f"#vs-{a}-{b}")), (1400, ("", "#ep-0", f"#vs-{a}-{b}"))):
        for fragment in fragments:
            layout, problems = _fits(browser, report.resolve().as_uri() + fragment, width)
            assert problems == [], (width, fragment)
            assert layout["scroll"] <= layout["viewport"] and layout["fonts"][0]["px"] >= 14
            if not fragment:  # the three plots are shown, their labels measured
                assert len(layout["plots"]) == 3 and all(p["px"] >= 11 for p in layout["plots"])
    page = browser.open(report.resolve().as_uri() + f"#ep-{a}", width=390)
    said = page.evaluate("[...document.querySelectorAll('.conversation td.what > pre')].map(p => { const s = getComputedStyle(p); "
                         "return [parseFloat(s.fontSize), s.whiteSpace, p.getBoundingClientRect().right]; })")
    assert said and all(px >= 14 and space == "pre-wrap" and right <= 390 for px, space, right in said)
    cells = page.evaluate("[...document.querySelectorAll('.conversation tbody td')].filter(c => c.textContent.trim())"
                          ".map(c => c.getAttribute('data-label'))")
    assert set(cells) >= {"who", "what", "what fired"}  # every value on a card is named by its column


OLD_LAYOUT = """<!doctype html><html><head><meta name='viewport' content='width=device-width,initial-scale=1'><style>
body{font-family:sans-serif;margin:0}main{padding:1em .7em}.scroll{max-width:100%;overflow-x:auto}
img{max-width:100%;height:auto;display:block}td,th{font-size:.92em;padding:2px 5px}.turn td{font-size:.9em}pre{font-size:.85em;white-space:pre-wrap}.pill{font-size:.85em}
</style></head><body data-ready='1'><main><div class=scroll><table><tr><th>run</th><th>episodes</th><th>legacy pass rate</th>
<th>shaped pass rate</th><th>both 0</th><th>verdict</th><th>reason</th></tr><tr><td>replay-food_delivery-test</td><td>304</td>
<td>0.595</td><td>0.566</td><td>80</td><td><span class=pill>legacy 1 → shaped 0: safety</span></td><td>gate fd.allergen.no_unsafe_substitute</td></tr>
</table></div><table><tr class=turn><td class=what><pre>You are Gus Xu; your account email is given.</pre></td></tr></table>
<img width=640 height=340 data-min-font-px=9.72 src='data:image/png;base64,{png}'></main></body></html>"""


def _blank_png(width: int, height: int) -> str:
    """A white PNG of that size, base64."""
    import base64
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = (b"\0" + b"\xff" * 3 * width) * height
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    return base64.b64encode(png).decode("ascii")


def test_the_layout_check_fails_on_the_old_layout(browser, tmp_path):
    """The measure behind the test above catches what the old report did on a phone: a table in a
    sideways-scrolling box (its verdict and reason columns cut off), conversation text in 9.9 px
    monospace, pills at 12.5 px, a 640 px plot with 7 pt legend text shrunk to the phone (5.7 px)."""
    page_path = tmp_path / "old.html"
    page_path.write_text(OLD_LAYOUT.replace("{png}", _blank_png(640, 340)), encoding="utf-8")
    layout, problems = _fits(browser, page_path.resolve().as_uri(), 390)
    assert layout["scroll"] == 390  # the page itself never scrolled sideways: the table's box hid it
    clipped = [o["element"] for o in layout["overflow"]]
    assert any(e.endswith("tr > th") for e in clipped) and any(e.endswith("tr > td") for e in clipped)  # columns cut off
    small = {f["element"].rsplit(" > ", 1)[-1]: round(f["px"], 1) for f in layout["fonts"] if f["px"] < 14}
    assert small.get("pre") == 9.9 and small.get("span.pill") == 12.5
    assert [round(p["px"], 1) for p in layout["plots"]] == [round(9.72 * layout["plots"][0]["shown"] / 640, 1)]
    assert any("labels shown at" in p for p in problems) and any("out of" in p for p in problems)


def _search(page, text):
    """Type into the search box as a user would (the input event the page listens to)."""
    page.evaluate(f"(() => {{ const s = document.getElementById('f-search'); s.value = {json.dumps(text)}; s.dispatchEvent(new Event('input')); }})()")


def test_episodes_are_searchable_and_sortable_in_chromium(results, browser, tmp_path):
    report = write_report([summarize(results)], tmp_path / "report.html")
    page = browser.open(report.resolve().as_uri())
    rows = "[...document.querySelectorAll('#episode-table tbody tr')].map(r => [...r.cells].map(c => c.textContent))"
    assert len(page.evaluate(rows)) == 6
    _search(page, 'CAP-3 Apology')
    assert [r[0] for r in page.evaluate(rows)] == ["fd-cap-3 / trial 1"]  # every word must match, any case
    _search(page, 'alternative')
    assert [r[0] for r in page.evaluate(rows)] == ["fd-missing-3 / trial 1"]
    _search(page, '')
    page.evaluate("document.querySelector('#episode-table th[data-col=\"6\"]').click(); 1")  # reward, ascending
    up = [float(r[6]) for r in page.evaluate(rows)]
    assert up == sorted(up) and up[0] < up[-1]
    assert page.evaluate("document.querySelector('#episode-table th[data-col=\"6\"]').getAttribute('aria-sort')") == "ascending"
    page.evaluate("document.querySelector('#episode-table th[data-col=\"6\"]').click(); 1")  # again: descending
    assert [float(r[6]) for r in page.evaluate(rows)] == sorted(up, reverse=True)
    page.evaluate("document.querySelector('#episode-table th[data-col=\"0\"]').click(); 1")  # by task, then trial
    names = [r[0] for r in page.evaluate(rows)]
    assert names == sorted(names) and names[0] == "fd-allergen-3 / trial 0"


def test_the_raw_diff_and_two_runs_side_by_side_in_chromium(results, other_run, browser, tmp_path):
    report = write_report([summarize(results), summarize(other_run)], tmp_path / "report.html")
    data = _data(report.read_text(encoding="utf-8"))
    a = _by(data)[(0, "fd-cap-3", 1)]["n"]
    page = browser.open(report.resolve().as_uri() + f"#ep-{a}")
    raw = page.evaluate("[...document.querySelectorAll('table.raw tbody tr')].map(r => [...r.cells].map(c => c.textContent))")
    assert any(r[0].endswith(".wallet_balance") and r[1] == "15" and r[2] == "60" and "invariant apology" in r[3] for r in raw)
    assert "no difference once canonical" in page.evaluate("document.getElementById('episode').textContent")
    link = page.evaluate("document.querySelector('a.pair-link').getAttribute('href')")
    b = _by(data)[(1, "fd-cap-3", 0)]["n"]  # trial 1 is not in the other run: its first trial there
    assert link == f"#vs-{a}-{b}"
    pair = browser.open(report.resolve().as_uri() + link)
    titles = pair.evaluate("[document.getElementById('pair-left').textContent, document.getElementById('pair-right').textContent]")
    assert titles == [f"Episode fd-cap-3, trial 1 ({data['runs'][0]['label']})", f"Episode fd-cap-3, trial 0 ({data['runs'][1]['label']})"]
    listing = browser.open(report.resolve().as_uri())
    assert listing.evaluate("document.querySelectorAll('#episode-table a[href^=\"#vs-\"]').length") == 9  # every episode has a partner


def test_a_nan_in_a_results_file_leaves_the_page_data_valid_json(results, tmp_path):
    """issue 27: Python's json writes NaN and Infinity, JSON has neither; a record holding one
    (here a shaped process reward) must not make the page's data unreadable to JSON.parse."""
    records = read_results(results)
    records[0]["info"]["shaped"]["process_reward"] = float("nan")
    records[1]["info"]["shaped"]["lambda"] = float("inf")
    path = tmp_path / "nan.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    page = write_report([summarize(path)], tmp_path / "r.html").read_text(encoding="utf-8")
    payload = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S).group(1)

    def refuse(constant):
        raise AssertionError(f"bare {constant} in the page's JSON")

    data = json.loads(payload, parse_constant=refuse)
    assert len(data["episodes"]) == len(records)


# ---- issue 42: the run header says what was recorded, and its command runs when pasted ---------

def test_the_command_the_report_shows_runs_when_pasted(results, tmp_path):
    """The runs table's command, split on shell words as a shell would, run by the CLI (its
    results in a folder of the test's): exit 0, the same tasks, trials and rewards."""
    import shlex

    from typer.testing import CliRunner

    from tau_shaped.cli import app

    meta = _data(write_report([summarize(results)], tmp_path / "r.html").read_text(encoding="utf-8"))["runs"][0]["meta"]
    words = shlex.split(meta["command"])
    assert words[:2] == ["tau-shaped", "run"] and "--recordings" in words and "--task-ids" in words
    out = tmp_path / "again"
    outcome = CliRunner().invoke(app, words[1:] + ["--log-dir", str(out)])
    assert outcome.exit_code == 0, outcome.output
    again = read_results(next(out.glob("*.jsonl")))

    def episodes(records):
        return sorted((r["info"]["task_key"], r["trial"], r["reward"], r["info"]["shaped"]["reward"]) for r in records)

    assert episodes(again) == episodes(read_results(results))


def test_a_run_header_says_not_recorded_rather_than_a_question_mark(results, tmp_path):
    """A tau2 run's split and agent come from what the tau2 file said (kept in info.source by
    score); a file that records neither says "not recorded"; a tau2 run's command is the score
    command, with nothing a shell would not take."""
    import shlex

    from tau_shaped.integrations.tau2.run_facts import run_facts

    info = {"git_commit": "f" * 40, "num_trials": 5, "seed": 300,  # tau2-bench 1.0's Results.info, as in its files
            "user_info": {"implementation": "user_simulator", "llm": "gpt-4.1", "llm_args": {}},
            "agent_info": {"implementation": "llm_agent", "llm": "claude-sonnet-4-5", "llm_args": {}},
            "environment_info": {"domain_name": "airline", "policy": "…", "tool_defs": {}}}
    facts = run_facts(info, [{"id": "0"}, {"id": "2"}], "file")
    assert facts == {"agent": "llm_agent (claude-sonnet-4-5)", "user": "user_simulator (gpt-4.1)", "task_set": "the file's 2 tasks"}
    assert run_facts({"agent_info": {"llm": ["not", "a", "name"]}}, [], "domain") == {"task_set": "the domain's tasks"}
    records = read_results(results)
    for r in records:
        del r["info"]["run"]
        r["info"]["source"] = {"format": "tau2", "file": "runs/my run.json", "env": "tau2:airline", "tasks": "file",
                               "tau2_data": None, **facts}
    tau2 = tmp_path / "tau2.jsonl"
    tau2.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    for r in records:
        del r["info"]["source"]
    bare = tmp_path / "bare.jsonl"
    bare.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    page = write_report([summarize(tau2), summarize(bare)], tmp_path / "r.html").read_text(encoding="utf-8")
    first, second = (r["meta"] for r in _data(page)["runs"])
    assert (first["split"], first["agent"]) == ("the file's 2 tasks", "llm_agent (claude-sonnet-4-5)")
    assert shlex.split(first["command"]) == ["tau-shaped", "score", "runs/my run.json", "--env", "tau2:airline",
                                             "--blend", "shaped", "--lambda", "0.3"]
    assert (second["split"], second["agent"]) == ("not recorded", "not recorded")
    runs_table = page.split("<h2>The runs</h2>")[1].split("<h2>")[0]
    assert "?" not in re.sub(r"<[^>]*>", "", runs_table) and "not recorded" in runs_table
