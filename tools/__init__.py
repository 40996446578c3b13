"""The project's scripts, by purpose: ``tools.site`` (build and serve the site, set-up checks), ``tools.bench``
(benchmarks, each printing its figures beside a baseline measured in the same run) and ``tools.bot`` (the bot's
training and its data files). Every script's usage is in its docstring and in docs/tools.md.

Run them as modules from the repository's root, e.g. ``.venv/bin/python -m tools.bench.bench_rules``: `make test`
installs the project into .venv in editable mode (pyproject.toml), which makes ``tools`` and web/py's packages
(``rules``, ``bot``, ``game``, ``net``, ``ui``) importable without any path set-up.
"""
