"""`tasks check FILE`: which domain a file is checked in (issue 42). --env when given; else the
domain its folder names (a domain package's ``tasks`` folder: the package's); else
food_delivery, said in a one-line note (the help's "Default: the domain a task file's folder
name records, else food_delivery"). A file in a folder named after no domain was refused."""

import json

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.tasks.domains import load_domain

runner = CliRunner()


@pytest.fixture(scope="module")
def question():
    """A shipped food-delivery task that passes the check, and one that fails it (its
    monetary identity taken out)."""
    raw = json.loads(load_domain("food_delivery").task_files["test"].read_text(encoding="utf-8"))
    good = next(t for t in raw if t["id"] == "fd-question-3")
    bad = dict(next(t for t in raw if t["id"] == "fd-missing-3"))
    bad["reward_overrides"] = {k: v for k, v in bad["reward_overrides"].items() if k != "monetary_identity"}
    return good, bad


def _file(folder, tasks):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mine.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    return path


def _check(*args):
    return runner.invoke(app, ["tasks", "check", *map(str, args), "--workers", "1"])


def test_a_folder_named_after_no_domain_is_checked_as_food_delivery_with_a_note(tmp_path, question):
    path = _file(tmp_path / "my_tasks", [question[0]])
    result = _check(path)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [f"note: {path}: its folder names no domain: checked as food_delivery "
                                          "(--env to choose)"]
    assert result.stdout.strip().splitlines()[-1] == "1/1 task(s) pass the check"  # after the per-task counts


def test_env_given_or_a_domain_folder_needs_no_note(tmp_path, question):
    plain = _file(tmp_path / "my_tasks", [question[0]])
    given = _check(plain, "--env", "food_delivery")
    assert given.exit_code == 0 and given.stderr == "", given.output
    named = _file(tmp_path / "food_delivery", [question[0]])
    in_package = _file(tmp_path / "food_delivery" / "tasks", [question[0]])
    for path in (named, in_package):
        result = _check(path)
        assert result.exit_code == 0 and result.stderr == "", result.output


def test_env_chooses_the_domain_of_a_file_in_any_folder(tmp_path, question):
    """--env wins over the fallback: a food-delivery task checked in the mini domain fails
    there (its tools are not the mini domain's), so the domain was the one given."""
    path = _file(tmp_path / "my_tasks", [question[0]])
    result = _check(path, "--env", "tests.mini_domain:DOMAIN")
    assert result.exit_code == 1 and "note:" not in result.stderr
    assert "0/1 task(s) pass the check" in result.stdout


def test_files_of_several_folders_are_checked_in_order_each_in_its_domain(tmp_path, question):
    good, bad = question
    first = _file(tmp_path / "drafts", [bad])
    second = _file(tmp_path / "food_delivery", [good])
    third = _file(tmp_path / "more_drafts", [good])
    result = _check(first, second, third)
    assert result.exit_code == 1
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert notes == [f"note: {first}: its folder names no domain: checked as food_delivery (--env to choose)",
                     f"note: {third}: its folder names no domain: checked as food_delivery (--env to choose)"]
    problems = [line for line in result.stderr.splitlines() if not line.startswith("note:")]
    assert problems and all(line.startswith(f"{first}: task 'fd-missing-3': ") for line in problems), problems
    assert "no monetary_identity" in problems[0]
    assert result.stdout.strip().splitlines()[-1] == "2/3 task(s) pass the check"


def test_a_missing_file_in_a_folder_named_after_no_domain_is_one_line(tmp_path):
    path = tmp_path / "nowhere" / "missing.json"
    result = _check(path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if not line.startswith("note:")]
    assert len(lines) == 1 and lines[0].startswith(str(path)), result.stderr
