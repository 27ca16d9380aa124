"""Results formats behind one protocol (issue 30): each bundled format owns its own files, a
format registered from this module is picked by ``tau-shaped score`` with no edit of the
command line, a file no format claims is one line naming it, and two formats claiming one file
are settled by priority or refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.results_formats import (
    SNIFF_BYTES, ResultsFormat, format_of, register_format, registered_formats, unregister_format,
)
from tau_shaped.evaluation.score_options import ScoreOptions, ScoringError
from tau_shaped.integrations import registrations  # noqa: F401 - tau2's format and the Ray backend, as score has them

runner = CliRunner()
RECORD = {"task_id": 0, "reward": 1.0, "info": {"task_key": "t0"}, "traj": [{"role": "user", "content": "hi"}],
          "trial": 0}
SIMULATION = {"id": "s1", "task_id": "0", "trial": 0, "termination_reason": "user_stop", "messages": []}


def _samples(root: Path) -> dict:
    """Each bundled format's sample files: name -> (path, the format that must own it)."""
    root.mkdir(parents=True, exist_ok=True)
    files = {
        "tau-bench list": (json.dumps([RECORD, {**RECORD, "task_id": 1}], indent=1), "tau-bench"),
        "tau-bench empty list": ("[]", "tau-bench"),
        "tau-bench list after a BOM": ("\ufeff  [" + json.dumps(RECORD) + "]", "tau-bench"),
        "tau-shaped lines": ("".join(json.dumps(r) + "\n" for r in (RECORD, {**RECORD, "trial": 1})), "tau-shaped"),
        "tau-shaped blank": ("\n\n", "tau-shaped"),
        "tau2 results": (json.dumps({"info": {"environment_info": {"domain_name": "airline"}}, "tasks": [],
                                     "simulations": [SIMULATION]}, indent=2), "tau2"),
        "tau2 simulations": (json.dumps([SIMULATION]), "tau2"),
        "tau2 simulation lines": (json.dumps(SIMULATION) + "\n" + json.dumps({**SIMULATION, "id": "s2"}) + "\n", "tau2"),
        "tau2 summary": (json.dumps({"metrics": {}, "num_simulations": 1}), "tau2"),
    }
    out = {}
    for n, (name, (text, owner)) in enumerate(files.items()):
        path = root / f"sample{n}.json"
        path.write_text(text, encoding="utf-8")
        out[name] = (path, owner)
    run = root / "tau2_run"
    run.mkdir()
    (run / "results.json").write_text(json.dumps({"info": {}, "tasks": [], "simulations": [SIMULATION]}))
    out["tau2 run folder"] = (run, "tau2")
    return out


def test_each_bundled_format_owns_its_samples(tmp_path):
    samples = _samples(tmp_path)
    bundled = {f.name: f for f in registered_formats()}
    assert {"tau-bench", "tau-shaped", "tau2"} <= set(bundled)
    for name, (path, owner) in samples.items():
        assert format_of(path).name == owner, name
        own = bundled[owner]
        assert own.claims(path), name
        # only its own: no other format of the same or a higher priority claims it (a lower one may
        # open it too, as the JSON readers open tau2's JSON: the rule gives it to the higher)
        rivals = [f.name for f in bundled.values() if f is not own and f.priority >= own.priority and f.claims(path)]
        assert rivals == [], (name, rivals)
    for fmt in bundled.values():  # and each claims some sample: none is claimed by nothing
        assert any(fmt.claims(path) for path, owner in samples.values() if owner == fmt.name), fmt.name


def test_the_records_readers_claim_from_a_bounded_prefix(tmp_path):
    near = tmp_path / "near.jsonl"
    near.write_bytes(b" " * 1000 + json.dumps(RECORD).encode() + b"\n")
    assert format_of(near).name == "tau-shaped"
    far = tmp_path / "far.jsonl"  # whitespace past the sniffed prefix: not looked for further
    far.write_bytes(b" " * (SNIFF_BYTES + (1 << 16)) + json.dumps(RECORD).encode() + b"\n")
    with pytest.raises(ScoringError, match="no results format claims this file"):
        format_of(far)


def test_a_huge_file_is_claimed_without_reading_it(tmp_path):
    io = Path("/proc/self/io")
    if not io.exists():
        pytest.skip("reads are counted from /proc/self/io (Linux)")
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as handle:  # 4 GiB, sparse: a first record, then zeros
        handle.write(json.dumps(RECORD).encode() + b"\n")
        handle.truncate(4 << 30)

    def read_so_far() -> int:
        return int(next(line for line in io.read_text().splitlines() if line.startswith("rchar:")).split()[1])

    before = read_so_far()
    assert format_of(path).name == "tau-shaped"
    assert read_so_far() - before < 8 << 20  # a few chunks, not gigabytes


def test_a_file_no_format_claims_is_one_line_naming_it(tmp_path):
    csv = tmp_path / "results.csv"
    csv.write_text("task_id,reward\n0,1.0\n")
    result = runner.invoke(app, ["score", str(csv), "--env", "tests.mini_domain:DOMAIN"])
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {csv}: no results format claims this file")
    assert "tau-bench results files" in lines[0] and "tau2 runs" in lines[0]
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes(json.dumps([RECORD]).encode("utf-16"))
    result = runner.invoke(app, ["score", str(utf16), "--env", "tests.mini_domain:DOMAIN"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and str(utf16) in result.stderr
    missing = runner.invoke(app, ["score", str(tmp_path / "missing.json"), "--env", "tests.mini_domain:DOMAIN"])
    assert missing.exit_code == 2
    assert missing.stderr.strip() == f"error: {tmp_path / 'missing.json'}: cannot read: No such file or directory"


class ToyFormat(ResultsFormat):
    """Lines of ``task,reward`` under a ``TOY-RESULTS`` header: each line scored as its reward
    doubled, capped at 1, into a JSON list; a line that is no number is a note, not a record."""

    name = "toy"
    what = "toy results files"
    shape = "a TOY-RESULTS header, then task,reward lines"
    notes_limit = 1

    def claims(self, path):
        if not path.is_file():
            return False
        with open(path, "rb") as handle:
            return handle.read(12) == b"TOY-RESULTS\n"

    def score(self, path, options):
        records = []
        for number, line in enumerate(path.read_text().splitlines()[1:], start=2):
            task, _, reward = line.partition(",")
            try:
                records.append({"task": task, "shaped": min(1.0, 2 * float(reward)), "env": options.env,
                                "split": options.task_split, "blend": options.blend, "lambda": options.lam})
            except ValueError:
                options.notes.append(f"{path}: line {number}: {reward!r} is not a reward")
        target = options.output or path.with_suffix(".shaped.json")
        target.write_text(json.dumps(records))
        return target


@pytest.fixture
def toy():
    register_format(ToyFormat)
    yield
    unregister_format("toy")


def test_a_format_registered_here_is_picked_by_score(toy, tmp_path):
    path = tmp_path / "run.toy"
    path.write_text("TOY-RESULTS\na,0.25\nb,0.75\nc,x\nd,y\ne,0.1\n")
    result = runner.invoke(app, ["score", str(path), "--env", "food_delivery", "--split", "train", "--blend", "gated",
                                 "--lambda", "0.5"])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"rescored: {tmp_path / 'run.shaped.json'}\n"
    records = json.loads((tmp_path / "run.shaped.json").read_text())
    assert [(r["task"], r["shaped"]) for r in records] == [("a", 0.5), ("b", 1.0), ("e", 0.2)]
    assert {(r["env"], r["split"], r["blend"], r["lambda"]) for r in records} == {("food_delivery", "train", "gated", 0.5)}
    # its notes_limit: one note shown, the rest counted
    assert result.stderr.splitlines() == [f"note: {path}: line 4: 'x' is not a reward", "note: and 1 more like these"]
    # the Ray backend runs tau-bench's and tau-shaped's files only: the toy format is refused by name
    refused = runner.invoke(app, ["score", str(path), "--backend", "ray"])
    assert refused.exit_code == 2
    assert refused.stderr.strip() == "error: --backend ray scores tau-bench and tau-shaped results files, not toy results files"
    unregister_format("toy")  # unregistered: the same file is no format's
    gone = runner.invoke(app, ["score", str(path)])
    assert gone.exit_code == 2 and "no results format claims this file" in gone.stderr


class MarkedList(ToyFormat):
    """A JSON list whose first bytes carry a marker: it opens like tau-bench's list too."""

    name = "marked-list"
    priority = 5

    def claims(self, path):
        return path.is_file() and path.read_bytes()[:16] == b'[{"marker": true'


def test_two_claimants_are_settled_by_priority_or_refused(tmp_path):
    path = tmp_path / "marked.json"
    path.write_text('[{"marker": true}]')
    assert format_of(path).name == "tau-bench"
    register_format(MarkedList)
    try:
        assert format_of(path).name == "marked-list"  # the higher priority, whatever the registration order
        plain = tmp_path / "plain.json"
        plain.write_text(json.dumps([RECORD]))
        assert format_of(plain).name == "tau-bench"  # a file only the lower one claims stays its own

        class SamePriority(MarkedList):
            name = "marked-too"

        register_format(SamePriority)
        try:
            with pytest.raises(ScoringError) as refused:
                format_of(path)
            message = str(refused.value)
            assert message.startswith(f"{path}: claimed by the results formats 'marked-list' and 'marked-too', both "
                                      "of priority 5") and "\n" not in message
        finally:
            unregister_format("marked-too")
    finally:
        unregister_format("marked-list")


def test_registration_refuses_a_second_format_of_a_name(toy):
    with pytest.raises(ValueError, match="a results format named 'toy' is already registered"):
        register_format(ToyFormat())
    again = next(f for f in registered_formats() if f.name == "toy")
    register_format(again)  # the same instance again: nothing changes
    assert [f.name for f in registered_formats()].count("toy") == 1
    with pytest.raises(TypeError):
        register_format(object())

    class Nameless(ResultsFormat):
        def claims(self, path):
            return False

        def score(self, path, options):
            raise AssertionError

    with pytest.raises(TypeError, match="needs a name"):
        register_format(Nameless)


def test_the_toy_format_through_the_planner_gets_every_option(toy, tmp_path):
    from tau_shaped.evaluation.scoring_backends import score_results

    path = tmp_path / "run.toy"
    path.write_text("TOY-RESULTS\na,0.2\n")
    notes: list = []
    out = score_results(path, ScoreOptions(env="retail", task_split="dev", blend="outcome", lam=0.1,
                                           output=tmp_path / "o.json", notes=notes))
    assert out == tmp_path / "o.json" and notes == []
    assert json.loads(out.read_text()) == [{"task": "a", "shaped": 0.4, "env": "retail", "split": "dev",
                                            "blend": "outcome", "lambda": 0.1}]
