"""rules/errors.py promises that every error the rules package raises is a RulesError (itself a ValueError)."""
import importlib
import inspect
import pkgutil

import rules
from rules.errors import RulesError


def test_every_exception_class_of_the_rules_package_is_a_rules_error():
    found = []
    for info in pkgutil.iter_modules(rules.__path__):
        module = importlib.import_module(f"rules.{info.name}")
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module.__name__:
                found.append(obj)
                assert issubclass(obj, RulesError), f"rules.{info.name}.{name} is not a RulesError"
    assert {c.__name__ for c in found} >= {"RulesError", "SeedError", "IllegalMoveError"}
