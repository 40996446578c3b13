"""The net package's shape: the message types are typed. (What net may import, and that it touches neither the
browser nor a clock, is checked with every layer in tests/test_architecture.py.)"""
from __future__ import annotations

import typing

from net.messages import TYPES, MessageType


def test_the_message_types_are_the_typed_kinds():
    assert set(typing.get_args(MessageType)) == set(TYPES)
