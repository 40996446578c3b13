"""Stop early with a plain message when the Python running the set-up is older than the project needs."""
import sys

if sys.version_info < (3, 11):
    sys.exit(f"Gamão needs Python 3.11 or newer; this is {sys.version.split()[0]}. Set PYTHON=python3.11 (or newer).")
