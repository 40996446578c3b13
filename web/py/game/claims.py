"""What a claimed game is worth: the rule both peers and the verifier apply (docs/peer-protocol.md section 5).

A player who leaves must never gain by it, so a game claimed against a silent player scores for the claimant as
much as the claimant could still win:

* the **largest result still possible** (:func:`largest_result`): 1 (single) once the silent player has borne off
  a checker; otherwise 3 (backgammon) while the two sides are still in contact or the silent player has a
  checker on the bar or in the claimant's home board; otherwise 2 (gammon);
* times the cube (its value before a double still waiting for an answer), with the Jacoby rule (money play,
  Jacoby on, cube centred: gammons and backgammons count single);
* in a match, leaving is leaving the match for good: the claimed game is worth at least the points the claimant
  still needs, so the claimant wins the match.

Pure: positions are ``rules.Position`` (or any pair of 26-slot sides), seen by the claimant.
"""
from __future__ import annotations

from typing import Final, Optional, Sequence

__all__ = ["CLAIM_KIND", "largest_result", "claim_points"]

CLAIM_KIND: Final = "claimed"


def largest_result(mine: Sequence[int], theirs: Sequence[int]) -> int:
    """1, 2 or 3: the largest result the claimant (``mine``, 26 slots: 0 borne off, 25 bar, its own numbering)
    can still win against ``theirs`` (the silent player, in *its* own numbering)."""
    if theirs[0] > 0:
        return 1
    # the claimant's checker on its point q meets the other's checker on the other's point p (the claimant's
    # point 25 - p) only while 25 - p < q: the claimant moves down, the other up
    highest_mine = max((q for q in range(1, 26) if mine[q]), default=0)
    lowest_theirs = min((25 - p for p in range(1, 26) if theirs[p]), default=25)
    contact = lowest_theirs < highest_mine
    in_my_home = any(theirs[p] for p in range(19, 26))
    return 3 if contact or in_my_home else 2


def claim_points(mine: Sequence[int], theirs: Sequence[int], cube: int, cube_owner: Optional[int],
                 jacoby: bool, match_length: int, claimant_score: int) -> int:
    """Points of a claimed game (the rule of this module's docstring). ``jacoby`` only counts in money play."""
    result = largest_result(mine, theirs)
    if match_length == 0 and jacoby and cube_owner is None:
        result = 1
    points = result * cube
    if match_length:
        points = max(points, match_length - claimant_score)
    return points
