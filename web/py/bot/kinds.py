"""The string kinds of the bot's API, typed: each ``Literal`` lists the values an argument or an answer may hold
(the strings ``cube_action``, ``take_decision``, ``bot.analysis`` and the table already exchange).
"""
from __future__ import annotations

from typing import Literal

__all__ = ["CubeDecision", "TakeDecision", "AdviceKind"]

#: ``cube_action``'s answer, before rolling.
CubeDecision = Literal["double", "no_double"]

#: ``take_decision``'s answer to a double.
TakeDecision = Literal["take", "pass"]

#: What ``bot.analysis.hint`` advises on: a checker play, a cube decision before rolling, an answer to a double.
AdviceKind = Literal["play", "double", "take"]
