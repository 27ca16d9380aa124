"""A dataset row that lost its ``user_replies`` (issue 43; SPEC §10, Reading): the row records no
answer to the refund's confirmation, so it shows consent neither way. Every single-turn adapter
(TRL's reward function, verl's ``compute_score``, OpenRLHF's reward server, the plain reward
function) abstains on it: no reward value (None, or 0.0 flagged ``abstain``), counted as
undetermined and never as a fault, and never the full credit the same row earns with its replies.
The same holds for such a row after a ``datasets``/parquet round trip, where the missing column is
a null (``test_dataset_round_trip``). The episode adapters need no replies column: without one the
task's persona customer answers the question live, and that answer decides.
"""

from __future__ import annotations

import json

import pytest

from tau_shaped.integrations.training.openrlhf_adapter import rewards_for
from tau_shaped.integrations.training.reward_functions import ShapedReward
from tau_shaped.integrations.training.text_turns import FAULTS, UNDETERMINED
from tau_shaped.integrations.training.trl_adapter import trl_reward_funcs
from tau_shaped.integrations.training.verl_adapter import compute_score
from tests.integrations.training.training_kit import GT, GT_ACTIONS, TASK

LAST = GT_ACTIONS[-1]
HERMES = "<tool_call>\n" + json.dumps({"name": LAST["name"], "arguments": LAST["kwargs"]}) + "\n</tool_call>"
PREFIX = GT_ACTIONS[:-1]
FULL = pytest.approx(1.24)  # the ground truth's shaped reward: outcome 1 + 0.3 x every checkpoint


def test_the_row_with_its_replies_earns_full_credit():
    """The control: the same completion after the recorded yes is decided, at full credit."""
    assert ShapedReward()({"actions": GT_ACTIONS, "user_replies": GT.user_replies}, TASK) == FULL
    sure = compute_score("tau_shaped/food_delivery", HERMES, TASK, {"actions": PREFIX, "user_replies": GT.user_replies})
    assert (sure["abstain"], sure["undetermined"], sure["score"]) == (0.0, 0.0, FULL)


def test_a_row_without_user_replies_abstains_in_every_single_turn_adapter():
    reward = ShapedReward()
    result = reward.score({"actions": GT_ACTIONS}, TASK)
    assert result.status == "undetermined" and result.reward is None
    assert [u.id for u in result.undetermined] == ["fd.confirm.before_write"]
    assert reward({"actions": GT_ACTIONS}, TASK) is None and (reward.undetermined, reward.faults) == (1, 0)

    logged = {}
    trl = trl_reward_funcs(["shaped"])[0]
    out = trl(prompts=["p"], completions=[HERMES], task_id=[TASK], actions=[json.dumps(PREFIX)],
              log_extra=lambda k, v: logged.__setitem__(k.split("/")[-1], v[0]))
    assert out == [None] and (logged["abstain"], logged["undetermined"]) == (1.0, 1.0)
    assert (trl.reward_function.undetermined, trl.reward_function.faults) == (1, 0)

    faults, undetermined = dict(FAULTS.by_adapter), dict(UNDETERMINED.by_adapter)
    verl = compute_score("tau_shaped/food_delivery", HERMES, TASK, {"actions": PREFIX})
    server = rewards_for(["PROMPT" + HERMES], ["PROMPT"], [json.dumps({"task_id": TASK, "actions": PREFIX})])
    logs = {k: v[0] for k, v in server["extra_logs"].items()}
    for values in (verl, {"score": server["rewards"][0], **logs}):
        assert (values["abstain"], values["undetermined"]) == (1.0, 1.0)
        # the fallback (0.0), flagged: no number here is a verdict; the trainer filters on abstain
        # (verl: the reward_extra_info column, OpenRLHF: extra_logs); it is no failure to learn from
        assert values["score"] == 0.0 and values["outcome"] == 0.0 and values["parse_fault"] == 0.0
    assert dict(FAULTS.by_adapter) == faults
    for adapter in ("verl", "openrlhf"):
        assert UNDETERMINED[adapter] == undetermined.get(adapter, 0) + 1


def test_a_null_reply_is_recorded_and_is_no_yes():
    """A row whose reply is recorded as null is not a row without replies: the question was put
    and not answered yes (SPEC §10), so the refund is unconfirmed, a decided verdict below full."""
    result = ShapedReward().score({"actions": GT_ACTIONS, "user_replies": [None] * len(GT.user_replies)}, TASK)
    assert result.status == "ok" and result.reward < 1.0
    assert "fd.confirm.before_write" in [v.id for v in result.rule_violations]
