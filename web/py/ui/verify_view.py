"""The "Verify a game" page's DOM: texts in English and Portuguese, the verdict, the rolls table, the statistics.

It is given the page's ``document`` and verdicts from ``game.record``; it never decides anything itself. Untrusted
text (names, plays, reasons) is only ever set with ``textContent``. The text functions at the top are pure and are
tested under CPython.
"""
from __future__ import annotations

from .query import parse as parse_qs

LANGS = ("en", "pt")

STRINGS = {
    "en": {
        "doc_title": "Verify a game · Gamão",
        "home": "Gamão",
        "loading": "Loading the verifier…",
        "ready": "Ready: paste a record or open a file.",
        "working": "Checking…",
        "title": "Verify a game",
        "intro": "Every roll of a game comes from a secret seed. You saw its fingerprint when the game started and "
                 "the seed when it ended. Load or paste the game record: this page checks the seed against the "
                 "fingerprint, rolls every die again, and replays every play through the rules. Nothing leaves "
                 "your device.",
        "paste_label": "Paste a game record (JSON)",
        "file_label": "Or open record files",
        "verify": "Verify",
        "review_link": "Review this game, with the bot's analysis",
        "verdict_ok": "Verified: the seed matches its fingerprint, every roll comes from the seed, every play is "
                      "legal and the result is right.",
        "verdict_fail": "Not verified: this record does not check out.",
        "checked_in": "Checked in {ms} ms.",
        "rolls_title": "Every roll",
        "stats_title": "Dice statistics",
        "session_title": "All games checked on this page whose dice match their seeds",
        "col_game": "Game", "col_throw": "Throw", "col_who": "Rolled by", "col_recorded": "In the record",
        "col_derived": "From the seed", "col_verdict": "Verdict",
        "opening": "opening roll", "roll_ok": "matches", "roll_bad": "differs", "roll_unchecked": "not checked",
        "game_n": "Game {n}", "record_n": "Record {n}", "player_n": "player {n}",
        "fingerprint": "Fingerprint", "seed": "Seed", "seed_check": "Seed against fingerprint",
        "seed_ok": "matches", "seed_bad": "does not match", "seed_none": "not revealed",
        "result": "Result", "crawford": "Crawford game",
        "face": "Face", "count": "Count", "expected": "Expected",
        "doubles": "Doubles: {n} of {throws} rolls (about {e} expected).",
        "chi": "Chi-square test of the faces: χ² = {chi} with 5 degrees of freedom, p = {p}.",
        "chi_fair": "That is what fair dice give: nothing unusual.",
        "chi_odd": "Unusual (p < 0.01): fair dice give counts this uneven about {pct}% of the time. With few dice "
                   "this happens; check many games.",
        "chi_few": "Too few dice for a meaningful test (fewer than 60).",
        "session_count": "{games} games, {dice} dice.",
        "session_count_one": "1 game, {dice} dice.",
        "none": "—",
        "where_game": "game {n}", "where_action": "action {n}",
        "result_win": "player {winner} ({name}) wins {points} ({kind})",
        "result_abandoned": "abandoned",
        "kind_single": "single game", "kind_gammon": "gammon", "kind_backgammon": "backgammon",
        "kind_pass": "double passed", "kind_resign": "resigned", "kind_abandoned": "abandoned",
        "kind_claimed": "claimed (the other player left)",
        "match_label": "Open a match file",
        "match_hint": "A .mat match file, as GNU Backgammon, eXtreme Gammon and Backgammon Galaxy export it, or a bgammon.org replay (.match).",
        "match_error": "This match file cannot be read: {why}",
        "verdict_unverified": "The plays, cube actions and results check out, but the dice cannot be verified: "
                              "this match comes from a match file, which has no seed.",
        "seed_unverifiable": "no seed: the dice cannot be verified",
        "result_unfinished": "not finished (the match was still being played)",
    },
    "pt": {
        "doc_title": "Verificar um jogo · Gamão",
        "home": "Gamão",
        "loading": "Carregando o verificador…",
        "ready": "Pronto: cole um registro ou abra um arquivo.",
        "working": "Conferindo…",
        "title": "Verificar um jogo",
        "intro": "Cada lançamento de um jogo vem de uma semente secreta. Você viu a impressão digital dela quando o "
                 "jogo começou e a própria semente quando ele terminou. Carregue ou cole o registro do jogo: esta "
                 "página confere a semente com a impressão digital, lança de novo cada dado e refaz cada jogada "
                 "pelas regras. Nada sai do seu aparelho.",
        "paste_label": "Cole o registro de um jogo (JSON)",
        "file_label": "Ou abra arquivos de registro",
        "verify": "Verificar",
        "review_link": "Revisar este jogo, com a análise do bot",
        "verdict_ok": "Verificado: a semente corresponde à impressão digital, todos os lançamentos vêm da semente, "
                      "todas as jogadas são legais e o resultado está certo.",
        "verdict_fail": "Não verificado: este registro não confere.",
        "checked_in": "Conferido em {ms} ms.",
        "rolls_title": "Todos os lançamentos",
        "stats_title": "Estatísticas dos dados",
        "session_title": "Todos os jogos conferidos nesta página cujos dados conferem com a semente",
        "col_game": "Jogo", "col_throw": "Lançamento", "col_who": "Lançado por", "col_recorded": "No registro",
        "col_derived": "Pela semente", "col_verdict": "Veredito",
        "opening": "lançamento inicial", "roll_ok": "confere", "roll_bad": "diferente", "roll_unchecked": "não conferido",
        "game_n": "Jogo {n}", "record_n": "Registro {n}", "player_n": "jogador {n}",
        "fingerprint": "Impressão digital", "seed": "Semente", "seed_check": "Semente × impressão digital",
        "seed_ok": "corresponde", "seed_bad": "não corresponde", "seed_none": "não revelada",
        "result": "Resultado", "crawford": "Jogo Crawford",
        "face": "Face", "count": "Vezes", "expected": "Esperado",
        "doubles": "Duplas: {n} em {throws} lançamentos (cerca de {e} esperadas).",
        "chi": "Teste qui-quadrado das faces: χ² = {chi} com 5 graus de liberdade, p = {p}.",
        "chi_fair": "É o que dados justos dão: nada fora do comum.",
        "chi_odd": "Incomum (p < 0,01): dados justos dão contagens tão desiguais cerca de {pct}% das vezes. Com "
                   "poucos dados isso acontece; confira muitos jogos.",
        "chi_few": "Poucos dados para um teste com sentido (menos de 60).",
        "session_count": "{games} jogos, {dice} dados.",
        "session_count_one": "1 jogo, {dice} dados.",
        "none": "—",
        "where_game": "jogo {n}", "where_action": "ação {n}",
        "result_win": "jogador {winner} ({name}) ganha {points} ({kind})",
        "result_abandoned": "abandonado",
        "kind_single": "jogo simples", "kind_gammon": "gammon", "kind_backgammon": "backgammon",
        "kind_pass": "dobra recusada", "kind_resign": "desistência", "kind_abandoned": "abandonado",
        "kind_claimed": "reivindicado (o outro jogador saiu)",
        "match_label": "Abrir um arquivo de partida",
        "match_hint": "Um arquivo de partida .mat, como o GNU Backgammon, o eXtreme Gammon e o Backgammon Galaxy o exportam, ou um replay do bgammon.org (.match).",
        "match_error": "Não foi possível ler este arquivo de partida: {why}",
        "verdict_unverified": "As jogadas, as ações do dado de dobra e os resultados conferem, mas os dados não podem "
                              "ser verificados: esta partida vem de um arquivo de partida, que não tem semente.",
        "seed_unverifiable": "sem semente: os dados não podem ser verificados",
        "result_unfinished": "não terminado (a partida ainda estava em andamento)",
    },
}

# Portuguese reasons, by the stable problem code; {placeholders} are the problem's params. English uses the
# verifier's own message.
PROBLEMS_PT = {
    "empty": "Nada para verificar: o registro está vazio.",
    "not_json": "Não é um registro de jogo: o texto não é um objeto JSON válido.",
    "wrong_format": "Não é um registro de jogo do Gamão (formato {found}).",
    "wrong_version": "A versão {found} do registro não é suportada (esta página lê a versão 1).",
    "missing_field": "Falta o campo “{field}” no registro.",
    "bad_field": "O campo “{field}” não é válido.",
    "seed_missing": "A semente não foi revelada, então os dados não podem ser conferidos.",
    "seed_mismatch": "A semente não corresponde à impressão digital.",
    "die_mismatch": "Lançamento {throw}: o registro tem {recorded}, mas a semente dá {derived}.",
    "bad_action": "Ação inválida ({found}).",
    "extra_action": "Ação depois do fim do jogo ({what}).",
    "out_of_order": "Ação fora de ordem ({what}).",
    "wrong_player": "{what} pelo jogador {found}, mas é a vez do jogador {expected}.",
    "illegal_double": "Dobra não permitida.",
    "illegal_beaver": "Beaver, mas beavers não são permitidos neste jogo.",
    "practice_start": "Este jogo começou de uma posição montada (treino), não da inicial: não pode ser verificado.",
    "illegal_play": "Jogador {player} com {dice}: “{play}” não é uma jogada legal.",
    "bad_notation": "Jogador {player} com {dice}: “{play}” não é uma jogada em notação padrão.",
    "result_mismatch": "O resultado registrado não confere com o jogo refeito ({recorded} ≠ {replayed}).",
    "match_result_mismatch": "O placar final registrado ({recorded}) não confere com o jogo refeito ({replayed}).",
    "match_already_over": "A partida já estava decidida antes deste jogo.",
    "internal_error": "Erro interno do verificador.",
}


def pick_lang(search: str, navigator_language: str | None) -> str:
    """``?lang=en|pt`` wins; else Portuguese when the browser's language starts with "pt"; else English."""
    query = parse_qs((search or "").lstrip("?"))
    asked = (query.get("lang") or [""])[0].lower()
    if asked in LANGS:
        return asked
    return "pt" if (navigator_language or "").lower().startswith("pt") else "en"


def t(lang: str, key: str, **values) -> str:
    text = STRINGS.get(lang, STRINGS["en"]).get(key) or STRINGS["en"][key]
    return text.format(**values) if values else text


def problem_text(problem, lang: str) -> str:
    """One reason, in the page's language, with where it happened."""
    message = problem.message
    if lang == "pt" and problem.code in PROBLEMS_PT:
        try:
            message = PROBLEMS_PT[problem.code].format(**problem.params)
        except (KeyError, IndexError):
            message = problem.message  # better English than a text with holes
    where = []
    if problem.game is not None:
        where.append(t(lang, "where_game", n=problem.game + 1))
    if problem.action is not None:
        where.append(t(lang, "where_action", n=problem.action + 1))
    return (", ".join(where) + ": " + message) if where else message


def number(value: float, lang: str, digits: int = 2) -> str:
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "pt" else text


def stats_lines(stats, lang: str) -> list[str]:
    """The sentences under the faces table: doubles, the chi-square test and what it means."""
    lines = [t(lang, "doubles", n=stats.doubles, throws=stats.throws, e=number(stats.doubles_expected, lang, 1))]
    if stats.dice < 60:
        lines.append(t(lang, "chi_few"))
        return lines
    p = stats.p_value
    lines.append(t(lang, "chi", chi=number(stats.chi_square, lang), p=number(p, lang, 4)))
    if p >= 0.01:
        lines.append(t(lang, "chi_fair"))
    else:
        lines.append(t(lang, "chi_odd", pct=number(100 * p, lang, 2)))
    return lines


def pair_text(pair) -> str:
    return f"{pair[0]}-{pair[1]}" if pair else "—"


# --- DOM ----------------------------------------------------------------------------------------------------

class VerifyView:
    """Renders into the elements of web/verify.html."""

    def __init__(self, document, lang: str) -> None:
        self.doc = document
        self.lang = lang

    def el(self, tag: str, text: str | None = None, cls: str | None = None, **attrs):
        node = self.doc.createElement(tag)
        if text is not None:
            node.textContent = text
        if cls:
            node.className = cls
        for name, value in attrs.items():
            node.setAttribute(name.replace("_", "-"), str(value))
        return node

    def byid(self, name: str):
        return self.doc.getElementById(name)

    def t(self, key: str, **values) -> str:
        return t(self.lang, key, **values)

    def translate_page(self) -> None:
        self.doc.documentElement.setAttribute("lang", "pt-BR" if self.lang == "pt" else "en")
        self.doc.title = self.t("doc_title")
        nodes = self.doc.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = self.t(node.getAttribute("data-i18n"))
        home = self.byid("home-link")
        home.setAttribute("href", f"./?lang={self.lang}")

    def status(self, key: str) -> None:
        self.byid("status").textContent = self.t(key)

    def clear(self, node) -> None:
        while node.firstChild:
            node.removeChild(node.firstChild)

    # the whole result
    def render(self, results: list, session_stats, session_games: int, elapsed_ms: float) -> None:
        """``results``: list of (name, record dict or None, Verdict)."""
        ok = all(v.ok for _, _, v in results)
        dice = all(v.dice_verified for _, _, v in results)
        state = "fail" if not ok else "ok" if dice else "unverified"
        box = self.byid("verdict")
        box.setAttribute("data-verdict", state)
        box.setAttribute("data-ms", f"{elapsed_ms:.1f}")
        self.clear(box)
        box.appendChild(self.el("strong", self.t({"ok": "verdict_ok", "fail": "verdict_fail",
                                                  "unverified": "verdict_unverified"}[state])))
        box.appendChild(self.el("span", " " + self.t("checked_in", ms=number(elapsed_ms, self.lang, 0)),
                                cls="elapsed"))
        several = len(results) > 1
        reasons = self.byid("reasons")
        self.clear(reasons)
        for i, (name, _, verdict) in enumerate(results):
            for problem in verdict.problems:
                text = problem_text(problem, self.lang)
                if several:
                    text = f"{name or self.t('record_n', n=i + 1)}: {text}"
                reasons.appendChild(self.el("li", text, cls="reason", data_code=problem.code))
        self.render_games(results)
        self.render_rolls(results)
        stats = None
        for _, _, verdict in results:
            stats = verdict.stats if stats is None else stats.merge(verdict.stats)
        self.render_stats(self.byid("stats"), stats)
        session = self.byid("session")
        self.render_stats(session, session_stats)
        session.insertBefore(self.el("p", self.t("session_count_one" if session_games == 1 else "session_count",
                                                 games=session_games, dice=session_stats.dice)),
                             session.firstChild)
        self.byid("result").hidden = False
        box.focus()

    def render_games(self, results: list) -> None:
        holder = self.byid("games")
        self.clear(holder)
        for ri, (name, data, verdict) in enumerate(results):
            players = (data or {}).get("players") if isinstance(data, dict) else None
            for game in verdict.games:
                title = self.t("game_n", n=game["index"] + 1)
                if len(results) > 1:
                    title = f"{name or self.t('record_n', n=ri + 1)} · {title}"
                section = self.el("section", cls="game")
                section.appendChild(self.el("h3", title))
                dl = self.el("dl")
                fp = game.get("fingerprint")
                self.pair(dl, self.t("fingerprint"), fp, code=True, short=True)
                self.pair(dl, self.t("seed"), game.get("seed"), code=True)
                seed_ok = game.get("seed_ok")
                seed_text = "seed_unverifiable" if game.get("scheme") == "none" else \
                    "seed_ok" if seed_ok else "seed_bad" if seed_ok is False else "seed_none"
                self.pair(dl, self.t("seed_check"), self.t(seed_text), state=str(seed_ok).lower())
                self.pair(dl, self.t("result"), self.result_text(game.get("result"), players))
                if game.get("crawford"):
                    self.pair(dl, self.t("crawford"), "✓")
                section.appendChild(dl)
                holder.appendChild(section)

    def pair(self, dl, term: str, value, code: bool = False, short: bool = False, state: str | None = None) -> None:
        dl.appendChild(self.el("dt", term))
        dd = self.el("dd")
        if state is not None:
            dd.setAttribute("data-state", state)
        if value is None or value == "":
            dd.textContent = self.t("none")
        elif code:
            text = str(value)
            if short and len(text) == 64:
                dd.appendChild(self.el("strong", " ".join(text[i:i + 4] for i in range(0, 16, 4)), cls="short"))
                dd.appendChild(self.el("br"))
            dd.appendChild(self.el("code", text, cls="hex"))
        else:
            dd.textContent = str(value)
        dl.appendChild(dd)

    def result_text(self, result, players) -> str:
        if not isinstance(result, dict):
            return self.t("none")
        kind = result.get("kind")
        if kind == "abandoned":
            return self.t("result_abandoned")
        if kind == "unfinished":
            return self.t("result_unfinished")
        winner = result.get("winner")
        name = ""
        if isinstance(players, list) and winner in (0, 1) and len(players) == 2 and isinstance(players[winner], dict):
            name = str(players[winner].get("name", ""))
        kind_text = self.t(f"kind_{kind}") if kind in ("single", "gammon", "backgammon", "pass", "resign",
                                                          "claimed") \
            else str(kind)
        return self.t("result_win", winner=winner, name=name, points=result.get("points"), kind=kind_text)

    def render_rolls(self, results: list) -> None:
        table = self.byid("rolls")
        self.clear(table)
        head = self.el("thead")
        row = self.el("tr")
        cols = ["col_game", "col_throw", "col_who", "col_recorded", "col_derived", "col_verdict"]
        for key in cols:
            row.appendChild(self.el("th", self.t(key), scope="col"))
        head.appendChild(row)
        table.appendChild(head)
        body = self.el("tbody")
        several = len(results) > 1
        for ri, (name, data, verdict) in enumerate(results):
            players = data.get("players") if isinstance(data, dict) else None
            for r in verdict.rolls:
                state = "ok" if r.ok else ("unchecked" if r.derived is None else "bad")
                tr = self.el("tr", data_roll=state)
                game_label = str(r.game + 1) if not several else f"{ri + 1}.{r.game + 1}"
                tr.appendChild(self.el("td", game_label))
                tr.appendChild(self.el("td", str(r.index + 1)))
                if r.kind == "opening":
                    who = self.t("opening")
                else:
                    who = self.t("player_n", n=r.player)
                    if isinstance(players, list) and r.player in (0, 1) and len(players) == 2 \
                            and isinstance(players[r.player], dict) and players[r.player].get("name"):
                        who += f" · {players[r.player]['name']}"
                tr.appendChild(self.el("td", who))
                tr.appendChild(self.el("td", pair_text(r.recorded)))
                tr.appendChild(self.el("td", pair_text(r.derived)))
                tr.appendChild(self.el("td", ("✓ " if r.ok else "✗ ") + self.t(f"roll_{state}")))
                body.appendChild(tr)
        table.appendChild(body)

    def render_stats(self, holder, stats) -> None:
        self.clear(holder)
        table = self.el("table", cls="faces")
        head = self.el("tr")
        head.appendChild(self.el("th", self.t("face"), scope="row"))
        counts = self.el("tr")
        counts.appendChild(self.el("th", self.t("count"), scope="row"))
        expected = self.el("tr")
        expected.appendChild(self.el("th", self.t("expected"), scope="row"))
        for face in range(6):
            head.appendChild(self.el("th", str(face + 1), scope="col"))
            counts.appendChild(self.el("td", str(stats.faces[face]), data_face=face + 1))
            expected.appendChild(self.el("td", number(stats.dice / 6, self.lang, 1)))
        for row in (head, counts, expected):
            table.appendChild(row)
        holder.appendChild(table)
        for line in stats_lines(stats, self.lang):
            holder.appendChild(self.el("p", line))
