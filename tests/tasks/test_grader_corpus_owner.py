"""A domain whose policy rules file is another domain's (tau-bench's retail and airline read
tau2's) has no default grader corpus: the corpus beside that file labels the other domain's
tasks by their ids (tau-bench's retail task 95 on is not tau2's), so ``grader-test`` asks for
``--corpus`` instead of scoring one domain's labels against the other's tasks."""

from __future__ import annotations

import dataclasses

import pytest

from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.grader_suite import default_corpus


def test_a_domain_that_borrows_its_rules_has_no_default_corpus():
    owner = dataclasses.replace(load_domain("food_delivery"), grader_corpus=None)
    assert default_corpus(owner).is_dir()  # found beside its own rules
    borrower = dataclasses.replace(owner, name="borrower", rules_borrowed=True)
    with pytest.raises(ValueError, match="borrower ships no grader corpus .*give --corpus"):
        default_corpus(borrower)
    declared = dataclasses.replace(borrower, grader_corpus=default_corpus(owner))
    assert default_corpus(declared) == default_corpus(owner)  # a corpus it declares is still its own


def test_tau_benchs_retail_borrows_tau2s_rules():
    pytest.importorskip("tau_bench", reason="needs tau_bench (not on PyPI: install a tau-bench checkout)")
    pytest.importorskip("tau2", reason="needs the tau2 extra (tau2's rules are what tau-bench's domains read)")
    domain = load_domain("retail")  # airline is built by the same code
    assert domain.rules_borrowed and domain.policy_rules_file is not None
    with pytest.raises(ValueError, match="give --corpus"):
        default_corpus(domain)
