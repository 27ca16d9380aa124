"""Package discovery only; everything else is in pyproject.toml.

The library's packages, and every package under ``domains/`` installed as
``tau_shaped_domains.<name>`` (``domains/`` is mapped to ``tau_shaped_domains`` in
pyproject.toml's ``package-dir``, which setuptools' ``find`` cannot rename): a new domain folder
needs no edit here nor in pyproject.toml, whose package-data globs ship its files.
"""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent


def packages():
    """``tau_shaped`` and its subpackages, ``tau_shaped_domains`` and every domain package."""
    domains = ["tau_shaped_domains." + name for name in find_packages(str(HERE / "domains"))]
    return find_packages(str(HERE), include=["tau_shaped", "tau_shaped.*"]) + ["tau_shaped_domains"] + domains


if __name__ == "__main__":
    setup(packages=packages())
