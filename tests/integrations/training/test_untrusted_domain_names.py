"""Issue 27: data never names code. A domain name that arrives as data (an OpenRLHF label, verl's
``extra_info`` and ``data_source``, a SkyRL row, a task file's folder) names only a registered
domain: ``"os:abort"``, ``"os:getpid"``, ``"os:system"`` and a module that records its import are
refused in one line naming the field, and nothing is imported or called. A person's
``load_domain("module:ATTRIBUTE")`` still loads it (the control that the recorder records)."""

from __future__ import annotations

import asyncio
import json
import sys

import pytest

from tau_shaped.integrations.training.openrlhf_adapter import AgentSession, rewards_for
from tau_shaped.integrations.training.skyrl_adapter import text_env_class
from tau_shaped.integrations.training.text_turns import TextEpisode, score_completion
from tau_shaped.integrations.training.verl_adapter import EpisodeLoop, compute_score
from tau_shaped.tasks.domains import DomainNotFound, domain_for_file, load_domain, registered_domain
from tests.integrations.training.training_kit import TASK, ByteTokenizer, ScriptedModel

RECORDER = "tau27_import_recorder"
NAMED_BY_DATA = ["os:abort", "os:getpid", "os:system", f"{RECORDER}:DOMAIN", RECORDER]


@pytest.fixture()
def recorder(tmp_path, monkeypatch):
    """A module on sys.path that, when imported, writes a marker file (and gives a real Domain)."""
    marker = tmp_path / "imported.marker"
    (tmp_path / f"{RECORDER}.py").write_text(
        "from pathlib import Path\n"
        f"Path({str(marker)!r}).write_text('imported')\n"
        "from tests.mini_domain import DOMAIN\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop(RECORDER, None)
    yield marker
    sys.modules.pop(RECORDER, None)


def _not_imported(marker):
    return not marker.exists() and RECORDER not in sys.modules


def test_the_recorder_records_a_persons_load_domain(recorder):
    assert _not_imported(recorder)
    assert load_domain(f"{RECORDER}:DOMAIN").name  # a person's call: imported, as before
    assert recorder.exists() and RECORDER in sys.modules


@pytest.mark.parametrize("name", NAMED_BY_DATA)
def test_registered_domain_refuses_a_module_name_in_one_line_naming_the_field(recorder, name):
    with pytest.raises(DomainNotFound) as err:
        registered_domain(name, "label 'domain'")
    message = str(err.value)
    assert "\n" not in message and message.startswith("label 'domain': unknown domain")
    assert "food_delivery" in message  # the known names
    assert _not_imported(recorder)


@pytest.mark.parametrize("name", [5, None, ["os:system"], {"a": 1}])
def test_registered_domain_refuses_a_name_that_is_not_a_string(name):
    with pytest.raises(DomainNotFound, match="a domain name is a string"):
        registered_domain(name, "extra_info 'domain'")


def test_registered_domain_loads_a_registered_name():
    assert registered_domain("food_delivery").name == load_domain("food_delivery").name


@pytest.mark.parametrize("name", NAMED_BY_DATA)
def test_openrlhf_label_domain_never_imports(recorder, name):
    label = json.dumps({"task_id": TASK, "domain": name})
    with pytest.raises(DomainNotFound, match="label 'domain'"):
        rewards_for(["hello"], [""], [label])
    with pytest.raises(DomainNotFound, match="label 'domain'"):
        asyncio.run(AgentSession().reset({"label": label}))
    assert _not_imported(recorder)


@pytest.mark.parametrize("name", NAMED_BY_DATA)
def test_verl_extra_info_and_data_source_domain_never_import(recorder, name):
    with pytest.raises(DomainNotFound, match="extra_info 'domain'"):
        compute_score("tau_shaped/food_delivery", "hello", TASK, extra_info={"domain": name})
    with pytest.raises(DomainNotFound, match="data_source"):
        compute_score(f"tau_shaped/{name}", "hello", TASK, extra_info={})
    tokenizer = ByteTokenizer()
    loop = EpisodeLoop()
    with pytest.raises(DomainNotFound, match="extra_info 'domain'"):
        asyncio.run(loop.run(ScriptedModel(["hi"], tokenizer).generate, tokenizer, {}, response_length=100,
                             row={"extra_info": {"task_id": TASK, "domain": name}}))
    assert _not_imported(recorder)


@pytest.mark.parametrize("name", NAMED_BY_DATA)
def test_skyrl_row_domain_never_imports_but_env_config_may_name_a_module(recorder, name):
    cls = text_env_class()
    for extras in ({"extra_info": {"task_id": TASK, "domain": name}}, {"domain": name, "extra_info": {"task_id": TASK}}):
        with pytest.raises(DomainNotFound, match="'domain'"):
            cls(env_config={}, extras=extras)
    assert _not_imported(recorder)


@pytest.mark.parametrize("name", NAMED_BY_DATA)
def test_score_completion_and_text_episode_from_data_never_import(recorder, name):
    with pytest.raises(DomainNotFound, match="the row's 'domain'"):
        score_completion("hello", TASK, {"domain": name}, domain_field="the row's 'domain'")
    with pytest.raises(DomainNotFound, match="a field"):
        TextEpisode(name, domain_field="a field")
    assert _not_imported(recorder)


def test_a_task_files_folder_name_never_imports(recorder, tmp_path):
    folder = tmp_path / f"{RECORDER}:DOMAIN"
    folder.mkdir()
    (folder / "tasks.json").write_text("[]")
    with pytest.raises(DomainNotFound, match="folder name"):
        domain_for_file(folder / "tasks.json")
    assert _not_imported(recorder)
    assert domain_for_file(folder / "tasks.json", explicit=f"{RECORDER}:DOMAIN")  # a person's --domain: loads
    assert recorder.exists()
