import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Reference data the tests compare against (tests/fixtures/README.md says where each file
# comes from). The tests read nothing outside the repository (tests/test_stands_alone.py).
TESTS = ROOT / "tests"
FIXTURES = TESTS / "fixtures"

# litellm (an optional dependency) fetches a price list at import unless told not to.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

# Hypothesis is deterministic here (no unseeded randomness: the same examples on every run, so a
# run's result is the code's, never a draw's), keeps no example database in the checkout and has
# no deadline (two CI jobs share two cores: a slow example is no failure).
# TAU_SHAPED_HYPOTHESIS_EXPLORE=1 draws new examples each run (seeded by hypothesis, its seed
# printed on a failure): a search for counterexamples to run by hand, whose finds become
# @example cases.
try:
    from hypothesis import settings as _hypothesis_settings
except ImportError:  # hypothesis is in the test extra; a bare run of one file need not have it
    pass
else:
    _hypothesis_settings.register_profile("tau_shaped", derandomize=True, database=None, deadline=None, print_blob=True)
    _hypothesis_settings.register_profile("explore", database=None, deadline=None, print_blob=True)
    _hypothesis_settings.load_profile("explore" if os.environ.get("TAU_SHAPED_HYPOTHESIS_EXPLORE") else "tau_shaped")


# the extras CI installs (.ci/run): their tests must run there, not skip
_CI_EXTRAS = {"tau2": "tau2", "trl": "trl", "skyrl_gym": "skyrl", "ray": "ray"}


def pytest_sessionstart(session):
    """CI installs the tau2 extra (parity with tau2's evaluator, the tau2 domains' rule sets),
    trl (GRPOTrainer on CPU), skyrl (BaseTextEnv) and ray (score's Ray backend on a local Ray):
    under CI=true a missing one stops the run. CI's README job (TAU_SHAPED_CI_JOB=readme: a venv
    made by the README's first command alone) is the other way round: an extra found there
    would hide a test that fails without it, so any one stops the run. CI's verifiers job
    (TAU_SHAPED_CI_JOB=verifiers) needs only verifiers."""
    if os.environ.get("CI") == "true":
        import importlib.util

        import pytest

        found = {extra for module, extra in _CI_EXTRAS.items() if importlib.util.find_spec(module) is not None}
        if os.environ.get("TAU_SHAPED_CI_JOB") == "verifiers":
            # CI's verifiers job: the verifiers extra's venv (verifiers 0.4 pins openai and mcp apart
            # from the other extras), only the verifiers adapter's tests, which must run, not skip
            spec = importlib.util.find_spec("verifiers")
            if spec is None:
                pytest.exit("CI's verifiers job runs without verifiers installed (pip install -e '.[test,verifiers]')",
                            returncode=1)
            return
        if os.environ.get("TAU_SHAPED_CI_JOB") == "readme":
            if found:
                pytest.exit(f"CI's README job runs without extras, but {', '.join(sorted(found))} is installed "
                            "(the venv must hold what `pip install -e '.[test]'` installs, nothing more)", returncode=1)
            return
        missing = [extra for extra in _CI_EXTRAS.values() if extra not in found]
        if missing:
            pytest.exit(f"CI=true but the {', '.join(missing)} extra(s) are not installed "
                        "(pip install torch==2.13.0 && pip install -e '.[test,tau2,trl,skyrl,ray]'): "
                        "their tests would be skipped", returncode=1)


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def grpo_batch(tmp_path_factory) -> Path:
    """A GRPO-shaped batch of the bundled domain (scripts/grpo_batch.py): 12 train tasks x 8
    rollouts (valid alternatives, breaches, failures, malformed), 96 records: above
    SMALL_INPUT, so a run on 2 workers forks them."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import grpo_batch as generator

    path = tmp_path_factory.mktemp("grpo_batch") / "batch.jsonl"
    generator.write(path, tasks_count=12, rollouts=8)
    return path


@pytest.fixture(scope="session")
def grpo_reference(grpo_batch, tmp_path_factory) -> bytes:
    """``grpo_batch`` scored by one process: what any number of workers must write."""
    from tau_shaped.evaluation.batch import score_file

    out = tmp_path_factory.mktemp("grpo_reference") / "one.jsonl"
    score_file(grpo_batch, "food_delivery", "train", output=out, workers=1)
    return out.read_bytes()


#: The test files that take longest (measured with ``--junitxml`` under CI's ``-n 2 --dist
#: loadfile``: each is 2-11% of the suite's time), collected first. xdist hands out whole files in
#: collection order, so a long file collected last runs alone on one worker while the other is
#: idle; collected first, the short files fill in around them. Only the order changes, never
#: what runs.
LONGEST_FIRST = (
    "tests/integrations/tau2/test_tau2_reward.py",
    "tests/integrations/test_ray_backend.py",
    "tests/reward/test_replay_memo.py",
    "tests/integrations/tau2/test_tau2_domain.py",
    "tests/tasks/test_task_sensitivity.py",
    "tests/integrations/tau2/test_tau2_false_positives.py",
    "tests/integrations/tau2/test_tau2_shared_db.py",
    "tests/evaluation/test_results_file_safety.py",
    "tests/integrations/tau2/test_tau2_score.py",
    "tests/reward/reading/generated/test_generated.py",
    "tests/integrations/taubench/test_taubench_mixin.py",
    "tests/domains/taubench/test_taubench_policy_rules.py",
    "tests/domains/tau2_telecom/test_tau2_telecom.py",
    "tests/evaluation/test_results_stream.py",
    "tests/verifiers/test_noise_model.py",
    "tests/report/test_html_report.py",
    "tests/verifiers/test_sandbox_hostile.py",
    "tests/verifiers/test_sandbox_unprivileged.py",
)


def pytest_collection_modifyitems(session, config, items):
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    last = len(LONGEST_FIRST)

    def key(indexed):
        index, item = indexed
        path = item.nodeid.split("::", 1)[0]
        return (rank.get(path, last), index)

    items[:] = [item for _, item in sorted(enumerate(items), key=key)]
