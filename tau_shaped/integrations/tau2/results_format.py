"""tau2's runs as a results format of ``tau-shaped score`` (``evaluation/results_formats.py``),
registered by ``tau_shaped.integrations.registrations``.

It claims what :func:`.files.is_tau2_results` recognises from a file's first value (a tau2
``Results``, simulations, tau2's metrics summary) and any folder (a run folder: its reader
names a folder that is not one), ranking above the generic JSON readers; it is scored in this
process by :func:`.rescore.rescore_tau2`, imported only then (it needs the tau2 extra). Every
note is a simulation that was not scored, or one read with a field it does not know: all are
printed.

:func:`check_not_tau2_env` is the check a tau2 domain puts on the other formats' records.
"""

from __future__ import annotations

from pathlib import Path
from typing import Union

from tau_shaped.evaluation.results_formats import ResultsFormat
from tau_shaped.evaluation.score_options import ScoreOptions
from tau_shaped.integrations.tau2.files import Tau2FileError, is_tau2_results
from tau_shaped.tasks.domains import load_domain


class Tau2Format(ResultsFormat):
    name = "tau2"
    what = "tau2 runs"
    shape = "a tau2 results JSON, its simulations, or a run folder"
    priority = 10  # recognised by content: asked before the JSON readers a tau2 file would also open like
    notes_limit = None

    def claims(self, path: Path) -> bool:
        return is_tau2_results(path)

    def score(self, path: Path, options: ScoreOptions) -> Path:
        from tau_shaped.integrations.tau2.rescore import rescore_tau2

        return rescore_tau2(path, options.env, options.blend, options.lam, options.output,
                            on_record=options.on_progress, fresh_tasks=options.fresh_tasks, notes=options.notes)


def check_not_tau2_env(path: Union[str, Path], env: str) -> None:
    """A tau-bench or tau-shaped results file with ``--env`` a tau2 domain: only records of a
    tau-shaped run of that domain (``info.run.env``, or ``info.source.env`` of a scored tau2
    run) are; a tau-bench file would be scored against tau2's unrelated tasks of the same ids."""
    domain = load_domain(env)
    if not domain.name.startswith("tau2:"):
        return
    from tau_shaped.evaluation.results_file import read_results

    for i, record in enumerate(read_results(path)):
        info = record.get("info") or {}
        ran = [(info.get(key) or {}).get("env") for key in ("run", "source") if isinstance(info.get(key), dict)]
        if not {env, domain.name} & set(ran):
            what = f"a run of --env {ran[0]}" if ran and ran[0] else "tau-bench's format, with no tau2 run in it"
            raise Tau2FileError(f"{path}: record {i}: info.run.env: {what}; {domain.name} scores tau2's results (a Results "
                                f"JSON or run folder) and tau-shaped runs of {domain.name}")
