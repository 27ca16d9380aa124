"""``tasks check --env D`` sums up a domain split's ground truths as their customer answers them
(issue 42: the figure tau-bench's retail and airline are measured by), and ``--env retail``
without ``tau_bench`` is a one-line error naming it. Needs neither tau_bench nor tau2."""

from __future__ import annotations

from typer.testing import CliRunner

from tau_shaped.cli import app

runner = CliRunner()


def test_a_domain_split_ends_with_its_ground_truths_summed_up():
    result = runner.invoke(app, ["tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--workers", "1"])
    lines = result.output.splitlines()
    # 'plain' is the mini domain's known bad task: its ground truth never says its output
    summary = "tests.mini_domain:DOMAIN [test]: 4/5 ground truth(s) score 1.0 against their customer"
    assert any(line.startswith(summary) for line in lines), result.output
    falls = [line for line in lines if "ground truth falls short" in line]
    assert falls == ["tests.mini_domain:DOMAIN [test]: task 'plain': ground truth falls short: "
                     "output check out for delivery, legacy 0"]
    assert lines[-1] == "4/5 task(s) pass the check"


def test_a_task_file_gets_no_ground_truth_summary():
    from tests.mini_domain import TASKS_FILE

    result = runner.invoke(app, ["tasks", "check", str(TASKS_FILE), "--env", "tests.mini_domain:DOMAIN", "--workers", "1"])
    assert "against their customer" not in result.output and "task(s) pass the check" in result.output


def test_tau_bench_missing_is_one_line_naming_it(monkeypatch):
    import tau_shaped.integrations.taubench as taubench

    def missing(domain, name, package="tau_bench"):
        raise ImportError("No module named 'tau_bench' (tau-bench is not on PyPI)")

    monkeypatch.setattr(taubench, "domain_module", missing)
    for args, code in ((["--env", "retail"], 2), (["--env", "retail", "--split", "dev"], 1)):
        result = runner.invoke(app, ["tasks", "check", *args])
        assert result.exit_code == code, result.output
        said = [line for line in result.output.splitlines() if line.strip() and "pass the check" not in line]
        assert len(said) == 1 and "needs tau_bench installed" in said[0], result.output
        assert "Traceback" not in result.output
