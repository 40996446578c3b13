"""ui.query parses and builds query strings exactly as urllib.parse does (the browser avoids importing urllib)."""
import urllib.parse

from hypothesis import example, given, settings
from hypothesis import strategies as st

from ui import query

# Text made mostly of the characters that matter in a query: separators, escapes (good and broken), UTF-8.
PIECES = list("&=+%2AaF0é€ 9?#;") + ["%C3", "%A9", "%E2%82%AC", "%zz", "%4", "%41"]
QUERY_TEXT = st.lists(st.sampled_from(PIECES), max_size=25).map("".join) | st.text(max_size=30)


@settings(max_examples=3000)
@given(QUERY_TEXT)
@example("a=1&b=&c&=d&&e=%41%42+x")
@example("%C3%A9%C3x%A9%")
@example("x=%E2%82&y=\ud800")
def test_parsing_matches_urllib(text):
    assert query.parse_pairs(text) == urllib.parse.parse_qsl(text)
    assert query.parse_pairs(text, keep_blank_values=True) == urllib.parse.parse_qsl(text, keep_blank_values=True)
    assert query.parse(text) == urllib.parse.parse_qs(text)
    assert query.unquote_plus(text) == urllib.parse.unquote_plus(text)


@settings(max_examples=2000)
@given(st.lists(st.tuples(st.text(max_size=12), st.text(max_size=12)), max_size=5))
def test_encoding_matches_urllib_and_round_trips(pairs):
    encoded = query.encode(pairs)
    assert encoded == urllib.parse.urlencode(pairs)
    assert query.parse_pairs(encoded, keep_blank_values=True) == pairs
