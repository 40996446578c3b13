"""The page's URL parameters: only well-formed values are taken."""
import pytest

from ui.params import parse_params

SEED = "ab" * 32


@pytest.mark.parametrize("search,expected", [
    ("", {}),
    ("?lang=pt", {"lang": "pt"}),
    (f"?seed={SEED}&clock=0&pace=0", {"seed": SEED, "clock": 0.0, "pace": 0.0}),
    (f"?seed={SEED.upper()}", {"seed": SEED}),
    ("?seed=abc", {}),
    ("?seed=" + "zz" * 32, {}),
    ("?clock=-1&pace=nan", {}),
    ("?clock=4000", {}),
    ("?clock=12.5", {"clock": 12.5}),
    ("?clock=abc&lang=en", {"lang": "en"}),
    ("?analyse=XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
     {"analyse": "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"}),
    ("?analyse=4HPwATDgc/ABMA:cIkqAAAAAAAA", {"analyse": "4HPwATDgc/ABMA:cIkqAAAAAAAA"}),
    ("?analyse=ab+c%2Bd", {"analyse": "ab+c+d"}),
    ("?analyse=" + "x" * 121, {}),
    ("?analyse=%20", {}),
    ("?workers=2", {"workers": 2}),
    ("?workers=8&lang=pt", {"workers": 8, "lang": "pt"}),
    ("?workers=0", {}),
    ("?workers=9", {}),
    ("?workers=-1", {}),
    ("?workers=two", {}),
])
def test_parse_params(search, expected):
    assert parse_params(search) == expected
