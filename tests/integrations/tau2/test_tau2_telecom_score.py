"""``tau-shaped score`` on tau2 telecom runs (issue 32): both sides' tool calls replayed, tau2's stored
reward reproduced, the shaped verdict beside it.

The fixture is written here, offline: simulations played from the ground truths of tau2's telecom
test tasks with tau2's own environment (every tool result tau2's), and the same with the customer's
last phone call left out; for the transfer task, the customer asked first to fix what the manual
lets the agent fix (airplane mode, the APN settings), which leaves the SIM locked and the task a
transfer; each with the reward tau2's own ``evaluate_simulation`` stores.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("tau2", reason="tau2:telecom needs the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped.env.types import Action  # noqa: E402
from tau_shaped.integrations.tau2.rescore import rescore_tau2  # noqa: E402
from tau_shaped.integrations.tau2.telecom_env import tau2_telecom_traj  # noqa: E402
from tau_shaped.integrations.tau2.telecom_simulations import evaluated, simulation  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    domain = load_domain("tau2:telecom")
    models = {t.id: t for t in domain.tau2_task_models()}
    tasks = domain.tasks("test")
    chosen = [tasks[i] for i in (0, 16, 25, 29, 33)]  # mms, mobile data, transfer, payment + resume
    sims, kinds = [], {}
    for task in chosen:
        good = evaluated(simulation(models[task.id], task), models[task.id])
        sims.append(good)
        kinds[(task.id, 0)] = "ground truth"
        users = [i for i, a in enumerate(task.actions) if a.name.startswith("user:")]
        if users:  # the customer's last call and the request for it left out
            bad = evaluated(simulation(models[task.id], task, trial=1, drop=[users[-1] - 1, users[-1]]), models[task.id])
            sims.append(bad)
            kinds[(task.id, 1)] = "customer step skipped"
        names = [a.name for a in task.actions]
        if "transfer_to_human_agents" in names:  # the manual's fixes tried, then the transfer
            t = names.index("transfer_to_human_agents")
            fixes = [Action(name="respond", kwargs={"content": "Please turn off airplane mode on your phone."}),
                     Action(name="user:toggle_airplane_mode", kwargs={}),
                     Action(name="respond", kwargs={"content": "Now please reset your APN settings, then reboot."}),
                     Action(name="user:reset_apn_settings", kwargs={}), Action(name="user:reboot_device", kwargs={})]
            tried = task.model_copy(update={"actions": list(task.actions[:t]) + fixes + list(task.actions[t:])})
            sims.append(evaluated(simulation(models[task.id], tried, trial=2), models[task.id]))
            kinds[(task.id, 2)] = "fixes tried, then transfer"
    path = tmp_path_factory.mktemp("telecom") / "results.json"
    path.write_text(json.dumps({"tasks": [models[t.id].model_dump(mode="json") for t in chosen],
                                "simulations": [s.model_dump(mode="json") for s in sims]}), encoding="utf-8")
    notes = []
    out = rescore_tau2(path, "tau2:telecom", output=path.with_name("scored.json"), notes=notes)
    return sims, kinds, json.loads(out.read_text(encoding="utf-8")), notes


PASSING = ("ground truth", "fixes tried, then transfer")  # what tau2's own evaluator passes


def test_tau2_stores_one_for_ground_truths_and_zero_without_the_customers_step(run):
    sims, kinds, _, _ = run
    for sim in sims:
        expected = 1.0 if kinds[(sim.task_id, sim.trial)] in PASSING else 0.0
        assert sim.reward_info.reward == expected, (sim.task_id, sim.trial)
    assert {"customer step skipped", "fixes tried, then transfer"} <= set(kinds.values())


def test_score_agrees_with_tau2s_stored_reward_on_every_simulation(run):
    sims, _, records, notes = run
    assert notes == [] and len(records) == len(sims)
    for record, sim in zip(records, sims):
        tau2 = record["info"]["tau2"]
        assert tau2["status"] == "scored"
        assert tau2["reward"] == sim.reward_info.reward
        assert tau2["computed"]["reward"] == sim.reward_info.reward
        assert tau2["agrees"] is True


def test_shaped_verdict_follows_the_phone(run):
    _, kinds, records, _ = run
    for record in records:
        shaped = record["info"]["shaped"]
        assert shaped["status"] == "ok", shaped.get("error")
        kind = kinds[(record["info"]["task_key"], record["trial"])]
        if kind in PASSING:  # a transfer after fixes the policy allows passes as tau2 passes it
            assert shaped["reward"] == 1.0 and shaped["rule_violations"] == [], (kind, shaped["canonical_diff"])
        else:
            assert shaped["outcome_reward"] == 0.0
            assert any(d["path"].startswith("env_assertions") for d in shaped["canonical_diff"])


def test_traj_records_which_side_called(run):
    sims, _, records, _ = run
    sim = next(s for s in sims if any(getattr(m, "role", "") == "user" and m.tool_calls for m in s.messages))
    record = next(r for r in records if r["info"]["tau2"]["simulation_id"] == sim.id)
    names = [c["function"]["name"] for m in record["traj"] for c in (m.get("tool_calls") or [])]
    customer = [c.name for m in sim.messages if getattr(m, "role", "") == "user" for c in (m.tool_calls or [])]
    assert [n[len("user:"):] for n in names if n.startswith("user:")] == customer
    assert "get_customer_by_phone" in names


def test_an_agent_call_named_as_the_customers_is_never_the_customers():
    from tau2.data_model.message import AssistantMessage, ToolCall

    call = ToolCall(id="x", name="user:toggle_roaming", arguments={}, requestor="assistant")
    traj = tau2_telecom_traj([AssistantMessage(role="assistant", content=None, tool_calls=[call])])
    assert traj[0]["tool_calls"][0]["function"]["name"] == "assistant:user:toggle_roaming"
