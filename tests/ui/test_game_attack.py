"""'What if I attack sector X with these ships?': reach, pinning and the battle it opens."""

from __future__ import annotations

import pytest

from blueprints import ShipClass
from calc import parse_battle
from engine.galaxy import free_ships, move_targets
from engine.importers.asynceclipse import load_save
from engine.state import GameState
from tests.support import REPO
from ui.galaxy import SeatStyle
from ui.game_attack import AttackError, attack_battle, attack_position, attack_targets, movers
from ui.game_loader import EXAMPLES, open_example

SAVE = REPO / "engine" / "data" / "examples" / "asynceclipse_small.json"


@pytest.fixture(scope="module")
def save() -> tuple[GameState, dict[int, SeatStyle]]:
    result = load_save(SAVE)
    styles = {s.seat: SeatStyle("#1f77b4", f"{s.colour} player") for s in result.report.seats}
    return result.state, styles


def test_targets_are_the_reachable_sectors_where_a_fight_starts(
    save: tuple[GameState, dict[int, SeatStyle]],
) -> None:
    state, _ = save
    for player in state.players:
        seat = player.seat
        targets = attack_targets(state, seat)
        for where in targets:
            found = movers(state, seat, where)
            assert found, where  # someone can get there
            for m in found:
                assert where in move_targets(
                    state, seat, m.origin, *_mobility(state, seat, m.ship_class)
                )
                sector = state.sector(m.origin)
                assert sector is not None
                assert m.free == free_ships(state, sector, seat)
    # The blue player's interceptor in 222 reaches the Ancients of 104.
    tiles = [state.sector(h).tile for h in attack_targets(state, 0)]  # type: ignore[union-attr]
    assert 104 in tiles


def _mobility(state: GameState, seat: int, cls: ShipClass) -> tuple[int, bool]:
    from engine.actions.move import mobility

    return mobility(state.players[seat], cls)


def test_the_attack_moves_the_chosen_ships_and_opens_that_battle(
    save: tuple[GameState, dict[int, SeatStyle]],
) -> None:
    state, styles = save
    target = next(h for h in attack_targets(state, 0) if state.sector(h).tile == 104)  # type: ignore[union-attr]
    (mover,) = movers(state, 0, target)
    before = state.sector(target)
    assert before is not None
    moves = {(mover.origin, mover.ship_class): 1}
    after = attack_position(state, 0, target, moves)
    there = after.sector(target)
    origin = after.sector(mover.origin)
    assert there is not None and origin is not None
    assert there.ships_of(0, mover.ship_class) == before.ships_of(0, mover.ship_class) + 1
    assert origin.ships_of(0, mover.ship_class) == mover.ships - 1
    due = attack_battle(state, 0, target, moves, styles)
    assert due.doc is not None and due.error is None
    battle, _ = parse_battle(due.doc)
    mine = next(s for s in battle.sides if s.name == "blue player")
    assert mine.ship_count == sum(n for seat, _, n in there.ships if seat == 0)
    assert "2 interceptors, 1 cruiser against 2 Ancients" in due.label


def test_choices_that_cannot_be_made_say_why(
    save: tuple[GameState, dict[int, SeatStyle]],
) -> None:
    state, _ = save
    target = next(h for h in attack_targets(state, 0) if state.sector(h).tile == 104)  # type: ignore[union-attr]
    (mover,) = movers(state, 0, target)
    with pytest.raises(AttackError, match="only"):
        attack_position(state, 0, target, {(mover.origin, mover.ship_class): mover.available + 1})
    with pytest.raises(AttackError, match="at least one"):
        attack_position(state, 0, target, {(mover.origin, mover.ship_class): 0})
    with pytest.raises(AttackError, match="can reach"):
        attack_position(state, 0, target, {(target, ShipClass.DREADNOUGHT): 1})


def test_pinned_ships_stay_behind(save: tuple[GameState, dict[int, SeatStyle]]) -> None:
    """Each opponent ship pins one of the player's ships: the blue player's interceptor and
    cruiser in 104 are pinned by its two Ancients and go nowhere; over the recorded game every
    mover may send exactly its ships beyond the pins."""
    state, _ = save
    pinned = next(s for s in state.sectors if s.tile == 104)
    assert pinned.ships_of(0) == 2 and pinned.ancients == 2
    for where in attack_targets(state, 0):
        assert all(m.origin != pinned.hex for m in movers(state, 0, where))
    game = open_example(next(iter(EXAMPLES)))
    checked = 0
    for state in game.states[::25]:
        for player in state.players:
            for where in attack_targets(state, player.seat)[:2]:
                for m in movers(state, player.seat, where):
                    sector = state.sector(m.origin)
                    assert sector is not None
                    assert m.available == min(m.ships, free_ships(state, sector, player.seat))
                    assert m.available >= 1
                    checked += 1
    assert checked > 10
