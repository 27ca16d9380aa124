"""A tau2 results file, written with tau2's own data structures, read back as simulations."""

from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("tau2")

from loguru import logger  # noqa: E402  (a tau2 dependency)

logger.remove()
logger.add(sys.stderr, level="ERROR")

from tau2.data_model.simulation import AgentInfo, Info, Results, UserInfo  # noqa: E402

from tau_shaped.integrations.tau2.results import read_tau2_results, read_tau2_results_full  # noqa: E402
from tau_shaped.integrations.tau2.reward import Tau2Scorer  # noqa: E402
from tau_shaped.integrations.tau2.simulations import simulations_for  # noqa: E402


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    from tau2.registry import registry  # imports litellm (seconds): when a test runs, not when collected

    constructor = registry.get_env_constructor("retail")
    tasks = registry.get_tasks_loader("retail")()[:3]
    sims = [sim for task in tasks for sim in simulations_for(constructor, task).values()]
    info = Info(
        git_commit="0" * 40,
        num_trials=1,
        max_steps=100,
        max_errors=10,
        user_info=UserInfo(implementation="user_simulator", llm="none"),
        agent_info=AgentInfo(implementation="llm_agent", llm="none"),
        environment_info=constructor().get_info(),
        seed=0,
    )
    path = tmp_path_factory.mktemp("tau2") / "results.json"
    Results(timestamp="2026-01-01T00:00:00", info=info, tasks=tasks, simulations=sims).save(path)
    return path, tasks, sims


def test_reads_a_results_file(saved):
    path, tasks, sims = saved
    got = read_tau2_results(path)
    assert [s.id for s in got] == [s.id for s in sims]
    assert [s.model_dump() for s in got] == [s.model_dump() for s in sims]
    _, file_tasks, domain = read_tau2_results_full(path)
    assert domain == "retail"
    assert [t.id for t in file_tasks] == [t.id for t in tasks]


def test_read_simulations_score_as_written(saved):
    path, tasks, sims = saved
    scorer = Tau2Scorer("retail", tasks)
    assert [scorer.score(s).reward for s in read_tau2_results(path)] == [scorer.score(s).reward for s in sims]


def test_reads_a_list_and_json_lines(saved, tmp_path):
    _, _, sims = saved
    as_list = tmp_path / "sims.json"
    as_list.write_text(json.dumps([s.model_dump(mode="json") for s in sims]))
    as_lines = tmp_path / "sims.jsonl"
    as_lines.write_text("\n".join(s.model_dump_json() for s in sims) + "\n")
    for path in (as_list, as_lines):
        assert [s.id for s in read_tau2_results(path)] == [s.id for s in sims]


def test_rejects_what_is_not_simulations(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('"not a list"')
    with pytest.raises(ValueError):
        read_tau2_results(path)


def test_every_form_refuses_a_repeated_simulation_and_an_absurd_trial(saved, tmp_path):
    """issue 27: a JSON list or JSON lines of simulations is checked as a Results file is."""
    from tau_shaped.integrations.tau2.files import Tau2FileError

    _, _, sims = saved
    rows = [json.loads(s.model_dump_json()) for s in sims[:3]]
    for label, bad in (("repeats", rows + [rows[1]]), ("trial: -3", [rows[0], {**rows[1], "trial": -3}])):
        for path, text in ((tmp_path / "l.json", json.dumps(bad)), (tmp_path / "l.jsonl", "\n".join(map(json.dumps, bad)))):
            path.write_text(text)
            with pytest.raises(Tau2FileError, match=label) as caught:
                read_tau2_results(path)
            assert str(path) in str(caught.value) and "\n" not in str(caught.value)
