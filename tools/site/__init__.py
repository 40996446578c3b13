"""Building and serving the site, and the set-up `make` runs: build_site, serve, check_python, compile_pyc.mjs,
ensure_*.sh, make_icons; the browsers the tests and benchmarks drive (chromium, firefox_page, firefox_bridge.mjs)."""
