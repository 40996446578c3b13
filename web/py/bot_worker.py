"""The bot in a web worker (PyScript named worker "bot"), so the strong levels' thinking never freezes the page.

The main thread (``ui.botproxy``) calls the exported functions with plain strings: ``load(weights_json)`` once,
optionally ``load_bearoff(base64)``, then ``decide(pending_json)`` -> the decision string (``game.Pending.to_dict`` in,
``game.decision_for`` out), ``hint(request_json)`` -> the advice as JSON (``bot.analysis.hint``),
``analyse_position(request_json)`` -> a position's analysis as JSON (``bot.analyse_position``), the analysis of a
record in steps (``analysis_start``/``analysis_step``/``analysis_result``), ``boot()`` -> how its interpreter
started ("snapshot" or "normal"), ``rollout_start(request_json)`` and ``rollout_block(b, n)`` -> a rollout a
few trials of a block at a time (``bot.Rollout.run_block``). The page also starts this module as extra workers
for rollouts ("rollout1"...): the same functions. No DOM here.
"""
import json

import bot
import game
import rules


def load(weights: str) -> bool:
    bot.load_weights(data=str(weights).encode())
    return True


def load_bearoff(b64: str) -> bool:
    """The exact bear-off table (``assets/bot/bearoff.bin``), base64: optional, the bot falls back to its
    network in bear-offs without it (it also loads by itself when the file is beside the package)."""
    import base64
    bot.load_bearoff(data=base64.b64decode(str(b64)))
    return True


_CHOOSER = None


def decide(pending_json: str) -> str:
    """The bot's decision for a pending decision (``Pending.to_dict`` as JSON): what ``Pending.intent`` takes."""
    global _CHOOSER
    if _CHOOSER is None:
        _CHOOSER = game.BotChooser()
    return game.decision_for(game.Pending.from_dict(json.loads(str(pending_json))), _CHOOSER)


def hint(request_json: str) -> str:
    """The advice for a person (``bot.analysis.hint`` at the deep level) as JSON."""
    from bot import analysis
    r = json.loads(str(request_json))
    return json.dumps(analysis.hint(r["kind"], r["position_id"], r.get("dice"), rules.CubeInfo.from_dict(r.get("cube")),
                                    "deep"))


def analyse_position(request_json: str) -> str:
    """``bot.analyse_position`` for ``{"position", "dice" (optional), "level"}``, as JSON; a bad request gives
    ``{"error": reason}`` (the reason of ``bot.AnalysisError``)."""
    r = json.loads(str(request_json))
    try:
        return json.dumps(bot.analyse_position(r.get("position"), dice=r.get("dice"), level=r.get("level", "quick")))
    except bot.AnalysisError as exc:
        return json.dumps({"error": str(exc)})


def boot() -> str:
    """How this worker's interpreter started: "snapshot" or "normal" (web/assets/boot/pyodide.mjs)."""
    import js
    return str(getattr(js, "gamaoBoot", "normal"))


_ANALYSIS = None


def analysis_start(record_json: str, level: str) -> int:
    """Start analysing a record (``bot.analysis.Analysis``); returns the number of decisions. A new start
    replaces an analysis in progress (that is how the page cancels one)."""
    global _ANALYSIS
    from bot import analysis
    _ANALYSIS = analysis.Analysis(str(record_json), str(level))
    return _ANALYSIS.total


def analysis_step(n: int) -> int:
    """Analyse up to ``n`` more decisions; returns how many are done."""
    return _ANALYSIS.step(int(n))


def analysis_result() -> str:
    return json.dumps(_ANALYSIS.result())


_ROLLOUT = None


def rollout_start(request_json: str) -> str:
    """Start a rollout (``bot.Rollout``; the request holds ``bot.rollout``'s arguments as JSON); returns its
    header (``Rollout.header``: what it rolls out, how many trials and blocks) as JSON. A new start replaces a
    rollout in progress (that is how the page cancels one)."""
    global _ROLLOUT
    r = json.loads(str(request_json))
    dice = r.get("dice")
    _ROLLOUT = bot.Rollout(bot.evaluator(), r["position_id"], dice=tuple(dice) if dice else None,
                           candidates=r.get("candidates"), trials=int(r.get("trials", 324)),
                           truncate=int(r.get("truncate", 11)), cubeful=bool(r.get("cubeful", True)),
                           seed=int(r.get("seed", 0)))
    return json.dumps(_ROLLOUT.header())


def rollout_block(block: int, n: int) -> str:
    """Run up to ``n`` more trials of block ``block`` of the rollout started; returns the block's report
    (``Rollout.block``) as JSON, for the page to merge (``bot.rollout_tally.Tally``)."""
    return json.dumps(_ROLLOUT.run_block(int(block), int(n)))


__export__ = ["load", "load_bearoff", "decide", "hint", "analyse_position", "analysis_start", "analysis_step",
              "analysis_result", "boot", "rollout_start", "rollout_block"]
