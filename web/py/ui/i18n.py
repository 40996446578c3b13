"""Every string the table shows, in English and Brazilian Portuguese, and how the language is chosen.

Pure: no DOM. ``pick_language`` decides from the ``?lang=`` parameter and the browser's preferred languages;
``Texts`` formats a string by key (``t("pips", n=167)``). A key missing from one language falls back to English,
and a key missing from both is a programming error (``KeyError``), caught by the tests.
"""
from __future__ import annotations

from typing import Iterable

LANGS = ("en", "pt")
DEFAULT_LANG = "en"

EN: dict[str, str] = {
    "doc_title": "Gamão · backgammon",
    "brand": "Gamão",
    "loading": "Loading the table…",
    "ready": "Ready.",
    "board_label": "Backgammon board",
    # controls
    "roll": "Roll",
    "double": "Double",
    "take": "Take",
    "pass": "Pass",
    "undo": "Undo",
    "done": "Done",
    "new_game": "New game",
    "start": "Start",
    "cancel": "Cancel",
    "next_game": "Next game",
    "confirm_pass": "Yes, pass",
    "keep_playing": "No, go back",
    "mute": "Sound off",
    "unmute": "Sound on",
    "copy": "Copy",
    "copied": "Copied.",
    "set_up": "Set up",
    "download_record": "Download the game record",
    "download_mat": "Download .mat (GNU Backgammon)",
    "verify_link": "Verify this game",
    "close": "Close",
    # new game dialog
    "ng_title": "New game",
    "ng_opponent": "Opponent",
    "ng_vs_bot": "The bot",
    "ng_vs_human": "Two people on this device",
    "ng_level": "Bot level",
    "level_beginner": "Beginner",
    "level_intermediate": "Intermediate",
    "level_strong": "Strong",
    "level_expert": "Expert",
    "ng_kind": "Game",
    "ng_money": "Money game",
    "ng_match": "Match",
    "ng_length": "Match to (points)",
    # seats and turn
    "you": "You",
    "bot": "Bot",
    "bot_badge": "Bot",
    "bot_tip": "This seat is played by the computer",
    "bot_level": "Bot ({level})",
    "player_white": "White",
    "player_black": "Black",
    "turn_of": "{name} to play",
    "your_turn_roll": "Your turn: roll or double.",
    "your_turn_roll_only": "Your turn: roll.",
    "your_turn_move": "Your move: {dice}.",
    "turn_roll": "{name}: roll or double.",
    "turn_roll_only": "{name}: roll.",
    "turn_move": "{name} to move: {dice}.",
    "thinking": "{name} is thinking…",
    "cannot_move": "{name} rolled {dice} and cannot move.",
    "you_cannot_move": "You rolled {dice}: no move is possible, so the turn passes.",
    "double_offered_you": "{name} doubles to {value}. Take or pass?",
    "double_offered": "{name} doubles to {value}. {other}: take or pass?",
    "waiting_take": "{name} is deciding on the double…",
    "took_notice": "{name} takes: the cube is at {value}.",
    "played_notice": "{name} played {dice}: {play}.",
    "passed_notice": "{name} passes.",
    "clock_out": "{name}'s time ran out: the table played for them.",
    "clock_out_you": "Your time ran out: the table played for you.",
    "confirm_pass_text": "Pass? You lose {points} now.",
    "opening_roll": "Opening roll: {a} for {first}, {b} for {second}. {starter} starts.",
    "opening_you": "Opening roll: {a} for you, {b} for {second}. You start.",
    "opening_tie": "Opening roll tied ({a}–{a}): rolling again.",
    # board furniture
    "pips": "Pips {n}",
    "pips_label": "Pip count: {n} to bear off",
    "score": "Score",
    "score_match": "Match to {n}",
    "score_money": "Money game",
    "crawford": "Crawford game",
    "cube_center": "Doubling cube at {value}, in the middle: either player may double",
    "cube_yours": "Doubling cube at {value}, yours: only you can double",
    "cube_theirs": "Doubling cube at {value}, {name}'s: only {name} can double",
    "cube_owned": "Doubling cube at {value}, owned by {name}",
    "tray_you": "Your tray: {off} borne off, {left} to go",
    "tray_of": "{name}'s tray: {off} borne off, {left} to go",
    "bar_label": "Bar",
    "point_label": "Point {n}: {desc}",
    "point_empty": "empty",
    "point_mine": "{n} of {name}",
    "dest_label": "Move to {to} using {dice}",
    "off_word": "off",
    "bar_word": "bar",
    "clock_label": "Turn clock: {s} seconds left",
    "fingerprint": "Dice fingerprint",
    "fingerprint_help": "SHA-256 of this game's secret seed; the seed is shown when the game ends.",
    "seed": "Seed",
    # results
    "result_single": "single game",
    "result_gammon": "gammon",
    "result_backgammon": "backgammon",
    "result_pass": "double passed",
    "wins_points": "{name} wins {points} {unit} ({kind}).",
    "wins_points_cube": "{name} wins {points} {unit} ({kind} × cube at {cube}).",
    "point_unit": "point",
    "points_unit": "points",
    "match_over": "{name} wins the match {a}–{b}.",
    "game_over": "Game over",
    "you_win": "You win!",
    "you_lose": "The bot wins.",
    # saved games / ids
    "resumed": "Your game was restored.",
    "corrupt_save": "The saved game could not be read, so a new game has started. The old save was kept aside.",
    "ids_title": "Position IDs",
    "gnubg_id": "GNU Backgammon ID",
    "position_id": "Position ID",
    "match_id": "Match ID",
    "xgid": "XGID",
    "paste_id": "Paste a GNU ID or XGID",
    "bad_id": "That is not a position ID this table understands.",
    "set_up_done": "Practice position set up from the ID.",
    "copy_failed": "Could not copy: select the text and copy it.",
    "error": "Something went wrong: {msg}",
}

PT: dict[str, str] = {
    "doc_title": "Gamão",
    "brand": "Gamão",
    "loading": "Carregando a mesa…",
    "ready": "Pronto.",
    "board_label": "Tabuleiro de gamão",
    "roll": "Rolar",
    "double": "Dobrar",
    "take": "Aceitar",
    "pass": "Recusar",
    "undo": "Desfazer",
    "done": "Pronto",
    "new_game": "Novo jogo",
    "start": "Começar",
    "cancel": "Cancelar",
    "next_game": "Próximo jogo",
    "confirm_pass": "Sim, recusar",
    "keep_playing": "Não, voltar",
    "mute": "Sem som",
    "unmute": "Com som",
    "copy": "Copiar",
    "copied": "Copiado.",
    "set_up": "Montar",
    "download_record": "Baixar o registro da partida",
    "download_mat": "Baixar .mat (GNU Backgammon)",
    "verify_link": "Verificar esta partida",
    "close": "Fechar",
    "ng_title": "Novo jogo",
    "ng_opponent": "Adversário",
    "ng_vs_bot": "O robô",
    "ng_vs_human": "Duas pessoas neste aparelho",
    "ng_level": "Nível do robô",
    "level_beginner": "Iniciante",
    "level_intermediate": "Intermediário",
    "level_strong": "Forte",
    "level_expert": "Especialista",
    "ng_kind": "Jogo",
    "ng_money": "Jogo a dinheiro",
    "ng_match": "Partida",
    "ng_length": "Partida de (pontos)",
    "you": "Você",
    "bot": "Robô",
    "bot_badge": "Robô",
    "bot_tip": "Este lugar é jogado pelo computador",
    "bot_level": "Robô ({level})",
    "player_white": "Brancas",
    "player_black": "Pretas",
    "turn_of": "Vez de {name}",
    "your_turn_roll": "Sua vez: role os dados ou dobre.",
    "your_turn_roll_only": "Sua vez: role os dados.",
    "your_turn_move": "Sua jogada: {dice}.",
    "turn_roll": "{name}: role os dados ou dobre.",
    "turn_roll_only": "{name}: role os dados.",
    "turn_move": "{name} joga: {dice}.",
    "thinking": "{name} está pensando…",
    "cannot_move": "{name} tirou {dice} e não pode jogar.",
    "you_cannot_move": "Você tirou {dice}: não há jogada possível, então a vez passa.",
    "double_offered_you": "{name} dobra para {value}. Aceitar ou recusar?",
    "double_offered": "{name} dobra para {value}. {other}: aceitar ou recusar?",
    "waiting_take": "{name} está decidindo sobre a dobra…",
    "took_notice": "{name} aceita: o cubo está em {value}.",
    "played_notice": "{name} jogou {dice}: {play}.",
    "passed_notice": "{name} recusa.",
    "clock_out": "O tempo de {name} acabou: a mesa jogou por ele.",
    "clock_out_you": "Seu tempo acabou: a mesa jogou por você.",
    "confirm_pass_text": "Recusar? Você perde {points} agora.",
    "opening_roll": "Dados iniciais: {a} para {first}, {b} para {second}. {starter} começa.",
    "opening_you": "Dados iniciais: {a} para você, {b} para {second}. Você começa.",
    "opening_tie": "Empate nos dados iniciais ({a}–{a}): rolando de novo.",
    "pips": "Pips {n}",
    "pips_label": "Contagem de pips: faltam {n}",
    "score": "Placar",
    "score_match": "Partida de {n}",
    "score_money": "Jogo a dinheiro",
    "crawford": "Jogo Crawford",
    "cube_center": "Cubo de dobra em {value}, no meio: qualquer jogador pode dobrar",
    "cube_yours": "Cubo de dobra em {value}, seu: só você pode dobrar",
    "cube_theirs": "Cubo de dobra em {value}, de {name}: só {name} pode dobrar",
    "cube_owned": "Cubo de dobra em {value}, de {name}",
    "tray_you": "Sua bandeja: {off} retiradas, faltam {left}",
    "tray_of": "Bandeja de {name}: {off} retiradas, faltam {left}",
    "bar_label": "Barra",
    "point_label": "Casa {n}: {desc}",
    "point_empty": "vazia",
    "point_mine": "{n} de {name}",
    "dest_label": "Mover para {to} usando {dice}",
    "off_word": "fora",
    "bar_word": "barra",
    "clock_label": "Relógio: faltam {s} segundos",
    "fingerprint": "Impressão digital dos dados",
    "fingerprint_help": "SHA-256 da semente secreta desta partida; a semente aparece quando o jogo termina.",
    "seed": "Semente",
    "result_single": "simples",
    "result_gammon": "gamão",
    "result_backgammon": "gamão duplo",
    "result_pass": "dobra recusada",
    "wins_points": "{name} ganha {points} {unit} ({kind}).",
    "wins_points_cube": "{name} ganha {points} {unit} ({kind} × cubo em {cube}).",
    "point_unit": "ponto",
    "points_unit": "pontos",
    "match_over": "{name} vence a partida por {a}–{b}.",
    "game_over": "Fim de jogo",
    "you_win": "Você venceu!",
    "you_lose": "O robô venceu.",
    "resumed": "Seu jogo foi restaurado.",
    "corrupt_save": "Não foi possível ler o jogo salvo; um novo jogo começou. O arquivo antigo foi guardado à parte.",
    "ids_title": "IDs da posição",
    "gnubg_id": "ID do GNU Backgammon",
    "position_id": "ID da posição",
    "match_id": "ID da partida",
    "xgid": "XGID",
    "paste_id": "Cole um ID do GNU ou XGID",
    "bad_id": "Esse ID de posição não é reconhecido.",
    "set_up_done": "Posição de treino montada a partir do ID.",
    "copy_failed": "Não foi possível copiar: selecione o texto e copie.",
    "error": "Algo deu errado: {msg}",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "pt": PT}


def pick_language(query_lang: str | None, preferred: Iterable[str] = ()) -> str:
    """The table's language: ``?lang=`` when it names one we have, else Portuguese when the browser prefers
    Portuguese before English, else English."""
    if query_lang:
        code = query_lang.strip().lower()[:2]
        if code in STRINGS:
            return code
    for tag in preferred:
        code = str(tag).strip().lower()[:2]
        if code in STRINGS:
            return code
    return DEFAULT_LANG


class Texts:
    """The strings of one language: ``t(key, **values)``."""

    def __init__(self, lang: str) -> None:
        if lang not in STRINGS:
            raise ValueError(f"unknown language {lang!r}; have {', '.join(LANGS)}")
        self.lang = lang
        self._table = STRINGS[lang]

    @property
    def html_lang(self) -> str:
        """The value for ``<html lang>``."""
        return "pt-BR" if self.lang == "pt" else "en"

    def __call__(self, key: str, **values: object) -> str:
        text = self._table.get(key)
        if text is None:
            text = EN[key]
        return text.format(**values) if values else text
