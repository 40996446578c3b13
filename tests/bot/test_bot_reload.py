"""Loading the very weights or bear-off table that are loaded already keeps them (a page started from a memory
snapshot holds them, and loads them again); anything else is parsed and checked as before."""
from __future__ import annotations

import pytest

import bot
from bot import bearoff
from bot.network import DEFAULT_WEIGHTS


def test_the_same_weights_again_keep_the_loaded_networks_and_other_bytes_are_checked():
    data = DEFAULT_WEIGHTS.read_bytes()
    first = bot.load_weights(data=data)
    assert bot.load_weights(data=data) is first
    with pytest.raises(bot.WeightsError):  # the same bytes against another expected hash are still refused
        bot.load_weights(data=data, expected_sha256="0" * 64)
    with pytest.raises(bot.WeightsError):
        bot.load_weights(data=data + b" ")
    assert bot.evaluator() is first  # a refused load keeps the previous networks


def test_the_same_bear_off_table_again_is_kept():
    table = bearoff.load()
    data = bearoff.DEFAULT_PATH.read_bytes() if bearoff.DEFAULT_PATH.exists() else bearoff.BUNDLED_PATH.read_bytes()
    assert bearoff.load(data=data) is table
    with pytest.raises(bearoff.BearoffError):
        bearoff.load(data=data[:-1])
    assert bearoff.table() is table
