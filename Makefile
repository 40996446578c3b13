# Gamão: two commands.
#   make play   set up what is missing, then serve the site on http://127.0.0.1:$(PORT)
#   make test   set up what is missing (test deps, Chromium, Firefox ESR; as root nftables and coturn for the
#               network lab and gcc for the tools' C core), then ruff and mypy (`make check`), the unit tests and
#               the browser tests
PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
NPM_STAMP := node_modules/.package-lock.json
VENV_STAMP := $(VENV)/.installed
# The browser tests run in two workers, a file to a worker (a module's shared page boots once): much of a test is
# waiting on a page or a peer, so two at a time take about a third less time on two cores. The network lab runs
# after them on its own: its browsers, routers and TURN server get the machine to themselves (one of its LAN games
# timed out while it shared the two cores).
# A browser test whose Chromium renderer crashed under it (seen in CI while a page booted; Playwright says "Page
# crashed" or "Target crashed" by where it noticed) runs once more;
# any other failure, the renderer's crash on the second run included, fails the suite.
E2E_FLAGS := -p no:cacheprovider --reruns 1 --only-rerun "Page crashed" --only-rerun "Target crashed" --only-rerun "was not ready"
E2E_RUN := $(VPY) -m pytest e2e -n 2 --dist loadfile --ignore=e2e/test_netlab.py $(E2E_FLAGS) \
	&& $(VPY) -m pytest e2e/test_netlab.py $(E2E_FLAGS)

.PHONY: play test site check unit e2e chromium firefox netlab compiler bench clean

play: site
	@$(PYTHON) -m tools.site.serve --port $(PORT)

test: site check chromium firefox netlab compiler
	$(VPY) -m pytest tests -n 2 --dist loadgroup -p no:cacheprovider
	$(E2E_RUN)

unit: check compiler
	$(VPY) -m pytest tests -n 2 --dist loadgroup

# ruff (mistakes, not style) and mypy (the rules, game and net packages and bot's typed modules, strictly typed),
# configured in pyproject.toml
check: $(VENV_STAMP)
	$(VPY) -m ruff check web/py tools tests e2e
	$(VPY) -m mypy

e2e: site $(VENV_STAMP) chromium firefox netlab
	$(E2E_RUN)

# The pinned runtime (PyScript, Pyodide) from package-lock.json, then web/ made ready to serve.
site: $(NPM_STAMP)
	@$(PYTHON) -m tools.site.check_python
	@$(PYTHON) -m tools.site.build_site

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(VENV_STAMP): requirements-test.txt pyproject.toml
	@$(PYTHON) -m tools.site.check_python
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-test.txt
	$(VPY) -m pip install -q --no-build-isolation -e .  # tools/ and web/py importable (pyproject.toml)
	@touch $@

chromium: $(VENV_STAMP)
	@sh tools/site/ensure_chromium.sh $(VPY)

firefox:
	@sh tools/site/ensure_firefox.sh

netlab:
	@sh tools/site/ensure_netlab.sh

compiler:
	@sh tools/site/ensure_cc.sh

bench: site $(VENV_STAMP) chromium
	$(VPY) -m tools.bench.bench_load

clean:
	rm -rf $(VENV) node_modules web/assets/vendor web/pyscript.json web/precache.js
