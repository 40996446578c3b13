"""The sentences around the board, from real game states."""
import dataclasses

import game
from ui import status as S
from ui.i18n import Texts
from game import intents as I

SEED = "ab" * 32  # player 0 opens with 3-1
EN, PT = Texts("en"), Texts("pt")


def bot_table():
    return game.Table(game.Options.against_bot("beginner", seed=SEED, clock=0), now=0)


def two_table(**kw):
    return game.Table(game.Options.two_players(seed=SEED, clock=0, **kw), now=0)


def test_names():
    assert S.seat_names(bot_table().state().seats, EN) == ("You", "Bot (Beginner)")
    assert S.seat_names(two_table().state().seats, EN) == ("White", "Black")
    assert S.seat_names(two_table().state().seats, PT) == ("Brancas", "Pretas")
    assert S.solo(bot_table().state().seats) == 0 and S.solo(two_table().state().seats) is None


def test_opening_notice_and_move_status():
    st = bot_table().state()
    notices = [S.event_notice(e, st.seats, EN) for e in st.events]
    assert "Opening roll: 3 for you, 1 for Bot (Beginner). You start." in notices
    assert S.status_line(st, EN) == "Your move: 3-1."
    assert S.status_line(st, PT) == "Sua jogada: 3-1."


def test_roll_double_take_pass_and_result():
    t = two_table()
    t.apply(I.Move(8, 5)); t.apply(I.Move(6, 5)); t.apply(I.Done())
    st = t.state()
    assert S.status_line(st, EN) == "Black: roll or double."
    st = t.apply(I.Double())
    assert S.status_line(st, EN) == "Black doubles to 2. White: take or pass?"
    st = t.apply(I.Pass())
    assert S.status_line(st, EN) == "Black wins 1 point (double passed)."
    assert S.result_text(st, PT) == "Pretas ganha 1 ponto (dobra recusada)."
    assert S.score_text(st, EN) == "Money game · White 0 – 1 Black"


def test_cube_and_tray_texts():
    t = two_table(match_length=3)
    t.apply(I.Move(8, 5)); t.apply(I.Move(6, 5)); t.apply(I.Done())
    st = t.state()
    assert S.cube_text(st, EN) == "Doubling cube at 1, in the middle: either player may double"
    t.apply(I.Double())
    st = t.apply(I.Take())
    assert S.cube_text(st, EN) == "Doubling cube at 2, owned by White"
    b = bot_table()
    b.apply(I.Move(8, 5)); b.apply(I.Move(6, 5)); b.apply(I.Done())
    while b.pending() is not None:
        b.apply(game.answer_for(b.pending(), game.RandomChooser(double_rate=0)))
    b.apply(I.Double())
    sb = game.drive_bots(b)
    assert (sb.cube, sb.cube_owner) == (2, 1)  # the bot takes an early double
    assert S.cube_text(sb, EN) == "Doubling cube at 2, Bot (Beginner)'s: only Bot (Beginner) can double"
    assert S.tray_text(st, 0, EN) == "White's tray: 0 borne off, 15 to go"
    b = bot_table().state()
    assert S.tray_text(b, 0, EN) == "Your tray: 0 borne off, 15 to go"
    assert S.score_text(st, EN).startswith("Match to 3 · White 0 – 0 Black")


def test_bot_turn_says_thinking():
    t = bot_table()
    t.apply(I.Move(8, 5)); st = t.apply(I.Move(6, 5)); st = t.apply(I.Done())
    assert st.actor == 1
    assert S.status_line(st, EN) == "Bot (Beginner) is thinking…"


def test_no_legal_move_notice():
    ev = game.Event("no_legal_move", player=0, dice=(6, 6))
    seats = bot_table().state().seats
    assert S.event_notice(ev, seats, EN) == "You rolled 6-6: no move is possible, so the turn passes."
    ev = game.Event("no_legal_move", player=1, dice=(5, 5))
    assert S.event_notice(ev, seats, EN) == "Bot (Beginner) rolled 5-5 and cannot move."


def test_result_names_the_cube():
    st = two_table().state()
    from dataclasses import replace
    over = replace(st, phase=game.GAME_OVER, result=game.Result(1, 4, "gammon"))
    assert S.result_text(over, EN) == "Black wins 4 points (gammon × cube at 2)."
    over = replace(st, phase=game.GAME_OVER, result=game.Result(0, 3, "backgammon"))
    assert S.result_text(over, EN) == "White wins 3 points (backgammon)."


def test_cube_and_clock_notices():
    seats = bot_table().state().seats
    assert S.event_notice(game.Event("took", player=1, value=2), seats, EN) == "Bot (Beginner) takes: the cube is at 2."
    assert S.event_notice(game.Event("passed", player=1), seats, EN) == "Bot (Beginner) passes."
    assert S.event_notice(game.Event("clock_expired", player=0, phase="move"), seats, EN) == \
        "Your time ran out: the table plays for you."
    assert S.event_notice(game.Event("moved", player=0, frm=8, to=5), seats, EN) == ""


def test_the_other_sides_play_is_told():
    seats = bot_table().state().seats
    ev = game.Event("played", player=1, dice=(6, 5), notation="24/13")
    assert S.event_notice(ev, seats, EN) == "Bot (Beginner) played 6-5: 24/13."
    assert S.event_notice(game.Event("played", player=0, dice=(6, 5), notation="24/13"), seats, EN) == ""


def test_the_rules_in_play_are_on_the_score_line_and_a_beaver_is_told():
    t = two_table(jacoby=True, beavers=True)
    assert S.score_text(t.state(), EN) == "Money game · Jacoby rule · Beavers · White 0 – 0 Black"
    assert S.score_text(t.state(), PT).startswith("Jogo a dinheiro · Regra de Jacoby · Beavers · ")
    assert S.score_text(two_table(jacoby=True).state(), EN) == "Money game · Jacoby rule · White 0 – 0 Black"
    t.apply(I.Move(8, 5)); t.apply(I.Move(6, 5)); t.apply(I.Done())
    t.apply(I.Double())
    assert t.state().can_beaver
    st = t.apply(I.Beaver())
    assert (st.cube, st.cube_owner) == (4, 0)
    notices = [S.event_notice(e, st.seats, EN) for e in st.events]
    assert "White beavers: the cube is at 4." in notices
    assert not two_table().state().can_beaver  # without beavers: take or pass only
    assert "Jacoby" not in S.score_text(two_table(match_length=3).state(), EN)


def test_a_match_says_its_crawford_game_and_the_games_after_it():
    t = two_table(match_length=3)
    assert S.score_text(t.state(), EN) == "Match to 3 · White 0 – 0 Black"
    st = dataclasses.replace(t.state(), crawford=True)
    assert S.score_text(st, EN) == "Match to 3 · Crawford game · White 0 – 0 Black"
    st = dataclasses.replace(t.state(), post_crawford=True)
    assert S.score_text(st, EN) == "Match to 3 · after the Crawford game · White 0 – 0 Black"
    assert S.score_text(st, PT).startswith("Partida de 3 · depois do jogo Crawford")


def test_resignation_sentences_in_both_languages():
    t = two_table()
    t.apply(I.Resign(2))  # White, moving after the opening roll, offers a gammon
    st = t.state()
    assert S.status_line(st, EN) == "White offers Black to resign: a gammon, 2 points. Black: accept or decline."
    assert S.status_line(st, PT) == ("Brancas oferece a Pretas desistir: um gammon, 2 pontos. Pretas: aceite ou "
                                     "recuse.")
    assert [S.event_notice(e, st.seats, EN) for e in st.events] == ["White offers to resign: a gammon, 2 points."]
    st = t.apply(I.DeclineResign())
    assert S.status_line(st, EN).startswith("Black declines the resignation (a gammon): the game goes on. White")
    b = bot_table()
    b.apply(I.Resign(1))
    st = b.state()
    assert S.status_line(st, EN) == "Bot (Beginner) is deciding on the resignation…"
    assert S.event_notice(st.events[0], st.seats, EN) == "You offer to resign: a single game, 1 point."
    st = b.apply(st.pending.intent("accept"))
    assert S.status_line(st, EN) == ("Bot (Beginner) accepts the resignation. Bot (Beginner) wins 1 point "
                                     "(resignation).")
    assert S.status_line(st, PT).startswith("Robô (Iniciante) aceita a desistência.")


def test_a_resignation_offered_to_the_person_at_this_device():
    opts = game.Options.against_bot("beginner", seed=SEED, clock=0)
    side = lambda d: tuple(d.get(i, 0) for i in range(26))  # noqa: E731
    t = game.Table.practice(opts, (side({1: 1, 0: 14}), side({1: 15})), game.table.rules.MatchState(), 1)
    st = t.apply(t.pending().intent("resign 1"))
    assert st.can_answer_resign and S.offer_text(st, EN) == ("Bot (Beginner) offers to resign: a single game, "
                                                             "1 point to you. Accept or decline.")
    st = t.apply(I.DeclineResign())
    assert S.status_line(st, EN).startswith("You decline the resignation: the game goes on.")
