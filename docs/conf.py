"""Sphinx configuration for Redouble's API documentation (built in CI: ``sphinx-build -W -b html docs docs/_build``)."""

from __future__ import annotations

import redouble

project = "Redouble"
author = "The Redouble developers"
copyright = "The Redouble developers, MIT licence"
release = version = redouble.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
templates_path = ["_templates"]

# One page per module, generated from the docstrings (their examples are the doctests pytest runs).
autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True
# The web server's optional dependencies are installed with the docs; nothing is mocked.
default_role = "code"

html_theme = "furo"
html_title = f"Redouble {release}"
# Type hints name classes by their short names; where two modules have a class of the same name (Context,
# Connection) Sphinx cannot tell which is meant and says so. That is no error in the docstrings.
suppress_warnings = ["ref.python"]
