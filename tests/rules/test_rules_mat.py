"""``.mat`` files: written matches read back to the same moves; GNU Backgammon style parses."""

import random

import pytest

import rules
from rules import MatAction, MatFormatError, MatGame, MatMatch, MatchState, Position


def random_match(seed: int, length: int = 5, max_games: int = 6) -> MatMatch:
    """A random but legal match: random plays, doubles, takes and drops, Crawford respected."""
    rng = random.Random(seed)
    state = MatchState(length=length)
    games = []
    while not state.is_over and len(games) < max_games:
        start_score = state.score
        while True:
            d0, d1 = rng.randint(1, 6), rng.randint(1, 6)
            starter = rules.opening_roll(d0, d1)
            if starter is not None:
                break
        turn = starter
        pos = Position.initial()
        actions = []
        dice = (d0, d1)
        winner = points = None
        cube_state = state
        for _ in range(400):
            if dice is None:
                if cube_state.can_double(turn) and rng.random() < 0.05:
                    newv = cube_state.cube * 2
                    actions.append(MatAction(turn, "double", value=newv))
                    if rng.random() < 0.3:
                        actions.append(MatAction(1 - turn, "drop"))
                        winner, points = turn, cube_state.cube
                        break
                    actions.append(MatAction(1 - turn, "take"))
                    cube_state = cube_state.take(turn)
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = rules.legal_plays(pos, dice)
            play, res = rng.choice(plays) if plays else ((), pos)
            actions.append(MatAction(turn, "roll", dice, play))
            dice = None
            if res.is_over():
                winner, points = turn, cube_state.points_for(res.winner_kind())
                break
            pos = res.swapped()
            turn = 1 - turn
        else:
            winner, points = turn, 1  # resignation of a very long game
        games.append(MatGame(start_score, tuple(actions), winner, points))
        state = state.after_game(winner, points)
    return MatMatch(length=length, players=("Alice", "gnubg"), games=tuple(games),
                    tags=(("Site", "Gamão"), ("EventDate", "2025.01.02")))


def replay_positions(game: MatGame):
    pos = None
    out = []
    for a in game.actions:
        if a.kind != "roll":
            continue
        if pos is None:
            pos = Position.initial()
        t = rules.Turn(pos, a.dice)
        for s in a.play:
            t = t.apply_step(s)
        out.append(t.position)
        pos = t.position.swapped()
    return out


@pytest.mark.parametrize("seed", range(12))
def test_written_match_reads_back_to_the_same_moves(seed):
    m = random_match(seed, length=random.Random(seed).choice([1, 3, 5, 7]))
    text = rules.write_mat(m)
    back = rules.read_mat(text)
    assert (back.length, back.players, back.tags) == (m.length, m.players, m.tags)
    assert len(back.games) == len(m.games)
    for g, b in zip(m.games, back.games):
        assert (b.score, b.winner, b.points) == (g.score, g.winner, g.points)
        assert [(a.player, a.kind, a.dice, a.value) for a in b.actions] == \
               [(a.player, a.kind, a.dice, a.value) for a in g.actions]
        assert replay_positions(b) == replay_positions(g)
        assert [rules.format_play(a.play) for a in b.actions] == [rules.format_play(a.play) for a in g.actions]
    # writing what was read gives the same text
    assert rules.write_mat(back) == text


def test_layout_is_gnubg_columns():
    m = random_match(3, 5, 1)
    lines = rules.write_mat(m).splitlines()
    assert ' 5 point match' in lines
    assert lines[lines.index(" Game 1") + 1].startswith(" Alice : 0")
    assert lines[lines.index(" Game 1") + 1].index("gnubg : 0") == 32
    rows = [ln for ln in lines if ln[:5].strip().endswith(")")]
    for ln in rows:
        assert ln[3:5] == ") "
        if len(ln) > 33 and ln[33] != " ":
            assert ln[32] == " "  # right cell starts at column 33


GNUBG_STYLE = """\
; [Site "GNU Backgammon"]
; [Player 1 "gnubg"]
; [Player 2 "Alice"]
; [EventDate "2024.05.01"]

 3 point match

 Game 1
 gnubg : 0                      Alice : 0
  1)                             31: 8/5 6/5
  2) 64: 24/18 13/9               Doubles => 2
  3)  Drops                       Wins 1 point

 Game 2
 gnubg : 0                      Alice : 1
  1) 52: 13/8 13/11              43: 24/20 13/10
  2) 66: 24/18 24/18 13/7 13/7    Doubles => 2
  3)  Takes                      55: 13/3(2)
  4) 21: 7/5 7/6                 
                                  Wins 4 points
"""


def test_gnubg_style_file_parses():
    m = rules.read_mat(GNUBG_STYLE)
    assert m.length == 3 and m.players == ("gnubg", "Alice")
    assert dict(m.tags)["EventDate"] == "2024.05.01"
    g1, g2 = m.games
    assert [(a.player, a.kind) for a in g1.actions] == [(1, "roll"), (0, "roll"), (1, "double"), (0, "drop")]
    assert (g1.winner, g1.points) == (1, 1)
    assert g1.actions[0].dice == (3, 1) and rules.format_play(g1.actions[0].play) == "8/5(2)" or \
        rules.format_play(g1.actions[0].play) == "8/5 6/5"
    assert g2.score == (0, 1)
    assert [(a.player, a.kind) for a in g2.actions] == [
        (0, "roll"), (1, "roll"), (0, "roll"), (1, "double"), (0, "take"), (1, "roll"), (0, "roll"),
        (0, "resign")]
    assert (g2.winner, g2.points) == (1, 4)  # a resignation accepted (gammon x cube 2)
    assert g2.actions[-1].value == 4
    assert rules.format_play(g2.actions[2].play) == "24/18(2) 13/7(2)"


SNOWIE_COLUMNS = """\
 5 point match

 Game 1
 DianaIN : 0                         bgnori : 0
  1) 31: 8/5 6/5                     41: 24/23 13/9
  2) 62: 24/18 13/11                 55: Cannot Move
"""


def test_other_column_widths_and_cannot_move():
    # bgnori's 55 is legal here, so "Cannot Move" must be refused...
    with pytest.raises(MatFormatError, match="line 6"):
        rules.read_mat(SNOWIE_COLUMNS)
    ok = SNOWIE_COLUMNS.replace("55: Cannot Move", "55: 13/8(2) 6/1(2)")
    m = rules.read_mat(ok)
    g = m.games[0]
    assert [(a.player, a.dice) for a in g.actions] == [(0, (3, 1)), (1, (4, 1)), (0, (6, 2)), (1, (5, 5))]
    assert g.winner is None and m.players == ("DianaIN", "bgnori")


@pytest.mark.parametrize("text,message", [
    ("", "point match"),
    (" 3 point match\n\n Game 2\n a : 0   b : 0\n", "game 1 was expected"),
    (" 3 point match\n\n Game 1\n a and b\n", "score line"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n  1) 31: 8/3\n", "illegal play"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n  1) 31: 8/x 6/5\n", "line 5"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n  1) Hello there\n", "cannot read"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5                 Doubles => 4\n", "line 5: doubles to 4, expected 2"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5                 Doubles => 2\n\n Game 2\n a : 0                          b : 0\n",
     "line 5: game 1 ends with an unanswered double"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5\n  2) 42: 8/4 6/4\n", "out of turn"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1)  Doubles => 2\n", "line 5: a double before the opening roll"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1)  Takes\n", "without a double"),
])
def test_bad_mat_files_name_the_problem(text, message):
    with pytest.raises(MatFormatError, match=message):
        rules.read_mat(text)


def _plain(g: MatGame) -> tuple:
    return (g.score, g.winner, g.points,
            [(a.player, a.kind, a.dice, rules.format_play(a.play), a.value) for a in g.actions])


MONEY_BEAVER = """\
 0 point match

 Game 1
 Ana : 0                        Bia : 0
  1) 31: 8/5 6/5                 Doubles => 2
  2)  Beavers => 4               52: 13/8 13/11
  3)  Doubles => 8                Drops
      Wins 4 points
"""

# the beaver as a redouble by the doubled player and the doubler's take (GNU Backgammon's reader takes a
# double while a double waits as a beaver; the export.c of its source writes a beaver so)
REDOUBLE_BEAVER = MONEY_BEAVER.replace(
    "  2)  Beavers => 4               52: 13/8 13/11",
    "  2)  Doubles => 4                Takes\n  3)                             52: 13/8 13/11").replace(
    "  3)  Doubles => 8", "  4)  Doubles => 8")


@pytest.mark.parametrize("text", [MONEY_BEAVER, REDOUBLE_BEAVER], ids=["beavers-row", "redouble-and-take"])
def test_a_beaver_reads_as_the_beaverer_owning_the_cube_at_4x(text):
    g = rules.read_mat(text).games[0]
    assert [(a.player, a.kind, a.value) for a in g.actions if a.kind != "roll"] == [
        (1, "double", 2), (0, "beaver", 4), (0, "double", 8), (1, "drop", 0)]
    assert (g.winner, g.points) == (0, 4)


def test_a_beaver_is_written_as_gnubg_writes_it_and_reads_back():
    m = rules.read_mat(MONEY_BEAVER)
    text = rules.write_mat(m)
    assert "  2)  Beavers => 4" in text
    assert _plain(rules.read_mat(text).games[0]) == _plain(m.games[0])


def test_a_left_drop_shares_its_row_with_the_win():
    text = rules.write_mat(rules.read_mat(GNUBG_STYLE))
    assert "  3)  Drops                       Wins 1 point\n" in text


@pytest.mark.parametrize("bad, why", [
    (MONEY_BEAVER.replace(" 0 point match", " 5 point match"), "a beaver in a match"),
    (MONEY_BEAVER.replace("Beavers => 4", "Beavers => 8"), "beavers to 8, expected 4"),
])
def test_wrong_beavers_are_refused_with_the_line(bad, why):
    with pytest.raises(MatFormatError, match=f"line 6: {why}"):
        rules.read_mat(bad)


ROLL_THEN_RESIGN = """\
 1 point match

 Game 1
 Ana : 0                        Bia : 0
  1) 31: 8/5 6/5                 44: 
      Wins 2 points
"""


def test_a_roll_followed_by_a_resignation_reads_as_gnubg_writes_it():
    g = rules.read_mat(ROLL_THEN_RESIGN).games[0]
    assert [(a.player, a.kind, a.dice, a.play, a.value) for a in g.actions[1:]] == [
        (1, "roll", (4, 4), (), 0), (1, "resign", (), (), 2)]
    assert (g.winner, g.points) == (0, 2)
    assert _plain(rules.read_mat(rules.write_mat(rules.read_mat(ROLL_THEN_RESIGN))).games[0]) == _plain(g)


def test_a_roll_with_no_move_and_no_resignation_is_refused_when_it_could_move():
    text = ROLL_THEN_RESIGN.replace("      Wins 2 points\n", "  2) 52: 13/8 13/11\n")
    with pytest.raises(MatFormatError, match="line 5: 44 with no move, but there are legal plays"):
        rules.read_mat(text)
