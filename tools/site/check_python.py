"""Stop early with a plain message when the Python running the set-up is older than the project needs.

    python3 -m tools.site.check_python     # run by make before anything else (any Python 3 can run it)
"""
import sys

if sys.version_info < (3, 11):
    sys.exit(f"Gamão needs Python 3.11 or newer; this is {sys.version.split()[0]}. Set PYTHON=python3.11 (or newer).")
