"""SPEC §6.1, issue 33: a split's tasks validated when first used (``TaskList``), with the same
one-line errors, naming the file, the task and the field, as the eager ``load_tasks``."""

import dataclasses
import json

import pytest
from typer.testing import CliRunner

import tests.mini_domain as mini_domain
from tau_shaped.cli.app import app
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.files import TaskFileError, load_tasks
from tau_shaped.tasks.task_list import TaskList
from tests.mini_domain import TASKS_FILE

GOOD = {"id": "a", "user_id": "u", "instruction": "x", "actions": []}
PLAIN = json.loads(TASKS_FILE.read_text())[-1]  # the mini domain's task "plain"


def _file(tmp_path, tasks, name="tasks.json"):
    path = tmp_path / name
    path.write_text(json.dumps(tasks))
    return path


def _eager_error(path) -> TaskFileError:
    with pytest.raises(TaskFileError) as info:
        load_tasks(path)
    return info.value


def test_the_same_tasks_as_the_eager_load_and_the_same_objects_whichever_way_asked(tmp_path):
    eager = load_tasks(TASKS_FILE)
    lazy = TaskList(TASKS_FILE)
    assert len(lazy) == len(eager) and lazy.validated == 0
    assert lazy.id_index() == {t.id: i for i, t in enumerate(eager)} and lazy.validated == 0
    second = lazy[1]
    assert lazy.validated == 1 and second == eager[1] and lazy[-1] == eager[-1] and lazy[1] is second
    assert lazy[1:3] == eager[1:3] and lazy.validated == 3
    assert lazy == eager and list(lazy) == eager and lazy.all()[1] is second  # every task, the first kept
    assert lazy + [] == eager and [] + lazy == eager
    with pytest.raises(IndexError):
        lazy[len(eager)]


BAD_TASKS = [  # each is task 'b', the second of a file whose first task is good
    ({**GOOD, "id": "b", "user_id": 1}, "$[1].user_id"),
    ({**GOOD, "id": "b", "surprise": 1}, "$[1].surprise"),
    ({**GOOD, "id": "b", "seed": -1}, "$[1].seed"),
    ({**GOOD, "id": "b", "reward_overrides": {"safety_gates": [{"id": "g", "when": {"exec": "rm -rf"}}]}},
     "$[1].reward_overrides.safety_gates[0].when"),
    ({**GOOD, "id": "b", "reward_overrides": {"monetary_identity": {"id": "m", "disputed_amount": 5,
                                                                    "components": ["orders.{value}.total"]}}},
     "monetary_identity[0].components[0]"),
    ({**GOOD, "id": "b", "output_checks": [{"said": {"regex": "(unclosed"}}]}, "invalid regex"),
]


@pytest.mark.parametrize("task, where", BAD_TASKS)
def test_a_used_invalid_task_is_refused_in_one_line_naming_file_task_and_field(tmp_path, task, where):
    path = _file(tmp_path, [GOOD, task, {**GOOD, "id": "c", "user_id": 2}])  # 'c' is invalid too, never used
    lazy = TaskList(path)
    assert lazy[0].id == "a" and lazy.id_index() == {"a": 0, "b": 1, "c": 2}
    with pytest.raises(TaskFileError) as info:
        lazy[1]
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}: task 'b' at ") and where in message, message
    mine = [line for line in _eager_error(path).errors if line.startswith("task 'b'")]
    assert info.value.errors == mine  # the eager load's lines for that task, word for word
    with pytest.raises(TaskFileError):
        lazy[1]  # still refused when asked again


def test_every_task_asked_for_gives_the_eager_error_listing_every_problem(tmp_path):
    path = _file(tmp_path, [GOOD, {**GOOD, "id": "b", "user_id": 1}, {**GOOD, "id": "c", "surprise": 1}])
    lazy = TaskList(path)
    first = lazy[0]
    for ask in (list, TaskList.all, lambda t: t + [], lambda t: first in t):
        with pytest.raises(TaskFileError) as info:
            ask(lazy)
        assert str(info.value) == str(_eager_error(path)) and len(info.value.errors) == 2


@pytest.mark.parametrize("data", [
    b"{", b'{"a": 1}', b"[1, 2", b"[] []", b"[1 2]", b"[1,]", b'[{"id": "a"}, {"id": "a"}]', b"[" + b"9" * 5000 + b"]",
    b"[" * 2000 + b"]" * 2000, "[]".encode("utf-16"), b'["\xff"]', b"",
])
def test_a_file_refused_whole_is_refused_on_opening_with_the_eager_error(tmp_path, data):
    path = tmp_path / "t.json"
    path.write_bytes(data)
    with pytest.raises(TaskFileError) as info:
        TaskList(path)
    assert str(info.value) == str(_eager_error(path))


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(TaskFileError, match="cannot read") as info:
        TaskList(tmp_path / "nope.json")
    assert str(info.value) == str(_eager_error(tmp_path / "nope.json"))


@pytest.mark.parametrize("bad_item", [
    '{"id": "b", "id": "b2", "user_id": "u", "instruction": "x", "actions": []}',  # a key that repeats
    '{"id": "b", "user_id": "u", "instruction": "x", "actions": [], "seed": NaN}',
    '{"id": "b", "user_id": "u", "instruction": "x", "actions": [], "persona": ' + "[" * 70 + "]" * 70 + "}",
])
def test_a_used_task_that_is_not_strict_json_gives_the_files_error(tmp_path, bad_item):
    path = tmp_path / "t.json"
    path.write_text("[" + json.dumps(GOOD) + ",\n " + bad_item + "]")
    lazy = TaskList(path)  # the plain decoder takes it apart
    assert lazy[0].id == "a"
    with pytest.raises(TaskFileError) as info:
        lazy[1]
    assert str(info.value) == str(_eager_error(path)) and "\n" not in str(info.value)


def test_threads_asking_for_tasks_get_one_object_a_task(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    path = _file(tmp_path, [{**GOOD, "id": f"t{i}"} for i in range(300)])
    for _ in range(5):
        lazy = TaskList(path)
        with ThreadPoolExecutor(4) as pool:
            got = list(pool.map(lambda i: lazy.all() if i == 150 else lazy[i % 300], range(1200)))
        every = lazy.all()
        assert all(task is every[i % 300] for i, task in enumerate(got) if i != 150) and got[150] is every


def test_an_unused_invalid_task_does_not_stop_the_others(tmp_path):
    path = _file(tmp_path, [GOOD, {"id": "b"}, {**GOOD, "id": "c"}])
    lazy = TaskList(path)
    assert [lazy[i].id for i in (0, 2)] == ["a", "c"] and lazy.validated == 2


def test_a_domain_gives_the_same_objects_lazily_and_eagerly():
    domain = dataclasses.replace(load_domain("tests.mini_domain:DOMAIN"), _tasks={}, _task_lists={})
    lazy = domain.task_list("test")
    first = lazy[0]
    assert domain.tasks("test")[0] is first and domain.task_list("test") is lazy
    with pytest.raises(KeyError, match="no task split 'nope'"):
        domain.task_list("nope")
    other = dataclasses.replace(domain, _tasks={}, _task_lists={})
    eager = other.tasks("test")
    assert other.task_list("test")[0] is eager[0] and other.task_list("test").id_index()["plain"] == len(eager) - 1


def test_score_names_the_file_task_and_field_of_an_invalid_task_it_uses(tmp_path, monkeypatch):
    bad = {**PLAIN, "id": "b", "reward_overrides": {"safety_gates": [{"id": "g", "when": {"exec": "rm -rf"}}]}}
    path = _file(tmp_path, [PLAIN, bad], "bad.json")
    domain = dataclasses.replace(mini_domain.DOMAIN, task_files={"bad": path}, _tasks={}, _task_lists={})
    monkeypatch.setattr(mini_domain, "BAD_TASK_DOMAIN", domain, raising=False)
    record = {"task_id": 1, "reward": 0.0, "trial": 0, "traj": [{"role": "user", "content": "hi"}],
              "info": {"task_key": "b", "task": bad}}
    results = tmp_path / "results.jsonl"
    results.write_text(json.dumps(record) + "\n")
    result = CliRunner().invoke(app, ["score", str(results), "--env", "tests.mini_domain:BAD_TASK_DOMAIN",
                                      "--split", "bad", "-o", str(tmp_path / "out.jsonl"), "--workers", "1"])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    named = f"{path}: task 'b' at $[1].reward_overrides.safety_gates[0].when: a predicate needs exactly one of"
    assert result.stderr.startswith("error: ") and named in result.stderr, result.stderr  # maybe with the record too
    assert result.stderr.count("\n") == 1 and not (tmp_path / "out.jsonl").exists(), result.stderr


def test_score_is_not_stopped_by_an_invalid_task_no_record_names(tmp_path, monkeypatch):
    """The scorer validates only the tasks its records name: a broken task elsewhere in the split
    neither stops nor changes the scoring of the others (tasks check still refuses the file)."""
    bad = {**PLAIN, "id": "b", "reward_overrides": {"safety_gates": [{"id": "g", "when": {"exec": "rm -rf"}}]}}
    outputs = {}
    for name, tasks in (("clean", [PLAIN]), ("broken", [PLAIN, bad])):
        path = _file(tmp_path, tasks, f"{name}.json")
        domain = dataclasses.replace(mini_domain.DOMAIN, task_files={name: path}, _tasks={}, _task_lists={})
        monkeypatch.setattr(mini_domain, "SPLIT_DOMAIN", domain, raising=False)
        record = {"task_id": 0, "reward": 0.0, "trial": 0, "traj": [{"role": "user", "content": "hi"}],
                  "info": {"task_key": PLAIN["id"], "task": PLAIN}}
        results = tmp_path / f"{name}.results.jsonl"
        results.write_text(json.dumps(record) + "\n")
        out = tmp_path / f"{name}.out.jsonl"
        result = CliRunner().invoke(app, ["score", str(results), "--env", "tests.mini_domain:SPLIT_DOMAIN",
                                          "--split", name, "-o", str(out), "--workers", "1"])
        assert result.exit_code == 0, result.output
        outputs[name] = json.loads(out.read_text())
    assert outputs["broken"]["info"]["shaped"] == outputs["clean"]["info"]["shaped"]
    assert outputs["broken"]["info"]["shaped"]["status"] == "ok"
