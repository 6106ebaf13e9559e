"""Package discovery that pyproject.toml cannot express: games/ and templates/ live at the top of
the repository but ship as adjudicator.games and adjudicator.templates, with every subfolder
(a new game's data, its templates, a new ruleset) found without editing any list."""

from setuptools import find_namespace_packages, setup


def mapped(folder: str, package: str) -> list[str]:
    """`package` and one package per subfolder of `folder`, which ships as `package`."""
    found = find_namespace_packages(folder, exclude=["*__pycache__"])
    return [package] + [f"{package}.{name}" for name in found]


setup(
    packages=[
        *find_namespace_packages(
            include=["adjudicator", "adjudicator.*"], exclude=["*__pycache__"]
        ),
        *mapped("games", "adjudicator.games"),
        *mapped("templates", "adjudicator.templates"),
    ]
)
