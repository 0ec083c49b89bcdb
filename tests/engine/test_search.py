"""The search bot: sampled worlds that never peek, legal and reproducible estimates, and the bot.

The positions are built by hand in the last round of a two-player game, where a rollout is a
few turns long, so that every search here costs little (budget 0: one rollout per candidate).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from blueprints import ShipClass
from engine.actions.turn import Pass, TakeAction
from engine.discoveries import discovery_index
from engine.enums import ActionKind
from engine.hexes import Hex
from engine.planner import Plan
from engine.rules import apply, legal_actions
from engine.search import ActionEstimate, SearchError, SearchPlayer
from engine.search.analyse import analyse  # the function: the package attribute can be the module
from engine.search.evaluate import margins
from engine.search.worlds import sample_world, unseen_discoveries, unseen_reputation
from engine.state import GameState
from tests.engine.builders import edit, sector, started, with_sector

PLANS = (Plan.MIX, Plan.MIX)


def _last_round(opponent_tiles: tuple[int, ...], opponent_vp: str) -> GameState:
    """Round 8, Terran to act; Planta (seat 1) holds ``opponent_tiles`` of reputation and the
    discovery tile ``opponent_vp`` face down, both out of the bags; Terran holds a 3 and
    ``money_8`` face down."""
    s = started("terran_directorate", "planta")
    s = replace(s, round=8)
    bag = list(s.reputation_bag)
    for v in (*opponent_tiles, 3):
        bag[v - 1] -= 1
    discoveries = list(s.discovery_bag)
    for tile in (opponent_vp, "money_8"):
        discoveries[discovery_index(tile)] -= 1
    s = replace(
        s, reputation_bag=(bag[0], bag[1], bag[2], bag[3]), discovery_bag=tuple(discoveries)
    )
    s = edit(s, 0, reputation=(3,), discovery_vp=("money_8",))
    return edit(s, 1, reputation=opponent_tiles, discovery_vp=(opponent_vp,))


def _pair() -> tuple[GameState, GameState]:
    """Two positions that differ only in what Terran cannot see: Planta's two reputation tiles
    (4s or 1s, the others in the bag) and its facedown discovery tile."""
    return _last_round((4, 4), "science_5"), _last_round((1, 1), "materials_6")


def test_a_sampled_world_deals_only_the_unseen_tiles_again() -> None:
    a, _ = _pair()
    world = sample_world(a, 0, np.random.default_rng(7))
    assert unseen_reputation(world, 0) == unseen_reputation(a, 0)  # the same tiles, dealt anew
    assert unseen_discoveries(world, 0) == unseen_discoveries(a, 0)
    assert len(world.players[1].reputation) == 2 and len(world.players[1].discovery_vp) == 1
    assert sum(world.reputation_bag) == sum(a.reputation_bag)
    assert world.players[0] == a.players[0]  # Terran's own tiles stay
    assert (world.sectors, world.tech_tray, world.pending) == (a.sectors, a.tech_tray, a.pending)
    dealt = {sample_world(a, 0, np.random.default_rng(k)).players[1].reputation for k in range(20)}
    assert len(dealt) > 1  # Planta's tiles really are dealt again


def test_positions_that_differ_only_in_hidden_tiles_give_the_same_worlds() -> None:
    a, b = _pair()
    for k in range(5):
        assert sample_world(a, 0, np.random.default_rng(k)) == sample_world(
            b, 0, np.random.default_rng(k)
        )
    # Planta sees its own tiles: its worlds of the two positions differ.
    assert sample_world(a, 1, np.random.default_rng(0)) != sample_world(
        b, 1, np.random.default_rng(0)
    )


def test_the_search_does_not_peek() -> None:
    """The hidden tiles are worth 6 VP to Planta, so a search that read them would value the
    two positions differently; the search gives the same decision and estimates."""
    a, b = _pair()
    assert margins(a, PLANS) != margins(b, PLANS)
    found_a = analyse(a, 0, think_ms=0, seed=3)
    assert found_a == analyse(b, 0, think_ms=0, seed=3)
    bot_a, bot_b = (
        SearchPlayer(np.random.default_rng(1), 0),
        SearchPlayer(np.random.default_rng(1), 0),
    )
    assert bot_a.choose(a, legal_actions(a)) == bot_b.choose(b, legal_actions(b))
    assert bot_a.searched == 1


def test_estimates_are_legal_reproducible_and_report_progress() -> None:
    a, _ = _pair()
    seen: list[float] = []
    found = analyse(a, 0, think_ms=0, seed=5, progress=seen.append)
    assert found == analyse(a, 0, think_ms=0, seed=5)
    legal = legal_actions(a)
    assert len(found) >= 2 and len({e.action for e in found}) == len(found)
    for e in found:
        assert isinstance(e, ActionEstimate) and e.action in legal
        assert e.samples >= 1 and 0.0 <= e.win_share <= 1.0
    assert [e.value for e in found] == sorted((e.value for e in found), reverse=True)
    assert seen == sorted(seen) and seen[-1] == 1.0
    apply(a, found[0].action)  # the best one plays


def test_a_cancelled_search_stops_at_once() -> None:
    a, _ = _pair()
    found = analyse(a, 0, think_ms=10_000, cancelled=lambda: True)
    assert found and all(e.samples == 0 for e in found)


def test_bad_requests_are_named() -> None:
    a, _ = _pair()
    with pytest.raises(SearchError, match=r"seat 1 is not to act: seat 0 answers next"):
        analyse(a, 1)
    with pytest.raises(SearchError, match=r"seat 5 is not in this game \(seats 0 to 1\)"):
        analyse(a, 5)
    with pytest.raises(SearchError, match=r"think_ms must be a whole number .* not -1"):
        analyse(a, 0, think_ms=-1)
    with pytest.raises(SearchError, match="think_ms"):
        SearchPlayer(np.random.default_rng(0), think_ms=-5)


def test_an_attack_it_wins_outright_is_worth_more_than_passing() -> None:
    """Round 8: four Terran cruisers next to a lone Ancient guarding 2 VP and a discovery tile.
    Moving in takes the sector nine times in ten; passing leaves one reaction (one cruiser,
    which loses), so the attack is worth several VP more in every sample."""
    s = started("terran_directorate", "planta")
    home = s.sector(Hex(0, -2))
    assert home is not None
    s = with_sector(s, sector(Hex(0, -1), 101, rotation=1))  # one Ancient
    s = replace(with_sector(s, replace(home, ships=((0, ShipClass.CRUISER, 4),))), round=8)
    for seed in (0, 1):
        found = {e.action: e for e in analyse(s, 0, think_ms=0, seed=seed)}
        move, passing = found[TakeAction(ActionKind.MOVE)], found[Pass()]
        assert move.value > passing.value + 3.0
