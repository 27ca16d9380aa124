"""Package discovery only; everything else is in pyproject.toml.

The library's packages, and every package under ``tau_shaped_domains/`` (each domain is a
folder there, imported as ``tau_shaped_domains.<name>``): a new domain folder needs no edit
here nor in pyproject.toml, whose package-data globs ship its files.
"""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent


def packages():
    """``tau_shaped`` and its subpackages, ``tau_shaped_domains`` and every domain package."""
    return find_packages(str(HERE), include=["tau_shaped", "tau_shaped.*", "tau_shaped_domains", "tau_shaped_domains.*"])


if __name__ == "__main__":
    setup(packages=packages())
