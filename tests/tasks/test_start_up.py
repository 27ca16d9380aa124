"""Issue 33: a scoring process's start-up. ``import tau_shaped`` imports its public names when
first used, and the command line imports a verb's module only when that verb runs."""

import json
import subprocess
import sys

import pytest

import tau_shaped

PROBE = """
import json, runpy, sys
sys.argv = ["tau-shaped", *json.loads(sys.argv[1])]
try:
    runpy.run_module("tau_shaped.cli", run_name="__main__")
except SystemExit:
    pass
print("\\nMODULES " + json.dumps(sorted(sys.modules)))
"""


def _modules_after(code: str, *args: str) -> set:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return set(json.loads(out.stdout.rsplit("MODULES ", 1)[1]))


def test_importing_the_package_imports_none_of_its_layers():
    loaded = _modules_after('import json, sys, tau_shaped\nprint("MODULES " + json.dumps(sorted(sys.modules)))')
    assert "tau_shaped" in loaded
    assert not {m for m in loaded if m.startswith(("tau_shaped.", "pydantic", "typer", "rich"))}


@pytest.mark.parametrize("name", tau_shaped.__all__)
def test_every_public_name_is_its_modules_object(name):
    from importlib import import_module

    value = getattr(tau_shaped, name)
    owner = tau_shaped._EXPORTS[name]
    assert getattr(import_module(owner), name) is value and name in dir(tau_shaped)


def test_the_public_names_are_exactly_the_exported_ones():
    assert sorted(tau_shaped.__all__) == sorted(tau_shaped._EXPORTS)
    star = _modules_after("from tau_shaped import *\nimport json\n"
                          "print('MODULES ' + json.dumps([n for n in dir() if not n.startswith('_') and n != 'json']))")
    assert star == set(tau_shaped.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        tau_shaped.nope  # noqa: B018


OTHER_VERBS = {"tau_shaped.cli.view_commands", "tau_shaped.cli.grader_commands", "tau_shaped.cli.noise_commands",
               "tau_shaped.cli.tasks_commands", "tau_shaped.cli.rules_commands", "tau_shaped.cli.results_commands",
               "tau_shaped.cli.domain_commands"}


def test_a_verb_imports_its_own_module_and_not_the_others():
    loaded = _modules_after(PROBE, json.dumps(["score", "--help"]))
    assert "tau_shaped.cli.eval_commands" in loaded
    assert not loaded & OTHER_VERBS, loaded & OTHER_VERBS
    assert not {m for m in loaded if m.startswith(("tau_shaped.report", "tau_shaped.verifiers", "http.server"))}
    listed = _modules_after(PROBE, json.dumps(["--help"]))  # the root's help lists every verb: all imported
    assert OTHER_VERBS <= listed


def test_a_misspelt_verb_is_still_told_the_verb_it_resembles():
    from typer.testing import CliRunner

    from tau_shaped.cli.app import app

    result = CliRunner().invoke(app, ["scor"], env={"COLUMNS": "200"})
    assert result.exit_code == 2 and "Did you mean 'score'?" in result.output
