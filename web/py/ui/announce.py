"""What a screen reader hears: the accessible names of the board's places and the live region's sentences.

Pure (no DOM): every sentence is tested under CPython. Names are told from the listener's side: the listener is
the person at this device (against the bot, the bottom seat; with two people on one device, the player on turn),
so a point reads "your 13-point, 5 of your checkers" in that player's own numbering.

``lang`` is ``"en"`` or ``"pt"``; strings missing in Portuguese fall back to English.
"""
from __future__ import annotations

from typing import Optional, Sequence

EN: dict[str, str] = {
    "your_point": "your {n}-point",
    "your_bar": "your bar",
    "their_bar": "{name}'s bar",
    "your_tray": "your tray",
    "their_tray": "{name}'s tray",
    "empty": "empty",
    "yours_n": "{n} of your checkers",
    "yours_1": "1 of your checkers",
    "theirs_n": "{n} of {name}'s checkers",
    "borne_off": "{n} borne off",
    "movable": "can move",
    "rolled_you": "You rolled {a} and {b}.",
    "rolled": "{name} rolled {a} and {b}.",
    "step_you": "You: {notation}, {words}.",
    "step": "{name}: {notation}, {words}.",
    "from_to": "from the {frm}-point to the {to}-point",
    "enter": "from the bar to the {to}-point",
    "bear_off": "bearing off from the {frm}-point",
    "hits": "hitting a checker",
    "undone": "Step taken back.",
    "doubled_you": "You double to {value}.",
    "doubled": "{name} doubles to {value}.",
    "took_you": "You take: the cube is at {value}.",
    "took": "{name} takes: the cube is at {value}.",
    "passed_you": "You pass.",
    "passed": "{name} passes.",
    "beavered": "{name} beavers: the cube is at {value}.",
    "no_move_you": "You rolled {a} and {b}: no move is possible.",
    "no_move": "{name} rolled {a} and {b} and cannot move.",
    "clock": "{s} seconds left.",
    "clock_1": "1 second left.",
    "game_over": "Game over. {result}",
    "lifted": "Lifted a checker from {place}. {n} places: {places}.",
    "lifted_1": "Lifted a checker from {place}. 1 place: {places}.",
    "place": "{to} using {dice}",
    "place_off": "off using {dice}",
    "put_down": "Checker put down.",
    "typed_label": "Type a move",
    "typed_hint": "for example 13/8 6/5, bar/22 or 6/off",
    "typed_play": "Play",
    "typed_not_now": "You cannot move now.",
    "typed_empty": "Type a move first, for example 13/8 6/5.",
    "typed_unreadable": "That is not a move I can read: {why}. Write it like 13/8 6/5, bar/22 or 6/off.",
    "typed_illegal": "That move is not legal with {a}-{b}: {why}.",
    "typed_played": "Played {notation}.",
    "keys_title": "Keyboard",
    "keys_open": "Keys (?)",
    "keys_close": "Close",
    "key_tab": "go to a checker you can move (then the buttons)",
    "key_enter": "lift the checker; on a place: move there",
    "key_arrows": "go through the lifted checker's places (or between your checkers)",
    "key_escape": "put the lifted checker down",
    "key_r": "roll",
    "key_o": "offer a double",
    "key_u": "undo one step",
    "key_d": "done: end the turn",
    "key_m": "sound on or off",
    "key_t": "type a move",
    "key_h": "a hint: the bot's best plays, or its cube advice",
    "key_help": "this list",
}

PT: dict[str, str] = {
    "your_point": "sua casa {n}",
    "your_bar": "sua barra",
    "their_bar": "barra de {name}",
    "your_tray": "sua bandeja",
    "their_tray": "bandeja de {name}",
    "empty": "vazia",
    "yours_n": "{n} peças suas",
    "yours_1": "1 peça sua",
    "theirs_n": "{n} peças de {name}",
    "borne_off": "{n} retiradas",
    "movable": "pode mover",
    "rolled_you": "Você tirou {a} e {b}.",
    "rolled": "{name} tirou {a} e {b}.",
    "step_you": "Você: {notation}, {words}.",
    "step": "{name}: {notation}, {words}.",
    "from_to": "da casa {frm} para a casa {to}",
    "enter": "da barra para a casa {to}",
    "bear_off": "retirando da casa {frm}",
    "hits": "acertando uma peça",
    "undone": "Passo desfeito.",
    "doubled_you": "Você dobra para {value}.",
    "doubled": "{name} dobra para {value}.",
    "took_you": "Você aceita: o cubo está em {value}.",
    "took": "{name} aceita: o cubo está em {value}.",
    "passed_you": "Você recusa.",
    "passed": "{name} recusa.",
    "beavered": "{name} redobra: o cubo está em {value}.",
    "no_move_you": "Você tirou {a} e {b}: não há jogada possível.",
    "no_move": "{name} tirou {a} e {b} e não pode jogar.",
    "clock": "Faltam {s} segundos.",
    "clock_1": "Falta 1 segundo.",
    "game_over": "Fim de jogo. {result}",
    "lifted": "Peça levantada de {place}. {n} destinos: {places}.",
    "lifted_1": "Peça levantada de {place}. 1 destino: {places}.",
    "place": "{to} usando {dice}",
    "place_off": "fora usando {dice}",
    "put_down": "Peça devolvida.",
    "typed_label": "Digite uma jogada",
    "typed_hint": "por exemplo 13/8 6/5, bar/22 ou 6/off",
    "typed_play": "Jogar",
    "typed_not_now": "Você não pode mover agora.",
    "typed_empty": "Digite uma jogada, por exemplo 13/8 6/5.",
    "typed_unreadable": "Não consigo ler essa jogada: {why}. Escreva como 13/8 6/5, bar/22 ou 6/off.",
    "typed_illegal": "Essa jogada não é legal com {a}-{b}: {why}.",
    "typed_played": "Jogado: {notation}.",
    "keys_title": "Teclado",
    "keys_open": "Teclas (?)",
    "keys_close": "Fechar",
    "key_tab": "ir a uma peça que pode mover (depois os botões)",
    "key_enter": "levantar a peça; num destino: mover para lá",
    "key_arrows": "percorrer os destinos da peça levantada (ou suas peças)",
    "key_escape": "devolver a peça levantada",
    "key_r": "rolar os dados",
    "key_o": "oferecer dobra",
    "key_u": "desfazer um passo",
    "key_d": "pronto: terminar a vez",
    "key_m": "som ligado ou desligado",
    "key_t": "digitar uma jogada",
    "key_h": "dica: as melhores jogadas do bot, ou o conselho do cubo",
    "key_help": "esta lista",
}

STRINGS = {"en": EN, "pt": PT}

# The help overlay's rows: (key caps, text key).
KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab", "key_tab"), ("Enter", "key_enter"), ("← → ↑ ↓", "key_arrows"), ("Esc", "key_escape"),
    ("R", "key_r"), ("O", "key_o"), ("U", "key_u"), ("D", "key_d"), ("M", "key_m"), ("T", "key_t"),
    ("H", "key_h"), ("?", "key_help"))


def say(lang: str, key: str, **values: object) -> str:
    """One sentence in ``lang`` (English when ``lang`` lacks it); a key missing from both is a ``KeyError``."""
    if lang not in STRINGS:
        raise ValueError(f"unknown language {lang!r}")
    text = STRINGS[lang].get(key)
    if text is None:
        text = EN[key]
    return text.format(**values) if values else text


def _own_number(slot: str, listener_bottom: bool) -> int:
    n = int(slot)
    return n if listener_bottom else 25 - n


def place_name(slot: str, listener_bottom: bool, other: str, lang: str) -> str:
    """A slot's place from the listener's side: "your 13-point", "your bar", "Bot's tray"."""
    if slot in ("bar", "opp-bar"):
        return say(lang, "your_bar") if (slot == "bar") == listener_bottom else say(lang, "their_bar", name=other)
    if slot in ("off", "opp-off"):
        return say(lang, "your_tray") if (slot == "off") == listener_bottom else say(lang, "their_tray", name=other)
    if slot not in {str(n) for n in range(1, 25)}:
        raise ValueError(f"not a slot: {slot!r}")
    return say(lang, "your_point", n=_own_number(slot, listener_bottom))


def slot_label(slot: str, count: int, listener_bottom: bool, other: str, lang: str,
               movable: bool = False) -> str:
    """The accessible name of a point, bar or tray: its place and its contents from the listener's side, e.g.
    "your 13-point, 5 of your checkers" (``count``: signed, positive for the bottom player's checkers)."""
    if not isinstance(count, int) or isinstance(count, bool) or abs(count) > 15:
        raise ValueError(f"count must be an int -15..15, got {count!r}")
    place = place_name(slot, listener_bottom, other, lang)
    n = abs(count)
    if slot in ("off", "opp-off"):
        desc = say(lang, "borne_off", n=n)
    elif n == 0:
        desc = say(lang, "empty")
    elif (count > 0) == listener_bottom:
        desc = say(lang, "yours_1") if n == 1 else say(lang, "yours_n", n=n)
    else:
        desc = say(lang, "theirs_n", n=n, name=other)
    text = f"{place}, {desc}"
    if movable:
        text += f", {say(lang, 'movable')}"
    return text


def step_words(frm: int, to: int, hit: bool, lang: str) -> str:
    """A step in words, in the mover's numbering (25 bar, 0 off): "from the 13-point to the 8-point"."""
    for v in (frm, to):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 25:
            raise ValueError(f"a point is an int 0..25, got {v!r}")
    if not frm > to:
        raise ValueError(f"a step goes down from the mover's side: {frm} -> {to}")
    if frm == 25:
        words = say(lang, "enter", to=to)
    elif to == 0:
        words = say(lang, "bear_off", frm=frm)
    else:
        words = say(lang, "from_to", frm=frm, to=to)
    if hit:
        words += ", " + say(lang, "hits")
    return words


def event_text(event, names: Sequence[str], me: Optional[int], lang: str) -> str:
    """The live region's sentence for one ``game.Event`` ('' for events it does not tell).

    ``names``: the two seats' display names; ``me``: the seat at this device (None with two people, when
    every seat is spoken of by name)."""
    kind = event.kind
    p = event.player
    mine = p is not None and p == me
    name = names[p] if p is not None else ""
    if kind == "rolled" and event.dice:
        a, b = event.dice
        return say(lang, "rolled_you", a=a, b=b) if mine else say(lang, "rolled", name=name, a=a, b=b)
    if kind == "moved":
        words = step_words(event.frm, event.to, event.hit, lang)
        notation = event.notation or f"{_pt(event.frm)}/{_pt(event.to)}{'*' if event.hit else ''}"
        if mine:
            return say(lang, "step_you", notation=notation, words=words)
        return say(lang, "step", name=name, notation=notation, words=words)
    if kind == "undone":
        return say(lang, "undone")
    if kind == "doubled":
        return say(lang, "doubled_you", value=event.value) if mine else say(lang, "doubled", name=name,
                                                                              value=event.value)
    if kind == "took":
        return say(lang, "took_you", value=event.value) if mine else say(lang, "took", name=name, value=event.value)
    if kind == "beavered":
        return say(lang, "beavered", name=name, value=event.value)
    if kind == "passed":
        return say(lang, "passed_you") if mine else say(lang, "passed", name=name)
    if kind == "no_legal_move" and event.dice:
        a, b = event.dice
        return say(lang, "no_move_you", a=a, b=b) if mine else say(lang, "no_move", name=name, a=a, b=b)
    return ""


def _pt(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)


def clock_text(seconds: int, lang: str) -> str:
    """What the clock says in its last 10 seconds (10, 5, 3, 2, 1); '' for the other seconds."""
    if seconds not in (10, 5, 3, 2, 1):
        return ""
    return say(lang, "clock_1") if seconds == 1 else say(lang, "clock", s=seconds)


def game_over_text(result: str, lang: str) -> str:
    return say(lang, "game_over", result=result)


def lifted_text(slot: str, dests: Sequence, listener_bottom: bool, other: str, lang: str) -> str:
    """The lifted checker and its places: "Lifted a checker from your 13-point. 2 places: your 10-point using 3,
    your 12-point using 1." ``dests``: ``ui.model.Dest``-like (``slot``, ``label``)."""
    place = place_name(slot, listener_bottom, other, lang)
    parts = []
    for d in dests:
        if d.slot in ("off", "opp-off"):
            parts.append(say(lang, "place_off", dice=d.label))
        else:
            parts.append(say(lang, "place", to=place_name(d.slot, listener_bottom, other, lang), dice=d.label))
    key = "lifted_1" if len(parts) == 1 else "lifted"
    return say(lang, key, place=place, n=len(parts), places=", ".join(parts))
