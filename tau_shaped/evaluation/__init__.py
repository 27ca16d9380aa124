"""Running evals: agents, the run loop, results files, offline rescoring and pass^k."""
