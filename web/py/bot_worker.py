"""The bot in a web worker (PyScript named worker "bot"), so the strong levels' thinking never freezes the page.

The main thread (``ui.botproxy``) calls the exported functions with plain strings: ``load(weights_json)`` once,
then ``decide(pending_json)`` -> the decision string (see ``ui.botproxy.pending_to_json``). No DOM here.
"""
import json

import bot
import game
from game.state import Pending


def load(weights: str) -> bool:
    bot.load_weights(data=str(weights).encode())
    return True


_CHOOSER = None


def decide(pending_json: str) -> str:
    global _CHOOSER
    if _CHOOSER is None:
        _CHOOSER = game.BotChooser()
    d = json.loads(str(pending_json))
    pending = Pending(player=d["player"], kind=d["kind"], reason=d["reason"], level=d["level"],
                      position_id=d["position_id"], dice=tuple(d["dice"]), candidates=tuple(d["candidates"]),
                      cube=d["cube"])
    intent = game.answer_for(pending, _CHOOSER)
    return getattr(intent, "decision", None) or getattr(intent, "result", None) or intent.answer


__export__ = ["load", "decide"]
